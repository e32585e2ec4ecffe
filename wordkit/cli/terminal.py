"""The terminal side shared by every command and both games: reading a line and the commands a
player may type, printing what users typed as typed, the one spinner, notices of slow one-off
steps, the progress bar, the wrappers that show the spinner while an AI or a host thinks, and
the human at the terminal as a guesser or a host.

Spinners, bars and notices go to stderr, and only when it is a terminal: stdout carries data.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from wordkit.cli import render
from wordkit.errors import InputFileError, error_line

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from wordkit.game import Decision


def say(out: Console, text: str | Text, *, style: str | None = None, end: str = "\n") -> None:
    """Print `text` as it is: never read as markup (it may hold what the user typed), and
    with unencodable characters escaped where stdout cannot show them."""
    plain = text if isinstance(text, str) else text.plain
    if not render.encodable(plain, out.file):  # a rich Text too (the plain keyboard's dots)
        encoding = getattr(out.file, "encoding", None) or "ascii"
        text = plain.encode(encoding, "backslashreplace").decode(encoding)
    out.print(text, style=style, markup=False, highlight=False, end=end)


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal (spinners, progress bars and notices go there only)."""
    return sys.stderr.isatty()


_ERR: list[Console] = []


def err_console() -> Console:
    """The one stderr console (spinners and notices share it, so they do not garble); while a
    spinner shows, rich stands in for sys.stderr, and its console is still this one."""
    current = getattr(sys.stderr, "rich_proxied_file", sys.stderr)
    if not _ERR or _ERR[0].file is not current:
        _ERR[:] = [render.console(err=True)]
    return _ERR[0]


@contextlib.contextmanager
def thinking(what: str = "thinking") -> Iterator[Callable[[str], None]]:
    """A spinner on stderr while the AI or a host thinks (only when stderr is a terminal);
    what the context gives retells what it is doing."""
    if not stderr_is_terminal():
        yield lambda text: None
        return
    fancy = render.encodable("…⠋", sys.stderr)  # an ASCII terminal printed `\u280b` frames
    dots, spinner = ("…", "dots") if fancy else ("", "line")
    with err_console().status(f"{what}{dots}", spinner=spinner) as status:
        yield lambda text: status.update(f"{text}{dots}")


@contextlib.contextmanager
def notices_shown() -> Iterator[None]:
    """Say on stderr what each one-off slow step does (only when stderr is a terminal)."""
    from wordkit.notices import listening

    if not stderr_is_terminal():
        yield
        return
    with listening(show_notice):
        yield


T = TypeVar("T")


def show_games(
    games: Iterable[Any], *, json: bool, show: Callable[[Any, bool], None]
) -> tuple[int, int]:
    """A batch query's games as each is played (the spinner showing meanwhile): a JSON line,
    or `show(game, first)`; a game refused is one `Error:` line on stderr. Returns how many
    were refused and how many played."""
    from wordkit.game import Refused

    refused = shown = 0
    played = iter(games)
    while True:
        with thinking():
            game = next(played, None)
        if game is None:
            return refused, shown
        if isinstance(game, Refused):
            print(f"Error: {error_line(game.error)}", file=sys.stderr)
            refused += 1
        else:
            if json:
                render.emit_json_line(game.as_dict())
            else:
                show(game, not shown)
            shown += 1


_BAR: list[Any] = []
"""The progress bar on screen, if any: notices are written above it."""


def say_err(text: str) -> None:
    """One line on stderr, as typed errors are."""
    import typer

    typer.echo(text, err=True)


def say_above(text: str, *, style: str | None = None) -> None:
    """One line on stderr; at a terminal above the progress bar or the spinner showing (a
    line written past them landed on theirs)."""
    if _BAR:
        _BAR[0].write(text, file=sys.stderr)
    elif stderr_is_terminal():
        say(err_console(), text, style=style)
    else:
        say_err(text)


def show_notice(text: str) -> None:
    """A slow step's notice on stderr, above the progress bar or the spinner."""
    say_above(text + " …", style="dim")


class ThinkingGuesser:
    """A guesser whose every decision shows the spinner, then what `announce` says of it."""

    def __init__(self, guesser: Any, announce: Callable[[Any, Decision], list[str]] | None = None):
        self.guesser, self.announce = guesser, announce
        self.name = guesser.name

    def __call__(self, state: Any) -> Decision:
        """The wrapped guesser's decision."""
        with thinking():
            decision = self.guesser(state)
        for line in [] if self.announce is None else self.announce(state, decision):
            say(render.console(), line)
        return decision


class ThinkingHost:
    """A host whose every answer shows the spinner (an evil host weighs every answer)."""

    def __init__(self, host: Any) -> None:
        self.host = host

    def __getattr__(self, name: str) -> Any:
        return getattr(self.host, name)  # name, start, reveal: the wrapped host's

    def answer(self, state: Any, move: Any) -> Any:
        """The wrapped host's answer."""
        with thinking("the host is thinking"):
            return self.host.answer(state, move)


@contextlib.contextmanager
def progress_bar(total: int) -> Iterator[Any]:
    """A bar on stderr counting games (only when stderr is a terminal); yields the callback
    that advances it (None: no bar)."""
    with progress_sized_later("game") as (started, advance):
        started(total, 0)
        yield advance if _BAR else None


# --- reading the human's lines ----------------------------------------------------------------

QUIT, GIVE_UP, LIST, HINT = "quit", "give up", "list", "hint"
COMMANDS = {"q": QUIT, "g": GIVE_UP, "l": LIST, "?": HINT}
UNDO = ("U", ":u", ":U", "/u", "/U")
"""What a human host types to take back the last answer."""


def command_of(line: str, *, letters_are_guesses: bool) -> str | None:
    """The command a line asks for, or None for a guess.

    In Hangman a lowercase single letter is a guess, so commands are the capitals L, G, Q (or
    `:l`, `:g`, `:q`); in Wordle, where guesses are words, either case works.
    """
    text = line.strip()
    if text == "?":
        return HINT
    if text[:1] in (":", "/") and text[1:].lower() in COMMANDS:
        return COMMANDS[text[1:].lower()]
    if len(text) == 1 and (text.isupper() or not letters_are_guesses):
        return COMMANDS.get(text.lower())
    return None


def ask(prompt: str) -> str | None:
    """Read one line after showing `prompt`; None at end of input (Ctrl-D). Ctrl-C is raised
    on: the command exits 130 and records nothing.

    Bytes that are not valid in the terminal's encoding become U+FFFD, which every move's
    check then refuses with a message, instead of a UnicodeDecodeError."""
    from wordkit.errors import InputFileError

    if line_editing():
        try:
            edited = edited_line(prompt)
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            raise
        if edited is None:
            sys.stdout.write("\n")
        return None if edited is None else edited.strip()
    while True:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        try:
            line = read_line()
            break
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            raise
        except InputFileError as exc:  # one line too long: refused, the game goes on
            if not skip_line():
                raise  # no end of line in sight (`< /dev/zero`): not text at all
            sys.stdout.write(f"\n{error_line(exc)} Type it again.\n")
    if not line:
        sys.stdout.write("\n")
        return None
    return line.strip()


def line_editing() -> bool:
    """Whether a line is typed at a terminal (both ends of the game are one) and readline is
    there to edit it: the arrows, Home and End, the lines typed before (the arrow keys were
    read as `^[[A`). A Python without readline (Windows) reads lines as from a pipe."""
    return sys.stdin.isatty() and sys.stdout.isatty() and readline_ready()


_READLINE: list[bool] = []


def readline_ready() -> bool:
    """Import readline once and let it pass every byte typed (under an ASCII locale it took
    `é` for a Meta key, dropped it, and played the rest); False when it cannot be imported."""
    if not _READLINE:
        try:
            import readline
        except ImportError:
            _READLINE.append(False)
        else:
            for setting in ("input-meta on", "output-meta on", "convert-meta off"):
                readline.parse_and_bind(f"set {setting}")
            _READLINE.append(True)
    return _READLINE[0]


def edited_line(prompt: str) -> str | None:
    """One line typed at the terminal after `prompt`, edited by readline; None at Ctrl-D. As
    `read_line` reads it: UTF-8 whatever the locale says, else the locale's own."""
    try:
        text = input(prompt)
    except EOFError:
        return None
    except UnicodeDecodeError:  # a strict locale: refused by every move's check, asked again
        return "\ufffd"
    encoding = sys.stdin.encoding or "utf-8"
    raw = text.encode(encoding, errors="surrogateescape")  # the bytes typed (a C locale's too)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode(encoding, errors="replace")


LINE_LIMIT = 1 << 20
"""The longest line read from standard input, in bytes: a word or a move is a few dozen, and an
endless line (`< /dev/zero`, a binary file) must not be read into memory whole."""


def read_line() -> str:
    """One line of standard input ('' at its end), decoded leniently; a line longer than
    `LINE_LIMIT` bytes is refused (InputFileError)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        line = sys.stdin.readline(LINE_LIMIT + 1)
        raw = line.encode("utf-8", errors="replace")
    else:
        raw = bytes(stream.readline(LINE_LIMIT + 1))
        try:  # UTF-8 whatever the locale says (an ASCII one, `LC_ALL=C`, would refuse `cigár`)
            line = raw.decode("utf-8")
        except UnicodeDecodeError:  # else the locale's own (a Latin-1 terminal's `é`)
            line = raw.decode(getattr(sys.stdin, "encoding", None) or "utf-8", errors="replace")
    if len(raw) > LINE_LIMIT and not raw.endswith(b"\n"):
        raise InputFileError(
            f"a line of standard input is longer than {LINE_LIMIT:,} bytes: is it text?"
        )
    return line.lstrip("\ufeff")  # the byte-order mark an editor puts before a file's first line


SKIP_LIMIT = 16
"""Pieces of `LINE_LIMIT` bytes read past a refused line before giving up on its end."""


def skip_line() -> bool:
    """Read past the rest of a line of standard input, a piece at a time: whether its end (or
    the input's) came within `SKIP_LIMIT` pieces."""
    stream = getattr(sys.stdin, "buffer", None)
    for _ in range(SKIP_LIMIT):
        if stream is None:
            text = sys.stdin.readline(LINE_LIMIT)
            ended = not text or text.endswith("\n")
        else:
            piece = bytes(stream.readline(LINE_LIMIT))
            ended = not piece or piece.endswith(b"\n")
        if ended:
            return True
    return False


def _wide_stdin() -> bool:
    """Whether standard input opens with a UTF-16 or UTF-32 byte-order mark (seen without
    reading it, where the stream can peek)."""
    import codecs

    peek = getattr(getattr(sys.stdin, "buffer", None), "peek", None)
    if peek is None:
        return False
    marks = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE)  # UTF-32-LE's
    return bytes(peek(4)[:4]).startswith(marks)  # mark opens with UTF-16-LE's


def plays(interactive: bool, json: bool) -> bool:
    """Whether `solve` plays a game with the human: asked to (`-i`), or both stdin and stdout
    are terminals and no JSON is asked for."""
    return interactive or (sys.stdin.isatty() and sys.stdout.isatty() and not json)


def typed_words(words: Sequence[str]) -> list[str]:
    """The words given, with `-` replaced by the words read from stdin (one a line; blank
    lines and #comments skipped)."""
    out: list[str] = []
    for word in words:
        if word != "-":
            out.append(word)
            continue
        if _wide_stdin():  # UTF-16 or UTF-32 with its byte-order mark: decoded as a table is
            from wordkit.tables import STDIN, lines_of, read_text

            lines = [line.split("#", 1)[0].strip() for line in lines_of(read_text(STDIN)[0])]
            out += [line for line in lines if line]
            continue
        while line := read_line():
            if "\x00" in line:  # UTF-16, or not text: each of its lines would be garbled
                raise InputFileError(
                    "standard input holds NUL bytes: is it UTF-16? convert it to UTF-8 first"
                )
            for part in line.split("\r"):  # old Mac line endings: CR alone
                text = part.split("#", 1)[0].strip()
                if text:
                    out.append(text)
    return out


# --- the human at the terminal, as a guesser or a host, in either game ------------------------

Listing = Callable[[Any], list[str]]
"""What `L` shows in a position: the secrets still possible, likeliest first."""


class Human:
    """The human at the terminal, in either game: reads lines, shows `L` lists itself, and
    raises `Quit` at Q or the end of input."""

    name = "you"

    def __init__(self, *, listing: Listing, letters_are_guesses: bool) -> None:
        self.listing, self.letters_are_guesses = listing, letters_are_guesses
        self.out = render.console()

    def line(self, prompt: str, position: Any) -> tuple[str | None, str]:
        """The next line that is not `L`: (its command or None, the line)."""
        from wordkit.game import Quit

        while True:
            line = ask(prompt)
            keys = {"letters_are_guesses": self.letters_are_guesses}
            command = None if line is None else command_of(line, **keys)
            if line is None or command == QUIT:
                raise Quit
            if command != LIST or position is None:  # nothing to list before the game starts
                return command, line
            for text in self.listing(position):
                say(self.out, text)

    def is_undo(self, line: str) -> bool:
        """Whether a line asks to undo: U (`:u`), or u too where letters are not moves."""
        return line.strip() in UNDO or (line.strip() == "u" and not self.letters_are_guesses)

    def guessers_key(self, command: str | None, line: str) -> bool:
        """Whether a host typed a guesser's key (? or G), which is then refused by name."""
        if command not in (HINT, GIVE_UP):
            return False
        say(self.out, HOST_KEYS.format(key=line.strip()), style="red")
        return True

    def asked(self, prompt: str, parse: Callable[[str], T], position: Any = None) -> T:
        """The first line `parse` accepts (its typed errors are shown, the line asked again); a
        guesser's key (? or G) is refused by name."""
        from wordkit.errors import WordkitError

        while True:
            command, line = self.line(prompt, position)
            if self.guessers_key(command, line):
                continue
            try:
                return parse(line)
            except WordkitError as exc:
                say(self.out, error_line(exc), style="red")


UNDO_WHEN_GUESSING = "U takes back a host's answer in `solve`; a guess stands (no guess used)"
HOST_KEYS = "{key} is for when you guess (`host`); here you answer the AI's guesses"


class HumanGuesser(Human):
    """The human guesses: each line is a command (L lists, ? hints, G gives up, Q quits) or a
    move, which `parse(position, line)` turns into a Decision (a typed error is shown and the
    line asked again; no guess is used)."""

    def __init__(
        self, *, prompt: Callable[[Any], str], parse: Callable[[Any, str], Decision],
        advisor: Callable[[Any], Decision | None], before: Callable[[Any], None] | None = None,
        **human: Any,
    ) -> None:  # fmt: skip
        super().__init__(**human)
        self.prompt, self.parse, self.advisor, self.before = prompt, parse, advisor, before
        self.gave_up = False

    def __call__(self, position: Any) -> Decision | None:
        """The move typed (None: given up); `Quit` on Q or at the end of input."""
        from wordkit.errors import WordkitError

        if self.before is not None:
            self.before(position)
        while True:
            command, line = self.line(self.prompt(position), position)
            if command == GIVE_UP:
                self.gave_up = True
                return None
            if command == HINT:
                with thinking():
                    hint = self.advisor(position)
                say(self.out, f"Hint: try {hint.move.upper()}." if hint else "No hint here.")
                continue
            if not line.strip():  # Enter alone: asked again, as a shell does
                continue
            if self.is_undo(line):
                say(self.out, UNDO_WHEN_GUESSING, style="red")
                continue
            try:
                return self.parse(position, line)
            except WordkitError as exc:
                say(self.out, f"{error_line(exc)} (no guess used)", style="red")


class HumanHost(Human):
    """The human hosts the AI's game, in either game: asked `prompt(position, move)`, they type
    the answer, which the session reads (`reported`) into the next position, then
    `answered(position, after)`; U takes back the last answer (`Undo`) and `shown(position)`
    shows where the game is back at. A Hangman host first types the opening (asked
    `opening_prompt`, read by the session's `opening`)."""

    def __init__(
        self, session: Any, *, prompt: Callable[[Any, Any], str],
        answered: Callable[[Any, Any], None], shown: Callable[[Any], str] | None = None,
        opening_prompt: str = "", closing: tuple[str, Callable[[str], str]] | None = None,
        **human: Any,
    ) -> None:  # fmt: skip
        super().__init__(**human)
        self.session, self.prompt, self.answered, self.closing = session, prompt, answered, closing
        self.shown, self.opening_prompt = shown, opening_prompt
        self.answers: list[Any] = []
        self.opened: Any = None
        self.told: str | None = None  # what `closing` heard, once asked
        self.said: list[str] = []  # what the AI said of its last move (`play_ai`)

    def start(self, rules: Any) -> Any:
        """The opening position the human types (Hangman: the length or the mask)."""
        from wordkit.errors import GameStateError

        def parse(text: str) -> Any:
            if self.is_undo(text):  # nothing answered yet
                raise GameStateError("Nothing to undo yet.")
            return self.session.opening(text, rules)

        self.opened = self.asked(self.opening_prompt, parse)
        return self.opened

    @property
    def latest(self) -> Any:
        """The last position the human gave."""
        return self.answers[-1] if self.answers else self.opened

    def show_latest(self) -> None:
        """After an answer is taken back, the position the game is back at (a Hangman host
        sees its mask and lives again; Wordle's rows above say it already)."""
        if self.shown is not None and self.latest is not None:
            say(self.out, self.shown(self.latest))

    def reveal(self, position: Any) -> str:
        """What the human showed of the secret by the end."""
        return str(self.session.revealed(position))

    def answer(self, position: Any, move: Any) -> Any:
        """The next position, as the human reports it."""
        from wordkit.errors import WordkitError
        from wordkit.game import Reopen, Undo

        while True:
            command, line = self.line(self.prompt(position, move), position)
            if self.guessers_key(command, line):
                continue
            if self.is_undo(line):
                if self.answers:
                    self.answers.pop()
                    self.show_latest()
                    raise Undo
                if self.opened is not None:  # the opening (a length, a mask) typed again
                    self.opened = None
                    raise Reopen
                say(self.out, "Nothing to undo yet.")
                continue
            try:
                after = self.session.reported(position, move, line)
            except WordkitError as exc:
                undo = " (type U to undo)" if self.answers else ""
                say(self.out, f"{error_line(exc)}{undo}", style="red")
                continue
            self.answers.append(after)
            self.answered(position, after)
            if self.closing is not None and getattr(after, "status", None) == "lost":
                told = self.tell(after)
                if told is None:  # U: that answer taken back, asked again
                    self.answers.pop()
                    self.show_latest()
                    for said in self.said[-1:] or [f"My guess: {str(move).upper()}"]:
                        say(self.out, said)  # the move's line as first said
                    continue
                self.told = told
            return after

    def tell(self, after: Any) -> str | None:
        """Once the human's answer ends the game lost, what they tell of their secret
        (`closing`: the question and its parse); None when they type U to take that answer
        back. Q or the end of input keeps the secret (the game is still recorded)."""
        from wordkit.errors import WordkitError
        from wordkit.game import Quit

        assert self.closing is not None
        prompt, parse = self.closing
        while True:
            try:
                _, line = self.line(prompt, after)
            except Quit:
                return ""
            if line.strip() in UNDO:
                return None
            try:
                return parse(line)
            except WordkitError as exc:
                say(self.out, error_line(exc), style="red")


Ending = Callable[[Any], str]
"""A game's last line from its record (None: the human quit)."""


def play_ai(
    session: Any, host: HumanHost, *, intro: str, ending: Ending,
    announce: Callable[[Any, Decision], list[str]],
) -> Any:  # fmt: skip
    """The AI's game against the human host, in either game: the `intro`, the game (the AI's
    moves said by `announce`), the `ending` line. The record, None when the human quit."""
    from wordkit.game import Quit

    def announced(state: Any, decision: Decision) -> list[str]:
        host.said = announce(state, decision)
        return host.said

    say(render.console(), intro)
    try:
        record = session.play_ai(host, wrap=lambda guesser: ThinkingGuesser(guesser, announced))
    except Quit:
        record = None
    say(render.console(), ending(record))
    return record


def play_hosted(
    hosted: Any, guesser: HumanGuesser, watch: Any, kept: Any, *, banner: str,
    ending: Callable[[Any, bool], str],
) -> Any:  # fmt: skip
    """A game the computer hosts, in either game: its `banner`, the human's game, its
    `ending(record, gave_up)`; recorded in the history at `kept` (None: not recorded). Q and
    Ctrl-C end it unrecorded (raised on: exit 0 and 130) once the secret is shown. Returns
    what keeping it reports."""
    from wordkit.game import Quit

    out = render.console()
    say(out, banner)
    try:
        record = hosted.play(guesser, watch=watch, wrap=ThinkingHost)
    except (Quit, KeyboardInterrupt):
        say(out, ending(None, True))
        raise
    say(out, ending(record, guesser.gave_up))
    return None if kept is None else hosted.keep(record, kept)


def listed(words: Sequence[str], total: int, noun: str) -> list[str]:
    """What `L` shows: how many are left and the first of them, likeliest first."""
    from wordkit.game import plural

    more = " ..." if total > len(words) else ""
    shown = (": " + ", ".join(words) + more) if words else ""
    return [f"{plural(total, noun)} still possible{shown}"]


def bar_note(text: str) -> None:
    """Show `text` after the progress bar's counts (nothing without a bar)."""
    if _BAR:
        _BAR[-1].set_postfix_str(text)


@contextlib.contextmanager
def progress_sized_later(unit: str) -> Iterator[tuple[Any, Any]]:
    """A tqdm bar on stderr (only when it is a terminal) for work whose size is known only
    once it starts: yields (started(todo, resumed), advance(count)) callbacks."""

    def started(todo: int, resumed: int) -> None:
        if resumed:
            from wordkit.game import plural

            say(err_console(), f"resuming: {plural(resumed, unit)} already done")
        if not stderr_is_terminal():
            return
        from tqdm import tqdm

        try:  # a terminal that reports no size would get no bar at all
            sized = os.get_terminal_size(sys.stderr.fileno()).columns > 0
        except (OSError, ValueError):
            sized = False
        size = {} if sized else {"ncols": 80, "nrows": 24}
        _BAR.append(tqdm(total=todo, unit=unit, file=sys.stderr, leave=unit == "game", **size))

    def advance(count: int) -> None:
        if _BAR:
            _BAR[-1].update(count)

    try:
        yield started, advance
    finally:
        while _BAR:
            _BAR.pop().close()
