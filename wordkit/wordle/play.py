"""The one Wordle game loop, and what is built on it: stats and games against a host.

`play(guesser, host, start)` is every game: an AI or a human guesser (a callable from a
`State` to a `Decision`, None to give up) against an honest, adversarial or human host
(`answer(state, row)` -> the next state); the contract is `wordkit.game`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from wordkit import runner
from wordkit.errors import GameStateError, UnknownNameError
from wordkit.game import Undo, Watch, decision_of
from wordkit.runner import GameRecord, Summary
from wordkit.wordle import partitions
from wordkit.wordle.guessers import Decision, PartitionGuesser, make_guesser
from wordkit.wordle.hosts import Absurdle, HonestWordle
from wordkit.wordle.lists import Wordle, known_optimum
from wordkit.wordle.rules import Rules, State, Turn, parse_turn, start

GUESS_LIMIT = 30
"""An AI's game still unsolved after this many guesses is lost."""
PROGRESS_STEPS = 100
"""Stats plays the answers in about this many chunks, reporting progress after each."""

AnyGuesser = Callable[[Any], Decision | None]
"""A guesser as the loop sees it (of one board's `State`, or of several boards'): a human
may return None to give up."""


def play(
    guesser: AnyGuesser,
    host: Any,
    start: Any,
    *,
    limit: int | None = None,
    watch: Watch | None = None,
) -> GameRecord:
    """The one Wordle game loop, from `start` (one board's `State`, or several boards'): the
    guesser moves, the host answers, until solved, the guesser gives up (None), or `limit`
    guesses (default: the rules' max_guesses; None there: no limit).

    A host may raise `Undo` (the last guess is taken back and the guesser asked again) or
    `Quit` (raised on: the game is not recorded)."""
    state = start
    limit = state.rules.max_guesses if limit is None else limit
    # With no limit a guesser that never finds the answer (one of the Python API's, against
    # Absurdle) would play for ever: past every allowed guess once, the game is lost.
    cap = len(state.game.guesses) + 1
    while not state.solved and (state.turn - 1 < (cap if limit is None else limit)):
        chosen = guesser(state)
        if chosen is None:
            break
        move = decision_of(chosen)
        row = guess_row(state, move)
        if row != move.row:  # the watcher (the trainer, the CLI) reads the row too
            move = replace(move, row=row)
        try:
            after = host.answer(state, move.row)
        except Undo:
            state = state if state.previous is None else state.previous
            continue
        if after is None:  # the host stopped
            break
        if getattr(after, "turn", None) != state.turn + 1:  # a host of the API may answer anything
            raise GameStateError(
                f"the host's answer to guess {state.turn} ({move.move.upper()}) is not the "
                "position after it"
            )
        if watch is not None:
            watch(state, move, after)
        state = after
    return record_of(state, host.reveal(state))


def guess_row(state: Any, move: Decision) -> int:
    """The guess list's row of `move`: the one its guesser set when it names that word
    (wordkit's own do), else its word's, checked as a typed guess is (a guesser of the Python
    API may return `Decision("crane")`: its row of -1 would have played the list's last word,
    and a row of another word that word)."""
    guesses = state.game.guesses
    if 0 <= move.row < len(guesses) and guesses[move.row] == move.move:
        return move.row
    return state.check_move(move.move)


def record_of(state: Any, secret: str) -> GameRecord:
    """The record of a finished game, one board or several (won: solved within the rules'
    max_guesses)."""
    limit = state.rules.max_guesses
    return GameRecord(
        secret=secret,
        won=state.solved and (limit is None or len(state.moves) <= limit),
        solved=state.solved,
        moves=state.moves,
        feedback=state.feedback,
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


def _setup(game: Wordle, guesser: Any, rules: Rules, boards: int = 1) -> None:
    _WORKER.update(game=game, guesser=guesser, rules=rules, boards=boards)


def _play_chunk(secrets: list[Any]) -> list[GameRecord]:
    """Each game of a chunk: an answer, or with several boards a tuple of answers."""
    game, guesser, rules, n = (_WORKER[k] for k in ("game", "guesser", "rules", "boards"))
    done: list[GameRecord] = []
    with runner.keep_finished(done):
        if n == 1:
            first: Any = start(game, rules)
            for a in runner.until_stopped(secrets):
                done.append(play(guesser, HonestWordle(game, secret=a), first, limit=GUESS_LIMIT))
            return done
        from wordkit.wordle.boards import PLAY_ON, HonestBoards, default_limit, start_boards

        first = start_boards(game, n, rules)
        limit = (rules.max_guesses or default_limit(n)) + PLAY_ON
        for s in runner.until_stopped(secrets):
            done.append(play(guesser, HonestBoards(game, n, secrets=s), first, limit=limit))
    return done


def run_stats(
    game: Wordle,
    strategy: str | PartitionGuesser = "entropy",
    rules: Rules | None = None,
    *,
    opener: str | None = None,
    answers: Sequence[str] | None = None,
    jobs: int = 1,
    cluster: str | None = None,
    table: str = "wordle",
    progress: runner.Progress | None = None,
    budget: float | None = None,
) -> tuple[Summary, list[GameRecord]]:
    """Play every answer (or `answers`) with a guesser, past the rules' limit if need be (up to
    GUESS_LIMIT); the summary and the records in answer order. jobs > 1 forks workers
    (`cluster`: the Dask cluster's workers instead); `progress` hears the games done after
    each chunk; `budget` (seconds per exact search, default: none, so the figures are exact)
    trades exactness for time."""
    rules = Rules(length=game.length) if rules is None else rules
    began = time.perf_counter()
    guesser = guesser_for(game, strategy, opener=opener, budget=budget)
    targets = list(game.secrets) if answers is None else list(answers)
    records = games_played(
        game, guesser, rules, targets, jobs=jobs, cluster=cluster, progress=progress
    )
    from wordkit.wordle.guessers.optimal import proven_opener

    extra: dict[str, Any] = {}
    optimum = known_optimum(game, rules.hard)
    if optimum is not None and sorted(targets) == sorted(game.secrets):
        # the optimum of every answer: beside a sample's mean it reads as beaten
        extra["optimum"] = optimum._asdict()
    if (
        guesser.name == "optimal"
        and opener is None
        and (optimum is None or optimum.opener != guesser.opener)
        and not proven_opener(guesser, game, hard=rules.hard)
    ):
        # The exact search plays the best tree after its opener; the opener itself is the
        # proven best only where the optimum is known (a sweep finds it: --openers), or was
        # searched exactly (few answers, normal mode).
        extra["opener_note"] = OPENER_NOT_PROVEN
    options: dict[str, Any] = {
        "hard": rules.hard,
        "opener": guesser.opener,
        "guesses_allowed": rules.max_guesses,
    }
    # A time budget makes the figures depend on the machine's load: said with them
    options["budget"] = guesser.budget if getattr(guesser, "timed", False) else None
    return summary_of(records, guesser.name, table, began, options, extra), records


OPENER_NOT_PROVEN = "not proven the best for these lists: --openers ranks openers exactly"
"""What `optimal`'s stats say of an opener it took by default on lists of no known optimum."""


def summary_of(
    records: list[GameRecord],
    strategy: str,
    table: str,
    began: float,
    options: dict[str, Any],
    extra: dict[str, Any] | None = None,
) -> Summary:
    """The summary of a Wordle stats run that began at `began` (perf_counter)."""
    seconds = time.perf_counter() - began
    return runner.summarize(
        records, game="wordle", strategy=strategy, table=table, seconds=seconds,
        options=options, extra=extra or {},
    )  # fmt: skip


def games_played(
    game: Wordle,
    guesser: Any,
    rules: Rules,
    secrets: Sequence[Any],
    *,
    boards: int = 1,
    jobs: int = 1,
    cluster: str | None = None,
    progress: runner.Progress | None = None,
) -> list[GameRecord]:
    """One game per secret (an answer, or with several boards a tuple of answers) against an
    honest host, in `jobs` processes or on the Dask cluster at `cluster` (the game, its
    matrix and the guesser sent to each worker once): the records in the order of `secrets`."""
    records = runner.run_chunks(
        _play_chunk,
        stats_chunks(list(secrets), jobs),
        jobs=jobs,
        cluster=cluster,
        setup=_setup,
        setup_args=(game, guesser, rules, boards),
        progress=progress,
    )
    # In the order of `secrets`, a secret given twice at each of its places (its games are
    # the same game: play is deterministic)
    played = {r.secret: r for r in records}
    return [played[s if isinstance(s, str) else "/".join(s)] for s in secrets]


def stats_chunks(targets: list[Any], jobs: int) -> list[list[Any]]:
    """About PROGRESS_STEPS chunks, so progress moves: in answer order in one process (the
    order of play stays the same), interleaved across workers (they share the early decisions
    each worker memoises)."""
    size = max(1, -(-len(targets) // PROGRESS_STEPS))
    if jobs <= 1:
        return [targets[i : i + size] for i in range(0, len(targets), size)]
    parts = max(1, min(len(targets) // 2, max(jobs, len(targets) // size)))
    return [targets[i::parts] for i in range(parts)]


def versus(
    game: Wordle, host_name: str, guesser: PartitionGuesser, rules: Rules
) -> tuple[GameRecord, tuple[Turn, ...]]:
    """One game of the guesser against an adversarial host (`evil`: Absurdle): the record and
    its turns."""
    if host_name not in ("evil", "absurdle"):
        raise UnknownNameError(f"unknown Wordle host {host_name!r} for stats; use evil (Absurdle)")
    turns: list[Turn] = []

    def watch(before: State, move: Decision, after: State) -> None:
        turns.append(after.turns[-1])

    record = play(guesser, Absurdle(game), start(game, rules), limit=GUESS_LIMIT, watch=watch)
    return record, tuple(turns)


def expected_left(state: State, row: int) -> float:
    """The expected number of answers left after guessing `row` in `state`."""
    return float(partitions.expected_size(state.game, np.array([row]), state.remaining)[0])


def replay_text(state: State, history: str) -> State:
    """The state after a typed history, `WORD=FEEDBACK` entries separated by commas."""
    for n, entry in enumerate(filter(None, (e.strip() for e in history.split(","))), 1):
        if "=" not in entry:
            raise GameStateError(
                f"history entry {n} ({entry!r}) must be WORD=FEEDBACK, e.g. crane=BBBYY"
            )
        if state.solved:
            raise GameStateError(
                f"history entry {n} ({entry!r}) comes after the game was solved "
                f"({state.turns[-1][0].upper()})"
            )
        state = parse_turn(state, entry, suggested=None)
    return state
