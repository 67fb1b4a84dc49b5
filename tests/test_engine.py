"""The trick-play engine: hand-built tricks for every rule set and option, and property tests of
``legal`` / ``trick_winner`` / ``play`` against a plain-Python reference written from RULES.md."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.cards import parse_card, to_planes
from analyzer.play.engine import (
    CTL_LEADER,
    CTL_NCARDS,
    CTL_TRICKNO,
    CTL_TURN,
    hands_of,
    legal,
    legal_kinds,
    next_state,
    play,
    points_of,
    trick_of,
    trick_winner,
    tricks_of,
    voids_of,
    winning_position,
)
from analyzer.play.playout import new_state
from analyzer.rules import load

# ---- helpers -------------------------------------------------------------------------------------------


def deal_of(rules, *hands: str) -> np.ndarray:
    """Count planes int64[seats, copies] of hands written as card lists."""
    return np.stack([to_planes([parse_card(c, rules.deck) for c in h.split()], rules.deck) for h in hands])


def names(rules, mask: int) -> set[str]:
    return {rules.deck.name(k) for k in range(64) if (int(mask) >> k) & 1}


def state_after(rules, hands, played: str, trump="S", leader=0, declarer=0, bid=0):
    """State of the deal ``hands`` after the cards of ``played`` (in play order from ``leader``)."""
    st_ = new_state(rules, deal_of(rules, *hands), "SHDC".index(trump) if trump else -1, leader, declarer, bid)
    for c in played.split():
        k = parse_card(c, rules.deck)
        assert (int(legal(st_)) >> k) & 1, f"{c} should be legal"
        play(st_, k)
    return st_


def legal_names(rules, hands, played: str, **kw) -> set[str]:
    st_ = state_after(rules, hands, played, **kw)
    return names(rules, legal(st_))


# ---- following, trumping, heading --------------------------------------------------------------------------

# seat 0 leads; seat 1 holds the interesting hand; seats 2, 3 fill the table (auction deck, trump S)
AUCTION_HANDS = ("KH JD JC", "QH AH 9S", "9H 9D 9C", "JH TD QC")


@pytest.mark.parametrize(
    ("head", "expected"),
    [("never", {"QH", "AH"}), ("trump-led", {"QH", "AH"}), ("always", {"AH"})],
)
def test_plain_lead_heading(head, expected):
    rules = load("auction", {"head": head})
    assert legal_names(rules, AUCTION_HANDS, "KH") == expected


@pytest.mark.parametrize(
    ("head", "expected"),
    [("never", {"QS", "AS"}), ("trump-led", {"AS"}), ("always", {"AS"})],
)
def test_trump_lead_heading(head, expected):
    rules = load("auction", {"head": head})
    hands = ("KS JD JC", "QS AS 9H", "9H 9D 9C", "JH TD QC")
    assert legal_names(rules, hands, "KS") == expected


@pytest.mark.parametrize("head", ["trump-led", "always"])
def test_trump_lead_void_in_trump_discards_anything(head):
    rules = load("auction", {"head": head})
    hands = ("KS JD JC", "QH AD 9C", "9H 9D 9C", "JH TD QC")
    assert legal_names(rules, hands, "KS") == {"QH", "AD", "9C"}


def test_heading_beats_the_best_card_not_the_lead():
    rules = load("auction", {"head": "always"})
    # KH led, TH played over it: the third player must beat TH (only AH does), not merely KH
    hands = ("KH JD JC", "TH 9D 9C", "AH QH 9S", "JH TD QC")
    assert legal_names(rules, hands, "KH TH") == {"AH"}
    # no card beats AH: any heart
    hands = ("AH JD JC", "TH 9D 9C", "KH QH 9S", "JH TD QC")
    assert legal_names(rules, hands, "AH TH") == {"KH", "QH"}


@pytest.mark.parametrize("head", ["never", "trump-led", "always"])
def test_must_follow_then_must_trump(head):
    rules = load("auction", {"head": head})
    # seat 1 is void in hearts and holds a trump: it must trump; a diamond is not allowed
    hands = ("KH JD JC", "9S AD KC", "9H 9D 9C", "JH TD QC")
    assert legal_names(rules, hands, "KH") == {"9S"}
    # void in hearts and in trump: any card
    hands = ("KH JD JC", "QD AD KC", "9H 9D 9C", "JH TD QC")
    assert legal_names(rules, hands, "KH") == {"QD", "AD", "KC"}


@pytest.mark.parametrize(("head", "expected"), [("never", {"9S", "AS"}), ("trump-led", {"9S", "AS"}),
                                                ("always", {"AS"})])
def test_overtrump_only_with_head_always(head, expected):
    rules = load("auction", {"head": head})
    hands = ("KH JD JC", "TS 9D 9C", "9S AS KD", "JH TD QC")
    assert legal_names(rules, hands, "KH TS") == expected


def test_overtrump_impossible_any_trump():
    rules = load("auction", {"head": "always"})
    hands = ("KH JD JC", "AS 9D 9C", "9S TS KD", "JH TD QC")
    assert legal_names(rules, hands, "KH AS") == {"9S", "TS"}


def test_always_no_heading_once_trumped():
    rules = load("auction", {"head": "always"})
    # KH led, trumped by seat 1; seat 2 follows hearts freely (the trick is already trumped)
    hands = ("KH JD JC", "9S 9D 9C", "QH AH KD", "JH TD QC")
    assert legal_names(rules, hands, "KH 9S") == {"QH", "AH"}


def test_bridge_has_no_trump_duty():
    rules = load("bridge")
    hands = ("KH 2D 2C", "3S AD KC", "9H 9D 9C", "JH TD QC")
    assert legal_names(rules, hands, "KH") == {"3S", "AD", "KC"}
    # following is still compulsory
    hands = ("KH 2D 2C", "3H 3S AD", "9H 9D 9C", "JH TD QC")
    assert legal_names(rules, hands, "KH") == {"3H"}


def test_no_trump_contract():
    rules = load("bridge")
    hands = ("2H 2D", "AS AD", "9H 9D", "JH TD")
    st_ = state_after(rules, hands, "2H AS 9H JH", trump=None)
    assert tricks_of(st_) == [0, 0, 0, 1]  # no trump: the highest heart wins
    st_ = state_after(rules, hands, "2H AS 9H JH", trump="S")
    assert tricks_of(st_) == [0, 1, 0, 0]  # spades trump: the discarded ace wins


def test_luxury_family_rules():
    rules = load("luxury-family")
    hands = ("KH JD 7C", "7S AD KC", "TH 7D QC")
    assert legal_names(rules, hands, "KH") == {"7S"}  # void in hearts: must trump (S)
    # trump led, no trump held: anything (the German reading: no duty once trump is led)
    hands = ("KS JD 7C", "QH AD KC", "TH 7D QC")
    assert legal_names(rules, hands, "KS") == {"QH", "AD", "KC"}


def test_two_handed_phase_two_must_win():
    rules = load("two-handed")  # head = always
    hands = ("QH 9D", "KH AH")
    assert legal_names(rules, hands, "QH") == {"KH", "AH"}
    hands = ("AH 9D", "KH TH")
    assert legal_names(rules, hands, "AH") == {"KH", "TH"}
    rules = load("two-handed", {"head": "trump-led"})
    hands = ("QH 9D", "KH 9H")
    assert legal_names(rules, hands, "QH") == {"KH", "9H"}


# ---- first lead in double deck ---------------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "expected"), [(51, {"JS"}), (60, {"JS"}), (50, {"AH", "JS"})])
def test_double_deck_first_lead_trump(bid, expected):
    rules = load("double-deck")
    hands = ("AH JS", "KH QH", "JH JD", "TH TD")
    assert legal_names(rules, hands, "", bid=bid) == expected


def test_double_deck_first_lead_duty_is_the_high_bidders():
    """RULES.md: "the high bidder leads and, holding a trump, must lead one": the solver and the engine
    read it alike (analyzer.rules.lowered.first_lead_trump), so a seat leading for another owes nothing."""
    rules = load("double-deck")
    hands = ("KH QH", "AH JS", "JH JD", "TH TD")
    assert legal_names(rules, hands, "", leader=1, declarer=1, bid=60) == {"JS"}
    assert legal_names(rules, hands, "", leader=1, declarer=0, bid=60) == {"AH", "JS"}


def test_double_deck_first_lead_without_trump_and_later_tricks():
    rules = load("double-deck")
    hands = ("AH JD", "KH QH", "JH JD", "TH TD")
    assert legal_names(rules, hands, "", bid=60) == {"AH", "JD"}
    # the second trick's leader may lead anything
    hands = ("JS AH KD", "KS QH KD", "QS JD JH", "TS TD AS")
    st_ = state_after(rules, hands, "JS KS QS TS", bid=60)
    assert st_[CTL_LEADER] == 3 and st_[CTL_TRICKNO] == 1
    assert names(rules, legal(st_)) == {"TD", "AS"}


# ---- trick winner, identical cards, points --------------------------------------------------------------


def test_identical_cards_earlier_keeps_the_trick():
    rules = load("auction")
    st_ = state_after(rules, ("AH", "AH", "9H", "KH"), "AH AH 9H KH")
    assert tricks_of(st_) == [1, 0, 0, 0]
    # two identical trumps on a plain lead: the first trumper wins
    st_ = state_after(rules, ("9H", "AS", "AS", "KH"), "9H AS AS KH")
    assert tricks_of(st_) == [0, 1, 0, 0]
    # double deck: four copies
    rules = load("double-deck")
    st_ = state_after(rules, ("KD", "AD", "AD", "AD"), "KD AD AD AD")
    assert tricks_of(st_) == [0, 1, 0, 0]


def test_trick_winner_kernel_positions():
    rules = load("auction")
    k = {c: parse_card(c, rules.deck) for c in ["AH", "TH", "9S", "KS", "AD", "9H"]}
    tr = np.array([k["TH"], k["AH"], k["9S"], k["AD"]], dtype=np.int64)
    assert trick_winner(tr, 4, 0) == 2  # 9S trumps
    assert trick_winner(tr, 4, 1) == 1  # hearts trump: AH
    assert trick_winner(tr, 4, -1) == 1  # no trump: highest heart
    assert trick_winner(tr, 2, 2) == 1  # diamonds trump, but only TH AH played
    assert trick_winner(tr, 4, 2) == 3  # AD trumps
    tr = np.array([k["9S"], k["KS"], k["9S"], k["AH"]], dtype=np.int64)
    assert trick_winner(tr, 4, 1) == 3


def test_points_and_last_trick_bonus():
    rules = load("auction")  # A T K 1 each, last trick 1
    st_ = state_after(rules, ("AH QD", "KH JD", "9H AD", "TH TD"), "AH KH 9H TH")
    assert points_of(st_) == [3, 0, 0, 0]  # not the last trick: no bonus
    for c in ["QD", "JD", "AD", "TD"]:
        play(st_, parse_card(c, rules.deck))
    assert points_of(st_) == [3, 0, 3, 0]  # AD + TD + last trick
    assert tricks_of(st_) == [1, 0, 1, 0]
    rules = load("double-deck")  # last trick 2
    st_ = state_after(rules, ("AH", "KH", "JH", "TH"), "AH KH JH TH", bid=50)
    assert points_of(st_) == [5, 0, 0, 0]
    rules = load("luxury-family")  # no bonus, 11 + 10 + 4
    st_ = state_after(rules, ("AH", "KH", "TH"), "AH KH TH")
    assert points_of(st_) == [25, 0, 0]
    rules = load("bridge")  # one point per trick
    st_ = state_after(rules, ("AH", "KH", "TH", "2H"), "AH KH TH 2H")
    assert points_of(st_) == [1, 0, 0, 0]
    for counting, pts in [("classic", 2 + 2 + 1 + 1), ("aces-tens", 2 + 1), ("aces-tens-kings", 3 + 1)]:
        rules = load("two-handed", {"counting": counting})
        st_ = state_after(rules, ("AH KH", "TH 9H"), "AH TH KH 9H")
        assert sum(points_of(st_)) == pts, counting


def test_public_voids():
    rules = load("luxury-family")
    # seat 1 cannot follow hearts and has no trump: void in H and in S (the two turned suit cards)
    st_ = state_after(rules, ("KH JD", "AD KC", "TH 7D"), "KH AD")
    assert voids_of(st_) == [0, 0b0011, 0]
    # seat 1 trumps: only the hearts void is public
    st_ = state_after(rules, ("KH JD", "7S KC", "TH 7D"), "KH 7S")
    assert voids_of(st_) == [0, 0b0010, 0]
    rules = load("bridge")  # no trump duty: discarding shows only the void in the led suit
    st_ = state_after(rules, ("KH JD", "AD KC", "TH 7D", "2H 2C"), "KH AD")
    assert voids_of(st_) == [0, 0b0010, 0, 0]


def test_next_state_leaves_its_argument_alone():
    rules = load("auction")
    st_ = state_after(rules, ("9H 9C", "KH JC", "AH QC", "TH TC"), "9H")
    before = st_.copy()
    after = next_state(st_, parse_card("KH", rules.deck))
    assert (st_ == before).all()
    assert trick_of(after) == [parse_card(c, rules.deck) for c in ("9H", "KH")]
    assert after[CTL_TURN] == 2


def test_turn_order_and_leader():
    rules = load("auction")
    st_ = state_after(rules, ("9H 9C", "KH JC", "AH QC", "TH TC"), "9H", leader=0)
    assert st_[CTL_TURN] == 1 and st_[CTL_NCARDS] == 1
    st_ = state_after(rules, ("9H 9C", "KH JC", "AH QC", "TH TC"), "AH TH 9H KH", leader=2)
    assert st_[CTL_LEADER] == 2 and st_[CTL_TURN] == 2 and tricks_of(st_)[2] == 1


def test_bad_input_is_rejected():
    rules = load("auction")
    with pytest.raises(ValueError):
        new_state(rules, deal_of(rules, "AH", "KH", "QH", "JH 9H"), 0, 0)  # sizes differ
    bad = deal_of(rules, "AH", "AH", "AH", "KH")
    with pytest.raises(ValueError):
        new_state(rules, bad, 0, 0)  # three aces of hearts in a two-copy deck
    with pytest.raises(ValueError):
        new_state(rules, deal_of(rules, "AH", "KH", "QH", "JH"), 5, 0)


# ---- the plain-Python reference, written from RULES.md ------------------------------------------------------


def ref_rank(card: int) -> int:
    return card & 15


def ref_suit(card: int) -> int:
    return card >> 4


def ref_winner(trick: list[int], trump: int) -> int:
    """Position of the winning card: the highest trump if any trump was played, else the highest card of
    the led suit; among identical winning cards the first played."""
    trumps = [i for i, c in enumerate(trick) if ref_suit(c) == trump]
    pool = trumps if trumps else [i for i, c in enumerate(trick) if ref_suit(c) == ref_suit(trick[0])]
    top = max(ref_rank(trick[i]) for i in pool)
    return min(i for i in pool if ref_rank(trick[i]) == top)


def ref_legal(hand: list[int], trick: list[int], trump: int, rules, first_trump: bool) -> set[int]:
    """Cards of ``hand`` (one entry per copy) that may be played to ``trick``, phrased as RULES.md does."""
    kinds = set(hand)
    if not trick:
        trumps = {c for c in kinds if ref_suit(c) == trump}
        return trumps if first_trump and trumps else kinds
    led = ref_suit(trick[0])
    has_led = any(ref_suit(c) == led for c in kinds)
    has_trump = any(ref_suit(c) == trump for c in kinds)
    if has_led:
        base = {c for c in kinds if ref_suit(c) == led}
    elif has_trump and rules.play.must_trump:
        base = {c for c in kinds if ref_suit(c) == trump}
    else:
        base = kinds
    win = trick[ref_winner(trick, trump)]
    head = rules.play.head
    trumped = ref_suit(win) == trump and led != trump
    if head == "trump-led":
        applies = led == trump
    elif head == "always":
        applies = led == trump or not trumped or not has_led
    else:
        applies = False
    if applies:
        beating = {c for c in base if ref_winner([win, c], trump) == 1}
        if beating:
            return beating
    return base


CONFIGS = [
    ("auction", {}),
    ("auction", {"head": "always"}),
    ("auction", {"head": "never"}),
    ("double-deck", {}),
    ("double-deck", {"head": "always"}),
    ("double-deck", {"head": "trump-led"}),
    ("luxury-family", {}),
    ("luxury-family", {"head": "always"}),
    ("two-handed", {}),
    ("two-handed", {"head": "trump-led", "counting": "aces-tens"}),
    ("two-handed", {"deck": 24}),
    ("bridge", {}),
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cfg=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32 - 1),
    trump=st.integers(-1, 3),
    leader=st.integers(0, 3),
    bid=st.sampled_from([0, 50, 60]),
)
def test_engine_matches_reference(cfg, seed, trump, leader, bid):
    """Deal at random, play random reference-legal cards to the end; at every card the kernel's legal
    set equals the reference's, and trick winners, points and tricks agree."""
    rules = load(*cfg)
    rnd = random.Random(seed)
    leader %= rules.seats
    pack = [k for k in rules.deck.kinds for _ in range(rules.deck.copies)]
    rnd.shuffle(pack)
    size = rnd.randint(1, len(pack) // rules.seats)
    hands = [pack[s * size : (s + 1) * size] for s in range(rules.seats)]
    planes = np.stack([to_planes(h, rules.deck) for h in hands])
    state = new_state(rules, planes, trump, leader, 0, bid)
    # the high bidder (seat 0 here) must lead a trump to the first trick: no duty when another seat leads
    first = bool(rules.play.first_lead_trump) and bid != rules.play.first_lead_trump_unless_bid and leader == 0
    turn, trick, points, tricks = leader, [], [0] * rules.seats, [0] * rules.seats
    pts = rules.points_by_kind
    for _ in range(size * rules.seats):
        duty = first and not trick and sum(tricks) == 0
        want = ref_legal(hands[turn], trick, trump, rules, duty)
        got = names(rules, legal(state))
        assert got == {rules.deck.name(c) for c in want}, (trick, hands[turn])
        assert legal_kinds(rules, hands[turn], trick, trump, duty) == set(want)  # the same rule read from Python
        card = rnd.choice(sorted(want))
        hands[turn].remove(card)
        trick.append(card)
        done = len(trick) == rules.seats
        w = (turn + 1 + ref_winner(trick, trump)) % rules.seats if done else -1
        assert play(state, card) == w
        if done:
            points[w] += sum(int(pts[c]) for c in trick) + rules.per_trick + (
                rules.last_trick if not hands[0] else 0)
            tricks[w] += 1
            trick, turn = [], w
            assert state[CTL_LEADER] == w
        else:
            turn = (turn + 1) % rules.seats
        assert state[CTL_TURN] == turn
        assert trick_of(state) == trick
        held = hands_of(state, rules.seats, rules.deck.copies)
        assert all((held[s] == to_planes(hands[s], rules.deck)).all() for s in range(rules.seats))
    assert points_of(state) == points
    assert tricks_of(state) == tricks
    dealt = pack[: size * rules.seats]
    assert sum(points) == sum(int(pts[c]) for c in dealt) + rules.last_trick + rules.per_trick * size


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 5)), min_size=1, max_size=4),
    trump=st.integers(-1, 3),
)
def test_trick_winner_matches_reference(cards, trump):
    trick = np.array([16 * s + r for s, r in cards], dtype=np.int64)
    assert trick_winner(trick, len(cards), trump) == ref_winner(trick.tolist(), trump)
    assert winning_position(trick.tolist(), trump) == ref_winner(trick.tolist(), trump)
