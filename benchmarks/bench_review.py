"""Time of ``pinochle review`` on whole hands, warm (the kernels compiled by a first review), at the default samples
(the rule set's ``bid_samples`` a call, ``play_samples`` a card): the issue's targets are a whole auction hand in 30 s
and a double-deck hand in 90 s on 2 cores.

Each hand is dealt from its seed, bid (the first seat to call bids the opening, the others pass) and played out by
the heuristic players; the review is of the declarer's decisions (its call, the trump, every card): ``mine`` the
record with the declarer's hand only, ``all hands`` with every hand (the double-dummy loss of every card of every
seat on the true position added, at the default node budget).

    python benchmarks/bench_review.py                       # auction and double deck, 2 workers
    python benchmarks/bench_review.py --games auction --hands 3 --workers 1
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from analyzer.arena.core import deal_cards  # noqa: E402
from analyzer.bidding.auction import Auction  # noqa: E402
from analyzer.cards import SUITS, card_names, from_planes  # noqa: E402
from analyzer.play import play_deal  # noqa: E402
from analyzer.record.io import read_records  # noqa: E402
from analyzer.review.review import Asked, review  # noqa: E402
from analyzer.rules import load  # noqa: E402
from analyzer.rules.lowered import bid_class, first_leader  # noqa: E402


def hand_text(game: str, seed: int, every: bool) -> str:
    """The record of hand ``seed`` (module docstring): the declarer's hand, or every hand with ``every``."""
    rules = load(game)
    deck = rules.deck
    hands = deal_cards(rules, seed, np.array([0]))[0]
    dealer = seed % rules.seats
    a = Auction(rules, dealer)
    first = True
    while not a.done:
        a.call(a.turn, a.min_bid if first else None)
        first = False
    decl, bid = int(a.winner), int(a.contract)
    trump = seed % 4
    d = play_deal(rules, hands, trump, first_leader(rules, decl, dealer), decl, "v1", seed=seed,
                  bid=bid_class(rules, bid), index=0)
    names = [deck.name(int(k)) for k in d.cards[:, 1]]
    seats = range(rules.seats) if every else (decl,)
    lines = [f"rules: {game}", f"dealer: {dealer}", f"seat: {decl}"]
    lines += [f"hand {s}: {' '.join(card_names(from_planes(hands[s], deck), deck))}" for s in seats]
    lines += [f"calls: {a.text()}", f"trump: {SUITS[trump]}", "played: " + " ".join(names)]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=["auction", "double-deck"])
    ap.add_argument("--hands", type=int, default=2, help="hands timed per game and kind (seeds 1..N)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    print(f"cores {os.cpu_count()}, load {os.getloadavg()[0]:.1f} (1 min) at the start; workers {args.workers}")
    warm = read_records(hand_text("auction", 99, True))[0]
    review(warm, Asked(samples=100, play_samples=10), workers=1)  # compiles what a review needs
    print("| game | record | seed | decisions | true positions | seconds | CPU seconds (this process) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for game in args.games:
        for every in (False, True):
            for seed in range(1, args.hands + 1):
                rec = read_records(hand_text(game, seed, every))[0]
                t0, c0 = time.perf_counter(), time.process_time()
                rv = review(rec, Asked(), workers=args.workers)
                secs, cpu = time.perf_counter() - t0, time.process_time() - c0
                print(f"| {game} | {'all hands' if every else 'mine'} | {seed} | {len(rv.decisions)} | "
                      f"{len(rv.true)} | {secs:.1f} | {cpu:.1f} |", flush=True)
    print(f"load {os.getloadavg()[0]:.1f} (1 min) at the end")


if __name__ == "__main__":
    main()
