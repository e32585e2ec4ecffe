"""Absurdle benchmark: the exact adversarial search on the original lists, normal and hard mode.

Usage: .venv/bin/python bench/absurdle.py [--data DIR] [--out FILE]

Reads ../shared/data/wordle/{answers,allowed}.txt at run time (never copied into the repo),
and the built-in lists (the wordle and wordle-guesses tables),
writes bench/results/absurdle.json (and absurdle.md for the README) and prints a markdown
table: the fewest guesses that force a win against wordkit's Absurdle host, the plan, and
the proof that one guess fewer cannot win (the search is iterative deepening).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
COMMAND = "python bench/absurdle.py"

import numpy as np  # noqa: E402
from _readme import write_tables  # noqa: E402

from wordkit import cache  # noqa: E402
from wordkit.wordle.adversary import AbsurdleSearch, beat_absurdle  # noqa: E402
from wordkit.wordle.lists import load_wordle, make_wordle, select_lists  # noqa: E402
from wordkit.wordle.rules import pattern_str  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wordle"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "absurdle.json")
    args = ap.parse_args()
    began = time.perf_counter()
    game = load_wordle(args.data / "answers.txt", args.data / "allowed.txt")
    load_seconds = time.perf_counter() - began
    results: dict = {
        "command": COMMAND,
        "load_seconds": round(load_seconds, 3),
        "runs": {},
    }
    rows = []
    # Absurdle keeps its own answer list: the built-in answers table, every one alike (with
    # every allowed word a possible answer, the search did not finish in 20 minutes).
    builtin = select_lists()
    table = make_wordle(builtin.guesses, builtin.secrets)
    runs = [
        ("original (`--answers answers.txt --guesses allowed.txt`)", game, hard)
        for hard in (False, True)
    ]
    runs += [("built-in (`--answers wordle`)", table, hard) for hard in (False, True)]
    for lists, game, hard in runs:
        win = beat_absurdle(game, hard=hard)
        # The proof, timed alone: no plan of one guess fewer shrinks the answers to one.
        t = time.perf_counter()
        legal = np.ones(len(game.guesses), dtype=bool) if hard else None
        shorter = AbsurdleSearch(game).shrinks(game.all_answers(), legal, win.guesses - 2)
        proof_seconds = time.perf_counter() - t
        assert shorter is None
        plan = [f"{g} {pattern_str(p, game.length, 'letters')}" for g, p in win.turns]
        mode = "hard" if hard else "normal"
        results["runs"][f"{lists} {mode}"] = {
            "lists": {"answers": len(game.answers), "guesses": len(game.guesses)},
            "guesses": win.guesses,
            "impossible": win.guesses - 1,
            "plan": plan,
            "answer": win.answer,
            "nodes": win.nodes,
            "seconds": round(win.seconds, 3),
            "proof_seconds": round(proof_seconds, 3),
        }
        rows.append(
            f"| {lists} | {mode} | {win.guesses} | {win.guesses - 1} guesses cannot win | "
            f"{', '.join(plan)} | {win.seconds:.2f} |"
        )
    markdown = "\n".join(
        [
            "| lists | mode | fewest guesses | proven | plan (guess feedback) | seconds |",
            "|---|---|---|---|---|---|",
            *rows,
        ]
    )
    cache.atomic_write(args.out, json.dumps(results, indent=1) + "\n")
    write_tables(args.out, COMMAND, markdown)
    print(markdown)


if __name__ == "__main__":
    main()
