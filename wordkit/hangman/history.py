"""The game history: every game `host` and interactive `solve` play, in SQLite, and the words the
AI did not know (learned for later games).

One file per user (`$XDG_DATA_HOME/wordkit/history.sqlite`, else `~/.local/share/wordkit/`, or
`--history-db PATH`). Writers from several terminals are serialised by SQLite (WAL journal, a
busy timeout); a damaged or foreign file gives a HistoryError, never a traceback.
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from wordkit.errors import WordkitError
from wordkit.runner import GameRecord

SCHEMA_VERSION = 1
BUSY_SECONDS = 10.0
"""How long a writer waits for another terminal's write before giving up."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    played TEXT NOT NULL,
    game TEXT NOT NULL,
    table_name TEXT NOT NULL,
    secret TEXT NOT NULL,
    known INTEGER NOT NULL,
    won INTEGER NOT NULL,
    moves TEXT NOT NULL,
    wrong INTEGER,
    strategy TEXT NOT NULL,
    source TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_table ON games (table_name);
"""


class HistoryError(WordkitError):
    """The history database cannot be used: damaged, not a history, locked or unwritable."""


def default_history_path() -> Path:
    """$XDG_DATA_HOME/wordkit/history.sqlite, else ~/.local/share/wordkit/history.sqlite."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "wordkit" / "history.sqlite"


@dataclass(frozen=True, slots=True)
class Played:
    """One recorded game: its record and where it came from."""

    record: GameRecord
    table: str
    known: bool
    strategy: str
    source: str
    played: str


@contextmanager
def connected(path: Path | None = None) -> Iterator[sqlite3.Connection]:
    """A connection to the history at `path` (created with its schema when absent)."""
    where = path or default_history_path()
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(where, timeout=BUSY_SECONDS)
    except (OSError, sqlite3.Error) as exc:
        raise HistoryError(f"cannot open the game history {where}: {exc}") from exc
    try:
        try:
            set_up(conn, where)
            yield conn
        except sqlite3.DatabaseError as exc:
            raise HistoryError(problem(where, exc)) from exc
    finally:
        conn.close()


def set_up(conn: sqlite3.Connection, where: Path) -> None:
    """Check the schema version, switch to WAL and create the tables. Two terminals opening a
    new history at once can find it locked here, where SQLite's busy wait does not apply, so
    this retries until BUSY_SECONDS have passed."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise HistoryError(
                    f"{where} is a game history of another wordkit version (schema {version})"
                )
            conn.execute("PRAGMA journal_mode=WAL")
            with conn:
                conn.executescript(SCHEMA)
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def problem(where: Path, exc: sqlite3.DatabaseError) -> str:
    """What went wrong with the database, in words."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return f"the game history {where} is locked by another program ({text}); try again"
    if "not a database" in text or "malformed" in text or "no such" in text:
        return f"the game history {where} is damaged or not a wordkit history ({text})"
    return f"the game history {where} cannot be used: {text}"


def record_game(
    record: GameRecord,
    *,
    table: str,
    known: bool,
    strategy: str,
    source: str,
    path: Path | None = None,
) -> None:
    """Append one finished game (one transaction: concurrent writers queue up)."""
    played = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    with connected(path) as conn, conn:
        conn.execute(
            "INSERT INTO games (played, game, table_name, secret, known, won, moves, wrong,"
            " strategy, source) VALUES (?, 'hangman', ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                played,
                table,
                record.secret,
                int(known),
                int(record.won),
                " ".join(record.moves),
                record.wrong,
                strategy,
                source,
            ),
        )


def recorded_games(*, table: str | None = None, path: Path | None = None) -> list[Played]:
    """The games recorded (of one table, or all), oldest first."""
    query = (
        "SELECT played, table_name, secret, known, won, moves, wrong, strategy, source"
        " FROM games WHERE game = 'hangman'"
    )
    args: tuple[str, ...] = ()
    if table is not None:
        query += " AND table_name = ?"
        args = (table,)
    with connected(path) as conn:
        rows = conn.execute(query + " ORDER BY id", args).fetchall()
    return [
        Played(
            GameRecord(
                secret=str(secret),
                won=bool(won),
                moves=tuple(str(moves).split()),
                wrong=None if wrong is None else int(wrong),
            ),
            str(table_name),
            bool(known),
            str(strategy),
            str(source),
            str(played),
        )
        for played, table_name, secret, known, won, moves, wrong, strategy, source in rows
    ]


def learned_words(table: str, *, path: Path | None = None) -> list[str]:
    """The secrets of `table`'s recorded games the AI did not know, first seen first."""
    seen: dict[str, None] = {}
    for game in recorded_games(table=table, path=path):
        if not game.known:
            seen.setdefault(game.record.secret, None)
    return list(seen)
