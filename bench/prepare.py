"""Benchmark `prepare` on seed 002's worldcities.csv: the seed's figure and the time it takes."""

from __future__ import annotations

import json
import time
from pathlib import Path

from wordkit.prepare import PrepareOptions, prepare
from wordkit.tables import read_raw

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "data" / "cities" / "worldcities.csv"
RESULTS = ROOT / "bench" / "results" / "prepare.json"


def main() -> None:
    """Time reading and cleaning worldcities.csv with seed 002's rules; print and save figures."""
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
        "passed_filters (seed 002: 5,011)": report.passed_filters,
        "kept after merging duplicates": report.kept,
        "tanzanian": int((table["category"] == "TZ").sum()),
        "read_seconds": round(read_s, 3),
        "prepare_seconds": round(prepare_s, 3),
    }
    RESULTS.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print("| figure | value |\n|---|---|")
    for key, value in figures.items():
        print(f"| {key} | {value} |")


if __name__ == "__main__":
    main()
