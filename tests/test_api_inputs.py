"""Bad input through the Python API of both games: a typed error (never a raw TypeError,
AttributeError or IndexError, a hang, or an option dropped in silence)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from wordkit.errors import (
    GameStateError,
    OptionConflictError,
    OptionTypeError,
    RangeError,
)
from wordkit.game import Decision
from wordkit.hangman import Session as Hangman
from wordkit.hangman.lexicon import PriorFormatError
from wordkit.wordle import Session as Wordle

SMALL = str(Path(__file__).parent / "fixtures" / "wordle_small.txt")
TINY = str(Path(__file__).parent / "fixtures" / "host_tiny.csv")  # cat, cot, dog


def wordle(**options: Any) -> Wordle:
    return Wordle(answers=SMALL, guesses=SMALL, **options)


class StuckHost:
    """A host whose answer is the position it was given: the game never moves on."""

    def answer(self, state: Any, move: Any) -> Any:
        return state

    def reveal(self, state: Any) -> str:
        return ""


class TextHost(StuckHost):
    """A host answering with a string, not a position."""

    def answer(self, state: Any, move: Any) -> Any:
        return "BBBBB"


class StoppingHost(StuckHost):
    """A host that stops at once (None: the Wordle host protocol's "stopped")."""

    def answer(self, state: Any, move: Any) -> Any:
        return None


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> str:
    from wordkit.wordle.trees import write_tree

    path = tmp_path_factory.mktemp("tree") / "tree.json"

    played = wordle().stats()
    write_tree(played.records, str(path), 5)
    return str(path)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        # modes that play their own games refuse the options that choose a run's games
        (lambda t: wordle(boards=2).versus(), OptionConflictError, "--boards plays honest games"),
        (lambda t: wordle(boards=2).sweep("top:2"), OptionConflictError, "--boards plays honest"),
        (lambda t: wordle(strategy="optimal", sample=3).sweep("top:2"), OptionConflictError,
         "--openers ranks openers with every answer; drop --sample"),
        (lambda t: wordle(boards=2).check_tree(t), OptionConflictError, "--boards plays honest"),
        (lambda t: wordle(sample=3).check_tree(t), OptionConflictError,
         "--tree-in plays the tree it reads: drop --sample"),
        # callbacks are checked as everywhere else
        (lambda t: wordle(strategy="optimal").sweep("top:2", progress=5), OptionTypeError,
         "progress= must be a function, not 5"),
        (lambda t: wordle(strategy="optimal").sweep("top:2", started=5), OptionTypeError,
         "started= must be a function, not 5"),
        (lambda t: wordle().check_tree(t, progress=5), OptionTypeError,
         "progress= must be a function, not 5"),
        # numbers past a float's range are out of range, not an OverflowError
        (lambda t: Wordle(budget=10**400), RangeError, "--budget must be between"),
        (lambda t: Hangman(words=TINY).stats(jobs=0), RangeError,
         "--jobs must be between 1 and 64, not 0"),
        (lambda t: wordle().review([""]), GameStateError, "--review needs the game to review"),
        (lambda t: wordle().review(","), GameStateError, "--review needs the game to review"),
        (lambda t: Hangman(words="categories", prior='{"animals": 0.5, "animals": 0.6}').lexicon,
         PriorFormatError, "gives 'animals' two shares"),
        (lambda t: Hangman(words=TINY).hosted(given="strategy"), OptionTypeError,
         "given= must be a collection of strings, not 'strategy'"),
        # what a guesser of the API returns, and what a host answers
        (lambda t: wordle().hosted(seed=1).play(lambda s: 5), OptionTypeError,
         "a guesser returns a Decision, a move (a string) or None, not int"),
        (lambda t: Hangman(words=TINY).hosted(seed=1).play(lambda b: 5), OptionTypeError,
         "a guesser returns a Decision, a move (a string) or None, not int"),
        (lambda t: wordle().play_ai(StuckHost()), GameStateError,
         "the host's answer to guess 1"),
        (lambda t: wordle().play_ai(TextHost()), GameStateError,
         "the host's answer to guess 1"),
        (lambda t: Hangman(words=TINY).play_ai(StuckHost()), OptionTypeError,
         "host= must be a Hangman host (with start, answer and reveal methods)"),
        # the helpers for a human player take the line typed
        (lambda t: wordle().typed_move(wordle().start(), None), OptionTypeError,
         "line= must be a string, not None"),
        (lambda t: wordle().reported(wordle().start(), -1, "BBBBB"), OptionTypeError,
         "row= must be a row of the guess list, not -1"),
        (lambda t: Hangman(words=TINY).opening(None, Hangman(words=TINY).rules), OptionTypeError,
         "line= must be a string, not None"),
    ],
)  # fmt: skip
def test_bad_input_to_the_api_is_a_typed_error(
    call: Callable[[str], Any], error: type[Exception], message: str, tree: str
) -> None:
    with pytest.raises(error) as raised:
        call(tree)
    assert message in str(raised.value)


def test_a_guesser_may_return_its_move_alone_and_its_row_must_name_its_word() -> None:
    """A guesser returning "crane" crashed (`'str' object has no attribute 'row'`); a Decision
    whose row names another word played that word, and a row past the list raised IndexError."""
    as_word = wordle().hosted(seed=1).play(lambda s: "crane")
    assert as_word.moves[0] == "crane"
    for row in (0, 10**6):  # row 0 is another word; 10**6 is no row
        played = wordle().hosted(seed=1).play(lambda s, row=row: Decision("crane", row=row))
        assert played.moves == as_word.moves
    letters = iter("aeiou")
    game = Hangman(words=TINY).hosted(seed=1).play(lambda b: next(letters, None))
    assert game.moves[0] == "a"


def test_a_guesser_that_never_finds_the_answer_ends_against_absurdle() -> None:
    """With no guess limit (Absurdle), a guesser of the API playing one word again and again
    played for ever: past every allowed guess once, the game ends unsolved."""
    played = wordle().hosted("evil", seed=1).play(lambda s: "crane")
    assert not played.won and played.guesses == 41  # the 40 words of the list, and one more


def test_a_wordle_host_that_stops_ends_the_game_unsolved() -> None:
    """`None` is "the host stopped" in the host protocol, yet raised AttributeError."""
    played = wordle().play_ai(StoppingHost())
    assert not played.won and played.guesses == 0
