"""The terminal side of a game: reading a line, and the commands a player may type."""

from __future__ import annotations

import sys
from collections.abc import Sequence

QUIT, GIVE_UP, LIST, HINT = "quit", "give up", "list", "hint"
COMMANDS = {"q": QUIT, "g": GIVE_UP, "l": LIST, "?": HINT}


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
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        line = read_line()
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        raise
    if not line:
        sys.stdout.write("\n")
        return None
    return line.strip()


def read_line() -> str:
    """One line of standard input ('' at its end), decoded leniently."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return sys.stdin.readline()
    encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
    return bytes(stream.readline()).decode(encoding, errors="replace")


def interactive() -> bool:
    """Whether both stdin and stdout are terminals (so a game can be played by hand)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def typed_words(words: Sequence[str]) -> list[str]:
    """The words given, with `-` replaced by the words read from stdin (one a line; blank
    lines and #comments skipped)."""
    out: list[str] = []
    for word in words:
        if word != "-":
            out.append(word)
            continue
        while line := read_line():
            text = line.split("#", 1)[0].strip()
            if text:
                out.append(text)
    return out
