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
        "game": "wordle",
        "move": "light",
        "candidates": 1,
        "top": [{"word": "light", "probability": 1.0}],
        "expected_size": 1.0,
        "strategy": "entropy",
        "hard": False,
    }
    result = wk(
        "solve", "wordle", *LISTS, "--history", f"crane={marks('crane', 'grape')}", "--json"
    )
    move = json.loads(result.stdout)
    left = [w for w in WORDS if marks("crane", w) == marks("crane", "grape")]
    assert move["candidates"] == len(left) > 1
    assert [t["word"] for t in move["top"]] == left[:8]  # no prior: every answer alike
    assert sum(t["probability"] for t in move["top"]) == pytest.approx(
        min(8, len(left)) / len(left)
    )
    assert move["move"] in WORDS
    solved = wk("solve", "wordle", *LISTS, "--history", "crane=BBBBB,light=GGGGG", "--json")
    done = json.loads(solved.stdout)
    assert (done["move"], done["solved"], done["candidates"]) == (None, "light", 1)


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
        ("crane", "Error: history entry 1 ('crane') must be WORD=FEEDBACK, e.g. crane=BBBYY"),
        ("=BBBBB", "Error: '=BBBBB' names no word: WORD=FEEDBACK, e.g. crane=BBBYY"),
        (
            "crane=BBYGB/BBBBB",
            "Error: 'BBYGB/BBBBB' holds '/', which parts several boards' feedback: this game "
            "has one board (--boards N plays several)",
        ),
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


@pytest.mark.parametrize("last", ["cower=BGGGG", "bower=GGGGG"])
def test_a_history_past_the_guess_limit_is_a_lost_game(last: str) -> None:
    """A seventh guess is past a game of six, solved or not: `query` records such a game as
    lost, and `solve` said `Solved: BOWER` of the solved one."""
    history = "raise=YBBBY,toyer=BGBGG,vower=BGGGG,power=BGGGG,lower=BGGGG,mower=BGGGG"
    result = wk("solve", "wordle", "--hard", "--history", f"{history},{last}")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: the game is already over (lost): 7 guesses played, 6 allowed\n",
    )


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
    assert list(record)[:5] == ["game", "secret", "won", "guesses", "strategy"]
    assert record["secret"] == "stone" and record["won"] and record["solved"]
    assert record["steps"][-1]["guess"] == "stone"
    assert record["steps"][0] == {
        "turn": 1,
        "guess": "crane",
        "feedback": marks("crane", "stone"),
        "candidates": 40,
        "answers_left": len([w for w in WORDS if marks("crane", w) == marks("crane", "stone")]),
    }
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
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --jobs must be between 1 and 64, not 0\n",
    )
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
    # the game alone: the statistics the game history adds are tested in test_history_cli.py
    result = runner.invoke(app, ["host", "wordle", *LISTS, "--no-record", *args], input=input)
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


# --- issue 10: a tool people can trust --------------------------------------------------------


def test_exact_search_past_its_budget_plays_the_entropy_guess() -> None:
    from wordkit.wordle.guessers import EntropyGuesser
    from wordkit.wordle.guessers.base import most_informative
    from wordkit.wordle.lists import load_wordle
    from wordkit.wordle.rules import Rules, start

    game = load_wordle(SMALL)
    state = start(game, Rules()).after(game.check_guess("light"), 0)
    assert len(state.remaining) > 2
    exact = EntropyGuesser()(state)
    assert exact.note == "" and exact.label == "total guesses"
    rushed = EntropyGuesser(budget=1e-9)(state)
    assert rushed.row == most_informative(state).row
    assert rushed.note == (
        "the exact search (entropy) needs more than 1e-09 s here; this is the entropy guess"
    )


def test_budget_is_shown_and_checked() -> None:
    from wordkit.wordle.guessers import EntropyGuesser

    result = wk("solve", "wordle", *LISTS, "--history", "crane=BBBBB", "--budget", "nan")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --budget must be between 0.01 and 86400 seconds, not nan\n",
    )
    result = wk("stats", "wordle", *LISTS, "--budget", "-1")
    assert result.stderr == "Error: --budget must be between 0.01 and 86400 seconds, not -1\n"
    # A budget too short for the exact endgame: the entropy guess, with a note in the output.
    slow = EntropyGuesser.pick

    def rushed(self: EntropyGuesser, state: object) -> object:
        self.budget = 1e-9
        return slow(self, state)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(EntropyGuesser, "pick", rushed)
        result = wk("solve", "wordle", *LISTS, "--history", "light=BBBBB")
        assert result.exit_code == 0, result.output
        assert "note: the exact search (entropy) needs more than 1e-09 s here" in result.stdout
        result = wk("solve", "wordle", *LISTS, "--history", "light=BBBBB", "--json")
        assert json.loads(result.stdout)["note"].startswith("the exact search (entropy)")


@pytest.mark.full
def test_the_slow_searches_of_the_issue_answer_within_seconds() -> None:
    import subprocess
    import sys
    import time

    from conftest import shared_file

    # The exact search runs on lists without a prior: the original ones.
    lists = ["--answers", str(shared_file("wordle", "answers.txt"))]
    lists += ["--guesses", str(shared_file("wordle", "allowed.txt"))]
    for args in (
        ["solve", "wordle", "--strategy", "optimal", "--history", "jumpy=BBBBB"],
        ["query", "wordle", "cigar", "--strategy", "optimal", "--hard", "--opener", "xylyl"],
    ):
        began = time.monotonic()
        out = subprocess.run(
            [sys.executable, "-m", "wordkit", *args, *lists, "--budget", "1"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr
        assert "this is the entropy guess" in out.stdout
        assert time.monotonic() - began < 40


@pytest.mark.parametrize("typed", ["[/]", "[bold]zz", "[red]x[/red]"])
def test_typed_text_is_never_markup(typed: str) -> None:
    out = host("--seed", "1", input=f"{typed}\nQ\n")
    assert f"{typed!r} is not a word of letters a-z" in out  # as typed, never as markup
    result = wk("solve", "wordle", *LISTS, "-i", "--opener", "crane", input=f"{typed}\nq\n")
    assert result.exit_code == 0, result.output
    assert f'"{typed}": ' in result.stdout


def test_invalid_utf8_at_a_prompt_is_refused_cleanly() -> None:
    result = runner.invoke(app, ["host", "wordle", *LISTS, "--seed", "1"], input=b"cr\xffne\nQ\n")
    assert result.exit_code == 0, result.output
    assert (
        "'cr\ufffdne' is not a word of letters a-z (bytes that are not UTF-8 show as \ufffd) "
        "(no guess used)"
    ) in result.stdout


def test_ascii_stdout_gets_letters_not_squares() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    outs = []
    for args in (["query", "wordle", "stone", "--opener", "crane"], ["stats", "wordle"]):
        out = subprocess.run(
            [sys.executable, "-m", "wordkit", *args, *LISTS],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert (out.returncode, out.stderr) == (0, ""), out.stderr
        assert out.stdout.isascii()
        outs.append(out.stdout)
    lines = outs[0].splitlines()
    assert lines[0] == " C  R  A  N  E   BBBGG     40 -> 1 answer"


def test_the_plain_keyboard_on_an_ascii_stdout_marks_absent_letters_with_a_stop() -> None:
    """Its `·` was a UnicodeEncodeError and a traceback where stdout is ASCII and piped."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    out = subprocess.run(
        [sys.executable, "-m", "wordkit", "host", "wordle", "--seed", "7", "--no-record"],
        input="crane\nQ\n", capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert (out.returncode, out.stderr) == (0, ""), out.stderr
    assert "   Z  X  .  V  B  .  M " in out.stdout.splitlines()


@pytest.mark.parametrize("mode", ["honest", "evil"])
def test_ctrl_c_while_the_host_thinks_shows_the_answer(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit.wordle import hosts

    def interrupted(self: object, state: object, row: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(hosts.Absurdle, "answer", interrupted)
    monkeypatch.setattr(hosts.HonestWordle, "answer", interrupted)
    result = runner.invoke(
        app, ["host", "wordle", *LISTS, "--mode", mode, "--seed", "3"], input="crane\n"
    )
    assert result.exit_code == 130
    assert re.search(r"The answer was [A-Z]{5}\.\n$", result.stdout)
    assert result.stderr == "Interrupted.\n"


def test_ctrl_c_while_the_ai_hints_shows_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordkit.wordle.guessers import PartitionGuesser

    def interrupted(self: object, state: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(PartitionGuesser, "__call__", interrupted)  # the advisor, whichever
    result = runner.invoke(app, ["host", "wordle", *LISTS, "--seed", "3"], input="?\n")
    assert result.exit_code == 130
    assert re.search(r"The answer was [A-Z]{5}\.\n$", result.stdout)


def test_damaged_cache_files_are_ignored_and_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit.wordle import matrix
    from wordkit.wordle.lists import load_wordle

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(matrix, "MEMO", {})
    game = load_wordle(SMALL)
    monkeypatch.setattr(matrix, "MEMO", {})
    key = game.key
    good = wk("stats", "wordle", *LISTS, "--strategy", "optimal", "--json")
    assert good.exit_code == 0, good.output
    files = {p.name.split("-")[1]: p for p in tmp_path.iterdir()}
    assert set(files) == {"matrix", "openers", "tree"}
    damage = {
        "matrix": [b"", b"\x93NUMPY", (tmp_path / f"wordle-matrix-{key}.npy").read_bytes()[:-7]],
        "openers": [b"[]", b'{"entropy": []}', b'{"entropy": "zzzzz"}', b"{"],
        "tree": [b"[]", b'{"guess": "crane", "total": 1, "next": {"BBBBB": 5}}', b'{"gu'],
    }
    for kind, contents in damage.items():
        # the matrix itself, not its copy by answer (which a glob may list first)
        found = sorted(tmp_path.glob(f"wordle-{kind}-*"), key=lambda p: "by-answer" in p.name)
        path = next(iter(found), tmp_path / f"wordle-openers-{key}.json")
        for content in contents:
            path.write_bytes(content)
            monkeypatch.setattr(matrix, "MEMO", {})
            for strategy in ("entropy", "optimal"):
                again = wk("stats", "wordle", *LISTS, "--strategy", strategy, "--json")
                assert (again.exit_code, again.stderr) == (0, ""), (kind, content)
            assert path.read_bytes() != content  # rebuilt
    assert json.loads(again.stdout)["mean_guesses"] == json.loads(good.stdout)["mean_guesses"]


def test_history_repeats_accumulate_and_other_repeats_are_refused() -> None:
    joined = wk("solve", "wordle", *LISTS, "--history", "crane=BBBBB,light=BBBBB", "--json")
    twice = wk(
        "solve", "wordle", *LISTS, "--history", "crane=BBBBB", "--history", "light=BBBBB", "--json"
    )
    assert joined.exit_code == twice.exit_code == 1
    assert twice.stderr == joined.stderr != ""
    stone = marks("crane", "stone")
    joined = wk("solve", "wordle", *LISTS, "--history", f"crane={stone}", "--json")
    twice = wk("solve", "wordle", *LISTS, "--history", f"crane={stone}", "--history", "", "--json")
    assert json.loads(twice.stdout) == json.loads(joined.stdout)
    for args in (
        ["solve", "wordle", "--opener", "crane", "--opener", "stone"],
        ["query", "wordle", "--strategy", "entropy", "--strategy", "minimax", "stone"],
        ["stats", "wordle", "--jobs", "1", "--jobs", "2"],
        ["host", "wordle", "--seed", "1", "--seed", "2"],
    ):
        result = runner.invoke(app, [*args, *LISTS], prog_name="wordkit", input="")
        name = args[2]
        assert (result.exit_code, result.stderr) == (
            1,
            f"Error: {name} was given 2 times; give it once "
            f"(see 'wordkit {args[0]} wordle --help')\n",
        )


def test_host_draws_a_fresh_seed_and_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import secrets

    draws = iter([11, 12, 13, 14, 15, 16])
    monkeypatch.setattr(secrets, "randbelow", lambda _: next(draws))
    seen = set()
    for seed in (11, 12, 13, 14, 15, 16):
        result = runner.invoke(app, ["host", "wordle", *LISTS], input="G\n")
        assert result.stderr == f"seed: {seed} (repeat this run with --seed {seed})\n"
        found = re.search(r"The answer was ([A-Z]+)\.", result.stdout)
        assert found
        assert found.group(1).lower() == secret_of(str(seed))
        seen.add(found.group(1))
    assert len(seen) > 1
    for bad in ("-1", str(2**63)):
        result = wk("host", "wordle", *LISTS, "--seed", bad, input="")
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: --seed must be between 0 and ")


def test_stats_shows_progress_and_slow_steps_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit.cli import terminal
    from wordkit.wordle import matrix

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(matrix, "MEMO", {})
    monkeypatch.setattr(matrix, "SLOW_CELLS", 0)
    quiet = wk("stats", "wordle", *LISTS, "--json")
    assert (quiet.exit_code, quiet.stderr) == (0, "")  # not a terminal: nothing on stderr
    monkeypatch.setattr(matrix, "MEMO", {})
    for path in tmp_path.iterdir():
        path.unlink()
    monkeypatch.setattr(terminal, "stderr_is_terminal", lambda: True)
    shown = wk("stats", "wordle", *LISTS, "--json")
    assert shown.exit_code == 0, shown.output
    assert "building the pattern matrix (40 × 40); once, then cached" in shown.stderr
    assert "choosing the entropy opener for these lists; once, then cached" in shown.stderr
    assert "40/40" in shown.stderr  # the progress bar's last state
    assert json.loads(shown.stdout) == json.loads(quiet.stdout) | {
        "seconds": json.loads(shown.stdout)["seconds"]
    }


def test_query_takes_many_words_and_stdin_as_json_lines() -> None:
    result = wk("query", "wordle", "stone", "light", *LISTS, "--opener", "crane", "--json")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["secret"] for r in lines] == ["stone", "light"]
    piped = wk(
        "query", "wordle", "-", *LISTS, "--opener", "crane", "--json",
        input="stone\n\n# a comment\nlight\n",
    )  # fmt: skip
    assert piped.stdout == result.stdout
    text = wk("query", "wordle", "stone", "light", *LISTS, "--opener", "crane").stdout
    assert "STONE: solved in 2 guesses (entropy)\n\n" in text
    assert text.endswith("LIGHT: solved in 2 guesses (entropy)\n")
    # every good word is played; each bad one is one Error: line, and the exit code is 1
    bad = wk("query", "wordle", "stone", "zebra", "light", *LISTS, "--opener", "crane", "--json")
    assert (bad.exit_code, bad.stdout) == (1, result.stdout)
    assert bad.stderr == (
        "Error: 'zebra' is not in the answer list; pass a list that has it with --answers\n"
    )
    piped = wk(
        "query", "wordle", "-", *LISTS, "--opener", "crane", input="stone\nzebra\nlight\nqwert\n"
    )  # fmt: skip
    assert piped.exit_code == 1 and piped.stderr.count("Error: ") == 2
    assert "STONE: solved in 2" in piped.stdout and "LIGHT: solved in 2" in piped.stdout
    empty = wk("query", "wordle", "-", *LISTS, input="\n")
    assert (empty.exit_code, empty.stderr) == (
        1,
        "Error: no word to query: give one or more words, or - to read them\n",
    )


@pytest.mark.parametrize("command", ["solve", "query", "stats", "host"])
def test_help_states_each_default_once_and_the_real_length_range(command: str) -> None:
    from wordkit.cli.wordle import LENGTH_RANGE
    from wordkit.wordle.lists import LENGTHS

    assert (LENGTHS[0], LENGTHS[-1]) == LENGTH_RANGE
    text = runner.invoke(app, [command, "wordle", "--help"], terminal_width=200).stdout
    options = re.split(r"\n  (?=-)", text.split("Options:", 1)[1])
    for option in options:
        assert not ("(default:" in option and "[default:" in option), option
    assert "N-letter words (2-15)" in text


def test_a_spinner_shows_while_the_ai_thinks_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import time

    from rich.console import Console

    from wordkit.cli import terminal

    screen = io.StringIO()
    monkeypatch.setattr(terminal, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(
        terminal, "err_console", lambda: Console(file=screen, force_terminal=True, width=80)
    )
    with terminal.thinking():
        time.sleep(0.3)
    shown = screen.getvalue().count("thinking")
    assert shown > 0
    result = wk("solve", "wordle", *LISTS, "--history", "light=BBBBB")
    assert result.exit_code == 0, result.output
    assert screen.getvalue().count("thinking") > shown


def test_a_real_ctrl_c_while_the_host_thinks_exits_130_with_the_answer(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    thinking = tmp_path / "thinking"
    script = (
        "import pathlib, sys, time\n"
        "from wordkit.wordle import hosts\n"
        "def slow(self, state, row):\n"
        f"    pathlib.Path({str(thinking)!r}).touch()\n"
        "    time.sleep(60)\n"
        "hosts.HonestWordle.answer = slow\n"
        "from wordkit.cli import app\n"
        "sys.argv = ['wordkit', *sys.argv[1:]]\n"
        "app()\n"
    )
    args = ["host", "wordle", *LISTS, "--seed", "5"]
    child = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None
    child.stdin.write("crane\n")
    child.stdin.flush()
    began = time.monotonic()
    while not thinking.exists() and time.monotonic() - began < 60:
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)  # while the host thinks about CRANE
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert out.endswith(f"The answer was {secret_of('5').upper()}.\n")
    assert err == "Interrupted.\n"


def test_stats_samples_answers_of_one_board_with_the_seed() -> None:
    def drawn(seed: str) -> list[str]:
        result = wk("stats", "wordle", *LISTS, "--sample", "7", "--seed", seed, "--records", "-")
        assert result.exit_code == 0, result.output
        return [json.loads(line)["secret"] for line in result.stdout.splitlines()]

    first = drawn("5")
    assert len(set(first)) == 7 and set(first) <= set(WORDS)
    assert first == sorted(first, key=WORDS.index)  # played in the list's order
    assert drawn("5") == first and drawn("6") != first
    summary = json.loads(wk("stats", "wordle", *LISTS, "--sample", "7", "--seed", "5",
                            "--json").stdout)  # fmt: skip
    assert (summary["games"], summary["sample"], summary["seed"]) == (7, 7, 5)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sample", str(len(WORDS) + 1)], f"--sample {len(WORDS) + 1} is more than the "
         f"{len(WORDS)} answers to draw from: drop --sample to play every one"),
        (["--sample", "3", "--tree", "t.txt"],
         "--tree writes the tree of every answer: drop --sample"),
        (["--sample", "3", "--openers", "crane"],
         "--openers ranks openers with every answer; drop --sample"),
        (["--max-guesses", "7"], "--max-guesses goes with --boards N (2, 4, 8 or 16)"),
    ],
)  # fmt: skip
def test_stats_sample_refusals(args: list[str], message: str) -> None:
    result = wk("stats", "wordle", *LISTS, *args)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


@pytest.mark.parametrize(
    ("opener", "noted"),
    [([], False), (["--hard"], True), (["--opener", "baker"], False)],
)
def test_stats_optimal_notes_only_a_default_opener(opener: list[str], noted: bool) -> None:
    """Of few answers the default opener is searched exactly (in normal mode): proven best."""
    result = wk("stats", "wordle", *LISTS, "--strategy", "optimal", *opener, "--json")
    assert result.exit_code == 0, result.output
    assert ("opener_note" in json.loads(result.stdout)) == noted


# --- found in review -------------------------------------------------------------------------


def test_a_redundant_length_keeps_the_same_lists(tmp_path: Path) -> None:
    answers = tmp_path / "ight.txt"
    answers.write_text("fight\nlight\nmight\nnight\nright\nsight\ntight\nwight\nbight\n")
    plain = wk("stats", "wordle", "--answers", str(answers), "--json")
    given = wk("stats", "wordle", "--answers", str(answers), "--length", "5", "--json")
    assert plain.exit_code == given.exit_code == 0
    first, second = json.loads(plain.stdout), json.loads(given.stdout)
    assert first["mean_guesses"] == second["mean_guesses"]
    assert first["strategy"] == second["strategy"]


def test_a_game_over_the_limit_says_so(tmp_path: Path) -> None:
    words = tmp_path / "ight.txt"
    words.write_text("fight\nlight\nmight\nnight\nright\nsight\ntight\nwight\nbight\n")
    lists = ["--answers", str(words), "--guesses", str(words)]
    result = wk("query", "wordle", *lists, "--hard", "bight")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "solved in 9 guesses, over the limit of 6 (entropy)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stats", "wordle", *LISTS, "--seed", "5"],
         "--seed means nothing when every answer is played: drop it"),
        (["stats", "wordle", *LISTS, "--openers", "top:2", "--seed", "5"],
         "--openers ranks openers with every answer; drop --seed"),
        (["query", "wordle", "--boards", "2", "cigar", "rebut", "--strategy", "minimax"],
         "--boards plays N-board games with its own guesser: drop --strategy"),
        (["solve", "wordle", "--boards", "2", "--strategy", "optimal", "--json"],
         "--boards plays N-board games with its own guesser: drop --strategy"),
    ],
)  # fmt: skip
def test_options_a_command_would_ignore_are_refused(args: list[str], message: str) -> None:
    result = wk(*args)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: {message}\n"


def test_the_words_of_several_boards_may_be_one_argument() -> None:
    apart, joined, recorded, read = (
        wk("query", "wordle", "--boards", "2", "cigar", "rebut", "--json"),
        wk("query", "wordle", "--boards", "2", "cigar,rebut", "--json"),
        wk("query", "wordle", "--boards", "2", "cigar/rebut", "--json"),
        wk("query", "wordle", "--boards", "2", "-", "--json", input="cigar/rebut\n"),
    )
    assert apart.exit_code == joined.exit_code == recorded.exit_code == read.exit_code == 0
    assert apart.stdout == joined.stdout == recorded.stdout == read.stdout


def test_words_joined_are_one_game_never_regrouped_with_their_neighbours() -> None:
    """`cigar/rebut/sissy/humph --boards 2` played two games, and `cigar rebut/sissy humph`
    regrouped the words across the `/` typed: a joined group is one game, as typed."""
    four = wk("query", "wordle", "--boards", "2", "cigar/rebut/sissy/humph", "--json")
    assert (four.exit_code, four.stdout) == (1, "")
    assert four.stderr == (
        "Error: --boards 2 needs 2 words, one per board; got 4 (cigar rebut sissy humph)\n"
    )
    mixed = wk("query", "wordle", "--boards", "2", "cigar", "rebut/sissy", "humph", "--json")
    assert mixed.exit_code == 1
    assert [json.loads(line)["secret"] for line in mixed.stdout.splitlines()] == [
        ["rebut", "sissy"]
    ]
    assert mixed.stderr.count("got 1 (") == 2


def test_a_secret_from_the_records_of_several_boards_plays_again() -> None:
    played = wk("stats", "wordle", "--boards", "2", "--sample", "1", "--seed", "3",
                "--records", "-")  # fmt: skip
    secret = json.loads(played.stdout)["secret"]
    again = wk("query", "wordle", "--boards", "2", secret, "--json")
    assert again.exit_code == 0 and json.loads(again.stdout)["secret"] == secret.split("/")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "wordle", "--history", "crane=21000,x=1"],
         "'x' has 1 letter; this game uses 5-letter words"),
        (["solve", "wordle", "--history", "crane=2100"],
         '"2100": feedback has 4 marks but words have 5 letters'),
        (["solve", "wordle", "--history", "crane=2"],
         '"2": feedback has 1 mark but words have 5 letters'),
    ],
)  # fmt: skip
def test_counts_in_messages_agree_with_their_nouns(args: list[str], message: str) -> None:
    result = wk(*args)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


def test_a_board_game_of_one_guess_is_headed_with_one_guess() -> None:
    result = wk("stats", "wordle", "--boards", "2", "--max-guesses", "1", "--sample", "1",
                "--seed", "1")  # fmt: skip
    assert result.exit_code == 0
    assert "Dordle (2 boards, 1 guess, seed 1)" in result.stdout


def test_one_file_reached_two_ways_is_one_history_table(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "words.txt").write_text("fight\nlight\nmight\n")
    (tmp_path / "b" / "words.txt").write_text("cigar\nrebut\n")
    db = str(tmp_path / "h.sqlite")
    monkeypatch.chdir(tmp_path / "a")
    wk("host", "wordle", "--answers", "words.txt", "--seed", "1", "--history-db", db,
       input="fight\nlight\nmight\n")  # fmt: skip
    monkeypatch.chdir(tmp_path / "b")
    other = wk("stats", "wordle", "--from-history", "--answers", "words.txt", "--history-db", db)
    assert other.exit_code == 1  # another file of the same name: no game of it
    monkeypatch.chdir(tmp_path)
    result = wk("stats", "wordle", "--from-history", "--answers", "a/words.txt",
                "--history-db", db, "--json")  # fmt: skip
    assert result.exit_code == 0 and json.loads(result.stdout)["games"] == 1


@pytest.mark.parametrize("strategy", ["minimax", "expected-size", "entropy"])
def test_long_words_count_their_buckets_in_bounded_memory(strategy: str) -> None:
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # english's 260 words of 15 letters: 3^15 bins a guess would be 115 MB each, 28 GB in all
    result = wk("solve", "wordle", "--length", "15", "--strategy", strategy)
    assert result.exit_code == 0, result.output
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 300


def test_long_word_openers_are_ranked_in_bounded_memory() -> None:
    result = wk("stats", "wordle", "--length", "15", "--openers", "top:3", "--json")
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["results"]) == 3
    result = wk("stats", "wordle", "--length", "15", "--openers",
                "unceremoniously,accomplishments", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output


def test_counts_read_as_numbers_and_words_typed_apart_are_one_guess() -> None:
    from wordkit.game import plural

    assert [plural(4730.2, "answer"), plural(24.83, "answer"), plural(1.0, "guess", "guesses")] == [
        "4,730 answers",
        "24.8 answers",
        "1 guess",
    ]
    result = runner.invoke(
        app, ["host", "wordle", *LISTS, "--seed", "1", "--max-guesses", "1", "--no-record"],
        input="c r a n e\nQ\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert ", 1 guess. Type a word" in result.stdout and "has 9 letters" not in result.stdout
    assert "guess 1>  C  R  A  N  E" in result.stdout


def test_one_boards_prompt_names_a_feedback_for_several_boards() -> None:
    """Typed at `solve wordle -i`, `BBBBB/BBBBB` got the plain mark error (`'/' is not a
    feedback mark`), where the history said it parts several boards' feedback."""
    result = wk("solve", "wordle", *LISTS, "-i", input="BBBBB/BBBBB\nq\n")
    assert result.exit_code == 0
    assert "'BBBBB/BBBBB' holds '/', which parts several boards' feedback" in result.stdout


def test_a_guess_typed_again_at_solve_is_refused_as_at_host() -> None:
    """`solve wordle -i` took a line typed twice as another turn (guess 8 of 6 in the end),
    where `host wordle` refuses a repeated guess; on two boards too. A history may hold one:
    the rules allow it, and a history transcribes a game played."""
    typed = "crane=BBBBB"
    result = wk("solve", "wordle", *LISTS, "-i", input=f"{typed}\n{typed}\nq\n")
    assert result.exit_code == 0, result.output
    assert "feedback> you already guessed CRANE (type U to undo)" in result.stdout
    assert "Guess 3" not in result.stdout
    pair = f"crane={marks('crane', WORDS[0])}/{marks('crane', WORDS[1])}"
    two = wk("solve", "wordle", *LISTS, "-i", "--boards", "2", input=f"{pair}\n{pair}\nq\n")
    assert two.exit_code == 0, two.output
    assert "you already guessed CRANE (type U to undo)" in two.stdout
    assert wk("solve", "wordle", *LISTS, "--history", f"{typed},{typed}").exit_code == 0


def test_an_unknown_opener_is_refused_before_the_game_starts() -> None:
    """`solve wordle -i --opener xxxxx` printed the game's intro, then the error."""
    result = wk("solve", "wordle", *LISTS, "-i", "--opener", "xxxxx", input="q\n")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == "Error: 'xxxxx' is not in the list of allowed guesses\n"


def test_a_stats_time_budget_is_said_with_the_figures() -> None:
    """With `--budget` an exact search that runs out of time plays the entropy guess, so the
    figures depend on the machine's load: the JSON did not say a budget was set."""
    cases = [
        ([], None),
        (["--budget", "5"], 5.0),
        (["--budget", "5", "--strategy", "minimax"], None),
    ]
    for extra, budget in cases:  # minimax has no exact search for it to bound
        result = wk("stats", "wordle", *LISTS, "--sample", "5", "--seed", "1", "--json", *extra)
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["budget"] == budget


def test_the_known_optimum_is_shown_beside_every_answer_only() -> None:
    """A sample's or a few secrets' mean was shown beside the optimum of every answer, where it
    read as the optimum beaten (3.0000 against 3.4212)."""
    from conftest import shared_file

    lists = ["--answers", str(shared_file("wordle", "answers.txt"))]
    lists += ["--guesses", str(shared_file("wordle", "allowed.txt"))]
    every = wk("stats", "wordle", *lists, "--strategy", "heuristic")
    assert every.exit_code == 0 and "known optimum" in every.stdout
    for run in (["--sample", "30", "--seed", "1"], ["--secrets", str(SMALL)]):
        result = wk("stats", "wordle", *lists, "--strategy", "heuristic", *run)
        assert result.exit_code == 0 and "known optimum" not in result.stdout, result.output
