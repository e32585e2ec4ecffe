"""`coverage`: seed 000 (CodeWords) faithfully: candidate elimination, word match, fallbacks."""

from __future__ import annotations

from itertools import product

import numpy as np

from wordkit.games.hangman import ALPHABET, HIDDEN, HangmanState, exhausted_letters
from wordkit.strategies.hangman.base import (
    Board,
    Decision,
    candidate_words,
    fallback_letter,
    hidden_positions,
    lowest_bit,
)

FREQUENCY_ORDER = "etaoinshrldcumfpgwybvkxjqz"
LETTER_PERCENT = dict(
    zip(
        FREQUENCY_ORDER,
        (12.70, 9.06, 8.17, 7.51, 6.97, 6.75, 6.33, 6.09, 5.99, 4.03, 4.25, 2.78, 2.76,
         2.41, 2.23, 1.93, 2.02, 2.36, 1.97, 1.29, 0.98, 0.77, 0.15, 0.15, 0.10, 0.07),
        strict=True,
    )
)
FIRST_PERCENT = dict(
    zip(
        ALPHABET,
        (11.7, 4.4, 5.2, 3.2, 2.8, 4.0, 1.6, 4.2, 7.3, 0.5, 0.9, 2.4, 3.8, 2.3, 7.6, 4.3, 0.2,
         2.8, 6.7, 16.0, 1.2, 0.8, 5.5, 0.05, 0.8, 0.05),
        strict=True,
    )
)
LAST_PERCENT = dict(
    zip(
        ALPHABET,
        (2.0, 0.3, 0.6, 6.9, 19.0, 2.1, 2.4, 2.9, 0.6, 0.05, 0.9, 4.5, 1.9, 6.6, 4.5, 0.8, 0.05,
         5.4, 14.0, 8.6, 0.6, 0.1, 0.5, 0.3, 5.6, 0.1),
        strict=True,
    )
)
BIGRAM_PERCENT = {
    "th": 3.56, "he": 3.07, "in": 2.43, "er": 2.05, "an": 1.99, "re": 1.85, "on": 1.76,
    "at": 1.49, "en": 1.45, "nd": 1.35, "ti": 1.34, "es": 1.34, "or": 1.28, "te": 1.20,
    "of": 1.17, "ed": 1.17, "is": 1.13, "it": 1.12, "al": 1.09, "ar": 1.07, "st": 1.05,
    "to": 1.04, "nt": 1.04, "ng": 0.95, "se": 0.93, "ha": 0.93, "as": 0.87, "ou": 0.87,
    "io": 0.83, "le": 0.83, "ve": 0.83, "co": 0.79, "me": 0.79, "de": 0.76, "hi": 0.76,
    "ri": 0.73, "ro": 0.73, "ic": 0.70, "ne": 0.69, "ea": 0.69, "ra": 0.69, "ce": 0.65,
    "li": 0.62, "ch": 0.60, "ll": 0.58, "be": 0.58, "ma": 0.57, "si": 0.55, "om": 0.55,
    "ur": 0.54,
}  # fmt: skip
EDGE_BONUS = 1.5
BIGRAM_BONUS = 3.0
CONFIDENCE_FALLBACK = 0.1
CONFIDENCE_CONSTRUCTION = {1: 0.7, 2: 0.4}
MAX_CONSTRUCTION_BLANKS = 2


def coverage_decision(board: Board) -> Decision:
    """Seed 000's move: elimination letter, whole word at one candidate, else fallbacks."""
    n = len(board.ids)
    if n == 1:
        return Decision(board.pool.lexicon.enc.words[board.ids[0]], 1.0, "whole-word")
    if n == 0:
        return out_of_dictionary_decision(board.state)
    letter, count = covering_letter(board)
    if letter is None:
        return Decision(candidate_words(board)[0], 1.0 / n, "whole-word")
    return Decision(letter, count / n, "coverage")


def covering_letter(board: Board) -> tuple[str | None, int]:
    """The open letter in most candidates (once per word); ties: first met walking the list."""
    hidden = hidden_positions(board)
    present = hidden != 0
    counts = present.sum(axis=0)
    best = int(counts.max()) if len(counts) else 0
    if best == 0:
        return None, 0
    tied = np.flatnonzero(counts == best)
    if len(tied) == 1:
        return ALPHABET[int(tied[0])], best
    first_word = present[:, tied].argmax(axis=0)
    keys = [
        (int(row), lowest_bit(int(hidden[row, code])))
        for row, code in zip(first_word, tied, strict=True)
    ]
    winner = int(tied[min(range(len(tied)), key=keys.__getitem__)])
    return ALPHABET[winner], best


def out_of_dictionary_decision(state: HangmanState) -> Decision:
    """No candidate: construct a word for 1-2 blanks (classic), else the frequency fallback."""
    blanks = state.mask.count(HIDDEN)
    if state.rules.variant == "classic" and 1 <= blanks <= MAX_CONSTRUCTION_BLANKS:
        word = constructed_word(state)
        if word is not None:
            return Decision(word, CONFIDENCE_CONSTRUCTION[blanks], "construction")
    return Decision(fallback_letter(state, FREQUENCY_ORDER), CONFIDENCE_FALLBACK, "fallback")


def blank_scores(state: HangmanState, pos: int) -> list[tuple[float, str]]:
    """Unguessed letters for the blank at `pos`, scored base + edge bonus + bigram bonus, best first."""
    mask = state.mask
    closed = exhausted_letters(state)
    scored: list[tuple[float, str]] = []
    for ch in FREQUENCY_ORDER:
        if ch in closed:
            continue
        score = LETTER_PERCENT[ch]
        if pos == 0:
            score += FIRST_PERCENT[ch] * EDGE_BONUS
        if pos == len(mask) - 1:
            score += LAST_PERCENT[ch] * EDGE_BONUS
        if pos > 0 and mask[pos - 1] != HIDDEN:
            score += BIGRAM_PERCENT.get(mask[pos - 1] + ch, 0.0) * BIGRAM_BONUS
        if pos + 1 < len(mask) and mask[pos + 1] != HIDDEN:
            score += BIGRAM_PERCENT.get(ch + mask[pos + 1], 0.0) * BIGRAM_BONUS
        scored.append((score, ch))
    scored.sort(key=lambda item: -item[0])
    return scored


def constructed_word(state: HangmanState) -> str | None:
    """The best-scoring fill of the blanks not already refuted, or None when all were tried."""
    blanks = [i for i, ch in enumerate(state.mask) if ch == HIDDEN]
    options = [blank_scores(state, pos) for pos in blanks]
    combos = sorted(product(*options), key=lambda combo: -sum(s for s, _ in combo))
    refuted = set(state.words)
    for combo in combos:
        letters = list(state.mask)
        for pos, (_, ch) in zip(blanks, combo, strict=True):
            letters[pos] = ch
        word = "".join(letters)
        if word not in refuted:
            return word
    return None


class Coverage:
    """Seed 000's CodeWords AI."""

    name = "coverage"

    def decide(self, board: Board) -> Decision:
        """The move seed 000 would make."""
        return coverage_decision(board)
