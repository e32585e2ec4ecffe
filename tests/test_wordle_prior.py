"""Lists that never dead-end: the frequency prior, the weighted partitions, the weighted
endgame and the guessers under a prior (small lists; the built-in lists in the full tier)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.errors import GameStateError
from wordkit.wordle import partitions
from wordkit.wordle.guessers import EntropyGuesser, make_guesser
from wordkit.wordle.guessers.weighted import WeightedSearch
from wordkit.wordle.lists import (
    check_secrets,
    frequency_prior,
    make_wordle,
    select_lists,
    weighted_wordle,
)
from wordkit.wordle.play import run_stats
from wordkit.wordle.rules import Rules, parse_feedback, start

SMALL = Path(__file__).parent / "fixtures" / "wordle_small.txt"
WORDS = [w for w in SMALL.read_text().splitlines() if w and not w.startswith("#")]


def test_frequency_prior_is_a_logistic_curve_over_rank() -> None:
    # Ranks 0, 1.5, 1.5, 3 (equal weights share their mean rank), centre 1, width 1.
    prior = frequency_prior([3.0, 2.0, 2.0, 1.0], center=1, width=1)
    expected = [1 / (1 + math.exp(r - 1)) for r in (0, 1.5, 1.5, 3)]
    assert prior == pytest.approx(expected)
    assert np.all(frequency_prior([5.0] * 7) == frequency_prior([5.0] * 7)[0])  # uniform
    # Far down the list the prior is tiny but never zero: no word is impossible.
    tail = frequency_prior(np.arange(20000, 0, -1, dtype=float))
    assert tail[0] > 0.98 and 0 < tail[-1] < 1e-9


def test_weighted_partition_known_answer() -> None:
    # Prior 1/2, 1/4, 1/4. ABC: win 1/2, GGB 1/4, BBB 1/4. XYZ: BBB 3/4, win 1/4.
    game = make_wordle([], ["abc", "abd", "xyz"], use_disk=False, weights=[2.0, 1.0, 1.0])
    rows = np.array([game.guess_index["abc"], game.guess_index["xyz"]])
    rem = game.all_answers()
    assert partitions.expected_mass(game, rows, rem) == pytest.approx([0.375, 0.625])
    assert partitions.weighted_entropy(game, rows, rem) == pytest.approx(
        [1.5, -(0.75 * math.log2(0.75) + 0.25 * math.log2(0.25))]
    )
    assert partitions.heaviest(game, rows, rem) == pytest.approx([0.5, 0.75])
    assert make_guesser("entropy", opener="xyz")(start(game)).word == "xyz"
    after = start(game).after(int(rows[1]), parse_feedback("BBB", 3))
    assert make_guesser("entropy")(after).word in ("abc", "abd")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=25, unique=True))
def test_a_uniform_prior_gives_the_unweighted_statistics(answers: list[str]) -> None:
    plain = make_wordle(WORDS, answers, use_disk=False)
    alike = make_wordle(WORDS, answers, use_disk=False, weights=[3.0] * len(answers))
    rows, rem = np.arange(len(WORDS)), plain.all_answers()
    sizes = partitions.bucket_sizes(plain, rows, rem)
    assert partitions.weighted_entropy(alike, rows, rem) == pytest.approx(partitions.entropy(sizes))
    assert partitions.expected_mass(alike, rows, rem) * len(rem) == pytest.approx(
        partitions.expected_size(plain, rows, rem)
    )


def brute_expected(game, subset: list[int], depth: int) -> float:  # type: ignore[no-untyped-def]
    """Least expected guesses (mass × guesses) over every guess, by brute force."""
    p = game.prior
    if len(subset) == 1:
        return float(p[subset[0]])
    if depth == 0:
        return math.inf
    best = math.inf
    for row in range(len(game.guesses)):
        buckets: dict[int, list[int]] = {}
        for a in subset:
            buckets.setdefault(int(game.matrix[row, a]), []).append(a)
        if len(buckets) == 1 and game.win not in buckets:
            continue
        total = float(p[subset].sum())
        for pat, b in buckets.items():
            if pat != game.win:
                total += brute_expected(game, b, depth - 1)
        best = min(best, total)
    return best


def test_weighted_endgame_matches_brute_force() -> None:
    answers = ["baker", "bakes", "cakes", "fakes", "lakes", "makes", "taker"]
    guesses = [*answers, "flimt", "clamp"]
    weights = [5.0, 1.0, 3.0, 0.5, 2.0, 4.0, 1.0]
    game = make_wordle(guesses, answers, use_disk=False, weights=weights)
    search = WeightedSearch(game, extra=len(guesses), beam=len(guesses))
    rem = game.all_answers()
    cost, row = search.best(rem, np.arange(len(game.guesses)), 6)
    assert cost * sum(weights) == pytest.approx(brute_expected(game, list(rem), 6))
    assert row in range(len(guesses))


@pytest.mark.parametrize("limit", [2, 5])
def test_the_weighted_search_keeps_its_memo_bounded_and_its_values(limit: int) -> None:
    """A stats run under a prior keeps one search for every game: past `memo_limit` positions
    the oldest half is forgotten, which costs time, never a value or a move."""
    answers = ["baker", "bakes", "cakes", "fakes", "lakes", "makes", "taker"]
    guesses = [*answers, "flimt", "clamp"]
    weights = [5.0, 1.0, 3.0, 0.5, 2.0, 4.0, 1.0]
    game = make_wordle(guesses, answers, use_disk=False, weights=weights)
    rows, rem = np.arange(len(game.guesses)), game.all_answers()
    whole = WeightedSearch(game, extra=len(guesses), beam=len(guesses))
    small = WeightedSearch(game, extra=len(guesses), beam=len(guesses), memo_limit=limit)
    for depth in (6, 3, 2, 6):
        assert small.best(rem, rows, depth) == whole.best(rem, rows, depth)
        assert len(small.memo) <= limit < len(whole.memo)


def test_the_endgame_plays_the_likelier_of_two() -> None:
    for weights, likelier in (([1.0, 9.0], "makes"), ([9.0, 1.0], "cakes")):
        game = make_wordle(["doily"], ["cakes", "makes"], use_disk=False, weights=weights)
        opened = start(game).after(game.guess_index["doily"], parse_feedback("BBBBB"))
        assert EntropyGuesser()(opened).word == likelier


def test_weighted_lists_never_dead_end() -> None:
    # Every word of the table is an answer; its weights order the prior.
    game = weighted_wordle(WORDS, np.arange(len(WORDS), 0, -1, dtype=float))
    assert game.weighted and set(game.answers) == set(game.guesses) == set(WORDS)
    assert game.prior[0] > game.prior[-1] > 0
    assert game.key != make_wordle(WORDS, WORDS, use_disk=False).key
    stats, _ = run_stats(game, "entropy", Rules(), answers=WORDS[:5])
    assert stats.games == 5 and stats.wins == 5


def test_select_lists_words_table_and_bad_input(tmp_path: Path) -> None:
    game = select_lists(words=str(SMALL))
    assert game.weighted and len(game.answers) == len(WORDS)
    with pytest.raises(
        GameStateError, match=r"has no 3-letter words \(its words have 5 letters\)$"
    ):
        select_lists(words=str(SMALL), length=3)
    with pytest.raises(GameStateError, match=r"^give --words TABLE or --answers FILE, not both$"):
        select_lists(answers=str(SMALL), words=str(SMALL))
    uniform = select_lists(answers=str(SMALL), guesses=str(SMALL))
    assert not uniform.weighted and np.all(uniform.prior == 1)


def test_check_secrets_names_a_secret_that_is_not_allowed() -> None:
    game = select_lists(words=str(SMALL))
    assert check_secrets(game, ["Apple", "baker"], "mine.txt") == ["apple", "baker"]
    with pytest.raises(GameStateError) as err:
        check_secrets(game, ["apple", "zebra"], "mine.txt")
    assert str(err.value) == (
        "--secrets mine.txt: 'zebra' is not an allowed word of these lists, "
        "so it cannot be the answer"
    )
    with pytest.raises(GameStateError, match=r"^mine.txt has no words to play$"):
        check_secrets(game, [], "mine.txt")


@pytest.mark.parametrize("strategy", ["expected-size", "minimax", "heuristic", "optimal"])
def test_every_strategy_plays_under_a_prior(strategy: str) -> None:
    game = weighted_wordle(WORDS, np.linspace(2.0, 1.0, len(WORDS)))
    stats, _ = run_stats(game, strategy, Rules(hard=strategy == "minimax"))
    assert stats.games == len(WORDS) and stats.wins == len(WORDS)


@pytest.mark.full
def test_croak_is_found_with_the_builtin_lists() -> None:
    from wordkit.wordle.session import Session

    move = Session(strategy="entropy").next_move("raise=YYBBB,tronc=BGGBY")
    assert move.move == "croak" and move.answers == (("croak",),)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=25, unique=True),
    st.lists(st.floats(0.01, 100.0), min_size=25, max_size=25),
    st.integers(1, 60),
)
def test_chunked_bucket_counts_add_each_answer_in_order(
    answers: list[str], weights: list[float], cells: int
) -> None:
    """Any chunking gives the totals of adding each answer's weight in turn, to the last bit
    (the entropy guesser's ties depend on it), and the entropy of those totals."""
    game = make_wordle(WORDS, answers, use_disk=False, weights=weights[: len(answers)])
    rows, rem = np.arange(len(WORDS)), game.all_answers()
    prior = partitions.remaining_prior(game, rem)
    truth = np.zeros((len(rows), game.win + 1))
    for r in rows:
        for a in rem:
            truth[r, game.matrix[r, a]] += prior[a]
    logs = np.log2(np.where(truth > 0, truth, 1.0))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(partitions, "CHUNK_ENTRIES", cells)
        patch.setattr(partitions, "CHUNK_BUCKETS", cells * 8)
        assert np.array_equal(partitions.pattern_masses(game, rows, rem), truth)
        sizes = partitions.bucket_counts(game, rows, rem)
        assert np.array_equal(sizes, (truth > 0) * sizes)
        assert sizes.sum(axis=1).tolist() == [len(rem)] * len(rows)
        bits = partitions.weighted_entropy(game, rows, rem)
    assert bits == pytest.approx(-(truth * logs).sum(axis=1), abs=1e-12)
