"""Hangman runner and statistics: batches match single games, jobs, samples, priors, progress."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from wordkit.errors import RangeError, UnknownNameError
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.hosts import HonestHangman
from wordkit.hangman.lexicon import (
    PriorFormatError,
    lexicon_from_table,
    pool_for,
    row_probabilities,
)
from wordkit.hangman.play import Memo, hangman_stats, holdout_split, opening, play
from wordkit.hangman.rules import Rules

FIXTURE = Path(__file__).parent / "fixtures" / "hangman_animals.csv"


@pytest.fixture
def table() -> pd.DataFrame:
    """The small animals fixture table."""
    return pd.read_csv(FIXTURE)


@pytest.mark.parametrize("name", ["coverage", "entropy", "lookahead"])
@pytest.mark.parametrize("variant", ["classic", "advanced"])
def test_shared_memo_equals_single_games(table: pd.DataFrame, name: str, variant: str) -> None:
    pool = pool_for(lexicon_from_table(table))
    rules = Rules(lives=4, variant=variant, width=8)  # type: ignore[arg-type]
    secrets = sorted(set(table["word"]))
    if name == "lookahead":  # the slowest guesser: every third word still shares states
        secrets = secrets[::3]
    memo: Memo = {}
    shared = make_guesser(name)
    hosts = [HonestHangman(pool, seed=2, secret=s) for s in secrets]
    batch = [play(shared, h, opening(h, rules, pool), memo=memo) for h in hosts]
    hosts = [HonestHangman(pool, seed=2, secret=s) for s in secrets]
    single = [play(make_guesser(name), h, opening(h, rules, pool)) for h in hosts]
    assert batch == single
    assert len(memo) < sum(r.guesses for r in batch)  # games in the same state shared it


def test_stats_fields_and_jobs(table: pd.DataFrame) -> None:
    seen: list[int] = []
    run = hangman_stats(table, strategy="coverage", progress=seen.append)
    one, two = run.summary, hangman_stats(table, strategy="coverage", jobs=2).summary
    assert one.games == len(table) == sum(seen) == len(run.records)
    assert (one.wins, one.extra, one.histogram) == (two.wins, two.extra, two.histogram)
    assert one.win_rate == pytest.approx(one.wins / one.games)
    assert sum(one.histogram.values()) == one.games
    assert sum(one.extra["wrong_histogram"].values()) == one.games
    assert set(one.by_length) == {3, 5}
    assert [r.secret for r in run.records] == [str(w) for w in table["word"]]


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({}, "coverage (6 lives, prior weight)"),
        ({"sample": 5, "seed": 3}, "coverage (6 lives, prior weight, 5 drawn, seed 3)"),
        ({"rules": Rules(variant="advanced", width=8), "seed": 4},
         "coverage (6 lives, advanced, width 8, prior weight, seed 4)"),  # the reveals' seed
        ({"rules": Rules(lives=None, finish="word"), "hint": True, "prior": "uniform"},
         "coverage (unlimited lives, finish word, prior uniform, hint)"),
    ],
)  # fmt: skip
def test_the_stats_table_names_the_run_as_it_can_be_run_again(
    table: pd.DataFrame, options: dict[str, object], line: str
) -> None:
    """Its strategy row: the rules, the prior, the draw and any seed the run depended on."""
    from wordkit.hangman.play import strategy_line

    assert strategy_line(hangman_stats(table, strategy="coverage", **options).summary) == line  # type: ignore[arg-type]


def test_histograms_are_in_numeric_order() -> None:
    words = pd.DataFrame({"word": ["ab", "cd", "ef", "gh", "ij", "kl", "mn", "op", "qr", "st"]})
    summary = hangman_stats(words, strategy="coverage", rules=Rules(lives=None)).summary
    keys = [k for k in summary.extra["wrong_histogram"] if k != "lost"]
    assert keys == sorted(keys, key=int) and len(keys) > 2
    assert list(summary.histogram) == sorted(summary.histogram, key=int)


def test_stats_sample_is_seeded_and_uses_the_prior(table: pd.DataFrame) -> None:
    a = hangman_stats(table, strategy="entropy", sample=50, seed=4, prior="animals=1.0").summary
    b = hangman_stats(table, strategy="entropy", sample=50, seed=4, prior="animals=1.0").summary
    assert (a.wins, a.mean_guesses, a.histogram) == (b.wins, b.mean_guesses, b.histogram)
    assert a.games == 50


def test_stats_with_hint_and_secrets_table(table: pd.DataFrame) -> None:
    hinted = hangman_stats(table, strategy="coverage", hint=True)
    assert hinted.summary.games == len(table)
    assert {r.category for r in hinted.records} == set(table["category"])
    secrets = pd.DataFrame({"word": ["zebus", "tigon"]})
    ood = hangman_stats(table, strategy="lookahead", secrets=secrets).summary
    assert ood.games == 2


def test_stats_word_finish_unlimited_lives(table: pd.DataFrame) -> None:
    rules = Rules(lives=None, variant="advanced", finish="word", width=10)
    stats = hangman_stats(table, strategy="lookahead", rules=rules).summary
    assert stats.win_rate == 1.0 and stats.mean_guesses >= 1.0
    assert stats.options["width"] == 10 and stats.options["lives"] is None


def test_unknown_strategy_and_hint(table: pd.DataFrame) -> None:
    with pytest.raises(UnknownNameError):
        hangman_stats(table, strategy="nope")
    with pytest.raises(RangeError):
        hangman_stats(table, sample=0)
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


def test_games_against_a_host_are_told_one_by_one_and_kept_when_stopped() -> None:
    """`stats hangman --host` showed nothing until every length was played, and Ctrl-C kept
    none of the games finished: each game is now heard, and an interrupt carries them."""
    from wordkit.hangman.lexicon import lexicon_from_table, pool_for
    from wordkit.hangman.play import versus_by_length

    words = ["at", "be", "cat", "dog", "bird", "fish", "horse", "zebra", "parrot"]
    pool = pool_for(lexicon_from_table(pd.DataFrame({"word": words})), prior="uniform")
    heard: list[int] = []
    played = versus_by_length(pool, host="evil", guesser="coverage", progress=heard.append)
    assert sorted(played) == [2, 3, 4, 5, 6] and heard == [1] * 5

    def stop_after_two(count: int) -> None:
        heard.append(count)
        if len(heard) == 2:
            raise KeyboardInterrupt

    heard.clear()
    with pytest.raises(KeyboardInterrupt) as stopped:
        versus_by_length(pool, host="evil", guesser="coverage", progress=stop_after_two)
    partial = stopped.value.partial  # type: ignore[attr-defined]
    assert [r.secret for r in partial] == [played[2].secret, played[3].secret]
