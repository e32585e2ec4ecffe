"""A rule-based player in three phases, explore / find position / try to win, each with a
convex score of letter frequency, positional frequency and unseen letters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from wordkit.wordle import partitions
from wordkit.wordle.guessers.base import Decision, PartitionGuesser, best_decision
from wordkit.wordle.lists import Wordle
from wordkit.wordle.partitions import Answers, Rows
from wordkit.wordle.rules import MAX_GUESSES, State

Weights = tuple[float, float, float]  # letter frequency, positional frequency, unseen letters


@dataclass(eq=False)
class HeuristicGuesser(PartitionGuesser):
    """A rule-based player in three phases: explore / find position / try to win."""

    name: str = "heuristic"
    # Weights per phase (letter freq, positional freq, unseen letters); the original leaves
    # them arbitrary, so these were picked by benchmark on the reference lists.
    explore: Weights = (0.1, 0.2, 0.7)
    find_position: Weights = (0.2, 0.3, 0.5)
    try_to_win: Weights = (0.5, 0.5, 0.0)
    # Guessing a candidate is never worse than exploring with ≤ 2 left (the original would
    # explore); set to 0 for its literal behaviour.
    win_below: int = 3
    last_turn: int = MAX_GUESSES
    uses_turn: ClassVar[bool] = True

    def phase(self, game: Wordle, remaining: Answers, turn: int) -> str:
        """'try-to-win', 'find-position' or 'explore' for this position."""
        if turn >= self.last_turn or len(remaining) < self.win_below:
            return "try-to-win"
        present, placed, _ = letter_knowledge(game, remaining)
        # A yellow letter is present in every answer but not at one known position.
        return "find-position" if (present & ~placed).any() else "explore"

    def pick(self, state: State) -> Decision:
        """The guess with the highest convex score in the current phase."""
        game, candidates, remaining = state.game, state.legal_rows, state.remaining
        phase = self.phase(game, remaining, state.turn)
        weights = {"explore": self.explore, "find-position": self.find_position}.get(
            phase, self.try_to_win
        )
        possible = partitions.in_remaining(game, candidates, remaining)
        # Find-position and try-to-win score only possible answers (they obey the
        # yellow rule); explore scores every allowed guess.
        rows = candidates if phase == "explore" else candidates[possible]
        if len(rows) == 0:
            rows = candidates
        score = heuristic_scores(game, remaining, rows, weights)
        return best_decision(state, rows, [-np.round(score, 12)], score, f"{phase} score")


def letter_knowledge(game: Wordle, remaining: Answers) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per letter: present in every answer, placed (green somewhere), seen at all."""
    letters = game.guess_letters[game.answer_rows[remaining]]  # (n, L)
    nalpha = len(game.alphabet)
    contains = np.zeros((len(remaining), nalpha), dtype=bool)
    contains[np.arange(len(remaining))[:, None], letters] = True
    present = np.asarray(contains.all(axis=0))
    # Green optimisation: a letter shared by every answer at one position is green.
    placed = np.zeros(nalpha, dtype=bool)
    for i in range(game.length):
        column = letters[:, i]
        if (column == column[0]).all():
            placed[column[0]] = True
    # Gray optimisation: a letter in no remaining answer is as good as gray, so it is
    # "seen"; present letters are yellow or green, also seen.
    seen = present | ~np.asarray(contains.any(axis=0))
    return present, placed, seen


def heuristic_scores(game: Wordle, remaining: Answers, rows: Rows, weights: Weights) -> np.ndarray:
    """Convex combination of normalised letter, positional and unseen-letter scores."""
    answer_letters = game.guess_letters[game.answer_rows[remaining]]
    nalpha = len(game.alphabet)
    # Under a prior each answer counts by its weight (uniform: by one, as the original).
    weight = partitions.remaining_prior(game, remaining) if game.weighted else None
    freq = np.bincount(
        answer_letters.ravel(),
        weights=None if weight is None else np.repeat(weight, game.length),
        minlength=nalpha,
    ).astype(np.float64)
    positional = np.stack(
        [
            np.bincount(answer_letters[:, i], weights=weight, minlength=nalpha)
            for i in range(game.length)
        ]
    ).astype(np.float64)  # (L, alphabet)
    _, _, seen = letter_knowledge(game, remaining)
    letters = game.guess_letters[rows]
    first = first_occurrence(letters)  # repeated letters earn nothing twice
    letter_score = (freq[letters] * first).sum(axis=1)
    pos_score = positional[np.arange(game.length), letters].sum(axis=1)
    unseen_score = ((~seen)[letters] & first).sum(axis=1).astype(np.float64)
    parts = [letter_score, pos_score, unseen_score]
    total = np.zeros(len(rows))
    for w, part in zip(weights, parts, strict=True):
        top = part.max() if len(part) else 0.0
        if w and top > 0:
            total += w * part / top
    return total


def first_occurrence(letters: np.ndarray) -> np.ndarray:
    """Mask of positions holding a letter's first occurrence in its word."""
    first = np.ones(letters.shape, dtype=bool)
    for i in range(1, letters.shape[1]):
        first[:, i] = ~(letters[:, :i] == letters[:, i, None]).any(axis=1)
    return first
