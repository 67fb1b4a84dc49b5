"""A command's options derived from its question's fields (:mod:`analyzer.request.parts`): the flag, its alias,
help and default come from the one declaration; the command adds only what is its own (``--json``, output
files) and receives every value by field name."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.markup import escape

from analyzer.api import Field, Fields, FromRules

_TYPES: dict[str, Any] = {"int": int, "float": float, "str": str, "bool": bool, "list": list[str]}


def annotated(f: Field) -> tuple[Any, Any]:
    """The typer annotation of a field's option (``--max-nodes`` with its help) and its default (None where the
    rule data holds it or there is none: the request fills it in)."""
    decls = [f.cli_flag] + ([f.short] if f.short else [])
    default = None if isinstance(f.default, FromRules) else f.default
    kind = _TYPES[f.kind]
    if default is None and f.kind != "bool":
        kind = kind | None
    return Annotated[kind, typer.Option(*decls, help=escape(f.help_text()), show_default=default is not None)], default


def option(f: Field) -> inspect.Parameter:
    """The typer option of a field, as a keyword parameter of a command."""
    ann, default = annotated(f)
    if f.required:
        return inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, annotation=ann)
    return inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, annotation=ann, default=default)


def command(app: typer.Typer, name: str, fields: Fields, run: Callable[..., None], *,
            own: dict[str, tuple[Any, Any]] | None = None, epilog: str | None = None) -> None:
    """Register ``pinochle NAME`` with an option per field of ``fields`` (their order) and the command's ``own``
    options (``{param: (Annotated type, default)}``, after them); ``run(**values)`` gets every value by name and
    has ``run``'s docstring as the command's help."""
    params = [option(f) for f in fields]
    params += [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, annotation=ann, default=d)
               for p, (ann, d) in (own or {}).items()]

    def cmd(**values: Any) -> None:
        run(**values)

    cmd.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    cmd.__annotations__ = {p.name: p.annotation for p in params}
    cmd.__doc__ = run.__doc__
    cmd.__name__ = f"{name.replace('-', '_')}_cmd"
    app.command(name, epilog=epilog)(cmd)
