"""The pass of an arena hand (a house rule's ``[passing]``: docs/RULES.md, "Card passing"): after the bid winner names
trump, he and his partner pass cards in the rules' order, each seat by its own agent (:func:`pass_hand`), before the
meld is shown. :func:`analyzer.arena.core.bid_hand` plays it; the records keep the cards each way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from analyzer.bidding.auction import Auction, AuctionState, IllegalCall
from analyzer.cards import Hand, from_planes, to_planes
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.game import GameState
from analyzer.passing.move import pass_cards
from analyzer.passing.rule import pass_step
from analyzer.rules.model import RuleSet

#: the seed stream of a seat's pass (:func:`pass_hand`): seed_of(seed, deal, copy, seat, PASS_STREAM)
PASS_STREAM = 5


def pass_hand(rules: RuleSet, a: Auction, hands: np.ndarray, trump: int, seat_agents: Sequence[Any], deal: int,
              copy: int, seed: int, game: GameState | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pass of one hand won in auction ``a`` (``hands`` int64[seats, copies] as dealt, trump ``trump`` named):
    the hands after it, the cards the bid winner's partner passed him and those he passed back (count planes).

    Each of the two passes in the rules' order (``rules.passing.first``), each seat by its own agent: an agent with a
    method ``choose_pass(view, trump, role, received)`` passes the cards (kinds) it returns -- ``view`` the finished
    auction from its seat (:class:`~analyzer.bidding.auction.AuctionState`: ``me`` the passer, ``holder`` the bid
    winner, ``contract`` the bid, ``hand`` its cards as dealt, ``seed`` the seat's seed stream :data:`PASS_STREAM`),
    ``role`` ``bidder`` or ``partner``, ``received`` the cards its partner passed it when it passes second (a
    :class:`~analyzer.cards.Hand`; None when first); the move is checked (:func:`analyzer.passing.move.pass_cards`:
    exactly the rule's number of cards, each held; else :class:`IllegalCall`). An agent without it passes by the
    simple rule (:func:`analyzer.passing.rule.pass_step`, as :func:`analyzer.passing.rule.exchange` plays it)."""
    assert a.winner is not None, "a pass follows an auction won"
    deck, decl = rules.deck, int(a.winner)
    out = np.array(hands, dtype=np.int64, copy=True).reshape(1, rules.seats, deck.copies)
    moved: dict[bool, np.ndarray] = {}
    received: Hand | None = None
    for s in rules.pass_seats(decl):
        bidder = s == decl
        choose = getattr(seat_agents[s], "choose_pass", None)
        if choose is None:
            moved[bidder] = pass_step(rules, out, np.array([s]), np.array([trump]), bidder_rule=bidder)[0]
        else:
            own = seed_of(seed, deal, copy, s, PASS_STREAM)
            view = replace(AuctionState.of_declarer(a, hands[s], (deal, copy), own, game), me=s)
            cards = choose(view, trump, "bidder" if bidder else "partner", received)
            name = seat_agents[s].name
            try:
                kinds = [int(k) for k in cards]
            except (TypeError, ValueError):
                raise IllegalCall(f"agent {name!r} passed {cards!r}: a pass is a sequence of card kinds") from None
            try:
                left, got = pass_cards(Hand(deck, tuple(from_planes(out[0, s], deck))),
                                       Hand(deck, tuple(from_planes(out[0, rules.partners(s)[0]], deck))), kinds,
                                       rules.passing.cards, f"agent {name!r}'s pass at seat {s}, deal {deal}")
            except UserError as e:
                raise IllegalCall(str(e)) from None
            out[0, s] = to_planes(list(left.kinds), deck)
            out[0, rules.partners(s)[0]] = to_planes(list(got.kinds), deck)
            moved[bidder] = to_planes(kinds, deck)
        received = Hand(deck, tuple(sorted(from_planes(moved[bidder], deck))))
    return out[0], moved[False], moved[True]


__all__ = ["PASS_STREAM", "pass_hand"]
