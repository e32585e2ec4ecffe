"""Several boards at once (wordkit.wordle.boards and `--boards N`), on the 40-word fixture list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app, render
from wordkit.errors import GameStateError, RangeError, WordkitError
from wordkit.wordle.boards import (
    DEFAULT_LIMITS,
    Boards,
    BoardsGuesser,
    HonestBoards,
    parse_patterns,
    replay_text,
    sample_tuples,
    start_boards,
)
from wordkit.wordle.guessers import Decision
from wordkit.wordle.lists import make_wordle
from wordkit.wordle.play import play
from wordkit.wordle.rules import Rules, feedback, pattern_marks, pattern_str
from wordkit.wordle.session import Game, Refused, Session

SMALL = str(Path(__file__).parent / "fixtures" / "wordle_small.txt")
LISTS = ["--answers", SMALL, "--guesses", SMALL]
WORDS = [w for w in Path(SMALL).read_text().splitlines() if w and not w.startswith("#")]
GAME = make_wordle(WORDS, WORDS, use_disk=False)
runner = CliRunner()


def marks(guess: str, answer: str) -> str:
    return pattern_str(feedback(guess, answer), 5, "letters")


def left(history: list[str], secret: str) -> list[str]:
    """Brute force: the words giving every guess of `history` the same marks as `secret`."""
    return [w for w in WORDS if all(marks(g, w) == marks(g, secret) for g in history)]


def wk(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def one_error(result) -> str:  # type: ignore[no-untyped-def]
    """The single `Error:` line of a failed command."""
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


# --- feedback and filtering --------------------------------------------------------------


def test_feedback_per_board_with_repeated_letters() -> None:
    # Hand-checked: EAGLE against APPLE (the E of APPLE is taken by the green), BERRY, CHESS.
    assert marks("eagle", "apple") == "BYBGG"
    assert marks("eagle", "berry") == "YBBBB"
    assert marks("eagle", "chess") == "YBBBB"
    secrets = ("apple", "berry", "chess", "eagle")
    host = HonestBoards(GAME, 4, secrets=secrets)
    state = start_boards(GAME, 4)
    played: list[str] = []
    for guess in ("eagle", "berry", "apple"):
        state = host.answer(state, GAME.guess_index[guess])
        played.append(guess)
        for board, secret in zip(state.boards, secrets, strict=True):
            # A solved board stops filtering: its history is the guesses up to its answer.
            upto = played[: played.index(secret) + 1] if secret in played else played
            assert [GAME.answers[i] for i in board.remaining] == left(upto, secret)
    assert [b.solved for b in state.boards] == [True, True, False, True]
    assert state.unsolved == [2]
    assert len(state.boards[2].remaining) >= 1
    assert state.guesses == ("eagle", "berry", "apple")


def test_typed_history_filters_each_board() -> None:
    history = f"eagle={marks('eagle', 'apple')}/{marks('eagle', 'chess')}"
    state = replay_text(start_boards(GAME, 2), history)
    assert [GAME.answers[i] for i in state.boards[0].remaining] == left(["eagle"], "apple")
    assert [GAME.answers[i] for i in state.boards[1].remaining] == left(["eagle"], "chess")
    # A solved board may be left out, or given as - or as the guess's true feedback there.
    solved = replay_text(start_boards(GAME, 2), f"apple=GGGGG/{marks('apple', 'chess')}")
    assert solved.unsolved == [1]
    stone = GAME.guess_index["stone"]
    for typed in (
        marks("stone", "chess"),
        f"-/{marks('stone', 'chess')}",
        f"{marks('stone', 'apple')}/{marks('stone', 'chess')}",
    ):
        after = solved.after(stone, parse_patterns(solved, typed, stone))
        assert len(after.boards[0].turns) == 1  # the solved board got no more guesses
        assert after.boards[0].turns[-1][0] == "apple"


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ("eagle=BYBGG", "1 feedback pattern for 2 unsolved boards"),
        ("eagle=BYBGG/BBBBB/BBBBB", "3 feedback patterns for 2 unsolved boards"),
        ("eagle=BYBGG/BXBBB", "board 2:"),
        ("eagle=BYBGG/BBBB", "board 2:"),
        ("eagle", "must be WORD=FEEDBACK/FEEDBACK/"),
        ("zzzzz=BBBBB/BBBBB", "not in the list of allowed guesses"),
        ("eagle=GGGGG/GGGGG", "board"),
        ("apple=GGGGG/BBBBB,stone=BBBBB/BBBBB", "board 1 is solved"),
    ],
)
def test_bad_history_is_a_typed_error(history: str, message: str) -> None:
    with pytest.raises(WordkitError, match=message):
        replay_text(start_boards(GAME, 2), history)


# --- the loop ------------------------------------------------------------------------------


def test_solved_board_stops_receiving_guesses() -> None:
    (game,) = Session(game=GAME, boards=4).query([("grape", "lemon", "chess", "queen")])
    assert isinstance(game, Game) and game.limit == 9
    record, steps = game.record, game.steps
    assert record.won and record.solved
    assert all(w in record.moves for w in ("grape", "lemon", "chess", "queen"))
    for k, secret in enumerate(("grape", "lemon", "chess", "queen")):
        at = record.moves.index(secret)
        assert steps[at].pattern[k] == GAME.win
        assert all(s.pattern[k] is None for s in steps[at + 1 :])
        assert all(s.as_dict()["feedback"][k] is None for s in steps[at + 1 :])
        assert all(f.split("/")[k] == "-" for f in record.feedback[at + 1 :])


def test_limit_counts_guesses_not_boards() -> None:
    def stubborn(state: Boards) -> Decision:
        row = GAME.guess_index["water"]
        return Decision("water", row=row)

    host = HonestBoards(GAME, 4, secrets=("apple", "berry", "chess", "eagle"))
    record = play(stubborn, host, start_boards(GAME, 4, Rules(max_guesses=3)))
    assert record.guesses == 3 and not record.won
    assert record.secret == "apple/berry/chess/eagle"
    assert DEFAULT_LIMITS == {1: 6, 2: 7, 4: 9, 8: 13, 16: 21}


def test_guesser_plays_a_certain_board_at_once() -> None:
    state = replay_text(start_boards(GAME, 2), f"crane={marks('crane', 'light')}/BBBBG")
    # CRANE BBBBB leaves LIGHT alone on board 1: play it.
    assert [GAME.answers[i] for i in state.boards[0].remaining] == ["light"]
    assert BoardsGuesser(opener="crane")(state).word == "light"


def test_stats_sample_is_seeded_and_all_won() -> None:
    assert sample_tuples(GAME, 4, 3, seed=1) == sample_tuples(GAME, 4, 3, seed=1)
    assert all(len(set(t)) == 4 for t in sample_tuples(GAME, 4, 20, seed=2))
    played = Session(game=GAME, boards=4, sample=12, seed=1, opener="crane").stats()
    summary, records = played.summary, played.records
    assert summary.games == 12 and summary.win_rate == 1.0
    assert summary.options["boards"] == 4 and summary.options["guesses_allowed"] == 9
    assert summary.options["hard"] is False  # as one board's stats have it
    assert [r.secret for r in records] == ["/".join(t) for t in sample_tuples(GAME, 4, 12, 1)]
    assert all(r.guesses >= 4 for r in records)


def test_bad_board_counts() -> None:
    with pytest.raises(RangeError, match="--boards must be one of"):
        start_boards(GAME, 3)
    with pytest.raises(GameStateError, match="hard mode is for one board"):
        start_boards(GAME, 2, Rules(hard=True))
    (refused,) = Session(game=GAME, boards=2).query([["apple"]])
    assert isinstance(refused, Refused) and isinstance(refused.error, GameStateError)
    assert str(refused.error) == "--boards 2 needs 2 words, one per board; got 1 (apple)"


# --- the CLI -------------------------------------------------------------------------------


def test_cli_solve_boards() -> None:
    history = f"eagle={marks('eagle', 'apple')}/{marks('eagle', 'chess')}"
    result = wk("solve", "wordle", *LISTS, "--boards", "2", "--history", history, "--json")
    assert result.exit_code == 0, result.output
    move = json.loads(result.stdout)
    assert move["move"] in WORDS and "solved" not in move and move["boards"] == 2
    assert move["candidates"] == [len(left(["eagle"], "apple")), len(left(["eagle"], "chess"))]
    assert [[t["word"] for t in top] for top in move["top"]] == [
        left(["eagle"], "apple")[:8],
        left(["eagle"], "chess")[:8],
    ]
    result = wk("solve", "wordle", *LISTS, "--boards", "2", "--history", "apple=GGGGG/GGGGG")
    assert result.exit_code == 1  # two boards cannot share an answer
    result = wk("solve", "wordle", *LISTS, "--boards", "2", "--history", "apple=GGGGG/-")
    one_error(result)


def test_cli_query_and_stats_boards() -> None:
    result = wk("query", "wordle", "grape", "lemon", *LISTS, "--boards", "2", "--opener", "crane")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["GRAPE", "LEMON"]
    assert lines[1].startswith(" 1. CRANE  ")
    assert lines[-1].startswith("solved in ")
    # --json: one line per game, N words a game (a line of stdin each with -)
    result = wk(
        "query", "wordle", "-", *LISTS, "--boards", "2", "--opener", "crane", "--json",
        input="grape lemon\nchess queen\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    games = [json.loads(line) for line in result.stdout.splitlines()]
    assert [g["secret"] for g in games] == [["grape", "lemon"], ["chess", "queen"]]
    assert all(g["boards"] == 2 and g["won"] and g["strategy"] == "boards" for g in games)
    first = games[0]["steps"][0]
    assert first["guess"] == "crane" and first["candidates"] == [40, 40]
    assert first["feedback"] == [marks("crane", "grape"), marks("crane", "lemon")]
    assert first["answers_left"] == [len(left(["crane"], "grape")), len(left(["crane"], "lemon"))]
    result = wk(
        "stats", "wordle", *LISTS, "--boards", "4", "--sample", "6", "--seed", "1", "--json"
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and summary["win_rate"] == 1.0 and summary["boards"] == 4


def test_cli_host_boards_side_by_side() -> None:
    secrets = HonestBoards(GAME, 2, seed=5).secrets
    result = wk("host", "wordle", *LISTS, "--boards", "2", "--seed", "5", input="crane\nq\n")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "1. CRANE" in line)
    shown = row.split("1. CRANE")[1].split()
    assert shown == [render.squares(pattern_marks(feedback("crane", w), 5)) for w in secrets]
    left = next(line for line in result.stdout.splitlines() if "answers left" in line)
    counts = left.split(": ")[1].split(" / ")  # thousands grouped, so the counts are joined
    assert len(counts) == 2 - sum(w == "crane" for w in secrets)
    assert all(count.replace(",", "").isdigit() for count in counts)


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "wordle", "--boards", "3", "--history", "crane=BBBBB"],
        ["solve", "wordle", "--boards", "2", "--history", "crane=BBBBB"],
        ["solve", "wordle", "--boards", "2", "--history", "crane=BBBBB/BBQBB"],
        ["solve", "wordle", "--boards", "2", "--hard", "--history", "crane=BBBBB/BBBBB"],
        ["query", "wordle", "grape", "--boards", "2"],
        ["query", "wordle", "grape", "grape", "--boards", "2"],
        ["query", "wordle", "grape", "zzzzz", "--boards", "2"],
        ["stats", "wordle", "--boards", "2", "--max-guesses", "0"],
        ["stats", "wordle", "--boards", "2", "--sample", "0"],
        ["stats", "wordle", "--sample", "0"],
        ["stats", "wordle", "--boards", "2", "--host", "evil"],
        ["host", "wordle", "--boards", "5"],
        ["host", "wordle", "--boards", "2", "--mode", "evil", "--seed", "1"],
    ],
)
def test_cli_bad_input_is_one_error_line(args: list[str]) -> None:
    one_error(wk(*args[:2], *LISTS, *args[2:]))


@pytest.mark.parametrize(
    "args",
    [
        ["query", "wordle", "grape", "lemon", "--budget", "1"],
        ["query", "wordle", "grape", "lemon", "--strategy", "entropy"],
        ["solve", "wordle", "--history", "crane=BBBBB/BBBBB", "--budget", "1"],
        ["solve", "wordle", "--history", "crane=BBBBB/BBBBB", "--strategy", "entropy"],
    ],
)
def test_options_the_boards_guesser_ignores_are_refused(args: list[str]) -> None:
    # They ran with no effect (the JSON said "strategy": "boards"); stats refused them.
    result = wk(*args[:2], *LISTS, "--boards", "2", *args[2:])
    flag = args[-2]
    assert result.exit_code == 1
    assert (
        result.stderr == f"Error: --boards plays N-board games with its own guesser: drop {flag}\n"
    )


def test_endgame_plays_exactly() -> None:
    state = replay_text(start_boards(GAME, 2), f"crane={marks('crane', 'grape')}/BBBBB")
    move = BoardsGuesser(opener="crane")(state)
    assert move.label == "exact" and move.word in WORDS


def test_a_game_past_its_limit_is_played_on_to_its_answers() -> None:
    # Ten words one letter apart: two boards cannot be solved within 7 guesses, and once past
    # the limit the exact endgame must still play a new candidate each turn (it played an
    # arbitrary word, SIGHT again and again, until the game gave up).
    trap = [
        "bight",
        "fight",
        "light",
        "might",
        "night",
        "right",
        "sight",
        "tight",
        "wight",
        "eight",
    ]
    game = make_wordle(trap, trap, use_disk=False)
    for secrets in [("eight", "wight"), ("wight", "eight"), ("tight", "eight")]:
        (played,) = Session(game=game, boards=2).query([secrets])
        assert isinstance(played, Game) and played.record.solved
        assert len(set(played.record.moves)) == len(played.record.moves) <= len(trap)


def test_boards_fold_to_the_terminals_width_never_within_a_board() -> None:
    from wordkit.cli.wordle import side_by_side

    lead = " 1. CRANE  "
    line = side_by_side(lead, [0] * 8, 5, columns=80)  # 8 boards of 10 cells: 106 in all
    first, second = line.split("\n")
    assert first.startswith(lead) and first.count("⬛⬛⬛⬛⬛") == 5
    assert second == " " * len(lead) + "  ".join(["⬛⬛⬛⬛⬛"] * 3)
    assert "\n" not in side_by_side(lead, [0] * 8, 5, columns=0)  # a pipe: one line


def test_boards_left_fewer_answers_than_they_need_are_refused() -> None:
    """The boards' answers differ: two boards left only LIGHT (CRANE grey on both) was taken,
    and the AI played LIGHT on both, a dead end a turn later; so are three boards sharing two
    answers, while two boards sharing two answers stay open."""
    from wordkit.errors import GameStateError

    grey = marks("crane", "light")
    with pytest.raises(GameStateError, match=re.escape(
        "boards 1, 2 have 1 answer left among them (LIGHT): too few for the boards"
    )):  # fmt: skip
        replay_text(start_boards(GAME, 2), f"crane={grey}/{grey}")
    pattern = marks("crane", "apple")
    assert [w for w in GAME.answers if marks("crane", w) == pattern] == ["apple", "eagle"]
    replay_text(start_boards(GAME, 2), f"crane={pattern}/{pattern}")  # two for two: open
    with pytest.raises(GameStateError, match=re.escape("boards 1, 2, 3 have 2 answers left")):
        replay_text(start_boards(GAME, 4), f"crane={pattern}/{pattern}/{pattern}/BBBBB")


def test_a_boards_entry_with_no_word_is_named() -> None:
    """`=BBBBB/BBBBB` said "'' has 0 letters"."""
    from wordkit.errors import GameStateError

    with pytest.raises(GameStateError, match=re.escape("('=BBBBB/BBBBB') names no word")):
        replay_text(start_boards(GAME, 2), "=BBBBB/BBBBB")
