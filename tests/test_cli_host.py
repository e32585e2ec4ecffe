"""`wordkit host hangman|wordle` driven through CliRunner with scripted input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.games.wordle import feedback, pattern_marks

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"
TINY = str(FIXTURES / "host_tiny.csv")
SMALL = str(FIXTURES / "wordle_small.txt")
WORDLE = ["--answers", SMALL, "--guesses", SMALL]


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


def secret_of(seed: str) -> str:
    out = play("wordle", *WORDLE, "--seed", seed, input="G\n")
    found = re.search(r"The answer was ([A-Z]+)\.", out)
    assert found
    return found.group(1).lower()


def test_wordle_won_and_lost() -> None:
    secret = secret_of("5")
    out = play("wordle", *WORDLE, "--seed", "5", "--trainer", input=f"{secret}\n")
    assert out.rstrip().endswith(f"You win in 1: {secret.upper()}.")
    assert "Trainer: answers possible: 40 before, 1 after." in out
    wrong = [
        w for w in ("apple", "baker", "beast", "berry", "blame", "bread", "brick") if w != secret
    ]
    out = play("wordle", *WORDLE, "--seed", "5", input="\n".join(wrong[:6]) + "\n")
    assert out.rstrip().endswith(f"Out of guesses. The answer was {secret.upper()}.")


def test_wordle_commands_and_bad_entries() -> None:
    script = "\n".join(["abc", "zzzzz", "apple", "apple", "?", "l", "q"]) + "\n"
    out = play("wordle", *WORDLE, "--mode", "evil", input=script)
    assert "'abc' has 3 letters; this game uses 5-letter words (no guess used)" in out
    assert "'zzzzz' is not in the list of allowed guesses (no guess used)" in out
    assert "you already guessed APPLE (no guess used)" in out
    assert re.search(r"Hint: try [A-Z]{5}\.", out)
    assert "still possible:" in out
    assert re.search(r"The answer was [A-Z]{5}\.\n$", out)


@pytest.mark.parametrize("mode", ["honest", "evil"])
def test_wordle_end_of_input(mode: str) -> None:
    out = play("wordle", *WORDLE, "--mode", mode, input="")
    assert re.search(r"The answer was [A-Z]{5}\.\n$", out)


def test_wordle_hard_mode_refuses_ignoring_hints() -> None:
    secret = secret_of("5")
    words = [w for w in Path(SMALL).read_text().splitlines() if w and not w.startswith("#")]
    first = next(w for w in words if w != secret and set(w) & set(secret))
    shown = {c for c, m in zip(first, pattern_marks(feedback(first, secret)), strict=True) if m}
    second = next(w for w in words if not set(w) & shown)
    out = play("wordle", *WORDLE, "--seed", "5", "--hard", input=f"{first}\n{second}\nQ\n")
    assert f"hard mode: {second.upper()} is not allowed: " in out
    assert "(no guess used)" in out
