"""Hangman guessers: a registry of named strategies."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordkit.errors import UnknownNameError
from wordkit.strategies.hangman.base import Board, Decision, Guesser, board_for, next_board
from wordkit.strategies.hangman.coverage import Coverage
from wordkit.strategies.hangman.entropy import Entropy
from wordkit.strategies.hangman.lookahead import Lookahead
from wordkit.strategies.hangman.model import LetterModelGuesser

GuesserFactory = Callable[..., Guesser]

GUESSERS: dict[str, GuesserFactory] = {
    "coverage": Coverage,
    "entropy": Entropy,
    "lookahead": Lookahead,
    "model": LetterModelGuesser,
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


__all__ = [
    "Board",
    "Decision",
    "Guesser",
    "board_for",
    "guesser_names",
    "make_guesser",
    "next_board",
]
