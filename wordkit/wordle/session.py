"""Wordle's public face: a `Session` opened from typed options, one method per mode.

Every check, default and option conflict of Wordle lives here (the command line only parses
and renders): the lists, the guess limit of each mode, the budget, the jobs, the advisor of
`?`, the trainer and reviews, the exact win against Absurdle. N boards (Dordle, Quordle...)
is the general case of one board: `boards=N`, the same methods.

    >>> from wordkit.wordle import Session
    >>> Session().next_move("crane=BBYGB").move
    'tings'

Each method returns plain data objects with `as_dict()` (the JSON the command line prints).
"""

from __future__ import annotations

import copy
import math
import numbers
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from wordkit import game, runner
from wordkit.errors import (
    GameStateError,
    OptionConflictError,
    OptionTypeError,
    RangeError,
    WordkitError,
    shortened,
)
from wordkit.game import (
    Decision,
    Log,
    Refused,
    Seed,
    Watch,
    check_kinds,
    game_dict,
    items_of,
    move_dict,
    option_flag,
    plural,
    refuse_unused,
    step_dict,
    typed_line,
    whole_number,
)  # fmt: skip
from wordkit.runner import GameRecord, check_run
from wordkit.wordle import boards as multi
from wordkit.wordle import play as loop
from wordkit.wordle.guessers import guesser_names, make_guesser
from wordkit.wordle.lists import Wordle, check_list_options, select_lists
from wordkit.wordle.rules import Rules, State, pattern_str, start

BUDGET_RANGE = (0.01, 86400.0)
MAX_GUESSES_RANGE = (1, 100)
SAMPLE = 500
"""Games a stats run of N boards plays by default."""
TOP = 8
"""The likeliest answers a next move names, with their chances."""
SHOW_AT_MOST = 20
"""`next_move` lists the answers left when there are at most this many."""
"""Answers `L` shows (per board)."""
NO_CUTOFF = ("none", "off")

History = str | Sequence[str]
"""A game so far: `WORD=FEEDBACK` entries, in one string separated by commas or one each."""


LISTED = 100
"""Answers `L` names, per board."""


def likeliest(board: State) -> list[str]:
    """A board's answers left, likeliest first by the prior (ties: list order)."""
    game, rem = board.game, board.remaining
    order = np.argsort(-game.prior[rem], kind="stable")
    return [game.answers[int(i)] for i in rem[order]]


def top_of(board: State, at_most: int = TOP) -> list[dict[str, Any]]:
    """The likeliest answers left on a board with their chances under the prior."""
    from wordkit.wordle.partitions import remaining_prior

    rem = board.remaining
    chance = remaining_prior(board.game, rem)
    order = np.argsort(-chance, kind="stable")[:at_most]
    return [
        {"word": board.game.answers[int(rem[i])], "probability": round(float(chance[i]), 6)}
        for i in order
    ]


def boards_of(state: Any) -> tuple[State, ...]:
    """The boards of a position (one board: itself)."""
    return tuple(state.boards) if hasattr(state, "boards") else (state,)


def per_board(values: list[Any], boards: int) -> Any:
    """One value per board: the value itself with one board, the list with several."""
    return values[0] if boards == 1 else values


# --- the data objects -----------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """The next guess for a game so far (None: already solved), and what each board has left."""

    move: str | None
    candidates: Any
    """Answers left (a list, one per board, with several)."""
    top: Any
    """The likeliest answers left with their chances (a list per board with several)."""
    expected_size: Any
    """Answers expected left after the guess (per board with several; None: solved board)."""
    strategy: str
    hard: bool
    boards: int
    answers: tuple[tuple[str, ...], ...]
    """Per board, its answers left likeliest first when at most SHOW_AT_MOST (else none)."""
    found: tuple[str | None, ...]
    """Per board, its answer once solved."""
    note: str = ""
    solved: Any = None
    """The answer (a list with several boards) when the game so far is solved."""

    def as_dict(self) -> dict[str, Any]:
        """The move as `solve wordle --json` prints it."""
        extra: dict[str, Any] = {"expected_size": self.expected_size, "strategy": self.strategy}
        extra["hard"] = self.hard
        if self.boards > 1:
            extra |= {"boards": self.boards, "found": list(self.found)}
        if self.note:
            extra["note"] = self.note
        if self.solved is not None:
            extra["solved"] = self.solved
        return move_dict(
            game="wordle", move=self.move, candidates=self.candidates, top=self.top, **extra
        )

    def lines(self) -> list[str]:
        """The move as `solve wordle` says it: the guess and the answers left (per board)."""
        if self.solved is not None:
            return ["Solved: " + " / ".join(str(w).upper() for w in self.found)]
        assert self.move is not None
        if self.boards > 1:
            lines = [f"next guess: {self.move.upper()}"]
            for k, (found, left, shown) in enumerate(
                zip(self.found, self.candidates, self.answers, strict=True), 1
            ):
                words = f": {', '.join(shown)}" if shown else ""
                done = f"solved ({found.upper()})" if found else f"{plural(left, 'answer')} left"
                lines.append(f"  board {k}: {done}{'' if found else words}")
            return lines
        expected = plural(self.expected_size, "answer")
        lines = [f"next guess: {self.move.upper()}  (expected {expected} left after it)"]
        lines += [f"note: {self.note}"] if self.note else []
        lines.append(f"answers left: {self.candidates:,}")
        return lines + (["  " + ", ".join(self.answers[0])] if self.answers[0] else [])


@dataclass(frozen=True)
class Step:
    """One guess of a game: its feedback and the answers before and after it (lists, one per
    board, with several; a board solved before the guess shows None as its feedback)."""

    turn: int
    guess: str
    pattern: Any
    """The feedback pattern (per board with several; None: solved before)."""
    candidates: Any
    answers_left: Any
    length: int
    note: str = ""

    @property
    def feedback(self) -> Any:
        """The feedback as letters (`BBYGB`), per board with several."""
        if isinstance(self.pattern, tuple):
            return [
                None if p is None else pattern_str(p, self.length, "letters") for p in self.pattern
            ]
        return pattern_str(self.pattern, self.length, "letters")

    def as_dict(self) -> dict[str, Any]:
        """The step as `query --json` prints it."""
        extra: dict[str, Any] = {"answers_left": self.answers_left}
        if self.note:
            extra["note"] = self.note
        return step_dict(self.turn, self.guess, self.feedback, self.candidates, **extra)


def step_of(number: int, before: Any, decision: Any, after: Any, length: int) -> Step:
    """The step from `before` to `after` (one board or several)."""
    pairs = list(zip(boards_of(before), boards_of(after), strict=True))
    patterns = [None if b.solved else a.turns[-1][1] for b, a in pairs]
    n = len(pairs)
    return Step(
        turn=number,
        guess=decision.word,
        pattern=patterns[0] if n == 1 else tuple(patterns),
        candidates=per_board([len(b.remaining) for b, _ in pairs], n),
        answers_left=per_board([len(a.remaining) for _, a in pairs], n),
        length=length,
        note=decision.note,
    )


@dataclass(frozen=True)
class Game:
    """One game the AI played against an honest host (`query`)."""

    secret: Any
    """The answer (a tuple, one per board, with several)."""
    record: GameRecord
    strategy: str
    hard: bool
    boards: int
    limit: int | None
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        """The game as one line of `query wordle --json`."""
        extra: dict[str, Any] = {"solved": self.record.ended_solved, "hard": self.hard}
        if self.boards > 1:
            extra["boards"] = self.boards
        return game_dict(
            game="wordle",
            secret=list(self.secret) if self.boards > 1 else self.secret,
            won=self.record.won,
            guesses=self.record.guesses,
            strategy=self.strategy,
            steps=[s.as_dict() for s in self.steps],
            **extra,
        )

    def verdict(self, *, named: bool = False) -> str:
        """The game's last line: solved or not, in how many guesses (`named`: the answer
        first, when several games are shown)."""
        guesses = plural(self.record.guesses, "guess", "guesses")
        if self.boards > 1:
            won = "solved" if self.record.won else "solved late" if self.record.solved else ""
            return f"{won or 'not solved'} in {guesses} (of {self.limit})"
        name = f"{self.secret.upper()}: " if named else ""
        won = "solved" if self.record.ended_solved else "not solved"
        late = self.record.ended_solved and not self.record.won and self.limit is not None
        over = f", over the limit of {self.limit}" if late else ""
        return f"{name}{won} in {guesses}{over} ({self.strategy})"


class Played(runner.Played):
    """Many Wordle games: their summary and records (`stats`, `from_history`, a tree check)."""

    def labels(self) -> dict[str, Any]:
        """How the stats table names this run: its strategy line, the rows for wins and
        losses, and the known optimum when the lists have one."""
        summary, opts = self.summary, self.summary.options
        strategy = f"{summary.strategy} (opener {str(opts.get('opener')).upper()}"
        strategy += ", hard" if opts.get("hard") else ""
        strategy += (
            f", {plural(opts['sample'], 'answer')} drawn with seed {opts['seed']})"
            if (opts.get("sample") is not None and "boards" not in opts)
            else ")"
        )
        if n := opts.get("boards"):
            allowed = plural(opts["guesses_allowed"], "guess", "guesses")
            strategy = f"{multi.VARIANTS[n]} ({n} boards, {allowed}, "
            strategy += f"seed {opts['seed']}), opener {str(opts['opener']).upper()}"
        elif "history" in opts:
            strategy = f"{summary.strategy} ({summary.table})"
        extra = []
        if (best := summary.extra.get("optimum")) is not None:
            extra.append(("known optimum", f"{best['mean']:.4f} ({best['opener'].upper()}, "
                          f"{best['total']:,})"))  # fmt: skip
        if (note := summary.extra.get("opener_note")) is not None:
            extra.append(("opener", f"{str(opts.get('opener')).upper()}, {note}"))
        if "boards" in opts or "history" in opts:
            tables = runner.variant_tables(opts.get("by_variant", ()))
            return {"strategy": strategy, "extra": extra, "wins": "wins", "lost": "lost",
                    "tables": tables}  # fmt: skip
        wins, lost = "solved within 6", "not solved within 6"
        return {"strategy": strategy, "extra": extra, "wins": wins, "lost": lost}


@dataclass(frozen=True)
class Versus:
    """A game against Absurdle: its turns and the guesses it needed (with the proof when the
    exact search played)."""

    strategy: str
    hard: bool
    turns: tuple[tuple[str, int], ...]
    won: bool
    word: str
    length: int
    exact: dict[str, Any] = field(default_factory=dict)
    """opener, nodes, seconds of the exact search's shortest win (empty: a strategy played)."""

    @property
    def guesses(self) -> int:
        """Guesses played."""
        return len(self.turns)

    @property
    def record(self) -> GameRecord:
        """The game as a line of `--records` (Absurdle sets no limit: won is solved)."""
        return GameRecord(
            secret=self.word,
            won=self.won,
            moves=tuple(guess for guess, _ in self.turns),
            feedback=tuple(pattern_str(p, self.length, "letters") for _, p in self.turns),
        )

    def as_dict(self) -> dict[str, Any]:
        """The game as `stats wordle --host evil --format json` prints it."""
        data = {"game": "wordle", "host": "evil", "strategy": self.strategy, "hard": self.hard}
        if self.exact:
            data["opener"] = self.exact["opener"]
        data |= {"guesses": self.guesses, "won": self.won, "word": self.word}
        if self.exact:
            data |= {"fewer_impossible": True, "nodes": self.exact["nodes"]}
            data["seconds"] = round(self.exact["seconds"], 3)
        turns = [
            {"guess": g, "feedback": pattern_str(p, self.length, "letters")} for g, p in self.turns
        ]
        return data | {"turns": turns}

    def rows(self) -> list[dict[str, Any]]:
        """The turns as CSV rows."""
        return [{"turn": n} | t for n, t in enumerate(self.as_dict()["turns"], 1)]

    def verdict(self) -> str:
        """The game's last line: solved or not, in how many guesses, and the proof."""
        line = f"{self.strategy} vs Absurdle"
        if self.exact:
            opener = self.exact["opener"]
            line += (f" from {opener.upper()}" if opener else "") + ", hard mode" * self.hard
        guesses = plural(self.guesses, "guess", "guesses")
        line += f": {'solved' if self.won else 'not solved'} in {guesses} ({self.word})"
        if self.exact:
            fewer = plural(self.guesses - 1, "guess", "guesses")
            line += f"; {fewer} cannot win (exact search, {self.exact['seconds']:.1f} s)"
        return line


@dataclass
class Hosted(game.Hosted):
    """A Wordle game the computer hosts for a human (made by `Session.hosted`); `variant` is
    its name in the game history."""

    variant: str

    @property
    def limit(self) -> int | None:
        """Guesses allowed (None: as many as needed)."""
        return self.start.rules.max_guesses

    def loop(self) -> Any:
        """The Wordle loop."""
        return loop.play

    def keep(self, record: GameRecord, path: Path | None) -> Any:
        """Record a game of at least one guess in the history at `path` (None: not recorded),
        and the player's statistics over that table and variant (None: nothing recorded)."""
        if path is None or not record.moves:
            return None
        from wordkit.history import player_stats, recorded_games

        seed = getattr(self.host, "seed", None)  # what the host drew the game with
        self.session.keep(
            record, source="host", strategy=self.mode, path=path, host=self.mode, seed=seed
        )
        name = self.session.history_name
        games = recorded_games(game="wordle", table=name, variant=self.variant, path=path)
        # the player's own games: the AI's at `solve` share the variant
        return player_stats([g.record for g in games if g.source == "host"], limit=self.limit)


# --- the session ----------------------------------------------------------------------------


class Session:
    """Wordle on one set of lists and options; every method is one mode of play."""

    def __init__(
        self,
        *,
        strategy: str = "entropy",
        opener: str | None = None,
        answers: str | None = None,
        guesses: str | None = None,
        length: int | None = None,
        words: str | None = None,
        hard: bool = False,
        boards: int = 1,
        max_guesses: int | None = None,
        budget: float | None = None,
        seed: int | None = None,
        secrets: str | None = None,
        sample: int | None = None,
        jobs: int = 1,
        cluster: str | None = None,
        game: Wordle | None = None,
    ) -> None:
        """Check every option alone and name a missing list or table at once; the lists are
        read at the first call. `game`: lists already read (a `lists.Wordle`), used instead."""
        given = check_kinds(
            locals(),
            {"strategy": "text", "opener": "text?", "answers": "path?", "guesses": "path?",
             "length": "int?", "words": "path?", "hard": "bool", "boards": "int",
             "max_guesses": "int?", "budget": "number?", "seed": "int?", "secrets": "path?",
             "sample": "int?", "jobs": "int", "cluster": "text?"},
        )  # fmt: skip
        answers, guesses, words, secrets = (
            given[k] for k in ("answers", "guesses", "words", "secrets")
        )
        length, hard, boards, max_guesses = (
            given[k] for k in ("length", "hard", "boards", "max_guesses")
        )
        budget, seed, sample, jobs = (given[k] for k in ("budget", "seed", "sample", "jobs"))
        from wordkit import tables

        check_list_options(answers=answers, length=length, words=words)  # before any lookup
        for source in (answers, guesses, words, secrets):
            if source is not None:
                tables.resolve(source)  # an unknown table or a missing file, named at once
        self.strategy, self.opener, self.hard, self.boards = strategy, opener, hard, boards
        self.answers, self.guesses, self.length, self.words = answers, guesses, length, words
        self.max_guesses, self.budget, self.secrets = max_guesses, budget, secrets
        self.seed = Seed(seed)
        self.sample, self.jobs, self.cluster = sample, jobs, cluster
        if game is not None:
            if not isinstance(game, Wordle):
                raise OptionTypeError(f"game= must be a Wordle (lists.Wordle), not {game!r:.60}")
            self.game = game
        self.check()

    def check(self) -> None:
        """Every option alone, before any list is read (typed errors)."""
        multi.check_boards(self.boards)
        if self.hard and self.boards > 1:
            raise GameStateError("hard mode is for one board; drop --hard or --boards")
        if self.boards > 1 and (self.strategy != "entropy" or self.budget is not None):
            flag = "--strategy" if self.strategy != "entropy" else "--budget"
            raise OptionConflictError(  # several boards: one guesser, with no budget
                f"--boards plays N-board games with its own guesser: drop {flag}"
            )
        if self.strategy not in guesser_names():
            make_guesser(self.strategy)  # the unknown name's error
        low, high = MAX_GUESSES_RANGE
        if self.max_guesses is not None and not low <= self.max_guesses <= high:
            raise RangeError(
                f"--max-guesses must be between {low} and {high}, not {self.max_guesses}"
            )
        low_s, high_s = BUDGET_RANGE
        if self.budget is not None and not (
            math.isfinite(self.budget) and low_s <= self.budget <= high_s
        ):
            raise RangeError(
                f"--budget must be between {low_s:g} and {high_s:g} seconds, not {self.budget:g}"
            )
        check_run(sample=self.sample, jobs=self.jobs, cluster=self.cluster)
        if self.cluster is not None:  # its form now; whether a scheduler answers, on use
            from wordkit.cluster import check_address

            check_address(self.cluster, probe=False)

    # --- what every mode shares ---------------------------------------------------------

    @cached_property
    def game(self) -> Wordle:
        """The lists the options ask for (read once)."""
        return select_lists(self.answers, self.guesses, self.length, self.words)

    @property
    def drawn_seed(self) -> int | None:
        """A seed this session drew because none was given (the CLI shows it)."""
        return self.seed.drawn

    @property
    def name(self) -> str:
        """The lists as stats and the game history name them."""
        if self.words or self.answers:
            return str(self.words or self.answers)
        # not "wordle": that is the original answers' table, whose games would count as theirs
        return "built-in" if self.length is None else f"english ({self.length} letters)"

    @property
    def history_name(self) -> str:
        """The lists as the game history names them: a file by its absolute path (one file
        reached by two relative paths is one table, and two files of one name are two)."""
        from wordkit.history import table_key

        chosen = self.words or self.answers
        return table_key(str(chosen)) if chosen else self.name

    def limit(self, mode: str) -> int | None:
        """The guesses allowed in a mode: --max-guesses if given, else none against Absurdle
        (`evil`, the figure is the guesses needed) or a human host (`ai`: they may play on),
        else the variant's (6 for one board; 7, 9, 13, 21 for 2, 4, 8, 16 boards)."""
        if self.max_guesses is not None:
            return self.max_guesses
        return None if mode in ("evil", "ai") else multi.default_limit(self.boards)

    def rules(self, mode: str = "honest") -> Rules:
        """The rules of a mode."""
        return Rules(length=self.game.length, max_guesses=self.limit(mode), hard=self.hard)

    def start(self, mode: str = "honest") -> Any:
        """The opening position of a mode (one board's `State`, or N boards')."""
        if self.boards == 1:
            return start(self.game, self.rules(mode))
        if self.boards > len(self.game.answers):  # the boards' answers differ
            raise GameStateError(
                f"{self.boards} boards need {self.boards} different answers; the list has "
                f"{plural(len(self.game.answers), 'answer')}"
            )
        return multi.start_boards(self.game, self.boards, self.rules(mode))

    def position(self, history: History = ()) -> Any:
        """The game after `history` (`roate=BBYGB,...`; with N boards `crane=BBYGB/GGBBB,...`)."""
        check_kinds({"history": history}, {"history": "texts"})
        text = history_text(history)
        replay = loop.replay_text if self.boards == 1 else multi.replay_text
        return replay(self.start(), text)

    @cached_property
    def guesser(self) -> Any:
        """The AI: the strategy's guesser with its opener (checked, or computed and cached);
        with N boards the N-board guesser."""
        if self.boards > 1:
            guesser = multi.BoardsGuesser(opener=self.opener)
            guesser.opener = guesser.first_guess(self.game)
            return guesser
        return loop.guesser_for(self.game, self.strategy, opener=self.opener, budget=self.budget)

    @property
    def advisor(self) -> Any:
        """Who advises a human (`?`, the trainer, --review): the session's AI, so the same
        position gets the same advice and the same "expected left" everywhere."""
        return self.guesser

    def advice(self, before: State, row: int, after: State | None = None) -> Any:
        """The trainer's advice on guess `row` in `before`, with skill and luck once `after`
        is known: (Advice, skill, luck)."""
        from wordkit.wordle.review import skill_and_luck
        from wordkit.wordle.trainer import advice

        tip = advice(before, row, after, self.advisor)
        skill, luck = (None, None) if after is None else skill_and_luck(before, row, after)
        return tip, skill, luck

    def cap(self, mode: str = "honest") -> int:
        """How far an AI plays past the limit before its game counts as never solved."""
        if self.boards == 1:
            return loop.GUESS_LIMIT
        return (self.limit(mode) or multi.default_limit(self.boards)) + multi.PLAY_ON

    # --- solve ---------------------------------------------------------------------------

    def solve_mode(self, given: Iterable[str], *, review: bool, playing: bool) -> str:
        """Which `solve` mode the options ask for: `review`, `game` (the AI plays a human
        host: `playing`) or `position`; an option the mode does not use is refused."""
        mode = "review" if review else "game" if playing else "position"
        refuse_unused(given, SOLVE_USES[mode], SOLVE_IGNORES[mode])
        self.refuse_guesser_options(given)
        if self.opener is not None:  # an unknown opener fails before any game text
            self.game.check_guess(self.opener)
        return mode

    def refuse_guesser_options(self, given: Iterable[str]) -> None:
        """With several boards the N-board guesser plays: a --strategy or --budget given is
        refused (as `stats` refuses them), never ignored."""
        if self.boards > 1:
            used = set(given) - {"strategy", "budget"}
            refuse_unused(given, used, STATS_IGNORES["boards"])

    def likeliest(
        self, position: Any, *, board: int = 0, at_most: int = LISTED
    ) -> tuple[list[str], int]:
        """The answers still possible on `board` of `position` (one board: 0): the likeliest
        `at_most`, likeliest first, and how many there are (as Hangman's `likeliest`)."""
        boards = boards_of(position)
        if not (isinstance(board, int) and 0 <= board < len(boards)):
            raise OptionTypeError(f"board= must be a board of the position, 0-{len(boards) - 1}")
        words = likeliest(boards[board])
        return words[:at_most], len(words)

    def next_move(self, history: History = ()) -> Move:
        """The AI's next guess after `history`, and the answers left (`solve wordle`)."""
        check_kinds({"history": history}, {"history": "texts"})
        state = self.position(history)
        limit = state.rules.max_guesses
        played = len(state.moves)  # solved past the limit is lost too: what `query` records
        if limit is not None and (played > limit or (played == limit and not state.solved)):
            raise GameStateError(
                f"the game is already over (lost): {plural(played, 'guess', 'guesses')} "
                f"played, {limit} allowed"
            )
        boards = boards_of(state)
        decision = None if state.solved else self.guesser(state)
        found = tuple(b.turns[-1][0] if b.solved else None for b in boards)
        expected = [
            None if b.solved or decision is None else round(loop.expected_left(b, decision.row), 3)
            for b in boards
        ]
        listed = [likeliest(b) for b in boards]
        return Move(
            move=None if decision is None else decision.word,
            candidates=per_board([len(b.remaining) for b in boards], self.boards),
            top=per_board([top_of(b) for b in boards], self.boards),
            expected_size=per_board(expected, self.boards),
            strategy=self.guesser.name,
            hard=self.hard,
            boards=self.boards,
            answers=tuple(tuple(a) if len(a) <= SHOW_AT_MOST else () for a in listed),
            found=found,
            note="" if decision is None else decision.note,
            solved=None if not state.solved else per_board(list(found), self.boards),
        )

    def review(self, history: History) -> list[Any]:
        """Every guess of `history` rated against the advisor: answers before and after,
        expected left (yours and the AI's guess), skill and luck (`solve wordle --review`)."""
        from wordkit.wordle.review import review

        check_kinds({"history": history}, {"history": "texts"})
        if self.boards > 1:
            raise OptionConflictError("--review is for one board; drop --review or --boards")
        entries = history_text(history).split(",")
        if not any(entry.strip() for entry in entries):  # "", [""], ",": no guess
            raise GameStateError("--review needs the game to review: give --history")
        return review(self.position(history), self.advisor)

    def play_ai(self, host: Any, *, watch: Watch | None = None, wrap: Any = None) -> GameRecord:
        """The AI guesses against a human `host` (one feedback per unsolved board), with no
        guess limit; `wrap` may wrap the guesser (a spinner). `Quit` is raised on."""
        check_kinds({"host": host, "watch": watch}, {"host": "host", "watch": "callable?"})
        guesser = self.guesser if wrap is None else wrap(self.guesser)
        return loop.play(guesser, host, self.start("ai"), watch=watch)

    def keep(
        self, record: GameRecord, *, source: str, strategy: str, path: Path | None,
        host: str = "honest", seed: int | None = None,
    ) -> bool:  # fmt: skip
        """Record a game of at least one guess in the history at `path` (None: not recorded),
        under the variant of its `host` (`honest` or `evil`); True when it was. The AI's game
        against a human host (`source` "solve") had no guess limit: it is won within the honest
        limit, as `ai_ending` says."""
        if path is None or not record.moves:
            return False
        from wordkit.history import record_game

        if source == "solve":
            limit = self.limit("honest")
            solved = record.ended_solved
            won = solved and (limit is None or record.guesses <= limit)
            record = replace(record, won=won, solved=solved)
        record_game(
            record, game="wordle", table=self.history_name, variant=self.variant(host),
            strategy=strategy, source=source, path=path, seed=seed,
        )  # fmt: skip
        return True

    # --- query ---------------------------------------------------------------------------

    def query(self, words: Iterable[str | Sequence[str]]) -> Iterator[Game | Refused]:
        """How the AI solves each answer (with N boards: each N answers, a string of N words
        or a sequence), then each of the session's `secrets`: one `Game` per game played, one
        `Refused` per game that could not be (a word not an answer...), in order."""
        items: list[Any] = items_of("words", words)
        if self.secrets is not None and self.boards > 1:
            raise OptionConflictError(
                "--secrets holds one answer a game, --boards needs one a board: give each "
                "game's words as an argument instead (e.g. cigar,rebut)"
            )
        if self.secrets is not None:
            items += [[w] for w in self.secret_words()]
        if not items:
            raise GameStateError("no word to query: give one or more words, or - to read them")
        self.guesser  # noqa: B018 (an unknown opener fails before any game)
        for item in items:
            if not isinstance(item, str) and not (
                isinstance(item, Sequence) and all(isinstance(w, str) for w in item)
            ):
                shown = f"{item!r:.60}"
                yield Refused((shown,), OptionTypeError(f"a game's words must be strings: {shown}"))
                continue
            if isinstance(item, str):  # `/` joins boards (records); one board refuses it
                typed = (
                    multi.board_words(item) if self.boards > 1 else item.replace(",", " ").split()
                )
                group = tuple(typed)
            else:
                group = tuple(item)
            try:
                secrets = self.checked_answers(group)
            except WordkitError as exc:
                yield Refused(group, exc)
                continue
            yield self.played(secrets)

    def checked_answers(self, group: tuple[str, ...]) -> tuple[str, ...]:
        """The answers of one game, checked: one per board, distinct, each an answer."""
        n = self.boards
        if not group:  # an empty line, or an empty string given in Python
            raise GameStateError("an empty word: give an answer to play")
        if len(group) != n:
            raise GameStateError(
                f"--boards {n} needs {n} words, one per board; got {len(group)} "
                f"({shortened(' '.join(group))})"
                if n > 1
                else f"one word a game, not {len(group)}: {' '.join(group)}"
            )
        if len(set(group)) != n:
            raise GameStateError("the boards' answers must be distinct")
        return tuple(self.game.answers[self.game.check_answer(w)] for w in group)

    def played(self, secrets: tuple[str, ...]) -> Game:
        """The AI's game against an honest host hiding `secrets`."""
        game = self.game
        host: Any = (
            loop.HonestWordle(game, secret=secrets[0])
            if self.boards == 1
            else multi.HonestBoards(game, self.boards, secrets=secrets)
        )
        log = Log()
        record = loop.play(self.guesser, host, self.start(), limit=self.cap(), watch=log)
        steps = tuple(
            step_of(n, e.before, e.decision, e.after, game.length) for n, e in enumerate(log, 1)
        )
        secret = secrets[0] if self.boards == 1 else secrets
        return Game(
            secret, record, self.guesser.name, self.hard, self.boards, self.limit("honest"), steps
        )

    def secret_words(self) -> list[str]:
        """The --secrets words, each checked to be an answer: one game a row, a word written
        twice played twice (as Hangman's --secrets; it was played once, in silence)."""
        from wordkit import tables
        from wordkit.wordle.lists import check_secrets

        assert self.secrets is not None
        words = list(tables.load_columns(str(self.secrets)).words)
        return check_secrets(self.game, words, self.secrets)

    # --- stats ---------------------------------------------------------------------------

    def run_options(self) -> list[str]:
        """The session's options that choose a run's games (parameter names): a mode that
        plays its own games (a sweep, a tree check, Absurdle) refuses them, as `stats` does."""
        return [name for name in ("sample",) if getattr(self, name) is not None]

    def stats_mode(
        self,
        *,
        given: Iterable[str] = (),
        host: str | None = None,
        tree: str | None = None,
        tree_in: str | None = None,
        openers: str | None = None,
        cutoff: str | None = None,
        from_history: bool = False,
    ) -> str:
        """Which stats mode the options ask for, every conflict refused: `history`, `boards`,
        `openers`, `versus`, `tree-check` or `games`; `given` names the options given (their
        parameter names), and one the mode would ignore is refused (see STATS_USES)."""
        mode = self._stats_mode(
            host=host, tree=tree, tree_in=tree_in, openers=openers, cutoff=cutoff,
            from_history=from_history,
        )  # fmt: skip
        uses = STATS_USES[mode]
        if mode == "games" and "sample" not in given:  # the seed draws a sample, nothing else
            uses = uses - {"seed"}
        ignored = [name for name in STATS_OPTIONS if name in set(given) - uses]
        if ignored:
            flag = option_flag(ignored[0])
            raise OptionConflictError(STATS_IGNORES[mode].format(flag=flag))
        return mode

    def _stats_mode(
        self,
        *,
        host: str | None,
        tree: str | None,
        tree_in: str | None,
        openers: str | None,
        cutoff: str | None,
        from_history: bool,
    ) -> str:
        """The stats mode, with the conflicts between the mode options refused."""
        named: dict[str, object] = {"--host": host, "--tree": tree, "--tree-in": tree_in}
        named["--openers"] = openers
        named |= {"--secrets": self.secrets, "--boards": self.boards if self.boards > 1 else None}
        if from_history:
            clash = next((name for name, value in named.items() if value is not None), None)
            if clash is not None:
                raise OptionConflictError(
                    f"--from-history reports the games recorded: drop {clash}"
                )
            return "history"
        if self.boards > 1:
            if host or tree or tree_in or openers or self.secrets:
                raise OptionConflictError(
                    "--boards plays honest games: drop --host, --tree(-in), --openers, --secrets"
                )
            return "boards"
        if self.max_guesses is not None:
            raise OptionConflictError("--max-guesses goes with --boards N (2, 4, 8 or 16)")
        self.check_trees(tree, tree_in, host, openers)
        if tree is not None and (self.sample is not None or self.secrets is not None):
            flag = "--sample" if self.sample is not None else "--secrets"
            raise OptionConflictError(f"--tree writes the tree of every answer: drop {flag}")
        if self.secrets is not None and (host or tree_in or openers):
            raise OptionConflictError(
                "--secrets plays honest games: drop --host, --tree-in, --openers"
            )
        if self.cluster is not None and (host is not None or tree_in is not None):
            raise OptionConflictError(
                "--cluster shares out the answers or openers: drop --host, --tree-in"
            )
        if openers is not None or cutoff is not None:
            self.check_sweep(openers, host)
            return "openers"
        return "versus" if host is not None else "tree-check" if tree_in is not None else "games"

    @staticmethod
    def check_trees(
        tree: str | None, tree_in: str | None, host: str | None, openers: str | None
    ) -> None:
        """--tree and --tree-in go with a stats run over every answer, and not with each other;
        the --tree format is checked before any game is played."""
        for name, given in (("--tree", tree), ("--tree-in", tree_in)):
            if given is not None and (host is not None or openers is not None):
                other = "--host" if host is not None else "--openers"
                raise GameStateError(f"{name} cannot be used with {other}")
        if tree is not None and tree_in is not None:
            raise GameStateError("--tree and --tree-in cannot be used together")
        if tree is not None:
            from wordkit.wordle.trees import tree_format

            tree_format(tree)

    def check_sweep(self, openers: str | None, host: str | None) -> None:
        """Refuse sweep options that mean nothing together (before any list is loaded)."""
        if openers is None:
            raise OptionConflictError("--cutoff ranks openers: give --openers too")
        given = (("--opener", self.opener), ("--host", host), ("--budget", self.budget))
        clash = next((name for name, value in given if value is not None), None)
        if clash is not None:
            raise OptionConflictError(f"--openers ranks openers with every answer; drop {clash}")

    def stats(
        self,
        *,
        sample: int | None = None,
        secrets: str | os.PathLike[str] | None = None,
        jobs: int | None = None,
        cluster: str | None = None,
        progress: runner.Progress | None = None,
    ) -> Played:
        """Honest games: every answer (or `secrets`, against the lists) with one board, a
        seeded sample of `sample` games (default SAMPLE) of N distinct answers with N boards.
        `sample`, `secrets`, `jobs` and `cluster` default to the session's (as Hangman's
        `stats` takes them)."""
        check_kinds({"progress": progress}, {"progress": "callable?"})
        given = {"sample": sample, "secrets": secrets, "jobs": jobs, "cluster": cluster}
        if any(value is not None for value in given.values()):
            kinds = {"sample": "int?", "secrets": "path?", "jobs": "int?", "cluster": "text?"}
            checked = check_kinds(given, kinds)
            run = copy.copy(self)
            for name, value in checked.items():
                if value is not None:
                    setattr(run, name, value)
            if secrets is not None:
                from wordkit import tables

                tables.resolve(run.secrets)  # a missing file named at once
            run.check()
            return run.stats(progress=progress)
        if self.boards > 1:
            if self.secrets is not None:  # as the command line refuses it
                raise OptionConflictError(
                    "--boards plays honest games: drop --host, --tree(-in), --openers, --secrets"
                )
            return self.boards_stats(progress)
        if self.max_guesses is not None:  # one board's figures are wins within 6, as published
            raise OptionConflictError("--max-guesses goes with --boards N (2, 4, 8 or 16)")
        table, targets = self.name, None
        if self.secrets is not None:
            targets = self.secret_words()
            table = f"{self.secrets} against {table}"
        if self.sample is not None:
            # N different answers, as --sample says, whatever rows --secrets repeats
            pool = self.game.secrets if targets is None else list(dict.fromkeys(targets))
            targets = self.drawn_answers(pool)
        summary, records = loop.run_stats(
            self.game, self.guesser, self.rules(), opener=self.opener, answers=targets,
            jobs=self.jobs, cluster=self.cluster, table=table, progress=progress,
            budget=self.budget,
        )  # fmt: skip
        # Both games name the sample and its seed (null: every answer, nothing drawn)
        drawn = NOTHING_DRAWN
        if self.sample is not None:
            drawn = {"sample": self.sample, "seed": self.seed()}
        summary = replace(summary, options=summary.options | drawn)
        return Played(summary, records)

    def drawn_answers(self, pool: Sequence[str]) -> list[str]:
        """`sample` distinct answers of `pool` drawn with the seed, in the pool's order."""
        assert self.sample is not None
        if self.sample > len(pool):
            raise RangeError(
                f"--sample {self.sample:,} is more than the {len(pool):,} answers to draw from: "
                "drop --sample to play every one"
            )
        rng = np.random.default_rng(self.seed())
        return [pool[int(i)] for i in np.sort(rng.choice(len(pool), self.sample, replace=False))]

    def stats_games(self) -> int:
        """How many games `stats` plays (for a progress bar)."""
        if self.sample is not None:
            return self.sample
        if self.boards > 1:
            return SAMPLE
        return len(self.game.secrets if self.secrets is None else self.secret_words())

    def boards_stats(self, progress: runner.Progress | None) -> Played:
        """`sample` seeded games of N distinct answers each."""
        began = time.perf_counter()
        sample = SAMPLE if self.sample is None else self.sample
        guesser, rules = self.guesser, self.rules()
        targets = multi.sample_tuples(self.game, self.boards, sample, self.seed())
        records = loop.games_played(
            self.game, guesser, rules, targets, boards=self.boards, jobs=self.jobs,
            cluster=self.cluster, progress=progress,
        )  # fmt: skip
        options = {"boards": self.boards, "variant": multi.VARIANTS[self.boards]}
        options |= {"hard": False}  # as one board's stats say it (several boards: never hard)
        options |= {"opener": guesser.opener, "guesses_allowed": rules.max_guesses}
        options |= {"sample": sample, "seed": self.seed()}
        summary = loop.summary_of(records, guesser.name, self.name, began, options)
        return Played(summary, records)

    def versus(
        self, host: str = "evil", *, progress: Callable[[str], None] | None = None
    ) -> Versus:
        """One game against Absurdle (the figure: guesses needed); with the `optimal`
        strategy, the exact search's shortest win, proven shortest (`progress` hears each
        length it tries)."""
        check_kinds({"host": host, "progress": progress}, {"host": "text", "progress": "callable?"})
        self.stats_mode(given=self.run_options(), host=host)  # what it would ignore, refused
        if self.strategy == "optimal":
            from wordkit.wordle.adversary import absurdle_win

            win = absurdle_win(
                self.game,
                host,
                hard=self.hard,
                opener=self.opener,
                budget=self.budget,
                progress=progress,
            )
            exact = {"opener": win.opener, "nodes": win.nodes, "seconds": win.seconds}
            length = self.game.length
            return Versus("optimal", self.hard, win.turns, True, win.answer, length, exact)
        record, turns = loop.versus(self.game, host, self.guesser, self.rules("evil"))
        return Versus(self.strategy, self.hard, turns, record.won, record.secret, self.game.length)

    def sweep(
        self,
        openers: str,
        cutoff: str | int | None = None,
        *,
        records: str | os.PathLike[str] | None = None,
        progress: Callable[[int], None] | None = None,
        started: Callable[[int, int], None] | None = None,
        on_part: Callable[[str, int, int], None] | None = None,
    ) -> Any:
        """Rank the openers `openers` names (`all`, `top:N`, a file, `w1,w2`) by the total
        guesses the strategy needs over every answer; `cutoff`: a total T, `none`, or None
        (the best total so far); `records` keeps each result (and resumes from it).
        `started(todo, resumed)`, `progress(1)` and `on_part(opener, done, buckets)` hear the
        work ahead, each opener done and each bucket of an opener split over the workers."""
        from wordkit.wordle.sweep import SweepSpec, run_sweep

        if cutoff is not None and not isinstance(cutoff, str):  # a total, as Python gives it
            if not isinstance(cutoff, numbers.Integral) or isinstance(cutoff, bool):
                raise OptionTypeError(
                    f"cutoff= must be a whole number, 'none' or None, not {cutoff!r:.60}"
                )
            cutoff = str(int(cutoff))
        kinds = {"openers": "text", "cutoff": "text?", "records": "path?"}
        kinds |= {"progress": "callable?", "started": "callable?", "on_part": "callable?"}
        given: dict[str, Any] = {"openers": openers, "cutoff": cutoff, "records": records}
        given |= {"progress": progress, "started": started, "on_part": on_part}
        checked = check_kinds(given, kinds)
        named: str | None = checked["cutoff"]
        kept: str | None = checked["records"]
        self.stats_mode(given=self.run_options(), openers=openers, cutoff=named)
        limit, running = parse_cutoff(named)
        spec = SweepSpec(
            strategy=self.strategy, hard=self.hard, max_guesses=self.limit("honest"),
            cutoff=limit, running_cutoff=running,
        )  # fmt: skip
        result = run_sweep(
            self.game, openers, spec, jobs=self.jobs, cluster=self.cluster, records=kept,
            progress=progress, started=started, on_part=on_part,
        )  # fmt: skip
        result.options.update(jobs=self.jobs, cluster=self.cluster)
        return result

    def check_tree(self, path: str, *, progress: runner.Progress | None = None) -> Played:
        """Play the decision tree in `path` over every answer and check it."""
        from wordkit.wordle.trees import check_tree

        kinds = {"path": "path", "progress": "callable?"}
        path = check_kinds({"path": path, "progress": progress}, kinds)["path"]
        self.stats_mode(given=self.run_options(), tree_in=path)  # what it would ignore, refused

        check = check_tree(self.game, path, self.rules(), jobs=self.jobs, progress=progress)
        verdict = f"tree check: every answer solved, total {check.total:,} guesses"
        if check.paths_checked:
            verdict += f"; {check.paths_checked:,} written paths replay to their answers"
        if check.other_paths:
            verdict += f"; {check.other_paths:,} paths end on words that are not answers"
        if check.unreached:
            verdict += f"; {check.unreached:,} of its guesses are reached by no answer"
        # every answer played, nothing drawn: named as a stats run names them
        summary = replace(check.summary, options=check.summary.options | NOTHING_DRAWN)
        return Played(summary, check.records, verdict)

    def from_history(
        self, path: str | os.PathLike[str] | None = None, *, every_table: bool | None = None
    ) -> Played:
        """The Wordle games recorded in the game history at `path` (default: its usual place),
        of these lists or of every list (None: of these lists when a list option was given),
        as a stats summary and their records (the same call as Hangman's)."""
        from wordkit.history import (
            by_variant,
            default_history_path,
            none_recorded,
            player_of,
            recorded_games,
        )

        began = time.perf_counter()
        kinds = {"path": "path?", "every_table": "bool?"}
        checked = check_kinds({"path": path, "every_table": every_table}, kinds)
        given = checked["path"]
        where = default_history_path() if given is None else Path(given)
        if checked["every_table"] is None:
            every_table = not (self.words or self.answers or self.length)
        table = None if every_table else self.history_name
        games = recorded_games(game="wordle", table=table, path=where)
        if not games:
            raise none_recorded("Wordle", where, table)
        played = [g.record for g in games]
        who = {player_of(g) for g in games}
        options: dict[str, Any] = {"history": str(where), "by_variant": by_variant(games)}
        options["sources"] = dict(Counter(g.source for g in games))
        summary = runner.summarize(
            played, game="wordle", strategy=", ".join(sorted(who)), table=table or "every table",
            seconds=time.perf_counter() - began, options=options,
        )  # fmt: skip
        return Played(summary, played)

    # --- a human guesses -----------------------------------------------------------------

    def hosted(self, mode: str = "honest", *, seed: int | None = None) -> Hosted:
        """A game the computer hosts (`honest`, or `evil`: Absurdle, one board only) for a
        human to guess, drawn with `seed` (default: the session's; another seed, another game);
        guesses allowed: --max-guesses, else 6 honest (7, 9, 13, 21 with N boards) and
        unlimited evil."""
        from wordkit.wordle.hosts import make_host

        check_kinds({"mode": mode}, {"mode": "text"})
        kind = self.check_host(mode)
        seed = self.seed.chosen(seed)
        host: Any = (
            make_host(mode, self.game, seed=seed)
            if self.boards == 1
            else multi.HonestBoards(self.game, self.boards, seed=seed)
        )
        return Hosted(self, host, self.start(kind), kind, self.variant(kind))

    def revealed(self, state: Any) -> str:
        """What a human host showed of the answers by the end: each board's solving guess
        (`/` between, as records write several boards' answers) when every board was solved,
        else nothing."""
        if not state.solved:
            return ""
        return "/".join(board.turns[-1][0] for board in boards_of(state))

    def typed_move(self, state: Any, line: str) -> Decision:
        """The guess a human typed, checked (a typed error: not a new allowed guess); letters
        typed apart, as the board shows them (`c r a n e`), are one word."""
        typed_line(line)
        row = state.check_move("".join(line.split()), new=True)
        return Decision(state.game.guesses[row], row=row)

    def reported(self, state: Any, row: int, line: str) -> Any:
        """The position after guess `row`, as a human host reports its feedback (one per
        unsolved board, / between; WORD=FEEDBACK for another word on one board)."""
        typed_line(line)
        if not (isinstance(row, numbers.Integral) and 0 <= row < len(state.game.guesses)):
            raise OptionTypeError(f"row= must be a row of the guess list, not {row!r:.60}")
        from wordkit.wordle.rules import parse_turn

        if self.boards > 1:
            word, sep, marks = line.partition("=")
            if sep and not word.strip():
                raise GameStateError(f"{line!r} names no word: WORD=FEEDBACK/FEEDBACK/...")
            if sep:  # another word than the AI's
                row, line = state.check_move(word, new=True), marks
            return state.after(row, multi.parse_patterns(state, line, row))
        word, sep, _ = line.partition("=")
        if sep and word.strip():  # a word played again tells nothing: a line typed twice?
            state.check_move("".join(word.split()), new=True)
        return parse_turn(state, line, suggested=row)

    def check_host(self, mode: str, *, trainer: bool = False) -> str:
        """The host's kind (`honest` or `evil`), once checked against the other options:
        several boards are hosted honestly, and the trainer rates one board's guesses."""
        from wordkit.wordle.hosts import host_kind

        kind = host_kind(mode)
        if trainer and self.boards > 1:
            raise OptionConflictError("--trainer is for one board; drop --trainer or --boards")
        if self.boards > 1 and kind != "honest":
            raise OptionConflictError("--boards plays against the honest host only; drop --mode")
        return kind

    def variant(self, mode: str) -> str:
        """The variant's name in the game history: length, host, guesses, hard, boards."""
        limit = self.limit(mode)
        guesses = "unlimited guesses" if not limit else plural(limit, "guess", "guesses")
        text = f"{self.game.length} letters, {mode} host, {guesses}"
        text += ", hard mode" if self.hard else ""
        return text + (f", {self.boards} boards" if self.boards > 1 else "")


LISTS_AND_FORMAT = frozenset({"answers", "guesses", "length", "table", "format", "json"})
"""Options every `stats wordle` mode uses: which lists, and how the result is shown."""


def history_text(history: History) -> str:
    """A game's history as one text, `WORD=FEEDBACK` entries joined by commas."""
    return history if isinstance(history, str) else ",".join(history)


NOTHING_DRAWN: dict[str, Any] = {"sample": None, "seed": None}
"""A list's games when every answer is played: the sample and seed named, null."""

SOLVE_USES: dict[str, frozenset[str]] = {
    "position": LISTS_AND_FORMAT | {"strategy", "opener", "budget", "hard", "boards", "history"},
    "review": LISTS_AND_FORMAT | {"strategy", "opener", "budget", "hard", "history", "review"},
    "game": LISTS_AND_FORMAT - {"json"}
    | {"strategy", "opener", "budget", "hard", "boards"}
    | {"interactive", "history_db", "record"},
}
"""The options each `solve wordle` mode uses (parameter names); any other given is refused."""

SOLVE_IGNORES = {
    "position": "{flag} does not apply to one position (--history, else the first move; -i "
    "plays a game): drop it",
    "review": "{flag} does not apply to --review: drop it",
    "game": "{flag} does not apply to a game played with you: drop it",
}

STATS_USES: dict[str, frozenset[str]] = {
    "history": LISTS_AND_FORMAT | {"from_history", "history_db", "records"},
    "boards": LISTS_AND_FORMAT
    | {"boards", "opener", "jobs", "cluster", "records", "max_guesses", "sample", "seed"},
    "openers": LISTS_AND_FORMAT
    | {"strategy", "hard", "jobs", "cluster", "records", "openers", "cutoff"},
    "versus": LISTS_AND_FORMAT | {"strategy", "opener", "hard", "budget", "host", "records"},
    "tree-check": LISTS_AND_FORMAT | {"hard", "jobs", "records", "tree_in"},
    "games": LISTS_AND_FORMAT
    | {"strategy", "opener", "hard", "jobs", "cluster", "budget", "records", "secrets", "tree"}
    | {"sample", "seed"},
}
"""The options each `stats wordle` mode uses (parameter names); any other given is refused,
never silently ignored: the one table to extend when a mode or an option is added."""

STATS_OPTIONS = (
    "strategy", "opener", "hard", "boards", "jobs", "cluster", "budget", "records", "secrets",
    "max_guesses", "sample", "seed", "host", "tree", "tree_in", "openers", "cutoff",
    "from_history", "history_db",
)  # fmt: skip
"""The mode-dependent options, in the order a clash among them is reported."""

STATS_IGNORES = {
    "history": "--from-history reports the games recorded: drop {flag}",
    "boards": "--boards plays N-board games with its own guesser: drop {flag}",
    "openers": "--openers ranks openers with every answer; drop {flag}",
    "versus": "--host plays one game against Absurdle: drop {flag}",
    "tree-check": "--tree-in plays the tree it reads: drop {flag}",
    "games": "{flag} means nothing when every answer is played: drop it",
}
"""What a mode says of an option it would ignore."""


def parse_cutoff(text: str | None) -> tuple[int | None, bool]:
    """(cutoff, running) for `--cutoff`: a total T, `none` (every value exact), or no option
    (the best total so far is the running cutoff)."""
    if text is None:
        return None, True
    if text.strip().lower() in NO_CUTOFF:
        return None, False
    value = whole_number(text.replace(",", "").replace("_", ""))
    if value is None or value < 1:
        raise RangeError(f"--cutoff must be a total of guesses (≥ 1) or none, not {text!r}")
    return value, False
