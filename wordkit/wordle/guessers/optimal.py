"""Play the least-total decision tree (wordkit.wordle.search), cached on disk as JSON."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import ClassVar

from wordkit.wordle.guessers.base import Decision, PartitionGuesser, decision, most_informative
from wordkit.wordle.guessers.weighted import WeightedSearches, weighted_choice
from wordkit.wordle.lists import Wordle
from wordkit.wordle.rules import MAX_GUESSES, State
from wordkit.wordle.search import (
    UNLIMITED,
    DepthLimitError,
    SearchTimeout,
    Tree,
    TreeSearch,
    optimal_tree,
    tree_node,
)

Searches = dict[tuple[str, bool], TreeSearch]


def exact_choice(
    searches: Searches, state: State, max_guesses: int | None, deadline: float | None = None
) -> Decision:
    """The least-total tree's first guess, solving within max_guesses if any tree can;
    SearchTimeout once past `deadline` (what was searched stays memoised)."""
    game, hard = state.game, state.rules.hard
    search = searches.get((game.key, hard))
    if search is None:
        search = searches[(game.key, hard)] = TreeSearch(game, hard=hard, max_guesses=max_guesses)
    left = UNLIMITED if max_guesses is None else max(max_guesses - state.turn + 1, 0)
    search.deadline = deadline
    try:
        try:
            cost, row = search.best(state.remaining, state.legal_rows, left)
        except DepthLimitError:  # e.g. after a poor opener: least total guesses, no limit
            cost, row = search.best(state.remaining, state.legal_rows, UNLIMITED)
    finally:
        search.deadline = None
    return decision(game, row, cost, "total guesses")


EXACT_OPENER_UPTO = 200
"""Answers up to which `optimal` searches its opener exactly among every allowed guess when
none is given (200 of the original answers: 0.06 s at most over 12 draws here; 400: 1-5 s)."""
EXACT_OPENER_NODES = 500
"""Nodes that search may take (a family of look-alike answers is far harder than a draw of
the same size); past them the default opener is played. Nodes, not seconds: the opener is the
same under any load."""


def exact_opener(game: Wordle, max_guesses: int | None) -> str | None:
    """The opener of the least-total tree, every answer within `max_guesses` if possible (the
    first in the search's order among equals), on unweighted lists of at most
    `EXACT_OPENER_UPTO` answers whose search ends within `EXACT_OPENER_NODES` nodes; else
    None."""
    if game.weighted or len(game.answers) > EXACT_OPENER_UPTO:
        return None
    import json

    from wordkit import cache

    # Cached on disk with the other openers ("" when the search gave way): a look-alike family
    # would search for its node budget again at every one-shot `solve`.
    name, key = f"wordle-openers-{game.key}.json", f"optimal-exact-{max_guesses}"
    known = (cache.read_cached_json(name, dict) or {}).get(key)
    if known == "" or (isinstance(known, str) and known in game.guess_index):
        return known or None
    search = TreeSearch(game, max_guesses=max_guesses, node_limit=EXACT_OPENER_NODES)
    try:
        try:
            _, row = search.best(game.all_answers())
        except DepthLimitError:  # no tree fits the limit: the least total, as `exact_choice`
            _, row = search.best(game.all_answers(), depth=UNLIMITED)
        word = game.guesses[row]
    except SearchTimeout:
        word = ""
    fresh = cache.read_cached_json(name, dict) or {}
    fresh[key] = word
    cache.write_cached(name, json.dumps(fresh, indent=1, sort_keys=True))
    return word or None


@dataclass(eq=False)
class OptimalGuesser(PartitionGuesser):
    """Play the least-total decision tree, every answer within `max_guesses` if possible.

    From its own opener it follows the whole tree (computed once, cached on disk as JSON);
    off that tree (another opener was played) it searches each position exactly.

    Under a prior (lists that never dead-end: every allowed word an answer) the least-total
    tree, which counts every answer alike, is not the goal and is far beyond reach: it plays
    the weighted endgame search (fewest expected guesses under the prior) from
    `weighted_upto` answers down, and the most informative guess above.
    """

    timed: ClassVar[bool] = True

    name: str = "optimal"
    max_guesses: int | None = MAX_GUESSES  # None: no limit
    uses_turn: ClassVar[bool] = True  # the guesses left bound the search
    searches: Searches = field(default_factory=dict, repr=False)
    weighted_upto: int = 100
    weighted: WeightedSearches = field(default_factory=dict, repr=False)
    trees: dict[tuple[str, str, bool], Tree | None] = field(default_factory=dict, repr=False)
    openers: dict[str, str | None] = field(default_factory=dict, repr=False)  # exact, per lists

    def first_guess(self, game: Wordle) -> str:
        """The opener given; else, on lists of few answers, the best opener searched exactly
        (`exact_opener`); else SALET (the proven optimum on the standard lists) when the lists
        have it, else the expected-size opener: the exact best opener of 2,315 answers is far
        beyond an interactive search."""
        if self.opener is None:
            if game.key not in self.openers:
                self.openers[game.key] = exact_opener(game, self.max_guesses)
            found = self.openers[game.key]
            if found is not None:
                return found
        if self.opener is None and "salet" in game.guess_index:
            return "salet"
        if self.opener is None:
            from wordkit.wordle.guessers.expected_size import ExpectedSizeGuesser

            return ExpectedSizeGuesser().first_guess(game)
        return super().first_guess(game)

    def tree(self, state: State, deadline: float | None = None) -> Tree | None:
        """The optimal tree from the opener played, if it is this guesser's own and a tree
        solving every answer within the limit exists (and is found before `deadline`)."""
        game, hard = state.game, state.rules.hard
        opener = state.turns[0][0]
        key = (game.key, opener, hard)
        if key not in self.trees:
            tree = None
            if opener == self.first_guess(game):
                # Past the deadline the positions are searched one by one instead.
                with contextlib.suppress(DepthLimitError, SearchTimeout):
                    tree = optimal_tree(
                        game, opener, hard, max_guesses=self.max_guesses, deadline=deadline
                    )
            self.trees[key] = tree
        return self.trees[key]

    def pick(self, state: State) -> Decision:
        """The tree's guess for this position, else an exact search of it (the entropy guess
        when that takes longer than the budget)."""
        deadline = self.deadline()
        if state.game.weighted:
            if len(state.remaining) > self.weighted_upto:
                return most_informative(state)
            try:
                return weighted_choice(self.weighted, state, self.max_guesses, deadline)
            except SearchTimeout:
                return self.timed_out(state)
        tree = self.tree(state, deadline)
        node = None if tree is None else tree_node(tree, state.turns, state.game.length)
        if node is not None:
            row = state.game.guess_index[node["guess"]]
            return decision(state.game, row, node["total"], "total guesses")
        try:
            return exact_choice(self.searches, state, self.max_guesses, deadline)
        except SearchTimeout:
            return self.timed_out(state)


def proven_opener(guesser: PartitionGuesser, game: Wordle, *, hard: bool) -> bool:
    """Whether `guesser` plays, on `game`, the opener it searched exactly (normal mode: that
    search does not know the hard rule)."""
    if not isinstance(guesser, OptimalGuesser) or hard:
        return False
    return guesser.opener is not None and guesser.openers.get(game.key) == guesser.opener
