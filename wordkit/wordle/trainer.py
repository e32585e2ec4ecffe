"""The trainer: the expected list size a guess leaves, against the AI's.

The expected remaining list size of a guess is the sum of its squared bucket sizes divided by
the number of answers left: the size of the list you expect to be left with.
"""

from __future__ import annotations

from wordkit.trainer import Advice
from wordkit.wordle.guessers.base import Guesser
from wordkit.wordle.guessers.expected_size import ExpectedSizeGuesser
from wordkit.wordle.play import expected_left
from wordkit.wordle.rules import State


def advice(
    state: State, row: int, after: State | None = None, advisor: Guesser | None = None
) -> Advice:
    """The trainer line for guess `row` in `state` (with the answers left once `after` is
    known), against `advisor`'s guess (default: the expected-size rule); both guesses are
    measured alike, by `expected_left`, as `solve wordle --review` measures them."""
    best = (advisor or ExpectedSizeGuesser())(state)
    return Advice(
        remaining=len(state.remaining),
        left=None if after is None else len(after.remaining),
        guess=state.game.guesses[row],
        expected=expected_left(state, row),
        best=best.word,
        best_expected=expected_left(state, best.row),
    )
