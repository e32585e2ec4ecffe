"""Guessers to pit against hosts: callables from a state to a move.

`greedy` (the letter most candidates hold), `minimax` (the letter whose largest family is
smallest), `minimax-search` (the letter with the fewest misses ahead against the worst host,
searched a few plies deep) and adapters over the strategy registries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from wordkit.games.hangman import HangmanState, Ids, candidate_ids, exhausted_letters, letter_code
from wordkit.games.wordle import History, Wordle
from wordkit.hangman_lexicon import Pool
from wordkit.hosts.families import family_size_table
from wordkit.hosts.hangman import Search, best_letter, closed_of
from wordkit.strategies.hangman import board_for, make_guesser
from wordkit.strategies.wordle import Player, get_strategy

HangmanGuesser = Callable[[HangmanState], str]
WordleGuesser = Callable[[History], str]
Rule = Literal["greedy", "minimax", "minimax-search"]

RULES: tuple[Rule, ...] = ("greedy", "minimax", "minimax-search")
GUESSER_SEARCH = Search(depth=2, families=4, letters=6)
"""The search `minimax-search` runs for each move (plies, families, letters)."""
FALLBACK_ORDER = "etaoinshrldcumfpgwybvkxjqz"


def open_codes_of(state: HangmanState) -> Ids:
    """Codes of the letters that may still be guessed."""
    closed = {letter_code(ch) for ch in exhausted_letters(state)}
    return np.array([c for c in range(26) if c not in closed], dtype=np.int64)


def fallback_move(state: HangmanState) -> str:
    """The commonest English letter not guessed yet (when no candidate is left)."""
    closed = exhausted_letters(state)
    return next((ch for ch in FALLBACK_ORDER if ch not in closed), FALLBACK_ORDER[0])


def greedy_code(pool: Pool, ids: Ids, codes: Ids) -> int:
    """The letter code held by the most candidates (ties: alphabetical)."""
    holding = (pool.lexicon.enc.positions[ids][:, codes] != 0).sum(axis=0)
    return int(codes[int(np.argmax(holding))])


def minimax_code(pool: Pool, ids: Ids, codes: Ids) -> int:
    """The letter code whose largest family is smallest (ties: most held, then alphabetical)."""
    largest, _, holding = family_size_table(pool.lexicon.enc, ids, codes)
    return int(codes[int(np.lexsort((codes, -holding, largest))[0])])


def search_code(pool: Pool, ids: Ids, state: HangmanState, *, search: Search) -> int:
    """The letter code with the fewest misses ahead against the best host (`search` plies)."""
    _, code = best_letter(pool, ids, closed_of(state), depth=search.depth, search=search)
    return code


def rule_move(
    pool: Pool, state: HangmanState, *, rule: Rule, search: Search = GUESSER_SEARCH
) -> str:
    """The move of `rule` in `state`: the word when one candidate is left, else a letter."""
    ids = candidate_ids(pool.lexicon.enc, pool.ids, state)
    codes = open_codes_of(state)
    if len(ids) == 1:
        return pool.lexicon.enc.words[int(ids[0])]
    if not len(ids) or not len(codes):
        return fallback_move(state)
    if rule == "minimax-search":
        code = search_code(pool, ids, state, search=search)
        return chr(97 + code) if code >= 0 else chr(97 + minimax_code(pool, ids, codes))
    pick = greedy_code if rule == "greedy" else minimax_code
    return chr(97 + pick(pool, ids, codes))


@dataclass(frozen=True)
class RuleGuesser:
    """A guesser following one of this module's rules over a word pool."""

    pool: Pool
    rule: Rule = "minimax"
    search: Search = GUESSER_SEARCH

    @property
    def name(self) -> str:
        """The rule's name."""
        return self.rule

    def __call__(self, state: HangmanState) -> str:
        """The move in `state`."""
        return rule_move(self.pool, state, rule=self.rule, search=self.search)


class RegistryGuesser:
    """A strategy from the Hangman registry, as a callable from a state to a move."""

    def __init__(self, pool: Pool, name: str, **options: Any) -> None:
        self.pool = pool
        self.name = name
        self.guesser = make_guesser(name, **options)

    def __call__(self, state: HangmanState) -> str:
        """The strategy's move in `state`."""
        return self.guesser.decide(board_for(self.pool, state)).move


def hangman_guesser(name: str, pool: Pool, **options: Any) -> HangmanGuesser:
    """`greedy`, `minimax`, `minimax-search` or a name of the Hangman registry, over `pool`."""
    for rule in RULES:
        if name == rule:
            return RuleGuesser(pool, rule, **options)
    return RegistryGuesser(pool, name, **options)


def wordle_guesser(
    game: Wordle, name: str, *, hard: bool = False, opener: str | None = None
) -> WordleGuesser:
    """A Wordle strategy of the registry, as a callable from a history to a guess."""
    return Player(game, get_strategy(name), hard, opener).suggest
