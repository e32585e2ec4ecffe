"""`stats wordle --openers`: the ranking of openers (`Session.sweep`), rendered: a live bar
while it runs, then a table, JSON or CSV.

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

if TYPE_CHECKING:
    from wordkit.wordle.session import Session
    from wordkit.wordle.sweep import OpenerResult, Sweep

COLUMNS = ("rank", "opener", "total", "mean", "max", "solved", "seconds")


def stats_openers(
    session: Session, openers: str, cutoff: str | None, *, records: str | None, fmt: str
) -> None:
    """Rank the openers `openers` names, streaming results, then print the ranking (not when
    stdout holds the records)."""
    with live_progress() as (started, advance):
        try:
            result = session.sweep(
                openers, cutoff, records=records, progress=advance, started=started
            )
        except KeyboardInterrupt:
            if records not in (None, "-"):
                typer.echo(
                    f"Every opener finished is kept in {records}; run the same command to resume.",
                    err=True,
                )
            raise
    if records != "-":
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
    elif fmt == "csv":
        sys.stdout.write(sweep_csv(result))
    else:
        show_table(result)


def sweep_csv(result: Sweep) -> str:
    """The ranking as CSV."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["rank", "opener", "total", "exact", "mean", "max", "solved", "seconds"])
    for n, r in enumerate(result.results, 1):
        mean = "" if r.mean is None else f"{r.mean:.6f}"
        cells = [n, r.opener, r.total, r.exact, mean, r.max_guesses, r.solved]
        writer.writerow(["" if c is None else c for c in cells] + [f"{r.seconds:.3f}"])
    return text.getvalue()


def show_table(result: Sweep) -> None:
    """The ranking as a table, with what its bounds mean."""
    spec = result.spec
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
    title = (
        f"{len(rows):,} openers, {spec.strategy}{', hard mode' if spec.hard else ''}, best first"
    )
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
