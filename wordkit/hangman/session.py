"""The public face of Hangman: a `Session` opened from typed options, one method per mode.

Every check, default and option conflict of the game lives here, so the command line only
parses, calls one method and renders, and Python users get the same behaviour:

    >>> from wordkit.hangman import Session
    >>> Session(words="categories", strategy="coverage").next_move("a__le", guessed="aeli").move
    'p'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordkit.errors import GameStateError, RangeError, WordkitError
from wordkit.game import (
    Decision,
    Log,
    Refused,
    Seed,
    game_dict,
    listed,
    move_dict,
    plural,
    step_dict,
)

if TYPE_CHECKING:
    from wordkit.hangman.board import Board, Guesser
    from wordkit.hangman.lexicon import Lexicon, Pool
    from wordkit.hangman.play import Host, StatsRun
    from wordkit.hangman.rules import Rules, State
    from wordkit.runner import GameRecord, Progress, Summary

MAX_LENGTH = 63
"""Longest word a human host's mask may stand for (the rules' limit)."""


def single(values: str | Sequence[str] | None, option: str) -> str | None:
    """The one value of an option that may not be repeated (a repeat is refused, not dropped)."""
    if values is None or isinstance(values, str):
        return values
    if len(set(values)) > 1:
        raise GameStateError(f"{option} was given {len(values)} times; give it once")
    return values[0] if values else None


def joined(values: str | Sequence[str] | None) -> str | None:
    """Several values of an option that adds up (--prior, --guessed), as one comma-joined text."""
    if values is None or isinstance(values, str):
        return values
    return ",".join(values) if values else None


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The AI's next move in a position: the decision, the candidates and the likeliest ones."""

    decision: Decision
    candidates: int
    top: list[tuple[str, float]]

    @property
    def move(self) -> str:
        """The letter or word to play."""
        return self.decision.move

    def as_dict(self) -> dict[str, Any]:
        """The move as `solve hangman --json` prints it."""
        return move_dict(
            game="hangman",
            move=self.move,
            candidates=self.candidates,
            top=[{"word": w, "probability": round(p, 4)} for w, p in self.top],
            kind="letter" if len(self.move) == 1 else "word",
            confidence=round(self.decision.confidence, 4),
            label=self.decision.label,
        )

    def lines(self) -> list[str]:
        """The move as `solve hangman` says it: the move, its confidence, the candidates."""
        kind = "letter" if len(self.move) == 1 else "word"
        confidence = f"confidence {self.decision.confidence:.0%}, {self.decision.label}"
        lines = [] if self.candidates else [NO_WORD_FITS]
        lines += [f"next {kind}: {self.move.upper()}  ({confidence})"]
        lines += [f"candidates: {self.candidates:,}"]
        return lines + (["  " + ", ".join(f"{w} {p:.0%}" for w, p in self.top)] if self.top else [])


@dataclass(frozen=True, slots=True)
class Walkthrough:
    """How the AI solved one secret: every exchange and the record."""

    secret: str
    in_table: bool
    strategy: str
    turns: Log
    record: GameRecord

    def steps(self) -> list[dict[str, Any]]:
        """Each turn as the output contract's step: the guess, the mask after it, the
        candidates before it, and the AI's confidence and label."""
        from wordkit.hangman.play import hit

        return [
            step_dict(
                n,
                t.decision.move,
                t.after.state.mask,
                len(t.before.ids),
                confidence=round(t.decision.confidence, 4),
                label=t.decision.label,
                correct=hit(t.before, t.after),
            )
            for n, t in enumerate(self.turns, start=1)
        ]

    def as_dict(self) -> dict[str, Any]:
        """The game as one line of `query hangman --json`."""
        return game_dict(
            game="hangman",
            secret=self.secret,
            won=self.record.won,
            guesses=self.record.guesses,
            strategy=self.strategy,
            steps=self.steps(),
            wrong=self.record.wrong,
            in_table=self.in_table,
        )

    def rows(self) -> list[tuple[Any, ...]]:
        """The turns as `query hangman` shows them (WALKTHROUGH_COLUMNS; masks spaced)."""
        return [
            (s["turn"], " ".join(t.before.state.mask), f"{s['candidates']:,}", s["label"],
             s["guess"].upper(), "yes" if s["correct"] else "no")
            for s, t in zip(self.steps(), self.turns, strict=True)
        ]  # fmt: skip

    def verdict(self) -> str:
        """The game's last line: won or lost, with how many wrong guesses and moves."""
        wrong = plural(self.record.wrong or 0, "wrong guess", "wrong guesses")
        won = "won" if self.record.won else "lost"
        return f"{won} with {wrong} in {plural(self.record.guesses, 'move')} ({self.strategy})"


@dataclass(frozen=True, slots=True)
class Versus:
    """One game per word length against an adversarial host."""

    host: str
    difficulty: str
    depth: int
    strategy: str
    by_length: dict[int, GameRecord]

    def rows(self) -> list[dict[str, Any]]:
        """One row per length: the wrong guesses and moves needed, and the word."""
        return [
            {"length": n, "wrong": r.wrong, "guesses": r.guesses, "won": r.won, "word": r.secret}
            for n, r in self.by_length.items()
        ]

    def as_dict(self) -> dict[str, Any]:
        """The run as `stats hangman --host ... --json` prints it."""
        head = {"host": self.host, "difficulty": self.difficulty, "strategy": self.strategy}
        return head | {"by_length": self.rows()}

    def title(self) -> str:
        """What the table of the run is."""
        level = f"({self.difficulty})" if self.host == "evil" else f"(depth {self.depth})"
        return f"{self.strategy} against the {self.host} {level} host: wrong guesses needed to win"


NO_WORD_FITS = "No word of the table fits; guessing with the letter model."
WALKTHROUGH_COLUMNS = ("turn", "mask", "candidates", "strategy", "guess", "correct?")
LISTED = 100
"""Words `L` shows."""


STATS_USES: dict[str, frozenset[str]] = {
    "history": frozenset({"words", "format", "json", "records", "from_history"}),
    "versus": frozenset(
        {"words", "format", "json", "records", "host", "strategy", "category", "seed", "learn"}
    ),
    "games": frozenset(
        {"words", "format", "json", "records", "strategy", "lives", "variant", "finish"}
        | {"category", "prior", "seed", "learn", "hint", "sample", "secrets", "jobs", "cluster"}
    ),
}
"""The options each `stats hangman` mode uses (parameter names): a host plays one game a
length with unlimited lives and a uniform prior; a report of the history plays nothing. Any
other option given is refused, never silently ignored."""

STATS_OPTIONS = (
    "host", "sample", "secrets", "hint", "strategy", "lives", "variant", "finish", "jobs",
    "cluster", "seed", "prior", "category", "learn", "difficulty", "depth", "history_db",
)  # fmt: skip
"""The mode-dependent options, in the order a clash among them is reported."""

STATS_IGNORES = {
    "history": "--from-history reports the games recorded: drop {flag}",
    "versus": "--host plays one game a length: drop {flag}",
    "games": "{flag} goes with another mode (--host, --from-history or --learn): drop it",
}
"""What a mode says of an option it would ignore."""


class Session:
    """A Hangman session: the dictionary, the AI and the rules, checked once; one method per
    mode (next move, walkthrough, stats, versus a host, a hosted game, the AI against a
    human host, the history's games)."""

    def __init__(
        self,
        *,
        words: str = "english",
        strategy: str = "best",
        lives: int | str | None = 6,
        variant: str = "classic",
        finish: str = "reveal",
        prior: str | Sequence[str] | None = None,
        category: str | Sequence[str] | None = None,
        seed: int | None = None,
        learn: bool = False,
        history: Path | None = None,
    ) -> None:
        """Check every option; `learn`: the words the AI learned in past games on this table
        (from the game history at `history`, default place when None) join the dictionary."""
        from wordkit.hangman.guessers import make_guesser
        from wordkit.hangman.lexicon import parse_prior
        from wordkit.hangman.rules import lives_of, make_rules

        self.words = words
        self.strategy = strategy
        self.rules: Rules = make_rules(lives=lives_of(lives), variant=variant, finish=finish)
        self.prior = joined(prior)
        if self.prior is not None:
            parse_prior(self.prior)
        self.category = single(category, "--category")
        self.history = history
        self.learned: Mapping[str, str | None] = {}
        if learn:
            from wordkit.history import learned_words, table_key

            self.learned = learned_words(table_key(words), path=history)
        self.seed = Seed(seed)
        self.guesser: Guesser = make_guesser(strategy)

    # --- what the modes share ---------------------------------------------------------------

    @property
    def drawn_seed(self) -> int | None:
        """A seed this session drew because none was given (the CLI shows it)."""
        return self.seed.drawn

    @cached_property
    def table(self) -> Any:
        """The dictionary as a word table, with the learned words added."""
        from wordkit import tables
        from wordkit.hangman.lexicon import with_words

        return with_words(tables.load_table(self.words), self.learned)

    @cached_property
    def lexicon(self) -> Lexicon:
        """The dictionary encoded for the guessers (from the table's compact copy: no pandas)."""
        from wordkit import tables
        from wordkit.hangman.lexicon import columns_with_words, lexicon_from_columns

        columns = columns_with_words(tables.load_columns(self.words), self.learned)
        return lexicon_from_columns(columns)

    def pool(self, prior: str | None = None) -> Pool:
        """The words the AI searches, with `prior` (default: the session's, else `weight`)."""
        from wordkit.hangman.lexicon import pool_for

        chosen = prior or self.prior or "weight"
        return pool_for(self.lexicon, prior=chosen, hint=self.category)

    # --- one position, one word ---------------------------------------------------------------

    def next_move(
        self, mask: str, *, guessed: str | Sequence[str] = "", refuted: str | Sequence[str] = ""
    ) -> Suggestion:
        """The AI's move for a state as a player sees it: the mask (`_` hidden), the letters
        guessed, the whole words refuted (comma-separated)."""
        from wordkit.game import fold_word
        from wordkit.hangman.board import board_for, top_candidates
        from wordkit.hangman.rules import observed_state

        letters = [ch for ch in fold_word("".join(guessed)) if ch not in ", "]
        if self.rules.variant == "classic":  # a letter guessed twice is one guess
            letters = list(dict.fromkeys(letters))
        words = ",".join([refuted] if isinstance(refuted, str) else refuted)
        state = observed_state(
            mask,
            letters=letters,
            words=[w for w in words.split(",") if w.strip()],
            rules=self.rules,
        )
        if state.status != "playing":
            raise GameStateError(f"the game is already over ({state.status})")
        board = board_for(self.pool(), state)
        return Suggestion(self.guesser(board), len(board.ids), top_candidates(board))

    def walkthrough(self, word: str) -> Walkthrough:
        """How the AI solves `word` (in the table or not) against an honest host."""
        from wordkit.hangman.hosts import HonestHangman
        from wordkit.hangman.play import opening, play
        from wordkit.hangman.rules import check_word
        from wordkit.tables import folded

        secret = folded(word)
        check_word(secret)
        pool = self.pool()
        # only the advanced host's reveals are random
        host = HonestHangman(pool, seed=self.seed(needed=self.advanced), secret=secret)
        turns = Log()
        record = play(self.guesser, host, opening(host, self.rules, pool), watch=turns)
        in_table = secret in pool.lexicon.index
        return Walkthrough(secret, in_table, self.strategy, turns, record)

    def query(self, words: Iterable[str]) -> Iterator[Walkthrough | Refused]:
        """Each word's walkthrough, in order; a word that cannot be played is `Refused`."""
        for word in words:
            try:
                yield self.walkthrough(word)
            except (GameStateError, RangeError) as exc:
                yield Refused((word,), exc)

    @property
    def advanced(self) -> bool:
        """Whether the rules are the advanced variant (its host reveals at random)."""
        return self.rules.variant == "advanced"

    # --- many games -----------------------------------------------------------------------

    def stats(
        self,
        *,
        sample: int | None = None,
        hint: bool = False,
        secrets: str | None = None,
        jobs: int = 1,
        cluster: str | None = None,
        progress: Progress | None = None,
    ) -> StatsRun:
        """Play every row of the table (or of `secrets`, against it), or `sample` secrets drawn
        by the prior, in `jobs` processes or on a Dask cluster.

        Every row played once is a uniform draw of the rows, so the AI expects exactly that
        unless a prior is given; a sample is drawn by the weights, so there they are the
        prior."""
        from wordkit import tables
        from wordkit.hangman.play import check_run, hangman_stats

        check_run(sample=sample, jobs=jobs)
        prior = self.prior or ("weight" if sample is not None else "uniform")
        secret_table = tables.load_table(secrets) if secrets is not None else None
        name = self.words if secrets is None else f"{secrets} against {self.words}"
        random = sample is not None or self.advanced
        return hangman_stats(
            self.table, table_name=name, strategy=self.strategy, rules=self.rules, prior=prior,
            hint=hint, sample=sample, seed=self.seed(needed=random), jobs=jobs, cluster=cluster,
            secrets=secret_table, lexicon=self.lexicon, progress=progress,
        )  # fmt: skip

    def games_to_play(self, *, sample: int | None = None, secrets: str | None = None) -> int:
        """How many games `stats` will play (for a progress bar)."""
        from wordkit import tables

        if sample is not None:
            return sample
        if secrets is None:
            return len(self.lexicon.enc.words)
        return len(tables.load_columns(secrets).words)

    def versus(self, host: str, *, difficulty: str = "hard", depth: int = 3) -> Versus:
        """One game per word length against an adversarial host (unlimited lives: the figure
        is the wrong guesses needed to win)."""
        from wordkit.hangman.play import versus_by_length

        by_length = versus_by_length(
            self.pool("uniform"), host=host, guesser=self.strategy, difficulty=difficulty,
            depth=depth, seed=self.seed(),
        )  # fmt: skip
        return Versus(host, difficulty, depth, self.strategy, by_length)

    # --- games with a human ------------------------------------------------------------------

    def host(
        self,
        mode: str = "honest",
        *,
        length: int | None = None,
        difficulty: str = "hard",
        depth: int = 3,
    ) -> Host:
        """The computer host of a game a human plays (`mode`: honest, evil or lookahead)."""
        from wordkit.hangman.hosts import ANSWER_BUDGET, check_host, hangman_host

        check_host(mode, difficulty=difficulty, depth=depth, length=length)
        return hangman_host(
            mode, self.pool("uniform"), length=length, difficulty=difficulty, depth=depth,
            seed=self.seed(), budget=ANSWER_BUDGET,
        )  # fmt: skip

    def play(self, guesser: Any, host: Any, *, watch: Any = None) -> GameRecord:
        """One game of `guesser` (the AI, or a human) against `host` (a computer host, or a
        human) under the session's rules, the boards searching the session's pool; `Quit`
        from either side is raised on."""
        from wordkit.hangman.play import opening, play

        pool = self.pool()
        return play(guesser, host, opening(host, self.rules, pool), watch=watch)

    def labels(self, summary: Summary) -> dict[str, Any]:
        """What this game's stats table adds to the shared one (`summary_labels`)."""
        return summary_labels(summary)

    def listing(self, position: Board | State) -> list[str]:
        """What `L` shows: the words still possible, likeliest first."""
        from wordkit.hangman.board import Board, board_for, top_candidates

        board = position if isinstance(position, Board) else board_for(self.pool(), position)
        words = [w for w, _ in top_candidates(board, LISTED)]
        return listed(words, len(board.ids), "word")

    def banner(self, mode: str, length: int) -> str:
        """A hosted game's first line: the variant and the keys."""
        lives = "unlimited" if self.rules.lives is None else self.rules.lives
        return (
            f"Hangman, {length} letters, {mode} host, {lives} lives. Type a letter or a word; "
            "L lists, ? hints, G gives up, Q quits."
        )

    def advisor(self) -> Guesser:
        """Who answers `?`, and whose move the trainer compares yours with."""
        from wordkit.hangman.trainer import advisor

        return advisor()

    def keep(self, record: GameRecord, *, source: str, strategy: str, path: Path | None) -> bool:
        """Record a game of at least one move in the history at `path` (None: not recorded);
        True when its secret was new to the AI's table, so it is learned for later games."""
        if path is None or not record.moves:
            return False
        from wordkit.history import WORD, record_game, table_key

        # a secret the human kept to themselves is recorded as the mask: nothing to learn
        known = record.secret in self.lexicon.index or not WORD.fullmatch(record.secret)
        record_game(
            replace(record, category=self.category), table=table_key(self.words),
            strategy=strategy, source=source, known=known, path=path,
        )  # fmt: skip
        return not known

    def check_stats(self, given: set[str], *, from_history: bool, host: str | None) -> None:
        """Refuse the options a stats mode would ignore (`given`: the options given, by their
        parameter names; see STATS_USES)."""
        mode = "history" if from_history else "versus" if host is not None else "games"
        uses = set(STATS_USES[mode])
        if mode == "versus":  # each adversary has its own knob
            uses.add("difficulty" if host == "evil" else "depth")
        if "learn" in given or from_history:
            uses.add("history_db")  # --learn reads the history too
        ignored = [name for name in STATS_OPTIONS if name in given - uses]
        if ignored:
            flag = "--" + ignored[0].replace("_", "-")
            raise GameStateError(STATS_IGNORES[mode].format(flag=flag))

    def from_history(self, *, every_table: bool = False) -> tuple[Summary, list[GameRecord]]:
        """The Hangman games recorded in the session's history (of this table, or of every
        table) as a stats summary, and their records."""
        return history_summary(None if every_table else self.words, self.history)

    def typed_move(self, board: Board, line: str) -> Decision:
        """The move a human guesser typed, checked: a letter or a listed word of the right
        length, not guessed before (a typed error otherwise)."""
        from wordkit.hangman.rules import check_listed_word, check_move
        from wordkit.tables import folded

        move = folded(line)
        check_move(board.state, move)
        if len(move) > 1:
            check_listed_word(board.state, move, board.pool.lexicon.index)
        return Decision(move, 1.0, "you")

    def reported(self, state: State, guess: str, line: str) -> State:
        """The state after the AI's `guess`, as a human host reports it: the mask as it now
        stands (an empty line, n, no or -: a miss), or y/n after a whole-word guess."""
        from wordkit.hangman.rules import reported_letter, reported_word

        answer = line.strip().lower()
        if len(guess) > 1:
            if answer not in ("y", "yes", "n", "no"):
                raise GameStateError("Type y if that is your word, n if not (U undoes, Q quits).")
            return reported_word(state, guess, right=answer.startswith("y"))
        if answer in MISS and not (answer == guess and len(state.mask) == 1):
            line = state.mask
        try:
            return reported_letter(state, guess, line)
        except WordkitError as exc:
            first = state.mask.find("_")
            example = state.mask[:first] + guess + state.mask[first + 1 :] if first >= 0 else ""
            raise GameStateError(
                f"{exc}. Type the mask as it stands now, e.g. {example} (empty: not in the word)"
            ) from None

    def opening(self, line: str, rules: Any) -> State:
        """The opening state a human host types: the word's length, or its mask of `_`."""
        from wordkit.hangman.rules import HIDDEN, observed_state

        line = "".join(line.split())
        if line.isascii() and line.isdigit() and 1 <= int(line) <= MAX_LENGTH:
            line = HIDDEN * int(line)
        if line and len(line) <= MAX_LENGTH and set(line) <= {HIDDEN}:
            return observed_state(line, rules=rules)
        raise GameStateError(
            f"Type a number of letters (1-{MAX_LENGTH}) or underscores, e.g. 5 or _____."
        )

    def told_word(self, state: State, line: str) -> str:
        """The word a human host tells after the AI lost, checked against every answer they
        gave (a typed error when it is not a word, or does not fit)."""
        import numpy as np

        from wordkit.hangman.rules import candidate_ids, check_word, encode_words
        from wordkit.tables import folded

        word = folded(line)
        check_word(word)
        if not len(candidate_ids(encode_words([word]), np.zeros(1, dtype=np.int64), state)):
            spaced = " ".join(state.mask)
            raise GameStateError(f"{word.upper()} does not fit your answers ({spaced})")
        return word


MISS = ("", "n", "no", "-")
"""What a human host may type after a letter that is not in the word."""


def summary_labels(summary: Summary) -> dict[str, Any]:
    """What a Hangman stats table adds to the shared one: the mean wrong guesses, a histogram
    of the wrong guesses per game, and the figures per length when there are several."""
    lengths = [
        (n, f"{r['games']:,}", f"{r['win_rate']:.2%}", f"{r['mean_wrong']:.2f}")
        for n, r in summary.by_length.items()
    ]
    columns = ("length", "games", "win rate", "mean wrong")
    return {
        "per_game": "wrong guesses",
        "extra": [("mean wrong guesses", f"{summary.extra['mean_wrong']:.3f}")],
        "counts": summary.extra["wrong_histogram"],
        "tables": [(columns, lengths)] if len(lengths) > 1 else [],
    }


def history_summary(words: str | None, path: Path | None) -> tuple[Summary, list[GameRecord]]:
    """The Hangman games recorded in the history at `path` (of table `words`, or every table)
    as a stats summary, and their records."""
    import time
    from collections import Counter

    from wordkit.history import default_history_path, recorded_games, table_key
    from wordkit.runner import summarize

    started = time.perf_counter()
    where = default_history_path() if path is None else path
    games = recorded_games(table=None if words is None else table_key(words), path=where)
    if not games:
        of = "" if words is None else f" of {words}"
        raise GameStateError(f"no Hangman game{of} is recorded in the game history {where}")
    played = [game.record for game in games]
    who = {g.strategy if g.source == "solve" else f"you vs the {g.strategy} host" for g in games}
    summary = summarize(
        played, game="hangman", strategy=", ".join(sorted(who)), table=words or "every table",
        seconds=time.perf_counter() - started,
        options={"history": str(where), "sources": dict(Counter(g.source for g in games))},
    )  # fmt: skip
    return summary, played
