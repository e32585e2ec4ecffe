"""The pattern matrix (guesses × answers → feedback), built with numpy and cached on disk."""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from wordkit import cache
from wordkit.notices import notice
from wordkit.wordle.rules import Word, WordLengthError, word_length

Matrix = np.ndarray  # rows = guesses, columns = answers, entries = patterns


def letter_array(words: Sequence[Word]) -> np.ndarray:
    """An (n, length) array of letter codes: each distinct character's rank (uint8 when the
    alphabet has at most 256 characters, else uint16)."""
    length = word_length(words)
    data = "".join(words).encode("utf-32-le")
    codes = np.frombuffer(data, dtype=np.uint32).reshape(len(words), length)
    # Compact the alphabet so codes index small count tables even for non-ASCII letters.
    found, inverse = np.unique(codes, return_inverse=True)
    return inverse.reshape(codes.shape).astype(np.uint8 if len(found) <= 256 else np.uint16)


def pattern_dtype(length: int) -> type[np.unsignedinteger]:
    """The smallest unsigned dtype holding every pattern of `length` letters."""
    if 3**length <= 2**8:
        return np.uint8
    if 3**length <= 2**16:
        return np.uint16
    if 3**length <= 2**32:
        return np.uint32
    raise WordLengthError(f"words of {length} letters are too long for a pattern matrix")


def _letter_sets(g: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each guess (rows of letter codes) and position: the positions holding the same
    letter (a bit set), and whether it is that letter's first position in the guess."""
    length = g.shape[1]
    same = g[:, :, None] == g[:, None, :]  # (k, L, L)
    sets = (same * (1 << np.arange(length, dtype=np.int64))).sum(axis=2)
    first = ~np.tril(same, k=-1).any(axis=2)  # no earlier position holds the letter
    return sets, first


def _letter_marks(
    a: np.ndarray, acount: np.ndarray, letters: np.ndarray, positions: int, dtype: type
) -> np.ndarray:
    """(len(letters), n): what the marks of a guess letter c at the positions `positions` (a
    bit set) add to the pattern against each answer. Greens first (the answer holds c there);
    then yellows left to right while the answer has copies of c left that no green took."""
    length = a.shape[1]
    where = [p for p in range(length) if positions >> p & 1]
    greens = [a[None, :, p] == letters[:, None] for p in where]
    left = acount[letters].astype(np.int16) - sum(greens)
    out: np.ndarray = np.zeros((len(letters), a.shape[0]), dtype=dtype)
    for p, green in zip(where, greens, strict=True):
        yellow = ~green & (left > 0)
        left -= yellow
        out += (2 * green + yellow).astype(dtype) * dtype(3 ** (length - 1 - p))
    return out


def compute_pattern_matrix(guesses: Sequence[Word], answers: Sequence[Word]) -> Matrix:
    """The (guesses × answers) feedback matrix, without a Python loop over pairs.

    A letter's marks depend only on the letter, the guess positions holding it and the
    answer, and a pattern is the sum of its distinct letters' marks. So each (letter,
    positions) pair that occurs among the guesses gets its row of marks against every answer
    once, and each guess's row is the sum of its letters' rows: a few gathers per guess."""
    length = word_length(guesses, answers)
    dtype = pattern_dtype(length)
    k, n = len(guesses), len(answers)
    if not k or not n:
        return np.zeros((k, n), dtype=dtype)
    codes = letter_array([*guesses, *answers])
    g, a = codes[:k], codes[k:]
    nletters = int(codes.max()) + 1
    acount = np.zeros((nletters, n), dtype=np.uint8)
    for i in range(length):
        np.add.at(acount, (a[:, i], np.arange(n)), 1)
    sets, first = _letter_sets(g)
    full = (1 << length) - 1
    keys = np.where(first, g.astype(np.int64) << length | sets, -1)
    found, ids = np.unique(keys, return_inverse=True)
    ids = ids.reshape(keys.shape)
    rows = np.zeros((len(found), n), dtype=dtype)  # key -1 (a letter seen before) adds nothing
    real = found >= 0
    for positions in sorted(set((found[real] & full).tolist())):
        chosen = np.flatnonzero(real & ((found & full) == positions))
        letters = (found[chosen] >> length).astype(np.intp)
        rows[chosen] = _letter_marks(a, acount, letters, positions, dtype)
    out = np.empty((k, n), dtype=dtype)
    gathered = np.empty((min(k, BLOCK_ROWS), n), dtype=dtype)
    for start in range(0, k, BLOCK_ROWS):  # blocks keep the temporaries in cache
        block = out[start : start + BLOCK_ROWS]
        np.take(rows, ids[start : start + BLOCK_ROWS, 0], axis=0, out=block)
        for p in range(1, length):
            part = gathered[: len(block)]
            np.take(rows, ids[start : start + BLOCK_ROWS, p], axis=0, out=part)
            block += part
    return out


BLOCK_ROWS = 256
"""Guess rows summed at a time (a few megabytes of temporaries on the original lists)."""


def lists_key(guesses: Sequence[Word], answers: Sequence[Word], length: int | None = None) -> str:
    """A content hash of both word lists (and their length, when known) naming cached results."""
    length = word_length(guesses, answers) if length is None else length
    return cache.content_key(f"wordle-v1 L={length}", "\n".join(guesses), "\n".join(answers))


SLOW_CELLS = 10**7
"""A matrix this large takes a noticeable while to build: say so."""


CHECKED_ROWS = 8
CHECKED_COLUMNS = 256
"""A cached matrix is checked when opened on CHECKED_ROWS rows spread over it (their patterns
in range), and about CHECKED_COLUMNS answers of each computed again: a foreign or scrambled
file fails them (the rest is only mapped, never read whole)."""


def read_matrix(
    name: str,
    shape: tuple[int, int],
    dtype: type,
    top: int,
    guesses: Sequence[Word] | None = None,
    answers: Sequence[Word] | None = None,
) -> Matrix | None:
    """A cached matrix of the expected shape and type, memory-mapped read-only (pages are read
    as the solver touches them), or None when absent or damaged: a truncated, padded or
    foreign file is ignored, then rebuilt. With the lists, CHECKED_ROWS rows spread over the
    matrix are computed again and must match (their patterns below `top` too)."""
    path = cache.cached_file(name)
    if path is None:
        return None
    try:
        mapped = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        return None
    if not isinstance(mapped, np.ndarray):
        close = getattr(mapped, "close", None)  # an .npz archive
        if close is not None:
            close()
        return None
    if mapped.shape != shape or mapped.dtype != dtype or not mapped.flags.c_contiguous:
        return None  # a Fortran-ordered file is not one this module wrote
    offset = getattr(mapped, "offset", 0)
    try:
        if offset + mapped.nbytes != path.stat().st_size:
            return None  # bytes beyond the array: not a file this module wrote
    except OSError:
        return None
    matrix = mapped.view(np.ndarray)
    if not matrix.size:
        return matrix
    rows = sorted({round(i * (shape[0] - 1) / (CHECKED_ROWS - 1)) for i in range(CHECKED_ROWS)})
    sample = np.asarray(matrix[rows])
    if int(sample.max()) >= top:
        return None  # a pattern no word pair can have
    if guesses is not None and answers is not None:
        step = max(1, shape[1] // CHECKED_COLUMNS)
        expected = compute_pattern_matrix([guesses[i] for i in rows], answers[::step])
        if not np.array_equal(sample[:, ::step], expected):
            return None
    return matrix


def npy_writer(array: np.ndarray) -> cache.Writer:
    """Writes `array` as a .npy file straight from its memory (no copy of a large matrix)."""
    return lambda out: np.save(out, array, allow_pickle=False)


MEMO: dict[str, Matrix] = {}
"""Matrices built or loaded in this process, by `lists_key`."""


def pattern_matrix(
    guesses: Sequence[Word], answers: Sequence[Word], use_disk: bool = True
) -> Matrix:
    """The feedback matrix, memoised in process and cached on disk by the lists' content."""
    length = word_length(guesses, answers)
    key = lists_key(guesses, answers, length)
    if key in MEMO:
        return MEMO[key]
    name = f"wordle-matrix-{key}.npy"
    shape = (len(guesses), len(answers))
    matrix = (
        read_matrix(name, shape, pattern_dtype(length), 3**length, guesses, answers)
        if use_disk
        else None
    )
    if matrix is None:
        check_fits(shape, pattern_dtype(length))
        if len(guesses) * len(answers) >= SLOW_CELLS:
            notice(f"building the pattern matrix ({shape[0]:,} × {shape[1]:,}); once, then cached")
        matrix = compute_pattern_matrix(guesses, answers)
        if use_disk:
            cache.write_cached(name, npy_writer(matrix))
    matrix.setflags(write=False)
    MEMO[key] = matrix
    return matrix


def available_memory() -> int | None:
    """Bytes of memory the system can still give (Linux's MemAvailable; None: unknown)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def size(count: int) -> str:
    """A number of bytes in GiB, or MiB under one GiB."""
    return f"{count / 2**30:.1f} GiB" if count >= 2**30 else f"{count / 2**20:.1f} MiB"


def check_fits(shape: tuple[int, int], dtype: type[np.unsignedinteger]) -> None:
    """RangeError when a pattern matrix of `shape` and its copy by answer (`answer_major`)
    would not fit in the memory left: refused before numpy tries to allocate them (or the
    system to swap them in)."""
    from wordkit.errors import RangeError

    need = 2 * shape[0] * shape[1] * np.dtype(dtype).itemsize
    free = available_memory()
    if free is not None and need > free:
        raise RangeError(
            f"{shape[0]:,} guesses × {shape[1]:,} answers need {size(need)} for the pattern "
            f"matrix and its copy by answer, more than the {size(free)} of memory free: use "
            "shorter word lists"
        )


BLOCK = 8
"""Side of the blocks an answer-major copy is checked on against the matrix."""


def answer_major(matrix: Matrix) -> Matrix:
    """The matrix transposed and contiguous (answers × guesses), so that the patterns of a
    few answers are a few rows to read. For a matrix cached on disk the copy is cached too
    and memory-mapped (a one-shot command touches only the rows it needs); a damaged copy is
    rebuilt. It is checked on BLOCK × BLOCK blocks spread over both matrices."""
    key = next((k for k, m in MEMO.items() if m is matrix), None)
    if key is None or cache.limit_bytes() <= 0:
        return transposed(matrix)
    name = f"wordle-matrix-{key}-by-answer.npy"
    shape = (matrix.shape[1], matrix.shape[0])
    top = int(np.iinfo(matrix.dtype).max) + 1
    found = read_matrix(name, shape, matrix.dtype.type, top)
    if found is not None and blocks_agree(matrix, found):
        return found
    copy = transposed(matrix)
    cache.write_cached(name, npy_writer(copy))
    copy.setflags(write=False)
    return copy


TRANSPOSE_ROWS = 256
"""Rows of the matrix transposed at a time: a block's columns stay in cache while its rows
are written (4× faster than numpy's one strided copy of the whole matrix)."""


def transposed(matrix: Matrix) -> Matrix:
    """The matrix transposed into a new C-contiguous array, a block of rows at a time."""
    out = np.empty((matrix.shape[1], matrix.shape[0]), dtype=matrix.dtype)
    for s in range(0, matrix.shape[0], TRANSPOSE_ROWS):
        out[:, s : s + TRANSPOSE_ROWS] = matrix[s : s + TRANSPOSE_ROWS].T
    return out


def blocks_agree(matrix: Matrix, transposed: Matrix) -> bool:
    """Whether `transposed` holds `matrix`'s transpose on blocks spread over both."""
    rows, cols = matrix.shape
    for i in range(CHECKED_ROWS):
        r = (i * max(rows - BLOCK, 0)) // max(CHECKED_ROWS - 1, 1)
        c = ((CHECKED_ROWS - 1 - i) * max(cols - BLOCK, 0)) // max(CHECKED_ROWS - 1, 1)
        block = np.asarray(matrix[r : r + BLOCK, c : c + BLOCK])
        if not np.array_equal(block.T, np.asarray(transposed[c : c + BLOCK, r : r + BLOCK])):
            return False
    return True


class RowReader:
    """Reads a few rows of a matrix cached on disk with one `pread` each: a memory map would
    fault in 64 KB or more around every row touched, this reads only the rows' own bytes."""

    def __init__(self, path: os.PathLike[str], shape: tuple[int, int], dtype: np.dtype) -> None:
        with os.fdopen(cache.open_regular(Path(path)), "rb") as handle:
            version = np.lib.format.read_magic(handle)
            if version == (1, 0):
                np.lib.format.read_array_header_1_0(handle)
            else:
                np.lib.format.read_array_header_2_0(handle)
            self.offset = handle.tell()
        self.path, self.shape, self.dtype = path, shape, dtype
        self.width = shape[1] * dtype.itemsize

    def __call__(self, rows: np.ndarray) -> np.ndarray:
        """The rows asked for, in order (OSError when the file went away or was replaced by
        anything but a regular file: a FIFO there must not block the run)."""
        out = np.empty((len(rows), self.shape[1]), dtype=self.dtype)
        fd = cache.open_regular(Path(self.path))
        try:
            for i, row in enumerate(rows):
                data = os.pread(fd, self.width, self.offset + int(row) * self.width)
                if len(data) != self.width:
                    raise OSError(f"{self.path}: the file was cut short")
                out[i] = np.frombuffer(data, dtype=self.dtype)
        finally:
            os.close(fd)
        return out


def answer_reader(matrix: Matrix) -> RowReader | None:
    """A reader of the answer-major copy's rows on disk (None: it is not cached)."""
    key = next((k for k, m in MEMO.items() if m is matrix), None)
    if key is None:
        return None
    answer_major(matrix)  # builds or checks the copy
    path = cache.cached_file(f"wordle-matrix-{key}-by-answer.npy")
    if path is None:
        return None
    try:
        return RowReader(path, (matrix.shape[1], matrix.shape[0]), matrix.dtype)
    except (OSError, ValueError):
        return None
