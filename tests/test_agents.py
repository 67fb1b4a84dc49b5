"""The bidding agents: the protocol, the conventions they keep, the formula, the advisor's decisions."""

import numpy as np
import pytest

from analyzer.arena.advisor import Advisor, study
from analyzer.arena.agents import Agent, Formula, MeldOnly, RandomBidder, conventional_call, partner_shown_meld
from analyzer.arena.core import deal_cards
from analyzer.arena.registry import make_agent
from analyzer.bidding.auction import Auction, parse_calls, replay
from analyzer.bidding.features import features
from analyzer.bidding.formula import fit_formula
from analyzer.bidding.inference import Convention
from analyzer.cards import Hand
from analyzer.errors import UserError
from analyzer.rules import load


def view_after(rid, dealer, calls, hand, seed=1):
    rs = load(rid)
    a = replay(rs, dealer, parse_calls(calls, rs)) if calls else Auction(rs, dealer)
    return a.view_for(Hand.parse(hand, rs.deck).planes, (0, 0), seed)


def test_make_agent_specs():
    a = make_agent("advisor:samples=60,risk=0.5,inference=off")
    assert isinstance(a, Advisor) and a.samples == 60 and a.risk == 0.5 and a.inference is False
    assert make_agent("advisor-cautious").risk == 0.6 and make_agent("advisor-noinf").inference is False
    assert make_agent("advisor:raise_partner=never").raise_partner == "never"
    assert make_agent("advisor").raise_partner is None  # the rule set's [advice] raise_partner
    assert isinstance(make_agent("formula:margin=3"), Formula) and make_agent("formula:margin=3").margin == 3
    assert isinstance(make_agent("analyzer.arena.agents:MeldOnly"), MeldOnly)
    for x in ("formula", "meld-only", "random", "advisor"):
        assert isinstance(make_agent(x), Agent)
    for bad in ("oracle", "advisor:samples", "advisor:colour=red", "advisor:risk=2", "nowhere.mod:Thing",
                "advisor:raise_partner=always"):
        with pytest.raises(UserError):
            make_agent(bad)


def test_conventional_call_auction():
    # 4 meld (a trump marriage) on the first call with the opening open: the signal 18 is due
    v = view_after("auction", 0, "", "KD QD TS TS TH TH TD 9C TC TC JC JC")
    assert v.first_call and v.last_turn  # one round: every call is a player's last
    assert conventional_call(v, limit=0) == 18  # due even for a weak hand
    assert conventional_call(v, limit=30) == 30  # ... or a higher free bid on a last turn
    # no signal and a low limit: pass; else on a last turn the highest free bid within the limit
    v = view_after("auction", 0, "", "TS TS JS JS TH TH JH TD TD TC TC KC")
    assert conventional_call(v, limit=10) is None
    assert conventional_call(v, limit=20) == 19  # 20 is a signal value
    # two rounds: not the last turn, so the least free bid (15 is free)
    rs2 = load("auction", {"bidding-rounds": 2})
    v2 = Auction(rs2, 0).view_for(Hand.parse("TS TS JS JS TH TH JH TD TD TC TC KC", rs2.deck).planes)
    assert not v2.last_turn and conventional_call(v2, limit=20) == 15
    # the dealer's call is his last turn: he bids his limit outright, on a free value
    v = view_after("auction", 0, "1:15 2:pass 3:16", "TS TS JS JS TH TH JH TD TD TC TC KC")
    assert v.last_turn and conventional_call(v, limit=24) == 23  # 24 is a signal value: the free one below


def test_conventional_call_double_deck_meld_bids():
    hand = "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS"
    rs = load("double-deck")
    least = int(features(rs, Hand.parse(hand, rs.deck).planes[None, :]).least[0])
    v = view_after("double-deck", 0, "1:52", hand)
    k = min(least // 10, 59 - 52)
    assert conventional_call(v, limit=0) == (52 + k if k else None)
    # a later call: no meld bid any more, the least raise within the limit
    v = view_after("double-deck", 0, "1:52 2:pass 3:55 0:pass 1:56", hand)
    assert not v.first_call
    assert conventional_call(v, limit=70) == 57 and conventional_call(v, limit=50) is None


def test_partner_shown_meld():
    v = view_after("auction", 0, "1:20 2:pass", "TS TS JS JS TH TH JH TD TD TC TC KC")  # seat 3, partner 1
    assert partner_shown_meld(v) == pytest.approx(6.5)
    dd_hand = "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS"
    v = view_after("double-deck", 0, "1:pass 2:53 3:pass", dd_hand)
    assert partner_shown_meld(v) == pytest.approx(34.5)  # seat 0's partner 2: 50 -> 53, 30-39 meld


def test_fit_formula_gives_positive_allowances():
    p = fit_formula(load("auction"), deals=3000, seed=1)
    assert 5 < p.base < 25 and p.per_sure > 0 and p.per_trump > 0 and 2 < p.partner_meld < 8


def test_formula_and_meld_only_bid_more_with_more_meld():
    strong = "AH AH TH TH KH KH QH QH JH JH AS AD"
    weak = "TS TS JS JS TH TH JH TD TD TC TC KC"
    for agent in (Formula(), MeldOnly()):
        vs = view_after("auction", 2, "3:pass 0:pass 1:pass", strong)
        vw = view_after("auction", 2, "3:pass 0:pass 1:pass", weak)
        bs, bw = agent.bid(vs), agent.bid(vw)
        assert bs is not None and bs >= 20
        assert bw is None
        assert agent.choose_trump(vs) == 1  # hearts


def test_random_bidder_is_legal_and_repeatable():
    rs = load("luxury-family")
    r = RandomBidder()
    deals = deal_cards(rs, 3, np.arange(30))
    for k in range(30):
        a = Auction(rs, k % 3)
        while not a.done:
            v = a.view_for(deals[k][a.turn], (k, 0), k)
            b = r.bid(v)
            assert v.is_legal(b) and b == r.bid(v)
            a.call(a.turn, b)


def test_advisor_follows_the_conventions_and_bids_by_strength():
    rs = load("auction")
    adv = Advisor(samples=60)
    cv = Convention.of(rs)
    deals = deal_cards(rs, 17, np.arange(25))
    for k in range(25):
        a = Auction(rs, 0)
        while not a.done:
            v = a.view_for(deals[k][a.turn], (k, 0), k)
            b = adv.bid(v)
            due = int(cv.conventional_bids(features(rs, v.hand[None, :]), v.first_call, v.high, v.min_bid)[0])
            if not v.to_act:  # nobody reads the last call of the auction: the conventions bind no more
                pass
            elif due:
                assert b is not None and (b == due or (b > due and not cv.reserved(b, True, v.high)))
            elif b is not None:
                assert not cv.reserved(b, v.first_call, v.high)
            assert v.is_legal(b)
            a.call(a.turn, b)
    strong = view_after("auction", 2, "3:pass 0:pass 1:pass", "AH AH TH TH KH KH QH QH JH JH AS AD")
    weak = view_after("auction", 2, "3:pass 0:pass 1:pass", "TS TS JS JS TH TH JH TD TD TC TC KC")
    assert Advisor(samples=80).bid(strong) is not None
    assert Advisor(samples=80).bid(weak) is None
    assert adv.stats.decisions > 0 and adv.last is not None


def test_cautious_advisor_never_bids_higher():
    rs = load("luxury-family")
    bold, careful = Advisor(samples=60), Advisor(samples=60, risk=0.9)
    deals = deal_cards(rs, 5, np.arange(12))
    for k in range(12):
        a = Auction(rs, 0)
        v = a.view_for(deals[k][a.turn], (k, 0), k)
        bold.bid(v)
        careful.bid(v)
        lb, lc = bold.last.limit, careful.last.limit
        assert lc is None or (lb is not None and lc <= lb)


def test_advisor_trump_and_forecast():
    v0 = view_after("auction", 2, "3:pass 0:pass 1:pass", "AH AH TH TH KH KH QH QH JH JH AS AD")
    adv = Advisor(samples=80)
    b = adv.bid(v0)
    from dataclasses import replace

    tv = replace(v0, calls=v0.calls + (parse_calls(f"2:{b}", load("auction"))[0],), contract=b)
    t = adv.choose_trump(tv)
    fc = adv.forecast(tv, t)
    assert t == 1 and fc is not None and 0.5 < fc.p_make <= 1 and fc.points > b - 5
    assert adv.forecast(tv, (t + 1) % 4) is None


def test_advisor_forecast_is_drawn_apart_from_the_decisions(monkeypatch):
    """The forecast comes from deals of its own (a seed stream no call or trump used: no winner's curse), and
    drawing it changes no call and no trump."""
    import analyzer.arena.advisor as ag

    draws = []

    def spy(*args, **kw):
        draws.append((args[5], kw.get("others", True), tuple(kw.get("trumps", (0, 1, 2, 3)))))
        return study(*args, **kw)

    monkeypatch.setattr(ag, "study", spy)
    from dataclasses import replace

    rs = load("auction")
    hands = ["AH AH TH TH KH KH QH QH JH JH AS AD", "AS AS TS KS QS QS JS JS AD KD QD JD"]
    for hand in hands:
        v0 = view_after("auction", 2, "3:pass 0:pass 1:pass", hand, seed=5)
        out = []
        for indep in (False, True):
            draws.clear()
            adv = Advisor(samples=40, independent_forecast=indep)
            b = adv.bid(v0)
            assert b is not None
            tv = replace(v0, calls=v0.calls + (parse_calls(f"2:{b}", rs)[0],), contract=b)
            t = adv.choose_trump(tv)
            out.append((b, t, adv.forecast(tv, t), list(draws)))
        (b0, t0, f0, d0), (b1, t1, f1, d1) = out
        assert (b0, t0) == (b1, t1)  # same call, same trump
        assert d1[:-1] == d0  # the same decision draws, then one more ...
        seed, others, trumps = d1[-1]
        assert not others and trumps == (t1,) and seed not in {s for s, _, _ in d0}  # ... on its own deals
        assert adv.stats.independent == 1 and f1 is not None and f1 != f0 and 0 <= f1.p_make <= 1


def test_study_of_one_trump_matches_the_full_study():
    rs = load("auction")
    hand = Hand.parse("AH AH TH TH KH KH QH QH JH JH AS AD", rs.deck).planes
    full = study(rs, 0, 3, hand, 40, seed=11, others=False)
    one = study(rs, 0, 3, hand, 40, seed=11, others=False, trumps=(2,))
    for a, b in ((full.me_tot, one.me_tot), (full.me_ok, one.me_ok), (full.me_base, one.me_base)):
        assert np.array_equal(a[2], b[2]) and not b[[0, 1, 3]].any()


def test_study_scores_every_declarer():
    rs = load("double-deck")
    hand = Hand.parse("AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS", rs.deck).planes
    st = study(rs, 1, 0, hand, 400, seed=3)
    out = st.out
    assert st.n == 400 and st.me_tot.shape == (4, 400) and out is not None
    assert out.classes.tolist() == [50, 51] and out.o_tot.shape == (2, 4, 400)
    assert (out.o_tot[:, 1] == 0).all()  # my own row of the other declarers stays empty
    # partner (seat 3) declaring: my net rises with his side's score; an opponent's: falls
    assert (out.o_coef[:, 3] > 0).all() and (out.o_coef[:, 0] < 0).all()
    # only the dealer (seat 0) can declare at the held 50: the others' lower class copies their own play
    assert np.array_equal(out.o_tot[0, 2], out.o_tot[1, 2]) and np.array_equal(out.me_tot[1], st.me_tot)
    # stuck at 50 the dealer need not lead a trump: his play differs from the 51 play on some deals
    assert not np.array_equal(out.o_tot[0, 0], out.o_tot[1, 0])


def test_advisor_keeps_a_hands_entries_through_its_whole_auction():
    # every seat's entry of a hand survives the hand however many hands the same advisor bid before it
    # (a size limit on the cache once dropped some mid-auction: results then depended on the worker count)
    from types import SimpleNamespace

    adv = Advisor()
    for d in range(40):
        for s in range(4):
            adv._entry(SimpleNamespace(key=(d, 0), seat=s)).studies = 10 * d + s
        for s in range(4):
            assert adv._entry(SimpleNamespace(key=(d, 0), seat=s)).studies == 10 * d + s
        assert len(adv._cache) == 4
