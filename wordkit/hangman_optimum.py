"""The exact optimum of classic Hangman: the most words any strategy can win, per word length."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from wordkit.errors import GameStateError
from wordkit.games.hangman import encode_words
from wordkit.hangman_lexicon import lexicon_from_table, pool_for
from wordkit.strategies.hangman.solver import SolverSettings, solver_for

DEFAULT_MAX_WORDS = 1000
"""Lengths with more distinct words than this are not searched (too slow to be exact)."""


@dataclass(frozen=True, slots=True)
class LengthOptimum:
    """For one word length: distinct words, the most any strategy wins (None: not searched)."""

    length: int
    words: int
    won: int | None
    seconds: float

    @property
    def win_rate(self) -> float | None:
        """won / words, or None when not searched."""
        return None if self.won is None else self.won / self.words


@dataclass(frozen=True, slots=True)
class Optimum:
    """The exact optimum per length and over the lengths searched."""

    lives: int
    lengths: list[LengthOptimum]

    @property
    def words(self) -> int:
        """Distinct words over the lengths searched."""
        return sum(x.words for x in self.lengths if x.won is not None)

    @property
    def won(self) -> int:
        """Words won over the lengths searched."""
        return sum(x.won for x in self.lengths if x.won is not None)

    @property
    def win_rate(self) -> float:
        """won / words over the lengths searched."""
        return self.won / self.words if self.words else 0.0

    @property
    def complete(self) -> bool:
        """True when every length was searched."""
        return all(x.won is not None for x in self.lengths)


def length_optimum(words: list[str], *, lives: int) -> int:
    """The most of `words` (one length, each equally likely) a strategy can win with `lives`."""
    if len({len(w) for w in words}) > 1:
        raise GameStateError("the words of one optimum must share one length")
    if lives < 1:
        raise GameStateError(f"lives must be at least 1, not {lives}")
    enc = encode_words(words)
    ids = np.arange(len(words), dtype=np.int64)
    settings = SolverSettings(cost_weight=0.0, exact_limit=len(words) + 1)
    solver = solver_for(enc, ids, np.ones(len(words)), settings)
    value, _ = solver.exact(solver.everything, lives)
    return round(value)


def exact_optimum(
    table: pd.DataFrame,
    *,
    lives: int = 6,
    max_words: int = DEFAULT_MAX_WORDS,
    progress: Callable[[int], None] | None = None,
) -> Optimum:
    """Per word length of the table's distinct words, the best achievable number of wins
    under a uniform prior (the maximum over all strategies), exact where `max_words` allows."""
    lexicon = lexicon_from_table(table)
    pool = pool_for(lexicon, prior="uniform")
    enc = lexicon.enc
    out: list[LengthOptimum] = []
    for length in sorted({int(x) for x in enc.lengths[pool.ids]}):
        ids = pool.ids[enc.lengths[pool.ids] == length]
        started = time.perf_counter()
        won = (
            length_optimum([enc.words[i] for i in ids], lives=lives)
            if len(ids) <= max_words
            else None
        )
        out.append(LengthOptimum(length, len(ids), won, time.perf_counter() - started))
        if progress:
            progress(len(ids))
    return Optimum(lives, out)
