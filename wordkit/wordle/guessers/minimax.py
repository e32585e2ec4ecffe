"""Minimise the worst case: the largest bucket a guess can leave."""

from __future__ import annotations

from dataclasses import dataclass

from wordkit.wordle import partitions
from wordkit.wordle.guessers.base import Decision, PartitionGuesser, best_by, decision
from wordkit.wordle.rules import State


@dataclass(eq=False)
class MinimaxGuesser(PartitionGuesser):
    """Minimise the largest bucket (worst case), then the expected size."""

    name: str = "minimax"

    def pick(self, state: State) -> Decision:
        """The guess whose largest bucket is smallest."""
        game, rows, rem = state.game, state.legal_rows, state.remaining
        sizes = partitions.bucket_sizes(game, rows, rem)
        worst = partitions.largest(sizes)
        possible = partitions.in_remaining(game, rows, rem)
        i = best_by([worst, partitions.sum_squares(sizes), ~possible])
        return decision(game, rows[i], float(worst[i]), "largest bucket")
