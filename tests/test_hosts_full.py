"""Hosts on the full tables: the seed figure, lookahead latency and strength, Absurdle."""

from __future__ import annotations

import time

import pytest
from conftest import shared_file

from wordkit.games.hangman import Rules
from wordkit.games.wordle import feedback, load_wordle
from wordkit.hangman_lexicon import Pool, lexicon_from_table, pool_for
from wordkit.hosts import (
    EvilHangman,
    LookaheadHangman,
    Search,
    hangman_advice,
    hangman_guesser,
    play_hangman,
    play_wordle,
    wordle_advice,
    wordle_guesser,
    wordle_host,
)
from wordkit.tables import load_table

pytestmark = pytest.mark.full


@pytest.fixture(scope="module")
def english() -> Pool:
    """The built-in english table as a uniform pool."""
    return pool_for(lexicon_from_table(load_table("english")), prior="uniform")


@pytest.mark.parametrize("length", [3, 4, 5])
def test_greedy_needs_a_dozen_misses_against_hard(english: Pool, length: int) -> None:
    record = play_hangman(EvilHangman(english, length=length), hangman_guesser("greedy", english))
    assert record.won and record.wrong >= 12  # the figure: 13 on a 45,000-word list


@pytest.mark.parametrize("length", [4, 7, 8])
def test_lookahead_is_no_easier_than_hard(english: Pool, length: int) -> None:
    guesser = hangman_guesser("greedy", english)
    hard = play_hangman(EvilHangman(english, length=length), guesser)
    deep = play_hangman(LookaheadHangman(english, length=length), guesser)
    assert deep.wrong >= hard.wrong


def test_lookahead_depth_2_answers_interactively(english: Pool) -> None:
    host = LookaheadHangman(english, length=8, search=Search(depth=2))
    state = host.start(Rules(lives=None))
    began = time.perf_counter()
    host.answer(state, "e")
    assert time.perf_counter() - began < 1.0


def test_hangman_trainer_on_english(english: Pool) -> None:
    host = EvilHangman(english, length=5)
    state = host.start(Rules(lives=None))
    advice = hangman_advice(english, state, "q", after=host.answer(state, "q"))
    assert advice.left is not None and 0 < advice.left < advice.remaining == 4253
    assert advice.best_expected < advice.expected


def test_absurdle_on_the_original_lists() -> None:
    game = load_wordle(
        shared_file("wordle", "answers.txt"), shared_file("wordle", "allowed.txt"), use_disk=False
    )
    for name in ("expected-size", "minimax"):
        record = play_wordle(wordle_host("evil", game), wordle_guesser(game, name))
        assert record.won and 4 <= record.guesses <= 6  # 4 is the known optimum
        assert all(feedback(g, record.word) == p for g, p in record.turns)
    advice = wordle_advice(game, [], "roate")
    assert advice.remaining == 2315
    assert advice.expected == pytest.approx(60.42, abs=0.01)  # seed 003's opener
    assert advice.best == "roate"
