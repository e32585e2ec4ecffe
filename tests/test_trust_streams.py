"""Closed standard streams (issue #21): a closed stdin is no input, a closed stderr does not
stop the job, a closed stdout is one `Error:` line; never a traceback."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
TINY = str(FIXTURES / "host_tiny.csv")  # cat, cot, dog
SMALL = str(FIXTURES / "wordle_small.txt")
LISTS = ["--answers", SMALL, "--guesses", SMALL]
CLOSE = {"stdin": "<&-", "stdout": ">&-", "stderr": "2>&-"}


def run_closed(
    stream: str, *args: str, input: str | None = None, tmp_path: Path
) -> tuple[int, str, str]:
    """`wordkit ARGS` run by a shell with `stream` closed (not /dev/null: really closed)."""
    env = os.environ | {"PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data")}
    script = f'exec "$@" {CLOSE[stream]}'
    if input is not None and stream == "stdin":
        raise ValueError("no input on a closed stdin")
    done = subprocess.run(
        ["sh", "-c", script, "sh", sys.executable, "-m", "wordkit", *args],
        input=input, capture_output=True, text=True, env=env, timeout=120,
        stdin=subprocess.DEVNULL if input is None and stream != "stdin" else None,
    )  # fmt: skip
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


NO_INPUT = {
    "query wordle -": "Error: no word to query: give one or more words, or - to read them\n",
    "query hangman -": "Error: no word to query: give one or more words, or - to read them\n",
    "prepare -": "Error: standard input is empty\n",
    "solve hangman": "Error: give the game state with --mask (e.g. --mask a__le --guessed aeli)\n",
}


@pytest.mark.parametrize("command", list(NO_INPUT))
def test_a_closed_stdin_is_no_input(command: str, tmp_path: Path) -> None:
    assert run_closed("stdin", *command.split(), tmp_path=tmp_path) == (1, "", NO_INPUT[command])


@pytest.mark.parametrize(
    "args",
    [
        ["host", "hangman", "--words", TINY, "--seed", "1"],
        ["host", "wordle", *LISTS, "--seed", "1"],
        ["solve", "hangman", "--words", TINY, "-i"],
        ["solve", "wordle", *LISTS, "-i"],
    ],
)
def test_a_closed_stdin_ends_an_interactive_game_unrecorded(
    args: list[str], tmp_path: Path
) -> None:
    code, out, err = run_closed("stdin", *args, tmp_path=tmp_path)
    assert (code, err) == (0, "")
    assert out  # the game began, then found no input
    db = tmp_path / "data" / "wordkit" / "history.sqlite"
    assert not db.exists() or not sqlite3.connect(db).execute("SELECT * FROM games").fetchall()


def test_a_closed_stdin_still_queries_the_words_given(tmp_path: Path) -> None:
    code, out, err = run_closed("stdin", "query", "wordle", "crane", "--json", tmp_path=tmp_path)
    assert (code, err) == (0, "")
    assert json.loads(out)["solved"] is True


def test_a_closed_stderr_still_plays_and_records_the_game(tmp_path: Path) -> None:
    args = ["host", "hangman", "--words", TINY, "--seed", "1"]
    code, out, err = run_closed("stderr", *args, input="c\na\nt\no\nd\ng\n", tmp_path=tmp_path)
    assert (code, err) == (0, "")
    assert "You win:" in out and "played 1   win % 100" in out  # then the player's statistics
    db = tmp_path / "data" / "wordkit" / "history.sqlite"
    assert sqlite3.connect(db).execute("SELECT count(*) FROM games").fetchone() == (1,)


def test_a_closed_stderr_keeps_the_data_and_the_exit_code(tmp_path: Path) -> None:
    code, out, _ = run_closed(
        "stderr", "stats", "wordle", *LISTS, "--records", "-", tmp_path=tmp_path
    )
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 40 and all(r["solved"] for r in lines)
    assert run_closed("stderr", "query", "wordle", "zzzzz", tmp_path=tmp_path) == (1, "", "")
    code, out, _ = run_closed("stderr", "prepare", TINY, tmp_path=tmp_path)
    assert (code, out) == (0, "word,weight\ncat,1\ncot,1\ndog,1\n")


@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["--help"],
        ["solve"],
        ["query", "wordle", "crane"],
        ["prepare", TINY],
        ["host", "hangman", "--words", TINY, "--seed", "1"],
    ],
)
def test_a_closed_stdout_is_one_error_line(args: list[str], tmp_path: Path) -> None:
    assert run_closed("stdout", *args, input="c\n", tmp_path=tmp_path) == (
        1, "", "Error: cannot write the output: Bad file descriptor\n",
    )  # fmt: skip


@pytest.mark.parametrize(
    "args", [["--help"], ["--version"], ["stats", "--help"], ["cache", "info"]]
)
def test_a_reader_gone_before_the_first_line_is_a_quiet_exit_0(args: list[str]) -> None:
    """`wordkit --help | true`: the pipe's reader is gone before anything is written."""
    read, write = os.pipe()
    os.close(read)
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", *args],
            stdin=subprocess.DEVNULL, stdout=write, stderr=subprocess.PIPE, env=env, timeout=120,
        )  # fmt: skip
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, b"")


@pytest.mark.parametrize("path", ["/dev/stdin", "/dev/fd/0"])
def test_a_path_to_stdin_counts_as_reading_standard_input(path: str) -> None:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "wordkit", "stats", "wordle", "--answers", "-", "--guesses", path],
        input="cigar\nrebut\n", capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "Error: --answers and --guesses both read standard input; give one of them a file\n"
    )
    # A regular file on stdin is read again by its path: no conflict there
    with open(SMALL) as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", "stats", "wordle", "--answers", "-",
             "--guesses", path, "--strategy", "entropy"],
            stdin=stdin, capture_output=True, text=True, env=env, timeout=60,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_a_records_file_another_run_is_writing_is_refused(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from wordkit.cache import atomic_open
    from wordkit.cli import app

    records = tmp_path / "sweep.jsonl"
    held = atomic_open(records, '{"header": 1}\n', lock=True)  # as a sweep under way holds it
    try:
        for args in (["--openers", "top:3"], []):
            result = CliRunner().invoke(
                app, ["stats", "wordle", *LISTS, "--strategy", "entropy", *args,
                      "--records", str(records)],
            )  # fmt: skip
            assert (result.exit_code, result.stdout) == (1, "")
            assert result.stderr == (
                f"Error: {records} is being written by another wordkit run: wait for it to "
                "finish, or give another file\n"
            )
        assert records.read_text() == '{"header": 1}\n'
    finally:
        held.close()
    result = CliRunner().invoke(
        app, ["stats", "wordle", *LISTS, "--strategy", "entropy", "--records", str(records)]
    )
    assert result.exit_code == 0, result.output


def test_words_on_stdin_in_utf16_with_its_mark_are_read_as_tables_are() -> None:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "wordkit", "query", "hangman", "-", "--words", TINY, "--json"],
        input="cat\ndog\n".encode("utf-16"), capture_output=True, env=env, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["secret"] for line in done.stdout.splitlines()] == ["cat", "dog"]


@pytest.mark.parametrize("encoding", ["ascii", pytest.param("latin-1", marks=pytest.mark.full)])
def test_data_on_stdout_is_utf8_whatever_the_locale(tmp_path: Path, encoding: str) -> None:
    """An ASCII stdout made a traceback of a category 'frü' (every record of a stats run lost),
    a Latin-1 one other bytes than `-o` writes."""
    table = tmp_path / "t.csv"
    table.write_text("word,weight,cat\napple,10,frü\ncrane,5,x\n", encoding="utf-8")
    env = os.environ | {"PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding}

    def wordkit(*args: str) -> subprocess.CompletedProcess[bytes]:
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", *args], capture_output=True, env=env, timeout=120,
            stdin=subprocess.DEVNULL, cwd=tmp_path,
        )  # fmt: skip
        assert (done.returncode, b"Traceback" in done.stderr) == (0, False), done.stderr
        return done

    prepared = wordkit("prepare", str(table), "--category-column", "cat").stdout
    wordkit("prepare", str(table), "--category-column", "cat", "-o", "out.csv")
    assert prepared == (tmp_path / "out.csv").read_bytes()
    assert "frü" in prepared.decode("utf-8")
    (tmp_path / "p.csv").write_bytes(prepared)
    records = wordkit("stats", "hangman", "--words", "p.csv", "--hint", "--records", "-").stdout
    assert {json.loads(line)["category"] for line in records.splitlines()} == {"frü", "x"}
    summary = wordkit("stats", "hangman", "--words", "p.csv", "--format", "json").stdout
    assert json.loads(summary.decode("utf-8"))["games"] == 2


def test_data_written_to_a_stream_is_flushed_at_once() -> None:
    """Bytes written under a line-buffered terminal's text layer waited for the next write: a
    terminal showed each `query --json` line one game late."""
    import io

    from wordkit.outputs import write_data

    raw = io.BytesIO()
    stream = io.TextIOWrapper(io.BufferedWriter(raw), encoding="ascii", line_buffering=True)
    stream.write("text first, ")
    write_data(stream, '{"word": "frü"}\n')
    assert raw.getvalue() == 'text first, {"word": "frü"}\n'.encode()


def test_a_file_name_that_is_not_utf8_is_escaped_in_data_not_a_traceback(tmp_path: Path) -> None:
    """`stats --words $'t\\xe9.csv' --json` ended in a UnicodeEncodeError: the summary names
    the table by its path, which Python holds with a surrogate for the byte."""
    table = tmp_path / "t\udce9.csv"
    table.write_text("word\napple\ncrane\n")
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    for fmt in ("json", "csv"):
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", str(table),
             "--format", fmt], capture_output=True, env=env, timeout=120,
        )  # fmt: skip
        assert (done.returncode, done.stderr) == (0, b""), done.stderr
        assert b"t\\udce9.csv" in done.stdout
        done.stdout.decode("utf-8")  # still UTF-8 throughout


def test_a_line_typed_at_a_terminal_is_edited_by_readline(tmp_path: Path) -> None:
    """At a terminal the arrow keys edit the line and recall the lines typed before (they were
    read as `^[[A`, refused as not a word); `é` typed under a C locale is still `é`."""
    import pty
    import select
    import time

    env = os.environ | {"PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data")}
    env |= {"TERM": "xterm", "LC_ALL": "C", "PYTHONUTF8": "0"}
    args = ["host", "wordle", *LISTS, "--seed", "1", "--no-record"]
    pid, fd = pty.fork()
    if pid == 0:  # the child: wordkit at the terminal
        os.execve(sys.executable, [sys.executable, "-m", "wordkit", *args], env)
    seen = b""

    def read_until(text: bytes, seconds: float = 60) -> None:
        nonlocal seen
        end = time.monotonic() + seconds
        while text not in seen and time.monotonic() < end:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:  # the child is gone
                    return

    try:
        read_until(b"guess 1> ")
        # a word not listed, then the arrow up and Enter: the same word again, not `^[[A`
        os.write(fd, "zébra\r".encode())
        read_until(b"guess 1> ", 10)
        os.write(fd, b"\x1b[A\r")
        read_until(b"guess 1> ", 10)
        os.write(fd, "é\r".encode())  # alone: readline took it for a Meta key and dropped it
        read_until(b"1 letter", 10)
        os.write(fd, b"Q\r")
        read_until(b"The answer was", 20)
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    shown = seen.decode("utf-8", errors="replace")
    assert shown.count("guess 1> zébra") == 2 and "[A" not in shown, shown
    assert shown.count("'zebra' is not in the list of allowed guesses") == 2
    assert "'e' has 1 letter; this game uses 5-letter words" in shown


def test_a_python_without_readline_reads_lines_as_from_a_pipe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Windows' Python has no readline: importing it at a terminal was a traceback."""
    from wordkit.cli import terminal

    monkeypatch.setattr(terminal, "_READLINE", [])
    monkeypatch.setitem(sys.modules, "readline", None)  # what `import readline` then fails on
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert terminal.line_editing() is False


def test_a_warning_at_a_terminal_is_written_above_the_spinner(tmp_path: Path) -> None:
    """A table's warning while the spinner showed `loading ...` was written on the spinner's
    own line (`loading one.csv…Warning: ...`)."""
    import pty
    import select
    import time

    table = tmp_path / "one.csv"
    table.write_text("lion\ntiger\nbear\nwolf\n")
    env = os.environ | {"PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm"}
    args = ["solve", "hangman", "-i", "--words", str(table), "--no-record"]
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, [sys.executable, "-m", "wordkit", *args], env)
    seen, end = b"", time.monotonic() + 60
    try:
        while b"length or mask> " not in seen and time.monotonic() < end:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        os.write(fd, b"Q\r")
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    shown = seen.decode("utf-8", errors="replace")
    assert "has one column and no `word` header" in shown, shown
    assert "…Warning" not in shown and "\x1b[2KWarning: " in shown
