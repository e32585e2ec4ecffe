"""Inputs found wrong by a review: what each command now says (one line, exit 1) or does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.cli.terminal import LINE_LIMIT

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SMALL = str(FIXTURES / "wordle_small.txt")
CATEGORIES = str(FIXTURES / "cli_hangman.csv")  # 13 words, 5 categories (6 animals)


def invoke(*args: str, input: str | bytes | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


@pytest.mark.parametrize("game", ["wordle", "hangman"])
def test_an_endless_line_on_stdin_is_refused_not_read_whole(game: str) -> None:
    result = invoke("query", game, "-", input=b"a" * (LINE_LIMIT + 10))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: a line of standard input is longer than {LINE_LIMIT:,} bytes: is it text?\n"
    )


@pytest.mark.parametrize(
    ("args", "moves"),
    [
        (["host", "wordle", "--seed", "7", "--no-record"], "crane\nvapor\nvalor\n"),
        (["host", "hangman", "--seed", "7", "--words", CATEGORIES, "--no-record"], "G\n"),
        (["solve", "wordle", "-i", "--answers", SMALL], "Q\n"),
    ],
)
def test_an_endless_line_in_a_game_is_refused_and_asked_again(args: list[str], moves: str) -> None:
    """In a game a line too long is one refused line, not the end of the game (exit 1)."""
    endless = b"a" * (LINE_LIMIT + 10) + b"\n"
    result = invoke(*args, input=endless + moves.encode())
    assert result.exit_code == 0, result.output
    told = f"a line of standard input is longer than {LINE_LIMIT:,} bytes: is it text? Type it"
    assert told in result.stdout


def test_a_long_line_within_the_limit_is_read() -> None:
    result = invoke("query", "hangman", "-", "--json", input="apple\n")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["secret"] == "apple"


def test_a_byte_order_mark_on_stdin_is_not_part_of_the_word() -> None:
    result = invoke("query", "hangman", "-", "--json", input="\ufeffapple\n".encode())
    assert result.exit_code == 0
    assert json.loads(result.stdout)["secret"] == "apple"


def test_two_inputs_on_stdin_are_refused() -> None:
    result = invoke("query", "wordle", "-", "--answers", "-", input="cigar\n")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: WORDS and --answers both read standard input; give one of them a file\n",
    )
    result = invoke("query", "hangman", "-", "--words", "-", input="apple\n")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: WORD and --words both read standard input; give one of them a file\n",
    )


def test_two_outputs_on_stdout_are_refused() -> None:
    result = invoke("stats", "wordle", "--answers", SMALL, "--records", "-", "--tree", "-")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: --records and --tree both write to standard output; give one a file\n"
    )


def test_query_with_secrets_and_boards_is_one_error_not_one_per_secret() -> None:
    result = invoke("query", "wordle", "--secrets", SMALL, "--answers", SMALL, "--boards", "2")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: --secrets holds one answer a game, --boards needs one a board: give each "
        "game's words as an argument instead (e.g. cigar,rebut)\n"
    )


def test_boards_are_grouped_by_their_words_length() -> None:
    result = invoke(
        "stats", "wordle", "--answers", SMALL, "--boards", "2", "--sample", "5", "--seed", "1",
        "--json",
    )  # fmt: skip
    assert result.exit_code == 0
    assert list(json.loads(result.stdout)["by_length"]) == ["5"]


def test_a_stray_length_in_an_answer_list_is_said(tmp_path: Path) -> None:
    words = [w for w in Path(SMALL).read_text().splitlines() if not w.startswith("#")]
    path = tmp_path / "answers.txt"
    path.write_text("\n".join([*words, "abacus"]) + "\n")
    result = invoke("stats", "wordle", "--answers", str(path), "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["games"] == len(set(words))
    assert result.stderr == (
        f"Warning: {path} holds words of several lengths: playing its {len(set(words)):,} "
        "5-letter words, 1 left out, as the answers and the only guesses "
        "(--length N plays another)\n"
    )


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "wordle", "--history", "crane=BBBYY,clint=BYBYB"],
        ["query", "wordle", "cigar", "--strategy", "expected-size", "--opener", "crane"],
    ],
)
def test_the_help_examples_play(command: list[str]) -> None:
    assert invoke(*command).exit_code == 0


@pytest.mark.parametrize(
    "group", [pytest.param("solve", marks=pytest.mark.full), "query", "stats", "host"]
)  # solve's first example reads all of `english` (4 s in a fresh process)
def test_every_example_in_a_groups_help_plays(group: str) -> None:
    """`wordkit GROUP --help` shows examples: each runs (a stats run on a small draw, a hosted
    game quit at once)."""
    shown = invoke(group, "--help").stdout
    examples = [line.split()[1:] for line in shown.splitlines() if line.startswith("    wordkit")]
    assert len(examples) == 2
    for example in examples:
        extra = ["--sample", "3", "--seed", "1"] if group == "stats" else []
        result = runner.invoke(app, [*example, *extra], input="Q\n")
        assert result.exit_code == 0, (example, result.stderr)


def test_utf16_files_are_read_by_their_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_bytes("apple\nmango\nlemon\n".encode("utf-16"))
    result = invoke("query", "hangman", "lemon", "--words", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["won"] is True


def test_a_summary_with_no_game_solved_is_valid_json_and_a_dash_in_the_table(
    tmp_path: Path,
) -> None:
    (tmp_path / "table.txt").write_text("apple\nmango\n")
    (tmp_path / "secrets.txt").write_text("zzzzz\n")
    args = ["stats", "hangman", "--words", str(tmp_path / "table.txt")]
    args += ["--secrets", str(tmp_path / "secrets.txt"), "--lives", "1"]
    result = invoke(*args, "--json")
    assert result.exit_code == 0
    summary = json.loads(result.stdout)  # NaN is not JSON
    assert summary["mean_guesses"] is None
    assert summary["by_length"]["5"]["mean_guesses"] is None
    table = invoke(*args).stdout
    assert " mean guesses (won games) │ -" in table and " max guesses (won games)  │ -" in table


def test_the_evil_host_records_alone_on_stdout() -> None:
    result = invoke("stats", "hangman", "--host", "evil", "--words", CATEGORIES, "--records", "-")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines and all(json.loads(line)["secret"] for line in lines)
    assert "host" in result.stderr


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_the_game_against_absurdle_records_alone_on_stdout(fmt: str) -> None:
    result = invoke("stats", "wordle", "--answers", "wordle", "--host", "evil",
                    "--strategy", "minimax", "--records", "-", "--format", fmt)  # fmt: skip
    assert result.exit_code == 0, result.stderr
    (line,) = result.stdout.splitlines()
    record = json.loads(line)
    assert record["won"] and record["solved"] and record["moves"][-1] == record["secret"]
    assert record["feedback"][-1] == "GGGGG" and len(record["feedback"]) == record["guesses"]
    if fmt == "json":  # the game's own shape, on stderr
        assert json.loads(result.stderr[result.stderr.index("{") :])["word"] == record["secret"]
    else:
        assert f"minimax vs Absurdle: solved in {record['guesses']} guesses" in result.stderr


def test_stats_plays_the_words_of_a_category_with_the_hint() -> None:
    args = ["stats", "hangman", "--words", CATEGORIES, "--category", "animal", "--json"]
    result = invoke(*args)
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["table"], summary["games"]) == (f"{CATEGORIES}, category animal", 6)
    refused = invoke(*args, "--secrets", SMALL)
    assert (refused.exit_code, refused.stderr) == (
        1,
        "Error: --category plays the table's words of that category: "
        "drop --secrets or --category\n",
    )


def test_refuted_words_count_once_and_must_fit_the_mask() -> None:
    args = ["solve", "hangman", "--mask", "a__le", "--guessed", "ael", "--lives", "2"]
    assert invoke(*args, "--refuted", "apple,apple").exit_code == 0  # one wrong guess, not two
    result = invoke(*args, "--refuted", "xx")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: refuted word 'xx' has 2 letters; the mask has 5\n",
    )


@pytest.mark.parametrize(
    ("prior", "message"),
    [
        (
            "animals=0.5,animals=0.6",
            "the prior gives 'animals' two shares (0.5 and 0.6): give each category once",
        ),
        ("x=-1", "share '-1' in prior 'x=-1' is not a decimal between 0 and 1 (e.g. 0.5)"),
    ],
)
def test_a_prior_names_each_category_once_with_a_decimal_share(prior: str, message: str) -> None:
    result = invoke("solve", "hangman", "--words", "categories", "--mask", "___", "--prior", prior)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


def test_a_category_given_twice_is_said_as_typed() -> None:
    """--prior given twice adds up; naming a category in both quoted a joined text never typed."""
    args = ["--prior", "animals=0.3", "--prior", "animals=0.2"]
    result = invoke("solve", "hangman", "--words", "categories", "--mask", "___", *args)
    assert result.stderr == (
        "Error: the prior gives 'animals' two shares (0.3 and 0.2): give each category once\n"
    )


def test_the_lookahead_host_reports_its_depth_in_json() -> None:
    args = ["stats", "hangman", "--words", CATEGORIES, "--host", "lookahead", "--depth", "1"]
    summary = json.loads(invoke(*args, "--json").stdout)
    assert (summary["host"], summary["depth"], "difficulty" in summary) == ("lookahead", 1, False)


def test_utf16_on_stdin_is_one_error_not_a_garbled_line_each() -> None:
    result = invoke("query", "hangman", "-", input="apple\nmango\n".encode("utf-16"))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: standard input holds NUL bytes: is it UTF-16? convert it to UTF-8 first\n"
    )


def test_an_openers_file_is_read_like_any_input(tmp_path: Path) -> None:
    args = ["stats", "wordle", "--answers", SMALL, "--format", "json"]
    bom = tmp_path / "bom.txt"
    bom.write_bytes("\ufeffapple\n".encode())
    assert json.loads(invoke(*args, "--openers", str(bom)).stdout)["best"] == "apple"
    piped = invoke(*args, "--openers", "-", input="apple\n")
    assert json.loads(piped.stdout)["best"] == "apple"
    for path, message in [
        (str(tmp_path), f"the openers file {tmp_path} is a directory, not a file"),
        ("/dev/null", "the openers file /dev/null holds no word"),
    ]:
        result = invoke(*args, "--openers", path)
        assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


def test_a_game_that_cannot_be_recorded_is_named_in_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from wordkit import history
    from wordkit.errors import WordkitError
    from wordkit.runner import GameRecord

    db = tmp_path / "history.sqlite"
    record = GameRecord(secret="cat", won=True, moves=("a", "cat"), feedback=("_a_", "cat"))
    history.record_game(record, table="t", strategy="best", source="host", path=db)
    monkeypatch.setattr(history, "BUSY_SECONDS", 0.05)
    blocker = sqlite3.connect(db)
    blocker.execute("PRAGMA journal_mode=DELETE")
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(WordkitError) as caught:
            history.record_game(record, table="t", strategy="best", source="host", path=db)
    finally:
        blocker.rollback()
        blocker.close()
    assert str(caught.value) == (
        f"the game history {db} is locked by another program (database is locked): "
        "this game (cat: a cat) was not recorded"
    )


@pytest.mark.parametrize(
    "args",
    [["stats", "hangman", "--words", ""], ["stats", "wordle", "--answers", ""]],
)
def test_an_empty_file_name_is_said_as_such(args: list[str]) -> None:
    result = invoke(*args)
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: an empty name: give a table name or a file\n",
    )


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_a_minimum_weight_is_a_number(value: str) -> None:
    places = str(FIXTURES / "places.csv")
    result = invoke("prepare", places, "--column", "city", f"--min-weight={value}")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: --min-weight must be a finite number, not {value}\n",
    )


def test_refuted_words_are_compared_folded() -> None:
    args = ["solve", "hangman", "--mask", "a__le", "--guessed", "ael", "--lives", "2"]
    assert invoke(*args, "--refuted", "Apple,apple").exit_code == 0


def test_a_history_named_dash_is_a_file_not_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke(
        "stats", "hangman", "--words", CATEGORIES, "--secrets", "-", "--learn",
        "--history-db", "-", input="apple\n",
    )  # fmt: skip
    assert "both read standard input" not in result.stderr


def test_outputs_to_stdouts_own_device_are_not_a_clash(tmp_path: Path) -> None:
    """`--records - --tree /dev/null` with stdout on /dev/null too: one is data, one a sink."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "wordkit", "stats", "wordle", "--answers", SMALL]
    done = subprocess.run(
        [*command, "--records", "-", "--tree", "/dev/null"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0 and "Error" not in done.stderr, done.stderr


def test_a_stray_length_is_said_whichever_length_dominates(tmp_path: Path) -> None:
    path = tmp_path / "six.txt"
    path.write_text("planet\norange\nsilver\nmonkey\ncigar\n")
    result = invoke("stats", "wordle", "--answers", str(path), "--json")
    assert result.stderr == (
        f"Warning: {path} holds words of several lengths: playing its 1 5-letter word, "
        "4 left out, as the answers and the only guesses (--length N plays another)\n"
    )


def test_a_table_of_several_lengths_says_which_it_plays_as_a_list_does(tmp_path: Path) -> None:
    """`--words` of a table of six-letter words and two stray five-letter ones played the two
    in silence (`--answers` said so); with no five-letter word, the error named no way out."""
    path = tmp_path / "six.txt"
    path.write_text("planet\norange\nsilver\nmonkey\ncigar\nhello\n")
    result = invoke("solve", "wordle", "--words", str(path), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["candidates"] == 2
    assert result.stderr == (
        f"Warning: {path} holds words of several lengths: playing its 2 5-letter words, 4 left "
        "out (--length N plays another)\n"
    )
    path.write_text("planet\norange\nsilver\nmonkeys\n")
    result = invoke("solve", "wordle", "--words", str(path))
    assert result.exit_code == 1 and result.stderr == (
        f"Error: {path} has no 5-letter words (its words have 6, 7 letters: --length N plays "
        "them)\n"
    )
    assert invoke("solve", "wordle", "--words", str(path), "--length", "6").exit_code == 0
    asked = invoke("solve", "wordle", "--answers", str(path), "--length", "4")
    assert asked.stderr == f"Error: {path} has no 4-letter words (its words have 6, 7 letters)\n"


def test_a_wrong_word_shown_in_the_mask_stays_a_wrong_guess(tmp_path: Path) -> None:
    table = tmp_path / "ct.csv"
    table.write_text("word,weight\ncats,100\ncat,1\n")
    args = ["host", "hangman", "--words", str(table), "--variant", "advanced", "--no-record"]
    args += ["--seed", "2"]
    out = invoke(*args, input="c\na\nt\ncat\n").stdout
    assert "No CAT." in out
    assert "  wrong: CAT   lives left: 5" in out


@pytest.mark.parametrize(
    "game", [["wordle", "--answers", SMALL], ["hangman", "--words", CATEGORIES]]
)
def test_jobs_and_a_cluster_are_one_or_the_other(game: list[str]) -> None:
    result = invoke("stats", *game, "--jobs", "2", "--cluster", "local:2")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --jobs runs local processes and --cluster a Dask cluster's workers: give one\n",
    )


def test_a_word_too_long_for_a_game_is_named_with_its_line(tmp_path: Path) -> None:
    table = tmp_path / "long.txt"
    table.write_text("apple\n" + "a" * 64 + "\n")
    result = invoke("query", "hangman", "apple", "--words", str(table))
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {table}: line 2: '{'a' * 64}' is not a word of 1-63 letters a-z\n",
    )


def test_huge_weights_are_a_prior_without_an_overflow_warning(tmp_path: Path) -> None:
    table = tmp_path / "big.csv"
    table.write_text("word,weight\napple,1e308\nmango,1e308\n")
    result = invoke("solve", "hangman", "--mask", "_____", "--words", str(table))
    assert (result.exit_code, result.stderr) == (0, "")
    assert "apple 50%, mango 50%" in result.stdout


def test_prepare_will_not_drop_a_kept_column_that_its_output_replaces(tmp_path: Path) -> None:
    source = tmp_path / "k.csv"
    source.write_text("name,word,weight\nAlpha,x1,3\nBeta,x2,4\n")
    result = invoke("prepare", str(source), "--column", "name", "--keep", "word")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: --keep word: the output's word column comes from the input's 'name'; "
        "rename the input's 'word' column to keep it\n"
    )
    kept = invoke("prepare", str(source), "--column", "name", "--keep", "weight", "-q")
    assert (kept.exit_code, kept.stdout) == (0, "word,weight\nalpha,3\nbeta,4\n")


def test_a_history_that_is_not_read_is_refused(tmp_path: Path) -> None:
    args = ["stats", "hangman", "--words", CATEGORIES, "--history-db", str(tmp_path / "h.db")]
    result = invoke(*args, "--no-learn")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --history-db goes with --learn or --from-history, which read the history: drop "
        "it\n",
    )
    assert invoke(*args, "--learn").exit_code == 0


@pytest.mark.parametrize("game", ["wordle", "hangman"])
@pytest.mark.parametrize("fmt", ["table", "csv"])
def test_json_with_another_format_named_is_refused(game: str, fmt: str) -> None:
    result = invoke("stats", game, "--json", "--format", fmt, "--sample", "3")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: --json asks for JSON: drop --json or --format {fmt}\n"


@pytest.mark.parametrize("args", [["--json"], ["--json", "--format", "json"], ["--format", "json"]])
def test_json_asked_once_or_twice_gives_json(args: list[str]) -> None:
    result = invoke("stats", "hangman", *args, "--words", CATEGORIES, "--sample", "3")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["games"] == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["query", "hangman", "\udce9t\udce9"],
         "'\ufffdt\ufffd' is not a word of 1-63 letters a-z (bytes that are not UTF-8 show as "
         "\ufffd)"),
        (["query", "wordle", "cr\udce9ne"],
         "'cr\ufffdne' is not a word of letters a-z (bytes that are not UTF-8 show as \ufffd)"),
    ],
)  # fmt: skip
def test_a_command_line_byte_that_is_not_utf8_is_refused_without_a_warning(
    args: list[str], message: str
) -> None:
    """Python hands an argument's undecodable byte over as a lone surrogate (here a Latin-1
    é); it is refused like U+FFFD on stdin, not passed to Unidecode (which warned)."""
    result = invoke(*args)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


@pytest.mark.parametrize("where", ["argument", "stdin", "mask", "category"])
def test_a_word_in_utf8_is_read_under_an_ascii_locale(where: str, tmp_path: Path) -> None:
    """`LC_ALL=C` without UTF-8 mode hands `cigár` over as ASCII with its two bytes escaped:
    they spell UTF-8, so the text is read as typed (it said they were not UTF-8), wherever a
    word, a mask or a category is typed."""
    import os
    import subprocess
    import sys

    env = os.environ | {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    table = tmp_path / "t.csv"
    table.write_text("word,category\nzebra,fêtes\nzebras,x\n", encoding="utf-8")
    args, field, expected = {
        "argument": (["query", "wordle", "cigár"], "secret", "cigar"),
        "stdin": (["query", "wordle", "-"], "secret", "cigar"),
        "mask": (["solve", "hangman", "--words", str(table), "--mask", "zébr_"], "top", "zebra"),
        "category": (["solve", "hangman", "--words", str(table), "--category", "fêtes",
                      "--mask", "_____"], "top", "zebra"),
    }[where]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "wordkit", *args, "--json"],
        input="cigár\n".encode(), capture_output=True, env=env, timeout=60,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, b"")
    found = json.loads(done.stdout)[field]
    assert (found if field == "secret" else found[0]["word"]) == expected


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mask", "_____", "--guessed", "ÆØÅÞß"],
         "guessed letters 'ÆØÅÞß': 'Æ' is not one letter (the tables spell it 'ae')"),
        (["--mask", "straße", "--guessed", "tra"],
         "mask 'straße': 'ß' is not one letter (the tables spell it 'ss')"),
    ],
)  # fmt: skip
def test_solve_hangman_refuses_a_character_that_is_several_letters(
    args: list[str], message: str
) -> None:
    result = invoke("solve", "hangman", *args)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


@pytest.mark.parametrize("game", ["wordle", "hangman"])
def test_an_empty_format_is_unknown_not_the_default(game: str) -> None:
    result = invoke("stats", game, "--format", "", "--sample", "3")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: unknown format ''; choose one of: table, json, csv\n",
    )


# --- files as a user's tools leave them (found in review) -----------------------------------


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"word,weight\rapple,2\rbanana,3\r", "word,weight\napple,2\nbanana,3\n"),  # old Mac
        (b"word\rapple\rbanana\r", "word,weight\napple,1\nbanana,1\n"),
        (b"word\tweight\napple\t2\n", "word,weight\napple,2\n"),  # tabs in a .csv
        (b"word,weight,note\napple,2," + b"x" * 140_000 + b"\nmelon,3,short\n",
         "word,weight\napple,2\nmelon,3\n"),  # a long cell of a column not read
        (b'word,note\napple,"good" one\nberry,ok\n', "word,weight\napple,1\nberry,1\n"),
    ],
)  # fmt: skip
def test_line_endings_separators_and_long_cells_are_read(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    source = tmp_path / "table.csv"
    source.write_bytes(content)
    result = invoke("prepare", str(source), "-q")
    assert (result.exit_code, result.stdout) == (0, expected), result.stderr


QUOTE = 'a stray ", or a cell of several lines, which a word table cannot hold (one row a line)'
LAST_QUOTE = (
    'holds a quote opened on its last line, 3, that is never closed: a stray ", which a word '
    "table cannot hold"
)


def test_a_quote_closed_on_the_last_line_around_a_form_feed_is_read(tmp_path: Path) -> None:
    """The last-line check split lines as `str.splitlines` does, at a form feed or U+2028
    inside a cell, which the csv reader does not: a closed quote was refused there."""
    for cell in ("big\x0c", "big\u2028cat", "tigris\x85"):
        source = tmp_path / "table.csv"
        source.write_text(f'word,weight,note\nlion,1,x\ntiger,2,"{cell}"\n', encoding="utf-8")
        result = invoke("prepare", str(source), "-q")
        assert (result.exit_code, result.stdout) == (0, "word,weight\nlion,1\ntiger,2\n")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'word,weight\n"apple,2\nbanana,3\nmelon,"6"\nlemon,7\n',
         'holds a quote opened on line 2 that runs to line 4: ' + QUOTE),
        (b'word,weight\n"apple,2\nbanana,3\n',
         'holds a quote opened on line 2 that runs to line 3: ' + QUOTE),
        (b'word,note\napple,"6 inch\nberry,ok\ncherry,12 inch"\ndates,fine\n',
         'holds a quote opened on line 2 that runs to line 4: ' + QUOTE),
        # on the last line (the row was dropped as "missing weight"), with or without its end
        (b'word,weight\napple,1\n"tiger,2\n', LAST_QUOTE),
        (b'word,weight\napple,1\n"tiger,2', LAST_QUOTE),
        (b'word\tweight\r\napple\t1\r\n"tiger\t2\r\n', LAST_QUOTE),
        # a cell going on past its closing quote before it (`"a"x`) hid the open one
        (b'note,word,weight\nx,apple,1\n"a"x,"tiger,2\n', LAST_QUOTE),
        (b"\x1f\x8b\x08\x00rest", "is a gzip file: decompress it first"),
        ("word\napple\n".encode("utf-16-le"),
         "looks like UTF-16 text without its byte-order mark: convert it first, e.g. wordkit "
         "prepare {path} --encoding utf-16-le -o words.csv"),
        (b"word\napple\x00\xff\x00\x01\x02\n", "holds NUL bytes: a binary file, not text"),
    ],
)  # fmt: skip
def test_files_that_would_lose_rows_or_are_no_text_are_refused(
    tmp_path: Path, content: bytes, message: str
) -> None:
    source = tmp_path / "table.csv"
    source.write_bytes(content)
    result = invoke("prepare", str(source))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: {source} {message.format(path=source)}\n"


def test_an_error_quoting_a_huge_value_stays_one_short_line(tmp_path: Path) -> None:
    source = tmp_path / "words.txt"
    source.write_text("apple\n" + "ab " * 100_000 + "\n")
    result = invoke("solve", "hangman", "--words", str(source), "--mask", "_____")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert len(result.stderr) < 300 and "…" in result.stderr
    result = invoke("query", "hangman", "a" * 100_000)
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert len(result.stderr) <= len("Error: ") + 1001 + 1  # and its newline


def test_a_byte_order_mark_before_typed_feedback_is_not_a_mark() -> None:
    result = invoke("solve", "wordle", "-i", input="\ufeffBBBBB\nQ\n".encode())
    assert result.exit_code == 0
    assert "is not a feedback mark" not in result.stdout + result.stderr


def test_a_file_opening_with_bzh_is_text_unless_it_is_bzip2(tmp_path: Path) -> None:
    source = tmp_path / "words.txt"
    source.write_text("BZh\napple\n")
    result = invoke("prepare", str(source), "-q")
    assert (result.exit_code, result.stdout) == (0, "word,weight\nbzh,1\napple,1\n")


def test_words_on_stdin_with_old_mac_line_endings_are_one_a_line() -> None:
    result = invoke("query", "wordle", "-", "--json", input="cigar\rrebut\r")
    assert result.exit_code == 0, result.stderr
    assert [json.loads(line)["secret"] for line in result.stdout.splitlines()] == [
        "cigar",
        "rebut",
    ]


def test_a_human_host_of_several_boards_may_report_another_word() -> None:
    """`WORD=P1/P2` when the human played another word than the AI's (the help says so)."""
    result = invoke("solve", "wordle", "-i", "--boards", "2", input="sloth=bbbbb/bbbbb\nQ\n")
    assert result.exit_code == 0, result.output
    assert "1. SLOTH" in result.stdout and "not a feedback mark" not in result.stdout


def test_an_ai_game_solved_past_the_guesses_allowed_is_told_lost(tmp_path: Path) -> None:
    ight = tmp_path / "ight.txt"
    ight.write_text("fight\nlight\nmight\nnight\nright\nsight\ntight\nwight\nbight\n")
    lists = ["--answers", str(ight), "--guesses", str(ight)]
    result = invoke("solve", "wordle", "-i", *lists, input="bgggg\n" * 6 + "ggggg\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith("past the 6 allowed: a lost game.")


def test_an_input_with_no_end_of_line_in_a_game_still_ends_it() -> None:
    """A refused line is skipped to its end, but `< /dev/zero` has none: after a bounded skip
    the game ends with the one-line error (it hung, reading for ever)."""
    from wordkit.cli.terminal import SKIP_LIMIT

    endless = b"\0" * (LINE_LIMIT * (SKIP_LIMIT + 2))
    result = invoke("host", "wordle", "--seed", "1", "--no-record", input=endless)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: a line of standard input is longer than {LINE_LIMIT:,} bytes: is it text?\n"
    )


def test_a_tree_of_a_few_secrets_is_refused_as_one_of_a_sample(tmp_path: Path) -> None:
    secrets = tmp_path / "two.txt"
    secrets.write_text("cigar\nrebut\n")
    tree = str(tmp_path / "t.json")
    result = invoke("stats", "wordle", "--secrets", str(secrets), "--tree", tree)
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --tree writes the tree of every answer: drop --secrets\n",
    )


def test_a_tree_that_breaks_hard_mode_is_named_in_the_error(tmp_path: Path) -> None:
    """Checking a tree in hard mode said only `hard mode: guess 2 (...)`, not which tree."""
    from wordkit.wordle.rules import feedback, pattern_str

    words = ["mango", "apple", "angle", "ankle"]
    lists = tmp_path / "w.txt"
    lists.write_text("\n".join(words) + "\n")

    def line(*guesses: str) -> str:  # the path of the last word, as `--tree x.txt` writes
        answer = guesses[-1]
        turns = [f"{g} {pattern_str(feedback(g, answer), 5, 'letters')}{n}" for n, g in
                 enumerate(guesses, 1)]  # fmt: skip
        return " ".join(turns)

    # after MANGO, ANGLE shows N and G: hard mode wants them in the next guess, APPLE lacks them
    paths = [line("mango"), line("mango", "apple"), line("mango", "apple", "angle"),
             line("mango", "apple", "ankle")]  # fmt: skip
    tree = tmp_path / "t.txt"
    tree.write_text("\n".join(paths) + "\n")
    args = ["--answers", str(lists), "--guesses", str(lists), "--tree-in", str(tree)]
    result = invoke("stats", "wordle", *args, "--hard")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: the tree in {tree} breaks hard mode: ")


@pytest.mark.parametrize("columns", ["0", "20"])
def test_a_tiny_or_zero_width_still_prints_whole_figures(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """COLUMNS=0 had rich print nothing (exit 0); off a terminal a narrow COLUMNS cut tables."""
    monkeypatch.setenv("COLUMNS", columns)
    result = invoke("query", "hangman", "apple", "--words", "categories")
    assert result.exit_code == 0
    assert "correct?" in result.stdout and "…" not in result.stdout
    assert result.stdout.rstrip().endswith("(best)")


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "hangman", "--words", "{blank}"],
        ["stats", "hangman", "--words", "{blank}", "--sample", "3", "--seed", "1"],
        ["solve", "hangman", "--words", "{blank}", "--mask", "_____"],
        ["query", "hangman", "apple", "--words", "{blank}"],
        ["solve", "wordle", "--answers", "{blank}"],
    ],
)
def test_a_word_list_of_blank_lines_and_comments_is_refused(
    args: list[str], tmp_path: Path
) -> None:
    """It crashed Hangman's stats (no game to average) or played on an empty dictionary."""
    blank = tmp_path / "blank.txt"
    blank.write_text("\n\n# nothing here\n", encoding="utf-8")
    result = invoke(*[a.format(blank=blank) for a in args])
    assert result.exit_code == 1
    assert result.stderr == f"Error: {blank} has no words: only blank lines and # comments\n"


def test_control_characters_typed_are_escaped_in_every_message() -> None:
    # An ESC sequence typed at a prompt or given as a word was echoed raw: it could clear the
    # screen or retitle the terminal.
    typed = "ab\x1b[2Jc"
    played = invoke("solve", "wordle", "-i", "--answers", SMALL, "--guesses", SMALL,
                    input=f"{typed}\n")  # fmt: skip
    assert "\x1b" not in played.output and '"ab\\x1b[2Jc"' in played.output
    refused = invoke("query", "hangman", typed, "--words", CATEGORIES)
    assert refused.exit_code == 1 and "\x1b" not in refused.stderr
    assert "ab\\x1b[2" in refused.stderr


def test_error_lines_escape_control_characters() -> None:
    from wordkit.errors import error_line

    assert error_line("'a\x07b\x9bc' bad\nline") == "'a\\x07b\\x9bc' bad line"
    assert error_line("héllo wörld ✓") == "héllo wörld ✓"  # printable text is kept


def test_a_long_typed_word_is_cut_in_wordles_messages() -> None:
    # 2,000 letters were echoed whole (13 lines at 80 columns); Hangman cut them already.
    played = invoke("host", "wordle", "--answers", SMALL, "--guesses", SMALL, "--no-record",
                    "--seed", "1", input="a" * 2000 + "\nQ\n")  # fmt: skip
    line = next(x for x in played.output.splitlines() if "has 2,000 letters" in x)
    assert len(line) < 200 and "…" in line
    fed = invoke("solve", "wordle", "-i", "--answers", SMALL, "--guesses", SMALL,
                 input="G" * 2000 + "\nQ\n")  # fmt: skip
    line = next(x for x in fed.output.splitlines() if "feedback has 2,000 marks" in x)
    assert len(line) < 200


def test_the_keyboard_without_colour_shows_the_marks() -> None:
    # Piped or under NO_COLOR every key looked alike: it told nothing of the letters used.
    from wordkit.cli.render import keyboard

    plain = keyboard({"c": 0, "r": 1, "a": 2}, colour=False).plain.splitlines()
    assert plain[0].startswith(" Q  W  E (R) T ")
    assert plain[1].startswith(" [A] S ") and "·" in plain[2] and " C " not in plain[2]
    played = invoke("host", "wordle", "--answers", SMALL, "--guesses", SMALL, "--no-record",
                    "--seed", "1", input="crane\nQ\n")  # fmt: skip
    assert "(" in played.output or "[" in played.output or "·" in played.output


def test_a_query_that_plays_nothing_shows_no_seed() -> None:
    # The advanced variant draws a seed for its reveals; a refused word printed it after its
    # Error line, two lines for one bad input.
    result = invoke("query", "hangman", "abcdefghijklmnopqrstuvwxyz", "--variant", "advanced",
                    "--words", CATEGORIES)  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
    played = invoke("query", "hangman", "apple", "--variant", "advanced", "--words", CATEGORIES)
    assert played.exit_code == 0 and "seed: " in played.stderr


def test_a_refused_guessed_letter_is_quoted_as_typed() -> None:
    # It was quoted folded and lowercased ('ω' for Ω), as no user typed it.
    result = invoke("solve", "hangman", "--mask", "___", "--guessed", "aΩ", "--words", CATEGORIES)
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: guessed letter 'Ω' is not one letter a-z\n",
    )
    decomposed = invoke("solve", "hangman", "--mask", "___", "--guessed", "e\u0301",
                        "--words", CATEGORIES)  # fmt: skip
    assert decomposed.exit_code == 0  # é typed as e and its accent: the letter e


def test_a_warning_is_said_once_a_command(tmp_path: Path) -> None:
    """`stats hangman` parses a file for its table and again for the AI's words: it warned
    twice."""
    path = tmp_path / "one.csv"
    path.write_text("crane\nslate\ntrace\n", encoding="utf-8")
    for _ in range(2):  # and again in the next command
        result = invoke("stats", "hangman", "--words", str(path), "--sample", "2", "--seed", "1")
        assert result.exit_code == 0
        assert result.stderr.count("Warning:") == 1, result.stderr


def test_a_file_named_as_a_built_in_table_is_said_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--words cities` in a folder holding a file `cities` plays the built-in table, as the
    help says of a name; it says so, and `./cities` reads the file (it was silent)."""
    monkeypatch.chdir(tmp_path)
    Path("cities").write_text("apple\ntiger\n", encoding="utf-8")
    named = runner.invoke(app, ["solve", "hangman", "--words", "cities", "--mask", "_____"])
    assert named.exit_code == 0 and named.stderr == (
        "Warning: 'cities' names the built-in table, not the file cities here (write ./cities "
        "for the file)\n"
    )
    read = runner.invoke(app, ["solve", "hangman", "--words", "./cities", "--mask", "_____"])
    assert read.exit_code == 0 and read.stderr == "" and "candidates: 2" in read.stdout
