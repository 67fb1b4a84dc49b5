"""Meld-counting throughput (hands/s, all four trumps) per rule set, beside a popcount floor kernel.

    python benchmarks/bench_meld.py [--hands 2000000]

The floor reads the same bitboards and sums their popcounts (SWAR, vectorisable); the ratio
meld/floor is the figure the README quotes (target >= 1/10, aim 1/5, one thread).
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from analyzer.meld import meld_batch
from analyzer.meld.kernel import popcount_floor_range
from analyzer.rules import load


def random_hands(rules, n: int, seed: int) -> np.ndarray:
    """n random hands of the rule set's size as count planes (numpy shuffle; not timed)."""
    rng = np.random.default_rng(seed)
    deck = rules.deck
    pack = np.array([k for k in deck.kinds for _ in range(deck.copies)], dtype=np.int64)
    keys = rng.random((n, pack.size)).argsort(axis=1)[:, : rules.hand_size]
    cards = pack[keys]
    hands = np.zeros((n, deck.copies), dtype=np.int64)
    for j in range(rules.hand_size):
        bit = np.left_shift(np.int64(1), cards[:, j])
        for p in range(deck.copies):
            free = (hands[:, p] & bit) == 0
            hands[:, p] |= np.where(free, bit, 0)
            bit = np.where(free, 0, bit)
    return hands


def best_rate(fn, arg, n: int, reps: int = 5) -> float:
    fn(arg)
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        fn(arg)
        best = min(best, time.perf_counter() - t)
    return n / best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2_000_000)
    args = ap.parse_args()
    threads = numba.config.NUMBA_NUM_THREADS
    print(f"meld kernel, {args.hands:,} random hands, all four trumps; threads available: {threads}")
    print(f"{'rule set':15} {'threads':>7} {'meld hands/s':>14} {'floor hands/s':>14} {'ratio':>7}")
    for rid in ("luxury-family", "double-deck", "auction", "two-handed"):
        rs = load(rid)
        pool = random_hands(rs, 200_000, seed=1)
        hands = np.ascontiguousarray(np.resize(pool, (args.hands, rs.deck.copies)))
        for t in sorted({1, threads}):
            numba.set_num_threads(t)
            out = np.empty((args.hands, 4), dtype=np.int32)
            m = best_rate(lambda h, rs=rs, out=out: meld_batch(h, rs, out[: len(h)]), hands, args.hands)
            fo = np.empty(args.hands, dtype=np.int32)
            f = best_rate(lambda h, fo=fo: popcount_floor_range.batch(len(h), h, fo[: len(h)]), hands, args.hands)
            print(f"{rid:15} {t:>7} {m:>14,.0f} {f:>14,.0f} {m / f:>7.2f}")
    numba.set_num_threads(threads)


if __name__ == "__main__":
    main()
