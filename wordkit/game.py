"""The contract both games share: what a guesser decides, how a human quits or takes back an
answer, what a game loop tells its watcher, and the JSON shapes scripts read.

Each game keeps its own loop (`wordkit.hangman.play.play`, `wordkit.wordle.play.play`), both
`play(guesser, host, start, *, limit, watch)`:

- a guesser is a callable from a position (a Hangman `Board`, a Wordle `State` or `Boards`) to
  a `Decision`, or None when a human gives up (the game ends, lost);
- a host answers each move with the next position (`answer(position, move)`: the letter or
  word in Hangman, the guess's row in Wordle), and may raise `Undo`
  (the loop goes back one move and asks the guesser again) or `Quit`;
- `Quit` leaves the loop and the command: the game is not recorded;
- after each answered move the loop calls `watch(before, decision, after)`.
"""

from __future__ import annotations

import math
import os
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

Position = TypeVar("Position")

_WHOLE = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


def whole_number(text: str) -> int | None:
    """The number a typed count spells in ASCII digits (surrounding blanks allowed), else None.

    str.isdigit() and int() take any Unicode digit ('³' passes isdigit, then int() raises;
    '٣' is 3), and int() also takes '1_0' and '+1': a hand-parsed option uses this instead."""
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def fold_word(text: str) -> str:
    """A typed word (or mask, or letters) as the tables spell it: Latin letters folded to a-z
    (barão → barao, Zürich → zurich, straße → strasse, as `prepare` folds a table's), trimmed
    and lowercase; a fullwidth form is its ASCII character (ａ＿＿ｌｅ is a__le). Every place a
    user's word enters goes through here, so a decomposed accent (`a` + U+0303, as some
    keyboards and file systems type it) folds like the composed one: NFC first, then any mark
    left without a composed form is dropped with the other accents. Any other character stays,
    to be refused by name: a Greek or Cyrillic letter transliterated would be a guess nobody
    typed (Ω as O, Я as the word IA), and a Latin letter that folds to no letter (ə → @, ʔ → ?)
    is no letter a-z either."""
    from unidecode import unidecode

    text = unicodedata.normalize("NFC", decoded(text.strip()))
    text = text.translate(_FULLWIDTH)
    return "".join(
        ch if ch.isascii() else "" if unicodedata.combining(ch) else _latin(ch, unidecode)
        for ch in text
    ).lower()


_FULLWIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
"""Fullwidth forms (as CJK keyboards type them) of the printable ASCII characters."""


def _latin(ch: str, unidecode: Callable[[str], str]) -> str:
    """A Latin letter (or ligature) folded to a-z, else the character itself."""
    if "LATIN " in unicodedata.name(ch, ""):
        folded = unidecode(ch)
        if folded.isascii() and folded.isalpha():
            return folded
    return ch


SURROGATES = re.compile("[\ud800-\udfff]")
"""Lone surrogates: how Python hands over command-line bytes its locale's encoding cannot read."""


def decoded(text: str) -> str:
    """Text from the command line with its lone surrogates read as the UTF-8 bytes they stand
    for (an ASCII locale, `LC_ALL=C`, hands `cigár` over as `cig\\udcc3\\udca1r`), or each as
    U+FFFD where those bytes are not UTF-8 (a Latin-1 terminal's `é`)."""
    if not SURROGATES.search(text):
        return text
    try:  # a byte that is no UTF-8 (a stray Latin-1 é) is U+FFFD, the UTF-8 around it kept
        return os.fsencode(text).decode("utf-8", errors="replace")
    except UnicodeError:  # a character the locale's encoding cannot hold: the text as given
        return SURROGATES.sub("\ufffd", text)


def not_a_word(typed: str, what: str = "a word of letters a-z") -> str:
    """The message for text that is not `what`: the text as typed (cut to a line), and a hint
    when bytes that were not UTF-8 turned into U+FFFD (a Latin-1 terminal or file)."""
    from wordkit.errors import shortened

    shown = decoded(typed)
    hint = " (bytes that are not UTF-8 show as \ufffd)" if "\ufffd" in shown else ""
    return f"{shortened(shown, 100)!r} is not {what}{hint}"


def decimal_number(text: str) -> float | None:
    """A typed non-negative decimal (`0.5`, `.5`, `2`) in ASCII digits, else None: never
    'inf', 'nan', '1e999' or a Unicode digit, all of which float() would take."""
    text = text.strip()
    return float(text) if _DECIMAL.fullmatch(text) else None


@dataclass(frozen=True, slots=True)
class Decision:
    """A guesser's move, in both games.

    `confidence` is the guesser's own chance that the move hits (Hangman: the letter is in the
    word or the word is it; Wordle: the guess is the answer), NaN when it has none; `label`
    says how the move was chosen; `note` why it is not the guesser's own choice (a search out
    of time), or ''. Wordle adds the guess's `row` in the game's guess list and the `score` of
    the measure named by `label`."""

    move: str
    confidence: float = math.nan
    label: str = ""
    note: str = ""
    row: int = -1
    score: float = math.nan

    @property
    def word(self) -> str:
        """The move as a word (Wordle's guess)."""
        return self.move


def typed_line(line: object) -> str:
    """A line a human typed, as the Session's helpers for a human player take it (a str)."""
    return str(check_kinds({"line": line}, {"line": "text"})["line"])


def decision_of(chosen: object) -> Decision:
    """What a guesser returned as a Decision: a Decision, or a move alone (`"e"`, `"crane"`:
    a guesser may be any callable returning a move); anything else is a typed error."""
    if isinstance(chosen, Decision):
        return chosen
    if isinstance(chosen, str):
        return Decision(chosen)
    from wordkit.errors import OptionTypeError

    raise OptionTypeError(
        f"a guesser returns a Decision, a move (a string) or None, not {type(chosen).__name__}"
    )


class Quit(Exception):
    """The human quits: the game ends and is not recorded."""


class Undo(Exception):
    """The human host takes back their last answer."""


class Reopen(Exception):
    """The human host takes back their opening (Hangman's length or mask): the game starts
    again from the question asking it."""


Watch = Callable[[Any, Decision, Any], None]
"""Called by a game loop after each answered move: (position before, decision, position
after)."""


def step_dict(
    turn: int, guess: str, feedback: Any, candidates: Any, **extra: Any
) -> dict[str, Any]:
    """One step of a game as `query --json` prints it (`feedback`: what the host showed after
    the guess; `candidates`: the secrets still possible before it; lists with several boards)."""
    return {"turn": turn, "guess": guess, "feedback": feedback, "candidates": candidates} | extra


def game_dict(
    *,
    game: str,
    secret: Any,
    won: bool,
    guesses: int,
    strategy: str,
    steps: Sequence[dict[str, Any]],
    **extra: Any,
) -> dict[str, Any]:
    """One game as a line of `query --json`: the same first keys in both games."""
    head = {"game": game, "secret": secret, "won": won, "guesses": guesses}
    return head | {"strategy": strategy} | extra | {"steps": list(steps)}


def move_dict(
    *, game: str, move: str | None, candidates: Any, top: Any, **extra: Any
) -> dict[str, Any]:
    """The next move as `solve --json` prints it: the same first keys in both games (`top`: the
    likeliest secrets with their chances)."""
    return {"game": game, "move": move, "candidates": candidates, "top": top} | extra


@dataclass(frozen=True, slots=True)
class Refused:
    """A game of a batch `query` that cannot be played, in either game: the words given (one,
    or one per board) and why."""

    words: tuple[str, ...]
    error: Exception

    def as_dict(self) -> dict[str, Any]:
        """The refusal as JSON."""
        return {"words": list(self.words), "error": str(self.error)}


@dataclass(frozen=True, slots=True)
class Exchange:
    """One answered move, as a game loop reports it to its watcher."""

    before: Any
    decision: Decision
    after: Any


class Log(list[Exchange]):
    """A watcher that keeps every exchange of a game, in order."""

    def __call__(self, before: Any, decision: Decision, after: Any) -> None:
        """Keep one exchange."""
        self.append(Exchange(before, decision, after))


FLAGS = {"table": "--words", "record": "--record/--no-record", "learn": "--learn/--no-learn"}
"""Flags not named after their parameter as `option_flag` names them (Wordle's `table`)."""


def option_flag(name: str) -> str:
    """The command-line flag of an option's parameter name."""
    return FLAGS.get(name, "--" + name.replace("_", "-"))


def refuse_unused(given: Iterable[str], used: Iterable[str], why: str) -> None:
    """Refuse an option given (by parameter name) that the mode does not use, never ignore it
    in silence: `why` says so, {flag} naming the first such option alphabetically."""
    from wordkit.errors import OptionConflictError

    unused = sorted(set(given) - set(used))
    if unused:
        raise OptionConflictError(why.format(flag=option_flag(unused[0])))


def _as_float(value: Any) -> float:
    """A number as a float; an int too large for one is infinite (for the range checks to
    refuse it, where float() would raise OverflowError)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def check_kinds(options: Mapping[str, Any], kinds: Mapping[str, str]) -> dict[str, Any]:
    """The options, each checked against its kind (given through the Python API: the command
    line gives each its type) and made a plain Python value: `int`, `number`, `bool`, `text`
    (a str), `path` (a str or a path: a str), each with `?` when None is allowed, `texts` (a
    str or a sequence of them: ordered), `names` (a collection of str: a set), `lives` (an
    int or a str), `callable`, `host` (an object with `answer` and `reveal`). numpy's integers
    and floats count as numbers, a bool does not (True would mean 1). OptionTypeError names
    the keyword."""
    import numbers

    from wordkit.errors import OptionTypeError

    def whole(v: Any) -> bool:
        return isinstance(v, numbers.Integral) and not _boolean(v)

    accepted: dict[str, Callable[[Any], bool]] = {
        "int": whole,
        "number": lambda v: isinstance(v, numbers.Real) and not _boolean(v),
        "bool": _boolean,
        "text": lambda v: isinstance(v, str),
        "path": lambda v: isinstance(v, str | os.PathLike),
        "texts": lambda v: (
            isinstance(v, str) or isinstance(v, Sequence) and all(isinstance(x, str) for x in v)
        ),
        "names": lambda v: (  # a string is a name, not a collection of one-letter names
            isinstance(v, Collection)
            and not isinstance(v, str)
            and all(isinstance(x, str) for x in v)
        ),
        "lives": lambda v: isinstance(v, str) or whole(v),
        "callable": callable,
        "host": lambda v: all(callable(getattr(v, m, None)) for m in ("answer", "reveal")),
    }
    plain: dict[str, Callable[[Any], Any]] = {
        "int": int, "number": _as_float, "bool": bool, "path": os.fspath,
        "lives": lambda v: v if isinstance(v, str) else int(v),
    }  # fmt: skip
    said = {"int": "a whole number", "number": "a number", "bool": "True or False",
            "text": "a string", "path": "a path", "texts": "a string or a list of strings",
            "names": "a collection of strings",
            "lives": "a whole number or 'unlimited'", "callable": "a function",
            "host": "a host (with answer and reveal methods)"}  # fmt: skip
    out: dict[str, Any] = {}
    for name, kind in kinds.items():
        value, base = options[name], kind.rstrip("?")
        if value is None and kind.endswith("?"):
            out[name] = None
            continue
        if not accepted[base](value):
            shown = f"{value!r:.60}"
            raise OptionTypeError(f"{name}= must be {said[base]}, not {shown}")
        out[name] = plain.get(base, lambda v: v)(value)
    return out


def items_of(name: str, value: Any) -> list[Any]:
    """The items of an API argument that takes one item (a string) or an iterable of them
    (a list, a generator...); OptionTypeError for anything else (None, a number)."""
    from collections.abc import Iterable

    from wordkit.errors import OptionTypeError

    if isinstance(value, str):
        return [value]
    if isinstance(value, bytes | bytearray) or not isinstance(value, Iterable):
        raise OptionTypeError(f"{name}= must be a string or a list of them, not {value!r:.60}")
    return list(value)


def _boolean(value: Any) -> bool:
    """Whether a value is a bool (Python's or numpy's)."""
    kind = type(value)
    return isinstance(value, bool) or (
        kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")
    )


Loop = Callable[..., Any]
"""A game's loop: `play(guesser, host, start, *, watch)`."""


@dataclass
class Hosted:
    """A game the computer hosts for a human, in either game (made by a session's `hosted`):
    the host, the opening position and the host's mode; `latest` follows the game."""

    session: Any
    host: Any
    start: Any
    mode: str

    def __post_init__(self) -> None:
        self.latest = self.start

    def loop(self) -> Loop:
        """The game's loop."""
        raise NotImplementedError

    def play(self, guesser: Any, *, watch: Watch | None = None, wrap: Any = None) -> Any:
        """Play the game: `guesser` (a human) against the host (`wrap` may wrap it: a
        spinner); `Quit` is raised on."""

        def seen(before: Any, decision: Decision, after: Any) -> None:
            self.latest = after
            if watch is not None:
                watch(before, decision, after)

        check_kinds(
            {"guesser": guesser, "watch": watch}, {"guesser": "callable", "watch": "callable?"}
        )
        host = self.host if wrap is None else wrap(self.host)
        return self.loop()(guesser, host, self.start, watch=seen)


MAX_SEED = 2**63 - 1


class Seed:
    """A session's seed, the same policy in both games: the one given (checked), else a fresh
    one drawn the first time something random needs it, and kept in `drawn` so the command
    line can show it and the run can be repeated; 0 when nothing random depends on it."""

    def __init__(self, given: int | None) -> None:
        from wordkit.errors import RangeError

        if given is not None and not 0 <= given <= MAX_SEED:
            raise RangeError(f"--seed must be between 0 and {MAX_SEED}, not {given}")
        self.given = given
        self.drawn: int | None = None

    def chosen(self, seed: Any) -> int:
        """The seed of one random choice: `seed` when given (checked as `--seed` is; given
        through the Python API, another seed plays another game), else the session's."""
        if seed is None:
            return self()
        return Seed(check_kinds({"seed": seed}, {"seed": "int"})["seed"])()

    def __call__(self, *, needed: bool = True) -> int:
        """The seed of a random choice (`needed`: False when nothing random depends on it)."""
        if self.given is not None:
            return self.given
        if not needed:
            return 0
        if self.drawn is None:
            import secrets

            self.drawn = secrets.randbelow(2**31)
        return self.drawn


# --- words for people, the same in both games -------------------------------------------------


def plural(count: float, noun: str, many: str | None = None) -> str:
    """`1 answer`, `2 answers`, `1.5 answers` (or `many`), with thousands separators."""
    if isinstance(count, int):
        text = f"{count:,}"
    else:  # three significant digits, never an exponent: 24.8, 4,730
        text = f"{count:,.0f}" if abs(count) >= 100 else f"{count:.3g}"
    return f"{text} {noun}" if count == 1 else f"{text} {many or noun + 's'}"
