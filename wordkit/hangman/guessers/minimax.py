"""Guessers against adversarial hosts: `greedy` (the letter most candidates hold), `minimax` (the
letter whose largest family is smallest) and `minimax-search` (the letter with the fewest misses
ahead against the worst host, searched a few plies deep)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordkit.hangman.board import Board, Decision, fallback_on, hit_chance, open_codes
from wordkit.hangman.partitions import largest_families
from wordkit.hangman.rules import ALPHABET, Ids
from wordkit.hangman.search import FamilySearch, closed_of, minimax_letter

GUESSER_SEARCH = FamilySearch(depth=2, families=4, letters=6)
"""The search `minimax-search` runs for each move (plies, families, letters)."""


def greedy_code(board: Board, codes: Ids) -> int:
    """The letter code that would hit in the most candidates (ties: alphabetical): held by
    them (classic), or held more times than the mask shows (advanced, one place a guess: an L
    shown once in FLOOD is no hit in it any more)."""
    enc = board.pool.lexicon.enc
    if board.state.rules.variant != "advanced":
        holding = (enc.positions[board.ids][:, codes] != 0).sum(axis=0)
    else:
        shown = np.array([board.state.mask.count(ALPHABET[int(c)]) for c in codes])
        holding = (enc.counts[board.ids][:, codes] > shown).sum(axis=0)
    return int(codes[int(np.argmax(holding))])


def minimax_code(board: Board, codes: Ids) -> int:
    """The letter code whose largest family is smallest (ties: most held, then alphabetical)."""
    largest, holding = largest_families(board.pool.lexicon.enc, board.ids, codes)
    return int(codes[int(np.lexsort((codes, -holding, largest))[0])])


def search_code(board: Board, codes: Ids, search: FamilySearch) -> int:
    """The letter code with the fewest misses ahead against the worst host (`search` plies)."""
    _, code = minimax_letter(
        board.pool, board.ids, closed_of(board.state), depth=search.depth, search=search
    )
    return code if code >= 0 else minimax_code(board, codes)


def rule_decision(board: Board, code_of: int) -> Decision:
    """The decision for the letter with code `code_of`, with its chance of a hit."""
    return Decision(ALPHABET[code_of], hit_chance(board, code_of), "letter")


def settled(board: Board, codes: Ids) -> Decision | None:
    """The word when one candidate is left, the fallback letter when none (or no letter) is."""
    if len(board.ids) == 1:
        return Decision(board.pool.lexicon.enc.words[int(board.ids[0])], 1.0, "word")
    if not len(board.ids) or not len(codes):
        return fallback_on(board)
    return None


@dataclass(frozen=True)
class LetterRuleGuesser:
    """A guesser that plays the letter its rule picks: the word at one candidate, the fallback
    letter at none."""

    name: str = ""

    def pick(self, board: Board, codes: Ids) -> int:
        """The rule: the code of the letter to play among the open `codes`."""
        raise NotImplementedError

    def __call__(self, board: Board) -> Decision:
        """The rule's move."""
        codes = open_codes(board.state)
        return settled(board, codes) or rule_decision(board, self.pick(board, codes))


@dataclass(frozen=True)
class GreedyGuesser(LetterRuleGuesser):
    """The letter most candidates hold."""

    name: str = "greedy"
    pick = staticmethod(greedy_code)


@dataclass(frozen=True)
class MinimaxGuesser(LetterRuleGuesser):
    """The letter whose largest family is smallest."""

    name: str = "minimax"
    pick = staticmethod(minimax_code)


@dataclass(frozen=True)
class MinimaxSearchGuesser(LetterRuleGuesser):
    """The letter with the fewest misses ahead against the worst host."""

    search: FamilySearch = GUESSER_SEARCH
    name: str = "minimax-search"

    def pick(self, board: Board, codes: Ids) -> int:
        """The letter found by the search."""
        return search_code(board, codes, self.search)
