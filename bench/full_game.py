"""The 12,972-answer game: every allowed word a possible answer, one opener (LANTS, whose best
known total is 52,896), normal mode, six guesses. Its buckets are solved exactly, smallest first,
each within a time cap, on `--jobs` processes, for at most `--wall` seconds; what is left is
bounded from below and its time projected.

Usage: .venv/bin/python bench/full_game.py [--data DIR] [--opener WORD] [--jobs N]
       [--wall SECONDS] [--cap SECONDS] [--target TOTAL|best] [--trees LIMIT]
       [--wide SIZE:MORE] [--summary]

The total is n + Σ cost(bucket) over the opener's non-winning buckets. A bucket solved within
its cap adds its exact cost; any other adds its `split_floor` (a proven lower bound), so the
table gives a proven lower bound on the opener's total whatever is left, and the exact total
once every bucket is solved. The records (one JSON line a bucket) are kept in
`bench/results/full_game/`; a second run resumes from them, retrying with a larger cap the
buckets a smaller one cut. The projection fits log(seconds) against log(size) on the solved
buckets of 20 answers or more and applies it to the others; a bucket is one task, so the
largest one is a floor of the wall time on any number of cores.

With `--target T` (`best`: the best known total), each bucket is searched under the budget the
target leaves it: T + 1 - n - the costs of the buckets solved - the floors of the others. If the
total is at most T, every bucket's cost is below its budget and comes back exact, so the sum is
the exact total; a bucket reaching its budget proves the total above T. The budgets only prune.

With `--trees LIMIT`, each bucket a cap cut before first gets a decision tree (within the
cap) from a search that tries only the LIMIT best-bounded guesses of each position
(`TreeSearch.limit`; `--wide SIZE:MORE` tries MORE at positions of SIZE answers or more): an
upper bound on its cost, checked by playing every answer through the tree (the trees are kept
beside the records). The exact search of that bucket then runs under that bound: a value below it is
the exact cost, and a value reaching it proves the tree optimal. The sum of the exact costs and
the trees' costs is the total of a whole strategy, an upper bound that meets the lower bound
once all is exact.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _readme import write_tables  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wordle"
FOLDER = ROOT / "bench" / "results" / "full_game"
RESULTS = ROOT / "bench" / "results" / "full_game.json"
BEST_KNOWN = {"lants": 52_896}
"""Published best totals of the 12,972-answer game given the opener."""
CORES = (2, 16, 100)
INF = 1 << 40
"""No bound (as the search's own INF)."""
FIT_FROM = 20
"""Buckets below this size are too quick for their time to say anything about the large ones."""

_WORKER: dict[str, Any] = {}


def game_of(data: Path) -> Any:
    """The Wordle whose answers and guesses are both the allowed list."""
    from wordkit.wordle.lists import make_wordle, read_words

    allowed = read_words(data / "allowed.txt")
    return make_wordle(allowed, allowed)


def family_search(game: Any, limit: int = 0, wide: tuple[int, int] = (0, 0)) -> Any:
    """The exact search (or, with `limit` and `wide`, the search of a tree) of a game of word
    families: the split pass bounds every child before any is searched from
    FAMILY_SPLIT_PASS_MIN."""
    from wordkit.wordle.search import FAMILY_SPLIT_PASS_MIN, TreeSearch

    return TreeSearch(game, max_guesses=6, limit=limit, wide=wide,
                      split_pass_min=FAMILY_SPLIT_PASS_MIN)  # fmt: skip


def _setup(game: Any) -> None:
    _WORKER["search"] = family_search(game)


def _solve(task: tuple[int, np.ndarray, float, int | None, int | None]) -> dict[str, Any]:
    """In a worker: one bucket's exact cost within `cap` seconds (None when cut), searched
    under `budget` when given: a value reaching it is a bound (`at_least`), not a cost; and
    under `upper`, the cost of a tree of it: a value reaching that makes the tree's cost exact."""
    from wordkit.wordle.search import INF, SearchTimeout

    pattern, bucket, cap, budget, upper = task
    search = _WORKER["search"]
    began = time.perf_counter()
    search.deadline = time.monotonic() + cap
    cost: int | None = None
    at_least: int | None = None
    beta = min(INF if budget is None else budget, INF if upper is None else upper)
    try:
        value = int(search.solve(bucket, None, beta=beta, depth=search.root_depth - 1))
        if value < beta:
            cost = value
        elif upper is not None and beta == upper:
            if value > upper:  # a bound above a tree played in full: a bug, never a proof
                raise AssertionError(f"bucket {pattern}: bound {value} above its tree {upper}")
            cost = upper  # nothing beats the tree: its cost is the bucket's
        else:
            at_least = value
    except SearchTimeout:
        pass
    finally:
        search.deadline = None
    seconds = time.perf_counter() - began
    return {"pattern": pattern, "size": len(bucket), "cost": cost, "seconds": round(seconds, 3),
            "cap": cap, "budget": budget, "upper": upper, "at_least": at_least}  # fmt: skip


def _tree(task: tuple[int, np.ndarray, int, tuple[int, int], float]) -> dict[str, Any]:
    """In a worker: a decision tree of one bucket from the search limited to `limit` guesses a
    position (`wide`: more on large ones) within `cap` seconds, and its cost, checked by
    playing every answer of the bucket through it."""
    from wordkit.wordle.search import INF, SearchTimeout, tree_play

    pattern, bucket, limit, wide, cap = task
    search = family_search(_WORKER["search"].game, limit, wide)
    game, depth = search.game, search.root_depth - 1
    began = time.perf_counter()
    search.deadline = time.monotonic() + cap
    try:
        value = int(search.solve(bucket, None, depth=depth))
    except SearchTimeout:
        value = INF
    search.deadline = None
    tree = None
    if value < INF:
        tree = search._tree(search.next_row(bucket, None, depth), bucket, None, depth)
        turns = [len(tree_play(tree, game.answers[a], game.length)) for a in bucket]
        if sum(turns) != value or tree["total"] != value or max(turns) > depth:
            # Kept as a failed attempt (the run goes on), never as a bound.
            return {"pattern": pattern, "size": len(bucket), "upper": None, "limit": limit,
                    "wide": list(wide), "cap": cap, "seconds": 0.0, "tree": None,
                    "error": f"the tree does not play its cost {value}"}  # fmt: skip
    seconds = time.perf_counter() - began
    return {"pattern": pattern, "size": len(bucket), "upper": None if tree is None else value,
            "limit": limit, "wide": list(wide), "cap": cap, "seconds": round(seconds, 3),
            "tree": tree}  # fmt: skip


def attempts(path: Path) -> list[dict[str, Any]]:
    """Every attempt recorded, in order (a bucket cut by a cap, then retried, has two)."""
    if not path.is_file():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def read_records(path: Path) -> dict[int, dict[str, Any]]:
    """Each bucket's last exact attempt."""
    return {int(record["pattern"]): record for record in attempts(path) if "cost" in record}


def read_uppers(path: Path) -> dict[int, dict[str, Any]]:
    """Each bucket's cheapest tree found (its record, the tree itself aside)."""
    best: dict[int, dict[str, Any]] = {}
    for record in attempts(path):
        p, upper = int(record["pattern"]), record.get("upper")
        if "limit" in record and upper is not None and upper < best.get(p, {}).get("upper", INF):
            best[p] = record
    return best


def retry(record: dict[str, Any], cap: float, target: int | None, upper: int | None) -> bool:
    """Whether a bucket cut before is tried again: with a larger cap, now under a budget or
    under a cheaper tree (never one proven above its budget: the target is then beaten)."""
    if record.get("at_least") is not None:
        return False
    return (
        record["cap"] < cap
        or (target is not None and record.get("budget") is None)
        or (upper is not None and upper < (record.get("upper") or INF))
    )


def budget_of(
    pattern: int, n: int, floors: dict[int, int], done: dict[int, dict[str, Any]], target: int
) -> int:
    """What bucket `pattern` must cost less than for the opener's total to be at most `target`:
    target + 1 - n - the exact costs of the buckets solved - the floors of the others. A
    search under it gives the exact cost whenever the target holds; a value reaching it
    proves the total above the target."""
    others = sum(
        done[p]["cost"] if p in done and done[p]["cost"] is not None else f
        for p, f in floors.items()
        if p != pattern
    )
    return target + 1 - n - others


def run(
    game: Any,
    opener: str,
    jobs: int,
    wall: float,
    cap: float,
    records: Path,
    target: int | None = None,
    trees: int | None = None,
    wide: tuple[int, int] = (0, 0),
) -> dict:
    """Find trees of the buckets not solved (with `trees`), then solve the pending buckets
    smallest first, each under the budget `target` leaves it and its cheapest tree, until
    `wall` seconds have passed."""
    from wordkit.wordle.search import TreeSearch

    search = TreeSearch(game, max_guesses=6)
    row = game.check_guess(opener)
    began = time.perf_counter()
    buckets = search.buckets(row, game.all_answers())
    depth = search.root_depth - 1
    floors = {p: int(search.split_floor(b, None, depth)) for p, b in buckets}
    setup_seconds = time.perf_counter() - began
    done = read_records(records)
    solved = {p for p, r in done.items() if r["cost"] is not None}
    # A tree search is done again only when a smaller cap cut it.
    tried = {(int(r["pattern"]), r["limit"], tuple(r.get("wide", (0, 0))))
             for r in attempts(records)
             if "limit" in r and (r["upper"] is not None or r.get("cap", 0) >= cap)}  # fmt: skip
    n = len(game.answers)
    records.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with (
        records.open("a", encoding="utf-8") as out,
        context.Pool(jobs, initializer=_setup, initargs=(game,)) as pool,
    ):

        def keep(record: dict[str, Any]) -> None:
            tree = record.pop("tree", None)
            if tree is not None:
                kept_trees = read_trees(records)
                name = str(record["pattern"])
                if tree["total"] < kept_trees.get(name, {}).get("total", INF):
                    kept_trees[name] = tree
                    write_trees(records, kept_trees)
            out.write(json.dumps(record) + "\n")
            out.flush()

        if trees is not None:
            # The buckets a cap cut: the others are solved quicker than their trees are found.
            tasks = [
                (p, b, trees, wide, cap)
                for p, b in sorted(buckets, key=lambda pb: len(pb[1]))
                if p in done and p not in solved and (p, trees, wide) not in tried
            ]
            for record in within(pool, _tree, tasks, jobs, started + wall):
                keep(record)
        uppers = {p: r["upper"] for p, r in read_uppers(records).items()}
        # Buckets never tried first, smallest first; then those a smaller cap cut.
        pending = [
            (p, b, cap)
            for p, b in sorted(buckets, key=lambda pb: (pb[0] in done, len(pb[1])))
            if p not in done
            or (done[p]["cost"] is None and retry(done[p], cap, target, uppers.get(p)))
        ]

        def task(p: int, b: np.ndarray, c: float) -> tuple:
            budget = None if target is None else budget_of(p, n, floors, done, target)
            return (p, b, c, budget, uppers.get(p))

        for record in within(pool, _solve, pending, jobs, started + wall, task):
            done[record["pattern"]] = record
            keep(record)
    wall_seconds = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "floors": {str(p): f for p, f in floors.items()},
        "sizes": {str(p): len(b) for p, b in buckets},
        "setup_seconds": round(setup_seconds, 1),
        "wall_seconds": round(wall_seconds, 1),
        "peak_mb": round(
            max(usage.ru_maxrss, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) / 1024
        ),
    }


def within(
    pool: Any, work: Any, tasks: list[tuple], jobs: int, until: float, make: Any = None
) -> Any:
    """Each record of `work` over `tasks`, `jobs` at a time, none started after `until`;
    `make` turns a task into its arguments as it is sent (so they see the records so far)."""
    waiting: list[Any] = []
    pending = iter(tasks)
    while True:
        while len(waiting) < jobs and time.perf_counter() < until:
            task = next(pending, None)
            if task is None:
                break
            waiting.append(pool.apply_async(work, (make(*task) if make else task,)))
        if not waiting:
            return
        waiting[0].wait(0.05)
        for w in [w for w in waiting if w.ready()]:
            waiting.remove(w)
            yield w.get()


def trees_path(records: Path) -> Path:
    """Where the trees of the buckets beside `records` are kept (pattern → tree)."""
    return records.with_name(records.stem + "-trees.json")


def read_trees(records: Path) -> dict[str, Any]:
    path = trees_path(records)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def write_trees(records: Path, kept: dict[str, Any]) -> None:
    """Replace the trees file whole (a crash leaves the old one, never half of one)."""
    path = trees_path(records)
    part = path.with_suffix(".part")
    part.write_text(json.dumps(kept, separators=(",", ":"), sort_keys=True) + "\n", "utf-8")
    os.replace(part, path)


def summary(opener: str, n: int, info: dict, records: Path) -> dict[str, Any]:
    """The proven bound (or exact total), the fraction solved, and the projection."""
    from wordkit.wordle.search import INF

    done = read_records(records)
    floors = {int(p): f for p, f in info["floors"].items()}
    sizes = {int(p): s for p, s in info["sizes"].items()}
    solved = {p: r for p, r in done.items() if r["cost"] is not None and p in floors}
    left = [p for p in floors if p not in solved]
    # A bucket searched under a budget it reached is at least that value.
    floors = {p: max(f, done.get(p, {}).get("at_least") or f) for p, f in floors.items()}
    bound = n + sum(r["cost"] for r in solved.values()) + sum(floors[p] for p in left)
    uppers = read_uppers(records)
    # A whole strategy: the exact buckets' trees and the cheapest tree found of each other.
    strategy = (
        n + sum(r["cost"] for r in solved.values()) + sum(uppers[p]["upper"] for p in left)
        if all(p in uppers for p in left)
        else None
    )
    infeasible = bound >= INF  # a bucket that no tree within six guesses solves
    fit = [(math.log(r["size"]), math.log(max(r["seconds"], 1e-3)))
           for r in solved.values() if r["size"] >= FIT_FROM]  # fmt: skip
    slope, intercept = np.polyfit(*zip(*fit, strict=True), 1) if len(fit) >= 3 else (1.0, 0.0)
    # A bucket cut by a cap takes longer than the largest cap that cut it, whatever the fit.
    cut = {}
    for r in attempts(records):
        if "cost" in r and r["cost"] is None:
            cut[int(r["pattern"])] = max(cut.get(int(r["pattern"]), 0.0), r["cap"])
    projected = {
        p: max(math.exp(intercept + slope * math.log(sizes[p])), cut.get(p, 0.0)) for p in left
    }
    cpu_done = sum(r["seconds"] for r in attempts(records))
    cpu_left = sum(projected.values())
    largest = max(projected.values(), default=0.0)
    return {
        "opener": opener,
        "answers": n,
        "buckets": len(floors),
        "solved_buckets": len(solved),
        "solved_answers": sum(sizes[p] for p in solved),
        "largest_solved": max((sizes[p] for p in solved), default=0),
        "largest_left": max((sizes[p] for p in left), default=0),
        "exact": not left,
        "total_or_bound": None if infeasible else bound,
        "strategy_total": strategy,
        "trees": {
            str(p): {
                "size": sizes[p],
                "floor": solved[p]["cost"] if p in solved else floors[p],
                "tree": uppers[p]["upper"],
                "optimal": p in solved and solved[p]["cost"] == uppers[p]["upper"],
                "limit": uppers[p]["limit"],
                "wide": uppers[p].get("wide", [0, 0]),
                "seconds": uppers[p].get("seconds"),
            }
            for p in sorted(uppers)
            if p in floors
        },
        "best_known": BEST_KNOWN.get(opener),
        "cpu_seconds_done": round(cpu_done, 1),
        "fit": {
            "slope": round(float(slope), 2),
            "intercept": round(float(intercept), 2),
            "buckets": len(fit),
        },
        "projected_cpu_hours_left": round(cpu_left / 3600, 1),
        "projected_wall_hours": {
            str(c): round(max(cpu_left / c, largest) / 3600, 1) for c in CORES
        },
        "target": info.get("target"),
        **{k: info[k] for k in ("setup_seconds", "wall_seconds", "peak_mb")},
    }


def markdown(s: dict[str, Any]) -> str:
    """The summary as the docs' table."""
    name = s["opener"].upper()
    verdict = "exact total" if s["exact"] else "proven lower bound"
    lines = [
        f"The {s['answers']:,}-answer game from {name}, normal mode, six guesses "
        f"(best known total {s['best_known']:,}):"
        if s["best_known"]
        else "",
        "",
        "| | |",
        "|---|---:|",
        f"| buckets solved exactly | {s['solved_buckets']:,} of {s['buckets']:,} |",
        f"| answers in them | {s['solved_answers']:,} of {s['answers']:,} "
        f"({s['solved_answers'] / s['answers']:.1%}) |",
        f"| largest bucket solved / left | {s['largest_solved']:,} / {s['largest_left']:,} |",
        *(
            [f"| buckets searched under the budgets of a target total | {s['target']:,} |"]
            if s.get("target")
            else []
        ),
        f"| {verdict} of the total | "
        + (f"{s['total_or_bound']:,} |" if s["total_or_bound"] is not None else "none fits |"),
        *(
            [
                f"| total of a whole strategy (the trees found of the buckets left) | "
                f"{s['strategy_total']:,} |"
            ]
            if s.get("strategy_total") and not s["exact"]
            else []
        ),
        f"| CPU seconds over every attempt / wall seconds of the last run that ran to its end | "
        f"{s['cpu_seconds_done']:,} / {s['wall_seconds']:,} |",
        f"| peak memory of that run (one process) | {s['peak_mb']} MB |",
        f"| fit of seconds against size (buckets ≥ {FIT_FROM}) | "
        f"size^{s['fit']['slope']} on {s['fit']['buckets']} buckets |",
        f"| projected CPU hours left | {s['projected_cpu_hours_left']:,} |",
    ]
    lines += [
        f"| projected wall hours on {c} cores | {h:,} |"
        for c, h in s["projected_wall_hours"].items()
    ]
    if s.get("trees"):
        lines += [
            "",
            "The buckets given a tree: the proven floor of each (its exact cost once solved) "
            "and the cost of its tree.",
            "",
            "| answers | proven floor | tree | guesses tried a position | seconds to find it |",
            "|---:|---:|---:|---|---:|",
        ]
        for t in sorted(s["trees"].values(), key=lambda t: t["size"]):
            size, limit = t["wide"]
            tried = f"{t['limit']:,}" + (f", {limit:,} from {size:,} answers" if size else "")
            mark = " (optimal)" if t["optimal"] else ""
            found = "" if t.get("seconds") is None else f"{t['seconds']:,}"
            lines.append(
                f"| {t['size']:,} | {t['floor']:,} | {t['tree']:,}{mark} | {tried} | {found} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--opener", default="lants")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--wall", type=float, default=1800.0)
    parser.add_argument("--cap", type=float, default=300.0)
    parser.add_argument("--summary", action="store_true", help="only read the records")
    parser.add_argument(
        "--trees",
        type=int,
        default=None,
        metavar="LIMIT",
        help="first find a tree of each bucket left, trying LIMIT guesses a position; its "
        "cost then bounds the bucket's exact search",
    )
    parser.add_argument(
        "--wide",
        default="0:0",
        metavar="SIZE:LIMIT",
        help="with --trees: try LIMIT guesses at positions of SIZE answers or more",
    )
    parser.add_argument(
        "--target",
        default=None,
        help="search each bucket under the budget this total leaves it ('best': the best "
        "known total): exact costs if the total is at most that, else a proof it is more",
    )
    args = parser.parse_args()
    opener = args.opener.lower()
    records = FOLDER / f"{opener}.jsonl"
    game = game_of(args.data)
    if args.summary:
        kept = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.is_file() else {}
        if kept.get("summary", {}).get("opener") != opener:
            raise SystemExit(f"{RESULTS} holds no run from {opener}: run without --summary")
        info = kept["run"]
    else:
        target = BEST_KNOWN.get(opener) if args.target == "best" else args.target
        target = None if target is None else int(target)
        size, _, more = args.wide.partition(":")
        if not (size.isdigit() and more.isdigit()) or (int(size) > 0) != (int(more) > 0):
            raise SystemExit(f"--wide {args.wide}: give SIZE:MORE, two whole numbers")
        if args.trees is None and int(size):
            raise SystemExit("--wide goes with --trees")
        wide = (int(size), int(more))
        info = run(game, opener, args.jobs, args.wall, args.cap, records, target, args.trees, wide)
        info["target"] = target
    result = summary(opener, len(game.answers), info, records)
    RESULTS.write_text(json.dumps({"run": info, "summary": result}, indent=1) + "\n",
                       encoding="utf-8")  # fmt: skip
    write_tables(RESULTS, "python bench/full_game.py", markdown(result))
    print(markdown(result))


if __name__ == "__main__":
    main()
