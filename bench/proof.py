"""The full exact proof on the original lists: every one of the 12,972 allowed openers
searched, SALET exact and every other opener proven unable to beat it; the ranking, the time
each opener took, and the projection to more cores. Hard mode: a seeded sample, projected.

Usage: .venv/bin/python bench/proof.py [--data DIR] [--jobs N] [--hard-sample N] [--summary]

The run is `wordkit stats wordle --answers answers.txt --guesses allowed.txt --strategy optimal
--openers all --jobs N --records bench/results/proof/normal.jsonl` (the running cutoff: each
opener is cut at the best exact total so far + 1). Its records are the full ranking, one JSON
line an opener with its seconds; stopped at any point, the same command resumes from them.
`--summary` only reads the records and rewrites the tables. The projection to C cores divides
the CPU seconds of the openers by C; an opener is one task, so the slowest one is a floor.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _readme import write_tables  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wordle"
WORDKIT = str(ROOT / ".venv" / "bin" / "wordkit")
FOLDER = ROOT / "bench" / "results" / "proof"
RESULTS = ROOT / "bench" / "results" / "proof.json"
BEST = {False: ("salet", 7920), True: ("salet", 8122)}
"""The proven optimum of each mode (published exact solvers), which the proof must give."""
CORES = (2, 16, 100)
BINS = (0.2, 0.5, 1, 2, 5, 10, 30, 60, 300, float("inf"))


def run(data: Path, jobs: int, hard: bool, openers: str, records: Path, cutoff: int | None) -> dict:
    """One `stats wordle --openers` run into `records` (resumed when it holds some): wall and
    CPU seconds, the load around it."""
    lists = ["--answers", str(data / "answers.txt"), "--guesses", str(data / "allowed.txt")]
    args = ["--strategy", "optimal", "--openers", openers, "--jobs", str(jobs)]
    args += ["--hard"] if hard else []
    args += ["--cutoff", str(cutoff)] if cutoff is not None else []
    argv = [
        WORDKIT,
        "stats",
        "wordle",
        *lists,
        *args,
        "--records",
        str(records),
        "--format",
        "json",
    ]
    load_before = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} failed: {done.stderr.strip()[-400:]}")
    return {
        "command": "wordkit stats wordle --answers answers.txt --guesses allowed.txt "
        + shlex.join([*args, "--records", records.name]),
        "wall_seconds": round(seconds, 1),
        "cpu_seconds": round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime),
        "peak_mb": round(after.ru_maxrss / 1024),
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
    }


def rows(records: Path) -> list[dict[str, Any]]:
    """The openers of a records file (its header skipped)."""
    lines = records.read_text(encoding="utf-8").splitlines()[1:] if records.exists() else []
    return [json.loads(line) for line in lines if line.strip()]


def summary(found: list[dict[str, Any]], hard: bool, total_openers: int) -> dict[str, Any]:
    """What the records prove, and how long each opener took."""
    best, value = BEST[hard]
    exact = sorted((r for r in found if r["exact"]), key=lambda r: (r["total"], r["opener"]))
    bounds = [r for r in found if not r["exact"]]
    times = sorted(r["seconds"] for r in found)
    cpu = sum(times)
    top = exact[0] if exact else None
    histogram, low = {}, 0.0
    for high in BINS:
        histogram[f"{low:g}-{high:g} s"] = sum(low <= t < high for t in times)
        low = high
    slowest = sorted(found, key=lambda r: -r["seconds"])[:10]
    return {
        "openers": len(found),
        "of": total_openers,
        "best": None if top is None else {"opener": top["opener"], "total": top["total"]},
        "best_is_the_proven_optimum": top is not None
        and (top["opener"], top["total"])
        == (
            best,
            value,
        ),
        "exact": len(exact),
        "bounds": len(bounds),
        "every_other_proven_worse": all(
            r["total"] is None or r["total"] > value for r in found if r["opener"] != best
        ),
        "cpu_seconds_openers": round(cpu, 1),
        "seconds_median": times[len(times) // 2] if times else None,
        "seconds_p99": times[int(0.99 * (len(times) - 1))] if times else None,
        "seconds_max": times[-1] if times else None,
        "histogram": histogram,
        "slowest": [(r["opener"], r["seconds"], r["total"], r["exact"]) for r in slowest],
        "top_exact": [(r["opener"], r["total"]) for r in exact[:10]],
        "projected_hours": {
            str(c): round(max(cpu * total_openers / max(1, len(found)) / c, times[-1]) / 3600, 3)
            for c in CORES
        }
        if times
        else {},
    }


def hard_sample(data: Path, count: int, jobs: int) -> dict[str, Any]:
    """Hard mode on `count` allowed openers drawn with seed 8122 (SALET among them), cut at
    8,123: the measured seconds projected to all 12,972."""
    from wordkit.wordle.lists import read_words

    words = sorted(set(read_words(data / "allowed.txt")))
    chosen = sorted(set(random.Random(8122).sample(words, count)) | {"salet"})
    with tempfile.TemporaryDirectory() as tmp:
        listing, records = Path(tmp) / "openers.txt", FOLDER / "hard-sample.jsonl"
        listing.write_text("\n".join(chosen) + "\n")
        times = run(data, jobs, True, str(listing), records, BEST[True][1] + 1)
    times["command"] = times["command"].replace(str(listing), f"random-{count}.txt")
    return {"run": times, **summary(rows(records), True, len(words))}


def markdown(results: dict[str, Any]) -> str:
    """The tables for docs/benchmarks.md."""
    lines: list[str] = []
    for mode in ("normal", "hard"):
        section = results.get(mode)
        if not section:
            continue
        run = section.get("run", {})
        best = section["best"] or {}
        lines += [
            f"**{mode} mode**: `{run.get('command', '')}`",
            "",
            f"- openers searched: {section['openers']:,} of {section['of']:,}; best "
            f"{best.get('opener', '?').upper()} {best.get('total', 0):,} exact "
            f"(the proven optimum: {'yes' if section['best_is_the_proven_optimum'] else 'NO'}); "
            f"every other opener proven worse: "
            f"{'yes' if section['every_other_proven_worse'] else 'NO'} "
            f"({section['exact']:,} exact, {section['bounds']:,} cut at the cutoff)",
            f"- wall {run.get('wall_seconds', 0):,.0f} s with `--jobs {run.get('jobs', 2)}`, "
            f"{section['cpu_seconds_openers']:,.0f} CPU s over the openers; per opener: "
            f"median {section['seconds_median']} s, p99 {section['seconds_p99']} s, "
            f"max {section['seconds_max']} s; peak {run.get('peak_mb', 0)} MB a process; "
            f"load {run.get('load_before', 0):.2f} before",
            "- projected wall hours (CPU seconds / cores, at least the slowest opener): "
            + ", ".join(f"{c} cores {h}" for c, h in section["projected_hours"].items()),
            "",
            "| seconds an opener | openers |",
            "|---|---:|",
            *[f"| {span} | {n:,} |" for span, n in section["histogram"].items() if n],
            "",
            "Slowest: "
            + ", ".join(f"{o.upper()} {s:g} s" for o, s, _, _ in section["slowest"][:5])
            + ". Exact totals under the cutoff: "
            + ", ".join(f"{o.upper()} {t:,}" for o, t in section["top_exact"]),
            "",
        ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Run (or resume) the proof and the hard sample; write the results and tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hard-sample", type=int, default=200)
    parser.add_argument("--sections", default="normal,hard")
    parser.add_argument("--summary", action="store_true", help="Only re-read the records.")
    args = parser.parse_args(argv)
    FOLDER.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = json.loads(RESULTS.read_text()) if RESULTS.is_file() else {}
    sections = args.sections.split(",")
    records = FOLDER / "normal.jsonl"
    if "normal" in sections:
        old = results.get("normal", {}).get("run")
        run_times = old if args.summary else run(args.data, args.jobs, False, "all", records, None)
        if run_times is not None:
            run_times["jobs"] = args.jobs
        results["normal"] = {"run": run_times, **summary(rows(records), False, 12_972)}
    if "hard" in sections and not args.summary:
        results["hard"] = hard_sample(args.data, args.hard_sample, args.jobs)
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    write_tables(RESULTS, "python bench/proof.py", markdown(results))
    print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
