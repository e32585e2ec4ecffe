"""Hangman hosts: honest (a secret picked up front), evil (word families) and lookahead (minimax).

The evil host follows Evil Hangman's family rule (the largest family; ties: fewest letters
revealed, then the first pattern in order, `-` before letters).

Every host answers a move in a `State` with the next state, computed by the rules'
own `apply_move` against a word of the family it keeps, so status and lives follow the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wordkit.errors import GameStateError, RangeError, UnknownNameError
from wordkit.hangman.lexicon import Pool
from wordkit.hangman.partitions import DIFFICULTIES, Difficulty, family_rank, letter_families
from wordkit.hangman.rules import (
    CLASSIC,
    HIDDEN,
    MAX_LENGTH,
    Ids,
    Rules,
    State,
    apply_move,
    candidate_ids,
    check_move,
    guess_count,
    letter_code,
    new_game,
)
from wordkit.hangman.search import SPLITS, FamilySearch, closed_of, family_values

HOST_NAMES: tuple[str, ...] = ("honest", "evil", "lookahead")
MAX_DEPTH = 6
"""The deepest lookahead host (deeper searches take minutes per answer)."""
ANSWER_BUDGET = 12_000
"""Candidate sets the interactive lookahead host may split by a letter for one answer (then it
settles for the deepest search that finished): about 1-2 s here (6,000-10,000 a second). Work,
not seconds, so the load of the machine never changes an answer."""
GROWTH = 4.0
"""At least how many times more work one more ply of the host's search takes."""
MEMO_LIMIT = 4096
"""Candidate sets a host remembers per game before it starts afresh."""


class NoWordError(GameStateError):
    """No word of the table fits the host's length or category."""


class UnsupportedVariantError(GameStateError):
    """The host cannot play this variant of the game (the evil hosts play classic only)."""


# --- shared by every pool host -------------------------------------------------------------


def pool_word_ids(pool: Pool, *, length: int | None) -> Ids:
    """The pool's word ids, of `length` letters when given (raises when there are none)."""
    ids = pool.ids
    if length is not None:
        ids = ids[pool.lexicon.enc.lengths[ids] == length]
    if not len(ids):
        where = "in the table" if pool.hint is None else f"of category {pool.hint!r}"
        raise NoWordError(
            f"no word {where}"
            + (f" has {length} letter{'s' * (length != 1)}" if length is not None else "")
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


def named_word(words: list[str], state: State, *, seed: int) -> str:
    """The word a host names at the end: one of `words`, seeded by the game so far."""
    key = f"{seed}:{state.mask}:{''.join(state.letters)}:{','.join(state.words)}"
    import random  # a drawn secret only

    return words[random.Random(key).randrange(len(words))]


@dataclass
class PoolHost:
    """A Hangman host over a word pool: opening state, candidates of a state, the final word."""

    pool: Pool
    length: int | None = None
    seed: int = 0
    name: str = "host"
    last: State | None = field(default=None, init=False)
    memo: dict[State, Ids] = field(default_factory=dict, init=False, repr=False)

    def word_length(self) -> int:
        """The length the game is played at: the one asked for, else a seeded draw from the pool."""
        if self.length is not None:
            pool_word_ids(self.pool, length=self.length)
            return self.length
        ids = pool_word_ids(self.pool, length=None)
        return len(self.pool.lexicon.enc.words[drawn_word_id(self.pool, ids, seed=self.seed)])

    def candidates(self, state: State) -> Ids:
        """Pool words consistent with everything shown in `state` (memoised per state)."""
        hit = self.memo.get(state)
        if hit is None:
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            hit = self.memo[state] = candidate_ids(self.pool.lexicon.enc, self.pool.ids, state)
        return hit

    def start(self, rules: Rules = CLASSIC) -> State:
        """The opening state (every position hidden)."""
        if rules.variant != "classic":
            raise UnsupportedVariantError(f"the {self.name} host plays only the classic variant")
        ids = pool_word_ids(self.pool, length=self.word_length())
        state = new_game(self.pool.lexicon.enc.words[int(ids[0])], rules)
        self.last = state
        return state

    def reveal(self, state: State | None = None) -> str:
        """A word consistent with the whole game that led to `state` (default: the last
        state answered)."""
        if state is None:
            state = self.last if self.last is not None else self.start()
        if state.status == "won" and HIDDEN not in state.mask:
            return state.mask
        ids = self.candidates(state)
        if not len(ids):
            raise NoWordError("no word of the table is consistent with this game")
        words = self.pool.lexicon.enc.words
        return named_word([words[i] for i in ids], state, seed=self.seed)

    def answer(self, state: State, guess: str) -> State:
        """The state after `guess` (each host defines it)."""
        raise NotImplementedError

    def answered(self, state: State, *, kept: str, move: str) -> State:
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

    def start(self, rules: Rules = CLASSIC) -> State:
        """The opening state for the secret (drawn now unless given)."""
        if self.secret is None:
            ids = pool_word_ids(self.pool, length=self.length)
            if rules.variant == "advanced":  # the mask holds `width` letters: no longer secret
                ids = ids[self.pool.lexicon.enc.lengths[ids] <= rules.width]
                if not len(ids):
                    raise NoWordError(f"no word fits the advanced width of {rules.width} letters")
            self.secret = self.pool.lexicon.enc.words[drawn_word_id(self.pool, ids, seed=self.seed)]
        state = new_game(self.secret, rules)
        self.last = state
        return state

    def answer(self, state: State, guess: str) -> State:
        """The next state, revealing the secret's occurrences of `guess`."""
        if self.secret is None:
            self.start(state.rules)
        assert self.secret is not None
        return self.answered(state, kept=self.secret, move=guess)

    def reveal(self, state: State | None = None) -> str:
        """The secret."""
        if self.secret is None:
            self.start(CLASSIC if state is None else state.rules)
        assert self.secret is not None
        return self.secret


# --- evil -----------------------------------------------------------------------------------


def word_guess_kept(ids: Ids, words: tuple[str, ...], guess: str, *, rank: int) -> int:
    """The word id kept after a whole-word guess: families are {guess} and the rest (rest first)."""
    rest = [int(i) for i in ids if words[i] != guess]
    hit = [int(i) for i in ids if words[i] == guess]
    order = [fam for fam in (rest, hit) if fam]
    return order[min(rank, len(order) - 1)][0]


def evil_kept(pool: Pool, ids: Ids, state: State, guess: str, *, difficulty: Difficulty) -> int:
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
        difficulty_of(self.difficulty)

    def answer(self, state: State, guess: str) -> State:
        """The next state, keeping the family the difficulty picks."""
        check_move(state, guess)
        ids = self.candidates(state)
        if not len(ids):
            raise NoWordError("no word of the table is consistent with this game")
        kept = evil_kept(self.pool, ids, state, guess, difficulty=self.difficulty)
        return self.answered(state, kept=self.pool.lexicon.enc.words[kept], move=guess)


# --- lookahead ------------------------------------------------------------------------------


def lookahead_kept(pool: Pool, ids: Ids, state: State, guess: str, *, search: FamilySearch) -> int:
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


def budgeted_kept(
    pool: Pool, ids: Ids, state: State, guess: str, *, search: FamilySearch, budget: int
) -> int:
    """`lookahead_kept` within about `budget` splits (`SPLITS`): deepening one ply at a time, it
    keeps the deepest search that finished, and starts no ply whose work, foreseen from the
    last one's, would pass the budget (the full depth gives the same family as
    `lookahead_kept`). The answer depends on the game alone."""
    if len(guess) > 1:
        return word_guess_kept(ids, pool.lexicon.enc.words, guess, rank=0)
    code = letter_code(guess)
    fams = letter_families(pool.lexicon.enc, ids, code, length=len(state.mask))
    closed = closed_of(state) | 1 << code
    values: list[tuple[float, int]] = []
    total, cost, growth = 0, 0, GROWTH
    for depth in range(1, search.depth + 1):
        if values and total + cost * growth > budget:
            break
        began = SPLITS[0]
        values = family_values(pool, ids, fams, closed, depth=depth, search=search, limit=None)
        spent = SPLITS[0] - began
        growth = max(GROWTH, spent / cost) if cost > 0 else GROWTH
        total, cost = total + spent, spent
    _, fam = max(values, key=lambda vf: (round(vf[0], 9), -vf[1]))
    return int(fams.ids_of(ids, fam)[0])


@dataclass
class LookaheadHangman(PoolHost):
    """An evil host that keeps the family worst for the best guesser, `depth` plies ahead
    (within `budget` splits an answer when one is set: the interactive host)."""

    name: str = "lookahead"
    search: FamilySearch = FamilySearch()
    budget: int | None = None

    def answer(self, state: State, guess: str) -> State:
        """The next state, keeping the family with the most misses ahead."""
        check_move(state, guess)
        ids = self.candidates(state)
        if not len(ids):
            raise NoWordError("no word of the table is consistent with this game")
        if self.budget is None:
            kept = lookahead_kept(self.pool, ids, state, guess, search=self.search)
        else:
            kept = budgeted_kept(
                self.pool, ids, state, guess, search=self.search, budget=self.budget
            )
        return self.answered(state, kept=self.pool.lexicon.enc.words[kept], move=guess)


def hangman_host(
    name: str,
    pool: Pool,
    *,
    length: int | None = None,
    difficulty: str = "hard",
    depth: int = 3,
    seed: int = 0,
    secret: str | None = None,
    budget: int | None = None,
) -> PoolHost:
    """A Hangman host by name over `pool` (the table, category and prior are the pool's)."""
    check_host(name, difficulty=difficulty, depth=depth, length=length)
    if name == "honest":
        return HonestHangman(pool, length=length, seed=seed, secret=secret)
    if name == "evil":
        return EvilHangman(pool, length=length, seed=seed, difficulty=difficulty_of(difficulty))
    if name == "lookahead":
        return LookaheadHangman(
            pool, length=length, seed=seed, search=FamilySearch(depth=depth), budget=budget
        )
    raise UnknownNameError(f"unknown Hangman host {name!r} (choose from {', '.join(HOST_NAMES)})")


def check_host(
    name: str, *, difficulty: str = "hard", depth: int = 3, length: int | None = None
) -> None:
    """Raise a typed error for an unknown host or difficulty, or a depth or length out of
    range."""
    if length is not None and not 1 <= length <= MAX_LENGTH:
        raise RangeError(f"--length must be between 1 and {MAX_LENGTH}, not {length}")
    if name not in HOST_NAMES:
        raise UnknownNameError(
            f"unknown Hangman host {name!r} (choose from {', '.join(HOST_NAMES)})"
        )
    difficulty_of(difficulty)
    if name == "lookahead" and not 1 <= depth <= MAX_DEPTH:
        raise RangeError(f"--depth must be between 1 and {MAX_DEPTH}, not {depth}")


def difficulty_of(name: str) -> Difficulty:
    """The evil host's difficulty named `name`."""
    for difficulty in DIFFICULTIES:
        if name == difficulty:
            return difficulty
    raise UnknownNameError(f"unknown difficulty {name!r}; choose from {', '.join(DIFFICULTIES)}")
