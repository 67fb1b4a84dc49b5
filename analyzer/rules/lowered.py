"""A rule set's trick rules lowered once to the kernels' integers.

Every kernel that plays tricks — the playout engine (:mod:`analyzer.play.engine`), the double-dummy
solver (:mod:`analyzer.solve`) and two-handed play (:mod:`analyzer.twohand`) — starts its state or
workspace with the same block, ``int64[RP_LEN]``, filled by :func:`trick_params` and read at the ``RP_*``
offsets below; each appends its own fields after it. The seat-dependent readings of the rules that the
Python layers hand to the kernels (the declaring side's seats, who leads first, the first-lead duty and
the bids under which the play differs) are here too, so the rules of play are read in one place.
"""

from __future__ import annotations

import numpy as np

from analyzer.errors import UserError
from analyzer.rules.model import RuleSet

RP_SEATS = 0  # number of seats (2, 3 or 4)
RP_COPIES = 1  # copies of each card kind = number of count planes in use
RP_NRANKS = 2  # ranks per suit
RP_LANE = 3  # bitmask of the used bits of one 16-bit suit lane
RP_HEAD = 4  # heading rule: 0 never, 1 trump-led, 2 always
RP_MUST_TRUMP = 5  # 1: a player void in the led suit must trump when holding one
RP_FOLLOW = 6  # 1: a player must follow the led suit when able (0: any card, two-handed phase 1)
RP_LAST_TRICK = 7  # points for winning the last trick
RP_PER_TRICK = 8  # points for winning any trick (bridge: 1)
RP_PARTNERS = 9  # 1 when the rule set has partnerships (sides of more than one seat)
RP_SIDE = 10  # RP_SIDE + seat (4 entries): bitmask of the seats of that seat's side in rules.sides
RP_RANKPTS = 14  # 4 bits per lane bit b: the order class of the card points of rank b (0 = fewest points;
#                  equal points, equal class), for policies that compare cards by points
RP_PTS = 16  # RP_PTS + kind (64 entries): card points of each kind (rules.points_by_kind)
RP_LEN = RP_PTS + 64


def trick_params(rules: RuleSet) -> np.ndarray:
    """The trick-rule block (int64[RP_LEN]) of ``rules``, built once per rule set; do not modify it."""
    rp = rules.cache.get("trick_params")
    if rp is not None:
        return rp
    if rules.seats > 4 or rules.seats < 2:
        raise UserError(f"the kernels handle 2 to 4 seats, not {rules.seats}")
    rp = np.zeros(RP_LEN, dtype=np.int64)
    rp[RP_SEATS] = rules.seats
    rp[RP_COPIES] = rules.deck.copies
    rp[RP_NRANKS] = rules.deck.nranks
    rp[RP_LANE] = rules.deck.lane
    rp[RP_HEAD] = rules.head_code
    rp[RP_MUST_TRUMP] = int(bool(rules.play.must_trump))
    rp[RP_FOLLOW] = int(bool(rules.play.follow))
    rp[RP_LAST_TRICK] = rules.last_trick
    rp[RP_PER_TRICK] = rules.per_trick
    rp[RP_PARTNERS] = int(rules.has_partners)
    for seat in range(rules.seats):
        rp[RP_SIDE + seat] = side_mask(rules, seat)
    rp[RP_PTS : RP_PTS + 64] = rules.points_by_kind
    values = sorted({rules.card_points[r] for r in rules.deck.ranks})
    rp[RP_RANKPTS] = sum(
        values.index(rules.card_points[r]) << (4 * rules.deck.rank_bit[r]) for r in rules.deck.ranks
    )
    rules.cache["trick_params"] = rp
    return rp


def side_mask(rules: RuleSet, seat: int) -> int:
    """Bitmask of the seats playing with ``seat``: its partnership, or the seat alone where the rule set has
    no partnerships (Luxury Family's game maker, two-handed). ``seat`` -1 (no declarer): seat 0 alone
    against the rest."""
    if seat < 0:
        return 1
    return sum(1 << s for s in rules.sides[rules.side_of(seat)])


def first_lead_trump(rules: RuleSet, bid: int, leader: int, declarer: int) -> bool:
    """Whether the first lead must be a trump when the leader holds one: double deck's "the high bidder
    holding a trump must lead one", lifted by the opening bid (``play.first_lead_trump_unless_bid``)."""
    if not rules.play.first_lead_trump or leader != declarer:
        return False
    unless = rules.play.first_lead_trump_unless_bid
    return unless is None or bid != int(unless)


def first_leader(rules: RuleSet, declarer: int, dealer: int) -> int:
    """Who leads to the first trick: the declarer (``leader = "declarer"``) or the dealer's left."""
    if rules.play.leader == "declarer" and declarer >= 0:
        return declarer
    return (dealer + 1) % rules.seats


def play_bids(rules: RuleSet) -> tuple[int, ...]:
    """One bid per class of bids under which the play differs (the ``bid`` column's values).

    Double deck: the opening 50 (no first-lead duty) and 51 (first lead a trump); every other rule
    set: the opening bid (0 without bidding). A bid ``b`` is played as the largest of these <= b.
    """
    levels = rules.bid_levels()
    if not levels:
        return (0,)
    unless = rules.play.first_lead_trump_unless_bid
    if rules.play.first_lead_trump and unless is not None:
        above = [b for b in levels if b > int(unless)]
        return (int(unless), above[0]) if above else (int(unless),)
    return (levels[0],)


def bid_class(rules: RuleSet, bid: int) -> int:
    """The :func:`play_bids` entry whose play a contract at ``bid`` shares."""
    classes = [b for b in play_bids(rules) if b <= bid]
    return classes[-1] if classes else play_bids(rules)[0]
