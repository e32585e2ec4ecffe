"""Hosts: Evil Hangman's family rule and its tie-breaks, difficulty schedules, the trainer."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from wordkit.errors import GameStateError, RangeError, UnknownNameError
from wordkit.hangman.board import board_for
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.hosts import (
    EvilHangman,
    HonestHangman,
    LookaheadHangman,
    NoWordError,
    PoolHost,
    UnsupportedVariantError,
    hangman_host,
)
from wordkit.hangman.lexicon import Pool, lexicon_from_table, pool_for
from wordkit.hangman.partitions import family_rank, letter_families, pattern_order_keys
from wordkit.hangman.play import UNLIMITED, opening, play, versus_by_length
from wordkit.hangman.rules import Rules, apply_move, encode_words, new_game
from wordkit.hangman.search import FamilySearch
from wordkit.hangman.trainer import advice_for
from wordkit.runner import GameRecord

EVIL_EXAMPLE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]
"""Evil Hangman's worked example."""


def pool_of(words: list[str]) -> Pool:
    """A uniform pool over an inline word list."""
    return pool_for(lexicon_from_table(pd.DataFrame({"word": words})), prior="uniform")


def masks_after(host: EvilHangman | LookaheadHangman | HonestHangman, moves: str) -> list[str]:
    """The masks a host shows after each letter of `moves`, from a fresh game."""
    state = host.start(UNLIMITED)
    masks = []
    for move in moves:
        state = host.answer(state, move)
        masks.append(state.mask)
    return masks


def play_host(host: PoolHost, guesser: str) -> GameRecord:
    """One game of a registry guesser against `host`, unlimited lives."""
    return play(make_guesser(guesser), host, opening(host, UNLIMITED, host.pool))


def family_words(words: list[str], letter: str) -> list[list[str]]:
    """The families of `words` for `letter`, hardest first, as word lists."""
    enc = encode_words(words)
    ids = np.arange(len(words))
    fams = letter_families(enc, ids, ord(letter) - 97, length=len(words[0]))
    return [[words[i] for i in fams.ids_of(ids, f)] for f in range(len(fams.keys))]


# --- the family rule -------------------------------------------------------------------------


def test_evil_example_families_and_hard_choice() -> None:
    assert family_words(EVIL_EXAMPLE, "e") == [
        ["ally", "cool", "good"],
        ["flew", "ibex"],
        ["beta", "deal"],
        ["hope"],
        ["else"],
    ]
    host = EvilHangman(pool_of(EVIL_EXAMPLE), length=4)
    state = host.answer(host.start(UNLIMITED), "e")
    assert state.mask == "____" and state.wrong == 1
    assert host.reveal() in {"ally", "cool", "good"}


def test_tie_on_size_keeps_the_family_revealing_fewest_letters() -> None:
    words = ["aba", "aca", "bab", "cac"]
    assert family_words(words, "a")[0] == ["bab", "cac"]
    host = EvilHangman(pool_of(words), length=3)
    assert masks_after(host, "a") == ["_a_"]


def test_a_miss_beats_a_hit_family_of_the_same_size() -> None:
    host = EvilHangman(pool_of(["ab", "cd"]), length=2)
    state = host.answer(host.start(UNLIMITED), "a")
    assert state.mask == "__" and state.wrong == 1 and host.reveal() == "cd"


def test_tie_on_revealed_keeps_the_lexicographically_smallest_pattern() -> None:
    words = ["abcd", "abce", "bcda", "bcea"]  # a--- and ---a: ---a sorts first
    assert family_words(words, "a")[0] == ["bcda", "bcea"]
    assert masks_after(EvilHangman(pool_of(words), length=4), "a") == ["___a"]


def test_hidden_sorts_before_letters_not_by_bit_value() -> None:
    words = ["bacd", "bace", "bcad", "bcae"]  # -a-- and --a-: --a- sorts first
    assert masks_after(EvilHangman(pool_of(words), length=4), "a") == ["__a_"]
    keys = np.array([0b0010, 0b0100], dtype=np.uint64)
    assert pattern_order_keys(keys, length=4).tolist() == [4, 2]


# --- difficulty schedules --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "guess", "rank"),
    [
        ("hard", 2, 0),
        ("hard", 4, 0),
        ("medium", 1, 0),
        ("medium", 2, 0),
        ("medium", 3, 0),
        ("medium", 4, 1),
        ("medium", 8, 1),
        ("medium", 6, 0),
        ("easy", 1, 0),
        ("easy", 2, 1),
        ("easy", 3, 0),
        ("easy", 4, 1),
    ],
)
def test_schedule(difficulty: str, guess: int, rank: int) -> None:
    assert family_rank(difficulty, guess_number=guess, families=3) == rank  # type: ignore[arg-type]


def test_second_family_only_when_there_is_one() -> None:
    assert family_rank("easy", guess_number=2, families=1) == 0


@pytest.mark.parametrize(
    ("difficulty", "mask", "wrong"),
    [("hard", "____", 4), ("medium", "__e_", 3), ("easy", "__e_", 3)],
)
def test_fourth_guess_by_difficulty(difficulty: str, mask: str, wrong: int) -> None:
    host = EvilHangman(pool_of(EVIL_EXAMPLE), length=4, difficulty=difficulty)  # type: ignore[arg-type]
    state = host.start(UNLIMITED)
    for move in "zqje":  # no word holds z, q or j
        state = host.answer(state, move)
    assert (state.mask, state.wrong) == (mask, wrong)


def test_easy_keeps_the_second_family_on_the_second_guess() -> None:
    host = EvilHangman(pool_of(EVIL_EXAMPLE), length=4, difficulty="easy")
    assert masks_after(host, "ze") == ["____", "__e_"]
    assert host.reveal() in {"flew", "ibex"}


def test_unknown_difficulty_is_a_typed_error() -> None:
    with pytest.raises(UnknownNameError):
        EvilHangman(pool_of(EVIL_EXAMPLE), difficulty="brutal")  # type: ignore[arg-type]


# --- whole words, endings, errors ------------------------------------------------------------


def test_evil_refuses_a_whole_word_until_it_is_the_last_candidate() -> None:
    host = EvilHangman(pool_of(["cat", "cot"]), length=3)
    state = host.answer(host.start(UNLIMITED), "cat")
    assert state.status == "playing" and state.wrong == 1
    state = host.answer(state, "cot")
    assert state.status == "won" and state.mask == "cot" and host.reveal() == "cot"


def test_evil_game_lost_names_a_consistent_word() -> None:
    host = EvilHangman(pool_of(EVIL_EXAMPLE), length=4)
    state = host.start(Rules(lives=2))
    for move in "ea":
        state = host.answer(state, move)
    assert state.status == "lost"
    word = host.reveal()
    assert "e" not in word and "a" not in word


def test_hosts_respect_length_and_raise_when_none_fits() -> None:
    pool = pool_of(["cat", "horse", "dog"])
    assert len(HonestHangman(pool, length=5).start().mask) == 5
    with pytest.raises(NoWordError):
        EvilHangman(pool, length=7).start()
    with pytest.raises(UnsupportedVariantError):
        EvilHangman(pool).start(Rules(variant="advanced"))
    with pytest.raises(UnknownNameError):
        hangman_host("sneaky", pool)
    with pytest.raises(RangeError):
        hangman_host("lookahead", pool, depth=99)


def test_honest_host_is_seeded_and_respects_the_category() -> None:
    table = pd.DataFrame(
        {"word": ["cat", "dog", "oak", "elm"], "category": ["pet", "pet", "tree", "tree"]}
    )
    pool = pool_for(lexicon_from_table(table), prior="uniform", hint="tree")
    secrets = {HonestHangman(pool, seed=s).reveal() for s in range(20)}
    assert secrets == {"oak", "elm"}
    assert HonestHangman(pool, seed=3).reveal() == HonestHangman(pool, seed=3).reveal()


def test_honest_answers_follow_the_rules() -> None:
    host = HonestHangman(pool_of(["apple"]), secret="apple")
    state = host.answer(host.start(), "p")
    assert state == apply_move(new_game("apple"), "p", secret="apple")


def test_repeated_guess_is_refused_by_every_host() -> None:
    for name in ("honest", "evil", "lookahead"):
        host = hangman_host(name, pool_of(EVIL_EXAMPLE), length=4)
        state = host.answer(host.start(UNLIMITED), "e")
        with pytest.raises(GameStateError):
            host.answer(state, "e")


# --- lookahead --------------------------------------------------------------------------------


def test_lookahead_prefers_a_smaller_family_that_costs_a_miss() -> None:
    words = ["abc", "abd", "abe", "xyz", "xyw"]
    assert masks_after(EvilHangman(pool_of(words), length=3), "a") == ["a__"]
    host = LookaheadHangman(pool_of(words), length=3, search=FamilySearch(depth=1))
    assert masks_after(host, "a") == ["___"]


def test_lookahead_is_at_least_as_hard_as_hard_on_the_evil_example() -> None:
    pool = pool_of(EVIL_EXAMPLE)
    hard = play_host(EvilHangman(pool, length=4), "minimax")
    deep = play_host(LookaheadHangman(pool, length=4), "minimax")
    assert deep.won and hard.won and deep.wrong >= hard.wrong


# --- playing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("guesser", ["greedy", "minimax", "minimax-search", "coverage"])
def test_every_guesser_wins_against_evil_with_unlimited_lives(guesser: str) -> None:
    pool = pool_of(EVIL_EXAMPLE)
    record = play_host(EvilHangman(pool, length=4), guesser)
    assert record.won and record.guesses == len(record.moves) == len(record.feedback)
    assert record.secret == record.feedback[-1]
    replay = new_game(record.secret, UNLIMITED)
    for move in record.moves:
        replay = apply_move(replay, move, secret=record.secret)
    assert record.wrong == replay.wrong


def test_versus_by_length_plays_one_game_per_length() -> None:
    pool = pool_of([*EVIL_EXAMPLE, "cat", "dog", "cow"])
    records = versus_by_length(pool, host="evil", guesser="minimax", lengths=[3, 4])
    assert sorted(records) == [3, 4] and all(r.won for r in records.values())
    direct = play_host(EvilHangman(pool, length=4), "minimax")
    assert len(records[3].secret) == 3 and records[4] == direct


def test_greedy_and_minimax_pick_their_letters() -> None:
    pool = pool_of(["abc", "abd", "aef", "xyz"])
    board = board_for(pool, new_game("abc"))
    assert make_guesser("greedy")(board).move == "a"  # in 3 words
    assert make_guesser("minimax")(board).move == "b"  # largest family 2 (a's is 3)


def test_unknown_guesser_is_a_typed_error() -> None:
    with pytest.raises(UnknownNameError):
        make_guesser("psychic")


# --- trainer ----------------------------------------------------------------------------------


def test_hangman_trainer_expected_sizes() -> None:
    pool = pool_of(EVIL_EXAMPLE)
    state = new_game("good")
    board = board_for(pool, state)
    after = EvilHangman(pool, length=4).answer(state, "e")
    advice = advice_for(board, "e", after=after)
    assert advice.remaining == 9 and advice.left == 3
    assert advice.expected == pytest.approx((9 + 4 + 4 + 1 + 1) / 9)
    assert advice.best_expected <= advice.expected
    word = advice_for(board, "good")
    assert word.expected == pytest.approx((1 + 64) / 9)


def test_hint_and_trainer_name_the_same_move() -> None:
    pool = pool_of(["apple", "ankle", "angle", "adorn", "attic", "amber", "other"])
    board = board_for(pool, apply_move(new_game("apple"), "a", secret="apple"))
    hint = make_guesser("expected-size")(board).move
    assert advice_for(board, "e").best == hint
