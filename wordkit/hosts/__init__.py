"""Game hosts: pure answers to guesses (honest, evil, Absurdle, lookahead) and the trainer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from wordkit.errors import UnknownNameError
from wordkit.games.hangman import Rules
from wordkit.games.wordle import Wordle
from wordkit.hangman_lexicon import Pool
from wordkit.hosts.base import Host, NoWordError, UnsupportedVariantError
from wordkit.hosts.families import DIFFICULTIES, Difficulty, Families, letter_families
from wordkit.hosts.guessers import (
    HangmanGuesser,
    WordleGuesser,
    hangman_guesser,
    wordle_guesser,
)
from wordkit.hosts.hangman import (
    EvilHangman,
    HonestHangman,
    LookaheadHangman,
    PoolHost,
    Search,
)
from wordkit.hosts.play import (
    UNLIMITED,
    HangmanHost,
    HangmanRecord,
    WordleRecord,
    play_hangman,
    play_wordle,
)
from wordkit.hosts.trainer import Advice, hangman_advice, wordle_advice
from wordkit.hosts.wordle import Absurdle, HonestWordle, WordleHost

HostName = Literal["honest", "evil", "lookahead"]

HANGMAN_HOSTS: tuple[str, ...] = ("honest", "evil", "lookahead")
WORDLE_HOSTS: tuple[str, ...] = ("honest", "evil")


def hangman_host(
    name: str,
    pool: Pool,
    *,
    length: int | None = None,
    difficulty: Difficulty = "hard",
    depth: int = 3,
    seed: int = 0,
    secret: str | None = None,
) -> PoolHost:
    """A Hangman host by name over `pool` (the table, category and prior are the pool's)."""
    if name == "honest":
        return HonestHangman(pool, length=length, seed=seed, secret=secret)
    if name == "evil":
        return EvilHangman(pool, length=length, seed=seed, difficulty=difficulty)
    if name == "lookahead":
        return LookaheadHangman(pool, length=length, seed=seed, search=Search(depth=depth))
    raise UnknownNameError(
        f"unknown Hangman host {name!r} (choose from {', '.join(HANGMAN_HOSTS)})"
    )


def versus_by_length(
    pool: Pool,
    *,
    host: str,
    guesser: str,
    lengths: Iterable[int],
    difficulty: Difficulty = "hard",
    depth: int = 3,
    seed: int = 0,
    rules: Rules = UNLIMITED,
) -> dict[int, HangmanRecord]:
    """One game of `guesser` against `host` per word length (evil hosts are deterministic)."""
    player = hangman_guesser(guesser, pool)
    return {
        n: play_hangman(
            hangman_host(host, pool, length=n, difficulty=difficulty, depth=depth, seed=seed),
            player,
            rules=rules,
        )
        for n in lengths
    }


def wordle_host(name: str, game: Wordle, *, seed: int = 0, secret: str | None = None) -> WordleHost:
    """A Wordle host by name: `honest` or `evil` (Absurdle; `absurdle` is accepted too)."""
    if name == "honest":
        return HonestWordle(game, seed=seed, secret=secret)
    if name in ("evil", "absurdle"):
        return Absurdle(game, seed=seed)
    raise UnknownNameError(f"unknown Wordle host {name!r} (choose from {', '.join(WORDLE_HOSTS)})")


__all__ = [
    "DIFFICULTIES",
    "HANGMAN_HOSTS",
    "UNLIMITED",
    "WORDLE_HOSTS",
    "Absurdle",
    "Advice",
    "Difficulty",
    "EvilHangman",
    "Families",
    "HangmanGuesser",
    "HangmanHost",
    "HangmanRecord",
    "HonestHangman",
    "HonestWordle",
    "Host",
    "HostName",
    "LookaheadHangman",
    "NoWordError",
    "PoolHost",
    "Search",
    "UnsupportedVariantError",
    "WordleGuesser",
    "WordleHost",
    "WordleRecord",
    "hangman_advice",
    "hangman_guesser",
    "hangman_host",
    "letter_families",
    "play_hangman",
    "play_wordle",
    "versus_by_length",
    "wordle_advice",
    "wordle_guesser",
    "wordle_host",
]
