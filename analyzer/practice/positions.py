"""The shipped practice positions (``positions.json``, made by ``reports/practice/make_positions.py``): read once,
one dealt by its number (:func:`deal`, the question without its answer), and a choice judged (:func:`judge`: every
option's stored figures and what the choice cost against the advisor's best)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from analyzer.errors import UserError

#: the file of the shipped set (package data of :mod:`analyzer.practice`)
FILE = "positions.json"


@cache
def shipped() -> dict[str, Any]:
    """The shipped set: ``{"rule": ..., "made_by": ..., "kept": {rules: n}, "positions": [...]}``."""
    return json.loads(resources.files("analyzer.practice").joinpath(FILE).read_text(encoding="utf-8"))


def positions(rules: str | None = None) -> list[dict[str, Any]]:
    """The positions of one rule set (None: all), in the set's order."""
    return [p for p in shipped()["positions"] if rules is None or p["rules"] == rules]


def find(pid: str) -> dict[str, Any]:
    """The position with id ``pid``; UserError naming the id."""
    for p in shipped()["positions"]:
        if p["id"] == pid:
            return p
    raise UserError(f"id: no practice position {pid[:40]!r}")


def deal(rules: str | None, number: int) -> dict[str, Any]:
    """Position ``number`` (taken round the rule set's positions) as the player sees it: the question and the
    options' names, no figures. UserError for a rule set with none."""
    ps = positions(rules)
    if not ps:
        have = ", ".join(sorted(shipped()["kept"]))
        raise UserError(f"rules: no practice positions for {rules!r}: there are some for {have}")
    p = ps[number % len(ps)]
    return {"id": p["id"], "rules": p["rules"], "options": p["options"], "kind": p["kind"], "where": p["where"],
            "question": p["question"], "choices": [{"choice": o["choice"], "label": o["label"]} for o in p["answer"]
                                                   ["options"]], "of": len(ps), "number": number % len(ps)}


def judge(pid: str, choice: str) -> dict[str, Any]:
    """A choice at position ``pid``: every option's stored figures (the best first, as the advice ranks them), the
    best, and the choice's cost -- its expected loss against the best with its 95% interval (0 for the best or an
    option whose outcome is the best's on every deal); UserError for a choice that is not an option there."""
    p = find(pid)
    a = p["answer"]
    opts = a["options"]
    names = [o["choice"] for o in opts]
    c = str(choice).strip()
    if c.upper() in names:
        c = c.upper()
    if c not in names:
        raise UserError(f"choice: {c[:20]!r} is not an option here: {' '.join(names)}")
    chosen = opts[names.index(c)]
    cost = chosen["loss"]
    return {"id": pid, "kind": p["kind"], "measure": a["measure"], "best": a["best"], "chosen": c,
            "cost": cost, "best_choice": cost["mean"] == 0.0 and cost["hi"] == 0.0, "deals": a["deals"],
            "options": sorted(opts, key=lambda o: o["loss"]["mean"]), "source": p["source"]}
