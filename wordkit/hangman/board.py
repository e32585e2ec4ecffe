"""What every Hangman guesser sees (a board) and returns (a decision), and the letters left."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from wordkit.errors import GameStateError
from wordkit.game import Decision
from wordkit.hangman.lexicon import Floats, Pool
from wordkit.hangman.rules import (
    ALPHABET,
    HIDDEN,
    Ids,
    State,
    Status,
    candidate_ids,
    check_move,
    exhausted_letters,
    letter_code,
    narrowed_ids,
    revealed_bits,
    status_from,
)

Label = str
"""A strategy's own name for how it chose a move: coverage, whole-word, fallback, ..."""

FALLBACK_ORDER = "etaoinshrldcumfpgwybvkxjqz"
"""English letters, commonest first: the letter of last resort when no candidate is left."""
TOP = 8
"""Candidates listed with a suggestion."""


@dataclass(frozen=True, slots=True)
class Board:
    """A state with the pool the guesser searches and the candidates still consistent with it."""

    state: State
    pool: Pool
    ids: Ids


class Guesser(Protocol):
    """A named strategy: a decision for every board (deterministic for a given board)."""

    @property
    def name(self) -> str:
        """The strategy's name."""
        ...

    def __call__(self, board: Board) -> Decision:
        """The move to make on `board`."""
        ...


def board_for(pool: Pool, state: State) -> Board:
    """The board for `state`, filtering the whole pool."""
    return Board(state, pool, candidate_ids(pool.lexicon.enc, pool.ids, state))


def next_board(board: Board, after: State) -> Board:
    """The board after one move, filtering only the previous candidates."""
    enc = board.pool.lexicon.enc
    return Board(after, board.pool, narrowed_ids(enc, board.ids, board.state, after))


def candidate_words(board: Board) -> list[str]:
    """The candidate words, in search order."""
    words = board.pool.lexicon.enc.words
    return [words[i] for i in board.ids]


def candidate_probs(board: Board) -> Floats:
    """The candidates' posterior: prior renormalised (uniform when all zero); in the advanced
    variant times the chance the host revealed these occurrences, prod (k - r)! / k!."""
    probs = board.pool.probs[board.ids].astype(np.float64)
    if board.state.rules.variant == "advanced" and len(board.ids):
        probs = probs * reveal_likelihood(board)
    total = probs.sum()
    if total <= 0:
        return np.full(len(board.ids), 1.0 / max(1, len(board.ids)))
    return probs / total


def answers_to(board: Board, move: str, probs: Floats | None = None) -> list[tuple[float, State]]:
    """Every state the host may answer `move` with, and its chance under the candidates'
    posterior: `rules.possible_answers` over the candidates, grouped by state (in the order
    each is first met, its chances added in candidate order), each state built once; `probs`:
    the candidates' posterior, when known."""
    state = board.state
    probs = candidate_probs(board) if probs is None else probs
    check_move(state, move)
    enc, ids = board.pool.lexicon.enc, board.ids
    rules, letters = state.rules, state.letters
    if len(move) > 1:  # the word named, or a wrong guess
        words = (*state.words, move)
        named = State(move + state.mask[len(move) :], rules, letters, words, state.wrong, "won")
        wrong = state.wrong + 1
        missed = State(
            state.mask, rules, letters, words, wrong,
            status_from(rules, state.mask, wrong, solved=False),
        )  # fmt: skip
        sums: dict[bool, float] = {}  # named or not -> its chance
        for p, i in zip(probs.tolist(), ids.tolist(), strict=True):
            hit = enc.words[i] == move
            sums[hit] = sums.get(hit, 0.0) + p
        return [(chance, named if hit else missed) for hit, chance in sums.items()]
    hidden = sum(1 << i for i, ch in enumerate(state.mask) if ch == HIDDEN)
    places = (enc.positions[ids, letter_code(move)] & np.uint64(hidden)).tolist()
    one_place = state.rules.variant == "advanced"  # the host shows one place a guess
    reveal = state.rules.finish == "reveal"
    shown_after: dict[int, tuple[str, int]] = {}  # places shown -> the mask and wrong after
    statuses: dict[tuple[int, bool], Status] = {}  # (places shown, solved) -> status after

    def status_after(revealed: int, solved: bool) -> Status:
        after = shown_after.get(revealed)
        if after is None:
            mask = "".join(move if revealed >> i & 1 else ch for i, ch in enumerate(state.mask))
            after = shown_after[revealed] = (mask, state.wrong + (not revealed))
        status = statuses[revealed, solved] = status_from(rules, *after, solved=solved)
        return status

    grouped: dict[tuple[int, Status], float] = {}  # a state: its places shown, its status
    for p, bits, length in zip(probs.tolist(), places, enc.lengths[ids].tolist(), strict=True):
        # each place alone at 1/k under the advanced rules, else every place at once
        shown = [1 << i for i in range(length) if bits >> i & 1] if one_place else [bits]
        share = p * (1.0 / len(shown)) if len(shown) > 1 else p
        for revealed in shown or [0]:
            solved = reveal and not hidden & ~revealed & ((1 << length) - 1)
            status = statuses.get((revealed, solved)) or status_after(revealed, solved)
            grouped[revealed, status] = grouped.get((revealed, status), 0.0) + share
    guessed = (*letters, move)
    return [
        (p, State(shown_after[revealed][0], rules, guessed, state.words,
                  shown_after[revealed][1], status))
        for (revealed, status), p in grouped.items()
    ]  # fmt: skip


def hit_chance(board: Board, code: int) -> float:
    """The chance, under the candidates' posterior, that the letter `code` is in the word:
    the confidence every strategy shows for a letter, whatever ranked it."""
    return (
        min(1.0, float(candidate_probs(board)[hitting(board, code)].sum()))
        if len(board.ids)
        else 0.0
    )


def hitting(board: Board, code: int) -> npt.NDArray[np.bool_]:
    """Per candidate, whether the letter `code` would hit: in the word (classic), or, in the
    advanced variant, in it more times than the mask shows (one place is revealed a guess)."""
    enc = board.pool.lexicon.enc
    if board.state.rules.variant != "advanced":
        return enc.positions[board.ids, code] != 0
    shown = board.state.mask.count(ALPHABET[code])
    return enc.counts[board.ids, code] > shown


def word_chance(board: Board, word: str) -> float:
    """The posterior of a candidate word (0 for a word that is none)."""
    words = board.pool.lexicon.enc.words
    probs = candidate_probs(board)
    return min(
        1.0, float(sum(p for i, p in zip(board.ids, probs, strict=True) if words[i] == word))
    )


def top_candidates(board: Board, count: int = TOP) -> list[dict[str, Any]]:
    """The most probable candidates by prior (renormalised over the candidates), each
    `{"word", "probability"}`."""
    probs = board.pool.probs[board.ids]
    total = probs.sum()
    shares = probs / total if total > 0 else np.full(len(probs), 1.0 / max(len(probs), 1))
    order = np.argsort(-shares, kind="stable")[:count]
    words = board.pool.lexicon.enc.words
    return [{"word": words[int(board.ids[i])], "probability": float(shares[i])} for i in order]


def reveal_likelihood(board: Board) -> Floats:
    """Advanced variant: for each candidate, the chance of the reveals shown so far."""
    counts = board.pool.lexicon.enc.counts[board.ids].astype(np.float64)
    likelihood = np.ones(len(board.ids))
    for ch in set(board.state.letters):
        shown = board.state.mask.count(ch)
        k = counts[:, letter_code(ch)]
        for j in range(shown):
            likelihood /= np.maximum(k - j, 1.0)
    return likelihood


def closed_codes(state: State) -> list[int]:
    """Codes of letters that cannot reveal anything new (exhausted)."""
    return sorted(letter_code(ch) for ch in exhausted_letters(state))


def open_codes(state: State) -> Ids:
    """Codes of the letters that may still be guessed, in alphabetical order."""
    closed = set(closed_codes(state))
    return np.array([c for c in range(len(ALPHABET)) if c not in closed], dtype=np.int64)


def hidden_positions(board: Board) -> npt.NDArray[np.uint64]:
    """(candidates, 26) bitmasks of each letter's positions the mask does not show yet."""
    shown = revealed_bits(board.state.mask)
    hidden = board.pool.lexicon.enc.positions[board.ids] & ~shown[None, :]
    hidden[:, closed_codes(board.state)] = 0
    return hidden


def lowest_bit(value: int) -> int:
    """Index of the lowest set bit of a positive integer."""
    return (value & -value).bit_length() - 1


def fallback_on(board: Board) -> Decision:
    """`fallback` when no candidate is left, its letter's confidence the share of the
    table's words of the mask's length (else of any length) that hold it: how often the
    letter is in a word like the secret, as far as a strategy with no letter model knows."""
    decision = fallback(board.state)
    if decision.label != "letter frequency":
        return decision
    enc, ids = board.pool.lexicon.enc, board.pool.ids
    classic = board.state.rules.variant == "classic"  # the advanced mask hides the length
    same = ids[enc.lengths[ids] == len(board.state.mask)] if classic else ids
    words = same if len(same) else ids
    if not len(words):
        return decision
    held = enc.positions[words, ALPHABET.index(decision.move)] != 0
    return Decision(decision.move, float(held.mean()), decision.label)


def fallback(
    state: State,
    *,
    order: str = FALLBACK_ORDER,
    label: Label = "letter frequency",
    confidence: float = 0.0,
) -> Decision:
    """The move of last resort, always a legal one: a classic mask showing the whole word is
    named (under finish=word only naming it wins; a letter there is a wasted move); else the
    first letter of `order` that may still be guessed (at `confidence`); else, every letter
    known, the word the mask shows up to its last letter (advanced variant)."""
    classic = state.rules.variant == "classic"
    shown = state.mask if classic else state.mask.rstrip(HIDDEN)
    whole = bool(shown) and HIDDEN not in shown and shown not in state.words
    if whole and classic:
        return Decision(shown, 1.0, "word")
    closed = exhausted_letters(state)
    for ch in order:
        if ch not in closed:
            return Decision(ch, confidence, label)
    if whole:  # every occurrence of every letter shown: the word is what shows
        return Decision(shown, 1.0, "word")
    raise GameStateError("no move is left: every letter is known and the word shown was refuted")
