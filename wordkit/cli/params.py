"""Plain option values (str, int, float, bool, list[str]) parsed without pydantic.

Typer 0.29 coerces every value through a pydantic `TypeAdapter`, and building one imports
pydantic (~60 ms a run, more than the work of a one-shot `solve`). For the plain values
wordkit declares, a value whose meaning is unambiguous (`12`, `0.5`, any `str`) is taken
here; anything else (`1_000`, ` 5`, `abc`) goes to Typer's own coercion, so what is accepted
and every `Invalid value` message stay Typer's. This leans on Typer internals (pinned in
pyproject.toml): if they change, `install` does nothing and tests/test_cli_params.py fails.
"""

from __future__ import annotations

import re
from typing import Any

_INT = re.compile(r"[+-]?[0-9]{1,18}")
_FLOAT = re.compile(r"[+-]?(?:[0-9]{1,18}\.?[0-9]{0,18}|\.[0-9]{1,18})(?:[eE][+-]?[0-9]{1,3})?")
_EXACT = 2**53
"""The largest int taken as a float here (beyond it, a float may not hold it exactly)."""

MISS: Any = object()
"""`plain_value`'s answer for a value left to Typer."""


def plain_value(annotation: Any, value: Any) -> Any:
    """`value` as Typer would coerce it to `annotation`, when that is unambiguous; else MISS."""
    if annotation is str:
        return value if isinstance(value, str) else MISS
    if annotation is bool:
        return value if isinstance(value, bool) else MISS
    if isinstance(value, bool):
        return MISS
    if annotation is int:
        if isinstance(value, int) or (isinstance(value, str) and _INT.fullmatch(value)):
            return int(value)
        return MISS
    if annotation is float:
        if isinstance(value, float) or (isinstance(value, str) and _FLOAT.fullmatch(value)):
            return float(value)
        return float(value) if isinstance(value, int) and abs(value) <= _EXACT else MISS
    if annotation == list[str] and isinstance(value, list | tuple):
        return list(value) if all(isinstance(v, str) for v in value) else MISS
    return MISS


def _is_plain(descriptor: Any) -> bool:
    """Whether a parameter is a plain value with no parser, range, file, path or choices."""
    info = descriptor.parameter_info
    return (
        descriptor.annotation in (str, int, float, bool, list[str])
        and info.parser is None
        and info.min is None
        and info.max is None
        and not info.clamp
        and not descriptor.is_file
        and not descriptor.is_path
        and not descriptor.is_choice
    )


def _runtime_class() -> type | None:
    """Typer's runtime coercion with plain values taken first, or None if Typer changed."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:
        return None

    class PlainRuntimeParam(RuntimeParam):
        """Typer's coercion of one parameter, plain values first."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            plain = plain_value(self.annotation, value)
            if plain is not MISS:
                return plain
            typer_own = build_runtime_param(param.type_descriptor)
            param._runtime_param = typer_own  # the rest of this run's values go there directly
            return typer_own._coerce_value(value, param=param, ctx=ctx)

    return PlainRuntimeParam


_RUNTIME = _runtime_class()


def install(params: list[Any]) -> int:
    """Give each plain parameter (not yet coerced) the fast coercion; how many were given it."""
    if _RUNTIME is None:
        return 0
    given = 0
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if getattr(param, "_runtime_param", False) is not None or descriptor is None:
            continue
        if not _is_plain(descriptor):
            continue
        try:
            param._runtime_param = _RUNTIME(
                annotation=descriptor.annotation, parameter_info=descriptor.parameter_info
            )
        except TypeError:  # Typer's RuntimeParam has changed shape: keep Typer's own
            return given
        given += 1
    return given
