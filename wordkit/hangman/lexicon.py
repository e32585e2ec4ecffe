"""A word table encoded for Hangman: distinct words, their rows, priors and the searched pool."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wordkit.errors import ColumnError, UnknownNameError, ValueFormatError, WordkitError, shortened
from wordkit.game import decimal_number
from wordkit.hangman.rules import MAX_LENGTH, Encoded, Ids, encode_words

if TYPE_CHECKING:
    import pandas as pd

    from wordkit.tables import Columns

Prior = str
"""`uniform` (every row alike), `weight` (the weight column), `CATEGORY=SHARE,...`, or the same
shares as a JSON object (`{"CATEGORY": SHARE}`: for a category whose name holds `,` or `=`, or
is empty)."""
Floats = npt.NDArray[np.float64]

PRIORS = ("uniform", "weight")


class PriorFormatError(WordkitError):
    """A prior is neither uniform, weight nor a CATEGORY=SHARE list that makes sense."""


class WordIndex(Mapping[str, int]):
    """Each distinct word's id, hashed on first use: a one-shot command that never looks a word
    up does not pay for a dict of the whole table."""

    __slots__ = ("_built", "_words")

    def __init__(self, words: Sequence[str], built: dict[str, int] | None = None) -> None:
        self._words = words
        self._built = built

    @property
    def _dict(self) -> dict[str, int]:
        if self._built is None:
            self._built = dict(zip(self._words, range(len(self._words)), strict=True))
        return self._built

    def __getitem__(self, word: str) -> int:
        return self._dict[word]

    def __contains__(self, word: object) -> bool:
        return word in self._dict

    def __iter__(self) -> Iterator[str]:
        return iter(self._dict)

    def __len__(self) -> int:
        return len(self._words)


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Distinct words (first-row order) encoded, and each table row's word id, weight, category."""

    enc: Encoded
    row_ids: Ids
    row_weights: Floats
    row_categories: tuple[str, ...] | None
    index: Mapping[str, int]
    own: int | None = None
    """Distinct words of the table itself (ids below it); the rest were learned from play, and
    the letter model leaves them out (None: every word)."""

    @property
    def size(self) -> int:
        """Number of distinct words."""
        return len(self.enc.words)


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Pool:
    """The words a guesser searches, in search order, and each word id's prior probability."""

    lexicon: Lexicon
    ids: Ids
    probs: Floats
    prior: Prior = "weight"
    hint: str | None = None
    """The prior and category hint it was made with (`pool_for`)."""


def table_words(pool: Pool) -> Pool:
    """The pool less the words learned from play: what a host draws its secrets from (a word
    typed once, maybe a typo, is the AI's to consider, not a secret to set; and a seed draws
    the same game whatever was learned since)."""
    own = pool.lexicon.own
    if own is None:
        return pool
    return replace(pool, ids=pool.ids[pool.ids < own])


def holds_learned(pool: Pool, ids: Ids | None = None) -> bool:
    """Whether `ids` (default: the pool's) hold a word learned from play."""
    own = pool.lexicon.own
    return own is not None and bool((pool.ids if ids is None else ids).max(initial=-1) >= own)


def own_pool(pool: Pool) -> Pool:
    """The pool of the table's own words, those learned from play left out, as the table
    without them gives it (the same ids, priors equal to the bit): its book is the table's. A
    pool with no learned word, or of learned words alone, is itself."""
    lexicon, own = pool.lexicon, pool.lexicon.own
    if own is None or not holds_learned(pool):
        return pool
    hinted = category_rows(lexicon, pool.hint)
    rows = np.flatnonzero(lexicon.row_ids < own) if hinted is None else hinted
    rows = rows[lexicon.row_ids[rows] < own]
    if not len(rows):
        return pool
    # Its own rows come first: the table alone spreads the prior over the same rows alike.
    return _pool_of_rows(lexicon, pool.prior, pool.hint, rows)


def book_pool(pool: Pool) -> Pool:
    """The pool whose book `pool` plays: the table alone's (`own_pool`) when learning left its
    own words' priors in proportion, so that every state with no learned candidate has the
    same move there; else `pool` itself (a category share or a column of zero weights gave
    the learned words mass taken from some own words only)."""
    own = own_pool(pool)
    if own is pool:
        return pool
    grown, alone = pool.probs[own.ids], own.probs[own.ids]
    if not np.array_equal(grown > 0, alone > 0):
        return pool
    ratio = grown[alone > 0] / alone[alone > 0]
    return own if np.allclose(ratio, ratio[0] if len(ratio) else 1.0, rtol=1e-9, atol=0) else pool


def pool_words(pool: Pool, *, own: bool = False) -> list[str]:
    """The pool's words in search order (`own`: only the table's own, not those learned from
    play: a table with a few words learned keeps the letter model of its own words)."""
    words, ids = pool.lexicon.enc.words, pool.ids
    if own and pool.lexicon.own is not None and bool((ids < pool.lexicon.own).any()):
        ids = ids[ids < pool.lexicon.own]  # (a pool of learned words alone keeps them all)
    if len(ids) == len(words) and bool((ids == np.arange(len(words))).all()):
        return list(words)  # the whole table in order: no word to look up one by one
    return [words[i] for i in ids.tolist()]


def lexicon_from_table(table: pd.DataFrame) -> Lexicon:
    """Encode a word table (`word`, optional `weight` and `category`), keeping every row."""
    import pandas as pd

    if "word" not in table.columns:
        raise ColumnError("the word table has no `word` column")
    words = [str(w) for w in table["word"]]
    weights = (
        pd.to_numeric(table["weight"], errors="coerce").fillna(0.0).to_numpy(dtype=np.float64)
        if "weight" in table.columns
        else np.ones(len(words))
    )
    categories = tuple(str(c) for c in table["category"]) if "category" in table.columns else None
    return lexicon_from_rows(words, weights, categories, own_rows=own_rows(table))


def own_rows(table: pd.DataFrame) -> int | None:
    """The rows of a table grown by `with_words` that are its own (None: every row): only while
    the learned words are still its last rows (attrs survive a sort or a filter, the order not)."""
    learned = table.attrs.get("learned")
    if not learned:
        return None
    own = len(table) - len(learned)
    tail = [str(w) for w in table["word"].iloc[own:]] if own >= 0 else []
    return own if tail == list(learned) else None


def lexicon_from_columns(columns: Columns) -> Lexicon:
    """Encode a table's columns (`wordkit.tables.load_columns`), keeping every row. A built-in
    table's encoding is cached, named by its content, so a warm run only reads it back."""
    weights = np.asarray(columns.weights, dtype=np.float64)
    if columns.key is None or columns.own_rows is not None:
        return lexicon_from_rows(
            list(columns.words), weights, columns.categories, own_rows=columns.own_rows
        )
    from wordkit import cache

    key = cache.content_key(LEXICON_VERSION, columns.key)
    name = f"hangman-lexicon-{key}.npz"
    path = cache.cached_file(name)  # read from the file: the bytes are never held twice
    found = None if path is None else unpack_lexicon(path, key, columns)
    if found is not None:
        return found
    lexicon = lexicon_from_rows(list(columns.words), weights, columns.categories)
    cache.write_cached(name, pack_lexicon(lexicon, key))
    return lexicon


LEXICON_VERSION = "hangman-lexicon-v2"
"""Names the layout of a cached encoding; a new layout gets a new name."""
_LEXICON_FILES = frozenset({"key", "first", "row_ids", "codes", "lengths", "positions", "counts"})


def pack_lexicon(lexicon: Lexicon, key: str) -> bytes:
    """A lexicon's arrays as .npz bytes (the words themselves are the table's): each distinct
    word's first row, each row's word id, the encoding; `key` names the source. Each array is
    stored in the narrowest type that holds it (a third of the bytes to read back)."""
    from wordkit import cache

    enc = lexicon.enc
    _, first = np.unique(lexicon.row_ids, return_index=True)  # ids number first rows in order
    width = enc.codes.shape[1] if enc.codes.ndim == 2 else 0
    arrays: dict[str, np.ndarray] = {
        "key": np.frombuffer(key.encode(), dtype=np.uint8),
        "first": first.astype(np.int32),
        "row_ids": lexicon.row_ids.astype(np.int32),
        "codes": enc.codes,
        "lengths": enc.lengths.astype(np.uint8),
        "positions": enc.positions.astype(_position_type(width)),
        "counts": enc.counts,
    }
    return cache.pack_arrays(arrays)


def _position_type(width: int) -> type[np.unsignedinteger]:
    """The narrowest unsigned type with a bit for each of `width` letter positions."""
    return np.uint16 if width <= 16 else np.uint32 if width <= 32 else np.uint64


def unpack_lexicon(data: bytes | Path, key: str, columns: Columns) -> Lexicon | None:
    """The lexicon of `columns` in `pack_lexicon`'s bytes (or the file holding them) when
    every part checks out against them, else None (a truncated, foreign or damaged file: the
    caller encodes afresh)."""
    from wordkit import cache

    parts = cache.mapped_arrays(data, _LEXICON_FILES)  # a changed byte fails its CRC-32
    if parts is None:
        return None
    if parts["key"].dtype != np.uint8 or parts["key"].tobytes() != key.encode():
        return None
    words = encoded_words(parts, columns.words)
    if words is None:
        return None
    lengths = parts["lengths"].astype(np.int64)
    positions = parts["positions"].astype(np.uint64)
    enc = Encoded(words, parts["codes"], lengths, positions, parts["counts"])
    weights = np.asarray(columns.weights, dtype=np.float64)
    if (weights < 0).any():
        return None
    row_ids = parts["row_ids"].astype(np.int64)
    return Lexicon(enc, row_ids, weights, columns.categories, WordIndex(words))


def encoded_words(parts: Mapping[str, np.ndarray], rows: Sequence[str]) -> tuple[str, ...] | None:
    """The distinct words of a cached lexicon when its arrays fit the table's `rows` (shapes,
    types, each row's word, each word's letters and counts), else None."""
    first, row_ids = parts["first"], parts["row_ids"]
    codes, lengths = parts["codes"], parts["lengths"]
    positions, counts = parts["positions"], parts["counts"]
    n = len(first)
    width = codes.shape[1] if codes.ndim == 2 else 0
    kinds = [(first, np.int32, 1), (row_ids, np.int32, 1), (codes, np.uint8, 2)]
    kinds += [(lengths, np.uint8, 1), (positions, _position_type(width), 2)]
    if any(
        a.dtype != dtype or a.ndim != ndim for a, dtype, ndim in [*kinds, (counts, np.uint8, 2)]
    ):
        return None
    if len(row_ids) != len(rows) or len(lengths) != n or positions.shape != (n, 26):
        return None
    if counts.shape != (n, 26) or len(codes) != n or (n == 0) != (len(rows) == 0):
        return None
    if n and (first[0] != 0 or (np.diff(first) <= 0).any() or first[-1] >= len(rows)):
        return None
    if n and (row_ids.min() < 0 or row_ids.max() >= n or (row_ids[first] != np.arange(n)).any()):
        return None
    words = tuple(rows) if n == len(rows) else tuple(rows[i] for i in first.tolist())
    if n < len(rows) and any(rows[r] != words[i] for r, i in enumerate(row_ids.tolist())):
        return None
    if n == len(rows) and (row_ids != np.arange(n)).any():
        return None
    if not words:
        return words
    actual = np.fromiter(map(len, words), dtype=np.int64, count=n)
    if codes.shape[1] != int(actual.max()) or (lengths != actual).any():
        return None
    inside = np.arange(codes.shape[1]) < lengths[:, None]
    letters = np.frombuffer("".join(words).encode("ascii", "replace"), dtype=np.uint8) - 97
    if not np.array_equal(codes[inside], letters) or (codes[~inside] != 26).any():
        return None
    if (counts.sum(axis=1, dtype=np.int64) != lengths).any():
        return None
    return words if np.array_equal(positions != 0, counts != 0) else None


def lexicon_from_rows(
    words: Sequence[str],
    weights: Floats,
    categories: tuple[str, ...] | None,
    *,
    own_rows: int | None = None,
) -> Lexicon:
    """Encode rows (word, weight, optional category): distinct words in first-row order;
    rows from `own_rows` on were learned from play (see `Lexicon.own`)."""
    if (weights < 0).any():
        raise ValueFormatError("weights must be non-negative")
    index: dict[str, int] = {}
    codes = np.fromiter(
        (index.setdefault(w, len(index)) for w in words), dtype=np.int64, count=len(words)
    )
    distinct = list(index)
    own = None
    if own_rows is not None and own_rows < len(words):
        own = int(codes[:own_rows].max()) + 1 if own_rows > 0 else 0
    return Lexicon(
        fast_encode(distinct), codes, weights, categories, WordIndex(distinct, index), own
    )


def fast_encode(words: list[str]) -> Encoded:
    """`rules.encode_words`, vectorised over every letter at once (the same arrays); a word that
    is not 1-63 letters a-z is left to `encode_words`, which names it."""
    blob = "".join(words)
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    if not blob.isascii() or not words or lengths.min() < 1 or lengths.max() > MAX_LENGTH:
        return encode_words(words)
    letters = np.frombuffer(blob.encode("ascii"), dtype=np.uint8) - np.uint8(97)
    if (letters >= 26).any():
        return encode_words(words)
    width = int(lengths.max())
    starts = np.cumsum(lengths) - lengths
    codes = np.full((len(words), width), 26, dtype=np.uint8)
    positions = np.zeros((len(words), 26), dtype=np.uint64)
    counts = np.zeros((len(words), 26), dtype=np.uint8)
    for col in range(width):  # each row holds one letter per column: no index repeats
        rows = np.flatnonzero(lengths > col)
        column = letters[starts[rows] + col]
        codes[rows, col] = column
        positions[rows, column] |= np.uint64(1 << col)
        counts[rows, column] += np.uint8(1)
    return Encoded(tuple(words), codes, lengths, positions, counts)


def parse_prior(prior: Prior) -> dict[str, float] | None:
    """None for uniform/weight, else the CATEGORY -> share mapping of a `TZ=0.5,...` prior (or
    of its JSON object form)."""
    text = prior.strip()
    if text in PRIORS:
        return None
    if text.startswith("{"):
        return _json_shares(prior)
    shares: dict[str, float] = {}
    for part in text.split(","):
        name, sep, value = part.partition("=")
        if not sep or not name.strip():
            raise PriorFormatError(
                f"prior {prior!r} is not uniform, weight or CATEGORY=SHARE,... (e.g. TZ=0.5)"
            )
        share = decimal_number(value)
        if share is None:
            raise PriorFormatError(
                f"share {value.strip()!r} in prior {prior!r} is not a decimal between 0 and 1 "
                "(e.g. 0.5)"
            )
        if not 0.0 <= share <= 1.0:
            raise PriorFormatError(f"share {share} in prior {prior!r} is not between 0 and 1")
        if name.strip() in shares:  # said as the two shares typed (--prior given twice, say)
            first = shares[name.strip()]
            raise PriorFormatError(
                f"the prior gives {name.strip()!r} two shares ({first:g} and {share:g}): give "
                "each category once"
            )
        shares[name.strip()] = share
    return _checked_sum(shares, prior)


def _checked_sum(shares: dict[str, float], prior: Prior) -> dict[str, float]:
    """The shares, unless they add up to more than 1."""
    if sum(shares.values()) > 1.0 + 1e-9:
        raise PriorFormatError(f"the shares in prior {shortened(prior)!r} add up to more than 1")
    return shares


def _json_shares(prior: Prior) -> dict[str, float]:
    """The shares of a prior written as a JSON object, `{"CATEGORY": SHARE, ...}`."""
    import json

    twice: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        names = [name for name, _ in items]  # the outermost object comes last: its own
        twice[:] = [n for n in dict.fromkeys(names) if names.count(n) > 1]
        return dict(items)

    try:  # a name given twice is refused, as in CATEGORY=SHARE (json keeps the last)
        data = json.loads(prior, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        data = None
    shown = shortened(prior)
    if twice and isinstance(data, dict):
        raise PriorFormatError(f"prior {shown!r} gives {twice[0]!r} two shares")
    if not isinstance(data, dict):
        raise PriorFormatError(
            f'prior {shown!r} is not a JSON object of category shares (e.g. {{"TZ": 0.5}})'
        )
    shares: dict[str, float] = {}
    for name, share in data.items():
        if isinstance(share, bool) or not isinstance(share, int | float):
            raise PriorFormatError(f"share {share!r} of {name!r} in prior {shown!r} is no number")
        if not 0.0 <= share <= 1.0:
            raise PriorFormatError(f"share {share} in prior {shown!r} is not between 0 and 1")
        shares[name] = float(share)
    return _checked_sum(shares, prior)


ZERO_WEIGHT_SHARE = 1e-3
"""A word of weight 0 among heavier ones weighs this share of the lightest of them: unlikely,
never impossible (a person may pick it, and a confidence of 100% must never miss)."""


def spread(mass: float, weights: Floats) -> Floats:
    """`mass` spread over rows in proportion to weight (evenly when every weight is zero; a
    zero weight among others as ZERO_WEIGHT_SHARE of the lightest)."""
    if not len(weights):
        return weights.astype(np.float64)
    positive = weights[weights > 0]
    if 0 < len(positive) < len(weights):
        weights = np.where(weights > 0, weights, positive.min() * ZERO_WEIGHT_SHARE)
    with np.errstate(over="ignore"):
        total = weights.sum()
    if total == np.inf and np.isfinite(weights).all():  # huge weights (1e308s) sum past float
        weights = weights / weights.max()
        total = weights.sum()
    return mass * (weights / total if total > 0 else np.full(len(weights), 1.0 / len(weights)))


def row_probabilities(lexicon: Lexicon, prior: Prior, rows: Ids | None = None) -> Floats:
    """Each row's probability (zero outside `rows`), summing to 1 over the rows allowed."""
    allowed = np.arange(len(lexicon.row_ids)) if rows is None else rows
    probs = np.zeros(len(lexicon.row_ids))
    shares = parse_prior(prior)
    weights = lexicon.row_weights[allowed]
    if prior.strip() == "uniform":
        probs[allowed] = spread(1.0, np.ones(len(allowed)))
        return probs
    if shares is None:
        probs[allowed] = spread(1.0, weights)
        return probs
    if lexicon.row_categories is None:
        raise PriorFormatError(f"prior {prior!r} needs a `category` column in the table")
    named = {category_named(lexicon, name): share for name, share in shares.items()}
    if len(named) < len(shares):  # `Animals=0.3,animals=0.2`: one category named twice
        raise PriorFormatError(f"prior {prior!r} names a category twice (letter case aside)")
    shares = named  # as the table spells them, as --category takes them
    cats = np.array([lexicon.row_categories[i] for i in allowed], dtype=object)
    known = set(cats.tolist())
    missing = [name for name in shares if name not in known]
    if missing and rows is None:
        raise UnknownNameError(f"no row has category {', '.join(missing)} (prior {prior!r})")
    rest = ~np.isin(cats, list(shares))
    groups = [(cats == name, share) for name, share in shares.items() if name in known]
    groups.append((rest, 1.0 - sum(shares.values())))
    present = [(sel, share) for sel, share in groups if sel.any()]
    scale = sum(share for _, share in present)
    for sel, share in present:
        local = np.zeros(len(allowed))
        local[sel] = spread(share / scale if scale > 0 else 1.0 / len(present), weights[sel])
        probs[allowed] += local
    return probs


CATEGORIES_LISTED = 12
"""An unknown category's error lists this many of the table's categories."""


def category_named(lexicon: Lexicon, hint: str) -> str:
    """The table's spelling of category `hint`: itself, else the one category it names with
    letter case and accents aside (`Animals`, `fetes` for `fêtes`); else `hint` unchanged."""
    if lexicon.row_categories is None or hint in lexicon.row_categories:
        return hint
    from unidecode import unidecode

    from wordkit.game import decoded

    hint = decoded(hint)  # `fêtes` typed under an ASCII locale comes with its bytes escaped

    def folded(name: str) -> str:
        return unidecode(name).casefold().strip()

    if not folded(hint):  # nothing Unidecode spells (★, 🍏) names no category but itself
        return hint
    same = sorted({c for c in lexicon.row_categories if c.strip() and folded(c) == folded(hint)})
    if len(same) > 1:
        raise UnknownNameError(
            f"--category {hint} could be any of {', '.join(same)}: give it as the table spells it"
        )
    return same[0] if same else hint


def category_rows(lexicon: Lexicon, hint: str | None) -> Ids | None:
    """The rows of category `hint` (None = every row; letter case and accents aside, see
    `category_named`); an unknown category raises."""
    if hint is None:
        return None
    if lexicon.row_categories is None:
        raise UnknownNameError("the table has no `category` column, so no category hint applies")
    hint = category_named(lexicon, hint)
    # A blank cell is a word with no category, never one named "": it is no hint to choose
    rows = np.flatnonzero(np.array(lexicon.row_categories, dtype=object) == hint)
    if not len(rows) or not hint.strip():
        known = sorted({c for c in lexicon.row_categories if c.strip()})
        if not known:
            raise UnknownNameError("the table's `category` column is blank: no hint applies")
        # a name holding a comma is quoted, or the list reads as more names than it holds
        listed = ", ".join(repr(c) if "," in c else c for c in known[:CATEGORIES_LISTED]) + (
            ", ..." if len(known) > CATEGORIES_LISTED else ""
        )
        if not hint.strip():
            raise UnknownNameError(f"a category hint needs a name (categories: {listed})")
        raise UnknownNameError(f"no word has category {hint!r} (categories: {listed})")
    return rows.astype(np.int64)


def pool_for(lexicon: Lexicon, *, prior: Prior = "weight", hint: str | None = None) -> Pool:
    """The pool a guesser searches: rows of the hinted category (or all), words first-row order."""
    return _pool_of_rows(lexicon, prior, hint, category_rows(lexicon, hint))


def _pool_of_rows(lexicon: Lexicon, prior: Prior, hint: str | None, rows: Ids | None) -> Pool:
    """The pool of `rows` (None: every row), words in first-row order."""
    allowed = np.arange(len(lexicon.row_ids)) if rows is None else rows
    row_probs = row_probabilities(lexicon, prior, rows)
    word_ids = lexicon.row_ids[allowed]
    _, first = np.unique(word_ids, return_index=True)
    ordered = word_ids[np.sort(first)]
    probs = np.bincount(lexicon.row_ids, weights=row_probs, minlength=lexicon.size).astype(
        np.float64
    )
    return Pool(lexicon, ordered.astype(np.int64), probs, prior, hint)


LEARNED = "learned"
"""The category of a learned word played without a category hint, in a table with categories."""


def with_words(table: pd.DataFrame, extra: Mapping[str, str | None]) -> pd.DataFrame:
    """`table` with a row for each word of `extra` it lacks (the words the AI learned from
    play, each with the category hint it was played under): a typical weight (the median of
    the positive ones), so the prior neither favours nor ignores them."""
    import pandas as pd

    have = set(table["word"])
    new = [word for word in extra if word not in have]
    if not new:
        return table
    weights = table["weight"][table["weight"] > 0]
    rows = pd.DataFrame({"word": new, "weight": float(weights.median()) if len(weights) else 1.0})
    if "category" in table.columns:
        rows["category"] = [extra[word] or LEARNED for word in new]
    grown = pd.concat([table, rows], ignore_index=True)
    before = own_rows(table) is not None
    grown.attrs["learned"] = (tuple(table.attrs["learned"]) if before else ()) + tuple(new)
    return grown


def columns_with_words(columns: Columns, extra: Mapping[str, str | None]) -> Columns:
    """`with_words` for a table's columns (no pandas): the same rows, weights and categories."""
    from wordkit.tables import Columns

    if not extra:
        return columns
    have = set(columns.words)
    new = [word for word in extra if word not in have]
    if not new:
        return columns
    positive = columns.weights[columns.weights > 0]
    typical = float(np.median(positive)) if len(positive) else 1.0
    categories = columns.categories
    if categories is not None:
        categories = categories + tuple(extra[word] or LEARNED for word in new)
    weights = np.concatenate((columns.weights, np.full(len(new), typical)))
    own = len(columns) if columns.own_rows is None else columns.own_rows
    return Columns(columns.words + tuple(new), weights, categories, own_rows=own)


def load_pool(
    words: str,
    *,
    prior: Prior = "weight",
    category: str | None = None,
    extra_words: Mapping[str, str | None] | None = None,
) -> Pool:
    """The pool of a word table named or at a path, with its prior and category hint, and
    `extra_words` (word -> category) added to the table (see `with_words`). A built-in table
    is read from its compact copy (no pandas, no CSV parse once cached)."""
    from wordkit import tables

    columns = columns_with_words(tables.load_columns(words), extra_words or {})
    return pool_for(lexicon_from_columns(columns), prior=prior, hint=category)
