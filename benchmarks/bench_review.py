"""Time of ``pinochle review`` on whole hands, warm (the kernels compiled by a first review), at the default samples
(the rule set's ``bid_samples`` a call, ``play_samples`` a card): the issue's targets are a whole auction hand in 30 s
and a double-deck hand in 90 s on 2 cores.

Each hand is dealt from its seed, bid (the first seat to call bids the opening, the others pass) and played out by
the heuristic players; the review is of the declarer's decisions (its call, the trump, every card): ``mine`` the
record with the declarer's hand only, ``all hands`` with every hand (the double-dummy loss of every card of every
seat on the true position added, at the default node budget).

    python benchmarks/bench_review.py                       # auction and double deck, 2 workers
    python benchmarks/bench_review.py --games auction --hands 3 --workers 1
    python benchmarks/bench_review.py --markdown F && python benchmarks/update_readme.py review-speed F

Each row prints its ratio to the issue's target for the game (seconds / target: at most 1 meets it).
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from analyzer.arena.core import deal_cards  # noqa: E402
from analyzer.arena.records import played_record  # noqa: E402
from analyzer.bidding.auction import Auction  # noqa: E402
from analyzer.record.model import HandRecord  # noqa: E402
from analyzer.review.review import Asked, review  # noqa: E402
from analyzer.rules import load  # noqa: E402

#: the issue's targets: a whole hand reviewed in at most this many seconds (warm, 2 cores, default samples)
TARGET = {"auction": 30.0, "double-deck": 90.0}


def hand_record(game: str, seed: int, every: bool) -> HandRecord:
    """The record of hand ``seed`` (module docstring; :func:`analyzer.arena.records.played_record`): the declarer's
    hand, or every hand with ``every``."""
    rules = load(game)
    hands = deal_cards(rules, seed, np.array([0]))[0]
    a = Auction(rules, seed % rules.seats)
    while not a.done:
        a.call(a.turn, None if a.calls else a.min_bid)
    seats = None if every else (int(a.winner),)
    return played_record(rules, hands, a.dealer, a.calls, seed % 4, seed=seed, index=0, seats=seats)[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=["auction", "double-deck"])
    ap.add_argument("--hands", type=int, default=2, help="hands timed per game and kind (seeds 1..N)")
    ap.add_argument("--seeds", type=int, nargs="+", help="the hands' seeds (instead of 1..--hands)")
    ap.add_argument("--records", nargs="+", choices=("mine", "all"), default=["mine", "all"],
                    help="the records timed: the declarer's hand only (mine), every hand (all)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--markdown", type=Path, help="also write the table, with the machine's load, to this file")
    args = ap.parse_args()
    load0 = os.getloadavg()[0]
    print(f"cores {os.cpu_count()}, load {load0:.1f} (1 min) at the start; workers {args.workers}")
    warm = hand_record("auction", 99, True)
    review(warm, Asked(samples=100, play_samples=10), workers=1)  # compiles what a review needs
    rows = ["| game | record | seed | decisions | true positions | seconds | CPU seconds (this process) | "
            "target s | ratio to target |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    print("\n".join(rows))
    for game in args.games:
        for every in [kind == "all" for kind in args.records]:
            for seed in args.seeds or range(1, args.hands + 1):
                rec = hand_record(game, seed, every)
                t0, c0 = time.perf_counter(), time.process_time()
                rv = review(rec, Asked(), workers=args.workers)
                secs, cpu = time.perf_counter() - t0, time.process_time() - c0
                target = TARGET.get(game)
                ratio = f"{secs / target:.2f}" if target else "-"
                rows.append(f"| {game} | {'all hands' if every else 'mine'} | {seed} | {len(rv.decisions)} | "
                            f"{len(rv.true)} | {secs:.1f} | {cpu:.1f} | {target or '-'} | {ratio} |")
                print(rows[-1], flush=True)
    load1 = os.getloadavg()[0]
    print(f"load {load1:.1f} (1 min) at the end")
    if args.markdown:
        which = f"--seeds {' '.join(map(str, args.seeds))}" if args.seeds else f"--hands {args.hands}"
        head = (f"Measured on {datetime.date.today()} by `python benchmarks/bench_review.py --workers {args.workers} "
                f"{which}` on {os.cpu_count()} cores, load {load0:.1f} at the start and {load1:.1f} "
                "at the end (a load above the cores inflates the wall seconds; the CPU seconds are this process's "
                "work):")
        args.markdown.write_text(head + "\n\n" + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
