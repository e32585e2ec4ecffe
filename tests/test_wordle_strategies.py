"""Wordle strategies, the player and the game runner on a small fixture list."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordkit.errors import UnknownNameError
from wordkit.games.wordle import (
    HardModeError,
    check_hard,
    consistent,
    feedback,
    load_wordle,
    make_wordle,
)
from wordkit.strategies.wordle import (
    STRATEGIES,
    Entropy,
    Heuristic,
    Player,
    best_opener,
    bucket_sizes,
    entropy_bits,
    get_strategy,
    partition_counts,
    play,
    play_game,
    run_stats,
    sum_squares,
)
from wordkit.wordle_optimal import Solver

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "wordle_small.txt"
NAMES = ["expected-size", "entropy", "minimax", "heuristic", "heuristic-seed", "optimal"]


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Keep every test's disk cache in its own temporary directory."""
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))


@pytest.fixture
def game():
    return load_wordle(FIXTURE)


def test_registry_and_unknown_name() -> None:
    assert set(NAMES) <= set(STRATEGIES)
    with pytest.raises(UnknownNameError, match="choose from expected-size, entropy"):
        get_strategy("clairvoyant")


def test_partition_statistics_agree(game) -> None:
    rem = game.all_answers()
    rows = np.arange(len(game.guesses))
    counts = partition_counts(game, rows, rem)
    sizes = bucket_sizes(game, rows, rem)
    assert (counts.sum(axis=1) == len(rem)).all()
    assert np.array_equal((counts**2).sum(axis=1), sum_squares(sizes))
    # Entropy by the textbook formula.
    p = counts / len(rem)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -np.nansum(np.where(p > 0, p * np.log2(p), 0), axis=1)
    assert np.allclose(h, entropy_bits(sizes))
    small = rem[:5]  # the pairwise path for small sets
    assert np.array_equal(
        sum_squares(bucket_sizes(game, rows, small)),
        (partition_counts(game, rows, small) ** 2).sum(1),
    )


def test_expected_size_matches_brute_force(game) -> None:
    rem = game.all_answers()
    strat = get_strategy("expected-size")
    choice = strat.choose(game, rem, np.arange(len(game.guesses)), 1)
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
    stats = run_stats(game, name)
    assert stats["games"] == 40 and not stats["unsolved"]
    assert stats["max_guesses"] <= 6 and stats["solved_within_6"] == 40
    assert sum(stats["histogram"].values()) == 40


@pytest.mark.parametrize("name", NAMES)
def test_hard_mode_is_obeyed(game, name: str) -> None:
    for answer in game.answers:
        record = play_game(game, answer, name, hard=True)
        assert record.solved
        for n in range(1, len(record.turns)):
            check_hard(record.turns[n][0], record.turns[:n])


def test_optimal_is_best_on_average(game) -> None:
    means = {name: run_stats(game, name)["mean_guesses"] for name in NAMES}
    assert means["optimal"] == min(means.values())


def test_play_game_record(game) -> None:
    record = play_game(game, "tiger", "entropy", opener="crane")
    assert record.turns[0][0] == "crane" and record.turns[-1][0] == "tiger"
    assert record.solved and record.solved_within_6
    history = record.turns[:-1]
    assert game.answer_index["tiger"] in consistent(game, history)


def test_opener_cached_and_overridable(game) -> None:
    strat = get_strategy("entropy")
    first = best_opener(game, strat)
    assert best_opener(game, strat) == first
    assert Player(game, strat, opener="WATER").first_guess() == "water"
    with pytest.raises(Exception, match="not in the list"):
        Player(game, strat, opener="zzzzz")


def test_player_rejects_history_leaving_no_answer(game) -> None:
    player = Player(game, get_strategy("entropy"))
    with pytest.raises(Exception, match="no answer is consistent"):
        player.choose([("crane", 0), ("tiger", 0), ("house", 0), ("water", 0)])


def test_heuristic_states() -> None:
    game = make_wordle(
        ["skill", "spill", "still", "swill", "heart", "earth", "hater", "kaput"],
        ["skill", "spill", "still", "swill", "heart", "earth", "hater"],
        use_disk=False,
    )
    h = Heuristic()
    anagrams = game.all_answers()[4:]  # every letter known present, none placed
    assert h.state(game, anagrams, 2) == "find-position"
    assert h.state(game, anagrams, 6) == "try-to-win"
    ills = game.all_answers()[:4]  # S, I, L, L placed; nothing yellow
    assert h.state(game, ills, 2) == "explore"
    assert h.state(game, ills[:2], 2) == "try-to-win"  # two left: just guess one
    assert Heuristic(win_below=0).state(game, ills[:2], 2) == "explore"


def test_heuristic_explores_with_unseen_letters() -> None:
    # The seed's example: after CHILL, {skill, spill, still, swill} remain; KAPUT tests
    # three unseen letters at once, which is what the explore state should find.
    game = make_wordle(
        ["skill", "spill", "still", "swill", "kaput", "chill"],
        ["skill", "spill", "still", "swill", "chill"],
        use_disk=False,
    )
    rem = consistent(game, [("chill", feedback("chill", "spill"))])
    h = Heuristic(find_position=(0.1, 0.2, 0.7))
    # All four share _?ILL; the S is placed too, so nothing is yellow: explore.
    assert h.state(game, rem, 2) == "explore"
    choice = h.choose(game, rem, np.arange(len(game.guesses)), 2)
    assert game.guesses[choice.guess] == "kaput"


def test_hard_mode_error_types(game) -> None:
    with pytest.raises(HardModeError):
        check_hard("house", [("crane", feedback("crane", "crate"))])


def total_guesses(game, strategy, opener: str, hard: bool = False) -> int:
    """Guesses summed over every answer, playing `strategy` from `opener`."""
    player = Player(game, strategy, hard, opener)
    return sum(play(player, a).guesses for a in game.answers)


def test_entropy_above_the_threshold_maximises_bits(game) -> None:
    rem, rows = game.all_answers(), np.arange(len(game.guesses))
    bits = entropy_bits(bucket_sizes(game, rows, rem))
    for strat in (Entropy(exact_upto=0), Entropy(exact_upto=len(rem) - 1)):
        choice = strat.choose(game, rem, rows, 1)
        assert choice.measure == "expected bits" and choice.score == pytest.approx(bits.max())


@pytest.mark.parametrize("hard", [False, True])
def test_entropy_endgame_is_exact(game, hard: bool) -> None:
    # 40 answers: with the threshold above that, every guess after the opener is exact,
    # so entropy totals exactly the optimum from the same opener; from BERRY pure entropy
    # does not.
    exact = total_guesses(game, Entropy(exact_upto=40), "berry", hard)
    assert exact == Solver(game, hard=hard).total_with("berry") == 107
    assert exact <= total_guesses(game, Entropy(exact_upto=5), "berry", hard)
    assert exact < total_guesses(game, Entropy(exact_upto=0), "berry", hard)
    rem = game.all_answers()[:7]
    choice = Entropy().choose(game, rem, np.arange(len(game.guesses)), 2, hard)
    assert choice.measure == "total guesses"
    assert choice.score == Solver(game, hard=hard).best(rem, depth=5)[0]


@pytest.mark.full
def test_entropy_endgame_on_builtin_lists() -> None:
    from wordkit import tables
    from wordkit.games.wordle import make_wordle

    answers = tables.words_of(tables.load_table("wordle"))
    guesses = tables.words_of(tables.load_table("wordle-guesses"))
    builtin = make_wordle(guesses, answers)
    stats = run_stats(builtin, "entropy", opener="salet")
    assert stats["solved_within_6"] == len(answers)
    pure = run_stats(builtin, Entropy(exact_upto=0), opener="salet")
    assert stats["mean_guesses"] < pure["mean_guesses"]
