"""Wordle rules: feedback, patterns, the hard-mode rule, and the typed `Rules` and `State`.

Patterns are integers in base 3 with the *first* letter as the most significant digit,
so `pattern_str(p)` reads left to right like the board: 0 gray, 1 yellow, 2 green.
E.g. feedback('speed', 'abide') == int('00101', 3) == 10.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from wordkit.errors import GameStateError, UnknownNameError, WordkitError, shortened
from wordkit.game import plural

if TYPE_CHECKING:
    from wordkit.wordle.lists import Wordle

Word = str
Pattern = int
Turn = tuple[Word, Pattern]  # a guess and the feedback it received
History = Sequence[Turn]

GRAY, YELLOW, GREEN = 0, 1, 2
MAX_GUESSES = 6

# ---------------------------------------------------------------------------------------
# Errors


class WordLengthError(GameStateError):
    """A word or a feedback pattern has the wrong length, or lists mix lengths."""


class FeedbackFormatError(GameStateError):
    """A feedback string contains a character that is not a feedback mark."""


class UnknownWordError(GameStateError):
    """A guess is not in the list of allowed guesses."""


class NoAnswerLeftError(GameStateError):
    """The feedback history rules out every answer."""


class HardModeError(GameStateError):
    """A guess breaks the hard-mode rule (revealed hints must be reused)."""


# ---------------------------------------------------------------------------------------
# Feedback


def feedback(guess: Word, answer: Word) -> Pattern:
    """The feedback pattern for `guess` when the secret is `answer` (base 3, first = MSD)."""
    if len(guess) != len(answer):
        raise WordLengthError(
            f"{guess!r} has {plural(len(guess), 'letter')} but {answer!r} has {len(answer)}"
        )
    marks = [GREEN if g == a else GRAY for g, a in zip(guess, answer, strict=True)]
    # Letters of the answer not matched by a green are available for yellows, left to right.
    unmatched = Counter(a for a, m in zip(answer, marks, strict=True) if m != GREEN)
    for i, g in enumerate(guess):
        if marks[i] != GREEN and unmatched[g] > 0:
            marks[i] = YELLOW
            unmatched[g] -= 1
    return marks_to_pattern(marks)


def marks_to_pattern(marks: Sequence[int]) -> Pattern:
    """The integer pattern for a list of marks (0/1/2), first mark most significant."""
    p = 0
    for m in marks:
        p = 3 * p + m
    return p


def pattern_marks(pattern: Pattern, length: int = 5) -> list[int]:
    """The list of marks (0/1/2) of a pattern, first letter first."""
    marks = []
    for _ in range(length):
        pattern, m = divmod(pattern, 3)
        marks.append(m)
    return marks[::-1]


def letter_marks(turns: Sequence[tuple[str, Pattern]], length: int = 5) -> dict[str, int]:
    """The best mark each letter guessed has had over `turns` (a keyboard's colours)."""
    best: dict[str, int] = {}
    for word, pattern in turns:
        for letter, mark in zip(word, pattern_marks(pattern, length), strict=True):
            best[letter] = max(best.get(letter, 0), mark)
    return best


def all_green(length: int = 5) -> Pattern:
    """The winning pattern for words of `length` letters."""
    return 3**length - 1


def pattern_str(pattern: Pattern, length: int = 5, style: str = "digits") -> str:
    """A pattern as text: style 'digits' (20010), 'letters' (GBBYB) or 'emoji' (🟩⬛⬛🟨⬛)."""
    symbols = {"digits": "012", "letters": "BYG", "emoji": "⬛🟨🟩"}
    if style not in symbols:
        raise UnknownNameError(f"unknown pattern style {style!r}; use digits, letters or emoji")
    return "".join(symbols[style][m] for m in pattern_marks(pattern, length))


# Every accepted mark, case-insensitive for letters. ⬜ (light-mode gray) counts as gray.
_MARKS = {
    "0": GRAY, "b": GRAY, "⬛": GRAY, "⬜": GRAY,
    "1": YELLOW, "y": YELLOW, "🟨": YELLOW,
    "2": GREEN, "g": GREEN, "🟩": GREEN,
}  # fmt: skip


def parse_feedback(text: str, length: int = 5) -> Pattern:
    """The pattern written as G/Y/B letters, 2/1/0 digits, 🟩🟨⬛⬜ squares, or a mix."""
    # Variation selectors and spaces sometimes come along with pasted emoji.
    chars = [c for c in text.strip() if c not in " \ufe0f"]
    for c in chars:
        if c.lower() not in _MARKS:
            raise FeedbackFormatError(
                f'"{shortened(text, 100)}": {c!r} is not a feedback mark; '
                "use G/Y/B, 2/1/0 or 🟩🟨⬛"
            )
    if len(chars) != length:
        raise WordLengthError(
            f'"{shortened(text, 100)}": feedback has {plural(len(chars), "mark")} but words have '
            f"{length} letters"
        )
    return marks_to_pattern([_MARKS[c.lower()] for c in chars])


def word_length(*lists: Sequence[Word]) -> int:
    """The common length of every word in `lists`; mixed lengths raise WordLengthError."""
    lengths = set().union(*(map(len, words) for words in lists))
    if not lengths:
        raise WordLengthError("no words given")
    if len(lengths) > 1:
        examples = ", ".join(
            f"{n} letters ({next(w for ws in lists for w in ws if len(w) == n)!r})"
            for n in sorted(lengths)
        )
        raise WordLengthError(f"word lists mix lengths: {examples}")
    return next(iter(lengths))


# ---------------------------------------------------------------------------------------
# The hard-mode rule


@dataclass(frozen=True)
class HardRule:
    """What hard mode demands of the next guess: fixed greens and minimum letter counts."""

    greens: tuple[tuple[int, str], ...] = ()
    minimum: tuple[tuple[str, int], ...] = ()


def hard_rule(history: History, length: int = 5) -> HardRule:
    """The hard-mode constraints implied by a history (greens in place, revealed counts)."""
    greens: dict[int, str] = {}
    minimum: Counter[str] = Counter()
    for guess, pattern in history:
        marks = pattern_marks(pattern, length)
        revealed: Counter[str] = Counter()
        for i, (c, m) in enumerate(zip(guess, marks, strict=True)):
            if m == GREEN:
                greens[i] = c
            if m != GRAY:
                revealed[c] += 1
        for c, k in revealed.items():
            minimum[c] = max(minimum[c], k)
    return HardRule(tuple(sorted(greens.items())), tuple(sorted(minimum.items())))


def hard_violation(guess: Word, rule: HardRule) -> str | None:
    """Why `guess` breaks the hard-mode rule, or None if it is allowed."""
    ordinals = ["1st", "2nd", "3rd"] + [f"{i}th" for i in range(4, 40)]
    for i, c in rule.greens:
        if guess[i] != c:
            return f"{ordinals[i]} letter must be {c.upper()}"
    counts = Counter(guess)
    for c, k in rule.minimum:
        if counts[c] < k:
            times = "" if k == 1 else f" {k} times"
            return f"guess must contain {c.upper()}{times}"
    return None


def check_hard(guess: Word, history: History, length: int = 5) -> None:
    """Raise HardModeError if `guess` does not reuse every hint revealed in `history`."""
    why = hard_violation(guess.lower(), hard_rule(history, length))
    if why:
        raise HardModeError(f"hard mode: {guess.upper()} is not allowed: {why}")


def hard_mask(game: Wordle, rule: HardRule) -> np.ndarray:
    """Per allowed guess: does it obey `rule`? (`hard_violation` over every guess at once)."""
    ok = np.ones(len(game.guesses), dtype=bool)
    for i, c in rule.greens:
        ok &= game.letter_mask(i, c)
    for c, k in rule.minimum:
        ok &= game.count_mask(c, k)
    return ok


def hard_candidates(game: Wordle, rule: HardRule) -> np.ndarray:
    """Rows of the guesses allowed by a hard-mode rule."""
    return np.flatnonzero(hard_mask(game, rule))


# ---------------------------------------------------------------------------------------
# Rules and state


@dataclass(frozen=True, slots=True)
class Rules:
    """A game's rules: word length, guesses allowed (None: unlimited) and hard mode."""

    length: int = 5
    max_guesses: int | None = MAX_GUESSES
    hard: bool = False


class Position:
    """A game in progress, on one board or several: its moves and its turn."""

    @property
    def moves(self) -> tuple[str, ...]:
        """Every guess so far."""
        raise NotImplementedError

    @property
    def turn(self) -> int:
        """The number of the next guess (1 for the opener)."""
        return len(self.moves) + 1


@dataclass(frozen=True, eq=False)
class State(Position):
    """A game in progress: the lists, the rules, the turns so far and the answers still possible."""

    game: Wordle
    rules: Rules
    turns: tuple[Turn, ...]
    remaining: np.ndarray  # indices into game.answers, sorted
    previous: State | None = None

    @property
    def last_chance(self) -> bool:
        """Whether the next guess is the last allowed (or past it): only an answer can win."""
        return self.rules.max_guesses is not None and self.turn >= self.rules.max_guesses

    @property
    def solved(self) -> bool:
        """Whether the last guess was all green."""
        return bool(self.turns) and self.turns[-1][1] == self.game.win

    @property
    def moves(self) -> tuple[str, ...]:
        """Every guess so far."""
        return tuple(g for g, _ in self.turns)

    @property
    def feedback(self) -> tuple[str, ...]:
        """Every guess's feedback so far, as G/Y/B letters."""
        return tuple(pattern_str(p, self.game.length, "letters") for _, p in self.turns)

    @cached_property
    def hard_rule(self) -> HardRule:
        """What hard mode demands of the next guess."""
        return hard_rule(self.turns, self.game.length)

    @cached_property
    def legal_rows(self) -> np.ndarray:
        """The guess rows playable next: all of them, or those obeying hard mode."""
        if not self.rules.hard:
            return np.arange(len(self.game.guesses))
        return hard_candidates(self.game, self.hard_rule)

    def check_move(self, guess: Word, *, new: bool = False) -> int:
        """The row of `guess` if it may be played now (known, right length, hard mode; with
        `new`, not guessed before), else a typed error."""
        row = self.game.check_guess(guess)
        word = self.game.guesses[row]
        if self.rules.hard:
            check_hard(word, self.turns, self.game.length)
        if new:
            check_new(word, (g for g, _ in self.turns))
        return row

    def after(self, row: int, pattern: Pattern) -> State:
        """The state once guess `row` got `pattern` (typed errors: hard mode, no answer left)."""
        game = self.game
        word = game.guesses[row]
        n = self.turn
        if self.rules.hard:
            why = hard_violation(word, self.hard_rule)
            if why:
                raise HardModeError(f"hard mode: guess {n} ({word.upper()}): {why}")
        kept = self.remaining[game.matrix[row, self.remaining] == pattern]
        if len(kept) == 0:
            raise NoAnswerLeftError(
                f"no answer is consistent with the feedback: entry {n} "
                f"({word.upper()} {pattern_str(pattern, game.length, 'letters')}) "
                f"leaves no answer out of {len(self.remaining):,} remaining"
            )
        return State(game, self.rules, (*self.turns, (word, pattern)), kept, self)

    def replay(self, history: History) -> State:
        """The state after every (guess, pattern) of `history`, each checked as it is played."""
        state = self
        for guess, pattern in history:
            state = state.after(self.game.check_guess(guess), pattern)
        return state


def start(game: Wordle, rules: Rules | None = None) -> State:
    """The opening state of a game on `game`'s lists (default rules: 6 guesses, normal)."""
    rules = Rules(length=game.length) if rules is None else rules
    if rules.length != game.length:
        raise WordLengthError(
            f"the rules ask for {rules.length}-letter words; the lists have {game.length}"
        )
    return State(game, rules, (), game.all_answers())


def consistent(game: Wordle, history: History) -> np.ndarray:
    """Indices of answers consistent with every (guess, pattern) in `history`."""
    return start(game).replay(history).remaining


def _is_feedback(text: str, length: int) -> bool:
    """Whether `text` reads as one board's feedback for words of `length` letters."""
    try:
        parse_feedback(text, length)
    except WordkitError:
        return False
    return True


def parse_turn(state: State, text: str, *, suggested: int | None) -> State:
    """The state after a typed turn: `FEEDBACK` for the `suggested` guess row, or
    `WORD=FEEDBACK` for another word."""
    word, sep, marks = text.partition("=")
    if sep and not word.strip():
        raise GameStateError(f"{text!r} names no word: WORD=FEEDBACK, e.g. crane=BBBYY")
    given = marks if sep else text  # the feedback typed, after WORD= or alone
    if "/" in given and all(_is_feedback(part, state.game.length) for part in given.split("/")):
        raise GameStateError(
            f"{given.strip()!r} holds '/', which parts several boards' feedback: this game has "
            "one board (--boards N plays several)"
        )
    if sep:
        row = state.game.check_guess(word)
    elif suggested is None:
        raise GameStateError(f"{text!r} must be WORD=FEEDBACK, e.g. crane=BBBYY")
    else:
        row, marks = suggested, text
    return state.after(row, parse_feedback(marks, state.game.length))


def check_new(word: Word, played: Iterable[Word]) -> None:
    """Refuse a guess played before where a human types the game as it goes (the rules allow
    it, so a history may hold one): it tells nothing new and would only use up a turn."""
    if word in played:
        raise UnknownWordError(f"you already guessed {word.upper()}")
