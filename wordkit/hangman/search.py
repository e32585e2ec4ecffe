"""Two searches over classic Hangman.

The win search (the `lookahead` guesser, the exact optimum): exact values of small candidate
sets, rollouts above them.

Candidates of one word length are bits of a Python int (bit i = the i-th word in pool order), so
splitting a set by a letter is a handful of big-int ANDs. A value is the prior mass of the
candidates won minus `cost_weight` times the mass-weighted cost (wrong guesses under
finish=reveal, guesses under finish=word) and `move_weight` times the mass-weighted moves
(the default AI's tie-breaks: a wrong guess and a move cost a sliver of a win). In the
classic variant a guessed letter never splits the candidates again, so a value depends only on
the subset and the lives left: it is memoised on them, as lower and upper bounds from a
fail-soft branch and bound.

The family search (the lookahead host, the `minimax-search` guesser): the misses the best
guesser still concedes against the worst host, a few plies of minimax over word families.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from wordkit.hangman.lexicon import Floats, Pool
from wordkit.hangman.partitions import Families, largest_families, letter_families
from wordkit.hangman.rules import ALPHABET, Encoded, Finish, Ids, State, letter_code

Lives = int | None
Subset = int
"""A set of candidates as a bitmask over the search's words."""
Key = tuple[Subset, Lives]
Child = tuple[Subset, Lives, float, bool]
"""One outcome of a move: its candidates, lives left, the cost each unit of its mass pays (in
wins), and if it missed."""
Move = tuple[str, list[Child]]

EPS = 1e-12
TIE = 1e-9
"""Scores this close are equal (sums of weights in another order)."""
UNSEEN = -1.0
SMALL_SPLIT = 48
"""Subsets up to this size are split by their members' patterns rather than by ANDs."""


class BudgetSpent(Exception):
    """A budgeted search expanded more nodes than it was allowed (the caller falls back)."""


MEMO_ENTRY_BYTES = 160
"""A memo entry's bytes besides its subset's digits: the dict slot, the key and value tuples."""


@dataclass(frozen=True, slots=True)
class WinSearchSettings:
    """Knobs of the search: what a guess costs, where exact search stops, what moves it tries."""

    finish: Finish = "reveal"
    cost_weight: float = 0.0
    """What each guess (finish=word) or wrong guess (finish=reveal) costs, in wins (0: only
    winning counts)."""
    move_weight: float = 0.0
    """What every move costs besides, in wins (the last tie-break: fewest moves)."""
    exact_limit: int = 40
    """Candidate sets up to this size are solved exactly; larger ones by a rollout."""
    deep_rollout_limit: int | None = None
    """Above this many candidates a rollout's exact leaves shrink to `shallow_leaf` (None:
    never)."""
    shallow_leaf: int = 10
    word_moves_limit: int = 12
    """Whole-word guesses are tried only on sets up to this size (under finish=word, the
    `probable_words` most likely above it)."""
    probable_words: int = 3
    top_letters: int = 8
    """Letters (by coverage) a rollout tries, besides the base policy's own."""
    base_word_share: float = 0.5
    """Under finish=word the base policy names the likeliest word once it holds this share
    of the mass."""


@dataclass
class WinSearch:
    """Memoised search over subsets of one length's words (pool order) with prior weights."""

    words: tuple[str, ...]
    patterns: list[list[int]]
    weights: list[float]
    settings: WinSearchSettings = WinSearchSettings()
    classes: list[list[tuple[int, Subset]]] = field(default_factory=list)
    contains: list[Subset] = field(default_factory=list)
    uniform: float = UNSEEN
    weight_array: Floats = field(default_factory=lambda: np.zeros(0))
    memo: dict[Key, tuple[float, float, str]] = field(default_factory=dict)
    base_memo: dict[tuple[Subset, Lives, int], float] = field(default_factory=dict)
    mass_memo: dict[Subset, float] = field(default_factory=dict)
    ceiling_memo: dict[Key, float] = field(default_factory=dict)
    budget: int | None = None
    spent: int = 0

    def __post_init__(self) -> None:
        """Index each letter's outcome classes over all words (unless given)."""
        if not self.classes:
            table = np.asarray(self.patterns, dtype=np.int64).reshape(len(self.patterns), 26)
            self.classes = letter_classes(table)
        self.contains = [sum((m for p, m in cls if p), 0) if cls else 0 for cls in self.classes]
        self.weight_array = np.asarray(self.weights, dtype=np.float64)
        first = self.weights[0] if self.weights else 0.0
        self.uniform = first if all(w == first for w in self.weights) else UNSEEN

    def narrowed(self, bits: list[int]) -> WinSearch:
        """The same search over some of its words (`bits`, increasing), with empty memos: the
        same words in the same order with the same weights and prior mass (a subset's mass is
        summed over its members in order), so every value, tie and tie-break is the same on
        their subsets; its bit sets are only as wide as those words."""
        narrow = WinSearch(
            tuple(self.words[b] for b in bits),
            [self.patterns[b] for b in bits],
            [self.weights[b] for b in bits],
            self.settings,
        )
        narrow.uniform = self.uniform  # one weight among the candidates is not a uniform prior
        return narrow

    def memo_bytes(self) -> int:
        """About what the memos hold, in bytes (at most: an entry's key is a subset as wide as
        the search's words, 4 bytes per 30 of them, and the entry's objects about 160 more)."""
        memos = (self.memo, self.base_memo, self.mass_memo, self.ceiling_memo)
        return sum(len(m) for m in memos) * (MEMO_ENTRY_BYTES + 4 * (len(self.words) // 30 + 1))

    @contextlib.contextmanager
    def own_memos(self) -> Iterator[None]:
        """Within: the bounds and the base policy's values memoised for this search alone, as
        in a fresh process. A node budget cuts a search short and a memo hit costs no node, so
        with what earlier searches left the same position could finish and move otherwise
        (`stats --jobs 2` played other moves than `--jobs 1`, a word queried twice two ways).
        The masses and ceilings, which cost no node, are kept."""
        kept = self.memo, self.base_memo
        self.memo, self.base_memo = {}, {}
        try:
            yield
        finally:
            self.memo, self.base_memo = kept

    def forget(self) -> None:
        """Forget every memoised value."""
        for memo in (self.memo, self.base_memo, self.mass_memo, self.ceiling_memo):
            memo.clear()

    def charge(self) -> None:
        """Count one expanded node; past the budget, stop the search (memo entries stay sound:
        a node's bounds are stored only once it is finished)."""
        self.spent += 1
        if self.budget is not None and self.spent > self.budget:
            raise BudgetSpent

    # --- subsets ------------------------------------------------------------------------------

    @property
    def everything(self) -> Subset:
        """Every word of the search."""
        return (1 << len(self.words)) - 1

    def subset_of(self, bits: list[int]) -> Subset:
        """The subset holding the given word positions."""
        out = 0
        for b in bits:
            out |= 1 << b
        return out

    def members(self, subset: Subset) -> list[int]:
        """Word positions in a subset, in pool order."""
        out = []
        while subset:
            low = subset & -subset
            out.append(low.bit_length() - 1)
            subset ^= low
        return out

    def mass(self, subset: Subset) -> float:
        """Prior mass of a subset."""
        if self.uniform != UNSEEN:
            return subset.bit_count() * self.uniform
        cached = self.mass_memo.get(subset)
        if cached is None:
            if subset.bit_count() <= 64:
                cached = sum(self.weights[b] for b in self.members(subset))
            else:
                raw = subset.to_bytes((len(self.words) + 7) // 8, "little")
                flags = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little")
                # summed over the members alone: the same float wherever they sit (a dot
                # product over every word rounds by the members' places)
                cached = float(self.weight_array[np.flatnonzero(flags[: len(self.words)])].sum())
            self.mass_memo[subset] = cached
        return cached

    def word_finish(self) -> bool:
        """True when the word must be submitted (each guess costs)."""
        return self.settings.finish == "word"

    def costs(self, miss: bool) -> float:
        """What one move costs each unit of mass it is played on: the move, and the guess
        (finish=word) or the miss (finish=reveal)."""
        paid = miss or self.word_finish()
        return self.settings.move_weight + (self.settings.cost_weight if paid else 0.0)

    def singleton_value(self, subset: Subset) -> float:
        """Value of one candidate: name it and win (one move, no miss)."""
        return self.mass(subset) * (1.0 - self.costs(False))

    def upper_bound(self, subset: Subset, lives: Lives) -> float:
        """A value no strategy beats on `subset` with `lives` (memoised)."""
        key = (subset, lives)
        cached = self.ceiling_memo.get(key)
        if cached is None:
            cached = self.ceiling_memo[key] = self.fresh_upper_bound(subset, lives)
        return cached

    def fresh_upper_bound(self, subset: Subset, lives: Lives) -> float:
        """A value no strategy beats on `subset` with `lives`.

        At most the whole mass is won. Under finish=word every guess costs `cost_weight`: one
        word at most (the first named) is found in one guess and every other needs two at
        least, so the cost is at least c·(top + 2·(mass - top)). Under reveal every word
        still pays a move, and with one life a miss loses: only the words holding the best
        letter can be won (or the one word named, when no letter is in them all)."""
        if subset.bit_count() == 1:
            return self.singleton_value(subset)
        mass = self.mass(subset)
        if self.word_finish():
            top = self.heaviest(subset)
            return mass - self.settings.cost_weight * (2.0 * mass - top)
        # every word still pays at least one more move; the rest of the cost may be zero
        floor = self.settings.move_weight * mass
        if lives == 1:
            return min(mass, self.one_life_bound(subset)) - floor
        return mass - floor

    def one_life_bound(self, subset: Subset) -> float:
        """With one life any miss loses: at most the best letter's hits (or one word)."""
        best = max(self.mass(subset & c) for c in self.contains)
        return max(best, self.heaviest(subset)) if best < self.mass(subset) else best

    def heaviest(self, subset: Subset) -> float:
        """The largest single weight in a subset (its whole mass when the subset is large)."""
        if subset.bit_count() > 64:
            return self.mass(subset)
        return max(self.weights[b] for b in self.members(subset))

    # --- moves --------------------------------------------------------------------------------

    def small_members(self, subset: Subset) -> list[int] | None:
        """The subset's word positions when it is small enough to split word by word (ANDing
        every outcome class of a letter over thousands of words costs more)."""
        return self.members(subset) if subset.bit_count() <= SMALL_SPLIT else None

    def letter_children(
        self, subset: Subset, lives: Lives, code: int, bits: list[int] | None = None
    ) -> list[Child]:
        """Outcome classes of one letter (a miss costs a life), in pattern order; `bits`, the
        subset's members when small, splits it word by word."""
        out: list[Child] = []
        if bits is not None:
            groups: dict[int, int] = {}
            for b in bits:
                pattern = self.patterns[b][code]
                groups[pattern] = groups.get(pattern, 0) | (1 << b)
            classes = sorted(groups.items())
        else:
            classes = [(p, subset & m) for p, m in self.classes[code]]
        for pattern, sub in classes:
            if sub:
                miss = pattern == 0
                after = lives - 1 if (miss and lives is not None) else lives
                out.append((sub, after, self.costs(miss), miss))
        return out

    def word_children(self, subset: Subset, lives: Lives, bit: int) -> list[Child]:
        """Outcomes of guessing one candidate word: it wins, or the rest with one life less."""
        hit = subset & (1 << bit)
        rest = subset & ~(1 << bit)
        after = None if lives is None else lives - 1
        children: list[Child] = [(hit, lives, self.costs(False), False)]
        if rest:
            children.append((rest, after, self.costs(True), True))
        return children

    def letter_moves(self, subset: Subset, lives: Lives) -> list[Move]:
        """Letters that split `subset`, likeliest hits and most balanced splits first."""
        moves: list[tuple[float, float, Move]] = []
        bits = self.small_members(subset)
        for code in range(26):
            children = self.letter_children(subset, lives, code, bits)
            if len(children) > 1:
                miss = sum(self.mass(c[0]) for c in children if c[3])
                largest = max(self.mass(c[0]) for c in children)
                moves.append((miss, largest, (ALPHABET[code], children)))
        moves.sort(key=lambda m: (m[0], m[1]))
        return [m[2] for m in moves]

    def word_moves(self, subset: Subset, lives: Lives) -> list[Move]:
        """Whole-word moves worth trying: all when few candidates, else the most probable."""
        bits = self.members(subset) if subset.bit_count() <= 4096 else []
        if subset.bit_count() > self.settings.word_moves_limit:
            if not self.word_finish():
                return []
            bits = sorted(bits, key=lambda b: -self.weights[b])[: self.settings.probable_words]
        bits = sorted(bits, key=lambda b: -self.weights[b])
        return [(self.words[b], self.word_children(subset, lives, b)) for b in bits]

    def moves(self, subset: Subset, lives: Lives) -> list[Move]:
        """Every move the search considers, most promising first."""
        return self.letter_moves(subset, lives) + self.word_moves(subset, lives)

    # --- exact search (fail-soft branch and bound, bounds memoised) ---------------------------

    def child_upper(self, child: Child) -> float:
        """An upper bound on a child's value (memoised bounds when known)."""
        subset, lives = child[0], child[1]
        if lives is not None and lives <= 0:
            return 0.0
        ceiling = self.upper_bound(subset, lives)
        known = self.memo.get((subset, lives))
        return ceiling if known is None else min(known[1], ceiling)

    def child_bounded(self, child: Child, need: float, *, leaf: int | None) -> tuple[float, bool]:
        """A child's value: exact (True), or an upper bound at most `need` (False); with a
        `leaf` size, the base policy's value above it."""
        subset, lives = child[0], child[1]
        if lives is not None and lives <= 0:
            return 0.0, True
        if leaf is None or subset.bit_count() <= leaf:
            return self.bounded(subset, lives, need)
        return self.base_value(subset, lives, leaf), True

    def move_bounded(
        self, children: list[Child], threshold: float, *, leaf: int | None = None
    ) -> tuple[float, bool]:
        """A move's value when it beats `threshold` (True), else an upper bound below it."""
        total = -sum(self.mass(c[0]) * c[2] for c in children)
        uppers = [self.child_upper(c) for c in children]
        remaining = sum(uppers)
        if total + remaining <= threshold + EPS:
            return total + remaining, False
        for child, upper in sorted(zip(children, uppers, strict=True), key=lambda cu: -cu[1]):
            remaining -= upper
            value, _ = self.child_bounded(child, threshold - total - remaining, leaf=leaf)
            total += value
            if total + remaining <= threshold + EPS:
                return total + remaining, False
        return total, True

    def bounded(self, subset: Subset, lives: Lives, alpha: float) -> tuple[float, bool]:
        """The optimal value (True) when it exceeds `alpha`, else an upper bound <= alpha
        (False): fail-soft branch and bound.

        The memo keeps, per (subset, lives), bounds lo <= value <= hi and a move: lo == hi
        once the value is exact, the move then achieving it. Each move's value comes from its
        outcome classes (`move_bounded`), searched against the best found so far; the search
        stops at the ceiling (`upper_bound`), which no move beats. A move that cannot beat
        alpha yields only an upper bound, so without a winner the max of those bounds is one
        on the value. With no costs and no more candidates than lives every candidate is won
        (a letter held by some of them removes one at least on a miss; naming costs one life
        a wrong word), so the value is the ceiling, the whole mass, with no search."""
        if lives is not None and lives <= 0:
            return 0.0, True
        if subset.bit_count() == 1:
            return self.singleton_value(subset), True
        key = (subset, lives)
        ceiling = self.upper_bound(subset, lives)
        lo, hi, known_move = self.memo.get(key, (-np.inf, ceiling, ""))
        if lo >= hi - EPS:
            return lo, True
        if hi <= alpha + EPS:
            return hi, False
        free = self.settings.cost_weight == 0 and self.settings.move_weight == 0
        if free and lives is not None and subset.bit_count() <= lives:
            letters = self.letter_moves(subset, lives)
            move = letters[0][0] if letters else self.words[self.members(subset)[0]]
            self.memo[key] = (ceiling, ceiling, move)
            return ceiling, True
        self.charge()
        best, best_move, upper = -np.inf, known_move, -np.inf
        for move, children in self.moves(subset, lives):
            value, beat = self.move_bounded(children, max(alpha, best))
            if beat:
                best, best_move = value, move
                if best >= ceiling - EPS:
                    break
            else:
                upper = max(upper, value)
        if best > alpha + EPS:
            self.memo[key] = (best, best, best_move)
            return best, True
        bound = min(hi, max(upper, best))
        self.memo[key] = (lo, bound, best_move)
        return bound, False

    def exact(self, subset: Subset, lives: Lives) -> tuple[float, str]:
        """The optimal value of `subset` with `lives`, and a move achieving it (memoised)."""
        if subset.bit_count() == 1:
            return self.singleton_value(subset), self.words[self.members(subset)[0]]
        value, _ = self.bounded(subset, lives, -np.inf)
        return value, self.memo[(subset, lives)][2]

    # --- base policy and rollouts -------------------------------------------------------------

    def base_move(self, subset: Subset, lives: Lives) -> Move:
        """Coverage on a large set (letter in most candidates, pool-order ties); under
        finish=word the most probable word once it holds `base_word_share` of the mass."""
        if self.word_finish():
            words = self.word_moves(subset, lives)
            if words and self.mass(words[0][1][0][0]) >= self.settings.base_word_share * self.mass(
                subset
            ):
                return words[0]
        best_code, best_count, best_key = -1, -1, (0, 0)
        bits = self.small_members(subset)
        for code in range(26):
            children = self.letter_children(subset, lives, code, bits)
            if len(children) < 2:
                continue
            hits = subset & self.contains[code]
            count = hits.bit_count()
            if count < best_count:
                continue
            first = (hits & -hits).bit_length() - 1
            row = self.patterns[first][code]
            key = (first, (row & -row).bit_length())
            if count > best_count or key < best_key:
                best_code, best_count, best_key = code, count, key
        return ALPHABET[best_code], self.letter_children(subset, lives, best_code, bits)

    def base_value(self, subset: Subset, lives: Lives, leaf: int) -> float:
        """Value of the base policy: coverage above `leaf` candidates, optimal play below."""
        if lives is not None and lives <= 0:
            return 0.0
        if subset.bit_count() <= leaf:
            return self.exact(subset, lives)[0]
        key = (subset, lives, leaf)
        cached = self.base_memo.get(key)
        if cached is not None:
            return cached
        self.charge()
        move, children = self.base_move(subset, lives)
        value = -sum(self.mass(c[0]) * c[2] for c in children)
        value += sum(self.base_value(c[0], c[1], leaf) for c in children)
        self.base_memo[key] = value
        return value

    def leaf_for(self, size: int) -> int:
        """Where a rollout from `size` candidates stops following the base policy and solves
        exactly: the exact limit, or `shallow_leaf` above `deep_rollout_limit` candidates (the
        exact leaves cost the most, and a decision on thousands of words would take minutes)."""
        limit = self.settings.deep_rollout_limit
        if limit is None or size <= limit:
            return self.settings.exact_limit
        return min(self.settings.exact_limit, self.settings.shallow_leaf)

    def rollout(self, subset: Subset, lives: Lives, leaf: int | None = None) -> tuple[float, str]:
        """Best of the top letters, the base move and probable words, each valued by the base
        policy played after it (a one-step rollout: never worse than the base policy); exact
        below `leaf` candidates (default: `leaf_for` the set's size)."""
        base, _ = self.base_move(subset, lives)
        leaf = self.leaf_for(subset.bit_count()) if leaf is None else leaf
        letters = self.letter_moves(subset, lives)
        tried = letters[: self.settings.top_letters]
        tried += [m for m in letters[self.settings.top_letters :] if m[0] == base]
        best, best_move = -np.inf, base
        for move, children in tried + self.word_moves(subset, lives):
            value, beat = self.move_bounded(children, best, leaf=leaf)
            if beat and value > best + EPS:
                best, best_move = value, move
        return float(best), best_move

    def best_move(self, subset: Subset, lives: Lives) -> tuple[float, str]:
        """The lookahead move: exact below the limit, a rollout of the base policy above."""
        if subset.bit_count() <= self.settings.exact_limit:
            return self.exact(subset, lives)
        return self.rollout(subset, lives)

    def tied_letters(
        self, subset: Subset, lives: Lives, budget: int | None
    ) -> list[tuple[str, float]] | None:
        """The letters (splitting the subset, in `letter_moves` order) whose value is within
        TIE per unit of its mass of the optimum, with their exact values: the moves the chance
        of winning in the table cannot tell apart (a value counts wrong guesses and moves too,
        each a sliver of a win below TIE). Needs the subset solved exactly (by `exact`): empty
        when it is not; None when proving the ties takes more than `budget` nodes. (Ties among
        a rollout's values, above the exact limit, were tried as well: on 1,000 tuning words
        outside the table they changed 88 games, won 2 and lost 2.)"""
        known = self.memo.get((subset, lives))
        if known is None or known[0] < known[1] - EPS:
            return []
        threshold = known[0] - TIE * self.mass(subset)
        self.budget, self.spent = budget, 0
        try:
            tied = []
            for move, children in self.letter_moves(subset, lives):
                value, beat = self.move_bounded(children, threshold)
                if beat:  # every child exceeded its share of the threshold: the value is exact
                    tied.append((move, value))
            return tied
        except BudgetSpent:
            return None
        finally:
            self.budget = None

    def budgeted_move(self, subset: Subset, lives: Lives, budget: int | None) -> tuple[str, bool]:
        """(move, finished) within `budget` node expansions per stage: the lookahead move, else
        a rollout with small exact leaves (both finished), else the base policy's (coverage)
        move (not finished). Nodes, not seconds, bound it, so the load of the machine never
        changes a move (a clock made it depend on what else was running). Memo hits cost no
        node: run it within `own_memos` for a move that depends on the position alone."""
        stages: list[int | None] = [None]
        if subset.bit_count() > self.settings.shallow_leaf:
            stages.append(min(self.settings.exact_limit, self.settings.shallow_leaf))
        try:
            for leaf in stages:
                self.budget, self.spent = budget, 0
                try:
                    if leaf is None:
                        return self.best_move(subset, lives)[1], True
                    return self.rollout(subset, lives, leaf)[1], True
                except BudgetSpent:
                    continue
        finally:
            self.budget = None
        return self.base_move(subset, lives)[0], False


def win_search_for(
    enc: Encoded, ids: Ids, weights: Floats, settings: WinSearchSettings = WinSearchSettings()
) -> WinSearch:
    """A win search over the words `ids` (one length, pool order) with per-word prior weights."""
    table = enc.positions[ids].astype(np.int64)
    words = tuple(enc.words[i] for i in ids)
    return WinSearch(words, table.tolist(), weights.tolist(), settings, letter_classes(table))


def letter_classes(table: np.ndarray) -> list[list[tuple[int, Subset]]]:
    """Each letter's outcome classes: for letter code c, every pattern in column c of `table`
    (row i: word i's positions of each letter), with the subset of the words showing it, in
    increasing pattern order."""
    classes = []
    for code in range(26):
        column = table[:, code]
        classes.append([(p, subset_where(column == p)) for p in sorted(set(column.tolist()))])
    return classes


def subset_where(mask: np.ndarray) -> Subset:
    """The subset of the words where `mask` holds (bit i: word i)."""
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


# --- the family search: minimax over word families ------------------------------------------

Closed = int
"""Bitmask of letter codes that may not be guessed any more (bit c = letter code c)."""


@dataclass(frozen=True, slots=True)
class FamilySearch:
    """Limits of the family search: plies, families and letters searched per node, leaf scale."""

    depth: int = 3
    families: int = 4
    letters: int = 4
    leaf_scale: float = 1.0


def leaf_value(size: int, *, scale: float) -> float:
    """Estimated misses still to come with `size` candidates left: scale * log2(size)."""
    return 0.0 if size <= 1 else scale * math.log2(size)


def closed_of(state: State) -> Closed:
    """The bitmask of letters already guessed."""
    mask = 0
    for ch in state.letters:
        mask |= 1 << letter_code(ch)
    return mask


def unguessed_codes(closed: Closed) -> Ids:
    """Letter codes not in the `closed` bitmask."""
    return np.array([c for c in range(26) if not closed >> c & 1], dtype=np.int64)


def best_letters(pool: Pool, ids: Ids, closed: Closed, *, limit: int) -> list[int]:
    """The `limit` most promising letters for the guesser: smallest largest family, most held."""
    codes = unguessed_codes(closed)
    if not len(codes):
        return []
    largest, holding = largest_families(pool.lexicon.enc, ids, codes)
    useful = (holding > 0) & (largest < len(ids))
    order = np.lexsort((codes, -holding, largest))
    return [int(codes[i]) for i in order if useful[i]][:limit]


def searched_families(fams: Families, *, limit: int | None) -> list[int]:
    """Families searched at a host node: the `limit` hardest, plus the miss family."""
    chosen = list(range(len(fams.keys) if limit is None else min(limit, len(fams.keys))))
    misses = np.flatnonzero(fams.keys == 0)
    if len(misses) and int(misses[0]) not in chosen:
        chosen.append(int(misses[0]))
    return chosen


def family_values(
    pool: Pool,
    ids: Ids,
    fams: Families,
    closed: Closed,
    *,
    depth: int,
    search: FamilySearch,
    limit: int | None,
    cutoff: float = math.inf,
) -> list[tuple[float, int]]:
    """(value, family) for the searched families: a miss counts 1, plus the guesser's value."""
    values: list[tuple[float, int]] = []
    for fam in searched_families(fams, limit=limit):
        value = float(fams.keys[fam] == 0) + guesser_value(
            pool, fams.ids_of(ids, fam), closed, depth=depth - 1, search=search
        )
        values.append((value, fam))
        if value >= cutoff:
            break
    return values


def guesser_value(
    pool: Pool, ids: Ids, closed: Closed, *, depth: int, search: FamilySearch
) -> float:
    """Misses the best guesser still concedes from `ids` (minimax `depth` plies, leaf estimate)."""
    if len(ids) <= 1:
        return 0.0
    if depth <= 0:
        return leaf_value(len(ids), scale=search.leaf_scale)
    best, _ = minimax_letter(pool, ids, closed, depth=depth, search=search)
    return best if best < math.inf else leaf_value(len(ids), scale=search.leaf_scale)


SPLITS = [0]
"""Candidate sets the family search has split by a letter (in this process): its work, counted
the same under any load (a clock made the interactive host's answers depend on it)."""


def minimax_letter(
    pool: Pool, ids: Ids, closed: Closed, *, depth: int, search: FamilySearch
) -> tuple[float, int]:
    """(misses conceded, letter code) of the guesser's best letter against the worst host; the
    first of equal letters in `best_letters` order (code -1 when none is open)."""
    length = int(pool.lexicon.enc.lengths[ids[0]])
    best, best_code = math.inf, -1
    for code in best_letters(pool, ids, closed, limit=search.letters):
        SPLITS[0] += 1
        fams = letter_families(pool.lexicon.enc, ids, code, length=length)
        values = family_values(
            pool,
            ids,
            fams,
            closed | 1 << code,
            depth=depth,
            search=search,
            limit=search.families,
            cutoff=best,
        )
        value = max(v for v, _ in values)
        if value < best - 1e-9:
            best, best_code = value, code
    return best, best_code
