"""The page's practice mode: a position dealt from the shipped set (:mod:`analyzer.practice`) and a choice judged
against the stored figures of that position, from a front end's values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.errors import UserError


def practice_sets() -> dict[str, Any]:
    """What the shipped set holds: the rule that kept its positions, how many of each kind a rule set, the command
    that made it."""
    from analyzer.practice.positions import shipped

    s = shipped()
    return {"rule": s["rule"], "made_by": s["made_by"], "kept": s["kept"],
            "rules": [r for r, k in s["kept"].items() if sum(k.values())]}


def practice_deal(values: Mapping[str, Any]) -> dict[str, Any]:
    """Position ``number`` of rule set ``rules`` (None: of every rule set) without its answer
    (:func:`analyzer.practice.positions.deal`); UserError naming the field."""
    from analyzer.practice.positions import deal

    number = values.get("number", 0)
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise UserError("number: give a whole number 0 or more")
    return deal(values.get("rules"), number)


def practice_answer(values: Mapping[str, Any]) -> dict[str, Any]:
    """The choice ``choice`` at position ``id`` judged: every option's stored figures and what the choice cost
    (:func:`analyzer.practice.positions.judge`); UserError naming the field."""
    from analyzer.practice.positions import judge

    for k in ("id", "choice"):
        if not isinstance(values.get(k), str) or not values[k].strip():
            raise UserError(f"{k}: give it as text")
    return judge(values["id"], values["choice"])
