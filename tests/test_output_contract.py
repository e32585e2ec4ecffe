"""One output contract for both games and for N boards: the keys scripts read are the same."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from wordkit.cli import app

FIXTURES = Path(__file__).parent / "fixtures"
HANGMAN = ["--words", str(FIXTURES / "cli_hangman.csv"), "--strategy", "coverage"]
SMALL = str(FIXTURES / "wordle_small.txt")
WORDLE = ["--answers", SMALL, "--guesses", SMALL]
runner = CliRunner()

GAME_KEYS = ["game", "secret", "won", "guesses", "strategy"]
STEP_KEYS = {"turn", "guess", "feedback", "candidates"}
RECORD_KEYS = ["secret", "won", "solved", "guesses", "moves", "feedback", "wrong", "category"]


def lines(*args: str) -> list[dict]:  # type: ignore[type-arg]
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def words(n: int) -> list[str]:
    text = (FIXTURES / "wordle_small.txt").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines()]
    return [w for w in lines if w and not w.startswith("#")][:n]


def test_query_json_has_the_same_keys_in_both_games_and_with_boards() -> None:
    games = [
        *lines("query", "hangman", "apple", *HANGMAN, "--json"),
        *lines("query", "wordle", words(1)[0], *WORDLE, "--json"),
        *lines("query", "wordle", *words(2), *WORDLE, "--boards", "2", "--json"),
    ]
    assert [g["game"] for g in games] == ["hangman", "wordle", "wordle"]
    for game in games:
        assert list(game)[:5] == GAME_KEYS and list(game)[-1] == "steps"
        assert all(set(step) >= STEP_KEYS for step in game["steps"])
    boards = games[2]
    assert isinstance(boards["secret"], list) and len(boards["secret"]) == 2
    step = boards["steps"][0]
    assert len(step["feedback"]) == len(step["candidates"]) == 2


def test_solve_json_starts_with_the_same_keys() -> None:
    hangman = runner.invoke(app, ["solve", "hangman", "--mask", "a__le", *HANGMAN, "--json"])
    first = words(1)[0]
    wordle = runner.invoke(
        app, ["solve", "wordle", *WORDLE, "--history", f"{first}=BBBBB", "--json"]
    )
    for result in (hangman, wordle):
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert list(data)[:4] == ["game", "move", "candidates", "top"]
        assert all(set(entry) == {"word", "probability"} for entry in data["top"])


def test_a_solved_position_is_told_alike_in_both_games() -> None:
    """No move, the word as `solved`, exit 0, and `Solved: WORD` in the text."""
    hangman = ["solve", "hangman", "--mask", "apple", *HANGMAN]
    wordle = ["solve", "wordle", *WORDLE, "--history", "apple=GGGGG"]
    for args in (hangman, wordle):
        data = runner.invoke(app, [*args, "--json"])
        text = runner.invoke(app, args)
        assert (data.exit_code, text.exit_code, text.stdout) == (0, 0, "Solved: APPLE\n")
        shape = json.loads(data.stdout)
        assert (shape["move"], shape["solved"]) == (None, "apple")


def test_records_have_the_same_keys_in_both_games() -> None:
    hangman = lines("stats", "hangman", *HANGMAN, "--records", "-")
    wordle = lines("stats", "wordle", *WORDLE, "--records", "-")
    assert {tuple(r) for r in hangman} == {tuple(r) for r in wordle} == {tuple(RECORD_KEYS)}


def test_csv_booleans_are_lowercase() -> None:
    for args in (["stats", "hangman", *HANGMAN], ["stats", "wordle", *WORDLE]):
        result = runner.invoke(app, [*args, "--format", "csv"])
        assert result.exit_code == 0, result.output
        assert "False" not in result.stdout and "True" not in result.stdout


def test_json_and_csv_together_are_refused() -> None:
    for game in ("hangman", "wordle"):
        result = runner.invoke(app, ["stats", game, "--json", "--format", "csv"])
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: --json asks for JSON")


def test_dash_h_is_help_everywhere() -> None:
    for args in ([], ["solve"], ["stats", "hangman"], ["host", "wordle"], ["prepare"]):
        assert runner.invoke(app, [*args, "-h"]).stdout.startswith("Usage:")


def test_seed_is_drawn_and_shown_only_when_something_random_needs_it() -> None:
    fixed = runner.invoke(app, ["stats", "hangman", *HANGMAN])
    assert fixed.exit_code == 0 and "seed:" not in fixed.stderr  # every row once: no chance
    for args in (
        ["stats", "hangman", *HANGMAN, "--sample", "5", "--json"],
        ["stats", "wordle", *WORDLE, "--boards", "2", "--sample", "3", "--json"],
    ):
        drawn = runner.invoke(app, args)
        assert drawn.exit_code == 0, drawn.output
        seed = int(drawn.stderr.split("seed: ", 1)[1].split()[0])
        again = runner.invoke(app, [*args, "--seed", str(seed)])
        first, second = json.loads(drawn.stdout), json.loads(again.stdout)
        assert first["seed"] == second["seed"] == seed and "seed:" not in again.stderr
        assert {k: v for k, v in first.items() if k != "seconds"} == {
            k: v for k, v in second.items() if k != "seconds"
        }


def test_a_query_of_no_word_is_refused_alike_in_both_games() -> None:
    import pytest

    from wordkit.errors import GameStateError
    from wordkit.hangman import Session as Hangman
    from wordkit.wordle import Session as Wordle

    for session in (Hangman(words="categories"), Wordle()):
        with pytest.raises(GameStateError, match="^no word to query: give one or more words"):
            list(session.query([]))


def test_stats_json_names_its_game_sample_and_seed_alike_in_both_games() -> None:
    """Every run names its game, and its sample and seed (null: every word, nothing drawn;
    Hangman said seed 0, Wordle nothing, an opener sweep no game)."""
    small = str(FIXTURES / "wordle_small.txt")
    hangman = str(FIXTURES / "cli_hangman.csv")
    runs = {
        "hangman": ["stats", "hangman", "--words", hangman, "--json"],
        "wordle": ["stats", "wordle", "--answers", small, "--json"],
    }
    for game, args in runs.items():
        whole = document(*args)
        assert (whole["game"], whole["sample"], whole["seed"]) == (game, None, None)
        drawn = document(*args, "--sample", "3", "--seed", "5")
        assert (drawn["game"], drawn["sample"], drawn["seed"]) == (game, 3, 5)
    sweep = document("stats", "wordle", "--answers", small, "--openers", "crane", "--json")
    assert sweep["game"] == "wordle"


def document(*args: str) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_secrets_are_one_game_a_row_in_both_games(tmp_path: Path) -> None:
    """Wordle played a word written twice once, in silence; Hangman twice."""
    hangman_words = tmp_path / "h.txt"
    hangman_words.write_text("tiger\nzebra\ntiger\n")
    wordle_words = tmp_path / "w.txt"
    first, second = words(2)
    wordle_words.write_text(f"{first}\n{second}\n{first}\n")
    hangman = lines("stats", "hangman", *HANGMAN, "--secrets", str(hangman_words), "--records", "-")
    wordle = lines("stats", "wordle", *WORDLE, "--secrets", str(wordle_words), "--records", "-")
    assert sorted(r["secret"] for r in hangman) == ["tiger", "tiger", "zebra"]
    assert sorted(r["secret"] for r in wordle) == sorted([first, first, second])


def test_query_plays_the_words_typed_then_the_secrets_file_in_both_games(tmp_path: Path) -> None:
    """`query hangman` had no --secrets, which `query wordle` has."""
    first, second, third = words(3)
    hangman_words = tmp_path / "h.txt"
    hangman_words.write_text("zebra\ntiger\n")
    wordle_words = tmp_path / "w.txt"
    wordle_words.write_text(f"{second}\n{third}\n")
    hangman = lines("query", "hangman", "apple", *HANGMAN, "--secrets", str(hangman_words),
                    "--json")  # fmt: skip
    wordle = lines("query", "wordle", first, *WORDLE, "--secrets", str(wordle_words), "--json")
    assert [g["secret"] for g in hangman] == ["apple", "zebra", "tiger"]
    assert [g["secret"] for g in wordle] == [first, second, third]
    for game in ("hangman", "wordle"):
        result = runner.invoke(app, ["query", game, "--secrets", str(tmp_path / "none.txt")])
        assert result.exit_code == 1
        assert "is neither a built-in table" in result.output
