"""`wordkit host hangman` driven through CliRunner with scripted input."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from wordkit.cli import app

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"
TINY = str(FIXTURES / "host_tiny.csv")


def play(*args: str, input: str):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, ["host", *args], input=input)
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.stdout


def test_hangman_won_game(tmp_path: Path) -> None:
    one = tmp_path / "one.txt"
    one.write_text("cat\n", encoding="utf-8")
    out = play("hangman", "--words", str(one), input="c\na\nt\n")
    assert "C A T" in out
    assert out.rstrip().endswith("You win: CAT.")


def test_hangman_lost_game_draws_the_gallows(tmp_path: Path) -> None:
    one = tmp_path / "one.txt"
    one.write_text("cat\n", encoding="utf-8")
    out = play("hangman", "--words", str(one), "--lives", "3", input="x\ny\nz\n")
    assert out.count("No ") == 3
    assert " / \\  |" in out  # the whole figure once the lives are gone
    assert out.rstrip().endswith("Hanged. The word was CAT.")


def test_hangman_commands_and_bad_entries() -> None:
    script = "\n".join(["", "1", "dogs", "zzz", "o", "o", "L", "?", ":l", "G"]) + "\n"
    out = play("hangman", "--words", TINY, "--mode", "evil", input=script)
    assert "'' is not a word" in out or "is not a word of" in out
    assert "'1' is not a word of 1-63 letters a-z (no life lost)" in out
    assert "'dogs' has 4 letters; the word has 3 (no life lost)" in out
    assert "'zzz' is not in the word list (no life lost)" in out
    assert "'o' was already guessed (no life lost)" in out
    assert "2 words still possible: cot, dog" in out  # evil keeps the larger family -O-
    assert re.search(r"Hint: try [A-Z]+\.", out)
    assert re.search(r"The word was (COT|DOG)\.", out)


def test_hangman_end_of_input_shows_the_word() -> None:
    out = play("hangman", "--words", TINY, "--seed", "2", input="a\n")
    assert re.search(r"The word was (CAT|COT|DOG)\.\n$", out)


def test_hangman_unknown_mode_and_difficulty() -> None:
    result = runner.invoke(app, ["host", "hangman", "--words", TINY, "--mode", "nice"], input="")
    assert result.exit_code == 1
    assert (
        result.stderr
        == "Error: unknown Hangman host 'nice' (choose from honest, evil, lookahead)\n"
    )
    result = runner.invoke(app, ["host", "hangman", "--difficulty", "brutal"], input="")
    assert result.exit_code == 1
    assert result.stderr == "Error: unknown difficulty 'brutal'; choose from easy, medium, hard\n"


def test_hangman_hint_and_trainer_name_the_same_move() -> None:
    out = play("hangman", "--words", TINY, "--mode", "evil", "--trainer", input="?\no\nQ\n")
    hint = re.search(r"Hint: try ([A-Z]+)\.", out)
    best = re.search(r"the AI would play ([A-Z]+) ", out)
    assert hint and best and hint.group(1) == best.group(1)
