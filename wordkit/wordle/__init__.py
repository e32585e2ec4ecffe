"""Wordle: rules and state, word lists, the pattern matrix, partitions, guessers, the exact
search, hosts, the trainer and the game loop; `Session` is the public face (imported on first
use, so `import wordkit.wordle` stays light)."""

from __future__ import annotations

from typing import Any

__all__ = ["Session"]


def __getattr__(name: str) -> Any:
    """`Session` (and its module) on first use."""
    if name == "Session":
        from wordkit.wordle.session import Session

        return Session
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
