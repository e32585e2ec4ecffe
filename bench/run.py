"""Run wordkit's benchmarks: `python bench/run.py [NAME ...]` (default: every bench/*.py)."""

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


def main(argv: list[str]) -> int:
    """Run the named benchmarks (or all) one after another; stop at the first failure."""
    names = argv or benchmarks()
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
