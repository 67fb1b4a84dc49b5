"""``pinochle arena``: two bidding agents play whole hands against each other, in duplicate."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated, Any

import polars as pl
import typer

from analyzer.arena.advisor import AdvisorStats
from analyzer.arena.registry import AGENTS_HELP
from analyzer.cli.common import check_output, console, emit_json, load_rules, quantile_text, styled, table
from analyzer.cli.options import SEATS_HELP, ClusterOpt, OptionsOpt, RulesOpt, WorkersOpt
from analyzer.errors import UserError
from analyzer.runs.batches import MAX_DEALS, check_cluster, check_samples

#: the most deals of one arena run (checked before any work)
MAX_ARENA_DEALS = 1_000_000


def _pm(e: dict[str, Any]) -> str:
    return f"{e['mean']:+.2f} ({e['lo']:+.2f} to {e['hi']:+.2f})"


def _pct(p: dict[str, Any] | None) -> str:
    return "—" if p is None else f"{100 * p['p']:.1f}%"


def print_result(res: Any) -> None:
    """The run's figures as rich tables."""
    from analyzer.analyses.calibration import calibration_summary, calibration_table, forecasts

    s = res.summary()
    rs = res.rules
    console.print(styled((rs.name, "bold"), f" ({rs.option_text() or 'default options'}) — {res.deals:,} deals, "
                         f"{len(res.frame):,} hands, seed {res.seed}, play {res.play}; {s['seconds']:,.1f} s"))
    t = table(title="Duplicate result (both agents held the same cards)")
    t.add_column("")
    for n in res.names:
        t.add_column(n, justify="right")
    A, B = s["A"], s["B"]
    t.add_row("net per deal (95%)", _pm(A["net_per_deal"]), _pm(B["net_per_deal"]))
    t.add_row("score per hand", f"{A['score_per_hand']['mean']:.2f}", f"{B['score_per_hand']['mean']:.2f}")
    t.add_row("declares", _pct(A["declared"]), _pct(B["declared"]))
    t.add_row("make rate", _pct(A["make_rate"]), _pct(B["make_rate"]))
    mc = lambda x: "—" if x["mean_contract"] is None else f"{x['mean_contract']['mean']:.2f}"  # noqa: E731
    t.add_row("mean contract", mc(A), mc(B))
    t.add_row("sets", f"{A['sets']} ({_pct(A['set_rate'])})", f"{B['sets']} ({_pct(B['set_rate'])})")
    console.print(t)
    d = s["difference"]
    q = d["percentiles"]
    pq = ", ".join(f"{name} {quantile_text(q[k], True)}"
                   for name, k in (("5%", "5"), ("25%", "25"), ("median", "50"), ("75%", "75"), ("95%", "95")))
    console.print(f"Per deal: {res.names[0]} better {_pct(d['A_better'])}, equal {_pct(d['equal'])}, worse "
                  f"{_pct(d['B_better'])}; percentiles {pq}. Thrown in: {_pct(s['thrown_in'])}.")
    for which in (0, 1):
        f = forecasts(res.frame, which)
        if f.height == 0:
            continue
        p, made = f["p_make"].to_numpy(), f["made"].to_numpy().astype(bool)
        tw = calibration_table(p, made)
        cs = calibration_summary(p, made, tw)
        ct = table(title=f"Calibration of {res.names[which]}'s forecasts ({cs['hands']:,} contracts)")
        for c in ("predicted", "hands", "mean forecast", "observed (95%)", "gap"):
            ct.add_column(c, justify="right")
        for b in tw:
            if b.n and b.observed is not None:
                o = b.observed
                ct.add_row(f"{100 * b.lo:.0f}–{100 * b.hi:.0f}%", str(b.n), f"{100 * b.predicted:.1f}%",
                           f"{100 * o.p:.1f}% ({100 * o.lo:.1f}–{100 * o.hi:.1f})", f"{100 * (b.gap or 0):+.1f}")
        ct.caption = (f"Brier {cs['brier']:.4f}, ECE {cs['ece_points']:.2f} points; {cs['within_tolerance']} of "
                      f"{cs['judged_groups']} groups with >= 100 contracts within ±5 points")
        console.print(ct)
    for k, w in (s.get("advisor_work") or {}).items():
        console.print(styled((f"{res.names['AB'.index(k)]}: {AdvisorStats.describe(w)}", "dim")))


def load_runs(paths: list[Path]) -> Any:
    """An :class:`~analyzer.arena.ArenaResult` from saved hands (several files of one run's deals join)."""
    from analyzer.arena.core import ArenaResult, per_deal_diff, read_hands
    from analyzer.rules import load

    frames, sums = [], []
    for p in paths:
        f, s = read_hands(p)
        if not s:
            raise UserError(f"{str(p)!r} holds no arena summary: give files written by pinochle arena --out")
        frames.append(f)
        sums.append(s)
    key = lambda s: (s["rules"], s.get("options"), s["agents"]["A"], s["agents"]["B"], s["seed"], s["play"])  # noqa: E731
    if any(key(s) != key(sums[0]) for s in sums):
        raise UserError("the files come from different runs (rules, options, agents, seed or play differ)")
    frame = pl.concat(frames).unique(subset=["deal", "copy"], keep="first").sort(["deal", "copy"])
    s0 = sums[0]
    rules = load(s0["rules"], {k: v for k, v in (s0.get("options") or {}).items()})
    work: dict[str, dict[str, int]] = {}
    for s in sums:
        for k, v in (s.get("advisor_work") or {}).items():
            acc = work.setdefault(k, {})
            for kk, vv in v.items():
                acc[kk] = acc.get(kk, 0) + vv
    names = (s0["A"]["name"], s0["B"]["name"])
    deals = int(frame["deal"].n_unique())
    cmds = [s.get("command", "") for s in sums if s.get("command")]
    return ArenaResult(rules, names, deals, int(s0["seed"]), s0["play"], frame, per_deal_diff(rules, frame),
                       float(sum(s.get("seconds", 0.0) for s in sums)), int(max(s.get("workers", 1) for s in sums)),
                       work, "\n".join(dict.fromkeys(cmds)))


def register(app: typer.Typer) -> None:
    @app.command("arena", epilog=SEATS_HELP)
    def arena_cmd(
        rules: RulesOpt = "auction",
        option: OptionsOpt = None,
        deals: Annotated[int, typer.Option("--deals", "-n", help="deals, each played once per seating")] = 200,
        seed: Annotated[int, typer.Option("--seed", help="deal k comes from (seed, k)")] = 0,
        ns: Annotated[str, typer.Option(
            "--ns", help="agent A: side 0 (seats 0, 2); Luxury Family: the rotated seat. " + AGENTS_HELP)
        ] = "advisor",
        ew: Annotated[str, typer.Option("--ew", help="agent B: side 1; Luxury Family: the other two seats")
                      ] = "formula",
        play: Annotated[str, typer.Option("--play", help="card play: heuristic (policy v1) or dd")] = "heuristic",
        workers: WorkersOpt = 1,
        cluster: ClusterOpt = None,
        start: Annotated[int, typer.Option("--start", help="first deal index (to split a run into parts)")] = 0,
        json_out: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
        out: Annotated[Path | None, typer.Option("--out", help="save every hand (parquet)")] = None,
        report: Annotated[Path | None, typer.Option("--report", help="write the Markdown report into this folder")
                          ] = None,
        name: Annotated[str | None, typer.Option("--name", help="the report's file name (default from the run)")
                        ] = None,
        from_: Annotated[list[Path] | None, typer.Option("--from", help="report on saved hands instead of playing "
                                                         "(repeat to join the parts of one run)")] = None,
    ) -> None:
        """Play whole hands between two bidding agents (auction, trump, meld, play, score), in duplicate."""
        parts = ["pinochle", "arena", "--rules", rules, *[x for o in option or [] for x in ("--option", o)],
                 "--deals", str(deals), "--seed", str(seed), "--ns", ns, "--ew", ew, "--play", play]
        parts += ["--workers", str(workers)] if workers != 1 else []
        parts += ["--cluster", cluster] if cluster is not None else []
        parts += ["--start", str(start)] if start else []
        for flag, v in (("--out", out), ("--report", report), ("--name", name)):
            parts += [flag, str(v)] if v is not None else []
        command = " ".join(shlex.quote(x) for x in parts)
        if start < 0:
            raise UserError(f"--start must be 0 or more (the first deal's index), not {start}")
        check_samples(deals, "--deals", MAX_ARENA_DEALS, "every hand is kept for the figures and the report: split a "
                      "longer run with --start and --out, and join the parts with --from")
        if start + deals > MAX_DEALS:
            raise UserError(f"--start {start:,} + --deals {deals:,} runs past deal {MAX_DEALS:,}: deals past 2**32 "
                            "would repeat earlier deals")
        check_output(out, "--out")
        check_cluster(cluster)
        if from_:
            res = load_runs(list(from_))
        else:
            from analyzer.arena.core import run_arena

            rs = load_rules(rules, option)
            res = run_arena(rs, ns, ew, deals, seed, play=play, workers=workers, cluster=cluster, progress=True,
                            start=start, command=command)
        if out is not None:
            res.write(out)
        if report is not None:
            from analyzer.arena.report import write_index, write_report

            page = write_report(res, report, name)
            write_index(report)
            if not json_out:
                console.print(f"report: {page}")
        if json_out:
            emit_json(res.summary())
        else:
            print_result(res)
