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
import logging
import re
import socket
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from wordkit import __version__
from wordkit.errors import RangeError, WordkitError

T = TypeVar("T")
R = TypeVar("R")

CONNECT_SECONDS = 3.0
"""How long to wait for a scheduler before saying it cannot be reached."""
MAX_LOCAL_WORKERS = 64
EXTRA_HINT = "install the cluster extra: pip install 'wordkit[cluster]' (dask[distributed])"
RETRIES = 2
SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss)://)?([\w.\-]+|\[[\w:.%]+\]):(\d{1,5})")
"""A scheduler's address: an optional protocol, the host (IPv6 in brackets), the port."""
"""Times a task that raised is retried (a dead worker's tasks are rerun regardless)."""


class ClusterError(WordkitError):
    """The Dask cluster is missing, unreachable, or cannot run wordkit's tasks."""


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


def check_address(address: str, *, probe: bool = True) -> str:
    """`address` if it is `local[:N]` or a scheduler address (tcp://host:port, host:port) that
    accepts connections (`probe`: checked now, in seconds, before any work is done)."""
    if local_workers(address) is not None:
        return address
    match = SCHEDULER.fullmatch(address.strip())
    if match is None:
        raise ClusterError(
            f"bad --cluster address {address!r}; give a Dask scheduler as tcp://HOST:PORT "
            "(or HOST:PORT), or local:N to start N workers here"
        )
    if probe:
        _probe(address, match.group(1).strip("[]"), int(match.group(2)))
    return address


def _probe(address: str, host: str, port: int) -> None:
    """Fail unless something accepts a connection at host:port within CONNECT_SECONDS (a
    stats run can prepare for minutes before it connects: a typo must not wait for that)."""
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise unreachable(address) from exc


def unreachable(address: str) -> ClusterError:
    """The error of a scheduler address nothing answers at."""
    return ClusterError(
        f"cannot reach a Dask scheduler at {address} within {CONNECT_SECONDS:g} s; "
        "is `dask scheduler` running there?"
    )


def _check_scheduler(distributed: Any, address: str) -> None:
    """Fail unless a Dask scheduler answers at `address` within CONNECT_SECONDS (asked over one
    bare connection: a Client to something else may hang or die on its garbage)."""

    async def identity() -> Any:
        comm = await distributed.comm.connect(address, timeout=CONNECT_SECONDS)
        try:
            await comm.write({"op": "identity", "n_workers": 0})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), CONNECT_SECONDS))
    except (OSError, TimeoutError) as exc:
        raise unreachable(address) from exc
    except Exception:  # whatever answered spoke another protocol
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


@contextlib.contextmanager
def connect(address: str) -> Iterator[Any]:
    """A dask.distributed Client for `address` (`local:N`: a LocalCluster started here and shut
    down after), with the workers' wordkit version checked."""
    distributed = _distributed()
    check_address(address, probe=False)
    count = local_workers(address)
    # The scheduler's and workers' own log lines are not the user's business.
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    with contextlib.ExitStack() as stack:
        if count is not None:
            quiet_cluster_exit(distributed)
            with warnings.catch_warnings():  # its web server's port moved: not the user's concern
                warnings.simplefilter("ignore")
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
            _check_scheduler(distributed, target)
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
) -> Iterator[list[R]]:
    """runner.stream_chunks on the cluster at `address`: results as chunks finish."""
    distributed = _distributed()
    with connect(address) as client:
        [shared] = client.scatter([setup_args], broadcast=True, hash=False)
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        pending = distributed.as_completed(loop=client.loop)
        source = iter(chunks)

        def submit() -> bool:
            chunk = next(source, None)
            if chunk is None:
                return False
            pending.add(
                client.submit(
                    _run_task, setup, shared.key, shared, play, chunk, pure=False, retries=RETRIES
                )
            )
            return True

        try:
            for _ in range(workers):
                if not submit():
                    break
            for future in pending:
                try:
                    out = future.result()
                except distributed.KilledWorker as exc:
                    raise ClusterError(
                        f"a shard was lost with every worker that ran it ({exc}); "
                        "is a worker out of memory?"
                    ) from None
                future.release()
                yield out
                submit()
        finally:
            pending.clear()
