"""Out-of-dictionary play: a letter model learned from the table (placeholder)."""

from __future__ import annotations

from wordkit.strategies.hangman.base import Board, Decision
from wordkit.strategies.hangman.coverage import out_of_dictionary_decision


def model_decision(board: Board) -> Decision:
    """The move when the dictionary has no candidate left."""
    return out_of_dictionary_decision(board.state)
