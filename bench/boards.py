"""Several boards at once: Dordle, Quordle, Octordle and Sedecordle on the original lists.

Usage: .venv/bin/python bench/boards.py [--data DIR] [--sample N] [--seed S] [--boards 2,4,8,16]
                                        [--jobs J]

Reads ../shared/data/wordle/{answers,allowed}.txt at run time (never copied into the repo),
plays N games per variant (each a tuple of distinct answers drawn with the seed, as
`wordkit stats wordle --boards B --sample N --seed S --answers ... --guesses ...` does), and
writes bench/results/boards.json and boards.md (the README table), beside doddle 1.6.0's
means on the same variants (measured on this machine with bench/doddle.sh).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
COMMAND = "python bench/boards.py --sample 500 --seed 1"

from _readme import write_tables  # noqa: E402

from wordkit import cache  # noqa: E402
from wordkit.wordle import Session  # noqa: E402
from wordkit.wordle.boards import VARIANTS  # noqa: E402
from wordkit.wordle.lists import load_wordle  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wordle"
DODDLE = {2: "4.905", 4: "7.02", 8: "10.80", 16: "18.30"}
"""doddle 1.6.0's mean guesses on the same variants (the issue's figures)."""


def markdown(results: list[dict[str, object]]) -> str:
    """The README table of the results."""
    lines = [
        "| variant | boards | guesses allowed | games (seed) | won | mean guesses | max "
        "| doddle 1.6.0 mean |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r['variant']} | {r['boards']} | {r['guesses_allowed']} | {r['games']} "
            f"({r['seed']}) | {100 * float(r['win_rate']):.1f}% | {float(r['mean_guesses']):.3f} "
            f"| {r['max_guesses']} | {DODDLE.get(int(str(r['boards'])), '')} |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--sample", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boards", default="2,4,8,16")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "boards.json")
    args = ap.parse_args()
    game = load_wordle(args.data / "answers.txt", args.data / "allowed.txt")
    results: list[dict[str, object]] = []
    for boards in (int(b) for b in args.boards.split(",")):
        began = time.perf_counter()
        session = Session(
            game=game, boards=boards, sample=args.sample, seed=args.seed, jobs=args.jobs
        )
        summary = session.stats().summary
        row = {
            "variant": VARIANTS[boards],
            "boards": boards,
            "games": summary.games,
            "seed": args.seed,
            "guesses_allowed": summary.options["guesses_allowed"],
            "opener": summary.options["opener"],
            "wins": summary.wins,
            "win_rate": summary.win_rate,
            "mean_guesses": round(summary.mean_guesses, 4),
            "max_guesses": summary.max_guesses,
            "histogram": summary.histogram,
            "doddle_mean": float(DODDLE[boards]) if boards in DODDLE else None,
            "seconds": round(time.perf_counter() - began, 1),
            "load_average": round(os.getloadavg()[0], 2),
        }
        results.append(row)
        print(json.dumps(row), flush=True)
    cache.atomic_write(args.out, json.dumps(results, indent=1) + "\n")
    write_tables(args.out, COMMAND, markdown(results))


if __name__ == "__main__":
    main()
