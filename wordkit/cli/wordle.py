"""`wordkit solve|query|stats wordle`: the Wordle solvers on the command line."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Annotated, Any

import numpy as np
import typer

from wordkit import hosts, tables
from wordkit.cli import render, repl
from wordkit.cli.app import host_app, query_app, solve_app, stats_app
from wordkit.cli.options import Jobs, Json, Seed, StatsFormat, Trainer, stats_format
from wordkit.errors import GameStateError, UnknownNameError, WordkitError
from wordkit.games import wordle as rules
from wordkit.strategies import wordle as solvers

# Fingerprints of the original game's lists (sorted, newline-joined, SHA-256 prefix): when a
# user loads their own copy, stats shows the proven optimum beside the mean.
ORIGINAL_ANSWERS = "5209b35f823f8b80"
ORIGINAL_GUESSES = "498f38211e3bafbf"
KNOWN_OPTIMUM = {False: ("salet", 7920, 3.4212), True: ("salet", 8122, 3.5084)}
COMMON = 1e-6  # Zipf 3: the answer pool when --length picks words from the english table
SHOW_AT_MOST = 20

Answers = Annotated[
    str | None,
    typer.Option(
        "--answers",
        "--words",
        metavar="NAME_OR_PATH",
        help="Possible answers: a table name or path (default: wordle).",
    ),
]
Guesses = Annotated[
    str | None,
    typer.Option(
        metavar="NAME_OR_PATH", help="Allowed guesses (default: wordle-guesses; answers added)."
    ),
]
Length = Annotated[
    int | None,
    typer.Option(
        metavar="N",
        help="Play N-letter words of the english table (4-9) instead of the wordle tables.",
    ),
]
Strategy = Annotated[
    str,
    typer.Option(
        metavar="NAME",
        help=f"One of: {', '.join(solvers.STRATEGIES)}.",
    ),
]
Opener = Annotated[
    str | None,
    typer.Option(metavar="WORD", help="First guess (default: the strategy's best, cached)."),
]
Hard = Annotated[bool, typer.Option("--hard", help="Hard mode: reuse every hint revealed.")]


def load_game(answers: str | None, guesses: str | None, length: int | None) -> rules.Wordle:
    """The Wordle lists (and their cached pattern matrix) the options ask for."""
    if length is not None:
        if not 2 <= length <= 15:
            raise UnknownNameError(f"--length must be between 2 and 15, not {length}")
        english = tables.load_table(answers or "english")
        pool = tables.words_of(english, length=length)
        common = tables.words_of(english, length=length, min_weight=COMMON) or pool
        guess_words = (
            tables.words_of(tables.load_table(guesses), length=length) if guesses else pool
        )
        answer_words = common if answers is None else pool
    else:
        answer_words = tables.words_of(tables.load_table(answers or "wordle"))
        guess_words = tables.words_of(tables.load_table(guesses or "wordle-guesses"))
        if guesses is None and answers is not None:
            # A user's own answer list brings its own length; keep guesses that match it.
            wanted = len(answer_words[0]) if answer_words else 5
            if any(len(w) != wanted for w in guess_words):
                guess_words = answer_words
    if not answer_words:
        raise GameStateError("the answer list is empty")
    return rules.make_wordle(guess_words, answer_words)


def fingerprint(words: Sequence[str]) -> str:
    """A short content hash of a word list, order-insensitive."""
    return hashlib.sha256("\n".join(sorted(set(words))).encode()).hexdigest()[:16]


def known_optimum(game: rules.Wordle, hard: bool) -> tuple[str, int, float] | None:
    """The proven optimum when the lists are the original game's, else None."""
    original = fingerprint(game.answers) == ORIGINAL_ANSWERS
    return (
        KNOWN_OPTIMUM[hard] if original and fingerprint(game.guesses) == ORIGINAL_GUESSES else None
    )


def parse_history(text: str, game: rules.Wordle) -> list[tuple[str, int]]:
    """`roate=BBYGB,slimy=20010` as a list of (guess, pattern)."""
    history: list[tuple[str, int]] = []
    for n, entry in enumerate(filter(None, (e.strip() for e in text.split(","))), 1):
        word, sep, marks = entry.partition("=")
        if not sep:
            raise GameStateError(
                f"history entry {n} ({entry!r}) must be WORD=FEEDBACK, e.g. roate=BBYGB"
            )
        game.check_guess(word)
        history.append((word.strip().lower(), rules.parse_feedback(marks, game.length)))
    return history


def expected_size(game: rules.Wordle, row: int, remaining: np.ndarray) -> float:
    """The expected number of answers left after guessing `row` (sum of squares / n)."""
    sizes = solvers.bucket_sizes(game, np.array([row]), remaining)
    return float(solvers.sum_squares(sizes)[0]) / len(remaining)


def make_player(
    game: rules.Wordle, strategy: str, *, hard: bool, opener: str | None
) -> solvers.Player:
    """A strategy bound to the game, checking the opener (and hard mode) up front."""
    return solvers.Player(game, solvers.get_strategy(strategy), hard, opener)


def next_move(player: solvers.Player, history: list[tuple[str, int]]) -> dict[str, Any]:
    """The next guess for a history, with the list it faces: the core of `solve wordle`."""
    game = player.game
    remaining = rules.validate_history(game, history, player.hard)
    if history and history[-1][1] == game.win:
        return {"solved": True, "answer": history[-1][0], "answers_left": 1, "answers": []}
    row = player.choose(history, remaining).guess
    return {
        "guess": game.guesses[row],
        "expected_size": round(expected_size(game, row, remaining), 3),
        "answers_left": len(remaining),
        "answers": [game.answers[i] for i in remaining[:SHOW_AT_MOST]]
        if len(remaining) <= SHOW_AT_MOST
        else [],
        "strategy": player.strategy.name,
        "hard": player.hard,
    }


@solve_app.command("wordle")
def solve_wordle(
    history: Annotated[
        str | None,
        typer.Option(
            metavar="WORD=FEEDBACK,...",
            help="The game so far, e.g. roate=BBYGB,slimy=20010 (G/Y/B, 2/1/0 or squares).",
        ),
    ] = None,
    strategy: Strategy = "entropy",
    opener: Opener = None,
    hard: Hard = False,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
    interactive: Annotated[
        bool, typer.Option("--interactive", "-i", help="Play interactively even when piped.")
    ] = False,
    json: Json = False,
) -> None:
    """The AI's next Wordle guess; on a terminal, the AI plays while you host.

    In AI mode you think of a word, the AI guesses, and you type each guess's feedback:
    G/Y/B letters, 2/1/0 digits, coloured squares, or a mix; WORD=FEEDBACK when you played
    another word. L lists the answers left, U undoes the last entry, Q quits.

    \b
    Example:
      wordkit solve wordle --history roate=BBYGB,clint=BYBBB
      wordkit solve wordle            # AI mode on a terminal
    """
    game = load_game(answers, guesses, length)
    player = make_player(game, strategy, hard=hard, opener=opener)
    if history is None and (interactive or (repl.interactive() and not json)):
        ai_mode(player)
        return
    move = next_move(player, parse_history(history or "", game))
    if json:
        render.emit_json(move)
        return
    out = render.console()
    if move.get("solved"):
        out.print(f"Solved: {move['answer'].upper()}")
        return
    expected = render.plural(move["expected_size"], "answer")
    out.print(f"next guess: {move['guess'].upper()}  (expected {expected} left after it)")
    out.print(f"answers left: {move['answers_left']:,}")
    if move["answers"]:
        out.print("  " + ", ".join(move["answers"]))


def ai_mode(player: solvers.Player) -> None:
    """The human hosts: the AI guesses and the human types the feedback after each guess."""
    game = player.game
    out = render.console()
    out.print(
        f"Think of a {game.length}-letter word from the answer list ({len(game.answers):,} words)."
        " After each guess type its feedback (G/Y/B, 2/1/0 or squares; WORD=FEEDBACK if you"
        " played another word). L lists the answers left, U undoes, Q quits."
    )
    history: list[tuple[str, int]] = []
    while True:
        remaining = rules.consistent(game, history)
        row = player.choose(history, remaining).guess
        guess = game.guesses[row]
        out.print(
            f"Guess {len(history) + 1}: [bold]{guess.upper()}[/bold]  "
            f"({render.plural(len(remaining), 'answer')} left, expected "
            f"{expected_size(game, row, remaining):.1f} after it)"
        )
        while True:
            line = repl.ask("feedback> ")
            if line is None or line.lower() == "q":
                out.print("Bye.")
                return
            command = line.lower()
            if command == "l":
                out.print(", ".join(game.answers[i] for i in remaining[:200]))
                if len(remaining) > 200:
                    out.print(f"... and {len(remaining) - 200:,} more")
                continue
            if command == "u":
                if history:
                    undone = history.pop()
                    out.print(f"Undid {undone[0].upper()}.")
                else:
                    out.print("Nothing to undo.")
                break
            try:
                word, marks = entry_of(line, guess)
                game.check_guess(word)
                pattern = rules.parse_feedback(marks, game.length)
                trial = [*history, (word, pattern)]
                rules.validate_history(game, trial, player.hard)
            except WordkitError as exc:
                out.print(f"[red]{exc}[/red]" + (" (type U to undo)" if history else ""))
                continue
            history = trial
            out.print(render.tiles(word, rules.pattern_marks(pattern, game.length)))
            if pattern == game.win:
                out.print(f"Solved in {len(history)} guesses: {word.upper()}.")
                return
            break


def entry_of(line: str, suggested: str) -> tuple[str, str]:
    """A typed entry as (word, feedback): `FEEDBACK` for the suggested guess or `WORD=FEEDBACK`."""
    word, sep, marks = line.partition("=")
    return (word.strip().lower(), marks) if sep else (suggested, line)


@query_app.command("wordle")
def query_wordle(
    word: Annotated[str, typer.Argument(metavar="WORD", help="The answer to solve.")],
    strategy: Strategy = "entropy",
    opener: Opener = None,
    hard: Hard = False,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
    json: Json = False,
) -> None:
    """How the AI would solve WORD: each guess, its feedback and the answers left.

    \b
    Example:
      wordkit query wordle cigar --strategy expected-size --opener roate
    """
    game = load_game(answers, guesses, length)
    if len(word) != game.length:
        raise rules.WordLengthError(
            f"{word!r} has {len(word)} letters; this game uses {game.length}-letter words"
        )
    if word.lower() not in game.answer_index:
        raise rules.UnknownWordError(
            f"{word!r} is not in the answer list; pass a list that has it with --answers"
        )
    player = make_player(game, strategy, hard=hard, opener=opener)
    record = solvers.play(player, word)
    steps: list[dict[str, Any]] = []
    remaining = game.all_answers()
    for n, (guess, pattern) in enumerate(record.turns, 1):
        before = len(remaining)
        remaining = remaining[game.matrix[game.guess_index[guess], remaining] == pattern]
        steps.append(
            {
                "turn": n,
                "guess": guess,
                "feedback": rules.pattern_str(pattern, game.length, "letters"),
                "answers_before": before,
                "answers_left": len(remaining),
            }
        )
    if json:
        render.emit_json(
            {
                "answer": record.answer,
                "guesses": record.guesses,
                "solved": record.solved,
                "strategy": strategy,
                "hard": hard,
                "steps": steps,
            }
        )
        return
    out = render.console()
    for step in steps:
        marks = rules.pattern_marks(
            rules.parse_feedback(step["feedback"], game.length), game.length
        )
        line = render.tiles(step["guess"], marks)
        line.append(
            f"  {step['answers_before']:>5,} → {render.plural(step['answers_left'], 'answer')}"
        )
        out.print(line)
    verdict = "solved" if record.solved else "not solved"
    out.print(f"{verdict} in {record.guesses} guesses ({strategy})")


@stats_app.command("wordle")
def stats_wordle(
    strategy: Strategy = "entropy",
    opener: Opener = None,
    hard: Hard = False,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
    jobs: Jobs = 1,
    format: StatsFormat = "table",
    host: Annotated[
        str | None,
        typer.Option(metavar="HOST", help="Play against a host instead: evil (Absurdle)."),
    ] = None,
    json: Json = False,
) -> None:
    """Play every answer with a strategy: mean, histogram, max, share solved within 6.

    With --host evil the strategy plays one game against Absurdle, which never commits to a
    word, and the figure is how many guesses it needs.

    \b
    Example:
      wordkit stats wordle --strategy entropy --opener salet
      wordkit stats wordle --answers answers.txt --guesses allowed.txt --format json
      wordkit stats wordle --host evil --strategy minimax
    """
    fmt = stats_format(format, json=json, jobs=jobs)
    game = load_game(answers, guesses, length)
    make_player(game, strategy, hard=hard, opener=opener)  # checks names before the long run
    if host is not None:
        versus_host(game, host, strategy, hard=hard, opener=opener, fmt=fmt)
        return
    result = solvers.run_stats(game, strategy, opener, hard, jobs=jobs)
    optimum = known_optimum(game, hard)
    if optimum is not None:
        result["optimum"] = {"opener": optimum[0], "total": optimum[1], "mean": optimum[2]}
    if fmt == "json":
        render.emit_json(result)
        return
    if fmt == "csv":
        typer.echo("guesses,games")
        for n, count in result["histogram"].items():
            typer.echo(f"{n},{count}")
        return
    out = render.console()
    games = result["games"]
    rows = [
        ("strategy", f"{strategy} (opener {result['opener'].upper()}{', hard' if hard else ''})"),
        ("games", f"{games:,}"),
        ("mean guesses", f"{result['mean_guesses']:.4f}"),
        ("max guesses", result["max_guesses"]),
        (
            "solved within 6",
            f"{result['solved_within_6']:,} ({result['solved_within_6'] / games:.2%})",
        ),
        ("seconds", f"{result['seconds']:.2f}"),
    ]
    if optimum is not None:
        rows.insert(
            3, ("known optimum", f"{optimum[2]:.4f} ({optimum[0].upper()}, {optimum[1]:,})")
        )
    out.print(render.table(None, ("", ""), rows))
    width = max(result["histogram"].values(), default=1)
    for n, count in result["histogram"].items():
        bar = "█" * max(1, round(40 * count / width))
        out.print(f"{n:>3} {bar} {count:,}")
    if result["failures"]:
        out.print("not solved within 6: " + ", ".join(result["failures"][:30]))


def versus_host(
    game: rules.Wordle, name: str, strategy: str, *, hard: bool, opener: str | None, fmt: str
) -> None:
    """Play the strategy against an adversarial host and report the guesses it needed."""
    if name not in ("evil", "absurdle"):
        raise UnknownNameError(f"unknown Wordle host {name!r} for stats; use evil (Absurdle)")
    guesser = hosts.wordle_guesser(game, strategy, hard=hard, opener=opener)
    record = hosts.play_wordle(hosts.wordle_host("evil", game), guesser)
    turns = [
        {"guess": g, "feedback": rules.pattern_str(p, game.length, "letters")}
        for g, p in record.turns
    ]
    result = {
        "host": "evil",
        "strategy": strategy,
        "hard": hard,
        "guesses": record.guesses,
        "won": record.won,
        "word": record.word,
        "turns": turns,
    }
    if fmt == "json":
        render.emit_json(result)
        return
    if fmt == "csv":
        typer.echo("turn,guess,feedback")
        for n, turn in enumerate(turns, 1):
            typer.echo(f"{n},{turn['guess']},{turn['feedback']}")
        return
    out = render.console()
    for guess, pattern in record.turns:
        out.print(render.tiles(guess, rules.pattern_marks(pattern, game.length)))
    verdict = "solved" if record.won else "not solved"
    out.print(f"{strategy} vs Absurdle: {verdict} in {record.guesses} guesses ({record.word})")


# --- host ---------------------------------------------------------------------------------


@host_app.command("wordle")
def host_wordle(
    mode: Annotated[
        str, typer.Option(metavar="MODE", help="honest, or evil (Absurdle: never commits).")
    ] = "honest",
    seed: Seed = 0,
    trainer: Trainer = False,
    hard: Hard = False,
    max_guesses: Annotated[
        int | None,
        typer.Option(metavar="N", help="Guesses allowed (default: 6 honest, unlimited evil)."),
    ] = None,
    answers: Answers = None,
    guesses: Guesses = None,
    length: Length = None,
) -> None:
    """Play Wordle against the computer: it hosts, you guess.

    Type a word to guess it. L lists the answers still possible, ? asks the AI for a hint,
    G gives up and shows the answer, Q quits. With --mode evil the host never commits to a
    word (Absurdle): every answer keeps as many words alive as it can.

    \b
    Example:
      wordkit host wordle --seed 7 --trainer
      wordkit host wordle --mode evil
    """
    game = load_game(answers, guesses, length)
    host = hosts.wordle_host(mode, game, seed=seed)
    limit = max_guesses if max_guesses is not None else (6 if mode == "honest" else None)
    if limit is not None and limit < 1:
        raise UnknownNameError(f"--max-guesses must be at least 1, not {limit}")
    advisor = solvers.Player(game, solvers.get_strategy("expected-size"), hard)
    out = render.console()
    out.print(
        f"Wordle, {game.length} letters, {mode} host"
        + (f", {limit} guesses" if limit else ", as many guesses as you need")
        + (", hard mode" if hard else "")
        + ". Type a word; L lists, ? hints, G gives up, Q quits."
    )
    history: list[tuple[str, int]] = []
    known: dict[str, int] = {}
    while limit is None or len(history) < limit:
        line = repl.ask(f"guess {len(history) + 1}> ")
        command = None if line is None else repl.command_of(line, letters_are_guesses=False)
        if line is None or command in (repl.QUIT, repl.GIVE_UP):
            out.print(f"The answer was {host.reveal_for(history).upper()}.")
            return
        if command == repl.LIST:
            left = host.remaining(history)
            out.print(
                render.plural(len(left), "answer")
                + " still possible: "
                + ", ".join(game.answers[i] for i in left[:100])
                + (" ..." if len(left) > 100 else "")
            )
            continue
        if command == repl.HINT:
            hint = advisor.suggest(history)
            out.print(f"Hint: try {hint.upper()}.")
            continue
        guess = line.strip().lower()
        try:
            game.check_guess(guess)
            if hard:
                rules.check_hard(guess, history, game.length)
            if any(guess == g for g, _ in history):
                raise rules.UnknownWordError(f"you already guessed {guess.upper()}")
        except WordkitError as exc:
            out.print(f"[red]{exc}[/red] (no guess used)")
            continue
        pattern = host.answer(history, guess)
        if trainer:
            advice = hosts.wordle_advice(game, history, guess, pattern=pattern, hard=hard)
        history.append((guess, pattern))
        marks = rules.pattern_marks(pattern, game.length)
        for letter, mark in zip(guess, marks, strict=True):
            known[letter] = max(known.get(letter, 0), mark)
        out.print(render.tiles(guess, marks))
        if trainer:
            out.print(render.trainer_line(advice))
        if pattern == game.win:
            out.print(f"You win in {len(history)}: {guess.upper()}.")
            return
        out.print(render.keyboard(known, "".join(g for g, _ in history)), end="")
    out.print(f"Out of guesses. The answer was {host.reveal_for(history).upper()}.")
