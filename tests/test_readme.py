"""The README's console examples run and print what the README shows; the figures of
docs/benchmarks.md are the bench's own; the README stays a short guide.

Each ```console block is a session: `$ ` lines are commands (a trailing `\\` continues one),
the lines after them are the output expected on stdout and stderr together. A line `...`
stands for any number of lines, and `…` within a line for any text; timings (`1.5 s`, a
`seconds` row) may differ. The commands run with bash in a fresh folder holding the reference
files they name; a block whose files are not on this machine (../shared/data) is skipped with
the reason. Other fences (```sh, indented commands) are shown, not run.

Each ```python block of the README's section `## Python API` runs as a script, in a fresh
folder with a fresh game history; with no such block the test is skipped.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
README = ROOT / "README.md"
BENCHMARKS = ROOT / "docs" / "benchmarks.md"
RESULTS = ROOT / "bench" / "results"
MAX_README_LINES = 400
# Files a README example may name, and where they come from (None: made by the test).
REFERENCE = {
    "worldcities.csv": SHARED / "cities" / "worldcities.csv",
    "answers.txt": SHARED / "wordle" / "answers.txt",
    "allowed.txt": SHARED / "wordle" / "allowed.txt",
    "codewords.csv": SHARED / "codewords" / "words.csv",
    "latin1.txt": None,
}
TIMING = re.compile(r"\d[\d,]*(\.\d+)?(?= ?s\b)|(?<=seconds)(\s*[│|]\s*)\d[\d,]*(\.\d+)?")


@dataclass(frozen=True)
class Example:
    """One command of a console block and the output the README shows for it."""

    block: int
    line: int
    command: str
    expected: list[str]


def examples() -> list[list[Example]]:
    """The console blocks of the README, each a list of examples in order."""
    blocks: list[list[Example]] = []
    lines = README.read_text(encoding="utf-8").splitlines()
    inside = False
    for number, line in enumerate(lines, start=1):
        if line.strip() == "```console":
            inside, block = True, []
            blocks.append(block)
            continue
        if inside and line.strip() == "```":
            inside = False
            continue
        if not inside:
            continue
        if line.startswith("$ "):
            block.append(Example(len(blocks), number, line[2:], []))
        elif block and block[-1].command.endswith("\\") and not block[-1].expected:
            last = block[-1]
            block[-1] = Example(last.block, last.line, last.command[:-1] + line.strip(), [])
        elif block:
            block[-1].expected.append(line)
    return blocks


def normalised(text: str) -> str:
    """A line with its timings blanked and trailing spaces dropped."""
    return TIMING.sub(lambda m: (m.group(2) or "") + "T", text.rstrip())


def line_matches(expected: str, actual: str) -> bool:
    """Whether an output line matches the README's, where `…` in it stands for any text."""
    want, got = normalised(expected), normalised(actual)
    if "…" not in want:
        return want == got
    pattern = ".*".join(re.escape(part) for part in want.split("…"))
    return re.fullmatch(pattern, got) is not None


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether `actual` lines match `expected`, where a `...` line matches any run of lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and line_matches(head, actual[0]) and matches(rest, actual[1:])


def needed_files(block: list[Example]) -> list[str]:
    """The reference files the commands of a block name."""
    text = " ".join(e.command for e in block)
    return [name for name in REFERENCE if re.search(rf"(?<![\w/.-]){re.escape(name)}\b", text)]


BLOCKS = examples()


def environment(folder: Path) -> dict[str, str]:
    """The environment an example runs in: this venv's wordkit first on PATH, a fresh game
    history in `folder`, a fixed terminal width and UTF-8."""
    return {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "XDG_DATA_HOME": str(folder / ".local" / "share"),  # a fresh game history per block
        "COLUMNS": "100",
        "LC_ALL": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
    }


@pytest.mark.full
@pytest.mark.parametrize(
    "block", BLOCKS, ids=[f"README.md:{b[0].line}" if b else "empty" for b in BLOCKS]
)
def test_readme_example(block: list[Example], tmp_path: Path) -> None:
    for name in needed_files(block):
        source = REFERENCE[name]
        if source is None:
            (tmp_path / name).write_bytes("Mäuse\n".encode("latin-1"))
        elif not source.is_file():
            pytest.skip(f"needs {source}, which is not on this machine")
        else:
            (tmp_path / name).symlink_to(source)
    env = environment(tmp_path)
    for example in block:
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", example.command + " 2>&1"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        actual = done.stdout.splitlines()
        assert matches(example.expected, actual), (
            f"README.md line {example.line}: $ {example.command}\n--- README shows:\n"
            + "\n".join(example.expected)
            + "\n--- the command printed:\n"
            + "\n".join(actual)
        )


def test_matching_rules() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert matches([" seconds │ 1.5"], [" seconds │ 12.25  "])
    assert matches(["took 3.98 s cold"], ["took 4.10 s cold"])
    assert not matches(["3.4259"], ["3.4260"])
    assert matches(["folder: …/wordkit"], ["folder: /home/me/.cache/wordkit"])
    assert matches(["size: … MB of 500"], ["size: 0.0 MB of 500"])
    assert not matches(["size: … MB of 500"], ["size: 0.0 MB of 400"])


def test_readme_is_a_short_guide() -> None:
    """The README stays a guide: at most 400 lines, its figures in docs/benchmarks.md."""
    text = README.read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines, more than {MAX_README_LINES}"
    assert "<!-- bench/results/" not in text, "bench tables belong in docs/benchmarks.md"
    assert "docs/benchmarks.md" in text


def test_readme_links_exist() -> None:
    """Every relative link of the README and of docs/benchmarks.md names a file that exists."""
    for doc in (README, BENCHMARKS):
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (doc.parent / target).exists(), f"{doc.name} links to missing {target}"


def bench_tables() -> object:
    """bench/_readme.py, the module that writes the tables into docs/benchmarks.md."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import _readme
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return _readme


def test_benchmark_tables_are_the_bench_tables() -> None:
    """Every figure table in docs/benchmarks.md is a bench's own output (bench/results/NAME.md),
    and every bench's tables are there."""
    tables = bench_tables()
    text = BENCHMARKS.read_text(encoding="utf-8")
    shown = tables.regions(text)  # type: ignore[attr-defined]
    written = sorted(f"bench/results/{p.name}" for p in RESULTS.glob("*.md"))
    assert sorted(shown) == written, "docs/benchmarks.md needs one region per bench/results/*.md"
    stale = tables.stale_regions(text)  # type: ignore[attr-defined]
    assert stale == [], "run python bench/run.py --tables-only"


def test_doddle_figures_are_the_measured_ones() -> None:
    """The doddle comparison quoted in docs/benchmarks.md is bench/doddle.sh's own result."""
    measured = json.loads((RESULTS / "wordle_doddle.json").read_text(encoding="utf-8"))
    text = " ".join(BENCHMARKS.read_text(encoding="utf-8").split())
    doddle, cold, warm = measured["doddle"], measured["wordkit_cold"], measured["wordkit_warm"]
    for figure in (
        f"doddle {doddle['version']}",
        f"{doddle['wall_seconds']} s and {doddle['peak_rss_mb']:,} MB",
        f"{cold['wall_seconds']} s and {cold['peak_rss_mb']:,} MB cold",
        f"{warm['wall_seconds']} s with the pattern matrix cached",
    ):
        assert figure in text, f"docs/benchmarks.md should say {figure!r} (wordle_doddle.json)"


def python_api_blocks() -> list[tuple[int, str]]:
    """The ```python blocks of the README's section `## Python API`: (line, code) each."""
    blocks: list[tuple[int, str]] = []
    inside_section = False
    code: list[str] | None = None
    start = 0
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), start=1):
        if code is None and line.startswith("## "):
            inside_section = line.strip() == "## Python API"
        elif inside_section and code is None and line.strip() == "```python":
            code, start = [], number
        elif code is not None and line.strip() == "```":
            blocks.append((start, "\n".join(code) + "\n"))
            code = None
        elif code is not None:
            code.append(line)
    return blocks


API_BLOCKS = python_api_blocks()


@pytest.mark.parametrize(
    "block", API_BLOCKS or [None], ids=[f"README.md:{n}" for n, _ in API_BLOCKS] or ["none"]
)
def test_readme_python_api_example(block: tuple[int, str] | None, tmp_path: Path) -> None:
    if block is None:
        pytest.skip("the README's section Python API has no ```python block yet")
    line, code = block
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"README.md line {line}: the Python example failed\n{done.stderr}"
