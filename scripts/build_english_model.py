"""Build the letter model that ships for the built-in `english` table: wordkit/hangman/models/.

The Hangman AI plays its letter model when the secret is not a word of the table, so the model
learns from more English than the table holds: the table's words and `web2` (Webster's Second
International, 1934, public domain), the lowercase words of 4-15 letters of the `english-words`
2.0.2 wheel (MIT), fetched by pip into bench/.cache/ as the Hangman bench fetches it. Pairs of a
context and a letter seen once are dropped (`SHIPPED_MIN_COUNT`), and the model is packed to
ship (`packed_model`); `wordkit` unpacks it into its cache on first use.

Run from the repository root: .venv/bin/python scripts/build_english_model.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import numpy as np  # noqa: E402
from hangman import public_words  # noqa: E402

from wordkit import tables  # noqa: E402
from wordkit.hangman.guessers.model import (  # noqa: E402
    SHIPPED,
    model_of_packed,
    packed_model,
    shipped_name,
    widened_model,
)
from wordkit.hangman.lexicon import lexicon_from_table, pool_for, pool_words  # noqa: E402


def main() -> int:
    """Learn, pack, check and write the model."""
    started = time.perf_counter()
    words = pool_words(pool_for(lexicon_from_table(tables.load_table("english"))))
    vocabulary = public_words()
    model = widened_model(words, vocabulary)
    data = packed_model(model)
    back = model_of_packed(data)
    assert back is not None, "the packed model reads back"
    for name in ("keys", "counts", "unigram", "ngram"):
        assert np.array_equal(getattr(back, name), getattr(model, name)), f"{name} read back"
    SHIPPED.mkdir(exist_ok=True)
    for old in SHIPPED.glob("hangman-model-*.xz"):
        old.unlink()
    path = SHIPPED / shipped_name(words, data)
    path.write_bytes(data)
    print(
        f"{path.relative_to(ROOT)}: {len(words)} table words and {len(vocabulary)} of web2, "
        f"{len(model.keys)} context pairs, {len(data) / 1e6:.1f} MB, "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
