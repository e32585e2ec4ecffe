"""The exact optimum of classic Hangman against a plain exhaustive search on tiny tables."""

from __future__ import annotations

import functools
import itertools

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit import tables
from wordkit.errors import GameStateError
from wordkit.hangman.optimum import (
    ExactSearch,
    OutOfTime,
    exact_optimum,
    length_optimum,
    one_length,
)


def brute_force(words: list[str], lives: int, counts: list[int] | None = None) -> int:
    """The most (weighted) words any strategy wins: every informative letter and every whole
    word tried at every state, no bound (a letter that splits no candidates tells nothing and
    can only cost a life, so it is left out; a guessed letter never splits them again, so the
    candidates and lives are the whole state)."""
    weight = dict(zip(words, counts or [1] * len(words), strict=True))

    @functools.cache
    def best(cands: frozenset[str], left: int) -> int:
        if left <= 0:
            return 0
        if len(cands) == 1:
            return weight[next(iter(cands))]
        out = 0
        for letter in "abcdefghijklmnopqrstuvwxyz":
            groups: dict[tuple[int, ...], set[str]] = {}
            for w in cands:
                groups.setdefault(tuple(i for i, c in enumerate(w) if c == letter), set()).add(w)
            if len(groups) > 1:
                total = sum(best(frozenset(g), left - (key == ())) for key, g in groups.items())
                out = max(out, total)
        for w in cands:
            out = max(out, weight[w] + best(cands - {w}, left - 1))
        return out

    return best(frozenset(words), lives)


def tiny_tables() -> list[list[str]]:
    """Hand-made tables where the shared misses, free letters and families matter."""
    return [
        ["bat", "cat", "hat", "mat", "rat", "sat", "vat", "pat"],
        ["aa", "ab", "ba", "bb", "cd", "dc", "ee"],
        ["eye", "aye", "bye", "dye", "lye", "rye", "the", "she"],
        ["bake", "cake", "fake", "lake", "make", "rake", "bike", "like", "hike", "pike"],
        ["ab", "ac", "ad", "ae", "bc", "bd", "cd", "ce", "de", "ea"],
        ["noon", "moon", "soon", "boon", "loon", "toon", "nook", "took", "book"],
    ]


@pytest.mark.parametrize("words", tiny_tables())
@pytest.mark.parametrize("lives", [1, 2, 3, 6])
def test_matches_the_exhaustive_search(words: list[str], lives: int) -> None:
    assert length_optimum(words, lives=lives) == brute_force(words, lives)


def test_known_answers() -> None:
    # a rhyme family: each wrong letter names one word at most, so k lives win k words
    rhyme = ["bat", "cat", "hat", "mat", "rat", "sat", "vat", "pat"]
    assert [length_optimum(rhyme, lives=k) for k in (1, 2, 5, 7, 8)] == [1, 2, 5, 7, 8]
    # E is in every word: guessing it is free and names EYE, so one more word survives
    eyes = ["eye", "aye", "bye", "dye", "lye", "rye"]
    assert length_optimum(eyes, lives=2) == 3
    # one life: A holds three words but cannot split them without a miss; B names two
    assert length_optimum(["ab", "ac", "ad", "bc"], lives=1) == 2


def test_weighted_rows_match_the_exhaustive_search() -> None:
    words = ["bake", "cake", "fake", "lake", "make", "bike", "like"]
    counts = [3, 1, 1, 2, 5, 1, 4]
    for lives in (1, 2, 3):
        assert length_optimum(words, lives=lives, counts=counts) == brute_force(
            words, lives, counts
        )


words_of_three = st.lists(
    st.text(alphabet="abcde", min_size=3, max_size=3), min_size=1, max_size=9, unique=True
)


@settings(max_examples=60, deadline=None)
@given(words=words_of_three, lives=st.integers(1, 4))
def test_random_tables_match_the_exhaustive_search(words: list[str], lives: int) -> None:
    assert length_optimum(words, lives=lives) == brute_force(words, lives)


@settings(max_examples=60, deadline=None)
@given(words=words_of_three, lives=st.integers(1, 4))
def test_static_bound_is_an_upper_bound(words: list[str], lives: int) -> None:
    search = ExactSearch(words, [1] * len(words))
    assert search.static_upper(search.everything, lives) >= brute_force(words, lives)


def test_bad_input_raises_typed_errors() -> None:
    with pytest.raises(GameStateError, match="must share one length"):
        length_optimum(["cat", "horse"], lives=6)
    with pytest.raises(GameStateError, match="lives must be at least 1, not 0"):
        length_optimum(["cat"], lives=0)
    with pytest.raises(GameStateError, match="no strategy wins 9 of these words with 2 lives"):
        length_optimum(["bat", "cat", "hat", "mat"], lives=2, floor=9)


def test_a_floor_prunes_without_changing_the_answer() -> None:
    words = tiny_tables()[3]
    exact = length_optimum(words, lives=3)
    assert length_optimum(words, lives=3, floor=exact) == exact
    assert length_optimum(words, lives=3, floor=exact - 2) == exact


def some_words(length: int, count: int) -> list[str]:
    """`count` distinct words of `length` letters over a small alphabet (a hard, dense table)."""
    letters = "abcdefghij"
    return ["".join(p) for p in itertools.islice(itertools.product(letters, repeat=length), count)]


def test_out_of_time_gives_sound_bounds() -> None:
    words = some_words(3, 400)
    with pytest.raises(OutOfTime):
        length_optimum(words, lives=6, seconds=0.0)
    result = one_length(words, [1] * 400, lives=6, searched=True, seconds=0.0, floor=10)
    assert result.won is None and result.lower == 10
    assert result.upper is not None and 10 <= result.upper <= 400


def test_exact_optimum_per_length_and_unsearched_lengths() -> None:
    table = pd.DataFrame({"word": ["bat", "cat", "hat", "mat", "tiger", "eagle"]})
    optimum = exact_optimum(table, lives=2)
    assert [(x.length, x.words, x.won) for x in optimum.lengths] == [(3, 4, 2), (5, 2, 2)]
    assert optimum.lengths[0].lower == optimum.lengths[0].upper == 2
    skipped = exact_optimum(table, lives=2, max_words=3, floors={3: 1})
    assert (skipped.lengths[0].won, skipped.lengths[0].lower) == (None, 1)
    assert not skipped.complete and (skipped.words, skipped.won) == (2, 2)


@pytest.mark.full
def test_english_short_and_long_words() -> None:
    words = sorted(set(tables.load_table("english")["word"]))
    two = [w for w in words if len(w) == 2]
    assert (len(two), length_optimum(two, lives=6)) == (61, 41)
    fifteen = [w for w in words if len(w) == 15]
    assert length_optimum(fifteen, lives=6) == len(fifteen) == 260
