"""What reading the shown melds as whole melds (``pinochle play --whole-meld``) is worth to the card-play advice.

On positions of random auction deals (the declarer: seat ``deal % 4``, naming the trump of its best meld; the
first 0-15 cards played by policy v1; the seat to play then asks), every other seat's meld is shown as the cards it
lays down (:func:`analyzer.meld.laid_cards`). The card advised is asked twice on the same position and seed: the
shown cards read as cards held (``--shown``) and as whole melds (``--whole-meld``). Each card is then valued on the
true deal double dummy (the solver's value of every legal card in one solve: the points the asking seat's side takes
from there on, best play after), so each reading's loss against the true deal's best card, and the paired gain of
the whole-meld reading, come with 95% intervals. No contract is given (bid 0): the cards are ranked by expected
points, as the true deal values them. Positions whose true deal the solver does not finish within the budget are
counted and left out (said in the page); positions where a reading finds too few deals are counted too.

    python3 reports/cardplay/whole_meld.py --positions 300              # writes whole_meld.md and whole_meld.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.request import PlayRequest
from analyzer.cards import SUITS, Hand, from_planes
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.estimate import mean_ci, paired_diff
from analyzer.meld import best_trump, laid_cards
from analyzer.play import play_deal
from analyzer.rules import load
from analyzer.rules.lowered import side_mask
from analyzer.solve import make_position, solve_position

HERE = Path(__file__).resolve().parent


def position(rs, hands: np.ndarray, i: int, rng: np.random.Generator) -> dict:
    """Deal ``i``'s position: contract, the cards played, the asking seat, its hand and the others' laid melds."""
    declarer = i % rs.seats
    names = [Hand(rs.deck, tuple(sorted(from_planes(hands[s], rs.deck)))) for s in range(rs.seats)]
    trump = SUITS.index(best_trump(names[declarer], rs)[0])
    k = int(rng.integers(0, 4 * rs.seats))
    rec = play_deal(rs, hands, trump, declarer, declarer, policy="v1", seed=i)
    me = int(rec.cards[k, 0])
    shown = {}
    for s in range(rs.seats):
        laid = laid_cards(names[s], rs, trump)
        if s != me and len(laid):
            shown[s] = " ".join(rs.deck.name(c) for c in laid.kinds)
    return {"declarer": declarer, "trump": trump, "k": k, "me": me, "cards": rec.cards[:k],
            "hand": " ".join(rs.deck.name(c) for c in names[me].kinds), "shown": shown}


def measure(n: int, seed: int, samples: int, max_nodes: int) -> dict:
    rs = load("auction")
    hands_all = random_deals(rs, n, seed=seed, stock=False).hands
    rng = np.random.default_rng(seed)
    gain, loss_held, loss_whole = [], [], []
    differ = unsolved = few = 0
    t0 = time.perf_counter()
    for i in range(n):
        pos = position(rs, hands_all[i], i, rng)
        played = " ".join(rs.deck.name(int(c)) for _, c in pos["cards"])
        common = dict(seat=pos["me"], trump=SUITS[pos["trump"]], declarer=pos["declarer"], bid=0,
                      shown=[f"{s}:{c}" for s, c in pos["shown"].items()], played=played, samples=samples,
                      seed=seed * 1_000_003 + i)
        try:
            a = advise_card(PlayRequest.make(rs, pos["hand"], **common))
            b = advise_card(PlayRequest.make(rs, pos["hand"], whole_meld=True, **common))
        except UserError:
            few += 1
            continue
        if a.best is None or b.best is None:
            few += 1
            continue
        vals = _side_values(rs, hands_all[i], pos, max_nodes)
        if vals is None:
            unsolved += 1
            continue
        best = max(vals.values())
        va, vb = vals[Hand.parse(a.best, rs.deck).kinds[0]], vals[Hand.parse(b.best, rs.deck).kinds[0]]
        gain.append(vb - va)
        loss_held.append(best - va)
        loss_whole.append(best - vb)
        differ += a.best != b.best
        if (i + 1) % 25 == 0:
            print(f"whole_meld: {i + 1}/{n} positions, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    m = len(gain)
    return {"positions": n, "measured": m, "too_few_deals": few, "unsolved": unsolved, "cards_differ": differ,
            "samples": samples, "seed": seed, "max_nodes": max_nodes,
            "gain": paired_diff(np.array(loss_held, float), np.array(loss_whole, float)).as_dict() if m else None,
            "loss_held": mean_ci(np.array(loss_held, float)).as_dict() if m else None,
            "loss_whole": mean_ci(np.array(loss_whole, float)).as_dict() if m else None,
            "seconds": round(time.perf_counter() - t0, 1)}


def _side_values(rs, hands: np.ndarray, pos: dict, max_nodes: int) -> dict[int, int] | None:
    """Each legal card's value on the true deal for the asking seat's side (None: not finished): the declaring side's
    points from here on, or their negation for the defenders (only differences between cards are used)."""
    now = hands.copy()
    for seat, c in pos["cards"]:
        for p in range(rs.deck.copies - 1, -1, -1):
            if (int(now[seat, p]) >> int(c)) & 1:
                now[seat, p] &= ~(np.int64(1) << int(c))
                break
    k = pos["k"]
    trick = [int(c) for _, c in pos["cards"][k - k % rs.seats:k]]
    leader = int(pos["cards"][k - k % rs.seats, 0]) if k % rs.seats else pos["me"]
    res = solve_position(rs, make_position(rs, now, pos["trump"], leader, pos["declarer"], trick, 0),
                         all_cards=True, lines=False, max_nodes=max_nodes)
    if not res.card_values or not res.exact:
        return None
    # the defenders take what the declaring side does not: the points left less its value (differences only are used,
    # so the defenders' value is its negation)
    sign = 1 if (side_mask(rs, pos["declarer"]) >> pos["me"]) & 1 else -1
    return {int(c): sign * int(v) for c, v in res.card_values.items()}


def write(out: dict, where: Path = HERE) -> None:
    def ci(e: dict) -> str:
        return f"{e['mean']:+.2f} ({e['lo']:+.2f} to {e['hi']:+.2f})"

    lines = ["# Whole melds: what reading the shown melds as whole melds is worth", "",
             "Made by `python3 reports/cardplay/whole_meld.py` (its docstring says how). Auction, "
             f"{out['positions']:,} positions (seed {out['seed']}), {out['samples']} deals a decision, the true deal "
             f"solved within {out['max_nodes']:,} nodes.", "",
             "| positions measured | advised cards differ | too few deals | true deal unsolved | loss, read as cards "
             "held | loss, read as whole melds | gain of whole melds (paired) |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    if out["measured"]:
        lines.append(f"| {out['measured']:,} | {out['cards_differ']:,} | {out['too_few_deals']:,} | "
                     f"{out['unsolved']:,} | {ci(out['loss_held'])} | {ci(out['loss_whole'])} | {ci(out['gain'])} |")
    lines += ["", "Loss: the true deal's best card's points for the asking side (double dummy) minus the advised "
              "card's; gain: the loss read as cards held minus the loss read as whole melds (trick points a "
              f"decision; auction's tricks hold {load('auction').total_points} points). {out['seconds']:,.0f} s "
              "on 2 cores."]
    (where / "whole_meld.md").write_text("\n".join(lines) + "\n")
    (where / "whole_meld.json").write_text(json.dumps(out, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--samples", type=int, default=100)
    ap.add_argument("--max-nodes", type=int, default=5_000_000)
    a = ap.parse_args()
    out = measure(a.positions, a.seed, a.samples, a.max_nodes)
    write(out)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
