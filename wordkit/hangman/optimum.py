"""The exact optimum of classic Hangman: the most words any strategy can win, per word length.

The search (`ExactSearch`) is a fail-soft branch and bound over candidate sets and lives,
specialised to this question (classic rules, finish=reveal, wins counted with integer weights):

- Only letters are searched. Naming a whole word never wins more than the best letter (by
  induction on the set: replay the best strategy for the other words with the word added; a
  word that falls into a miss class has a life to spare there), so word moves are left out.
- A letter that every candidate holds and that splits them costs nothing: playing it first
  never hurts, so it is the only move searched there.
- A set's value depends only on the set and the lives left (a guessed letter never splits it
  again), so bounds are memoised on them: large sets as bitsets (a Python int, split by ANDs),
  small ones as sorted tuples of word ids (compact keys).
- Upper bounds: the set's weight; at most k words of a one-position family (words alike but at
  one position, `_ill`) survive k lives, except the words whose varying letter also shows
  elsewhere in the word (guessing it is free for the family); any partition of a set bounds
  its value by the sum of its parts' values (a strategy restricted to a part is a strategy for
  it), so the families at one position bound the set.
- Moves are tried best bound first, and a move is dropped as soon as the values found plus the
  bounds of its outcomes not yet searched cannot beat the best move so far (or the caller's
  threshold): the first move with no chance ends the node.

A deadline stops the search (`OutOfTime`); every stored bound stays sound, and `relaxed_upper`
turns them into an upper bound on what the search did not finish.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from wordkit.errors import GameStateError
from wordkit.hangman.lexicon import lexicon_from_table, pool_for
from wordkit.hangman.rules import encode_words

DEFAULT_MAX_WORDS = 1000
"""Lengths with more distinct words than this are not searched unless a time budget is given."""
SMALL = 64
"""Sets up to this size are held as tuples of word ids (split word by word, compact keys)."""

Subset = int | tuple[int, ...]
"""A candidate set: a bitmask over the search's words, or a sorted tuple of word ids."""
Child = tuple[Subset, int, int]
"""One outcome of a letter: its candidates, the lives left, and an upper bound on its value."""
Ints = npt.NDArray[np.int64]


class OutOfTime(Exception):
    """The search passed its deadline (the bounds stored so far stay sound)."""


@dataclass(frozen=True, slots=True)
class LengthOptimum:
    """For one word length: games (distinct words, or rows), the most any strategy wins
    (None: not searched or not finished), bounds on it and the search's time and nodes."""

    length: int
    words: int
    won: int | None
    seconds: float
    lower: int | None = None
    upper: int | None = None
    nodes: int = 0

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


@dataclass
class ExactSearch:
    """Branch and bound for the most (weighted) words of one length won with k lives."""

    words: list[str]
    weights: list[int]
    deadline: float = math.inf
    nodes: int = 0
    patterns: list[list[int]] = field(default_factory=list)
    hit_classes: list[list[int]] = field(default_factory=list)
    contains: list[int] = field(default_factory=list)
    uniform: bool = True
    weight_array: Ints = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    family: list[Ints] = field(default_factory=list)
    free: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    has: npt.NDArray[np.bool_] = field(default_factory=lambda: np.zeros((0, 26), dtype=bool))
    position_array: Ints = field(default_factory=lambda: np.zeros((0, 26), dtype=np.int64))
    memo: dict[tuple[Subset, int], tuple[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Index each letter's hit classes and each position's one-position families."""
        enc = encode_words(self.words)
        self.patterns = enc.positions.astype(np.int64).tolist()
        self.has = enc.positions != 0
        self.position_array = enc.positions.astype(np.int64)
        by_letter: list[dict[int, int]] = [{} for _ in range(26)]
        for bit, row in enumerate(self.patterns):
            for code in range(26):
                if row[code]:
                    table = by_letter[code]
                    table[row[code]] = table.get(row[code], 0) | (1 << bit)
        self.hit_classes = [list(t.values()) for t in by_letter]
        self.contains = [sum(t.values(), 0) for t in by_letter]
        self.uniform = all(w == 1 for w in self.weights)
        self.weight_array = np.asarray(self.weights, dtype=np.int64)
        length = len(self.words[0]) if self.words else 0
        for p in range(length):
            keys = [w[:p] + w[p + 1 :] for w in self.words]
            self.family.append(pd.factorize(pd.Series(keys, dtype=object))[0].astype(np.int64))
            self.free.append(np.array([w[p] in w[:p] + w[p + 1 :] for w in self.words]))

    # --- sets ---------------------------------------------------------------------------------

    @property
    def everything(self) -> Subset:
        """Every word of the search, in the form its size calls for."""
        return self.compact((1 << len(self.words)) - 1)

    def members(self, subset: Subset) -> list[int]:
        """Word ids in a set, ascending."""
        if isinstance(subset, tuple):
            return list(subset)
        raw = subset.to_bytes((len(self.words) + 7) // 8, "little")
        flags = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little")
        return np.flatnonzero(flags).tolist()

    def compact(self, subset: int) -> Subset:
        """A bitmask set as a tuple when it is small."""
        return tuple(self.members(subset)) if subset.bit_count() <= SMALL else subset

    def size(self, subset: Subset) -> int:
        """Words in a set."""
        return len(subset) if isinstance(subset, tuple) else subset.bit_count()

    def mass(self, subset: Subset) -> int:
        """Total weight of a set."""
        if self.uniform:
            return self.size(subset)
        return sum(self.weights[b] for b in self.members(subset))

    # --- bounds -------------------------------------------------------------------------------

    def static_upper(self, subset: Subset, lives: int) -> int:
        """An upper bound from the set alone: the least of its weight, the coverage bound (with
        one life a won word holds the first letter, with two one of the first two) and the
        one-position family bound."""
        ids = np.asarray(self.members(subset), dtype=np.int64)
        weights = self.weight_array[ids]
        total = int(weights.sum())
        best = total
        if lives <= 2:
            held = self.has[ids]
            if lives == 1:
                best = min(best, int((weights @ held).max()))
            else:
                absent = ~held
                both = (absent.T * weights) @ absent
                np.fill_diagonal(both, total)
                best = min(best, total - int(both.min()))
        for keys_all, free_all in zip(self.family, self.free, strict=True):
            best = min(best, self.family_sum(ids, weights, keys_all, free_all, lives))
        return best

    def family_sum(
        self, ids: Ints, weights: Ints, keys_all: Ints, free_all: npt.NDArray[np.bool_], lives: int
    ) -> int:
        """The sum over the set's one-position families of the family bound: its free words,
        plus its `lives` heaviest other words."""
        free = free_all[ids]
        bound = int(weights[free].sum())
        keys = keys_all[ids][~free]
        if self.uniform:
            return bound + int(np.minimum(np.bincount(keys), lives).sum())
        w = weights[~free]
        order = np.lexsort((-w, keys))
        keys, w = keys[order], w[order]
        starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
        rank = np.arange(len(keys)) - np.repeat(starts, np.diff(np.append(starts, len(keys))))
        return bound + int(w[rank < lives].sum())

    def child_upper(self, subset: Subset, lives: int, mass: int) -> int:
        """A cheap upper bound for an outcome: exact when trivial, the memo's, else its weight."""
        if lives <= 0:
            return 0
        if self.size(subset) <= lives:
            return mass
        entry = self.memo.get((subset, lives))
        return mass if entry is None else entry[1]

    # --- moves --------------------------------------------------------------------------------

    def letter_outcomes(self, subset: Subset) -> list[tuple[int, list[Subset], Subset | None]]:
        """(letter code, hit classes, miss class or None) of every letter that splits the set."""
        out: list[tuple[int, list[Subset], Subset | None]] = []
        if isinstance(subset, tuple):
            ids = np.asarray(subset, dtype=np.int64)
            rows = self.position_array[ids]
            order = np.argsort(rows, axis=0, kind="stable")
            ordered = np.take_along_axis(rows, order, axis=0)
            change = ordered[1:] != ordered[:-1]
            for code in np.flatnonzero(change.any(axis=0)).tolist():
                members = ids[order[:, code]].tolist()
                cuts = [0, *(np.flatnonzero(change[:, code]) + 1).tolist(), len(members)]
                groups: list[Subset] = [tuple(members[a:b]) for a, b in itertools.pairwise(cuts)]
                miss = groups.pop(0) if ordered[0, code] == 0 else None
                out.append((code, groups, miss))
            return out
        for code in range(26):
            hits = subset & self.contains[code]
            if not hits:
                continue
            classes = [c for m in self.hit_classes[code] if (c := subset & m)]
            rest = subset ^ hits
            if len(classes) + (rest != 0) < 2:
                continue
            out.append(
                (
                    code,
                    [self.compact(c) for c in classes],
                    self.compact(rest) if rest else None,
                )
            )
        return out

    def moves(self, subset: Subset, lives: int) -> list[tuple[int, int, list[Child]]]:
        """(bound, letter, outcomes) of the letters worth searching, best bound first (most hits
        next); a letter every candidate holds is searched alone (it costs nothing)."""
        moves: list[tuple[int, int, int, list[Child]]] = []
        for code, hits, miss in self.letter_outcomes(subset):
            children: list[Child] = []
            for c in hits:
                children.append((c, lives, self.child_upper(c, lives, self.mass(c))))
            if miss is None:
                return [(sum(c[2] for c in children), code, children)]
            miss_mass = self.mass(miss)
            children.append((miss, lives - 1, self.child_upper(miss, lives - 1, miss_mass)))
            moves.append((sum(c[2] for c in children), miss_mass, code, children))
        moves.sort(key=lambda m: (-m[0], m[1], m[2]))
        return [(bound, code, children) for bound, _, code, children in moves]

    # --- search -------------------------------------------------------------------------------

    def tick(self) -> None:
        """Count one expanded node; past the deadline, stop."""
        self.nodes += 1
        if self.nodes & 255 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime

    def move_value(self, children: list[Child], bar: int) -> tuple[int, bool]:
        """A move's value when it beats `bar` (True), else an upper bound at most `bar`."""
        remaining = sum(c[2] for c in children)
        if remaining <= bar:
            return remaining, False
        total = 0
        for subset, lives, upper in sorted(children, key=lambda c: -c[2]):
            remaining -= upper
            value, _ = self.value(subset, lives, bar - total - remaining)
            total += value
            if total + remaining <= bar:
                return total + remaining, False
        return total, True

    def value(self, subset: Subset, lives: int, alpha: int) -> tuple[int, bool]:
        """The optimal value (True) when it exceeds `alpha`, else an upper bound <= alpha."""
        if lives <= 0:
            return 0, True
        mass = self.mass(subset)
        if self.size(subset) <= lives:
            return mass, True
        key = (subset, lives)
        entry = self.memo.get(key)
        if entry is None:
            lo, hi = 0, self.static_upper(subset, lives)
            self.memo[key] = (lo, hi)
        else:
            lo, hi = entry
        if lo >= hi:
            return lo, True
        if hi <= alpha:
            return hi, False
        self.tick()
        best, upper = -1, -1
        for bound, _, children in self.moves(subset, lives):
            bar = max(alpha, best, lo - 1)
            if bound <= bar:
                upper = max(upper, bound)
                break
            value, beat = self.move_value(children, bar)
            if beat:
                best = value
                if best >= hi:
                    break
            else:
                upper = max(upper, value)
        lo = max(lo, best)
        if best > alpha and best >= max(upper, lo):
            self.memo[key] = (best, best)
            return best, True
        hi = min(hi, max(upper, best, lo))
        self.memo[key] = (lo, hi)
        return (hi, True) if lo >= hi else (hi, False)

    def relaxed_upper(self, subset: Subset, lives: int, depth: int) -> int:
        """An upper bound from the stored bounds: the best move's outcomes' bounds, `depth`
        plies down (what an unfinished search can still promise)."""
        if lives <= 0:
            return 0
        mass = self.mass(subset)
        if self.size(subset) <= lives:
            return mass
        entry = self.memo.get((subset, lives))
        hi = self.static_upper(subset, lives) if entry is None else entry[1]
        if depth <= 0 or (entry is not None and entry[0] >= hi):
            return hi
        best = 0
        for _, _, children in self.moves(subset, lives):
            best = max(best, sum(self.relaxed_upper(c, k, depth - 1) for c, k, _ in children))
            if best >= hi:
                break
        return min(hi, best)


def length_optimum(words: list[str], **options: Any) -> int:
    """The most of `words` (one length, each equally likely) a strategy can win; `options` are
    `search_length`'s."""
    return search_length(words, **options)[0]


def search_length(
    words: list[str],
    *,
    lives: int,
    counts: list[int] | None = None,
    seconds: float | None = None,
    floor: int = 0,
) -> tuple[int, ExactSearch]:
    """The most of `words` (one length, each equally likely) a strategy can win with `lives`,
    and the search that found it (its node count and memo); with `counts`, the most games
    when word i is played counts[i] times. With `seconds`, raise OutOfTime past that budget;
    `floor`, wins some strategy is known to reach, prunes."""
    if len({len(w) for w in words}) > 1:
        raise GameStateError("the words of one optimum must share one length")
    if lives < 1:
        raise GameStateError(f"lives must be at least 1, not {lives}")
    if not words:
        return 0, ExactSearch([], [])
    weights = [1] * len(words) if counts is None else [int(c) for c in counts]
    deadline = math.inf if seconds is None else time.perf_counter() + seconds
    search = ExactSearch(list(words), weights, deadline)
    value, exact = search.value(search.everything, lives, floor - 1)
    if not exact:
        raise GameStateError(f"no strategy wins {floor} of these words with {lives} lives")
    return value, search


def exact_optimum(
    table: pd.DataFrame,
    *,
    lives: int = 6,
    max_words: int | None = DEFAULT_MAX_WORDS,
    per_row: bool = False,
    seconds: float | None = None,
    floors: dict[int, int] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Optimum:
    """Per word length of the table's distinct words, the best achievable number of wins
    under a uniform prior (the maximum over all strategies), exact where `max_words` (None: no
    limit) and `seconds` per length allow; with `per_row`, of games when every row is played
    once (a word on k rows counts k times). `floors`: wins per length a strategy is known to
    reach (they prune, and bound a length the search does not finish from below)."""
    lexicon = lexicon_from_table(table)
    pool = pool_for(lexicon, prior="uniform")
    enc = lexicon.enc
    rows = np.bincount(lexicon.row_ids, minlength=lexicon.size)
    out: list[LengthOptimum] = []
    for length in sorted({int(x) for x in enc.lengths[pool.ids]}):
        ids = pool.ids[enc.lengths[pool.ids] == length]
        counts = [int(rows[i]) for i in ids] if per_row else [1] * len(ids)
        floor = (floors or {}).get(length, 0)
        out.append(
            one_length(
                [enc.words[i] for i in ids],
                counts,
                lives=lives,
                searched=max_words is None or len(ids) <= max_words,
                seconds=seconds,
                floor=floor,
            )
        )
        if progress:
            progress(len(ids))
    return Optimum(lives, out)


def one_length(
    words: list[str],
    counts: list[int],
    *,
    lives: int,
    searched: bool,
    seconds: float | None,
    floor: int,
) -> LengthOptimum:
    """The optimum of one length, or its bounds when the search is skipped or runs out of time."""
    length, total = len(words[0]), sum(counts)
    if not searched:
        return LengthOptimum(length, total, None, 0.0, floor or None, None)
    started = time.perf_counter()
    search = ExactSearch(list(words), counts)
    if seconds is not None:
        search.deadline = started + seconds
    try:
        won, exact = search.value(search.everything, lives, floor - 1)
    except OutOfTime:
        upper = search.relaxed_upper(search.everything, lives, depth=1)
        spent = time.perf_counter() - started
        return LengthOptimum(length, total, None, spent, floor or None, upper, search.nodes)
    if not exact:
        raise GameStateError(f"no strategy wins {floor} of the {length}-letter words")
    spent = time.perf_counter() - started
    return LengthOptimum(length, total, won, spent, won, won, search.nodes)
