"""`lookahead`: maximise the chance of winning with the lives left (search, exact when small)."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import numpy as np

from wordkit import cache
from wordkit.hangman.board import (
    Board,
    Decision,
    answers_to,
    candidate_probs,
    hit_chance,
    next_board,
)
from wordkit.hangman.guessers.entropy import entropy_decision, letter_scores, ranked_letters
from wordkit.hangman.guessers.model import PROCESS_CACHE, model_decision, model_likelihood
from wordkit.hangman.lexicon import Floats, Pool
from wordkit.hangman.rules import ALPHABET, State, lives_left, revealed_rules
from wordkit.hangman.search import Subset, WinSearch, WinSearchSettings, win_search_for

SearchKey = tuple[int, int, str, bool]
Children = list[tuple[float, float, Board]]
"""A move's outcomes: (probability, cost paid, board after)."""

LOSS_COST = 1000.0
"""A lost game costs this many guesses, so winning comes first."""

MEMO_BYTES = 512 * 2**20
"""Memoised search values kept between live decisions, over the searches of every word length,
in bytes (`WinSearch.memo_bytes`): an entry's key is a subset as wide as the words of its
length, a kilobyte on `english` and four on a 160,000-word list, where a count of entries per
search let a run grow past 3 GB."""
ROLLOUT_POSITIONS = 4000
"""Positions a rollout decision may cost (each the base policy's move and its outcomes, about
0.17 ms here): its slowest decisions, a game's first on 1,000-2,500 candidates, visited 8,000
to 16,000 and took up to 2.8 s. Counted, not timed, so a move never depends on the load."""
LOCAL_WIDTH = 8
"""A live search is re-indexed on the candidates once the words of their length outnumber
them this many times: a subset is a bit set as wide as its search's words, so on a large table
every operation on a few hundred candidates cost as much as on all the words of their length
(0.9 s decisions on 162,000 words, where the candidates' own search takes a fraction)."""
LOCAL_MIN_WORDS = 1024
"""Below this many words of a length the search of the length is narrow enough to keep."""


PositionKey = tuple[str, tuple[str, ...], tuple[str, ...], int, str, object]


class RolloutSpent(Exception):
    """A rollout decision visited its `ROLLOUT_POSITIONS` (the moves costed whole still count)."""


def position_key(state: State) -> PositionKey:
    """A state with its guesses as sets (letters with their repeats): the base policy's move and
    cost depend on what was guessed, not in which order, so the positions a rollout reaches
    by the same guesses in another order are costed once."""
    return (state.mask, tuple(sorted(state.letters)), tuple(sorted(state.words)), state.wrong,
            state.status, state.rules)  # fmt: skip


def cost_weight_for(state: State) -> float:
    """How much a guess costs next to a win: nothing under reveal with lives (wins first),
    a tie-breaker under finish=word with lives, everything once lives are unlimited."""
    if state.rules.lives is None:
        return 1.0
    return 1e-6 if state.rules.finish == "word" else 0.0


_LENGTH_MASS: dict[tuple[int, int], tuple[weakref.ref[Pool], float]] = {}
"""(id(pool), length) → (the pool, held weakly: a memo must not keep a table alive; its mass)."""


def length_mass(pool: Pool, length: int) -> float:
    """The prior mass of the pool's words of `length` letters (memoised per pool)."""
    known = _LENGTH_MASS.get((id(pool), length))
    if known is None or known[0]() is not pool:
        enc = pool.lexicon.enc
        same = pool.ids[enc.lengths[pool.ids] == length]
        known = (weakref.ref(pool), float(pool.probs[same].sum()))
        cache.make_room(_LENGTH_MASS, PROCESS_CACHE * 64)
        _LENGTH_MASS[(id(pool), length)] = known
    return known[1]


def dictionary_posterior(board: Board, share: float) -> float:
    """P(the secret is in the dictionary | what was seen), against the letter model, from a
    prior `share` (classic variant; 1 before any guess): the candidates' share of the mass of
    words of this length, against the model's chance of a word showing what was seen."""
    if not board.state.letters or share >= 1.0:
        return 1.0
    bucket = length_mass(board.pool, len(board.state.mask))
    if bucket <= 0:
        return 1.0
    in_dictionary = share * float(board.pool.probs[board.ids].sum()) / bucket
    if in_dictionary >= 1.0 - share:  # a lower bound, >= 0.5: the model's chance is at most 1
        return in_dictionary / (in_dictionary + 1.0 - share)
    outside = (1.0 - share) * model_likelihood(board)
    return in_dictionary / (in_dictionary + outside) if in_dictionary + outside > 0 else 1.0


@dataclass
class LookaheadGuesser:
    """Classic with lives (under finish=word as under reveal: `revealed_rules`): the exact
    optimum below `exact_limit` candidates, a one-step rollout of coverage above it (coverage
    solves exactly once a set is down to `exact_limit` candidates, or to 10 when the rollout
    starts from more than `deep_rollout_limit`: one decision on 7,500 words then takes
    seconds, not minutes). Otherwise (advanced, unlimited lives): a one-step rollout of the
    entropy policy on the expected cost (a loss costs LOSS_COST guesses), within
    `rollout_positions` a decision. With no candidate, or once the letter model explains the
    answers better than the dictionary (classic), the letter model plays."""

    exact_limit: int = 100
    deep_rollout_limit: int | None = 1000
    top_letters: int = 8
    word_moves_limit: int = 12
    rollout_letters: int = 5
    rollout_words: int = 3
    rollout_limit: int = 3000
    dictionary_share: float = 0.99
    wrong_weight: float = 0.0
    """Under finish=reveal with lives: what a wrong guess costs, in wins (0: only wins count)."""
    move_weight: float = 0.0
    """Under finish=reveal with lives: what a move costs, in wins."""
    name: str = "lookahead"
    searches: dict[SearchKey, tuple[object, WinSearch, dict[int, int]]] = field(
        default_factory=dict
    )
    base_values: dict[tuple[int, PositionKey], tuple[float, int]] = field(default_factory=dict)
    """Per position, the base policy's cost to the end and the positions costing it visited
    (what a memo hit is charged, so a rollout's budget runs out where a fresh one's would)."""
    rollout_positions: int | None = ROLLOUT_POSITIONS
    """Positions a rollout decision may visit (None: no limit)."""
    visits: int = field(default=0, repr=False)
    visit_cap: int | None = field(default=None, repr=False)
    base_moves: dict[tuple[int, PositionKey], Decision] = field(default_factory=dict)
    memo_bytes: int | None = MEMO_BYTES
    """The searches' memos are forgotten between decisions once they hold more than this (a
    stats run on `english` grew past 5 GB); None keeps them all, and the one search of each
    length, never narrowed on candidates (a `best` book build)."""
    narrowed: tuple[WinSearch, WinSearch, dict[int, int]] | None = None
    """The last search re-indexed on candidates: (the length's search it narrows, itself, word
    id -> bit), kept while later candidates are among its words (a game narrows them)."""

    def search(self, board: Board) -> tuple[WinSearch, dict[int, int]]:
        """The memoised win search for this pool, word length and rules (built once)."""
        state = board.state
        rules = revealed_rules(state.rules)  # classic with lives: searched as under reveal
        length = len(state.mask)
        key = (id(board.pool), length, rules.finish, rules.lives is None)
        cached = self.searches.get(key)
        if cached is None or cached[0] is not board.pool:
            enc = board.pool.lexicon.enc
            ids = board.pool.ids[enc.lengths[board.pool.ids] == length]
            tie_breaks = rules.finish == "reveal" and rules.lives is not None
            weights = board.pool.probs[ids].astype(np.float64)
            if tie_breaks and (self.wrong_weight or self.move_weight) and weights.sum() > 0:
                # a word weighs 1 on average: a miss or a move of one word stays far above
                # the search's rounding tolerance, whatever the table's size
                weights = weights * (len(weights) / weights.sum())
            settings = WinSearchSettings(
                finish=rules.finish,
                cost_weight=self.wrong_weight if tie_breaks else cost_weight_for(state),
                move_weight=self.move_weight if tie_breaks else 0.0,
                exact_limit=self.exact_limit,
                deep_rollout_limit=self.deep_rollout_limit,
                word_moves_limit=self.word_moves_limit,
                top_letters=self.top_letters,
            )
            search = win_search_for(enc, ids, weights, settings)
            cached = (board.pool, search, {int(i): bit for bit, i in enumerate(ids)})
            self.searches[key] = cached
        return cached[1], cached[2]

    def candidates(self, board: Board) -> tuple[WinSearch, Subset]:
        """The search of the board's word length and its candidates there, re-indexed on the
        candidates when they are few among many words (`narrow`: the same values, on bit sets
        a fraction as wide); the memos forgotten between decisions once they hold more than
        `memo_bytes` (None: kept, never narrowed)."""
        search, bits = self.search(board)
        if self.memo_bytes is not None:
            search, bits = self.narrow(search, bits, board)
            searches = [known[1] for known in self.searches.values()]
            if self.narrowed is not None:
                searches.append(self.narrowed[1])
            if sum(s.memo_bytes() for s in searches) > self.memo_bytes:
                for s in searches:
                    s.forget()
        return search, search.subset_of([bits[int(i)] for i in board.ids])

    def narrow(
        self, search: WinSearch, bits: dict[int, int], board: Board
    ) -> tuple[WinSearch, dict[int, int]]:
        """`search` (over the words of one length, `bits` its word id -> bit) or, when the
        board's candidates are fewer than one word in `LOCAL_WIDTH`, `search` narrowed to
        them (`WinSearch.narrowed`: the same values): the last one made while the candidates
        are among its words and it is still that narrow, else a new one."""
        ids = board.ids
        width = len(search.words)
        if width < LOCAL_MIN_WORDS or width < LOCAL_WIDTH * len(ids):
            return search, bits
        known = self.narrowed
        if (
            known is not None
            and known[0] is search  # the same pool, length and rules
            and len(known[1].words) <= LOCAL_WIDTH * len(ids)
            and all(int(i) in known[2] for i in ids)
        ):
            return known[1], known[2]
        ordered = sorted((int(i) for i in ids), key=bits.__getitem__)
        narrow = search.narrowed([bits[i] for i in ordered])
        self.narrowed = (search, narrow, {i: bit for bit, i in enumerate(ordered)})
        return narrow, self.narrowed[2]

    def __call__(self, board: Board) -> Decision:
        """The lookahead move: with no candidate, or when the board makes a secret outside
        the table likelier than not (classic), the letter model's; one candidate is named;
        under the advanced variant or unlimited lives, rollouts of the entropy
        policy; else the win search's best move on the candidates with the lives left (a word
        it names carries that word's chance, a letter its chance to hit)."""
        n = len(board.ids)
        if n == 0:
            return model_decision(board)
        probs = candidate_probs(board)
        if n == 1:
            return Decision(board.pool.lexicon.enc.words[board.ids[0]], 1.0, "word")
        rules = board.state.rules
        if rules.variant == "classic" and self.dictionary_posterior(board) < 0.5:
            return model_decision(board)
        if rules.variant == "advanced" or rules.lives is None:
            return self.rollout_decision(board)
        search, subset = self.candidates(board)
        _, move = search.best_move(subset, lives_left(board.state))
        label = "searched"
        if len(move) > 1:
            index = [board.pool.lexicon.enc.words[i] for i in board.ids].index(move)
            return Decision(move, float(probs[index]), "word")
        return Decision(move, hit_chance(board, ord(move) - 97), label)

    def dictionary_posterior(self, board: Board) -> float:
        """P(the secret is in the dictionary | what was seen), from a prior `dictionary_share`."""
        return dictionary_posterior(board, self.dictionary_share)

    # --- rollouts of the entropy policy (finish=word, advanced variant, unlimited lives) -----

    def base_decision(self, board: Board, probs: Floats | None = None) -> Decision:
        """The base policy's (entropy's) move, memoised per pool and position (`position_key`)."""
        key = (id(board.pool), position_key(board.state))
        cached = self.base_moves.get(key)
        if cached is None:
            cached = self.base_moves[key] = entropy_decision(board, probs)
        return cached

    def children(self, board: Board, move: str, probs: Floats | None = None) -> Children:
        """The boards a move may lead to, with their probability and the cost paid (`probs`:
        the candidates' posterior, when known)."""
        word_finish = board.state.rules.finish == "word"
        return [
            (prob, 1.0 if word_finish else float(after.wrong - board.state.wrong),
             next_board(board, after))
            for prob, after in answers_to(board, move, probs)
        ]  # fmt: skip

    def base_value(self, board: Board) -> float:
        """Expected cost still to pay when the base policy plays on from `board`."""
        state = board.state
        if state.status == "won":
            return 0.0
        if state.status == "lost" or not len(board.ids):
            return LOSS_COST
        if len(board.ids) == 1:  # most states: the base policy names the word and wins
            return 1.0 if state.rules.finish == "word" else 0.0
        key = (id(board.pool), position_key(state))
        cached = self.base_values.get(key)
        if cached is not None:
            self.visited(cached[1])
            return cached[0]
        before = self.visits
        self.visited(1)
        probs = candidate_probs(board)
        move = self.base_decision(board, probs).move
        value = self.move_value(board, move, probs=probs)
        self.base_values[key] = (value, self.visits - before)
        return value

    def visited(self, positions: int) -> None:
        """Count positions a rollout visits; RolloutSpent past the decision's cap (the memo
        stays exact: a position is kept only once costed whole)."""
        self.visits += positions
        if self.visit_cap is not None and self.visits > self.visit_cap:
            raise RolloutSpent

    def move_value(
        self, board: Board, move: str, *, bound: float = np.inf, probs: Floats | None = None
    ) -> float:
        """Expected cost of `move` followed by the base policy; once the sum so far reaches
        `bound`, that sum (the rest costs nothing less: every term is ≥ 0)."""
        total = 0.0
        for p, cost, child in self.children(board, move, probs):
            total += p * (cost + self.base_value(child))
            if total >= bound:
                break
        return total

    def rollout_moves(self, board: Board) -> list[str]:
        """Moves worth comparing: the best letters by `entropy`'s blended score, the base
        move and the most probable words."""
        probs = candidate_probs(board)
        scores = letter_scores(board, probs)
        moves = [ALPHABET[c] for c in ranked_letters(scores)[: self.rollout_letters]]
        base = self.base_decision(board).move
        if base not in moves:
            moves.append(base)
        words = board.pool.lexicon.enc.words
        refuted = set(board.state.words)
        for i in np.argsort(-probs, kind="stable")[: self.rollout_words]:
            word = words[board.ids[int(i)]]
            if word not in moves and word not in refuted:
                moves.append(word)
        return moves

    def rollout_decision(self, board: Board) -> Decision:
        """One-step rollout of the entropy policy: never worse than it in expectation.

        The moves are costed in `rollout_moves`' order within `rollout_positions` positions
        (memo hits charged what they cost to fill); past them the best of the moves costed
        whole is played if the base policy's own move was among them, else the base move."""
        base = self.base_decision(board)
        # the base policy's move, labelled as users read labels (a word named says so)
        fallback = Decision(
            base.move, base.confidence, "word" if len(base.move) > 1 else "searched"
        )
        if len(board.ids) > self.rollout_limit:
            return fallback
        probs = candidate_probs(board)
        best_move, best_value = "", np.inf
        costed: list[str] = []
        self.visits, self.visit_cap = 0, self.rollout_positions
        try:
            for move in self.rollout_moves(board):
                # a move whose cost so far reaches the best's cannot be taken: left unfinished
                value = self.move_value(board, move, bound=best_value - 1e-12, probs=probs)
                costed.append(move)
                if value < best_value - 1e-12:
                    best_move, best_value = move, value
        except RolloutSpent:
            if base.move not in costed:
                return fallback
        finally:
            self.visit_cap = None
        words = [board.pool.lexicon.enc.words[i] for i in board.ids]
        if len(best_move) > 1:
            return Decision(best_move, float(probs[words.index(best_move)]), "word")
        return Decision(best_move, hit_chance(board, ord(best_move) - 97), "searched")
