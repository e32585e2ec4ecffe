"""The trainer's advice on a move, the same for both games:
the expected size of the list a move leaves, against the AI's move."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Advice:
    """Possibilities before the move (and after, once answered); the expected list size the
    move leaves, and the AI's move with its own."""

    remaining: int
    left: int | None
    guess: str
    expected: float
    best: str
    best_expected: float
