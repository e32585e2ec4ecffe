"""The game history: records, learned words, concurrent writers, damaged and old files,
player statistics."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd
import pytest

from wordkit import history
from wordkit.hangman.lexicon import LEARNED, load_pool, with_words
from wordkit.history import (
    HistoryError,
    learned_words,
    player_stats,
    record_game,
    recorded_games,
    table_key,
)
from wordkit.runner import GameRecord


def game(secret: str, won: bool = True) -> GameRecord:
    return GameRecord(secret=secret, won=won, moves=("e", "a", secret), wrong=1)


def test_games_are_recorded_and_read_back(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    record_game(game("apple"), table="english", known=True, strategy="best", source="host", path=db)
    record_game(game("zyzzyva", False), table="english", known=False, strategy="best",
                source="solve", path=db)  # fmt: skip
    record_game(game("paris"), table="cities", known=False, strategy="best", source="host", path=db)
    every = recorded_games(path=db)
    assert [g.record.secret for g in every] == ["apple", "zyzzyva", "paris"]
    assert every[1].record.moves == ("e", "a", "zyzzyva") and not every[1].record.won
    assert every[0].record.wrong == 1 and every[0].source == "host" and every[0].played
    assert [g.record.secret for g in recorded_games(table="cities", path=db)] == ["paris"]
    assert learned_words("english", path=db) == {"zyzzyva": None}


def test_a_history_whose_shared_memory_file_cannot_be_made_is_still_read(tmp_path: Path) -> None:
    """A history in WAL mode needs its -shm file even to be read: in a read-only folder (here,
    a -shm link to nowhere) the report said 'cannot be opened (unable to open database file)'."""
    db = tmp_path / "h.sqlite"
    record_game(game("apple"), table="english", known=True, strategy="best", source="host", path=db)
    (tmp_path / "h.sqlite-shm").unlink(missing_ok=True)
    (tmp_path / "h.sqlite-shm").symlink_to(tmp_path / "no" / "such" / "folder")
    assert [g.record.secret for g in recorded_games(path=db)] == ["apple"]


def write_many(args: tuple[str, int]) -> int:
    path, start = args
    for i in range(start, start + 25):
        record_game(game(f"w{chr(97 + i % 26)}x"), table="t", known=False, strategy="best",
                    source="host", path=Path(path))  # fmt: skip
    return 25


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert sum(pool.map(write_many, [(str(db), 0), (str(db), 25)])) == 50
    assert len(recorded_games(path=db)) == 50


def test_a_history_another_terminal_creates_between_two_reads_is_not_foreign(
    tmp_path: Path,
) -> None:
    """The race the concurrent test hit now and then: read apart, the schema version (0, the
    file still new) and the tables (made by the other terminal meanwhile) looked like another
    program's database."""
    db = tmp_path / "h.sqlite"
    sqlite3.connect(db).close()  # the new, empty file both terminals open
    reader = sqlite3.connect(db, isolation_level=None)
    statements: list[str] = []

    def other_terminal_between_statements(sql: str) -> None:
        if sql.startswith("--"):
            return  # a statement SQLite runs inside another (a pragma read as a table)
        statements.append(sql)
        if len(statements) == 2:  # after the first read, before the second
            record_game(game("apple"), table="t", known=True, strategy="best", source="host",
                        path=db)  # fmt: skip

    reader.set_trace_callback(other_terminal_between_statements)
    try:
        assert not history._is_foreign(reader, db)
    finally:
        reader.close()


def test_a_damaged_file_is_a_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    db.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(HistoryError, match="damaged or not a wordkit history"):
        recorded_games(path=db)


def test_a_locked_database_is_a_clear_error(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "h.sqlite"
    record_game(game("apple"), table="t", known=True, strategy="best", source="host", path=db)
    monkeypatch.setattr(history, "BUSY_SECONDS", 0.05)
    blocker = sqlite3.connect(db)
    blocker.execute("PRAGMA journal_mode=DELETE")
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(HistoryError, match="locked"):
            record_game(game("pear"), table="t", known=True, strategy="best", source="host",
                        path=db)  # fmt: skip
    finally:
        blocker.rollback()
        blocker.close()


def test_another_schema_version_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version=99")
    conn.close()
    with pytest.raises(HistoryError, match="another wordkit version"):
        recorded_games(path=db)


def test_an_unwritable_place_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(HistoryError, match="cannot open"):
        recorded_games(path=blocker / "sub" / "h.sqlite")


V1_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, played TEXT NOT NULL, game TEXT NOT NULL, table_name TEXT NOT NULL,
    secret TEXT NOT NULL, known INTEGER NOT NULL, won INTEGER NOT NULL, moves TEXT NOT NULL,
    wrong INTEGER, strategy TEXT NOT NULL, source TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_table ON games (table_name);
PRAGMA user_version=1;
"""


def test_a_history_of_the_first_layout_is_migrated(tmp_path: Path) -> None:
    # what wordkit.hangman.history wrote (schema 1): its games are kept, and learned from
    db = tmp_path / "h.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(V1_SCHEMA)
    conn.execute(
        "INSERT INTO games (played, game, table_name, secret, known, won, moves, wrong,"
        " strategy, source) VALUES ('2024-01-01T00:00:00+00:00', 'hangman', 'english',"
        " 'zyzzyva', 0, 0, 'e a i', 3, 'best', 'solve')"
    )
    conn.commit()
    conn.close()
    assert learned_words("english", path=db) == {"zyzzyva": None}
    record_game(game("apple"), game="wordle", table="wordle", variant="5 letters",
                strategy="honest", source="host", path=db)  # fmt: skip
    old, new = recorded_games(path=db)[0], recorded_games(game="wordle", path=db)[0]
    assert (old.record.moves, old.record.wrong, old.variant) == (("e", "a", "i"), 3, "")
    assert (new.record.secret, new.variant, new.game) == ("apple", "5 letters", "wordle")
    assert (old.seed, new.seed) == (None, None)  # recorded before seeds were, or none drawn
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION == 3
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_a_foreign_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "other.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE games (name TEXT)")  # someone else's `games`, schema 0
    conn.close()
    with pytest.raises(HistoryError, match="is another program's database, not a wordkit history"):
        recorded_games(path=db)
    conn = sqlite3.connect(db)
    assert [row[0] for row in conn.execute("SELECT name FROM sqlite_master")] == ["games"]
    conn.close()  # left as it was


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="is a directory, not a database file"):
        record_game(game("apple"), table="t", strategy="best", source="host", path=tmp_path)


def test_games_are_kept_apart_by_game_table_and_variant(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    for kind, table, variant in [("wordle", "w", "a"), ("wordle", "w", "b"), ("hangman", "w", "")]:
        record_game(game("apple"), game=kind, table=table, variant=variant, strategy="s",
                    source="host", path=db)  # fmt: skip
    assert len(recorded_games(game="wordle", path=db)) == 2
    assert len(recorded_games(game="wordle", table="w", variant="b", path=db)) == 1
    assert len(recorded_games(path=db)) == 1  # hangman by default
    assert learned_words("w", path=db) == {}  # every secret was known


def test_only_playable_words_are_learned(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    for secret, category in [
        ("okapi", "animals"),
        ("o_api", None),
        ("okapi", None),
        ("Émeu", None),
    ]:
        record = GameRecord(secret=secret, won=False, moves=("e",), wrong=1, category=category)
        record_game(record, table="t", known=False, strategy="best", source="solve", path=db)
    assert learned_words("t", path=db) == {"okapi": "animals"}


def streak_games(results: str) -> list[GameRecord]:
    """W3 = won in 3 guesses, L = lost (6 guesses)."""
    return [
        GameRecord(secret="crane", won=r[0] == "W", moves=("crane",) * (int(r[1:]) if r[1:] else 6))
        for r in results.split()
    ]


@pytest.mark.parametrize(
    ("results", "current", "longest", "percent"),
    [
        ("W3 W4 L W2", 1, 2, 75),
        ("W3 W4 L W2 W5 W1", 3, 3, 83),
        ("L L", 0, 0, 0),
        ("W1", 1, 1, 100),
        ("", 0, 0, 0),
    ],
)
def test_player_statistics(results: str, current: int, longest: int, percent: int) -> None:
    stats = player_stats(streak_games(results), limit=6)
    assert (stats.current_streak, stats.max_streak, stats.win_percent) == (
        current,
        longest,
        percent,
    )
    assert stats.played == len(results.split())
    assert list(stats.distribution) == [1, 2, 3, 4, 5, 6]


def test_guess_distribution() -> None:
    stats = player_stats(streak_games("W3 W4 L W2 W4"), limit=6)
    assert stats.distribution == {1: 0, 2: 1, 3: 1, 4: 2, 5: 0, 6: 0}
    assert stats.wins == 4
    unlimited = player_stats(streak_games("W9 L W2"), limit=None)  # Absurdle: no limit
    assert list(unlimited.distribution) == list(range(1, 10)) and unlimited.distribution[9] == 1


def test_learned_words_join_the_table_with_a_typical_weight(tmp_path: Path) -> None:
    table = pd.DataFrame(
        {"word": ["cat", "dog", "eel"], "weight": [1.0, 3.0, 0.0], "category": ["a", "a", "b"]}
    )
    grown = with_words(table, {"dog": None, "okapi": "a", "zyzzyva": None})
    assert grown["word"].tolist() == ["cat", "dog", "eel", "okapi", "zyzzyva"]
    assert grown["weight"].tolist()[3:] == [2.0, 2.0]  # the median of the positive weights
    assert grown["category"].tolist()[3:] == ["a", LEARNED]
    assert with_words(table, {}) is table
    path = tmp_path / "t.txt"
    path.write_text("cat\ndog\n", encoding="utf-8")
    pool = load_pool(str(path), extra_words={"okapi": None}, category=None)
    assert "okapi" in pool.lexicon.index and len(pool.ids) == 3


def test_a_table_is_named_by_its_absolute_path(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "t.txt").write_text("cat\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert table_key("t.txt") == table_key(str(tmp_path / "t.txt")) == str(tmp_path / "t.txt")
    assert table_key("english") == "english"


@pytest.mark.parametrize(("value", "absolute"), [("/srv/data", True), ("data", False), ("", False)])
def test_the_default_history_follows_xdg_data_home_only_when_it_is_absolute(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str, absolute: bool
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", value)
    expected = Path(value) if absolute else tmp_path / ".local" / "share"
    assert history.default_history_path() == expected / "wordkit" / "history.sqlite"


@pytest.mark.parametrize(("value", "absolute"), [("/srv/cache", True), ("cache", False)])
def test_the_cache_follows_xdg_cache_home_only_when_it_is_absolute(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str, absolute: bool
) -> None:
    from wordkit.cache import cache_dir

    monkeypatch.delenv("WORDKIT_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", value)
    assert cache_dir() == (Path(value) if absolute else tmp_path / ".cache") / "wordkit"


def test_games_waiting_in_the_wal_are_never_skipped(tmp_path: Path) -> None:
    """Read as immutable, a history whose -wal still holds games reported the older ones as
    all there were: it fails to open instead, as it did."""
    import shutil

    src, dst = tmp_path / "a", tmp_path / "b"
    src.mkdir()
    dst.mkdir()
    db = src / "h.sqlite"
    record_game(game("apple"), table="english", known=True, strategy="best", source="host", path=db)
    held = sqlite3.connect(db)  # a writer with games not yet checkpointed
    held.execute("SELECT count(*) FROM sqlite_master").fetchone()  # joins the WAL
    for _ in range(3):
        record_game(game("pear"), table="english", known=True, strategy="best", source="host",
                    path=db)  # fmt: skip
    for name in ("h.sqlite", "h.sqlite-wal"):
        shutil.copy(src / name, dst / name)
    held.close()
    assert (dst / "h.sqlite-wal").stat().st_size > 0
    (dst / "h.sqlite-shm").symlink_to(tmp_path / "no" / "such" / "folder")
    with pytest.raises(HistoryError, match="cannot be opened"):
        recorded_games(path=dst / "h.sqlite")


@pytest.mark.parametrize(
    "said", ["disk I/O error", "attempt to write a readonly database", "unable to open"]
)
def test_a_full_disk_still_lets_a_history_be_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said: str
) -> None:
    """On a full disk SQLite cannot make the -shm file a read-write open wants, and says
    "disk I/O error" (a read-only folder says "unable to open"; another user's history, read
    only, in a folder that user cannot write: "readonly database"): the read fell through to
    that failing connection instead of the read-only ones."""
    db = tmp_path / "h.sqlite"
    record = GameRecord(secret="cat", won=True, moves=("a",), wrong=0)
    record_game(record, table="t", strategy="best", source="solve", path=db)
    real = sqlite3.connect

    class FullDisk:
        def __init__(self, conn: sqlite3.Connection) -> None:
            self.conn = conn

        def execute(self, sql: str, *args: object) -> object:
            if sql.startswith("PRAGMA busy_timeout"):
                return self.conn.execute(sql, *args)
            raise sqlite3.OperationalError(said)  # every read wants the -shm

        def close(self) -> None:
            self.conn.close()

    def connect(target: str, *args: object, **kwargs: object) -> object:
        conn = real(target, *args, **kwargs)  # type: ignore[arg-type]
        return FullDisk(conn) if str(target).endswith("mode=rw") else conn

    monkeypatch.setattr(history.sqlite3, "connect", connect)
    assert [g.record.secret for g in recorded_games(table="t", path=db)] == ["cat"]
