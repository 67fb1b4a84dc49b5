"""A question's fields, declared once: each field's name, type, range, default and help.

A *field* is one input of a question (``samples``, ``max_nodes``, ``seat``, ...). It is declared here, or in
:mod:`analyzer.request.parts`, exactly once; everything else is derived from the declaration: the command
line's option (``--max-nodes``, its help and default, :mod:`analyzer.cli.derive`), the page's body field
(``max_nodes``, :mod:`analyzer.web.requests`), and the one check of a value a front end gave
(:meth:`Field.check`), whose message names the field in the words of the front end that asked
(:class:`Words`). A default that the rule data holds (``[advice] play_samples``) is a :class:`FromRules`: the
front ends leave the value out and the request reads it from the rule set, so no layer below holds a default
of its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, Literal

from analyzer.errors import UserError, field_name

#: the front ends' vocabularies: the command line's flags (``--max-nodes``) or the JSON fields (``max_nodes``)
Front = Literal["cli", "json"]
#: the kinds of value a field holds (``list``: a repeatable text option, a JSON list of texts; ``path``: a file the
#: command line reads, never the page's)
Kind = Literal["int", "float", "str", "bool", "list", "path"]


@dataclass(frozen=True)
class FromRules:
    """A default the rule set holds: ``read(rules)`` gives it, ``says`` names it in a help text."""

    read: Callable[[Any], Any]
    says: str


@dataclass(frozen=True)
class Field:
    """One input of a question.

    ``name`` is the JSON field and the keyword (the command line's flag is ``--`` and the name with dashes,
    unless ``flag`` says otherwise; ``short`` is a one-letter alias such as ``-H``); ``kind`` its type;
    ``default`` its value when a front end leaves it out (None: none, or a :class:`FromRules`); ``lo`` and
    ``hi`` the range of a number (``why_hi``: why the top is there), ``choices`` the values a text may take;
    ``required``: a front end must give it. ``web`` False: the command line's alone (where a run goes, files)."""

    name: str
    kind: Kind
    help: str
    default: Any = None
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()
    short: str | None = None
    flag: str | None = None
    required: bool = False
    web: bool = True
    why_hi: str = ""

    def __post_init__(self) -> None:
        if self.flag is not None:
            FLAGS.setdefault(self.name, self.flag.split("/")[0])

    @property
    def cli_flag(self) -> str:
        """The command line's spelling: ``--max-nodes``."""
        return self.flag or "--" + self.name.replace("_", "-")

    def help_text(self) -> str:
        """The help with the default said (a rule-data default by where it is read)."""
        if isinstance(self.default, FromRules):
            return f"{self.help} (default: {self.default.says})"
        return self.help

    def default_for(self, rules: Any) -> Any:
        """The value when the front end leaves it out (read from ``rules`` where the rule data holds it; None
        while the rule set is not known yet: the request reads it then)."""
        if isinstance(self.default, FromRules):
            return None if rules is None else self.default.read(rules)
        return self.default

    def check(self, value: Any, rules: Any = None) -> Any:
        """``value`` checked against the declaration (None: the default, read from ``rules`` where the rule data
        holds it); UserError naming the field (:func:`analyzer.errors.field_name`) otherwise."""
        if value is None:
            if self.required:
                raise UserError(f"give {field_name(self.name)}: {self.help}")
            return self.default_for(rules)
        me = field_name(self.name)
        if self.kind in ("int", "float"):
            whole = self.kind == "int"
            if isinstance(value, bool) or not isinstance(value, int if whole else int | float) or (
                    not whole and math.isnan(value)):
                raise UserError(f"{me} must be {'a whole number' if whole else 'a number'}, not {value!r}")
            self._in_range(value, me)
            return value if whole else float(value)
        if self.kind == "bool" and not isinstance(value, bool):
            raise UserError(f"{me} is true or false, not {value!r}")
        if self.kind == "str":
            if not isinstance(value, str):
                raise UserError(f"{me} must be text, not {value!r}")
            if self.choices and value not in self.choices:
                what = self.name.replace("_", " ")
                raise UserError(f"unknown {what} {value!r}: use one of {', '.join(self.choices)}")
        if self.kind == "list":
            if isinstance(value, str) or not all(isinstance(v, str) for v in value):
                raise UserError(f"{me} is a list of texts, not {value!r}")
            return list(value)
        if self.kind == "path":
            if not isinstance(value, str | PurePath):
                raise UserError(f"{me} must be a file name, not {value!r}")
            return Path(value)
        return value

    def _in_range(self, value: float, me: str) -> None:
        lo, hi = self.lo, self.hi
        narrow = lo is not None and hi is not None and hi - lo <= 1000
        if (lo is not None and value < lo) or (narrow and value > hi):
            if narrow:
                raise UserError(f"{me} must lie between {lo:g} and {hi:g}, not {value!r}")
            raise UserError(f"{me} must be at least {lo:g}, not {value!r}")
        if hi is not None and value > hi:
            why = f" ({self.why_hi})" if self.why_hi else ""
            raise UserError(f"{me} {value:,} is over the limit of {hi:,}{why}")


@dataclass(frozen=True)
class Fields:
    """The fields of one question, in the order its front ends show them."""

    items: tuple[Field, ...]

    def __post_init__(self) -> None:
        names = [f.name for f in self.items]
        assert len(set(names)) == len(names), f"a field declared twice in one question: {names}"

    def __iter__(self):
        return iter(self.items)

    def __getitem__(self, name: str) -> Field:
        for f in self.items:
            if f.name == name:
                return f
        raise KeyError(name)

    def __add__(self, other: Fields) -> Fields:
        return Fields(self.items + other.items)

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.items)

    def check(self, values: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
        """Every field's value checked (:meth:`Field.check`); a name that is no field of the question is a
        programming error (the front ends are derived from the same fields)."""
        unknown = set(values) - set(self.names())
        assert not unknown, f"not fields of this question: {sorted(unknown)}"
        return {f.name: f.check(values.get(f.name), rules) for f in self.items}


#: the flag of each field declared with one of its own (``options`` -> ``--option``), filled as fields are declared
FLAGS: dict[str, str] = {}
