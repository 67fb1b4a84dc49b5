"""The transposition table: bounds on the points still to come, each entry answering for many positions.

Only trick boundaries are stored. A *slot* belongs to one slot key -- the leader and, per hand, the
number of cards of each suit (and, without quasi-symmetry, of each point class within the suit) -- and
holds up to ``P_TTWAYS`` entries. An entry holds a lower and an upper bound on the max side's points
from here on, a best move, the stored position's point classes, and per suit a *depth*: the number of
ranks, from the highest still out down, whose owners it pins. It answers for every position of its slot
that agrees with it on the owners of those ranks.

Why that is sound (partition search, after Ginsberg; DDS's "winning ranks"): a search result records
the cards whose rank decided it (:mod:`analyzer.solve.search`); the depth of a suit reaches down to
its lowest such card. Take another position of the slot that agrees on the pinned owners. Map each of
its cards to the card at the same place in the order of its suit (pinned ranks) or to a card of the same
hand and suit (the rest, the *small* cards, paired from the dearest down). Under this map every trick has
the same winner -- no small card ever decided a trick by its rank -- and every legal-move set maps onto
the other. So a strategy proving a bound in one position can be played in the other, and only the points
change: by at most ``D-`` against the max side and ``D+`` for it, the sums over the mapped cards of how much
dearer one is than the other. Hence ``V >= lo - D-`` and ``V <= hi + D+`` (*quasi-symmetry*, as
Kupferschmid and Helmert use it for Skat); where every mapped card is worth the same, ``D- = D+ = 0``.
Ranks are compared only by their order among the cards still out ("relative ranks"), so positions that
differ in which cards were already played share entries too.

Slots are found by a hash of the slot key, two candidate slots per key; a probe compares the whole key
and the stamp, so only entries of the current solve and the same key are ever read.
"""

from __future__ import annotations

from analyzer.jit import highbit, hot
from analyzer.solve.layout import (
    C_EVICT,
    C_HITS,
    C_PROBES,
    C_SLOTMISS,
    C_STORES,
    COUNT,
    E_CK,
    E_META,
    E_PAT,
    ENTRY,
    F_PART,
    F_QUASI,
    M_VAL,
    NF,
    OFF_CK,
    OFF_CKMASK,
    OFF_CKOFF,
    OFF_CNT,
    OFF_CVAL,
    OFF_LK,
    OFF_OMASK,
    OFF_OWNSEAT,
    OFF_PLY,
    OFF_TT,
    P_FLAGS,
    P_LANE,
    P_NCLS,
    P_OBITS,
    P_SEATS,
    P_SLOT,
    P_STAMP,
    P_TTSLOTS,
    P_TTWAYS,
    R_LEAD,
    R_NC,
    R_PAT,
    R_PATOK,
    R_REL,
    R_TTMOVE,
    S_CK,
    S_META,
    SLOT_HDR,
)
from analyzer.solve.position import all_held, mix, set_patterns


@hot
def key_word(W, q):
    """Seat ``q``'s part of the slot key: its suit lengths (quasi-symmetry), else its coarse key."""
    if (W[P_FLAGS] & F_QUASI) != 0:
        return W[OFF_LK + q]
    return W[OFF_CK + q]


@hot
def slot_pair(W, lead):
    """Offset of the first of the two slots the slot key of the current position (``lead`` to lead)
    may live in."""
    h = lead + 1
    for q in range(W[P_SEATS]):
        h = mix(h ^ key_word(W, q))
        h ^= h >> 29
    nslots = 1 << W[P_TTSLOTS]
    idx = (h & (nslots - 1)) & ~1
    return OFF_TT + idx * (SLOT_HDR + W[P_TTWAYS] * ENTRY)


@hot
def slot_matches(W, base, lead):
    """Whether the slot at ``base`` holds the current position's slot key (in this solve)."""
    meta = W[base + S_META]
    if ((meta >> 4) & 0xFFFFFFFF) != W[P_STAMP] or (meta & 15) != lead:
        return False
    for q in range(W[P_SEATS]):
        if W[base + S_CK + q] != key_word(W, q):
            return False
    return True


@hot
def find_slot(W, lead):
    """The slot of the current position's slot key, or -1."""
    base = slot_pair(W, lead)
    if slot_matches(W, base, lead):
        return base
    base2 = base + SLOT_HDR + W[P_TTWAYS] * ENTRY
    if slot_matches(W, base2, lead):
        return base2
    return -1


@hot
def depth_kinds(W, depths):
    """The kinds that pin an entry's ``depths`` in the current position: per suit the lowest pinned rank."""
    lane = W[P_LANE]
    allh = all_held(W)
    rel = 0
    for s in range(4):
        k = (depths >> (4 * s)) & 15
        if k == 0:
            continue
        m = (allh >> (16 * s)) & lane
        while k > 1:
            m &= ~(1 << highbit(m))
            k -= 1
        rel |= (1 << highbit(m)) << (16 * s)
    return rel


@hot
def class_counts(W, ck, s):
    """The counts of suit ``s``'s point classes in coarse key word ``ck``, as 4-bit fields."""
    v = 0
    for j in range(W[P_NCLS]):
        v |= ((ck >> W[OFF_CKOFF + 8 * s + j]) & W[OFF_CKMASK + 8 * s + j]) << (4 * j)
    return v


@hot
def paired_gap(W, ve, vp):
    """(D-, D+) between two equal-sized card multisets (class counts in 4-bit fields, ``ve`` the stored
    position's, ``vp`` the current one's) paired from the dearest down: the points by which the stored
    cards exceed the current ones, and the other way round."""
    dmin = 0
    dplus = 0
    i = W[P_NCLS] - 1
    j = i
    ce = (ve >> (4 * i)) & 15
    cp = (vp >> (4 * j)) & 15
    while i >= 0 and j >= 0:
        if ce == 0:
            i -= 1
            if i >= 0:
                ce = (ve >> (4 * i)) & 15
            continue
        if cp == 0:
            j -= 1
            if j >= 0:
                cp = (vp >> (4 * j)) & 15
            continue
        m = ce if ce < cp else cp
        diff = W[OFF_CVAL + i] - W[OFF_CVAL + j]
        if diff > 0:
            dmin += diff * m
        else:
            dplus -= diff * m
        ce -= m
        cp -= m
    return dmin, dplus


@hot
def point_gap(W, e, b, dep):
    """(D-, D+) between the stored position of entry ``e`` and the position of node record ``b``, which
    agree on the owners of the entry's pinned ranks (see the module docstring)."""
    seats = W[P_SEATS]
    slot = W[P_SLOT]
    obits = W[P_OBITS]
    fmask = (1 << slot) - 1
    cmask = (1 << obits) - 1
    dmin = 0
    dplus = 0
    for s in range(4):
        k = (dep >> (4 * s)) & 15
        pe = W[e + E_PAT + s]
        pp = W[b + R_PAT + s]
        ve0 = class_counts(W, W[e + E_CK], s)
        vp0 = class_counts(W, W[OFF_CK], s)
        ve1 = class_counts(W, W[e + E_CK + 1], s) if seats > 1 else 0
        vp1 = class_counts(W, W[OFF_CK + 1], s) if seats > 1 else 0
        ve2 = class_counts(W, W[e + E_CK + 2], s) if seats > 2 else 0
        vp2 = class_counts(W, W[OFF_CK + 2], s) if seats > 2 else 0
        ve3 = class_counts(W, W[e + E_CK + 3], s) if seats > 3 else 0
        vp3 = class_counts(W, W[OFF_CK + 3], s) if seats > 3 else 0
        for i in range(k):
            fe = (pe >> (i * slot)) & fmask
            fp = (pp >> (i * slot)) & fmask
            code = fe & cmask
            ce = fe >> obits
            cp = fp >> obits
            own = OFF_OWNSEAT + 4 * code
            n0 = W[own]
            n1 = W[own + 1]
            n2 = W[own + 2]
            n3 = W[own + 3]
            # the pinned cards leave the seats' small cards
            ve0 -= n0 << (4 * ce)
            vp0 -= n0 << (4 * cp)
            ve1 -= n1 << (4 * ce)
            vp1 -= n1 << (4 * cp)
            ve2 -= n2 << (4 * ce)
            vp2 -= n2 << (4 * cp)
            ve3 -= n3 << (4 * ce)
            vp3 -= n3 << (4 * cp)
            if ce != cp:
                diff = W[OFF_CVAL + ce] - W[OFF_CVAL + cp]
                if diff > 0:
                    dmin += diff * (n0 + n1 + n2 + n3)
                else:
                    dplus -= diff * (n0 + n1 + n2 + n3)
        a, c = paired_gap(W, ve0, vp0)
        dmin += a
        dplus += c
        if seats > 1:
            a, c = paired_gap(W, ve1, vp1)
            dmin += a
            dplus += c
        if seats > 2:
            a, c = paired_gap(W, ve2, vp2)
            dmin += a
            dplus += c
        if seats > 3:
            a, c = paired_gap(W, ve3, vp3)
            dmin += a
            dplus += c
    return dmin, dplus


@hot
def same_points(W, e, b, dep):
    """Whether entry ``e``'s stored position and node record ``b``'s agree in every card's point class
    (then the entry answers exactly)."""
    for q in range(W[P_SEATS]):
        if W[e + E_CK + q] != W[OFF_CK + q]:
            return False
    slot = W[P_SLOT]
    for s in range(4):
        k = (dep >> (4 * s)) & 15
        if k != 0 and ((W[e + E_PAT + s] ^ W[b + R_PAT + s]) & ((1 << (k * slot)) - 1)) != 0:
            return False
    return True


@hot
def probe(W, d, beta):
    """Look the trick-boundary position at node ``d`` up for the null window ``(beta - 1, beta)``.

    Returns a bound that decides the window (sets the node's relevance to the ranks the entry pins),
    or -1. The slot's entries are read newest first, and an entry that decides becomes the newest (a
    full slot replaces its oldest: docs/solver.md steps 86-87); the newest entry that matches without
    deciding leaves its best move in ``R_TTMOVE``.
    """
    b = OFF_PLY + d * NF
    if COUNT:
        W[OFF_CNT + C_PROBES] += 1
    lead = W[b + R_LEAD]
    base = find_slot(W, lead)
    if base < 0:
        if COUNT:
            W[OFF_CNT + C_SLOTMISS] += 1
        return -1
    if W[b + R_PATOK] == 0:
        set_patterns(W, d)
    quasi = (W[P_FLAGS] & F_QUASI) != 0
    p0 = W[b + R_PAT]
    p1 = W[b + R_PAT + 1]
    p2 = W[b + R_PAT + 2]
    p3 = W[b + R_PAT + 3]
    meta = W[base + S_META]
    used = (meta >> 36) & 0x3FF
    ways = W[P_TTWAYS]
    nxt = (meta >> 46) & 0x3FF if used == ways else used
    ew = base + SLOT_HDR
    moved = False
    for t in range(used):
        i = nxt - 1 - t
        if i < 0:
            i += used
        e = ew + i * ENTRY
        em = W[e + E_META]
        dep = (em >> 24) & 0xFFFF
        # owners must agree on the pinned ranks (point classes too, without quasi-symmetry)
        if quasi:
            m0 = W[OFF_OMASK + (dep & 15)]
            m1 = W[OFF_OMASK + ((dep >> 4) & 15)]
            m2 = W[OFF_OMASK + ((dep >> 8) & 15)]
            m3 = W[OFF_OMASK + ((dep >> 12) & 15)]
        else:
            slot = W[P_SLOT]
            m0 = (1 << ((dep & 15) * slot)) - 1
            m1 = (1 << (((dep >> 4) & 15) * slot)) - 1
            m2 = (1 << (((dep >> 8) & 15) * slot)) - 1
            m3 = (1 << (((dep >> 12) & 15) * slot)) - 1
        if (((W[e + E_PAT] ^ p0) & m0) | ((W[e + E_PAT + 1] ^ p1) & m1) | ((W[e + E_PAT + 2] ^ p2) & m2)
                | ((W[e + E_PAT + 3] ^ p3) & m3)) != 0:
            continue
        lo = em & M_VAL
        hi = (em >> 12) & M_VAL
        if lo >= beta or hi < beta:
            if quasi and not same_points(W, e, b, dep):
                dmin, dplus = point_gap(W, e, b, dep)
                lo -= dmin
                hi += dplus
            if lo >= beta or hi < beta:
                if COUNT:
                    W[OFF_CNT + C_HITS] += 1
                W[b + R_REL] = depth_kinds(W, dep)
                if t != 0:  # the entry answered: it becomes the slot's newest (replaced last)
                    top = nxt - 1
                    if top < 0:
                        top += used
                    f = ew + top * ENTRY
                    for j in range(ENTRY):
                        x = W[e + j]
                        W[e + j] = W[f + j]
                        W[f + j] = x
                return lo if lo >= beta else hi
        bm = (em >> 40) & 127
        if bm != 0 and not moved:
            W[b + R_TTMOVE] = bm - 1
            moved = True
    return -1


@hot
def entry_depths(W, rel):
    """Per suit (4 bits each) the number of ranks still out, from the highest down to the lowest kind
    in ``rel`` (all of them without partition entries)."""
    lane = W[P_LANE]
    allh = all_held(W)
    part = (W[P_FLAGS] & F_PART) != 0
    dep = 0
    for s in range(4):
        m = (allh >> (16 * s)) & lane
        if part:
            r = (rel >> (16 * s)) & lane
            if r == 0:
                continue
            low = r & -r
            m &= ~(low - 1)
        n = 0
        while m != 0:
            m &= m - 1
            n += 1
        dep |= n << (4 * s)
    return dep


@hot
def store(W, d, lo, hi, best):
    """Record bounds ``lo <= value <= hi`` of the trick-boundary position at node ``d``, valid where its
    relevance ``R_REL`` says, with its best move ``best`` (-1: none)."""
    b = OFF_PLY + d * NF
    seats = W[P_SEATS]
    lead = W[b + R_LEAD]
    ways = W[P_TTWAYS]
    sw = SLOT_HDR + ways * ENTRY
    base = find_slot(W, lead)
    if base < 0:
        # take the candidate slot that is empty, else the one holding the position with fewer cards
        b0 = slot_pair(W, lead)
        b1 = b0 + sw
        stamp = W[P_STAMP]
        m0 = W[b0 + S_META]
        m1 = W[b1 + S_META]
        if ((m0 >> 4) & 0xFFFFFFFF) != stamp:
            base = b0
        elif ((m1 >> 4) & 0xFFFFFFFF) != stamp:
            base = b1
        elif ((m0 >> 56) & 0x7F) < ((m1 >> 56) & 0x7F):
            base = b0
        else:
            base = b1
        if COUNT and ((W[base + S_META] >> 4) & 0xFFFFFFFF) == stamp:
            W[OFF_CNT + C_EVICT] += (W[base + S_META] >> 36) & 0x3FF
        for q in range(seats):
            W[base + S_CK + q] = key_word(W, q)
        W[base + S_META] = lead | (stamp << 4) | (W[b + R_NC] << 56)
    if W[b + R_PATOK] == 0:
        set_patterns(W, d)
    if COUNT:
        W[OFF_CNT + C_STORES] += 1
    slot = W[P_SLOT]
    dep = entry_depths(W, W[b + R_REL])
    p0 = W[b + R_PAT] & ((1 << ((dep & 15) * slot)) - 1)
    p1 = W[b + R_PAT + 1] & ((1 << (((dep >> 4) & 15) * slot)) - 1)
    p2 = W[b + R_PAT + 2] & ((1 << (((dep >> 8) & 15) * slot)) - 1)
    p3 = W[b + R_PAT + 3] & ((1 << (((dep >> 12) & 15) * slot)) - 1)
    meta = W[base + S_META]
    used = (meta >> 36) & 0x3FF
    e = base + SLOT_HDR
    for _ in range(used):
        em = W[e + E_META]
        if ((em >> 24) & 0xFFFF) == dep and W[e + E_PAT] == p0 and W[e + E_PAT + 1] == p1 \
                and W[e + E_PAT + 2] == p2 and W[e + E_PAT + 3] == p3:
            same = True
            for q in range(seats):
                if W[e + E_CK + q] != W[OFF_CK + q]:
                    same = False
            if same:
                elo = em & M_VAL
                ehi = (em >> 12) & M_VAL
                if lo > elo:
                    elo = lo
                if hi < ehi:
                    ehi = hi
                bm = (em >> 40) & 127
                if best >= 0:
                    bm = best + 1
                W[e + E_META] = elo | (ehi << 12) | (dep << 24) | (bm << 40)
                return
        e += ENTRY
    if used < ways:
        e = base + SLOT_HDR + used * ENTRY
        used += 1
        nxt = (meta >> 46) & 0x3FF
    else:
        if COUNT:
            W[OFF_CNT + C_EVICT] += 1
        nxt = (meta >> 46) & 0x3FF
        e = base + SLOT_HDR + nxt * ENTRY
        nxt = nxt + 1 if nxt + 1 < ways else 0
    W[e + E_PAT] = p0
    W[e + E_PAT + 1] = p1
    W[e + E_PAT + 2] = p2
    W[e + E_PAT + 3] = p3
    for q in range(seats):
        W[e + E_CK + q] = W[OFF_CK + q]
    W[e + E_META] = lo | (hi << 12) | (dep << 24) | ((best + 1) << 40)
    W[base + S_META] = (meta & ~(0xFFFFF << 36)) | (used << 36) | (nxt << 46)
