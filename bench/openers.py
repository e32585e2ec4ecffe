"""Opener sweeps on the original lists: the exact top of the ranking, local shards against a
Dask cluster, an entropy sweep (a timed sample, projected), openers per core-hour.

Usage: .venv/bin/python bench/openers.py [--data DIR] [--out FILE] [--top N] [--hard-top N]
           [--sample N] [--sections a,b,...]

Every figure is measured by running the `wordkit stats wordle --openers ...` command shown
beside it (JSON output), so the bench measures what users run. Each section records the
machine's load average before and after it: the machine is shared, and wall times on a
loaded machine are not the machine's best. Sections already in the results file are kept
unless named again with --sections.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shlex
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wordle"
WORDKIT = str(ROOT / ".venv" / "bin" / "wordkit")
ALL_OPENERS = 12_972
# The proven optima (published exact solvers) that the sweep must reproduce.
PROVEN = {
    False: {
        "salet": 7920,
        "reast": 7923,
        "crate": 7926,
        "trace": 7926,
        "slate": 7928,
        "crane": 7930,
    },
    True: {"salet": 8122, "least": 8127, "reast": 8134},
}
SECTIONS = ("proven", "top", "top_hard", "entropy", "proof", "speedup")


def load() -> list[float]:
    """The 1, 5 and 15-minute load averages."""
    return [round(x, 2) for x in os.getloadavg()]


def stats(data: Path, *args: str) -> tuple[dict[str, Any], float, str]:
    """`wordkit stats wordle ARGS --format json` on the original lists: (its JSON, wall seconds,
    the command as typed)."""
    lists = ["--answers", str(data / "answers.txt"), "--guesses", str(data / "allowed.txt")]
    argv = [WORDKIT, "stats", "wordle", *lists, *args, "--format", "json"]
    shown = "wordkit stats wordle --answers answers.txt --guesses allowed.txt " + shlex.join(args)
    began = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"{shown} failed: {done.stderr.strip()}")
    return json.loads(done.stdout), seconds, shown


def figures(result: dict[str, Any]) -> list[tuple[str, int | None, bool]]:
    """(opener, total, exact) of each row, the ranking without times."""
    return [(r["opener"], r["total"], r["exact"]) for r in result["results"]]


def rows_of(result: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """The first `count` rows, short."""
    return [
        {k: r[k] for k in ("opener", "total", "exact", "mean", "max_guesses", "seconds")}
        for r in result["results"][:count]
    ]


def proven(data: Path) -> dict[str, Any]:
    """Exact optima of the proven openers, every value exact (--cutoff none)."""
    out: dict[str, Any] = {}
    for hard, expected in PROVEN.items():
        flags = ["--hard"] if hard else []
        words = ",".join(expected)
        before = load()
        result, seconds, shown = stats(
            data,
            "--openers",
            words,
            "--strategy",
            "optimal",
            "--cutoff",
            "none",
            "--jobs",
            "2",
            *flags,
        )
        got = {r["opener"]: r["total"] for r in result["results"]}
        out["hard" if hard else "normal"] = {
            "command": shown,
            "totals": got,
            "match_proven": got == expected,
            "seconds": round(seconds, 1),
            "load_before": before,
            "load_after": load(),
        }
    return out


def top(data: Path, count: int, hard: bool, compare: bool) -> dict[str, Any]:
    """`--openers top:N --strategy optimal` (the running cutoff) with --jobs 1, --jobs 2 and
    --cluster local:2: wall times, and the same exact top each time."""
    flags = ["--hard"] if hard else []
    base = ["--openers", f"top:{count}", "--strategy", "optimal", *flags]
    runs: dict[str, Any] = {}
    results = {}
    variants = [("jobs_2", ["--jobs", "2"])]
    if compare:  # the same sweep on one process and through a local Dask cluster
        variants = [
            ("jobs_1", ["--jobs", "1"]),
            *variants,
            ("cluster_local_2", ["--cluster", "local:2"]),
        ]
    for name, extra in variants:
        before = load()
        result, seconds, shown = stats(data, *base, *extra)
        results[name] = result
        exact = [r for r in result["results"] if r["exact"]]
        runs[name] = {
            "command": shown,
            "seconds": round(seconds, 1),
            "openers_per_core_hour": round(
                count / (seconds * (1 if name == "jobs_1" else 2)) * 3600
            ),
            "exact_openers": len(exact),
            "load_before": before,
            "load_after": load(),
        }
    first = results["jobs_1" if compare else "jobs_2"]
    best = [(r["opener"], r["total"]) for r in first["results"] if r["exact"]][:1]
    out: dict[str, Any] = {
        "openers": count,
        "hard": hard,
        "best": best,
        "top": rows_of(first, 10),
        "runs": runs,
        "same_best_everywhere": all(
            [(r["opener"], r["total"]) for r in res["results"] if r["exact"]][:1] == best
            for res in results.values()
        ),
    }
    if compare:
        out["speedup_jobs_2"] = round(runs["jobs_1"]["seconds"] / runs["jobs_2"]["seconds"], 2)
    return out


def entropy(data: Path, sample: int) -> dict[str, Any]:
    """The entropy strategy after a random sample of openers (seeded), timed with --jobs 1 and
    --jobs 2 (identical figures), projected to all 12,972; and the top 10 of the openers the
    cheap bound ranks first (top:N, where the entropy sweep's best lie)."""
    from wordkit.wordle.lists import read_words

    words = read_words(data / "allowed.txt")
    chosen = random.Random(13).sample(sorted(set(words)), sample)
    out: dict[str, Any] = {"sample": sample}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "openers.txt"
        path.write_text("\n".join(chosen) + "\n")
        results = {}
        for jobs in (1, 2):
            before = load()
            result, seconds, shown = stats(
                data, "--openers", str(path), "--strategy", "entropy", "--jobs", str(jobs)
            )
            results[jobs] = result
            out[f"jobs_{jobs}"] = {
                "command": shown.replace(str(path), f"sample-of-{sample}.txt"),
                "seconds": round(seconds, 1),
                "load_before": before,
                "load_after": load(),
            }
        per_core = sum(r["seconds"] for r in results[1]["results"]) / sample
    out["identical_jobs_1_2"] = figures(results[1]) == figures(results[2])
    out["speedup_jobs_2"] = round(out["jobs_1"]["seconds"] / out["jobs_2"]["seconds"], 2)
    out["seconds_per_opener_core"] = round(per_core, 3)
    out["openers_per_core_hour"] = round(3600 / per_core)
    out["projected_all_core_hours"] = round(ALL_OPENERS * per_core / 3600, 2)
    out["projected_all_hours_on_100_cores"] = round(ALL_OPENERS * per_core / 3600 / 100, 3)
    out["sample_best"] = rows_of(results[1], 5)
    return out


def proof(data: Path, sample: int, budget: float) -> dict[str, Any]:
    """The full exact proof, projected: a random sample of openers (seeded) against the cutoff
    7,921 (SALET's 7,920 + 1: proving every other opener cannot beat SALET, ties kept exact),
    timed per opener on one core each (--jobs 2). Stopped after `budget` seconds: the openers
    finished by then (streamed to a records file) are the timed sample."""
    from wordkit.wordle.lists import read_words

    words = sorted(set(read_words(data / "allowed.txt")) | set(read_words(data / "answers.txt")))
    chosen = random.Random(7920).sample(words, sample)
    with tempfile.TemporaryDirectory() as tmp:
        path, records = Path(tmp) / "openers.txt", Path(tmp) / "proof.jsonl"
        path.write_text("\n".join(chosen) + "\n")
        args = ["--openers", str(path), "--strategy", "optimal", "--cutoff", "7921"]
        lists = ["--answers", str(data / "answers.txt"), "--guesses", str(data / "allowed.txt")]
        argv = [WORDKIT, "stats", "wordle", *lists, *args, "--jobs", "2", "--records", str(records)]
        before = load()
        began = time.perf_counter()
        # Past the budget the run is stopped: the records hold every opener it finished.
        with contextlib.suppress(subprocess.TimeoutExpired):
            subprocess.run(argv, capture_output=True, text=True, check=False, timeout=budget)
        seconds = time.perf_counter() - began
        done = []
        for line in records.read_text().splitlines()[1:] if records.exists() else []:
            with contextlib.suppress(ValueError):  # a line cut short by the stop
                done.append(json.loads(line))
    times = sorted(r["seconds"] for r in done)
    per_core = sum(times) / max(1, len(times))
    shown = "wordkit stats wordle --answers answers.txt --guesses allowed.txt " + shlex.join(
        [*args, "--jobs", "2", "--records", "proof.jsonl"]
    )
    return {
        "command": shown.replace(str(path), f"random-{sample}.txt"),
        "sample": sample,
        "finished": len(done),
        "stopped_after_seconds": round(seconds, 1),
        "seconds_per_opener_core_mean": round(per_core, 2),
        "seconds_per_opener_core_median": round(times[len(times) // 2], 2) if times else None,
        "seconds_per_opener_core_max": round(times[-1], 2) if times else None,
        "below_cutoff": [r["opener"] for r in done if r["exact"]],
        "openers_per_core_hour": round(3600 / per_core) if times else None,
        "projected_all_core_hours": round(ALL_OPENERS * per_core / 3600, 1),
        "projected_all_hours_on_100_cores": round(ALL_OPENERS * per_core / 3600 / 100, 2),
        "note": "per-opener seconds are wall times of a worker on a shared, loaded machine",
        "load_before": before,
        "load_after": load(),
    }


def speedup(data: Path, count: int) -> dict[str, Any]:
    """--jobs 1 against --jobs 2 on a deterministic opener sweep (the fixed cutoff 7,921, so
    the figures must be identical): wall times, the ratio, and the load around each run."""
    base = ["--openers", f"top:{count}", "--strategy", "optimal", "--cutoff", "7921"]
    out: dict[str, Any] = {"openers": count}
    ranked = {}
    for jobs in (1, 2):
        before = load()
        result, seconds, shown = stats(data, *base, "--jobs", str(jobs))
        ranked[jobs] = figures(result)
        out[f"jobs_{jobs}"] = {
            "command": shown,
            "seconds": round(seconds, 1),
            "load_before": before,
            "load_after": load(),
        }
    out["identical"] = ranked[1] == ranked[2]
    out["speedup_jobs_2"] = round(out["jobs_1"]["seconds"] / out["jobs_2"]["seconds"], 2)
    return out


def entropy_top(data: Path, count: int) -> dict[str, Any]:
    """The entropy ranking's top 10 among the `count` openers the cheap bound ranks first."""
    before = load()
    result, seconds, shown = stats(
        data, "--openers", f"top:{count}", "--strategy", "entropy", "--jobs", "2"
    )
    return {
        "command": shown,
        "seconds": round(seconds, 1),
        "top_10": rows_of(result, 10),
        "load_before": before,
        "load_after": load(),
    }


def projection(results: dict[str, Any]) -> dict[str, Any]:
    """Openers per core-hour per strategy, and the full exact proof on 100 cores."""
    out: dict[str, Any] = {}
    top_runs = results.get("top", {}).get("runs", {})
    if "jobs_1" in top_runs:
        per_hour = top_runs["jobs_1"]["openers_per_core_hour"]
        out["optimal_openers_per_core_hour"] = per_hour
        hours = ALL_OPENERS / per_hour
        out["optimal_all_core_hours"] = round(hours, 1)
        out["optimal_all_hours_on_100_cores"] = round(hours / 100, 2)
        out["note_optimal"] = (
            "the cheap bound's top openers with the running cutoff (wall time of one process): "
            "neighbours share the memo, so these go fast; random openers take longer to "
            "dismiss (see optimal_proof_*)"
        )
    sample = results.get("proof", {})
    if "openers_per_core_hour" in sample:
        out["optimal_proof_openers_per_core_hour"] = sample["openers_per_core_hour"]
        out["optimal_proof_all_hours_on_100_cores"] = sample["projected_all_hours_on_100_cores"]
    ent = results.get("entropy", {})
    if "openers_per_core_hour" in ent:
        out["entropy_openers_per_core_hour"] = ent["openers_per_core_hour"]
        out["entropy_all_hours_on_100_cores"] = ent["projected_all_hours_on_100_cores"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "openers.json")
    parser.add_argument("--top", type=int, default=100, help="top:N of the optimal sweep")
    parser.add_argument("--hard-top", type=int, default=100, help="top:N in hard mode")
    parser.add_argument("--sample", type=int, default=200, help="openers in the entropy sample")
    parser.add_argument("--entropy-top", type=int, default=200, help="top:N for entropy's top 10")
    parser.add_argument("--proof-sample", type=int, default=60, help="openers for the proof")
    parser.add_argument("--proof-budget", type=float, default=3600, help="seconds for it")
    parser.add_argument("--speedup-top", type=int, default=24, help="top:N for --jobs 1 vs 2")
    parser.add_argument("--sections", default=",".join(SECTIONS))
    args = parser.parse_args()
    results: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {}
    results["cores"] = os.cpu_count()
    wanted = args.sections.split(",")
    sections = {
        "proven": lambda: proven(args.data),
        "top": lambda: top(args.data, args.top, hard=False, compare=True),
        "top_hard": lambda: top(args.data, args.hard_top, hard=True, compare=False),
        "entropy": lambda: (
            entropy(args.data, args.sample) | {"top": entropy_top(args.data, args.entropy_top)}
        ),
        "proof": lambda: proof(args.data, args.proof_sample, args.proof_budget),
        "speedup": lambda: speedup(args.data, args.speedup_top),
    }
    for name in SECTIONS:
        if name in wanted:
            results[name] = sections[name]()
            print(json.dumps({name: results[name]}, indent=1), flush=True)
            # Written after every section: a long bench interrupted keeps what it measured.
            results["projection"] = projection(results)
            args.out.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps(results["projection"], indent=1))


if __name__ == "__main__":
    main()
