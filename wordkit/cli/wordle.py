"""`wordkit solve|query|stats|host wordle`: options -> `wordkit.wordle.Session` -> one call ->
render, one board or N (`--boards`, side by side). The Session holds every check, default and
conflict; this module parses and draws. The game package (and numpy) load inside the commands,
so `--help` starts fast; what users typed goes out through `say`, never as markup; stdout
carries only data whenever it carries data (`--records -`, `--tree -`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from wordkit.cli import options, render, terminal
from wordkit.cli.app import host_app, query_app, solve_app, stats_app
from wordkit.cli.options import opt
from wordkit.cli.terminal import say, thinking
from wordkit.game import Decision

if TYPE_CHECKING:
    from pathlib import Path

    from rich.text import Text

    from wordkit.wordle.session import Game, Hosted, Played, Session, Versus

STRATEGY_NAMES = "expected-size, entropy, minimax, heuristic, heuristic-original, optimal"
"""The names of wordkit.wordle.guessers.GUESSERS (kept here so `--help` imports no numpy)."""
LENGTH_RANGE = (2, 15)
"""wordkit.wordle.lists.LENGTHS, first and last (kept here so `--help` imports no numpy)."""
BUDGET = 3.0
"""Seconds an exact search may think per decision in solve, query and host."""


# fmt: off
Budget = Annotated[float, opt("SECONDS",
    "Time an exact search may think per guess; past it, the entropy guess (noted).")]
Secrets = Annotated[str | None, opt("NAME_OR_PATH",
    "Play these words as the secrets (a table or list; each must be a possible answer).")]
History = Annotated[list[str] | None, opt("WORD=FEEDBACK,...", "The game so far, e.g. "
    "crane=BBBYY,slimy=01010 (G/Y/B, 2/1/0 or squares); repeat it to add turns.")]
Review = Annotated[bool, opt(None, "Rate every guess of --history: answers left, expected left "
    "against the AI's guess, skill (its information against the most informative guess's) and "
    "luck (how few answers its feedback left, against the others it could have had), 0-100.",
    "--review")]
Words = Annotated[list[str] | None, typer.Argument(metavar="WORD...", help="The answers to "
    "solve (N a game with --boards N); - reads them from stdin, one game a line.")]
HostMode = Annotated[str, opt("MODE", "honest, or evil (Absurdle: never commits).")]
MaxGuesses = Annotated[int | None, opt("N", "Guesses allowed, 1-100 (default: 6; with --boards "
    "7, 9, 13, 21; unlimited against the evil host).", "--max-guesses")]
BoardsMaxGuesses = Annotated[int | None, opt("N", "With --boards: guesses allowed, 1-100 (default "
    "7, 9, 13, 21 for 2, 4, 8, 16 boards; one board always allows 6).",
    "--max-guesses")]


@dataclass(frozen=True)
class ListsChoice:
    """The options choosing the lists and the mode, shared by every Wordle command."""

    answers: Annotated[str | None, opt("NAME_OR_PATH", "Possible answers, every one alike: a "
        "table name or path (default: every allowed word, weighted by its frequency).",
        "--answers")] = None
    guesses: Annotated[str | None, opt("NAME_OR_PATH",
        "Allowed guesses: with --answers exactly these and the answers (default: "
        "wordle-guesses); without, added to the lists (whose every word is allowed).")] = None
    length: Annotated[int | None, opt("N", f"Play N-letter words ({LENGTH_RANGE[0]}-"
        f"{LENGTH_RANGE[1]}) of the english table instead of the wordle tables.")] = None
    hard: Annotated[bool, opt(None, "Hard mode: reuse every hint revealed.", "--hard")] = False
    boards: Annotated[int, opt("N", "Play N boards at once: 2 Dordle, 4 Quordle, 8 Octordle, "
        "16 Sedecordle (one feedback a board in solve: WORD=P1/P2/...).", "--boards")] = 1
    table: Annotated[str | None, opt("NAME_OR_PATH", "Play a table's words of the game's length "
        "as guesses and answers, each answer's prior from its weight's rank: the 2,300 "
        "heaviest are likely, the rest less and less (default: the built-in wordle tables).",
        "--words")] = None


@dataclass(frozen=True)
class AIChoice:
    """The options choosing the AI, shared by solve, query and stats."""

    strategy: Annotated[str, opt("NAME", f"One of: {STRATEGY_NAMES}.")] = "entropy"
    opener: Annotated[str | None,
        opt("WORD", "First guess (default: the strategy's best, cached).")] = None
# fmt: on


def open_session(ai: AIChoice | None, lists: ListsChoice, **more: Any) -> Session:
    """The Session the options ask for (its checks run here, before any list is read)."""
    from wordkit.wordle.session import Session

    chosen: dict[str, Any] = {} if ai is None else {"strategy": ai.strategy, "opener": ai.opener}
    if lists.boards > 1:  # the N-board guesser has no budget; one given is refused by name
        more["budget"] = None
    return Session(
        **chosen, answers=lists.answers, guesses=lists.guesses, length=lists.length,
        words=lists.table, hard=lists.hard, boards=lists.boards, **more,
    )  # fmt: skip


# --- boards and tiles -------------------------------------------------------------------------


def side_by_side(
    lead: str, cells: Sequence[int | str | None], length: int, *, columns: int | None = None
) -> str:
    """A line across the boards: `lead`, then on each board its marks (a pattern), a word, or
    a blank (a board solved before); on a terminal, folded under the lead when wider than
    `columns` (its width), so the terminal never cuts a board in two (a pipe or a file gets
    one line)."""
    from rich.cells import cell_len

    from wordkit.wordle.rules import pattern_marks

    width = cell_len(render.squares([0] * length))
    shown = [
        c.upper().ljust(width) if isinstance(c, str) else " " * width if c is None
        else render.squares(pattern_marks(c, length)) for c in cells
    ]  # fmt: skip
    if columns is None:
        out = render.console()
        columns = out.width if out.is_terminal else 0
    room = columns - cell_len(lead)
    per_line = max(1, (room + 2) // (width + 2)) if columns else len(shown)
    lines = ["  ".join(shown[i : i + per_line]) for i in range(0, len(shown), per_line)]
    return "\n".join(
        (lead if k == 0 else " " * cell_len(lead)) + line for k, line in enumerate(lines)
    )


def turn_shown(before: Any, after: Any) -> Text | str:
    """The last guess: coloured tiles on one board, a row of squares with several."""
    from wordkit.wordle.session import boards_of

    if not hasattr(after, "boards"):
        return render.tiles(*after.turns[-1])
    pairs = zip(boards_of(before), boards_of(after), strict=True)
    patterns = [None if b.solved else a.turns[-1][1] for b, a in pairs]
    return side_by_side(
        f"{before.turn:>2}. {after.guesses[-1].upper()}  ", patterns, after.game.length
    )


# --- solve ------------------------------------------------------------------------------------


@solve_app.command("wordle")
@options.grouped
def solve_wordle(
    ctx: typer.Context,
    ai: AIChoice,
    lists: ListsChoice,
    kept: options.HistoryChoice,
    history: History = None,
    budget: Budget = BUDGET,
    interactive: options.Interactive = False,
    review: Review = False,
    json: options.Json = False,
) -> None:
    """The AI's next Wordle guess; on a terminal, the AI plays while you host.

    In AI mode you think of a word, the AI guesses, and you type each guess's feedback:
    G/Y/B letters, 2/1/0 digits, coloured squares, or a mix; WORD=FEEDBACK when you played
    another word. L lists the answers left (likeliest first), U undoes the last entry, Q quits
    without recording the game. Each game solved is recorded in the game history.

    \b
    Example:
      wordkit solve wordle --history crane=BBBYY,clint=BYBYB
      wordkit solve wordle --boards 2 --history crane=BBYGB/GGBBB
      wordkit solve wordle --history raise=BBYGB,pound=BBBBB --review
      wordkit solve wordle            # AI mode on a terminal
    """
    session = open_session(ai, lists, budget=budget)
    playing = history is None and terminal.plays(interactive, json)
    mode = session.solve_mode(options.given_options(ctx), review=review, playing=playing)
    if mode == "review":
        show_review(session, history or (), json)
    elif mode == "game":
        options.check_moves_on_stdin(ctx)
        ai_mode(session, kept.recording())
    else:
        with terminal.notices_shown(), thinking():
            move = session.next_move(history or ())
        render.show(move, json=json)


def show_review(session: Session, history: Sequence[str], json: bool) -> None:
    """Every guess of the game rated: answers before and after, expected left (yours and the
    advisor's guess), skill and luck; --json gives one object, `game` and `review` (a guess
    each), as every `solve --json` is one object naming its game."""
    with terminal.notices_shown(), thinking():
        rows = session.review(history)
    if json:
        render.emit_json({"game": "wordle", "review": [row.as_dict() for row in rows]})
        return
    for row in rows:
        say(render.console(), render.tiles(row.guess, row.pattern(), row.line(render.arrow())))


def ai_mode(session: Session, kept: Path | None) -> None:
    """The human hosts: the AI guesses and the human types the feedback after each guess; the
    game goes into the history at `kept` (None, or Q: not)."""
    answered = lambda state, after: say(render.console(), turn_shown(state, after))  # noqa: E731
    host = terminal.HumanHost(
        session, prompt=lambda state, row: host_prompt(session), answered=answered,
        listing=functools.partial(listing, session), letters_are_guesses=False,
    )  # fmt: skip
    ending = functools.partial(ai_ending, session)
    with terminal.notices_shown():
        session.start("ai")  # a game that cannot be played is refused before it is explained
        intro = ai_intro(session)
        record = terminal.play_ai(session, host, intro=intro, ending=ending, announce=announcement)
    if record is not None:
        session.keep(record, source="solve", strategy=session.guesser.name, path=kept)


def ai_intro(session: Session) -> str:
    """What a human hosting the AI's game is told first: what to think of, what to type."""
    length, n = session.game.length, session.boards
    article = "an" if str(length).startswith("8") or length in (11, 18) else "a"
    words = f"{article} {length}-letter word" if n == 1 else f"{n} different {length}-letter words"
    other = "; / between boards" if n > 1 else ""
    other += "; WORD=FEEDBACK if you played another word)"
    return (
        f"Think of {words} from the answer list ({len(session.game.answers):,} words). After "
        f"each guess type its feedback (G/Y/B, 2/1/0 or squares{other}. L lists the answers "
        "left, U undoes, Q quits."
    )


def host_prompt(session: Session) -> str:
    """What a human hosting the AI's game is asked after each guess."""
    return "feedback (one per unsolved board, / between)> " if session.boards > 1 else "feedback> "


def announcement(state: Any, move: Decision) -> list[str]:
    """What the AI says of its guess before the human host answers it: the answers (or boards)
    left, and how many answers it expects to leave."""
    from wordkit.game import plural
    from wordkit.wordle.play import expected_left

    head = f"Guess {state.turn}: {move.word.upper()}"
    if hasattr(state, "boards"):
        return [f"{head}  (boards left: {len(state.unsolved)})"]
    left = plural(len(state.remaining), "answer")
    return [f"{head}  ({left} left, expected {expected_left(state, move.row):.1f} after it)"]


def ai_ending(session: Session, record: Any) -> str:
    """The last line of the AI's game (`record` None: the human quit)."""
    from wordkit.game import plural

    if record is None or not record.solved:
        return "Bye."
    word = f": {record.secret.upper()}" if session.boards == 1 else ""
    limit = session.limit("honest")  # the human hosts with no limit: a game past it is lost
    past = f", past the {limit} allowed: a lost game" if limit and record.guesses > limit else ""
    return f"Solved in {plural(record.guesses, 'guess', 'guesses')}{word}{past}."


def listing(session: Session, state: Any) -> list[str]:
    """What `L` shows: the answers still possible, likeliest first (per unsolved board)."""
    if not hasattr(state, "boards"):
        return terminal.listed(*session.likeliest(state), "answer")
    lines = []
    for k in state.unsolved:
        words, left = session.likeliest(state, board=k)
        more = " ..." if left > len(words) else ""
        lines.append(f"  board {k + 1}: {', '.join(words)}{more}")
    return lines


# --- query ------------------------------------------------------------------------------------


@query_app.command("wordle")
@options.grouped
def query_wordle(
    ctx: typer.Context,
    ai: AIChoice,
    lists: ListsChoice,
    words: Words = None,
    secrets: Secrets = None,
    budget: Budget = BUDGET,
    json: options.JsonLines = False,
) -> None:
    """How the AI would solve each WORD: each guess, its feedback and the answers left.

    Every good word is played; each bad one is one `Error:` line on stderr, and the command
    then exits 1.

    \b
    Example:
      wordkit query wordle cigar --strategy expected-size --opener crane
      wordkit query wordle cigar rebut sissy --json
      wordkit query wordle - --json < answers.txt
      wordkit query wordle cigar rebut sissy humph --boards 4
    """
    if not words and secrets is None:
        ctx.fail("Missing argument 'WORD...'.")
    session = open_session(ai, lists, budget=budget, secrets=secrets)
    session.refuse_guesser_options(options.given_options(ctx))
    items = game_items(words or [], lists.boards)
    named = len(items) > 1 or "-" in (words or []) or secrets is not None
    with terminal.notices_shown():
        refused, _ = terminal.show_games(
            session.query(items), json=json,
            show=lambda game, first: show_game(game, first=first, named=named),
        )  # fmt: skip
    if refused:
        raise typer.Exit(1)


def game_items(words: list[str], boards: int) -> list[Any]:
    """The games asked for: one word each; with N boards, N words apart, or one game's words
    joined by `,` or `/` (as records write them), a game as joined (a group of another size
    is refused, never regrouped with its neighbours); `-` reads stdin, one game a line."""
    if boards == 1:
        return list(terminal.typed_words(words))
    from wordkit.wordle.boards import board_words

    items: list[Any] = []
    apart: list[str] = []  # words typed apart, N to a game
    for word in words:
        if word == "-":
            continue
        joined = board_words(word)
        if len(joined) == 1:
            apart += joined
            if len(apart) == boards:
                items, apart = [*items, apart], []
            continue
        if apart:  # a game begun apart, cut short by a joined one
            items, apart = [*items, apart], []
        items.append(joined)
    if apart:
        items.append(apart)
    return items + (terminal.typed_words(["-"]) if "-" in words else [])


def show_game(game: Game, *, first: bool, named: bool) -> None:
    """One game as tiles (one board) or boards side by side, and its verdict."""
    out = render.console()
    length = game.steps[0].length if game.steps else 0
    if not first:
        say(out, "")
    if game.boards > 1:
        say(out, side_by_side(" " * (length + 6), game.secret, length))
    for s in game.steps:
        if game.boards > 1:
            say(out, side_by_side(f"{s.turn:>2}. {s.guess.upper()}  ", s.pattern, length))
            continue
        left = f"  {s.candidates:>5,} {render.arrow()} {render.plural(s.answers_left, 'answer')}"
        say(out, render.tiles(s.guess, s.pattern, left))
        if s.note:
            say(out, f"  note: {s.note}")
    say(out, game.verdict(named=named))


# --- stats ------------------------------------------------------------------------------------


# fmt: off
@dataclass(frozen=True)
class StatsModes(options.FromHistory):
    """The options choosing what `stats wordle` does besides playing every answer."""

    host: Annotated[str | None, opt("HOST", "Play against a host instead: evil (Absurdle).")] = None
    tree: Annotated[str | None, opt("FILE", "Write the tree the strategy played: .json, .txt, "
        ".dot, .svg or .png (- prints the text on stdout; the table goes to stderr).")] = None
    tree_in: Annotated[str | None, opt("FILE",
        "Play a decision tree from FILE (.json or .txt) over every answer and check it.")] = None
    openers: Annotated[str | None, opt("FILE|all|top:N", "Rank openers instead: a file of words "
        "(or a word table), all, the N best by a cheap bound, or WORD,WORD (--records then holds "
        "a header line and a line per opener, and resumes).")] = None
    cutoff: Annotated[str | None, opt("T|none", "With --openers: stop an opener once it cannot "
        "beat T guesses in total (default: the best so far; none: every value exact).")] = None


@dataclass(frozen=True)
class StatsRun:
    """How `stats wordle` plays."""

    budget: Annotated[float | None, opt("SECONDS", "Time an exact search may think per guess "
        "(default: none, the figures are exact; with one they depend on the machine's load).",
        "--budget")] = None
    secrets: Secrets = None
    max_guesses: BoardsMaxGuesses = None
    sample: Annotated[
        int | None, opt("N", "Play N different answers drawn with the seed (with --boards: "
                        "N games, default 500); 1-1,000,000.")
    ] = None
    seed: options.FreshSeed = None
# fmt: on


@stats_app.command("wordle")
@options.grouped
def stats_wordle(
    ctx: typer.Context, ai: AIChoice, lists: ListsChoice, run: StatsRun, modes: StatsModes,
    out: options.StatsOutput,
) -> None:  # fmt: skip
    """Play every answer with a strategy: mean, histogram, max, share solved within 6.

    With --host evil the strategy plays one game against Absurdle, which never commits to a
    word, and the figure is how many guesses it needs.

    \b
    Example:
      wordkit stats wordle --strategy entropy --opener salet
      wordkit stats wordle --answers answers.txt --guesses allowed.txt --format json
      wordkit stats wordle --host evil --strategy minimax
      wordkit stats wordle --openers top:100 --strategy optimal --jobs 2 --records top.jsonl
      wordkit stats wordle --boards 4 --sample 500 --seed 1
      wordkit stats wordle --from-history
    """
    session = open_session(
        ai, lists, budget=run.budget, jobs=out.jobs, cluster=out.cluster, secrets=run.secrets,
        max_guesses=run.max_guesses, sample=run.sample, seed=run.seed,
    )  # fmt: skip
    fmt, records = out.chosen(), out.records
    mode = session.stats_mode(
        given=options.given_options(ctx), host=modes.host, tree=modes.tree,
        tree_in=modes.tree_in, openers=modes.openers, cutoff=modes.cutoff,
        from_history=modes.from_history,
    )  # fmt: skip
    session.cluster = options.cluster_of(out.cluster)
    with terminal.notices_shown():
        if mode == "openers":
            assert modes.openers is not None
            show_openers(session, modes.openers, modes.cutoff, records=records, fmt=fmt)
        elif mode == "versus":
            from wordkit import outputs

            outputs.check_not_a_sweep(records)
            with thinking() as retell:
                versus = session.versus(modes.host or "evil", progress=retell)
            outputs.write_records(records, [versus.record])
            show_versus(versus, fmt, err=outputs.is_stdout(records))
        else:
            from wordkit import outputs

            outputs.check_not_a_sweep(records)
            with options.seed_shown(session):
                played = stats_played(session, mode, modes, records)
            emit_played(session, played, fmt, records, modes.tree)


def stats_played(session: Session, mode: str, modes: StatsModes, records: str | None) -> Played:
    """The games of a stats mode: the history's, a tree's checked, or the AI's."""
    from pathlib import Path

    from wordkit import outputs

    if mode == "history":
        return session.from_history(None if modes.history_db is None else Path(modes.history_db))
    if mode == "tree-check":
        assert modes.tree_in is not None
        with terminal.progress_bar(len(session.game.answers)) as advance:
            return session.check_tree(modes.tree_in, progress=advance)
    kept = outputs.kept_on_failure(records, told=terminal.say_err)
    with kept, terminal.progress_bar(session.stats_games()) as bar:  # the bar gone first
        return session.stats(progress=bar)


def emit_played(
    session: Session, played: Played, fmt: str, records: str | None, tree: str | None
) -> None:
    """The tree where asked, the records and the summary (on stderr when stdout holds data)."""
    if tree is not None:
        from wordkit.wordle.trees import write_tree

        write_tree(played.records, tree, session.game.length)
    render.show_played(played, fmt, records, to_stderr=tree == "-")


def show_versus(versus: Versus, fmt: str, *, err: bool = False) -> None:
    """A game against Absurdle as JSON, CSV (the turns) or tiles and a closing line (on
    stderr when stdout carries the records)."""
    if render.emit_data(versus, fmt, err=err):
        return
    out = render.console(err=err)
    for guess, pattern in versus.turns:
        say(out, render.tiles(guess, pattern))
    say(out, versus.verdict())


# --- openers --------------------------------------------------------------------------------


def show_openers(
    session: Session, openers: str, cutoff: str | None, *, records: str | None, fmt: str
) -> None:
    """Rank the openers, a bar showing on a terminal (with the buckets done of an opener split
    over the workers), then show the ranking (not when stdout holds the records)."""
    from wordkit.game import plural

    def on_part(opener: str, done: int, buckets: int) -> None:
        terminal.bar_note(f"{opener.upper()}: {done:,} of {plural(buckets, 'bucket')} done")

    with terminal.progress_sized_later("opener") as (started, advance):
        try:
            result = session.sweep(
                openers, cutoff, records=records, progress=advance, started=started,
                on_part=on_part,
            )  # fmt: skip
        except KeyboardInterrupt:
            kept = f"Every opener finished is kept in {records}; run the same command to resume."
            if records not in (None, "-"):
                typer.echo(kept, err=True)
            raise
    from wordkit import outputs
    from wordkit.wordle.sweep import RANKING_COLUMNS

    on_stderr = outputs.is_stdout(records)  # stdout carries the records alone
    if render.emit_data(result, fmt, err=on_stderr):
        return
    title, rows, note = result.ranking("≥" if render.encodable("≥") else ">=")
    out = render.console(err=on_stderr)
    out.print(render.table(title, RANKING_COLUMNS, rows))
    for line in ([note] if note else []) + [f"{result.seconds:.1f} s"]:
        say(out, line)


# --- host -------------------------------------------------------------------------------------


def banner(hosted: Hosted) -> str:
    """A hosted game's first line: the variant and the keys."""
    from wordkit.game import plural
    from wordkit.wordle.boards import VARIANTS
    from wordkit.wordle.session import boards_of

    boards, rules = len(boards_of(hosted.start)), hosted.start.rules
    text = f"{VARIANTS[boards]}, {boards} boards of " if boards > 1 else "Wordle, "
    text += f"{rules.length} letters, {hosted.mode} host"
    limit = plural(hosted.limit, "guess", "guesses") if hosted.limit else None
    text += f", {limit or 'as many guesses as you need'}"
    text += ", hard mode" if rules.hard else ""
    return text + ". Type a word; L lists, ? hints, G gives up, Q quits."


def hosted_ending(hosted: Hosted, record: Any, gave_up: bool) -> str:
    """A hosted game's last line: the win, or the answer (`record` None: the game was quit)."""
    answer = " / ".join(hosted.host.reveal(hosted.latest).split("/")).upper()
    if record is not None and record.won:
        return f"You win in {record.guesses}: {answer}."
    lead = "" if gave_up or record is None else "Out of guesses. "
    return f"{lead}The answer{'s were' if ' / ' in answer else ' was'} {answer}."


def watcher(session: Session, trainer: bool) -> Any:
    """What the player sees after each guess: the tiles and keyboard (one board, with the
    trainer's advice when asked), or the boards' row and answers left."""
    from wordkit.wordle.rules import letter_marks

    def watch(before: Any, move: Decision, after: Any) -> None:
        out = render.console()
        say(out, turn_shown(before, after))
        if hasattr(after, "boards"):
            left = [f"{len(after.boards[k].remaining):,}" for k in after.unsolved]
            if left:
                say(out, f"    answers left on the unsolved boards: {' / '.join(left)}")
            return
        if trainer:
            with thinking():
                tip, skill, luck = session.advice(before, move.row, after)
            # skill is information, not the expected answers left above: both are said
            said = f"Skill {skill}/100 (information), luck {luck}/100."
            say(out, f"{render.trainer_line(tip)} {said}")
        if not after.solved:
            marks = letter_marks(after.turns, after.game.length)
            colour = out.color_system is not None and not out.no_color
            say(out, render.keyboard(marks, colour=colour), end="")

    return watch


@host_app.command("wordle")
@options.grouped
def host_wordle(
    ctx: typer.Context,
    lists: ListsChoice,
    history: options.HistoryChoice,
    mode: HostMode = "honest",
    seed: options.FreshSeed = None,
    trainer: options.Trainer = False,
    max_guesses: MaxGuesses = None,
) -> None:
    """Play Wordle against the computer: it hosts, you guess.

    Type a word to guess it. L lists the answers still possible (likeliest first), ? asks
    the AI for a hint, G gives up and shows the answer (a lost game), Q or Ctrl-D quits (the
    game is not recorded). With --mode evil the host never commits to a word (Absurdle): every
    answer keeps as many words alive as it can. Without --seed a fresh seed is drawn and
    shown, so a game can be replayed. Each game you finish or give up (once you guessed) is
    recorded in the game history, and your statistics for the variant are shown at the end:
    played, win %, streaks, guess distribution.

    \b
    Example:
      wordkit host wordle --seed 7 --trainer
      wordkit host wordle --mode evil
      wordkit host wordle --boards 4      # Quordle, the boards side by side
    """
    options.check_moves_on_stdin(ctx)
    session = open_session(None, lists, max_guesses=max_guesses, budget=BUDGET, seed=seed)
    session.check_host(mode, trainer=trainer)
    with terminal.notices_shown():
        hosted = session.hosted(mode)
    options.show_seed(session.drawn_seed)
    guesser = terminal.HumanGuesser(
        prompt=lambda state: f"guess {state.turn}> ",
        parse=session.typed_move,
        listing=functools.partial(listing, session),
        advisor=lambda state: session.advisor(state),
        letters_are_guesses=False,
    )
    watch, kept = watcher(session, trainer), history.recording()
    ending = functools.partial(hosted_ending, hosted)
    stats = terminal.play_hosted(hosted, guesser, watch, kept, banner=banner(hosted), ending=ending)
    render.show_player_stats(session.name, hosted.variant, stats, counted="Guess distribution")
