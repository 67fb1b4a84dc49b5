"""Decisions against exact values: "does the declaring side take at least T?" on the fixed deal sets.

A contract's question is one null-window search (:func:`analyzer.solve.decide_deals`), not the exact
value. For each set (whole deals, one thread, a node budget per deal) this asks it at three targets per
deal around a heuristic estimate of the value -- one playout of the deal by policy v1, the advisor's own
kind of estimate -- moved by -5 %, 0 and +5 % of the points of the deal (Luxury Family by -12, 0, +12 points
and double deck by -8, 0, +8: the targets of the solver issue), and prints per target: how many
were decided within the budget, how many made, time (median, p90, max) and nodes (median, p90). DDS 2.9
solves the bridge set (exact values) in the same run, as the peer of the ratios. Prints, asserts nothing.

    python benchmarks/bench_decide.py [--sets auction,luxury-family] [--limit 20] [--budget 20e6]
                                      [--markdown out.md]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_solve import dds_solve, guesses, parse_config, parse_limits, set_arguments, set_config  # noqa: E402
from deal_sets import read_set  # noqa: E402

from analyzer.solve import SolverConfig, decide_deals  # noqa: E402

OFFSETS = (-0.05, 0.0, 0.05)
#: the sets whose default targets are points (the solver issue's decisions), not shares of the deal's points
POINT_OFFSETS = {"luxury-family": (-12.0, 0.0, 12.0), "double-deck": (-8.0, 0.0, 8.0)}


def run_set(name: str, limit: int | None, budget: int, config: SolverConfig | dict | None = None,
            offsets: tuple[float, ...] = OFFSETS, points: bool = False) -> list[dict]:
    rules, deals, trumps, leaders, decls = read_set(name)
    config = set_config(rules, config or {})
    if limit:
        deals, trumps, leaders, decls = deals[:limit], trumps[:limit], leaders[:limit], decls[:limit]
    n = len(deals)
    est = guesses(name, "playout", rules, deals, trumps, leaders, decls, {})
    decide_deals(rules, deals[:1], trumps[:1], leaders[:1], decls[:1], 0, max_nodes=10)  # compile
    rows = []
    for off in offsets:
        if points:
            k = int(off)
        else:
            k = 0 if off == 0 else int(np.sign(off)) * max(1, round(abs(off) * rules.total_points))
        ms, nodes, decided, made = np.zeros(n), np.zeros(n), 0, 0
        for i in range(n):
            t = max(0, int(est[i]) + k)
            r = decide_deals(rules, deals[i:i + 1], trumps[i:i + 1], leaders[i:i + 1], decls[i:i + 1], t,
                             max_nodes=budget, config=config)
            ms[i], nodes[i] = r.ms[0], r.nodes[0]
            decided += int(r.decided[0])
            made += int(r.made[0])
        rows.append({"set": name, "offset": k, "deals": n, "decided": decided, "made": made, "ms": ms.tolist(),
                     "nodes": nodes.tolist()})
    return rows


def line(r: dict) -> str:
    ms, nodes = np.array(r["ms"]), np.array(r["nodes"])
    return (f"| {r['set']} | estimate {r['offset']:+d} | {r['decided']}/{r['deals']} | {r['made']} | "
            f"{np.median(ms):,.1f} | {np.percentile(ms, 90):,.1f} | {ms.max():,.1f} | {np.median(nodes):,.0f} | "
            f"{np.percentile(nodes, 90):,.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    set_arguments(ap, 20e6)
    ap.add_argument("--config", default="", help="solver switches, e.g. ways=255,slot_bits=13")
    ap.add_argument("--offsets", default="", help="targets: the estimate moved by these shares of the points "
                                                  "(default -0.05,0,0.05; Luxury Family -12,0,12 points, double "
                                                  "deck -8,0,8 points)")
    ap.add_argument("--points", action="store_true", help="the offsets are points, not shares (e.g. -12,0,12)")
    args = ap.parse_args()
    numba.set_num_threads(1)
    limits = parse_limits(args.limit)
    out = ["| set | target | decided | made | median ms | p90 ms | max ms | nodes, median | nodes, p90 |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    peer = ""
    for name in args.sets.split(","):
        if args.offsets:
            offsets, points = tuple(float(x) for x in args.offsets.split(",")), args.points
        else:
            offsets, points = POINT_OFFSETS.get(name, OFFSETS), name in POINT_OFFSETS
        for r in run_set(name, limits.get(name) or None, int(args.budget), parse_config(args.config), offsets,
                         points):
            out.append(line(r))
            print(out[-1], flush=True)
        if name == "bridge":
            rules, deals, trumps, leaders, _ = read_set(name)
            lim = limits.get(name) or len(deals)
            try:
                secs, _, _ = dds_solve(rules, deals[:lim], trumps[:lim], leaders[:lim])
                d = secs * 1000
                peer = (f"DDS 2.9 in the same run (exact values of the bridge set): median {np.median(d):.1f} ms, "
                        f"p90 {np.percentile(d, 90):.1f} ms.")
                print(peer)
            except ImportError:
                pass
    moved = (f"moved by {args.offsets} {'points' if args.points else 'shares of the deal points'}" if args.offsets
             else "moved by -5 %, 0 and +5 % of the deal's points (Luxury Family by -12, 0, +12 points, double "
                  "deck by -8, 0, +8)")
    text = "\n".join(out) + "\n\n" + (peer + " " if peer else "") + (
        f"One thread, node budget {int(args.budget):,} a deal; targets: one playout estimate of the deal's "
        f"value {moved}.\n")
    if args.markdown:
        Path(args.markdown).write_text(text)


if __name__ == "__main__":
    main()
