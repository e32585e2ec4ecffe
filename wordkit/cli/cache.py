"""`wordkit cache info|clear`: the disk cache of pattern matrices, openers, trees and models."""

from __future__ import annotations

import typer

from wordkit.cli.app import command_group

cache_app = command_group("cache", "The disk cache: what it holds, and clearing it.")


@cache_app.command("info")
def cache_info_command() -> None:
    """Where the cache is, how much it holds, and its cap ($WORDKIT_CACHE_MB).

    \b
    Example:
      WORDKIT_CACHE_MB=200 wordkit cache info
    """
    from wordkit.cache import cache_info

    info = cache_info()
    typer.echo(f"folder: {info.path}")
    typer.echo(f"files: {info.files:,}")
    typer.echo(f"size: {info.size / 2**20:,.1f} MB of {info.limit / 2**20:,.0f} MB allowed")
    if info.unusable is not None:
        typer.echo(
            f"nothing can be cached there ({info.unusable}): every run computes again; set "
            "WORDKIT_CACHE to a folder you can write to"
        )


@cache_app.command("clear")
def cache_clear_command() -> None:
    """Delete every file wordkit cached (rebuilt when needed); other files are kept.

    \b
    Example:
      wordkit cache clear
    """
    from wordkit.cache import cache_dir, clear_cache

    count = clear_cache()  # CacheError when the folder is missing, not one, or read-only
    typer.echo(f"deleted {count:,} file{'s' if count != 1 else ''} from {cache_dir()}")
