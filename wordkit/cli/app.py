"""The Typer application, its error handling, and the root options."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from wordkit import __version__
from wordkit.errors import WordkitError


class _Group(TyperGroup):
    """A command group that turns wordkit's typed errors into one `Error: ...` line and exit 1."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except WordkitError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            typer.echo("Interrupted.", err=True)
            raise typer.Exit(130) from None


app = typer.Typer(
    cls=_Group,
    help="Word tables, solvers, hosts and benchmarks for Hangman and Wordle.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    """Print the version and exit."""
    if value:
        typer.echo(f"wordkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Word tables, solvers, hosts and benchmarks for Hangman and Wordle."""


def game_app(name: str, help: str) -> typer.Typer:
    """A sub-command group whose commands are the games (`wordkit NAME hangman|wordle`)."""
    group = typer.Typer(cls=_Group, help=help, no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name=name)
    return group


solve_app = game_app("solve", "The AI's next move for a game state; interactive on a terminal.")
query_app = game_app("query", "How the AI would solve a given word, step by step.")
stats_app = game_app("stats", "Play every word of a list: averages, histogram, win rate.")
host_app = game_app("host", "The computer hosts a game for you: honest, evil or lookahead.")
