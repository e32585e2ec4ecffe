"""`wordkit solve|query|stats|host hangman`: options -> `wordkit.hangman.Session` -> one call ->
render. The game package is imported inside the commands, so `wordkit --help` starts fast; the
human at the terminal plugs into the one game loop through `cli/terminal.py`."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from wordkit.cli import options, render, terminal
from wordkit.cli.app import host_app, query_app, solve_app, stats_app
from wordkit.cli.options import choice, grouped, opt
from wordkit.cli.terminal import say, thinking
from wordkit.errors import GameStateError, WordkitError

if TYPE_CHECKING:
    from wordkit.game import Decision
    from wordkit.hangman.board import Board
    from wordkit.hangman.rules import State
    from wordkit.hangman.session import Session, Versus, Walkthrough

LISTED = 100
"""Words shown by the L command."""

STRATEGIES = ("best", "coverage", "entropy", "lookahead", "model", "expected-size", "greedy",
              "minimax", "minimax-search")  # fmt: skip
VERSUS = ("evil", "lookahead")
MODES = ("honest", *VERSUS)
LEVELS = ("easy", "medium", "hard")
TABLES = ("english", "categories", "cities", "portuguese", "wordle")

# fmt: off
Words = Annotated[str, choice("NAME_OR_PATH", "The dictionary.", TABLES)]
Strategy = Annotated[str, choice("NAME", "best (the strongest: lookahead's moves from a policy "
    "book, the letter model outside the dictionary), coverage, entropy, lookahead, model, "
    "expected-size, greedy, minimax or minimax-search.", STRATEGIES)]
Lives = Annotated[str, opt("N", "Wrong guesses allowed, 1-1000; 0 or `unlimited` for no limit.")]
Variant = Annotated[str, choice("VARIANT", "classic (every occurrence shown) or advanced (one "
    "per guess, length hidden).", ("classic", "advanced"), "--variant")]
Finish = Annotated[str, choice("FINISH", "reveal (won when all letters show) or word (won only "
    "by naming the word).", ("reveal", "word"), "--finish")]
Prior = Annotated[list[str] | None, opt("PRIOR", "uniform, weight, or CATEGORY=SHARE,... e.g. "
    "TZ=0.5 (repeats add up).  [default: weight; stats of every row: uniform]",
    show_default=False)]
Category = Annotated[list[str] | None, opt("NAME", "Only words of this category (a hint).")]
Learn = Annotated[bool, opt(None, "Words the AI did not know (revealed at the end of a game) "
    "join its dictionary for later games on the table.", "--learn/--no-learn")]
Mask = Annotated[str | None, opt("MASK",
    "The word as shown, `_` for hidden letters: a__le or 'a _ _ l e'.")]
Guessed = Annotated[list[str] | None, opt("LETTERS",
    "Letters guessed so far, e.g. aeli (repeats add up).")]
Refuted = Annotated[list[str] | None, opt("WORDS",
    "Whole words guessed wrongly, comma-separated (repeats add up).")]
Secrets = Annotated[list[str], typer.Argument(metavar="WORD...",
    help="The secret words; - reads them from stdin.")]
Host = Annotated[str | None, choice("HOST", "Play against a host: evil or lookahead, per length.",
    VERSUS)]
Mode = Annotated[str, choice("MODE", "honest, evil (never commits) or lookahead (the hardest).",
    MODES)]
Length = Annotated[int | None, opt("N", "Word length.")]
# fmt: on


@dataclass(frozen=True)
class PlayChoice:
    """The options choosing the dictionary, the AI and the rules: shared by every command."""

    words: Words = "english"
    strategy: Strategy = "best"
    lives: Lives = "6"
    variant: Variant = "classic"
    finish: Finish = "reveal"
    category: Category = None
    prior: Prior = None

    def session(self, *, seed: int | None = None, learn: bool = False, db: Any = None) -> Session:
        """The session these options open (typed errors for bad values)."""
        from wordkit.hangman import Session

        return Session(
            words=self.words, strategy=self.strategy, lives=self.lives, variant=self.variant,
            finish=self.finish, category=self.category, prior=self.prior, seed=seed,
            learn=learn, history=db,
        )  # fmt: skip


@dataclass(frozen=True)
class HangmanHistory(options.HistoryChoice):
    """The game history options of the commands that play with a human."""

    learn: Learn = True


# --- solve ----------------------------------------------------------------------------------


@solve_app.command("hangman")
@grouped
def solve_hangman(
    game: PlayChoice,
    history: HangmanHistory,
    mask: Mask = None,
    guessed: Guessed = None,
    refuted: Refuted = None,
    interactive: options.Interactive = False,
    json: options.Json = False,
) -> None:
    """The AI's next Hangman move for a state; on a terminal, the AI guesses your word.

    Interactively, you think of a word and type its length (or its mask); after each guess
    you type the mask as it now stands (e.g. _a__e; an empty line, n or - for a miss), or
    y/n for a whole-word guess. L lists the words still possible, U undoes your last
    answer, Q quits without recording the game. Each game is recorded in the game history;
    a word the AI did not know is learned for later games (--learn).

    \b
    Example:
      wordkit solve hangman --mask a__le --guessed aeli
      wordkit solve hangman --words categories --category animals   # interactive
    """
    playing = mask is None and (interactive or (terminal.interactive() and not json))
    if mask is None and not playing:
        raise GameStateError("give the game state with --mask (e.g. --mask a__le --guessed aeli)")
    kept = history.recording() if playing else None
    with thinking(f"loading {game.words}"):
        session = game.session(learn=playing and history.learn, db=history.db())
        if playing:
            session.lexicon  # noqa: B018  (load the table under the spinner)
    if playing:
        ai_game(session, kept)
        return
    assert mask is not None
    with thinking():
        found = session.next_move(mask, guessed=guessed or "", refuted=refuted or "")
    if json:
        render.emit_json(found.as_dict())
    for line in [] if json else found.lines():
        say(render.console(), line)


def ai_game(session: Session, kept: Any) -> None:
    """The AI guesses the word the human thinks of; the game goes into the history (Q: not)."""
    from wordkit.game import Quit

    out = render.console()
    host = human_host(session)
    try:
        record = session.play(announced(session), host)
    except Quit:
        say(out, "Bye.")
        return
    say(out, "I win!" if record.won else "You win: I am out of lives.")
    final: State = host.answers[-1] if host.answers else host.opening
    last = record.moves[-1] if record.moves else ""
    secret = (last if len(last) > 1 else final.mask) if record.won else told_word(session, final)
    record = replace(record, secret=secret or record.secret)
    if session.keep(record, source="solve", strategy=session.strategy, path=kept):
        say(out, f"{(secret or '').upper()} was not in my dictionary: I have learned it.")


def announced(session: Session) -> Any:
    """The AI as a guesser that says each move, with its candidates, before the host answers."""
    from wordkit.hangman.session import NO_WORD_FITS

    def guess(board: Board) -> Decision:
        with thinking():
            decision = session.guesser(board)
        if not len(board.ids):
            say(render.console(), f"({NO_WORD_FITS})")
        say(
            render.console(),
            f"My guess: {decision.move.upper()}  ({render.plural(len(board.ids), 'candidate')}, "
            f"confidence {decision.confidence:.0%}, {decision.label})",
        )
        return decision

    guess.name = session.strategy  # type: ignore[attr-defined]
    return guess


class HangmanHumanHost(terminal.HumanHost):
    """The human host of Hangman: the opening is the length or mask they type."""

    opening: Any = None
    session: Session

    def start(self, rules: Any) -> State:
        """The opening state, from the length or mask typed (Q: quit)."""
        say(self.out, "Think of a word. Type its length, or its mask with `_` for each letter.")
        self.opening = self.asked(
            "length or mask> ", lambda line: self.session.opening(line, rules)
        )
        return self.opening

    def reveal(self) -> str:
        """The word as far as the human showed it."""
        return (self.answers[-1] if self.answers else self.opening).mask


def human_host(session: Session) -> HangmanHumanHost:
    """The human as the host of the AI's game."""

    def answered(before: State, after: State) -> None:
        lives = "unlimited" if after.rules.lives is None else after.rules.lives - after.wrong
        say(render.console(), f"  {render.spaced(after.mask)}   lives left: {lives}")

    host = HangmanHumanHost(
        prompt=lambda state, move: (
            "right? (y/n)> " if len(move) > 1 else "mask (empty: not in it)> "
        ),
        parse=session.reported,
        listing=session.listing,
        answered=answered,
        letters_are_guesses=True,
    )
    host.session = session
    return host


def told_word(session: Session, state: State) -> str | None:
    """The human's word after the AI lost, checked against their answers (None: not told)."""
    while True:
        line = terminal.ask("What was your word? (empty: keep it secret)> ")
        if not line or terminal.command_of(line, letters_are_guesses=True) == terminal.QUIT:
            return None
        try:
            return session.told_word(state, line)
        except WordkitError as exc:
            say(render.console(), f"{exc}; type your word, or an empty line.")


# --- query ----------------------------------------------------------------------------------


@query_app.command("hangman")
@grouped
def query_hangman(
    word: Secrets,
    game: PlayChoice,
    seed: options.FreshSeed = None,
    json: options.Json = False,
) -> None:
    """How the AI would solve each WORD, turn by turn (words outside the table are played too).

    With --json, one JSON line per word. A word that cannot be played is one `Error:` line on
    stderr; the others are played, and the exit code is then 1.

    \b
    Example:
      wordkit query hangman apple --strategy coverage
      wordkit query hangman zebra lion --words categories --category animals
      wordkit query hangman - --json < words.txt
    """
    secrets = terminal.typed_words(word)
    if not secrets:
        raise GameStateError("no word to query: give WORD..., or - with words on stdin")
    with thinking(f"loading {game.words}"):
        session = game.session(seed=seed)
        session.lexicon  # noqa: B018
    failed = terminal.show_games(
        session.query(secrets), json=json, show=lambda done, first: show_walkthrough(done)
    )
    options.show_seed(session.drawn_seed)
    if failed:
        raise typer.Exit(1)


def show_walkthrough(done: Walkthrough) -> None:
    """One word's game: the turns as a table and the verdict."""
    out = render.console()
    if not done.in_table:
        say(out, f"{done.secret!r} is not in the table: the AI plays it as an unknown word.")
    from wordkit.hangman.session import WALKTHROUGH_COLUMNS

    out.print(render.table(None, WALKTHROUGH_COLUMNS, done.rows()))
    say(out, done.verdict())


# --- stats ----------------------------------------------------------------------------------


# fmt: off
@dataclass(frozen=True)
class Opponent:
    """How hard an adversarial host plays."""

    difficulty: Annotated[str, choice("LEVEL", "For an evil host: easy, medium or hard.",
        LEVELS)] = "hard"
    depth: Annotated[int, opt("K", "For a lookahead host: moves ahead, 1-6.")] = 3


@dataclass(frozen=True)
class RunChoice:
    """Which games a stats run plays, and where."""

    hint: Annotated[bool, opt(None, "Give each game its word's category.", "--hint")] = False
    sample: Annotated[int | None, opt("N", "Play N secrets drawn with the prior.")] = None
    secrets: Annotated[str | None, opt("NAME_OR_PATH",
        "Play these words against the --words table.")] = None
    jobs: options.Jobs = 1
    cluster: options.Cluster = None


@dataclass(frozen=True)
class HistoryReport:
    """A stats report of the games in the history instead of a run."""

    from_history: Annotated[bool, opt(None, "Report the games recorded in the game history (of "
        "--words, when given) instead of playing.", "--from-history")] = False
    history_db: options.HistoryDb = None
    learn: Learn = False
# fmt: on


@stats_app.command("hangman")
@grouped
def stats_hangman(
    ctx: typer.Context,
    game: PlayChoice,
    run: RunChoice,
    opponent: Opponent,
    report: HistoryReport,
    seed: options.FreshSeed = None,
    host: Host = None,
    format: options.StatsFormat = "table",
    json: options.Json = False,
    records: options.Records = None,
) -> None:
    """Play every word of a table: win rate, wrong guesses, distribution, hardest words.
    With --records - the records are the only output on stdout (the table goes to stderr).

    \b
    Example:
      wordkit stats hangman --words categories --strategy coverage --hint
      wordkit stats hangman --words cities --prior TZ=0.5 --sample 2000 --seed 1 --finish word
      wordkit stats hangman --host evil --difficulty hard --strategy coverage
      wordkit stats hangman --from-history --words english
    """
    fmt = options.stats_format(format, json=json, jobs=run.jobs)
    given = options.given_options(ctx)
    with thinking(f"loading {game.words}"):
        db = None if report.history_db is None else Path(report.history_db)
        session = game.session(seed=seed, learn=report.learn, db=db)
        session.check_stats(given, from_history=report.from_history, host=host)
    if report.from_history:
        summary, played = session.from_history(every_table="words" not in given)
    elif host is not None:
        with thinking(f"playing against the {host} host, one game per length"):
            versus = session.versus(host, **asdict(opponent))
        options.show_seed(session.drawn_seed)
        options.write_records(records, list(versus.by_length.values()))
        render_versus(versus, fmt)
        return
    else:
        todo = session.games_to_play(sample=run.sample, secrets=run.secrets)
        with terminal.progress_bar(todo) as bar, options.kept_on_failure(records):
            done = session.stats(
                sample=run.sample, hint=run.hint, secrets=run.secrets, jobs=run.jobs,
                cluster=options.cluster_of(run.cluster), progress=bar,
            )  # fmt: skip
        options.show_seed(session.drawn_seed)
        summary, played = done.summary, done.records
    options.write_records(records, played)
    render.show_summary(summary, fmt, to_stderr=records == "-", **session.labels(summary))


def render_versus(versus: Versus, fmt: str) -> None:
    """One game per word length against an adversarial host: the wrong guesses needed."""
    if not render.emit_data(versus, fmt):
        columns = ("length", "wrong", "guesses", "word")
        table = [[r[c] for c in columns] for r in versus.rows()]
        render.console().print(render.table(versus.title(), columns, table))


# --- host ---------------------------------------------------------------------------------


@host_app.command("hangman")
@grouped
def host_hangman(
    game: PlayChoice,
    history: HangmanHistory,
    opponent: Opponent,
    mode: Mode = "honest",
    seed: options.FreshSeed = None,
    trainer: options.Trainer = False,
    length: Length = None,
) -> None:
    """Play Hangman against the computer: it hosts, you guess letters or the whole word.

    Type a letter or a word. The capitals L, G and Q (or :l, :g, :q) list the words still
    possible (likeliest first), give up, and quit; ? asks the AI for a hint. With --mode evil
    the host never commits to a word: it keeps the largest family of words after each guess.
    Each game you give up or finish is recorded in the history; Q and Ctrl-C record nothing.

    \b
    Example:
      wordkit host hangman --mode evil --difficulty medium --length 6
      wordkit host hangman --words categories --category animals --trainer
    """
    from wordkit.game import Quit

    kept = history.recording()
    with thinking(f"loading {game.words}"):
        session = game.session(seed=seed, learn=history.learn, db=history.db())
        host = session.host(mode, length=length, **asdict(opponent))
    options.show_seed(session.drawn_seed)
    out = render.console()
    human = human_guesser(session, mode)
    try:
        record = session.play(human, terminal.ThinkingHost(host), watch=watcher(session, trainer))
    except (Quit, KeyboardInterrupt):  # neither is recorded (Q exits 0, Ctrl-C 130)
        say(out, f"The word was {host.reveal().upper()}.")
        raise
    verdict = (
        "You win:" if record.won else "The word was" if human.gave_up else "Hanged. The word was"
    )
    say(out, f"{verdict} {record.secret.upper()}.")
    level = {"evil": opponent.difficulty, "lookahead": opponent.depth}.get(mode)
    session.keep(record, source="host", strategy=f"{mode}-{level}" if level else mode, path=kept)


def human_guesser(session: Session, mode: str) -> terminal.HumanGuesser:
    """The human as the guesser of a hosted game."""
    started: list[bool] = []

    def before(board: Board) -> None:
        if not started:
            started.append(True)
            say(render.console(), session.banner(mode, len(board.state.mask)))
        show_board(board.state)

    return terminal.HumanGuesser(
        prompt=lambda board: "guess> ",
        parse=session.typed_move,
        listing=session.listing,
        advisor=session.advisor(),
        letters_are_guesses=True,
        before=before,
    )


def watcher(session: Session, trainer: bool) -> Any:
    """What the human sees after each move: the trainer's line, a miss, the final board."""
    from wordkit.hangman.play import hit
    from wordkit.hangman.trainer import advice_for

    guide = session.advisor()

    def watch(before: Board, decision: Decision, after: Board) -> None:
        if trainer:
            advice = advice_for(before, decision.move, after=after.state, guide=guide)
            say(render.console(), render.trainer_line(advice, noun="word"))
        if not hit(before, after):
            say(render.console(), f"No {decision.move.upper()}.")
        if after.state.status != "playing":
            show_board(after.state)

    return watch


def show_board(state: State) -> None:
    """The gallows, the mask, the wrong letters and the lives left."""
    lives = state.rules.lives
    wrong = sorted(set(state.letters) - set(state.mask))
    wrong += [w for w in state.words if w != state.mask]
    out = render.console()
    if lives is not None:
        say(out, render.gallows(state.wrong, lives))
    say(out, f"  {render.spaced(state.mask.upper())}")
    left = "unlimited" if lives is None else max(lives - state.wrong, 0)
    say(out, f"  wrong: {' '.join(x.upper() for x in wrong) or '-'}   lives left: {left}")
