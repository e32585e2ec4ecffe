"""Ctrl-C at any moment after wordkit's code starts: one `Interrupted.` line, exit 130."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    "delay", [0.8, *(pytest.param(d, marks=pytest.mark.full) for d in (1.5, 2.5))]
)
def test_ctrl_c_while_starting_or_working(delay: float) -> None:
    command = [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "english"]
    process = subprocess.Popen(
        [*command, "--strategy", "coverage"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # a shell starts background jobs with SIGINT ignored; a terminal's Ctrl-C does not
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    if process.returncode == 0:
        pytest.skip("the run finished before the signal arrived")
    assert (process.returncode, err) == (130, "Interrupted.\n")


def _children(pid: int) -> list[int]:
    """The process ids of a process's children (Linux)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listing:
            return [int(child) for child in listing.read().split()]
    except OSError:
        return []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")
@pytest.mark.parametrize(
    ("delay", "signum"),
    [
        (0.3, signal.SIGKILL),
        (0.3, signal.SIGTERM),
        *(pytest.param(0.6, s, marks=pytest.mark.full) for s in (signal.SIGKILL, signal.SIGTERM)),
    ],
)
def test_a_worker_killed_mid_run_is_one_error_line_not_a_wait_without_end(
    delay: float, signum: int
) -> None:
    """A local worker killed outright (SIGKILL, or the kernel out of memory) loses the task it
    held: the run stops with one `Error:` line and exit 1 instead of waiting for it, whether
    the worker was busy or waiting for a task (holding the pool's queue lock). A SIGTERM for
    that worker alone kills it too: its chunk cut short is not taken for a whole one."""
    command = [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "english"]
    process = subprocess.Popen(
        [*command, "--strategy", "coverage", "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: list[int] = []
    deadline = time.monotonic() + 30
    while not workers and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        workers = _children(process.pid)
    if not workers:
        process.kill()
        pytest.skip("the run started no worker in time")
    time.sleep(delay)
    with contextlib.suppress(ProcessLookupError):
        os.kill(workers[0], signum)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()  # never left running after the test
        raise
    if process.returncode == 0:
        pytest.skip("the run finished before the worker was killed")
    assert (process.returncode, err) == (
        1,
        "Error: a worker process died mid-run (killed, or out of memory?)\n",
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.full)])
def test_sigterm_unwinds_the_run_stops_its_workers_and_keeps_what_it_finished(
    jobs: str, tmp_path: Path
) -> None:
    """`kill` or `timeout` (SIGTERM) stops a run as Ctrl-C does: one `Terminated.` line, exit
    143, no worker left running, and the records file holds whole lines only."""
    records = tmp_path / "openers.jsonl"
    command = [sys.executable, "-m", "wordkit", "stats", "wordle", "--strategy", "entropy"]
    process = subprocess.Popen(
        [*command, "--openers", "crane,slate,trace,salet,least,crate", "--jobs", jobs,
         "--records", str(records)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60  # the sweep has begun once its records file has a line
    while process.poll() is None and time.monotonic() < deadline:
        if records.exists() and records.read_text().count("\n") >= 1:
            break
        time.sleep(0.05)
    time.sleep(0.5)
    workers = _children(process.pid)
    process.send_signal(signal.SIGTERM)
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    if process.returncode == 0:
        pytest.skip("the run finished before the signal arrived")
    assert (process.returncode, err) == (
        143,
        f"Every opener finished is kept in {records}; run the same command to resume.\n"
        "Terminated.\n",
    )
    time.sleep(0.5)
    assert [w for w in workers if os.path.exists(f"/proc/{w}")] == []
    lines = records.read_text().splitlines(keepends=True)
    assert lines and all(line.endswith("\n") and json.loads(line) for line in lines)


@pytest.mark.parametrize(
    "delay", [0.6, *(pytest.param(d, marks=pytest.mark.full) for d in (0.9, 1.5))]
)
def test_sigterm_twice_to_the_group_with_workers_ends_promptly(delay: float) -> None:
    """`timeout` signals the command, then its whole group: the workers die with the second
    signal, possibly holding the pool's queue lock. The run still ends at once, 143, one
    line, instead of waiting forever for the lock (the pool is abandoned, not terminated)."""
    command = [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "english"]
    process = subprocess.Popen(
        [*command, "--strategy", "coverage", "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(delay)
    process.send_signal(signal.SIGTERM)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise
    assert (process.returncode, err) == (143, "Terminated.\n")


def test_a_closed_terminal_stops_the_run_like_ctrl_c() -> None:
    command = [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "english"]
    process = subprocess.Popen(
        [*command, "--strategy", "coverage"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(1.5)
    process.send_signal(signal.SIGHUP)
    _, err = process.communicate(timeout=30)
    assert (process.returncode, err) == (129, "Hung up.\n")


@pytest.mark.full
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_nohup_keeps_sighup_ignored_in_the_run_and_its_workers(jobs: str) -> None:
    """A closed terminal signals the whole group; under `nohup` the run and its workers go
    on to the end."""

    def nohup() -> None:
        os.setsid()
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    command = [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "english"]
    process = subprocess.Popen(
        [*command, "--strategy", "coverage", "--sample", "12000", "--seed", "1", "--jobs", jobs],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=nohup,
    )
    time.sleep(1.2)
    assert process.poll() is None  # still running when the terminal closes
    os.killpg(process.pid, signal.SIGHUP)
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (0, "")


_GROUP_RUN = """
import signal, sys, time
from wordkit.__main__ import _unwind
from wordkit.errors import UNWOUND
from wordkit.runner import chunked, keep_finished, run_chunks, until_stopped

def play(chunk):
    done = []
    with keep_finished(done):
        for x in until_stopped(chunk):
            time.sleep(0.02)
            done.append(x)
    return done

for signum in UNWOUND:
    signal.signal(signum, _unwind)
print("started", flush=True)
try:
    run_chunks(play, chunked(list(range(400)), parts=2), jobs=2, setup=print, setup_args=())
except KeyboardInterrupt as exc:
    print(type(exc).__name__, sorted(exc.partial), flush=True)
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_to_the_whole_group_keeps_what_the_workers_finished(signum: int) -> None:
    """`timeout` signals the whole group: the workers, signalled too, end their chunks with
    the items they finished and hand them back before they die (no chunk finished whole)."""
    process = subprocess.Popen(
        [sys.executable, "-c", _GROUP_RUN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None and process.stdout.readline() == "started\n"
    time.sleep(1.0)
    os.killpg(process.pid, signum)
    try:
        out, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    kind, _, listed = out.strip().partition(" ")
    kept = json.loads(listed)
    assert (kind, err) == ("Terminated", "")
    assert len(kept) >= 40 and len(set(kept)) == len(kept)  # two workers, 0.02 s an item
    assert {x < 200 for x in kept} == {True, False}  # from both chunks
