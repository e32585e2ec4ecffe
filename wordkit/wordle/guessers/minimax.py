"""Minimise the worst case: the largest bucket a guess can leave."""

from __future__ import annotations

from dataclasses import dataclass

from wordkit.wordle import partitions
from wordkit.wordle.guessers.base import Decision, PartitionGuesser, best_decision
from wordkit.wordle.rules import State


@dataclass(eq=False)
class MinimaxGuesser(PartitionGuesser):
    """Minimise the largest bucket (worst case), then the expected size; under a prior, the
    heaviest bucket's mass, then the expected mass."""

    name: str = "minimax"

    def pick(self, state: State) -> Decision:
        """The guess whose largest bucket is smallest."""
        game, rows, rem = state.game, state.legal_rows, state.remaining
        if game.weighted:  # rounded: float noise must not break ties of equal partitions
            masses = partitions.pattern_masses(game, rows, rem)
            heaviest = partitions.largest(masses).round(12)
            keys = [heaviest, partitions.mass_left(masses).round(12)]
            return best_decision(state, rows, keys, heaviest, "heaviest bucket")
        sizes = partitions.bucket_sizes(game, rows, rem)
        worst = partitions.largest(sizes)
        keys = [worst, partitions.sum_squares(sizes)]
        return best_decision(state, rows, keys, worst, "largest bucket")
