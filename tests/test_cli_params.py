"""Plain option values are parsed without pydantic (wordkit.cli.params), exactly as Typer
would: the same values, the same refusals; and the Typer internals this leans on are there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.models import OptionInfo

from wordkit.cli import app, params

PLAIN: list[Any] = [str, int, float, bool, list[str]]

SAMPLES = [
    "0", "7", "+5", "-0", "007", " 5", "5 ", "1_000", "1.0", "1.5", "٣", "1e5", "1E-3", "+.5",
    "5.", ".", "-", "", "nan", "inf", "-inf", "1e400", "0x10", "12345678901234567890123",
    "999999999999999999", "abc", "true", "yes", 0, 3, -2, 2**60, 1.5, True, False, None,
    b"bytes", ("a", "b"), ["a"], (), ("a", 1), "a",
]  # fmt: skip


def _typer_coerced(annotation: Any, value: Any) -> tuple[str, Any]:
    """What Typer's own coercion makes of `value`: ("ok", value) or ("error", message)."""
    from pydantic import ValidationError
    from typer._adapters import build_adapter

    try:
        return "ok", build_adapter(annotation, OptionInfo()).validate_python(value)
    except ValidationError as exc:
        return "error", exc.errors()[0]["msg"]


def _agrees(annotation: Any, value: Any) -> None:
    plain = params.plain_value(annotation, value)
    if plain is params.MISS:
        return  # left to Typer
    outcome, typer_value = _typer_coerced(annotation, value)
    assert outcome == "ok", (annotation, value, typer_value)
    assert type(plain) is type(typer_value) and plain == typer_value, (annotation, value)


@pytest.mark.parametrize("annotation", PLAIN, ids=repr)
@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_plain_values_are_what_typer_makes_of_them(annotation: Any, value: Any) -> None:
    _agrees(annotation, value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789+-._eE xn٣", max_size=12))
def test_numbers_typed_by_hand_are_what_typer_makes_of_them(text: str) -> None:
    _agrees(int, text)
    _agrees(float, text)


def test_common_values_take_the_fast_path() -> None:
    assert params.plain_value(int, "12") == 12 and params.plain_value(float, "0.5") == 0.5
    assert params.plain_value(float, 2) == 2.0 and params.plain_value(str, "x") == "x"
    assert params.plain_value(list[str], ("a", "b")) == ["a", "b"]


def _typer_params() -> list[Any]:
    """Every Typer parameter of every command and group, help options included."""
    root = typer.main.get_command(app)
    found: list[Any] = []

    def walk(command: Any) -> None:
        context = command.make_context("wordkit", [], resilient_parsing=True)
        found.extend(command.get_params(context))
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(root)
    return found


def test_typer_internals_are_still_there() -> None:
    """If this fails, Typer changed the internals wordkit.cli.params relies on: every value
    would still parse (through pydantic), but one-shot commands would be ~60 ms slower.
    Adapt params.py to the new Typer, or drop it and the pin in pyproject.toml."""
    from typer._coercion import RuntimeParam, build_runtime_param
    from typer.core import _TyperParameter

    assert params._RUNTIME is not None and issubclass(params._RUNTIME, RuntimeParam)
    assert callable(build_runtime_param) and callable(_TyperParameter.get_runtime_param)
    found = _typer_params()
    assert found and all(isinstance(p, _TyperParameter) for p in found)
    for param in found:
        param._runtime_param = None
    assert params.install(found) == len(found)  # every wordkit option is a plain value
    assert all(isinstance(p.get_runtime_param(), params._RUNTIME) for p in found)


def test_one_shot_commands_import_no_pydantic(fixtures: Path) -> None:
    probe = (
        "import sys\n"
        "sys.argv = ['wordkit', *sys.argv[1:]]\n"
        "from wordkit.cli import app\n"
        "try:\n    app()\nexcept SystemExit as exc:\n    code = exc.code\n"
        "print('pydantic' in sys.modules, code)\n"
    )
    words = str(fixtures / "cli_hangman.csv")
    for args in (
        ["query", "hangman", "--words", words, "--lives", "5", "apple"],
        ["solve", "hangman", "--words", words, "--mask", "a___e", "--json"],
    ):
        done = subprocess.run(
            [sys.executable, "-c", probe, *args], capture_output=True, text=True, check=False
        )
        assert done.stdout.splitlines()[-1] == "False 0", (args, done.stdout, done.stderr)
