"""The yardstick bidders written from published bidding logic: TricksterBots' bid formula and Pinochle
Classic's percentile method, with hand-worked examples of each step."""

import numpy as np
import pytest

from analyzer.arena.agents import Agent
from analyzer.arena.percentile import PercentileBidder, percentile_levels
from analyzer.arena.registry import make_agent
from analyzer.arena.trickster import (
    boss_cards,
    points_per_trick,
    trickster_target,
    trump_takers,
    winners_by_trump,
)
from analyzer.bidding.auction import Auction, parse_calls, replay
from analyzer.cards import Hand
from analyzer.rules import load

README_HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"


def view_after(rid, dealer, calls, hand, seed=1, opts=None):
    rs = load(rid, opts or {})
    a = replay(rs, dealer, parse_calls(calls, rs)) if calls else Auction(rs, dealer)
    return a.view_for(Hand.parse(hand, rs.deck).planes, (0, 0), seed)


# ---- TricksterBots ------------------------------------------------------------------------------------------
def test_trump_takers_and_boss_cards():
    # ranks high to low A T K Q J 9, two copies: A T K K Q J 9 of trump
    assert trump_takers(np.array([1, 1, 2, 1, 1, 1]), 2) == 5  # the missing A and T cancel the 9 and J, then Q
    assert trump_takers(np.array([2, 2, 2, 2, 2, 2]), 2) == 12
    assert trump_takers(np.array([0, 2, 1, 0, 0, 0]), 2) == 1  # both aces missing: only one ten counts
    assert trump_takers(np.array([0, 0, 0, 0, 1, 0]), 2) == 0
    assert boss_cards(np.array([2, 1, 0, 0, 0, 0]), 2) == 3  # both aces, then a ten
    assert boss_cards(np.array([1, 1, 0, 0, 0, 0]), 2) == 1
    assert boss_cards(np.array([0, 2, 0, 0, 0, 0]), 2) == 0
    assert boss_cards(np.array([4, 1, 0, 0, 0]), 4) == 5  # double deck: four aces and a ten


def test_winners_and_target_of_the_readme_hand():
    rs = load("auction")
    h = Hand.parse(README_HAND, rs.deck).planes
    # hearts trump: 5 trump takers + AS + AC; spades: AS + AH + AC; diamonds: JD takes nothing; clubs: AC + AH + AS
    assert winners_by_trump(rs, h).tolist() == [3, 7, 3, 3]
    assert points_per_trick(rs) == 2.5 and points_per_trick(load("double-deck")) == 2.5
    assert points_per_trick(load("luxury-family")) == 20.0  # classic counting, three players
    # hearts: meld 20 + (7 winners + (12 - 7) // 3 partner tricks) x 2.5 + 3 partner meld = 43
    assert trickster_target(rs, h) == (43, 1)


def test_trickster_calls():
    t = make_agent("trickster")
    assert isinstance(t, Agent)
    # single-bid style with seats still to call: the highest bid within the target
    assert t.bid(view_after("auction", 0, "", README_HAND)) == 43
    # last to call: the least bid within the target (the conventions no longer bind)
    assert t.bid(view_after("auction", 0, "1:pass 2:pass 3:pass", README_HAND)) == 15
    assert t.bid(view_after("auction", 0, "1:16 2:pass 3:18", README_HAND)) == 19
    # two rounds, first round: the least free bid (its signal 24 is due first)
    assert t.bid(view_after("auction", 0, "", README_HAND, opts={"bidding-rounds": 2})) == 24
    # partner bid and the opponents passed: never bid up the partner
    assert t.bid(view_after("auction", 0, "1:pass 2:19 3:pass", README_HAND)) is None
    assert t.choose_trump(view_after("auction", 0, "", README_HAND)) == 1
    # double deck: no suit with 20 meld (the declarer's minimum) and no meld bid due: pass
    weak = "AS TS KS JS AH TH JH TD TD JD TC TC KC JC AS TS JS AH TH JD"  # 4 meld at most
    rs = load("double-deck")
    target, _ = trickster_target(rs, Hand.parse(weak, rs.deck).planes)
    assert target is None and t.bid(view_after("double-deck", 0, "", weak)) is None


# ---- Pinochle Classic's percentiles --------------------------------------------------------------------------
def test_percentile_levels_walk_the_histogram():
    assert percentile_levels(np.arange(100)) == {"safe": 9, "standard": 17, "suggested": 24}
    # the 18% and 25% marks fall on one score: the game takes the suggested level at the next score
    scores = np.array([5] * 10 + [10] * 20 + [20] * 70)
    assert percentile_levels(scores) == {"safe": 5, "standard": 10, "suggested": 20}


def test_percentile_bidder():
    p = PercentileBidder(simulations=200)
    v = view_after("auction", 0, "", README_HAND)
    top, trump = p._analysis(v)
    assert trump == 1 and 25 <= top <= 45
    assert p.bid(v) == top  # single-bid style with seats to call: the maximum at once
    std = PercentileBidder(level="standard", simulations=200)
    assert std._analysis(v)[0] <= top  # the 18% mark is below the 25% one
    assert p.bid(view_after("auction", 0, "1:pass 2:pass 3:pass", README_HAND)) == 15
    # no bidding war with the partner: two passed and the partner holds the bid
    assert p.bid(view_after("auction", 0, "1:pass 2:19 3:pass", README_HAND)) is None
    # double deck: the dealer's 50 stands; raise by the least legal bid within the maximum
    dd = "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS"
    v = view_after("double-deck", 0, "1:52 2:pass 3:55", dd)
    assert PercentileBidder(simulations=100).bid(v) == 56
    with pytest.raises(Exception, match="level"):
        make_agent("percentile:level=expert")
