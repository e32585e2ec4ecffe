"""`wordkit solve|query|stats|host hangman`: parse the options, call wordkit.hangman, render.

wordkit.hangman (and numpy, pandas) are imported inside the commands, so `wordkit --help`
starts fast. The human at the terminal is a host (`solve -i`: types the mask) or a guesser
(`host hangman`: types letters) plugged into the one game loop, `wordkit.hangman.play.play`.
"""

from __future__ import annotations

import functools
import json as jsonlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Annotated, Any

import typer

from wordkit.cli import render, repl
from wordkit.cli.app import host_app, query_app, solve_app, stats_app
from wordkit.cli.options import (
    Cluster,
    FreshSeed,
    HistoryChoice,
    HistoryDb,
    Jobs,
    Json,
    Records,
    StatsFormat,
    Trainer,
    cluster_of,
    grouped,
    opt,
    seed_of,
    stats_format,
)
from wordkit.cli.terminal import ThinkingHost, thinking
from wordkit.errors import GameStateError, WordkitError
from wordkit.game import Decision, Undo

if TYPE_CHECKING:
    from pathlib import Path

    from wordkit.game import Exchange
    from wordkit.hangman.board import Board, Guesser
    from wordkit.hangman.lexicon import Pool
    from wordkit.hangman.play import Walkthrough
    from wordkit.hangman.rules import Rules, State
    from wordkit.runner import GameRecord, Summary

MAX_LENGTH = 63
"""Longest word a mask may stand for (the rules' limit)."""
LISTED = 100
"""Words shown by the L command."""
HARDEST = 20
"""Lost words listed under a stats table."""

Words = Annotated[str, opt("NAME_OR_PATH", "The dictionary.")]
Strategy = Annotated[
    str,
    opt(
        "NAME",
        "best (the strongest: lookahead's moves from a policy book, the letter model "
        "outside the dictionary), coverage, entropy, lookahead, model, expected-size, greedy, "
        "minimax or minimax-search.",
    ),
]
Lives = Annotated[
    str,
    opt("N", "Wrong guesses allowed, 1-1000; 0 or `unlimited` for no limit."),
]
VariantOpt = Annotated[
    str,
    opt(
        "VARIANT",
        "classic (every occurrence shown) or advanced (one per guess, length hidden).",
        "--variant",
    ),
]
FinishOpt = Annotated[
    str,
    opt(
        "FINISH",
        "reveal (won when all letters show) or word (won only by naming the word).",
        "--finish",
    ),
]
StatsPrior = Annotated[
    list[str] | None,
    opt(
        "PRIOR",
        "uniform, weight, or CATEGORY=SHARE,... e.g. TZ=0.5 (repeats add up).  "
        "[default: uniform when every row is played, weight with --sample: the way the "
        "secrets are drawn]",
        "--prior",
        show_default=False,
    ),
]
Prior = Annotated[
    list[str] | None,
    opt(
        "PRIOR",
        "uniform, weight, or CATEGORY=SHARE,... e.g. TZ=0.5 (repeats add up).  [default: weight]",
        show_default=False,
    ),
]
Category = Annotated[list[str] | None, opt("NAME", "Only words of this category (a hint).")]


@dataclass(frozen=True)
class PlayChoice:
    """The options choosing the dictionary, the AI and the rules: shared by solve, query and
    stats."""

    words: Words = "english"
    strategy: Strategy = "best"
    lives: Lives = "6"
    variant: VariantOpt = "classic"
    finish: FinishOpt = "reveal"

    def rules(self) -> Rules:
        """The rules these options ask for (typed errors for bad values)."""
        from wordkit.hangman.rules import lives_of, make_rules

        return make_rules(lives=lives_of(self.lives), variant=self.variant, finish=self.finish)


Learn = Annotated[
    bool,
    opt(
        None,
        "Words the AI did not know (the secret revealed at the end of a game) join its "
        "dictionary for later games on the table.",
        "--learn/--no-learn",
    ),
]


@dataclass(frozen=True)
class HangmanHistory(HistoryChoice):
    """The game history options of the commands that play a Hangman game (host, interactive
    solve): where it is, whether the game goes in, whether the AI uses what it learned."""

    learn: Learn = True

    def learned(self, words: str) -> dict[str, str | None]:
        """The words learned on table `words`, with their category hints (none: --no-learn)."""
        if not self.learn:
            return {}
        from wordkit.history import learned_words, table_key

        return learned_words(table_key(words), path=self.db())


def keep(
    path: Path | None,
    record: GameRecord,
    *,
    words: str,
    pool: Pool,
    strategy: str,
    source: str,
    category: str | None,
) -> bool:
    """Record a game of at least one move in the history at `path` (None: not recorded);
    True when its secret was new to the AI's table, so it is learned for later games."""
    if path is None or not record.moves:
        return False
    from wordkit.history import WORD, record_game, table_key

    # a secret the human kept to themselves is recorded as the mask: nothing to learn
    known = record.secret in pool.lexicon.index or not WORD.fullmatch(record.secret)
    record_game(
        replace(record, category=category),
        table=table_key(words),
        strategy=strategy,
        source=source,
        known=known,
        path=path,
    )
    return not known


class Resigned(Exception):
    """The human ended the game (end of input, quit or give up)."""


def single(values: list[str] | None, option: str) -> str | None:
    """The one value of an option that may not be repeated (a repeat is refused, not dropped)."""
    if not values:
        return None
    if len(set(values)) > 1:
        raise GameStateError(f"{option} was given {len(values)} times; give it once")
    return values[0]


def joined_prior(values: list[str] | None) -> str:
    """The prior from every --prior given (shares of several categories add up)."""
    return ",".join(values) if values else "weight"


# --- solve ----------------------------------------------------------------------------------


@solve_app.command("hangman")
@grouped
def solve_hangman(
    choice: PlayChoice,
    history: HangmanHistory,
    mask: Annotated[
        list[str] | None,
        opt("MASK", "The word as shown, `_` for hidden letters: a__le or 'a _ _ l e'."),
    ] = None,
    guessed: Annotated[
        list[str] | None,
        opt("LETTERS", "Letters guessed so far, e.g. aeli (repeats add up)."),
    ] = None,
    refuted: Annotated[
        list[str] | None,
        opt("WORDS", "Whole words guessed wrongly, comma-separated (repeats add up)."),
    ] = None,
    category: Category = None,
    prior: Prior = None,
    interactive: Annotated[
        bool, opt(None, "Play interactively even when piped.", "--interactive", "-i")
    ] = False,
    json: Json = False,
) -> None:
    """The AI's next Hangman move for a state; on a terminal, the AI guesses your word.

    Interactively, you think of a word and type its length (or its mask); after each guess
    you type the mask as it now stands (e.g. _a__e; an empty line, n or - for a miss), or
    y/n for a whole-word guess. L lists the words still possible, U undoes your last
    answer, Q quits. The letters a mask shows count as guessed. Each game is recorded in the
    game history; a word the AI did not know is learned for later games (--learn).

    \b
    Example:
      wordkit solve hangman --mask a__le --guessed aeli
      wordkit solve hangman --words categories --category animals   # interactive
    """
    from wordkit.hangman.guessers import make_guesser
    from wordkit.hangman.lexicon import load_pool
    from wordkit.hangman.play import solve_position

    rules = choice.rules()
    guesser = make_guesser(choice.strategy)
    shown = single(mask, "--mask")
    hint = single(category, "--category")
    playing = shown is None and (interactive or (repl.interactive() and not json))
    kept = history.recording() if playing else None
    learned = history.learned(choice.words) if playing else {}
    with thinking(f"loading {choice.words}"):
        pool = load_pool(
            choice.words, prior=joined_prior(prior), category=hint, extra_words=learned
        )
    if playing:
        kept_as = functools.partial(
            keep, kept, words=choice.words, pool=pool, strategy=choice.strategy, source="solve",
            category=hint,
        )  # fmt: skip
        solve_interactively(guesser, rules, pool, kept_as)
        return
    if shown is None:
        raise GameStateError("give the game state with --mask (e.g. --mask a__le --guessed aeli)")
    with thinking():
        found = solve_position(
            pool,
            strategy=choice.strategy,
            rules=rules,
            mask=shown,
            guessed="".join(guessed or ()),
            refuted=",".join(refuted or ()),
        )
    decision, candidates = found.decision, len(found.board.ids)
    kind = "letter" if len(decision.move) == 1 else "word"
    if json:
        render.emit_json(
            {
                "move": decision.move,
                "kind": kind,
                "confidence": round(decision.confidence, 4),
                "label": decision.label,
                "candidates": candidates,
                "top": [{"word": w, "probability": round(p, 4)} for w, p in found.top],
            }
        )
        return
    out = render.console()
    if not candidates:
        out.print("No word of the table fits; guessing with the letter model.")
    out.print(
        f"next {kind}: {decision.move.upper()}  (confidence {decision.confidence:.0%}, "
        f"{decision.label})"
    )
    out.print(f"candidates: {candidates:,}")
    if found.top:
        out.print("  " + ", ".join(f"{w} {p:.0%}" for w, p in found.top))


def solve_interactively(
    guesser: Guesser, rules: Rules, pool: Pool, kept: Callable[[GameRecord], bool] | None = None
) -> None:
    """The AI guesses the word the human thinks of; U replays the game without the last
    answer (the AI is deterministic, so it makes the same moves up to there). The game ends
    with the human's word (asked for when the AI lost), and goes to `kept` (see `keep`)."""
    from wordkit.hangman.play import opening, play

    out = render.console()
    host = HumanHost(pool)
    try:
        record = play(Announced(guesser, host), host, opening(host, rules, pool))
    except Resigned:
        out.print("Bye.")
        return
    out.print("I win!" if record.won else "You win: I am out of lives.")
    final = host.answers[-1] if host.answers else host.opening
    assert final is not None  # the game had an opening state
    last = record.moves[-1] if record.moves else ""
    secret = (last if len(last) > 1 else final.mask) if record.won else told_word(final)
    if kept is not None and kept(replace(record, secret=secret or record.secret)):
        out.print(f"{(secret or '').upper()} was not in my dictionary: I have learned it.")


def told_word(state: State) -> str | None:
    """The human's word after the AI lost, checked against their answers (None: not told)."""
    import numpy as np

    from wordkit.hangman.rules import candidate_ids, check_word, encode_words
    from wordkit.tables import folded

    out = render.console()
    while True:
        line = repl.ask("What was your word? (empty: keep it secret)> ")
        if not line or repl.command_of(line, letters_are_guesses=True) == repl.QUIT:
            return None
        word = folded(line)
        try:
            check_word(word)
        except WordkitError as exc:
            out.print(f"{exc}; type your word, or an empty line.")
            continue
        if len(candidate_ids(encode_words([word]), np.zeros(1, dtype=np.int64), state)):
            return word
        out.print(
            f"{word.upper()} does not fit your answers ({render.spaced(state.mask)}); "
            "type your word, or an empty line."
        )


class Announced:
    """The AI as a guesser that says each move (with its candidates) before the host answers
    (silent while the host replays answers after an undo)."""

    def __init__(self, guesser: Guesser, host: HumanHost) -> None:
        self.guesser = guesser
        self.host = host
        self.name = guesser.name

    def __call__(self, board: Board) -> Decision:
        """The AI's decision, announced."""
        from rich.text import Text

        with thinking():
            decision = self.guesser(board)
        out = render.console()
        if not len(board.ids):
            out.print("(No word of the table fits; guessing with the letter model.)")
        line = Text("My guess: ")
        line.append(decision.move.upper(), style="bold")
        line.append(
            f"  ({render.plural(len(board.ids), 'candidate')}, "
            f"confidence {decision.confidence:.0%}, {decision.label})"
        )
        out.print(line)
        return decision


MISS = ("", "n", "no", "-")
"""What a human host may type after a letter that is not in the word."""
UNDO = ("U", ":u", ":U", "/u", "/U")
"""What a human host types to take back the last answer."""


class HumanHost:
    """The human thinks of the word and types its mask after each of the AI's guesses.

    U raises `Undo`: the game loop takes the last answer back."""

    name = "you"

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.opening: State | None = None
        self.answers: list[State] = []
        self.last = ""

    def start(self, rules: Rules) -> State:
        """The opening state, from the length or mask the human types."""
        from wordkit.hangman.rules import HIDDEN, observed_state

        if self.opening is not None:
            self.last = self.opening.mask
            return self.opening
        out = render.console()
        out.print("Think of a word. Type its length, or its mask with `_` for each letter.")
        while True:
            line = repl.ask("length or mask> ")
            if line is None or line in ("Q", ":q", ":Q"):
                raise Resigned
            line = "".join(line.split())
            if line.isascii() and line.isdigit() and 1 <= int(line) <= MAX_LENGTH:
                line = HIDDEN * int(line)
            if line and len(line) <= MAX_LENGTH and set(line) <= {HIDDEN}:
                state = observed_state(line, rules=rules)
                self.opening, self.last = state, state.mask
                return state
            out.print(f"Type a number of letters (1-{MAX_LENGTH}) or underscores, e.g. 5 or _____.")

    def answer(self, state: State, guess: str) -> State:
        """The state after the AI's move, as the human reports it (re-asked until consistent)."""
        after = self.asked(state, guess)
        lives = "unlimited" if after.rules.lives is None else after.rules.lives - after.wrong
        render.console().print(f"  {render.spaced(after.mask)}   lives left: {lives}")
        self.answers.append(after)
        self.last = after.mask
        return after

    def asked(self, state: State, guess: str) -> State:
        """The human's answer to `guess`, with the L, U and Q commands."""
        from wordkit.hangman.rules import reported_letter, reported_word

        out = render.console()
        word = len(guess) > 1
        while True:
            line = repl.ask("right? (y/n)> " if word else "mask (empty: not in it)> ")
            if line is None or repl.command_of(line, letters_are_guesses=True) == repl.QUIT:
                raise Resigned
            if line in UNDO:
                if self.answers:
                    self.answers.pop()
                    self.last = self.answers[-1].mask if self.answers else state.mask
                    raise Undo
                out.print("Nothing to undo yet.")
                continue
            if repl.command_of(line, letters_are_guesses=True) == repl.LIST:
                self.list_words(state)
                continue
            if word:
                if line.lower() not in ("y", "yes", "n", "no"):
                    out.print("Type y if that is your word, n if not (U undoes, Q quits).")
                    continue
                return reported_word(state, guess, right=line.lower().startswith("y"))
            if line.lower() in MISS and not (line.lower() == guess and len(state.mask) == 1):
                line = state.mask
            try:
                return reported_letter(state, guess, line)
            except WordkitError as exc:
                out.print(
                    f"{exc}. Type the mask as it stands now, e.g. {example(state, guess)} "
                    "(empty: not in the word)"
                )

    def list_words(self, state: State) -> None:
        """The words of the table still consistent with the answers."""
        from wordkit.hangman.board import board_for, candidate_words

        names = candidate_words(board_for(self.pool, state))
        render.console().print(
            render.plural(len(names), "word")
            + " still possible"
            + (": " + ", ".join(names[:LISTED]) if names else "")
            + (" ..." if len(names) > LISTED else "")
        )

    def reveal(self) -> str:
        """The word as far as the human showed it."""
        return self.last


def example(state: State, letter: str) -> str:
    """An example of a valid mask: the letter shown in the first hidden position."""
    first = state.mask.find("_")
    return state.mask if first < 0 else state.mask[:first] + letter + state.mask[first + 1 :]


# --- query ----------------------------------------------------------------------------------


@query_app.command("hangman")
@grouped
def query_hangman(
    word: Annotated[
        list[str],
        typer.Argument(metavar="WORD...", help="The secret words; - reads them from stdin."),
    ],
    choice: PlayChoice,
    category: Category = None,
    prior: Prior = None,
    seed: FreshSeed = None,
    json: Json = False,
) -> None:
    """How the AI would solve each WORD, turn by turn (words outside the table are played too).

    With --json, one JSON line per word.

    \b
    Example:
      wordkit query hangman apple --strategy coverage
      wordkit query hangman zebra lion --words categories --category animals
      wordkit query hangman - --json < words.txt
    """
    from wordkit.hangman.guessers import make_guesser
    from wordkit.hangman.lexicon import load_pool
    from wordkit.hangman.play import walkthrough
    from wordkit.hangman.rules import check_word
    from wordkit.tables import folded

    secrets = [folded(w) for w in repl.typed_words(word)]
    if not secrets:
        raise GameStateError("no word to query: give WORD..., or - with words on stdin")
    for secret in secrets:
        check_word(secret)
    rules = choice.rules()
    make_guesser(choice.strategy)
    with thinking(f"loading {choice.words}"):
        pool = load_pool(
            choice.words, prior=joined_prior(prior), category=single(category, "--category")
        )
    # only the advanced host's reveals are random: draw (and show) a seed only then
    chosen = seed_of(seed) if rules.variant == "advanced" or seed is not None else 0
    for secret in secrets:
        with thinking():
            done = walkthrough(secret, pool, strategy=choice.strategy, rules=rules, seed=chosen)
        show_walkthrough(done, choice.strategy, json=json)


def show_walkthrough(done: Walkthrough, strategy: str, *, json: bool) -> None:
    """One word's game: a JSON line, or the turns as a table and the verdict."""
    record = done.record
    turns = [turn_data(n, turn) for n, turn in enumerate(done.turns, start=1)]
    if json:
        data = {"word": done.secret, "in_table": done.in_table, "won": record.won}
        data |= {"wrong": record.wrong, "guesses": record.guesses, "turns": turns}
        sys.stdout.write(jsonlib.dumps(data, ensure_ascii=False) + "\n")
        return
    out = render.console()
    if not done.in_table:
        out.print(f"{done.secret!r} is not in the table: the AI plays it as an unknown word.")
    rows = [
        (
            t["turn"],
            render.spaced(t["mask"]),
            f"{t['candidates']:,}",
            t["strategy"],
            t["guess"].upper(),
            "yes" if t["correct"] else "no",
        )
        for t in turns
    ]
    out.print(
        render.table(None, ("turn", "mask", "candidates", "strategy", "guess", "correct?"), rows)
    )
    verdict = "won" if record.won else "lost"
    out.print(
        f"{verdict} with {render.plural(record.wrong or 0, 'wrong guess', 'wrong guesses')} "
        f"in {render.plural(record.guesses, 'move')} ({strategy})"
    )


def turn_data(number: int, turn: Exchange) -> dict[str, Any]:
    """One turn of a walkthrough as JSON-ready data."""
    from wordkit.hangman.play import hit

    return {
        "turn": number,
        "mask": turn.before.state.mask,
        "candidates": len(turn.before.ids),
        "strategy": turn.decision.label,
        "guess": turn.decision.move,
        "confidence": round(turn.decision.confidence, 4),
        "correct": hit(turn.before, turn.after),
    }


# --- stats ----------------------------------------------------------------------------------


@stats_app.command("hangman")
@grouped
def stats_hangman(
    ctx: typer.Context,
    choice: PlayChoice,
    prior: StatsPrior = None,
    hint: Annotated[bool, opt(None, "Give each game its word's category.", "--hint")] = False,
    sample: Annotated[int | None, opt("N", "Play N secrets drawn with the prior.")] = None,
    seed: FreshSeed = None,
    jobs: Jobs = 1,
    cluster: Cluster = None,
    secrets: Annotated[
        str | None,
        opt("NAME_OR_PATH", "Play these words against the --words table."),
    ] = None,
    host: Annotated[
        str | None,
        opt("HOST", "Play against a host: evil or lookahead, per length."),
    ] = None,
    difficulty: Annotated[str, opt("LEVEL", "With --host evil: easy, medium, hard.")] = "hard",
    depth: Annotated[int, opt("K", "With --host lookahead.")] = 3,
    format: StatsFormat = "table",
    json: Json = False,
    records: Records = None,
    from_history: Annotated[
        bool,
        opt(
            None,
            "Report the games recorded in the game history (of --words, when given) instead "
            "of playing.",
            "--from-history",
        ),
    ] = False,
    history_db: HistoryDb = None,
    learn: Learn = False,
) -> None:
    """Play every word of a table: win rate, wrong guesses, distribution, hardest words.

    \b
    Example:
      wordkit stats hangman --words categories --strategy coverage --hint
      wordkit stats hangman --words cities --prior TZ=0.5 --sample 2000 --seed 1 --finish word
      wordkit stats hangman --host evil --difficulty hard --strategy coverage
      wordkit stats hangman --from-history --words english
    """
    from tqdm import tqdm

    from wordkit import tables
    from wordkit.hangman.guessers import make_guesser
    from wordkit.hangman.lexicon import lexicon_from_table, pool_for, with_words
    from wordkit.hangman.play import check_run, check_versus, hangman_stats, versus_by_length

    fmt = stats_format(format, json=json, jobs=jobs)
    if from_history:
        given = {"--host": host, "--sample": sample, "--secrets": secrets, "--hint": hint or None}
        clash = next((name for name, value in given.items() if value is not None), None)
        if clash is not None:
            raise GameStateError(f"--from-history reports the games recorded: drop {clash}")
        words = choice.words if given_option(ctx, "words") else None
        summary, played = history_summary(words, history_db)
        write_records(records, played)
        if not render.emit_summary(summary, fmt):
            show_summary(summary)
        return
    learned = HangmanHistory(history_db, record=False, learn=learn).learned(choice.words)
    rules = choice.rules()
    check_run(sample=sample, jobs=jobs)
    if host is not None:
        check_versus(host, difficulty=difficulty, depth=depth)
        if cluster is not None:
            raise WordkitError("--cluster shares out the secrets: drop --host (one game a length)")
    cluster = cluster_of(cluster)
    make_guesser(choice.strategy)
    # Every row played once is a uniform draw of the rows: the AI should expect exactly that
    # (a --sample is drawn by the weights, so there the weights are the prior).
    run_prior = joined_prior(prior) if prior else ("weight" if sample is not None else "uniform")
    with thinking(f"loading {choice.words}"):
        table = tables.load_table(choice.words)
        lexicon = lexicon_from_table(with_words(table, learned))
        pool = pool_for(lexicon, prior="uniform" if host is not None else run_prior)
    # a run with nothing random needs no seed: draw (and show) one only when it matters
    random = sample is not None or rules.variant == "advanced" or host is not None
    chosen = seed_of(seed) if random or seed is not None else 0
    if host is not None:
        with thinking(f"playing against the {host} host, one game per length"):
            by_length = versus_by_length(
                pool,
                host=host,
                guesser=choice.strategy,
                difficulty=difficulty,
                depth=depth,
                seed=chosen,
            )
        write_records(records, list(by_length.values()))
        render_versus(by_length, host, choice.strategy, difficulty=difficulty, depth=depth, fmt=fmt)
        return
    secret_table = tables.load_table(secrets) if secrets is not None else None
    total = sample if sample is not None else len(table if secret_table is None else secret_table)
    with tqdm(total=total, unit="game", disable=None, leave=False, mininterval=0.5) as bar:
        run = hangman_stats(
            table,
            table_name=choice.words if secrets is None else f"{secrets} against {choice.words}",
            strategy=choice.strategy, rules=rules, prior=run_prior, hint=hint, sample=sample,
            seed=chosen, jobs=jobs, cluster=cluster, secrets=secret_table, lexicon=lexicon,
            progress=bar.update,
        )  # fmt: skip
    write_records(records, run.records)
    if not render.emit_summary(run.summary, fmt):
        show_summary(run.summary)


def given_option(ctx: typer.Context, name: str) -> bool:
    """Whether the command's option `name` was given (not left at its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def history_summary(words: str | None, db: str | None) -> tuple[Summary, list[GameRecord]]:
    """The Hangman games recorded in the history (of table `words`, or every table) as a
    stats summary, and their records."""
    import time
    from collections import Counter
    from pathlib import Path

    from wordkit.history import default_history_path, recorded_games, table_key
    from wordkit.runner import summarize

    started = time.perf_counter()
    path = default_history_path() if db is None else Path(db)
    games = recorded_games(table=None if words is None else table_key(words), path=path)
    if not games:
        of = "" if words is None else f" of {words}"
        raise GameStateError(f"no Hangman game{of} is recorded in the game history {path}")
    played = [game.record for game in games]
    who = {g.strategy if g.source == "solve" else f"you vs the {g.strategy} host" for g in games}
    return summarize(
        played, game="hangman", strategy=", ".join(sorted(who)), table=words or "every table",
        seconds=time.perf_counter() - started,
        options={"history": str(path), "sources": dict(Counter(g.source for g in games))},
    ), played  # fmt: skip


def show_summary(summary: Summary) -> None:
    """A Hangman stats summary as tables: the figures, the wrong guesses per game, the
    lengths and the words lost."""
    out = render.console()
    rows = [
        *render.summary_rows(summary)[:3],
        ("mean wrong guesses", f"{summary.extra['mean_wrong']:.3f}"),
        *render.summary_rows(summary)[3:],
    ]
    out.print(render.table(None, ("", ""), rows))
    out.print("wrong guesses per game:")
    for line in render.histogram(summary.extra["wrong_histogram"]):
        out.print(line)
    if len(summary.by_length) > 1:
        out.print(
            render.table(
                None,
                ("length", "games", "win rate", "mean wrong"),
                [
                    (n, f"{r['games']:,}", f"{r['win_rate']:.2%}", f"{r['mean_wrong']:.2f}")
                    for n, r in summary.by_length.items()
                ],
            )
        )
    if summary.failures:
        more = len(summary.failures) - HARDEST
        out.print(
            "lost: "
            + ", ".join(summary.failures[:HARDEST])
            + (f" (and {render.plural(more, 'more', 'more')})" if more > 0 else "")
        )


def write_records(path: str | None, records: list[GameRecord]) -> None:
    """Write one JSON line per game to `path` (`-`: stdout), when a path was given."""
    if path is None:
        return
    from wordkit.cache import atomic_write
    from wordkit.runner import record_lines

    lines = "".join(record_lines(records))
    if path == "-":
        sys.stdout.write(lines)
    else:
        from pathlib import Path

        atomic_write(Path(path), lines)


def render_versus(
    by_length: dict[int, GameRecord],
    host: str,
    strategy: str,
    *,
    difficulty: str,
    depth: int,
    fmt: str,
) -> None:
    """One game per word length against an adversarial host: the wrong guesses needed to win."""
    rows = [
        {"length": n, "wrong": r.wrong, "guesses": r.guesses, "won": r.won, "word": r.secret}
        for n, r in by_length.items()
    ]
    if fmt == "json":
        render.emit_json(
            {"host": host, "difficulty": difficulty, "strategy": strategy, "by_length": rows}
        )
        return
    if fmt == "csv":
        typer.echo("length,wrong,guesses,won,word")
        for row in rows:
            typer.echo(
                f"{row['length']},{row['wrong']},{row['guesses']},{row['won']},{row['word']}"
            )
        return
    label = f"{host} ({difficulty})" if host == "evil" else f"lookahead (depth {depth})"
    render.console().print(
        render.table(
            f"{strategy} against the {label} host: wrong guesses needed to win",
            ("length", "wrong", "guesses", "word"),
            [(r["length"], r["wrong"], r["guesses"], r["word"]) for r in rows],
        )
    )


# --- host ---------------------------------------------------------------------------------


@host_app.command("hangman")
@grouped
def host_hangman(
    mode: Annotated[
        str,
        opt("MODE", "honest, evil (never commits) or lookahead (the hardest)."),
    ] = "honest",
    difficulty: Annotated[str, opt("LEVEL", "For evil: easy, medium or hard.")] = "hard",
    depth: Annotated[int, opt("K", "For lookahead: moves ahead, 1-6.")] = 3,
    seed: FreshSeed = None,
    trainer: Trainer = False,
    words: Words = "english",
    length: Annotated[int | None, opt("N", "Word length.")] = None,
    category: Category = None,
    lives: Lives = "6",
    history: HangmanHistory = HangmanHistory(),
) -> None:
    """Play Hangman against the computer: it hosts, you guess letters or the whole word.

    Type a letter or a word. The capitals L, G and Q (or :l, :g, :q) list the words still
    possible, give up, and quit; ? asks the AI for a hint. With --mode evil the host never
    commits to a word: it keeps the largest family of words after each guess. Each game
    (given up too, once you guessed) is recorded in the game history.

    \b
    Example:
      wordkit host hangman --mode evil --difficulty medium --length 6
      wordkit host hangman --words categories --category animals --trainer
    """
    from wordkit.hangman.hosts import ANSWER_BUDGET, check_host, hangman_host
    from wordkit.hangman.lexicon import load_pool
    from wordkit.hangman.play import hit, opening, play
    from wordkit.hangman.rules import lives_of, make_rules
    from wordkit.hangman.trainer import advice_for, advisor
    from wordkit.runner import GameRecord

    check_host(mode, difficulty=difficulty, depth=depth, length=length)
    rules = make_rules(lives=lives_of(lives))
    hint = single(category, "--category")
    kept = history.recording()
    with thinking(f"loading {words}"):
        pool = load_pool(words, prior="uniform", category=hint, extra_words=history.learned(words))
    chosen = seed_of(seed)
    game_host = hangman_host(
        mode,
        pool,
        length=length,
        difficulty=difficulty,
        depth=depth,
        seed=chosen,
        budget=ANSWER_BUDGET,
    )
    guide = advisor()
    out = render.console()
    final: list[State] = []
    moves: list[str] = []
    name = {"evil": f"evil-{difficulty}", "lookahead": f"lookahead-{depth}"}.get(mode, mode)
    kept_as = functools.partial(
        keep, kept, words=words, pool=pool, strategy=name, source="host", category=hint
    )

    def watch(before: Board, decision: Decision, after: Board) -> None:
        move = decision.move
        moves.append(move)
        if trainer:
            advice = advice_for(before, move, after=after.state, guide=guide)
            out.print(render.trainer_line(advice, noun="word"))
        if not hit(before, after):
            out.print(f"No {move.upper()}.")
        final.append(after.state)

    allowed = "unlimited" if rules.lives is None else rules.lives
    human = HumanGuesser(guide, banner=f"{mode} host, {allowed} lives")
    try:
        thinking_host = ThinkingHost(game_host)
        record = play(human, thinking_host, opening(thinking_host, rules, pool), watch=watch)
    except Resigned:
        out.print(f"The word was {game_host.reveal().upper()}.")
        wrong = final[-1].wrong if final else 0
        kept_as(GameRecord(secret=game_host.reveal(), won=False, moves=tuple(moves), wrong=wrong))
        return
    except KeyboardInterrupt:  # Ctrl-C while the host thinks: the word, as at a prompt
        out.print(f"The word was {game_host.reveal().upper()}.")
        raise
    show_board(final[-1])
    if record.won:
        out.print(f"You win: {record.secret.upper()}.")
    else:
        out.print(f"Hanged. The word was {record.secret.upper()}.")
    kept_as(record)


class HumanGuesser:
    """The human as a guesser: reads moves (and the L, ?, G, Q commands) at the terminal."""

    name = "you"

    def __init__(self, guide: Guesser, *, banner: str) -> None:
        self.guide = guide
        self.banner = banner
        self.started = False

    def __call__(self, board: Board) -> Decision:
        """The move the human types (re-asked until it is a legal guess)."""
        from wordkit.hangman.rules import check_listed_word, check_move

        out = render.console()
        state = board.state
        if not self.started:
            self.started = True
            out.print(
                f"Hangman, {len(state.mask)} letters, {self.banner}. Type a letter or a word; "
                "L lists, ? hints, G gives up, Q quits."
            )
        show_board(state)
        while True:
            line = repl.ask("guess> ")
            command = None if line is None else repl.command_of(line, letters_are_guesses=True)
            if line is None or command in (repl.QUIT, repl.GIVE_UP):
                raise Resigned
            if command == repl.LIST:
                words = board.pool.lexicon.enc.words
                names = [words[i] for i in board.ids[:LISTED]]
                out.print(
                    render.plural(len(board.ids), "word")
                    + " still possible: "
                    + ", ".join(names)
                    + (" ..." if len(board.ids) > LISTED else "")
                )
                continue
            if command == repl.HINT:
                with thinking():
                    hint = self.guide(board).move
                out.print(f"Hint: try {hint.upper()}.")
                continue
            from wordkit.tables import folded

            move = folded(line)
            try:
                check_move(state, move)
                if len(move) > 1:
                    check_listed_word(state, move, board.pool.lexicon.index)
            except WordkitError as exc:
                out.print(f"{exc} (no life lost)", style="red")
                continue
            return Decision(move, 1.0, "human")


def show_board(state: State) -> None:
    """The gallows, the mask, the wrong letters and the lives left."""
    lives = state.rules.lives
    wrong = sorted(set(state.letters) - set(state.mask)) + [
        w for w in state.words if w != state.mask
    ]
    console = render.console()
    if lives is not None:
        console.print(render.gallows(state.wrong, lives))
    console.print(f"  {render.spaced(state.mask.upper())}")
    left = "unlimited" if lives is None else max(lives - state.wrong, 0)
    console.print(f"  wrong: {' '.join(x.upper() for x in wrong) or '-'}   lives left: {left}")
