"""Terminal rendering shared by the commands: tiles, keyboard, tables, summaries, JSON, CSV."""

from __future__ import annotations

import contextlib
import json
import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wordkit.game import plural as plural  # re-exported: the commands say `render.plural`

if TYPE_CHECKING:  # rich is imported by the functions that draw, so `--help` starts fast
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from wordkit.history import PlayerStats
    from wordkit.runner import Played
    from wordkit.trainer import Advice

# Wordle marks: 0 grey (letter absent), 1 yellow (elsewhere), 2 green (in place).
SQUARES = ("⬛", "🟨", "🟩")
TILE_STYLES = ("bold white on grey35", "bold black on yellow3", "bold white on green4")
KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
UNUSED_STYLE = "bold black on grey82"


MIN_TERMINAL_WIDTH = 40
"""The fewest columns output is laid out in on a terminal, whatever COLUMNS says."""
PIPE_WIDTH = 80
"""The fewest columns output is laid out in off a terminal."""


def console(*, err: bool = False) -> Console:
    """A rich console on stdout (or stderr) that colours only real terminals; markup is off,
    so text a user typed (`[/]`, `[bold]`) is printed as typed, never interpreted. A closed
    pipe raises BrokenPipeError, which the app turns into a quiet exit 0 (rich's own
    handler would exit 1)."""
    from rich.console import Console

    class PipedConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    stream = sys.stderr if err else sys.stdout
    out = PipedConsole(file=stream, highlight=False, soft_wrap=True, markup=False)
    # COLUMNS=0 (or a tiny terminal) would have rich print nothing, or tables of ellipses;
    # a pipe gets at least rich's usual 80 columns, so scripts never read cut figures.
    least = MIN_TERMINAL_WIDTH if out.is_terminal else PIPE_WIDTH
    if out.width < least:
        out.width = least
    return out


def tiles(word: str, pattern: int, tail: str = "") -> Text:
    """A Wordle guess as coloured tiles, then its marks as squares (readable without colour)
    and `tail`."""
    from rich.text import Text

    from wordkit.wordle.rules import pattern_marks

    marks = pattern_marks(pattern, len(word))
    text = Text()
    for letter, mark in zip(word, marks, strict=True):
        text.append(f" {letter.upper()} ", style=TILE_STYLES[mark])
    text.append("  " + squares(marks) + tail)
    return text


def arrow() -> str:
    """→, or -> where stdout cannot show it."""
    return "→" if encodable("→") else "->"


def squares(marks: Sequence[int]) -> str:
    """Marks as coloured squares, or as the letters B, Y, G where stdout cannot show them."""
    shown = "".join(SQUARES[m] for m in marks)
    return shown if encodable(shown) else "".join("BYG"[m] for m in marks)


def encodable(text: str, stream: Any = None) -> bool:
    """Whether `stream` (default stdout) can encode `text` (PYTHONIOENCODING=ascii cannot)."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


PLAIN_KEYS = (" {} ", "({})", "[{}]")
"""Without colour, a key by its best mark: absent (its letter hidden), present, placed."""


def keyboard(known: Mapping[str, int], *, colour: bool = True) -> Text:
    """A QWERTY keyboard: each letter guessed coloured by the best mark it has had; without
    `colour`, an absent letter is a dot, a present one (A) and a placed one [A]."""
    from rich.text import Text

    text = Text()
    absent = "·" if encodable("·") else "."  # an ASCII-only stdout shows a full stop
    for indent, row in enumerate(KEYBOARD_ROWS):
        text.append(" " * indent)
        for letter in row:
            if not colour:
                mark = known.get(letter)
                shown = absent if mark == 0 else letter.upper()
                text.append(PLAIN_KEYS[mark or 0].format(shown))
                continue
            style = TILE_STYLES[known[letter]] if letter in known else UNUSED_STYLE
            text.append(f" {letter.upper()} ", style=style)
        text.append("\n")
    return text


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> Table:
    """A rich table with the given header and rows."""
    from rich.table import Table

    out = Table(title=title, show_edge=False, header_style="bold", show_header=any(columns))
    for name in columns:
        out.add_column(name, justify="right" if name in NUMERIC_HEADERS else "left")
    for row in rows:
        out.add_row(*(str(cell) for cell in row))
    return out


NUMERIC_HEADERS = frozenset(
    {"turn", "candidates", "answers left", "games", "wins", "count", "guesses", "confidence"}
)


def finite(data: Any) -> Any:
    """`data` with every NaN or infinite float as None: JSON has no such numbers (a mean
    over no game is null, not the `NaN` that JSON readers refuse)."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [finite(v) for v in data]
    return data


def emit_json(data: Any, *, err: bool = False) -> None:
    """Print machine-readable output (one JSON document) on stdout (or stderr)."""
    from wordkit.outputs import write_data

    text = json.dumps(finite(data), indent=2, ensure_ascii=False, allow_nan=False)
    write_data(sys.stderr if err else sys.stdout, text + "\n")


def show(result: Any, *, json: bool) -> None:
    """A result as its JSON document, or as the lines it says itself."""
    from wordkit.cli.terminal import say

    if json:
        emit_json(result.as_dict())
    for line in [] if json else result.lines():
        say(console(), line)


def emit_json_line(data: Any) -> None:
    """Print one JSON object on one line of stdout (a game of `query --json`)."""
    from wordkit.outputs import write_data

    write_data(sys.stdout, json.dumps(finite(data), ensure_ascii=False, allow_nan=False) + "\n")


def emit_csv(rows: Sequence[Mapping[str, Any]], *, err: bool = False) -> None:
    """Print rows as CSV with a header, booleans as true/false, nested values as JSON."""
    import csv
    import io

    from wordkit.outputs import write_data
    from wordkit.runner import csv_value

    if not rows:
        return
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: csv_value(finite(v)) for k, v in row.items()} for row in rows)
    write_data(sys.stderr if err else sys.stdout, text.getvalue())


def emit_data(result: Any, fmt: str, *, err: bool = False) -> bool:
    """A result as JSON (its `as_dict()`) or CSV (its `rows()`) on stdout (or stderr); False
    when `fmt` is `table` (the game draws it)."""
    if fmt == "json":
        emit_json(result.as_dict(), err=err)
    elif fmt == "csv":
        emit_csv(result.rows(), err=err)
    return fmt != "table"


def show_played(played: Played, fmt: str, records: str | None, *, to_stderr: bool = False) -> None:
    """Many games of either game: the records where asked (`--records`), then the summary as
    JSON, CSV or the figures table, the histogram, the game's tables, the games lost and the
    verdict; on stderr when stdout carries the records (or other data: `to_stderr`)."""
    from wordkit.errors import OutputPathError
    from wordkit.outputs import write_records

    to_stderr = to_stderr or records == "-"
    try:
        write_records(records, played.records)
    except (OSError, OutputPathError):  # a full disk, say: the figures, then the error
        with contextlib.suppress(OSError):  # (the stream they go to may be the full one)
            show_summary(played, fmt, to_stderr=to_stderr)
        raise
    show_summary(played, fmt, to_stderr=to_stderr)


def show_summary(played: Played, fmt: str, *, to_stderr: bool) -> None:
    """The summary of many games: as JSON, CSV or the figures table, the histogram, the
    game's tables, the games lost and the verdict."""
    from wordkit.cli.terminal import say

    if emit_data(played.summary, fmt, err=to_stderr):
        return
    out, labels = console(err=to_stderr), played.labels()
    out.print(table(None, ("", ""), played.figures()))
    say(out, f"{labels.get('per_game', 'guesses')} per game:")
    for line in histogram(labels.get("counts", played.summary.histogram)):
        say(out, line)
    for header, cells in labels.get("tables", ()):
        out.print(table(None, header, cells))
    for line in played.closing():
        say(out, line)


def histogram(counts: Mapping[str, int], *, width: int = 40) -> list[str]:
    """A histogram as text bars, one line per key, in the order given."""
    top = max(max(counts.values(), default=1), 1)
    bar = "█" if encodable("█") else "#"
    # A count of zero draws no bar; any other at least one block.
    return [
        f"{key:>5} {bar * (count and max(1, round(width * count / top)))} {count:,}"
        for key, count in counts.items()
    ]


def show_player_stats(table: str, variant: str, stats: PlayerStats | None, *, counted: str) -> None:
    """The player's statistics over the history's games of this table and variant, as the
    host shows them after a game (`counted`: what the distribution counts; None: nothing
    recorded, nothing shown)."""
    from pathlib import PurePath

    from wordkit.cli.terminal import say

    if stats is None:
        return
    out = console()
    say(out, f"Your statistics ({PurePath(table).name}, {variant}):")
    say(out, stats.line())
    if stats.distribution:  # none before a first win without a limit
        say(out, f"{counted}:")
    for line in histogram({str(n): count for n, count in stats.distribution.items()}):
        say(out, line)


def trainer_line(advice: Advice, *, noun: str = "answer") -> str:
    """The trainer's line: what the move left, against what the AI would have played."""
    left = "" if advice.left is None else f", {advice.left:,} after"
    return (
        f"Trainer: {noun}s possible: {advice.remaining:,} before{left}. "
        f"{advice.guess.upper()} left an expected {advice.expected:.1f}; the AI would play "
        f"{advice.best.upper()} (expected {advice.best_expected:.1f})."
    )
