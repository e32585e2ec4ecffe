"""The trainer: the expected candidates a move leaves, against the advisor's move.

The expected remaining list size of a move is the sum of its squared family sizes divided by the
number of candidates: the size of the list you expect to be left with. The advisor that answers
the trainer is the one that answers a hint, so both always name the same move.
"""

from __future__ import annotations

import numpy as np

from wordkit.game import fold_word
from wordkit.hangman.board import Board, Guesser
from wordkit.hangman.partitions import letter_expected_sizes, word_expected_size
from wordkit.hangman.rules import State, candidate_ids, letter_code
from wordkit.trainer import Advice

ADVISOR = "expected-size"
"""The strategy behind hints and the trainer."""


def advisor() -> Guesser:
    """The guesser that gives hints and the trainer's recommendation."""
    from wordkit.hangman.guessers import make_guesser

    return make_guesser(ADVISOR)


def move_expected(board: Board, move: str) -> float:
    """Expected candidates left after a letter or a whole-word guess."""
    enc = board.pool.lexicon.enc
    if len(move) == 1:
        codes = np.array([letter_code(move)], dtype=np.int64)
        return float(letter_expected_sizes(enc, board.ids, codes)[0])
    return word_expected_size(enc, board.ids, move)


def advice_for(
    board: Board, move: str, *, after: State | None = None, guide: Guesser | None = None
) -> Advice:
    """The trainer line for `move` on `board` (with the candidates left once `after` is known)."""
    move = fold_word(move)
    best = (guide or advisor())(board).move
    left = None if after is None else len(candidate_ids(board.pool.lexicon.enc, board.ids, after))
    return Advice(
        remaining=len(board.ids),
        left=left,
        guess=move,
        expected=move_expected(board, move),
        best=best,
        best_expected=move_expected(board, best),
    )
