"""`--words TABLE` and `--secrets FILE` for the Wordle commands, through CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app

runner = CliRunner()
SMALL = str(Path(__file__).parent / "fixtures" / "wordle_small.txt")
LISTS = ["--answers", SMALL, "--guesses", SMALL]


def wk(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), prog_name="wordkit")


def test_words_plays_a_table_as_guesses_and_answers(tmp_path: Path) -> None:
    table = tmp_path / "mine.csv"
    table.write_text("word,weight\ncrane,9\nslate,5\nplate,1\ncater,0\n")
    result = wk("stats", "wordle", "--words", str(table), "--format", "json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert stats["games"] == 4 and stats["wins"] == 4 and stats["table"] == str(table)
    # Every word of the table is a possible answer, even the one of weight 0.
    solved = wk("query", "wordle", "cater", "--words", str(table), "--json")
    assert solved.exit_code == 0 and json.loads(solved.stdout)["solved"] is True


def test_words_bad_input_messages(tmp_path: Path) -> None:
    threes = tmp_path / "threes.txt"
    threes.write_text("cat\ndog\n")
    cases = [
        (
            ["stats", "wordle", "--words", "nosuch"],
            "Error: 'nosuch' is neither a built-in table (categories, cities, english, "
            "portuguese, wordle, wordle-guesses) nor an existing file\n",
        ),
        (
            ["stats", "wordle", "--words", SMALL, "--length", "3"],
            f"Error: {SMALL} has no 3-letter words (its words have 5 letters)\n",
        ),
        (
            ["solve", "wordle", "--words", str(threes), "--length", "5", "--history", "a=b"],
            f"Error: {threes} has no 5-letter words (its words have 3 letters)\n",
        ),
        (
            ["stats", "wordle", "--words", SMALL, "--answers", SMALL],
            "Error: give --words TABLE or --answers FILE, not both\n",
        ),
    ]
    for args, message in cases:
        result = wk(*args)
        assert (result.exit_code, result.output) == (1, message), args


def test_secrets_plays_another_lists_words(tmp_path: Path) -> None:
    secrets = tmp_path / "secrets.txt"
    secrets.write_text("apple\nbaker\nApple\n")
    result = wk("stats", "wordle", *LISTS, "--secrets", str(secrets), "--format", "json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    # One game a row, as Hangman's --secrets: a repeated secret is played again.
    assert stats["games"] == 3 and stats["table"] == f"{secrets} against {SMALL}"
    query = wk("query", "wordle", "--words", SMALL, "--secrets", str(secrets), "--json")
    assert query.exit_code == 0
    answers = [json.loads(line)["secret"] for line in query.stdout.splitlines()]
    assert answers == ["apple", "baker", "apple"]


def test_secrets_bad_input_messages(tmp_path: Path) -> None:
    secrets = tmp_path / "secrets.txt"
    secrets.write_text("apple\nzebra\n")
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n")
    cases = [
        (
            ["stats", "wordle", "--words", SMALL, "--secrets", str(secrets)],
            f"Error: --secrets {secrets}: 'zebra' is not an allowed word of these lists, "
            "so it cannot be the answer\n",
        ),
        (
            ["query", "wordle", *LISTS, "--secrets", str(secrets)],
            f"Error: --secrets {secrets}: 'zebra' is not in the answer list; pass a list "
            "that has it with --answers\n",
        ),
        (
            ["stats", "wordle", *LISTS, "--secrets", "nosuch.txt"],
            "Error: 'nosuch.txt' is neither a built-in table (categories, cities, english, "
            "portuguese, wordle, wordle-guesses) nor an existing file\n",
        ),
        (
            ["stats", "wordle", *LISTS, "--secrets", str(empty)],
            f"Error: {empty} has no words: only blank lines and # comments\n",
        ),
        (
            ["stats", "wordle", *LISTS, "--secrets", str(secrets), "--host", "evil"],
            "Error: --secrets plays honest games: drop --host, --tree-in, --openers\n",
        ),
        (
            ["query", "wordle", *LISTS],
            "Error: Missing argument 'WORD...'. (see 'wordkit query wordle --help')\n",
        ),
    ]
    for args, message in cases:
        result = wk(*args)
        assert (result.exit_code, result.output) == (1, message), args


def test_guesses_with_no_word_of_the_length_are_refused_not_dropped(tmp_path: Path) -> None:
    four = tmp_path / "four.txt"
    four.write_text("abcd\nefgh\n")
    answers = tmp_path / "answers.txt"
    answers.write_text("crane\nslate\ntrace\n")
    for lists in (["--answers", str(answers), "--length", "5"], ["--words", "wordle"]):
        result = runner.invoke(app, ["solve", "wordle", *lists, "--guesses", str(four)])
        assert (result.exit_code, result.output) == (
            1,
            f"Error: {four} has no 5-letter words to add as guesses\n",
        )


def test_lists_too_large_for_memory_are_refused_before_allocating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list whose pattern matrix (and its copy by answer) would not fit in the memory left is
    refused in one line: numpy tried to allocate 21 GiB for 150,000 words."""
    from wordkit.wordle import matrix

    monkeypatch.setattr(matrix, "available_memory", lambda: 2**19)  # 0.5 MiB free
    words = tmp_path / "many.txt"
    words.write_text("".join(f"{a}{b}{c}ed\n" for a in "abcdefghij" for b in "klmnopqrst"
                             for c in "uvwxyz"))  # fmt: skip
    result = wk("query", "wordle", "akued", "--words", str(words))
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: 600 guesses × 600 answers need 0.7 MiB for the pattern matrix and its copy by "
        "answer, more than the 0.5 MiB of memory free: use shorter word lists\n"
    )


def test_running_out_of_memory_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory that runs out anyway (a ulimit) is an `Error:` line and exit 1, no traceback."""
    from wordkit.wordle import matrix

    def exhausted(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(matrix, "compute_pattern_matrix", exhausted)
    monkeypatch.setattr(matrix, "read_matrix", lambda *args: None)
    monkeypatch.setattr(matrix, "MEMO", {})
    result = wk("query", "wordle", "crane", *LISTS)
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: out of memory: use smaller word lists or tables\n",
    )
