"""The letter model: known counts on a tiny table, the n-gram posterior, the disk cache."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from wordkit.errors import WordkitWarning
from wordkit.hangman.board import board_for
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.guessers.model import (
    CONTEXT_SHAPES,
    END,
    HISTORIES,
    START,
    STATES,
    LetterModel,
    cached_model,
    context_key,
    learned_model,
    model_bytes,
    model_key,
    model_of_bytes,
    ngram_counts,
    ngram_posteriors,
    ngram_table,
)
from wordkit.hangman.lexicon import lexicon_from_table, pool_for
from wordkit.hangman.rules import observed_state


def history(*symbols: int) -> int:
    """The row of a history of three symbols (oldest first)."""
    out = 0
    for s in symbols:
        out = out * STATES + s
    return out


def code(ch: str) -> int:
    return ord(ch) - 97


def test_ngram_counts_of_a_tiny_table() -> None:
    counts = ngram_counts(["ab", "ac", "b"])
    assert counts.shape == (HISTORIES, 28)
    assert counts.sum() == 5 + 3  # every letter, and one END per word
    assert counts[history(START, START, START), code("a")] == 2
    assert counts[history(START, START, START), code("b")] == 1
    assert counts[history(START, START, code("a")), code("b")] == 1
    assert counts[history(START, START, code("a")), code("c")] == 1
    assert counts[history(START, code("a"), code("b")), END] == 1
    assert counts[history(START, START, code("b")), END] == 1


def test_context_counts_of_a_tiny_table() -> None:
    model = learned_model(["ab", "ac", "b"])
    between = model.context_counts("^a", "$")
    assert between is not None
    assert between[code("b")] == 1 and between[code("c")] == 1 and between.sum() == 2
    first = model.context_counts("^", "")
    assert first is not None and first[code("a")] == 2 and first[code("b")] == 1
    assert model.context_counts("^z", "") is None
    assert list(model.unigram[:3]) == [2.0, 2.0, 1.0]


def test_ngram_table_is_a_distribution_per_history() -> None:
    table = ngram_table(["ab", "ac", "b", "abc"])
    sums = table.sum(axis=1)
    assert np.allclose(sums, 1.0, atol=1e-5)
    seen = table[history(START, START, code("a"))]
    assert seen[code("b")] > seen[code("c")] > seen[code("z")] > 0


def test_ngram_posterior_conditions_on_the_whole_mask() -> None:
    table = ngram_table(["abc", "abd", "xbc", "abc"])
    allowed = np.array([c for c in range(26) if c != code("b")])
    blanks, dists = ngram_posteriors(table, "_b_", allowed)
    assert blanks == [0, 2]
    assert dists[0].argmax() == code("a") and dists[1].argmax() == code("c")
    assert dists[0][code("b")] == 0.0
    assert all(abs(d.sum() - 1.0) < 1e-6 for d in dists)


def test_model_round_trips_through_bytes_and_rejects_junk() -> None:
    model = learned_model(["ab", "ac", "b"])
    back = model_of_bytes(model_bytes(model))
    assert back is not None
    assert np.array_equal(back.keys, model.keys) and np.array_equal(back.ngram, model.ngram)
    assert model_of_bytes(b"not a model") is None


def test_model_is_cached_on_disk_by_the_words(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    words = ["ab", "ac", "b"]
    first = cached_model(words)
    assert (tmp_path / model_key(words)).is_file()
    (tmp_path / model_key(words)).write_bytes(b"damaged")
    again = cached_model(words)  # a damaged file is rebuilt, never an error
    assert np.array_equal(again.counts, first.counts)
    assert model_key(words) != model_key(["ab"])


@pytest.mark.parametrize("mask", ["_" * 30, "q_z", "__"])
def test_model_moves_on_masks_no_word_fits(mask: str) -> None:
    pool = pool_for(lexicon_from_table(pd.DataFrame({"word": ["cat", "bat", "hat"]})))
    board = board_for(pool, observed_state(mask, letters=[c for c in set(mask) if c != "_"]))
    for name in ("model", "best"):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            decision = make_guesser(name)(board)
        assert decision.move not in board.state.letters
        assert len(decision.move) == 1 and decision.label == "letter model"
        unlearned = [str(w.message) for w in caught if issubclass(w.category, WordkitWarning)]
        assert unlearned == {
            30: [
                "the word has 30 letters, more than any word the letter model learned from "
                "(at most 3): its guesses past that are little better than letter frequencies"
            ],
            2: [
                "the word has 2 letters, fewer than any word the letter model learned from "
                "(at least 3): its guesses are little better than letter frequencies"
            ],
        }.get(len(mask), [])


def test_cli_says_when_no_word_fits_and_when_the_mask_is_too_long(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from wordkit.cli import app

    table = tmp_path / "three.csv"
    table.write_text("word\ncat\nbat\nhat\n")
    args = ["solve", "hangman", "--words", str(table), "--mask", "_" * 9]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == ("No word of the table fits.")
    assert result.stderr.strip() == (
        "Warning: the word has 9 letters, more than any word the letter model learned from "
        "(at most 3): its guesses past that are little better than letter frequencies"
    )


def test_cached_model_reads_its_context_counts_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    words = ["ab", "ac", "b", "abc"]
    fresh = learned_model(words)
    cached_model(words)
    path = tmp_path / model_key(words)
    good = path.read_bytes()
    lazy = cached_model(words)
    assert "contexts" not in vars(lazy)  # the n-gram table only, until counts are needed
    assert np.array_equal(lazy.ngram, fresh.ngram) and np.array_equal(lazy.keys, fresh.keys)
    assert np.array_equal(lazy.counts, fresh.counts) and lazy.counts.dtype == np.int32
    unsorted = model_bytes(
        LetterModel(fresh.unigram, fresh.ngram, lambda _: (fresh.keys[::-1].copy(), fresh.counts))
    )
    for damaged in (b"", good[: len(good) - 40], unsorted):
        lazy = cached_model(words)  # read while the file was good
        path.write_bytes(damaged)  # then damaged before the counts are needed
        assert lazy.context_counts("^a", "$") is not None
        assert np.array_equal(lazy.keys, fresh.keys) and np.array_equal(lazy.counts, fresh.counts)
        assert path.read_bytes() == good  # rebuilt


def test_a_cached_model_is_mapped_aligned_and_looked_up_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numpy copies a misaligned int64 map whole on every searchsorted (2 ms a lookup)."""
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    words = [a + b + c for a in "abcdef" for b in "aeiou" for c in "lmnrst"]
    cached_model(words)
    data = (tmp_path / model_key(words)).read_bytes()
    keys = cached_model(words).keys
    assert keys.flags.aligned and not keys.flags.owndata
    assert data.find(keys.tobytes()) % 64 == 0
    with np.load(tmp_path / model_key(words)) as stored:  # still a plain .npz
        assert np.array_equal(stored["keys"], keys)


def test_a_mapped_model_damaged_under_a_lookup_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    words = [a + b + c for a in "abcdef" for b in "aeiou" for c in "lmnrst"]
    fresh = learned_model(words)
    cached_model(words)
    path = tmp_path / model_key(words)
    good = path.read_bytes()
    start = good.find(fresh.keys.tobytes())
    mapped = cached_model(words)
    assert type(mapped.keys) is np.ndarray and not mapped.keys.flags.owndata  # a map
    for left, right in [("^b", ""), ("a", "n"), ("^", ""), ("^z", "")]:
        key = context_key(CONTEXT_SHAPES.index((len(left), len(right))), left + right) * 26
        for at in {int(np.searchsorted(fresh.keys, key)) + d for d in (-1, 0, 1)}:
            damaged = bytearray(good)
            damaged[start + 8 * at : start + 8 * at + 8] = np.int64(key + 3).tobytes()
            lazy = cached_model(words)
            path.write_bytes(bytes(damaged))  # one key near the lookup's, after the open
            found, truth = lazy.context_counts(left, right), fresh.context_counts(left, right)
            assert (found is None) == (truth is None), (left, right, at)
            assert found is None or truth is None or np.array_equal(found, truth)
            assert np.array_equal(lazy.keys, fresh.keys)  # read whole, or learned again
            path.write_bytes(good)


def test_the_process_memos_do_not_keep_a_table_alive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program opening a session per game (a `--learn` game changes the table) once grew
    by a table and its letter model every game: 22 GB after 300 games of `english`."""
    import gc
    import weakref

    from wordkit.hangman.guessers.lookahead import length_mass
    from wordkit.hangman.guessers.model import length_log_mass, model_for

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    words = ["lion", "tiger", "bear", "wolf", "otter"]
    pool = pool_for(lexicon_from_table(pd.DataFrame({"word": words, "weight": 1.0})))
    model = model_for(pool)
    assert model_for(pool) is model  # memoised while the pool lives
    length_mass(pool, 4)
    length_log_mass(model, 4)
    gone = weakref.ref(pool)
    del pool
    gc.collect()
    assert gone() is None


# --- the shipped model ------------------------------------------------------------------------


def test_a_packed_model_reads_back_equal_and_its_damage_is_a_miss() -> None:
    from wordkit.hangman.guessers.model import model_of_packed, packed_model

    model = learned_model(["ab", "ac", "b", "abc", "cab"])
    data = packed_model(model)
    back = model_of_packed(data)
    assert back is not None
    assert np.array_equal(back.keys, model.keys) and np.array_equal(back.counts, model.counts)
    assert np.array_equal(back.ngram, model.ngram) and np.array_equal(back.unigram, model.unigram)
    assert model_of_packed(data[: len(data) // 2]) is None  # truncated
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x10
    assert model_of_packed(bytes(flipped)) is None  # the xz stream's CRC-64
    assert model_of_packed(b"") is None and model_of_packed(model_bytes(model)) is None


def test_a_packed_model_of_another_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordkit.hangman.guessers import model as letter_model

    data = letter_model.packed_model(learned_model(["ab", "ac"]))
    monkeypatch.setattr(letter_model, "MODEL_VERSION", "hangman-letter-model-v0")
    assert letter_model.model_of_packed(data) is None


def test_pruning_drops_only_the_pairs_seen_too_rarely() -> None:
    words = ["abc", "abd", "abc", "xyz"]
    whole, pruned = learned_model(words), learned_model(words, min_count=2)
    kept = whole.counts >= 2
    assert np.array_equal(pruned.keys, whole.keys[kept])
    assert np.array_equal(pruned.counts, whole.counts[kept])
    assert np.array_equal(pruned.ngram, whole.ngram)  # the n-gram table is never pruned


def test_a_shipped_model_is_unpacked_into_the_cache_and_a_damaged_one_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit.errors import ModelFileError
    from wordkit.hangman.guessers import model as letter_model

    words = ["ab", "ac", "b"]
    shipped = tmp_path / "models"
    shipped.mkdir()
    monkeypatch.setattr(letter_model, "SHIPPED", shipped)
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    learned_name = model_key(words)
    wide = letter_model.widened_model(words, ["abba", "cab"])
    data = letter_model.packed_model(wide)
    (shipped / letter_model.shipped_name(words, data)).write_bytes(data)
    assert model_key(words) != learned_name  # a learned model is never served for it
    got = cached_model(words)  # the shipped model, not one learned from the three words
    assert np.array_equal(got.keys, wide.keys)
    assert (tmp_path / "cache" / model_key(words)).is_file()
    (tmp_path / "cache" / model_key(words)).unlink()
    (shipped / letter_model.shipped_name(words, data)).write_bytes(b"\xfd7zXZ\x00 cut short")
    with pytest.raises(ModelFileError, match="damaged or from another version; reinstall"):
        cached_model(words)
    for path in shipped.iterdir():  # gone: the model is learned from the table, as for any
        path.unlink()
    assert np.array_equal(cached_model(words).keys, learned_model(words).keys)


def test_a_shipped_model_reached_through_a_symlink_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit.hangman.guessers import model as letter_model

    words = ["ab", "ac", "b"]
    monkeypatch.setattr(letter_model, "SHIPPED", tmp_path / "models")
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "models").mkdir()
    data = letter_model.packed_model(learned_model(["abc", "bca"]))
    (tmp_path / "source.xz").write_bytes(data)
    (tmp_path / "models" / letter_model.shipped_name(words, data)).symlink_to(
        tmp_path / "source.xz"
    )
    assert np.array_equal(letter_model.fresh_model(words).keys, learned_model(["abc", "bca"]).keys)


def packed_with(model: LetterModel, **arrays: np.ndarray) -> bytes:
    """A model packed in a sound xz stream with some of its arrays replaced."""
    import lzma

    from wordkit import cache
    from wordkit.hangman.guessers.model import MODEL_VERSION

    parts = {
        "version": np.frombuffer(MODEL_VERSION.encode(), dtype=np.uint8),
        "key_steps": np.diff(model.keys, prepend=0).astype("<u8").view(np.uint8).reshape(-1, 8).T,
        "counts": model.counts.astype("<u2").view(np.uint8).reshape(-1, 2).T,
        "unigram": model.unigram,
        "ngram": model.ngram,
    } | arrays
    return lzma.compress(cache.pack_arrays(parts))


def steps_of(keys: np.ndarray) -> np.ndarray:
    return np.diff(keys, prepend=0).astype("<u8").view(np.uint8).reshape(-1, 8).T


def test_a_packed_model_with_bad_arrays_in_a_sound_stream_is_refused() -> None:
    from wordkit.hangman.guessers.model import model_of_packed

    model = learned_model(["ab", "ac", "b", "abc"])
    assert model_of_packed(packed_with(model)) is not None
    keys = model.keys.copy()
    wrapped = keys.copy()
    wrapped[1:] += np.int64(2**62)
    wrapped[2:] += np.int64(2**62)  # the running sum passes 2**63: negative keys that "rise"
    zero = model.counts.copy()
    zero[0] = 0
    bad = {
        "version": {"version": np.frombuffer(b"hangman-letter-model-v0", dtype=np.uint8)},
        "keys fall": {"key_steps": steps_of(keys[::-1].copy())},
        "keys wrap": {"key_steps": steps_of(wrapped)},
        "a count of 0": {"counts": zero.astype("<u2").view(np.uint8).reshape(-1, 2).T},
        "counts short": {"counts": np.zeros((2, 1), dtype=np.uint8)},
        "ngram shape": {"ngram": np.zeros((3, 28), dtype=np.float32)},
        "unigram type": {"unigram": model.unigram.astype(np.float32)},
    }
    for what, arrays in bad.items():
        assert model_of_packed(packed_with(model, **arrays)) is None, what


def test_a_count_too_large_to_pack_is_an_error_not_a_clipped_model() -> None:
    import dataclasses
    import functools

    from wordkit.hangman.guessers import model as letter_model

    model = learned_model(["ab"])
    big = model.counts.copy()
    big[0] = 70_000
    heavy = dataclasses.replace(
        model, contexts_source=functools.partial(letter_model._given, model.keys, big)
    )
    with pytest.raises(ValueError, match="does not pack"):
        letter_model.packed_model(heavy)


def test_english_ships_its_model_and_its_books_are_keyed_by_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordkit import tables
    from wordkit.hangman import book
    from wordkit.hangman.guessers import model as letter_model
    from wordkit.hangman.lexicon import lexicon_from_columns, pool_words
    from wordkit.hangman.rules import Rules

    pool = pool_for(lexicon_from_columns(tables.load_columns("english")))
    words = pool_words(pool)
    assert letter_model.shipped_file(words) is not None
    assert letter_model.model_source(words).startswith("shipped hangman-model-")
    shipped_book = book.book_name(pool, Rules())
    monkeypatch.setattr(letter_model, "SHIPPED", tmp_path)  # another model: another book
    assert book.book_name(pool, Rules()) != shipped_book


def test_the_cli_says_one_line_when_the_shipped_model_is_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from wordkit.cli.app import app
    from wordkit.hangman.guessers import model as letter_model

    words = ["cat", "bat", "hat"]
    table = tmp_path / "t.csv"
    table.write_text("word\n" + "\n".join(words) + "\n")
    monkeypatch.setattr(letter_model, "SHIPPED", tmp_path)
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    name = letter_model.shipped_name(words, b"junk")
    (tmp_path / name).write_bytes(b"junk")
    result = CliRunner().invoke(app, ["query", "hangman", "dog", "--words", str(table)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == (
        f"Error: {tmp_path / name}: the letter model shipped with wordkit is damaged or from "
        "another version; reinstall wordkit"
    )


def test_a_table_with_words_learned_from_play_keeps_the_model_of_its_own_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from wordkit.hangman import book
    from wordkit.hangman.guessers import model as letter_model
    from wordkit.hangman.guessers.model import model_for
    from wordkit.hangman.lexicon import load_pool, own_rows, pool_words, with_words
    from wordkit.hangman.rules import Rules

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(letter_model, "SHIPPED", tmp_path / "models")
    (tmp_path / "models").mkdir()
    own = ["abc", "abd", "bcd", "abc"]
    data = letter_model.packed_model(letter_model.widened_model(own, ["dcba", "cab"]))
    name = letter_model.shipped_name(list(dict.fromkeys(own)), data)
    (tmp_path / "models" / name).write_bytes(data)
    path = tmp_path / "t.txt"
    path.write_text("\n".join(own) + "\n", encoding="utf-8")
    plain = load_pool(str(path))
    grown = load_pool(str(path), extra_words={"zzz": None, "abd": None})
    assert pool_words(grown) == ["abc", "abd", "bcd", "zzz"]
    assert pool_words(grown, own=True) == pool_words(plain) == ["abc", "abd", "bcd"]
    # the shipped model, not one learned from the four words: the learned word is left out
    assert np.array_equal(model_for(grown).keys, model_for(plain).keys)
    assert book.book_name(grown, Rules()) != book.book_name(plain, Rules())  # other words
    # the same through a word table (stats runs) and after a second round of learning
    base = pd.DataFrame({"word": own, "weight": 1.0})
    table = with_words(with_words(base, {"zzz": None}), {"yyy": None})
    assert own_rows(table) == 4
    lexicon = lexicon_from_table(table)
    assert lexicon.own == 3 and lexicon.size == 5
    assert pool_words(pool_for(lexicon), own=True) == ["abc", "abd", "bcd"]
    # once the learned words are no longer the last rows, every row counts as the table's own
    assert own_rows(table.sort_values("word")) is None
    assert own_rows(table[table["word"] != "abc"]) == 2  # abd, bcd: still before the learned
    assert own_rows(table.iloc[:4]) is None
    # a file holding the learned word as its own gets another book: its model is another
    path.write_text("\n".join([*own, "zzz"]) + "\n", encoding="utf-8")
    written = load_pool(str(path))
    assert pool_words(written) == pool_words(grown)
    assert book.book_name(written, Rules()) != book.book_name(grown, Rules())
    # a pool of learned words alone (a category of them) keeps its words for its model
    alone = pool_for(lexicon, hint=None)
    assert pool_words(replace(alone, ids=alone.ids[3:]), own=True) == ["zzz", "yyy"]
