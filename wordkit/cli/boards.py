"""`--boards N` of `solve|query|stats|host wordle`: several boards at once (Dordle, Quordle,
Octordle, Sedecordle). Each command of cli/wordle.py hands over here when N > 1; the game is
wordkit.wordle.boards, imported inside the functions so `wordkit --help` stays fast."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

from wordkit.cli import render, repl
from wordkit.cli.options import opt
from wordkit.errors import GameStateError, RangeError, WordkitError
from wordkit.game import Quit, Undo

if TYPE_CHECKING:
    from rich.text import Text

    from wordkit.cli.wordle import ListsChoice
    from wordkit.runner import GameRecord
    from wordkit.wordle.boards import Boards
    from wordkit.wordle.guessers import Decision
    from wordkit.wordle.lists import Wordle
    from wordkit.wordle.rules import Rules

BoardsOption = Annotated[
    int,
    opt(
        "N",
        "Play N boards at once: 2 Dordle, 4 Quordle, 8 Octordle, 16 Sedecordle "
        "(feedback per board: WORD=P1/P2/...).",
        "--boards",
    ),
]
MaxGuesses = Annotated[
    int | None,
    opt("N", "Guesses allowed (default: 6; with --boards 7, 9, 13, 21).", "--max-guesses"),
]
MAX_GUESSES_RANGE = (1, 100)
GAP = "  "
"""Between two boards side by side."""


def lists_and_rules(lists: ListsChoice, max_guesses: int | None = None) -> tuple[Wordle, Rules]:
    """The lists and the N-board rules the options ask for (typed errors: --boards, --hard,
    --max-guesses)."""
    from wordkit.wordle.boards import check_boards, default_limit
    from wordkit.wordle.lists import select_lists
    from wordkit.wordle.rules import Rules

    check_boards(lists.boards)
    if lists.hard:
        raise GameStateError("hard mode is for one board; drop --hard or --boards")
    low, high = MAX_GUESSES_RANGE
    if max_guesses is not None and not low <= max_guesses <= high:
        raise RangeError(f"--max-guesses must be between {low} and {high}, not {max_guesses}")
    game = select_lists(lists.answers, lists.guesses, lists.length, lists.table)
    limit = default_limit(lists.boards) if max_guesses is None else max_guesses
    return game, Rules(length=game.length, max_guesses=limit)


def say(text: str | Text) -> None:
    """Print without reading markup."""
    render.console().print(text, markup=False, highlight=False)


def row_of(turn: int, word: str, patterns: Sequence[int | None], length: int) -> str:
    """One guess across the boards, side by side: the word, then its marks on each board
    (blank on a board solved before it)."""
    from rich.cells import cell_len

    from wordkit.wordle.rules import pattern_marks

    width = cell_len(render.squares([0] * length))
    cells = [
        " " * width if p is None else render.squares(pattern_marks(p, length)) for p in patterns
    ]
    return f"{turn:>2}. {word.upper()}  " + GAP.join(cells)


def header_of(answers: Sequence[str], length: int) -> str:
    """The boards' answers above their columns."""
    from rich.cells import cell_len

    width = cell_len(render.squares([0] * length))
    return " " * (length + 6) + GAP.join(a.upper().ljust(width) for a in answers)


def patterns_of(before: Boards, after: Boards) -> list[int | None]:
    """The last guess's pattern on each board (None: solved before it)."""
    return [
        None if b.solved else a.turns[-1][1]
        for b, a in zip(before.boards, after.boards, strict=True)
    ]


# --- solve ------------------------------------------------------------------------------


def solve(
    history: list[str] | None,
    game: Wordle,
    rules: Rules,
    *,
    boards: int,
    opener: str | None,
    interactive: bool,
    json: bool,
) -> None:
    """`solve wordle --boards N`: the next guess after --history, or the AI guessing while the
    human types one feedback per unsolved board."""
    from wordkit.wordle import boards as multi

    if history is None and (interactive or (repl.interactive() and not json)):
        ai_mode(game, rules, boards, opener)
        return
    move = multi.next_boards_move(game, ",".join(history or ()), boards, rules, opener=opener)
    if json:
        render.emit_json(move.as_dict())
        return
    if move.guess is None:
        say("Solved: " + " / ".join(a[0].upper() for a in move.answers))
        return
    say(f"next guess: {move.guess.upper()}")
    for k, (done, left, shown) in enumerate(
        zip(move.solved, move.answers_left, move.answers, strict=True), 1
    ):
        if done:
            say(f"  board {k}: solved ({shown[0].upper()})")
        else:
            listed = f": {', '.join(shown)}" if shown else ""
            say(f"  board {k}: {render.plural(left, 'answer')} left{listed}")


class HumanBoardsHost:
    """The human hosts N boards: shown each guess, they type one feedback per unsolved board
    (separated by /, or one line per board); U undoes, Q quits."""

    name = "human"

    def answer(self, state: Boards, row: int) -> Boards | None:
        """The state after the typed feedback (None: quit)."""
        from wordkit.wordle.boards import parse_patterns

        word = state.game.guesses[row]
        say(f"Guess {state.turn}: {word.upper()}  (boards left: {len(state.unsolved)})")
        while True:
            line = repl.ask("feedback (one per unsolved board, / between)> ")
            if line is None or line.lower() == "q":
                raise Quit
            if line.lower() == "u":
                if state.previous is None:
                    say("Nothing to undo.")
                    continue
                raise Undo
            try:
                after = state.after(row, parse_patterns(state, line))
            except WordkitError as exc:
                say(f"{exc} (type U to undo)" if state.guesses else str(exc))
                continue
            say(row_of(state.turn, word, patterns_of(state, after), state.game.length))
            return after

    def reveal(self, state: Boards) -> str:
        """The boards' answers when all are solved, else nothing known."""
        return "/".join(b.turns[-1][0] for b in state.boards) if state.solved else ""


def ai_mode(game: Wordle, rules: Rules, boards: int, opener: str | None) -> None:
    """The human hosts N boards; the AI guesses."""
    from wordkit.wordle.boards import BoardsGuesser, start_boards
    from wordkit.wordle.play import play
    from wordkit.wordle.rules import Rules

    say(
        f"Think of {boards} different {game.length}-letter words. After each guess type its "
        "feedback on every unsolved board, separated by / (G/Y/B, 2/1/0 or squares). "
        "U undoes, Q quits."
    )
    try:
        record = play(
            BoardsGuesser(opener=opener),
            HumanBoardsHost(),
            start_boards(game, boards, Rules(length=rules.length, max_guesses=None)),
        )
    except Quit:
        say("Bye.")
        return
    if record.solved:
        say(f"Solved in {render.plural(record.guesses, 'guess', 'guesses')}.")
    else:
        say("Bye.")


# --- query ------------------------------------------------------------------------------


def query(
    words: list[str], game: Wordle, rules: Rules, *, boards: int, opener: str | None, json: bool
) -> None:
    """`query wordle W1 ... WN --boards N`: how the AI solves these N answers, the boards
    side by side after each guess."""
    from wordkit.wordle import boards as multi
    from wordkit.wordle.rules import pattern_str

    record, steps = multi.query_boards(game, words, boards, rules, opener=opener)
    if json:
        render.emit_json(
            {
                **record.as_dict(),
                "boards": boards,
                "guesses_allowed": rules.max_guesses,
                "steps": [
                    {
                        "guess": s.guess,
                        "feedback": [
                            None if p is None else pattern_str(p, game.length, "letters")
                            for p in s.patterns
                        ],
                        "answers_left": list(s.after),
                    }
                    for s in steps
                ],
            }
        )
        return
    say(header_of(record.secret.split("/"), game.length))
    for s in steps:
        say(row_of(s.turn, s.guess, s.patterns, game.length))
    verdict = "solved" if record.won else ("solved late" if record.solved else "not solved")
    say(
        f"{verdict} in {render.plural(record.guesses, 'guess', 'guesses')} (of {rules.max_guesses})"
    )


# --- stats ------------------------------------------------------------------------------


def stats(
    game: Wordle,
    rules: Rules,
    *,
    boards: int,
    table: str,
    opener: str | None,
    sample: int | None,
    seed: int,
    jobs: int,
    fmt: str,
    records: str | None,
    cluster: str | None = None,
) -> None:
    """`stats wordle --boards N --sample G --seed S`: G games of N distinct answers each."""
    from wordkit import runner, tables
    from wordkit.wordle.boards import VARIANTS, run_boards_stats

    summary, played = run_boards_stats(
        game, boards, rules=rules, sample=500 if sample is None else sample, seed=seed,
        opener=opener, jobs=jobs, cluster=cluster, table=table,
    )  # fmt: skip
    if records is not None:
        tables.write_text(runner.record_lines(played), records)
    if render.emit_summary(summary, fmt):
        return
    say(
        f"{VARIANTS[boards]} ({boards} boards, {summary.options['guesses_allowed']} guesses), "
        f"{summary.games:,} games (seed {seed}), opener {str(summary.options['opener']).upper()}"
    )
    say(f"won: {summary.wins:,}/{summary.games:,} ({100 * summary.win_rate:.2f}%)")
    say(f"mean guesses: {summary.mean_guesses:.4f}   max: {summary.max_guesses}")
    for line in render.histogram(summary.histogram):
        say("  " + line)


# --- host -------------------------------------------------------------------------------


def host(game: Wordle, rules: Rules, *, boards: int, seed: int) -> GameRecord:
    """`host wordle --boards N`: the computer hosts N boards, the human guesses; the boards
    are shown side by side after each guess. The game's record is returned (for the history)."""
    from wordkit.cli.wordle import HumanGuesser
    from wordkit.wordle.boards import VARIANTS, HonestBoards, start_boards
    from wordkit.wordle.play import play

    board_host = HonestBoards(game, boards, seed=seed)
    guesser = HumanGuesser(None)
    say(
        f"{VARIANTS[boards]}: {boards} boards of {game.length} letters, "
        f"{rules.max_guesses} guesses. Type a word; L lists, G gives up, Q quits."
    )

    def watch(before: Boards, move: Decision, after: Boards) -> None:
        say(row_of(before.turn, move.word, patterns_of(before, after), game.length))
        left = [f"{len(after.boards[k].remaining)}" for k in after.unsolved]
        if left:
            say(f"    answers left on the unsolved boards: {' '.join(left)}")

    record = play(guesser, board_host, start_boards(game, boards, rules), watch=watch)
    show_end(record, guesser.gave_up)
    return record


def show_end(record: GameRecord, gave_up: bool) -> None:
    """The end of a hosted N-board game."""
    answers = " / ".join(w.upper() for w in record.secret.split("/"))
    if record.won:
        say(f"You win in {record.guesses}: {answers}.")
    elif gave_up:
        say(f"The answers were {answers}.")
    else:
        say(f"Out of guesses. The answers were {answers}.")
