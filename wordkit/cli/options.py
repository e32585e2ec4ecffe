"""Options shared by the game commands."""

from __future__ import annotations

import secrets
from typing import Annotated

import typer

from wordkit.errors import RangeError, UnknownNameError

Json = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
Jobs = Annotated[int, typer.Option(metavar="N", help="Worker processes.")]
StatsFormat = Annotated[str, typer.Option("--format", metavar="FORMAT", help="table, json or csv.")]
STATS_FORMATS = ("table", "json", "csv")


def stats_format(fmt: str, *, json: bool, jobs: int) -> str:
    """The output format of a stats command (`--json` wins), with `--jobs` checked too."""
    chosen = "json" if json else fmt
    if chosen not in STATS_FORMATS:
        raise UnknownNameError(
            f"unknown format {chosen!r}; choose one of: {', '.join(STATS_FORMATS)}"
        )
    if jobs < 1:
        raise RangeError(f"--jobs must be at least 1, not {jobs}")
    return chosen


Seed = Annotated[int, typer.Option(metavar="S", help="Seed for the secret and every choice.")]
FreshSeed = Annotated[
    int | None,
    typer.Option(
        "--seed", metavar="S", help="Seed for every random choice (default: a fresh one, shown)."
    ),
]
MAX_SEED = 2**63 - 1


def seed_of(seed: int | None) -> int:
    """The seed to use: the one given (checked), or a fresh one shown on stderr so the run can
    be repeated with --seed."""
    if seed is None:
        seed = secrets.randbelow(2**31)
        typer.echo(f"seed: {seed} (repeat this run with --seed {seed})", err=True)
    if not 0 <= seed <= MAX_SEED:
        raise RangeError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    return seed


Trainer = Annotated[
    bool,
    typer.Option("--trainer", help="After each guess, compare it with the AI's recommendation."),
]
Records = Annotated[
    str | None,
    typer.Option(metavar="FILE", help="Write one JSON line per game to FILE (- for stdout)."),
]
