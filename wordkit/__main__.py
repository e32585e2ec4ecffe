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
