"""Hangman hosts: honest (a secret picked up front), evil (word families) and lookahead (minimax).

Every host answers a move in a `HangmanState` with the next state, computed by the rules'
own `apply_move` against a word of the family it keeps, so status and lives follow the rules.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import numpy as np

from wordkit.errors import UnknownNameError
from wordkit.games.hangman import (
    HIDDEN,
    HangmanState,
    Ids,
    Rules,
    apply_move,
    candidate_ids,
    check_move,
    guess_count,
    letter_code,
    new_game,
)
from wordkit.hangman_lexicon import Pool
from wordkit.hosts.base import NoWordError, UnsupportedVariantError
from wordkit.hosts.families import (
    DIFFICULTIES,
    Difficulty,
    Families,
    family_rank,
    family_size_table,
    letter_families,
)

Closed = int
"""Bitmask of letter codes that may not be guessed any more (bit c = letter code c)."""

DEFAULT_RULES = Rules()
MEMO_LIMIT = 4096
"""Candidate sets a host remembers per game before it starts afresh."""


# --- shared by every pool host -------------------------------------------------------------


def pool_word_ids(pool: Pool, *, length: int | None) -> Ids:
    """The pool's word ids, of `length` letters when given (raises when there are none)."""
    ids = pool.ids
    if length is not None:
        ids = ids[pool.lexicon.enc.lengths[ids] == length]
    if not len(ids):
        raise NoWordError(
            "no word in the table" + (f" has {length} letters" if length is not None else "")
        )
    return ids


def drawn_word_id(pool: Pool, ids: Ids, *, seed: int) -> int:
    """One of `ids` drawn by the pool's prior (uniform when it gives them no mass), seeded."""
    probs = pool.probs[ids]
    total = float(probs.sum())
    rng = np.random.default_rng(seed)
    if total <= 0:
        return int(ids[rng.integers(len(ids))])
    return int(rng.choice(ids, p=probs / total))


def named_word(words: list[str], state: HangmanState, *, seed: int) -> str:
    """The word a host names at the end: one of `words`, seeded by the game so far."""
    key = f"{seed}:{state.mask}:{''.join(state.letters)}:{','.join(state.words)}"
    return words[random.Random(key).randrange(len(words))]


@dataclass
class PoolHost:
    """A Hangman host over a word pool: opening state, candidates of a state, the final word."""

    pool: Pool
    length: int | None = None
    seed: int = 0
    name: str = "host"
    last: HangmanState | None = field(default=None, init=False)
    memo: dict[HangmanState, Ids] = field(default_factory=dict, init=False, repr=False)

    def word_length(self) -> int:
        """The length the game is played at: the one asked for, else a seeded draw from the pool."""
        if self.length is not None:
            pool_word_ids(self.pool, length=self.length)
            return self.length
        ids = pool_word_ids(self.pool, length=None)
        return len(self.pool.lexicon.enc.words[drawn_word_id(self.pool, ids, seed=self.seed)])

    def candidates(self, state: HangmanState) -> Ids:
        """Pool words consistent with everything shown in `state` (memoised per state)."""
        hit = self.memo.get(state)
        if hit is None:
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            hit = self.memo[state] = candidate_ids(self.pool.lexicon.enc, self.pool.ids, state)
        return hit

    def start(self, rules: Rules = DEFAULT_RULES) -> HangmanState:
        """The opening state (every position hidden)."""
        if rules.variant != "classic":
            raise UnsupportedVariantError(f"the {self.name} host plays only the classic variant")
        ids = pool_word_ids(self.pool, length=self.word_length())
        state = new_game(self.pool.lexicon.enc.words[int(ids[0])], rules)
        self.last = state
        return state

    def reveal_for(self, state: HangmanState) -> str:
        """A word consistent with the whole game that led to `state`."""
        if state.status == "won" and HIDDEN not in state.mask:
            return state.mask
        ids = self.candidates(state)
        if not len(ids):
            raise NoWordError("no word of the table is consistent with this game")
        words = self.pool.lexicon.enc.words
        return named_word([words[i] for i in ids], state, seed=self.seed)

    def reveal(self) -> str:
        """A word consistent with every answer given so far."""
        if self.last is None:
            self.last = self.start()
        return self.reveal_for(self.last)

    def answer(self, state: HangmanState, guess: str) -> HangmanState:
        """The state after `guess` (each host defines it)."""
        raise NotImplementedError

    def answered(self, state: HangmanState, *, kept: str, move: str) -> HangmanState:
        """The next state when the host keeps a family holding word `kept`."""
        after = apply_move(state, move, secret=kept, seed=self.seed)
        self.last = after
        return after


# --- honest ---------------------------------------------------------------------------------


@dataclass
class HonestHangman(PoolHost):
    """Picks its secret up front (seeded, by the pool's prior) and answers truthfully."""

    name: str = "honest"
    secret: str | None = None

    def start(self, rules: Rules = DEFAULT_RULES) -> HangmanState:
        """The opening state for the secret (drawn now unless given)."""
        if self.secret is None:
            ids = pool_word_ids(self.pool, length=self.length)
            self.secret = self.pool.lexicon.enc.words[drawn_word_id(self.pool, ids, seed=self.seed)]
        state = new_game(self.secret, rules)
        self.last = state
        return state

    def answer(self, state: HangmanState, guess: str) -> HangmanState:
        """The next state, revealing the secret's occurrences of `guess`."""
        if self.secret is None:
            self.start(state.rules)
        assert self.secret is not None
        return self.answered(state, kept=self.secret, move=guess)

    def reveal_for(self, state: HangmanState) -> str:
        """The secret."""
        if self.secret is None:
            self.start(state.rules)
        assert self.secret is not None
        return self.secret


# --- evil -----------------------------------------------------------------------------------


def word_guess_kept(ids: Ids, words: tuple[str, ...], guess: str, *, rank: int) -> int:
    """The word id kept after a whole-word guess: families are {guess} and the rest (rest first)."""
    rest = [int(i) for i in ids if words[i] != guess]
    hit = [int(i) for i in ids if words[i] == guess]
    order = [fam for fam in (rest, hit) if fam]
    return order[min(rank, len(order) - 1)][0]


def evil_kept(
    pool: Pool, ids: Ids, state: HangmanState, guess: str, *, difficulty: Difficulty
) -> int:
    """The id of a word in the family the evil host keeps for `guess` in `state`."""
    enc = pool.lexicon.enc
    number = guess_count(state) + 1
    if len(guess) > 1:
        rank = family_rank(difficulty, guess_number=number, families=2 if len(ids) > 1 else 1)
        return word_guess_kept(ids, enc.words, guess, rank=rank)
    fams = letter_families(enc, ids, letter_code(guess), length=len(state.mask))
    rank = family_rank(difficulty, guess_number=number, families=len(fams.keys))
    return int(fams.ids_of(ids, rank)[0])


@dataclass
class EvilHangman(PoolHost):
    """Never commits: keeps the hardest word family (easy/medium: sometimes the second)."""

    name: str = "evil"
    difficulty: Difficulty = "hard"

    def __post_init__(self) -> None:
        if self.difficulty not in DIFFICULTIES:
            raise UnknownNameError(
                f"unknown difficulty {self.difficulty!r} (choose from {', '.join(DIFFICULTIES)})"
            )

    def answer(self, state: HangmanState, guess: str) -> HangmanState:
        """The next state, keeping the family the difficulty picks."""
        check_move(state, guess)
        ids = self.candidates(state)
        if not len(ids):
            raise NoWordError("no word of the table is consistent with this game")
        kept = evil_kept(self.pool, ids, state, guess, difficulty=self.difficulty)
        return self.answered(state, kept=self.pool.lexicon.enc.words[kept], move=guess)


# --- lookahead ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Search:
    """Lookahead limits: plies, families and letters searched per node, leaf scale."""

    depth: int = 3
    families: int = 4
    letters: int = 4
    leaf_scale: float = 1.0


def leaf_value(size: int, *, scale: float) -> float:
    """Estimated misses still to come with `size` candidates left: scale * log2(size)."""
    return 0.0 if size <= 1 else scale * math.log2(size)


def closed_of(state: HangmanState) -> Closed:
    """The bitmask of letters already guessed."""
    mask = 0
    for ch in state.letters:
        mask |= 1 << letter_code(ch)
    return mask


def open_codes(closed: Closed) -> Ids:
    """Letter codes not yet guessed."""
    return np.array([c for c in range(26) if not closed >> c & 1], dtype=np.int64)


def best_letters(pool: Pool, ids: Ids, closed: Closed, *, limit: int) -> list[int]:
    """The `limit` most promising letters for the guesser: smallest largest family, most held."""
    codes = open_codes(closed)
    if not len(codes):
        return []
    largest, _, holding = family_size_table(pool.lexicon.enc, ids, codes)
    useful = (holding > 0) & (largest < len(ids))
    order = np.lexsort((codes, -holding, largest))
    return [int(codes[i]) for i in order if useful[i]][:limit]


def searched_families(fams: Families, *, limit: int | None) -> list[int]:
    """Families searched at a host node: the `limit` hardest, plus the miss family."""
    chosen = list(range(len(fams.keys) if limit is None else min(limit, len(fams.keys))))
    misses = np.flatnonzero(fams.keys == 0)
    if len(misses) and int(misses[0]) not in chosen:
        chosen.append(int(misses[0]))
    return chosen


def family_values(
    pool: Pool,
    ids: Ids,
    fams: Families,
    closed: Closed,
    *,
    depth: int,
    search: Search,
    limit: int | None,
    cutoff: float = math.inf,
) -> list[tuple[float, int]]:
    """(value, family) for the searched families: a miss counts 1, plus the guesser's value."""
    values: list[tuple[float, int]] = []
    for fam in searched_families(fams, limit=limit):
        value = float(fams.keys[fam] == 0) + guesser_value(
            pool, fams.ids_of(ids, fam), closed, depth=depth - 1, search=search
        )
        values.append((value, fam))
        if value >= cutoff:
            break
    return values


def guesser_value(pool: Pool, ids: Ids, closed: Closed, *, depth: int, search: Search) -> float:
    """Misses the best guesser still concedes from `ids` (minimax `depth` plies, leaf estimate)."""
    if len(ids) <= 1:
        return 0.0
    if depth <= 0:
        return leaf_value(len(ids), scale=search.leaf_scale)
    best, _ = best_letter(pool, ids, closed, depth=depth, search=search)
    return best if best < math.inf else leaf_value(len(ids), scale=search.leaf_scale)


def best_letter(
    pool: Pool, ids: Ids, closed: Closed, *, depth: int, search: Search
) -> tuple[float, int]:
    """(misses conceded, letter code) of the guesser's best letter against the best host; the
    first of equal letters in `best_letters` order (code -1 when none is open)."""
    length = int(pool.lexicon.enc.lengths[ids[0]])
    best, best_code = math.inf, -1
    for code in best_letters(pool, ids, closed, limit=search.letters):
        fams = letter_families(pool.lexicon.enc, ids, code, length=length)
        values = family_values(
            pool,
            ids,
            fams,
            closed | 1 << code,
            depth=depth,
            search=search,
            limit=search.families,
            cutoff=best,
        )
        value = max(v for v, _ in values)
        if value < best - 1e-9:
            best, best_code = value, code
    return best, best_code


def lookahead_kept(pool: Pool, ids: Ids, state: HangmanState, guess: str, *, search: Search) -> int:
    """The id of a word in the family with the most misses ahead (ties: the hardest family)."""
    if len(guess) > 1:
        return word_guess_kept(ids, pool.lexicon.enc.words, guess, rank=0)
    code = letter_code(guess)
    fams = letter_families(pool.lexicon.enc, ids, code, length=len(state.mask))
    values = family_values(
        pool,
        ids,
        fams,
        closed_of(state) | 1 << code,
        depth=search.depth,
        search=search,
        limit=None,
    )
    _, fam = max(values, key=lambda vf: (round(vf[0], 9), -vf[1]))
    return int(fams.ids_of(ids, fam)[0])


@dataclass
class LookaheadHangman(PoolHost):
    """An evil host that keeps the family worst for the best guesser, `depth` plies ahead."""

    name: str = "lookahead"
    search: Search = Search()

    def answer(self, state: HangmanState, guess: str) -> HangmanState:
        """The next state, keeping the family with the most misses ahead."""
        check_move(state, guess)
        ids = self.candidates(state)
        if not len(ids):
            raise NoWordError("no word of the table is consistent with this game")
        kept = lookahead_kept(self.pool, ids, state, guess, search=self.search)
        return self.answered(state, kept=self.pool.lexicon.enc.words[kept], move=guess)
