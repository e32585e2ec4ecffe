"""Trust, round 3: the cache deletes and reads only its own regular files, every number typed
or set in the environment is parsed strictly, the exact endgame is fast on degenerate lists,
options a mode ignores are refused, and decomposed accents fold like composed ones."""

from __future__ import annotations

import inspect
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordkit import cache
from wordkit.cli import app

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = str(FIXTURES / "wordle_small.txt")
WORDLE = ["--answers", SMALL, "--guesses", SMALL]
HANGMAN = ["--words", str(FIXTURES / "cli_hangman.csv")]
KEY = "0123456789abcdef01234567"  # a content hash, as the cache's file names hold
runner = CliRunner()


def refused(args: list[str], message: str | None = None) -> str:
    """Run the CLI, assert one `Error:` line and exit 1 (with `message` when given)."""
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert result.stdout == "", result.stdout
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    if message is not None:
        assert result.stderr == f"Error: {message}\n"
    return result.stderr


# --- the cache ------------------------------------------------------------------------------


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of this test's own."""
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    monkeypatch.delenv("WORDKIT_CACHE_MB", raising=False)
    return tmp_path


def test_cache_clear_deletes_only_wordkits_files(own_cache: Path, tmp_path_factory) -> None:
    outside = tmp_path_factory.mktemp("outside") / "precious.txt"
    outside.write_text("keep me")
    (own_cache / "notes.txt").write_text("mine")
    (own_cache / "wordle-matrix-abc.npy.bak").mkdir()
    (own_cache / f"table-{'f' * 24}.npz").symlink_to(outside)
    (own_cache / f".table-{KEY}.npz.123.tmp").write_bytes(b"a write under way")
    # A user's files named like the cache's: only the names wordkit writes are its own
    for name in ("table-plan.csv", "wordle-tree-notes.txt", f"table-{KEY}.npz.old"):
        (own_cache / name).write_text("mine")
    cache.write_cached(f"table-{KEY}.npz", b"x" * 10)
    cache.write_cached(f"wordle-openers-{KEY}.json", b"{}")
    result = runner.invoke(app, ["cache", "clear"])
    assert (result.exit_code, result.stdout) == (0, f"deleted 2 files from {own_cache}\n")
    assert sorted(p.name for p in own_cache.iterdir()) == [
        f".table-{KEY}.npz.123.tmp",
        "notes.txt",
        f"table-{KEY}.npz.old",
        f"table-{'f' * 24}.npz",
        "table-plan.csv",
        "wordle-matrix-abc.npy.bak",
        "wordle-tree-notes.txt",
    ]
    assert outside.read_text() == "keep me"


def test_a_cache_that_cannot_be_cleared_says_so(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.write_cached(f"table-{KEY}.npz", b"x" * 10)

    def read_only(path: Path, missing_ok: bool = False) -> None:
        raise PermissionError(30, "Read-only file system")

    monkeypatch.setattr(Path, "unlink", read_only)
    refused(
        ["cache", "clear"],
        f"cannot delete 1 of the cache's files in {own_cache} (Read-only file system); deleted 0",
    )


def test_a_file_in_place_of_the_cache_folder_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "afile").write_text("x")
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "afile"))
    message = f"the cache folder {tmp_path / 'afile'} is not a folder: nothing can be cached there"
    refused(["cache", "info"], message)
    refused(["cache", "clear"], message)
    result = runner.invoke(app, ["solve", "hangman", *HANGMAN, "--mask", "_____"])
    assert result.exit_code == 0, result.output  # a run only computes again


def test_a_cache_folder_that_cannot_be_listed_is_an_error(
    own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Not an empty cache: `info` said 0 files and `clear` deleted 0 of them, exit 0.
    cache.write_cached(f"table-{KEY}.npz", b"x" * 10)

    def unlistable(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(os, "scandir", unlistable)
        message = f"the cache folder {own_cache} cannot be listed (Permission denied)"
        refused(["cache", "info"], message)
        refused(["cache", "clear"], message)

    class Unreadable:  # what a folder that lists but cannot be entered (mode 644) gives
        name, path = f"table-{KEY}.npz", str(own_cache / f"table-{KEY}.npz")

        def stat(self, follow_symlinks: bool = True) -> None:
            raise PermissionError(13, "Permission denied")

    class Listing(list):  # type: ignore[type-arg]
        def __enter__(self) -> Listing:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

    with monkeypatch.context() as patch:
        patch.setattr(os, "scandir", lambda path: Listing([Unreadable()]))
        message = f"the cache folder {own_cache} cannot be read (Permission denied)"
        refused(["cache", "info"], message)
        refused(["cache", "clear"], message)
    (tmp_path / "afile").write_text("x")  # a path through a file can hold no folder
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "afile" / "sub"))
    refused(
        ["cache", "info"],
        f"the cache folder {tmp_path / 'afile' / 'sub'} cannot be listed (Not a directory)",
    )
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "none"))  # not made yet: empty
    assert runner.invoke(app, ["cache", "clear"]).exit_code == 0


@pytest.fixture
def homeless(monkeypatch: pytest.MonkeyPatch) -> None:
    """No HOME, no password entry, no XDG folders: no cache and no history folder."""
    import pwd

    def no_entry(uid: int) -> None:
        raise KeyError(uid)

    for name in ("HOME", "WORDKIT_CACHE", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(pwd, "getpwuid", no_entry)


@pytest.mark.usefixtures("homeless")
def test_without_a_home_runs_go_on_without_cache_or_history() -> None:
    result = runner.invoke(app, ["solve", "hangman", *HANGMAN, "--mask", "_____"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["stats", "wordle", *WORDLE, "--strategy", "entropy"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(
        app, ["host", "hangman", *HANGMAN, "--seed", "1", "--no-record"], input="Q\n"
    )
    assert result.exit_code == 0, result.output
    refused(
        ["cache", "info"],
        "no folder for the disk cache: no home (HOME is unset or not an absolute path, and "
        "the user has no entry); set WORDKIT_CACHE or XDG_CACHE_HOME",
    )
    refused(
        ["host", "hangman", *HANGMAN, "--seed", "1"],
        "no folder for the game history: no home (HOME is unset or not an absolute path, "
        "and the user has no entry); set XDG_DATA_HOME, give --history-db FILE, or play "
        "with --no-record",
    )


def test_an_empty_home_is_no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    import pwd

    monkeypatch.setenv("HOME", "")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("WORDKIT_CACHE", raising=False)
    entry = Path(pwd.getpwuid(os.getuid()).pw_dir)
    assert cache.cache_dir() == entry / ".cache" / "wordkit"  # never ./.cache
    monkeypatch.setenv("HOME", "relative")
    assert cache.cache_dir() == entry / ".cache" / "wordkit"


def test_the_size_cap_never_deletes_other_files(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (own_cache / "big-user-file.bin").write_bytes(b"u" * 4096)
    monkeypatch.setenv("WORDKIT_CACHE_MB", str(1 / 1024))  # 1 KiB
    cache.write_cached(f"table-{KEY}.npz", b"x" * 512)
    assert (own_cache / "big-user-file.bin").stat().st_size == 4096
    assert cache.cache_info().files == 1


def test_a_stale_temp_file_of_a_killed_write_is_cleared(own_cache: Path) -> None:
    stale = own_cache / f".table-{KEY}.npz.abc.tmp"
    stale.write_bytes(b"half")
    os.utime(stale, (1000, 1000))
    assert cache.clear_cache() == 1 and not stale.exists()


def _finishes(action, seconds: float = 20.0) -> None:
    """Run `action` in a thread and fail (instead of hanging the suite) if it blocks."""
    done: list[object] = []
    thread = threading.Thread(target=lambda: done.append(action()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, "blocked"


@pytest.mark.parametrize("kind", ["fifo", "dir", "link-zero", "link-file"])
def test_a_cache_entry_that_is_not_a_regular_file_is_a_miss(
    own_cache: Path, tmp_path_factory, kind: str
) -> None:
    name = f"wordle-openers-{KEY}.json"
    entry = own_cache / name
    if kind == "fifo":
        os.mkfifo(entry)
    elif kind == "dir":
        entry.mkdir()
    elif kind == "link-zero":
        entry.symlink_to("/dev/zero")
    else:
        target = tmp_path_factory.mktemp("elsewhere") / "x.json"
        target.write_text('{"a": 1}')
        entry.symlink_to(target)
    _finishes(lambda: cache.read_cached(name))
    assert cache.read_cached(name) is None and cache.cached_file(name) is None
    assert cache.read_cached_json(name, dict) is None


def test_a_fifo_in_place_of_every_cache_file_does_not_block_a_run(own_cache: Path) -> None:
    args = ["stats", "wordle", *WORDLE, "--strategy", "entropy"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    names = [p.name for p in own_cache.iterdir()]
    assert names
    for name in names:
        (own_cache / name).unlink()
        os.mkfifo(own_cache / name)
    results: list = []
    _finishes(lambda: results.append(runner.invoke(app, args)), 60)
    assert results[0].exit_code == 0
    assert results[0].stdout.splitlines()[:5] == first.stdout.splitlines()[:5]


@pytest.mark.parametrize(
    "value", ["inf", "nan", "1e308", "-1", "abc", "1_0", "٣", "²", "0x10", "1e7000", " -0.5"]
)
def test_a_bad_cache_cap_is_one_error_line(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("WORDKIT_CACHE_MB", value)
    message = refused(["cache", "info"])
    assert "WORDKIT_CACHE_MB=" in message and "from 0 (no cache) to 10,000,000" in message
    refused(["solve", "wordle", *WORDLE])


@pytest.mark.parametrize(("value", "limit"), [("0", 0), ("200", 200 * 2**20), (".5", 2**19)])
def test_a_good_cache_cap_is_taken(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch, value: str, limit: int
) -> None:
    monkeypatch.setenv("WORDKIT_CACHE_MB", value)
    assert cache.limit_bytes() == limit


# --- the exact endgame on lists where every guess finds one answer at a time ----------------

AT = [
    "bat",
    "cat",
    "eat",
    "fat",
    "gat",
    "hat",
    "lat",
    "mat",
    "oat",
    "pat",
    "rat",
    "sat",
    "tat",
    "vat",
    "wat",
]
AN = ["ban", "can", "fan", "man", "pan", "ran", "tan", "van", "wan"]
LETTERS = [chr(c) for c in range(ord("a"), ord("z") + 1)]


@pytest.mark.parametrize(
    ("answers", "guesses"),
    [(AT, AT), (LETTERS, LETTERS), (AT + AN, AT + AN), (AT, AT + AN), (AT[:6], AT + AN)],
)
@pytest.mark.parametrize("hard", [[], ["--hard"]])
def test_degenerate_lists_finish_fast(
    tmp_path: Path, answers: list[str], guesses: list[str], hard: list[str]
) -> None:
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(guesses) + "\n")
    lists = ["--answers", str(tmp_path / "a.txt"), "--guesses", str(tmp_path / "g.txt")]
    results: list = []
    _finishes(lambda: results.append(runner.invoke(app, ["stats", "wordle", *lists, *hard])), 30)
    assert results[0].exit_code == 0, results[0].output
    assert f"games           │ {len(answers)} " in results[0].stdout


@pytest.mark.parametrize("n", [3, 6, 15])
def test_one_at_a_time_is_n_n_plus_1_over_2(n: int) -> None:
    from wordkit.wordle.lists import make_wordle
    from wordkit.wordle.search import INF, TreeSearch

    game = make_wordle(AT[:n], AT[:n], use_disk=False)
    search = TreeSearch(game, max_guesses=None)
    assert search.best(game.all_answers())[0] == n * (n + 1) // 2
    assert TreeSearch(game, max_guesses=n).total_with(AT[0]) == n * (n + 1) // 2
    assert TreeSearch(game, max_guesses=n - 1).total_with(AT[0]) == INF


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("max_guesses", [None, 5, 3])
def test_the_bounds_keep_exact_values_on_rhyme_families(
    seed: int, hard: bool, max_guesses: int | None
) -> None:
    import random

    from test_wordle_optimal import assert_matches_brute_force

    from wordkit.wordle.lists import make_wordle

    rng = random.Random(seed)
    ight = ["bight", "fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    ound = ["bound", "found", "hound", "mound", "pound", "round", "sound", "wound"]
    pool = ight + ound + ["thing", "dough", "frown"]  # five letters: the brute force's win
    guesses = sorted(rng.sample(pool, 11))
    answers = tuple(sorted(rng.sample(guesses, 7)))
    assert_matches_brute_force(make_wordle(guesses, answers, use_disk=False), hard, max_guesses)


# --- numbers typed by hand: ASCII digits only, bounded -------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from wordkit.game import decimal_number, whole_number  # noqa: E402

# Digits Python's int() or str.isdigit() take that are not ASCII: superscripts, Arabic-Indic,
# Devanagari, fullwidth, circled.
ODD_DIGITS = st.text(
    alphabet=st.sampled_from("²³¹٠١٣٥۴७０９①"), min_size=1, max_size=4
) | st.builds(lambda a, b: a + b, st.sampled_from(["1", "12", ""]), st.sampled_from("²٣９"))


@settings(max_examples=60, deadline=None)
@given(ODD_DIGITS)
def test_unicode_digits_are_never_numbers(text: str) -> None:
    assert whole_number(text) is None and decimal_number(text) is None


@pytest.mark.parametrize("text", ["1_0", "+3", "-3", "inf", "nan", "1e3", "0x1", "", " "])
def test_only_plain_digits_are_whole_numbers(text: str) -> None:
    assert whole_number(text) is None


@settings(max_examples=25, deadline=None)
@given(ODD_DIGITS)
def test_unicode_digits_are_refused_by_every_hand_parsed_option(text: str) -> None:
    assert "top:N needs a whole number" in refused(
        ["stats", "wordle", *WORDLE, "--openers", f"top:{text}"]
    )
    assert "--cutoff must be a total" in refused(
        ["stats", "wordle", *WORDLE, "--openers", "top:2", "--cutoff", text]
    )
    assert "--lives must be a number" in refused(
        ["solve", "hangman", "--mask", "a__le", *HANGMAN, "--lives", text]
    )
    assert "is not a decimal between 0 and 1" in refused(
        ["solve", "hangman", "--mask", "a__le", *HANGMAN, "--prior", f"x={text}"]
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sample", "99999999999999"], "--sample must be between 1 and 1,000,000, not 99,999"),
        (["--sample", "1000001"], "--sample must be between 1 and 1,000,000, not 1,000,001"),
        (["--seed", "-1"], "--seed must be between 0 and"),
    ],
)
def test_boards_sample_and_seed_are_bounded(args: list[str], message: str) -> None:
    assert message in refused(["stats", "wordle", *WORDLE, "--boards", "4", *args])


def test_the_sample_bound_is_in_the_help() -> None:
    result = runner.invoke(app, ["stats", "wordle", "--help"])
    assert "1-1,000,000" in result.stdout


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_a_dot_printing_bytes_that_are_not_utf8_does_not_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "dot").write_text("#!/bin/sh\ncat > /dev/null\nprintf '<svg>\\377\\376</svg>'\n")
    (fake / "dot").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}{os.pathsep}{os.environ['PATH']}")
    out = tmp_path / f"tree{suffix}"
    result = runner.invoke(app, ["stats", "wordle", *WORDLE, "--tree", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == b"<svg>\xff\xfe</svg>"


def test_a_failing_dot_with_undecodable_stderr_is_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "dot").write_text("#!/bin/sh\ncat > /dev/null\nprintf 'bad \\377\\n' >&2\nexit 3\n")
    (fake / "dot").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}{os.pathsep}{os.environ['PATH']}")
    message = refused(["stats", "wordle", *WORDLE, "--tree", str(tmp_path / "t.svg")])
    assert message == "Error: Graphviz's dot failed: bad \ufffd\n"


# --- options a mode ignores are refused ----------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--boards", "4", "--cutoff", "5"], "--boards plays N-board games with its own guesser"),
        (["--boards", "4", "--budget", "5"], "--boards plays N-board games with its own guesser"),
        (["--boards", "4", "--strategy", "minimax"], "--boards plays N-board games"),
        (["--from-history", "--strategy", "minimax"], "--from-history reports the games"),
        (["--from-history", "--hard"], "--from-history reports the games recorded: drop --hard"),
        (["--from-history", "--jobs", "2"], "--from-history reports the games recorded"),
        (["--from-history", "--seed", "2"], "--from-history reports the games recorded"),
        (["--host", "evil", "--jobs", "2"], "--host plays one game against Absurdle: drop --jobs"),
        (["--host", "evil", "--sample", "5"], "--host plays one game against Absurdle"),
        (["--host", "evil", "--seed", "1"], "--host plays one game against Absurdle: drop --seed"),
        (["--openers", "top:2", "--opener", "salet"], "--openers ranks openers"),
        (["--tree-in", "t.json", "--strategy", "minimax"], "--tree-in plays the tree it reads"),
        (["--tree-in", "t.json", "--budget", "3"], "--tree-in plays the tree it reads"),
        (["--history-db", "h.sqlite"], "--history-db means nothing when every answer is played"),
    ],
)
def test_stats_wordle_refuses_what_its_mode_ignores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert message in refused(["stats", "wordle", *WORDLE, *args])
    assert not (tmp_path / "r.jsonl").exists() and not (tmp_path / "h.sqlite").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--from-history", "--lives", "-5"], "--lives must be between 1 and 1000"),
        (["--from-history", "--strategy", "magic"], "unknown Hangman strategy 'magic'"),
        (["--from-history", "--lives", "5"], "--from-history reports the games recorded"),
        (
            ["--host", "evil", "--lives", "3"],
            "--host plays one game a length until won, counting its wrong guesses (no lives, no prior, one process): drop --lives",
        ),
        (
            ["--host", "evil", "--prior", "uniform"],
            "--host plays one game a length until won, counting its wrong guesses (no lives, no prior, one process): drop --prior",
        ),
        (["--host", "evil", "--depth", "2"], "--depth is for --host lookahead, not --host evil"),
        (["--host", "lookahead", "--difficulty", "easy"], "--difficulty is for --host evil, not"),
        (
            ["--host", "evil", "--jobs", "2"],
            "--host plays one game a length until won, counting its wrong guesses (no lives, no prior, one process): drop --jobs",
        ),
        (["--difficulty", "easy"], "--difficulty is for --host evil: drop it"),
        (["--history-db", "h.sqlite"], "--history-db goes with --learn or --from-history"),
        (["--lives", "-5"], "--lives must be between 1 and 1000"),
    ],
)
def test_stats_hangman_refuses_what_its_mode_ignores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert message in refused(["stats", "hangman", *HANGMAN, *args])
    assert not (tmp_path / "h.sqlite").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "hangman", "--mask", "a__le", "--learn"], "--learn/--no-learn does not apply "
         "to one position (--mask): drop it"),
        (["solve", "hangman", "--mask", "a__le", "--no-record"], "--record/--no-record does not "
         "apply to one position (--mask): drop it"),
        (["solve", "hangman", "--mask", "a__le", "-i"], "--interactive does not apply to one "
         "position (--mask): drop it"),
        (["solve", "hangman", "-i", "--guessed", "e"], "--guessed does not apply to a game played "
         "with you (no --mask): drop it"),
        (["host", "hangman", "--difficulty", "easy"], "--difficulty is for the evil host, not "
         "the honest one: drop it"),
        (["host", "hangman", "--mode", "evil", "--depth", "2"], "--depth is for the lookahead "
         "host, not the evil one: drop it"),
        (["host", "hangman", "--strategy", "coverage"], "No such option: --strategy (Possible "
         "options: --category, --trainer) (see 'root host hangman --help')"),
    ],
)  # fmt: skip
def test_solve_and_host_hangman_refuse_what_their_mode_ignores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    refused([*args, *HANGMAN], message)
    assert list(tmp_path.iterdir()) == []  # no history was made


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--history", "crane=BBYGB", "-i"], "--interactive does not apply to one position "
         "(--history, else the first move; -i plays a game): drop it"),
        (["-i", "--json"], "--json does not apply to a game played with you: drop it"),
        (["--review", "--history", "crane=BBYGB", "--boards", "2"], "--boards does not apply to "
         "--review: drop it"),
        (["--review", "--history", "crane=BBYGB", "-i"], "--interactive does not apply to "
         "--review: drop it"),
    ],
)  # fmt: skip
def test_solve_wordle_refuses_what_its_mode_ignores(args: list[str], message: str) -> None:
    refused(["solve", "wordle", *WORDLE, *args], message)


@pytest.mark.parametrize(
    ("command", "tables"),
    [
        ("solve_hangman", "SOLVE_USES"),
        ("host_hangman", "HOST_USES"),
        ("solve_wordle", "SOLVE_USES"),
    ],
)
def test_every_solve_and_host_option_is_in_a_table(command: str, tables: str) -> None:
    """A new option must be placed in the mode tables, or every mode would refuse it."""
    import importlib

    game = "hangman" if command.endswith("hangman") else "wordle"
    cli = importlib.import_module(f"wordkit.cli.{game}")
    table = getattr(importlib.import_module(f"wordkit.{game}.session"), tables)
    used = set().union(*table.values()) if isinstance(table, dict) else set(table)
    # host hangman has no --strategy (its hints come from the trainer's advisor)
    host = {"record", "learn", "difficulty", "depth"}
    extra = host if command == "host_hangman" else set()
    params = set(inspect.signature(getattr(cli, command)).parameters) - {"ctx"}
    assert params <= used | extra


def test_every_wordle_stats_option_is_in_the_table() -> None:
    """A new option must be placed in STATS_USES, or it would be accepted by every mode."""
    from wordkit.cli.wordle import stats_wordle
    from wordkit.wordle.session import LISTS_AND_FORMAT, STATS_OPTIONS

    params = set(inspect.signature(stats_wordle).parameters) - {"ctx"}
    assert params == set(STATS_OPTIONS) | LISTS_AND_FORMAT


def test_every_hangman_stats_option_is_in_the_table() -> None:
    from wordkit.cli.hangman import stats_hangman
    from wordkit.hangman.session import STATS_OPTIONS

    params = set(inspect.signature(stats_hangman).parameters) - {"ctx"}
    assert params == set(STATS_OPTIONS) | {"words", "format", "json", "records", "from_history"}


# --- decomposed accents fold like composed ones --------------------------------------------

import unicodedata  # noqa: E402

from wordkit.game import fold_word  # noqa: E402

ACCENTED = st.text(
    alphabet=st.sampled_from("aeiouncAEIOU\u00e3\u00e9\u00fc\u00e7\u00f1\u00c1\u00f4"),
    min_size=1,
    max_size=12,
)


@settings(max_examples=200, deadline=None)
@given(ACCENTED, st.sampled_from(["NFC", "NFD", "NFKC", "NFKD"]))
def test_every_normal_form_folds_alike(word: str, form: str) -> None:
    folded = fold_word(unicodedata.normalize(form, word))
    assert folded == fold_word(word) and folded.isascii() and len(folded) == len(word)


def test_a_lone_combining_mark_is_an_accent() -> None:
    assert fold_word("q\u0303") == "q" and fold_word(" Bara\u0303o ") == "barao"
    assert fold_word("st\ufffdne") == "st\ufffdne"  # kept, to be refused by name


NFD_BARAO, NFC_BARAO = "bara\u0303o", "bar\u00e3o"


@pytest.mark.parametrize(
    "args",
    [
        ["query", "hangman", "{w}", "--words", "{t}", "--json"],
        ["solve", "hangman", "--mask", "__{w}", "--words", "{t}", "--json"],
        ["solve", "hangman", "--mask", "_____", "--guessed", "{w}", "--words", "{t}"],
        ["solve", "hangman", "--mask", "_____", "--refuted", "{w}", "--words", "{t}"],
    ],
)
def test_nfd_and_nfc_words_give_the_same_answer(args: list[str], tmp_path: Path) -> None:
    table = tmp_path / "pt.txt"  # Portuguese words, folded as the `portuguese` table has them
    table.write_text("barao\ncancao\nmamao\nsabao\nbalao\npao\nmae\nirmao\ncaminhao\nmacarrao\n")

    def run(word: str) -> tuple[int, str]:
        typed = [a.replace("{w}", word).replace("{t}", str(table)) for a in args]
        result = runner.invoke(app, typed)
        return result.exit_code, result.stdout + result.stderr

    assert run(NFD_BARAO) == run(NFC_BARAO)
    assert run(NFD_BARAO)[0] == 0


def test_a_decomposed_wordle_word_is_the_composed_one(tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("crane\nslate\nbarao\n")
    lists = ["--answers", str(words), "--guesses", str(words)]
    for word in (NFD_BARAO, NFC_BARAO):
        result = runner.invoke(app, ["query", "wordle", word, *lists, "--json"])
        assert result.exit_code == 0, result.output
        assert '"secret": "barao"' in result.stdout
        result = runner.invoke(app, ["stats", "wordle", *lists, "--openers", f"crane,{word}"])
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("typed", "plain"),
    [(["--mask", "ä__le"], ["--mask", "a__le"]), (["--guessed", "é"], ["--guessed", "e"])],
)
def test_accented_masks_and_letters_fold_like_the_tables(
    typed: list[str], plain: list[str]
) -> None:
    base = ["solve", "hangman", *HANGMAN, "--json"]
    mask = [] if "--mask" in typed else ["--mask", "_____"]
    folded_run = runner.invoke(app, [*base, *mask, *typed])
    plain_run = runner.invoke(app, [*base, *mask, *plain])
    assert folded_run.exit_code == 0 and folded_run.stdout == plain_run.stdout
