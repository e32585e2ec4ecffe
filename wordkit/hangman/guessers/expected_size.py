"""`expected-size`: the open letter leaving the fewest candidates expected (the trainer's AI)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordkit.hangman.board import Board, Decision, fallback_on, hit_chance, open_codes
from wordkit.hangman.partitions import letter_expected_sizes
from wordkit.hangman.rules import ALPHABET


@dataclass(frozen=True)
class ExpectedSizeGuesser:
    """The letter whose families have the smallest sum of squares (ties: most held, then
    alphabetical); the word once one candidate is left."""

    name: str = "expected-size"

    def __call__(self, board: Board) -> Decision:
        """The expected-size move."""
        enc = board.pool.lexicon.enc
        if len(board.ids) == 1:
            return Decision(enc.words[int(board.ids[0])], 1.0, "word")
        codes = open_codes(board.state)
        if not len(board.ids) or not len(codes):
            return fallback_on(board)
        sizes = letter_expected_sizes(enc, board.ids, codes)
        holding = (enc.positions[board.ids][:, codes] != 0).sum(axis=0)
        pick = int(np.lexsort((codes, -holding, np.round(sizes, 9)))[0])
        code = int(codes[pick])
        return Decision(ALPHABET[code], hit_chance(board, code), "letter")
