"""Hostile and odd inputs for `solve|query|stats|host wordle`: one `Error:` line and exit 1, or
a clean exit 0 when the input is valid; never a traceback, never a hang.

Each case is (arguments, standard input, exit code, exact stderr). `{small}` is the 40-word
fixture list and `{tmp}` a folder of odd files made by the `odd_files` fixture.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app

runner = CliRunner()
SMALL = str(Path(__file__).parent / "fixtures" / "wordle_small.txt")
L = ["--answers", "{small}", "--guesses", "{small}"]
OK = ""
STRATEGIES = "expected-size, entropy, minimax, heuristic, heuristic-original, optimal"
NO_MARK = "is not a feedback mark; use G/Y/B, 2/1/0 or 🟩🟨⬛"
BUDGET = "Error: --budget must be between 0.01 and 86400 seconds, not"
MAX_SEED = 2**63 - 1


def usage(message: str, command: str) -> str:
    """A usage error as the app words it."""
    return f"Error: {message} (see 'wordkit {command} wordle --help')\n"


def solve(*args: str) -> list[str]:
    return ["solve", "wordle", *L, *args]


CASES: list[tuple[list[str], str | None, int, str]] = [
    # solve: feedback strings
    (solve("--history", "crane=BBBBX"), None, 1, f"Error: \"BBBBX\": 'X' {NO_MARK}\n"),
    (solve("--history", "crane=BBBB"), None, 1, 'Error: "BBBB": feedback has 4 marks but words have 5 letters\n'),
    (solve("--history", "crane=BBBBBB"), None, 1, 'Error: "BBBBBB": feedback has 6 marks but words have 5 letters\n'),
    (solve("--history", "crane="), None, 1, 'Error: "": feedback has 0 marks but words have 5 letters\n'),
    (solve("--history", "crane=[/]"), None, 1, f"Error: \"[/]\": '[' {NO_MARK}\n"),
    (solve("--history", "crane=🟥⬛⬛⬛⬛"), None, 1, f"Error: \"🟥⬛⬛⬛⬛\": '🟥' {NO_MARK}\n"),
    (solve("--history", "crane=bbbbb"), None, 0, OK),
    (solve("--history", " crane = BBBBB "), None, 0, OK),
    (solve("--history", "CRANE=BBBBB", "--json"), None, 0, OK),
    (solve("--history", "crane=BBBBB,,"), None, 0, OK),
    # solve: words
    (solve("--history", "=BBBBB"), None, 1, "Error: '=BBBBB' names no word: WORD=FEEDBACK, e.g. crane=BBBYY\n"),
    (solve("--history", "crane"), None, 1, "Error: history entry 1 ('crane') must be WORD=FEEDBACK, e.g. crane=BBBYY\n"),
    (solve("--history", "zzzzz=BBBBB"), None, 1, "Error: 'zzzzz' is not in the list of allowed guesses\n"),
    (solve("--history", "cranes=BBBBBB"), None, 1, "Error: 'cranes' has 6 letters; this game uses 5-letter words\n"),
    (solve("--history", "[bold]=BBBBB"), None, 1, "Error: '[bold]' is not a word of letters a-z\n"),
    # solve: contradictory or finished histories
    (solve("--history", "crane=GGGGG"), None, 0, OK),
    (solve("--history", "crane=GGGGG,light=BBBBB"), None, 1, "Error: history entry 2 ('light=BBBBB') comes after the game was solved (CRANE)\n"),
    (solve("--history", "crane=GGGGB"), None, 1, "Error: no answer is consistent with the feedback: entry 1 (CRANE GGGGB) leaves no answer out of 40 remaining\n"),
    (solve("--history", "crane=🟩🟩🟩🟩⬛"), None, 1, "Error: no answer is consistent with the feedback: entry 1 (CRANE GGGGB) leaves no answer out of 40 remaining\n"),
    (solve("--history", "crane=BBBBB", "--history", "crane=GGGGG"), None, 1, "Error: no answer is consistent with the feedback: entry 2 (CRANE GGGGG) leaves no answer out of 1 remaining\n"),
    (solve("--history", "light=BBBBB", "--history", "light=GGGGG"), None, 1, "Error: no answer is consistent with the feedback: entry 2 (LIGHT GGGGG) leaves no answer out of 10 remaining\n"),
    # solve: hard mode
    (solve("--hard", "--history", "crane=GBBBB,light=BBBBB"), None, 1, "Error: hard mode: guess 2 (LIGHT): 1st letter must be C\n"),
    (solve("--hard", "--history", "crane=BBBBB,crane=BBBBB"), None, 0, OK),
    # solve: strategies, openers, budgets
    (solve("--history", "crane=BBBBB", "--strategy", "magic"), None, 1, f"Error: unknown Wordle strategy 'magic'; choose from {STRATEGIES}\n"),
    (solve("--history", "crane=BBBBB", "--strategy", ""), None, 1, f"Error: unknown Wordle strategy ''; choose from {STRATEGIES}\n"),
    (solve("--history", "crane=BBBBB", "--strategy", "heuristic-seed"), None, 1, "Error: the strategy heuristic-seed is now called heuristic-original\n"),
    (solve("--history", "crane=BBBBB", "--opener", "zzzzz"), None, 1, "Error: 'zzzzz' is not in the list of allowed guesses\n"),
    (solve("--history", "light=BBBBB", "--strategy", "optimal"), None, 0, OK),
    (solve("--history", "light=BBBBB", "--budget", "0"), None, 1, f"{BUDGET} 0\n"),
    (solve("--history", "light=BBBBB", "--budget", "inf"), None, 1, f"{BUDGET} inf\n"),
    (solve("--history", "light=BBBBB", "--budget", "1e400"), None, 1, f"{BUDGET} inf\n"),
    (solve("--history", "light=BBBBB", "--budget", "abc"), None, 1, usage("Invalid value for '--budget': Input should be a valid number, unable to parse string as a number", "solve")),
    (solve("--history", "crane=BBBBB", "--length", "5"), None, 0, OK),
    (solve("--opener", "crane", "--opener", "light", "--history", ""), None, 1, usage("--opener was given 2 times; give it once", "solve")),
    (solve("--bogus"), None, 1, usage("No such option: --bogus (Possible options: --boards, --guesses)", "solve")),
    # solve: lengths and lists
    (["solve", "wordle", "--length", "99", "--history", "a=b"], None, 1, "Error: --length must be between 2 and 15, not 99\n"),
    (["solve", "wordle", "--length", "-5", "--history", "a=b"], None, 1, "Error: --length must be between 2 and 15, not -5\n"),
    (["solve", "wordle", "--length", str(10**22), "--history", "a=b"], None, 1, f"Error: --length must be between 2 and 15, not {10**22}\n"),
    (["solve", "wordle", "--length", "five", "--history", "a=b"], None, 1, usage("Invalid value for '--length': Input should be a valid integer, unable to parse string as an integer", "solve")),
    (["solve", "wordle", "--answers", "{tmp}/empty.txt", "--history", "a=b"], None, 1, "Error: {tmp}/empty.txt is empty\n"),
    (["solve", "wordle", "--answers", "{tmp}/comments.txt", "--history", "a=b"], None, 1, "Error: {tmp}/comments.txt has no words: only blank lines and # comments\n"),
    (["solve", "wordle", "--answers", "{tmp}/mixed.txt", "--history", "a=b"], None, 1, "Warning: {tmp}/mixed.txt holds words of several lengths: playing its 1 5-letter word, 1 left out, as the answers and the only guesses (--length N plays another)\nError: 'a' has 1 letter; this game uses 5-letter words\n"),
    (["solve", "wordle", "--answers", "{tmp}/nope.txt", "--history", "a=b"], None, 1, "Error: '{tmp}/nope.txt' is neither a built-in table (categories, cities, english, portuguese, wordle, wordle-guesses) nor an existing file\n"),
    (["solve", "wordle", "--answers", "{tmp}/dir", "--history", "a=b"], None, 1, "Error: {tmp}/dir is a directory, not a file\n"),
    (["solve", "wordle", "--answers", "{tmp}/latin1.txt", "--history", "a=b"], None, 1, "Error: {tmp}/latin1.txt is not UTF-8 (byte 0xe9 on line 1); convert it first, e.g. wordkit prepare {tmp}/latin1.txt --encoding latin-1 -o words.csv\n"),
    (["solve", "wordle", "--answers", "{tmp}/bom.txt", "--history", "apple=BBBBB"], None, 1, "Error: no answer is consistent with the feedback: entry 1 (APPLE BBBBB) leaves no answer out of 2 remaining\n"),
    (["solve", "wordle", "--answers", "{tmp}/one.txt", "--history", "apple=GGGGG"], None, 0, OK),
    (["solve", "wordle", "--answers", "{tmp}/one.txt", "--json", "--history", ""], None, 0, OK),
    (["solve", "wordle", "--answers", "{small}", "--guesses", "{tmp}/mixed.txt", "--history", "crane=BBBBB"], None, 0, "Warning: {tmp}/mixed.txt holds words of several lengths: adding its 1 5-letter word as guesses, 1 left out\n"),  # a dictionary of guesses: its 5-letter words, told
    (["solve", "wordle", "--answers", "{tmp}/mixed.txt", "--guesses", "{tmp}/mixed.txt", "--length", "4", "--history", "pear=GGGG"], None, 0, ""),  # --length chose them: nothing to tell
    (["solve", "wordle", "--answers", "{tmp}/six.txt", "--history", "garden=BBBBBB"], None, 1, "Warning: the built-in guesses have no 6-letter words: {tmp}/six.txt's 3 answers are the only allowed guesses (--guesses FILE adds more)\nError: no answer is consistent with the feedback: entry 1 (GARDEN BBBBBB) leaves no answer out of 3 remaining\n"),
    (["solve", "wordle", "--answers", "{tmp}/mixed.txt", "--guesses", "{small}"], None, 1, "Error: word lists mix lengths: 4 letters ('pear'), 5 letters ('apple')\n"),
    # query
    (["query", "wordle", *L], None, 1, usage("Missing argument 'WORD...'.", "query")),
    (["query", "wordle", "zebra", *L], None, 1, "Error: 'zebra' is not in the answer list; pass a list that has it with --answers\n"),
    (["query", "wordle", "cat", *L], None, 1, "Error: 'cat' has 3 letters; this game uses 5-letter words\n"),
    (["query", "wordle", "[/]", *L], None, 1, "Error: '[/]' is not a word of letters a-z\n"),
    (["query", "wordle", "STONE", *L, "--opener", "crane"], None, 0, OK),
    (["query", "wordle", "stone", "light", "stone", *L, "--json"], None, 0, OK),
    (["query", "wordle", "stone", *L, "--opener", "zzzzz"], None, 1, "Error: 'zzzzz' is not in the list of allowed guesses\n"),
    (["query", "wordle", "stone", *L, "--opener", "cat"], None, 1, "Error: 'cat' has 3 letters; this game uses 5-letter words\n"),
    (["query", "wordle", "stone", *L, "--strategy", "nope"], None, 1, f"Error: unknown Wordle strategy 'nope'; choose from {STRATEGIES}\n"),
    (["query", "wordle", "stone", *L, "--hard", "--strategy", "optimal", "--opener", "crane"], None, 0, OK),
    (["query", "wordle", "-", *L], "", 1, "Error: no word to query: give one or more words, or - to read them\n"),
    (["query", "wordle", "-", *L, "--json"], "# nothing\n\n", 1, "Error: no word to query: give one or more words, or - to read them\n"),
    (["query", "wordle", "-", *L], "stone\nzebra\n", 1, "Error: 'zebra' is not in the answer list; pass a list that has it with --answers\n"),
    (["query", "wordle", "-", *L], b"st\xffne\n", 1, "Error: 'st\ufffdne' is not a word of letters a-z (bytes that are not UTF-8 show as \ufffd)\n"),
    (["query", "wordle", "stone", *L, "--length", "3"], None, 1, "Error: {small} has no 3-letter words (its words have 5 letters)\n"),
    (["query", "wordle", "stone", *L, "--budget", "-0.5"], None, 1, f"{BUDGET} -0.5\n"),
    (["query", "wordle", "--strategy", "entropy", "--strategy", "minimax", "stone", *L], None, 1, usage("--strategy was given 2 times; give it once", "query")),
    # stats
    (["stats", "wordle", *L, "--jobs", "0"], None, 1, "Error: --jobs must be between 1 and 64, not 0\n"),
    (["stats", "wordle", *L, "--jobs", "-3"], None, 1, "Error: --jobs must be between 1 and 64, not -3\n"),
    (["stats", "wordle", *L, "--jobs", "1000000"], None, 1, "Error: --jobs must be between 1 and 64, not 1,000,000\n"),
    (["stats", "wordle", *L, "--jobs", "2.5"], None, 1, usage("Invalid value for '--jobs': Input should be a valid integer, unable to parse string as an integer", "stats")),
    (["stats", "wordle", *L, "--format", "xml"], None, 1, "Error: unknown format 'xml'; choose one of: table, json, csv\n"),
    (["stats", "wordle", *L, "--format", "json", "--format", "csv"], None, 1, usage("--format was given 2 times; give it once", "stats")),
    (["stats", "wordle", *L, "--host", "nice"], None, 1, "Error: unknown Wordle host 'nice' for stats; use evil (Absurdle)\n"),
    (["stats", "wordle", *L, "--host", "evil", "--strategy", "nope"], None, 1, f"Error: unknown Wordle strategy 'nope'; choose from {STRATEGIES}\n"),
    (["stats", "wordle", *L, "--host", "evil", "--strategy", "minimax"], None, 0, OK),
    (["stats", "wordle", *L, "--strategy", "minimax", "--format", "csv", "--jobs", "2"], None, 0, OK),
    (["stats", "wordle", *L, "--opener", "zzzzz"], None, 1, "Error: 'zzzzz' is not in the list of allowed guesses\n"),
    (["stats", "wordle", *L, "--opener", "CRANE", "--format", "csv"], None, 0, OK),
    (["stats", "wordle", *L, "--budget", "nan"], None, 1, f"{BUDGET} nan\n"),
    (["stats", "wordle", "--answers", "{tmp}/empty.txt"], None, 1, "Error: {tmp}/empty.txt is empty\n"),
    (["stats", "wordle", "--answers", "{tmp}/digits.txt"], None, 1, "Error: {tmp}/digits.txt: line 1: '12345' is not a word of letters a-z (clean the list with `wordkit prepare` first)\n"),
    (["stats", "wordle", "--answers", "{tmp}/one.txt", "--json"], None, 0, OK),
    (["stats", "wordle", "--answers", "{tmp}/bom.txt", "--format", "csv"], None, 0, OK),
    (["stats", "wordle", "--length", "1"], None, 1, "Error: --length must be between 2 and 15, not 1\n"),
    (["stats", "wordle", "--length", "16"], None, 1, "Error: --length must be between 2 and 15, not 16\n"),
    (["stats", "wordle", *L, "--records", "{tmp}/dir"], None, 1, "Error: output {tmp}/dir is a directory\n"),
    (["stats", "wordle", *L, "--records", "{tmp}/missing/r.jsonl"], None, 1, "Error: cannot write {tmp}/missing/r.jsonl: folder {tmp}/missing does not exist\n"),
    # host
    (["host", "wordle", *L, "--seed", "1", "--max-guesses", "0"], "", 1, "Error: --max-guesses must be between 1 and 100, not 0\n"),
    (["host", "wordle", *L, "--seed", "1", "--max-guesses", "-1"], "", 1, "Error: --max-guesses must be between 1 and 100, not -1\n"),
    (["host", "wordle", *L, "--seed", "1", "--max-guesses", "101"], "", 1, "Error: --max-guesses must be between 1 and 100, not 101\n"),
    (["host", "wordle", *L, "--seed", "1", "--max-guesses", str(10**22)], "", 1, f"Error: --max-guesses must be between 1 and 100, not {10**22}\n"),
    (["host", "wordle", *L, "--seed", "-1"], "", 1, f"Error: --seed must be between 0 and {MAX_SEED}, not -1\n"),
    (["host", "wordle", *L, "--seed", str(MAX_SEED + 1)], "", 1, f"Error: --seed must be between 0 and {MAX_SEED}, not {MAX_SEED + 1}\n"),
    (["host", "wordle", *L, "--seed", "x"], "", 1, usage("Invalid value for '--seed': Input should be a valid integer, unable to parse string as an integer", "host")),
    (["host", "wordle", *L, "--seed", str(MAX_SEED)], "G\n", 0, OK),
    (["host", "wordle", *L, "--seed", "1", "--mode", "nice"], "", 1, "Error: unknown Wordle host 'nice' (choose from honest, evil)\n"),
    (["host", "wordle", *L, "--seed", "1", "--mode", "honest", "--mode", "evil"], "", 1, usage("--mode was given 2 times; give it once", "host")),
    (["host", "wordle", *L, "--seed", "1", "--mode", "absurdle"], "q\n", 0, OK),
    (["host", "wordle", *L, "--seed", "1"], "[/]\n\x00\x01\n" + "a" * 10000 + "\nq\n", 0, OK),
    (["host", "wordle", *L, "--seed", "1"], b"\xff\xfe\xc3\n\xe2\x82\nq\n", 0, OK),
    (["host", "wordle", *L, "--seed", "1", "--hard"], "crane\nzzzzz\nq\n", 0, OK),
    (["host", "wordle", *L, "--seed", "1", "--trainer"], "?\nl\ng\n", 0, OK),
    (["host", "wordle", *L, "--seed", "1", "--length", "30"], "", 1, "Error: --length must be between 2 and 15, not 30\n"),
    (["host", "wordle", "--answers", "{tmp}/mixed.txt", "--seed", "1"], "", 0, "Warning: {tmp}/mixed.txt holds words of several lengths: playing its 1 5-letter word, 1 left out, as the answers and the only guesses (--length N plays another)\n"),  # its 5-letter words
]  # fmt: skip


@pytest.fixture(scope="module")
def odd_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of odd word lists (empty, comments only, mixed lengths, BOM, Latin-1...)."""
    folder = tmp_path_factory.mktemp("hostile-wordle")
    (folder / "empty.txt").write_text("")
    (folder / "comments.txt").write_text("# only a comment\n\n")
    (folder / "mixed.txt").write_text("apple\npear\n")
    (folder / "one.txt").write_text("apple\n")
    (folder / "six.txt").write_text("garden\nsilver\nplanet\n")
    (folder / "digits.txt").write_text("12345\nabcde\n")
    (folder / "bom.txt").write_bytes(b"\xef\xbb\xbfapple\ngrape\n")
    (folder / "latin1.txt").write_bytes(b"caf\xe9s\napple\n")
    (folder / "dir").mkdir()
    return folder


def test_the_sweep_is_broad() -> None:
    assert len(CASES) >= 60
    assert {args[0] for args, *_ in CASES} == {"solve", "query", "stats", "host"}


@pytest.mark.parametrize(
    ("args", "stdin", "code", "stderr"),
    CASES,
    ids=[f"{n:03d}-{' '.join(a[:2] + a[2 + len(L) * (a[2:6] == L) :])[:60]}" for n, (a, *_) in enumerate(CASES)],
)  # fmt: skip
def test_hostile_input(
    args: list[str], stdin: str | bytes | None, code: int, stderr: str, odd_files: Path
) -> None:
    def fill(text: str) -> str:
        return text.replace("{tmp}", str(odd_files)).replace("{small}", SMALL)

    result = runner.invoke(app, [fill(a) for a in args], input=stdin, prog_name="wordkit")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert (result.exit_code, result.stderr) == (code, fill(stderr))
    if code == 0:
        assert result.stdout
    elif args[:3] == ["query", "wordle", "-"] and stdin == "stone\nzebra\n":
        # a batch plays every good word and refuses each bad one
        assert result.stdout.rstrip().endswith("STONE: solved in 2 guesses (entropy)")
    else:
        assert result.stdout == ""
