"""The one disk cache (pattern matrices, openers, trees, models) and the one atomic write."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    """$WORDKIT_CACHE, else $XDG_CACHE_HOME/wordkit, else ~/.cache/wordkit."""
    if os.environ.get("WORDKIT_CACHE"):
        return Path(os.environ["WORDKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "wordkit"


def cache_path(name: str) -> Path:
    """The path of a file named `name` in the cache directory."""
    return cache_dir() / name


def content_key(*parts: str | bytes) -> str:
    """A short hash of the given contents, naming what was computed from them."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:24]


def atomic_write(path: Path, data: bytes | str, *, mode: int | None = None) -> None:
    """Write `data` to `path` via a temp file and os.replace, so no reader ever sees half of it.

    The file gets `mode` when given, else the mode of the file it replaces, else what the
    umask allows (mkstemp alone would leave 0600).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = path.stat().st_mode & 0o7777
        except OSError:
            mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask (read by setting and restoring it)."""
    current = os.umask(0)
    os.umask(current)
    return current
