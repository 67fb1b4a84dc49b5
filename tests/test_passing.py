"""Card passing (docs/RULES.md, "Card passing"): the worked example step by step, the numba rule against the
plain-Python reference, the pass as a move (each card moves exactly once), and no pass where the rules have none."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from analyzer.cards import Hand, counts_of, format_cards, from_planes, to_planes
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.meld import meld_points
from analyzer.passing.move import pass_cards
from analyzer.passing.rule import exchange, reference_choice, reference_pass
from analyzer.rules import load

AUCTION_PASS = "house/auction-pass.toml"
DD_PASS = "house/double-deck-pass.toml"
BIDDER = "AH TH KH QH 9H KS QS JC KD QD JD 9C"
PARTNER = "AH JH AS TS JS 9S TD 9D KC QC TC JC"


def _example_deal(rs):
    """The worked example's deal: seat 0 the bid winner, seat 2 his partner, the other cards to seats 1 and 3."""
    d = rs.deck
    b, p = Hand.parse(BIDDER, d), Hand.parse(PARTNER, d)
    used = Counter(b.kinds + p.kinds)
    rest = [k for k in d.kinds for _ in range(d.copies - used[k])]
    return [list(b.kinds), rest[:12], list(p.kinds), rest[12:]]


def _hand(rs, planes):
    return Hand(rs.deck, tuple(sorted(from_planes(planes, rs.deck))))


def test_worked_example():
    """docs/RULES.md: seat 0 names hearts; seat 2 passes AH JH AS, seat 0 passes back 9C JC AS; the side's meld 15
    before, 26 after (24 + 2)."""
    rs = load(AUCTION_PASS)
    d = rs.deck
    deal = _example_deal(rs)
    assert meld_points(Hand(d, tuple(sorted(deal[0]))), rs)["H"] == 13
    assert meld_points(Hand(d, tuple(sorted(deal[2]))), rs)["H"] == 2
    partner = reference_choice(rs, Counter(deal[2]), 1, bidder=False)
    assert format_cards(partner, d) == format_cards(Hand.parse("AH JH AS", d).kinds, d)
    with_given = Counter(deal[0]) + Counter(partner)
    assert meld_points(Hand(d, tuple(sorted(with_given.elements()))), rs)["H"] == 24
    assert [d.name(k) for k in reference_choice(rs, with_given, 1, bidder=True)] == ["9C", "JC", "AS"]
    ex = exchange(rs, np.array([[to_planes(h, d) for h in deal]]), np.array([0]), np.array([1]))
    assert str(_hand(rs, ex.given[0])) == str(Hand.parse("AH JH AS", d))
    assert str(_hand(rs, ex.back[0])) == str(Hand.parse("9C JC AS", d))
    after0, after2 = _hand(rs, ex.hands[0, 0]), _hand(rs, ex.hands[0, 2])
    assert str(after0) == str(Hand.parse("AH AH TH KH QH JH 9H KS QS KD QD JD", d))
    assert str(after2) == str(Hand.parse("AS TS JS 9S TD 9D KC QC TC JC JC 9C", d))
    assert meld_points(after0, rs)["H"] + meld_points(after2, rs)["H"] == 26  # meld counted after the pass
    assert (ex.hands[0, 1] == to_planes(deal[1], d)).all() and (ex.hands[0, 3] == to_planes(deal[3], d)).all()


@pytest.mark.parametrize("path,first", [(AUCTION_PASS, "partner"), (AUCTION_PASS, "bidder"), (DD_PASS, "partner")])
def test_kernel_equals_reference(path, first, tmp_path):
    """The numba rule passes the same cards as the plain-Python reference on random deals, declarers and trumps."""
    if first == "bidder":
        f = tmp_path / "bidder-first.toml"
        f.write_text(f'base = "auction"\n[passing]\ncards = 4\nfirst = "{first}"\n', encoding="utf-8")
        path = str(f)
    rs = load(path)
    n = 60 if rs.deck.copies == 4 else 150
    deals = random_deals(rs, n, seed=11).hands
    rng = np.random.default_rng(5)
    decl, trump = rng.integers(0, 4, n), rng.integers(0, 4, n)
    ex = exchange(rs, deals, decl, trump)
    for i in range(n):
        hands = [counts_of(deals[i, s], rs.deck) for s in range(4)]
        after, given, back = reference_pass(rs, hands, int(decl[i]), int(trump[i]))
        assert sorted(from_planes(ex.given[i], rs.deck)) == sorted(given), i
        assert sorted(from_planes(ex.back[i], rs.deck)) == sorted(back), i
        for s in range(4):
            assert counts_of(ex.hands[i, s], rs.deck) == after[s], (i, s)


@pytest.mark.parametrize("path", [AUCTION_PASS, DD_PASS])
def test_each_passed_card_moves_exactly_once(path):
    """After the pass every seat holds a hand's worth, the pack is the same, the other side's hands are untouched,
    the partner's cards came out of his dealt hand, and the bid winner's hand is his dealt hand with what he received
    less what he passed back."""
    rs = load(path)
    n, d = 80, rs.deck
    deals = random_deals(rs, n, seed=3).hands
    rng = np.random.default_rng(9)
    decl, trump = rng.integers(0, 4, n), rng.integers(0, 4, n)
    ex = exchange(rs, deals, decl, trump)
    for i in range(n):
        q = rs.partners(int(decl[i]))[0]
        before = [Counter(from_planes(deals[i, s], d)) for s in range(4)]
        after = [Counter(from_planes(ex.hands[i, s], d)) for s in range(4)]
        given, back = Counter(from_planes(ex.given[i], d)), Counter(from_planes(ex.back[i], d))
        assert sum(given.values()) == sum(back.values()) == rs.passing.cards
        assert all(sum(h.values()) == rs.hand_size for h in after)
        assert sum(after, Counter()) == sum(before, Counter())
        assert not given - before[q]
        assert after[int(decl[i])] == before[int(decl[i])] + given - back
        assert after[q] == before[q] - given + back
        for s in range(4):
            if s not in (q, int(decl[i])):
                assert after[s] == before[s]


@pytest.mark.parametrize("base", ["auction", "double-deck"])
def test_no_pass_leaves_every_hand_as_dealt(base):
    """cards = 0 (the seeds' games): the hands come back unchanged and nothing is passed."""
    rs = load(base)
    deals = random_deals(rs, 20, seed=1).hands
    ex = exchange(rs, deals, np.zeros(20, dtype=np.int64), np.ones(20, dtype=np.int64))
    assert (ex.hands == deals).all() and not ex.given.any() and not ex.back.any()


def test_pass_cards_moves_each_card_once_and_refuses_what_the_hand_lacks():
    rs = load(AUCTION_PASS)
    d = rs.deck
    giver, taker = Hand.parse(PARTNER, d), Hand.parse(BIDDER, d)
    g, t = pass_cards(giver, taker, Hand.parse("AH JH AS", d).kinds, 3)
    assert Counter(g.kinds) + Counter(Hand.parse("AH JH AS", d).kinds) == Counter(giver.kinds)
    assert Counter(t.kinds) - Counter(taker.kinds) == Counter(Hand.parse("AH JH AS", d).kinds)
    with pytest.raises(UserError, match="not in the hand"):
        pass_cards(giver, taker, Hand.parse("AH AH JH", d).kinds, 3)  # one AH only
    with pytest.raises(UserError, match="a pass is 3 cards, not 2"):
        pass_cards(giver, taker, Hand.parse("AH JH", d).kinds, 3)


# ---- the arena: auction -> trump -> pass -> meld -> play ----------------------------------------------------------
def test_the_arena_passes_after_trump_and_melds_the_hands_after_the_pass():
    """Every contract of a run on the house file: the cards passed are the simple rule's on the dealt hands, and each
    seat's meld is that of its hand after the pass."""
    from analyzer.arena import run_arena
    from analyzer.arena.agents import Formula
    from analyzer.meld import meld_batch

    rs = load(AUCTION_PASS)
    f = run_arena(rs, Formula(), Formula(), 6, seed=4).frame
    played = f.filter(f["declarer"] >= 0)
    assert played.height > 0 and {"passed_in", "passed_back"} <= set(f.columns)
    changed = 0
    for row in played.iter_rows(named=True):
        dealt = np.array([Hand.parse(row[f"hand_s{s}"], rs.deck).planes for s in range(4)])
        decl, trump = row["declarer"], "SHDC".index(row["trump"])
        ex = exchange(rs, dealt[None], np.array([decl]), np.array([trump]))
        assert str(_hand(rs, ex.given[0])) == str(Hand.parse(row["passed_in"], rs.deck))
        assert str(_hand(rs, ex.back[0])) == str(Hand.parse(row["passed_back"], rs.deck))
        after = meld_batch(ex.hands[0], rs)[:, trump]
        assert [row[f"meld_s{s}"] for s in range(4)] == after.tolist()
        changed += after.tolist() != meld_batch(dealt, rs)[:, trump].tolist()
    assert changed > 0  # the pass changed some meld: the meld is not the dealt hands'


def test_no_pass_leaves_the_arena_and_the_games_byte_identical(tmp_path):
    """A house file with cards = 0 plays exactly the seed's game: the same frames, value for value."""
    from analyzer.arena import run_arena
    from analyzer.arena.agents import Formula
    from analyzer.arena.games import run_games

    f = tmp_path / "no-pass.toml"
    f.write_text('base = "auction"\n[passing]\ncards = 0\n', encoding="utf-8")
    house, seed_game = load(str(f)), load("auction")
    a = run_arena(house, Formula(), Formula(), 4, seed=7).frame
    b = run_arena(seed_game, Formula(), Formula(), 4, seed=7).frame
    assert a.equals(b) and "passed_in" not in a.columns
    ga = run_games(house, Formula(), Formula(), 1, seed=7).frame
    gb = run_games(seed_game, Formula(), Formula(), 1, seed=7).frame
    assert ga.equals(gb)


def test_whole_games_play_the_pass():
    """The game engine's hands go through the same flow: every declared hand records its pass."""
    from analyzer.arena.agents import Formula
    from analyzer.arena.games import run_games

    rs = load(AUCTION_PASS)
    f = run_games(rs, Formula(), Formula(), 1, seed=2).frame
    played = f.filter(f["declarer"] >= 0)
    assert played.height > 0
    texts = played["passed_in"].to_list() + played["passed_back"].to_list()
    assert all(len(Hand.parse(t, rs.deck)) == 3 for t in texts)


# ---- the bid advice: the hand valued with the pass ------------------------------------------------------------
def _simulation(rules, seed=3, samples=60):
    from analyzer.deal import table
    from analyzer.montecarlo.simulate import Players, simulate

    tab = table(rules, 1, Hand.parse("AH TH KH KH QH JH 9H AS QS JD AC TC", rules.deck))
    others = lambda rs, hands: np.full((hands.shape[0], rs.seats), 2, dtype=np.int64)  # noqa: E731
    return simulate(tab, Players(("heuristic",), "v1", others=others), dealer=0, samples=samples, seed=seed)


def test_the_bid_advice_melds_and_plays_each_contract_after_its_pass():
    """Every row of the advisor's simulation, mine declaring in each trump and each other seat declaring, melds
    the hands after the pass by the simple rule of the declarer and his partner on that deal."""
    from analyzer.meld import meld_batch

    rs = load(AUCTION_PASS)
    sim = _simulation(rs)
    deals = sim.deals.hands[np.argsort(sim.deals.ids, kind="stable")]
    moved = 0
    for scenario, decl, trumps in (("declare", 1, range(4)), ("other", None, [2])):
        for t in trumps:
            rows = sim.rows(scenario, "heuristic", t, sim.bids[0])
            for d in ([decl] if decl is not None else [0, 2, 3]):
                sel = rows.filter(rows["declarer"] == d) if decl is None else rows
                meld, _, _ = sim.seat_arrays(sel)
                ex = exchange(rs, deals, np.full(len(deals), d), np.full(len(deals), t))
                want = meld_batch(ex.hands.reshape(-1, 2), rs).reshape(len(deals), 4, 4)[:, :, t]
                assert (meld == want).all(), (scenario, d, t)
                moved += int((want != meld_batch(deals.reshape(-1, 2), rs).reshape(len(deals), 4, 4)[:, :, t]).sum())
    assert moved > 0


def test_the_bid_advice_without_a_pass_is_unchanged(tmp_path):
    f = tmp_path / "no-pass.toml"
    f.write_text('base = "auction"\n[passing]\ncards = 0\n', encoding="utf-8")
    assert _simulation(load(str(f))).frame.equals(_simulation(load("auction")).frame)
