"""The policy book: the default AI's move in every state its own games reach, per table.

Building it plays the default AI, without a book or a time limit, against every word of the
pool (one word length per task, the lengths spread over processes) and keeps its move in every
state with a candidate left. It is stored in the disk cache under a key of the pool's words,
their prior and the rules, so it is computed once per table and then read in well under a
second. A state the book does not hold (off the policy: a player's own guesses, another prior) is
searched live within a budget. The built-in `english` table's books ship in `books/`.
"""

from __future__ import annotations

import json
import math
import time
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from wordkit import cache
from wordkit.hangman.board import Board, Decision
from wordkit.hangman.lexicon import Pool
from wordkit.hangman.rules import Rules, State

BOOK_VERSION = "hangman-book-v3"
BOOK_MIN_CANDIDATES = 1
"""Every state with a candidate is kept: even one candidate's move weighs the letter model
(a millisecond live, a lookup from the book), so a run over the table plays from the book."""
BOOK_LABELS = frozenset({"lookahead", "rollout", "hedged", "whole-word", "mixture", "candidate"})
"""Labels of the moves the book keeps: all but a search cut short by its budget."""

Book = dict[str, str]
"""State key -> move."""
SHIPPED = Path(__file__).resolve().parent / "books"
"""Books of the built-in tables, shipped with the package (under a megabyte each) under the
same content-keyed names, so `english` plays at full strength from its first game."""


def book_rules(rules: Rules) -> bool:
    """True for the rules a book is made for: classic, finish=reveal, a life limit."""
    return rules.variant == "classic" and rules.finish == "reveal" and rules.lives is not None


def state_key(state: State) -> str:
    """The book's key of a state: the mask, the letters and the refuted words guessed."""
    return f"{state.mask}|{''.join(sorted(state.letters))}|{','.join(sorted(state.words))}"


def book_name(pool: Pool, rules: Rules) -> str:
    """The cache file name of a pool's book: a key of its words, priors and the rules."""
    enc = pool.lexicon.enc
    words = "\n".join(enc.words[i] for i in pool.ids)
    probs = np.round(pool.probs[pool.ids], 15).astype(np.float64).tobytes()
    key = cache.content_key(BOOK_VERSION, words, probs, f"{rules.lives}")
    return f"hangman-book-{key}.json.z"


_BOOKS: dict[str, Book | None] = {}


def cached_book(pool: Pool, rules: Rules) -> Book | None:
    """The pool's book from the disk cache (read once per process), or None when not built."""
    name = book_name(pool, rules)
    if name not in _BOOKS:
        data = cache.read_cached(name)
        if data is None:
            shipped = SHIPPED / name
            data = shipped.read_bytes() if shipped.is_file() else None
        book: Book | None = None
        if data is not None:
            try:
                loaded = json.loads(zlib.decompress(data))
                book = loaded if isinstance(loaded, dict) else None
            except (ValueError, zlib.error):
                book = None
        _BOOKS[name] = book
    return _BOOKS[name]


# --- building ---------------------------------------------------------------------------------

_BUILD: dict[str, Any] = {}


def setup_builder(pool: Pool, rules: Rules) -> None:
    """Keep the pool and rules for `book_chunk` in this worker."""
    _BUILD.update(pool=pool, rules=rules)


class Recorder:
    """Wraps the default AI without a book or a time limit, keeping its move in each
    state it decides."""

    name = "best"

    def __init__(self) -> None:
        from wordkit.hangman.guessers.best import BestGuesser

        self.guesser = BestGuesser(budget=None, seconds=math.inf, use_book=False, memo_limit=None)
        self.moves: Book = {}

    def __call__(self, board: Board) -> Decision:
        """The default AI's move, searched in full and recorded."""
        decision = self.guesser(board)
        if len(board.ids) >= BOOK_MIN_CANDIDATES and decision.label in BOOK_LABELS:
            self.moves[state_key(board.state)] = decision.move
        return decision


LengthBook = tuple[int, int, int, list[tuple[str, str]]]
"""One length's part of a book: the length, games won, games played, (state key, move) pairs."""


def book_chunk(lengths: list[int]) -> list[LengthBook]:
    """Play the recorder against every pool word of these lengths: its wins and moves."""
    from wordkit.hangman.hosts import HonestHangman
    from wordkit.hangman.play import Memo, opening, play

    pool: Pool = _BUILD["pool"]
    rules: Rules = _BUILD["rules"]
    enc = pool.lexicon.enc
    out: list[LengthBook] = []
    for length in lengths:
        recorder = Recorder()
        memo: Memo = {}
        won = games = 0
        for i in pool.ids[enc.lengths[pool.ids] == length]:
            host = HonestHangman(pool, seed=0, secret=enc.words[int(i)])
            won += play(recorder, host, opening(host, rules, pool), memo=memo).won
            games += 1
        out.append((length, won, games, list(recorder.moves.items())))
    return out


@dataclass(frozen=True, slots=True)
class BookBuild:
    """A built book: how many states it holds, the seconds it took, and the games its policy
    won and played while building it, per length (every word once)."""

    states: int
    seconds: float
    by_length: dict[int, tuple[int, int]] = field(default_factory=dict)

    @property
    def won(self) -> int:
        """Games won in all."""
        return sum(w for w, _ in self.by_length.values())

    @property
    def games(self) -> int:
        """Games played in all."""
        return sum(g for _, g in self.by_length.values())


def build_book(
    pool: Pool, rules: Rules, *, jobs: int = 1, lengths: Iterable[int] | None = None
) -> BookBuild:
    """Compute the pool's book (every length, or `lengths`) and store it in the disk cache."""
    from wordkit.runner import run_chunks

    started = time.perf_counter()
    enc = pool.lexicon.enc
    sizes = np.bincount(enc.lengths[pool.ids])
    wanted = sorted(
        {int(n) for n in (np.flatnonzero(sizes) if lengths is None else lengths)},
        key=lambda n: -int(sizes[n]) if n < len(sizes) else 0,
    )
    parts = run_chunks(
        book_chunk,
        [[n] for n in wanted],
        jobs=jobs,
        setup=setup_builder,
        setup_args=(pool, rules),
    )
    book: Book = dict(sorted(pair for part in parts for pair in part[3]))
    name = book_name(pool, rules)
    _BOOKS[name] = book
    cache.write_cached(name, zlib.compress(json.dumps(book, separators=(",", ":")).encode(), 6))
    by_length = {n: (won, games) for n, won, games, _ in sorted(parts)}
    return BookBuild(len(book), time.perf_counter() - started, by_length)


def ensure_book(pool: Pool, rules: Rules, *, jobs: int = 1) -> Book | None:
    """The pool's book, built first when not cached yet (None for rules books do not cover)."""
    if not book_rules(rules):
        return None
    book = cached_book(pool, rules)
    if book is None:
        build_book(pool, rules, jobs=jobs)
        book = cached_book(pool, rules)
    return book
