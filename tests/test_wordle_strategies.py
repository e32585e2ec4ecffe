"""Wordle guessers, the game loop and the stats runner on a small fixture list."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import shared_file

from wordkit.cache import cache_dir
from wordkit.errors import UnknownNameError
from wordkit.wordle import partitions
from wordkit.wordle.guessers import (
    GUESSERS,
    EntropyGuesser,
    HeuristicGuesser,
    PartitionGuesser,
    best_opener,
    make_guesser,
)
from wordkit.wordle.hosts import HonestWordle
from wordkit.wordle.lists import Wordle, load_wordle, make_wordle, read_words
from wordkit.wordle.partitions import bucket_counts, bucket_sizes, entropy, sum_squares
from wordkit.wordle.play import GUESS_LIMIT, play, run_stats
from wordkit.wordle.rules import (
    HardModeError,
    Rules,
    State,
    check_hard,
    consistent,
    feedback,
    start,
)
from wordkit.wordle.search import TreeSearch

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "wordle_small.txt"
NAMES = ["expected-size", "entropy", "minimax", "heuristic", "heuristic-original", "optimal"]


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Keep every test's disk cache in its own temporary directory."""
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))


@pytest.fixture
def game():
    return load_wordle(FIXTURE)


def position(game: Wordle, remaining, turn: int = 1, hard: bool = False) -> State:
    """A state with `remaining` answers at `turn` (earlier turns all gray: no hard-mode hint)."""
    gray = ((game.guesses[0], 0),) * (turn - 1)
    return State(game, Rules(hard=hard), gray, np.asarray(remaining))


def play_one(game: Wordle, answer: str, guesser, hard: bool = False, opener=None):  # type: ignore[no-untyped-def]
    """One game against an honest host, and its (guess, pattern) turns."""
    if isinstance(guesser, str):
        guesser = make_guesser(guesser)
    if opener is not None:
        guesser.opener = opener
    host = HonestWordle(game, secret=answer)
    record = play(guesser, host, start(game, Rules(hard=hard)), limit=GUESS_LIMIT)
    return record, [(m, feedback(m, answer)) for m in record.moves]


def test_registry_and_unknown_name() -> None:
    assert set(NAMES) <= set(GUESSERS)
    with pytest.raises(UnknownNameError, match="choose from expected-size, entropy"):
        make_guesser("clairvoyant")
    assert all(make_guesser(n).name == n for n in NAMES)


def test_partition_statistics_agree(game) -> None:
    rem = game.all_answers()
    rows = np.arange(len(game.guesses))
    counts = bucket_counts(game, rows, rem)
    sizes = bucket_sizes(game, rows, rem)
    assert (counts.sum(axis=1) == len(rem)).all()
    assert np.array_equal((counts**2).sum(axis=1), sum_squares(sizes))
    # Entropy by the textbook formula.
    p = counts / len(rem)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -np.nansum(np.where(p > 0, p * np.log2(p), 0), axis=1)
    assert np.allclose(h, entropy(sizes))
    small = rem[:5]  # the pairwise path for small sets
    assert np.array_equal(
        sum_squares(bucket_sizes(game, rows, small)),
        (bucket_counts(game, rows, small) ** 2).sum(1),
    )


def test_expected_size_matches_brute_force(game) -> None:
    rem = game.all_answers()
    choice = make_guesser("expected-size").pick(position(game, rem))
    scores = {
        g: sum(
            sum(1 for b in game.answers if feedback(g, a) == feedback(g, b)) for a in game.answers
        )
        / len(game.answers)
        for g in game.guesses
    }
    assert choice.score == pytest.approx(min(scores.values()))


@pytest.mark.parametrize("name", NAMES)
def test_every_strategy_solves_every_answer(game, name: str) -> None:
    stats, records = run_stats(game, name)
    assert stats.games == 40 and all(r.solved for r in records)
    assert stats.max_guesses <= 6 and stats.wins == 40 and not stats.failures
    assert sum(stats.histogram.values()) == 40


@pytest.mark.parametrize("name", NAMES)
def test_hard_mode_is_obeyed(game, name: str) -> None:
    for answer in game.answers:
        record, turns = play_one(game, answer, name, hard=True)
        assert record.solved
        for n in range(1, len(turns)):
            check_hard(turns[n][0], turns[:n])


def test_optimal_is_best_on_average(game) -> None:
    means = {name: run_stats(game, name)[0].mean_guesses for name in NAMES}
    assert means["optimal"] == min(means.values())


def test_play_game_record(game) -> None:
    record, turns = play_one(game, "tiger", "entropy", opener="crane")
    assert turns[0][0] == "crane" and turns[-1][0] == "tiger"
    assert record.solved and record.won and record.secret == "tiger"
    assert record.feedback[-1] == "GGGGG" and record.guesses == len(turns)
    history = turns[:-1]
    assert game.answer_index["tiger"] in consistent(game, history)


def test_opener_cached_and_overridable(game) -> None:
    strat = make_guesser("entropy")
    first = best_opener(game, strat)
    assert best_opener(game, strat) == first
    assert list(cache_dir().glob("wordle-openers-*.json"))
    assert make_guesser("entropy", opener="WATER").first_guess(game) == "water"
    with pytest.raises(Exception, match="not in the list"):
        make_guesser("entropy", opener="zzzzz").first_guess(game)


def test_player_rejects_history_leaving_no_answer(game) -> None:
    with pytest.raises(Exception, match="no answer is consistent"):
        start(game).replay([("crane", 0), ("tiger", 0), ("house", 0), ("water", 0)])


def test_heuristic_states() -> None:
    game = make_wordle(
        ["skill", "spill", "still", "swill", "heart", "earth", "hater", "kaput"],
        ["skill", "spill", "still", "swill", "heart", "earth", "hater"],
        use_disk=False,
    )
    h = HeuristicGuesser()
    anagrams = game.all_answers()[4:]  # every letter known present, none placed
    assert h.phase(game, anagrams, 2) == "find-position"
    assert h.phase(game, anagrams, 6) == "try-to-win"
    ills = game.all_answers()[:4]  # S, I, L, L placed; nothing yellow
    assert h.phase(game, ills, 2) == "explore"
    assert h.phase(game, ills[:2], 2) == "try-to-win"  # two left: just guess one
    assert HeuristicGuesser(win_below=0).phase(game, ills[:2], 2) == "explore"


def test_heuristic_explores_with_unseen_letters() -> None:
    # The heuristic's own example: after CHILL, {skill, spill, still, swill} remain; KAPUT tests
    # three unseen letters at once, which is what the explore state should find.
    game = make_wordle(
        ["skill", "spill", "still", "swill", "kaput", "chill"],
        ["skill", "spill", "still", "swill", "chill"],
        use_disk=False,
    )
    rem = consistent(game, [("chill", feedback("chill", "spill"))])
    h = HeuristicGuesser(find_position=(0.1, 0.2, 0.7))
    # All four share _?ILL; the S is placed too, so nothing is yellow: explore.
    assert h.phase(game, rem, 2) == "explore"
    choice = h.pick(position(game, rem, 2))
    assert choice.word == "kaput" and game.guesses[choice.row] == "kaput"


def test_hard_mode_error_types(game) -> None:
    with pytest.raises(HardModeError):
        check_hard("house", [("crane", feedback("crane", "crate"))])


def total_guesses(game, strategy: PartitionGuesser, opener: str, hard: bool = False) -> int:
    """Guesses summed over every answer, playing `strategy` from `opener`."""
    return sum(play_one(game, a, strategy, hard, opener)[0].guesses for a in game.answers)


def test_entropy_above_the_threshold_maximises_bits(game) -> None:
    rem, rows = game.all_answers(), np.arange(len(game.guesses))
    bits = entropy(bucket_sizes(game, rows, rem))
    for strat in (EntropyGuesser(exact_upto=0), EntropyGuesser(exact_upto=len(rem) - 1)):
        choice = strat.pick(position(game, rem))
        assert choice.label == "expected bits" and choice.score == pytest.approx(bits.max())


def test_entropy_in_blocks_of_rows_equals_all_rows_at_once(game, monkeypatch) -> None:
    # Blocks of 7 rows (the fixture has fewer guesses than a real block): the same bits,
    # bit for bit, whatever the block a row falls in, so no guess changes.
    rows = np.arange(len(game.guesses))[::-1]
    for rem in (game.all_answers(), game.all_answers()[::3], game.all_answers()[:1]):
        whole = entropy(bucket_sizes(game, rows, rem))
        monkeypatch.setattr(partitions, "CHUNK_ENTRIES", 7 * len(rem))
        assert np.array_equal(partitions.count_entropy(game, rows, rem), whole)
        assert np.array_equal(partitions.guess_entropy(game, rows[:0], rem), np.zeros(0))


@pytest.mark.parametrize("hard", [False, True])
def test_entropy_endgame_is_exact(game, hard: bool) -> None:
    # 40 answers: with the threshold above that, every guess after the opener is exact,
    # so entropy totals exactly the optimum from the same opener; from BERRY pure entropy
    # does not.
    exact = total_guesses(game, EntropyGuesser(exact_upto=40), "berry", hard)
    assert exact == TreeSearch(game, hard=hard).total_with("berry") == 107
    assert exact <= total_guesses(game, EntropyGuesser(exact_upto=5), "berry", hard)
    assert exact < total_guesses(game, EntropyGuesser(exact_upto=0), "berry", hard)
    rem = game.all_answers()[:7]
    choice = EntropyGuesser().pick(position(game, rem, 2, hard))
    assert choice.label == "total guesses"
    assert choice.score == TreeSearch(game, hard=hard).best(rem, depth=5)[0]


@pytest.mark.full
def test_entropy_endgame_on_builtin_lists() -> None:
    from wordkit import tables
    from wordkit.wordle.lists import select_lists

    # The built-in lists never dead-end: every allowed word is an answer, under a prior.
    builtin = select_lists()
    assert builtin.weighted and len(builtin.answers) == len(builtin.guesses)
    common = tables.words_of(tables.load_table("wordle"))[::8]
    stats, _ = run_stats(builtin, "entropy", opener="salet", answers=common)
    assert stats.wins == len(common)
    pure, _ = run_stats(builtin, EntropyGuesser(exact_upto=0), opener="salet", answers=common)
    assert stats.mean_guesses < pure.mean_guesses


@pytest.mark.full
def test_the_original_answers_with_only_the_builtin_lists() -> None:
    from wordkit.wordle.lists import select_lists

    secrets = read_words(shared_file("wordle", "answers.txt"))
    stats, _ = run_stats(select_lists(), "entropy", answers=secrets)
    assert stats.games == 2315 and stats.wins == 2315 and stats.mean_guesses <= 3.60


def test_parallel_stats_match_one_process(game) -> None:
    one, records = run_stats(game, "expected-size", jobs=1)
    two, forked = run_stats(game, "expected-size", jobs=2)
    assert forked == records and two.histogram == one.histogram
    assert [r.secret for r in records] == list(game.answers)


@pytest.mark.parametrize(
    ("strategy", "opener", "hard", "noted"),
    [
        ("optimal", None, False, False),
        ("optimal", None, True, True),
        ("optimal", "baker", False, False),
        ("entropy", None, False, False),
    ],
)
def test_optimal_says_when_its_opener_is_not_proven_best(
    game, strategy: str, opener: str | None, hard: bool, noted: bool
) -> None:
    """`optimal` plays the best tree after its opener; on lists of no known optimum the
    opener it took by default is not proven best, and its stats say so (of few answers it
    is searched exactly, in normal mode: proven there)."""
    summary, _ = run_stats(game, strategy, Rules(hard=hard), opener=opener)
    assert ("opener_note" in summary.extra) == noted


@pytest.mark.parametrize("name", sorted(GUESSERS))
@pytest.mark.parametrize("limit", [1, 3, 6])
def test_the_last_guess_allowed_is_the_likeliest_answer(game, name: str, limit: int) -> None:
    """Only an answer can still win on the last guess: every strategy plays the likeliest
    left (the first in the list among equals), however many are left, and past the limit."""
    remaining = np.arange(0, len(game.answers), 3)[:9]
    for turn in (limit, limit + 1):
        state = State(
            game, Rules(max_guesses=limit), ((game.guesses[0], 0),) * (turn - 1), remaining
        )
        move = make_guesser(name)(state)
        chance = game.prior[remaining]
        assert move.word == game.answers[int(remaining[int(np.argmax(chance))])]
