"""Hangman rules as pure functions: the state, the host's answer to a move, candidate filtering."""

from __future__ import annotations

import unicodedata
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
import numpy.typing as npt

from wordkit.errors import GameStateError, RangeError, UnknownNameError
from wordkit.game import decoded, fold_word, not_a_word, plural, whole_number

Variant = Literal["classic", "advanced"]
Finish = Literal["reveal", "word"]
Status = Literal["playing", "won", "lost"]
Move = str
"""A move: one letter, or a whole word (two letters or more)."""
Ids = npt.NDArray[np.int64]
Bits = npt.NDArray[np.uint64]

VARIANTS: tuple[Variant, ...] = ("classic", "advanced")
FINISHES: tuple[Finish, ...] = ("reveal", "word")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
HIDDEN = "_"
PAD = "-"
DEFAULT_LIVES = 6
UNLIMITED_WORDS = ("0", "unlimited", "none", "inf")
"""What `--lives` accepts for no limit on wrong guesses."""
MAX_LIVES = 1000
"""Most lives a game may give (more is unlimited in practice: a game ends within 80 moves)."""
DEFAULT_WIDTH = 20
MAX_LENGTH = 63
"""Longest word the position bitmasks (uint64) can hold."""


class RepeatedGuessError(GameStateError):
    """A letter or whole word was guessed again although its answer is already known."""


class InvalidMoveError(GameStateError):
    """A move is not one letter or a whole word of letters a-z."""


class GameOverError(GameStateError):
    """A move was made after the game ended."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one game: lives (None = unlimited), variant, finish and advanced width."""

    lives: int | None = DEFAULT_LIVES
    variant: Variant = "classic"
    finish: Finish = "reveal"
    width: int = DEFAULT_WIDTH


CLASSIC = Rules()
"""The default rules: six lives, classic variant, won once every letter shows."""


def lives_of(text: str | int | None) -> int | None:
    """The lives an option value allows: a number 1-1000, or None for `0`/`unlimited`."""
    if text is None:
        return None
    value = str(text).strip().lower()
    if value in UNLIMITED_WORDS:
        return None
    count = whole_number(value.removeprefix("-"))
    if count is None:
        raise RangeError(f"--lives must be a number or `unlimited`, not {str(text)!r}")
    lives = -count if value.startswith("-") else count
    if lives == 0:
        return None
    if not 1 <= lives <= MAX_LIVES:
        raise RangeError(
            f"--lives must be between 1 and {MAX_LIVES} (0 or `unlimited`: no limit), not {lives}"
        )
    return lives


def make_rules(
    *,
    lives: int | None = DEFAULT_LIVES,
    variant: str = "classic",
    finish: str = "reveal",
    width: int = DEFAULT_WIDTH,
) -> Rules:
    """Rules from option values, with the valid choices listed on a typo."""
    for chosen_variant in VARIANTS:
        if variant == chosen_variant:
            break
    else:
        raise UnknownNameError(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
    for chosen_finish in FINISHES:
        if finish == chosen_finish:
            break
    else:
        raise UnknownNameError(f"unknown finish {finish!r}; choose from {', '.join(FINISHES)}")
    if lives is not None and not 1 <= lives <= MAX_LIVES:
        raise RangeError(f"--lives must be between 1 and {MAX_LIVES}, not {lives}")
    if not 1 <= width <= MAX_LENGTH:
        raise RangeError(f"--width must be between 1 and {MAX_LENGTH}, not {width}")
    return Rules(lives=lives, variant=chosen_variant, finish=chosen_finish, width=width)


@dataclass(frozen=True, slots=True)
class State:
    """What the guesser sees: the mask (HIDDEN for unknown), its guesses, wrong count, status."""

    mask: str
    rules: Rules = Rules()
    letters: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    wrong: int = 0
    status: Status = "playing"


# --- encoding ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Encoded:
    """Words encoded for vectorised rules: codes (26 = padding), lengths, per-letter masks."""

    words: tuple[str, ...]
    codes: npt.NDArray[np.uint8]
    lengths: npt.NDArray[np.int64]
    positions: Bits
    counts: npt.NDArray[np.uint8]


def letter_code(letter: str) -> int:
    """The 0-25 code of a lowercase letter."""
    return ord(letter) - 97


def encode_words(words: Sequence[str]) -> Encoded:
    """Encode lowercase a-z words: codes, lengths, position bitmask and count of each letter."""
    for word in words:
        check_word(word)
    width = max((len(w) for w in words), default=1)
    codes = np.full((len(words), width), 26, dtype=np.uint8)
    for row, word in enumerate(words):
        codes[row, : len(word)] = np.frombuffer(word.encode("ascii"), dtype=np.uint8) - 97
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    positions = np.zeros((len(words), 26), dtype=np.uint64)
    counts = np.zeros((len(words), 26), dtype=np.uint8)
    rows = np.arange(len(words))
    for col in range(width):
        present = codes[:, col] < 26
        letters = codes[present, col]
        np.bitwise_or.at(positions, (rows[present], letters), np.uint64(1 << col))
        np.add.at(counts, (rows[present], letters), 1)
    return Encoded(tuple(words), codes, lengths, positions, counts)


def check_word(word: str) -> None:
    """Raise InvalidMoveError unless `word` is 1-63 lowercase letters a-z."""
    if not word or len(word) > MAX_LENGTH or not word.isascii() or not word.isalpha():
        raise InvalidMoveError(not_a_word(word, f"a word of 1-{MAX_LENGTH} letters a-z"))
    if not word.islower():
        raise InvalidMoveError(f"{word!r} must be lowercase")


# --- state ------------------------------------------------------------------------------------


def check_nameable(secret: str, rules: Rules) -> None:
    """Refuse a secret no game can win: under finish=word a word is won by naming it, and a
    one-letter word named is its letter guessed again (refused as a repeat)."""
    if rules.finish == "word" and len(secret) == 1:
        raise GameStateError(
            f"{secret!r} has 1 letter: with --finish word the word must be named, and a "
            "one-letter word cannot be told from its letter"
        )


def new_game(secret: str, rules: Rules = Rules()) -> State:
    """The opening state for `secret`: every position hidden (advanced: padded to the width)."""
    check_word(secret)
    if rules.lives is not None and rules.lives < 1:
        raise GameStateError(f"lives must be at least 1, not {rules.lives}")
    check_nameable(secret, rules)
    if rules.variant == "advanced":
        if len(secret) > rules.width:
            raise GameStateError(
                f"{secret!r} has {plural(len(secret), 'letter')}, more than the width {rules.width}"
            )
        return State(HIDDEN * rules.width, rules)
    return State(HIDDEN * len(secret), rules)


def folded_positions(text: str, what: str) -> str:
    """`text` (a mask, guessed letters) folded one character for one, accents dropped as in
    `fold_word`; a character that folds to several letters (ß → ss, Æ → ae) is refused, since
    it would shift every position after it (a table spells `straße` as `strasse`, 7 letters)."""
    text = decoded(text)  # `zébr_` typed under an ASCII locale: its bytes escaped, one by one
    out = []
    for ch in unicodedata.normalize("NFC", text):
        folded = ch if ch.isspace() else fold_word(ch)
        if len(folded) > 1:
            raise GameStateError(
                f"{what} {text.strip()!r}: {ch!r} is not one letter (the tables spell it "
                f"{folded!r})"
            )
        out.append(folded)
    return "".join(out).strip()


def observed_state(
    mask: str,
    *,
    letters: Iterable[str] = (),
    words: Iterable[str] = (),
    rules: Rules = Rules(),
) -> State:
    """A state rebuilt from what a player was shown (`_` or `-` hidden, spaces between letters
    ignored, as wordkit prints masks), checked for consistency. Letters the mask shows count as
    guessed (once each; in the advanced variant once per occurrence shown)."""
    shown = "".join(
        HIDDEN if ch in (HIDDEN, PAD, "?", ".") else ch
        for ch in "".join(folded_positions(mask, "mask").split())
    )
    letters_t = tuple(folded_positions(x, "guessed letter") for x in letters)
    words_t = tuple(fold_word(x) for x in words)
    if not shown:
        raise GameStateError("the mask is empty: give one `_` per letter, e.g. --mask _____")
    if len(shown) > MAX_LENGTH:
        raise RangeError(
            f"the mask has {plural(len(shown), 'letter')}; words have at most {MAX_LENGTH}"
        )
    for ch in shown:
        if ch != HIDDEN and ch not in ALPHABET:
            raise GameStateError(f"mask {mask!r} has a character that is not a letter or `_`")
    for letter in letters_t:
        if len(letter) != 1 or letter not in ALPHABET:
            raise GameStateError(f"guessed letter {letter!r} is not one letter a-z")
    for word in words_t:
        check_word(word)
    for word in words_t:  # a whole word that cannot be the secret is not a guess made
        if rules.variant == "advanced" and len(word) > rules.width:
            raise GameStateError(
                f"refuted word {word!r} has {plural(len(word), 'letter')}; "
                f"the width is {rules.width}"
            )
        if rules.variant == "classic" and len(word) != len(shown):
            raise GameStateError(
                f"refuted word {word!r} has {plural(len(word), 'letter')}; "
                f"the mask has {len(shown)}"
            )
    if rules.variant == "classic" and HIDDEN not in shown and shown in words_t:
        raise GameStateError(f"the mask shows the whole word {shown!r}, which was refuted")
    letters_t += shown_unguessed(shown, letters_t, variant=rules.variant)
    if rules.variant == "classic" and len(set(letters_t)) != len(letters_t):
        raise RepeatedGuessError("a letter appears twice among the guesses (classic variant)")
    if rules.variant == "advanced":
        if len(shown) > rules.width:
            raise GameStateError(f"advanced mask is wider than the width {rules.width}")
        shown = shown.ljust(rules.width, HIDDEN)
    misses = sum(1 for ch in set(letters_t) if ch not in shown)
    if rules.variant == "advanced":
        misses = sum(max(0, letters_t.count(ch) - shown.count(ch)) for ch in set(letters_t))
    state = State(shown, rules, letters_t, words_t, misses + len(words_t))
    state = replace(state, status=status_of(state, solved=False))
    hidden = shown.count(HIDDEN)
    full = set(letters_t) >= set(ALPHABET)
    if state.status == "playing" and rules.variant == "classic" and hidden and full:
        raise GameStateError(
            f"every letter a-z has been guessed, yet the mask still hides {hidden} "
            f"place{'s' * (hidden > 1)}: no word fits those answers"
        )
    return state


def shown_unguessed(shown: str, letters: Sequence[str], *, variant: Variant) -> tuple[str, ...]:
    """The guesses a mask implies beyond `letters`: each shown letter not guessed (advanced: one
    guess per occurrence shown)."""
    extra: list[str] = []
    for ch in sorted({c for c in shown if c != HIDDEN}):
        times = shown.count(ch) if variant == "advanced" else 1
        extra += [ch] * max(0, times - list(letters).count(ch))
    return tuple(extra)


def status_of(state: State, *, solved: bool) -> Status:
    """Lost (no life left: the game ended there, whatever shows after), won (solved, or
    nothing hidden under classic reveal) or playing."""
    return status_from(state.rules, state.mask, state.wrong, solved=solved)


def status_from(rules: Rules, mask: str, wrong: int, *, solved: bool) -> Status:
    """`status_of` a state of these parts, before it is made (states are made whole, not by
    dataclasses.replace: a stats run or a rollout makes one a move)."""
    if rules.lives is not None and wrong >= rules.lives:
        return "lost"
    if solved or (rules.finish == "reveal" and rules.variant == "classic" and HIDDEN not in mask):
        return "won"
    return "playing"


def lives_left(state: State) -> int | None:
    """Lives remaining, or None when unlimited."""
    return None if state.rules.lives is None else state.rules.lives - state.wrong


def guess_count(state: State) -> int:
    """Moves made so far (letters and whole words)."""
    return len(state.letters) + len(state.words)


def revealed_bits(mask: str) -> Bits:
    """For each letter, the bitmask of positions where the mask shows it."""
    bits = np.zeros(26, dtype=np.uint64)
    for pos, ch in enumerate(mask):
        if ch != HIDDEN:
            bits[letter_code(ch)] |= np.uint64(1 << pos)
    return bits


def shown_bits(mask: str, letter: str) -> np.uint64:
    """The bitmask of positions where the mask shows `letter` (`revealed_bits` of one letter)."""
    return np.uint64(sum(1 << pos for pos, ch in enumerate(mask) if ch == letter))


def exhausted_letters(state: State) -> frozenset[str]:
    """Letters whose every occurrence is known to be shown (classic: every guessed letter)."""
    if state.rules.variant == "classic":
        return frozenset(state.letters)
    return frozenset(
        ch for ch in set(state.letters) if state.letters.count(ch) > state.mask.count(ch)
    )


def letter_is_known(state: State, letter: str) -> bool:
    """True when guessing `letter` again could not tell anything new."""
    return letter in exhausted_letters(state)


def feedback(state: State) -> str:
    """The mask as the host shows it: `_` for hidden in classic, `-` padding in advanced."""
    return state.mask.replace(HIDDEN, PAD) if state.rules.variant == "advanced" else state.mask


# --- host -------------------------------------------------------------------------------------


def check_move(state: State, move: Move) -> None:
    """Raise a typed error when `move` is malformed, repeated, or the game is over."""
    if state.status != "playing":
        raise GameOverError(f"the game is over ({state.status})")
    check_word(move)
    if len(move) == 1 and letter_is_known(state, move):
        raise RepeatedGuessError(f"{move!r} was already guessed")
    if len(move) > 1 and move in state.words:
        raise RepeatedGuessError(f"{move!r} was already guessed")


def revealed_position(secret: str, choices: Sequence[int], *, seed: int, turn: int) -> int:
    """Which hidden occurrence the advanced host reveals: seeded by (seed, secret, turn)."""
    import random  # the advanced host only

    return choices[random.Random(f"{seed}:{secret}:{turn}").randrange(len(choices))]


def apply_move(state: State, move: Move, *, secret: str, seed: int = 0) -> State:
    """The state after the host who knows `secret` answers `move` (repeats raise, cost nothing)."""
    check_move(state, move)
    rules, letters, words = state.rules, state.letters, state.words
    if len(move) > 1:
        if move == secret:
            shown = secret + state.mask[len(secret) :]
            return State(shown, rules, letters, (*words, move), state.wrong, "won")
        wrong = state.wrong + 1
        status = status_from(rules, state.mask, wrong, solved=False)
        return State(state.mask, rules, letters, (*words, move), wrong, status)
    hidden = [i for i, ch in enumerate(secret) if ch == move and state.mask[i] == HIDDEN]
    if rules.variant == "advanced" and hidden:
        hidden = [revealed_position(secret, hidden, seed=seed, turn=guess_count(state))]
    mask = list(state.mask)
    for i in hidden:
        mask[i] = move
    shown = "".join(mask)
    wrong = state.wrong + (not hidden)
    solved = rules.finish == "reveal" and HIDDEN not in shown[: len(secret)]
    status = status_from(rules, shown, wrong, solved=solved)
    return State(shown, rules, (*letters, move), words, wrong, status)


def reported_letter(state: State, letter: str, typed: str, *, said: str | None = None) -> State:
    """The state after `letter` when a host reports the mask as `typed` (checked against the last
    mask: shown letters stay, newly shown positions hold `letter`); errors quote `said`, what the
    host typed, when `typed` is that completed (the advanced board's blank rest)."""
    check_move(state, letter)
    quoted = typed if said is None else said
    mask = "".join(folded_positions(typed, "mask").split())
    if len(mask) != len(state.mask):
        raise GameStateError(f"the mask needs {len(state.mask)} characters, not {len(mask)}")
    for old, new in zip(state.mask, mask, strict=True):
        if old != HIDDEN and new != old:
            raise GameStateError(f"{quoted!r} changes a letter already shown")
        if old == HIDDEN and new not in (HIDDEN, letter):
            raise GameStateError(f"{quoted!r} shows {new!r}, but I guessed {letter!r}")
    opened = sum(old == HIDDEN and new == letter for old, new in zip(state.mask, mask, strict=True))
    if state.rules.variant == "advanced" and opened > 1:
        raise GameStateError(
            f"{quoted!r} shows {letter!r} in {opened} new places; in the advanced variant a guess "
            "shows one"
        )
    return observed_state(
        mask, letters=[*state.letters, letter], words=state.words, rules=state.rules
    )


def reported_word(state: State, word: str, *, right: bool) -> State:
    """The state after a whole-word guess a host reports as right or wrong."""
    check_move(state, word)
    if right:
        return replace(
            state, mask=word + state.mask[len(word) :], words=(*state.words, word), status="won"
        )
    return observed_state(
        state.mask, letters=state.letters, words=[*state.words, word], rules=state.rules
    )


def check_listed_word(state: State, word: str, listed: Container[str]) -> None:
    """Refuse a whole-word guess of the wrong length (advanced: longer than the board, whose
    word may be shorter), or not in the word list (`listed`)."""
    if state.rules.variant == "advanced":
        if len(word) > len(state.mask):
            raise InvalidMoveError(
                f"{word!r} has {plural(len(word), 'letter')}; "
                f"the word has at most {len(state.mask)}"
            )
    elif len(word) != len(state.mask):
        raise InvalidMoveError(
            f"{word!r} has {plural(len(word), 'letter')}; the word has {len(state.mask)}"
        )
    if word not in listed:
        raise InvalidMoveError(f"{word!r} is not in the word list")


def possible_answers(state: State, move: Move, *, secret: str) -> list[tuple[float, State]]:
    """Every state the host may answer `move` with, and its probability (advanced: each hidden
    occurrence of the letter equally likely to be the one revealed)."""
    if len(move) > 1 or state.rules.variant == "classic":
        return [(1.0, apply_move(state, move, secret=secret))]
    check_move(state, move)
    hidden = [i for i, ch in enumerate(secret) if ch == move and state.mask[i] == HIDDEN]
    if len(hidden) <= 1:
        return [(1.0, apply_move(state, move, secret=secret))]
    answers = []
    for pos in hidden:
        shown = state.mask[:pos] + move + state.mask[pos + 1 :]
        after = replace(state, mask=shown, letters=(*state.letters, move))
        solved = state.rules.finish == "reveal" and HIDDEN not in shown[: len(secret)]
        answers.append((1.0 / len(hidden), replace(after, status=status_of(after, solved=solved))))
    return answers


# --- candidate filtering (the CodeWords AI's three rules, vectorised) ------------------------


def letter_constraint(
    enc: Encoded, ids: Ids, letter: int, shown: np.uint64, *, exhausted: bool
) -> npt.NDArray[np.bool_]:
    """Rules 1-3 for one guessed letter: shown positions hold it; hidden ones don't if exhausted."""
    pos = enc.positions[ids, letter]
    if exhausted:
        return pos == shown
    return (pos & shown) == shown


def candidate_ids(enc: Encoded, ids: Ids, state: State) -> Ids:
    """The ids (order kept) still consistent with the mask, the guesses and refuted words."""
    if state.rules.variant == "classic":
        keep = enc.lengths[ids] == len(state.mask)
    else:
        keep = (enc.lengths[ids] <= len(state.mask)) & unrevealed_lengths(enc, ids, state)
    ids = ids[keep]
    bits = revealed_bits(state.mask)
    exhausted = exhausted_letters(state)
    guessed = set(state.letters)
    for ch in sorted(guessed | {c for c in state.mask if c != HIDDEN}):
        code = letter_code(ch)
        closed = ch in exhausted and ch in guessed
        ids = ids[letter_constraint(enc, ids, code, bits[code], exhausted=closed)]
        if not len(ids):
            return ids
    if state.status == "won" and state.words and state.words[-1] not in state.words[:-1]:
        winner = state.words[-1]
        if state.mask.startswith(winner) and state.mask[len(winner) :].strip(HIDDEN) == "":
            return ids[np.fromiter((enc.words[i] == winner for i in ids), bool, count=len(ids))]
    return refute_words(enc, ids, state.words)


def refute_words(enc: Encoded, ids: Ids, words: Iterable[str]) -> Ids:
    """The ids whose word is none of the refuted whole-word guesses."""
    refuted = set(words)
    if not refuted or not len(ids):
        return ids
    keep = np.fromiter((enc.words[i] not in refuted for i in ids), dtype=bool, count=len(ids))
    return ids[keep]


def narrowed_ids(enc: Encoded, ids: Ids, before: State, after: State) -> Ids:
    """Candidates after one move, filtering only by what it taught (same as candidate_ids)."""
    if len(after.words) > len(before.words):
        word = after.words[-1]
        if after.status == "won":
            return ids[np.fromiter((enc.words[i] == word for i in ids), bool, count=len(ids))]
        return refute_words(enc, ids, (word,))
    ch = after.letters[-1]
    code = letter_code(ch)
    exhausted = ch in exhausted_letters(after)
    ids = ids[letter_constraint(enc, ids, code, shown_bits(after.mask, ch), exhausted=exhausted)]
    if after.rules.variant == "advanced":
        ids = ids[unrevealed_lengths(enc, ids, after)]
    return ids


def unrevealed_lengths(enc: Encoded, ids: Ids, state: State) -> npt.NDArray[np.bool_]:
    """Advanced variant, finish=reveal, game on: whether each word still hides a place. A word
    whose every letter the mask shows would have been won, so it is not the secret (under
    finish=word it must still be named, so it stays)."""
    if state.rules.finish != "reveal" or state.status != "playing":
        return np.ones(len(ids), dtype=bool)
    first_hidden = state.mask.find(HIDDEN)
    return enc.lengths[ids] > (first_hidden if first_hidden >= 0 else len(state.mask))


def revealed_rules(rules: Rules) -> Rules:
    """The rules a classic game with lives is searched and booked under: finish=reveal. Under
    finish=word a position's best chance of winning and its fewest wrong guesses are the same,
    by the same moves: a word once shown whole is the last candidate, which naming wins
    without a life (the AI names a single candidate; a move that shows the last letter under
    finish=reveal shows it under finish=word too, then the word is named: one move more)."""
    if rules.variant == "classic" and rules.lives is not None and rules.finish == "word":
        return replace(rules, finish="reveal")
    return rules
