"""Meld, pinned by hands worked by hand from RULES.md, and the kernel against the reference counter."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import Hand, counts_of, to_planes
from analyzer.meld import meld_batch, meld_breakdown, meld_points
from analyzer.meld.reference import meld_total
from analyzer.rules import available, load

S, H, D, C = 0, 1, 2, 3


def meld(rid, cards, trump, **opts):
    rs = load(rid, {k.replace("_", "-"): v for k, v in opts.items()})
    hand = Hand.parse(cards, rs.deck)
    pts = meld_points(hand, rs)
    # the kernel and the reference agree on every worked example
    assert pts["SHDC"[trump]] == sum(i.points for i in meld_breakdown(hand, rs, trump))
    return pts["SHDC"[trump]]


# ---- Luxury Family ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cards,plain,trump",
    [
        ("KH QH", 20, 30),
        ("KH KH QH QH", 60, 90),
        ("KH QH JH", 40, 60),
        ("KH KH QH QH JH", 100, 150),  # family with a double couple
        ("KH KH QH QH JH JH", 160, 240),
        ("AH TH KH QH JH", 100, 150),
        ("AH TH KH KH QH QH JH", 200, 300),  # luxury family with a double couple
        ("AH TH KH KH QH QH JH JH", 300, 450),  # luxury family with a double family
        ("AH AH TH TH KH KH QH QH JH JH", 1000, 1500),
        ("AH AH TH TH KH QH JH", 100, 150),  # extra aces and tens add nothing
        ("AH TH QH JH", 0, 0),
        ("KH KH QH", 20, 30),  # a lone extra king adds nothing
    ],
)
def test_luxury_suit_combinations(cards, plain, trump):
    assert meld("luxury-family", cards, S) == plain
    assert meld("luxury-family", cards, H) == trump


def test_luxury_seven_and_four_of_a_kind():
    assert meld("luxury-family", "7S", S) == 10
    assert meld("luxury-family", "7S 7S", S) == 20
    assert meld("luxury-family", "7H", S) == 0
    assert meld("luxury-family", "KS KH KD KC", H) == 40
    assert meld("luxury-family", "KS KH KD KC KS KH KD KC", H) == 240
    assert meld("luxury-family", "QS QH QD QC", H) == 60
    assert meld("luxury-family", "QS QH QD QC QS QH QD QC", H) == 360
    assert meld("luxury-family", "JS JH JD JC", H) == 80
    assert meld("luxury-family", "JS JH JD JC JS JH JD JC", H) == 480
    assert meld("luxury-family", "KS KH KD KC KS", H) == 40


def test_luxury_card_counts_in_suit_and_four_of_a_kind():
    # couples in every suit (trump spades 30, three plain 20) + four kings 40 + four queens 60
    assert meld("luxury-family", "KS QS KH QH KD QD KC QC", S) == 30 + 60 + 40 + 60
    # trump luxury family + seven of trump + four jacks
    assert meld("luxury-family", "AS TS KS QS JS 7S JH JD JC", S) == 150 + 10 + 80


# ---- double deck -----------------------------------------------------------------------------
def test_double_deck_runs_and_marriages():
    assert meld("double-deck", "AS TS KS QS JS", S) == 15  # its K Q are not also a marriage
    assert meld("double-deck", "AS TS KS QS JS", H) == 2  # no runs outside trump: a plain marriage
    assert meld("double-deck", "AS TS KS KS QS QS JS", S) == 19  # extra trump K Q pair is a marriage
    assert meld("double-deck", "AS AS TS TS KS KS QS QS JS JS", S) == 30
    assert meld("double-deck", "AS AS TS TS KS KS KS QS QS QS JS JS", S) == 34
    assert meld("double-deck", "KH QH", H) == 4
    assert meld("double-deck", "KH QH KH QH KH", S) == 4


@pytest.mark.parametrize(
    "rank,values", [("A", [10, 100, 150, 200]), ("K", [8, 80, 120, 160]), ("Q", [6, 60, 90, 120]),
                    ("J", [4, 40, 60, 80])],
)
def test_double_deck_arounds(rank, values):
    for n, v in enumerate(values, 1):
        cards = " ".join(f"{rank}{s}" for s in "SHDC" for _ in range(n))
        assert meld("double-deck", cards, C) == v  # Q♠ without J♦ (or J♦ without Q♠): no pinochle
    # three complete sets and a fourth incomplete still score three
    assert meld("double-deck", "AS AS AS AS AH AH AH AD AD AD AC AC AC", C) == 150


def test_double_deck_pinochles():
    for n, v in enumerate([4, 30, 45, 60], 1):
        assert meld("double-deck", " ".join(["QS JD"] * n), H) == v
    assert meld("double-deck", "QS QS QS JD JD", H) == 30


# ---- auction ---------------------------------------------------------------------------------
def test_auction_issue_example():
    rs = load("auction")
    hand = Hand.parse("AS TS KS QS JS 9S QS JD JD 9H AH AD", rs.deck)
    assert meld_points(hand, rs) == {"S": 46, "H": 46, "D": 45, "C": 45}


def test_auction_melds():
    assert meld("auction", "AH TH KH QH JH", S) == 15  # farmer in any suit
    assert meld("auction", "AH TH KH QH JH", S, run_suits="trump") == 2  # then only a marriage
    assert meld("auction", "AH TH KH QH JH", H, run_suits="trump") == 15
    assert meld("auction", "AH AH TH TH KH KH QH QH JH JH", S) == 150
    assert meld("auction", "AH TH KH KH QH QH JH", H) == 19  # farmer with an extra marriage
    assert meld("auction", "AH TH KH KH QH QH JH", S) == 17
    assert meld("auction", "KH KH QH", H) == 4  # a lone extra king scores 0
    assert meld("auction", "KS QS KH QH KD QD KC QC", S) == 24  # roundhouse = its parts
    assert meld("auction", "9S", S) == 1 and meld("auction", "9S 9S", S) == 2 and meld("auction", "9S", H) == 0
    assert meld("auction", "QS JD", H) == 4 and meld("auction", "QS JD QS JD", H) == 30
    for rank, single, double in (("A", 10, 100), ("K", 8, 80), ("Q", 6, 60), ("J", 4, 40)):
        one = " ".join(f"{rank}{s}" for s in "SHDC")
        assert meld("auction", one, C) == single
        assert meld("auction", one + " " + one, C) == double
    assert meld("auction", "AS AH AD", C) == 0  # three aces are no meld (only a bid signal)


# ---- two-handed (static meld of a whole hand) ------------------------------------------------
def test_two_handed_static_meld():
    assert meld("two-handed", "AH TH KH QH JH", H) == 15
    assert meld("two-handed", "AH TH KH QH JH", H, run_points="20") == 20
    assert meld("two-handed", "AH TH KH QH JH", S) == 2  # a plain marriage
    assert meld("two-handed", "AH TH KH KH QH QH JH", H) == 19  # run + royal marriage
    assert meld("two-handed", "AH AH TH TH KH KH QH QH JH JH", H) == 30  # each copy counts again
    assert meld("two-handed", "KH QH", H) == 4 and meld("two-handed", "KH QH", S) == 2
    assert meld("two-handed", "AS AH AD AC", S) == 10
    assert meld("two-handed", "AS AH AD AC AS AH AD AC", S) == 20  # double aces around
    assert meld("two-handed", "KS KH KD KC", C) == 8
    assert meld("two-handed", "QS QH QD QC", C) == 6
    assert meld("two-handed", "JS JH JD JC", C) == 4
    assert meld("two-handed", "QS JD", C) == 4 and meld("two-handed", "QS QS JD JD", C) == 30
    assert meld("two-handed", "9C 9C", C) == 2
    assert meld("two-handed", "AS TS KS QS JS", C, deck="24") == 2


def test_breakdown_names_the_melds():
    rs = load("auction")
    hand = Hand.parse("AH TH KH KH QH QH JH 9H QS JD AS AD", rs.deck)
    items = {(i.meld, i.suit, i.n, i.points) for i in meld_breakdown(hand, rs, H)}
    assert items == {("farmer", "H", 1, 15), ("marriage", "H", 1, 4), ("dix", "H", 1, 1),
                     ("pinochle", None, 1, 4)}


# ---- kernel against the reference counter on random hands ------------------------------------
RULESETS = {r: load(r) for r in available() if r != "bridge"}
RULESETS["auction:run-suits=trump"] = load("auction", {"run-suits": "trump"})
RULESETS["two-handed:run-points=20"] = load("two-handed", {"run-points": "20"})
RULESETS["two-handed:deck=24"] = load("two-handed", {"deck": "24"})


@settings(max_examples=150, deadline=None)
@given(data=st.data(), key=st.sampled_from(sorted(RULESETS)))
def test_kernel_matches_reference(data, key):
    rs = RULESETS[key]
    deck = rs.deck
    pack = [k for k in deck.kinds for _ in range(deck.copies)]
    hands = []
    for _ in range(8):
        # bias towards meld-rich hands: sometimes draw from a few suits / ranks only
        pool = pack
        if data.draw(st.booleans()):
            suits = data.draw(st.sets(st.integers(0, 3), min_size=1, max_size=2))
            pool = [k for k in pack if k // 16 in suits] + [k for k in pack if k // 16 not in suits][:6]
        size = data.draw(st.integers(0, min(rs.hand_size, len(pool))))
        idx = data.draw(st.lists(st.sampled_from(range(len(pool))), unique=True, min_size=size, max_size=size))
        hands.append(sorted(pool[i] for i in idx))
    planes = np.stack([to_planes(h, deck) for h in hands])
    got = meld_batch(planes, rs)
    for h, row, p in zip(hands, got, planes, strict=True):
        counts = counts_of(p, deck)
        assert [meld_total(counts, rs, t) for t in range(4)] == list(row), (key, h)


def test_batch_shapes_and_empty():
    rs = load("auction")
    assert meld_batch(np.zeros((0, 2), dtype=np.int64), rs).shape == (0, 4)
    assert meld_batch(np.zeros((3, 2), dtype=np.int64), rs).tolist() == [[0] * 4] * 3


def test_kernel_python_path_without_jit():
    """The meld kernel's Python path (NUMBA_DISABLE_JIT=1) gives the same numbers as the compiled one."""
    import os
    import subprocess
    import sys

    code = (
        "from analyzer.rules import load; from analyzer.cards import Hand; from analyzer.meld import meld_points\n"
        "for rid, h in [('auction', 'AS TS KS QS JS 9S QS JD JD 9H AH AD'),"
        " ('double-deck', 'AS TS KS QS JS AS AH AD AC QS JD QS JD KH QH KH QH KD QD KC'),"
        " ('luxury-family', 'AH TH KH KH QH QH JH 7H 7H KS KD KC QS QD QC JS')]:\n"
        "    rs = load(rid); print(list(meld_points(Hand.parse(h, rs.deck), rs).values()))\n"
    )
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    got = [eval(line) for line in out.split("\n") if line]
    want = []
    for rid, h in [("auction", "AS TS KS QS JS 9S QS JD JD 9H AH AD"),
                   ("double-deck", "AS TS KS QS JS AS AH AD AC QS JD QS JD KH QH KH QH KD QD KC"),
                   ("luxury-family", "AH TH KH KH QH QH JH 7H 7H KS KD KC QS QD QC JS")]:
        rs = load(rid)
        want.append(list(meld_points(Hand.parse(h, rs.deck), rs).values()))
    assert got == want


@pytest.mark.parametrize("rid", sorted(RULESETS) + ["bridge"])
def test_fast_kernels_match_the_generic_kernel(rid):
    """The deck-specific kernels (direct tables, binary counts) agree with the general kernel on random hands."""
    from analyzer.meld import meld_tables

    rs = RULESETS[rid] if rid in RULESETS else load(rid)
    deck = rs.deck
    rng = np.random.default_rng(7)
    pack = np.array([k for k in deck.kinds for _ in range(deck.copies)])
    hands = []
    for size in rng.integers(0, rs.hand_size + 1, 3000):
        # sometimes from two suits only, for long suits and many copies of a card
        pool = pack[(pack // 16) % 2 == rng.integers(2)] if rng.random() < 0.5 else pack
        hands.append(to_planes(sorted(rng.choice(pool, min(size, len(pool)), replace=False)), deck))
    planes = np.stack(hands)
    kern, args = meld_tables(rs, generic=True)
    want = np.empty((len(planes), 4), dtype=np.int32)
    kern.batch(len(planes), planes, *args, want)
    assert (meld_batch(planes, rs) == want).all()
    assert meld_tables(rs)[0] is not kern  # every rule set has a fast kernel
    assert rid == "bridge" or (want > 0).mean() > 0.2  # most hands hold some meld


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_whole_pack_and_whole_suits(key):
    """The richest hands: every card of the pack (all four suits full at once, so the largest sum of plain
    suit meld the packed suit entries must add up exactly) and each suit alone, against the reference."""
    rs = RULESETS[key]
    deck = rs.deck
    pack = [k for k in deck.kinds for _ in range(deck.copies)]
    hands = [pack] + [[k for k in pack if k // 16 == s] for s in range(4)]
    planes = np.stack([to_planes(h, deck) for h in hands])
    got = meld_batch(planes, rs)
    for row, p in zip(got, planes, strict=True):
        counts = counts_of(p, deck)
        assert [meld_total(counts, rs, t) for t in range(4)] == list(row), key


def test_laid_cards_make_the_whole_meld_and_no_card_is_spare():
    """The README's hand in hearts: run (A T K Q J), the second KH, dix, pinochle (QS JD); the aces and the 10 of
    clubs lay nothing. Every card laid is needed: without it the meld falls."""
    from analyzer.meld import laid_cards, meld_batch

    rs = load("auction")
    hand = Hand.parse("AH TH KH KH QH JH 9H AS QS JD AC TC", rs.deck)
    laid = laid_cards(hand, rs, 1)

    def meld(ks):
        return int(meld_batch(Hand(rs.deck, tuple(ks)).planes[None, :], rs)[0, 1])

    assert meld(laid.kinds) == meld(hand.kinds)
    assert all(meld([*laid.kinds[:i], *laid.kinds[i + 1:]]) < meld(laid.kinds) for i in range(len(laid)))
    assert {rs.deck.name(k) for k in laid.kinds} >= {"AH", "TH", "JH", "9H", "QS", "JD"}
    assert not {rs.deck.name(k) for k in laid.kinds} & {"AS", "AC", "TC"}
