"""What Luxury Family's card play for the game (``pinochle play --score``) costs, and how much its one approximation
matters: the defenders' split of their points.

The game needs each player's points after each card; the advice reads them off the line of play that valued the
card (:mod:`analyzer.cardplay.lines`: on a solved deal the solver's optimal line from the position after the card,
which shares the defenders' points as its move order happens to). On positions of random Luxury Family deals (the
game maker seat ``deal % 3``, trump ``deal % 4``, bid 200; policy v1 to a point 4 to 10 tricks from the end, inside
the solver's horizon) at a random score of the second or third hand, this measures:

* the time of one decision with the score against without it (the lines' solves are the cost);
* the deal-and-card pairs whose line ran past the node budget (shared as the rollout shares them instead);
* the split's weight: every solved deal's defenders' points shared instead as the heuristic players' rollout shares
  them (:func:`analyzer.cardplay.lines.share_as`; the game maker's exact points kept), the cards judged again on
  the same deals: how often the card for the game changes, the largest change of a card's chance of winning, and a
  defender's power points under the two splits.

    python3 reports/cardplay/lf_split.py --positions 40      # writes lf_split.md and lf_split.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

import numpy as np

from analyzer.api import play_request
from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.game import card_for_game
from analyzer.cardplay.lines import share_as
from analyzer.cardplay.outcome import card_outcomes
from analyzer.cardplay.values import rollouts
from analyzer.cards import SUITS, from_planes
from analyzer.deal import random_deals
from analyzer.estimate import mean_ci
from analyzer.game.value import chances_after
from analyzer.play import play_deal
from analyzer.rules import load
from analyzer.score import seat_unit

HERE = Path(__file__).resolve().parent


def position(rs, hands: np.ndarray, i: int, rng: np.random.Generator, samples: int) -> dict:
    """Deal ``i``'s question: the seat to play after policy v1's first ``k`` cards, at a random score."""
    trump, declarer = i % 4, i % 3
    k = int(rng.integers(18, 37))
    rec = play_deal(rs, hands, trump, declarer, declarer, policy="v1", seed=i)
    me = int(rec.cards[k, 0])
    hand = int(rng.integers(2, 4))
    totals = rng.integers(-200, 400 * hand, size=3)
    return {"rules": rs.id, "seat": me, "trump": SUITS[trump], "declarer": declarer, "bid": 200, "samples": samples,
            "hand": " ".join(rs.deck.name(x) for x in from_planes(hands[me], rs.deck)), "seed": i,
            "played": " ".join(rs.deck.name(int(c)) for _, c in rec.cards[:k]), "dealer": (hand - 1) % 3,
            "score": "-".join(map(str, totals)) + f"/{hand}"}


def _chances(req, v, side_meld: int) -> np.ndarray:
    me = int(seat_unit(req.rules)[req.record.seat])
    c, _, _ = chances_after(req.rules, req.win_table, req.game, me, card_outcomes(req, v, side_meld))
    return c.reshape(-1, len(v.cards))


def measure(n: int, seed: int, samples: int) -> dict:
    rs = load("luxury-family")
    deals = random_deals(rs, n, seed=seed, stock=False).hands
    rng = np.random.default_rng(seed)
    plain_s, game_s, pairs, shared, changed, biggest, apart = [], [], 0, 0, 0, [], []
    judged = 0
    for i in range(n):
        pos = position(rs, deals[i], i, rng, samples)
        t = time.perf_counter()
        advise_card(play_request({k: v for k, v in pos.items() if k not in ("score", "dealer")}))
        plain_s.append(time.perf_counter() - t)
        t = time.perf_counter()
        adv = advise_card(play_request(pos))
        game_s.append(time.perf_counter() - t)
        req, v = adv.request, adv.values
        pairs += v.decl.size
        shared += v.shared
        rows = np.flatnonzero(v.solved)
        if not rows.size or adv.game.points is None or len(v.cards) < 2:
            continue
        judged += 1
        pts, trk = rollouts(req, v.hands, np.arange(v.hands.shape[0]), v.cards, rows)
        alt_p, alt_t = v.seat_points.copy(), v.seat_tricks.copy()
        for r, d in enumerate(rows):
            alt_p[d], alt_t[d] = share_as(req, v.decl[d], pts[r], trk[r])
        others = [s for s in range(rs.seats) if s != req.record.declarer]
        apart.extend(np.abs(alt_p[rows][:, :, others] - v.seat_points[rows][:, :, others]).reshape(-1).tolist())
        alt = dataclasses.replace(v, seat_points=alt_p, seat_tricks=alt_t)
        names = [rs.deck.name(k) for k in v.cards]
        p = names.index(adv.game.points)
        a, b = _chances(req, v, adv.side_meld or 0), _chances(req, alt, adv.side_meld or 0)
        changed += card_for_game(a, p) != card_for_game(b, p)
        biggest.append(float(np.abs(a.mean(axis=0) - b.mean(axis=0)).max()))
        print(f"lf_split: {i + 1}/{n} positions, {sum(game_s):.0f} s with the score", file=sys.stderr)
    return {"positions": n, "judged": judged, "samples": samples, "seed": seed,
            "seconds_plain": mean_ci(np.array(plain_s)).as_dict(), "seconds_game": mean_ci(np.array(game_s)).as_dict(),
            "pairs": pairs, "shared": shared, "card_changed": changed,
            "largest_chance_change": mean_ci(np.array(biggest)).as_dict(4) if biggest else None,
            "defender_points_apart": mean_ci(np.array(apart, dtype=float)).as_dict() if apart else None}


def write(out: dict, where: Path = HERE) -> None:
    def ci(e: dict, f: str = ".2f") -> str:
        return f"{e['mean']:{f}} ({e['lo']:{f}} to {e['hi']:{f}})"

    lines = ["# Luxury Family for the game: the defenders' split", "",
             "Made by `python3 reports/cardplay/lf_split.py` (its docstring says how). "
             f"{out['positions']} positions (seed {out['seed']}), {out['samples']} deals a decision, 4 to 10 tricks "
             "left, at a random score of the second or third hand.", "",
             "| seconds a decision, no score | with the score | deal-and-card pairs | lines past the budget | "
             "positions judged | card for the game changed | largest change of a card's chance | a defender's "
             "power points apart |", "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
             f"| {ci(out['seconds_plain'], '.1f')} | {ci(out['seconds_game'], '.1f')} | {out['pairs']:,} | "
             f"{out['shared']:,} | {out['judged']} | {out['card_changed']} | "
             f"{ci(out['largest_chance_change'], '.4f') if out['largest_chance_change'] else '-'} | "
             f"{ci(out['defender_points_apart']) if out['defender_points_apart'] else '-'} |", "",
             "Changed, largest change, points apart: the defenders' points of every solved deal shared as the "
             "heuristic players' rollout shares them instead of along the solver's line (the game maker's exact "
             "points kept), the cards judged again on the same deals; the largest change is that of the card whose "
             "mean chance moved most, per position; the points apart are per defender, deal and card. Times on this "
             "2-core machine while other jobs held it (load 12-13): each position's two decisions one after the other, "
             "both under the same load."]
    (where / "lf_split.md").write_text("\n".join(lines) + "\n")
    (where / "lf_split.json").write_text(json.dumps(out, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--samples", type=int, default=100)
    a = ap.parse_args()
    out = measure(a.positions, a.seed, a.samples)
    write(out)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
