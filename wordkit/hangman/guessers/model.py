"""Out-of-dictionary play: a letter model learned from the table, conditioned on the mask.

Two views of each hidden position, averaged: (1) the context counts: which letters occur, in the
table's words, between the known characters just left of it (up to five, `^` at the word start)
and just right of it (`$` at the end), backing off to shorter contexts when a context is rare;
(2) the n-gram posterior: an interpolated 4-gram character model of the table's words, conditioned
on the whole mask (letters already guessed never fill a blank) by forward-backward, so blanks next
to blanks inform each other. The letter most likely to appear in at least one hidden position is
guessed; with one blank, or a whole word the model is almost sure of, it guesses the word.

The model is built once per table and kept in the disk cache (keyed by the table's words). The
built-in `english` table's ships in the package (`models/`), learned from a larger vocabulary
than the table (`scripts/build_english_model.py`): it is unpacked into the cache on first use.
"""

from __future__ import annotations

import functools
import io
import os
import warnings
import weakref
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wordkit import cache
from wordkit.errors import ModelFileError, WordkitWarning
from wordkit.game import plural
from wordkit.hangman.board import Board, Decision, fallback
from wordkit.hangman.lexicon import Floats, Pool, pool_words
from wordkit.hangman.rules import ALPHABET, HIDDEN, Ids, State, exhausted_letters, letter_code

Counts = npt.NDArray[np.float64]
MAX_CONTEXT = 5
BACKOFF = 10.0
MIN_CONTEXT_COUNT = 1.0
WORD_GUESS_PROBABILITY = 1.01
"""Above 1: under finish=reveal a whole word is never guessed (a letter tells as much)."""
NGRAM_SHARE = 0.5
"""Weight of the n-gram posterior against the context counts at each blank (held-out best)."""
HISTORY = 3
"""Characters of history of the n-gram model (a 4-gram model)."""
START = 26
END = 27
STATES = 27
"""History symbols: the 26 letters and START (before the word)."""
HISTORIES = STATES**HISTORY
DISCOUNT = 0.75
BEAM = 2000
SPARSE_STEP = 2048
"""Below this many successor histories a forward step merges them by sorting, not densely."""
"""Histories kept at each step of the forward pass (the likeliest): bounds the time on long
masks with many blanks in a row."""
MODEL_VERSION = "hangman-letter-model-v5"
MODEL_ARRAYS = ("keys", "counts", "crcs", "unigram", "ngram")
"""The arrays of a model file."""
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


Contexts = tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.uint32] | None]
"""A model's context counts: the sorted (context key * 26 + letter) pairs seen, how often, and
for arrays mapped from a file, the CRC-32 of each CRC_BLOCK of both (checked per lookup)."""
CRC_BLOCK = 4096
"""Keys (and counts) per checksum of a model file: a lookup checks the blocks it reads."""


@dataclass(frozen=True, eq=False)
class LetterModel:
    """Letter counts for every context `LEFT?RIGHT` of up to five known characters a side
    (`^` before the start, `$` after the end) in the table's words, and overall: `keys` holds
    the sorted (context key * 26 + letter) pairs seen and `counts` how often."""

    unigram: Counts
    ngram: npt.NDArray[np.float32]
    """P(next symbol | last HISTORY symbols): (HISTORIES, 28), the 26 letters, START, END."""
    contexts_source: Callable[[bool], Contexts]
    """Gives `keys` and `counts` when first needed (they are most of a model's bytes, and a
    move inside the dictionary needs only the n-gram table): memory-mapped from the cache, a
    lookup reading a few pages; with True, read whole and checked."""

    @cached_property
    def contexts(self) -> Contexts:
        """The context counts, read on first use."""
        return self.contexts_source(False)

    @property
    def keys(self) -> npt.NDArray[np.int64]:
        """The sorted (context key * 26 + letter) pairs seen."""
        return self.contexts[0]

    @property
    def counts(self) -> npt.NDArray[np.int32]:
        """How often each pair of `keys` was seen."""
        return self.contexts[1]

    def letter_order(self) -> str:
        """The letters from most to least frequent in the table's words (ties alphabetical)."""
        return "".join(ALPHABET[c] for c in np.argsort(-self.unigram, kind="stable"))

    def context_counts(self, left: str, right: str) -> Counts | None:
        """Letter counts between `left` and `right`, or None for a context seen under twice."""
        key = context_key(CONTEXT_SHAPES.index((len(left), len(right))), left + right) * 26
        lo, hi = (int(i) for i in np.searchsorted(self.keys, [key, key + 26]))
        if not _sound(self.contexts, lo, hi, key):  # a mapped file damaged since it was opened
            self.__dict__["contexts"] = self.contexts_source(True)
            return self.context_counts(left, right)
        if hi - lo == 0:
            return None
        out = np.zeros(26)
        out[self.keys[lo:hi] - key] = self.counts[lo:hi]
        return out if out.sum() >= MIN_CONTEXT_COUNT else None


def _sound(contexts: Contexts, lo: int, hi: int, key: int) -> bool:
    """Whether a lookup's slice [lo, hi) of sorted keys holds exactly the keys from `key` to
    `key + 25`: the blocks read match their checksums, the slice's neighbours fall outside,
    its keys rise within, its counts are positive. (A binary search sent astray by a damaged
    entry lands where this fails.)"""
    keys, counts, crcs = contexts
    start = max(lo - 1, 0)
    if crcs is not None:
        first, last = start // CRC_BLOCK, min(hi, len(keys) - 1) // CRC_BLOCK
        for block in range(first, last + 1):
            if crcs[block] != _block_crc(keys, counts, block):
                return False
    window = np.asarray(keys[start : hi + 1]).astype(np.int64)
    inner = window[lo - start : hi - start]
    return (
        bool((np.diff(window) > 0).all())
        and (lo == 0 or window[0] < key)
        and (hi == len(keys) or window[-1] >= key + 26)
        and bool(((inner >= key) & (inner < key + 26)).all())
        and bool((np.asarray(counts[lo:hi]) > 0).all())
    )


def context_key(shape: int, chars: str) -> int:
    """The number naming a context: its characters (digits 1..RADIX-1, so the length is
    implied), then its shape (where `?` splits them)."""
    key = 0
    for ch in chars:
        key = key * RADIX + SYMBOLS.index(ch) + 1
    return key * SHAPES_RADIX + shape


def learned_model(words: list[str], *, min_count: int = 1) -> LetterModel:
    """Count, over `words`, the letter at every position in each of its contexts (vectorised:
    the words as rows of symbol codes, one key array per context shape); a (context, letter)
    pair seen fewer than `min_count` times is dropped (a shipped model's size)."""
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
    if min_count > 1:
        keys, counts = keys[counts >= min_count], counts[counts >= min_count]
    unigram = np.bincount(letters[inside], minlength=26).astype(np.float64)
    contexts = functools.partial(_given, keys.astype(np.int64), counts.astype(np.int32))
    return LetterModel(unigram, ngram_table(words), contexts)


def _given(keys: npt.NDArray[np.int64], counts: npt.NDArray[np.int32], _: bool) -> Contexts:
    """Context counts already at hand (a partial of this pickles, unlike a lambda)."""
    return keys, counts, None


def _block_crc(keys: np.ndarray, counts: np.ndarray, block: int) -> int:
    """The CRC-32 of one block of keys and their counts."""
    part = slice(block * CRC_BLOCK, (block + 1) * CRC_BLOCK)
    crc = zlib.crc32(np.ascontiguousarray(keys[part]).tobytes())
    return zlib.crc32(np.ascontiguousarray(counts[part]).tobytes(), crc)


def ngram_counts(words: list[str]) -> Counts:
    """How often each symbol (letter or END) follows each history of HISTORY symbols."""
    longest = max((len(w) for w in words), default=0)
    grid = np.full((len(words), HISTORY + longest + 1), -1, dtype=np.int64)
    grid[:, :HISTORY] = START
    for row, word in enumerate(words):
        grid[row, HISTORY : HISTORY + len(word)] = np.frombuffer(word.encode(), np.uint8) - 97
        grid[row, HISTORY + len(word)] = END
    history = np.zeros((len(words), longest + 1), dtype=np.int64)
    for k in range(HISTORY):
        history = history * STATES + np.maximum(grid[:, k : k + longest + 1], 0) % STATES
    nxt = grid[:, HISTORY:]
    used = nxt >= 0
    flat = history[used] * 28 + nxt[used]
    return np.bincount(flat, minlength=HISTORIES * 28).reshape(HISTORIES, 28).astype(np.float64)


def ngram_table(words: list[str]) -> npt.NDArray[np.float32]:
    """Interpolated absolute-discounting estimates of P(symbol | history), orders 0 to 3."""
    counts = ngram_counts(words)
    orders = [counts]
    for _ in range(HISTORY):
        orders.append(orders[-1].reshape(STATES, -1, 28).sum(axis=0))
    probs = (orders[-1].sum(axis=0) + 0.5) / (orders[-1].sum() + 0.5 * 28)
    for table in reversed(orders[:-1]):
        lower = np.tile(probs.reshape(-1, 28), (STATES, 1)) if probs.ndim == 2 else probs[None, :]
        total = table.sum(axis=1, keepdims=True)
        types = (table > 0).sum(axis=1, keepdims=True)
        seen = (np.maximum(table - DISCOUNT, 0.0) + DISCOUNT * types * lower) / np.maximum(total, 1)
        probs = np.where(total > 0, seen, lower)
    return probs.astype(np.float32)


def words_key(words: list[str]) -> str:
    """The key of a table's words for its letter model (its shipped file's name starts so)."""
    return cache.content_key(MODEL_VERSION, chr(10).join(words))


def model_key(words: list[str]) -> str:
    """The disk cache name of the model of these words: learned from them, or the shipped one
    (named apart: a model learned while the shipped file was missing is never served for it)."""
    key = words_key(words)  # hashed once: the words of `english` take most of a millisecond
    return f"hangman-model-{cache.content_key(key, _source(_shipped(key)))}.npz"


def shipped_file(words: list[str]) -> Path | None:
    """The packed model the package ships for these words (the built-in `english` table's), or
    None."""
    return _shipped(words_key(words))


def _shipped(key: str) -> Path | None:
    found = sorted(p for p in SHIPPED.glob(f"hangman-model-{key}-*.xz") if p.is_file())
    return found[0] if found else None


def model_source(words: list[str]) -> str:
    """Which model the words' table plays: the shipped file's name (it ends with a digest of the
    file, so another build is another source), else the learned model's version. Books are
    keyed by it: a single candidate's move weighs the model."""
    return _source(shipped_file(words))


def _source(shipped: Path | None) -> str:
    return f"learned {MODEL_VERSION}" if shipped is None else f"shipped {shipped.name}"


def model_bytes(model: LetterModel) -> bytes:
    """A model as the bytes of an .npz file."""
    keys, counts = model.keys, model.counts
    crcs = [_block_crc(keys, counts, b) for b in range(-(-len(keys) // CRC_BLOCK))]
    arrays: dict[str, np.ndarray] = {
        "keys": keys,
        "counts": counts,
        "crcs": np.array(crcs, dtype=np.uint32),
        "unigram": model.unigram,
        "ngram": model.ngram,
    }
    return cache.pack_arrays(arrays)


SHIPPED = Path(__file__).resolve().parent.parent / "models"
"""The letter models that ship with wordkit (the built-in `english` table's)."""
PACKED_ARRAYS = ("version", "key_steps", "counts", "unigram", "ngram")
MAX_PACKED_COUNT = 65535
"""Counts are packed in two bytes (`english`'s largest is 40,653)."""


SHIPPED_MIN_COUNT = 2
"""A shipped model keeps the (context, letter) pairs seen twice or more: a third of them, and
under 20 MB packed (on held-out rare words it won 503 games of 700 against 507 with them all)."""


def widened_model(words: list[str], vocabulary: list[str]) -> LetterModel:
    """The letter model of a table learned from its words and a larger vocabulary of the same
    language (what a shipped model learns from: it plays the words outside the table)."""
    return learned_model(sorted(set(words) | set(vocabulary)), min_count=SHIPPED_MIN_COUNT)


def shipped_name(words: list[str], data: bytes) -> str:
    """The file name of a packed model of these words (`data`), as shipped in `models/`."""
    return f"hangman-model-{words_key(words)}-{cache.content_key(data)[:12]}.xz"


def packed_model(model: LetterModel) -> bytes:
    """A model made small to ship: its sorted keys as the steps between them, each step's
    8 bytes (and each count's 2) stored as planes, which compress well, in an .npz in an xz
    stream (its own CRC-64 over the whole, the .npz's CRC-32 over each member)."""
    import lzma

    keys, counts = model.keys, model.counts
    if len(counts) and int(counts.max()) > MAX_PACKED_COUNT:
        raise ValueError(f"a context count above {MAX_PACKED_COUNT} does not pack")
    steps = np.diff(keys, prepend=np.int64(0)).astype("<u8")
    arrays: dict[str, np.ndarray] = {
        "version": np.frombuffer(MODEL_VERSION.encode(), dtype=np.uint8),
        "key_steps": steps.view(np.uint8).reshape(-1, 8).T.copy(),
        "counts": counts.astype("<u2").view(np.uint8).reshape(-1, 2).T.copy(),
        "unigram": model.unigram.astype("<f8"),
        "ngram": model.ngram.astype("<f4"),
    }
    return lzma.compress(cache.pack_arrays(arrays), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64)


def model_of_packed(data: bytes) -> LetterModel | None:
    """A model from `packed_model`'s bytes, or None when they are damaged, cut short or of
    another version."""
    import lzma

    try:
        plain = lzma.decompress(data, format=lzma.FORMAT_XZ)
    except (lzma.LZMAError, EOFError):
        return None
    parts = cache.mapped_arrays(plain, PACKED_ARRAYS)
    if parts is None:
        return None
    for name, packed in (("unigram", "<f8"), ("ngram", "<f4")):  # native order on any host
        if parts[name].dtype != np.dtype(packed):
            return None
        parts[name] = parts[name].astype(packed[1:])
    if not _tables_fit(parts):
        return None
    version, steps, counts = parts["version"], parts["key_steps"], parts["counts"]
    if version.dtype != np.uint8 or version.tobytes() != MODEL_VERSION.encode():
        return None
    if steps.dtype != np.uint8 or counts.dtype != np.uint8 or steps.ndim != 2:
        return None
    if steps.shape[0] != 8 or counts.shape != (2, steps.shape[1]):
        return None
    keys = np.cumsum(steps.T.copy().view("<u8").ravel().astype(np.int64))
    found = _checked_contexts(
        {"keys": keys, "counts": counts.T.copy().view("<u2").ravel().astype(np.int32)}
    )
    # every key above 0: a sum that wrapped past 2**63 still "rises" through the negatives
    if found is None or (keys <= 0).any() or (found[1] <= 0).any():
        return None
    return LetterModel(parts["unigram"], parts["ngram"], functools.partial(_given, *found[:2]))


def model_of_bytes(data: bytes) -> LetterModel | None:
    """A model read back from `model_bytes`, or None when they are damaged."""
    parts = _stored(io.BytesIO(data), ("unigram", "ngram", "keys", "counts"))
    if parts is None:
        return None
    contexts = _checked_contexts(parts)
    if contexts is None:
        return None
    keys, counts, _ = contexts
    return LetterModel(parts["unigram"], parts["ngram"], functools.partial(_given, keys, counts))


def fresh_model(words: list[str]) -> LetterModel:
    """The letter model of `words` made anew: unpacked from the package when it ships one (the
    built-in tables'), else learned from the words."""
    shipped = shipped_file(words)
    if shipped is None:
        return learned_model(words)
    try:
        data = shipped.read_bytes()  # a package file: a symlink into the sources is fine
    except OSError:
        data = b""
    model = model_of_packed(data)
    if model is None:
        raise ModelFileError(
            f"{shipped}: the letter model shipped with wordkit is damaged or from another "
            "version; reinstall wordkit"
        )
    return model


def cached_model(words: list[str]) -> LetterModel:
    """The letter model of `words`: from the disk cache, else made (`fresh_model`) and stored
    there. Its n-gram table is read now; its context counts (most of the file) on first use."""
    name = model_key(words)
    path = cache.cached_file(name)
    parts = None if path is None else _mapped(path)
    if parts is None:
        model = fresh_model(words)
        cache.write_cached(name, model_bytes(model))
        return model
    return LetterModel(parts["unigram"], parts["ngram"], functools.partial(_cached_contexts, words))


def _cached_contexts(words: list[str], whole: bool) -> Contexts:
    """The context counts of `words`' model from its cache file (memory-mapped; `whole`: read
    whole and checked), or learned again (and the file rewritten) when it has gone or is
    damaged."""
    name = model_key(words)
    path = cache.cached_file(name)
    if path is not None and not whole:
        mapped = _mapped_contexts(path)
        if mapped is not None:
            return mapped
    parts = None if path is None else _stored(path, ("keys", "counts"))
    found = None if parts is None else _checked_contexts(parts)
    if found is None:
        model = fresh_model(words)
        cache.write_cached(name, model_bytes(model))
        found = model.contexts
    return found


def _stored(source: io.BytesIO | Path, names: tuple[str, ...]) -> dict[str, np.ndarray] | None:
    """Some arrays of a model's .npz (each checked against the archive's CRC-32 as it is
    read; the n-gram table and letter counts of their shapes), or None when any is amiss."""
    import zipfile

    try:
        handle = os.fdopen(cache.open_regular(source), "rb") if isinstance(source, Path) else source
        with handle, np.load(handle, allow_pickle=False) as arrays:
            parts = {name: arrays[name] for name in names}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile):
        return None
    return parts if _tables_fit(parts) else None


def _mapped(path: Path) -> dict[str, np.ndarray] | None:
    """A model file's arrays memory-mapped (`cache.mapped_arrays`), the n-gram table and letter
    counts checked now, the context counts (most of the file) block by block as they are read."""
    parts = cache.mapped_arrays(path, MODEL_ARRAYS, unchecked=("keys", "counts"))
    return parts if parts is not None and _tables_fit(parts) else None


def _tables_fit(parts: dict[str, np.ndarray]) -> bool:
    """Whether the n-gram table and letter counts among `parts` have their shapes and types."""
    shapes = {"unigram": ((26,), np.float64), "ngram": ((HISTORIES, 28), np.float32)}
    return all(
        parts[name].shape == shape and parts[name].dtype == dtype
        for name, (shape, dtype) in shapes.items()
        if name in parts
    )


SAMPLED_KEYS = 64
"""Keys of a mapped model checked for order when it is opened (each lookup checks its own)."""


def _mapped_contexts(path: Path) -> Contexts | None:
    """The context counts of a model file memory-mapped read-only, when both arrays are
    stored whole and uncompressed, of the right types and shapes, and sampled keys rise."""
    parts = _mapped(path)
    if parts is None:
        return None
    keys, counts, crcs = parts["keys"], parts["counts"], parts["crcs"]
    if keys.dtype != np.int64 or counts.dtype != np.int32:
        return None
    if keys.ndim != 1 or keys.shape != counts.shape:
        return None
    if crcs.dtype != np.uint32 or crcs.shape != (-(-len(keys) // CRC_BLOCK),):
        return None
    picks = sorted({i * (len(keys) - 1) // (SAMPLED_KEYS - 1) for i in range(SAMPLED_KEYS)})
    if len(keys) > 1 and (np.diff(keys[picks]) <= 0).any():
        return None
    return keys, counts, crcs


def _checked_contexts(parts: dict[str, np.ndarray]) -> Contexts | None:
    """The stored context counts when they are what `learned_model` makes (keys sorted)."""
    keys, counts = parts["keys"], parts["counts"]
    if keys.dtype != np.int64 or counts.dtype != np.int32 or keys.ndim != 1:
        return None
    if keys.shape != counts.shape or (len(keys) > 1 and (np.diff(keys) <= 0).any()):
        return None
    return keys, counts, None


_MODELS: dict[int, tuple[weakref.ref[Pool], LetterModel]] = {}
"""id(pool) → (the pool, held weakly: a memo must not keep a table alive; its model)."""
PROCESS_CACHE = 4
"""Pools (and their models) a process keeps at most in each of its caches: a program opening a
session per game (each `--learn` game has a new table) must not hold every table it saw."""


def model_for(pool: Pool) -> LetterModel:
    """The letter model of a pool's own words, those learned from play left out (once per pool
    in a process, once per table on disk): `english` with a few learned words keeps its
    shipped model."""
    cached = _MODELS.get(id(pool))
    if cached is None or cached[0]() is not pool:
        cached = (weakref.ref(pool), cached_model(pool_words(pool, own=True)))
        cache.make_room(_MODELS, PROCESS_CACHE)
        _MODELS[id(pool)] = cached
    return cached[1]


Step = tuple[Ids, npt.NDArray[np.float32], npt.NDArray[np.float32], Ids]
"""One forward step: the histories kept, their weights, next-symbol probabilities, successors."""


@dataclass(frozen=True, slots=True)
class Forward:
    """The forward pass over a mask: each step, the histories after it and the log mass."""

    steps: list[Step]
    support: Ids
    weights: npt.NDArray[np.float32]
    log_mass: float


def forward_pass(table: npt.NDArray[np.float32], mask: str, allowed: Ids) -> Forward | None:
    """Forward over the mask under the n-gram model (blanks take `allowed` letters only), the
    BEAM likeliest histories kept at each step; None when no word fits."""
    symbols = [allowed if ch == HIDDEN else np.array([letter_code(ch)]) for ch in mask]
    start = 0
    for _ in range(HISTORY):
        start = start * STATES + START
    support = np.array([start], dtype=np.int64)
    weights = np.ones(1, dtype=np.float32)
    steps: list[Step] = []
    tail = STATES ** (HISTORY - 1)
    log_mass = 0.0
    for options in symbols:
        probs = table[np.ix_(support, options)]
        after = (support % tail * STATES)[:, None] + options[None, :]
        joint = (weights[:, None] * probs).ravel()
        steps.append((support, weights, probs, after))
        if after.size < SPARSE_STEP:  # few histories: merge them without a dense array
            support, inverse = np.unique(after.ravel(), return_inverse=True)
            mass = np.bincount(inverse.ravel(), weights=joint)
        else:
            merged = np.bincount(after.ravel(), weights=joint, minlength=HISTORIES)
            support = np.flatnonzero(merged)
            mass = merged[support]
        if len(support) > BEAM:
            keep = np.sort(np.argpartition(-mass, BEAM)[:BEAM])
            support, mass = support[keep], mass[keep]
        total = float(mass.sum())
        if total <= 0:
            return None
        log_mass += np.log(total)
        weights = (mass / total).astype(np.float32)
    return Forward(steps, support, weights, log_mass)


def ngram_log_mass(table: npt.NDArray[np.float32], mask: str, allowed: Ids) -> float:
    """log P(a word fits the mask, blanks from `allowed`, and ends there) under the n-gram."""
    run = forward_pass(table, mask, allowed)
    if run is None:
        return -np.inf
    end = float(run.weights @ table[run.support, END])
    return run.log_mass + np.log(end) if end > 0 else -np.inf


def ngram_posteriors(
    table: npt.NDArray[np.float32], mask: str, allowed: Ids
) -> tuple[list[int], list[Floats]]:
    """Forward-backward over the mask under the n-gram model: for each hidden position, the
    probability of each letter (only `allowed` letters fill blanks)."""
    run = forward_pass(table, mask, allowed)
    if run is None:
        return [], []
    symbols = [allowed if ch == HIDDEN else np.array([letter_code(ch)]) for ch in mask]
    steps, support = run.steps, run.support
    backward = np.zeros(HISTORIES)
    backward[support] = table[support, END]
    out: dict[int, Floats] = {}
    for pos in range(len(mask) - 1, -1, -1):
        support, weights, probs, after = steps[pos]
        term = probs * backward[after]
        if mask[pos] == HIDDEN:
            mass = (weights[:, None] * term).sum(axis=0)
            dist = np.zeros(26)
            if mass.sum() > 0:
                dist[symbols[pos]] = mass / mass.sum()
            out[pos] = dist
        backward = np.zeros(HISTORIES)
        values = term.sum(axis=1)
        top = values.max() if len(values) else 0.0
        backward[support] = values / top if top > 0 else values
    blanks = sorted(out)
    return blanks, [out[b] for b in blanks]


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
    shorter ones and to the overall letter frequencies, over allowed letters only (all zero
    when no letter is allowed)."""
    if not allowed.any():
        return np.zeros(26)
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
    if len(blanks) == 1 and state.rules.variant == "classic":
        # One blank left: a letter that would spell a refuted word cannot be the one there.
        for word in state.words:
            if len(word) == length and all(
                w == m
                for i, (w, m) in enumerate(zip(word, state.mask, strict=True))
                if i != blanks[0]
            ):
                allowed[letter_code(word[blanks[0]])] = 0.0
    dists = [position_distribution(model, state.mask, i, length, allowed) for i in blanks]
    if NGRAM_SHARE > 0 and blanks:
        codes = np.flatnonzero(allowed).astype(np.int64)
        found, posteriors = ngram_posteriors(model.ngram, state.mask[:length], codes)
        if found == blanks:
            dists = [
                (1.0 - NGRAM_SHARE) * d + NGRAM_SHARE * p
                for d, p in zip(dists, posteriors, strict=True)
            ]
    return blanks, dists


def expected_length(board: Board) -> int:
    """The word length: the mask's (classic), else the pool's most common fitting length."""
    state = board.state
    if state.rules.variant == "classic":
        return len(state.mask)
    lengths, counts = fitting_lengths(board)
    return int(lengths[np.argmax(counts)]) if len(lengths) else advanced_least(state)


def advanced_least(state: State) -> int:
    """Advanced variant: the fewest letters the word can have (up to its last shown one)."""
    shown = [i for i, ch in enumerate(state.mask) if ch != HIDDEN]
    return (max(shown) + 1) if shown else 1


def fitting_lengths(board: Board) -> tuple[Ids, Ids]:
    """Advanced variant: the lengths the word may have, with how many of the pool's words have
    each: from its last shown letter to the board's width, less a length whose letters all
    show and spell a refuted word (or any such length under finish=reveal: it was won)."""
    state = board.state
    least = advanced_least(state)
    lengths = board.pool.lexicon.enc.lengths[board.pool.ids]
    counts = np.bincount(lengths[(lengths >= least) & (lengths <= len(state.mask))])
    refuted = set(state.words)
    # Under finish=reveal a word the mask shows whole would have been won: not its length.
    won = state.rules.finish == "reveal" and state.status == "playing"
    for length in range(least, len(counts)):
        shown = state.mask[:length]
        if HIDDEN not in shown and (won or shown in refuted):
            counts[length] = 0
    kept = np.flatnonzero(counts)
    return kept, counts[kept]


def length_chance(board: Board, length: int) -> float:
    """The share of the pool's words of a fitting length that have `length` letters (1 in the
    classic variant, where the mask tells the length)."""
    if board.state.rules.variant == "classic":
        return 1.0
    lengths, counts = fitting_lengths(board)
    total = int(counts.sum())
    return float(counts[lengths == length].sum()) / total if total else 0.0


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


def appear_probabilities(state: State, dists: list[Floats]) -> Floats:
    """P(each letter fills at least one blank), the blanks taken as independent; -1 for the
    letters that may not be guessed."""
    appear = np.zeros(len(ALPHABET))  # no blank: no letter fills one
    if dists:
        appear = 1.0 - np.prod([1.0 - d for d in dists], axis=0)
    for ch in exhausted_letters(state):
        appear[letter_code(ch)] = -1.0
    return appear


def model_decision(board: Board) -> Decision:
    """The move when the dictionary has no candidate left: a model letter or a built word."""
    model = model_for(board.pool)
    warn_if_longer(board)
    blanks, dists = blank_distributions(board, model)
    state = board.state
    if not blanks:
        shown = state.mask[: expected_length(board)]
        if HIDDEN not in shown and shown not in state.words:
            # Every letter of that length shows (classic: finish=word), so the word is that
            # one if the length is right, which in the advanced variant is a guess.
            return Decision(shown, length_chance(board, len(shown)), "word")
        return no_letter_left(board, model)
    appear = appear_probabilities(state, dists)
    code = int(np.argmax(appear))
    if len(blanks) <= MAX_FILL_BLANKS:
        fill = best_fill(state, blanks, dists, expected_length(board))
        if fill is not None:
            word, prob = fill
            one_blank = len(blanks) == 1 and state.rules.variant == "classic"
            if prob >= WORD_GUESS_PROBABILITY or (one_blank and state.rules.finish == "word"):
                return Decision(word, prob, "word")
    if appear[code] < 0:
        return no_letter_left(board, model)
    return Decision(ALPHABET[code], float(appear[code]), "letter model")


def warn_if_longer(board: Board) -> None:
    """Warn once when the word is longer (or shorter) than every word the model learned from:
    its counts then say nothing about the word's letters, only the letter frequencies do."""
    lengths = board.pool.lexicon.enc.lengths[board.pool.ids]
    longest = int(lengths.max()) if len(lengths) else 0
    shortest = int(lengths.min()) if len(lengths) else 0
    length = expected_length(board)
    if length > longest:
        warnings.warn(
            f"the word has {plural(length, 'letter')}, more than any word the letter model learned "
            f"from "
            f"(at most {longest}): its guesses past that are little better than letter "
            "frequencies",
            WordkitWarning,
            stacklevel=3,
        )
    elif 0 < length < shortest:
        letters = "letter" if length == 1 else "letters"
        warnings.warn(
            f"the word has {length} {letters}, fewer than any word the letter model learned from "
            f"(at least {shortest}): its guesses are little better than letter frequencies",
            WordkitWarning,
            stacklevel=3,
        )


def no_letter_left(board: Board, model: LetterModel) -> Decision:
    """Every letter is known: the word is what the mask shows up to its last letter (advanced
    variant), unless refuted; else the letter of last resort."""
    return fallback(board.state, order=model.letter_order(), label="letter model")


_LENGTH_MASS: dict[tuple[int, int], tuple[weakref.ref[LetterModel], float]] = {}


def length_log_mass(model: LetterModel, length: int) -> float:
    """log P(a word has `length` letters) under the n-gram model (memoised per model)."""
    known = _LENGTH_MASS.get((id(model), length))
    if known is None or known[0]() is not model:
        every = np.arange(26, dtype=np.int64)
        known = (weakref.ref(model), ngram_log_mass(model.ngram, HIDDEN * length, every))
        cache.make_room(_LENGTH_MASS, PROCESS_CACHE * 64)
        _LENGTH_MASS[(id(model), length)] = known
    return known[1]


def model_likelihood(board: Board) -> float:
    """Classic variant: the n-gram model's probability that a word of this length shows what
    was seen (the shown positions, no guessed letter elsewhere)."""
    state = board.state
    model = model_for(board.pool)
    allowed = np.ones(26, dtype=bool)
    for ch in state.letters:
        allowed[letter_code(ch)] = False
    codes = np.flatnonzero(allowed).astype(np.int64)
    seen = ngram_log_mass(model.ngram, state.mask, codes)
    every = length_log_mass(model, len(state.mask))
    return float(np.exp(seen - every)) if np.isfinite(seen) and np.isfinite(every) else 0.0


@dataclass
class LetterModelGuesser:
    """Only the letter model learned from the table: for secrets outside the dictionary."""

    name: str = "model"

    def __call__(self, board: Board) -> Decision:
        """The letter model's move, ignoring which dictionary words remain."""
        return model_decision(Board(board.state, board.pool, board.ids[:0]))
