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
    assert "You win: CAT.\nYour statistics (one.txt, classic, 6 lives" in out


def test_hangman_lost_game_draws_the_gallows(tmp_path: Path) -> None:
    one = tmp_path / "one.txt"
    one.write_text("cat\n", encoding="utf-8")
    out = play("hangman", "--words", str(one), "--lives", "3", input="x\ny\nz\n")
    assert out.count("No ") == 3
    assert " / \\  |" in out  # the whole figure once the lives are gone
    assert "Hanged. The word was CAT.\nYour statistics (one.txt, classic, 3 lives" in out


def test_hangman_commands_and_bad_entries() -> None:
    script = "\n".join(["", "1", "dogs", "zzz", "o", "o", "L", "?", ":l", "G"]) + "\n"
    out = play("hangman", "--words", TINY, "--mode", "evil", input=script)
    # Enter alone asks again without a word of blame
    assert "''" not in out
    assert "'1' is not a word of 1-63 letters a-z (no guess used)" in out
    assert "'dogs' has 4 letters; the word has 3 (no guess used)" in out
    assert "'zzz' is not in the word list (no guess used)" in out
    assert "'o' was already guessed (no guess used)" in out
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


def test_hangman_markup_typed_is_shown_as_text() -> None:
    out = play("hangman", "--words", TINY, "--seed", "1", input="[/]\n[bold]zz\nQ\n")
    assert "'[/]' is not a word of 1-63 letters a-z (no guess used)" in out
    assert "'[bold]zz' is not a word of 1-63 letters a-z (no guess used)" in out


def test_hangman_fresh_seed_is_shown_and_a_given_seed_replays() -> None:
    fresh = runner.invoke(app, ["host", "hangman", "--words", TINY], input="G\n")
    assert fresh.exit_code == 0
    seed = re.fullmatch(r"seed: (\d+) \(repeat this run with --seed \1\)\n", fresh.stderr)
    assert seed
    word = re.search(r"The word was ([A-Z]+)\.", fresh.stdout)
    again = play("hangman", "--words", TINY, "--seed", seed.group(1), input="G\n")
    assert word and f"The word was {word.group(1)}." in again
    words = {
        re.search(
            r"was ([A-Z]+)", play("hangman", "--words", TINY, "--seed", str(s), input="G\n")
        ).group(1)  # type: ignore[union-attr]
        for s in range(12)
    }
    assert len(words) > 1  # seeds pick different secrets


def test_hangman_negative_seed_and_deep_lookahead_are_refused() -> None:
    result = runner.invoke(app, ["host", "hangman", "--words", TINY, "--seed", "-1"], input="")
    assert result.exit_code == 1
    assert result.stderr == f"Error: --seed must be between 0 and {2**63 - 1}, not -1\n"
    result = runner.invoke(
        app, ["host", "hangman", "--mode", "lookahead", "--depth", "12"], input=""
    )
    assert result.exit_code == 1
    assert result.stderr == "Error: --depth must be between 1 and 6, not 12\n"


def test_hangman_unlimited_lives() -> None:
    out = play("hangman", "--words", TINY, "--seed", "1", "--lives", "unlimited", input="x\nG\n")
    assert "honest host, unlimited lives" in out
    assert "lives left: unlimited" in out


def test_hangman_ctrl_c_while_the_host_thinks_shows_the_word(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from wordkit.hangman.hosts import LookaheadHangman

    def interrupted(self, state, guess):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(LookaheadHangman, "answer", interrupted)
    result = runner.invoke(
        app, ["host", "hangman", "--words", TINY, "--mode", "lookahead", "--seed", "1"], input="o\n"
    )
    assert result.exit_code == 130
    assert re.search(r"The word was (CAT|COT|DOG)\.\n$", result.stdout)
    assert result.stderr == "Interrupted.\n"


def test_lookahead_host_answers_within_its_budget() -> None:
    """The budget counts the search's work, not seconds: a loaded machine made other answers
    (the same seed and guesses: LIVING unloaded, BLURRY on a busy core)."""
    from wordkit.hangman.hosts import hangman_host
    from wordkit.hangman.lexicon import load_pool
    from wordkit.hangman.rules import CLASSIC
    from wordkit.hangman.search import SPLITS

    pool = load_pool(str(FIXTURES / "cli_words_many.txt"), prior="uniform")
    patient = hangman_host("lookahead", pool, length=6, depth=4, seed=0)
    hasty = hangman_host("lookahead", pool, length=6, depth=6, seed=0, budget=0)
    state = patient.start(CLASSIC)
    hasty.start(CLASSIC)
    began = SPLITS[0]
    quick = hasty.answer(state, "e")
    shallow = SPLITS[0] - began
    assert quick.status == "playing" and len(quick.mask) == 6
    roomy = hangman_host("lookahead", pool, length=6, depth=4, seed=0, budget=10**9)
    roomy.start(CLASSIC)
    began = SPLITS[0]
    assert roomy.answer(state, "e") == patient.answer(state, "e")  # the full depth when in time
    assert SPLITS[0] - began > shallow  # (the first ply of all, whatever the budget)
    again = hangman_host("lookahead", pool, length=6, depth=6, seed=0, budget=200)
    again.start(CLASSIC)
    answers = {again.answer(state, "e") for _ in range(3)}
    assert len(answers) == 1


def test_advanced_host_hides_the_length_and_takes_a_shorter_word(tmp_path: Path) -> None:
    one = tmp_path / "one.txt"
    one.write_text("cat\n", encoding="utf-8")
    args = ["hangman", "--words", str(one), "--variant", "advanced", "--finish", "word"]
    out = play(*args, "--no-record", input="a\ncat\n")
    assert out.startswith("Hangman, up to 20 letters, honest host, 6 lives.")
    assert out.rstrip().endswith("You win: CAT.")  # recorded nothing: no statistics
    assert "wrong: -" in out.splitlines()[-2]  # the word that won is not a wrong guess
    too_long = play(*args, "--no-record", input=f"{'a' * 21}\nG\n")
    assert f"'{'a' * 21}' has 21 letters; the word has at most 20 (no guess used)" in too_long
    refused = runner.invoke(app, ["host", *args, "--length", "3", "--no-record"], input="")
    assert (refused.exit_code, refused.stderr) == (
        1,
        "Error: --length does not apply to --variant advanced, whose length is hidden: drop it\n",
    )


def test_a_human_host_of_the_advanced_variant_types_the_words_own_mask(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\ncot\ndog\n", encoding="utf-8")
    args = ["solve", "hangman", "-i", "--words", str(words), "--variant", "advanced", "--no-record"]
    result = runner.invoke(app, args, input="3\nc__\n")  # the AI opens with C
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Think of a word of at most 20 letters")
    assert "My guess: C " in result.stdout
    assert f"  c {'_ ' * 19}  lives left: 6" in result.stdout  # c__ is the board's first three


def test_a_refused_guess_is_quoted_as_typed() -> None:
    """It was quoted folded and lowercased ('ω' for Ω), as nobody typed it."""
    out = play("hangman", "--words", TINY, input="Ω\nÉ1\nG\n")
    assert "'Ω' is not a word of 1-63 letters a-z (no guess used)" in out
    assert "'É1' is not a word of 1-63 letters a-z (no guess used)" in out
