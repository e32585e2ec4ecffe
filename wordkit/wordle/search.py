"""Exact Wordle search: the decision tree with the least total guesses from an opener.

cost(S, d) = |S| + Σ cost(S_p, d-1) over the non-winning buckets S_p of the best guess,
with cost({a}, d ≥ 1) = 1 and cost(S, d) = ∞ (INF) when S cannot be solved within d
guesses: every answer must be found within the game's limit (`max_guesses`, 6 by default;
None = unlimited). Bounds: a set of n answers needs at least 2n-1 guesses (one answer found
at the first guess, the rest at the second at best), 2n if no answer in it splits it into
singletons, and per guess n + Σ (2|S_p| - 1), vectorised over all guesses; with two
guesses left only a guess splitting S into singletons is feasible. Two bounds hold for a
whole subtree, since a guess splits a subset no finer than its superset: `level_floor` (no
guess leaves more than m buckets, so guess k meets at most m^(k-1) positions; m = 1, one
answer at a time, is solved in closed form) and `chain_floor` (every guess leaves n - k
answers together). Without them a rhyme family (_AT, or the 26 one-letter words) took
exponential time to prove what they show at once. Guesses are tried in
order of that bound (ties broken by sum of squared bucket sizes), with alpha-beta style
budgets, and results are memoised on (answer subset, legal set, min(d, n)): a tree that
never plays a useless guess solves n answers within n guesses, so d ≥ n is no limit.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import numpy as np

from wordkit import cache, outputs
from wordkit.errors import InputFileError, WordkitError
from wordkit.notices import notice
from wordkit.wordle import partitions
from wordkit.wordle.lists import Wordle, legal_key
from wordkit.wordle.rules import (
    MAX_GUESSES,
    Pattern,
    Turn,
    all_green,
    feedback,
    pattern_str,
)

Subset = np.ndarray  # sorted answer indices
Rows = np.ndarray  # guess rows
Tree = dict  # {"guess": word, "total": int, "next": {pattern_str: Tree}}

INF = 1 << 40  # the cost of an infeasible subset; any lower bound ≥ INF proves infeasibility
UNLIMITED = 1 << 30  # a depth that never binds


MEMO_LIMIT = 1_000_000
"""Positions memoised at most (a few hundred MB); past it the oldest half is forgotten, which
costs time to solve them again but never changes a result."""


class DepthLimitError(WordkitError):
    """The answers cannot all be solved within the guess limit."""


class SearchTimeout(Exception):
    """The search passed its deadline; what it memoised so far stays valid."""


def trivial_cost(n: int, depth: int) -> int:
    """Least total guesses for n ≤ 2 answers or depth ≤ 1 (INF if infeasible)."""
    if n == 1:
        return 1 if depth >= 1 else INF
    return 2 * n - 1 if n == 2 and depth >= 2 else INF


def level_floor(n: int, m: int, depth: int) -> int:
    """Least total guesses for n answers within `depth` guesses when no guess leaves more than
    `m` non-winning buckets (INF if they cannot fit).

    Guess k of a game is played at no more than m^(k-1) positions, each finding at most one
    answer, so the best conceivable tree fills the levels in order. A guess's bucket count on
    a subset is at most its count on any superset (and a guess that left the subset loses its
    winning bucket), so `m` bounds every position below too. With m = 1 (every guess finds at
    most one answer and keeps the rest together, as in a _AT family) this is n(n+1)/2, and
    exact: then any answer is a best guess.
    """
    if m <= 1:
        return n * (n + 1) // 2 if n <= depth else INF
    total, level, width, left = 0, 1, 1, n
    while left > 0:
        if level > depth:
            return INF
        found = min(width, left)
        total, left = total + found * level, left - found
        level, width = level + 1, width * m
    return total


def chain_floor(n: int, k: int, depth: int) -> int:
    """Least total guesses for n answers within `depth` guesses when every guess leaves a
    bucket of at least n - k of them (INF if they cannot fit).

    A guess's largest bucket on a subset T of S loses at most |S \\ T| answers, so in every
    position below, of t answers, each guess still leaves t - k together: some path of the
    tree meets positions of n, n - k, n - 2k... answers, each one guess.
    """
    k = max(k, 1)
    steps = -(-n // k)
    if steps > depth:
        return INF
    return sum(n - i * k for i in range(steps))


LEGAL_KEYS_KEPT = 512
"""Hard-mode masks whose keys are kept (each holds its mask: 13 KB with 12,972 guesses); a
mask is keyed again soon after it is made, at its floors and its search."""
CHAIN_MAX = 64
"""`chain_floor` is tried on subsets up to this size (its bucket sizes cost a pass more)."""
SPLIT_PASS_MIN = 1000
"""`evaluate` bounds each child by its best split (`split_floor`) before solving any of them
when the parent holds at least this many answers (`TreeSearch.split_pass_min`) and has a total
to beat: one pass per child over every guess, paid back when it proves a guess cannot win
without searching a child first. With the compiled kernels the children's own searches prune as
well below this size on the usual game (tuned on 24 openers of seed 2026 cut at 7,921 and SALET,
TRACE, CRANE exact: 200 took 2.13 s and 0.49 / 2.61 / 1.34 s, 1,000 took 1.8-2.0 s and
0.42 / 2.16-2.23 / 1.28-1.30 s). Families of words one letter apart (`bells bills bolls ...`)
split into few buckets, so their split floors are far above 2n - 1 and the pass pays off far
lower: `bench/full_game.py` sets it to FAMILY_SPLIT_PASS_MIN."""
FAMILY_SPLIT_PASS_MIN = 30
"""The split pass's threshold for games of word families (every allowed word an answer): a
174-answer bucket of LANTS proven in 33 s with it, not in 40 minutes without."""
ANSWER_SPLITS_LIMIT = 50_000
"""Subsets whose `answer_split` is memoised at most: the same small buckets come back under
guess after guess within one position's search (TRACE's 113-answer bucket: 48,655 calls on
17,953 subsets), far less across openers (1,500 random openers cut at 7,921 in one process:
87 s and 150 MB with 50,000 kept, 89 s and 178 MB with 200,000, 91 s and 128 MB with none)."""
SPLIT_BOUND = -2
"""The best-guess row of a memo entry that holds `split_floor`'s bound (not computed again)."""


class SharedPosition(Protocol):
    """One position searched by several workers at once: the ranks of its guesses (their
    places in the search's order) that each claims, and the least total any of them found."""

    def claim(self) -> Sequence[int]:
        """The next ranks for this worker, increasing, none claimed before (empty, or past the
        end of the order: none left)."""

    def get(self) -> tuple[int, int]:
        """The least total offered so far and the least rank reaching it ((INF, -1) before any)."""

    def offer(self, total: int, rank: int) -> None:
        """Offer the exact total of the guess at `rank`: kept if it is the least (total, rank)."""

    def worth(self, end: int) -> None:
        """The ranks from `end` on can no longer beat the least total: told to whoever hands
        the work out (it joins workers to a position while many ranks are left)."""


@dataclass
class _Choices:
    """The guesses a position still has to try: `rows` with their bounds `lb`, `order` the
    indices in the order to try them, the position's floor, and the bucket counts its
    children inherit (`hint`)."""

    rows: Rows
    lb: np.ndarray
    order: np.ndarray
    floor: int
    hint: tuple[Rows, np.ndarray]


@dataclass
class TreeSearch:
    """Memoised exact search over subsets of answers (normal or hard mode).

    `limit` > 0 tries only that many guesses per position (best bound first): much faster,
    but then the result is an upper bound (a valid tree) rather than a proven optimum;
    `wide` = (size, more) tries `more` guesses instead at positions of at least `size`
    answers, where the choice weighs most and the positions are few.
    `max_guesses` is the game's limit (every answer solved within it; None = unlimited).
    `deadline` (a time.monotonic() value) makes a search that passes it raise SearchTimeout:
    an interactive decision must come back in seconds; None searches however long it takes.
    """

    game: Wordle
    hard: bool = False
    limit: int = 0
    wide: tuple[int, int] = (0, 0)
    max_guesses: int | None = MAX_GUESSES
    deadline: float | None = None
    node_limit: int = 0
    """Nodes searched after which SearchTimeout is raised (0: no limit): a bound on the work
    that, unlike `deadline`, gives the same answer under any load."""
    # (subset bytes, legal-set key, min(depth, n)) → (value, exact?, best guess row or -1)
    memo: dict = field(default_factory=dict, repr=False)
    memo_limit: int = MEMO_LIMIT
    split_pass_min: int = SPLIT_PASS_MIN
    nodes: int = 0
    legal_keys: dict = field(default_factory=dict, repr=False)
    answer_splits: dict = field(default_factory=dict, repr=False)  # subset bytes → row or -1

    def __post_init__(self) -> None:
        g = self.game
        self.ng = len(g.guesses)
        self.all_rows = np.arange(self.ng)
        self.answer_rows = g.answer_rows
        self.win = g.win

    # -- hard mode ------------------------------------------------------------------------

    def memo_key(self, subset: Subset, legal: np.ndarray | None, depth: int) -> tuple:
        """Memo key of a position: depth ≥ n never binds, so it is capped at n."""
        return (subset.tobytes(), self.legal_key(legal), min(depth, len(subset)))

    def legal_key(self, legal: np.ndarray | None) -> bytes:
        """`legal_key` of a mask, hashed once per mask object: a hard-mode position's mask is
        keyed again at each of its floors, bounds and searches. A keyed mask is made read-only
        (a change would not change its key), and the entry holds it, so its id cannot name
        another mask while kept."""
        if legal is None:
            return b""
        hit = self.legal_keys.get(id(legal))
        if hit is not None and hit[0] is legal:
            return hit[1]
        key = legal_key(legal)
        legal.setflags(write=False)  # keyed by identity: a change in place would go unseen
        cache.make_room(self.legal_keys, LEGAL_KEYS_KEPT)
        self.legal_keys[id(legal)] = (legal, key)
        return key

    @property
    def root_depth(self) -> int:
        """Guesses allowed for the whole game (UNLIMITED when max_guesses is None)."""
        return UNLIMITED if self.max_guesses is None else self.max_guesses

    # -- partition statistics -------------------------------------------------------------

    def answer_split(self, subset: Subset) -> int:
        """A row among the subset's answers splitting it into singletons, or -1 (memoised:
        the same small buckets come back under guess after guess, each refuted by its
        children's floors)."""
        key = subset.tobytes()
        row = self.answer_splits.get(key)
        if row is None:
            rows = self.answer_rows[subset]
            ok = np.flatnonzero(partitions.bucket_count(self.game, rows, subset) == len(subset))
            # Every remaining answer is also legal in hard mode, so no filter is needed.
            row = int(rows[ok[0]]) if len(ok) else -1
            cache.make_room(self.answer_splits, min(self.memo_limit, ANSWER_SPLITS_LIMIT))
            self.answer_splits[key] = row
        return row

    def floor(self, subset: Subset, legal: np.ndarray | None, depth: int) -> int:
        """A cheap lower bound: memo (this depth, else unlimited), else 2n-1 or 2n."""
        n = len(subset)
        if n <= 2 or depth <= 1:
            return trivial_cost(n, depth)
        for d in (depth, n) if depth < n else (n,):
            hit = self.memo.get(self.memo_key(subset, legal, d))
            if hit is not None:
                return int(hit[0])
        return 2 * n - 1 if self.answer_split(subset) >= 0 else 2 * n

    def split_floor(self, subset: Subset, legal: np.ndarray | None, depth: int) -> int:
        """A lower bound on `solve(subset, legal, depth)` from the best split any playable
        guess makes of it, memoised (as a bound) for the searches that follow.

        With guess g first, the total is n + Σ cost(b) over g's non-winning buckets b, and a
        bucket costs at least 2|b| - 1, so at least 3n - [g in subset] - buckets(g); a guess
        leaving one bucket outside the subset only adds a guess. `level_floor` of the widest
        split bounds the whole subtree too. With two guesses left, only a split into
        singletons fits (2n, or 2n - 1 when an answer makes it)."""
        n = len(subset)
        if n <= 2 or depth <= 1:
            return trivial_cost(n, depth)
        depth = min(depth, n)
        key = self.memo_key(subset, legal, depth)
        hit = self.memo.get(key)
        if hit is not None and (hit[1] or hit[2] == SPLIT_BOUND):
            return int(hit[0])
        self.check_deadline()
        rows = self.all_rows if legal is None else np.flatnonzero(legal)
        nb = partitions.bucket_count(self.game, rows, subset)
        ins = np.zeros(self.ng, dtype=bool)
        ins[self.answer_rows[subset]] = True
        won = ins[rows]
        if depth == 2:
            splits = nb == n
            value = INF if not splits.any() else 2 * n - int((splits & won).any())
        else:
            lb = 3 * n - won - nb
            lb[(nb == 1) & ~won] = INF
            widest = int((nb - won).max()) if len(rows) else 0
            value = max(int(lb.min()) if len(lb) else INF, 2 * n - 1, level_floor(n, widest, depth))
        value = min(value, INF)
        if hit is None or value >= hit[0]:
            self.remember(key, (value, value >= INF, -1 if value >= INF else SPLIT_BOUND))
        return max(value, int(hit[0])) if hit is not None else value

    # -- search ---------------------------------------------------------------------------

    def solve(
        self,
        subset: Subset,
        legal: np.ndarray | None = None,
        *,
        beta: int = INF,
        hint: tuple[Rows, np.ndarray] | None = None,
        depth: int = UNLIMITED,
    ) -> int:
        """Least total guesses for `subset` within `depth` guesses if below beta, else a
        lower bound ≥ beta (INF: infeasible).

        `hint` is (rows, bucket counts) at the parent: a guess splits a subset into no
        more buckets than it split any superset, which prunes rows before counting.
        """
        n = len(subset)
        if n <= 2 or depth <= 1:
            return trivial_cost(n, depth)
        if beta <= 2 * n - 1:
            return 2 * n - 1
        key = self.memo_key(subset, legal, depth)
        hit = self.memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= beta):
            return int(hit[0])
        self.nodes += 1
        self.check_deadline()
        value, exact, row = self._search(subset, legal, beta, hint, min(depth, n))
        if value >= INF:  # a lower bound ≥ INF proves that no tree fits in the depth
            value, exact, row = INF, True, -1
        if hit is None or exact or value > hit[0]:
            self.remember(key, (value, exact, row))
        return value

    def check_deadline(self) -> None:
        """SearchTimeout once past the deadline: checked at each node searched and each split
        bound computed (a wide position bounds thousands of guesses' buckets between nodes)."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchTimeout(f"the exact search passed its deadline after {self.nodes} nodes")
        if self.node_limit and self.nodes > self.node_limit:
            raise SearchTimeout(f"the exact search passed its {self.node_limit} nodes")

    def remember(self, key: tuple, entry: tuple[int, bool, int]) -> None:
        """Memoise a position, forgetting the oldest half once the memo is full."""
        if key not in self.memo:
            cache.make_room(self.memo, self.memo_limit)
        self.memo[key] = entry

    def _search(
        self,
        subset: Subset,
        legal: np.ndarray | None,
        beta: int,
        hint: tuple[Rows, np.ndarray] | None,
        depth: int,
    ) -> tuple[int, bool, int]:
        """(value, exact, row) of a subset of n ≥ 3 answers with `depth` ≥ 2 guesses left:
        exact, the least total guesses and a first guess (row) achieving it; else a lower
        bound ≥ `beta` (no row), the proof that nothing here beats beta.

        The guesses that can still beat beta come from `_choices` (which states why each of
        its cuts is sound), in order of their bound, then of the sum of squared bucket sizes;
        each is tried against the best total so far (`evaluate` stops a guess as soon as its
        buckets' floors reach it), and the first guess reaching the best total is kept."""
        choices = self._choices(subset, legal, beta, hint, depth)
        if isinstance(choices, tuple):
            return choices
        value, rank = self._least_total(
            choices, range(len(choices.order)), subset, legal, beta, depth
        )
        return value, rank >= 0, int(choices.rows[choices.order[rank]]) if rank >= 0 else -1

    def solve_shared(
        self, subset: Subset, legal: np.ndarray | None, beta: int, depth: int,
        shared: SharedPosition,
    ) -> tuple[int, int, int]:  # fmt: skip
        """This worker's part of a position several search at once, every one with the same
        beta: the guesses whose ranks it claims from `shared`. (total, row, rank): the least
        total it found below beta, its first guess reaching it and that guess's rank in the
        search's order; else (a lower bound on every guess it tried, -1, -1).

        The position's value is the least total over its workers, its guess the one of least
        rank among those reaching it: what `_search` gives, which keeps the first guess in
        order reaching the least total M. Every worker orders the same guesses the same way
        (the order depends on the subset, the legal guesses and beta alone). A rank is tried
        against the least total G offered so far, or G + 1 if it comes before the rank that
        reached G (a tie there is still the first in order); every G is an exact total, so the
        rank r* of M is tried against more than M by whoever claims it, and found exactly. A
        worker stops at a rank whose bound reaches its cap; ranks are claimed in order of
        bound, so none up to r* is left unclaimed then. A worker pruned by the others' totals
        returns a bound no lower than G, which one of them returns exact."""
        n = len(subset)
        depth = min(depth, n)
        if n <= 2 or depth <= 1:
            value = trivial_cost(n, depth)
            return (value, int(self.answer_rows[subset[0]]), 0) if value < beta else (value, -1, -1)
        self.nodes += 1
        self.check_deadline()
        choices = self._choices(subset, legal, beta, None, depth)
        if isinstance(choices, tuple):
            value, exact, row = choices
            value = min(value, INF)
            return (value, row, 0) if exact and row >= 0 and value < beta else (value, -1, -1)

        def claimed() -> Iterator[int]:
            while ranks := shared.claim():
                for rank in ranks:
                    if rank >= len(choices.order):
                        return
                    yield rank

        value, rank = self._least_total(choices, claimed(), subset, legal, beta, depth, shared)
        if rank < 0:
            return min(value, INF), -1, -1
        return value, int(choices.rows[choices.order[rank]]), rank

    def _least_total(
        self,
        choices: _Choices,
        ranks: Iterable[int],
        subset: Subset,
        legal: np.ndarray | None,
        beta: int,
        depth: int,
        shared: SharedPosition | None = None,
    ) -> tuple[int, int]:
        """The guesses at `ranks` (increasing) tried in turn against the least total so far
        (and, shared, the others' least: see `solve_shared`): (that total, the first rank
        reaching it) if below beta, else (a lower bound on every guess tried, -1)."""
        rows, lb, order = choices.rows, choices.lb, choices.order
        best, best_rank = beta, -1
        # The bounds in rank order (ascending): how many ranks can still win, told the others.
        ranked = lb[order] if shared is not None else lb
        if shared is not None:
            shared.worth(int(np.searchsorted(ranked, min(beta, shared.get()[0]))))
        for rank in ranks:
            i = order[rank]
            cap = best
            if shared is not None:
                total, first = shared.get()
                cap = min(cap, total if rank > first else total + 1)
            if lb[i] >= cap:
                break
            total = self.evaluate(int(rows[i]), subset, legal, cap, choices.hint, depth)
            if total < cap:
                best, best_rank = total, rank
                if shared is not None:
                    shared.offer(total, rank)
                    shared.worth(int(np.searchsorted(ranked, total)))
                if best <= choices.floor:
                    break
        if best_rank < 0:
            # Every guess tried was refuted against a cap no lower than the least total now.
            floor = beta if shared is None else min(beta, shared.get()[0])
            return max(floor, choices.floor), -1
        return best, best_rank

    def _choices(
        self,
        subset: Subset,
        legal: np.ndarray | None,
        beta: int,
        hint: tuple[Rows, np.ndarray] | None,
        depth: int,
    ) -> tuple[int, bool, int] | _Choices:
        """The guesses of a subset of n ≥ 3 answers (`depth` ≥ 2 guesses left) that can still
        beat beta, in the order to try them, or (value, exact, row) when no guess need be
        tried.

        Why each cut is sound. An answer costs at least 1 guess, and at most one answer is
        won by the first guess, so the total is ≥ 2n - 1, reached only by a guess splitting
        the subset into singletons while being one of them (`answer_split`), else ≥ 2n. With g
        first, the total is n + Σ cost(b) over g's non-winning buckets b, each ≥ 2|b| - 1, so
        g can beat beta only if 3n - [g in subset] - buckets(g) < beta; a guess splits a subset
        into no more buckets than it splits any superset, so the parent's counts (`hint`)
        discard rows before they are counted. When no playable guess makes more than `widest`
        non-winning buckets, at any depth below either, `level_floor` (and for small subsets
        `chain_floor`) bounds the whole subtree."""
        n = len(subset)
        row = self.answer_split(subset)
        if row >= 0:
            return 2 * n - 1, True, row
        if beta <= 2 * n:
            return 2 * n, False, -1
        # A guess can beat beta only if n + Σ(2|b|-1) = 3n - [in subset] - buckets < beta,
        # so it must make more than 3n - 1 - beta buckets.
        need = 3 * n - 1 - beta
        if hint is None:
            hint = (self.all_rows, np.full(self.ng, INF, dtype=np.int64))
        all_rows, ub = hint
        ub = np.minimum(ub, n)
        sel = ub > need
        if legal is not None:
            sel &= legal[all_rows]
        rows = all_rows[sel]
        ins = np.zeros(self.ng, dtype=bool)
        ins[self.answer_rows[subset]] = True
        split = partitions.Split(self.game, rows, subset)
        nb = split.buckets
        # Children inherit these counts as upper bounds (the rest keep their old bounds).
        ub[sel] = nb
        child_hint = (all_rows, ub)
        # The most non-winning buckets any playable guess leaves (the rows not counted are
        # bounded by their inherited counts) bounds the whole subtree: see level_floor.
        playable = ~sel if legal is None else ~sel & legal[all_rows]
        widest = max(
            int((nb - ins[rows]).max()) if len(rows) else 0,
            int(ub[playable].max()) if playable.any() else 0,
        )
        levels = level_floor(n, widest, depth)
        if widest > 1 and n <= CHAIN_MAX and levels < beta:
            levels = max(levels, self.chain(subset, split, ub[playable], depth))
        if levels >= INF:
            return INF, True, -1
        if widest <= 1:  # exact: one answer at a time, any of them first
            return levels, True, int(self.answer_rows[subset[0]])
        if levels >= beta:
            return levels, False, -1
        if depth == 2:
            # The last guess but one must split the subset into singletons (none of them
            # is an answer: answer_split found none), else nothing fits.
            singles = rows[nb == n]
            return (2 * n, True, int(singles[0])) if len(singles) else (INF, True, -1)
        lb = 3 * n - ins[rows] - nb
        lb[(nb == 1) & ~ins[rows]] = INF  # one bucket and no chance of winning: useless
        least = int(lb.min()) if len(lb) else INF
        if playable.any():
            # A playable guess left out above makes too few buckets to beat beta: its total
            # is at least beta, and no more is known of it (INF would claim it infeasible,
            # and a later search with a higher beta would read that from the memo).
            least = min(least, beta)
        floor_node = max(least, 2 * n, levels)
        if floor_node >= beta:
            return floor_node, False, -1
        keep = np.flatnonzero(lb < beta)
        rows, lb = rows[keep], lb[keep]
        ss = split.squares(keep)
        order = np.lexsort((ss, lb))
        if self.limit:
            wide_from, wide_limit = self.wide
            order = order[: wide_limit if 0 < wide_from <= n and wide_limit > 0 else self.limit]
        return _Choices(rows, lb, order, floor_node, child_hint)

    def chain(self, subset: Subset, split: partitions.Split, ub: np.ndarray, d: int) -> int:
        """`chain_floor` of a subset: `split` holds the guesses counted, `ub` the bucket
        counts of the other playable guesses at most."""
        n = len(subset)
        largest = split.largest()
        # An uncounted guess leaves its n - [won] non-winning answers in at most ub buckets.
        fewest = int(largest.min()) if len(largest) else n
        if len(ub):
            fewest = min(fewest, -(-(n - 1) // int(max(ub.max(), 1))))
        return chain_floor(n, n - fewest, d)

    def buckets(self, row: int, subset: Subset) -> list[tuple[int, Subset]]:
        """Non-winning (pattern, bucket) pairs of `subset` under guess `row`, largest first."""
        return [(p, b) for p, b in partitions.buckets(self.game, row, subset) if p != self.win]

    def child_legal(self, legal: np.ndarray | None, row: int, pattern: int) -> np.ndarray | None:
        """The legal-guess mask after `row` got `pattern` (None in normal mode)."""
        return self.game.legal_after(legal, row, pattern)

    def evaluate(
        self,
        row: int,
        subset: Subset,
        legal: np.ndarray | None,
        best: int = INF,
        hint: tuple[Rows, np.ndarray] | None = None,
        depth: int = UNLIMITED,
    ) -> int:
        """Total guesses with `row` first within `depth` guesses, or a value ≥ best once it
        cannot beat best (≥ INF: infeasible)."""
        # Buckets of one or two answers are solved without looking at the legal guesses.
        children = [
            (b, self.child_legal(legal, row, p) if len(b) > 2 else None)
            for p, b in self.buckets(row, subset)
        ]
        if depth <= 1 and children:
            return INF
        total = len(subset)
        rest = sum(2 * len(b) - 1 for b, _ in children)
        if total + rest >= best:
            return total + rest
        floors = []
        for b, c in children:
            f = self.floor(b, c, depth - 1)
            rest += f - (2 * len(b) - 1)
            floors.append(f)
            if total + rest >= best:
                return total + rest
        # The split pass only prunes against `best`: with none to beat (an opener solved
        # whole, no cutoff) it is skipped; the children's own searches bound themselves.
        if len(subset) >= self.split_pass_min and best < INF:
            for i, (b, c) in enumerate(children):
                f = self.split_floor(b, c, depth - 1)
                if f > floors[i]:
                    rest, floors[i] = rest + f - floors[i], f
                    if total + rest >= best:
                        return total + rest
        for (b, c), f in zip(children, floors, strict=True):
            rest -= f
            total += self.solve(b, c, beta=best - total - rest, hint=hint, depth=depth - 1)
            if total + rest >= best:
                return total + rest
        return total

    # -- results --------------------------------------------------------------------------

    def root_legal(self) -> np.ndarray | None:
        """The legal mask before any guess (None in normal mode)."""
        return np.ones(self.ng, dtype=bool) if self.hard else None

    def best(
        self, subset: Subset, legal_rows: Rows | None = None, depth: int | None = None
    ) -> tuple[int, int]:
        """(least total guesses, best guess row) for a subset within `depth` guesses
        (default: the whole game's max_guesses); DepthLimitError if none fits."""
        subset = np.sort(np.asarray(subset, dtype=np.int64))
        legal = None
        if self.hard:
            legal = np.zeros(self.ng, dtype=bool)
            legal[self.all_rows if legal_rows is None else legal_rows] = True
        depth = self.root_depth if depth is None else depth
        value = self.solve(subset, legal, depth=depth)
        if value >= INF:
            raise DepthLimitError(f"{len(subset)} answers cannot all be solved in {depth} guesses")
        return value, self.next_row(subset, legal, depth)

    def total_with(self, opener: str, subset: Subset | None = None) -> int:
        """Least total guesses over the answers when the first guess is `opener`, each
        answer within max_guesses (INF if impossible)."""
        row = self.game.check_guess(opener)
        subset = self.game.all_answers() if subset is None else np.sort(subset)
        return min(self.evaluate(row, subset, self.root_legal(), depth=self.root_depth), INF)

    def tree(self, opener: str, subset: Subset | None = None) -> Tree:
        """The optimal decision tree from `opener` as nested dicts (solving as needed)."""
        if self.total_with(opener, subset) >= INF:
            raise DepthLimitError(f"{opener!r} cannot solve every answer in {self.root_depth}")
        row = self.game.check_guess(opener)
        subset = self.game.all_answers() if subset is None else np.sort(subset)
        return self._tree(row, subset, self.root_legal(), self.root_depth)

    def next_row(self, subset: Subset, legal: np.ndarray | None, depth: int = UNLIMITED) -> int:
        """The best first guess for a feasible subset (solving it if needed)."""
        n = len(subset)
        if n <= 2:
            return int(self.answer_rows[subset[0]])
        self.solve(subset, legal, depth=depth)
        return int(self.memo[self.memo_key(subset, legal, depth)][2])

    def _tree(self, row: int, subset: Subset, legal: np.ndarray | None, depth: int) -> Tree:
        """The tree that guesses `row` on `subset` with `depth` guesses left, then in each
        non-winning bucket the guess `next_row` finds (from the memo the search filled, else a
        search of its own), down to singletons: {"guess", "total": the guesses summed over the
        subset's answers, this one included, "next": the subtree per feedback pattern}. The
        caller guarantees that `row` solves `subset` within `depth` (the search chose it), so
        every bucket is solvable within `depth` - 1."""
        g = self.game
        nxt: dict[str, Tree] = {}
        total = len(subset)
        for p, b in self.buckets(row, subset):
            c = self.child_legal(legal, row, p)
            sub = self._tree(self.next_row(b, c, depth - 1), b, c, depth - 1)
            total += sub["total"]
            nxt[pattern_str(p, g.length)] = sub
        return {"guess": g.guesses[row], "total": total, "next": nxt}


# ---------------------------------------------------------------------------------------
# Trees: totals, lookups, save and load


def tree_play(tree: Tree, answer: str, length: int = 5) -> list[tuple[str, Pattern]]:
    """The (guess, pattern) turns the tree plays against `answer`."""
    turns: list[tuple[str, Pattern]] = []
    node: Tree | None = tree
    while node is not None:
        p = feedback(node["guess"], answer)
        turns.append((node["guess"], p))
        if p == all_green(length):
            return turns
        node = node["next"].get(pattern_str(p, length))
    raise InputFileError(f"the decision tree does not cover the answer {answer!r}")


def tree_node(tree: Tree, history: Sequence[Turn], length: int = 5) -> Tree | None:
    """The subtree reached after `history` (its "guess" is the next guess), or None if the
    history left the tree."""
    node = tree
    for guess, pattern in history:
        if node["guess"] != guess:
            return None
        nxt = node["next"].get(pattern_str(pattern, length))
        if nxt is None:
            return None
        node = nxt
    return node


def save_tree(tree: Tree, path: str | os.PathLike[str]) -> None:
    """Write a tree as JSON (atomically)."""
    outputs.write(json.dumps(tree, separators=(",", ":")), os.fspath(path))


def load_tree(path: str | os.PathLike[str]) -> Tree:
    """Read a tree saved by save_tree."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise InputFileError(f"cannot read decision tree {path}: {e}") from e
    if not is_tree(data):
        raise InputFileError(f"{path} is not a wordkit decision tree")
    return data


def is_tree(data: object, guesses: dict[str, int] | None = None) -> bool:
    """Whether `data` is a whole decision tree: every node a guess (known, when `guesses` is
    given), an integer total and a dict of subtrees."""
    stack = [data]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            return False
        guess, total, nxt = node.get("guess"), node.get("total"), node.get("next")
        if not isinstance(guess, str) or not isinstance(total, int) or not isinstance(nxt, dict):
            return False
        if guesses is not None and guess not in guesses:
            return False
        stack.extend(nxt.values())
    return True


def tree_name(game: Wordle, opener: str, hard: bool, max_guesses: int | None = MAX_GUESSES) -> str:
    """The cache file name of the optimal tree for an opener (and guess limit)."""
    mode = "hard" if hard else "normal"
    limit = "unlimited" if max_guesses is None else f"max{max_guesses}"
    return f"wordle-tree-{game.key}-{opener.lower()}-{mode}-{limit}.json"


def tree_path(game: Wordle, opener: str, hard: bool, max_guesses: int | None = MAX_GUESSES) -> Path:
    """Where the cached optimal tree for an opener (and guess limit) lives."""
    return cache.cache_path(tree_name(game, opener, hard, max_guesses))


def optimal_tree(
    game: Wordle,
    opener: str,
    hard: bool = False,
    use_disk: bool = True,
    max_guesses: int | None = MAX_GUESSES,
    deadline: float | None = None,
) -> Tree:
    """The optimal tree from `opener` within `max_guesses` (None = unlimited), cached on disk;
    a damaged cache file is ignored and rebuilt. SearchTimeout once past `deadline`."""
    name = tree_name(game, opener, hard, max_guesses)
    if use_disk:
        cached = cache.read_cached_json(name, dict)
        if cached is not None and is_tree(cached, game.guess_index):
            return cached
    mode = ", hard mode" if hard else ""
    notice(f"searching the optimal decision tree from {opener.upper()}{mode}; once, then cached")
    tree = TreeSearch(game, hard=hard, max_guesses=max_guesses, deadline=deadline).tree(opener)
    if use_disk:
        cache.write_cached(name, json.dumps(tree, separators=(",", ":")))
    return tree
