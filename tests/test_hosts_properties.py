"""Properties: no host contradicts itself, and the word it names fits the whole game."""

from __future__ import annotations

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.games.hangman import HangmanState, Rules, apply_move, new_game
from wordkit.games.wordle import feedback, make_wordle
from wordkit.hangman_lexicon import lexicon_from_table, pool_for
from wordkit.hosts import Search, hangman_guesser, hangman_host, play_hangman, wordle_host
from wordkit.hosts.hangman import EvilHangman, HonestHangman, LookaheadHangman, PoolHost

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
        return LookaheadHangman(pool, seed=seed, search=Search(depth=depth, families=2, letters=2))
    return EvilHangman(pool, seed=seed, difficulty=name)  # type: ignore[arg-type]


def fresh(state: HangmanState, move: str) -> bool:
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
    played: list[tuple[str, HangmanState]] = []
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
        record = play_hangman(host, hangman_guesser(guesser, pool))
        assert record.won
        replay = new_game(record.word, Rules(lives=None))
        for move in record.moves:
            replay = apply_move(replay, move, secret=record.word)
        assert replay == record.state


ANSWERS = st.lists(
    st.text(alphabet="abcd", min_size=3, max_size=3), min_size=1, max_size=12, unique=True
)


@settings(max_examples=150, deadline=None)
@given(
    answers=ANSWERS,
    extra=st.lists(st.text(alphabet="abcdef", min_size=3, max_size=3), max_size=5),
    picks=st.lists(st.integers(0, 100), max_size=8),
    name=st.sampled_from(["honest", "evil"]),
    seed=st.integers(0, 5),
)
def test_wordle_hosts_never_contradict_themselves(
    answers: list[str], extra: list[str], picks: list[int], name: str, seed: int
) -> None:
    game = make_wordle(extra, answers, use_disk=False)
    host = wordle_host(name, game, seed=seed)
    turns: list[tuple[str, int]] = []
    for pick in picks:
        guess = game.guesses[pick % len(game.guesses)]
        pattern = host.answer(turns, guess)
        turns.append((guess, pattern))
        if pattern == game.win:
            break
    word = host.reveal()
    assert word in answers
    assert all(feedback(g, word) == p for g, p in turns)
    if name == "honest":
        assert word == getattr(host, "secret", None)
