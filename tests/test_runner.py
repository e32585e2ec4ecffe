"""The shared stats record, the parallel runner and the one atomic write."""

from __future__ import annotations

import json
import math
import os
import signal
import stat
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordkit import __version__, runner
from wordkit.cache import atomic_write, content_key
from wordkit.cli import app
from wordkit.runner import (
    GameRecord,
    chunked,
    csv_value,
    keep_finished,
    numeric_histogram,
    record_lines,
    run_chunks,
    stream_chunks,
    until_stopped,
)
from wordkit.runner import summarize as summarize_records

_SETUP: dict[str, int] = {}


def _setup(offset: int) -> None:
    _SETUP["offset"] = offset


def _play(chunk: list[int]) -> list[tuple[int, int]]:
    return [(x, x * x + _SETUP["offset"]) for x in chunk]


def record(secret: str, won: bool, moves: int, **extra: object) -> GameRecord:
    return GameRecord(
        secret=secret, won=won, moves=tuple("abcdefghijklmnopqrstuvwxyz"[:moves]), **extra
    )  # type: ignore[arg-type]


def test_histogram_keys_are_in_numeric_order_with_lost_last() -> None:
    hist = numeric_histogram([10, 2, 11, 0, 2, 1], lost=3)
    assert list(hist) == ["0", "1", "2", "10", "11", "lost"]
    assert hist == {"0": 1, "1": 1, "2": 2, "10": 1, "11": 1, "lost": 3}


def test_summary_of_hangman_like_records() -> None:
    records = [
        record("cat", True, 4, wrong=1),
        record("dog", True, 12, wrong=0),
        record("emu", False, 9, wrong=6),
        record("yak", False, 7, wrong=6),
    ]
    summary = summarize_records(
        records, game="hangman", strategy="coverage", table="t", seconds=1.0, options={"lives": 6}
    )
    assert (summary.games, summary.wins, summary.win_rate) == (4, 2, 0.5)
    assert summary.mean_guesses == 8.0  # over the solved games
    assert summary.max_guesses == 12
    assert list(summary.histogram) == ["4", "12", "lost"]
    assert summary.failures == ["emu", "yak"]  # every loss, hardest first
    assert summary.extra["mean_wrong"] == 13 / 4
    assert summary.extra["wrong_histogram"] == {"0": 1, "1": 1, "lost": 2}
    data = summary.as_dict()
    for key in (
        "game",
        "strategy",
        "table",
        "games",
        "wins",
        "win_rate",
        "mean_guesses",
        "max_guesses",
        "histogram",
        "by_length",
        "failures",
        "seconds",
        "wordkit_version",
    ):
        assert key in data
    assert data["lives"] == 6 and data["wordkit_version"] == __version__
    assert data["by_length"]["3"]["games"] == 4
    (row,) = summary.rows()
    assert list(row)[:3] == ["game", "strategy", "table"]
    assert [csv_value(v) for v in row.values()][:6] == ["hangman", "coverage", "t", 4, 2, 0.5]


def test_summary_counts_a_game_solved_over_the_limit_as_a_failure() -> None:
    records = [record("crane", True, 3), record("jazzy", False, 7, solved=True)]
    summary = summarize_records(records, game="wordle", strategy="s", table="t", seconds=0)
    assert summary.wins == 1 and summary.failures == ["jazzy"]
    assert summary.histogram == {"3": 1, "7": 1}
    assert summary.mean_guesses == 5.0
    assert "mean_wrong" not in summary.as_dict()


def test_summary_of_nothing() -> None:
    summary = summarize_records([], game="wordle", strategy="s", table="t", seconds=0)
    assert summary.games == 0 and summary.win_rate == 0.0 and math.isnan(summary.mean_guesses)


def test_record_lines_are_json() -> None:
    lines = list(record_lines([record("cat", True, 2, wrong=0, feedback=("c__", "ca_"))]))
    assert json.loads(lines[0]) == {
        "secret": "cat",
        "won": True,
        "solved": True,
        "guesses": 2,
        "moves": ["a", "b"],
        "feedback": ["c__", "ca_"],
        "wrong": 0,
        "category": None,
    }


def test_records_have_the_same_keys_in_both_games() -> None:
    hangman = record("cat", True, 2, wrong=0, feedback=("c__", "ca_"))
    wordle = GameRecord(
        secret="crane", won=True, solved=True, moves=("crane",), feedback=("GGGGG",)
    )
    assert list(hangman.as_dict()) == list(wordle.as_dict())


@given(st.lists(st.integers(), max_size=60), st.integers(1, 9))
def test_chunks_keep_every_item_in_order(items: list[int], parts: int) -> None:
    chunks = chunked(items, parts=parts)
    assert [x for c in chunks for x in c] == items
    assert len(chunks) <= parts


@pytest.mark.parametrize("jobs", [1, 2])
def test_run_chunks_same_results_in_and_out_of_process(jobs: int) -> None:
    seen: list[int] = []
    out = run_chunks(
        _play,
        chunked(list(range(20)), parts=5),
        jobs=jobs,
        setup=_setup,
        setup_args=(7,),
        progress=seen.append,
    )
    assert sorted(out) == [(x, x * x + 7) for x in range(20)]
    assert sum(seen) == 20


def _slow_play(chunk: list[int]) -> list[tuple[int, int]]:
    """A chunk as the games' loops play one: item by item, keeping what it finished."""
    done: list[tuple[int, int]] = []
    with keep_finished(done):
        for x in until_stopped(chunk):
            time.sleep(0.02)
            done.append((x, x * x + _SETUP["offset"]))
    return done


@pytest.mark.parametrize(("jobs", "twice"), [(1, False), (2, False), (2, True)])
def test_an_interrupt_keeps_what_the_chunks_in_play_finished(
    jobs: int, twice: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the middle of chunks (none finished whole): every item they finished comes
    with the interrupt, in one process or from the workers, each once and right; also when
    the interrupt comes twice at once, as `timeout` sends it (to the command, then its group):
    here the second comes as the workers are told to stop."""
    kill = os.kill

    def echoed(pid: int, signum: int) -> None:
        kill(pid, signum)
        if signum == runner.STOP_CHUNK:
            signal.raise_signal(signal.SIGINT)

    if twice:
        monkeypatch.setattr(os, "kill", echoed)
    timer = threading.Timer(0.8, kill, (os.getpid(), signal.SIGINT))
    timer.start()
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as stopped:
        run_chunks(
            _slow_play,
            chunked(list(range(400)), parts=2),
            jobs=jobs,
            setup=_setup,
            setup_args=(3,),
        )
    timer.join()
    partial = stopped.value.partial  # type: ignore[attr-defined]
    assert time.monotonic() - began < 3
    assert len(partial) >= 10 * jobs
    assert len({x for x, _ in partial}) == len(partial)
    assert all(y == x * x + 3 for x, y in partial)


@pytest.mark.parametrize("ahead", [1, 2, 3])
def test_stream_chunks_reads_exactly_jobs_times_ahead_ahead(ahead: int) -> None:
    """The chunks are read lazily: when the first result is back, exactly `jobs` x `ahead`
    chunks have been read (so a caller can still shape the rest); every result comes."""
    read: list[int] = []

    def source():  # type: ignore[no-untyped-def]
        for i in range(12):
            read.append(i)
            yield [i]

    stream = stream_chunks(_play, source(), jobs=2, setup=_setup, setup_args=(1,), ahead=ahead)
    first = next(stream)
    assert len(read) == 2 * ahead
    out = first + [x for chunk in stream for x in chunk]
    assert sorted(out) == [(x, x * x + 1) for x in range(12)]


def test_atomic_write_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old")
    target.chmod(0o644)
    atomic_write(target, "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_atomic_write_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.bin", b"\x00\x01")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.bin").stat().st_mode) == 0o644


def test_content_key_depends_on_every_part() -> None:
    assert content_key("a", "b") != content_key("ab")
    assert content_key("a", b"b") == content_key("a", "b")


def test_cache_is_capped_least_recently_used_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit import cache

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setenv("WORDKIT_CACHE_MB", str(3.5 / 1024))  # 3.5 KiB
    old, mid, new, newest = (f"table-{digit * 24}.npz" for digit in "0123")
    for index, name in enumerate((old, mid, new)):
        cache.write_cached(name, b"x" * 1024)
        os.utime(tmp_path / name, (1000 + index, 1000 + index))
    assert cache.read_cached(old) == b"x" * 1024  # now the most recently used
    cache.write_cached(newest, b"y" * 1024)
    assert sorted(p.name for p in tmp_path.iterdir()) == [old, new, newest]
    info = cache.cache_info()
    assert (info.files, info.size, info.limit) == (3, 3072, 3584)
    assert cache.clear_cache() == 3 and cache.cache_info().files == 0


def test_a_file_over_the_whole_cap_is_not_cached_and_keeps_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a cap under the Wordle matrix (WORDKIT_CACHE_MB=100), each run wrote 263 MB,
    then pruned every entry, the matrix last: an empty cache, and the work every time."""
    from wordkit import cache

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setenv("WORDKIT_CACHE_MB", str(3 / 1024))
    kept, big, streamed = (f"table-{digit * 24}.npz" for digit in "012")
    cache.write_cached(kept, b"x" * 1024)
    cache.write_cached(big, b"y" * 4096)
    cache.write_cached(streamed, lambda out: out.write(b"z" * 4096))  # its size told at the end
    assert [p.name for p in tmp_path.iterdir()] == [kept]


def test_cache_info_says_when_nothing_can_be_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache folder under a home that does not exist said `files: 0`, while every run
    computed its matrices again; `WORDKIT_CACHE='~/c'` made a folder named `~` here."""
    from wordkit import cache

    monkeypatch.setattr(cache.os, "access", lambda path, mode: str(path) != str(tmp_path))
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "not" / "yet"))
    assert cache.cache_info().unusable == f"{tmp_path} is read-only"
    result = CliRunner().invoke(app, ["cache", "info"])
    assert result.stdout.splitlines()[-1] == (
        f"nothing can be cached there ({tmp_path} is read-only): every run computes again; set "
        "WORDKIT_CACHE to a folder you can write to"
    )
    monkeypatch.setenv("WORDKIT_CACHE", "~/c")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "c"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WORDKIT_CACHE", "rel")
    assert cache.cache_dir() == tmp_path / "rel"


@pytest.mark.parametrize("content", [b"[]", b"{not json", b"\xff\xfe", b""])
def test_a_damaged_cache_file_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    from wordkit import cache

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    name = "wordle-openers-0123456789abcdef01234567.json"
    (tmp_path / name).write_bytes(content)
    assert cache.read_cached_json(name, dict) is None
    cache.write_cached(name, json.dumps({"entropy": "salet"}))
    assert cache.read_cached_json(name, dict) == {"entropy": "salet"}


def test_cache_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from wordkit.cli import app

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    (tmp_path / "wordle-matrix-0123456789abcdef01234567.npy").write_bytes(b"z" * 2048)
    result = CliRunner().invoke(app, ["cache", "info"])
    assert result.exit_code == 0
    assert result.stdout == f"folder: {tmp_path}\nfiles: 1\nsize: 0.0 MB of 1,000 MB allowed\n"
    result = CliRunner().invoke(app, ["cache", "clear"])
    assert (result.exit_code, result.stdout) == (0, f"deleted 1 file from {tmp_path}\n")
