"""The Wordle guessers: each a callable from a `State` to a `Decision`, registered by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordkit.errors import UnknownNameError
from wordkit.wordle.guessers.base import Decision, Guesser, PartitionGuesser, best_opener
from wordkit.wordle.guessers.entropy import EntropyGuesser
from wordkit.wordle.guessers.expected_size import ExpectedSizeGuesser
from wordkit.wordle.guessers.heuristic import HeuristicGuesser
from wordkit.wordle.guessers.minimax import MinimaxGuesser
from wordkit.wordle.guessers.optimal import OptimalGuesser


def _original_heuristic(**options: Any) -> HeuristicGuesser:
    """The rule-based player in its original form: it explores even with two answers left."""
    return HeuristicGuesser(**{"name": "heuristic-original", "win_below": 0, **options})


GUESSERS: dict[str, Callable[..., PartitionGuesser]] = {
    "expected-size": ExpectedSizeGuesser,
    "entropy": EntropyGuesser,
    "minimax": MinimaxGuesser,
    "heuristic": HeuristicGuesser,
    "heuristic-original": _original_heuristic,
    "optimal": OptimalGuesser,
}


RENAMED = {"heuristic-seed": "heuristic-original"}
"""Strategies known by another name before: refused with the new one."""


def guesser_names() -> tuple[str, ...]:
    """The registered names, in registry order."""
    return tuple(GUESSERS)


def make_guesser(name: str, **options: Any) -> PartitionGuesser:
    """The guesser registered under `name` (options: opener, ...); else UnknownNameError."""
    try:
        factory = GUESSERS[name]
    except KeyError:
        if name in RENAMED:
            raise UnknownNameError(f"the strategy {name} is now called {RENAMED[name]}") from None
        raise UnknownNameError(
            f"unknown Wordle strategy {name!r}; choose from {', '.join(GUESSERS)}"
        ) from None
    return factory(**options)


__all__ = [
    "GUESSERS",
    "Decision",
    "EntropyGuesser",
    "ExpectedSizeGuesser",
    "Guesser",
    "HeuristicGuesser",
    "MinimaxGuesser",
    "OptimalGuesser",
    "PartitionGuesser",
    "best_opener",
    "guesser_names",
    "make_guesser",
]
