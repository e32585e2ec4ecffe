"""The pattern matrix (guesses × answers → feedback), built with numpy and cached on disk."""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from wordkit import cache
from wordkit.wordle.notices import notice
from wordkit.wordle.rules import Word, WordLengthError, word_length

Matrix = np.ndarray  # rows = guesses, columns = answers, entries = patterns


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
    if mapped.shape != shape or mapped.dtype != dtype:
        return None
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
        if len(guesses) * len(answers) >= SLOW_CELLS:
            notice(f"building the pattern matrix ({shape[0]:,} × {shape[1]:,}); once, then cached")
        matrix = compute_pattern_matrix(guesses, answers)
        if use_disk:
            buf = io.BytesIO()
            np.save(buf, matrix, allow_pickle=False)
            cache.write_cached(name, buf.getvalue())
    matrix.setflags(write=False)
    MEMO[key] = matrix
    return matrix


BLOCK = 8
"""Side of the blocks an answer-major copy is checked on against the matrix."""


def answer_major(matrix: Matrix) -> Matrix:
    """The matrix transposed and contiguous (answers × guesses), so that the patterns of a
    few answers are a few rows to read. For a matrix cached on disk the copy is cached too
    and memory-mapped (a one-shot command touches only the rows it needs); a damaged copy is
    rebuilt. It is checked on BLOCK × BLOCK blocks spread over both matrices."""
    key = next((k for k, m in MEMO.items() if m is matrix), None)
    if key is None or cache.limit_bytes() <= 0:
        return np.ascontiguousarray(matrix.T)
    name = f"wordle-matrix-{key}-by-answer.npy"
    shape = (matrix.shape[1], matrix.shape[0])
    top = int(np.iinfo(matrix.dtype).max) + 1
    found = read_matrix(name, shape, matrix.dtype.type, top)
    if found is not None and blocks_agree(matrix, found):
        return found
    copy = np.ascontiguousarray(matrix.T)
    buf = io.BytesIO()
    np.save(buf, copy, allow_pickle=False)
    cache.write_cached(name, buf.getvalue())
    copy.setflags(write=False)
    return copy


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
