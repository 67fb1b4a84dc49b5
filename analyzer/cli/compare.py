"""``pinochle compare``: the same deals under several rule settings, side by side, with paired differences."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.advisor.request import ADVICE_LIMIT_WHY, MAX_ADVICE_SAMPLES
from analyzer.analyses.compare import METRICS, Comparison, compare, settings_grid
from analyzer.cli.common import (
    check_output,
    console,
    emit_json,
    print_notes,
    styled,
    table,
)
from analyzer.cli.options import SEATS_HELP, ClusterOpt, JsonOpt, RulesOpt, SeedOpt, VsOpt, WorkersOpt
from analyzer.runs.batches import check_cluster, check_samples

DEFAULT_SAMPLES = 20_000
GRID_HELP = "option values to compare, NAME=A,B (repeatable: a grid); one value fixes the option for all"
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


def register(app: typer.Typer) -> None:
    @app.command("compare", epilog=SEATS_HELP)
    def compare_cmd(
        rules: RulesOpt = "auction",
        option: Annotated[list[str] | None, typer.Option("--option", "-o", help=GRID_HELP)] = None,
        vs: VsOpt = None,
        samples: Annotated[int, typer.Option("--samples", "-n", help="random deals per setting")] = DEFAULT_SAMPLES,
        hand: Annotated[list[str] | None, typer.Option("--hand", "-H", help="a hand to get bid advice for (repeatable)")
                        ] = None,
        advise_samples: Annotated[int, typer.Option("--advise-samples", help="sampled deals per hand's advice")
                                  ] = 1000,
        upcard: Annotated[str | None, typer.Option("--upcard", help="two-handed: the turned-up card of --hand")] = None,
        seed: SeedOpt = 0,
        workers: WorkersOpt = 1,
        cluster: ClusterOpt = None,
        json_out: JsonOpt = False,
        out: Annotated[Path | None, typer.Option("--out", help="save every setting's per-deal columns (parquet)")
                       ] = None,
    ) -> None:
        """Compare rule settings on the same deals: meld, trick points, make rate, with paired differences."""
        check_samples(samples)
        check_samples(advise_samples, "--advise-samples", MAX_ADVICE_SAMPLES, ADVICE_LIMIT_WHY)
        check_cluster(cluster)
        check_output(out, "--out")
        settings = settings_grid(rules, option, vs)
        c = compare(settings, samples, seed, hands=hand or [], advise_samples=advise_samples, upcard=upcard,
                    workers=workers, cluster=cluster, progress=not json_out, out=out)
        if json_out:
            emit_json(c.as_dict())
        else:
            print_comparison(c)
