"""Rebuild the policy books shipped for the built-in `english` table (both priors, 6 lives).

Usage: python scripts/build_books.py [--jobs N]. Each book is the default AI's searched move in
every state its own games reach when it plays every word of the table; building one takes
minutes per prior. Stale books (another version or table) are removed from the package.
"""

from __future__ import annotations

import argparse
import time

from wordkit import tables
from wordkit.hangman.book import SHIPPED, book_name, build_book
from wordkit.hangman.lexicon import Prior, lexicon_from_table, pool_for
from wordkit.hangman.rules import Rules


def main() -> None:
    """Build both books into the disk cache and copy them into the package."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    from wordkit import cache

    lexicon = lexicon_from_table(tables.load_table("english"))
    rules = Rules()
    keep: set[str] = set()
    priors: tuple[Prior, ...] = ("uniform", "weight")
    for prior in priors:
        pool = pool_for(lexicon, prior=prior)
        started = time.perf_counter()
        built = build_book(pool, rules, jobs=args.jobs)
        name = book_name(pool, rules)
        data = cache.read_cached(name)
        if data is None:
            raise SystemExit(f"the {prior} book was not written to the cache")
        (SHIPPED / name).write_bytes(data)
        keep.add(name)
        seconds = time.perf_counter() - started
        print(f"{prior}: {built.states} states, {len(data)} bytes, {seconds:.0f} s -> {name}")
        print(f"  its games: {built.won} of {built.games} won; by length {built.by_length}")
    for stale in SHIPPED.glob("hangman-book-*.json.z"):
        if stale.name not in keep:
            stale.unlink()
            print(f"removed {stale.name}")


if __name__ == "__main__":
    main()
