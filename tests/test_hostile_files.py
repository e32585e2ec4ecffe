"""Hostile and odd files for `prepare` and every table reader: one clear error, nothing lost."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app

runner = CliRunner()
WORDS = "apple\npear\n"
TABLE = "word,weight\napple,1\npear,1\n"


def prepare(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["prepare", *args, "-q"], input=input)
    return result.exit_code, result.stdout, result.stderr


# (file content, exit code, stdout, stderr) for `wordkit prepare FILE.csv`
CSV_CASES = [
    ("word,weight\napple,2,\npear,3,\n", 0, "word,weight\napple,2\npear,3\n", ""),
    ("word,weight,\napple,2,\npear,3,\n", 0, "word,weight\napple,2\npear,3\n", ""),
    ("Word,Weight\nApple,3\n", 0, "word,weight\napple,3\n", ""),
    ("sep=;\nword;weight\napple;2\n", 0, "word,weight\napple,2\n", ""),
    ("apple\npear\n", 0, "word,weight\napple,1\npear,1\n", "Warning: t.csv has one column and no `word` header: every line is read as a word, the first ('apple') included\n"),
    ("word\napple\n", 0, "word,weight\napple,1\n", ""),
    ("word,weight\napple,2,x\n", 1, "", "Error: t.csv: line 2 has 3 fields but the header has 2\n"),
    ("word,word\napple,pear\n", 1, "", "Error: t.csv: column 'word' appears twice in the header\n"),
    # a spreadsheet's untitled columns are no column: dropped, never "'' appears twice"
    ("word,,,weight\napple,x,y,2\npear,,,3\n", 0, "word,weight\napple,2\npear,3\n", ""),
    (",word\n1,apple\n", 0, "word,weight\napple,1\n", ""),
    ("word,\napple,1\n", 0, "word,weight\napple,1\n", ""),  # the last column untitled too
    ("word,weight\napple,inf\n", 1, "", "Error: t.csv: line 2: weight 'inf' is not a finite number\n"),
    ("word,weight\napple,1e400\n", 1, "", "Error: t.csv: line 2: weight '1e400' is not a finite number\n"),
    ("word,weight\napple,-Infinity\n", 1, "", "Error: t.csv: line 2: weight '-Infinity' is not a finite number\n"),
    ("word,weight\napple,nan\n", 1, "", "Error: t.csv: line 2: weight 'nan' is not a number\n"),
    ("word,weight\na b,1\nc-d,2\n", 1, "", "Error: no row of t.csv passed the filters (dropped 1: contains a space; 1: contains a hyphen)\n"),
    ("sep=,\n", 1, "", "Error: t.csv has a header but no rows\n"),
]  # fmt: skip


@pytest.mark.parametrize(("content", "code", "out", "err"), CSV_CASES)
def test_odd_csv_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str, code: int, out: str, err: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.csv").write_text(content, encoding="utf-8")
    assert prepare("t.csv") == (code, out, err)


def test_endless_input_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("wordkit.tables.MAX_INPUT_BYTES", 1000)
    code, _, err = prepare("/dev/zero")
    assert (code, err) == (
        1,
        "Error: /dev/zero is larger than 0 MiB; a word table is far smaller\n",
    )


def test_name_too_long(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    long = "a" * 300
    assert prepare(long)[0] == 1
    assert prepare(long)[2].endswith(": File name too long\n")
    Path("in.txt").write_text(WORDS)
    code, _, err = prepare("in.txt", "-o", "b" * 300)
    assert code == 1 and err.startswith("Error: cannot write bbbb") and "File name too long" in err


def test_full_disk() -> None:
    code, _, err = prepare("-", "-o", "/dev/full", input=WORDS)
    assert (code, err) == (1, "Error: cannot write /dev/full: No space left on device\n")


def test_output_through_a_symlink_keeps_the_link_and_the_mode(tmp_path: Path) -> None:
    real = tmp_path / "real.csv"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    assert prepare("-", "-o", str(link), input=WORDS)[0] == 0
    assert link.is_symlink() and real.read_text() == TABLE
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_new_output_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        assert prepare("-", "-o", str(tmp_path / "new.csv"), input=WORDS)[0] == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o640


def test_output_into_a_fifo_writes_through(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    assert prepare("-", "-o", str(fifo), input=WORDS)[0] == 0
    reader.join(5)
    assert got == [TABLE]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_output_to_a_process_substitution() -> None:
    script = f'{sys.executable} -m wordkit prepare - -q -o >(tr a-z A-Z > "$OUT"); wait; sleep 0.2'
    out = Path(os.environ.get("TMPDIR", "/tmp")) / f"wk-subst-{os.getpid()}.txt"
    try:
        done = subprocess.run(
            ["bash", "-c", script],
            input=WORDS,
            text=True,
            capture_output=True,
            env={**os.environ, "OUT": str(out)},
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert out.read_text() == TABLE.upper()
    finally:
        out.unlink(missing_ok=True)


# (arguments, stderr) of usage errors: one line that names the help to read, exit 1.
USAGE_CASES = [
    (["prepare", "-", "--foo"], "Error: No such option: --foo (Possible options: --format) (see 'wordkit prepare --help')\n"),
    (["nope"], "Error: No such command 'nope'. (see 'wordkit --help')\n"),
    (["prepare", "-", "--min-length", "x"], "Error: Invalid value for '--min-length': Input should be a valid integer, unable to parse string as an integer (see 'wordkit prepare --help')\n"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "err"), USAGE_CASES)
def test_usage_errors_are_one_line(args: list[str], err: str) -> None:
    result = runner.invoke(app, args, input="", prog_name="wordkit")
    assert (result.exit_code, result.stderr) == (1, err)


def test_a_bare_group_shows_its_help() -> None:
    result = runner.invoke(app, ["cache"])
    assert result.exit_code == 0 and result.stdout.startswith("Usage: ")


def test_stdin_read_by_two_parts_of_a_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table on stdin is read once: a second read (its size, say) gets the same words."""
    monkeypatch.chdir(tmp_path)
    Path("h.txt").write_text("apple\npear\nplum\n")
    args = ["stats", "hangman", "--words", "h.txt", "--secrets", "-", "--strategy", "entropy"]
    result = runner.invoke(app, [*args, "--json"], input="apple\npear\n")
    assert result.exit_code == 0, result.stderr
    assert '"games": 2' in result.stdout


def test_fifo_input_with_a_late_writer_is_read_once(tmp_path: Path) -> None:
    """A FIFO input (a named pipe, or `<(...)`) is opened once: no wait for a second writer."""
    (tmp_path / "h.txt").write_text("apple\npear\nplum\n")
    fifo = tmp_path / "secrets"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w") as f:
            f.write("apple\npear\n")

    writer = threading.Timer(0.3, feed)
    writer.start()
    args = ["stats", "hangman", "--words", "h.txt", "--secrets", "secrets", "--strategy", "entropy"]
    done = subprocess.run(
        [sys.executable, "-m", "wordkit", *args, "--json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "WORDKIT_CACHE": str(tmp_path / "cache")},
    )
    writer.join()
    assert done.returncode == 0, done.stderr
    assert '"games": 2' in done.stdout
