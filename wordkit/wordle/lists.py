"""Wordle word lists: the built-in tables, files, `--length` words of `english`, and the game
context (both lists, their pattern matrix and lookups)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

import numpy as np

from wordkit import tables
from wordkit.errors import GameStateError, RangeError
from wordkit.wordle.matrix import Matrix, letter_array, lists_key, pattern_matrix
from wordkit.wordle.rules import (
    Pattern,
    UnknownWordError,
    Word,
    WordLengthError,
    all_green,
    word_length,
)

COMMON = 1e-6  # Zipf 3: the answer pool when --length picks words from the english table
LENGTHS = range(2, 16)


DEFAULT_LENGTH = 5
"""The length played when a table of many lengths is given without --length."""


@dataclass(frozen=True, eq=False)
class Wordle:
    """A Wordle variant: allowed guesses, possible answers and their pattern matrix."""

    guesses: tuple[Word, ...]
    answers: tuple[Word, ...]
    matrix: Matrix = field(repr=False)

    @cached_property
    def length(self) -> int:
        """The word length."""
        return word_length(self.guesses, self.answers)

    @cached_property
    def win(self) -> Pattern:
        """The all-green pattern."""
        return all_green(self.length)

    @cached_property
    def guess_index(self) -> dict[Word, int]:
        """Row of each allowed guess."""
        return {w: i for i, w in enumerate(self.guesses)}

    @cached_property
    def answer_index(self) -> dict[Word, int]:
        """Column of each possible answer."""
        return {w: i for i, w in enumerate(self.answers)}

    @cached_property
    def answer_rows(self) -> np.ndarray:
        """The guess row of each answer (answers are always allowed guesses)."""
        return np.array([self.guess_index[w] for w in self.answers], dtype=np.int64)

    @cached_property
    def matrix_t(self) -> Matrix:
        """The transposed matrix, contiguous: a subset's columns become rows."""
        return np.ascontiguousarray(self.matrix.T)

    @cached_property
    def guess_letters(self) -> np.ndarray:
        """(guesses, length) array of letter codes shared with `letter_counts`."""
        return letter_array(self.guesses)

    @cached_property
    def alphabet(self) -> dict[str, int]:
        """Letter → code used in `guess_letters`."""
        letters = sorted(set("".join(self.guesses)))
        return {c: i for i, c in enumerate(letters)}

    @cached_property
    def letter_counts(self) -> np.ndarray:
        """(guesses, alphabet) count of each letter in each guess."""
        g = self.guess_letters
        counts = np.zeros((len(g), len(self.alphabet)), dtype=np.uint8)
        for i in range(self.length):
            np.add.at(counts, (np.arange(len(g)), g[:, i]), 1)
        return counts

    @cached_property
    def letter_masks(self) -> dict[tuple[int, str], np.ndarray]:
        """Masks over the guesses, built on demand (the hard-mode rule reuses them):
        (position, letter) for that letter there, (-k, letter) for at least k copies."""
        return {}

    def letter_mask(self, position: int, letter: str) -> np.ndarray:
        """Guesses with `letter` at `position`."""
        mask = self.letter_masks.get((position, letter))
        if mask is None:
            code = self.alphabet.get(letter)
            mask = (
                self.guess_letters[:, position] == code
                if code is not None
                else np.zeros(len(self.guesses), dtype=bool)
            )
            self.letter_masks[(position, letter)] = mask
        return mask

    def count_mask(self, letter: str, count: int) -> np.ndarray:
        """Guesses holding `letter` at least `count` times."""
        mask = self.letter_masks.get((-count, letter))
        if mask is None:
            code = self.alphabet.get(letter)
            mask = (
                self.letter_counts[:, code] >= count
                if code is not None
                else np.zeros(len(self.guesses), dtype=bool)
            )
            self.letter_masks[(-count, letter)] = mask
        return mask

    @cached_property
    def key(self) -> str:
        """Content hash of both lists, for disk caches."""
        return lists_key(self.guesses, self.answers)

    def all_answers(self) -> np.ndarray:
        """Indices of every answer."""
        return np.arange(len(self.answers))

    def check_guess(self, guess: Word) -> int:
        """The row of `guess`, or a typed error if it has the wrong length or is unknown."""
        return self._position(guess, self.guess_index, "is not in the list of allowed guesses")

    def check_answer(self, word: Word) -> int:
        """The column of a possible answer, or a typed error naming what is wrong."""
        return self._position(
            word,
            self.answer_index,
            "is not in the answer list; pass a list that has it with --answers",
        )

    def _position(self, typed: Word, index: dict[Word, int], missing: str) -> int:
        """Where a typed word (accents folded) stands in `index`, or a typed error."""
        word = tables.folded(typed)
        if len(word) != self.length:
            raise WordLengthError(
                f"{word!r} has {len(word)} letters; this game uses {self.length}-letter words"
            )
        if word not in index:
            raise UnknownWordError(f"{word!r} {missing}")
        return index[word]


def make_wordle(guesses: Iterable[Word], answers: Iterable[Word], use_disk: bool = True) -> Wordle:
    """A Wordle context; answers missing from the guess list are appended to it."""
    answers_t = tuple(dict.fromkeys(w.lower() for w in answers))
    guesses_l = list(dict.fromkeys(w.lower() for w in guesses))
    known = set(guesses_l)
    guesses_l += [w for w in answers_t if w not in known]
    guesses_t = tuple(guesses_l)
    word_length(guesses_t, answers_t)
    return Wordle(guesses_t, answers_t, pattern_matrix(guesses_t, answers_t, use_disk))


def read_words(path: str | os.PathLike[str]) -> list[Word]:
    """The distinct lower-cased words of a table or word list (read by wordkit.tables)."""
    return tables.words_of(tables.load_table(str(path)))


def load_wordle(
    answers_path: str | os.PathLike[str],
    allowed_path: str | os.PathLike[str] | None = None,
    use_disk: bool = True,
) -> Wordle:
    """A Wordle context read from an answers file and an optional allowed-guesses file."""
    answers = read_words(answers_path)
    allowed = read_words(allowed_path) if allowed_path else answers
    return make_wordle(allowed, answers, use_disk)


def select_lists(
    answers: str | None = None, guesses: str | None = None, length: int | None = None
) -> Wordle:
    """The lists the command-line options ask for: the built-in `wordle` tables by default,
    tables or files by name, or with `length` the N-letter words of `english`."""
    if length is not None:
        if length not in LENGTHS:
            raise RangeError(
                f"--length must be between {LENGTHS[0]} and {LENGTHS[-1]}, not {length}"
            )
        english = tables.load_table(answers or "english")
        pool = tables.words_of(english, length=length)
        common = tables.words_of(english, length=length, min_weight=COMMON) or pool
        guess_words = (
            tables.words_of(tables.load_table(guesses), length=length) if guesses else pool
        )
        answer_words = common if answers is None else pool
        if not answer_words:
            raise GameStateError(f"{answers or 'english'} has no {length}-letter words")
    else:
        answer_words = tables.words_of(tables.load_table(answers or "wordle"))
        if answers is not None and guesses is None and len({len(w) for w in answer_words}) > 1:
            # A whole dictionary (portuguese, english): play its words of the usual length.
            return select_lists(answers, None, DEFAULT_LENGTH)
        guess_words = tables.words_of(tables.load_table(guesses or "wordle-guesses"))
        if guesses is None and answers is not None:
            # A user's own answer list brings its own length; keep guesses that match it.
            wanted = len(answer_words[0]) if answer_words else 5
            if any(len(w) != wanted for w in guess_words):
                guess_words = answer_words
    if not answer_words:
        raise GameStateError("the answer list is empty")
    word_length(answer_words)  # a mixed answer list is named before the guesses are
    return make_wordle(guess_words, answer_words)


# ---------------------------------------------------------------------------------------
# The original game's lists

# Fingerprints of the original game's lists (sorted, newline-joined, SHA-256 prefix): when a
# user loads their own copy, stats shows the proven optimum beside the mean.
ORIGINAL_ANSWERS = "5209b35f823f8b80"
ORIGINAL_GUESSES = "498f38211e3bafbf"


class Optimum(NamedTuple):
    """The proven least-total decision tree: its opener, total guesses and mean."""

    opener: str
    total: int
    mean: float


KNOWN_OPTIMUM = {False: Optimum("salet", 7920, 3.4212), True: Optimum("salet", 8122, 3.5084)}


def fingerprint(words: Sequence[Word]) -> str:
    """A short content hash of a word list, order-insensitive."""
    return hashlib.sha256("\n".join(sorted(set(words))).encode()).hexdigest()[:16]


def known_optimum(game: Wordle, hard: bool) -> Optimum | None:
    """The proven optimum when the lists are the original game's, else None."""
    original = fingerprint(game.answers) == ORIGINAL_ANSWERS
    return (
        KNOWN_OPTIMUM[hard] if original and fingerprint(game.guesses) == ORIGINAL_GUESSES else None
    )
