"""`coverage`: the CodeWords AI, faithfully: candidate elimination, word match, fallbacks."""

from __future__ import annotations

from itertools import product

import numpy as np

from wordkit.hangman.board import (
    FALLBACK_ORDER,
    Board,
    Decision,
    candidate_words,
    fallback,
    hidden_positions,
    hit_chance,
    lowest_bit,
    word_chance,
)
from wordkit.hangman.rules import ALPHABET, HIDDEN, State, exhausted_letters

LETTER_PERCENT = {
    "e": 12.70, "t": 9.06, "a": 8.17, "o": 7.51, "i": 6.97, "n": 6.75, "s": 6.33, "h": 6.09,
    "r": 5.99, "l": 4.03, "d": 4.25, "c": 2.78, "u": 2.76, "m": 2.41, "f": 2.23, "p": 1.93,
    "g": 2.02, "w": 2.36, "y": 1.97, "b": 1.29, "v": 0.98, "k": 0.77, "x": 0.15, "j": 0.15,
    "q": 0.10, "z": 0.07,
}  # fmt: skip
FIRST_PERCENT = {
    "a": 11.7, "b": 4.4, "c": 5.2, "d": 3.2, "e": 2.8, "f": 4.0, "g": 1.6, "h": 4.2, "i": 7.3,
    "j": 0.5, "k": 0.9, "l": 2.4, "m": 3.8, "n": 2.3, "o": 7.6, "p": 4.3, "q": 0.2, "r": 2.8,
    "s": 6.7, "t": 16.0, "u": 1.2, "v": 0.8, "w": 5.5, "x": 0.05, "y": 0.8, "z": 0.05,
}  # fmt: skip
LAST_PERCENT = {
    "a": 2.0, "b": 0.3, "c": 0.6, "d": 6.9, "e": 19.0, "f": 2.1, "g": 2.4, "h": 2.9, "i": 0.6,
    "j": 0.05, "k": 0.9, "l": 4.5, "m": 1.9, "n": 6.6, "o": 4.5, "p": 0.8, "q": 0.05, "r": 5.4,
    "s": 14.0, "t": 8.6, "u": 0.6, "v": 0.1, "w": 0.5, "x": 0.3, "y": 5.6, "z": 0.1,
}  # fmt: skip
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
    """The CodeWords AI's move: elimination letter, whole word at one candidate, else fallbacks."""
    n = len(board.ids)
    if n == 1:
        return Decision(board.pool.lexicon.enc.words[board.ids[0]], 1.0, "word")
    if n == 0:
        return out_of_dictionary_decision(board.state)
    letter, _ = covering_letter(board)
    if letter is None:
        word = candidate_words(board)[0]
        return Decision(word, word_chance(board, word), "word")
    return Decision(letter, hit_chance(board, ALPHABET.index(letter)), "coverage")


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


def out_of_dictionary_decision(state: State) -> Decision:
    """No candidate: construct a word for 1-2 blanks (classic), else the frequency fallback.

    A refuted word of one blank rules out a letter, as a letter guess would; one of two
    blanks rules out only a pair, so two blanks get one construction until a letter shows
    more (else, with lives to spare, it would try the 676 pairs one by one)."""
    blanks = state.mask.count(HIDDEN)
    tried = blanks > 1 and any(shows(state.mask, word) for word in state.words)
    if state.rules.variant == "classic" and 1 <= blanks <= MAX_CONSTRUCTION_BLANKS and not tried:
        word = constructed_word(state)
        if word is not None:
            return Decision(word, CONFIDENCE_CONSTRUCTION[blanks], "construction")
    return fallback(state, confidence=CONFIDENCE_FALLBACK)


def shows(mask: str, word: str) -> bool:
    """Whether `word` fits the places `mask` shows (classic)."""
    return len(word) == len(mask) and all(m in (HIDDEN, w) for m, w in zip(mask, word, strict=True))


def blank_scores(state: State, pos: int) -> list[tuple[float, str]]:
    """Open letters for the blank at `pos`: base + edge bonus + bigram bonus, best first."""
    mask = state.mask
    closed = exhausted_letters(state)
    scored: list[tuple[float, str]] = []
    for ch in FALLBACK_ORDER:
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


def constructed_word(state: State) -> str | None:
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


class CoverageGuesser:
    """The CodeWords AI."""

    name = "coverage"

    def __call__(self, board: Board) -> Decision:
        """The move the CodeWords AI would make."""
        return coverage_decision(board)
