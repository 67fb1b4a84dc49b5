"""The rule set a front end names: the command line an id or a house-rule file's path, the page an id (built in, or
a house-rule file shipped with the package) or a house-rule file's text, with the options asked. One reading for
every question and for a hand record's house rules (:func:`analyzer.record.check.game_of`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.errors import UserError, field_name
from analyzer.rules.hands import load_rules
from analyzer.rules.loader import available, house_files, load_shipped, load_text
from analyzer.rules.model import RuleSet


def is_rule_text(name: str) -> bool:
    """Whether a page's ``rules`` value is a house-rule file's text (TOML: it has a ``key = value`` line) rather
    than a rule set's id."""
    return "=" in name or "\n" in name


def rules_asked(name: str, options: list[str] | Mapping[str, Any] | None, front: str = "json",
                reference: bool = False) -> RuleSet:
    """The rule set a front end names, with its options (the command line: ``name=value`` texts, and a house-rule
    file may be named; the page: a mapping, and ``name`` a built-in rule set, a house-rule file shipped with the
    package (:func:`analyzer.rules.loader.house_files`, by id) or a house-rule file's text (:func:`is_rule_text`),
    read by the same loader as the command line's file: the server reads no file a request names;
    ``reference``: the reference games too, such as bridge, the solver's yardstick)."""
    if front == "json":
        opts = {str(k): str(v) for k, v in (options or {}).items()}  # type: ignore[union-attr]
        if isinstance(name, str) and is_rule_text(name):
            return load_text(name, opts, where=f"{field_name('rules')}: the house-rule text")
        ids = available(include_reference=reference)
        if name in ids or name in house_files():
            return load_shipped(name, opts)
        raise UserError(f"unknown rule set {name!r}: use one of {', '.join(ids)}, a house-rule file shipped "
                        f"({', '.join(house_files())}) or a house-rule file's text")
    return load_rules(name, list(options or []))
