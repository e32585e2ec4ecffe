"""Playing Hangman: the one game loop (any guesser against any host), and statistics over a table.

`play` is the loop behind stats, query, the hosts and the interactive solver: a human at the
terminal is just a guesser or a host plugged into it. Stats play many games with one guesser;
games that reach the same state share its board and decision through a per-state memo.
"""

from __future__ import annotations

import time
import warnings
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from wordkit import runner
from wordkit.errors import GameStateError, UnknownNameError, WordkitWarning
from wordkit.game import Undo, Watch, decision_of, plural
from wordkit.hangman import book as book_store
from wordkit.hangman.board import Board, Decision, Guesser, board_for, next_board
from wordkit.hangman.book import Book, book_name, book_rules
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.hosts import HonestHangman, check_host, hangman_host
from wordkit.hangman.lexicon import (
    Lexicon,
    Pool,
    Prior,
    book_pool,
    category_rows,
    lexicon_from_table,
    own_rows,
    pool_for,
    row_probabilities,
)
from wordkit.hangman.rules import (
    CLASSIC,
    DEFAULT_WIDTH,
    Rules,
    State,
    check_nameable,
    feedback,
)
from wordkit.runner import (
    GameRecord,
    Progress,
    Summary,
    check_run,
    chunked,
    keep_finished,
    run_chunks,
    summarize,
    until_stopped,
)

if TYPE_CHECKING:
    import pandas as pd

UNLIMITED = Rules(lives=None)
"""Rules for counting the wrong guesses a guesser needs to win: unlimited lives."""
MOVE_LIMIT = 80
"""A game still running after this many moves is lost (guards unlimited lives)."""
CLUSTER_CHUNKS = 100
"""A run on a Dask cluster is cut into this many chunks, so that many workers share it."""

Memo = dict[State, tuple[Board, Decision]]
"""Boards and decisions of one guesser over one pool, by state (shared by games in a run)."""


class Host(Protocol):
    """A Hangman host: an opening state, an answer (the next state) per move, a final word."""

    @property
    def name(self) -> str:
        """The host's name."""
        ...

    def start(self, rules: Rules) -> State:
        """The opening state."""
        ...

    def answer(self, state: State, guess: str) -> State:
        """The state after `guess`."""
        ...

    def reveal(self, state: State) -> str:
        """A word consistent with every answer up to `state` (the secret, for an honest
        host)."""
        ...


def hit(before: Board, after: Board) -> bool:
    """True when the move between two boards cost no life."""
    return after.state.wrong == before.state.wrong


def opening(host: Host, rules: Rules, pool: Pool, *, memo: Memo | None = None) -> Board:
    """The board a game against `host` starts from, the guesser searching `pool`; with a run's
    `memo`, the board an earlier game of the run opened with, not filtered from the whole pool
    again (that filter was most of the time of a run of quick guessers)."""
    state = host.start(rules)
    known = None if memo is None else memo.get(state)
    return board_for(pool, state) if known is None else known[0]


def play(
    guesser: Callable[[Board], Decision | None],
    host: Host,
    start: Board,
    *,
    limit: int = MOVE_LIMIT,
    watch: Watch | None = None,
    memo: Memo | None = None,
    category: str | None = None,
) -> GameRecord:
    """The one Hangman game loop, from the board `start`: the guesser moves, the host answers,
    until the game is won or lost, the guesser gives up (None: lost) or `limit` moves (lost).

    A host may raise `Undo` (the last move is taken back and the guesser asked again) or
    `Quit` (raised on: the game is not recorded). `memo` shares boards and decisions between
    the games of a run that reach the same state."""
    played: list[Board] = []  # the board of every move made, for Undo
    moves: list[str] = []
    shown: list[str] = []
    board, state = start, start.state
    while state.status == "playing" and len(moves) < limit:
        known = None if memo is None else memo.get(state)
        if known is not None:
            board, decision = known
        else:
            if board.state != state:  # the board after the last move, not yet filtered
                board = next_board(board, state)
            chosen = guesser(board)
            if chosen is None:
                break
            decision = decision_of(chosen)
            if memo is not None:
                memo[state] = (board, decision)
        try:
            after = host.answer(state, decision.move)
        except Undo:
            if played:
                board = played.pop()
                state = board.state
                moves.pop()
                shown.pop()
            continue
        played.append(board)
        moves.append(decision.move)
        shown.append(feedback(after))
        if watch is not None:
            following = next_board(board, after)
            watch(board, decision, following)
            board = following
        state = after
    return GameRecord(
        secret=host.reveal(state),
        won=state.status == "won",
        moves=tuple(moves),
        feedback=tuple(shown),
        wrong=state.wrong,
        category=category,
    )


VERSUS_HOSTS = ("evil", "lookahead")


def check_versus(host: str, *, difficulty: str, depth: int) -> None:
    """Raise a typed error for a host stats cannot play against, or its options out of range."""
    if host not in VERSUS_HOSTS:
        raise UnknownNameError(f"unknown host {host!r} for stats; choose evil or lookahead")
    check_host(host, difficulty=difficulty, depth=depth)


def versus_by_length(
    pool: Pool,
    *,
    host: str,
    guesser: str,
    lengths: Iterable[int] | None = None,
    difficulty: str = "hard",
    depth: int = 3,
    seed: int = 0,
    rules: Rules = UNLIMITED,
    progress: Callable[[int], None] | None = None,
) -> dict[int, GameRecord]:
    """One game of `guesser` against an adversarial `host` per word length (default: every
    length of the pool); the evil hosts are deterministic. `progress(1)` hears each game
    done; an interrupt carries the games finished (`partial`), for `--records` to keep."""
    check_versus(host, difficulty=difficulty, depth=depth)
    player = make_guesser(guesser)
    if lengths is None:
        lengths = pool_lengths(pool)
    played: dict[int, GameRecord] = {}
    try:
        for n in lengths:
            opponent = hangman_host(
                host, pool, length=n, difficulty=difficulty, depth=depth, seed=seed
            )
            played[n] = play(player, opponent, opening(opponent, rules, pool))
            if progress is not None:
                progress(1)
    except KeyboardInterrupt as exc:
        exc.partial = list(played.values())  # type: ignore[attr-defined]
        raise
    return played


def pool_lengths(pool: Pool) -> list[int]:
    """The word lengths of a pool, shortest first."""
    return sorted({int(n) for n in pool.lexicon.enc.lengths[pool.ids]})


def holdout_split(
    table: pd.DataFrame, *, share: float = 0.2, seed: int = 0
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(kept, held out): each distinct word held out when a seeded hash falls under `share`."""
    words = table["word"].astype(str)
    held = words.map(lambda w: zlib.crc32(f"{seed}:{w}".encode()) % 10_000 < share * 10_000)
    return table[~held].reset_index(drop=True), table[held].reset_index(drop=True)


# --- statistics over a table ------------------------------------------------------------------

Game = tuple[int, str, str | None]
"""(index, secret, category) of one game of a run."""

_WORK: dict[str, Any] = {}


class Played(runner.Played):
    """Many Hangman games (a stats run, in the order of the secrets, or the history's): their
    summary and records."""

    def labels(self) -> dict[str, Any]:
        """What a Hangman stats table adds to the shared one (`summary_labels`)."""
        return summary_labels(self.summary)


def summary_labels(summary: Summary) -> dict[str, Any]:
    """What a Hangman stats table adds to the shared one: the mean wrong guesses, a histogram
    of the wrong guesses per game, and the figures per length when there are several."""
    lengths = [
        (n, f"{r['games']:,}", f"{r['win_rate']:.2%}", f"{r['mean_wrong']:.2f}")
        for n, r in summary.by_length.items()
    ]
    columns = ("length", "games", "win rate", "mean wrong")
    return {
        "strategy": strategy_line(summary),
        "per_game": "wrong guesses",
        "solved": "won games",
        "extra": [("mean wrong guesses", f"{summary.extra['mean_wrong']:.3f}")],
        "counts": summary.extra["wrong_histogram"],
        "tables": ([(columns, lengths)] if len(lengths) > 1 else [])
        + runner.variant_tables(summary.options.get("by_variant", ())),
    }


def strategy_line(summary: Summary) -> str:
    """The stats table's strategy row, naming the run as Wordle's does: the strategy, then the
    rules and prior it played under, the draw and the seed (`best (6 lives, prior weight, 50
    drawn, seed 1)`); the strategy alone for a run with no such options (the history's)."""
    opts = summary.options
    if "lives" not in opts:
        return summary.strategy
    lives = opts["lives"]
    said = ["unlimited lives" if lives is None else plural(lives, "life", "lives")]
    if opts.get("variant") == "advanced":  # its board's width when not the usual one
        width = opts.get("width", DEFAULT_WIDTH)
        said.append("advanced" if width == DEFAULT_WIDTH else f"advanced, width {width}")
    said += ["finish word"] if opts.get("finish") == "word" else []
    said += [f"prior {opts['prior']}"] + (["hint"] if opts.get("hint") else [])
    if opts.get("sample") is not None:
        said.append(f"{opts['sample']:,} drawn")
    if opts.get("seed") is not None:  # the draw's, or the advanced host's reveals'
        said.append(f"seed {opts['seed']}")
    return f"{summary.strategy} ({', '.join(said)})"


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


def setup_worker(
    lexicon: Lexicon,
    strategy: str,
    strategy_options: dict[str, Any],
    prior: Prior,
    rules: Rules,
    seed: int,
    books: dict[str, Book | None],
    tick: Progress | None = None,
) -> None:
    """Prepare the (process-global) guesser and pools used by play_chunk, with the run's
    policy books as the parent read them."""
    book_store._BOOKS.update(books)  # a worker on another machine has another disk cache
    _WORK.clear()
    _WORK.update(
        lexicon=lexicon,
        guesser=make_guesser(strategy, **strategy_options),
        prior=prior,
        rules=rules,
        seed=seed,
        pools={},
        tick=tick,
    )


def play_chunk(chunk: list[Game]) -> list[tuple[int, GameRecord]]:
    """Play a chunk of games with the worker's guesser, one memo per category hint (in this
    process, `_WORK["tick"]` is told of every finished game)."""
    guesser: Guesser = _WORK["guesser"]
    rules: Rules = _WORK["rules"]
    pools: dict[str | None, Pool] = _WORK["pools"]
    memos: dict[str | None, Memo] = defaultdict(dict)
    done: list[tuple[int, GameRecord]] = []
    with keep_finished(done):
        for index, secret, hint in until_stopped(chunk):
            if hint not in pools:
                pools[hint] = pool_for(_WORK["lexicon"], prior=_WORK["prior"], hint=hint)
            pool = pools[hint]
            host = HonestHangman(pool, seed=_WORK["seed"], secret=secret)
            opened = opening(host, rules, pool, memo=memos[hint])
            record = play(guesser, host, opened, memo=memos[hint], category=hint)
            done.append((index, record))
            if _WORK.get("tick") is not None:
                _WORK["tick"](1)
    return done


def fitting_rows(table: pd.DataFrame, width: int) -> pd.DataFrame:
    """The table's rows whose words an advanced game can hold (its mask is `width` letters),
    the others left out with a warning (secrets named one by one are refused instead)."""
    fits = table["word"].str.len() <= width
    warn_too_long(int((~fits).sum()), width)
    if not fits.all() and not fits.any():
        raise GameStateError(f"no word fits the advanced width of {width} letters")
    return table[fits]


def warn_too_long(count: int, width: int) -> None:
    """Say that `count` words are left out of an advanced game, longer than its board."""
    if count:
        message = (
            f"{plural(count, 'word')} longer than the advanced width of {width} letters left out"
        )
        warnings.warn(message, WordkitWarning, stacklevel=3)


def run_books(
    guesser: Guesser,
    lexicon: Lexicon,
    pool: Pool,
    prior: Prior,
    rules: Rules,
    hints: Iterable[str | None],
) -> dict[str, Book | None]:
    """The policy books of the pools a run plays (`pool`, or one per category hint), as this
    process reads them, by name: for a guesser that plays from books."""
    reader = getattr(guesser, "book", None)
    if reader is None or not book_rules(rules):
        return {}
    pools = [pool if h is None else pool_for(lexicon, prior=prior, hint=h) for h in hints]
    return {book_name(book_pool(p), rules): reader(p, rules) for p in pools}


def hangman_stats(
    table: pd.DataFrame,
    *,
    table_name: str = "table",
    strategy: str = "coverage",
    strategy_options: dict[str, Any] | None = None,
    rules: Rules = CLASSIC,
    prior: Prior = "weight",
    hint: bool = False,
    sample: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    cluster: str | None = None,
    secrets: pd.DataFrame | None = None,
    progress: Progress | None = None,
    lexicon: Lexicon | None = None,
) -> Played:
    """Play every row of `secrets` (default: the table itself) or a prior-drawn sample
    (`lexicon`: the table's, when already built), in `jobs` processes or on the Dask cluster
    at `cluster` (the lexicon and books sent to each worker once)."""
    started = time.perf_counter()
    check_run(sample=sample, jobs=jobs, cluster=cluster)
    if lexicon is None:
        lexicon = lexicon_from_table(table)
    played_with = dict(strategy_options or {})
    guesser = make_guesser(strategy, **played_with)  # fail fast on a bad name
    if hasattr(guesser, "confidence") and "confidence" not in played_with:
        # no stats output shows a move's confidence, and it costs most of a run
        played_with["confidence"] = False
        guesser = make_guesser(strategy, **played_with)
    pool = pool_for(lexicon, prior=prior)  # fail fast on a bad prior
    prepare = getattr(guesser, "prepare", None)
    if prepare is not None and secrets is None and not hint:
        # The default AI's book, built once: worth it for a run of as many games as it holds
        # (a sample of 2 under 3 lives waited minutes for `english`'s book; live, a second).
        # A smaller sample reads only a shipped book, so what a cache holds changes nothing
        if sample is None or sample >= len(table):
            prepare(pool, rules, jobs=jobs, progress=progress)
        elif not book_store.shipped_book(pool, rules):
            played_with["use_book"] = False
            guesser = make_guesser(strategy, **played_with)
    source = table if secrets is None else secrets
    if secrets is None and (own := own_rows(table)) is not None:
        source = table.iloc[:own]  # words learned from play are the AI's, never secrets to play
    if secrets is None and rules.variant == "advanced":
        source = fitting_rows(source, rules.width)
    rows = secret_rows(source, prior=prior, sample=sample, seed=seed)
    if hint:
        if any(c is None for _, c in rows):
            raise GameStateError("hint asked for, but the secrets have no `category` column")
        blank = [word for word, c in rows if not str(c).strip()]
        if blank:  # a word with no category has no hint to give
            raise GameStateError(
                f"--hint tells the AI each secret's category, and {plural(len(blank), 'secret')} "
                f"{'has' if len(blank) == 1 else 'have'} none (a blank cell: {blank[0]!r})"
            )
        for category in sorted({c for _, c in rows if c is not None}):
            category_rows(lexicon, category)
    for word, _ in rows:  # a game that cannot be played is refused before the run
        check_nameable(word, rules)
        if rules.variant == "advanced" and len(word) > rules.width:
            raise GameStateError(
                f"the secret {word!r} has {plural(len(word), 'letter')}, more than the advanced "
                f"width {rules.width}"
            )
    games: list[Game] = [(i, word, cat if hint else None) for i, (word, cat) in enumerate(rows)]
    ordered = sorted(games, key=lambda g: (g[2] or "", len(g[1]), g[1]))
    parts = CLUSTER_CHUNKS if cluster is not None else max(1, jobs) * 8 if jobs > 1 else 16
    chunks = chunked(ordered, parts=parts)
    # in this process, progress is told game by game
    in_process = cluster is None and (jobs <= 1 or len(chunks) <= 1)
    hints = sorted({g[2] for g in games}, key=lambda h: h or "")
    done = run_chunks(
        play_chunk,
        chunks,
        jobs=jobs,
        cluster=cluster,
        setup=setup_worker,
        setup_args=(
            lexicon,
            strategy,
            played_with,
            prior,
            rules,
            seed,
            run_books(guesser, lexicon, pool, prior, rules, hints),
            progress if in_process else None,
        ),
        progress=None if in_process else progress,
    )
    _WORK.clear()
    records = [record for _, record in sorted(done, key=lambda ir: ir[0])]
    options: dict[str, Any] = {
        "lives": rules.lives,
        "variant": rules.variant,
        "finish": rules.finish,
        "prior": prior,
        "hint": hint,
        "sample": sample,
        # null when nothing random was drawn (as in Wordle's): a 0 read as a seed used
        "seed": seed if sample is not None or rules.variant == "advanced" else None,
    }
    if rules.variant == "advanced":
        options["width"] = rules.width
    summary = summarize(
        records,
        game="hangman",
        strategy=strategy,
        table=table_name,
        seconds=time.perf_counter() - started,
        options=options,
    )
    return Played(summary, records)
