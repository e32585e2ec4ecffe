"""`stats wordle --openers`: rank openers with a strategy (wordkit.wordle.sweep), render.

Imported by cli/wordle.py inside the stats command (numpy and the game package load there).
"""

from __future__ import annotations

import contextlib
import csv
import io
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import typer

from wordkit.cli import render
from wordkit.errors import RangeError, WordkitError

if TYPE_CHECKING:
    from wordkit.wordle.lists import Wordle
    from wordkit.wordle.rules import Rules
    from wordkit.wordle.sweep import OpenerResult, Sweep

NO_CUTOFF = ("none", "off")


class UsageError(WordkitError):
    """Options that cannot be used together."""


COLUMNS = ("rank", "opener", "total", "mean", "max", "solved", "seconds")


def check_options(
    openers: str | None, *, opener: str | None, host: str | None, budget: float | None
) -> None:
    """Refuse sweep options that mean nothing together (before any list is loaded)."""
    if openers is None:
        raise UsageError("--cutoff ranks openers: give --openers too")
    clash = next(
        (
            name
            for name, value in (("--opener", opener), ("--host", host), ("--budget", budget))
            if value is not None
        ),
        None,
    )
    if clash is not None:
        raise UsageError(f"--openers ranks openers with every answer; drop {clash}")


def parse_cutoff(text: str | None) -> tuple[int | None, bool]:
    """(cutoff, running) for `--cutoff`: a total T, `none` (every value exact), or no option
    (the best total so far is the running cutoff)."""
    if text is None:
        return None, True
    if text.strip().lower() in NO_CUTOFF:
        return None, False
    value = text.strip().replace(",", "").replace("_", "")
    if not value.isdigit() or int(value) < 1:
        raise RangeError(f"--cutoff must be a total of guesses (≥ 1) or none, not {text!r}")
    return int(value), False


def stats_openers(
    game: Wordle,
    rules: Rules,
    *,
    strategy: str,
    openers: str,
    cutoff: str | None,
    jobs: int,
    cluster: str | None,
    records: str | None,
    fmt: str,
) -> None:
    """Rank the openers `openers` names, streaming results, then print the ranking."""
    from wordkit.wordle.sweep import SweepSpec, run_sweep

    limit, running = parse_cutoff(cutoff)
    spec = SweepSpec(
        strategy=strategy,
        hard=rules.hard,
        max_guesses=rules.max_guesses,
        cutoff=limit,
        running_cutoff=running,
    )
    with live_progress() as (started, advance):
        try:
            result = run_sweep(
                game,
                openers,
                spec,
                jobs=jobs,
                cluster=cluster,
                records=records,
                progress=advance,
                started=started,
            )
        except KeyboardInterrupt:
            if records not in (None, "-"):
                typer.echo(
                    f"Every opener finished is kept in {records}; run the same command to resume.",
                    err=True,
                )
            raise
    result.options.update(jobs=jobs, cluster=cluster)
    if records == "-":
        return  # stdout holds the records
    show_sweep(result, fmt)


@contextlib.contextmanager
def live_progress() -> Iterator[tuple[Any, Any]]:
    """(started, advance) callbacks driving a tqdm bar of openers on a terminal's stderr."""
    if not sys.stderr.isatty():
        yield None, None
        return
    from tqdm import tqdm

    bars: list[Any] = []

    def started(todo: int, resumed: int) -> None:
        if resumed:
            typer.echo(f"resuming: {resumed:,} openers already done", err=True)
        bars.append(tqdm(total=todo, unit="opener", file=sys.stderr, leave=False))

    def advance(count: int) -> None:
        if bars:
            bars[0].update(count)

    try:
        yield started, advance
    finally:
        for bar in bars:
            bar.close()


def at_least() -> str:
    """The sign of a lower bound: ≥, or >= where stdout cannot show it."""
    return "≥" if render.encodable("≥") else ">="


def total_text(row: OpenerResult) -> str:
    """The total as shown: exact, `≥ bound`, or `infeasible`."""
    if row.total is None:
        return "infeasible"
    return f"{row.total:,}" if row.exact else f"{at_least()} {row.total:,}"


def show_sweep(result: Sweep, fmt: str) -> None:
    """The ranking as a table, JSON or CSV, best first."""
    if fmt == "json":
        render.emit_json(result.as_dict())
        return
    if fmt == "csv":
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(["rank", "opener", "total", "exact", "mean", "max", "solved", "seconds"])
        for n, r in enumerate(result.results, 1):
            mean = "" if r.mean is None else f"{r.mean:.6f}"
            cells = [n, r.opener, r.total, r.exact, mean, r.max_guesses, r.solved]
            writer.writerow(["" if c is None else c for c in cells] + [f"{r.seconds:.3f}"])
        sys.stdout.write(text.getvalue())
        return
    spec = result.spec
    mode = ", hard mode" if spec.hard else ""
    rows = []
    for n, r in enumerate(result.results, 1):
        mean = "" if r.mean is None else ("" if r.exact else at_least() + " ") + f"{r.mean:.4f}"
        rows.append(
            (
                str(n),
                r.opener.upper(),
                total_text(r),
                mean,
                "" if r.max_guesses is None else str(r.max_guesses),
                "" if r.solved is None else f"{r.solved:,}/{r.games:,}",
                f"{r.seconds:.2f}",
            )
        )
    title = f"{len(rows):,} openers, {spec.strategy}{mode}, best first"
    out = render.console()
    out.print(render.table(title, COLUMNS, rows))
    bounds = sum(not r.exact for r in result.results)
    if bounds:
        why = f"the cutoff {spec.cutoff:,}" if spec.cutoff else "the best total found so far"
        out.print(
            f"{at_least()}: a proven lower bound ({bounds:,} openers stopped once they "
            f"could not beat {why})",
            markup=False,
            highlight=False,
        )
    out.print(f"{result.seconds:.1f} s", markup=False, highlight=False)
