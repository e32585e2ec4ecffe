"""`best`: the default AI. `lookahead`'s moves from the table's policy book, a budgeted live
search off the book; once the table stops explaining the game, a mixture of the table and the
letter model weighted by the posterior chance that the secret is in the table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from wordkit.hangman.board import Board, Decision, candidate_probs, hidden_positions
from wordkit.hangman.book import (
    BOOK_MIN_CANDIDATES,
    Book,
    book_rules,
    cached_book,
    ensure_book,
    state_key,
)
from wordkit.hangman.guessers.lookahead import LookaheadGuesser, dictionary_posterior
from wordkit.hangman.guessers.model import (
    appear_probabilities,
    blank_distributions,
    model_for,
)
from wordkit.hangman.lexicon import Floats, Pool
from wordkit.hangman.rules import ALPHABET, Rules, exhausted_letters, letter_code, lives_left
from wordkit.hangman.search import Subset, WinSearch

if TYPE_CHECKING:
    from wordkit.runner import Progress

NODE_BUDGET = 300
"""Search nodes one live stage may expand (a node on thousands of words costs milliseconds)."""
MEMO_LIMIT = 300_000
"""Memoised search values kept between live decisions (a few hundred megabytes at most)."""
DICTIONARY_SHARE = 0.9
"""Prior chance that the secret is a word of the table (0.9: the held-out best of 0.99, 0.9,
0.7 and 0.5 that keeps the table's own win rates)."""
POSTERIOR_CANDIDATES = 100
"""The posterior is weighed only on this many candidates or fewer: above, the table's words
explain the board (and its likelihood would cost a forward pass on every decision)."""
MIXTURE_BELOW = 0.5
"""Posterior chance of the table under which the mixture plays instead of the table's search."""
LIVE_SECONDS = 0.3
"""Time a live search may take in all before the coverage move is played."""
HEDGE_BELOW = 0.99
"""Posterior chance of the table under which the move also weighs the secret lying outside it
(measured on absent words: 0.9 won 547 of 1,000, 0.99 553, always 554; `model` 551)."""
LIFE_VALUE = (0.3, 0.2, 0.13, 0.09, 0.06, 0.04)
"""What one more life is worth to the letter model's chance of winning a word outside the
table, by lives left (1, 2, ...; measured on its games on held-out words)."""


@dataclass
class BestGuesser:
    """Classic, finish=reveal, with lives: the book's move when the state is in it, else the
    lookahead search within `budget` nodes per stage (then a rollout with small exact leaves,
    then coverage). The letter model plays when no candidate is left or once it explains what
    was seen better than the dictionary. Other rules: `lookahead` itself."""

    budget: int | None = NODE_BUDGET
    seconds: float = LIVE_SECONDS
    dictionary_share: float = DICTIONARY_SHARE
    mixture_below: float = MIXTURE_BELOW
    hedge_below: float = HEDGE_BELOW
    use_book: bool = True
    memo_limit: int | None = MEMO_LIMIT
    name: str = "best"
    lookahead: LookaheadGuesser = field(default_factory=LookaheadGuesser)
    books: dict[int, tuple[Pool, Book | None]] = field(default_factory=dict)

    def prepare(
        self, pool: Pool, rules: Rules, *, jobs: int = 1, progress: Progress | None = None
    ) -> None:
        """Build the pool's book now when it is not cached (a stats run over a whole table),
        telling `progress` of its games."""
        book = ensure_book(pool, rules, jobs=jobs, progress=progress)
        self.books[id(pool)] = (pool, book)

    def book(self, pool: Pool, rules: Rules) -> Book | None:
        """The pool's cached book (never built here: a single decision stays fast)."""
        known = self.books.get(id(pool))
        if known is None or known[0] is not pool:
            known = (pool, cached_book(pool, rules))
            self.books[id(pool)] = known
        return known[1]

    def __call__(self, board: Board) -> Decision:
        """The default AI's move."""
        n = len(board.ids)
        rules = board.state.rules
        if n == 0 or not book_rules(rules):
            return self.lookahead(board)
        if self.use_book and n >= BOOK_MIN_CANDIDATES:
            book = self.book(board.pool, rules)
            move = None if book is None else book.get(state_key(board.state))
            if move is not None:
                return self.decision(board, move, "book")
        return self.decide(board)

    def decide(self, board: Board) -> Decision:
        """The move the book would hold, worked out: the mixture once the table explains the
        board poorly, the hedged exact move on few candidates, else the budgeted search."""
        n = len(board.ids)
        posterior = 1.0
        if n <= POSTERIOR_CANDIDATES:
            posterior = dictionary_posterior(board, self.dictionary_share)
        if posterior < self.mixture_below:
            return mixture_decision(board, posterior)
        if posterior < self.hedge_below:
            hedged = self.hedged_decision(board, posterior)
            if hedged is not None:
                return hedged
        if n == 1:
            return single_candidate(board)
        search, subset = self.candidates(board)
        move, label = search.budgeted_move(
            subset, lives_left(board.state), self.budget, self.seconds
        )
        return self.decision(board, move, label)

    def candidates(self, board: Board) -> tuple[WinSearch, Subset]:
        """The search of the board's word length and its candidates there; the memo bounded
        between live decisions (`memo_limit` None: a book build keeps it all)."""
        search, bits = self.lookahead.search(board)
        if self.memo_limit is not None:
            search.trim(self.memo_limit)
        return search, search.subset_of([bits[int(i)] for i in board.ids])

    def decision(self, board: Board, move: str, label: str) -> Decision:
        """A move with its chance of hitting among the candidates."""
        enc = board.pool.lexicon.enc
        probs = candidate_probs(board)
        if len(move) > 1:
            index = [enc.words[i] for i in board.ids].index(move)
            return Decision(move, float(probs[index]), "whole-word")
        hits = enc.positions[board.ids, ord(move) - 97] != 0
        return Decision(move, float(np.sum(probs[hits])), label)

    def hedged_decision(self, board: Board, posterior: float) -> Decision | None:
        """The move with the best chance of winning when the secret is a candidate with chance
        `posterior` and otherwise a word of the letter model, whose chance grows by the worth
        of a life with each hit (None when the exact search would take too long)."""
        state = board.state
        lives = lives_left(state)
        if lives is None:
            return None
        search, subset = self.candidates(board)
        appear = model_appear(board)
        worth = LIFE_VALUE[min(lives, len(LIFE_VALUE)) - 1]
        scale = search.mass(subset) * (1.0 - posterior) / max(posterior, 1e-9) * worth
        bonus = np.where(appear >= 0, scale * np.clip(appear, 0.0, 1.0), -1.0)
        found = search.move_with_bonus(subset, lives, bonus, self.budget, self.seconds)
        if found is None:
            return None
        return self.decision(board, found[0], "hedged")


def single_candidate(board: Board) -> Decision:
    """One candidate left: its hidden letters, commonest first, rather than the word. If it is
    the secret every letter hits (the game is won all the same); if the secret lies outside the
    table, a whole-word guess would lose a life while a common letter of it often hits."""
    enc = board.pool.lexicon.enc
    hidden = hidden_positions(board)[0]
    order = model_for(board.pool).letter_order()
    for ch in order:
        if hidden[letter_code(ch)]:
            return Decision(ch, 1.0, "candidate")
    return Decision(enc.words[board.ids[0]], 1.0, "whole-word")  # every letter shows


def model_appear(board: Board) -> Floats:
    """The letter model's chance that each letter fills a blank of the board, the table's
    candidates set aside (-1 for letters that may not be guessed)."""
    empty = Board(board.state, board.pool, board.ids[:0])
    _, dists = blank_distributions(empty, model_for(board.pool))
    return appear_probabilities(board.state, dists)


def mixture_decision(board: Board, posterior: float) -> Decision:
    """The letter likeliest to be in the secret when it is a candidate with chance `posterior`
    and otherwise a word of the letter model: the two chances mixed by the posterior."""
    state = board.state
    in_table = candidate_probs(board) @ (hidden_positions(board) != 0)
    appear = posterior * in_table + (1.0 - posterior) * model_appear(board)
    for ch in exhausted_letters(state):
        appear[letter_code(ch)] = -1.0
    code = int(np.argmax(appear))
    return Decision(ALPHABET[code], float(max(appear[code], 0.0)), "mixture")
