"""The one-shot hot path: tables' compact copies, packed books and the mapped pattern matrix
give the same numbers as the slow path, a damaged cache entry is rebuilt, and a warm `solve`
imports no pandas."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit import cache, tables
from wordkit.hangman import book as book_store
from wordkit.hangman.lexicon import (
    Lexicon,
    columns_with_words,
    fast_encode,
    lexicon_from_columns,
    lexicon_from_rows,
    lexicon_from_table,
    pack_lexicon,
    unpack_lexicon,
    with_words,
)
from wordkit.hangman.rules import Encoded, InvalidMoveError, encode_words
from wordkit.runner import run_chunks
from wordkit.wordle import matrix

MINI = (
    "word,weight,category\n"
    "crane,5,birds\nslate,4,rocks\nheron,3,birds\ncrane,7,machines\nstone,1,rocks\n"
    "trace,2,\nowl,9,birds\n"
)


@pytest.fixture
def mini_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache and a data folder holding one built-in table, `mini`."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "mini.csv").write_text(MINI, encoding="utf-8")
    monkeypatch.setenv("WORDKIT_DATA", str(data))
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _same(a: tables.Columns, b: tables.Columns) -> bool:
    return (
        a.words == b.words
        and a.weights.dtype == b.weights.dtype == np.float64
        and np.array_equal(a.weights, b.weights)
        and a.categories == b.categories
    )


def test_compact_copy_gives_the_tables_rows(mini_data: Path) -> None:
    slow = tables.columns_of(tables.load_table("mini"))
    first = tables.load_columns("mini")
    (copy,) = mini_data.glob("table-*.npz")
    second = tables.load_columns("mini")
    assert _same(slow, first) and _same(first, second)
    assert second.categories == ("birds", "rocks", "birds", "machines", "rocks", "", "birds")
    assert copy.stat().st_size > 0


def test_compact_copy_follows_the_csv(mini_data: Path) -> None:
    tables.load_columns("mini")
    csv = Path(os.environ["WORDKIT_DATA"]) / "mini.csv"
    csv.write_text("word,weight\nzebra,2\n", encoding="utf-8")
    assert tables.load_columns("mini").words == ("zebra",)


def test_damaged_compact_copies_are_rebuilt(mini_data: Path) -> None:
    good = tables.load_columns("mini")
    (copy,) = mini_data.glob("table-*.npz")
    key = copy.stem.removeprefix("table-")
    data = copy.read_bytes()
    other = tables.pack_columns(tables.Columns(("owl",), np.ones(1)), key)
    foreign = tables.pack_columns(good, "0" * 24)
    bad_words = tables.pack_columns(tables.Columns(("Owl",) * 7, good.weights), key)
    negative = tables.pack_columns(tables.Columns(good.words, -good.weights), key)
    damaged = [b"", b"PK\x03\x04junk", data[:-9], data[:100], foreign, bad_words, negative]
    for content in damaged:
        assert tables.unpack_columns(content, key) is None
        copy.write_bytes(content)
        assert _same(tables.load_columns("mini"), good)
        assert copy.read_bytes() == data  # rebuilt
    assert _same(tables.unpack_columns(other, key) or good, tables.Columns(("owl",), np.ones(1)))


def test_files_and_stdin_are_parsed_as_before(fixtures: Path, mini_data: Path) -> None:
    path = str(fixtures / "small.tsv")
    assert _same(tables.load_columns(path), tables.columns_of(tables.load_table(path)))
    assert not list(mini_data.glob("table-*"))  # only built-in tables get a compact copy


def test_lexicon_from_columns_equals_lexicon_from_table(mini_data: Path) -> None:
    table = tables.load_table("mini")
    extra = {"ibis": "birds", "crane": None, "quartz": None}
    slow = lexicon_from_table(with_words(table, extra))
    fast = lexicon_from_columns(columns_with_words(tables.load_columns("mini"), extra))
    assert fast.enc.words == slow.enc.words and fast.index == slow.index
    assert fast.row_categories == slow.row_categories
    for a, b in [(fast.row_ids, slow.row_ids), (fast.row_weights, slow.row_weights)]:
        assert a.dtype == b.dtype and np.array_equal(a, b)


@pytest.mark.parametrize(
    "words", [["crane", "owl", "a", "abracadabra", "zz"], ["q"], [], ["ok", "Bad"], ["é"]]
)
def test_fast_encode_equals_encode_words(words: list[str]) -> None:
    try:
        slow = encode_words(words)
    except InvalidMoveError as exc:
        with pytest.raises(InvalidMoveError, match=str(exc).replace("'", ".")):
            fast_encode(words)
        return
    fast = fast_encode(words)
    assert fast.words == slow.words
    for name in ("codes", "lengths", "positions", "counts"):
        a, b = getattr(fast, name), getattr(slow, name)
        assert a.dtype == b.dtype and np.array_equal(a, b), name


def _book_bytes(book: dict[str, str]) -> bytes:
    return zlib.compress(json.dumps(book, separators=(",", ":")).encode())


def test_packed_book_answers_as_the_dict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(book_store, "SEARCHED_LOOKUPS", 5)
    book = {f"{'_' * (i % 7 + 1)}|{i}|": "abcdefghij"[i % 10] for i in range(300)}
    first = book_store.read_book(_book_bytes(book))
    (packed,) = tmp_path.glob("hangman-packed-*.npz")
    again = book_store.read_book(_book_bytes(book))
    assert isinstance(again, book_store.PackedBook)
    assert first is not None and dict(first) == book
    assert [again.get(k) for k in book] == list(book.values())  # past the searched lookups
    assert again.get("nope") is None and "nope" not in again and len(again) == 300
    data = packed.read_bytes()
    for content in [b"", data[:-5], data.replace(b"|1|", b"|2|", 1), b"PK\x03\x04junk"]:
        packed.write_bytes(content)
        assert dict(book_store.read_book(_book_bytes(book)) or {}) == book
        assert packed.read_bytes() == data  # rebuilt
    assert book_store.read_book(b"not zlib") is None
    assert book_store.read_book(zlib.compress(b'{"a": 1}')) is None


def test_shipped_books_cover_english_and_categories() -> None:
    from wordkit.hangman.lexicon import pool_for
    from wordkit.hangman.rules import Rules

    for table in ("english", "categories"):
        lexicon = lexicon_from_columns(tables.load_columns(table))
        for prior in ("uniform", "weight"):
            name = book_store.book_name(pool_for(lexicon, prior=prior), Rules())
            assert (book_store.SHIPPED / name).is_file(), (table, prior)


def test_a_damaged_cached_book_falls_back_to_the_shipped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A cached copy under a shipped book's name that does not read was taken as "not built":
    # the AI searched live instead of reading the book, and the bad file stayed.
    from wordkit.hangman.lexicon import pool_for
    from wordkit.hangman.rules import Rules

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(book_store, "_BOOKS", {})
    pool = pool_for(lexicon_from_columns(tables.load_columns("categories")), prior="weight")
    name = book_store.book_name(pool, Rules())
    shipped = (book_store.SHIPPED / name).read_bytes()
    (tmp_path / name).write_bytes(b"garbage")
    found = book_store.cached_book(pool, Rules())
    assert found is not None and dict(found) == dict(book_store.read_book(shipped) or {})
    assert (tmp_path / name).read_bytes() == shipped  # the damaged copy replaced


WORDS = ["crane", "slate", "trace", "crate", "stare", "heron", "stone", "tones", "notes"]


def test_damaged_or_foreign_matrices_are_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(matrix, "MEMO", {})
    expected = matrix.compute_pattern_matrix(WORDS, WORDS)
    assert np.array_equal(matrix.pattern_matrix(WORDS, WORDS), expected)
    (path,) = tmp_path.glob("wordle-matrix-*.npy")
    good = path.read_bytes()
    foreign = bytearray(good)
    foreign[-len(WORDS) :] = bytes(reversed(foreign[-len(WORDS) :]))
    for content in [b"", good[:-3], good + b"\0", bytes(foreign), good[:-1] + b"\xff"]:
        path.write_bytes(content)
        monkeypatch.setattr(matrix, "MEMO", {})
        found = matrix.pattern_matrix(WORDS, WORDS)
        assert np.array_equal(found, expected) and not found.flags.writeable
        assert path.read_bytes() == good  # rebuilt
    monkeypatch.setattr(matrix, "MEMO", {})
    mapped = matrix.pattern_matrix(WORDS, WORDS)
    assert np.array_equal(mapped, expected) and type(mapped) is np.ndarray


def _slow_chunk(chunk: list[float]) -> list[float]:
    time.sleep(chunk[0])
    return chunk


def test_progress_moves_as_each_chunk_finishes() -> None:
    told: list[tuple[float, int]] = []
    start = time.perf_counter()
    done = run_chunks(
        _slow_chunk,
        [[0.05, 0.0], [1.0]],
        jobs=2,
        setup=lambda: None,
        progress=lambda n: told.append((time.perf_counter() - start, n)),
        count=lambda out: 10 * len(out),
    )
    assert sorted(done) == [0.0, 0.05, 1.0]
    assert [n for _, n in told] == [20, 10]
    assert told[0][0] < 0.9 <= told[1][0]  # the quick chunk was told before the slow ended


def test_warm_one_shot_commands_import_no_pandas_pydantic_or_numpy_ma(mini_data: Path) -> None:
    probe = (
        "import sys\n"
        "sys.argv = ['wordkit', *sys.argv[1:]]\n"
        "from wordkit.cli import app\n"
        "try:\n    app()\nexcept SystemExit as exc:\n    code = exc.code\n"
        "heavy = [m for m in ('pandas', 'pydantic', 'numpy.ma') if m in sys.modules]\n"
        "print(heavy or 'NO-PANDAS', code)\n"
    )
    commands = [
        ["solve", "hangman", "--words", "mini", "--mask", "__a__", "--guessed", "a"],
        ["query", "hangman", "--words", "mini", "heron"],
        ["solve", "wordle", "--words", "mini", "--history", "stone=BBYYY"],
        ["query", "wordle", "--words", "mini", "stone"],
    ]
    env = dict(os.environ)
    for args in commands:
        runs = [
            subprocess.run(
                [sys.executable, "-c", probe, *args],
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
            for _ in range(2)
        ]
        last = runs[-1].stdout.strip().splitlines()
        assert last and last[-1] == "NO-PANDAS 0", (args, runs[-1].stdout, runs[-1].stderr)


def _same_lexicon(a: Lexicon, b: Lexicon) -> bool:
    arrays = [(x.enc.codes, y.enc.codes) for x, y in [(a, b)]]
    arrays += [(a.enc.lengths, b.enc.lengths), (a.enc.positions, b.enc.positions)]
    arrays += [(a.enc.counts, b.enc.counts), (a.row_ids, b.row_ids), (a.row_weights, b.row_weights)]
    return (
        a.enc.words == b.enc.words
        and a.index == b.index
        and a.row_categories == b.row_categories
        and all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in arrays)
    )


def test_cached_lexicon_equals_a_fresh_encoding(mini_data: Path) -> None:
    columns = tables.load_columns("mini")
    fresh = lexicon_from_rows(list(columns.words), columns.weights, columns.categories)
    first = lexicon_from_columns(columns)
    (stored,) = mini_data.glob("hangman-lexicon-*.npz")
    again = lexicon_from_columns(tables.load_columns("mini"))
    assert _same_lexicon(first, fresh) and _same_lexicon(again, fresh)
    assert fresh.size == 6 and list(fresh.row_ids) == [0, 1, 2, 0, 3, 4, 5]  # crane twice
    changed = columns_with_words(columns, {"ibis": "birds"})
    assert changed.key is None  # not the table any more: encoded afresh, not cached
    lexicon_from_columns(changed)
    assert len(list(mini_data.glob("hangman-lexicon-*.npz"))) == 1 and stored.is_file()


def test_damaged_or_foreign_cached_lexicons_are_rebuilt(mini_data: Path) -> None:
    columns = tables.load_columns("mini")
    good = lexicon_from_columns(columns)
    (stored,) = mini_data.glob("hangman-lexicon-*.npz")
    data = stored.read_bytes()
    key = stored.stem.removeprefix("hangman-lexicon-")
    owl = tables.Columns(("owl", "crane"), np.ones(2))
    foreign = pack_lexicon(lexicon_from_rows(list(owl.words), owl.weights, None), key)
    other_key = pack_lexicon(good, "0" * 24)
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x01  # a bit of an array: the archive's CRC-32 no longer holds
    damaged = [b"", b"PK\x03\x04junk", data[:-9], data[:200], bytes(flipped), foreign, other_key]
    for content in damaged:
        assert unpack_lexicon(content, key, columns) is None
        stored.write_bytes(content)
        assert _same_lexicon(lexicon_from_columns(columns), good)
        assert stored.read_bytes() == data  # rebuilt
    stored.unlink()
    stored.mkdir()  # not a regular file: encoded afresh, never an error
    assert _same_lexicon(lexicon_from_columns(columns), good)


def test_shuffled_cached_lexicon_arrays_are_refused(mini_data: Path) -> None:
    columns = tables.load_columns("mini")
    good = lexicon_from_columns(columns)
    key = next(mini_data.glob("hangman-lexicon-*.npz")).stem.removeprefix("hangman-lexicon-")
    enc = good.enc
    wrong_rows = Lexicon(enc, good.row_ids[::-1].copy(), good.row_weights, None, good.index)
    wrong_codes = Lexicon(
        Encoded(enc.words, enc.codes[::-1].copy(), enc.lengths, enc.positions, enc.counts),
        good.row_ids, good.row_weights, None, good.index,
    )  # fmt: skip
    wrong_counts = Lexicon(
        Encoded(enc.words, enc.codes, enc.lengths, enc.positions, enc.counts[::-1].copy()),
        good.row_ids, good.row_weights, None, good.index,
    )  # fmt: skip
    for lexicon in (wrong_rows, wrong_codes, wrong_counts):
        assert unpack_lexicon(pack_lexicon(lexicon, key), key, columns) is None
    assert unpack_lexicon(pack_lexicon(good, key), key, columns) is not None


@pytest.mark.parametrize("values", [[], [3], [5, 1, 5, 2, 1, 9], list(range(50, 0, -3)) * 2])
def test_distinct_is_numpy_unique(values: list[int]) -> None:
    from wordkit.wordle.partitions import distinct

    array = np.array(values, dtype=np.int64)
    assert np.array_equal(distinct(array), np.unique(array))
    assert distinct(array).dtype == np.unique(array).dtype


def test_the_cli_lets_openblas_threads_sleep_unless_told_otherwise() -> None:
    code = "import os, wordkit.__main__; print(os.environ['OPENBLAS_THREAD_TIMEOUT'])"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
    for told, expected in [(None, "22"), ("28", "28")]:
        run_env = env if told is None else env | {"OPENBLAS_THREAD_TIMEOUT": told}
        done = subprocess.run(
            [sys.executable, "-c", code], env=run_env, capture_output=True, text=True, check=True
        )
        assert done.stdout.strip() == expected


_DTYPES = [np.uint8, np.int32, np.int64, np.uint16, np.float32, np.float64]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(_DTYPES), st.lists(st.integers(0, 5), min_size=1, max_size=2)),
        min_size=1,
        max_size=4,
    )
)
def test_packed_arrays_map_back_aligned_and_equal(kinds: list[tuple[type, list[int]]]) -> None:
    arrays = {
        f"a{i}": (np.arange(int(np.prod(shape))) * 7 % 251).astype(dtype).reshape(shape)
        for i, (dtype, shape) in enumerate(kinds)
    }
    data = cache.pack_arrays(arrays)
    with np.load(io.BytesIO(data), allow_pickle=False) as stored:  # still a plain .npz
        assert all(np.array_equal(stored[name], a) for name, a in arrays.items())
    mapped = cache.mapped_arrays(data, list(arrays))
    assert mapped is not None and list(mapped) == list(arrays)
    base = np.frombuffer(data, np.uint8).ctypes.data
    for name, array in arrays.items():
        assert mapped[name].dtype == array.dtype and np.array_equal(mapped[name], array)
        assert (mapped[name].ctypes.data - base) % cache.ALIGN == 0 or not array.size
    assert cache.mapped_arrays(data, list(arrays)[1:]) is None  # an unexpected member
    assert cache.mapped_arrays(data, [*arrays, "more"]) is None  # a missing one


def test_any_changed_data_byte_or_cut_of_a_packed_file_is_refused(tmp_path: Path) -> None:
    arrays = {"words": np.frombuffer(b"crane\nslate", np.uint8), "ends": np.arange(3)}
    data = cache.pack_arrays(arrays)
    whole = cache.mapped_arrays(data, arrays)
    assert whole is not None
    base = np.frombuffer(data, np.uint8).ctypes.data
    for name, array in whole.items():
        start = array.ctypes.data - base
        for at in range(start, start + array.nbytes):
            changed = bytearray(data)
            changed[at] ^= 0x10
            assert cache.mapped_arrays(bytes(changed), arrays) is None, (name, at)
            # a member the caller checks itself (the letter model's blocks) is mapped as is
            unchecked = cache.mapped_arrays(bytes(changed), arrays, unchecked=[name])
            assert unchecked is not None and not np.array_equal(unchecked[name], array)
    for cut in range(len(data)):
        assert cache.mapped_arrays(data[:cut], arrays) is None
    path = tmp_path / "packed.npz"
    path.write_bytes(data)
    mapped = cache.mapped_arrays(path, arrays)
    assert mapped is not None and not mapped["ends"].flags.writeable  # read-only, in place
    path.unlink()
    path.mkdir()  # a folder (or a FIFO) is a miss, never an error or a hang
    assert cache.mapped_arrays(path, arrays) is None


def test_any_changed_header_byte_of_an_unchecked_member_is_a_miss_not_a_crash() -> None:
    """A member the caller checks itself has no CRC check here, so its .npy header is parsed
    as it is: any byte of it changed gives None or an array, never an exception."""
    arrays = {"keys": np.arange(40, dtype=np.int64), "counts": np.ones(40, dtype=np.int32)}
    data = cache.pack_arrays(arrays)
    base = np.frombuffer(data, np.uint8).ctypes.data
    whole = cache.mapped_arrays(data, arrays)
    assert whole is not None
    start = data.index(b"\x93NUMPY")
    end = whole["keys"].ctypes.data - base  # the header ends where the data starts
    for at in range(start, end):
        for bit in (0x01, 0x40):
            changed = bytearray(data)
            changed[at] ^= bit
            cache.mapped_arrays(bytes(changed), arrays, unchecked=list(arrays))
