"""The default Hangman AI's objective: most wins, then fewest wrong guesses (known answers on
tiny tables, against a brute force), and never a letter no candidate holds while a candidate's
letter wins as often."""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordkit.hangman.board import Board, board_for
from wordkit.hangman.guessers import make_guesser
from wordkit.hangman.guessers.best import NAME_ABOVE
from wordkit.hangman.lexicon import Pool, lexicon_from_table, pool_for
from wordkit.hangman.rules import ALPHABET, Rules, apply_move, new_game

Value = tuple[int, int]
"""(words won, -wrong guesses) summed over the candidates, each equally likely."""


TINY_TABLES = st.lists(
    st.text(alphabet="abcdefg", min_size=4, max_size=4), min_size=3, max_size=6, unique=True
)
"""Tables of 3-6 four-letter words over seven letters: small enough for the brute force."""
GUESSED = st.text(alphabet="abcdefghij", max_size=3)
"""Letters guessed before the move under test (some in no word)."""


def pool_of(words: list[str]) -> Pool:
    """A uniform pool over an inline word list."""
    return pool_for(lexicon_from_table(pd.DataFrame({"word": words})), prior="uniform")


def brute(words: tuple[str, ...], guessed: frozenset[str], lives: int) -> Value:
    """The best (wins, -wrong guesses) over every strategy of letters and whole words."""
    return _brute(tuple(sorted(words)), guessed, lives)


@cache
def _brute(words: tuple[str, ...], guessed: frozenset[str], lives: int) -> Value:
    if lives <= 0:
        return (0, 0)
    if len(words) == 1:
        return (1, 0)
    return max(move_value(words, guessed, lives, m) for m in moves_of(words, guessed))


def moves_of(words: tuple[str, ...], guessed: frozenset[str]) -> list[str]:
    """Every letter not guessed yet (one absent from all words stands for all such) and every
    candidate word."""
    held = sorted({c for w in words for c in w} - guessed)
    absent = [c for c in ALPHABET if c not in guessed and c not in held][:1]
    return held + absent + list(words)


def move_value(words: tuple[str, ...], guessed: frozenset[str], lives: int, move: str) -> Value:
    """(wins, -wrong guesses) of `move` followed by the best play."""
    if len(move) > 1:
        rest = tuple(w for w in words if w != move)
        won, wrong = _brute(rest, guessed, lives - 1) if rest else (0, 0)
        return (1 + won, wrong - len(rest))
    classes: dict[tuple[int, ...], list[str]] = {}
    for w in words:
        classes.setdefault(tuple(i for i, c in enumerate(w) if c == move), []).append(w)
    if len(classes) == 1 and () not in classes:
        return (-1, 0)  # a letter every candidate shows at the same places: no information
    total = (0, 0)
    for pattern, group in classes.items():
        miss = not pattern
        won, wrong = _brute(tuple(group), guessed | {move}, lives - miss)
        total = (total[0] + won, total[1] + wrong - (len(group) if miss else 0))
    return total


def decide(words: list[str], lives: int, secret: str, letters: str = "") -> tuple[Board, str]:
    """The default AI's move after `letters` on the board of `secret` among `words`."""
    pool = pool_of(words)
    state = new_game(secret, Rules(lives=lives))
    for ch in letters:
        state = apply_move(state, ch, secret=secret)
    board = board_for(pool, state)
    return board, make_guesser("best")(board).move


def board_after(words: list[str], lives: int, secret: str, letters: str) -> Board | None:
    """The board of `secret` among `words` after guessing `letters` (each once, in order, while
    the game lasts); None once the game is over."""
    state = new_game(secret, Rules(lives=lives))
    for ch in dict.fromkeys(letters):
        if state.status == "playing":
            state = apply_move(state, ch, secret=secret)
    return board_for(pool_of(words), state) if state.status == "playing" else None


def candidates(board: Board) -> tuple[str, ...]:
    """The board's candidate words."""
    return tuple(board.pool.lexicon.enc.words[int(i)] for i in board.ids)


def test_sure_win_takes_the_letter_with_fewest_wrong_guesses() -> None:
    # every move wins all four (6 lives), but i, c and l miss three words where a misses one
    words = ["bake", "cake", "lake", "bike"]
    board, move = decide(words, 6, "bake")
    assert move_value(candidates(board), frozenset(), 6, move) == (4, -4)
    assert brute(tuple(words), frozenset(), 6) == (4, -4)
    assert move in ("a", "b")


def test_known_answers_of_the_tie_break() -> None:
    tables = [
        (["cat", "cot", "cut", "bat"], 6),  # sure wins: a splits 2/2, o and u miss three
        (["pint", "pant", "punt", "hint", "mint"], 6),
        (["pin", "pan", "pun", "tin", "tan", "ton"], 3),  # not every word is won
        (["gull", "hull", "dull", "full", "bull", "null"], 4),
        (["cfbc", "eccg", "faad", "gggd"], 3),  # lookahead alone plays c: 3 wrong, not 2
        (["aabc", "bfcb", "cefc", "efbg", "gbef"], 3),  # lookahead alone: b, 2 wrong, not 1
    ]
    for words, lives in tables:
        best = brute(tuple(words), frozenset(), lives)
        board, move = decide(words, lives, words[0])
        assert move_value(candidates(board), frozenset(), lives, move) == best, words


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(
        st.text(alphabet="abcdefg", min_size=4, max_size=4), min_size=3, max_size=7, unique=True
    ),
    lives=st.integers(min_value=2, max_value=5),
)
def test_first_move_reaches_the_brute_force_optimum(words: list[str], lives: int) -> None:
    board, move = decide(words, lives, words[0])
    best = brute(tuple(words), frozenset(), lives)
    assert move_value(candidates(board), frozenset(), lives, move) == best


def test_a_single_candidate_is_named_when_the_table_is_favoured() -> None:
    board, _ = decide(["ankle", "angle", "apple"], 6, "ankle", letters="aelk")
    assert candidates(board) == ("ankle",)
    assert make_guesser("best", dictionary_share=1.0)(board).move == "ankle"


def test_a_single_candidate_the_table_does_not_favour_gets_its_hidden_letter() -> None:
    # naming it is a sure miss for a secret outside the table; its letter is a sure hit inside
    board, move = decide(["ankles", "angles", "apples"], 6, "ankles", letters="aespg")
    guesser = make_guesser("best")
    assert candidates(board) == ("ankles",) and guesser.posterior(board) < NAME_ABOVE
    assert move in {"n", "k", "l"}
    assert guesser(board).label == "letter model"


@settings(max_examples=40, deadline=None)
@given(
    words=TINY_TABLES,
    lives=st.integers(min_value=2, max_value=5),
    pick=st.integers(min_value=0, max_value=5),
    letters=GUESSED,
)
def test_never_a_letter_no_candidate_holds_while_one_it_holds_wins_as_often(
    words: list[str], lives: int, pick: int, letters: str
) -> None:
    board = board_after(words, lives, words[pick % len(words)], letters)
    if board is None:
        return
    state = board.state
    move = make_guesser("best")(board).move
    held = {c for w in candidates(board) for c in w} - set(state.letters)
    if len(move) > 1 or move in held:
        return
    # a letter no candidate holds: only when no letter they hold wins as often
    guessed = frozenset(state.letters)
    left = lives - state.wrong
    words_left = candidates(board)
    chance = move_value(words_left, guessed, left, move)[0]
    assert all(move_value(words_left, guessed, left, c)[0] < chance for c in held)


def test_letters_tied_in_the_table_go_to_the_fewest_wrong_guesses_under_the_mixture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from wordkit.hangman.guessers import best

    # b, c, h and m each win all four words with the same wrong guesses: a tie in the table
    board, searched = decide(["bat", "cat", "hat", "mat"], 6, "mat", letters="a")
    guesser = make_guesser("best")
    assert 0 < guesser.posterior(board) < 1
    likely = np.full(26, 0.1)
    likely[ALPHABET.index("m")] = 0.6  # outside the table, the letter model expects an m
    monkeypatch.setattr(best, "model_appear", lambda _: likely)
    assert guesser(board).move == "m"
    # with the secret surely in the table, the table's own tie-break (the search's move)
    sure = make_guesser("best", dictionary_share=1.0)(board).move
    assert sure == searched != "m"
    # a letter no candidate holds is never among the ties, however likely outside
    likely[ALPHABET.index("z")] = 0.99
    assert guesser(board).move == "m"


@settings(max_examples=60, deadline=None)
@given(
    words=TINY_TABLES,
    lives=st.integers(min_value=2, max_value=5),
    pick=st.integers(min_value=0, max_value=5),
    letters=GUESSED.filter(bool),  # past the first move
)
def test_the_mixture_never_costs_a_win_in_the_table(
    words: list[str], lives: int, pick: int, letters: str
) -> None:
    """Past the first move (the posterior below 1), the move still wins as many candidates as
    the best strategy over them."""
    board = board_after(words, lives, words[pick % len(words)], letters)
    if board is None:
        return
    state = board.state
    move = make_guesser("best")(board).move
    guessed, left = frozenset(state.letters), lives - state.wrong
    words_left = candidates(board)
    if len(words_left) == 1:  # named, or a letter of it still hidden: a sure win either way
        assert move == words_left[0] or (move in words_left[0] and move not in guessed)
        return
    best_wins = brute(words_left, guessed, left)[0]
    assert move_value(words_left, guessed, left, move)[0] == best_wins


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(
        st.text(alphabet="abcdef", min_size=4, max_size=4), min_size=3, max_size=7, unique=True
    ),
    lives=st.integers(min_value=1, max_value=4),
)
def test_the_tied_letters_are_those_winning_as_often_and_their_gaps_count_wrong_guesses(
    words: list[str], lives: int
) -> None:
    board, _ = decide(words, lives, words[0])
    guesser = make_guesser("best")
    search, subset = guesser.candidates(board)
    search.exact(subset, lives)
    tied = search.tied_letters(subset, lives, None)
    assert tied is not None
    values = dict(tied)
    best_wins, best_wrong = brute(tuple(words), frozenset(), lives)
    unit = guesser.lookahead.wrong_weight * search.mass(subset)
    for move, _ in search.letter_moves(subset, lives):
        wins, wrong = move_value(tuple(words), frozenset(), lives, move)
        assert (move in values) == (wins == best_wins), move
        if move in values:  # the gap: its extra wrong guesses a game, and a 27th per move
            extra = (max(values.values()) - values[move]) / unit * len(words)
            assert abs(extra - (best_wrong - wrong)) < len(words) * 26 / 27 + 1e-6


WORDS_OF_FOUR = st.lists(
    st.text(alphabet="abcdefgh", min_size=4, max_size=4), min_size=200, max_size=400, unique=True
)
"""Tables wider than the 64 members under which a mass is summed word by word."""


@settings(max_examples=12, deadline=None)
@given(
    words=WORDS_OF_FOUR,
    weights=st.lists(st.sampled_from([0.1, 0.1, 0.1, 0.7, 1.3, 2.9]), min_size=400, max_size=400),
    kept=st.lists(st.booleans(), min_size=400, max_size=400) | st.just([]),
    subsets=st.lists(
        st.lists(st.sampled_from([True, True, True, False]), min_size=400, max_size=400),
        min_size=1,
        max_size=4,
    ),
    lives=st.integers(min_value=1, max_value=6),
)
def test_a_narrowed_search_weighs_and_orders_every_subset_as_the_whole_one(
    words: list[str],
    weights: list[float],
    kept: list[bool],
    subsets: list[list[bool]],
    lives: int,
) -> None:
    """Narrowed to some of its words, the search gives each subset of them the same mass to
    the bit (wherever its members sit) and the same letters in the same order, so the same
    rollouts and the same ties; a single weight among the kept words stays a weighted prior."""
    from wordkit.hangman.rules import encode_words
    from wordkit.hangman.search import win_search_for

    ids = np.arange(len(words))
    whole = win_search_for(encode_words(words), ids, np.asarray(weights[: len(words)]))
    # kept at random, or every word of weight 0.1 (a single weight, not a uniform prior)
    bits = [b for b in range(len(words)) if (kept[b] if kept else weights[b] == 0.1)] or [0]
    narrow = whole.narrowed(bits)
    for chosen in subsets:
        members = [i for i, b in enumerate(bits) if chosen[b]] or [0]
        inner = narrow.subset_of(members)
        outer = whole.subset_of([bits[i] for i in members])
        assert narrow.mass(inner) == whole.mass(outer)
        assert [m for m, _ in narrow.letter_moves(inner, lives)] == [
            m for m, _ in whole.letter_moves(outer, lives)
        ]
        assert narrow.best_move(inner, lives) == whole.best_move(outer, lives)


def narrowing_guessers() -> tuple[object, object]:
    """A default AI that narrows every live search it may (and reuses it while a game's
    candidates stay among its words, half of them or more), and one that never narrows."""
    narrowing = make_guesser("best", budget=None, use_book=False)
    whole = make_guesser("best", budget=None, use_book=False, memo_bytes=None)
    return narrowing, whole


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    words=st.lists(
        st.text(alphabet="abcdefg", min_size=4, max_size=4), min_size=8, max_size=40, unique=True
    ),
    lives=st.integers(min_value=1, max_value=5),
    picks=st.lists(st.integers(min_value=0, max_value=39), min_size=1, max_size=4),
    weights=st.lists(st.sampled_from([1.0, 2.0, 0.5, 3.0]), min_size=40, max_size=40),
)
def test_a_search_narrowed_on_the_candidates_decides_as_the_search_of_every_word(
    words: list[str],
    lives: int,
    picks: list[int],
    weights: list[float],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whole games of the default AI, on two pools of one table (weighted and uniform, in
    turn): narrowed on the candidates of each live decision (forced here on tiny tables, and
    reused while a game narrows them), the search finds the moves of the length's own search;
    so does `lookahead`'s."""
    from wordkit.hangman.guessers import lookahead

    monkeypatch.setattr(lookahead, "LOCAL_MIN_WORDS", 0)  # the same for every example
    monkeypatch.setattr(lookahead, "LOCAL_WIDTH", 2)
    lexicon = lexicon_from_table(pd.DataFrame({"word": words, "weight": weights[: len(words)]}))
    pools = [pool_for(lexicon, prior="weight"), pool_for(lexicon, prior="uniform")]
    narrowing, whole = narrowing_guessers()
    plain = make_guesser("lookahead"), make_guesser("lookahead", memo_bytes=None)
    for game, pick in enumerate(picks):
        pool, secret = pools[game % 2], words[pick % len(words)]
        state = new_game(secret, Rules(lives=lives))
        while state.status == "playing":
            board = board_for(pool, state)
            move = narrowing(board)  # type: ignore[operator]
            assert move == whole(board)  # type: ignore[operator]
            assert plain[0](board) == plain[1](board)  # type: ignore[operator]
            state = apply_move(state, move.move, secret=secret)
    assert whole.lookahead.narrowed is None and plain[1].narrowed is None  # type: ignore[attr-defined]


def test_a_narrowed_search_is_reused_while_the_candidates_stay_among_its_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from wordkit.hangman.guessers import lookahead

    monkeypatch.setattr(lookahead, "LOCAL_MIN_WORDS", 0)
    monkeypatch.setattr(lookahead, "LOCAL_WIDTH", 3)
    words = [a + b + c + "e" for a in "bcdfgh" for b in "aiou" for c in "klmnprst"]
    pool = pool_of(words)
    narrowing, whole = narrowing_guessers()
    state = new_game("bake", Rules(lives=3))  # 3 lives: 0.7 s, the same narrowings as 6 (16 s)
    made = []
    while state.status == "playing":
        board = board_for(pool, state)
        move = narrowing(board)  # type: ignore[operator]
        assert move == whole(board)  # type: ignore[operator]
        known = narrowing.lookahead.narrowed  # type: ignore[attr-defined]
        made.append(known[1] if known else None)
        state = apply_move(state, move.move, secret="bake")
    searches = [m for m in made if m is not None]
    assert len(searches) > len({id(m) for m in searches}) >= 1  # one was played again
