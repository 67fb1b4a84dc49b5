"""Sure-point bounds at a trick boundary: points a side takes whatever the other side does.

Lower bounds on a side's points from here on (the best one counts):

* *top trumps*: the side's trumps ranked strictly above every trump of the other side each win a trick
  (of one seat's such trumps no two share a trick), so the side takes at least their points and as
  many tricks as its seat holding most of them;
* *cashing* (the side on lead): the leader draws trumps with its top trumps and cashes the cards no
  other hand can beat, and the long cards of a suit the opponents run out of (see :func:`cashing`);
* *trump length* (either side, switch ``tlen``): every card is played some time, and a trump of seat q
  lies in a trick the other side wins only if that trick holds one of the other side's trumps of rank
  at least its own (higher, or the same rank played first). q plays one card a trick, so those trumps
  are distinct: q loses at most M_q trumps, M_q the largest matching of the other side's trumps to q's
  of lower or equal rank (found top down). q's other trumps win distinct tricks whatever anyone plays,
  and the lost ones are among q's trumps no higher than the other side's best (at most their M_q
  dearest). It holds under any follow, heading or must-trump rule (it reads no legality), for the side
  on lead or not: DDS's "later tricks" for the trump suit, counted in points;
* *forced points* (switch ``forced``): to the k tricks a trump bound says one seat of the side wins,
  each seat of the other side plays k distinct cards of its hand: at least its k cheapest.

Each bound also yields its relevance: the cards whose rank it relied on (the other side's best trump;
per cashed suit the others' best card; for trump length the side's lowest trump: with the owners of
every trump down to it fixed and each hand's trump count, the side holds the same trumps and the
other side's trumps below them match none), so that table entries stay sound (see :mod:`table`).
Forced points rely on no rank (only on the points of each hand's cards).
"""

from __future__ import annotations

from analyzer.jit import highbit, hot, popcount
from analyzer.solve.layout import (
    F_ENTRY,
    F_FORCED,
    F_TLEN,
    MAX_PLANES,
    NF,
    OFF_CMASK,
    OFF_CVAL,
    OFF_H,
    OFF_PLY,
    OFF_PTS,
    P_COPIES,
    P_FLAGS,
    P_FOLLOW,
    P_LANE,
    P_LAST,
    P_MUSTTRUMP,
    P_NCLS,
    P_PERTRICK,
    P_SEATS,
    P_TRUMP,
    R_LEAD,
    R_NC,
)
from analyzer.solve.position import count_in, held


@hot
def cheapest(W, q, mask, n):
    """Points of the ``n`` cheapest cards of seat ``q`` among the kinds in ``mask`` (fewer if it holds
    fewer)."""
    ncls = W[P_NCLS]
    out = 0
    for j in range(ncls):
        if n <= 0:
            break
        k = count_in(W, q, mask & W[OFF_CMASK + j])
        if k > n:
            k = n
        out += k * W[OFF_CVAL + j]
        n -= k
    return out


@hot
def dearest(W, q, mask, n):
    """Points of the ``n`` dearest cards of seat ``q`` among the kinds in ``mask``."""
    ncls = W[P_NCLS]
    out = 0
    for j in range(ncls - 1, -1, -1):
        if n <= 0:
            break
        k = count_in(W, q, mask & W[OFF_CMASK + j])
        if k > n:
            k = n
        out += k * W[OFF_CVAL + j]
        n -= k
    return out


@hot
def top_cards(W, q, mask, n):
    """(points, lowest kind) of the ``n`` highest-ranked cards (copies counted) seat ``q`` holds among
    the kinds in ``mask``."""
    copies = W[P_COPIES]
    h = OFF_H + MAX_PLANES * q
    x = W[h] & mask
    pts = 0
    low = -1
    while x != 0 and n > 0:
        c = highbit(x)
        x &= ~(1 << c)
        k = 0
        for pl in range(copies):
            k += (W[h + pl] >> c) & 1
        if k > n:
            k = n
        pts += k * W[OFF_PTS + c]
        n -= k
        low = c
    return pts, low


@hot
def top_trumps(W, side, tleft):
    """(points, relevance): the *top trumps* bound of the seats in bitmask ``side``."""
    trump = W[P_TRUMP]
    if trump < 0:
        return 0, 0
    seats = W[P_SEATS]
    lane = W[P_LANE]
    tl = lane << (16 * trump)
    out = 0
    for q in range(seats):
        if ((side >> q) & 1) == 0:
            out |= held(W, q) & tl
    above = tl
    if out != 0:
        above = tl & ~((2 << highbit(out)) - 1)
    ptsum = 0
    kmax = 0
    sidetop = 0
    copies = W[P_COPIES]
    for q in range(seats):
        if ((side >> q) & 1) == 0:
            continue
        k = 0
        for pl in range(copies):
            x = W[OFF_H + MAX_PLANES * q + pl] & above
            sidetop |= x
            while x != 0:
                c = highbit(x)
                x &= ~(1 << c)
                ptsum += W[OFF_PTS + c]
                k += 1
        if k > kmax:
            kmax = k
    if kmax == 0:
        return 0, 0
    # the side's trumps above the other side's best: pinned down to the lowest of them (if the other
    # side holds a trump at all; else every trump of the side counts, whatever its rank)
    rel = (sidetop & -sidetop) if out != 0 else 0
    pts = ptsum + W[P_PERTRICK] * kmax + (W[P_LAST] if kmax >= tleft else 0)
    if (W[P_FLAGS] & F_FORCED) != 0:
        pts += forced(W, side, kmax)
    return pts, rel


@hot
def trump_length(W, side):
    """(points, tricks, relevance): the *trump length* bound of the seats in bitmask ``side``, or zeros
    when the other side holds no trump (then :func:`top_trumps` counts them all).

    Per seat q of the side, the other side's trumps are matched to q's, each to one of q's of lower or
    equal rank, top down (an optimal matching: a higher trump can take whatever a lower one can); M_q
    matched, q keeps at least k_q - M_q trump tricks and every trump's points but its M_q dearest among
    those no higher than the other side's best trump. Relevance: the side's lowest trump."""
    trump = W[P_TRUMP]
    if trump < 0:
        return 0, 0, 0
    seats = W[P_SEATS]
    tl = W[P_LANE] << (16 * trump)
    oth = 0
    mine = 0
    for q in range(seats):
        if ((side >> q) & 1) == 0:
            oth |= held(W, q) & tl
        else:
            mine |= held(W, q) & tl
    if oth == 0 or mine == 0:
        return 0, 0, 0
    beatable = tl & ((2 << highbit(oth)) - 1)  # trumps no higher than the other side's best
    ptsum = 0
    kmax = 0
    for q in range(seats):
        if ((side >> q) & 1) == 0:
            continue
        hq = held(W, q) & tl
        if hq == 0:
            continue
        x = hq | oth
        avail = 0
        m = 0
        k = 0
        while x != 0:
            c = highbit(x)
            x &= ~(1 << c)
            for o in range(seats):
                if ((side >> o) & 1) == 0:
                    avail += count_in(W, o, 1 << c)
            nq = count_in(W, q, 1 << c)
            mm = nq if nq < avail else avail
            avail -= mm
            m += mm
            k += nq
            ptsum += nq * W[OFF_PTS + c]
        ptsum -= dearest(W, q, beatable, m)
        if k - m > kmax:
            kmax = k - m
    return ptsum, kmax, mine & -mine


@hot
def forced(W, side, k):
    """Points the seats outside bitmask ``side`` surely put on ``k`` tricks: each seat's ``k`` cheapest
    cards (it plays ``k`` distinct cards to them)."""
    if k <= 0:
        return 0
    allk = 0
    for q in range(W[P_SEATS]):
        allk |= held(W, q)
    out = 0
    for q in range(W[P_SEATS]):
        if ((side >> q) & 1) == 0:
            out += cheapest(W, q, allk, k)
    return out


@hot
def max_len(W, side, mask):
    """The longest holding among the seats outside bitmask ``side`` of the kinds in ``mask``."""
    m = 0
    for q in range(W[P_SEATS]):
        if ((side >> q) & 1) == 0:
            k = count_in(W, q, mask)
            if k > m:
                m = k
    return m


@hot
def cashing(W, lead, side, tleft, need):
    """(points, relevance): the *cashing* bound of ``side`` (bitmask of seats) with ``lead`` on lead,
    counted until it reaches ``need`` points (so that it pins no more ranks than the cut needs).

    The leader first draws trumps with its top trumps, then cashes plain suits, each time playing cards
    no other hand can beat (a card of the partner's could overtake it and take the lead, so it counts
    as the others' too); once it has led as many winners as the longest other holding, its remaining
    cards of the suit win as well. A plain suit is cashed no further than any hand still holding a trump
    can follow it. The others follow with their cheapest cards of the suit; a hand that has had to
    discard counts nothing from then on (it could have thrown anything).
    """
    if W[P_FOLLOW] == 0:
        return 0, 0
    seats = W[P_SEATS]
    lane = W[P_LANE]
    trump = W[P_TRUMP]
    must = W[P_MUSTTRUMP] != 0
    pts = 0
    rel = 0
    ntot = 0
    nt = 0  # trump rounds drawn
    disc = 0  # bit q: seat q has discarded
    opp_trumps = False
    if trump >= 0:
        tl = lane << (16 * trump)
        for q in range(seats):
            if ((side >> q) & 1) == 0 and (held(W, q) & tl) != 0:
                opp_trumps = True
    for ph in range(5):
        if ph == 0:
            if trump < 0 or not opp_trumps:
                continue
            s = trump
        else:
            s = ph - 1
            if s == trump:
                continue
        sl = lane << (16 * s)
        om = 0
        for q in range(seats):
            if q != lead:
                om |= held(W, q) & sl
        win = sl
        if om != 0:
            win = sl & ~((1 << highbit(om)) - 1)
        w = count_in(W, lead, win)
        if w == 0:
            continue
        n = w
        if w >= max_len(W, 1 << lead, sl):
            n = count_in(W, lead, sl)  # the others run out: the rest of the suit wins too
        if ph > 0 and trump >= 0:
            tl = lane << (16 * trump)
            for q in range(seats):
                if q == lead:
                    continue
                if ((side >> q) & 1) != 0 and not must:
                    continue  # a partner need not ruff
                if count_in(W, q, tl) > nt:
                    co = count_in(W, q, sl)
                    if co < n:
                        n = co
            if n == 0:
                continue
        if n > w:
            # the whole suit: pinned down to the leader's lowest winner (the rest win by length)
            pw, low = top_cards(W, lead, win, w)
            pts += cheapest(W, lead, sl, n)
        else:
            pw, low = top_cards(W, lead, win, n)
            pts += pw
        if om != 0:
            rel |= 1 << low
        for q in range(seats):
            if q == lead:
                continue
            co = count_in(W, q, sl)
            f = n if co >= n else co
            if ((disc >> q) & 1) == 0:
                pts += cheapest(W, q, sl, f)
            if f < n:
                disc |= 1 << q
        ntot += n
        if ph == 0:
            nt = n
        if pts + W[P_PERTRICK] * ntot + (W[P_LAST] if ntot >= tleft else 0) >= need:
            break
    if trump >= 0 and not opp_trumps and ntot < tleft:
        # the side's trumps, untouched by the cashing above: each wins a trick
        tl = lane << (16 * trump)
        kmax = 0
        for q in range(seats):
            if ((side >> q) & 1) != 0:
                k = count_in(W, q, tl)
                pts += dearest(W, q, tl, k)
                if k > kmax:
                    kmax = k
        if ntot + kmax > tleft:
            kmax = tleft - ntot
        ntot += kmax
    if ntot == 0:
        return 0, 0
    pts += W[P_PERTRICK] * ntot
    if ntot >= tleft:
        pts += W[P_LAST]
    return pts, rel


@hot
def entry_to(W, lead, p, side):
    """The kind with which partner ``p`` surely wins a low lead of ``lead``'s (an *entry*), or -1.

    A suit qualifies when every seat outside ``side`` holds a card of it (nobody ruffs or discards),
    ``p``'s best card of the suit ranks strictly above every card of it the other side holds, and the
    leader holds a card of the suit below it (which it leads). That trick is the first round of the
    suit in ``p``'s own cashing (:func:`cashing` with ``p`` on lead), so ``p``'s cashing bound holds
    for the side on lead too. The entry's card is what its rank decides (owners of the ranks down to
    it pinned)."""
    seats = W[P_SEATS]
    lane = W[P_LANE]
    hl = held(W, lead)
    hp = held(W, p)
    for s in range(4):
        sl = lane << (16 * s)
        if (hp & sl) == 0 or (hl & sl) == 0:
            continue
        top = highbit(hp & sl)
        ok = (hl & sl & ((1 << top) - 1)) != 0
        q = 0
        while ok and q < seats:
            if ((side >> q) & 1) == 0:
                hq = held(W, q) & sl
                if hq == 0 or highbit(hq) >= top:
                    ok = False
            q += 1
        if ok:
            return top
    return -1


@hot
def sure_points(W, d, side, need):
    """(points, relevance): a lower bound of what the seats in bitmask ``side`` take from the trick
    boundary at node ``d``, and the cards it relied on; the bounds stop counting once they reach
    ``need`` (the points that decide the caller's window)."""
    b = OFF_PLY + d * NF
    tleft = W[b + R_NC] // W[P_SEATS]
    lo, rel = top_trumps(W, side, tleft)
    if lo >= need:
        return lo, rel
    lead = W[b + R_LEAD]
    if ((side >> lead) & 1) != 0:
        c, crel = cashing(W, lead, side, tleft, need)
        if c > lo:
            lo = c
            rel = crel
        if (W[P_FLAGS] & F_ENTRY) != 0 and lo < need:
            # the leader leads low to a partner's sure winner, and the partner cashes
            for p in range(W[P_SEATS]):
                if p == lead or ((side >> p) & 1) == 0:
                    continue
                top = entry_to(W, lead, p, side)
                if top < 0:
                    continue
                c, crel = cashing(W, p, side, tleft, need)
                if c > lo:
                    lo = c
                    rel = crel | (1 << top)
                    if lo >= need:
                        break
    if (W[P_FLAGS] & F_TLEN) != 0 and lo < need:
        tp, k, trel = trump_length(W, side)
        if k > 0:
            tp += W[P_PERTRICK] * k + (W[P_LAST] if k >= tleft else 0)
            if (W[P_FLAGS] & F_FORCED) != 0:
                tp += forced(W, side, k)
            if tp > lo:
                lo = tp
                rel = trel
    return lo, rel


__all__ = ["cashing", "cheapest", "dearest", "forced", "popcount", "sure_points", "top_trumps", "trump_length"]
