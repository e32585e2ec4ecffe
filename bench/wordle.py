"""Wordle benchmark on the reference lists: matrix build, every strategy, the exact search.

Usage: .venv/bin/python bench/wordle.py [--data DIR] [--out FILE] [--jobs N] [--quick]
                                        [--only builtin] [--tune]

Reads ../shared/data/wordle/{answers,allowed}.txt at run time (never copied into the repo),
writes bench/results/wordle.json and prints a markdown table.

The built-in lists section plays the original 2,315 answers as secrets against the built-in
lists alone (`wordkit stats wordle --secrets answers.txt`): every one of their 11,469 words
a possible answer under the frequency prior. The prior's parameters were chosen on the
even-numbered half of the answers (sorted), the *tuning* half, and the section reports the
other half apart (`--tune` reruns that grid). `--only builtin` runs this section alone and
keeps the rest of the results file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
COMMAND = "python bench/wordle.py"

from _readme import write_tables  # noqa: E402

from wordkit import cache, tables  # noqa: E402
from wordkit.wordle import lists as wordle_lists  # noqa: E402
from wordkit.wordle import matrix  # noqa: E402
from wordkit.wordle.guessers import EntropyGuesser, make_guesser  # noqa: E402
from wordkit.wordle.lists import Wordle, make_wordle, read_words, select_lists  # noqa: E402
from wordkit.wordle.play import run_stats  # noqa: E402
from wordkit.wordle.rules import Rules  # noqa: E402
from wordkit.wordle.search import TreeSearch, tree_play  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wordle"
# (strategy, opener or None for its own best opener, hard mode)
RUNS = [
    ("entropy", "salet", False),
    ("entropy", None, False),
    ("expected-size", "roate", False),
    ("minimax", None, False),
    ("heuristic", None, False),
    ("heuristic-original", None, False),
    ("optimal", "salet", False),
    ("entropy", "salet", True),
    ("expected-size", "roate", True),
    ("minimax", None, True),
    ("heuristic", None, True),
    ("optimal", "salet", True),
]
# Exact-endgame thresholds of the entropy strategy (0 = pure entropy), normal mode; hard
# mode for the extremes.
ENDGAME = [0, 10, 20, 30, 50, 100, 200]
ENDGAME_HARD = [0, 50]
# Strategies played on the built-in lists with the original answers as secrets:
# (strategy, hard mode); each with its own best opener under the prior.
BUILTIN_RUNS = [("entropy", False), ("entropy", True), ("expected-size", False)]
# The prior grid tried on the tuning half: (centre, width, boost of the `wordle` table's words).
PRIOR_GRID = [
    (2300, 500, 10),
    (2300, 250, 10),
    (2300, 1000, 10),
    (2300, 500, 3),
    (2300, 500, 30),
    (2300, 500, 1),
]


def matrix_times(answers: list[str], allowed: list[str]) -> dict:
    """Seconds to build the matrix cold, then load it from disk, then from memory."""
    before = os.environ.get("WORDKIT_CACHE")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["WORDKIT_CACHE"] = tmp
        matrix.MEMO.clear()
        t = time.perf_counter()
        m = matrix.pattern_matrix(allowed, answers)
        cold = time.perf_counter() - t
        matrix.MEMO.clear()
        t = time.perf_counter()
        matrix.pattern_matrix(allowed, answers)
        disk = time.perf_counter() - t
        t = time.perf_counter()
        matrix.pattern_matrix(allowed, answers)
        memo = time.perf_counter() - t
        # Later runs use the caller's cache again (it may hold trees and openers).
        if before is None:
            del os.environ["WORDKIT_CACHE"]
        else:
            os.environ["WORDKIT_CACHE"] = before
    return {
        "shape": list(m.shape),
        "cold_seconds": round(cold, 3),
        "disk_seconds": round(disk, 4),
        "memo_seconds": round(memo, 6),
    }


def optimal_times(game: Wordle, opener: str) -> dict:
    """Total guesses, depth and seconds of the exact search from `opener`: normal and hard
    within the game's 6 guesses, and hard without a limit."""
    out = {}
    for label, hard, limit in (
        ("normal", False, 6),
        ("hard", True, 6),
        ("hard_unlimited", True, None),
    ):
        solver = TreeSearch(game, hard=hard, max_guesses=limit)
        t = time.perf_counter()
        tree = solver.tree(opener)
        seconds = time.perf_counter() - t
        out[label] = {
            "opener": opener,
            "max_guesses_limit": limit,
            "total": tree["total"],
            "mean": round(tree["total"] / len(game.answers), 4),
            "depth": max(len(tree_play(tree, a)) for a in game.answers),
            "seconds": round(seconds, 2),
            "nodes": solver.nodes,
        }
    return out


def endgame_sweep(games: dict[str, Wordle], jobs: int) -> list[dict]:
    """Entropy from SALET per exact-endgame threshold, on each list pair."""
    rows = []
    for lists, game in games.items():
        for hard, ks in ((False, ENDGAME), (True, ENDGAME_HARD)):
            for k in ks:
                stats, _ = run_stats(
                    game, EntropyGuesser(exact_upto=k), Rules(hard=hard), opener="salet", jobs=jobs
                )
                rows.append(
                    {
                        "lists": lists,
                        "exact_upto": k,
                        "hard": hard,
                        "mean_guesses": round(stats.mean_guesses, 4),
                        "max_guesses": stats.max_guesses,
                        "solved_within_6": stats.wins,
                        "games": stats.games,
                        "seconds": round(stats.seconds, 3),
                    }
                )
                print(
                    f"  entropy k={k:3} {lists} hard={hard}: {stats.mean_guesses:.4f}",
                    file=sys.stderr,
                )
    return rows


def halves(secrets: list[str]) -> tuple[list[str], list[str]]:
    """The tuning half (even positions of the sorted answers) and the held-out half."""
    ordered = sorted(secrets)
    return ordered[0::2], ordered[1::2]


def builtin_section(secrets: list[str], jobs: int) -> list[dict]:
    """Each strategy on the built-in lists, the original answers played as secrets, with the
    mean on each half."""
    game = select_lists()
    tune, held = halves(secrets)
    rows = []
    for name, hard in BUILTIN_RUNS:
        summary, records = run_stats(game, name, Rules(hard=hard), answers=secrets, jobs=jobs)
        guesses = {r.secret: r.guesses for r in records}
        rows.append(
            {
                "strategy": name,
                "opener": summary.options["opener"],
                "hard": hard,
                "games": summary.games,
                "answers_possible": len(game.answers),
                "mean_guesses": round(summary.mean_guesses, 4),
                "mean_tuning_half": round(sum(guesses[w] for w in tune) / len(tune), 4),
                "mean_held_out_half": round(sum(guesses[w] for w in held) / len(held), 4),
                "max_guesses": summary.max_guesses,
                "solved_within_6": summary.wins,
                "histogram": summary.histogram,
                "failures": summary.failures[:20],
                "seconds": round(summary.seconds, 1),
            }
        )
        print(f"  builtin {name:15} hard={hard}: {summary.mean_guesses:.4f}", file=sys.stderr)
    return rows


def prior_tuning(secrets: list[str], jobs: int) -> list[dict]:
    """Entropy on the tuning half for each prior of PRIOR_GRID."""
    tune, _ = halves(secrets)
    found, weights, _ = wordle_lists.table_words("wordle-guesses", 5)
    likely = set(tables.words_of(tables.load_table("wordle")))
    rows = []
    for center, width, boost in PRIOR_GRID:
        factor = np.array([boost if w in likely else 1.0 for w in found])
        prior = wordle_lists.frequency_prior(weights * factor, center, width)
        game = make_wordle(found, found, weights=prior)
        summary, _ = run_stats(game, "entropy", answers=tune, jobs=jobs)
        rows.append(
            {
                "center": center,
                "width": width,
                "boost": boost,
                "opener": summary.options["opener"],
                "mean_tuning_half": round(summary.mean_guesses, 4),
                "solved_within_6": summary.wins,
                "games": summary.games,
            }
        )
        print(f"  prior {center} {width} {boost}: {summary.mean_guesses:.4f}", file=sys.stderr)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "wordle.json")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--quick", action="store_true", help="skip hard-mode runs and the endgame sweep"
    )
    ap.add_argument(
        "--tables-only", action="store_true", help="rewrite the README tables from --out, no run"
    )
    ap.add_argument("--only", choices=["builtin"], help="run one section, keep the others")
    ap.add_argument("--tune", action="store_true", help="also rerun the prior grid (slow)")
    args = ap.parse_args()
    if args.tables_only:
        write_tables(args.out, COMMAND, markdown(json.loads(args.out.read_text())))
        return
    answers = read_words(args.data / "answers.txt")
    allowed = read_words(args.data / "allowed.txt")
    if args.only == "builtin":
        kept = json.loads(args.out.read_text()) if args.out.is_file() else {}
        kept["builtin_lists"] = builtin_section(answers, args.jobs)
        if args.tune:
            kept["prior_tuning"] = prior_tuning(answers, args.jobs)
        kept["prior"] = prior_parameters()
        cache.atomic_write(args.out, json.dumps(kept, indent=1) + "\n")
        write_tables(args.out, COMMAND, markdown(kept))
        return

    results: dict = {"matrix": matrix_times(answers, allowed)}
    game = make_wordle(allowed, answers)
    results["optimal_search"] = optimal_times(game, "salet")
    runs = []
    for name, opener, hard in RUNS:
        if args.quick and hard:
            continue
        guesser = make_guesser(name)
        t = time.perf_counter()
        first = opener or guesser.first_guess(game)
        opener_seconds = time.perf_counter() - t
        summary, _ = run_stats(game, guesser, Rules(hard=hard), opener=first, jobs=args.jobs)
        stats = summary.as_dict()
        stats["solved_within_6"] = summary.wins
        stats["seconds"] = round(summary.seconds, 3)
        stats["opener_seconds"] = round(opener_seconds, 3)
        stats["failures"] = summary.failures[:20]
        runs.append(stats)
        print(f"  {name:15} {first} hard={hard}: {summary.mean_guesses:.4f}", file=sys.stderr)
    results["strategies"] = runs
    if not args.quick:
        results["entropy_endgame"] = endgame_sweep({"reference": game}, args.jobs)
        results["builtin_lists"] = builtin_section(answers, args.jobs)
        if args.tune:
            results["prior_tuning"] = prior_tuning(answers, args.jobs)
        elif args.out.is_file():  # the grid is slow: keep the last one measured
            previous = json.loads(args.out.read_text())
            if "prior_tuning" in previous:
                results["prior_tuning"] = previous["prior_tuning"]
        results["prior"] = prior_parameters()
    results["reference"] = {
        "optimal_salet_normal": 7920,
        "optimal_salet_hard_max6": 8122,
        "roate_best_tree": 8000,
        "nodejs_ai_expected_size_roate": 3.541,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    cache.atomic_write(args.out, json.dumps(results, indent=1) + "\n")
    print(markdown(results))
    write_tables(args.out, COMMAND, markdown(results))


def prior_parameters() -> dict:
    """The built-in prior's parameters as shipped."""
    return {
        "center": wordle_lists.PRIOR_CENTER,
        "width": wordle_lists.PRIOR_WIDTH,
        "boost": wordle_lists.LIKELY_BOOST,
    }


def markdown(results: dict) -> str:
    """The results as markdown tables."""
    m = results["matrix"]
    lines = [
        f"Pattern matrix {m['shape'][0]}×{m['shape'][1]}: cold {m['cold_seconds']} s, "
        f"from disk {m['disk_seconds']} s, from memory {m['memo_seconds']} s",
        "",
        "| search | opener | total | mean | depth | seconds | nodes |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for mode, r in results["optimal_search"].items():
        lines.append(
            f"| optimal ({mode}) | {r['opener']} | {r['total']} | {r['mean']:.4f} "
            f"| {r['depth']} | {r['seconds']} | {r['nodes']} |"
        )
    lines += [
        "",
        "| strategy | opener | hard | mean | max | within 6 | histogram | seconds |",
        "|---|---|---|---:|---:|---:|---|---:|",
    ]
    lines += [strategy_row(r) for r in results["strategies"]]
    lines += [
        "",
        "Entropy from SALET by exact-endgame threshold (0 = pure entropy; default 50)",
        "",
        "| lists | exact_upto | hard | mean | max | within 6 | seconds |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    for r in results.get("entropy_endgame", []):
        lines.append(
            f"| {r['lists']} | {r['exact_upto']} | {'yes' if r['hard'] else 'no'} "
            f"| {r['mean_guesses']:.4f} | {r['max_guesses']} "
            f"| {r['solved_within_6']}/{r['games']} | {r['seconds']} |"
        )
    return "\n".join(lines + builtin_markdown(results))


def strategy_row(r: dict, halves: tuple[float, ...] = ()) -> str:
    """One strategy's run as a table row; `halves`, its means on the two halves of the answers."""
    hist = " ".join(f"{k}:{v}" for k, v in r["histogram"].items())
    means = "".join(f"| {m:.4f} " for m in (r["mean_guesses"], *halves))
    return (
        f"| {r['strategy']} | {r['opener']} | {'yes' if r['hard'] else 'no'} {means}"
        f"| {r['max_guesses']} | {r['solved_within_6']}/{r['games']} | {hist} | {r['seconds']} |"
    )


def builtin_markdown(results: dict) -> list[str]:
    """The built-in lists section: the original answers played as secrets, and the grid."""
    if "builtin_lists" not in results:
        return []
    prior = results["prior"]
    lines = [
        "",
        "Built-in lists only, the original 2,315 answers as secrets "
        "(`wordkit stats wordle --secrets answers.txt`): every one of the "
        f"{results['builtin_lists'][0]['answers_possible']:,} built-in words is a possible "
        f"answer, prior 1/(1+exp((rank-{prior['center']})/{prior['width']})) over frequency "
        f"rank, the `wordle` table's words ranked as if {prior['boost']:g}× more frequent",
        "",
        "| strategy | opener | hard | mean | tuning half | held-out half | max | within 6 "
        "| histogram | seconds |",
        "|---|---|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    lines += [
        strategy_row(r, halves=(r["mean_tuning_half"], r["mean_held_out_half"]))
        for r in results["builtin_lists"]
    ]
    if results.get("prior_tuning"):
        lines += [
            "",
            "The prior's grid, entropy on the tuning half (1,158 answers) only:",
            "",
            "| centre | width | boost | opener | mean | within 6 |",
            "|---:|---:|---:|---|---:|---:|",
        ]
        for r in results["prior_tuning"]:
            lines.append(
                f"| {r['center']} | {r['width']} | {r['boost']:g} | {r['opener']} "
                f"| {r['mean_tuning_half']:.4f} | {r['solved_within_6']}/{r['games']} |"
            )
    return lines


if __name__ == "__main__":
    main()
