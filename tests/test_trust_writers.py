"""Writers and outputs (issue 21): an output never overwrites an input, every writer goes
through the one path of `-o` (links and special files written through, regular files replaced
atomically), and a sweep's records file is resumed only when it can be trusted."""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.history import check_history, default_history_path
from wordkit.wordle.lists import make_wordle, read_words
from wordkit.wordle.sweep import SweepSpec, records_header

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = str(FIXTURES / "wordle_small.txt")
WORDLE = ["--answers", SMALL, "--guesses", SMALL]
HANGMAN = ["--words", str(FIXTURES / "cli_hangman.csv"), "--strategy", "coverage"]
runner = CliRunner()


def cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def wordkit(
    *args: str, stdout: int | Path = subprocess.PIPE, limit: int | None = None
) -> subprocess.CompletedProcess[str]:
    """wordkit in a subprocess (streams, FIFOs, a file-size limit), never left to hang."""
    out = open(stdout, "w") if isinstance(stdout, Path) else None  # noqa: SIM115
    try:
        return subprocess.run(
            [sys.executable, "-m", "wordkit", *args],
            stdout=out or stdout,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=120,
            preexec_fn=None if limit is None else lambda: _file_limit(limit),
        )
    finally:
        if out is not None:
            out.close()


def _file_limit(size: int) -> None:
    """No file grows past `size` bytes (a full disk, as far as the writer can tell)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


# --- an output that is also an input -----------------------------------------------------


def _inputs(tmp: Path) -> dict[str, Path]:
    """One file for each kind of input, with the content it must keep."""
    (tmp / "words.txt").write_text("cat\nbat\nhat\n", encoding="utf-8")
    (tmp / "list.txt").write_text(Path(SMALL).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp / "openers.txt").write_text("apple\n", encoding="utf-8")
    check_history(tmp / "h.sqlite")
    code, _, err = cli("stats", "wordle", *WORDLE, "--tree", str(tmp / "tree.json"))
    assert code == 0, err
    return {p.name: p for p in tmp.iterdir()}


# (command line, the file `link` and `hard` lead to, the error's end); the output is last
CLASHES = [
    (["stats", "hangman", "--from-history", "--history-db", "h.sqlite", "--records", "h.sqlite"], "h.sqlite", "is the game history"),
    (["stats", "hangman", "--from-history", "--history-db", "h.sqlite", "--records", "link"], "h.sqlite", "is the game history"),
    (["stats", "hangman", "--from-history", "--history-db", "link", "--records", "./hard"], "h.sqlite", "is the game history"),
    (["stats", "hangman", "--words", "words.txt", "--records", "words.txt"], "words.txt", "is the --words file"),
    (["stats", "hangman", "--words", "words.txt", "--secrets", "hard", "--records", "link"], "words.txt", "is the --words file"),
    (["stats", "wordle", "--answers", "list.txt", "--guesses", SMALL, "--records", "../x/list.txt"], "list.txt", "is the --answers file"),
    (["stats", "wordle", "--answers", SMALL, "--guesses", "list.txt", "--tree", "link"], "list.txt", "is the --guesses file"),
    (["stats", "wordle", *WORDLE, "--secrets", "list.txt", "--records", "hard"], "list.txt", "is the --secrets file"),
    (["stats", "wordle", *WORDLE, "--tree-in", "tree.json", "--tree", "tree.json"], "tree.json", "is the --tree-in file"),
    (["stats", "wordle", *WORDLE, "--tree-in", "tree.json", "--records", "link"], "tree.json", "is the --tree-in file"),
    (["stats", "wordle", *WORDLE, "--openers", "openers.txt", "--records", "openers.txt"], "openers.txt", "is the --openers file"),
    (["stats", "wordle", "--words", "list.txt", "--tree", "hard"], "list.txt", "is the --words file"),
    (["stats", "wordle", *WORDLE, "--from-history", "--history-db", "h.sqlite", "--records", "link"], "h.sqlite", "is the game history"),
    (["stats", "wordle", *WORDLE, "--records", "new.txt", "--tree", "./new.txt"], "list.txt", "is the --records file"),
    (["host", "hangman", "--words", "words.txt", "--history-db", "hard"], "words.txt", "is the --words file"),
    (["host", "wordle", "--answers", "list.txt", "--guesses", SMALL, "--history-db", "link"], "list.txt", "is the --answers file"),
    (["solve", "hangman", "--words", "words.txt", "--history-db", "words.txt"], "words.txt", "is the --words file"),
    (["prepare", "words.txt", "-o", "link"], "words.txt", "is the input file"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "base", "message"), CLASHES)
def test_an_output_that_is_an_input_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], base: str, message: str
) -> None:
    folder = tmp_path / "x"
    folder.mkdir()
    files = _inputs(folder)
    (folder / "link").symlink_to(base)  # the same file through a symlink ...
    os.link(folder / base, folder / "hard")  # ... a hard link, or another relative path
    before = {p.name: p.read_bytes() for p in files.values()}
    monkeypatch.chdir(folder)
    code, out, err = cli(*args)
    flag = "output" if args[0] == "prepare" else args[-2]
    assert (code, out) == (1, "")
    assert err == f"Error: {flag} {args[-1]} {message}; choose another path\n"
    assert {p.name: p.read_bytes() for p in files.values()} == before
    assert (folder / "link").is_symlink() and not (folder / "new.txt").exists()


def test_the_default_history_is_an_input_too() -> None:
    history = check_history(None)
    assert history == default_history_path()  # the tests' own (conftest)
    before = history.read_bytes()
    code, _, err = cli("stats", "hangman", "--from-history", "--records", str(history))
    assert (code, err) == (
        1,
        f"Error: --records {history} is the game history; choose another path\n",
    )
    assert history.read_bytes() == before


def test_an_output_that_is_the_file_on_stdin_is_refused(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\nbat\n", encoding="utf-8")
    with words.open() as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "-", "--records",
             str(words)],
            stdin=stdin, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert (done.returncode, done.stdout) == (1, "")
    assert (
        done.stderr
        == f"Error: --records {words} is the file on standard input; choose another path\n"
    )
    assert words.read_text(encoding="utf-8") == "cat\nbat\n"


# --- one writer: links and special files written through ---------------------------------


def _fake_dot(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `dot` that draws every graph as the same bytes (not UTF-8, as a PNG is)."""
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    (bin_dir / "dot").write_text("#!/bin/sh\ncat > /dev/null\nprintf '\\211PNG\\377'\n")
    (bin_dir / "dot").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")


# (name, command line writing to {out}, a file name suffix, what the file starts with)
WRITERS = [
    ("hangman records", ["stats", "hangman", *HANGMAN, "--records", "{out}"], ".jsonl", b'{"secret"'),
    ("wordle records", ["stats", "wordle", *WORDLE, "--records", "{out}"], ".jsonl", b'{"secret"'),
    ("tree json", ["stats", "wordle", *WORDLE, "--tree", "{out}"], ".json", b"{"),
    ("tree png", ["stats", "wordle", *WORDLE, "--tree", "{out}"], ".png", b"\x89PNG\xff"),
    ("sweep records", ["stats", "wordle", *WORDLE, "--openers", "top:2", "--records", "{out}"], ".jsonl", b'{"sweep"'),
    ("prepare -o", ["prepare", str(FIXTURES / "cli_hangman.csv"), "-o", "{out}"], ".csv", b"word,"),
]  # fmt: skip
NAMES = [w[0] for w in WRITERS]


@pytest.mark.parametrize(("name", "args", "suffix", "start"), WRITERS, ids=NAMES)
def test_a_writer_writes_through_a_symlink(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, args: list[str], suffix: str,
    start: bytes,
) -> None:  # fmt: skip
    _fake_dot(tmp_path, monkeypatch)
    target = tmp_path / f"target{suffix}"
    target.write_bytes(b"")
    target.chmod(0o640)
    link = tmp_path / f"link{suffix}"
    link.symlink_to(target.name)
    code, _, err = cli(*[a.replace("{out}", str(link)) for a in args])
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == target.name
    assert target.read_bytes().startswith(start)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # replaced, but keeps its mode
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["bin", link.name, target.name])


def _reading(fifo: Path) -> Callable[[], bytes]:
    """Read `fifo` to its end in a thread; the returned call waits for what was read."""
    got: list[bytes] = []

    def read() -> None:
        with fifo.open("rb") as handle:
            got.append(handle.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()

    def result() -> bytes:
        thread.join(timeout=120)
        assert not thread.is_alive(), "nothing was written into the FIFO"
        return got[0]

    return result


@pytest.mark.parametrize(("name", "args", "suffix", "start"), WRITERS, ids=NAMES)
@pytest.mark.parametrize("via", ["fifo", "symlink to a fifo"])
def test_a_writer_writes_into_a_fifo_instead_of_replacing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, args: list[str], suffix: str,
    start: bytes, via: str,
) -> None:  # fmt: skip
    _fake_dot(tmp_path, monkeypatch)
    fifo = tmp_path / f"pipe{suffix}"
    os.mkfifo(fifo)
    dest = fifo
    if via != "fifo":
        dest = tmp_path / f"link{suffix}"
        dest.symlink_to(fifo)
    got = _reading(fifo)
    done = wordkit(*[a.replace("{out}", str(dest)) for a in args])  # a subprocess: never hangs
    assert done.returncode == 0, done.stderr
    assert got().startswith(start)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # still a FIFO, not a regular file
    assert via == "fifo" or dest.is_symlink()


# --- stdout named as a path -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (["stats", "hangman", *HANGMAN, "--records", "{out}"], '{"secret"'),
        (["stats", "wordle", *WORDLE, "--records", "{out}"], '{"secret"'),
        (["stats", "wordle", *WORDLE, "--tree", "{out}"], "crane "),
        (["stats", "wordle", *WORDLE, "--openers", "top:3", "--records", "{out}"], '{"sweep"'),
    ],
    ids=["hangman records", "wordle records", "tree", "sweep records"],
)
@pytest.mark.parametrize("path", ["/dev/stdout", "the file itself"])
def test_an_output_that_is_stdout_holds_only_the_data(
    tmp_path: Path, args: list[str], first: str, path: str
) -> None:
    out = tmp_path / "out.txt"
    named = "/dev/stdout" if path == "/dev/stdout" else str(out)
    done = wordkit(*[a.replace("{out}", named) for a in args], stdout=out)
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith(first) and "│" not in text  # the data, not overwritten by the table
    if "--openers" not in args:  # (a sweep shows no table with `--records -`)
        assert "│" in done.stderr  # the table went to stderr, as with `-`
    if first.startswith("{"):
        assert all(json.loads(line) for line in text.splitlines())


def test_a_sweep_into_a_pipe_named_dev_stdout_does_not_hang() -> None:
    args = ["stats", "wordle", *WORDLE, "--openers", "top:2", "--records", "/dev/stdout"]
    done = wordkit(*args)  # stdout is a pipe: a resume would read it and wait forever
    assert done.returncode == 0, done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()][0].keys() == {"sweep"}


def test_a_sweep_never_reads_a_fifo_to_resume(tmp_path: Path) -> None:
    fifo = tmp_path / "records"
    os.mkfifo(fifo)
    got = _reading(fifo)
    args = ["stats", "wordle", *WORDLE, "--openers", "top:2", "--records", str(fifo)]
    done = wordkit(*args)
    assert done.returncode == 0, done.stderr
    assert len(got().decode().splitlines()) == 3  # the header and two openers


# --- a sweep's records: kept on a full disk, trusted only when they can be true -------------


def _sweep(records: Path, *more: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    args = ["stats", "wordle", *WORDLE, "--openers", "all", "--records", str(records), *more]
    return wordkit(*args, limit=limit)


def test_resuming_on_a_full_disk_keeps_every_result(tmp_path: Path) -> None:
    records = tmp_path / "sweep.jsonl"
    assert _sweep(records).returncode == 0
    lines = records.read_bytes().splitlines(keepends=True)
    whole = b"".join(lines[:37])  # a killed run: the header, 36 openers and half a line
    half = whole + lines[37][:30]
    records.write_bytes(half)
    done = _sweep(records, limit=len(whole) - 10)  # not even what was there fits again
    assert done.returncode == 1
    assert done.stderr.endswith(f"Error: cannot write {records}: File too large\n")
    assert records.read_bytes() == half  # nothing lost, nothing truncated
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.jsonl"]  # no temp file left
    done = _sweep(records, limit=len(whole) + 200)  # room for a line and a half
    assert done.returncode == 1
    assert done.stderr.endswith(f"Error: cannot write {records}: File too large\n")
    assert records.read_bytes().startswith(whole) and len(records.read_bytes()) == len(whole) + 200
    done = _sweep(records)  # the rest, resumed from every whole line
    assert done.returncode == 0, done.stderr
    again = [json.loads(line)["opener"] for line in records.read_text().splitlines()[1:]]
    assert sorted(again) == sorted(json.loads(line)["opener"] for line in lines[1:])


@pytest.fixture(scope="module")
def header() -> str:
    words = read_words(Path(SMALL))
    game = make_wordle(words, words, use_disk=False)
    return json.dumps(records_header(game, SweepSpec()))


ROW = {
    "opener": "apple",
    "total": 100,
    "exact": True,
    "games": 40,
    "solved": 40,
    "max_guesses": 4,
    "seconds": 0.5,
}

# (the lines after the header, or None: the header is this line; the error)
DAMAGED = [
    (None, '{"sweep": 5}', "is not the records file of an opener sweep; give another --records file"),
    (None, '{"sweep": [1, 2]}', "is not the records file of an opener sweep; give another --records file"),
    (None, "[" * 100_000 + "]" * 100_000, "is not the records file of an opener sweep; give another --records file"),
    (None, '{"sweep": {"lists": "x"}, "more": 1}', "is not the records file of an opener sweep; give another --records file"),
    ("extra key", None, "holds a sweep with other forged; resume it with the same options, or give another --records file"),
    ("row", {"games": 0}, "line 2 is not an opener's result"),
    ("row", {"games": 41}, "line 2 is a result over 41 games, not over the 40 answers of this sweep"),
    ("row", {"total": "1e400"}, "line 2 holds figures no sweep gives (total inf, solved 40)"),
    ("row", {"seconds": "1e400"}, "line 2 is not an opener's result"),
    ("row", {"total": 1.5}, "line 2 holds figures no sweep gives (total 1.5, solved 40)"),
    ("row", {"solved": 41}, "line 2 holds figures no sweep gives (total 100, solved 41)"),
    ("row", {"solved": -1}, "line 2 holds figures no sweep gives (total 100, solved -1)"),
    ("row", {"total": 39}, "line 2 holds figures no sweep gives (total 39, solved 40)"),
    ("row", {"total": 40, "max_guesses": 4}, "line 2 holds figures no sweep gives (total 40, solved 40)"),
    ("row", {"total": True}, "line 2 holds figures no sweep gives (total True, solved 40)"),
    # every game opens with the opener: one answer in 1 guess, the longest in 4, 38 in 2+
    ("row", {"total": 80, "max_guesses": 4}, "line 2 holds figures no sweep gives (total 80, solved 40)"),
    ("row", {"max_guesses": 1}, "line 2 holds figures no sweep gives (total 100, solved 40)"),
    ("row", {"opener": "zzzzz"}, "'zzzzz' is not an allowed guess of these lists, so not a result of this sweep; give another --records file"),
    ("row", {"opener": ["apple"]}, "line 2 is not an opener's result"),
    ("row", {"deep": 1}, "line 2 is not an opener's result"),
    ("nested", None, "line 2 is not an opener's result"),
    ("twice", None, "line 3 repeats the opener 'apple'"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "change", "message"), DAMAGED)
def test_a_damaged_or_forged_records_file_is_refused(
    tmp_path: Path, header: str, kind: str | None, change: object, message: str
) -> None:
    records = tmp_path / "sweep.jsonl"
    row = json.dumps(ROW)
    if kind is None:
        lines = [str(change)]
    elif kind == "extra key":
        lines = [header[:-2] + ', "forged": 1}}', row]
    elif kind == "row":
        changed = {**ROW, **change}  # type: ignore[dict-item]
        lines = [header, json.dumps(changed).replace('"1e400"', "1e400")]
    elif kind == "nested":
        lines = [header, "[" * 100_000 + "]" * 100_000]
    else:
        lines = [header, row, row]
    records.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = records.read_bytes()
    code, out, err = cli("stats", "wordle", *WORDLE, "--openers", "all", "--records", str(records))
    sep = " " if kind is None or kind == "extra key" else ": "
    assert (code, out, err) == (1, "", f"Error: {records}{sep}{message}\n")
    assert records.read_bytes() == before


@pytest.mark.parametrize(
    "spec",
    [["--strategy", "entropy"], ["--strategy", "optimal"], ["--strategy", "optimal", "--cutoff", "110"],
     ["--strategy", "entropy", "--cutoff", "100", "--hard"]],
)  # fmt: skip
def test_the_records_a_sweep_writes_are_trusted_on_resume(tmp_path: Path, spec: list[str]) -> None:
    records = tmp_path / "sweep.jsonl"
    args = ["stats", "wordle", *WORDLE, *spec, "--openers", "all", "--records", str(records)]
    code, first, err = cli(*args, "--format", "csv")
    assert code == 0, err
    whole = records.read_text(encoding="utf-8")
    code, again, err = cli(*args, "--format", "csv")
    assert code == 0, err
    assert err.startswith("resuming: 40 openers already done")
    assert records.read_text(encoding="utf-8") == whole
    cut = [",".join(line.split(",")[:-1]) for line in first.splitlines()]
    assert [",".join(line.split(",")[:-1]) for line in again.splitlines()] == cut


@pytest.mark.parametrize(
    ("dest", "message"),
    [
        ("", "an output path is empty: give a file name (or - for stdout)"),
        ("{tmp}/loop", "cannot write {tmp}/loop: Too many levels of symbolic links"),
        ("{tmp}/plain/x", "cannot write {tmp}/plain/x: Not a directory"),
        ("{tmp}/dir", "output {tmp}/dir is a directory"),
        ("{tmp}/new.json/", "output {tmp}/new.json/ names a folder: give a file name"),
    ],
)
@pytest.mark.parametrize(
    "args",
    [WRITERS[0][1], WRITERS[2][1], WRITERS[4][1], WRITERS[5][1]],
    ids=["records", "tree", "sweep", "prepare"],
)
def test_an_output_that_cannot_be_written_is_refused_before_any_work(
    tmp_path: Path, args: list[str], dest: str, message: str
) -> None:
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "plain").write_text("")
    (tmp_path / "dir").mkdir()
    named = dest.replace("{tmp}", str(tmp_path))
    code, out, err = cli(*[a.replace("{out}", named) for a in args])
    assert (code, out, err) == (1, "", f"Error: {message.replace('{tmp}', str(tmp_path))}\n")
    assert (tmp_path / "loop").is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == [
        "dir",
        "loop",
        "plain",
    ]


def test_a_file_replaced_between_its_opening_and_its_lock_is_looked_at_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from wordkit import outputs
    from wordkit.errors import WordkitError

    path = tmp_path / "sweep.jsonl"
    path.write_text("old\n")
    real, opened, go = outputs.try_lock, threading.Event(), threading.Event()

    def slow_lock(fd: int) -> bool:  # B opened the old file, then waits before locking it
        if threading.current_thread().name == "B" and not opened.is_set():
            opened.set()
            go.wait()
        return real(fd)

    monkeypatch.setattr(outputs, "try_lock", slow_lock)
    result: dict[str, object] = {}

    def second() -> None:
        try:
            result["B"] = outputs.Output(str(path), "B header\n")
        except WordkitError as exc:
            result["B"] = exc

    thread = threading.Thread(target=second, name="B")
    thread.start()
    opened.wait(10)
    first = outputs.Output(str(path), "A header\n")  # replaces the file B opened
    go.set()
    thread.join(10)
    first.write("A result\n")
    first.close()
    assert isinstance(result["B"], WordkitError)  # B found A's new file, locked
    assert "is being written by another wordkit run" in str(result["B"])
    assert path.read_text() == "A header\nA result\n"


@pytest.mark.parametrize("game", ["hangman", "wordle"])
def test_an_interrupted_stats_run_keeps_the_games_it_finished(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in a plain stats run: the games of the chunks finished go to `--records` (whole
    lines), the run says so and ends as interrupted (130), not with an empty file."""
    module = __import__(f"wordkit.{game}.play", fromlist=["play"])
    name = "play_chunk" if game == "hangman" else "_play_chunk"
    real, calls = getattr(module, name), []

    def stopped_at_the_third(chunk: list) -> list:  # type: ignore[type-arg]
        calls.append(chunk)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(chunk)

    monkeypatch.setattr(module, name, stopped_at_the_third)
    records = tmp_path / "games.jsonl"
    words = tmp_path / "words.txt"
    words.write_text("".join(f"{a}{b}{c}ed\n" for a in "bcdfg" for b in "aiou" for c in "lmnr"))
    lists = ["--answers", str(words), "--guesses", str(words)] if game == "wordle" else []
    table = ["--words", str(words), "--strategy", "entropy"] if game == "hangman" else []
    result = runner.invoke(app, ["stats", game, *table, *lists, "--records", str(records)])
    assert result.exit_code == 130, result.output
    lines = records.read_text().splitlines()
    assert len(lines) >= 2 and all(json.loads(line)["secret"] for line in lines)
    assert result.stderr.endswith(
        f"The {len(lines)} games finished are kept in {records}.\nInterrupted.\n"
    )
    # a sample's seed is said too (it was only at the end): the games kept can be repeated
    calls.clear()
    sampled = runner.invoke(app, ["stats", game, *table, *lists, "--records", str(records),
                                  "--sample", "60"])  # fmt: skip
    assert sampled.exit_code == 130, sampled.output
    assert re.search(
        r"games finished are kept in .*\.\nseed: (\d+) \(repeat this run with --seed \1\)\n"
        r"Interrupted\.\n$",
        sampled.stderr,
    ), sampled.stderr


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_a_sweep_with_its_records_on_stdout_shows_its_ranking_on_stderr(
    fmt: str, tmp_path: Path
) -> None:
    words = tmp_path / "w.txt"
    words.write_text("crane\nslate\ntrace\ncrate\nirate\nraise\narise\nstare\n")
    code, out, err = cli(
        "stats", "wordle", "--answers", str(words), "--openers", "crane,slate",
        "--records", "-", "--format", fmt,
    )  # fmt: skip
    assert code == 0
    assert [json.loads(line).get("opener") for line in out.splitlines()] == [None, "crane", "slate"]
    if fmt == "json":
        assert [r["opener"] for r in json.loads(err)["results"]] == ["crane", "slate"]
    else:
        assert "2 openers, entropy, best first" in err and "CRANE" in err


@pytest.mark.parametrize(("total", "refused"), [(80, True), (81, False)])
def test_an_exact_total_below_what_its_longest_game_allows_is_refused(
    tmp_path: Path, total: int, refused: bool
) -> None:
    """Of 40 answers solved, one game at most takes one guess (the opener's own answer), the
    longest 4, every other two or more: 81 at least."""
    words = read_words(Path(SMALL))
    game = make_wordle(words, words, use_disk=False)
    head = json.dumps(records_header(game, SweepSpec(strategy="optimal")))
    records = tmp_path / "sweep.jsonl"
    records.write_text(f"{head}\n{json.dumps({**ROW, 'total': total})}\n", encoding="utf-8")
    code, _, err = cli(
        "stats", "wordle", *WORDLE, "--openers", "apple", "--strategy", "optimal",
        "--records", str(records),
    )  # fmt: skip
    if refused:
        assert (code, err) == (
            1,
            f"Error: {records}: line 2 holds figures no sweep gives (total 80, solved 40)\n",
        )
    else:
        assert code == 0, err


def test_plain_stats_never_replace_an_opener_sweeps_records(tmp_path: Path, header: str) -> None:
    """A run's games written over a sweep's records lost the sweep (hours of work, maybe):
    refused before any game, in both games, the file left as it was."""
    records = tmp_path / "sweep.jsonl"
    records.write_text(header + "\n" + json.dumps(ROW) + "\n", encoding="utf-8")
    before = records.read_bytes()
    message = (
        f"Error: --records {records} holds an opener sweep's results (`stats wordle --openers` "
        "resumes from it); give another file\n"
    )
    for args in (("wordle", *WORDLE), ("hangman", "--words", "categories", "--sample", "3")):
        code, out, err = cli("stats", *args, "--records", str(records))
        assert (code, out, err) == (1, "", message)
    assert records.read_bytes() == before


def test_an_output_under_dev_that_is_not_there_is_refused_before_the_work() -> None:
    """/dev/fd/N with no such descriptor open was found only when the run was over."""
    code, out, err = cli("stats", "wordle", *WORDLE, "--records", "/dev/fd/57")
    assert (code, out) == (1, "")
    assert (
        err == "Error: --records /dev/fd/57: no such device or open stream; choose another path\n"
    )
    # a new file in a folder under /dev (a tmpfs such as /dev/shm) is written as any file
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        new = f"/dev/shm/wordkit-test-{os.getpid()}.jsonl"
        try:
            code, _, err = cli("stats", "wordle", *WORDLE, "--records", new)
            assert (code, err) == (0, "") and os.path.getsize(new) > 0
        finally:
            with contextlib.suppress(OSError):
                os.unlink(new)


def test_a_pipe_that_stops_reading_an_output_ends_it_quietly(tmp_path: Path) -> None:
    """`-o >(head -1)`: the reader took what it wanted, as `| head -1` does on stdout: exit 0
    and no error line (it was `Error: cannot write ...: Broken pipe`, exit 1)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["head", "-c", "10", str(fifo)], stdout=subprocess.PIPE)
    done = subprocess.run(
        [sys.executable, "-m", "wordkit", "prepare", "english", "-q", "-o", str(fifo)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert reader.communicate(timeout=60)[0] == b"word,weigh"
    assert (done.returncode, done.stderr) == (0, "")


def test_a_pipe_that_stops_reading_a_side_file_is_an_error(tmp_path: Path) -> None:
    """--records is not the command's own output: a reader that stops early loses games, so
    it is an error (it ended quietly, the summary unshown)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["head", "-c", "10", str(fifo)], stdout=subprocess.PIPE)
    args = ["stats", "hangman", "--words", "categories", "--strategy", "coverage"]
    done = subprocess.run(
        [sys.executable, "-m", "wordkit", *args, "--records", str(fifo)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    reader.communicate(timeout=60)
    assert (done.returncode, done.stderr) == (1, f"Error: cannot write {fifo}: Broken pipe\n")


@pytest.mark.parametrize("game", ["hangman", "wordle"])
def test_records_that_cannot_be_written_leave_the_figures_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """A full disk at the end of a long run lost its figures too: the table is shown, then
    the one error line."""
    from wordkit import outputs
    from wordkit.errors import OutputPathError

    def full(path: str | None, records: object) -> None:
        raise OutputPathError(f"cannot write {path}: No space left on device")

    monkeypatch.setattr(outputs, "write_records", full)
    kept = tmp_path / "r.jsonl"
    words = ["--words", "categories", "--strategy", "coverage"] if game == "hangman" else [
        "--sample", "20", "--seed", "1"]  # fmt: skip
    result = CliRunner().invoke(app, ["stats", game, *words, "--records", str(kept)])
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot write {kept}: No space left on device\n"
    assert " games " in result.stdout and "per game:" in result.stdout


def test_records_to_a_full_stdout_leave_the_figures_on_stderr() -> None:
    """With `--records -` the table goes to stderr: a full stdout lost it too."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", "categories",
             "--category", "animals", "--strategy", "coverage", "--records", "-"],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
        )  # fmt: skip
    assert done.returncode == 1 and " games " in done.stderr
    assert done.stderr.endswith("Error: cannot write the output: No space left on device\n")
