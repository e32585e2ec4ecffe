"""`wordkit solve|query|stats|host hangman`: options -> `wordkit.hangman.Session` -> one call ->
render. The game package is imported inside the commands, so `wordkit --help` starts fast; the
human at the terminal plugs into the one game loop through `cli/terminal.py`."""

from __future__ import annotations

import contextlib
import functools
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from wordkit.cli import options, render, terminal
from wordkit.cli.app import host_app, query_app, solve_app, stats_app
from wordkit.cli.options import choice, grouped, opt
from wordkit.cli.terminal import say, thinking
from wordkit.errors import GameStateError

if TYPE_CHECKING:
    from wordkit.game import Decision
    from wordkit.hangman.board import Board
    from wordkit.hangman.rules import State
    from wordkit.hangman.session import Hosted, Session, Walkthrough

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
Lives = Annotated[str, opt("N", "Lives: the Nth wrong guess loses, 1-1000; 0 or `unlimited` "
    "for no limit.")]
Variant = Annotated[str, choice("VARIANT", "classic (every occurrence shown) or advanced (one "
    "per guess, length hidden).", ("classic", "advanced"), "--variant")]
Finish = Annotated[str, choice("FINISH", "reveal (won when all letters show) or word (won only "
    "by naming the word).", ("reveal", "word"), "--finish")]
Prior = Annotated[list[str] | None, opt("PRIOR", "uniform, weight, or CATEGORY=SHARE,... e.g. "
    "TZ=0.5 (repeats add up; a name with , or = in JSON: '{\"a=b\": 0.5}').  [default: "
    "weight; stats of every row: uniform]", show_default=False)]
Category = Annotated[list[str] | None, opt("NAME", "Only words of this category (a hint).")]
Learn = Annotated[bool, opt(None, "Words the AI did not know (revealed at the end of a game) "
    "join its dictionary for later games on the table, and the AI plays under what the "
    "recorded games say of the host (how often its words are in the table, which categories "
    "it favours).", "--learn/--no-learn")]
Mask = Annotated[str | None, opt("MASK",
    "The word as shown, `_` for hidden letters: a__le or 'a _ _ l e'.")]
Guessed = Annotated[list[str] | None, opt("LETTERS",
    "Letters guessed so far, e.g. aeli (the option given twice adds up; a letter named twice "
    "counts once, but in the advanced variant, where a guess shows one place, once a guess).")]
Refuted = Annotated[list[str] | None, opt("WORDS",
    "Whole words guessed wrongly, comma-separated (the option given twice adds up).")]
Secrets = Annotated[list[str] | None, typer.Argument(metavar="WORD...",
    help="The secret words; - reads them from stdin.")]
SecretsFile = Annotated[str | None, opt("NAME_OR_PATH",
    "Play these words too, after any WORD (a table or list; words outside --words too).")]
Host = Annotated[str | None, choice("HOST", "Play against a host: evil or lookahead, per length.",
    VERSUS)]
Mode = Annotated[str, choice("MODE", "honest, evil (never commits) or lookahead (the hardest).",
    MODES)]
Length = Annotated[int | None, opt("N", "Word length.")]
# fmt: on


@dataclass(frozen=True)
class RulesChoice:
    """The options choosing the dictionary and the rules: what `host` takes (its hints are the
    trainer's advisor's, so no --strategy)."""

    words: Words = "english"
    lives: Lives = "6"
    variant: Variant = "classic"
    finish: Finish = "reveal"
    category: Category = None
    prior: Prior = None

    def session(
        self,
        *,
        seed: int | None = None,
        learn: bool = False,
        db: Any = None,
        strategy: str = "best",
    ) -> Session:
        """The session these options open (typed errors for bad values)."""
        from wordkit.hangman import Session

        return Session(
            words=self.words, strategy=strategy, lives=self.lives, variant=self.variant,
            finish=self.finish, category=self.category, prior=self.prior, seed=seed,
            learn=learn, history=db,
        )  # fmt: skip


@dataclass(frozen=True)
class PlayChoice(RulesChoice):
    """The options choosing the dictionary, the rules and the AI: solve, query and stats."""

    strategy: Strategy = "best"

    def session(self, **given: Any) -> Session:
        """The session these options open, with the AI chosen."""
        return super().session(**given, strategy=self.strategy)


@dataclass(frozen=True)
class HangmanHistory(options.HistoryChoice):
    """The game history options of the commands that play with a human."""

    learn: Learn = True


# --- solve ----------------------------------------------------------------------------------


@solve_app.command("hangman")
@grouped
def solve_hangman(
    ctx: typer.Context,
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
    answer, Q quits without recording the game. Each game is recorded in the game history
    (once the AI lost, Q at "What was your word?" keeps the word secret, and the game is
    still recorded); a word the AI did not know is learned for later games (--learn).

    \b
    Example:
      wordkit solve hangman --mask a__le --guessed aeli
      wordkit solve hangman --words categories --category animals   # interactive
    """
    playing = mask is None and terminal.plays(interactive, json)
    if mask is None and not playing:
        raise GameStateError("give the game state with --mask (e.g. --mask a__le --guessed aeli)")
    if playing:
        options.check_moves_on_stdin(ctx)
    with thinking(f"loading {game.words}"):
        session = game.session(learn=playing and history.learn, db=history.db())
        mode = session.solve_mode(options.given_options(ctx), playing=playing)
        kept = history.recording() if mode == "game" else None
        if mode == "game":
            session.pool()  # the table loaded under the spinner, its warnings before the intro
    if mode == "game":
        ai_game(session, kept, learn=history.learn)
        return
    assert mask is not None
    with thinking():
        found = session.next_move(mask, guessed=guessed or "", refuted=refuted or "")
    render.show(found, json=json)


def ai_game(session: Session, kept: Any, *, learn: bool) -> None:
    """The AI guesses the word the human thinks of; the game goes into the history (Q: not),
    where a word new to the table is learned by the games played with `--learn`."""
    from wordkit.game import Quit

    answered = lambda before, after: say(render.console(), mask_and_lives(after))  # noqa: E731

    # The human may tell their word, checked against their answers, once they say the AI lost
    # (U there takes that answer back).
    def told(line: str) -> str:
        return line and session.told_word(host.latest, line)

    host: terminal.HumanHost = terminal.HumanHost(
        session, prompt=host_prompt, answered=answered, shown=mask_and_lives,
        opening_prompt=OPENING_PROMPT, closing=(TELL, told), letters_are_guesses=True,
        listing=functools.partial(listing, session, learned=True),  # your words, learned too
    )  # fmt: skip
    intro, ending = ai_intro(session), ai_ending
    record = terminal.play_ai(session, host, intro=intro, ending=ending, announce=announcement)
    if record is None:
        return
    if not record.won and host.told is None:  # lost by the move limit: asked now
        with contextlib.suppress(Quit):
            host.told = host.asked(TELL, told)
    if not record.won:
        record = replace(record, secret=host.told or record.secret)
    if session.keep(record, source="solve", strategy=session.strategy, path=kept):
        learned = "I have learned it" if learn else "a game with --learn will know it"
        say(render.console(), f"{record.secret.upper()} was not in my dictionary: {learned}.")


TELL = "What was your word? (empty: keep it secret)> "
OPENING_PROMPT = "length or mask> "
"""What a human hosting the AI's game is asked first (read by `Session.opening`)."""


def ai_intro(session: Session) -> str:
    """What a human hosting the AI's game is told first (with --learn, what the AI now assumes
    of this host)."""
    rules = session.rules
    intro = "Think of a word. Type its length, or its mask with `_` for each letter."
    if rules.variant == "advanced":
        intro = (
            f"Think of a word of at most {rules.width} letters and type its length (I play "
            "without it: the advanced variant hides it). After each letter, type the word's "
            "mask with one place of that letter shown."
        )
    if session.host is not None and session.host.games:
        return f"{intro}\nLearned from your games: {session.host.summary(session.given_prior)}."
    return intro


def host_prompt(state: Any, move: str) -> str:
    """What a human hosting the AI's game is asked after each move."""
    return "right? (y/n)> " if len(move) > 1 else "mask (empty: not in it)> "


def mask_and_lives(state: Any) -> str:
    """The line a human host sees after answering: the mask and the lives left."""
    lives = "unlimited" if state.rules.lives is None else state.rules.lives - state.wrong
    return f"  {' '.join(state.mask)}   lives left: {lives}"


def announcement(board: Board, decision: Decision) -> list[str]:
    """What the AI says of its move before the human host answers it."""
    from wordkit.game import plural
    from wordkit.hangman.session import NO_WORD_FITS, percent

    said = [] if len(board.ids) else [f"({NO_WORD_FITS})"]
    kind = f"{plural(len(board.ids), 'candidate')}, confidence {percent(decision.confidence)}"
    return [*said, f"My guess: {decision.move.upper()}  ({kind}, {decision.label})"]


def ai_ending(record: Any) -> str:
    """The last line of the AI's game (`record` None: the human quit)."""
    if record is None:
        return "Bye."
    return "I win!" if record.won else "You win: I am out of lives."


def listing(session: Session, position: Any, *, learned: bool = False) -> list[str]:
    """What `L` shows: how many words are still possible, and the likeliest of them."""
    return terminal.listed(*session.likeliest(position, learned=learned), "word")


# --- query ----------------------------------------------------------------------------------


@query_app.command("hangman")
@grouped
def query_hangman(
    ctx: typer.Context,
    game: PlayChoice,
    word: Secrets = None,
    secrets: SecretsFile = None,
    seed: Annotated[
        int | None,
        opt(
            "S",
            "Seed for the advanced variant's reveals (default: a "
            "fresh one, shown; the classic game draws nothing).",
            "--seed",
        ),
    ] = None,
    json: options.JsonLines = False,
) -> None:
    """How the AI would solve each WORD, turn by turn (words outside the table are played too).

    With --json, one JSON line per word. A word that cannot be played is one `Error:` line on
    stderr; the others are played, and the exit code is then 1.

    \b
    Example:
      wordkit query hangman apple --strategy coverage
      wordkit query hangman zebra lion --words categories --category animals
      wordkit query hangman - --json < words.txt
      wordkit query hangman --secrets words.txt --words categories
    """
    if not word and secrets is None:
        ctx.fail("Missing argument 'WORD...'.")
    played = list(terminal.typed_words(word or []))
    if secrets is not None:  # as query wordle's --secrets: after the words typed
        from wordkit import tables

        played += tables.load_columns(secrets).words
    if not played:
        raise GameStateError("no word to query: give one or more words, or - to read them")
    with thinking(f"loading {game.words}"):
        session = game.session(seed=seed)
        if seed is not None and not session.advanced:  # as `stats` refuses it
            raise GameStateError(
                "--seed draws the advanced variant's reveals, and the classic game has none: "
                "drop it"
            )
        session.lexicon  # noqa: B018
    named = len(played) > 1 or "-" in (word or []) or secrets is not None
    failed, shown = terminal.show_games(
        session.query(played), json=json,
        show=lambda done, first: show_walkthrough(done, first=first, named=named),
    )  # fmt: skip
    if shown:  # a seed no game used is not one to repeat
        options.show_seed(session.drawn_seed)
    if failed:
        raise typer.Exit(1)


def show_walkthrough(done: Walkthrough, *, first: bool = True, named: bool = False) -> None:
    """One word's game: the turns as a table and the verdict (`named`: the word first)."""
    out = render.console()
    if not first:
        say(out, "")
    if not done.in_table:
        where = "the table" if done.category is None else f"the table's {done.category} words"
        say(out, f"{done.secret!r} is not in {where}: the AI plays it as an unknown word.")
    from wordkit.hangman.session import WALKTHROUGH_COLUMNS

    out.print(render.table(None, WALKTHROUGH_COLUMNS, done.rows()))
    say(out, done.verdict(named=named))


# --- stats ----------------------------------------------------------------------------------


# fmt: off
@dataclass(frozen=True)
class Opponent:
    """How hard an adversarial host plays."""

    difficulty: Annotated[str | None, choice("LEVEL",
        "For an evil host: easy, medium or hard (default hard).", LEVELS)] = None
    depth: Annotated[int | None, opt("K", "For a lookahead host: 1-6 moves ahead (3).")] = None


@dataclass(frozen=True)
class RunChoice:
    """Which games a stats run plays."""

    hint: Annotated[bool, opt(None, "Give each game its word's category.", "--hint")] = False
    sample: Annotated[int | None, opt("N",
        "Play N secrets drawn under the prior, as a host draws them (a word may come again; "
        "every word once: no --sample).")] = None
    secrets: Annotated[str | None, opt("NAME_OR_PATH",
        "Play these words against the --words table.")] = None


@dataclass(frozen=True)
class HistoryReport(options.FromHistory):
    """A stats report of the games in the history, and learning from it."""

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
    out: options.StatsOutput,
    seed: options.FreshSeed = None,
    host: Host = None,
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
    from wordkit import outputs

    fmt, records = out.chosen(), out.records
    outputs.check_not_a_sweep(records)
    given = options.given_options(ctx)
    with thinking(f"loading {game.words}"):
        db = None if report.history_db is None else Path(report.history_db)
        session = game.session(seed=seed, learn=report.learn, db=db)
        session.check_stats(given, from_history=report.from_history, host=host)
    if report.from_history:
        played = session.from_history(every_table="words" not in given)
    elif host is not None:
        kept = outputs.kept_on_failure(records, told=terminal.say_err)
        bar = terminal.progress_bar(session.versus_games())
        with options.seed_shown(session), kept, bar as progress:
            versus = session.versus(host, **asdict(opponent), progress=progress)
        outputs.write_records(records, list(versus.by_length.values()))
        on_stderr = outputs.is_stdout(records)  # stdout carries the records alone
        if not render.emit_data(versus, fmt, err=on_stderr):
            render.console(err=on_stderr).print(render.table(*versus.table()))
        return
    else:
        todo = session.games_to_play(sample=run.sample, secrets=run.secrets, hint=run.hint)
        kept = outputs.kept_on_failure(records, told=terminal.say_err)
        # the bar gone before what was kept; a book built first is said above it
        bar = terminal.progress_bar(todo)
        with options.seed_shown(session), kept, terminal.notices_shown(), bar as progress:
            played = session.stats(
                sample=run.sample, hint=run.hint, secrets=run.secrets, jobs=out.jobs,
                cluster=options.cluster_of(out.cluster), progress=progress,
            )  # fmt: skip
    render.show_played(played, fmt, records)


# --- host ---------------------------------------------------------------------------------


@host_app.command("hangman")
@grouped
def host_hangman(
    ctx: typer.Context,
    game: RulesChoice,
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
    Each game you give up (once you guessed) or finish is recorded in the history, and your
    statistics against this host are shown at the end: played, win %, streaks, wrong guesses
    in the games won. Q, Ctrl-C and the end of input record nothing.

    \b
    Example:
      wordkit host hangman --mode evil --difficulty medium --length 6
      wordkit host hangman --words categories --category animals --trainer
    """
    options.check_moves_on_stdin(ctx)
    with thinking(f"loading {game.words}"):
        session = game.session(seed=seed, learn=history.learn, db=history.db())
        given = options.given_options(ctx)
        hosted = session.hosted(mode, length=length, given=given, **asdict(opponent))
    options.show_seed(session.drawn_seed)
    guesser = terminal.HumanGuesser(
        prompt=lambda board: "guess> ",
        parse=session.typed_move,
        listing=functools.partial(listing, session),
        advisor=session.advisor,
        letters_are_guesses=True,
    )
    watch, kept = watcher(session, trainer), history.recording()
    ending = functools.partial(hosted_ending, hosted)
    stats = terminal.play_hosted(hosted, guesser, watch, kept, banner=banner(hosted), ending=ending)
    variant = f"{hosted.variant}, {hosted.strategy} host"  # the games counted are this host's
    counted = "Wrong guesses in the games won"
    render.show_player_stats(session.words, variant, stats, counted=counted)


def banner(hosted: Hosted) -> str:
    """A hosted game's first lines: the variant, the keys and the empty board."""
    rules = hosted.start.state.rules
    lives, width = rules.lives, len(hosted.start.state.mask)
    size = f"up to {width} letters" if rules.variant == "advanced" else f"{width} letters"
    left = "unlimited lives" if lives is None else f"{lives} li{'fe' if lives == 1 else 'ves'}"
    return (
        f"Hangman, {size}, {hosted.mode} host, {left}. Type a letter or a word; "
        f"L lists, ? hints, G gives up, Q quits.\n{drawing(hosted.start.state)}"
    )


def hosted_ending(hosted: Hosted, record: Any, gave_up: bool) -> str:
    """A hosted game's last line: the win, or the word (`record` None: the game was quit)."""
    word = hosted.host.reveal(hosted.latest.state) if record is None else record.secret
    if record is not None and record.won:
        return f"You win: {word.upper()}."
    lead = "The word was" if gave_up or record is None else "Hanged. The word was"
    return f"{lead} {word.upper()}."


# Seven drawings, from an empty gallows to a whole figure; lives are scaled onto them.
GALLOWS = (
    ("  +---+", "  |   |", "      |", "      |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", "      |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", "  |   |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|   |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", "      |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " /    |", "      |", "========"),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " / \\  |", "      |", "========"),
)


def drawing(state: State) -> str:
    """The board a player sees: the gallows (with a life limit), the mask, the wrong guesses
    and the lives left."""
    lives = state.rules.lives
    # A letter guessed more times than the mask shows it missed each time past those (in the
    # advanced variant a guess reveals one place; in the classic one any guess shows them all)
    misses = {ch: state.letters.count(ch) - state.mask.count(ch) for ch in set(state.letters)}
    if state.rules.variant == "classic":
        misses = {ch: int(ch not in state.mask) for ch in misses}
    wrong = [ch for ch in sorted(misses) for _ in range(max(misses[ch], 0))]
    won = state.words[-1:] if state.status == "won" else ()  # the word that won is no miss
    wrong += [w for w in state.words if w not in won]
    lines = [f"  {' '.join(state.mask.upper())}"]
    if lives is not None:
        stages = len(GALLOWS) - 1
        stage = stages if state.wrong >= lives else (state.wrong * stages) // max(lives, 1)
        stage = max(stage, min(state.wrong, 1))  # a miss shows, even under 7 lives or more
        lines[:0] = GALLOWS[stage]
    left = "unlimited" if lives is None else max(lives - state.wrong, 0)
    lines.append(f"  wrong: {' '.join(x.upper() for x in wrong) or '-'}   lives left: {left}")
    return "\n".join(lines)


def watcher(session: Session, trainer: bool) -> Any:
    """What the human sees after each move: the trainer's line, a miss, the board."""
    from wordkit.hangman.play import hit
    from wordkit.hangman.trainer import advice_for

    guide = session.advisor

    def watch(before: Board, decision: Decision, after: Board) -> None:
        if trainer:
            advice = advice_for(before, decision.move, after=after.state, guide=guide)
            say(render.console(), render.trainer_line(advice, noun="word"))
        if not hit(before, after):
            # (advanced: a letter shown already may be there once more, or not)
            more = " more" if len(decision.move) == 1 and decision.move in before.state.mask else ""
            say(render.console(), f"No{more} {decision.move.upper()}.")
        say(render.console(), drawing(after.state))

    return watch
