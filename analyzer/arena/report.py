"""The arena's Markdown report: one page per run (figures, calibration, plots), and an index of runs.

:func:`write_report` writes ``<name>.md``, ``<name>.json`` (the summary) and the PNGs of a run into a
folder; :func:`write_index` (re)writes the folder's ``README.md`` with the headline figures of every run
whose summary lies there. Every page names the command that made it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyzer.analyses.calibration import (
    calibration_summary,
    calibration_table,
    forecasts,
    markdown_table,
    points_figure,
    points_table,
    reliability_figure,
)
from analyzer.arena.advisor import AdvisorStats
from analyzer.arena.core import ArenaResult
from analyzer.errors import UserError


def _pm(e: dict[str, Any], digits: int = 2) -> str:
    return f"{e['mean']:+.{digits}f} ({e['lo']:+.{digits}f} to {e['hi']:+.{digits}f})"


def _pct(p: dict[str, Any] | None) -> str:
    return "—" if p is None else f"{100 * p['p']:.1f}% ({100 * p['lo']:.1f}–{100 * p['hi']:.1f})"


def difference_figure(res: ArenaResult, path: Path) -> Path:
    """Histogram of the per-deal differences (A's net per deal)."""
    from analyzer.analyses.calibration import _figure, _save

    plt = _figure()
    d = res.diff
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    lo, hi = np.percentile(d, [0.5, 99.5]) if d.size else (0, 1)
    bins = np.linspace(lo, hi, 61) if hi > lo else 10
    ax.hist(np.clip(d, lo, hi), bins=bins, color="tab:blue", alpha=0.8)
    ax.axvline(0, color="0.3", lw=1)
    ax.axvline(float(d.mean()), color="tab:red", lw=1.5, label=f"mean {d.mean():+.2f}")
    ax.set_xlabel(f"net per deal, {res.names[0]} less {res.names[1]} (both held the same cards)")
    ax.set_ylabel("deals")
    ax.set_title(f"{res.rules.id}: per-deal differences ({res.deals:,} deals)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return _save(fig, path)


def breakdown(res: ArenaResult) -> list[dict[str, Any]]:
    """Where the per-deal differences come from: the deals grouped by how the copies' auctions compare —
    the same contract (declarer, bid and trump) in every copy, the same declaring seat with another bid or
    trump, another declarer — with each group's share of the deals, its mean difference and its
    contribution to the mean net per deal (the contributions add up to it)."""
    f = res.frame.select(["deal", "copy", "declarer", "contract", "trump"]).with_columns(
        pl.col("trump").fill_null("-"))
    g = f.group_by("deal").agg(pl.col("declarer").n_unique().alias("decl"),
                               pl.struct(["declarer", "contract", "trump"]).n_unique().alias("contracts"),
                               (pl.col("declarer") < 0).any().alias("thrown")).sort("deal")
    kind = np.where(g["contracts"].to_numpy() == 1, "same contract",
                    np.where(g["decl"].to_numpy() == 1, "same declarer, other bid or trump",
                             np.where(g["thrown"].to_numpy(), "thrown in in some copy", "another declarer")))
    d = res.diff
    out = []
    for k in ("same contract", "same declarer, other bid or trump", "another declarer", "thrown in in some copy"):
        sel = kind == k
        if not sel.any():
            continue
        out.append({"group": k, "deals": int(sel.sum()), "share": float(sel.mean()), "mean": float(d[sel].mean()),
                    "contribution": float(d[sel].sum() / d.size)})
    return out


def write_report(res: ArenaResult, out: str | Path, name: str | None = None) -> Path:
    """Write the run's page, summary and figures into folder ``out``; returns the page's path."""
    folder = _report_folder(out)
    name = name or f"{res.rules.id}-{res.names[0]}-vs-{res.names[1]}".replace(" ", "")
    s = res.summary()
    lines = _intro_lines(res, s) + _result_lines(res, s)
    png = difference_figure(res, folder / f"{name}-differences.png")
    bd = breakdown(res)
    s["breakdown"] = bd
    lines += _difference_lines(res, s["difference"], png, bd)
    for which in (0, 1):
        section = _calibration_section(res, which, folder, name)
        if section is None:
            continue
        lines += section[0]
        s.setdefault("calibration", {})["AB"[which]] = section[1]
    lines += _advisor_lines(res, s)
    lines += [f"Time: {s['seconds']:,.0f} s, {1000 * s['seconds'] / max(res.deals, 1):.0f} ms per deal.", ""]
    return _write_page(folder, name, lines, s)


def _report_folder(out: str | Path) -> Path:
    """The report folder ``out``, created if need be; UserError when it cannot be."""
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create {str(folder)!r}: {e.strerror or e}") from None
    return folder


def _intro_lines(res: ArenaResult, s: dict[str, Any]) -> list[str]:
    """The page's title, the command that made it, and how the run was played (rules, deals, seatings, seed,
    play, time; ``s``: the run's summary)."""
    lines = [f"# Arena: {res.names[0]} against {res.names[1]} — {res.rules.name}", ""]
    if res.command:
        lines += ["Made by:", "", "```bash", res.command, "```", ""]
    lines += [
        f"Rule set `{res.rules.id}` ({res.rules.option_text() or 'default options'}), {res.deals:,} deals, "
        f"{len(res.frame):,} hands played (every deal once per seating: "
        f"{'the two sides swapped' if res.rules.has_partners else 'A rotated through the three seats'}), "
        f"seed {res.seed}, play {res.play} (policy v1 for every seat), {s['seconds']:,.0f} s on "
        f"{res.workers} worker{'s' if res.workers > 1 else ''}.", "",
    ]
    return lines


def _mean_contract(x: dict[str, Any]) -> str:
    """An agent's mean contract (— when it never declared)."""
    return "—" if x["mean_contract"] is None else f"{x['mean_contract']['mean']:.2f}"


def _sets(x: dict[str, Any]) -> str:
    """An agent's contracts set, and their share of its hands."""
    return f"{x['sets']} ({100 * x['set_rate']['p']:.1f}%)"


def _result_lines(res: ArenaResult, s: dict[str, Any]) -> list[str]:
    """The result: a table of each agent's figures side by side (net per deal, score, declares, make rate, mean
    contract, sets), what the net per deal means, and the share of hands thrown in."""
    A, B = s["A"], s["B"]
    rows = [("**net per deal** (95%)", _pm(A["net_per_deal"]), _pm(B["net_per_deal"])),
            ("score per hand", f"{A['score_per_hand']['mean']:.2f}", f"{B['score_per_hand']['mean']:.2f}"),
            ("declares", _pct(A["declared"]), _pct(B["declared"])),
            ("make rate", _pct(A["make_rate"]), _pct(B["make_rate"])),
            ("mean contract", _mean_contract(A), _mean_contract(B)),
            ("sets (per hand)", _sets(A), _sets(B))]
    return [
        "## Result", "",
        "| | " + " | ".join(res.names) + " |", "| --- | ---: | ---: |",
        *[f"| {label} | {fa} | {fb} |" for label, fa, fb in rows],
        "", "*Net per deal*: per hand, the agent's score less the other agent's (Luxury Family: less the mean of "
        "the two other seats), averaged over the deal's seatings; both agents held the very same cards, so the "
        "interval measures the bidding, not the deal.", "",
        f"Thrown in: {_pct(s['thrown_in'])} of the hands.", "",
    ]


def _difference_lines(res: ArenaResult, d: dict[str, Any], png: Path, bd: list[dict[str, Any]]) -> list[str]:
    """The per-deal differences (``d``, the summary's): how often each agent did better, their percentiles,
    their histogram (``png``) and the table of where they come from (``bd``, :func:`breakdown`)."""
    q = d["percentiles"]
    return [
        "### Per-deal differences", "",
        f"{res.names[0]} better on {_pct(d['A_better'])} of the deals, equal on {_pct(d['equal'])}, worse on "
        f"{_pct(d['B_better'])}. Percentiles of the difference: 1% {q['1']:+g}, 5% {q['5']:+g}, 25% {q['25']:+g}, "
        f"median {q['50']:+g}, 75% {q['75']:+g}, 95% {q['95']:+g}, 99% {q['99']:+g}.", "",
        f"![per-deal differences]({png.name})", "",
        "Where the difference comes from — the deals by how their copies' auctions compare:", "",
        "| copies ended in | deals | share | mean difference | contribution to the net per deal |",
        "| --- | ---: | ---: | ---: | ---: |",
        *[f"| {r['group']} | {r['deals']:,} | {100 * r['share']:.1f}% | {r['mean']:+.2f} | "
          f"{r['contribution']:+.3f} |" for r in bd], "",
    ]


def _calibration_section(res: ArenaResult, which: int, folder: Path,
                         name: str) -> tuple[list[str], dict[str, Any]] | None:
    """How well agent ``which`` (0: A, 1: B) forecast its contracts: the page's section (the chance of making
    them by predicted chance and by decile, its reliability and points figures written into ``folder``,
    predicted against actual points) and the summary's entry; None when it named trump in no hand."""
    f = forecasts(res.frame, which)
    if f.height == 0:
        return None
    p, made = f["p_make"].to_numpy(), f["made"].to_numpy().astype(bool)
    tw = calibration_table(p, made, "width")
    tc = calibration_table(p, made, "count")
    cs = calibration_summary(p, made, tw)
    rel = reliability_figure(tw, folder / f"{name}-reliability-{'AB'[which]}.png",
                             f"{res.names[which]}, {res.rules.id}: {cs['hands']:,} contracts")
    rows, ps = points_table(f["points_forecast"].to_numpy(), f["side_points"].to_numpy())
    pts = points_figure(f["points_forecast"].to_numpy(), f["side_points"].to_numpy(),
                        folder / f"{name}-points-{'AB'[which]}.png", f"{res.names[which]}, {res.rules.id}")
    lines = [
        f"## Calibration: {res.names[which]}'s forecasts", "",
        f"When it names trump, {res.names[which]} predicts its chance of making the contract (and its side's "
        "meld + trick points) on deals conditioned on the whole auction. Over its "
        f"{cs['hands']:,} contracts: mean forecast {100 * cs['mean_forecast']:.1f}%, observed "
        f"{_pct(cs['observed'])}, Brier score {cs['brier']:.4f}, expected calibration error "
        f"{cs['ece_points']:.2f} points; {cs['within_tolerance']} of {cs['judged_groups']} groups with at least "
        f"100 contracts lie within ±5 points (largest gap {cs['max_gap_points']:.1f}).", "",
        "By predicted chance (bins of 10 points):", "", markdown_table(tw), "",
        "By decile of the forecasts (equal groups):", "", markdown_table(tc), "",
        f"![reliability]({rel.name})", "",
        "### Predicted against actual points", "",
        f"Mean predicted {ps['mean_predicted']:.2f}, actual {ps['mean_actual']:.2f} (bias {ps['bias']:+.2f}, 95% "
        f"{ps['bias_lo']:+.2f} to {ps['bias_hi']:+.2f}), RMSE {ps['rmse']:.2f}, correlation "
        f"{ps['correlation']:.3f}."
        " The declaring side's meld + trick points as counted toward the bid.", "",
        "| predicted | hands | mean predicted | mean actual (95%) |", "| --- | ---: | ---: | ---: |",
        *[f"| {r.lo:.1f}–{r.hi:.1f} | {r.n} | {r.predicted:.2f} | {r.actual:.2f} ± {1.96 * r.actual_se:.2f} |"
          for r in rows],
        "", f"![points]({pts.name})", "",
    ]
    return lines, {"summary": cs, "width": [b.as_dict() for b in tw], "count": [b.as_dict() for b in tc], "points": ps}


def _advisor_lines(res: ArenaResult, s: dict[str, Any]) -> list[str]:
    """What the advisor agents' analyses cost (the summary's ``advisor_work``); none when no agent is one."""
    if not s.get("advisor_work"):
        return []
    lines = ["## The advisor's work", ""]
    for k, w in s["advisor_work"].items():
        lines.append(f"- {res.names['AB'.index(k)]}: {AdvisorStats.describe(w)}.")
    lines.append("")
    return lines


def _write_page(folder: Path, name: str, lines: list[str], s: dict[str, Any]) -> Path:
    """Write the page ``<name>.md`` (``lines``) and the summary ``<name>.json`` (``s``); UserError when they
    cannot be written."""
    page = folder / f"{name}.md"
    try:
        page.write_text("\n".join(lines), encoding="utf-8")
        (folder / f"{name}.json").write_text(json.dumps(s, indent=1, ensure_ascii=False), encoding="utf-8")
    except OSError as e:
        raise UserError(f"cannot write {str(page)!r}: {e.strerror or e}") from None
    return page


def summaries(folder: Path, keep: Any) -> list[tuple[str, dict[str, Any]]]:
    """(name, summary) of every run summary (``*.json``) in ``folder`` that ``keep(summary)`` accepts, by name; files
    that are not JSON objects are passed over."""
    runs = []
    for p in sorted(folder.glob("*.json")):
        try:
            s = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(s, dict) and keep(s):
            runs.append((p.stem, s))
    return runs


def write_index(out: str | Path, title: str = "Arena reports") -> Path:
    """``README.md`` of a report folder: one line per run summary (``*.json``) found there."""
    folder = Path(out)
    runs = summaries(folder, lambda s: "A" in s and "difference" in s)
    here = folder.resolve()
    named = f"reports/{here.name}" if here.parent.name == "reports" else str(out)  # the folder as the repo names it
    lines = [f"# {title}", "", f"Generated by `pinochle arena ... --report {named}` (each page names its "
             "command). *Net per deal*: A's score less B's per hand, on the same cards (duplicate).", "",
             "| run | rules | A | B | deals | A's net per deal (95%) | A make rate | B make rate | A's calibration |",
             "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for stem, s in runs:
        cal = s.get("calibration", {}).get("A", {}).get("summary")
        ctext = "—" if not cal else (f"{cal['within_tolerance']}/{cal['judged_groups']} groups within ±5, ECE "
                                     f"{cal['ece_points']:.1f}")
        lines.append(f"| [{stem}]({stem}.md) | {s['rules']} | {s['A']['name']} | {s['B']['name']} | {s['deals']:,} | "
                     f"{_pm(s['A']['net_per_deal'])} | {_pct(s['A']['make_rate'])} | {_pct(s['B']['make_rate'])} | "
                     f"{ctext} |")
    page = folder / "README.md"
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return page
