"""The Hangman `Session`, the package's public face: the same answers from Python as from the
command line, the game's policy in one place, and honest endings for games with a human."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.errors import GameStateError, RangeError, UnknownNameError
from wordkit.game import Refused
from wordkit.hangman import Session
from wordkit.hangman.lexicon import PriorFormatError
from wordkit.history import recorded_games

FIXTURES = Path(__file__).parent / "fixtures"
WORDS = str(FIXTURES / "cli_hangman.csv")
runner = CliRunner()


def test_next_move_from_python_equals_the_command_line() -> None:
    session = Session(words=WORDS, strategy="coverage")
    found = session.next_move("a__le", guessed="aeli")
    cli = runner.invoke(
        app,
        ["solve", "hangman", "--words", WORDS, "--strategy", "coverage", "--mask", "a__le"]
        + ["--guessed", "aeli", "--json"],
    )
    assert cli.exit_code == 0, cli.output
    assert json.loads(cli.stdout) == found.as_dict()
    assert list(found.as_dict())[:4] == ["game", "move", "candidates", "top"]
    assert found.top[0]["word"] == "apple"  # the heaviest candidate first


def test_every_option_is_checked_when_the_session_opens() -> None:
    with pytest.raises(UnknownNameError):
        Session(strategy="magic")
    with pytest.raises(RangeError):
        Session(lives=-5)
    with pytest.raises(UnknownNameError):
        Session(variant="odd")
    with pytest.raises(RangeError):
        Session(seed=-1)
    with pytest.raises(GameStateError, match="--category was given 2 times"):
        Session(category=["a", "b"])


def test_query_plays_every_good_word_and_names_each_bad_one() -> None:
    done = list(Session(words=WORDS, strategy="coverage").query(["apple", "x1", "ankle"]))
    assert [type(d).__name__ for d in done] == ["Walkthrough", "Refused", "Walkthrough"]
    bad = done[1]
    assert isinstance(bad, Refused) and str(bad.error) == "'x1' is not a word of 1-63 letters a-z"
    line = done[0].as_dict()  # type: ignore[union-attr]
    assert list(line)[:5] == ["game", "secret", "won", "guesses", "strategy"]
    assert set(line["steps"][0]) >= {"turn", "guess", "feedback", "candidates"}


def test_stats_policy_lives_in_the_session() -> None:
    session = Session(words=WORDS, strategy="coverage")
    every = session.stats()
    assert every.summary.options["prior"] == "uniform"  # every row once: a uniform draw
    assert session.drawn_seed is None  # nothing random: no seed drawn
    sampled = session.stats(sample=20)
    assert sampled.summary.options["prior"] == "weight"  # drawn by the weights
    assert sampled.summary.options["seed"] == session.drawn_seed is not None


def history_of(db: Path) -> int:
    return len(recorded_games(path=db)) if db.exists() else 0


@pytest.mark.parametrize(("keys", "recorded"), [("a\nQ\n", 0), ("a\nG\n", 1), ("a\n", 0)])
def test_only_giving_up_or_losing_is_recorded(tmp_path: Path, keys: str, recorded: int) -> None:
    db = tmp_path / "h.sqlite"
    args = ["host", "hangman", "--words", str(FIXTURES / "host_tiny.csv"), "--seed", "1"]
    result = runner.invoke(app, [*args, "--history-db", str(db)], input=keys)
    assert result.exit_code == 0, result.output
    assert "The word was" in result.stdout
    assert history_of(db) == recorded


def test_l_lists_the_likeliest_words_first(tmp_path: Path) -> None:
    args = [
        "solve",
        "hangman",
        "-i",
        "--words",
        WORDS,
        "--strategy",
        "coverage",
        "--no-record",
        "--no-learn",
    ]
    result = runner.invoke(app, args, input="5\nL\nQ\n")
    assert result.exit_code == 0, result.output
    assert "8 words still possible: apple, tiger, angle, ankle, zebra, agile, abale, otter" in (
        result.stdout
    )


def test_records_to_stdout_are_the_only_output(tmp_path: Path) -> None:
    args = ["stats", "hangman", "--words", WORDS, "--strategy", "coverage", "--records", "-"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 13 and "mean wrong guesses" in result.stderr


def test_the_progress_of_stats_counts_the_book_build_first(tmp_path: Path) -> None:
    """A user's own table: the bar's total holds the book's build, and it reaches it."""
    table = tmp_path / "own.csv"
    table.write_text("word\n" + "\n".join(["cat", "cot", "cut", "dog", "dig", "bee", "bat"]) + "\n")
    told: list[int] = []
    session = Session(words=str(table), lives=3)
    todo = session.games_to_play()
    assert todo == 2 * 7  # the book plays each word once, then the run does
    session.stats(progress=told.append)
    assert sum(told) == todo
    assert Session(words=str(table), lives=3).games_to_play() == 7  # the book is cached now
    # a word twice in the table is two games of the run, one of the book's build
    table.write_text("word\n" + "\n".join(["cat", "cot", "cut", "dog", "cat"]) + "\n")
    told.clear()
    session = Session(words=str(table), lives=3)
    todo = session.games_to_play()
    assert todo == 4 + 5
    session.stats(progress=told.append)
    assert sum(told) == todo


def test_a_stats_run_plays_the_moves_it_would_show_without_their_confidence() -> None:
    """A stats run turns the default AI's confidence off unless asked (nothing shows it; it was
    most of the run's time): the games are the same moves as with it on."""
    import math

    from wordkit.hangman.play import hangman_stats

    session = Session(words="categories", strategy="best")
    table = session.table.iloc[::50]
    runs = [
        hangman_stats(table, strategy="best", strategy_options=options, prior="uniform")
        for options in ({"confidence": True}, {})  # on, as asked; off, as a run sets it
    ]
    shown, quiet = ([(r.secret, r.moves, r.won) for r in run.records] for run in runs)
    assert shown == quiet and len(shown) == len(table)
    board_guesser = session.guesser
    assert board_guesser.confidence  # type: ignore[attr-defined]  # what solve and query show
    assert math.isnan(
        type(board_guesser)(confidence=False)
        .decision(  # type: ignore[call-arg]
            session_board(session), "e", "searched"
        )
        .confidence
    )


def session_board(session: Session):  # type: ignore[no-untyped-def]
    """The empty board of a 5-letter word in the session's pool."""
    from wordkit.hangman.board import board_for
    from wordkit.hangman.rules import observed_state

    return board_for(session.pool(), observed_state("_____", rules=session.rules))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"words": None}, "words= must be a path, not None"),
        ({"seed": "x"}, "seed= must be a whole number, not 'x'"),
        ({"seed": True}, "seed= must be a whole number, not True"),
        ({"learn": "yes"}, "learn= must be True or False, not 'yes'"),
        ({"lives": 2.5}, "lives= must be a whole number or 'unlimited', not 2.5"),
        ({"history": 5}, "history= must be a path, not 5"),
    ],
)
def test_an_option_of_the_wrong_type_is_refused_when_the_session_opens(
    options: dict, message: str
) -> None:
    from wordkit.errors import OptionTypeError
    from wordkit.hangman import Session

    with pytest.raises(OptionTypeError, match=re.escape(message)):
        Session(**options)


def test_paths_may_be_paths_and_an_unknown_table_is_named_at_once(tmp_path: Path) -> None:
    from wordkit.errors import UnknownTableError
    from wordkit.hangman import Session

    with pytest.raises(UnknownTableError, match="'no-such-table' is neither a built-in table"):
        Session(words="no-such-table")
    with pytest.MonkeyPatch.context() as patch:  # a data folder set wrong is named
        patch.setenv("WORDKIT_DATA", str(tmp_path / "none"))
        with pytest.raises(UnknownTableError) as caught:
            Session(words="categories")
    assert str(caught.value) == (
        f"'categories' is neither a built-in table (none in WORDKIT_DATA={tmp_path / 'none'}) "
        "nor an existing file"
    )
    table = tmp_path / "t.csv"
    table.write_text("word\ncat\ncot\ndog\n")
    session = Session(words=table, learn=True, history=str(tmp_path / "h.sqlite"))
    assert session.next_move("___").move


def test_a_won_position_is_told_solved_as_in_wordle() -> None:
    """A mask showing the whole word: no move, the word as `solved` (both games alike)."""
    found = Session(words=WORDS).next_move("apple")
    assert (found.move, found.solved, found.lines()) == (None, "apple", ["Solved: APPLE"])
    shape = found.as_dict()
    assert shape["move"] is None and shape["solved"] == "apple" and shape["kind"] is None
    cli = runner.invoke(app, ["solve", "hangman", "--words", WORDS, "--mask", "apple", "--json"])
    assert cli.exit_code == 0 and json.loads(cli.stdout) == shape
    with pytest.raises(GameStateError, match="already over \\(lost\\)"):
        Session(words=WORDS).next_move("a__le", guessed="aelpnkgib", refuted="abale")


def test_a_string_given_to_query_is_one_word_and_a_bad_value_a_typed_error() -> None:
    from wordkit.errors import OptionTypeError
    from wordkit.game import Refused

    session = Session(words=WORDS, strategy="coverage")
    assert [g.secret for g in session.query("apple")] == ["apple"]  # not five letters
    played = list(session.query(["apple", None]))  # type: ignore[list-item]
    assert isinstance(played[1], Refused) and isinstance(played[1].error, OptionTypeError)
    calls = [
        lambda: session.next_move(None),  # type: ignore[arg-type]
        lambda: session.next_move("_____", guessed=None),  # type: ignore[arg-type]
        lambda: session.walkthrough(None),  # type: ignore[arg-type]
        lambda: session.stats(sample=True),
        lambda: session.stats(jobs="2"),  # type: ignore[arg-type]
        lambda: session.hosted("honest", length="3"),  # type: ignore[arg-type]
        lambda: session.versus("lookahead", depth="2"),  # type: ignore[arg-type]
        lambda: session.versus("evil", progress=5),  # type: ignore[arg-type]
        lambda: list(session.query(None)),  # type: ignore[arg-type]
        lambda: list(session.query(5)),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(OptionTypeError, match="= must be "):
            call()


def test_a_blank_category_is_no_category_to_choose(tmp_path: Path) -> None:
    table = tmp_path / "c.csv"
    table.write_text("word,category\napple,fruit\nmango,\nzebra,animal\n")
    with pytest.raises(UnknownNameError, match=r"category 'nope' \(categories: animal, fruit\)$"):
        Session(words=str(table), category="nope").pool()
    with pytest.raises(UnknownNameError, match=r"^a category hint needs a name"):
        Session(words=str(table), category="").pool()
    blank = tmp_path / "b.csv"
    blank.write_text("word,category\napple,\nmango,\n")
    with pytest.raises(UnknownNameError, match="`category` column is blank"):
        Session(words=str(blank), category="x").pool()


def test_a_category_is_named_in_any_letter_case_and_without_its_accents(tmp_path: Path) -> None:
    """`--category Animals` on `categories` (spelled `animals`), or `fetes` for `fêtes`, was
    an unknown category; the table's spelling is what the session plays and says."""
    table = tmp_path / "c.csv"
    table.write_text("word,category\ngateau,Fêtes\nzebra,animal\nyak,Animal\nlion,ANIMAL\n")
    session = Session(words=str(table), category="FETES")
    assert len(session.pool().ids) == 1 and session.category == "Fêtes"
    assert len(Session(words=str(table), category="animal").pool().ids) == 1  # exact
    with pytest.raises(UnknownNameError) as caught:
        Session(words=str(table), category="aNiMaL").pool()
    assert str(caught.value) == (
        "--category aNiMaL could be any of ANIMAL, Animal, animal: give it as the table spells it"
    )
    assert Session(words="categories", category="Body-Parts").pool().hint == "body-parts"
    symbols = tmp_path / "s.csv"  # names Unidecode spells as nothing name no category but theirs
    symbols.write_text("word,category\napple,🍎\npear,🍎\nzebra,animal\n")
    for hint in ("★", "🍏", " "):
        with pytest.raises(UnknownNameError):
            Session(words=str(symbols), category=hint).pool()
    assert len(Session(words=str(symbols), category="🍎").pool().ids) == 2
    # a prior's shares name categories as --category does
    assert Session(words="categories", prior="Animals=0.5").pool().prior == "Animals=0.5"
    with pytest.raises(PriorFormatError, match="names a category twice"):
        Session(words="categories", prior="Animals=0.5,animals=0.2").pool()
    runner = CliRunner()
    result = runner.invoke(app, ["stats", "hangman", "--words", "categories", "--category",
                                 "ANIMALS", "--sample", "3", "--seed", "1", "--json"])  # fmt: skip
    assert json.loads(result.stdout)["table"] == "categories, category animals"


@pytest.mark.parametrize("strategy", ["minimax", "expected-size"])
def test_a_letter_from_plain_frequency_has_the_tables_share_as_its_confidence(
    tmp_path: Path, strategy: str
) -> None:
    """No word fits: E (the frequency order's first) is in 1 of the table's 4 three-letter
    words, so it hits at 25% as far as the table tells, not 0%."""
    table = tmp_path / "t.txt"
    table.write_text("bat\ncat\ndog\neel\nhello\n")
    move = Session(words=str(table), strategy=strategy).next_move("_z_", guessed="z")
    assert (move.decision.move, move.decision.confidence) == ("e", 0.25)
    assert move.decision.label == "letter frequency"


def test_category_shares_with_a_category_hint_are_refused() -> None:
    """They were ignored in silence: the hint keeps one category's words."""
    from wordkit.errors import OptionConflictError

    with pytest.raises(OptionConflictError) as caught:
        Session(words="categories", category="animals", prior="food-and-drink=1")
    assert str(caught.value) == (
        "--prior food-and-drink=1 splits the words between categories, and --category animals "
        "keeps one: drop one"
    )
    assert Session(words="categories", category="animals", prior="uniform").category == "animals"


def test_stats_refuses_local_workers_and_a_cluster_at_once() -> None:
    from wordkit.errors import OptionConflictError

    with pytest.raises(OptionConflictError, match="--cluster a Dask cluster's workers: give one"):
        Session(words="categories").stats(sample=5, jobs=2, cluster="local:2")


def test_advanced_repeats_the_game_refuses_cost_no_life() -> None:
    """`--guessed bb` in the advanced variant counted two misses (the game refuses the second:
    `'b' was already guessed`), so two lives were a lost game."""
    from wordkit.hangman.session import repeats_kept

    assert repeats_kept(list("bb"), "_____") == ["b"]
    assert repeats_kept(list("aaab"), "_a___") == ["a", "a", "b"]  # a hit, its miss, then b
    assert repeats_kept(list("aaa"), "_aa__") == ["a", "a", "a"]
    lost = Session(words="categories", variant="advanced", lives=1)
    with pytest.raises(GameStateError, match="already over"):  # é shows e: the third e missed
        lost.next_move("é_é", guessed="eeee")
    session = Session(words="categories", variant="advanced", lives=2)
    assert session.next_move("_____", guessed="bb").move is not None
    assert session.next_move("_a___", guessed="aaa").move is not None
    with pytest.raises(GameStateError, match="already over"):
        Session(words="categories", variant="advanced", lives=1).next_move("_a___", guessed="aaa")


def test_a_session_makes_one_pool_a_prior() -> None:
    """Each walkthrough made its own pool, and with it its own letter model (60 MB a word)."""
    from wordkit.hangman.guessers import model

    session = Session(words="categories")
    assert session.pool() is session.pool() is session.pool("weight")
    assert session.pool("uniform") is session.pool("uniform") is not session.pool()
    list(session.query(["lion", "tiger"]))
    kept = set(model._MODELS)
    list(session.query(["horse", "zebra", "camel"]))
    assert set(model._MODELS) == kept


def test_a_small_sample_plays_live_without_building_the_book(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`stats --sample 2 --lives 3` built `english`'s whole book first (minutes, in silence
    off a terminal); a run of as many games as the table has rows still builds it."""
    from wordkit.hangman.guessers.best import BestGuesser

    built: list[int] = []
    monkeypatch.setattr(BestGuesser, "prepare", lambda self, pool, *a, **k: built.append(1))
    table = tmp_path / "t.txt"
    table.write_text("cat\ncot\ncut\ndog\ndig\nbee\nbat\napple\n", encoding="utf-8")
    session = Session(words=str(table), lives=3, seed=1)
    from wordkit.hangman import play

    made: list[dict[str, object]] = []
    real = play.make_guesser
    monkeypatch.setattr(play, "make_guesser", lambda name, **o: made.append(o) or real(name, **o))
    assert session.stats(sample=2).summary.games == 2 and built == []
    assert made[-1].get("use_book") is False  # no book, whatever a cache holds: live
    session.stats(sample=8)
    assert built == [1] and "use_book" not in made[-1]
    session.stats()
    assert built == [1, 1]
    shipped = Session(words="categories", seed=1)  # 6 lives: its book ships, a sample reads it
    shipped.stats(sample=2)
    assert "use_book" not in made[-1]


def test_a_searched_move_depends_on_the_position_alone() -> None:
    """Off the book a node budget cuts the live search short, and a memo hit costs no node:
    what the process had searched before changed moves (`query had had` played two games,
    `next_move('___')` said H after a query of HAD and A fresh, `stats --jobs 2` other moves
    than `--jobs 1`)."""
    session = Session(words="categories", lives=3)
    opening = session.next_move("_______").decision.move
    first, again = session.query(["parking", "parking"])
    assert first.record.moves == again.record.moves  # were AEINRGKP, then ARINGKP
    assert session.next_move("_______").decision.move == opening


def test_likeliest_gives_the_words_l_lists_as_data() -> None:
    """The words still possible are data for Python users (the command line words them)."""
    from wordkit.hangman.rules import observed_state

    session = Session(words=WORDS)
    state = observed_state("_____", rules=session.rules)
    words, total = session.likeliest(state)
    assert total == 8 and words[:3] == ["apple", "tiger", "angle"]
    assert session.likeliest(state, at_most=2) == (["apple", "tiger"], 8)
