"""`entropy`: the city-guessing agent: information gain blended with a positional score, early
whole-word guesses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordkit.hangman.board import (
    Board,
    Decision,
    candidate_probs,
    hidden_positions,
)
from wordkit.hangman.guessers.model import model_decision
from wordkit.hangman.lexicon import Floats
from wordkit.hangman.partitions import entropy, family_masses
from wordkit.hangman.rules import ALPHABET, HIDDEN, Bits, State, exhausted_letters

EARLY_PROBABILITY = 0.7
EARLY_CANDIDATES = 3
EARLY_MIN_LETTERS = 2
GAIN_WEIGHT, POSITION_WEIGHT = 0.7, 0.3
LATE_GAIN_WEIGHT, LATE_POSITION_WEIGHT = 0.6, 0.4


def per_letter(hidden: npt.NDArray[np.uint64], value: Callable[[Bits], float]) -> Floats:
    """`value` of each letter's column of hidden positions (0 where no candidate hides it)."""
    out = np.zeros(26)
    for code in range(26):
        if hidden[:, code].any():
            out[code] = value(hidden[:, code])
    return out


def position_bits(col: Bits, width: int) -> Floats:
    """(candidates, width): 1.0 where the candidate hides the letter at that position."""
    shifts = np.arange(width, dtype=np.uint64)
    return ((col[:, None] >> shifts[None, :]) & np.uint64(1)).astype(np.float64)


def classic_gains(hidden: npt.NDArray[np.uint64], probs: Floats) -> Floats:
    """Per letter, the entropy of its (deterministic) outcome pattern: the information gained."""
    return per_letter(hidden, lambda col: entropy(family_masses(col, probs)))


def advanced_gains(hidden: npt.NDArray[np.uint64], probs: Floats, width: int) -> Floats:
    """Per letter, mutual information between the word and the one position the host reveals."""

    def gain(col: Bits) -> float:
        counts = np.bitwise_count(col).astype(np.float64)
        share = np.divide(probs, counts, out=np.zeros_like(probs), where=counts > 0)
        outcome = np.append(share @ position_bits(col, width), probs[counts == 0].sum())
        noise = float((probs[counts > 0] * np.log2(counts[counts > 0])).sum())
        return entropy(outcome) - noise

    return per_letter(hidden, gain)


def positional_values(hidden: npt.NDArray[np.uint64], probs: Floats, width: int) -> Floats:
    """Per letter, the sum over hidden positions of 4 r (1 - r), r = P(letter there)."""

    def value(col: Bits) -> float:
        ratio = probs @ position_bits(col, width)
        return float((4.0 * ratio * (1.0 - ratio)).sum())

    return per_letter(hidden, value)


def blend_weights(state: State, expected_length: float) -> tuple[float, float]:
    """Gain and positional weights: 0.7/0.3, 0.6/0.4 once under half the word is hidden."""
    hidden = state.mask[: max(1, round(expected_length))].count(HIDDEN)
    if hidden < 0.5 * expected_length:
        return LATE_GAIN_WEIGHT, LATE_POSITION_WEIGHT
    return GAIN_WEIGHT, POSITION_WEIGHT


def early_word(board: Board, probs: Floats) -> bool:
    """The city-guessing agent's early whole-word guess: one likely enough word (or, under
    finish=word, at most three candidates once two letters were guessed)."""
    if probs.max() > EARLY_PROBABILITY:
        return True
    return (
        board.state.rules.finish == "word"
        and len(board.ids) <= EARLY_CANDIDATES
        and len(set(board.state.letters)) >= EARLY_MIN_LETTERS
    )


def letter_scores(board: Board, probs: Floats) -> Floats:
    """The city-guessing agent's blended score of every letter (-inf where it cannot help)."""
    hidden = hidden_positions(board)
    width = len(board.state.mask)
    if board.state.rules.variant == "advanced":
        gains = advanced_gains(hidden, probs, width)
    else:
        gains = classic_gains(hidden, probs)
    score = np.full(26, -np.inf)
    if gains.max() <= 1e-12:
        return score
    positional = positional_values(hidden, probs, width)
    lengths = board.pool.lexicon.enc.lengths[board.ids]
    gain_w, pos_w = blend_weights(board.state, float(probs @ lengths))
    score = gain_w * gains / gains.max()
    if positional.max() > 0:
        score += pos_w * positional / positional.max()
    closed = exhausted_letters(board.state)
    for code, ch in enumerate(ALPHABET):
        if ch in closed or gains[code] <= 1e-12:
            score[code] = -np.inf
    return score


def entropy_decision(board: Board) -> Decision:
    """The information-gain move."""
    n = len(board.ids)
    if n == 0:
        return model_decision(board)
    probs = candidate_probs(board)
    words = board.pool.lexicon.enc.words
    top = int(np.argmax(probs))
    if n == 1 or early_word(board, probs):
        return Decision(words[board.ids[top]], float(probs[top]), "word")
    score = letter_scores(board, probs)
    if not np.isfinite(score.max()):
        return Decision(words[board.ids[top]], float(probs[top]), "word")
    code = int(np.argmax(score))
    hit = float(probs[hidden_positions(board)[:, code] != 0].sum())
    return Decision(ALPHABET[code], hit, "entropy")


@dataclass
class EntropyGuesser:
    """The city-guessing agent."""

    name: str = "entropy"

    def __call__(self, board: Board) -> Decision:
        """The move the city-guessing agent would make."""
        return entropy_decision(board)
