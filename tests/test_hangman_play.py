"""Hangman runner and statistics: batches match single games, jobs, samples, priors, progress."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from wordkit.errors import UnknownNameError
from wordkit.games.hangman import Rules
from wordkit.hangman_lexicon import (
    PriorFormatError,
    lexicon_from_table,
    pool_for,
    row_probabilities,
)
from wordkit.hangman_play import hangman_stats, holdout_split, play_batch, play_game
from wordkit.strategies.hangman import make_guesser

FIXTURE = Path(__file__).parent / "fixtures" / "hangman_animals.csv"


@pytest.fixture
def table() -> pd.DataFrame:
    """The small animals fixture table."""
    return pd.read_csv(FIXTURE)


@pytest.mark.parametrize("name", ["coverage", "entropy", "lookahead"])
@pytest.mark.parametrize("variant", ["classic", "advanced"])
def test_batch_equals_single_games(table: pd.DataFrame, name: str, variant: str) -> None:
    pool = pool_for(lexicon_from_table(table))
    rules = Rules(lives=4, variant=variant, width=8)  # type: ignore[arg-type]
    secrets = sorted(set(table["word"]))
    batch = play_batch(secrets, make_guesser(name), pool, rules=rules, seed=2)
    single = [play_game(s, make_guesser(name), pool, rules=rules, seed=2).state for s in secrets]
    assert batch == single


def test_stats_fields_and_jobs(table: pd.DataFrame) -> None:
    seen: list[int] = []
    one = hangman_stats(table, strategy="coverage", progress=seen.append)
    two = hangman_stats(table, strategy="coverage", jobs=2)
    assert one.games == len(table) == sum(seen)
    assert (one.wins, one.mean_wrong, one.histogram) == (two.wins, two.mean_wrong, two.histogram)
    assert one.win_rate == pytest.approx(one.wins / one.games)
    assert sum(one.histogram.values()) == one.games
    assert set(one.by_length) == {3, 5}


def test_stats_sample_is_seeded_and_uses_the_prior(table: pd.DataFrame) -> None:
    a = hangman_stats(table, strategy="entropy", sample=50, seed=4, prior="animals=1.0")
    b = hangman_stats(table, strategy="entropy", sample=50, seed=4, prior="animals=1.0")
    assert (a.wins, a.mean_guesses, a.histogram) == (b.wins, b.mean_guesses, b.histogram)
    assert a.games == 50


def test_stats_with_hint_and_secrets_table(table: pd.DataFrame) -> None:
    hinted = hangman_stats(table, strategy="coverage", hint=True)
    assert hinted.games == len(table)
    secrets = pd.DataFrame({"word": ["zebus", "tigon"]})
    ood = hangman_stats(table, strategy="lookahead", secrets=secrets)
    assert ood.games == 2


def test_stats_word_finish_unlimited_lives(table: pd.DataFrame) -> None:
    stats = hangman_stats(
        table, strategy="lookahead", finish="word", lives=None, variant="advanced", width=10
    )
    assert stats.win_rate == 1.0 and stats.mean_guesses >= 1.0


def test_unknown_strategy_and_hint(table: pd.DataFrame) -> None:
    with pytest.raises(UnknownNameError):
        hangman_stats(table, strategy="nope")
    with pytest.raises(UnknownNameError):
        pool_for(lexicon_from_table(table), hint="dinosaurs")


def test_category_share_prior(table: pd.DataFrame) -> None:
    lexicon = lexicon_from_table(table)
    probs = row_probabilities(lexicon, "animals=0.5")
    animals = np.array(lexicon.row_categories) == "animals"
    assert probs[animals].sum() == pytest.approx(0.5)
    assert probs.sum() == pytest.approx(1.0)
    weighted = probs[animals] / probs[animals].sum()
    weights = table["weight"].to_numpy()[animals]
    assert weighted == pytest.approx(weights / weights.sum())
    for bad in ("animals", "animals=2", "animals=x", "animals=0.7,jobs=0.6"):
        with pytest.raises(PriorFormatError):
            row_probabilities(lexicon, bad)


def test_pool_orders_words_by_first_row_and_sums_duplicates(table: pd.DataFrame) -> None:
    lexicon = lexicon_from_table(table)
    pool = pool_for(lexicon, prior="uniform")
    words = [lexicon.enc.words[i] for i in pool.ids]
    assert words[:3] == ["tiger", "timer", "otter"] and words.count("crane") == 1
    crane = lexicon.index["crane"]
    assert pool.probs[crane] == pytest.approx(2 / len(table))
    jobs = pool_for(lexicon, hint="jobs")
    assert [lexicon.enc.words[i] for i in jobs.ids] == ["crane"]


def test_holdout_split_is_seeded_and_disjoint() -> None:
    frame = pd.DataFrame(
        {"word": [f"w{'abcdefghij'[i % 10]}{'klmnopqrst'[i // 10]}" for i in range(100)]}
    )
    kept, held = holdout_split(frame, share=0.2, seed=1)
    again, _ = holdout_split(frame, share=0.2, seed=1)
    assert kept.equals(again) and not set(kept["word"]) & set(held["word"])
    assert 5 < len(held) < 40
