"""The one Wordle game loop, and what is built on it: stats, query, the next move, versus.

`play(guesser, host, rules)` is every game: an AI or a human guesser (a callable from a
`State` to a `Decision`, None to give up) against an honest, adversarial or human host
(`answer(state, row)` -> the next state, None to stop).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wordkit import runner
from wordkit.errors import GameStateError, UnknownNameError
from wordkit.runner import GameRecord, Summary
from wordkit.wordle import partitions
from wordkit.wordle.guessers import Decision, PartitionGuesser, make_guesser
from wordkit.wordle.hosts import Absurdle, HonestWordle, Host
from wordkit.wordle.lists import Wordle, known_optimum
from wordkit.wordle.rules import Rules, State, Turn, parse_turn, pattern_str, start

GUESS_LIMIT = 30
"""An AI's game still unsolved after this many guesses is lost."""
PROGRESS_STEPS = 100
"""Stats plays the answers in about this many chunks, reporting progress after each."""
SHOW_AT_MOST = 20
"""`next_move` lists the answers left when there are at most this many."""

AnyGuesser = Callable[[State], Decision | None]
"""A guesser as the loop sees it: a human may return None to give up."""
Watch = Callable[[State, Decision, State], None]
"""Called after each answered guess with the state before, the guess and the state after."""


def play(
    guesser: AnyGuesser,
    host: Host,
    rules: Rules,
    *,
    game: Wordle,
    limit: int | None = None,
    watch: Watch | None = None,
) -> GameRecord:
    """Play one game on `game`'s lists until solved, given up, stopped or `limit` guesses
    (default: the rules' max_guesses; None there: no limit)."""
    return played(guesser, host, start(game, rules), record_of, limit=limit, watch=watch)


def played(
    guesser: Any, host: Any, state: Any, record: Any, *, limit: int | None, watch: Any
) -> GameRecord:
    """The one Wordle game loop, from `state` (one board's State, or several boards): the
    guesser moves, the host answers, until solved, given up, stopped or `limit` guesses;
    `record(state, secret)` makes the record."""
    limit = state.rules.max_guesses if limit is None else limit
    while not state.solved and (limit is None or state.turn - 1 < limit):
        move = guesser(state)
        if move is None:
            break
        after = host.answer(state, move.row)
        if after is None:
            break
        if watch is not None:
            watch(state, move, after)
        state = after
    return record(state, host.reveal(state))


def record_of(state: State, secret: str) -> GameRecord:
    """The record of a finished game (won: solved within the rules' max_guesses)."""
    limit = state.rules.max_guesses
    length = state.game.length
    return GameRecord(
        secret=secret,
        won=state.solved and (limit is None or len(state.turns) <= limit),
        solved=state.solved,
        moves=tuple(g for g, _ in state.turns),
        feedback=tuple(pattern_str(p, length, "letters") for _, p in state.turns),
    )


def guesser_for(
    game: Wordle,
    strategy: str | PartitionGuesser,
    *,
    opener: str | None = None,
    budget: float | None = None,
) -> PartitionGuesser:
    """A registered guesser by name (or the one given) with its opener checked, or computed
    once here so that forked workers share it; `budget` bounds each exact search (seconds)."""
    guesser = make_guesser(strategy) if isinstance(strategy, str) else strategy
    guesser.budget = budget
    if opener is not None:
        guesser.opener = opener
    guesser.opener = guesser.first_guess(game)
    return guesser


# ---------------------------------------------------------------------------------------
# stats: every answer against an honest host


_WORKER: dict[str, Any] = {}


def _setup(game: Wordle, guesser: PartitionGuesser, rules: Rules) -> None:
    _WORKER.update(game=game, guesser=guesser, rules=rules)


def _play_chunk(answers: list[str]) -> list[GameRecord]:
    game, guesser, rules = _WORKER["game"], _WORKER["guesser"], _WORKER["rules"]
    return [
        play(guesser, HonestWordle(game, secret=a), rules, game=game, limit=GUESS_LIMIT)
        for a in answers
    ]


def run_stats(
    game: Wordle,
    strategy: str | PartitionGuesser = "entropy",
    rules: Rules | None = None,
    *,
    opener: str | None = None,
    answers: Sequence[str] | None = None,
    jobs: int = 1,
    table: str = "wordle",
    progress: runner.Progress | None = None,
    budget: float | None = None,
) -> tuple[Summary, list[GameRecord]]:
    """Play every answer (or `answers`) with a guesser, past the rules' limit if need be (up to
    GUESS_LIMIT); the summary and the records in answer order. jobs > 1 forks workers;
    `progress` hears the games done after each chunk; `budget` (seconds per exact search,
    default: none, so the figures are exact) trades exactness for time."""
    rules = Rules(length=game.length) if rules is None else rules
    began = time.perf_counter()
    guesser = guesser_for(game, strategy, opener=opener, budget=budget)
    targets = list(game.answers) if answers is None else list(answers)
    records = runner.run_chunks(
        _play_chunk,
        stats_chunks(targets, jobs),
        jobs=jobs,
        setup=_setup,
        setup_args=(game, guesser, rules),
        progress=progress,
    )
    order = {a: i for i, a in enumerate(targets)}
    records.sort(key=lambda r: order[r.secret])
    extra: dict[str, Any] = {}
    optimum = known_optimum(game, rules.hard)
    if optimum is not None:
        extra["optimum"] = optimum._asdict()
    summary = runner.summarize(
        records,
        game="wordle",
        strategy=guesser.name,
        table=table,
        seconds=time.perf_counter() - began,
        options={
            "hard": rules.hard,
            "opener": guesser.opener,
            "guesses_allowed": rules.max_guesses,
        },
        extra=extra,
    )
    return summary, records


def stats_chunks(targets: list[str], jobs: int) -> list[list[str]]:
    """About PROGRESS_STEPS chunks, so progress moves: in answer order in one process (the
    order of play stays the same), interleaved across workers (they share the early decisions
    each worker memoises)."""
    size = max(1, -(-len(targets) // PROGRESS_STEPS))
    if jobs <= 1:
        return [targets[i : i + size] for i in range(0, len(targets), size)]
    parts = max(1, min(len(targets) // 2, max(jobs, len(targets) // size)))
    return [targets[i::parts] for i in range(parts)]


# ---------------------------------------------------------------------------------------
# One game, step by step


@dataclass(frozen=True, slots=True)
class Step:
    """One turn of a game: the guess, its feedback and the answers before and after it."""

    turn: int
    guess: str
    pattern: int
    answers_before: int
    answers_left: int
    note: str = ""
    """Why the guess is not the strategy's own (its exact search ran out of time), or ''."""


Query = tuple[GameRecord, list[Step]]


def query(
    game: Wordle,
    words: Sequence[str],
    strategy: str,
    rules: Rules,
    *,
    opener: str | None = None,
    budget: float | None = None,
) -> Iterator[Query]:
    """How the guesser solves each of `words` (all checked first): the record and each step,
    one word at a time."""
    if not words:
        raise GameStateError("no word to query: give one or more words, or - to read them")
    secrets = [game.answers[game.check_answer(word)] for word in words]
    guesser = guesser_for(game, strategy, opener=opener, budget=budget)
    return (query_one(game, guesser, secret, rules) for secret in secrets)


def query_one(game: Wordle, guesser: PartitionGuesser, secret: str, rules: Rules) -> Query:
    """How `guesser` solves `secret`: the record and each step."""
    steps: list[Step] = []

    def watch(before: State, move: Decision, after: State) -> None:
        guess, pattern = after.turns[-1]
        left = (len(before.remaining), len(after.remaining))
        steps.append(Step(after.turn - 1, guess, pattern, *left, note=move.note))

    host = HonestWordle(game, secret=secret)
    record = play(guesser, host, rules, game=game, limit=GUESS_LIMIT, watch=watch)
    return record, steps


def versus(
    game: Wordle,
    host_name: str,
    strategy: str,
    rules: Rules,
    *,
    opener: str | None = None,
    budget: float | None = None,
) -> tuple[GameRecord, tuple[Turn, ...]]:
    """One game of the guesser against an adversarial host (`evil`: Absurdle): the record and
    its turns."""
    if host_name not in ("evil", "absurdle"):
        raise UnknownNameError(f"unknown Wordle host {host_name!r} for stats; use evil (Absurdle)")
    guesser = guesser_for(game, strategy, opener=opener, budget=budget)
    turns: list[Turn] = []

    def watch(before: State, move: Decision, after: State) -> None:
        turns.append(after.turns[-1])

    record = play(guesser, Absurdle(game), rules, game=game, limit=GUESS_LIMIT, watch=watch)
    return record, tuple(turns)


@dataclass(frozen=True, slots=True)
class NextMove:
    """The guesser's next guess for a game so far, with the list it faces."""

    guess: str | None
    expected_size: float
    answers_left: int
    answers: tuple[str, ...]
    strategy: str
    hard: bool
    solved: str | None = None
    """The answer, when the game so far already ends with it."""
    note: str = ""
    """Why the guess is not the strategy's own (its exact search ran out of time), or ''."""

    def as_dict(self) -> dict[str, Any]:
        """The move as `solve wordle --json` prints it."""
        if self.solved is not None:
            return {"solved": True, "answer": self.solved, "answers_left": 1, "answers": []}
        return {
            "guess": self.guess,
            "expected_size": self.expected_size,
            "answers_left": self.answers_left,
            "answers": list(self.answers),
            "strategy": self.strategy,
            "hard": self.hard,
            **({"note": self.note} if self.note else {}),
        }


def expected_left(state: State, row: int) -> float:
    """The expected number of answers left after guessing `row` in `state`."""
    return float(partitions.expected_size(state.game, np.array([row]), state.remaining)[0])


def next_move(
    game: Wordle,
    history: str,
    strategy: str,
    rules: Rules,
    *,
    opener: str | None = None,
    budget: float | None = None,
) -> NextMove:
    """The next guess after `history` (`roate=BBYGB,slimy=20010`): the core of `solve wordle`."""
    guesser = guesser_for(game, strategy, opener=opener, budget=budget)
    state = replay_text(start(game, rules), history)
    if state.solved:
        word = state.turns[-1][0]
        return NextMove(None, 1.0, 1, (), guesser.name, rules.hard, solved=word)
    move = guesser(state)
    rem = state.remaining
    shown = tuple(game.answers[i] for i in rem) if len(rem) <= SHOW_AT_MOST else ()
    return NextMove(
        guess=move.word,
        expected_size=round(expected_left(state, move.row), 3),
        answers_left=len(rem),
        answers=shown,
        strategy=guesser.name,
        hard=rules.hard,
        note=move.note,
    )


def replay_text(state: State, history: str) -> State:
    """The state after a typed history, `WORD=FEEDBACK` entries separated by commas."""
    for n, entry in enumerate(filter(None, (e.strip() for e in history.split(","))), 1):
        if "=" not in entry:
            raise GameStateError(
                f"history entry {n} ({entry!r}) must be WORD=FEEDBACK, e.g. roate=BBYGB"
            )
        if state.solved:
            raise GameStateError(
                f"history entry {n} ({entry!r}) comes after the game was solved "
                f"({state.turns[-1][0].upper()})"
            )
        state = parse_turn(state, entry, suggested=None)
    return state
