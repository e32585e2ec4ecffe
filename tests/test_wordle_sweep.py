"""Opener sweeps (wordkit.wordle.sweep): ranking, cutoffs, local shards, records and resume."""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import shared_file
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.errors import InputFileError, RangeError, WordkitError
from wordkit.wordle import sweep as sweep_module
from wordkit.wordle.lists import Wordle, load_wordle, make_wordle, read_words
from wordkit.wordle.search import TreeSearch
from wordkit.wordle.sweep import (
    OpenerResult,
    SweepRecordsError,
    SweepSpec,
    choose_openers,
    rank,
    read_records,
    records_header,
    run_sweep,
    split_openers,
    sweep,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures"
EXACT = SweepSpec("optimal", running_cutoff=False)
"""Every opener's exact optimum, no cutoff."""


@pytest.fixture(scope="module")
def small() -> Wordle:
    words = read_words(FIXTURES / "wordle_small.txt")
    return make_wordle(words, words, use_disk=False)


def figures(results: list[OpenerResult]) -> list[dict[str, object]]:
    """The rows without the time each took."""
    return [r.as_dict() | {"seconds": 0} for r in results]


@pytest.fixture(scope="module")
def exact_ranking(small: Wordle) -> list[OpenerResult]:
    return run_sweep(small, "all", EXACT).results


def test_ranking_is_best_first_and_exact(small: Wordle, exact_ranking: list[OpenerResult]) -> None:
    assert len(exact_ranking) == len(small.guesses)
    assert all(r.exact and r.solved == r.games == len(small.answers) for r in exact_ranking)
    totals = [r.total or 0 for r in exact_ranking]
    assert totals == sorted(totals)
    # The exact search after an opener never loses to playing the entropy guesser after it.
    played = {r.opener: r for r in run_sweep(small, "all", SweepSpec("entropy")).results}
    for r in exact_ranking:
        assert (r.total or 0) <= (played[r.opener].total or 0)


@pytest.mark.parametrize("cutoff", [None, "best-1", "best", "best+1", "best+7", "huge"])
def test_the_cutoff_never_changes_which_opener_is_best(
    small: Wordle, exact_ranking: list[OpenerResult], cutoff: str | None
) -> None:
    best = exact_ranking[0].total or 0
    winners = {r.opener for r in exact_ranking if r.total == best}
    offsets = {"best-1": -1, "best": 0, "best+1": 1, "best+7": 7, "huge": 10**6}
    limit = None if cutoff is None else best + offsets[cutoff]
    ranked = run_sweep(small, "all", SweepSpec("optimal", cutoff=limit)).results
    truth = {r.opener: r.total for r in exact_ranking}
    for r in ranked:
        if r.exact:
            assert r.total == truth[r.opener]
        else:
            assert r.total is not None and (truth[r.opener] or 0) >= r.total
    if limit is not None and limit <= best:
        assert not any(r.exact for r in ranked)  # nothing beats the cutoff: no false winner
    else:
        assert {r.opener for r in ranked if r.exact and r.total == best} == winners
        assert ranked[0].opener in winners


def test_jobs_two_gives_the_same_figures(small: Wordle) -> None:
    spec = SweepSpec("optimal", cutoff=None, running_cutoff=False)
    one = run_sweep(small, "top:12", spec, jobs=1).results
    two = run_sweep(small, "top:12", spec, jobs=2).results
    assert figures(one) == figures(two)
    cut = SweepSpec("optimal", cutoff=(one[0].total or 0) + 3)
    assert figures(run_sweep(small, "all", cut, jobs=1).results) == figures(
        run_sweep(small, "all", cut, jobs=2).results
    )
    # The running cutoff: bounds depend on the order shards finish; the best never does.
    a = run_sweep(small, "all", SweepSpec("optimal"), jobs=2).results
    assert (a[0].opener, a[0].total, a[0].exact) == (one[0].opener, one[0].total, True)


def test_top_n_takes_the_cheapest_bound_first(small: Wordle) -> None:
    everything = choose_openers(small, "all", EXACT)
    assert choose_openers(small, "top:5", EXACT) == everything[:5]
    assert sorted(everything) == sorted(small.guesses)
    assert choose_openers(small, "CRANE, apple,crane", EXACT) in (
        ["apple", "crane"],
        ["crane", "apple"],
    )


def test_a_resumed_sweep_equals_an_uninterrupted_one(small: Wordle, tmp_path: Path) -> None:
    records = tmp_path / "sweep.jsonl"
    whole = run_sweep(small, "all", EXACT).results
    seen: list[str] = []

    def stop_after_seven(count: int) -> None:
        seen.append("x")
        if len(seen) == 7:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(small, "all", EXACT, records=str(records), progress=stop_after_seven)
    lines = records.read_text().splitlines()
    assert len(lines) == 1 + 7  # the header, then every opener finished
    # A run killed while writing leaves half a line: it is dropped on resume.
    records.write_text(records.read_text() + '{"opener": "app')
    again: list[int] = []
    resumed = run_sweep(
        small, "all", EXACT, records=str(records), started=lambda todo, done: again.extend([done])
    )
    assert again == [7]
    assert resumed.resumed == 7
    assert figures(resumed.results) == figures(whole)
    kept = read_records(records, records_header(small, EXACT))
    assert sorted(r.opener for r in kept) == sorted(small.guesses)


def test_records_of_another_sweep_are_refused(small: Wordle, tmp_path: Path) -> None:
    records = tmp_path / "sweep.jsonl"
    run_sweep(small, "top:2", EXACT, records=str(records))
    with pytest.raises(SweepRecordsError, match="holds a sweep with other --strategy"):
        run_sweep(small, "top:2", SweepSpec("entropy"), records=str(records))
    for cutoff in (SweepSpec("optimal", cutoff=80), SweepSpec("optimal")):  # one option, named once
        with pytest.raises(SweepRecordsError, match=r"holds a sweep with other --cutoff; resume"):
            run_sweep(small, "top:2", cutoff, records=str(records))
    other = tmp_path / "games.jsonl"
    other.write_text(json.dumps({"secret": "apple"}) + "\n")
    with pytest.raises(SweepRecordsError, match="is not the records file of an opener sweep"):
        run_sweep(small, "top:2", EXACT, records=str(other))


@pytest.mark.parametrize(
    ("which", "error", "message"),
    [
        ("zzzzz", WordkitError, "opener 'zzzzz' is not in the list of allowed guesses"),
        ("crane,cranes", WordkitError, "opener 'cranes' has 6 letters"),
        ("top:0", RangeError, "--openers top:N needs a whole number N ≥ 1, not '0'"),
        ("top:x", RangeError, "--openers top:N needs a whole number N ≥ 1, not 'x'"),
        ("missing.txt", InputFileError, "no openers file missing.txt"),
        ("sal3t,crane", WordkitError, "opener 'sal3t' is not a word of letters a-z"),
        ("crane,cr-ne", WordkitError, "opener 'cr-ne' is not a word of letters a-z"),
        ("crane zzzzz", WordkitError, "opener 'zzzzz' is not in the list of allowed guesses"),
        ("dir/missing", InputFileError, "no openers file dir/missing"),
        ("my-openers", InputFileError, "no openers file my-openers"),
    ],
)
def test_bad_openers(small: Wordle, which: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        choose_openers(small, which, EXACT)


def test_an_empty_openers_file(small: Wordle, tmp_path: Path) -> None:
    empty = tmp_path / "openers.txt"
    empty.write_text("# nothing here\n\n")
    with pytest.raises(InputFileError, match=f"the openers file {empty} holds no word"):
        choose_openers(small, str(empty), EXACT)
    empty.write_text("apple\n# and\ncrane beast\n")
    assert sorted(choose_openers(small, str(empty), EXACT)) == ["apple", "beast", "crane"]


@pytest.mark.parametrize(
    "text",
    ["word,weight\ncrane,3\napple,1\n", "word\tweight\ncrane\t3\napple\t1\n",
     "\ufeffword,weight\ncrane,1\napple,2\n", '"word","category"\ncrane,x\napple,y\n',
     "sep=,\nword,weight\ncrane,3\napple,1\n"],
)  # fmt: skip
def test_an_openers_file_may_be_a_word_table(small: Wordle, tmp_path: Path, text: str) -> None:
    """`prepare`'s csv or tsv output is read by its word column, as every other file option
    reads it: its header and weights were read as openers (`opener 'word' has 4 letters`)."""
    table = tmp_path / "openers.csv"
    table.write_text(text, encoding="utf-8")
    assert sorted(choose_openers(small, str(table), EXACT)) == ["apple", "crane"]
    named = tmp_path / "openers"  # the header tells it, whatever the file's name
    named.write_text(text, encoding="utf-8")
    assert sorted(choose_openers(small, str(named), EXACT)) == ["apple", "crane"]


@pytest.mark.parametrize("text", ["word\nlane\n", "word,lane\n", "word lane\n"])
def test_an_openers_file_opening_with_the_word_word_is_openers(tmp_path: Path, text: str) -> None:
    """WORD is a 4-letter word: a plain file starting with it was read as a one-column table
    (`word` its header, dropped in silence) or refused (`word,lane` is not a word)."""
    words = make_wordle(["word", "lane", "mesa"], ["word", "lane", "mesa"])
    for name in ("openers.txt", "openers.csv"):  # a .csv name does not make it a table
        openers = tmp_path / name
        openers.write_text(text)
        assert sorted(choose_openers(words, str(openers), EXACT)) == ["lane", "word"]


def test_sweep_keeps_results_given_and_reports_each_new_one_once(small: Wordle) -> None:
    openers = choose_openers(small, "top:6", EXACT)
    first = sweep(small, openers[:3], EXACT).results
    heard: list[str] = []
    whole = sweep(
        small, openers, EXACT, jobs=2, done=first, on_result=lambda r: heard.append(r.opener)
    )
    assert sorted(heard) == sorted(openers[3:])
    assert whole.resumed == 3 and len(whole.results) == 6


def test_the_running_best_is_shared_with_forked_workers() -> None:
    sweep_module._share_best(None)
    assert sweep_module._known_best(None) is None
    assert sweep_module._known_best(7930) == 7930
    with multiprocessing.get_context("fork").Pool(1) as pool:
        pool.apply(sweep_module._offer_best, (7925,))  # a worker finds 7,925
        pool.apply(sweep_module._offer_best, (7940,))  # and later a worse total
        assert pool.apply(sweep_module._known_best, (None,)) == 7925
    assert sweep_module._known_best(None) == 7925  # the parent and every worker see it
    assert sweep_module._known_best(7921) == 7921
    sweep_module._share_best(8000)
    assert sweep_module._known_best(None) == 8000


def test_with_the_running_cutoff_the_best_stays_exact_on_two_workers(small: Wordle) -> None:
    whole = run_sweep(small, "all", EXACT).results
    shared = run_sweep(small, "all", SweepSpec("optimal"), jobs=2).results
    assert (shared[0].opener, shared[0].total, shared[0].exact) == (
        whole[0].opener,
        whole[0].total,
        True,
    )
    truth = {r.opener: r.total or 0 for r in whole}
    assert all(r.total == truth[r.opener] if r.exact else truth[r.opener] >= (r.total or 0)
               for r in shared)  # fmt: skip


# --- the original lists: the proven optima -----------------------------------------------


@pytest.fixture(scope="module")
def original() -> Wordle:
    answers, allowed = shared_file("wordle", "answers.txt"), shared_file("wordle", "allowed.txt")
    return load_wordle(answers, allowed)


@pytest.mark.full
def test_proven_optima_normal_mode(original: Wordle) -> None:
    ranked = run_sweep(original, "salet,reast,trace", EXACT, jobs=2).results
    assert [(r.opener, r.total) for r in ranked] == [
        ("salet", 7920),
        ("reast", 7923),
        ("trace", 7926),
    ]


@pytest.mark.full
def test_proven_optima_hard_mode(original: Wordle) -> None:
    spec = SweepSpec("optimal", hard=True, running_cutoff=False)
    ranked = run_sweep(original, "salet,least", spec, jobs=2).results
    assert [(r.opener, r.total) for r in ranked] == [("salet", 8122), ("least", 8127)]


@pytest.mark.full
def test_a_poor_opener_is_dismissed_fast_by_the_cutoff(original: Wordle) -> None:
    ranked = run_sweep(original, "qajaq", SweepSpec("optimal", cutoff=7921)).results
    assert (ranked[0].total, ranked[0].exact) == (7921, False)
    assert ranked[0].seconds < 30


# --- the command line ----------------------------------------------------------------------

SMALL = str(FIXTURES / "wordle_small.txt")
LISTS = ["stats", "wordle", "--answers", SMALL, "--guesses", SMALL]


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, [*LISTS, *args])


def test_cli_ranks_openers_as_table_json_and_csv() -> None:
    table = invoke("--openers", "top:4", "--strategy", "optimal")
    assert table.exit_code == 0, table.output
    assert "4 openers, optimal, best first" in table.stdout
    data = json.loads(invoke("--openers", "top:4", "--strategy", "optimal", "--json").stdout)
    assert data["strategy"] == "optimal" and data["openers"] == 4
    assert data["best"] == data["results"][0]["opener"]
    assert data["running_cutoff"] is True
    csv_lines = invoke("--openers", "top:4", "--format", "csv").stdout.splitlines()
    assert csv_lines[0] == "rank,opener,total,exact,mean,max_guesses,solved,seconds"
    assert len(csv_lines) == 5


def test_cli_records_stream_and_resume_after_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = tmp_path / "sweep.jsonl"
    args = ("--openers", "all", "--strategy", "optimal", "--cutoff", "none", "--json")
    whole = json.loads(invoke(*args).stdout)["results"]
    real = sweep_module.evaluate_opener
    calls: list[str] = []

    def interrupted(opener: str, cutoff: int | None) -> OpenerResult:
        calls.append(opener)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return real(opener, cutoff)

    monkeypatch.setattr(sweep_module, "evaluate_opener", interrupted)
    stopped = invoke(*args, "--records", str(records))
    assert stopped.exit_code == 130
    assert stopped.stderr.splitlines() == [
        f"Every opener finished is kept in {records}; run the same command to resume.",
        "Interrupted.",
    ]
    assert len(records.read_text().splitlines()) == 1 + 4
    monkeypatch.setattr(sweep_module, "evaluate_opener", real)
    resumed = invoke(*args, "--records", str(records))
    assert resumed.exit_code == 0, resumed.output
    data = json.loads(resumed.stdout)
    assert data["resumed"] == 4
    assert [r | {"seconds": 0} for r in data["results"]] == [r | {"seconds": 0} for r in whole]
    assert len(records.read_text().splitlines()) == 1 + 40


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--openers", "zzzzz"), "Error: opener 'zzzzz' is not in the list of allowed guesses"),
        (
            ("--openers", "crane,cranes"),
            "Error: opener 'cranes' has 6 letters; this game uses 5-letter words",
        ),
        (("--openers", "top:0"), "Error: --openers top:N needs a whole number N ≥ 1, not '0'"),
        (
            ("--openers", "nofile.txt"),
            "Error: no openers file nofile.txt; give --openers FILE, all, top:N or WORD,WORD,...",
        ),
        (
            ("--openers", "all", "--strategy", "best"),
            "Error: unknown Wordle strategy 'best'; choose from expected-size, entropy, "
            "minimax, heuristic, heuristic-original, optimal",
        ),
        (
            ("--openers", "all", "--cutoff", "-3"),
            "Error: --cutoff must be a total of guesses (≥ 1) or none, not '-3'",
        ),
        (
            ("--openers", "all", "--opener", "crane"),
            "Error: --openers ranks openers with every answer; drop --opener",
        ),
        (("--cutoff", "90"), "Error: --cutoff ranks openers: give --openers too"),
        (
            ("--cluster", "local:2", "--host", "evil"),
            "Error: --cluster shares out the answers or openers: drop --host, --tree-in",
        ),
        (
            ("--openers", "all", "--cluster", "http://x"),
            "Error: bad --cluster address 'http://x'; give a Dask scheduler as "
            "tcp://HOST:PORT (or HOST:PORT), or local:N to start N workers here",
        ),
    ],
)
def test_cli_bad_input_is_one_error_line(args: tuple[str, ...], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 1
    assert result.stderr.strip() == message


def test_cli_an_empty_openers_file(tmp_path: Path) -> None:
    empty = tmp_path / "openers.txt"
    empty.write_text("\n")
    result = invoke("--openers", str(empty))
    assert (result.exit_code, result.stderr.strip()) == (
        1,
        f"Error: the openers file {empty} holds no word",
    )


def recorded_chunks(monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """The chunks a sweep hands to `runner.stream_chunks`, recorded as they go out."""
    sent: list[list[Any]] = []
    real = sweep_module.runner.stream_chunks

    def recorded(play: Any, chunks: Any, **where: Any) -> Any:
        def seen() -> Any:
            for chunk in chunks:
                sent.append(chunk)
                yield chunk

        return real(play, seen(), **where)

    monkeypatch.setattr(sweep_module.runner, "stream_chunks", recorded)
    return sent


def test_split_buckets_go_out_in_chunks_of_one_opener_small_ones_together(
    small: Wordle, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bucket weighing the chunk's weight or more goes alone, small ones share a chunk, a
    chunk never mixes openers, and every bucket of every opener is sent once."""
    sent = recorded_chunks(monkeypatch)
    monkeypatch.setattr(sweep_module, "CHUNK_WEIGHT", 3**2)
    monkeypatch.setattr(sweep_module, "BUCKET_OVERHEAD", 1)
    openers = choose_openers(small, "top:3", EXACT)
    list(split_openers(small, openers, EXACT, None, jobs=1, cluster=None))
    assert all(len({opener for opener, *_ in chunk}) == 1 for chunk in sent)
    weights = [[len(b) ** 2 + sweep_module.BUCKET_OVERHEAD for _, _, b, *_ in c] for c in sent]
    assert all(sum(w[:-1]) < 3**2 for w in weights)  # closed once it reaches the weight
    assert any(len(c) > 1 for c in sent) and any(len(c) == 1 and len(c[0][2]) >= 3 for c in sent)
    per_opener = {o: sorted(p for c in sent for op, p, *_ in c if op == o) for o in openers}
    search = TreeSearch(small)
    for opener in openers:
        buckets = search.buckets(small.check_guess(opener), small.all_answers())
        assert per_opener[opener] == sorted(p for p, _ in buckets)


def test_one_opener_in_one_process_tells_each_bucket_smallest_first(
    small: Wordle, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One opener on one worker is split too, so that its progress moves: `on_part` hears
    (opener, 0, buckets) when it starts, then each bucket back; with no cutoff the buckets go
    smallest first (the work is the same in any order), and the total is the unsplit one."""
    sent = recorded_chunks(monkeypatch)
    opener = choose_openers(small, "top:1", EXACT)[0]
    heard: list[tuple[str, int, int]] = []
    got = sweep_module.sweep(small, [opener], EXACT, on_part=lambda *a: heard.append(a))
    search = TreeSearch(small)
    buckets = search.buckets(small.check_guess(opener), small.all_answers())
    assert heard == [(opener, k, len(buckets)) for k in range(len(buckets) + 1)]
    sizes = [len(b) for chunk in sent for _, _, b, *_ in chunk]
    assert sizes == sorted(sizes)
    whole = sweep_module._exact(search, small.check_guess(opener), None)
    assert got.results[0].total == whole["total"]
    assert got.results[0].max_guesses == whole["max_guesses"]


@pytest.fixture(scope="module")
def wider() -> Wordle:
    """160 built-in answers and 500 more guesses: buckets whose shares of guesses differ."""
    from wordkit.wordle.lists import builtin_wordle

    words = builtin_wordle()
    rng = random.Random(5)
    answers = sorted(rng.sample(list(words.answers), 160))
    guesses = sorted(set(answers) | set(rng.sample(list(words.guesses), 500)))
    return make_wordle(guesses, answers, use_disk=False)


@pytest.mark.parametrize(
    ("hard", "margin", "slow"),
    [(False, None, True), (True, None, True), (False, 3, True), (True, 3, True),
     (False, 0, False), (True, 0, False)],
)  # fmt: skip
def test_buckets_joined_by_idle_workers_give_the_unsplit_figures(
    wider: Wordle, hard: bool, margin: int | None, slow: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One opener on two workers, its buckets of eight answers or more searched through
    shared slots, joined by a free worker while guesses are left to claim: each part is sent
    once, after the bucket's own task, and the totals, bounds and longest games are those of
    the whole search."""
    sent = recorded_chunks(monkeypatch)
    monkeypatch.setattr(sweep_module, "JOIN_MIN", 8)
    monkeypatch.setattr(sweep_module, "JOIN_RANKS", 1)
    if slow:
        monkeypatch.setattr(sweep_module, "CLAIM", 1)
        monkeypatch.setattr(sweep_module._Slot, "claim", _slow_claim)
    exact = SweepSpec("optimal", hard=hard, running_cutoff=False)
    search = TreeSearch(wider, hard=hard)
    joined = 0
    for opener in ("abase", "abaft", "abbas"):
        whole = sweep(wider, [opener], exact).results
        cutoff = None if margin is None else max(1, (whole[0].total or 0) + margin)
        spec = SweepSpec("optimal", hard=hard, cutoff=cutoff, running_cutoff=False)
        sent.clear()
        alone = sweep(wider, [opener], spec, jobs=2).results
        tasks = [(p, part, slot) for c in sent for _, p, b, _, part, slot in c]
        assert figures(alone) == figures(sweep(wider, [opener], spec).results)
        assert len(tasks) == len({(p, part) for p, part, _ in tasks})
        big = {p for p, b in search.buckets(wider.check_guess(opener), wider.all_answers())
               if len(b) >= 8}  # fmt: skip
        assert {p for p, _, slot in tasks if slot >= 0} <= big
        joins = [(i, p) for i, (p, part, _) in enumerate(tasks) if part]
        assert all(part == 1 and p in big for p, part, _ in tasks if part)
        assert all(tasks.index((p, 0, slot)) < i for i, p in joins for q, _, slot in tasks
                   if q == p)  # fmt: skip
        joined += len(joins)
    if slow:  # a bucket's own worker claims slowly: the other joins it
        assert joined


def _slow_claim(self: Any) -> range:
    """A rank claimed every few milliseconds (in the workers: set before they fork)."""
    time.sleep(0.003)
    return _real_claim(self)


_real_claim = sweep_module._Slot.claim


@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("margin", [None, 3, 0, -10_000])
def test_openers_split_into_buckets_give_the_unsplit_figures(
    small: Wordle, hard: bool, margin: int | None
) -> None:
    """Each opener's buckets solved as separate tasks (on one worker or two) under budgets
    from the other buckets' floors: the same totals, bounds and longest games."""
    exact = SweepSpec("optimal", hard=hard, running_cutoff=False)
    openers = choose_openers(small, "top:6", exact)
    whole = sweep(small, openers, exact).results
    cutoff = None if margin is None else max(1, (whole[0].total or 0) + margin)
    spec = SweepSpec("optimal", hard=hard, cutoff=cutoff, running_cutoff=False)
    one = rank(list(split_openers(small, openers, spec, None, jobs=1, cluster=None)))
    unsplit = sweep(small, openers, spec).results
    assert figures(one) == figures(unsplit)
    two = sweep(small, openers, spec, jobs=2).results  # whole openers on two workers
    assert figures(two) == figures(unsplit)
    alone = sweep(small, openers[:1], spec, jobs=2).results  # one opener: split on two
    assert figures(alone) == figures(sweep(small, openers[:1], spec).results)
    if margin == -10_000:  # a cutoff below any total: every opener a bound, no task sent
        assert all(not r.exact and r.total == 1 for r in two)


def test_a_bound_kept_from_another_opener_list_is_searched_again(tmp_path: Path) -> None:
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_text("bills\nhills\nkills\nmills\npills\nfills\ntills\nwills\ngills\n")
    guesses.write_text("crane\nsalet\nmikes\nbhang\nthumb\n")
    records = str(tmp_path / "r.jsonl")
    base = ["stats", "wordle", "--answers", str(answers), "--guesses", str(guesses),
            "--strategy", "optimal", "--format", "json"]  # fmt: skip

    def ranking(*args: str) -> list[tuple[str, int, bool]]:
        result = CliRunner().invoke(app, [*base, *args])
        assert result.exit_code == 0, result.output
        return [(r["opener"], r["total"], r["exact"]) for r in json.loads(result.stdout)["results"]]

    # BHANG is cut at THUMB's 28 + 1: a bound that says nothing once THUMB is not in the run
    assert ranking("--openers", "thumb,bhang", "--records", records) == [
        ("thumb", 28, True), ("bhang", 29, False)]  # fmt: skip
    alone = ranking("--openers", "bhang,fills")
    assert alone == [("bhang", 30, True), ("fills", 31, False)]
    assert ranking("--openers", "bhang,fills", "--records", records) == alone
    assert ranking("--openers", "bhang,fills", "--records", records) == alone  # resumed whole


def _result(opener: str, total: int, exact: bool) -> OpenerResult:
    return OpenerResult(opener=opener, total=total, exact=exact, games=10,
                        solved=10 if exact else None, max_guesses=3 if exact else None,
                        seconds=0.0)  # fmt: skip


def test_a_bound_ranks_after_every_exact_total_whatever_its_value() -> None:
    # Searched in this order with a running cutoff: SALET 7,889, CRANE 7,880, then ADIEU
    # stopped at >= 7,881 (it is 8,322): its bound says nothing against SALET's total.
    got = rank([_result("salet", 7889, True), _result("adieu", 7881, False),
                _result("crane", 7880, True)])  # fmt: skip
    assert [r.opener for r in got] == ["crane", "salet", "adieu"]


def test_an_opener_proven_infeasible_ranks_last_and_is_never_the_best() -> None:
    infeasible = OpenerResult(opener="aaaaa", total=None, exact=True, games=10, solved=8,
                              max_guesses=None, seconds=0.0)  # fmt: skip
    got = rank([infeasible, _result("bbbbb", 25, False)])
    assert [r.opener for r in got] == ["bbbbb", "aaaaa"]
    sweep_of = sweep_module.Sweep(EXACT, got, 0.0)
    assert sweep_of.as_dict()["best"] is None
    assert sweep_of.places() == [None, None]  # after a bound, nothing is ranked
    alone = sweep_module.Sweep(EXACT, [infeasible], 0.0)
    assert alone.as_dict()["best"] is None and alone.places() == [1]


def test_a_bound_is_unranked_and_never_the_best() -> None:
    every_cut = json.loads(invoke("--openers", "top:3", "--strategy", "optimal", "--cutoff", "1",
                                  "--json").stdout)  # fmt: skip
    assert every_cut["best"] is None
    assert [r["exact"] for r in every_cut["results"]] == [False, False, False]
    csv_rows = invoke("--openers", "top:3", "--strategy", "optimal", "--cutoff", "1",
                      "--format", "csv").stdout.splitlines()[1:]  # fmt: skip
    assert [row.split(",")[0] for row in csv_rows] == ["", "", ""]
    table = invoke("--openers", "top:3", "--strategy", "optimal", "--cutoff", "1").stdout
    assert "3 openers stopped once unable to beat the cutoff 1; unranked" in table
