"""Rebuild the policy books shipped for the built-in `english` and `categories` tables (both
priors, 6 lives), so neither `solve` nor `stats` on them ever builds one.

Usage: python scripts/build_books.py [--jobs N] [--tables NAME ...]. Each book is the default
AI's searched move in every state its own games reach when it plays every word of the table;
building one takes seconds (categories) to minutes (english) per prior. `--tables` rebuilds only
those tables' books. Stale books (another version or table) are removed from the package.
"""

from __future__ import annotations

import argparse
import time

from wordkit import tables
from wordkit.hangman.book import SHIPPED, book_name, build_book
from wordkit.hangman.lexicon import Prior, lexicon_from_columns, pool_for
from wordkit.hangman.rules import Rules

SHIPPED_TABLES = ("english", "categories")
PRIORS: tuple[Prior, ...] = ("uniform", "weight")


def main() -> None:
    """Build the books into the disk cache and copy them into the package."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tables", nargs="+", choices=SHIPPED_TABLES, default=SHIPPED_TABLES)
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    from wordkit import cache

    rules = Rules()
    keep: set[str] = set()
    for table in SHIPPED_TABLES:
        lexicon = lexicon_from_columns(tables.load_columns(table))
        for prior in PRIORS:
            pool = pool_for(lexicon, prior=prior)
            name = book_name(pool, rules)
            keep.add(name)
            if table not in args.tables:
                continue
            started = time.perf_counter()
            built = build_book(pool, rules, jobs=args.jobs)
            data = cache.read_cached(name)
            if data is None:
                raise SystemExit(f"the {table} {prior} book was not written to the cache")
            (SHIPPED / name).write_bytes(data)
            seconds = time.perf_counter() - started
            print(
                f"{table} {prior}: {built.states} states, {len(data)} bytes, {seconds:.0f} s "
                f"-> {name}"
            )
            print(f"  its games: {built.won} of {built.games} won; by length {built.by_length}")
    for stale in SHIPPED.glob("hangman-book-*.json.z"):
        if stale.name not in keep:
            stale.unlink()
            print(f"removed {stale.name}")


if __name__ == "__main__":
    main()
