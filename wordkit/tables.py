"""Word tables: reading inputs and built-in tables, and writing tables safely (all file I/O)."""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Literal

import numpy as np

from wordkit import cache, outputs
from wordkit.errors import (
    ColumnError,
    InputFileError,
    OutputPathError,
    UnknownNameError,
    UnknownTableError,
    ValueFormatError,
    WordkitWarning,
    shortened,
)
from wordkit.game import decimal_number, fold_word

if TYPE_CHECKING:  # pandas is imported by the functions that parse or render text
    import pandas as pd

Format = Literal["csv", "tsv", "txt"]
FORMATS: tuple[Format, ...] = ("csv", "tsv", "txt")
STDIN = "-"
MAX_INPUT_BYTES = 64 * 2**20
"""The largest input read: far above any word list (`web2`'s 235,000 words: 2.5 MB), and
within a small machine's memory: parsing takes up to 40 bytes of memory a byte of short
words (250 MB of them peaked at 9.5 GB)."""

_WORD_RE = re.compile(r"^[a-z]+$")
LINE = "line"
"""The name of a parsed file's index: each row's line in the file, as editors number them."""
_EXCEL_SEP = re.compile(r"^sep=(.)$", re.IGNORECASE)
_LOCALE_NUMBER = re.compile(r"[0-9]+([,.' \u00a0\u202f][0-9]+)+")
"""A number written with a locale's decimal comma or digit groups (1,5  1.234,5  1 000)."""
KNOWN_COLUMNS = ("word", "weight", "category")
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
    # The package is installed as files (the tables are read by path), so no importlib.resources
    # (and the zipfile it imports) on the one-shot path.
    return Path(__file__).resolve().parent / "data"


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
    """Guess the format of text with no file name: tabs, commas (or semicolons), or one word
    a line."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if "\t" in first:
        return "tsv"
    if "," in first or ";" in first:
        return "csv"
    return "txt"


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16's: it opens with the same two bytes
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
"""Byte-order marks that name their encoding (a file saved as "Unicode" on Windows)."""


def _quoted(name: str) -> str:
    """A path as a shell would need it typed (standard input as `-`)."""
    import shlex

    return "-" if name == "standard input" else shlex.quote(name)


def _decode(data: bytes, name: str, encoding: str | None) -> str:
    """Decode bytes as UTF-8 (or the given encoding; UTF-16 or UTF-32 when the bytes open with
    their byte-order mark), with a clear error when that fails."""
    if encoding is None:
        encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    if encoding is None:
        _check_text(data, name)
    try:
        text = data.decode(encoding or "utf-8-sig")
    except LookupError as exc:
        raise InputFileError(f"unknown encoding {encoding!r}") from exc
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        before = data[: exc.start].replace(b"\r\n", b"\n")
        line = before.count(b"\n") + before.count(b"\r") + 1  # old Macs end lines with CR
        if encoding:
            raise InputFileError(
                f"{name} is not valid {encoding} (byte 0x{bad} on line {line})"
            ) from exc
        raise InputFileError(
            f"{name} is not UTF-8 (byte 0x{bad} on line {line}); convert it first, e.g. "
            f"wordkit prepare {_quoted(name)} --encoding latin-1 -o words.csv"
        ) from exc
    return text.lstrip("\ufeff")


_PACKED = ((re.compile(rb"\x1f\x8b"), "gzip"), (re.compile(rb"PK\x03\x04"), "zip"),
           (re.compile(rb"BZh[1-9]1AY&SY", re.DOTALL), "bzip2"),
           (re.compile(rb"\xfd7zXZ\x00"), "xz"), (re.compile(rb"\(\xb5/\xfd"), "zstd"))  # fmt: skip
"""The magic numbers of compressed files, and their names."""


def _check_text(data: bytes, name: str) -> None:
    """Refuse bytes that are no text file (a compressed file; UTF-16 without its byte-order
    mark, whose every other byte is NUL), saying what they look like."""
    kind = next((kind for magic, kind in _PACKED if magic.match(data)), None)
    if kind is not None:
        raise InputFileError(f"{name} is a {kind} file: decompress it first")
    head = data[:65536]
    if b"\x00" not in head:
        return
    even, odd, half = head[0::2].count(0), head[1::2].count(0), max(1, len(head) // 2)
    if max(even, odd) > 0.3 * half and min(even, odd) < 0.05 * half:  # ASCII text in UTF-16
        order = "le" if odd > even else "be"
        raise InputFileError(
            f"{name} looks like UTF-16 text without its byte-order mark: convert it first, "
            f"e.g. wordkit prepare {_quoted(name)} --encoding utf-16-{order} -o words.csv"
        )
    raise InputFileError(f"{name} holds NUL bytes: a binary file, not text")


_READ_ONCE: dict[object, bytes] = {}
"""What was read from inputs that can be read only once (stdin, a FIFO, a pipe's /dev/fd/N),
by the stream or the file's identity: a command that reads one twice (a table's words, then
its size) gets the same bytes again instead of an empty stream or a wait for a new writer."""


_RAW = "surrogateescape"


def _once(key: object, read: Callable[[], bytes]) -> bytes:
    """`read()` the first time for `key`, its result again afterwards."""
    if key not in _READ_ONCE:
        _READ_ONCE[key] = read()
    return _READ_ONCE[key]


def read_text(source: str, *, encoding: str | None = None) -> tuple[str, str]:
    """The decoded text of a path or `-` (stdin), and a display name for messages."""
    if source == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream without bytes (a test's StringIO)
            text = _once(sys.stdin, lambda: sys.stdin.read(MAX_INPUT_BYTES).encode(errors=_RAW))
            return text.decode(errors=_RAW), "standard input"
        raw = _once(stream, lambda: _bounded_read(stream, "standard input"))
        return _decode(raw, "standard input", encoding), "standard input"
    if not source.strip():
        raise InputFileError("an empty name: give a table name or a file")
    path = Path(source)
    try:
        if not path.exists():
            raise InputFileError(f"{source}: no such file")
        if path.is_dir():
            raise InputFileError(f"{source} is a directory, not a file")
        info = path.stat()
        if stat.S_ISREG(info.st_mode):
            raw = _read_file(path, source)
        else:  # a FIFO or a pipe: its writer sends it once
            key = (source, info.st_dev, info.st_ino)
            raw = _once(key, lambda: _read_file(path, source))
    except OSError as exc:
        raise InputFileError(f"{shortened(source)}: cannot read ({exc.strerror})") from exc
    return _decode(raw, source, encoding), source


def _read_file(path: Path, name: str) -> bytes:
    """The bytes of a file, bounded."""
    with path.open("rb") as handle:
        return _bounded_read(handle, name)


def _bounded_read(handle: BinaryIO, name: str) -> bytes:
    """All the bytes of a stream, refusing one larger than MAX_INPUT_BYTES (/dev/zero, say)."""
    data = handle.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise InputFileError(
            f"{shortened(name)} is larger than {MAX_INPUT_BYTES // 2**20} MiB; "
            "a word table is far smaller"
        )
    return bytes(data)


def parse_raw(
    text: str,
    *,
    name: str,
    fmt: Format | None = None,
    header: str | None = None,
    no_header: bool = False,
) -> pd.DataFrame:
    """Parse CSV, TSV or one-word-a-line text into a DataFrame of strings (no cleaning);
    `header`: a column asked for by name, so a first line that names it is a header even in
    a file of one column; `no_header`: the first line is a row, the columns are named by
    their place (`1`, `2`, ...). A list whose every line is a word and a count (a frequency
    list) reads as the columns word and weight."""
    import pandas as pd

    text, separator, fmt, lines = _layout(
        text, name=name, fmt=fmt, header=header, no_header=no_header
    )
    if lines is not None:
        numbers, words = zip(*lines, strict=True) if lines else ((), ())
        index = pd.Index(numbers, name=LINE)
        counted = counted_words(lines, name=name)
        if counted is not None:
            names = ("1", "2") if no_header else ("word", "weight")
            frame = pd.DataFrame(dict(zip(names, counted, strict=True)), index=index)
            frame.attrs[COUNTED] = not no_header
            return frame
        return pd.DataFrame({"word" if not no_header else "1": list(words)}, index=index)
    frame = _csv_frame(text, separator, name=name, fmt=fmt, no_header=no_header)
    if frame.empty:
        raise InputFileError(f"{name} has a header but no rows")
    return frame


COUNTED = "counted"
"""Set in a parsed frame's `attrs` when its lines were words each followed by a count."""


def _counted(line: str) -> list[str] | None:
    """A line's word and count when it ends, after a blank, in a number (`the 23135851162`)."""
    pair = line.rsplit(None, 1)
    return pair if len(pair) == 2 and decimal_number(pair[1]) is not None else None


def counted_words(
    lines: Sequence[tuple[int, str]], *, name: str
) -> tuple[list[str], list[str]] | None:
    """The words and counts of a list whose every line (numbered) is a word and its count, as
    frequency lists are written; None for a list of words. A list more than half of whose
    lines are so, but not all, is refused naming the first that is not (a count lost or
    written with separators, a header line): one line must not turn a frequency list into
    words with spaces, every count lost."""
    pairs = [_counted(line) for _, line in lines]
    hits = sum(p is not None for p in pairs)
    if hits and hits == len(pairs):
        return [p[0].strip() for p in pairs if p], [p[1] for p in pairs if p]
    if hits >= 2 and 2 * hits > len(pairs):
        number, line = next(lines[i] for i, p in enumerate(pairs) if p is None)
        raise ValueFormatError(
            f"{name}: line {number}: {shortened(line, 60)!r} has no count, where {hits:,} of "
            f"its {len(pairs):,} lines are a word and its count (a frequency list): give each "
            "word its count, a number with no separators (1234.5), or drop the line"
        )
    return None


def lines_of(text: str) -> list[str]:
    """The lines of a text as editors number them: LF, CR LF and CR end a line; Unicode's other
    breaks (form feed, U+2028…), which `str.splitlines` also splits on, stay inside theirs."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _layout(
    text: str,
    *,
    name: str,
    fmt: Format | None,
    header: str | None = None,
    no_header: bool = False,
) -> tuple[str, str, Format, list[tuple[int, str]] | None]:
    """(the text without an Excel "sep=" line, its separator, its format, and for a list of
    one word a line its lines, each with its number in the file: stripped, blanks and #
    comments dropped; else None). The "sep=" line is blanked, not cut: lines keep numbers.
    `no_header`: delimited text when its first line holds the separator, whatever it says."""
    if not text.strip():
        raise InputFileError(f"{name} is empty")
    if "\r" in text:  # Windows (CR LF) and old Mac (CR alone) line endings
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    separator = None
    first, _, rest = text.partition("\n")
    # Excel's "sep=," line names the separator; it is not a row ("sep=<TAB>" names a tab,
    # which stripping the line's blanks would take)
    excel = _EXCEL_SEP.match(first.strip()) or _EXCEL_SEP.match(first.strip(" \n\v\f"))
    if excel:
        separator, text = excel.group(1), "\n" + rest
        if not text.strip():
            raise InputFileError(f"{name} has a header but no rows")
        first = rest.partition("\n")[0]
    named, fmt = fmt, fmt or _sniff(rest if excel else text)
    # A CSV saved where the decimal mark is a comma (Excel in most of Europe) uses semicolons;
    # a file named .csv may hold tabs, one named .tsv commas: the header says which.
    preferred = ("\t", ",", ";") if fmt == "tsv" else (",", ";", "\t")
    separator = separator or next((c for c in preferred if c in first), preferred[0])
    # Piped in, a frequency list separated by tabs (Norvig's count_1w) sniffs as a TSV whose
    # first line is its header: every line a word and a number says otherwise
    if named is None and not no_header and _counted(first.strip()):
        kept = _list_lines(text)
        if all(_counted(line) for _, line in kept):
            return text, separator, "txt", kept
    if no_header and separator in first and fmt != "txt":
        return text, separator, fmt, None
    titled = first.strip().lower() == "word" and not no_header
    # A first line `word` is a header unless the file's name says it is a list of words: so a
    # table read through a pipe reads as it does from its .csv file.
    if (fmt != "txt" and (separator in first or titled)) or (named is None and titled):
        return text, separator, fmt, None
    if header is not None and first.strip().lower() == header.strip().lower():
        # `--column name` over a list of names (the letter case is said by require_column)
        return text, separator, fmt, None
    # One column and no `word` header: every line is a word, the first one included.
    kept = _list_lines(text)
    # (whether it is counted only matters to a file named as a table: a list is counted by
    # the reader that builds it, once)
    named_table = fmt in ("csv", "tsv") and not no_header
    if named_table and not (kept and all(_counted(line) for _, line in kept)):
        warnings.warn(
            f"{name} has one column and no `word` header: every line is read as a word, "
            f"the first ({first.strip()!r}) included",
            WordkitWarning,
            stacklevel=3,
        )
    return text, separator, fmt, kept


def _list_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a list, each with its number in the file: stripped, blanks and # comments
    dropped."""
    lines = ((n, line.strip()) for n, line in enumerate(lines_of(text), start=1))
    return [(n, line) for n, line in lines if line and line[0] != "#"]


def word_list_columns(source: str, *, encoding: str | None = None) -> Columns | None:
    """`load_columns` of a file of one word a line, read without pandas; None for a delimited
    table."""
    text, name, fmt = source_text(source, encoding=encoding)
    return _word_list(text, name=name, fmt=fmt, source=source)


def source_text(source: str, *, encoding: str | None = None) -> tuple[str, str, Format | None]:
    """The decoded text behind a table name, path or `-`, its display name, and the format its
    file name implies (None: sniffed from the text)."""
    path = resolve(source)
    text, name = read_text(path, encoding=encoding)
    fmt = None if path == STDIN else _SUFFIX_FORMATS.get(Path(path).suffix.lower())
    return text, name, fmt


def _word_list(text: str, *, name: str, fmt: Format | None, source: str) -> Columns | None:
    """The columns of one-word-a-line text, its words checked as `as_word_table` checks them,
    each weighing 1; None for delimited text or a frequency list."""
    _, _, _, lines = _layout(text, name=name, fmt=fmt)
    spaced = " " in text or "\t" in text  # else no line holds a count (found at C speed)
    if lines is None or (spaced and counted_words(lines, name=name) is not None):
        return None  # a table, or a frequency list: read by pandas, its counts checked
    words = [line.lower() for _, line in lines]
    for (number, line), word in zip(lines, words, strict=True):
        if not _WORD_RE.match(word):
            raise ValueFormatError(
                f"{source}: line {number}: {shortened(line, 60)!r} is not a word of "
                "letters a-z (clean the list with `wordkit prepare` first)"
            )
    return Columns(tuple(words), np.ones(len(words)), lines=tuple(n for n, _ in lines))


def place(index: pd.Index, row: int) -> str:
    """Where row `row` (0-based) of a frame is: its line in the file it was read from, else
    its row number (a frame made in Python)."""
    return f"line {index[row]}" if index.name == LINE else f"row {row + 1}"


def open_at_end(text: str, separator: str) -> bool:
    """Whether the last line of delimited text opens a quote it never closes (the lines
    before are checked as they are read: a quote left open runs over them). Read as the csv
    reader reads it: a quote opens a cell only at its start, `""` inside is a quote, and after
    the closing quote the cell goes on unquoted (`"a"x` is `ax`)."""
    body = (
        text[:-2] if text.endswith("\r\n") else text[:-1] if text.endswith(("\n", "\r")) else text
    )
    line = body[max(body.rfind("\n"), body.rfind("\r")) + 1 :]  # not the whole file split
    quoted, start, i = False, True, 0
    while i < len(line):
        char = line[i]
        if quoted:
            if char == '"' and line[i + 1 : i + 2] == '"':
                i += 1  # a quote written twice: one quote in the cell
            elif char == '"':
                quoted = False
        elif char == separator:
            start = True
            i += 1
            continue
        elif char == '"' and start:
            quoted = True
        start = False
        i += 1
    return quoted


def _csv_frame(
    text: str, separator: str, *, name: str, fmt: Format, no_header: bool = False
) -> pd.DataFrame:
    """Rows of delimited text under their header; a trailing separator on every line is
    forgiven, a row with more non-empty fields than the header is an error (never dropped).
    `no_header`: every line is a row, under the columns `1`, `2`, ... as wide as the widest."""
    import csv  # a user's file only: a built-in table is read from its compact copy

    import pandas as pd

    csv.field_size_limit(MAX_INPUT_BYTES)  # a long cell of a column not read is no error
    reader = csv.reader(io.StringIO(text), delimiter=separator)
    rows: list[list[str]] = []
    numbers: list[int] = []  # each row's line in the file
    began = 1
    try:
        for row in reader:
            if reader.line_num > began:
                # A quoted field ran over lines: in a word table, a quote left open that took
                # the rows after it into one cell (they would be lost without a word)
                raise InputFileError(
                    f"{name} holds a quote opened on line {began} that runs to line "
                    f"{reader.line_num}: "
                    'a stray ", or a cell of several lines, which a word table cannot hold (one '
                    "row a line)"
                )
            if any(row):
                rows.append(row)
                numbers.append(began)
            began = reader.line_num + 1
    except csv.Error as exc:
        raise InputFileError(
            f"{name} is not a valid {fmt.upper()} file: line {began}: {exc}"
        ) from exc
    if open_at_end(text, separator):  # the reader takes such a cell to the end of the file
        last = len(lines_of(text.rstrip("\r\n")))
        raise InputFileError(
            f"{name} holds a quote opened on its last line, {last:,}, that is never closed: a "
            'stray ", which a word table cannot hold'
        )
    if not rows:  # every line empty but for separators
        raise InputFileError(f"{name} has no rows: every line is empty")
    if no_header:
        width = max(len(row) for row in rows)
        rows.insert(0, [str(n) for n in range(1, width + 1)])
        numbers.insert(0, 0)
    header = [cell.strip() for cell in rows[0]]
    titled = [c for c in header if c]
    if len(set(titled)) != len(titled):
        twice = next(c for c in titled if titled.count(c) > 1)
        raise InputFileError(f"{name}: column {twice!r} appears twice in the header")
    if not titled:
        raise InputFileError(f"{name}: the header names no column")
    # A column with no title (a spreadsheet's unnamed one) can be named by no option: dropped
    kept = [i for i, c in enumerate(header) if c]
    body = []
    for number, row in zip(numbers[1:], rows[1:], strict=True):
        extra = row[len(header) :]
        if any(cell.strip() for cell in extra):
            raise InputFileError(
                f"{name}: line {number} has {len(row)} fields but the header has {len(header)}"
            )
        row = row[: len(header)] + [""] * (len(header) - len(row))
        body.append([row[i] for i in kept])
    index = pd.Index(numbers[1:], name=LINE)
    return pd.DataFrame(body, columns=titled, index=index, dtype=str)


def read_raw(
    source: str,
    *,
    encoding: str | None = None,
    fmt: Format | None = None,
    header: str | None = None,
    no_header: bool = False,
) -> pd.DataFrame:
    """Read a CSV, TSV or word-list file (or stdin) into a DataFrame of strings (`header`,
    `no_header`: as `parse_raw` takes them)."""
    text, name = read_text(source, encoding=encoding)
    if fmt is None and source != STDIN:
        fmt = _SUFFIX_FORMATS.get(Path(source).suffix.lower())
    return parse_raw(text, name=name, fmt=fmt, header=header, no_header=no_header)


def resolve(source: str) -> str:
    """The path behind a table name or path: built-in names first, then files."""
    if source == STDIN:
        return source
    if not source.strip():
        raise InputFileError("an empty name: give a table name or a file")
    builtin = data_dir() / f"{source}.csv"
    try:
        if "/" not in source and "." not in source and builtin.is_file():
            if Path(source).exists():  # the name wins: say so, or the file is silently not read
                warnings.warn(
                    f"{source!r} names the built-in table, not the file {source} here (write "
                    f"./{source} for the file)",
                    WordkitWarning,
                    stacklevel=2,
                )
            return str(builtin)
        if Path(source).exists():
            return source
    except OSError as exc:
        raise InputFileError(f"{shortened(source)}: {exc.strerror}") from exc
    override = os.environ.get("WORDKIT_DATA")
    names = ", ".join(builtin_names()) or (
        f"none in WORDKIT_DATA={override}" if override else "none installed"
    )
    raise UnknownTableError(
        f"{source!r} is neither a built-in table ({names}) nor an existing file"
    )


def data_as_header(frame: pd.DataFrame, *, name: str) -> str | None:
    """What to say of a table of several columns, none named `word`, whose first line holds a
    number where a column's name should be (`Café,120,boissons`): maybe a row read as the
    header, lost, its columns (a weight, a category) taken for others; None otherwise. (A
    header may hold a number too: `name,2020`; the content cannot tell them apart.)"""
    if len(frame.columns) < 2:
        return None
    numbers = [str(c) for c in frame.columns if decimal_number(str(c)) is not None]
    if not numbers:
        return None
    cells = shortened(", ".join(repr(str(c)) for c in frame.columns), 60)
    return (
        f"{name} has no word column, and its first line ({cells}) holds {numbers[0]!r}, a "
        "number, where a column's name should be"
    )


def as_word_table(frame: pd.DataFrame, *, name: str) -> pd.DataFrame:
    """Check and normalise a raw frame into a word table (word, weight, optional category)."""
    for known in KNOWN_COLUMNS:
        same = [str(c) for c in frame.columns if str(c).lower() == known]
        if len(same) > 1:
            raise InputFileError(
                f"{name}: the columns {same[0]!r} and {same[1]!r} are both the {known} column "
                "(letter case aside); rename or drop one"
            )
    frame = frame.rename(
        columns={c: c.lower() for c in frame.columns if c.lower() in KNOWN_COLUMNS}
    )
    if "word" not in frame.columns:
        said = data_as_header(frame, name=name)
        if said is not None:  # played from the first column, but the line may be a row
            warnings.warn(
                f"{said}: read as the header, it is not played; if it is a row, add a first "
                "line naming the columns (word, weight, category)",
                WordkitWarning,
                stacklevel=2,
            )
        first = frame.columns[0]
        frame = frame.rename(columns={first: "word"})
    words = frame["word"].astype(str).str.strip().str.lower()
    bad = ~words.str.match(_WORD_RE)
    if bad.any():
        row = int(np.flatnonzero(bad.to_numpy())[0])
        raise ValueFormatError(
            f"{name}: {place(frame.index, row)}: {frame['word'].iloc[row]!r} is not a word of "
            "letters a-z "
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
    import pandas as pd

    text = values.astype(str).str.strip()
    numbers = pd.to_numeric(text.where(text != ""), errors="coerce")
    bad = numbers.isna() & (text != "")
    if bad.any():
        row = int(np.flatnonzero(bad.to_numpy())[0])
        value = text.iloc[row]
        # A decimal comma (1,5) or thousands separators (1,234 / 1 000) are a locale's, not
        # a number's: which one a comma is cannot be told, so the user says it.
        hint = (
            " (write numbers with a decimal point and no separators, e.g. 1234.5)"
            if (_LOCALE_NUMBER.fullmatch(value))
            else ""
        )
        raise ValueFormatError(
            f"{name}: {place(values.index, row)}: {column} {value!r} is not a number{hint}"
        )
    infinite = np.isinf(numbers)
    if infinite.any():
        row = int(np.flatnonzero(infinite.to_numpy())[0])
        raise ValueFormatError(
            f"{name}: {place(values.index, row)}: {column} {text.iloc[row]!r} is not a finite "
            "number"
        )
    negative = numbers < 0
    if negative.any():
        row = int(np.flatnonzero(negative.to_numpy())[0])
        raise ValueFormatError(
            f"{name}: {place(values.index, row)}: {column} {text.iloc[row]} is negative; "
            "weights must be >= 0"
        )
    return numbers.astype(float)


def load_table(source: str, *, encoding: str | None = None) -> pd.DataFrame:
    """Load a word table by built-in name, path, or `-` for stdin."""
    text, name, fmt = source_text(source, encoding=encoding)
    return _word_table(parse_raw(text, name=name, fmt=fmt), source)


def _word_table(frame: pd.DataFrame, source: str) -> pd.DataFrame:
    """A parsed frame checked into a word table, every weight given."""
    table = as_word_table(frame, name=source)
    blank = table["weight"].isna()
    if blank.any():
        row = int(np.flatnonzero(blank.to_numpy())[0])
        raise ValueFormatError(f"{source}: {place(frame.index, row)}: the weight is blank")
    return table


# --- compact copies of the built-in tables ---------------------------------------------------

COLUMNS_VERSION = "wordkit-table-columns-v2"
"""Names the layout of a table's compact copy in the cache; a new layout gets a new name."""
_CATEGORY_FILES = ("categories", "category_codes")
_LETTERS = np.zeros(256, dtype=bool)
_LETTERS[ord("a") : ord("z") + 1] = True


@dataclass(frozen=True, eq=False)
class Columns:
    """The columns a solver reads from a word table, as plain arrays (no pandas): each row's
    word (lowercase a-z), its weight, and its category when the table has that column."""

    words: tuple[str, ...]
    weights: np.ndarray
    categories: tuple[str, ...] | None = None
    key: str | None = None
    """The content key of the built-in table these columns are exactly (None: any other
    source, or columns changed since): what is computed from them may be cached under it."""
    own_rows: int | None = None
    """Rows of the table itself, before the words learned from play (None: every row)."""
    lines: tuple[int, ...] | None = None
    """Each row's line in the file it was read from (None: not read from a user's file)."""

    def __len__(self) -> int:
        return len(self.words)

    def distinct(self, length: int | None = None) -> list[str]:
        """The distinct words in table order, optionally of one length (as `words_of`)."""
        words = self.words if length is None else (w for w in self.words if len(w) == length)
        return list(dict.fromkeys(words))


def columns_of(table: pd.DataFrame, lines: pd.Index | None = None) -> Columns:
    """The columns of a word table (`load_table`'s result) as plain arrays; `lines`: its
    rows' lines in the file it was read from."""
    categories = tuple(str(c) for c in table["category"]) if "category" in table.columns else None
    return Columns(
        tuple(str(w) for w in table["word"]),
        table["weight"].to_numpy(dtype=np.float64, copy=True),
        categories,
        lines=None if lines is None or lines.name != LINE else tuple(int(n) for n in lines),
    )


def load_columns(source: str, *, encoding: str | None = None) -> Columns:
    """`load_table`'s words, weights and categories. A built-in table is read from its compact
    copy in the disk cache, named by the CSV's content (made on first use), so a warm run
    neither imports pandas nor parses the CSV; any other source is parsed as usual."""
    path = resolve(source)
    builtin = _builtin_bytes(path) if source != STDIN and encoding is None else None
    if builtin is None:  # read once: a word list without pandas, else as a table
        text, name, fmt = source_text(source, encoding=encoding)
        plain = _word_list(text, name=name, fmt=fmt, source=source)
        if plain is not None and not plain.words:  # a game needs words (`prepare` says so too)
            raise InputFileError(f"{name} has no words: only blank lines and # comments")
        if plain is not None:
            return plain
        frame = parse_raw(text, name=name, fmt=fmt)
        return columns_of(_word_table(frame, source), frame.index)
    key = cache.content_key(COLUMNS_VERSION, builtin)
    name = f"table-{key}.npz"
    found = read_columns(name, key)
    if found is not None:
        return found
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = load_table(source, encoding=encoding)
    for warning in caught:  # told again on every read: such a table is not kept
        warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    columns = columns_of(table)
    if not caught:
        cache.write_cached(name, pack_columns(columns, key))
        columns = replace(columns, key=key)
    return columns


def _builtin_bytes(path: str) -> bytes | None:
    """The bytes of a built-in table's CSV (in the data folder), None for any other file."""
    try:
        file = Path(path)
        if file.parent.resolve() != data_dir().resolve() or file.suffix != ".csv":
            return None
        if file.stat().st_size > MAX_INPUT_BYTES:
            return None
        return file.read_bytes()
    except OSError:
        return None


def pack_columns(columns: Columns, key: str) -> bytes:
    """The compact copy's bytes: an uncompressed .npz of the joined words, the weights, and
    the distinct categories (JSON) with each row's code; `key` names the source."""
    import json

    arrays: dict[str, np.ndarray] = {
        "key": np.frombuffer(key.encode(), dtype=np.uint8),
        "words": np.frombuffer("\n".join(columns.words).encode("ascii"), dtype=np.uint8),
        "weights": np.asarray(columns.weights, dtype=np.float64),
    }
    if columns.categories is not None:
        names = list(dict.fromkeys(columns.categories))
        code = {c: i for i, c in enumerate(names)}
        arrays["categories"] = np.frombuffer(json.dumps(names).encode(), dtype=np.uint8)
        arrays["category_codes"] = np.array([code[c] for c in columns.categories], np.int32)
    return cache.pack_arrays(arrays)


def read_columns(name: str, key: str) -> Columns | None:
    """A table's compact copy from the cache, or None when absent, damaged or of another
    source (a truncated, foreign or tampered file is ignored, then rebuilt)."""
    path = cache.cached_file(name)
    return None if path is None else unpack_columns(path, key)


def unpack_columns(data: bytes | Path, key: str) -> Columns | None:
    """The columns in a compact copy (or its bytes) when every part checks out, else None."""
    import json

    parts = cache.mapped_arrays(data, ("key", "words", "weights"), optional=_CATEGORY_FILES)
    if parts is None:
        return None
    blob, weights = parts.get("words"), parts["weights"]
    if parts.get("key") is None or parts["key"].dtype != np.uint8 or blob is None:
        return None
    if parts["key"].tobytes() != key.encode() or blob.dtype != np.uint8 or blob.ndim != 1:
        return None
    if weights.dtype != np.float64 or weights.ndim != 1:
        return None
    if not (np.isfinite(weights).all() and (weights >= 0).all()):
        return None
    newline = blob == ord("\n")
    if not (_LETTERS[blob] | newline).all():
        return None
    words = tuple(blob.tobytes().decode("ascii").split("\n")) if len(weights) else ()
    if len(words) != len(weights) or (words and not all(words)):
        return None
    categories: tuple[str, ...] | None = None
    if ("categories" in parts) != ("category_codes" in parts):
        return None
    if "categories" in parts:
        codes = parts["category_codes"]
        try:
            names = json.loads(parts["categories"].tobytes())
        except (ValueError, UnicodeDecodeError):
            return None
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return None
        if codes.dtype != np.int32 or codes.shape != weights.shape:
            return None
        if len(codes) and (codes.min() < 0 or codes.max() >= len(names)):
            return None
        categories = tuple(names[i] for i in codes.tolist())
    return Columns(words, weights, categories, key)


def require_column(frame: pd.DataFrame, column: str, *, name: str) -> None:
    """Raise a ColumnError naming the columns that exist when `column` is missing."""
    if column not in frame.columns:
        near = [str(c) for c in frame.columns if str(c).lower() == column.lower()]
        if near:  # an option names a column exactly
            raise ColumnError(f"{name} has no column {column!r}, but has {near[0]!r}: letter "
                              "case counts in a column's name")  # fmt: skip
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
        for source in inputs:  # `prepare t.csv >> t.csv` would add a table to its input
            if outputs.stdout_is(source):
                shown = "the file standard input reads" if source == STDIN else source
                raise OutputPathError(f"standard output is {shown}, the input; choose another path")
    else:
        chosen = fmt or format_for(dest)
        for source in inputs:
            if source != STDIN and outputs.same_file(source, dest):
                raise OutputPathError(f"output {dest} is the input file; choose another path")
    outputs.write(render(table, chosen), dest, primary=True)
    return chosen


folded = fold_word
"""A typed word as the tables spell it (see wordkit.game.fold_word)."""


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
