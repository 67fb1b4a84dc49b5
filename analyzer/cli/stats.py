"""``pinochle stats``: meld, holdings (with exact values), trick points and bid levels over random deals."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.api import QUESTIONS, SUIT_NAMES, SUITS, MeldStats, fraction_text
from analyzer.api import stats as api_stats
from analyzer.cli.common import check_output, console, emit_json, print_notes, quantile_text, styled, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP, JsonOpt


def _q(d: dict[float, float], p: float) -> str:
    return quantile_text(d[p])


def print_stats(st: MeldStats) -> None:
    """The statistics as rich tables."""
    rs = st.rules
    console.print(styled((rs.name, "bold"), f" ({rs.option_text() or 'default options'}) — {st.samples:,} random "
                         f"deals, seed {st.seed}"))
    t = table(title=f"Meld of a hand (seat 0): in its best trump, and with {SUITS[st.trump]} as trump (--trump)")
    for c in ("trump", "mean (95%)", "exact mean", "z", "5%", "25%", "median", "75%", "95%", "99%"):
        t.add_column(c, justify="right")
    for label, d in (("best (most meld)", st.best), (f"{SUITS[st.trump]} (--trump)", st.named)):
        exact = "—" if d.exact_mean is None else f"{d.exact_mean:.3f}"
        z = "" if d.exact_mean is None else f"{(d.mean.mean - d.exact_mean) / d.mean.se:+.2f}" if d.mean.se else ""
        t.add_row(label, f"{d.mean.mean:.3f} ±{d.mean.hi - d.mean.mean:.3f}", exact, z,
                  *[_q(d.quantiles, p) for p in (0.05, 0.25, 0.5, 0.75, 0.95, 0.99)])
    console.print(t)

    h = table(title=f"Chance of holding a meld's cards (in {SUITS[st.trump]}: with {SUIT_NAMES[st.trump]} as trump, "
                    "the --trump suit)")
    for c in ("meld", "where", "copies", "Monte Carlo", "95% interval", "exact", "z"):
        h.add_column(c, justify="right" if c not in ("meld", "where") else "left")
    for row in st.holdings:
        e = row.estimate
        where = {None: "", "any": "any suit"}.get(row.where, f"in {row.where}")
        h.add_row(row.label, where, str(row.n), fraction_text(e.p), f"{fraction_text(e.lo)} – {fraction_text(e.hi)}",
                  "—" if row.exact is None else fraction_text(row.exact),
                  "" if row.z is None else f"{row.z:+.2f}")
    h.caption = "z: (Monte Carlo − exact) / standard error; holding = having the cards (a marriage inside a run too)"
    console.print(h)

    for ps in st.play:
        tt = table(title=f"Trick points of seat 0's side by trumps held ({ps.play} play)")
        for c in ("trumps", "hands", "share", "trick points (95%)", "5%", "median", "95%"):
            tt.add_column(c, justify="right")
        for r in ps.by_trumps:
            tt.add_row(str(r.trumps), f"{r.hands:,}", fraction_text(r.share),
                       f"{r.trick_points.mean:.2f} ±{r.trick_points.hi - r.trick_points.mean:.2f}",
                       _q(r.quantiles, 0.05), _q(r.quantiles, 0.5), _q(r.quantiles, 0.95))
        m = ps.trick_points.mean
        tt.caption = f"all hands: {m.mean:.2f} ±{m.hi - m.mean:.2f}"
        console.print(tt)
        if ps.model is None:
            continue
        bt = table(title=f"Bid levels ({ps.play} play; worth = fitted meld + trick points, R² {ps.model.r2:.2f})")
        for c in ("bid", "hands worth it", "side makes it (all hands)", "makes it (hands worth it)"):
            bt.add_column(c, justify="right")
        for b in ps.bids:
            if b.worth.p < 0.005 and b.make.p < 0.005:
                break
            bt.add_row(str(b.bid), fraction_text(b.worth.p), fraction_text(b.make.p),
                       "—" if b.make_if_worth is None else fraction_text(b.make_if_worth.p))
        if ps.typical_make is not None:
            tm = ps.typical_make
            bt.caption = (f"hands bidding their typical bid (highest level ≤ worth) make it {fraction_text(tm.p)} "
                          f"(95% {fraction_text(tm.lo)} – {fraction_text(tm.hi)}); --json has every level")
        console.print(bt)
    print_notes(st.notes)


def stats(*, json_out: bool, out: Path | None, **values) -> None:
    """Meld, the chance of each meld (exact values beside), trick points and bid levels of random deals."""
    check_output(out, "--out")
    st = api_stats(values, "cli", progress=not json_out, out=out)
    if json_out:
        emit_json(st.as_dict())
    else:
        print_stats(st)


def register(app: typer.Typer) -> None:
    command(app, "stats", QUESTIONS["stats"], stats, epilog=SEATS_HELP, own={
        "json_out": (JsonOpt, False),
        "out": (Annotated[Path | None, typer.Option("--out", help="save the per-deal columns (parquet)")], None)})
