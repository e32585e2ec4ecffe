"""The compiled partition kernel (wordle/_kernels.c) against numpy, and the search without it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.wordle import partitions
from wordkit.wordle.lists import load_wordle, make_wordle
from wordkit.wordle.search import TreeSearch

FIXTURE = Path(__file__).parent / "fixtures" / "wordle_small.txt"

kernels = pytest.importorskip("wordkit.wordle._kernels")


def numpy_figures(game, rows, subset) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    sizes = partitions.bucket_sizes(game, rows, subset)
    return (
        partitions.numpy_bucket_count(game, rows, subset),
        partitions.sum_squares(sizes),
        partitions.largest_of(sizes),
    )


@st.composite
def games_and_picks(draw):
    length = draw(st.integers(1, 6))  # 6 letters: 729 patterns, a uint16 matrix
    letters = "abcde"[: draw(st.integers(1, 5))]
    word = st.text(letters, min_size=length, max_size=length)
    guesses = draw(st.lists(word, min_size=1, max_size=40, unique=True))
    answers = draw(st.lists(st.sampled_from(guesses), min_size=1, unique=True))
    rows = draw(st.lists(st.integers(0, len(guesses) - 1), max_size=60))
    subset = draw(st.lists(st.integers(0, len(answers) - 1), max_size=60))
    return guesses, answers, np.array(rows, dtype=np.int64), np.array(subset, dtype=np.int64)


@settings(max_examples=150, deadline=None)
@given(games_and_picks())
def test_kernel_figures_equal_numpy(picked) -> None:
    guesses, answers, rows, subset = picked
    game = make_wordle(guesses, answers, use_disk=False)
    got = partitions.split_stats(game, rows, subset)
    for compiled, plain in zip(got, numpy_figures(game, rows, subset), strict=True):
        assert np.array_equal(compiled, plain)
    answers_once = np.unique(subset)
    for row in rows[:5]:
        compiled_groups = partitions.buckets(game, int(row), answers_once)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(partitions, "_kernels", None)
            plain_groups = partitions.buckets(game, int(row), answers_once)
        assert [(p, b.tolist()) for p, b in compiled_groups] == [
            (p, b.tolist()) for p, b in plain_groups
        ]


def test_kernel_refuses_bad_arguments_with_python_errors() -> None:
    mt = np.zeros((3, 4), dtype=np.uint8)
    out = [np.zeros(2, dtype=np.int64) for _ in range(3)]
    rows = np.array([0, 1], dtype=np.int64)
    with pytest.raises(IndexError, match="answer index"):
        kernels.split_stats(mt, np.array([3], dtype=np.int64), rows, 243, *out)
    with pytest.raises(IndexError, match="guess row"):
        kernels.split_stats(mt, np.array([0]), np.array([0, 4], dtype=np.int64), 243, *out)
    with pytest.raises(TypeError, match="int64"):
        kernels.split_stats(mt, np.array([0], dtype=np.int32), rows, 243, *out)
    with pytest.raises(ValueError, match="one value per row"):
        kernels.split_stats(mt, np.array([0]), rows[:1], 243, *out)
    wide = np.full((3, 4), 800, dtype=np.uint16)  # past 3^6 patterns: a damaged matrix
    with pytest.raises(ValueError, match="out of range"):
        kernels.split_stats(wide, np.array([0]), rows, 729, *out)
    grouped = np.zeros(1, dtype=np.int64)
    with pytest.raises(IndexError, match="out of the row"):
        kernels.group(mt[0], np.array([4], dtype=np.int64), grouped)
    with pytest.raises(TypeError, match="one length"):
        kernels.group(mt[0], np.array([0, 1], dtype=np.int64), grouped)
    with pytest.raises(TypeError, match="1- or 2-byte"):
        kernels.group(np.zeros(4, dtype=np.uint32), np.array([0], dtype=np.int64), grouped)


@pytest.mark.parametrize("hard", [False, True])
def test_the_search_without_the_kernel_finds_the_same_trees(hard: bool, monkeypatch) -> None:
    game = load_wordle(FIXTURE)
    compiled = TreeSearch(game, hard=hard).tree("crane")
    monkeypatch.setattr(partitions, "_kernels", None)
    plain = TreeSearch(make_wordle(list(game.guesses), game.answers), hard=hard).tree("crane")
    assert plain == compiled


def test_big_pattern_counts_and_shared_memory_are_refused_or_bounded() -> None:
    mt = np.zeros((3, 4), dtype=np.uint8)
    rows = np.array([0, 1], dtype=np.int64)
    out = [np.zeros(2, dtype=np.int64) for _ in range(3)]
    kernels.split_stats(mt, np.array([0, 1]), rows, 2**62, *out)  # no overflow: 256 counters
    assert [o.tolist() for o in out] == [[1, 1], [4, 4], [2, 2]]
    kernels.split_stats(mt, np.array([0, 1, 2]), rows, 243, rows, out[1], out[2])  # aliased
    assert rows.tolist() == [1, 1] and out[1].tolist() == [9, 9]
    members = np.arange(4, dtype=np.int64)
    with pytest.raises(ValueError, match="share memory"):
        kernels.group(np.zeros(4, dtype=np.uint8), members, members)


@pytest.mark.parametrize("layout", ["fortran", "int64"])
def test_a_matrix_the_kernels_cannot_read_is_searched_with_numpy(layout: str) -> None:
    game = load_wordle(FIXTURE)
    expected = TreeSearch(game).total_with("crane")
    matrix = np.asfortranarray(game.matrix) if layout == "fortran" else game.matrix.astype(np.int64)
    odd = replace(game, matrix=matrix)
    assert not partitions.compiled_for(odd, game.all_answers())
    assert TreeSearch(odd).total_with("crane") == expected


def test_a_fortran_ordered_cached_matrix_is_ignored_and_rebuilt() -> None:
    from wordkit.cache import cache_path
    from wordkit.wordle import matrix as matrix_module

    guesses, answers = ["crane", "slate", "trace", "abbey"], ["crane", "slate"]
    key = matrix_module.lists_key(guesses, answers, 5)
    right = matrix_module.compute_pattern_matrix(guesses, answers)
    path = cache_path(f"wordle-matrix-{key}.npy")
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, np.asfortranarray(right))
    matrix_module.MEMO.pop(key, None)
    read = matrix_module.pattern_matrix(guesses, answers)
    assert read.flags.c_contiguous and np.array_equal(read, right)


def test_a_keyed_hard_mode_mask_is_read_only() -> None:
    game = load_wordle(FIXTURE)
    search = TreeSearch(game, hard=True)
    legal = np.ones(len(game.guesses), dtype=bool)
    search.legal_key(legal)
    with pytest.raises(ValueError, match="read-only"):
        legal[0] = False


def test_a_pattern_past_the_last_is_one_error_not_a_reshape_traceback() -> None:
    """A matrix written over in the cache (values its spot check missed) made `stats wordle` a
    ValueError (cannot reshape) and a traceback."""
    from wordkit.errors import CacheError

    game = make_wordle(["crane", "slate", "trace"], ["crane", "slate"], use_disk=False)
    damaged = np.array(game.matrix)
    damaged[1, 0] = 250  # no pair of five-letter words has it (243 patterns)
    broken = replace(game, matrix=damaged)
    with pytest.raises(CacheError, match="run `wordkit cache clear`"):
        partitions.bucket_counts(broken, np.arange(3), np.arange(2))
