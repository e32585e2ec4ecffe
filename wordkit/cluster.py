"""Running the runner's chunks on a Dask distributed cluster (`--cluster ADDRESS`): every
stats run (Hangman secrets, Wordle answers, several boards, openers) goes through here.

The setup arguments (the game context: a Wordle game with its pattern matrix and guesser, a
Hangman lexicon with its policy books) are scattered to every worker once; each task names
them by their future and runs the setup on its worker the first time.
Tasks are submitted as workers need them (one each in flight), so the caller can shape the
next chunk from the results so far; a worker that dies has its tasks rerun elsewhere by the
scheduler, and each task's result is taken once, so nothing is counted twice.

Workers should run one thread each (`dask worker ADDRESS --nthreads 1 --nworkers N`): the
tasks are CPU-bound numpy code that keeps per-process state (memoised searches).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import ipaddress
import logging
import re
import signal
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from typing import Any, TypeVar

from wordkit import __version__
from wordkit.errors import ClusterError, RangeError

T = TypeVar("T")
R = TypeVar("R")

CONNECT_SECONDS = 3.0
"""How long to wait for a scheduler before saying it cannot be reached."""
MAX_LOCAL_WORKERS = 64
EXTRA_HINT = "install the cluster extra: pip install 'wordkit[cluster]' (dask[distributed])"
RETRIES = 2
"""Times a task that raised is retried (a dead worker's tasks are rerun regardless)."""
SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss)://)?([^\[\]/:]+|\[[^\]]*\]):([0-9]{1,5})")
"""A scheduler's address: an optional protocol, the host (IPv6 in brackets), the port."""
LABEL = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)")
"""One label of a host name (RFC 1123; `_` too, as container names have it)."""
POLL_SECONDS = 1.0
"""How often a run waiting for a result checks that the cluster still has workers."""
WORKERLESS_SECONDS = 30.0
"""How long a run waits on a cluster left without workers before giving up."""


def _distributed() -> Any:
    """The dask.distributed module, or a ClusterError naming the extra to install."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--cluster needs Dask distributed; {EXTRA_HINT}") from None
    return distributed


def local_workers(address: str) -> int | None:
    """N for `local:N` (a LocalCluster of N workers started here), else None."""
    match = re.fullmatch(r"local(?::(-?\d+))?", address.strip())
    if match is None:
        return None
    count = int(match.group(1) or 2)
    if not 1 <= count <= MAX_LOCAL_WORKERS:
        raise RangeError(f"--cluster local:N needs 1 to {MAX_LOCAL_WORKERS} workers, not {count}")
    return count


_VERIFIED: set[str] = set()
"""The scheduler addresses this process has found a Dask scheduler at (each asked once)."""


def check_address(address: str, *, probe: bool = True) -> str:
    """`address` if it is `local[:N]` or a well-formed scheduler address (tcp://host:port,
    host:port) where a Dask scheduler answers (`probe`: asked now, in seconds, before any work
    is done, once per process: the run's own connection trusts the answer)."""
    if local_workers(address) is not None:
        return address
    parse_address(address)
    target = address.strip()
    if probe and target not in _VERIFIED:
        _check_scheduler(_distributed(), target)
        _VERIFIED.add(target)
    return address


def parse_address(address: str) -> tuple[str, int]:
    """The host and port of a scheduler address, each checked (a host name of RFC 1123
    labels, an IPv4 address, or an IPv6 address in brackets; a port from 1 to 65535)."""
    bad = ClusterError(
        f"bad --cluster address {address!r}; give a Dask scheduler as tcp://HOST:PORT "
        "(or HOST:PORT), or local:N to start N workers here"
    )
    match = SCHEDULER.fullmatch(address.strip())
    if match is None or not match.group(2).isascii():
        raise bad
    host, port = match.group(1), int(match.group(2))
    if not 1 <= port <= 65535:
        raise ClusterError(f"bad --cluster address {address!r}: the port must be 1 to 65535")
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise ClusterError(
                f"bad --cluster address {address!r}: {host} is not an IPv6 address"
            ) from None
        return host[1:-1], port
    labels = host.removesuffix(".").split(".")
    if len(host) > 253 or not all(LABEL.fullmatch(label) for label in labels):
        raise ClusterError(
            f"bad --cluster address {address!r}: {host!r} is not a host name or IP address"
        )
    return host, port


def unreachable(address: str) -> ClusterError:
    """The error of a scheduler address nothing answers at."""
    return ClusterError(
        f"cannot reach a Dask scheduler at {address} within {CONNECT_SECONDS:g} s; "
        "is `dask scheduler` running there?"
    )


def _check_scheduler(distributed: Any, address: str) -> None:
    """Fail unless a Dask scheduler answers at `address` within CONNECT_SECONDS: first a plain
    TCP connection (nothing listening: unreachable), then one bare Dask connection asking its
    identity (a Client to something else may hang or die on its garbage)."""
    import socket

    try:
        socket.create_connection(parse_address(address), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise unreachable(address) from exc

    async def identity() -> Any:
        comm = await distributed.comm.connect(address, timeout=CONNECT_SECONDS)
        try:
            await comm.write({"op": "identity", "n_workers": 0})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), CONNECT_SECONDS))
    except Exception:  # something listens there, but speaks another protocol or none
        answer = None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise ClusterError(
            f"{address} answers, but not as a Dask scheduler; check the host and port "
            "(`dask scheduler` listens on 8786 unless told otherwise)"
        )


def quiet_cluster_exit(distributed: Any) -> None:
    """Close leftover local clusters at exit without a traceback: Ctrl-C while a LocalCluster
    starts leaves one that distributed's own exit hook fails to close, loudly."""
    spec = distributed.deploy.spec
    atexit.unregister(spec.close_clusters)
    atexit.unregister(_close_clusters)
    atexit.register(_close_clusters)


def _close_clusters() -> None:
    from distributed.deploy import spec

    with contextlib.suppress(Exception):
        spec.close_clusters()


HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP") if hasattr(signal, name))
"""Signals a local cluster's processes leave to this one: Ctrl-C and a closed terminal."""


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT and SIGHUP ignored while a local cluster starts its processes: they inherit
    that (through exec, where a handler would not pass), so a Ctrl-C or a closed terminal,
    signalling every process of its group, reaches only this one, which stops them quietly
    instead of each printing a traceback (and multiprocessing's resource tracker, killed by a
    SIGHUP, leaving semaphores behind). SIGTERM stays theirs: Dask stops its workers with it.
    A signal in that second is lost: press Ctrl-C again."""
    try:
        before = [signal.signal(signum, signal.SIG_IGN) for signum in HELD]
    except ValueError:  # not the main thread: signals are not this thread's to set
        yield
        return
    try:
        yield
    except KeyboardInterrupt:  # a stop under way (SIGTERM): the others stay ignored meanwhile
        raise
    except BaseException:
        _restore(before)
        raise
    _restore(before)


def _restore(handlers: list[Any]) -> None:
    """The handlers of HELD as they were before `_interrupts_held`."""
    for signum, handler in zip(HELD, handlers, strict=True):
        signal.signal(signum, signal.SIG_DFL if handler is None else handler)


@contextlib.contextmanager
def connect(address: str) -> Iterator[Any]:
    """A dask.distributed Client for `address` (`local:N`: a LocalCluster started here and shut
    down after), with the workers' wordkit version checked."""
    distributed = _distributed()
    check_address(address, probe=False)
    count = local_workers(address)
    # The scheduler's and workers' own log lines are not the user's business (distributed
    # sets levels of its own on some loggers, e.g. the client's: each is silenced)
    for name in [*logging.root.manager.loggerDict, "distributed", "tornado", "asyncio"]:
        if name.split(".")[0] in ("distributed", "tornado", "asyncio"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    with contextlib.ExitStack() as stack:
        if count is not None:
            quiet_cluster_exit(distributed)
            with warnings.catch_warnings(), _interrupts_held():
                warnings.simplefilter("ignore")  # its web server's port moved: not the user's
                local = distributed.LocalCluster(
                    n_workers=count,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,
                )
            stack.enter_context(local)
            target: Any = local
        else:
            target = address.strip()
            check_address(target)  # asked already when the command checked its options
        try:
            client = distributed.Client(target, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise unreachable(address) from exc
        except ValueError as exc:
            raise ClusterError(f"bad --cluster address {address!r}: {exc}") from None
        stack.enter_context(client)
        check_workers(client, address)
        yield client


def _worker_version() -> str:
    """The wordkit version a worker imports."""
    return __version__


def check_workers(client: Any, address: str) -> None:
    """Fail unless the cluster has workers that import this very wordkit version."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except TimeoutError:
        raise ClusterError(
            f"the Dask scheduler at {address} has no workers; start some with "
            f"`dask worker {address} --nthreads 1`"
        ) from None
    try:
        versions: dict[str, str] = client.run(_worker_version)
    except Exception as exc:  # the worker cannot unpickle a wordkit function
        raise ClusterError(
            f"the workers at {address} cannot run wordkit ({type(exc).__name__}: {exc}); "
            f"install wordkit {__version__} on every worker"
        ) from None
    other = {worker: v for worker, v in versions.items() if v != __version__}
    if other:
        seen = ", ".join(sorted(set(other.values())))
        raise ClusterError(
            f"{len(other)} of {len(versions)} workers at {address} run wordkit {seen}, not "
            f"{__version__}; install the same version everywhere"
        )


_DONE: dict[str, None] = {}
_LOCK = threading.Lock()
_SETUPS = [0]


def setup_runs() -> int:
    """How many times this worker process ran a setup (one per run it took part in)."""
    return _SETUPS[0]


def _run_task(
    setup: Callable[..., None],
    setup_key: str,
    setup_args: tuple[Any, ...],
    play: Callable[[list[T]], list[R]],
    chunk: list[T],
) -> list[R]:
    """On a worker: the setup once per worker process and scattered arguments, then play."""
    with _LOCK:
        if setup_key not in _DONE:
            setup(*setup_args)
            _SETUPS[0] += 1
            _DONE.clear()  # one setup at a time: a newer run replaces the older state
            _DONE[setup_key] = None
        return play(chunk)


def stream_chunks(
    play: Callable[[list[T]], list[R]],
    chunks: Iterable[list[T]],
    *,
    setup: Callable[..., None],
    setup_args: tuple[Any, ...] = (),
    address: str,
    ahead: int = 1,
) -> Iterator[list[R]]:
    """runner.stream_chunks on the cluster at `address`: results as chunks finish. A cluster
    that goes away mid-run (its scheduler, or every worker, killed) is a ClusterError; what
    was yielded before it stays with the caller."""
    distributed = _distributed()
    try:
        yield from _stream(distributed, play, chunks, setup, setup_args, address, max(1, ahead))
    except (CancelledError, OSError, TimeoutError, distributed.KilledWorker) as exc:
        raise lost(address, exc) from None


def lost(address: str, exc: BaseException) -> ClusterError:
    """The error of a cluster lost mid-run, in words."""
    reason = str(getattr(exc, "reason", None) or "")
    if data_lost(exc):  # the scheduler gave the tasks up
        why = f"its workers were lost, with the data sent to them; Dask says: {reason}"
    elif isinstance(exc, CancelledError) or "connection" in str(exc).lower():
        why = "the connection to its scheduler was lost"
    elif isinstance(exc, TimeoutError):
        why = "it stopped answering"
    else:
        why = f"{type(exc).__name__}: {exc}".rstrip(": ")
    return ClusterError(f"the Dask cluster at {address} failed mid-run ({why})")


def _stream(
    distributed: Any,
    play: Callable[[list[T]], list[R]],
    chunks: Iterable[list[T]],
    setup: Callable[..., None],
    setup_args: tuple[Any, ...],
    address: str,
    ahead: int,
) -> Iterator[list[R]]:
    """stream_chunks itself: `ahead` tasks per worker in flight, the next sent as one
    finishes."""
    with connect(address) as client:
        shared = [client.scatter([setup_args], broadcast=True, hash=False)[0]]
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        in_flight: dict[Any, list[T]] = {}
        source = iter(chunks)
        scattered_again = 0

        def send(chunk: list[T]) -> None:
            future = client.submit(
                _run_task, setup, shared[0].key, shared[0], play, chunk, pure=False,
                retries=RETRIES,
            )  # fmt: skip
            in_flight[future] = chunk

        def submit() -> bool:
            chunk = next(source, None)
            if chunk:  # an empty chunk: nothing yet (see runner.stream_chunks)
                send(chunk)
            return bool(chunk)

        def refill() -> None:
            while len(in_flight) < workers * ahead and submit():
                pass

        try:
            refill()
            while in_flight:
                for future in finished(distributed, client, set(in_flight), address):
                    chunk = in_flight.pop(future)
                    try:
                        out = future.result()
                    except distributed.KilledWorker as exc:
                        raise ClusterError(
                            f"a shard was lost with every worker that ran it ({exc}); "
                            "is a worker out of memory?"
                        ) from None
                    except CancelledError as exc:
                        # A killed worker can take the scheduler's hold on the scattered
                        # lists with it: while workers are left, scatter them again and send
                        # the chunk again (it never reported, so nothing counts twice).
                        if not data_lost(exc) or scattered_again >= RETRIES:
                            raise
                        if not client.nthreads():  # no worker left to take them
                            raise
                        scattered_again += 1
                        shared[0] = client.scatter([setup_args], broadcast=True, hash=False)[0]
                        send(chunk)
                        continue
                    future.release()
                    yield out
                    refill()
        finally:
            for future in in_flight:
                with contextlib.suppress(Exception):
                    future.release()


def data_lost(exc: BaseException) -> bool:
    """Whether a cancelled task lost its data with a worker (the scheduler still answering),
    rather than the scheduler itself."""
    reason = str(getattr(exc, "reason", None) or "")
    return bool(reason) and "scheduler" not in reason


def finished(distributed: Any, client: Any, in_flight: set[Any], address: str) -> set[Any]:
    """The futures of `in_flight` done (at least one), waited for; a cluster left without a
    worker for WORKERLESS_SECONDS is a ClusterError instead of a wait without end."""
    alone_since: float | None = None
    while True:
        try:
            with client.as_current():  # the client wait() uses (it is not the default)
                done = distributed.wait(
                    list(in_flight), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED"
                ).done
        except TimeoutError:
            done = set()
        except CancelledError:  # distributed.wait raises for cancelled futures; result() tells
            done = {future for future in in_flight if future.status != "pending"}
        if done:
            return set(done)
        if client.nthreads():
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > WORKERLESS_SECONDS:
            raise ClusterError(
                f"the Dask cluster at {address} has had no worker for "
                f"{WORKERLESS_SECONDS:g} s; start some with `dask worker {address} --nthreads 1`"
            )
