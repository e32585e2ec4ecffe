"""The Typer application, its error handling, and the root options."""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections import Counter
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from wordkit import __version__
from wordkit.cli import params
from wordkit.errors import STOPPED, WordkitError, WordkitWarning, error_line, stopped
from wordkit.game import Quit

INTERRUPTED = STOPPED[2][1]
"""The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells report it."""
LAST_LINES = {code: line for line, code in STOPPED.values()}
"""What a run a signal stopped says last, by its exit code."""


class _Group(TyperGroup):
    """A command group that turns wordkit's typed errors into one `Error: ...` line and exit 1,
    a closed pipe into a quiet exit 0, and Ctrl-C into `Interrupted.` and exit 130."""

    def invoke(self, ctx: Any) -> Any:
        _WARNED.clear()  # once a command (tests run many in one process)
        try:
            with warnings.catch_warnings():
                # every command says its warnings once (_WARNED), even when an earlier
                # command of the same process said the same (Python's own filter would not)
                warnings.simplefilter("always", WordkitWarning)
                warnings.showwarning = _show_warning
                result = super().invoke(ctx)
            sys.stdout.flush()  # a full disk or a closed pipe shows up here, not at exit
            return result
        except WordkitError as exc:
            typer.echo(f"Error: {error_line(exc)}", err=True)
            raise typer.Exit(1) from None
        except Quit:  # the human quit a game: nothing recorded, nothing wrong
            raise typer.Exit(0) from None
        except KeyboardInterrupt as exc:
            raise typer.Exit(stopped(exc)[1]) from None
        except MemoryError:  # lists or tables too large for this machine (or its ulimit)
            typer.echo("Error: out of memory: use smaller word lists or tables", err=True)
            raise typer.Exit(1) from None
        except BrokenPipeError:
            _discard_stdout()
            raise typer.Exit(0) from None
        except OSError as exc:
            _discard_stdout()
            typer.echo(f"Error: cannot write the output: {exc.strerror or exc}", err=True)
            raise typer.Exit(1) from None

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse as usual, plain values without pydantic (wordkit.cli.params)."""
        params.install(self.get_params(ctx))
        return super().parse_args(ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line; a usage error is one `Error:` line naming the help to read,
        and exit 1 like every other bad input."""
        standalone_mode = kwargs.get("standalone_mode", True)
        kwargs["standalone_mode"] = False
        given = kwargs.get("args")
        installing = "--install-completion" in (sys.argv[1:] if given is None else given)
        try:
            result = self._parsed(*args, **kwargs)
        except BrokenPipeError:  # --help or --version into a closed pipe
            _discard_stdout()
            result = 0
        except (OSError, RuntimeError) as exc:  # ... or a full disk, a closed stdout
            if isinstance(exc, RuntimeError) and not installing:
                raise  # a bug, with its traceback
            _discard_stdout()
            # Typer writes the shell's start-up file, found from the home folder
            what = "install the shell completion" if installing else "write the output"
            said: object = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            if isinstance(exc, OSError) and exc.filename is not None:
                said = f"{exc.filename}: {said}"
            typer.echo(f"Error: cannot {what}: {said}", err=True)
            result = 1
        # Ctrl-C or SIGTERM, wherever Typer or a command caught it
        if isinstance(result, int) and result in LAST_LINES:
            with contextlib.suppress(OSError):  # a terminal that hung up takes no more lines
                typer.echo(LAST_LINES[result], err=True)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)

    def _parsed(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line: its result, or the exit code of a usage error or Ctrl-C."""
        try:
            return super().main(*args, **kwargs)
        except typer.TyperException as exc:
            context = getattr(exc, "ctx", None)
            if type(exc).__name__ == "NoArgsIsHelpError" and context is not None:
                typer.echo(context.get_help())  # a bare `wordkit solve` shows its help
                return 0
            where = context.command_path if context is not None else "wordkit"
            typer.echo(
                f"Error: {error_line(exc.format_message())} (see '{where} --help')", err=True
            )
            return 1
        except typer.Abort as exc:  # Click's word for an interrupt while it parses
            cause = exc.__cause__ or exc.__context__
            return stopped(cause)[1] if isinstance(cause, KeyboardInterrupt) else INTERRUPTED
        except SystemExit as exc:  # click's exit 1 when --help or --version meets a closed pipe
            return 0 if type(sys.stdout).__name__ == "PacifyFlushWrapper" else exc.code


class Command(TyperCommand):
    """A command that refuses an option given twice (instead of keeping the last value
    silently); options meant to be repeated (`--history`, `--prior`) accumulate."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Check for repeated options, then parse as usual (plain values without pydantic)."""
        params.install(self.get_params(ctx))
        if not ctx.resilient_parsing:
            _, _, order = self.make_parser(ctx).parse_args(args=list(args))
            given = [p for p in order if getattr(p, "param_type_name", "") == "option"]
            counts = Counter(p for p in given if not p.multiple and not getattr(p, "is_flag", 0))
            for param, times in counts.items():
                if times > 1:
                    ctx.fail(f"{max(param.opts, key=len)} was given {times} times; give it once")
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        """Check the command's files before any work: an output may not overwrite an input,
        and one that is stdout's own file is written as `-` (wordkit.outputs)."""
        from wordkit.outputs import check_options

        names = {max(p.opts, key=len): p.name for p in self.params if p.name in ctx.params}
        given = {flag: ctx.params[name] for flag, name in names.items()}
        for flag, value in check_options(given).items():
            ctx.params[names[flag]] = value
        return super().invoke(ctx)


class _Typer(typer.Typer):
    """A Typer app whose commands are `Command`s (repeated options refused) by default."""

    def command(self, *args: Any, cls: Any = None, **kwargs: Any) -> Any:
        return super().command(*args, cls=cls or Command, **kwargs)


HELP = {"help_option_names": ["-h", "--help"]}
"""-h is --help, everywhere."""


_WARNED: set[str] = set()
"""The warning lines printed so far: a file parsed twice in one command (its table, then its
words for the AI) warned twice."""


def _show_warning(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
    """A warning from the core as one `Warning: ...` line on stderr, once a command (at a
    terminal above the spinner or the progress bar, not on its line)."""
    from wordkit.cli.terminal import say_above

    line = f"Warning: {error_line(message)}"
    if line not in _WARNED:
        _WARNED.add(line)
        say_above(line)


def _discard_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # stdout is not a real file (a test runner's buffer)
    finally:
        os.close(devnull)


app = _Typer(
    cls=_Group,
    context_settings=HELP,
    help="Word tables, solvers, hosts and benchmarks for Hangman and Wordle.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    add_completion=True,
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
    from wordkit.cache import limit_bytes

    limit_bytes()  # a bad $WORDKIT_CACHE_MB is refused before any work, not after it


def command_group(name: str, help: str) -> typer.Typer:
    """A sub-command group (`wordkit NAME ...`) with the same error handling as the root."""
    group = _Typer(
        cls=_Group, help=help, no_args_is_help=True, rich_markup_mode=None, context_settings=HELP
    )
    app.add_typer(group, name=name)
    return group


GROUPS = {
    "solve": ("The AI's next move for a game state; interactive on a terminal.",
              "solve hangman --mask a__le --guessed aeli",
              "solve wordle --history raise=YYBBB,tronc=BGGBY"),
    "query": ("How the AI would solve a given word, step by step.",
              "query hangman tiger --words categories", "query wordle cigar --json"),
    "stats": ("Play every word of a list: averages, histogram, win rate.",
              "stats hangman --words categories", "stats wordle --strategy minimax --hard"),
    "host": ("The computer hosts a game for you: honest, evil or lookahead.",
             "host hangman --mode evil", "host wordle --seed 7 --trainer"),
}  # fmt: skip
"""Each command group: its summary line, then examples its help shows as typed (`\\b`)."""

solve_app, query_app, stats_app, host_app = (
    command_group(name, summary + "\n\n\b\nExample:\n" + "\n".join(f"  wordkit {e}" for e in shown))
    for name, (summary, *shown) in GROUPS.items()
)


# The commands register themselves on the groups above (imported last for that reason).
from wordkit.cli import cache, hangman, prepare, wordle  # noqa: E402, F401
