"""Options shared by the game commands."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast, get_type_hints

import typer

if TYPE_CHECKING:
    pass


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


# fmt: off
Json = Annotated[bool, opt(None, "Machine-readable output.", "--json")]
JsonLines = Annotated[bool, opt(None, "Machine-readable output: one JSON line per game.", "--json")]
Interactive = Annotated[bool, opt(None, "Play interactively even when piped.", "--interactive",
    "-i")]
Jobs = Annotated[int, opt("N", "Worker processes.")]
Cluster = Annotated[str | None, opt("ADDRESS",
    "Run on a Dask cluster instead: tcp://HOST:PORT, or local:N to start N here.")]
Trainer = Annotated[bool, opt(None, "After each guess, compare it with the AI's recommendation.",
    "--trainer")]
Records = Annotated[str | None, opt("FILE", "Write one JSON line per game to FILE (- for stdout: "
    "then stdout holds only the records, and the table goes to stderr).")]
HistoryDb = Annotated[str | None, opt("PATH", "The game history (SQLite).  [default: "
    "$XDG_DATA_HOME/wordkit/history.sqlite, else ~/.local/share/wordkit/history.sqlite]",
    "--history-db", show_default=False)]
Record = Annotated[bool, opt(None, "Record the game in the history.", "--record/--no-record")]
# fmt: on


def given_options(ctx: typer.Context) -> set[str]:
    """The command's options given (not left at their defaults)."""
    sources = {name: ctx.get_parameter_source(name) for name in ctx.params}
    return {n for n, s in sources.items() if s and s.name not in ("DEFAULT", "DEFAULT_MAP")}


def check_moves_on_stdin(ctx: typer.Context) -> None:
    """Refuse an input read from standard input in a game that reads its moves there: the
    table would take all of it, and the game would end before its first move."""
    from wordkit.errors import OptionConflictError
    from wordkit.outputs import HISTORY, INPUTS, reads_stdin

    for param in ctx.command.params:
        flag = max(param.opts, key=len)
        if flag in INPUTS and flag != HISTORY and reads_stdin(ctx.params.get(param.name or "")):
            raise OptionConflictError(
                f"{flag} reads standard input, where this game reads its moves; give {flag} a file"
            )


def cluster_of(address: str | None) -> str | None:
    """The `--cluster` address given, checked before any work: its form, and that something
    answers there (a scheduler's version and workers are checked when the run connects)."""
    if address is None:
        return None
    from wordkit.cluster import check_address

    return check_address(address)


StatsFormat = Annotated[str | None, opt("FORMAT", "table (the default), json or csv.", "--format")]


FreshSeed = Annotated[
    int | None,
    opt("S", "Seed for every random choice (default: a fresh one, shown).", "--seed"),
]


def show_seed(drawn: int | None) -> None:
    """Say on stderr which seed a run drew (None: it drew none), so it can be repeated."""
    if drawn is not None:
        typer.echo(f"seed: {drawn} (repeat this run with --seed {drawn})", err=True)


@contextlib.contextmanager
def seed_shown(session: Any) -> Iterator[None]:
    """Around a run of many games: the seed the session drew said once the run ends, or is
    interrupted (the games `--records` kept are then repeatable; an interrupted run said
    none)."""
    from wordkit.errors import WordkitError

    try:
        yield
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):  # a terminal that hung up: the interrupt goes on
            show_seed(session.drawn_seed)
        raise
    except WordkitError as exc:  # a cluster lost mid-run: its finished games were kept
        if getattr(exc.__cause__, "partial", None) or getattr(exc, "partial", None):
            show_seed(session.drawn_seed)
        raise
    show_seed(session.drawn_seed)


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


@dataclasses.dataclass(frozen=True)
class StatsOutput:
    """How a stats run of either game shows its result, where its games go, where it runs."""

    format: StatsFormat = None
    json: Json = False
    records: Records = None
    jobs: Jobs = 1
    cluster: Cluster = None

    def chosen(self) -> str:
        """The output format (`--json` is `--format json`), `--jobs` checked too."""
        from wordkit.errors import OptionConflictError
        from wordkit.runner import JOBS_OR_CLUSTER, stats_format

        if self.cluster is not None and self.jobs != 1:
            raise OptionConflictError(JOBS_OR_CLUSTER)
        return stats_format(self.format, json=self.json, jobs=self.jobs)


@dataclasses.dataclass(frozen=True)
class FromHistory:
    """A stats report of the games in the history instead of a run, in either game."""

    from_history: Annotated[bool, opt(None, "Report the games recorded in the game history (of "
        "the table or lists given, else of every one) instead of playing.",
        "--from-history")] = False  # fmt: skip
    history_db: HistoryDb = None


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
