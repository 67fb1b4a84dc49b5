"""Notation and bitboards: every card of every deck round-trips; planes mean 'held at least k times'."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import Hand, format_cards, from_planes, parse_card, parse_cards, to_planes
from analyzer.errors import UserError
from analyzer.rules import available, load

DECKS = {r: load(r).deck for r in available()}


@pytest.mark.parametrize("rid", list(DECKS))
def test_every_card_round_trips(rid):
    deck = DECKS[rid]
    for k in deck.kinds:
        name = deck.name(k)
        assert parse_card(name, deck) == k
        assert parse_card(name.lower(), deck) == k
    assert len(set(deck.kinds)) == 4 * deck.nranks
    assert deck.size == {"bridge": 52, "double-deck": 80}.get(rid, 48)


def test_alternative_notation():
    deck = DECKS["auction"]
    assert parse_cards("AS TS 10S K♠ 9c, Q♦ j♥", deck) == [
        deck.kind(0, "A"), deck.kind(0, "T"), deck.kind(0, "T"), deck.kind(0, "K"),
        deck.kind(3, "9"), deck.kind(2, "Q"), deck.kind(1, "J"),
    ]


def test_rank_order_inside_lane():
    deck = DECKS["auction"]
    order = [deck.kind(1, r) for r in deck.ranks]
    assert order == sorted(order, reverse=True)  # A highest
    bridge = DECKS["bridge"]
    assert bridge.kind(0, "T") < bridge.kind(0, "J")  # bridge: ten ranks below the jack


@pytest.mark.parametrize(
    "text,msg",
    [("XS", "unknown card"), ("AX", "unknown card"), ("7S", "unknown card"), ("AS AS AS", "too many copies")],
)
def test_bad_cards(text, msg):
    with pytest.raises(UserError, match=msg):
        parse_cards(text, DECKS["auction"])


def test_planes_are_thermometer_codes():
    deck = DECKS["double-deck"]
    kinds = parse_cards("AS AS AS KH KH JD", deck)
    p = to_planes(kinds, deck)
    a, k, j = deck.kind(0, "A"), deck.kind(1, "K"), deck.kind(2, "J")
    assert [int(x) >> a & 1 for x in p] == [1, 1, 1, 0]
    assert [int(x) >> k & 1 for x in p] == [1, 1, 0, 0]
    assert [int(x) >> j & 1 for x in p] == [1, 0, 0, 0]
    assert all(int(p[i + 1]) & ~int(p[i]) == 0 for i in range(3))
    assert (p >= 0).all()


@settings(max_examples=200, deadline=None)
@given(data=st.data(), rid=st.sampled_from(list(DECKS)))
def test_planes_round_trip(data, rid):
    deck = DECKS[rid]
    pack = [k for k in deck.kinds for _ in range(deck.copies)]
    sub = data.draw(st.lists(st.sampled_from(range(len(pack))), unique=True, max_size=20))
    kinds = sorted(pack[i] for i in sub)
    planes = to_planes(kinds, deck)
    assert sorted(from_planes(planes, deck)) == kinds
    hand = Hand.parse(format_cards(kinds, deck), deck)
    assert sorted(hand.kinds) == kinds
    assert np.array_equal(hand.planes, planes)
