"""What every host is: feedback for a guess in a state, and at the end a word consistent with it."""

from __future__ import annotations

from typing import Protocol, TypeVar

from wordkit.errors import GameStateError

StateT = TypeVar("StateT", contravariant=True)
FeedbackT = TypeVar("FeedbackT", covariant=True)


class NoWordError(GameStateError):
    """No word of the table fits the host's length or category."""


class UnsupportedVariantError(GameStateError):
    """The host cannot play this variant of the game (e.g. evil Hangman, advanced variant)."""


class Host(Protocol[StateT, FeedbackT]):
    """A host: feedback for a guess in a state, and at the end a word consistent with it all."""

    name: str

    def answer(self, state: StateT, guess: str) -> FeedbackT:
        """The feedback for `guess` played in `state` (never prints; typed errors on bad moves)."""
        ...

    def reveal(self) -> str:
        """A word consistent with every answer given so far (the secret, for an honest host)."""
        ...
