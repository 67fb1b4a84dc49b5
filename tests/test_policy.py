"""Policies and batch playouts: sums of points, v1 against random, what v1 may see, reproducibility
across thread counts and without the JIT."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from analyzer.cards import parse_card, to_planes
from analyzer.deal import random_deals
from analyzer.play import POLICY_VERSION, play_deal, play_deals
from analyzer.play.engine import MAX_COPIES, S_HANDS, legal, play, points_of, tricks_of
from analyzer.play.modes import POLICY_CODES
from analyzer.play.playout import new_state
from analyzer.play.policy import choose
from analyzer.rules import load

V1, RANDOM = POLICY_CODES["v1"], POLICY_CODES["random"]


def state_after(rules, hands, played: str, trump="S", leader=0, declarer=0, bid=0):
    st = new_state(rules, np.stack([to_planes([parse_card(c, rules.deck) for c in h.split()], rules.deck)
                                    for h in hands]), "SHDC".index(trump), leader, declarer, bid)
    for c in played.split():
        play(st, parse_card(c, rules.deck))
    return st


def v1_card(rules, hands, played, **kw) -> str:
    return rules.deck.name(int(choose(state_after(rules, hands, played, **kw), V1)))


# ---- v1 in hand-built situations ---------------------------------------------------------------------------
def test_v1_gives_points_to_partners_trick():
    rules = load("auction")
    # seat 1 leads AH (nothing unseen beats it), seat 2 follows low; seat 3, seat 1's partner, gives it
    # the king, not the jack
    hands = ("9C JD QS", "AH QC QD", "9H JC TD", "KH JH 9S")
    assert v1_card(rules, hands, "AH 9H", leader=1) == "KH"


def test_v1_takes_a_trick_it_can_win_last():
    rules = load("auction")
    hands = ("AH JH 9C", "KH QC QD", "9H JC TD", "QH 9D 9S")
    assert v1_card(rules, hands, "KH 9H QH", leader=1) == "AH"


def test_v1_discards_cheaply_when_it_cannot_win():
    rules = load("auction")
    hands = ("KH 9H 9C", "AH QC QD", "9H JC TD", "QH 9D 9S")
    assert v1_card(rules, hands, "AH 9H QH", leader=1) == "9H"


def test_v1_wins_with_the_ten_and_keeps_the_ace():
    rules = load("luxury-family")
    # seat 2 plays last on the game maker's king of hearts, holding A and T of hearts: the ten takes it
    hands = ("KH QD 7S", "JH QC 7D", "AH TH 7C")
    assert v1_card(rules, hands, "KH JH", leader=0, declarer=0) == "TH"


def test_v1_cashes_a_sure_winner():
    rules = load("auction")
    hands = ("AH 9D JC 9S", "KH QC QD QS", "9H JC TD TS", "QH 9D 9S KD")
    assert v1_card(rules, hands, "", leader=0, declarer=0) == "AH"


def test_v1_declarer_draws_trumps_defender_does_not():
    rules = load("auction")
    hands = ("AS KS 9H QD", "KH QC QD QS", "9H JC TD TS", "QH 9D 9S KD")
    assert v1_card(rules, hands, "", leader=0, declarer=0) == "AS"
    # the same hand on the defending side keeps its trumps and leads from its shortest plain suit
    assert v1_card(rules, hands, "", leader=0, declarer=1) == "9H"


def test_v1_trumps_in_when_it_need_not():
    rules = load("bridge")  # no trump duty; every trick is worth a point
    hands = ("2S KS 3D", "4H 4C 4D", "5H 5C 5D", "AH 6C 6D")
    assert v1_card(rules, hands, "AH", leader=3, declarer=0) == "2S"


def test_v1_defenders_feed_each_other_in_luxury_family():
    rules = load("luxury-family")
    # the game maker (seat 0) leads a seven; seat 1 wins with the ace; seat 2, last, gives it the ten
    hands = ("7H JC 7S", "AH QC 7D", "TH JH 7C")
    assert v1_card(rules, hands, "7H AH", leader=0, declarer=0) == "TH"


def test_v1_never_reads_other_hands():
    """Re-dealing the other seats' cards (same hand sizes) never changes v1's choice."""
    rules = load("auction")
    rng = np.random.default_rng(5)
    deals = random_deals(rules, 40, seed=9).hands
    checked = 0
    for d in deals:
        rec = play_deal(rules, d, 0, 0, 0, "v1")
        st = new_state(rules, d, 0, 0, 0)
        for seat, kind in rec.cards:
            other = [s for s in range(4) if s != seat]
            held = {s: [k for k in rules.deck.kinds for p in range(2)
                        if (int(st[S_HANDS + MAX_COPIES * s + p]) >> k) & 1] for s in other}
            pool = [k for s in other for k in held[s]]
            rng.shuffle(pool)
            alt = st.copy()
            pos = 0
            for s in other:
                alt[S_HANDS + MAX_COPIES * s : S_HANDS + MAX_COPIES * s + 2] = to_planes(
                    pool[pos : pos + len(held[s])], rules.deck)
                pos += len(held[s])
            assert choose(alt, V1) == kind
            checked += 1
            play(st, int(kind))
    assert checked == 40 * 48


# ---- batch playouts ----------------------------------------------------------------------------------------
CASES = [
    ("auction", {}, None, 0),
    ("auction", {"head": "always"}, None, 0),
    ("auction", {"head": "never"}, None, 0),
    ("double-deck", {}, None, 60),
    ("double-deck", {"head": "always"}, None, 50),
    ("luxury-family", {}, None, 0),
    ("two-handed", {}, 24, 0),
    ("two-handed", {"counting": "aces-tens"}, 24, 0),
    ("two-handed", {"counting": "aces-tens-kings", "head": "trump-led"}, 24, 0),
    ("two-handed", {"deck": 24}, 12, 0),
    ("bridge", {}, None, 0),
]


@pytest.mark.parametrize("policy", ["v1", "random"])
@pytest.mark.parametrize(("rid", "opts", "hand", "bid"), CASES)
def test_every_point_is_taken(rid, opts, hand, bid, policy):
    rules = load(rid, opts)
    deals = random_deals(rules, 300, seed=3, hand_size=hand).hands
    for trump in (0, 2, -1):
        res = play_deals(rules, deals, trump, leader=1 % rules.seats, declarer=1 % rules.seats,
                         policy=policy, seed=4, bid=bid)
        assert (res.points.sum(axis=1) == rules.total_points).all()
        assert (res.tricks.sum(axis=1) == rules.deck.size // rules.seats).all()
        assert res.points.dtype == np.int32 and res.points.shape == (300, rules.seats)


def test_partial_deal_points():
    """Two-handed phase 2 from 12 cards each: the dealt cards' points plus the last trick."""
    rules = load("two-handed")
    deals = random_deals(rules, 200, seed=8).hands
    pts = rules.points_by_kind
    dealt = np.array([sum(int(pts[k]) for s in range(2) for p in range(2) for k in range(64)
                          if (int(d[s, p]) >> k) & 1) for d in deals])
    res = play_deals(rules, deals, 1, 0, -1, ["v1", "random"], seed=1)
    assert (res.points.sum(axis=1) == dealt + rules.last_trick).all()
    assert (res.tricks.sum(axis=1) == 12).all()


@pytest.mark.parametrize("policy", ["v1", "random"])
def test_recorded_play_is_legal_and_replays(policy):
    for rid in ("auction", "double-deck", "luxury-family", "two-handed", "bridge"):
        rules = load(rid)
        deals = random_deals(rules, 20, seed=6).hands
        batch_res = play_deals(rules, deals, 3, 0, 0, policy, seed=12, bid=55)
        for i, d in enumerate(deals):
            rec = play_deal(rules, d, 3, 0, 0, policy, seed=12, bid=55, index=i)
            st = new_state(rules, d, 3, 0, 0, 55)
            winners = []
            for _seat, kind in rec.cards:
                assert (int(legal(st)) >> int(kind)) & 1
                w = play(st, int(kind))
                if w >= 0:
                    winners.append(w)
            assert winners == rec.winners.tolist()
            assert points_of(st) == rec.points.tolist() == batch_res.points[i].tolist()
            assert tricks_of(st) == rec.tricks.tolist() == batch_res.tricks[i].tolist()


def test_seeds():
    rules = load("auction")
    deals = random_deals(rules, 500, seed=2).hands
    a = play_deals(rules, deals, 0, 0, 0, "random", seed=1)
    b = play_deals(rules, deals, 0, 0, 0, "random", seed=1)
    c = play_deals(rules, deals, 0, 0, 0, "random", seed=2)
    assert (a.points == b.points).all()
    assert (a.points != c.points).any()
    # v1 draws no random numbers
    assert (play_deals(rules, deals, 0, 0, 0, "v1", seed=1).points
            == play_deals(rules, deals, 0, 0, 0, "v1", seed=2).points).all()
    # deal i's stream comes from (seed, i): play_deal with index=i replays it
    assert (play_deal(rules, deals[100], 0, 0, 0, "random", seed=1, index=100).points == a.points[100]).all()
    assert (random_deals(rules, 50, seed=2).hands == deals[:50]).all()
    # with the deals' own numbers a deal plays the same whatever it is played with, in any order
    ids = np.arange(1000, 1500, dtype=np.int64)
    e = play_deals(rules, deals, 0, 0, 0, "random", seed=1, ids=ids)
    pick = np.array([400, 7, 123])
    f = play_deals(rules, deals[pick], 0, 0, 0, "random", seed=1, ids=ids[pick])
    assert (f.points == e.points[pick]).all() and (e.points != a.points).any()
    assert (play_deal(rules, deals[7], 0, 0, 0, "random", seed=1, index=1007).points == e.points[7]).all()
    with pytest.raises(ValueError, match="one number per deal"):
        play_deals(rules, deals, 0, 0, 0, "random", seed=1, ids=ids[:3])


def test_bad_arguments():
    rules = load("auction")
    deals = random_deals(rules, 3, seed=2).hands
    with pytest.raises(ValueError):
        play_deals(rules, deals, 0, 0, 0, "greedy")
    with pytest.raises(ValueError):
        play_deals(rules, deals, 0, 0, 0, ["v1", "random"])
    with pytest.raises(ValueError):
        play_deals(rules, deals, 4, 0, 0)
    with pytest.raises(ValueError):
        play_deals(rules, deals[:, :3], 0, 0, 0)
    assert play_deals(rules, deals[:0], 0, 0, 0).points.shape == (0, 4)


# ---- v1 against random --------------------------------------------------------------------------------------
def trump_longest(deals: np.ndarray, seat: int, nranks: int) -> np.ndarray:
    """The deals with suits renamed so that ``seat``'s longest suit is spades (suit 0)."""
    lane = (1 << nranks) - 1
    out = deals.copy()
    for i, d in enumerate(deals):
        lens = [sum(int((int(p) >> (16 * s)) & lane).bit_count() for p in d[seat]) for s in range(4)]
        b = int(np.argmax(lens))
        if b:
            lo, hi = d & lane, (d >> (16 * b)) & lane
            out[i] = (d & ~np.int64(lane | (lane << (16 * b)))) | hi | (lo << (16 * b))
    return out


@pytest.mark.parametrize(
    ("rid", "opts", "hand"),
    [("auction", {}, None), ("double-deck", {}, None), ("luxury-family", {}, None), ("two-handed", {}, 24),
     ("bridge", {}, None)],
)
def test_v1_beats_random(rid, opts, hand):
    rules = load(rid, opts)
    n = 2000
    deals = trump_longest(random_deals(rules, n, seed=21, hand_size=hand).hands, 0, rules.deck.nranks)
    side = [s for s in range(rules.seats) if s in rules.sides[rules.side_of(0)]] if rules.has_partners else [0]

    def side_points(policies):
        res = play_deals(rules, deals, 0, 0, 0, policies, seed=5, bid=60)
        return res.points[:, side].sum(axis=1).astype(float)

    base = side_points("random")
    declaring = side_points(["v1" if s in side else "random" for s in range(rules.seats)])
    defending = side_points(["random" if s in side else "v1" for s in range(rules.seats)])
    for gain in (declaring - base, base - defending):
        se = gain.std(ddof=1) / np.sqrt(n)
        assert gain.mean() > 10 * se
        assert gain.mean() > 0.04 * rules.total_points  # at least 4% of all points, on average


def test_policy_version():
    assert POLICY_VERSION == "v1" and set(POLICY_CODES) == {"random", "v1"}


# ---- reproducibility in other processes ----------------------------------------------------------------------
SCRIPT = textwrap.dedent(
    """
    import json, sys
    from analyzer.deal import random_deals
    from analyzer.play import play_deals
    from analyzer.rules import load
    out = {}
    for rid, n in json.loads(sys.argv[1]):
        rules = load(rid)
        deals = random_deals(rules, n, seed=31).hands
        for pol in ("v1", "random"):
            res = play_deals(rules, deals, 1, 0, 0, pol, seed=17, bid=60)
            out[rid + "/" + pol] = [res.points.tolist(), res.tricks.tolist()]
    print(json.dumps(out))
    """
)


def run_script(cases: list, **env: str) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(cases)],
        env={**os.environ, **env}, capture_output=True, text=True, timeout=600, check=True,
    )
    return json.loads(proc.stdout)


def in_process(cases: list) -> dict:
    out = {}
    for rid, n in cases:
        rules = load(rid)
        deals = random_deals(rules, n, seed=31).hands
        for pol in ("v1", "random"):
            res = play_deals(rules, deals, 1, 0, 0, pol, seed=17, bid=60)
            out[rid + "/" + pol] = [res.points.tolist(), res.tricks.tolist()]
    return out


def test_same_results_at_one_and_two_threads():
    cases = [["auction", 3000], ["luxury-family", 1000]]
    one = run_script(cases, NUMBA_NUM_THREADS="1")
    two = run_script(cases, NUMBA_NUM_THREADS="2")
    assert one == two == in_process(cases)


def test_same_results_without_the_jit():
    """The kernels' Python path (NUMBA_DISABLE_JIT=1) plays exactly as the compiled kernels."""
    cases = [["auction", 3], ["double-deck", 2], ["luxury-family", 2], ["two-handed", 3], ["bridge", 2]]
    assert run_script(cases, NUMBA_DISABLE_JIT="1") == in_process(cases)
