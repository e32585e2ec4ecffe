"""`wordkit.wordle.Session` from Python, and the output contract of the Wordle commands: data
on stdout, honest endings, one advisor, the game history's games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_cli_wordle import LISTS, SMALL, marks, wk  # the same fixtures

from wordkit.errors import GameStateError, OptionConflictError, OptionTypeError, RangeError
from wordkit.history import recorded_games
from wordkit.wordle import Session

# --- Session from Python -----------------------------------------------------------------------


def test_session_from_python() -> None:
    from wordkit.wordle import Session

    session = Session(answers=SMALL, guesses=SMALL, opener="crane")
    move = session.next_move("crane=BBBBB")
    assert (move.move, move.candidates, move.expected_size) == ("light", 1, 1.0)
    shown = wk("solve", "wordle", *LISTS, "--opener", "crane", "--history", "crane=BBBBB", "--json")
    assert move.as_dict() == json.loads(shown.stdout)
    assert session.next_move(["crane=BBBBB", "light=GGGGG"]).solved == "light"
    games = list(session.query(["stone", "zebra", "light"]))
    assert [type(g).__name__ for g in games] == ["Game", "Refused", "Game"]
    assert games[0].as_dict()["steps"][0]["feedback"] == marks("crane", "stone")
    assert session.limit("honest") == 6 and session.limit("evil") is None
    assert Session(boards=4).limit("honest") == 9
    assert Session(boards=2, max_guesses=12).limit("evil") == 12
    played = session.stats()
    assert played.summary.games == 40 and played.as_dict()["wins"] == 40
    assert Session(answers=SMALL, guesses=SMALL).versus().guesses >= 1


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"boards": 2, "hard": True}, GameStateError, "hard mode is for one board"),
        ({"boards": 3}, RangeError, "--boards must be one of 1, 2, 4, 8, 16, not 3"),
        ({"max_guesses": 0}, RangeError, "--max-guesses must be between 1 and 100, not 0"),
        ({"budget": -1.0}, RangeError, "--budget must be between 0.01 and 86400 seconds"),
        ({"jobs": 65}, RangeError, "--jobs must be between 1 and 64, not 65"),
        ({"strategy": "magic"}, Exception, "unknown Wordle strategy 'magic'"),
    ],
)
def test_session_checks_its_options_at_once(options: dict, error: type, message: str) -> None:
    from wordkit.wordle import Session

    with pytest.raises(error, match=re.escape(message)):
        Session(**options)


def test_stats_mode_refuses_conflicts_in_one_place() -> None:
    from wordkit.wordle.session import Session

    assert Session().stats_mode() == "games"
    assert Session(boards=2).stats_mode() == "boards"
    assert Session().stats_mode(host="evil") == "versus"
    assert Session().stats_mode(from_history=True) == "history"
    with pytest.raises(GameStateError, match="--tree cannot be used with --host"):
        Session().stats_mode(host="evil", tree="t.json")
    with pytest.raises(OptionConflictError, match="drop --host"):
        Session().stats_mode(host="evil", from_history=True)
    with pytest.raises(OptionConflictError, match="--openers ranks openers"):
        Session(opener="crane").stats_mode(openers="all")


# --- data on stdout ------------------------------------------------------------------------------


def test_records_to_stdout_leave_it_json_lines_only(tmp_path: Path) -> None:
    for extra in ([], ["--format", "json"], ["--boards", "2", "--sample", "5"]):
        result = wk("stats", "wordle", *LISTS, "--records", "-", *extra)
        assert result.exit_code == 0, result.output
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        assert len(lines) == (5 if extra[:1] == ["--boards"] else 40)
        assert all("secret" in line for line in lines)
        assert "mean" in result.stderr  # the summary went to stderr
    tree = wk("stats", "wordle", *LISTS, "--tree", "-")
    assert tree.exit_code == 0 and "mean guesses" in tree.stderr
    assert "mean guesses" not in tree.stdout and tree.stdout.count("\n") == 40


# --- the game history ----------------------------------------------------------------------------


def secret_of(seed: str) -> str:
    out = wk("host", "wordle", *LISTS, "--seed", seed, "--no-record", input="G\n").stdout
    found = re.search(r"The answer was ([A-Z]+)\.", out)
    assert found
    return found.group(1).lower()


def test_quit_records_nothing_give_up_is_a_loss(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    base = ["host", "wordle", *LISTS, "--seed", "5", "--history-db", str(db)]
    for script in ("crane\nQ\n", "crane\nq\n", "crane\n", "crane\n:q\n"):
        result = wk(*base, input=script)
        assert result.exit_code == 0, result.output
        assert re.search(r"The answer was [A-Z]{5}\.\n$", result.stdout)
        assert recorded_games(game="wordle", path=db) == []
    result = wk(*base, input="crane\nG\n")
    assert "Your statistics" in result.stdout
    (game,) = recorded_games(game="wordle", path=db)
    assert not game.record.won and game.record.moves == ("crane",)
    boards = wk(*base, "--boards", "2", input="crane\nQ\n")
    assert boards.exit_code == 0 and "The answers were " in boards.stdout
    assert len(recorded_games(game="wordle", path=db)) == 1


def test_ctrl_c_at_a_prompt_exits_130_and_records_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit.cli import terminal

    db = tmp_path / "h.sqlite"
    typed = iter(["crane\n"])

    def read_line() -> str:
        line = next(typed, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    monkeypatch.setattr(terminal, "read_line", read_line)
    result = wk("host", "wordle", *LISTS, "--seed", "5", "--history-db", str(db))
    assert result.exit_code == 130
    assert re.search(r"The answer was [A-Z]{5}\.\n$", result.stdout)
    assert recorded_games(game="wordle", path=db) == []
    typed = iter(["crane\n"])
    solve = wk("solve", "wordle", *LISTS, "-i", "--opener", "crane")
    assert solve.exit_code == 130


def test_stats_from_history(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    empty = wk("stats", "wordle", "--from-history", "--history-db", str(db))
    assert (empty.exit_code, empty.stderr) == (
        1,
        f"Error: no Wordle game is recorded in the game history {db} (no such file yet)\n",
    )
    secret = secret_of("5")
    base = ["host", "wordle", *LISTS, "--seed", "5", "--history-db", str(db)]
    wk(*base, input=f"{secret}\n")
    wk(*base, input="crane\nG\n")
    result = wk("stats", "wordle", "--from-history", "--history-db", str(db), "--format", "json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["game"], summary["games"], summary["wins"]) == ("wordle", 2, 1)
    assert summary["strategy"] == "you vs the honest host" and summary["table"] == "every table"
    assert summary["histogram"] == {"1": 1, "lost": 1}
    mine = wk("stats", "wordle", *LISTS, "--from-history", "--history-db", str(db))
    rows = dict(line.split("│")[:2] for line in mine.stdout.splitlines() if "│" in line)
    rows = {name.strip(): value.strip() for name, value in rows.items()}
    assert mine.exit_code == 0 and rows["wins"] == "1 (50.00%)" and rows["games"] == "2"
    assert rows["mean guesses (solved games)"] == "1.0000"
    csv = wk("stats", "wordle", "--from-history", "--history-db", str(db), "--format", "csv")
    assert csv.stdout.startswith("game,strategy,table,games,wins")
    other = wk("stats", "wordle", "--words", "english", "--from-history", "--history-db", str(db))
    assert other.exit_code == 1 and "no Wordle game of english is recorded" in other.stderr
    clash = wk("stats", "wordle", "--from-history", "--host", "evil", "--history-db", str(db))
    assert clash.stderr == "Error: --from-history reports the games recorded: drop --host\n"


# --- listing and advice ------------------------------------------------------------------------


def test_l_lists_the_answers_by_likelihood(tmp_path: Path) -> None:
    table = tmp_path / "weighted.tsv"
    weights = {"apple": 1, "grape": 50, "lemon": 5, "melon": 20, "peach": 2}
    table.write_text("word\tweight\n" + "".join(f"{w}\t{n}\n" for w, n in weights.items()))
    likely = sorted(weights, key=lambda w: -weights[w])
    out = wk("host", "wordle", "--words", str(table), "--seed", "1", "--no-record",
             input="L\nQ\n").stdout  # fmt: skip
    assert f"5 answers still possible: {', '.join(likely)}\n" in out
    solve = wk("solve", "wordle", "--words", str(table), "-i", "--opener", "peach",
               input="BBBBB\nL\nQ\n").stdout  # fmt: skip
    shown = [w for w in likely if w != "peach" and "p" not in w and "e" not in w]
    assert all(w in solve for w in shown)
    top = json.loads(wk("solve", "wordle", "--words", str(table), "--json").stdout)["top"]
    assert [t["word"] for t in top] == likely
    chances = [t["probability"] for t in top]  # the prior: the weights, smoothed
    assert chances == sorted(chances, reverse=True) and sum(chances) == pytest.approx(1)


def test_trainer_hint_and_review_share_one_advisor() -> None:
    secret = secret_of("5")
    out = wk("host", "wordle", *LISTS, "--seed", "5", "--trainer", "--no-record",
             input="crane\n?\nQ\n").stdout  # fmt: skip
    found = re.search(
        r"CRANE left an expected ([\d.]+); the AI would play ([A-Z]+) \(expected ([\d.]+)\)", out
    )
    assert found
    review = wk("solve", "wordle", *LISTS, "--history", f"crane={marks('crane', secret)}",
                "--review", "--json")  # fmt: skip
    (row,) = json.loads(review.stdout)["review"]
    assert f"{row['expected_left']:.1f}" == found.group(1)
    assert row["best_guess"].upper() == found.group(2)
    assert f"{row['best_expected_left']:.1f}" == found.group(3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"length": "5"}, "length= must be a whole number, not '5'"),
        ({"boards": "2"}, "boards= must be a whole number, not '2'"),
        ({"hard": "no"}, "hard= must be True or False, not 'no'"),
        ({"max_guesses": True}, "max_guesses= must be a whole number, not True"),
        ({"budget": "3"}, "budget= must be a number, not '3'"),
        ({"opener": 5}, "opener= must be a string, not 5"),
        ({"answers": 5}, "answers= must be a path, not 5"),
        ({"seed": 1.5}, "seed= must be a whole number, not 1.5"),
    ],
)
def test_an_option_of_the_wrong_type_is_refused_when_the_session_opens(
    options: dict, message: str
) -> None:
    from wordkit.errors import OptionTypeError
    from wordkit.wordle import Session

    with pytest.raises(OptionTypeError, match=re.escape(message)):
        Session(**options)


def test_a_method_argument_of_the_wrong_type_is_refused() -> None:
    """They raised AttributeError or TypeError from deep inside (a str path had no is_dir)."""
    from wordkit.errors import OptionTypeError
    from wordkit.wordle import Session

    session = Session(answers="wordle")
    calls = [
        lambda: session.from_history(5),  # type: ignore[arg-type]
        lambda: session.check_tree(None),  # type: ignore[arg-type]
        lambda: list(session.query(None)),  # type: ignore[arg-type]
        lambda: session.versus(progress=5),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(OptionTypeError, match="= must be "):
            call()


def test_the_history_is_read_from_a_str_path(tmp_path: Path) -> None:
    from wordkit.errors import GameStateError
    from wordkit.wordle import Session

    where = tmp_path / "h.sqlite"
    with pytest.raises(GameStateError, match=rf"in the game history {where} \(no such file yet\)$"):
        Session(answers="wordle").from_history(str(where))


def test_max_guesses_on_one_board_is_refused_as_on_the_command_line() -> None:
    """The API played within the limit and labelled the wins 'solved within 6'."""
    from wordkit.errors import OptionConflictError
    from wordkit.wordle import Session

    with pytest.raises(OptionConflictError, match="--max-guesses goes with --boards N"):
        Session(answers="wordle", max_guesses=1).stats()


def test_a_missing_list_is_named_when_the_session_opens(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from wordkit.errors import UnknownTableError
    from wordkit.wordle import Session

    with pytest.raises(UnknownTableError, match="nor an existing file"):
        Session(answers=str(tmp_path / "none.txt"))
    words = tmp_path / "words.txt"
    words.write_text("cigar\nrebut\nsissy\n")
    assert Session(answers=words, guesses=words).next_move().move  # a Path works as a str


def test_list_and_cluster_options_are_checked_when_the_session_opens() -> None:
    """They failed only on first use (the cluster's form on the first stats run)."""
    from wordkit.errors import ClusterError, GameStateError, RangeError
    from wordkit.wordle import Session

    with pytest.raises(RangeError, match="--length must be between 2 and 15, not 1"):
        Session(length=1)
    with pytest.raises(GameStateError, match="give --words TABLE or --answers FILE, not both"):
        Session(words="english", answers="wordle")
    with pytest.raises(ClusterError, match="bad --cluster address 'bogus'"):
        Session(cluster="bogus")
    assert Session(cluster="127.0.0.1:1").cluster == "127.0.0.1:1"  # reached only on use
    with pytest.raises(GameStateError, match="not both"):  # before the missing file is named
        Session(words="english", answers="no-such-file.txt")
    from wordkit.errors import OptionConflictError

    with pytest.raises(OptionConflictError, match="own guesser: drop --budget$"):
        Session(boards=2, budget=5)  # the N-board guesser has none: it was ignored


def test_numpy_numbers_are_numbers() -> None:
    import numpy as np

    from wordkit.wordle import Session

    session = Session(seed=np.int64(3), max_guesses=np.int64(6), hard=np.bool_(True))
    assert (type(session.max_guesses), type(session.hard)) == (int, bool)
    assert json.dumps(next(session.query(["cigar"])).as_dict())  # plain values, JSON-ready


def test_a_string_given_to_query_is_one_game_and_a_bad_value_a_typed_error() -> None:
    from wordkit.errors import OptionTypeError
    from wordkit.game import Refused
    from wordkit.wordle import Session

    session = Session(answers=SMALL, guesses=SMALL)
    word = session.game.answers[0]
    assert [g.record.secret for g in session.query(word)] == [word]  # not one per letter
    played = list(session.query([word, None]))  # type: ignore[list-item]
    assert isinstance(played[1], Refused) and isinstance(played[1].error, OptionTypeError)
    for history in (None, [("crane", "BBBBB")], 5):
        with pytest.raises(OptionTypeError, match="history= must be a string or a list"):
            session.next_move(history)  # type: ignore[arg-type]
        with pytest.raises(OptionTypeError, match="history= must be a string or a list"):
            session.review(history)  # type: ignore[arg-type]


def test_a_solved_board_takes_only_the_feedback_its_answer_gives() -> None:
    """A board solved as CIGAR: REBUT's true feedback there (YBBBB) or `-` is accepted, all
    green refused (it was the other way round)."""
    boards = Session(boards=2)
    history = "crane=GYYBB/BYBBY,cigar=GGGGG/BBBBY"
    assert boards.next_move(f"{history},rebut=YBBBB/GGGGG").solved == ["cigar", "rebut"]
    assert boards.next_move(f"{history},rebut=-/GGGGG").solved == ["cigar", "rebut"]
    with pytest.raises(
        GameStateError, match=r"board 1 is solved \(CIGAR, where REBUT gets YBBBB\)"
    ):
        boards.next_move(f"{history},rebut=GGGGG/GGGGG")


def test_a_game_past_its_guesses_is_over() -> None:
    with pytest.raises(
        GameStateError, match=r"^the game is already over \(lost\): 6 guesses played, 6 allowed$"
    ):
        Session().next_move(["crane=BBBBB"] * 6)
    assert Session().next_move(["crane=BBBBB"] * 5).move  # the last guess is still asked for


def test_n_boards_need_n_answers_in_every_mode(tmp_path: Path) -> None:
    tiny = tmp_path / "tiny.txt"
    tiny.write_text("abc\nabd\nabe\n")
    session = Session(answers=str(tiny), guesses=str(tiny), boards=4)
    for call in (lambda: session.start("ai"), lambda: session.next_move()):
        with pytest.raises(
            GameStateError, match="4 boards need 4 different answers; the list has 3"
        ):
            call()


def test_optimal_searches_its_opener_on_few_answers(tmp_path: Path) -> None:
    """On lists of few answers `optimal` opens with the best opener found by an exact search
    over every allowed guess (it opened with SALET even against one answer), and its stats
    then say nothing of an unproven opener; past its node budget it plays the usual one."""
    from wordkit.wordle.play import OPENER_NOT_PROVEN
    from wordkit.wordle.search import TreeSearch

    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_text("apple\n")
    two.write_text("apple\nankle\n")
    assert Session(answers=str(one), strategy="optimal").next_move().move == "apple"
    assert Session(answers=str(two), strategy="optimal").next_move().move in {"apple", "ankle"}
    session = Session(answers=SMALL, guesses=SMALL, strategy="optimal")
    opener = session.next_move().move
    game = session.game
    search = TreeSearch(game)
    assert search.total_with(opener) == search.best(game.all_answers())[0]
    played = session.stats()
    assert "opener_note" not in played.summary.extra
    hard = Session(answers=SMALL, guesses=SMALL, strategy="optimal", hard=True).stats()
    assert hard.summary.extra["opener_note"] == OPENER_NOT_PROVEN  # searched in normal mode


def test_optimal_opener_search_gives_way_past_its_nodes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit.wordle.guessers import optimal

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))  # not the opener found before
    monkeypatch.setattr(optimal, "EXACT_OPENER_NODES", 1)
    session = Session(answers=SMALL, guesses=SMALL, strategy="optimal")
    assert optimal.exact_opener(session.game, 6) is None


def test_the_history_names_a_variant_in_plain_english() -> None:
    assert Session(max_guesses=1).variant("honest") == "5 letters, honest host, 1 guess"
    assert Session(hard=True).variant("honest") == "5 letters, honest host, 6 guesses, hard mode"
    assert Session(boards=2).variant("honest") == "5 letters, honest host, 7 guesses, 2 boards"
    assert Session().variant("evil") == "5 letters, evil host, unlimited guesses"


def test_stats_takes_the_run_options_as_hangmans_does() -> None:
    """`stats(sample=200)`, as the README shows for Hangman, raised TypeError in Wordle."""
    from wordkit.errors import OptionTypeError, RangeError
    from wordkit.wordle import Session

    session = Session(answers=SMALL, guesses=SMALL, seed=4)
    drawn = session.stats(sample=5, jobs=1)
    assert drawn.summary.games == 5 and drawn.summary.options["seed"] == 4
    assert session.sample is None and session.stats().summary.games == 40  # the session's own
    with pytest.raises(RangeError, match="--sample must be between 1"):
        session.stats(sample=0)
    with pytest.raises(OptionTypeError, match="jobs= must be a whole number"):
        session.stats(jobs="2")  # type: ignore[arg-type]


def test_a_sweep_takes_a_cutoff_as_a_number_and_refuses_no_openers() -> None:
    """sweep(None) said '--cutoff ranks openers: give --openers too', with no cutoff given;
    a cutoff of 7921 (an int) had to be written '7921'."""
    from wordkit.errors import OptionTypeError
    from wordkit.wordle import Session

    session = Session(answers=SMALL, guesses=SMALL, strategy="optimal")
    with pytest.raises(OptionTypeError, match="^openers= must be a string, not None$"):
        session.sweep(None)  # type: ignore[arg-type]
    as_int, as_text = session.sweep("apple,baker", 90), session.sweep("apple,baker", "90")
    assert as_int.as_dict()["results"] == [
        {**r, "seconds": a["seconds"]}
        for r, a in zip(as_text.as_dict()["results"], as_int.as_dict()["results"], strict=True)
    ]


def test_an_empty_word_is_refused_by_name() -> None:
    """It said 'one word a game, not 0: '."""
    from wordkit.game import Refused
    from wordkit.wordle import Session

    (refused,) = Session(answers="wordle").query([""])
    assert isinstance(refused, Refused) and str(refused.error) == (
        "an empty word: give an answer to play"
    )


def test_a_hosted_game_takes_its_own_seed() -> None:
    """Without it one session hosted the same game every time; a bad one is a RangeError."""
    from wordkit.errors import OptionTypeError, RangeError
    from wordkit.hangman import Session as Hangman
    from wordkit.wordle import Session

    wordle, hangman = Session(answers="wordle", seed=1), Hangman(words="categories", seed=1)
    for session in (wordle, hangman):
        secrets = [session.hosted("honest", seed=s).host.secret for s in range(4)]
        assert len(set(secrets)) > 1
        assert session.hosted("honest").host.secret == session.hosted("honest", seed=1).host.secret
        with pytest.raises(RangeError, match="--seed must be between 0 and"):
            session.hosted("honest", seed=-1)
        with pytest.raises(OptionTypeError, match="seed= must be a whole number"):
            session.hosted("honest", seed="3")  # type: ignore[arg-type]


def test_a_sweep_takes_a_records_path_and_numpy_totals(tmp_path: Path) -> None:
    import numpy as np

    from wordkit.errors import OptionTypeError
    from wordkit.wordle import Session

    session = Session(answers=SMALL, guesses=SMALL, strategy="optimal")
    kept = tmp_path / "r.jsonl"
    assert session.sweep("apple", np.int64(1000), records=kept).as_dict()["best"] == "apple"
    assert kept.read_text().count("\n") == 2  # the header and SALET
    with pytest.raises(OptionTypeError, match="cutoff= must be a whole number, 'none' or None"):
        session.sweep("apple", 1000.0)  # type: ignore[arg-type]


def test_boards_refuse_secrets_through_the_api_too() -> None:
    from wordkit.errors import OptionConflictError
    from wordkit.wordle import Session

    with pytest.raises(OptionConflictError, match="--boards plays honest games"):
        Session(answers="wordle", boards=2).stats(secrets=SMALL)


def test_secrets_are_one_game_a_row_and_jobs_with_a_cluster_is_refused(tmp_path: Path) -> None:
    """A word twice in --secrets was played once, in silence (Hangman plays each row); local
    workers and a cluster at once were taken by the API (the command line refuses them)."""
    from wordkit.errors import OptionConflictError
    from wordkit.wordle import Session

    secrets = tmp_path / "dup.txt"
    secrets.write_text("sissy\ncigar\nrebut\ncigar\n")
    played = Session(answers="wordle", secrets=str(secrets)).stats()
    assert played.summary.games == 4  # in row order, a repeat at its own row
    assert [r.secret for r in played.records] == ["sissy", "cigar", "rebut", "cigar"]
    drawn = Session(answers="wordle", secrets=str(secrets), sample=3, seed=1).stats()
    assert sorted(r.secret for r in drawn.records) == ["cigar", "rebut", "sissy"]  # different
    with pytest.raises(OptionConflictError, match="--cluster a Dask cluster's workers: give one"):
        Session(jobs=2, cluster="local:2")
    with pytest.raises(OptionConflictError, match="give one"):
        Session(answers="wordle").stats(sample=5, jobs=2, cluster="local:2")


def test_the_two_sessions_take_the_same_defaults() -> None:
    """Wordle's verdict() needed `named`, Hangman's versus() a host: each has the other's
    default now."""
    import inspect

    from wordkit.hangman import Session as HangmanSession
    from wordkit.hangman.session import Walkthrough
    from wordkit.wordle import Session
    from wordkit.wordle.session import Game

    (game,) = Session(answers="wordle").query(["cigar"])
    assert isinstance(game, Game) and game.verdict().startswith("solved in ")
    assert inspect.signature(Walkthrough.verdict).parameters["named"].default is False
    versus = inspect.signature(HangmanSession.versus).parameters["host"].default
    assert versus == inspect.signature(Session.versus).parameters["host"].default == "evil"


def test_a_python_guesser_may_name_its_guess_alone() -> None:
    """`Decision("crane")` has no row: the loop played the list's last word (ZYMIC) every turn."""
    from wordkit.game import Decision
    from wordkit.wordle.rules import HardModeError, UnknownWordError

    def first_left(state) -> Decision:
        boards = getattr(state, "boards", (state,))
        board = next(b for b in boards if not b.solved)
        return Decision(board.game.answers[int(board.remaining[0])])

    one = Session(answers="wordle").hosted(seed=1)
    seen: list[tuple[str, int]] = []
    record = one.play(
        lambda s: Decision("crane") if s.turn == 1 else first_left(s),
        watch=lambda before, move, after: seen.append((move.move, move.row)),
    )
    assert record.moves[0] == "crane" and record.solved and record.moves[-1] == one.host.secret
    game = Session(answers="wordle").game
    assert seen and all(game.guesses[row] == word for word, row in seen)  # a watcher's row too
    two = Session(answers="wordle", boards=2).hosted(seed=1)
    assert two.play(lambda s: Decision("crane") if s.turn == 1 else first_left(s)).solved
    with pytest.raises(UnknownWordError, match="'zzzzz' is not in the list of allowed guesses"):
        Session(answers="wordle").hosted(seed=1).play(lambda s: Decision("zzzzz"))
    hard = Session(answers="wordle", hard=True).hosted(seed=1)
    with pytest.raises(HardModeError, match="hard mode: FUZZY is not allowed"):
        hard.play(lambda s: Decision("crane" if s.turn == 1 else "fuzzy"))


def test_misused_methods_raise_typed_errors_in_both_games() -> None:
    """Each raised TypeError or AttributeError from deep inside, or was taken in silence."""
    from wordkit.errors import OptionTypeError
    from wordkit.hangman import Session as Hangman

    hangman, wordle = Hangman(words="categories"), Session(answers="wordle")
    misuses = {
        "progress= must be a function, not 5": [
            lambda: hangman.stats(sample=3, progress=5),
            lambda: wordle.stats(sample=3, progress=5),
        ],
        "guesser= must be a function, not None": [
            lambda: hangman.hosted(seed=1).play(None),
            lambda: wordle.hosted(seed=1).play(None),
        ],
        "host= must be a host (with answer and reveal methods), not None": [
            lambda: hangman.play_ai(None),
            lambda: wordle.play_ai(None),
        ],
        "given= must be a collection of strings": [lambda: hangman.hosted(given=5)],
        "history= must be a string or a list of strings": [
            lambda: wordle.position(5),
            lambda: wordle.next_move({"crane=BBYGB", "sling=BBBBB"}),  # a set has no order
        ],
        "game= must be a Wordle": [lambda: Session(game="x")],
        "every_table= must be True or False, not 'x'": [
            lambda: hangman.from_history(every_table="x")
        ],
        "mode= must be a string, not 3": [lambda: wordle.hosted(3), lambda: hangman.hosted(3)],
    }
    for message, calls in misuses.items():
        for call in calls:
            with pytest.raises(OptionTypeError, match=re.escape(message)):
                call()  # type: ignore[no-untyped-call]
    seeded = Hangman(words="categories", seed=1)
    assert seeded.stats(sample=3, jobs=None).summary.games == 3  # None: one process


def test_both_games_read_a_history_and_advise_with_the_same_calls(tmp_path: Path) -> None:
    """`from_history(path, every_table=)` and the `advisor` property, in both games (Hangman's
    took no path and its advisor was a method; Wordle's took no every_table)."""
    from wordkit.hangman import Session as Hangman

    where = tmp_path / "none.sqlite"
    for session in (Hangman(words="categories"), Session(answers="wordle")):
        # None: the session's own table or lists (both name them here)
        for every_table, of in ((False, " of "), (True, " is recorded"), (None, " of ")):
            with pytest.raises(GameStateError, match=re.escape(f"{where} (no such file yet)")):
                session.from_history(str(where), every_table=every_table)
            with pytest.raises(GameStateError, match=of):
                session.from_history(where, every_table=every_table)
        assert callable(session.advisor) and session.advisor is session.advisor


def test_the_built_in_lists_are_not_the_original_answers_in_the_history() -> None:
    """Both were named `wordle`: the history and stats counted one's games as the other's."""
    builtin, original = Session(), Session(answers="wordle")
    assert builtin.name == builtin.history_name == "built-in"
    assert original.history_name == "wordle" != builtin.history_name
    assert Session(length=6).history_name == "english (6 letters)"


def test_likeliest_gives_what_l_lists_as_data_as_hangman_s_does() -> None:
    """Both Sessions give the words still possible as (the likeliest, how many), per board."""
    from wordkit.hangman import Session as HangmanSession
    from wordkit.hangman.rules import observed_state

    session = Session(answers=SMALL, guesses=SMALL)
    state = session.position(["crane=BBBBB"])
    words, left = session.likeliest(state)
    assert left == len(state.remaining) and set(words) == {
        session.game.answers[int(i)] for i in state.remaining
    }
    assert session.likeliest(state, at_most=1) == (words[:1], left)
    two = Session(answers=SMALL, guesses=SMALL, boards=2).position()
    assert two.boards[1] is not None and session.likeliest(two, board=1)[1] == len(
        session.game.answers
    )
    with pytest.raises(OptionTypeError, match="board= must be a board of the position, 0-1"):
        session.likeliest(two, board=2)
    hangman = HangmanSession(words="categories")
    found = hangman.likeliest(observed_state("_____", rules=hangman.rules))
    assert type(found) is type((words, left)) and isinstance(found[1], int)
