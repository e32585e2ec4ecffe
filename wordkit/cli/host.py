"""`wordkit host hangman|wordle`: the computer hosts a game for a human, honest or evil."""

from __future__ import annotations

from typing import Annotated, cast

import typer

from wordkit import hosts, tables
from wordkit.cli import render
from wordkit.cli.app import game_app
from wordkit.cli.wordle import Answers, Guesses, Hard, Length, load_game
from wordkit.errors import UnknownNameError, WordkitError
from wordkit.games import hangman as hm
from wordkit.games import wordle as wd
from wordkit.hangman_lexicon import Pool, lexicon_from_table, pool_for, word_id
from wordkit.strategies import wordle as solvers

host_app = game_app("host", "The computer hosts a game for you: honest, evil or lookahead.")

Seed = Annotated[int, typer.Option(metavar="S", help="Seed for the secret and every choice.")]
Trainer = Annotated[
    bool,
    typer.Option("--trainer", help="After each guess, compare it with the AI's recommendation."),
]
QUIT, GIVE_UP, LIST, HINT = "quit", "give up", "list", "hint"
COMMANDS = {"q": QUIT, "g": GIVE_UP, "l": LIST, "?": HINT}


def command_of(line: str, *, letters_are_guesses: bool) -> str | None:
    """The command a line asks for, or None for a guess.

    In Hangman a lowercase single letter is a guess, so commands are the capitals L, G, Q (or
    `:l`, `:g`, `:q`); in Wordle, where guesses are words, either case works.
    """
    text = line.strip()
    if text == "?":
        return HINT
    if text[:1] in (":", "/") and text[1:].lower() in COMMANDS:
        return COMMANDS[text[1:].lower()]
    if len(text) == 1 and (text.isupper() or not letters_are_guesses):
        return COMMANDS.get(text.lower())
    return None


# --- Wordle ---------------------------------------------------------------------------------


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
        line = render.ask(f"guess {len(history) + 1}> ")
        command = None if line is None else command_of(line, letters_are_guesses=False)
        if line is None or command in (QUIT, GIVE_UP):
            out.print(f"The answer was {host.reveal_for(history).upper()}.")
            return
        if command == LIST:
            left = host.remaining(history)
            out.print(
                render.plural(len(left), "answer")
                + " still possible: "
                + ", ".join(game.answers[i] for i in left[:100])
                + (" ..." if len(left) > 100 else "")
            )
            continue
        if command == HINT:
            hint = advisor.suggest(history)
            out.print(f"Hint: try {hint.upper()}.")
            continue
        guess = line.strip().lower()
        try:
            game.check_guess(guess)
            if hard:
                wd.check_hard(guess, history, game.length)
            if any(guess == g for g, _ in history):
                raise wd.UnknownWordError(f"you already guessed {guess.upper()}")
        except WordkitError as exc:
            out.print(f"[red]{exc}[/red] (no guess used)")
            continue
        pattern = host.answer(history, guess)
        if trainer:
            advice = hosts.wordle_advice(game, history, guess, pattern=pattern, hard=hard)
        history.append((guess, pattern))
        marks = wd.pattern_marks(pattern, game.length)
        for letter, mark in zip(guess, marks, strict=True):
            known[letter] = max(known.get(letter, 0), mark)
        out.print(render.tiles(guess, marks))
        if trainer:
            out.print(trainer_line(advice))
        if pattern == game.win:
            out.print(f"You win in {len(history)}: {guess.upper()}.")
            return
        out.print(render.keyboard(known, "".join(g for g, _ in history)), end="")
    out.print(f"Out of guesses. The answer was {host.reveal_for(history).upper()}.")


def trainer_line(advice: hosts.Advice, *, noun: str = "answer") -> str:
    """Seed 003's trainer: what the guess left, against what the AI would have played."""
    left = "" if advice.left is None else f", {advice.left:,} after"
    return (
        f"Trainer: {noun}s possible: {advice.remaining:,} before{left}. "
        f"{advice.guess.upper()} left an expected {advice.expected:.1f}; the AI would play "
        f"{advice.best.upper()} (expected {advice.best_expected:.1f})."
    )


# --- Hangman --------------------------------------------------------------------------------


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
        line = render.ask("guess> ")
        command = None if line is None else command_of(line, letters_are_guesses=True)
        if line is None or command in (QUIT, GIVE_UP):
            out.print(f"The word was {host.reveal_for(state).upper()}.")
            return
        if command == LIST:
            ids = host.candidates(state)
            names = [pool.lexicon.enc.words[i] for i in ids[:100]]
            out.print(
                render.plural(len(ids), "word")
                + " still possible: "
                + ", ".join(names)
                + (" ..." if len(ids) > 100 else "")
            )
            continue
        if command == HINT:
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
                trainer_line(hosts.hangman_advice(pool, state, move, after=after), noun="word")
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
