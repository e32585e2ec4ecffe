"""`wordkit solve|query|stats hangman`: the Hangman guessers on the command line."""

from __future__ import annotations

from typing import Annotated, Any, cast

import numpy as np
import typer
from tqdm import tqdm

from wordkit import hosts, tables
from wordkit.cli import render, repl
from wordkit.cli.app import host_app, query_app, solve_app, stats_app
from wordkit.cli.options import Jobs, Json, Seed, StatsFormat, Trainer, stats_format
from wordkit.errors import GameStateError, UnknownNameError, WordkitError
from wordkit.games import hangman as hm
from wordkit.hangman_lexicon import Pool, lexicon_from_table, pool_for, word_id
from wordkit.hangman_play import hangman_stats
from wordkit.strategies import hangman as guessers
from wordkit.strategies.hangman import Board, Decision, board_for, next_board

TOP = 8

Words = Annotated[
    str, typer.Option(metavar="NAME_OR_PATH", help="The dictionary (default: english).")
]
Strategy = Annotated[
    str,
    typer.Option(metavar="NAME", help="coverage, entropy, lookahead or model (default: coverage)."),
]
Lives = Annotated[int, typer.Option(metavar="N", help="Wrong guesses allowed (default 6).")]
VariantOpt = Annotated[
    str,
    typer.Option(
        "--variant",
        metavar="VARIANT",
        help="classic (every occurrence shown) or advanced (one per guess, length hidden).",
    ),
]
FinishOpt = Annotated[
    str,
    typer.Option(
        "--finish",
        metavar="FINISH",
        help="reveal (won when all letters show) or word (won only by naming the word).",
    ),
]
Prior = Annotated[
    str,
    typer.Option(metavar="PRIOR", help="uniform, weight, or CATEGORY=SHARE,... e.g. TZ=0.5."),
]
Category = Annotated[
    str | None, typer.Option(metavar="NAME", help="Only words of this category (a hint).")
]


def rules_of(lives: int, variant: str, finish: str, width: int = hm.DEFAULT_WIDTH) -> hm.Rules:
    """Game rules from the options, with the valid choices listed on a typo."""
    if variant not in hm.VARIANTS:
        raise UnknownNameError(f"unknown variant {variant!r}; choose from {', '.join(hm.VARIANTS)}")
    if finish not in hm.FINISHES:
        raise UnknownNameError(f"unknown finish {finish!r}; choose from {', '.join(hm.FINISHES)}")
    if lives < 1:
        raise UnknownNameError(f"--lives must be at least 1, not {lives}")
    return hm.Rules(
        lives=lives, variant=cast(hm.Variant, variant), finish=cast(hm.Finish, finish), width=width
    )


def load_pool(words: str, *, prior: str, category: str | None) -> Pool:
    """The dictionary a guesser searches, with its prior and category hint applied."""
    return pool_for(lexicon_from_table(tables.load_table(words)), prior=prior, hint=category)


def top_candidates(board: Board, count: int = TOP) -> list[tuple[str, float]]:
    """The most probable candidates with their probabilities."""
    probs = board.pool.probs[board.ids]
    total = probs.sum()
    shares = probs / total if total > 0 else np.full(len(probs), 1.0 / max(len(probs), 1))
    order = np.argsort(-shares, kind="stable")[:count]
    words = board.pool.lexicon.enc.words
    return [(words[int(board.ids[i])], float(shares[i])) for i in order]


def move_of(decision: Decision, board: Board) -> dict[str, Any]:
    """A decision and the board it was made on, as plain data."""
    return {
        "move": decision.move,
        "kind": "letter" if len(decision.move) == 1 else "word",
        "confidence": round(decision.confidence, 4),
        "label": decision.label,
        "candidates": len(board.ids),
        "top": [{"word": w, "probability": round(p, 4)} for w, p in top_candidates(board)],
    }


# --- solve ----------------------------------------------------------------------------------


@solve_app.command("hangman")
def solve_hangman(
    mask: Annotated[
        str | None,
        typer.Option(metavar="MASK", help="The word as shown, `_` for hidden letters: a__le."),
    ] = None,
    guessed: Annotated[
        str, typer.Option(metavar="LETTERS", help="Letters guessed so far, e.g. aeli.")
    ] = "",
    refuted: Annotated[
        str, typer.Option(metavar="WORDS", help="Whole words guessed wrongly, comma-separated.")
    ] = "",
    category: Category = None,
    strategy: Strategy = "coverage",
    words: Words = "english",
    lives: Lives = 6,
    variant: VariantOpt = "classic",
    finish: FinishOpt = "reveal",
    prior: Prior = "weight",
    interactive: Annotated[
        bool, typer.Option("--interactive", "-i", help="Play interactively even when piped.")
    ] = False,
    json: Json = False,
) -> None:
    """The AI's next Hangman move for a state; on a terminal, the AI guesses your word.

    Interactively, you think of a word and type its length (or its mask); after each guess
    you type the mask as it now stands (e.g. _a__e), or y/n for a whole-word guess.

    \b
    Example:
      wordkit solve hangman --mask a__le --guessed aeli
      wordkit solve hangman --words categories --category animals   # interactive
    """
    rules = rules_of(lives, variant, finish)
    guesser = guessers.make_guesser(strategy)
    pool = load_pool(words, prior=prior, category=category)
    if mask is None and (interactive or (repl.interactive() and not json)):
        guess_my_word(guesser, pool, rules)
        return
    if mask is None:
        raise GameStateError("give the game state with --mask (e.g. --mask a__le --guessed aeli)")
    state = hm.observed_state(
        mask,
        letters=list(guessed.replace(",", "").replace(" ", "")),
        words=[w for w in refuted.split(",") if w.strip()],
        rules=rules,
    )
    board = board_for(pool, state)
    if state.status != "playing":
        raise GameStateError(f"the game is already over ({state.status})")
    decision = guesser.decide(board)
    move = move_of(decision, board)
    if json:
        render.emit_json(move)
        return
    out = render.console()
    if not len(board.ids):
        out.print("No word of the table fits; guessing with the letter model.")
    what = "letter" if move["kind"] == "letter" else "word"
    out.print(
        f"next {what}: {decision.move.upper()}  (confidence {decision.confidence:.0%}, "
        f"{decision.label})"
    )
    out.print(f"candidates: {len(board.ids):,}")
    if move["top"]:
        out.print("  " + ", ".join(f"{t['word']} {t['probability']:.0%}" for t in move["top"]))


def guess_my_word(guesser: guessers.Guesser, pool: Pool, rules: hm.Rules) -> None:
    """The human hosts: the AI guesses and the human types the mask after each guess."""
    out = render.console()
    out.print("Think of a word. Type its length, or its mask with `_` for each letter.")
    mask = ask_initial_mask()
    if mask is None:
        out.print("Bye.")
        return
    state = hm.observed_state(mask, rules=rules)
    board = board_for(pool, state)
    while state.status == "playing":
        decision = guesser.decide(board)
        if not len(board.ids):
            out.print("(No word of the table fits; guessing with the letter model.)")
        out.print(
            f"My guess: [bold]{decision.move.upper()}[/bold]  ({len(board.ids):,} candidates, "
            f"confidence {decision.confidence:.0%}, {decision.label})"
        )
        after = ask_outcome(state, decision.move)
        if after is None:
            out.print("Bye.")
            return
        state = after
        board = next_board(board, state)
        out.print(f"  {render.spaced(state.mask)}   lives left: {hm.lives_left(state)}")
    out.print("I win!" if state.status == "won" else "You win: I am out of lives.")


def ask_initial_mask() -> str | None:
    """The starting mask, from a length or a mask typed by the human (re-asked until valid)."""
    while True:
        line = repl.ask("length or mask> ")
        if line is None:
            return None
        if line.isdigit() and 1 <= int(line) <= hm.MAX_LENGTH:
            return hm.HIDDEN * int(line)
        if line and set(line) <= {hm.HIDDEN}:
            return line
        render.console().print(
            f"Type a number of letters (1-{hm.MAX_LENGTH}) or underscores, e.g. 5 or _____."
        )


def ask_outcome(state: hm.HangmanState, move: str) -> hm.HangmanState | None:
    """The state after the AI's move, as the human reports it (re-asked until consistent)."""
    out = render.console()
    while True:
        if len(move) > 1:
            line = repl.ask("right? (y/n)> ")
            if line is None:
                return None
            if line.lower() in ("y", "yes", "n", "no"):
                return word_outcome(state, move, right=line.lower().startswith("y"))
            out.print("Type y if that is your word, n if not.")
            continue
        line = repl.ask("mask> ")
        if line is None:
            return None
        try:
            return letter_outcome(state, move, line)
        except WordkitError as exc:
            out.print(f"{exc}. Type the mask as it stands now, e.g. {example_mask(state, move)}")


def letter_outcome(state: hm.HangmanState, letter: str, typed: str) -> hm.HangmanState:
    """The state after `letter`, given the mask the human typed (checked against the last)."""
    mask = typed.strip().lower().replace(" ", "")
    if len(mask) != len(state.mask):
        raise GameStateError(f"the mask needs {len(state.mask)} characters, not {len(mask)}")
    for old, new in zip(state.mask, mask, strict=True):
        if old != hm.HIDDEN and new != old:
            raise GameStateError(f"{typed!r} changes a letter already shown")
        if old == hm.HIDDEN and new not in (hm.HIDDEN, letter):
            raise GameStateError(f"{typed!r} shows {new!r}, but I guessed {letter!r}")
    secret_like = "".join(
        letter if ch == hm.HIDDEN and new == letter else ch
        for ch, new in zip(state.mask, mask, strict=True)
    )
    return hm.observed_state(
        secret_like, letters=[*state.letters, letter], words=state.words, rules=state.rules
    )


def word_outcome(state: hm.HangmanState, word: str, *, right: bool) -> hm.HangmanState:
    """The state after a whole-word guess the human said is right or wrong."""
    if right:
        return hm.HangmanState(word, state.rules, state.letters, state.words, state.wrong, "won")
    return hm.observed_state(
        state.mask, letters=state.letters, words=[*state.words, word], rules=state.rules
    )


def example_mask(state: hm.HangmanState, letter: str) -> str:
    """An example of a valid mask: the letter shown in the first hidden position."""
    first = state.mask.find(hm.HIDDEN)
    return state.mask if first < 0 else state.mask[:first] + letter + state.mask[first + 1 :]


# --- query ----------------------------------------------------------------------------------


@query_app.command("hangman")
def query_hangman(
    word: Annotated[str, typer.Argument(metavar="WORD", help="The secret word to solve.")],
    strategy: Strategy = "coverage",
    words: Words = "english",
    category: Category = None,
    lives: Lives = 6,
    variant: VariantOpt = "classic",
    finish: FinishOpt = "reveal",
    prior: Prior = "weight",
    seed: Annotated[int, typer.Option(metavar="S", help="Seed (advanced variant).")] = 0,
    json: Json = False,
) -> None:
    """How the AI would solve WORD, turn by turn (words outside the table are played too).

    \b
    Example:
      wordkit query hangman apple --strategy coverage
      wordkit query hangman zebra --words categories --category animals
    """
    secret = word.strip().lower()
    hm.check_word(secret)
    rules = rules_of(lives, variant, finish)
    guesser = guessers.make_guesser(strategy)
    pool = load_pool(words, prior=prior, category=category)
    board = board_for(pool, hm.new_game(secret, rules))
    turns: list[dict[str, Any]] = []
    while board.state.status == "playing" and hm.guess_count(board.state) < 80:
        decision = guesser.decide(board)
        after = hm.apply_move(board.state, decision.move, secret=secret, seed=seed)
        turns.append(
            {
                "turn": len(turns) + 1,
                "mask": board.state.mask,
                "candidates": len(board.ids),
                "strategy": decision.label,
                "guess": decision.move,
                "confidence": round(decision.confidence, 4),
                "correct": after.wrong == board.state.wrong,
            }
        )
        board = next_board(board, after)
    state = board.state
    result = {
        "word": secret,
        "in_table": secret in pool.lexicon.index,
        "won": state.status == "won",
        "wrong": state.wrong,
        "guesses": hm.guess_count(state),
        "turns": turns,
    }
    if json:
        render.emit_json(result)
        return
    out = render.console()
    if not result["in_table"]:
        out.print(f"{secret!r} is not in the table: the AI plays it as an unknown word.")
    rows = [
        (
            t["turn"],
            render.spaced(t["mask"]),
            f"{t['candidates']:,}",
            t["strategy"],
            t["guess"].upper(),
            "yes" if t["correct"] else "no",
        )
        for t in turns
    ]
    out.print(
        render.table(None, ("turn", "mask", "candidates", "strategy", "guess", "correct?"), rows)
    )
    verdict = "won" if result["won"] else "lost"
    out.print(
        f"{verdict} with {render.plural(state.wrong, 'wrong guess', 'wrong guesses')} "
        f"in {render.plural(hm.guess_count(state), 'move')} ({strategy})"
    )


# --- stats ----------------------------------------------------------------------------------


@stats_app.command("hangman")
def stats_hangman(
    words: Words = "english",
    strategy: Strategy = "coverage",
    lives: Lives = 6,
    variant: VariantOpt = "classic",
    finish: FinishOpt = "reveal",
    prior: Prior = "weight",
    hint: Annotated[
        bool, typer.Option("--hint", help="Give each game its word's category.")
    ] = False,
    sample: Annotated[
        int | None, typer.Option(metavar="N", help="Play N secrets drawn with the prior.")
    ] = None,
    seed: Annotated[int, typer.Option(metavar="S", help="Seed for sampling and hosts.")] = 0,
    jobs: Jobs = 1,
    secrets: Annotated[
        str | None,
        typer.Option(metavar="NAME_OR_PATH", help="Play these words against the --words table."),
    ] = None,
    host: Annotated[
        str | None,
        typer.Option(metavar="HOST", help="Play against a host: evil or lookahead, per length."),
    ] = None,
    difficulty: Annotated[
        str, typer.Option(metavar="LEVEL", help="With --host evil: easy, medium, hard.")
    ] = "hard",
    depth: Annotated[int, typer.Option(metavar="K", help="With --host lookahead.")] = 3,
    format: StatsFormat = "table",
    json: Json = False,
) -> None:
    """Play every word of a table: win rate, wrong guesses, distribution, hardest words.

    \b
    Example:
      wordkit stats hangman --words categories --strategy coverage --hint
      wordkit stats hangman --words cities --prior TZ=0.5 --sample 2000 --seed 1 --finish word
      wordkit stats hangman --host evil --difficulty hard --strategy coverage
    """
    fmt = stats_format(format, json=json, jobs=jobs)
    if sample is not None and sample < 1:
        raise UnknownNameError(f"--sample must be at least 1, not {sample}")
    rules = rules_of(lives, variant, finish)
    table = tables.load_table(words)
    if host is not None:
        versus_hosts(table, host, strategy, difficulty=difficulty, depth=depth, seed=seed, fmt=fmt)
        return
    secret_table = tables.load_table(secrets) if secrets is not None else None
    total = (
        sample if sample is not None else len(secret_table if secret_table is not None else table)
    )
    with tqdm(total=total, unit="game", disable=None, leave=False) as bar:
        result = hangman_stats(
            table,
            strategy=strategy,
            lives=rules.lives,
            variant=rules.variant,
            finish=rules.finish,
            prior=prior,
            hint=hint,
            sample=sample,
            seed=seed,
            jobs=jobs,
            secrets=secret_table,
            progress=bar.update,
        )
    data = {
        "strategy": result.strategy,
        "games": result.games,
        "wins": result.wins,
        "win_rate": round(result.win_rate, 6),
        "mean_wrong": round(result.mean_wrong, 4),
        "mean_guesses": round(result.mean_guesses, 4),
        "histogram": result.histogram,
        "guess_histogram": {str(k): v for k, v in result.guess_histogram.items()},
        "failures": result.failures,
        "by_length": {str(k): v for k, v in result.by_length.items()},
        "seconds": round(result.seconds, 3),
    }
    if fmt == "json":
        render.emit_json(data)
        return
    if fmt == "csv":
        typer.echo("length,games,wins,win_rate,mean_wrong")
        for length, row in result.by_length.items():
            typer.echo(
                f"{length},{row['games']},{row['wins']},{row['win_rate']:.4f},"
                f"{row['mean_wrong']:.4f}"
            )
        return
    out = render.console()
    summary = [
        ("strategy", strategy),
        ("games", f"{result.games:,}"),
        ("wins", f"{result.wins:,} ({result.win_rate:.2%})"),
        ("mean wrong guesses", f"{result.mean_wrong:.3f}"),
        ("mean guesses", f"{result.mean_guesses:.3f}"),
        ("seconds", f"{result.seconds:.1f}"),
    ]
    out.print(render.table(None, ("", ""), summary))
    width = max(result.histogram.values(), default=1)
    out.print("wrong guesses per game:")
    for key, count in result.histogram.items():
        out.print(f"{key:>5} {'█' * max(1, round(40 * count / width))} {count:,}")
    if len(result.by_length) > 1:
        out.print(
            render.table(
                None,
                ("length", "games", "win rate", "mean wrong"),
                [
                    (n, f"{r['games']:,}", f"{r['win_rate']:.2%}", f"{r['mean_wrong']:.2f}")
                    for n, r in result.by_length.items()
                ],
            )
        )
    if result.failures:
        out.print("hardest: " + ", ".join(result.failures[:20]))


def versus_hosts(
    table: Any, host: str, strategy: str, *, difficulty: str, depth: int, seed: int, fmt: str
) -> None:
    """One game per word length against an adversarial host: the wrong guesses needed to win."""
    if host not in ("evil", "lookahead"):
        raise UnknownNameError(f"unknown host {host!r} for stats; choose evil or lookahead")
    if difficulty not in hosts.DIFFICULTIES:
        raise UnknownNameError(
            f"unknown difficulty {difficulty!r}; choose from {', '.join(hosts.DIFFICULTIES)}"
        )
    pool = pool_for(lexicon_from_table(table), prior="uniform")
    lengths = sorted({len(w) for w in pool.lexicon.enc.words})
    records = hosts.versus_by_length(
        pool,
        host=host,
        guesser=strategy,
        lengths=lengths,
        difficulty=cast(hosts.Difficulty, difficulty),
        depth=depth,
        seed=seed,
    )
    rows = [
        {"length": n, "wrong": r.wrong, "guesses": r.guesses, "won": r.won, "word": r.word}
        for n, r in records.items()
    ]
    if fmt == "json":
        render.emit_json(
            {"host": host, "difficulty": difficulty, "strategy": strategy, "by_length": rows}
        )
        return
    if fmt == "csv":
        typer.echo("length,wrong,guesses,won,word")
        for row in rows:
            typer.echo(
                f"{row['length']},{row['wrong']},{row['guesses']},{row['won']},{row['word']}"
            )
        return
    label = f"{host} ({difficulty})" if host == "evil" else f"lookahead (depth {depth})"
    render.console().print(
        render.table(
            f"{strategy} against the {label} host: wrong guesses needed to win",
            ("length", "wrong", "guesses", "word"),
            [(r["length"], r["wrong"], r["guesses"], r["word"]) for r in rows],
        )
    )


# --- host ---------------------------------------------------------------------------------


@host_app.command("hangman")
def host_hangman(
    mode: Annotated[
        str,
        typer.Option(
            metavar="MODE", help="honest, evil (never commits) or lookahead (the hardest)."
        ),
    ] = "honest",
    difficulty: Annotated[
        str, typer.Option(metavar="LEVEL", help="For evil: easy, medium or hard.")
    ] = "hard",
    depth: Annotated[int, typer.Option(metavar="K", help="For lookahead: moves ahead.")] = 3,
    seed: Seed = 0,
    trainer: Trainer = False,
    words: Annotated[
        str, typer.Option(metavar="NAME_OR_PATH", help="The word table (default: english).")
    ] = "english",
    length: Annotated[int | None, typer.Option(metavar="N", help="Word length.")] = None,
    category: Annotated[
        str | None, typer.Option(metavar="NAME", help="Only words of this category.")
    ] = None,
    lives: Annotated[int, typer.Option(metavar="N", help="Wrong guesses allowed.")] = 6,
) -> None:
    """Play Hangman against the computer: it hosts, you guess letters or the whole word.

    Type a letter or a word. The capitals L, G and Q (or :l, :g, :q) list the words still
    possible, give up, and quit; ? asks the AI for a hint. With --mode evil the host never
    commits to a word: it keeps the largest family of words after each guess.

    \b
    Example:
      wordkit host hangman --mode evil --difficulty medium --length 6
      wordkit host hangman --words categories --category animals --trainer
    """
    if difficulty not in hosts.DIFFICULTIES:
        raise UnknownNameError(
            f"unknown difficulty {difficulty!r}; choose from {', '.join(hosts.DIFFICULTIES)}"
        )
    if lives < 1:
        raise UnknownNameError(f"--lives must be at least 1, not {lives}")
    lexicon = lexicon_from_table(tables.load_table(words))
    pool = pool_for(lexicon, prior="uniform", hint=category)
    host = hosts.hangman_host(
        mode,
        pool,
        length=length,
        difficulty=cast(hosts.Difficulty, difficulty),
        depth=depth,
        seed=seed,
    )
    state = host.start(hm.Rules(lives=lives))
    advisor = hosts.hangman_guesser("coverage", pool)
    out = render.console()
    out.print(
        f"Hangman, {len(state.mask)} letters, {mode} host, {lives} lives. Type a letter or a "
        "word; L lists, ? hints, G gives up, Q quits."
    )
    while state.status == "playing":
        show_board(state)
        line = repl.ask("guess> ")
        command = None if line is None else repl.command_of(line, letters_are_guesses=True)
        if line is None or command in (repl.QUIT, repl.GIVE_UP):
            out.print(f"The word was {host.reveal_for(state).upper()}.")
            return
        if command == repl.LIST:
            ids = host.candidates(state)
            names = [pool.lexicon.enc.words[i] for i in ids[:100]]
            out.print(
                render.plural(len(ids), "word")
                + " still possible: "
                + ", ".join(names)
                + (" ..." if len(ids) > 100 else "")
            )
            continue
        if command == repl.HINT:
            out.print(f"Hint: try {advisor(state).upper()}.")
            continue
        move = line.strip().lower()
        try:
            hm.check_move(state, move)
            if len(move) > 1:
                check_whole_word(move, state, pool)
        except WordkitError as exc:
            out.print(f"[red]{exc}[/red] (no life lost)")
            continue
        after = host.answer(state, move)
        if trainer:
            out.print(
                render.trainer_line(
                    hosts.hangman_advice(pool, state, move, after=after), noun="word"
                )
            )
        if after.wrong > state.wrong:
            out.print(f"No {move.upper()}.")
        state = after
    show_board(state)
    word = host.reveal_for(state)
    if state.status == "won":
        out.print(f"You win: {word.upper()}.")
    else:
        out.print(f"Hanged. The word was {word.upper()}.")


def check_whole_word(word: str, state: hm.HangmanState, pool: Pool) -> None:
    """Refuse a whole-word guess of the wrong length or outside the word table."""
    if len(word) != len(state.mask):
        raise hm.InvalidMoveError(
            f"{word!r} has {len(word)} letters; the word has {len(state.mask)}"
        )
    if word_id(pool.lexicon, word) is None:
        raise hm.InvalidMoveError(f"{word!r} is not in the word list")


def show_board(state: hm.HangmanState) -> None:
    """The gallows, the mask, the wrong letters and the lives left."""
    lives = state.rules.lives or 0
    wrong = sorted(set(state.letters) - set(state.mask)) + [
        w for w in state.words if w != state.mask
    ]
    console = render.console()
    console.print(render.gallows(state.wrong, lives) if lives else "")
    console.print(f"  {render.spaced(state.mask.upper())}")
    console.print(
        f"  wrong: {' '.join(x.upper() for x in wrong) or '-'}   "
        f"lives left: {max(lives - state.wrong, 0)}"
    )
