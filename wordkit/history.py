"""The game history of both games: every game `host` and interactive `solve` play, in SQLite;
the words the Hangman AI did not know (learned for later games) and a player's Wordle
statistics (played, win %, streaks, guess distribution) come from it.

One file per user (`$XDG_DATA_HOME/wordkit/history.sqlite`, else `~/.local/share/wordkit/`, or
`--history-db PATH`), one `games` table with a `game` column (hangman, wordle) and a `variant`
(the rules the game was played under). Writers from several terminals are serialised by SQLite
(WAL journal, a busy timeout); a damaged or foreign file gives a HistoryError, never a
traceback. A history written by an older wordkit is migrated in place (`MIGRATIONS`).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from wordkit.errors import WordkitError
from wordkit.runner import GameRecord

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 0 -> 1: the Hangman history (wordkit.hangman.history, the first layout)
    (
        "CREATE TABLE games (id INTEGER PRIMARY KEY, played TEXT NOT NULL, game TEXT NOT NULL,"
        " table_name TEXT NOT NULL, secret TEXT NOT NULL, known INTEGER NOT NULL,"
        " won INTEGER NOT NULL, moves TEXT NOT NULL, wrong INTEGER, strategy TEXT NOT NULL,"
        " source TEXT NOT NULL)",
        "CREATE INDEX games_table ON games (table_name)",
    ),
    # 1 -> 2: both games; the rules a game was played under, the category hint it was given
    (
        "ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE games ADD COLUMN category TEXT",
        "CREATE INDEX games_variant ON games (game, table_name, variant)",
    ),
)
"""The statements that bring a history from version i (`PRAGMA user_version`) to i + 1."""
SCHEMA_VERSION = len(MIGRATIONS)
BUSY_SECONDS = 10.0
"""How long a writer waits for another terminal's write before giving up."""
WORD = re.compile(r"[a-z]{1,63}")
"""A word the AI can learn (what Hangman plays)."""


class HistoryError(WordkitError):
    """The history database cannot be used: damaged, not a history, locked or unwritable."""


def default_history_path() -> Path:
    """$XDG_DATA_HOME/wordkit/history.sqlite, else ~/.local/share/wordkit/history.sqlite."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "wordkit" / "history.sqlite"


def table_key(words: str) -> str:
    """How the history names a word table: a built-in by its name, a file by its absolute path
    (so one file reached by two relative paths is one table)."""
    from wordkit import tables

    if words == tables.STDIN or tables.resolve(words) != words:
        return words
    return str(Path(words).resolve())


@dataclass(frozen=True, slots=True)
class Played:
    """One recorded game: its record and where it came from."""

    record: GameRecord
    table: str
    known: bool
    """Whether the AI's table had the secret (False: a word to learn)."""
    strategy: str
    """The AI's strategy (solve), or the host's mode (host: the human guessed)."""
    source: str
    played: str
    """When, in ISO 8601 (UTC)."""
    game: str = "hangman"
    variant: str = ""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's statistics over games in order, as Wordle shows them."""

    played: int
    """Games recorded (a game counts once a guess was made)."""
    wins: int
    current_streak: int
    """Games won in a row, up to the last one."""
    max_streak: int
    distribution: dict[int, int]
    """Games won with each number of guesses, from 1 to the limit (or the most used)."""

    @property
    def win_percent(self) -> int:
        """Wins as a whole percentage (Wordle rounds it)."""
        return round(100 * self.wins / self.played) if self.played else 0

    def line(self) -> str:
        """The figures on one line, as Wordle's statistics screen shows them."""
        return (
            f"  played {self.played}   win % {self.win_percent}   current streak "
            f"{self.current_streak}   max streak {self.max_streak}"
        )


@contextmanager
def connected(path: Path | None = None) -> Iterator[sqlite3.Connection]:
    """A connection to the history at `path` (created, or migrated, when needed), in autocommit
    mode: each statement is its own transaction."""
    where = path or default_history_path()
    if where.is_dir():
        raise HistoryError(f"the game history {where} is a directory, not a database file")
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(where, timeout=BUSY_SECONDS, isolation_level=None)
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


def check_history(path: Path | None = None) -> Path:
    """The history's path, once it is known to be usable (so a game is not played only to
    fail at the end): created or migrated, else a HistoryError."""
    with connected(path):
        pass
    return path or default_history_path()


def set_up(conn: sqlite3.Connection, where: Path) -> None:
    """Bring the history to SCHEMA_VERSION (WAL journal, the migrations it lacks). Two
    terminals opening a new history at once can find it locked while the journal mode
    changes, where SQLite's busy wait does not apply, so this retries until BUSY_SECONDS have
    passed."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            if version_of(conn, where) < SCHEMA_VERSION:
                migrate(conn, where)
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def version_of(conn: sqlite3.Connection, where: Path) -> int:
    """The history's schema version; a newer wordkit's history is refused."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise HistoryError(
            f"{where} is a game history of another wordkit version (schema {version})"
        )
    return version


def migrate(conn: sqlite3.Connection, where: Path) -> None:
    """Run the migrations the history lacks, in one write transaction (the version is read
    again under the lock: another terminal may have migrated it meanwhile)."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = version_of(conn, where)
        if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            # another program's database: never write into it
            raise HistoryError(f"{where} is another program's database, not a wordkit history")
        for statements in MIGRATIONS[version:]:
            for statement in statements:
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # SQLite has already rolled back after some errors
            conn.execute("ROLLBACK")
        raise


def problem(where: Path, exc: sqlite3.DatabaseError) -> str:
    """What went wrong with the database, in words."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return f"the game history {where} is locked by another program ({text}); try again"
    if any(sign in text for sign in ("not a database", "malformed", "no such", "already exists")):
        return f"the game history {where} is damaged or not a wordkit history ({text})"
    return f"the game history {where} cannot be used: {text}"


def record_game(
    record: GameRecord,
    *,
    table: str,
    strategy: str,
    source: str,
    known: bool = True,
    game: str = "hangman",
    variant: str = "",
    path: Path | None = None,
) -> None:
    """Append one finished game (one statement, one transaction: concurrent writers queue)."""
    played = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    moves = " ".join(record.moves)
    with connected(path) as conn:
        conn.execute(
            "INSERT INTO games (played, game, table_name, variant, secret, known, won, moves,"
            " wrong, category, strategy, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (played, game, table, variant, record.secret, int(known), int(record.won), moves,
             record.wrong, record.category, strategy, source),
        )  # fmt: skip


def recorded_games(
    *,
    game: str = "hangman",
    table: str | None = None,
    variant: str | None = None,
    path: Path | None = None,
) -> list[Played]:
    """The games of `game` recorded (of one table and variant, or all), oldest first."""
    query = (
        "SELECT played, table_name, variant, secret, known, won, moves, wrong, category,"
        " strategy, source FROM games WHERE game = ?"
    )
    args: list[str] = [game]
    for column, value in (("table_name", table), ("variant", variant)):
        if value is not None:
            query += f" AND {column} = ?"
            args.append(value)
    with connected(path) as conn:
        rows = conn.execute(query + " ORDER BY id", args).fetchall()
    return [
        Played(
            GameRecord(
                secret=str(secret),
                won=bool(won),
                moves=tuple(str(moves).split()),
                wrong=None if wrong is None else int(wrong),
                category=None if category is None else str(category),
            ),
            str(table_name),
            bool(known),
            str(strategy),
            str(source),
            str(played),
            game,
            str(kind),
        )
        for played, table_name, kind, secret, known, won, moves, wrong, category, strategy, source
        in rows
    ]  # fmt: skip


def learned_words(table: str, *, path: Path | None = None) -> dict[str, str | None]:
    """The secrets of `table`'s recorded Hangman games the AI did not know, first seen first,
    each with the category hint it was played under (None: no hint)."""
    seen: dict[str, str | None] = {}
    for played in recorded_games(table=table, path=path):
        word = played.record.secret
        # a hand-edited history may hold anything: only words Hangman can play are learned
        if not played.known and WORD.fullmatch(word):
            seen.setdefault(word, played.record.category)
    return seen


def player_stats(records: Sequence[GameRecord], *, limit: int | None = None) -> PlayerStats:
    """The statistics of `records`, oldest first (`limit`: the guesses allowed, so the
    distribution shows every row up to it)."""
    streak = longest = 0
    for record in records:
        streak = streak + 1 if record.won else 0
        longest = max(longest, streak)
    wins = [r.guesses for r in records if r.won]
    top = max([limit or 0, *wins])
    distribution = {n: wins.count(n) for n in range(1, top + 1)}
    return PlayerStats(len(records), len(wins), streak, longest, distribution)
