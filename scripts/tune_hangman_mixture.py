"""Play the default Hangman AI (or another strategy) on a tuning set the benches never report,
with some of its constants overridden: how `best`'s mixture constants were chosen.

Usage: python scripts/tune_hangman_mixture.py SET ['{"option": value, ...}']

Sets (seed 11 throughout; the bench uses 0):
  inside   1,000 `english` words (a seeded sample), played against all of `english`;
  small    a table of 2,500 `english` words (a seeded sample, the size of `categories`), every
           word of it played (`n` is ignored);
  absent   1,000 words of 4-12 letters of `web2`'s held-out 20% that `english` lacks, the
           bench's 1,000-word sample of them set aside, played against all of `english` under
           the twin of its shipped letter model (learned without them, as the bench plays);
  held-out `english` split 80/20 by the seed-11 hash (the bench splits by seed 0), 1,000 of the
           held-out 20% played against the kept 80%.
Options are `BestGuesser` fields (`dictionary_share`, `mixture_below`, `name_above`,
`budget`...) plus `strategy` (default `best`), `n` (the sample size), `jobs` (default 1),
`exact` (play the book's policy, no budget, on 100 candidates or fewer: slow), and two
hybrids that locate where the default and `model` part: `model_above` K (the letter model
plays while more than K candidates are left, the default below) and `model_from` K (the
default plays while more than K are left, the letter model from K down to one). The book is
read only on more than 100 candidates, where these constants do not act; weight prior.
"""

from __future__ import annotations

import contextlib
import json
import math
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from hangman import absent_words, english_model  # noqa: E402

from wordkit import tables  # noqa: E402
from wordkit.hangman.board import Board, Decision  # noqa: E402
from wordkit.hangman.guessers import best  # noqa: E402
from wordkit.hangman.guessers.model import LetterModelGuesser  # noqa: E402
from wordkit.hangman.play import hangman_stats, holdout_split  # noqa: E402

SEED = 11
SETS = ("inside", "small", "absent", "held-out")
SMALL = 2500


def tuning_set(name: str, n: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(table, secrets) of a tuning set."""
    english = tables.load_table("english")
    if name == "inside":
        return english, english.sample(n=n, random_state=SEED)
    if name == "small":
        table = english.sample(n=SMALL, random_state=SEED)
        return table, table
    if name == "absent":
        from hangman import ABSENT_SAMPLE, absent_words

        words = pd.DataFrame({"word": absent_words()[1]})
        reported = set(words.sample(n=ABSENT_SAMPLE, random_state=0)["word"])
        rest = words[~words["word"].isin(reported)]
        return english, rest.sample(n=n, random_state=SEED)
    kept, held = holdout_split(english, share=0.2, seed=SEED)
    return kept, held.sample(n=min(n, len(held)), random_state=SEED)


def hybrid(model_above: int | None, model_from: int | None) -> None:
    """Make `best` a hybrid: the letter model on more than `model_above` candidates, or on
    `model_from` candidates or fewer (while one is left); the default elsewhere. The strategy
    factory reads the class from its module, so forked workers play the hybrid too."""
    default, letters = best.BestGuesser, LetterModelGuesser()

    class Hybrid(default):  # type: ignore[valid-type,misc]
        def __call__(self, board: Board) -> Decision:
            n = len(board.ids)
            above = model_above is not None and n > model_above
            below = model_from is not None and 0 < n <= model_from
            return letters(board) if above or below else default.__call__(self, board)

    best.BestGuesser = Hybrid  # type: ignore[misc]


def main(argv: list[str]) -> int:
    """Play one tuning set and print its wins and wrong guesses."""
    if not argv or argv[0] not in SETS:
        print(__doc__, file=sys.stderr)
        return 2
    options = json.loads(argv[1]) if len(argv) > 1 else {}
    strategy = options.pop("strategy", "best")
    n = int(options.pop("n", 1000))
    jobs = int(options.pop("jobs", 1))
    above, below = options.pop("model_above", None), options.pop("model_from", None)
    if above is not None or below is not None:
        hybrid(above, below)
    if options.pop("exact", False):
        options = {"budget": None, "seconds": math.inf, "memo_bytes": None} | options
    # the book's moves only where the mixture's constants do not act
    best.BOOK_MIN_CANDIDATES = best.POSTERIOR_CANDIDATES + 1  # type: ignore[misc]
    table, secrets = tuning_set(argv[0], n)
    started = time.perf_counter()
    with english_model(absent_words()[0]) if argv[0] == "absent" else contextlib.nullcontext():
        run = hangman_stats(
            table,
            strategy=strategy,
            strategy_options=options,
            secrets=secrets,
            prior="weight",
            jobs=jobs,
        )
    stats = run.summary
    shown = options | {k: v for k, v in (("model_above", above), ("model_from", below)) if v}
    print(
        f"{argv[0]} {strategy} {shown}: {stats.wins}/{stats.games} won, "
        f"{stats.extra['mean_wrong']:.3f} wrong/game, {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
