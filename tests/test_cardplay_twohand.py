"""Two-handed phase-1 card advice (``pinochle play --upcard``, :mod:`analyzer.twohand.position`,
:mod:`analyzer.cardplay.stock`): the position built from the written history is the engine's own state; the
sampled deals never contradict what was seen; the advised card is one of my moves; a card that is clearly best
ranks first; a rollout is the engine played step by step; bad input gets one line and exit 2."""

from __future__ import annotations

import copy
import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from twohand_game import TwoHandGame

from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.notation import parse_phase1
from analyzer.cardplay.request import PlayRequest
from analyzer.cardplay.stock import sampler
from analyzer.cards import from_planes
from analyzer.deal.rng import stream_seed
from analyzer.rules import load
from analyzer.twohand import deal_random
from analyzer.twohand import melding as M
from analyzer.twohand import policy as P
from analyzer.twohand import state as S
from analyzer.twohand.position import build_position, position_rollouts

RS = load("two-handed")
TH = P.POLICY_CODES[P.TH_VERSION]
NAMES = {S.A_DIX: "dix", S.A_RM: "rm", S.A_RUN: "run", S.A_RUNUP: "run", S.A_ACES: "aces", S.A_KINGS: "kings",
         S.A_QUEENS: "queens", S.A_JACKS: "jacks", S.A_PIN: "pinochle"}


def _meld_name(g, seat, act):
    typ, suit, n = act >> 4, (act >> 1) & 7, (act & 1) + 1
    name = f"marriage-{'SHDC'[suit]}" if typ == S.A_MAR else NAMES[typ]
    if typ == S.A_RUN and S.intact_record(g, seat, 0) >= 0:
        name = "new-run"  # a run of fresh cards beside an intact royal marriage
    return ("double-" if n == 2 else "") + name


def _game(seed, ntricks, lead=False, code=TH):
    """A random deal played by the policy ``code`` (both seats) through the engine's kernels, ``ntricks`` whole
    tricks (and the next lead with ``lead``), written down as ``pinochle play --played`` reads it."""
    hands, stock = deal_random(RS, 1, seed)
    dealer = seed % 2
    game = TwoHandGame.from_arrays(RS, hands, stock, dealer, 0, seed)
    g = game.g
    tricks = []

    def step():
        seat = int(g[S.C_TURN])
        if g[S.C_NTR] == 0 and g[S.C_MELDER] == seat:
            if M.may_exchange(g, seat):
                M.exchange(g, seat)
                tricks[-1][1].append("+dix")
            if M.may_meld(g, seat):
                act = int(P.th_meld_choice(g, seat)) if code == TH else int(P.naive_meld_choice(g, seat))
                if act >= 0:
                    tricks[-1][1].append("+" + _meld_name(g, seat, act))
                    M.meld_apply(g, seat, act)
        mv = int(P.choose_move(g, seat, code))
        if not tricks or len(tricks[-1][0]) == 2:
            tricks.append(([], []))
        tricks[-1][0].append(RS.deck.name(mv >> 2) + ("" if mv & 3 == 0 else f"*{mv & 3}"))
        S.play_move(g, mv)

    for _ in range(ntricks):
        step()
        step()
    if lead:
        step()
    return game, stock, dealer, " / ".join(" ".join(c + m) for c, m in tricks)


def _holding(g, seat):
    return [k for k in RS.deck.kinds for _ in range(int(S.hand_count(g, seat, k)) + int(S.table_count(g, seat, k)))]


def _position(seed, ntricks, lead, code=TH):
    game, stock, dealer, text = _game(seed, ntricks, lead, code)
    g = game.g
    me = int(g[S.C_TURN])
    pos = build_position(RS, me, 1 - dealer, int(stock[0, -1]), _holding(g, me), parse_phase1(text, RS))
    return game, text, me, pos


#: the parts of the state a player cannot see (the opponent's hand, the stock's order) and the random stream
def _hidden(opp):
    return set(range(S.G_H + S.MAXC * opp, S.G_H + S.MAXC * (opp + 1))) | set(range(S.G_STK, S.G_C)) | {S.C_RNG}


@pytest.mark.parametrize("seed", range(12))
def test_the_position_written_down_is_the_engines_state(seed):
    for code in (TH, P.POLICY_CODES["naive"]):
        game, text, me, pos = _position(seed, seed % 12, seed % 3 == 1, code)
        g = game.g
        skip = _hidden(1 - me)
        diff = [i for i in range(S.G_UN) if i not in skip and pos.g[i] != g[i]]
        assert diff == [], text
        # the unseen cards are the opponent's hidden hand and the face-down stock
        opp = 1 - me
        hidden = Counter(k for k in RS.deck.kinds for _ in range(int(S.hand_count(g, opp, k))))
        hidden.subtract(Counter(pos.known))
        hidden.update(int(g[S.G_STK + i]) for i in range(int(g[S.C_STOP]), int(g[S.C_SN]) - 1))
        assert Counter(pos.pool.tolist()) == +hidden
        assert pos.bottom == int(S.upcard(g))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 11), st.booleans())
# a marriage of clubs laid beside kings and queens around: its new card was the queen, not the first-named king
@example(seed=45643, ntricks=11, lead=True)
# a marriage of spades laid beside kings and queens around, its new card the second QS, played from the table later
@example(seed=16291, ntricks=7, lead=False)
def test_sampled_deals_never_contradict_what_was_seen(seed, ntricks, lead):
    game, stock0, dealer, text = _game(seed, ntricks, lead)
    g = game.g
    me, name = int(g[S.C_TURN]), RS.deck.name
    opp = 1 - me
    req = PlayRequest.make(RS, " ".join(name(k) for k in _holding(g, me)), seat=me, leader=1 - dealer,
                           upcard=name(int(stock0[0, -1])), played=text, samples=20, seed=seed)
    pos = req.phase1
    deals = sampler(req).sample(20, seed)
    seen = Counter()  # what my seat has seen: my cards, both tables, the cards played, the card face up
    for s in (0, 1):
        seen.update(name(k) for k in from_planes(pos.g[S.G_TP + S.MAXC * s: S.G_TP + S.MAXC * s + 2], RS.deck))
    seen.update(name(k) for k in from_planes(pos.g[S.G_PL: S.G_PL + 2], RS.deck))
    seen.update(name(k) for k in pos.trick)
    seen.update(name(k) for k in pos.hand_now())
    in_hand = sum(int(S.hand_count(g, opp, k)) for k in RS.deck.kinds)
    for i in range(len(deals)):
        opp_hand = Counter(name(k) for k in from_planes(deals.hands[i, opp], RS.deck))
        assert not from_planes(deals.hands[i, me], RS.deck)  # my cards are not dealt again
        stock = [name(int(k)) for k in deals.stock[i]]
        # the opponent holds the cards it is known to hold and as many as it has in hand; the stock is as long
        # as the one left and ends with the card face up under it
        assert not Counter(name(k) for k in pos.known) - opp_hand
        assert sum(opp_hand.values()) == in_hand
        assert len(stock) == pos.stock_left and stock[-1] == name(pos.bottom) == name(int(S.upcard(g)))
        # every card of the pack exactly as often as the deck has it: nothing seen is dealt again
        assert seen + opp_hand + Counter(stock[:-1]) + Counter([stock[-1]]) == Counter(
            {name(k): RS.deck.copies for k in RS.deck.kinds})


def test_a_meld_whose_new_card_is_not_named_is_read_as_the_cards_seen_allow():
    """Seat 0 lays kings and queens around, later a marriage of clubs: both its cards lie free on the table, so
    one new card comes from the hand, and "+marriage-C" does not say which. Here the king of clubs cannot be it
    (seat 1 played the other one and seat 0's kings hold the first): the position takes the queen."""
    game, stock0, dealer, text = _game(45643, 11, True)
    assert "+kings" in text and "+queens" in text and text.endswith("KC TC +marriage-C / JC")
    g = game.g
    me = int(g[S.C_TURN])
    pos = build_position(RS, me, 1 - dealer, int(stock0[0, -1]), _holding(g, me), parse_phase1(text, RS))
    kc, qc = (RS.deck.kinds[[RS.deck.name(k) for k in RS.deck.kinds].index(c)] for c in ("KC", "QC"))
    for s in (0, 1):
        assert int(S.table_count(pos.g, s, kc)) == int(S.table_count(g, s, kc))
        assert int(S.table_count(pos.g, s, qc)) == int(S.table_count(g, s, qc))


def test_two_ambiguous_melds_each_read_the_other_way(run_cli):
    """Seat 1 lays kings and queens around, then marriages of spades and of hearts beside them, and plays the second
    QS and QH from its table: both marriages took their queen from the hand, a reading only met by changing the
    first marriage's reading and replaying past it."""
    code, out, err = run_cli([
        "play", "--rules", "two-handed", "--seat", "0", "--leader", "1", "--upcard", "9D", "--samples", "30",
        "--play", "heuristic", "--hand", "TS TS TH TH TD TD TC TC JS JS JH JH", "--played",
        "AC 9S +kings / AC 9S +queens / AS 9H +marriage-S / QS* AS / JC QS* / 9H AH +marriage-H / QH* AH / JC QH*"])
    assert code == 0 and "Play " in out, err


def test_a_rollout_is_the_engine_played_step_by_step():
    for seed in range(6):
        game, text, me, pos = _position(seed, 2 * seed % 11, seed % 2 == 0)
        g = game.g
        opp = 1 - me
        opp_hand = g[S.G_H + S.MAXC * opp: S.G_H + S.MAXC * opp + 2].copy()[None]
        stock = np.array([[g[S.G_STK + i] for i in range(int(g[S.C_STOP]), int(g[S.C_SN]))]], dtype=np.int64)
        r = position_rollouts(pos, opp_hand, stock, P.pack((TH, TH)), 5, np.array([3]))
        for j, mv in enumerate(pos.moves):
            step = copy.copy(game)  # the same game, step by step through its API, the policy deciding
            step.g = g.copy()
            step.g[S.C_RNG] = stream_seed(5, 3)
            step.play(RS.deck.name(mv >> 2), False if mv & 3 == 0 else (mv & 3) - 1)
            while step.stage in ("phase 1", "last card", "final meld"):
                step.policy_step(P.TH_VERSION)
            assert [step.meld_score(s) for s in (0, 1)] == list(r.meld[0, j])
            assert [int(step.g[S.C_PTS + s]) for s in (0, 1)] == list(r.pts1[0, j])
            assert [int(step.g[S.C_TRK + s]) for s in (0, 1)] == list(r.trk1[0, j])
            assert step.turn == int(r.lead2[0, j])
            for s in (0, 1):
                assert sorted(step.hand(s)) == sorted(RS.deck.name(k) for k in from_planes(r.hands2[0, j, s], RS.deck))


def _request(hand, played, seat=0, leader=1, upcard="9H", **kw):
    return PlayRequest.make(RS, hand, seat=seat, leader=leader, upcard=upcard, played=played, **kw)


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_the_advised_card_is_one_of_my_moves(seed):
    game, stock0, dealer, text = _game(seed, 3 * seed % 12, seed % 2 == 1)
    g = game.g
    me = int(g[S.C_TURN])
    req = _request(" ".join(RS.deck.name(k) for k in _holding(g, me)), text, seat=me, leader=1 - dealer,
                   upcard=RS.deck.name(int(stock0[0, -1])), samples=40, seed=seed, play="heuristic")
    adv = advise_card(req)
    moves = {n for n, _ in game.moves()}
    named = {ln.card.rstrip("*12") for ln in adv.lines}
    assert named == moves  # every card I hold, in hand or melded (no duty to follow in phase 1)
    assert len(adv.lines) == len(req.phase1.moves) and adv.best == adv.lines[0].card
    assert adv.action == "play" and all(ln.behind.mean >= 0 for ln in adv.lines[1:])
    d = adv.to_dict()
    assert d["phase"] == 1 and d["deals"] == 40 and d["best"] == d["cards"][0]["card"]


#: the last trick of phase 1 (one face-down card and the face-up one left): the opponent leads 9S; I hold a run
#: of trump in hand. Taking the trick with AS leaves me the last meld (the run) and the last-card choice; a trump
#: of the run takes it too but breaks the run; anything else gives the trick, the last meld, to the opponent.
LAST_TRICK = ("AD JD / AD JD / TD QD / TD QD / AC QC / AC QC / TC KC / TC KC / KD QS / KD QS / AS JS / 9S")


def test_a_card_that_is_clearly_best_ranks_first():
    req = _request("AH TH KH QH JH AS 9C 9C JC JC 9D 9D", LAST_TRICK, samples=60, seed=2, play="heuristic")
    adv = advise_card(req)
    assert adv.best == "AS"
    assert all(ln.behind.lo > 5 for ln in adv.lines[1:])  # every other card is behind beyond the noise
    junk = [ln for ln in adv.lines if ln.card[0] in "9J" and ln.card[1] in "CD"]
    assert all(ln.behind.lo > 20 for ln in junk)  # giving the trick gives the opponent the last meld too


def test_a_melded_copy_is_its_own_move_and_the_history_keeps_the_table():
    hand = "KH QH AH TH 9S 9S JS 9D 9D JC 9C QC"
    # seat 0 leads AS and takes seat 1's TS, lays a royal marriage (KH QH), leads JD: seat 1 to follow
    pos = _request(hand, "AS TS +rm / JD", seat=1, leader=0, samples=30, play="heuristic").phase1
    assert sorted(c.card for c in pos.table[0]) == ["KH", "QH"] and pos.table[1] == ()
    assert pos.score(0) == (4, 4) and pos.score(1) == (0, 0) and pos.trick == (RS.deck.kind(2, "J"),)
    assert not pos.melder_open and pos.need == 12 - 1 - 2 and pos.stock_left == 22
    # seat 1 takes seat 0's TS with AS and lays a royal marriage: seat 1 to lead
    req = _request(hand, "TS AS +rm", seat=1, leader=0, samples=30, play="heuristic")
    pos = req.phase1
    assert sorted(c.card for c in pos.table[1]) == ["KH", "QH"] and pos.score(1) == (4, 4)
    assert "KH*" in pos.names and "QH*" in pos.names and "KH" not in pos.names  # my only KH lies on the table
    assert not pos.melder_open  # the turn's meld is made
    adv = advise_card(req)
    assert {ln.card for ln in adv.lines} == set(pos.names) and len(pos.names) == 10  # 9S, 9D twice
    # won without a meld: the meld window is still open, and the advice says so
    req = _request(hand, "TS AS", seat=1, leader=0, samples=30, play="heuristic")
    assert req.phase1.melder_open and any("have not melded" in n for n in advise_card(req).notes)


PHASE1 = ["--rules", "two-handed", "--leader", "1", "--upcard", "9H"]


@pytest.mark.parametrize("args, words", [
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AS AS / AS"], "seen more often"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AS XX"], "'XX'"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D", "--played", "AD"], "you hold 12 cards"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD / KD"], "trick 1 has 1 card"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD KD* / QD"], "no melded KD"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD 9S +aces +kings / QD"], "one meld a turn"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD 9S +dix +rm +pinochle / QD"], "one meld a turn"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD 9S +marriage-H / QD"], "cannot meld"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD +rm"], "must follow a whole trick"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD 9S +fish / QD"], "unknown meld"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "9S AS +pinochle"], "not among your cards"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D"], "seat 1's turn"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD", "--trump", "S"], "not the upcard's suit"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", "AD", "--shown", "1:QS JD"], "leave out --shown"),
    (["--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", LAST_TRICK.replace(" / 9S", " / 9S 9D / QD")],
     "phase 1 is over"),
])
def test_bad_input_gets_one_line_and_exit_2(run_cli, args, words):
    code, _, err = run_cli(["play", *PHASE1, "--seat", "0", *args])
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len([ln for ln in lines if ln.startswith("pinochle: error:")]) == 1 and "Traceback" not in err
    assert words in err, err


def test_the_upcard_i_took_in_the_dix_exchange_is_among_my_cards(run_cli):
    """I won the first trick and exchanged my 9C for the upcard QC: my cards now hold QC, or I played it since."""
    args = ["play", "--rules", "two-handed", "--seat", "0", "--leader", "0", "--upcard", "QC", "--samples", "30",
            "--play", "heuristic", "--played", "AS 9S +dix"]
    code, _, err = run_cli([*args, "--hand", "AS TS KS QS JD AH KH QH TC KC 9C JC"])
    assert code == 2 and "you took QC in the dix exchange" in err, err
    code, out, err = run_cli([*args, "--hand", "AS TS KS QS JD AH KH QH TC KC QC JC"])
    assert code == 0 and "Play " in out, err
    code, out, err = run_cli([*args[:-1], "AS 9S +dix / QC 9D", "--hand", "AS TS KS QS JD AH KH QH TC KC 9H JC"])
    assert code == 0 and "Play " in out, err  # QC played since


def test_upcard_is_refused_without_a_stock(run_cli):
    code, _, err = run_cli(["play", "--rules", "auction", "--hand", "AH TH KH KH QH JH 9H AS QS JD AC TC", "--seat",
                            "0", "--declarer", "0", "--upcard", "9H"])
    assert code == 2 and "deals every card" in err


def test_pinochle_play_phase1_json_and_table(run_cli):
    args = ["play", *PHASE1, "--seat", "0", "--hand", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D", "--played", LAST_TRICK,
            "--samples", "30", "--play", "heuristic", "--seed", "4"]
    code, out, err = run_cli([*args, "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert d["best"] == "AS" == d["cards"][0]["card"] and d["stock_left"] == 2 and d["trick"] == ["9S"]
    code, out, err = run_cli(args)
    assert code == 0, err
    assert "Play AS." in out and "phase 1" in out


def test_each_deal_depends_on_the_seed_and_its_index_alone():
    from analyzer.cardplay.stock import value_stock_moves

    hand, played = "KH QH AD TD QD AC TC JC KS QS 9D JH", "9S AS +dix / JD AD +marriage-H / 9H TH +pinochle / KD"
    kw = dict(seat=0, leader=0, upcard="QC", play="heuristic")
    a = value_stock_moves(_request(hand, played, samples=20, seed=5, **kw))
    b = value_stock_moves(_request(hand, played, samples=40, seed=5, **kw))
    assert np.array_equal(a.diff, b.diff[:20])  # deal i: the same cards and the same rollouts
    c = value_stock_moves(_request(hand, played, samples=20, seed=6, **kw))
    assert not np.array_equal(a.diff, c.diff)
    assert a.diff.shape == (20, 12) and np.array_equal(a.diff, a.mine - a.theirs)


@pytest.mark.slow  # 270 phase-2 positions solved: 12 s warm on a shared 2-core machine
def test_with_phase_2_solved_the_clearly_best_card_still_ranks_first():
    adv = advise_card(_request("AH TH KH QH JH AS 9C 9C JC JC 9D 9D", LAST_TRICK, samples=30, seed=2, play="dd"))
    assert adv.values.phase2 == "exact" and adv.best == "AS"
    assert all(ln.behind.lo > 5 for ln in adv.lines[1:])
