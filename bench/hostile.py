"""A hostile sweep of the CLI: every input a hostile user might try on the newest features,
each run as its own process, and each outcome judged against the README's promise.

Usage: python bench/hostile.py [--only CLASS[,CLASS]] [--timeout S] [--keep] [--out FILE]

The cases are generated: a table of argument lists crossed with hostile values (numbers,
file contents and kinds, addresses, stream closures, scripts fed to the interactive modes),
grouped by class. Each runs in a fresh folder under a temporary HOME, XDG_DATA_HOME and
WORDKIT_CACHE (nothing of the user's is touched), with a timeout. An outcome is clean when it
exits 0, or exits 1 with exactly one `Error: ` line on stderr (other lines such as `seed: ...`
or warnings may come too), or 130 for an interrupt; it fails on a traceback, any other exit
code, a timeout, a usage message, an input file changed (every file is checksummed before and
after), a file left behind that is not an output, or an output that is half-written JSON.
Some cases must be refused (exit 1): an output that is also an input, an option the mode
ignores. No case points an output at a device node.

Writes bench/results/hostile.json (the figures and every failure: command, exit, last stderr
lines) and bench/results/hostile.md (the table of docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import http.server
import json
import os
import shlex
import shutil
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "hostile.json"
COMMAND = "python bench/hostile.py"

from _readme import write_tables  # noqa: E402

sys.path.insert(0, str(ROOT))
from wordkit.cache import OWN_NAME  # noqa: E402

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
GUESSES = [*ANSWERS, "crane", "slate", "raise", "adieu"]
HANGMAN = ["apple", "pear", "plum", "grape", "lemon", "melon", "mango", "peach", "berry", "kiwi"]


@dataclass
class Case:
    """One hostile input: the arguments, what is fed and closed, and what the outcome may be."""

    cls: str
    args: list[str]
    stdin: bytes | None = None
    env: dict[str, str] = field(default_factory=dict)
    close: tuple[int, ...] = ()
    expect: frozenset[int] = frozenset({0, 1})
    outputs: tuple[str, ...] = ()
    mutable: tuple[str, ...] = ()
    setup: Callable[[Path], None] | None = None
    interrupt: float | None = None
    fifo_out: tuple[str, ...] = ()
    fifo_in: dict[str, bytes] = field(default_factory=dict)
    broken_stdout: bool = False
    timeout: float | None = None
    own_cache: bool = False
    note: str = ""

    def command(self) -> str:
        """The case as a shell line, for the report."""
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        closes = " ".join({0: "<&-", 1: ">&-", 2: "2>&-"}[fd] for fd in self.close)
        shown = (self.stdin or b"").decode("latin-1")
        shown = shown if len(shown) < 80 else f"{shown[:40]}...({len(shown)} bytes)"
        feed = f"printf %s {shlex.quote(shown)} | " if self.stdin else ""
        line = " ".join(shlex.quote(a) for a in ["wordkit", *self.args])
        return " ".join(p for p in (feed + (env + " " if env else "") + line, closes) if p)


# ---------------------------------------------------------------- fixtures

TREE_CONTENTS: dict[str, bytes] = {
    "empty": b"",
    "null": b"null",
    "list": b"[]",
    "object": b"{}",
    "number": b"1e400",
    "string": b'"serve"',
    "truncated": b'{"guess": "serve", "children": {"BBBBB": ',
    "deep": b"[" * 200_000 + b"]" * 200_000,
    "deep-object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "bad-guess": b'{"guess": "zzzzz", "children": {}}',
    "guess-number": b'{"guess": 5, "children": {}}',
    "children-list": b'{"guess": "serve", "children": [1, 2]}',
    "bad-feedback": b'{"guess": "serve", "children": {"QQQQQ": {"guess": "cigar"}}}',
    "nul": b'{"guess": "se\x00rve"}',
    "latin1": '{"guess": "sérve"}'.encode("latin-1"),
    "utf16": '{"guess": "serve"}'.encode("utf-16"),
    "binary": bytes(range(256)) * 4,
    "text-bad": b"serve\n  BBBBB\n      cigar\n\tGGGGG x\n",
    "text-indent": b"  serve\nserve\n",
    "text-long-guess": b"servez\n",
    "text-unicode-digits": b"serve \xc2\xb3\n",
    "cycle": b'{"guess": "serve", "children": {"BBBBB": {"guess": "serve"}}}',
    "wrong-length": b'{"guess": "serves", "children": {}}',
    "nfd": '{"guess": "se\u0301rve"}'.encode(),
}

RECORDS_CONTENTS: dict[str, bytes] = {
    "empty": b"",
    "garbage": b"not json\n",
    "sweep-not-object": b'{"sweep": 5}\n',
    "sweep-list": b'{"sweep": []}\n',
    "header-extra-key": b'{"sweep": {}, "x": 1}\n',
    "header-only-null": b"null\n",
    "deep": b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "binary": bytes(range(256)) + b"\n",
    "nul": b"\x00" * 100,
    "utf16": '{"sweep": {}}\n'.encode("utf-16"),
    "truncated-line": None,  # filled from a real sweep
    "games-0": None,
    "games-1e400": None,
    "solved-above-games": None,
    "total-below-games": None,
    "negative-total": None,
    "string-total": None,
    "unknown-opener": None,
    "duplicate-row": None,
    "other-strategy": None,
    "row-not-object": None,
    "mean-wrong": None,
    "huge-total": None,
    "bool-games": None,
}

HISTORY_KINDS = [
    "dir", "fifo", "loop", "dangling", "empty", "text", "foreign", "damaged", "truncated",
    "bad-values", "null-values", "memory", "missing-folder", "readonly", "wal-locked",
    "newer-version", "zero-page", "nested-missing",
]  # fmt: skip


def checksum(folder: Path) -> dict[str, str]:
    """Every regular file under the folder (links not followed), by relative path: sha256."""
    sums = {}
    for path in sorted(folder.rglob("*")):
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            try:
                sums[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                sums[str(path.relative_to(folder))] = "unreadable"
        elif stat.S_ISLNK(info.st_mode):
            sums[str(path.relative_to(folder))] = "link:" + os.readlink(path)
        elif stat.S_ISFIFO(info.st_mode):
            sums[str(path.relative_to(folder))] = "fifo"
    return sums


class Sweep:
    """The fixtures, the case table and the runner."""

    def __init__(self, base: Path, timeout: float) -> None:
        self.base = base
        self.timeout = timeout
        self.template = base / "template"
        self.cache = base / "cache"
        self.env = {
            k: v
            for k, v in os.environ.items()
            if k in {"PATH", "LANG", "LC_ALL", "PYTHONPATH", "TMPDIR", "SYSTEMROOT"}
        }
        self.env.update(
            {
                "HOME": str(base / "home"),
                "XDG_DATA_HOME": str(base / "home" / "xdg"),
                "WORDKIT_CACHE": str(self.cache),
                "COLUMNS": "100",
                "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
            }
        )
        (base / "home").mkdir()
        self.cache.mkdir()
        self.http_port = self._serve_http()
        self.silent_port = self._serve_silent()
        self.fakebin = base / "fakebin"
        self.case_no = 0

    # -- servers for --cluster
    def _serve_http(self) -> int:
        """A tiny HTTP server on 127.0.0.1: something answers, but not a Dask scheduler."""

        class Quiet(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"hello")

            def log_message(self, *args: object) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return int(server.server_address[1])

    def _serve_silent(self) -> int:
        """A socket that accepts connections and never says anything."""
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(50)
        held: list[socket.socket] = []

        def accept() -> None:
            while True:
                held.append(sock.accept()[0])

        threading.Thread(target=accept, daemon=True).start()
        return int(sock.getsockname()[1])

    # -- fixtures
    def run_quiet(
        self, args: list[str], cwd: Path, stdin: bytes = b"", env: dict[str, str] | None = None
    ) -> None:
        """Run wordkit to build a fixture; it must succeed."""
        done = subprocess.run(
            [sys.executable, "-m", "wordkit", *args],
            cwd=cwd,
            env=self.env | {"XDG_DATA_HOME": str(cwd / "xdg")} | (env or {}),
            input=stdin,
            capture_output=True,
            timeout=120,
        )
        if done.returncode:
            raise SystemExit(f"fixture {args} failed: {done.stderr.decode()}")

    def build_template(self) -> None:
        """The input files every case starts from (regular files only)."""
        t = self.template
        t.mkdir()
        (t / "a.txt").write_text("\n".join(ANSWERS) + "\n")
        (t / "g.txt").write_text("\n".join(GUESSES) + "\n")
        (t / "s.txt").write_text("cigar\nserve\n")
        (t / "o.txt").write_text("serve\ncigar\ncrane\n")
        (t / "h.txt").write_text("\n".join(HANGMAN) + "\n")
        (t / "h.csv").write_text(
            "word,weight,category\n"
            + "".join(f"{w},{i + 1},c{i % 2}\n" for i, w in enumerate(HANGMAN))
        )
        self.run_quiet(["stats", "wordle", *WL, "--tree", "tree.json"], t)
        self.run_quiet(["stats", "wordle", *WL, "--tree", "tree.txt"], t)
        self.run_quiet(["stats", "wordle", *WL, "--openers", "all", "--records", "sweep.jsonl"], t)
        self.run_quiet(["stats", "wordle", *WL, "--records", "games.jsonl"], t)
        for script in (b"e\na\nQ\n", b"p\nG\n"):
            self.run_quiet(
                ["host", "hangman", *HW, "--history-db", "hist.sqlite", "--seed", "3"], t, script
            )
        self.run_quiet(
            ["host", "wordle", *WL, "--history-db", "hist.sqlite", "--seed", "3"], t, b"serve\nG\n"
        )
        # hostile input files (regular ones; special files are made per case)
        files = {
            "latin1.txt": "café\nniño\ncigar\n".encode("latin-1"),
            "utf16.txt": "\n".join(ANSWERS).encode("utf-16"),
            "utf16le.txt": "\n".join(ANSWERS).encode("utf-16-le"),
            "bom.txt": b"\xef\xbb\xbf" + "\n".join(ANSWERS).encode(),
            "nul.txt": b"cigar\x00\nrebut\nse\x00rve\n",
            "nfd.txt": "bara\u0303o\nsa\u0303o\ncafe\u0301\ncigar\n".encode(),
            "crlf.txt": "\r\n".join(ANSWERS).encode() + b"\r\n",
            "cr.txt": "\r".join(ANSWERS).encode(),
            "empty.txt": b"",
            "blank.txt": b"\n\n   \n\t\n",
            "binary.bin": bytes(range(256)) * 64,
            "longline.txt": b"a" * 2_000_000,
            "onecol.csv": b"weight\n1\n2\n",
            "badcsv.csv": b'word,weight\n"cigar,1\nrebut,2\n',
            "inf.csv": b"word,weight\ncigar,1e400\nrebut,nan\n",
            "digits.csv": "word,weight\ncigar,\u00b3\nrebut,\u0663\n".encode(),
            "mixed-length.txt": b"cigar\nab\nabcdefghijklmnopq\n",
            "emoji.txt": "cigar\n\U0001f600\U0001f600\U0001f600\U0001f600\U0001f600\n".encode(),
            "upper.txt": "\n".join(w.upper() for w in ANSWERS).encode(),
            "html.txt": b"<html><body>cigar</body></html>\n",
            "json.txt": b'["cigar", "rebut"]\n',
            "sqlite.txt": (t / "hist.sqlite").read_bytes(),
            "noperm.txt": "\n".join(ANSWERS).encode(),
        }
        for name, data in files.items():
            (t / name).write_bytes(data)
        for name, data in TREE_CONTENTS.items():
            (t / f"tree-{name}.json").write_bytes(data)
            (t / f"tree-{name}.txt").write_bytes(data)
        self.build_records(t)
        self.build_histories(t)
        # fake `dot` programs for .svg/.png trees
        self.fakebin.mkdir()
        dots = {
            "dot-binary": "#!/bin/sh\nprintf '\\377\\376\\200garbage'\n",
            "dot-fails": "#!/bin/sh\nprintf '\\377bad\\n' >&2\nexit 3\n",
            "dot-silent": "#!/bin/sh\nexit 0\n",
            "dot-killed": "#!/bin/sh\nkill -9 $$\n",
        }
        for name, script in dots.items():
            folder = self.fakebin / name
            folder.mkdir()
            (folder / "dot").write_text(script)
            (folder / "dot").chmod(0o755)

    def build_records(self, t: Path) -> None:
        """Damaged and forged sweep records, from a real one."""
        lines = (t / "sweep.jsonl").read_text().splitlines()
        header, rows = json.loads(lines[0]), [json.loads(x) for x in lines[1:]]

        def dump(head: object, body: list[object]) -> bytes:
            return "".join(json.dumps(x) + "\n" for x in [head, *body]).encode()

        def edit(i: int, **changes: object) -> bytes:
            body: list[object] = [dict(r) for r in rows[:3]]
            assert isinstance(body[i], dict)
            body[i].update(changes)  # type: ignore[union-attr]
            return dump(header, body)

        other = json.loads(lines[0])
        other["sweep"]["strategy"] = "minimax"
        contents = dict(RECORDS_CONTENTS)
        contents.update(
            {
                "truncated-line": "\n".join(lines[:4]).encode() + b"\n" + lines[4].encode()[:20],
                "games-0": edit(0, games=0),
                "games-1e400": dump(header, rows[:1]).replace(b'"games": 10', b'"games": 1e400'),
                "solved-above-games": edit(0, solved=99),
                "total-below-games": edit(0, total=3),
                "negative-total": edit(0, total=-20),
                "string-total": edit(0, total="20"),
                "unknown-opener": edit(0, opener="zzzzz"),
                "duplicate-row": dump(header, [rows[0], rows[0], rows[1]]),
                "other-strategy": dump(other, rows[:2]),
                "row-not-object": dump(header, [rows[0], [1, 2], rows[1]]),
                "mean-wrong": edit(0, mean=0.1),
                "huge-total": edit(0, total=10**30),
                "bool-games": edit(0, games=True),
            }
        )
        for name, data in contents.items():
            assert data is not None
            (t / f"rec-{name}.jsonl").write_bytes(data)

    def build_histories(self, t: Path) -> None:
        """Damaged and foreign game histories (regular files; the rest are made per case)."""
        good = (t / "hist.sqlite").read_bytes()
        (t / "db-empty.sqlite").write_bytes(b"")
        (t / "db-text.sqlite").write_text("this is not a database\n")
        (t / "db-damaged.sqlite").write_bytes(good[:100] + os.urandom(len(good) - 100))
        (t / "db-truncated.sqlite").write_bytes(good[: len(good) // 2])
        (t / "db-zero-page.sqlite").write_bytes(good[:4096] + b"\0" * (len(good) - 4096))
        (t / "db-readonly.sqlite").write_bytes(good)
        con = sqlite3.connect(t / "db-foreign.sqlite")
        con.execute("create table games (id integer, name text)")
        con.execute("insert into games values (1, 'x')")
        con.commit()
        con.close()
        for kind, value in (("bad-values", "'wrong'"), ("null-values", "NULL")):
            path = t / f"db-{kind}.sqlite"
            path.write_bytes(good)
            con = sqlite3.connect(path)
            tables = [
                r[0] for r in con.execute("select name from sqlite_master where type='table'")
            ]
            for table in tables:
                cols = [r[1] for r in con.execute(f"pragma table_info({table})")]
                for col in cols:
                    if col not in {"id", "rowid"}:
                        with contextlib.suppress(sqlite3.DatabaseError):  # NOT NULL columns
                            con.execute(f"update {table} set {col} = {value}")
            con.commit()
            con.close()
        path = t / "db-newer-version.sqlite"
        path.write_bytes(good)
        con = sqlite3.connect(path)
        con.execute("pragma user_version = 9999")
        con.commit()
        con.close()
        path = t / "db-wal-locked.sqlite"
        path.write_bytes(good)
        con = sqlite3.connect(path)
        con.execute("pragma journal_mode=wal")
        con.close()

    def history_path(self, kind: str, d: Path) -> str:
        """A --history-db value of the given kind, made in the case folder."""
        special = {
            "dir": lambda: (d / "dbdir").mkdir() or "dbdir",
            "fifo": lambda: os.mkfifo(d / "dbfifo") or "dbfifo",
            "loop": lambda: os.symlink("dbloop", d / "dbloop") or "dbloop",
            "dangling": lambda: os.symlink("nowhere/x.sqlite", d / "dbdangling") or "dbdangling",
            "memory": lambda: ":memory:",
            "missing-folder": lambda: "newdir/sub/h.sqlite",
            "nested-missing": lambda: "a.txt/h.sqlite",
        }
        if kind in special:
            return str(special[kind]())
        if kind == "readonly":
            (d / "db-readonly.sqlite").chmod(0o444)
        return f"db-{kind}.sqlite"

    # -- running
    def prepare_folder(self, case: Case) -> Path:
        """A fresh copy of the template for one case, with its special files."""
        self.case_no += 1
        d = self.base / f"case{self.case_no:05d}"
        shutil.copytree(self.template, d, symlinks=True)
        (d / "noperm.txt").chmod(0)
        (d / "dir").mkdir()
        os.mkfifo(d / "fifo")
        os.symlink("loop", d / "loop")
        os.symlink("missing/nowhere.txt", d / "dangling")
        os.symlink("a.txt", d / "a-link.txt")
        os.link(d / "a.txt", d / "a-hard.txt")
        for name in case.fifo_out:
            os.mkfifo(d / name)
        for name in case.fifo_in:
            if not (d / name).exists():
                os.mkfifo(d / name)
        if case.setup:
            case.setup(d)
        return d

    def run(self, case: Case) -> dict[str, object]:
        """Run one case and judge it: {'ok': bool, 'why': ...}."""
        d = self.prepare_folder(case)
        before = checksum(d)
        env = self.env | {"XDG_DATA_HOME": str(d / "xdg")} | case.env
        if case.own_cache:
            env.setdefault("WORDKIT_CACHE", str(d / "cache"))
            if env["WORDKIT_CACHE"] == str(self.cache):
                env["WORDKIT_CACHE"] = str(d / "cache")
        for key, value in list(env.items()):
            if value == "<unset>":
                del env[key]
        out_path, err_path = d / ".stdout", d / ".stderr"
        timeout = case.timeout or self.timeout
        drained: list[threading.Thread] = []
        for name in case.fifo_out:
            drained.append(threading.Thread(target=_drain, args=(d / name,), daemon=True))
        for name, data in case.fifo_in.items():
            drained.append(threading.Thread(target=_feed, args=(d / name, data), daemon=True))
        for thread in drained:
            thread.start()
        close = case.close

        def child_setup() -> None:
            # a sweep started in the background (`&`) ignores SIGINT, and so would its children
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            for fd in close:
                os.close(fd)

        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            stdout: int | object = out
            read_end = None
            if case.broken_stdout:
                read_end, write_end = os.pipe()
                os.close(read_end)
                stdout = write_end
            start = time.monotonic()
            child = subprocess.Popen(
                [sys.executable, "-m", "wordkit", *case.args],
                cwd=d,
                env=env,
                stdin=subprocess.PIPE
                if case.stdin is not None or case.interrupt
                else subprocess.DEVNULL,
                stdout=stdout,  # type: ignore[arg-type]
                stderr=err,
                preexec_fn=child_setup,
                start_new_session=True,
            )
            if case.broken_stdout:
                os.close(write_end)
            timed_out = False
            try:
                if case.interrupt is not None:
                    assert child.stdin is not None
                    if case.stdin:
                        child.stdin.write(case.stdin)
                        child.stdin.flush()
                    time.sleep(case.interrupt)
                    child.send_signal(signal.SIGINT)
                    child.wait(timeout=timeout)
                    child.stdin.close()
                else:
                    child.communicate(
                        case.stdin, timeout=timeout
                    ) if case.stdin is not None else child.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out = True
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
            except BrokenPipeError:
                child.wait(timeout=timeout)
            seconds = time.monotonic() - start
        code = child.returncode
        stdout_text = out_path.read_bytes().decode("utf-8", "replace")
        stderr_text = err_path.read_bytes().decode("utf-8", "replace")
        out_path.unlink()
        err_path.unlink()
        for name in list(case.fifo_in):  # a reader that never came: let the feeder go
            try:
                fd = os.open(d / name, os.O_RDONLY | os.O_NONBLOCK)
                os.close(fd)
            except OSError:
                pass
        (d / "noperm.txt").chmod(0o644)
        after = checksum(d)
        why = self.judge(case, d, code, timed_out, stdout_text, stderr_text, before, after)
        result = {
            "class": case.cls,
            "command": case.command(),
            "exit": "timeout" if timed_out else code,
            "seconds": round(seconds, 2),
            "ok": not why,
            "why": why,
            "stderr": stderr_text.splitlines()[-6:],
        }
        if not why or not KEEP:
            shutil.rmtree(d, ignore_errors=True)
        else:
            result["folder"] = str(d)
        return result

    def judge(
        self,
        case: Case,
        d: Path,
        code: int,
        timed_out: bool,
        out: str,
        err: str,
        before: dict[str, str],
        after: dict[str, str],
    ) -> str:
        """Why the outcome breaks the promise, or '' when it is clean."""
        if timed_out:
            return "hang (timeout)"
        if "Traceback" in err or "Traceback" in out:
            return "traceback"
        expect = frozenset({130}) if case.interrupt is not None else case.expect
        if code not in expect:
            return f"exit {code}, expected {'/'.join(map(str, sorted(expect)))}"
        lines = err.splitlines()
        if code == 1 and 2 not in case.close:
            errors = [x for x in lines if x.startswith("Error: ")]
            if len(errors) != 1:
                return f"{len(errors)} `Error:` lines on stderr"
        if any(x.lstrip().startswith(("Usage:", "Try ")) or "╭" in x for x in lines):
            return "usage message"
        for name, digest in before.items():
            if name in case.mutable or name.startswith("xdg/"):
                continue
            if name.startswith("cache/") and OWN_NAME.fullmatch(name[len("cache/") :]):
                continue  # wordkit's own cache entries may be rebuilt or cleared
            if after.get(name) != digest:
                return f"input {name} changed" if name in after else f"input {name} removed"
        allowed = set(case.outputs) | set(case.mutable)
        for name in after:
            if name in before or name.startswith(("xdg/", "cache/", ".std")):
                continue
            if name not in allowed and not any(
                name.startswith(o.rstrip("/") + "/") for o in allowed
            ):
                return f"stray file {name}"
        for name in case.outputs:
            path = d / name
            try:
                regular = stat.S_ISREG(path.lstat().st_mode)
            except OSError:
                regular = False
            if name.endswith((".json", ".jsonl")) and regular:
                text = path.read_text("utf-8", "replace")
                try:
                    if name.endswith(".json"):
                        json.loads(text)
                    else:
                        for line in text.splitlines():
                            json.loads(line)
                        if text and not text.endswith("\n"):
                            return f"output {name} ends mid-line"
                except ValueError:
                    return f"output {name} is half-written JSON"
        if (
            code == 0
            and not out.strip()
            and not err.strip()
            and 1 not in case.close
            and not case.broken_stdout
        ):
            return "exit 0 with no output"
        return ""


def _drain(path: Path) -> None:
    """Read a FIFO output to its end (the reader a FIFO needs)."""
    try:
        with open(path, "rb") as f:
            while f.read(65536):
                pass
    except OSError:
        pass


def _feed(path: Path, data: bytes) -> None:
    """Open a FIFO input a moment late, as a slow writer does, and write it."""
    time.sleep(0.5)
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError:
        pass


# ---------------------------------------------------------------- the case table

WL = ["--answers", "a.txt", "--guesses", "g.txt"]
HW = ["--words", "h.txt"]
ONE = frozenset({1})
ZERO = frozenset({0})

NUMBERS = [
    "-1", "0", "1", "1e400", "inf", "-inf", "nan", "1e308", "\u00b3", "\u0663", "\uff11",
    "99999999999999999999999", "-99999999999999", "0x10", "1_000", " 5", "", "abc", "1.5",
    "+3", "\u22121", "\u00bd", "Infinity", "2**64", "5e0", "٠",
]  # fmt: skip
"""Hostile numbers: Unicode digits, infinities, huge, negative, odd spellings."""

NUMBER_OPTIONS: list[tuple[list[str], str, list[str]]] = [
    (["stats", "wordle", *WL, "--boards", "2"], "--sample", []),
    (["stats", "wordle", *WL, "--sample", "3", "--seed", "1"], "--boards", []),
    (["stats", "wordle", *WL], "--max-guesses", []),
    (["stats", "wordle", *WL, "--strategy", "optimal"], "--budget", []),
    (["stats", "wordle", *WL, "--boards", "2", "--sample", "3"], "--seed", []),
    (["stats", "wordle", *WL], "--jobs", []),
    (["stats", "wordle", *WL, "--openers", "all"], "--cutoff", []),
    (["stats", "hangman", *HW, "--strategy", "entropy"], "--lives", []),
    (["stats", "hangman", *HW, "--strategy", "entropy"], "--sample", []),
    (["stats", "hangman", *HW, "--strategy", "entropy", "--host", "lookahead"], "--depth", []),
    (["stats", "hangman", *HW, "--strategy", "entropy", "--sample", "3"], "--seed", []),
    (["host", "hangman", *HW, "--seed", "1"], "--length", ["Q\n"]),
    (["host", "wordle", *WL, "--seed", "1"], "--max-guesses", ["G\n"]),
    (["solve", "wordle", *WL, "--history", "serve=BBBBB"], "--budget", []),
    (["prepare", "a.txt"], "--min-weight", []),
    (["prepare", "a.txt"], "--max-length", []),
]

INPUT_FILES = [
    "latin1.txt", "utf16.txt", "utf16le.txt", "bom.txt", "nul.txt", "nfd.txt", "crlf.txt",
    "cr.txt", "empty.txt", "blank.txt", "binary.bin", "longline.txt", "onecol.csv", "badcsv.csv",
    "inf.csv", "digits.csv", "mixed-length.txt", "emoji.txt", "upper.txt", "html.txt",
    "json.txt", "sqlite.txt", "noperm.txt", "dir", "loop", "dangling", "/dev/null",
    "missing.txt", "", "a.txt/", "-", "a" * 300, "new\nline.txt", "fifo",
]  # fmt: skip
"""Hostile files named as inputs (`fifo` gets a writer half a second late)."""

INPUT_OPTIONS: list[tuple[list[str], str]] = [
    (["stats", "wordle", "--guesses", "g.txt"], "--answers"),
    (["stats", "wordle", "--answers", "a.txt"], "--guesses"),
    (["stats", "wordle", *WL], "--secrets"),
    (["stats", "wordle"], "--words"),
    (["stats", "wordle", *WL], "--tree-in"),
    (["stats", "wordle", *WL], "--openers"),
    (["stats", "hangman", "--strategy", "entropy"], "--words"),
    (["stats", "hangman", *HW, "--strategy", "entropy"], "--secrets"),
    (["query", "hangman", "apple", "--strategy", "entropy"], "--words"),
    (["solve", "wordle", "--guesses", "g.txt", "--history", "serve=BBBBB"], "--answers"),
    (["prepare"], ""),
]


def number_cases() -> list[Case]:
    """Every numeric option × every hostile number, and WORDKIT_CACHE_MB."""
    cases = []
    for base, option, feed in NUMBER_OPTIONS:
        for value in NUMBERS:
            stdin = feed[0].encode() if feed else None
            cases.append(Case("numbers", [*base, option, value], stdin=stdin))
        cases.append(
            Case("numbers", [*base, f"{option}=-1"], stdin=feed[0].encode() if feed else None)
        )
    for value in [
        "",
        "0",
        "-1",
        "inf",
        "nan",
        "1e308",
        "1e400",
        "\u00b3",
        "abc",
        "0.0001",
        "1" * 40,
    ]:
        cases.append(Case("numbers", ["stats", "wordle", *WL], env={"WORDKIT_CACHE_MB": value}))
        cases.append(Case("numbers", ["cache", "info"], env={"WORDKIT_CACHE_MB": value}))
    for value in [
        "top:\u00b3",
        "top:0",
        "top:-1",
        "top:1e400",
        "top:",
        "top:inf",
        "top:٣",
        "top:99999999999999999999",
    ]:
        cases.append(Case("numbers", ["stats", "wordle", *WL, "--openers", value]))
    return cases


def input_cases() -> list[Case]:
    """Hostile encodings and special files, named as every input."""
    cases = []
    for base, option in INPUT_OPTIONS:
        for name in INPUT_FILES:
            args = [*base, option, name] if option else [*base, name]
            cls = (
                "special files"
                if name
                in {
                    "dir",
                    "loop",
                    "dangling",
                    "/dev/null",
                    "fifo",
                    "-",
                    "noperm.txt",
                    "missing.txt",
                    "",
                    "a.txt/",
                }
                or len(name) > 200
                or "\n" in name
                else "encodings"
            )
            fifo_in = {"fifo": "\n".join(ANSWERS).encode() + b"\n"} if name == "fifo" else {}
            stdin = "\n".join(ANSWERS).encode() + b"\n" if name == "-" else None
            out = ("-o", "out.csv") if option == "" else ()
            cases.append(
                Case(
                    cls,
                    [*args, *out],
                    fifo_in=fifo_in,
                    stdin=stdin,
                    outputs=("out.csv",) if out else (),
                )
            )
    return cases


TREE_OUTS = [
    "t.json", "t.txt", "t.dot", "t.svg", "t.png", "t.xyz", "t", "-", "dir", "dir/",
    "missing/t.json", "fifo-out.txt", "loop", "dangling", "a-link.txt.json", "T.JSON", ".json",
    "t.json/", "t" * 300 + ".json",
]  # fmt: skip


def tree_cases() -> list[Case]:
    """--tree in every format and place, --tree-in of every damaged shape."""
    cases = []
    for out in TREE_OUTS:
        fifo = ("fifo-out.txt",) if out == "fifo-out.txt" else ()
        for extra in (
            [],
            ["--hard"],
            ["--strategy", "minimax"],
            ["--boards", "2"],
            ["--openers", "all"],
        ):
            expect = ONE if extra[:1] in (["--boards"], ["--openers"]) else frozenset({0, 1})
            cases.append(
                Case(
                    "trees",
                    ["stats", "wordle", *WL, *extra, "--tree", out],
                    outputs=(out,),
                    fifo_out=fifo,
                    expect=expect,
                )
            )
    for name in TREE_CONTENTS:
        for ext in ("json", "txt"):
            cases.append(Case("trees", ["stats", "wordle", *WL, "--tree-in", f"tree-{name}.{ext}"]))
        cases.append(
            Case("trees", ["stats", "wordle", *WL, "--hard", "--tree-in", f"tree-{name}.json"])
        )
    for good in ("tree.json", "tree.txt"):
        for extra in (
            ["--hard"],
            ["--max-guesses", "1"],
            ["--answers", "s.txt"],
            ["--strategy", "minimax"],
            ["--opener", "cigar"],
            ["--boards", "2"],
            ["--openers", "all"],
            ["--tree", "t2.json"],
            ["--records", "r.jsonl"],
            ["--json"],
            ["--format", "csv"],
            ["--cutoff", "3"],
            ["--sample", "3"],
        ):
            cases.append(
                Case(
                    "trees",
                    ["stats", "wordle", *WL, "--tree-in", good, *extra],
                    outputs=("t2.json", "r.jsonl"),
                )
            )
    for dot in ("dot-binary", "dot-fails", "dot-silent", "dot-killed"):
        for ext in ("svg", "png"):
            env = {"PATH": f"{'{fakebin}'}/{dot}" + os.pathsep + os.environ.get("PATH", "")}
            cases.append(
                Case(
                    "trees",
                    ["stats", "wordle", *WL, "--tree", f"t.{ext}"],
                    env=env,
                    outputs=(f"t.{ext}",),
                )
            )
    return cases


def sweep_cases() -> list[Case]:
    """Opener sweeps: damaged and forged records to resume, odd targets, odd openers."""
    cases = []
    for name in RECORDS_CONTENTS:
        path = f"rec-{name}.jsonl"
        cases.append(
            Case(
                "sweeps",
                ["stats", "wordle", *WL, "--openers", "all", "--records", path],
                mutable=(path,),
            )
        )
        cases.append(
            Case(
                "sweeps",
                ["stats", "wordle", *WL, "--openers", "all", "--hard", "--records", path],
                mutable=(path,),
            )
        )
    targets = [
        "r.jsonl",
        "-",
        "dir",
        "missing/r.jsonl",
        "fifo-out.jsonl",
        "loop",
        "dangling",
        "/proc/self/fd/1",
        "r.jsonl/",
        "sweep.jsonl",
        "games.jsonl",
    ]
    for target in targets:
        for extra in ([], ["--json"], ["--format", "csv"]):
            fifo = ("fifo-out.jsonl",) if target == "fifo-out.jsonl" else ()
            cases.append(
                Case(
                    "sweeps",
                    ["stats", "wordle", *WL, "--openers", "all", *extra, "--records", target],
                    outputs=(target,),
                    fifo_out=fifo,
                    mutable=("sweep.jsonl", "games.jsonl"),
                )
            )
    cases.append(
        Case(
            "sweeps",
            ["stats", "wordle", *WL, "--openers", "all", "--records", "/proc/self/fd/1"],
            broken_stdout=True,
        )
    )
    cases.append(Case("sweeps", ["stats", "wordle", *WL, "--openers", "all"], broken_stdout=True))
    cases.append(Case("sweeps", ["stats", "wordle", *WL, "--records", "-"], broken_stdout=True))
    for value in [
        "all",
        "top:1",
        "top:3",
        "cigar,rebut",
        "CIGAR, rebut",
        "zzzzz",
        "cigar,cigar",
        ",",
        "cigar,,rebut",
        "cigars",
        "c\u0327igar",
        "ＣＩＧＡＲ",
        "o.txt",
        "a.txt",
        "all,cigar",
        "top:2,cigar",
        "sérve",
        "serve\t",
    ]:
        cases.append(Case("sweeps", ["stats", "wordle", *WL, "--openers", value]))
    for value in [
        "none",
        "None",
        "NONE",
        "3",
        "0",
        "-3",
        "2.5",
        "1e400",
        "inf",
        "nan",
        "²",
        "",
        "top:3",
    ]:
        cases.append(
            Case("sweeps", ["stats", "wordle", *WL, "--openers", "all", "--cutoff", value])
        )
    return cases


def history_cases() -> list[Case]:
    """The game history: every damaged or odd --history-db with every reader and writer."""
    cases = []
    users = [
        (["stats", "hangman", "--from-history"], None),
        (["stats", "wordle", "--from-history"], None),
        (["stats", "hangman", "--from-history", *HW], None),
        (["stats", "wordle", "--from-history", "--json", *WL], None),
        (["host", "hangman", *HW, "--seed", "1"], b"e\nG\n"),
        (["host", "wordle", *WL, "--seed", "1"], b"serve\nG\n"),
        (["host", "hangman", *HW, "--seed", "1", "--learn"], b"e\nG\n"),
        (["solve", "hangman", *HW, "-i"], b"n\nn\nQ\n"),
    ]
    for kind in HISTORY_KINDS:
        for args, stdin in users:
            writer = stdin is not None
            db = f"db-{kind}.sqlite"
            cases.append(
                Case(
                    "history",
                    [*args, "--history-db", "{db:" + kind + "}"],
                    stdin=stdin,
                    # a game may add to the history; a report must not touch it
                    mutable=(db, f"{db}-wal", f"{db}-shm", f"{db}-journal") if writer else (),
                    outputs=("newdir/",) if writer else (),
                    note="lock" if kind == "wal-locked" else "",
                )
            )
    for args, stdin in users[4:]:
        cases.append(
            Case(
                "history",
                [*args, "--history-db", "hist.sqlite"],
                stdin=stdin,
                mutable=("hist.sqlite",),
            )
        )
    return cases


def board_cases() -> list[Case]:
    """--boards and --sample in combination."""
    cases = []
    for boards in ["1", "2", "3", "4", "5", "8", "16", "17", "32", "1000"]:
        for extra in (
            [],
            ["--sample", "2"],
            ["--sample", "99999999999999"],
            ["--hard", "--sample", "2"],
            ["--secrets", "s.txt"],
            ["--host", "evil"],
        ):
            cases.append(
                Case("boards", ["stats", "wordle", *WL, "--boards", boards, "--seed", "1", *extra])
            )
    for boards in ["2", "4"]:
        for script in [b"serve\nG\n", b"serve=BBBBB\n", b"G\n", b"\xff\xfe\n", b"Q\n", b""]:
            cases.append(
                Case(
                    "boards",
                    ["host", "wordle", *WL, "--boards", boards, "--seed", "1"],
                    stdin=script,
                )
            )
        cases.append(
            Case(
                "boards",
                ["solve", "wordle", *WL, "--boards", boards, "--history", "serve=BBBBB/BBBBB"],
            )
        )
        cases.append(
            Case("boards", ["solve", "wordle", *WL, "--boards", boards, "--history", "serve=BBBBB"])
        )
        cases.append(Case("boards", ["query", "wordle", *WL, "--boards", boards, "cigar", "rebut"]))
    cases.append(
        Case(
            "boards",
            [
                "stats",
                "wordle",
                "--answers",
                "s.txt",
                "--guesses",
                "g.txt",
                "--boards",
                "4",
                "--sample",
                "3",
            ],
        )
    )
    return cases


def cluster_cases() -> list[Case]:
    """--cluster addresses: malformed, unreachable, and servers that are not schedulers."""
    addresses = [
        "", "tcp://", "tcp://..:1", "tcp://127.0.0.1:1", "tcp://127.0.0.1:99999", "tcp://[::1",
        "local:0", "local:-1", "local:\u00b3", "local:1e400", "local:abc", "local:", "udp://x:1",
        "tcp://256.1.1.1:1", "tcp://host name:1", "tcp://127.0.0.1:0", "127.0.0.1",
        "http://127.0.0.1:{http}", "tcp://127.0.0.1:{http}", "tcp://127.0.0.1:{silent}",
        "tls://127.0.0.1:{http}", "tcp://127.0.0.1:{http}/path", "\t", "tcp://" + "a" * 300 + ":1",
    ]  # fmt: skip
    cases = []
    for address in addresses:
        cases.append(Case("cluster", ["stats", "wordle", *WL, "--cluster", address]))
        cases.append(
            Case(
                "cluster", ["stats", "hangman", *HW, "--strategy", "entropy", "--cluster", address]
            )
        )
    for extra in (
        ["--openers", "all"],
        ["--jobs", "2"],
        ["--boards", "2", "--sample", "3"],
        ["--from-history"],
    ):
        cases.append(
            Case("cluster", ["stats", "wordle", *WL, *extra, "--cluster", "tcp://127.0.0.1:{http}"])
        )
    return cases


def cache_cases() -> list[Case]:
    """$WORDKIT_CACHE of every odd kind; damaged, foreign and special entries; the size cap."""
    cases = []
    places = [
        "{d}/newcache",
        "{d}/a.txt",
        "{d}/fifo",
        "{d}/loop",
        "{d}/dangling",
        "",
        "relcache",
        "/proc/self",
        "{d}/dir",
        "{d}/noperm.txt",
    ]
    for place in places:
        for args in (
            ["stats", "wordle", *WL],
            ["cache", "info"],
            ["cache", "clear"],
            ["query", "hangman", *HW, "apple"],
        ):
            cases.append(
                Case(
                    "cache",
                    args,
                    env={"WORDKIT_CACHE": place},
                    own_cache=True,
                    outputs=("newcache/", "relcache/", "dir/"),
                )
            )
    damages = [
        "truncate",
        "garbage",
        "fifo",
        "dir",
        "loop",
        "empty",
        "foreign",
        "symlink-out",
        "noperm",
    ]
    for damage in damages:
        for args in (
            ["stats", "wordle", *WL],
            ["stats", "wordle", *WL, "--openers", "all"],
            ["cache", "info"],
            ["cache", "clear"],
            ["solve", "wordle", *WL, "--history", "serve=BBBBB"],
        ):
            cases.append(
                Case(
                    "cache",
                    args,
                    env={"WORDKIT_CACHE": "{d}/cache"},
                    own_cache=True,
                    setup=_damage_cache(damage),
                    outputs=("cache/",),
                    note=damage,
                )
            )
    for mb in ["0", "0.0001", "-1", "inf"]:
        cases.append(
            Case(
                "cache",
                ["stats", "wordle", *WL],
                env={"WORDKIT_CACHE": "{d}/cache", "WORDKIT_CACHE_MB": mb},
                own_cache=True,
                setup=_damage_cache("foreign"),
                outputs=("cache/",),
            )
        )
    return cases


def _damage_cache(kind: str) -> Callable[[Path], None]:
    """A setup that fills the case's cache from a real run, then damages every entry."""

    def setup(d: Path) -> None:
        cache = d / "cache"
        shutil.copytree(CACHE_TEMPLATE, cache)
        # foreign files must survive anything wordkit does to its cache
        (cache / "notes.txt").write_text("the user's own file\n")
        (cache / "photo.npy").write_bytes(b"not wordkit's")
        for entry in sorted(cache.iterdir()):
            if not entry.name.startswith("wordle-") or kind == "foreign":
                continue
            data = entry.read_bytes()
            entry.unlink()
            if kind == "truncate":
                entry.write_bytes(data[: len(data) // 2])
            elif kind == "garbage":
                entry.write_bytes(os.urandom(len(data)))
            elif kind == "fifo":
                os.mkfifo(entry)
            elif kind == "dir":
                entry.mkdir()
            elif kind == "loop":
                os.symlink(entry.name, entry)
            elif kind == "empty":
                entry.write_bytes(b"")
            elif kind == "symlink-out":
                os.symlink(d / "a.txt", entry)
            elif kind == "noperm":
                entry.write_bytes(data)
                entry.chmod(0)

    return setup


CLOSED = [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]


def stream_cases() -> list[Case]:
    """Closed standard streams and a stdout whose reader is gone."""
    commands: list[tuple[list[str], bool]] = [
        (["stats", "wordle", *WL], True),
        (["stats", "hangman", *HW, "--strategy", "entropy"], True),
        (["stats", "wordle", *WL, "--openers", "all", "--records", "r.jsonl"], True),
        (["stats", "wordle", *WL, "--records", "-"], True),
        (["stats", "wordle", *WL, "--tree", "-"], True),
        (["solve", "wordle", *WL, "--history", "serve=BBBBB"], True),
        (["query", "hangman", *HW, "apple"], True),
        (["prepare", "a.txt"], True),
        (["cache", "info"], True),
        (["host", "hangman", *HW], False),
        (["solve", "hangman", *HW, "-i"], False),
        (["stats", "hangman", "--from-history", "--history-db", "hist.sqlite"], True),
        (["--help"], True),
        (["--version"], True),
    ]
    cases = []
    for args, valid in commands:
        for closed in CLOSED:
            # a valid command whose stdout is open must succeed whatever else is closed
            expect = ZERO if valid and 1 not in closed else frozenset({0, 1})
            cases.append(Case("streams", args, close=closed, expect=expect, outputs=("r.jsonl",)))
        cases.append(Case("streams", args, broken_stdout=True, outputs=("r.jsonl",)))
    return cases


SCRIPTS = [
    b"Q\n", b"G\n", b"U\n", b"", b"\x04", b"garbage\n" * 5 + b"Q\n", b"\xff\xfe\xfd\n", b"e\xff\n",
    b"a" * 1_000_000 + b"\n", b"\x00\n", b"?\n" * 30, b"L\n", b"\n" * 1000, b"e\ne\ne\n",
    b"e\r\n", "é\n".encode(), "e\u0301\n".encode(), b"12345\n", "\U0001f600\n".encode(),
    b"U\nU\nU\n", b"zzzzz\nqqqqq\n", "ｅ\n".encode(), b"q\ng\n", b"-\n", b"\t \n",
]  # fmt: skip
"""What a pipe feeds the interactive modes (Ctrl-D is the end of the input)."""


def interactive_cases() -> list[Case]:
    """host and solve -i fed by a pipe."""
    commands = [
        ["host", "hangman", *HW, "--seed", "1"],
        ["host", "hangman", *HW, "--seed", "1", "--mode", "evil"],
        ["host", "wordle", *WL, "--seed", "1"],
        ["host", "wordle", *WL, "--seed", "1", "--mode", "evil"],
        ["solve", "hangman", *HW, "-i"],
        ["solve", "wordle", *WL, "-i"],
    ]
    return [Case("interactive", args, stdin=script) for args in commands for script in SCRIPTS]


def repeat_cases() -> list[Case]:
    """Options given twice."""
    pairs = [
        (["stats", "wordle", "--guesses", "g.txt"], ["--answers", "a.txt", "--answers", "s.txt"]),
        (["stats", "wordle", *WL], ["--records", "r1.jsonl", "--records", "r2.jsonl"]),
        (["stats", "wordle", *WL], ["--tree", "t1.json", "--tree", "t2.txt"]),
        (["stats", "wordle", *WL], ["--tree-in", "tree.json", "--tree-in", "tree.txt"]),
        (["stats", "wordle", *WL, "--sample", "2"], ["--boards", "2", "--boards", "4"]),
        (["stats", "wordle", *WL], ["--strategy", "entropy", "--strategy", "minimax"]),
        (["stats", "wordle", *WL], ["--json", "--json"]),
        (["stats", "wordle", *WL], ["--format", "json", "--json"]),
        (["stats", "wordle", *WL], ["--format", "csv", "--json"]),
        (["stats", "wordle", *WL], ["--format", "csv", "--format", "table"]),
        (["stats", "wordle", *WL, "--openers", "all"], ["--cutoff", "3", "--cutoff", "none"]),
        (["stats", "wordle", *WL], ["--openers", "all", "--openers", "top:2"]),
        (["stats", "hangman", *HW], ["--lives", "3", "--lives", "unlimited"]),
        (
            ["stats", "hangman", "--from-history"],
            ["--history-db", "hist.sqlite", "--history-db", "db-text.sqlite"],
        ),
        (
            ["stats", "hangman", *HW, "--strategy", "entropy"],
            ["--secrets", "h.txt", "--secrets", "a.txt"],
        ),
        (["host", "hangman", *HW], ["--seed", "1", "--seed", "2"]),
        (["host", "hangman", *HW, "--seed", "1"], ["--learn", "--no-learn"]),
        (["host", "wordle", *WL, "--seed", "1"], ["--record", "--no-record"]),
        (["solve", "wordle", *WL], ["--history", "serve=BBBBB", "--history", "cigar=BBBBB"]),
        (["solve", "wordle", *WL], ["--history", "serve=BBBBB", "--history", "serve=GGGGG"]),
        (["solve", "hangman", *HW], ["--mask", "a____", "--mask", "____"]),
        (["solve", "hangman", *HW, "--mask", "_____"], ["--guessed", "e", "--guessed", "e"]),
        (["prepare", "a.txt"], ["-o", "x.csv", "-o", "y.csv"]),
        (["stats", "wordle", *WL], ["--records", "r1.jsonl", "--tree", "r1.jsonl"]),
        (["stats", "wordle", *WL], ["--records", "-", "--tree", "-"]),
        (["stats", "wordle", *WL], ["--records", "-", "--json"]),
    ]
    cases = []
    for base, extra in pairs:
        stdin = b"G\n" if base[0] == "host" else None
        cases.append(
            Case(
                "repeated options",
                [*base, *extra],
                stdin=stdin,
                outputs=("r1.jsonl", "r2.jsonl", "t1.json", "t2.txt", "x.csv", "y.csv"),
                mutable=("hist.sqlite",),
            )
        )
    return cases


def ignored_cases() -> list[Case]:
    """Options the mode does not use: refused with exit 1."""
    hangman = ["stats", "hangman", "--from-history", "--history-db", "hist.sqlite"]
    wordle = ["stats", "wordle", "--from-history", "--history-db", "hist.sqlite"]
    sets = [
        (
            hangman,
            [
                ["--lives", "-5"],
                ["--lives", "3"],
                ["--strategy", "magic"],
                ["--strategy", "entropy"],
                ["--sample", "5"],
                ["--seed", "1"],
                ["--secrets", "h.txt"],
                ["--host", "evil"],
                ["--jobs", "2"],
                ["--cluster", "local:1"],
                ["--hint"],
                ["--difficulty", "easy"],
                ["--depth", "2"],
                ["--learn"],
                ["--variant", "advanced"],
                ["--finish", "word"],
                ["--prior", "uniform"],
            ],
        ),
        (
            wordle,
            [
                ["--opener", "serve"],
                ["--hard"],
                ["--boards", "2"],
                ["--tree", "t.json"],
                ["--tree-in", "tree.json"],
                ["--openers", "all"],
                ["--cutoff", "3"],
                ["--budget", "1"],
                ["--sample", "3"],
                ["--seed", "1"],
                ["--max-guesses", "3"],
                ["--strategy", "minimax"],
                ["--host", "evil"],
                ["--secrets", "s.txt"],
                ["--jobs", "2"],
            ],
        ),
        (
            ["stats", "wordle", *WL, "--boards", "2"],
            [
                ["--cutoff", "3"],
                ["--tree", "t.json"],
                ["--tree-in", "tree.json"],
                ["--openers", "all"],
                ["--budget", "1"],
            ],
        ),
        (
            ["stats", "wordle", *WL, "--openers", "all"],
            [
                ["--tree", "t.json"],
                ["--tree-in", "tree.json"],
                ["--secrets", "s.txt"],
                ["--sample", "3"],
                ["--opener", "serve"],
                ["--host", "evil"],
            ],
        ),
        (["stats", "wordle", *WL], [["--cutoff", "3"], ["--sample", "3"], ["--cutoff", "none"]]),
        (
            ["stats", "wordle", *WL, "--host", "evil"],
            [
                ["--tree", "t.json"],
                ["--tree-in", "tree.json"],
                ["--sample", "3"],
                ["--secrets", "s.txt"],
            ],
        ),
        (
            ["stats", "wordle", *WL, "--tree-in", "tree.json"],
            [
                ["--strategy", "minimax"],
                ["--opener", "serve"],
                ["--secrets", "s.txt"],
                ["--budget", "1"],
            ],
        ),
        (
            ["stats", "hangman", *HW, "--strategy", "entropy"],
            [["--difficulty", "easy"], ["--depth", "2"]],
        ),
        (["stats", "hangman", *HW, "--strategy", "entropy", "--host", "evil"], [["--depth", "2"]]),
        (
            ["stats", "hangman", *HW, "--strategy", "entropy", "--host", "lookahead"],
            [["--difficulty", "easy"]],
        ),
        (["host", "hangman", *HW, "--seed", "1"], [["--depth", "2"], ["--difficulty", "easy"]]),
        (["host", "hangman", *HW, "--seed", "1", "--mode", "evil"], [["--depth", "2"]]),
        (["solve", "wordle", *WL], [["--review"]]),
    ]
    cases = []
    for base, extras in sets:
        for extra in extras:
            stdin = b"G\n" if base[0] == "host" else None
            cases.append(Case("ignored options", [*base, *extra], stdin=stdin, expect=ONE))
    return cases


def clash_cases() -> list[Case]:
    """An output that is also an input: refused, the input untouched."""
    inputs = {
        "--answers": "a.txt", "--guesses": "g.txt", "--secrets": "s.txt", "--tree-in": "tree.json",
        "--openers": "o.txt",
    }  # fmt: skip
    spellings = ["{f}", "./{f}", "{d}/{f}", "dir/../{f}", "/proc/self/cwd/{f}"]
    cases = []
    for option, name in inputs.items():
        base = ["stats", "wordle", *WL]
        if option not in {"--answers", "--guesses"}:
            base = [*base, option, name]
        for writer in ("--records", "--tree"):
            if option == "--openers" and writer == "--tree":
                continue
            for spelling in spellings:
                target = spelling.format(f=name, d="{d}")
                cases.append(Case("outputs that are inputs", [*base, writer, target], expect=ONE))
        cases.append(
            Case(
                "outputs that are inputs",
                [*base, "--records", "a-link.txt" if name == "a.txt" else name],
                expect=ONE,
            )
        )
    cases.append(
        Case(
            "outputs that are inputs",
            ["stats", "wordle", *WL, "--records", "a-link.txt"],
            expect=ONE,
        )
    )
    cases.append(
        Case(
            "outputs that are inputs",
            ["stats", "wordle", *WL, "--records", "a-hard.txt"],
            expect=ONE,
        )
    )
    cases.append(
        Case(
            "outputs that are inputs", ["stats", "wordle", *WL, "--tree", "a-hard.txt"], expect=ONE
        )
    )
    for option, name in (
        ("--words", "h.txt"),
        ("--secrets", "h.txt"),
        ("--history-db", "hist.sqlite"),
    ):
        base = ["stats", "hangman", "--words", "h.txt", "--strategy", "entropy"]
        if option == "--history-db":
            base = ["stats", "hangman", "--from-history", "--history-db", "hist.sqlite"]
        elif option == "--secrets":
            base = [*base, "--secrets", "h.txt"]
        for spelling in spellings:
            cases.append(
                Case(
                    "outputs that are inputs",
                    [*base, "--records", spelling.format(f=name, d="{d}")],
                    expect=ONE,
                )
            )
    for spelling in spellings:
        cases.append(
            Case(
                "outputs that are inputs",
                [
                    "stats",
                    "wordle",
                    "--from-history",
                    "--history-db",
                    "hist.sqlite",
                    "--records",
                    spelling.format(f="hist.sqlite", d="{d}"),
                ],
                expect=ONE,
            )
        )
        cases.append(
            Case(
                "outputs that are inputs",
                [
                    "stats",
                    "wordle",
                    "--words",
                    "h.txt",
                    "--length",
                    "5",
                    "--records",
                    spelling.format(f="h.txt", d="{d}"),
                ],
                expect=ONE,
            )
        )
        cases.append(
            Case(
                "outputs that are inputs",
                ["prepare", "a.txt", "-o", spelling.format(f="a.txt", d="{d}")],
                expect=ONE,
            )
        )
        cases.append(
            Case(
                "outputs that are inputs",
                [
                    "stats",
                    "wordle",
                    *WL,
                    "--records",
                    spelling.format(f="hist.sqlite", d="{d}"),
                    "--tree",
                    "t.json",
                ],
                expect=frozenset({0, 1}),
                outputs=("t.json",),
                note="not an input here: overwriting is fine",
            )
        )
    for case in cases:
        if case.note:
            case.mutable = ("hist.sqlite",)
    return cases


def interrupt_cases() -> list[Case]:
    """Ctrl-C at a prompt and mid-run."""
    cases = []
    for args in (
        ["host", "hangman", *HW, "--seed", "1"],
        ["host", "wordle", *WL, "--seed", "1"],
        ["solve", "hangman", *HW, "-i"],
        ["solve", "wordle", *WL, "-i"],
        ["host", "wordle", *WL, "--boards", "2", "--seed", "1"],
    ):
        for feed in (b"", b"e\n"):
            cases.append(Case("interrupts", args, stdin=feed, interrupt=2.0))
    # long runs on the built-in tables (--records of a report is an export: not an ignored option)
    for args in (
        ["stats", "wordle", "--openers", "all", "--records", "r.jsonl"],
        ["stats", "hangman", "--strategy", "entropy", "--records", "r.jsonl"],
        ["stats", "wordle", "--boards", "4", "--sample", "5000", "--records", "r.jsonl"],
    ):
        cases.append(Case("interrupts", args, interrupt=3.0, outputs=("r.jsonl",)))
    return cases


LISTS = {
    "one-letter.txt": [chr(c) for c in range(ord("a"), ord("z") + 1)],
    "at-family.txt": [c + "at" for c in "bcfhmprsvtlgnqw"],
    "atch-family.txt": [c + "atch" for c in "bchlmprwg"],
    "single.txt": ["cigar"],
    "twins.txt": ["cigar", "cigar", "CIGAR", "Cigar"],
    "long-words.txt": ["abcdefghijklmnop", "bcdefghijklmnopq"],
    "mixed-lengths.txt": ["cigar", "rebuts", "sis"],
}
"""Pathological answer lists: endgames with many look-alikes, one word, words too long."""


def list_cases() -> list[Case]:
    """Pathological lists through every Wordle mode (answers and guesses the same list)."""

    def setup(d: Path) -> None:
        for name, words in LISTS.items():
            (d / name).write_text("\n".join(words) + "\n")

    modes = [
        [], ["--strategy", "optimal"], ["--strategy", "minimax"], ["--hard"], ["--openers", "all"],
        ["--boards", "2", "--sample", "3", "--seed", "1"], ["--host", "evil"], ["--tree", "t.json"],
        ["--max-guesses", "1"],
    ]  # fmt: skip
    cases = []
    for name in LISTS:
        for mode in modes:
            args = ["stats", "wordle", "--answers", name, "--guesses", name, *mode]
            cases.append(Case("lists", args, setup=setup, outputs=("t.json", *LISTS)))
        args = ["host", "wordle", "--answers", name, "--guesses", name, "--seed", "1"]
        cases.append(Case("lists", args, stdin=b"G\n", setup=setup, outputs=tuple(LISTS)))
        args = ["stats", "hangman", "--words", name, "--strategy", "entropy"]
        cases.append(Case("lists", args, setup=setup, outputs=tuple(LISTS)))
    return cases


GENERATORS = {
    "numbers": number_cases,
    "inputs": input_cases,
    "trees": tree_cases,
    "sweeps": sweep_cases,
    "history": history_cases,
    "boards": board_cases,
    "cluster": cluster_cases,
    "cache": cache_cases,
    "streams": stream_cases,
    "interactive": interactive_cases,
    "repeated": repeat_cases,
    "ignored": ignored_cases,
    "clashes": clash_cases,
    "interrupts": interrupt_cases,
    "lists": list_cases,
}

KEEP = False
CACHE_TEMPLATE = Path()


def resolve(case: Case, sweep: Sweep, d: Path | None = None) -> Case:
    """Fill the placeholders: server ports, the fake dot folder."""
    subst = {
        "{http}": str(sweep.http_port),
        "{silent}": str(sweep.silent_port),
        "{fakebin}": str(sweep.fakebin),
    }

    def fill(text: str) -> str:
        for key, value in subst.items():
            text = text.replace(key, value)
        return text

    case.args = [fill(a) for a in case.args]
    case.env = {k: fill(v) for k, v in case.env.items()}
    return case


HOLD_LOCK = (
    "import sqlite3, sys, time\n"
    "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "c.execute('BEGIN IMMEDIATE')\n"
    "print('held', flush=True)\n"
    "time.sleep(60)\n"
)
"""Another writer holding a history's write lock."""


def run_case(sweep: Sweep, case: Case) -> dict[str, object]:
    """Run a case whose arguments may name its own folder ({d}) or a history kind ({db:KIND})."""
    original_setup = case.setup
    folder: dict[str, Path] = {}

    def setup(d: Path) -> None:
        folder["d"] = d
        if original_setup:
            original_setup(d)
        args = []
        for a in case.args:
            if a.startswith("{db:"):
                a = sweep.history_path(a[4:-1], d)
            args.append(a.replace("{d}", str(d)))
        case.args = args
        case.env = {k: v.replace("{d}", str(d)) for k, v in case.env.items()}

    case.setup = setup
    holder = None
    if case.note == "lock":
        # another writer holds the WAL database's write lock for the whole run
        def setup_lock(d: Path, inner: Callable[[Path], None] = setup) -> None:
            inner(d)
            nonlocal holder
            holder = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    HOLD_LOCK,
                    str(d / "db-wal-locked.sqlite"),
                ],
                stdout=subprocess.PIPE,
            )
            assert holder.stdout is not None
            holder.stdout.readline()

        case.setup = setup_lock
    try:
        return sweep.run(case)
    finally:
        if holder is not None:
            holder.kill()
            holder.wait()


def markdown(summary: dict[str, dict[str, int]], total: dict[str, int]) -> str:
    """The table of docs/benchmarks.md."""
    lines = ["| class | inputs tried | handled cleanly | failed |", "|---|---:|---:|---:|"]
    for cls, row in summary.items():
        lines.append(f"| {cls} | {row['tried']} | {row['clean']} | {row['failed']} |")
    lines.append(
        f"| **all** | **{total['tried']}** | **{total['clean']}** | **{total['failed']}** |"
    )
    return "\n".join(lines)


def main() -> int:
    global KEEP, CACHE_TEMPLATE
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--only", default="", help="generators to run, comma-separated: " + ", ".join(GENERATORS)
    )
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--keep", action="store_true", help="keep the folders of failed cases")
    ap.add_argument("--out", type=Path, default=RESULTS)
    ap.add_argument("--match", default="", help="run only cases whose command contains this")
    opts = ap.parse_args()
    KEEP = opts.keep
    names = [n for n in opts.only.split(",") if n] or list(GENERATORS)
    base = Path(tempfile.mkdtemp(prefix="wordkit-hostile-"))
    sweep = Sweep(base, opts.timeout)
    start = time.monotonic()
    print(f"building fixtures in {base}", flush=True)
    sweep.build_template()
    CACHE_TEMPLATE = base / "cache-template"
    CACHE_TEMPLATE.mkdir()
    env = {"WORDKIT_CACHE": str(CACHE_TEMPLATE)}
    sweep.run_quiet(["stats", "wordle", *WL, "--openers", "top:2"], sweep.template, env=env)
    sweep.run_quiet(["stats", "wordle", *WL, "--tree", "x.json"], sweep.template, env=env)
    (sweep.template / "x.json").unlink()
    results: list[dict[str, object]] = []
    for name in names:
        cases = [resolve(c, sweep) for c in GENERATORS[name]()]
        if opts.match:
            cases = [c for c in cases if opts.match in c.command()]
        for case in cases:
            result = run_case(sweep, case)
            results.append(result)
            if not result["ok"]:
                print(
                    f"FAIL [{result['class']}] {result['why']}: {result['command'][:300]}",
                    flush=True,
                )
                for line in result["stderr"][-3:]:  # type: ignore[index]
                    print(f"    {str(line)[:300]}", flush=True)
    summary: dict[str, dict[str, int]] = {}
    for r in results:
        row = summary.setdefault(str(r["class"]), {"tried": 0, "clean": 0, "failed": 0})
        row["tried"] += 1
        row["clean" if r["ok"] else "failed"] += 1
    total = {k: sum(row[k] for row in summary.values()) for k in ("tried", "clean", "failed")}
    print(f"\n{'class':<26}{'tried':>8}{'clean':>8}{'failed':>8}")
    for cls, row in summary.items():
        print(f"{cls:<26}{row['tried']:>8}{row['clean']:>8}{row['failed']:>8}")
    print(f"{'all':<26}{total['tried']:>8}{total['clean']:>8}{total['failed']:>8}")
    print(f"{time.monotonic() - start:.0f} s")
    if not opts.match and not opts.only:
        opts.out.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "command": COMMAND,
            "python": sys.version.split()[0],
            "as_root": hasattr(os, "geteuid") and os.geteuid() == 0,
            "summary": summary,
            "total": total,
            "failures": [r for r in results if not r["ok"]],
        }
        opts.out.write_text(
            json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        write_tables(opts.out, COMMAND, markdown(summary, total))
    if not KEEP:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
