"""Cleaning raw CSVs and word lists into word tables (`wordkit prepare`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from unidecode import unidecode

from wordkit import tables
from wordkit.errors import (
    ColumnError,
    NothingKeptError,
    OptionConflictError,
    RangeError,
    ValueFormatError,
    shortened,
)
from wordkit.game import plural
from wordkit.hangman.rules import MAX_LENGTH
from wordkit.tables import require_column, weights_from

# Why a row was dropped, in the order the filters run (the first failing filter counts).
MISSING_WEIGHT = "missing weight"
BELOW_MIN_WEIGHT = "weight below minimum"
EMPTY = "empty word"
NOT_ASCII = "changed by transliteration"
SPACES = "contains a space"
SPACED_BY_TRANSLITERATION = "several words once transliterated"
HYPHENS = "contains a hyphen"
HYPHENED_BY_TRANSLITERATION = "a hyphen once transliterated"
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"
"""The dashes a word may be written with, which Unidecode spells `-` (as it spells the long
vowel mark of katakana, ー, which is none)."""
NON_LETTERS = "characters other than letters a-z"
TOO_SHORT = "shorter than minimum length"
TOO_LONG = "longer than maximum length"
LONGER_THAN_ANY_GAME = f"longer than any game plays ({MAX_LENGTH} letters)"
DUPLICATE = "duplicate (merged)"
EXAMPLES = 3
"""Rows named after each reason in the summary (the first ones dropped for it)."""


@dataclass(frozen=True, kw_only=True)
class PrepareOptions:
    """What `prepare` keeps, and how it cleans the words."""

    column: str | None = None
    weight_column: str | None = None  # default: `weight` when the input has one
    category_column: str | None = None  # default: `category` when the input has one
    keep_columns: Sequence[str] = ()
    min_weight: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    transliterate: bool = True
    exact_ascii: bool = False
    keep_spaces: bool = False
    keep_hyphens: bool = False
    keep_apostrophes: bool = False  # else dropped with the other non-letters
    per_category: bool = False  # duplicates merged within each category, not across
    sum_duplicates: bool = False  # duplicates' weights added (counts), not the highest kept
    no_header: bool = False  # the first line is a row; columns named by place: 1, 2, ...

    def __post_init__(self) -> None:
        if self.min_weight is not None and not math.isfinite(self.min_weight):
            raise RangeError(f"--min-weight must be a finite number, not {self.min_weight}")


@dataclass(kw_only=True)
class PrepareReport:
    """How many rows came in, how many passed the filters, and why the others were dropped."""

    rows_in: int
    passed_filters: int = 0
    kept: int = 0
    dropped: dict[str, int] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list)
    """The input's columns left out of the table (neither word, weight, category nor kept)."""
    unwritten: list[str] = field(default_factory=list)
    """The input's columns read but not written: a txt list holds words only (its weights)."""
    words_only: bool = False
    """Written as a txt list, which holds words only (no column is taken in)."""
    first_column: str | None = None
    """The column the words came from when it was taken for having no `word` column."""
    examples: dict[str, list[str]] = field(default_factory=dict)
    """The first few rows each reason dropped, as the input wrote them."""
    counted: bool = False
    """The input was a list of words each followed by its count, read as its weight."""


def word_column(frame: pd.DataFrame, requested: str | None, *, name: str) -> str:
    """The column holding the words: the requested one, else `word`, else the first."""
    if requested is not None:
        require_column(frame, requested, name=name)
        return requested
    return named_column(frame, "word") or str(frame.columns[0])


def named_column(frame: pd.DataFrame, name: str) -> str | None:
    """The column called `name` in any letter case (`Weight` for `weight`), if there is one;
    two such columns are refused (which one was meant?)."""
    same = [str(c) for c in frame.columns if str(c).lower() == name]
    if len(same) > 1:
        option = "--column" if name == "word" else f"--{name}-column"
        raise OptionConflictError(
            f"the columns {same[0]!r} and {same[1]!r} are both the {name} column (letter case "
            f"aside): name the one to use with {option}"
        )
    return same[0] if same else None


def prepare(
    frame: pd.DataFrame, options: PrepareOptions, *, name: str = "input"
) -> tuple[pd.DataFrame, PrepareReport]:
    """Clean a raw frame of strings into a word table, and report what was dropped and why."""
    named = [("--column", options.column), ("--weight-column", options.weight_column),
             ("--category-column", options.category_column),
             *(("--keep", kept) for kept in options.keep_columns)]  # fmt: skip
    for option, given in named:
        if given is not None and not given.strip():
            raise ColumnError(f"{option} needs a column name, not an empty one")
    columns_named = (options.column, options.weight_column, options.category_column)
    unnamed = not any(columns_named) and not options.keep_columns
    if unnamed and not options.no_header and named_column(frame, "word") is None:
        said = tables.data_as_header(frame, name=name)  # a column named: the line is a header
        if said is not None:
            raise ColumnError(
                f"{said}: if that line is a row, give --no-header (the columns are then named "
                "1, 2, ...: --weight-column 2); if it is the header, name the word column with "
                "--column"
            )
    source = word_column(frame, options.column, name=name)
    # A word table fed back in keeps its weights and categories unless told otherwise.
    weight_column = options.weight_column or named_column(frame, "weight")
    category_column = options.category_column or named_column(frame, "category")
    for extra in (weight_column, category_column, *options.keep_columns):
        if extra is not None:
            require_column(frame, extra, name=name)
    made = {"word": source, "weight": weight_column, "category": category_column}
    for extra in options.keep_columns:  # the output's own columns are made, never copied
        own = extra.lower() if extra.lower() in made else None
        if own is not None and extra != own:  # `Category` kept beside the made `category`
            raise OptionConflictError(
                f"--keep {extra}: the output has its own {own} column, and a table cannot hold "
                f"both (letter case aside); rename the input's {extra!r} column to keep it"
            )
        if made.get(extra, extra) not in (extra, None):
            raise OptionConflictError(
                f"--keep {extra}: the output's {extra} column comes from the input's "
                f"{made[extra]!r}; rename the input's {extra!r} column to keep it"
            )
    _check_lengths(options)
    if options.min_weight is not None and weight_column is None:
        raise OptionConflictError(
            f"--min-weight filters by weight, and {name} has no weight column: name the one "
            "to use with --weight-column"
        )

    used = {source, weight_column, category_column, *options.keep_columns}
    report = PrepareReport(rows_in=len(frame), counted=bool(frame.attrs.get(tables.COUNTED)))
    report.ignored = [str(c) for c in frame.columns if c not in used]
    written = frame[source].astype(str).str.strip()  # what each row said, for the examples
    unplaced = options.column is None and named_column(frame, "word") is None
    if report.ignored and unplaced and not options.no_header:
        report.first_column = source  # said: a header line of data would show here
    words = frame[source].astype(str).str.strip()
    if weight_column is not None:
        weights = weights_from(frame[weight_column], name=name, column=weight_column)
    else:
        weights = pd.Series(1.0, index=frame.index)

    keep = pd.Series(True, index=frame.index)

    def drop(mask: pd.Series, reason: str) -> None:
        hit = mask & keep
        count = int(hit.sum())
        if count:
            report.dropped[reason] = report.dropped.get(reason, 0) + count
            named = written[hit & (written != "")]  # an empty word has nothing to show
            report.examples.setdefault(reason, named.head(EXAMPLES).tolist())
            keep[hit] = False

    drop(weights.isna(), MISSING_WEIGHT)
    if options.min_weight is not None and not options.sum_duplicates:
        drop(weights < options.min_weight, BELOW_MIN_WEIGHT)  # summed: once merged, below
    drop(words == "", EMPTY)

    ascii_words = words.map(unidecode)
    if options.exact_ascii:
        drop(ascii_words != words, NOT_ASCII)
    if options.transliterate or options.exact_ascii:
        words = ascii_words

    spaced = words.str.contains(r"\s", regex=True)
    if options.keep_spaces:
        words = words.str.replace(r"\s+", "", regex=True)
    else:
        # 東京 has no space, but Unidecode spells it `Dong Jing`: said apart
        drop(spaced & written.str.contains(r"\s", regex=True), SPACES)
        drop(spaced, SPACED_BY_TRANSLITERATION)
    hyphened = words.str.contains("-", regex=False)
    if options.keep_hyphens:
        words = words.str.replace("-", "", regex=False)
    else:
        drop(hyphened & written.str.contains(f"[{DASHES}]", regex=True), HYPHENS)
        drop(hyphened, HYPHENED_BY_TRANSLITERATION)
    if options.keep_apostrophes:  # Unidecode made ’ and ʼ an ASCII '
        words = words.str.replace("'", "", regex=False)
    drop(~words.str.fullmatch(r"[A-Za-z]+"), NON_LETTERS)

    words = words.str.lower()
    lengths = words.str.len()
    if options.min_length is not None:
        drop(lengths < options.min_length, TOO_SHORT)
    if options.max_length is not None:
        drop(lengths > options.max_length, TOO_LONG)
    drop(lengths > MAX_LENGTH, LONGER_THAN_ANY_GAME)  # a table every game then refuses

    table = pd.DataFrame({"word": words[keep], "weight": weights[keep]})
    if category_column is not None:
        table["category"] = same_spelling(frame.loc[keep, category_column].astype(str).str.strip())
    for extra in options.keep_columns:
        if extra not in table.columns:
            table[extra] = frame.loc[keep, extra]
    report.passed_filters = len(table)

    if options.per_category and category_column is None:
        raise OptionConflictError(
            f"--per-category merges duplicates within categories, and {name} has none: "
            "name its category column with --category-column"
        )
    table = merge_duplicates(table, per_category=options.per_category, add=options.sum_duplicates)
    if report.passed_filters > len(table):
        report.dropped[DUPLICATE] = report.passed_filters - len(table)
    if options.sum_duplicates:
        table = _summed_checked(table, options, report, name=name)
    report.kept = len(table)
    if not report.kept:
        reasons = "; ".join(f"{count:,}: {reason}" for reason, count in report.dropped.items())
        if not reasons:  # comments and blank lines only
            raise NothingKeptError(f"{name} has no rows to prepare")
        raise NothingKeptError(f"no row of {name} passed the filters (dropped {reasons})")
    return table, report


def _summed_checked(
    table: pd.DataFrame, options: PrepareOptions, report: PrepareReport, *, name: str
) -> pd.DataFrame:
    """Summed weights: refused past what a float holds (a table no command then reads), and
    `--min-weight` applied to them, a word's whole count (not to each of its rows)."""
    weights = table["weight"]
    infinite = ~np.isfinite(weights.to_numpy())
    if infinite.any():
        word = table["word"][infinite].iloc[0]
        raise ValueFormatError(
            f"{name}: the weights of {word!r} add up to more than a number can hold"
        )
    if options.min_weight is None:
        return table
    low = weights < options.min_weight
    if low.any():
        report.dropped[BELOW_MIN_WEIGHT] = int(low.sum())
        report.examples[BELOW_MIN_WEIGHT] = table["word"][low].head(EXAMPLES).tolist()
    return table[~low].reset_index(drop=True)


def same_spelling(categories: pd.Series) -> pd.Series:
    """Categories that differ in letter case alone (`Desserts`, `desserts`) as one, spelled as
    first written: else they stay two, and `--per-category` keeps a word in each."""
    first: dict[str, str] = {}
    for name in categories:
        first.setdefault(name.casefold(), name)
    return categories.map(lambda name: first[name.casefold()])


def merge_duplicates(
    table: pd.DataFrame, *, per_category: bool = False, add: bool = False
) -> pd.DataFrame:
    """One row per word (`per_category`: per word and category, so `calf` stays an animal and
    a body part): the row with the highest weight (the first such row on ties), with `add`
    weighing the sum of theirs (the counts of `The` and `the` in a frequency list)."""
    order = table.reset_index(drop=True)
    key = ["word", "category"] if per_category else ["word"]
    best = order.sort_values("weight", ascending=False, kind="stable")
    merged = best.drop_duplicates(key, keep="first").sort_index()
    if add:
        with np.errstate(over="ignore"):  # a sum past the largest float: said by `prepare`
            totals = order.groupby(key, sort=False, dropna=False)["weight"].sum()
        summed = totals.loc[merged.set_index(key).index].to_numpy()
        # 15 significant digits, as written: 0.1 + 0.2 is 0.3, not 0.30000000000000004
        merged["weight"] = [float(f"{w:.15g}") for w in summed]
    return merged.reset_index(drop=True)


def _check_lengths(options: PrepareOptions) -> None:
    """Refuse length bounds that cannot select anything."""
    low, high = options.min_length, options.max_length
    if low is not None and low < 1:
        raise ValueFormatError(f"--min-length must be at least 1, not {low}")
    if high is not None and high < 1:
        raise ValueFormatError(f"--max-length must be at least 1, not {high}")
    if low is not None and high is not None and low > high:
        raise ValueFormatError(f"--min-length {low} is greater than --max-length {high}")


def describe(report: PrepareReport) -> list[str]:
    """Human-readable lines summarising a prepare run."""
    lines = [f"kept {report.kept:,} of {plural(report.rows_in, 'row')}"]
    if report.counted:
        lines.append("read as words each followed by its count: the counts are the weights")
    if DUPLICATE in report.dropped:
        lines[0] += f" ({report.passed_filters:,} passed the filters before merging duplicates)"
    for reason, count in report.dropped.items():
        rows = [shortened(e, 30) for e in report.examples.get(reason, [])]
        more = ", ..." if count > len(rows) else ""
        said = f" ({', '.join(rows)}{more})" if rows and reason != DUPLICATE else ""
        lines.append(f"dropped {count:,}: {reason}{said}")
    if report.first_column is not None:
        lines.append(
            f"words from the first column, {report.first_column!r} (no column is named word; "
            "--column names another)"
        )
    if report.ignored:
        shown = ", ".join(report.ignored[:6]) + (", ..." if len(report.ignored) > 6 else "")
        hint = (
            "a txt list holds words only"
            if report.words_only
            else "--weight-column, --category-column or --keep takes one in"
        )
        lines.append(f"left out {plural(len(report.ignored), 'column')}: {shown} ({hint})")
    if report.unwritten:
        lines.append(f"not written: {', '.join(report.unwritten)} (a txt list holds words only)")
    return lines


def prepare_file(
    source: str,
    options: PrepareOptions,
    *,
    output: str | None = None,
    fmt: str | None = None,
    encoding: str | None = None,
) -> PrepareReport:
    """Clean a file, stdin (`-`) or built-in table into a word table written to `output`."""
    chosen = tables.check_format(fmt)
    named = (
        tables.format_for(output, default=chosen or "csv")
        if output not in (None, tables.STDIN)
        else None
    )
    if chosen and named and (chosen == "txt") != (named == "txt"):
        # Readers go by the name: a table in a .txt file, or a list in a .csv, reads wrong.
        suffix = Path(output or "").suffix
        raise OptionConflictError(
            f"--format {chosen} into {shortened(output or '')}: a {suffix} file is read as "
            f"{'a list of words' if named == 'txt' else 'a table'}; give it another name, or "
            "drop --format"
        )
    written = chosen or named or "csv"
    if options.per_category and written == "txt":
        raise OptionConflictError(
            "--per-category keeps a word once in each of its categories, and a txt list holds "
            "words only (each would come twice): write csv or tsv"
        )
    columns = {  # a weight still filters a list (--min-weight): only then is it taken in
        "--weight-column": options.weight_column if options.min_weight is None else None,
        "--category-column": options.category_column,
    }
    taken = [flag for flag, given in (*columns.items(), ("--keep", options.keep_columns)) if given]
    if taken and written == "txt":
        filters = " (it filters a list with --min-weight)" if taken[0] == "--weight-column" else ""
        raise OptionConflictError(
            f"{taken[0]} takes a column into the table{filters}, and a txt list holds words "
            f"only: write csv or tsv, or drop {taken[0]}"
        )
    path = tables.resolve(source)
    frame = tables.read_raw(
        path, encoding=encoding, header=options.column, no_header=options.no_header
    )
    table, report = prepare(
        frame, options, name="standard input" if source == tables.STDIN else source
    )
    if written == "txt":  # the weights and categories read are not written: said, by the
        # names the input gives them (`pop`, not the table's `weight`)
        read = set(frame.columns) | ({"weight"} if report.counted else set())
        given = {"weight": options.weight_column, "category": options.category_column}
        report.unwritten = [
            str(given.get(str(c)) or c)
            for c in table.columns
            if c != "word" and (c in read or given.get(str(c)))
        ]
        report.words_only = True
    tables.write_table(table, output, fmt=chosen, inputs=(path,))
    return report
