"""Opener sweeps: every opener of a list evaluated with one strategy and ranked, best first.

Each opener is one shard of work for wordkit.runner (local processes or a Dask cluster):
with `optimal` it is the exact search after that opener (TreeSearch), stopped as soon as it
provably cannot beat the cutoff; with any other strategy it is every answer played through
the one game loop. Openers go out in order of a cheap bound (the likely best first), so a
running cutoff (the best total so far) tightens early. Results stream back as they finish,
and a records file (one JSON line per opener) lets an interrupted sweep resume.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from wordkit import __version__, outputs, runner
from wordkit.errors import ClusterError, InputFileError, RangeError, WordkitError, shortened
from wordkit.game import fold_word, not_a_word, plural, whole_number
from wordkit.tables import lines_of
from wordkit.wordle import partitions
from wordkit.wordle.guessers import make_guesser
from wordkit.wordle.hosts import HonestWordle
from wordkit.wordle.lists import Wordle
from wordkit.wordle.play import GUESS_LIMIT, play
from wordkit.wordle.rules import MAX_GUESSES, Rules, UnknownWordError, WordLengthError, start
from wordkit.wordle.search import INF, TreeSearch

OPTIMAL = "optimal"
PartProgress = Callable[[str, int, int], None]
"""Hears (opener, buckets done, its buckets) as a split opener's buckets come back."""
MEMO_LIMIT = 400_000
"""A worker's guesser memo is dropped past this many positions between openers (memory stays
bounded; the memo only speeds up later openers). The exact search bounds its own memo."""


class SweepRecordsError(WordkitError):
    """A records file does not belong to this sweep, or cannot be read or written."""


@dataclass(frozen=True, slots=True)
class SweepSpec:
    """What every opener of a sweep is evaluated with."""

    strategy: str = "entropy"
    hard: bool = False
    max_guesses: int | None = MAX_GUESSES
    cutoff: int | None = None
    """Stop an opener's exact search once it provably cannot beat this total."""
    running_cutoff: bool = True
    """Without `cutoff`: the best exact total so far (+1, so ties stay exact) is the cutoff."""

    @property
    def exact_search(self) -> bool:
        """Whether openers are evaluated by the exact search (else by playing every answer)."""
        return self.strategy == OPTIMAL

    def cutoff_after(self, best: int | None) -> int | None:
        """The cutoff for the next opener when the best exact total so far is `best`."""
        if self.cutoff is not None:
            return self.cutoff
        if self.running_cutoff and self.exact_search and best is not None:
            return best + 1
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenerResult:
    """One opener's figures: the total guesses over every answer (exact, or a proven lower
    bound when its search stopped at the cutoff), solved within the limit, the worst game."""

    opener: str
    total: int | None
    """None: the exact search proved that no tree solves every answer within the limit."""
    exact: bool
    games: int
    solved: int | None
    """Games solved within the guess limit (None when only a bound is known)."""
    max_guesses: int | None
    seconds: float

    @property
    def mean(self) -> float | None:
        """Mean guesses per game (a bound when not exact)."""
        return None if self.total is None else self.total / self.games

    @property
    def infeasible(self) -> bool:
        """Proven unable to solve every answer within the limit."""
        return self.exact and self.total is None

    def sort_key(self) -> tuple[bool, bool, int, float, str]:
        """Best first: exact totals (fewest games unsolved, then least total), then bounds
        (least first), then the openers proven infeasible, by name. A bound comes after every
        exact total, not by its value: it could not beat the cutoff, but the opener may be far
        worse than it (ADIEU stopped at >= 7,881 is 8,322), so it ranks among no other."""
        unsolved = self.games - self.solved if self.solved is not None else 0
        total = float("inf") if self.total is None else self.total
        return (self.infeasible, not self.exact, unsolved, total, self.opener)

    def as_dict(self) -> dict[str, Any]:
        """The row as JSON (a line of the records file, a row of --format json)."""
        out = asdict(self)
        out["mean"] = None if self.mean is None else round(self.mean, 6)
        out["seconds"] = round(self.seconds, 3)
        return out


def rank(results: Sequence[OpenerResult]) -> list[OpenerResult]:
    """The results best first."""
    return sorted(results, key=OpenerResult.sort_key)


# ---------------------------------------------------------------------------------------
# Which openers


def cheap_order(game: Wordle, rows: np.ndarray, spec: SweepSpec) -> np.ndarray:
    """`rows` ordered by a cheap bound, the likely best first: for the exact search its own
    lower bound on the total (n + Σ(2|b|-1) over the buckets, i.e. fewer buckets is better),
    then the sum of squared bucket sizes; for the other strategies the sum of squares first."""
    n = len(game.answers)
    squares = np.empty(len(rows), dtype=np.int64)
    buckets = np.empty(len(rows), dtype=np.int64)
    answers = game.all_answers()
    for s in range(0, len(rows), 2048):  # bounds the temporary pattern block
        if not partitions.dense(game, n):  # long words: by sorting, not 3^L bins a row
            sizes = partitions.bucket_sizes(game, rows[s : s + 2048], answers)
            squares[s : s + len(sizes)] = sizes.sum(axis=1)
            buckets[s : s + len(sizes)] = np.rint((1.0 / sizes).sum(axis=1))
            continue
        part = game.matrix[rows[s : s + 2048]][:, answers].astype(np.int64)
        for i, line in enumerate(part):
            counts = np.bincount(line, minlength=game.win + 1)
            squares[s + i], buckets[s + i] = (counts * counts).sum(), (counts > 0).sum()
    in_answers = np.isin(rows, game.answer_rows)
    lower = 3 * n - in_answers - buckets
    keys = (lower, squares) if spec.exact_search else (squares, lower)
    return rows[np.lexsort((rows, keys[1], keys[0]))]


def choose_openers(game: Wordle, which: str, spec: SweepSpec) -> list[str]:
    """The openers `which` names, in cheap-bound order: `all`, `top:N` (the N best by the
    cheap bound), a file of words (one or more a line), or words separated by commas."""
    text = which.strip()
    every = np.arange(len(game.guesses))
    if text.lower() == "all":
        rows = cheap_order(game, every, spec)
    elif text.lower().startswith("top:"):
        count = whole_number(text[4:])
        if count is None or count < 1:
            raise RangeError(
                f"--openers top:N needs a whole number N ≥ 1, not {text[4:].strip()!r}"
            )
        rows = cheap_order(game, every, spec)[:count]
    else:
        words = _named_openers(text)
        rows = np.array(list(dict.fromkeys(_opener_row(game, w) for w in words)), dtype=np.int64)
        rows = cheap_order(game, rows, spec)
    return [game.guesses[int(r)] for r in rows]


def _named_openers(text: str) -> list[str]:
    """The words of an openers file (`-`: stdin; a pipe, a FIFO or a device too, read as
    every input is), or of a comma-separated list (or one word) when no such file exists."""
    from wordkit.tables import read_text

    if text == "-" or os.path.lexists(text):
        try:
            content, _ = read_text(text)
        except InputFileError as exc:
            raise InputFileError(f"the openers file {exc}") from None
        if is_table(content):  # a word table (`prepare`'s csv or tsv): its word column
            from wordkit.tables import load_columns

            return list(load_columns(text).words)
        lines = (line.split("#", 1)[0] for line in lines_of(content))
        words = [w for line in lines for w in line.replace(",", " ").split()]
        if not words:
            raise InputFileError(f"the openers file {text} holds no word")
        return words
    typed = text.replace(",", " ").split()
    words = [fold_word(w) for w in typed]
    path_like = len(typed) == 1 or any(c and c in text for c in (".", os.sep, os.altsep))
    if not words or (not all(w.isalpha() for w in words) and path_like):
        raise InputFileError(
            f"no openers file {text}; give --openers FILE, all, top:N or WORD,WORD,..."
        )
    for shown, word in zip(typed, words, strict=True):
        if not word.isalpha():  # words, not a path: one of them mistyped
            raise UnknownWordError(f"opener {not_a_word(shown)}")
    return words


TABLE_COLUMNS = frozenset({"weight", "category", "count", "frequency", "freq"})
"""Columns beside `word` that make a first line a table's header, not openers."""


def is_table(text: str) -> bool:
    """Whether an openers file is a word table (else it holds words, any number a line, commas
    or blanks between): its header (after an Excel `sep=` line) names a `word` column and a
    weight, a category or a count beside it, as `prepare` writes them (`word,lane`, or `word`
    alone, are openers: WORD is a word)."""
    import re

    lines = [line for line in lines_of(text.lstrip("\ufeff")) if line.strip()]
    if lines and re.fullmatch(r"sep=.", lines[0].strip()):
        lines = lines[1:]
    first = lines[0] if lines else ""
    cells = {c.strip().strip('"').lower() for c in re.split(r"[,;\t]", first)}
    return "word" in cells and bool(TABLE_COLUMNS & cells)


def _opener_row(game: Wordle, word: str) -> int:
    """The guess row of an opener, or a typed error saying it is one."""
    try:
        return game.check_guess(word)
    except (UnknownWordError, WordLengthError) as exc:
        raise type(exc)(f"opener {exc}") from None


# ---------------------------------------------------------------------------------------
# One opener, in a worker

_WORKER: dict[str, Any] = {}
_SHARED: dict[str, Any] = {}
"""What the local workers share, in shared memory set up before they fork: the sweep's
running best, and the slots of the buckets an opener's split searches together."""
NO_TOTAL = -1


def _share_best(best: int | None) -> None:
    """A new shared running best (the parent's, before its workers fork: they inherit it)."""
    import multiprocessing  # a sweep's only: one-shot commands skip its import

    _SHARED["best"] = multiprocessing.Value("q", NO_TOTAL if best is None else best)


def _known_best(local: int | None) -> int | None:
    """The best exact total this worker knows: its own, or one any worker of this machine found
    (read before each opener, so that every worker prunes as soon as one finds a better total;
    a worker on a Dask cluster has only its own and the one its task was sent with)."""
    shared = _SHARED.get("best")
    value = NO_TOTAL if shared is None else shared.value
    known = [t for t in (local, None if value == NO_TOTAL else value) if t is not None]
    return min(known, default=None)


def _offer_best(total: int) -> None:
    """Make `total` the shared running best if it beats it."""
    shared = _SHARED.get("best")
    if shared is not None:
        with shared.get_lock():
            if shared.value == NO_TOTAL or total < shared.value:
                shared.value = total


def _setup(game: Wordle, spec: SweepSpec) -> None:
    """In a worker: the game and the strategy's evaluator, kept for every opener it gets."""
    _WORKER.clear()
    _WORKER.update(game=game, spec=spec)
    if spec.exact_search:
        _WORKER["search"] = TreeSearch(game, hard=spec.hard, max_guesses=spec.max_guesses)
    else:
        _WORKER["guesser"] = make_guesser(spec.strategy)
        _WORKER["rules"] = Rules(length=game.length, max_guesses=spec.max_guesses, hard=spec.hard)


def _evaluate_chunk(chunk: list[tuple[str, int | None]]) -> list[OpenerResult]:
    """Each (opener, cutoff) of a shard evaluated in this worker; with the running cutoff, an
    exact total found in the shard tightens the cutoff of the openers after it."""
    spec: SweepSpec = _WORKER["spec"]
    running = spec.cutoff is None and spec.running_cutoff and spec.exact_search
    out = []
    best: int | None = None
    for opener, cutoff in chunk:
        known = _known_best(best) if running else None
        if known is not None:
            cutoff = known + 1 if cutoff is None else min(cutoff, known + 1)
        result = evaluate_opener(opener, cutoff)
        if result.exact and result.total is not None:
            best = result.total if best is None else min(best, result.total)
            _offer_best(result.total)
        out.append(result)
    return out


def evaluate_opener(opener: str, cutoff: int | None) -> OpenerResult:
    """One opener with the worker's strategy, stopped once it cannot beat `cutoff`."""
    began = time.perf_counter()
    game: Wordle = _WORKER["game"]
    if "search" in _WORKER:
        figures = _exact(_WORKER["search"], game.check_guess(opener), cutoff)
    else:
        figures = _played(game, opener, cutoff)
    return OpenerResult(opener=opener, seconds=time.perf_counter() - began, **figures)


def _exact(search: TreeSearch, row: int, cutoff: int | None) -> dict[str, Any]:
    """The exact search after `row`: total, or the cutoff as a proven lower bound."""
    games = len(search.game.answers)
    answers = search.game.all_answers()
    legal = search.root_legal()
    budget = INF if cutoff is None else cutoff
    total = search.evaluate(row, answers, legal, budget, depth=search.root_depth)
    if total >= INF:
        return {"total": None, "exact": True, "games": games, "solved": None, "max_guesses": None}
    if total >= budget:
        # Report the cutoff itself: the bound the search reached depends on what this
        # worker memoised before, and the figures must not depend on the shards.
        return _bounded(cutoff, games)
    depth = 1 + _deepest(search, row, answers, legal, search.root_depth)
    return {"total": total, "exact": True, "games": games, "solved": games, "max_guesses": depth}


def _bounded(cutoff: int | None, games: int) -> dict[str, Any]:
    """The figures of an opener that provably cannot beat `cutoff`: the cutoff as its bound."""
    return {"total": cutoff, "exact": False, "games": games, "solved": None, "max_guesses": None}


def _deepest(
    search: TreeSearch, row: int, subset: np.ndarray, legal: np.ndarray | None, depth: int
) -> int:
    """Guesses after `row` in the optimal tree's longest game (its positions are memoised)."""
    deepest = 0
    for pattern, bucket in search.buckets(row, subset):
        child = search.child_legal(legal, row, pattern)
        nxt = search.next_row(bucket, child, depth - 1)
        deepest = max(deepest, 1 + _deepest(search, nxt, bucket, child, depth - 1))
    return deepest


def _played(game: Wordle, opener: str, cutoff: int | None) -> dict[str, Any]:
    """Every answer played with the worker's guesser after `opener`; stopped, with the cutoff
    as a bound, once even 2 guesses per answer left (1 for the opener) cannot beat it."""
    guesser, rules = _WORKER["guesser"], _WORKER["rules"]
    if len(guesser.memo) > MEMO_LIMIT:
        guesser.memo.clear()
    guesser.opener = opener
    total = solved = deepest = 0
    left = len(game.answers) * 2 - (opener in game.answer_index)
    for answer in game.answers:
        record = play(
            guesser, HonestWordle(game, secret=answer), start(game, rules), limit=GUESS_LIMIT
        )
        total += record.guesses
        solved += record.won
        deepest = max(deepest, record.guesses if record.ended_solved else 0)
        left -= 1 if answer == opener else 2
        if cutoff is not None and total + left >= cutoff:
            return _bounded(cutoff, len(game.answers))
    return {
        "total": total,
        "exact": True,
        "games": len(game.answers),
        "solved": solved,
        "max_guesses": deepest,
    }


# ---------------------------------------------------------------------------------------
# The sweep


RANKING_COLUMNS = ("rank", "opener", "total", "mean", "max", "solved", "seconds")


@dataclass
class Sweep:
    """A finished (or interrupted) sweep: every opener's result, best first."""

    spec: SweepSpec
    results: list[OpenerResult]
    seconds: float
    resumed: int = 0
    """Openers taken from the records file instead of evaluated again."""
    options: dict[str, Any] = field(default_factory=dict)

    def places(self) -> list[int | None]:
        """Each result's rank: known up to the first bound, after it none (a bound, and an
        opener proven infeasible, rank among no other once a bound is in the list)."""
        out: list[int | None] = []
        for n, r in enumerate(self.results, 1):
            out.append(n if r.exact and (not out or out[-1] is not None) else None)
        return out

    def rows(self) -> list[dict[str, Any]]:
        """The ranking as CSV rows, best first (an empty cell: not known, a bound's rank too)."""
        return [
            {"rank": "" if n is None else n, "opener": r.opener, "total": r.total, "exact": r.exact,
             "mean": "" if r.mean is None else f"{r.mean:.6f}", "max_guesses": r.max_guesses,
             "solved": r.solved, "seconds": f"{r.seconds:.3f}"}
            for n, r in zip(self.places(), self.results, strict=True)
        ]  # fmt: skip

    def ranking(self, at_least: str = "≥") -> tuple[str, list[tuple[str, ...]], str]:
        """The ranking as people read it: its title, one row per opener (RANKING_COLUMNS; a
        total marked `at_least` is a proven lower bound) and what the bounds mean ('': none)."""
        rows: list[tuple[str, ...]] = []
        for n, r in zip(self.places(), self.results, strict=True):
            bound = "" if r.exact else at_least + " "
            total = "infeasible" if r.total is None else f"{bound}{r.total:,}"
            mean = "" if r.mean is None else f"{bound}{r.mean:.4f}"
            most = "" if r.max_guesses is None else str(r.max_guesses)
            solved = "" if r.solved is None else f"{r.solved:,}/{r.games:,}"
            place = "" if n is None else str(n)
            rows.append((place, r.opener.upper(), total, mean, most, solved, f"{r.seconds:.2f}"))
        mode = ", hard mode" if self.spec.hard else ""
        title = f"{plural(len(self.results), 'opener')}, {self.spec.strategy}{mode}, best first"
        bounds = sum(not r.exact for r in self.results)
        why = "the best total found so far"
        why = f"the cutoff {self.spec.cutoff:,}" if self.spec.cutoff else why
        stopped = plural(bounds, "opener")
        note = f"{at_least}: a proven lower bound ({stopped} stopped once unable to beat {why}; "
        return title, rows, f"{note}unranked)" if bounds else ""

    def as_dict(self) -> dict[str, Any]:
        """The sweep as one JSON object."""
        # The best proven: an exact total first (every bound is past the cutoff it missed)
        lead = self.results[0] if self.results else None
        best = lead if lead is not None and lead.exact and not lead.infeasible else None
        return {
            "game": "wordle",  # as every stats summary names its game
            "strategy": self.spec.strategy,
            "hard": self.spec.hard,
            "guesses_allowed": self.spec.max_guesses,
            "cutoff": self.spec.cutoff,
            "running_cutoff": self.spec.running_cutoff and self.spec.cutoff is None,
            "openers": len(self.results),
            "best": None if best is None else best.opener,
            "seconds": round(self.seconds, 3),
            "resumed": self.resumed,
            "wordkit_version": __version__,
            **self.options,
            "results": [r.as_dict() for r in self.results],
        }


def anagram_shards(openers: Sequence[str], size: int) -> list[list[str]]:
    """`openers` in shards of about `size`, anagrams together (in the order of their first
    member): anagrams share many buckets (all of the largest, the all-grey one), which the
    exact search of a worker memoises once for the whole shard."""
    groups: dict[str, list[str]] = {}
    for opener in openers:
        groups.setdefault("".join(sorted(opener)), []).append(opener)
    shards: list[list[str]] = []
    for group in groups.values():
        if shards and len(shards[-1]) + len(group) <= size:
            shards[-1].extend(group)
        else:
            shards.append(list(group))
    return shards


def sweep(
    game: Wordle,
    openers: Sequence[str],
    spec: SweepSpec,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    done: Sequence[OpenerResult] = (),
    on_result: Callable[[OpenerResult], None] | None = None,
    on_part: PartProgress | None = None,
    per_shard: int = 1,
) -> Sweep:
    """Every opener evaluated (those in `done` are kept as they are), ranked best first.

    Shards (anagrams together, at least `per_shard` openers) go to `jobs` local processes,
    or to the Dask cluster at `cluster`; `on_result` hears each result as it arrives (the
    records file, a progress bar). Fewer openers than workers (or one opener) are split into
    their first-level buckets, and `on_part` hears each bucket done: one opener's search can
    take hours on a large list, and a bar stuck at 0 of 1 tells nothing.
    """
    began = time.perf_counter()
    wanted = set(openers)
    results = {r.opener: r for r in standing(done, wanted, spec) if r.opener in wanted}
    resumed = len(results)
    exact = [r.total for r in results.values() if r.exact and r.total is not None]
    best: list[int | None] = [min(exact, default=None)]
    pending = [o for o in openers if o not in results]
    workers = jobs if cluster is None else 2  # a cluster has two workers at least
    if spec.exact_search and 0 < len(pending) < max(workers, 2):
        split = split_openers(game, pending, spec, best[0], jobs=jobs, cluster=cluster,
                              on_part=on_part)  # fmt: skip
        for result in split:
            results[result.opener] = result
            if on_result is not None:
                on_result(result)
        return Sweep(spec, rank(list(results.values())), time.perf_counter() - began, resumed)
    _share_best(best[0])

    def shards() -> Iterator[list[tuple[str, int | None]]]:
        for group in anagram_shards([o for o in openers if o not in results], per_shard):
            # Read when the shard is sent: the cutoff is the best known by then.
            yield [(o, spec.cutoff_after(best[0])) for o in group]

    jobs = max(1, min(jobs, len(openers) - resumed))
    stream = runner.stream_chunks(
        _evaluate_chunk,
        shards(),
        jobs=jobs,
        setup=_setup,
        setup_args=(game, spec),
        cluster=cluster,
    )
    for out in stream:
        for result in out:
            results[result.opener] = result
            if result.exact and result.total is not None:
                best[0] = result.total if best[0] is None else min(best[0], result.total)
            if on_result is not None:
                on_result(result)
    return Sweep(spec, rank(list(results.values())), time.perf_counter() - began, resumed)


# ---------------------------------------------------------------------------------------
# A few openers over many workers: each opener's first-level buckets as tasks


# A sweep of fewer openers than workers (one opener on a cluster), or of one opener, hands
# out each opener's buckets instead: else a worker would sit idle (and one opener's progress
# would show nothing until its end). With as many openers as workers, whole
# openers do better: a worker's memo serves the anagrams of its shard (six strong openers on
# two workers: 1.66x one worker whole, 1.26x split).

BucketTask = tuple[str, int, np.ndarray, int, int, int]
"""(opener, the bucket's pattern, its answers, its budget: the total it must stay under, the
worker's part in it: 0 for the task that opens it, 1... for the workers joining it, and its
shared slot, or -1 when it is solved whole by one worker)."""
BucketResult = tuple[str, int, int, int, int, int, float]
"""(opener, pattern, part, total or bound, the rank of the part's best guess or -1 when a
bound, the guesses its longest game takes after the opener, seconds)."""

# Small buckets go out together: a bucket of a few answers is solved in well under the round
# trip to a worker. A chunk is closed once the sum of its buckets' n² (about their work) and
# a fixed share each reaches 64², so a bucket of 64 answers or more goes alone.
CHUNK_WEIGHT = 64**2
BUCKET_OVERHEAD = 64
JOIN_MIN = 64
"""A bucket of this many answers or more is searched through a slot of shared memory: its
guesses are claimed a few ranks at a time from a counter, so that a free worker can join
it. Smaller buckets take a few milliseconds, about what joining one costs (its splits
counted again)."""
JOIN_RANKS = 256
"""A free worker joins an open bucket while this many ranks or more are left to claim below
its best total: one bucket can be most of an opener's search (CRANE's 122 answers: 1.0 s of
1.4, 9,131 guesses to refute at 0.1 ms each), while most hold a few hundred at most."""
CLAIM = 4
"""Ranks a worker claims at a time from a bucket's counter."""


def split_openers(
    game: Wordle,
    openers: Sequence[str],
    spec: SweepSpec,
    best: int | None,
    *,
    jobs: int,
    cluster: str | None,
    on_part: PartProgress | None = None,
) -> Iterator[OpenerResult]:
    """Each opener's result once its buckets are done (or it is proven to reach the cutoff);
    `on_part(opener, done, buckets)` hears each bucket back.

    The opener's total is n + Σ cost(bucket). With the cutoff c, a bucket sent out gets the
    budget c - n - Σ cost(done) - Σ floor(others not done) (`split_floor`, in this process),
    read when it is sent: a cost that reaches its budget proves the opener ≥ c, whatever the
    others cost; costs under their budgets are exact. So the buckets are independent tasks
    sharing the running total, and the buckets of an opener proven ≥ c are never sent.

    On local workers a bucket of `JOIN_MIN` answers or more is searched through a slot of
    shared memory: its guesses' ranks are claimed from a counter, and its running best is
    shared (`TreeSearch.solve_shared`). Each time a task is handed out, a join of the open
    bucket with the most ranks left to claim (`JOIN_RANKS` or more) goes first, and once every
    bucket is out the source says "nothing yet" while one is open, to be asked again: so no
    worker idles for long while one bucket holds the rest of the work (a join queued behind
    another task may find its bucket done, and costs its worker the bucket's split counts).
    The bucket's cost is the least over its workers, taken once all are back (`_Opening.take`)."""
    workers = jobs if cluster is None else 1  # a cluster's workers share no memory
    search = TreeSearch(game, hard=spec.hard, max_guesses=spec.max_guesses)
    answers, legal = game.all_answers(), search.root_legal()
    openings: dict[str, _Opening] = {}
    tasks: list[tuple[str, int, np.ndarray, int]] = []  # (opener, pattern, bucket, slot)
    slots = 0
    for opener in openers:
        began = time.perf_counter()
        row, cutoff = game.check_guess(opener), spec.cutoff_after(best)
        depth = search.root_depth - 1
        buckets = search.buckets(row, answers)
        # The floors set the budgets; with no cutoff every bucket is solved whole anyway.
        floors = {
            p: search.split_floor(b, search.child_legal(legal, row, p), depth)
            if cutoff is not None
            else 2 * len(b) - 1
            for p, b in buckets
        }
        opening = _Opening(len(answers), cutoff, floors, time.perf_counter() - began)
        if opening.proven_worse():
            yield opening.result(opener)
            continue
        openings[opener] = opening
        if on_part is not None:
            on_part(opener, 0, len(floors))
        # Opener by opener, each one's buckets largest first (as `evaluate` takes them): the
        # costs back from an opener's first buckets tighten the budgets of its last ones.
        # With no cutoff there are no budgets, and one process does the same work in any
        # order: smallest first, the progress shown moves at once (on a large list the
        # largest can take hours each).
        if cutoff is None and workers == 1:
            buckets = buckets[::-1]
        for p, b in buckets:
            joinable = workers > 1 and len(b) >= JOIN_MIN
            tasks.append((opener, p, b, slots if joinable else -1))
            slots += joinable
    _SHARED.pop("slots", None)
    if slots:
        _share_slots(slots)

    def regular() -> Iterator[list[BucketTask]]:
        chunk: list[BucketTask] = []
        weight = 0
        for opener, pattern, bucket, slot in tasks:
            if chunk and opener != chunk[0][0]:
                yield chunk
                chunk, weight = [], 0
            opening = openings[opener]
            if not opening.proven_worse():  # else this bucket can no longer matter
                opening.in_flight += 1
                budget = opening.budgets[pattern] = opening.budget(pattern)
                chunk.append((opener, pattern, bucket, budget, 0, slot))
                weight += len(bucket) ** 2 + BUCKET_OVERHEAD
            if weight >= CHUNK_WEIGHT:
                yield chunk
                chunk, weight = [], 0
        if chunk:
            yield chunk

    shared = [t for t in tasks if t[3] >= 0]

    def join() -> tuple[list[BucketTask], bool]:
        """A join of the open bucket with the most ranks left, if one is worth it; and
        whether any bucket is still open."""
        best, most, still_open = None, JOIN_RANKS - 1, False
        for opener, pattern, bucket, slot in shared:
            opening = openings[opener]
            if pattern in opening.costs or opening.proven_worse():
                continue
            still_open = True
            left = _slot_left(slot)
            if left > most and opening.parts_sent.get(pattern, 1) < workers:
                best, most = (opener, pattern, bucket, slot), left
        if best is None:
            return [], still_open
        opener, pattern, bucket, slot = best
        opening = openings[opener]
        opening.in_flight += 1
        part = opening.parts_sent.get(pattern, 1)
        opening.parts_sent[pattern] = part + 1
        # The bucket's own budget: every worker of a position orders its guesses alike.
        return [(opener, pattern, bucket, opening.budgets[pattern], part, slot)], True

    def sent() -> Iterator[list[BucketTask]]:
        # A join of the bucket with the most guesses left to refute goes before the next
        # bucket; once every bucket is out, "nothing yet" while one is open.
        for chunk in regular():
            joined, _ = join()
            if joined:
                yield joined
            yield chunk
        while True:
            joined, still_open = join()
            if not still_open:
                return
            yield joined

    # Two buckets a worker in flight: most buckets take a millisecond or less, about one
    # round trip, which a worker waiting for its next bucket would spend idle.
    stream = runner.stream_chunks(
        _solve_buckets, sent(), jobs=jobs, setup=_setup, setup_args=(game, spec),
        cluster=cluster, ahead=2,
    )  # fmt: skip
    for out in stream:
        for opener, pattern, part, value, rank, deepest, seconds in out:
            opening = openings[opener]
            opening.in_flight -= 1
            opening.seconds += seconds
            opening.take(pattern, part, value, rank, deepest)
            done = len(opening.costs) == len(opening.floors)
            if on_part is not None and not opening.told:
                on_part(opener, len(opening.costs), len(opening.floors))
            if (done or (opening.proven_worse() and not opening.in_flight)) and not opening.told:
                opening.told = True
                yield opening.result(opener)
    for opener, opening in openings.items():  # proven worse with buckets never sent
        if not opening.told:
            if not opening.proven_worse():  # a bucket lost: never report its floor as a cost
                raise RuntimeError(f"the split search of {opener} ended with buckets open")
            yield opening.result(opener)


@dataclass
class _Opening:
    """One opener of a split sweep: its buckets' floors, the costs back so far."""

    n: int
    cutoff: int | None
    floors: dict[int, int]
    seconds: float
    costs: dict[int, tuple[int, int]] = field(default_factory=dict)
    budgets: dict[int, int] = field(default_factory=dict)  # each bucket's, when sent
    parts_sent: dict[int, int] = field(default_factory=dict)
    parts_back: dict[int, dict[int, tuple[int, int, int]]] = field(default_factory=dict)
    in_flight: int = 0
    told: bool = False

    def take(self, pattern: int, part: int, value: int, rank: int, deepest: int) -> None:
        """A worker's part of a bucket back (a part sent again counts once): the bucket's
        cost once all its parts are, the least total of the least rank over the parts when a
        part reached it exact, else the least bound (see `TreeSearch.solve_shared`)."""
        got = self.parts_back.setdefault(pattern, {})
        got[part] = (value, rank, deepest)
        if len(got) < self.parts_sent.get(pattern, 1) or pattern in self.costs:
            return
        low = min(v for v, _, _ in got.values())
        exact = [(v, r, d) for v, r, d in got.values() if r >= 0 and v <= low]
        self.costs[pattern] = (low, min(exact)[2]) if exact else (low, 0)

    def lower_bound(self) -> int:
        """n + the costs back (exact, or bounds) + the floors of the other buckets."""
        known = sum(self.costs[p][0] if p in self.costs else f for p, f in self.floors.items())
        return min(self.n + known, INF)

    def proven_worse(self) -> bool:
        """Whether the opener is proven unable to beat the cutoff (or to fit the limit)."""
        return self.lower_bound() >= (INF if self.cutoff is None else min(self.cutoff, INF))

    def budget(self, pattern: int) -> int:
        """What the bucket `pattern` must cost less than for the opener to beat the cutoff."""
        if self.cutoff is None:
            return INF
        return min(INF, self.cutoff - self.lower_bound() + self.floors[pattern])

    def result(self, opener: str) -> OpenerResult:
        """The opener's figures: infeasible, a bound at the cutoff, or the exact total."""
        figures: dict[str, Any]
        if self.lower_bound() >= INF:
            figures = {"total": None, "exact": True, "games": self.n, "solved": None,
                       "max_guesses": None}  # fmt: skip
        elif self.proven_worse():
            figures = _bounded(self.cutoff, self.n)
        else:
            deepest = 1 + max((d for _, d in self.costs.values()), default=0)
            figures = {"total": self.lower_bound(), "exact": True, "games": self.n,
                       "solved": self.n, "max_guesses": deepest}  # fmt: skip
        return OpenerResult(opener=opener, seconds=self.seconds, **figures)


def _solve_buckets(chunk: list[BucketTask]) -> list[BucketResult]:
    """In a worker: each bucket's cost (or this worker's part of it) under its budget (a
    value ≥ the budget: a bound), with the guesses its longest game takes after the opener
    when exact, and the seconds."""
    search: TreeSearch = _WORKER["search"]
    game: Wordle = _WORKER["game"]
    out = []
    for opener, pattern, bucket, budget, part, slot in chunk:
        began = time.perf_counter()
        row, depth = game.check_guess(opener), search.root_depth - 1
        legal = search.child_legal(search.root_legal(), row, pattern)
        shared = _slot(slot)
        if shared is not None:
            value, nxt, rank = search.solve_shared(bucket, legal, budget, depth, shared)
        else:
            value = search.solve(bucket, legal, beta=budget, depth=depth)
            rank = 0 if value < min(budget, INF) else -1
            nxt = search.next_row(bucket, legal, depth) if rank >= 0 else -1
        deepest = 0
        if rank >= 0:
            deepest = 1 + _deepest(search, nxt, bucket, legal, depth)
        out.append((opener, pattern, part, int(value), rank, deepest, time.perf_counter() - began))
    return out


def _share_slots(count: int) -> None:
    """Slots for the joinable buckets, in shared memory (before the local workers fork)."""
    import multiprocessing

    _SHARED["slots"] = multiprocessing.Array("q", [NO_TOTAL, -1, 0, -1] * count)


def _slot(index: int) -> _Slot | None:
    """A joinable bucket's slot in this machine's shared memory (None: solved whole)."""
    slots = _SHARED.get("slots")
    if index < 0 or slots is None or 4 * index >= len(slots):
        return None
    return _Slot(slots, 4 * index)


def _slot_left(index: int) -> int:
    """Ranks left to claim in a joinable bucket, as far as its workers have told."""
    slot = _slot(index)
    return 0 if slot is None else slot.left()


@dataclass
class _Slot:
    """A joinable bucket's `search.SharedPosition`: four entries of a shared array, the least
    total found (NO_TOTAL: none yet), the least rank reaching it, the next rank to claim, and
    the end of the ranks still worth claiming (-1: not told yet)."""

    shared: Any
    at: int

    def claim(self) -> range:
        with self.shared.get_lock():
            first = self.shared[self.at + 2]
            self.shared[self.at + 2] = first + CLAIM
        return range(first, first + CLAIM)

    def get(self) -> tuple[int, int]:
        with self.shared.get_lock():  # the total and its rank read together
            total, rank = self.shared[self.at], self.shared[self.at + 1]
        return (INF, -1) if total == NO_TOTAL else (int(total), int(rank))

    def offer(self, total: int, rank: int) -> None:
        with self.shared.get_lock():  # read and write at once: the least only ever falls
            known = self.shared[self.at], self.shared[self.at + 1]
            if known[0] == NO_TOTAL or (total, rank) < known:
                self.shared[self.at], self.shared[self.at + 1] = total, rank

    def worth(self, end: int) -> None:
        with self.shared.get_lock():
            told = self.shared[self.at + 3]
            self.shared[self.at + 3] = end if told < 0 else min(told, end)

    def left(self) -> int:
        with self.shared.get_lock():
            end, claimed = self.shared[self.at + 3], self.shared[self.at + 2]
        return max(0, end - claimed)


# ---------------------------------------------------------------------------------------
# The records file: a header line naming the sweep, then one line per opener


def records_header(game: Wordle, spec: SweepSpec) -> dict[str, Any]:
    """What a records file must match to be resumed: the lists and the spec."""
    return {"sweep": {"lists": game.key, **asdict(spec)}}


HEADER_NAMES = {
    "lists": "word lists",
    "strategy": "--strategy",
    "hard": "--hard",
    "max_guesses": "--max-guesses",
    "cutoff": "--cutoff",
    "running_cutoff": "--cutoff",  # none, or the best so far: one option
}
"""How a records file's header keys are named to users, by the options that set them."""

MAX_RECORDS_BYTES = 64 * 2**20
"""The largest records file read back: a line per opener is far less, even for every guess."""
RESULT_KEYS = frozenset(("opener", "total", "exact", "games", "solved", "max_guesses", "seconds"))


def read_records(
    path: str | os.PathLike[str], header: dict[str, Any], *, games: int | None = None
) -> list[OpenerResult]:
    """The results a records file holds for this sweep of `games` answers (none if it does
    not exist, or is not a regular file: a FIFO or a device is only written). Every line is
    checked; an unfinished last line (the run was killed while writing it) is dropped."""
    name = os.fspath(path)
    if not outputs.can_resume(name):
        return []
    try:
        with open(name, "rb") as handle:
            raw = handle.read(MAX_RECORDS_BYTES + 1)
        if len(raw) > MAX_RECORDS_BYTES:
            raise SweepRecordsError(
                f"{name} is larger than {MAX_RECORDS_BYTES // 2**20} MiB: not the records of "
                "a sweep; give another --records file"
            )
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SweepRecordsError(f"cannot read the records file {name}: {exc}") from None
    lines = lines_of(text)
    if lines[-1] == "":  # the end of the last line
        lines.pop()
    if not lines:
        return []
    first = _json(lines[0])
    if (
        not isinstance(first, dict)
        or set(first) != {"sweep"}
        or not isinstance(first["sweep"], dict)
    ):
        raise SweepRecordsError(
            f"{name} is not the records file of an opener sweep; give another --records file"
        )
    theirs, ours = first["sweep"], header["sweep"]
    if theirs != ours:
        keys = [*ours, *(k for k in theirs if k not in ours)]  # a forged key is named too
        differ = list(
            dict.fromkeys(HEADER_NAMES.get(k, str(k)) for k in keys if theirs.get(k) != ours.get(k))
        )
        raise SweepRecordsError(
            f"{name} holds a sweep with other {shortened(', '.join(differ))}; resume it "
            "with the same options, or give another --records file"
        )
    spec = SweepSpec(**{k: v for k, v in ours.items() if k != "lists"})
    results: dict[str, OpenerResult] = {}
    unfinished = not text.endswith(("\n", "\r"))
    for n, line in enumerate(lines[1:], 2):
        result = _result(_json(line), spec, games)
        if isinstance(result, str) and n == len(lines) and unfinished:
            break  # the killed run's half line
        if isinstance(result, str):
            raise SweepRecordsError(f"{name}: line {n} {result}")
        if result.opener in results:
            raise SweepRecordsError(f"{name}: line {n} repeats the opener {result.opener!r}")
        games = result.games
        results[result.opener] = result
    return list(results.values())


def _json(line: str) -> Any:
    """A line's JSON value, None when it is not JSON (or too deeply nested to read)."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _whole(value: Any, low: int, high: float = float("inf")) -> bool:
    """Whether `value` is a whole number (not a bool) from `low` to `high`."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


NOT_A_RESULT = "is not an opener's result"


def _result(data: Any, spec: SweepSpec, games: int | None) -> OpenerResult | str:
    """The result a records line holds, or why it cannot be one of this sweep: a forged
    figure would corrupt the ranking."""
    if not isinstance(data, dict) or not RESULT_KEYS <= set(data) <= RESULT_KEYS | {"mean"}:
        return NOT_A_RESULT
    opener, total, exact, n = data["opener"], data["total"], data["exact"], data["games"]
    solved, deepest, seconds = data["solved"], data["max_guesses"], data["seconds"]
    word = isinstance(opener, str) and opener.isascii() and opener.isalpha() and opener.islower()
    finite = _whole(seconds, 0) or isinstance(seconds, float) and 0 <= seconds < float("inf")
    if not (word and finite and _whole(n, 1) and isinstance(exact, bool)):
        return NOT_A_RESULT
    if games is not None and n != games:
        return f"is a result over {n:,} games, not over the {games:,} answers of this sweep"
    if total is None:  # the exact search proved no tree solves every answer
        fits = exact and spec.exact_search and solved is None and deepest is None
    elif not exact:  # a bound: the cutoff, given or the best exact total so far + 1
        bound = _whole(total, spec.cutoff or n + 1, spec.cutoff or float("inf"))
        fits = bound and solved is None and deepest is None
    else:  # every game took at least one guess, the longest `deepest`
        limit = spec.max_guesses if spec.exact_search and spec.max_guesses else GUESS_LIMIT
        least = n + max(deepest - 1, 0) if _whole(deepest, 0) else n
        if n > 1 and _whole(deepest, 1):
            # every game opens with the opener: only its own answer takes one guess, the
            # longest solved one `deepest`, every other two or more
            least = max(least, 2 * n - 3 + deepest)
        fits = (
            _whole(solved, n if spec.exact_search else 0, n)
            and _whole(deepest, 1 if spec.exact_search else 0, limit)
            and _whole(total, least, n * GUESS_LIMIT)
            # a solved game took at most `deepest` guesses, an unsolved one at most the limit
            and total <= solved * deepest + (n - solved) * GUESS_LIMIT
        )
    if not fits:
        return shortened(f"holds figures no sweep gives (total {total!r}, solved {solved!r})")
    return OpenerResult(
        opener=opener, total=total, exact=exact, games=n, solved=solved,
        max_guesses=deepest, seconds=float(seconds),
    )  # fmt: skip


class RecordsWriter:
    """Appends one JSON line per result to the records file (`-`: stdout), flushed at once,
    so that an interrupted sweep keeps everything it finished."""

    def __init__(
        self, path: str, header: dict[str, Any], kept: Sequence[OpenerResult] = ()
    ) -> None:
        # Rewritten whole when resumed, atomically (a full disk leaves the file as it was):
        # drops a line the killed run left unfinished. A FIFO or device gets the header only.
        lines = [header, *(r.as_dict() for r in kept)]
        text = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)
        self.out = outputs.Output(path, text)

    def write(self, result: OpenerResult) -> None:
        """One result, on disk before the next arrives."""
        self.out.write(json.dumps(result.as_dict(), ensure_ascii=False) + "\n")

    def close(self) -> None:
        """Close the file (not stdout)."""
        self.out.close()


def standing(done: Sequence[OpenerResult], wanted: set[str], spec: SweepSpec) -> list[OpenerResult]:
    """The results read back that a run keeps: all but the bound of an opener it asks for,
    cut by a running cutoff, that no exact total of its own openers is below. Such a bound
    came from an opener outside this run (a records file of another opener list), so it
    proves nothing here: the opener is searched again."""
    if spec.cutoff is not None or not spec.exact_search:
        return list(done)
    exact = [r.total for r in done if r.opener in wanted and r.exact and r.total is not None]
    least = min(exact, default=None)
    return [
        r for r in done
        if r.opener not in wanted or r.exact
        or (least is not None and r.total is not None and r.total > least)
    ]  # fmt: skip


def run_sweep(
    game: Wordle,
    which: str,
    spec: SweepSpec,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    records: str | None = None,
    progress: Callable[[int], None] | None = None,
    started: Callable[[int, int], None] | None = None,
    on_part: PartProgress | None = None,
) -> Sweep:
    """The whole `stats wordle --openers` run: choose the openers, resume from `records` (and
    append to it), sweep, rank. `started(todo, resumed)` hears the work ahead once known,
    `progress(1)` each opener done, `on_part` each bucket of a split opener (see `sweep`)."""
    if cluster is not None:
        from wordkit.cluster import check_address

        check_address(cluster)  # asked once a process: the CLI may have asked already
    if spec.cutoff is not None and spec.cutoff < 1:
        raise RangeError(f"--cutoff must be a total of at least 1 guess, not {spec.cutoff}")
    make_guesser(spec.strategy)  # an unknown strategy fails before any work
    openers = choose_openers(game, which, spec)
    header = records_header(game, spec)
    done = read_records(records, header, games=len(game.answers)) if records is not None else []
    for result in done:
        if result.opener not in game.guess_index:  # the lists match, so the line was forged
            raise SweepRecordsError(
                f"{records}: {result.opener!r} is not an allowed guess of these lists, so not "
                "a result of this sweep; give another --records file"
            )
    wanted = set(openers)
    done = standing(done, wanted, spec)
    resumed = sum(r.opener in wanted for r in done)
    if started is not None:
        started(len(openers) - resumed, resumed)
    # What the file held is kept as it was, even for openers this run does not ask for.
    writer = RecordsWriter(records, header, done) if records is not None else None

    def on_result(result: OpenerResult) -> None:
        if writer is not None:
            writer.write(result)
        if progress is not None:
            progress(1)

    try:
        return sweep(
            game, openers, spec, jobs=jobs, cluster=cluster, done=done, on_result=on_result,
            on_part=on_part,
        )  # fmt: skip
    except ClusterError as exc:  # the cluster went away: what finished is on disk
        if writer is None or records == "-":
            raise
        raise ClusterError(f"{exc}; the openers done are kept in {records}: the same command "
                           "resumes the sweep") from None  # fmt: skip
    finally:
        if writer is not None:
            writer.close()
