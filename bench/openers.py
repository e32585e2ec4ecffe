"""Opener sweeps on the original lists: the exact top of the ranking, local shards against a
Dask cluster, an entropy sweep (a timed sample, projected), openers per core-hour.

Usage: .venv/bin/python bench/openers.py [--data DIR] [--out FILE] [--top N] [--hard-top N]
           [--sample N] [--sections a,b,...]

Every figure is measured by running the `wordkit stats wordle --openers ...` command shown
beside it (JSON output), so the bench measures what users run. Each run records the
machine's load average before and after it, its wall time, the CPU seconds of the command and
its worker processes (getrusage of the waited-for children), and each process's own CPU
seconds (sampled from /proc): the machine is shared, and the kernel's autogroup scheduler
gives each session one share of the CPUs however many processes it runs, so on a loaded
machine the CPU seconds per worker say what the wall times cannot. Sections already in the
results file are kept unless named again with --sections; the tables go to openers.md (the
README region).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
COMMAND = "python bench/openers.py"

from _readme import write_tables  # noqa: E402

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
SECTIONS = ("speedup", "proven", "top", "top_hard", "entropy", "proof")


def load() -> list[float]:
    """The 1, 5 and 15-minute load averages."""
    return [round(x, 2) for x in os.getloadavg()]


TICK = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) a live process has used, from /proc (None once gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / TICK


def process_peak_mb(pid: int) -> int | None:
    """The peak resident memory of a live process so far, in MB (None once gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
    return int(found.group(1)) // 1024 if found else None


def children(pid: int) -> list[int]:
    """The descendants of `pid` (its workers, and a cluster's workers under their nannies)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found + [grandchild for child in found for grandchild in children(child)]


def measured(argv: list[str]) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """Run `argv`: its result, and its wall seconds, CPU seconds (itself and its waited-for
    workers) and each process's CPU seconds (sampled every 0.2 s while it runs)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    per_process: dict[int, float] = {}
    peak_mb: dict[int, int] = {}

    def sample() -> None:
        while process.poll() is None:
            for pid in [process.pid, *children(process.pid)]:
                cpu, peak = process_cpu(pid), process_peak_mb(pid)
                if cpu is not None:
                    per_process[pid] = cpu
                if peak is not None:
                    peak_mb[pid] = peak
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = process.communicate()
    seconds = time.perf_counter() - began
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    main_cpu = per_process.pop(process.pid, 0.0)
    workers = sorted((round(c, 1) for c in per_process.values() if c >= 0.5), reverse=True)
    done = subprocess.CompletedProcess(argv, process.returncode, out, err)
    return done, {
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "main_process_cpu_seconds": round(main_cpu, 1),
        "worker_cpu_seconds": workers,
        "peak_mb_per_process": max(peak_mb.values(), default=0),
    }


def stats(data: Path, *args: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """`wordkit stats wordle ARGS --format json` on the original lists: (its JSON, its times
    and the load around it, the command as typed)."""
    lists = ["--answers", str(data / "answers.txt"), "--guesses", str(data / "allowed.txt")]
    argv = [WORDKIT, "stats", "wordle", *lists, *args, "--format", "json"]
    shown = "wordkit stats wordle --answers answers.txt --guesses allowed.txt " + shlex.join(args)
    load_before = load()
    done, times = measured(argv)
    if done.returncode != 0:
        raise SystemExit(f"{shown} failed: {done.stderr.strip()}")
    times = {"command": shown, **times, "load_before": load_before, "load_after": load()}
    return json.loads(done.stdout), times, shown


def busiest_worker(times: dict[str, Any]) -> float:
    """CPU seconds of the busiest process of a run (the command itself when it has no worker)."""
    return max([*times["worker_cpu_seconds"], times["main_process_cpu_seconds"]])


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
        args = ["--openers", words, "--strategy", "optimal", "--cutoff", "none", "--jobs", "2"]
        result, times, _ = stats(data, *args, *flags)
        got = {r["opener"]: r["total"] for r in result["results"]}
        out["hard" if hard else "normal"] = {
            "totals": got,
            "match_proven": got == expected,
            **times,
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
        result, times, _ = stats(data, *base, *extra)
        results[name] = result
        exact = [r for r in result["results"] if r["exact"]]
        runs[name] = {
            **times,
            "openers_per_core_hour": round(count / times["cpu_seconds"] * 3600),
            "exact_openers": len(exact),
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
        out |= ratios(runs["jobs_1"], runs["jobs_2"])
    return out


def ratios(one: dict[str, Any], two: dict[str, Any]) -> dict[str, float]:
    """--jobs 2 against --jobs 1: the wall-time ratio, and the ratio the CPU seconds allow (one
    process's CPU seconds over the busiest of the two workers': the wall-time ratio on an
    otherwise idle machine, start-up aside)."""
    return {
        "speedup_jobs_2": round(one["seconds"] / two["seconds"], 2),
        "cpu_speedup_jobs_2": round(one["cpu_seconds"] / busiest_worker(two), 2),
    }


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
            args = ("--openers", str(path), "--strategy", "entropy", "--jobs", str(jobs))
            results[jobs], times, shown = stats(data, *args)
            times["command"] = shown.replace(str(path), f"sample-of-{sample}.txt")
            out[f"jobs_{jobs}"] = times
    per_core = out["jobs_1"]["cpu_seconds"] / sample
    out["identical_jobs_1_2"] = figures(results[1]) == figures(results[2])
    out |= ratios(out["jobs_1"], out["jobs_2"])
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
        result, out[f"jobs_{jobs}"], _ = stats(data, *base, "--jobs", str(jobs))
        ranked[jobs] = figures(result)
    out["identical"] = ranked[1] == ranked[2]
    return out | ratios(out["jobs_1"], out["jobs_2"])


def entropy_top(data: Path, count: int) -> dict[str, Any]:
    """The entropy ranking's top 10 among the `count` openers the cheap bound ranks first."""
    result, times, _ = stats(
        data, "--openers", f"top:{count}", "--strategy", "entropy", "--jobs", "2"
    )
    return {"openers": count, "top_10": rows_of(result, 10), **times}


def projection(results: dict[str, Any]) -> dict[str, Any]:
    """Openers per core-hour per strategy (from CPU seconds), and the full exact proof on 100
    cores."""
    out: dict[str, Any] = {}
    top_runs = results.get("top", {}).get("runs", {})
    if "jobs_1" in top_runs:
        per_hour = top_runs["jobs_1"]["openers_per_core_hour"]
        out["optimal_openers_per_core_hour"] = per_hour
        hours = ALL_OPENERS / per_hour
        out["optimal_all_core_hours"] = round(hours, 1)
        out["optimal_all_hours_on_100_cores"] = round(hours / 100, 2)
        out["note_optimal"] = (
            "the cheap bound's top openers with the running cutoff (CPU seconds of one "
            "process): neighbours share the memo, so these go fast; random openers take "
            "longer to dismiss (see optimal_proof_*)"
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


def run_row(name: str, run: dict[str, Any]) -> str:
    """One run as a table row: how it ran, wall, CPU, the workers' CPU, the load."""
    workers = " + ".join(f"{c:g}" for c in run["worker_cpu_seconds"]) or "–"
    peak = f"{run['peak_mb_per_process']:,}" if "peak_mb_per_process" in run else "–"
    return (
        f"| {name} | {run['seconds']:g} | {run['cpu_seconds']:g} | {workers} | {peak} | "
        f"{run['load_before'][0]:g} |"
    )


RUNS_HEAD = [
    "| run | wall s | CPU s (all) | CPU s per worker | peak MB per process | load before |",
    "|---|---:|---:|---|---:|---:|",
]
NAMES = {"jobs_1": "`--jobs 1`", "jobs_2": "`--jobs 2`", "cluster_local_2": "`--cluster local:2`"}


def ranking(rows: list[dict[str, Any]]) -> list[str]:
    """The top of a ranking as a table."""
    lines = ["| rank | opener | total | mean | longest game |", "|---:|---|---:|---:|---:|"]
    # Exact totals first, then bounds, unranked (as `stats wordle --openers` shows them)
    rows = sorted(rows, key=lambda r: not r["exact"])
    for n, r in enumerate(rows, 1):
        total = f"{r['total']:,}" if r["exact"] else f"≥ {r['total']:,}"
        mean = f"{r['mean']:.4f}" if r["exact"] else f"≥ {r['mean']:.4f}"
        longest = r["max_guesses"] if r["max_guesses"] is not None else ""
        place = n if r["exact"] else ""
        lines.append(f"| {place} | {r['opener'].upper()} | {total} | {mean} | {longest} |")
    return lines


def markdown(results: dict[str, Any]) -> str:
    """The README tables: the exact tops, the runs behind them, the speed-up, entropy."""
    out: list[str] = []
    for key, mode in (("top", "normal mode"), ("top_hard", "hard mode")):
        top = results.get(key)
        if not top:
            continue
        runs = top["runs"]
        command = re.sub(r" --(jobs|cluster) \S+$", "", next(iter(runs.values()))["command"])
        out += [f"**{mode}**: `{command}` (exact values; `≥`: proven bounds)", ""]
        out += [*ranking(top["top"]), "", *RUNS_HEAD]
        out += [run_row(NAMES[name], run) for name, run in runs.items()]
        same = "the same best opener and value" if top["same_best_everywhere"] else "DIFFERENT"
        out += ["", f"Every run: {same}.", ""]
    speed = results.get("speedup")
    if speed:
        out += [
            f"**`--jobs 2` against `--jobs 1`**: `{speed['jobs_1']['command']}` (and `--jobs 2`)",
            "",
            *RUNS_HEAD,
            run_row(NAMES["jobs_1"], speed["jobs_1"]),
            run_row(NAMES["jobs_2"], speed["jobs_2"]),
            "",
            f"Identical rankings: {'yes' if speed['identical'] else 'NO'}. Wall-time ratio "
            f"{speed['speedup_jobs_2']:g}×; CPU-seconds ratio (one process against the busier "
            f"worker) {speed['cpu_speedup_jobs_2']:g}×.",
            "",
        ]
    ent = results.get("entropy")
    if ent:
        top10 = ent["top"]
        out += [
            f"**entropy**: a seeded sample of {ent['sample']} openers took "
            f"{ent['seconds_per_opener_core']:g} CPU s each ({ent['openers_per_core_hour']:,} "
            f"openers per core-hour: all 12,972 in {ent['projected_all_core_hours']:g} "
            f"core-hours, {60 * ent['projected_all_hours_on_100_cores']:.1f} minutes on 100 "
            f"cores). The top 10 of the {top10['openers']} openers the cheap bound (sum of "
            f"squared bucket sizes) ranks first, each played over every answer: "
            f"`{top10['command']}`",
            "",
            *ranking(top10["top_10"]),
            "",
        ]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "openers.json")
    parser.add_argument("--top", type=int, default=100, help="top:N of the optimal sweep")
    parser.add_argument("--hard-top", type=int, default=100, help="top:N in hard mode")
    parser.add_argument("--sample", type=int, default=24, help="openers in the entropy sample")
    parser.add_argument("--entropy-top", type=int, default=100, help="top:N for entropy's top 10")
    parser.add_argument("--proof-sample", type=int, default=60, help="openers for the proof")
    parser.add_argument("--proof-budget", type=float, default=3600, help="seconds for it")
    parser.add_argument("--speedup-top", type=int, default=24, help="top:N for --jobs 1 vs 2")
    parser.add_argument("--sections", default=",".join(SECTIONS))
    args = parser.parse_args()
    results: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {}
    results["cores"] = os.cpu_count()
    wanted = args.sections.split(",")  # `--sections none`: only the tables, from the results
    sections = {
        "proven": lambda: proven(args.data),
        "top": lambda: top(args.data, args.top, hard=False, compare=True),
        "top_hard": lambda: top(args.data, args.hard_top, hard=True, compare=True),
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
    results.pop("top_round_robin_shards", None)  # an earlier design's run
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    write_tables(args.out, COMMAND, markdown(results))
    print(json.dumps(results.get("projection"), indent=1))


if __name__ == "__main__":
    main()
