"""The exact optimum of classic Hangman per word length of `english`, beside `best` and `coverage`.

Usage: .venv/bin/python bench/hangman_optimum.py [--seconds S] [--jobs N] [--only SECTION ...]
       [--lengths N ...] [--tables-only] [--strategies-only]

Sections: english (wordkit/data/english.csv: every word once, 6 lives, classic, uniform prior,
the game of `wordkit stats hangman --words english`; `best` and `coverage` play every word, then
the exact search runs per length within --seconds, its floor the better strategy's wins: a
length it does not finish is reported as bounds, never as a number), codewords
(../shared/data/codewords/words.csv, read at run time: the known totals 2,217 of 2,274 rows and
2,145 of 2,198 distinct words must come out).
Writes bench/results/hangman_optimum.json and .md (the README region).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402
from _readme import write_tables  # noqa: E402

from wordkit import tables  # noqa: E402
from wordkit.hangman.lexicon import lexicon_from_table, pool_for  # noqa: E402
from wordkit.hangman.optimum import exact_optimum, one_length  # noqa: E402
from wordkit.hangman.play import hangman_stats  # noqa: E402

CODEWORDS = ROOT.parent / "shared" / "data" / "codewords" / "words.csv"
STRATEGIES = ("best", "coverage")
SECTIONS = ("english", "codewords")
COMMAND = "python bench/hangman_optimum.py"


def english(seconds: float, jobs: int, lengths: list[int] | None) -> dict[str, Any]:
    """Per length: words, the strategies' wins, the exact optimum or its bounds."""
    table = tables.load_table("english")
    out: dict[str, Any] = {"seconds_budget": seconds, "lengths": {}}
    out["strategies"], wins = strategy_wins(table, jobs)
    pool = pool_for(lexicon_from_table(table), prior="uniform")
    enc = pool.lexicon.enc
    for length in sorted({int(x) for x in enc.lengths[pool.ids]}):
        if lengths and length not in lengths:
            continue
        words = [enc.words[i] for i in pool.ids[enc.lengths[pool.ids] == length]]
        floor = max(w[length] for w in wins.values())
        load = os.getloadavg()[0]
        result = one_length(
            words, [1] * len(words), lives=6, searched=True, seconds=seconds, floor=floor
        )
        row = {
            "words": len(words),
            "optimum": result.won,
            "lower": result.lower,
            "upper": result.upper,
            "seconds": round(result.seconds, 2),
            "budget_s": seconds,
            "nodes": result.nodes,
            "load_before": round(load, 2),
            **{name: wins[name][length] for name in STRATEGIES},
        }
        out["lengths"][str(length)] = row
        print(f"{length}: {row}", file=sys.stderr, flush=True)
    return out


def strategy_wins(
    table: pd.DataFrame, jobs: int
) -> tuple[dict[str, Any], dict[str, dict[int, int]]]:
    """Each strategy's totals over every word once, and its wins per length."""
    totals: dict[str, Any] = {}
    wins: dict[str, dict[int, int]] = {}
    for name in STRATEGIES:
        stats = hangman_stats(table, strategy=name, prior="uniform", jobs=jobs).summary
        wins[name] = {int(k): int(v["wins"]) for k, v in stats.by_length.items()}
        seconds = round(stats.seconds, 2)
        totals[name] = {"games": stats.games, "wins": stats.wins, "seconds": seconds}
    return totals, wins


def replay_strategies(results: dict[str, Any], jobs: int) -> None:
    """Play the strategies again and update their columns, keeping every length's search."""
    section = results.get("english", {})
    if "lengths" not in section:
        raise SystemExit("Error: no english search to update yet: run the english section first")
    totals, wins = strategy_wins(tables.load_table("english"), jobs)
    section["strategies"] = totals
    for length, row in section["lengths"].items():
        row.update({name: wins[name][int(length)] for name in STRATEGIES})


def codewords(seconds: float, jobs: int, lengths: list[int] | None) -> dict[str, Any]:
    """CodeWords' optimum, rows and distinct words (the known totals)."""
    del jobs, lengths
    if not CODEWORDS.is_file():
        return {"skipped": f"{CODEWORDS} is absent"}
    table = pd.read_csv(CODEWORDS, dtype=str, keep_default_na=False)
    out: dict[str, Any] = {}
    for key, per_row in (("rows", True), ("distinct", False)):
        started = time.perf_counter()
        optimum = exact_optimum(table, lives=6, max_words=None, per_row=per_row, seconds=seconds)
        out[key] = {
            "words": optimum.words,
            "won": optimum.won,
            "complete": optimum.complete,
            "seconds": round(time.perf_counter() - started, 2),
        }
    return out


def pct(x: float) -> str:
    """A rate as a percentage."""
    return f"{100 * x:.2f}%"


def markdown(results: dict[str, Any]) -> str:
    """The results as the README's table."""
    en = results.get("english", {})
    lines: list[str] = []
    if en.get("lengths"):
        lines += [
            "`english`, every word once, 6 lives, classic, uniform prior (the game of "
            "`wordkit stats hangman --words english`): the most words any strategy wins per "
            "length, each searched within a time budget; a length not finished shows its "
            "bounds (at least what `best` or `coverage` won):",
            "",
            "| length | words | optimum | win rate | s (budget) | best | coverage "
            "| optimum − best |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for length, r in sorted(en["lengths"].items(), key=lambda kv: int(kv[0])):
            n = r["words"]
            budget = f"{r.get('budget_s', en['seconds_budget']):,g}"
            if r["optimum"] is not None:
                opt, rate = f"{r['optimum']:,}", pct(r["optimum"] / n)
                gap, secs = str(r["optimum"] - r["best"]), f"{r['seconds']} ({budget})"
            else:
                opt = f"{r['lower']:,}–{r['upper']:,}"
                rate = f"{pct(r['lower'] / n)}–{pct(r['upper'] / n)}"
                gap = f"{max(0, r['lower'] - r['best'])}–{r['upper'] - r['best']}"
                secs = f"> {r['seconds']} ({budget}, not finished)"
            lines.append(
                f"| {length} | {n:,} | {opt} | {rate} | {secs} | {r['best']:,} "
                f"| {r['coverage']:,} | {gap} |"
            )
        loads = ", ".join(
            f"{length}: {r['load_before']:g}"
            for length, r in sorted(en["lengths"].items(), key=lambda kv: int(kv[0]))
        )
        lines += ["", f"Load average as each length's search began: {loads}."]
        lines.append("")
    cw = results.get("codewords", {})
    if "rows" in cw:
        lines.append(
            f"CodeWords `words.csv` (`{COMMAND} --only codewords`): "
            f"{cw['rows']['won']:,} of {cw['rows']['words']:,} rows, "
            f"{cw['distinct']['won']:,} of {cw['distinct']['words']:,} distinct words "
            f"({cw['rows']['seconds']} s and {cw['distinct']['seconds']} s)."
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Run the chosen sections and merge them into the results file."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=300.0, help="Budget per length.")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--lengths", nargs="*", type=int, help="english lengths to search.")
    parser.add_argument("--tables-only", action="store_true", help="Rewrite the tables only.")
    parser.add_argument(
        "--strategies-only",
        action="store_true",
        help="Replay best and coverage on english; keep every length's search.",
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "bench" / "results" / "hangman_optimum.json"
    )
    args = parser.parse_args(argv)
    results: dict[str, Any] = json.loads(args.out.read_text()) if args.out.is_file() else {}
    if args.strategies_only:
        replay_strategies(results, args.jobs)
        args.out.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    elif not args.tables_only:
        runners = {"english": english, "codewords": codewords}
        for section in args.only:
            print(f"-- {section}", file=sys.stderr, flush=True)
            before = os.getloadavg()[0]
            started = time.perf_counter()
            found = runners[section](args.seconds, args.jobs, args.lengths)
            if args.out.is_file():  # another run may have written its lengths meanwhile
                results = json.loads(args.out.read_text())
            if section == "english" and args.lengths:
                before_rows = results.get(section, {}).get("lengths", {})
                for row in before_rows.values():  # kept rows keep the budget they ran with
                    row.setdefault("budget_s", results[section]["seconds_budget"])
                found["lengths"] = {**before_rows, **found["lengths"]}
            results[section] = found
            results[section]["wall_seconds"] = round(time.perf_counter() - started, 1)
            results[section]["load_before"] = round(before, 2)
            results[section]["load_after"] = round(os.getloadavg()[0], 2)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            results[section]["peak_rss_mb"] = round(peak / 1024, 1)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print(markdown(results))
    write_tables(args.out, COMMAND, markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
