"""The exact decision-tree search: brute force on tiny lists, trees, and the known figures."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from conftest import shared_file
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.wordle.guessers import OptimalGuesser
from wordkit.wordle.hosts import HonestWordle
from wordkit.wordle.lists import load_wordle, make_wordle, read_words
from wordkit.wordle.play import GUESS_LIMIT, play, run_stats
from wordkit.wordle.rules import (
    Rules,
    check_hard,
    feedback,
    hard_mask,
    hard_rule,
    hard_violation,
    start,
)
from wordkit.wordle.search import (
    INF,
    SPLIT_PASS_MIN,
    DepthLimitError,
    SearchTimeout,
    TreeSearch,
    load_tree,
    optimal_tree,
    save_tree,
    tree_node,
    tree_path,
    tree_play,
)
from wordkit.wordle.sweep import _exact

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "wordle_small.txt"
BIG = 10**9  # the brute force's infeasible
# Seven answers of three rhyme families: the cheapest tree (16) needs four guesses for
# some answer, so a limit of three guesses costs one more (17).
FAMILY_ANSWERS = ("batch", "bound", "fight", "hatch", "match", "might", "watch")
FAMILY_GUESSES = sorted(FAMILY_ANSWERS + ("beast", "brick", "plumb"))


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Keep every test's disk cache in its own temporary directory."""
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))


def brute_force(
    guesses: list[str], answers: tuple[str, ...], hard: bool, max_guesses: int | None = None
) -> dict:
    """Least total guesses per first guess (and "best") with every answer found within
    max_guesses (BIG if impossible), by exhaustive search without bounds."""

    @cache
    def cost(subset: frozenset[str], history: tuple, left: int) -> int:
        if left < 1 or (left == 1 and len(subset) > 1):
            return BIG
        if len(subset) == 1:
            return 1
        rule = hard_rule(history)
        best = BIG
        for g in guesses:
            useless = g not in subset and len({feedback(g, a) for a in subset}) == 1
            if not useless and not (hard and hard_violation(g, rule)):
                best = min(best, with_guess(g, subset, history, left))
        return best

    def with_guess(g: str, subset: frozenset[str], history: tuple, left: int) -> int:
        buckets: dict[int, set[str]] = {}
        for a in subset:
            buckets.setdefault(feedback(g, a), set()).add(a)
        total = len(subset)
        for p, b in buckets.items():
            if p != 242:
                total += cost(frozenset(b), history + ((g, p),) if hard else (), left - 1)
        return min(total, BIG)

    full = frozenset(answers)
    left = 99 if max_guesses is None else max_guesses
    return {g: with_guess(g, full, (), left) for g in guesses} | {"best": cost(full, (), left)}


def assert_matches_brute_force(
    game, hard: bool, max_guesses: int | None, split_pass_min: int = SPLIT_PASS_MIN
) -> dict:
    """The solver's totals for every opener and the best equal the brute force's."""
    expected = brute_force(list(game.guesses), game.answers, hard, max_guesses)
    solver = TreeSearch(game, hard=hard, max_guesses=max_guesses, split_pass_min=split_pass_min)
    for g in game.guesses:
        got = solver.total_with(g)
        assert got == expected[g] if expected[g] < BIG else got == INF, g
    if expected["best"] < BIG:
        assert solver.best(game.all_answers())[0] == expected["best"]
    else:
        with pytest.raises(DepthLimitError):
            solver.best(game.all_answers())
    return expected


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("max_guesses", [None, 6, 2])
def test_matches_brute_force_on_tiny_lists(seed: int, hard: bool, max_guesses: int | None) -> None:
    rng = random.Random(seed)
    pool = read_words(FIXTURE)
    guesses = sorted(rng.sample(pool, 12))
    answers = tuple(sorted(rng.sample(guesses, 7)))
    game = make_wordle(guesses, answers, use_disk=False)
    assert_matches_brute_force(game, hard, max_guesses)


@pytest.mark.parametrize("hard", [False, True])
def test_depth_limit_matches_brute_force(hard: bool) -> None:
    game = make_wordle(FAMILY_GUESSES, FAMILY_ANSWERS, use_disk=False)
    bests = {m: assert_matches_brute_force(game, hard, m)["best"] for m in (None, 4, 3, 2)}
    assert bests == {None: 16, 4: 16, 3: 17, 2: BIG}


def test_depth_limited_tree_and_strategy_stay_within_the_limit() -> None:
    game = make_wordle(FAMILY_GUESSES, FAMILY_ANSWERS, use_disk=False)
    unlimited = TreeSearch(game, max_guesses=None).tree("match")
    assert unlimited["total"] == 16
    assert max(len(tree_play(unlimited, a)) for a in game.answers) == 4
    with pytest.raises(DepthLimitError):
        TreeSearch(game, max_guesses=3).tree("match")
    tree = TreeSearch(game, max_guesses=3).tree("hatch")
    depths = [len(tree_play(tree, a)) for a in game.answers]
    assert max(depths) == 3 and sum(depths) == tree["total"] == 17

    def total(strategy: OptimalGuesser, opener: str) -> int:
        strategy.opener = opener
        rules = Rules(max_guesses=None)
        hosts = [HonestWordle(game, secret=a) for a in game.answers]
        return sum(play(strategy, h, start(game, rules), limit=GUESS_LIMIT).guesses for h in hosts)

    assert total(OptimalGuesser(max_guesses=3), "hatch") == 17
    assert total(OptimalGuesser(max_guesses=None), "match") == 16
    # From an opener that cannot finish in time, the strategy falls back to no limit.
    assert total(OptimalGuesser(max_guesses=3), "match") == 16


def test_tree_plays_every_answer_and_round_trips(tmp_path) -> None:
    game = load_wordle(FIXTURE)
    solver = TreeSearch(game)
    total = solver.total_with("crane")
    tree = solver.tree("crane")
    assert tree["total"] == total
    depths = [len(tree_play(tree, a)) for a in game.answers]
    assert sum(depths) == total and all(t[-1][1] == 242 for t in [tree_play(tree, "lemon")])
    save_tree(tree, tmp_path / "t.json")
    assert load_tree(tmp_path / "t.json") == tree
    first = tree_play(tree, "lemon")
    node = tree_node(tree, first[:1])
    assert node is not None and node["guess"] == first[1][0]
    assert tree_node(tree, [("water", 0)]) is None
    assert optimal_tree(game, "crane") == tree  # computed, cached...
    assert optimal_tree(game, "crane") == tree  # ...and read back


def test_optimal_strategy_agrees_with_tree() -> None:
    game = load_wordle(FIXTURE)
    total = TreeSearch(game).total_with("crane")
    stats, _ = run_stats(game, "optimal", opener="crane")
    assert stats.mean_guesses * stats.games == pytest.approx(total)
    # The strategy played from the tree it cached on disk, as JSON.
    assert load_tree(tree_path(game, "crane", hard=False)) == optimal_tree(game, "crane")


def test_hard_tree_obeys_hard_mode() -> None:
    game = load_wordle(FIXTURE)
    tree = TreeSearch(game, hard=True).tree("crane")
    for a in game.answers:
        turns = tree_play(tree, a)
        for n in range(1, len(turns)):
            check_hard(turns[n][0], turns[:n])


@pytest.mark.parametrize("hard", [False, True])
def test_a_small_memo_and_mask_cache_change_nothing(hard: bool, monkeypatch) -> None:
    game = load_wordle(FIXTURE)
    full = TreeSearch(game, hard=hard)
    monkeypatch.setattr("wordkit.wordle.search.LEGAL_KEYS_KEPT", 8)
    small = TreeSearch(make_wordle(list(game.guesses), game.answers), hard=hard, memo_limit=10)
    assert small.tree("crane") == full.tree("crane")
    assert len(small.memo) <= 10
    assert len(small.legal_keys) <= 8


def test_legal_after_is_the_one_turn_hard_rule_applied_to_the_mask() -> None:
    game = load_wordle(FIXTURE)
    rng = np.random.default_rng(5)
    legal = rng.random(len(game.guesses)) < 0.7
    for row in range(len(game.guesses)):
        for pattern in {int(p) for p in game.matrix[row]} | {0, 242, 121}:
            rule = hard_rule([(game.guesses[row], pattern)])
            expected = legal & hard_mask(game, rule)
            assert np.array_equal(game.legal_after(legal, row, pattern), expected)
    assert game.legal_after(None, 0, 0) is None


def test_a_split_bound_stops_at_the_deadline_between_nodes() -> None:
    # A wide position bounds every guess's buckets before it searches a node: the deadline
    # must stop that too (it once ran 90 s past a 1 s budget on the original lists).
    import time

    game = load_wordle(FIXTURE)
    search = TreeSearch(game, deadline=time.monotonic() - 1)
    with pytest.raises(SearchTimeout):
        search.split_floor(game.all_answers(), None, 6)
    with pytest.raises(SearchTimeout):
        search.total_with("crane")


def test_limit_gives_an_upper_bound() -> None:
    game = load_wordle(FIXTURE)
    exact = TreeSearch(game).total_with("crane")
    assert TreeSearch(game, limit=1).total_with("crane") >= exact


@settings(max_examples=40, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.integers(1, 4),
    st.sampled_from([(0, 0), (10, 8), (3, 2)]),
    st.sampled_from([None, 4, 3]),
    st.booleans(),
    st.sampled_from([8, 10**6]),
)
def test_a_limited_search_gives_the_cost_of_a_tree_it_plays(
    rng: random.Random,
    limit: int,
    wide: tuple[int, int],
    max_guesses: int | None,
    hard: bool,
    memo_limit: int,
) -> None:
    """Trying a few guesses a position (more on large ones) gives no proof, but a real
    strategy: its value is the total of the tree it builds, played answer by answer within the
    guesses allowed, and no less than the exact total (what `bench/full_game.py --trees`
    bounds buckets with); trying more guesses on large positions never costs more."""
    pool = read_words(FIXTURE)
    guesses = sorted(rng.sample(pool, 40))
    answers = tuple(sorted(rng.sample(guesses, 25)))
    game = make_wordle(guesses, answers, use_disk=False)
    opener = rng.choice(guesses)
    exact = TreeSearch(game, hard=hard, max_guesses=max_guesses).total_with(opener)
    limited = TreeSearch(
        game, hard=hard, max_guesses=max_guesses, limit=limit, wide=wide, memo_limit=memo_limit
    )
    value = limited.total_with(opener)
    assert value >= exact
    if value < INF:  # the exact search under the tree's cost: the cost below it, else ≥ it
        bounded = TreeSearch(game, hard=hard, max_guesses=max_guesses)
        row, legal = game.check_guess(opener), bounded.root_legal()
        got = bounded.evaluate(row, game.all_answers(), legal, value, depth=bounded.root_depth)
        assert got == exact if exact < value else got >= value
    if wide[1] >= limit:  # a superset of guesses at the large positions
        plain = TreeSearch(game, hard=hard, max_guesses=max_guesses, limit=limit)
        assert value <= plain.total_with(opener)
    if value < INF:
        tree = limited.tree(opener)
        turns = [len(tree_play(tree, a)) for a in answers]
        assert tree["total"] == sum(turns) == value
        assert max(turns) <= (max_guesses or len(answers))


# ---------------------------------------------------------------------------------------
# The reference lists (2,315 answers, 12,972 guesses)


@pytest.fixture(scope="module")
def reference():
    answers = shared_file("wordle", "answers.txt")
    allowed = shared_file("wordle", "allowed.txt")
    return load_wordle(answers, allowed)


@pytest.mark.full
def test_salet_optimum_is_7920(reference) -> None:
    solver = TreeSearch(reference)
    tree = solver.tree("salet")
    assert tree["total"] == 7920
    depths = [len(tree_play(tree, a)) for a in reference.answers]
    assert sum(depths) == 7920 and max(depths) == 5


@pytest.mark.full
def test_salet_hard_mode(reference) -> None:
    # The published 8,122 (NYT rule: greens kept, revealed letters reused with their
    # counts) solves every answer within 6; without the limit 8,116 needs 7 guesses.
    tree = TreeSearch(reference, hard=True).tree("salet")
    depths = [len(tree_play(tree, a)) for a in reference.answers]
    assert tree["total"] == sum(depths) == 8122 and max(depths) == 6
    assert TreeSearch(reference, hard=True, max_guesses=None).total_with("salet") == 8116


@pytest.mark.full
def test_entropy_and_expected_size_on_reference(reference) -> None:
    entropy, _ = run_stats(reference, "entropy", opener="salet")
    assert entropy.wins == 2315 and entropy.mean_guesses <= 3.43
    assert round(entropy.mean_guesses, 4) == 3.4259
    size, _ = run_stats(reference, "expected-size", opener="roate")
    assert size.mean_guesses < 3.541  # the Node.js Wordle AI's figure


@pytest.mark.full
def test_reference_matrix_spot_checks(reference) -> None:
    rng = np.random.default_rng(0)
    for i, j in zip(rng.integers(0, 12972, 500), rng.integers(0, 2315, 500), strict=True):
        assert reference.matrix[i, j] == feedback(reference.guesses[i], reference.answers[j])


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("max_guesses", [None, 4, 3])
def test_the_split_pass_changes_no_total(seed: int, hard: bool, max_guesses: int | None) -> None:
    """Bounding every child by its best split before solving any is exact on every node."""
    rng = random.Random(100 + seed)
    pool = read_words(FIXTURE)
    guesses = sorted(rng.sample(pool, 14))
    answers = tuple(sorted(rng.sample(guesses, 9)))
    game = make_wordle(guesses, answers, use_disk=False)
    assert_matches_brute_force(game, hard, max_guesses, split_pass_min=1)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([None, 5, 3, 2]))
def test_the_split_floor_never_exceeds_the_exact_total(
    rng: random.Random, max_guesses: int | None
) -> None:
    pool = read_words(FIXTURE)
    guesses = sorted(rng.sample(pool, 12))
    answers = tuple(sorted(rng.sample(guesses, rng.randint(3, 8))))
    game = make_wordle(guesses, answers, use_disk=False)
    exact = brute_force(guesses, answers, False, max_guesses)["best"]
    depth = 99 if max_guesses is None else max_guesses
    bound = TreeSearch(game, max_guesses=max_guesses).split_floor(game.all_answers(), None, depth)
    assert bound <= exact if exact < BIG else bound <= INF


class _Claims:
    """One worker's view of a position several search at once, in this process: it claims
    the ranks dealt to it, in blocks, and shares the least (total, rank) with the others."""

    def __init__(self, ranks: list[int], block: int, best: list[tuple[int, int]]) -> None:
        self.ranks, self.block, self.best = ranks, block, best

    def claim(self) -> list[int]:
        taken, self.ranks = self.ranks[: self.block], self.ranks[self.block :]
        return taken

    def get(self) -> tuple[int, int]:
        return self.best[0]

    def offer(self, total: int, rank: int) -> None:
        self.best[0] = min(self.best[0], (total, rank))

    def worth(self, end: int) -> None:
        pass


@settings(max_examples=80, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.integers(1, 4),
    st.integers(1, 5),
    st.booleans(),
    st.booleans(),
    st.sampled_from([None, 4, 3]),
    st.sampled_from([INF, 0, 2]),
)
def test_workers_sharing_a_position_give_its_value_and_its_guess(
    rng: random.Random,
    workers: int,
    block: int,
    hard: bool,
    shared: bool,
    max_guesses: int | None,
    slack: int,
) -> None:
    """A position's guesses dealt to several workers (each its own search, as in separate
    processes; ranks dealt at random, in increasing order per worker, each once; the least
    total shared between them or not; the workers run in any order): the least total over
    the workers that came back exact, at the guess of least rank, is what the whole search
    finds. Under a budget it cannot beat, every worker returns a bound at least the budget."""
    pool = read_words(FIXTURE)
    # Lists wide enough that no answer splits them at once: the guesses are searched.
    guesses = sorted(rng.sample(pool, 24))
    answers = tuple(sorted(rng.sample(guesses, rng.randint(12, 20))))
    game = make_wordle(guesses, answers, use_disk=False)
    whole = TreeSearch(game, hard=hard, max_guesses=max_guesses)
    legal, depth = whole.root_legal(), whole.root_depth
    subset = game.all_answers()
    value = whole.solve(subset, legal, depth=depth)
    beta = INF if slack == INF else value + slack - 1  # slack 0: the value is not below beta
    dealt: list[list[int]] = [[] for _ in range(workers)]
    for rank in range(len(guesses)):
        dealt[rng.randrange(workers)].append(rank)
    best = [(INF, -1)]
    back = [
        TreeSearch(game, hard=hard, max_guesses=max_guesses).solve_shared(
            subset, whole.root_legal(), beta, depth,
            _Claims(dealt[k], block, best if shared else [(INF, -1)]),
        )
        for k in rng.sample(range(workers), workers)
    ]  # fmt: skip
    low = min(v for v, _, _ in back)
    exact = sorted((v, rank, row) for v, row, rank in back if row >= 0 and v <= low)
    if value < min(beta, INF):
        assert exact and exact[0][0] == value == low
        assert exact[0][2] == whole.next_row(subset, legal, depth)
    else:
        assert not exact
        assert low >= min(beta, INF)


def bounded_then_whole(game, hard: bool, max_guesses: int | None, cutoffs) -> dict:
    """Each opener searched by one TreeSearch (one memo) in the order given, stopped at its
    cutoff as a sweep stops it, then every opener again with none: (opener, cutoff) -> the
    sweep's figures, and opener -> the whole total."""
    solver = TreeSearch(game, hard=hard, max_guesses=max_guesses)
    bounded = {(g, c): _exact(solver, game.check_guess(g), c) for g, c in cutoffs}
    return {"bounded": bounded, "whole": {g: solver.total_with(g) for g in game.guesses}}


def assert_sound(found: dict, expected: dict) -> None:
    """Every exact figure is the brute force's, every bound at most its total."""
    for (g, cutoff), figures in found["bounded"].items():
        truth = expected[g]
        if figures["exact"]:
            assert figures["total"] == (None if truth >= BIG else truth), (g, cutoff)
        else:
            assert figures["total"] == cutoff and truth >= cutoff, (g, cutoff, truth)
    for g, total in found["whole"].items():
        assert total == expected[g] if expected[g] < BIG else total == INF, g


def alone(game, hard: bool, max_guesses: int | None) -> dict:
    """Each opener's total searched alone, by a search of its own (INF: none within the
    limit), as the brute force's figures."""
    totals = {g: TreeSearch(game, hard=hard, max_guesses=max_guesses).total_with(g)
              for g in game.guesses}  # fmt: skip
    return {g: BIG if t >= INF else t for g, t in totals.items()}


@pytest.mark.parametrize(
    ("answers", "guesses", "hard", "openers", "known"),
    [  # openers searched after others in one memo came out worse than alone (found in review;
       # the totals alone are the brute force's)
        ("leaks dhaks kyaks braks teaks araks peaks boaks beaks soaks reaks flaks",
         "hecht jasps swapt couta", False, [("araks", None), ("soaks", None), ("soaks", 40)],
         {"soaks": 39, "araks": 38}),
        ("ships drips trips grips snips chips skips clips flips quips whips voips crips slips "
         "blips", "foins gryke input plebe loped mouse aioli", True,
         [("ships", None), ("chips", 49), ("clips", 49), ("clips", None)],
         {"chips": 48, "clips": 48}),
    ],
)  # fmt: skip
def test_an_opener_is_valued_alike_after_others_in_one_memo(
    answers: str, guesses: str, hard: bool, openers: list, known: dict
) -> None:
    game = make_wordle(sorted(set(answers.split()) | set(guesses.split())),
                       tuple(sorted(answers.split())), use_disk=False)  # fmt: skip
    expected = alone(game, hard, 6)
    assert {g: expected[g] for g in known} == known
    assert_sound(bounded_then_whole(game, hard, 6, openers), expected)


@pytest.mark.full
def test_openers_of_word_families_in_one_memo_are_valued_as_alone() -> None:
    """Families of words sharing three letters (the hardest lists for the bounds), openers
    in a random order with the sweep's running cutoff, against each searched alone."""
    allowed = read_words(shared_file("wordle", "allowed.txt"))
    for seed in range(400):
        rng = random.Random(seed)
        tail = rng.choice(allowed)[-3:]
        family = [w for w in allowed if w.endswith(tail)]
        if len(family) < 10:
            continue
        answers = tuple(sorted(rng.sample(family, min(len(family), rng.randint(10, 16)))))
        guesses = sorted(set(answers) | set(rng.sample(allowed, rng.randint(2, 8))))
        game = make_wordle(guesses, answers, use_disk=False)
        hard = rng.random() < 0.5
        expected = alone(game, hard, 6)
        solver, best, found = TreeSearch(game, hard=hard, max_guesses=6), None, {}
        for g in rng.sample(guesses, len(guesses)):
            cutoff = None if best is None else best + 1
            found[g, cutoff] = figures = _exact(solver, game.check_guess(g), cutoff)
            if figures["exact"] and figures["total"] is not None:
                best = figures["total"] if best is None else min(best, figures["total"])
        assert_sound({"bounded": found, "whole": {}}, expected)


@settings(max_examples=60, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.booleans(),
    st.sampled_from([None, 6, 3]),
)
def test_bounded_searches_in_one_memo_never_mislead_later_ones(
    rng: random.Random, hard: bool, max_guesses: int | None
) -> None:
    pool = read_words(FIXTURE)
    guesses = sorted(rng.sample(pool, 10))
    answers = tuple(sorted(rng.sample(guesses, 7)))
    game = make_wordle(guesses, answers, use_disk=False)
    expected = brute_force(guesses, answers, hard, max_guesses)
    order = rng.sample(guesses, len(guesses))
    cutoffs = [(g, rng.choice([None, 12, 14, 15, 16, 18, 20])) for g in order]
    assert_sound(bounded_then_whole(game, hard, max_guesses, cutoffs), expected)
