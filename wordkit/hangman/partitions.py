"""Word families: candidates partitioned by where a guessed letter sits, and their sizes.

A family's key is the bitmask of positions holding the guessed letter (0 = a miss). Every
family shares the current mask elsewhere, so comparing keys is comparing whole patterns. The
bucket maths every guesser, host and the trainer use lives here: family sizes and masses, the
largest family, the expected size (sum of squares over the total) and the entropy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from wordkit.hangman.lexicon import Floats
from wordkit.hangman.rules import Encoded, Ids

Keys = npt.NDArray[np.uint64]
Difficulty = Literal["easy", "medium", "hard"]

DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")
SOFT_EVERY: dict[Difficulty, int] = {"easy": 2, "medium": 4}
"""Every how many guesses each difficulty keeps the second-hardest family instead."""


@dataclass(frozen=True, slots=True)
class Families:
    """Families hardest first: their keys and sizes, and each candidate's family index."""

    keys: Keys
    sizes: Ids
    members: Ids

    def ids_of(self, ids: Ids, family: int) -> Ids:
        """The candidate ids (of `ids`, order kept) in family number `family`."""
        return ids[self.members == family]


def revealed_counts(keys: Keys) -> Ids:
    """How many positions each key reveals."""
    return np.bitwise_count(keys).astype(np.int64)


def pattern_order_keys(keys: Keys, *, length: int) -> Keys:
    """Keys bit-reversed over `length`: smaller means the pattern sorts first (hidden < letter)."""
    out = np.zeros(len(keys), dtype=np.uint64)
    one = np.uint64(1)
    for pos in range(length):
        bit = (keys >> np.uint64(pos)) & one
        out |= bit << np.uint64(length - 1 - pos)
    return out


def hardest_first(keys: Keys, sizes: Ids, *, length: int) -> Ids:
    """Order of families: largest, then fewest revealed, then smallest pattern (`-` first)."""
    order = np.lexsort((pattern_order_keys(keys, length=length), revealed_counts(keys), -sizes))
    return order.astype(np.int64)


def families_of_keys(member_keys: Keys, *, length: int) -> Families:
    """Group candidates by their key and order the groups hardest first."""
    keys, inverse, sizes = np.unique(member_keys, return_inverse=True, return_counts=True)
    order = hardest_first(keys, sizes.astype(np.int64), length=length)
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return Families(keys[order], sizes[order].astype(np.int64), rank[inverse.ravel()])


def letter_families(enc: Encoded, ids: Ids, code: int, *, length: int) -> Families:
    """The families the letter with code `code` splits candidates `ids` into."""
    return families_of_keys(enc.positions[ids, code], length=length)


def family_rank(difficulty: Difficulty, *, guess_number: int, families: int) -> int:
    """Which family (0 = hardest) a difficulty keeps at the 1-based `guess_number`."""
    every = SOFT_EVERY.get(difficulty)
    if every is not None and guess_number % every == 0 and families > 1:
        return 1
    return 0


def family_sizes(keys: Keys) -> Ids:
    """The size of each family of candidates with these keys (in key order)."""
    _, sizes = np.unique(keys, return_counts=True)
    return sizes.astype(np.int64)


def family_masses(keys: Keys, weights: Floats) -> Floats:
    """Per column of keys (a letter's, one row a candidate), the total weight of each family,
    in key order and padded with zeros: (columns, candidates). Each family's weights are added
    in candidate order."""
    n, columns = keys.shape
    order = np.argsort(keys, axis=0, kind="stable")
    ordered = np.take_along_axis(keys, order, axis=0)
    first = np.ones(keys.shape, bool)
    first[1:] = ordered[1:] != ordered[:-1]
    family = np.cumsum(first, axis=0) - 1  # per column, 0, 1, ... in key order
    label = (family + n * np.arange(columns)).T.ravel()
    masses = np.bincount(label, weights=weights[order].T.ravel(), minlength=columns * n)
    return masses.astype(np.float64).reshape(columns, n)


def expected_size(sizes: npt.NDArray[np.int64]) -> float:
    """Candidates expected to be left: sum of squared family sizes over their total (0 if none)."""
    total = int(sizes.sum())
    return float((sizes.astype(np.int64) ** 2).sum()) / total if total else 0.0


def entropies(masses: Floats) -> Floats:
    """The Shannon entropy (bits) of each row of non-negative masses summing to 1."""
    logs = np.log2(masses, out=np.zeros_like(masses), where=masses > 0)
    return -(masses * logs).sum(axis=1)


def letter_expected_sizes(enc: Encoded, ids: Ids, codes: Ids) -> Floats:
    """Expected candidates left after each letter of `codes`."""
    positions = enc.positions[ids][:, codes]
    return np.array(
        [expected_size(family_sizes(positions[:, col])) for col in range(len(codes))],
        dtype=np.float64,
    )


def word_expected_size(enc: Encoded, ids: Ids, word: str) -> float:
    """Expected candidates left after a whole-word guess: the word, or every other one."""
    hit = sum(enc.words[i] == word for i in ids)
    return expected_size(np.array([hit, len(ids) - hit], dtype=np.int64))


def largest_families(enc: Encoded, ids: Ids, codes: Ids) -> tuple[Ids, Ids]:
    """Per letter code: the size of its largest family, and how many candidates hold it."""
    positions = enc.positions[ids][:, codes]
    holding = (positions != 0).sum(axis=0).astype(np.int64)
    largest = np.array(
        [int(family_sizes(positions[:, col]).max()) for col in range(len(codes))], dtype=np.int64
    )
    return largest, holding
