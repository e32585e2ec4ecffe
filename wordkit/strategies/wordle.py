"""Wordle strategies: each picks the next guess from the partition of the remaining answers.

A strategy sees the game (lists + pattern matrix), the indices of the answers still
possible, the rows of the guesses it may play (already filtered for hard mode), the turn
number and the hard-mode flag, and returns a `Choice`: the guess row plus a score.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from wordkit.errors import UnknownNameError
from wordkit.games.wordle import (
    MAX_TURNS,
    History,
    Wordle,
    atomic_write_bytes,
    cache_dir,
    consistent,
    hard_candidates,
    hard_rule,
    pattern_marks,
)

Rows = np.ndarray  # indices into game.guesses
Answers = np.ndarray  # indices into game.answers


@dataclass(frozen=True)
class Choice:
    """A chosen guess (row in game.guesses), its score and what the score measures."""

    guess: int
    score: float
    measure: str


class Strategy(Protocol):
    """Anything that picks a guess for a set of remaining answers."""

    name: str
    uses_turn: bool

    def choose(
        self, game: Wordle, remaining: Answers, candidates: Rows, turn: int, hard: bool = False
    ) -> Choice:
        """The guess to play next."""
        ...


# ---------------------------------------------------------------------------------------
# Partitions


def partition_counts(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """(len(rows), patterns) bucket sizes of `remaining` under each guess row (2-D bincount)."""
    npat = game.win + 1
    out = np.empty((len(rows), npat), dtype=np.int64)
    # Chunks bound the temporary int64 offsets to a few MB.
    step = max(1, 2**20 // max(1, len(remaining)))
    for s in range(0, len(rows), step):
        r = rows[s : s + step]
        sub = game.matrix[np.ix_(r, remaining)].astype(np.int64)
        sub += (np.arange(len(r)) * npat)[:, None]
        out[s : s + step] = np.bincount(sub.ravel(), minlength=len(r) * npat).reshape(-1, npat)
    return out


def bucket_sizes(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """(len(rows), n): the size of the bucket each remaining answer falls in, per guess.

    Every partition statistic follows from these: sum of squares = row sum, entropy uses
    the row mean of log2, worst case = row max, number of buckets = row sum of 1/size.
    """
    n = len(remaining)
    out = np.empty((len(rows), n), dtype=np.int32)
    if n <= 32:
        # Small sets: count equal pairs directly, avoiding rows × 243 bins.
        step = max(1, 2**21 // (n * n))
        for s in range(0, len(rows), step):
            sub = game.matrix[np.ix_(rows[s : s + step], remaining)]
            out[s : s + step] = (sub[:, :, None] == sub[:, None, :]).sum(axis=2)
        return out
    npat = game.win + 1
    step = max(1, 2**20 // n)
    for s in range(0, len(rows), step):
        r = rows[s : s + step]
        sub = game.matrix[np.ix_(r, remaining)].astype(np.int64)
        sub += (np.arange(len(r)) * npat)[:, None]
        counts = np.bincount(sub.ravel(), minlength=len(r) * npat)
        out[s : s + step] = counts[sub]
    return out


def sum_squares(sizes: np.ndarray) -> np.ndarray:
    """Sum of squared bucket sizes per row (n × expected remaining list size)."""
    return sizes.sum(axis=1, dtype=np.int64)


_LOG2 = np.log2(np.arange(1, 2**16 + 1, dtype=np.float64))


def entropy_bits(sizes: np.ndarray) -> np.ndarray:
    """Expected information (bits) of each row's partition."""
    n = sizes.shape[1]
    table = _LOG2 if n <= len(_LOG2) else np.log2(np.arange(1, n + 1, dtype=np.float64))
    return np.log2(n) - table[sizes - 1].mean(axis=1)


def bucket_count(sizes: np.ndarray) -> np.ndarray:
    """Number of distinct buckets per row."""
    return np.rint((1.0 / sizes).sum(axis=1)).astype(np.int64)


def in_remaining(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """Boolean per row: is this guess one of the remaining answers?"""
    mask = np.zeros(len(game.guesses), dtype=bool)
    mask[game.answer_rows[remaining]] = True
    return mask[rows]


def best_by(keys: list[np.ndarray]) -> int:
    """Position of the lexicographically smallest tuple of keys (first key most important)."""
    # np.lexsort sorts by the last key first; position in `rows` breaks final ties.
    return int(np.lexsort(list(reversed(keys)))[0])


# ---------------------------------------------------------------------------------------
# Partition strategies


@dataclass
class ExpectedSize:
    """Seed 003: minimise the expected remaining list size, sum(bucket²)/n."""

    name: str = "expected-size"
    uses_turn: bool = False

    def choose(
        self, game: Wordle, remaining: Answers, candidates: Rows, turn: int, hard: bool = False
    ) -> Choice:
        """The guess with the least sum of squared bucket sizes, preferring possible answers."""
        ss = sum_squares(bucket_sizes(game, candidates, remaining))
        i = best_by([ss, ~in_remaining(game, candidates, remaining)])
        return Choice(int(candidates[i]), float(ss[i]) / len(remaining), "expected list size")


@dataclass
class Entropy:
    """Maximise the expected information of the feedback; finish small sets exactly.

    With more than `exact_upto` answers left: the guess with the most expected bits (ties:
    a possible answer). Bits ignore the chance of winning at once and the turns left, which
    matter most near the end, so with at most `exact_upto` answers left it plays the first
    guess of the least-total tree solving them within the turns left (exact search, a few
    ms at that size); 0 gives pure entropy. 50 bounds the cost, it is not fitted: from
    SALET, k = 30…200 average 3.4294…3.4255 on the reference lists (pure 3.4324) and
    3.4404…3.4309 on the built-in ones (pure 3.4435); see bench/wordle.py.
    """

    name: str = "entropy"
    uses_turn: bool = True  # the exact endgame needs the turns left
    exact_upto: int = 50
    _solvers: dict = field(default_factory=dict, repr=False)

    def choose(
        self, game: Wordle, remaining: Answers, candidates: Rows, turn: int, hard: bool = False
    ) -> Choice:
        """The guess with the most expected bits, or the exact endgame's guess."""
        if len(remaining) <= self.exact_upto:
            return exact_choice(self._solvers, game, remaining, candidates, turn, hard)
        bits = entropy_bits(bucket_sizes(game, candidates, remaining))
        # Rounding makes float ties (equal partitions) compare equal.
        i = best_by([-np.round(bits, 9), ~in_remaining(game, candidates, remaining)])
        return Choice(int(candidates[i]), float(bits[i]), "expected bits")


@dataclass
class Minimax:
    """Minimise the largest bucket (worst case), then the expected size."""

    name: str = "minimax"
    uses_turn: bool = False

    def choose(
        self, game: Wordle, remaining: Answers, candidates: Rows, turn: int, hard: bool = False
    ) -> Choice:
        """The guess whose largest bucket is smallest."""
        sizes = bucket_sizes(game, candidates, remaining)
        worst = sizes.max(axis=1)
        i = best_by([worst, sum_squares(sizes), ~in_remaining(game, candidates, remaining)])
        return Choice(int(candidates[i]), float(worst[i]), "largest bucket")


# ---------------------------------------------------------------------------------------
# Seed 001: the state heuristic

Weights = tuple[float, float, float]  # letter frequency, positional frequency, unseen letters


@dataclass
class Heuristic:
    """Seed 001: states explore / find position / try to win, with a convex score."""

    name: str = "heuristic"
    uses_turn: bool = True
    # Weights per state (letter freq, positional freq, unseen letters); the seed leaves
    # them arbitrary, so these were picked by benchmark on the reference lists.
    explore: Weights = (0.1, 0.2, 0.7)
    find_position: Weights = (0.2, 0.3, 0.5)
    try_to_win: Weights = (0.5, 0.5, 0.0)
    # Guessing a candidate is never worse than exploring with ≤ 2 left (the seed would
    # explore); set to 0 for the seed's literal behaviour.
    win_below: int = 3
    last_turn: int = MAX_TURNS

    def state(self, game: Wordle, remaining: Answers, turn: int) -> str:
        """'try-to-win', 'find-position' or 'explore' for this position."""
        if turn >= self.last_turn or len(remaining) < self.win_below:
            return "try-to-win"
        present, placed, _ = letter_knowledge(game, remaining)
        # A yellow letter is present in every answer but not at one known position.
        return "find-position" if (present & ~placed).any() else "explore"

    def choose(
        self, game: Wordle, remaining: Answers, candidates: Rows, turn: int, hard: bool = False
    ) -> Choice:
        """The guess with the highest convex score in the current state."""
        state = self.state(game, remaining, turn)
        weights = {"explore": self.explore, "find-position": self.find_position}.get(
            state, self.try_to_win
        )
        possible = in_remaining(game, candidates, remaining)
        # Find-position and try-to-win score only possible answers (they obey the
        # yellow rule); explore scores every allowed guess.
        rows = candidates if state == "explore" else candidates[possible]
        if len(rows) == 0:
            rows = candidates
        score = heuristic_scores(game, remaining, rows, weights)
        i = best_by([-np.round(score, 12), ~in_remaining(game, rows, remaining)])
        return Choice(int(rows[i]), float(score[i]), f"{state} score")


def letter_knowledge(game: Wordle, remaining: Answers) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per letter: present in every answer, placed (green somewhere), seen at all."""
    letters = game.guess_letters[game.answer_rows[remaining]]  # (n, L)
    nalpha = len(game.alphabet)
    contains = np.zeros((len(remaining), nalpha), dtype=bool)
    contains[np.arange(len(remaining))[:, None], letters] = True
    present = np.asarray(contains.all(axis=0))
    # Green optimisation: a letter shared by every answer at one position is green.
    placed = np.zeros(nalpha, dtype=bool)
    for i in range(game.length):
        column = letters[:, i]
        if (column == column[0]).all():
            placed[column[0]] = True
    # Gray optimisation: a letter in no remaining answer is as good as gray, so it is
    # "seen"; present letters are yellow or green, also seen.
    seen = present | ~np.asarray(contains.any(axis=0))
    return present, placed, seen


def heuristic_scores(game: Wordle, remaining: Answers, rows: Rows, weights: Weights) -> np.ndarray:
    """Convex combination of normalised letter, positional and unseen-letter scores."""
    answer_letters = game.guess_letters[game.answer_rows[remaining]]
    nalpha = len(game.alphabet)
    freq = np.bincount(answer_letters.ravel(), minlength=nalpha).astype(np.float64)
    positional = np.stack(
        [np.bincount(answer_letters[:, i], minlength=nalpha) for i in range(game.length)]
    ).astype(np.float64)  # (L, alphabet)
    _, _, seen = letter_knowledge(game, remaining)
    letters = game.guess_letters[rows]
    first = first_occurrence(letters)  # repeated letters earn nothing twice
    letter_score = (freq[letters] * first).sum(axis=1)
    pos_score = positional[np.arange(game.length), letters].sum(axis=1)
    unseen_score = ((~seen)[letters] & first).sum(axis=1).astype(np.float64)
    parts = [letter_score, pos_score, unseen_score]
    total = np.zeros(len(rows))
    for w, part in zip(weights, parts, strict=True):
        top = part.max() if len(part) else 0.0
        if w and top > 0:
            total += w * part / top
    return total


def first_occurrence(letters: np.ndarray) -> np.ndarray:
    """Mask of positions holding a letter's first occurrence in its word."""
    first = np.ones(letters.shape, dtype=bool)
    for i in range(1, letters.shape[1]):
        first[:, i] = ~(letters[:, :i] == letters[:, i, None]).any(axis=1)
    return first


# ---------------------------------------------------------------------------------------
# Exact: the least total guesses


def exact_choice(
    solvers: dict,
    game: Wordle,
    remaining: Answers,
    candidates: Rows,
    turn: int,
    hard: bool,
    max_guesses: int | None = MAX_TURNS,
) -> Choice:
    """The least-total tree's first guess, solving within max_guesses if any tree can."""
    from wordkit.wordle_optimal import UNLIMITED, DepthLimitError, Solver

    solver = solvers.get((game.key, hard))
    if solver is None:
        solver = solvers[(game.key, hard)] = Solver(game, hard=hard, max_guesses=max_guesses)
    left = UNLIMITED if max_guesses is None else max(max_guesses - turn + 1, 0)
    try:
        cost, row = solver.best(remaining, candidates, left)
    except DepthLimitError:  # e.g. after a poor opener: least total guesses, no limit
        cost, row = solver.best(remaining, candidates, UNLIMITED)
    return Choice(int(row), float(cost), "total guesses")


@dataclass
class Optimal:
    """Play the least-total decision tree, every answer within `max_guesses` if possible."""

    name: str = "optimal"
    uses_turn: bool = True  # the guesses left bound the search
    max_guesses: int | None = MAX_TURNS  # None: no limit
    _solvers: dict = field(default_factory=dict, repr=False)

    def choose(
        self, game: Wordle, remaining: Answers, candidates: Rows, turn: int, hard: bool = False
    ) -> Choice:
        """The first guess of an optimal subtree for the remaining answers and guesses left."""
        limit = self.max_guesses
        return exact_choice(self._solvers, game, remaining, candidates, turn, hard, limit)


# ---------------------------------------------------------------------------------------
# Registry

STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "expected-size": ExpectedSize,
    "entropy": Entropy,
    "minimax": Minimax,
    "heuristic": Heuristic,
    "heuristic-seed": lambda: Heuristic(name="heuristic-seed", win_below=0),
    "optimal": Optimal,
}


def get_strategy(name: str) -> Strategy:
    """The strategy registered under `name`; unknown names raise UnknownNameError."""
    try:
        return STRATEGIES[name]()
    except KeyError:
        raise UnknownNameError(
            f"unknown Wordle strategy {name!r}; choose from {', '.join(STRATEGIES)}"
        ) from None


# ---------------------------------------------------------------------------------------
# Choosing with history, memo and openers


def allowed_rows(game: Wordle, history: History, hard: bool) -> Rows:
    """The guess rows playable next: all of them, or those obeying hard mode."""
    if not hard:
        return np.arange(len(game.guesses))
    return hard_candidates(game, hard_rule(history, game.length))


def best_opener(game: Wordle, strategy: Strategy, use_disk: bool = True) -> str:
    """The strategy's first guess for the full answer list, computed once and cached."""
    if strategy.name in ("optimal",):
        # The exact best opener is far beyond an interactive search; SALET is the proven
        # optimum on the standard lists, otherwise fall back to the expected-size opener.
        if "salet" in game.guess_index:
            return "salet"
        strategy = ExpectedSize()
    path = cache_dir() / f"wordle-openers-{game.key}.json"
    cached: dict[str, str] = {}
    if use_disk and path.exists():
        try:
            cached = json.loads(path.read_text())
        except (OSError, ValueError):
            cached = {}
    if strategy.name in cached and cached[strategy.name] in game.guess_index:
        return cached[strategy.name]
    choice = strategy.choose(game, game.all_answers(), np.arange(len(game.guesses)), 1)
    word = game.guesses[choice.guess]
    if use_disk:
        try:
            fresh = json.loads(path.read_text()) if path.exists() else {}
            fresh[strategy.name] = word
            atomic_write_bytes(path, json.dumps(fresh, indent=1, sort_keys=True).encode())
        except (OSError, ValueError):
            pass  # cache only
    return word


@dataclass
class Player:
    """A strategy bound to a game: picks guesses from a history, memoising decisions."""

    game: Wordle
    strategy: Strategy
    hard: bool = False
    opener: str | None = None
    memo: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.opener is not None:
            self.game.check_guess(self.opener)
            self.opener = self.opener.strip().lower()

    def first_guess(self) -> str:
        """The opener: the one given, else the strategy's cached best opener."""
        if self.opener is None:
            self.opener = best_opener(self.game, self.strategy)
        return self.opener

    def choose(self, history: History, remaining: Answers | None = None) -> Choice:
        """The next guess after `history` (validated: consistent and, if hard, legal)."""
        game = self.game
        if remaining is None:
            remaining = consistent(game, history)
        if not history:
            row = game.guess_index[self.first_guess()]
            return Choice(row, float("nan"), "opener")
        rule = hard_rule(history, game.length) if self.hard else None
        key = (remaining.tobytes(), rule, len(history) + 1 if self.strategy.uses_turn else 0)
        if key not in self.memo:
            if len(remaining) == 1:
                # One answer left: play it (every strategy agrees; saves the partition).
                self.memo[key] = Choice(int(game.answer_rows[remaining[0]]), 1.0, "solved")
            else:
                rows = allowed_rows(game, history, self.hard)
                self.memo[key] = self.strategy.choose(
                    game, remaining, rows, len(history) + 1, self.hard
                )
        return self.memo[key]

    def suggest(self, history: History) -> str:
        """The next guess as a word."""
        return self.game.guesses[self.choose(history).guess]


def describe_pattern(pattern: int, length: int = 5) -> str:
    """A pattern as G/Y/B letters (for messages)."""
    return "".join("BYG"[m] for m in pattern_marks(pattern, length))


# ---------------------------------------------------------------------------------------
# Playing games


@dataclass
class GameRecord:
    """One game: the answer and each (guess, pattern) until solved or given up."""

    answer: str
    turns: list[tuple[str, int]]
    solved: bool

    @property
    def guesses(self) -> int:
        """Number of guesses played."""
        return len(self.turns)

    @property
    def solved_within_6(self) -> bool:
        """Solved in at most MAX_TURNS guesses."""
        return self.solved and self.guesses <= MAX_TURNS


def play(player: Player, answer: str, max_guesses: int = 30) -> GameRecord:
    """Play one game against `answer`, past turn 6 if needed, up to `max_guesses`."""
    game = player.game
    col = game.answer_index.get(answer.strip().lower())
    if col is None:
        from wordkit.games.wordle import UnknownWordError

        raise UnknownWordError(f"{answer!r} is not in the list of possible answers")
    remaining = game.all_answers()
    turns: list[tuple[str, int]] = []
    while len(turns) < max_guesses:
        row = player.choose(turns, remaining).guess
        pattern = int(game.matrix[row, col])
        turns.append((game.guesses[row], pattern))
        if pattern == game.win:
            return GameRecord(game.answers[col], turns, True)
        remaining = remaining[game.matrix[row, remaining] == pattern]
    return GameRecord(game.answers[col], turns, False)


def play_game(
    game: Wordle,
    answer: str,
    strategy: str | Strategy = "entropy",
    opener: str | None = None,
    hard: bool = False,
) -> GameRecord:
    """Play one answer with a named strategy from an opener (default: its best opener)."""
    strat = get_strategy(strategy) if isinstance(strategy, str) else strategy
    return play(Player(game, strat, hard, opener), answer)


def summarize(records: list[GameRecord], seconds: float) -> dict:
    """games, mean_guesses, max_guesses, histogram, solved_within_6, failures, seconds."""
    counts = [r.guesses for r in records if r.solved]
    histogram: dict[int, int] = {}
    for n in sorted(counts):
        histogram[n] = histogram.get(n, 0) + 1
    return {
        "games": len(records),
        "mean_guesses": sum(counts) / len(counts) if counts else float("nan"),
        "max_guesses": max(counts, default=0),
        "histogram": histogram,
        "solved_within_6": sum(r.solved_within_6 for r in records),
        "failures": [r.answer for r in records if not r.solved_within_6],
        "unsolved": [r.answer for r in records if not r.solved],
        "seconds": round(seconds, 3),
    }


_WORKER: dict = {}


def _init_worker(game: Wordle, strategy: Strategy, opener: str | None, hard: bool) -> None:
    _WORKER["player"] = Player(game, strategy, hard, opener)


def _play_chunk(answers: list[str]) -> list[GameRecord]:
    return [play(_WORKER["player"], a) for a in answers]


def run_stats(
    game: Wordle,
    strategy: str | Strategy = "entropy",
    opener: str | None = None,
    hard: bool = False,
    answers: list[str] | None = None,
    jobs: int = 1,
) -> dict:
    """Play every answer (or `answers`) with a named or given strategy and summarise; jobs > 1
    forks worker processes."""
    import time

    start = time.perf_counter()
    targets = list(game.answers) if answers is None else answers
    strat = get_strategy(strategy) if isinstance(strategy, str) else strategy
    player = Player(game, strat, hard, opener)
    opener = player.first_guess()  # computed once, before any fork
    if jobs <= 1 or len(targets) < 2 * jobs:
        records = [play(player, a) for a in targets]
    else:
        import multiprocessing as mp

        # Interleaved chunks share the early decisions each worker memoises.
        chunks = [targets[i::jobs] for i in range(jobs)]
        ctx = mp.get_context("fork")
        with ctx.Pool(jobs, _init_worker, (game, strat, opener, hard)) as pool:
            parts = pool.map(_play_chunk, chunks)
        order = {a: i for i, a in enumerate(targets)}
        records = sorted((r for p in parts for r in p), key=lambda r: order[r.answer])
    result = summarize(records, time.perf_counter() - start)
    result.update(strategy=strat.name, opener=opener, hard=hard)
    return result
