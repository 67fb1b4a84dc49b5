"""The call model: the rest of the auction on every deal (against a plain-Python reference on the rules'
state machine), the call now (lowest winning bid when nobody calls after me), passed seats, the stuck
dealer, two rounds, and legal calls over many random auctions of every rule set."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.bidding.auction import (
    Auction,
    AuctionState,
    Call,
    bid_cap,
    is_bid_value,
    next_legal,
    parse_calls,
    replay,
)
from analyzer.bidding.call_kernel import _reserved
from analyzer.bidding.callmodel import (
    Outcomes,
    SeatFeatures,
    beats,
    choose_call,
    conventions_bind,
    due_bid,
    due_is_forced,
    opening_calls,
    rest_of_auctions,
)
from analyzer.bidding.inference import Convention, reads_by_conventions
from analyzer.rules import available, load

GAMES = [("auction", {}), ("auction", {"bidding-rounds": 2}), ("double-deck", {}), ("luxury-family", {})]


# ---- a plain-Python reference of the other seats' bidding and the rest of the auction --------------------------
def ref_limit_call(rs, limit, first, last, high, sig, least, free=True, conventions=True):
    """The documented bidding of a seat with a limit (:func:`analyzer.arena.agents.conventional_call`), written on
    the Convention API and the ladder helpers; ``conventions`` False: a seat that calls freely."""
    cv = Convention.of(rs)
    min_bid = next_legal(rs, high)
    due = 0
    if conventions and first and cv.kind == "signals" and sig >= min_bid:
        due = sig
    elif conventions and first and cv.kind == "meld-bids" and cv.meld_bid_open(True, high):
        h = high if high is not None else cv.meld_lo - 1
        k = min(least // cv.meld_unit, cv.meld_hi - h)
        due = h + k if k >= 1 else 0
    top = min(math.floor(limit), bid_cap(rs)) if free else -1
    frees, b = [], min_bid
    while b <= top:
        if not (conventions and cv.reserved(b, first, high)):
            frees.append(b)
        b = next_legal(rs, b)
    if last:
        best = max(frees) if frees else None
        if due:
            return best if best is not None and best > due else due
        return best
    if due:
        return due
    return min(frees) if frees else None


def ref_rest(rs, dealer, calls, me, my_call, my_limit, lim, sig, least):
    """(declarer, contract) of one deal: the rules' own state machine, the seats calling as documented."""
    a = replay(rs, dealer, calls)
    a.call(me, my_call)
    while not a.done:
        s = a.turn
        first, last = s not in a.acted, a.last_turn(s)
        if s == me:
            h = a.high_seat
            b = a.min_bid
            mine = h is not None and rs.side_of(h) == rs.side_of(me)
            call = b if my_limit is not None and b <= my_limit and b <= bid_cap(rs) and not mine else None
        else:
            free = not (rs.side_of(s) == rs.side_of(me) and a.high_seat == me)
            call = ref_limit_call(rs, lim[s], first, last, a.high, sig[s], least[s], free,
                                  reads_by_conventions(rs, s, me))
        a.call(s, call)
    return (-1, 0) if a.winner is None else (a.winner, a.contract)


def random_auction(rs, dealer, rng, p_pass=0.4, max_calls=12):
    """A random legal prefix of an auction that is still open, and the seat to call."""
    for _ in range(50):
        a = Auction(rs, dealer)
        calls = []
        stop = int(rng.integers(0, max_calls))
        while not a.done and len(calls) < stop:
            b = None if rng.random() < p_pass else a.min_bid + int(rng.integers(0, 3)) * int(rs.bidding.step)
            if b is not None and not is_bid_value(rs, b):
                b = next_legal(rs, b)
            c = Call(a.turn, b)
            a.call(c.seat, c.bid)
            calls.append(c)
        if not a.done:
            return calls, a.turn
    raise AssertionError("no open auction drawn")  # pragma: no cover


def random_seats(rs, rng, n):
    opening = int(rs.bidding.opening)
    spread = 30 * int(rs.bidding.step)
    lim = rng.uniform(opening - spread / 2, opening + spread, size=(rs.seats, n))
    cv = Convention.of(rs)
    sigs = np.array([0, *sorted(cv.signal_values)]) if cv.kind == "signals" else np.array([0])
    sig = rng.choice(sigs, size=(rs.seats, n))
    least = rng.integers(0, 120, size=(rs.seats, n))
    return SeatFeatures(lim, np.zeros((rs.seats, n), dtype=np.int64), sig.astype(np.int64), least.astype(np.int64))


def test_the_kernel_reserves_exactly_the_bids_the_convention_reserves():
    """The call kernel's compiled ``_reserved`` and ``Convention.reserved`` agree on every bid value, first call
    or not, over every standing bid (none included), in every rule set with conventions."""
    kinds = set()
    for rid in available():
        rs = load(rid)
        if not rs.has_bidding or Convention.of(rs).kind == "none":
            continue
        cv = Convention.of(rs)
        kinds.add(cv.kind)
        cap = bid_cap(rs)
        for high in (None, *rs.bid_levels(upto=cap)):
            for first in (True, False):
                for b in range(cap + 1):
                    got = _reserved(np.int64(b), first, np.int64(-1 if high is None else high), np.int64(cv.code),
                                    cv.sigmask, np.int64(cv.meld_hi))
                    assert bool(got) == cv.reserved(b, first, high), (rid, high, first, b)
    assert kinds == {"signals", "meld-bids"}


@settings(max_examples=120, deadline=None)
@given(game=st.sampled_from(range(len(GAMES))), seed=st.integers(0, 2**32 - 1))
def test_rest_of_auction_matches_the_reference(game, seed):
    rid, opts = GAMES[game]
    rs = load(rid, opts)
    rng = np.random.default_rng(seed)
    dealer = int(rng.integers(0, rs.seats))
    calls, me = random_auction(rs, dealer, rng)
    state = AuctionState.of(rs, dealer, calls, me)
    n = 6
    sf = random_seats(rs, rng, n)
    bids = state.legal_bids(state.min_bid + 6 * int(rs.bidding.step))
    mine = [None, *bids[:4]]
    my_limits = [None if rng.random() < 0.3 else int(rng.choice(bids)) for _ in mine]
    decl, contract = rest_of_auctions(state, sf, mine, my_limits)
    for k, (c, ml) in enumerate(zip(mine, my_limits, strict=True)):
        for i in range(n):
            want = ref_rest(rs, dealer, calls, me, c, ml, sf.limit[:, i], sf.signal[:, i], sf.least[:, i])
            assert (int(decl[k, i]), int(contract[k, i])) == want, (rid, opts, calls, me, c, ml, i)


def test_a_seat_that_passed_never_declares():
    rng = np.random.default_rng(3)
    for rid, opts in GAMES:
        rs = load(rid, opts)
        for _ in range(40):
            dealer = int(rng.integers(0, rs.seats))
            calls, me = random_auction(rs, dealer, rng, p_pass=0.6)
            state = AuctionState.of(rs, dealer, calls, me)
            sf = random_seats(rs, rng, 50)
            decl, contract = rest_of_auctions(state, sf, [None], [None])
            assert not np.isin(decl, [*state.passed, me]).any()  # I passed too
            thrown = decl < 0
            assert (contract[thrown] == 0).all() and (contract[~thrown] >= int(rs.bidding.opening)).all()
            if rs.bidding.dealer_holds:
                assert not thrown.any()  # double deck: never thrown in


def test_double_deck_dealer_is_stuck_at_fifty():
    rs = load("double-deck")
    state = AuctionState.of(rs, 0, parse_calls("1:pass 2:pass", rs), 3)
    assert state.high == 50 and state.holder == 0 and state.min_bid == 51
    sf = random_seats(rs, np.random.default_rng(1), 30)
    decl, contract = rest_of_auctions(state, sf, [None, 51], [None, None])
    assert (decl[0] == 0).all() and (contract[0] == 50).all()  # I pass: the dealer plays the held 50
    # I bid 51: the dealer may raise over me, never below 51
    assert np.isin(decl[1], [0, 3]).all() and (contract[1] >= 51).all()
    # scoring the dealer at 50 uses the play of class 50 (no trump lead)
    out = synthetic_outcomes(rs, 3, sf, np.random.default_rng(2))
    net = out.other_net(decl[0], contract[0])
    k0 = out.o_tot[0, 0]
    want = out.o_base[0, 0] + out.o_coef[0, 0] * np.where(out.o_ok[0, 0] & (k0 >= 50), k0, -50)
    assert np.allclose(net, want)
    # the dealer's own call comes only after another bid: his opening call without --auction is refused
    assert opening_calls(rs, 0, 0) == parse_calls("1:pass 2:pass 3:pass", rs)
    with pytest.raises(Exception, match="over"):
        AuctionState.of(rs, 0, opening_calls(rs, 0, 0), 0)


def test_a_partner_read_as_my_own_calls_bids_freely_in_the_rest_of_the_auction():
    """Double deck reads my partner's calls as my own free calls ([advice] partner_calls = "own"), and the rest of the
    auction plays my partner so too: with 30 meld and a limit below the least bid, my partner bids the meld bid it
    owes only where partners keep the conventions; an opponent makes it either way."""
    import dataclasses

    dd = load("double-deck")
    keep = dataclasses.replace(dd, advice=dataclasses.replace(dd.advice, partner_calls="conventions"))
    got = {}
    for name, rs in (("own", dd), ("conventions", keep)):
        state = AuctionState.of(rs, 3, [], 0)  # I (seat 0) open; partner 2, opponents 1 and 3 after me
        lim = np.array([[0.0], [0.0], [40.0], [0.0]])
        least = np.array([[0], [0], [30], [0]], dtype=np.int64)
        sf = SeatFeatures(lim, np.zeros((4, 1), dtype=np.int64), np.zeros((4, 1), dtype=np.int64), least)
        decl, contract = rest_of_auctions(state, sf, [None], [None])
        got[name] = (int(decl[0, 0]), int(contract[0, 0]))
        # the same hand at an opponent's seat makes its meld bid in both
        sf_opp = SeatFeatures(lim[[0, 2, 1, 3]], sf.trump, sf.signal, least[[0, 2, 1, 3]])
        decl, contract = rest_of_auctions(state, sf_opp, [None], [None])
        assert (int(decl[0, 0]), int(contract[0, 0])) == (1, 53), name
    assert got["conventions"] == (2, 53)  # 30 meld: three steps over 50
    assert got["own"] == (3, 50)          # my partner passes; the dealer (3) holds 50


def test_two_rounds_give_me_and_the_others_a_second_turn():
    rs = load("auction", {"bidding-rounds": 2})
    state = AuctionState.of(rs, 0, [], 1)
    assert not state.last_turn and state.to_act == (2, 3, 0)
    lim = np.array([[0.0], [0.0], [23.5], [0.0]])
    sf = SeatFeatures(lim, np.zeros((4, 1), dtype=np.int64), np.zeros((4, 1), dtype=np.int64),
                      np.zeros((4, 1), dtype=np.int64))
    # I open 15 and would go to 25: seat 2 raises by the least free bid, 19 (16 to 18 are signals on a first
    # call; not its last turn), 3 and 0 pass; round two: I raise to 20, and seat 2 on its last turn bids its
    # limit 23 outright
    decl, contract = rest_of_auctions(state, sf, [15, 15, 24], [25, None, 30])
    got = [(int(decl[k, 0]), int(contract[k, 0])) for k in range(3)]
    # without a later raise of mine seat 2 keeps 19; opening 24, nobody outbids me
    assert got == [(2, 23), (2, 19), (1, 24)]
    # one round: seat 2's only call is its last, it bids its limit at once (23: a free value)
    one = AuctionState.of(load("auction"), 0, [], 1)
    assert one.last_turn
    decl, contract = rest_of_auctions(one, sf, [15], [25])
    assert (int(decl[0, 0]), int(contract[0, 0])) == (2, 23)


# ---- the call now on synthetic outcomes -----------------------------------------------------------------------------
def synthetic_outcomes(rs, me, sf, rng):
    """Random outcomes of every declarer on ``sf``'s deals (my net falls as my contract rises, as in play)."""
    n = sf.limit.shape[1]
    C = 2 if rs.bidding.dealer_holds else 1
    classes = np.array([50, 51] if C == 2 else [int(rs.bidding.opening)], dtype=np.int64)
    top = int(rs.bidding.opening) + 25 * int(rs.bidding.step)
    me_tot = rng.integers(0, top, size=(C, 4, n))
    me_ok = rng.random((C, 4, n)) < 0.9
    me_base = -rng.integers(0, top // 2, size=(C, 4, n)).astype(float)
    o_tot = rng.integers(0, top, size=(C, rs.seats, n))
    o_ok = rng.random((C, rs.seats, n)) < 0.9
    o_base = rng.normal(0, 10, size=(C, rs.seats, n))
    coef = np.array([1.0 if rs.side_of(j) == rs.side_of(me) else -1.0 for j in range(rs.seats)])
    o_coef = np.broadcast_to(coef[None, :, None], (C, rs.seats, n)).copy()
    return Outcomes(classes, me_tot, me_ok, me_base, o_tot, o_ok, o_base, o_coef, sf, np.ones(n) / n)


def hand_of(rs, rng):
    from analyzer.arena.core import deal_cards

    return deal_cards(rs, int(rng.integers(0, 10**6)), np.arange(1))[0, 0]


LAST_CALLER = [("auction", {}, 0, "1:pass 2:pass 3:pass", 0), ("auction", {"bidding-rounds": 2}, 0,
               "1:pass 2:pass 3:pass", 0), ("auction", {}, 0, "1:16 2:pass 3:18", 0),
               ("auction", {"bidding-rounds": 2}, 0, "1:15 2:pass 3:16 0:pass 1:17", 3),
               ("luxury-family", {}, 0, "1:pass 2:pass", 0), ("luxury-family", {}, 1, "2:pass 0:pass", 1)]


@pytest.mark.parametrize("rid, opts, dealer, calls, me", LAST_CALLER)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_nobody_after_me_the_call_is_the_lowest_winning_bid_or_pass(rid, opts, dealer, calls, me, seed):
    rs = load(rid, opts)
    rng = np.random.default_rng(seed)
    state = AuctionState.of(rs, dealer, parse_calls(calls, rs), me)
    assert state.to_act == () and not conventions_bind(state)
    out = synthetic_outcomes(rs, me, random_seats(rs, rng, 40), rng)
    ch = choose_call(state, out, hand_of(rs, rng))
    assert ch.call in (None, state.min_bid)
    # every bid wins outright, and a higher bid never does better than the lowest
    assert (ch.decl[1:] == me).all() and (ch.value[2:] <= ch.value[1] + 1e-9).all()


@pytest.mark.parametrize("conventions", ["keep", "free"])
@pytest.mark.parametrize("rid, opts", GAMES)
def test_every_call_is_legal_over_many_random_auctions(rid, opts, conventions):
    rs = load(rid, opts)
    rng = np.random.default_rng(11)
    cv = Convention.of(rs)
    for _ in range(60):
        dealer = int(rng.integers(0, rs.seats))
        calls, me = random_auction(rs, dealer, rng)
        state = AuctionState.of(rs, dealer, calls, me)
        hand = hand_of(rs, rng)
        out = synthetic_outcomes(rs, me, random_seats(rs, rng, 30), rng)
        ch = choose_call(state, out, hand, risk=float(rng.choice([0.0, 0.5])), conventions=conventions)
        a = replay(rs, dealer, calls)
        a.call(me, ch.call)  # the rules accept it (IllegalCall otherwise)
        keep = conventions == "keep"
        if conventions_bind(state) and keep:
            due = due_bid(state, hand)
            if due and not state.last_turn:  # another turn to come: the due bid is the call outright
                assert due_is_forced(state, due) and ch.call == due and ch.allowed.sum() == 1
            elif due:
                assert ch.call == due or (ch.call is not None and ch.call > due and not cv.reserved(ch.call, True,
                                                                                                     state.high))
            elif ch.call is not None:
                assert not cv.reserved(ch.call, True, state.high)
        assert ch.allowed[ch.best]
        if state.turn_to_come:  # another turn may come: the least allowed raise up to the ceiling, else pass
            ceil = ch.ceiling.bid
            due = due_bid(state, hand) if keep else 0
            within = [c for k, c in enumerate(ch.calls)
                      if c is not None and ch.allowed[k] and (c == due or (ceil is not None and c <= ceil))]
            assert ch.call == (min(within) if within else None)
        elif ch.allowed[0]:  # passing is open: the call never does worse than passing
            assert ch.value[ch.best] >= ch.value[0] - 1e-9
            assert ch.call is None or ch.value[ch.best] > ch.value[0]


def test_raising_my_partner_only_as_told():
    rs = load("double-deck")
    rng = np.random.default_rng(5)
    seen = raised = 0
    for _ in range(300):
        dealer = int(rng.integers(0, rs.seats))
        calls, me = random_auction(rs, dealer, rng, p_pass=0.2)
        state = AuctionState.of(rs, dealer, calls, me)
        if state.holder is None or state.holder == me or rs.side_of(state.holder) != rs.side_of(me):
            continue
        if not state.turn_to_come:
            continue
        seen += 1
        hand = hand_of(rs, rng)
        out = synthetic_outcomes(rs, me, random_seats(rs, rng, 40), rng)
        due = due_bid(state, hand)
        base = choose_call(state, out, hand, raise_partner="ceiling")
        never = choose_call(state, out, hand, raise_partner="never")
        clear = choose_call(state, out, hand, raise_partner="clear")
        assert never.call in (None, due or None)
        if clear.call is not None and clear.call != due:  # a free raise of my partner beats passing beyond noise
            k = clear.calls.index(clear.call)
            assert beats(clear.net[k:k + 1], clear.net[0], clear.weights)[0]
            assert base.ceiling.bid is not None and clear.call <= base.ceiling.bid  # ... within the ceiling
        raised += base.call is not None and base.call != due
        # the rule set's value decides when none is given
        assert choose_call(state, out, hand).call == {"ceiling": base, "clear": clear, "never": never}[
            rs.advice.raise_partner].call
    assert seen >= 10 and raised >= 3  # by the ceiling I do raise my partner at times


def test_a_partner_who_took_the_bid_over_from_me_keeps_it():
    """Double deck's advisor partners once took the bid from each other back and forth up to the cap (420), each
    reading the other as too weak to play it: a partner who outbid me keeps the bid unless an opponent outbids it
    (``[advice] retake_from_partner``), and the state knows who took it from whom."""
    import dataclasses

    rs = load("double-deck")
    took = AuctionState.of(rs, 0, parse_calls("1:pass 2:59 3:pass 0:60 2:65", rs), 0)
    assert took.partner_took_over
    for calls, me in (("1:pass 2:59 3:pass", 0),  # my partner bid, not over me: raising is the usual question
                      ("1:51 2:52 3:53 0:54 1:pass 2:55 3:56", 0),  # an opponent outbid my partner: I may bid again
                      ("1:51 2:pass 3:pass 0:55", 1)):  # my opponent holds the bid
        assert not AuctionState.of(rs, 0, parse_calls(calls, rs), me).partner_took_over
    assert not AuctionState.of(load("luxury-family"), 0, parse_calls("1:10 2:20", load("luxury-family")), 0) \
        .partner_took_over  # no partners
    rng = np.random.default_rng(3)
    retake = dataclasses.replace(rs, advice=dataclasses.replace(rs.advice, retake_from_partner=True))
    state_retake = AuctionState.of(retake, 0, parse_calls("1:pass 2:59 3:pass 0:60 2:65", retake), 0)
    for _ in range(10):
        hand = hand_of(rs, rng)
        seats = random_seats(rs, rng, 40)
        out = synthetic_outcomes(rs, 0, seats, rng)
        out.o_ok[:, 2, :] = False  # my partner (seat 2) is set wherever it plays; I make every contract
        out.me_ok[...], out.me_tot[...], out.me_base[...] = True, 150, 0.0
        ch = choose_call(took, out, hand, raise_partner="ceiling")  # the most willing raiser, held back
        assert ch.call is None and ch.allowed.tolist() == [True] + [False] * (len(ch.calls) - 1)
        assert set(ch.ruled[1:]) == {"partner-took-over"}
        # where the rule set lets partners retake the bid, the same figures take it back
        assert choose_call(state_retake, out, hand, raise_partner="ceiling").call is not None
