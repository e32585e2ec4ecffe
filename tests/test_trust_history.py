"""Trust, round 3 (issue #21): a history that cannot take a game is refused before the first
move; a damaged row is skipped and told, never a traceback; closed standard streams."""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit import history
from wordkit.cli import app
from wordkit.history import check_history, record_game, recorded_games
from wordkit.runner import GameRecord

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
TINY = str(FIXTURES / "host_tiny.csv")  # cat, cot, dog
SMALL = str(FIXTURES / "wordle_small.txt")
LISTS = ["--answers", SMALL, "--guesses", SMALL]
RECORDING = {
    "host hangman": ["host", "hangman", "--words", TINY, "--seed", "1"],
    "solve hangman": ["solve", "hangman", "--words", TINY, "-i"],
    "host wordle": ["host", "wordle", *LISTS, "--seed", "1"],
    "host wordle boards": ["host", "wordle", *LISTS, "--seed", "1", "--boards", "2"],
}
"""The commands that record a game: each must refuse an unusable history before playing."""

runner = CliRunner()


def wk(*args: str, input: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def a_game(db: Path, secret: str = "cat", *, wrong: int = 1) -> None:
    """One Hangman game on TINY recorded in `db`."""
    record = GameRecord(secret=secret, won=True, moves=("c", "x", "a", "t"), wrong=wrong)
    record_game(record, table=TINY, known=True, strategy="honest", source="host", path=db)


# --- 1. writability checked before the first move ---------------------------------------------


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """`path` (a file or a folder) made read-only, even for root (the immutable flag), or skip."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode:
        pytest.skip("root ignores file modes and this file system has no immutable flag")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


@pytest.mark.parametrize("command", list(RECORDING))
@pytest.mark.parametrize("where", ["file", "folder", "folder, rollback journal"])
def test_a_read_only_history_is_refused_before_the_game(
    command: str, where: str, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "h.sqlite"
    a_game(db)
    if "journal" in where:  # read freely; only a write needs a file beside it
        sqlite3.connect(db).execute("PRAGMA journal_mode=DELETE").fetchall()
    with read_only(db if where == "file" else folder):
        code, out, err = wk(*RECORDING[command], "--history-db", str(db), input="c\n")
    assert (code, out) == (1, "")  # not one line of the game was shown
    if where == "file":
        assert err == (
            f"Error: the game history {db} cannot be written: it or its folder is read-only\n"
        )
    else:  # SQLite cannot make its journal beside it
        assert err.startswith(f"Error: the game history {db} cannot ") and err.count("\n") == 1
    assert [g.record.secret for g in recorded_games(path=db)] == ["cat"]  # still readable


def test_a_new_history_in_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    with read_only(tmp_path):
        code, out, err = wk(*RECORDING["host hangman"], "--history-db", str(db), input="c\n")
    assert (code, out) == (1, "")
    assert err == f"Error: cannot open the game history {db}: unable to open database file\n"


def small_files() -> None:
    """In the child: files may not grow past 20,000 bytes (a full disk for the history's
    journal, whose first write is larger), the signal for it ignored so a write fails."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


@pytest.mark.parametrize("command", ["host hangman", "host wordle"])
def test_a_full_disk_is_refused_before_the_game(command: str, tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    a_game(db)
    assert db.stat().st_size < 20_000
    env = os.environ | {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "wordkit", *RECORDING[command], "--history-db", str(db)],
        input="c\n", capture_output=True, text=True, env=env, preexec_fn=small_files, timeout=60,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"Error: the game history {db} cannot be read or written (disk I/O error); "
        "is the disk full?\n"
    )


@pytest.fixture
def damaged_page(tmp_path: Path) -> Path:
    """A history of 60 games whose last page is overwritten: the header still reads."""
    db = tmp_path / "h.sqlite"
    for n in range(60):
        a_game(db, "cat" if n % 2 else "dog")
    pages = db.stat().st_size // 4096
    assert pages > 3
    with db.open("r+b") as file:
        file.seek((pages - 1) * 4096)
        file.write(b"\xff" * 4096)
    return db


@pytest.mark.parametrize("command", list(RECORDING))
def test_damaged_pages_past_the_header_are_refused_before_the_game(
    command: str, damaged_page: Path
) -> None:
    code, out, err = wk(*RECORDING[command], "--history-db", str(damaged_page), input="c\n")
    assert (code, out) == (1, "")
    assert err.startswith(f"Error: the game history {damaged_page} is damaged")
    assert err.count("\n") == 1


FOREIGN = {
    "lacking columns": (
        "CREATE TABLE games (id INTEGER PRIMARY KEY, played TEXT, secret TEXT)",
        "its games table lacks game, table_name, variant, known, won, moves, wrong, category, "
        "strategy, source, seed",
    ),
    "no games table": ("CREATE TABLE scores (id INTEGER PRIMARY KEY, x TEXT)", ""),
}


@pytest.mark.parametrize("schema", list(FOREIGN))
@pytest.mark.parametrize("command", list(RECORDING))
def test_a_foreign_schema_is_refused_before_the_game(
    command: str, schema: str, tmp_path: Path
) -> None:
    db = tmp_path / "h.sqlite"
    table, lacking = FOREIGN[schema]
    with sqlite3.connect(db) as conn:
        conn.execute(table)
        conn.execute(f"PRAGMA user_version={history.SCHEMA_VERSION}")
    code, out, err = wk(*RECORDING[command], "--history-db", str(db), input="c\n")
    assert (code, out) == (1, "")
    if lacking:
        assert (
            err == f"Error: the game history {db} is damaged or not a wordkit history ({lacking})\n"
        )
    else:
        assert err == f"Error: the game history {db} is not a wordkit history (no games table)\n"


@pytest.mark.parametrize("command", list(RECORDING))
def test_another_writers_lock_on_a_wal_history_is_refused_before_the_game(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "h.sqlite"
    check_history(db)
    assert sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone() == ("wal",)
    monkeypatch.setattr(history, "BUSY_SECONDS", 0.05)
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # readers still read: only a write would wait
    try:
        code, out, err = wk(*RECORDING[command], "--history-db", str(db), input="c\n")
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert (code, out) == (1, "")
    assert err == (
        f"Error: the game history {db} is locked by another program (database is locked); "
        "try again\n"
    )


@pytest.mark.parametrize("command", ["host hangman", "host wordle"])
def test_a_fifo_as_history_is_refused_not_waited_on(command: str, tmp_path: Path) -> None:
    fifo = tmp_path / "h.sqlite"
    os.mkfifo(fifo)
    code, out, err = wk(*RECORDING[command], "--history-db", str(fifo), input="c\n")
    assert (code, out, err) == (1, "", f"Error: the game history {fifo} is not a regular file\n")


def test_the_write_check_leaves_no_trace(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    a_game(db)
    before = [(g.record, g.played) for g in recorded_games(path=db)]
    for _ in range(3):
        check_history(db)
    assert [(g.record, g.played) for g in recorded_games(path=db)] == before
    a_game(db, "dog")
    ids = [row[0] for row in sqlite3.connect(db).execute("SELECT id FROM games ORDER BY id")]
    assert ids == [1, 2]


REPORTS = {
    "hangman": ["stats", "hangman", "--from-history"],
    "wordle": ["stats", "wordle", "--from-history"],
}
"""The commands that only read the history: they must never write it."""


@pytest.mark.parametrize("game", list(REPORTS))
def test_a_report_on_a_missing_history_creates_nothing(game: str, tmp_path: Path) -> None:
    db = tmp_path / "new" / "sub" / "h.sqlite"
    code, out, err = wk(*REPORTS[game], "--history-db", str(db))
    name = game.capitalize()
    assert (code, out, err) == (
        1,
        "",
        f"Error: no {name} game is recorded in the game history {db} (no such file yet)\n",
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", list(REPORTS))
def test_a_report_leaves_an_empty_file_empty(game: str, tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    db.write_bytes(b"")
    code, _, err = wk(*REPORTS[game], "--history-db", str(db))
    assert code == 1 and err.startswith("Error: no ")
    assert db.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite"]


@pytest.mark.parametrize("command", [*REPORTS, *RECORDING])
def test_another_programs_database_is_left_byte_for_byte(command: str, tmp_path: Path) -> None:
    """Refused, and not even its journal mode changed (that rewrites its header)."""
    db = tmp_path / "other.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER, body TEXT)")
        conn.execute("INSERT INTO notes VALUES (1, 'mine')")
    conn.close()
    before = db.read_bytes()
    args = REPORTS[command] if command in REPORTS else RECORDING[command]
    code, out, err = wk(*args, "--history-db", str(db), input="c\n")
    assert (code, out, err) == (
        1,
        "",
        f"Error: {db} is another program's database, not a wordkit history\n",
    )
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]


def test_a_report_reads_a_history_without_writing_it(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    a_game(db)
    before = db.read_bytes()
    code, out, err = wk(*REPORTS["hangman"], "--history-db", str(db), "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 1
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite"]


# --- 2. damaged rows: skipped and told, by every reader ---------------------------------------


DAMAGE = [
    ("wrong", "'abc'"),
    ("wrong", "NULL"),
    ("wrong", "-1"),
    ("wrong", "1.5"),
    ("wrong", "x'00'"),
    ("wrong", "99"),
    ("won", "'yes'"),
    ("won", "2"),
    ("won", "NULL"),
    ("known", "NULL"),
    ("known", "0.5"),
    ("secret", "NULL"),
    ("secret", "''"),
    ("secret", "x'61'"),
    ("secret", "CAST(x'6361ff66' AS TEXT)"),  # not UTF-8: it made the whole history unreadable
    ("moves", "NULL"),
    ("moves", "''"),
    ("moves", "x'00'"),
    ("played", "NULL"),
    ("table_name", "x'00'"),
    ("variant", "NULL"),
    ("strategy", "NULL"),
    ("source", "x'00'"),
    ("category", "x'01'"),
]


def damage(db: Path, column: str, value: str, row: int = 2) -> None:
    """Set `column` of game `row` to the SQL `value`, as a hand edit or a bad disk might."""
    with sqlite3.connect(db) as conn:
        # NOT NULL columns: rebuild the table without the constraints, as another tool might
        if value == "NULL":
            conn.execute("PRAGMA writable_schema=ON")
            conn.execute(
                "UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE name = 'games'"
            )
            conn.execute("PRAGMA writable_schema=OFF")
    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE games SET {column} = {value} WHERE id = ?", (row,))


@pytest.fixture
def three_games(tmp_path: Path) -> Path:
    db = tmp_path / "h.sqlite"
    a_game(db, "cat", wrong=1)
    a_game(db, "cot", wrong=2)
    a_game(db, "dog", wrong=3)
    return db


def warned(db: Path, rows: str = "row", ids: str = "2", count: int = 1) -> str:
    return (
        f"Warning: skipped {count} damaged {rows} of the game history {db} (id {ids}): a value "
        "is missing or of the wrong type\n"
    )


@pytest.mark.parametrize(("column", "value"), DAMAGE)
def test_a_damaged_row_is_skipped_and_told_by_stats(
    column: str, value: str, three_games: Path
) -> None:
    damage(three_games, column, value)
    code, out, err = wk("stats", "hangman", "--from-history", "--history-db", str(three_games),
                        "--json")  # fmt: skip
    assert (code, err) == (0, warned(three_games))
    summary = json.loads(out)
    assert (summary["games"], summary["mean_wrong"]) == (2, 2.0)  # cat and dog, not cot


def test_every_damaged_row_is_counted(three_games: Path) -> None:
    for row in (1, 2, 3):
        damage(three_games, "wrong", "'x'", row)
    code, out, err = wk("stats", "hangman", "--from-history", "--history-db", str(three_games))
    assert code == 1 and out == ""
    assert err == warned(three_games, "rows", "1, 2, 3", 3) + (
        f"Error: no Hangman game is recorded in the game history {three_games}\n"
    )


def test_damaged_rows_do_not_stop_learning(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    record = GameRecord(secret="cog", won=False, moves=("o", "t"), wrong=1)
    for _ in range(2):
        record_game(record, table=history.table_key(TINY), known=False, strategy="best",
                    source="solve", path=db)  # fmt: skip
    damage(db, "wrong", "'many'", row=1)
    secrets = tmp_path / "cog.txt"
    secrets.write_text("cog\n", encoding="utf-8")
    code, out, err = wk("stats", "hangman", "--words", TINY, "--secrets", str(secrets),
                        "--learn", "--history-db", str(db), "--json")  # fmt: skip
    assert (code, err) == (0, warned(db, ids="1"))
    assert json.loads(out)["games"] == 1
    code, _, err = wk(*RECORDING["host hangman"], "--history-db", str(db), input="Q\n")
    assert (code, err) == (0, warned(db, ids="1"))


@pytest.mark.parametrize(("column", "value"), [("wrong", "'abc'"), ("won", "'yes'"),
                                               ("moves", "NULL")])  # fmt: skip
def test_a_damaged_wordle_row_is_skipped_by_the_players_statistics(
    column: str, value: str, tmp_path: Path
) -> None:
    db = tmp_path / "h.sqlite"
    base = [*RECORDING["host wordle"], "--history-db", str(db)]
    for _ in range(3):
        assert wk(*base, input="apple\nG\n")[0] == 0
    damage(db, column, value)
    code, out, err = wk(*base, input="apple\nG\n")
    assert (code, err) == (0, warned(db))
    assert "  played 3   win % " in out  # three good games of four
    code, out, err = wk("stats", "wordle", "--from-history", "--history-db", str(db), "--json")
    assert (code, err) == (0, warned(db))
    assert json.loads(out)["games"] == 3


def test_wordle_games_without_wrong_guesses_are_not_damaged(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    record_game(GameRecord(secret="apple", won=True, moves=("crane", "apple")), game="wordle",
                table=SMALL, strategy="honest", source="host", path=db)  # fmt: skip
    assert [g.record.wrong for g in recorded_games(game="wordle", path=db)] == [None]


# --- 4. the Dask cluster: checked once, lost mid-run in one line --------------------------------


BAD_ADDRESSES = {
    "tcp://..:1": "'..' is not a host name or IP address",
    "tcp://a..b:8786": "'a..b' is not a host name or IP address",
    "tcp://-a:8786": "'-a' is not a host name or IP address",
    "tcp://héllo:8786": "'héllo' is not a host name or IP address",
    "tcp://³:8786": "'³' is not a host name or IP address",
    "tcp://host:0": "the port must be 1 to 65535",
    "tcp://host:99999": "the port must be 1 to 65535",
    "tcp://[zz]:8786": "[zz] is not an IPv6 address",
}


@pytest.mark.parametrize("address", list(BAD_ADDRESSES))
@pytest.mark.parametrize("game", ["hangman", "wordle", "openers"])
def test_a_malformed_cluster_address_is_one_error_line(address: str, game: str) -> None:
    args = (
        ["stats", "hangman", "--words", TINY] if game == "hangman" else ["stats", "wordle", *LISTS]
    )
    if game == "openers":
        args += ["--openers", "top:3"]
    code, out, err = wk(*args, "--cluster", address)
    assert (code, out) == (1, "")
    assert err == f"Error: bad --cluster address {address!r}: {BAD_ADDRESSES[address]}\n"


def test_the_cluster_address_is_parsed_to_host_and_port() -> None:
    from wordkit.cluster import parse_address

    assert parse_address("tcp://127.0.0.1:8786") == ("127.0.0.1", 8786)
    assert parse_address("[::1]:1") == ("::1", 1)
    assert parse_address("tls://sched_1.example.org.:443") == ("sched_1.example.org.", 443)


@pytest.mark.parametrize("game", ["hangman", "wordle", "openers"])
def test_the_cluster_is_asked_once_per_command(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    from wordkit import cluster

    asked: list[str] = []

    def nothing_there(distributed: object, address: str) -> None:
        asked.append(address)
        raise cluster.unreachable(address)

    monkeypatch.setattr(cluster, "_check_scheduler", nothing_there)
    monkeypatch.setattr(cluster, "_VERIFIED", set())
    args = (
        ["stats", "hangman", "--words", TINY] if game == "hangman" else ["stats", "wordle", *LISTS]
    )
    if game == "openers":
        args += ["--openers", "top:3"]
    code, _, err = wk(*args, "--cluster", "tcp://127.0.0.1:1")
    assert code == 1 and err.startswith("Error: cannot reach a Dask scheduler at tcp://127.0.0.1:1")
    assert asked == ["tcp://127.0.0.1:1"]
    # once found, the run's own connection does not ask again
    monkeypatch.setattr(cluster, "_check_scheduler", lambda d, a: asked.append(a))
    for _ in range(3):
        cluster.check_address("tcp://127.0.0.1:2")
    assert asked == ["tcp://127.0.0.1:1", "tcp://127.0.0.1:2"]


def test_a_cluster_lost_mid_sweep_keeps_the_records_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit import cluster
    from wordkit.wordle import sweep

    real = sweep.sweep

    def one_then_lost(*args: object, **kwargs: object) -> object:
        def first_only(result: object) -> None:
            kwargs_on_result(result)
            raise cluster.lost("tcp://127.0.0.1:8786", ConnectionResetError("connection reset"))

        kwargs_on_result = kwargs["on_result"]
        kwargs["on_result"] = first_only
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sweep, "sweep", one_then_lost)
    records = tmp_path / "r.jsonl"
    code, out, err = wk("stats", "wordle", *LISTS, "--openers", "top:3", "--records", str(records))
    assert (code, out) == (1, "")
    assert err == (
        "Error: the Dask cluster at tcp://127.0.0.1:8786 failed mid-run (the connection to its "
        f"scheduler was lost); the openers done are kept in {records}: the same command resumes "
        "the sweep\n"
    )
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and "sweep" in json.loads(lines[0])  # the header and one opener
    monkeypatch.setattr(sweep, "sweep", real)
    code, out, err = wk("stats", "wordle", *LISTS, "--openers", "top:3", "--records", str(records))
    assert code == 0 and "resum" in err.lower()


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def dask_process(*args: str) -> Iterator[subprocess.Popen[bytes]]:
    """A `dask scheduler` or `dask worker` process on this machine, killed at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_" + args[0], *args[1:]],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        yield process
    finally:
        process.kill()
        process.wait(timeout=30)


@contextmanager
def scheduler_with_one_worker() -> Iterator[
    tuple[str, subprocess.Popen[bytes], subprocess.Popen[bytes]]
]:
    """A scheduler on 127.0.0.1 and its only worker (no nanny: killed, it stays dead)."""
    distributed = pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"
    port = address.rsplit(":", 1)[1]
    scheduler = ("scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard")
    worker = ("worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard")
    with dask_process(*scheduler) as s, dask_process(*worker) as w:
        with distributed.Client(address, timeout=30, set_as_default=False) as client:
            client.wait_for_workers(1, timeout=30)
        yield address, s, w


@pytest.mark.parametrize("victim", ["scheduler", "worker"])
def test_a_cluster_killed_mid_run_is_one_error_and_keeps_what_finished(
    victim: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit import cluster

    monkeypatch.setattr(cluster, "WORKERLESS_SECONDS", 2.0)
    with scheduler_with_one_worker() as (address, scheduler, worker):
        chunks = ([n, n - 1] for n in range(1_000))
        results: list[list[int]] = []
        began = time.monotonic()
        with pytest.raises(cluster.ClusterError) as caught:
            for out in cluster.stream_chunks(sorted, chunks, setup=dict, address=address):
                results.append(out)
                if len(results) == 2:
                    (scheduler if victim == "scheduler" else worker).kill()
        assert time.monotonic() - began < 60
    assert results[:2] == [[-1, 0], [0, 1]]  # what finished before stays with the caller
    if victim == "scheduler":
        assert str(caught.value) == (
            f"the Dask cluster at {address} failed mid-run (the connection to its scheduler "
            "was lost)"
        )
    else:
        assert str(caught.value).startswith(
            f"the Dask cluster at {address} failed mid-run (its workers were lost, with the data "
            "sent to them; Dask says: "
        ) or str(caught.value) == (
            f"the Dask cluster at {address} has had no worker for 2 s; start some with "
            f"`dask worker {address} --nthreads 1`"
        )


@pytest.mark.parametrize(
    "command",
    [
        ["stats", "wordle", *LISTS],
        ["stats", "hangman", "--words", "categories", "--sample", "40", "--seed", "1"],
    ],
    ids=["wordle", "hangman"],
)
def test_a_cluster_lost_mid_stats_keeps_the_games_finished(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit import cluster, runner

    real = runner.stream_chunks

    def first_then_lost(*args: object, **kwargs: object) -> Iterator[object]:
        chunks = real(*args, **kwargs)  # type: ignore[arg-type]
        yield next(iter(chunks))
        raise cluster.lost("tcp://127.0.0.1:8786", ConnectionResetError("connection reset"))

    monkeypatch.setattr(runner, "stream_chunks", first_then_lost)
    records = tmp_path / "r.jsonl"
    code, out, err = wk(*command, "--records", str(records))
    assert (code, out) == (1, "")
    lines = records.read_text(encoding="utf-8").splitlines()
    assert lines and all("secret" in json.loads(line) for line in lines)
    assert err.startswith("Error: the Dask cluster at tcp://127.0.0.1:8786 failed mid-run")
    assert err.endswith(f"; the {len(lines):,} games finished are kept in {records}\n")


@pytest.mark.parametrize("game", ["hangman", "wordle"])
def test_a_report_of_a_missing_history_creates_nothing(tmp_path: Path, game: str) -> None:
    db = tmp_path / "new" / "h.sqlite"
    result = runner.invoke(app, ["stats", game, "--from-history", "--history-db", str(db)])
    assert result.exit_code == 1
    noun = game.capitalize()
    assert result.stderr == (
        f"Error: no {noun} game is recorded in the game history {db} (no such file yet)\n"
    )
    assert not (tmp_path / "new").exists()
    assert recorded_games(game=game, path=db) == [] and not (tmp_path / "new").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["host", "hangman", "--seed", "1"],
        ["host", "wordle", "--seed", "1"],
        ["stats", "hangman", "--from-history"],
        ["stats", "wordle", "--from-history"],
    ],
)
def test_a_history_in_memory_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*args, "--history-db", ":memory:"], input="G\n")
    assert result.exit_code == 1
    assert result.stderr == "Error: the game history must be a file, not ':memory:'\n"
    assert "guess" not in result.stdout and list(tmp_path.iterdir()) == []


def test_a_table_whose_path_is_not_utf8_is_recorded(tmp_path: Path) -> None:
    """Its path held surrogates SQLite cannot store: a traceback after the game, lost."""
    table = tmp_path / os.fsdecode(b"tab\xff.csv")
    shutil.copy(TINY, table)
    db = tmp_path / "h.sqlite"
    for _ in range(2):
        code, _, err = wk("host", "hangman", "--words", str(table), "--seed", "1",
                          "--history-db", str(db), input="e\nG\n")  # fmt: skip
        assert (code, err) == (0, "")
    (game,) = {g.table for g in recorded_games(path=db)}
    assert game == str(tmp_path.resolve() / "tab\\xff.csv")
    assert len(recorded_games(table=history.table_key(str(table)), path=db)) == 2
