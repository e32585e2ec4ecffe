"""How good was my guess: skill and luck for every guess of a game.

For each guess, with n answers possible before it:

- expected answers left: Σ b² / n over the buckets b the guess splits the answers into (the
  trainer's measure), for your guess and for the AI's guess (the strategy's own move);
- skill (0-100): the expected information of your guess, in bits, as a share of the most
  that any allowed guess offers there: 100 × bits / best bits. Under lists with a prior (the
  built-in ones) the bits are weighted by it, as the AI weighs them, so its own guess scores
  100 outside the exact endgame. 100 = a best guess, 0 = a guess
  that can tell no answer apart. With one answer left, only that answer is worth anything
  (100), any other guess 0. Information is the measure (not the expected answers left)
  because it adds up over guesses and rates a first guess and a late guess on one scale.
- luck (0-100): where your actual feedback falls among those your guess could have got, each
  as likely as the answers behind it (their prior mass, under a prior): 100 × (share of the
  answers that would have left more answers + half the share that leave as many). 50 = as
  expected, 100 = the best outcome possible (a win counts as no answer left), 0 = the worst.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from wordkit.game import plural
from wordkit.wordle import partitions
from wordkit.wordle.guessers import PartitionGuesser
from wordkit.wordle.rules import State, parse_feedback, pattern_str


@dataclass(frozen=True, slots=True)
class GuessReview:
    """One guess reviewed: the answers before and after, your guess against the AI's, skill
    and luck."""

    turn: int
    guess: str
    feedback: str
    answers_before: int
    answers_after: int
    expected_left: float
    best_guess: str
    """The AI's guess in the same position (the strategy's own move)."""
    best_expected_left: float
    bits: float
    """Expected information of your guess (bits)."""
    best_bits: float
    """The most expected information any allowed guess offered."""
    bits_gained: float
    """What the actual feedback told: log2(answers before / answers after)."""
    skill: int
    luck: int

    def as_dict(self) -> dict[str, Any]:
        """The review as one JSON object."""
        return asdict(self)

    def pattern(self) -> int:
        """The feedback as a pattern."""
        return parse_feedback(self.feedback, len(self.guess))

    def line(self, arrow: str = "→") -> str:
        """The review as `solve wordle --review` writes it after the guess's tiles."""
        return (
            f"  {self.answers_before:,} {arrow} {plural(self.answers_after, 'answer')}  expected "
            f"{self.expected_left:.1f} left (AI: {self.best_guess.upper()} "
            f"{self.best_expected_left:.1f})  skill {self.skill}  luck {self.luck}"
        )


def skill_of(state: State, row: int) -> tuple[int, float, float]:
    """Skill (0-100) of guess `row` in `state`, its expected bits and the best expected bits."""
    game, rem = state.game, state.remaining
    bits = float(partitions.guess_entropy(game, np.array([row]), rem)[0])
    best = float(partitions.guess_entropy(game, best_rows(state), rem).max())
    if len(rem) == 1:
        return (100 if game.answer_rows[rem[0]] == row else 0), bits, best
    if state.last_chance:  # only winning counts: the guess's chance against the best's
        chance = partitions.remaining_prior(game, rem)
        mine = chance[game.answer_rows[rem] == row].sum()
        return round(100 * float(mine) / float(chance.max())), bits, best
    if best <= 0:
        return 100, bits, best
    return round(100 * min(1.0, max(0.0, bits / best))), bits, best


def best_rows(state: State) -> np.ndarray:
    """The guess rows among which the most informative is: every legal one, or at the opening
    of a list of more than `exact_upto` answers, the entropy opener (the most informative,
    cached on disk: every guess against 11,469 answers took 0.6 s of a review's first turn)."""
    from wordkit.wordle.guessers import EntropyGuesser, best_opener

    entropy = EntropyGuesser()
    if state.turns or len(state.remaining) <= entropy.exact_upto:
        return state.legal_rows
    return np.array([state.game.guess_index[best_opener(state.game, entropy)]])


def luck_of(state: State, row: int, after: State) -> int:
    """Luck (0-100): the actual outcome's rank among the outcomes the guess could have had."""
    game, rem = state.game, state.remaining
    patterns = game.matrix[row, rem]
    values, inverse, counts = np.unique(patterns, return_inverse=True, return_counts=True)
    left = np.where(values == game.win, 0, counts)  # a win leaves nothing to find
    actual = 0 if after.solved else len(after.remaining)
    if game.weighted:  # each outcome as likely as its answers' prior mass
        mass = np.bincount(inverse.ravel(), weights=partitions.remaining_prior(game, rem))
        return round(100 * float(mass[left > actual].sum() + mass[left == actual].sum() / 2))
    worse = counts[left > actual].sum()
    same = counts[left == actual].sum()
    return round(100 * (worse + same / 2) / len(rem))


def review_turn(state: State, row: int, after: State, best: PartitionGuesser) -> GuessReview:
    """The review of guess `row` played in `state` and answered with `after`."""
    game = state.game
    from wordkit.wordle.play import expected_left

    skill, bits, best_bits = skill_of(state, row)
    ai = best(state)
    n_before, n_after = len(state.remaining), len(after.remaining)
    return GuessReview(
        turn=state.turn,
        guess=game.guesses[row],
        feedback=pattern_str(after.turns[-1][1], game.length, "letters"),
        answers_before=n_before,
        answers_after=n_after,
        expected_left=round(expected_left(state, row), 3),
        best_guess=ai.word,
        best_expected_left=round(expected_left(state, ai.row), 3),
        bits=round(bits, 3) + 0.0,  # + 0.0: an entropy of one outcome is -0.0, shown as 0.0
        best_bits=round(best_bits, 3) + 0.0,
        bits_gained=round(math.log2(n_before / n_after), 3),
        skill=skill,
        luck=luck_of(state, row, after),
    )


def review(final: State, guesser: PartitionGuesser) -> list[GuessReview]:
    """Every guess that led to `final` reviewed against the guesser's own moves."""
    states = [final]
    while (previous := states[-1].previous) is not None:
        states.append(previous)
    states.reverse()
    return [
        review_turn(before, final.game.guess_index[after.turns[-1][0]], after, guesser)
        for before, after in zip(states, states[1:], strict=False)
    ]


def skill_and_luck(state: State, row: int, after: State) -> tuple[int, int]:
    """Skill and luck (0-100 each) of guess `row` in `state`, answered with `after`."""
    return skill_of(state, row)[0], luck_of(state, row, after)
