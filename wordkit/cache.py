"""The one disk cache (pattern matrices, openers, trees, models), the one atomic write, and the
bound on in-memory memos."""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import os
import re
import stat
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from wordkit.errors import CacheError, RangeError

if TYPE_CHECKING:
    import numpy as np

Writer = Callable[[BinaryIO], None]
"""Writes a file's content to the open file (a large array, say, without a copy in memory)."""

DEFAULT_LIMIT_MB = 1000
"""The cache's size cap; $WORDKIT_CACHE_MB overrides it. The least recently used go first.
The built-in Wordle lists' matrix takes 263 MB (both orders): at 500 MB, a few other lists
pushed out `english`'s letter model, and the next Hangman command rebuilt it (1.8 s)."""

MAX_LIMIT_MB = 10**7
"""The largest cap $WORDKIT_CACHE_MB may set (10 TB): anything larger is a typo."""

_MEGABYTES = re.compile(r"[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?")
"""A size in megabytes: ASCII digits only (float() would take 'inf', 'nan', '1_0', '٣')."""

_HASH = r"[0-9a-f]{24}"
_LISTS = _HASH + r"(?:-p[0-9a-f]{16})?"  # a Wordle game's key: its lists, and its prior's
OWN_NAME = re.compile(
    rf"hangman-(?:book-{_HASH}\.json\.z(?:\.length-[0-9]+\.json)?"  # a book, a part built
    rf"|(?:packed|lexicon|model)-{_HASH}\.npz)"
    rf"|wordle-matrix-{_HASH}(?:-by-answer)?\.npy|wordle-openers-{_LISTS}\.json"
    rf"|wordle-tree-{_LISTS}-[a-z]+-(?:normal|hard)(?:-max[0-9]+|-unlimited)?\.json"
    rf"|table-{_HASH}\.npz"
)
"""The names of the files wordkit puts in the cache: the cap and `cache clear` delete only
these (and the temp files of their writes), never a file of the user's beside them."""

_OWN_TEMP = re.compile(r"\.(" + OWN_NAME.pattern + r")\.[^/\\]+\.tmp")
"""A temp file `atomic_write` left behind for a cache file (a killed write)."""

STALE_TEMP_SECONDS = 3600
"""A temp file older than this is a killed write's remains, not one under way: deletable."""


def make_room(memo: dict[Any, Any], limit: int) -> None:
    """Forget the oldest half of a memo once it holds `limit` entries (dicts keep insertion
    order), before a new entry goes in: memory stays bounded, and a forgotten entry is only
    work to do again."""
    if len(memo) >= limit:
        for old in list(itertools.islice(memo, len(memo) // 2)):
            del memo[old]


def cache_dir() -> Path:
    """$WORDKIT_CACHE, else $XDG_CACHE_HOME/wordkit, else ~/.cache/wordkit; CacheError when
    none of them names a folder (no home)."""
    if os.environ.get("WORDKIT_CACHE"):  # `~/c` as typed in quotes; a relative one from here
        return Path(os.path.expanduser(os.environ["WORDKIT_CACHE"])).absolute()
    where = xdg_dir("XDG_CACHE_HOME", ".cache")
    if where is None:
        raise CacheError(
            "no folder for the disk cache: no home (HOME is unset or not an absolute path, and "
            "the user has no entry); set WORDKIT_CACHE or XDG_CACHE_HOME"
        )
    return where / "wordkit"


def home_dir() -> Path | None:
    """The user's home folder: $HOME, else the password database's entry; None when neither
    gives an absolute path (an empty or relative HOME would put the cache under the working
    folder)."""
    home = os.environ.get("HOME", "")
    if not os.path.isabs(home):
        try:
            import pwd

            home = pwd.getpwuid(os.getuid()).pw_dir
        except (ImportError, KeyError):  # no such module (Windows), or no entry for this user
            return None
    return Path(home) if os.path.isabs(home) else None


def xdg_dir(variable: str, default: str) -> Path | None:
    """The folder an XDG variable names, else ~/`default` (None without a home): the spec has a
    relative path ignored (it would move with the working directory, a cache or history left
    behind)."""
    base = os.environ.get(variable, "")
    if os.path.isabs(base):
        return Path(base)
    home = home_dir()
    return None if home is None else home / default


def cache_path(name: str) -> Path:
    """The path of a file named `name` in the cache directory (CacheError without one)."""
    return cache_dir() / name


@dataclass(frozen=True, slots=True)
class CacheInfo:
    """Where the cache is, what it holds and how large it may grow."""

    path: Path
    files: int
    size: int
    limit: int
    unusable: str | None = None
    """Why nothing can be written there (a read-only folder), or None."""


def limit_bytes() -> int:
    """The size cap in bytes ($WORDKIT_CACHE_MB, else DEFAULT_LIMIT_MB; 0: no cache).

    Raises RangeError when the variable is set to anything but a number of megabytes from 0
    to MAX_LIMIT_MB ('inf', 'nan', '-1', '1e308', 'abc'...)."""
    text = os.environ.get("WORDKIT_CACHE_MB", "").strip()
    if not text:
        return DEFAULT_LIMIT_MB * 2**20
    megabytes = float(text) if _MEGABYTES.fullmatch(text) else math.nan
    if not 0 <= megabytes <= MAX_LIMIT_MB:
        raise RangeError(
            f"WORDKIT_CACHE_MB={text[:40]!r} is not a size: give a number of megabytes from 0"
            f" (no cache) to {MAX_LIMIT_MB:,}"
        )
    return int(megabytes * 2**20)


def open_regular(path: Path) -> int:
    """A read-only descriptor of `path` when it is a regular file, else OSError: a FIFO or a
    device would block or never end, and a symlink may lead anywhere (O_NOFOLLOW refuses it),
    so a cache entry replaced by one is a miss, never a hang."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | os.O_CLOEXEC
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_cached(name: str) -> bytes | None:
    """A cached file's bytes (marking it recently used), or None when absent, unreadable or not
    a regular file."""
    try:
        path = cache_path(name)
        with os.fdopen(open_regular(path), "rb") as handle:
            data = handle.read()
            os.utime(handle.fileno())
    except (OSError, CacheError):
        return None
    return data


def cached_file(name: str) -> Path | None:
    """The path of a cached regular file (marking it recently used) for a reader that maps it
    rather than reads it whole, or None when absent or anything else (a FIFO, a device, a
    symlink, a folder); the reader checks what it finds."""
    try:
        path = cache_path(name)
        os.close(open_regular(path))
        os.utime(path, follow_symlinks=False)
    except (OSError, NotImplementedError, CacheError):
        return None
    return path


def write_cached(name: str, data: bytes | str | Writer) -> None:
    """Store a file in the cache, then trim the cache to its cap. Caching is an optimisation:
    a read-only or full disk only means the work is done again next time."""
    assert OWN_NAME.fullmatch(name), f"{name}: not a cache file name (prune would keep it)"
    limit = limit_bytes()
    if limit <= 0 or (not callable(data) and len(data) > limit):
        return
    with contextlib.suppress(OSError, CacheError):
        path = cache_path(name)
        atomic_write(path, data)
        if path.stat().st_size > limit:  # alone over the cap: pruning would empty the cache
            path.unlink()
            return
        prune()


def read_cached_json(name: str, kind: type) -> Any:
    """A cached JSON value of the given type (dict, list...), or None when absent, damaged or of
    another shape: a bad cache file is ignored and rebuilt, never an error."""
    data = read_cached(name)
    if data is None:
        return None
    try:
        value = json.loads(data)
    except ValueError:
        return None
    return value if isinstance(value, kind) else None


def _entries(*, strict: bool = False) -> list[tuple[float, int, Path]]:
    """(last use, size, path) of every file wordkit made in the cache: regular files named as
    OWN_NAME (symlinks, folders and other people's files are left alone), and stale temp files
    of its writes. `strict`: CacheError when the folder is there but cannot be listed (an
    unreadable folder is not an empty one to `cache info` and `cache clear`)."""
    out: list[tuple[float, int, Path]] = []
    stale = time.time() - STALE_TEMP_SECONDS
    where = cache_dir()
    try:
        listing = os.scandir(where)
    except FileNotFoundError:
        return out
    except OSError as exc:
        if strict:
            raise CacheError(
                f"the cache folder {where} cannot be listed ({exc.strerror})"
            ) from None
        return out
    with contextlib.suppress(OSError), listing:
        for entry in listing:
            try:
                info = entry.stat(follow_symlinks=False)
            except FileNotFoundError:  # another run pruned it meanwhile
                continue
            except OSError as exc:  # a folder that lists but cannot be entered
                if strict:
                    raise CacheError(
                        f"the cache folder {where} cannot be read ({exc.strerror})"
                    ) from None
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            own = OWN_NAME.fullmatch(entry.name) is not None
            if own or (_OWN_TEMP.fullmatch(entry.name) and info.st_mtime < stale):
                out.append((info.st_mtime, info.st_size, Path(entry.path)))
    return out


def prune(limit: int | None = None) -> int:
    """Delete the least recently used files until the cache fits `limit` bytes; files deleted."""
    return _pruned(limit)[0]


def _pruned(limit: int | None, *, strict: bool = False) -> tuple[int, OSError | None]:
    """`prune`: the files deleted, and the error of the last that could not be (`strict`: as
    `_entries`)."""
    cap = limit_bytes() if limit is None else limit
    entries = sorted(_entries(strict=strict), key=lambda e: e[0])
    total = sum(size for _, size, _ in entries)
    deleted, failed = 0, None
    for _, size, path in entries:
        if total <= cap:
            break
        try:
            path.unlink()
        except FileNotFoundError:  # another run pruned it meanwhile
            pass
        except OSError as exc:
            failed = exc
            continue
        total -= size
        deleted += 1
    return deleted, failed


def checked_dir() -> Path:
    """The cache folder, CacheError when something other than a folder is in its place (every
    run would then compute again what it cannot store)."""
    where = cache_dir()
    if where.exists() and not where.is_dir():
        raise CacheError(f"the cache folder {where} is not a folder: nothing can be cached there")
    return where


def cache_info() -> CacheInfo:
    """The cache's folder, file count, total size and cap."""
    where = checked_dir()
    entries = _entries(strict=True)
    size = sum(e[1] for e in entries)
    return CacheInfo(where, len(entries), size, limit_bytes(), _unwritable(where))


def _unwritable(where: Path) -> str | None:
    """Why no file can be made in `where` (or in the folder that would hold it, when it is
    still to be made): every run then computes again what it cannot store."""
    probe = where
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is not a folder"
    if not os.access(probe, os.W_OK | os.X_OK):
        return f"{probe} is read-only"
    return None


def clear_cache() -> int:
    """Delete every file wordkit cached (nothing else in the folder); the number deleted.
    CacheError when some cannot be (a read-only folder)."""
    where = checked_dir()
    deleted, failed = _pruned(0, strict=True)
    if failed is not None:
        left = len(_entries())
        raise CacheError(
            f"cannot delete {left:,} of the cache's files in {where} ({failed.strerror}); "
            f"deleted {deleted:,}"
        )
    return deleted


def content_key(*parts: str | bytes) -> str:
    """A short hash of the given contents, naming what was computed from them."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:24]


ALIGN = 64
"""Where the data of each array of a packed file starts: numpy copies a misaligned memory-mapped
array whole on each use (2 ms a lookup in the letter model's 4 M keys)."""


def pack_arrays(arrays: Mapping[str, np.ndarray]) -> bytes:
    """Arrays as an uncompressed .npz (`np.load` reads it) whose members' data start on
    `ALIGN`-byte boundaries, so that `mapped_arrays` can use them in place."""
    import io
    import struct
    import zipfile

    import numpy as np

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, array in arrays.items():
            member = io.BytesIO()
            np.lib.format.write_array(member, np.ascontiguousarray(array), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            # The local header is 30 bytes, the name, then an extra field: pad it (an unknown
            # field id, which readers skip) so the member starts aligned. The .npy header is
            # itself padded to a multiple of 64 bytes, so the data starts aligned too.
            start = out.tell() + 30 + len(info.filename) + 4
            pad = -start % ALIGN
            info.extra = struct.pack("<HH", 0xD935, pad) + bytes(pad)
            archive.writestr(info, member.getvalue())
    return out.getvalue()


def mapped_arrays(
    source: Path | bytes,
    names: Collection[str],
    *,
    optional: Collection[str] = (),
    unchecked: Collection[str] = (),
) -> dict[str, np.ndarray] | None:
    """The arrays of a `pack_arrays` file memory-mapped read-only (or of its bytes), nothing
    copied, when it holds `names`, maybe some of `optional` and nothing else, each stored whole
    and aligned, and each member's CRC-32 holds (but those `unchecked`: the caller checks them
    as it reads them); else None (a truncated, damaged, foreign or special file)."""
    import mmap

    try:
        if isinstance(source, bytes):
            buffer: bytes | mmap.mmap = source
        else:
            with os.fdopen(open_regular(source), "rb") as handle:
                buffer = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        found = _members(buffer, unchecked)
    except Exception:  # noqa: BLE001
        # An unreadable file, or whatever a damaged header trips (numpy's parser raises
        # ValueError, SyntaxError, tokenize.TokenError...): a miss, never a crash.
        return None
    if found is None or not set(names) <= set(found) <= {*names, *optional}:
        return None
    return found


def _members(buffer: bytes | Any, unchecked: Collection[str]) -> dict[str, np.ndarray] | None:
    """Each .npy member of an uncompressed zip archive's bytes as an array viewing them, in
    file order; None when a member is compressed, misaligned, not whole or fails its CRC-32
    (unless `unchecked`), or the archive's directory is not all there."""
    import io
    import struct
    import zlib

    import numpy as np

    whole = np.frombuffer(buffer, dtype=np.uint8)
    found: dict[str, np.ndarray] = {}
    at = 0
    while buffer[at : at + 4] == b"PK\x03\x04":
        fields = struct.unpack("<HHHHHIIIHH", buffer[at + 4 : at + 30])
        flags, method, crc, size, plain, name_size, extra_size = (*fields[1:3], *fields[5:])
        name = bytes(buffer[at + 30 : at + 30 + name_size]).decode("utf-8", "replace")
        start = at + 30 + name_size + extra_size
        at = start + size
        if flags & 0x08 or method != 0 or size != plain or at > len(whole):
            return None
        if not name.endswith(".npy") or name[:-4] in found:
            return None
        if name[:-4] not in unchecked and zlib.crc32(whole[start:at].data) != crc:
            return None
        header = io.BytesIO(bytes(buffer[start : min(at, start + 4096)]))
        version = np.lib.format.read_magic(header)
        read_header = (
            np.lib.format.read_array_header_1_0
            if version == (1, 0)
            else np.lib.format.read_array_header_2_0
        )
        shape, fortran, dtype = read_header(header)
        offset = start + header.tell()
        count = int(np.prod(shape, dtype=np.int64))
        if fortran or dtype.hasobject or offset + count * dtype.itemsize != at:
            return None
        if offset % max(dtype.alignment, 1):
            return None
        found[name[:-4]] = whole[offset:at].view(dtype).reshape(shape)
    # The archive ends with its directory (no comment), listing each member: else it was cut.
    end = bytes(buffer[len(whole) - 22 :])
    if buffer[at : at + 4] != b"PK\x01\x02" or end[:4] != b"PK\x05\x06":
        return None
    return found if struct.unpack("<H", end[10:12])[0] == len(found) else None


def atomic_write(path: Path, data: bytes | str | Writer, *, mode: int | None = None) -> None:
    """Write `data` (or what a writer writes to the open file) to `path` via a temp file and
    os.replace, so no reader ever sees half of it.

    The file gets `mode` when given, else the mode of the file it replaces, else what the
    umask allows (mkstemp alone would leave 0600).
    """
    atomic_open(path, data, mode=mode).close()


def atomic_open(
    path: Path, data: bytes | str | Writer, *, mode: int | None = None, lock: bool = False
) -> BinaryIO:
    """`atomic_write`, the file left open after it for appending; with `lock`, its exclusive
    lock (`try_lock`) taken before it replaces the old one, so another run never finds it
    unlocked."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = path.stat().st_mode & 0o7777
        except OSError:
            mode = 0o666 & ~_umask()
    import tempfile  # writers only: a warm one-shot command never writes

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        out = os.fdopen(fd, "wb")
    except BaseException:
        os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        if lock:
            try_lock(out.fileno())  # a file of our own, not yet shared: always ours
        if callable(data):
            data(out)
        else:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
        out.flush()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):  # closing flushes what a full disk refused again
            out.close()
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


def try_lock(fd: int) -> bool:
    """Take the exclusive advisory lock of an open file without waiting: False when another
    process holds it (True where files cannot be locked: nothing to coordinate with there)."""
    try:
        import fcntl
    except ImportError:  # Windows
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks
        return True
    return True


def _umask() -> int:
    """The process umask (read by setting and restoring it)."""
    current = os.umask(0)
    os.umask(current)
    return current
