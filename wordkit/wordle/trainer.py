"""The Node.js Wordle AI's trainer: the expected list size a guess leaves, against the AI's.

The expected remaining list size of a guess is the sum of its squared bucket sizes divided by
the number of answers left: the size of the list you expect to be left with.
"""

from __future__ import annotations

import numpy as np

from wordkit.trainer import Advice
from wordkit.wordle import partitions
from wordkit.wordle.guessers.expected_size import ExpectedSizeGuesser
from wordkit.wordle.rules import State


def advice(state: State, row: int, after: State | None = None) -> Advice:
    """The trainer line for guess `row` in `state` (with the answers left once `after` is known)."""
    best = ExpectedSizeGuesser().pick(state)
    expected = partitions.expected_size(state.game, np.array([row]), state.remaining)[0]
    return Advice(
        remaining=len(state.remaining),
        left=None if after is None else len(after.remaining),
        guess=state.game.guesses[row],
        expected=float(expected),
        best=best.word,
        best_expected=best.score,
    )
