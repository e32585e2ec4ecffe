"""Word tables: reading inputs and built-in tables, and writing tables safely (all file I/O)."""

from __future__ import annotations

import csv
import io
import os
import re
import sys
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Literal

import numpy as np
import pandas as pd

from wordkit.cache import atomic_write
from wordkit.errors import (
    ColumnError,
    InputFileError,
    OutputPathError,
    UnknownNameError,
    UnknownTableError,
    ValueFormatError,
)

Format = Literal["csv", "tsv", "txt"]
FORMATS: tuple[Format, ...] = ("csv", "tsv", "txt")
STDIN = "-"

_WORD_RE = re.compile(r"^[a-z]+$")
_SUFFIX_FORMATS: dict[str, Format] = {
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".txt": "txt",
    ".lst": "txt",
    ".list": "txt",
    ".words": "txt",
}


def data_dir() -> Path:
    """Where the built-in tables live: the package's data/ (`$WORDKIT_DATA` overrides it)."""
    override = os.environ.get("WORDKIT_DATA")
    if override:
        return Path(override)
    return Path(str(resources.files("wordkit.data")))


def builtin_names() -> list[str]:
    """Names of the built-in tables, sorted."""
    folder = data_dir()
    return sorted(p.stem for p in folder.glob("*.csv")) if folder.is_dir() else []


def check_format(name: str | None) -> Format | None:
    """A table format by name (None stays None: chosen from the file name later)."""
    if name is None:
        return None
    for fmt in FORMATS:
        if fmt == name:
            return fmt
    raise UnknownNameError(f"unknown format {name!r}; choose one of: {', '.join(FORMATS)}")


def format_for(path: str, default: Format = "csv") -> Format:
    """The table format a file name implies, or `default` when its suffix says nothing."""
    return _SUFFIX_FORMATS.get(Path(path).suffix.lower(), default)


def _sniff(text: str) -> Format:
    """Guess the format of text with no file name: tabs, commas, or one word a line."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if "\t" in first:
        return "tsv"
    if "," in first:
        return "csv"
    return "txt"


def _decode(data: bytes, name: str, encoding: str | None) -> str:
    """Decode bytes as UTF-8 (or the given encoding), with a clear error when that fails."""
    try:
        text = data.decode(encoding or "utf-8-sig")
    except LookupError as exc:
        raise InputFileError(f"unknown encoding {encoding!r}") from exc
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        line = data[: exc.start].count(b"\n") + 1
        if encoding:
            raise InputFileError(
                f"{name} is not valid {encoding} (byte 0x{bad} on line {line})"
            ) from exc
        raise InputFileError(
            f"{name} is not UTF-8 (byte 0x{bad} on line {line}); "
            "pass --encoding latin-1 to read it as Latin-1"
        ) from exc
    return text.lstrip("\ufeff")


def read_text(source: str, *, encoding: str | None = None) -> tuple[str, str]:
    """The decoded text of a path or `-` (stdin), and a display name for messages."""
    if source == STDIN:
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        raw = data if isinstance(data, bytes) else data.encode("utf-8")
        return _decode(raw, "standard input", encoding), "standard input"
    path = Path(source)
    if not path.exists():
        raise InputFileError(f"{source}: no such file")
    if path.is_dir():
        raise InputFileError(f"{source} is a directory, not a file")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputFileError(f"{source}: cannot read ({exc.strerror})") from exc
    return _decode(raw, source, encoding), source


def parse_raw(text: str, *, name: str, fmt: Format | None = None) -> pd.DataFrame:
    """Parse CSV, TSV or one-word-a-line text into a DataFrame of strings (no cleaning)."""
    if not text.strip():
        raise InputFileError(f"{name} is empty")
    fmt = fmt or _sniff(text)
    if fmt == "txt":
        lines = [line.strip() for line in text.splitlines()]
        return pd.DataFrame({"word": [line for line in lines if line and not line.startswith("#")]})
    try:
        frame = pd.read_csv(
            io.StringIO(text),
            sep="\t" if fmt == "tsv" else ",",
            dtype=str,
            keep_default_na=False,
            skip_blank_lines=True,
        )
    except (pd.errors.ParserError, csv.Error) as exc:
        raise InputFileError(f"{name} is not a valid {fmt.upper()} file: {exc}") from exc
    frame.columns = [str(c).strip() for c in frame.columns]
    if frame.empty:
        raise InputFileError(f"{name} has a header but no rows")
    return frame


def read_raw(
    source: str, *, encoding: str | None = None, fmt: Format | None = None
) -> pd.DataFrame:
    """Read a CSV, TSV or word-list file (or stdin) into a DataFrame of strings."""
    text, name = read_text(source, encoding=encoding)
    if fmt is None and source != STDIN:
        fmt = _SUFFIX_FORMATS.get(Path(source).suffix.lower())
    return parse_raw(text, name=name, fmt=fmt)


def resolve(source: str) -> str:
    """The path behind a table name or path: built-in names first, then files."""
    if source == STDIN:
        return source
    builtin = data_dir() / f"{source}.csv"
    if "/" not in source and "." not in source and builtin.is_file():
        return str(builtin)
    if Path(source).exists():
        return source
    names = ", ".join(builtin_names()) or "none installed"
    raise UnknownTableError(
        f"{source!r} is neither a built-in table ({names}) nor an existing file"
    )


def as_word_table(frame: pd.DataFrame, *, name: str) -> pd.DataFrame:
    """Check and normalise a raw frame into a word table (word, weight, optional category)."""
    if "word" not in frame.columns:
        first = frame.columns[0]
        frame = frame.rename(columns={first: "word"})
    words = frame["word"].astype(str).str.strip().str.lower()
    bad = ~words.str.match(_WORD_RE)
    if bad.any():
        row = int(np.flatnonzero(bad.to_numpy())[0])
        raise ValueFormatError(
            f"{name}: row {row + 1}: {frame['word'].iloc[row]!r} is not a word of letters a-z "
            "(clean the list with `wordkit prepare` first)"
        )
    table = frame.copy()
    table["word"] = words
    if "weight" in table.columns:
        table["weight"] = weights_from(table["weight"], name=name, column="weight")
    else:
        table["weight"] = 1.0
    if "category" in table.columns:
        table["category"] = table["category"].astype(str).str.strip()
    columns = ["word", "weight"] + [c for c in table.columns if c not in ("word", "weight")]
    return table[columns].reset_index(drop=True)


def weights_from(values: pd.Series, *, name: str, column: str) -> pd.Series:
    """Parse a column of weights: numbers only, non-negative; blanks become NaN."""
    text = values.astype(str).str.strip()
    numbers = pd.to_numeric(text.where(text != ""), errors="coerce")
    bad = numbers.isna() & (text != "")
    if bad.any():
        row = int(np.flatnonzero(bad.to_numpy())[0])
        raise ValueFormatError(
            f"{name}: row {row + 1}: {column} {text.iloc[row]!r} is not a number"
        )
    negative = numbers < 0
    if negative.any():
        row = int(np.flatnonzero(negative.to_numpy())[0])
        raise ValueFormatError(
            f"{name}: row {row + 1}: {column} {text.iloc[row]} is negative; weights must be >= 0"
        )
    return numbers.astype(float)


def load_table(source: str, *, encoding: str | None = None) -> pd.DataFrame:
    """Load a word table by built-in name, path, or `-` for stdin."""
    path = resolve(source)
    frame = read_raw(path, encoding=encoding)
    table = as_word_table(frame, name=source)
    blank = table["weight"].isna()
    if blank.any():
        row = int(np.flatnonzero(blank.to_numpy())[0])
        raise ValueFormatError(f"{source}: row {row + 1}: the weight is blank")
    return table


def require_column(frame: pd.DataFrame, column: str, *, name: str) -> None:
    """Raise a ColumnError naming the columns that exist when `column` is missing."""
    if column not in frame.columns:
        have = ", ".join(map(str, frame.columns))
        raise ColumnError(f"{name} has no column {column!r}; its columns are: {have}")


def render(table: pd.DataFrame, fmt: Format) -> str:
    """The text of a table in the given format."""
    if fmt == "txt":
        return "".join(f"{w}\n" for w in table["word"])
    if "weight" in table.columns and len(table):
        weights = table["weight"]
        if (weights == weights.round()).all() and weights.abs().max() < 2**53:
            # Counts such as populations read better as integers than as 37732000.0.
            table = table.assign(weight=weights.astype("int64"))
    return str(table.to_csv(sep="\t" if fmt == "tsv" else ",", index=False, lineterminator="\n"))


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file (existing or not)."""
    try:
        if a.exists() and b.exists():
            return a.samefile(b)
    except OSError:
        pass
    return a.resolve() == b.resolve()


def write_table(
    table: pd.DataFrame,
    dest: str | None,
    *,
    fmt: Format | None = None,
    inputs: tuple[str, ...] = (),
) -> Format:
    """Write a table to `dest` atomically (temp file + rename), or to stdout when None or `-`."""
    if dest is None or dest == STDIN:
        chosen: Format = fmt or "csv"
    else:
        chosen = fmt or format_for(dest)
        for source in inputs:
            if source != STDIN and _same_file(Path(source), Path(dest)):
                raise OutputPathError(f"output {dest} is the input file; choose another path")
    write_text(render(table, chosen), dest)
    return chosen


def write_text(text: str | Iterable[str], dest: str | None) -> None:
    """Write text (or its lines) to stdout for None or `-`, else atomically to a file."""
    if dest is None or dest == STDIN:
        for part in [text] if isinstance(text, str) else text:
            sys.stdout.write(part)
        sys.stdout.flush()
        return
    path = Path(dest)
    if path.is_dir():
        raise OutputPathError(f"output {dest} is a directory")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OutputPathError(f"cannot write {dest}: folder {folder} does not exist")
    data = text if isinstance(text, str) else "".join(text)
    try:
        atomic_write(path, data)
    except OSError as exc:
        raise OutputPathError(f"cannot write {dest}: {exc.strerror}") from exc


def words_of(
    table: pd.DataFrame, *, length: int | None = None, min_weight: float = 0.0
) -> list[str]:
    """The distinct words of a table in table order, optionally of one length and weight floor."""
    rows = table
    if length is not None:
        rows = rows[rows["word"].str.len() == length]
    if min_weight > 0:
        rows = rows[rows["weight"] >= min_weight]
    return list(dict.fromkeys(rows["word"].tolist()))
