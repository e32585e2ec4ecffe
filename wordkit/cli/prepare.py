"""`wordkit prepare`: clean a CSV or word list into a word table."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Annotated

import typer

from wordkit.cli.app import app
from wordkit.cli.options import grouped, opt
from wordkit.errors import UnknownNameError


# fmt: off
@dataclass(frozen=True)
class Filters:
    """What `prepare` keeps and how it cleans: the columns, the bounds, the folding."""

    column: Annotated[str | None, opt("COLUMN",
        "The word column (default: `word`, else the first).")] = None
    weight_column: Annotated[str | None, opt("COLUMN",
        "A numeric column to use as the weight.")] = None
    category_column: Annotated[str | None, opt("COLUMN",
        "A column to use as the category.")] = None
    keep: Annotated[list[str] | None, opt("COLUMN",
        "Carry this column into the output (repeatable).")] = None
    min_weight: Annotated[float | None, opt("X", "Drop rows whose weight is below X.")] = None
    min_length: Annotated[int | None, opt("N", "Drop words shorter than N.")] = None
    max_length: Annotated[int | None, opt("N", "Drop words longer than N.")] = None
    transliterate: Annotated[bool, opt(None,
        "Transliterate to ASCII with Unidecode (São Paulo -> Sao Paulo).")] = True
    exact_ascii: Annotated[bool, opt(None, "Keep only names that Unidecode leaves unchanged.",
        "--exact-ascii")] = False
    keep_spaces: Annotated[bool, opt(None, "Join words with spaces instead of dropping them.",
        "--keep-spaces")] = False
    keep_hyphens: Annotated[bool, opt(None, "Join hyphenated words instead of dropping them.",
        "--keep-hyphens")] = False
    keep_apostrophes: Annotated[bool, opt(None, "Join words with an apostrophe (o'clock, "
        "aujourd'hui) instead of dropping them.", "--keep-apostrophes")] = False
    per_category: Annotated[bool, opt(None,
        "Merge duplicates within each category only: a word in two categories keeps a row in "
        "each (as `categories` does).", "--per-category")] = False
    sum_duplicates: Annotated[bool, opt(None,
        "Merge duplicates by adding their weights (counts: The and the) instead of keeping the "
        "highest.", "--sum-duplicates")] = False
    no_header: Annotated[bool, opt(None,
        "The first line is a row, not the column names: the columns are named by place, "
        "1, 2, ... (--weight-column 2).", "--no-header")] = False


Input = Annotated[str | None, typer.Argument(metavar="INPUT",
    help="CSV, TSV or word list to clean: a path, `-` for stdin, or a table name.")]
Output = Annotated[str | None, opt("PATH", "Where to write (default: stdout).", "-o", "--output")]
Format = Annotated[str | None, opt("FORMAT", "csv, tsv or txt (default: from -o, else csv).",
    "--format")]
Encoding = Annotated[str | None, opt("NAME", "Input encoding, e.g. latin-1 (default: UTF-8).")]
# fmt: on


@app.command("prepare")
@grouped
def prepare_command(
    input: Input = None,
    words: Annotated[str | None, opt("NAME_OR_PATH", "Same as INPUT.", "--words")] = None,
    output: Output = None,
    filters: Filters = Filters(),
    format: Format = None,
    encoding: Encoding = None,
    quiet: Annotated[bool, opt(None, "No summary on stderr.", "--quiet", "-q")] = False,
) -> None:
    """Clean a CSV or word list into a word table (word, weight, category).

    Drops rows whose weight is missing or below --min-weight, names with spaces, hyphens
    or other non-letters, and words outside the length bounds; merges duplicates (keeping
    the highest weight, or their sum; --per-category: within each category, categories that
    differ in letter case alone being one) and prints on stderr how many rows went for each
    reason and which columns it left out. A first line of data where the header should be
    (a number among its names) is refused unless --no-header says so. A list whose every
    line is a word and a number (a frequency list: `the 23135851162`) is read as words and
    weights.

    \b
    Example:
      wordkit prepare worldcities.csv --column city_ascii --weight-column population \\
        --category-column iso2 --min-weight 100000 --exact-ascii -o cities.csv
    """
    source = input or words
    if source is None:
        raise UnknownNameError("give an INPUT file (or --words NAME_OR_PATH); `-` reads stdin")
    if input is not None and words is not None:
        raise UnknownNameError("give the input once: either INPUT or --words, not both")
    from wordkit.prepare import PrepareOptions, describe, prepare_file

    chosen = {**asdict(filters), "keep_columns": tuple(filters.keep or ())}
    del chosen["keep"]
    options = PrepareOptions(**chosen)
    report = prepare_file(source, options, output=output, fmt=format, encoding=encoding)
    if not quiet:
        for line in describe(report):
            typer.echo(line, err=True)
