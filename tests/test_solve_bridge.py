"""The solver on the bridge reference rule set against DDS (through ``endplay``).

Seats 0..3 are N E S W, suits 0..3 are S H D C (-1 notrump), the value is the declaring side's tricks.
DDS scores the side to play, so a score is turned round when the declarer sits on the other side.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.cards import from_planes
from analyzer.rules import load

endplay = pytest.importorskip("endplay")
from endplay.dds import solve_board  # noqa: E402
from endplay.types import Card, Deal, Denom, Player  # noqa: E402

from analyzer.solve import solve_deal, solve_deals  # noqa: E402

RULES = load("bridge")
DECK = RULES.deck


def random_bridge_deals(n: int, seed: int, size: int = 13) -> np.ndarray:
    """n random deals of ``size`` cards a hand (count planes), the rest of the pack left out."""
    rng = random.Random(seed)
    out = np.zeros((n, 4, 1), dtype=np.int64)
    for i in range(n):
        pack = list(DECK.kinds)
        rng.shuffle(pack)
        for s in range(4):
            for k in pack[s * size:(s + 1) * size]:
                out[i, s, 0] |= np.int64(1) << np.int64(k)
    return out


def pbn(deal: np.ndarray) -> str:
    hands = []
    for s in range(4):
        kinds = from_planes(deal[s], DECK)
        hands.append(".".join("".join(DECK.rank_of(k) for k in kinds if k // 16 == suit) for suit in range(4)))
    return "N:" + " ".join(hands)


def dds_deal(deal: np.ndarray, trump: int, leader: int) -> Deal:
    return Deal(pbn(deal), first=Player(leader), trump=Denom(4 if trump < 0 else trump))


def dds_value(d: Deal, to_play: int, declarer: int) -> tuple[int, dict[str, int]]:
    """(declaring side's tricks, {card name: declaring side's tricks after it}) by DDS."""
    scores = {}
    for card, score in solve_board(d):
        name = card.rank.abbr + "SHDC"[card.suit.value]
        same = to_play % 2 == declarer % 2
        scores[name.replace("10", "T")] = score if same else len_left(d) - score
    best = max(scores.values()) if to_play % 2 == declarer % 2 else min(scores.values())
    return best, scores


def len_left(d: Deal) -> int:
    """Tricks still to be played (the current one included)."""
    return max(len(d[p]) for p in Player)


def check_deals(n: int, seed: int, size: int = 13) -> None:
    deals = random_bridge_deals(n, seed, size)
    trumps = np.array([(i % 5) - 1 for i in range(n)])  # notrump and every suit
    leaders = np.array([i % 4 for i in range(n)])
    declarers = (leaders + 3) % 4  # the declarer's left-hand opponent leads
    res = solve_deals(RULES, deals, trumps, leaders, declarers, max_nodes=2_000_000_000)
    assert res.exact.all()
    for i in range(n):
        best = max(s for _, s in solve_board(dds_deal(deals[i], int(trumps[i]), int(leaders[i]))))
        want = size - best  # DDS scores the leading side, the defenders here
        assert res.value[i] == want, (pbn(deals[i]), int(trumps[i]), int(leaders[i]))


def test_full_deals_match_dds():
    """12 full deals here (our solver takes ~0.1-10 s a full deal); 240 in the slow run."""
    check_deals(12, seed=1)


def test_ten_card_deals_match_dds():
    check_deals(60, seed=3, size=10)


@pytest.mark.slow
def test_full_deals_match_dds_many():
    check_deals(240, seed=2)


@pytest.mark.parametrize("seed", range(4))
def test_card_values_inside_a_trick_match_dds(seed):
    """Mid-game positions (6 cards a hand), at a trick boundary and after 1-3 cards of the trick."""
    rng = random.Random(100 + seed)
    deals = random_bridge_deals(6, 100 + seed, size=6)
    for i in range(6):
        trump = rng.randrange(-1, 4)
        leader = rng.randrange(4)
        declarer = rng.randrange(4)
        d = dds_deal(deals[i], trump, leader)
        hands = [list(from_planes(deals[i, s], DECK)) for s in range(4)]
        trick: list[int] = []
        for j in range(rng.randrange(0, 4)):
            seat = (leader + j) % 4
            legal = [k for k in hands[seat] if not trick or k // 16 == trick[0] // 16]
            legal = legal or hands[seat]
            k = rng.choice(legal)
            hands[seat].remove(k)
            trick.append(k)
            d.play(Card(DECK.name(k)[1] + DECK.name(k)[0]))
        to_play = (leader + len(trick)) % 4
        want, cards = dds_value(d, to_play, declarer)
        res = solve_deal(RULES, [[k for k in h] for h in hands], trump, leader, declarer, trick=trick, all_cards=True)
        assert res.value == want
        got = {DECK.name(k): v for k, v in res.card_values.items()}
        assert got == cards
