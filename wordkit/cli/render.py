"""Terminal rendering shared by the commands: tiles, keyboard, gallows, tables, prompts."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wordkit.game import plural as plural  # re-exported: the commands say `render.plural`

if TYPE_CHECKING:  # rich is imported by the functions that draw, so `--help` starts fast
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from wordkit.runner import Summary
    from wordkit.trainer import Advice

# Wordle marks: 0 grey (letter absent), 1 yellow (elsewhere), 2 green (in place).
SQUARES = ("⬛", "🟨", "🟩")
TILE_STYLES = ("bold white on grey35", "bold black on yellow3", "bold white on green4")
KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
UNUSED_STYLE = "bold black on grey82"

# Seven drawings, from an empty gallows to a whole figure; lives are scaled onto them.
GALLOWS = (
    ("  +---+", "  |   |", "      |", "      |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", "      |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", "  |   |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|   |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " /    |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " / \\  |", "      |", "========"),
)


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
    return PipedConsole(file=stream, highlight=False, soft_wrap=True, markup=False)


def tiles(word: str, marks: Sequence[int]) -> Text:
    """A guess as coloured tiles, followed by its marks as squares (readable without colour)."""
    from rich.text import Text

    text = Text()
    for letter, mark in zip(word, marks, strict=True):
        text.append(f" {letter.upper()} ", style=TILE_STYLES[mark])
    text.append("  " + squares(marks))
    return text


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


def keyboard(known: Mapping[str, int], tried: Iterable[str]) -> Text:
    """A QWERTY keyboard: each tried letter coloured by the best mark it has had."""
    from rich.text import Text

    used = set(tried)
    text = Text()
    for indent, row in enumerate(KEYBOARD_ROWS):
        text.append(" " * indent)
        for letter in row:
            if letter in known:
                style = TILE_STYLES[known[letter]]
            elif letter in used:
                style = "dim"
            else:
                style = UNUSED_STYLE
            text.append(f" {letter.upper()} ", style=style)
        text.append("\n")
    return text


def gallows(wrong: int, lives: int) -> str:
    """The gallows drawing for `wrong` mistakes out of `lives`."""
    stages = len(GALLOWS) - 1
    stage = stages if wrong >= lives else (wrong * stages) // max(lives, 1)
    return "\n".join(GALLOWS[stage])


def spaced(mask: str) -> str:
    """A Hangman mask with spaces between the letters, as players write it."""
    return " ".join(mask)


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


def emit_json(data: Any) -> None:
    """Print machine-readable output (one JSON document) on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def emit_json_line(data: Any) -> None:
    """Print one JSON object on one line of stdout (a game of `query --json`)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def emit_csv(rows: Sequence[Mapping[str, Any]]) -> None:
    """Print rows as CSV with a header, booleans as true/false."""
    import csv
    import io

    from wordkit.runner import csv_value

    if not rows:
        return
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: csv_value(v) for k, v in row.items()} for row in rows)
    sys.stdout.write(text.getvalue())


def emit_data(result: Any, fmt: str) -> bool:
    """A result as JSON (its `as_dict()`) or CSV (its `rows()`) on stdout; False when `fmt` is
    `table` (the game draws it)."""
    if fmt == "json":
        emit_json(result.as_dict())
    elif fmt == "csv":
        emit_csv(result.rows())
    return fmt != "table"


def emit_summary(summary: Summary, fmt: str, *, to_stderr: bool = False) -> bool:
    """Print a stats summary as JSON or CSV (on stderr when stdout carries records); False
    when `fmt` is `table` (the game draws it)."""
    stream = sys.stderr if to_stderr else sys.stdout
    if fmt == "json":
        stream.write(json.dumps(summary.as_dict(), indent=2, ensure_ascii=False) + "\n")
        return True
    if fmt == "csv":
        stream.write(summary.as_csv())
        return True
    return False


HARDEST = 20
"""Failures listed under a stats table."""


def show_summary(
    summary: Summary, fmt: str, *, to_stderr: bool = False, strategy: str | None = None,
    wins: str = "wins", extra: Sequence[tuple[str, str]] = (), per_game: str = "guesses",
    counts: Mapping[str, int] | None = None, lost: str = "lost",
    tables: Sequence[tuple[Sequence[str], Sequence[Sequence[Any]]]] = (),
) -> None:  # fmt: skip
    """A stats summary, in both games: JSON or CSV, or the figures table (the game's `extra`
    rows after the wins), a histogram of `per_game` per game (`counts`, default the guesses),
    the game's `tables`, then the failures; on stderr when stdout carries data."""
    from wordkit.cli.terminal import say

    if emit_summary(summary, fmt, to_stderr=to_stderr):
        return
    out = console(err=to_stderr)
    rows = [
        ("strategy", strategy or summary.strategy),
        ("games", f"{summary.games:,}"),
        (wins, f"{summary.wins:,} ({summary.win_rate:.2%})"),
        *extra,
        ("mean guesses", f"{summary.mean_guesses:.4f}"),
        ("max guesses", f"{summary.max_guesses}"),
        ("seconds", f"{summary.seconds:.1f}"),
    ]
    out.print(table(None, ("", ""), rows))
    say(out, f"{per_game} per game:")
    for line in histogram(summary.histogram if counts is None else counts):
        say(out, line)
    for header, cells in tables:  # the game's own tables
        out.print(table(None, header, cells))
    if summary.failures:
        more = len(summary.failures) - HARDEST
        tail = f" (and {more:,} more)" if more > 0 else ""
        say(out, f"{lost}: " + ", ".join(summary.failures[:HARDEST]) + tail)


def histogram(counts: Mapping[str, int], *, width: int = 40) -> list[str]:
    """A histogram as text bars, one line per key, in the order given."""
    top = max(max(counts.values(), default=1), 1)  # all zero: bars of one block
    bar = "█" if encodable("█") else "#"
    return [
        f"{key:>5} {bar * max(1, round(width * count / top))} {count:,}"
        for key, count in counts.items()
    ]


def trainer_line(advice: Advice, *, noun: str = "answer") -> str:
    """The trainer's line: what the move left, against what the AI would have played."""
    left = "" if advice.left is None else f", {advice.left:,} after"
    return (
        f"Trainer: {noun}s possible: {advice.remaining:,} before{left}. "
        f"{advice.guess.upper()} left an expected {advice.expected:.1f}; the AI would play "
        f"{advice.best.upper()} (expected {advice.best_expected:.1f})."
    )
