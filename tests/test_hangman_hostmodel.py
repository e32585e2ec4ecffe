"""The host model `--learn` estimates from the history: known answers on small tables, its
limits (no games, all losses, a foreign word), and the session playing under it."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordkit.errors import WordkitError
from wordkit.hangman.hostmodel import (
    PRIOR_GAMES,
    HostModel,
    host_model,
    likelier_base,
)
from wordkit.hangman.lexicon import parse_prior
from wordkit.hangman.session import Session
from wordkit.history import Played, record_game, table_key
from wordkit.runner import GameRecord
from wordkit.tables import Columns, load_table

COLUMNS = Columns(
    words=("lion", "tiger", "bread", "cheese", "apple"),
    weights=np.array([1.0, 1.0, 4.0, 2.0, 2.0]),
    categories=("animals", "animals", "food", "food", "food"),
)


def played(secret: str, *, known: bool = True, won: bool = True) -> Played:
    """A recorded game of `secret`."""
    record = GameRecord(secret=secret, won=won, moves=("e",), wrong=0 if won else 6)
    return Played(record, "t", known, "best", "solve", "2026-01-01T00:00:00+00:00")


def test_no_games_is_the_default_ai() -> None:
    model = host_model([], COLUMNS, 0.9)
    assert (model.games, model.in_table, model.share, model.base) == (0, 0, 0.9, "weight")
    assert model.categories == {} and model.prior == "weight"
    assert model.summary() == "no game of this host recorded yet: the AI plays its defaults"


def test_the_share_in_the_table_moves_from_the_default_toward_what_was_seen() -> None:
    games = [played("lion"), played("zzyzx", known=False), played("qoph", known=False)]
    model = host_model(games, COLUMNS, 0.9)
    assert model.share == pytest.approx((1 + PRIOR_GAMES * 0.9) / (3 + PRIOR_GAMES))
    outside = host_model([played("zzyzx", known=False)] * 1000, COLUMNS, 0.9)
    assert outside.share == pytest.approx(9 / 1010) and outside.categories == {}


def test_categories_learn_the_hosts_favourite_under_the_base_prior() -> None:
    games = [played("lion"), played("tiger"), played("lion"), played("tiger")]
    model = host_model(games, COLUMNS, 0.9)
    assert model.base == "uniform"  # lion and tiger weigh 1 in 10: likelier drawn uniformly
    # Dirichlet: 4 animals seen, 10 games spread as uniform spreads (2/5 animals, 3/5 food)
    assert model.categories == pytest.approx({"animals": (4 + 4) / 14, "food": (0 + 6) / 14})
    shares = parse_prior(model.prior)
    assert shares is not None and sum(shares.values()) <= 1.0
    assert shares == pytest.approx(model.categories, abs=1e-9)


def test_losses_count_as_games_of_the_host() -> None:
    lost = [played("bread", won=False)] * 5
    model = host_model(lost, COLUMNS, 0.9)
    assert model.in_table == 5 and model.base == "weight"
    assert model.categories["food"] > 0.8


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([*COLUMNS.words, "okapi"]), st.booleans()), max_size=30))
def test_every_estimate_is_a_distribution(games: list[tuple[str, bool]]) -> None:
    model = host_model(
        [played(w, known=w in COLUMNS.words, won=won) for w, won in games], COLUMNS, 0.9
    )
    assert 0.0 < model.share < 1.0
    assert not model.categories or sum(model.categories.values()) == pytest.approx(1.0)
    assert all(share > 0 for share in model.categories.values())
    assert model.base in ("weight", "uniform")
    parse_prior(model.prior)  # always a prior `--prior` takes


def test_a_word_of_zero_weight_is_unlikely_not_impossible_under_the_weights() -> None:
    assert likelier_base(np.array([0.0, 1.0]), [0]) == "uniform"
    assert likelier_base(np.array([0.0, 1.0]), [1, 1]) == "weight"
    assert likelier_base(np.array([1.0, 1.0]), []) == "weight"
    # twenty draws of the heaviest word and one of weight 0: the weights still explain them
    weights = np.array([0.0, 1.0, 1.0, 1.0, 1000.0])
    assert likelier_base(weights, [4] * 20 + [0]) == "weight"


def test_a_session_with_learn_plays_under_the_estimate(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite"
    for secret in ["lion", "cat", "wolf", "horse", "zebra", "camel", "moose"]:
        record = GameRecord(secret=secret, won=True, moves=("e",), wrong=0)
        record_game(record, table="categories", strategy="best", source="solve", path=db)
    session = Session(words="categories", learn=True, history=db)
    assert isinstance(session.host, HostModel) and session.host.games == 7
    shares = parse_prior(session.prior or "")
    assert shares is not None and max(shares, key=shares.__getitem__) == "animals"
    assert session.guesser.dictionary_share == session.host.share  # type: ignore[attr-defined]
    assert session.next_move("_____").move  # the pool takes the learned prior
    plain = Session(words="categories", history=db)
    assert plain.host is None and plain.prior is None


def test_a_prior_given_wins_over_the_learned_one(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite"
    record = GameRecord(secret="lion", won=True, moves=("e",), wrong=0)
    record_game(record, table="categories", strategy="best", source="solve", path=db)
    session = Session(words="categories", learn=True, history=db, prior="uniform")
    assert session.prior == "uniform" and session.host is not None and session.host.games == 1


def test_learn_with_no_history_yet_plays_the_defaults(tmp_path: Path) -> None:
    session = Session(words="categories", learn=True, history=tmp_path / "none.sqlite")
    assert session.host is not None and session.host.games == 0 and session.prior is None
    assert not (tmp_path / "none.sqlite").exists()  # reading creates nothing


def test_only_games_a_person_hosted_with_a_known_place_tell_of_the_host() -> None:
    computer = Played(
        GameRecord(secret="lion", won=True, moves=("e",), wrong=0),
        "t", True, "honest", "host", "2026-01-01T00:00:00+00:00",
    )  # fmt: skip
    untold_fitting = played("____", known=True)  # some word fitted: in or out, nobody knows
    untold_outside = played("____", known=False)  # no word fitted: but counting only those
    model = host_model([computer, untold_fitting, untold_outside, played("lion")], COLUMNS, 0.9)
    assert (model.games, model.in_table) == (1, 1)  # would lean the estimate out of the table


@pytest.mark.parametrize("name", ["", "a=b", "x,y", " padded", "{curly"])
def test_a_learned_prior_names_any_category(name: str) -> None:
    columns = Columns(
        words=("lion", "pear", "plum"), weights=np.ones(3), categories=("animals", name, name)
    )
    model = host_model([played("pear"), played("plum")], columns, 0.9)
    shares = parse_prior(model.prior)
    assert shares is not None and set(shares) == {"animals", name}
    assert shares[name] > shares["animals"]


def test_a_table_with_an_empty_category_stays_playable_after_games(tmp_path: Path) -> None:
    table = tmp_path / "fruit.csv"
    table.write_text("word,category\nlion,animals\nbear,animals\npear,\nplum,fruit\n")
    db = tmp_path / "history.sqlite"
    for secret in ("pear", "lion"):
        record = GameRecord(secret=secret, won=True, moves=("e",), wrong=0)
        record_game(record, table=str(table), strategy="best", source="solve", path=db)
    session = Session(words=str(table), learn=True, history=db)
    assert session.host is not None and session.host.games == 2
    assert session.next_move("____").move


def test_the_learned_line_names_the_prior_given() -> None:
    model = host_model([played("lion")], COLUMNS, 0.9)
    # the categories' shares are the prior, the words by weight within each: not "uniform"
    assert model.summary().endswith("; prior by category, likeliest food (55%)")
    assert model.summary("uniform").endswith("; prior uniform (as given)")


def test_json_priors_are_checked() -> None:
    assert parse_prior('{"a=b": 0.5, "": 0.25}') == {"a=b": 0.5, "": 0.25}
    for bad, message in [
        ('{"a": 1.5}', "share 1.5 in prior '{\"a\": 1.5}' is not between 0 and 1"),
        ('{"a": 0.7, "b": 0.7}', "add up to more than 1"),
        ('{"a": true}', "share True of 'a'"),
        ('{"a": 0.5', "is not a JSON object of category shares"),
        ("[0.5]", "is not uniform, weight or CATEGORY=SHARE"),
    ]:
        with pytest.raises(WordkitError, match=re.escape(message)):
            parse_prior(bad)


def test_a_host_never_draws_a_word_learned_from_play(tmp_path: Path) -> None:
    """A learned word (maybe a typo a user once typed) is the AI's to consider, never a host's
    secret; and a seed draws the same game whatever was learned since."""
    db = tmp_path / "history.sqlite"
    moves = tuple("abcdef")
    record = GameRecord(secret="qwxzkj", won=False, moves=moves, feedback=("______",) * 6, wrong=6)
    table = table_key("categories")
    record_game(record, table=table, strategy="best", source="solve", known=False, path=db)
    for seed in range(30):
        learned = Session(words="categories", learn=True, history=db, seed=seed)
        assert "qwxzkj" in learned.learned
        plain = Session(words="categories", history=db, seed=seed)
        secrets = {s.hosted("honest", length=6).host.secret for s in (learned, plain)}
        assert len(secrets) == 1 and "qwxzkj" not in secrets
        evil = learned.hosted("evil", length=6).host
        words = learned.lexicon.enc.words
        assert "qwxzkj" not in {words[i] for i in evil.pool.ids}


def test_a_host_draws_under_the_prior_given() -> None:
    """`host hangman --prior animals=1` was accepted and ignored (the host drew every word
    alike); without a prior the draw is as before."""
    drawn = {
        Session(words="categories", prior="animals=1", seed=seed).hosted("honest").host.secret
        for seed in range(20)
    }
    animals = set(load_table("categories").query("category == 'animals'")["word"])
    assert drawn <= animals
    plain = {Session(words="categories", seed=s).hosted("honest").host.secret for s in range(20)}
    assert not plain <= animals


def test_stats_never_play_a_word_learned_from_play(tmp_path: Path) -> None:
    """The table's own rows are the games of a stats run, and an evil host's words: a learned
    typo was played (2,533 games of 2,532 rows), and made a game of its own length."""
    db = tmp_path / "history.sqlite"
    typo = "qwxzkjqwxzkjqwxzkjq"
    record = GameRecord(secret=typo, won=False, moves=tuple("abcdef"), wrong=6,
                        feedback=("_" * len(typo),) * 6)  # fmt: skip
    record_game(record, table=table_key("categories"), strategy="best", source="solve",
                known=False, path=db)  # fmt: skip
    learned = Session(words="categories", learn=True, history=db, strategy="coverage")
    assert typo in learned.learned
    played = learned.stats()
    assert len(played.records) == learned.games_to_play() == 2532
    assert typo not in {r.secret for r in played.records}
    versus = learned.versus("evil")
    assert len(typo) not in versus.by_length and learned.versus_games() == len(versus.by_length)


def test_a_learned_word_keeps_a_typical_weight_once_categories_are_learned(
    tmp_path: Path,
) -> None:
    """The learned categories' shares named only the table's own: a learned word (category
    `learned`) had what they left, 1e-9 against a typical word's 1e-4."""
    db, table = tmp_path / "history.sqlite", table_key("categories")
    told = GameRecord(secret="dax", won=False, moves=tuple("eaitso"), wrong=6)
    record_game(told, table=table, strategy="best", source="solve", known=False, path=db)
    before = Session(words="categories", learn=True, history=db).pool()
    record = GameRecord(secret="alpaca", won=True, moves=("a",), wrong=0)
    record_game(record, table=table, strategy="best", source="solve", path=db)
    after = Session(words="categories", learn=True, history=db)
    assert after.host is not None and "learned" in after.host.categories
    pool = after.pool()
    dax = pool.lexicon.enc.words.index("dax")
    assert pool.probs[dax] > 0.5 * before.probs[before.lexicon.enc.words.index("dax")]
    typical = np.median(pool.probs[pool.probs > 0])
    assert 0.1 * typical < pool.probs[dax] < 10 * typical
