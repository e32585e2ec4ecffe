"""Wordle hosts: honest (a secret answer picked up front) and Absurdle (the largest bucket)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from wordkit.games.wordle import (
    GREEN,
    YELLOW,
    History,
    Pattern,
    UnknownWordError,
    Wordle,
    consistent,
)
from wordkit.hosts.base import NoWordError

Answers = np.ndarray
"""Indices into `game.answers`."""
Turns = tuple[tuple[str, Pattern], ...]


def mark_counts(patterns: np.ndarray, *, length: int) -> tuple[np.ndarray, np.ndarray]:
    """Greens and yellows in each pattern (base 3, first letter most significant)."""
    rest = patterns.astype(np.int64)
    greens = np.zeros(len(rest), dtype=np.int64)
    yellows = np.zeros(len(rest), dtype=np.int64)
    for _ in range(length):
        rest, mark = np.divmod(rest, 3)
        greens += mark == GREEN
        yellows += mark == YELLOW
    return greens, yellows


def absurdle_pattern(game: Wordle, remaining: Answers, guess: str) -> Pattern:
    """The feedback whose bucket is largest; ties: fewest greens, fewest yellows, lowest value."""
    row = game.check_guess(guess)
    if not len(remaining):
        raise NoWordError("no answer is consistent with the feedback so far")
    patterns, sizes = np.unique(game.matrix[row, remaining], return_counts=True)
    greens, yellows = mark_counts(patterns, length=game.length)
    best = np.lexsort((patterns, yellows, greens, -sizes))[0]
    return int(patterns[best])


def turns_of(history: History) -> Turns:
    """A history as a hashable tuple of lowercase (guess, pattern) turns."""
    return tuple((g.strip().lower(), int(p)) for g, p in history)


@dataclass
class WordleHost:
    """Shared by Wordle hosts: the remaining answers of a history and the word named at the end."""

    game: Wordle
    seed: int = 0
    name: str = "host"
    last: Turns = field(default=(), init=False)
    memo: dict[Turns, Answers] = field(default_factory=dict, init=False, repr=False)

    def remaining(self, history: History) -> Answers:
        """Answers consistent with `history` (memoised; narrowed from the shorter history)."""
        turns = turns_of(history)
        hit = self.memo.get(turns)
        if hit is None:
            before = self.remaining(turns[:-1]) if turns else None
            hit = consistent(self.game, turns[-1:], before) if turns else self.game.all_answers()
            self.memo[turns] = hit
        return hit

    def reveal_for(self, history: History) -> str:
        """An answer consistent with every turn of `history`, seeded by the game."""
        rem = self.remaining(history)
        turns = turns_of(history)
        key = f"{self.seed}:" + ",".join(f"{g}{p}" for g, p in turns)
        return self.game.answers[int(rem[random.Random(key).randrange(len(rem))])]

    def reveal(self) -> str:
        """An answer consistent with every feedback given so far."""
        return self.reveal_for(self.last)

    def answer(self, history: History, guess: str) -> Pattern:
        """The feedback for `guess` after `history` (each host defines it)."""
        raise NotImplementedError

    def record(self, history: History, guess: str, pattern: Pattern) -> Pattern:
        """Remember the game after this answer and return the pattern."""
        self.last = (*turns_of(history), (guess.strip().lower(), pattern))
        return pattern


@dataclass
class HonestWordle(WordleHost):
    """Picks its secret answer up front (seeded, uniform over the answers) and answers truly."""

    name: str = "honest"
    secret: str | None = None

    def __post_init__(self) -> None:
        if self.secret is None:
            rng = np.random.default_rng(self.seed)
            self.secret = self.game.answers[int(rng.integers(len(self.game.answers)))]
        self.secret = self.secret.strip().lower()
        if self.secret not in self.game.answer_index:
            raise UnknownWordError(f"{self.secret!r} is not in the list of possible answers")

    def answer(self, history: History, guess: str) -> Pattern:
        """The true feedback for `guess` against the secret."""
        assert self.secret is not None
        row = self.game.check_guess(guess)
        pattern = int(self.game.matrix[row, self.game.answer_index[self.secret]])
        return self.record(history, guess, pattern)

    def reveal_for(self, history: History) -> str:
        """The secret."""
        assert self.secret is not None
        return self.secret


@dataclass
class Absurdle(WordleHost):
    """Never commits: answers with the feedback that keeps the most answers possible."""

    name: str = "evil"

    def answer(self, history: History, guess: str) -> Pattern:
        """The feedback whose bucket of remaining answers is largest (least informative on ties)."""
        pattern = absurdle_pattern(self.game, self.remaining(history), guess)
        return self.record(history, guess, pattern)
