"""Hosts on the full tables: Evil Hangman's figure, lookahead latency and strength, trainer."""

from __future__ import annotations

import time

import pytest

from wordkit.hangman.board import board_for
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.hosts import EvilHangman, LookaheadHangman, PoolHost
from wordkit.hangman.lexicon import Pool, lexicon_from_table, pool_for
from wordkit.hangman.play import UNLIMITED, opening, play
from wordkit.hangman.rules import Rules, apply_move, new_game
from wordkit.hangman.search import FamilySearch
from wordkit.hangman.trainer import advice_for
from wordkit.runner import GameRecord
from wordkit.tables import load_table

pytestmark = pytest.mark.full


@pytest.fixture(scope="module")
def english() -> Pool:
    """The built-in english table as a uniform pool."""
    return pool_for(lexicon_from_table(load_table("english")), prior="uniform")


def play_host(host: PoolHost, guesser: str) -> GameRecord:
    """One game of a registry guesser against `host`, unlimited lives."""
    return play(make_guesser(guesser), host, opening(host, UNLIMITED, host.pool))


@pytest.mark.parametrize("length", [3, 4, 5])
def test_greedy_needs_a_dozen_misses_against_hard(english: Pool, length: int) -> None:
    record = play_host(EvilHangman(english, length=length), "greedy")
    assert record.won and record.wrong >= 12  # the figure: 13 on a 45,000-word list


@pytest.mark.parametrize("length", [4, 7, 8])
def test_lookahead_is_no_easier_than_hard(english: Pool, length: int) -> None:
    hard = play_host(EvilHangman(english, length=length), "greedy")
    deep = play_host(LookaheadHangman(english, length=length), "greedy")
    assert deep.wrong >= hard.wrong


def test_lookahead_depth_2_answers_interactively(english: Pool) -> None:
    host = LookaheadHangman(english, length=8, search=FamilySearch(depth=2))
    state = host.start(Rules(lives=None))
    began = time.perf_counter()
    host.answer(state, "e")
    assert time.perf_counter() - began < 1.0


def test_hangman_trainer_on_english(english: Pool) -> None:
    host = EvilHangman(english, length=5)
    state = host.start(Rules(lives=None))
    advice = advice_for(board_for(english, state), "q", after=host.answer(state, "q"))
    assert advice.left is not None and 0 < advice.left < advice.remaining == 4253
    assert advice.best_expected < advice.expected


def test_hint_and_trainer_agree_on_apple(english: Pool) -> None:
    board = board_for(english, apply_move(new_game("apple"), "a", secret="apple"))
    assert board.state.mask == "a____"
    hint = make_guesser("expected-size")(board).move
    assert advice_for(board, "e").best == hint
