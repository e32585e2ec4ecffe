"""A hostile sweep of the Hangman commands: bad or odd inputs -> exit code and exact stderr.

Every bad input gives one `Error:` line and exit 1 (never a traceback, never a hang); valid but
unusual inputs exit 0 quietly. Signals are checked in a subprocess at the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.hangman.guessers import guesser_names

runner = CliRunner()
F = str(Path(__file__).parent / "fixtures") + "/"
NAMES = ", ".join(guesser_names())

CASES: list[tuple[list[str], int, str]] = [
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "a__le",
            "--guessed",
            "aeli",
        ],
        0,
        "",
    ),
    (["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "a _ _ l e"], 0, ""),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "A__LE",
            "--guessed",
            "AELI",
        ],
        0,
        "",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "a__le",
            "--guessed",
            "aelp",
            "--guessed",
            "aeli",
        ],
        0,
        "",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "_" * 64],
        1,
        "Error: the mask has 64 letters; words have at most 63\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "a" * 70],
        1,
        "Error: the mask has 70 letters; words have at most 63\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", ""],
        1,
        "Error: the mask is empty: give one `_` per letter, e.g. --mask _____\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "   "],
        1,
        "Error: the mask is empty: give one `_` per letter, e.g. --mask _____\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "a_1le"],
        1,
        "Error: mask 'a_1le' has a character that is not a letter or `_`\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "[/]"],
        1,
        "Error: mask '[/]' has a character that is not a letter or `_`\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "☃__le"],
        1,
        "Error: mask '☃__le' has a character that is not a letter or `_`\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "_____", "--guessed", "1"],
        1,
        "Error: guessed letter '1' is not one letter a-z\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "_____", "--guessed", "☃"],
        1,
        "Error: guessed letter '☃' is not one letter a-z\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--refuted",
            "apple2",
        ],
        1,
        "Error: 'apple2' is not a word of 1-63 letters a-z\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--refuted",
            "apple,,ankle",
        ],
        0,
        "",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "apple"],
        0,  # "Solved: APPLE" on stdout, as a solved Wordle
        "",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "a__le",
            "--guessed",
            "aelpnkgib",
            "--refuted",
            "abale",
        ],
        1,
        "Error: the game is already over (lost)\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--strategy",
            "magic",
        ],
        1,
        "Error: unknown Hangman strategy 'magic'; choose from " + NAMES + "\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--variant",
            "odd",
        ],
        1,
        "Error: unknown variant 'odd'; choose from classic, advanced\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--finish",
            "never",
        ],
        1,
        "Error: unknown finish 'never'; choose from reveal, word\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--prior",
            "nonsense",
        ],
        1,
        "Error: prior 'nonsense' is not uniform, weight or CATEGORY=SHARE,... (e.g. TZ=0.5)\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--prior",
            "food=2",
        ],
        1,
        "Error: share 2.0 in prior 'food=2' is not between 0 and 1\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--prior",
            "food=0.5",
            "--prior",
            "animal=0.3",
        ],
        0,
        "",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--prior",
            "food=inf",
        ],
        1,
        "Error: share 'inf' in prior 'food=inf' is not a decimal between 0 and 1 (e.g. 0.5)\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--category",
            "planets",
        ],
        1,
        "Error: no word has category 'planets' (categories: adjective, animal, body, food, shape)\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--category",
            "food",
            "--category",
            "body",
        ],
        1,
        "Error: --category was given 2 times; give it once\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "_____", "--mask", "____"],
        1,
        "Error: --mask was given 2 times; give it once (see 'wordkit solve hangman --help')\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv", "--mask", "_____", "--lives", "-3"],
        1,
        "Error: --lives must be between 1 and 1000 (0 or `unlimited`: no limit), not -3\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--lives",
            "99999999999999999999999",
        ],
        1,
        "Error: --lives must be between 1 and 1000 (0 or `unlimited`: no limit), not 99999999999999999999999\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--lives",
            "unlimited",
        ],
        0,
        "",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--lives",
            "many",
        ],
        1,
        "Error: --lives must be a number or `unlimited`, not 'many'\n",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_____",
            "--variant",
            "advanced",
        ],
        0,
        "",
    ),
    (
        [
            "solve",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--mask",
            "_" * 25,
            "--variant",
            "advanced",
        ],
        1,
        "Error: advanced mask is wider than the width 20\n",
    ),
    (
        ["solve", "hangman", "--words", "nosuchtable", "--mask", "___"],
        1,
        "Error: 'nosuchtable' is neither a built-in table (categories, cities, english, portuguese, wordle, wordle-guesses) nor an existing file\n",
    ),
    (
        ["solve", "hangman", "--words", F + "hostile_empty.csv", "--mask", "___"],
        1,
        "Error: " + F + "hostile_empty.csv has a header but no rows\n",
    ),
    (
        ["solve", "hangman", "--words", F + "hostile_binary.csv", "--mask", "___"],
        1,
        "Error: " + F + "hostile_binary.csv holds NUL bytes: a binary file, not text\n",
    ),
    (
        ["solve", "hangman", "--words", F + "hostile_ragged.csv", "--mask", "___"],
        1,
        "Error: "
        + F
        + "hostile_ragged.csv: line 2: '1' is not a word of letters a-z (clean the list with `wordkit prepare` first)\n",
    ),
    (
        ["solve", "hangman", "--words", F.rstrip("/"), "--mask", "___"],
        1,
        "Error: " + F.rstrip("/") + " is a directory, not a file\n",
    ),
    (
        ["solve", "hangman", "--words", F + "cli_hangman.csv"],
        1,
        "Error: give the game state with --mask (e.g. --mask a__le --guessed aeli)\n",
    ),
    (["query", "hangman", "apple", "--words", F + "cli_hangman.csv"], 0, ""),
    (["query", "hangman", "APPLE", "--words", F + "cli_hangman.csv"], 0, ""),
    (
        ["query", "hangman", "xylophone", "--words", F + "cli_hangman.csv"],
        0,
        "Warning: the word has 9 letters, more than any word the letter model learned from "
        "(at most 5): its guesses past that are little better than letter frequencies\n",
    ),
    (
        ["query", "hangman", "", "--words", F + "cli_hangman.csv"],
        1,
        "Error: '' is not a word of 1-63 letters a-z\n",
    ),
    (
        ["query", "hangman", "app le", "--words", F + "cli_hangman.csv"],
        1,
        "Error: 'app le' is not a word of 1-63 letters a-z\n",
    ),
    (
        ["query", "hangman", "a" * 64, "--words", F + "cli_hangman.csv"],
        1,
        "Error: '" + "a" * 64 + "' is not a word of 1-63 letters a-z\n",
    ),
    (
        ["query", "hangman", "[/]", "--words", F + "cli_hangman.csv"],
        1,
        "Error: '[/]' is not a word of 1-63 letters a-z\n",
    ),
    (
        ["query", "hangman", "apple", "--words", F + "cli_hangman.csv", "--strategy", "nope"],
        1,
        "Error: unknown Hangman strategy 'nope'; choose from " + NAMES + "\n",
    ),
    (["query", "hangman", "apple", "--words", F + "cli_hangman.csv", "--lives", "0"], 0, ""),
    (
        ["query", "hangman", "apple", "--words", F + "cli_hangman.csv", "--lives", "1001"],
        1,
        "Error: --lives must be between 1 and 1000 (0 or `unlimited`: no limit), not 1001\n",
    ),
    (
        ["query", "hangman", "apple", "--words", F + "cli_hangman.csv", "--seed", "-1"],
        1,
        "Error: --seed must be between 0 and 9223372036854775807, not -1\n",
    ),
    (
        [
            "query",
            "hangman",
            "apple",
            "--words",
            F + "cli_hangman.csv",
            "--seed",
            "99999999999999999999",
        ],
        1,
        "Error: --seed must be between 0 and 9223372036854775807, not 99999999999999999999\n",
    ),
    (
        [
            "query",
            "hangman",
            "apple",
            "--words",
            F + "cli_hangman.csv",
            "--variant",
            "advanced",
            "--seed",
            "3",
        ],
        0,
        "",
    ),
    (
        ["query", "hangman", "apple", "--words", F + "cli_hangman.csv", "--category", "planets"],
        1,
        "Error: no word has category 'planets' (categories: adjective, animal, body, food, shape)\n",
    ),
    (
        ["query", "hangman"],
        1,
        "Error: Missing argument 'WORD...'. (see 'wordkit query hangman --help')\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--seed", "-5", "--sample", "3"],
        1,
        "Error: --seed must be between 0 and 9223372036854775807, not -5\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--sample", "10000000000"],
        1,
        "Error: --sample must be between 1 and 1,000,000, not 10,000,000,000\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--sample", "-1"],
        1,
        "Error: --sample must be between 1 and 1,000,000, not -1\n",
    ),
    (
        [
            "stats",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--sample",
            "5",
            "--seed",
            "1",
            "--json",
        ],
        0,
        "",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--jobs", "0"],
        1,
        "Error: --jobs must be between 1 and 64, not 0\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--jobs", "100000"],
        1,
        "Error: --jobs must be between 1 and 64, not 100,000\n",
    ),
    (["stats", "hangman", "--words", F + "cli_hangman.csv", "--lives", "0", "--json"], 0, ""),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--lives", "abc"],
        1,
        "Error: --lives must be a number or `unlimited`, not 'abc'\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--format", "xml"],
        1,
        "Error: unknown format 'xml'; choose one of: table, json, csv\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--strategy", "nope"],
        1,
        "Error: unknown Hangman strategy 'nope'; choose from " + NAMES + "\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--prior", "nonsense"],
        1,
        "Error: prior 'nonsense' is not uniform, weight or CATEGORY=SHARE,... (e.g. TZ=0.5)\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--host", "nice"],
        1,
        "Error: unknown host 'nice' for stats; choose evil or lookahead\n",
    ),
    (
        [
            "stats",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--host",
            "lookahead",
            "--depth",
            "0",
        ],
        1,
        "Error: --depth must be between 1 and 6, not 0\n",
    ),
    (
        [
            "stats",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--host",
            "lookahead",
            "--depth",
            "12",
        ],
        1,
        "Error: --depth must be between 1 and 6, not 12\n",
    ),
    (
        [
            "stats",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--host",
            "evil",
            "--difficulty",
            "brutal",
        ],
        1,
        "Error: unknown difficulty 'brutal'; choose from easy, medium, hard\n",
    ),
    (
        ["stats", "hangman", "--words", F + "cli_hangman.csv", "--secrets", "nosuchtable"],
        1,
        "Error: 'nosuchtable' is neither a built-in table (categories, cities, english, portuguese, wordle, wordle-guesses) nor an existing file\n",
    ),
    (
        [
            "stats",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--hint",
            "--secrets",
            F + "host_tiny.csv",
        ],
        1,
        "Error: hint asked for, but the secrets have no `category` column\n",
    ),
    (
        [
            "stats",
            "hangman",
            "--words",
            F + "cli_hangman.csv",
            "--variant",
            "advanced",
            "--seed",
            "2",
            "--json",
        ],
        0,
        "",
    ),
    (
        ["stats", "hangman", "--words", F + "hostile_empty.csv"],
        1,
        "Error: " + F + "hostile_empty.csv has a header but no rows\n",
    ),
    (
        ["stats", "hangman", "--words", F + "hostile_binary.csv"],
        1,
        "Error: " + F + "hostile_binary.csv holds NUL bytes: a binary file, not text\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--mode", "nice"],
        1,
        "Error: unknown Hangman host 'nice' (choose from honest, evil, lookahead)\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--difficulty", "brutal"],
        1,
        "Error: unknown difficulty 'brutal'; choose from easy, medium, hard\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--mode", "lookahead", "--depth", "12"],
        1,
        "Error: --depth must be between 1 and 6, not 12\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--mode", "lookahead", "--depth", "-1"],
        1,
        "Error: --depth must be between 1 and 6, not -1\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--length", "50", "--seed", "1"],
        1,
        "Error: no word in the table has 50 letters\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--length", "-2", "--seed", "1"],
        1,
        "Error: --length must be between 1 and 63, not -2\n",
    ),
    (
        [
            "host",
            "hangman",
            "--words",
            F + "host_tiny.csv",
            "--length",
            "99999999999999999999",
            "--seed",
            "1",
        ],
        1,
        "Error: --length must be between 1 and 63, not 99999999999999999999\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--seed", "-1"],
        1,
        "Error: --seed must be between 0 and 9223372036854775807, not -1\n",
    ),
    (["host", "hangman", "--words", F + "host_tiny.csv", "--lives", "0", "--seed", "1"], 0, ""),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--lives", "-1", "--seed", "1"],
        1,
        "Error: --lives must be between 1 and 1000 (0 or `unlimited`: no limit), not -1\n",
    ),
    (
        ["host", "hangman", "--words", F + "host_tiny.csv", "--category", "planets", "--seed", "1"],
        1,
        "Error: the table has no `category` column, so no category hint applies\n",
    ),
    (
        ["host", "hangman", "--words", F + "hostile_empty.csv", "--seed", "1"],
        1,
        "Error: " + F + "hostile_empty.csv has a header but no rows\n",
    ),
]


@pytest.mark.parametrize(("args", "code", "stderr"), CASES, ids=lambda v: None)
def test_hostile_input(args: list[str], code: int, stderr: str) -> None:
    result = runner.invoke(app, args, input="G\n", prog_name="wordkit")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert (result.exit_code, result.stderr) == (code, stderr)


def test_the_sweep_is_broad() -> None:
    assert len(CASES) >= 60
    assert {args[0] for args, _, _ in CASES} == {"solve", "query", "stats", "host"}


@pytest.mark.full  # a group Ctrl-C with workers: the fast tier has test_signals' SIGTERM one
def test_ctrl_c_in_a_parallel_stats_run_prints_one_line(tmp_path: Path) -> None:
    """Ctrl-C reaches the whole process group (parent and workers): one line, exit 130."""
    words = tmp_path / "words.txt"
    words.write_text((Path(F) / "cli_words_many.txt").read_text())
    command = [sys.executable, "-m", "wordkit", "stats", "hangman", "--words", str(words)]
    command += ["--jobs", "2", "--strategy", "lookahead"]
    env = {**os.environ, "WORDKIT_CACHE": str(tmp_path / "cache")}
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
    )
    time.sleep(3)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert (proc.returncode, out, err) == (130, "", "Interrupted.\n")


# (mode and knob given to `host hangman`, stderr): a knob the host does not use is refused
KNOB_CASES = [
    (["--depth", "2"], "Error: --depth is for the lookahead host, not the honest one: drop it\n"),
    (["--difficulty", "easy"], "Error: --difficulty is for the evil host, not the honest one: drop it\n"),
    (["--mode", "evil", "--depth", "2"], "Error: --depth is for the lookahead host, not the evil one: drop it\n"),
    (["--mode", "lookahead", "--difficulty", "easy"], "Error: --difficulty is for the evil host, not the lookahead one: drop it\n"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "err"), KNOB_CASES)
def test_a_host_knob_the_mode_ignores_is_refused(args: list[str], err: str, tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite")
    base = ["host", "hangman", "--words", F + "host_tiny.csv", "--seed", "1", "--history-db", db]
    result = runner.invoke(app, [*base, *args], input="G\n")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", err)


@pytest.mark.parametrize(
    "args",
    [["--mode", "evil", "--difficulty", "easy"], ["--mode", "lookahead", "--depth", "2"], []],
)
def test_a_host_knob_its_mode_uses_is_taken(args: list[str], tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite")
    base = ["host", "hangman", "--words", F + "host_tiny.csv", "--seed", "1", "--history-db", db]
    result = runner.invoke(app, [*base, *args], input="G\n")
    assert result.exit_code == 0, result.stderr


def test_a_category_named_with_a_comma_is_quoted_in_the_list(tmp_path: Path) -> None:
    """`food, spices` read as two categories in the list an unknown hint shows."""
    table = tmp_path / "cats.csv"
    table.write_text('word,category\napple,Fruit\nsaffron,"food, spices"\ntiger,Animals\n')
    result = runner.invoke(app, ["solve", "hangman", "--words", str(table), "--category",
                                 "nope", "--mask", "_____"])  # fmt: skip
    assert (result.exit_code, result.stderr) == (
        1, "Error: no word has category 'nope' (categories: Animals, Fruit, 'food, spices')\n"
    )  # fmt: skip
