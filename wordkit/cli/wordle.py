"""`wordkit solve|query|stats|host wordle`: parse the options, call wordkit.wordle, render.

The game package (and numpy) are imported inside the commands, so `wordkit --help` starts fast.
A human at the terminal plugs into the one game loop: as the host in `solve wordle` (AI
mode: the AI guesses, the human types feedback) and as the guesser in `host wordle`.
Nothing a user typed is ever read as rich markup: text goes out through `say`.
"""

from __future__ import annotations

import itertools
import json as jsonlib
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from wordkit.cli import options, render, repl
from wordkit.cli.app import Command, host_app, query_app, solve_app, stats_app
from wordkit.cli.boards import BoardsOption, MaxGuesses
from wordkit.cli.options import opt
from wordkit.cli.terminal import (
    ThinkingGuesser,
    ThinkingHost,
    notices_shown,
    progress_bar,
    say,
    thinking,
)
from wordkit.errors import RangeError, WordkitError
from wordkit.game import Quit, Undo

if TYPE_CHECKING:
    from pathlib import Path

    from rich.text import Text

    from wordkit.runner import GameRecord, Summary
    from wordkit.wordle.guessers import Decision, Guesser, PartitionGuesser
    from wordkit.wordle.lists import Wordle
    from wordkit.wordle.rules import Rules, State, Turn

STRATEGY_NAMES = "expected-size, entropy, minimax, heuristic, heuristic-seed, optimal"
"""The names of wordkit.wordle.guessers.GUESSERS (kept here so `--help` imports no numpy)."""
LENGTH_RANGE = (2, 15)
"""wordkit.wordle.lists.LENGTHS, first and last (kept here so `--help` imports no numpy)."""
LIST_AT_MOST = 200
MAX_GUESSES_RANGE = (1, 100)
MAX_JOBS = 64
"""More workers than this only fight over the cores (and could exhaust the process table)."""
BUDGET = 3.0
"""Seconds an exact search may think per decision in solve, query and host."""
BUDGET_RANGE = (0.01, 86400.0)


WordleCommand = Command  # kept for the commands below


Answers = Annotated[
    str | None,
    opt(
        "NAME_OR_PATH",
        "Possible answers, every one alike: a table name or path (default: every allowed "
        "word, weighted by its frequency).",
        "--answers",
    ),
]
WordsTable = Annotated[
    str | None,
    opt(
        "NAME_OR_PATH",
        "Play a table's words of the game's length as guesses and answers, its weights the "
        "prior (default: the built-in wordle tables).",
        "--words",
    ),
]
Secrets = Annotated[
    str | None,
    opt(
        "NAME_OR_PATH",
        "Play these words as the secrets (a table or list; each must be a possible answer).",
    ),
]
Guesses = Annotated[
    str | None,
    opt("NAME_OR_PATH", "Allowed guesses (default: wordle-guesses; answers added)."),
]
Length = Annotated[
    int | None,
    opt(
        "N",
        f"Play N-letter words ({LENGTH_RANGE[0]}-{LENGTH_RANGE[1]}) of the english table "
        "instead of the wordle tables.",
    ),
]
Strategy = Annotated[str, opt("NAME", f"One of: {STRATEGY_NAMES}.")]
Opener = Annotated[
    str | None,
    opt("WORD", "First guess (default: the strategy's best, cached)."),
]
Hard = Annotated[bool, opt(None, "Hard mode: reuse every hint revealed.", "--hard")]
Budget = Annotated[
    float,
    opt("SECONDS", "Time an exact search may think per guess; past it, the entropy guess (noted)."),
]
StatsBudget = Annotated[
    float | None,
    opt(
        "SECONDS",
        "Time an exact search may think per guess (default: none, the figures are exact).",
        "--budget",
    ),
]


@dataclass(frozen=True)
class ListsChoice:
    """The options choosing the lists and the mode, shared by every Wordle command."""

    answers: Answers = None
    guesses: Guesses = None
    length: Length = None
    hard: Hard = False
    boards: BoardsOption = 1
    table: WordsTable = None

    @property
    def name(self) -> str:
        """The lists as stats names them."""
        if self.table or self.answers:
            return str(self.table or self.answers)
        return "wordle" if self.length is None else f"english ({self.length} letters)"


@dataclass(frozen=True)
class AIChoice:
    """The options choosing the AI, shared by solve, query and stats."""

    strategy: Strategy = "entropy"
    opener: Opener = None


def checked_budget(budget: float | None) -> float | None:
    """The --budget given, if it is a number of seconds in range."""
    low, high = BUDGET_RANGE
    if budget is not None and not (math.isfinite(budget) and low <= budget <= high):
        raise RangeError(f"--budget must be between {low:g} and {high:g} seconds, not {budget:g}")
    return budget


def checked_jobs(jobs: int) -> int:
    """The --jobs given, if in range."""
    if not 1 <= jobs <= MAX_JOBS:
        raise RangeError(f"--jobs must be between 1 and {MAX_JOBS}, not {jobs}")
    return jobs


def lists_and_rules(lists: ListsChoice, max_guesses: int | None = 6) -> tuple[Wordle, Rules]:
    """The lists the options ask for and the game's rules on them."""
    from wordkit.wordle.lists import select_lists
    from wordkit.wordle.rules import Rules

    game = select_lists(lists.answers, lists.guesses, lists.length, lists.table)
    return game, Rules(length=game.length, max_guesses=max_guesses, hard=lists.hard)


def ai_guesser(
    game: Wordle, strategy: str, opener: str | None, budget: float | None
) -> PartitionGuesser:
    """The strategy's guesser on `game`, its opener checked (or computed and cached)."""
    from wordkit.wordle.play import guesser_for

    with notices_shown(), thinking():
        return guesser_for(game, strategy, opener=opener, budget=budget)


def position(game: Wordle, rules: Rules, history: Sequence[str]) -> State:
    """The game after the --history entries given."""
    from wordkit.wordle.play import replay_text
    from wordkit.wordle.rules import start

    return replay_text(start(game, rules), ",".join(history))


def guesses_text(count: int) -> str:
    """`1 guess`, `2 guesses`."""
    return render.plural(count, "guess", "guesses")


# --- solve --------------------------------------------------------------------------------


@solve_app.command("wordle", cls=WordleCommand)
@options.grouped
def solve_wordle(
    ai: AIChoice,
    lists: ListsChoice,
    history: Annotated[
        list[str] | None,
        opt(
            "WORD=FEEDBACK,...",
            "The game so far, e.g. roate=BBYGB,slimy=20010 (G/Y/B, 2/1/0 or squares); "
            "repeat it to add turns.",
        ),
    ] = None,
    budget: Budget = BUDGET,
    interactive: Annotated[
        bool, opt(None, "Play interactively even when piped.", "--interactive", "-i")
    ] = False,
    review: Annotated[
        bool,
        opt(
            None,
            "Rate every guess of --history: answers left, expected left against the "
            "AI's guess, skill and luck (0-100).",
            "--review",
        ),
    ] = False,
    json: options.Json = False,
) -> None:
    """The AI's next Wordle guess; on a terminal, the AI plays while you host.

    In AI mode you think of a word, the AI guesses, and you type each guess's feedback:
    G/Y/B letters, 2/1/0 digits, coloured squares, or a mix; WORD=FEEDBACK when you played
    another word. L lists the answers left, U undoes the last entry, Q quits.

    \b
    Example:
      wordkit solve wordle --history roate=BBYGB,clint=BYBBB
      wordkit solve wordle --boards 2 --history crane=BBYGB/GGBBB
      wordkit solve wordle --history raise=BBYGB,pound=BBBBB --review
      wordkit solve wordle            # AI mode on a terminal
    """
    from wordkit.wordle import play

    if lists.boards != 1:
        from wordkit.cli import boards as board_cli

        game, rules = board_cli.lists_and_rules(lists)
        board_cli.solve(
            history,
            game,
            rules,
            boards=lists.boards,
            opener=ai.opener,
            interactive=interactive,
            json=json,
        )
        return
    seconds = checked_budget(budget)
    if review:
        if not history:
            raise WordkitError("--review needs the game to review: give --history")
        game, rules = lists_and_rules(lists)
        show_review(
            position(game, rules, history), ai_guesser(game, ai.strategy, ai.opener, seconds), json
        )
        return
    if history is None and (interactive or (repl.interactive() and not json)):
        # The human host may play on past six guesses.
        game, rules = lists_and_rules(lists, max_guesses=None)
        ai_mode(game, rules, ai.strategy, ai.opener, seconds)
        return
    game, rules = lists_and_rules(lists)
    state = position(game, rules, history or ())
    guesser = ai_guesser(game, ai.strategy, ai.opener, seconds)
    with notices_shown(), thinking():
        move = play.next_move(state, guesser)
    if json:
        render.emit_json(move.as_dict())
        return
    out = render.console()
    if move.solved is not None:
        say(out, f"Solved: {move.solved.upper()}")
        return
    expected = render.plural(move.expected_size, "answer")
    say(out, f"next guess: {str(move.guess).upper()}  (expected {expected} left after it)")
    if move.note:
        say(out, f"note: {move.note}")
    say(out, f"answers left: {move.answers_left:,}")
    if move.answers:
        say(out, "  " + ", ".join(move.answers))


class HumanHost:
    """The human at the terminal hosts: shown each guess, they type its feedback."""

    name = "human"

    def __init__(self) -> None:
        self.out = render.console()

    def answer(self, state: State, row: int) -> State | None:
        """The state after the typed feedback (None: quit); U undoes, L lists."""
        from rich.text import Text

        from wordkit.wordle.play import expected_left
        from wordkit.wordle.rules import parse_turn

        game = state.game
        left = render.plural(len(state.remaining), "answer")
        line_out = Text(f"Guess {state.turn}: ")
        line_out.append(game.guesses[row].upper(), style="bold")
        line_out.append(f"  ({left} left, expected {expected_left(state, row):.1f} after it)")
        say(self.out, line_out)
        while True:
            line = repl.ask("feedback> ")
            if line is None or line.lower() == "q":
                raise Quit
            if line.lower() == "l":
                shown = state.remaining[:LIST_AT_MOST]
                say(self.out, ", ".join(game.answers[i] for i in shown))
                if len(state.remaining) > LIST_AT_MOST:
                    say(self.out, f"... and {len(state.remaining) - LIST_AT_MOST:,} more")
                continue
            if line.lower() == "u":
                if state.previous is None:
                    say(self.out, "Nothing to undo.")
                    continue
                say(self.out, f"Undid {state.turns[-1][0].upper()}.")
                raise Undo
            try:
                after = parse_turn(state, line, suggested=row)
            except WordkitError as exc:
                hint = " (type U to undo)" if state.turns else ""
                say(self.out, f"{exc}{hint}", style="red")
                continue
            say(self.out, tiles_of(after))
            return after

    def reveal(self, state: State) -> str:
        """The last guess when it solved the game, else nothing known."""
        return state.turns[-1][0] if state.solved else ""


def tiles_of(state: State) -> Text:
    """The last turn of `state` as coloured tiles."""
    from wordkit.wordle.rules import pattern_marks

    word, pattern = state.turns[-1]
    return render.tiles(word, pattern_marks(pattern, state.game.length))


def ai_mode(
    game: Wordle, rules: Rules, strategy: str, opener: str | None, budget: float | None
) -> None:
    """The human hosts: the AI guesses and the human types the feedback after each guess."""
    from wordkit.wordle.play import play
    from wordkit.wordle.rules import start

    guesser = ai_guesser(game, strategy, opener, budget)
    out = render.console()
    say(
        out,
        f"Think of a {game.length}-letter word from the answer list ({len(game.answers):,} words)."
        " After each guess type its feedback (G/Y/B, 2/1/0 or squares; WORD=FEEDBACK if you"
        " played another word). L lists the answers left, U undoes, Q quits.",
    )
    try:
        with notices_shown():
            record = play(ThinkingGuesser(guesser), HumanHost(), start(game, rules))
    except Quit:
        say(out, "Bye.")
        return
    if record.solved:
        say(out, f"Solved in {guesses_text(record.guesses)}: {record.secret.upper()}.")
    else:
        say(out, "Bye.")


# --- query --------------------------------------------------------------------------------


@query_app.command("wordle", cls=WordleCommand)
@options.grouped
def query_wordle(
    ctx: typer.Context,
    ai: AIChoice,
    lists: ListsChoice,
    words: Annotated[
        list[str] | None,
        typer.Argument(metavar="WORD...", help="The answers to solve; - reads them from stdin."),
    ] = None,
    secrets: Secrets = None,
    budget: Budget = BUDGET,
    json: Annotated[
        bool, opt(None, "Machine-readable output: one JSON line per word.", "--json")
    ] = False,
) -> None:
    """How the AI would solve each WORD: each guess, its feedback and the answers left.

    \b
    Example:
      wordkit query wordle cigar --strategy expected-size --opener roate
      wordkit query wordle cigar rebut sissy --json
      wordkit query wordle - --json < answers.txt
      wordkit query wordle cigar rebut sissy humph --boards 4
    """
    from wordkit.wordle.play import query
    from wordkit.wordle.rules import pattern_marks, pattern_str

    if not words and secrets is None:
        ctx.fail("Missing argument 'WORD...'.")
    words = words or []
    if lists.boards != 1:
        from wordkit.cli import boards as board_cli

        game, rules = board_cli.lists_and_rules(lists)
        board_cli.query(
            repl.typed_words(words), game, rules, boards=lists.boards, opener=ai.opener, json=json
        )
        return
    seconds = checked_budget(budget)
    game, rules = lists_and_rules(lists)
    out = render.console()
    arrow = "→" if render.encodable("→") else "->"
    queried = repl.typed_words(words) if words else []
    if secrets is not None:
        from wordkit.wordle.lists import check_secrets, read_words

        queried += check_secrets(game, read_words(secrets), secrets)
    # several answers: each verdict names its own
    named = len(queried) > 1 or "-" in words or secrets is not None
    with notices_shown():
        games = query(game, queried, ai_guesser(game, ai.strategy, ai.opener, seconds), rules)
        for n in itertools.count():
            with thinking():
                item = next(games, None)
            if item is None:
                break
            record, steps = item
            if json:
                line = {
                    "answer": record.secret,
                    "guesses": record.guesses,
                    "solved": record.solved,
                    "strategy": ai.strategy,
                    "hard": lists.hard,
                    "steps": [
                        {
                            "turn": s.turn,
                            "guess": s.guess,
                            "feedback": pattern_str(s.pattern, game.length, "letters"),
                            "answers_before": s.answers_before,
                            "answers_left": s.answers_left,
                            **({"note": s.note} if s.note else {}),
                        }
                        for s in steps
                    ],
                }
                sys.stdout.write(jsonlib.dumps(line, ensure_ascii=False) + "\n")
                continue
            if n:
                say(out, "")
            for s in steps:
                tiles = render.tiles(s.guess, pattern_marks(s.pattern, game.length))
                tiles.append(
                    f"  {s.answers_before:>5,} {arrow} {render.plural(s.answers_left, 'answer')}"
                )
                say(out, tiles)
                if s.note:
                    say(out, f"  note: {s.note}")
            verdict = "solved" if record.solved else "not solved"
            name = f"{record.secret.upper()}: " if named else ""
            say(out, f"{name}{verdict} in {guesses_text(record.guesses)} ({ai.strategy})")


# --- stats --------------------------------------------------------------------------------


@stats_app.command("wordle", cls=WordleCommand)
@options.grouped
def stats_wordle(
    ai: AIChoice,
    lists: ListsChoice,
    jobs: options.Jobs = 1,
    format: options.StatsFormat = "table",
    host: Annotated[
        str | None,
        opt("HOST", "Play against a host instead: evil (Absurdle)."),
    ] = None,
    budget: StatsBudget = None,
    records: options.Records = None,
    secrets: Secrets = None,
    tree: Annotated[
        str | None,
        opt(
            "FILE",
            "Write the tree the strategy played: .json, .txt, .dot, .svg or .png "
            "(- prints the text).",
        ),
    ] = None,
    tree_in: Annotated[
        str | None,
        opt(
            "FILE", "Play a decision tree from FILE (.json or .txt) over every answer and check it."
        ),
    ] = None,
    openers: Annotated[
        str | None,
        opt(
            "FILE|all|top:N",
            "Rank openers instead: a file of words, all, the N best by a cheap bound, "
            "or WORD,WORD.",
        ),
    ] = None,
    cutoff: Annotated[
        str | None,
        opt(
            "T|none",
            "With --openers: stop an opener once it cannot beat T guesses in total "
            "(default: the best so far; none: every value exact).",
        ),
    ] = None,
    cluster: options.Cluster = None,
    max_guesses: MaxGuesses = None,
    sample: Annotated[
        int | None,
        opt("N", "With --boards: games played (default 500)."),
    ] = None,
    seed: Annotated[int, opt("S", "With --boards: seed drawing each game's answers.")] = 0,
    json: options.Json = False,
) -> None:
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
    """
    from wordkit import runner, tables
    from wordkit.wordle.play import run_stats, versus

    if lists.boards == 1 and (max_guesses is not None or sample is not None):
        raise WordkitError("--max-guesses and --sample go with --boards N (2, 4, 8 or 16)")
    if lists.boards != 1:
        from wordkit.cli import boards as board_cli

        if host or tree or tree_in or openers or secrets:
            raise WordkitError(
                "--boards plays honest games: drop --host, --tree(-in), --openers, --secrets"
            )
        fmt = options.stats_format(format, json=json, jobs=checked_jobs(jobs))
        cluster = options.cluster_of(cluster)
        game, rules = board_cli.lists_and_rules(lists, max_guesses)
        board_cli.stats(
            game, rules, boards=lists.boards, table=lists.name, opener=ai.opener,
            sample=sample, seed=seed, jobs=jobs, cluster=cluster, fmt=fmt, records=records,
        )  # fmt: skip
        return
    checked_jobs(jobs)
    fmt = options.stats_format(format, json=json, jobs=jobs)
    seconds = checked_budget(budget)
    check_tree_options(tree, tree_in, host, openers)
    if secrets is not None and (host or tree_in or openers):
        raise WordkitError("--secrets plays honest games: drop --host, --tree-in, --openers")
    # Absurdle has no guess limit: the figure is the guesses needed.
    limit = None if host is not None else 6
    if cluster is not None and (host is not None or tree_in is not None):
        raise WordkitError("--cluster shares out the answers or openers: drop --host, --tree-in")
    if openers is not None or cutoff is not None:
        from wordkit.cli import sweep

        sweep.check_options(openers, opener=ai.opener, host=host, budget=budget)
    cluster = options.cluster_of(cluster)
    with notices_shown():
        game, rules = lists_and_rules(lists, max_guesses=limit)
        if openers is not None:
            sweep.stats_openers(
                game, rules, strategy=ai.strategy, openers=openers, cutoff=cutoff, jobs=jobs,
                cluster=cluster, records=records, fmt=fmt,
            )  # fmt: skip
            return
        if host is not None and ai.strategy == "optimal":
            show_absurdle_win(
                game, host, hard=lists.hard, opener=ai.opener, budget=seconds, fmt=fmt
            )
            return
        if tree_in is not None:
            show_tree_check(game, rules, tree_in, jobs=jobs, fmt=fmt, records=records)
            return
        if host is not None:
            guesser = ai_guesser(game, ai.strategy, ai.opener, seconds)
            with thinking():
                record, turns = versus(game, host, guesser, rules)
            show_versus(game, record, turns, ai.strategy, hard=lists.hard, fmt=fmt)
            return
        table, targets = lists.name, None
        if secrets is not None:
            from wordkit.wordle.lists import check_secrets, read_words

            targets = check_secrets(game, read_words(secrets), secrets)
            table = f"{secrets} against {table}"
        with progress_bar(len(game.secrets if targets is None else targets)) as advance:
            summary, played = run_stats(
                game, ai.strategy, rules, opener=ai.opener, answers=targets, jobs=jobs,
                cluster=cluster, table=table, progress=advance, budget=seconds,
            )  # fmt: skip
    if records is not None:
        tables.write_text(runner.record_lines(played), records)
    if tree is not None:
        from wordkit.wordle.trees import write_tree

        write_tree(played, tree, game.length)
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
        say(out, line)
    if summary.failures:
        say(out, "not solved within 6: " + ", ".join(summary.failures[:30]))


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
    data = {"host": "evil", "strategy": strategy, "hard": hard, "guesses": record.guesses}
    data |= {"won": record.won, "word": record.secret}
    verdict = "solved" if record.won else "not solved"
    line = f"{strategy} vs Absurdle: {verdict} in {guesses_text(record.guesses)} ({record.secret})"
    show_absurdle_game(game, played, data, line, fmt=fmt)


def show_absurdle_game(
    game: Wordle, played: Sequence[Turn], data: dict[str, Any], line: str, *, fmt: str
) -> None:
    """A game against Absurdle as JSON (`data` and the turns), CSV (the turns) or tiles and
    a closing `line`."""
    from wordkit.wordle.rules import pattern_marks, pattern_str

    turns = [{"guess": g, "feedback": pattern_str(p, game.length, "letters")} for g, p in played]
    if fmt == "json":
        render.emit_json({**data, "turns": turns})
        return
    if fmt == "csv":
        typer.echo("turn,guess,feedback")
        for n, turn in enumerate(turns, 1):
            typer.echo(f"{n},{turn['guess']},{turn['feedback']}")
        return
    out = render.console()
    for guess, pattern in played:
        say(out, render.tiles(guess, pattern_marks(pattern, game.length)))
    say(out, line)


# --- host ---------------------------------------------------------------------------------


class HumanGuesser:
    """The human at the terminal guesses, on one board or several: each typed word is checked
    before it counts."""

    name = "human"

    def __init__(self, advisor: Guesser | None) -> None:
        self.advisor = advisor
        """Who answers `?` (None: no hints)."""
        self.out = render.console()
        self.gave_up = False

    def __call__(self, state: Any) -> Decision | None:
        """The typed guess (None: give up or quit); L lists the answers left, ? asks the
        advisor for a hint."""
        from wordkit.wordle.guessers import Decision

        while True:
            line = repl.ask(f"guess {state.turn}> ")
            command = None if line is None else repl.command_of(line, letters_are_guesses=False)
            if line is None or command in (repl.QUIT, repl.GIVE_UP):
                self.gave_up = True
                return None
            if command == repl.LIST:
                for listed in answers_left(state):
                    say(self.out, listed)
                continue
            if command == repl.HINT and self.advisor is not None:
                with thinking():
                    hint = self.advisor(state)
                say(self.out, f"Hint: try {hint.word.upper()}.")
                continue
            try:
                row = state.check_move(line, new=True)
            except WordkitError as exc:
                say(self.out, f"{exc} (no guess used)", style="red")
                continue
            return Decision(state.game.guesses[row], row=row)


def answers_left(state: Any, at_most: int = 100) -> list[str]:
    """What L shows: the answers still possible (on each unsolved board when there are
    several)."""
    words = state.game.answers
    if not hasattr(state, "boards"):
        left = state.remaining
        shown = ", ".join(words[i] for i in left[:at_most])
        more = " ..." if len(left) > at_most else ""
        return [f"{render.plural(len(left), 'answer')} still possible: {shown}{more}"]
    lines = []
    for k in state.unsolved:
        left = state.boards[k].remaining
        more = " ..." if len(left) > at_most else ""
        lines.append(f"  board {k + 1}: {', '.join(words[i] for i in left[:at_most])}{more}")
    return lines


@host_app.command("wordle", cls=WordleCommand)
@options.grouped
def host_wordle(
    lists: ListsChoice,
    history: options.HistoryChoice,
    mode: Annotated[str, opt("MODE", "honest, or evil (Absurdle: never commits).")] = "honest",
    seed: options.FreshSeed = None,
    trainer: options.Trainer = False,
    max_guesses: Annotated[
        int | None,
        opt(
            "N",
            f"Guesses allowed, {MAX_GUESSES_RANGE[0]}-{MAX_GUESSES_RANGE[1]} "
            "(default: 6 honest, unlimited evil).",
        ),
    ] = None,
) -> None:
    """Play Wordle against the computer: it hosts, you guess.

    Type a word to guess it. L lists the answers still possible, ? asks the AI for a hint,
    G gives up and shows the answer, Q quits. With --mode evil the host never commits to a
    word (Absurdle): every answer keeps as many words alive as it can. Without --seed a
    fresh seed is drawn and shown, so a game can be replayed. Each game you play (given up
    too, once you guessed) is recorded in the game history, and your statistics for the
    variant are shown at the end: played, win %, streaks, guess distribution.

    \b
    Example:
      wordkit host wordle --seed 7 --trainer
      wordkit host wordle --mode evil
      wordkit host wordle --boards 4      # Quordle, the boards side by side
    """
    from wordkit.wordle.guessers import make_guesser
    from wordkit.wordle.hosts import host_kind, make_host
    from wordkit.wordle.lists import select_lists
    from wordkit.wordle.play import play
    from wordkit.wordle.review import skill_and_luck
    from wordkit.wordle.rules import Rules, pattern_marks, start
    from wordkit.wordle.trainer import advice

    if lists.boards != 1:
        from wordkit.cli import boards as board_cli

        if trainer:
            raise WordkitError("--trainer is for one board; drop --trainer or --boards")
        if mode != "honest":
            raise WordkitError("--boards plays against the honest host only; drop --mode")
        game, rules = board_cli.lists_and_rules(lists, max_guesses)
        kept = history.recording()
        record = board_cli.host(game, rules, boards=lists.boards, seed=options.seed_of(seed))
        keep_score(kept, record, table=lists.name, rules=rules, mode="honest", boards=lists.boards)
        return
    limit = max_guesses if max_guesses is not None else (6 if host_kind(mode) == "honest" else None)
    low, high = MAX_GUESSES_RANGE
    if limit is not None and not low <= limit <= high:
        raise RangeError(f"--max-guesses must be between {low} and {high}, not {limit}")
    with notices_shown():
        game = select_lists(lists.answers, lists.guesses, lists.length, lists.table)
    host = make_host(mode, game, seed=options.seed_of(seed))
    rules = Rules(length=game.length, max_guesses=limit, hard=lists.hard)
    kept = history.recording()
    guesser = HumanGuesser(make_guesser("expected-size"))
    out = render.console()
    say(
        out,
        f"Wordle, {game.length} letters, {mode} host"
        + (f", {limit} guesses" if limit else ", as many guesses as you need")
        + (", hard mode" if lists.hard else "")
        + ". Type a word; L lists, ? hints, G gives up, Q quits.",
    )
    known: dict[str, int] = {}
    latest = [start(game, rules)]

    def watch(before: State, move: Decision, after: State) -> None:
        latest[0] = after
        word, pattern = after.turns[-1]
        marks = pattern_marks(pattern, game.length)
        for letter, mark in zip(word, marks, strict=True):
            known[letter] = max(known.get(letter, 0), mark)
        say(out, render.tiles(word, marks))
        if trainer:
            with thinking():
                line = render.trainer_line(advice(before, move.row, after))
                skill, luck = skill_and_luck(before, move.row, after)
            say(out, f"{line} Skill {skill}/100, luck {luck}/100.")
        if not after.solved:
            say(out, render.keyboard(known, "".join(g for g, _ in after.turns)), end="")

    try:
        record = play(guesser, ThinkingHost(host), start(game, rules), watch=watch)
    except KeyboardInterrupt:
        # Ctrl-C while the AI or the host thinks ends as at a prompt: show the answer; the
        # app's handler then says "Interrupted." and exits 130.
        say(out, f"The answer was {host.reveal(latest[0]).upper()}.")
        raise
    if record.won:
        say(out, f"You win in {record.guesses}: {record.secret.upper()}.")
    elif guesser.gave_up:
        say(out, f"The answer was {record.secret.upper()}.")
    else:
        say(out, f"Out of guesses. The answer was {record.secret.upper()}.")
    keep_score(kept, record, table=lists.name, rules=rules, mode=host_kind(mode), boards=1)


def keep_score(
    path: Path | None, record: GameRecord, *, table: str, rules: Rules, mode: str, boards: int
) -> None:
    """Record a game of at least one guess in the history at `path` (None: not recorded),
    then show the player's statistics over the history's games of that table and variant
    (length, host, guesses allowed, hard mode, boards)."""
    if path is None or not record.moves:
        return
    from pathlib import PurePath

    from wordkit.history import player_stats, record_game, recorded_games

    limit = rules.max_guesses
    variant = f"{rules.length} letters, {mode} host, {limit or 'unlimited'} guesses"
    variant += (", hard mode" if rules.hard else "") + (f", {boards} boards" if boards > 1 else "")
    record_game(
        record, game="wordle", table=table, variant=variant, strategy=mode, source="host",
        path=path,
    )  # fmt: skip
    games = recorded_games(game="wordle", table=table, variant=variant, path=path)
    stats = player_stats([game.record for game in games], limit=limit)
    out = render.console()
    say(out, f"Your statistics ({PurePath(table).name}, {variant}):")
    say(
        out,
        f"  played {stats.played}   win % {stats.win_percent}   current streak "
        f"{stats.current_streak}   max streak {stats.max_streak}",
    )
    if stats.distribution:  # none before a first win without a guess limit
        say(out, "Guess distribution:")
    for line in render.histogram({str(n): count for n, count in stats.distribution.items()}):
        say(out, line)


# --- Absurdle beaten, decision trees, reviews ----------------------------------------------


def show_absurdle_win(
    game: Wordle, host: str, *, hard: bool, opener: str | None, budget: float | None, fmt: str
) -> None:
    """The exact search's shortest win against Absurdle: the plan and the proof."""
    from wordkit.wordle.adversary import absurdle_win

    with thinking():
        win = absurdle_win(game, host, hard=hard, opener=opener, budget=budget)
    data = {"host": "evil", "strategy": "optimal", "hard": hard, "opener": win.opener}
    data |= {"guesses": win.guesses, "won": True, "word": win.answer, "fewer_impossible": True}
    data |= {"nodes": win.nodes, "seconds": round(win.seconds, 3)}
    start = f" from {win.opener.upper()}" if win.opener else ""
    mode = ", hard mode" if hard else ""
    line = (
        f"optimal vs Absurdle{start}{mode}: solved in {guesses_text(win.guesses)} "
        f"({win.answer}); {guesses_text(win.guesses - 1)} cannot win (exact search, "
        f"{win.seconds:.1f} s)"
    )
    show_absurdle_game(game, win.turns, data, line, fmt=fmt)


def check_tree_options(
    tree: str | None, tree_in: str | None, host: str | None, openers: str | None
) -> None:
    """--tree and --tree-in go with a stats run over every answer, and not with each other;
    the --tree format is checked before any game is played."""
    from wordkit.errors import GameStateError

    for name, given in (("--tree", tree), ("--tree-in", tree_in)):
        if given is not None and (host is not None or openers is not None):
            other = "--host" if host is not None else "--openers"
            raise GameStateError(f"{name} cannot be used with {other}")
    if tree is not None and tree_in is not None:
        raise GameStateError("--tree and --tree-in cannot be used together")
    if tree is not None:
        from wordkit.wordle.trees import tree_format

        tree_format(tree)


def show_tree_check(
    game: Wordle, rules: Rules, path: str, *, jobs: int, fmt: str, records: str | None
) -> None:
    """Play a decision tree read from `path` over every answer, check it, show the stats."""
    from wordkit import runner, tables
    from wordkit.wordle.trees import check_tree

    with progress_bar(len(game.answers)) as advance:
        check = check_tree(game, path, rules, jobs=jobs, progress=advance)
    if records is not None:
        tables.write_text(runner.record_lines(check.records), records)
    verdict = f"tree check: every answer solved, total {check.total:,} guesses"
    if check.paths_checked:
        verdict += f"; {check.paths_checked:,} written paths replay to their answers"
    if check.other_paths:
        verdict += f"; {check.other_paths:,} paths end on words that are not answers"
    if not render.emit_summary(check.summary, fmt):
        show_stats(check.summary)
        say(render.console(), verdict)


def show_review(final: State, guesser: PartitionGuesser, json: bool) -> None:
    """Every guess that led to `final` rated: answers before and after, expected left (yours
    and the AI's guess), skill and luck; --json gives one object per guess (a JSON line each)."""
    from wordkit.wordle.review import review
    from wordkit.wordle.rules import parse_feedback, pattern_marks

    game = final.game
    with notices_shown(), thinking():
        rows = review(final, guesser)
    if json:
        for row in rows:
            sys.stdout.write(jsonlib.dumps(row.as_dict(), ensure_ascii=False) + "\n")
        return
    out = render.console()
    arrow = "→" if render.encodable("→") else "->"
    for row in rows:
        line = render.tiles(row.guess, pattern_marks(parse_feedback(row.feedback), game.length))
        line.append(
            f"  {row.answers_before:,} {arrow} {render.plural(row.answers_after, 'answer')}"
            f"  expected {row.expected_left:.1f} left (AI: {row.best_guess.upper()} "
            f"{row.best_expected_left:.1f})  skill {row.skill}  luck {row.luck}"
        )
        say(out, line)
