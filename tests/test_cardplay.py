"""Which card now (``pinochle play``, :func:`analyzer.cardplay.advise.advise_card`): the advised card is legal at
every point of a hand of every game, for declarers and defenders; where everything is known the advice is the
solver's best card and its values are the solver's; a card that makes the contract ranks above one that does
not; the rollout kernel plays what the engine, step by step, plays; bad input gets one line and exit 2."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analyzer.cardplay.advise import MIN_DEALS, advise_card
from analyzer.cardplay.kernel import rollout_range
from analyzer.cardplay.request import PlayRequest
from analyzer.cardplay.values import legal_now
from analyzer.cards import SUITS, Hand, from_planes
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.play import play_deal
from analyzer.play.engine import CTL_LEFT, S_POINTS, alloc_state, play, reset_state
from analyzer.play.playout import pack_policies, policy_codes
from analyzer.play.policy import v1_move
from analyzer.rules import load
from analyzer.rules.lowered import first_lead_trump, side_mask, trick_params
from analyzer.solve import make_position, solve_position

GAMES = ["auction", "double-deck", "luxury-family", "two-handed"]


def _game(rid, seed, k, show_all=False, bid=0):
    """A deal of ``rid`` played ``k`` cards by policy v1; the request of the seat to play then (the declarer
    leads; two-handed: seat 0 leads phase 2), with every other seat's whole hand shown when ``show_all``."""
    rs = load(rid)
    hands = random_deals(rs, 1, seed=seed, stock=False).hands[0]
    trump = seed % 4
    declarer = seed % rs.seats
    rec = play_deal(rs, hands, trump, declarer, declarer, policy="v1", seed=seed, bid=bid)
    cards = rec.cards[:k]
    me = int(rec.cards[k, 0])
    played = " ".join(rs.deck.name(int(c)) for _, c in cards)
    hand = " ".join(rs.deck.name(x) for x in from_planes(hands[me], rs.deck))
    shown = None
    if show_all:
        shown = {}
        for s in range(rs.seats):
            if s != me:  # the whole hand at the first lead shown: its cards now are known exactly
                shown[s] = " ".join(rs.deck.name(x) for x in from_planes(hands[s], rs.deck))
    kw = {"declarer": declarer, "bid": bid} if rs.has_bidding else {"leader": declarer}
    return rs, hands, trump, declarer, rec, me, PlayRequest.make(rs, hand, seat=me, trump=SUITS[trump],
                                                                shown=shown, played=played, **kw)


@pytest.mark.parametrize("rid", GAMES)
def test_the_advised_card_is_legal_at_every_point_of_a_hand(rid):
    rs = load(rid)
    total = rs.seats * rs.hand_size
    for seed, k in enumerate([0, 1, rs.seats + 2, total // 2, total - rs.seats - 1, total - 2, total - 1]):
        _, _, _, _, _, _, req = _game(rid, seed, k)
        adv = advise_card(PlayRequest(**{**req.__dict__, "samples": 40, "play": "heuristic"}))
        legal = {rs.deck.name(x) for x in legal_now(req.seen)}
        assert {ln.card for ln in adv.lines} == legal
        assert adv.best in legal and adv.lines[0].card == adv.best
        assert adv.action in ("play", "only")
        # the best card is never behind another by the advice's own figures
        assert all(ln.behind.mean >= 0 for ln in adv.lines[1:])


def test_the_solver_is_tried_only_within_the_rule_sets_horizon():
    """Double deck's ``[advice] play_dd_tricks_left`` (12): with more tricks left every deal is valued by rollouts
    at once, and the note says why; from it on the solver is tried (and one legal card is solved too, a chunk at a
    time like the others)."""
    rs = load("double-deck")
    k_left = rs.advice.play_dd_tricks_left
    assert 0 < k_left < rs.hand_size
    early = _game("double-deck", 5, 4)[-1]  # 19 tricks left
    adv = advise_card(PlayRequest(**{**early.__dict__, "samples": 30, "play": "dd"}))
    assert adv.values.tried == 0 and not adv.values.solved.any()
    assert any("play_dd_tricks_left" in n and "19 tricks are left" in n for n in adv.notes), adv.notes
    late = _game("double-deck", 5, rs.seats * (rs.hand_size - 4))[-1]  # 4 tricks left: every deal solves
    adv = advise_card(PlayRequest(**{**late.__dict__, "samples": 30, "play": "dd"}))
    assert adv.values.tried == 30 and adv.values.solved.all()
    assert not any("play_dd_tricks_left" in n for n in adv.notes)
    last = _game("double-deck", 5, rs.seats * rs.hand_size - 1)[-1]  # the last card: one legal card
    adv = advise_card(PlayRequest(**{**last.__dict__, "samples": 30, "play": "dd"}))
    assert adv.action == "only" and adv.values.solved.all() and adv.values.tried == 30


@pytest.mark.parametrize("rid", GAMES)
def test_with_every_card_known_the_advice_is_the_solvers_best_card(rid):
    rs = load(rid)
    total = rs.seats * rs.hand_size
    for seed in range(3):
        k = total - rs.seats * (3 if rid != "double-deck" else 2) + seed
        _, hands, trump, declarer, rec, me, req = _game(rid, seed, k, show_all=True)
        adv = advise_card(req)
        assert adv.values.fixed and adv.values.solved.all()
        assert "valued double dummy (exact)" in adv.notes and not any(" on all " in n for n in adv.notes)
        # the true position, solved directly
        now = hands.copy()
        for seat, c in rec.cards[:k]:
            for p in range(rs.deck.copies - 1, -1, -1):
                if (int(now[seat, p]) >> int(c)) & 1:
                    now[seat, p] &= ~(np.int64(1) << int(c))
                    break
        trick = [int(c) for _, c in rec.cards[k - k % rs.seats:k]]
        leader = int(rec.cards[k - k % rs.seats, 0]) if k % rs.seats else me
        pos = make_position(rs, now, trump, leader, req.record.declarer, trick, 0)
        res = solve_position(rs, pos, all_cards=True, lines=False)
        so_far = sum(int(req.seen.points[s]) for s in range(rs.seats) if (side_mask(rs, req.record.declarer) >> s) & 1)
        sign = 1 if adv.declaring else -1
        best = max(sign * v for v in res.card_values.values())
        assert sign * res.card_values[rs.deck.cards_kind(adv.best) if hasattr(rs.deck, "cards_kind") else
                                      _kind(rs, adv.best)] == best
        for j, kd in enumerate(adv.values.cards):
            assert adv.values.decl[0, j] == so_far + res.card_values[kd]


def _kind(rs, name):
    return Hand.parse(name, rs.deck).kinds[0]


def test_a_card_that_makes_the_bid_ranks_above_one_that_does_not():
    # search open auction positions (every card known) where the declaring side's cards differ in value, and
    # set the bid between two of them: the card that makes ranks first however the points compare
    found = 0
    for seed in range(40):
        rs, hands, trump, declarer, rec, me, req = _game("auction", seed, 36, show_all=True)
        if me not in rs.sides[rs.side_of(declarer)]:
            continue
        v = advise_card(req).values
        vals = sorted(set(int(x) for x in v.decl[0]))
        if len(vals) < 2:
            continue
        meld = 0
        bid = vals[-1]  # only the best cards reach it
        req2 = PlayRequest(**{**req.__dict__, "record": req.record.__class__(**{**req.record.__dict__, "bid": bid}),
                              "side_meld": meld})
        adv = advise_card(req2)
        assert adv.criterion == "net"
        assert adv.lines[0].make.p == 1.0
        assert all(ln.make.p == 0.0 for ln in adv.lines if ln.points.mean < vals[-1])
        found += 1
    assert found >= 3


def test_the_rollout_kernel_plays_what_the_engine_plays_step_by_step():
    rs = load("double-deck")
    hands = random_deals(rs, 6, seed=5, stock=False).hands
    trump, leader, declarer = 2, 1, 1
    for i in range(6):
        rec = play_deal(rs, hands[i], trump, leader, declarer, policy="random", seed=i)
        k = 9
        by = rec.cards[:k, 0].astype(np.int64)
        kinds = rec.cards[:k, 1].astype(np.int64)
        now = hands[i].copy()
        for s, c in zip(by, kinds, strict=True):
            for p in range(rs.deck.copies - 1, -1, -1):
                if (int(now[s, p]) >> int(c)) & 1:
                    now[s, p] &= ~(np.int64(1) << int(c))
                    break
        cands = np.array([int(rec.cards[k, 1])], dtype=np.int64)
        pts = np.zeros((1, 1, rs.seats), dtype=np.int64)
        trk = np.zeros_like(pts)
        first = int(first_lead_trump(rs, 0, leader, declarer))
        rollout_range.batch(1, now[None], by, kinds, cands, trick_params(rs), np.int64(trump), np.int64(leader),
                            np.int64(declarer), np.int64(side_mask(rs, declarer)), np.int64(first),
                            np.int64(pack_policies(policy_codes(rs, "v1"))), np.int64(7), np.array([i], dtype=np.int64),
                            pts, trk)
        # the same in Python, one engine call at a time
        from analyzer.deal.rng import stream_seed
        st = alloc_state(trick_params(rs))
        reset_state(st, hands[i], trump, leader, declarer, side_mask(rs, declarer), first, stream_seed(7, i))
        for c in list(kinds) + [int(cands[0])]:
            play(st, int(c))
        while st[CTL_LEFT] > 0:
            play(st, v1_move(st))
        assert list(pts[0, 0]) == [int(x) for x in st[S_POINTS:S_POINTS + rs.seats]]


def test_too_few_deals_name_no_card():
    _, _, _, _, _, _, req = _game("auction", 3, 5)
    adv = advise_card(PlayRequest(**{**req.__dict__, "samples": MIN_DEALS - 1, "play": "heuristic"}))
    assert adv.action == "too-few" and adv.best is None and len(adv.lines) > 1




AUCTION = ["--rules", "auction", "--hand", "AH TH KH KH QH JH 9H AS QS JD AC TC", "--trump", "H", "--declarer", "0",
           "--bid", "25"]


@pytest.mark.parametrize("args, words", [
    (["--seat", "0", "--played", "AD"], "you do not hold it"),
    (["--seat", "0", "--played", "AS 9S TS KS / AS"], "you do not hold it (any more)"),  # my one AS, twice
    (["--seat", "0", "--played", "AS 9S TS KS / JD QD KD AD / 9C AH"], "not a legal card"),  # clubs held
    (["--seat", "1", "--played", "AS AS AS"], "seen 3 times"),
    (["--seat", "0", "--played", "AS 9S / TS"], "trick 1 has 2 cards"),
    (["--seat", "0", "--played", "AS XX"], "card 2"),
    (["--seat", "1"], "seat 0's turn"),
    (["--seat", "7"], "out of range"),
    # seat 2 showed out of spades at card 3, then plays one; seat 2 showed a spade, then showed out of spades
    (["--seat", "0", "--played", "AS 9S AD JS / QS 9S KS"], "card 7, KS by seat 2: with it in its hand, its play"),
    (["--seat", "0", "--shown", "2:KS QS", "--played", "AS 9S AD JS"], "seat 2 showed QS and has not played it"),
    (["--seat", "0", "--bid", "5", "--declarer", "0"], "--bid 5 is not on the auction ladder of bids (15 is"),
    (["--seat", "0", "--leader", "1"], "the declarer (seat 0) leads the first trick, not seat 1: leave out --leader"),
    # nobody showed the other 9H (a dix): read as whole melds, no seat holds it
    (["--seat", "0", "--shown", "1:KS QS", "--whole-meld"], "no deal of the unseen cards fits what was seen"),
    (["--seat", "0", "--shown", "1:KS QS", "--whole-meld", "--played", "AC JD"],  # JD: a pinochle with QS
     "seat 1 played JD: with them the cards it showed make"),
    (["--seat", "0", "--shown", "2:9H", "--whole-meld", "--played", "AC KD 9C JC / TC QD 9C KC"],  # seat 1: KD QD
     "seat 1 played QD KD: with them the cards it showed make 2 meld, not 0"),
    (["--seat", "0", "--bid", "14", "--declarer", "1"], "--bid 14 is not on the auction ladder of bids (15 is;"),
    (["--seat", "0", "--declarer", "0", "--bid", "0", "--meld", "30"], "--meld is the declaring side's meld for"),
])
def test_bad_input_gets_one_line_and_exit_2(run_cli, args, words):
    contract = [] if "--bid" in args else AUCTION[-4:]
    code, _, err = run_cli(["play", *AUCTION[:-4], *args, *contract])
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len([ln for ln in lines if ln.startswith("pinochle: error:")]) == 1 and "Traceback" not in err
    assert words in err


def test_pinochle_play_json_answers_and_ranks_the_best_first(run_cli):
    code, out, err = run_cli(["play", *AUCTION, "--seat", "0", "--samples", "40", "--play", "heuristic", "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert d["action"] == "play" and d["best"] == d["cards"][0]["card"]
    assert d["rollouts"] == 40 and d["deals"] == 40
    with pytest.raises(UserError):
        PlayRequest.make(load("auction"), "AH", seat=0, trump="H", declarer=0)


def test_the_text_output_prints_the_librarys_words_as_they_are(run_cli):
    """Text with brackets (``[advice] play_dd_tricks_left``) once vanished: the console read it as rich markup."""
    code, out, err = run_cli(["play", *AUCTION, "--seat", "0", "--samples", "30"])  # the first lead: rollouts
    assert code == 0, err
    assert "the rule set's [advice] play_dd_tricks_left" in out and "Play " in out


def test_duplicate_play_is_paired_and_reproducible():
    from analyzer.cardplay.duplicate import ROLES, duplicate_rows

    rs = load("two-handed")  # phase 2 is open: every decision is one exact solve (quick)
    rows = duplicate_rows(rs, 4, 2, seed=3, samples=30)
    assert [r["role"] for r in rows] == list(ROLES) and [r["deal"] for r in rows] == [4, 5]  # roles alternate
    deals = random_deals(rs, 2, seed=3, start=4, stock=False).hands
    pts = rs.points_by_kind
    for d, r in zip(deals, rows, strict=True):
        total = sum(int(pts[k]) for s in range(rs.seats) for k in from_planes(d[s], rs.deck)) + rs.last_trick
        assert 0 <= r["v1"] <= total and 0 <= r["sampler"] <= total and r["decisions"] == rs.hand_size
        assert r["rollouts"] == 0  # every card known: the solver values every deal
    again = duplicate_rows(rs, 5, 1, seed=3, samples=30)  # a deal's play depends on its index alone
    assert [(r["v1"], r["sampler"]) for r in again] == [(r["v1"], r["sampler"]) for r in rows[1:]]


def test_the_auctions_clues_hold_on_the_hands_the_auction_was_bid_on():
    from analyzer.bidding.inference import evidence
    from analyzer.cardplay.kernel import holdings_at_start
    from analyzer.cardplay.values import _sample

    rs = load("auction")
    req = PlayRequest.make(rs, "AH TH KH KH QH JH 9H AS QS JD AC TC", seat=0, trump="H", dealer=3,
                           auction="0:16 1:pass 2:20 3:pass", played="KS 9S", samples=60)
    assert (req.record.declarer, req.record.bid) == (2, 20)  # the contract follows from the auction
    _, deals, level, words = _sample(req)
    assert level == "clues" and any("seat 2 bid 20" in w for w in words)
    ev = evidence(rs, 3, list(req.calls), 0)
    start = holdings_at_start(deals.hands, req.seen.by, np.array(req.record.plays, dtype=np.int64))
    assert ev.accept_hard(start).all()  # seat 2's meld signal holds on every deal, on its hand before the play
    # without the auction the same deals are not so constrained
    free = PlayRequest.make(rs, "AH TH KH KH QH JH 9H AS QS JD AC TC", seat=0, trump="H", declarer=2, bid=20,
                            played="KS 9S", samples=60)
    _, fdeals, flevel, _ = _sample(free)
    fstart = holdings_at_start(fdeals.hands, free.seen.by, np.array(free.record.plays, dtype=np.int64))
    assert flevel == "none" and not ev.accept_hard(fstart).all()
    with pytest.raises(UserError, match="contradicts the auction"):
        PlayRequest.make(rs, "AH TH KH KH QH JH 9H AS QS JD AC TC", seat=0, trump="H", dealer=3, declarer=1,
                         auction="0:16 1:pass 2:20 3:pass")
    with pytest.raises(UserError, match="not over"):
        PlayRequest.make(rs, "AH TH KH KH QH JH 9H AS QS JD AC TC", seat=0, trump="H", dealer=3, auction="0:16")


def test_the_contract_need_is_said_in_words(run_cli):
    """The points the declaring side needs, and a bid it cannot make for want of meld (double deck: a contract
    needs 20 meld; RULES.md), in the JSON's words the table and the page print."""
    code, out, err = run_cli(["play", *AUCTION, "--seat", "0", "--samples", "30", "--play", "heuristic", "--json"])
    d = json.loads(out)
    assert code == 0 and d["need"] == "the declaring side needs 5 points from tricks to make 25 (meld 20)", err
    hand = "AD TD KD QD JD AS AS TS KS QS JS JS AC TC KC QC JC JC AD TD"
    code, out, err = run_cli(["play", "--rules", "double-deck", "--hand", hand, "--seat", "1", "--declarer", "0",
                              "--bid", "55", "--trump", "H",
                              "--played", "KC", "--samples", "30", "--play", "heuristic"])
    assert code == 0 and "cannot make 55: its meld, 0, is under the 20 a contract needs" in out, err


def test_too_few_deals_with_whole_melds_says_what_to_leave_out(run_cli):
    """Double deck, nobody showed any meld and the cards shown are read as whole melds: hardly a twenty-card hand
    has no meld, so too few deals fit, and the one line says to leave out the reading."""
    hand = "AD TD KD QD JD AS AS TS KS QS JS JS AC TC KC QC JC JC AD TD"
    code, _, err = run_cli(["play", "--rules", "double-deck", "--hand", hand, "--seat", "1", "--declarer", "0",
                            "--bid", "50", "--trump", "H", "--played", "KC", "--whole-meld", "--samples", "1",
                            "--play", "heuristic"])
    assert code == 2 and err.strip().endswith("leave out --whole-meld") and "too few deals" in err, err
