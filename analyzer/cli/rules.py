"""``pinochle rules``: the rule sets, or one with its options and meld table."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from analyzer.api import QUESTIONS, SUITS, RuleSet, game, rules_catalogue, rules_summary
from analyzer.cli.common import console, emit_json, styled, table
from analyzer.cli.derive import command


def _value_text(d: dict) -> str:
    if "values" in d:
        return " / ".join(str(v) for v in d["values"]) + "  (1, 2, … copies)"
    t = f"{d['value']} each"
    if "trump_value" in d:
        t += f", {d['trump_value']} in trump"
    return t


def _meld_text(d: dict) -> str:
    if d["scope"] == "suit":
        pat = " ".join(r * n for r, n in d["ranks"].items())
        return f"{pat} in {d['suit']} suit" + (f" (best of {d['group']})" if "group" in d else "")
    if d["scope"] == "around":
        return f"{d['rank']} in every suit ({' '.join(SUITS)})"
    return " ".join(d["cards"])


def rules(*, rules: str | None, options: list[str] | None, json_out: bool) -> None:
    """List the rule sets, or show one with its options and meld table."""
    if rules is None:
        rows = rules_catalogue()
        if json_out:
            emit_json(rows)
            return
        t = table(title="Rule sets (pinochle rules NAME shows one)")
        for c in ("id", "game", "summary"):
            t.add_column(c)
        for r in rows:
            t.add_row(r["id"], r["name"], r["summary"])
        console.print(t)
        return
    rs = game(rules, options, "cli")
    d = rules_summary(rs)
    if json_out:
        emit_json(d)
    else:
        _print(rs, d)


def _print(rs: RuleSet, d: dict[str, Any]) -> None:
    """A rule set for a reader: its deck, seats, points, play and bidding rules, options and meld table."""
    console.print(styled((rs.name, "bold"), f" ({rs.id}) — {rs.summary}"))
    console.print(
        f"deck: {' '.join(rs.deck.ranks)} ×{rs.deck.copies} ({rs.deck.size} cards); "
        f"{rs.seats} seats, sides {d['sides']}; {rs.hand_size} cards each"
    )
    pts = " ".join(f"{r}={v}" for r, v in rs.card_points.items())
    conv = f"; trick points converted {list(rs.convert)}" if rs.convert else ""
    console.print(f"card points: {pts}, last trick {rs.last_trick} ({rs.total_points} in all){conv}")
    trumping = ("a player void in the led suit must trump when able" if rs.play.must_trump else
                "a player void in the led suit may discard instead of trumping")
    console.print(f"play: leader {rs.play.leader}, head {rs.play.head}; {trumping}")
    if rs.has_bidding:
        console.print(f"bidding: opening {rs.bidding.opening}, levels {rs.bid_levels()[:8]} …")
        a = rs.advice
        k = a.dd_check_tricks_left
        scope = f"from trick {rs.hand_size - k + 1}" if 0 < k < rs.hand_size else "whole deals"
        console.print(f"pinochle bid's double-dummy check: {'on' if a.dd_by_default else 'off'} by default; "
                      f"{a.dd_check_samples} deals, {scope}, up to {a.dd_check_max_nodes:,} nodes a deal"
                      + (f"; make check {a.dd_make_samples} deals, up to {a.dd_make_max_nodes:,} nodes a search"
                         if a.dd_make_samples else ""))
    if rs.passing.cards:
        first, then = ("the bid winner", "his partner") if rs.passing.bidder_first else \
            ("the bid winner's partner", "the bid winner")
        console.print(f"passing: after trump is named {first} passes {rs.passing.cards} cards to {then}, who passes "
                      f"{rs.passing.cards} back; then the meld")
    ot = table(title="options (--option name=value)")
    for c in ("option", "value", "choices", "meaning"):
        ot.add_column(c)
    for n, o in d["options"].items():
        ot.add_row(n, str(o["value"]), ", ".join(str(c) for c in o["choices"]), o["help"])
    console.print(ot)
    if d["meld"]:
        mt = table(title="meld")
        for c in ("meld", "cards", "points"):
            mt.add_column(c)
        for m in d["meld"]:
            mt.add_row(m["label"], _meld_text(m), _value_text(m))
        console.print(mt)


def register(app: typer.Typer) -> None:
    command(app, "rules", QUESTIONS["rules"], rules, arguments=("rules",), own={
        "json_out": (Annotated[bool, typer.Option("--json", help="print JSON")], False)})
