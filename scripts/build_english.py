"""Build wordkit/data/english.csv: a general English dictionary with word-frequency weights.

Sources and licences:

* Words: SCOWL (Spell Checker Oriented Word Lists) 2020.12.07 by Kevin Atkinson, as installed
  by the **Debian package `scowl`** into /usr/share/dict/scowl/ (`apt-get install scowl`).
  Licence: the SCOWL permissive licence (MIT-like: "Permission to use, copy, modify,
  distribute and sell these word lists ... provided that the above copyright notice appears
  in all copies"); see /usr/share/doc/scowl/copyright. This is NOT a PyPI package: this
  script stops with a clear message when /usr/share/dict/scowl is missing.
* Weights: `wordfreq.word_frequency(word, "en")` from the `wordfreq` PyPI package (code
  Apache-2.0; its frequency data CC BY-SA 4.0, with attribution to its sources).

Why SCOWL rather than the PyPI `english-words` package: that package offers only `web2`
(Webster's 2nd, 1934: no plurals or verb forms at all, and full of archaic words) and
`gcide` (nearly every headword capitalised, so proper nouns cannot be told apart, plus
multi-word entries). SCOWL keeps inflected forms, keeps proper names, abbreviations,
contractions and Roman numerals in separate files, and marks its sizes by how common
a word is.

Rules:

1. Take SCOWL's `english-words`, `american-words` and `variant_1-words` lists (American
   spelling plus its common variants) of sizes 10 to 60; SCOWL's author recommends size 60
   as the largest without misspellings. The `proper-names`, `upper`, `abbreviations`,
   `contractions` and `special-*` lists are not read at all.
2. Strip accents ("café" -> "cafe", "étude" -> "etude"), then keep words of lowercase a-z
   only (this drops the possessives "cat's"), 2 to 15 letters long.
3. Drop the plurals of letter names ("ms", "ts", "es"): two-letter words ending in s other
   than as, is, us.
4. Keep words whose wordfreq English frequency is at least 1e-7 (Zipf 2.0), i.e. that occur
   at least once in ten million words of wordfreq's corpora.

Output: word,weight with weight = wordfreq frequency, sorted by word, written atomically.

Run from the repository root: .venv/bin/python scripts/build_english.py
"""

from __future__ import annotations

import csv
import os
import re
import sys
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "wordkit" / "data" / "english.csv"
SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
AMERICAN = ("english-words", "american-words", "variant_1-words")
ENGLISH_MAX_SIZE = 60
MIN_LENGTH = 2
MAX_LENGTH = 15
MIN_FREQUENCY = 1e-7
LETTERS = re.compile(r"[a-z]+")
TWO_LETTER_S_WORDS = frozenset({"as", "is", "us"})


def require_scowl() -> Path:
    """The SCOWL directory, or exit with instructions when the Debian package is missing."""
    if not (SCOWL_DIR / "english-words.10").is_file():
        sys.exit(
            f"{Path(sys.argv[0]).name}: SCOWL word lists not found in {SCOWL_DIR}.\n"
            "They come from the Debian/Ubuntu package `scowl` (not from PyPI); install it with:\n"
            "    sudo apt-get install scowl"
        )
    return SCOWL_DIR


def scowl_words(categories: Iterable[str], max_size: int) -> dict[str, int]:
    """The a-z words of the given SCOWL lists up to `max_size`, each with its smallest size."""
    directory = require_scowl()
    found: dict[str, int] = {}
    for category in categories:
        for size in SCOWL_SIZES:
            if size > max_size:
                break
            path = directory / f"{category}.{size}"
            if not path.is_file():
                continue
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                word = fold_accents(line.strip())
                if LETTERS.fullmatch(word) and size < found.get(word, 999):
                    found[word] = size
    if not found:
        sys.exit(f"{Path(sys.argv[0]).name}: no words read from {directory} ({list(categories)})")
    return found


def fold_accents(word: str) -> str:
    """`word` without its accents ("café" -> "cafe"); other characters are kept as they are."""
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def english_frequency(word: str) -> float:
    """The wordfreq frequency of `word` in English (0.0 when wordfreq does not know it)."""
    from wordfreq import word_frequency

    return float(word_frequency(word, "en"))


def require_wordfreq() -> None:
    """Exit with instructions when the wordfreq package is missing."""
    try:
        import wordfreq  # noqa: F401
    except ImportError:
        sys.exit(
            f"{Path(sys.argv[0]).name}: the wordfreq package is missing; "
            'install the data extras with: .venv/bin/pip install -e ".[data]"'
        )


def is_letter_plural(word: str) -> bool:
    """Two-letter 'words' that are plurals of letter names, such as ms, ts and es."""
    return len(word) == 2 and word.endswith("s") and word not in TWO_LETTER_S_WORDS


def write_table(path: Path, rows: Sequence[tuple[str, float]]) -> None:
    """Write `word,weight` rows sorted by word to `path` via a temp file and os.replace."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(["word", "weight"])
            for word, weight in sorted(rows):
                writer.writerow([word, repr(weight)])
        tmp.chmod(0o644)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def length_counts(words: Iterable[str]) -> str:
    """A one-line summary of how many words there are of each length."""
    counts = Counter(len(word) for word in words)
    return ", ".join(f"{length}:{counts[length]}" for length in sorted(counts))


def build_english() -> list[tuple[str, float]]:
    """The english.csv rows: (word, wordfreq frequency)."""
    require_wordfreq()
    candidates = scowl_words(AMERICAN, ENGLISH_MAX_SIZE)
    rows: list[tuple[str, float]] = []
    for word in candidates:
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH or is_letter_plural(word):
            continue
        frequency = english_frequency(word)
        if frequency >= MIN_FREQUENCY:
            rows.append((word, frequency))
    return sorted(rows)


def main() -> None:
    rows = build_english()
    write_table(OUTPUT, rows)
    print(
        f"build_english: wrote {len(rows):,} words to {OUTPUT.relative_to(ROOT)}", file=sys.stderr
    )
    print(f"build_english: words per length: {length_counts(w for w, _ in rows)}", file=sys.stderr)


if __name__ == "__main__":
    main()
