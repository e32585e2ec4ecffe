"""`wordkit prepare` through Typer's CliRunner: output, summary, and every error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import shared_file
from typer.testing import CliRunner

from wordkit.cli import app

runner = CliRunner()


def invoke(*args: str, input: str | bytes | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_prepare_to_stdout_with_summary_on_stderr(fixtures: Path) -> None:
    result = invoke("prepare", str(fixtures / "places.csv"), "--column", "city", "--format", "txt")
    assert result.exit_code == 0
    assert result.stdout == "zurich\nlagos\narusha\ntiny\nnowhere\nmwanza\n"
    assert result.stderr.splitlines()[0] == (
        "kept 6 of 11 rows (7 passed the filters before merging duplicates)"
    )


def test_prepare_writes_output_file_in_its_format(fixtures: Path, tmp_path: Path) -> None:
    out = tmp_path / "cities.tsv"
    result = invoke(
        "prepare",
        str(fixtures / "places.csv"),
        "--column",
        "city_ascii",
        "--weight-column",
        "pop",
        "--category-column",
        "iso2",
        "--min-weight",
        "100000",
        "-o",
        str(out),
        "-q",
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert out.read_text(encoding="utf-8").splitlines() == [
        "word\tweight\tcategory",
        "zurich\t420000\tCH",
        "lagos\t9000000\tNG",
        "arusha\t600000\tTZ",
        "mwanza\t700000\tTZ",
    ]


def test_prepare_reads_stdin_and_accepts_words_option(fixtures: Path) -> None:
    result = invoke(
        "prepare", "-", "--min-length", "5", "--format", "txt", input="Ankle\nox\nZebra\n"
    )
    assert result.exit_code == 0
    assert result.stdout == "ankle\nzebra\n"
    result = invoke("prepare", "--words", str(fixtures / "words.txt"), "-q", "--format", "txt")
    assert result.stdout == "apple\nankle\nagile\nabale\nzebra\n"


def test_input_is_never_modified(fixtures: Path, tmp_path: Path) -> None:
    src = tmp_path / "in.csv"
    src.write_bytes((fixtures / "places.csv").read_bytes())
    before = src.read_bytes()
    result = invoke("prepare", str(src), "-o", str(src))
    assert result.exit_code == 1
    assert result.stderr == f"Error: output {src} is the input file; choose another path\n"
    assert src.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["/no/such.csv"], "Error: '/no/such.csv' is neither a built-in table"),
        (
            ["{places}", "--column", "name"],
            "Error: {places} has no column 'name'; its columns are: "
            "city, city_ascii, pop, iso2, note",
        ),
        (
            ["{places}", "--weight-column", "note"],
            "Error: {places}: line 2: note 'spaced' is not a number",
        ),
        (
            ["{places}", "--format", "xml"],
            "Error: unknown format 'xml'; choose one of: csv, tsv, txt",
        ),
        (
            ["{places}", "--min-length", "4", "--max-length", "2"],
            "Error: --min-length 4 is greater than --max-length 2",
        ),
        ([], "Error: give an INPUT file (or --words NAME_OR_PATH); `-` reads stdin"),
        (["{places}", "--encoding", "klingon"], "Error: unknown encoding 'klingon'"),
        (
            ["{places}", "-o", "/no/such/dir/out.csv"],
            "Error: cannot write /no/such/dir/out.csv: folder /no/such/dir does not exist",
        ),
    ],
)
def test_errors_are_one_line_and_exit_1(fixtures: Path, args: list[str], message: str) -> None:
    places = str(fixtures / "places.csv")
    result = invoke("prepare", *[a.format(places=places) for a in args])
    assert result.exit_code == 1
    assert result.stderr.startswith(message.format(places=places))
    assert len(result.stderr.splitlines()) == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_empty_input(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    result = invoke("prepare", str(empty))
    assert (result.exit_code, result.stderr) == (1, f"Error: {empty} is empty\n")


def test_latin1_file(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes("Mälmo\ncafé\n".encode("latin-1"))
    result = invoke("prepare", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path} is not UTF-8 (byte 0xe4 on line 1); "
        f"convert it first, e.g. wordkit prepare {path} --encoding latin-1 -o words.csv\n"
    )
    result = invoke("prepare", str(path), "--encoding", "latin-1", "--format", "txt", "-q")
    assert (result.exit_code, result.stdout) == (0, "malmo\ncafe\n")


@pytest.mark.full
def test_city_agent_figure_through_the_cli(tmp_path: Path) -> None:
    source = shared_file("cities", "worldcities.csv")
    out = tmp_path / "cities.csv"
    result = invoke(
        "prepare",
        str(source),
        "--column",
        "city_ascii",
        "--weight-column",
        "population",
        "--category-column",
        "iso2",
        "--min-weight",
        "100000",
        "--exact-ascii",
        "-o",
        str(out),
    )
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        "kept 4,864 of 47,868 rows (5,011 passed the filters before merging duplicates)"
    )
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4865 and sum(line.endswith(",TZ") for line in lines) == 27


@pytest.mark.parametrize("name", ["names.csv", "names.txt", "-"])
def test_column_named_by_the_first_line_of_a_one_column_file(tmp_path: Path, name: str) -> None:
    text = "name\nalice\nbob\n"
    source = tmp_path / name
    if name != "-":
        source.write_text(text)
    result = CliRunner().invoke(
        app, ["prepare", "-" if name == "-" else str(source), "--column", "name", "-q"],
        input=text if name == "-" else None,
    )  # fmt: skip
    assert (result.exit_code, result.stdout, result.stderr) == (
        0, "word,weight\nalice,1\nbob,1\n", ""
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        (",,,\n,\n", [], "Error: standard input has no rows: every line is empty"),
        ("# a comment\n", [], "Error: standard input has no rows to prepare"),
        (
            "city\nparis\n",
            ["--column", "city", "--min-weight", "60"],
            "Error: --min-weight filters by weight, and standard input has no weight column: "
            "name the one to use with --weight-column",
        ),
        (
            "Word,word\ncat,dog\n",
            [],
            "Error: the columns 'Word' and 'word' are both the word column (letter case "
            "aside): name the one to use with --column",
        ),
        (
            "word,Weight,weight\ncat,1,2\n",
            [],
            "Error: the columns 'Weight' and 'weight' are both the weight column (letter case "
            "aside): name the one to use with --weight-column",
        ),
        (
            "city,Category,cc\nparis,big,FR\n",
            ["--column", "city", "--category-column", "cc", "--keep", "Category"],
            "Error: --keep Category: the output has its own category column, and a table "
            "cannot hold both (letter case aside); rename the input's 'Category' column to keep it",
        ),
    ],
)
def test_blank_rows_and_columns_named_twice_are_one_line_errors(
    text: str, args: list[str], message: str
) -> None:
    """An input of empty rows was an IndexError; two columns one letter case apart made
    pandas hand back a frame for a column (an AttributeError), or one was silently used."""
    result = invoke("prepare", "-", *args, input=text)
    assert (result.exit_code, result.stderr.strip()) == (1, message)


def test_a_word_header_reads_alike_from_a_pipe_and_from_its_csv_file(tmp_path: Path) -> None:
    """The first line `word` of a one-column table is its header whether the table comes
    through stdin or from its .csv file (through a pipe it was played as a secret)."""
    path = tmp_path / "t.csv"
    path.write_text("word\nbird\nfish\n")
    piped = invoke("prepare", "-", "--format", "txt", input=path.read_text())
    named = invoke("prepare", str(path), "--format", "txt")
    assert piped.stdout == named.stdout == "bird\nfish\n"


def test_a_table_with_a_column_named_twice_is_refused_where_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("Word,word\ncat,dog\n")
    result = invoke("query", "hangman", "cat", "--words", str(path))
    assert (result.exit_code, result.stderr.strip()) == (
        1,
        f"Error: {path}: the columns 'Word' and 'word' are both the word column (letter case "
        "aside); rename or drop one",
    )


def test_per_category_keeps_a_word_once_in_each_of_its_categories(tmp_path: Path) -> None:
    """`categories` holds a word once per category (calf: an animal, a body part); merging
    across categories lost 46 of its rows, --per-category keeps them."""
    out = tmp_path / "cat.csv"
    result = invoke("prepare", "categories", "-o", str(out), "--per-category")
    assert (result.exit_code, result.stderr) == (0, "kept 2,532 of 2,532 rows\n")
    rows = [line for line in out.read_text().splitlines() if line.startswith("calf,")]
    assert [row.split(",")[2] for row in rows] == ["animals", "body-parts"]
    merged = invoke("prepare", "categories", "-o", str(out))
    assert "dropped 46: duplicate (merged)" in merged.stderr
    listed = invoke("prepare", "categories", "--per-category", "--format", "txt")
    assert (listed.exit_code, listed.stdout) == (1, "")
    assert listed.stderr.startswith("Error: --per-category keeps a word once in each of its")


def test_keep_an_empty_column_name_is_refused(tmp_path: Path) -> None:
    """A blank header cell kept wrote a table that neither prepare nor the games could read."""
    source = tmp_path / "g.csv"
    source.write_text("word,,x\napple,foo,3\n", encoding="utf-8")
    result = invoke("prepare", str(source), "--keep", "", "-o", str(tmp_path / "out.csv"))
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: --keep needs a column name, not an empty one\n",
    )
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.parametrize(
    ("fmt", "name", "message"),
    [
        ("csv", "t.txt", "--format csv into {}: a .txt file is read as a list of words; give "
         "it another name, or drop --format"),
        ("txt", "t.csv", "--format txt into {}: a .csv file is read as a table; give it another "
         "name, or drop --format"),
    ],
)  # fmt: skip
def test_a_format_its_file_name_would_misread_is_refused(
    tmp_path: Path, fmt: str, name: str, message: str
) -> None:
    """A table written into a .txt file was refused by every reader ("'word,weight' is not a
    word"), a list in a .csv file read with a warning each time: refused before writing."""
    out = tmp_path / name
    result = invoke("prepare", "-", "--format", fmt, "-o", str(out), input="word\napple\n")
    assert (result.exit_code, result.stderr) == (1, f"Error: {message.format(out)}\n")
    assert not out.exists()
    # csv into .tsv reads alike (the header names the separator), as does any other name
    for other in ("t.tsv", "t.dat"):
        done = invoke("prepare", "-", "--format", "csv", "-o", str(tmp_path / other), "-q",
                      input="word\napple\n")  # fmt: skip
        assert done.exit_code == 0, done.stderr


@pytest.mark.parametrize("option", ["--column", "--weight-column", "--category-column"])
def test_an_empty_column_name_is_refused(option: str) -> None:
    """It was ignored: the `weight` or `category` column found by name was used instead."""
    result = invoke("prepare", "-", option, "", input="word,weight\napple,2\n")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {option} needs a column name, not an empty one\n",
    )


def test_the_summary_counts_one_row_as_one() -> None:
    result = invoke("prepare", "-", input="word\napple\n")
    assert (result.exit_code, result.stderr) == (0, "kept 1 of 1 row\n")


@pytest.mark.parametrize("text", ["City\nParis\n", "City,pop\nParis,3\n"])
def test_a_column_named_in_another_letter_case_is_said_so(text: str) -> None:
    """A one-column list said `its columns are: word`, a name the file never held."""
    result = invoke("prepare", "-", "--column", "city", input=text)
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: standard input has no column 'city', but has 'City': letter case counts in a "
        "column's name\n",
    )


def test_a_decoding_error_names_the_line_of_a_file_with_cr_line_ends(tmp_path: Path) -> None:
    """Old Mac line ends (CR alone) were not counted: the third line was called line 1."""
    path = tmp_path / "x.txt"
    path.write_bytes(b"word\rcat\rcaf\xe9\r")
    result = runner.invoke(app, ["prepare", str(path)])
    assert result.exit_code == 1
    assert "(byte 0xe9 on line 3)" in result.stderr


def test_stdout_appended_to_the_input_is_refused(tmp_path: Path) -> None:
    """`prepare a.csv >> a.csv` added a second table to its input (`-o a.csv` was refused)."""
    import subprocess
    import sys

    path = tmp_path / "a.csv"
    path.write_text("word,weight\ncat,2\n", encoding="utf-8")
    with path.open("ab") as out:
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", "prepare", str(path), "-o", "-"],
            stdout=out, stderr=subprocess.PIPE, text=True, check=False,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == f"Error: standard output is {path}, the input; choose another path\n"
    with path.open("rb") as source, path.open("ab") as out:  # through stdin too
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", "prepare", "-"],
            stdin=source, stdout=out, stderr=subprocess.PIPE, text=True, check=False,
        )  # fmt: skip
    assert done.returncode == 1 and done.stderr == (
        "Error: standard output is the file standard input reads, the input; choose another path\n"
    )
    assert path.read_text(encoding="utf-8") == "word,weight\ncat,2\n"


def test_a_frequency_list_is_prepared_and_played_with_its_counts(tmp_path: Path) -> None:
    """hermitdave's FrequencyWords and Norvig's count_1w are a word and its count a line:
    `prepare` dropped every line (contains a space), and a game could not read them."""
    counts = tmp_path / "en_50k.txt"
    counts.write_text("the 900\nThe 100\ncafé 30\ndog 1\n")
    result = invoke("prepare", str(counts), "--sum-duplicates")
    assert result.exit_code == 0
    assert result.stdout == "word,weight\nthe,1000\ncafe,30\ndog,1\n"
    assert result.stderr.splitlines() == [
        "kept 3 of 4 rows (4 passed the filters before merging duplicates)",
        "read as words each followed by its count: the counts are the weights",
        "dropped 1: duplicate (merged)",
    ]
    counts.write_text("cat 3\ndog 1\n")
    played = invoke("solve", "hangman", "--words", str(counts), "--mask", "___", "--guessed",
                    "e", "--json")  # fmt: skip
    assert played.exit_code == 0, played.output
    top = json.loads(played.stdout)["top"]
    assert top == [{"word": "cat", "probability": 0.75}, {"word": "dog", "probability": 0.25}]


def test_no_header_names_the_columns_by_place(tmp_path: Path) -> None:
    path = tmp_path / "counts.csv"
    path.write_text("lion,5,cats\ntiger,3,cats\n")
    refused = invoke("prepare", str(path))
    assert refused.exit_code == 1 and "give --no-header" in refused.stderr
    result = invoke("prepare", str(path), "--no-header", "--weight-column", "2",
                    "--category-column", "3")  # fmt: skip
    assert result.exit_code == 0
    assert result.stdout == "word,weight,category\nlion,5,cats\ntiger,3,cats\n"


def test_a_txt_list_refuses_columns_asked_for_and_says_which_it_leaves_out(
    tmp_path: Path,
) -> None:
    """A txt list holds words only: --weight-column, --category-column and --keep went nowhere
    in silence (the summary named only the other columns as left out), and the weight and
    category found by name were dropped unsaid."""
    source = tmp_path / "cities.csv"
    source.write_text('city,pop,iso2,note\nLisboa,500000,PT,"x,y"\nParis,2.1e6,FR,\n')
    for flag, value in (("--weight-column", "pop"), ("--category-column", "iso2"),
                        ("--keep", "note")):  # fmt: skip
        result = invoke("prepare", str(source), "--column", "city", flag, value,
                        "-o", str(tmp_path / "out.txt"))  # fmt: skip
        filters = " (it filters a list with --min-weight)" if flag == "--weight-column" else ""
        assert (result.exit_code, result.stderr) == (
            1, f"Error: {flag} takes a column into the table{filters}, and a txt list holds "
            f"words only: write csv or tsv, or drop {flag}\n",
        )  # fmt: skip
    assert not (tmp_path / "out.txt").exists()
    # a weight that filters (--min-weight) is taken in, and said not written
    kept = invoke("prepare", str(source), "--column", "city", "--weight-column", "pop",
                  "--min-weight", "1000000", "--format", "txt")  # fmt: skip
    assert (kept.exit_code, kept.stdout) == (0, "paris\n")
    assert kept.stderr.splitlines()[-2:] == [
        "left out 2 columns: iso2, note (a txt list holds words only)",
        "not written: pop (a txt list holds words only)",  # as the input names it
    ]
    found = tmp_path / "found.csv"
    found.write_text("word,weight,category\napple,3,fruit\n")
    result = invoke("prepare", str(found), "--format", "txt")
    assert (result.exit_code, result.stdout) == (0, "apple\n")
    assert result.stderr == (
        "kept 1 of 1 row\nnot written: weight, category (a txt list holds words only)\n"
    )
