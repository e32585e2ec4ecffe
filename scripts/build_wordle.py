"""Build wordkit/data/wordle.csv (answers) and wordkit/data/wordle-guesses.csv (allowed guesses).

Sources and licences (the same as scripts/build_english.py):

* Words: SCOWL 2020.12.07 by Kevin Atkinson, from the **Debian package `scowl`**
  (/usr/share/dict/scowl/, `apt-get install scowl`; not on PyPI). SCOWL permissive
  (MIT-like) licence, see /usr/share/doc/scowl/copyright. The script stops with a clear
  message when the lists are missing.
* Weights: `wordfreq.word_frequency(word, "en")` (wordfreq: code Apache-2.0, data CC BY-SA 4.0).

Neither list is taken from, or checked against, the original game's lists.

Answers (wordle.csv), about 2,300 common five-letter words:

1. Five-letter a-z words (accents stripped, possessives dropped, as in build_english.py)
   of SCOWL's `english-words` and `american-words` lists of sizes 10 to 50 (SCOWL's
   "medium" size: words found in most dictionaries).
2. Drop regular inflections, judged against the english/american/variant_1 words of sizes
   up to 60 (the "stems"):
   * plurals and third persons: the word ends in "s" and the word minus "s" is a stem
     ("lamps", "bakes"); it ends in "es" and the word minus "es" is a stem ("boxes");
     it ends in "ies" and the word with "ies" -> "y" is a stem ("flies");
   * past tenses: it ends in "ed" and the word minus "d" or minus "ed" is a stem ("baked",
     "aimed"); it ends in "ied" and the word with "ied" -> "y" is a stem ("tried").
   Words such as "glass", "bonus", "chaos", "speed" or "sacred" stay, because their
   shortened forms are not words.
3. Drop two short hand-made lists, which remain valid guesses: slurs and obscenities
   (OFFENSIVE_ANSWERS), and words whose frequency comes mostly from a name
   (NAME_HOMOGRAPHS: "japan", "maria", "peter", ...).
4. Rank the rest by wordfreq frequency (ties alphabetically) and keep the top ANSWER_COUNT.

Guesses (wordle-guesses.csv), about 11,500 words, a superset of the answers. Every guess is
also a possible answer of the built-in game (weighted by its frequency), so the list holds
every five-letter word a setter might pick:

1. every five-letter a-z word of SCOWL's `english-words`, `american-words`, `british-words`,
   `variant_1-words` and `variant_2-words` lists of sizes 10 to 80 (size 80 holds the unusual
   words people use in word games);
2. the rarer spellings of SCOWL's `variant_3-words` up to size 50 ("leant");
3. the lowercase clipped words SCOWL files under abbreviations (`english`, `american` and
   `british-abbreviations` up to size 60) that people write as words, i.e. with wordfreq
   Zipf >= 3 ("admin", "intro", "morph");
4. words common in use that no SCOWL list holds: five-letter a-z words with wordfreq
   Zipf >= 3.5 in no SCOWL list at all, less a short hand-made list of names, dropped-g
   spellings and prefixes (NOT_WORDS: "kanye", "comin", "socio", ...): "cyber";
5. the answers.

Weights are wordfreq frequencies and may be 0.0 for words wordfreq has never seen.

Both tables are `word,weight`, sorted by word, written atomically.

Run from the repository root: .venv/bin/python scripts/build_wordle.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_english import (  # noqa: E402
    AMERICAN,
    LETTERS,
    ROOT,
    english_frequency,
    require_scowl,
    require_wordfreq,
    scowl_words,
    write_table,
)

ANSWERS_OUTPUT = ROOT / "wordkit" / "data" / "wordle.csv"
GUESSES_OUTPUT = ROOT / "wordkit" / "data" / "wordle-guesses.csv"
WORD_LENGTH = 5
ANSWER_COUNT = 2300
ANSWER_CATEGORIES = ("english-words", "american-words")
ANSWER_MAX_SIZE = 50
STEM_MAX_SIZE = 60
GUESS_CATEGORIES = (
    "english-words",
    "american-words",
    "british-words",
    "variant_1-words",
    "variant_2-words",
)
GUESS_MAX_SIZE = 80
RARE_VARIANTS = ("variant_3-words",)
RARE_VARIANT_MAX_SIZE = 50
ABBREVIATIONS = ("english-abbreviations", "american-abbreviations", "british-abbreviations")
ABBREVIATION_MAX_SIZE = 60
CLIPPED_MIN_ZIPF = 3.0
UNLISTED_MIN_ZIPF = 3.5
# Common wordfreq entries no SCOWL list holds that are not words a setter would pick:
# names, spellings of speech, prefixes and web tokens. Reviewed by hand for wordfreq 3.1.1.
NOT_WORDS = frozenset({"comin", "https", "kanye", "kuala", "messi", "qaeda", "sayin", "socio"})
# Five-letter slurs and obscenities that should not be a secret word (still allowed as guesses).
OFFENSIVE_ANSWERS = frozenset(
    {"bitch", "boner", "chink", "dildo", "nigga", "porno", "pussy", "skank", "squaw", "whore"}
)
# Lowercase words whose wordfreq frequency comes mostly from a name (Japan, Maria, Peter...).
NAME_HOMOGRAPHS = frozenset(
    {"billy", "bobby", "japan", "jimmy", "maria", "peter", "roger", "sonny", "terry"}
)


def is_inflection(word: str, stems: set[str] | dict[str, int]) -> bool:
    """Whether `word` is a regular plural, third person or past tense of a word in `stems`."""
    if word.endswith("ies") and word[:-3] + "y" in stems:
        return True
    if word.endswith("es") and word[:-2] in stems:
        return True
    if word.endswith("s") and not word.endswith("ss") and word[:-1] in stems:
        return True
    if word.endswith("ied") and word[:-3] + "y" in stems:
        return True
    return word.endswith("ed") and (word[:-1] in stems or word[:-2] in stems)


def build_answers() -> list[tuple[str, float]]:
    """The wordle.csv rows: the most frequent non-inflected common five-letter words."""
    stems = scowl_words(AMERICAN, STEM_MAX_SIZE)
    pool = [
        word
        for word in scowl_words(ANSWER_CATEGORIES, ANSWER_MAX_SIZE)
        if len(word) == WORD_LENGTH
        and not is_inflection(word, stems)
        and word not in OFFENSIVE_ANSWERS
        and word not in NAME_HOMOGRAPHS
    ]
    weighted = [(word, english_frequency(word)) for word in pool]
    ranked = sorted(weighted, key=lambda row: (-row[1], row[0]))
    return sorted(row for row in ranked[:ANSWER_COUNT] if row[1] > 0)


def every_scowl_word() -> set[str]:
    """Every entry of every SCOWL list, any size, lowercased (names and abbreviations too)."""
    found: set[str] = set()
    for path in sorted(require_scowl().iterdir()):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            found.add(line.strip().lower())
    return found


def unlisted_common_words() -> set[str]:
    """Five-letter a-z words wordfreq finds common that no SCOWL list holds ("cyber")."""
    from wordfreq import iter_wordlist, zipf_frequency

    listed = every_scowl_word()
    found = set()
    for word in iter_wordlist("en"):
        if zipf_frequency(word, "en") < UNLISTED_MIN_ZIPF:
            break  # the list is in order of frequency
        if len(word) == WORD_LENGTH and LETTERS.fullmatch(word) and word not in listed:
            found.add(word)
    return found - NOT_WORDS


def build_guesses(answers: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """The wordle-guesses.csv rows: the five-letter SCOWL words, rare variants, clipped words
    and common unlisted words described above, plus the answers."""
    from wordfreq import zipf_frequency

    words = {w for w in scowl_words(GUESS_CATEGORIES, GUESS_MAX_SIZE) if len(w) == WORD_LENGTH}
    words.update(
        w for w in scowl_words(RARE_VARIANTS, RARE_VARIANT_MAX_SIZE) if len(w) == WORD_LENGTH
    )
    words.update(
        w
        for w in scowl_words(ABBREVIATIONS, ABBREVIATION_MAX_SIZE)
        if len(w) == WORD_LENGTH and zipf_frequency(w, "en") >= CLIPPED_MIN_ZIPF
    )
    words.update(unlisted_common_words())
    words.update(word for word, _ in answers)
    return sorted((word, english_frequency(word)) for word in words)


def main() -> None:
    require_wordfreq()
    answers = build_answers()
    guesses = build_guesses(answers)
    write_table(ANSWERS_OUTPUT, answers)
    write_table(GUESSES_OUTPUT, guesses)
    unseen = sum(1 for _, weight in guesses if weight == 0)
    for path, rows in ((ANSWERS_OUTPUT, answers), (GUESSES_OUTPUT, guesses)):
        print(
            f"build_wordle: wrote {len(rows):,} words to {path.relative_to(ROOT)}", file=sys.stderr
        )
    print(f"build_wordle: {unseen:,} guesses have weight 0 (unknown to wordfreq)", file=sys.stderr)


if __name__ == "__main__":
    main()
