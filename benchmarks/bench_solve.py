"""Double-dummy solver benchmark (prints, asserts nothing).

1. Full deals of every rule set (auction 4x12, luxury-family 3x16, double-deck 4x20, two-handed phase 2
   2x12), one thread, a node budget per deal so nothing can hang: exact share, time per deal (median,
   90th percentile, max), nodes; then the replay of one optimal line per exact deal (what the
   Monte-Carlo driver's ``dd`` play mode needs): its nodes and their share of the solve's.
2. Bridge: the same random deals by this solver and by DDS (endplay), time per deal and the ratio.
3. Ablation on mid-size deals: each search technique switched off in turn (nodes and time).

    python benchmarks/bench_solve.py [--deals 12] [--budget 20e6] [--bridge 20] [--no-ablation]
"""

from __future__ import annotations

import argparse
import dataclasses
import time

import numba
import numpy as np

from analyzer.cards import from_planes
from analyzer.rules import RuleSet, load
from analyzer.solve import SolverConfig, solve_deals


def random_deals(rules: RuleSet, n: int, seed: int) -> np.ndarray:
    """n random deals of ``rules.hand_size`` cards a seat (count planes), the rest of the pack unseen."""
    rng = np.random.default_rng(seed)
    deck = rules.deck
    pack = np.array([k for k in deck.kinds for _ in range(deck.copies)])
    out = np.zeros((n, rules.seats, deck.copies), dtype=np.int64)
    for i in range(n):
        perm = rng.permutation(pack)
        for s in range(rules.seats):
            for k in perm[s * rules.hand_size:(s + 1) * rules.hand_size]:
                p = 0
                while (int(out[i, s, p]) >> int(k)) & 1:
                    p += 1
                out[i, s, p] |= np.int64(1) << np.int64(k)
    return out


DEFAULT = SolverConfig()


def time_deals(rules: RuleSet, deals: np.ndarray, trumps: np.ndarray, budget: int,
               config: SolverConfig = DEFAULT, lines: bool = False,
               line_nodes: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per deal: seconds (process CPU time, one thread), nodes, exact (``lines``: with the optimal line's
    replay, its nodes into ``line_nodes``)."""
    n = len(deals)
    secs = np.zeros(n)
    nodes = np.zeros(n, dtype=np.int64)
    exact = np.zeros(n, dtype=bool)
    for i in range(n):
        seat = i % rules.seats
        t = time.process_time()
        res = solve_deals(rules, deals[i:i + 1], int(trumps[i]), seat, seat, max_nodes=budget, config=config,
                          lines=lines)
        secs[i] = time.process_time() - t
        nodes[i] = res.nodes[0]
        exact[i] = res.exact[0]
        if line_nodes is not None:
            line_nodes[i] = res.line_nodes[0]
    return secs, nodes, exact


def line(name: str, secs: np.ndarray, nodes: np.ndarray, exact: np.ndarray) -> str:
    ms = secs * 1000
    rate = nodes.sum() / max(secs.sum(), 1e-9) / 1e6
    return (f"{name:<28} exact {exact.sum():>3}/{len(exact):<3} time ms: median {np.median(ms):9.1f}  "
            f"p90 {np.percentile(ms, 90):9.1f}  max {ms.max():9.1f}   nodes: median {np.median(nodes):12,.0f}  "
            f"max {nodes.max():12,}   {rate:5.1f} M nodes/s")


def full_deals(n: int, budget: int) -> None:
    print(f"== full deals, one thread, node budget {budget:,} per deal ==")
    for rid, seats, size in (("auction", 4, 12), ("luxury-family", 3, 16), ("double-deck", 4, 20),
                             ("two-handed", 2, 12)):
        rules = load(rid)
        deals = random_deals(rules, n, seed=1)
        trumps = np.arange(n) % 4
        solve_deals(rules, deals[:1], 0, 0, 0, max_nodes=10)  # compile / load the kernels
        ln = np.zeros(n, dtype=np.int64)
        secs, nodes, exact = time_deals(rules, deals, trumps, budget, lines=True, line_nodes=ln)
        print(line(f"{rid} {seats}x{size}", secs, nodes, exact))
        if exact.any():
            e = exact
            print(f"{'  + optimal line replay':<28} line nodes: median {np.median(ln[e]):10,.0f}  max {ln[e].max():10,}"
                  f"   {ln[e].sum() / max(nodes[e].sum(), 1):.2%} of the exact deals' solve nodes")


def bridge_vs_dds(n: int, budget: int) -> None:
    try:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal, Denom, Player
    except ImportError:
        print("== bridge vs DDS: endplay not installed ==")
        return
    rules = load("bridge")
    deck = rules.deck
    deals = random_deals(rules, n, seed=7)
    trumps = np.array([(i % 5) - 1 for i in range(n)])
    solve_deals(rules, deals[:1], 0, 0, 0, max_nodes=10)
    secs, nodes, exact = time_deals(rules, deals, trumps, budget)
    dds_one = np.zeros(n)
    dds_all = np.zeros(n)
    agree = 0
    for i in range(n):
        hands = []
        for s in range(4):
            kinds = from_planes(deals[i, s], deck)
            hands.append(".".join("".join(deck.rank_of(k) for k in kinds if k // 16 == suit) for suit in range(4)))
        seat = i % 4
        deal = Deal("N:" + " ".join(hands), first=Player(seat), trump=Denom(4 if trumps[i] < 0 else trumps[i]))
        t = time.process_time()
        best = max(sc for _, sc in solve_board(deal, SolveMode.OptimalOne))
        dds_one[i] = time.process_time() - t
        t = time.process_time()
        solve_board(deal)
        dds_all[i] = time.process_time() - t
        # our value here is the leader's (= declarer's) side; DDS scores the side to play, the same
        agree += int(exact[i] and best == _value(rules, deals[i], int(trumps[i]), seat, budget))
    print(f"== bridge: the same {n} random deals, this solver (value) vs DDS 2.9 via endplay, one thread ==")
    print(line("this solver, value", secs, nodes, exact))
    for name, t in (("DDS, best card (sol. 1)", dds_one), ("DDS, every card (sol. 3)", dds_all)):
        print(f"{name:<28} time ms: median {np.median(t) * 1000:9.1f}  p90 {np.percentile(t, 90) * 1000:9.1f}  "
              f"max {t.max() * 1000:9.1f}")
    print(f"ratio ours/DDS(sol. 1): median {np.median(secs) / np.median(dds_one):6.1f}x, "
          f"total {secs.sum() / dds_one.sum():6.1f}x;  agreement {agree}/{n}")


def _value(rules: RuleSet, deal: np.ndarray, trump: int, seat: int, budget: int) -> int:
    res = solve_deals(rules, deal[None], trump, seat, seat, max_nodes=budget)
    return int(res.value[0])


ABLATION = [
    ("all techniques (default)", {}),
    ("driver MTD(f) instead of binary", {"driver": "mtdf"}),
    ("no transposition table", {"table": False}),
    ("table keys on absolute cards", {"relative": False}),
    ("no rank-equivalent merging", {"merge": False}),
    ("no move ordering heuristics", {"ordering": False}),
    ("no killer leads", {"killer": False}),
    ("no sure-point bounds", {"quick": False}),
    ("no winning-rank pruning", {"prune": False}),
    ("partition table entries", {"partition": True}),
    ("table of 2^16 entries", {"table_bits": 16}),
    ("table of 2^22 entries", {"table_bits": 22}),
]


def ablation(n: int) -> None:
    print(f"== ablation: {n} mid-size deals each, one thread, totals ==")
    sets = []
    for rid, size in (("auction", 9), ("luxury-family", 10), ("double-deck", 9), ("bridge", 9)):
        rules = dataclasses.replace(load(rid), hand_size=size, cache={})
        deals = random_deals(rules, n, seed=3)
        trumps = np.array([(i % 5) - 1 if rid == "bridge" else i % 4 for i in range(n)])
        sets.append((f"{rid} {rules.seats}x{size}", rules, deals, trumps))
    print(f"{'':<34}" + "".join(f"{name:>30}" for name, *_ in sets))
    for label, kw in ABLATION:
        cells = []
        for _, rules, deals, trumps in sets:
            cfg = SolverConfig(**kw)
            solve_deals(rules, deals[:1], 0, 0, 0, max_nodes=10, config=cfg)
            secs, nodes, exact = time_deals(rules, deals, trumps, 200_000_000, cfg)
            cells.append(f"{nodes.sum() / 1e6:9.2f}M nodes {secs.sum():7.2f}s")
        print(f"{label:<34}" + "".join(f"{c:>30}" for c in cells), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=12, help="full deals per rule set")
    ap.add_argument("--budget", type=float, default=20e6, help="node budget per deal")
    ap.add_argument("--bridge", type=int, default=20, help="bridge deals against DDS")
    ap.add_argument("--ablation-deals", type=int, default=12)
    ap.add_argument("--no-ablation", action="store_true")
    args = ap.parse_args()
    numba.set_num_threads(1)
    budget = int(args.budget)
    full_deals(args.deals, budget)
    bridge_vs_dds(args.bridge, budget)
    if not args.no_ablation:
        ablation(args.ablation_deals)


if __name__ == "__main__":
    main()
