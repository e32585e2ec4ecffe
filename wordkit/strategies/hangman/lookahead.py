"""`lookahead`: maximise the chance of winning with the lives left (search, exact when small)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wordkit.games.hangman import HangmanState, lives_left
from wordkit.strategies.hangman.base import Board, Decision, candidate_probs
from wordkit.strategies.hangman.model import model_decision
from wordkit.strategies.hangman.solver import Solver, SolverSettings, Subset, solver_for

SolverKey = tuple[int, int, str, bool]


def cost_weight_for(state: HangmanState) -> float:
    """How much a guess costs next to a win: nothing under reveal with lives (wins first),
    a tie-breaker under finish=word with lives, everything once lives are unlimited."""
    if state.rules.lives is None:
        return 1.0
    return 1e-6 if state.rules.finish == "word" else 0.0


@dataclass
class Lookahead:
    """Exact search below `exact_limit` candidates, a rollout of coverage above it."""

    exact_limit: int = 40
    top_letters: int = 8
    word_moves_limit: int = 12
    name: str = "lookahead"
    solvers: dict[SolverKey, tuple[object, Solver, dict[int, int]]] = field(default_factory=dict)

    def solver(self, board: Board) -> tuple[Solver, dict[int, int]]:
        """The memoised solver for this pool, word length and rules (built once)."""
        state = board.state
        length = len(state.mask)
        key = (id(board.pool), length, state.rules.finish, state.rules.lives is None)
        cached = self.solvers.get(key)
        if cached is None or cached[0] is not board.pool:
            enc = board.pool.lexicon.enc
            ids = board.pool.ids[enc.lengths[board.pool.ids] == length]
            settings = SolverSettings(
                finish=state.rules.finish,
                cost_weight=cost_weight_for(state),
                exact_limit=self.exact_limit,
                word_moves_limit=self.word_moves_limit,
                top_letters=self.top_letters,
            )
            solver = solver_for(enc, ids, board.pool.probs[ids], settings)
            cached = (board.pool, solver, {int(i): bit for bit, i in enumerate(ids)})
            self.solvers[key] = cached
        return cached[1], cached[2]

    def decide(self, board: Board) -> Decision:
        """The lookahead move."""
        n = len(board.ids)
        if n == 0:
            return model_decision(board)
        probs = candidate_probs(board)
        if n == 1:
            return Decision(board.pool.lexicon.enc.words[board.ids[0]], 1.0, "whole-word")
        if board.state.rules.variant == "advanced":
            return model_decision(board)
        solver, bits = self.solver(board)
        subset: Subset = solver.subset_of([bits[int(i)] for i in board.ids])
        _, move = solver.choose(subset, lives_left(board.state))
        label = "exact" if n <= self.exact_limit else "rollout"
        if len(move) > 1:
            index = [board.pool.lexicon.enc.words[i] for i in board.ids].index(move)
            return Decision(move, float(probs[index]), "whole-word")
        code = ord(move) - 97
        hits = board.pool.lexicon.enc.positions[board.ids, code] != 0
        return Decision(move, float(np.sum(probs[hits])), label)
