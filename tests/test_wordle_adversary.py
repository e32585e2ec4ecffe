"""The exact search against Absurdle: brute force on small lists, the host's own choice, and
the original lists (4 guesses, 3 impossible, normal and hard mode)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from conftest import shared_file
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.wordle.adversary import AbsurdleSearch, PlanGuesser, SearchDeadline, beat_absurdle
from wordkit.wordle.hosts import Absurdle, absurdle_pattern
from wordkit.wordle.lists import load_wordle, make_wordle, read_words
from wordkit.wordle.play import play
from wordkit.wordle.rules import Rules, State, start

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "wordle_small.txt"
FAMILIES = ("batch", "catch", "hatch", "latch", "match", "patch", "watch", "fight", "might")


def brute_force(game, hard: bool, limit: int = 8) -> int:
    """The fewest guesses that win against the Absurdle host itself, by breadth-first search
    over every guess at every position (positions deduplicated)."""
    host = Absurdle(game)
    rules = Rules(length=game.length, max_guesses=None, hard=hard)
    layer: list[State] = [start(game, rules)]
    for depth in range(1, limit + 1):
        seen: set = set()
        nxt: list[State] = []
        for state in layer:
            for row in state.legal_rows:
                after = host.answer(state, int(row))
                if after.solved:
                    return depth
                key = (after.remaining.tobytes(), after.hard_rule if hard else None)
                if key not in seen and len(after.remaining) < len(state.remaining):
                    seen.add(key)
                    nxt.append(after)
        layer = nxt
    raise AssertionError("no win found")


def small_games() -> list:
    """The 40-word fixture, and random sub-lists of it with a few extra guesses."""
    words = read_words(FIXTURE)
    games = [load_wordle(FIXTURE, use_disk=False)]
    rng = random.Random(12)
    for size in (9, 14, 20):
        answers = rng.sample(words, size)
        guesses = rng.sample(words, 12)
        games.append(make_wordle(guesses, answers, use_disk=False))
    # Rhyme families: seven guesses with the answers alone, four with CLAMP to split them.
    for extra in ((), ("clamp",)):
        games.append(make_wordle(extra, FAMILIES, use_disk=False))
    return games


@pytest.mark.parametrize("hard", [False, True])
def test_matches_brute_force(hard):
    found = []
    for game in small_games():
        win = beat_absurdle(game, hard=hard)
        assert win.guesses == brute_force(game, hard), (game.answers, hard)
        found.append(win.guesses)
    assert found[-2:] == [7, 4]


def test_progress_tells_each_length_tried_and_what_is_proven():
    game = small_games()[-1]
    told: list[str] = []
    win = beat_absurdle(game, progress=told.append)
    n = len(game.answers)
    assert told[0] == f"{n:,} answers: searching for a win in 1"
    assert told[1] == f"{n:,} answers: no win in 1 guess; searching for a win in 2"
    assert told[-1] == (
        f"{n:,} answers: no win in {win.guesses - 1} guesses; searching for a win in {win.guesses}"
    )
    assert len(told) == win.guesses


@pytest.mark.parametrize("hard", [False, True])
def test_plan_wins_through_the_game_loop(hard):
    game = small_games()[0]
    win = beat_absurdle(game, hard=hard)
    rules = Rules(length=game.length, max_guesses=None, hard=hard)
    plan = tuple(game.guess_index[g] for g, _ in win.turns[:-1])
    record = play(PlanGuesser(plan), Absurdle(game), start(game, rules))
    assert record.solved and record.guesses == win.guesses
    assert record.secret == win.answer
    assert record.moves == tuple(g for g, _ in win.turns)


def test_host_choice_is_the_hosts():
    game = small_games()[0]
    search = AbsurdleSearch(game)
    rng = np.random.default_rng(3)
    rows = np.arange(len(game.guesses))
    for size in (40, 17, 5, 2):
        subset = np.sort(rng.choice(len(game.answers), size, replace=False))
        state = State(game, Rules(), (), subset)
        chosen, counts = search.host_choice(rows, subset)
        for row in rows:
            assert chosen[row] == absurdle_pattern(state, int(row))
        assert (counts.sum(axis=1) == size).all()


def test_opener_fixed():
    game = small_games()[0]
    best = beat_absurdle(game)
    other = beat_absurdle(game, opener="fuzzy" if "fuzzy" in game.guess_index else "apple")
    assert other.turns[0][0] in ("fuzzy", "apple")
    assert other.guesses >= best.guesses


def test_one_answer():
    game = make_wordle(["apple", "crane"], ["crane"], use_disk=False)
    win = beat_absurdle(game)
    assert win.guesses == 1 and win.answer == "crane"


@pytest.mark.full
@pytest.mark.parametrize("hard", [False, True])
def test_original_lists_four_guesses(hard):
    game = load_wordle(shared_file("wordle", "answers.txt"), shared_file("wordle", "allowed.txt"))
    win = beat_absurdle(game, hard=hard)
    assert win.guesses == 4
    search = AbsurdleSearch(game)
    legal = np.ones(len(game.guesses), dtype=bool) if hard else None
    assert search.shrinks(game.all_answers(), legal, 2) is None  # 3 guesses cannot win


def test_deadline():
    game = small_games()[0]
    with pytest.raises(SearchDeadline, match="ran out of --budget"):
        beat_absurdle(game, deadline=0.0)


def test_cli(tmp_path):
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(FAMILIES) + "\n")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("\n".join((*FAMILIES, "clamp")) + "\n")
    base = ["stats", "wordle", "--answers", str(words), "--guesses", str(guesses)]
    runner = CliRunner()
    result = runner.invoke(app, [*base, "--host", "evil", "--strategy", "optimal"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("optimal vs Absurdle: solved in 4 guesses (")
    assert "3 guesses cannot win (exact search" in result.output
    result = runner.invoke(app, [*base, "--host", "evil", "--strategy", "optimal", "--json"])
    data = json.loads(result.output)
    assert data["guesses"] == 4 and data["turns"][-1]["feedback"] == "GGGGG"
    assert data["fewer_impossible"] is True
    result = runner.invoke(app, [*base, "--host", "honest", "--strategy", "optimal"])
    assert result.exit_code == 1
    assert result.output == "Error: unknown Wordle host 'honest' for stats; use evil (Absurdle)\n"
