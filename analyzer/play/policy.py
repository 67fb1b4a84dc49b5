"""Policy kernels: which card a player chooses, one scalar numba kernel per decision.

A policy may use only what a player at the table sees: its own hand, the cards played so far (the
current trick included), the current trick, the public voids, the trump, the leader, who declared
(and so who plays with whom) and the rule parameters. The state array also holds the other hands (the
engine needs them); the policies here read the hand of the seat to play and nothing else of section 2
but the played planes and the trick (tests/test_policy.py checks that re-dealing the other hands'
cards never changes a choice).

* ``random``: a uniformly random legal card kind, from the deal's seeded random stream.
* ``v1`` (:data:`POLICY_VERSION`): a hand-written heuristic. A card is *sure* when no unseen card of its
  suit is higher and no opponent still to play is publicly void in the led suit while holding trumps.
  Leading: the declarer's side draws trumps (the top trump when sure, a low one when at least half as
  long as the unseen trumps); anyone cashes a sure plain winner (most points first); leads a suit the
  partner is publicly void in so the partner can trump; else leads the cheapest card of its shortest
  plain suit. Following: when the partner's card holds the trick surely, give it the richest card
  (counters, rather ones that would not win a trick later); else take the trick with a sure card
  (rather a ten than the ace that wins later anyway), trump in as cheaply as possible, or take the
  lead with the lowest winning card when points are at stake; else discard the cheapest card (fewest
  points, not a trump, lowest rank). Each of these rules was kept because, played by one side against
  the version without it, it gained points on balance over the five rule sets (4,000 paired deals each,
  declaring and defending).
"""

from __future__ import annotations

import numpy as np

from analyzer.deal.rng import scaled, xorshift
from analyzer.jit import highbit, hot, lowbit, popcount
from analyzer.play.engine import (
    CTL_BEST,
    CTL_BESTPOS,
    CTL_DECLARER,
    CTL_DSIDE,
    CTL_FIRST_TRUMP,
    CTL_LEADER,
    CTL_NCARDS,
    CTL_RNG,
    CTL_TPTS,
    CTL_TRICKNO,
    CTL_TRUMP,
    CTL_TURN,
    CTL_VOIDS,
    MAX_COPIES,
    S_HANDS,
    S_PLAYED,
    S_TRICK,
    above,
    legal_cards,
    nth_bit,
    suit_mask,
)
from analyzer.rules.lowered import (
    RP_COPIES,
    RP_FOLLOW,
    RP_HEAD,
    RP_LANE,
    RP_MUST_TRUMP,
    RP_NRANKS,
    RP_PER_TRICK,
    RP_RANKPTS,
    RP_SEATS,
)

#: the version of the heuristic policy the reports cite
POLICY_VERSION = "v1"


# ---- the random policy ------------------------------------------------------------------------------
@hot
def random_move(st):
    """A uniformly random legal kind for the seat to play in ``st``, from the deal's random stream
    (advanced in ``st``)."""
    first = st[CTL_FIRST_TRUMP] if st[CTL_TRICKNO] == 0 else 0
    lg = legal_cards(
        st[S_HANDS + MAX_COPIES * st[CTL_TURN]], st[CTL_NCARDS], st[S_TRICK] >> 4, st[CTL_BEST],
        st[CTL_TRUMP], first, st[RP_HEAD], st[RP_MUST_TRUMP], st[RP_FOLLOW], st[RP_LANE],
    )
    x = xorshift(st[CTL_RNG])
    st[CTL_RNG] = x
    return nth_bit(lg, scaled(x, popcount(lg)))


# ---- what a player can deduce (scalar helpers) -----------------------------------------------------------
@hot
def may_ruff(suit, trump, opps, voids, unseen, lane):
    """Whether an opponent in ``opps`` may trump a card of plain ``suit``: some trump is unseen and an
    opponent is publicly void in ``suit`` but not in trump. (Guessing voids from how few cards of the
    suit are unseen made v1 play worse in every rule set.)"""
    if trump < 0 or suit == trump:
        return False
    if unseen & suit_mask(trump, lane) == 0:
        return False
    m = opps
    while m != 0:
        o = lowbit(m)
        m &= m - 1
        if (voids >> (4 * o + suit)) & 1 and not (voids >> (4 * o + trump)) & 1:
            return True
    return False


@hot
def holds_trick(card, led, trump, later, voids, unseen, lane):
    """Whether ``card``, winning the trick now, cannot be beaten by the opponents still to play
    (``later``): by a higher unseen card of its suit, or (a plain card) by a trump from an opponent
    publicly void in the led suit."""
    if later == 0:
        return True
    suit = card >> 4
    if unseen & suit_mask(suit, lane) & above(card) != 0:
        return False
    if suit != trump and may_ruff(led, trump, later, voids, unseen, lane):
        return False
    return True


@hot
def points_class(kind, rankpts):
    """Order class of the card points of ``kind`` (RP_RANKPTS: more points, higher class)."""
    return (rankpts >> (4 * (kind & 15))) & 15


# ---- choosing among candidate cards ----------------------------------------------------------------------
@hot
def cheapest(mask, trump, rankpts):
    """The card of ``mask`` that costs least to give up: fewest points, then not a trump, then lowest rank."""
    best = -1
    bkey = 1 << 40
    m = mask
    while m != 0:
        k = lowbit(m)
        m &= m - 1
        key = points_class(k, rankpts) * 1024 + (64 if (k >> 4) == trump else 0) + (k & 15)
        if key < bkey:
            bkey = key
            best = k
    return best


@hot
def shortest_cheapest(mask, trump, rankpts, lane):
    """The cheapest card of the plain suit in which ``mask`` has the fewest kinds (trumps only if
    ``mask`` has no plain card): leading from a short suit readies a void to trump in later."""
    plain = mask & ~suit_mask(trump, lane) if trump >= 0 else mask
    if plain == 0:
        return cheapest(mask, trump, rankpts)
    bs = 0
    bn = 99
    for s in range(4):
        c = plain & suit_mask(s, lane)
        if c != 0 and popcount(c) < bn:
            bn = popcount(c)
            bs = s
    return cheapest(plain & suit_mask(bs, lane), trump, rankpts)


@hot
def richest(mask, trump, unseen, rankpts, lane, nontop_first):
    """The card of ``mask`` worth most to put on a trick one's side wins.

    Most points; then rather a card that would not win a trick later (one below an unseen card of its
    suit: a *non-top* card); then rather not a trump; then the lowest rank. With ``nontop_first`` the
    non-top cards come before the points (win with the ten, keep the ace that wins later anyway).
    """
    best = -1
    bkey = -1
    m = mask
    while m != 0:
        k = lowbit(m)
        m &= m - 1
        top = 1 if unseen & suit_mask(k >> 4, lane) & above(k) == 0 else 0
        key = (points_class(k, rankpts) * 1024 + (1 - top) * (128 + nontop_first * (1 << 20))
               + (0 if (k >> 4) == trump else 64) + (15 - (k & 15)))
        if key > bkey:
            bkey = key
            best = k
    return best


# ---- the v1 heuristic -------------------------------------------------------------------------------------
@hot
def v1_lead(seat, lg, unseen, ucount, mine, opps, trump, voids, declarer, my_trumps_n, lane, rankpts):
    """v1's lead from the legal kinds ``lg``; ``ucount`` = unseen copies per suit (8 bits a suit),
    ``my_trumps_n`` = trumps held (copies counted), ``mine`` / ``opps`` = seat masks of the two sides."""
    tmask = suit_mask(trump, lane) if trump >= 0 else np.int64(0)
    declaring = declarer >= 0 and (mine >> declarer) & 1 != 0
    my_trumps = lg & tmask
    if my_trumps != 0 and declaring and unseen & tmask != 0:
        # the declarer's side draws trumps while an opponent may still hold some: the top trump when
        # nothing unseen beats it, a low one when at least half as long as the unseen trumps
        opp_may_hold = False
        m = opps
        while m != 0:
            o = lowbit(m)
            m &= m - 1
            if not (voids >> (4 * o + trump)) & 1:
                opp_may_hold = True
        if opp_may_hold:
            un_n = (ucount >> (8 * trump)) & 255
            top = highbit(my_trumps)
            if unseen & tmask & above(top) == 0:
                return top
            if 2 * my_trumps_n >= un_n:
                return cheapest(my_trumps, trump, rankpts)
    # cash a sure winner of a plain suit: the one with the most points, then the fullest suit
    best = -1
    bkey = -1
    for s in range(4):
        if s == trump:
            continue
        c = lg & suit_mask(s, lane)
        if c == 0:
            continue
        top = highbit(c)
        if unseen & suit_mask(s, lane) & above(top) != 0:
            continue
        if unseen & suit_mask(s, lane) == 0 and unseen & tmask != 0:
            continue  # the others hold no card of the suit: any trump would take it
        if may_ruff(s, trump, opps, voids, unseen, lane):
            continue
        key = points_class(top, rankpts) * 64 + ((ucount >> (8 * s)) & 255)
        if key > bkey:
            bkey = key
            best = top
    if best >= 0:
        return best
    # lead into a partner's public void so the partner can trump
    if trump >= 0:
        m = mine & ~(np.int64(1) << seat)
        while m != 0:
            pp = lowbit(m)
            m &= m - 1
            if (voids >> (4 * pp + trump)) & 1:
                continue
            for s in range(4):
                if s == trump or not (voids >> (4 * pp + s)) & 1:
                    continue
                c = lg & suit_mask(s, lane)
                if c != 0 and not may_ruff(s, trump, opps, voids, unseen, lane):
                    return cheapest(c, trump, rankpts)
    return shortest_cheapest(lg, trump, rankpts, lane)


@hot
def v1_follow(lg, unseen, mine, opps, trump, voids, ncards, leader, best, wseat, led, stake, seats, lane,
              rankpts):
    """v1's card when following to a trick, from the legal kinds ``lg``.

    The trick has ``ncards`` cards led by ``leader`` in suit ``led``; ``best`` (played by ``wseat``)
    wins it so far; ``stake`` is its card points plus the per-trick points.
    """
    later = np.int64(0)  # opponents still to play after this card
    for i in range(ncards + 1, seats):
        s2 = (leader + i) % seats
        if (opps >> s2) & 1:
            later |= np.int64(1) << s2
    tmask = suit_mask(trump, lane) if trump >= 0 else np.int64(0)
    if (mine >> wseat) & 1 and holds_trick(best, led, trump, later, voids, unseen, lane):
        return richest(lg, trump, unseen, rankpts, lane, 0)  # the partner's trick: give it points
    bsuit = best >> 4
    win = lg & suit_mask(bsuit, lane) & above(best)
    if bsuit != trump:
        win |= lg & tmask
    if win == 0:
        return cheapest(lg, trump, rankpts)
    sure = np.int64(0)
    m = win
    while m != 0:
        k = lowbit(m)
        m &= m - 1
        if holds_trick(k, led, trump, later, voids, unseen, lane):
            sure |= np.int64(1) << k
    if sure != 0:
        plain_sure = sure & ~tmask
        if plain_sure != 0:
            return richest(plain_sure, trump, unseen, rankpts, lane, 1)
        if stake > 0 or later != 0 or sure == lg:
            return cheapest(sure, trump, rankpts)
        return cheapest(lg, trump, rankpts)
    if (mine >> wseat) & 1:
        return cheapest(lg, trump, rankpts)
    if stake > 0 or later != 0:
        if win & tmask != 0 and (win & ~tmask) == 0:
            return cheapest(win, trump, rankpts)  # trump in as cheaply as possible
        if stake > 0:
            return lowbit(win & ~tmask)  # the lowest card that takes the lead for now
    return cheapest(lg, trump, rankpts)


@hot
def v1_move(st):
    """v1's card for the seat to play in ``st`` (it reads, of the hands, only that seat's)."""
    first = st[CTL_FIRST_TRUMP] if st[CTL_TRICKNO] == 0 else 0
    lg = legal_cards(
        st[S_HANDS + MAX_COPIES * st[CTL_TURN]], st[CTL_NCARDS], st[S_TRICK] >> 4, st[CTL_BEST],
        st[CTL_TRUMP], first, st[RP_HEAD], st[RP_MUST_TRUMP], st[RP_FOLLOW], st[RP_LANE],
    )
    if lg & (lg - 1) == 0:
        return lowbit(lg)
    seat = st[CTL_TURN]
    h = S_HANDS + MAX_COPIES * seat
    lane = st[RP_LANE]
    copies = st[RP_COPIES]
    seats = st[RP_SEATS]
    trump = st[CTL_TRUMP]
    allk = lane | (lane << 16) | (lane << 32) | (lane << 48)
    # a kind is fully seen when (copies played) + (copies held) = copies: with thermometer planes,
    # OR over a of (played >= a) AND (held >= copies - a)
    full = np.int64(0)
    for a in range(copies + 1):
        pa = allk if a == 0 else st[S_PLAYED + a - 1]
        hb = allk if a == copies else st[h + copies - a - 1]
        full |= pa & hb
    unseen = allk & ~full
    allseats = (np.int64(1) << seats) - 1
    dside = st[CTL_DSIDE]
    mine = dside if (dside >> seat) & 1 else allseats & ~dside
    opps = allseats & ~mine
    voids = st[CTL_VOIDS]
    rankpts = st[RP_RANKPTS]
    n = st[CTL_NCARDS]
    if n > 0:
        leader = st[CTL_LEADER]
        wseat = (leader + st[CTL_BESTPOS]) % seats
        stake = st[CTL_TPTS] + st[RP_PER_TRICK]
        return v1_follow(lg, unseen, mine, opps, trump, voids, n, leader, st[CTL_BEST], wseat,
                         st[S_TRICK] >> 4, stake, seats, lane, rankpts)
    # unseen copies per suit (8 bits a suit) and trumps held, for the lead
    ucount = np.int64(0)
    my_trumps_n = 0
    for s in range(4):
        sm = suit_mask(s, lane)
        c = copies * st[RP_NRANKS]
        for p in range(copies):
            held = popcount(st[h + p] & sm)
            c -= held + popcount(st[S_PLAYED + p] & sm)
            if s == trump:
                my_trumps_n += held
        ucount |= c << (8 * s)
    return v1_lead(seat, lg, unseen, ucount, mine, opps, trump, voids, st[CTL_DECLARER], my_trumps_n,
                   lane, rankpts)


@hot
def choose(st, code):
    """The card kind policy ``code`` (see :data:`POLICY_CODES`) plays for the seat to play in ``st``."""
    if code == 0:
        return random_move(st)
    return v1_move(st)
