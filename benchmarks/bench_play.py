"""Time of one card-play decision (``pinochle play``'s :func:`analyzer.cardplay.advise.advise_card`), warm, at
fixed points of fixed hands of every game: the first lead, inside the fourth trick, two tricks before the end.

Each position is a fixed deal (seed 11) played by policy v1 up to that point, asked by the seat to play, with
the rule set's default samples and node budget. Printed per position: seconds (median of ``--repeat``), the
deals valued double dummy and by rollouts, the solver's nodes, and the ratio to the target of issue 30 (one
auction decision at the first lead from at least 100 deals within 3 s on 2 cores, later tricks faster).

    python benchmarks/bench_play.py                       # every game
    python benchmarks/bench_play.py --games auction --repeat 3 --markdown /tmp/play.md
"""

from __future__ import annotations

import argparse
import statistics
import time

from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.request import PlayRequest
from analyzer.cards import SUITS, from_planes
from analyzer.deal import random_deals
from analyzer.play import play_deal
from analyzer.rules import load

TARGET_S = 3.0
GAMES = ["auction", "double-deck", "luxury-family", "two-handed"]


def positions(rid: str) -> list[tuple[str, PlayRequest]]:
    """The fixed positions of one game, each as its request."""
    rs = load(rid)
    hands = random_deals(rs, 1, seed=11, stock=False).hands[0]
    trump, declarer = 1, 0
    rec = play_deal(rs, hands, trump, declarer, declarer, policy="v1", seed=11)
    total = rs.seats * rs.hand_size
    out = []
    for label, k in (("first lead", 0), ("inside trick 4", 3 * rs.seats + 1), ("2 tricks left", total - 2 * rs.seats)):
        me = int(rec.cards[k, 0])
        played = " ".join(rs.deck.name(int(c)) for _, c in rec.cards[:k])
        hand = " ".join(rs.deck.name(x) for x in from_planes(hands[me], rs.deck))
        kw = {"declarer": declarer} if rs.has_bidding else {"leader": declarer}
        out.append((label, PlayRequest.make(rs, hand, seat=me, trump=SUITS[trump], played=played, **kw)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=GAMES)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", help="also write the table as Markdown to this file")
    a = ap.parse_args()
    rows = ["| game | position | deals | double dummy | rollouts | nodes | s | ratio to 3 s |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for rid in a.games:
        for label, req in positions(rid):
            advise_card(req)  # warm: compiled and loaded
            times = []
            for _ in range(a.repeat):
                t0 = time.perf_counter()
                adv = advise_card(req)
                times.append(time.perf_counter() - t0)
            v = adv.values
            s = statistics.median(times)
            row = (f"| {rid} | {label} | {v.decl.shape[0]} | {int(v.solved.sum())} | {int((~v.solved).sum())} | "
                   f"{v.nodes:,} | {s:.2f} | {s / TARGET_S:.2f} |")
            print(row, flush=True)
            rows.append(row)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
