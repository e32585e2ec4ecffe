"""The policy book: the default AI's move in every state its own games reach, per table.

Building it plays the default AI, without a book or a time limit, against every word of the
pool (one word length per task, the lengths spread over processes) and keeps its move in every
state with a candidate left. It is stored in the disk cache under a key of the pool's words,
their prior and the rules, so it is computed once per table and then read in well under a
second. A state the book does not hold (off the policy: a player's own guesses, another prior) is
searched live within a budget. The built-in `english` table's books ship in `books/`.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import time
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from wordkit import cache
from wordkit.hangman.board import Board, Decision
from wordkit.hangman.lexicon import Pool, book_pool, holds_learned, pool_words
from wordkit.hangman.rules import Rules, State, revealed_rules

if TYPE_CHECKING:
    from wordkit.runner import Progress

BOOK_VERSION = "hangman-book-v6"
BOOK_MIN_CANDIDATES = 1
"""Every state with a candidate is kept: even one candidate's move weighs the letter model
(a millisecond live, a lookup from the book), so a run over the table plays from the book."""

Book = Mapping[str, str]
"""State key -> move (a dict while built; a `PackedBook` once read from disk)."""
SHIPPED = Path(__file__).resolve().parent / "books"
"""Books of the built-in tables, shipped with the package (under a megabyte each) under the
same content-keyed names, so `english` plays at full strength from its first game."""


def book_rules(rules: Rules) -> bool:
    """True for the rules a book is made for: classic with a life limit, either finish (see
    `revealed_rules`)."""
    return rules.variant == "classic" and rules.lives is not None


def state_key(state: State) -> str:
    """The book's key of a state: the mask, the letters and the refuted words guessed."""
    return f"{state.mask}|{''.join(sorted(state.letters))}|{','.join(sorted(state.words))}"


def book_name(pool: Pool, rules: Rules) -> str:
    """The cache file name of a pool's book: a key of its words, priors, the rules and its
    letter model (a single candidate's move weighs it: named, or its letter the model likes
    best), which is the shipped one when the package has it."""
    from wordkit.hangman.guessers.model import model_key, model_source

    words = pool_words(pool)
    source = model_source(words)
    if holds_learned(pool):  # words learned from play: the model is of the others
        own = pool_words(pool, own=True)
        source = f"{model_source(own)} {model_key(own)}"
    probs = np.round(pool.probs[pool.ids], 15).astype(np.float64).tobytes()
    key = cache.content_key(BOOK_VERSION, "\n".join(words), probs, f"{rules.lives}", source)
    return f"hangman-book-{key}.json.z"


PACKED_VERSION = b"hangman-packed-book-v2"
_PACKED_FILES = ("key", "keys", "key_ends", "moves", "move_ends")


SEARCHED_LOOKUPS = 512
"""Lookups a packed book answers by binary search; past that (a run of many games) it
unpacks itself into a dict once."""


class PackedBook(Mapping[str, str]):
    """A book as two sorted byte blobs and their offsets: a lookup is a binary search, and
    reading one is a few megabytes copied, not a JSON object of 200,000 strings parsed."""

    __slots__ = ("_keys", "_key_ends", "_moves", "_move_ends", "_lookups", "_dict")

    def __init__(self, keys: bytes, key_ends: np.ndarray, moves: bytes, move_ends: np.ndarray):
        self._keys, self._key_ends = keys, key_ends
        self._moves, self._move_ends = moves, move_ends
        self._lookups = 0
        self._dict: dict[str, str] | None = None

    @classmethod
    def of(cls, book: Mapping[str, str]) -> PackedBook:
        """A book packed (its keys sorted)."""
        pairs = sorted(book.items())
        keys = [k.encode() for k, _ in pairs]
        moves = [m.encode() for _, m in pairs]
        return cls(
            b"".join(keys),
            np.cumsum([len(k) for k in keys], dtype=np.int64),
            b"".join(moves),
            np.cumsum([len(m) for m in moves], dtype=np.int64),
        )

    def _key(self, i: int) -> bytes:
        start = int(self._key_ends[i - 1]) if i else 0
        return self._keys[start : int(self._key_ends[i])]

    def _move(self, i: int) -> str:
        start = int(self._move_ends[i - 1]) if i else 0
        return self._moves[start : int(self._move_ends[i])].decode()

    def __getitem__(self, key: str) -> str:
        """The move for position `key` (KeyError when the book has none): a binary search of
        the sorted keys, until `SEARCHED_LOOKUPS` lookups show a long run is reading it; then
        the book is unpacked into a dict once and read from that."""
        if self._dict is not None:
            return self._dict[key]
        self._lookups += 1
        if self._lookups > SEARCHED_LOOKUPS:
            self._dict = dict(zip(self, map(self._move, range(len(self))), strict=True))
            return self._dict[key]
        wanted = key.encode()
        i = bisect.bisect_left(range(len(self)), wanted, key=self._key)
        if i < len(self) and self._key(i) == wanted:
            return self._move(i)
        raise KeyError(key)

    def __len__(self) -> int:
        return len(self._key_ends)

    def __iter__(self) -> Iterator[str]:
        return (self._key(i).decode() for i in range(len(self)))

    def __reduce__(self) -> tuple[type, tuple[bytes, np.ndarray, bytes, np.ndarray]]:
        return (PackedBook, (self._keys, self._key_ends, self._moves, self._move_ends))

    def pack(self, key: bytes) -> bytes:
        """The packed file of this book (`cache.pack_arrays`), `key` naming its source."""
        return cache.pack_arrays(
            {
                "key": np.frombuffer(key, dtype=np.uint8),
                "keys": np.frombuffer(self._keys, dtype=np.uint8),
                "key_ends": self._key_ends,
                "moves": np.frombuffer(self._moves, dtype=np.uint8),
                "move_ends": self._move_ends,
            }
        )

    @classmethod
    def unpack(cls, source: bytes | Path, key: bytes) -> PackedBook | None:
        """The book in a packed file (or its bytes) when its key, shapes and CRCs hold, else
        None."""
        parts = cache.mapped_arrays(source, _PACKED_FILES)
        if parts is None:
            return None
        blobs = ("key", "keys", "moves")
        ends = ("key_ends", "move_ends")
        if any(parts[n].dtype != np.uint8 or parts[n].ndim != 1 for n in blobs):
            return None
        if any(parts[n].dtype != np.int64 or parts[n].ndim != 1 for n in ends):
            return None
        if parts["key"].tobytes() != key:
            return None
        count = len(parts["key_ends"])
        if len(parts["move_ends"]) != count:
            return None
        for blob, end in (("keys", "key_ends"), ("moves", "move_ends")):
            last = int(parts[end][-1]) if count else 0
            if last != len(parts[blob]) or (count and (np.diff(parts[end]) <= 0).any()):
                return None
        return cls(
            parts["keys"].tobytes(),
            parts["key_ends"],
            parts["moves"].tobytes(),
            parts["move_ends"],
        )


_BOOKS: dict[str, Book | None] = {}
BOOKS_KEPT = 8
"""Books a process keeps read at most (a session per game of a changing table makes new ones)."""


def cached_book(pool: Pool, rules: Rules) -> Book | None:
    """The pool's book from the disk cache or the package (read once per process), or None
    when not built."""
    name = book_name(pool, revealed_rules(rules))
    if name not in _BOOKS:
        data = cache.read_cached(name)
        book = None if data is None else read_book(data)
        shipped = SHIPPED / name
        if book is None and shipped.is_file():  # a damaged cached copy hides no shipped book
            packed = shipped.read_bytes()
            book = read_book(packed)
            if data is not None and book is not None:
                cache.write_cached(name, packed)
        cache.make_room(_BOOKS, BOOKS_KEPT)
        _BOOKS[name] = book
    return _BOOKS[name]


def shipped_book(pool: Pool, rules: Rules) -> bool:
    """Whether the package ships the book of the pool (of its table's own words) and rules."""
    if not book_rules(rules):
        return False
    return (SHIPPED / book_name(book_pool(pool), revealed_rules(rules))).is_file()


def book_games(pool: Pool, rules: Rules) -> int:
    """The games a build of the pool's book plays (one per word of the table's own: see
    `book_pool`), 0 when it is cached or shipped, or the rules have no book."""
    pool = book_pool(pool)
    return 0 if not book_rules(rules) or cached_book(pool, rules) is not None else len(pool.ids)


def read_book(data: bytes) -> Book | None:
    """The book in a book file's bytes (zlib-compressed JSON), None when damaged. Its packed
    copy in the cache, named by these bytes' hash, is read instead when there (made here)."""
    digest = hashlib.sha256(PACKED_VERSION + data).hexdigest()[:24]
    name = f"hangman-packed-{digest}.npz"
    packed = cache.cached_file(name)
    if packed is not None:
        found = PackedBook.unpack(packed, digest.encode())
        if found is not None:
            return found
    try:
        loaded = json.loads(zlib.decompress(data))
    except (ValueError, zlib.error):
        return None
    if not isinstance(loaded, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in loaded.items()
    ):
        return None
    book = PackedBook.of(loaded)
    cache.write_cached(name, book.pack(digest.encode()))
    return book


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

        self.guesser = BestGuesser(budget=None, use_book=False, memo_bytes=None)
        self.moves: dict[str, str] = {}

    def __call__(self, board: Board) -> Decision:
        """The default AI's move, searched in full and recorded."""
        decision = self.guesser(board)
        # every move but one from a search cut short by its budget (its note says so)
        if len(board.ids) >= BOOK_MIN_CANDIDATES and not decision.note:
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
            won += play(recorder, host, opening(host, rules, pool, memo=memo), memo=memo).won
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
    pool: Pool,
    rules: Rules,
    *,
    jobs: int = 1,
    lengths: Iterable[int] | None = None,
    progress: Progress | None = None,
) -> BookBuild:
    """Compute the pool's book (every length, or `lengths`) and store it in the disk cache,
    saying so first (a notice) and telling `progress` of the games played as each length's
    games finish. Each length's part is kept in the cache as it finishes, so a build stopped
    part way (Ctrl-C) resumes from the lengths it had done."""
    from wordkit.notices import notice
    from wordkit.runner import stream_chunks

    rules = revealed_rules(rules)  # one book for both finishes
    started = time.perf_counter()
    enc = pool.lexicon.enc
    sizes = np.bincount(enc.lengths[pool.ids])
    wanted = sorted(
        {int(n) for n in (np.flatnonzero(sizes) if lengths is None else lengths)},
        key=lambda n: -int(sizes[n]) if n < len(sizes) else 0,
    )
    games = sum(int(sizes[n]) for n in wanted if n < len(sizes))
    name = book_name(pool, rules)
    parts = [part for n in wanted if (part := _kept_part(name, n)) is not None]
    todo = [n for n in wanted if n not in {part[0] for part in parts}]
    resumed = sum(part[2] for part in parts)
    notice(
        f"building the policy book of these {games:,} words (the default AI plays each once); "
        f"once, then cached{f'; resuming: {resumed:,} played before' if resumed else ''}"
    )
    if progress and resumed:
        progress(resumed)
    if todo:
        for out in stream_chunks(
            book_chunk, [[n] for n in todo], jobs=min(jobs, len(todo)), setup=setup_builder,
            setup_args=(pool, rules),
        ):  # fmt: skip
            for part in out:
                cache.write_cached(_part_name(name, part[0]), json.dumps(part))
            parts += out
            if progress:
                progress(sum(part[2] for part in out))
    book: dict[str, str] = dict(sorted(pair for part in parts for pair in part[3]))
    _BOOKS[name] = book
    cache.write_cached(name, zlib.compress(json.dumps(book, separators=(",", ":")).encode(), 6))
    for n in wanted:  # the book holds them now
        cache.cache_path(_part_name(name, n)).unlink(missing_ok=True)
    by_length = {n: (won, games) for n, won, games, _ in sorted(parts)}
    return BookBuild(len(book), time.perf_counter() - started, by_length)


def _part_name(name: str, length: int) -> str:
    """The cache name of one length's part of the book `name`, kept while it is built."""
    return f"{name}.length-{length}.json"


def _kept_part(name: str, length: int) -> LengthBook | None:
    """One length's part kept by a build that stopped part way, if it is there and whole."""
    data = cache.read_cached_json(_part_name(name, length), list)
    try:
        n, won, games, pairs = data
        part = (int(n), int(won), int(games), [(str(k), str(m)) for k, m in pairs])
    except (TypeError, ValueError):  # none, or damaged: played again
        return None
    return part if part[0] == length else None


def ensure_book(
    pool: Pool, rules: Rules, *, jobs: int = 1, progress: Progress | None = None
) -> Book | None:
    """The pool's book, built first when not cached yet (None for rules books do not cover);
    a build says so and tells `progress` of its games (see `build_book`)."""
    if not book_rules(rules):
        return None
    book = cached_book(pool, rules)
    if book is None:
        build_book(pool, rules, jobs=jobs, progress=progress)
        book = cached_book(pool, rules)
    return book
