"""One-off slow steps of either game (a Wordle pattern matrix, a decision tree, an opener, a
Hangman policy book) say what they are doing: the command line listens when stderr is a
terminal; the game packages print nothing themselves."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

Listener = Callable[[str], None]
_listeners: list[Listener] = []


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Send every notice to `listener` while the block runs."""
    _listeners.append(listener)
    try:
        yield
    finally:
        _listeners.remove(listener)


def notice(text: str) -> None:
    """Tell the listeners (if any) what slow step starts now."""
    for listener in _listeners:
        listener(text)
