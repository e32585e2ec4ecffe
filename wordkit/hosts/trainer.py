"""Seed 003's trainer for both games: the expected list size a guess leaves, against the AI's.

The expected remaining list size of a guess is the sum of its squared bucket (family) sizes
divided by the number of possibilities: the size of the list you expect to be left with.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordkit.games.hangman import HangmanState, Ids, candidate_ids, letter_code
from wordkit.games.wordle import History, Pattern, Wordle, consistent
from wordkit.hangman_lexicon import Pool
from wordkit.hosts.guessers import open_codes_of
from wordkit.strategies.wordle import ExpectedSize, allowed_rows, partition_counts


@dataclass(frozen=True, slots=True)
class Advice:
    """Possibilities before the guess (and after, once answered), the guess's and the AI's size."""

    remaining: int
    left: int | None
    guess: str
    expected: float
    best: str
    best_expected: float


def expected_size(sizes: np.ndarray) -> float:
    """Sum of squared bucket sizes over their total (0 for no possibility)."""
    total = int(sizes.sum())
    return float((sizes.astype(np.int64) ** 2).sum()) / total if total else 0.0


# --- Wordle ---------------------------------------------------------------------------------


def wordle_expected(game: Wordle, remaining: np.ndarray, guess: str) -> float:
    """The expected remaining list size after guessing `guess`."""
    row = game.check_guess(guess)
    counts = partition_counts(game, np.array([row]), remaining)[0]
    return expected_size(counts)


def wordle_advice(
    game: Wordle,
    history: History,
    guess: str,
    *,
    pattern: Pattern | None = None,
    hard: bool = False,
) -> Advice:
    """Seed 003's trainer line for `guess` after `history` (with `pattern` once it is known)."""
    remaining = consistent(game, history)
    rows = allowed_rows(game, history, hard)
    choice = ExpectedSize().choose(game, remaining, rows, len(history) + 1)
    left = None
    if pattern is not None:
        row = game.check_guess(guess)
        left = int((game.matrix[row, remaining] == pattern).sum())
    return Advice(
        remaining=len(remaining),
        left=left,
        guess=guess.strip().lower(),
        expected=wordle_expected(game, remaining, guess),
        best=game.guesses[choice.guess],
        best_expected=choice.score,
    )


# --- Hangman --------------------------------------------------------------------------------


def letter_expected_sizes(pool: Pool, ids: Ids, codes: Ids) -> np.ndarray:
    """Expected candidates left after each letter of `codes` (families by position bitmask)."""
    positions = pool.lexicon.enc.positions[ids][:, codes]
    out = np.zeros(len(codes))
    for col in range(len(codes)):
        _, sizes = np.unique(positions[:, col], return_counts=True)
        out[col] = expected_size(sizes)
    return out


def move_expected(pool: Pool, ids: Ids, move: str) -> float:
    """Expected candidates left after a letter or a whole-word guess."""
    if len(move) == 1:
        return float(letter_expected_sizes(pool, ids, np.array([letter_code(move)]))[0])
    words = pool.lexicon.enc.words
    hit = sum(words[i] == move for i in ids)
    return expected_size(np.array([hit, len(ids) - hit]))


def best_letter(pool: Pool, ids: Ids, state: HangmanState) -> tuple[str, float]:
    """The open letter leaving the fewest candidates expected (ties: most held, alphabetical)."""
    codes = open_codes_of(state)
    if not len(codes):
        return "", float(len(ids))
    sizes = letter_expected_sizes(pool, ids, codes)
    holding = (pool.lexicon.enc.positions[ids][:, codes] != 0).sum(axis=0)
    pick = int(np.lexsort((codes, -holding, np.round(sizes, 9)))[0])
    return chr(97 + int(codes[pick])), float(sizes[pick])


def hangman_advice(
    pool: Pool, state: HangmanState, move: str, *, after: HangmanState | None = None
) -> Advice:
    """The trainer line for `move` in `state` (with the candidates left once `after` is known)."""
    enc = pool.lexicon.enc
    ids = candidate_ids(enc, pool.ids, state)
    move = move.strip().lower()
    best, best_size = best_letter(pool, ids, state)
    if len(ids) == 1:
        best, best_size = enc.words[int(ids[0])], 1.0
    left = None if after is None else len(candidate_ids(enc, ids, after))
    return Advice(
        remaining=len(ids),
        left=left,
        guess=move,
        expected=move_expected(pool, ids, move),
        best=best,
        best_expected=best_size,
    )
