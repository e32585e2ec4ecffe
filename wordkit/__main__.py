"""`python -m wordkit` and the `wordkit` console script."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType, TracebackType

from wordkit.errors import Terminated


def _quiet_interrupt(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """Ctrl-C before the command line takes over (while Python imports): one line, no trace."""
    if issubclass(kind, KeyboardInterrupt):
        sys.stderr.write(_stopped(error))
        sys.stderr.flush()
        # Python would now kill itself with SIGINT (exit -2); exit 130 as the CLI does.
        os._exit(143 if _terminated(error) else 130)
    sys.__excepthook__(kind, error, trace)


def _terminated(error: BaseException) -> bool:
    """Whether an interrupt is SIGTERM's, not Ctrl-C's."""
    return isinstance(error, Terminated)


def _stopped(error: BaseException) -> str:
    """The last line of a run an interrupt stopped."""
    return "Terminated.\n" if _terminated(error) else "Interrupted.\n"


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    """SIGTERM unwinds the run like Ctrl-C (files closed, workers and clusters stopped)
    instead of killing it mid-write."""
    raise Terminated


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
if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:  # one the caller set to ignore stays so
    signal.signal(signal.SIGTERM, _on_sigterm)


def main() -> None:
    """Start the command line; Ctrl-C at any moment is one `Interrupted.` line and exit 130,
    SIGTERM one `Terminated.` line and exit 143."""
    try:
        from wordkit.cli import app

        app()
        return
    except KeyboardInterrupt as exc:
        stopped = exc  # leave the handler first: exiting inside it reports the signal
    finally:
        _skip_last_collection()
    sys.stderr.write(_stopped(stopped))
    sys.exit(143 if _terminated(stopped) else 130)


def _skip_last_collection() -> None:
    """Spare the exit its garbage collection: it walks every object the run made (20-40 ms
    of a 0.25 s one-shot command) to free memory the process's end frees anyway. Objects
    still die by their reference counts, and wordkit closes every file it writes itself."""
    import gc

    gc.disable()
    gc.freeze()


if __name__ == "__main__":
    main()
