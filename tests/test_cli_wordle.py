"""`wordkit solve|query|stats wordle` through Typer's CliRunner, on a 40-word fixture list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.wordle.rules import feedback, pattern_marks, pattern_str

runner = CliRunner()
SMALL = str(Path(__file__).parent / "fixtures" / "wordle_small.txt")
LISTS = ["--answers", SMALL, "--guesses", SMALL]
WORDS = [w for w in Path(SMALL).read_text().splitlines() if w and not w.startswith("#")]


def marks(guess: str, answer: str) -> str:
    """The G/Y/B feedback of `guess` against `answer`."""
    return pattern_str(feedback(guess, answer), 5, "letters")


def wk(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_solve_with_history_json() -> None:
    result = wk(
        "solve", "wordle", *LISTS, "--opener", "crane", "--history", "crane=BBBBB", "--json"
    )
    assert result.exit_code == 0, result.output
    move = json.loads(result.stdout)
    left = [w for w in WORDS if marks("crane", w) == "BBBBB"]
    assert left == ["light"]
    assert move == {
        "guess": "light",
        "expected_size": 1.0,
        "answers_left": 1,
        "answers": ["light"],
        "strategy": "entropy",
        "hard": False,
    }
    result = wk(
        "solve", "wordle", *LISTS, "--history", f"crane={marks('crane', 'grape')}", "--json"
    )
    move = json.loads(result.stdout)
    left = [w for w in WORDS if marks("crane", w) == marks("crane", "grape")]
    assert move["answers_left"] == len(left) > 1
    assert sorted(move["answers"]) == sorted(left)
    assert move["guess"] in WORDS


def test_solve_plain_output_names_guess_and_answers() -> None:
    result = wk("solve", "wordle", *LISTS, "--history", "crane=bbbbb")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "next guess: LIGHT  (expected 1 answer left after it)",
        "answers left: 1",
        "  light",
    ]
    done = wk("solve", "wordle", *LISTS, "--history", "crane=bbbbb,light=ggggg")
    assert done.stdout == "Solved: LIGHT\n"


def test_all_feedback_formats_agree() -> None:
    target = "stone"
    marks = pattern_str(feedback("crane", target), 5, "letters")
    digits = pattern_str(feedback("crane", target), 5, "digits")
    emoji = pattern_str(feedback("crane", target), 5, "emoji")
    outputs = {
        wk("solve", "wordle", *LISTS, "--history", f"crane={m}", "--json").stdout
        for m in (marks, digits, emoji, marks.lower())
    }
    assert len(outputs) == 1


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ("qwert=BBBBB", "Error: 'qwert' is not in the list of allowed guesses"),
        ("cat=BBB", "Error: 'cat' has 3 letters; this game uses 5-letter words"),
        ("crane=32123", "Error: \"32123\": '3' is not a feedback mark; use G/Y/B, 2/1/0 or 🟩🟨⬛"),
        ("crane=ABRYE", "Error: \"ABRYE\": 'A' is not a feedback mark; use G/Y/B, 2/1/0 or 🟩🟨⬛"),
        ("crane=GGB", 'Error: "GGB": feedback has 3 marks but words have 5 letters'),
        ("crane", "Error: history entry 1 ('crane') must be WORD=FEEDBACK, e.g. roate=BBYGB"),
        (
            "crane=GGGGB,crate=BBBBB",
            "Error: no answer is consistent with the feedback: entry 1 (CRANE GGGGB) leaves no "
            "answer out of 40 remaining",
        ),
    ],
)
def test_bad_history_is_one_error_line(history: str, message: str) -> None:
    result = wk("solve", "wordle", *LISTS, "--history", history)
    assert result.exit_code == 1
    assert result.stderr == message + "\n"


def test_unknown_strategy_and_opener() -> None:
    result = wk("solve", "wordle", *LISTS, "--strategy", "magic", "--history", "")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: unknown Wordle strategy 'magic'; choose from ")
    result = wk("stats", "wordle", *LISTS, "--opener", "zzzzz")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: 'zzzzz' is not in the list of allowed guesses\n",
    )


def test_mixed_lengths_are_refused(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("apple\npear\n", encoding="utf-8")
    result = wk("stats", "wordle", "--answers", str(mixed), "--guesses", str(mixed))
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert "length" in result.stderr.lower()


def test_query_steps_end_with_the_answer() -> None:
    result = wk("query", "wordle", "stone", *LISTS, "--opener", "crane", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["solved"] and record["steps"][-1]["guess"] == "stone"
    assert record["steps"][0]["guess"] == "crane"
    assert record["steps"][-1]["feedback"] == "GGGGG"
    text = wk("query", "wordle", "stone", *LISTS, "--opener", "crane")
    assert text.stdout.splitlines()[-1] == f"solved in {record['guesses']} guesses (entropy)"


def test_query_unknown_answer() -> None:
    result = wk("query", "wordle", "zebra", *LISTS)
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: 'zebra' is not in the answer list; pass a list that has it with --answers\n",
    )


def test_stats_json_keys_and_totals() -> None:
    result = wk("stats", "wordle", *LISTS, "--strategy", "expected-size", "--format", "json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    for key in (
        "game",
        "strategy",
        "table",
        "games",
        "wins",  # solved within 6
        "win_rate",
        "mean_guesses",
        "max_guesses",
        "histogram",
        "by_length",
        "failures",
        "seconds",
        "wordkit_version",
        "hard",
        "opener",
    ):
        assert key in stats
    assert stats["game"] == "wordle" and stats["strategy"] == "expected-size"
    assert stats["games"] == 40 and stats["wins"] == 40 and stats["failures"] == []
    assert sum(stats["histogram"].values()) == 40
    assert list(stats["histogram"]) == sorted(stats["histogram"], key=int)
    assert stats["by_length"]["5"]["games"] == 40
    csv = wk("stats", "wordle", *LISTS, "--format", "csv")
    header, row = csv.stdout.splitlines()
    assert header.startswith("game,strategy,table,games,wins,win_rate,mean_guesses,max_guesses")
    assert row.startswith("wordle,entropy,")


def test_stats_records_one_json_line_per_game(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    result = wk("stats", "wordle", *LISTS, "--opener", "crane", "--records", str(out))
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["secret"] for r in lines] == sorted(WORDS, key=WORDS.index)
    for r in lines:
        assert r["won"] and r["moves"][0] == "crane" and r["moves"][-1] == r["secret"]
        assert r["feedback"][-1] == "GGGGG" and r["guesses"] == len(r["moves"])
        pairs = zip(r["moves"], r["feedback"], strict=True)
        assert all(marks(m, r["secret"]) == f for m, f in pairs)
    result = wk("stats", "wordle", *LISTS, "--records", "-", "--format", "json")
    assert result.stdout.count('"secret"') == 40


def test_stats_table_keeps_its_lines() -> None:
    result = wk("stats", "wordle", *LISTS, "--opener", "crane", "--hard")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("entropy (opener CRANE, hard)", "games", "mean guesses", "solved within 6"):
        assert text in out
    assert "40 (100.00%)" in out


def test_numeric_options_are_range_errors() -> None:
    result = wk("stats", "wordle", "--length", "1")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --length must be between 2 and 15, not 1\n",
    )
    result = wk("stats", "wordle", *LISTS, "--jobs", "0")
    assert (result.exit_code, result.stderr) == (1, "Error: --jobs must be at least 1, not 0\n")
    result = wk("host", "wordle", *LISTS, "--max-guesses", "0", input="")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --max-guesses must be between 1 and 100, not 0\n",
    )


def test_help_lists_every_strategy() -> None:
    from wordkit.cli.wordle import STRATEGY_NAMES
    from wordkit.wordle.guessers import guesser_names

    assert ", ".join(guesser_names()) == STRATEGY_NAMES


def test_cli_module_imports_no_numpy_at_top() -> None:
    import ast
    import subprocess
    import sys

    import wordkit.cli.wordle as cli_wordle

    tree = ast.parse(Path(cli_wordle.__file__).read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    names = [a.name for n in top if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in top if isinstance(n, ast.ImportFrom)]
    assert not [m for m in names if m.split(".")[0] in ("numpy", "pandas")]
    assert not [m for m in names if m.startswith(("wordkit.wordle", "wordkit.tables"))]
    code = (
        "import sys, wordkit.cli; print(any(m.startswith('wordkit.wordle') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- host wordle ------------------------------------------------------------------------------


def host(*args: str, input: str) -> str:
    result = runner.invoke(app, ["host", "wordle", *LISTS, *args], input=input)
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.stdout


def secret_of(seed: str) -> str:
    out = host("--seed", seed, input="G\n")
    found = re.search(r"The answer was ([A-Z]+)\.", out)
    assert found
    return found.group(1).lower()


def test_host_wordle_won_and_lost() -> None:
    secret = secret_of("5")
    out = host("--seed", "5", "--trainer", input=f"{secret}\n")
    assert out.rstrip().endswith(f"You win in 1: {secret.upper()}.")
    assert "Trainer: answers possible: 40 before, 1 after." in out
    wrong = [
        w for w in ("apple", "baker", "beast", "berry", "blame", "bread", "brick") if w != secret
    ]
    out = host("--seed", "5", input="\n".join(wrong[:6]) + "\n")
    assert out.rstrip().endswith(f"Out of guesses. The answer was {secret.upper()}.")


def test_host_wordle_commands_and_bad_entries() -> None:
    script = "\n".join(["abc", "zzzzz", "apple", "apple", "?", "l", "q"]) + "\n"
    out = host("--mode", "evil", input=script)
    assert "'abc' has 3 letters; this game uses 5-letter words (no guess used)" in out
    assert "'zzzzz' is not in the list of allowed guesses (no guess used)" in out
    assert "you already guessed APPLE (no guess used)" in out
    assert re.search(r"Hint: try [A-Z]{5}\.", out)
    assert "still possible:" in out
    assert re.search(r"The answer was [A-Z]{5}\.\n$", out)


@pytest.mark.parametrize("mode", ["honest", "evil"])
def test_host_wordle_end_of_input(mode: str) -> None:
    out = host("--mode", mode, input="")
    assert re.search(r"The answer was [A-Z]{5}\.\n$", out)


def test_host_wordle_hard_mode_refuses_ignoring_hints() -> None:
    secret = secret_of("5")
    first = next(w for w in WORDS if w != secret and set(w) & set(secret))
    shown = {c for c, m in zip(first, pattern_marks(feedback(first, secret)), strict=True) if m}
    second = next(w for w in WORDS if not set(w) & shown)
    out = host("--seed", "5", "--hard", input=f"{first}\n{second}\nQ\n")
    assert f"hard mode: {second.upper()} is not allowed: " in out
    assert "(no guess used)" in out


def test_host_wordle_unknown_mode() -> None:
    result = runner.invoke(app, ["host", "wordle", *LISTS, "--mode", "nice"], input="")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: unknown Wordle host 'nice' (choose from honest, evil)\n",
    )
