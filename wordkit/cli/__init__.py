"""The `wordkit` command line: each command parses, calls one core function, and formats.

Only this package prints; the core raises typed errors that `app` turns into `Error: ...` lines.
"""

from __future__ import annotations

import sys

from wordkit.cli import hangman as _hangman  # noqa: F401
from wordkit.cli import prepare as _prepare  # noqa: F401  (registers the commands)
from wordkit.cli import wordle as _wordle  # noqa: F401
from wordkit.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    """Entry point of the `wordkit` console script."""
    try:
        app()
    except BrokenPipeError:
        # `wordkit ... | head` closed the pipe: not an error worth a traceback.
        sys.stderr.close()
        sys.exit(0)
