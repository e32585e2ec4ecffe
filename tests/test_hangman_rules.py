"""Hangman rules: the host's answers, repeated-guess refusal, the CodeWords AI's filtering rules."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from wordkit.errors import GameStateError, RangeError
from wordkit.hangman.rules import (
    GameOverError,
    InvalidMoveError,
    RepeatedGuessError,
    Rules,
    apply_move,
    candidate_ids,
    encode_words,
    feedback,
    lives_of,
    new_game,
    observed_state,
)

FIXTURE = Path(__file__).parent / "fixtures" / "hangman_animals.csv"


def words_left(words: list[str], state) -> list[str]:  # type: ignore[no-untyped-def]
    """Candidate words for a state over an inline word list."""
    enc = encode_words(words)
    return [words[i] for i in candidate_ids(enc, np.arange(len(words)), state)]


def test_codewords_filtering_examples() -> None:
    words = ["apple", "angle", "ankle", "mouse", "abale", "agile"]
    state = observed_state("a__le", letters="aeli")
    assert words_left(words, state) == ["apple", "angle", "ankle"]


def test_rule_2_correct_letter_not_hidden() -> None:
    state = observed_state("a____", letters="a")
    assert words_left(["abale", "apple"], state) == ["apple"]


def test_rule_3_wrong_letter_nowhere() -> None:
    state = observed_state("_____", letters="i")
    assert words_left(["agile", "ankle"], state) == ["ankle"]


def test_refuted_whole_words_leave() -> None:
    state = observed_state("_____", words=["apple"])
    assert words_left(["apple", "ankle"], state) == ["ankle"]
    assert state.wrong == 1


def test_classic_reveals_every_occurrence_and_wrong_costs_a_life() -> None:
    state = apply_move(new_game("apple"), "p", secret="apple")
    assert state.mask == "_pp__" and state.wrong == 0
    state = apply_move(state, "z", secret="apple")
    assert state.wrong == 1 and state.letters == ("p", "z")
    state = apply_move(state, "ankle", secret="apple")
    assert state.wrong == 2 and state.words == ("ankle",)


def test_repeated_guess_is_refused_and_costs_nothing() -> None:
    state = apply_move(new_game("apple"), "z", secret="apple")
    with pytest.raises(RepeatedGuessError):
        apply_move(state, "z", secret="apple")
    state = apply_move(state, "ankle", secret="apple")
    with pytest.raises(RepeatedGuessError):
        apply_move(state, "ankle", secret="apple")
    assert state.wrong == 2
    assert isinstance(RepeatedGuessError("x"), GameStateError)


def test_invalid_moves_and_game_over() -> None:
    with pytest.raises(InvalidMoveError):
        apply_move(new_game("apple"), "A", secret="apple")
    with pytest.raises(InvalidMoveError):
        apply_move(new_game("apple"), "a1", secret="apple")
    state = new_game("ox", Rules(lives=1))
    state = apply_move(state, "z", secret="ox")
    assert state.status == "lost"
    with pytest.raises(GameOverError):
        apply_move(state, "o", secret="ox")


def test_reveal_finish_wins_when_every_letter_is_shown() -> None:
    state = new_game("ox")
    state = apply_move(apply_move(state, "o", secret="ox"), "x", secret="ox")
    assert state.status == "won"


def test_word_finish_needs_the_whole_word() -> None:
    rules = Rules(finish="word")
    state = new_game("ox", rules)
    state = apply_move(apply_move(state, "o", secret="ox"), "x", secret="ox")
    assert state.status == "playing" and state.mask == "ox"
    state = apply_move(state, "ox", secret="ox")
    assert state.status == "won" and len(state.letters) + len(state.words) == 3


def test_lives_run_out() -> None:
    state = new_game("ox", Rules(lives=2))
    state = apply_move(state, "a", secret="ox")
    assert state.status == "playing"
    assert apply_move(state, "b", secret="ox").status == "lost"


def test_observed_state_rejects_contradictions() -> None:
    with pytest.raises(GameStateError):
        observed_state("a____", letters="e", words=["a1"])
    with pytest.raises(GameStateError):
        observed_state("a_1__", letters="a")
    with pytest.raises(RepeatedGuessError):
        observed_state("a____", letters="aa")


def test_shown_letters_count_as_guessed_and_spaces_are_ignored() -> None:
    state = observed_state("a _ _ L e", letters="ip")
    assert state.mask == "a__le" and state.letters == ("i", "p", "a", "e", "l")
    assert state.wrong == 2
    advanced = observed_state("a_a", letters="", rules=Rules(variant="advanced", width=3))
    assert advanced.letters == ("a", "a") and advanced.wrong == 0


def test_masks_longer_than_the_bitmasks_are_refused() -> None:
    with pytest.raises(RangeError, match="the mask has 64 letters; words have at most 63"):
        observed_state("a" * 64, letters="a")


@pytest.mark.parametrize(
    ("text", "lives"), [("6", 6), ("0", None), ("unlimited", None), (" Unlimited ", None)]
)
def test_lives_of(text: str, lives: int | None) -> None:
    assert lives_of(text) == lives


@pytest.mark.parametrize("text", ["-1", "1001", "six", "1e3", "²", ""])
def test_lives_of_refuses(text: str) -> None:
    with pytest.raises(RangeError):
        lives_of(text)


def test_advanced_reveals_one_occurrence_padded_to_width() -> None:
    rules = Rules(variant="advanced", finish="word")
    state = new_game("arusha", rules)
    assert feedback(state) == "-" * 20
    state = apply_move(state, "a", secret="arusha", seed=1)
    assert state.mask.count("a") == 1 and len(feedback(state)) == 20
    state = apply_move(state, "a", secret="arusha", seed=1)
    assert state.mask.count("a") == 2 and state.wrong == 0
    state = apply_move(state, "a", secret="arusha", seed=1)
    assert state.wrong == 1
    with pytest.raises(RepeatedGuessError):
        apply_move(state, "a", secret="arusha", seed=1)
    state = apply_move(state, "arusha", secret="arusha")
    assert state.status == "won" and feedback(state).startswith("arusha-")


def test_advanced_reveal_choice_is_seeded() -> None:
    rules = Rules(variant="advanced")
    masks = {
        apply_move(new_game("banana", rules), "a", secret="banana", seed=s).mask for s in range(30)
    }
    assert len(masks) == 3
    again = apply_move(new_game("banana", rules), "a", secret="banana", seed=7).mask
    assert again == apply_move(new_game("banana", rules), "a", secret="banana", seed=7).mask


def test_advanced_filtering_keeps_other_lengths_and_extra_occurrences() -> None:
    rules = Rules(variant="advanced", width=8)
    words = ["arusha", "arua", "aba", "moshi", "banana"]
    state = observed_state("a_______", letters="a", rules=rules)
    assert words_left(words, state) == ["arusha", "arua", "aba"]
    exhausted = observed_state("a_______", letters="aa", rules=rules)
    assert words_left(words, exhausted) == []
    shown = observed_state("a__a____", letters="aa", rules=rules)
    assert words_left(words, shown) == ["arua"]


def test_advanced_secret_longer_than_width_is_refused() -> None:
    with pytest.raises(GameStateError):
        new_game("abcdefghij", Rules(variant="advanced", width=5))


def test_fixture_table_loads() -> None:
    table = pd.read_csv(FIXTURE)
    assert set(table.columns) == {"word", "weight", "category"}


@pytest.mark.parametrize(
    ("mask", "letters", "message"),
    [
        ("straße", "tr", "mask 'straße': 'ß' is not one letter (the tables spell it 'ss')"),
        ("_____", "Æb", "guessed letter 'Æ': 'Æ' is not one letter (the tables spell it 'ae')"),
        # not a Latin letter: not folded at all (Unidecode made it '...')
        ("a__le", "…", "guessed letter '…' is not one letter a-z"),
        ("a__le", "Ω", "guessed letter 'ω' is not one letter a-z"),
    ],
)
def test_a_character_that_folds_to_several_letters_is_refused(
    mask: str, letters: str, message: str
) -> None:
    """One typed character is one position: folding ß to ss would shift the mask, and make
    one guessed letter two."""
    with pytest.raises(GameStateError) as caught:
        observed_state(mask, letters=list(letters))
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("mask", "letters", "shown", "guessed"),
    [
        ("_af\u00e9_", "e", "_afe_", ("a", "f", "e")),  # composed é
        ("a\u0301__le", "é", "a__le", ("a", "l", "e")),  # a + combining acute
        ("A _ _ L E", "", "a__le", ("a", "l", "e")),
    ],
)
def test_accented_masks_and_letters_fold_one_for_one(
    mask: str, letters: str, shown: str, guessed: tuple[str, ...]
) -> None:
    state = observed_state(mask, letters=list(letters))
    assert state.mask == shown and set(state.letters) == set(guessed)


def test_a_state_with_every_letter_guessed_and_places_hidden_is_refused() -> None:
    from wordkit.hangman.rules import ALPHABET, Rules, observed_state

    with pytest.raises(GameStateError, match="the mask still hides 1 place: no word fits"):
        observed_state("ca_", letters=ALPHABET, rules=Rules(lives=None))
    # over already (lost) or nothing hidden: no contradiction to tell
    assert observed_state("ca_", letters=ALPHABET, rules=Rules(lives=6)).status == "lost"
    assert observed_state("cat", letters=ALPHABET, rules=Rules(lives=None)).status == "won"
    # advanced: a shown letter may have more places, so a letter is left to guess
    advanced = Rules(lives=None, variant="advanced", width=5)
    assert observed_state("ca_", letters=ALPHABET, rules=advanced).status == "playing"


def test_a_full_mask_past_the_last_life_is_lost_not_won() -> None:
    from wordkit.hangman.rules import Rules, observed_state

    # six misses with five lives: the game ended before the word could show
    assert observed_state("cat", letters="xyzwqv", rules=Rules(lives=5)).status == "lost"
    assert observed_state("cat", letters="xyzw", rules=Rules(lives=5)).status == "won"


def test_a_full_mask_with_every_letter_guessed_is_still_played_under_finish_word() -> None:
    from wordkit.hangman.rules import ALPHABET, Rules, observed_state

    rules = Rules(lives=None, finish="word")  # the word shows whole, and must still be named
    assert observed_state("apple", letters=ALPHABET, rules=rules).status == "playing"


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        ("Cigár", "cigar"), ("straße", "strasse"), ("Æsir", "aesir"), ("Ｃrane", "crane"),
        ("a\u0303b", "ab"),
        # other scripts are not transliterated: a guess nobody typed (Ω as O, Я as IA)
        ("Ω", "ω"), ("Я", "я"), ("…", "…"),
        # fullwidth forms are their ASCII characters; a Latin letter folding to no letter stays
        ("ａ＿＿ｌｅ", "a__le"), ("ə", "ə"), ("ʔ", "ʔ"),
    ],
)  # fmt: skip
def test_typed_text_folds_latin_letters_only(typed: str, folded: str) -> None:
    from wordkit.game import fold_word

    assert fold_word(typed) == folded
