"""Wordle rules: feedback, pattern parsing, the pattern matrix, consistency and hard mode.

Patterns are integers in base 3 with the *first* letter as the most significant digit,
so `pattern_str(p)` reads left to right like the board: 0 gray, 1 yellow, 2 green.
E.g. feedback('speed', 'abide') == int('00101', 3) == 10.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from wordkit import tables
from wordkit.errors import GameStateError, WordkitError

Word = str
Pattern = int
Turn = tuple[Word, Pattern]  # a guess and the feedback it received
History = Sequence[Turn]
Matrix = np.ndarray  # rows = guesses, columns = answers, entries = patterns

GRAY, YELLOW, GREEN = 0, 1, 2
MAX_TURNS = 6

# ---------------------------------------------------------------------------------------
# Errors


class WordLengthError(GameStateError):
    """A word or a feedback pattern has the wrong length, or lists mix lengths."""


class FeedbackFormatError(GameStateError):
    """A feedback string contains a character that is not a feedback mark."""


class UnknownWordError(GameStateError):
    """A guess is not in the list of allowed guesses."""


class NoAnswerLeftError(GameStateError):
    """The feedback history rules out every answer."""


class HardModeError(GameStateError):
    """A guess breaks the hard-mode rule (revealed hints must be reused)."""


# ---------------------------------------------------------------------------------------
# Feedback


def feedback(guess: Word, answer: Word) -> Pattern:
    """The feedback pattern for `guess` when the secret is `answer` (base 3, first = MSD)."""
    if len(guess) != len(answer):
        raise WordLengthError(
            f"{guess!r} has {len(guess)} letters but {answer!r} has {len(answer)}"
        )
    marks = [GREEN if g == a else GRAY for g, a in zip(guess, answer, strict=True)]
    # Letters of the answer not matched by a green are available for yellows, left to right.
    unmatched = Counter(a for a, m in zip(answer, marks, strict=True) if m != GREEN)
    for i, g in enumerate(guess):
        if marks[i] != GREEN and unmatched[g] > 0:
            marks[i] = YELLOW
            unmatched[g] -= 1
    return marks_to_pattern(marks)


def marks_to_pattern(marks: Sequence[int]) -> Pattern:
    """The integer pattern for a list of marks (0/1/2), first mark most significant."""
    p = 0
    for m in marks:
        p = 3 * p + m
    return p


def pattern_marks(pattern: Pattern, length: int = 5) -> list[int]:
    """The list of marks (0/1/2) of a pattern, first letter first."""
    marks = []
    for _ in range(length):
        pattern, m = divmod(pattern, 3)
        marks.append(m)
    return marks[::-1]


def all_green(length: int = 5) -> Pattern:
    """The winning pattern for words of `length` letters."""
    return 3**length - 1


def pattern_str(pattern: Pattern, length: int = 5, style: str = "digits") -> str:
    """A pattern as text: style 'digits' (20010), 'letters' (GBBYB) or 'emoji' (🟩⬛⬛🟨⬛)."""
    symbols = {"digits": "012", "letters": "BYG", "emoji": "⬛🟨🟩"}
    if style not in symbols:
        raise WordkitError(f"unknown pattern style {style!r}; use digits, letters or emoji")
    return "".join(symbols[style][m] for m in pattern_marks(pattern, length))


# Every accepted mark, case-insensitive for letters. ⬜ (light-mode gray) counts as gray.
_MARKS = {
    "0": GRAY, "b": GRAY, "⬛": GRAY, "⬜": GRAY,
    "1": YELLOW, "y": YELLOW, "🟨": YELLOW,
    "2": GREEN, "g": GREEN, "🟩": GREEN,
}  # fmt: skip


def parse_feedback(text: str, length: int = 5) -> Pattern:
    """The pattern written as G/Y/B letters, 2/1/0 digits, 🟩🟨⬛⬜ squares, or a mix."""
    # Variation selectors and spaces sometimes come along with pasted emoji.
    chars = [c for c in text.strip() if c not in " \ufe0f"]
    for c in chars:
        if c.lower() not in _MARKS:
            raise FeedbackFormatError(
                f'"{text}": {c!r} is not a feedback mark; use G/Y/B, 2/1/0 or 🟩🟨⬛'
            )
    if len(chars) != length:
        raise WordLengthError(
            f'"{text}": feedback has {len(chars)} marks but words have {length} letters'
        )
    return marks_to_pattern([_MARKS[c.lower()] for c in chars])


# ---------------------------------------------------------------------------------------
# Word lists


def read_words(path: str | os.PathLike[str]) -> list[Word]:
    """The distinct lower-cased words of a table or word list (read by wordkit.tables)."""
    return tables.words_of(tables.load_table(str(path)))


def word_length(*lists: Sequence[Word]) -> int:
    """The common length of every word in `lists`; mixed lengths raise WordLengthError."""
    lengths = Counter(len(w) for words in lists for w in words)
    if not lengths:
        raise WordLengthError("no words given")
    if len(lengths) > 1:
        examples = ", ".join(
            f"{n} letters ({next(w for ws in lists for w in ws if len(w) == n)!r})"
            for n in sorted(lengths)
        )
        raise WordLengthError(f"word lists mix lengths: {examples}")
    return next(iter(lengths))


def letter_array(words: Sequence[Word]) -> np.ndarray:
    """An (n, length) uint8 array of letter codes (0..255 of each character's ordinal)."""
    length = word_length(words)
    data = "".join(words).encode("utf-32-le")
    codes = np.frombuffer(data, dtype=np.uint32).reshape(len(words), length)
    # Compact the alphabet so codes index small count tables even for non-ASCII letters.
    _, inverse = np.unique(codes, return_inverse=True)
    return inverse.reshape(codes.shape).astype(np.uint8)


def pattern_dtype(length: int) -> type[np.unsignedinteger]:
    """The smallest unsigned dtype holding every pattern of `length` letters."""
    if 3**length <= 2**8:
        return np.uint8
    if 3**length <= 2**16:
        return np.uint16
    if 3**length <= 2**32:
        return np.uint32
    raise WordLengthError(f"words of {length} letters are too long for a pattern matrix")


# ---------------------------------------------------------------------------------------
# The pattern matrix


def _matrix_block(g: np.ndarray, a: np.ndarray, acount: np.ndarray, dtype: type) -> np.ndarray:
    """Patterns for guess letters g (k, L) against answer letters a (n, L), vectorised."""
    k, length = g.shape
    greens = [g[:, i, None] == a[None, :, i] for i in range(length)]
    out: np.ndarray = np.zeros((k, a.shape[0]), dtype=dtype)
    for i in range(length):
        # Yellow iff the answer has more copies of the letter than the guess spends on
        # earlier positions (any mark) plus later greens: greens are matched first, then
        # yellows go left to right.
        same = g == g[:, i, None]  # (k, L): guess positions holding the same letter
        spent = same[:, :i].sum(axis=1).astype(np.uint8)[:, None]
        spent = np.broadcast_to(spent, out.shape)
        later = [j for j in range(i + 1, length) if same[:, j].any()]
        if later:
            spent = spent + sum(greens[j] & same[:, j, None] for j in later)
        count = acount[g[:, i]]  # (k, n): copies of guess letter i in each answer
        yellow = ~greens[i] & (count > spent)
        out = out * 3 + (2 * greens[i] + yellow).astype(dtype)
    return out


def compute_pattern_matrix(guesses: Sequence[Word], answers: Sequence[Word]) -> Matrix:
    """The (guesses × answers) feedback matrix, computed without a Python loop over pairs."""
    length = word_length(guesses, answers)
    dtype = pattern_dtype(length)
    codes = letter_array([*guesses, *answers])
    g, a = codes[: len(guesses)], codes[len(guesses) :]
    nletters = int(codes.max()) + 1
    acount = np.zeros((nletters, len(answers)), dtype=np.uint8)
    for i in range(length):
        np.add.at(acount, (a[:, i], np.arange(len(answers))), 1)
    # Blocks of guesses keep the temporaries in cache.
    step = max(1, 2**19 // max(1, len(answers)))
    blocks = [
        _matrix_block(g[s : s + step], a, acount, dtype) for s in range(0, len(guesses), step)
    ]
    if not blocks:
        return np.zeros((0, len(answers)), dtype=dtype)
    return np.concatenate(blocks)


def cache_dir() -> Path:
    """The user cache directory: $WORDKIT_CACHE, else $XDG_CACHE_HOME/wordkit, else ~/.cache."""
    if os.environ.get("WORDKIT_CACHE"):
        return Path(os.environ["WORDKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "wordkit"


def lists_key(guesses: Sequence[Word], answers: Sequence[Word]) -> str:
    """A content hash of both word lists (and their length) naming cached results."""
    length = word_length(guesses, answers)
    h = hashlib.sha256(f"wordle-v1 L={length}\n".encode())
    h.update("\n".join(guesses).encode())
    h.update(b"\0")
    h.update("\n".join(answers).encode())
    return h.hexdigest()[:24]


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` via a temp file and os.replace, so readers never see half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


_MATRIX_MEMO: dict[str, Matrix] = {}


def pattern_matrix(
    guesses: Sequence[Word], answers: Sequence[Word], use_disk: bool = True
) -> Matrix:
    """The feedback matrix, memoised in process and cached on disk by the lists' content."""
    key = lists_key(guesses, answers)
    if key in _MATRIX_MEMO:
        return _MATRIX_MEMO[key]
    path = cache_dir() / f"wordle-matrix-{key}.npy"
    matrix = None
    if use_disk and path.exists():
        try:
            matrix = np.load(path, allow_pickle=False)
            if matrix.shape != (len(guesses), len(answers)):
                matrix = None
        except (OSError, ValueError):
            matrix = None  # a damaged cache file is simply rebuilt
    if matrix is None:
        matrix = compute_pattern_matrix(guesses, answers)
        if use_disk:
            buf = io.BytesIO()
            np.save(buf, matrix, allow_pickle=False)
            # Caching is an optimisation; a read-only home must not break play.
            with contextlib.suppress(OSError):
                atomic_write_bytes(path, buf.getvalue())
    matrix.setflags(write=False)
    _MATRIX_MEMO[key] = matrix
    return matrix


# ---------------------------------------------------------------------------------------
# The game context: both lists, the matrix and lookups


@dataclass(frozen=True, eq=False)
class Wordle:
    """A Wordle variant: allowed guesses, possible answers and their pattern matrix."""

    guesses: tuple[Word, ...]
    answers: tuple[Word, ...]
    matrix: Matrix = field(repr=False)

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
    def is_answer(self) -> np.ndarray:
        """Boolean mask over guesses: is this guess a possible answer?"""
        mask = np.zeros(len(self.guesses), dtype=bool)
        mask[self.answer_rows] = True
        return mask

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
    def key(self) -> str:
        """Content hash of both lists, for disk caches."""
        return lists_key(self.guesses, self.answers)

    def all_answers(self) -> np.ndarray:
        """Indices of every answer."""
        return np.arange(len(self.answers))

    def check_guess(self, guess: Word) -> int:
        """The row of `guess`, or a typed error if it has the wrong length or is unknown."""
        guess = guess.strip().lower()
        if len(guess) != self.length:
            raise WordLengthError(
                f"{guess!r} has {len(guess)} letters; this game uses {self.length}-letter words"
            )
        if guess not in self.guess_index:
            raise UnknownWordError(f"{guess!r} is not in the list of allowed guesses")
        return self.guess_index[guess]


def make_wordle(guesses: Iterable[Word], answers: Iterable[Word], use_disk: bool = True) -> Wordle:
    """A Wordle context; answers missing from the guess list are appended to it."""
    answers_t = tuple(dict.fromkeys(w.lower() for w in answers))
    guesses_l = list(dict.fromkeys(w.lower() for w in guesses))
    known = set(guesses_l)
    guesses_l += [w for w in answers_t if w not in known]
    guesses_t = tuple(guesses_l)
    word_length(guesses_t, answers_t)
    return Wordle(guesses_t, answers_t, pattern_matrix(guesses_t, answers_t, use_disk))


def load_wordle(
    answers_path: str | os.PathLike[str],
    allowed_path: str | os.PathLike[str] | None = None,
    use_disk: bool = True,
) -> Wordle:
    """A Wordle context read from an answers file and an optional allowed-guesses file."""
    answers = read_words(answers_path)
    allowed = read_words(allowed_path) if allowed_path else answers
    return make_wordle(allowed, answers, use_disk)


# ---------------------------------------------------------------------------------------
# Consistency and hard mode


def consistent(game: Wordle, history: History, remaining: np.ndarray | None = None) -> np.ndarray:
    """Indices of answers consistent with every (guess, pattern) in `history`."""
    rem = game.all_answers() if remaining is None else remaining
    for n, (guess, pattern) in enumerate(history, 1):
        row = game.check_guess(guess)
        kept = rem[game.matrix[row, rem] == pattern]
        if len(kept) == 0:
            raise NoAnswerLeftError(
                f"no answer is consistent with the feedback: entry {n} "
                f"({guess.upper()} {pattern_str(pattern, game.length, 'letters')}) "
                f"leaves no answer out of {len(rem)} remaining"
            )
        rem = kept
    return rem


@dataclass(frozen=True)
class HardRule:
    """What hard mode demands of the next guess: fixed greens and minimum letter counts."""

    greens: tuple[tuple[int, str], ...] = ()
    minimum: tuple[tuple[str, int], ...] = ()


def hard_rule(history: History, length: int = 5) -> HardRule:
    """The hard-mode constraints implied by a history (greens in place, revealed counts)."""
    greens: dict[int, str] = {}
    minimum: Counter[str] = Counter()
    for guess, pattern in history:
        marks = pattern_marks(pattern, length)
        revealed: Counter[str] = Counter()
        for i, (c, m) in enumerate(zip(guess, marks, strict=True)):
            if m == GREEN:
                greens[i] = c
            if m != GRAY:
                revealed[c] += 1
        for c, k in revealed.items():
            minimum[c] = max(minimum[c], k)
    return HardRule(tuple(sorted(greens.items())), tuple(sorted(minimum.items())))


def hard_violation(guess: Word, rule: HardRule) -> str | None:
    """Why `guess` breaks the hard-mode rule, or None if it is allowed."""
    ordinals = ["1st", "2nd", "3rd"] + [f"{i}th" for i in range(4, 40)]
    for i, c in rule.greens:
        if guess[i] != c:
            return f"{ordinals[i]} letter must be {c.upper()}"
    counts = Counter(guess)
    for c, k in rule.minimum:
        if counts[c] < k:
            times = "" if k == 1 else f" {k} times"
            return f"guess must contain {c.upper()}{times}"
    return None


def check_hard(guess: Word, history: History, length: int = 5) -> None:
    """Raise HardModeError if `guess` does not reuse every hint revealed in `history`."""
    why = hard_violation(guess.lower(), hard_rule(history, length))
    if why:
        raise HardModeError(f"hard mode: {guess.upper()} is not allowed: {why}")


def hard_candidates(game: Wordle, rule: HardRule) -> np.ndarray:
    """Indices of the guesses allowed by a hard-mode rule (vectorised over all guesses)."""
    ok = np.ones(len(game.guesses), dtype=bool)
    for i, c in rule.greens:
        code = game.alphabet.get(c)
        if code is None:
            return np.zeros(0, dtype=np.int64)
        ok &= game.guess_letters[:, i] == code
    for c, k in rule.minimum:
        code = game.alphabet.get(c)
        if code is None:
            return np.zeros(0, dtype=np.int64)
        ok &= game.letter_counts[:, code] >= k
    return np.flatnonzero(ok)


def validate_history(game: Wordle, history: History, hard: bool = False) -> np.ndarray:
    """Check every guess (known word, right length, hard mode) and return remaining answers."""
    for n, (guess, _) in enumerate(history):
        game.check_guess(guess)
        if hard:
            why = hard_violation(guess.lower(), hard_rule(history[:n], game.length))
            if why:
                raise HardModeError(f"hard mode: guess {n + 1} ({guess.upper()}): {why}")
    return consistent(game, [(g.lower(), p) for g, p in history])
