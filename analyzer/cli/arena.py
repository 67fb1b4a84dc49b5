"""``pinochle arena``: two bidding agents play whole hands against each other, in duplicate."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from analyzer.api import (
    AGENTS_HELP,
    ENDINGS,
    QUESTIONS,
    TWOHAND_AGENTS_HELP,
    AdvisorStats,
    GamesResult,
    arena_records,
    arena_runs,
    calibration_summary,
    calibration_table,
    forecasts,
    write_arena_report,
    write_records,
)
from analyzer.api import arena as api_arena
from analyzer.cli.common import check_output, console, emit_json, quantile_text, styled, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP


def _pm(e: dict[str, Any]) -> str:
    return f"{e['mean']:+.2f} ({e['lo']:+.2f} to {e['hi']:+.2f})"


def _pct(p: dict[str, Any] | None) -> str:
    return "—" if p is None else f"{100 * p['p']:.1f}%"


def print_result(res: Any) -> None:
    """The run's figures as rich tables."""
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


def _need(n: int | None) -> str:
    return "—" if n is None else f"{n:,}"


def print_games(res: Any) -> None:
    """A run of whole games as rich tables: games won, interval, spread per pair, pairs needed, points per hand,
    hands per game, endings."""
    s = res.summary()
    rs = res.rules
    console.print(styled((rs.name, "bold"), f" ({rs.option_text() or 'default options'}) — {s['games']:,} games "
                         f"({s['copies']} copies each), {s['hands']:,} hands, seed {res.seed}, play {res.play}; "
                         f"{s['seconds']:,.1f} s ({s['seconds'] / max(s['games'], 1):.2f} s per game pair)"))
    g = s["games_won"]
    t = table(title=f"Whole games, duplicate ({res.names[0]} against {res.names[1]} on the same deals)")
    t.add_column("")
    t.add_column(res.names[0], justify="right")
    a, p = g["A"], g["plain"]
    t.add_row("games won (95%, from the game pairs)", f"{100 * a['mean']:.1f}% ({100 * a['lo']:.1f} to "
              f"{100 * a['hi']:.1f})")
    t.add_row("the games one by one (Wilson)", f"{100 * p['p']:.1f}% ({100 * p['lo']:.1f} to {100 * p['hi']:.1f})")
    t.add_row("sd per game pair (points)", "—" if g["sd_per_pair_points"] is None else f"{g['sd_per_pair_points']:.1f}")
    for h, n in g["pairs_needed"].items():
        t.add_row(f"game pairs a ±{h}-point interval needs", _need(n))
    t.add_row("points per hand, less B's (95%)", _pm(s["points_per_hand"]))
    hp = s["hands_per_game"]
    t.add_row("hands per game (95%)", f"{hp['mean']:.2f} ({hp['lo']:.2f} to {hp['hi']:.2f})")
    console.print(t)
    ends = ", ".join(f"{k} {s['endings'][k]:,}" for k in (*ENDINGS, "undecided") if s["endings"].get(k))
    v = s["variance_reduction"]
    console.print(f"Endings: {ends or '—'}. Duplicate: a game pair is worth {v['independent_games_per_pair'] or '—'} "
                  "independent games; control variate: none (the cards' luck cancels in every pair).")
    for k, w in (s.get("advisor_work") or {}).items():
        console.print(styled((f"{res.names['AB'.index(k)]}: {AdvisorStats.describe(w)}", "dim")))


def arena(*, json_out: bool, out: Path | None, report: Path | None, name: str | None, from_: list[Path] | None,
          records: Path | None, given: frozenset[str], **values) -> None:
    """Play whole hands between two bidding agents (auction, trump, meld, play, score), in duplicate.

    Single deals (--deals), or whole games (--games: hand after hand until the game ends)."""
    check_output(out, "--out")
    check_output(records, "--records")
    if from_:
        res = arena_runs(list(from_), values.get("rules") if "rules" in given else None)
    else:
        res = api_arena(values, "cli", progress=True, files={"--out": out, "--report": report, "--name": name},
                        given=given)
    if out is not None:
        res.write(out)
    if records is not None:
        write_records(arena_records(res), records)
    if report is not None:
        page = write_arena_report(res, report, name)
        if not json_out:
            console.print(f"report: {page}")
    if json_out:
        emit_json(res.summary())
    elif isinstance(res, GamesResult):
        print_games(res)
    else:
        print_result(res)


#: the command's own options (besides the question's fields)
OWN = {
    "json_out": (Annotated[bool, typer.Option("--json", help="print the summary as JSON")], False),
    "out": (Annotated[Path | None, typer.Option("--out", help="save every hand (parquet)")], None),
    "report": (Annotated[Path | None, typer.Option("--report", help="write the Markdown report into this folder")],
               None),
    "name": (Annotated[str | None, typer.Option("--name", help="the report's file name (default from the run)")],
             None),
    "records": (Annotated[Path | None, typer.Option("--records", help="write every hand as a hand record (text; "
                                                    "JSON Lines for a name ending .jsonl): pinochle review reads "
                                                    "them")], None),
    "from_": (Annotated[list[Path] | None, typer.Option("--from", help="report on saved hands instead of playing "
                                                        "(repeat to join the parts of one run)")], None),
}


def register(app: typer.Typer) -> None:
    command(app, "arena", QUESTIONS["arena"], arena,
            epilog=f"Agents: {AGENTS_HELP}; {TWOHAND_AGENTS_HELP}\n\n{SEATS_HELP}", own=OWN, given="given")
