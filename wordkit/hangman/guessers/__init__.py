"""Hangman guessers: a registry of named strategies, each a callable from a Board to a Decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordkit.errors import UnknownNameError
from wordkit.hangman.board import Guesser
from wordkit.hangman.guessers.best import BestGuesser
from wordkit.hangman.guessers.coverage import CoverageGuesser
from wordkit.hangman.guessers.entropy import EntropyGuesser
from wordkit.hangman.guessers.expected_size import ExpectedSizeGuesser
from wordkit.hangman.guessers.lookahead import LookaheadGuesser
from wordkit.hangman.guessers.minimax import GreedyGuesser, MinimaxGuesser, MinimaxSearchGuesser
from wordkit.hangman.guessers.model import LetterModelGuesser

GuesserFactory = Callable[..., Guesser]

GUESSERS: dict[str, GuesserFactory] = {
    "best": BestGuesser,
    "coverage": CoverageGuesser,
    "entropy": EntropyGuesser,
    "lookahead": LookaheadGuesser,
    "model": LetterModelGuesser,
    "expected-size": ExpectedSizeGuesser,
    "greedy": GreedyGuesser,
    "minimax": MinimaxGuesser,
    "minimax-search": MinimaxSearchGuesser,
}


def guesser_names() -> list[str]:
    """Names of the registered strategies, in registration order."""
    return list(GUESSERS)


def make_guesser(name: str, **options: Any) -> Guesser:
    """A fresh guesser of strategy `name` with its keyword options."""
    factory = GUESSERS.get(name)
    if factory is None:
        raise UnknownNameError(
            f"unknown Hangman strategy {name!r} (choose from {', '.join(GUESSERS)})"
        )
    return factory(**options)


DEFAULT_STRATEGY = "best"
"""The strongest strategy, and fast: what solve, query and stats play unless told otherwise."""
