"""Property tests: the secret always stays a candidate; guessers never repeat a guess."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.game import Log
from wordkit.hangman.board import board_for, next_board
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.hosts import HonestHangman
from wordkit.hangman.lexicon import lexicon_from_table, pool_for
from wordkit.hangman.play import opening, play
from wordkit.hangman.rules import (
    ALPHABET,
    RepeatedGuessError,
    Rules,
    apply_move,
    candidate_ids,
    exhausted_letters,
    new_game,
)

WORDS = [
    "apple", "ankle", "angle", "agile", "abale", "ample", "tiger", "timer", "otter", "viper",
    "eagle", "horse", "mouse", "moose", "goose", "bison", "crane", "camel", "banana", "bandana",
    "cat", "bat", "hat", "mat", "rat", "arusha", "moshi", "mbeya", "tanga", "dodoma",
]  # fmt: skip
POOL = pool_for(lexicon_from_table(pd.DataFrame({"word": WORDS})), prior="uniform")
ENC = POOL.lexicon.enc

rules_st = st.builds(
    Rules,
    lives=st.one_of(st.none(), st.integers(1, 8)),
    variant=st.sampled_from(["classic", "advanced"]),
    finish=st.sampled_from(["reveal", "word"]),
    width=st.just(10),
)


@settings(max_examples=150, deadline=None)
@given(
    secret=st.sampled_from(WORDS),
    rules=rules_st,
    guesses=st.lists(st.sampled_from(list(ALPHABET) + WORDS[:5]), max_size=15),
    seed=st.integers(0, 5),
)
def test_secret_is_always_a_candidate(
    secret: str, rules: Rules, guesses: list[str], seed: int
) -> None:
    state = new_game(secret, rules)
    board = board_for(POOL, state)
    secret_id = ENC.words.index(secret)
    for move in guesses:
        if state.status != "playing":
            break
        try:
            after = apply_move(state, move, secret=secret, seed=seed)
        except RepeatedGuessError:
            assert after_is_unchanged(state)
            continue
        board = next_board(board, after)
        state = after
        assert secret_id in board.ids
        fresh = candidate_ids(ENC, POOL.ids, state)
        assert np.array_equal(np.sort(fresh), np.sort(board.ids))


def after_is_unchanged(state) -> bool:  # type: ignore[no-untyped-def]
    """A refused guess leaves the state as it was (it is immutable)."""
    return state.status == "playing"


@settings(max_examples=60, deadline=None)
@given(
    secret=st.sampled_from(WORDS),
    rules=rules_st,
    name=st.sampled_from(["coverage", "entropy", "lookahead"]),
    seed=st.integers(0, 5),
)
def test_guessers_never_repeat_and_win_in_dictionary(
    secret: str, rules: Rules, name: str, seed: int
) -> None:
    turns = Log()
    host = HonestHangman(POOL, seed=seed, secret=secret)
    record = play(make_guesser(name), host, opening(host, rules, POOL), watch=turns)
    moves = [t.decision.move for t in turns]
    assert moves == list(record.moves)
    words = [m for m in moves if len(m) > 1]
    assert len(words) == len(set(words))
    if rules.variant == "classic":
        letters = [m for m in moves if len(m) == 1]
        assert len(letters) == len(set(letters))
    for turn in turns:
        assert 0.0 <= turn.decision.confidence <= 1.0
    if rules.lives is None:
        assert record.won


def test_exhausted_letters_in_advanced() -> None:
    rules = Rules(variant="advanced", width=10)
    state = apply_move(new_game("banana", rules), "n", secret="banana")
    assert "n" not in exhausted_letters(state)
    state = apply_move(apply_move(state, "n", secret="banana"), "n", secret="banana")
    assert "n" in exhausted_letters(state) and state.wrong == 1


# A secret longer than any word of the pool draws the letter model's expected warning
@pytest.mark.filterwarnings("ignore::wordkit.errors.WordkitWarning")
@settings(max_examples=30, deadline=None)
@given(
    secret=st.one_of(st.sampled_from(WORDS), st.text(alphabet=ALPHABET, min_size=2, max_size=9)),
    rules=rules_st,
    seed=st.integers(0, 5),
)
def test_default_ai_never_repeats_nor_plays_a_known_absent_letter(
    secret: str, rules: Rules, seed: int
) -> None:
    if rules.variant == "advanced" and len(secret) > rules.width:
        return
    turns = Log()
    host = HonestHangman(POOL, seed=seed, secret=secret)
    record = play(make_guesser("best"), host, opening(host, rules, POOL), watch=turns)
    moves = list(record.moves)
    absent: set[str] = set()
    for turn in turns:
        move = turn.decision.move
        assert move not in absent
        if len(move) == 1 and move not in secret:
            absent.add(move)
        assert 0.0 <= turn.decision.confidence <= 1.0
    words = [m for m in moves if len(m) > 1]
    assert len(words) == len(set(words))
    if rules.variant == "classic":
        letters = [m for m in moves if len(m) == 1]
        assert len(letters) == len(set(letters))
    if rules.lives is None and secret in WORDS:
        assert record.won
