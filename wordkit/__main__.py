"""`python -m wordkit` and the `wordkit` console script."""

from __future__ import annotations

import sys


def main() -> None:
    """Start the command line; Ctrl-C while it starts up is a quiet exit 130."""
    try:
        from wordkit.cli import app
    except KeyboardInterrupt:
        sys.stderr.write("Interrupted.\n")
        sys.exit(130)
    app()


if __name__ == "__main__":
    main()
