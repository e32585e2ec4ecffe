"""Out-of-dictionary play: a letter model learned from the table, conditioned on the mask.

For each hidden position the model looks up, in the table's words, which letters occur between
the known characters just left of it (up to five, `^` at the word start) and just right of it
(`$` at the end), backing off to shorter contexts when a context is rare. The letter most
likely to appear in at least one hidden position is guessed; with one or two blanks (or a likely
fill) it guesses the most probable whole word it can build that was not refuted yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np
import numpy.typing as npt

from wordkit.hangman.board import Board, Decision, fallback_letter
from wordkit.hangman.lexicon import Floats, Pool
from wordkit.hangman.rules import ALPHABET, HIDDEN, State, exhausted_letters, letter_code

Counts = npt.NDArray[np.float64]
MAX_CONTEXT = 5
BACKOFF = 10.0
MIN_CONTEXT_COUNT = 2.0
WORD_GUESS_PROBABILITY = 0.5
MAX_FILL_BLANKS = 2
FILL_OPTIONS = 6
CONTEXT_SHAPES = sorted(
    ((a, b) for a in range(MAX_CONTEXT + 1) for b in range(MAX_CONTEXT + 1) if a + b),
    key=lambda ab: (-(ab[0] + ab[1]), abs(ab[0] - ab[1])),
)


SYMBOLS = "^" + ALPHABET + "$"
"""Context characters; a context's key is its characters in base RADIX (no digit 0), then its
shape: distinct contexts get distinct keys, at most 29**10 * 64 * 26 < 2**63 with the letter."""
RADIX = len(SYMBOLS) + 1
SHAPES_RADIX = 64


@dataclass(frozen=True, slots=True)
class LetterModel:
    """Letter counts for every context `LEFT?RIGHT` of up to five known characters a side
    (`^` before the start, `$` after the end) in the table's words, and overall: `keys` holds
    the sorted (context key * 26 + letter) pairs seen and `counts` how often."""

    keys: npt.NDArray[np.int64]
    counts: npt.NDArray[np.int64]
    unigram: Counts

    def letter_order(self) -> str:
        """The letters from most to least frequent in the table's words (ties alphabetical)."""
        return "".join(ALPHABET[c] for c in np.argsort(-self.unigram, kind="stable"))

    def context_counts(self, left: str, right: str) -> Counts | None:
        """Letter counts between `left` and `right`, or None for a context seen under twice."""
        key = context_key(CONTEXT_SHAPES.index((len(left), len(right))), left + right) * 26
        lo, hi = np.searchsorted(self.keys, [key, key + 26])
        if hi - lo == 0:
            return None
        out = np.zeros(26)
        out[self.keys[lo:hi] - key] = self.counts[lo:hi]
        return out if out.sum() >= MIN_CONTEXT_COUNT else None


def context_key(shape: int, chars: str) -> int:
    """The number naming a context: its characters (digits 1..RADIX-1, so the length is
    implied), then its shape (where `?` splits them)."""
    key = 0
    for ch in chars:
        key = key * RADIX + SYMBOLS.index(ch) + 1
    return key * SHAPES_RADIX + shape


def learned_model(words: list[str]) -> LetterModel:
    """Count, over `words`, the letter at every position in each of its contexts (vectorised:
    the words as rows of symbol codes, one key array per context shape)."""
    longest = max((len(w) for w in words), default=0)
    width = MAX_CONTEXT + longest + MAX_CONTEXT
    grid = np.full((len(words), width), SYMBOLS.index("$") + 1, dtype=np.int64)
    grid[:, :MAX_CONTEXT] = SYMBOLS.index("^") + 1
    lengths = np.array([len(w) for w in words], dtype=np.int64)
    for row, word in enumerate(words):
        grid[row, MAX_CONTEXT : MAX_CONTEXT + len(word)] = [SYMBOLS.index(c) + 1 for c in word]
    letters = grid[:, MAX_CONTEXT : MAX_CONTEXT + longest] - 2
    inside = np.arange(longest)[None, :] < lengths[:, None]
    at = MAX_CONTEXT + np.arange(longest)
    pairs = []
    for shape, (a, b) in enumerate(CONTEXT_SHAPES):
        key = np.zeros(letters.shape, dtype=np.int64)
        for offset in [*range(-a, 0), *range(1, b + 1)]:
            key = key * RADIX + grid[:, at + offset]
        pairs.append(((key * SHAPES_RADIX + shape) * 26 + letters)[inside])
    keys, counts = np.unique(np.concatenate(pairs), return_counts=True)
    unigram = np.bincount(letters[inside], minlength=26).astype(np.float64)
    return LetterModel(keys, counts.astype(np.int64), unigram)


_MODELS: dict[int, tuple[Pool, LetterModel]] = {}


def model_for(pool: Pool) -> LetterModel:
    """The letter model of a pool's words (built once per pool)."""
    cached = _MODELS.get(id(pool))
    if cached is None or cached[0] is not pool:
        words = [pool.lexicon.enc.words[i] for i in pool.ids]
        cached = (pool, learned_model(words))
        _MODELS[id(pool)] = cached
    return cached[1]


def context_left(mask: str, pos: int) -> str:
    """Up to five known characters just left of `pos` (`^` at the start)."""
    out = ""
    for k in range(1, MAX_CONTEXT + 1):
        if pos - k < 0:
            return "^" + out
        ch = mask[pos - k]
        if ch == HIDDEN:
            break
        out = ch + out
    return out


def context_right(mask: str, pos: int, length: int) -> str:
    """Up to five known characters just right of `pos` (`$` at the end)."""
    out = ""
    for k in range(1, MAX_CONTEXT + 1):
        if pos + k >= length:
            return out + "$"
        ch = mask[pos + k]
        if ch == HIDDEN:
            break
        out += ch
    return out


def position_distribution(
    model: LetterModel, mask: str, pos: int, length: int, allowed: Floats
) -> Floats:
    """P(letter at a hidden position): the most specific contexts first, backing off to
    shorter ones and to the overall letter frequencies, over allowed letters only."""
    left, right = context_left(mask, pos), context_right(mask, pos, length)
    dist = np.zeros(26)
    remaining = 1.0
    for a, b in CONTEXT_SHAPES:
        if a > len(left) or b > len(right):
            continue
        counts = model.context_counts(left[len(left) - a :], right[:b])
        if counts is None:
            continue
        local = counts * allowed
        n = local.sum()
        if n <= 0:
            continue
        share = remaining * n / (n + BACKOFF)
        dist += share * local / n
        remaining -= share
        if remaining < 1e-3:
            break
    base = (model.unigram + 0.5) * allowed
    dist += remaining * base / base.sum()
    return dist / dist.sum()


def blank_distributions(board: Board, model: LetterModel) -> tuple[list[int], list[Floats]]:
    """The hidden positions of the (expected) word and the letter distribution at each."""
    state = board.state
    allowed = np.ones(26)
    closed = exhausted_letters(state)
    for ch in closed:
        allowed[letter_code(ch)] = 0.0
    length = expected_length(board)
    blanks = [i for i, ch in enumerate(state.mask[:length]) if ch == HIDDEN]
    return blanks, [position_distribution(model, state.mask, i, length, allowed) for i in blanks]


def expected_length(board: Board) -> int:
    """The word length: the mask's (classic), else the pool's most common fitting length."""
    state = board.state
    if state.rules.variant == "classic":
        return len(state.mask)
    shown = [i for i, ch in enumerate(state.mask) if ch != HIDDEN]
    least = (max(shown) + 1) if shown else 1
    lengths = board.pool.lexicon.enc.lengths[board.pool.ids]
    fitting = lengths[(lengths >= least) & (lengths <= len(state.mask))]
    return int(np.bincount(fitting).argmax()) if len(fitting) else least


def best_fill(
    state: State, blanks: list[int], dists: list[Floats], length: int
) -> tuple[str, float] | None:
    """The most probable whole word over 1-2 blanks, not yet refuted, and its probability."""
    options = [
        [(float(d[c]), ALPHABET[c]) for c in np.argsort(-d, kind="stable")[:FILL_OPTIONS]]
        for d in dists
    ]
    refuted = set(state.words)
    fills = sorted(product(*options), key=lambda combo: -float(np.prod([p for p, _ in combo])))
    for combo in fills:
        letters = list(state.mask[:length])
        for pos, (_, ch) in zip(blanks, combo, strict=True):
            letters[pos] = ch
        word = "".join(letters)
        if word not in refuted:
            return word, float(np.prod([p for p, _ in combo]))
    return None


def model_decision(board: Board) -> Decision:
    """The move when the dictionary has no candidate left: a model letter or a built word."""
    model = model_for(board.pool)
    blanks, dists = blank_distributions(board, model)
    state = board.state
    if not blanks:
        return Decision(fallback_letter(state, model.letter_order()), 0.0, "model")
    appear = 1.0 - np.prod([1.0 - d for d in dists], axis=0)
    for ch in exhausted_letters(state):
        appear[letter_code(ch)] = -1.0
    code = int(np.argmax(appear))
    if len(blanks) <= MAX_FILL_BLANKS:
        fill = best_fill(state, blanks, dists, expected_length(board))
        if fill is not None:
            word, prob = fill
            one_blank = len(blanks) == 1 and state.rules.variant == "classic"
            if prob >= WORD_GUESS_PROBABILITY or (one_blank and state.rules.finish == "word"):
                return Decision(word, prob, "model-word")
    if appear[code] < 0:
        return Decision(fallback_letter(state, model.letter_order()), 0.0, "model")
    return Decision(ALPHABET[code], float(appear[code]), "model")


def model_likelihood(board: Board) -> float:
    """Classic variant: the model's probability of the answers seen so far (positions shown
    and misses), replaying the guesses in order with independent positions."""
    state = board.state
    model = model_for(board.pool)
    length = len(state.mask)
    final = state.mask
    shown: set[str] = set()
    allowed = np.ones(26)
    likelihood = 1.0
    for ch in state.letters:
        mask = "".join(c if c in shown else HIDDEN for c in final)
        code = letter_code(ch)
        for pos, c in enumerate(mask):
            if c != HIDDEN:
                continue
            q = position_distribution(model, mask, pos, length, allowed)[code]
            likelihood *= q if final[pos] == ch else 1.0 - q
        shown.add(ch)
        allowed[code] = 0.0
    return likelihood


@dataclass
class LetterModelGuesser:
    """Only the letter model learned from the table: for secrets outside the dictionary."""

    name: str = "model"

    def __call__(self, board: Board) -> Decision:
        """The letter model's move, ignoring which dictionary words remain."""
        return model_decision(Board(board.state, board.pool, board.ids[:0]))
