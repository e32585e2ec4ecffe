"""Benchmark `prepare` on worldcities.csv as the city game cleans it (cities of 100,000 people or
more, ASCII names, the country as the category): figure and time."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from _readme import write_tables

from wordkit.prepare import PrepareOptions, prepare
from wordkit.tables import read_raw

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "data" / "cities" / "worldcities.csv"
RESULTS = ROOT / "bench" / "results" / "prepare.json"


def main() -> None:
    """Time cleaning worldcities.csv as the city game does; print and save."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--tables-only", action="store_true", help="write the saved results' tables, run nothing"
    )
    if parser.parse_args().tables_only:
        write_tables(RESULTS, "python bench/prepare.py", markdown(json.loads(RESULTS.read_text())))
        return
    if not SOURCE.is_file():
        print(f"skipped: {SOURCE} is not present")
        return
    start = time.perf_counter()
    frame = read_raw(str(SOURCE))
    read_s = time.perf_counter() - start
    options = PrepareOptions(
        column="city_ascii",
        weight_column="population",
        category_column="iso2",
        min_weight=100000,
        exact_ascii=True,
    )
    start = time.perf_counter()
    table, report = prepare(frame, options)
    prepare_s = time.perf_counter() - start
    figures = {
        "rows_in": report.rows_in,
        "passed_filters (the city agent: 5,011)": report.passed_filters,
        "kept after merging duplicates": report.kept,
        "tanzanian": int((table["category"] == "TZ").sum()),
        "read_seconds": round(read_s, 3),
        "prepare_seconds": round(prepare_s, 3),
    }
    RESULTS.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(write_tables(RESULTS, "python bench/prepare.py", markdown(figures)).read_text())


def markdown(figures: dict[str, object]) -> str:
    """The figures as a two-column table."""
    rows = "".join(f"| {key} | {value:,} |\n" for key, value in figures.items())
    return "| figure | value |\n|---|---:|\n" + rows


if __name__ == "__main__":
    main()
