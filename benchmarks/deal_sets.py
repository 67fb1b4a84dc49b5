"""Fixed deal sets for the solver benchmark (``benchmarks/data/*.jsonl``), and their reader.

Each set is a seeded list of whole deals at the start of play, one JSON object a line:
``{"hands": ["AS TS ...", ...], "trump": "H", "leader": 2, "declarer": 2}`` (trump ``N`` = notrump).
The declarer leads (as in every rule set here); in bridge the side on lead is the side whose tricks
count, as DDS reports them. Two-handed deals are phase-2 positions: two hands of 12 from the 48-card
pack, the rest already played.

    python benchmarks/deal_sets.py          # (re)writes the sets; the files are committed
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from analyzer.cards import SUITS, from_planes, parse_cards, to_planes
from analyzer.rules import RuleSet, load

DATA = Path(__file__).resolve().parent / "data"

#: set name -> (rule set id, number of deals, seed)
SETS = {
    "bridge": ("bridge", 200, 20261123),
    "auction": ("auction", 100, 1),
    "luxury-family": ("luxury-family", 100, 2),
    "double-deck": ("double-deck", 100, 3),
    "two-handed": ("two-handed", 100, 4),
}


def _deal(rules: RuleSet, rng: np.random.Generator) -> list[list[int]]:
    deck = rules.deck
    pack = [k for k in deck.kinds for _ in range(deck.copies)]
    perm = rng.permutation(pack)
    n = rules.hand_size
    return [sorted((int(k) for k in perm[s * n:(s + 1) * n]), reverse=True) for s in range(rules.seats)]


def make_set(name: str) -> list[dict]:
    """The deals of one set, as JSON-ready dicts."""
    rid, n, seed = SETS[name]
    rules = load(rid)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        hands = _deal(rules, rng)
        if rid == "bridge":
            t = int(rng.integers(-1, 4))
        else:
            t = int(rng.integers(0, 4))
        seat = int(rng.integers(0, rules.seats))
        out.append({
            "hands": [" ".join(rules.deck.name(k) for k in h) for h in hands],
            "trump": "N" if t < 0 else SUITS[t],
            "leader": seat,
            "declarer": seat,
        })
    return out


def read_set(name: str) -> tuple[RuleSet, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(rules, deals int64[n, seats, copies], trumps, leaders, declarers) of a committed set."""
    rid = SETS[name][0]
    rules = load(rid)
    rows = [json.loads(line) for line in (DATA / f"{name}.jsonl").read_text().splitlines() if line.strip()]
    deck = rules.deck
    deals = np.zeros((len(rows), rules.seats, deck.copies), dtype=np.int64)
    for i, r in enumerate(rows):
        for s, h in enumerate(r["hands"]):
            deals[i, s] = to_planes(parse_cards(h, deck), deck)
    trumps = np.array([-1 if r["trump"] == "N" else SUITS.index(r["trump"]) for r in rows], dtype=np.int64)
    leaders = np.array([r["leader"] for r in rows], dtype=np.int64)
    decls = np.array([r["declarer"] for r in rows], dtype=np.int64)
    return rules, deals, trumps, leaders, decls


def pbn(rules: RuleSet, deal: np.ndarray) -> str:
    """A bridge deal as a PBN string from seat 0 (``N:`` spades.hearts.diamonds.clubs per hand)."""
    deck = rules.deck
    hands = []
    for s in range(4):
        kinds = from_planes(deal[s], deck)
        hands.append(".".join("".join(deck.rank_of(k) for k in kinds if k // 16 == suit) for suit in range(4)))
    return "N:" + " ".join(hands)


def main() -> None:
    DATA.mkdir(exist_ok=True)
    for name in SETS:
        rows = make_set(name)
        (DATA / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        print(f"{name}: {len(rows)} deals")


if __name__ == "__main__":
    main()
