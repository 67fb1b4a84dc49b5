"""``pinochle meld``: the meld of a hand (or of every hand in a file) for each trump, with a breakdown."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.api.meld import meld_report
from analyzer.cards import SUITS
from analyzer.cli.common import console, emit_json, load_rules, read_lines, table
from analyzer.cli.options import SEATS_HELP, OptionsOpt, RulesOpt
from analyzer.errors import UserError
from analyzer.rules import RuleSet


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


def register(app: typer.Typer) -> None:
    @app.command("meld", epilog=SEATS_HELP)
    def meld_cmd(
        hand: Annotated[str | None, typer.Option("--hand", "-H", help='the cards, e.g. "AS TS KS ..."')] = None,
        rules: RulesOpt = "auction",
        option: OptionsOpt = None,
        file: Annotated[Path | None, typer.Option("--file", "-f", help="count one hand per line")] = None,
        json_out: Annotated[bool, typer.Option("--json", help="print JSON (JSON Lines with --file)")] = False,
    ) -> None:
        """Meld of a hand for every trump, with the melds that make it up."""
        rs = load_rules(rules, option)
        if (hand is None) == (file is None):
            raise UserError('give a hand with --hand "AS TS ..." or a file of hands with --file hands.txt')
        if hand is not None:
            rep = meld_report(hand, rs)
            emit_json(rep) if json_out else _print(rep, rs)
            return
        reports = []
        for no, line in enumerate(read_lines(file, "hands file"), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                reports.append(meld_report(line, rs))
            except UserError as e:
                raise UserError(f"{file}:{no}: {e}") from None
        if not reports:
            raise UserError(f"{file} holds no hand: write one hand per line, e.g. AS TS KS QS JS 9S ...")
        for rep in reports:
            emit_json(rep) if json_out else _print(rep, rs)
