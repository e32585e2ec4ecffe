"""Plain option values (str, int, float, bool, list[str]) parsed without pydantic: Typer 0.29
builds a pydantic `TypeAdapter` per value (~60 ms a run, more than a one-shot `solve`). A
value whose meaning is plain (`12`, `0.5`, any str) is taken here, anything else (`1_000`,
` 5`, `abc`) goes to Typer, so what is accepted and every message stay Typer's. This leans on
Typer internals (pinned): if they change, `install` does nothing (tests/test_cli_params.py)."""

from __future__ import annotations

import re
from typing import Any

_INT = re.compile(r"[+-]?[0-9]{1,18}")
_FLOAT = re.compile(r"[+-]?(?:[0-9]{1,18}\.?[0-9]{0,18}|\.[0-9]{1,18})(?:[eE][+-]?[0-9]{1,3})?")
MISS: Any = object()
"""`plain_value`'s answer for a value left to Typer."""


def plain_value(annotation: Any, value: Any) -> Any:
    """`value` as Typer would coerce it to `annotation`, when that is plain; else MISS."""
    if annotation in (str, bool):
        return value if isinstance(value, annotation) else MISS
    text = isinstance(value, str)
    if annotation is int and not isinstance(value, bool):
        return int(value) if isinstance(value, int) or (text and _INT.fullmatch(value)) else MISS
    if annotation is float and not isinstance(value, bool):
        if isinstance(value, float) or (text and _FLOAT.fullmatch(value)):
            return float(value)
        return float(value) if isinstance(value, int) and abs(value) <= 2**53 else MISS
    if annotation == list[str] and isinstance(value, list | tuple):
        return list(value) if all(isinstance(v, str) for v in value) else MISS
    return MISS


def _runtime_class() -> type | None:
    """Typer's coercion of one parameter with plain values taken first (None: Typer changed)."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:
        return None

    class PlainRuntimeParam(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            plain = plain_value(self.annotation, value)
            if plain is not MISS:
                return plain
            param._runtime_param = build_runtime_param(param.type_descriptor)  # Typer's own
            return param._runtime_param._coerce_value(value, param=param, ctx=ctx)

    return PlainRuntimeParam


_RUNTIME = _runtime_class()


def install(params: list[Any]) -> int:
    """Give each plain parameter not yet coerced the fast coercion; how many were given it."""
    if (runtime := _RUNTIME) is None:
        return 0
    given = 0
    for param in params:
        kind: Any = getattr(param, "type_descriptor", None)
        info = getattr(kind, "parameter_info", None)
        if getattr(param, "_runtime_param", False) is not None or info is None:
            continue
        bounded = info.parser or info.min is not None or info.max is not None or info.clamp
        if kind.annotation not in (str, int, float, bool, list[str]) or bounded:
            continue
        if kind.is_file or kind.is_path or kind.is_choice:
            continue
        try:
            param._runtime_param = runtime(annotation=kind.annotation, parameter_info=info)
        except TypeError:  # Typer's RuntimeParam changed shape: keep Typer's own
            return given
        given += 1
    return given
