"""The analyses over random deals as questions: ``stats``, ``compare`` and ``report`` from a front end's values
(the fields of :data:`analyzer.request.parts.STATS`, ``COMPARE``, ``REPORT``), checked once here, then run."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from analyzer.api.questions import game, where
from analyzer.cards import suit_index
from analyzer.errors import UserError, field_name
from analyzer.request.fields import Front
from analyzer.request.parts import COLUMNS_MAX_NODES, COMPARE, REPORT, STATS


def _plays(text: str) -> tuple[str, ...]:
    from analyzer.play.modes import players_of

    return players_of(text, allow_none=True)


def stats(values: Mapping[str, Any], front: Front = "json", *, progress: bool = False, out: Path | None = None):
    """``pinochle stats``: meld, holdings, trick points and bid levels of random deals
    (:func:`analyzer.analyses.stats.meld_stats`)."""
    from analyzer.analyses.stats import meld_stats
    from analyzer.runs import warmup

    v = STATS.check(values)
    rules = game(v["rules"], v["options"], front)
    run = where(v)
    t = suit_index(v["trump"])
    modes = _plays(v["play"])
    if "dd" in modes:
        warmup.start_solver()
    return meld_stats(rules, v["samples"], v["seed"], plays=modes, trump=t, workers=run.workers, cluster=run.cluster,
                      progress=progress, dd_nodes=v["max_nodes"], out=out)


def comparison(values: Mapping[str, Any], front: Front = "json", *, progress: bool = False, out: Path | None = None):
    """``pinochle compare``: rule settings on the same deals, with paired differences
    (:func:`analyzer.analyses.compare.compare`)."""
    from analyzer.analyses.compare import compare, settings_grid

    v = COMPARE.check(values)
    run = where(v)
    settings = settings_grid(v["rules"], v["options"], v["vs"])
    return compare(settings, v["samples"], v["seed"], hands=v["hand"] or [], advise_samples=v["advise_samples"],
                   upcard=v["upcard"], workers=run.workers, cluster=run.cluster, progress=progress, out=out)


def report_command(v: Mapping[str, Any], target: Path, comparing: bool) -> str:
    """The canonical ``pinochle report ...`` line that makes the report again (written into it)."""
    from analyzer.analyses.report import DPI

    pairs: list[tuple[str, object]] = [("--rules", v["rules"])]
    pairs += [("--option", o) for o in v["options"] or []] + [("--vs", x) for x in v["vs"] or []]
    pairs += [("--hand", h) for h in v["hand"] or []] + [("--upcard", v["upcard"])]
    pairs += [("--samples", v["samples"]), ("--seed", v["seed"])]
    if v["hand"]:
        pairs.append(("--advise-samples", v["advise_samples"]))
    if not comparing:
        pairs += [("--play", v["play"]), ("--trump", v["trump"])]
    pairs += [("--out", target)] + ([("--dpi", v["dpi"])] if v["dpi"] != DPI else [])
    return shlex.join(["pinochle", "report"] + [str(x) for flag, value in pairs if value is not None
                                                for x in (flag, value)])


def report(values: Mapping[str, Any], front: Front = "json", *, progress: bool = False, out: Path | None = None):
    """``pinochle report``: a Markdown report with figures in ``out`` (default ``reports/RULES[-compare]``): a rule
    set's statistics (with bid advice for the hands given), or a comparison of rule settings."""
    from analyzer.analyses.compare import compare, parse_grid_options, settings_grid
    from analyzer.analyses.report import compare_report, stats_report
    from analyzer.analyses.stats import meld_stats
    from analyzer.rules import load

    v = REPORT.check(values)
    run = where(v)
    grid = parse_grid_options(v["options"])
    comparing = bool(v["vs"]) or any(len(x) > 1 for x in grid.values())
    base = load(v["rules"], {k: x[0] for k, x in grid.items()})  # checks the rule set and every option name
    target = out or Path("reports") / (base.id + ("-compare" if comparing else ""))
    line = report_command(v, target, comparing)
    if comparing:
        settings = settings_grid(v["rules"], v["options"], v["vs"])
        c = compare(settings, v["samples"], v["seed"], hands=v["hand"] or [], advise_samples=v["advise_samples"],
                    upcard=v["upcard"], workers=run.workers, cluster=run.cluster, progress=progress)
        return compare_report(c, target, line, v["dpi"])
    modes = _plays(v["play"])
    t = suit_index(v["trump"])
    advice = {h: _hand_advice(base, h, v, run) for h in v["hand"] or []}
    if "dd" in modes:
        from analyzer.runs import warmup

        warmup.start_solver()
    st = meld_stats(base, v["samples"], v["seed"], plays=modes, trump=t, workers=run.workers, cluster=run.cluster,
                    progress=progress, dd_nodes=COLUMNS_MAX_NODES)
    return stats_report(st, target, line, advice, v["dpi"])


def _hand_advice(rules: Any, hand: str, v: Mapping[str, Any], run: Any) -> Any:
    """The bid advice of one hand of a report (heuristic play; two-handed: around the upcard)."""
    from analyzer.advisor.advise import advise
    from analyzer.advisor.request import BidRequest
    from analyzer.rules import parse_hand

    parsed = parse_hand(hand, rules)
    if not rules.has_bidding and v["upcard"] is None:
        raise UserError(f"{rules.id} has no bidding: name trump for {field_name('hand')} with "
                        f"{field_name('upcard')}, e.g. 9H")
    req = BidRequest.make(rules, parsed, samples=v["advise_samples"], seed=v["seed"],
                          upcard=None if rules.has_bidding else v["upcard"],
                          play="heuristic" if rules.has_bidding else None)
    return advise(req, workers=run.workers, cluster=run.cluster)
