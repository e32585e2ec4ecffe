"""The exact optimum of classic Hangman: the most words any strategy can win, per word length."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from wordkit.errors import GameStateError
from wordkit.hangman.lexicon import lexicon_from_table, pool_for
from wordkit.hangman.rules import encode_words
from wordkit.hangman.search import WinSearchSettings, win_search_for

DEFAULT_MAX_WORDS = 1000
"""Lengths with more distinct words than this are not searched (too slow to be exact)."""


@dataclass(frozen=True, slots=True)
class LengthOptimum:
    """For one word length: games (distinct words, or rows), the most any strategy wins
    (None: not searched)."""

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
        """Games (distinct words, or rows) over the lengths searched."""
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


def length_optimum(words: list[str], *, lives: int, counts: list[int] | None = None) -> int:
    """The most of `words` (one length, each equally likely) a strategy can win with `lives`;
    with `counts`, the most games when word i is played counts[i] times."""
    if len({len(w) for w in words}) > 1:
        raise GameStateError("the words of one optimum must share one length")
    if lives < 1:
        raise GameStateError(f"lives must be at least 1, not {lives}")
    enc = encode_words(words)
    ids = np.arange(len(words), dtype=np.int64)
    settings = WinSearchSettings(cost_weight=0.0, exact_limit=len(words) + 1)
    weights = np.ones(len(words)) if counts is None else np.asarray(counts, dtype=np.float64)
    search = win_search_for(enc, ids, weights, settings)
    value, _ = search.exact(search.everything, lives)
    return round(value)


def exact_optimum(
    table: pd.DataFrame,
    *,
    lives: int = 6,
    max_words: int = DEFAULT_MAX_WORDS,
    per_row: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Optimum:
    """Per word length of the table's distinct words, the best achievable number of wins
    under a uniform prior (the maximum over all strategies), exact where `max_words` allows;
    with `per_row`, of games when every row is played once (a word on k rows counts k times)."""
    lexicon = lexicon_from_table(table)
    pool = pool_for(lexicon, prior="uniform")
    enc = lexicon.enc
    rows = np.bincount(lexicon.row_ids, minlength=lexicon.size)
    out: list[LengthOptimum] = []
    for length in sorted({int(x) for x in enc.lengths[pool.ids]}):
        ids = pool.ids[enc.lengths[pool.ids] == length]
        counts = [int(rows[i]) for i in ids] if per_row else [1] * len(ids)
        started = time.perf_counter()
        won = (
            length_optimum([enc.words[i] for i in ids], lives=lives, counts=counts)
            if len(ids) <= max_words
            else None
        )
        out.append(LengthOptimum(length, sum(counts), won, time.perf_counter() - started))
        if progress:
            progress(len(ids))
    return Optimum(lives, out)
