"""The endgame under a prior: the guess that solves a small set of answers in the fewest
expected guesses, each answer weighted by its prior, within the guesses left.

cost(S, d) = m(S) + Σ cost(S_p, d-1) over the non-winning buckets S_p of the best guess, where
m(S) is the prior mass of S; cost({a}, d ≥ 1) = m(a), and an answer that cannot be found
within d guesses costs FAIL per unit of mass. A bucket needs at least 2m - max more (its
heaviest answer found at once, the rest at the next guess at best), which orders the guesses
and prunes them. The guesses tried at each position are its remaining answers plus the
`extra` most informative guesses of the position the search started from (a beam: exact
over those guesses, not over every allowed word); values are memoised per (subset, legal
set, min(d, n), those extra guesses), so a decision never depends on what was searched
before it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordkit import cache
from wordkit.wordle import partitions
from wordkit.wordle.guessers.base import Decision, decision
from wordkit.wordle.lists import Wordle, legal_key
from wordkit.wordle.rules import State
from wordkit.wordle.search import MEMO_LIMIT, SearchTimeout

Subset = np.ndarray

FAIL = 20.0
"""The cost, per unit of prior mass, of an answer not found within the guesses left: a
lost game counts as 20 guesses."""
LOSS = 0.5
"""And each lost answer costs this much more, whatever its prior (in units of the largest
prior): stats counts every game alike, so an unlikely answer lost is a game lost too, and
the search gives up expected guesses to find every answer within the limit."""


@dataclass
class WeightedSearch:
    """Memoised least-expected-guesses search over small subsets of answers under a prior."""

    game: Wordle
    hard: bool = False
    extra: int = 24
    """Guesses beyond the remaining answers tried at each position (most informative first)."""
    beam: int = 40
    """At most this many guesses are searched in full per position (best bound first)."""
    deadline: float | None = None
    memo: dict = field(default_factory=dict, repr=False)
    memo_limit: int = MEMO_LIMIT
    """Positions memoised at most; past it the oldest half is forgotten (never a result)."""
    nodes: int = 0

    def __post_init__(self) -> None:
        self.prior = self.game.prior
        self.loss = LOSS * float(self.prior.max()) if len(self.prior) else 0.0
        self.answer_rows = self.game.answer_rows
        self.win = self.game.win

    def best(self, subset: Subset, legal_rows: np.ndarray, depth: int) -> tuple[float, int]:
        """(expected guesses to solve `subset` under the prior, best guess row) with `depth`
        guesses left; SearchTimeout once past the deadline."""
        subset = np.sort(np.asarray(subset, dtype=np.int64))
        legal = None
        if self.hard:
            legal = np.zeros(len(self.game.guesses), dtype=bool)
            legal[legal_rows] = True
        bits = partitions.weighted_entropy(self.game, legal_rows, subset)
        top = legal_rows[np.argsort(-bits, kind="stable")[: self.extra]]
        cost, row = self.solve(subset, legal, depth, top)
        mass = float(self.prior[subset].sum())
        return cost / mass, row

    def solve(
        self, subset: Subset, legal: np.ndarray | None, depth: int, top: np.ndarray
    ) -> tuple[float, int]:
        """(least expected cost, in prior mass × guesses, best row) for `subset`."""
        n = len(subset)
        p = self.prior[subset]
        if depth <= 0:
            return self.lost(p), -1
        if n == 1:
            return float(p[0]), int(self.answer_rows[subset[0]])
        heaviest = int(np.argmax(p))
        if depth == 1:
            # One guess left: the likeliest answer, the rest lost.
            rest = np.delete(p, heaviest)
            return float(p[heaviest]) + self.lost(rest), int(self.answer_rows[subset[heaviest]])
        if n == 2:
            return float(p[heaviest] + 2 * p[1 - heaviest]), int(self.answer_rows[subset[heaviest]])
        key = (subset.tobytes(), legal_key(legal), min(depth, n), top.tobytes())
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchTimeout(f"the weighted search passed its deadline after {self.nodes} nodes")
        rows = partitions.distinct(np.concatenate((self.answer_rows[subset], top)))
        if legal is not None:
            rows = rows[legal[rows]]
        bound = self.bounds(rows, subset, p)
        order = np.argsort(bound, kind="stable")[: self.beam]
        best, best_row = np.inf, -1
        for i in order:
            if bound[i] >= best:
                break
            row = int(rows[i])
            total = self.evaluate(row, subset, p, legal, depth, top, best)
            if total < best:
                best, best_row = total, row
        cache.make_room(self.memo, self.memo_limit)  # a stats run keeps one search a game
        self.memo[key] = (best, best_row)
        return best, best_row

    def lost(self, p: np.ndarray) -> float:
        """The cost of answers with priors `p` left unsolved."""
        return FAIL * float(p.sum()) + self.loss * len(p)

    def bounds(self, rows: np.ndarray, subset: Subset, p: np.ndarray) -> np.ndarray:
        """A lower bound on the cost of each guess row: m(S) + Σ (2 m(b) - max b) over the
        non-winning buckets (a guess that splits nothing off and cannot win is useless)."""
        sub = partitions.patterns(self.game, rows, subset).astype(np.int64)
        if partitions.dense(self.game, len(subset)):  # one bin a pattern
            width = self.win + 1
            flat = sub + (np.arange(len(rows)) * width)[:, None]
            weights = np.broadcast_to(p, sub.shape).ravel()
        else:  # long words: one bin a bucket, numbered by sorting each row's patterns
            width = sub.shape[1]
            order, flat = partitions.runs(sub)
            weights = p[order].ravel()
        flat_mass = np.bincount(flat.ravel(), weights=weights, minlength=len(rows) * width)
        flat_top = np.zeros(len(rows) * width)
        np.maximum.at(flat_top, flat.ravel(), weights)
        mass, top = flat_mass.reshape(-1, width), flat_top.reshape(-1, width)
        total = float(p.sum())
        # The winning bucket holds the guess alone: its heaviest answer is its whole mass
        won = np.where(sub == self.win, p[None, :], 0.0).sum(axis=1)
        bound = total + 2 * (total - won) - (top.sum(axis=1) - won)
        useless = (mass.max(axis=1) >= total * (1 - 1e-12)) & (won == 0)
        bound[useless] = np.inf
        return np.asarray(bound)

    def evaluate(
        self,
        row: int,
        subset: Subset,
        p: np.ndarray,
        legal: np.ndarray | None,
        depth: int,
        top: np.ndarray,
        best: float,
    ) -> float:
        """The cost of guessing `row` first (a value ≥ best once it cannot beat best)."""
        buckets = [
            (pat, b) for pat, b in partitions.buckets(self.game, row, subset) if pat != self.win
        ]
        total = float(p.sum())
        floors = []
        for _, b in buckets:
            q = self.prior[b]
            floors.append(2 * float(q.sum()) - float(q.max()))
        rest = sum(floors)
        if total + rest >= best:
            return total + rest
        for (pat, b), floor in zip(buckets, floors, strict=True):
            # `solve` reads the legal guesses only past its closed forms (n ≤ 2 or one guess left)
            needed = len(b) > 2 and depth - 1 > 1
            child = self.game.legal_after(legal, row, pat) if needed else None
            cost, _ = self.solve(b, child, depth - 1, top)
            rest += cost - floor
            if total + rest >= best:
                return total + rest
        return total + rest


WeightedSearches = dict[tuple[str, bool], WeightedSearch]


def weighted_choice(
    searches: WeightedSearches,
    state: State,
    max_guesses: int | None,
    deadline: float | None = None,
) -> Decision:
    """The weighted endgame's first guess for the state, within the guesses left (past the
    limit, as few as possible); SearchTimeout once past `deadline`."""
    game, hard = state.game, state.rules.hard
    search = searches.get((game.key, hard))
    if search is None:
        search = searches[(game.key, hard)] = WeightedSearch(game, hard=hard)
    n = len(state.remaining)
    left = n if max_guesses is None else max_guesses - state.turn + 1
    if left <= 0:  # played on past the limit: the fewest guesses from here
        left = n
    search.deadline = deadline
    try:
        cost, row = search.best(state.remaining, state.legal_rows, left)
    finally:
        search.deadline = None
    return decision(game, row, cost, "expected guesses")
