"""Absurdle beaten in the fewest guesses: an exact search against wordkit's Absurdle host.

The host (wordkit.wordle.hosts.Absurdle) answers every guess with the feedback whose bucket
of remaining answers is largest (ties: fewest greens, fewest yellows, lowest pattern), so
the game is deterministic and a plan is a plain sequence of guesses. The host never shows
all green while two answers remain (another singleton bucket ties with the win and has
fewer greens), so a win in k guesses is k-1 guesses that shrink the answers to one, then
that answer.

`shrinks(S, j)`: can j guesses shrink S to one answer? A guess splits a subset of S into no
more buckets than it splits S (and hard mode only ever removes guesses), so if B is the
most buckets any legal guess makes on S, the host keeps at least |S|/B answers per guess:
a guess whose kept bucket is larger than B^(j-1) cannot succeed. With j = 1 a guess must
split S into singletons. On the original lists no guess makes more than 150 buckets (TRACE)
while every opener keeps at least 168 answers (AESIR): three guesses cannot win, proven at
once.
Iterative deepening on j makes the first plan found a shortest one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

import numpy as np

from wordkit.errors import GameStateError, UnknownNameError
from wordkit.game import plural
from wordkit.wordle import partitions
from wordkit.wordle.guessers.base import Decision, decision
from wordkit.wordle.hosts import Absurdle, mark_counts
from wordkit.wordle.lists import Wordle, legal_key
from wordkit.wordle.rules import Rules, State, Turn, start

MAX_PLAN = 12
"""Guesses an adversarial search tries at most (a win needs far fewer on real lists)."""

Plan = tuple[int, ...]  # guess rows, in order


def host_ranks(game: Wordle) -> np.ndarray:
    """Per pattern, the host's tie-break rank: 0 for the pattern it prefers among buckets of
    equal size (fewest greens, then fewest yellows, then the lowest value)."""
    patterns = np.arange(game.win + 1)
    greens, yellows = mark_counts(patterns, length=game.length)
    order = np.lexsort((patterns, yellows, greens))
    ranks = np.empty(len(patterns), dtype=np.int64)
    ranks[order] = np.arange(len(patterns))
    return ranks


@dataclass
class AbsurdleSearch:
    """Memoised exact search for the shortest win against the Absurdle host (hard mode
    travels as the mask of legal guesses; None in normal mode)."""

    game: Wordle
    deadline: float | None = None
    memo: dict[tuple[bytes, bytes, int], Plan | None] = field(default_factory=dict, repr=False)
    nodes: int = 0

    def __post_init__(self) -> None:
        self.npat = self.game.win + 1
        self.ranks = host_ranks(self.game)

    def host_choice(self, rows: np.ndarray, subset: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per guess row: the pattern the host answers and the size of its bucket, plus the
        bucket counts (rows × patterns) they came from."""
        counts = partitions.bucket_counts(self.game, rows, subset)
        # Larger buckets first, then the preferred pattern: one integer key per cell.
        key = counts * self.npat - self.ranks[None, :]
        pattern = key.argmax(axis=1)
        return pattern, counts

    def shrinks(
        self,
        subset: np.ndarray,
        legal: np.ndarray | None,
        left: int,
        splitters: np.ndarray | None = None,
    ) -> Plan | None:
        """A plan of at most `left` guesses shrinking `subset` to one answer, or None when
        none exists. `splitters`: the only rows that may split it into singletons (those
        splitting a superset into at least as many buckets), used when one guess is left."""
        if len(subset) == 1:
            return ()
        if left <= 0:
            return None
        key = (subset.tobytes(), b"" if legal is None else np.packbits(legal).tobytes(), left)
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchDeadline(
                f"the exact search against Absurdle ran out of --budget after {self.nodes:,} "
                "positions; give it more time"
            )
        if left == 1:
            plan = self.memo[key] = self.split(subset, legal, splitters)
            return plan
        rows = np.arange(len(self.game.guesses)) if legal is None else np.flatnonzero(legal)
        plan = self.memo[key] = self._shrinks(subset, legal, left, rows)
        return plan

    def split(
        self, subset: np.ndarray, legal: np.ndarray | None, rows: np.ndarray | None
    ) -> Plan | None:
        """A one-guess plan: a legal guess splitting `subset` into singletons, or None."""
        if rows is None:
            rows = np.arange(len(self.game.guesses))
        if legal is not None:
            rows = rows[legal[rows]]
        if not len(rows):
            return None
        found = np.flatnonzero(partitions.bucket_count(self.game, rows, subset) == len(subset))
        return (int(rows[found[0]]),) if len(found) else None

    def _shrinks(
        self, subset: np.ndarray, legal: np.ndarray | None, left: int, rows: np.ndarray
    ) -> Plan | None:
        """`shrinks` with `left` ≥ 2 guesses and the legal `rows`: each guess's kept bucket,
        smallest first, searched with a guess fewer; the first plan found, or None.

        The cuts are sound (the module's argument): B, the most buckets a row makes on the
        subset, bounds what any row makes on a part of it, so `left` - 1 guesses shrink at most
        B^(left-1) answers to one, and a guess keeping more cannot be followed by a win (nor can
        any after it in order). A guess keeping the whole subset only wastes a guess. Two
        guesses reaching the same kept bucket and legal set are one position, searched once.
        With two left the last guess must split the kept bucket into singletons, so only rows
        making at least that many buckets on the subset are tried."""
        n = len(subset)
        pattern, counts = self.host_choice(rows, subset)
        kept = counts[np.arange(len(rows)), pattern]
        made = (counts > 0).sum(axis=1)
        most = int(made.max())
        bound = most ** (left - 1)
        order = np.argsort(kept, kind="stable")
        seen: set[bytes] = set()
        for i in order:
            size = int(kept[i])
            if size > bound or size >= n:
                break  # sorted: every later guess keeps as many
            row = int(rows[i])
            p = int(pattern[i])
            child = subset[self.game.matrix[row, subset] == p]
            child_legal = self.game.legal_after(legal, row, p)
            name = child.tobytes() + legal_key(child_legal)
            if name in seen:
                continue
            seen.add(name)
            splitters = rows[made >= len(child)] if left == 2 else None
            rest = self.shrinks(child, child_legal, left - 1, splitters)
            if rest is not None:
                return (row, *rest)
        return None


class SearchDeadline(GameStateError):
    """The Absurdle search passed its time limit."""


@dataclass(frozen=True)
class AbsurdleWin:
    """The shortest win against Absurdle (every plan of fewer guesses was searched and none
    wins): its guesses and feedback and the answer it ends on."""

    turns: tuple[Turn, ...]
    answer: str
    hard: bool
    opener: str | None
    nodes: int
    seconds: float

    @property
    def guesses(self) -> int:
        """Guesses of the win, the last one the answer."""
        return len(self.turns)


def beat_absurdle(
    game: Wordle,
    *,
    hard: bool = False,
    opener: str | None = None,
    max_guesses: int = MAX_PLAN,
    deadline: float | None = None,
    progress: Callable[[str], None] | None = None,
) -> AbsurdleWin:
    """The fewest guesses that force a win against Absurdle (from `opener` if given), found by
    iterative deepening, so every shorter plan is proven to fail; `progress` hears each
    number of guesses tried."""
    began = time.perf_counter()
    search = AbsurdleSearch(game, deadline=deadline)
    state = start(game, Rules(length=game.length, max_guesses=None, hard=hard))
    legal = np.ones(len(game.guesses), dtype=bool) if hard else None
    subset, head = game.all_answers(), cast(Plan, ())
    if opener is not None:
        row = game.check_guess(opener)
        after = Absurdle(game).answer(state, row)
        subset, legal, head = (
            after.remaining,
            game.legal_after(legal, row, after.turns[-1][1]),
            (row,),
        )
    for left in range(max_guesses - len(head)):
        if progress is not None:
            tried = len(head) + left  # guesses to leave one answer; the win takes one more
            shown = f"{len(subset):,} answers: "
            shown += f"no win in {plural(tried, 'guess', 'guesses')}; " if left else ""
            progress(f"{shown}searching for a win in {tried + 1}")
        rest = search.shrinks(subset, legal, left)
        if rest is not None:
            break
    else:
        raise GameStateError(
            f"no plan of {max_guesses} guesses or fewer beats Absurdle on these lists"
        )
    turns = play_plan(game, state.rules, (*head, *rest))
    return AbsurdleWin(
        turns=turns,
        answer=turns[-1][0],
        hard=hard,
        opener=None if opener is None else turns[0][0],
        nodes=search.nodes,
        seconds=time.perf_counter() - began,
    )


def play_plan(game: Wordle, rules: Rules, plan: Plan) -> tuple[Turn, ...]:
    """The turns of a plan played against the Absurdle host through the game loop, ending
    with the answer it leaves."""
    from wordkit.wordle.play import play

    turns: list[Turn] = []

    def watch(before: State, move: Decision, after: State) -> None:
        turns.append(after.turns[-1])

    host = Absurdle(game)
    record = play(PlanGuesser(plan), host, start(game, rules), limit=len(plan) + 1, watch=watch)
    if not record.solved:  # the search and the host disagree on a feedback: a bug, say so
        raise GameStateError("the Absurdle plan did not end in a win against the host")
    return tuple(turns)


@dataclass(eq=False)
class PlanGuesser:
    """Plays a plan's guesses, then the one answer they leave."""

    rows: Plan
    name: str = "optimal"

    def __call__(self, state: State) -> Decision:
        """The plan's next guess, or the answer once the plan is played."""
        game, n = state.game, len(state.turns)
        row = self.rows[n] if n < len(self.rows) else game.answer_rows[state.remaining[0]]
        return decision(game, row, float(len(self.rows) + 1), "plan")


def absurdle_win(
    game: Wordle,
    host: str,
    *,
    hard: bool = False,
    opener: str | None = None,
    budget: float | None = None,
    progress: Callable[[str], None] | None = None,
) -> AbsurdleWin:
    """The shortest win against a host named on the command line (it must be Absurdle),
    searched for at most `budget` seconds (None: however long it takes)."""
    if host not in ("evil", "absurdle"):
        raise UnknownNameError(f"unknown Wordle host {host!r} for stats; use evil (Absurdle)")
    deadline = None if budget is None else time.monotonic() + budget
    return beat_absurdle(game, hard=hard, opener=opener, deadline=deadline, progress=progress)
