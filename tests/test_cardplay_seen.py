"""Deals sampled during the play never contradict what was seen: over random deals and random partial
plays of every rule set, every sampled deal keeps my hand, each seat's remaining hand size and the shown
cards it still holds, and makes every recorded card legal for its seat -- checked by replaying the whole
record through the play engine's own state machine (reset, legal, play) on the holdings the deal implies."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from analyzer.cardplay.seen import Record, replay, sample_hands
from analyzer.cards import Hand, from_planes, to_planes
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.play import play_deal
from analyzer.play.engine import alloc_state, legal, play, reset_state
from analyzer.rules import load
from analyzer.rules.lowered import first_lead_trump, side_mask, trick_params

GAMES = ["auction", "double-deck", "luxury-family", "two-handed", "bridge"]


def _record(rs, hands, trump, leader, declarer, k, me, shown_n, seed):
    """A random play of ``k`` cards of the deal ``hands`` (the random policy), as seat ``me`` saw it, with
    ``shown_n`` cards of each other seat shown at the start."""
    rec = play_deal(rs, hands, trump, leader, declarer, policy="random", seed=seed)
    plays = tuple(int(x) for x in rec.cards[:k, 1])
    rng = np.random.default_rng(seed)
    shown = {}
    for s in range(rs.seats):
        if s != me:
            ks = sorted(from_planes(hands[s], rs.deck))
            pick = rng.choice(len(ks), size=min(shown_n, len(ks)), replace=False)
            shown[s] = Hand(rs.deck, tuple(sorted(ks[i] for i in pick)))
    mine = Hand(rs.deck, tuple(sorted(from_planes(hands[me], rs.deck))))
    return Record(rs, me, mine, trump, declarer, leader, 0, shown, plays), rec


def _hands_now(rs, hands, seen):
    """The true deal's hands now: each seat's cards at the first lead less those it played."""
    out = []
    for s in range(rs.seats):
        left = Counter(from_planes(hands[s], rs.deck))
        left.subtract(Counter(seen.played[s]))
        out.append(to_planes(sorted(left.elements()), rs.deck))
    return out


def _engine_accepts(rs, rec, seen, deal):
    """Replay ``rec`` through the engine from the holdings ``deal`` (the hands now) implies."""
    start = []
    for s in range(rs.seats):
        cards = list(from_planes(deal[s], rs.deck)) + seen.played[s]
        start.append(to_planes(cards, rs.deck))
    st = alloc_state(trick_params(rs))
    duty = int(first_lead_trump(rs, rec.bid, rec.leader, rec.declarer))
    reset_state(st, np.stack(start), rec.trump, rec.leader, rec.declarer, side_mask(rs, rec.declarer), duty,
                np.int64(1))
    for k in rec.plays:
        if not (int(legal(st)) >> k) & 1:
            return False
        play(st, k)
    return True


@pytest.mark.parametrize("rid", GAMES)
def test_sampled_deals_never_contradict_what_was_seen(rid):
    rs = load(rid)
    deals = random_deals(rs, 12, seed=41, stock=False).hands
    total = rs.seats * rs.hand_size
    for d in range(12):
        rng = np.random.default_rng(d)
        trump = int(rng.integers(0, 4))
        declarer = int(rng.integers(0, rs.seats))
        me = int(rng.integers(0, rs.seats))
        k = int(rng.integers(0, total - rs.seats))
        rec, _ = _record(rs, deals[d], trump, declarer, declarer, k, me, int(rng.integers(0, 4)), seed=d)
        seen, got = sample_hands(rec, 40, seed=d)
        # the dealer deals no seat a card its plays rule out, and that is all the accept test asks: no deal wasted
        assert got.hands.shape == (40, rs.seats, rs.deck.copies) and got.tries == 40
        mine_now = Counter(seen.mine_now)
        for deal in got.hands:
            assert Counter(from_planes(deal[me], rs.deck)) == mine_now
            for s in range(rs.seats):
                held = Counter(from_planes(deal[s], rs.deck))
                assert sum(held.values()) == seen.left[s]
                assert not Counter(seen.known_now.get(s, [])) - held  # the shown cards still held
                assert not ({k >> 4 for k in held} & seen.voids[s])  # no card of a suit it showed out of
                assert not (set(held) & seen.barred.get(s, set()))
            assert _engine_accepts(rs, rec, seen, deal)
        # the true deal is among the consistent ones: the test the sampler applies accepts it
        truth = _hands_now(rs, deals[d], seen)
        from analyzer.cardplay.seen import table_of

        assert bool(table_of(seen).accept(np.stack(truth)[None])[0])
        for s in seen.barred:  # nor does the true deal hold a card its seat is barred from
            assert not (set(from_planes(truth[s], rs.deck)) & seen.barred[s])


@pytest.mark.parametrize("rid", GAMES)
def test_the_bars_rule_out_no_deal_that_fits(rid):
    """The cards a seat is barred from are exactly those the accept test rules out: deals drawn with the voids
    alone and kept by the accept test (the engine's legality of every recorded play) never hold a barred card."""
    from analyzer.cardplay.dealer import sample
    from analyzer.cardplay.seen import table_of

    rs = load(rid)
    deals = random_deals(rs, 10, seed=43, stock=False).hands
    total = rs.seats * rs.hand_size
    barred_any = 0
    for d in range(10):
        rng = np.random.default_rng(100 + d)
        trump, declarer, me = int(rng.integers(0, 4)), int(rng.integers(0, rs.seats)), int(rng.integers(0, rs.seats))
        k = int(rng.integers(total // 3, total - rs.seats))
        rec, _ = _record(rs, deals[d], trump, declarer, declarer, k, me, 0, seed=100 + d)
        seen = replay(rec)
        voids = {s: {c for c in rs.deck.kinds if c >> 4 in seen.voids[s]} for s in seen.barred}
        got = sample(table_of(seen), voids, 30, d, 20000)
        for deal in got.hands:
            for s in seen.barred:
                assert not (set(from_planes(deal[s], rs.deck)) & seen.barred[s]), (d, s)
        barred_any += sum(len(seen.barred[s] - voids[s]) for s in seen.barred)
    assert barred_any > 0 or rs.head_code == 0  # heading duties bar cards beyond the voids where the game heads


def test_positions_that_only_the_bars_let_sample():
    """Legal positions whose other hands few uniform deals fit: the declarer led no trump at double deck's first
    lead (so holds none); under auction's trump-led heading two seats did not head a trump trick (so the third holds
    every higher trump). Every deal drawn fits (no deal wasted) and meets the bar."""
    dd = load("double-deck")
    rec = Record(dd, 1, Hand.parse("AD TD KD QD JD AS AS TS KS QS JS JS AC TC KC QC JC JC AD TD", dd.deck), 1, 0, 0,
                 55, {}, (dd.deck.kind(3, "K"),))
    seen, got = sample_hands(rec, 30, seed=1)
    hearts = {c for c in dd.deck.kinds if c >> 4 == 1}
    assert seen.barred[0] >= hearts and got.tries == 30
    assert all(not (set(from_planes(h[0], dd.deck)) & hearts) for h in got.hands)
    au = load("auction")
    plays = tuple(au.deck.kind(1 if n[1] == "H" else 0, n[0]) for n in "JH 9H 9H QH 9S AS JS JS".split())
    rec = Record(au, 0, Hand.parse("JH JH AS TS KS QS AD TD KD AC TC KC", au.deck), 1, 0, 0, 20, {}, plays)
    seen, got = sample_hands(rec, 30, seed=1)
    above_jack = {au.deck.kind(1, r) for r in "QKTA"}
    assert seen.barred[1] >= above_jack and seen.barred[2] >= above_jack and got.tries == 30



def test_an_accept_test_that_keeps_no_deal_is_given_up_early():
    """Clues that rule out every deal the plays leave (late in a hand): the sampler stops once none of the first
    GIVE_UP * max_tries draws fit, as the deal sampler does, not after max_tries draws for each of the deals wanted;
    one that keeps some goes on to its budget."""
    from dataclasses import replace as dc_replace

    from analyzer.cardplay.dealer import TooFewDeals, sample
    from analyzer.cardplay.seen import table_of
    from analyzer.deal import GIVE_UP

    dd = load("double-deck")
    rec = Record(dd, 1, Hand.parse("AD TD KD QD JD AS AS TS KS QS JS JS AC TC KC QC JC JC AD TD", dd.deck), 1, 0, 0,
                 55, {}, (dd.deck.kind(3, "K"),))
    seen = replay(rec)
    never = dc_replace(table_of(seen), accept=lambda hands: np.zeros(len(hands), dtype=bool))
    with pytest.raises(TooFewDeals, match=r"0 of 2,\d{3} drawn fit \(fewer than 1 in 100\)") as e:
        sample(never, seen.barred, 50, 1, 100)
    tries = int(str(e.value).split(" of ")[1].split(" ")[0].replace(",", ""))
    assert GIVE_UP * 100 <= tries < GIVE_UP * 100 + 50 * 8 < 50 * 100
    calls = []

    def one_in_ten(hands):
        calls.append(len(hands))
        return np.arange(len(hands)) % 10 == 0 if len(calls) > 1 else np.zeros(len(hands), dtype=bool)

    some = dc_replace(table_of(seen), accept=one_in_ten)
    assert len(sample(some, seen.barred, 50, 1, 100).hands) == 50

def test_a_record_that_cannot_have_happened_is_refused():
    rs = load("auction")
    hand = Hand.parse("AH TH KH KH QH JH 9H AS QS JD AC TC", rs.deck)
    base = dict(rules=rs, seat=0, hand=hand, trump=1, declarer=0, leader=0)
    with pytest.raises(UserError, match="do not hold"):
        replay(Record(**base, plays=(rs.deck.kind(3, "K"),)))  # KC: not mine
    with pytest.raises(UserError, match="not a legal card"):  # seat 3 leads a heart; I hold hearts, play AS
        replay(Record(**{**base, "leader": 3}, plays=(rs.deck.kind(1, "A"), rs.deck.kind(0, "A"))))
    with pytest.raises(UserError, match="the deck has"):
        nine = rs.deck.kind(2, "9")
        replay(Record(**{**base, "leader": 1}, plays=(nine, nine, nine)))
    # seat 2 showed out of spades at card 3 and plays a spade at card 6; seat 2 showed QS, then showed out of spades
    mine = Hand.parse("AS AS TS KD QD JD 9D AC KC QC JC 9C", rs.deck)
    kinds = {n: rs.deck.kind("SHDC".index(n[1]), n[0]) for n in ("9S", "AS", "AD", "JS", "9C", "KS")}
    seat1 = dict(rules=rs, seat=1, hand=mine, trump=1, declarer=0, leader=0)
    with pytest.raises(UserError, match="card 6, KS by seat 2: with it in its hand, its play of AD"):
        replay(Record(**seat1, plays=tuple(kinds[n] for n in ("9S", "AS", "AD", "JS", "9C", "KS"))))
    with pytest.raises(UserError, match="seat 2 showed QS and has not played it"):
        replay(Record(**seat1, shown={2: Hand.parse("KS QS", rs.deck)},
                      plays=tuple(kinds[n] for n in ("9S", "AS", "AD", "JS"))))


@pytest.mark.parametrize("shows", ["void", "bar"])
def test_the_dealer_is_uniform_over_the_deals_that_fit(shows):
    """Late auction positions with a void shown, or with a card barred beyond the voids (a trump lead not headed):
    every deal the dealer draws fits what was seen, and the deals come as often as brute force says (every ordering
    of the unseen cards dealt to the seats in turn, kept when it fits: the uniform law over the fitting deals),
    within sampling noise."""
    from itertools import permutations

    from analyzer.cardplay.dealer import sample
    from analyzer.cardplay.seen import table_of

    rs = load("auction")
    checked = 0
    for seed in range(200):
        hands = random_deals(rs, 1, seed=seed, stock=False).hands[0]
        k = rs.seats * rs.hand_size - 9
        rec, _ = _record(rs, hands, seed % 4, 0, 0, k, int(seed % rs.seats), 0, seed)
        seen = replay(rec)
        others = [s for s in range(rs.seats) if s != rec.seat]
        if shows == "void" and not any(seen.voids[s] for s in others):
            continue
        tab = table_of(seen)
        pool = [int(x) for x in tab.pool]
        if len(pool) > 8:
            continue
        if shows == "bar" and not any(c >> 4 not in seen.voids[s] and c in pool and tab.need[s]
                                      for s in others for c in seen.barred[s]):
            continue  # no unseen card barred from a seat still to be dealt cards, beyond its voids
        order = [s for s in range(rs.seats) for _ in range(int(tab.need[s]))]
        exact: Counter = Counter()
        for perm in permutations(pool):
            d = tab.base.copy()
            cards = {s: [] for s in range(rs.seats)}
            for s, c in zip(order, perm, strict=True):
                cards[s].append(c)
            for s in cards:
                d[s] = to_planes(sorted(cards[s]) + list(from_planes(tab.base[s], rs.deck)), rs.deck)
            if all(not ({c >> 4 for c in cards[s]} & seen.voids[s]) for s in cards) and tab.accept(d[None])[0]:
                exact[d.tobytes()] += 1
        n = 3000
        got = Counter(h.tobytes() for h in sample(tab, seen.barred, n, seed, 2000).hands)
        assert set(got) <= set(exact)  # every deal drawn fits
        total = sum(exact.values())
        # chi-square against the brute-force law: under it the statistic has mean df and spread sqrt(2 df)
        chi2 = sum((got[key] - n * w / total) ** 2 / (n * w / total) for key, w in exact.items())
        df = len(exact) - 1
        assert chi2 < df + 5 * (2 * df) ** 0.5, (seed, len(exact), chi2)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("rid, tries", [("auction", 2000), ("double-deck", 20000), ("luxury-family", 2000)])
def test_with_the_whole_meld_shown_no_seat_holds_more_meld_than_it_showed(rid, tries):
    """Every player melds (RULES.md): with each other seat's shown cards read as its whole meld, every sampled
    deal gives each seat, at the first lead, exactly the meld its shown cards make; the true deal fits. (Double
    deck's twenty-card hands: about one deal in 2,000 fits, so the test allows more tries than the advice.)"""
    from analyzer.cardplay.seen import table_of
    from analyzer.meld import laid_cards, meld_batch

    rs = load(rid)
    deals = random_deals(rs, 4, seed=47, stock=False).hands
    total = rs.seats * rs.hand_size
    for d in range(4):
        rng = np.random.default_rng(200 + d)
        trump, declarer, me = int(rng.integers(0, 4)), int(rng.integers(0, rs.seats)), int(rng.integers(0, rs.seats))
        rec, _ = _record(rs, deals[d], trump, declarer, declarer, int(rng.integers(0, total // 2)), me, 0, 200 + d)
        shown = {s: laid_cards(Hand(rs.deck, tuple(sorted(from_planes(deals[d][s], rs.deck)))), rs, trump)
                 for s in range(rs.seats) if s != me}
        rec = Record(rs, me, rec.hand, trump, declarer, declarer, 0, {s: h for s, h in shown.items() if len(h)},
                     rec.plays, whole_meld=True)
        seen, got = sample_hands(rec, 20, seed=d, max_tries=tries)
        want = {s: int(meld_batch(shown[s].planes[None, :], rs)[0, trump]) for s in shown}
        for deal in got.hands:
            for s in shown:
                start = from_planes(deal[s], rs.deck) + seen.played[s]
                assert int(meld_batch(to_planes(start, rs.deck)[None, :], rs)[0, trump]) == want[s], (d, s)
        assert bool(table_of(seen).accept(np.stack(_hands_now(rs, deals[d], seen))[None])[0])


def test_a_card_that_adds_meld_to_the_whole_meld_shown_is_dealt_to_no_one_who_showed():
    """Auction, hearts trump: the other 9H (a dix, meld) is unseen and nobody showed it, so with the shown cards read
    as whole melds no seat can hold it: refused at once; read as cards held, answered."""
    rs = load("auction")
    hand = Hand.parse("AH TH KH KH QH JH 9H AS QS JD AC TC", rs.deck)
    shown = {1: Hand.parse("KS QS", rs.deck), 2: Hand.parse("KD QD", rs.deck)}
    with pytest.raises(UserError, match="no deal of the unseen cards fits"):
        sample_hands(Record(rs, 0, hand, 1, 0, 0, 25, shown, (), whole_meld=True), 30)
    seen, got = sample_hands(Record(rs, 0, hand, 1, 0, 0, 25, shown, ()), 30)
    assert got.tries == 30
    seen, got = sample_hands(Record(rs, 0, hand, 1, 0, 0, 25, {**shown, 3: Hand.parse("9H", rs.deck)}, (),
                                    whole_meld=True), 30)
    nine = rs.deck.kind(1, "9")
    assert nine in seen.barred[1] and nine in seen.barred[2] and nine in seen.barred[3]  # no second one for seat 3
    assert all(nine in from_planes(h[3], rs.deck) for h in got.hands)


def test_the_whole_meld_report_measures_paired_losses(tmp_path):
    """``reports/cardplay/whole_meld.py`` on three auction positions: every position is measured or counted out,
    the losses against the true deal's best card are never negative, the gain is their paired difference, and the
    page says it."""
    import importlib.util
    import json
    from pathlib import Path

    path = Path(__file__).parent.parent / "reports" / "cardplay" / "whole_meld.py"
    spec = importlib.util.spec_from_file_location("cardplay_whole_meld", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = mod.measure(3, seed=5, samples=30, max_nodes=2_000_000)
    assert out["measured"] + out["too_few_deals"] + out["unsolved"] == 3 and out["measured"] >= 1
    assert out["loss_held"]["lo"] <= out["loss_held"]["mean"] and out["loss_held"]["mean"] >= 0
    assert out["loss_whole"]["mean"] >= 0
    assert abs(out["gain"]["mean"] - (out["loss_held"]["mean"] - out["loss_whole"]["mean"])) < 0.002  # as rounded
    mod.write(out, tmp_path)
    assert json.loads((tmp_path / "whole_meld.json").read_text())["measured"] == out["measured"]
    assert f"| {out['measured']:,} |" in (tmp_path / "whole_meld.md").read_text()
