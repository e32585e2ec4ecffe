"""Properties: no Hangman host contradicts itself, and the word it names fits the whole game."""

from __future__ import annotations

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.hosts import (
    EvilHangman,
    HonestHangman,
    LookaheadHangman,
    PoolHost,
    hangman_host,
)
from wordkit.hangman.lexicon import lexicon_from_table, pool_for
from wordkit.hangman.play import UNLIMITED, opening, play
from wordkit.hangman.rules import Rules, State, apply_move, new_game
from wordkit.hangman.search import FamilySearch

WORDS = st.lists(
    st.text(alphabet="abcde", min_size=3, max_size=3), min_size=1, max_size=14, unique=True
)
MOVES = st.lists(
    st.one_of(st.sampled_from("abcdefg"), st.text(alphabet="abcde", min_size=3, max_size=3)),
    max_size=14,
)
HOSTS = st.sampled_from(["honest", "easy", "medium", "hard", "lookahead-1", "lookahead-2"])


def host_named(name: str, words: list[str], seed: int) -> PoolHost:
    """A host over `words` from a short test name."""
    pool = pool_for(lexicon_from_table(pd.DataFrame({"word": words})), prior="uniform")
    if name == "honest":
        return HonestHangman(pool, seed=seed)
    if name.startswith("lookahead"):
        depth = int(name.split("-")[1])
        return LookaheadHangman(
            pool, seed=seed, search=FamilySearch(depth=depth, families=2, letters=2)
        )
    return EvilHangman(pool, seed=seed, difficulty=name)  # type: ignore[arg-type]


def fresh(state: State, move: str) -> bool:
    """True when `move` has not been played in `state` yet."""
    return move not in state.letters and move not in state.words


@settings(max_examples=150, deadline=None)
@given(
    words=WORDS,
    moves=MOVES,
    name=HOSTS,
    seed=st.integers(0, 5),
    lives=st.sampled_from([None, 3]),
)
def test_hangman_hosts_never_contradict_themselves(
    words: list[str], moves: list[str], name: str, seed: int, lives: int | None
) -> None:
    host = host_named(name, words, seed)
    rules = Rules(lives=lives)
    state = host.start(rules)
    played: list[tuple[str, State]] = []
    for move in moves:
        if state.status != "playing":
            break
        if fresh(state, move):
            state = host.answer(state, move)
            played.append((move, state))
    word = host.reveal()
    assert word in words
    replay = new_game(word, rules)
    for move, shown in played:
        replay = apply_move(replay, move, secret=word)
        assert replay == shown, f"{name} contradicted itself at {move!r}"
    if isinstance(host, HonestHangman):
        assert word == host.secret


@settings(max_examples=60, deadline=None)
@given(words=WORDS, name=st.sampled_from(["evil", "lookahead", "honest"]), seed=st.integers(0, 3))
def test_games_against_every_guesser_end_consistently(
    words: list[str], name: str, seed: int
) -> None:
    pool = pool_for(lexicon_from_table(pd.DataFrame({"word": words})), prior="uniform")
    for guesser in ("greedy", "minimax", "minimax-search", "coverage"):
        host = hangman_host(name, pool, seed=seed, depth=2)
        record = play(make_guesser(guesser), host, opening(host, UNLIMITED, pool))
        assert record.won
        replay = new_game(record.secret, UNLIMITED)
        for move, shown in zip(record.moves, record.feedback, strict=True):
            replay = apply_move(replay, move, secret=record.secret)
            assert replay.mask == shown
        assert replay.status == "won" and replay.wrong == record.wrong
