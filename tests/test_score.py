"""Scores of a hand against hand-worked examples from the RULES.md text."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.rules import load
from analyzer.score import (
    convert_points,
    declarer_made,
    score_and_made,
    score_hand,
    scoring_units,
    unit_totals,
)


def score(rid, meld, points, tricks, declarer, bid, **opts):
    rules = load(rid, opts)
    return score_hand(rules, np.array([meld]), np.array([points]), np.array([tricks]), declarer, bid)[0].tolist()


# ---- auction -----------------------------------------------------------------------------------------------
def test_auction_made_and_set():
    # side 0+2: meld 10+6 = 16, points 8+5 = 13 -> 29; side 1+3: meld 2+2 = 4, points 5+7 = 12 -> 16
    meld, pts, trk = [10, 2, 6, 2], [8, 5, 5, 7], [3, 3, 3, 3]
    assert score("auction", meld, pts, trk, 0, 25) == [29, 16, 29, 16]
    assert score("auction", meld, pts, trk, 0, 29) == [29, 16, 29, 16]
    assert score("auction", meld, pts, trk, 0, 30) == [-30, 16, -30, 16]
    # the other side bids: 16 reaches 16, not 17
    assert score("auction", meld, pts, trk, 3, 16) == [29, 16, 29, 16]
    assert score("auction", meld, pts, trk, 1, 17) == [29, -17, 29, -17]


def test_auction_side_without_a_trick_scores_no_meld():
    # the defenders take no trick: their 4 meld is lost
    assert score("auction", [10, 2, 6, 2], [20, 0, 5, 0], [8, 0, 4, 0], 0, 25) == [41, 0, 41, 0]
    # the bidders take no trick: their 40 meld cannot count toward the bid of 25
    assert score("auction", [30, 0, 10, 0], [0, 15, 0, 10], [0, 6, 0, 6], 0, 25) == [-25, 25, -25, 25]
    # one trick is enough to keep the meld
    assert score("auction", [30, 0, 10, 0], [0, 15, 1, 9], [0, 6, 1, 5], 0, 25) == [41, 24, 41, 24]


# ---- double deck -------------------------------------------------------------------------------------------
def test_double_deck_made():
    # bidders meld 20 + 10 = 30, points 15 + 10 = 25: 55 >= 50; defenders meld 12, points 25 -> 37
    assert score("double-deck", [20, 8, 10, 4], [15, 12, 10, 13], [5, 5, 5, 5], 0, 50) == [55, 37, 55, 37]


def test_double_deck_twenty_meld_rule():
    # 58 >= 50 but only 18 meld: set; the defenders took 10 trick points (< 20): they score 0 despite 30 meld
    assert score("double-deck", [18, 30, 0, 0], [20, 5, 20, 5], [8, 2, 8, 2], 0, 50) == [-50, 0, -50, 0]
    assert score("double-deck", [20, 30, 0, 0], [20, 5, 20, 5], [8, 2, 8, 2], 0, 50) == [60, 0, 60, 0]


def test_double_deck_twenty_trick_points_rule():
    # meld 60, 19 trick points: 79 >= 60 but fewer than 20 trick points: set; defenders 31 points + 5 meld
    assert score("double-deck", [60, 5, 0, 0], [10, 16, 9, 15], [5, 5, 5, 5], 0, 60) == [-60, 36, -60, 36]
    assert score("double-deck", [60, 5, 0, 0], [10, 15, 10, 15], [5, 5, 5, 5], 0, 60) == [80, 35, 80, 35]
    # defenders with exactly 20 trick points count their meld
    assert score("double-deck", [40, 5, 0, 0], [15, 10, 15, 10], [5, 5, 5, 5], 0, 60) == [70, 25, 70, 25]


# ---- Luxury Family -----------------------------------------------------------------------------------------
def test_luxury_conversion():
    rules = load("luxury-family")
    p = np.array([0, 30, 60, 61, 90, 120, 150, 180, 210, 240])
    assert convert_points(rules, p).tolist() == [0, 30, 60, 62, 120, 180, 270, 360, 480, 600]


def test_luxury_game_maker_made_and_set():
    # game maker: 100 meld + 90 power points (-> 120) = 220; others 20 + (100 -> 140) and 0 + 50
    assert score("luxury-family", [100, 20, 0], [90, 100, 50], [5, 6, 5], 0, 200) == [220, 160, 50]
    assert score("luxury-family", [100, 20, 0], [90, 100, 50], [5, 6, 5], 0, 220) == [220, 160, 50]
    assert score("luxury-family", [100, 20, 0], [90, 100, 50], [5, 6, 5], 0, 230) == [-230, 160, 50]
    # the third player is game maker
    assert score("luxury-family", [100, 20, 0], [90, 100, 50], [5, 6, 5], 2, 60) == [220, 160, -60]


# ---- two-handed and bridge --------------------------------------------------------------------------------
def test_two_handed_each_scores_meld_and_points():
    assert score("two-handed", [20, 8], [30, 27], [7, 5], -1, 0) == [50, 35]
    assert score("two-handed", [0, 8], [0, 57], [0, 12], -1, 0) == [0, 65]


def test_bridge_tricks():
    assert score("bridge", [0, 0, 0, 0], [4, 3, 5, 1], [4, 3, 5, 1], 0, 0) == [9, 4, 9, 4]


# ---- helpers and shapes ----------------------------------------------------------------------------------
def test_unit_totals():
    rules = load("auction")
    v = np.array([[10, 2, 6, 2], [1, 2, 3, 4]])
    assert unit_totals(rules, v).tolist() == [[16, 4], [4, 6]]
    lux = load("luxury-family")
    assert scoring_units(lux) == ((0,), (1,), (2,))
    assert unit_totals(lux, np.array([[1, 2, 3]])).tolist() == [[1, 2, 3]]


def test_bid_per_deal_and_made_flags():
    rules = load("auction")
    meld = np.array([[10, 2, 6, 2], [10, 2, 6, 2]])
    pts = np.array([[8, 5, 5, 7], [8, 5, 5, 7]])
    trk = np.full((2, 4), 3)
    out = score_hand(rules, meld, pts, trk, 0, np.array([25, 30]))
    assert out.tolist() == [[29, 16, 29, 16], [-30, 16, -30, 16]]
    assert declarer_made(rules, meld, pts, trk, 0, np.array([25, 30])).tolist() == [True, False]


def test_shape_errors():
    rules = load("auction")
    with pytest.raises(ValueError):
        score_hand(rules, np.zeros((2, 3)), np.zeros((2, 4)), np.zeros((2, 4)), 0, 20)
    with pytest.raises(ValueError):
        declarer_made(rules, np.zeros((2, 4)), np.zeros((2, 4)), np.zeros((2, 4)), 7, 20)


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family", "two-handed"])
def test_points_to_make_matches_declarer_made(rid):
    """Taking the target's points makes the bid exactly as scoring says, wherever the target is exact; where it
    is not (meld alone covers the bid but needs a trick), taking the target is enough."""
    from analyzer.score import declarer_made, points_to_make, seat_unit, unit_totals

    rs = load(rid)
    rng = np.random.default_rng(11)
    n = 5000
    meld = rng.integers(0, 40, (n, rs.seats)) * (rng.random((n, rs.seats)) < 0.7)
    tricks = rng.integers(0, 4, (n, rs.seats))
    pts = np.where(tricks > 0, rng.integers(0, max(2, rs.total_points // 2), (n, rs.seats)), 0)
    for d in range(rs.seats):
        bid = rng.integers(0, rs.total_points + 60, n)
        t, ex = points_to_make(rs, meld, d, bid)
        taken = unit_totals(rs, pts)[:, seat_unit(rs)[d]]
        made = declarer_made(rs, meld, pts, tricks, d, bid)
        assert (made[ex] == (taken[ex] >= t[ex])).all()
        assert made[~ex][taken[~ex] >= t[~ex]].all() and (t[~ex] == 1).all()
    if rs.scoring.no_trick_no_meld:
        assert (~ex).any()


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family", "two-handed", "bridge"])
def test_unit_totals_and_scores_match_plain_sums(rid):
    """unit_totals (a gather and one sum per rule set's unit layout) against plain per-deal sums over each unit's
    seats, and score_hand's declaring unit against declarer_made, on random per-seat values."""
    rs = load(rid)
    rng = np.random.default_rng(5)
    n = 300
    v = rng.integers(-50, 200, (n, rs.seats))
    plain = [[sum(int(row[s]) for s in unit) for unit in scoring_units(rs)] for row in v]
    got = unit_totals(rs, v)
    assert got.dtype == np.int64 and got.tolist() == plain
    meld = rng.integers(0, 40, (n, rs.seats))
    tricks = rng.integers(0, 4, (n, rs.seats))
    pts = np.where(tricks > 0, rng.integers(0, 30, (n, rs.seats)), 0)
    bid = rng.integers(0, 80, n)
    for d in range(rs.seats):
        out = score_hand(rs, meld, pts, tricks, d, bid)
        made = declarer_made(rs, meld, pts, tricks, d, bid)
        assert (out[~made, d] == -bid[~made]).all() and (out[made, d] >= bid[made]).all()
        both = score_and_made(rs, meld, pts, tricks, d, bid)
        assert both[0].tolist() == out.tolist() and both[1].tolist() == made.tolist()
        # partners share their unit's score; a non-declaring unit scores its meld and points or nothing
        for unit in scoring_units(rs):
            assert all((out[:, s] == out[:, unit[0]]).all() for s in unit)
        assert made.any() and (~made).any()
