"""Options shared by the game commands."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast, get_type_hints

import typer

from wordkit.errors import RangeError, UnknownNameError, WordkitError

if TYPE_CHECKING:
    from wordkit.runner import GameRecord


def opt(metavar: str | None, help: str, *names: str, show_default: bool = True) -> Any:
    """A command-line option: its value's placeholder, its help and, when not the parameter's
    own, its names."""
    return typer.Option(*names, metavar=metavar, help=help, show_default=show_default)


def choice(metavar: str, help: str, choices: tuple[str, ...], *names: str) -> Any:
    """An option whose value completes from `choices` in the shell."""
    return typer.Option(
        *names, metavar=metavar, help=help,
        autocompletion=lambda incomplete: [c for c in choices if c.startswith(incomplete)],
    )  # fmt: skip


Json = Annotated[bool, opt(None, "Machine-readable output.", "--json")]
Interactive = Annotated[
    bool, opt(None, "Play interactively even when piped.", "--interactive", "-i")
]
Jobs = Annotated[int, opt("N", "Worker processes.")]
Cluster = Annotated[
    str | None,
    opt("ADDRESS", "Run on a Dask cluster instead: tcp://HOST:PORT, or local:N to start N here."),
]


def given_options(ctx: typer.Context) -> set[str]:
    """The command's options given (not left at their defaults)."""
    sources = {name: ctx.get_parameter_source(name) for name in ctx.params}
    return {n for n, s in sources.items() if s and s.name not in ("DEFAULT", "DEFAULT_MAP")}


def cluster_of(address: str | None) -> str | None:
    """The `--cluster` address given, checked before any work: its form, and that something
    answers there (a scheduler's version and workers are checked when the run connects)."""
    if address is None:
        return None
    from wordkit.cluster import check_address

    return check_address(address)


StatsFormat = Annotated[str, opt("FORMAT", "table, json or csv.", "--format")]
STATS_FORMATS = ("table", "json", "csv")


def stats_format(fmt: str, *, json: bool, jobs: int) -> str:
    """The output format of a stats command (`--json` is `--format json`), with `--jobs`
    checked too."""
    if json and fmt not in ("table", "json"):
        raise UnknownNameError(f"--json asks for JSON: drop --json or --format {fmt}")
    chosen = "json" if json else fmt
    if chosen not in STATS_FORMATS:
        raise UnknownNameError(
            f"unknown format {chosen!r}; choose one of: {', '.join(STATS_FORMATS)}"
        )
    if jobs < 1:
        raise RangeError(f"--jobs must be at least 1, not {jobs}")
    return chosen


FreshSeed = Annotated[
    int | None,
    opt("S", "Seed for every random choice (default: a fresh one, shown).", "--seed"),
]


def show_seed(drawn: int | None) -> None:
    """Say on stderr which seed a run drew (None: it drew none), so it can be repeated."""
    if drawn is not None:
        typer.echo(f"seed: {drawn} (repeat this run with --seed {drawn})", err=True)


def write_records(path: str | None, records: Sequence[GameRecord]) -> None:
    """Write one JSON line per game to `path` (`-`: stdout; a link or special file is written
    through, a regular file replaced atomically), when a path was given."""
    if path is None:
        return
    from wordkit import outputs, runner

    outputs.write(runner.record_lines(list(records)), path)


@contextlib.contextmanager
def kept_on_failure(path: str | None) -> Iterator[None]:
    """Write the games a failed run finished (a cluster lost mid-run) to `--records` before
    the error is reported, and say so in it."""
    try:
        yield
    except WordkitError as exc:
        from wordkit.runner import GameRecord

        # Hangman's chunks give (index, record) pairs
        done = [d[-1] if isinstance(d, tuple) else d for d in getattr(exc, "partial", ())]
        if path is None or not done or not isinstance(done[0], GameRecord):
            raise  # nothing finished, or not games (a book's build)
        write_records(path, done)
        raise type(exc)(f"{exc}; the {len(done):,} games finished are kept in {path}") from exc


Trainer = Annotated[
    bool,
    opt(None, "After each guess, compare it with the AI's recommendation.", "--trainer"),
]
Records = Annotated[
    str | None,
    opt("FILE", "Write one JSON line per game to FILE (- for stdout)."),
]
HISTORY_DB = (
    "The game history (SQLite).  [default: $XDG_DATA_HOME/wordkit/history.sqlite, else "
    "~/.local/share/wordkit/history.sqlite]"
)
HistoryDb = Annotated[str | None, opt("PATH", HISTORY_DB, "--history-db", show_default=False)]
Record = Annotated[bool, opt(None, "Record the game in the history.", "--record/--no-record")]


@dataclasses.dataclass(frozen=True)
class HistoryChoice:
    """Where the game history is and whether a game goes into it: shared by the commands that
    play a game (host, interactive solve)."""

    history_db: HistoryDb = None
    record: Record = True

    def db(self) -> Path | None:
        """The --history-db given (None: the default place)."""
        return None if self.history_db is None else Path(self.history_db)

    def recording(self) -> Path | None:
        """The history this game goes into, checked before it starts (None: --no-record)."""
        from wordkit.history import check_history

        return check_history(self.db()) if self.record else None


F = TypeVar("F", bound=Callable[..., Any])


def grouped(command: F) -> F:
    """A command whose dataclass-typed parameters are option groups: each field of the
    dataclass becomes an option of the command (as if declared in its place), and the
    command receives one instance built from them. Commands share a group instead of
    repeating its options."""
    hints = get_type_hints(command, include_extras=True)
    signature = inspect.signature(command)
    params: list[inspect.Parameter] = []
    groups: dict[str, Any] = {}
    for param in signature.parameters.values():
        kind = hints.get(param.name, param.annotation)
        if not dataclasses.is_dataclass(kind):
            params.append(param.replace(annotation=kind))
            continue
        groups[param.name] = kind
        field_hints = get_type_hints(kind, include_extras=True)
        params += [
            inspect.Parameter(f.name, param.kind, default=f.default, annotation=field_hints[f.name])
            for f in dataclasses.fields(kind)
        ]

    @functools.wraps(command)
    def run(**given: Any) -> Any:
        for name, kind in groups.items():
            given[name] = kind(**{f.name: given.pop(f.name) for f in dataclasses.fields(kind)})
        return command(**given)

    run.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    return cast(F, run)
