"""Numba kernels of the double-dummy solver: null-window alpha-beta on card points.

A *position* is every hand (count planes ``int64[seats, copies]``), the cards already played to the
current trick, who led it, and the trump suit. Its value is the number of points the *max side* (the
declaring side: a partnership, or one player against the others) takes from here on with best play by
both sides: card points of the tricks it wins, ``per_trick`` points for each of them (bridge: 1, so
the value is the number of tricks) and ``last_trick`` points for the last trick.

The search is an iterative (explicit stack) fail-soft alpha-beta that the driver calls with null
windows ``(t - 1, t)`` -- "can the max side reach t?" -- and narrows the exact value by MTD(f) or
binary search. Positions at trick boundaries go to a transposition table keyed on *relative ranks*:
inside a suit only the order of the cards still held matters, together with the sequence of point
values of those ranks, so positions that differ only in which cards were already played share an entry.
Entries hold a lower and an upper bound of the position's value and so serve every target of every
search of one deal. Legal cards of one hand that are adjacent in the remaining order of their suit
and equal in points (identical copies always) are one move.

Further: sure-point bounds at trick boundaries (top trumps; the leader's cashable winners), move
ordering by trick situation plus a killer lead per seat and trick, and *winning-rank relevance*
(after Ginsberg's partition search, as DDS uses it): each result records the cards whose rank decided
it, and a player's other small cards of a suit already tried, worth as many points, are not searched.
Optionally (off by default, measured slower) table entries can hold only the decisive top ranks and
match every position that agrees in them.

Every kernel takes a node budget: when it is exhausted the search stops and the driver reports the
bounds it had proved so far instead of a value.

Once the value is exact, :func:`pv_line` can replay one optimal line (principal variation) against
the warm table -- at each card the first move in move order that keeps the value -- and report every
seat's points and tricks along it (what the Monte-Carlo driver scores).
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import batch, highbit, kernel, popcount, prange

try:  # the thread id selects each thread's transposition table inside ``prange``
    from numba import get_thread_id
except ImportError:  # pragma: no cover - numba < 0.57

    def get_thread_id():
        return 0


# ---- rule parameters (int64 vector ``prm``) --------------------------------------------------------
P_SEATS = 0
P_COPIES = 1
P_NRANKS = 2
P_LANE = 3
P_LAST = 4
P_PERTRICK = 5
P_FOLLOW = 6
P_MUSTTRUMP = 7
P_HEAD = 8
P_W = 9  # words of a table key (the last word holds the leader and the suits' point signatures)
P_FPW = 10  # (hand, plane) fields per key word
P_FBITS = 11  # bits of one field (4 * nranks)
P_SIGBITS = 12  # bits of one suit's point signature
P_MODE = 13  # 0 MTD(f), 1 binary search
P_ORDER = 14  # 0 plain high-to-low, 1 heuristic ordering
P_TT = 15  # 1 use the transposition table
P_MERGE = 16  # 1 merge rank-equivalent cards into one move
P_QUICK = 17  # 1 sure-point bounds at trick boundaries
P_REL = 18  # 1 relative-rank table keys (else the absolute cards)
P_NCLS = 19  # number of distinct card point values (point classes)
P_HIST = 20  # 1 killer leads: the lead that last cut off at the same trick of the same seat goes first
P_PRUNE = 21  # 1 winning-rank relevance: small cards shown never to win by rank are searched once
P_PART = 22  # 1 partition table: entries match every position that agrees in the cards that mattered
P_WC = 23  # partition keys: words of the coarse part (cards per hand, suit and point class)
P_CFB = 24  # partition keys: bits of one coarse field
P_CFPW = 25  # partition keys: coarse fields per word
P_BPK = 26  # partition keys: bits per rank in a suit's pattern (owners of its copies, copies, class)
P_CPB = 27  # partition keys: bits of the number of copies of a rank
P_K0 = 28  # partition keys: entries always fix at least this many top ranks per suit (they are hashed)
NPRM = 29

# ---- per-ply record (int64[maxply, NF]) ------------------------------------------------------------
F_P = 0  # player to move
F_TPOS = 1  # cards already in the current trick
F_LEAD = 2  # seat that led the current trick
F_WC = 3  # winning card of the trick so far (-1 when empty)
F_WS = 4  # seat of that card
F_TP = 5  # points of the cards in the trick
F_LED = 6  # led suit (-1 when empty)
F_TM = 7  # kinds in the trick (bitboard)
F_REM = 8  # card points still in the hands
F_NC = 9  # cards still in the hands
F_A = 10  # alpha (moves up as the node is searched)
F_B = 11  # beta
F_A0 = 12  # window as the node was entered (after the table narrowed it), for the table store
F_B0 = 13
F_BEST = 14
F_N = 15  # number of moves
F_I = 16  # index of the next move to try
F_CARD = 17  # card played from this node
F_PLANE = 18  # plane it was taken from
F_GAIN = 19  # points the max side got from the trick this card completed (else 0)
F_SLOT = 20  # table bucket of this boundary node (-1: no table store)
F_NODES = 21  # node count when the node was entered
F_FIRST = 22  # 1: the first lead of the deal must be a trump if the leader holds one
F_R = 23  # points still to be won from this node (upper bound of its value)
F_RELB = 24  # relevance of the node itself: cards whose rank decided which moves are legal
F_RELU = 25  # relevance: union of the node's own and of every child searched so far
F_SRCH = 26  # moves (class representatives) searched so far at this node
F_TREL = 27  # relevance of the trick completed by the move of this node (its winner, if it won by rank)
F_TDUP = 28  # kinds played twice to the current trick
F_RELR = 29  # relevance of the node's result (set at a cut-off)
NF = 30

MAXMV = 32
BIG = 1 << 40
HMUL = 0x5851F42D4C957F2D
MASK63 = 0x7FFFFFFFFFFFFFFF

# counters (int64 vector ``cnt``)
C_NODES = 0
C_BUDGET = 1
C_STAMP = 2
C_ABORT = 3
C_TTHITS = 4
C_STORES = 5
C_SEARCHES = 6
C_QCUTS = 7
C_CUTS = 8  # cut-offs
C_CUT1 = 9  # cut-offs by the first move tried
C_PRUNED = 10  # small cards not searched
C_ROOT = 11  # 1: the start node of a search always searches its moves (no sure-point or table cut there)
NCNT = 12


@kernel
def beats(c, w, trump):
    """Whether card kind ``c`` beats the trick's current winner ``w`` (identical cards do not)."""
    cs = c >> 4
    ws = w >> 4
    if cs == ws:
        return c > w
    return cs == trump


@kernel
def legal_mask(h0, tpos, led, wc, trump, follow, must_trump, head, first, lane):
    """Bitboard of the kinds a hand (plane 0 ``h0``) may play to the trick.

    Follow the led suit if able; else trump if ``must_trump`` and holding one; else anything. Heading
    (``head`` 2 = always, or 1 = trump-led when trump is led): a follower must beat the current winner
    if a card of the led suit can (not once the trick is trumped, unless trump was led); a player
    trumping must overtrump a trump already in the trick if able. ``first``: the leader holding a trump
    must lead one.
    """
    if tpos == 0:
        if first != 0 and trump >= 0:
            t = h0 & (lane << (16 * trump))
            if t != 0:
                return t
        return h0
    if follow == 0:
        return h0
    f = h0 & (lane << (16 * led))
    applies = head == 2 or (head == 1 and led == trump)
    if f != 0:
        if applies and (wc >> 4) == led:
            b = f & ~((1 << (wc + 1)) - 1)
            if b != 0:
                return b
        return f
    if trump >= 0:
        t = h0 & (lane << (16 * trump))
        if t != 0:
            if applies and (wc >> 4) == trump:
                o = t & ~((1 << (wc + 1)) - 1)
                if o != 0:
                    if must_trump != 0:
                        return o
                    return (h0 & ~t) | o
            if must_trump != 0:
                return t
    return h0


# Performance note: a numba call that passes arrays to a function LLVM does not inline costs an
# atomic reference-count increment and decrement per array (tens of nanoseconds). Everything done at
# every node therefore lives inside :func:`search`; the helpers it calls take scalars only.


@kernel
def can_beat(hq, x, led, trump, lane):
    """Whether a player with plane 0 ``hq``, still to play to the trick, is able to beat card ``x``."""
    lq = hq & (lane << (16 * led))
    if lq != 0:
        return (x >> 4) == led and highbit(lq) > x
    if trump >= 0:
        tq = hq & (lane << (16 * trump))
        if tq != 0:
            return (x >> 4) != trump or highbit(tq) > x
    return False


@kernel
def pick(q, h0, h1, h2, h3):
    """The value of seat ``q`` among four scalars."""
    if q == 0:
        return h0
    if q == 1:
        return h1
    if q == 2:
        return h2
    return h3


@kernel
def sure_after(h0, h1, h2, h3, maxmask, mine, p, leader, x, led, trump, lane, seats):
    """Whether card ``x``, winning the trick after seat ``p`` played, stays unbeaten by the opponents
    still to play (seats after ``p`` up to the leader); ``h0..h3`` are the hands' plane 0."""
    q = p + 1 if p + 1 < seats else 0
    while q != leader:
        if ((maxmask >> q) & 1) != mine and can_beat(pick(q, h0, h1, h2, h3), x, led, trump, lane):
            return False
        q = q + 1 if q + 1 < seats else 0
    return True


@kernel
def trick_winner_by_rank(tall, dup, wc):
    """Relevance of a completed trick: its winner, if another card of the winner's suit (or an
    identical copy) is in the trick -- it won by rank; else nothing."""
    if ((tall & (0x7FFF << (16 * (wc >> 4)))) & ~(1 << wc)) != 0 or (dup & (1 << wc)) != 0:
        return 1 << wc
    return 0


@kernel
def mix(x):
    """Multiplicative hash step on 63 bits (the same under numba's wrapping int64 and Python ints)."""
    return (int(x) * HMUL) & MASK63


@kernel
def position_key(H, prm, sig, ctab, keys, d, lead):
    """Relative-rank key of the trick-boundary position in ``H`` (``lead`` to lead) into ``keys[d]``;
    returns its hash (>= 0).

    Each (hand, plane) is a field of ``4 * nranks`` bits: per suit, the hand's cards renumbered by their
    order among the ranks still held by anyone. The last word holds the leader and, per suit, the id of
    the sequence of point values of the ranks still held.
    """
    seats = prm[P_SEATS]
    copies = prm[P_COPIES]
    nranks = prm[P_NRANKS]
    lane = prm[P_LANE]
    W = prm[P_W]
    fpw = prm[P_FPW]
    fbits = prm[P_FBITS]
    sigbits = prm[P_SIGBITS]
    for w in range(W):
        keys[d, w] = 0
    extra = lead
    full = True
    pm0 = lane
    pm1 = lane
    pm2 = lane
    pm3 = lane
    if prm[P_REL] != 0:
        allh = 0
        for q in range(seats):
            allh |= H[q, 0]
        pm0 = allh & lane
        pm1 = (allh >> 16) & lane
        pm2 = (allh >> 32) & lane
        pm3 = (allh >> 48) & lane
        extra |= (sig[pm0] << 2) | (sig[pm1] << (2 + sigbits))
        extra |= (sig[pm2] << (2 + 2 * sigbits)) | (sig[pm3] << (2 + 3 * sigbits))
        full = pm0 == lane and pm1 == lane and pm2 == lane and pm3 == lane
    f = 0
    for q in range(seats):
        for pl in range(copies):
            x = H[q, pl]
            val = 0
            for s in range(4):
                y = (x >> (16 * s)) & lane
                m = pick(s, pm0, pm1, pm2, pm3)
                if not full and m != lane:
                    r = 0
                    sh = 0
                    while m != 0:
                        r |= ctab[m & 127, y & 127] << sh
                        sh += popcount(m & 127)
                        m >>= 7
                        y >>= 7
                    y = r
                val |= y << (s * nranks)
            keys[d, f // fpw] |= val << ((f % fpw) * fbits)
            f += 1
    keys[d, W - 1] = extra
    hsh = 0
    for w in range(W):
        hsh = mix(hsh ^ keys[d, w])
        hsh ^= hsh >> 29
    return hsh


@kernel
def partition_key(H, prm, cmask, kcls, keys, d, lead):
    """Partition key of the trick-boundary position in ``H`` into ``keys[d]``; returns the hash of its
    coarse part.

    Words ``0 .. Wc-1``: per hand, suit and point class the number of cards (what any position of a
    partition shares); word ``Wc``: the leader; words ``Wc+1 .. Wc+4``: per suit the ranks still present
    from the highest down, each as the owners of its copies, the number of copies and its point class.
    An entry stores the patterns cut to the ranks that decided its result, and matches every position
    whose coarse part and leader are equal and whose patterns agree on those top ranks. Entries fix at
    least the ``P_K0`` highest ranks of each suit (all of them in a shorter suit), and the hash covers
    the coarse part, the leader and those top ranks, so that every position an entry matches hashes to
    its bucket.
    """
    seats = prm[P_SEATS]
    copies = prm[P_COPIES]
    lane = prm[P_LANE]
    ncls = prm[P_NCLS]
    Wc = prm[P_WC]
    cfb = prm[P_CFB]
    cfpw = prm[P_CFPW]
    bpk = prm[P_BPK]
    cpb = prm[P_CPB]
    for w in range(Wc + 5):
        keys[d, w] = 0
    f = 0
    for q in range(seats):
        for s in range(4):
            sl = lane << (16 * s)
            for j in range(ncls):
                m = sl & cmask[j]
                n = 0
                for pl in range(copies):
                    n += popcount(H[q, pl] & m)
                keys[d, f // cfpw] |= n << ((f % cfpw) * cfb)
                f += 1
    keys[d, Wc] = lead
    allh = 0
    for q in range(seats):
        allh |= H[q, 0]
    k0 = prm[P_K0]
    hsh = 0
    for w in range(Wc + 1):
        hsh = mix(hsh ^ keys[d, w])
        hsh ^= hsh >> 29
    for s in range(4):
        m = (allh >> (16 * s)) & lane
        pat = 0
        sh = 0
        top = 0
        while m != 0:
            if top == k0:
                top = -1
                hsh = mix(hsh ^ pat)
                hsh ^= hsh >> 29
            elif top >= 0:
                top += 1
            r = highbit(m)
            m &= ~(1 << r)
            k = 16 * s + r
            code = 0
            nco = 0
            for q in range(seats):
                for pl in range(copies):
                    if (H[q, pl] >> k) & 1:
                        code |= q << (2 * nco)
                        nco += 1
            code |= ((nco - 1) << (2 * copies)) | (kcls[k] << (2 * copies + cpb))
            pat |= code << sh
            sh += bpk
        if top >= 0:
            hsh = mix(hsh ^ pat)
            hsh ^= hsh >> 29
        keys[d, Wc + 1 + s] = pat
    return hsh


@kernel
def part_match(tt, t, j, keys, d, Wc, bpk):
    """Whether table entry ``j`` (a partition entry) matches the position keyed in ``keys[d]``."""
    for w in range(Wc + 1):
        if tt[t, j, w] != keys[d, w]:
            return False
    cts = tt[t, j, Wc + 6]
    for s in range(4):
        k = (cts >> (4 * s)) & 15
        if k == 0:
            continue
        mask = (1 << (k * bpk)) - 1
        if ((tt[t, j, Wc + 1 + s] ^ keys[d, Wc + 1 + s]) & mask) != 0:
            return False
    return True


# table entry: W key words, a meta word lo | hi << 12 | work << 24 | stamp << 32, and a relevance word:
# per suit (4 bits each) how many of the highest ranks still present decided the result
M_VAL = (1 << 12) - 1


@kernel
def search(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys, cnt, d0, hist):
    """Fail-soft alpha-beta from node ``d0`` (its state and window set in ``ply[d0]``).

    Returns the value with the usual fail-soft meaning: ``v <= alpha`` is an upper bound, ``v >= beta``
    a lower bound, anything between is exact. Sets ``cnt[C_ABORT]`` and returns 0 when the node budget
    ``cnt[C_BUDGET]`` runs out.

    Per node: a trick boundary first tries the cheap bounds (points still out; sure points from top
    trumps and from the leader's cashable winners), then the transposition table; then the legal moves
    (one per class of equivalent cards) are ordered and searched.

    With ``P_PRUNE`` every result carries its *relevance*: the cards whose rank decided it (a trick's
    winner that beat a card of its suit, the current winner a heading rule compares with, the top cards
    a sure-point bound relies on). Per suit, the cards below the lowest relevant card are *small*: any
    position that differs only in which small cards each hand holds (same number and same points per
    hand and suit) has the same result. So after one small card of a suit has been searched, the
    player's other small cards of that suit worth as many points need no search.
    """
    seats = prm[P_SEATS]
    copies = prm[P_COPIES]
    lane = prm[P_LANE]
    W = prm[P_W]
    use_tt = prm[P_TT]
    quick = prm[P_QUICK]
    prune = prm[P_PRUNE]
    head = prm[P_HEAD]
    follow = prm[P_FOLLOW]
    must_trump = prm[P_MUSTTRUMP]
    merge = prm[P_MERGE]
    order = prm[P_ORDER]
    killer = prm[P_HIST]
    ncls = prm[P_NCLS]
    last_bonus = prm[P_LAST]
    per_trick = prm[P_PERTRICK]
    tmask = tt.shape[1] - 1
    use_part = prm[P_PART]
    Wc = prm[P_WC]
    bpk = prm[P_BPK]
    nbucket = 8 if use_part != 0 else 4
    stamp = cnt[C_STAMP]
    budget = cnt[C_BUDGET]
    full_root = cnt[C_ROOT]
    nodes = cnt[C_NODES]
    allmask = (1 << seats) - 1
    minmask = allmask ^ maxmask
    tl = 0
    if trump >= 0:
        tl = lane << (16 * trump)
    d = d0
    v = 0
    vrel = 0
    state = 0  # 0 enter node d, 1 next move of node d, 2 return v (relevance vrel) from node d
    while True:
        if state == 0:
            # ---------------------------------------------------------------- enter node d
            nodes += 1
            if nodes > budget:
                cnt[C_ABORT] = 1
                cnt[C_NODES] = nodes
                while d > d0:
                    d -= 1
                    H[ply[d, F_P], ply[d, F_PLANE]] |= 1 << ply[d, F_CARD]
                return 0
            ply[d, F_NODES] = nodes
            ply[d, F_SLOT] = -1
            a = ply[d, F_A]
            b = ply[d, F_B]
            tpos = ply[d, F_TPOS]
            nc = ply[d, F_NC]
            lead = ply[d, F_LEAD]
            vrel = 0
            h0 = H[0, 0]
            h1 = H[1, 0] if seats > 1 else 0
            h2 = H[2, 0] if seats > 2 else 0
            h3 = H[3, 0] if seats > 3 else 0
            if tpos == 0:
                if nc == 0:
                    v = 0
                    state = 2
                    continue
                R = ply[d, F_REM] + per_trick * (nc // seats) + last_bonus
                if nc == seats:
                    # the last trick is forced
                    wc = -1
                    ws = -1
                    byrank = False
                    q = lead
                    for i in range(seats):
                        c = highbit(pick(q, h0, h1, h2, h3))
                        if i == 0:
                            wc = c
                            ws = q
                        elif beats(c, wc, trump):
                            byrank = (c >> 4) == (wc >> 4)
                            wc = c
                            ws = q
                        elif (c >> 4) == (wc >> 4):
                            byrank = True
                        q = q + 1 if q + 1 < seats else 0
                    v = R if ((maxmask >> ws) & 1) != 0 else 0
                    if byrank:
                        vrel = 1 << wc
                    state = 2
                    continue
            else:
                R = ply[d, F_REM] + ply[d, F_TP] + per_trick * ((nc + tpos) // seats) + last_bonus
            ply[d, F_R] = R
            if R <= a:
                v = R
                state = 2
                continue
            if b <= 0:
                v = 0
                state = 2
                continue
            if tpos == 0 and quick != 0 and ply[d, F_FIRST] == 0 and (full_root == 0 or d != d0):
                # (not at a first lead that must be a trump: the bounds assume a free lead)
                # ---------------------------------------- sure points of each side (lower bounds)
                tleft = nc // seats
                done = False
                for side in range(2):
                    smask = maxmask if side == 0 else minmask
                    best_lo = 0
                    best_rel = 0
                    # top trumps: higher than every trump outside the side, each wins its trick
                    if trump >= 0:
                        out = 0
                        for q in range(seats):
                            if ((smask >> q) & 1) == 0:
                                out |= pick(q, h0, h1, h2, h3) & tl
                        above = tl
                        trel = 0
                        if out != 0:
                            above = tl & ~((2 << highbit(out)) - 1)
                            trel = 1 << highbit(out)
                        ptsum = 0
                        kmax = 0
                        for q in range(seats):
                            if ((smask >> q) & 1) == 0:
                                continue
                            k = 0
                            for pl in range(copies):
                                x = H[q, pl] & above
                                while x != 0:
                                    c = highbit(x)
                                    x &= ~(1 << c)
                                    ptsum += pts[c]
                                    k += 1
                            if k > kmax:
                                kmax = k
                        if kmax > 0:
                            best_lo = ptsum + per_trick * kmax + (last_bonus if kmax >= tleft else 0)
                            best_rel = trel
                        else:
                            best_lo = ptsum
                    # cashing: the leader's cards nobody else can beat in their suit
                    if ((smask >> lead) & 1) != 0 and follow != 0:
                        q_tr = 0
                        cv_ = 0
                        crel = 0
                        ns0 = 0
                        ns1 = 0
                        ns2 = 0
                        ns3 = 0
                        for s in range(4):
                            sl = lane << (16 * s)
                            om = 0
                            for q in range(seats):
                                if q != lead:
                                    om |= pick(q, h0, h1, h2, h3) & sl
                            win = sl
                            if om != 0:
                                win = sl & ~((1 << highbit(om)) - 1)
                            n = 0
                            for pl in range(copies):
                                n += popcount(H[lead, pl] & win)
                            if n == 0:
                                continue
                            if trump >= 0 and s != trump:
                                for q in range(seats):
                                    if q != lead and (pick(q, h0, h1, h2, h3) & tl) != 0:
                                        co = 0
                                        for pl in range(copies):
                                            co += popcount(H[q, pl] & sl)
                                        if co < n:
                                            n = co
                                if n == 0:
                                    continue
                            if om != 0:
                                crel |= 1 << highbit(om)
                            # the leader cashes its n dearest winners
                            left = n
                            for j in range(ncls - 1, -1, -1):
                                if left <= 0:
                                    break
                                k = 0
                                for pl in range(copies):
                                    k += popcount(H[lead, pl] & win & cmask[j])
                                if k > left:
                                    k = left
                                cv_ += k * cval[j]
                                left -= k
                            q_tr += n
                            if s == 0:
                                ns0 = n
                            elif s == 1:
                                ns1 = n
                            elif s == 2:
                                ns2 = n
                            else:
                                ns3 = n
                        if q_tr > 0:
                            # the others add at least their cheapest cards to those tricks
                            for q in range(seats):
                                if q == lead:
                                    continue
                                by_suit = trump >= 0 and (pick(q, h0, h1, h2, h3) & tl) != 0
                                for s in range(4 if by_suit else 1):
                                    if by_suit:
                                        msk = lane << (16 * s)
                                        need = pick(s, ns0, ns1, ns2, ns3)
                                    else:
                                        msk = -1
                                        need = q_tr
                                    for j in range(ncls):
                                        if need <= 0:
                                            break
                                        k = 0
                                        for pl in range(copies):
                                            k += popcount(H[q, pl] & msk & cmask[j])
                                        if k > need:
                                            k = need
                                        cv_ += k * cval[j]
                                        need -= k
                            cv_ += per_trick * q_tr
                            if q_tr >= tleft:
                                cv_ += last_bonus
                            if cv_ > best_lo:
                                best_lo = cv_
                                best_rel = crel
                    if side == 0 and best_lo >= b:
                        v = best_lo
                        vrel = best_rel
                        done = True
                        break
                    if side == 1 and R - best_lo <= a:
                        v = R - best_lo
                        vrel = best_rel
                        done = True
                        break
                if done:
                    cnt[C_QCUTS] += 1
                    state = 2
                    continue
            if tpos == 0 and use_tt != 0 and ply[d, F_FIRST] == 0 and (full_root == 0 or d != d0):
                # ---------------------------------------- relative-rank key and table probe
                if use_part != 0:
                    hsh = partition_key(H, prm, cmask, kcls, keys, d, lead)
                else:
                    hsh = position_key(H, prm, sig, ctab, keys, d, lead)
                base = (hsh & tmask) & ~(nbucket - 1)
                ply[d, F_SLOT] = base
                e = -1
                lo = 0
                hi = 0
                for j in range(base, base + nbucket):
                    if (tt[t, j, W] >> 32) != stamp:
                        continue
                    if use_part != 0:
                        same = part_match(tt, t, j, keys, d, Wc, bpk)
                    else:
                        same = True
                        for w in range(W):
                            if tt[t, j, w] != keys[d, w]:
                                same = False
                                break
                    if same:
                        e = j
                        meta = tt[t, e, W]
                        lo = meta & M_VAL
                        hi = (meta >> 12) & M_VAL
                        if lo >= b or hi <= a or lo == hi:
                            break
                        if lo > a:
                            a = lo
                        if hi < b:
                            b = hi
                        ply[d, F_A] = a
                        ply[d, F_B] = b
                        e = -1
                if e >= 0:
                    cnt[C_TTHITS] += 1
                    if lo >= b or hi <= a or lo == hi:
                        v = lo if lo >= b else hi
                        if prune != 0:
                            # stored per-suit counts of relevant top ranks -> this position's cards
                            cts = tt[t, e, W + 1]
                            allh = h0 | h1 | h2 | h3
                            for s in range(4):
                                k = (cts >> (4 * s)) & 15
                                if k == 0:
                                    continue
                                m = (allh >> (16 * s)) & lane
                                while k > 1:
                                    m &= ~(1 << highbit(m))
                                    k -= 1
                                vrel |= (1 << highbit(m)) << (16 * s)
                        ply[d, F_SLOT] = -1
                        state = 2
                        continue
            ply[d, F_A0] = a
            ply[d, F_B0] = b
            # ---------------------------------------------------------------- move generation
            p = ply[d, F_P]
            wc = ply[d, F_WC]
            led = ply[d, F_LED]
            hp = pick(p, h0, h1, h2, h3)
            L = legal_mask(hp, tpos, led, wc, trump, follow, must_trump, head, ply[d, F_FIRST], lane)
            mine = (maxmask >> p) & 1
            O = ply[d, F_TM]
            opp = 0
            part = 0
            for q in range(seats):
                if q != p:
                    hq = pick(q, h0, h1, h2, h3)
                    O |= hq
                    if ((maxmask >> q) & 1) == mine:
                        part |= hq
                    else:
                        opp |= hq
            partner_wins = False
            last = False
            cur_sure = False
            if tpos > 0 and order != 0:
                partner_wins = ((maxmask >> ply[d, F_WS]) & 1) == mine
                last = tpos == seats - 1
                if partner_wins:
                    cur_sure = last or sure_after(h0, h1, h2, h3, maxmask, mine, p, lead, wc, led, trump, lane,
                                                  seats)
            kill = -1
            if tpos == 0 and killer != 0:
                kill = hist[p, 64 + 4 * (nc // seats)]
            n = 0
            for s in range(4):
                sl = lane << (16 * s)
                x = L & sl
                if x == 0:
                    continue
                ruff = False
                partner_top = False
                if tpos == 0 and order != 0:
                    if trump >= 0 and s != trump:
                        for q in range(seats):
                            hq = pick(q, h0, h1, h2, h3)
                            if ((maxmask >> q) & 1) != mine and (hq & sl) == 0 and (hq & tl) != 0:
                                ruff = True
                    ps = part & sl
                    os = opp & sl
                    partner_top = ps != 0 and (os == 0 or highbit(ps) > highbit(os))
                prev = -1
                while x != 0:
                    c = highbit(x)
                    x &= ~(1 << c)
                    if (
                        merge != 0
                        and prev >= 0
                        and pts[c] == pts[prev]
                        and (O & ((2 << prev) - (1 << c))) == 0
                    ):
                        prev = c
                        mv[d, n - 1] = (mv[d, n - 1] & 255) | (c << 8)  # the class reaches down to c
                        continue
                    prev = c
                    r = c & 15
                    pc = pts[c]
                    if order == 0:
                        score = c
                    elif tpos == 0:
                        top = (O & sl & ~((2 << c) - 1)) == 0
                        if top and s == trump:
                            score = 3500 + 10 * pc + r
                        elif top and not ruff:
                            score = 4000 + 10 * pc + r
                        elif partner_top and not ruff:
                            score = 3000 - 10 * pc - r
                        else:
                            score = 1000 - 10 * pc - r
                        if c == kill:
                            score += 100000  # the lead that last cut off at this trick
                    elif partner_wins:
                        if cur_sure:
                            score = 2000 + 10 * pc - r
                        elif beats(c, wc, trump) and sure_after(h0, h1, h2, h3, maxmask, mine, p, lead, c, led,
                                                                 trump, lane, seats):
                            score = 1500 + 10 * pc - r
                        else:
                            score = 1000 - 10 * pc - r
                    elif beats(c, wc, trump):
                        if last or sure_after(h0, h1, h2, h3, maxmask, mine, p, lead, c, led, trump, lane, seats):
                            score = 3000 + 10 * pc - r
                        else:
                            score = 2000 + r
                    else:
                        score = 1000 - 10 * pc - r
                    mv[d, n] = c | (c << 8)
                    sc[d, n] = score
                    n += 1
            for i in range(1, n):  # insertion sort, best first
                c = mv[d, i]
                score = sc[d, i]
                j = i
                while j > 0 and sc[d, j - 1] < score:
                    mv[d, j] = mv[d, j - 1]
                    sc[d, j] = sc[d, j - 1]
                    j -= 1
                mv[d, j] = c
                sc[d, j] = score
            ply[d, F_N] = n
            ply[d, F_I] = 0
            ply[d, F_BEST] = -BIG if mine != 0 else BIG
            if prune != 0:
                rb = 0
                if tpos > 0 and (head == 2 or (head == 1 and led == trump)):
                    rb = 1 << wc
                ply[d, F_RELB] = rb
                ply[d, F_RELU] = rb
                ply[d, F_SRCH] = 0
                ply[d, F_RELR] = -1
            state = 1
        elif state == 1:
            # ---------------------------------------------------------------- next move of node d
            i = ply[d, F_I]
            if i < ply[d, F_N]:
                ply[d, F_I] = i + 1
                c = mv[d, i] & 255
                if prune != 0:
                    # a small card whose suit-mate of equal points, also small, was searched: skip it
                    sl = 0x7FFF << (16 * (c >> 4))
                    ru = ply[d, F_RELU] & sl
                    if (ru & ((2 << c) - 1)) == 0:
                        y = ply[d, F_SRCH] & sl
                        skip = False
                        while y != 0:
                            k = highbit(y)
                            y &= ~(1 << k)
                            if pts[k] == pts[c] and (ru & ((2 << k) - 1)) == 0:
                                skip = True
                                break
                        if skip:
                            cnt[C_PRUNED] += 1
                            continue
                    ply[d, F_SRCH] |= 1 << c
                # play c: take one copy from the player's highest plane holding it, set up node d + 1
                p = ply[d, F_P]
                bit = 1 << c
                pl = copies - 1
                while (H[p, pl] & bit) == 0:
                    pl -= 1
                H[p, pl] &= ~bit
                ply[d, F_CARD] = c
                ply[d, F_PLANE] = pl
                tpos = ply[d, F_TPOS]
                wc = ply[d, F_WC]
                ws = ply[d, F_WS]
                if tpos == 0 or beats(c, wc, trump):
                    wc = c
                    ws = p
                tp = ply[d, F_TP] + pts[c]
                nc = ply[d, F_NC] - 1
                tm = ply[d, F_TM]
                dup = ply[d, F_TDUP] | (tm & bit)
                e = d + 1
                ply[e, F_REM] = ply[d, F_REM] - pts[c]
                ply[e, F_NC] = nc
                ply[e, F_FIRST] = 0
                if tpos + 1 == seats:
                    g = tp + per_trick
                    if nc == 0:
                        g += last_bonus
                    gain = g if ((maxmask >> ws) & 1) != 0 else 0
                    ply[d, F_GAIN] = gain
                    ply[d, F_TREL] = trick_winner_by_rank(tm | bit, dup, wc)
                    ply[e, F_P] = ws
                    ply[e, F_TPOS] = 0
                    ply[e, F_LEAD] = ws
                    ply[e, F_WC] = -1
                    ply[e, F_WS] = -1
                    ply[e, F_TP] = 0
                    ply[e, F_LED] = -1
                    ply[e, F_TM] = 0
                    ply[e, F_TDUP] = 0
                    ply[e, F_A] = ply[d, F_A] - gain
                    ply[e, F_B] = ply[d, F_B] - gain
                else:
                    ply[d, F_GAIN] = 0
                    ply[d, F_TREL] = 0
                    ply[e, F_P] = p + 1 if p + 1 < seats else 0
                    ply[e, F_TPOS] = tpos + 1
                    ply[e, F_LEAD] = ply[d, F_LEAD]
                    ply[e, F_WC] = wc
                    ply[e, F_WS] = ws
                    ply[e, F_TP] = tp
                    ply[e, F_LED] = (c >> 4) if tpos == 0 else ply[d, F_LED]
                    ply[e, F_TM] = tm | bit
                    ply[e, F_TDUP] = dup
                    ply[e, F_A] = ply[d, F_A]
                    ply[e, F_B] = ply[d, F_B]
                d = e
                state = 0
            else:
                # ------------------------------------------------------------ node d complete
                v = ply[d, F_BEST]
                if prune != 0:
                    if ply[d, F_RELR] >= 0:
                        vrel = ply[d, F_RELR]
                    else:
                        # every move counted: make merged classes wholly relevant or wholly small
                        vrel = ply[d, F_RELU]
                        for i in range(ply[d, F_N]):
                            c = mv[d, i] & 255
                            low = mv[d, i] >> 8
                            if low != c:
                                r = (vrel >> (16 * (c >> 4))) & lane
                                if r != 0 and (1 << (c & 15)) >= (r & -r):
                                    vrel |= 1 << low
                base = ply[d, F_SLOT]
                if base >= 0:
                    a0 = ply[d, F_A0]
                    b0 = ply[d, F_B0]
                    if v <= a0:
                        lo = 0
                        hi = v
                    elif v >= b0:
                        lo = v
                        hi = ply[d, F_R]
                    else:
                        lo = v
                        hi = v
                    cnt[C_STORES] += 1
                    cts = 0
                    if prune != 0:
                        allh = 0
                        for q in range(seats):
                            allh |= H[q, 0]
                        for s in range(4):
                            r = (vrel >> (16 * s)) & lane
                            if r != 0:
                                m = (allh >> (16 * s)) & lane
                                cts |= popcount(m & ~((r & -r) - 1)) << (4 * s)
                    work = nodes - ply[d, F_NODES]
                    wl = 0
                    while work > 1 and wl < 63:
                        work >>= 1
                        wl += 1
                    if use_part != 0:
                        # the entry keeps of each suit's pattern only the ranks that decided the result,
                        # but at least the top P_K0 ranks (those are hashed)
                        allh = 0
                        for q in range(seats):
                            allh |= H[q, 0]
                        k0 = prm[P_K0]
                        for s in range(4):
                            k = (cts >> (4 * s)) & 15
                            npres = popcount((allh >> (16 * s)) & lane)
                            if k < min(k0, npres):
                                k = min(k0, npres)
                                cts = (cts & ~(15 << (4 * s))) | (k << (4 * s))
                            keys[d, Wc + 1 + s] &= (1 << (k * bpk)) - 1
                    e = -1
                    for j in range(base, base + nbucket):
                        if (tt[t, j, W] >> 32) != stamp:
                            continue
                        same = use_part == 0 or tt[t, j, W + 1] == cts
                        for w in range(W):
                            if tt[t, j, w] != keys[d, w]:
                                same = False
                                break
                        if same:
                            e = j
                            break
                    if e >= 0:
                        # merge with the bounds already known; relevance of both
                        meta = tt[t, e, W]
                        if (meta & M_VAL) > lo:
                            lo = meta & M_VAL
                        if ((meta >> 12) & M_VAL) < hi:
                            hi = (meta >> 12) & M_VAL
                        if ((meta >> 24) & 63) > wl:
                            wl = (meta >> 24) & 63
                        ocs = tt[t, e, W + 1]
                        for s in range(4):
                            if ((ocs >> (4 * s)) & 15) > ((cts >> (4 * s)) & 15):
                                cts = (cts & ~(15 << (4 * s))) | (ocs & (15 << (4 * s)))
                    else:
                        # an empty slot (or one of another deal), else the one with the least work
                        least = 64
                        for j in range(base, base + nbucket):
                            meta = tt[t, j, W]
                            if (meta >> 32) != stamp:
                                e = j
                                break
                            if ((meta >> 24) & 63) < least:
                                least = (meta >> 24) & 63
                                e = j
                        for w in range(W):
                            tt[t, e, w] = keys[d, w]
                    tt[t, e, W] = lo | (hi << 12) | (wl << 24) | (stamp << 32)
                    tt[t, e, W + 1] = cts
                state = 2
        else:
            # ---------------------------------------------------------------- return v to the parent
            if d == d0:
                cnt[C_NODES] = nodes
                return v
            d -= 1
            H[ply[d, F_P], ply[d, F_PLANE]] |= 1 << ply[d, F_CARD]
            v += ply[d, F_GAIN]
            if prune != 0:
                vrel |= ply[d, F_TREL]
                ply[d, F_RELU] |= vrel
            cut = False
            if ((maxmask >> ply[d, F_P]) & 1) != 0:
                if v > ply[d, F_BEST]:
                    ply[d, F_BEST] = v
                    if v >= ply[d, F_B]:
                        cut = True
                    elif v > ply[d, F_A]:
                        ply[d, F_A] = v
            else:
                if v < ply[d, F_BEST]:
                    ply[d, F_BEST] = v
                    if v <= ply[d, F_A]:
                        cut = True
                    elif v < ply[d, F_B]:
                        ply[d, F_B] = v
            if cut:
                if ply[d, F_TPOS] == 0:
                    hist[ply[d, F_P], 64 + 4 * (ply[d, F_NC] // seats)] = ply[d, F_CARD]
                cnt[C_CUTS] += 1
                if ply[d, F_I] == 1:
                    cnt[C_CUT1] += 1
                ply[d, F_I] = ply[d, F_N]
                if prune != 0:
                    ply[d, F_RELR] = ply[d, F_RELB] | vrel
            state = 1


@kernel
def root_moves(H, prm, pts, trump, ply, mv):
    """Legal moves of the root node, one per class of equivalent cards (highest member first), into
    ``mv[0]``; returns their number and the legal-card bitboard."""
    seats = prm[P_SEATS]
    lane = prm[P_LANE]
    p = ply[0, F_P]
    L = legal_mask(H[p, 0], ply[0, F_TPOS], ply[0, F_LED], ply[0, F_WC], trump, prm[P_FOLLOW],
                   prm[P_MUSTTRUMP], prm[P_HEAD], ply[0, F_FIRST], lane)
    O = ply[0, F_TM]
    for q in range(seats):
        if q != p:
            O |= H[q, 0]
    n = 0
    for s in range(4):
        x = L & (lane << (16 * s))
        prev = -1
        while x != 0:
            c = highbit(x)
            x &= ~(1 << c)
            if (prm[P_MERGE] != 0 and prev >= 0 and pts[c] == pts[prev]
                    and (O & ((2 << prev) - (1 << c))) == 0):
                prev = c
                continue
            prev = c
            mv[0, n] = c
            n += 1
    return n, L


@kernel
def play_root(H, prm, pts, trump, maxmask, ply, c):
    """Play ``c`` at the root (node 0) and set up node 1 (as the search does for every node)."""
    seats = prm[P_SEATS]
    p = ply[0, F_P]
    bit = 1 << c
    pl = prm[P_COPIES] - 1
    while (H[p, pl] & bit) == 0:
        pl -= 1
    H[p, pl] &= ~bit
    ply[0, F_CARD] = c
    ply[0, F_PLANE] = pl
    tpos = ply[0, F_TPOS]
    wc = ply[0, F_WC]
    ws = ply[0, F_WS]
    if tpos == 0 or beats(c, wc, trump):
        wc = c
        ws = p
    tp = ply[0, F_TP] + pts[c]
    nc = ply[0, F_NC] - 1
    ply[1, F_REM] = ply[0, F_REM] - pts[c]
    ply[1, F_NC] = nc
    ply[1, F_FIRST] = 0
    if tpos + 1 == seats:
        g = tp + prm[P_PERTRICK] + (prm[P_LAST] if nc == 0 else 0)
        ply[0, F_GAIN] = g if ((maxmask >> ws) & 1) != 0 else 0
        ply[1, F_P] = ws
        ply[1, F_TPOS] = 0
        ply[1, F_LEAD] = ws
        ply[1, F_WC] = -1
        ply[1, F_WS] = -1
        ply[1, F_TP] = 0
        ply[1, F_LED] = -1
        ply[1, F_TM] = 0
        ply[1, F_TDUP] = 0
    else:
        ply[0, F_GAIN] = 0
        ply[1, F_P] = p + 1 if p + 1 < seats else 0
        ply[1, F_TPOS] = tpos + 1
        ply[1, F_LEAD] = ply[0, F_LEAD]
        ply[1, F_WC] = wc
        ply[1, F_WS] = ws
        ply[1, F_TP] = tp
        ply[1, F_LED] = (c >> 4) if tpos == 0 else ply[0, F_LED]
        ply[1, F_TM] = ply[0, F_TM] | bit
        ply[1, F_TDUP] = ply[0, F_TDUP] | (ply[0, F_TM] & bit)


@kernel
def node_bound(prm, ply, d):
    """Points still to be won from node ``d``: cards in hands and in the trick, per-trick and last-trick."""
    seats = prm[P_SEATS]
    nc = ply[d, F_NC]
    tpos = ply[d, F_TPOS]
    if nc + tpos == 0:
        return 0
    return ply[d, F_REM] + ply[d, F_TP] + prm[P_PERTRICK] * ((nc + tpos) // seats) + prm[P_LAST]


@kernel
def mtd(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys, cnt, d, guess,
        lo, hi, hist):
    """Narrow ``lo <= value(node d) <= hi`` to the exact value by null-window searches.

    MTD(f) tests "value >= g" at the last value returned (fail-soft), binary search at the middle of the
    open range. Returns the final (lo, hi); they are equal unless the node budget ran out.
    """
    mode = prm[P_MODE]
    g = guess
    while lo < hi and cnt[C_ABORT] == 0:
        if mode == 0:
            beta = g
            if beta < lo + 1:
                beta = lo + 1
            if beta > hi:
                beta = hi
        else:
            beta = (lo + hi + 1) // 2
        ply[d, F_A] = beta - 1
        ply[d, F_B] = beta
        v = search(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys, cnt, d,
                   hist)
        if cnt[C_ABORT] != 0:
            break
        cnt[C_SEARCHES] += 1
        if v >= beta:
            lo = v if v < hi else hi
        else:
            hi = v if v > lo else lo
        g = v
    return lo, hi


@kernel
def init_root(H, prm, pts, trump, trick, ntrick, leader, first, ply):
    """Set node 0 from the hands and the cards already played to the trick (in order from ``leader``)."""
    seats = prm[P_SEATS]
    copies = prm[P_COPIES]
    rem = 0
    nc = 0
    for p in range(seats):
        for pl in range(copies):
            x = H[p, pl]
            nc += popcount(x)
            while x != 0:
                c = highbit(x)
                x &= ~(1 << c)
                rem += pts[c]
    wc = -1
    ws = -1
    tp = 0
    led = -1
    tm = 0
    dup = 0
    p = leader
    for i in range(ntrick):
        c = trick[i]
        if i == 0:
            led = c >> 4
        if i == 0 or beats(c, wc, trump):
            wc = c
            ws = p
        tp += pts[c]
        dup |= tm & (1 << c)
        tm |= 1 << c
        p = p + 1 if p + 1 < seats else 0
    ply[0, F_P] = p
    ply[0, F_TPOS] = ntrick
    ply[0, F_LEAD] = leader
    ply[0, F_WC] = wc
    ply[0, F_WS] = ws
    ply[0, F_TP] = tp
    ply[0, F_LED] = led
    ply[0, F_TM] = tm
    ply[0, F_TDUP] = dup
    ply[0, F_REM] = rem
    ply[0, F_NC] = nc
    ply[0, F_FIRST] = first


@kernel
def pv_line(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys, cnt, hist, value,
            budget, lpts, ltrk, lcards, i):
    """Replay one optimal line (principal variation) from node 0, whose exact value is ``value``.

    At every card the player to move plays the first of its moves, in the search's move-ordering
    order, that keeps the position's value: one null-window search from the position with its start
    node always searching its moves (``C_ROOT``), against the transposition table the solve left warm
    -- "max side: at least ``V``?" (window ``V-1, V``), "min side: at most ``V``?" (``V, V+1``) -- cuts
    off at that move, and the card is read back from the start node. A forced move (one class of
    equivalent cards) needs no search, nor a window no card can miss (max side at 0, min side at the
    points still out). Each completed trick credits its points (cards, per-trick, last-trick) and one
    trick to its winner: ``lpts[i]``, ``ltrk[i]`` (per seat), the cards in play order into ``lcards[i]``
    (-1 after the last).

    The replay may use ``budget`` more nodes. Returns 1 when the line is complete (and the max side's
    points equal ``value``), 0 when the budget ran out. ``H`` and node 0 are restored.
    """
    seats = prm[P_SEATS]
    per_trick = prm[P_PERTRICK]
    last_bonus = prm[P_LAST]
    H0 = H.copy()
    root = ply[0].copy()
    for q in range(seats):
        lpts[i, q] = 0
        ltrk[i, q] = 0
    for j in range(lcards.shape[1]):
        lcards[i, j] = -1
    cnt[C_BUDGET] = cnt[C_NODES] + budget
    cnt[C_ROOT] = 1
    V = value
    step = 0
    ok = 1
    while ply[0, F_NC] > 0:
        n, L = root_moves(H, prm, pts, trump, ply, mv)
        c = mv[0, 0]
        if n > 1:
            is_max = ((maxmask >> ply[0, F_P]) & 1) != 0
            R = node_bound(prm, ply, 0)
            if is_max and V > 0:
                ply[0, F_A] = V - 1
                ply[0, F_B] = V
            elif not is_max and V < R:
                ply[0, F_A] = V
                ply[0, F_B] = V + 1
            else:
                n = 1  # every legal card keeps the value
            if n > 1:
                v = search(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys,
                           cnt, 0, hist)
                if cnt[C_ABORT] != 0 or (is_max and v < V) or (not is_max and v > V):
                    ok = 0
                    break
                c = ply[0, F_CARD]
        tp = ply[0, F_TP] + pts[c]
        play_root(H, prm, pts, trump, maxmask, ply, c)
        lcards[i, step] = c
        step += 1
        if ply[1, F_TPOS] == 0:
            ws = ply[1, F_P]
            lpts[i, ws] += tp + per_trick + (last_bonus if ply[1, F_NC] == 0 else 0)
            ltrk[i, ws] += 1
        V -= ply[0, F_GAIN]
        for f in (F_P, F_TPOS, F_LEAD, F_WC, F_WS, F_TP, F_LED, F_TM, F_TDUP, F_REM, F_NC, F_FIRST):
            ply[0, f] = ply[1, f]
    if ok != 0 and V != 0:
        ok = 0  # cannot happen with a correct search; never report a line that misses the value
    cnt[C_ROOT] = 0
    for q in range(seats):
        for pl in range(H.shape[1]):
            H[q, pl] = H0[q, pl]
    for f in range(NF):
        ply[0, f] = root[f]
    return ok


@kernel
def solve_one(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, trick, ntrick, leader, first,
              all_cards, lines, budget, stamp, out, cvals, stats, lpts, ltrk, lcards, i):
    """Solve one position; results into ``out[i]`` = (lo, hi, exact, nodes, line, line nodes) and
    ``cvals[i, kind]``.

    ``cvals`` gets, when ``all_cards`` and the solve completed, the exact value of playing each legal
    kind now (-1 for cards that are not legal or not held). With ``lines`` an exact solve is followed
    by :func:`pv_line` (its own allowance of ``budget`` nodes): ``out[i, 4]`` is 1 when ``lpts[i]``,
    ``ltrk[i]`` and ``lcards[i]`` hold a complete optimal line, ``out[i, 5]`` the nodes it took.
    """
    seats = prm[P_SEATS]
    maxply = 2
    for p in range(seats):
        for pl in range(prm[P_COPIES]):
            maxply += popcount(H[p, pl])
    ply = np.zeros((maxply, NF), dtype=np.int64)
    mv = np.zeros((maxply, MAXMV), dtype=np.int64)
    sc = np.zeros((maxply, MAXMV), dtype=np.int64)
    keys = np.zeros((maxply, prm[P_W]), dtype=np.int64)
    cnt = np.zeros(NCNT, dtype=np.int64)
    hist = np.full((seats, 64 + 4 * 24), -1, dtype=np.int64)
    cnt[C_BUDGET] = budget
    cnt[C_STAMP] = stamp
    for k in range(64):
        cvals[i, k] = -1
    for q in range(lpts.shape[1]):
        lpts[i, q] = -1
        ltrk[i, q] = -1
    for j in range(lcards.shape[1]):
        lcards[i, j] = -1
    init_root(H, prm, pts, trump, trick, ntrick, leader, first, ply)
    R = node_bound(prm, ply, 0)
    is_max = ((maxmask >> ply[0, F_P]) & 1) != 0
    if all_cards == 0:
        lo, hi = mtd(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys, cnt,
                     0, (R + 1) // 2, 0, R, hist)
    else:
        # every legal kind gets the value of its class of equivalent cards
        n, L = root_moves(H, prm, pts, trump, ply, mv)
        reps = mv[0, :n].copy()
        clo = np.zeros(n, dtype=np.int64)
        chi = np.zeros(n, dtype=np.int64)
        guess = (R + 1) // 2
        for j in range(n):
            c = reps[j]
            play_root(H, prm, pts, trump, maxmask, ply, c)
            gain = ply[0, F_GAIN]
            Rc = node_bound(prm, ply, 1)
            g = min(max(guess - gain, 0), Rc)
            a, b = mtd(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys,
                       cnt, 1, g, 0, Rc, hist)
            H[ply[0, F_P], ply[0, F_PLANE]] |= 1 << c
            clo[j] = a + gain
            chi[j] = b + gain
            if cnt[C_ABORT] != 0:
                for jj in range(j + 1, n):
                    clo[jj] = 0
                    chi[jj] = R
                break
            guess = clo[j]
        lo = clo[0] if n > 0 else 0
        hi = chi[0] if n > 0 else 0
        for j in range(1, n):
            if is_max:
                lo = max(lo, clo[j])
                hi = max(hi, chi[j])
            else:
                lo = min(lo, clo[j])
                hi = min(hi, chi[j])
        if cnt[C_ABORT] == 0:
            # each legal kind takes the value of its class representative (the highest kind of its run)
            for j in range(n):
                cvals[i, reps[j]] = clo[j]
            for s in range(4):
                x = L & (prm[P_LANE] << (16 * s))
                rep = -1
                while x != 0:
                    c = highbit(x)
                    x &= ~(1 << c)
                    if cvals[i, c] >= 0:
                        rep = c
                    else:
                        cvals[i, c] = cvals[i, rep]
    exact = 1 if (cnt[C_ABORT] == 0 and lo == hi) else 0
    out[i, 0] = lo
    out[i, 1] = hi
    out[i, 2] = exact
    out[i, 3] = cnt[C_NODES]
    for j in range(NCNT):
        stats[i, j] = cnt[j]
    out[i, 4] = 0
    out[i, 5] = 0
    if lines != 0 and exact != 0:
        solved = cnt[C_NODES]
        ok = pv_line(H, prm, pts, trump, maxmask, sig, ctab, cmask, cval, kcls, tt, t, ply, mv, sc, keys, cnt, hist,
                     lo, budget, lpts, ltrk, lcards, i)
        out[i, 4] = ok
        out[i, 5] = cnt[C_NODES] - solved
        if ok == 0:
            for q in range(lpts.shape[1]):
                lpts[i, q] = -1
                ltrk[i, q] = -1


@batch
def solve_batch(hands, prm, pts, sig, ctab, cmask, cval, kcls, tt, trumps, leaders, maxmasks, firsts, tricks,
                ntricks, all_cards, lines, budget, stamp0, out, cvals, stats, lpts, ltrk, lcards):
    """Solve every position ``i`` of a batch in parallel (each thread with its own table).

    hands int64[n, seats, copies]; trumps/leaders/maxmasks/firsts/ntricks int64[n]; tricks int64[n, seats].
    Position ``i`` uses table stamp ``stamp0 + i``, so entries of other positions count as empty and
    the result of each position does not depend on the number of threads or on the schedule (its
    optimal line with ``lines`` included: :func:`pv_line` reads only the position's own entries).
    out int64[n, 6]; lpts/ltrk int64[n, seats]; lcards int64[n, cards].
    """
    n = hands.shape[0]
    for i in prange(n):
        t = get_thread_id()
        H = hands[i].copy()
        trick = tricks[i].copy()
        solve_one(H, prm, pts, trumps[i], maxmasks[i], sig, ctab, cmask, cval, kcls, tt, t, trick, ntricks[i],
                  leaders[i], firsts[i], all_cards, lines, budget, stamp0 + i, out, cvals, stats, lpts, ltrk, lcards,
                  i)
