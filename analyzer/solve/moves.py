"""Move generation and ordering at a node of the search.

The legal cards come from the trick rules shared with the play engine
(:func:`analyzer.play.engine.legal_cards`). Legal kinds of one hand that are adjacent in the order of the
cards still out -- no other hand holds a card between them and none lies in the current trick -- and
worth as many points are one move (identical copies always are); the highest stands for the class.

The order tries first what usually ends the search soonest (the move a table entry suggests, then card-
play sense, the lead that last cut off at the same point breaking near-ties): a leader cashes a sure
winner or leads towards a partner's winner, and leads low otherwise; a follower lets a partner's sure
winner stand and adds points to it, takes a trick it can win with its cheapest winner (its dearest when
nobody after it can beat that), and otherwise plays its cheapest card.
"""

from __future__ import annotations

from analyzer.jit import highbit, hot, popcount
from analyzer.play.engine import beats, legal_cards
from analyzer.solve.layout import (
    F_KILLER,
    F_MERGE,
    F_ORDER,
    MAX_PLANES,
    MAXMV,
    NF,
    OFF_H,
    OFF_KILL,
    OFF_MS,
    OFF_MV,
    OFF_PLY,
    OFF_PTS,
    P_FLAGS,
    P_FOLLOW,
    P_HEAD,
    P_LANE,
    P_MAXMASK,
    P_MUSTTRUMP,
    P_SEATS,
    P_TRUMP,
    R_FIRST,
    R_LED,
    R_NC,
    R_P,
    R_TM,
    R_TPOS,
    R_TTMOVE,
    R_WC,
    R_WS,
)

#: the lead that last cut off with the same seat on lead and as many tricks left (the *killer*) moves up by
#: this much: a tie-break among leads that score alike, not a jump to the front (a bonus that put it first
#: cost 10 % more nodes on bridge-100 and 27 % more at the median auction deal; solver.md, step 49)
KILLER_BONUS = 40
#: the killer before it (the last distinct lead that cut off there before the killer) moves up by this
#: much (0: one killer a slot; solver.md, step 53)
KILLER2_BONUS = 20
#: a follower whose side surely wins the trick whatever it plays (a partner's winner stands, or a partner
#: still to play surely wins) scores every card as points under a partner's winner: no overtaking or
#: ruffing the partner, no winning cheaply what the side wins anyway (DDS's second / third hand low;
#: False: the old order; solver.md, step 55)
FOLLOW_SIDE_SURE = True
#: weight of a card's points when it beats the trick but an opponent after it may beat it: a counter is
#: not risked on a trick the opponents may still take (was +1; solver.md, step 56)
FOLLOW_RISK_PTS = -4
#: such a card of the led suit moves up by this much where only one of the opponents' cards after it beats
#: it (and none of them can ruff): it forces out their top card (DDS's third hand; 0: off; 10 measured the
#: same, 40 much worse; solver.md, step 57)
FOLLOW_FORCE = 20


@hot
def legal_now(W, d):
    """Kinds the seat to play at node ``d`` may play."""
    b = OFF_PLY + d * NF
    p = W[b + R_P]
    return legal_cards(W[OFF_H + MAX_PLANES * p], W[b + R_TPOS], W[b + R_LED], W[b + R_WC], W[P_TRUMP],
                       W[b + R_FIRST], W[P_HEAD], W[P_MUSTTRUMP], W[P_FOLLOW], W[P_LANE])


@hot
def can_beat(hq, x, led, trump, lane):
    """Whether a hand holding the kinds ``hq``, still to play to a trick led in ``led``, can beat card ``x``
    (following suit if able, else trumping)."""
    lq = hq & (lane << (16 * led))
    if lq != 0:
        return (x >> 4) == led and highbit(lq) > x
    if trump >= 0:
        tq = hq & (lane << (16 * trump))
        if tq != 0:
            return (x >> 4) != trump or highbit(tq) > x
    return False


@hot
def stands(W, x, p, lead, led, mine):
    """Whether card ``x``, winning the trick once seat ``p`` has played, stays unbeaten by the other side's
    seats still to play (those after ``p`` up to the leader)."""
    seats = W[P_SEATS]
    maxmask = W[P_MAXMASK]
    trump = W[P_TRUMP]
    lane = W[P_LANE]
    q = p + 1 if p + 1 < seats else 0
    while q != lead:
        if ((maxmask >> q) & 1) != mine and can_beat(W[OFF_H + MAX_PLANES * q], x, led, trump, lane):
            return False
        q = q + 1 if q + 1 < seats else 0
    return True


@hot
def suit_term(W, d, s, mine):
    """(score, ruff) of leading suit ``s`` at node ``d``: leads that leave the opponents few choices keep
    the proof small (a hand void in the suit may throw any card); ``ruff``: an opponent can ruff it."""
    b = OFF_PLY + d * NF
    lane = W[P_LANE]
    trump = W[P_TRUMP]
    seats = W[P_SEATS]
    maxmask = W[P_MAXMASK]
    tleft = W[b + R_NC] // seats
    sl = lane << (16 * s)
    choice = 0
    ruff = False
    for q in range(seats):
        if ((maxmask >> q) & 1) != mine:
            hq = W[OFF_H + MAX_PLANES * q]
            k = popcount(hq & sl)
            if k == 0:
                choice += tleft + 1
                if trump >= 0 and s != trump and (hq & (lane << (16 * trump))) != 0:
                    ruff = True
            else:
                choice += k
    return -(choice * 128) // 13, ruff


@hot
def lead_score(W, c, sc, ruff, others, partners):
    """Ordering score of leading ``c``, given its suit's term ``sc`` and ``ruff`` (:func:`suit_term`).

    A suit the opponents can ruff is poor. Then the card: a sure winner (dearer first), a low card
    towards a partner's winner, otherwise a low card.
    """
    sl = W[P_LANE] << (16 * (c >> 4))
    pts = W[OFF_PTS + c]
    om = others & sl
    if om == 0 or c >= highbit(om):
        if not ruff:
            return sc + 40 + 2 * pts + (c & 15)
        return sc - 15 + pts
    pm = partners & sl
    if pm != 0 and highbit(pm) >= highbit(om):
        # partner holds the suit's best card: lead low towards it
        return sc + 30 - 2 * pts - (c & 15)
    return sc + 17 - 2 * pts - (c & 15)


@hot
def partner_behind(W, p, lead, led, wc, mine):
    """Whether a partner of seat ``p`` still to play to the trick surely wins it: its best card (of the
    led suit, else its best trump) beats ``wc`` and no opponent can beat it (an opponent playing before
    that partner not even with an equal card: the first of two equal cards wins)."""
    seats = W[P_SEATS]
    maxmask = W[P_MAXMASK]
    trump = W[P_TRUMP]
    lane = W[P_LANE]
    q = p + 1 if p + 1 < seats else 0
    while q != lead:
        if ((maxmask >> q) & 1) == mine:
            hq = W[OFF_H + MAX_PLANES * q]
            lq = hq & (lane << (16 * led))
            y = -1
            if lq != 0:
                y = highbit(lq)
            elif trump >= 0 and (hq & (lane << (16 * trump))) != 0:
                y = highbit(hq & (lane << (16 * trump)))
            if y >= 0 and beats(y, wc, trump):
                ok = True
                before = True
                r = p + 1 if p + 1 < seats else 0
                while r != lead:
                    if r == q:
                        before = False
                    elif ((maxmask >> r) & 1) != mine:
                        hr = W[OFF_H + MAX_PLANES * r]
                        if can_beat(hr, y, led, trump, lane) or (before and ((hr >> y) & 1) != 0):
                            ok = False
                            break
                    r = r + 1 if r + 1 < seats else 0
                if ok:
                    return True
        q = q + 1 if q + 1 < seats else 0
    return False


@hot
def side_sure(W, d, p, mine):
    """Whether the side of seat ``p``, following at node ``d``, surely wins the trick whatever ``p``
    plays: a partner's winner stands, or a partner still to play surely wins it."""
    b = OFF_PLY + d * NF
    seats = W[P_SEATS]
    tpos = W[b + R_TPOS]
    lead = (p - tpos + seats) % seats
    led = W[b + R_LED]
    wc = W[b + R_WC]
    last = tpos == seats - 1
    if ((W[P_MAXMASK] >> W[b + R_WS]) & 1) == mine and (last or stands(W, wc, p, lead, led, mine)):
        return True
    return not last and partner_behind(W, p, lead, led, wc, mine)


@hot
def follow_score(W, d, c, p, mine, others, sure):
    """Ordering score of playing ``c`` to the trick in progress at node ``d`` (``others``: the kinds the
    other seats hold; ``sure``: our side surely wins the trick, :func:`side_sure`).

    A trick our side surely wins gets points: our own standing winner cheap in rank, or the dearest
    card under a partner's standing winner (or one still to play). A trick we lead only for now is won
    cheaply and without counters (a card only the opponents' top card beats goes first: it forces that
    card out), or not fed. A trick lost is given the cheapest card, a discard from a long suit and not a
    suit's top card.
    """
    b = OFF_PLY + d * NF
    trump = W[P_TRUMP]
    maxmask = W[P_MAXMASK]
    seats = W[P_SEATS]
    lane = W[P_LANE]
    wc = W[b + R_WC]
    ws = W[b + R_WS]
    tpos = W[b + R_TPOS]
    lead = (p - tpos + seats) % seats
    led = W[b + R_LED]
    pts = W[OFF_PTS + c]
    rank = c & 15
    last = tpos == seats - 1
    if sure:
        return 70 + 4 * pts - rank
    partner_wins = ((maxmask >> ws) & 1) == mine
    if beats(c, wc, trump):
        if last or stands(W, c, p, lead, led, mine):
            return 80 + 4 * pts - rank
        sc = 40 + FOLLOW_RISK_PTS * pts - rank
        if FOLLOW_FORCE != 0 and (c >> 4) == led:
            sl = lane << (16 * led)
            opp = 0
            ruffs = False
            q = p + 1 if p + 1 < seats else 0
            while q != lead:
                if ((maxmask >> q) & 1) != mine:
                    hq = W[OFF_H + MAX_PLANES * q]
                    if (hq & sl) != 0:
                        opp |= hq & sl
                    elif trump >= 0 and (hq & (lane << (16 * trump))) != 0:
                        ruffs = True
                q = q + 1 if q + 1 < seats else 0
            above = opp & ~((2 << c) - 1)
            if not ruffs and above != 0 and (above & (above - 1)) == 0:
                sc += FOLLOW_FORCE
        return sc
    if partner_wins:
        if last or stands(W, wc, p, lead, led, mine):
            return 70 + 4 * pts - rank
        return 30 - 4 * pts - rank
    sc = 10 - 4 * pts - rank
    s = c >> 4
    if s != led and s != trump:
        # a discard: from a long suit, not the suit's best card
        hp = W[OFF_H + MAX_PLANES * p]
        sl = lane << (16 * s)
        sc += 3 * popcount(hp & sl)
        if (others & sl) != 0 and c > highbit(others & sl):
            sc -= 12
    return sc


@hot
def gen_moves(W, d):
    """Generate the moves of node ``d`` into its move list, best first; returns their number.

    Each move is ``rep | low << 6``: the kind played (the highest of its class of equivalent cards) and
    the lowest kind of the class (the search pins it where the class stood for all its members)."""
    b = OFF_PLY + d * NF
    flags = W[P_FLAGS]
    seats = W[P_SEATS]
    lane = W[P_LANE]
    maxmask = W[P_MAXMASK]
    p = W[b + R_P]
    tpos = W[b + R_TPOS]
    L = legal_now(W, d)
    mine = (maxmask >> p) & 1
    others = 0
    partners = 0
    for q in range(seats):
        if q != p:
            hq = W[OFF_H + MAX_PLANES * q]
            others |= hq
            if ((maxmask >> q) & 1) == mine:
                partners |= hq
    O = others | W[b + R_TM]
    merge = (flags & F_MERGE) != 0
    order = (flags & F_ORDER) != 0
    mv = OFF_MV + MAXMV * d
    ms = OFF_MS + MAXMV * d
    n = 0
    ttm = W[b + R_TTMOVE]
    killer = -1
    killer2 = -1
    if tpos == 0 and (flags & F_KILLER) != 0:
        kk = OFF_KILL + 64 * p + W[b + R_NC] // seats
        killer = W[kk]
        killer2 = W[kk + 32]
    sure = FOLLOW_SIDE_SURE and order and tpos > 0 and side_sure(W, d, p, mine)
    # the classes of equivalent cards, suit by suit from the top: representative | lowest member << 6
    for s in range(4):
        x = L & (lane << (16 * s))
        prev = -1
        while x != 0:
            c = highbit(x)
            x &= ~(1 << c)
            if (merge and prev >= 0 and W[OFF_PTS + c] == W[OFF_PTS + prev]
                    and (O & ((2 << prev) - (1 << c))) == 0):
                W[mv + n - 1] = (W[mv + n - 1] & 63) | (c << 6)
                prev = c
                continue
            prev = c
            W[mv + n] = c | (c << 6)
            n += 1
    # ordering scores, then an insertion sort (best first; ties keep the generation order)
    last_s = -1
    st = 0
    ruff = False
    for i in range(n):
        c = W[mv + i] & 63
        sc = 0
        if order:
            if tpos == 0:
                if (c >> 4) != last_s:  # the moves come suit by suit: one suit term a suit
                    last_s = c >> 4
                    st, ruff = suit_term(W, d, last_s, mine)
                sc = lead_score(W, c, st, ruff, others, partners)
            else:
                sc = follow_score(W, d, c, p, mine, others, sure)
            if c == ttm:
                sc += 5000
            elif c == killer:
                sc += KILLER_BONUS
            elif c == killer2:
                sc += KILLER2_BONUS
        else:
            sc = c
        m = W[mv + i]
        j = i
        while j > 0 and W[ms + j - 1] < sc:
            W[mv + j] = W[mv + j - 1]
            W[ms + j] = W[ms + j - 1]
            j -= 1
        W[mv + j] = m
        W[ms + j] = sc
    return n
