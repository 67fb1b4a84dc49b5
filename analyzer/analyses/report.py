"""Markdown reports with PNG figures: a rule set's statistics, or a comparison of rule settings.

:func:`stats_report` writes ``README.md`` into a folder with four figures — the meld histogram (best
and named trump), trick points by trumps held, the chance of making each bid (all random hands, hands
worth the bid, and the advisor's figures for given hands) and the Monte-Carlo holdings against their
exact values — and the tables behind them. :func:`compare_report` writes the same for a
:class:`~analyzer.analyses.compare.Comparison`: each setting's figures with 95% intervals, the paired (or
unpaired) differences, and overlaid meld and trick-point distributions. Every report states the exact
command that made it. Figures use matplotlib's object API (no pyplot state), so reports can be written
from scripts, the CLI and notebooks alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from analyzer.analyses.compare import METRICS, Comparison
from analyzer.analyses.stats import MeldStats, fraction_text
from analyzer.cards import SUITS
from analyzer.errors import UserError
from analyzer.estimate import Histogram

DPI = 90
LABELS = {
    "meld": "meld (seat 0, trump played)", "side_meld": "side meld (as counted)", "trick_points": "trick points (side)",
    "total": "meld + trick points", "meld_share": "share of points from meld", "make_rate": "make rate at typical bid",
    "bid_share": "hands worth the opening bid",
}
PERCENT = {"meld_share", "make_rate", "bid_share"}


@dataclass
class Report:
    """A written report: the Markdown file, its figures, and the plain data behind it."""

    path: Path
    figures: list[Path]
    data: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"report": str(self.path), "figures": [str(f) for f in self.figures], **self.data}



def _labels(ax: Any, x: str, y: str, title: str) -> None:
    """Axis labels and a two-line title in the small type of the report's figures."""
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.set_title(title)
    ax.title.set_fontsize(8)

def _prepare(out: Path) -> Path:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create the report folder {str(out)!r}: {e.strerror or e}") from None
    return out


def _save(fig: Figure, path: Path, dpi: int) -> Path:
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=dpi, metadata={"Software": None})
    except OSError as e:
        raise UserError(f"cannot write {str(path)!r}: {e.strerror or e}") from None
    return path


def _hist_bars(ax: Any, hist: dict[int, int], total: int, label: str, color: str, width: float, shift: float) -> None:
    xs = np.array(list(hist), dtype=np.float64)
    ys = np.array(list(hist.values()), dtype=np.float64) / total
    ax.bar(xs + shift, ys, width=width, label=label, color=color, alpha=0.85)


def _cut(hist: dict[int, int], total: int, share: float = 0.995) -> int:
    """The value below which ``share`` of the sample lies (keeps long tails off the axes)."""
    acc = 0
    for k in sorted(hist):
        acc += hist[k]
        if acc >= share * total:
            return k
    return max(hist)


# ---- the statistics report --------------------------------------------------------------------------------
def meld_figure(st: MeldStats, path: Path, dpi: int = DPI) -> Path:
    """:func:`meld_plot` saved as PNG."""
    return _save(meld_plot(st), path, dpi)


def meld_plot(st: MeldStats) -> Figure:
    """Histogram of a hand's meld with its best trump and with the named trump."""
    fig = Figure(figsize=(7, 3.4))
    ax = fig.add_subplot()
    n = st.samples
    step = max(1, int(np.gcd.reduce([k for k in st.best.histogram if k] or [1])))
    w = 0.4 * step
    _hist_bars(ax, st.best.histogram, n, f"best trump (mean {st.best.mean.mean:.1f})", "tab:blue", w, -w / 2)
    _hist_bars(ax, st.named.histogram, n, f"trump {SUITS[st.trump]} (mean {st.named.mean.mean:.1f})", "tab:orange", w,
               w / 2)
    ax.set_xlim(-step, max(_cut(st.best.histogram, n), _cut(st.named.histogram, n)) + step)
    ax.set_xlabel("meld of seat 0's hand (points)")
    ax.set_ylabel("share of hands")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_title(f"{st.rules.name}: meld of a random hand ({n:,} random deals, seed {st.seed})")
    ax.title.set_fontsize(9)
    ax.legend()
    return fig


def tricks_figure(st: MeldStats, path: Path, dpi: int = DPI) -> Path:
    """:func:`tricks_plot` saved as PNG."""
    return _save(tricks_plot(st), path, dpi)


def _box_stats(hist: dict[int, int], label: str) -> dict[str, Any]:
    """Box-plot statistics of a histogram: quartiles, whiskers at the last value within 1.5 IQR, mean."""
    h = Histogram()
    h.counts = dict(hist)
    q1, med, q3 = h.quantile(0.25), h.quantile(0.5), h.quantile(0.75)
    iqr = q3 - q1
    vals = sorted(hist)
    lo = min(v for v in vals if v >= q1 - 1.5 * iqr)
    hi = max(v for v in vals if v <= q3 + 1.5 * iqr)
    return {"label": label, "q1": q1, "med": med, "q3": q3, "whislo": lo, "whishi": hi, "mean": h.estimate().mean,
            "fliers": []}


def tricks_plot(st: MeldStats) -> Figure:
    """Box plots of the declaring side's trick points by the number of trumps seat 0 holds, with the mean
    and its 95% interval (groups of fewer than 20 hands left out, and counted in the title)."""
    fig = Figure(figsize=(7, 3.6))
    ax = fig.add_subplot()
    colors = ("tab:blue", "tab:green")
    modes = st.play
    width = 0.8 / max(1, len(modes))
    ticks: set[int] = set()
    left_out = 0
    for i, ps in enumerate(modes):
        keep = [r for r in ps.by_trumps if r.hands >= 20]
        left_out = max(left_out, sum(r.hands for r in ps.by_trumps if r.hands < 20))
        pos = np.array([r.trumps for r in keep], dtype=np.float64) + (i - (len(modes) - 1) / 2) * width
        bp = ax.bxp([_box_stats(r.histogram, str(r.trumps)) for r in keep], positions=pos, widths=width * 0.9,
                    showfliers=False, patch_artist=True, manage_ticks=False)
        for b in bp["boxes"]:
            b.set_facecolor(colors[i % 2])
            b.set_alpha(0.5)
        means = np.array([r.trick_points.mean for r in keep])
        half = np.array([r.trick_points.hi - r.trick_points.mean for r in keep])
        ax.errorbar(pos, means, yerr=half, fmt="o", color="black" if len(modes) == 1 else colors[i % 2], ms=3,
                    capsize=2, label=f"{ps.play} play: mean (95% interval)")
        ticks |= {r.trumps for r in keep}
    ax.set_xticks(sorted(ticks))
    extra = f"; {left_out} hands in groups under 20 not drawn" if left_out else ""
    _labels(ax, "trumps held by the declarer, seat 0 (cards)", "trick points of the declaring side",
            f"{st.rules.name}: trick points by trump length ({st.samples:,} random deals)\nboxes: quartiles "
            f"and median, whiskers: the last value within 1.5 IQR{extra}")
    ax.legend(fontsize=7)
    return fig


def bids_figure(st: MeldStats, path: Path, hands: dict[str, Any] | None = None, dpi: int = DPI) -> Path | None:
    """:func:`bids_plot` saved as PNG (None: no bidding or no play, so no figure)."""
    fig = bids_plot(st, hands)
    return None if fig is None else _save(fig, path, dpi)


def _band(ax: Any, x: Sequence[float], props: Sequence[Any], style: str, label: str, color: str) -> None:
    """A line of proportions with its 95% Wilson band (gaps where a proportion is missing)."""
    p = np.array([np.nan if q is None else q.p for q in props], dtype=np.float64)
    lo = np.array([np.nan if q is None else q.lo for q in props], dtype=np.float64)
    hi = np.array([np.nan if q is None else q.hi for q in props], dtype=np.float64)
    ax.plot(x, p, style, color=color, label=label)
    ax.fill_between(x, lo, hi, color=color, alpha=0.2, lw=0)


def bids_plot(st: MeldStats, hands: dict[str, Any] | None = None) -> Figure | None:
    """The chance of making each bid level, with 95% intervals. Left: random hands declaring (seat 0's side,
    over all random deals; over the hands whose fitted worth reaches the bid) and the share of hands worth
    each bid. Right, for given hands (hand text -> :class:`~analyzer.advisor.advise.Advice`): the advisor's chance of
    making each bid with the hand's recommended trump — another question (one known hand, its own range of
    bids), hence its own panel. None without bidding."""
    ps = next((p for p in st.play if p.bids), None)
    if ps is None:
        return None
    given = [(name, adv) for name, adv in (hands or {}).items() if adv.analyses and adv.analyses[0].levels]
    fig = Figure(figsize=(9 if given else 7, 3.6))
    ax = fig.add_subplot(1, 2 if given else 1, 1)
    bids = [b.bid for b in ps.bids]
    _band(ax, bids, [b.make for b in ps.bids], "-", "declaring side makes the bid (all random hands)", "tab:blue")
    _band(ax, bids, [b.make_if_worth for b in ps.bids], "--",
          "declaring side makes the bid (hands whose worth reaches it)", "tab:orange")
    _band(ax, bids, [b.worth for b in ps.bids], ":", "share of hands whose worth reaches the bid", "tab:green")
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("bid (points)")
    ax.set_ylabel("chance (95% band)")
    ax.set_title(f"Random hands, seat 0 declaring ({st.samples:,} deals, {ps.play} play)", fontsize=8)
    ax.legend(fontsize=6, loc="lower left")
    if given:
        ax2 = fig.add_subplot(1, 2, 2)
        colors = ("tab:red", "tab:purple", "tab:brown", "tab:olive")
        for j, (name, adv) in enumerate(given):
            an = adv.analyses[0]
            lv = an.levels[an.recommendation.trump]
            short = name if len(name) <= 40 else name[:37] + "..."
            _band(ax2, [x.bid for x in lv], [x.make for x in lv], "-",
                  f"{short} ({an.recommendation.trump} trump)", colors[j % len(colors)])
        ax2.set_ylim(0, 1.02)
        ax2.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax2.set_xlabel("bid (points)")
        ax2.set_ylabel("chance of making it (95% band)")
        n = given[0][1].samples
        ax2.set_title(f"Given hands: the advisor ({n:,} sampled deals each)", fontsize=8)
        ax2.legend(fontsize=6, loc="lower left")
    fig.suptitle(f"{st.rules.name}: the chance of making each bid", fontsize=9)
    return fig


def holdings_figure(st: MeldStats, path: Path, dpi: int = DPI) -> Path:
    """:func:`holdings_plot` saved as PNG."""
    return _save(holdings_plot(st), path, dpi)


def holdings_plot(st: MeldStats) -> Figure:
    """Monte-Carlo chance of holding each meld against its exact value, log scales, 95% intervals. Rows never
    seen in the sample (estimate 0, which a log axis cannot show) are drawn as triangles on the bottom edge
    with their interval's upper end; the title counts them, and the rows that cannot happen (exact 0)."""
    fig = Figure(figsize=(5.4, 4.4))
    ax = fig.add_subplot()
    rows = [h for h in st.holdings if h.exact is not None and h.exact > 0]
    impossible = sum(1 for h in st.holdings if h.exact == 0)
    seen = [h for h in rows if h.estimate.k > 0]
    unseen = [h for h in rows if h.estimate.k == 0]
    lows = [h.exact for h in rows] + [h.estimate.lo for h in seen if h.estimate.lo > 0]
    floor = min(lows + [1.0 / st.samples]) / 3
    ex = np.array([h.exact for h in seen])
    p = np.array([h.estimate.p for h in seen])
    lo = np.array([max(h.estimate.lo, floor) for h in seen])
    hi = np.array([h.estimate.hi for h in seen])
    ax.errorbar(ex, p, yerr=[p - lo, hi - p], fmt="o", ms=3, capsize=2, label=f"seen ({len(seen)} rows)")
    if unseen:
        ux = np.array([h.exact for h in unseen])
        ax.errorbar(ux, np.full(ux.size, floor), yerr=[np.zeros(ux.size), [h.estimate.hi - floor for h in unseen]],
                    fmt="v", ms=5, color="tab:red", capsize=2,
                    label=f"never seen in {st.samples:,} hands ({len(unseen)} rows; bar: 95% upper bound)")
    lim = [floor * 0.8, 1.05]
    ax.plot(lim, lim, "-", color="grey", lw=0.8, label="estimate = exact")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_ylim(floor * 0.7, 1.3)
    extra = f"; {impossible} rows impossible (exact 0) not drawn" if impossible else ""
    _labels(ax, "exact chance of holding the meld (log scale)", "Monte-Carlo estimate, 95% interval (log scale)",
            f"{st.rules.name}: holding a meld, estimate vs exact\n{len(rows)} rows, {st.samples:,} random "
            f"hands{extra}")
    ax.legend(fontsize=6, loc="upper left")
    return fig


def _md_table(head: Sequence[str], rows: Sequence[Sequence[Any]], align: str | None = None) -> str:
    a = align or "l" + "r" * (len(head) - 1)
    sep = ["---:" if c == "r" else "---" for c in a]
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join(sep) + " |"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def _quantile(v: float) -> str:
    """A percentile at most one decimal, none when whole (as the command line prints it)."""
    return f"{round(float(v), 1) + 0.0:g}"


def _pm(e: Any, digits: int = 2) -> str:
    return f"{e.mean:.{digits}f} ± {e.hi - e.mean:.{digits}f}"


def stats_report(st: MeldStats, out: str | Path, command: str, hands: dict[str, Any] | None = None,
                 dpi: int = DPI) -> Report:
    """Write the statistics of ``st`` (and the advice for ``hands``: hand text -> Advice) into ``out``."""
    out = _prepare(Path(out))
    rs = st.rules
    figs = [meld_figure(st, out / "meld.png", dpi)]
    if st.play:
        figs.append(tricks_figure(st, out / "tricks.png", dpi))
    bf = bids_figure(st, out / "bids.png", hands, dpi) if st.play else None
    if bf is not None:
        figs.append(bf)
    figs.append(holdings_figure(st, out / "holdings.png", dpi))
    md: list[str] = [f"# {rs.name}: statistics of random deals", ""]
    md += [f"Made by `{command}`", "",
           f"Rule set `{rs.id}` ({rs.option_text() or 'default options'}); {st.samples:,} random deals, seed "
           f"{st.seed}; play: {', '.join(st.plays) or 'none'}.", ""]
    md += ["## Meld", "", "![meld histogram](meld.png)", ""]
    rows = []
    for label, d in (("best trump", st.best), (f"trump {SUITS[st.trump]}", st.named)):
        exact = "" if d.exact_mean is None else f"{d.exact_mean:.3f}"
        rows.append([label, _pm(d.mean, 3), exact] + [_quantile(d.quantiles[q]) for q in (0.05, 0.5, 0.95, 0.99)])
    md += [_md_table(["trump", "mean (95%)", "exact mean", "5%", "median", "95%", "99%"], rows), ""]
    md += ["## Chance of holding each meld", "",
           f"Holding = having the meld's cards (in suit {SUITS[st.trump]}, or in any suit). The exact values come "
           "from `analyzer.meld.exact` (inclusion-exclusion over the suits for *any suit*); z = (estimate − exact) / "
           "standard error.", "", "![holdings against exact values](holdings.png)", ""]
    hrows = []
    for h in st.holdings:
        where = {None: "", "any": "any suit"}.get(h.where, f"in {h.where}")
        e = h.estimate
        hrows.append([h.label, where, h.n, fraction_text(e.p), f"{fraction_text(e.lo)} – {fraction_text(e.hi)}",
                      "" if h.exact is None else fraction_text(h.exact), "" if h.z is None else f"{h.z:+.2f}"])
    md += [_md_table(["meld", "where", "copies", "estimate", "95% interval", "exact", "z"], hrows, "llrrrrr"), ""]
    for ps in st.play:
        md += [f"## Trick points ({ps.play} play)", ""]
        if ps is st.play[0]:
            md += ["![trick points by trumps held](tricks.png)", ""]
        trows = [[r.trumps, f"{r.hands:,}", fraction_text(r.share), _pm(r.trick_points),
                  _quantile(r.quantiles[0.5])] for r in ps.by_trumps]
        md += [_md_table(["trumps held", "hands", "share", "trick points (95%)", "median"], trows), "",
               f"All hands: {_pm(ps.trick_points.mean)}.", ""]
        if ps.model is not None:
            md += [f"### Bid levels ({ps.play} play)", ""]
            if bf is not None and ps.play == next(p.play for p in st.play if p.bids):
                md += ["![the chance of making each bid](bids.png)", ""]
            coef = ", ".join(f"{k} {v:+.3g}" for k, v in ps.model.as_dict()["coefficients"].items())
            md += [f"A hand's *worth* is the least-squares fit of its side's meld (as counted) + trick points on "
                   f"its own features (R² = {ps.model.r2:.2f}, residual sd {ps.model.resid_sd:.1f}): {coef}.", ""]
            brows = [[b.bid, fraction_text(b.worth.p), fraction_text(b.make.p),
                      "" if b.make_if_worth is None else fraction_text(b.make_if_worth.p)]
                     for b in ps.bids if b.worth.p >= 0.005 or b.make.p >= 0.005]
            md += [_md_table(["bid", "hands worth it", "side makes it (all hands)", "makes it (hands worth it)"],
                             brows), ""]
            if ps.typical_make is not None:
                tm = ps.typical_make
                md += [f"Hands bidding their typical bid (the highest level not above their worth) make it "
                       f"{fraction_text(tm.p)} of the time (95% {fraction_text(tm.lo)} – {fraction_text(tm.hi)}).",
                       ""]
    if hands:
        md += ["## Given hands (the advisor)", ""]
        for name, adv in hands.items():
            ceil = adv.analyses[0].ceiling if adv.analyses else None
            now = "call now — " if rs.has_bidding else ""
            md += [f"- `{name}`: {now}{adv.recommendation.text}" + (f" {ceil.text()}" if ceil else "")]
        md += [""]
    if st.notes:
        md += ["## Notes", ""] + [f"- {n}" for n in st.notes] + [""]
    path = out / "README.md"
    _write_text(path, "\n".join(md))
    return Report(path, figs, {"command": command})


def _write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise UserError(f"cannot write {str(path)!r}: {e.strerror or e}") from None


# ---- the comparison report --------------------------------------------------------------------------------
def compare_figure(c: Comparison, path: Path, dpi: int = DPI) -> Path:
    """:func:`compare_plot` saved as PNG."""
    try:
        compare_plot(c).savefig(path, dpi=dpi, metadata={"Software": None})
    except OSError as e:
        raise UserError(f"cannot write {str(path)!r}: {e.strerror or e}") from None
    return path


UNITS = {"meld": "points", "side_meld": "points", "trick_points": "points", "total": "points",
         "meld_share": "percentage points", "make_rate": "percentage points", "bid_share": "percentage points"}


def compare_plot(c: Comparison) -> Figure:
    """Each setting's difference from the baseline, one panel per metric, with its 95% interval (paired on
    the same deals where the deck is shared, unpaired otherwise); settings by name on the vertical axis,
    the baseline's own figure with its interval in each panel's title."""
    metrics = [m for m in METRICS if m in c.figures[0].estimates and m != "side_meld"]
    cols = 2
    rows = (len(metrics) + cols - 1) // cols
    others = c.figures[1:]
    labels = [f.setting.label + ("" if f.paired else " (unpaired)") for f in others]
    fig = Figure(figsize=(9, 0.9 + rows * (0.55 + 0.28 * len(others))))
    base = c.figures[0]
    for i, m in enumerate(metrics):
        ax = fig.add_subplot(rows, cols, i + 1)
        scale = 100.0 if m in PERCENT else 1.0
        ds = [d.get(m) for d in c.differences[1:]]
        y = np.arange(len(ds))[::-1]
        x = np.array([np.nan if d is None else d.mean * scale for d in ds])
        err = np.array([[0.0 if d is None else (d.mean - d.lo) * scale for d in ds],
                        [0.0 if d is None else (d.hi - d.mean) * scale for d in ds]])
        ax.errorbar(x, y, xerr=err, fmt="o", capsize=3, ms=4)
        ax.axvline(0, color="grey", lw=0.8)
        ax.set_yticks(y)
        ax.set_yticklabels(labels if i % cols == 0 else [], fontsize=7)
        b = base.estimates[m]
        unit = "%" if m in PERCENT else ""
        ax.set_title(f"{LABELS[m]}: baseline {b.mean * scale:.2f}{unit} ± {(b.hi - b.mean) * scale:.2f}", fontsize=8)
        ax.set_xlabel(f"difference from the baseline ({UNITS[m]})", fontsize=7)
        ax.tick_params(axis="x", labelsize=7)
        ax.margins(y=0.3)
    fig.suptitle(f"{c.baseline.rules.name}: each setting minus the baseline ({c.baseline.label}), 95% intervals; "
                 f"{c.samples:,} random deals per setting, seed {c.seed}", fontsize=8)
    fig.tight_layout()
    return fig


def distributions_figure(c: Comparison, path: Path, dpi: int = DPI) -> Path:
    """:func:`distributions_plot` saved as PNG."""
    return _save(distributions_plot(c), path, dpi)


def distributions_plot(c: Comparison) -> Figure:
    """Overlaid distributions of seat 0's meld and its side's trick points under each setting (step
    histograms of the share of hands; the 0.5% tail past the right edge is left out)."""
    fig = Figure(figsize=(9, 3.2))
    for j, (key, title) in enumerate((("meld", "meld of seat 0 (points)"),
                                      ("trick_points", "trick points of seat 0's side"))):
        ax = fig.add_subplot(1, 2, j + 1)
        hists = [h[key] for h in c.histograms]
        top = max(_cut(h, sum(h.values())) for h in hists)
        low = min(min(h) for h in hists)
        step = max(1, (top - low + 1) // 40)
        edges = np.arange(low - 0.5, top + step + 0.5, step)
        for f, h in zip(c.figures, hists, strict=True):
            v = np.array(list(h), dtype=np.float64)
            w = np.array(list(h.values()), dtype=np.float64)
            ax.hist(v, bins=edges, weights=w / w.sum(), histtype="step", label=f.setting.label)
        ax.set_xlabel(title, fontsize=8)
        ax.tick_params(labelsize=7)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        if j == 0:
            ax.set_ylabel("share of hands", fontsize=8)
    fig.axes[-1].legend(fontsize=6)
    fig.suptitle(f"{c.baseline.rules.name}: distributions per setting ({c.samples:,} random deals each, seed "
                 f"{c.seed})", fontsize=8)
    fig.tight_layout()
    return fig


def _fmt(m: str, v: float, sign: bool = False) -> str:
    if m in PERCENT:
        return f"{100 * v:+.1f}%" if sign else f"{100 * v:.1f}%"
    return f"{v:+.2f}" if sign else f"{v:.2f}"


def compare_report(c: Comparison, out: str | Path, command: str, dpi: int = DPI) -> Report:
    """Write the comparison ``c`` into ``out``: tables of figures and differences, and two figures."""
    out = _prepare(Path(out))
    figs = [compare_figure(c, out / "compare.png", dpi), distributions_figure(c, out / "distributions.png", dpi)]
    base = c.baseline
    md = [f"# {base.rules.name}: comparing rule settings", "", f"Made by `{command}`", "",
          f"{c.samples:,} random deals per setting, seed {c.seed}. Seat 0 declares its best-meld trump "
          "(two-handed: the upcard names trump) and the deals are played by the heuristic policy (v1). "
          f"Settings that share the deck are dealt the very same deals and compared deal by deal (paired); the "
          f"baseline is **{base.label}**.", "", "![figures per setting](compare.png)", ""]
    metrics = [m for m in METRICS if m in c.figures[0].estimates]
    head = ["metric"] + [f"{i + 1}: {f.setting.label}" + ("" if f.paired else " (unpaired)")
                         for i, f in enumerate(c.figures)]
    rows = []
    for m in metrics:
        cells = []
        for f in c.figures:
            e = f.estimates.get(m)
            cells.append("—" if e is None else f"{_fmt(m, e.mean)} ± {_fmt(m, e.hi - e.mean)}")
        rows.append([LABELS[m]] + cells)
    md += ["## Figures per setting (95% intervals)", "", _md_table(head, rows), ""]
    head = ["metric"] + [f"{f.setting.label} − {base.label}" + (" (paired)" if f.paired else " (unpaired)")
                         for f in c.figures[1:]]
    rows = []
    for m in metrics:
        cells = []
        for d in c.differences[1:]:
            e = d.get(m)
            cells.append("—" if e is None else f"{_fmt(m, e.mean, True)} ({_fmt(m, e.lo, True)} to "
                                               f"{_fmt(m, e.hi, True)})")
        rows.append([LABELS[m]] + cells)
    md += ["## Differences from the baseline (95% intervals)", "", _md_table(head, rows), "",
           "![distributions per setting](distributions.png)", ""]
    md += ["What the metrics mean:", ""] + [f"- **{LABELS[k]}**: {v}" for k, v in METRICS.items() if k in metrics]
    md += [""]
    if c.hands:
        md += ["## How high given hands may bid (the advisor's ceiling)", "",
               _md_table(["hand"] + [s.label for s in c.settings],
                         [[f"`{h}`"] + [a.short() for a in adv] for h, adv in c.hands.items()]), ""]
    if c.notes:
        md += ["## Notes", ""] + [f"- {n}" for n in c.notes] + [""]
    path = out / "README.md"
    _write_text(path, "\n".join(md))
    return Report(path, figs, {"command": command})
