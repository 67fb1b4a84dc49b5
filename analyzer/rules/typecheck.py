"""Checking TOML values against the schema's types: the conversion of a value to a field's type hint (and range),
and a TOML table to a schema dataclass, each mistake a :class:`SchemaError` naming the key and what to write
instead (the nearest valid name for an unknown one). The sections themselves are :mod:`analyzer.rules.schema`'s."""

from __future__ import annotations

import difflib
import functools
import types
import typing
from dataclasses import MISSING, fields
from typing import Any, Literal


class SchemaError(ValueError):
    """A rule dict that does not fit the schema; the message names the key and what to write instead."""


def nearest(word: str, choices: typing.Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or an empty string."""
    m = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {m[0]!r}?)" if m else ""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def expect(path: str, what: str, value: Any) -> SchemaError:
    return SchemaError(f"{path} must be {what}, not {_show(value)} ({_kind(value)})")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _convert(value: Any, hint: Any, path: str, meta: Any) -> Any:
    """``value`` checked against the type ``hint`` (and the range in ``meta``); SchemaError otherwise."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        alts = [a for a in args if a is not type(None)]
        errors = []
        for a in alts:
            try:
                return _convert(value, a, path, meta)
            except SchemaError as e:
                errors.append(e)
        if len(alts) == 1:
            raise errors[0]
        raise expect(path, " or ".join(_what(a) for a in alts), value)
    if origin is Literal:
        if value in args and type(value) is type(args[0]):
            return value
        raise SchemaError(f"{path} must be one of {', '.join(_show(a) for a in args)}, not {_show(value)}"
                          + nearest(str(value), [str(a) for a in args]))
    if hint is bool:
        if not isinstance(value, bool):
            raise expect(path, "true or false", value)
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise expect(path, "a whole number", value)
        lo, hi = (meta or {}).get("range", (None, None))
        if lo is not None and not lo <= value <= hi:
            raise SchemaError(f"{path} must lie between {lo} and {hi}, not {value}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise expect(path, "a number", value)
        lo, hi = (meta or {}).get("range", (None, None))
        if lo is not None and not lo <= value <= hi:
            raise SchemaError(f"{path} must lie between {lo} and {hi}, not {value}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise expect(path, "text in quotes", value)
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise expect(path, "a list [...]", value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(v, args[0], f"{path}[{i}]", meta) for i, v in enumerate(value))
        if len(value) != len(args):
            raise SchemaError(f"{path} must be a list of {len(args)} entries, not {_show(value)}")
        return tuple(_convert(v, a, f"{path}[{i}]", meta) for i, (v, a) in enumerate(zip(value, args, strict=True)))
    if origin is dict:
        if not isinstance(value, dict):
            raise expect(path, "a table { key = value }", value)
        return {str(k): _convert(v, args[1], f"{path}.{k}", meta) for k, v in value.items()}
    if isinstance(hint, type) and hasattr(hint, "__dataclass_fields__"):
        return section_of(value, hint, path)
    raise TypeError(f"schema type {hint!r} not handled")  # pragma: no cover - a schema bug, not user input


def _what(hint: Any) -> str:
    return {int: "a whole number", float: "a number", str: "text", bool: "true or false"}.get(hint, str(hint))


def section_of(value: Any, cls: type, path: str) -> Any:
    """A dataclass of the schema from a TOML table: unknown keys, missing keys and every value checked."""
    where = f"[{path}]" if path else "the top level"
    if not isinstance(value, dict):
        raise expect(path or "the file", "a table", value)
    hints = _hints(cls)
    names = [f.name for f in fields(cls)]
    for k in value:
        if k not in names:
            raise SchemaError(f"unknown key {k!r} in {where}{nearest(k, names)}; its keys are {', '.join(names)}")
    kw = {}
    for f in fields(cls):
        p = f"{path}.{f.name}" if path else f.name
        if f.name in value:
            kw[f.name] = _convert(value[f.name], hints[f.name], p, f.metadata)
        elif f.default is MISSING and f.default_factory is MISSING:
            raise SchemaError(f"{where} needs {f.name} ({f.metadata.get('doc', '')})")
    return cls(**kw)


__all__ = ["SchemaError", "nearest", "section_of", "expect"]
