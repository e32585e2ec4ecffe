"""What every stats run produces, for both games: one record per game, one summary, and the
runner that plays chunks of games in worker processes."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from wordkit import __version__
from wordkit.errors import STOP_SIGNALS, UNWOUND, WordkitError, WorkerLostError

T = TypeVar("T")
R = TypeVar("R")
Progress = Callable[[int], None]
"""Called with the number of games just finished (the CLI advances a progress bar)."""

LOST = "lost"
"""The histogram key of the games that were never solved."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord:
    """One finished game: its secret, every move and what the host showed after it."""

    secret: str
    won: bool
    """Solved within the game's own limit (lives, or the guesses allowed)."""
    moves: tuple[str, ...]
    feedback: tuple[str, ...] = ()
    """What the host showed after each move (Hangman: the mask; Wordle: the colours, one
    pattern per board)."""
    solved: bool | None = None
    """Solved at all (a Wordle game may be solved after the limit); None: same as `won`."""
    wrong: int | None = None
    category: str | None = None

    @property
    def guesses(self) -> int:
        """Moves made (letters and words in Hangman, guesses in Wordle)."""
        return len(self.moves)

    @property
    def ended_solved(self) -> bool:
        """Whether the secret was found, within the limit or not."""
        return self.won if self.solved is None else self.solved

    def as_dict(self) -> dict[str, Any]:
        """The record as one JSON object (a line of `--records`)."""
        out: dict[str, Any] = {
            "secret": self.secret,
            "won": self.won,
            "solved": self.ended_solved,
            "guesses": self.guesses,
            "moves": list(self.moves),
            # None: not kept (the history keeps the moves alone)
            "feedback": list(self.feedback) if self.feedback or not self.moves else None,
            "wrong": self.wrong,
            "category": self.category,
        }
        return out


@dataclass(frozen=True, kw_only=True)
class Summary:
    """A strategy's figures over many games: the same keys for Hangman and Wordle."""

    game: str
    strategy: str
    table: str
    games: int
    wins: int
    win_rate: float
    mean_guesses: float
    """Over the games that ended solved (NaN when none did)."""
    max_guesses: int | None
    """The most guesses a solved game took (None: none was solved)."""
    histogram: dict[str, int]
    """Solved games by guesses used, in numeric order, then the unsolved ones under `lost`."""
    by_length: dict[int, dict[str, float]]
    failures: list[str]
    """Every game not won, hardest first."""
    seconds: float
    wordkit_version: str = __version__
    options: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """A flat, JSON-ready dict: the figures, then the game's extras and the run's options."""
        out = {f.name: getattr(self, f.name) for f in fields(self)[:-2]}  # not options, extra
        out["by_length"] = {str(k): v for k, v in self.by_length.items()}
        out["seconds"] = round(self.seconds, 3)
        return out | self.extra | self.options

    def rows(self) -> list[dict[str, Any]]:
        """The summary as one CSV row (nested values, such as the histogram, as JSON)."""
        return [self.as_dict()]


@dataclass(frozen=True)
class Played:
    """Many games of either game: their summary and records (a stats run, the history's games,
    a decision tree checked), and what a check found, in words."""

    summary: Summary
    records: list[GameRecord]
    verdict: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The summary as `stats --format json` prints it."""
        return self.summary.as_dict()

    def labels(self) -> dict[str, Any]:
        """What the game's stats table changes in the shared one: `strategy`, `wins` and `lost`
        (row names), `solved` (the games the guesses count), `extra` rows after the wins, the
        histogram's `per_game` noun and its `counts`, and `tables` of its own (header, rows)."""
        return {}

    def figures(self) -> list[tuple[str, str]]:
        """The stats table's rows: the strategy, the games and wins, the game's own rows, the
        guesses and the time."""
        s, labels = self.summary, self.labels()
        # The guesses count the games that ended solved: say so when some did not.
        over = f" ({labels.get('solved', 'solved games')})" if "lost" in s.histogram else ""
        return [
            ("strategy", labels.get("strategy") or s.strategy), ("games", f"{s.games:,}"),
            (labels.get("wins", "wins"), f"{s.wins:,} ({s.win_rate:.2%})"),
            *labels.get("extra", ()),
            (f"mean guesses{over}",
             f"{s.mean_guesses:.4f}" if math.isfinite(s.mean_guesses) else "-"),
            (f"max guesses{over}", "-" if s.max_guesses is None else f"{s.max_guesses}"),
            ("seconds", f"{s.seconds:.1f}"),
        ]  # fmt: skip

    def closing(self, listed: int = 20) -> list[str]:
        """The lines after the tables: the games lost (the first `listed`), and the verdict."""
        from wordkit.game import plural

        # A Hangman secret the human host kept to themselves is recorded as its mask, `___`
        lost = [w for w in self.summary.failures if w.strip("_")]
        untold, more = len(self.summary.failures) - len(lost), len(lost) - listed
        parts = []
        if lost:
            parts.append(", ".join(lost[:listed]) + (f" (and {more:,} more)" if more > 0 else ""))
        if untold:
            parts.append(f"{plural(untold, 'word')} kept secret")
        name = self.labels().get("lost", "lost")
        lines = [f"{name}: {', '.join(parts)}"] if parts else []
        return lines + ([self.verdict] if self.verdict else [])


def variant_tables(rows: Sequence[Mapping[str, Any]]) -> list[tuple[tuple[str, ...], list[Any]]]:
    """A history's figures per variant and player as a table of the stats output, when it holds
    more than one (none: the figures above are all of one)."""
    if len(rows) < 2:
        return []
    cells = [
        (r["variant"], r["player"], f"{r['games']:,}", f"{r['wins']:,}", f"{r['win_rate']:.2%}")
        for r in rows
    ]
    return [(("variant", "player", "games", "wins", "win rate"), cells)]


STATS_FORMATS = ("table", "json", "csv")
MAX_SAMPLE = 1_000_000
"""Most games a `--sample` may ask for, in either game (hours of play; more would exhaust
memory)."""
MAX_JOBS = 64
"""Most worker processes a run starts (more only fight over the cores, and could exhaust the
process table)."""


JOBS_OR_CLUSTER = "--jobs runs local processes and --cluster a Dask cluster's workers: give one"


def check_run(*, sample: int | None, jobs: int, cluster: str | None = None) -> None:
    """Raise RangeError for a sample size or a number of workers out of range, and
    OptionConflictError for local workers and a cluster at once."""
    from wordkit.errors import OptionConflictError, RangeError

    if cluster is not None and jobs != 1:
        raise OptionConflictError(JOBS_OR_CLUSTER)
    if sample is not None and not 1 <= sample <= MAX_SAMPLE:
        raise RangeError(f"--sample must be between 1 and {MAX_SAMPLE:,}, not {sample:,}")
    if not 1 <= jobs <= MAX_JOBS:
        raise RangeError(f"--jobs must be between 1 and {MAX_JOBS}, not {jobs:,}")


def stats_format(fmt: str | None, *, json: bool, jobs: int) -> str:
    """The output format of a stats run (`--json` is `--format json`; None: a table), `--jobs`
    checked too."""
    from wordkit.errors import RangeError, UnknownNameError

    if json and fmt not in (None, "json"):
        raise UnknownNameError(f"--json asks for JSON: drop --json or --format {fmt}")
    chosen = "json" if json else "table" if fmt is None else fmt
    if chosen not in STATS_FORMATS:
        raise UnknownNameError(
            f"unknown format {chosen!r}; choose one of: {', '.join(STATS_FORMATS)}"
        )
    if not 1 <= jobs <= MAX_JOBS:  # as check_run says it
        raise RangeError(f"--jobs must be between 1 and {MAX_JOBS}, not {jobs:,}")
    return chosen


def csv_value(value: Any) -> Any:
    """A value as a CSV cell: booleans and nested values as JSON (true, false, [..], {..})."""
    return json.dumps(value) if isinstance(value, bool | dict | list) else value


def numeric_histogram(values: Iterable[int], lost: int = 0) -> dict[str, int]:
    """Counts of each value as text keys in numeric order, with `lost` last when non-zero."""
    counts = Counter(values)
    out = {str(k): counts[k] for k in sorted(counts)}
    if lost:
        out[LOST] = lost
    return out


def _mean(values: Sequence[float]) -> float:
    """The mean of `values`, NaN when there are none."""
    return sum(values) / len(values) if values else float("nan")


def _length_figures(group: Sequence[GameRecord]) -> dict[str, float]:
    """Games, wins, win rate, mean guesses (and mean wrong) of one word length."""
    wins = sum(r.won for r in group)
    out: dict[str, float] = {
        "games": len(group),
        "wins": wins,
        "win_rate": wins / len(group),
        "mean_guesses": _mean([r.guesses for r in group if r.ended_solved]),
    }
    if all(r.wrong is not None for r in group):
        out["mean_wrong"] = _mean([r.wrong or 0 for r in group])
    return out


def summarize(
    records: Sequence[GameRecord],
    *,
    game: str,
    strategy: str,
    table: str,
    seconds: float,
    options: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> Summary:
    """The summary of a run: rates, means, histograms, every failure, figures per length."""
    solved = [r for r in records if r.ended_solved]
    wins = sum(r.won for r in records)
    figures: dict[str, Any] = {}
    if records and all(r.wrong is not None for r in records):
        wrong = [r.wrong or 0 for r in records]
        figures["mean_wrong"] = _mean(wrong)
        figures["wrong_histogram"] = numeric_histogram(
            (r.wrong or 0 for r in records if r.won), lost=len(records) - wins
        )
    figures.update(extra or {})
    hardest = sorted(
        (r for r in records if not r.won),
        key=lambda r: (r.ended_solved, -(r.wrong or 0), -r.guesses, r.secret),
    )
    lengths = sorted({word_length(r.secret) for r in records})
    return Summary(
        game=game,
        strategy=strategy,
        table=table,
        games=len(records),
        wins=wins,
        win_rate=wins / len(records) if records else 0.0,
        mean_guesses=_mean([r.guesses for r in solved]),
        max_guesses=max((r.guesses for r in solved), default=None),
        histogram=numeric_histogram((r.guesses for r in solved), lost=len(records) - len(solved)),
        by_length={
            n: _length_figures([r for r in records if word_length(r.secret) == n]) for n in lengths
        },
        failures=[r.secret for r in hardest],
        seconds=seconds,
        options=dict(options or {}),
        extra=figures,
    )


def word_length(secret: str) -> int:
    """The length of a game's words (several boards' secrets are one string, `a/b/...`)."""
    return len(secret.split("/", 1)[0])


def record_lines(records: Iterable[GameRecord]) -> Iterator[str]:
    """One JSON line per game (the `--records` format)."""
    for record in records:
        yield json.dumps(record.as_dict(), ensure_ascii=False) + "\n"


# --- the parallel runner ------------------------------------------------------------------


def chunked(items: Sequence[T], *, parts: int) -> list[list[T]]:
    """`items` cut into about `parts` contiguous chunks of nearly equal size."""
    size = max(1, -(-len(items) // max(1, parts)))
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _block(signals: Iterable[int], *, how: str = "block") -> set[int]:
    """Block `signals` in this thread (or, `how="set"`, make them the blocked set, as a
    previous call returned it): the signals blocked before. A forked process inherits the
    mask. Where the platform has no signal masks, nothing is blocked."""
    if not hasattr(signal, "pthread_sigmask"):
        return set()
    mode = signal.SIG_BLOCK if how == "block" else signal.SIG_SETMASK
    return set(signal.pthread_sigmask(mode, signals))


def _worker_setup(setup: Callable[..., None], *args: Any) -> None:
    """In a worker: leave Ctrl-C to the parent (one message, no traceback per worker), let
    STOP_CHUNK end the chunk in play, and SIGTERM and SIGHUP end the chunk then the worker
    (`_stop_then_die`), die with the parent if it is killed, then run the caller's setup. The
    worker was forked with the stop signals blocked; they are let in once its own handlers
    are set."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(STOP_CHUNK, _stop_chunk)
    _STOP["parent"] = os.getppid()
    for signum in UNWOUND:
        # The parent's handler (inherited by the fork) goes; an ignored signal stays ignored
        # (`nohup`: a closed terminal must not end the workers either).
        if signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, _stop_then_die)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    _die_with_parent()
    setup(*args)


def _die_with_parent() -> None:
    """Linux: have the kernel end this worker when its parent dies (a parent killed outright
    cannot stop its pool; its workers would compute on as orphans)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def stream_chunks(
    play: Callable[[list[T]], list[R]],
    chunks: Iterable[list[T]],
    *,
    jobs: int,
    setup: Callable[..., None],
    setup_args: tuple[Any, ...] = (),
    cluster: str | None = None,
    ahead: int = 1,
) -> Iterator[list[R]]:
    """Each chunk's results as it finishes (`setup(*setup_args)` ran once per worker first).

    `chunks` is read lazily, `ahead` chunks per worker in flight and the next sent as one
    finishes, so a caller can shape the next chunk from the results so far (a sweep's
    running cutoff); more than one ahead keeps a worker busy through the round trip when
    chunks are short. An empty chunk means "nothing yet": it is not sent, and `chunks` is read
    again every few milliseconds on local workers, once a result is back on a cluster (so
    it must not be empty while nothing is in flight: in one process, that is an error). Local
    workers (`jobs` processes, forked; in this process when `jobs` is 1), or the workers of
    the Dask cluster at `cluster` (`local:N` starts one here; see wordkit.cluster)."""
    if cluster is not None:
        from wordkit import cluster as dask_cluster

        yield from dask_cluster.stream_chunks(
            play, chunks, setup=setup, setup_args=setup_args, address=cluster, ahead=ahead
        )
        return
    if jobs <= 1:
        setup(*setup_args)
        for chunk in chunks:
            if not chunk:
                raise RuntimeError("nothing to do yet, with nothing in flight")
            yield play(chunk)
        return
    yield from _pool_chunks(play, iter(chunks), jobs, setup, setup_args, max(1, ahead))


WAIT_POLL = 0.005
"""Seconds between asking a source that said "nothing yet" again, while no result comes
back (a sweep's free worker joining a bucket still open)."""
STOP_GRACE = 2.0
"""Seconds an interrupted run waits for its workers to hand back the games they finished before
it leaves them."""
_STOP: dict[str, Any] = {}
"""The flag an interrupted parent raises for its local workers (shared memory, made before
they fork)."""


STOP_CHUNK = signal.SIGUSR1
"""What an interrupted parent sends its local workers: the chunk each is playing ends at once
with what it finished (`keep_finished`); the game it was in is lost, not waited for (a
Hangman game on a new word length can take half a minute)."""


class StopChunk(Exception):
    """Raised in a worker's chunk by STOP_CHUNK: the run was interrupted."""


def stopping() -> bool:
    """In a worker: whether the run was interrupted (a chunk not begun ends at once)."""
    flag = _STOP.get("flag")
    return flag is not None and bool(flag.value)


def _stop_chunk(signum: int, frame: Any) -> None:
    """STOP_CHUNK's handler in a worker: end the chunk in play, if one is."""
    if _STOP.pop("in_chunk", False):
        raise StopChunk


ECHO = 0.5
"""Seconds within which a second interrupt is the first one delivered again, not a second."""
PARENT_WAIT = 1.0
"""Seconds a signalled worker waits for its parent to say the run was interrupted."""
WORKER_GRACE = 3
"""Seconds a worker lives on after SIGTERM or SIGHUP in a chunk: time to hand back what it
finished (the parent waits STOP_GRACE for it), never more."""


def _stop_then_die(signum: int, frame: Any) -> None:
    """SIGTERM or SIGHUP in a worker. Sent to the whole group (`timeout`, a closed terminal),
    the parent got it too and raises the stop flag within moments to gather what its workers
    finished: the chunk in play then ends with its finished games, a result being sent goes
    on, and the worker dies WORKER_GRACE seconds later whatever it is doing then (SIGALRM's
    default acts in the kernel, even inside compiled code). Otherwise (the parent gone, or a
    signal for this worker alone) it dies, as by default: a chunk cut short is never handed
    back as if whole. (The pool never ends its workers with SIGTERM here: see _pool_chunks.)"""
    flag = _STOP.get("flag")
    deadline = time.monotonic() + PARENT_WAIT
    while flag is not None and flag.value == 0 and os.getppid() == _STOP.get("parent"):
        if time.monotonic() > deadline:
            break
        time.sleep(0.01)
    if flag is None or flag.value != 1 or os.getppid() != _STOP.get("parent"):
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.alarm(WORKER_GRACE)
    if _STOP.pop("in_chunk", False):
        raise StopChunk


def _pool_chunks(
    play: Callable[[list[T]], list[R]],
    chunks: Iterator[list[T]],
    jobs: int,
    setup: Callable[..., None],
    setup_args: tuple[Any, ...],
    ahead: int,
) -> Iterator[list[R]]:
    """stream_chunks on `jobs` forked processes, `ahead` chunks per worker in flight."""
    # fork: the workers inherit the tables and matrices instead of unpickling copies.
    import multiprocessing  # a stats run's workers only: one-shot commands skip its import
    import queue

    context = multiprocessing.get_context("fork")
    done: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
    _STOP["flag"] = context.RawValue("b", 0)
    # No signal lands while the workers fork and the pool starts its threads (an interrupt
    # there would leave a pool that cannot be stopped); one that came meanwhile lands once
    # the pool is in hand, in the `try` below, where the workers are stopped.
    before = _block(STOP_SIGNALS)
    try:
        workers = context.Pool(jobs, initializer=_worker_setup, initargs=(setup, *setup_args))
    except BaseException:
        _block(before, how="set")
        raise
    with workers:
        in_flight = 0
        waiting = False  # `chunks` said "nothing yet": asked again while the results wait

        def submit() -> bool:
            nonlocal waiting
            chunk = next(chunks, None)
            waiting = chunk is not None and not chunk
            if not chunk:  # none left, or none yet
                return False
            workers.apply_async(
                play,
                (chunk,),
                callback=lambda out: done.put((True, out)),
                error_callback=lambda exc: done.put((False, exc)),
            )
            return True

        def refill() -> int:
            sent = 0
            while in_flight + sent < jobs * ahead and submit():
                sent += 1
            return sent

        try:
            _block(before, how="set")
            in_flight = refill()
            started = _worker_pids(workers)
            while in_flight:
                while True:  # a timeout keeps the wait interruptible by Ctrl-C
                    try:
                        ok, out = done.get(timeout=WAIT_POLL if waiting else 0.2)
                        break
                    except queue.Empty:
                        # The pool replaces a worker that died, but the task it held never
                        # comes back: without this the run would wait for it forever.
                        if _worker_pids(workers) != started:
                            _abandon(workers)
                            raise WorkerLostError(
                                "a worker process died mid-run (killed, or out of memory?)"
                            ) from None
                        if waiting:
                            in_flight += refill()
                in_flight -= 1
                if not ok:
                    raise out
                yield out
                in_flight += refill()
            # Ended by their queue, not by the pool's terminate: a signal that lands in a
            # worker just before it blocks is never handled there (SIGTERM's handler would
            # not run, and terminate would wait on the worker without end)
            workers.close()
            workers.join()
        except KeyboardInterrupt as exc:
            # Ctrl-C, or SIGTERM or SIGHUP sent to the whole group, which kills the workers
            # too: one may have died holding the pool's queue lock, and the pool's terminate
            # would then wait for it forever. Live workers first hand back what they finished.
            exc.chunk_done = _finished_in_flight(done, in_flight, workers)  # type: ignore[attr-defined]
            _abandon(workers)
            raise
        except BaseException:
            # The caller stopped reading (GeneratorExit), most likely on an interrupt that
            # landed in its own code, which a signal to the group may have sent to the workers
            # too: whether one died holding the lock cannot be told (the pool replaces a dead
            # worker at once). Or a task failed: the others are not waited for either.
            _abandon(workers)
            raise


def _finished_in_flight(done: Any, in_flight: int, pool: Any) -> list[Any]:
    """The results of the chunks in flight, each ended early by its worker (STOP_CHUNK, and
    `stopping` for a chunk not begun), for at most STOP_GRACE seconds; none once every worker
    is gone, and none after another interrupt (but for the same one sent twice)."""
    import queue

    began = time.monotonic()
    held: set[int] | None = _block(STOP_SIGNALS)  # workers told before another interrupt
    _STOP["flag"].value = 1
    for pid in _worker_pids(pool):
        with contextlib.suppress(OSError):
            os.kill(pid, STOP_CHUNK)
    results: list[Any] = []
    deadline = began + STOP_GRACE
    started = _worker_pids(pool)
    while True:
        try:
            if held is not None:  # a signal held meanwhile lands here, in the `try`
                _block(held, how="set")
                held = None
            if not in_flight or time.monotonic() >= deadline:
                break
            try:
                ok, out = done.get(timeout=0.05)
            except queue.Empty:
                # A worker idle when the group was signalled dies at once (it held no
                # chunk); while one that was playing lives, its games may still come
                processes = [p for p in getattr(pool, "_pool", ()) if p.pid in started]
                if all(p.exitcode is not None for p in processes):
                    break
                continue
            in_flight -= 1
            if ok:
                results.extend(out)
        except KeyboardInterrupt:
            # `timeout` and a terminal signal the command and then its group: one interrupt,
            # delivered twice. A second Ctrl-C later means: stop now.
            if time.monotonic() - began > ECHO:
                break
    _STOP.pop("flag", None)  # a later run in this process must not see it raised
    return results


def _worker_pids(pool: Any) -> set[int]:
    """The process ids of a multiprocessing pool's workers (a dead one is replaced by a new
    process, under a new id, within a tenth of a second)."""
    return {process.pid for process in getattr(pool, "_pool", ())}


def _abandon(pool: Any) -> None:
    """Leave a pool whose worker died: no worker started in its place, the others killed,
    and its terminate turned off, which would wait without end on the queue locks a dead
    worker held (an idle one waits for its next task holding one, a busy one holds another
    while it sends a result). Its threads are daemons: they end with the process. Reaches
    into multiprocessing.Pool's internals, each step best-effort."""
    from multiprocessing import pool as pools

    handler = getattr(pool, "_worker_handler", None)
    if handler is not None:
        handler._state = pools.TERMINATE  # it replaces dead workers; no more of that
        with contextlib.suppress(Exception):  # wake it: it sleeps until a worker changes
            pool._change_notifier.put(None)
        handler.join(1)  # gone before the workers are killed, so it adds none after
    for process in list(getattr(pool, "_pool", ())):
        with contextlib.suppress(Exception):
            process.kill()
            process.join(1)
    with contextlib.suppress(Exception):
        pool._terminate.cancel()


def run_chunks(
    play: Callable[[list[T]], list[R]],
    chunks: Sequence[list[T]],
    *,
    progress: Progress | None = None,
    count: Callable[[list[R]], int] = len,
    **where: Any,
) -> list[R]:
    """Every chunk played by `play`, where stream_chunks runs it (`jobs`, `setup`,
    `setup_args`, `cluster`); results in the order the chunks finish. `progress` is told of
    each chunk the moment it finishes, in any number of processes, with `count(results)`
    (default: the number of results; a book build counts the games a result stands for)."""
    results: list[R] = []
    where["jobs"] = min(where["jobs"], len(chunks))
    try:
        for out in stream_chunks(play, chunks, **where):
            results.extend(out)
            if progress:
                progress(count(out))
    except (WordkitError, KeyboardInterrupt) as exc:
        # a cluster lost mid-run, or Ctrl-C: what finished goes with the error, with what the
        # chunk interrupted in this process had finished (`keep_finished`)
        exc.partial = results + list(getattr(exc, "chunk_done", ()))  # type: ignore[union-attr]
        raise
    return results


def until_stopped(items: Iterable[T]) -> Iterator[T]:
    """A chunk's items, ending early once the run is interrupted (`stopping`)."""
    for item in items:
        if stopping():
            return
        yield item


@contextlib.contextmanager
def keep_finished(done: list[Any]) -> Iterator[None]:
    """Around a chunk's loop: an interrupt in this process carries the results in `done` so
    far, for `run_chunks` to hand on with the chunks that finished whole."""
    _STOP["in_chunk"] = True
    try:
        yield
    except StopChunk:
        pass  # the parent was interrupted: the chunk ends with what it finished
    except KeyboardInterrupt as exc:
        exc.chunk_done = done  # type: ignore[attr-defined]
        raise
    finally:
        _STOP.pop("in_chunk", None)
