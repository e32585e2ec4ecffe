"""`wordkit solve|query|stats|host wordle`: parse the options, call wordkit.wordle, render.

The game package (and numpy) are imported inside the commands, so `wordkit --help` starts fast.
A human at the terminal plugs into the one game loop: as the host in `solve wordle` (AI
mode: the AI guesses, the human types feedback) and as the guesser in `host wordle`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from wordkit.cli import render, repl
from wordkit.cli.app import host_app, query_app, solve_app, stats_app
from wordkit.cli.options import Jobs, Json, Records, Seed, StatsFormat, Trainer, stats_format
from wordkit.errors import RangeError, WordkitError

if TYPE_CHECKING:
    from rich.text import Text

    from wordkit.runner import GameRecord, Summary
    from wordkit.wordle.guessers import Decision, Guesser
    from wordkit.wordle.lists import Wordle
    from wordkit.wordle.rules import Rules, State, Turn

STRATEGY_NAMES = "expected-size, entropy, minimax, heuristic, heuristic-seed, optimal"
"""The names of wordkit.wordle.guessers.GUESSERS (kept here so `--help` imports no numpy)."""
LIST_AT_MOST = 200

Answers = Annotated[
    str | None,
    typer.Option(
        "--answers",
        "--words",
        metavar="NAME_OR_PATH",
        help="Possible answers: a table name or path (default: wordle).",
    ),
]
Guesses = Annotated[
    str | None,
    typer.Option(
        metavar="NAME_OR_PATH", help="Allowed guesses (default: wordle-guesses; answers added)."
    ),
]
Length = Annotated[
    int | None,
    typer.Option(
        metavar="N",
        help="Play N-letter words of the english table (4-9) instead of the wordle tables.",
    ),
]
Strategy = Annotated[str, typer.Option(metavar="NAME", help=f"One of: {STRATEGY_NAMES}.")]
Opener = Annotated[
    str | None,
    typer.Option(metavar="WORD", help="First guess (default: the strategy's best, cached)."),
]
Hard = Annotated[bool, typer.Option("--hard", help="Hard mode: reuse every hint revealed.")]


def lists_and_rules(
    answers: str | None,
    guesses: str | None,
    length: int | None,
    *,
    hard: bool,
    max_guesses: int | None = 6,
) -> tuple[Wordle, Rules]:
    """The lists the options ask for and the game's rules on them."""
    from wordkit.wordle.lists import select_lists
    from wordkit.wordle.rules import Rules

    game = select_lists(answers, guesses, length)
    return game, Rules(length=game.length, max_guesses=max_guesses, hard=hard)


def guesses_text(count: int) -> str:
    """`1 guess`, `2 guesses`."""
    return render.plural(count, "guess", "guesses")


# --- solve --------------------------------------------------------------------------------


@solve_app.command("wordle")
def solve_wordle(
    history: Annotated[
        str | None,
        typer.Option(
            metavar="WORD=FEEDBACK,...",
            help="The game so far, e.g. roate=BBYGB,slimy=20010 (G/Y/B, 2/1/0 or squares).",
        ),
    ] = None,
    strategy: Strategy = "entropy",
    opener: Opener = None,
    hard: Hard = False,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
    interactive: Annotated[
        bool, typer.Option("--interactive", "-i", help="Play interactively even when piped.")
    ] = False,
    json: Json = False,
) -> None:
    """The AI's next Wordle guess; on a terminal, the AI plays while you host.

    In AI mode you think of a word, the AI guesses, and you type each guess's feedback:
    G/Y/B letters, 2/1/0 digits, coloured squares, or a mix; WORD=FEEDBACK when you played
    another word. L lists the answers left, U undoes the last entry, Q quits.

    \b
    Example:
      wordkit solve wordle --history roate=BBYGB,clint=BYBBB
      wordkit solve wordle            # AI mode on a terminal
    """
    from wordkit.wordle import play

    if history is None and (interactive or (repl.interactive() and not json)):
        # The human host may play on past six guesses.
        game, rules = lists_and_rules(answers, guesses, length, hard=hard, max_guesses=None)
        ai_mode(game, rules, strategy, opener)
        return
    game, rules = lists_and_rules(answers, guesses, length, hard=hard)
    move = play.next_move(game, history or "", strategy, rules, opener=opener)
    if json:
        render.emit_json(move.as_dict())
        return
    out = render.console()
    if move.solved is not None:
        out.print(f"Solved: {move.solved.upper()}")
        return
    expected = render.plural(move.expected_size, "answer")
    out.print(f"next guess: {str(move.guess).upper()}  (expected {expected} left after it)")
    out.print(f"answers left: {move.answers_left:,}")
    if move.answers:
        out.print("  " + ", ".join(move.answers))


class HumanHost:
    """The human at the terminal hosts: shown each guess, they type its feedback."""

    name = "human"

    def __init__(self) -> None:
        self.out = render.console()

    def answer(self, state: State, row: int) -> State | None:
        """The state after the typed feedback (None: quit); U undoes, L lists."""
        from wordkit.wordle.play import expected_left
        from wordkit.wordle.rules import parse_turn

        game = state.game
        left = render.plural(len(state.remaining), "answer")
        self.out.print(
            f"Guess {state.turn}: [bold]{game.guesses[row].upper()}[/bold]  "
            f"({left} left, expected {expected_left(state, row):.1f} after it)"
        )
        while True:
            line = repl.ask("feedback> ")
            if line is None or line.lower() == "q":
                return None
            if line.lower() == "l":
                shown = state.remaining[:LIST_AT_MOST]
                self.out.print(", ".join(game.answers[i] for i in shown))
                if len(state.remaining) > LIST_AT_MOST:
                    self.out.print(f"... and {len(state.remaining) - LIST_AT_MOST:,} more")
                continue
            if line.lower() == "u":
                if state.previous is None:
                    self.out.print("Nothing to undo.")
                    return state
                self.out.print(f"Undid {state.turns[-1][0].upper()}.")
                return state.previous
            try:
                after = parse_turn(state, line, suggested=row)
            except WordkitError as exc:
                hint = " (type U to undo)" if state.turns else ""
                self.out.print(f"[red]{exc}[/red]{hint}")
                continue
            self.out.print(tiles_of(after))
            return after

    def reveal(self, state: State) -> str:
        """The last guess when it solved the game, else nothing known."""
        return state.turns[-1][0] if state.solved else ""


def tiles_of(state: State) -> Text:
    """The last turn of `state` as coloured tiles."""
    from wordkit.wordle.rules import pattern_marks

    word, pattern = state.turns[-1]
    return render.tiles(word, pattern_marks(pattern, state.game.length))


def ai_mode(game: Wordle, rules: Rules, strategy: str, opener: str | None) -> None:
    """The human hosts: the AI guesses and the human types the feedback after each guess."""
    from wordkit.wordle.play import guesser_for, play

    guesser = guesser_for(game, strategy, opener=opener)
    out = render.console()
    out.print(
        f"Think of a {game.length}-letter word from the answer list ({len(game.answers):,} words)."
        " After each guess type its feedback (G/Y/B, 2/1/0 or squares; WORD=FEEDBACK if you"
        " played another word). L lists the answers left, U undoes, Q quits."
    )
    record = play(guesser, HumanHost(), rules, game=game)
    if record.solved:
        out.print(f"Solved in {guesses_text(record.guesses)}: {record.secret.upper()}.")
    else:
        out.print("Bye.")


# --- query --------------------------------------------------------------------------------


@query_app.command("wordle")
def query_wordle(
    word: Annotated[str, typer.Argument(metavar="WORD", help="The answer to solve.")],
    strategy: Strategy = "entropy",
    opener: Opener = None,
    hard: Hard = False,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
    json: Json = False,
) -> None:
    """How the AI would solve WORD: each guess, its feedback and the answers left.

    \b
    Example:
      wordkit query wordle cigar --strategy expected-size --opener roate
    """
    from wordkit.wordle.play import query
    from wordkit.wordle.rules import pattern_marks, pattern_str

    game, rules = lists_and_rules(answers, guesses, length, hard=hard)
    record, steps = query(game, word, strategy, rules, opener=opener)
    if json:
        render.emit_json(
            {
                "answer": record.secret,
                "guesses": record.guesses,
                "solved": record.solved,
                "strategy": strategy,
                "hard": hard,
                "steps": [
                    {
                        "turn": s.turn,
                        "guess": s.guess,
                        "feedback": pattern_str(s.pattern, game.length, "letters"),
                        "answers_before": s.answers_before,
                        "answers_left": s.answers_left,
                    }
                    for s in steps
                ],
            }
        )
        return
    out = render.console()
    for s in steps:
        line = render.tiles(s.guess, pattern_marks(s.pattern, game.length))
        line.append(f"  {s.answers_before:>5,} → {render.plural(s.answers_left, 'answer')}")
        out.print(line)
    verdict = "solved" if record.solved else "not solved"
    out.print(f"{verdict} in {guesses_text(record.guesses)} ({strategy})")


# --- stats --------------------------------------------------------------------------------


@stats_app.command("wordle")
def stats_wordle(
    strategy: Strategy = "entropy",
    opener: Opener = None,
    hard: Hard = False,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
    jobs: Jobs = 1,
    format: StatsFormat = "table",
    host: Annotated[
        str | None,
        typer.Option(metavar="HOST", help="Play against a host instead: evil (Absurdle)."),
    ] = None,
    records: Records = None,
    json: Json = False,
) -> None:
    """Play every answer with a strategy: mean, histogram, max, share solved within 6.

    With --host evil the strategy plays one game against Absurdle, which never commits to a
    word, and the figure is how many guesses it needs.

    \b
    Example:
      wordkit stats wordle --strategy entropy --opener salet
      wordkit stats wordle --answers answers.txt --guesses allowed.txt --format json
      wordkit stats wordle --host evil --strategy minimax
    """
    from wordkit import runner, tables
    from wordkit.wordle.play import run_stats, versus

    fmt = stats_format(format, json=json, jobs=jobs)
    # Absurdle has no guess limit: the figure is the guesses needed.
    limit = None if host is not None else 6
    game, rules = lists_and_rules(answers, guesses, length, hard=hard, max_guesses=limit)
    if host is not None:
        record, turns = versus(game, host, strategy, rules, opener=opener)
        show_versus(game, record, turns, strategy, hard=hard, fmt=fmt)
        return
    table = answers or ("wordle" if length is None else f"english ({length} letters)")
    summary, played = run_stats(game, strategy, rules, opener=opener, jobs=jobs, table=table)
    if records is not None:
        tables.write_text(runner.record_lines(played), records)
    if not render.emit_summary(summary, fmt):
        show_stats(summary)


def show_stats(summary: Summary) -> None:
    """The stats table: the figures, the known optimum, a histogram and the failures."""
    out = render.console()
    options = summary.options
    mode = ", hard" if options.get("hard") else ""
    rows = [
        ("strategy", f"{summary.strategy} (opener {str(options['opener']).upper()}{mode})"),
        ("games", f"{summary.games:,}"),
        ("mean guesses", f"{summary.mean_guesses:.4f}"),
        ("max guesses", str(summary.max_guesses)),
        ("solved within 6", f"{summary.wins:,} ({summary.win_rate:.2%})"),
        ("seconds", f"{summary.seconds:.2f}"),
    ]
    optimum = summary.extra.get("optimum")
    if optimum is not None:
        best = f"{optimum['mean']:.4f} ({optimum['opener'].upper()}, {optimum['total']:,})"
        rows.insert(3, ("known optimum", best))
    out.print(render.table(None, ("", ""), rows))
    for line in render.histogram(summary.histogram):
        out.print(line)
    if summary.failures:
        out.print("not solved within 6: " + ", ".join(summary.failures[:30]))


def show_versus(
    game: Wordle,
    record: GameRecord,
    played: Sequence[Turn],
    strategy: str,
    *,
    hard: bool,
    fmt: str,
) -> None:
    """One game against Absurdle: the turns and the guesses it needed."""
    from wordkit.wordle.rules import pattern_marks

    turns = [
        {"guess": g, "feedback": f} for g, f in zip(record.moves, record.feedback, strict=True)
    ]
    if fmt == "json":
        render.emit_json(
            {
                "host": "evil",
                "strategy": strategy,
                "hard": hard,
                "guesses": record.guesses,
                "won": record.won,
                "word": record.secret,
                "turns": turns,
            }
        )
        return
    if fmt == "csv":
        typer.echo("turn,guess,feedback")
        for n, turn in enumerate(turns, 1):
            typer.echo(f"{n},{turn['guess']},{turn['feedback']}")
        return
    out = render.console()
    for guess, pattern in played:
        out.print(render.tiles(guess, pattern_marks(pattern, game.length)))
    verdict = "solved" if record.won else "not solved"
    out.print(
        f"{strategy} vs Absurdle: {verdict} in {guesses_text(record.guesses)} ({record.secret})"
    )


# --- host ---------------------------------------------------------------------------------


class HumanGuesser:
    """The human at the terminal guesses: each typed word is checked before it counts."""

    name = "human"

    def __init__(self, advisor: Guesser) -> None:
        self.advisor = advisor
        self.out = render.console()
        self.gave_up = False

    def __call__(self, state: State) -> Decision | None:
        """The typed guess (None: give up or quit); L lists, ? asks the advisor for a hint."""
        from wordkit.wordle.guessers import Decision

        game = state.game
        while True:
            line = repl.ask(f"guess {state.turn}> ")
            command = None if line is None else repl.command_of(line, letters_are_guesses=False)
            if line is None or command in (repl.QUIT, repl.GIVE_UP):
                self.gave_up = True
                return None
            if command == repl.LIST:
                left = state.remaining
                self.out.print(
                    render.plural(len(left), "answer")
                    + " still possible: "
                    + ", ".join(game.answers[i] for i in left[:100])
                    + (" ..." if len(left) > 100 else "")
                )
                continue
            if command == repl.HINT:
                self.out.print(f"Hint: try {self.advisor(state).word.upper()}.")
                continue
            try:
                row = state.check_move(line, new=True)
            except WordkitError as exc:
                self.out.print(f"[red]{exc}[/red] (no guess used)")
                continue
            return Decision(row, game.guesses[row])


@host_app.command("wordle")
def host_wordle(
    mode: Annotated[
        str, typer.Option(metavar="MODE", help="honest, or evil (Absurdle: never commits).")
    ] = "honest",
    seed: Seed = 0,
    trainer: Trainer = False,
    hard: Hard = False,
    max_guesses: Annotated[
        int | None,
        typer.Option(metavar="N", help="Guesses allowed (default: 6 honest, unlimited evil)."),
    ] = None,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
) -> None:
    """Play Wordle against the computer: it hosts, you guess.

    Type a word to guess it. L lists the answers still possible, ? asks the AI for a hint,
    G gives up and shows the answer, Q quits. With --mode evil the host never commits to a
    word (Absurdle): every answer keeps as many words alive as it can.

    \b
    Example:
      wordkit host wordle --seed 7 --trainer
      wordkit host wordle --mode evil
    """
    from wordkit.wordle.guessers import make_guesser
    from wordkit.wordle.hosts import make_host
    from wordkit.wordle.lists import select_lists
    from wordkit.wordle.play import play
    from wordkit.wordle.rules import Rules, pattern_marks
    from wordkit.wordle.trainer import advice

    limit = max_guesses if max_guesses is not None else (6 if mode == "honest" else None)
    if limit is not None and limit < 1:
        raise RangeError(f"--max-guesses must be at least 1, not {limit}")
    game = select_lists(answers, guesses, length)
    host = make_host(mode, game, seed=seed)
    rules = Rules(length=game.length, max_guesses=limit, hard=hard)
    guesser = HumanGuesser(make_guesser("expected-size"))
    out = render.console()
    out.print(
        f"Wordle, {game.length} letters, {mode} host"
        + (f", {limit} guesses" if limit else ", as many guesses as you need")
        + (", hard mode" if hard else "")
        + ". Type a word; L lists, ? hints, G gives up, Q quits."
    )
    known: dict[str, int] = {}

    def watch(before: State, move: Decision, after: State) -> None:
        word, pattern = after.turns[-1]
        marks = pattern_marks(pattern, game.length)
        for letter, mark in zip(word, marks, strict=True):
            known[letter] = max(known.get(letter, 0), mark)
        out.print(render.tiles(word, marks))
        if trainer:
            out.print(render.trainer_line(advice(before, move.row, after)))
        if not after.solved:
            out.print(render.keyboard(known, "".join(g for g, _ in after.turns)), end="")

    record = play(guesser, host, rules, game=game, watch=watch)
    if record.won:
        out.print(f"You win in {record.guesses}: {record.secret.upper()}.")
    elif guesser.gave_up:
        out.print(f"The answer was {record.secret.upper()}.")
    else:
        out.print(f"Out of guesses. The answer was {record.secret.upper()}.")
