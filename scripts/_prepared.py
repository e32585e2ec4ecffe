"""The last step of the build scripts that clean a raw CSV with `wordkit prepare`: run it, sort
the rows by word and write the table in one atomic step."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

from wordkit.cache import atomic_write

ROOT = Path(__file__).resolve().parent.parent


def write_prepared(
    script: str, raw: Path, output: Path, options: list[str], header: list[str]
) -> list[list[str]]:
    """`python -m wordkit prepare raw OPTIONS`, its rows sorted by word and written to `output`
    (mode 0644); the rows. Any failure ends the script with one line naming it."""
    prepared = raw.with_name(raw.stem + "-prepared.csv")
    command = [sys.executable, "-m", "wordkit", "prepare", str(raw), *options]
    result = subprocess.run([*command, "--format", "csv", "-o", str(prepared)], cwd=ROOT)
    if result.returncode != 0:
        sys.exit(f"{script}: `wordkit prepare` failed with exit code {result.returncode}")
    with prepared.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        found = next(reader)
        rows = sorted(reader, key=lambda row: row[0])
    if found != header:
        sys.exit(f"{script}: unexpected columns from wordkit prepare: {found}")
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    atomic_write(output, text.getvalue().encode("utf-8"), mode=0o644)
    return rows
