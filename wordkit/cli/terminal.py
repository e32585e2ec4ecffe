"""The terminal side shared by every command and both games: printing what users typed as
typed, the one spinner, notices of slow one-off steps, the progress bar, and the wrappers that
show the spinner while an AI or a host thinks.

Spinners, bars and notices go to stderr, and only when it is a terminal: stdout carries data.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from wordkit.cli import render, repl

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from wordkit.game import Decision


def say(out: Console, text: str | Text, *, style: str | None = None, end: str = "\n") -> None:
    """Print `text` as it is: never read as markup (it may hold what the user typed), and
    with unencodable characters escaped where stdout cannot show them."""
    if isinstance(text, str) and not render.encodable(text, out.file):
        encoding = getattr(out.file, "encoding", None) or "ascii"
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    out.print(text, style=style, markup=False, highlight=False, end=end)


def ask(prompt: str) -> str | None:
    """Read one line after showing `prompt`: None at end of input; Ctrl-C is raised on (the
    app exits 130 and the game is not recorded)."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        line = repl.read_line()
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        raise
    if not line:
        sys.stdout.write("\n")
        return None
    return line.strip()


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal (spinners, progress bars and notices go there only)."""
    return sys.stderr.isatty()


_ERR: list[Console] = []


def err_console() -> Console:
    """The one stderr console (spinners and notices share it, so they do not garble)."""
    if not _ERR or _ERR[0].file is not sys.stderr:
        _ERR[:] = [render.console(err=True)]
    return _ERR[0]


@contextlib.contextmanager
def thinking(what: str = "thinking") -> Iterator[None]:
    """A spinner on stderr while the AI or a host thinks (only when stderr is a terminal)."""
    if not stderr_is_terminal():
        yield
        return
    with err_console().status(f"{what}…" if render.encodable("…", sys.stderr) else what):
        yield


@contextlib.contextmanager
def notices_shown() -> Iterator[None]:
    """Say on stderr what each one-off slow step does (only when stderr is a terminal)."""
    from wordkit.wordle.notices import listening

    if not stderr_is_terminal():
        yield
        return
    with listening(show_notice):
        yield


T = TypeVar("T")


def each_thinking(items: Iterable[T]) -> Iterator[T]:
    """The items of a lazy iterable, the spinner showing while each one is computed."""
    iterator = iter(items)
    while True:
        with thinking():
            item = next(iterator, None)
        if item is None:
            return
        yield item


_BAR: list[Any] = []
"""The progress bar on screen, if any: notices are written above it."""


def show_notice(text: str) -> None:
    """A slow step's notice on stderr, above the progress bar if one is on screen."""
    if _BAR:
        _BAR[0].write(text + " …", file=sys.stderr)
    else:
        say(err_console(), text + " …", style="dim")


class ThinkingGuesser:
    """A guesser whose every decision shows the spinner."""

    def __init__(self, guesser: Any) -> None:
        self.guesser = guesser
        self.name = guesser.name

    def __call__(self, state: Any) -> Decision:
        """The wrapped guesser's decision."""
        with thinking():
            return self.guesser(state)


class ThinkingHost:
    """A host whose every answer shows the spinner (an evil host weighs every answer)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.name = host.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.host, name)  # start, reveal: as the wrapped host's

    def answer(self, state: Any, move: Any) -> Any:
        """The wrapped host's answer."""
        with thinking("the host is thinking"):
            return self.host.answer(state, move)


@contextlib.contextmanager
def progress_bar(total: int) -> Iterator[Any]:
    """A tqdm bar on stderr counting games (only when stderr is a terminal); yields the
    callback that advances it."""
    if not stderr_is_terminal():
        yield None
        return
    from tqdm import tqdm

    try:  # a terminal that reports no size would get no bar at all
        sized = os.get_terminal_size(sys.stderr.fileno()).columns > 0
    except (OSError, ValueError):
        sized = False
    size = {} if sized else {"ncols": 80, "nrows": 24}
    with tqdm(total=total, unit="game", file=sys.stderr, **size) as bar:
        _BAR.append(bar)
        try:
            yield bar.update
        finally:
            _BAR.remove(bar)


@contextlib.contextmanager
def progress_sized_later(unit: str) -> Iterator[tuple[Any, Any]]:
    """A tqdm bar on stderr (only when it is a terminal) for work whose size is known only
    once it starts: yields (started(todo, resumed), advance(count)) callbacks."""
    bars: list[Any] = []

    def started(todo: int, resumed: int) -> None:
        if resumed:
            say(err_console(), f"resuming: {resumed:,} {unit}s already done")
        if stderr_is_terminal():
            from tqdm import tqdm

            bars.append(tqdm(total=todo, unit=unit, file=sys.stderr, leave=False))

    def advance(count: int) -> None:
        if bars:
            bars[0].update(count)

    try:
        yield started, advance
    finally:
        for bar in bars:
            bar.close()
