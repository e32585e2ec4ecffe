"""Sweeps on a Dask distributed cluster (wordkit.cluster): the same figures as local shards,
a worker killed mid-sweep, and every way a cluster can be wrong."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wordkit import __version__, cluster
from wordkit.cli import app
from wordkit.errors import RangeError
from wordkit.wordle.lists import Wordle, make_wordle
from wordkit.wordle.play import games_played, guesser_for
from wordkit.wordle.rules import Rules
from wordkit.wordle.sweep import OpenerResult, SweepSpec, choose_openers, sweep

distributed = pytest.importorskip("distributed")

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SMALL = str(FIXTURES / "wordle_small.txt")


def rows(output: str) -> list[dict[str, Any]]:
    """The ranking of `--format json`, without the seconds each opener took."""
    return [r | {"seconds": 0} for r in json.loads(output)["results"]]


def test_a_small_sweep_is_the_same_on_one_two_processes_and_a_cluster() -> None:
    runner = CliRunner()
    base = ["stats", "wordle", "--answers", SMALL, "--guesses", SMALL, "--format", "json"]
    sweep_args = [*base, "--openers", "top:12", "--strategy", "optimal", "--cutoff", "none"]
    outputs = {}
    for where in (["--jobs", "1"], ["--jobs", "2"], ["--cluster", "local:2"]):
        result = runner.invoke(app, [*sweep_args, *where])
        assert result.exit_code == 0, result.output
        outputs[where[1]] = rows(result.stdout)
    assert len(outputs["1"]) == 12
    assert outputs["2"] == outputs["1"]
    assert outputs["local:2"] == outputs["1"]


ANIMALS = str(FIXTURES / "hangman_animals.csv")
STATS = {
    "hangman": ["stats", "hangman", "--words", ANIMALS, "--format", "json"],
    "wordle": ["stats", "wordle", "--answers", SMALL, "--guesses", SMALL, "--format", "json"],
    "boards": [
        *("stats", "wordle", "--answers", SMALL, "--guesses", SMALL, "--format", "json"),
        *("--boards", "4", "--sample", "12", "--seed", "3"),
    ],
}


def stats_run(args: list[str], where: list[str], records: Path) -> tuple[dict[str, Any], str]:
    """A stats command's summary (without its seconds) and its records file."""
    result = CliRunner().invoke(app, [*args, *where, "--records", str(records)])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout) | {"seconds": 0}, records.read_text()


@pytest.mark.parametrize("game", list(STATS))
def test_stats_are_the_same_on_one_two_processes_and_a_cluster(
    game: str, dask_cluster: Any, tmp_path: Path
) -> None:
    args = STATS[game]
    one = stats_run(args, ["--jobs", "1"], tmp_path / "one.jsonl")
    two = stats_run(args, ["--jobs", "2"], tmp_path / "two.jsonl")
    remote = stats_run(args, ["--cluster", dask_cluster.scheduler_address], tmp_path / "c.jsonl")
    assert one[0]["games"] == len(one[1].splitlines()) >= 12
    assert two == one
    assert remote == one


@pytest.mark.full
@pytest.mark.parametrize("game", ["hangman", "wordle"])
def test_stats_on_a_local_cluster_started_for_the_run(game: str, tmp_path: Path) -> None:
    args = STATS[game]
    one = stats_run(args, ["--jobs", "1"], tmp_path / "one.jsonl")
    assert stats_run(args, ["--cluster", "local:2"], tmp_path / "c.jsonl") == one


def test_a_worker_without_the_disk_cache_plays_from_the_books_it_was_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pandas as pd

    from wordkit.hangman import book, play
    from wordkit.hangman.guessers import make_guesser
    from wordkit.hangman.lexicon import lexicon_from_table, pool_for
    from wordkit.hangman.rules import CLASSIC

    lexicon = lexicon_from_table(pd.read_csv(ANIMALS))
    pool = pool_for(lexicon, prior="uniform")
    guesser = make_guesser("best")
    guesser.prepare(pool, CLASSIC)  # type: ignore[attr-defined]
    sent = play.run_books(guesser, lexicon, pool, "uniform", CLASSIC, [None])
    [(name, kept)] = sent.items()
    assert kept  # the parent has the table's book
    assert play.run_books(make_guesser("coverage"), lexicon, pool, "uniform", CLASSIC, [None]) == {}
    # Another machine: nothing read yet, nothing in its disk cache.
    monkeypatch.setattr(book, "_BOOKS", {})
    monkeypatch.setattr(book.cache, "read_cached", lambda name: None)
    assert book.cached_book(pool, CLASSIC) is None
    monkeypatch.setattr(book, "_BOOKS", {})
    play.setup_worker(lexicon, "best", {}, "uniform", CLASSIC, 0, sent)
    assert book.cached_book(pool, CLASSIC) == kept


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local


@pytest.fixture(scope="module")
def medium() -> Wordle:
    """400 answers of the built-in list (a sweep long enough to kill a worker in)."""
    from wordkit import tables

    words = tables.words_of(tables.load_table("wordle"))[:400]
    return make_wordle(words, words, use_disk=False)


def kill_a_worker(dask_cluster: Any) -> int:
    """SIGKILL one of the cluster's workers (the lowest pid); its pid."""
    with distributed.Client(dask_cluster, set_as_default=False) as client:
        pids = client.run(os.getpid)
    pid = sorted(pids.values())[0]
    os.kill(pid, signal.SIGKILL)
    return pid


@pytest.mark.full
def test_a_worker_killed_mid_sweep_loses_nothing_and_counts_nothing_twice(
    dask_cluster: Any, medium: Wordle
) -> None:
    spec = SweepSpec("entropy")
    openers = choose_openers(medium, "top:10", spec)
    local = sweep(medium, openers, spec).results
    heard: list[OpenerResult] = []
    killed: list[int] = []

    def kill_one_worker(result: OpenerResult) -> None:
        heard.append(result)
        if not killed:
            killed.append(kill_a_worker(dask_cluster))

    remote = sweep(
        medium, openers, spec, cluster=dask_cluster.scheduler_address, on_result=kill_one_worker
    ).results
    assert killed
    assert sorted(r.opener for r in heard) == sorted(openers)  # each result heard once
    assert [r.as_dict() | {"seconds": 0} for r in remote] == [
        r.as_dict() | {"seconds": 0} for r in local
    ]


@pytest.mark.full
def test_a_worker_killed_mid_split_has_its_buckets_sent_again_and_counted_once(
    dask_cluster: Any,
) -> None:
    """One opener on a cluster is split into its buckets (one task each): a worker killed
    while they run loses only tasks that the cluster sends again, and a bucket's cost is
    keyed by its pattern, so the total is the one a single process finds."""
    from wordkit import tables

    words = tables.words_of(tables.load_table("wordle"))
    game = make_wordle(words, words, use_disk=False)
    spec = SweepSpec("optimal")
    local = sweep(game, ["crate"], spec).results
    killed: list[int] = []

    def kill_when_busy() -> None:
        with distributed.Client(dask_cluster, set_as_default=False) as client:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                if any(client.processing().values()):
                    killed.append(kill_a_worker(dask_cluster))
                    return
                time.sleep(0.005)

    killer = threading.Thread(target=kill_when_busy)
    killer.start()
    remote = sweep(game, ["crate"], spec, cluster=dask_cluster.scheduler_address).results
    killer.join()
    assert killed
    assert [r.as_dict() | {"seconds": 0} for r in remote] == [
        r.as_dict() | {"seconds": 0} for r in local
    ]
    assert remote[0].total == 7934 and remote[0].exact


@pytest.mark.full
def test_the_lists_go_to_each_worker_once_not_with_every_task(
    dask_cluster: Any, medium: Wordle
) -> None:
    spec = SweepSpec("entropy")
    with distributed.Client(dask_cluster, set_as_default=False) as client:
        before = client.run(cluster.setup_runs)
        sweep(medium, choose_openers(medium, "top:8", spec), spec, cluster=client.scheduler.address)
        after = client.run(cluster.setup_runs)
    runs = {worker: count - before.get(worker, 0) for worker, count in after.items()}
    assert sum(runs.values()) >= 1
    assert max(runs.values()) == 1  # 8 shards, one setup per worker


@pytest.mark.full
def test_a_worker_killed_mid_stats_run_loses_no_game_and_plays_none_twice(
    dask_cluster: Any, medium: Wordle
) -> None:
    guesser = guesser_for(medium, "entropy")
    rules = Rules(length=5)
    local = games_played(medium, guesser, rules, medium.answers)
    killed: list[int] = []
    heard: list[int] = []

    def kill_one_worker(games: int) -> None:
        heard.append(games)
        if not killed:
            killed.append(kill_a_worker(dask_cluster))

    remote = games_played(
        medium,
        guesser,
        rules,
        medium.answers,
        cluster=dask_cluster.scheduler_address,
        progress=kill_one_worker,
    )
    assert killed
    assert sum(heard) == len(medium.answers)  # each chunk's games counted once
    assert remote == local


@pytest.mark.full
def test_the_game_goes_to_each_worker_once_in_a_stats_run(
    dask_cluster: Any, medium: Wordle
) -> None:
    guesser = guesser_for(medium, "entropy")
    with distributed.Client(dask_cluster, set_as_default=False) as client:
        before = client.run(cluster.setup_runs)
        games_played(
            medium, guesser, Rules(length=5), medium.answers[:200], cluster=client.scheduler.address
        )
        after = client.run(cluster.setup_runs)
    runs = {worker: count - before.get(worker, 0) for worker, count in after.items()}
    assert sum(runs.values()) >= 1
    assert max(runs.values()) == 1  # about 100 chunks, one setup per worker


def test_an_unreachable_scheduler_fails_within_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    began = time.monotonic()
    with (
        pytest.raises(cluster.ClusterError, match="cannot reach a Dask scheduler at tcp://127"),
        cluster.connect("tcp://127.0.0.1:1"),
    ):
        pass
    assert time.monotonic() - began < 10


@pytest.mark.parametrize(
    ("address", "message"),
    [
        (
            "foo",
            "Error: bad --cluster address 'foo'; give a Dask scheduler as tcp://HOST:PORT "
            "(or HOST:PORT), or local:N to start N workers here",
        ),
        ("local:0", "Error: --cluster local:N needs 1 to 64 workers, not 0"),
    ],
)
def test_a_bad_address_is_one_error_line(address: str, message: str) -> None:
    result = CliRunner().invoke(
        app, ["stats", "wordle", "--answers", SMALL, "--openers", "all", "--cluster", address]
    )
    assert result.exit_code == 1
    assert result.stderr.strip() == message


@pytest.fixture
def not_a_scheduler() -> Iterator[str]:
    """The address of a server that answers every connection with a line of text."""
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                conn.sendall(b"SSH-2.0-OpenSSH_9.6 hello there, not dask at all\r\n" * 4)
                time.sleep(0.5)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    server.close()


@pytest.fixture
def silent_server() -> Iterator[str]:
    """The address of a server that takes connections and waits for the client to speak
    first, as an HTTP server does."""
    server = socket.create_server(("127.0.0.1", 0))
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"  # the kernel accepts for it
    server.close()


@pytest.mark.parametrize(
    "game",
    [
        "hangman",
        *(pytest.param(g, marks=pytest.mark.full) for g in ("wordle", "boards", "openers")),
    ],
)  # the same client in every run; the fast tier tries one, without the silent server's wait
def test_a_wrong_or_unreachable_address_is_one_error_line_within_seconds(
    game: str, not_a_scheduler: str, silent_server: str, request: pytest.FixtureRequest
) -> None:
    args = STATS["wordle" if game == "openers" else game]
    if game == "openers":
        args = [*args, "--openers", "top:3"]
    servers = [not_a_scheduler]
    if request.node.get_closest_marker("full") is not None:
        servers.append(silent_server)  # 3 s before it is given up on
    for address, message in (
        (
            "tcp://127.0.0.1:1",
            "Error: cannot reach a Dask scheduler at tcp://127.0.0.1:1 within 3 s; "
            "is `dask scheduler` running there?",
        ),
        *(
            (
                server,
                f"Error: {server} answers, but not as a Dask scheduler; check the host "
                "and port (`dask scheduler` listens on 8786 unless told otherwise)",
            )
            for server in servers
        ),
    ):
        began = time.monotonic()
        result = CliRunner().invoke(app, [*args, "--cluster", address])
        assert (result.exit_code, result.stderr.strip()) == (1, message)
        assert time.monotonic() - began < 10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            [*STATS["hangman"], "--host", "evil"],
            "Error: --host plays one game a length until won, counting its wrong guesses (no "
            "lives, no prior, one process): drop --cluster",
        ),
        (
            [*STATS["wordle"], "--host", "evil"],
            "Error: --cluster shares out the answers or openers: drop --host, --tree-in",
        ),
        (
            [*STATS["hangman"]],
            "Error: bad --cluster address 'x:y'; give a Dask scheduler as tcp://HOST:PORT "
            "(or HOST:PORT), or local:N to start N workers here",
        ),
    ],
)
def test_stats_options_that_cannot_go_with_a_cluster(args: list[str], message: str) -> None:
    address = "x:y" if "bad" in message else "local:2"
    result = CliRunner().invoke(app, [*args, "--cluster", address])
    assert (result.exit_code, result.stderr.strip()) == (1, message)


@pytest.mark.full
@pytest.mark.parametrize("game", ["hangman", "wordle"])
def test_ctrl_c_during_a_cluster_stats_run(game: str) -> None:
    command = {
        # runs that take far longer than the sleep below (here 90 s and more, and 30 s), so
        # the signal cannot land while the interpreter tears down, its handlers already reset
        "hangman": ["stats", "hangman", "--words", "english", "--strategy", "lookahead"],
        "wordle": ["stats", "wordle", "--strategy", "entropy"],
    }[game]
    process = subprocess.Popen(
        [sys.executable, "-m", "wordkit", *command, "--cluster", "local:2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(15)  # the local cluster has started and the games are under way
    process.send_signal(signal.SIGINT)
    began = time.monotonic()
    _, err = process.communicate(timeout=60)
    if process.returncode == 0:
        pytest.skip("the run finished before the signal arrived")
    assert (process.returncode, err) == (130, "Interrupted.\n")
    assert time.monotonic() - began < 20


def test_local_workers() -> None:
    assert cluster.local_workers("local:3") == 3
    assert cluster.local_workers("local") == 2
    assert cluster.local_workers("tcp://10.0.0.1:8786") is None
    with pytest.raises(RangeError):
        cluster.local_workers("local:999")


class FakeClient:
    """A client whose workers run another wordkit."""

    def __init__(self, versions: dict[str, str]) -> None:
        self.versions = versions

    def wait_for_workers(self, count: int, timeout: float) -> None:
        if not self.versions:
            raise TimeoutError

    def run(self, function: Any) -> dict[str, str]:
        return self.versions


def test_workers_with_another_wordkit_version_are_named() -> None:
    client = FakeClient({"tcp://a:1": "0.0.9", "tcp://b:1": __version__})
    with pytest.raises(
        cluster.ClusterError,
        match=rf"1 of 2 workers at tcp://s:8786 run wordkit 0\.0\.9, not {__version__}; "
        "install the same version everywhere",
    ):
        cluster.check_workers(client, "tcp://s:8786")
    with pytest.raises(cluster.ClusterError, match="has no workers; start some with"):
        cluster.check_workers(FakeClient({}), "tcp://s:8786")
    cluster.check_workers(FakeClient({"tcp://a:1": __version__}), "tcp://s:8786")


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = CliRunner().invoke(
        app, ["stats", "wordle", "--answers", SMALL, "--openers", "all", "--cluster", "local:2"]
    )
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: --cluster needs Dask distributed; install the cluster extra: "
        "pip install 'wordkit[cluster]' (dask[distributed])"
    )


def _children(pid: int) -> list[str]:
    """The child processes of `pid`, whichever of its threads started them (Linux)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += (task / "children").read_text().split()
    return found


@pytest.mark.full
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")
def test_ctrl_c_at_the_terminal_stops_a_local_cluster_with_one_line() -> None:
    """A terminal's Ctrl-C reaches every process of the group: the local cluster's workers
    must leave it to wordkit (each printed a traceback of its own), which says `Interrupted.`"""
    process = subprocess.Popen(
        [sys.executable, "-m", "wordkit", "stats", "wordle", "--opener", "salet",
         "--cluster", "local:2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if len(_children(process.pid)) >= 3:  # the resource tracker and the two workers
            break
        time.sleep(0.1)
    time.sleep(2)  # the workers up and playing
    if process.poll() is not None:
        pytest.fail(f"the run ended before the signal: {process.communicate()[1]}")
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    assert (process.returncode, err) == (130, "Interrupted.\n")


@pytest.mark.full
@pytest.mark.parametrize(("signum", "code", "line"), [
    (signal.SIGTERM, 143, "Terminated."), (signal.SIGHUP, 129, "Hung up."),
])  # fmt: skip
def test_a_stop_signal_to_the_whole_group_during_a_cluster_run(
    signum: int, code: int, line: str
) -> None:
    """SIGTERM (a service stopping) or SIGHUP (the terminal closed) reaches the scheduler and
    workers too: one line, the signal's code, no traceback from a Dask or multiprocessing
    process, and no semaphore left in /dev/shm."""
    shm = Path("/dev/shm")
    before = set(shm.iterdir()) if shm.is_dir() else set()
    process = subprocess.Popen(
        [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "english",
         "--strategy", "lookahead", "--cluster", "local:2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )  # fmt: skip
    time.sleep(15)
    os.killpg(process.pid, signum)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    assert (process.returncode, err) == (code, line + "\n")
    time.sleep(1)
    left = {p for p in (set(shm.iterdir()) if shm.is_dir() else set()) - before}
    assert not [p for p in left if p.name.startswith("sem.mp-")]
