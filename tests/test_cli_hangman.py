"""`wordkit solve|query|stats hangman` through Typer's CliRunner, on a small fixture table."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.hangman.guessers import guesser_names

runner = CliRunner()
TABLE = str(Path(__file__).parent / "fixtures" / "cli_hangman.csv")
T = ["--words", TABLE]


def wk(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


@pytest.mark.parametrize("strategy", ["coverage", "entropy", "lookahead"])
def test_solve_picks_a_letter_that_splits_apple_and_ankle(strategy: str) -> None:
    result = wk(
        "solve",
        "hangman",
        *T,
        "--mask",
        "a__le",
        "--guessed",
        "aeli",
        "--json",
        "--strategy",
        strategy,
        "--prior",
        "uniform",
    )
    assert result.exit_code == 0, result.output
    move = json.loads(result.stdout)
    # agile holds the refuted i; abale hides a second a, which would have been shown (rule 2)
    assert move["candidates"] == 3
    assert {t["word"] for t in move["top"]} == {"apple", "ankle", "angle"}
    assert move["move"] in ("p", "n", "k", "g")  # each splits the three
    assert 0 <= move["confidence"] <= 1 and move["label"]


def test_solve_plain_output() -> None:
    result = wk(
        "solve", "hangman", *T, "--mask", "a__le", "--guessed", "aeli", "--strategy", "coverage"
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "next letter: N  (confidence 50%, coverage)"  # angle 30% + ankle 20%
    assert lines[1] == "candidates: 3"


def test_candidates_too_unlikely_for_a_whole_percent_show_under_one(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"  # 225 words, each 1 in 225
    words.write_text("".join(f"{a}{b}{c}\n" for a in "bcdfg" for b in "aeiou" for c in "klmnpqrst"))
    args = ("--mask", "___", "--strategy", "coverage", "--prior", "uniform")
    result = wk("solve", "hangman", "--words", str(words), *args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "candidates: 225"
    assert lines[2] == "  " + ", ".join(f"ba{c} <1%" for c in "klmnpqrs")


def test_solve_with_category_and_refuted_word() -> None:
    result = wk(
        "solve",
        "hangman",
        *T,
        "--mask",
        "_____",
        "--category",
        "animal",
        "--refuted",
        "tiger",
        "--json",
    )
    assert result.exit_code == 0, result.output
    move = json.loads(result.stdout)
    assert move["candidates"] == 2  # zebra and otter; tiger was refuted


def test_state_no_word_fits_uses_the_letter_model() -> None:
    result = wk("solve", "hangman", *T, "--mask", "q____", "--guessed", "q")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "No word of the table fits."


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--mask", "a_1le", "--guessed", "a"],
            "Error: mask 'a_1le' has a character that is not a letter or `_`",
        ),
        (
            ["--mask", "a__le", "--mask", "b__le"],
            "Error: --mask was given 2 times; give it once (see 'root solve hangman --help')",
        ),
        (
            ["--mask", "_____", "--strategy", "magic"],
            "Error: unknown Hangman strategy 'magic'; choose from " + ", ".join(guesser_names()),
        ),
        (
            ["--mask", "_____", "--category", "planets"],
            "Error: no word has category 'planets' "
            "(categories: adjective, animal, body, food, shape)",
        ),
        (
            ["--mask", "_____", "--category", " "],
            "Error: a category hint needs a name "
            "(categories: adjective, animal, body, food, shape)",
        ),
        (["--mask", " "], "Error: the mask is empty: give one `_` per letter, e.g. --mask _____"),
        (
            ["--mask", "_____", "--variant", "odd"],
            "Error: unknown variant 'odd'; choose from classic, advanced",
        ),
        (
            ["--mask", "_____", "--finish", "never"],
            "Error: unknown finish 'never'; choose from reveal, word",
        ),
        ([], "Error: give the game state with --mask (e.g. --mask a__le --guessed aeli)"),
    ],
)
def test_solve_errors(args: list[str], message: str) -> None:
    result = wk("solve", "hangman", *T, *args)
    assert result.exit_code == 1
    assert result.stderr == message + "\n"


def test_interactive_ai_guesses_my_word() -> None:
    # The human thinks of "cat": types the length, then the mask after each letter.
    def answer(move: str, mask: str) -> str:
        return "".join(move if ch == move else m for ch, m in zip("cat", mask, strict=True))

    script = ["3"]
    mask = "___"
    # Replay the AI's guesses deterministically by asking it first, game by game.
    for _ in range(8):
        result = wk("solve", "hangman", *T, "-i", input="\n".join(script) + "\n")
        if "I win!" in result.stdout:
            break
        move = re.findall(r"My guess: ([A-Z]+)", result.stdout)[-1].lower()
        if len(move) > 1:
            script.append("y" if move == "cat" else "n")
        else:
            mask = answer(move, mask)
            script.append(mask)
    assert result.exit_code == 0
    assert result.stdout.rstrip().endswith("I win!")


def test_interactive_explains_bad_masks_and_ends_on_eof() -> None:
    result = wk("solve", "hangman", *T, "-i", input="x\n3\nabcd\nq__\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "Type a number of letters (1-63) or underscores, e.g. 5 or _____." in out
    assert "the mask needs 3 characters, not 4" in out
    assert "shows 'q', but I guessed" in out
    assert out.rstrip().endswith("Bye.")


def test_query_walkthrough_table_and_json() -> None:
    result = wk("query", "hangman", "apple", *T, "--strategy", "coverage", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["won"] and record["in_table"]
    assert record["steps"][0] == {
        "turn": 1,
        "guess": "e",
        "feedback": "____e",
        "candidates": 8,
        "confidence": record["steps"][0]["confidence"],
        "label": "coverage",
        "correct": True,
    }
    text = wk("query", "hangman", "apple", *T, "--strategy", "coverage")
    assert "turn" in text.stdout and "correct?" in text.stdout
    assert text.stdout.rstrip().endswith("(coverage)")


def test_query_word_outside_the_table_is_still_played() -> None:
    result = wk("query", "hangman", "mango", *T, "--json")
    record = json.loads(result.stdout)
    assert result.exit_code == 0 and not record["in_table"]
    assert record["steps"] and record["guesses"] == len(record["steps"])
    bad = wk("query", "hangman", "m4ngo", *T)
    assert (bad.exit_code, bad.stderr) == (1, "Error: 'm4ngo' is not a word of 1-63 letters a-z\n")


def test_stats_json_keys_and_counts() -> None:
    result = wk("stats", "hangman", *T, "--strategy", "coverage", "--format", "json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    for key in (
        "games",
        "wins",
        "win_rate",
        "mean_wrong",
        "mean_guesses",
        "histogram",
        "failures",
        "seconds",
    ):
        assert key in stats
    assert stats["games"] == 13
    assert sum(stats["histogram"].values()) == 13
    assert stats["wins"] == 13 - stats["histogram"].get("lost", 0)


def test_stats_sample_is_seeded_and_hint_works() -> None:
    args = ["stats", "hangman", *T, "--sample", "20", "--seed", "3", "--json", "--hint"]
    first, second = wk(*args), wk(*args)
    assert first.exit_code == 0, first.output
    strip = lambda r: {k: v for k, v in json.loads(r.stdout).items() if k != "seconds"}  # noqa: E731
    assert strip(first) == strip(second)
    assert strip(first)["games"] == 20


def test_stats_against_the_evil_host() -> None:
    result = wk("stats", "hangman", *T, "--host", "evil", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [row["length"] for row in report["games"]] == [3, 4, 5]  # one game a length
    assert all(row["won"] for row in report["games"]) and "by_length" not in report
    # nothing in it is random: no seed drawn or shown (one was, and changed nothing), and
    # none taken, as `stats wordle --host` takes none
    assert (report["seed"], result.stderr) == (None, "")
    again = wk("stats", "hangman", *T, "--host", "evil", "--json", "--seed", "3")
    assert (again.exit_code, again.stderr) == (1, (
        "Error: --host plays one game a length until won, counting its wrong guesses (no lives, "
        "no prior, one process): drop --seed\n"
    ))  # fmt: skip


def test_stats_errors() -> None:
    result = wk("stats", "hangman", *T, "--format", "xml")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: unknown format 'xml'; choose one of: table, json, csv\n",
    )
    result = wk("stats", "hangman", *T, "--prior", "XX=2")
    assert result.exit_code == 1 and result.stderr.startswith("Error: ")
    result = wk("stats", "hangman", "--words", "/no/such.csv")
    assert result.exit_code == 1 and result.stderr.startswith("Error: '/no/such.csv' is neither")


def test_stats_records_one_json_line_per_game(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = wk("stats", "hangman", *T, "--json", "--records", str(out))
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == json.loads(result.stdout)["games"] == 13
    assert {"secret", "won", "moves", "wrong"} <= set(lines[0])
    piped = wk("stats", "hangman", *T, "--format", "csv", "--records", "-")
    assert piped.exit_code == 0 and piped.stdout.count('"secret"') == 13


def test_stats_summary_keys_and_numeric_histograms() -> None:
    result = wk("stats", "hangman", *T, "--json", "--lives", "12")
    stats = json.loads(result.stdout)
    for key in ("game", "strategy", "table", "max_guesses", "by_length", "wordkit_version"):
        assert key in stats
    assert stats["game"] == "hangman" and stats["lives"] == 12
    for histogram in (stats["histogram"], stats["wrong_histogram"]):
        keys = [k for k in histogram if k != "lost"]
        assert keys == sorted(keys, key=int)
    text = wk("stats", "hangman", *T).stdout
    assert "wrong guesses per game:" in text and "mean wrong guesses" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["stats", "hangman", *T, "--lives", "-1"],
            "Error: --lives must be between 1 and 1000 (0 or `unlimited`: no limit), not -1\n",
        ),
        (
            ["stats", "hangman", *T, "--sample", "0"],
            "Error: --sample must be between 1 and 1,000,000, not 0\n",
        ),
        (
            ["stats", "hangman", *T, "--host", "lookahead", "--depth", "99"],
            "Error: --depth must be between 1 and 6, not 99\n",
        ),
        (["solve", "hangman", *T, "--mask", "___", "--lives", "lots"], None),
    ],
)
def test_numeric_ranges(args: list[str], message: str | None) -> None:
    result = wk(*args)
    assert result.exit_code == 1
    assert result.stderr == (
        message or "Error: --lives must be a number or `unlimited`, not 'lots'\n"
    )


def solve_i(*script: str, args: tuple[str, ...] = ("--category", "animal")):  # type: ignore[no-untyped-def]
    result = wk("solve", "hangman", *T, "-i", *args, input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.stdout


def test_interactive_whole_word_first_move_answered_yes() -> None:
    words = tmp_table("hippopotamus,1,animals\ncat,1,animals\n")
    result = wk(
        "solve", "hangman", "--words", words, "--category", "animals", "--strategy",
        "lookahead", "-i", input="12\ny\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "My guess: HIPPOPOTAMUS  (1 candidate" in result.stdout
    assert result.stdout.rstrip().endswith("I win!")


def tmp_table(rows: str) -> str:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "t.csv"
    path.write_text("word,weight,category\n" + rows)
    return str(path)


# `best` spells a single candidate letter by letter (a whole word costs a life when the secret is
# outside the table): the whole-word answers are played with `lookahead`, which names it.
WORD_GUESSER = ("--category", "animal", "--strategy", "lookahead")


@pytest.mark.parametrize("miss", ["", "n", "-", "___", "_ _ _"])
def test_interactive_a_miss_needs_no_mask(miss: str) -> None:
    out = solve_i("3", miss, "y", args=WORD_GUESSER)
    assert "My guess: C  (3 candidates" in out
    assert "  _ _ _   lives left: 5" in out
    assert "My guess: DOG" in out and out.rstrip().endswith("I win!")


def test_interactive_whole_word_answered_no_then_list_undo_quit() -> None:
    out = solve_i("3", "", "n", "L", "U", "Q", args=WORD_GUESSER)
    assert "right? (y/n)>" in out
    assert "  _ _ _   lives left: 4" in out  # C and the word DOG both missed
    assert "0 words still possible" in out
    assert out.count("My guess: DOG") == 2  # asked again after the undo
    assert out.rstrip().endswith("Bye.")


def test_interactive_undo_before_any_answer_and_quit_at_the_start() -> None:
    out = solve_i("3", "U", "Q")  # U takes the length back: asked again
    assert out.count("length or mask> ") == 2 and out.rstrip().endswith("Bye.")
    assert solve_i("Q").rstrip().endswith("Bye.")


def test_interactive_markup_typed_is_shown_as_text() -> None:
    out = solve_i("3", "[/]", "[bold]zz", "Q")
    assert "'[/]' shows '[', but I guessed 'c'." in out
    assert "the mask needs 3 characters, not 8." in out


def test_interactive_unlimited_lives_and_advanced_variant() -> None:
    # One candidate (DOG) under unlimited lives: played as under a limit, its letters while
    # the table is not favoured enough to name it, each with the mixture's confidence.
    unlimited = ("--category", "animal", "--lives", "unlimited", "--no-learn")
    out = solve_i("3", "", "_o_", "do_", "dog", args=unlimited)
    assert "lives left: unlimited" in out and out.rstrip().endswith("I win!")
    limited = solve_i("3", "", "_o_", "do_", "dog", args=unlimited[:2] + ("--no-learn",))
    assert re.findall(r"My guess: .*", out) == re.findall(r"My guess: .*", limited)
    out = solve_i("3", "c__", "Q", args=("--category", "animal", "--variant", "advanced"))
    assert out.rstrip().endswith("Bye.")


def test_mask_as_printed_and_shown_letters_count_as_guessed() -> None:
    spaced = wk("solve", "hangman", *T, "--mask", "a _ _ l e", "--guessed", "i", "--json")
    plain = wk("solve", "hangman", *T, "--mask", "a__le", "--guessed", "aeli", "--json")
    assert spaced.exit_code == plain.exit_code == 0, spaced.output
    assert json.loads(spaced.stdout) == json.loads(plain.stdout)


def test_repeated_guessed_and_refuted_options_add_up() -> None:
    def candidates(*args: str) -> list[str]:
        result = wk("solve", "hangman", *T, "--mask", "a__le", "--json", *args)
        assert result.exit_code == 0, result.output
        return sorted(t["word"] for t in json.loads(result.stdout)["top"])

    assert candidates("--guessed", "aelp", "--guessed", "aeli") == candidates("--guessed", "aelpi")
    assert "apple" not in candidates("--guessed", "aelp", "--guessed", "aeli")
    assert candidates("--refuted", "angle", "--refuted", "ankle") == candidates(
        "--refuted", "angle,ankle"
    )
    result = wk("solve", "hangman", *T, "--mask", "___", "--category", "a", "--category", "b")
    assert result.exit_code == 1
    assert result.stderr == "Error: --category was given 2 times; give it once\n"


def test_lives_unlimited_and_zero_in_stats() -> None:
    for value in ("unlimited", "0"):
        result = wk("stats", "hangman", *T, "--json", "--lives", value)
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["lives"] is None


def test_stats_seed_fresh_when_random_and_quiet_when_not() -> None:
    assert wk("stats", "hangman", *T, "--json").stderr == ""
    fresh = wk("stats", "hangman", *T, "--json", "--sample", "30")
    seed = re.fullmatch(r"seed: (\d+) \(repeat this run with --seed \1\)\n", fresh.stderr)
    assert seed
    again = wk("stats", "hangman", *T, "--json", "--sample", "30", "--seed", seed.group(1))
    drop = ("seconds",)
    first = {k: v for k, v in json.loads(fresh.stdout).items() if k not in drop}
    assert first == {k: v for k, v in json.loads(again.stdout).items() if k not in drop}


def test_help_shows_each_default_once() -> None:
    for command in ("solve", "query", "stats", "host"):
        text = " ".join(wk(command, "hangman", "--help").stdout.split())
        for twice in ("(default: english)", "(default: coverage)", "(default 6)"):
            assert twice not in text
        assert "0 or `unlimited` for no limit" in text


def test_stats_progress_advances_game_by_game() -> None:
    import pandas as pd

    from wordkit.hangman.play import hangman_stats

    ticks: list[int] = []
    table = pd.read_csv(TABLE)
    hangman_stats(table, strategy="coverage", progress=ticks.append)
    assert ticks == [1] * len(table)


def test_thinking_shows_a_spinner_only_on_a_terminal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io
    import sys

    from wordkit.cli.hangman import thinking

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, shown in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        with thinking("Thinking..."):
            pass
        assert ("Thinking..." in stream.getvalue()) is shown

    class Ascii(Terminal):  # an ASCII terminal printed the dots spinner's frames as `\u280b`
        encoding = "ascii"

    stream = Ascii()
    monkeypatch.setattr(sys, "stderr", stream)
    with thinking("Thinking"):
        time.sleep(0.2)
    assert "Thinking" in stream.getvalue() and stream.getvalue().isascii()


@pytest.mark.full
@pytest.mark.parametrize(("variant", "mean"), [("classic", 3.255)])
def test_city_game_with_unlimited_lives_gives_the_bench_figure(variant: str, mean: float) -> None:
    result = wk(
        *("stats", "hangman", "--words", "cities", "--prior", "TZ=0.5", "--sample", "2000"),
        *("--seed", "1", "--finish", "word", "--strategy", "lookahead", "--lives", "unlimited"),
        *("--variant", variant, "--json"),
    )
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert stats["lives"] is None and stats["wins"] == 2000
    assert round(stats["mean_guesses"], 3) == mean


def test_query_takes_many_words_and_stdin_as_json_lines() -> None:
    import json

    from typer.testing import CliRunner

    from wordkit.cli import app

    args = ["query", "hangman", "lion", "-", "--words", "categories", "--strategy", "coverage"]
    result = CliRunner().invoke(app, [*args, "--json"], input="zebra\n# a comment\n\nyak\n")
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["secret"] for line in lines] == ["lion", "zebra", "yak"]
    assert all(line["won"] for line in lines)
    # a bad word in the middle: the others are played, one Error line, exit 1 at the end
    bad = CliRunner().invoke(app, [*args, "--json"], input="zebra\nx1\nyak\n")
    assert (bad.exit_code, bad.stderr) == (1, "Error: 'x1' is not a word of 1-63 letters a-z\n")
    assert [json.loads(line)["secret"] for line in bad.stdout.splitlines()] == [
        "lion",
        "zebra",
        "yak",
    ]


def test_query_of_several_words_names_each_game() -> None:
    result = wk("query", "hangman", "apple", "mango", *T, "--strategy", "coverage")
    assert result.exit_code == 0, result.output
    verdicts = [line for line in result.stdout.splitlines() if " with " in line]
    assert [v.split(":")[0] for v in verdicts] == ["APPLE", "MANGO"]
    one = wk("query", "hangman", "apple", *T, "--strategy", "coverage").stdout.splitlines()[-1]
    assert one.startswith("won with ")


def test_a_whole_word_shown_and_refuted_is_no_game_state() -> None:
    result = wk("solve", "hangman", "--mask", "apple", "--guessed", "aple", "--finish", "word",
                "--refuted", "apple")  # fmt: skip
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "Error: the mask shows the whole word 'apple', which was refuted\n"


def test_a_length_the_category_lacks_is_named_with_the_category() -> None:
    result = wk("host", "hangman", "--words", "categories", "--category", "animals",
                "--length", "13", "--seed", "1", "--no-record")  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr == "Error: no word of category 'animals' has 13 letters\n"


def test_one_life_and_no_game_won() -> None:
    result = wk("host", "hangman", "--words", "categories", "--lives", "1", "--seed", "1",
                "--no-record", input="Q\n")  # fmt: skip
    assert result.stdout.startswith("Hangman, ") and ", 1 life. Type" in result.stdout
    result = wk("stats", "hangman", "--words", "categories", "--lives", "1", "--secrets",
                "-", "--strategy", "coverage", "--json", input="zzzzz\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["wins"], summary["max_guesses"], summary["mean_guesses"]) == (0, None, None)


@pytest.mark.parametrize("strategy", ["coverage", "expected-size", "minimax", "greedy"])
def test_every_strategy_shows_the_weighted_chance_of_its_letter(
    tmp_path: Path, strategy: str
) -> None:
    table = tmp_path / "skew.csv"
    table.write_text("word,weight\nzebra,1000000\napple,1\nmango,1\nlemon,1\n")
    result = wk("solve", "hangman", "--words", str(table), "--mask", "_____",
                "--strategy", strategy, "--json")  # fmt: skip
    move = json.loads(result.stdout)
    in_zebra = move["move"] in "zebra"
    # zebra holds nearly all the mass: its letters are near certain, the others near nothing
    assert (move["confidence"] > 0.99) if in_zebra else (move["confidence"] < 0.01)
    result = wk("solve", "hangman", "--words", str(table), "--mask", "_____",
                "--strategy", strategy)  # fmt: skip
    assert ("confidence >99%" in result.stdout) == in_zebra  # never 100% while it may miss


def test_a_word_of_weight_zero_is_unlikely_never_impossible(tmp_path: Path) -> None:
    table = tmp_path / "z.csv"
    table.write_text("word,weight\ncat,1\ncot,0\ncut,0\nbig,0\n")
    result = wk("query", "hangman", "cot", "--words", str(table), "--json")
    steps = json.loads(result.stdout)["steps"]
    assert all(step["confidence"] < 1 or step["correct"] for step in steps)
    result = wk("solve", "hangman", "--words", str(table), "--mask", "___")
    assert "cat >99%, cot <1%, cut <1%, big <1%" in result.stdout


def test_the_advanced_variant_is_never_sure_of_a_letter_already_shown() -> None:
    result = wk("solve", "hangman", "--words", "categories", "--variant", "advanced",
                "--mask", "___a", "--guessed", "ea", "--json")  # fmt: skip
    assert json.loads(result.stdout)["confidence"] < 0.5  # words with one A shown miss it

    def tmp_table() -> str:
        import tempfile

        handle = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False)  # noqa: SIM115
        handle.write("word\nelbow\neagle\neerie\n")
        handle.close()
        return handle.name

    result = wk("solve", "hangman", "--words", tmp_table(), "--variant", "advanced",
                "--mask", "e____", "--guessed", "e", "--strategy", "expected-size",
                "--prior", "uniform", "--json")  # fmt: skip
    move = json.loads(result.stdout)
    # A second E is in eagle and eerie, not in elbow; the host showed the first E of elbow
    # surely, of eagle half the time, of eerie a third: the posterior weighs them so
    assert move["move"] == "e"
    assert abs(move["confidence"] - (1 / 2 + 1 / 3) / (1 + 1 / 2 + 1 / 3)) < 1e-3  # JSON: 4 digits


def test_every_letter_guessed_with_places_hidden_is_no_position() -> None:
    result = wk(
        "solve", "hangman", *T, "--mask", "a__", "--guessed", "abcdefghijklmnopqrstuvwxyz",
        "--lives", "unlimited",
    )  # fmt: skip
    assert result.exit_code == 1
    assert result.output == (
        "Error: every letter a-z has been guessed, yet the mask still hides 2 places: "
        "no word fits those answers\n"
    )


def test_interactive_misses_on_every_letter_end_in_an_error_not_a_letter_guessed_again() -> None:
    # With no limit on lives, a host who answers "not in it" 26 times contradicts themselves:
    # the AI says so instead of guessing a letter already refuted, and U takes the answer back.
    out = solve_i("3", *["n"] * 40, "U", "Q", args=("--lives", "unlimited", "--no-record"))
    assert "yet the mask still hides 3 places: no word fits those answers" in out
    letters = [g for g in re.findall(r"My guess: ([A-Z]+) ", out) if len(g) == 1]
    assert len(letters) == len(set(letters)) + 1 == 27  # Z asked again after the undo
    assert out.rstrip().endswith("Bye.")


def test_interactive_advanced_answer_may_show_a_letter_in_one_new_place_only() -> None:
    out = solve_i("3", "Q", args=("--variant", "advanced"))
    move = re.findall(r"My guess: ([A-Z]) ", out)[0].lower()
    out = solve_i("3", f"{move}{move}", "Q", args=("--variant", "advanced"))
    # quoted as typed: the board's blank rest (20 places) was shown as if typed
    assert f"'{move}{move}' shows {move!r} in 2 new places; in the advanced variant" in out


def test_the_letter_model_never_plays_the_letter_that_spells_a_refuted_word() -> None:
    result = wk("solve", "hangman", "--mask", "hous_", "--refuted", "house", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["move"] not in ("e", "house")


def test_an_advanced_game_won_by_naming_the_word_records_the_word(tmp_path: Path) -> None:
    fruit = tmp_path / "fruit.txt"
    fruit.write_text("apple\nbanana\nkiwi\npapaya\nlemon\nmelon\n")
    db = str(tmp_path / "h.sqlite")
    args = ["--words", str(fruit), "--history-db", db]
    played = wk("solve", "hangman", "-i", "--variant", "advanced", *args, input="6\nn\n_a\ny\n")
    assert played.exit_code == 0 and played.stdout.rstrip().endswith("I win!"), played.output
    result = wk("stats", "hangman", "--from-history", *args, "--records", "-")
    record = json.loads(result.stdout.splitlines()[0])
    # the word, not the board padded to its width; the history keeps no feedback: null
    assert (record["secret"], record["feedback"]) == ("papaya", None)


def test_query_and_records_spell_an_advanced_board_alike(tmp_path: Path) -> None:
    secrets, words = tmp_path / "z.txt", tmp_path / "w.txt"
    secrets.write_text("zebra\n")
    words.write_text("zebra\ncobra\nzebu\nhyena\nlemur\nokapi\n")
    common = ["--words", str(words), "--variant", "advanced", "--seed", "1"]
    query = wk("query", "hangman", "zebra", *common, "--json")
    stats = wk(
        "stats", "hangman", "--secrets", str(secrets), *common, "--prior", "weight",
        "--records", "-",
    )  # fmt: skip
    steps = [s["feedback"] for s in json.loads(query.stdout)["steps"]]
    assert steps == json.loads(stats.stdout.splitlines()[0])["feedback"]
    assert steps[0] == "-e" + "-" * 18  # the advanced board padded with `-`, as the host shows


def test_query_a_word_outside_the_category_searched_is_outside_the_table() -> None:
    """With --category the AI searches that category's words alone: a word of another is
    played as unknown, and said so (it was reported in the table)."""
    inside = json.loads(wk("query", "hangman", "lion", "--words", "categories", "--category",
                           "animals", "--json").stdout)  # fmt: skip
    assert inside["in_table"]
    args = ["query", "hangman", "zurich", "--words", "categories", "--category", "animals"]
    assert not json.loads(wk(*args, "--json").stdout)["in_table"]
    assert wk(*args).stdout.splitlines()[0] == (
        "'zurich' is not in the table's animals words: the AI plays it as an unknown word."
    )


def test_a_word_the_mask_shows_whole_is_named_at_full_confidence() -> None:
    """Under finish=word the word must still be named: a sure win, not the posterior's 97%."""
    move = json.loads(
        wk("solve", "hangman", "--mask", "apple", "--finish", "word", "--json").stdout
    )
    assert (move["move"], move["confidence"], move["label"]) == ("apple", 1.0, "word")


def test_solve_json_names_its_strategy_as_wordle_does() -> None:
    move = json.loads(wk("solve", "hangman", *T, "--mask", "_____", "--json").stdout)
    assert move["strategy"] == "best"
    other = wk("solve", "hangman", *T, "--mask", "_____", "--strategy", "coverage", "--json")
    assert json.loads(other.stdout)["strategy"] == "coverage"


def test_no_word_fits_names_how_the_letter_was_chosen() -> None:
    """Only the label tells letter model from plain letter frequency (greedy strategies); the
    latter's confidence is the share of the table's 7-letter words holding T, not 0%."""
    args = ["solve", "hangman", "--mask", "q_q_q_x", "--guessed", "qxuea"]
    lines = wk(*args, "--strategy", "expected-size").stdout.splitlines()
    assert lines[:2] == [
        "No word of the table fits.",
        "next letter: T  (confidence 37%, letter frequency)",
    ]
    assert wk(*args).stdout.splitlines()[1].endswith("letter model)")


def test_advanced_games_leave_out_words_longer_than_the_width(tmp_path: Path) -> None:
    """The advanced mask holds 20 letters: a longer word is never drawn (some seeds failed
    with an error naming a width no option sets), and stats, host and solve play the others,
    saying so (host and solve said nothing: a player thinking of a long word was told the
    only candidate was APPLE)."""
    words = tmp_path / "long.txt"
    words.write_text("word\nsupercalifragilisticexpialidocious\napple\n", encoding="utf-8")
    warning = "Warning: 1 word longer than the advanced width of 20 letters left out\n"
    for seed in range(6):
        result = wk("host", "hangman", "--words", str(words), "--variant", "advanced",
                    "--seed", str(seed), "--no-record", input="G\n")  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "SUPERCALI" not in result.stdout and result.stderr.startswith(warning)
    solve = wk("solve", "hangman", "--words", str(words), "--variant", "advanced", "--mask", "_")
    assert (solve.exit_code, solve.stderr) == (0, warning)
    stats = wk("stats", "hangman", "--words", str(words), "--variant", "advanced", "--seed", "1",
               "--strategy", "coverage", "--json")  # fmt: skip
    assert stats.exit_code == 0 and json.loads(stats.stdout)["games"] == 2
    assert "Warning: 1 word longer than the advanced width of 20 letters left out" in stats.stderr


ONE_LETTER = (
    "Error: 'a' has 1 letter: with --finish word the word must be named, and a one-letter word "
    "cannot be told from its letter\n"
)


def test_a_one_letter_secret_under_finish_word_is_refused_before_any_game(tmp_path: Path) -> None:
    """Its letter guessed, naming it was a repeat: `query` said "'a' was already guessed", and
    one such game in `--secrets` ended a whole stats run with that error, nothing written."""
    result = wk("query", "hangman", "--words", "categories", "a", "tiger", "--finish", "word")
    assert result.exit_code == 1 and result.stderr == ONE_LETTER
    assert "TIGER: won" in result.stdout  # the other word is still played
    secrets = tmp_path / "s.txt"
    secrets.write_text("tiger\na\nlion\n")
    records = tmp_path / "r.jsonl"
    result = wk("stats", "hangman", "--words", "categories", "--secrets", str(secrets),
                "--finish", "word", "--records", str(records))  # fmt: skip
    assert (result.exit_code, result.stderr, records.exists()) == (1, ONE_LETTER, False)
    assert wk("stats", "hangman", "--words", "categories", "--secrets", str(secrets)).exit_code == 0


def test_a_secret_wider_than_the_advanced_board_is_named(tmp_path: Path) -> None:
    secrets = tmp_path / "s.txt"
    secrets.write_text("tiger\nincomprehensibilities\n")
    result = wk("stats", "hangman", "--words", "categories", "--secrets", str(secrets),
                "--variant", "advanced")  # fmt: skip
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: the secret 'incomprehensibilities' has 21 letters, more than the advanced "
        "width 20\n",
    )


def test_hint_names_a_secret_with_a_blank_category(tmp_path: Path) -> None:
    """It said `a category hint needs a name`, though no category was typed."""
    table = tmp_path / "t.csv"
    table.write_text("word,weight,category\nrobin,1,birds\nowl,1,\ncrow,1,birds\n")
    result = runner.invoke(app, ["stats", "hangman", "--words", str(table), "--hint"])
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: --hint tells the AI each secret's category, and 1 secret has none "
        "(a blank cell: 'owl')\n"
    )


def test_a_book_built_for_a_stats_run_is_said_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The notice of a new table's book build was never shown by `stats hangman` (Wordle's
    slow steps are): on a terminal, minutes of games with no word of what they were for."""
    from wordkit.cli import terminal

    table = tmp_path / "t.txt"
    table.write_text("cat\ncot\ndog\nbat\nhat\n", encoding="utf-8")
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    quiet = wk("stats", "hangman", "--words", str(table), "--json")
    assert (quiet.exit_code, quiet.stderr) == (0, "")  # not a terminal: nothing on stderr
    table.write_text("cat\ncot\ndog\nbat\nhot\n", encoding="utf-8")  # another table's book
    monkeypatch.setattr(terminal, "stderr_is_terminal", lambda: True)
    shown = wk("stats", "hangman", "--words", str(table), "--json")
    assert shown.exit_code == 0, shown.output
    assert "building the policy book of these 5 words" in shown.stderr


def test_a_seed_for_a_classic_query_is_refused_as_stats_refuses_one() -> None:
    """Nothing in a classic game is random: `--seed 3` was taken in silence."""
    result = wk("query", "hangman", "cat", *T, "--seed", "3")
    assert (result.exit_code, result.stderr) == (1, (
        "Error: --seed draws the advanced variant's reveals, and the classic game has none: "
        "drop it\n"
    ))  # fmt: skip
    assert wk("query", "hangman", "cat", *T, "--seed", "3", "--variant", "advanced").exit_code == 0
