"""Sweeps on a Dask distributed cluster (wordkit.cluster): the same figures as local shards,
a worker killed mid-sweep, and every way a cluster can be wrong."""

from __future__ import annotations

import json
import os
import signal
import sys
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
            with distributed.Client(dask_cluster, set_as_default=False) as client:
                pids = client.run(os.getpid)
            pid = sorted(pids.values())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    remote = sweep(
        medium, openers, spec, cluster=dask_cluster.scheduler_address, on_result=kill_one_worker
    ).results
    assert killed
    assert sorted(r.opener for r in heard) == sorted(openers)  # each result heard once
    assert [r.as_dict() | {"seconds": 0} for r in remote] == [
        r.as_dict() | {"seconds": 0} for r in local
    ]


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
