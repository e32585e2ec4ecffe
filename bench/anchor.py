"""wordkit's exact Wordle search beside Alex Selby's C++ solver (`bench/selby.sh`), side by side
in one run on the original lists: random openers cut at 7,921, SALET from cold in both modes,
and one opener (or six) on one worker against two.

Usage: .venv/bin/python bench/anchor.py [--data DIR] [--sample N] [--seed S] [--sections ...]

Sections:
- dismiss: N allowed openers drawn with `--seed` (default 24, seed 2026), each cut at 7,921.
  Selby: one process per opener (`-b7921 -w OPENER`, start-up included, as its list mode
  would lower the cutoff between openers); wordkit: `stats wordle --openers FILE --cutoff 7921
  --jobs 1`, one process for the list, its records giving each opener's seconds.
- cold: SALET exact from an empty cache, process start included (wordkit `stats wordle
  --openers salet`, Selby `-w salet`), normal and hard mode, `--runs` times each in turn;
  median wall time and largest peak memory.
- split: one opener (`--openers salet`, `trace`, `crane` and `salet --hard`, each exact: the
  set the split's constant was tuned on; `roate`, `slate` and `least`: a reporting set) and the
  six openers SALET REAST CRATE TRACE SLATE CRANE at `--cutoff 7921`, with `--jobs 1` and
  `--jobs 2` (warm cache), whole commands.
Without Selby's source (see bench/selby.sh) its columns are left empty.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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
SELBY = ROOT / "bench" / "selby.sh"
RESULTS = ROOT / "bench" / "results" / "anchor.json"
SIX = ("salet", "reast", "crate", "trace", "slate", "crane")
CUTOFF = 7921
SPLIT_NAMES = {
    "salet": "SALET (tuning)",
    "trace": "TRACE (tuning)",
    "crane": "CRANE (tuning)",
    "salet-hard": "SALET, hard mode (tuning)",
    "roate": "ROATE (reporting)",
    "slate": "SLATE (reporting)",
    "least": "LEAST (reporting)",
    "six": "six, cut at 7,921",
}


def peak_mb_of(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, int, str]:
    """(wall seconds, peak RSS MB, stdout) of one command, via /usr/bin/time."""
    with tempfile.NamedTemporaryFile("r") as log:
        began = time.perf_counter()
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", log.name, *argv],
            capture_output=True, text=True, env=env, check=False,
        )  # fmt: skip
        seconds = time.perf_counter() - began
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()[-300:]}")
        peak = int(log.read().strip().splitlines()[-1]) // 1024
    return round(seconds, 2), peak, done.stdout


def compile_bytecode() -> None:
    """wordkit's modules compiled, as `pip install` leaves them: with a machine-wide
    PYTHONDONTWRITEBYTECODE (this machine sets it) every command would time the compiler."""
    subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), "-m", "compileall", "-q", str(ROOT / "wordkit")],
        check=True, stdout=subprocess.DEVNULL,
    )  # fmt: skip


def selby(*args: str) -> list[dict[str, Any]] | None:
    """Selby's rows (opener, value, seconds, peak MB), or None without its source."""
    done = subprocess.run([str(SELBY), *args], capture_output=True, text=True, check=False)
    if done.returncode == 2:
        return None
    if done.returncode != 0:
        raise SystemExit(f"bench/selby.sh failed: {done.stderr.strip()[-300:]}")
    rows = []
    for line in done.stdout.splitlines():
        opener, value, seconds, peak = line.split()
        rows.append({"opener": opener, "value": value, "seconds": float(seconds), "mb": int(peak)})
    return rows


def wordkit(data: Path, *args: str, cache: str | None = None) -> tuple[float, int, Any]:
    """`wordkit stats wordle` on the original lists with `--format json`: seconds, peak MB,
    its JSON."""
    lists = ["--answers", str(data / "answers.txt"), "--guesses", str(data / "allowed.txt")]
    env = os.environ | ({"WORDKIT_CACHE": cache} if cache else {})
    argv = [WORDKIT, "stats", "wordle", *lists, "--strategy", "optimal", *args]
    seconds, peak, out = peak_mb_of([*argv, "--format", "json"], env)
    return seconds, peak, json.loads(out)


def dismiss(data: Path, sample: int, seed: int) -> dict[str, Any]:
    """Random openers cut at 7,921: each side's seconds."""
    from wordkit.wordle.lists import read_words

    openers = random.Random(seed).sample(read_words(data / "allowed.txt"), sample)
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "openers.txt"
        listing.write_text("\n".join(openers) + "\n")
        wordkit(data, "--openers", "salet", "--jobs", "1")  # the matrix cached first
        seconds, peak, result = wordkit(
            data, "--openers", str(listing), "--cutoff", str(CUTOFF), "--jobs", "1"
        )
    ours = {r["opener"]: r for r in result["results"]}
    theirs = selby("-b", str(CUTOFF), *openers)
    rows = []
    for opener in openers:
        mine = ours[opener]
        other = None if theirs is None else next(r for r in theirs if r["opener"] == opener)
        rows.append({
            "opener": opener,
            "wordkit": mine["total"] if mine["exact"] else f">={mine['total']}",
            "wordkit_s": mine["seconds"],
            "selby": None if other is None else other["value"],
            "selby_s": None if other is None else other["seconds"],
        })  # fmt: skip
    selby_total = None if theirs is None else round(sum(r["seconds"] for r in theirs), 2)
    return {
        "seed": seed,
        "openers": rows,
        "wordkit_wall_s": seconds,
        "wordkit_peak_mb": peak,
        "selby_total_s": selby_total,
        "ratio": None if not selby_total else round(seconds / selby_total, 3),
    }


def cold(data: Path, runs: int) -> dict[str, Any]:
    """SALET exact from an empty cache, both modes, both solvers, `runs` times each in turn:
    the median seconds and the largest peak."""
    out: dict[str, Any] = {}
    for hard in (False, True):
        mine: list[tuple[float, int, int]] = []
        theirs: list[dict[str, Any]] = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as cache:
                flags = ["--openers", "salet", "--jobs", "1"] + (["--hard"] if hard else [])
                seconds, peak, result = wordkit(data, *flags, cache=cache)
            mine.append((seconds, peak, result["results"][0]["total"]))
            other = selby(*(["-H"] if hard else []), "salet")
            if other:
                theirs.append(other[0])
        seconds = statistics.median(s for s, _, _ in mine)
        row_s = statistics.median(r["seconds"] for r in theirs) if theirs else None
        out["hard" if hard else "normal"] = {
            "runs": runs,
            "wordkit": mine[0][2],
            "wordkit_s": round(seconds, 2),
            "wordkit_s_all": [s for s, _, _ in mine],
            "wordkit_mb": max(p for _, p, _ in mine),
            "selby": theirs[0]["value"] if theirs else None,
            "selby_s": row_s,
            "selby_s_all": [r["seconds"] for r in theirs],
            "selby_mb": max(r["mb"] for r in theirs) if theirs else None,
            "ratio": round(seconds / row_s, 2) if row_s else None,
        }
    return out


def split(data: Path, repeats: int) -> dict[str, Any]:
    """One opener, and six, on one worker and on two (the same figures): the median seconds
    of `repeats` runs each, in turn."""
    out: dict[str, Any] = {}
    runs = {
        "salet": ["--openers", "salet"],
        "trace": ["--openers", "trace"],
        "crane": ["--openers", "crane"],
        "salet-hard": ["--openers", "salet", "--hard"],
        "roate": ["--openers", "roate"],
        "slate": ["--openers", "slate"],
        "least": ["--openers", "least"],
        "six": ["--openers", ",".join(SIX)],
    }
    for name, args in runs.items():
        args = [*args, "--cutoff", str(CUTOFF)] if name == "six" else args
        ones, twos, searched, same = [], [], [], True
        for _ in range(repeats):  # in turn, so both see the same machine
            one, _, first = wordkit(data, *args, "--jobs", "1")
            two, _, second = wordkit(data, *args, "--jobs", "2")
            ones.append(one)
            twos.append(two)
            searched.append(sum(r["seconds"] for r in first["results"]))
            same &= [(r["opener"], r["total"], r["exact"]) for r in first["results"]] == [
                (r["opener"], r["total"], r["exact"]) for r in second["results"]
            ]
        one, two = statistics.median(ones), statistics.median(twos)
        # What one worker spends outside the search (start-up, lists, output) is not split:
        # with it, two workers are at best serial + search / 2 (Amdahl's law).
        search = min(statistics.median(searched), one)
        limit = one / (one - search + search / 2)
        out[name] = {"runs": repeats, "jobs_1_s": one, "jobs_2_s": two,
                     "jobs_1_all": ones, "jobs_2_all": twos,
                     "speedup": round(one / two, 2), "search_s": round(search, 2),
                     "limit": round(limit, 2), "identical": same}  # fmt: skip
    return out


def markdown(results: dict[str, Any]) -> str:
    """The tables for docs/benchmarks.md."""
    lines = [f"Load average before the run: {results.get('load_before', 0):.2f}.", ""]
    for seed, d in sorted(results.get("dismiss", {}).items()):
        role = {"2026": "the set the search's constant was tuned on", "7": "a reporting set"}
        lines += [
            f"Seed {seed}: {role.get(seed, 'another draw')}.",
            "",
            f"**{len(d['openers'])} random allowed openers (seed {d['seed']}) cut at {CUTOFF:,}**: "
            f"wordkit {d['wordkit_wall_s']} s for the list in one process "
            f"(`stats wordle --openers FILE --cutoff {CUTOFF} --jobs 1`, peak "
            f"{d['wordkit_peak_mb']} MB); Selby {d['selby_total_s']} s over one process an "
            f"opener (`-b{CUTOFF} -w OPENER`); ratio {d['ratio']}.",
            "",
            "| opener | wordkit | s | Selby | s |",
            "|---|---|---:|---|---:|",
            *[
                f"| {r['opener'].upper()} | {r['wordkit']} | {r['wordkit_s']} | "
                f"{r['selby'] or '-'} | {r['selby_s'] if r['selby_s'] is not None else '-'} |"
                for r in d["openers"]
            ],
            "",
        ]
    c = results.get("cold")
    if c:
        lines += [
            f"**SALET exact from an empty cache, process start included** (median of "
            f"{next(iter(c.values())).get('runs', 1)} runs each, the two solvers in turn; "
            "peak memory the largest):",
            "",
            "| mode | wordkit | s | MB | Selby | s | MB | ratio |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for mode, r in c.items():
            lines.append(
                f"| {mode} | {r['wordkit']} | {r['wordkit_s']} | {r['wordkit_mb']} | "
                f"{r['selby'] or '-'} | {r['selby_s'] or '-'} | {r['selby_mb'] or '-'} | "
                f"{r['ratio'] or '-'} |"
            )
        lines.append("")
    s = results.get("split")
    if s:
        lines += [
            "**One worker against two**: one opener (fewer openers than workers: its "
            "first-level buckets are the tasks), and six (whole openers, anagrams together); "
            f"whole commands, the median of {next(iter(s.values())).get('runs', 1)} runs each, "
            "in turn:",
            "",
            "| openers | `--jobs 1` s | of it searching | `--jobs 2` s | speed-up | "
            "at most (Amdahl) | same figures |",
            "|---|---:|---:|---:|---:|---:|:---:|",
            *[
                f"| {SPLIT_NAMES.get(name, name)} | {r['jobs_1_s']} | {r.get('search_s', '-')} | "
                f"{r['jobs_2_s']} | {r['speedup']} | {r.get('limit', '-')} | "
                f"{'yes' if r['identical'] else 'NO'} |"
                for name, r in s.items()
            ],
            "",
        ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Run the sections, write the results and tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sample", type=int, default=24)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sections", default="dismiss,cold,split")
    parser.add_argument(
        "--runs", type=int, default=5, help="runs of each command (cold, split), in turn"
    )
    args = parser.parse_args(argv)
    results: dict[str, Any] = json.loads(RESULTS.read_text()) if RESULTS.is_file() else {}
    results["load_before"] = os.getloadavg()[0]
    compile_bytecode()
    sections = args.sections.split(",")
    if "dismiss" in sections:
        results.setdefault("dismiss", {})[str(args.seed)] = dismiss(
            args.data, args.sample, args.seed
        )
    if "cold" in sections:
        results["cold"] = cold(args.data, args.runs)
    if "split" in sections:
        results["split"] = split(args.data, args.runs)
    results["load_after"] = os.getloadavg()[0]
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    write_tables(RESULTS, "python bench/anchor.py", markdown(results))
    print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
