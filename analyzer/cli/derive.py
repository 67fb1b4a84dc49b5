"""A command's options derived from its question's fields (:mod:`analyzer.request.parts`): the flag, its alias,
help and default come from the one declaration; the command adds only what is its own (``--json``, output
files) and receives every value by field name."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from analyzer.api import Field, Fields, FromRules

_TYPES: dict[str, Any] = {"int": int, "float": float, "str": str, "bool": bool, "list": list[str], "path": Path}
#: where a value came from, in click's words, when the user gave it (not its default)
_GIVEN = {"COMMANDLINE", "ENVIRONMENT", "PROMPT"}


def annotated(f: Field, argument: bool = False) -> tuple[Any, Any]:
    """The typer annotation of a field's option (``--max-nodes`` with its help) and its default (None where the
    rule data holds it or there is none: the request fills it in). A switch that is on unless turned off
    (``cards``, default true) is the pair ``--cards/--no-cards``. ``argument``: the field is the command's
    positional argument instead (``pinochle rules NAME``)."""
    default = None if isinstance(f.default, FromRules) else f.default
    kind = _TYPES[f.kind]
    if default is None and f.kind != "bool":
        kind = kind | None
    if argument:
        return Annotated[kind, typer.Argument(help=escape(f.help_text()), show_default=default is not None)], default
    flag = f.cli_flag
    if f.kind == "bool" and default is True:
        flag = f"{flag}/--no-{flag.removeprefix('--')}"
    decls = [flag] + ([f.short] if f.short else [])
    return Annotated[kind, typer.Option(*decls, help=escape(f.help_text()), show_default=default is not None)], default


def option(f: Field, argument: bool = False) -> inspect.Parameter:
    """The typer option of a field, as a keyword parameter of a command (``argument``: its positional argument)."""
    ann, default = annotated(f, argument)
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD if argument else inspect.Parameter.KEYWORD_ONLY
    if f.required:
        return inspect.Parameter(f.name, kind, annotation=ann)
    return inspect.Parameter(f.name, kind, annotation=ann, default=default)


def command(app: typer.Typer, name: str, fields: Fields, run: Callable[..., None], *,
            own: dict[str, tuple[Any, Any]] | None = None, epilog: str | None = None,
            arguments: Collection[str] = (), given: str | None = None) -> None:
    """Register ``pinochle NAME`` with an option per field of ``fields`` (their order) and the command's ``own``
    options (``{param: (Annotated type, default)}``, after them); ``run(**values)`` gets every value by name and
    has ``run``'s docstring as the command's help. The fields named in ``arguments`` are positional arguments
    (before the options); with ``given``, ``run`` also gets, as that keyword, the set of the fields the user typed
    (the others hold their declared defaults)."""
    params = [option(f, argument=True) for f in fields if f.name in arguments]
    params += [option(f) for f in fields if f.name not in arguments]
    params += [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, annotation=ann, default=d)
               for p, (ann, d) in (own or {}).items()]
    names = fields.names()
    context = [inspect.Parameter("_ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)] if given else []

    def cmd(**values: Any) -> None:
        if given:
            ctx = values.pop("_ctx")
            typed = {n for n in names if (src := ctx.get_parameter_source(n)) is not None and src.name in _GIVEN}
            values[given] = frozenset(typed)
        run(**values)

    params += context
    cmd.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    cmd.__annotations__ = {p.name: p.annotation for p in params}
    cmd.__doc__ = run.__doc__
    cmd.__name__ = f"{name.replace('-', '_')}_cmd"
    app.command(name, epilog=epilog)(cmd)
