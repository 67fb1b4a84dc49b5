"""The card-pass question (``pinochle pass``), checked once: the rule set with its pass, my hand and seat, the
contract (bid winner, bid, trump), the cards I received when I pass second, other cards known, and how many deals.

:meth:`PassRequest.make` takes a front end's values by the names of :data:`analyzer.request.parts.PASS`; every
mistake is one UserError naming the field in the front end's words. The request also holds the sampler of the deals
consistent with what I know (``table``): my hand as dealt, the cards my partner passed me in his dealt hand, the
cards known of other seats.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from analyzer.cards import Hand, check_copies, suit_index
from analyzer.deal import Table, resolve_seat, table
from analyzer.errors import UserError, field_name
from analyzer.request.fields import Front
from analyzer.request.parts import PASS, words
from analyzer.rules.hands import parse_hand
from analyzer.rules.model import RuleSet


@dataclass(frozen=True)
class PassRequest:
    """A checked card-pass question. ``hand`` my cards as dealt; ``received`` what my partner passed me (None when I
    pass first); ``known`` cards other seats hold; ``first``: I pass first (my partner answers by the simple rule)."""

    rules: RuleSet
    seat: int
    hand: Hand
    declarer: int
    bid: int
    trump: int
    received: Hand | None
    known: tuple[tuple[int, Hand], ...]
    dealer: int
    samples: int
    sets: int
    seed: int
    front: Front = "json"
    table: Table | None = field(default=None, compare=False, repr=False)

    @property
    def partner(self) -> int:
        """The seat I pass to: my partner."""
        return self.rules.partners(self.seat)[0]

    @property
    def bidder(self) -> bool:
        """Whether I am the bid winner (else his partner)."""
        return self.seat == self.declarer

    @property
    def first(self) -> bool:
        """Whether I pass first (the rules' order: ``passing.first``)."""
        return self.bidder == self.rules.passing.bidder_first

    @property
    def holding(self) -> Hand:
        """The cards I pass from: my hand as dealt, with what I received."""
        got = self.received.kinds if self.received is not None else ()
        return Hand(self.rules.deck, tuple(sorted(self.hand.kinds + got)))

    def word(self, name: str) -> str:
        """A field's name in the front end's words (``--received`` on the command line)."""
        return words(self.front)(name)

    @classmethod
    def make(cls, rules: RuleSet, hand: str | Hand | None, *, front: Front = "json", **values: Any) -> PassRequest:
        """The request from a front end's values (the fields of :data:`analyzer.request.parts.PASS`; a library caller
        may give the hand as a :class:`Hand`); UserError with one line naming the field otherwise."""
        unknown = set(values) - set(PASS.names())
        if unknown:
            raise TypeError(f"not fields of the card-pass question: {sorted(unknown)}")
        v = {f.name: f.check(values.get(f.name), rules) for f in PASS if f.name not in ("hand", "rules", "options")}
        nm = field_name
        if not rules.passing.cards:
            raise UserError(f"{rules.id} has no card pass: give {nm('rules')} a house file with [passing] cards "
                            "(e.g. house/auction-pass.toml)")
        if hand is None:
            raise UserError(f"give your cards: {nm('hand')} \"AH AH TH ...\"")
        mine = hand if isinstance(hand, Hand) else parse_hand(hand, rules)
        seat, decl, dealer = (_seat(rules, v[k], k) for k in ("seat", "declarer", "dealer"))
        if seat != decl and not rules.are_partners(seat, decl):
            raise UserError(f"{nm('seat')} {seat} is not on the bid winner's side ({nm('declarer')} {decl}): only the "
                            f"bid winner and his partner, seat {rules.partners(decl)[0]}, pass cards")
        bid = int(v["bid"])
        if bid < rules.bid_levels()[0] and bid != rules.forced_contract:
            raise UserError(f"{nm('bid')} {bid} is below the opening bid {rules.bid_levels()[0]}")
        trump = suit_index(str(v["trump"]))
        req = cls(rules, seat, mine, decl, bid, trump, None, (), dealer, v["samples"], v["sets"], v["seed"], front)
        received = _received(req, v["received"])
        known = _known(rules, seat, v["known"] or [])
        every = list(mine.kinds) + list(received.kinds if received else ()) + [k for _, h in known for k in h.kinds]
        try:
            check_copies(every, rules.deck)
        except UserError:
            clash = [rules.deck.name(k) for k, c in Counter(every).items() if c > rules.deck.copies]
            raise UserError(f"{nm('known')}, {nm('received')} and {nm('hand')} hold {', '.join(clash)} more often "
                            f"than the deck's {rules.deck.copies} copies") from None
        req = cls(rules, seat, mine, decl, bid, trump, received, known, dealer, v["samples"], v["sets"], v["seed"],
                  front)
        return replace(req, table=_table(req))


def _seat(rules: RuleSet, value: int, name: str) -> int:
    if not 0 <= int(value) < rules.seats:
        raise UserError(f"{field_name(name)} {value} is out of range: {rules.id} has seats 0..{rules.seats - 1}")
    return int(value)


def _received(req: PassRequest, text: str | None) -> Hand | None:
    """The cards my partner passed me: required when I pass second, refused when I pass first."""
    n, nm = req.rules.passing.cards, field_name
    if req.first:
        if text is not None:
            raise UserError(f"you pass first ({'the bid winner' if req.bidder else 'the bid winner partner'}, "
                            f"[passing] first = {req.rules.passing.first!r}): leave out {nm('received')}")
        return None
    if text is None:
        raise UserError(f"you pass second: give {nm('received')}, the {n} cards your partner passed you")
    got = Hand.parse(text, req.rules.deck)
    if len(got) != n:
        raise UserError(f"{nm('received')}: a pass is {n} cards, not {len(got)}")
    return got


def _known(rules: RuleSet, seat: int, items: list[str]) -> tuple[tuple[int, Hand], ...]:
    """``SEAT:CARDS`` texts (SEAT a number or left/right/partner/across) as (seat, cards), by seat."""
    by: dict[int, list[int]] = {}
    for it in items:
        if ":" not in it:
            raise UserError(f"{field_name('known')} {it!r}: write SEAT:CARDS, e.g. 2:'AS KS'")
        who, cards = it.split(":", 1)
        s = resolve_seat(who.strip(), rules, seat)
        if s == seat:
            raise UserError(f"{field_name('known')} names your own seat {seat}: your cards are {field_name('hand')}")
        by.setdefault(s, []).extend(Hand.parse(cards, rules.deck).kinds)
    return tuple((s, Hand(rules.deck, tuple(sorted(ks)))) for s, ks in sorted(by.items()))


def _table(req: PassRequest) -> Table:
    """The sampler of the deals as dealt around my hand: my partner holds the cards he passed me, each seat the
    cards known of it."""
    known = {s: list(h.kinds) for s, h in req.known}
    if req.received is not None:
        known[req.partner] = known.get(req.partner, []) + list(req.received.kinds)
    return table(req.rules, req.seat, req.hand, known={s: Hand(req.rules.deck, tuple(sorted(ks)))
                                                       for s, ks in known.items()})
