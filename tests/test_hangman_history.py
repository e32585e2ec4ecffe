"""The game history: records, learned words, concurrent writers, damaged files."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from wordkit.hangman.history import (
    HistoryError,
    learned_words,
    record_game,
    recorded_games,
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
    assert learned_words("english", path=db) == ["zyzzyva"]


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


def test_a_damaged_file_is_a_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    db.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(HistoryError, match="damaged or not a wordkit history"):
        recorded_games(path=db)


def test_a_locked_database_is_a_clear_error(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import wordkit.hangman.history as history

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
