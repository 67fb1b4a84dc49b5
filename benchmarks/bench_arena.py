"""Arena speed per rule set: deals per second and where the advisor's time goes. Prints a table; no assertions.

    python benchmarks/bench_arena.py [--deals 60] [--rules auction,double-deck,luxury-family] [--ew formula]
    python benchmarks/bench_arena.py --games 3 --rules double-deck --ns advisor-game --ew advisor --seed 99 --repeat 3

Each row plays ``--deals`` duplicate deals of ``advisor`` against ``--ew`` in this process on one numba
thread (the arena's workers run one thread each, so ``--workers 2`` on 2 free cores about halves the
time), after a warm-up of 2 deals that compiles or loads the kernels. The advisor's counters say how many
studies it drew (sampled deals played out: the calls decided on sampled deals, the trumps named and the
forecast draws), how many calls it decided and how many deals the sampler dealt per call to keep the ones
consistent with the auction.

``--games N`` plays whole games instead (:func:`analyzer.arena.games.run_games`, each game once per seating: a
game pair) of ``--ns`` against ``--ew`` (any agent specs), after a warm-up game of another seed, and reports this
process's CPU seconds (user + system, :func:`time.process_time`) per game pair, the median of ``--repeat`` runs
(each the same games: the counters must agree), and the advisor agents' counters; ``--deals`` with ``--ns`` given
reports the same for duplicate deals, per deal. CPU seconds, not wall seconds: the machine may be busy with other
work. Run with ``NUMBA_NUM_THREADS=1`` (set below before numba starts its threads) and a warm kernel cache.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numba  # noqa: E402

from analyzer.arena import run_arena  # noqa: E402
from analyzer.arena.advisor import Advisor  # noqa: E402
from analyzer.arena.games import run_games  # noqa: E402
from analyzer.rules import load  # noqa: E402


def cpu_runs(args: argparse.Namespace) -> None:
    """Whole games (``--games``) or duplicate deals of ``--ns`` against ``--ew``: CPU seconds per game pair or deal."""
    games = args.games is not None
    n = args.games if games else args.deals
    unit = "game pair" if games else "deal"
    print(f"{n} {'games (each once per seating)' if games else 'duplicate deals'} per run, {args.ns} against "
          f"{args.ew}, seed {args.seed}, median of {args.repeat} runs, 1 numba thread, CPU seconds of this process")
    for rid in args.rules.split(","):
        rules = load(rid)  # a built-in rule set or a house-rule file
        play = run_games if games else run_arena
        play(rules, args.ns, args.ew, 1 if games else 2, seed=args.seed + 1000)  # warm-up: compile or load kernels
        cpu, counters = [], []
        for _ in range(args.repeat):
            t = time.process_time()
            res = play(rules, args.ns, args.ew, n, seed=args.seed)
            cpu.append(time.process_time() - t)
            counters.append(res.advisor_stats)
        same = all(c == counters[0] for c in counters)
        med = statistics.median(cpu)
        print(f"{rid}: {med:.2f} s CPU a run, {med / n:.2f} s per {unit} (runs: "
              f"{', '.join(f'{c:.2f}' for c in cpu)}); counters {'the same in every run' if same else 'DIFFER'}")
        for who, w in counters[0].items():
            print(f"  {who}: " + ", ".join(f"{k} {v:,}" for k, v in w.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--games", type=int, default=None, help="whole games instead of deals (CPU per game pair)")
    ap.add_argument("--rules", default="auction,double-deck,luxury-family")
    ap.add_argument("--ns", default=None, help="agent A (with --games or for CPU per deal; default advisor-game "
                                               "with --games)")
    ap.add_argument("--ew", default="formula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="runs of the CPU figures (their median is shown)")
    args = ap.parse_args()
    numba.set_num_threads(1)
    if args.games is not None or args.ns is not None:
        args.ns = args.ns or "advisor-game"
        cpu_runs(args)
        return
    print(f"{args.deals} duplicate deals per row, advisor against {args.ew}, 1 numba thread")
    print(f"{'rule set':14s} {'samples':>7s} {'ms/deal':>8s} {'10k deals, 1 core':>18s} {'calls':>6s} "
          f"{'analysed':>8s} {'studies':>8s} {'ms/study':>9s} {'dealt/call':>11s}")
    for rid in args.rules.split(","):
        rules = load(rid)
        run_arena(rules, Advisor(), args.ew, 2, seed=args.seed + 1000)  # warm-up: compile or load kernels
        adv = Advisor()
        t = time.perf_counter()
        run_arena(rules, adv, args.ew, args.deals, seed=args.seed)
        dt = time.perf_counter() - t
        st = adv.stats
        studies = st.analysed + st.trumps + st.forecasts
        print(f"{rid:14s} {rules.advice.arena_samples:7d} {1000 * dt / args.deals:8.0f} "
              f"{dt / args.deals * 10_000 / 60:15.0f} min {st.decisions:6d} {st.analysed:8d} {studies:8d} "
              f"{1000 * dt / max(studies, 1):9.1f} {st.tried / max(st.analysed, 1):11,.0f}")


if __name__ == "__main__":
    main()
