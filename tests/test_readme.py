"""The README's console examples run, and print what the README shows.

Each ```console block is a session: `$ ` lines are commands (a trailing `\\` continues one),
the lines after them are the output expected on stdout and stderr together. A line `...`
stands for any number of lines; timings (`1.5 s`, a `seconds` row) may differ. The commands
run with bash in a fresh folder holding the reference files they name; a block whose files
are not on this machine (../shared/data) is skipped with the reason.
"""

from __future__ import annotations

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


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether `actual` lines match `expected`, where a `...` line matches any run of lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and normalised(head) == normalised(actual[0]) and matches(rest, actual[1:])


def needed_files(block: list[Example]) -> list[str]:
    """The reference files the commands of a block name."""
    text = " ".join(e.command for e in block)
    return [name for name in REFERENCE if re.search(rf"(?<![\w/.-]){re.escape(name)}\b", text)]


BLOCKS = examples()


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
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "XDG_DATA_HOME": str(tmp_path / ".local" / "share"),  # a fresh game history per block
        "COLUMNS": "100",
        "LC_ALL": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
    }
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


def test_readme_tables_are_the_bench_tables() -> None:
    """Every figure table in the README is a bench's own output (bench/results/NAME.md)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from _readme import stale_regions
    finally:
        sys.path.remove(str(ROOT / "bench"))
    text = README.read_text(encoding="utf-8")
    assert text.count("<!-- bench/results/") >= 3
    assert stale_regions(text) == [], "run python bench/_readme.py"
