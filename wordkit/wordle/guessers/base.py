"""What every Wordle guesser is: a callable from a `State` to a `Decision`, with a `name`.

The shared part (`PartitionGuesser`) plays the opener, plays the last answer when one is
left, and memoises the rest per position, so stats over thousands of games stay fast.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol

import numpy as np

from wordkit import cache
from wordkit.game import Decision
from wordkit.notices import notice
from wordkit.wordle import partitions
from wordkit.wordle.lists import Wordle
from wordkit.wordle.rules import Rules, State, start


class Guesser(Protocol):
    """Anything that picks the next guess in a state."""

    name: str

    def __call__(self, state: State) -> Decision:
        """The guess to play next."""
        ...


def decision(game: Wordle, row: int | np.integer, score: float, measure: str) -> Decision:
    """A Decision for guess `row` of `game`."""
    return Decision(game.guesses[int(row)], label=measure, row=int(row), score=float(score))


def best_by(keys: list[np.ndarray]) -> int:
    """Position of the lexicographically smallest tuple of keys (first key most important)."""
    # np.lexsort sorts by the last key first; position in `rows` breaks final ties.
    return int(np.lexsort(list(reversed(keys)))[0])


def best_decision(
    state: State, rows: np.ndarray, keys: list[np.ndarray], scores: np.ndarray, measure: str
) -> Decision:
    """The row of `rows` smallest by `keys` (first key most important), ties going to a guess
    that may win, the likelier first; its score from `scores`."""
    i = best_by([*keys, -answer_prior(state, rows)])
    return decision(state.game, rows[i], float(scores[i]), measure)


@dataclass(eq=False)
class PartitionGuesser:
    """A guesser that `pick`s from the partition of the remaining answers, with an opener."""

    name: str = "guesser"
    opener: str | None = None
    """The first guess; None: the guesser's own best opener (computed once, cached on disk)."""
    memo: dict[Any, Decision] = field(default_factory=dict, repr=False)
    budget: float | None = None
    """Seconds an exact search may take per decision before the entropy guess is played
    instead (with a note); None: exact, however long it takes (stats)."""
    uses_turn: ClassVar[bool] = False
    """Whether the decision depends on the turn number (else positions share it)."""
    timed: ClassVar[bool] = False
    """Whether `budget` bounds anything (an exact search); the others never read it."""

    def __call__(self, state: State) -> Decision:
        """The likeliest answer on the last guess allowed, the opener, the last answer left,
        or the (memoised) pick for this position."""
        game = state.game
        if state.last_chance:
            return last_guess(state)
        if not state.turns:
            return decision(game, state.check_move(self.first_guess(game)), float("nan"), "opener")
        if len(state.remaining) == 1:
            # One answer left: play it (every guesser agrees; saves the partition).
            return decision(game, game.answer_rows[state.remaining[0]], 1.0, "solved")
        hard = state.hard_rule if state.rules.hard else None
        key = (game.key, state.remaining.tobytes(), hard, state.turn if self.uses_turn else 0)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = self.pick(state)
        return hit

    def pick(self, state: State) -> Decision:
        """The guess for a position with several answers left (each guesser defines it)."""
        raise NotImplementedError

    def first_guess(self, game: Wordle) -> str:
        """The opener: the one given (checked), else the guesser's cached best opener."""
        if self.opener is not None:
            return game.guesses[game.check_guess(self.opener)]
        return best_opener(game, self)

    def deadline(self) -> float | None:
        """When an exact search started now must give up (None: never)."""
        return None if self.budget is None else time.monotonic() + self.budget

    def timed_out(self, state: State) -> Decision:
        """The entropy guess, noted, for a position whose exact search ran out of time."""
        move = most_informative(state)
        note = (
            f"the exact search ({self.name}) needs more than {self.budget:g} s here; "
            f"this is the entropy guess"
        )
        return replace(move, note=note)


def most_informative(state: State) -> Decision:
    """The guess with the most expected bits of feedback, under the prior if the lists have
    one (ties: a possible answer, then the likelier one)."""
    game, rows, rem = state.game, state.legal_rows, state.remaining
    bits = partitions.guess_entropy(game, rows, rem)
    # Rounding makes float ties (equal partitions) compare equal.
    return best_decision(state, rows, [-np.round(bits, 9)], bits, "expected bits")


def last_guess(state: State) -> Decision:
    """On the last guess allowed only an answer can still win: the likeliest left (the first
    in the list among equals), with its chance."""
    game = state.game
    rows = game.answer_rows[state.remaining]
    chance = partitions.remaining_prior(game, state.remaining)
    i = int(np.argmax(chance))
    return decision(game, rows[i], float(chance[i]), "last guess")


def answer_prior(state: State, rows: np.ndarray) -> np.ndarray:
    """Per guess row: its prior as a remaining answer (0 if it is not one), a tie-break that
    prefers a guess that may win, then the likelier."""
    game = state.game
    chance = np.zeros(len(game.guesses))
    chance[game.answer_rows[state.remaining]] = partitions.remaining_prior(game, state.remaining)
    return np.asarray(chance[rows])


def best_opener(game: Wordle, guesser: PartitionGuesser) -> str:
    """The guesser's first guess for the full answer list, computed once and cached on disk
    (a damaged cache file is ignored and rewritten)."""
    name = f"wordle-openers-{game.key}.json"
    cached = cache.read_cached_json(name, dict) or {}
    word = cached.get(guesser.name)
    if isinstance(word, str) and word in game.guess_index:
        return word
    notice(f"choosing the {guesser.name} opener for these lists; once, then cached")
    move = guesser.pick(start(game, Rules(length=game.length)))
    if not move.note:  # an opener found under a time budget is not worth keeping
        fresh = cache.read_cached_json(name, dict) or {}
        fresh[guesser.name] = move.word
        cache.write_cached(name, json.dumps(fresh, indent=1, sort_keys=True))
    return move.word
