"""Minimise the expected size of the list left."""

from __future__ import annotations

from dataclasses import dataclass

from wordkit.wordle import partitions
from wordkit.wordle.guessers.base import Decision, PartitionGuesser, best_decision
from wordkit.wordle.rules import State


@dataclass(eq=False)
class ExpectedSizeGuesser(PartitionGuesser):
    """Minimise the expected remaining list size, sum(bucket²)/n; ties: a possible answer.
    Under a prior: the expected remaining prior mass, Σ mass², shown as answers (× n)."""

    name: str = "expected-size"

    def pick(self, state: State) -> Decision:
        """The guess with the least sum of squared bucket sizes, preferring possible answers."""
        game, rows, rem = state.game, state.legal_rows, state.remaining
        if game.weighted:  # the expected mass left, shown as answers (× n)
            left = partitions.expected_mass(game, rows, rem)
            return best_decision(
                state, rows, [left.round(12)], left * len(rem), "expected list size"
            )
        ss = partitions.sum_squares(partitions.bucket_sizes(game, rows, rem))
        return best_decision(state, rows, [ss], ss / len(rem), "expected list size")
