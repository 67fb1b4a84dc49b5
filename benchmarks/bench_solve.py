"""Double-dummy solver benchmark on the fixed deal sets of ``benchmarks/data`` (prints, asserts nothing).

For each set (whole deals at the start of play, one thread, a node budget per deal): how many are solved
exactly, time per deal (median, 90th percentile, max, mean), nodes (trick boundaries, as DDS counts
them, and all), null-window searches per deal and, with the diagnostic counters compiled in
(``PINOCHLE_SOLVER_COUNTERS=1``: off by default, they cost the search time), the table hit rate, how often
the first move tried cuts off, how often each bound ends a node and the trick-boundary nodes by tricks left.
On the bridge set DDS 2.9 (through endplay) solves the same deals in the same run and the ratios are printed.

Every exact value is checked against ``benchmarks/data/values.json`` (values found by earlier runs);
``--record`` adds new ones. A mismatch is printed as an error: the solver must never change a value.
``--resolution N`` (or ``rules``: each rule set's ``[solver] resolution``) solves to proven bounds under N
points instead of exact values: the run then counts exact / bracketed / unfinished deals and checks every
bracket against the known values. ``--tricks-left K`` solves endgames instead of whole deals: each deal's
first tricks played by policy v1 (seed = the deal's number) until K tricks are left (no known values).

    python benchmarks/bench_solve.py [--sets bridge,auction] [--limit 20] [--budget 50e6]
                                     [--config partition=False,ways=32] [--json out.json] [--record]
                                     [--resolution 5|rules] [--guess playout] [--guess-shift -6]
                                     [--tricks-left 12]
    python benchmarks/bench_solve.py --study-resolution --sets luxury-family,double-deck
    PINOCHLE_SOLVER_COUNTERS=1 python benchmarks/bench_solve.py --sets bridge --limit 40   # the counters too
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deal_sets import DATA, SETS, pbn, read_set  # noqa: E402

from analyzer.cards import to_planes  # noqa: E402
from analyzer.solve import (  # noqa: E402
    COUNTERS,
    STATUSES,
    SolverConfig,
    rule_config,
    rule_resolution,
    solve_deals,
)
from analyzer.solve.layout import COUNT  # noqa: E402

VALUES = DATA / "values.json"


def dds_solve(rules, deals, trumps, leaders) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(seconds, trick-boundary nodes, tricks of the side on lead) per deal by DDS, one thread."""
    from endplay import _dds
    from endplay.types import Deal, Denom, Player

    _dds.SetMaxThreads(1)
    n = len(deals)
    secs = np.zeros(n)
    nodes = np.zeros(n, dtype=np.int64)
    value = np.zeros(n, dtype=np.int64)
    for i in range(n):
        t = int(trumps[i])
        deal = Deal(pbn(rules, deals[i]), first=Player(int(leaders[i])), trump=Denom(4 if t < 0 else t))
        fut = _dds.futureTricks()
        t0 = time.perf_counter()
        _dds.SolveBoard(deal._data, -1, 1, 1, fut, 0)
        secs[i] = time.perf_counter() - t0
        nodes[i] = fut.nodes
        value[i] = fut.score[0]
    return secs, nodes, value


def guesses(name: str, how: str, rules, deals, trumps, leaders, decls, known: dict) -> np.ndarray:
    """First guesses of the values: none (-1), the known values (an oracle, for measurements) or one
    heuristic playout of each deal (policy v1)."""
    n = len(deals)
    g = np.full(n, -1, dtype=np.int64)
    if how == "oracle":
        for i in range(n):
            g[i] = known.get(str(i), -1)
    elif how == "playout":
        from analyzer.play import play_deals

        for i in range(n):
            res = play_deals(rules, deals[i:i + 1], int(trumps[i]), int(leaders[i]), int(decls[i]), seed=i)
            side = rules.sides[rules.side_of(int(decls[i]))]
            g[i] = int(sum(res.points[0, q] for q in side))
    return g


def endgames(rules, deals, trumps, leaders, decls, left: int) -> tuple[np.ndarray, np.ndarray]:
    """Each deal after its first tricks played by policy v1 (seed = the deal's number) until ``left`` tricks
    are left: (hands int64[n, seats, copies], the leader of the next trick)."""
    from analyzer.play import play_deal

    seats = rules.seats
    played = (rules.hand_size - left) * seats
    out = np.zeros_like(deals)
    lead = np.zeros(len(deals), dtype=np.int64)
    for i in range(len(deals)):
        rec = play_deal(rules, deals[i], int(trumps[i]), int(leaders[i]), int(decls[i]), seed=i)
        gone = [[] for _ in range(seats)]
        for s, k in rec.cards[:played]:
            gone[int(s)].append(int(k))
        for s in range(seats):
            held = []
            for p in range(rules.deck.copies):
                x = int(deals[i, s, p])
                while x:
                    b = x & -x
                    held.append(b.bit_length() - 1)
                    x ^= b
            for k in gone[s]:
                held.remove(k)
            out[i, s] = to_planes(held, rules.deck)
        lead[i] = int(rec.winners[rules.hand_size - left - 1]) if left < rules.hand_size else int(leaders[i])
    return out, lead


def run_set(name: str, limit: int | None, budget: int, config: SolverConfig | dict, known: dict,
            guess: str = "none", resolution: str = "1", shift: int | None = None, left: int = 0) -> dict:
    rules, deals, trumps, leaders, decls = read_set(name)
    if limit:
        deals, trumps, leaders, decls = deals[:limit], trumps[:limit], leaders[:limit], decls[:limit]
    n = len(deals)
    config = set_config(rules, config)
    res = rule_resolution(rules) if resolution == "rules" else int(resolution)
    if left and left < rules.hand_size:
        deals, leaders = endgames(rules, deals, trumps, leaders, decls, left)
        known = {}  # the known values are whole deals'
        if guess == "playout":
            guess = "none"  # a playout guess of a whole deal is not one of its endgame
    first = guesses(name, guess, rules, deals, trumps, leaders, decls, known)
    solve_deals(rules, deals[:1], trumps[:1], leaders[:1], decls[:1], max_nodes=10, config=config)  # compile
    ms = np.zeros(n)
    cnt = np.zeros((n, 48), dtype=np.int64)
    value = np.full(n, -1, dtype=np.int64)
    lo = np.zeros(n, dtype=np.int64)
    hi = np.zeros(n, dtype=np.int64)
    status = np.zeros(n, dtype=np.int64)
    for i in range(n):
        r = solve_deals(rules, deals[i:i + 1], trumps[i:i + 1], leaders[i:i + 1], decls[i:i + 1],
                        max_nodes=budget, config=replace(config or SolverConfig(), guess_shift=shift), lines=False,
                        guess=first[i:i + 1], resolution=res)
        ms[i] = r.ms[0]
        cnt[i] = r.counters[0]
        value[i] = r.value[0]
        lo[i], hi[i], status[i] = r.lower[0], r.upper[0], r.status[0]
    exact = value >= 0
    bad = [i for i in range(n) if str(i) in known and not lo[i] <= known[str(i)] <= hi[i]]
    bad += [i for i in range(n) if exact[i] and str(i) in known and known[str(i)] != int(value[i]) and i not in bad]
    out = {"set": name, "deals": n, "exact": int(exact.sum()), "ms": ms.tolist(), "values": value.tolist(),
           "counters": {c: cnt[:, j].tolist() for j, c in enumerate(COUNTERS)}, "mismatches": bad,
           "by_tricks_left": cnt[:, 16:].sum(axis=0).tolist(), "resolution": res, "tricks_left": left,
           "lower": lo.tolist(), "upper": hi.tolist(), "status": [STATUSES[int(x)] for x in status],
           "guess": guess, "shift": shift, "config": str(config)}
    if name == "bridge" and not left:
        try:
            secs, dnodes, dval = dds_solve(rules, deals, trumps, leaders)
            out["dds_ms"] = (secs * 1000).tolist()
            out["dds_nodes"] = dnodes.tolist()
            out["dds_agree"] = int(sum(1 for i in range(n) if exact[i] and dval[i] == value[i]))
        except ImportError:
            pass
    return out


def summary(res: dict) -> str:
    ms = np.array(res["ms"])
    c = {k: np.array(v) for k, v in res["counters"].items()}
    n = res["deals"]
    tot = {k: int(v.sum()) for k, v in c.items()}
    st = res.get("status", [])
    head = f"{res['set']:<14} exact {res['exact']:>3}/{n:<3}"
    if res.get("resolution", 1) > 1 or res.get("tricks_left"):
        w = np.array(res["upper"]) - np.array(res["lower"])
        head = (f"{res['set']:<14} resolution {res.get('resolution', 1)}"
                + (f", {res['tricks_left']} tricks left" if res.get("tricks_left") else "")
                + f": exact {st.count('exact')}, bracketed {st.count('bracketed')}, unfinished "
                f"{st.count('unfinished')} of {n} (width median {np.median(w):.0f}, max {w.max()})\n"
                + f"{'':<14} exact {res['exact']:>3}/{n:<3}")
    lines = [
        head + f"  ms median {np.median(ms):8.1f}"
        f"  p90 {np.percentile(ms, 90):8.1f}  max {ms.max():9.1f}  mean {ms.mean():8.1f}",
        f"{'':<14} nodes median {np.median(c['nodes']):11,.0f} (trick boundaries {np.median(c['trick_nodes']):10,.0f})"
        f"  total {tot['nodes']:,}  rate {tot['nodes'] / max(ms.sum() / 1000, 1e-9) / 1e6:5.2f} M/s",
        f"{'':<14} searches/deal {tot['searches'] / n:4.1f}" + (
            f"  table hits {tot['hits'] / max(tot['probes'], 1):6.1%}"
            f" of probes (slot misses {tot['slot_misses'] / max(tot['probes'], 1):5.1%};"
            f" entries evicted {tot['evictions'] / max(tot['stores'], 1):5.1%} of stores)"
            f"  first-move cuts {tot['first_move_cutoffs'] / max(tot['cutoffs'], 1):6.1%}" if COUNT else
            "  (diagnostic counters off: PINOCHLE_SOLVER_COUNTERS=1 compiles them in)"),
    ]
    if COUNT:
        lines.append(
            f"{'':<14} at trick boundaries: sure-max cuts {tot['sure_max_cuts'] / max(tot['trick_nodes'], 1):5.1%}"
            f"  sure-min cuts {tot['sure_min_cuts'] / max(tot['trick_nodes'], 1):5.1%}"
            f"  out of reach {tot['out_of_reach_cuts'] / max(tot['nodes'], 1):5.1%} of all nodes"
            f"  pruned moves {tot['pruned']:,}")
    hist = np.array(res["by_tricks_left"])
    top = np.nonzero(hist)[0]
    if COUNT and len(top):
        share = hist / max(hist.sum(), 1)
        lines.append(f"{'':<14} trick-boundary nodes by tricks left: "
                     + " ".join(f"{k}:{share[k]:.0%}" for k in range(top.max(), 0, -1) if hist[k]))
    if "dds_ms" in res:
        d = np.array(res["dds_ms"])
        dn = np.array(res["dds_nodes"])
        lines.append(
            f"{'DDS 2.9':<14} ms median {np.median(d):8.1f}  p90 {np.percentile(d, 90):8.1f}  max {d.max():9.1f}"
            f"  mean {d.mean():8.1f}   nodes median {np.median(dn):10,.0f}   agreement {res['dds_agree']}/{n}")
        lines.append(
            f"{'ratio':<14} time: mean {ms.mean() / d.mean():5.1f}x  median {np.median(ms) / np.median(d):5.1f}x"
            f"   trick-boundary nodes: median {np.median(c['trick_nodes']) / np.median(dn):5.1f}x"
            f"  total {c['trick_nodes'].sum() / dn.sum():5.1f}x")
    if res["mismatches"]:
        lines.append(f"!! VALUE MISMATCH against values.json on deals {res['mismatches']}")
    return "\n".join(lines)


def markdown(results: list[dict], budget: int, config: dict) -> str:
    """The README's table of a run: one row per set, DDS on the bridge set as the peer of the same run."""
    rows = ["| set | exact | median ms | p90 ms | max ms | mean ms | trick-boundary nodes, median "
            "| all nodes, median |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    peer = []
    for res in results:
        ms = np.array(res["ms"])
        c = {k: np.array(v) for k, v in res["counters"].items()}
        rows.append(f"| {res['set']} | {res['exact']}/{res['deals']} | {np.median(ms):,.1f} | "
                    f"{np.percentile(ms, 90):,.1f} | {ms.max():,.1f} | {ms.mean():,.1f} | "
                    f"{np.median(c['trick_nodes']):,.0f} | {np.median(c['nodes']):,.0f} |")
        if "dds_ms" in res:
            d, dn = np.array(res["dds_ms"]), np.array(res["dds_nodes"])
            rows.append(f"| DDS 2.9 on the bridge set | {res['dds_agree']}/{res['deals']} equal | "
                        f"{np.median(d):,.1f} | {np.percentile(d, 90):,.1f} | {d.max():,.1f} | {d.mean():,.1f} | "
                        f"{np.median(dn):,.0f} | |")
            peer.append((np.median(d), d.mean(), ms, c, dn))
    out = "\n".join(rows)
    if peer:
        dmed, dmean, ms, c, dn = peer[0]
        out += (f"\n\nRatios to DDS in the same run: bridge mean time {ms.mean() / dmean:.1f}×, median "
                f"{np.median(ms) / dmed:.1f}×, median trick-boundary nodes "
                f"{np.median(c['trick_nodes']) / np.median(dn):.1f}×.")
        for res in results:
            if res["set"] != "bridge":
                m = np.array(res["ms"])
                out += (f" {res['set']}: median {np.median(m) / dmed:.1f}× a DDS bridge solve, "
                        f"p90 {np.percentile(m, 90) / dmed:.1f}×.")
    out += (f"\n\nOne thread, node budget {budget:,} a deal; each rule set's solver settings"
            + (f" with {config}" if config else "") + ".")
    return out + "\n"


def resolution_study(rid: str, n: int = 2000, seed: int = 5) -> dict:
    """The resolution a rule set's advice needs, measured: on ``n`` random deals the seat whose formula
    valuation is highest bids (its bidding limit, its trump) and plays the deal out by policy v1; at the
    points p its side takes, N(p) = the fewest solver points whose trick points (after ``convert``) reach
    one bid step at that bid. A bracket under N(p) is then narrower than one bid step."""
    from analyzer.bidding.features import features
    from analyzer.bidding.formula import bidding_limits
    from analyzer.deal import random_deals
    from analyzer.play import play_deals
    from analyzer.rules import load
    from analyzer.score import convert_points

    rules = load(rid)
    deals = np.asarray(random_deals(rules, n, seed=seed).hands, dtype=np.int64)
    seats = rules.seats
    f = features(rules, deals.reshape(-1, rules.deck.copies))
    limit, trump = bidding_limits(rules, f)
    limit, trump = limit.reshape(n, seats), trump.reshape(n, seats)
    b = rules.bidding
    conv = convert_points(rules, np.arange(rules.total_points + 1))
    Ns, ps, steps = [], [], []
    for i in range(n):
        s = int(np.argmax(limit[i]))
        bid = max(b.opening, int(limit[i, s]))
        step = b.multiple if (b.multiple_above and bid >= b.multiple_above) or not b.multiple_above else b.step
        step = max(step, b.step)
        r = play_deals(rules, deals[i:i + 1], int(trump[i, s]), s, s, seed=i)
        p = int(sum(r.points[0, q] for q in rules.sides[rules.side_of(s)]))
        N = 1
        while p + N < len(conv) and conv[p + N] - conv[p] < step:
            N += 1
        Ns.append(N)
        ps.append(p)
        steps.append(step)
    Ns, ps = np.array(Ns), np.array(ps)
    def counts(a) -> dict[int, int]:
        k, c = np.unique(np.asarray(a), return_counts=True)
        return {int(x): int(y) for x, y in zip(k, c, strict=True)}

    return {"set": rid, "deals": n, "points median": float(np.median(ps)),
            "points p10/p90": (float(np.percentile(ps, 10)), float(np.percentile(ps, 90))), "bid steps": counts(steps),
            "N median": float(np.median(Ns)), "N p25": float(np.percentile(Ns, 25)), "N": counts(Ns)}


def parse_limits(text: str) -> dict[str, int]:
    """``20`` (every set) or ``bridge=200,luxury-family=20`` -> {set: first N deals} (0: all)."""
    if not text or text.isdigit():
        return {name: int(text or 0) for name in SETS}
    out = {name: 0 for name in SETS}
    for part in text.split(","):
        k, v = part.split("=")
        out[k] = int(v)
    return out


def parse_config(text: str) -> dict:
    """``switch=value,...`` -> overrides of each rule set's own solver settings (:func:`set_config`)."""
    kw = {}
    for part in filter(None, text.split(",")):
        k, v = part.split("=")
        kw[k] = {"True": True, "False": False}.get(v, int(v) if v.isdigit() else v)
    return kw


def set_config(rules, config: SolverConfig | dict) -> SolverConfig:
    """A full config as given, or the rule set's own (``[solver]`` rule data) with the overrides ``config``."""
    if isinstance(config, SolverConfig):
        return config
    return replace(rule_config(rules), **config)


def set_arguments(ap: argparse.ArgumentParser, budget: float) -> None:
    """The options every solver benchmark takes: sets, first N deals, node budget, the README table's file."""
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated set names")
    ap.add_argument("--limit", default="0", help="first N deals of each set: N, or SET=N,SET=N")
    ap.add_argument("--budget", type=float, default=budget, help="node budget per deal")
    ap.add_argument("--markdown", default="", help="write the README's table of the run to this file")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    set_arguments(ap, 50e6)
    ap.add_argument("--config", default="", help="solver switches over each rule set's own, e.g. ways=32,etc=True")
    ap.add_argument("--json", default="", help="write per-deal results to this file")
    ap.add_argument("--record", action="store_true", help="add new exact values to values.json")
    ap.add_argument("--guess", default="none", choices=("none", "playout", "oracle"),
                    help="first guess of each value (oracle: the known value, for measurements)")
    ap.add_argument("--resolution", default="1", help="points: stop at proven bounds closer than this (1: exact; "
                                                      "rules: each rule set's [solver] resolution)")
    ap.add_argument("--guess-shift", type=int, default=None, help="points added to each first guess (default: "
                                                                  "the rule set's [solver] guess_shift)")
    ap.add_argument("--study-resolution", action="store_true",
                    help="measure the resolution each set's advice needs (see resolution_study) and stop")
    ap.add_argument("--tricks-left", type=int, default=0, help="endgames: the first tricks played by policy v1 "
                                                              "until this many are left (0: whole deals)")
    args = ap.parse_args()
    numba.set_num_threads(1)
    if args.study_resolution:
        for name in args.sets.split(","):
            print(resolution_study(SETS[name][0]), flush=True)
        return
    config = parse_config(args.config)
    known = json.loads(VALUES.read_text()) if VALUES.exists() else {}
    print(f"solver benchmark: one thread, node budget {args.budget:,.0f} per deal, resolution {args.resolution}, "
          f"guess {args.guess} shifted {'by the rules' if args.guess_shift is None else args.guess_shift}"
          + (f", {args.tricks_left} tricks left" if args.tricks_left else "")
          + f", each rule set's solver settings{' with ' + args.config if args.config else ''}")
    results = []
    limits = parse_limits(args.limit)
    for name in args.sets.split(","):
        res = run_set(name, limits.get(name) or None, int(args.budget), config, known.get(name, {}), args.guess,
                      args.resolution, args.guess_shift, args.tricks_left)
        print(summary(res), flush=True)
        results.append(res)
        if args.record and not args.tricks_left:
            vals = known.setdefault(name, {})
            for i, v in enumerate(res["values"]):
                if v >= 0:
                    vals.setdefault(str(i), v)
    if args.record:
        VALUES.write_text(json.dumps(known, indent=0, sort_keys=True) + "\n")
    if args.json:
        Path(args.json).write_text(json.dumps(results))
    if args.markdown:
        Path(args.markdown).write_text(markdown(results, int(args.budget), config))


if __name__ == "__main__":
    main()
