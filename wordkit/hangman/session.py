"""The public face of Hangman: a `Session` opened from typed options, one method per mode.

Every check, default and option conflict of the game lives here, so the command line only
parses, calls one method and renders, and Python users get the same behaviour:

    >>> from wordkit.hangman import Session
    >>> Session(words="categories").next_move("a__le", guessed="aeli").move
    'p'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordkit import game
from wordkit.errors import GameStateError, OptionConflictError, RangeError, WordkitError
from wordkit.game import (
    Decision,
    Log,
    Refused,
    Seed,
    game_dict,
    move_dict,
    plural,
    refuse_unused,
    step_dict,
    typed_line,
)

if TYPE_CHECKING:
    import os

    from wordkit.hangman.board import Board, Guesser
    from wordkit.hangman.hostmodel import HostModel
    from wordkit.hangman.lexicon import Lexicon, Pool
    from wordkit.hangman.play import Played
    from wordkit.hangman.rules import Rules, State
    from wordkit.runner import GameRecord, Progress


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
    """The AI's next move in a position: the decision (None: the word is already solved), the
    candidates and the likeliest ones."""

    decision: Decision | None
    candidates: int
    top: list[dict[str, Any]]
    """The likeliest candidates, each `{"word", "probability"}` (as Wordle's `Move.top`)."""
    solved: str | None = None
    """The word, when the position is already won (as `solve wordle` tells a solved game)."""
    strategy: str | None = None
    """The strategy that chose the move (as `solve wordle --json` names its own)."""

    @property
    def move(self) -> str | None:
        """The letter or word to play (None: solved)."""
        return None if self.decision is None else self.decision.move

    def as_dict(self) -> dict[str, Any]:
        """The move as `solve hangman --json` prints it."""
        decision, extra = self.decision, {} if self.solved is None else {"solved": self.solved}
        return move_dict(
            game="hangman",
            move=self.move,
            candidates=self.candidates,
            top=[{"word": t["word"], "probability": round(t["probability"], 6)} for t in self.top],
            kind=None if decision is None else "letter" if len(decision.move) == 1 else "word",
            confidence=None if decision is None else round(decision.confidence, 4),
            label=None if decision is None else decision.label,
            strategy=self.strategy,
            **extra,
        )

    def lines(self) -> list[str]:
        """The move as `solve hangman` says it: the move, its confidence, the candidates."""
        if self.decision is None:
            return [f"Solved: {(self.solved or '').upper()}"]
        move = self.decision.move
        kind = "letter" if len(move) == 1 else "word"
        confidence = f"confidence {percent(self.decision.confidence)}, {self.decision.label}"
        lines = [] if self.candidates else [NO_WORD_FITS]
        lines += [f"next {kind}: {move.upper()}  ({confidence})"]
        lines += [f"candidates: {self.candidates:,}"]
        return lines + (
            ["  " + ", ".join(f"{t['word']} {percent(t['probability'])}" for t in self.top)]
            if self.top
            else []
        )


def percent(share: float) -> str:
    """A chance as a whole percentage, "<1%" for one that rounds to nothing but is still
    possible (on a uniform table of thousands, every candidate would show 0%), ">99%" for
    one that rounds to 100% but may still fail."""
    if 0 < share < 0.005:
        return "<1%"
    return ">99%" if 0.995 <= share < 1 else f"{share:.0%}"  # a sure thing only when it is


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a game (as Wordle's `Step`): the guess, the mask after it, the candidates
    before it, and the AI's confidence, label and whether the move hit."""

    turn: int
    guess: str
    feedback: str
    """The mask after the guess, as the records spell it (advanced: `-` padding)."""
    candidates: int
    confidence: float
    label: str
    correct: bool

    def as_dict(self) -> dict[str, Any]:
        """The step as `query hangman --json` prints it."""
        return step_dict(
            self.turn, self.guess, self.feedback, self.candidates,
            confidence=round(self.confidence, 4), label=self.label, correct=self.correct,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Walkthrough:
    """How the AI solved one secret: every exchange and the record."""

    secret: str
    in_table: bool
    strategy: str
    turns: Log
    record: GameRecord
    category: str | None = None
    """The category hint the AI searched under (None: the whole table)."""

    @property
    def steps(self) -> tuple[Step, ...]:
        """Each turn as a step of the output contract (a tuple, as Wordle's `Game.steps`)."""
        from wordkit.hangman.play import hit
        from wordkit.hangman.rules import feedback

        return tuple(
            Step(
                n,
                t.decision.move,
                feedback(t.after.state),
                len(t.before.ids),
                confidence=t.decision.confidence,
                label=t.decision.label,
                correct=hit(t.before, t.after),
            )
            for n, t in enumerate(self.turns, start=1)
        )

    def as_dict(self) -> dict[str, Any]:
        """The game as one line of `query hangman --json`."""
        return game_dict(
            game="hangman",
            secret=self.secret,
            won=self.record.won,
            guesses=self.record.guesses,
            strategy=self.strategy,
            steps=[step.as_dict() for step in self.steps],
            wrong=self.record.wrong,
            in_table=self.in_table,
        )

    def rows(self) -> list[tuple[Any, ...]]:
        """The turns as `query hangman` shows them (WALKTHROUGH_COLUMNS; masks spaced)."""
        return [
            (s.turn, " ".join(t.before.state.mask), f"{s.candidates:,}", s.label,
             s.guess.upper(), "yes" if s.correct else "no")
            for s, t in zip(self.steps, self.turns, strict=True)
        ]  # fmt: skip

    def verdict(self, *, named: bool = False) -> str:
        """The game's last line: won or lost, with how many wrong guesses and moves (`named`:
        the word first, when several games are shown)."""
        wrong = plural(self.record.wrong or 0, "wrong guess", "wrong guesses")
        won = "won" if self.record.won else "lost"
        name = f"{self.secret.upper()}: " if named else ""
        moves = plural(self.record.guesses, "move")
        return f"{name}{won} with {wrong} in {moves} ({self.strategy})"


@dataclass(frozen=True, slots=True)
class Versus:
    """One game per word length against an adversarial host."""

    host: str
    difficulty: str
    depth: int
    strategy: str
    by_length: dict[int, GameRecord]
    seed: int | None = None
    """None: nothing in these games is random (classic rules, a host that picks its family by
    rule, one game a length), so no seed is drawn, shown or taken."""

    def lengths(self) -> list[dict[str, Any]]:
        """One entry per length: the wrong guesses and moves needed, and the word."""
        return [
            {"length": n, "wrong": r.wrong, "guesses": r.guesses, "won": r.won, "word": r.secret}
            for n, r in self.by_length.items()
        ]

    def head(self) -> dict[str, Any]:
        """The host, its level and the strategy."""
        level = {"difficulty": self.difficulty} if self.host == "evil" else {"depth": self.depth}
        return {"host": self.host, **level, "strategy": self.strategy, "seed": self.seed}

    def rows(self) -> list[dict[str, Any]]:
        """The CSV rows: one a length, each naming the host, its level and the strategy."""
        return [self.head() | entry for entry in self.lengths()]

    def as_dict(self) -> dict[str, Any]:
        """The run as `stats hangman --host ... --json` prints it."""
        # `games`, not `by_length`: a stats run's `by_length` is an object of figures per length
        return {"game": "hangman"} | self.head() | {"games": self.lengths()}

    def table(self) -> tuple[str, tuple[str, ...], list[list[Any]]]:
        """The run as `stats hangman --host` shows it: a title, the columns, one row a length."""
        level = f"({self.difficulty})" if self.host == "evil" else f"(depth {self.depth})"
        title = f"{self.strategy} against the {self.host} {level} host: wrong guesses needed to win"
        columns = ("length", "wrong", "guesses", "word")
        return title, columns, [[r[c] for c in columns] for r in self.lengths()]


@dataclass
class Hosted(game.Hosted):
    """A Hangman game the computer hosts for a human (made by `Session.hosted`); `strategy`
    is the host as the game history names it (e.g. `evil-hard`)."""

    strategy: str

    def loop(self) -> Any:
        """The Hangman loop."""
        from wordkit.hangman.play import play

        return play

    def keep(self, record: GameRecord, path: Path | None) -> Any:
        """Record a game of at least one move in the history at `path` (None: not recorded),
        with the seed its host drew it with, and the player's statistics against this host on
        this table and rules (None: nothing recorded), as Wordle's host gives them."""
        if path is None or not record.moves:
            return None
        from wordkit.history import player_stats, recorded_games, table_key

        seed = getattr(self.host, "seed", None)
        session = self.session
        session.keep(record, source="host", strategy=self.strategy, path=path, seed=seed)
        games = recorded_games(table=table_key(session.words), variant=self.variant, path=path)
        mine = [g.record for g in games if g.source == "host" and g.strategy == self.strategy]
        lives = session.rules.lives
        return player_stats(mine, limit=None if lives is None else lives - 1, wrong=True)

    @property
    def variant(self) -> str:
        """The rules' name in the game history."""
        return str(self.session.variant)


def shown_letters(mask: str) -> str:
    """A typed mask folded as its letters are (`é_é` shows e twice); as typed when it does not
    fold, which the state's own check then refuses."""
    from wordkit.hangman.rules import folded_positions

    try:
        return folded_positions(mask, "mask")
    except WordkitError:
        return mask.lower()


def repeats_kept(letters: Sequence[str], mask: str) -> list[str]:
    """The guesses of an advanced game's letters that it could have taken: each letter as
    often as the mask shows it, and once more (the miss that ends it); a game refuses the
    repeats after that, so they cost nothing."""
    kept: list[str] = []
    for letter in letters:
        if kept.count(letter) <= mask.count(letter):
            kept.append(letter)
    return kept


NO_WORD_FITS = "No word of the table fits."
WALKTHROUGH_COLUMNS = ("turn", "mask", "candidates", "strategy", "guess", "correct?")
LISTED = 100
"""Words `L` shows."""


PLAY_OPTIONS = frozenset({"words", "strategy", "lives", "variant", "finish", "category", "prior"})
"""The options choosing the dictionary, the AI and the rules."""

SOLVE_USES = {
    "position": PLAY_OPTIONS | {"mask", "guessed", "refuted", "json"},
    "game": PLAY_OPTIONS | {"history_db", "record", "learn", "interactive"},
}
"""The options each `solve hangman` mode uses (parameter names); any other given is refused."""

SOLVE_IGNORES = {
    "position": "{flag} does not apply to one position (--mask): drop it",
    "game": "{flag} does not apply to a game played with you (no --mask): drop it",
}

HOST_USES = PLAY_OPTIONS - {"strategy"} | {"mode", "seed", "trainer", "length", "history_db"}
"""The options `host hangman` uses (hints come from the trainer's advisor, not --strategy)."""

STATS_USES: dict[str, frozenset[str]] = {
    "history": frozenset({"words", "format", "json", "records", "from_history"}),
    "versus": frozenset(
        {"words", "format", "json", "records", "host", "strategy", "category", "learn"}
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
    "versus": (
        "--host plays one game a length until won, counting its wrong guesses (no lives, no "
        "prior, one process): drop {flag}"
    ),
    "games": "{flag} goes with --learn or --from-history, which read the history: drop it",
}
"""What a mode says of an option it would ignore."""


def adversary_knobs(host: str, difficulty: str | None, depth: int | None) -> tuple[str, int]:
    """The evil host's difficulty and the lookahead host's depth (None: not given, the
    default); either given to a host that does not use it is refused, never ignored."""
    from wordkit.hangman.hosts import difficulty_of

    if difficulty is not None:
        difficulty_of(difficulty)  # an unknown level is told first, whatever the host
    knobs = (("--difficulty", difficulty, "evil"), ("--depth", depth, "lookahead"))
    for flag, value, owner in knobs:
        if value is not None and host != owner:
            raise GameStateError(f"{flag} is for the {owner} host, not the {host} one: drop it")
    return difficulty or "hard", 3 if depth is None else depth


SHARE_STRATEGIES = frozenset({"best", "lookahead"})
"""The strategies that weigh the chance that the secret lies outside the table."""


def learned_host(words: str, history: Path | None) -> tuple[dict[str, str | None], HostModel]:
    """What `--learn` reads from the history of the table `words`: the secrets the AI did not
    know (they join the table) and the host model of its games."""
    from wordkit import tables
    from wordkit.hangman.guessers.best import DICTIONARY_SHARE
    from wordkit.hangman.hostmodel import host_model
    from wordkit.hangman.lexicon import columns_with_words
    from wordkit.history import (
        HistoryError,
        default_history_path,
        learned_words,
        recorded_games,
        table_key,
    )

    if history is None:
        try:
            history = default_history_path()
        except HistoryError:  # no home, so no history of past games: nothing to learn from
            return {}, host_model([], tables.load_columns(words), DICTIONARY_SHARE)
    games = recorded_games(table=table_key(words), path=history)
    learned = learned_words(table_key(words), games=games)
    # The learned words are rows of the table the AI plays: with categories, their own
    # (`learned`, or the hint they were played under) takes its share, not what the table's
    # categories leave (nothing once a secret was seen: such a word weighed 1e-9 of a word)
    columns = columns_with_words(tables.load_columns(words), learned)
    return learned, host_model(games, columns, DICTIONARY_SHARE)


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
        from wordkit import tables
        from wordkit.game import check_kinds
        from wordkit.hangman.guessers import make_guesser
        from wordkit.hangman.lexicon import parse_prior
        from wordkit.hangman.rules import lives_of, make_rules

        given = check_kinds(
            locals(),
            {"words": "path", "strategy": "text", "lives": "lives?", "variant": "text",
             "finish": "text", "prior": "texts?", "category": "texts?", "seed": "int?",
             "learn": "bool", "history": "path?"},
        )  # fmt: skip
        words, lives, seed, learn = given["words"], given["lives"], given["seed"], given["learn"]
        history = None if history is None else Path(given["history"])
        tables.resolve(words)  # an unknown table or a missing file, named at once
        self.words = words
        self.strategy = strategy
        self.rules: Rules = make_rules(lives=lives_of(lives), variant=variant, finish=finish)
        self.prior = joined(prior)
        if self.prior is not None:
            parse_prior(self.prior)
        self.given_prior = self.prior
        self.category = single(category, "--category")
        if self.category is not None and self.prior is not None and parse_prior(self.prior):
            # the hint keeps one category's words: shares between categories would do nothing
            raise OptionConflictError(
                f"--prior {self.prior} splits the words between categories, and --category "
                f"{self.category} keeps one: drop one"
            )
        self.history = history
        self.learned: Mapping[str, str | None] = {}
        self.host_length: int | None = None
        """The length a human hosting an advanced game typed (the AI plays without it)."""
        self.host: HostModel | None = None
        options: dict[str, float] = {}
        if learn:
            self.learned, self.host = learned_host(words, history)
            if self.prior is None and self.host.games:
                self.prior = self.host.prior
            if strategy in SHARE_STRATEGIES:
                options["dictionary_share"] = self.host.share
        self.seed = Seed(seed)
        self.options = options
        self.guesser: Guesser = make_guesser(strategy, **options)
        self.pools: dict[tuple[str, str | None], Pool] = {}
        """The pools made, by prior and hint: one per walkthrough made each its own letter
        model (keyed by pool), 60 MB a word of `query`."""

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
        from wordkit.hangman.lexicon import (
            category_named,
            columns_with_words,
            lexicon_from_columns,
        )
        from wordkit.hangman.rules import InvalidMoveError, check_word

        read = tables.load_columns(self.words)
        try:
            lexicon = lexicon_from_columns(columns_with_words(read, self.learned))
        except InvalidMoveError:  # a word no game can hold: named with its table and line
            for row, word in enumerate(read.words):
                try:
                    check_word(word)
                except InvalidMoveError as exc:
                    where = f"row {row + 1}" if read.lines is None else f"line {read.lines[row]}"
                    raise type(exc)(f"{self.words}: {where}: {exc}") from None
            raise
        if self.category is not None:  # as the table spells it: `Animals` is `animals`
            self.category = category_named(lexicon, self.category)
        return lexicon

    def pool(self, prior: str | None = None) -> Pool:
        """The words the AI searches, with `prior` (default: the session's, else `weight`)."""
        from wordkit.hangman.lexicon import pool_for

        lexicon = self.lexicon  # first: it sets the category as the table spells it
        key = (prior or self.prior or "weight", self.category)
        if key not in self.pools:
            self.pools[key] = pool = pool_for(lexicon, prior=key[0], hint=key[1])
            if self.rules.variant == "advanced":  # a host or a human cannot play those words
                from wordkit.hangman.play import warn_too_long

                longer = lexicon.enc.lengths[pool.ids] > self.rules.width
                warn_too_long(int(longer.sum()), self.rules.width)
        return self.pools[key]

    # --- one position, one word ---------------------------------------------------------------

    def solve_mode(self, given: Iterable[str], *, playing: bool) -> str:
        """Which `solve` mode the options ask for: `game` (the AI plays a human host:
        `playing`) or `position` (as Wordle's, which has a `review` too); an option the mode
        does not use is refused (`given`: the options given, by parameter name)."""
        mode = "game" if playing else "position"
        refuse_unused(given, SOLVE_USES[mode], SOLVE_IGNORES[mode])
        return mode

    def next_move(
        self, mask: str, *, guessed: str | Sequence[str] = "", refuted: str | Sequence[str] = ""
    ) -> Suggestion:
        """The AI's move for a state as a player sees it: the mask (`_` hidden), the letters
        guessed, the whole words refuted (comma-separated)."""
        import unicodedata

        from wordkit.game import check_kinds, fold_word
        from wordkit.hangman.board import board_for, top_candidates
        from wordkit.hangman.rules import folded_positions, observed_state

        options = {"mask": mask, "guessed": guessed, "refuted": refuted}
        check_kinds(options, {"mask": "text", "guessed": "texts", "refuted": "texts"})
        typed = folded_positions("".join(guessed), "guessed letters")
        letters = [ch for ch in typed if ch != "," and not ch.isspace()]
        if not all("a" <= ch <= "z" for ch in letters):  # name it as typed ('Ω', not 'ω')
            joined = unicodedata.normalize("NFC", "".join(guessed))  # as folded_positions
            pairs = [(c, folded_positions(c, "guessed letters")) for c in joined]
            odd = [c for c, f in pairs if f.strip() not in ("", ",") and not "a" <= f <= "z"]
            bad = odd[0] if odd else next(ch for ch in letters if not "a" <= ch <= "z")
            raise GameStateError(f"guessed letter {bad!r} is not one letter a-z")
        if self.rules.variant == "classic":  # a letter guessed twice is one guess
            letters = list(dict.fromkeys(letters))
        else:  # one place a guess: the repeats past the places shown and one miss, refused by
            letters = repeats_kept(letters, shown_letters(mask))  # the game: no life here
        words = ",".join([refuted] if isinstance(refuted, str) else refuted)
        state = observed_state(
            mask,
            letters=letters,
            words=list(dict.fromkeys(fold_word(w.strip()) for w in words.split(",") if w.strip())),
            rules=self.rules,
        )
        if state.status == "lost":
            raise GameStateError("the game is already over (lost)")
        board = board_for(self.pool(), state)
        if state.status == "won":  # the word shows whole: no move, as in a solved Wordle
            return Suggestion(
                None, len(board.ids), top_candidates(board), solved=state.mask,
                strategy=self.strategy,
            )  # fmt: skip
        decision = self.guesser(board)
        return Suggestion(decision, len(board.ids), top_candidates(board), strategy=self.strategy)

    def walkthrough(self, word: str) -> Walkthrough:
        """How the AI solves `word` (in the table or not) against an honest host."""
        from wordkit.game import check_kinds
        from wordkit.hangman.hosts import HonestHangman
        from wordkit.hangman.play import opening, play
        from wordkit.hangman.rules import check_word
        from wordkit.tables import folded

        check_kinds({"word": word}, {"word": "text"})
        secret = folded(word)
        check_word(secret)
        pool = self.pool()
        # only the advanced host's reveals are random
        host = HonestHangman(pool, seed=self.seed(needed=self.advanced), secret=secret)
        turns = Log()
        record = play(self.guesser, host, opening(host, self.rules, pool), watch=turns)
        words = pool.lexicon.enc.words
        in_table = secret in words  # one look: no index of the table built
        if in_table and pool.hint is not None:  # the AI searches the category's words alone
            in_table = any(words[i] == secret for i in pool.ids.tolist())
        return Walkthrough(secret, in_table, self.strategy, turns, record, pool.hint)

    def query(self, words: Iterable[str]) -> Iterator[Walkthrough | Refused]:
        """Each word's walkthrough, in order (a string: one word); a word that cannot be
        played is `Refused`."""
        from wordkit.errors import OptionTypeError
        from wordkit.game import items_of

        items = items_of("words", words)
        if not items:  # as Wordle's query says
            raise GameStateError("no word to query: give one or more words, or - to read them")
        for word in items:
            try:
                yield self.walkthrough(word)
            except (GameStateError, RangeError, OptionTypeError) as exc:
                yield Refused((str(word),), exc)

    @property
    def variant(self) -> str:
        """The rules' name in the game history: variant, lives, finish (as Wordle names its
        length, host and guesses there)."""
        rules = self.rules
        lives = "unlimited lives" if rules.lives is None else plural(rules.lives, "life", "lives")
        return f"{rules.variant}, {lives}, finish {rules.finish}"

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
        jobs: int | None = None,
        cluster: str | None = None,
        progress: Progress | None = None,
    ) -> Played:
        """Play every row of the table (or of `secrets`, against it), or `sample` secrets drawn
        by the prior, in `jobs` processes or on a Dask cluster.

        Every row played once is a uniform draw of the rows, so the AI expects exactly that
        unless a prior is given; a sample is drawn by the weights, so there they are the
        prior."""
        from wordkit import tables
        from wordkit.game import check_kinds
        from wordkit.hangman.play import hangman_stats
        from wordkit.runner import check_run

        options: dict[str, Any] = {"sample": sample, "hint": hint, "secrets": secrets}
        options |= {"jobs": jobs, "cluster": cluster, "progress": progress}
        kinds = {"sample": "int?", "hint": "bool", "secrets": "path?", "jobs": "int?"}
        checked = check_kinds(options, kinds | {"cluster": "text?", "progress": "callable?"})
        sample, hint, jobs = checked["sample"], checked["hint"], checked["jobs"]
        jobs = 1 if jobs is None else jobs  # 0 is refused below, never read as the default
        secrets = checked["secrets"]
        check_run(sample=sample, jobs=jobs, cluster=checked["cluster"])
        prior = self.stats_prior(sample)
        secret_table = tables.load_table(secrets) if secrets is not None else None
        name = self.words if secrets is None else f"{secrets} against {self.words}"
        if self.category is not None:  # its words, the AI told their category
            secret_table, hint = self.category_table(secrets), True
            name = f"{self.words}, category {self.category}"
        random = sample is not None or self.advanced
        return hangman_stats(
            self.table, table_name=name, strategy=self.strategy, strategy_options=self.options,
            rules=self.rules, prior=prior,
            hint=hint, sample=sample, seed=self.seed(needed=random), jobs=jobs, cluster=cluster,
            secrets=secret_table, lexicon=self.lexicon, progress=progress,
        )  # fmt: skip

    def category_table(self, secrets: str | None) -> Any:
        """The table's rows of the `--category` (a stats run plays them, with the hint)."""
        from wordkit.hangman.lexicon import category_rows

        if secrets is not None:
            raise OptionConflictError(
                "--category plays the table's words of that category: drop --secrets or --category"
            )
        from wordkit.hangman.lexicon import own_rows

        category_rows(self.lexicon, self.category)  # an unknown one raises, naming the known
        table = self.table.iloc[: own_rows(self.table)]  # never a word learned from play
        return table[table["category"].astype(str) == self.category].reset_index(drop=True)

    def stats_prior(self, sample: int | None) -> str:
        """The prior of a stats run: the one given, else the weights for a sample drawn by
        them, else uniform (every row played once)."""
        return self.prior or ("weight" if sample is not None else "uniform")

    def games_to_play(
        self, *, sample: int | None = None, secrets: str | None = None, hint: bool = False
    ) -> int:
        """How many games `stats` will play (for a progress bar), the build of the default
        AI's book for this table first when it is not cached."""
        from wordkit import tables
        from wordkit.hangman.book import book_games

        build = 0
        if self.category is not None:
            return sample if sample is not None else len(self.category_table(secrets))
        if secrets is None and not hint and hasattr(self.guesser, "prepare"):
            build = book_games(self.pool(self.stats_prior(sample)), self.rules)
        if sample is not None:
            return build + sample
        if secrets is None:  # every row of the table's own is a game (as `hangman_stats` plays)
            from wordkit.hangman.lexicon import own_rows

            own = own_rows(self.table)
            return build + (len(self.lexicon.row_ids) if own is None else own)
        return len(tables.load_columns(secrets).words)

    def versus_games(self) -> int:
        """How many games `versus` plays (one a word length), for a progress bar."""
        from wordkit.hangman.lexicon import table_words
        from wordkit.hangman.play import pool_lengths

        return len(pool_lengths(table_words(self.pool("uniform"))))

    def versus(
        self,
        host: str = "evil",
        *,
        difficulty: str | None = None,
        depth: int | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Versus:
        """One game per word length against an adversarial host (unlimited lives: the figure
        is the wrong guesses needed to win); `progress(1)` hears each game done."""
        from wordkit.game import check_kinds
        from wordkit.hangman.lexicon import table_words
        from wordkit.hangman.play import versus_by_length

        options = {"host": host, "difficulty": difficulty, "depth": depth, "progress": progress}
        kinds = {"host": "text", "difficulty": "text?", "depth": "int?", "progress": "callable?"}
        check_kinds(options, kinds)
        difficulty, depth = adversary_knobs(host, difficulty, depth)

        by_length = versus_by_length(
            table_words(self.pool("uniform")), host=host, guesser=self.strategy,
            difficulty=difficulty, depth=depth, seed=0, progress=progress,
        )  # fmt: skip
        return Versus(host, difficulty, depth, self.strategy, by_length)

    # --- games with a human ------------------------------------------------------------------

    def hosted(
        self,
        mode: str = "honest",
        *,
        length: int | None = None,
        difficulty: str | None = None,
        depth: int | None = None,
        seed: int | None = None,
        given: Iterable[str] = (),
    ) -> Hosted:
        """A game the computer hosts (`mode`: honest, evil or lookahead) for a human to guess,
        drawn with `seed` (default: the session's; another seed, another game); an option
        given (`given`, by parameter name) that this host does not use is refused.
        The honest host draws its secret from the table's own words, under the `prior` given
        (else their weights, as people pick common words more often; an adversary's length:
        every word alike): never a learned word."""
        from wordkit.game import check_kinds
        from wordkit.hangman.hosts import ANSWER_BUDGET, check_host, hangman_host
        from wordkit.hangman.lexicon import table_words
        from wordkit.hangman.play import opening

        options = {"mode": mode, "length": length, "difficulty": difficulty, "depth": depth}
        kinds = {"mode": "text", "length": "int?", "difficulty": "text?", "depth": "int?"}
        length = check_kinds(options | {"given": given}, kinds | {"given": "names"})["length"]
        drawn = self.seed.chosen(seed)
        difficulty, depth = adversary_knobs(mode, difficulty, depth)
        check_host(mode, difficulty=difficulty, depth=depth, length=length)
        if length is not None and self.advanced:
            raise OptionConflictError(
                "--length does not apply to --variant advanced, whose length is hidden: drop it"
            )
        why = f"{{flag}} does not apply to host hangman --mode {mode}: drop it"
        refuse_unused(given, HOST_USES | {"difficulty", "depth", "record", "learn"}, why)
        # The honest host picks as people do (common words more often); an adversary keeps
        # any word alive alike, and draws only its length
        draws = "weight" if mode == "honest" else "uniform"
        host = hangman_host(
            mode, table_words(self.pool(self.given_prior or draws)), length=length,
            difficulty=difficulty, depth=depth, seed=drawn, budget=ANSWER_BUDGET,
        )  # fmt: skip
        level = {"evil": difficulty, "lookahead": depth}.get(mode)
        start = opening(host, self.rules, self.pool())
        return Hosted(self, host, start, mode, f"{mode}-{level}" if level else mode)

    def play(self, guesser: Any, host: Any, *, watch: Any = None) -> GameRecord:
        """One game of `guesser` (the AI, or a human) against `host` (a computer host, or a
        human) under the session's rules, the boards searching the session's pool; `Quit`
        from either side is raised on."""
        from wordkit.errors import OptionTypeError
        from wordkit.game import Reopen, check_kinds
        from wordkit.hangman.play import opening, play

        kinds = {"guesser": "callable", "host": "host", "watch": "callable?"}
        check_kinds({"guesser": guesser, "host": host, "watch": watch}, kinds)
        if not callable(getattr(host, "start", None)):  # a Hangman host also opens the game
            raise OptionTypeError(
                f"host= must be a Hangman host (with start, answer and reveal methods), not "
                f"{host!r:.60}"
            )
        pool = self.pool()
        while True:
            try:
                return play(guesser, host, opening(host, self.rules, pool), watch=watch)
            except Reopen:  # a human host took their opening back: asked again
                continue

    def play_ai(self, host: Any, *, watch: Any = None, wrap: Any = None) -> GameRecord:
        """The AI guesses against a human `host` (its opening: the length or mask typed);
        `wrap` may wrap the guesser (a spinner). `Quit` is raised on."""
        return self.play(self.guesser if wrap is None else wrap(self.guesser), host, watch=watch)

    def revealed(self, state: State) -> str:
        """What a human host showed of the word by the end: the word a whole-word guess won
        with, or the letters shown of the length the host typed (in the advanced variant the
        board is wider than the word), else the mask."""
        from wordkit.hangman.rules import HIDDEN

        if state.status == "won" and state.words and state.mask.rstrip(HIDDEN) == state.words[-1]:
            return state.words[-1]
        if state.status == "won" and self.host_length is not None:  # its letters all shown
            return state.mask[: self.host_length]
        return state.mask

    def likeliest(
        self, position: Board | State, *, learned: bool = False, at_most: int = LISTED
    ) -> tuple[list[str], int]:
        """The words still possible in `position`: the likeliest `at_most`, likeliest first, and
        how many there are; with `learned`, the words learned from play too (a human hosting
        the AI may pick one again), else not (no computer host draws them)."""
        from wordkit.hangman.board import Board, board_for, top_candidates

        board = position if isinstance(position, Board) else board_for(self.pool(), position)
        own = board.pool.lexicon.own
        if own is not None and not learned:
            board = replace(board, ids=board.ids[board.ids < own])
        return [t["word"] for t in top_candidates(board, at_most)], len(board.ids)

    @cached_property
    def advisor(self) -> Guesser:
        """Who answers `?`, and whose move the trainer compares yours with (a property, as
        Wordle's)."""
        from wordkit.hangman.trainer import advisor

        return advisor()

    def keep(
        self, record: GameRecord, *, source: str, strategy: str, path: Path | None,
        seed: int | None = None,
    ) -> bool:  # fmt: skip
        """Record a game of at least one move in the history at `path` (None: not recorded),
        with the `seed` its host drew it with (None: nothing drawn); True when its secret was
        new to the AI's table, so it is learned for later games."""
        if path is None or not record.moves:
            return False
        from wordkit.history import WORD, record_game, table_key

        if WORD.fullmatch(record.secret):
            known = record.secret in self.lexicon.index
        else:  # a secret kept untold is recorded as the mask: outside when no word fitted it
            known = self.fitted(record)
        record_game(
            replace(record, category=self.category), table=table_key(self.words),
            strategy=strategy, source=source, known=known, variant=self.variant, path=path,
            seed=seed,
        )  # fmt: skip
        return not known and WORD.fullmatch(record.secret) is not None  # a told word only

    def fitted(self, record: GameRecord) -> bool:
        """Whether some word of the table fitted the last mask of a game whose secret was kept
        untold (True when the record cannot say)."""
        from wordkit.hangman.board import board_for
        from wordkit.hangman.rules import observed_state

        try:
            state = observed_state(
                record.feedback[-1] if record.feedback else record.secret,
                letters=[m for m in record.moves if len(m) == 1],
                words=[m for m in record.moves if len(m) > 1],
                rules=self.rules,
            )
            return len(board_for(self.pool(), state).ids) > 0
        except (WordkitError, IndexError, ValueError):
            return True

    def check_stats(self, given: set[str], *, from_history: bool, host: str | None) -> None:
        """Refuse the options a stats mode would ignore (`given`: the options given, by their
        parameter names; see STATS_USES)."""
        mode = "history" if from_history else "versus" if host is not None else "games"
        uses = set(STATS_USES[mode])
        if mode == "versus":  # each adversary has its own knob
            uses.add("difficulty" if host == "evil" else "depth")
        if self.host is not None or from_history:
            uses.add("history_db")  # --learn reads the history too (--no-learn does not)
        if mode == "games" and "sample" not in given and not self.advanced and "seed" in given:
            # the seed draws a sample or the advanced host's reveals, nothing else (as Wordle)
            raise GameStateError("--seed means nothing when every word is played: drop it")
        ignored = [name for name in STATS_OPTIONS if name in given - uses]
        if ignored:
            flag = "--" + ignored[0].replace("_", "-")
            owner = {"difficulty": "evil", "depth": "lookahead"}.get(ignored[0])
            if owner is not None and mode != "history":  # a host's own knob: say whose
                raise GameStateError(
                    f"{flag} is for --host {owner}"
                    + (f", not --host {host}" if host else "")
                    + ": drop it"
                )
            raise GameStateError(STATS_IGNORES[mode].format(flag=flag))

    def from_history(
        self, path: str | os.PathLike[str] | None = None, *, every_table: bool | None = None
    ) -> Played:
        """The Hangman games recorded in the game history at `path` (default: the session's
        `history`, else its usual place), of this table or of every table (None: this table,
        which a session always names), as a stats summary and their records (the same call as
        Wordle's)."""
        from wordkit.game import check_kinds

        kinds = {"path": "path?", "every_table": "bool?"}
        checked = check_kinds({"path": path, "every_table": every_table}, kinds)
        where = self.history if checked["path"] is None else Path(checked["path"])
        return history_summary(None if checked["every_table"] else self.words, where)

    def typed_move(self, board: Board, line: str) -> Decision:
        """The move a human guesser typed, checked: a letter or a listed word of the right
        length, not guessed before (a typed error otherwise)."""
        typed_line(line)
        from wordkit.game import not_a_word
        from wordkit.hangman.rules import (
            MAX_LENGTH,
            InvalidMoveError,
            check_listed_word,
            check_move,
        )
        from wordkit.tables import folded

        move = folded(line)
        if not (move.isascii() and move.isalpha()):  # said as typed, not as folded (Ω, not ω)
            raise InvalidMoveError(
                not_a_word(line.strip(), f"a word of 1-{MAX_LENGTH} letters a-z")
            )
        check_move(board.state, move)
        if len(move) > 1:
            check_listed_word(board.state, move, board.pool.lexicon.index)
        return Decision(move, 1.0, "you")

    def reported(self, state: State, guess: str, line: str) -> State:
        """The state after the AI's `guess`, as a human host reports it: the mask as it now
        stands (an empty line, n, no or -: a miss), or y/n after a whole-word guess."""
        typed_line(line)
        from wordkit.hangman.rules import HIDDEN, reported_letter, reported_word

        answer = line.strip().lower()
        length = self.host_length if state.rules.variant == "advanced" else None
        if len(guess) > 1:
            if answer not in ("y", "yes", "n", "no"):
                raise GameStateError("Type y if that is your word, n if not (Q quits).")
            if answer.startswith("y") and length is not None and len(guess) != length:
                raise GameStateError(
                    f"{guess.upper()} has {plural(len(guess), 'letter')}, your word {length} "
                    "(as you said at the start): type n"
                )
            return reported_word(state, guess, right=answer.startswith("y"))
        said = line.strip()  # as typed, for the errors
        if answer in MISS and not (answer == guess and len(state.mask) == 1):
            line = state.mask
        typed = "".join(line.split())
        if length is not None and typed != state.mask and len(typed) > length:
            raise GameStateError(
                f"the mask has {len(typed)} places, your word {length} letters (as you said at "
                "the start): type the word's own mask"
            )
        if state.rules.variant == "advanced" and len(typed) < len(state.mask):
            line = typed + state.mask[len(typed) :]  # the word's own mask: the board's rest blank
        try:
            after = reported_letter(state, guess, line, said=said)
        except WordkitError as exc:
            own = self.own_mask(state)
            first = own.find("_")
            example = own[:first] + guess + own[first + 1 :] if first >= 0 else ""
            raise GameStateError(
                f"{exc}. Type the mask as it stands now, e.g. {example} (empty: not in the word)"
            ) from None
        # The advanced board is wider than the word: its letters all shown win (reveal finish),
        # as when a computer hosts; the rules alone cannot tell where the word ends
        shown = length is not None and HIDDEN not in after.mask[:length]
        if shown and after.status == "playing" and after.rules.finish == "reveal":
            return replace(after, status="won")
        return after

    def own_mask(self, state: State) -> str:
        """The mask of the human host's word: in the advanced variant the board is wider, and
        the word as long as they said at the start."""
        length = self.host_length if state.rules.variant == "advanced" else None
        return state.mask[:length]

    def opening(self, line: str, rules: Any) -> State:
        """The opening state a human host types: the word's length, or its mask of `_`."""
        typed_line(line)
        from wordkit.hangman.rules import HIDDEN, MAX_LENGTH, observed_state

        line = "".join(line.split())
        longest = rules.width if rules.variant == "advanced" else MAX_LENGTH
        if line.isascii() and line.isdigit() and 1 <= int(line) <= longest:
            line = HIDDEN * int(line)
        if line and len(line) <= longest and set(line) <= {HIDDEN}:
            if rules.variant == "advanced":  # the length stays the host's: a board as wide as any
                self.host_length = len(line)  # to check the host's answers by, never to play
                line = HIDDEN * rules.width
            return observed_state(line, rules=rules)
        raise GameStateError(
            f"Type a number of letters (1-{longest}) or underscores, e.g. 5 or _____."
        )

    def told_word(self, state: State, line: str) -> str:
        """The word a human host tells after the AI lost, checked against every answer they
        gave (a typed error when it is not a word, or does not fit)."""
        typed_line(line)
        import numpy as np

        from wordkit.hangman.rules import candidate_ids, check_word, encode_words
        from wordkit.tables import folded

        word = folded(line)
        try:
            check_word(word)
            if word in state.words:  # it fits the mask, maybe, but they said it was not theirs
                raise GameStateError(f"you said {word.upper()} was not your word")
            if not len(candidate_ids(encode_words([word]), np.zeros(1, dtype=np.int64), state)):
                own = " ".join(self.own_mask(state))
                raise GameStateError(f"{word.upper()} does not fit your answers ({own})")
        except WordkitError as exc:
            raise GameStateError(f"{exc}; type your word, or an empty line.") from None
        return word


MISS = ("", "n", "no", "-")
"""What a human host may type after a letter that is not in the word."""


def history_summary(words: str | None, path: Path | None) -> Played:
    """The Hangman games recorded in the history at `path` (of table `words`, or every table)
    as a stats summary, and their records."""
    import time
    from collections import Counter

    from wordkit.hangman.play import Played
    from wordkit.history import (
        by_variant,
        default_history_path,
        none_recorded,
        player_of,
        recorded_games,
        table_key,
    )
    from wordkit.runner import summarize

    started = time.perf_counter()
    where = default_history_path() if path is None else path
    games = recorded_games(table=None if words is None else table_key(words), path=where)
    if not games:
        raise none_recorded("Hangman", where, words)
    played = [game.record for game in games]
    who = {player_of(g) for g in games}
    summary = summarize(
        played, game="hangman", strategy=", ".join(sorted(who)), table=words or "every table",
        seconds=time.perf_counter() - started,
        options={"history": str(where), "sources": dict(Counter(g.source for g in games)),
                 "by_variant": by_variant(games)},
    )  # fmt: skip
    return Played(summary, played)
