"""The figure tables of docs/benchmarks.md come from here: each bench writes its tables as
markdown beside its results, bench/results/NAME.md, and `python bench/_readme.py` copies them
into docs/benchmarks.md between the markers `<!-- bench/results/NAME.md -->` and `<!-- end -->`
(`--check` only compares). `python bench/run.py` does the copy after its benchmarks pass."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
DOC = ROOT / "docs" / "benchmarks.md"
REGION = re.compile(r"(<!-- (bench/results/[\w.-]+\.md) -->\n)(.*?)(<!-- end -->)", re.DOTALL)


def write_tables(results: Path, command: str, markdown: str) -> Path:
    """Save a bench's tables beside its results file (NAME.json -> NAME.md), headed by the
    command that measured them: a run written elsewhere (`--out`) leaves the docs' tables alone."""
    path = results.with_suffix(".md")
    path.write_text(f"Measured by `{command}`.\n\n{markdown.strip()}\n", encoding="utf-8")
    return path


def regions(text: str) -> list[str]:
    """The bench table files that `text` has a marked region for, in order."""
    return [m.group(2) for m in REGION.finditer(text)]


def synced(text: str) -> str:
    """The text with every marked region replaced by its bench table file."""

    def fill(match: re.Match[str]) -> str:
        table = (ROOT / match.group(2)).read_text(encoding="utf-8")
        return f"{match.group(1)}{table}{match.group(4)}"

    return REGION.sub(fill, text)


def stale_regions(text: str) -> list[str]:
    """The bench table files whose marked region in `text` differs from the file."""
    return [
        m.group(2)
        for m in REGION.finditer(text)
        if m.group(3) != (ROOT / m.group(2)).read_text(encoding="utf-8")
    ]


def main(argv: list[str]) -> int:
    """Copy the tables into docs/benchmarks.md, or with --check list the stale ones (exit 1)."""
    text = DOC.read_text(encoding="utf-8")
    name = DOC.relative_to(ROOT)
    if "--check" in argv:
        stale = stale_regions(text)
        for table in stale:
            print(f"{name} is out of date with {table}: run python bench/_readme.py")
        return 1 if stale else 0
    new = synced(text)
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"updated {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
