"""``pinochle meld``: the meld of a hand (or of every hand in a file) for each trump, with a breakdown."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from analyzer.api import QUESTIONS, SUITS, RuleSet, meld_reports
from analyzer.cli.common import console, emit_json, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP


def meld_name(item: dict) -> str:
    """A breakdown item's name as ``pinochle rules`` shows it: the rule data's label (else the id, spaced)."""
    return str(item.get("label") or str(item["meld"]).replace("-", " "))


def describe(items: list[dict]) -> str:
    """A breakdown for a reader: ``couple in S 30, aces around ×2 1000``."""
    parts = []
    for i in items:
        where = f" in {i['suit']}" if i["suit"] else ""
        times = f" ×{i['n']}" if i["n"] > 1 else ""
        parts.append(f"{meld_name(i)}{where}{times} {i['points']}")
    return ", ".join(parts) or "—"


def _print(rep: dict, rules: RuleSet) -> None:
    """A hand's meld report as a table: each trump's meld and breakdown, the most marked."""
    best = rep["best"]
    tbl = table(title=f"{rules.name}: {' '.join(rep['hand'])}")
    tbl.add_column("trump")
    tbl.add_column("meld", justify="right")
    tbl.add_column("breakdown")
    for s in SUITS:
        mark = " *" if s in best else ""
        tbl.add_row(s + mark, str(rep["meld"][s]), describe(rep["breakdown"][s]))
    if len(best) > 1:
        tbl.caption = f"* the most meld: a tie between {', '.join(best)} ({rep['meld'][best[0]]} each)"
    else:
        tbl.caption = "* the most meld"
    console.print(tbl)


def meld(*, json_out: bool, **values: Any) -> None:
    """Meld of a hand for every trump, with the melds that make it up."""
    rules, reports = meld_reports(values, "cli")
    for rep in reports:
        emit_json(rep) if json_out else _print(rep, rules)


def register(app: typer.Typer) -> None:
    command(app, "meld", QUESTIONS["meld"], meld, epilog=SEATS_HELP, own={
        "json_out": (Annotated[bool, typer.Option("--json", help="print JSON (JSON Lines with --file)")], False)})
