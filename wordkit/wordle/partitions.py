"""The partition service: how a guess splits the remaining answers into feedback buckets.

Every statistic follows from the bucket each remaining answer falls in (`bucket_sizes`):
sum of squares = row sum (n × the expected size of the list left), entropy from the row mean
of log2, the largest bucket = row max. `bucket_counts` gives the same split per pattern.

Under a prior (`game.weighted`) the same statistics weigh each answer by its prior:
`pattern_masses` gives the probability of each feedback bucket, from which the expected
remaining mass (`expected_mass`, Σ mass²), the weighted entropy (`weighted_entropy`) and the
heaviest bucket (`heaviest`) follow. With a uniform prior they equal the counts divided by n.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from wordkit.errors import CacheError

if TYPE_CHECKING:
    from wordkit.wordle.lists import Wordle


def _compiled() -> Any:
    """The compiled hot loop (wordle/_kernels.c), an optional extension; None without it."""
    try:
        from wordkit.wordle import _kernels as compiled
    except ImportError:  # built wherever a C compiler is
        return None
    return compiled


_kernels = _compiled()


def compiled_for(game: Wordle, subset: np.ndarray) -> bool:
    """Whether the compiled kernels take this game and subset: a C-ordered, native 1- or
    2-byte pattern matrix (up to 10 letters) and integer indices; numpy does the rest."""
    if _kernels is None or not game.plain_matrix:
        return False
    indices = subset if isinstance(subset, np.ndarray) else np.asarray(subset)
    return indices.dtype.kind in "iu"


Rows = np.ndarray  # indices into game.guesses
Answers = np.ndarray  # indices into game.answers


FEW = 16
"""Answers are `few` when they are at most 1/FEW of all: then a partition reads their rows of
the answer-major matrix instead of every guess row."""
CHUNK_ENTRIES = 2**20
"""Answer × guess cells a chunk of `bucket_chunks` indexes at once (8 MB of int64)."""
CHUNK_BUCKETS = 2**18
"""Buckets a chunk counts at once (2 MB of float64, reused chunk after chunk)."""


def distinct(values: np.ndarray) -> np.ndarray:
    """`np.unique` of a 1-D array, sorted, without its check for a masked array (whose first
    call imports numpy.ma: ~15 ms of a one-shot command)."""
    ordered = np.sort(values)
    keep = np.ones(len(ordered), dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


SORTED_PATTERNS = 3**7
"""Words of up to 7 letters count buckets in one bin a pattern (and longer ones when the
answers outnumber the patterns); the others, whose 3^L bins a guess would take gigabytes
over thousands of guesses, sort each guess's patterns instead."""


def dense(game: Wordle, n: int) -> bool:
    """Whether buckets of n answers are counted in one bin a pattern (else by sorting)."""
    return game.win + 1 <= max(n, SORTED_PATTERNS)


def patterns(game: Wordle, rows: Rows, answers: Answers) -> np.ndarray:
    """(len(rows), len(answers)): the pattern of each answer under each guess row. Few answers
    are read as their rows of the answer-major copy, not from every guess row of the matrix
    (a one-shot command then touches a few MB of a memory-mapped matrix, not all of it)."""
    if len(answers) * FEW <= len(game.answers):
        return game.answer_patterns(answers)[:, rows].T
    return game.matrix[np.ix_(rows, answers)]


def bucket_chunks(
    game: Wordle, rows: Rows, remaining: Answers, weights: np.ndarray | None = None
) -> Iterator[tuple[slice, np.ndarray]]:
    """`bucket_counts` a chunk of rows at a time: (where in `rows`, that chunk's counts). The
    chunks bound the temporary int64 offsets (and tiled weights) to a few MB and reuse them:
    fresh arrays each chunk cost a one-shot command more in page faults than the counting."""
    n, npat = len(remaining), game.win + 1
    step = (CHUNK_ENTRIES if weights is None else CHUNK_ENTRIES // 2) // max(1, n)
    step = max(1, min(step, CHUNK_BUCKETS // npat, len(rows)))
    few = n * FEW <= len(game.answers)
    answer_major = game.answer_patterns(remaining) if few and len(rows) else None
    index = np.empty((step, n), dtype=np.int64)
    offsets = (np.arange(step, dtype=np.int64) * npat)[:, None]
    tiled = None if weights is None else np.tile(weights, step)
    for s in range(0, len(rows), step):
        r = rows[s : s + step]
        k = len(r)
        sub = game.matrix[np.ix_(r, remaining)] if answer_major is None else answer_major[:, r].T
        if sub.size and int(sub.max()) >= npat:  # else counted in the next guess's bins
            # a matrix written over in the cache (a damaged file is caught when read)
            raise CacheError(
                "the Wordle pattern matrix holds patterns no pair of words has (its copy in the "
                "cache was written over?): run `wordkit cache clear`"
            )
        np.add(sub, offsets[:k], out=index[:k])
        spread = None if tiled is None else tiled[: k * n]
        counts = np.bincount(index[:k].ravel(), weights=spread, minlength=k * npat)
        yield slice(s, s + k), counts.reshape(k, npat)


def bucket_counts(
    game: Wordle, rows: Rows, remaining: Answers, weights: np.ndarray | None = None
) -> np.ndarray:
    """(len(rows), patterns) bucket sizes of `remaining` under each guess row (2-D bincount);
    with `weights` (one per remaining answer), each bucket's total weight instead."""
    npat = game.win + 1
    out = np.empty((len(rows), npat), dtype=np.int64 if weights is None else np.float64)
    for where, counts in bucket_chunks(game, rows, remaining, weights):
        out[where] = counts
    return out


def bucket_sizes(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """(len(rows), n): the size of the bucket each remaining answer falls in, per guess."""
    n = len(remaining)
    out = np.empty((len(rows), n), dtype=np.int32)
    if n <= 32:
        # Small sets: count equal pairs directly, avoiding rows × 243 bins.
        step = max(1, 2**21 // max(1, n * n))
        for s in range(0, len(rows), step):
            sub = patterns(game, rows[s : s + step], remaining)
            out[s : s + step] = (sub[:, :, None] == sub[:, None, :]).sum(axis=2)
        return out
    npat = game.win + 1
    step = max(1, 2**20 // n)
    for s in range(0, len(rows), step):
        r = rows[s : s + step]
        if not dense(game, n):  # long words: 3^L bins a row would not fit
            out[s : s + step] = _sizes_by_sorting(patterns(game, r, remaining))
            continue
        sub = patterns(game, r, remaining).astype(np.int64)
        sub += (np.arange(len(r)) * npat)[:, None]
        counts = np.bincount(sub.ravel(), minlength=len(r) * npat)
        out[s : s + step] = counts[sub]
    return out


def runs(sub: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A (rows, n) block of patterns with each row sorted: the order that sorts each row, and
    for each sorted cell its bucket's number, row r's buckets numbered from r × n. Bucket
    arithmetic in O(rows × n) memory, whatever the number of patterns (3^L for L letters)."""
    k, n = sub.shape
    order = np.argsort(sub, axis=1, kind="stable")
    ordered = np.take_along_axis(sub, order, axis=1)
    starts = np.ones((k, n), dtype=bool)
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=starts[:, 1:])
    run = np.cumsum(starts, axis=1) - 1 + (np.arange(k, dtype=np.int64) * n)[:, None]
    return order, run


def _sizes_by_sorting(sub: np.ndarray) -> np.ndarray:
    """`bucket_sizes` of a (rows, n) block of patterns, through `runs`."""
    order, run = runs(sub)
    size_sorted = np.bincount(run.ravel(), minlength=sub.size)[run]
    sizes = np.empty(sub.shape, dtype=np.int32)
    np.put_along_axis(sizes, order, size_sorted, axis=1)
    return sizes


def remaining_prior(game: Wordle, remaining: Answers) -> np.ndarray:
    """The prior of the remaining answers, normalised to sum to 1."""
    p = game.prior[remaining]
    total = p.sum()
    return p / total if total > 0 else np.full(len(remaining), 1.0 / max(1, len(remaining)))


def pattern_masses(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """(len(rows), columns): the prior mass of each feedback bucket of `remaining` under each
    guess row (the prior normalised over `remaining`). The columns are the patterns, or, for
    words longer than SORTED_PATTERNS allows, the buckets in no set order: read row sums,
    maxima and squares, not one pattern's column."""
    width = game.win + 1 if dense(game, len(remaining)) else max(1, len(remaining))
    out = np.empty((len(rows), width), dtype=np.float64)
    for where, masses in mass_chunks(game, rows, remaining):
        out[where] = masses
    return out


def mass_chunks(game: Wordle, rows: Rows, remaining: Answers) -> Iterator[tuple[slice, np.ndarray]]:
    """`pattern_masses` a chunk of rows at a time: (where in `rows`, that chunk's masses)."""
    weights = remaining_prior(game, remaining)
    n = len(remaining)
    if dense(game, n):
        yield from bucket_chunks(game, rows, remaining, weights)
        return
    step = max(1, 2**20 // max(1, n))
    for s in range(0, len(rows), step):
        sub = patterns(game, rows[s : s + step], remaining)
        order, run = runs(sub)
        masses = np.bincount(run.ravel(), weights=weights[order].ravel(), minlength=sub.size)
        yield slice(s, s + len(sub)), masses.reshape(sub.shape)


def mass_left(masses: np.ndarray) -> np.ndarray:
    """The expected prior mass left after each row of `pattern_masses` (Σ mass²)."""
    return np.einsum("ij,ij->i", masses, masses)


def expected_mass(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """The expected prior mass left after each guess row (Σ bucket mass², between 1/n and 1):
    under a uniform prior, the expected list size divided by n."""
    if not len(remaining):
        return np.zeros(len(rows))
    return mass_left(pattern_masses(game, rows, remaining))


def weighted_entropy(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """Expected information (bits) of each row's feedback under the prior: -Σ q log2 q over
    the buckets' masses q."""
    if not len(remaining):
        return np.zeros(len(rows))
    out = np.empty(len(rows))
    logs = np.empty(0)
    # A chunk at a time into one buffer, logs of non-empty buckets only: fresh (guesses × 243)
    # arrays would cost a one-shot command more in page faults than the sums.
    for where, masses in mass_chunks(game, rows, remaining):
        if logs.size < masses.size:
            logs = np.empty(masses.size)
        chunk = logs[: masses.size].reshape(masses.shape)
        chunk.fill(0.0)
        np.log2(masses, out=chunk, where=masses > 0)
        out[where] = -np.einsum("ij,ij->i", masses, chunk)
    return out


def heaviest(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """The heaviest bucket's prior mass under each guess row (the weighted worst case)."""
    if not len(remaining):
        return np.zeros(len(rows))
    return pattern_masses(game, rows, remaining).max(axis=1)


def sum_squares(sizes: np.ndarray) -> np.ndarray:
    """Sum of squared bucket sizes per row (n × the expected size of the list left)."""
    return sizes.sum(axis=1, dtype=np.int64)


def expected_size(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """The expected number of answers left after each guess row (sum of squares / n)."""
    if not len(remaining):
        return np.zeros(len(rows))
    return sum_squares(bucket_sizes(game, rows, remaining)) / len(remaining)


_LOG2 = np.log2(np.arange(1, 2**16 + 1, dtype=np.float64))


def entropy(sizes: np.ndarray) -> np.ndarray:
    """Expected information (bits) of each row's partition."""
    n = sizes.shape[1]
    table = _LOG2 if n <= len(_LOG2) else np.log2(np.arange(1, n + 1, dtype=np.float64))
    return np.log2(n) - table[sizes - 1].mean(axis=1)


def guess_entropy(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """Expected information (bits) of each guess row's feedback, under the lists' prior if
    they have one."""
    if game.weighted:
        return weighted_entropy(game, rows, remaining)
    return count_entropy(game, rows, remaining)


def count_entropy(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """Expected bits of each guess row, every remaining answer alike, CHUNK_ENTRIES cells at a
    time (each row's figure as `entropy` gives it): the sizes of every row at once, and their
    logs, took 0.4 GB over 15,000 guesses and 2,300 answers."""
    out = np.empty(len(rows))
    step = max(1, CHUNK_ENTRIES // max(1, len(remaining)))
    for s in range(0, len(rows), step):
        out[s : s + step] = entropy(bucket_sizes(game, rows[s : s + step], remaining))
    return out


def largest(sizes: np.ndarray) -> np.ndarray:
    """The largest bucket of each row's partition (the worst case)."""
    return sizes.max(axis=1)


def split_stats(
    game: Wordle, rows: Rows, subset: Answers
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(buckets, sum of squares, largest bucket) of `subset` under each guess row, in one
    compiled pass over the answer-major matrix (numpy's passes without the extension)."""
    if not compiled_for(game, subset):
        sizes = bucket_sizes(game, rows, subset)
        return numpy_bucket_count(game, rows, subset), sum_squares(sizes), largest_of(sizes)
    out = np.empty((3, len(rows)), dtype=np.int64)
    _kernels.split_stats(
        game.matrix_t,
        np.ascontiguousarray(subset, dtype=np.int64),
        np.ascontiguousarray(rows, dtype=np.int64),
        game.win + 1,
        out[0],
        out[1],
        out[2],
    )
    return out[0], out[1], out[2]


class Split:
    """The partition figures of one subset under a set of guess rows, for the exact search:
    all three from one compiled pass, or (without the extension) each in numpy when asked,
    the sizes only for the rows still wanted."""

    def __init__(self, game: Wordle, rows: Rows, subset: Answers) -> None:
        self.game, self.rows, self.subset = game, rows, subset
        self.figures = split_stats(game, rows, subset) if compiled_for(game, subset) else None
        self.buckets = (
            self.figures[0] if self.figures is not None else numpy_bucket_count(game, rows, subset)
        )

    def squares(self, keep: np.ndarray) -> np.ndarray:
        """Sum of squared bucket sizes under rows[keep]."""
        if self.figures is not None:
            return self.figures[1][keep]
        return sum_squares(bucket_sizes(self.game, self.rows[keep], self.subset))

    def largest(self) -> np.ndarray:
        """The largest bucket under each row."""
        if self.figures is not None:
            return self.figures[2]
        return largest_of(bucket_sizes(self.game, self.rows, self.subset))


def largest_of(sizes: np.ndarray) -> np.ndarray:
    """The largest bucket of each row of `bucket_sizes` (0 for no answers), as int64."""
    return sizes.max(axis=1, initial=0).astype(np.int64)


def bucket_count(game: Wordle, rows: Rows, subset: Answers) -> np.ndarray:
    """Number of distinct feedback patterns of `subset` under each guess row."""
    if compiled_for(game, subset):
        return split_stats(game, rows, subset)[0]
    return numpy_bucket_count(game, rows, subset)


def every_row(game: Wordle, rows: Rows) -> bool:
    """Whether `rows` is every guess row in order (as many rows, repeated or reordered, is not:
    a whole-matrix shortcut would answer for the wrong rows)."""
    n = len(game.guesses)
    return len(rows) == n and bool((np.asarray(rows) == np.arange(n)).all())


def numpy_bucket_count(game: Wordle, rows: Rows, subset: Answers) -> np.ndarray:
    """`bucket_count` in numpy (without the compiled extension)."""
    n, r = len(subset), len(rows)
    if not dense(game, n):  # a bucket of size s holds s answers, each counting 1/s of it
        return np.rint((1.0 / bucket_sizes(game, rows, subset)).sum(axis=1)).astype(np.int64)
    if n <= 8:
        sub = game.matrix[np.ix_(rows, subset)]
        eq = (sub[:, :, None] == sub[:, None, :]).sum(axis=2)
        return np.rint((1.0 / eq).sum(axis=1)).astype(np.int64)
    npat = game.win + 1
    # The transposed matrix makes a subset's columns contiguous rows.
    mt = game.matrix_t
    cols = mt[subset] if every_row(game, rows) else mt[np.ix_(subset, rows)]
    idx = cols.astype(np.int32) * r + np.arange(r, dtype=np.int32)
    seen = np.zeros(npat * r, dtype=bool)
    seen[idx.ravel()] = True
    return seen.reshape(npat, r).sum(axis=0, dtype=np.int64)


def buckets(game: Wordle, row: int, subset: Answers) -> list[tuple[int, Answers]]:
    """Every (pattern, bucket) of `subset` under guess `row`, largest first (stable)."""
    if not len(subset):
        return []
    if compiled_for(game, subset):
        members = np.ascontiguousarray(subset, dtype=np.int64)
        grouped = np.empty(len(members), dtype=np.int64)
        spans = _kernels.group(game.matrix[row], members, grouped)
        return [(p, grouped[a:b]) for p, a, b in spans]
    pats = game.matrix[row, subset]
    order = np.argsort(pats, kind="stable")
    sp = pats[order]
    grouped = subset[order]
    edges = [0, *(np.flatnonzero(sp[1:] != sp[:-1]) + 1).tolist(), len(sp)]
    heads = sp[edges[:-1]].tolist()
    spans = zip(heads, edges[:-1], edges[1:], strict=True)
    out = [(head, grouped[a:b]) for head, a, b in spans]
    out.sort(key=lambda pg: -len(pg[1]))
    return out


def pattern_sizes(game: Wordle, row: int, remaining: Answers) -> tuple[np.ndarray, np.ndarray]:
    """The patterns `row` can get against `remaining` (ascending) and their bucket sizes."""
    patterns, sizes = np.unique(game.matrix[row, remaining], return_counts=True)
    return patterns, sizes


def in_remaining(game: Wordle, rows: Rows, remaining: Answers) -> np.ndarray:
    """Boolean per row: is this guess one of the remaining answers?"""
    mask = np.zeros(len(game.guesses), dtype=bool)
    mask[game.answer_rows[remaining]] = True
    return mask[rows]
