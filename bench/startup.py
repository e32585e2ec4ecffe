"""Benchmark one-shot commands against `wordkit --help`: median wall time, CPU time and peak
memory of each, every run a fresh process on a warm cache.

Usage: python bench/startup.py [--runs N] [--cache DIR] [--pythonpath DIR] [--out FILE]

Each command runs once untimed (it fills the cache: tables' compact copies, the pattern
matrix, the letter model; and Python's bytecode cache, as `pip install` does), then N times
timed. Peak RSS and CPU come from the kernel's account
of that one child (os.wait4). A last run of each checks whether pandas was imported.
`--pythonpath` measures another checkout of wordkit (e.g. an older commit unpacked with
`git archive`) with the same interpreter; `--cache` keeps the cache between runs of this
script (default: a fresh temporary folder, so the user's cache plays no part).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _readme import write_tables

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "startup.json"

COMMANDS: dict[str, list[str]] = {
    "--help": ["--help"],
    "solve wordle": ["solve", "wordle", "--history", "raise=YYBBB"],
    "query wordle": ["query", "wordle", "crane"],
    "solve hangman": ["solve", "hangman", "--mask", "a__le", "--guessed", "aeli"],
    "query hangman": ["query", "hangman", "apple"],
}
"""The commands timed, by label; `--help` is the yardstick."""

TARGET_RATIO = 3.0
TARGET_RSS_MB = 150.0

_PROBE = (
    "import atexit, os, sys\n"
    "atexit.register(lambda: open(os.environ['WORDKIT_BENCH_PROBE'], 'w').write("
    "str('pandas' in sys.modules)))\n"
    "sys.argv = ['wordkit', *sys.argv[1:]]\n"
    "from wordkit.__main__ import main\n"
    "main()\n"
)


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """One run of `python -m wordkit ARGS`: wall seconds, CPU seconds, peak RSS in MB, exit."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "wordkit", *args],
        env=env,
        cwd=env["WORDKIT_CACHE"],  # not the checkout: `-m` imports from the working folder
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode


def imports_pandas(args: list[str], env: dict[str, str]) -> bool:
    """Whether the command imports pandas (a run with an exit hook that says)."""
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "probe"
        subprocess.run(
            [sys.executable, "-c", _PROBE, *args],
            env=env | {"WORDKIT_BENCH_PROBE": str(probe)},
            cwd=folder,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        return probe.read_text() == "True"


def measure(runs: int, env: dict[str, str]) -> dict[str, dict[str, object]]:
    """Every command's medians over `runs` timed runs, after one untimed run."""
    out: dict[str, dict[str, object]] = {}
    for label, args in COMMANDS.items():
        _, _, _, code = run_once(args, env)
        if code != 0:
            raise SystemExit(f"wordkit {' '.join(args)} exited {code}")
        timed = [run_once(args, env) for _ in range(runs)]
        out[label] = {
            "command": "wordkit " + " ".join(args),
            "wall_s": round(statistics.median(t[0] for t in timed), 3),
            "cpu_s": round(statistics.median(t[1] for t in timed), 3),
            "peak_rss_mb": round(max(t[2] for t in timed), 1),
            "pandas": imports_pandas(args, env),
        }
        print(f"{label}: {out[label]}", flush=True)
    help_wall, help_cpu = out["--help"]["wall_s"], out["--help"]["cpu_s"]
    for figures in out.values():
        figures["x_help_wall"] = round(float(figures["wall_s"]) / float(help_wall), 2)
        figures["x_help_cpu"] = round(float(figures["cpu_s"]) / float(help_cpu), 2)
    return out


def markdown(figures: dict[str, dict[str, object]]) -> str:
    """The figures as one table, each command beside `--help`."""
    lines = [
        "| command | wall (median) | × --help | CPU (median) | × --help | peak RSS | pandas |",
        "|---|---:|---:|---:|---:|---:|:---:|",
    ]
    for row in figures.values():
        lines.append(
            f"| `{row['command']}` | {row['wall_s']:.3f} s | {row['x_help_wall']:.2f} "
            f"| {row['cpu_s']:.3f} s | {row['x_help_cpu']:.2f} | {row['peak_rss_mb']:.0f} MB "
            f"| {'yes' if row['pandas'] else 'no'} |"
        )
    lines.append(
        f"\nTargets: one-shot `solve`/`query` ≤ {TARGET_RATIO:g}× `--help` and ≤ "
        f"{TARGET_RSS_MB:g} MB peak RSS, warm cache, no pandas."
    )
    return "\n".join(lines) + "\n"


def main() -> None:
    """Measure, print, and save the figures and their table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cache", help="the cache folder to use (default: a fresh one)")
    parser.add_argument("--pythonpath", help="import wordkit from this folder instead")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory(prefix="wordkit-startup-") as fresh:
        env = dict(os.environ, WORDKIT_CACHE=str(Path(args.cache or fresh).resolve()))
        Path(env["WORDKIT_CACHE"]).mkdir(parents=True, exist_ok=True)
        env.pop("WORDKIT_DATA", None)
        # As after `pip install`: the untimed first run leaves compiled bytecode, which a
        # machine-wide PYTHONDONTWRITEBYTECODE would forbid (it would time the compiler).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if args.pythonpath:
            env["PYTHONPATH"] = str(Path(args.pythonpath).resolve())
        figures = measure(args.runs, env)
    report = {
        "runs": args.runs,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "pythonpath": args.pythonpath,
        "commands": figures,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    command = "python bench/startup.py" + (f" --runs {args.runs}" if args.runs != 5 else "")
    print(write_tables(args.out, command, markdown(figures)).read_text())


if __name__ == "__main__":
    main()
