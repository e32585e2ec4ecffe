"""Running the runner's chunks on a Dask distributed cluster (`--cluster ADDRESS`).

The setup arguments (the word lists and their pattern matrix) are scattered to every worker
once; each task names them by their future and runs the setup on its worker the first time.
Tasks are submitted as workers need them (one each in flight), so the caller can shape the
next chunk from the results so far; a worker that dies has its tasks rerun elsewhere by the
scheduler, and each task's result is taken once, so nothing is counted twice.

Workers should run one thread each (`dask worker ADDRESS --nthreads 1 --nworkers N`): the
tasks are CPU-bound numpy code that keeps per-process state (memoised searches).
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
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


def check_address(address: str) -> str:
    """`address` if it is `local[:N]` or a scheduler address (tcp://host:port, host:port)."""
    if local_workers(address) is not None:
        return address
    if not re.fullmatch(r"(?:(tcp|tls|inproc|ws|wss)://)?[\w.\-\[\]:]+:\d{1,5}", address.strip()):
        raise ClusterError(
            f"bad --cluster address {address!r}; give a Dask scheduler as tcp://HOST:PORT "
            "(or HOST:PORT), or local:N to start N workers here"
        )
    return address


@contextlib.contextmanager
def connect(address: str) -> Iterator[Any]:
    """A dask.distributed Client for `address` (`local:N`: a LocalCluster started here and shut
    down after), with the workers' wordkit version checked."""
    distributed = _distributed()
    check_address(address)
    count = local_workers(address)
    # The scheduler's and workers' own log lines are not the user's business.
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    with contextlib.ExitStack() as stack:
        if count is not None:
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
        try:
            client = distributed.Client(target, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(
                f"cannot reach a Dask scheduler at {address} within {CONNECT_SECONDS:g} s; "
                "is `dask scheduler` running there?"
            ) from exc
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
