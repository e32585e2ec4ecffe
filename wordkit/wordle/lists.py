"""Wordle word lists: the built-in tables, files, `--length` words of `english`, and the game
context (both lists, their pattern matrix, the answers' prior and lookups).

Lists that never dead-end: unless both lists are given (`--answers/--guesses`), every allowed
word is a possible answer, weighted by a prior from its frequency (`frequency_prior`), so
common words are favoured and no real answer is ever impossible.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import NamedTuple

import numpy as np

from wordkit import tables
from wordkit.errors import GameStateError, RangeError, WordkitWarning, shortened
from wordkit.game import not_a_word, plural
from wordkit.wordle.matrix import (
    Matrix,
    RowReader,
    answer_major,
    answer_reader,
    letter_array,
    lists_key,
    pattern_matrix,
)
from wordkit.wordle.rules import (
    GRAY,
    GREEN,
    Pattern,
    UnknownWordError,
    Word,
    WordLengthError,
    all_green,
    pattern_marks,
    word_length,
)

LENGTHS = range(2, 16)


PRIOR_CENTER = 2300
"""The frequency rank at which a word is as likely an answer as not: the size of the pool a
setter picks from (the built-in `wordle` answers, common words without inflections)."""
PRIOR_WIDTH = 500
"""How many ranks the prior takes to fall from 73% to 27% of its top (one logistic unit)."""
LIKELY_BOOST = 10.0
"""In the built-in lists, the words of the `wordle` answers table (common five-letter words
that are not plurals or past tenses) rank as if this many times more frequent."""


DEFAULT_LENGTH = 5
"""The length played when a table of many lengths is given without --length."""


@dataclass(frozen=True, eq=False)
class Wordle:
    """A Wordle variant: allowed guesses, possible answers and their pattern matrix."""

    guesses: tuple[Word, ...]
    answers: tuple[Word, ...]
    matrix: Matrix = field(repr=False)
    weights: np.ndarray | None = field(default=None, repr=False)
    """Each answer's prior (any positive scale); None: every answer alike."""
    common: tuple[Word, ...] | None = field(default=None, repr=False)
    """The answers `stats` plays (and several boards draw) when none are given, where not
    every answer is meant to be played: the built-in lists' answers table. None: every
    answer."""

    @property
    def secrets(self) -> tuple[Word, ...]:
        """The answers `stats` plays by default."""
        return self.answers if self.common is None else self.common

    @cached_property
    def weighted(self) -> bool:
        """Whether the answers carry a prior that is not uniform."""
        return self.weights is not None

    @cached_property
    def prior(self) -> np.ndarray:
        """Each answer's prior as float64 (ones when uniform)."""
        if self.weights is None:
            return np.ones(len(self.answers))
        return np.asarray(self.weights, dtype=np.float64)

    @cached_property
    def length(self) -> int:
        """The word length."""
        return word_length(self.guesses, self.answers)

    @cached_property
    def win(self) -> Pattern:
        """The all-green pattern."""
        return all_green(self.length)

    @cached_property
    def guess_index(self) -> dict[Word, int]:
        """Row of each allowed guess."""
        return {w: i for i, w in enumerate(self.guesses)}

    @cached_property
    def answer_index(self) -> dict[Word, int]:
        """Column of each possible answer."""
        return {w: i for i, w in enumerate(self.answers)}

    @cached_property
    def answer_rows(self) -> np.ndarray:
        """The guess row of each answer (answers are always allowed guesses)."""
        return np.array([self.guess_index[w] for w in self.answers], dtype=np.int64)

    @cached_property
    def plain_matrix(self) -> bool:
        """Whether the matrix is C-ordered with native 1- or 2-byte patterns (up to 10
        letters): what the compiled search kernels read."""
        m = self.matrix
        return bool(m.dtype.kind == "u" and m.dtype.itemsize <= 2 and m.dtype.isnative) and bool(
            m.flags.c_contiguous
        )

    @cached_property
    def matrix_t(self) -> Matrix:
        """The transposed matrix, contiguous: a subset's columns become rows (memory-mapped
        from the cache when the matrix is)."""
        return answer_major(self.matrix)

    @cached_property
    def answer_reader(self) -> RowReader | None:
        """Reads a few answers' rows of the answer-major copy from disk (None: not cached)."""
        return answer_reader(self.matrix)

    def answer_patterns(self, answers: np.ndarray) -> Matrix:
        """(len(answers), guesses): the pattern of each answer under every guess, read from
        disk when the copy is cached and the matrix not yet transposed in memory."""
        reader = None if "matrix_t" in self.__dict__ else self.answer_reader
        if reader is not None:
            with contextlib.suppress(OSError):
                return reader(answers)
        return self.matrix_t[answers]

    @cached_property
    def guess_letters(self) -> np.ndarray:
        """(guesses, length) array of letter codes shared with `letter_counts`."""
        return letter_array(self.guesses)

    @cached_property
    def alphabet(self) -> dict[str, int]:
        """Letter → code used in `guess_letters`."""
        letters = sorted(set("".join(self.guesses)))
        return {c: i for i, c in enumerate(letters)}

    @cached_property
    def letter_counts(self) -> np.ndarray:
        """(guesses, alphabet) count of each letter in each guess."""
        g = self.guess_letters
        counts = np.zeros((len(g), len(self.alphabet)), dtype=np.uint8)
        for i in range(self.length):
            np.add.at(counts, (np.arange(len(g)), g[:, i]), 1)
        return counts

    @cached_property
    def letter_masks(self) -> dict[tuple[int, str], np.ndarray]:
        """Masks over the guesses, built on demand (the hard-mode rule reuses them):
        (position, letter) for that letter there, (-k, letter) for at least k copies."""
        return {}

    def letter_mask(self, position: int, letter: str) -> np.ndarray:
        """Guesses with `letter` at `position`."""
        mask = self.letter_masks.get((position, letter))
        if mask is None:
            code = self.alphabet.get(letter)
            mask = (
                self.guess_letters[:, position] == code
                if code is not None
                else np.zeros(len(self.guesses), dtype=bool)
            )
            self.letter_masks[(position, letter)] = mask
        return mask

    def count_mask(self, letter: str, count: int) -> np.ndarray:
        """Guesses holding `letter` at least `count` times."""
        mask = self.letter_masks.get((-count, letter))
        if mask is None:
            code = self.alphabet.get(letter)
            mask = (
                self.letter_counts[:, code] >= count
                if code is not None
                else np.zeros(len(self.guesses), dtype=bool)
            )
            self.letter_masks[(-count, letter)] = mask
        return mask

    @cached_property
    def key(self) -> str:
        """Content hash of both lists (and the prior, if any), for caches."""
        key = lists_key(self.guesses, self.answers)
        if self.weights is None:
            return key
        digest = hashlib.sha256(self.prior.tobytes()).hexdigest()[:16]
        return f"{key}-p{digest}"

    @cached_property
    def _marks(self) -> dict[int, tuple[int, ...]]:
        """The marks of each pattern met so far, first letter first (`pattern_marks`)."""
        return {}

    def legal_after(self, legal: np.ndarray | None, row: int, pattern: int) -> np.ndarray | None:
        """Hard mode's mask of legal guesses `legal` narrowed by guess `row` getting `pattern`:
        `hard_mask` of that one turn's rule, applied to a copy of `legal` mask by mask (an
        exact hard-mode search meets hundreds of thousands of such pairs); None (normal mode)
        stays None."""
        if legal is None:
            return None
        out = legal.copy()
        revealed: dict[str, int] = {}
        greens: dict[str, int] = {}
        marks = self._marks.get(pattern)
        if marks is None:
            marks = self._marks[pattern] = tuple(pattern_marks(pattern, self.length))
        for i, (c, m) in enumerate(zip(self.guesses[row], marks, strict=True)):
            if m == GREEN:
                out &= self.letter_mask(i, c)
                greens[c] = greens.get(c, 0) + 1
            if m != GRAY:
                revealed[c] = revealed.get(c, 0) + 1
        for c, k in revealed.items():
            if k > greens.get(c, 0):  # k greens of c already hold k copies of it
                out &= self.count_mask(c, k)
        return out

    def all_answers(self) -> np.ndarray:
        """Indices of every answer."""
        return np.arange(len(self.answers))

    def check_guess(self, guess: Word) -> int:
        """The row of `guess`, or a typed error if it has the wrong length or is unknown."""
        return self._position(guess, self.guess_index, "is not in the list of allowed guesses")

    def check_answer(self, word: Word) -> int:
        """The column of a possible answer, or a typed error naming what is wrong."""
        missing = (
            "is not an allowed word of these lists, so it cannot be the answer"
            if self.weighted
            else "is not in the answer list; pass a list that has it with --answers"
        )
        return self._position(word, self.answer_index, missing)

    def _position(self, typed: Word, index: dict[Word, int], missing: str) -> int:
        """Where a typed word (accents folded) stands in `index`, or a typed error."""
        word = tables.folded(typed)
        if word and not (word.isascii() and word.isalpha() and word.islower()):
            # what was typed, not its transliteration ('日本語' folds to 'ri ben yu')
            raise UnknownWordError(not_a_word(typed))
        if len(word) != self.length:
            raise WordLengthError(
                f"{shortened(word, 100)!r} has {plural(len(word), 'letter')}; "
                f"this game uses {self.length}-letter words"
            )
        if word not in index:
            raise UnknownWordError(f"{word!r} {missing}")
        return index[word]


def make_wordle(
    guesses: Iterable[Word],
    answers: Iterable[Word],
    use_disk: bool = True,
    weights: Sequence[float] | np.ndarray | None = None,
) -> Wordle:
    """A Wordle context; answers missing from the guess list are appended to it. `weights`
    (one per answer given, a repeated answer keeping its largest) is the answers' prior."""
    answer_list = [w.lower() for w in answers]
    answers_t = tuple(dict.fromkeys(answer_list))
    guesses_l = list(dict.fromkeys(w.lower() for w in guesses))
    known = set(guesses_l)
    guesses_l += [w for w in answers_t if w not in known]
    guesses_t = tuple(guesses_l)
    word_length(guesses_t, answers_t)
    prior = None
    if weights is not None:
        prior = answer_prior(answer_list, answers_t, weights)
    return Wordle(guesses_t, answers_t, pattern_matrix(guesses_t, answers_t, use_disk), prior)


def answer_prior(
    given: Sequence[Word], answers: Sequence[Word], weights: Sequence[float] | np.ndarray
) -> np.ndarray:
    """The prior of each distinct answer from weights aligned with `given` (largest kept)."""
    values = np.asarray(weights, dtype=np.float64)
    if values.shape != (len(given),):
        raise GameStateError(f"{len(values)} weights for {len(given)} answers")
    if not np.isfinite(values).all() or (values <= 0).any():
        raise GameStateError("answer weights must be positive finite numbers")
    index = {w: i for i, w in enumerate(answers)}
    prior = np.zeros(len(answers))
    np.maximum.at(prior, [index[w] for w in given], values)
    return prior


def frequency_prior(
    weights: Sequence[float] | np.ndarray,
    center: float = PRIOR_CENTER,
    width: float = PRIOR_WIDTH,
) -> np.ndarray:
    """Each word's prior of being the answer from its weight (word frequency): a logistic
    curve over its frequency rank, 1/(1 + exp((rank - center) / width)), so the commonest
    `center` words are likely and the rest fade without ever reaching zero. Equal weights
    share their mean rank (a uniform table gets a uniform prior)."""
    w = np.asarray(weights, dtype=np.float64)
    if not len(w):
        return w
    # Average rank of each distinct weight, heaviest first.
    values, inverse, counts = np.unique(-w, return_inverse=True, return_counts=True)
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    rank = (first + (counts - 1) / 2)[inverse]
    z = np.clip((rank - center) / width, -700, 700)
    # Far down the list the curve underflows: keep a floor so no word is impossible.
    return np.maximum(1.0 / (1.0 + np.exp(z)), 1e-12)


def table_words(source: str, length: int | None) -> tuple[list[Word], np.ndarray, int]:
    """The distinct words of a table of one length (default: its only length, else
    DEFAULT_LENGTH), their weights (largest kept) and the length."""
    table = tables.load_columns(source)
    lengths = sorted({len(w) for w in table.words})
    mixed = length is None and len(lengths) > 1
    if length is None:
        length = lengths[0] if len(lengths) == 1 else DEFAULT_LENGTH
    best: dict[Word, float] = {}
    for word, weight in zip(table.words, table.weights.tolist(), strict=True):
        if len(word) == length and (word not in best or weight > best[word]):
            best[word] = weight
    if not best:
        hint = lengths_hint(lengths, asked=not mixed)
        raise GameStateError(f"{source} has no {length}-letter words{hint}")
    if mixed and source not in tables.builtin_names():  # a user's table: say what is played
        left = len(set(table.words)) - len(best)
        warnings.warn(
            f"{source} holds words of several lengths: playing its "
            f"{plural(len(best), f'{length}-letter word')}, {left:,} left out (--length N plays "
            "another)",
            WordkitWarning,
            stacklevel=2,
        )
    return list(best), np.fromiter(best.values(), dtype=np.float64, count=len(best)), length


def lengths_hint(lengths: Sequence[int], *, asked: bool) -> str:
    """What a list's error adds when it has no words of the length played: the lengths it
    has, and (when no --length was `asked` for) that --length plays them."""
    if not lengths:
        return ""
    has = f"its words have {', '.join(map(str, lengths))} letters"
    return f" ({has})" if asked else f" ({has}: --length N plays them)"


def weighted_wordle(
    words: Sequence[Word], weights: np.ndarray, extra_guesses: Sequence[Word] = ()
) -> Wordle:
    """Lists that never dead-end: every word (and every extra guess, at the lowest weight)
    is a possible answer, with the frequency prior of its weight."""
    known = set(words)
    extra = [w for w in dict.fromkeys(extra_guesses) if w not in known]
    everyone = [*words, *extra]
    low = float(weights.min()) if len(weights) else 0.0
    all_weights = np.concatenate((weights, np.full(len(extra), min(low, 0.0))))
    return make_wordle(everyone, everyone, weights=frequency_prior(all_weights))


def legal_key(legal: np.ndarray | None) -> bytes:
    """A short key naming a hard-mode legal-guess mask (empty in normal mode), for memos."""
    if legal is None:
        return b""
    return hashlib.blake2b(np.packbits(legal).tobytes(), digest_size=16).digest()


def read_words(path: str | os.PathLike[str]) -> list[Word]:
    """The distinct lower-cased words of a table or word list (read by wordkit.tables)."""
    return tables.load_columns(str(path)).distinct()


def load_wordle(
    answers_path: str | os.PathLike[str],
    allowed_path: str | os.PathLike[str] | None = None,
    use_disk: bool = True,
) -> Wordle:
    """A Wordle context read from an answers file and an optional allowed-guesses file."""
    answers = read_words(answers_path)
    allowed = read_words(allowed_path) if allowed_path else answers
    return make_wordle(allowed, answers, use_disk)


def guesses_of_length(guesses: str, length: int, *, chosen: bool = False) -> list[str]:
    """The words of `length` letters of a `--guesses` list (a dictionary may hold others); a
    list with none is refused, not dropped. Unless the length was `chosen` (--length), a
    user's list whose other words are left out is told so."""
    every = tables.load_columns(guesses)
    found = every.distinct(length)
    if not found:
        raise GameStateError(f"{guesses} has no {length}-letter words to add as guesses")
    left = len(every.distinct()) - len(found)
    if left and not chosen and guesses not in tables.builtin_names():
        warnings.warn(
            f"{guesses} holds words of several lengths: adding its "
            f"{plural(len(found), f'{length}-letter word')} as guesses, {left:,} left out",
            WordkitWarning,
            stacklevel=2,
        )
    return found


def only_answers(answers: str, answer_words: list[str], length: int) -> list[str]:
    """The guesses when the built-in list has none of the answers' length: the answers alone,
    told (the game is then much harder than with a dictionary's words to probe with)."""
    warnings.warn(
        f"the built-in guesses have no {length}-letter words: {answers}'s "
        f"{plural(len(answer_words), 'answer')} are the only allowed guesses (--guesses FILE "
        "adds more)",
        WordkitWarning,
        stacklevel=2,
    )
    return answer_words


def check_list_options(*, answers: str | None, length: int | None, words: str | None) -> None:
    """The list options alone, before any list is read: a length in range, one source of
    answers."""
    if length is not None and length not in LENGTHS:
        raise RangeError(f"--length must be between {LENGTHS[0]} and {LENGTHS[-1]}, not {length}")
    if words is not None and answers is not None:
        raise GameStateError("give --words TABLE or --answers FILE, not both")


def select_lists(
    answers: str | None = None,
    guesses: str | None = None,
    length: int | None = None,
    words: str | None = None,
) -> Wordle:
    """The lists the command-line options ask for.

    * `words` (`--words TABLE`): the table's words of the length are the guesses and the
      answers, a prior from its weights' ranks (`frequency_prior`); `guesses` adds allowed guesses.
    * `answers` (`--answers`): exactly those answers, every one alike (the original game's
      lists give the proven optimum), guesses from `guesses` or the built-in list.
    * neither: the built-in lists, which never dead-end (`builtin_wordle`); with `length`,
      the `english` table's words of that length, weighted the same way.
    """
    check_list_options(answers=answers, length=length, words=words)
    if words is None and answers is None:
        if length is None:
            return builtin_wordle(guesses_of_length(guesses, DEFAULT_LENGTH) if guesses else ())
        words = "english"
    if words is not None:
        chosen = length is not None
        found, weights, length = table_words(words, length)
        extra = guesses_of_length(guesses, length, chosen=chosen) if guesses else []
        return weighted_wordle(found, weights, extra)
    assert answers is not None
    if length is not None:
        every = tables.load_columns(answers)
        answer_words = every.distinct(length)
        if not answer_words:
            hint = lengths_hint(sorted({len(w) for w in every.words}), asked=True)
            raise GameStateError(f"{answers} has no {length}-letter words{hint}")
        if guesses:
            guess_words = guesses_of_length(guesses, length, chosen=True)
        elif len(every.distinct()) > len(answer_words):  # a dictionary: its words are guesses
            guess_words = answer_words
        else:  # a list of one length: the same guesses as without --length
            builtin = tables.load_columns("wordle-guesses").distinct(length)
            guess_words = builtin or only_answers(answers, answer_words, length)
        return make_wordle(guess_words, answer_words)
    answer_words = tables.load_columns(answers).distinct()
    if guesses is None and len({len(w) for w in answer_words}) > 1:
        # A whole dictionary (portuguese, english): play its words of the usual length.
        game = select_lists(answers, None, DEFAULT_LENGTH)
        left = len(answer_words) - len(game.answers)
        if answers not in tables.builtin_names():  # a user's list: say what is played
            warnings.warn(
                f"{answers} holds words of several lengths: playing its "
                f"{plural(len(game.answers), f'{DEFAULT_LENGTH}-letter word')}, {left:,} left "
                "out, as the answers and the only guesses (--length N plays another)",
                WordkitWarning,
                stacklevel=2,
            )
        return game
    if not answer_words:
        raise GameStateError("the answer list is empty")
    wanted = word_length(answer_words)  # a mixed answer list is named before the guesses are
    if guesses is not None:  # a dictionary may hold other lengths: the answers' one is played
        guess_words = guesses_of_length(guesses, wanted)
    else:
        guess_words = tables.load_columns("wordle-guesses").distinct()
        # A user's own answer list brings its own length; keep guesses that match it.
        if any(len(w) != wanted for w in guess_words):
            guess_words = only_answers(answers, answer_words, wanted)
    return make_wordle(guess_words, answer_words)


def builtin_wordle(extra_guesses: Sequence[Word] = ()) -> Wordle:
    """The built-in lists, which never dead-end: every allowed guess (`wordle-guesses`, and
    any extra guesses) is a possible answer, weighted by `frequency_prior`; the words of the
    `wordle` answers table rank as if LIKELY_BOOST times more frequent, since a setter picks
    common words that are not inflections ("lamps", "baked") far more often."""
    found, weights, _ = table_words("wordle-guesses", DEFAULT_LENGTH)
    likely = set(tables.load_columns("wordle").words)
    boost = np.array([LIKELY_BOOST if w in likely else 1.0 for w in found])
    game = weighted_wordle(found, weights * boost, extra_guesses)
    return replace(game, common=tuple(w for w in game.answers if w in likely))


def check_secrets(game: Wordle, secrets: Sequence[Word], source: str) -> list[Word]:
    """The answers named by a list of secrets (`--secrets FILE`), each checked: a secret that
    is not a possible answer of these lists is a typed error naming it."""
    if not secrets:
        raise GameStateError(f"{source} has no words to play")
    found = []
    for word in secrets:
        try:
            found.append(game.answers[game.check_answer(word)])
        except GameStateError as exc:
            raise type(exc)(f"--secrets {source}: {exc}") from None
    return found


# ---------------------------------------------------------------------------------------
# The original game's lists

# Fingerprints of the original game's lists (sorted, newline-joined, SHA-256 prefix): when a
# user loads their own copy, stats shows the proven optimum beside the mean.
ORIGINAL_ANSWERS = "5209b35f823f8b80"
ORIGINAL_GUESSES = "498f38211e3bafbf"


class Optimum(NamedTuple):
    """The proven least-total decision tree: its opener, total guesses and mean."""

    opener: str
    total: int
    mean: float


KNOWN_OPTIMUM = {False: Optimum("salet", 7920, 3.4212), True: Optimum("salet", 8122, 3.5084)}


def fingerprint(words: Sequence[Word]) -> str:
    """A short content hash of a word list, order-insensitive."""
    return hashlib.sha256("\n".join(sorted(set(words))).encode()).hexdigest()[:16]


def known_optimum(game: Wordle, hard: bool) -> Optimum | None:
    """The proven optimum when the lists are the original game's, else None."""
    original = fingerprint(game.answers) == ORIGINAL_ANSWERS
    return (
        KNOWN_OPTIMUM[hard] if original and fingerprint(game.guesses) == ORIGINAL_GUESSES else None
    )
