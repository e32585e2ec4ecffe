"""The answer-major copy of the pattern matrix: a one-shot command reads a few answers' rows
from disk instead of faulting in the whole memory-mapped matrix, with identical patterns."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordkit.wordle import matrix, partitions
from wordkit.wordle.lists import select_lists

SMALL = str(Path(__file__).parent / "fixtures" / "wordle_small.txt")


@pytest.fixture
def cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(matrix, "MEMO", {})
    return tmp_path


def test_few_answers_read_from_disk_give_the_matrix_patterns(cached: Path) -> None:
    game = select_lists(SMALL, SMALL, None, None)
    few = np.array([7], dtype=np.int64)  # one answer of 40: "few"
    assert len(few) * partitions.FEW <= len(game.answers)
    rows = np.arange(len(game.guesses))
    expected = game.matrix[np.ix_(rows, few)]
    assert np.array_equal(partitions.patterns(game, rows, few), expected)
    counts = partitions.bucket_counts(game, rows, few)
    assert counts.sum(axis=1).tolist() == [1] * len(rows)
    assert game.answer_reader is not None and "matrix_t" not in game.__dict__
    (copy,) = cached.glob("wordle-matrix-*-by-answer.npy")
    assert np.array_equal(np.load(copy), game.matrix.T)


def test_a_damaged_copy_is_rebuilt(cached: Path) -> None:
    game = select_lists(SMALL, SMALL, None, None)
    matrix.answer_major(game.matrix)
    (copy,) = cached.glob("wordle-matrix-*-by-answer.npy")
    good = copy.read_bytes()
    for bad in (good[:-7], good[:-40] + bytes(40), b"not numpy"):
        copy.write_bytes(bad)
        assert np.array_equal(matrix.answer_major(game.matrix), game.matrix.T)
        assert copy.read_bytes() == good
