"""Hangman guessers: the CodeWords AI's known answers, the registry, lookahead, entropy, model."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wordkit.errors import UnknownNameError
from wordkit.game import Log
from wordkit.hangman.board import Decision, board_for
from wordkit.hangman.guessers import guesser_names, make_guesser
from wordkit.hangman.hosts import HonestHangman
from wordkit.hangman.lexicon import Pool, lexicon_from_table, pool_for
from wordkit.hangman.optimum import exact_optimum, length_optimum
from wordkit.hangman.play import opening, play
from wordkit.hangman.rules import CLASSIC, Rules, new_game, observed_state
from wordkit.runner import GameRecord

FIXTURE = Path(__file__).parent / "fixtures" / "hangman_animals.csv"


def pool_of(words: list[str], **kw):  # type: ignore[no-untyped-def]
    """A pool over an inline word list (one row each, weight 1)."""
    return pool_for(lexicon_from_table(pd.DataFrame({"word": words})), **kw)


def play_secret(
    secret: str, guesser, pool: Pool, *, rules: Rules = CLASSIC, seed: int = 0
) -> tuple[GameRecord, list[Decision]]:  # type: ignore[no-untyped-def]
    """One game against an honest host holding `secret`: its record and every decision."""
    host = HonestHangman(pool, seed=seed, secret=secret)
    turns = Log()
    record = play(guesser, host, opening(host, rules, pool), watch=turns)
    return record, [t.decision for t in turns]


def decide(name: str, words: list[str], state):  # type: ignore[no-untyped-def]
    """One decision of strategy `name` on an inline dictionary."""
    return make_guesser(name)(board_for(pool_of(words), state))


def test_registry_names_and_unknown() -> None:
    assert guesser_names()[:5] == ["best", "coverage", "entropy", "lookahead", "model"]
    assert guesser_names()[5:] == ["expected-size", "greedy", "minimax", "minimax-search"]
    with pytest.raises(UnknownNameError):
        make_guesser("oracle")


def test_coverage_counts_each_letter_once_per_word() -> None:
    state = observed_state("a__le", letters="aeli")
    decision = decide("coverage", ["apple", "ankle", "ample"], state)
    assert decision.move == "p" and decision.label == "coverage"
    assert decision.confidence == pytest.approx(2 / 3)


def test_coverage_ties_go_to_the_letter_met_first() -> None:
    state = observed_state("_at", letters="at")
    assert decide("coverage", ["bat", "cat"], state).move == "b"
    assert decide("coverage", ["cat", "bat"], state).move == "c"
    state = observed_state("___", letters="")
    assert decide("coverage", ["xyz", "zyx"], state).move == "x"


def test_coverage_word_match_at_one_candidate() -> None:
    decision = decide("coverage", ["tiger", "timer"], observed_state("ti_er", letters="tierm"))
    assert decision.move == "tiger" and decision.confidence == 1.0
    assert decision.label == "word"


def test_coverage_fallback_at_zero_candidates() -> None:
    decision = decide("coverage", ["apple"], observed_state("_____", letters="ea"))
    assert (decision.move, decision.confidence, decision.label) == ("t", 0.1, "letter frequency")


def test_coverage_constructs_empathy_skipping_failed_words() -> None:
    state = observed_state("empath_", letters="emptahsi")
    first = decide("coverage", ["zebra"], state)
    assert (first.move, first.confidence, first.label) == ("empathn", 0.7, "construction")
    state = observed_state("empath_", letters="emptahsi", words=["empathn"])
    assert decide("coverage", ["zebra"], state).move == "empathd"
    two = decide("coverage", ["zebra"], observed_state("_uokk_", letters="uok"))
    assert two.label == "construction" and two.confidence == 0.4 and len(two.move) == 6


def test_walkthrough_tiger_is_won_without_a_wrong_guess() -> None:
    lexicon = lexicon_from_table(pd.read_csv(FIXTURE))
    pool = pool_for(lexicon, hint="animals")
    record, decisions = play_secret("tiger", make_guesser("coverage"), pool)
    assert record.won and record.wrong == 0
    assert decisions[0].move == "e"
    assert decisions[-1].move == "tiger"


def test_exact_optimum_of_a_rhyme_family() -> None:
    words = ["bat", "cat", "hat", "mat", "rat", "sat", "vat", "pat"]
    assert length_optimum(words, lives=2) == 2
    assert length_optimum(words, lives=7) == 7
    assert length_optimum(words, lives=8) == 8


def test_exact_optimum_counts_repeated_rows() -> None:
    words = ["cat", "hat", "mat"]
    # one life: any miss loses, so the best is to name one word, the most repeated one
    assert length_optimum(words, lives=1) == 1
    assert length_optimum(words, lives=1, counts=[1, 1, 5]) == 5
    table = pd.DataFrame({"word": ["cat", "hat", "mat", "mat"]})
    rows = exact_optimum(table, lives=1, per_row=True)
    assert (rows.words, rows.won) == (4, 2)
    assert (exact_optimum(table, lives=1).words, exact_optimum(table, lives=1).won) == (3, 1)


def test_exact_optimum_by_length_on_the_fixture() -> None:
    optimum = exact_optimum(pd.read_csv(FIXTURE), lives=6)
    assert optimum.complete and optimum.won <= optimum.words
    three = next(x for x in optimum.lengths if x.length == 3)
    assert three.words == 6 and three.won == 6


def test_lookahead_wins_the_rhyme_family_as_often_as_possible() -> None:
    words = ["bat", "cat", "hat", "mat", "rat", "sat", "vat", "pat"]
    pool = pool_of(words)
    guesser = make_guesser("lookahead")
    wins = sum(play_secret(w, guesser, pool, rules=Rules(lives=3))[0].won for w in words)
    by_length = [[w for w in words if len(w) == n] for n in (3, 5)]
    assert wins == sum(length_optimum(same, lives=3) for same in by_length)


def test_entropy_guesses_a_likely_word_early() -> None:
    table = pd.DataFrame({"word": ["moshi", "mbeya", "arusha"], "weight": [90, 5, 5]})
    pool = pool_for(lexicon_from_table(table))
    board = board_for(pool, new_game("moshi", Rules(finish="word")))
    decision = make_guesser("entropy")(board)
    assert decision.move == "moshi" and decision.label == "word"


@pytest.mark.parametrize("name", ["coverage", "entropy", "lookahead"])
def test_advanced_word_finish_games_end_in_a_win(name: str) -> None:
    lexicon = lexicon_from_table(pd.read_csv(FIXTURE))
    pool = pool_for(lexicon, prior="uniform")
    rules = Rules(lives=None, variant="advanced", finish="word", width=12)
    guesser = make_guesser(name)
    for secret in ["tiger", "goose", "moose", "cat", "zebra"]:
        record, decisions = play_secret(secret, guesser, pool, rules=rules, seed=3)
        assert record.won and decisions[-1].move == secret


@pytest.mark.parametrize("variant", ["classic", "advanced"])
@pytest.mark.parametrize("name", guesser_names())
def test_a_word_outside_the_table_is_won_without_a_repeated_move(name: str, variant: str) -> None:
    """Without a life limit (or with many lives) every strategy wins a word outside the table:
    under finish=word it names the word once the mask shows it whole (a letter there was a
    repeat: the game crashed), and two blanks no table word fits get one made-up word, then
    letters (the 676 pairs, tried one by one, ran into the move limit)."""
    pool = pool_of(["tiger", "zebra", "goose", "moose", "camel", "horse"])
    guesser = make_guesser(name)
    for lives, finish in ((None, "word"), (None, "reveal"), (40, "word")):
        if variant == "advanced" and finish == "reveal":
            continue
        rules = Rules(lives=lives, variant=variant, finish=finish, width=8)
        for secret in ("zzyzx", "qajaq"):
            record, decisions = play_secret(secret, guesser, pool, rules=rules, seed=1)
            assert record.won, (name, rules, secret, record.moves)
            words = [m for m in record.moves if len(m) > 1]
            assert len(set(words)) == len(words)  # the host refuses a repeat anyway
            if variant == "classic":  # (advanced: a letter is guessed once per occurrence)
                assert len(set(record.moves)) == len(record.moves)


def test_a_mask_showing_the_whole_word_is_named_by_every_strategy() -> None:
    pool = pool_of(["tiger", "zebra"])
    rules = Rules(lives=None, finish="word")
    state = observed_state("zzyzx", letters="abcdefghijklmnopqrstuvwxyz", rules=rules)
    for name in guesser_names():
        decision = make_guesser(name)(board_for(pool, state))
        assert (decision.move, decision.confidence) == ("zzyzx", 1.0), name


def test_the_model_names_an_advanced_prefix_at_its_lengths_chance() -> None:
    """Advanced variant: the shown letters spell a word only if the length is right, so the
    confidence is that length's share; once refuted, longer lengths are played."""
    pool = pool_of(["herring", "salmon", "turbot", "plaice", "mullet", "haddock"])
    rules = Rules(variant="advanced", lives=10, width=10, finish="word")
    state = observed_state("herrin", letters="aeeobrrinh", rules=rules)
    decision = make_guesser("model")(board_for(pool, state))
    assert decision.move == "herrin" and decision.confidence == pytest.approx(4 / 6)
    refuted = observed_state("herrin", letters="aeeobrrinh", words=["herrin"], rules=rules)
    decision = make_guesser("model")(board_for(pool, refuted))
    assert len(decision.move) == 1 and decision.confidence > 0
    # under finish=reveal a word shown whole was won: 6 letters is no length it may have
    revealed = replace(rules, finish="reveal")
    state = observed_state("herrin", letters="aeeobrrinh", rules=revealed)
    decision = make_guesser("model")(board_for(pool, state))
    assert len(decision.move) == 1 and decision.confidence > 0


def test_model_plays_out_of_dictionary_words() -> None:
    words = ["running", "jumping", "singing", "walking", "talking", "reading"]
    pool = pool_of(words)
    state = observed_state("_umping", letters="umpingj")
    decision = make_guesser("lookahead")(board_for(pool, state))
    assert decision.label in {"letter model", "word"}
    record, _ = play_secret("dancing", make_guesser("entropy"), pool, rules=Rules(lives=8))
    assert record.won in {True, False} and (record.won or record.wrong == 8)
    moves = list(record.moves)
    assert len(moves) == len(set(moves))


def test_rollouts_from_large_sets_solve_exactly_only_near_the_end() -> None:
    from wordkit.hangman.rules import encode_words
    from wordkit.hangman.search import WinSearchSettings, win_search_for

    words = ["bat", "cat", "hat", "mat", "rat", "sat", "vat", "pat"]
    enc = encode_words(words)
    settings = WinSearchSettings(exact_limit=4, deep_rollout_limit=6, shallow_leaf=2)
    search = win_search_for(enc, pool_of(words).ids, pool_of(words).probs, settings)
    assert [search.leaf_for(n) for n in (3, 6, 7, 8)] == [4, 4, 2, 2]
    # the bounded rollout still wins as many as the exact search on this family
    guesser = make_guesser("lookahead", exact_limit=4, deep_rollout_limit=6)
    pool = pool_of(words)
    wins = sum(play_secret(w, guesser, pool, rules=Rules(lives=3))[0].won for w in words)
    by_length = [[w for w in words if len(w) == n] for n in (3, 5)]
    assert wins == sum(length_optimum(same, lives=3) for same in by_length)


def test_letter_model_falls_back_on_its_own_letter_order() -> None:
    from wordkit.hangman.guessers.model import learned_model

    model = learned_model(["zzz", "zza", "ab"])
    assert model.letter_order().startswith("zab")


def test_best_plays_its_own_searched_moves_from_its_book(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]

    from wordkit.hangman.book import build_book, cached_book, state_key
    from wordkit.hangman.guessers.best import BestGuesser

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path))
    words = ["apple", "ankle", "angle", "agile", "ample", "tiger", "timer", "otter", "viper",
             "eagle", "horse", "mouse", "moose", "goose", "bison", "crane", "camel", "cat",
             "bat", "hat", "mat", "rat", "vat", "oat", "eat"]  # fmt: skip
    pool = pool_of(words, prior="uniform")
    rules = Rules(lives=3)
    built = build_book(pool, rules)
    book = cached_book(pool, rules)
    assert book is not None and built.states == len(book) > 0
    assert list(tmp_path.glob("hangman-book-*.json.z"))
    searched = BestGuesser(budget=None, use_book=False)
    labels = set()
    for word in [*words, "ample", "tapir", "bot"]:
        ours, decisions = play_secret(word, make_guesser("best"), pool, rules=rules)
        theirs, _ = play_secret(word, searched, pool, rules=rules)
        assert ours.moves == theirs.moves and ours.won == theirs.won
        labels |= {d.label for d in decisions}
    assert "from the book" in labels
    assert state_key(new_game("cat", rules)) in book
    wins = sum(play_secret(w, make_guesser("best"), pool, rules=rules)[0].won for w in words)
    by_length = [[w for w in words if len(w) == n] for n in (3, 5)]
    assert wins == sum(length_optimum(same, lives=3) for same in by_length)


def test_words_learned_from_play_keep_the_book_of_the_tables_own_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table grown by words learned from play (`--learn`) plays from the book of its own
    words: where no learned word is a candidate, the candidates and their priors are the
    table's to the bit; where one is, it reads the book while more own words than the search's
    exact ground are candidates (a rollout's move), and searches on fewer."""
    from wordkit.hangman.book import book_name, build_book
    from wordkit.hangman.guessers import best
    from wordkit.hangman.lexicon import holds_learned, load_pool, own_pool

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(best, "POSTERIOR_CANDIDATES", 2)  # the book's own ground, small
    words = ["apple", "ankle", "angle", "agile", "ample", "tiger", "timer", "otter", "viper",
             "eagle", "cat", "bat", "hat", "mat", "rat", "vat", "oat", "eat", "apple"]  # fmt: skip
    table = pd.DataFrame({"word": words, "weight": [i % 4 for i in range(len(words))],
                          "category": ["x", "y"] * 9 + ["x"]})  # fmt: skip
    path = tmp_path / "t.csv"
    table.to_csv(path, index=False)
    rules = Rules(lives=3)
    for prior, hint in [("weight", None), ("uniform", None), ("weight", "x"), ("y=0.7", None)]:
        plain = load_pool(str(path), prior=prior, category=hint)
        grown = load_pool(str(path), prior=prior, category=hint,
                          extra_words={"zebra": hint, "dog": hint, "cat": hint})  # fmt: skip
        own = own_pool(grown)
        assert holds_learned(grown) and not holds_learned(own) and own_pool(plain) is plain
        assert own.ids.tolist() == plain.ids.tolist()
        assert own.probs[own.ids].tobytes() == plain.probs[plain.ids].tobytes()
        assert book_name(own, rules) == book_name(plain, rules) != book_name(grown, rules)
    plain, grown = load_pool(str(path)), load_pool(str(path), extra_words={"zebra": None})
    assert build_book(plain, rules).states > 0
    labels = {}
    for secret in ("cat", "tiger"):  # no learned word of 3 letters; zebra has 5
        board = board_for(grown, new_game(secret, rules))
        assert holds_learned(grown, board.ids) == (secret == "tiger")
        labels[secret] = best.BestGuesser()(board)
        alone = best.BestGuesser()(board_for(plain, new_game(secret, rules)))
        assert (labels[secret].move, labels[secret].label) == (alone.move, "from the book")
        assert labels[secret].confidence == pytest.approx(alone.confidence, abs=0.01)
    # ten own candidates of 5 letters, and zebra: within the exact search's ground, live
    monkeypatch.setattr(best, "POSTERIOR_CANDIDATES", 10)
    assert best.BestGuesser()(board_for(grown, new_game("tiger", rules))).label == "searched"


@pytest.mark.parametrize(
    ("prior", "weights", "read"),
    [
        ("weight", 1.0, True),
        ("uniform", 1.0, True),
        ("x=0.5,y=0.5", 1.0, False),
        ("weight", 0.0, True),  # own words of weight 0 keep their odds among themselves
    ],  # fmt: skip
)
def test_a_grown_table_plays_the_moves_of_its_own_search_book_or_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prior: str, weights: float, read: bool
) -> None:
    """Wherever the table's own book is read for a table grown by learned words, its move is
    the one a full search of the grown table makes; the book is not read when learning moved
    the own words' priors apart (a category share takes the learned words' mass from one
    category), and is read when it did not (own words of weight 0 stay even among
    themselves)."""
    from wordkit.hangman.book import build_book
    from wordkit.hangman.guessers import best
    from wordkit.hangman.lexicon import book_pool, load_pool

    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(best, "POSTERIOR_CANDIDATES", 1)  # the book's own ground: all of it
    xs = ["bake", "cake", "lake", "make", "rake", "take", "wake", "fake"]
    ys = ["bine", "cine", "line", "mine", "pine", "tine", "wine", "fine", "bone", "cone"]
    table = pd.DataFrame({"word": xs + ys, "weight": weights,
                          "category": ["x"] * len(xs) + ["y"] * len(ys)})  # fmt: skip
    path = tmp_path / "t.csv"
    table.to_csv(path, index=False)
    rules = Rules(lives=3)
    learned = {w: "x" for w in ["zzyzxvq", "qwertyu", "plokmnj"]}  # never a candidate here
    grown = load_pool(str(path), prior=prior, extra_words=learned)
    build_book(load_pool(str(path), prior=prior), rules)
    assert (book_pool(grown) is not grown) == read
    searched = best.BestGuesser(use_book=False, budget=None, memo_bytes=None)
    labels = set()
    for word in xs + ys:
        ours, decisions = play_secret(word, best.BestGuesser(), grown, rules=rules)
        theirs, _ = play_secret(word, searched, grown, rules=rules)
        assert ours.moves == theirs.moves
        labels |= {d.label for d in decisions}
    assert ("from the book" in labels) == read


@pytest.mark.parametrize("limit", [1, None])
@pytest.mark.parametrize("strategy", ["best", "lookahead"])
def test_the_memos_of_every_length_are_forgotten_past_their_bytes(
    limit: int | None, strategy: str
) -> None:
    """Live decisions keep their searches' memos (the next may finish within its budget
    thanks to them) until those of all word lengths together pass `memo_bytes` (`lookahead`
    kept them all: 5 GB in ten minutes of a stats run on `english`)."""
    pool = pool_of(["cat", "cot", "cut", "dog", "dig", "bee", "bat", "apple", "ample", "angle"])
    options = {"use_book": False} if strategy == "best" else {}
    guesser = make_guesser(strategy, memo_bytes=limit, **options)
    search = getattr(guesser, "lookahead", guesser)
    guesser(board_for(pool, new_game("cat", CLASSIC)))
    (three,) = [known[1] for known in search.searches.values()]
    held = three.memo_bytes()
    assert held > 0
    guesser(board_for(pool, new_game("apple", CLASSIC)))
    assert three.memo_bytes() == (0 if limit else held)
    five = [known[1] for known in search.searches.values() if known[1] is not three]
    assert five[0].memo_bytes() > 0


def test_best_answers_within_its_budget_off_the_book() -> None:
    import time

    pool = pool_of([f"{a}{b}{c}" for a in "bcdfg" for b in "aeiou" for c in "lmnprst"])
    board = board_for(pool, new_game("bat", CLASSIC))
    guesser = make_guesser("best", budget=5)
    started = time.perf_counter()
    decision = guesser(board)
    assert time.perf_counter() - started < 1.0
    assert len(decision.move) == 1 and decision.label == "searched"


def test_a_live_decision_does_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nodes bound the search, not seconds: a loaded machine (here a clock that jumps a minute
    at every reading) gets the same moves, with the same labels and notes."""
    import time

    from wordkit.hangman.session import Session

    positions = [("a__le", "aeli"), ("_____", "barao"), ("________", "e")]
    calm = [Session(words="english").next_move(m, guessed=g).decision for m, g in positions]
    now = [time.perf_counter()]

    def jumping() -> float:
        now[0] += 60.0
        return now[0]

    monkeypatch.setattr(time, "perf_counter", jumping)
    monkeypatch.setattr(time, "monotonic", jumping)
    loaded = [Session(words="english").next_move(m, guessed=g).decision for m, g in positions]
    assert [(d.move, d.label, d.note) for d in loaded] == [(d.move, d.label, d.note) for d in calm]
    assert calm[0].label == "searched" and not calm[0].note  # finished within its nodes


def test_best_names_a_single_candidate_the_table_favours() -> None:
    pool = pool_of(["tiger", "timer", "otter", "eerie", "eater", "water", "later"])
    sure, best = make_guesser("best", dictionary_share=1.0), make_guesser("best")
    # one candidate (tiger): named when the table is certain; else its hidden letter, a sure
    # hit in the table that may still hit a secret outside it (naming it would surely miss)
    for letters in ("tiem", "tiemabcd"):
        board = board_for(pool, observed_state("ti_er", letters=letters))
        assert (sure(board).move, sure(board).label) == ("tiger", "word")
        decision = best(board)
        assert (decision.move, decision.label) == ("g", "letter model")
        assert 0.5 <= decision.confidence <= 1.0


def test_best_mixes_table_and_model_by_the_posterior() -> None:
    from wordkit.hangman.guessers.best import mixture_decision

    words = ["cab", "cad", "cam", "cap", "car", "cat", "mac", "pac", "sac", "tac", "lac"]
    pool = pool_of(["cxc", "cyc", *words])
    board = board_for(pool, observed_state("c_c", letters="c"))
    # sure of the table: x or y, even chances (x first); sure of the model: the model's move
    trusting = mixture_decision(board, 1.0)
    assert (trusting.move, trusting.label) == ("x", "letter model")
    assert trusting.confidence == pytest.approx(0.5)
    doubting = mixture_decision(board, 0.0)
    alone = make_guesser("model")(board)
    assert (doubting.move, doubting.confidence) == (alone.move, pytest.approx(alone.confidence))
    assert alone.move == "a"


BOOK_WORDS = ["apple", "ankle", "angle", "agile", "ample", "tiger", "timer", "otter", "viper",
              "eagle", "horse", "mouse", "moose", "goose", "bison", "crane", "camel", "cat",
              "bat", "hat", "mat", "rat", "vat", "oat", "eat"]  # fmt: skip
BOOK_POOL = pool_of(BOOK_WORDS)


# A secret longer than any word of the pool draws the letter model's expected warning
@pytest.mark.filterwarnings("ignore::wordkit.errors.WordkitWarning")
@settings(max_examples=40, deadline=None)
@given(
    secret=st.one_of(
        st.sampled_from(BOOK_WORDS),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=6),
    )
)
def test_default_ai_never_repeats_a_guess_nor_plays_a_known_absent_letter(secret: str) -> None:
    record, decisions = play_secret(secret, make_guesser("best"), BOOK_POOL)
    moves = list(record.moves)
    assert len(moves) == len(set(moves))  # never a repeated letter or word
    absent = set()
    for move in moves:
        assert move not in absent  # never a letter already known absent
        if len(move) == 1 and move not in secret:
            absent.add(move)
    assert record.won or record.wrong == 6
    if secret in BOOK_WORDS:
        assert record.won or record.wrong == 6
    assert all(0.0 <= d.confidence <= 1.0 for d in decisions)


def test_advanced_reveal_drops_a_word_the_mask_shows_whole() -> None:
    """Under finish=reveal the game would be won had the secret been a word the mask shows
    whole (JET after J, E, T): it is no candidate, and no one names it; under finish=word it
    must still be named, so it stays."""
    pool = pool_of(["jet", "jetty", "mountain", "mountainside"])
    for finish, left in (("reveal", {"jetty"}), ("word", {"jet", "jetty"})):
        rules = Rules(variant="advanced", lives=6, width=12, finish=finish)
        state = observed_state("jet", letters="aeeirtj", rules=rules)
        board = board_for(pool, state)
        assert {pool.lexicon.enc.words[i] for i in board.ids} == left
        if finish == "reveal":
            for name in ("best", "entropy", "coverage"):
                assert make_guesser(name)(board).move != "jet"


def test_greedy_counts_only_letters_that_would_hit_in_the_advanced_variant() -> None:
    """An L shown once in _LOO hits none of blood, floor, flood, sloop (none has a second):
    greedy counted every word holding an L and played it, a certain miss."""
    pool = pool_of(["blood", "floor", "flood", "sloop"])
    state = observed_state("_loo", letters="aeoool", rules=Rules(variant="advanced", width=8))
    decision = make_guesser("greedy")(board_for(pool, state))
    assert decision.move != "l" and decision.confidence > 0


def test_the_board_lists_every_miss_of_a_letter_guessed_again() -> None:
    """Advanced variant: an A guessed past the places it has is a miss each time, and the
    board's list of misses says so (it showed only the letters absent from the word)."""
    from wordkit.cli.hangman import drawing

    rules = Rules(variant="advanced", lives=6, width=8)
    state = observed_state("a_", letters="aae", rules=rules)
    assert state.wrong == 2
    assert "wrong: A E   lives left: 4" in drawing(state)


@pytest.mark.parametrize("lives", [1, 3, 6, 7, 10, 26])
def test_the_gallows_grows_at_the_first_miss_and_is_whole_only_at_the_last(lives: int) -> None:
    """Under 10 lives the first miss drew nothing (1 × 6 // 10 is 0)."""
    from wordkit.cli.hangman import GALLOWS, drawing

    def stage(wrong: int) -> int:
        state = observed_state("_____", letters="bdfgjkmqvwxz"[:wrong], rules=Rules(lives=lives))
        board = drawing(state)
        return next(i for i, g in enumerate(GALLOWS) if board.startswith("\n".join(g)))

    stages = [stage(wrong) for wrong in range(lives + 1) if wrong <= 12]
    assert stages[0] == 0 and stages == sorted(stages)
    assert stages[1] >= 1 and (lives > 12 or stages[-1] == len(GALLOWS) - 1)
    assert all(s < len(GALLOWS) - 1 for s in stages[:lives])  # whole only once lost


# --- the rollout's host answers, letter scores and pruning, against their definitions ---------

RULES = [
    Rules(variant=v, finish=f, lives=lives, width=width)
    for v in ("classic", "advanced")
    for f in ("reveal", "word")
    for lives in (1, 6, None)
    for width in ((20,) if v == "classic" else (6, 20))
]
ROLLED_OUT = [r for r in RULES if r.variant == "advanced" or r.finish == "word" or r.lives is None]
"""The rules `lookahead` plays by rollouts of the entropy policy."""


def reached_boards(words: list[str], rules: Rules, moves: str, secret: str, weights=None):  # type: ignore[no-untyped-def]
    """The boards of a game on `words` whose moves are `moves` (letters not yet known)."""
    from wordkit.hangman.board import next_board
    from wordkit.hangman.rules import apply_move, exhausted_letters

    table = {"word": words} if weights is None else {"word": words, "weight": weights}
    pool = pool_for(lexicon_from_table(pd.DataFrame(table)), prior="weight")
    board = opening(HonestHangman(pool, seed=0, secret=secret), rules, pool)
    for move in moves:
        if board.state.status != "playing" or not len(board.ids):
            return
        yield board
        if move not in exhausted_letters(board.state):
            board = next_board(board, apply_move(board.state, move, secret=secret, seed=3))


small_words = st.lists(
    st.text(alphabet="abcde", min_size=2, max_size=6), min_size=2, max_size=12, unique=True
)
weights = st.lists(st.sampled_from([0.0, 1.0, 2.5, 3.0, 1e-9]), min_size=12, max_size=12)


@settings(max_examples=120, deadline=None)
@given(small_words, st.sampled_from(RULES), st.text(alphabet="abcde", min_size=1, max_size=6),
       st.integers(0, 11), weights)  # fmt: skip
def test_answers_to_a_move_are_each_candidates_answers_grouped(  # type: ignore[no-untyped-def]
    words, rules, moves, pick, weights
) -> None:
    from wordkit.hangman.board import answers_to, candidate_probs
    from wordkit.hangman.rules import exhausted_letters, possible_answers

    secret = words[pick % len(words)]
    for board in reached_boards(words, rules, moves, secret, weights[: len(words)]):
        enc = board.pool.lexicon.enc
        known = exhausted_letters(board.state)
        tried = [m for m in "abcde" if m not in known] + [enc.words[i] for i in board.ids[:2]]
        for move in [m for m in tried if m not in board.state.words]:
            expected: dict = {}
            for p, i in zip(candidate_probs(board), board.ids, strict=True):
                for q, after in possible_answers(board.state, move, secret=enc.words[i]):
                    expected[after] = expected.get(after, 0.0) + float(p) * q
            assert answers_to(board, move) == [(p, s) for s, p in expected.items()]


def test_answers_that_end_in_the_same_state_are_one_answer() -> None:
    from wordkit.hangman.board import Board, answers_to
    from wordkit.hangman.rules import State

    rules = Rules(variant="advanced", lives=1, width=7)  # a miss loses, whatever the word
    pool = pool_of(["ab", "abc"])
    board = Board(State("ab_____", rules, letters=("a", "b")), pool, pool.ids)
    assert answers_to(board, "z") == [
        (1.0, State("ab_____", rules, letters=("a", "b", "z"), wrong=1, status="lost"))
    ]


def reference_scores(board, probs):  # type: ignore[no-untyped-def]
    """The city-guessing agent's letter scores: each letter's gain and positional value one
    letter at a time, as it defines them, then its blend."""
    import numpy as np

    from wordkit.hangman.board import hidden_positions
    from wordkit.hangman.guessers.entropy import blended

    def entropy(masses):  # type: ignore[no-untyped-def]
        masses = masses[masses > 0]
        return float(-(masses * np.log2(masses)).sum())

    width = len(board.state.mask)
    gains, positional = np.zeros(26), np.zeros(26)
    for code, col in enumerate(hidden_positions(board).T):
        if not col.any():
            continue
        places = np.array([[int(c) >> i & 1 for i in range(width)] for c in col], float)
        if board.state.rules.variant == "advanced":
            k = places.sum(axis=1)
            share = np.where(k > 0, probs / np.maximum(k, 1), 0.0)
            shown = np.append(share @ places, probs[k == 0].sum())
            gains[code] = entropy(shown) - float((probs[k > 0] * np.log2(k[k > 0])).sum())
        else:
            families: dict[int, float] = {}
            for p, key in zip(probs, col.tolist(), strict=True):
                families[key] = families.get(key, 0.0) + p
            gains[code] = entropy(np.array(list(families.values())))
        ratio = probs @ places
        positional[code] = float((4 * ratio * (1 - ratio)).sum())
    return blended(board, probs, gains, positional)  # the blend itself is the agent's


@settings(max_examples=80, deadline=None)
@given(small_words, st.sampled_from(RULES), st.text(alphabet="abcde", min_size=1, max_size=6),
       st.integers(0, 11))  # fmt: skip
def test_letter_scores_are_the_agents_scores_letter_by_letter(words, rules, moves, pick) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    from wordkit.hangman.board import candidate_probs
    from wordkit.hangman.guessers.entropy import letter_scores, ranked_letters

    for board in reached_boards(words, rules, moves, words[pick % len(words)]):
        if len(board.ids) < 2:
            continue
        probs = candidate_probs(board)
        got, want = letter_scores(board, probs), reference_scores(board, probs)
        assert (np.isfinite(got) == np.isfinite(want)).all()
        assert np.allclose(got[np.isfinite(got)], want[np.isfinite(want)], rtol=0, atol=1e-12)
        assert ranked_letters(got) == ranked_letters(want)  # rounding never decides a tie


def test_letter_scores_work_a_large_board_a_few_letters_at_a_time(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    from wordkit.hangman.board import candidate_probs
    from wordkit.hangman.guessers import entropy

    words = [a + b + c for a in "abcdefgh" for b in "aeiou" for c in "lmnrst"]
    for variant in ("classic", "advanced"):
        board = board_for(pool_of(words), new_game("bat", rules=Rules(variant=variant)))
        whole = entropy.letter_scores(board, candidate_probs(board))
        monkeypatch.setattr(entropy, "PLACES_CELLS", 7)  # a letter a block
        blocks = entropy.letter_scores(board, candidate_probs(board))
        assert np.allclose(blocks, whole, rtol=0, atol=1e-12)
        monkeypatch.undo()
        assert np.allclose(whole, reference_scores(board, candidate_probs(board)), atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(small_words, st.sampled_from(ROLLED_OUT), st.text(alphabet="abcde", min_size=1, max_size=4),
       st.integers(0, 11))  # fmt: skip
def test_the_rollout_takes_the_move_it_would_take_were_every_move_costed_whole(
    words, rules, moves, pick
) -> None:  # type: ignore[no-untyped-def]
    from wordkit.hangman.guessers.lookahead import LookaheadGuesser

    for board in reached_boards(words, rules, moves, words[pick % len(words)]):
        if len(board.ids) < 2:
            continue
        guesser = LookaheadGuesser()
        best, value = "", float("inf")
        for move in guesser.rollout_moves(board):  # every move costed whole, the first least
            cost = sum(p * (c + guesser.base_value(b)) for p, c, b in guesser.children(board, move))
            if cost < value - 1e-12:
                best, value = move, cost
        assert LookaheadGuesser().rollout_decision(board).move == best


@settings(max_examples=60, deadline=None)
@given(small_words, st.sampled_from(ROLLED_OUT), st.text(alphabet="abcde", min_size=1, max_size=4),
       st.integers(0, 11), st.integers(0, 40))  # fmt: skip
@example(["aa", "ac"], Rules(variant="advanced", finish="word", lives=6), "bda", 0, 0)  # a better
# move than the base's may be costed before the cap: played only if the base's was costed too
def test_a_rollout_out_of_positions_moves_as_a_fresh_one_would(  # type: ignore[no-untyped-def]
    words, rules, moves, pick, cap
) -> None:
    """A rollout decision visits at most `rollout_positions` positions, memo hits charged what
    they cost to fill: a guesser that costed positions before (a stats run) moves as a fresh
    one; out of positions, it plays the best move costed whole if the base policy's move was
    among them, else the base move: never a move worse than the base policy's."""
    from wordkit.hangman.guessers.lookahead import LookaheadGuesser

    for board in reached_boards(words, rules, moves, words[pick % len(words)]):
        if len(board.ids) < 2:
            continue
        fresh = LookaheadGuesser(rollout_positions=cap).rollout_decision(board)
        warm = LookaheadGuesser(rollout_positions=None)
        warm.rollout_decision(board)  # every position of the decision memoised
        warm.rollout_positions = cap
        assert warm.rollout_decision(board) == fresh
        unlimited = LookaheadGuesser(rollout_positions=None)
        whole = unlimited.rollout_decision(board).move
        if unlimited.visits <= cap:
            assert fresh.move == whole
        base = unlimited.base_decision(board).move  # never worse than the base policy's move
        assert unlimited.move_value(board, fresh.move) <= unlimited.move_value(board, base) + 1e-12


def test_letters_alike_for_the_candidates_rank_alphabetically(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    from wordkit.hangman.guessers import entropy

    score = np.full(26, -np.inf)
    score[[3, 1, 7, 0]] = [1.0, 1.0 - 2e-16, 0.5, 0.5 + 1e-12]  # d and b tie, a and h tie
    assert entropy.ranked_letters(score) == [1, 3, 0, 7]
    monkeypatch.setattr(entropy, "letter_scores", lambda board, probs: score)
    board = board_for(pool_of(["bad", "dab", "cab"]), new_game("bad"))
    assert entropy.entropy_decision(board).move == "b"
    monkeypatch.undo()
    from wordkit.hangman.rules import State

    # a and d split these candidates alike (3/8, 3/8, 1/4): cf1f1c1's letter-by-letter sums
    # scored a one unit in the last place below d, and played d
    rules = Rules(variant="advanced", finish="word", lives=1, width=7)
    board = board_for(
        pool_of(["becdedb", "caddca", "aeaddbd"]), State("___d___", rules, letters=("d",))
    )
    assert make_guesser("entropy")(board).move == "a"


@settings(max_examples=60, deadline=None)
@given(small_words, st.sampled_from(ROLLED_OUT), st.text(alphabet="abcde", min_size=1, max_size=6),
       st.integers(0, 11))  # fmt: skip
def test_a_board_of_one_candidate_costs_what_the_policy_pays_to_name_it(  # type: ignore[no-untyped-def]
    words, rules, moves, pick
) -> None:
    from wordkit.hangman.board import Board
    from wordkit.hangman.guessers.entropy import entropy_decision
    from wordkit.hangman.guessers.lookahead import LookaheadGuesser

    guesser = LookaheadGuesser()
    for board in reached_boards(words, rules, moves, words[pick % len(words)]):
        for i in board.ids:
            one = Board(board.state, board.pool, board.ids[board.ids == i])
            move = entropy_decision(one).move
            paid = sum(p * (c + guesser.base_value(b)) for p, c, b in guesser.children(one, move))
            assert guesser.base_value(one) == paid


@settings(max_examples=60, deadline=None)
@given(small_words, st.sampled_from(ROLLED_OUT), st.integers(0, 11),
       st.lists(st.sampled_from("abcde"), min_size=2, max_size=4))  # fmt: skip
def test_a_position_costs_the_same_whatever_order_its_guesses_came_in(  # type: ignore[no-untyped-def]
    words, rules, pick, letters
) -> None:
    """The premise of costing a position once for every order of its guesses (position_key):
    the same candidates, in the same order, and the same cost from fresh guessers."""
    from wordkit.hangman.board import next_board
    from wordkit.hangman.guessers.lookahead import LookaheadGuesser, position_key
    from wordkit.hangman.rules import apply_move, exhausted_letters

    secret = words[pick % len(words)]
    pool = pool_of(words)
    ends = []
    for order in (letters, letters[::-1]):
        board = opening(HonestHangman(pool, seed=0, secret=secret), rules, pool)
        for letter in order:
            if board.state.status == "playing" and letter not in exhausted_letters(board.state):
                board = next_board(board, apply_move(board.state, letter, secret=secret))
        ends.append(board)
    first, second = ends
    if position_key(first.state) == position_key(second.state):
        assert first.ids.tolist() == second.ids.tolist()
        assert LookaheadGuesser().base_value(first) == LookaheadGuesser().base_value(second)


def test_a_book_build_stopped_part_way_resumes_from_the_lengths_it_finished(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Ctrl-C during a new table's book build lost every length already played (a five-minute
    build started over); each length's part is kept as it finishes, and the book built on
    resuming equals one built in one go."""
    from wordkit.hangman import book as books

    words = ["apple", "ankle", "angle", "agile", "tiger", "timer", "cat", "bat", "hat", "mat",
             "rat", "vat", "oat", "eat", "tapir"]  # fmt: skip
    pool, rules = pool_of(words, prior="uniform"), Rules(lives=3)
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "whole"))
    whole = books.build_book(pool, rules)
    expected = books.cached_book(pool, rules)
    monkeypatch.setenv("WORDKIT_CACHE", str(tmp_path / "stopped"))
    monkeypatch.setattr(books, "_BOOKS", {})
    real, played = books.book_chunk, []

    def stopped_after_one(lengths: list[int]) -> list:  # type: ignore[type-arg]
        if played:
            raise KeyboardInterrupt
        played.extend(lengths)
        return real(lengths)

    monkeypatch.setattr(books, "book_chunk", stopped_after_one)
    with pytest.raises(KeyboardInterrupt):
        books.build_book(pool, rules)
    assert played == [3] and books.cached_book(pool, rules) is None  # the most words first
    heard: list[int] = []
    monkeypatch.setattr(
        books, "book_chunk", lambda lengths: played.extend(lengths) or real(lengths)
    )
    resumed = books.build_book(pool, rules, progress=heard.append)
    assert played == [3, 5] and heard == [8, 7]  # the 8 three-letter games, then the rest
    assert resumed.states == whole.states and books.cached_book(pool, rules) == expected
    assert not list((tmp_path / "stopped").glob("*.length-*"))  # the parts gone once whole


# --- finish=word: the same wins and wrong guesses as finish=reveal -----------------------------

PLAIN_FOUR = [
    "bake",
    "cake",
    "lake",
    "make",
    "rake",
    "take",
    "wake",
    "fake",
    "bale",
    "male",
    "tale",
    "pale",
    "bike",
    "like",
    "hike",
    "pike",
    "bite",
    "kite",
    "mite",
    "site",
    "rite",
    "bone",
    "cone",
    "tone",
    "lone",
    "zone",
    "hone",
    "joey",
    "rink",
    "sign",
    "hurt",
    "cubs",
    "oats",
    "some",
    "fade",
    "aces",
    "risk",
    "wear",
    "know",
]
IGHT = ["bight", "eight", "fight", "light", "might", "night", "right", "sight", "tight", "wight"]


def test_finish_word_wins_what_finish_reveal_wins(tmp_path: Path) -> None:
    """Once every letter shows one candidate is left, and naming it costs no life: the best
    chance of winning is the same under both finishes. Under finish=word the default and
    `lookahead` played a rollout of another objective (fewest guesses) and won 2 of these 10
    words with 2 lives, naming BIGHT first; the optimum is 3, as under reveal."""
    from wordkit.hangman import Session

    words = tmp_path / "ight.txt"
    words.write_text("\n".join(IGHT) + "\n")
    assert length_optimum(IGHT, lives=2) == 3
    for strategy in ("best", "lookahead"):
        runs = {
            finish: Session(words=str(words), lives=2, finish=finish, strategy=strategy).stats()
            for finish in ("reveal", "word")
        }
        word, reveal = runs["word"].summary, runs["reveal"].summary
        assert word.wins == reveal.wins == 3, strategy
        assert word.extra["mean_wrong"] == reveal.extra["mean_wrong"]
    move = Session(words=str(words), lives=2, finish="word").next_move("_____").move
    assert move == "t"  # in every word, and it tells TIGHT apart


@settings(max_examples=12, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(set(PLAIN_FOUR))), min_size=3, max_size=14, unique=True),
    st.integers(min_value=1, max_value=4),
)
def test_the_default_wins_the_optimum_under_finish_word(words: list[str], lives: int) -> None:
    """On any small table and life limit the default wins the proven optimum under
    finish=word too (the optimum is finish=reveal's, `revealed_rules`)."""
    import tempfile

    from wordkit.hangman import Session

    with tempfile.TemporaryDirectory() as folder:
        table = Path(folder) / "words.txt"
        table.write_text("\n".join(words) + "\n")
        wins = Session(words=str(table), lives=lives, finish="word").stats().summary.wins
    assert wins == length_optimum(words, lives=lives)
