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
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordkit.cache import xdg_dir
from wordkit.errors import WordkitError, WordkitWarning
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
    # 2 -> 3: the seed a host drew the game with (NULL: nothing drawn, or recorded before)
    ("ALTER TABLE games ADD COLUMN seed INTEGER",),
)
"""The statements that bring a history from version i (`PRAGMA user_version`) to i + 1."""
SCHEMA_VERSION = len(MIGRATIONS)
BUSY_SECONDS = 10.0
"""How long a writer waits for another terminal's write before giving up."""
WORD = re.compile(r"[a-z]{1,63}")
"""A word the AI can learn (what Hangman plays)."""
COLUMNS = (
    "played", "game", "table_name", "variant", "secret", "known", "won", "moves", "wrong",
    "category", "strategy", "source", "seed",
)  # fmt: skip
"""The columns a game is written with (and read back by)."""
INSERT = f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"


class HistoryError(WordkitError):
    """The history database cannot be used: damaged, not a history, locked or unwritable."""


def default_history_path() -> Path:
    """$XDG_DATA_HOME/wordkit/history.sqlite, else ~/.local/share/wordkit/history.sqlite;
    HistoryError when neither names a folder (no home)."""
    where = xdg_dir("XDG_DATA_HOME", ".local/share")
    if where is None:
        raise HistoryError(
            "no folder for the game history: no home (HOME is unset or not an absolute path, "
            "and the user has no entry); set XDG_DATA_HOME, give --history-db FILE, or play "
            "with --no-record"
        )
    return where / "wordkit" / "history.sqlite"


def _is_default(where: Path) -> bool:
    """Whether `where` is the default history, whose folder wordkit makes (a folder a user
    named must exist, as for every other file written)."""
    try:
        return where == default_history_path()
    except HistoryError:
        return False


def history_path(path: Path | None) -> Path:
    """The history file at `path` (None: the default place); SQLite's `:memory:` is refused:
    a database that lives only in memory would keep no game."""
    where = path or default_history_path()
    if str(where) == ":memory:":
        raise HistoryError(f"the game history must be a file, not {str(where)!r}")
    return where


def table_key(words: str) -> str:
    """How the history names a word table: a built-in by its name, a file by its absolute path
    (so one file reached by two relative paths is one table)."""
    from wordkit import tables

    if words == tables.STDIN or tables.resolve(words) != words:
        return words
    # A path that is not UTF-8 holds surrogates SQLite cannot store: its bytes are spelt out
    path = str(Path(words).resolve())
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


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
    seed: int | None = None
    """What the host drew the game with (`host --seed` plays it again); None: nothing drawn."""


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
    """Games won with each count (Wordle's guesses from 1, Hangman's wrong guesses from 0), up
    to the limit (or the highest count)."""

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


def _check_kind(where: Path) -> None:
    """Refuse a history path that is a folder or a special file."""
    if where.is_dir():
        raise HistoryError(f"the game history {where} is a directory, not a database file")
    if where.exists() and not where.is_file():
        # a FIFO would hang SQLite's first read; a device is no place for a database
        raise HistoryError(f"the game history {where} is not a regular file")


def text_or_bytes(raw: bytes) -> str | bytes:
    """A TEXT value as a str, or its bytes when they are not UTF-8 (a row no game can be)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


@contextmanager
def reading(where: Path) -> Iterator[sqlite3.Connection | None]:
    """A connection that only reads the history at `where`, None when it holds no game yet (no
    file, an empty one, an empty database). A report never creates the file or its folders,
    nor migrates, nor sets the journal of, what it reads; only an older wordkit's history is
    migrated first, as any game on it would."""
    _check_kind(where)
    try:
        size = os.stat(where).st_size
    except FileNotFoundError:
        size = 0
    except OSError as exc:  # a file used as a folder, a link loop
        raise HistoryError(f"cannot open the game history {where}: {exc}") from exc
    if not size:
        yield None
        return
    try:
        uri = where.absolute().as_uri()
        conn = _read_only(uri, where)
    except (OSError, sqlite3.Error) as exc:
        raise HistoryError(f"cannot open the game history {where}: {exc}") from exc
    try:
        try:
            version = version_of(conn, where)
            if _is_foreign(conn, where):
                raise HistoryError(_foreign(where))
            if version == 0:
                yield None
            elif version < SCHEMA_VERSION:
                conn.close()
                with connected(where) as upgraded:
                    yield upgraded
            else:
                check_columns(conn, where)
                yield conn
        except sqlite3.DatabaseError as exc:
            raise HistoryError(problem(where, exc)) from exc
    finally:
        conn.close()


def _read_only(uri: str, where: Path) -> sqlite3.Connection:
    """A connection that will only read the database at `uri`: read-write without create where
    it can be (SQLite then tidies its WAL files at close), else read-only. A history in WAL mode
    (as wordkit writes it) needs its -shm file even to be read, which a read-only folder or
    file system cannot hold: it is then read as immutable, which nothing can change while it is
    read there (a writer that could would have had the first connection), unless games wait in
    its -wal file, which an immutable read would skip (then the open fails as it did)."""
    wal = where.with_name(where.name + "-wal")
    modes = ["rw", "ro"]
    if not (wal.exists() and wal.stat().st_size):
        modes.append("ro&immutable=1")
    for mode in modes:
        try:
            conn = sqlite3.connect(f"{uri}?mode={mode}", uri=True, timeout=BUSY_SECONDS)
        except sqlite3.OperationalError:  # a read-only file or folder
            continue
        try:
            conn.execute("PRAGMA busy_timeout = 0")  # a lock is waited for once, by the reads
            conn.execute("PRAGMA schema_version").fetchone()
        except sqlite3.OperationalError as exc:
            # its -shm could not be made (a read-only folder; a full disk: an I/O error; a
            # file of another user's, opened read-only, in a folder it cannot write to)
            said = str(exc)
            if any(m in said for m in ("unable to open", "disk I/O error", "readonly database")):
                conn.close()
                continue
        except sqlite3.DatabaseError:
            pass  # not a database, or damaged: said by the reads that follow
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        return conn
    return sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=BUSY_SECONDS)  # says why not


def _foreign(where: Path) -> str:
    """The message for another program's database."""
    return f"{where} is another program's database, not a wordkit history"


@contextmanager
def connected(path: Path | None = None) -> Iterator[sqlite3.Connection]:
    """A connection to the history at `path` (created, or migrated, when needed), in autocommit
    mode: each statement is its own transaction."""
    where = history_path(path)
    _check_kind(where)
    try:
        if path is None or _is_default(where):  # wordkit's own folder: made on first use
            where.parent.mkdir(parents=True, exist_ok=True)
        elif not where.parent.is_dir():
            raise HistoryError(f"cannot open the game history {where}: folder "
                               f"{where.parent} does not exist")  # fmt: skip
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
    """The history's path, once a game is known to be recordable there (so a game is not played
    only to fail at the end): created or migrated, its pages and columns checked, and one
    probe game written under the write lock and removed in the same committed transaction (a
    real write: a read-only file or folder, a full disk or another writer's lock fail here);
    else a HistoryError."""
    where = history_path(path)
    with connected(where) as conn:
        check_pages(conn, where)
        check_columns(conn, where)
        conn.execute("BEGIN IMMEDIATE")  # the write lock, waited for up to BUSY_SECONDS
        try:
            probe = Played(
                GameRecord(secret="probe", won=False, moves=("e",), wrong=0), "", True, "", "", ""
            )
            row = conn.execute(INSERT, row_of(probe)).lastrowid
            conn.execute("DELETE FROM games WHERE id = ?", (row,))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return where


def check_pages(conn: sqlite3.Connection, where: Path) -> None:
    """Fail on damaged pages anywhere in the file (a history is small: this is quick)."""
    found = [
        " ".join(str(row[0]).replace("*** in database main ***", "").split())
        for row in conn.execute("PRAGMA quick_check(3)")
    ]
    if found != ["ok"]:
        raise HistoryError(
            f"the game history {where} is damaged ({'; '.join(found)}); move it away to start "
            "a new one"
        )


def check_columns(conn: sqlite3.Connection, where: Path) -> None:
    """Fail unless the `games` table has every column a game is written with."""
    have = {str(row[1]) for row in conn.execute("PRAGMA table_info(games)")}
    if not have:
        raise HistoryError(f"the game history {where} is not a wordkit history (no games table)")
    lacking = [column for column in ("id", *COLUMNS) if column not in have]
    if lacking:
        raise HistoryError(
            f"the game history {where} is damaged or not a wordkit history (its games table "
            f"lacks {', '.join(lacking)})"
        )


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
        raise HistoryError(newer(where, version))
    return version


def newer(where: Path, version: int) -> str:
    """The message for a newer wordkit's history."""
    return f"{where} is a game history of another wordkit version (schema {version})"


def migrate(conn: sqlite3.Connection, where: Path) -> None:
    """Run the migrations the history lacks, in one write transaction (the version is read
    again under the lock: another terminal may have migrated it meanwhile). Another program's
    database is refused before anything is written, its journal mode included."""
    if _is_foreign(conn, where):
        raise HistoryError(_foreign(where))
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = version_of(conn, where)
        if _is_foreign(conn, where):
            raise HistoryError(_foreign(where))
        for statements in MIGRATIONS[version:]:
            for statement in statements:
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # SQLite has already rolled back after some errors
            conn.execute("ROLLBACK")
        raise


def _is_foreign(conn: sqlite3.Connection, where: Path) -> bool:
    """Whether the database holds tables but no wordkit schema version: another program's.
    Both are read in one statement, so one snapshot: read apart, a terminal migrating the new
    history between the two reads shows the tables without their version."""
    version, tables = conn.execute(
        "SELECT (SELECT user_version FROM pragma_user_version), "
        "(SELECT count(*) FROM sqlite_master)"
    ).fetchone()
    if int(version) > SCHEMA_VERSION:
        raise HistoryError(newer(where, int(version)))
    return int(version) == 0 and bool(tables)


def problem(where: Path, exc: sqlite3.DatabaseError) -> str:
    """What went wrong with the database, in words."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return f"the game history {where} is locked by another program ({text}); try again"
    if "readonly" in text or "read-only" in text:
        return f"the game history {where} cannot be written: it or its folder is read-only"
    if "disk is full" in text:
        return f"the game history {where} cannot be written: the disk is full"
    if "disk I/O error" in text:
        return f"the game history {where} cannot be read or written ({text}); is the disk full?"
    if "unable to open" in text:
        return f"the game history {where} cannot be opened ({text}); can its folder be written?"
    signs = ("not a database", "malformed", "no such", "already exists", "no column", "constraint")
    if any(sign in text for sign in signs):
        return f"the game history {where} is damaged or not a wordkit history ({text})"
    return f"the game history {where} cannot be used: {text}"


def row_of(played: Played) -> tuple[object, ...]:
    """The values of COLUMNS for one game."""
    record = played.record
    return (
        played.played, played.game, played.table, played.variant, record.secret,
        int(played.known), int(record.won), " ".join(record.moves), record.wrong,
        record.category, played.strategy, played.source, played.seed,
    )  # fmt: skip


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
    seed: int | None = None,
) -> None:
    """Append one finished game (one statement, one transaction: concurrent writers queue)."""
    played = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    game_played = Played(record, table, known, strategy, source, played, game, variant, seed)
    try:
        with connected(path) as conn:
            conn.execute(INSERT, row_of(game_played))
    except HistoryError as exc:  # the game is over: "try again" cannot bring it back
        words = " ".join(record.moves)
        raise HistoryError(
            f"{str(exc).removesuffix('; try again')}: this game ({record.secret}: {words}) "
            "was not recorded"
        ) from exc


def none_recorded(game: str, where: Path, table: str | None = None) -> WordkitError:
    """The error of a report on a history with no such game (saying when there is no file)."""
    from wordkit.errors import GameStateError

    of = "" if table is None else f" of {table}"
    missing = "" if os.path.lexists(where) else " (no such file yet)"
    return GameStateError(f"no {game} game{of} is recorded in the game history {where}{missing}")


def player_of(game: Played) -> str:
    """Who played a recorded game: the AI's strategy (solve), or you against a host."""
    return game.strategy if game.source == "solve" else f"you vs the {game.strategy} host"


def by_variant(games: Sequence[Played]) -> list[dict[str, Any]]:
    """The games per variant and player, in the order first played: the figures of a history
    that holds several (6 guesses and unlimited, the honest host and the evil) side by side."""
    wins: dict[tuple[str, str], list[bool]] = {}
    for g in games:
        wins.setdefault((g.variant, player_of(g)), []).append(g.record.won)
    return [
        {"variant": variant, "player": player, "games": len(won), "wins": sum(won),
         "win_rate": sum(won) / len(won)}
        for (variant, player), won in wins.items()
    ]  # fmt: skip


def recorded_games(
    *,
    game: str = "hangman",
    table: str | None = None,
    variant: str | None = None,
    path: Path | None = None,
) -> list[Played]:
    """The games of `game` recorded (of one table and variant, or all), oldest first. Every
    reader goes through here: a row that cannot be a game (a value of the wrong type, or
    missing) is skipped, and the skipped rows are told in one warning."""
    query = f"SELECT id, {', '.join(COLUMNS)} FROM games WHERE game = ?"
    args: list[str] = [game]
    for column, value in (("table_name", table), ("variant", variant)):
        if value is not None:
            query += f" AND {column} = ?"
            args.append(value)
    where = history_path(path)
    with reading(where) as conn:
        if conn is not None:  # a text that is not UTF-8 makes its row damaged, not the history
            conn.text_factory = text_or_bytes
        rows = [] if conn is None else conn.execute(query + " ORDER BY id", args).fetchall()
    games: list[Played] = []
    damaged: list[str] = []
    for row in rows:
        played = game_of(row[1:])
        if played is None:
            damaged.append(str(row[0]))
        else:
            games.append(played)
    if damaged:
        shown = ", ".join(damaged[:5]) + (", ..." if len(damaged) > 5 else "")
        with warnings.catch_warnings():  # told on every read, not once per process
            warnings.simplefilter("always")
            warnings.warn(
                f"skipped {len(damaged)} damaged row{'s' * (len(damaged) > 1)} of the game "
                f"history {where} (id {shown}): a value is missing or of the wrong type",
                WordkitWarning,
                stacklevel=2,
            )
    return games


def game_of(row: Sequence[object]) -> Played | None:
    """The game a row of COLUMNS holds, or None when a value is missing or of the wrong type
    (a hand-edited or damaged history may hold anything SQLite stores)."""
    (played, game, table, variant, secret, known, won, moves, wrong, category, strategy, source,
     seed) = row  # fmt: skip
    texts = (played, game, table, variant, secret, moves, strategy, source)
    if not all(isinstance(value, str) for value in texts):
        return None
    if category is not None and not isinstance(category, str):
        return None
    if known not in (0, 1) or won not in (0, 1) or type(known) is not int or type(won) is not int:
        return None
    steps = tuple(str(moves).split())
    # Hangman counts wrong guesses in every game; Wordle has none to count (NULL)
    count = wrong if type(wrong) is int and 0 <= wrong <= len(steps) else None
    if not secret or not steps or (count is None and (wrong is not None or game == "hangman")):
        return None
    # A Wordle game may be solved past its limit (the AI's, when a human hosts): a loss
    # whose moves hold every answer
    solved = None if game == "hangman" else set(str(secret).split("/")) <= set(steps)
    record = GameRecord(
        secret=str(secret), won=bool(won), moves=steps, wrong=count, solved=solved,
        category=None if category is None else str(category),
    )  # fmt: skip
    drawn = seed if type(seed) is int and seed >= 0 else None  # a hand-edited one: none
    return Played(record, str(table), bool(known), str(strategy), str(source), str(played),
                  str(game), str(variant), drawn)  # fmt: skip


def learned_words(
    table: str, *, path: Path | None = None, games: Sequence[Played] | None = None
) -> dict[str, str | None]:
    """The secrets of `table`'s recorded Hangman games (`games`, when already read) the AI did
    not know, first seen first, each with the category hint it was played under (None: no
    hint)."""
    seen: dict[str, str | None] = {}
    for played in recorded_games(table=table, path=path) if games is None else games:
        word = played.record.secret
        # a hand-edited history may hold anything: only words Hangman can play are learned
        if not played.known and WORD.fullmatch(word):
            seen.setdefault(word, played.record.category)
    return seen


def player_stats(
    records: Sequence[GameRecord], *, limit: int | None = None, wrong: bool = False
) -> PlayerStats:
    """The statistics of `records`, oldest first: the distribution of the games won by their
    guesses (from 1), or with `wrong` by their wrong guesses (from 0, as Hangman counts);
    `limit`: the highest count a win can have, so the distribution shows every row up to it."""
    streak = longest = 0
    for record in records:
        streak = streak + 1 if record.won else 0
        longest = max(longest, streak)
    wins = [(r.wrong or 0) if wrong else r.guesses for r in records if r.won]
    if not wins and limit is None:  # no row to show before a first win without a limit
        return PlayerStats(len(records), 0, streak, longest, {})
    top = max([limit or 0, *wins])
    distribution = {n: wins.count(n) for n in range(0 if wrong else 1, top + 1)}
    return PlayerStats(len(records), len(wins), streak, longest, distribution)
