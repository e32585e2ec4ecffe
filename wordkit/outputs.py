"""Writing where the user said: the one writer of every file wordkit writes on request (`-o`,
`--records`, `--tree`, a sweep's records), and the checks made before any work.

A regular file is replaced atomically (a temp file, then a rename), through a symlink to its
target; a device, FIFO, socket or process substitution is written straight into, never
replaced; a path that is stdout's (or stderr's) own file is written through that stream, so
two writers never clobber one file from two offsets. An output that is also an input, or
another output, is refused before any work: it would be overwritten.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from wordkit.cache import atomic_open, try_lock
from wordkit.errors import OptionConflictError, OutputPathError, WordkitError, shortened

if TYPE_CHECKING:
    from wordkit.runner import GameRecord

STDOUT = "-"

OUTPUTS = {"--output": "output", "--records": "--records", "--tree": "--tree"}
"""The command-line options naming a file wordkit writes, and how messages name them."""
INPUTS = {
    "input": "the input file",
    "--words": "the --words file",
    "--answers": "the --answers file",
    "--guesses": "the --guesses file",
    "--secrets": "the --secrets file",
    "--tree-in": "the --tree-in file",
    "--openers": "the --openers file",
    "--history-db": "the game history",
}
"""The options (and `prepare`'s argument) naming a file wordkit reads; the game history is
read and written."""
TABLES = ("input", "--words", "--answers", "--guesses", "--secrets")
"""Inputs that may name a built-in table instead of a path."""
HISTORY = "--history-db"


def _stat(path: str | os.PathLike[str]) -> os.stat_result | None:
    """The status of the file `path` leads to (through links), None when there is none."""
    try:
        return os.stat(path)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    """Whether two statuses are one file (one device, one inode: links and hard links too)."""
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file, through symlinks, hard links and relative paths (two
    paths to no file yet: whether they would create the same one)."""
    first, second = _stat(a), _stat(b)
    if first is not None and second is not None:
        return _same(first, second)
    if first is None and second is None:
        return os.path.realpath(a) == os.path.realpath(b)
    return False


def stdout_is(path: str | os.PathLike[str]) -> bool:
    """Whether stdout is redirected to the regular file `path` (`>> input.csv`; `-`: the file
    stdin reads, `- < input.csv >> input.csv`)."""
    try:
        there = os.fstat(sys.stdin.fileno()) if str(path) == "-" else _stat(path)
        here = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # closed, or not a real file (a test's)
        return False
    return there is not None and stat.S_ISREG(here.st_mode) and _same(there, here)


def _stream_for(dest: str) -> IO[str] | None:
    """sys.stdout or sys.stderr when `dest` is the very file it writes to (/dev/stdout, the
    file stdout is redirected to), else None."""
    there = _stat(dest)
    if there is None:
        return None
    for stream in (sys.stdout, sys.stderr):
        try:
            here = os.fstat(stream.fileno())
        except (AttributeError, OSError, ValueError):  # a test runner's buffer, a closed stream
            continue
        if _same(here, there):
            return stream
    return None


def is_stdout(dest: str | None) -> bool:
    """Whether data written to `dest` lands on stdout: `-`, or stdout's own file (then the
    table goes to stderr, as with `-`)."""
    if dest is None:
        return False
    return dest == STDOUT or _stream_for(dest) is sys.stdout


def _kind(dest: str) -> str | None:
    """`dir`, `file` or `special` (device, FIFO, socket, /dev/stdout, /dev/fd/N) for an existing
    path, else None."""
    if os.path.abspath(dest).startswith(("/dev/", "/proc/")):
        return "special"  # /dev/fd/N may lead to a regular file: the shell's, not ours
    found = _stat(dest)
    if found is None:
        return None
    if stat.S_ISDIR(found.st_mode):
        return "dir"
    return "file" if stat.S_ISREG(found.st_mode) else "special"


def _no_such_stream(dest: str) -> bool:
    """A path under /dev or /proc that names no open stream or device: /dev/fd/N with N not
    open, a typo in /dev itself (/dev/sdtout). A new file in a folder there (/dev/shm: a
    tmpfs) is a file like any other."""
    if os.path.exists(dest):
        return False
    folder = os.path.dirname(os.path.abspath(dest))
    return folder == "/dev" or folder.startswith(("/dev/fd", "/proc")) or not os.path.isdir(folder)


def can_resume(dest: str) -> bool:
    """Whether `dest` is a regular file of its own, not stdout's or stderr's: one that can be
    read back to resume (a FIFO would block, a device never end; those are only written)."""
    return dest != STDOUT and _kind(dest) == "file" and _stream_for(dest) is None


def _target(dest: str) -> Path:
    """The regular file a path writes to (a symlink's target), its folder checked."""
    if not dest:
        raise OutputPathError("an output path is empty: give a file name (or - for stdout)")
    if _kind(dest) == "dir":
        raise OutputPathError(f"output {shortened(dest)} is a directory")
    if dest.endswith(("/", os.sep)):  # the OS would write `new` for `new/`
        raise OutputPathError(f"output {shortened(dest)} names a folder: give a file name")
    try:
        os.stat(dest)
    except FileNotFoundError:
        pass  # a new file, or a link to one
    except (OSError, ValueError) as exc:  # a symlink loop, a file used as a folder
        why = getattr(exc, "strerror", None) or exc
        raise OutputPathError(f"cannot write {shortened(dest)}: {why}") from None
    path = Path(os.path.realpath(dest))
    if not path.parent.is_dir():
        raise OutputPathError(
            f"cannot write {shortened(dest)}: folder {shortened(str(path.parent))} does not exist"
        )
    return path


def utf8(text: str) -> bytes:
    """Text as UTF-8; a byte of a file name that is not UTF-8 (Python's surrogate for it) as
    its escape, `\\udce9`: the rest of the output is not lost to it."""
    return text.encode("utf-8", "backslashreplace")


def write_data(stream: IO[str], data: str | bytes) -> None:
    """Data (a table, JSON, records) onto a standard stream as UTF-8 whatever the locale says:
    the same bytes as a file gets (an ASCII or Latin-1 locale made a traceback of a category
    'frü', or other bytes); a text-only stream (a test's) takes text."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(data if isinstance(data, str) else data.decode("utf-8"))
        return
    stream.flush()  # text written before goes first
    buffer.write(utf8(data) if isinstance(data, str) else data)
    buffer.flush()  # as soon as written, as a line-buffered terminal shows text (query --json)


class Output:
    """A file being written where the user said (see the module's docstring): `first` goes in
    at once (atomically for a regular file), then `write` appends, each part flushed."""

    def __init__(self, dest: str | None, first: str | bytes = "", *, primary: bool = False):
        self.dest = STDOUT if dest is None else dest
        # The command's own output (`prepare -o`): a pipe that stops reading it ends the run
        # quietly, as `| head` on stdout does; a side file (--records, --tree) is an error.
        self.primary = primary
        self._stream = sys.stdout if self.dest == STDOUT else _stream_for(self.dest)
        self._file: IO[bytes] | None = None
        self._path: Path | None = None
        try:
            if self._stream is None and _kind(self.dest) == "special":
                self._file = open(self.dest, "wb")  # noqa: SIM115 - closed by close()
            elif self._stream is None:
                self._path = _target(self.dest)
                with _claimed(self._path, self.dest):
                    self._file = atomic_open(self._path, first, lock=True)
                return
        except OSError as exc:
            raise self._failed(exc) from exc
        self.write(first)

    def _failed(self, exc: OSError) -> OutputPathError:
        """The one-line error for a write that failed."""
        return OutputPathError(f"cannot write {shortened(self.dest)}: {exc.strerror or exc}")

    def write(self, data: str | bytes) -> None:
        """Append `data` and flush it (on disk before the next part arrives)."""
        if not data:
            return
        if self._stream is not None:  # a full disk or a closed pipe is the CLI's to report
            write_data(self._stream, data)
            self._stream.flush()
            return
        raw = utf8(data) if isinstance(data, str) else data
        if self._file is None:
            raise OutputPathError(f"{shortened(self.dest)} was closed")
        try:
            self._file.write(raw)
            self._file.flush()
        except BrokenPipeError as exc:  # `-o >(head -1)` read what it wanted: as on stdout,
            if self.primary:  # a quiet end with exit 0, the CLI's to give
                raise
            raise self._failed(exc) from exc
        except OSError as exc:
            raise self._failed(exc) from exc

    def close(self) -> None:
        """Close the file (never stdout or stderr)."""
        if self._file is not None:
            try:
                self._file.close()
            except BrokenPipeError as exc:
                if self.primary:
                    raise
                raise self._failed(exc) from exc
            except OSError as exc:
                raise self._failed(exc) from exc
            finally:
                self._file = None


@contextlib.contextmanager
def _claimed(path: Path, dest: str) -> Iterator[None]:
    """Hold the lock of the file at `path` while it is replaced: OutputPathError when another
    run holds it, appending to it (a second sweep on one records file would otherwise replace
    the file under the first, whose later records would then go to a file no longer there)."""
    for _ in range(100):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:  # no file there yet (or none to read): nothing to wait for
            yield
            return
        try:
            if not try_lock(fd):
                raise OutputPathError(
                    f"{shortened(dest)} is being written by another wordkit run: wait for it "
                    "to finish, or give another file"
                )
            there = _stat(path)
            if there is not None and _same(os.fstat(fd), there):
                yield  # still the file at `path`, and ours until it is replaced
                return
        finally:
            os.close(fd)
        # Another run replaced the file between its opening and its lock: look again
    raise OutputPathError(f"{shortened(dest)} keeps being replaced by other runs")


def write(data: str | bytes | Iterable[str], dest: str | None, *, primary: bool = False) -> None:
    """Write `data` (text, its parts, or bytes) to `dest`: stdout for None or `-`, else
    through the one writer (see the module's docstring); `primary`: see `Output`."""
    if not isinstance(data, str | bytes):
        data = "".join(data)
    Output(dest, data, primary=primary).close()


def check_options(params: Mapping[str, Any]) -> dict[str, Any]:
    """A command's file options (OUTPUTS, INPUTS: by their long names) checked before any
    work: an output that is also an input or another output, a directory, or a path in no
    folder, is refused. Outputs that are stdout's own file come back as `-` (the table then
    goes to stderr). Two outputs on stdout, or two inputs read from stdin, are refused too."""
    _one_each_on_stdio(params)
    written = {n: params[n] for n in OUTPUTS if params.get(n) not in (None, STDOUT)}
    if params.get(HISTORY) is not None:  # host and solve write the history
        written[HISTORY] = params[HISTORY]
    if not written:
        return {}
    inputs = {name: _input_path(name, params[name]) for name in INPUTS if name in params}
    if HISTORY in params and params[HISTORY] is None:
        inputs[HISTORY] = _default_history()
    changed: dict[str, Any] = {}
    for name, dest in written.items():
        label = OUTPUTS.get(name, HISTORY)
        for other, source in inputs.items():
            if other != name and source is not None and _overwrites(dest, source, other):
                what = "the file on standard input" if params[other] == STDOUT else INPUTS[other]
                raise OutputPathError(f"{label} {shortened(dest)} is {what}; choose another path")
        if name == HISTORY:
            continue
        for other, dest2 in written.items():
            if other in OUTPUTS and other < name and _clash(dest, dest2):
                what = f"the {OUTPUTS[other]} file"
                raise OutputPathError(f"{label} {shortened(dest)} is {what}; choose another path")
        if is_stdout(dest):
            changed[name] = STDOUT
        elif dest and _kind(dest) == "special" and _no_such_stream(dest):
            # /dev/fd/5 with no descriptor 5 open, or a typo (/dev/sdtout): told now, not
            # once the run is over (and, as root, no stray file made in /dev)
            raise OutputPathError(
                f"{label} {shortened(dest)}: no such device or open stream; choose another path"
            )
        elif not dest or _stream_for(dest) is None and _kind(dest) != "special":
            with _claimed(_target(dest), dest):  # not another run's, appending to it
                pass
    return changed


WORD_ARGUMENTS = ("word", "words")
"""The commands' word arguments, where `-` reads the words from stdin."""


def _one_each_on_stdio(params: Mapping[str, Any]) -> None:
    """Refuse two outputs written to stdout (their data would interleave) and two inputs read
    from stdin (the first would read it all, the second would find it empty)."""
    writers = [n for n in OUTPUTS if _data_on_stdout(params.get(n))]
    if len(writers) > 1:
        raise OptionConflictError(
            f"{writers[0]} and {writers[1]} both write to standard output; give one a file"
        )
    # (--history-db - is a database file named `-`, not stdin)
    readers = [n for n in INPUTS if n != HISTORY and n in params and reads_stdin(params[n])]
    for name in WORD_ARGUMENTS:
        value = params.get(name)
        if isinstance(value, (list, tuple)) and any(reads_stdin(v) for v in value):
            readers.insert(0, name.upper())
    if len(readers) > 1:
        raise OptionConflictError(
            f"{readers[0]} and {readers[1]} both read standard input; give one of them a file"
        )


def reads_stdin(source: Any) -> bool:
    """Whether an input reads the stream on stdin: `-`, or a path to it (/dev/stdin,
    /dev/fd/0, the FIFO stdin comes from) when it is a pipe or a device, which can be read
    once; a regular file on stdin can be read again by its path."""
    if source == STDOUT:
        return True
    there = _stat(source) if isinstance(source, str) and source else None
    try:
        here = os.fstat(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):  # a test runner's buffer, no stdin
        return False
    return there is not None and _same(here, there) and not stat.S_ISREG(here.st_mode)


def _data_on_stdout(dest: Any) -> bool:
    """Whether an output lands in stdout's own file or pipe: `-`, or its path; a terminal or
    /dev/null that stdout happens to be (stderr's too, often) is shared by design."""
    if not isinstance(dest, str) or not is_stdout(dest):
        return False
    if dest == STDOUT:
        return True
    with contextlib.suppress(OSError):
        return not stat.S_ISCHR(os.stat(dest).st_mode)
    return True


def _input_path(name: str, value: Any) -> str | None:
    """The file an input parameter reads (a built-in table's; stdin's for `-`)."""
    if not isinstance(value, str):
        return None
    if value == STDOUT:
        return "/dev/stdin"
    if name not in TABLES:
        return value
    from wordkit import tables

    try:
        return tables.resolve(value)
    except WordkitError:
        return None  # not a file: the command says so


def _default_history() -> str | None:
    """Where the game history is when no --history-db is given."""
    from wordkit.history import HistoryError, default_history_path

    try:
        return str(default_history_path())
    except HistoryError:  # no home directory
        return None


def _overwrites(dest: str, source: str, name: str) -> bool:
    """Whether writing `dest` would overwrite the regular file `source` read by the parameter
    `name` (for the game history, a journal file SQLite keeps beside it too)."""
    there = _stat(dest)
    if there is None:
        return False
    found = _stat(source)
    if found is None or not stat.S_ISREG(found.st_mode):
        return False  # a FIFO or a device is not overwritten (nor read here: it could block)
    journals = [source + "-wal", source + "-journal"] if name == HISTORY else []
    for path in (source, *journals):
        found = _stat(path)
        if found is not None and stat.S_ISREG(found.st_mode) and _same(found, there):
            return True
    return False


def _clash(a: str, b: str) -> bool:
    """Whether two outputs would write one regular file (one would overwrite the other)."""
    if STDOUT in (a, b) or "special" in (_kind(a), _kind(b)):
        return False
    return same_file(a, b)


def check_not_a_sweep(path: str | None) -> None:
    """Refuse to replace an opener sweep's records with a run's games: they are what resumes
    the sweep (maybe hours of work), and one forgotten `--openers` would lose them."""
    if path is None or not can_resume(path):
        return
    import json

    try:
        with open(path, "rb") as file:
            first = file.readline(1 << 16)
        header = json.loads(first)
    except (OSError, ValueError):
        return
    if isinstance(header, dict) and set(header) == {"sweep"}:
        raise OutputPathError(
            f"--records {shortened(path)} holds an opener sweep's results (`stats wordle "
            "--openers` resumes from it); give another file"
        )


def write_records(path: str | None, records: Sequence[GameRecord]) -> None:
    """Write one JSON line per game to `path` (`-`: stdout; a link or special file is written
    through, a regular file replaced atomically), when a path was given."""
    if path is None:
        return
    from wordkit import runner

    write(runner.record_lines(list(records)), path)


@contextlib.contextmanager
def kept_on_failure(path: str | None, told: Callable[[str], None] | None = None) -> Iterator[None]:
    """Write the games a stopped run finished to `--records`: a failed run (a cluster lost
    mid-run) says so in its error; an interrupted one (Ctrl-C, SIGTERM) tells `told`, and its
    interrupt goes on."""
    try:
        yield
    except (WordkitError, KeyboardInterrupt) as exc:
        done = _finished_games(exc)
        if path is None or not done:
            raise  # nothing finished, or not games (a book's build)
        if isinstance(exc, KeyboardInterrupt):
            with contextlib.suppress(OSError):  # a closed terminal or pipe: the interrupt wins
                write_records(path, done)
                if told is not None and not is_stdout(path):
                    told(f"The {len(done):,} games finished are kept in {path}.")
            raise
        write_records(path, done)
        raise type(exc)(f"{exc}; the {len(done):,} games finished are kept in {path}") from exc


def _finished_games(exc: BaseException) -> list[GameRecord]:
    """The games a stopped run had finished, as its error carries them."""
    from wordkit.runner import GameRecord

    # Hangman's chunks give (index, record) pairs
    done = [d[-1] if isinstance(d, tuple) else d for d in getattr(exc, "partial", ())]
    return done if done and all(isinstance(d, GameRecord) for d in done) else []
