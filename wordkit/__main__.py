"""`python -m wordkit` and the `wordkit` console script."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType, TracebackType

from wordkit.errors import STOP_SIGNALS, UNWOUND, Terminated, stopped


def _quiet_interrupt(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """Ctrl-C before the command line takes over (while Python imports): one line, no trace."""
    if isinstance(error, KeyboardInterrupt):
        line, code = stopped(error)
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
        # Python would now kill itself with SIGINT (exit -2); exit 130 as the CLI does.
        os._exit(code)
    sys.__excepthook__(kind, error, trace)


def _unwind(signum: int, frame: FrameType | None) -> None:
    """SIGTERM or SIGHUP unwinds the run like Ctrl-C (files closed, workers and clusters
    stopped) instead of killing it mid-write. Another one is then ignored: `timeout` sends
    two (to the command, then to its group), and the second would cut the cleanup short
    (a pool stopped halfway waits forever for a worker that died holding its lock)."""
    for other in UNWOUND:
        # A handler that does nothing, not SIG_IGN: a worker forked now must still die of
        # SIGTERM (a pool stops its workers with it; wordkit.runner keeps only a caller's
        # SIG_IGN, which is `nohup`'s).
        signal.signal(other, _already_stopping)
    raise Terminated(signum)


def _already_stopping(signum: int, frame: FrameType | None) -> None:
    """Another stop signal while the run unwinds: nothing more to do."""


def _reopen_closed_streams() -> None:
    """Reopen a standard stream the caller closed (`<&-`, `>&-`, `2>&-`) on the null device,
    before anything else opens a file: the next file opened would otherwise take its number,
    and what is meant for the stream would land in that file. A closed stdin reads as empty
    (no input, not a terminal); a closed stderr swallows the messages while the command does
    its job; a closed stdout fails at the first write (the data has nowhere to go: the CLI
    says so in one `Error:` line, exit 1)."""
    for fd, name, flags in ((0, "stdin", os.O_RDONLY), (1, "stdout", os.O_RDONLY),
                            (2, "stderr", os.O_WRONLY)):  # fmt: skip
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        opened = os.open(os.devnull, flags)
        if opened != fd:  # a lower number was closed too; it has been reopened already
            os.dup2(opened, fd)
            os.close(opened)
        if getattr(sys, name) is None:  # Python found it closed at start-up
            mode = "r" if fd == 0 else "w"
            stream = open(fd, mode, encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
            setattr(sys, name, stream)


# OpenBLAS's worker threads spin for 2**28 cycles (~0.1 s) after their last job before they
# sleep, and the process waits for them at exit: a one-shot command paid ~50 ms of wall and CPU
# for a spin it never used. 2**22 cycles keeps them warm across a loop of BLAS calls. The
# number of threads (hence every sum's order and result) is unchanged; a value the user set
# wins. Set before anything imports numpy.
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "22")
_reopen_closed_streams()
sys.excepthook = _quiet_interrupt


def main() -> None:
    """Start the command line; Ctrl-C at any moment is one `Interrupted.` line and exit 130,
    SIGTERM `Terminated.` and 143, SIGHUP `Hung up.` and 129. The handlers are set here, not
    on import: a Dask worker process imports this module again, and its signals are its own."""
    for signum in UNWOUND:  # one a caller set to ignore stays ignored (`nohup`)
        if signal.getsignal(signum) == signal.SIG_DFL:
            signal.signal(signum, _unwind)
    line, code = "", 1  # a bug's traceback ends with 1
    try:
        from wordkit.cli import app

        app()
        code = 0
        return
    except SystemExit as exc:  # how the command line ends
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        raise
    except KeyboardInterrupt as exc:
        line, code = stopped(exc)  # leave the handler first: exiting inside it reports the signal
    finally:
        _run_over(code)
    with contextlib.suppress(OSError):  # a terminal that hung up takes no more lines
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    sys.exit(code)


def _run_over(code: int) -> None:
    """The run is over with exit code `code`. A signal from now on ends the process at once
    with that code (while Python tears down, its handlers are gone and the signal would
    replace the code, or stop a cleanup halfway with a traceback). The exit skips its last
    garbage collection, which walks every object the run made (20-40 ms of a 0.2 s
    one-shot command) to free memory the process's end frees anyway; objects still die by
    their reference counts, and wordkit closes every file it writes itself."""
    import gc

    def end(signum: int, frame: FrameType | None) -> None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)

    for signum in STOP_SIGNALS:
        signal.signal(signum, end)
    gc.disable()
    gc.freeze()


if __name__ == "__main__":
    main()
