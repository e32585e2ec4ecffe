"""Build ``wordkit/data/categories.csv``, wordkit's built-in Hangman category table.

Source data: the hand-written word lists in ``scripts/categories/<slug>.txt`` (one word a
line; ``#`` comment lines and blank lines are ignored). The lists are wordkit's own work,
written and checked for this project and released under the MIT licence like the code.

Each word is validated (lowercase ``a``-``z`` only, 3-15 letters, no duplicate within its
category); any problem aborts the build with the file and line number. The output has one
row per (word, category) pair, columns ``word,weight,category``, sorted by category and
then word. ``weight`` is the word's English frequency from the ``wordfreq`` package
(``wordfreq.word_frequency(word, "en")``, data CC BY-SA 4.0), written with 6 significant
digits; words that wordfreq does not know (frequency 0, e.g. joined multi-word place names
such as ``mexicocity``) get the smallest nonzero weight in the table, so every row keeps
a positive prior.

Run from the repository root::

    .venv/bin/python scripts/build_categories.py
"""

from __future__ import annotations

import csv
import os
import re
import sys
import tempfile
from pathlib import Path

from wordfreq import word_frequency

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIR = ROOT / "scripts" / "categories"
OUTPUT = ROOT / "wordkit" / "data" / "categories.csv"

CATEGORIES: tuple[str, ...] = (
    "animals",
    "body-parts",
    "cities",
    "clothing",
    "countries",
    "food-and-drink",
    "household",
    "jobs",
    "nature",
    "sports",
    "transportation",
)
MIN_LEN = 3
MAX_LEN = 15
WORD_RE = re.compile(r"[a-z]+")


class WordListError(ValueError):
    """A word list file is missing or contains an invalid or duplicate entry."""


def read_category(path: Path) -> list[str]:
    """Return the words of one category file, in file order, after validating them."""
    if not path.is_file():
        raise WordListError(f"{path}: category file is missing")
    words: list[str] = []
    first_line: dict[str, int] = {}
    with path.open(encoding="utf-8") as handle:
        for lineno, raw in enumerate(handle, start=1):
            word = raw.strip()
            if not word or word.startswith("#"):
                continue
            where = f"{path}:{lineno}"
            if not WORD_RE.fullmatch(word):
                raise WordListError(f"{where}: {word!r} is not lowercase a-z only")
            if not MIN_LEN <= len(word) <= MAX_LEN:
                raise WordListError(
                    f"{where}: {word!r} has {len(word)} letters (allowed {MIN_LEN}-{MAX_LEN})"
                )
            if word in first_line:
                raise WordListError(
                    f"{where}: duplicate {word!r} (first seen on line {first_line[word]})"
                )
            first_line[word] = lineno
            words.append(word)
    if not words:
        raise WordListError(f"{path}: no words")
    return words


def load_all(source_dir: Path) -> dict[str, list[str]]:
    """Read every category file; complain about unexpected extra ``.txt`` files too."""
    extra = sorted(p.stem for p in source_dir.glob("*.txt") if p.stem not in CATEGORIES)
    if extra:
        raise WordListError(f"{source_dir}: unexpected category files: {', '.join(extra)}")
    return {slug: read_category(source_dir / f"{slug}.txt") for slug in CATEGORIES}


def build_rows(table: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    """Return sorted ``(word, weight, category)`` rows with wordfreq weights as text."""
    freqs: dict[str, float] = {}
    for words in table.values():
        for word in words:
            if word not in freqs:
                freqs[word] = float(f"{word_frequency(word, 'en'):.6g}")
    nonzero = [f for f in freqs.values() if f > 0]
    if not nonzero:
        raise WordListError("wordfreq knows none of the words; is its data installed?")
    floor = min(nonzero)
    rows: list[tuple[str, str, str]] = []
    for slug in sorted(table):
        for word in sorted(table[slug]):
            weight = freqs[word] if freqs[word] > 0 else floor
            rows.append((word, f"{weight:.6g}", slug))
    return rows


def write_csv(rows: list[tuple[str, str, str]], output: Path) -> None:
    """Write the rows atomically: a temporary file in the same folder, then ``os.replace``."""
    output.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".tmp", dir=output.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(("word", "weight", "category"))
            writer.writerows(rows)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp_name, 0o666 & ~umask)  # mkstemp makes 0600; use normal file permissions
        os.replace(tmp_name, output)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise


def main() -> int:
    """Build the table and print a one-line summary per category."""
    try:
        table = load_all(SOURCE_DIR)
    except WordListError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    rows = build_rows(table)
    write_csv(rows, OUTPUT)
    for slug in CATEGORIES:
        print(f"{slug:>15}: {len(table[slug])} words")
    distinct = len({word for word, _, _ in rows})
    print(f"wrote {len(rows)} rows ({distinct} distinct words) to {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
