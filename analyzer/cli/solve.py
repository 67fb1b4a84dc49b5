"""``pinochle solve``: the double-dummy value of a position and of every legal card of the player to move.

One position from the flags, or many from a JSON Lines file (``--file``), solved in parallel and
written as JSON Lines in input order. With ``--line`` (default) also one optimal line of play from the
position (the first card in the solver's move order that keeps the value, at every turn) and each
seat's points and tricks along it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Annotated, Any

import typer

from analyzer.api import QUESTIONS, RuleSet, line_tricks, solve_answer, solve_request
from analyzer.cli.common import console, emit_json, styled, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP


def _print(rep: dict[str, Any], rules: RuleSet) -> None:
    """A position's report for a reader: its value (or bounds, or the answer to --at-least), each card's value,
    the line."""
    side = "+".join(str(s) for s in rep["side"])
    trick = f", trick {' '.join(rep['trick'])}" if rep["trick"] else ""
    console.print(f"{rules.name}: trump {rep['trump']}, seat {rep['to_play']} to play{trick}; "
                  f"points of the declaring side (seat {side})")
    if "at_least" in rep:
        t, made = rep["at_least"], rep["made"]
        what = (f"yes: {rep['lower']} or more" if made else f"no: at most {rep['upper']}" if made is False else
                f"undecided (node budget reached after {rep['nodes']:,} nodes; raise --max-nodes)")
        console.print(styled((f"at least {t}? {what}", "bold"), f"  ({rep['nodes']:,} nodes, {rep['ms']:,.0f} ms)"))
    elif rep["exact"]:
        console.print(styled((f"value {rep['value']}", "bold"), f"  ({rep['nodes']:,} nodes, {rep['ms']:,.0f} ms)"))
    else:
        console.print(styled((f"not exact: between {rep['lower']} and {rep['upper']}", "bold"),
                             f" (node budget reached after {rep['nodes']:,} nodes; raise --max-nodes)"))
    if rep["cards"]:
        tbl = table()
        tbl.add_column("card")
        tbl.add_column("value", justify="right")
        best = rep["value"]
        for name, v in rep["cards"].items():
            tbl.add_row(name + (" *" if v == best else ""), str(v))
        console.print(tbl)
    if rep.get("line"):
        _print_line(rep, rules)


def _print_line(rep: dict[str, Any], rules: RuleSet) -> None:
    """One optimal line, a trick a row (seats in brackets, the winner after the arrow), then each seat's
    points and tricks along it."""
    console.print("one optimal line:")
    for no, (trick, winner) in enumerate(line_tricks(rep, rules), 1):
        shown = " ".join(f"[{seat}] {card}" for seat, card in trick)
        console.print(f"  {no}: {shown} -> {winner}")
    console.print("  " + ", ".join(f"seat {s}: {p} points, {t} tricks" for s, (p, t) in
                                   enumerate(zip(rep["points"], rep["tricks"], strict=True))))


def solve(*, json_out: bool, given: Collection[str], **values: Any) -> None:
    """Double-dummy value of a position (all hands open) and of every legal card to play now."""
    req = solve_request(values, "cli", given)
    reports = solve_answer(req, progress=not json_out)
    if req.file is not None or json_out:
        for rep in reports:
            emit_json(rep)
    else:
        _print(reports[0], req.rules)


def register(app: typer.Typer) -> None:
    command(app, "solve", QUESTIONS["solve"], solve, epilog=SEATS_HELP, given="given",
            own={"json_out": (Annotated[bool, typer.Option("--json", help="print JSON")], False)})
