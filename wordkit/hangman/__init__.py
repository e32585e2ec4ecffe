"""Hangman: rules, guessers, hosts and the game loop; `Session` is the public face."""

from typing import Any

__all__ = ["Session"]


def __getattr__(name: str) -> Any:
    if name == "Session":  # imported on first use, so `import wordkit.hangman.rules` stays light
        from wordkit.hangman.session import Session

        return Session
    raise AttributeError(name)
