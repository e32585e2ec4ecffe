"""Wordle hosts: honest (a secret answer picked up front) and Absurdle (the largest bucket).

A host answers a guess played in a state with the next state, and at the end names an
answer consistent with the whole game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from wordkit.errors import UnknownNameError
from wordkit.game import fold_word
from wordkit.wordle import partitions
from wordkit.wordle.lists import Wordle
from wordkit.wordle.rules import GREEN, YELLOW, Pattern, State, UnknownWordError

HOSTS: tuple[str, ...] = ("honest", "evil")


class Host(Protocol):
    """A Wordle host: the state after a guess (None: the host stopped), and a final answer."""

    name: str

    def answer(self, state: State, row: int) -> State | None:
        """The state once guess `row` is answered in `state`."""
        ...

    def reveal(self, state: State) -> str:
        """An answer consistent with every turn of `state` (the secret, for an honest host)."""
        ...


def mark_counts(patterns: np.ndarray, *, length: int) -> tuple[np.ndarray, np.ndarray]:
    """Greens and yellows in each pattern (base 3, first letter most significant)."""
    rest = patterns.astype(np.int64)
    greens = np.zeros(len(rest), dtype=np.int64)
    yellows = np.zeros(len(rest), dtype=np.int64)
    for _ in range(length):
        rest, mark = np.divmod(rest, 3)
        greens += mark == GREEN
        yellows += mark == YELLOW
    return greens, yellows


def absurdle_pattern(state: State, row: int) -> Pattern:
    """The feedback whose bucket is largest; ties: fewest greens, fewest yellows, lowest value."""
    patterns, sizes = partitions.pattern_sizes(state.game, row, state.remaining)
    greens, yellows = mark_counts(patterns, length=state.game.length)
    best = np.lexsort((patterns, yellows, greens, -sizes))[0]
    return int(patterns[best])


@dataclass
class HonestWordle:
    """Picks its secret answer up front (seeded: uniform over the answers, or the built-in
    lists' answers table; drawn by the prior when a weighted table is played) and answers
    truly."""

    game: Wordle
    seed: int = 0
    secret: str | None = None
    name: str = "honest"

    def __post_init__(self) -> None:
        if self.secret is None:
            rng = np.random.default_rng(self.seed)
            if self.game.weighted and self.game.common is None:
                # lists that never dead-end: common words come up more
                prior = self.game.prior / self.game.prior.sum()
                self.secret = self.game.answers[int(rng.choice(len(prior), p=prior))]
            else:  # a list of answers (the built-in lists: their answers table), uniform
                self.secret = self.game.secrets[int(rng.integers(len(self.game.secrets)))]
        self.secret = fold_word(self.secret)
        if self.secret not in self.game.answer_index:
            raise UnknownWordError(f"{self.secret!r} is not in the list of possible answers")
        self.column = self.game.answer_index[self.secret]

    def answer(self, state: State, row: int) -> State:
        """The true feedback for guess `row` against the secret."""
        return state.after(row, int(self.game.matrix[row, self.column]))

    def reveal(self, state: State) -> str:
        """The secret."""
        return self.game.answers[self.column]


@dataclass
class Absurdle:
    """Never commits: answers with the feedback that keeps the most answers possible."""

    game: Wordle
    seed: int = 0
    name: str = "evil"

    def answer(self, state: State, row: int) -> State:
        """The feedback whose bucket of remaining answers is largest (least informative on ties)."""
        return state.after(row, absurdle_pattern(state, row))

    def reveal(self, state: State) -> str:
        """An answer consistent with every turn of `state`, seeded by the game."""
        key = f"{self.seed}:" + ",".join(f"{g}{p}" for g, p in state.turns)
        rem = state.remaining
        return self.game.answers[int(rem[random.Random(key).randrange(len(rem))])]


def make_host(
    name: str, game: Wordle, *, seed: int = 0, secret: str | None = None
) -> HonestWordle | Absurdle:
    """A Wordle host by name: `honest` or `evil` (Absurdle; `absurdle` is accepted too)."""
    if host_kind(name) == "honest":
        return HonestWordle(game, seed=seed, secret=secret)
    return Absurdle(game, seed=seed)


def host_kind(name: str) -> str:
    """`honest` or `evil` for a host name (`absurdle` is evil); else UnknownNameError."""
    if name in ("evil", "absurdle"):
        return "evil"
    if name == "honest":
        return name
    raise UnknownNameError(f"unknown Wordle host {name!r} (choose from {', '.join(HOSTS)})")
