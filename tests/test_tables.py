"""The word-table loader and the safe writer."""

from __future__ import annotations

import io
import re
import sys
import warnings
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit import tables
from wordkit.errors import (
    InputFileError,
    OutputPathError,
    UnknownTableError,
    ValueFormatError,
    WordkitError,
    WordkitWarning,
)


def test_plain_text_list_gets_unit_weights(fixtures: Path) -> None:
    table = tables.load_table(str(fixtures / "words.txt"))
    assert list(table.columns) == ["word", "weight"]
    assert table["word"].tolist() == ["apple", "ankle", "agile", "abale", "apple", "zebra"]
    assert (table["weight"] == 1.0).all()


def test_tsv_with_weights_and_categories(fixtures: Path) -> None:
    table = tables.load_table(str(fixtures / "small.tsv"))
    assert table["word"].tolist() == ["cat", "dog", "pear"]
    assert table["weight"].tolist() == [3.0, 2.5, 1.0]
    assert table["category"].tolist() == ["animals", "animals", "food-and-drink"]


def test_csv_without_word_column_uses_first_column(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("name,weight\nOtter,2\n", encoding="utf-8")
    table = tables.load_table(str(path))
    assert table["word"].tolist() == ["otter"]
    assert table["weight"].tolist() == [2.0]


@pytest.mark.parametrize("suffix", [".csv", ".tsv"])
def test_a_table_whose_first_line_may_be_data_says_so(tmp_path: Path, suffix: str) -> None:
    """`cafe,120,drinks` first was read as the header in silence: CAFE lost, 120 and drinks
    taken for column names. A header may hold a number too (`name,2020`): the table is still
    played from its first column, with a warning either way."""
    sep = "," if suffix == ".csv" else "\t"
    path = tmp_path / f"t{suffix}"
    path.write_text(f"cafe{sep}120{sep}drinks\ntea{sep}80{sep}drinks\n", encoding="utf-8")
    with pytest.warns(WordkitWarning) as said:
        table = tables.load_table(str(path))
    assert table["word"].tolist() == ["tea"]
    assert str(said[0].message) == (
        f"{path} has no word column, and its first line ('cafe', '120', 'drinks') holds '120', "
        "a number, where a column's name should be: read as the header, it is not played; if "
        "it is a row, add a first line naming the columns (word, weight, category)"
    )
    path.write_text(f"name{sep}count\ntea{sep}80\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a header of names: nothing to say
        assert tables.load_table(str(path))["word"].tolist() == ["tea"]


def test_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = io.TextIOWrapper(io.BytesIO(b"word,weight\nlion,4\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", fake)
    table = tables.load_table("-")
    assert table.to_dict("records") == [{"word": "lion", "weight": 4.0}]


def test_builtin_table_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mini.csv").write_text("word,weight\nowl,1\n", encoding="utf-8")
    monkeypatch.setenv("WORDKIT_DATA", str(tmp_path))
    assert tables.builtin_names() == ["mini"]
    assert tables.load_table("mini")["word"].tolist() == ["owl"]


def test_unknown_table_lists_the_builtin_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mini.csv").write_text("word\nowl\n", encoding="utf-8")
    monkeypatch.setenv("WORDKIT_DATA", str(tmp_path))
    with pytest.raises(UnknownTableError, match=r"'nope' is neither a built-in table \(mini\)"):
        tables.load_table("nope")


def test_words_must_be_letters(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("fine\nnew york\n", encoding="utf-8")
    with pytest.raises(ValueFormatError, match="line 2: 'new york' is not a word of letters a-z"):
        tables.load_table(str(path))


@pytest.mark.parametrize(
    ("weight", "message"),
    [("abc", "weight 'abc' is not a number"), ("-1", "weight -1 is negative"), ("", "blank")],
)
def test_bad_weights(tmp_path: Path, weight: str, message: str) -> None:
    path = tmp_path / "w.csv"
    path.write_text(f"word,weight\nok,1\nbad,{weight}\n", encoding="utf-8")
    with pytest.raises(ValueFormatError, match=message):
        tables.load_table(str(path))


def test_not_utf8_says_so_and_latin1_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes("café\n".encode("latin-1"))
    with pytest.raises(InputFileError, match="is not UTF-8 .*--encoding latin-1"):
        tables.read_raw(str(path))
    assert tables.read_raw(str(path), encoding="latin-1")["word"].tolist() == ["café"]


def test_bom_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes("\ufeffword,weight\nyak,1\n".encode())
    assert list(tables.read_raw(str(path)).columns) == ["word", "weight"]


def test_empty_and_header_only(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="is empty"):
        tables.read_raw(str(empty))
    header = tmp_path / "header.csv"
    header.write_text("word,weight\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="has a header but no rows"):
        tables.read_raw(str(header))


def test_write_is_atomic_and_refuses_the_input(tmp_path: Path) -> None:
    table = pd.DataFrame({"word": ["ox"], "weight": [1.5]})
    out = tmp_path / "out.tsv"
    assert tables.write_table(table, str(out)) == "tsv"
    assert out.read_text(encoding="utf-8") == "word\tweight\nox\t1.5\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.tsv"]  # no temp file left behind
    with pytest.raises(OutputPathError, match="is the input file"):
        tables.write_table(table, str(out), inputs=(str(out),))
    with pytest.raises(OutputPathError, match="does not exist"):
        tables.write_table(table, str(tmp_path / "missing" / "x.csv"))


def test_failed_write_leaves_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "keep.csv"
    out.write_text("word,weight\nold,1\n", encoding="utf-8")

    def boom(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tables.os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        tables.write_table(pd.DataFrame({"word": ["new"], "weight": [1.0]}), str(out))
    assert out.read_text(encoding="utf-8") == "word,weight\nold,1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.csv"]


def test_integral_weights_are_written_as_integers() -> None:
    table = pd.DataFrame({"word": ["a", "b"], "weight": [3.0, 100000.0]})
    assert tables.render(table, "csv") == "word,weight\na,3\nb,100000\n"
    assert tables.render(table, "txt") == "a\nb\n"


def test_typed_words_are_folded_like_the_tables() -> None:
    assert tables.folded(" Barão ") == "barao"
    assert tables.folded("Zürich") == "zurich"
    assert tables.folded("st\ufffdne") == "st\ufffdne"  # kept, to be refused by name


@pytest.mark.full
def test_builtin_portuguese_table() -> None:
    table = tables.load_table("portuguese")
    words = table["word"]
    assert words.str.fullmatch(r"[a-z]+").all() and words.is_unique
    assert (words.str.len() == 5).sum() == 3786
    assert {"barao", "coracao", "aviao"} <= set(words)


def _columns_or_error(read) -> object:
    """What reading gives: the columns, the error, or None (not a plain word list)."""
    try:
        columns = read()
    except (InputFileError, ValueFormatError) as exc:
        return type(exc), str(exc)
    return (
        None if columns is None else (columns.words, columns.weights.tolist(), columns.categories)
    )


@settings(max_examples=120, deadline=None)
@given(
    lines=st.lists(
        st.sampled_from(
            ["apple", " Pear ", "", "# note", "KIWI", "fig\t", "ǅa", "\u212aey", "a-b"]
        ),
        max_size=12,
    ),
    suffix=st.sampled_from([".txt", ".csv", ".tsv", ".list"]),
)
def test_a_word_list_read_without_pandas_equals_the_table_path(
    tmp_path_factory, lines: list[str], suffix: str
) -> None:
    path = tmp_path_factory.mktemp("lists") / f"words{suffix}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plain = _columns_or_error(lambda: tables.word_list_columns(str(path)))
        table = _columns_or_error(lambda: tables.columns_of(tables.load_table(str(path))))
    if plain is not None or suffix in (".txt", ".list"):  # a .txt is always a word list
        assert plain == table


@pytest.mark.parametrize("suffix", [".csv", ""])  # no suffix: told by the content
def test_a_semicolon_separated_table_is_read_by_its_columns(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"semi{suffix}"
    path.write_text("word;weight;category\napple;2;fruit\ncarrot;3;veg\n", encoding="utf-8")
    frame = tables.read_raw(str(path))
    assert frame.to_dict("records") == [
        {"word": "apple", "weight": "2", "category": "fruit"},
        {"word": "carrot", "weight": "3", "category": "veg"},
    ]


def test_a_comma_table_with_semicolons_in_a_field_keeps_commas(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text('word,note\napple,"a;b"\n', encoding="utf-8")
    assert tables.read_raw(str(path)).to_dict("records") == [{"word": "apple", "note": "a;b"}]


@pytest.mark.parametrize("weight", ['"1,5"', '"1,234.5"', '"1 000"', "1.234,5"])
def test_a_locales_number_is_refused_with_the_way_to_write_it(tmp_path: Path, weight: str) -> None:
    path = tmp_path / "w.csv"
    sep = ";" if weight == "1.234,5" else ","
    path.write_text(f"word{sep}weight\nok{sep}{weight}\n", encoding="utf-8")
    with pytest.raises(ValueFormatError) as caught:
        tables.load_table(str(path))
    assert str(caught.value).endswith(
        "is not a number (write numbers with a decimal point and no separators, e.g. 1234.5)"
    )


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        # blank lines and comments count: the line is the one an editor shows
        ("w.txt", "apple\n\n# fruit\nbad1\n", "line 4: 'bad1' is not a word"),
        ("w.txt", "apple\r\n\r\nbad1\r\n", "line 3: 'bad1' is not a word"),
        # Unicode's other line breaks are characters of a line, not ends of it
        ("w.txt", "apple\npe\u2028ar\nplum\nzz9\n", "line 2: 'pe\\u2028ar' is not a word"),
        ("w.txt", "apple\npe\x0car\nplum\nzz9\n", "line 2: 'pe\\x0car' is not a word"),
        ("w.txt", "apple\npear\x85\nplum\nzz9\n", "line 4: 'zz9' is not a word"),
        ("t.csv", "word,weight\napple,1\n\nmango,x\n", "line 4: weight 'x' is not a number"),
        ("t.csv", "sep=;\nword;weight\napple;1\nmango;-1\n", "line 4: weight -1 is negative"),
        ("t.csv", "word,weight\napple,1\nmango,\n", "line 3: the weight is blank"),
        ("t.csv", 'word,note\n"a\nb",x\nbad1,y\n', "a quote opened on line 2 that runs to line 3"),
    ],
)
def test_errors_name_the_line_of_the_file(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode())
    with pytest.raises(WordkitError, match=re.escape(message)):
        tables.load_columns(str(path))


@pytest.mark.parametrize("line", ["sep=\t", "sep=;", "sep=|", "sep=,", "sep=;\t", "\tsep=, "])
def test_an_excel_sep_line_names_any_separator(tmp_path: Path, line: str) -> None:
    """`sep=<TAB>` was stripped to `sep=`: read as the header, the weights lost in silence
    (and a first fix of it left `sep=;<TAB>` unread)."""
    sep = line.strip()[-1] if line.strip() != "sep=" else "\t"
    path = tmp_path / "t.csv"
    path.write_text(f"{line}\nword{sep}weight\ncat{sep}7\ndog{sep}3\n", encoding="utf-8")
    table = tables.load_table(str(path))
    assert list(table["word"]) == ["cat", "dog"] and list(table["weight"]) == [7, 3]
