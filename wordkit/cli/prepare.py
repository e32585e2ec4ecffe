"""`wordkit prepare`: clean a CSV or word list into a word table."""

from __future__ import annotations

from typing import Annotated

import typer

from wordkit.cli.app import app
from wordkit.errors import UnknownNameError


@app.command("prepare")
def prepare_command(
    input: Annotated[
        str | None,
        typer.Argument(
            metavar="INPUT",
            help="CSV, TSV or word list to clean: a path, `-` for stdin, or a table name.",
        ),
    ] = None,
    words: Annotated[
        str | None, typer.Option("--words", metavar="NAME_OR_PATH", help="Same as INPUT.")
    ] = None,
    output: Annotated[
        str | None,
        typer.Option("-o", "--output", metavar="PATH", help="Where to write (default: stdout)."),
    ] = None,
    column: Annotated[
        str | None,
        typer.Option(metavar="COLUMN", help="The word column (default: `word`, else the first)."),
    ] = None,
    weight_column: Annotated[
        str | None, typer.Option(metavar="COLUMN", help="A numeric column to use as the weight.")
    ] = None,
    category_column: Annotated[
        str | None, typer.Option(metavar="COLUMN", help="A column to use as the category.")
    ] = None,
    keep: Annotated[
        list[str] | None,
        typer.Option(metavar="COLUMN", help="Carry this column into the output (repeatable)."),
    ] = None,
    min_weight: Annotated[
        float | None, typer.Option(metavar="X", help="Drop rows whose weight is below X.")
    ] = None,
    min_length: Annotated[
        int | None, typer.Option(metavar="N", help="Drop words shorter than N.")
    ] = None,
    max_length: Annotated[
        int | None, typer.Option(metavar="N", help="Drop words longer than N.")
    ] = None,
    transliterate: Annotated[
        bool, typer.Option(help="Transliterate to ASCII with Unidecode (São Paulo -> Sao Paulo).")
    ] = True,
    exact_ascii: Annotated[
        bool, typer.Option("--exact-ascii", help="Keep only names that Unidecode leaves unchanged.")
    ] = False,
    keep_spaces: Annotated[
        bool, typer.Option("--keep-spaces", help="Join words with spaces instead of dropping them.")
    ] = False,
    keep_hyphens: Annotated[
        bool, typer.Option("--keep-hyphens", help="Join hyphenated words instead of dropping them.")
    ] = False,
    format: Annotated[
        str | None,
        typer.Option(
            "--format", metavar="FORMAT", help="csv, tsv or txt (default: from -o, else csv)."
        ),
    ] = None,
    encoding: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="Input encoding, e.g. latin-1 (default: UTF-8)."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No summary on stderr.")] = False,
) -> None:
    """Clean a CSV or word list into a word table (word, weight, category).

    Drops rows whose weight is missing or below --min-weight, names with spaces, hyphens
    or other non-letters, and words outside the length bounds; merges duplicates (keeping
    the highest weight) and prints on stderr how many rows went for each reason.

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

    options = PrepareOptions(
        column=column,
        weight_column=weight_column,
        category_column=category_column,
        keep_columns=tuple(keep or ()),
        min_weight=min_weight,
        min_length=min_length,
        max_length=max_length,
        transliterate=transliterate,
        exact_ascii=exact_ascii,
        keep_spaces=keep_spaces,
        keep_hyphens=keep_hyphens,
    )
    report = prepare_file(source, options, output=output, fmt=format, encoding=encoding)
    if not quiet:
        for line in describe(report):
            typer.echo(line, err=True)
