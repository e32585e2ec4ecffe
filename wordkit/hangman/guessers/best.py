"""`best`: the default AI. A master's objective: the greatest chance of winning; among moves
within 1e-9 of it, the fewest expected wrong guesses, then the fewest moves. `lookahead`'s search
with these tie-breaks, its moves read from the table's policy book, a budgeted live search off
the book; the chance that the secret lies outside the table (a posterior against the letter
model) decides whether a single candidate is named and mixes the confidence shown.

Under that mixture the table's chance of winning, which the search knows exactly, comes first;
among letters tied on it (most positions the table wins for sure), the fewest expected wrong
guesses under the mixture: the table's, weighed by the posterior, against the letter model's
chance of a miss now. Lives are what a secret outside the table is won with (measured in
`docs/benchmarks.md`: the same wins in the table, more outside it)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from wordkit.hangman.board import Board, Decision, candidate_probs, hidden_positions, hit_chance
from wordkit.hangman.book import (
    BOOK_MIN_CANDIDATES,
    Book,
    book_rules,
    cached_book,
    ensure_book,
    state_key,
)
from wordkit.hangman.guessers.lookahead import MEMO_BYTES, LookaheadGuesser, dictionary_posterior
from wordkit.hangman.guessers.model import (
    appear_probabilities,
    blank_distributions,
    model_decision,
    model_for,
)
from wordkit.hangman.lexicon import Floats, Pool, book_pool, holds_learned
from wordkit.hangman.rules import ALPHABET, Rules, exhausted_letters, letter_code, lives_left
from wordkit.hangman.search import Subset, WinSearch

if TYPE_CHECKING:
    from wordkit.runner import Progress

NODE_BUDGET = 1000
"""Search nodes one live stage may expand, of two (a node on thousands of words costs a fraction
of a millisecond: a decision that spends both takes up to about 0.8 s here): the tie-breaks
prune less than wins alone, and 300 cut short three of CodeWords' games with the category hint
that the full search wins."""
WRONG_WEIGHT = 1.2e-10
"""What a wrong guess costs in the search, in wins of one word (a word weighs 1 on average
there): a game holds at most 6 wrong guesses and 26 moves, under 1e-9 of a win in all, so the
chance of winning always comes first; one word's wrong guess stays 100 times above the search's
rounding tolerance (1e-12), so the tie-break is exact."""
MOVE_WEIGHT = WRONG_WEIGHT / 27
"""What a move costs: a word's 26 letters cost less than one wrong guess."""
DICTIONARY_SHARE = 0.9
"""Prior chance that the secret is a word of the table (see `docs/benchmarks.md`: tuned on sets
the benches do not report; 0.5 won 2.6 points more of held-out words but 2.7 fewer inside)."""
POSTERIOR_CANDIDATES = 100
"""The posterior is weighed only on this many candidates or fewer: above, the table's words
explain the board (and its likelihood would cost a forward pass on every decision)."""
MIXTURE_BELOW = 0.0
"""Posterior chance of the table under which the mixture plays instead of the table's search:
off. On a 2,500-word tuning table one half lost 25 of its words that the search wins (its letters
leave the search's plan halfway), and won no more held-out words than the search (noise)."""
NAME_ABOVE = 0.999
"""Posterior chance of the table from which a single candidate is named; below it, its likeliest
letter is played instead (a sure hit in the table, so no wrong guess there, and a chance of one
outside, where naming it is a sure miss). Tuned on a tuning set, see `docs/benchmarks.md`."""

FROM_BOOK = "from the book"
SEARCHED = "searched"
LETTER_MODEL = "letter model"
WORD = "word"
"""The labels users see: how the move was found (a whole word is always `word`)."""
CUT_SHORT = "the search reached its node budget: the coverage move"
"""The note of a move played when the live search did not finish (never kept in a book)."""
TIES_CUT = "the proof of its ties reached the node budget: the search's move"
"""The note of a move whose search finished but whose ties were not all proven."""


@dataclass
class BestGuesser:
    """Classic with lives (under finish=word as under reveal: `revealed_rules`): the book's
    move when the state is in it, else the lookahead search with the master's tie-breaks
    within `budget` nodes per stage (then a rollout with small exact leaves, then coverage);
    among letters its exact search finds tied on the chance of winning, the fewest wrong
    guesses under the mixture. The letter model plays when no candidate is left (or, with
    `mixture_below` above 0, once the table explains the board poorly); a single candidate is
    named when the table is favoured, else its letter is played. Other rules: `lookahead`
    itself."""

    budget: int | None = NODE_BUDGET
    dictionary_share: float = DICTIONARY_SHARE
    mixture_below: float = MIXTURE_BELOW
    name_above: float = NAME_ABOVE
    use_book: bool = True
    memo_bytes: int | None = MEMO_BYTES
    name: str = "best"
    lookahead: LookaheadGuesser = field(
        default_factory=lambda: LookaheadGuesser(wrong_weight=WRONG_WEIGHT, move_weight=MOVE_WEIGHT)
    )
    """The search, its memos bounded by this guesser's `memo_bytes` (set on it here; None: a
    book build keeps them all, and the one search of each length, never narrowed)."""
    books: dict[int, tuple[Pool, Book | None, bool]] = field(default_factory=dict)
    """By pool: (the pool, its book, whether that is the book of the table's own words)."""
    confidence: bool = True
    """Whether each move carries the AI's chance that it hits: a stats run shows none, and
    the letter model's share of that chance was most of its time (12 s of 14 on `categories`)."""

    def __post_init__(self) -> None:
        self.lookahead.memo_bytes = self.memo_bytes

    def prepare(
        self, pool: Pool, rules: Rules, *, jobs: int = 1, progress: Progress | None = None
    ) -> None:
        """Build the pool's book now when it is not cached (a stats run over a whole table),
        telling `progress` of its games (that of the table's own words: see `book`)."""
        table = book_pool(pool)
        book = ensure_book(table, rules, jobs=jobs, progress=progress)
        self.books[id(pool)] = (pool, book, table is not pool)

    def book(self, pool: Pool, rules: Rules) -> Book | None:
        """The pool's cached book (never built here: a single decision stays fast): with
        words learned from play, mostly the book of the table's own words, which holds the
        move of every state with no learned word among its candidates (see `book_pool`)."""
        return self._book(pool, rules)[1]

    def _book(self, pool: Pool, rules: Rules) -> tuple[Pool, Book | None, bool]:
        known = self.books.get(id(pool))
        if known is None or known[0] is not pool:
            table = book_pool(pool)
            known = (pool, cached_book(table, rules), table is not pool)
            self.books[id(pool)] = known
        return known

    def __call__(self, board: Board) -> Decision:
        """The default AI's move."""
        n = len(board.ids)
        rules = board.state.rules
        if n == 0:
            return model_move(board)
        if not book_rules(rules):
            return self.other_rules(board)
        if self.reads_book(board):
            book = self.book(board.pool, rules)
            move = None if book is None else book.get(state_key(board.state))
            if move is not None:
                return self.decision(board, move, FROM_BOOK)
        return self.decide(board)

    def reads_book(self, board: Board) -> bool:
        """Whether the book's move is this guesser's at `board`: on more than 100 candidates;
        on fewer, only for a guesser that weighs the mixture as the book was built.

        The book of the table's own words (a pool grown by words learned from play, see
        `book_pool`) is read while more than 100 own words are candidates, learned ones or
        not: there the move is a rollout's, which the book made without a node budget, and a
        few learned words among hundreds of candidates barely move it (live, their rollout
        would run within the budget, at most a second a move). On fewer the exact search
        weighs every candidate, and the learned words weigh in the posterior."""
        n = len(board.ids)
        if not self.use_book or n < BOOK_MIN_CANDIDATES:
            return False
        own = board.pool.lexicon.own
        if (
            own is not None
            and holds_learned(board.pool)
            and self._book(board.pool, board.state.rules)[2]
        ):
            return int(np.count_nonzero(board.ids < own)) > POSTERIOR_CANDIDATES
        return n > POSTERIOR_CANDIDATES or self.plays_as_books()

    def plays_as_books(self) -> bool:
        """Whether this guesser weighs the mixture as the books were built (the defaults): on
        100 candidates or fewer the posterior decides naming and ties, so a book's move there
        is another guesser's (a host's learned share, say) and is searched instead."""
        return (self.dictionary_share, self.mixture_below, self.name_above) == (
            DICTIONARY_SHARE,
            MIXTURE_BELOW,
            NAME_ABOVE,
        )

    def posterior(self, board: Board) -> float:
        """P(the secret is a candidate | what was seen) under the mixture (1 on many
        candidates: the table explains the board)."""
        if len(board.ids) > POSTERIOR_CANDIDATES:
            return 1.0
        return dictionary_posterior(board, self.dictionary_share)

    def decide(self, board: Board) -> Decision:
        """The move the book would hold, worked out: the mixture once the table explains the
        board poorly (when on); with one candidate, the word when the table is favoured
        enough, else its letter likeliest outside the table; else the budgeted search, its
        letters tied on winning in the table decided by their wrong guesses under the
        mixture."""
        posterior = None
        if len(board.ids) == 1 and not hidden_positions(board)[0].any():
            return self.one_candidate(board, 1.0)  # shown whole (finish=word): named, no model
        if self.mixture_below > 0 or len(board.ids) == 1:
            posterior = self.posterior(board)
            if posterior < self.mixture_below:
                return mixture_decision(board, posterior)
        if len(board.ids) == 1:
            assert posterior is not None
            return self.one_candidate(board, posterior)
        search, subset = self.candidates(board)
        lives = lives_left(board.state)
        unit = self.lookahead.wrong_weight * search.mass(subset)
        mixed = self.dictionary_share < 1.0 and bool(board.state.letters) and unit > 0
        tied: list[tuple[str, float]] | None = []
        with search.own_memos():  # the position's move, whatever was searched before it
            move, finished = search.budgeted_move(subset, lives, self.budget)
            if finished and len(move) == 1 and mixed:
                tied = search.tied_letters(subset, lives, self.budget)
        if finished and len(move) == 1 and mixed:
            if tied is None:
                return replace(self.decision(board, move, SEARCHED, posterior), note=TIES_CUT)
            if len(tied) > 1:
                posterior = self.posterior(board) if posterior is None else posterior
                if posterior < 1.0:
                    move = fewest_wrong_under_mixture(board, tied, posterior, unit)
        decision = self.decision(board, move, SEARCHED, posterior)
        return decision if finished else replace(decision, note=CUT_SHORT)

    def one_candidate(self, board: Board, posterior: float, *, name: bool = False) -> Decision:
        """One candidate left: the word when the table is favoured enough (or `name`), else its
        letter likeliest outside the table (a sure hit in the table); the word once none is
        hidden (finish=word: it must still be named)."""
        word = board.pool.lexicon.enc.words[int(board.ids[0])]
        if not hidden_positions(board)[0].any():  # the mask shows it whole: naming it wins
            return Decision(word, 1.0, WORD)
        if name or posterior >= self.name_above:
            return Decision(word, posterior, WORD)
        return self.candidate_letter(board, posterior)

    def other_rules(self, board: Board) -> Decision:
        """Rules no book is made for (advanced, unlimited lives): `lookahead`'s move, a single
        candidate named as under a life limit (at once under finish=word, where only naming
        wins), and the confidence the AI's own chance of a hit under the mixture,
        as everywhere (the table's alone claimed 100% for a word outside it)."""
        if len(board.ids) == 1:  # under finish=word only naming wins: a letter is a move lost
            name = board.state.rules.finish == "word"
            return self.one_candidate(board, self.posterior(board), name=name)
        decision = self.lookahead(board)
        words = board.pool.lexicon.enc.words
        if len(decision.move) == 1 or decision.move in {words[int(i)] for i in board.ids}:
            return self.decision(board, decision.move, decision.label)
        return decision  # a word the letter model built, with the model's own chance

    def candidates(self, board: Board) -> tuple[WinSearch, Subset]:
        """The search of the board's word length and its candidates there (`lookahead`'s)."""
        return self.lookahead.candidates(board)

    def decision(
        self, board: Board, move: str, label: str, posterior: float | None = None
    ) -> Decision:
        """A move with the AI's own chance that it hits: a candidate's (a letter's) chance in
        the table, mixed with the letter model's by the posterior (worked out here when not
        given; NaN when `confidence` is off)."""
        if not self.confidence:
            return Decision(move, math.nan, WORD if len(move) > 1 else label)
        if posterior is None:
            posterior = self.posterior(board)
        enc = board.pool.lexicon.enc
        probs = candidate_probs(board)
        if len(move) > 1:
            words = [enc.words[i] for i in board.ids]
            inside = float(probs[words.index(move)]) if move in words else 0.0
            return Decision(move, posterior * inside, WORD)
        code = letter_code(move)
        inside = hit_chance(board, code)
        if posterior >= 1.0:
            return Decision(move, inside, label)
        outside = max(float(model_appear(board)[code]), 0.0)
        return Decision(move, posterior * inside + (1.0 - posterior) * outside, label)

    def candidate_letter(self, board: Board, posterior: float) -> Decision:
        """One candidate the table does not favour enough to name: of its letters still
        hidden (each a sure hit in the table), the one the letter model likes best."""
        held = hidden_positions(board)[0] != 0
        appear = np.where(held, model_appear(board), -np.inf)
        move = ALPHABET[int(np.argmax(appear))]
        return self.decision(board, move, LETTER_MODEL, posterior)


def model_move(board: Board) -> Decision:
    """No candidate left: the letter model's move, labelled for users."""
    decision = model_decision(board)
    return replace(decision, label=WORD if len(decision.move) > 1 else LETTER_MODEL)


def model_appear(board: Board) -> Floats:
    """The letter model's chance that each letter fills a blank of the board, the table's
    candidates set aside (-1 for letters that may not be guessed)."""
    empty = Board(board.state, board.pool, board.ids[:0])
    _, dists = blank_distributions(empty, model_for(board.pool))
    return appear_probabilities(board.state, dists)


def fewest_wrong_under_mixture(
    board: Board, tied: list[tuple[str, float]], posterior: float, unit: float
) -> str:
    """Of letters tied on the chance of winning in the table (with their exact values there),
    the one with the fewest expected wrong guesses when the secret is a candidate with chance
    `posterior` and otherwise a word of the letter model: in the table, the wrong guesses its
    value counts beyond the best one's (`unit`: the value of one wrong guess over the board's
    mass; an extra move counts a 27th of one there, as in the search); outside, the letter
    model's chance that this letter misses now (what follows is not modelled). The first in
    order among equals."""
    values = np.array([value for _, value in tied])
    inside = (values.max() - values) / unit
    codes = [letter_code(move) for move, _ in tied]
    outside = 1.0 - np.maximum(model_appear(board)[codes], 0.0)
    wrong = posterior * inside + (1.0 - posterior) * outside
    return tied[int(np.flatnonzero(wrong <= wrong.min() + 1e-9)[0])][0]


def mixture_decision(board: Board, posterior: float) -> Decision:
    """The letter likeliest to be in the secret when it is a candidate with chance `posterior`
    and otherwise a word of the letter model: the two chances mixed by the posterior."""
    state = board.state
    in_table = candidate_probs(board) @ (hidden_positions(board) != 0)
    appear = posterior * in_table + (1.0 - posterior) * model_appear(board)
    for ch in exhausted_letters(state):
        appear[letter_code(ch)] = -1.0
    code = int(np.argmax(appear))
    return Decision(ALPHABET[code], float(max(appear[code], 0.0)), LETTER_MODEL)
