"""Every command documents itself with help text and an example."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from wordkit.cli import app

runner = CliRunner()


def command_paths() -> list[list[str]]:
    """Every command and sub-command of the app, as argument lists."""
    root = typer.main.get_command(app)
    paths: list[list[str]] = []

    def walk(cmd: object, prefix: list[str]) -> None:
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                walk(sub, [*prefix, name])
        else:
            paths.append(prefix)

    walk(root, [])
    return paths


def test_there_are_commands() -> None:
    assert ["prepare"] in command_paths()


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p))
def test_help_has_text_and_an_example(path: list[str]) -> None:
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"wordkit {' '.join(path)}" in result.stdout


def test_version_and_module_entry() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("wordkit ")


@pytest.mark.parametrize(
    ("raised", "said"),
    [(RuntimeError("Could not determine home directory."), "Could not determine home directory."),
     (PermissionError(13, "Permission denied", "/home/u/.bashrc"),
      "/home/u/.bashrc: Permission denied")],
)  # fmt: skip
def test_a_completion_that_cannot_be_installed_is_one_error_line(
    monkeypatch: pytest.MonkeyPatch, raised: Exception, said: str
) -> None:
    """No home gave a traceback, a read-only one 'cannot write the output'."""
    from pathlib import Path

    def home() -> Path:
        raise raised

    from typer import _completion_shared

    monkeypatch.setattr(Path, "home", staticmethod(home))
    # the shell found from the process tree (sh under make: not one Typer completes)
    monkeypatch.setattr(_completion_shared, "_get_shell_name", lambda: "bash")
    result = runner.invoke(app, ["--install-completion"])
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: cannot install the shell completion: {said}\n",
    )


def test_help_imports_nothing_heavy() -> None:
    """`wordkit --help` starts at once: no numpy, pandas or rich before a command runs."""
    import subprocess
    import sys

    code = (
        "import sys; from typer.testing import CliRunner; from wordkit.cli import app; "
        "CliRunner().invoke(app, ['--help']); "
        "print(sorted(m for m in ('numpy', 'pandas', 'rich', 'tqdm') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
