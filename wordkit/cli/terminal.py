"""The terminal side shared by every command and both games: printing what users typed as
typed, the one spinner, notices of slow one-off steps, the progress bar, and the wrappers that
show the spinner while an AI or a host thinks.

Spinners, bars and notices go to stderr, and only when it is a terminal: stdout carries data.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator
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


# --- the human at the terminal, as a guesser or a host, in either game ------------------------

Listing = Callable[[Any], list[str]]
"""What `L` shows in a position: the secrets still possible, likeliest first."""


class HumanGuesser:
    """The human guesses, in either game: each line is a command (L lists, ? hints, G gives
    up, Q quits) or a move, which `parse(position, line)` turns into a Decision (a typed error
    is shown and the line asked again; no guess is used)."""

    name = "you"

    def __init__(
        self,
        *,
        prompt: Callable[[Any], str],
        parse: Callable[[Any, str], Decision],
        listing: Listing,
        advisor: Callable[[Any], Decision | None] | None,
        letters_are_guesses: bool,
        before: Callable[[Any], None] | None = None,
    ) -> None:
        self.prompt, self.parse, self.listing = prompt, parse, listing
        self.advisor, self.letters_are_guesses, self.before = advisor, letters_are_guesses, before
        self.gave_up = False
        self.out = render.console()

    def __call__(self, position: Any) -> Decision | None:
        """The move typed (None: given up); `Quit` on Q or at the end of input."""
        from wordkit.errors import WordkitError
        from wordkit.game import Quit

        if self.before is not None:
            self.before(position)
        while True:
            line = repl.ask(self.prompt(position))
            command = None if line is None else repl.command_of(line, **self.keys)
            if line is None or command == repl.QUIT:
                raise Quit
            if command == repl.GIVE_UP:
                self.gave_up = True
                return None
            if command == repl.LIST:
                for text in self.listing(position):
                    say(self.out, text)
            elif command == repl.HINT and self.advisor is not None:
                with thinking():
                    hint = self.advisor(position)
                say(self.out, f"Hint: try {hint.move.upper()}." if hint else "No hint here.")
            else:
                try:
                    return self.parse(position, line)
                except WordkitError as exc:
                    say(self.out, f"{exc} (no guess used)", style="red")

    @property
    def keys(self) -> dict[str, bool]:
        return {"letters_are_guesses": self.letters_are_guesses}


class HumanHost:
    """The human hosts, in either game: shown each move (`show`), they type the answer, which
    `parse(position, move, line)` turns into the next position (a typed error is shown and
    the line asked again). L lists, U takes back the last answer (`Undo`), Q quits (`Quit`)."""

    name = "you"

    def __init__(
        self,
        *,
        prompt: Callable[[Any, Any], str],
        parse: Callable[[Any, Any, str], Any],
        listing: Listing,
        show: Callable[[Any, Any], None] | None = None,
        answered: Callable[[Any], None] | None = None,
        letters_are_guesses: bool,
    ) -> None:
        self.prompt, self.parse, self.listing = prompt, parse, listing
        self.show, self.answered = show, answered
        self.letters_are_guesses = letters_are_guesses
        self.answers: list[Any] = []
        self.out = render.console()

    def answer(self, position: Any, move: Any) -> Any:
        """The next position, as the human reports it."""
        from wordkit.errors import WordkitError
        from wordkit.game import Quit, Undo

        if self.show is not None:
            self.show(position, move)
        while True:
            line = repl.ask(self.prompt(position, move))
            keys = {"letters_are_guesses": self.letters_are_guesses}
            command = None if line is None else repl.command_of(line, **keys)
            if line is None or command == repl.QUIT:
                raise Quit
            if command == repl.LIST:
                for text in self.listing(position):
                    say(self.out, text)
                continue
            if line in UNDO or (line == "u" and not self.letters_are_guesses):
                if not self.answers:
                    say(self.out, "Nothing to undo yet.")
                    continue
                self.answers.pop()
                raise Undo
            try:
                after = self.parse(position, move, line)
            except WordkitError as exc:
                say(self.out, str(exc), style="red")
                continue
            self.answers.append(after)
            if self.answered is not None:
                self.answered(after)
            return after


UNDO = ("U", ":u", ":U", "/u", "/U")
"""What a human host types to take back the last answer."""


def listed(words: list[str], total: int, noun: str) -> list[str]:
    """What `L` shows: how many are left and the first of them, likeliest first."""
    more = " ..." if total > len(words) else ""
    shown = (": " + ", ".join(words) + more) if words else ""
    return [f"{render.plural(total, noun)} still possible{shown}"]


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
