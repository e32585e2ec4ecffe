"""Playing Hangman: a host that knows the secret, single games, and statistics over a table."""

from __future__ import annotations

import multiprocessing as mp
import time
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from wordkit.errors import GameStateError
from wordkit.games.hangman import (
    Finish,
    HangmanState,
    Rules,
    Variant,
    apply_move,
    guess_count,
    new_game,
)
from wordkit.hangman_lexicon import (
    Lexicon,
    Pool,
    Prior,
    category_rows,
    lexicon_from_table,
    pool_for,
    row_probabilities,
)
from wordkit.strategies.hangman import Board, Decision, Guesser, board_for, make_guesser, next_board

Progress = Callable[[int], None]
"""Called with the number of games just finished (the CLI advances a progress bar)."""

CLASSIC = Rules()
MOVE_LIMIT = 80
"""A game still running after this many moves is lost (guards unlimited lives)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a game: the feedback before it, the guesser's decision, and whether it hit."""

    before: str
    decision: Decision
    hit: bool


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: its secret, final state and every step."""

    secret: str
    state: HangmanState
    steps: tuple[Step, ...]

    @property
    def won(self) -> bool:
        """True when the guesser won."""
        return self.state.status == "won"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one game in a batch."""

    secret: str
    category: str | None
    won: bool
    wrong: int
    guesses: int


@dataclass(frozen=True, slots=True)
class HangmanStats:
    """Statistics of a strategy over many games."""

    strategy: str
    games: int
    wins: int
    win_rate: float
    mean_wrong: float
    mean_guesses: float
    histogram: dict[str, int]
    guess_histogram: dict[int, int]
    failures: list[str]
    seconds: float
    by_length: dict[int, dict[str, float]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """How games are played: rules, prior, hints and the advanced host's seed."""

    rules: Rules = CLASSIC
    prior: Prior = "weight"
    hint: bool = False
    seed: int = 0


def play_game(
    secret: str,
    guesser: Guesser,
    pool: Pool,
    *,
    rules: Rules = CLASSIC,
    seed: int = 0,
) -> GameRecord:
    """Play one game of `guesser` against a host holding `secret`."""
    board = board_for(pool, new_game(secret, rules))
    steps: list[Step] = []
    while board.state.status == "playing" and guess_count(board.state) < MOVE_LIMIT:
        decision = guesser.decide(board)
        after = apply_move(board.state, decision.move, secret=secret, seed=seed)
        steps.append(Step(board.state.mask, decision, after.wrong == board.state.wrong))
        board = next_board(board, after)
    state = board.state if board.state.status != "playing" else replace(board.state, status="lost")
    return GameRecord(secret, state, tuple(steps))


def play_batch(
    secrets: Sequence[str],
    guesser: Guesser,
    pool: Pool,
    *,
    rules: Rules = CLASSIC,
    seed: int = 0,
) -> list[HangmanState]:
    """Final states of many games, sharing each decision among games in the same state."""
    finals: list[HangmanState | None] = [None] * len(secrets)
    by_length: dict[int, list[int]] = defaultdict(list)
    for i, secret in enumerate(secrets):
        by_length[len(secret) if rules.variant == "classic" else 0].append(i)
    for members in by_length.values():
        start = board_for(pool, new_game(secrets[members[0]], rules))
        frontier: list[tuple[Board, list[int]]] = [(start, members)]
        while frontier:
            board, group = frontier.pop()
            decision = guesser.decide(board)
            children: dict[HangmanState, list[int]] = defaultdict(list)
            for i in group:
                after = apply_move(board.state, decision.move, secret=secrets[i], seed=seed)
                children[after].append(i)
            for after, sub in children.items():
                if after.status == "playing" and guess_count(after) >= MOVE_LIMIT:
                    after = replace(after, status="lost")
                if after.status != "playing":
                    for i in sub:
                        finals[i] = after
                else:
                    frontier.append((next_board(board, after), sub))
    return [state for state in finals if state is not None]


def holdout_split(
    table: pd.DataFrame, *, share: float = 0.2, seed: int = 0
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(kept, held out): each distinct word held out when a seeded hash falls under `share`."""
    words = table["word"].astype(str)
    held = words.map(lambda w: zlib.crc32(f"{seed}:{w}".encode()) % 10_000 < share * 10_000)
    return table[~held].reset_index(drop=True), table[held].reset_index(drop=True)


# --- statistics over a table ------------------------------------------------------------------

_WORK: dict[str, Any] = {}


def secret_rows(
    secrets: pd.DataFrame, *, prior: Prior, sample: int | None, seed: int
) -> list[tuple[str, str | None]]:
    """(word, category) of the games to play: every row once, or `sample` rows drawn by prior."""
    words = [str(w) for w in secrets["word"]]
    cats = (
        [str(c) for c in secrets["category"]]
        if "category" in secrets.columns
        else [None] * len(words)
    )
    if sample is None:
        return list(zip(words, cats, strict=True))
    lexicon = lexicon_from_table(secrets)
    probs = row_probabilities(lexicon, prior)
    rng = np.random.default_rng(seed)
    rows = rng.choice(len(words), size=sample, replace=True, p=probs / probs.sum())
    return [(words[r], cats[r]) for r in rows]


def play_chunk(chunk: list[tuple[int, str, str | None]]) -> list[tuple[int, HangmanState]]:
    """Play a chunk of (index, secret, hint) games with the worker's guesser and pools."""
    guesser: Guesser = _WORK["guesser"]
    options: PlayOptions = _WORK["options"]
    lexicon: Lexicon = _WORK["lexicon"]
    pools: dict[str | None, Pool] = _WORK.setdefault("pools", {})
    groups: dict[str | None, list[tuple[int, str]]] = defaultdict(list)
    for index, secret, hint in chunk:
        groups[hint].append((index, secret))
    done: list[tuple[int, HangmanState]] = []
    for hint, games in groups.items():
        if hint not in pools:
            pools[hint] = pool_for(lexicon, prior=options.prior, hint=hint)
        finals = play_batch(
            [s for _, s in games], guesser, pools[hint], rules=options.rules, seed=options.seed
        )
        done.extend((index, final) for (index, _), final in zip(games, finals, strict=True))
    return done


def setup_worker(
    lexicon: Lexicon, strategy: str, strategy_options: dict[str, Any], options: PlayOptions
) -> None:
    """Prepare the (process-global) guesser and pools used by play_chunk."""
    _WORK.clear()
    _WORK.update(
        lexicon=lexicon,
        guesser=make_guesser(strategy, **strategy_options),
        options=options,
    )


def chunks_of(
    games: list[tuple[int, str, str | None]], *, parts: int
) -> list[list[tuple[int, str, str | None]]]:
    """Games sorted by (hint, length, word) and cut into about `parts` contiguous chunks."""
    ordered = sorted(games, key=lambda g: (g[2] or "", len(g[1]), g[1]))
    size = max(1, -(-len(ordered) // max(1, parts)))
    return [ordered[i : i + size] for i in range(0, len(ordered), size)]


def run_games(
    lexicon: Lexicon,
    games: list[tuple[int, str, str | None]],
    *,
    strategy: str,
    strategy_options: dict[str, Any],
    options: PlayOptions,
    jobs: int,
    progress: Progress | None,
) -> dict[int, HangmanState]:
    """Final state of every game, in-process or over `jobs` worker processes."""
    results: dict[int, HangmanState] = {}
    chunks = chunks_of(games, parts=max(1, jobs) * 8 if jobs > 1 else 16)
    if jobs <= 1:
        setup_worker(lexicon, strategy, strategy_options, options)
        outputs: Iterable[list[tuple[int, HangmanState]]] = map(play_chunk, chunks)
        for out in outputs:
            results.update(out)
            if progress:
                progress(len(out))
        return results
    context = mp.get_context("fork")
    with context.Pool(
        jobs, initializer=setup_worker, initargs=(lexicon, strategy, strategy_options, options)
    ) as workers:
        for out in workers.imap_unordered(play_chunk, chunks):
            results.update(out)
            if progress:
                progress(len(out))
    return results


def hangman_stats(
    table: pd.DataFrame,
    *,
    strategy: str = "coverage",
    strategy_options: dict[str, Any] | None = None,
    lives: int | None = 6,
    variant: Variant = "classic",
    finish: Finish = "reveal",
    width: int = 20,
    prior: Prior = "weight",
    hint: bool = False,
    sample: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    secrets: pd.DataFrame | None = None,
    progress: Progress | None = None,
    failures: int = 20,
) -> HangmanStats:
    """Play every row of `secrets` (default: the table itself) or a prior-drawn sample."""
    started = time.perf_counter()
    rules = Rules(lives=lives, variant=variant, finish=finish, width=width)
    lexicon = lexicon_from_table(table)
    options = PlayOptions(rules=rules, prior=prior, hint=hint, seed=seed)
    make_guesser(strategy, **(strategy_options or {}))  # fail fast on a bad name or option
    pool_for(lexicon, prior=prior)  # fail fast on a bad prior
    rows = secret_rows(table if secrets is None else secrets, prior=prior, sample=sample, seed=seed)
    if hint:
        for category in sorted({c for _, c in rows if c is not None}):
            category_rows(lexicon, category)
        if any(c is None for _, c in rows):
            raise GameStateError("hint asked for, but the secrets have no `category` column")
    if variant == "advanced" and any(len(w) > width for w, _ in rows):
        raise GameStateError(f"some secrets are longer than the advanced width {width}")
    games = [(i, word, cat if hint else None) for i, (word, cat) in enumerate(rows)]
    finals = run_games(
        lexicon,
        games,
        strategy=strategy,
        strategy_options=strategy_options or {},
        options=options,
        jobs=jobs,
        progress=progress,
    )
    outcomes = [
        Outcome(
            word,
            cat,
            finals[i].status == "won",
            finals[i].wrong,
            guess_count(finals[i]),
        )
        for i, (word, cat) in enumerate(rows)
    ]
    return stats_of(
        outcomes, strategy=strategy, seconds=time.perf_counter() - started, top=failures
    )


def stats_of(
    outcomes: Sequence[Outcome], *, strategy: str, seconds: float, top: int = 20
) -> HangmanStats:
    """Aggregate outcomes: rates, means, histograms, hardest words, per-length figures."""
    games = len(outcomes)
    wins = sum(o.won for o in outcomes)
    histogram = Counter(str(o.wrong) if o.won else "lost" for o in outcomes)
    hardest = sorted(outcomes, key=lambda o: (o.won, -o.wrong, -o.guesses, o.secret))
    by_length: dict[int, dict[str, float]] = {}
    for length in sorted({len(o.secret) for o in outcomes}):
        group = [o for o in outcomes if len(o.secret) == length]
        by_length[length] = {
            "games": len(group),
            "wins": sum(o.won for o in group),
            "win_rate": sum(o.won for o in group) / len(group),
            "mean_wrong": sum(o.wrong for o in group) / len(group),
        }
    return HangmanStats(
        strategy=strategy,
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        mean_wrong=sum(o.wrong for o in outcomes) / games if games else 0.0,
        mean_guesses=sum(o.guesses for o in outcomes) / games if games else 0.0,
        histogram=dict(sorted(histogram.items(), key=lambda kv: (kv[0] == "lost", kv[0]))),
        guess_histogram=dict(sorted(Counter(o.guesses for o in outcomes).items())),
        failures=[o.secret for o in hardest[:top] if not o.won or o.wrong > 0],
        seconds=seconds,
        by_length=by_length,
    )
