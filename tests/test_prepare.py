"""`prepare`: every cleaning option, and the city-guessing agent's figure on worldcities.csv."""

from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd
import pytest
from conftest import shared_file
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit import prepare as p
from wordkit.errors import ColumnError, ValueFormatError
from wordkit.tables import read_raw


@pytest.fixture
def places(fixtures: Path) -> pd.DataFrame:
    return read_raw(str(fixtures / "places.csv"))


def run(frame: pd.DataFrame, **options: object) -> tuple[pd.DataFrame, p.PrepareReport]:
    return p.prepare(frame, p.PrepareOptions(**options), name="places.csv")  # type: ignore[arg-type]


def test_defaults_transliterate_and_drop_spaces_hyphens_punctuation(places: pd.DataFrame) -> None:
    table, report = run(places, column="city")
    assert table["word"].tolist() == ["zurich", "lagos", "arusha", "tiny", "nowhere", "mwanza"]
    assert (table["weight"] == 1.0).all()
    assert report.dropped == {
        p.SPACES: 2,
        p.HYPHENS: 1,
        p.NON_LETTERS: 1,
        p.DUPLICATE: 1,
    }
    assert (report.rows_in, report.passed_filters, report.kept) == (11, 7, 6)


def test_default_column_is_word_else_first(places: pd.DataFrame) -> None:
    table, _ = run(places)
    assert table["word"].iloc[0] == "zurich"  # the first column, `city`
    both = pd.DataFrame({"x": ["Alpha"], "word": ["Beta"]})
    assert run(both)[0]["word"].tolist() == ["beta"]


def test_no_transliterate_drops_accented_names(places: pd.DataFrame) -> None:
    table, report = run(places, column="city", transliterate=False)
    assert "zurich" not in table["word"].tolist()
    assert report.dropped[p.NON_LETTERS] == 2  # Zürich and L'Aquila


def test_exact_ascii_keeps_only_unchanged_names(places: pd.DataFrame) -> None:
    table, report = run(places, column="city", exact_ascii=True)
    assert "zurich" not in table["word"].tolist()
    assert report.dropped[p.NOT_ASCII] == 2  # São Paulo and Zürich


def test_keep_spaces_and_hyphens_join_the_parts(places: pd.DataFrame) -> None:
    table, _ = run(places, column="city_ascii", keep_spaces=True, keep_hyphens=True)
    words = table["word"].tolist()
    assert {"saopaulo", "daressalaam", "winstonsalem"} <= set(words)
    assert "laquila" not in words  # the apostrophe is still not a letter


def test_weights_min_weight_and_merging_keeps_highest(places: pd.DataFrame) -> None:
    table, report = run(
        places, column="city_ascii", weight_column="pop", category_column="iso2", min_weight=100000
    )
    rows = table.set_index("word")
    assert rows.loc["lagos", "weight"] == 9000000 and rows.loc["lagos", "category"] == "NG"
    assert "tiny" not in rows.index and "nowhere" not in rows.index
    assert report.dropped[p.MISSING_WEIGHT] == 1
    assert report.dropped[p.BELOW_MIN_WEIGHT] == 2  # Tiny, and Lagos PT
    assert p.DUPLICATE not in report.dropped  # the low Lagos went before merging
    assert list(table.columns) == ["word", "weight", "category"]


def test_duplicate_merge_prefers_the_heavier_row() -> None:
    frame = pd.DataFrame(
        {"w": ["Rome", "rome", "ROME"], "n": ["5", "9", "9"], "c": ["a", "b", "c"]}
    )
    table, report = run(frame, column="w", weight_column="n", category_column="c")
    assert table.to_dict("records") == [{"word": "rome", "weight": 9.0, "category": "b"}]
    assert report.dropped == {p.DUPLICATE: 2}


def test_length_bounds(places: pd.DataFrame) -> None:
    table, report = run(places, column="city", min_length=5, max_length=6)
    assert table["word"].tolist() == ["zurich", "lagos", "arusha", "mwanza"]
    assert report.dropped[p.TOO_SHORT] == 1 and report.dropped[p.TOO_LONG] == 1


def test_keep_extra_columns(places: pd.DataFrame) -> None:
    table, _ = run(places, column="city", keep_columns=("note",))
    assert table.loc[table["word"] == "arusha", "note"].item() == "plain"


def test_missing_column_names_the_existing_ones(places: pd.DataFrame) -> None:
    with pytest.raises(ColumnError) as err:
        run(places, column="name")
    assert str(err.value) == (
        "places.csv has no column 'name'; its columns are: city, city_ascii, pop, iso2, note"
    )
    with pytest.raises(ColumnError, match="no column 'population'"):
        run(places, weight_column="population")


def test_non_numeric_weight(places: pd.DataFrame) -> None:
    with pytest.raises(ValueFormatError, match="line 2: note 'spaced' is not a number"):
        run(places, weight_column="note")


def test_impossible_length_bounds() -> None:
    frame = pd.DataFrame({"word": ["abc"]})
    with pytest.raises(ValueFormatError, match="--min-length 5 is greater than --max-length 3"):
        run(frame, min_length=5, max_length=3)


def test_describe_lists_every_reason(places: pd.DataFrame) -> None:
    _, report = run(places, column="city")
    assert p.describe(report) == [
        "kept 6 of 11 rows (7 passed the filters before merging duplicates)",
        "dropped 2: contains a space (São Paulo, Dar es Salaam)",  # the rows, as written
        "dropped 1: contains a hyphen (Winston-Salem)",
        "dropped 1: characters other than letters a-z (L'Aquila)",
        "dropped 1: duplicate (merged)",
        "left out 4 columns: city_ascii, pop, iso2, note (--weight-column, --category-column or "
        "--keep takes one in)",
    ]


def test_a_name_spelled_apart_by_transliteration_is_said_so() -> None:
    """東京 has no space, yet was dropped for `contains a space` (Unidecode: `Dong Jing`); past
    three rows a reason's examples end with `...`."""
    frame = pd.DataFrame(
        {"word": ["東京", "La Paz", "San Jose", "Los Angeles", "St Louis", "Lima"]}
    )
    _, report = run(frame)
    assert p.describe(report)[1:] == [
        "dropped 4: contains a space (La Paz, San Jose, Los Angeles, ...)",
        "dropped 1: several words once transliterated (東京)",
    ]


def test_a_hyphen_made_by_transliteration_is_said_so() -> None:
    """コーヒー has no hyphen, yet was dropped for `contains a hyphen` (Unidecode spells its long
    vowel mark `-`); a word written with an en dash does hold a hyphen."""
    frame = pd.DataFrame({"word": ["コーヒー", "ラーメン", "Winston-Salem", "en–dash", "apple"]})
    _, report = run(frame)
    assert p.describe(report)[1:] == [
        "dropped 2: contains a hyphen (Winston-Salem, en–dash)",
        "dropped 2: a hyphen once transliterated (コーヒー, ラーメン)",
    ]
    kept, _ = run(frame, keep_hyphens=True)
    assert list(kept["word"]) == ["kohi", "ramen", "winstonsalem", "endash", "apple"]


def test_apostrophes_join_when_asked() -> None:
    """`aujourd'hui` and `O’Neill` could only be dropped (there were --keep-spaces and
    --keep-hyphens, nothing for apostrophes); by default they still are, as non-letters."""
    frame = pd.DataFrame({"word": ["aujourd'hui", "O’Neill", "l'eau", "cafe"]})
    table, _ = run(frame, keep_apostrophes=True)
    assert table["word"].tolist() == ["aujourdhui", "oneill", "leau", "cafe"]
    table, report = run(frame)
    assert table["word"].tolist() == ["cafe"] and report.dropped == {p.NON_LETTERS: 3}


def test_categories_differing_in_case_alone_are_one() -> None:
    """`Desserts` and `desserts` stayed two categories: with --per-category, ECLAIR was kept
    twice, and a hint named either."""
    frame = pd.DataFrame({
        "word": ["eclair", "eclair", "tarte", "pain"], "weight": ["3", "2", "1", "1"],
        "category": ["Desserts", "desserts", "desserts", "Boulangerie"],
    })  # fmt: skip
    table, _ = run(frame, per_category=True)
    assert table.to_dict("list") == {
        "word": ["eclair", "tarte", "pain"], "weight": [3.0, 1.0, 1.0],
        "category": ["Desserts", "Desserts", "Boulangerie"],
    }  # fmt: skip


def test_a_first_line_of_data_is_refused_as_a_header() -> None:
    """`Café,120,boissons` as the first line was read as the header: CAFE was lost, and the
    weights and categories dropped as unnamed columns, with no word said. A column named
    (any of --column, --weight-column, --category-column, --keep) says the line is a header."""
    frame = pd.DataFrame(columns=["Café", "120", "boissons"], data=[["thé", "80", "boissons"]])
    with pytest.raises(ColumnError) as err:
        run(frame)
    assert str(err.value) == (
        "places.csv has no word column, and its first line ('Café', '120', 'boissons') holds "
        "'120', a number, where a column's name should be: if that line is a row, give "
        "--no-header (the columns are then named 1, 2, ...: --weight-column 2); if it is the "
        "header, name the word column with --column"
    )
    years = pd.DataFrame(columns=["name", "2020"], data=[["lion", "5"]])
    for named in ({"column": "name"}, {"weight_column": "2020"}, {"keep_columns": ["2020"]}):
        table, _ = run(years, **named)
        assert table["word"].tolist() == ["lion"]


def test_what_the_words_came_from_is_said_when_no_column_is_named_word() -> None:
    frame = pd.DataFrame({"name": ["cafe", "the"], "count": ["3", "2"], "theme": ["x", "y"]})
    _, report = run(frame)
    assert p.describe(report)[1:] == [
        "words from the first column, 'name' (no column is named word; --column names another)",
        "left out 2 columns: count, theme (--weight-column, --category-column or --keep takes "
        "one in)",
    ]
    _, used = run(frame, weight_column="count", category_column="theme")
    assert p.describe(used) == ["kept 2 of 2 rows"]  # every column used: nothing to say


@pytest.mark.full
def test_city_agent_worldcities_figure() -> None:
    path = shared_file("cities", "worldcities.csv")
    table, report = p.prepare(
        read_raw(str(path)),
        p.PrepareOptions(
            column="city_ascii",
            weight_column="population",
            category_column="iso2",
            min_weight=100000,
            exact_ascii=True,
        ),
    )
    assert report.passed_filters == 5011  # the seed's filterCSV.py keeps exactly these rows
    assert report.kept == len(table) == 4864
    assert int((table["category"] == "TZ").sum()) == 27


def test_a_word_table_keeps_its_weights_and_categories(fixtures: Path) -> None:
    frame = read_raw(str(fixtures / "small.tsv"))
    table, _ = run(frame, min_weight=2)
    assert table.to_dict("records") == [
        {"word": "cat", "weight": 3.0, "category": "animals"},
        {"word": "dog", "weight": 2.5, "category": "animals"},
    ]


def test_a_word_longer_than_any_game_plays_is_dropped_not_written() -> None:
    frame = pd.DataFrame({"word": ["b" * (p.MAX_LENGTH + 1), "b" * p.MAX_LENGTH, "apple"]})
    table, report = run(frame)
    assert table["word"].tolist() == ["b" * p.MAX_LENGTH, "apple"]
    assert report.dropped == {p.LONGER_THAN_ANY_GAME: 1}
    assert p.LONGER_THAN_ANY_GAME == "longer than any game plays (63 letters)"


def test_no_header_reads_the_first_line_as_a_row(tmp_path: Path) -> None:
    """A headerless `word<TAB>count` file (Norvig's count_1w.tsv) could only be played after
    adding a header by hand: --no-header names its columns by place."""
    path = tmp_path / "counts.tsv"
    path.write_text("The\t100\ncafé\t20\nhello\t3\tgreetings\n")
    frame = read_raw(str(path), no_header=True)
    assert frame.columns.tolist() == ["1", "2", "3"] and frame.index.tolist() == [1, 2, 3]
    table, report = p.prepare(frame, p.PrepareOptions(no_header=True, weight_column="2"))
    assert table.to_dict("list") == {"word": ["the", "cafe", "hello"], "weight": [100, 20, 3]}
    assert p.describe(report)[1:] == [
        "left out 1 column: 3 (--weight-column, --category-column or --keep takes one in)"
    ]
    plain = tmp_path / "words.csv"
    plain.write_text("word\nlion\n")  # a first line `word` is a row too
    assert read_raw(str(plain), no_header=True)["1"].tolist() == ["word", "lion"]


def test_a_frequency_list_reads_as_words_and_weights(tmp_path: Path) -> None:
    """Lines of a word and its count (`the 23135851162`) were dropped as words with a space;
    a list where any line lacks its number stays a list of words."""
    path = tmp_path / "en_50k.txt"
    path.write_text("# counts\nthe 23135851162\n\nof\t131\nnew york 80\n")
    frame = read_raw(str(path))
    assert frame.to_dict("list") == {
        "word": ["the", "of", "new york"],
        "weight": ["23135851162", "131", "80"],
    }
    assert frame.index.tolist() == [2, 4, 5]
    table, report = p.prepare(frame, p.PrepareOptions(keep_spaces=True))
    assert table["weight"].tolist() == [23135851162, 131, 80]
    assert table["word"].tolist() == ["the", "of", "newyork"]
    assert p.describe(report)[1] == (
        "read as words each followed by its count: the counts are the weights"
    )
    path.write_text("the 23\nof\nnew 4\n")  # one line without its count lost every count
    with pytest.raises(ValueFormatError) as caught:
        read_raw(str(path))
    assert str(caught.value) == (
        f"{path}: line 2: 'of' has no count, where 2 of its 3 lines are a word and its count "
        "(a frequency list): give each word its count, a number with no separators (1234.5), or "
        "drop the line"
    )
    path.write_text("the 23\nof\nand\n")  # a few such lines in a list of words: words
    assert read_raw(str(path)).to_dict("list") == {"word": ["the 23", "of", "and"]}
    path.write_text("the 23\nof -4\n")  # a negative count is no count: one of two lines
    assert read_raw(str(path)).columns.tolist() == ["word"]
    path.write_text("# top words, by count\nthe 100\nof 50\n")  # a comma in a .txt's comment
    assert read_raw(str(path), no_header=True).to_dict("list") == {
        "1": ["the", "of"],
        "2": ["100", "50"],
    }


def test_sum_duplicates_adds_the_weights() -> None:
    """Lowercasing and transliterating make one word of `The`, `the`, `café` and `cafe`: a
    frequency list's counts add up; the row kept is the heaviest, with its category."""
    frame = pd.DataFrame({
        "word": ["The", "the", "café", "cafe", "tea"], "weight": ["100", "50", "20", "5", "1"],
        "category": ["a", "b", "c", "d", "e"],
    })  # fmt: skip
    table, report = run(frame, sum_duplicates=True)
    assert table.to_dict("list") == {
        "word": ["the", "cafe", "tea"],
        "weight": [150.0, 25.0, 1.0],
        "category": ["a", "c", "e"],
    }
    assert report.dropped == {p.DUPLICATE: 2}
    by_category, _ = run(frame.assign(category=["x", "y", "x", "x", "x"]), sum_duplicates=True,
                         per_category=True)  # fmt: skip
    assert by_category.to_dict("list") == {
        "word": ["the", "the", "cafe", "tea"], "weight": [100.0, 50.0, 25.0, 1.0],
        "category": ["x", "y", "x", "x"],
    }  # fmt: skip


@settings(max_examples=40, deadline=None)  # pandas per example: 40 cover the few shapes
@given(st.lists(st.tuples(st.sampled_from(["ab", "Ab", "ba", "c"]), st.integers(0, 9)),
                min_size=1))  # fmt: skip
def test_summed_duplicates_keep_the_total_weight(rows: list[tuple[str, int]]) -> None:
    frame = pd.DataFrame({"word": [w for w, _ in rows], "weight": [str(n) for _, n in rows]})
    table, _ = run(frame, sum_duplicates=True)
    assert table["weight"].sum() == sum(n for _, n in rows)
    highest, _ = run(frame)  # the same rows kept, in the same order: only the weights differ
    assert table["word"].tolist() == highest["word"].tolist()
    assert (table["weight"] >= highest["weight"]).all()


def test_a_frequency_list_piped_in_with_tabs_is_no_headerless_table() -> None:
    """`cat count_1w.txt | wordkit prepare -` sniffed a TSV whose first line, THE and its count,
    was the header (refused; a game lost the first word and every count); a .csv of lines
    `the 100` warned it read one column of words, then read words and counts."""
    from wordkit.tables import parse_raw

    frame = parse_raw("the\t100\nof\t50\n", name="standard input")
    assert frame.to_dict("list") == {"word": ["the", "of"], "weight": ["100", "50"]}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        spaced = parse_raw("the 100\nof 50\n", name="sp.csv", fmt="csv")
    assert spaced.columns.tolist() == ["word", "weight"]
    named = parse_raw("name\t2020\nlion\t5\n", name="t.tsv", fmt="tsv")  # a named TSV: a header
    assert named.columns.tolist() == ["name", "2020"]


def test_summed_weights_are_checked_then_filtered() -> None:
    """A sum past what a float holds wrote `inf`, which every command then refused;
    `--min-weight` dropped each row under it before the rows of a word were added up; 0.1 + 0.2
    was written 0.30000000000000004."""
    frame = pd.DataFrame({"word": ["the", "The", "of", "x", "pear", "Pear"],
                          "weight": ["3", "3", "10", "0.2", "0.1", "0.2"]})  # fmt: skip
    table, report = run(frame, sum_duplicates=True, min_weight=0.25)
    assert table.to_dict("list") == {"word": ["the", "of", "pear"], "weight": [6.0, 10.0, 0.3]}
    assert report.dropped[p.BELOW_MIN_WEIGHT] == 1 and report.examples[p.BELOW_MIN_WEIGHT] == ["x"]
    huge = pd.DataFrame({"word": ["the", "The"], "weight": ["1" + "0" * 308] * 2})
    with pytest.raises(ValueFormatError, match="the weights of 'the' add up to more than a number"):
        run(huge, sum_duplicates=True)
