"""The game history through the CLI: games recorded by `host` and interactive `solve`, words
learned for the next game, `stats hangman --from-history`, the Wordle player statistics, and
a damaged, locked or misplaced history (one `Error:` line)."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import re
import sqlite3
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.game import Log
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.guessers.best import DICTIONARY_SHARE
from wordkit.hangman.hosts import HonestHangman
from wordkit.hangman.lexicon import load_pool
from wordkit.hangman.play import opening, play
from wordkit.hangman.rules import Rules, make_rules
from wordkit.hangman.session import learned_host
from wordkit.history import record_game, recorded_games, table_key
from wordkit.runner import GameRecord

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"
TINY = str(FIXTURES / "host_tiny.csv")  # cat, cot, dog
SMALL = str(FIXTURES / "wordle_small.txt")
LISTS = ["--answers", SMALL, "--guesses", SMALL]
WORDS = [w for w in Path(SMALL).read_text().splitlines() if w and not w.startswith("#")]
WORDLE_SECRET = WORDS[-1]


def wk(*args: str, input: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


# --- unusable histories ----------------------------------------------------------------------


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    db = tmp_path / "h.sqlite"
    db.write_bytes(b"not a database, just text " * 200)
    return db


@pytest.mark.parametrize(
    "command",
    [
        ["host", "hangman", "--words", TINY, "--seed", "1"],
        ["solve", "hangman", "--words", TINY, "-i"],
        ["stats", "hangman", "--words", TINY, "--from-history"],
        ["stats", "hangman", "--words", TINY, "--learn"],
        ["host", "wordle", *LISTS, "--seed", "1"],
        ["host", "wordle", *LISTS, "--seed", "1", "--boards", "2"],
        ["solve", "wordle", *LISTS, "-i"],
    ],
)
def test_a_damaged_history_is_one_error_line(command: list[str], damaged: Path) -> None:
    code, out, err = wk(*command, "--history-db", str(damaged), input="c\n")
    assert code == 1 and out == ""
    assert err == (
        f"Error: the game history {damaged} is damaged or not a wordkit history "
        "(file is not a database)\n"
    )


@pytest.mark.parametrize(
    "command",
    [
        ["host", "hangman", "--words", TINY, "--seed", "1"],
        ["solve", "hangman", "--words", TINY, "-i"],
        ["stats", "hangman", "--from-history"],
        ["host", "wordle", *LISTS, "--seed", "1"],
        ["solve", "wordle", *LISTS, "-i"],
    ],
)
def test_a_directory_as_history_is_one_error_line(command: list[str], tmp_path: Path) -> None:
    code, out, err = wk(*command, "--history-db", str(tmp_path), input="c\n")
    assert (code, out) == (1, "")
    assert err == f"Error: the game history {tmp_path} is a directory, not a database file\n"


def test_a_locked_history_is_one_error_line(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from wordkit import history

    db = tmp_path / "h.sqlite"
    history.check_history(db)
    monkeypatch.setattr(history, "BUSY_SECONDS", 0.05)
    blocker = sqlite3.connect(db)
    blocker.execute("PRAGMA journal_mode=DELETE")
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        code, _, err = wk("host", "hangman", "--words", TINY, "--history-db", str(db), input="c\n")
    finally:
        blocker.rollback()
        blocker.close()
    assert code == 1
    assert err == (
        f"Error: the game history {db} is locked by another program (database is locked); "
        "try again\n"
    )


def test_no_record_leaves_the_history_alone(tmp_path: Path, damaged: Path) -> None:
    code, out, _ = wk(
        "host", "wordle", *LISTS, "--seed", "1", "--no-record", "--history-db", str(damaged),
        input="G\n",
    )  # fmt: skip
    assert code == 0 and "statistics" not in out
    code, _, _ = wk("host", "hangman", "--words", TINY, "--seed", "1", "--no-record",
                    "--no-learn", "--history-db", str(damaged), input="G\n")  # fmt: skip
    assert code == 0


# --- Hangman: recorded games, learned words --------------------------------------------------


def test_hosted_hangman_games_are_recorded(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    one = tmp_path / "one.txt"
    one.write_text("cat\n", encoding="utf-8")
    base = ["host", "hangman", "--words", str(one), "--history-db", str(db)]
    assert wk(*base, "--seed", "1", input="c\nx\na\nt\n")[0] == 0  # won
    assert wk(*base, "--mode", "evil", "--lives", "2", input="x\nz\n")[0] == 0  # hanged
    assert wk(*base, "--seed", "2", input="e\nG\n")[0] == 0  # given up after a guess
    assert wk(*base, "--seed", "3", input="G\n")[0] == 0  # no guess: not recorded
    games = recorded_games(path=db)
    assert [(g.record.won, g.record.moves, g.record.wrong) for g in games] == [
        (True, ("c", "x", "a", "t"), 1),
        (False, ("x", "z"), 2),
        (False, ("e",), 1),
    ]
    assert {(g.source, g.table, g.known, g.record.secret) for g in games} == {
        ("host", str(one), True, "cat")
    }
    assert [g.strategy for g in games] == ["honest", "evil-hard", "honest"]
    # the rules are kept with each game, as Wordle keeps its variant
    assert [g.variant for g in games] == [
        "classic, 6 lives, finish reveal",
        "classic, 2 lives, finish reveal",
        "classic, 6 lives, finish reveal",
    ]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", g.played) for g in games)


def ai_answers(
    secret: str,
    words: str,
    rules: Rules,
    learned: Mapping[str, str | None],
    share: float = DICTIONARY_SHARE,
) -> tuple[list[str], bool]:
    """What a human thinking of `secret` types to the interactive solver (the AI's own moves,
    replayed with the same dictionary and the share of secrets in it the AI expects), and
    whether the AI wins."""
    pool = load_pool(words, extra_words=learned)
    host = HonestHangman(pool, seed=0, secret=secret)
    turns = Log()
    guesser = make_guesser("best", dictionary_share=share)
    record = play(guesser, host, opening(host, rules, pool), watch=turns)
    typed = [
        ("y" if t.after.state.status == "won" else "n")
        if len(t.decision.move) > 1
        else t.after.state.mask
        for t in turns
    ]
    return typed, record.won


def test_the_ai_learns_a_word_that_stumped_it(tmp_path: Path) -> None:
    """The CodeWords limitation ("no learning between games": stumped by the same word, it
    guesses the same way every time) is gone: the second game with DOG goes another way."""
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\n", encoding="utf-8")
    db = tmp_path / "h.sqlite"
    base = [
        "solve",
        "hangman",
        "-i",
        "--words",
        str(words),
        "--lives",
        "3",
        "--history-db",
        str(db),
    ]
    rules = make_rules(lives=3)
    first, won = ai_answers("dog", str(words), rules, {})
    assert not won  # DOG is not in the table: the AI is stumped
    code, out, _ = wk(*base, input="3\n" + "\n".join(first) + "\nbag\ndog\n")
    assert code == 0
    assert "You win: I am out of lives." in out
    assert "BAG does not fit your answers (_ _ _); type your word, or an empty line." in out
    assert out.endswith("DOG was not in my dictionary: I have learned it.\n")
    learned, host = learned_host(str(words), db)
    again, won = ai_answers("dog", str(words), rules, learned, host.share)
    assert won and again != first
    code, out, _ = wk(*base, input="3\n" + "\n".join(again) + "\n")
    assert code == 0 and out.endswith("I win!\n")
    # without --learn the AI plays the first game again, and loses it again
    code, out, _ = wk(*base, "--no-learn", input="3\n" + "\n".join(first) + "\n\n")
    assert code == 0 and "You win: I am out of lives." in out
    games = recorded_games(path=db)
    assert [(g.record.secret, g.record.won, g.known) for g in games[:2]] == [
        ("dog", False, False),
        ("dog", True, True),
    ]
    assert games[0].record.moves != games[1].record.moves
    assert games[2].record.secret == "___" and games[2].source == "solve"  # kept secret
    assert {g.table for g in games} == {table_key(str(words))}


def test_stats_learn_adds_the_learned_words_to_the_dictionary(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    record = GameRecord(secret="cod", won=False, moves=("o", "t"), wrong=1)
    record_game(record, table=table_key(TINY), known=False, strategy="best", source="solve",
                path=db)  # fmt: skip
    secrets = tmp_path / "cod.txt"
    secrets.write_text("cod\n", encoding="utf-8")
    base = ["stats", "hangman", "--words", TINY, "--secrets", str(secrets), "--lives", "2"]
    base += ["--json"]
    plain = json.loads(wk(*base)[1])
    learned = json.loads(wk(*base, "--learn", "--history-db", str(db))[1])
    # with two lives COD, not among cat, cot, dog, is lost...
    assert (plain["wins"], plain["mean_wrong"]) == (0, 2.0)
    assert (learned["wins"], learned["mean_wrong"]) == (1, 0.0)  # ...won when the AI knows it


def host_games(args: tuple[str, int]) -> int:
    db, first = args
    for seed in range(first, first + 8):
        result = CliRunner().invoke(
            app,
            ["host", "hangman", "--words", TINY, "--seed", str(seed), "--history-db", db],
            input="c\na\nt\no\nd\ng\n",
        )
        assert result.exit_code == 0, result.output
    return 8


def test_two_terminals_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    fork = multiprocessing.get_context("fork")  # the workers reuse the imported CLI
    with ProcessPoolExecutor(max_workers=2, mp_context=fork) as pool:
        assert sum(pool.map(host_games, [(str(db), 0), (str(db), 100)])) == 16
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    code, out, _ = wk("stats", "hangman", "--from-history", "--history-db", str(db), "--json")
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 16 and summary["wins"] == 16


# --- stats hangman --from-history ------------------------------------------------------------


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    """A history of four games: three on english, one on another table."""
    db = tmp_path / "h.sqlite"
    games = [
        ("english", "apple", True, "elpa", 0, "solve"),
        ("english", "kiwi", True, "eaiwkx", 3, "host"),
        ("english", "zyzzyva", False, "eaoiuyt", 6, "solve"),
        ("cities", "paris", True, "s", 0, "solve"),
    ]
    for table, secret, won, moves, wrong, source in games:
        record = GameRecord(secret=secret, won=won, moves=tuple(moves), wrong=wrong)
        strategy = "best" if source == "solve" else "honest"
        record_game(record, table=table, known=won, strategy=strategy, source=source, path=db)
    return db


def test_from_history_reports_the_recorded_games(recorded: Path) -> None:
    code, out, _ = wk("stats", "hangman", "--from-history", "--history-db", str(recorded),
                      "--words", "english", "--json")  # fmt: skip
    summary = json.loads(out)
    assert code == 0
    assert (summary["games"], summary["wins"], summary["table"]) == (3, 2, "english")
    assert summary["win_rate"] == pytest.approx(2 / 3)
    assert summary["mean_wrong"] == pytest.approx(3.0)  # (0 + 3 + 6) / 3
    assert summary["wrong_histogram"] == {"0": 1, "3": 1, "lost": 1}
    assert summary["histogram"] == {"4": 1, "6": 1, "lost": 1}
    assert summary["mean_guesses"] == 5.0 and summary["failures"] == ["zyzzyva"]
    assert summary["strategy"] == "best, you vs the honest host"
    assert summary["sources"] == {"solve": 2, "host": 1}
    code, out, _ = wk("stats", "hangman", "--from-history", "--history-db", str(recorded),
                      "--format", "csv")  # fmt: skip
    (row,) = csv.DictReader(io.StringIO(out))
    assert (row["games"], row["wins"], row["table"]) == ("4", "3", "every table")


def test_from_history_table(recorded: Path) -> None:
    code, out, _ = wk("stats", "hangman", "--from-history", "--history-db", str(recorded),
                      "--words", "english")  # fmt: skip
    assert code == 0
    lines = [line.rstrip() for line in out.splitlines()]
    rows = dict(line.split("│")[:2] for line in lines if "│" in line)
    rows = {name.strip(): value.strip() for name, value in rows.items()}
    assert (rows["games"], rows["wins"], rows["mean wrong guesses"]) == ("3", "2 (66.67%)", "3.000")
    assert rows["mean guesses (won games)"] == "5.0000"
    assert "    0 ████████████████████████████████████████ 1" in lines
    assert lines[-1] == "lost: zyzzyva"


def test_from_history_bad_uses(recorded: Path) -> None:
    code, _, err = wk("stats", "hangman", "--from-history", "--history-db", str(recorded),
                      "--host", "evil")  # fmt: skip
    assert (code, err) == (1, "Error: --from-history reports the games recorded: drop --host\n")
    code, _, err = wk("stats", "hangman", "--from-history", "--history-db", str(recorded),
                      "--words", "categories")  # fmt: skip
    assert code == 1
    assert (
        err == f"Error: no Hangman game of categories is recorded in the game history {recorded}\n"
    )


# --- Wordle: the player's statistics ---------------------------------------------------------


def wordle_secret(seed: str) -> str:
    out = wk("host", "wordle", *LISTS, "--seed", seed, "--no-record", input="G\n")[1]
    found = re.search(r"The answer was ([A-Z]+)\.", out)
    assert found
    return found.group(1).lower()


def test_wordle_statistics_after_each_game(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    base = ["host", "wordle", *LISTS, "--seed", "5", "--history-db", str(db)]
    secret = wordle_secret("5")
    code, out, _ = wk(*base, input=f"{secret}\n")  # won in 1
    assert code == 0
    first = recorded_games(game="wordle", path=db)[0]
    assert (first.table, first.variant) == (SMALL, "5 letters, honest host, 6 guesses")
    # a hand-made past: won in 3, then lost; this game is won in 1 again
    for record in (GameRecord(secret="x", won=True, moves=("a",) * 3),
                   GameRecord(secret="x", won=False, moves=("a",) * 6)):  # fmt: skip
        record_game(record, game="wordle", table=first.table, variant=first.variant,
                    strategy="honest", source="host", path=db)  # fmt: skip
    code, out, _ = wk(*base, input=f"{secret}\n")
    assert code == 0
    bar = "█" * 40
    assert out.endswith(
        f"You win in 1: {secret.upper()}.\n"
        "Your statistics (wordle_small.txt, 5 letters, honest host, 6 guesses):\n"
        "  played 4   win % 75   current streak 1   max streak 2\n"
        "Guess distribution:\n"
        f"    1 {bar} 2\n    2  0\n    3 {bar[:20]} 1\n    4  0\n    5  0\n    6  0\n"
    )


def test_hangman_statistics_after_each_game_count_this_hosts_games(tmp_path: Path) -> None:
    """`host hangman` shows the player's statistics as `host wordle` does: games against this
    host on this table and rules, the wins by their wrong guesses (0 to lives - 1)."""
    db = tmp_path / "h.sqlite"
    base = ["host", "hangman", "--words", TINY, "--lives", "3", "--history-db", str(db)]
    code, out, _ = wk(*base, "--seed", "1", input="G\n")  # no move: not recorded
    assert code == 0 and "statistics" not in out
    secret = re.search(r"The word was ([A-Z]+)\.", out)
    assert secret
    wk(*base, "--seed", "1", input=f"z\n{secret.group(1).lower()}\n")  # won, 1 wrong guess
    wk(*base, "--mode", "evil", input="z\nG\n")  # another host: counted apart
    code, out, _ = wk(*base, "--seed", "1", input="x\nG\n")  # given up after a move: lost
    bar = "█" * 40
    assert (code, out[out.index("Your statistics") :]) == (
        0,
        "Your statistics (host_tiny.csv, classic, 3 lives, finish reveal, honest host):\n"
        "  played 2   win % 50   current streak 0   max streak 1\n"
        "Wrong guesses in the games won:\n"
        f"    0  0\n    1 {bar} 1\n    2  0\n",
    )


def test_hangman_statistics_without_a_life_limit_show_no_rows_before_a_first_win(
    tmp_path: Path,
) -> None:
    db = tmp_path / "h.sqlite"
    base = ["host", "hangman", "--words", TINY, "--lives", "0", "--history-db", str(db)]
    code, out, _ = wk(*base, "--seed", "1", input="z\nG\n")
    assert (code, out[out.index("Your statistics") :]) == (
        0,
        "Your statistics (host_tiny.csv, classic, unlimited lives, finish reveal, honest host):\n"
        "  played 1   win % 0   current streak 0   max streak 0\n",
    )
    secret = re.search(r"The word was ([A-Z]+)\.", out)
    assert secret
    code, out, _ = wk(*base, "--seed", "1", input=f"z\nq\n{secret.group(1).lower()}\n")
    assert out.endswith(  # a win with two misses: rows up to the most misses a win had
        "Wrong guesses in the games won:\n    0  0\n    1  0\n    2 " + "█" * 40 + " 1\n"
    )


def test_wordle_statistics_are_kept_per_variant(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    secret = wordle_secret("5")
    base = ["host", "wordle", *LISTS, "--seed", "5", "--history-db", str(db)]
    wk(*base, input=f"{secret}\n")
    code, out, _ = wk(*base, "--hard", input="G\n")  # no guess: not recorded
    assert code == 0 and "statistics" not in out
    code, out, _ = wk(*base, "--hard", input=f"{secret}\n")
    assert "txt, 5 letters, honest host, 6 guesses, hard mode):\n  played 1   win % 100" in out
    code, out, _ = wk(*base, "--mode", "evil", input="crane\nG\n")  # Absurdle, given up
    assert "evil host, unlimited guesses):\n  played 1   win % 0   current streak 0" in out
    assert out.endswith("max streak 0\n")  # no distribution before a first win
    code, out, _ = wk(*base, "--boards", "2", input="crane\nG\n")
    assert "5 letters, honest host, 7 guesses, 2 boards):\n  played 1   win % 0" in out
    games = recorded_games(game="wordle", path=db)
    assert [g.record.won for g in games] == [True, True, False, False]
    assert games[-1].record.moves == ("crane",) and "/" in games[-1].record.secret


@pytest.mark.parametrize(
    ("command", "flag"),
    [
        (["host", "hangman", "--words", "-", "--seed", "1", "--no-record"], "--words"),
        (["solve", "hangman", "--words", "-", "-i", "--no-record"], "--words"),
        (["host", "wordle", "--answers", "-", "--guesses", SMALL, "--seed", "1"], "--answers"),
        (["solve", "wordle", "--answers", "-", "--guesses", SMALL, "-i"], "--answers"),
    ],
)
def test_a_game_that_reads_its_moves_on_stdin_reads_no_table_there(
    command: list[str], flag: str
) -> None:
    code, out, err = wk(*command, input="cat\ndog\n")
    assert (code, out) == (1, "")
    assert err == (
        f"Error: {flag} reads standard input, where this game reads its moves; give {flag} a file\n"
    )


def test_an_untold_secret_is_recorded_as_outside_when_no_word_fitted(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    # 3 letters; every guess "not in it" until the AI loses; the word is kept untold
    code, _, _ = wk("solve", "hangman", "--words", TINY, "-i", "--history-db", str(db),
                    input="3\n" + "\n" * 12)  # fmt: skip
    assert code == 0
    (game,) = recorded_games(table=table_key(TINY), path=db)
    assert game.record.secret == "___" and not game.known
    _, model = learned_host(TINY, db)
    assert model.games == 0  # untold: no evidence of where this host's secrets lie


def test_an_untold_secret_is_not_said_to_be_learned(tmp_path: Path) -> None:
    code, out, _ = wk("solve", "hangman", "--words", TINY, "-i", "--history-db",
                      str(tmp_path / "h.sqlite"), input="3\n" + "\n" * 12)  # fmt: skip
    assert code == 0 and "learned" not in out
    # the report of the history says so, rather than listing its mask `___` as a word lost
    code, out, _ = wk("stats", "hangman", "--words", TINY, "--from-history", "--history-db",
                      str(tmp_path / "h.sqlite"))  # fmt: skip
    assert code == 0 and out.endswith("lost: 1 word kept secret\n")


def test_a_history_in_a_missing_folder_is_refused_as_other_outputs(tmp_path: Path) -> None:
    """-o, --records and --tree refuse a missing folder; the history made it silently."""
    db = tmp_path / "nodir" / "h.sqlite"
    code, _, err = wk("host", "hangman", "--words", TINY, "--seed", "1", "--history-db", str(db),
                      input="c\n")  # fmt: skip
    assert code == 1
    assert err == (f"Error: cannot open the game history {db}: folder {db.parent} does not exist\n")
    assert not db.parent.exists()


def test_l_in_a_hosted_game_lists_only_words_a_host_draws(tmp_path: Path) -> None:
    """A learned word (maybe a typo) is the AI's to consider, never a host's secret: `L` in
    `host hangman` does not list it."""
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\n", encoding="utf-8")
    db = tmp_path / "h.sqlite"
    solve = ["solve", "hangman", "-i", "--words", str(words), "--lives", "3", "--history-db"]
    first, _ = ai_answers("dog", str(words), make_rules(lives=3), {})
    code, out, _ = wk(*solve, str(db), input="3\n" + "\n".join(first) + "\ndog\n")
    assert out.endswith("DOG was not in my dictionary: I have learned it.\n")
    host = ["host", "hangman", "--words", str(words), "--history-db", str(db), "--seed", "1"]
    code, out, _ = wk(*host, input="L\nQ\n")
    assert code == 0
    assert "guess> 4 words still possible: bat, cat, hat, mat\n" in out and "dog" not in out


def test_l_when_you_host_the_ai_lists_the_words_it_learned_from_you(tmp_path: Path) -> None:
    """You may pick a word the AI learned from you again: `L` in `solve -i` lists it, as the
    AI counts it (it said 4 words still possible where the AI had 5 candidates)."""
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\n", encoding="utf-8")
    db = tmp_path / "h.sqlite"
    solve = ["solve", "hangman", "-i", "--words", str(words), "--lives", "3", "--history-db"]
    first, _ = ai_answers("dog", str(words), make_rules(lives=3), {})
    wk(*solve, str(db), input="3\n" + "\n".join(first) + "\ndog\n")
    code, out, _ = wk(*solve, str(db), input="3\nL\nQ\n")
    assert code == 0
    listed = next(line for line in out.splitlines() if "still possible" in line)
    assert "5 words still possible:" in listed and "dog" in listed


def test_u_at_the_last_question_takes_the_losing_answer_back(tmp_path: Path) -> None:
    """U at 'What was your word?' was read as the word ('U does not fit your answers'): a host
    who mistyped the last miss could not take it back, and a wrong loss was recorded."""
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\n", encoding="utf-8")
    db = tmp_path / "h.sqlite"
    first, won = ai_answers("dog", str(words), make_rules(lives=3), {})
    assert not won and len(first) >= 3
    typed = "3\n" + "\n".join(first) + "\nU\n" + first[-1] + "\ndog\n"
    code, out, _ = wk("solve", "hangman", "-i", "--words", str(words), "--lives", "3",
                      "--history-db", str(db), input=typed)  # fmt: skip
    assert code == 0 and out.count("What was your word?") == 2
    assert "does not fit" not in out and "You win: I am out of lives." in out
    said = re.findall(r"My guess: .*", out)  # the move taken back is said again as at first
    assert said[-1] == said[-2] and said[-1].endswith(")")
    (game,) = recorded_games(path=db)
    assert (game.record.secret, game.record.won, game.record.wrong) == ("dog", False, 3)


def test_no_learn_does_not_claim_to_have_learned_the_word(tmp_path: Path) -> None:
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\n", encoding="utf-8")
    first, _ = ai_answers("dog", str(words), make_rules(lives=3), {})
    code, out, _ = wk("solve", "hangman", "-i", "--no-learn", "--words", str(words), "--lives",
                      "3", "--history-db", str(tmp_path / "h.sqlite"),
                      input="3\n" + "\n".join(first) + "\ndog\n")  # fmt: skip
    assert code == 0
    assert out.endswith("DOG was not in my dictionary: a game with --learn will know it.\n")


def test_keys_of_the_other_side_are_refused_by_name(tmp_path: Path) -> None:
    """U in `host hangman` was the letter U (a life lost to a key the README lists); ? and G in
    `solve` were read as a mask or feedback."""
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\n", encoding="utf-8")
    host = ["host", "hangman", "--words", str(words), "--no-record", "--seed", "1"]
    code, out, _ = wk(*host, input="U\nQ\n")
    assert code == 0 and "U takes back a host's answer in `solve`; a guess stands" in out
    assert "No U." not in out
    code, out, _ = wk("host", "wordle", "--no-record", "--seed", "1", input="u\nQ\n")
    assert code == 0 and "U takes back a host's answer in `solve`" in out
    solve = ["solve", "hangman", "-i", "--words", str(words), "--no-record"]
    code, out, _ = wk(*solve, input="3\n?\nG\nQ\n")
    assert code == 0
    assert out.count("is for when you guess (`host`); here you answer the AI's guesses") == 2


def test_u_at_the_first_question_asks_the_opening_again(tmp_path: Path) -> None:
    """A mistyped length could only be fixed by quitting ('Nothing to undo yet.'); an undone
    answer now shows the mask and lives the game is back at."""
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\nbeet\nmeet\n", encoding="utf-8")
    code, out, _ = wk("solve", "hangman", "-i", "--words", str(words), "--no-record",
                      input="4\nU\n3\n\nU\nQ\n")  # fmt: skip
    assert code == 0 and "Nothing to undo yet." not in out
    assert out.count("length or mask> ") == 2
    assert "(2 candidates" in out and "(4 candidates" in out  # BEET/MEET, then the -AT words
    assert "_ _ _   lives left: 6\n" in out  # the miss taken back
    # at the very first question there is nothing to take back (was: "Type a number ...")
    code, out, _ = wk("solve", "hangman", "-i", "--words", str(words), "--no-record",
                      input="U\nQ\n")  # fmt: skip
    assert code == 0 and "length or mask> Nothing to undo yet.\n" in out


def test_an_advanced_host_is_held_to_the_length_they_typed(tmp_path: Path) -> None:
    """The AI plays without the length, but a `y` for a word of another length (BANANA for a
    7-letter word) ended the game won, and a mask longer than the word was taken."""
    words = tmp_path / "t.txt"
    words.write_text("banana\nbandana\ncat\ncot\n", encoding="utf-8")
    base = ["solve", "hangman", "-i", "--words", str(words), "--variant", "advanced",
            "--no-record"]  # fmt: skip
    code, out, _ = wk(*base, "--finish", "word", input="7\n\ny\nQ\n")  # A: a miss; a word
    assert code == 0 and re.search(r"[A-Z]+ has \d letters, your word 7 \(as you said", out)
    assert "I win!" not in out
    code, out, _ = wk(*base, input="3\n_a____\nQ\n")
    assert "the mask has 6 places, your word 3 letters" in out
    code, out, _ = wk(*base, input="3\nzz\nQ\n")  # its example is the word's own mask
    assert re.search(r"e\.g\. [a-z]__ \(empty: not in the word\)", out), out


def test_an_advanced_host_showing_every_letter_of_their_length_is_won(tmp_path: Path) -> None:
    """The board is wider than the word: APPLE all shown on a 5-letter word played on (APPLET
    at 100%, then D), and the game was recorded lost, its secret the whole board."""
    db = tmp_path / "h.sqlite"
    args = [
        "solve",
        "hangman",
        "-i",
        "--variant",
        "advanced",
        "--no-learn",
        "--history-db",
        str(db),
    ]
    # the host's answers to E S R A C L N P P (one place of a letter a guess)
    code, out, _ = wk(*args, input="5\n____e\n\n\na___e\n\na__le\n\na_ple\napple\nn\n\napple\n")
    assert code == 0 and out.endswith("I win!\n"), out[-300:]
    assert "APPLET" not in out
    (game,) = recorded_games(path=db)
    assert (game.record.secret, game.record.won, game.record.wrong) == ("apple", True, 4)


def test_a_word_said_not_to_be_theirs_is_refused_as_such_at_the_last_question(
    tmp_path: Path,
) -> None:
    """Naming at 'What was your word?' a word they had said n to got 'BAT does not fit your
    answers (_ _ _)', though it fits every mask: the reason is their own n."""
    words = tmp_path / "at.txt"
    words.write_text("bat\ncat\nhat\nmat\n", encoding="utf-8")
    # (the advanced variant: there the AI names words from the start; classic plays B first)
    code, out, _ = wk("solve", "hangman", "-i", "--words", str(words), "--lives", "2",
                      "--finish", "word", "--variant", "advanced", "--no-record",
                      input="3\nn\nn\nbat\n\n")  # fmt: skip
    assert code == 0, out
    said = re.findall(r"My guess: ([A-Z]+) ", out)
    assert len(said) == 2 and said[0] == "BAT"
    assert "you said BAT was not your word; type your word, or an empty line." in out
    assert "does not fit" not in out


def test_the_ai_s_wordle_games_at_solve_are_recorded_as_hangman_s_are(tmp_path: Path) -> None:
    """`solve wordle -i` recorded nothing (and had no --history-db or --no-record), unlike
    `solve hangman -i`: a game solved goes into the history as the AI's (`solve`), one past
    the honest limit as a loss; Q and --no-record record nothing."""
    from wordkit.wordle.rules import feedback, pattern_str
    from wordkit.wordle.session import Session

    db = tmp_path / "h.sqlite"
    session = Session(answers=SMALL, guesses=SMALL)
    (game,) = session.query([WORDLE_SECRET])
    typed = "".join(f"{pattern_str(feedback(s.guess, WORDLE_SECRET), 5, 'letters')}\n"
                    for s in game.steps)  # fmt: skip
    code, out, _ = wk("solve", "wordle", *LISTS, "-i", "--history-db", str(db), input=typed)
    assert code == 0 and f"Solved in {len(game.steps)} guess" in out
    (kept,) = recorded_games(game="wordle", path=db)
    assert (kept.source, kept.strategy, kept.record.secret) == ("solve", "entropy", WORDLE_SECRET)
    assert kept.record.won and kept.record.moves == tuple(s.guess for s in game.steps)
    assert kept.table == session.history_name and "honest host, 6 guesses" in kept.variant
    for refused in (["--no-record"], []):  # --no-record; Q before the end
        more = typed if refused else typed.split("\n")[0] + "\nQ\n"
        code, _, _ = wk("solve", "wordle", *LISTS, "-i", "--history-db", str(db), *refused,
                        input=more)  # fmt: skip
        assert code == 0 and len(recorded_games(game="wordle", path=db)) == 1
    code, out, err = wk("stats", "wordle", "--from-history", "--history-db", str(db), "--json")
    assert code == 0 and json.loads(out)["games"] == 1
    # the human hosts with no limit: a game solved past the honest six guesses is a loss
    long = GameRecord(secret=WORDLE_SECRET, won=True, moves=(*WORDS[:6], WORDLE_SECRET))
    assert session.keep(long, source="solve", strategy="entropy", path=db)
    last = recorded_games(game="wordle", path=db)[-1].record
    assert (last.won, last.solved, last.guesses) == (False, True, 7)
    # a position's next move records nothing: the option is refused, never ignored
    code, _, err = wk("solve", "wordle", *LISTS, "--history", "crane=BBBBB", "--no-record")
    assert code == 1
    assert err == (
        "Error: --record/--no-record does not apply to one position (--history, else the first "
        "move; -i plays a game): drop it\n"
    )
    # without --history either (it was named though not given)
    code, _, err = wk("solve", "wordle", *LISTS, "--no-record")
    assert code == 1 and err.startswith("Error: --record/--no-record does not apply to one ")


def test_the_ai_s_games_on_several_boards_record_every_answer_and_stay_out_of_your_stats(
    tmp_path: Path,
) -> None:
    """`solve wordle -i --boards 2` recorded the last board's word alone (`money` for
    `light/money`); and `host wordle`'s "Your statistics" counted the AI's `solve` games."""
    from wordkit.wordle.rules import feedback, pattern_str

    db = tmp_path / "h.sqlite"
    first, second = WORDS[0], WORDS[1]
    typed = f"GGGGG/{pattern_str(feedback(first, second), 5, 'letters')}\n" + "GGGGG\n" * 6
    code, out, _ = wk("solve", "wordle", *LISTS, "-i", "--boards", "2", "--opener", first,
                      "--history-db", str(db), input=typed)  # fmt: skip
    assert code == 0, out
    (kept,) = recorded_games(game="wordle", path=db)
    moves = kept.record.moves
    assert kept.record.secret == f"{first}/{moves[-1]}" and len(moves) == 2 and kept.record.won
    code, _, _ = wk(
        "solve", "wordle", *LISTS, "-i", "--opener", first, "--history-db", str(db), input="GGGGG\n"
    )  # the AI's one-board game: the host's variant
    assert code == 0 and len(recorded_games(game="wordle", path=db)) == 2
    code, out, _ = wk("host", "wordle", *LISTS, "--seed", "1", "--history-db", str(db),
                      input=f"{first}\nG\n")  # fmt: skip
    assert code == 0 and "played 1   win % 0" in out  # your game alone, not the AI's too


def test_a_hosted_game_is_recorded_with_the_seed_that_drew_it(tmp_path: Path) -> None:
    """The history kept no seed: an honest host's word, or an evil host's length, could not be
    drawn again (`host --seed S` plays the same game); nothing drawn is recorded as none."""
    db = tmp_path / "h.sqlite"
    code, _, _ = wk("host", "wordle", *LISTS, "--seed", "5", "--history-db", str(db),
                    input=f"{wordle_secret('5')}\n")  # fmt: skip
    assert code == 0
    code, _, err = wk("host", "hangman", "--words", TINY, "--history-db", str(db), input="e\nG\n")
    drawn = int(re.search(r"seed: (\d+)", err).group(1))  # type: ignore[union-attr]
    assert code == 0
    assert recorded_games(game="wordle", path=db)[0].seed == 5
    assert recorded_games(path=db)[0].seed == drawn
    record_game(GameRecord(secret="cat", won=True, moves=("c", "a", "t"), wrong=0),
                table="t", strategy="best", source="solve", path=db)  # fmt: skip
    assert recorded_games(table="t", path=db)[0].seed is None


@pytest.mark.parametrize("game", ["hangman", "wordle"])
def test_a_history_of_several_variants_shows_their_figures_apart(tmp_path: Path, game: str) -> None:
    """`stats --from-history` summed 6-guess and unlimited games, an honest and an evil host,
    into one win rate: the figures of each variant and player are shown apart too."""
    db = tmp_path / "h.sqlite"
    wrong = {"wrong": 0} if game == "hangman" else {}  # Hangman counts them, Wordle has none
    won = GameRecord(secret="cater", won=True, moves=("cater",), **wrong)
    lost = GameRecord(secret="crate", won=False, moves=("cater", "trace"), **wrong)
    for record, variant, strategy in ((won, "six", "honest"), (won, "six", "honest"),
                                      (lost, "unlimited", "evil")):  # fmt: skip
        record_game(record, game=game, table="t", strategy=strategy, source="host",
                    known=True, variant=variant, path=db)  # fmt: skip
    code, out, _ = wk("stats", game, "--from-history", "--history-db", str(db), "--json")
    assert code == 0 and json.loads(out)["by_variant"] == [
        {"variant": "six", "player": "you vs the honest host", "games": 2, "wins": 2,
         "win_rate": 1.0},
        {"variant": "unlimited", "player": "you vs the evil host", "games": 1, "wins": 0,
         "win_rate": 0.0},
    ]  # fmt: skip
    code, out, _ = wk("stats", game, "--from-history", "--history-db", str(db))
    assert code == 0 and " variant " in out and "66.67%" in out and "100.00%" in out
    record_game(won, game=game, table="t", strategy="honest", source="host", known=True,
                variant="six", path=tmp_path / "one.sqlite")  # fmt: skip
    code, out, _ = wk("stats", game, "--from-history", "--history-db", str(tmp_path / "one.sqlite"))
    assert code == 0 and " variant " not in out  # one variant: the figures above are its own
