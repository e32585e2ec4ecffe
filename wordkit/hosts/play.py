"""A guesser against a host: one game, and its record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from wordkit.games.hangman import HangmanState, Rules
from wordkit.games.wordle import Pattern
from wordkit.hosts.guessers import HangmanGuesser, WordleGuesser
from wordkit.hosts.wordle import WordleHost

MOVE_LIMIT = 80
"""A Hangman game still running after this many moves is lost (guards unlimited lives)."""
GUESS_LIMIT = 30
"""A Wordle game not solved after this many guesses is lost."""
UNLIMITED = Rules(lives=None)
"""Rules for counting the wrong guesses a guesser needs to win: unlimited lives."""


class HangmanHost(Protocol):
    """A Hangman host: an opening state, an answer (the next state) per move, a final word."""

    name: str

    def start(self, rules: Rules = ...) -> HangmanState:
        """The opening state."""
        ...

    def answer(self, state: HangmanState, guess: str) -> HangmanState:
        """The state after `guess`."""
        ...

    def reveal(self) -> str:
        """A word consistent with the whole game."""
        ...


@dataclass(frozen=True, slots=True)
class HangmanRecord:
    """A finished Hangman game: moves, the mask after each, wrong count, outcome, final word."""

    moves: tuple[str, ...]
    feedback: tuple[str, ...]
    wrong: int
    won: bool
    guesses: int
    word: str
    state: HangmanState


@dataclass(frozen=True, slots=True)
class WordleRecord:
    """A finished Wordle game: each (guess, pattern), guesses used, outcome, final word."""

    turns: tuple[tuple[str, Pattern], ...]
    guesses: int
    won: bool
    word: str


def play_hangman(
    host: HangmanHost,
    guesser: HangmanGuesser,
    *,
    rules: Rules = UNLIMITED,
    move_limit: int = MOVE_LIMIT,
) -> HangmanRecord:
    """Play `guesser` against `host` until the game ends (or `move_limit` moves: lost)."""
    state = host.start(rules)
    moves: list[str] = []
    masks: list[str] = []
    while state.status == "playing" and len(moves) < move_limit:
        move = guesser(state)
        state = host.answer(state, move)
        moves.append(move)
        masks.append(state.mask)
    return HangmanRecord(
        tuple(moves),
        tuple(masks),
        state.wrong,
        state.status == "won",
        len(moves),
        host.reveal(),
        state,
    )


def play_wordle(
    host: WordleHost, guesser: WordleGuesser, *, guess_limit: int = GUESS_LIMIT
) -> WordleRecord:
    """Play `guesser` against a Wordle `host` until solved (or `guess_limit` guesses: lost)."""
    turns: list[tuple[str, Pattern]] = []
    win = host.game.win
    while len(turns) < guess_limit:
        guess = guesser(turns)
        pattern = host.answer(turns, guess)
        turns.append((guess, pattern))
        if pattern == win:
            return WordleRecord(tuple(turns), len(turns), True, host.reveal())
    return WordleRecord(tuple(turns), len(turns), False, host.reveal())
