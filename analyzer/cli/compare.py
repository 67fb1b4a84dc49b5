"""``pinochle compare``: the same deals under several rule settings, side by side, with paired differences."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.api import METRICS, QUESTIONS, Comparison, comparison
from analyzer.cli.common import (
    check_output,
    console,
    emit_json,
    print_notes,
    styled,
    table,
)
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP, JsonOpt

LABELS = {
    "meld": "meld (seat 0, trump played)", "side_meld": "side meld", "trick_points": "trick points",
    "total": "meld + tricks",
    "meld_share": "share from meld", "make_rate": "make rate at typical bid", "bid_share": "hands worth the opening",
}
PERCENT = {"meld_share", "make_rate", "bid_share"}


def fmt(metric: str, v: float, sign: bool = False) -> str:
    """A figure: percentages for shares, two decimals otherwise."""
    if metric in PERCENT:
        return f"{100 * v:+.1f}%" if sign else f"{100 * v:.1f}%"
    return f"{v:+.2f}" if sign else f"{v:.2f}"


def print_comparison(c: Comparison) -> None:
    """The comparison as a rich table: each setting's figures, then each difference with its interval."""
    base = c.baseline
    console.print(styled((base.rules.name, "bold"), f" — {c.samples:,} random deals per setting, seed {c.seed}; "
                         f"baseline {base.label}"))
    t = table(title="Figures per setting (95% intervals)")
    t.add_column("metric")
    for f in c.figures:
        t.add_column(f.setting.label + ("" if f.paired else " (unpaired)"), justify="right")
    for m in METRICS:
        if m not in c.figures[0].estimates:
            continue
        cells = []
        for f in c.figures:
            e = f.estimates.get(m)
            cells.append("—" if e is None else f"{fmt(m, e.mean)} ±{fmt(m, e.hi - e.mean)}")
        t.add_row(LABELS[m], *cells)
    console.print(t)
    d = table(title=f"Difference from {base.label} (95% interval)")
    d.add_column("metric")
    for f in c.figures[1:]:
        d.add_column(f.setting.label + (" (paired)" if f.paired else " (unpaired)"), justify="right")
    for m in METRICS:
        if m not in c.figures[0].estimates:
            continue
        cells = []
        for diff in c.differences[1:]:
            e = diff.get(m)
            cells.append("—" if e is None else f"{fmt(m, e.mean, True)} ({fmt(m, e.lo, True)} to {fmt(m, e.hi, True)})")
        d.add_row(LABELS[m], *cells)
    console.print(d)
    if c.hands:
        h = table(title="How high the hand may bid (the advisor's ceiling, same seed)")
        h.add_column("hand")
        for s in c.settings:
            h.add_column(s.label, justify="right")
        for hand, adv in c.hands.items():
            h.add_row(hand, *[a.short() for a in adv])
        console.print(h)
    print_notes(c.notes)


def compare(*, json_out: bool, out: Path | None, **values) -> None:
    """Compare rule settings on the same deals: meld, trick points, make rate, with paired differences."""
    check_output(out, "--out")
    c = comparison(values, "cli", progress=not json_out, out=out)
    if json_out:
        emit_json(c.as_dict())
    else:
        print_comparison(c)


def register(app: typer.Typer) -> None:
    command(app, "compare", QUESTIONS["compare"], compare, epilog=SEATS_HELP, own={
        "json_out": (JsonOpt, False),
        "out": (Annotated[Path | None, typer.Option("--out", help="save every setting's per-deal columns (parquet)")],
                None)})
