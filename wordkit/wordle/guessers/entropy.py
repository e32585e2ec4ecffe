"""Maximise the expected information of the feedback; finish small sets exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from wordkit.wordle.guessers.base import Decision, PartitionGuesser, most_informative
from wordkit.wordle.guessers.optimal import Searches, exact_choice
from wordkit.wordle.guessers.weighted import WeightedSearches, weighted_choice
from wordkit.wordle.rules import MAX_GUESSES, State
from wordkit.wordle.search import SearchTimeout


@dataclass(eq=False)
class EntropyGuesser(PartitionGuesser):
    """Maximise the expected information of the feedback; finish small sets exactly.

    With more than `exact_upto` answers left: the guess with the most expected bits (ties:
    a possible answer). Bits ignore the chance of winning at once and the turns left, which
    matter most near the end, so with at most `exact_upto` answers left it plays the first
    guess of the least-total tree solving them within the turns left (exact search, a few
    ms at that size); 0 gives pure entropy. 50 bounds the cost, it is not fitted: from
    SALET, k = 30…200 average 3.4294…3.4255 on the reference lists (pure 3.4324); see
    bench/wordle.py.

    Under a prior (lists that never dead-end) the bits are weighted by it, and the endgame
    is the weighted search (wordkit.wordle.guessers.weighted): the fewest expected guesses
    under the prior rather than the least total.
    """

    timed: ClassVar[bool] = True

    name: str = "entropy"
    exact_upto: int = 50
    max_guesses: int | None = MAX_GUESSES
    uses_turn: ClassVar[bool] = True  # the exact endgame needs the turns left
    searches: Searches = field(default_factory=dict, repr=False)
    weighted: WeightedSearches = field(default_factory=dict, repr=False)

    def pick(self, state: State) -> Decision:
        """The guess with the most expected bits, or the exact endgame's guess."""
        if len(state.remaining) <= self.exact_upto:
            try:
                if state.game.weighted:
                    return weighted_choice(self.weighted, state, self.max_guesses, self.deadline())
                return exact_choice(self.searches, state, self.max_guesses, self.deadline())
            except SearchTimeout:
                return self.timed_out(state)
        return most_informative(state)
