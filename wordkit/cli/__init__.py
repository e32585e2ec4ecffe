"""The `wordkit` command line: each command parses, calls one core function, and renders.

Only this package prints; the core raises typed errors that `app` turns into `Error: ...` lines.
Nothing heavy is imported before a command runs, so `wordkit --help` starts at once.
"""

from __future__ import annotations

from wordkit.cli.app import app

__all__ = ["app"]
