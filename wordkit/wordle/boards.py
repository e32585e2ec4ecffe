"""Several boards at once (Dordle, Quordle, Octordle, Sedecordle): one guess is played on
every unsolved board, each board answers with its own feedback, and the game is won when every
board is solved within the guesses allowed.

A `Boards` state holds one single-board `State` per board (the filtering is the single-board
rule, board by board); a solved board keeps its last state and receives no more guesses.
`wordkit.wordle.play.play` plays it from `start_boards(...)`: a guesser is a callable from
`Boards` to a `Decision`, a host answers a guess with the next `Boards` state.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from wordkit.errors import GameStateError, RangeError, WordkitError
from wordkit.wordle import partitions
from wordkit.wordle.guessers import Decision, EntropyGuesser, best_opener
from wordkit.wordle.guessers.base import decision
from wordkit.wordle.lists import Wordle
from wordkit.wordle.rules import (
    Pattern,
    Position,
    Rules,
    State,
    check_new,
    parse_feedback,
    pattern_str,
    start,
)

BOARD_COUNTS = (1, 2, 4, 8, 16)
"""The variants: Wordle, Dordle, Quordle, Octordle, Sedecordle."""
DEFAULT_LIMITS = {1: 6, 2: 7, 4: 9, 8: 13, 16: 21}
"""The guesses each variant allows."""
VARIANTS = {1: "Wordle", 2: "Dordle", 4: "Quordle", 8: "Octordle", 16: "Sedecordle"}
PLAY_ON = 12
"""An AI's game still unsolved this many guesses past the limit is lost (and stopped)."""
OPENER = "crane"
"""The default first guess: on the original lists it beat soare, salet, slate, trace, roate
and tares by 0.01-0.07 guesses on 300-500 games per variant (bench/boards.py)."""
LOST = 100
"""What a game lost past the limit costs beyond its guesses in the exact endgame."""
SOLVED_MARK = "-"
"""What a board already solved shows (and may be typed) as its feedback."""
Outcome = tuple[float, tuple[int, ...] | None]
"""One outcome of a guess on a board: its chance, and the answers left (None: solved)."""


def plural(count: int, noun: str) -> str:
    """`1 board`, `2 boards`."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def board_words(text: str) -> list[str]:
    """The words of one or more board games typed as one text: apart, or joined by `,` or by
    `/` as `--records` writes a game's secret (`cigar/rebut`)."""
    return text.replace(",", " ").replace("/", " ").split()


def check_boards(boards: int) -> int:
    """The number of boards, if it is a variant's (else RangeError)."""
    if boards not in BOARD_COUNTS:
        raise RangeError(
            f"--boards must be one of {', '.join(map(str, BOARD_COUNTS))}, not {boards}"
        )
    return boards


def default_limit(boards: int) -> int:
    """The guesses a variant allows by default."""
    return DEFAULT_LIMITS[check_boards(boards)]


# ---------------------------------------------------------------------------------------
# The state


@dataclass(frozen=True, eq=False)
class Boards(Position):
    """N boards in progress: one single-board state per board, and every guess played."""

    game: Wordle
    rules: Rules
    """`max_guesses` counts guesses, not boards."""
    boards: tuple[State, ...]
    """One single-board state per board; a solved board keeps the state that solved it."""
    guesses: tuple[str, ...] = ()
    """Every guess played (each was played on every board unsolved at the time)."""
    previous: Boards | None = None
    """The state before the last guess (None at the start): for undo and the game's steps."""

    @property
    def solved(self) -> bool:
        """Whether every board is solved."""
        return all(b.solved for b in self.boards)

    @property
    def moves(self) -> tuple[str, ...]:
        """Every guess so far."""
        return self.guesses

    @property
    def feedback(self) -> tuple[str, ...]:
        """Every guess's feedback so far, board by board (`-` on a board solved before it)."""
        return tuple(feedback_text(b, a) for b, a in boards_turns(self))

    @property
    def unsolved(self) -> list[int]:
        """The indices of the boards still to solve."""
        return [i for i, b in enumerate(self.boards) if not b.solved]

    def check_move(self, guess: str, *, new: bool = False) -> int:
        """The row of `guess` if it may be played now (with `new`: not guessed before)."""
        row = self.game.check_guess(guess)
        word = self.game.guesses[row]
        if new:
            check_new(word, self.guesses)
        return row

    def after(self, row: int, patterns: Sequence[Pattern]) -> Boards:
        """The state once guess `row` got `patterns`, one per unsolved board in board order
        (typed errors naming the board: a pattern ruling out every answer)."""
        todo = self.unsolved
        if len(patterns) != len(todo):
            raise GameStateError(
                f"{self.game.guesses[row].upper()}: {plural(len(patterns), 'feedback pattern')} "
                f"given for {plural(len(todo), 'unsolved board')}"
            )
        boards = list(self.boards)
        for i, pattern in zip(todo, patterns, strict=True):
            try:
                boards[i] = self.boards[i].after(row, pattern)
            except WordkitError as exc:
                raise type(exc)(f"board {i + 1}: {exc}") from None
        won = [i + 1 for i, p in zip(todo, patterns, strict=True) if p == self.game.win]
        if len(won) > 1:
            raise GameStateError(
                f"{self.game.guesses[row].upper()} cannot solve boards {won[0]} and {won[1]} "
                "at once: the boards have different answers"
            )
        crowded = boards_without_answers(boards)
        if crowded:
            left = sorted({self.game.answers[int(a)] for i in crowded for a in boards[i].remaining})
            raise GameStateError(
                f"boards {', '.join(str(i + 1) for i in crowded)} have "
                f"{plural(len(left), 'answer')} left among them ({', '.join(left).upper()}): "
                "too few for the boards, which have different answers"
            )
        guesses = (*self.guesses, self.game.guesses[row])
        return Boards(self.game, self.rules, tuple(boards), guesses, self)


def boards_without_answers(boards: Sequence[State]) -> list[int]:
    """Boards that cannot each keep an answer of its own (the boards' answers differ), in
    order; [] when they can. A board with as many answers left as there are boards always can;
    the others are matched to distinct answers (augmenting paths), and a board that finds
    none names the boards whose answers it tried to take (fewer answers than boards there)."""
    n = len(boards)
    options = {
        i: [int(a) for a in b.remaining] for i, b in enumerate(boards) if len(b.remaining) < n
    }
    owner: dict[int, int] = {}  # answer -> board

    def take(board: int, tried: set[int], seen: set[int]) -> bool:
        seen.add(board)
        for answer in options[board]:
            if answer in tried:
                continue
            tried.add(answer)
            if answer not in owner or take(owner[answer], tried, seen):
                owner[answer] = board
                return True
        return False

    for board in options:
        seen: set[int] = set()
        if not take(board, set(), seen):
            return sorted(seen)
    return []


def start_boards(game: Wordle, boards: int, rules: Rules | None = None) -> Boards:
    """The opening state of `boards` boards on `game`'s lists (default: the variant's limit)."""
    check_boards(boards)
    if rules is None:
        rules = Rules(length=game.length, max_guesses=default_limit(boards))
    if rules.hard:
        raise GameStateError("hard mode is for one board; drop --hard or --boards")
    one = start(game, Rules(length=game.length, max_guesses=None))
    return Boards(game, rules, (one,) * boards)


def feedback_text(before: Boards, after: Boards, style: str = "letters") -> str:
    """The feedback of the last guess, board by board (`-` for a board solved before it)."""
    length = after.game.length
    parts = []
    for b, a in zip(before.boards, after.boards, strict=True):
        parts.append(SOLVED_MARK if b.solved else pattern_str(a.turns[-1][1], length, style))
    return "/".join(parts)


def parse_patterns(state: Boards, text: str, row: int) -> list[Pattern]:
    """The patterns typed for guess `row`, boards separated by `/`: one per unsolved board, or
    one per board with `-` (or the guess's true feedback on its answer) for the boards already
    solved."""
    parts = [p.strip() for p in text.split("/")]
    todo = state.unsolved
    n, length = len(state.boards), state.game.length

    def truth(i: int) -> Pattern:  # a solved board's answer is known: so is its feedback
        return int(state.game.matrix[row, state.boards[i].remaining[0]])

    if len(parts) == n and len(todo) < n:
        wrong = [
            i + 1
            for i, part in enumerate(parts)
            if i not in todo
            and part not in (SOLVED_MARK, "")
            and parse_feedback(part, length) != truth(i)
        ]
        if wrong:
            k = wrong[0] - 1
            answer = state.game.answers[int(state.boards[k].remaining[0])].upper()
            shown = pattern_str(truth(k), length, "letters")
            raise GameStateError(
                f'"{text}": board {k + 1} is solved ({answer}, where '
                f"{state.game.guesses[row].upper()} gets {shown}); give - for it, or leave it out"
            )
        parts = [parts[i] for i in todo]
    if len(parts) != len(todo):
        raise GameStateError(
            f'"{text}": {plural(len(parts), "feedback pattern")} for '
            f"{plural(len(todo), 'unsolved board')}; "
            "give one per board, separated by /"
        )
    out = []
    for i, part in zip(todo, parts, strict=True):
        try:
            out.append(parse_feedback(part, length))
        except WordkitError as exc:
            raise type(exc)(f"board {i + 1}: {exc}") from None
    return out


def replay_text(state: Boards, history: str) -> Boards:
    """The state after a typed history: `WORD=P1/P2/...` entries separated by commas."""
    for n, entry in enumerate(filter(None, (e.strip() for e in history.split(","))), 1):
        word, sep, marks = entry.partition("=")
        if not sep:
            raise GameStateError(
                f"history entry {n} ({entry!r}) must be WORD=FEEDBACK/FEEDBACK/..., "
                "one feedback per board"
            )
        if state.solved:
            raise GameStateError(
                f"history entry {n} ({entry!r}) comes after every board was solved"
            )
        if not word.strip():
            raise GameStateError(
                f"history entry {n} ({entry!r}) names no word: WORD=FEEDBACK/FEEDBACK/..."
            )
        row = state.game.check_guess(word)
        try:
            state = state.after(row, parse_patterns(state, marks, row))
        except WordkitError as exc:
            raise type(exc)(f"history entry {n} ({word.strip().upper()}): {exc}") from None
    return state


# ---------------------------------------------------------------------------------------
# The N-board guesser


@dataclass(eq=False)
class BoardsGuesser:
    """Most expected information summed over the unsolved boards, with a bonus for the chance
    of solving one now; a board with one answer left is played at once (when several are,
    the one most informative on the others).

    With few boards and answers left, an exact expectimax over the answers left and the
    best-scoring words finishes the game (a game lost past the limit costs LOST more).
    (Rollouts comparing the best few guesses by playing on against sampled answers gained
    0.014-0.016 guesses in Quordle and Octordle on 500 games for 3 to 50 times the time, and
    were dropped.)
    Each board's scores over every guess depend only on its answers left, so they are
    memoised per answer set (the sets after the opener repeat from game to game).

    Tuned on the original lists (300-500 games per variant, bench/boards.py): a bonus for
    boards left with one answer, for the chance that some board is, weights favouring boards
    close to solved, or bits computed with a shifted log all measured equal or worse.
    """

    name: str = "boards"
    opener: str | None = None
    solve_bonus: float = 2.0
    """Bits a guess earns per board it is expected to solve at once."""
    exact_boards: int = 6
    """The exact endgame plays once at most this many boards are unsolved ..."""
    exact_answers: int = 14
    """... with at most this many answers left over them all."""
    exact_words: int = 10
    """Best-scoring words the exact endgame weighs besides the answers left."""
    memo_size: int = 4000
    memo: OrderedDict[bytes, np.ndarray] = field(default_factory=OrderedDict, repr=False)

    def __call__(self, state: Boards) -> Decision:
        """The opener, a certain board's answer, or the best-scoring guess."""
        game = state.game
        if not state.guesses:
            row = game.check_guess(self.first_guess(game))
            return decision(game, row, float("nan"), "opener")
        todo = [state.boards[i] for i in state.unsolved]
        exact = self.endgame(state)
        if exact is not None:
            return exact
        certain = [b for b in todo if len(b.remaining) == 1]
        if certain:
            rows = np.unique([game.answer_rows[b.remaining[0]] for b in certain])
            if len(rows) == 1:
                return decision(game, rows[0], 1.0, "certain")
            score = self.scores(game, [b for b in todo if len(b.remaining) > 1], rows)
            i = int(np.argmax(score))
            return decision(game, rows[i], score[i], "certain")
        rows = np.arange(len(game.guesses))
        score = self.scores(game, todo, rows)
        i = int(np.argmax(score))
        return decision(game, rows[i], score[i], "score")

    def endgame(self, state: Boards) -> Decision | None:
        """With few boards and answers left: the guess of the least expected guesses to finish,
        by exact expectimax over the answers left and the best-scoring words (None: too big)."""
        game = state.game
        todo = [state.boards[i] for i in state.unsolved]
        sets = [b.remaining for b in todo]
        if len(sets) > self.exact_boards or sum(map(len, sets)) > self.exact_answers:
            return None
        if len(sets) == 1 and len(sets[0]) == 1:
            return None
        union = np.unique(np.concatenate(sets))
        open_sets = [b for b in todo if len(b.remaining) > 1]
        extra = np.array([], dtype=np.int64)
        if open_sets and self.exact_words:
            score = self.scores(game, open_sets, np.arange(len(game.guesses)))
            extra = np.argsort(-score, kind="stable")[: self.exact_words]
        cands = list(dict.fromkeys([*map(int, game.answer_rows[union]), *map(int, extra)]))
        sub = game.matrix[np.ix_(np.array(cands), union)]
        pat = [dict(zip(map(int, union), map(int, sub[k]), strict=True)) for k in range(len(cands))]
        win = game.win
        memo: dict[tuple[tuple[tuple[int, ...], ...], int], tuple[float, int]] = {}
        limit = state.rules.max_guesses
        # Past the limit a game is lost: LOST more, then played on as if there were none
        # (a game already past it is played on so, to its answers).
        used = len(state.guesses)
        start_left = len(game.guesses) if limit is None or used >= limit else limit - used

        splits: dict[tuple[int, tuple[int, ...]], tuple[bool, list[Outcome]]] = {}

        def split(k: int, board: tuple[int, ...]) -> tuple[bool, list[Outcome]]:
            """How guess `cands[k]` splits one board's answers (memoised: a board comes back
            in many positions): whether it tells any apart or may win, and each outcome's
            chance and answers left (None: solved), in the order first met."""
            known = splits.get((k, board))
            if known is None:
                p = pat[k]
                groups: dict[int, list[int]] = {}
                for c in board:
                    groups.setdefault(p[c], []).append(c)
                outcomes = [
                    (len(g) / len(board), None if q == win else tuple(g)) for q, g in groups.items()
                ]
                known = splits[k, board] = (len(groups) > 1 or win in groups, outcomes)
            return known

        def value(boards: tuple[tuple[int, ...], ...], left: int) -> tuple[float, int]:
            """(The least expected guesses to finish `boards`, each board's answers left,
            sorted, with `left` guesses before the limit; the index in `cands` of the guess
            reaching it): exact expectimax over every outcome on every board. Past the limit
            a game costs LOST more and is played on as if it had none."""
            if not boards:
                return 0.0, -1
            if left <= 0:
                return LOST + value(boards, len(game.guesses))[0], -1
            # As many guesses as answers always finish: more left changes nothing.
            left = min(left, sum(map(len, boards)))
            hit = memo.get((boards, left))
            if hit is not None:
                return hit
            best, choice = math.inf, -1
            for k in range(len(cands)):
                dists = []
                moved = False
                for b in boards:
                    tells, outcomes = split(k, b)
                    moved = moved or tells
                    dists.append(outcomes)
                if not moved:
                    continue
                total = 0.0
                for combo in itertools.product(*dists):
                    prob = math.prod(pr for pr, _ in combo)
                    rest = tuple(sorted(x for _, x in combo if x is not None))
                    total += prob * value(rest, left - 1)[0]
                if 1.0 + total < best - 1e-9:
                    best, choice = 1.0 + total, k
            memo[(boards, left)] = (best, choice)
            return best, choice

        start_key = tuple(sorted(tuple(map(int, s)) for s in sets))
        v, k = value(start_key, start_left)
        row = cands[k]
        return decision(game, row, -v, "exact")

    def first_guess(self, game: Wordle) -> str:
        """The opener: the one given, else OPENER when the lists have it, else the entropy
        guesser's (cached on disk)."""
        if self.opener is not None:
            return game.guesses[game.check_guess(self.opener)]
        self.opener = OPENER if OPENER in game.guess_index else best_opener(game, EntropyGuesser())
        return self.opener

    def scores(self, game: Wordle, todo: Sequence[State], rows: np.ndarray) -> np.ndarray:
        """The score of each guess row: bits and solve chances summed over the boards in
        `todo`."""
        total = np.zeros(len(rows))
        full = partitions.every_row(game, rows)
        for board in todo:
            score = (
                self.board_score(game, board.remaining)
                if full
                else self.compute(game, rows, board.remaining)
            )
            total += score
        return total

    def board_score(self, game: Wordle, remaining: np.ndarray) -> np.ndarray:
        """One board's score of every guess row, memoised per answer set."""
        key = remaining.tobytes()
        hit = self.memo.get(key)
        if hit is not None:
            self.memo.move_to_end(key)
            return hit
        parts = self.compute(game, np.arange(len(game.guesses)), remaining)
        self.memo[key] = parts
        if len(self.memo) > self.memo_size:
            self.memo.popitem(last=False)
        return parts

    def compute(self, game: Wordle, rows: np.ndarray, remaining: np.ndarray) -> np.ndarray:
        """One board's score per guess row: expected bits, plus the solve bonus times the
        chance that the guess is this board's answer."""
        bits = partitions.count_entropy(game, rows, remaining)
        hit = partitions.in_remaining(game, rows, remaining) / len(remaining)
        score = bits + self.solve_bonus * hit + 1e-4 * hit
        return score.astype(np.float32)


# ---------------------------------------------------------------------------------------
# Hosts and the loop


@dataclass
class HonestBoards:
    """One secret per board, distinct, picked up front (seeded) or given."""

    game: Wordle
    boards: int
    seed: int = 0
    secrets: tuple[str, ...] = ()
    name: str = "honest"
    columns: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        check_boards(self.boards)
        if not self.secrets:
            self.secrets = draw_secrets(self.game, self.boards, np.random.default_rng(self.seed))
        if len(self.secrets) != self.boards:
            raise GameStateError(f"{len(self.secrets)} secrets given for {self.boards} boards")
        self.columns = tuple(self.game.check_answer(s) for s in self.secrets)
        self.secrets = tuple(self.game.answers[c] for c in self.columns)

    def answer(self, state: Boards, row: int) -> Boards:
        """The true feedback on every unsolved board."""
        m = self.game.matrix
        return state.after(row, [int(m[row, self.columns[i]]) for i in state.unsolved])

    def reveal(self, state: Boards) -> str:
        """The secrets."""
        return "/".join(self.secrets)


def draw_secrets(game: Wordle, boards: int, rng: np.random.Generator) -> tuple[str, ...]:
    """`boards` distinct answers drawn with `rng`."""
    pool = game.secrets
    if boards > len(pool):
        raise GameStateError(
            f"{boards} boards need {boards} different answers; the list has "
            f"{plural(len(pool), 'answer')}"
        )
    cols = rng.choice(len(pool), size=boards, replace=False)
    return tuple(pool[int(c)] for c in cols)


def sample_tuples(game: Wordle, boards: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """`games` tuples of `boards` distinct answers, drawn with `seed`."""
    rng = np.random.default_rng(seed)
    return [draw_secrets(game, boards, rng) for _ in range(games)]


def boards_turns(state: Boards) -> Iterator[tuple[Boards, Boards]]:
    """Every (before, after) pair of the game so far, in order."""
    chain: list[Boards] = []
    s: Boards | None = state
    while s is not None:
        chain.append(s)
        s = s.previous
    chain.reverse()
    return zip(chain, chain[1:], strict=False)
