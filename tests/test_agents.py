"""The bidding agents: the protocol, the conventions they keep, the formula, the advisor's decisions."""

import numpy as np
import pytest

from analyzer.advisor import ask
from analyzer.arena.advisor import Advisor
from analyzer.arena.agents import Agent, Formula, MeldOnly, RandomBidder, conventional_call, partner_shown_meld
from analyzer.arena.core import deal_cards
from analyzer.arena.registry import make_agent
from analyzer.bidding.auction import Auction, parse_calls, replay
from analyzer.bidding.features import features
from analyzer.bidding.formula import fit_formula
from analyzer.bidding.inference import Convention
from analyzer.cards import Hand, from_planes
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
    assert make_agent("advisor:relax_clues=drop").relax_clues == "drop" and make_agent("advisor").relax_clues is None
    assert isinstance(make_agent("formula:margin=3"), Formula) and make_agent("formula:margin=3").margin == 3
    assert isinstance(make_agent("analyzer.arena.agents:MeldOnly"), MeldOnly)
    for x in ("formula", "meld-only", "random", "advisor"):
        assert isinstance(make_agent(x), Agent)
    for bad in ("oracle", "advisor:samples", "advisor:colour=red", "advisor:risk=2", "nowhere.mod:Thing",
                "advisor:raise_partner=always", "advisor:relax_clues=never"):
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
    adv = Advisor(samples=60, conventions="keep")  # auction's default calls freely (measured): keep them here
    cv = Convention.of(rs)
    deals = deal_cards(rs, 17, np.arange(12))
    for k in range(12):
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


def test_advisor_forecast_is_drawn_apart_from_the_decisions():
    """The forecast comes from deals of its own (another seed: no winner's curse), and drawing it changes no
    call and no trump."""
    from dataclasses import replace

    rs = load("auction")
    hands = ["AH AH TH TH KH KH QH QH JH JH AS AD", "AS AS TS KS QS QS JS JS AD KD QD JD"]
    for hand in hands:
        v0 = view_after("auction", 2, "3:pass 0:pass 1:pass", hand, seed=5)
        out = []
        for draw in (False, True):
            adv = Advisor(samples=40, forecast_draw=draw)
            b = adv.bid(v0)
            assert b is not None
            tv = replace(v0, calls=v0.calls + (parse_calls(f"2:{b}", rs)[0],), contract=b)
            t = adv.choose_trump(tv)
            out.append((b, t, adv.forecast(tv, t), adv.stats.forecasts))
        (b0, t0, f0, n0), (b1, t1, f1, n1) = out
        assert (b0, t0) == (b1, t1)  # same call, same trump
        assert (n0, n1) == (0, 1) and f1 is not None and f1 != f0 and 0 <= f1.p_make <= 1


def test_the_advisor_agent_calls_what_pinochle_bid_calls(run_cli):
    """The arena's agent and the product answer the same request the same way: for hands and auctions of
    every game, the agent's call is ``advise``'s call and ``pinochle bid --json``'s (same hand, calls, seed,
    sample count)."""
    import json

    from analyzer.arena.agents import Formula

    cases = 0
    for rid, k in (("auction", 5), ("double-deck", 4), ("luxury-family", 5)):
        rs = load(rid)
        deals = deal_cards(rs, 31, np.arange(k))
        for d in range(k):
            a = Auction(rs, d % rs.seats)
            steps = 0
            while not a.done and steps < 6:
                v = a.view_for(deals[d][a.turn], (d, 0), 1000 + d)
                if steps in (0, 2, 4):
                    agent = Advisor(samples=60)
                    call = agent.bid(v)
                    hand = " ".join(Hand(rs.deck, tuple(sorted(from_planes(v.hand, rs.deck)))).names())
                    auction = " ".join(map(str, v.calls))
                    same = ask(rs, hand, seat=v.me, dealer=v.dealer, auction=tuple(v.calls), samples=60,
                               seed=v.seed, play="heuristic")
                    assert same.call == call, (rid, d, auction)
                    if steps == 0:  # the command line too (one process a case: kept to a few)
                        args = ["bid", "--rules", rid, "--hand", hand, "--seat", str(v.me), "--dealer",
                                str(v.dealer), "--samples", "60", "--seed", str(v.seed), "--play", "heuristic",
                                "--json"] + (["--auction", auction] if auction else [])
                        code, out, err = run_cli(args)
                        assert code == 0, err
                        assert json.loads(out)["call"]["bid"] == call
                    cases += 1
                else:
                    call = Formula().bid(v)
                a.call(a.turn, call)
                steps += 1
    assert cases >= 20


def test_the_first_seat_reads_the_auction_at_its_later_calls():
    """Luxury Family's first seat once kept the deals it drew before any call and never read the later bids
    (it priced an opponent's 300 as a likely set); every call now conditions on the calls so far."""
    rs = load("luxury-family")
    v = view_after("luxury-family", 2, "0:120 1:300 2:pass", "AS AS TS KS QS JS 7S 7S AH KH QH 7H AD KD QC JC")
    adv = Advisor(samples=60)
    adv.bid(v)
    assert adv.last.clues > 0 and adv.last.level in ("clues", "hard") and adv.last.tried > adv.last.kept
    same = ask(rs, " ".join(Hand.parse("AS AS TS KS QS JS 7S 7S AH KH QH 7H AD KD QC JC", rs.deck).names()),
               seat=0, dealer=2, auction="0:120 1:300 2:pass", samples=60, seed=v.seed, play="heuristic",
               detail=False)
    assert same.kept == adv.last.kept and same.tried == adv.last.tried
