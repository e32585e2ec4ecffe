"""The host model learned across games (`--learn`): the default AI against two hosts, the same
seeded secrets with the history's estimate and without; the win rate over games 101-300.

Usage: python bench/hangman_learn.py [--games N] [--only one-category half-outside] [--seed S]

Hosts (secrets drawn with `--seed`, default 0):
- one-category: table `categories`, every secret drawn uniformly from one of its categories
  (itself drawn by the seed);
- half-outside: table `english`, each secret drawn by weight from `english` with chance 1/2,
  else uniformly from web2's lowercase words of 4-12 letters that `english` lacks (rare words,
  as in `bench/hangman.py --only absent`).

Each game is played as `wordkit solve hangman --interactive --learn` plays one: a fresh
`Session(learn=...)` reads the history, the AI plays the secret with 6 lives, and the game is
recorded in a history of the run's own (`Session.keep`). Without learning the same games are
played and recorded, but the history is never read. Nothing here is tuned: `PRIOR_GAMES` and
the AI's constants are what the package ships.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _readme import write_tables  # noqa: E402
from hangman import public_words  # noqa: E402

from wordkit import tables  # noqa: E402
from wordkit.hangman.hosts import HonestHangman  # noqa: E402
from wordkit.hangman.session import Session  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "hangman_learn.json"
HOSTS = ("one-category", "half-outside")
TABLES = {"one-category": "categories", "half-outside": "english"}
WARM_UP = 100
"""Games before the ones reported: the estimate has had 100 games to learn from."""


def secrets_of(host: str, games: int, seed: int) -> tuple[list[str], str]:
    """The host's secrets for a run, and what it draws from."""
    rng = np.random.default_rng(seed)
    columns = tables.load_columns(TABLES[host])
    words = np.array(columns.words)
    if host == "one-category":
        assert columns.categories is not None
        cats = np.array(columns.categories)
        category = str(rng.choice(sorted(set(columns.categories))))
        pool = np.unique(words[cats == category])
        return [str(w) for w in rng.choice(pool, games)], f"category {category} ({len(pool)} words)"
    known = set(columns.words)
    absent = np.array([w for w in public_words() if w not in known and 4 <= len(w) <= 12])
    weights = np.asarray(columns.weights, dtype=np.float64)
    inside = rng.choice(words, games, p=weights / weights.sum())
    outside = rng.choice(absent, games)
    picks = np.where(rng.random(games) < 0.5, inside, outside)
    return [str(w) for w in picks], f"half by weight from english, half from {len(absent)} absent"


def run(host: str, learn: bool, secrets: list[str]) -> dict[str, Any]:
    """Play the secrets in order, recording each game; the outcome of each."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        history = Path(folder) / "history.sqlite"
        won: list[bool] = []
        wrong: list[int] = []
        last = ""
        for secret in secrets:
            session = Session(words=TABLES[host], learn=learn, history=history, seed=0)
            record = session.play_ai(HonestHangman(session.pool(), seed=0, secret=secret))
            session.keep(record, source="solve", strategy="best", path=history)  # a person hosting
            won.append(record.won)
            wrong.append(record.wrong)
            last = session.host.summary() if session.host is not None else ""
    return {
        "won": won,
        "wrong": wrong,
        "estimate": last,
        "seconds": round(time.perf_counter() - started, 1),
    }


def summary(games: dict[str, Any], count: int) -> dict[str, Any]:
    """Win rate and wrong guesses over the games after the warm-up."""
    won = games["won"][WARM_UP:count]
    wrong = games["wrong"][WARM_UP:count]
    return {
        "games": len(won),
        "wins": int(sum(won)),
        "win_rate": round(sum(won) / max(1, len(won)), 4),
        "wrong_per_game": round(sum(wrong) / max(1, len(wrong)), 3),
        "estimate": games["estimate"],
        "seconds": games["seconds"],
    }


def markdown(results: dict[str, Any]) -> str:
    """The table for docs/benchmarks.md."""
    lines = [
        f"Games {WARM_UP + 1}-{results['games']} of each host, the default AI, 6 lives, secrets "
        f"drawn with seed {results['seed']}; the same secrets with `--learn` and without:",
        "",
        "| host | draws | learning | wins | win rate | wrong / game | the estimate at the end |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for host in HOSTS:
        section = results.get(host)
        if section is None:
            continue
        for mode in ("without", "with"):
            row = section[mode]
            lines.append(
                f"| {host} | {section['draws']} | {mode} | {row['wins']}/{row['games']} | "
                f"{row['win_rate']:.1%} | {row['wrong_per_game']:.3f} | {row['estimate'] or '-'} |"
            )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Run both hosts, with and without learning, two processes at a time."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", choices=HOSTS, default=list(HOSTS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    results: dict[str, Any] = json.loads(args.out.read_text()) if args.out.is_file() else {}
    results.update(games=args.games, seed=args.seed, load_before=os.getloadavg()[0])
    drawn = {host: secrets_of(host, args.games, args.seed) for host in args.only}
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {
            (host, learn): pool.submit(run, host, learn, drawn[host][0])
            for host in args.only
            for learn in (False, True)
        }
        for host in args.only:
            results[host] = {
                "draws": drawn[host][1],
                "without": summary(futures[host, False].result(), args.games),
                "with": summary(futures[host, True].result(), args.games),
            }
    results["load_after"] = os.getloadavg()[0]
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    command = "python bench/hangman_learn.py" + (
        f" --games {args.games}" if args.games != 300 else ""
    )
    if args.out == RESULTS:
        write_tables(args.out, command, markdown(results))
    print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
