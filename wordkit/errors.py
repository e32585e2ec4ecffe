"""Typed errors raised by wordkit's core; only the command line (`wordkit.cli`) turns them into
`Error: ...` lines."""

import signal


def shortened(text: str, limit: int = 240) -> str:
    """`text` (a path, a list of names) cut in the middle for a one-line message: whole up to
    `limit` characters, which real paths do not reach."""
    return text if len(text) <= limit else text[: limit // 2] + "…" + text[-limit // 2 :]


MESSAGE_LIMIT = 1000
"""The longest error line shown: a value quoted whole in a message (a 50 MB line of a file
taken for a word) is cut in its middle."""


_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0))}
"""Control characters (C0, DEL, C1) and how a message shows them: escaped, as repr() does."""


def printable(text: str) -> str:
    """`text` with its control characters escaped: text a user typed or a file held, quoted in a
    message, must not clear the screen or retitle the terminal (ESC sequences)."""
    return text.translate(_CONTROLS)


def error_line(error: object) -> str:
    """An error's message as one line of at most MESSAGE_LIMIT characters, control characters
    escaped."""
    return shortened(printable(" ".join(str(error).splitlines())), MESSAGE_LIMIT)


class Terminated(KeyboardInterrupt):
    """SIGTERM (`kill`, `timeout`, a service stopping) or SIGHUP (the terminal closed): the run
    unwinds as after Ctrl-C, its files closed and its workers stopped, then exits 128 + the
    signal's number, as a shell reports a process the signal ended."""

    def __init__(self, signum: int = 15) -> None:
        super().__init__(signum)
        self.signum = signum


UNWOUND: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Signals that stop a run the way Ctrl-C does (`Terminated`), where the platform has them."""
STOP_SIGNALS = frozenset((signal.SIGINT, *UNWOUND))
"""Every signal that stops a run: Ctrl-C and the UNWOUND ones."""

STOPPED = {2: ("Interrupted.", 130), 15: ("Terminated.", 143), 1: ("Hung up.", 129)}
"""The last line and the exit code of a run stopped by SIGINT (Ctrl-C), SIGTERM or SIGHUP."""


def stopped(error: KeyboardInterrupt) -> tuple[str, int]:
    """The last line and the exit code of a run `error` stopped (Ctrl-C unless Terminated)."""
    return STOPPED[error.signum if isinstance(error, Terminated) else 2]


class WordkitError(Exception):
    """Base class: its message is shown to the user as one `Error: ...` line."""


class InputFileError(WordkitError):
    """An input file is missing, unreadable, empty or not in the expected encoding."""


class ColumnError(WordkitError):
    """A column named on the command line does not exist in the input."""


class ValueFormatError(WordkitError):
    """A value in the input (a weight, say) is not in the expected format."""


class OutputPathError(WordkitError):
    """The output path cannot be written, or would overwrite the input."""


class UnknownTableError(WordkitError):
    """A table name is neither a built-in table nor an existing file."""


class GameStateError(WordkitError):
    """A game state (mask, guesses, feedback history) is malformed or contradictory."""


class UnknownNameError(WordkitError):
    """A strategy, category, game or other named choice does not exist."""


class RangeError(WordkitError):
    """A number (an option or a value in the input) is outside its allowed range."""


class NothingKeptError(WordkitError):
    """Every row of an input was filtered out: writing an empty table would lose it silently."""


class ClusterError(WordkitError):
    """The Dask cluster is missing, unreachable, or cannot run wordkit's tasks."""


class WorkerLostError(WordkitError):
    """A local worker process died mid-run (killed, or out of memory): what it held is lost."""


class WordkitWarning(UserWarning):
    """Something read in a way the user may not expect; the CLI shows it as `Warning: ...`."""


class OptionTypeError(WordkitError):
    """An option given through the Python API is of the wrong type (a str for a number...)."""


class OptionConflictError(WordkitError):
    """Options that mean nothing together (or one that needs another)."""


class CacheError(WordkitError):
    """The disk cache has no usable folder (no home, or a file in its place), or cannot be
    cleared."""


class ModelFileError(WordkitError):
    """A model file wordkit ships (or was given) is damaged or from another version."""
