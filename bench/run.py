"""Run wordkit's benchmarks: `python bench/run.py [NAME ...]` (default: every bench/*.py).

When every benchmark run passes, their tables (bench/results/NAME.md) are copied into
docs/benchmarks.md; `python bench/run.py --tables-only` copies them without running anything."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def benchmarks() -> list[str]:
    """The names of the benchmark scripts beside this one."""
    return sorted(
        p.stem for p in HERE.glob("*.py") if p.stem != "run" and not p.stem.startswith("_")
    )


def write_tables() -> int:
    """Copy every bench's tables into docs/benchmarks.md (bench/_readme.py)."""
    return subprocess.call([sys.executable, str(HERE / "_readme.py")])


def main(argv: list[str]) -> int:
    """Run the named benchmarks (or all) one after another, stopping at the first failure,
    then write their tables into docs/benchmarks.md."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all)")
    parser.add_argument(
        "--tables-only", action="store_true", help="copy the saved tables, run nothing"
    )
    args = parser.parse_args(argv)
    if args.tables_only:
        return write_tables()
    names = args.names or benchmarks()
    unknown = sorted(set(names) - set(benchmarks()))
    if unknown:
        print(f"Error: unknown benchmark {', '.join(unknown)}; have: {', '.join(benchmarks())}")
        return 1
    for name in names:
        print(f"== bench/{name}.py", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, str(HERE / f"{name}.py")])
        print(f"== bench/{name}.py: exit {code} in {time.perf_counter() - start:.1f} s", flush=True)
        if code:
            return code
    return write_tables()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
