"""Hangman guessers: a registry of named strategies, each a callable from a Board to a Decision."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from wordkit.errors import UnknownNameError
from wordkit.hangman.board import Guesser

GuesserFactory = Callable[..., Guesser]

GUESSERS: dict[str, str] = {
    "best": "best:BestGuesser",
    "coverage": "coverage:CoverageGuesser",
    "entropy": "entropy:EntropyGuesser",
    "lookahead": "lookahead:LookaheadGuesser",
    "model": "model:LetterModelGuesser",
    "expected-size": "expected_size:ExpectedSizeGuesser",
    "greedy": "minimax:GreedyGuesser",
    "minimax": "minimax:MinimaxGuesser",
    "minimax-search": "minimax:MinimaxSearchGuesser",
}
"""Each strategy's module (in this package) and class: only the one played is imported."""


def guesser_factory(name: str) -> GuesserFactory:
    """The class of strategy `name`."""
    where = GUESSERS.get(name)
    if where is None:
        raise UnknownNameError(
            f"unknown Hangman strategy {name!r}; choose from {', '.join(GUESSERS)}"
        )
    module, cls = where.split(":")
    factory: GuesserFactory = getattr(importlib.import_module(f"{__name__}.{module}"), cls)
    return factory


def guesser_names() -> list[str]:
    """Names of the registered strategies, in registration order."""
    return list(GUESSERS)


def make_guesser(name: str, **options: Any) -> Guesser:
    """A fresh guesser of strategy `name` with its keyword options."""
    return guesser_factory(name)(**options)
