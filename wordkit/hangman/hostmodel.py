"""What past games say of a host: how often its secrets lie in the table, and which of the
table's words it favours. `--learn` plays under this estimate from the next game on.

Each figure is a posterior mean that starts at what the AI assumes with no history and moves
toward what was seen as games accumulate:

- the share of secrets in the table, a Beta prior worth PRIOR_GAMES games centred on the
  default AI's `DICTIONARY_SHARE`;
- the words' base prior, `weight` or `uniform`: the one under which the secrets seen in the
  table were likelier (equal odds before any game; `weight` on a tie);
- in a table with categories, each category's share of the secrets, a Dirichlet prior worth
  PRIOR_GAMES games spread as the base prior spreads its mass over the categories.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from wordkit.history import WORD, Played
from wordkit.tables import Columns

PRIOR_GAMES = 10.0
"""How many games the no-history assumptions are worth: after 10 games of a host, what was
seen weighs as much as what was assumed."""


@dataclass(frozen=True)
class HostModel:
    """A host as its recorded games show it (no games: the default AI's assumptions)."""

    games: int
    """The games this estimate rests on."""
    in_table: int
    """Of them, those whose secret was a word of the table."""
    share: float
    """The chance that the next secret is a word of the table."""
    base: str
    """The words' base prior: `weight` or `uniform`."""
    categories: dict[str, float] = field(default_factory=dict)
    """Each category's share of the secrets in the table (empty: no category column, or no
    secret in the table yet)."""

    @property
    def prior(self) -> str:
        """The prior the AI plays under, in the form `--prior` takes."""
        if not self.categories:
            return self.base
        # Nine decimals, rounded down: the shares never add up to more than 1.
        shares = {name: math.floor(share * 1e9) / 1e9 for name, share in self.categories.items()}
        if all(_plain(name) for name in shares):
            return ",".join(f"{name}={share:.9f}" for name, share in shares.items())
        return json.dumps(shares, ensure_ascii=False)  # a name `CATEGORY=SHARE` cannot spell

    def summary(self, given: str | None = None) -> str:
        """One line for users: what the AI now assumes of this host (`given`: the prior the
        user gave, which the AI plays under instead of the learned one)."""
        if not self.games:
            return "no game of this host recorded yet: the AI plays its defaults"
        said = [
            f"{self.in_table} of {self.games} secrets were in the table, so the AI expects "
            f"{self.share:.0%} of the next ones there"
        ]
        if given is not None:
            said.append(f"prior {given} (as given)")
        elif self.categories:  # the prior is the categories' shares, words by weight in each
            top = max(self.categories, key=self.categories.__getitem__)
            said.append(f"prior by category, likeliest {top} ({self.categories[top]:.0%})")
        else:
            said.append(f"prior {self.base}")
        return "; ".join(said)


def _plain(name: str) -> bool:
    """Whether a category name can be written in a `CATEGORY=SHARE,...` prior."""
    return bool(name) and name == name.strip() and not set(name) & {",", "=", "{"}


def hosted_by_a_person(played: Played) -> bool:
    """Whether a recorded game tells of a person as host: one the AI guessed (`solve`; in a
    `host` game the computer drew the secret itself) whose secret the person told. An untold
    secret says nothing either way: counting those no word fitted and not the others would
    lean the estimate out of the table."""
    return played.source == "solve" and WORD.fullmatch(played.record.secret) is not None


def host_model(games: Sequence[Played], columns: Columns, default_share: float) -> HostModel:
    """The estimate from `games` (one table's, oldest first) of the host behind them, the
    table being `columns` and `default_share` the share assumed with no history."""
    games = [p for p in games if hosted_by_a_person(p)]
    inside = [p.record.secret for p in games if p.known]
    share = (len(inside) + PRIOR_GAMES * default_share) / (len(games) + PRIOR_GAMES)
    rows = first_rows(columns)
    seen = [rows[w] for w in inside if w in rows]
    base = likelier_base(columns.weights, seen)
    categories: dict[str, float] = {}
    if columns.categories is not None and seen:
        categories = category_shares(columns, base, [columns.categories[r] for r in seen])
    return HostModel(len(games), len(inside), share, base, categories)


def first_rows(columns: Columns) -> dict[str, int]:
    """Each word's first row in the table."""
    rows: dict[str, int] = {}
    for row, word in enumerate(columns.words):
        rows.setdefault(word, row)
    return rows


def base_masses(weights: np.ndarray, base: str) -> np.ndarray:
    """Each row's probability under the base prior, as the AI plays it (`lexicon.spread`:
    evenly when every weight is zero, a weight of 0 among others unlikely, not impossible)."""
    from wordkit.hangman.lexicon import spread

    mass = np.ones(len(weights)) if base == "uniform" else np.asarray(weights, dtype=np.float64)
    return spread(1.0, mass)


def likelier_base(weights: np.ndarray, seen: Sequence[int]) -> str:
    """`weight` or `uniform`: the prior under which the rows `seen` were likelier draws (the
    log-likelihoods compared)."""
    if not seen:
        return "weight"
    scores = {}
    for base in ("weight", "uniform"):
        probs = base_masses(weights, base)[list(seen)]
        scores[base] = -math.inf if (probs <= 0).any() else float(np.log(probs).sum())
    return "uniform" if scores["uniform"] > scores["weight"] else "weight"


def category_shares(columns: Columns, base: str, seen: Sequence[str]) -> dict[str, float]:
    """Each category's share of the secrets: the counts `seen` plus PRIOR_GAMES games spread
    as the base prior spreads its mass, normalised; every category of the table named."""
    assert columns.categories is not None
    mass = base_masses(columns.weights, base)
    assumed: Counter[str] = Counter()
    for category, m in zip(columns.categories, mass.tolist(), strict=True):
        assumed[category] += m
    counts = Counter(seen)
    total = len(seen) + PRIOR_GAMES
    return {name: (counts[name] + PRIOR_GAMES * assumed[name]) / total for name in sorted(assumed)}
