"""Wordle rules: feedback with repeated letters, parsing, the matrix, consistency, hard mode."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.cache import cache_dir
from wordkit.wordle.lists import make_wordle
from wordkit.wordle.matrix import compute_pattern_matrix, pattern_matrix
from wordkit.wordle.rules import (
    FeedbackFormatError,
    HardModeError,
    NoAnswerLeftError,
    Rules,
    UnknownWordError,
    WordLengthError,
    all_green,
    check_hard,
    consistent,
    feedback,
    hard_candidates,
    hard_rule,
    parse_feedback,
    parse_turn,
    pattern_str,
    start,
)


def validate_history(game, history, hard: bool = False):  # type: ignore[no-untyped-def]
    """Replay a history as the game would, checking every turn."""
    return start(game, Rules(hard=hard)).replay(history).remaining


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Keep every test's disk cache in its own temporary directory."""
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))


# ---------------------------------------------------------------------------------------
# Feedback, worked out by hand from the rules (greens first, then yellows left to right)


@pytest.mark.parametrize(
    "guess, answer, expected",
    [
        ("speed", "abide", "00101"),  # the second E finds no unmatched E left
        ("geese", "epees", "01211"),
        ("epees", "geese", "10211"),
        ("allee", "eagle", "11012"),  # second L gray: EAGLE has one L
        ("eagle", "allee", "11012"),
        ("sassy", "essay", "11202"),
        ("eerie", "crepe", "10102"),
        ("lolly", "hello", "01220"),  # greens take both Ls, so the first L is gray
        ("crane", "crane", "22222"),
        ("xxxxx", "crane", "00000"),
    ],
)
def test_feedback_known_answers(guess: str, answer: str, expected: str) -> None:
    assert pattern_str(feedback(guess, answer)) == expected


def test_pattern_is_base_3_first_letter_most_significant() -> None:
    assert feedback("speed", "abide") == int("00101", 3) == 10
    assert feedback("ab", "ba") == 4 and feedback("abc", "abc") == all_green(3) == 26


def test_feedback_any_length_and_length_mismatch() -> None:
    assert pattern_str(feedback("banana", "ananas"), 6) == "011111"  # no B in ANANAS
    assert pattern_str(feedback("aab", "bba"), 3) == "101"
    with pytest.raises(WordLengthError):
        feedback("abc", "abcd")


def test_pattern_str_styles() -> None:
    p = parse_feedback("GBBYB")
    assert pattern_str(p, 5, "letters") == "GBBYB"
    assert pattern_str(p, 5, "emoji") == "🟩⬛⬛🟨⬛"
    assert pattern_str(p) == "20010"


words = st.text(alphabet="abcd", min_size=1, max_size=6)


@given(words)
def test_answer_is_all_green_against_itself(w: str) -> None:
    assert feedback(w, w) == all_green(len(w))


@given(
    st.integers(1, 6).flatmap(lambda n: st.tuples(*[st.text("abc", min_size=n, max_size=n)] * 2))
)
def test_marks_count_letters_correctly(pair: tuple[str, str]) -> None:
    guess, answer = pair
    p = pattern_str(feedback(guess, answer), len(guess))
    for c in set(guess):
        marked = sum(1 for g, m in zip(guess, p, strict=True) if g == c and m != "0")
        assert marked == min(guess.count(c), answer.count(c))
    assert all((m == "2") == (g == a) for g, a, m in zip(guess, answer, p, strict=True))


# ---------------------------------------------------------------------------------------
# Parsing


@pytest.mark.parametrize(
    "text", ["GBBYB", "gbbyb", "GbBy b", "20010", "2BB1B", "🟩⬛⬛🟨⬛", "🟩⬜⬜🟨⬜", "🟩️⬛⬛🟨⬛"]
)
def test_parse_feedback_formats(text: str) -> None:
    assert parse_feedback(text) == int("20010", 3)


def test_parse_mixed_example() -> None:
    assert parse_feedback("2BB21") == parse_feedback("GBBGY") == int("20021", 3)


def test_parse_rejects_bad_mark_with_explanation() -> None:
    with pytest.raises(FeedbackFormatError) as e:
        parse_feedback("32123")
    assert str(e.value) == "\"32123\": '3' is not a feedback mark; use G/Y/B, 2/1/0 or 🟩🟨⬛"
    with pytest.raises(FeedbackFormatError, match="'A' is not a feedback mark"):
        parse_feedback("ABRYE")


def test_parse_rejects_wrong_length() -> None:
    with pytest.raises(WordLengthError, match="3 marks but words have 5 letters"):
        parse_feedback("GGG")
    assert parse_feedback("GGG", length=3) == 26


# ---------------------------------------------------------------------------------------
# The pattern matrix

SMALL = ["abbey", "babes", "ebbed", "keyed", "eerie", "crepe", "hello", "lolly", "speed"]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda n: st.tuples(
            st.lists(st.text("abcde", min_size=n, max_size=n), min_size=1, max_size=12),
            st.lists(st.text("abcde", min_size=n, max_size=n), min_size=1, max_size=12),
        )
    )
)
def test_matrix_equals_scalar_feedback(lists: tuple[list[str], list[str]]) -> None:
    guesses, answers = lists
    m = compute_pattern_matrix(guesses, answers)
    expected = [[feedback(g, a) for a in answers] for g in guesses]
    assert m.tolist() == expected


def test_matrix_dtype_grows_with_length() -> None:
    assert compute_pattern_matrix(["abcde"], ["edcba"]).dtype == np.uint8
    assert compute_pattern_matrix(["abcdef"], ["fedcba"]).dtype == np.uint16


def test_matrix_mixed_lengths_raise() -> None:
    with pytest.raises(WordLengthError, match="mix lengths"):
        compute_pattern_matrix(["abcde", "abc"], ["abcde"])


def test_matrix_cached_on_disk_and_in_memory(tmp_path) -> None:
    m1 = pattern_matrix(SMALL, SMALL[:4])
    files = list(cache_dir().glob("wordle-matrix-*.npy"))
    assert len(files) == 1 and not list(cache_dir().glob("*.tmp"))
    assert pattern_matrix(SMALL, SMALL[:4]) is m1
    assert np.array_equal(np.load(files[0]), m1)


# ---------------------------------------------------------------------------------------
# Consistency, validation and hard mode


@pytest.fixture
def game():
    return make_wordle(SMALL + ["abyss", "bobby"], SMALL, use_disk=False)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SMALL), st.lists(st.sampled_from(SMALL), max_size=4))
def test_answer_consistent_with_its_own_history(answer: str, guesses: list[str]) -> None:
    game = make_wordle(SMALL, SMALL, use_disk=False)
    history = [(g, feedback(g, answer)) for g in guesses]
    left = consistent(game, history)
    assert game.answer_index[answer] in left


def test_validation_errors(game) -> None:
    with pytest.raises(UnknownWordError, match="'zzzzz' is not in the list"):
        validate_history(game, [("zzzzz", 0)])
    with pytest.raises(WordLengthError, match="4 letters"):
        validate_history(game, [("abcd", 0)])
    bad = [("hello", feedback("hello", "speed")), ("speed", 0)]
    with pytest.raises(NoAnswerLeftError, match="entry 2 \\(SPEED BBBBB\\)"):
        validate_history(game, bad)


def test_hard_mode_rule() -> None:
    history = [("speed", feedback("speed", "abide"))]  # BBYBY: an E and a D revealed
    rule = hard_rule(history)
    assert rule.minimum == (("d", 1), ("e", 1))
    check_hard("ebbed", history)
    with pytest.raises(HardModeError, match="must contain D"):
        check_hard("eerie", history)
    history = [("eerie", feedback("eerie", "keyed"))]  # two Es revealed, one green
    with pytest.raises(HardModeError, match="2nd letter must be E"):
        check_hard("abbey", history)
    with pytest.raises(HardModeError, match="must contain E 2 times"):
        check_hard("keyed"[:1] + "e" + "xyz", history)
    check_hard("keyed", history)


def test_hard_candidates_match_the_rule(game) -> None:
    history = [("abbey", feedback("abbey", "ebbed"))]
    rows = hard_candidates(game, hard_rule(history))
    expected = [i for i, w in enumerate(game.guesses) if _hard_ok(w, history)]
    assert rows.tolist() == expected


def _hard_ok(word: str, history) -> bool:
    try:
        check_hard(word, history)
    except HardModeError:
        return False
    return True


def test_validate_history_hard(game) -> None:
    history = [("abbey", feedback("abbey", "ebbed")), ("hello", feedback("hello", "ebbed"))]
    validate_history(game, history)
    with pytest.raises(HardModeError, match="guess 2 \\(HELLO\\)"):
        validate_history(game, history, hard=True)


def test_state_follows_a_game(game) -> None:
    state = start(game, Rules(hard=True))
    assert state.turn == 1 and not state.solved and len(state.remaining) == len(SMALL)
    row = game.guess_index["abbey"]
    after = state.after(row, feedback("abbey", "ebbed"))
    assert after.previous is state and after.turns == (("abbey", feedback("abbey", "ebbed")),)
    assert game.answer_index["ebbed"] in after.remaining and after.turn == 2
    assert set(after.legal_rows) == set(hard_candidates(game, hard_rule(after.turns)))
    with pytest.raises(HardModeError, match="hard mode: HELLO is not allowed"):
        after.check_move("hello")
    with pytest.raises(UnknownWordError, match="you already guessed ABBEY"):
        after.check_move("abbey", new=True)
    done = parse_turn(after, "GGGGG", suggested=game.guess_index["ebbed"])
    assert done.solved and done.turns[-1][0] == "ebbed"
    typed = parse_turn(after, "ebbed=GGGGG", suggested=None)
    assert typed.solved
    with pytest.raises(WordLengthError, match="rules ask for 4-letter words"):
        start(game, Rules(length=4))


def test_matrix_of_an_alphabet_past_256_characters_equals_scalar_feedback() -> None:
    letters = [chr(0x4E00 + i) for i in range(300)]  # 300 distinct characters
    words = ["".join(letters[(7 * i + j * 61) % 300] for j in range(3)) for i in range(120)]
    words += [w[0] * 3 for w in words[:20]]  # repeated letters too
    m = compute_pattern_matrix(words, words[::-1])
    assert m.tolist() == [[feedback(g, a) for a in words[::-1]] for g in words]
