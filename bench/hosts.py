"""Benchmark the adversarial hosts: wrong guesses each Hangman guesser needs to beat evil-hard
and lookahead on `english` (unlimited lives, lengths 3-12), and guesses each Wordle strategy
needs against Absurdle on the original lists and on the built-in tables.

`python bench/hosts.py [--quick] [--out PATH]` (--quick: lengths 3-6 and no depth-3 lookahead;
--out: write the results there instead of bench/results/hosts.json).
"""

from __future__ import annotations

import json
import multiprocessing as mp
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
from _readme import write_tables

from wordkit.hangman.guessers import guesser_names, make_guesser
from wordkit.hangman.hosts import EvilHangman, LookaheadHangman, PoolHost
from wordkit.hangman.lexicon import Pool, lexicon_from_table, pool_for
from wordkit.hangman.play import UNLIMITED, opening, play
from wordkit.hangman.rules import Rules, State
from wordkit.hangman.search import FamilySearch
from wordkit.tables import load_table
from wordkit.wordle import guessers as wordle_guessers
from wordkit.wordle import rules as wordle_rules
from wordkit.wordle.lists import Wordle, load_wordle, make_wordle
from wordkit.wordle.play import guesser_for, versus

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "hosts.json"
SHARED_WORDLE = ROOT.parent / "shared" / "data" / "wordle"
COMMAND = "python bench/hosts.py"
LENGTHS = range(3, 13)
OWN_GUESSERS = ["greedy", "minimax", "minimax-search"]
EXTRA_GUESSERS = ["expected-size"]
"""Registry guessers not in the published table (the trainer's advisor)."""
GUESSER_BUDGET_S = 120.0
"""A guesser that has used this much time against one host skips that host's other lengths."""
SLOW_GUESSERS = {"lookahead": [8, 10, 12]}
"""Registry guessers whose exact search is slow with unlimited lives: sampled lengths only."""
SLOW_HOSTS = ("evil-hard", "lookahead-3")
"""The only hosts the slow guessers play."""
GAME_TIMEOUT_S = 90.0
"""A slow guesser's game (run in a child process) is abandoned after this long."""

HostMaker = Callable[[Pool, int], PoolHost]
HOSTS: dict[str, HostMaker] = {
    "evil-hard": lambda pool, n: EvilHangman(pool, length=n, difficulty="hard"),
    "evil-medium": lambda pool, n: EvilHangman(pool, length=n, difficulty="medium"),
    "evil-easy": lambda pool, n: EvilHangman(pool, length=n, difficulty="easy"),
    "lookahead-2": lambda pool, n: LookaheadHangman(pool, length=n, search=FamilySearch(depth=2)),
    "lookahead-3": lambda pool, n: LookaheadHangman(pool, length=n, search=FamilySearch(depth=3)),
}


class TimedHost:
    """A host wrapper recording the slowest answer (the interactive latency)."""

    def __init__(self, host: PoolHost) -> None:
        self.host = host
        self.name = host.name
        self.slowest = 0.0

    def start(self, rules: Rules) -> State:
        """The wrapped host's opening state."""
        return self.host.start(rules)

    def answer(self, state: State, guess: str) -> State:
        """The wrapped host's answer, timed."""
        began = time.perf_counter()
        after = self.host.answer(state, guess)
        self.slowest = max(self.slowest, time.perf_counter() - began)
        return after

    def reveal(self, state: State | None = None) -> str:
        """The wrapped host's final word (for the game's last state)."""
        return self.host.reveal(state)


_SHARED: dict[str, Any] = {}


def forked_game(host_name: str, guesser_name: str, length: int) -> tuple[int, bool, str]:
    """(wrong, won, word) of one game, run in a forked child that inherits the pool."""
    pool: Pool = _SHARED["pool"]
    host = HOSTS[host_name](pool, length)
    record = play(make_guesser(guesser_name), host, opening(host, UNLIMITED, pool))
    return record.wrong or 0, record.won, record.secret


def game_with_timeout(
    host_name: str, guesser_name: str, length: int
) -> tuple[int, bool, str] | None:
    """`forked_game` in a child process, or None when it runs past GAME_TIMEOUT_S."""
    workers = mp.get_context("fork").Pool(1)
    try:
        job = workers.apply_async(forked_game, (host_name, guesser_name, length))
        return job.get(timeout=GAME_TIMEOUT_S)
    except mp.TimeoutError:
        return None
    finally:
        workers.terminate()
        workers.join()


def slow_row(host_name: str, name: str) -> dict[str, Any]:
    """A slow guesser's figures: sampled lengths, each game in a child with a timeout."""
    row: dict[str, Any] = {"wrong": {}, "word": {}, "skipped": [], "timeouts": []}
    row["sampled_lengths"] = SLOW_GUESSERS[name]
    began = time.perf_counter()
    for length in SLOW_GUESSERS[name]:
        outcome = game_with_timeout(host_name, name, length)
        if outcome is None:
            row["timeouts"].append(length)
            continue
        wrong, won, word = outcome
        row["wrong"][length] = wrong if won else None
        row["word"][length] = word
    row["seconds"] = round(time.perf_counter() - began, 2)
    print(f"  {host_name:12} {name:15} {row['seconds']:6.1f} s", file=sys.stderr, flush=True)
    return row


def hangman_figures(pool: Pool, hosts: list[str], guessers: list[str]) -> dict[str, Any]:
    """Per host, guesser and length: wrong guesses to win, the word named, time and latency."""
    out: dict[str, Any] = {}
    _SHARED["pool"] = pool
    for host_name in hosts:
        per_guesser: dict[str, Any] = {}
        for name in guessers:
            if name in SLOW_GUESSERS:
                if host_name in SLOW_HOSTS:
                    per_guesser[name] = slow_row(host_name, name)
                continue
            guesser = make_guesser(name)
            row: dict[str, Any] = {"wrong": {}, "word": {}, "skipped": []}
            spent, slowest = 0.0, 0.0
            for length in LENGTHS:
                if spent > GUESSER_BUDGET_S:
                    row["skipped"].append(length)
                    continue
                host = TimedHost(HOSTS[host_name](pool, length))
                began = time.perf_counter()
                record = play(guesser, host, opening(host, UNLIMITED, pool))
                spent += time.perf_counter() - began
                slowest = max(slowest, host.slowest)
                row["wrong"][length] = record.wrong if record.won else None
                row["word"][length] = record.secret
            row["seconds"] = round(spent, 2)
            row["slowest_answer_s"] = round(slowest, 3)
            per_guesser[name] = row
            print(f"  {host_name:12} {name:15} {spent:6.1f} s", file=sys.stderr, flush=True)
        out[host_name] = per_guesser
    return out


def wordle_figures(game: Wordle) -> dict[str, Any]:
    """Per strategy: guesses needed against Absurdle, the turns played and the time."""
    out: dict[str, Any] = {}
    for name in wordle_guessers.guesser_names():
        began = time.perf_counter()
        rules = wordle_rules.Rules(length=game.length, max_guesses=None)
        record, turns = versus(game, "evil", guesser_for(game, name), rules)
        out[name] = {
            "guesses": record.guesses if record.won else None,
            "turns": [f"{g}:{p}" for g, p in turns],
            "word": record.secret,
            "seconds": round(time.perf_counter() - began, 2),
        }
        print(f"  absurdle {name:15} {out[name]['seconds']:6.1f} s", file=sys.stderr, flush=True)
    return out


def wordle_games() -> dict[str, Wordle]:
    """The Wordle list pairs: the original lists (when present) and the built-in tables."""
    games: dict[str, Wordle] = {}
    answers, allowed = SHARED_WORDLE / "answers.txt", SHARED_WORDLE / "allowed.txt"
    if answers.is_file() and allowed.is_file():
        games["original"] = load_wordle(answers, allowed)
    builtin_answers = [str(w) for w in load_table("wordle")["word"]]
    builtin_guesses = [str(w) for w in load_table("wordle-guesses")["word"]]
    games["built-in (`--answers wordle`)"] = make_wordle(builtin_guesses, builtin_answers)
    return games


def markdown_hangman(figures: dict[str, Any], guessers: list[str]) -> str:
    """One table per host: lengths down, guessers across, wrong guesses needed to win."""
    parts = []
    for host_name, per_guesser in figures.items():
        lines = [
            f"**{host_name}** (wrong guesses to win, unlimited lives)",
            "",
            "| length | " + " | ".join(guessers) + " |",
            "|---" * (len(guessers) + 1) + "|",
        ]
        for length in LENGTHS:
            cells = [cell(per_guesser.get(g), length) for g in guessers]
            lines.append(f"| {length} | " + " | ".join(cells) + " |")
        means = [mean_wrong(per_guesser[g]) if g in per_guesser else None for g in guessers]
        lines.append(
            "| mean | " + " | ".join("–" if m is None else f"{m:.2f}" for m in means) + " |"
        )
        parts.append("\n".join(lines))
    for name, lengths in SLOW_GUESSERS.items():
        if name in guessers:
            parts.append(
                f"`{name}`: lengths {', '.join(map(str, lengths))} only, against "
                f"{' and '.join(SLOW_HOSTS)} only (its search is slow with unlimited lives), "
                "so its mean is not comparable with the other columns."
            )
    return "\n\n".join(parts)


def cell(row: dict[str, Any] | None, length: int) -> str:
    """A table cell: wrong guesses, `timeout`, or `–` when not played."""
    if row is None:
        return "–"
    if length in row.get("timeouts", []):
        return "timeout"
    wrong = row["wrong"]
    return str(wrong.get(length, wrong.get(str(length), "–")))  # str keys once read from JSON


def mean_wrong(row: dict[str, Any]) -> float:
    """Mean wrong guesses over the lengths played."""
    values = [v for v in row["wrong"].values() if v is not None]
    return sum(values) / len(values) if values else float("nan")


def markdown_wordle(figures: dict[str, Any]) -> str:
    """Lists across, strategies down: guesses needed against Absurdle."""
    names = list(figures)
    strategies = list(next(iter(figures.values())))
    lines = ["| strategy | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for s in strategies:
        lines.append(f"| {s} | " + " | ".join(str(figures[n][s]["guesses"]) for n in names) + " |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """Run both benchmarks, write bench/results/hosts.json and print markdown tables."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="lengths 3-6, no lookahead-3 host")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the results file")
    parser.add_argument(
        "--tables-only", action="store_true", help="write the saved results' tables, run nothing"
    )
    args = parser.parse_args(argv)
    quick, out = args.quick, args.out
    if args.tables_only:
        saved = json.loads(out.read_text(encoding="utf-8"))
        write_tables(out, COMMAND, tables(saved["hangman"]["figures"], saved["wordle_absurdle"]))
        return
    global LENGTHS
    if quick:
        LENGTHS = range(3, 7)
    began = time.perf_counter()
    table = load_table("english")
    pool = pool_for(lexicon_from_table(table), prior="uniform")
    registry = [g for g in guesser_names() if g not in OWN_GUESSERS and g not in EXTRA_GUESSERS]
    guessers = ["greedy", *registry, "minimax", "minimax-search"]
    hosts = [h for h in HOSTS if not (quick and h == "lookahead-3")]
    hangman = hangman_figures(pool, hosts, guessers)
    words = pd.Series([str(w) for w in table["word"]])
    wordle = {name: wordle_figures(game) for name, game in wordle_games().items()}
    results = {
        "hangman": {
            "table": "english",
            "words": int(words.nunique()),
            "words_by_length": {n: int((words.str.len() == n).sum()) for n in LENGTHS},
            "lives": "unlimited",
            "prior": "uniform",
            "figures": hangman,
        },
        "wordle_absurdle": wordle,
        "seconds": round(time.perf_counter() - began, 1),
    }
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(write_tables(out, COMMAND, tables(hangman, wordle)).read_text())
    print(f"\n{results['seconds']} s in all; written to {out}")


def tables(hangman: dict[str, Any], wordle: dict[str, Any]) -> str:
    """The README's tables: Hangman hosts by length and guesser, Wordle against Absurdle."""
    guessers = list(dict.fromkeys(g for per_guesser in hangman.values() for g in per_guesser))
    return (
        markdown_hangman(hangman, guessers)
        + "\n\n**Wordle against Absurdle** (guesses to solve)\n\n"
        + markdown_wordle(wordle)
    )


if __name__ == "__main__":
    main(sys.argv[1:])
