"""`python -m wordkit` and the `wordkit` console script."""

from __future__ import annotations

import os
import sys
from types import TracebackType


def _quiet_interrupt(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """Ctrl-C before the command line takes over (while Python imports): one line, no trace."""
    if issubclass(kind, KeyboardInterrupt):
        sys.stderr.write("Interrupted.\n")
        sys.stderr.flush()
        # Python would now kill itself with SIGINT (exit -2); exit 130 as the CLI does.
        os._exit(130)
    sys.__excepthook__(kind, error, trace)


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


_reopen_closed_streams()
sys.excepthook = _quiet_interrupt


def main() -> None:
    """Start the command line; Ctrl-C at any moment is one `Interrupted.` line and exit 130."""
    try:
        from wordkit.cli import app

        app()
        return
    except KeyboardInterrupt:
        pass  # leave the handler first: exiting inside it reports the signal, not 130
    sys.stderr.write("Interrupted.\n")
    sys.exit(130)


if __name__ == "__main__":
    main()
