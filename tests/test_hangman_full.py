"""Hangman on the full reference data: the CodeWords AI's figures and the exact optimum."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import shared_file

from wordkit.hangman.board import board_for
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.lexicon import lexicon_from_table, pool_for
from wordkit.hangman.optimum import exact_optimum, length_optimum
from wordkit.hangman.play import hangman_stats
from wordkit.hangman.rules import new_game

pytestmark = pytest.mark.full


def codewords() -> pd.DataFrame:
    """CodeWords' dictionary, as loaded (skips when ../shared/data is absent)."""
    return pd.read_csv(shared_file("codewords", "words.csv"), dtype=str, keep_default_na=False)


def test_coverage_reproduces_codewords_figures() -> None:
    table = codewords()
    plain = hangman_stats(table, strategy="coverage").summary
    assert (plain.games, plain.wins) == (2274, 2203)
    assert plain.extra["mean_wrong"] == pytest.approx(1.814, abs=5e-4)
    assert len(plain.failures) == 2274 - 2203
    hinted = hangman_stats(table, strategy="coverage", hint=True).summary
    assert hinted.wins == 2268


def test_walkthrough_first_guess_is_e_in_19_of_36_animals() -> None:
    pool = pool_for(lexicon_from_table(codewords()), hint="animals")
    decision = make_guesser("coverage")(board_for(pool, new_game("tiger")))
    assert decision.move == "e" and decision.confidence == pytest.approx(19 / 36)


def test_exact_optimum_of_three_letter_words() -> None:
    words = sorted({w for w in codewords()["word"] if len(w) == 3})
    assert len(words) == 108
    assert length_optimum(words, lives=6) == 90


def test_lookahead_beats_coverage_on_codewords() -> None:
    table = codewords()
    look = hangman_stats(table, strategy="lookahead", jobs=2).summary
    assert look.wins >= 2217


def test_exact_optimum_of_three_letter_rows() -> None:
    table = codewords()
    three = table[table["word"].str.len() == 3]
    optimum = exact_optimum(three, lives=6, per_row=True)
    # 111 rows hold 108 distinct words: the best strategy wins 93 games, 90 distinct words
    assert (optimum.words, optimum.won) == (111, 93)
    look = hangman_stats(three, strategy="lookahead", prior="uniform").summary
    assert look.wins == 93
