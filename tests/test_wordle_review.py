"""Skill and luck of each guess, on a hand-checked example.

Answers BATCH CATCH HATCH MATCH FIGHT MIGHT, guesses those and CHOMP. HATCH splits the six
answers into {batch catch match} (BGGGG), {hatch} (the win) and {fight might} (YBYBB):
expected left (9 + 1 + 4) / 6 = 2.333, information log2 6 - (3 log2 3 + 2) / 6 = 1.459 bits.
CHOMP splits them into {batch hatch} and four singletons: (4 + 4) / 6 = 1.333 left,
log2 6 - 2/6 = 2.252 bits, the most any guess offers, so HATCH's skill is 1.459 / 2.252 = 65.
Feedback BGGGG leaves 3: no outcome leaves more, three answers leave as many, so luck is
100 × 1.5 / 6 = 25. Then CATCH on {batch catch match}: {batch match} and the win, 0.918 bits
against CHOMP's 1.585 (it splits all three): skill 58; BGGGG leaves 2, as BATCH and MATCH
would: luck 100 × 1 / 3 = 33. Then BATCH wins with two left: 1 bit, the best (skill 100);
the win beats MATCH's outcome and ties its own: luck 100 × 1.5 / 2 = 75.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from wordkit.cli import app
from wordkit.wordle.lists import make_wordle
from wordkit.wordle.play import guesser_for, replay_text
from wordkit.wordle.review import GuessReview, review
from wordkit.wordle.rules import Rules, start

ANSWERS = ("batch", "catch", "hatch", "match", "fight", "might")
HISTORY = "hatch=BGGGG,catch=BGGGG,batch=GGGGG"


def reviewed(game, history: str) -> list[GuessReview]:
    """The review of a typed history against the entropy strategy."""
    return review(replay_text(start(game, Rules()), history), guesser_for(game, "entropy"))


@pytest.fixture
def game():
    return make_wordle([*ANSWERS, "chomp"], ANSWERS, use_disk=False)


def test_hand_checked_numbers(game):
    first, second, third = reviewed(game, HISTORY)
    assert (first.answers_before, first.answers_after) == (6, 3)
    assert first.expected_left == 2.333
    assert (first.best_guess, first.best_expected_left) == ("chomp", 1.333)
    assert (first.bits, first.best_bits, first.bits_gained) == (1.459, 2.252, 1.0)
    assert (first.skill, first.luck) == (65, 25)
    assert (second.answers_before, second.answers_after) == (3, 2)
    assert (second.expected_left, second.best_guess, second.best_expected_left) == (
        1.667,
        "chomp",
        1.0,
    )
    assert (second.bits, second.best_bits) == (0.918, 1.585)
    assert (second.skill, second.luck) == (58, 33)
    assert (third.answers_before, third.answers_after, third.feedback) == (2, 1, "GGGGG")
    assert third.best_guess in ("batch", "match")
    assert (third.expected_left, third.skill, third.luck) == (1.0, 100, 75)


def test_one_answer_left(game):
    # HATCH then CHOMP: only BATCH is left (CHOMP told BATCH from HATCH apart).
    *_, last = reviewed(game, "chomp=YYBBB,hatch=BGGGG,batch=GGGGG")
    assert (last.answers_before, last.skill, last.luck) == (1, 100, 50)
    *_, wasted = reviewed(game, "chomp=YYBBB,hatch=BGGGG,catch=BGGGG")
    assert (wasted.answers_before, wasted.skill) == (1, 0)


def test_cli_review_json_and_text(tmp_path):
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(ANSWERS) + "\n")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("\n".join([*ANSWERS, "chomp"]) + "\n")
    runner = CliRunner()
    args = ["solve", "wordle", "--answers", str(words), "--guesses", str(guesses)]
    result = runner.invoke(app, [*args, "--history", HISTORY, "--review", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)  # one object, as every `solve --json`
    assert data["game"] == "wordle"
    lines = data["review"]
    assert [d["skill"] for d in lines] == [65, 58, 100]
    assert [d["luck"] for d in lines] == [25, 33, 75]
    assert lines[0]["guess"] == "hatch" and lines[0]["best_guess"] == "chomp"
    result = runner.invoke(app, [*args, "--history", HISTORY, "--review"])
    assert result.exit_code == 0, result.output
    assert "skill 65" in result.output and "luck 25" in result.output
    result = runner.invoke(app, [*args, "--review"])
    assert result.exit_code == 1
    assert result.output.strip().startswith("Error:") and len(result.output.splitlines()) == 1


def test_trainer_line_shows_skill_and_luck(tmp_path):
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(ANSWERS) + "\n")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("\n".join([*ANSWERS, "chomp"]) + "\n")
    args = ["host", "wordle", "--answers", str(words), "--guesses", str(guesses), "--trainer"]
    result = CliRunner().invoke(app, [*args, "--mode", "evil"], input="hatch\nq\n")
    assert result.exit_code == 0, result.output
    # Absurdle keeps {batch catch match}: the luck of the worst outcome there is 25.
    assert "Skill 65/100 (information), luck 25/100." in result.output


def test_review_reads_the_feedback_of_words_of_any_length(tmp_path):
    words = tmp_path / "answers.txt"
    words.write_text("planet\nplanes\nbanter\ncanter\n")
    args = ["solve", "wordle", "--answers", str(words), "--guesses", str(words), "--review"]
    result = CliRunner().invoke(app, [*args, "--history", "banter=BGGGGG"])
    assert result.exit_code == 0, result.output
    assert "4 → 1 answer" in result.output or "4 -> 1 answer" in result.output


def test_the_last_guess_allowed_is_rated_by_its_chance_of_winning(game):
    """On the last guess only an answer can win: CHOMP (no answer) rates 0 there, however much
    it would split, and an answer left rates 100 (every one equally likely)."""
    last = Rules(max_guesses=2)
    before = replay_text(start(game, last), "hatch=BGGGG")
    guesser = guesser_for(game, "entropy")
    chomp = review(replay_text(before, "chomp=YYBBB"), guesser)[-1]
    batch = review(replay_text(before, "batch=GGGGG"), guesser)[-1]
    assert (chomp.skill, batch.skill) == (0, 100)
    assert chomp.best_guess in ("batch", "catch", "match")  # the AI plays an answer too


def test_under_a_prior_bits_and_luck_are_weighted_as_the_ai_weighs_them() -> None:
    # BATCH three times as likely as each other answer (mass 3/8). HATCH: {batch catch match}
    # 5/8, the win 1/8, {fight might} 2/8: 5/8 log2 8/5 + 3/8 + 1/2 = 1.299 bits; CHOMP:
    # {batch hatch} 1/2 and four singletons of 1/8: 1/2 + 4 × 3/8 = 2 bits, the most: skill
    # 65. BGGGG (mass 5/8) leaves the most answers of any outcome: luck 100 × 5/16 = 31.
    import numpy as np

    weights = np.array([3.0, 1, 1, 1, 1, 1])
    weighted = make_wordle([*ANSWERS, "chomp"], ANSWERS, weights=weights, use_disk=False)
    assert weighted.weighted
    first, *_ = reviewed(weighted, HISTORY)
    assert (first.bits, first.best_bits, first.skill, first.luck) == (1.299, 2.0, 65, 31)


def test_the_ais_own_guesses_rate_100_on_the_built_in_lists() -> None:
    # Skill counted answers alike while the AI weighs them by the prior: its own FROND got 87.
    result = CliRunner().invoke(
        app, ["solve", "wordle", "--history", "tares=BYYBB,frond=BYBBB", "--review", "--json"]
    )
    rows = json.loads(result.output)["review"]
    assert [(r["guess"], r["best_guess"], r["skill"]) for r in rows] == [
        ("tares", "tares", 100),
        ("frond", "frond", 100),
    ]


@pytest.mark.parametrize("hard", [False, True])
def test_the_opening_is_rated_against_the_cached_entropy_opener(
    hard: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the opening the most informative guess is the entropy opener, cached on disk: the
    same skill as against every guess (each of 11,469 against as many answers: 0.6 s)."""
    from wordkit.wordle import review as module
    from wordkit.wordle.guessers import EntropyGuesser, best_opener
    from wordkit.wordle.session import Session

    game = Session(answers="wordle").game
    state = start(game, Rules(length=5, hard=hard))
    opener = best_opener(game, EntropyGuesser())
    rows = [game.guess_index[w] for w in (opener, "fuzzy", "tares", "xylyl", "salet")]
    fast = [module.skill_of(state, row) for row in rows]
    assert len(module.best_rows(state)) == 1
    monkeypatch.setattr(module, "best_rows", lambda state: state.legal_rows)
    assert fast == [module.skill_of(state, row) for row in rows]
    assert fast[0][0] == 100 and fast[3][0] < 60


def test_a_guess_of_one_outcome_gains_zero_bits_never_minus_zero() -> None:
    """The entropy of one outcome came out -0.0, and `--json` printed `"bits": -0.0`."""
    result = CliRunner().invoke(
        app, ["solve", "wordle", "--history", "raise=YYBBB,tronc=BGGBY,croak=GGGGG", "--review",
              "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    last = json.loads(result.output)["review"][-1]
    assert (last["bits"], last["best_bits"]) == (0.0, 0.0) and "-0.0" not in result.output
