"""`entropy`: information gain blended with a positional score, and early whole-word guesses."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordkit.hangman.board import (
    Board,
    Decision,
    candidate_probs,
    hidden_positions,
    hitting,
)
from wordkit.hangman.guessers.model import model_decision
from wordkit.hangman.lexicon import Floats
from wordkit.hangman.partitions import entropies, family_masses
from wordkit.hangman.rules import ALPHABET, HIDDEN, State, exhausted_letters

EARLY_PROBABILITY = 0.7
EARLY_CANDIDATES = 3
EARLY_MIN_LETTERS = 2
GAIN_WEIGHT, POSITION_WEIGHT = 0.7, 0.3
LATE_GAIN_WEIGHT, LATE_POSITION_WEIGHT = 0.6, 0.4
PLACES_CELLS = 2**18
"""Candidate-letter-place cells worked on at once (2 MB of floats; one letter at least)."""
SCORE_TIE = 1e-9
"""Letter scores (at most 1) this close are equal: letters alike for the candidates score the
same but for rounding, which must not choose between them."""


def places_of(hidden: npt.NDArray[np.uint64], width: int) -> Floats:
    """(candidates, letters, width): 1.0 where the candidate hides the letter at that place."""
    shifts = np.arange(width, dtype=np.uint64)
    return ((hidden[:, :, None] >> shifts) & np.uint64(1)).astype(np.float64)


def classic_gains(hidden: npt.NDArray[np.uint64], probs: Floats) -> Floats:
    """Per letter (column), the entropy of its (deterministic) outcome pattern: the information
    gained."""
    return entropies(family_masses(hidden, probs))


def advanced_gains(hidden: npt.NDArray[np.uint64], probs: Floats, places: Floats) -> Floats:
    """Per letter, mutual information between the word and the one position the host reveals:
    the entropy of the place shown (or a miss) less that of the host's choice among k."""
    counts = np.bitwise_count(hidden).astype(np.float64)
    share = np.divide(probs[:, None], counts, out=np.zeros_like(counts), where=counts > 0)
    shown = (share[:, :, None] * places).sum(axis=0)
    missed = (probs[:, None] * (counts == 0)).sum(axis=0)
    noise = probs[:, None] * np.log2(counts, out=np.zeros_like(counts), where=counts > 0)
    return entropies(np.concatenate([shown, missed[:, None]], axis=1)) - noise.sum(axis=0)


def positional_values(probs: Floats, places: Floats) -> Floats:
    """Per letter, the sum over hidden positions of 4 r (1 - r), r = P(letter there)."""
    ratio = (probs[:, None, None] * places).sum(axis=0)
    return (4.0 * ratio * (1.0 - ratio)).sum(axis=1)


def blend_weights(state: State, expected_length: float) -> tuple[float, float]:
    """Gain and positional weights: 0.7/0.3, 0.6/0.4 once under half the word is hidden."""
    hidden = state.mask[: max(1, round(expected_length))].count(HIDDEN)
    if hidden < 0.5 * expected_length:
        return LATE_GAIN_WEIGHT, LATE_POSITION_WEIGHT
    return GAIN_WEIGHT, POSITION_WEIGHT


def early_word(board: Board, probs: Floats) -> bool:
    """The early whole-word guess: one likely enough word (or, under
    finish=word, at most three candidates once two letters were guessed)."""
    if probs.max() > EARLY_PROBABILITY:
        return True
    return (
        board.state.rules.finish == "word"
        and len(board.ids) <= EARLY_CANDIDATES
        and len(set(board.state.letters)) >= EARLY_MIN_LETTERS
    )


def letter_scores(board: Board, probs: Floats) -> Floats:
    """The blended score of every letter (-inf where it cannot help)."""
    hidden = hidden_positions(board)
    width = len(board.state.mask)
    advanced = board.state.rules.variant == "advanced"
    gains, positional = np.zeros(26), np.zeros(26)
    # letters a block at a time: a block's places are a float a candidate, letter and place
    block = max(1, PLACES_CELLS // max(1, len(hidden) * width))
    for first in range(0, 26, block):
        letters = slice(first, first + block)
        places = places_of(hidden[:, letters], width)
        if advanced:
            gains[letters] = advanced_gains(hidden[:, letters], probs, places)
        else:
            gains[letters] = classic_gains(hidden[:, letters], probs)
        positional[letters] = positional_values(probs, places)
    held = hidden.any(axis=0)  # a letter no candidate hides is worth nothing
    gains[~held], positional[~held] = 0.0, 0.0
    return blended(board, probs, gains, positional)


def blended(board: Board, probs: Floats, gains: Floats, positional: Floats) -> Floats:
    """The agent's score of each letter from its gain and positional value, each scaled by the
    best letter's and weighed by how much of the word is hidden (-inf where it cannot help)."""
    score = np.full(26, -np.inf)
    if gains.max() <= 1e-12:
        return score
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


def ranked_letters(score: Floats) -> list[int]:
    """The codes of the letters that can help, best score first; scores within SCORE_TIE of
    the first of their run are ties, taken in alphabetical order."""
    order = [int(c) for c in np.argsort(-score, kind="stable") if np.isfinite(score[c])]
    ranked: list[int] = []
    while order:
        top = score[order[0]]
        run = [c for c in order if score[c] >= top - SCORE_TIE]
        ranked += sorted(run)
        order = [c for c in order if score[c] < top - SCORE_TIE]
    return ranked


def entropy_decision(board: Board, probs: Floats | None = None) -> Decision:
    """The information-gain move (`probs`: the candidates' posterior, when known)."""
    n = len(board.ids)
    if n == 0:
        return model_decision(board)
    probs = candidate_probs(board) if probs is None else probs
    words = board.pool.lexicon.enc.words
    top = int(np.argmax(probs))
    if n == 1 or early_word(board, probs):
        return Decision(words[board.ids[top]], float(probs[top]), "word")
    score = letter_scores(board, probs)
    if not np.isfinite(score.max()):
        return Decision(words[board.ids[top]], float(probs[top]), "word")
    code = int(np.flatnonzero(score >= score.max() - SCORE_TIE)[0])  # ties: alphabetical
    hit = float(probs[hitting(board, code)].sum())  # a letter not exhausted: hits where hidden
    return Decision(ALPHABET[code], hit, "entropy")


@dataclass
class EntropyGuesser:
    """Information gain blended with a positional score, and early whole-word guesses."""

    name: str = "entropy"

    def __call__(self, board: Board) -> Decision:
        """The move of the blended score, or an early word."""
        return entropy_decision(board)
