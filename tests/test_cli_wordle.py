"""`wordkit solve|query|stats wordle` through Typer's CliRunner, on a 40-word fixture list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.games.wordle import feedback, pattern_str

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
        "games",
        "mean_guesses",
        "max_guesses",
        "histogram",
        "solved_within_6",
        "failures",
        "seconds",
    ):
        assert key in stats
    assert stats["games"] == 40
    assert sum(stats["histogram"].values()) == 40
    csv = wk("stats", "wordle", *LISTS, "--format", "csv")
    assert csv.stdout.splitlines()[0] == "guesses,games"


def test_ai_mode_with_own_words_undo_list_and_win() -> None:
    first = marks("crane", "stone")
    script = "\n".join(["l", f"crane={first}", "u", "u", "xx", f"crane={first}", "stone=GGGGG"])
    script += "\n"
    result = wk("solve", "wordle", *LISTS, "-i", input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Undid CRANE." in out and "Nothing to undo." in out
    assert "\"xx\": 'x' is not a feedback mark" in out
    assert out.rstrip().endswith("Solved in 2 guesses: STONE.")


def test_ai_mode_contradiction_offers_undo_and_eof_ends_cleanly() -> None:
    result = wk("solve", "wordle", *LISTS, "-i", input="crane=GGGGB\ncrane=GGGGG\n")
    assert result.exit_code == 0
    assert "leaves no answer" in result.stdout
    assert "Solved in 1 guesses: CRANE." in result.stdout
    result = wk("solve", "wordle", *LISTS, "-i", input="")
    assert result.exit_code == 0 and result.stdout.rstrip().endswith("Bye.")
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_stats_against_absurdle_names_a_consistent_word() -> None:
    result = wk("stats", "wordle", *LISTS, "--host", "evil", "--strategy", "minimax", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["won"] and record["turns"][-1] == {"guess": record["word"], "feedback": "GGGGG"}
    for turn in record["turns"]:
        assert marks(turn["guess"], record["word"]) == turn["feedback"]
    bad = wk("stats", "wordle", *LISTS, "--host", "nice")
    assert (bad.exit_code, bad.stderr) == (
        1,
        "Error: unknown Wordle host 'nice' for stats; use evil (Absurdle)\n",
    )
