"""The advisor: the passing model, scoring by bid level, recommendations; and the statistics it uses."""

import dataclasses
import json
import math

import numpy as np
import polars as pl
import pytest

from analyzer.advisor import ask
from analyzer.advisor.advise import MIN_WON_DEALS, bid_levels_for
from analyzer.advisor.request import default_play
from analyzer.cards import SUITS
from analyzer.errors import UserError
from analyzer.estimate import mean_ci, paired_diff, proportion, wilson, z_value
from analyzer.estimate import student as _student
from analyzer.rules import load
from analyzer.score import fair_share, net_scores

STRONG = {
    "auction": "AH AH TH TH KH KH QH QH JH JH AS AD",
    "double-deck": "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS",
    "luxury-family": "AH AH TH TH KH KH QH QH JH JH AS AD AC KS QS 7H",
}
WEAK = {
    "auction": "TS TS JS JS TH TH JH TD TD TC TC KC",  # no meld and no ace: no signal owed
    "double-deck": "JS JS JS JS JH JH JH JH JD JD JD JD QH QH QH QH QD QD QD QD",
    "luxury-family": "7S 7S 7H 7H 7D 7D 7C 7C JS JS JD JD QS QD TS TD",
}


# ---- statistics --------------------------------------------------------------------------------------
def test_mean_interval():
    e = mean_ci([1, 2, 3, 4])
    se = np.std([1, 2, 3, 4], ddof=1) / 2
    assert e.mean == 2.5 and math.isclose(e.se, se)
    assert math.isclose(e.lo, 2.5 - 1.959964 * se, rel_tol=1e-6)
    assert math.isclose(e.hi, 2.5 + 1.959964 * se, rel_tol=1e-6)
    assert mean_ci([7]).se == 0 and mean_ci([7]).lo == 7
    assert math.isclose(z_value(0.90), 1.644854, rel_tol=1e-6)
    with pytest.raises(ValueError):
        mean_ci([])


def test_wilson_interval():
    p = wilson(0, 10)
    assert p.p == 0 and p.lo == 0 and math.isclose(p.hi, 0.27753, abs_tol=1e-4)
    p = wilson(5, 10)
    assert math.isclose(p.lo, 0.23659, abs_tol=1e-4) and math.isclose(p.hi, 0.76341, abs_tol=1e-4)
    p = wilson(10, 10)
    assert p.hi == 1 and math.isclose(p.lo, 0.72247, abs_tol=1e-4)
    assert proportion([True, False, True, True]).k == 3
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_intervals_cover_the_truth_about_95_percent_of_the_time():
    rng = np.random.default_rng(1)
    trials = 2000
    cover = 0
    for _ in range(trials):
        e = mean_ci(rng.normal(3.0, 2.0, 60))
        cover += e.lo <= 3.0 <= e.hi
    # binomial spread of 2000 trials at 95%: sd about 0.5%
    assert 0.93 <= cover / trials <= 0.965
    # Wilson: exact coverage (sum of the binomial law over the k whose interval holds p), averaged over p
    n = 100
    ks = np.arange(n + 1)
    bounds = [wilson(int(k), n) for k in ks]
    lo = np.array([b.lo for b in bounds])
    hi = np.array([b.hi for b in bounds])
    log_c = np.array([math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) for k in ks])
    covs = []
    for p in np.linspace(0.05, 0.95, 91):
        pmf = np.exp(log_c + ks * math.log(p) + (n - ks) * math.log(1 - p))
        covs.append(pmf[(lo <= p) & (p <= hi)].sum())
    assert 0.94 <= np.mean(covs) <= 0.96 and min(covs) > 0.90


def test_paired_difference_is_narrower_than_unpaired():
    rng = np.random.default_rng(2)
    common = rng.normal(0, 10, 500)
    a = common + rng.normal(1.0, 1.0, 500)
    b = common + rng.normal(0.0, 1.0, 500)
    d = paired_diff(a, b)
    assert d.lo > 0.5 and d.hi < 1.5
    assert d.hi - d.lo < (mean_ci(a).hi - mean_ci(a).lo) / 3
    with pytest.raises(ValueError):
        paired_diff([1, 2], [1])


# ---- the passing model -------------------------------------------------------------------------------
def test_fair_shares():
    assert fair_share(load("auction"), 0) == 12  # 25 * 2 / 4 = 12.5, rounded down
    assert fair_share(load("double-deck"), 1) == 25
    assert fair_share(load("luxury-family"), 2) == 100  # 80 power points convert to 100


def test_net_scores():
    scores = np.array([[10, -5, 10, -5]])
    ours, theirs = net_scores(load("auction"), scores, 0)
    assert ours.tolist() == [10] and theirs.tolist() == [-5]
    ours, theirs = net_scores(load("luxury-family"), np.array([[30, 10, 20]]), 1)
    assert ours.tolist() == [10] and theirs.tolist() == [25]


# ---- advice --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", list(STRONG))
def test_a_strong_hearts_hand_bids_high_in_hearts(rid):
    rs = load(rid)
    adv = ask(rs, STRONG[rid], seat=1, dealer=0, samples=1500, seed=5, play="heuristic")
    rec = adv.recommendation
    assert rec.action == "bid" and rec.trump == "H"
    an = adv.analyses[0]
    ceil = an.ceiling
    levels = bid_levels_for(rs, 1, 0)
    # the ceiling is high: at least the middle of the levels the advisor considers
    assert ceil.trump == "H" and ceil.bid >= levels[len(levels) // 2] and ceil.by_trump["H"] == ceil.bid
    # the criterion: where the ceiling wins the auction it nets clearly more than passing on the same deals
    assert ceil.gain.lo > 0
    # and it is no wild overbid: made on a fair share of the deals it wins
    assert ceil.make.p > 0.3
    # the call now beats the next-best call (or ties it), and is a legal opening call; a conventional bid
    # that is due with another turn to come is the call outright (double deck's meld bids)
    assert rec.bid >= levels[0]
    if an.call.due and an.call.binds and not an.call.last_turn:
        assert rec.bid == an.call.due and "free bids wait for your next turn" in rec.text
    else:
        assert an.call.margin.mean >= 0 and an.call.best.net.mean >= an.passing.net.mean
    hearts = next(f for f in an.trumps if f.trump == "H")
    assert hearts.total.mean == max(f.total.mean for f in an.trumps)


@pytest.mark.parametrize("rid", list(WEAK))
def test_a_weak_hand_passes(rid):
    rs = load(rid)
    adv = ask(rs, WEAK[rid], seat=1, dealer=0, samples=1500, seed=5, play="heuristic")
    rec = adv.recommendation
    assert rec.action == "pass" and rec.bid is None
    assert all(f.max_bid is None for f in adv.analyses[0].trumps) and adv.analyses[0].ceiling.bid is None


def test_levels_are_scored_by_the_rules():
    rs = load("double-deck")
    adv = ask(rs, STRONG["double-deck"], samples=1500, seed=5, play="heuristic")
    an = adv.analyses[0]
    lv = an.levels["H"]
    # every legal level from 51 (the dealer holds 50) up to the most any deal reached
    assert [x.bid for x in lv] == bid_levels_for(rs, 1, 0, lv[-1].bid)
    assert lv[-1].make.p < 0.01
    # making a bid gets rarer as it rises; winning the auction gets likelier
    assert all(a.make.p >= b.make.p for a, b in zip(lv, lv[1:], strict=False))
    assert all(a.win.p <= b.win.p for a, b in zip(lv, lv[1:], strict=False))
    # a set costs the bid: declaring higher never nets more over all deals
    assert all(a.net.mean >= b.net.mean - 1e-9 for a, b in zip(lv, lv[1:], strict=False))
    for x in lv:
        assert x.gain is None or x.win.k >= MIN_WON_DEALS


def test_risk_asks_for_less():
    rs = load("double-deck")
    bold = ask(rs, STRONG["double-deck"], samples=1500, seed=5, play="heuristic").analyses[0].ceiling
    careful = ask(rs, STRONG["double-deck"], samples=1500, seed=5, risk=0.99, play="heuristic").analyses[0].ceiling
    assert careful.bid is not None and careful.bid < bold.bid
    assert careful.make.p >= 0.99
    with pytest.raises(UserError, match="risk"):
        ask(rs, STRONG["double-deck"], samples=10, risk=1.5, play="heuristic")


def test_two_handed_is_the_whole_hand_analysis():
    """Two-handed has one model: the advisor's answer is the whole-hand analysis of ``pinochle two-hand``
    (phase 1 with the stock, phase 2 exact by default), the same figures for the same hand and seed."""
    from analyzer.twohand import analyze_hand

    rs = load("two-handed")
    hand = "AC AC TC TC KC KC QC QC JC JC AS AH"
    adv = ask(rs, hand, samples=120, seed=2, upcard="9C", seat=0, dealer=1)
    assert adv.request.play == "dd" and adv.recommendation.action == "play" and adv.recommendation.trump == "C"
    assert adv.recommendation.net.mean > 0  # a double run in trump outscores the opponent
    same = analyze_hand(rs, hand, "9C", dealer=False, samples=120, seed=2, phase2="exact")
    assert adv.two_hand.difference == same.difference and adv.two_hand.meld == same.meld
    assert adv.as_dict()["phase2"] == "exact"
    with pytest.raises(UserError, match="upcard"):
        ask(rs, hand, samples=10)
    with pytest.raises(UserError, match="upcard"):
        ask(load("auction"), STRONG["auction"], samples=10, upcard="9C", play="heuristic")


def _count_table_builds(monkeypatch) -> list[str]:
    """Count every build of the sampler's table (:func:`analyzer.deal.table`, however a module imported it)."""
    import sys

    import analyzer.deal as deal

    real, built = deal.table, []

    def counting(*args, **kwargs):
        built.append(sys._getframe(1).f_code.co_name)
        return real(*args, **kwargs)

    for name, mod in list(sys.modules.items()):
        if (name == "analyzer" or name.startswith("analyzer.")) and getattr(mod, "table", None) is real:
            monkeypatch.setattr(mod, "table", counting)
    return built


@pytest.mark.parametrize("case", ["calls", "relaxed", "won"])
def test_the_sampler_table_is_built_once_per_answer(monkeypatch, case):
    """One answer builds the sampler's table once, when the request is checked: the pilot batches, every rung of
    the clue ladder (its own accept test on the request's table) and the simulation use it."""
    import analyzer.advisor.study as study

    if case == "relaxed":  # every rung with clues fails its pilot: the last rung, no clue, draws the deals
        real_pilot = study._pilot
        monkeypatch.setattr(study, "_pilot", lambda req, acc: (0, real_pilot(req, acc)[1]))
    built = _count_table_builds(monkeypatch)
    calls = "1:pass 2:pass 3:pass 0:16" if case == "won" else "1:16 2:pass 3:18"
    adv = ask(load("auction"), STRONG["auction"], seat=0, dealer=0, auction=calls, samples=60, seed=3,
              play="heuristic")
    assert built == ["make"]
    assert adv.simulation.samples == 60
    if case == "won":
        assert adv.recommendation.action in ("trump", "too-few")
    else:
        assert (adv.conditioning.relaxed is not None) == (case == "relaxed")
    # two-handed has no sampler's table: its whole-hand analysis deals by its own path
    assert ask(load("two-handed"), "AC AC TC TC KC KC QC QC JC JC AS AH", upcard="9C", samples=2, seed=1,
               play="heuristic").request.table is None


def test_advice_as_json():
    rs = load("luxury-family")
    adv = ask(rs, STRONG["luxury-family"], seat=0, dealer=2, samples=300, seed=1,
                 constraints=["1 meld>=20"], known={2: "7S"}, play="heuristic")
    d = json.loads(json.dumps(adv.as_dict()))
    assert d["rules"] == "luxury-family" and d["seed"] == 1 and d["samples"] == 300
    assert d["policy_version"] == "v1" and d["constraints"] == ["1 meld>=20"]
    assert d["recommendation"]["action"] in ("bid", "pass")
    assert d["call"]["call"] in ("Pass", f"Bid {d['call']['bid']}")
    assert set(d["ceiling"]) >= {"bid", "trump", "by_trump"}
    assert d["ceiling"]["text"] == adv.analyses[0].ceiling.text()  # the page prints the library's sentence
    an = d["analyses"][0]
    assert [t["trump"] for t in an["trumps"]] == ["S", "H", "D", "C"]
    assert [lv["bid"] for lv in an["levels"]["H"]] == d["bid_levels"] == rs.bid_levels(d["bid_levels"][-1])
    assert set(an["levels"]["H"][0]) == {"bid", "all_deals", "wins_auction", "if_won"}
    assert an["passing"]["partner_declares"] is None
    hands = adv.simulation.deals.hands
    assert ((hands[:, 2, 0] >> rs.deck.kind(0, "7")) & 1).all()


def test_double_dummy_check():
    e = mean_ci([1.0, 2.0, 4.0, 3.0])
    s = _student(e)
    assert s.mean == e.mean and s.hi - s.mean == pytest.approx(3.182 * e.se) == s.mean - s.lo
    for rid in ("auction", "double-deck", "luxury-family"):  # every game's default shows double-dummy figures
        assert default_play(load(rid)) == ("both", None)
    off = load("double-deck")
    off = dataclasses.replace(off, advice=dataclasses.replace(off.advice, dd_by_default=False), cache={})
    plays, note = default_play(off)
    assert plays == "heuristic" and "'both'" in note
    rs = load("auction")
    adv = ask(rs, STRONG["auction"], samples=200, seed=3, play="both", dd_samples=3, dd_trumps=4,
                 max_nodes=2_000_000, dd_tricks_left=12)
    chk = adv.dd_check
    assert chk.samples == 3 and chk.max_nodes == 2_000_000
    assert [c.trump for c in chk.trumps][0] == adv.recommendation.trump and len(chk.trumps) == 4
    assert [a.play for a in adv.analyses] == ["heuristic"]
    from analyzer.rules.lowered import first_leader
    from analyzer.solve import solve_deals

    for c in chk.trumps:
        assert c.from_trick == 1 and c.scope == "whole deals" and c.label.endswith("whole deals")
        assert c.deals == 3 and c.exact + c.bracketed + c.unfinished == 3  # every deal counted
        assert c.dd_lower.n == c.dd_upper.n == c.heuristic.n == 3
        assert c.dd_lower.mean <= c.dd_upper.mean
        assert c.gap_lower.mean == pytest.approx(c.dd_lower.mean - c.heuristic.mean)
        # the bracket holds the exact double-dummy value of every deal
        exact = solve_deals(rs, adv.simulation.deals.hands[:3], SUITS.index(c.trump),
                            first_leader(rs, 1, 0), 1, bid=adv.simulation.bids[-1], lines=False).value
        assert c.dd_lower.mean - 1e-9 <= exact.mean() <= c.dd_upper.mean + 1e-9
    assert any(c.solved for c in chk.trumps)
    figs = {f.trump: f for f in adv.analyses[0].trumps}
    assert all(figs[c.trump].dd is c for c in chk.trumps)
    d = json.loads(json.dumps(adv.as_dict()))
    assert d["double_dummy"]["trumps"][0]["trump"] == adv.recommendation.trump
    assert all(t["dd_gap"]["deals"] == 3 for t in d["analyses"][0]["trumps"])
    assert set(d["double_dummy"]["trumps"][0]["dd_trick_points"]) == {"lower", "upper"}
    # the heuristic analysis is the same with or without the check
    plain = ask(rs, STRONG["auction"], samples=200, seed=3, play="heuristic")
    assert plain.dd_check is None and plain.as_dict()["recommendation"] == d["recommendation"]


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family"])
def test_double_dummy_check_from_a_later_trick(rid):
    """The check of a later trick (``dd_tricks_left`` K): each deal's first tricks played by the heuristic players,
    the last K solved; every bound holds the played points plus the endgame's exact value, the heuristic figure
    is the same players going on from the same point (the whole heuristic play of that stream), the gap is
    paired, the labels say "from trick k", and the make check asks the same kind of endgame."""
    from analyzer.advisor.ddcheck import _endgame_seed
    from analyzer.rules.lowered import first_leader
    from analyzer.score import convert_points
    from analyzer.solve import endgame_positions, solve_deals
    from analyzer.solve.endgame import side_points

    rs = load(rid)
    left = {"auction": 4, "double-deck": 5, "luxury-family": 5}[rid]
    seat, dealer = (1, 0)
    adv = ask(rs, STRONG[rid], seat=seat, dealer=dealer, samples=150, seed=4, play="both", dd_samples=6,
              dd_tricks_left=left)
    chk = adv.dd_check
    c = chk.trumps[0]
    ft = rs.hand_size - left + 1
    assert c.from_trick == ft and c.scope == f"from trick {ft}" and c.deals == 6
    assert c.exact + c.bracketed + c.unfinished == 6 and c.unfinished == 0
    sim, t, b = adv.simulation, SUITS.index(c.trump), adv.simulation.bids[-1]
    hands = sim.deals.hands[:6]
    lead = first_leader(rs, seat, dealer)
    st = endgame_positions(rs, hands, t, lead, seat, left, bid=b, policy="v1", seed=_endgame_seed(sim, t, b))
    exact = solve_deals(rs, st.hands, t, st.leader, seat, lines=False).value
    dd = convert_points(rs, st.taken + exact).astype(float)
    heur = convert_points(rs, side_points(rs, st.points, seat)).astype(float)
    assert c.dd_lower.mean - 1e-9 <= dd.mean() <= c.dd_upper.mean + 1e-9
    assert c.heuristic.mean == pytest.approx(heur.mean())
    assert c.gap_lower.mean == pytest.approx(c.dd_lower.mean - c.heuristic.mean)
    # the heuristic players going on from the endgame are the whole heuristic play of that stream
    from analyzer.play import play_deals

    whole = play_deals(rs, hands, t, lead, seat, seed=_endgame_seed(sim, t, b), bid=b)
    assert np.array_equal(side_points(rs, whole.points, seat), side_points(rs, st.points, seat))
    d = json.loads(json.dumps(adv.as_dict()))["double_dummy"]
    assert d["trumps"][0]["from_trick"] == ft and f"from trick {ft}" in d["trumps"][0]["label"]
    if chk.make is not None:
        assert chk.make.from_trick == ft and d["make"]["from_trick"] == ft
        assert chk.make.decided <= chk.make.deals
    note = next(n for n in adv.notes if n.startswith("double-dummy check"))
    assert f"from trick {ft}" in note and f"first {ft - 1} tricks played by the heuristic players" in note


def test_double_dummy_make_check_from_a_later_trick_agrees_with_exact_endgames():
    """The make check of a later trick counts the contracts made when the endgame after the heuristic players'
    first tricks is played double dummy: the same as solving those endgames exactly and scoring them."""
    from analyzer.advisor.ddcheck import _endgame_seed
    from analyzer.advisor.ddcheck import dd_make as _dd_make
    from analyzer.rules.lowered import bid_class, first_leader
    from analyzer.score import points_to_make
    from analyzer.solve import endgame_positions, solve_deals

    rs = load("auction")
    adv = ask(rs, STRONG["auction"], samples=200, seed=3, play="heuristic")
    k, left = 30, 5
    mk = _dd_make(adv.simulation, adv.analyses[0], k, 5_000_000, left)
    assert mk is not None and mk.from_trick == rs.hand_size - left + 1
    sim, t, seat = adv.simulation, SUITS.index(mk.trump), adv.seat
    cls = bid_class(rs, mk.bid)
    rows = sim.rows("declare", "heuristic", t, cls).filter(pl.col("deal") < k).sort("deal")
    meld, _, _ = sim.seat_arrays(rows)
    st = endgame_positions(rs, sim.deals.hands[:k], t, first_leader(rs, seat, sim.dealer), seat, left, bid=cls,
                           seed=_endgame_seed(sim, t, cls))
    v = solve_deals(rs, st.hands, t, st.leader, seat, lines=False).value
    target, exact = points_to_make(rs, meld, seat, mk.bid)
    # where the meld covers the bid (not exact) a trick is enough: one won already, or a point taken in the endgame;
    # a "no" there decides nothing (a trick of no points would do)
    made = np.where(exact, st.taken + v >= target, (st.won > 0) | (st.taken + v >= target))
    counted = exact | made
    assert mk.decided == int(counted.sum()) and mk.dd.k == int((made & counted).sum())
    assert mk.decided <= k


def test_double_dummy_make_check_agrees_with_exact_lines():
    """The make check (one search a deal for the points the contract needs) counts the same made contracts
    as scoring the exact double-dummy lines of those deals."""
    from analyzer.advisor.ddcheck import dd_make as _dd_make
    from analyzer.rules.lowered import bid_class, first_leader
    from analyzer.score import declarer_made
    from analyzer.solve import solve_deals

    rs = load("auction")
    adv = ask(rs, STRONG["auction"], samples=200, seed=3, play="both", dd_samples=2)
    mk = adv.dd_check.make
    assert mk is not None and mk.deals == 200 and 190 <= mk.decided <= 200
    assert mk.trump == (adv.analyses[0].ceiling.trump or adv.recommendation.trump)
    d = json.loads(json.dumps(adv.as_dict()))["double_dummy"]["make"]
    assert d["bid"] == mk.bid and d["decided"] == mk.decided and 0 <= d["dd_make"]["p"] <= 1
    k = 24
    small = _dd_make(adv.simulation, adv.analyses[0], k, 5_000_000)
    assert small.decided == k
    sim, t, seat = adv.simulation, SUITS.index(small.trump), adv.seat
    cls = bid_class(rs, small.bid)
    rows = sim.rows("declare", "heuristic", t, cls).filter(pl.col("deal") < k).sort("deal")
    meld, _, _ = sim.seat_arrays(rows)
    r = solve_deals(rs, sim.deals.hands[:k], t, first_leader(rs, seat, sim.dealer), seat, bid=cls)
    assert r.played.all()
    made = declarer_made(rs, meld, r.points, r.tricks, seat, small.bid)
    assert small.dd.k == int(made.sum())
