"""The Node.js Wordle AI's rule: minimise the expected size of the list left."""

from __future__ import annotations

from dataclasses import dataclass

from wordkit.wordle import partitions
from wordkit.wordle.guessers.base import Decision, PartitionGuesser, best_by, decision
from wordkit.wordle.rules import State


@dataclass(eq=False)
class ExpectedSizeGuesser(PartitionGuesser):
    """Minimise the expected remaining list size, sum(bucket²)/n; ties: a possible answer."""

    name: str = "expected-size"

    def pick(self, state: State) -> Decision:
        """The guess with the least sum of squared bucket sizes, preferring possible answers."""
        game, rows, rem = state.game, state.legal_rows, state.remaining
        ss = partitions.sum_squares(partitions.bucket_sizes(game, rows, rem))
        i = best_by([ss, ~partitions.in_remaining(game, rows, rem)])
        return decision(game, rows[i], float(ss[i]) / len(rem), "expected list size")
