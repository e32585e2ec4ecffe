"""Wordle hosts: Absurdle's choice of bucket, the honest host, the trainer, and properties."""

from __future__ import annotations

import pytest
from conftest import shared_file
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.errors import UnknownNameError
from wordkit.wordle.guessers import make_guesser
from wordkit.wordle.hosts import HonestWordle, make_host
from wordkit.wordle.lists import load_wordle, make_wordle
from wordkit.wordle.play import GUESS_LIMIT, guesser_for, play, versus
from wordkit.wordle.rules import Rules, feedback, parse_feedback, start
from wordkit.wordle.trainer import advice

UNLIMITED = Rules(length=3, max_guesses=None)


def first_answer(game, host, guess: str) -> int:  # type: ignore[no-untyped-def]
    """The pattern `host` gives `guess` as the first move of a game on `game`."""
    state = start(game, Rules(length=game.length))
    return host.answer(state, game.check_guess(guess)).turns[-1][1]


def test_absurdle_keeps_the_largest_bucket() -> None:
    game = make_wordle([], ["abc", "abd", "abe", "xyz"], use_disk=False)
    host = make_host("evil", game)
    # {abd, abe} beats {abc}, {xyz}
    assert first_answer(game, host, "abc") == parse_feedback("220", 3)


def test_absurdle_ties_go_to_the_least_informative_feedback() -> None:
    game = make_wordle([], ["abc", "abd", "xyz"], use_disk=False)
    host = make_host("absurdle", game)
    state = host.answer(start(game, Rules(length=3)), game.check_guess("abc"))
    assert state.turns[-1][1] == parse_feedback("000", 3)
    assert host.reveal(state) == "xyz"
    game = make_wordle(["cab"], ["abx", "bax"], use_disk=False)  # BYY beats BGY
    assert first_answer(game, make_host("evil", game), "cab") == parse_feedback("011", 3)


def test_absurdle_fewer_greens_then_fewer_yellows() -> None:
    game = make_wordle(["abz"], ["abq", "bay"], use_disk=False)  # GGB (2 greens) vs YYB
    assert first_answer(game, make_host("evil", game), "abz") == parse_feedback("110", 3)
    game = make_wordle(["abz"], ["bxq", "qxw"], use_disk=False)  # BYB vs BBB
    assert first_answer(game, make_host("evil", game), "abz") == parse_feedback("000", 3)


def test_absurdle_game_against_a_strategy_names_a_consistent_answer() -> None:
    game = make_wordle([], ["abc", "abd", "abe", "xyz", "xbc"], use_disk=False)
    record, turns = versus(game, "evil", guesser_for(game, "expected-size"), UNLIMITED)
    assert record.won and turns[-1][0] == record.secret == record.moves[-1]
    assert all(feedback(g, record.secret) == p for g, p in turns)
    with pytest.raises(UnknownNameError, match="unknown Wordle host 'nice' for stats"):
        versus(game, "nice", guesser_for(game, "expected-size"), UNLIMITED)


def test_honest_wordle_answers_from_its_secret() -> None:
    game = make_wordle([], ["abc", "abd", "xyz"], use_disk=False)
    host = make_host("honest", game, secret="abd")
    state = host.answer(start(game, Rules(length=3)), game.check_guess("abc"))
    assert state.turns[-1][1] == parse_feedback("220", 3) and host.reveal(state) == "abd"
    with pytest.raises(UnknownNameError, match=r"unknown Wordle host 'devious' \(choose from"):
        make_host("devious", game)
    with pytest.raises(Exception, match="not in the list of possible answers"):
        HonestWordle(game, secret="zzz")


def test_honest_wordle_secret_follows_the_seed() -> None:
    game = make_wordle([], ["abc", "abd", "xyz", "xbc", "ybc"], use_disk=False)
    secrets = {make_host("honest", game, seed=s).reveal(start(game, UNLIMITED)) for s in range(8)}
    assert len(secrets) > 1
    assert make_host("honest", game, seed=3).secret == make_host("honest", game, seed=3).secret


def test_play_stops_at_the_limit_and_records_the_game() -> None:
    game = make_wordle([], ["abc", "abd", "abe", "xyz", "xbc"], use_disk=False)
    host = HonestWordle(game, secret="xbc")
    record = play(make_guesser("entropy", opener="abd"), host, start(game, Rules(length=3)))
    assert record.won and record.secret == "xbc" and record.moves[0] == "abd"
    assert record.feedback[0] == "BGB" and record.feedback[-1] == "GGG"
    one = play(make_guesser("entropy", opener="abd"), host, start(game, Rules(3, 1)))
    assert (one.won, one.solved, one.guesses) == (False, False, 1)
    late = play(make_guesser("entropy", opener="abd"), host, start(game, Rules(3, 1)), limit=9)
    assert late.solved and not late.won and late.guesses > 1


def test_wordle_trainer_expected_sizes() -> None:
    game = make_wordle(["xyz"], ["abc", "abd", "abe", "xbc"], use_disk=False)
    state = start(game, Rules(length=3))
    row = game.check_guess("xyz")
    after = state.after(row, parse_feedback("000", 3))
    tip = advice(state, row, after)
    assert tip.remaining == 4 and tip.left == 3
    assert tip.expected == pytest.approx((9 + 1) / 4)  # {abc, abd, abe} and {xbc}
    assert tip.best_expected == pytest.approx(1.5)  # no allowed guess splits all four
    assert tip.best in {"abc", "abd", "abe", "xbc"}
    assert advice(state, row).left is None


ANSWERS = st.lists(
    st.text(alphabet="abcd", min_size=3, max_size=3), min_size=1, max_size=12, unique=True
)


@settings(max_examples=150, deadline=None)
@given(
    answers=ANSWERS,
    extra=st.lists(st.text(alphabet="abcdef", min_size=3, max_size=3), max_size=5),
    picks=st.lists(st.integers(0, 100), max_size=8),
    name=st.sampled_from(["honest", "evil"]),
    seed=st.integers(0, 5),
)
def test_wordle_hosts_never_contradict_themselves(
    answers: list[str], extra: list[str], picks: list[int], name: str, seed: int
) -> None:
    game = make_wordle(extra, answers, use_disk=False)
    host = make_host(name, game, seed=seed)
    state = start(game, UNLIMITED)
    for pick in picks:
        state = host.answer(state, pick % len(game.guesses))
        if state.solved:
            break
    word = host.reveal(state)
    assert word in answers
    assert all(feedback(g, word) == p for g, p in state.turns)
    if name == "honest":
        assert word == getattr(host, "secret", None)


@pytest.mark.full
def test_absurdle_on_the_original_lists() -> None:
    game = load_wordle(
        shared_file("wordle", "answers.txt"), shared_file("wordle", "allowed.txt"), use_disk=False
    )
    for name in ("expected-size", "minimax"):
        record, turns = versus(game, "evil", guesser_for(game, name), Rules(max_guesses=None))
        assert record.won and 4 <= record.guesses <= 6  # 4 is the known optimum
        assert all(feedback(g, record.secret) == p for g, p in turns)
    tip = advice(start(game), game.check_guess("roate"))
    assert tip.remaining == 2315
    assert tip.expected == pytest.approx(60.42, abs=0.01)  # the Node.js Wordle AI's opener
    assert tip.best == "roate"
    assert GUESS_LIMIT == 30
