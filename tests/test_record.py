"""Hand records (analyzer.record): hands played by the engine written, read back equal (text and JSON), the result
against the one scoring, two-handed's phase 1, ``pinochle play --record`` read back to the same position, and bad
records refused with one line naming the line."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twohand_game import TwoHandGame

from analyzer.api import play_request, read_records, record_of_play, write_record
from analyzer.arena.core import deal_cards
from analyzer.arena.records import played_record
from analyzer.bidding.auction import Auction
from analyzer.cards import card_names, from_planes
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.record.play import card_steps, hand_result, play_values
from analyzer.record.text import to_json, to_text
from analyzer.rules import load
from analyzer.score import score_hand, scoring_units

GAMES = ("auction", "double-deck", "luxury-family")


def engine_hand(rules_id: str, seed: int, trump: int) -> tuple[str, dict]:
    """A hand dealt from ``seed``, its auction (the first to call bids the least, the rest pass), played out by the
    heuristic players (:func:`analyzer.arena.records.played_record`): the record's text (every hand, the result by
    the engine's points and the one scoring) and the engine's figures."""
    rules = load(rules_id)
    hands = deal_cards(rules, seed, np.array([0]))[0]
    dealer = seed % rules.seats
    a = Auction(rules, dealer)
    while not a.done:
        a.call(a.turn, None if a.calls else a.min_bid)
    rec, d = played_record(rules, hands, dealer, a.calls, trump, seed=seed, index=0)
    decl, bid = int(a.winner), int(a.contract)
    meld = meld_batch(hands, rules)[:, trump].astype(np.int64)
    sc = score_hand(rules, meld[None], np.asarray(d.points, dtype=np.int64)[None],
                    np.asarray(d.tricks, dtype=np.int64)[None], decl, bid)[0]
    result = [int(sc[u[0]]) for u in scoring_units(rules)]
    names = [rules.deck.name(int(k)) for k in d.cards[:, 1]]
    text = to_text(replace(rec, result=tuple(result)))
    return text, {"hands": hands, "cards": d.cards, "decl": decl, "bid": bid, "result": result, "names": names,
                  "dealer": dealer}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), trump=st.integers(0, 3), cut=st.integers(0, 80))
def test_engine_hands_round_trip_and_score_as_the_engine(game, seed, trump, cut):
    text, eng = engine_hand(game, seed, trump)
    rec = read_records(text)[0]
    assert hand_result(rec) == tuple(eng["result"])  # the record's scoring is the engine's
    assert read_records(to_text(rec))[0] == rec
    assert read_records(json.dumps(to_json(rec)))[0] == rec
    assert to_text(read_records(to_text(rec))[0]) == to_text(rec)
    # a hand in progress seen from one seat: my hand only, the tricks so far
    rules = rec.rules
    k = cut % (rules.seats * rules.hand_size)
    lines = [ln for ln in text.splitlines() if not ln.startswith(("hand", "played", "result"))]
    part = "\n".join(lines + [f"hand {rec.seat}: {' '.join(rules.deck.name(x) for x in rec.hands[rec.seat])}",
                              "played: " + " ".join(eng["names"][:k])])
    mine = read_records(part)[0]
    assert read_records(to_text(mine))[0] == mine
    steps = card_steps(mine)
    assert [s.index for s, _ in steps] == [i for i in range(k) if int(eng["cards"][i, 0]) == rec.seat]


def test_a_result_that_is_not_the_hands_is_refused_naming_its_line():
    text, eng = engine_hand("auction", 5, 1)
    r = eng["result"]
    wrong = text.replace(text.splitlines()[-1], f"result: {r[0] + 1:+d} {r[1]:+d}")
    assert wrong != text
    with pytest.raises(UserError, match=r"^line 12 \(result\): the hand scores"):
        read_records(wrong)


BAD = [  # (a change to the record, the start of the one line that refuses it)
    (("hand 1: AS", "hand 1: XS"), r"^line 6 \(hand 1\): "),
    (("calls: ", "calls: 2:pass "), r"^line 9 \(calls\): "),
    (("trump: ", "trump: Z\n#"), r"^line 10 \(trump\): give the trump suit"),
    (("seat: ", "sat: "), r"^line 4: unknown field 'sat'"),
    (("dealer: ", "dealer: 7\n#"), r"^line 3 \(dealer\): give a whole number 0..3"),
]


@pytest.mark.parametrize("change,message", BAD)
def test_bad_records_get_one_line_naming_the_line(change, message):
    text, _ = engine_hand("auction", 11, 2)
    bad = text.replace(*change, 1)
    assert bad != text
    with pytest.raises(UserError, match=message) as e:
        read_records(bad)
    assert "\n" not in str(e.value)


def test_a_card_its_seat_may_not_play_is_refused_naming_the_played_line():
    text, eng = engine_hand("auction", 3, 0)
    names = eng["names"]
    rules = load("auction")
    # swap the second card for another card of its seat that does not follow: a revoke the replay catches
    hands = {s: card_names(from_planes(eng["hands"][s], rules.deck), rules.deck) for s in range(4)}
    led = names[0][-1]
    seat = int(eng["cards"][1, 0])
    other = [c for c in hands[seat] if c[-1] != led and c not in names[1:4]]
    if names[1][-1] != led or not other:
        pytest.skip("this deal has no revoke to make at the second card")
    bad = text.replace(f"played: {names[0]} {names[1]}", f"played: {names[0]} {other[0]}", 1)
    with pytest.raises(UserError, match=r"^line 11 \(played\): "):
        read_records(bad)


def test_the_cli_refuses_a_bad_record_with_one_line_and_exit_2(cli_refuses, tmp_path):
    p = tmp_path / "hand.txt"
    p.write_text("rules: auction\nseat: 1\nhand 1: AS AS\n", encoding="utf-8")
    assert cli_refuses(["review", str(p)]) == ("line 3 (hand 1): wrong hand size: auction hands have 12 cards, this "
                                               "one has 2 ('AS AS')")


PLAYS = [
    {"rules": "auction", "hand": "AH TH KH KH QH JH 9H AS QS JD AC TC", "seat": 0, "declarer": 0, "bid": 25,
     "trump": "H", "played": "AS 9S TS KS / AH 9H JH QH"},
    {"rules": "auction", "hand": "AS AS TS KD QD JD 9D AC KC QC JC 9C", "seat": 0, "auction": "1:16 2:pass 3:18 0:pass",
     "dealer": 0, "trump": "H", "shown": ["3:AH TH KH QH JH"], "played": "AH"},
    {"rules": "double-deck", "hand": "AS AS TS QS JS AH TH QH JH JH KD JD JD AC AC TC KC QC QC JC", "seat": 1,
     "declarer": 1, "bid": 60, "trump": "C", "score": "430-380", "dealer": 0},
    {"rules": "luxury-family", "hand": "AS TS KS QS JS 7S AH TH KH QH JH AD TD KD AC TC", "seat": 2, "declarer": 0,
     "bid": 120, "trump": "S", "played": "AD 7D"},
    {"rules": "two-handed", "seat": 0, "leader": 0, "upcard": "QC", "hand": "KH QH AD TD QD AC TC JC KS QS 9D JH",
     "played": "9S AS +dix / JD AD +marriage-H / 9H TH +pinochle / KD"},
    {"rules": "two-handed", "seat": 1, "leader": 0, "trump": "C", "hand": "AS TS KS QS JS 9S AH TH KH QH JH 9H",
     "shown": ["0:AD TD KD QD JD 9D AC TC KC QC JC 9C"], "played": "AD"},
]


@pytest.mark.parametrize("values", PLAYS, ids=lambda v: v["rules"])
def test_play_record_reads_back_to_the_same_position(values, tmp_path):
    req = play_request(values, "cli")
    rec = record_of_play(values, "cli")
    for name in ("hand.txt", "hand.json"):
        path = tmp_path / name
        write_record(rec, path)
        back = read_records(path.read_text(encoding="utf-8"))[0]
        assert back == rec
        again = play_request({"rules": values["rules"], **play_values(back)}, "json")
        if req.phase1 is not None:
            assert again.phase1.names == req.phase1.names and np.array_equal(again.phase1.g, req.phase1.g)
        else:
            assert again.record == req.record and again.game == req.game and again.calls == req.calls


def _two_handed_hand(seed: int) -> str:
    """A two-handed hand played through the step kernels, every card from the hand, the first move listed, no meld
    (the winner of the last draws takes the face-up card): its record with both hands, both players' draws and
    phase 2."""
    rules = load("two-handed")
    deck = rules.deck
    rng = np.random.default_rng(seed)
    cards = [k for k in deck.kinds for _ in range(deck.copies)]
    rng.shuffle(cards)
    h0, h1, up = cards[:12], cards[12:24], cards[24]
    game = TwoHandGame(rules, (card_names(h0, deck), card_names(h1, deck)), deck.name(up), dealer=1)
    draws = {0: [], 1: []}
    tricks, p2 = [], []
    while game.stage == "phase 1":
        before = {s: list(game.hand(s)) for s in range(2)}
        t = []
        for _ in range(2):
            who = game.turn
            card = next(c for c, src in game.moves() if src == -1)
            t.append(card)
            before[who].remove(card)
            game.play(card)
        if game.stage == "last card":
            game.take_last(True)
        for s in range(2):
            after = list(game.hand(s))
            for c in before[s]:
                after.remove(c)
            draws[s] += after
        tricks.append(" ".join(t))
    game.end_phase1()
    while game.stage == "phase 2":
        card = game.moves()[0][0]
        p2.append(card)
        game.play(card)
    return "\n".join([
        "rules: two-handed", "seat: 0", "leader: 0", f"upcard: {deck.name(up)}",
        f"hand 0: {' '.join(card_names(h0, deck))}", f"hand 1: {' '.join(card_names(h1, deck))}",
        f"phase1: {' / '.join(tricks)}", f"draws 0: {' '.join(draws[0])}", f"draws 1: {' '.join(draws[1])}",
        f"played: {' '.join(p2)}", f"result: {game.score(0):+d} {game.score(1):+d}"]) + "\n"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_two_handed_hand_round_trips_with_its_draws_and_result(seed):
    text = _two_handed_hand(seed)
    rec = read_records(text)[0]
    assert read_records(to_text(rec))[0] == rec
    assert read_records(json.dumps(to_json(rec)))[0] == rec
    steps = card_steps(rec)
    assert [s.phase for s, _ in steps].count(1) == 12 and [s.phase for s, _ in steps].count(2) == 12
    bad = text.replace("draws 0: ", "draws 0: AS ", 1)
    with pytest.raises(UserError, match=r"^line 8 \(draws 0\): seat 0 drew once a phase-1 trick"):
        read_records(bad)


def _ptn_of(rec) -> str:
    """A PTN record (TricksterCards' notation: compass seats, hands S.H.D.C from the dealer, one trick a line in the
    columns of the seats from the first leader) of one of ours, written here independently of the converter."""
    from analyzer.record.play import follow

    rules = rec.rules
    deck = rules.deck
    compass = ("S", "W", "N", "E")

    def hand(s):
        ks = rec.hands[s]
        return ".".join("".join(deck.name(k)[:-1] for k in sorted((k for k in ks if k >> 4 == u), reverse=True))
                        for u in range(4))

    d = rec.dealer
    out = ['[Event "a test hand"]', '[GameCode "Pinochle"]',
           f'[Deal "{compass[d]}:{" ".join(hand((d + i) % 4) for i in range(4))}"]',
           f'[Auction "{compass[rec.calls[0].seat]}"]', " ".join("Pass" if c.bid is None else str(c.bid)
                                                                for c in rec.calls),
           f'[Contract "{max(c.bid or 0 for c in rec.calls)}{"♠♥♦♣"[rec.trump]}"]']
    seen = next(iter(follow(rec).values()))
    first = int(seen.by[0])
    out.append(f'[Play "{compass[first]}"]')
    for t in range(len(rec.played) // 4):
        cols = {int(seen.by[4 * t + i]): deck.name(int(rec.played[4 * t + i])) for i in range(4)}
        out.append(" ".join(cols[(first + j) % 4][-1] + cols[(first + j) % 4][:-1] for j in range(4)))
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("game,seed", [("auction", 4), ("double-deck", 9)])
def test_ptn_records_convert_to_the_same_hand(game, seed):
    text, _ = engine_hand(game, seed, 2)
    rec = read_records(text)[0]
    got = read_records(_ptn_of(rec))[0]
    assert (got.hands, got.dealer, got.calls, got.trump, got.played) == (rec.hands, rec.dealer, rec.calls, rec.trump,
                                                                         rec.played)


def test_ptn_that_does_not_map_is_refused_naming_its_line():
    text, _ = engine_hand("auction", 4, 2)
    ptn = _ptn_of(read_records(text)[0])
    with pytest.raises(UserError, match=r"^PTN line 3 \(CardsAdded\): cards passed between partners"):
        read_records(ptn.replace('[GameCode "Pinochle"]', '[GameCode "Pinochle"]\n[CardsAdded "S:SA"]'))
    three = '[Deal "S:AK.QJ.T9.AK AK.QJ.T9.AK AK.QJ.T9.AK"]\n'
    with pytest.raises(UserError, match=r"^PTN line 1 \(Deal\): 3 players"):
        read_records(three)
