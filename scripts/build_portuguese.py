"""Build wordkit/data/portuguese.csv: a Portuguese dictionary with word-frequency weights.

Sources and licences:

* Words: the European Portuguese word list of the Natura project (Jose Joao de Almeida,
  2006-2022), as installed by the **Debian package `wportuguese`** (20220621) into
  /usr/share/dict/portuguese (`apt-get install wportuguese`). Licence: GPL-2+ or LGPL-2.1+ or
  MPL-1.1, at your choice; see /usr/share/doc/wportuguese/copyright. Not a PyPI package: this
  script stops with a clear message when the list is missing. (Debian's `wbrazilian`, the
  Brazilian list, is GPL-2 only and last updated in 2008, so it is not used.)
* Weights: `wordfreq.word_frequency(word, "pt")` from the `wordfreq` PyPI package (code
  Apache-2.0; its frequency data CC BY-SA 4.0), looked up on the accented spelling.

Rules:

1. Take every entry of the list that is all lowercase letters (capitalised entries are names
   and abbreviations: "Aachen", "AAC"; entries with hyphens, apostrophes or dots are dropped).
2. Weight each by its wordfreq Portuguese frequency and keep those of at least 1e-7 (Zipf 2.0:
   once in ten million words), so the table holds words people use.
3. Fold the accents with wordkit's own `prepare` command (Unidecode: "barão" -> "barao",
   "maçã" -> "maca"), 2 to 15 letters; spellings that fold to the same word are merged keeping
   the highest weight ("país" and "pais" become one "pais").

Output: word,weight sorted by word, written atomically.

Run from the repository root: .venv/bin/python scripts/build_portuguese.py
"""

from __future__ import annotations

import csv
import sys
import tempfile
from pathlib import Path

from _prepared import write_prepared

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "wordkit" / "data" / "portuguese.csv"
SOURCE = Path("/usr/share/dict/portuguese")
MIN_FREQUENCY = 1e-7
MIN_LENGTH = 2
MAX_LENGTH = 15


def source_words() -> list[str]:
    """The lowercase entries of Debian's Portuguese word list, in file order."""
    if not SOURCE.is_file():
        sys.exit(
            f"build_portuguese: {SOURCE} is missing; install Debian's word list with: "
            "apt-get install wportuguese"
        )
    words = SOURCE.read_text(encoding="utf-8").split()
    return [w for w in words if w.isalpha() and w == w.lower()]


def dump_raw(path: Path) -> tuple[int, int]:
    """Write the words and their frequencies to a raw CSV; return (entries read, kept)."""
    try:
        from wordfreq import word_frequency
    except ImportError:
        sys.exit(
            "build_portuguese: the wordfreq package is missing; "
            'install the data extras with: .venv/bin/pip install -e ".[data]"'
        )
    words = source_words()
    kept = 0
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(("word", "weight"))
        for word in words:
            weight = word_frequency(word, "pt")
            if weight >= MIN_FREQUENCY:
                writer.writerow((word, repr(weight)))
                kept += 1
    return len(words), kept


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="wordkit-portuguese-") as scratch:
        raw = Path(scratch) / "portuguese-raw.csv"
        read, kept = dump_raw(raw)
        print(
            f"build_portuguese: {read:,} lowercase entries, {kept:,} with frequency "
            f">= {MIN_FREQUENCY:g}",
            file=sys.stderr,
        )
        options = [
            "--column",
            "word",
            "--weight-column",
            "weight",
            "--min-length",
            str(MIN_LENGTH),
            "--max-length",
            str(MAX_LENGTH),
        ]
        rows = write_prepared("build_portuguese", raw, OUTPUT, options, ["word", "weight"])
    five = sum(1 for row in rows if len(row[0]) == 5)
    print(
        f"build_portuguese: wrote {len(rows):,} words ({five:,} of five letters) "
        f"to {OUTPUT.relative_to(ROOT)}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
