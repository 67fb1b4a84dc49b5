"""The null-window search: can the max side still take ``beta`` points from here?

:func:`search` is a recursive fail-soft alpha-beta over one card per ply, called with the null window
``(beta - 1, beta)``: a returned ``v >= beta`` is a lower bound of the node's value, ``v < beta`` an
upper bound. The *value* of a node is the number of points the max side (the declaring side) takes from
there on: card points of the tricks it wins (the cards already in the current trick included), the
per-trick points and the last-trick bonus.

Every result also leaves its *relevance* in the node's record (``R_REL``): the kinds whose rank decided
it -- the winner of a trick won by rank (another card of its suit lay in the trick), the trick's best
card where a heading rule made legality depend on it, the cards a sure-point bound or a table entry
relied on. Two uses:

* table entries keep only the ranks down to the lowest relevant card of each suit (:mod:`table`);
* *small cards*: once a card below the lowest relevant rank of its suit has been searched, the player's
  other cards of that suit below it and worth as many points lead to positions that differ only in small
  cards, with the same result: they are skipped.

At a trick boundary the search first tries the points still out, the sure-point bounds
(:mod:`bounds`) and the table (:mod:`table`); each can end the node at once.
"""

from __future__ import annotations

from analyzer.jit import highbit, hot, typed_kernel
from analyzer.play.engine import beats
from analyzer.solve.bounds import sure_points
from analyzer.solve.layout import (
    C_ABORT,
    C_CUT1,
    C_CUTS,
    C_ETC,
    C_NODES,
    C_PRUNED,
    C_QHI,
    C_QLO,
    C_RCUT,
    C_TBNODES,
    COUNT,
    F_ETC,
    F_PRUNE,
    F_QUICK,
    F_TABLE,
    M_VAL,
    MAX_PLANES,
    MAXMV,
    NF,
    OFF_CLS,
    OFF_CNT,
    OFF_DEPTH,
    OFF_H,
    OFF_KILL,
    OFF_MV,
    OFF_PLY,
    OFF_PTS,
    OFF_THR,
    P_BUDGET,
    P_ETCK,
    P_FLAGS,
    P_HEAD,
    P_LANE,
    P_LAST,
    P_MAXMASK,
    P_PERTRICK,
    P_ROOTD,
    P_SEATS,
    P_TRUMP,
    R_BEST,
    R_CARD,
    R_FIRST,
    R_GAIN,
    R_LEAD,
    R_LED,
    R_NC,
    R_P,
    R_PATOK,
    R_PLANE,
    R_REL,
    R_REM,
    R_TDUP,
    R_TM,
    R_TP,
    R_TPOS,
    R_TREL,
    R_TTMOVE,
    R_WC,
    R_WS,
)
from analyzer.solve.moves import gen_moves
from analyzer.solve.position import give, take
from analyzer.solve.table import probe, store


@hot
def play(W, d, c):
    """The seat to play at node ``d`` plays kind ``c``; sets up node ``d + 1``."""
    b = OFF_PLY + d * NF
    nb = b + NF
    seats = W[P_SEATS]
    p = W[b + R_P]
    W[b + R_PLANE] = take(W, p, c)
    W[b + R_CARD] = c
    tpos = W[b + R_TPOS]
    wc = W[b + R_WC]
    ws = W[b + R_WS]
    if tpos == 0 or beats(c, wc, W[P_TRUMP]):
        wc = c
        ws = p
    pc = W[OFF_PTS + c]
    tp = W[b + R_TP] + pc
    nc = W[b + R_NC] - 1
    W[nb + R_REM] = W[b + R_REM] - pc
    W[nb + R_NC] = nc
    W[nb + R_FIRST] = 0
    tm = W[b + R_TM]
    dup = W[b + R_TDUP] | (tm & (1 << c))
    tm |= 1 << c
    if tpos + 1 == seats:
        g = tp + W[P_PERTRICK] + (W[P_LAST] if nc == 0 else 0)
        W[b + R_GAIN] = g if ((W[P_MAXMASK] >> ws) & 1) != 0 else 0
        # the trick was won by rank if another card of the winner's suit (or its twin) lies in it
        sm = W[P_LANE] << (16 * (wc >> 4))
        if (tm & sm & ~(1 << wc)) != 0 or ((dup >> wc) & 1) != 0:
            W[b + R_TREL] = 1 << wc
        else:
            W[b + R_TREL] = 0
        W[nb + R_P] = ws
        W[nb + R_TPOS] = 0
        W[nb + R_LEAD] = ws
        W[nb + R_WC] = -1
        W[nb + R_WS] = -1
        W[nb + R_TP] = 0
        W[nb + R_LED] = -1
        W[nb + R_TM] = 0
        W[nb + R_TDUP] = 0
    else:
        W[b + R_GAIN] = 0
        W[b + R_TREL] = 0
        W[nb + R_P] = p + 1 if p + 1 < seats else 0
        W[nb + R_TPOS] = tpos + 1
        W[nb + R_LEAD] = W[b + R_LEAD]
        W[nb + R_WC] = wc
        W[nb + R_WS] = ws
        W[nb + R_TP] = tp
        W[nb + R_LED] = (c >> 4) if tpos == 0 else W[b + R_LED]
        W[nb + R_TM] = tm
        W[nb + R_TDUP] = dup


@hot
def unplay(W, d):
    """Undo :func:`play` at node ``d``."""
    b = OFF_PLY + d * NF
    give(W, W[b + R_P], W[b + R_CARD], W[b + R_PLANE])


@hot
def last_trick(W, d, R):
    """Value of the forced last trick at node ``d`` (worth ``R``); sets the node's relevance."""
    b = OFF_PLY + d * NF
    seats = W[P_SEATS]
    trump = W[P_TRUMP]
    q = W[b + R_LEAD]
    wc = -1
    ws = -1
    byrank = False
    for i in range(seats):
        c = highbit(W[OFF_H + MAX_PLANES * q])
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
    W[b + R_REL] = (1 << wc) if byrank else 0
    return R if ((W[P_MAXMASK] >> ws) & 1) != 0 else 0


@hot
def boundary_cut(W, d, beta, R):
    """At the trick boundary at node ``d``: a bound (sure points, then the table) that decides the
    window ``(beta - 1, beta)``, or -1."""
    b = OFF_PLY + d * NF
    flags = W[P_FLAGS]
    if (flags & F_QUICK) != 0:
        maxmask = W[P_MAXMASK]
        lo, rel = sure_points(W, d, maxmask, beta)
        if lo >= beta:
            if COUNT:
                W[OFF_CNT + C_QLO] += 1
            W[b + R_REL] = rel
            return lo
        allm = (1 << W[P_SEATS]) - 1
        lo2, rel2 = sure_points(W, d, allm ^ maxmask, R - beta + 1)
        if R - lo2 < beta:
            if COUNT:
                W[OFF_CNT + C_QHI] += 1
            W[b + R_REL] = rel2
            return R - lo2
    if (flags & F_TABLE) != 0:
        return probe(W, d, beta)
    return -1


@typed_kernel("int64(int64[::1], int64, int64)")
def search(W, d, beta):
    """Fail-soft null-window search of node ``d`` against ``beta`` (see the module docstring).

    Returns 0 with ``C_ABORT`` set once the node budget ``P_BUDGET`` is spent.
    """
    nodes = W[OFF_CNT + C_NODES] + 1
    W[OFF_CNT + C_NODES] = nodes
    if nodes > W[P_BUDGET]:
        W[OFF_CNT + C_ABORT] = 1
        return 0
    b = OFF_PLY + d * NF
    W[b + R_REL] = 0
    seats = W[P_SEATS]
    tpos = W[b + R_TPOS]
    nc = W[b + R_NC]
    if tpos == 0:
        W[OFF_CNT + C_TBNODES] += 1
        if COUNT:
            W[OFF_DEPTH + nc // seats] += 1
        if nc == 0:
            return 0
        R = W[b + R_REM] + W[P_PERTRICK] * (nc // seats) + W[P_LAST]
        if nc == seats:
            return last_trick(W, d, R)
    else:
        R = W[b + R_REM] + W[b + R_TP] + W[P_PERTRICK] * ((nc + tpos) // seats) + W[P_LAST]
    if R < beta:
        if COUNT:
            W[OFF_CNT + C_RCUT] += 1
        return R
    if beta <= 0:
        return 0
    flags = W[P_FLAGS]
    W[b + R_PATOK] = 0
    W[b + R_TTMOVE] = -1
    boundary = tpos == 0 and W[b + R_FIRST] == 0 and d != W[P_ROOTD]
    if boundary:
        v = boundary_cut(W, d, beta, R)
        if v >= 0:
            return v
    # ---- the moves
    n = gen_moves(W, d)
    p = W[b + R_P]
    is_max = ((W[P_MAXMASK] >> p) & 1) != 0
    relb = 0
    if tpos > 0:
        head = W[P_HEAD]
        if head == 2 or (head == 1 and W[b + R_LED] == W[P_TRUMP]):
            relb = 1 << W[b + R_WC]  # legality depended on the trick's best card
    if (flags & F_ETC) != 0 and tpos == seats - 1 and nc > seats * W[P_ETCK] - 1 and (flags & F_TABLE) != 0:
        # enhanced transposition cut-off: every move ends the trick; a child boundary whose table entry
        # already decides the window cuts without searching any move
        mv0 = OFF_MV + MAXMV * d
        for i in range(n):
            c = W[mv0 + i] & 63
            play(W, d, c)
            g = W[b + R_GAIN]
            W[b + NF + R_PATOK] = 0
            W[b + NF + R_REL] = 0
            v = probe(W, d + 1, beta - g)
            crel = W[b + NF + R_REL] | W[b + R_TREL]
            unplay(W, d)
            if v >= 0 and ((is_max and g + v >= beta) or (not is_max and g + v < beta)):
                if COUNT:
                    W[OFF_CNT + C_ETC] += 1
                W[b + R_REL] = relb | crel
                W[b + R_BEST] = c
                return g + v
    prune = (flags & F_PRUNE) != 0
    lane = W[P_LANE]
    best = -1 if is_max else M_VAL + 1
    bestc = -1
    rel = relb
    cut = False
    thrset = 0  # bit 8 * suit + class: a small-card threshold is set in OFF_THR
    thr = OFF_THR + 32 * d
    mv = OFF_MV + MAXMV * d
    tried = 0
    lows = 0  # lowest members of the classes searched (see below)
    for i in range(n):
        m = W[mv + i]
        c = m & 63
        s = c >> 4
        j = W[OFF_CLS + c]
        if prune and ((thrset >> (8 * s + j)) & 1) != 0 and (c & 15) < W[thr + 8 * s + j]:
            if COUNT:
                W[OFF_CNT + C_PRUNED] += 1
            continue
        play(W, d, c)
        g = W[b + R_GAIN]
        v = g + search(W, d + 1, beta - g)
        unplay(W, d)
        if W[OFF_CNT + C_ABORT] != 0:
            return 0
        tried += 1
        crel = W[b + NF + R_REL] | W[b + R_TREL]
        if is_max:
            if v > best:
                best = v
                bestc = c
            if v >= beta:
                cut = True
        else:
            if v < best:
                best = v
                bestc = c
            if v < beta:
                cut = True
        if cut:
            rel = relb | crel
            if COUNT:
                W[OFF_CNT + C_CUTS] += 1
                if tried == 1:
                    W[OFF_CNT + C_CUT1] += 1
            if tpos == 0:
                kk = OFF_KILL + 64 * p + nc // seats
                if W[kk] != c:  # the killer before it moves to the second slot
                    W[kk + 32] = W[kk]
                    W[kk] = c
            break
        rel |= crel
        if (m >> 6) != c and ((crel >> c) & 1) != 0:
            lows |= 1 << (m >> 6)
        if prune:
            # below the lowest card of its suit whose rank decided this line, c was a small card: the
            # player's other cards of the suit and point class below that rank would do the same
            low = (crel >> (16 * s)) & lane
            lowr = highbit(low & -low) if low != 0 else 16
            if (c & 15) < lowr and (((thrset >> (8 * s + j)) & 1) == 0 or W[thr + 8 * s + j] < lowr):
                W[thr + 8 * s + j] = lowr
                thrset |= 1 << (8 * s + j)
    if not cut:
        # every move had to be covered. A class searched through its highest card stands for its lower
        # members: where that card's rank decided its line (it won by rank, or a heading rule compared
        # with it), a lower member's line needs its own rank pinned the same way
        rel |= lows
    W[b + R_REL] = rel
    W[b + R_BEST] = bestc
    if boundary and (flags & F_TABLE) != 0:
        if best >= beta:
            store(W, d, best, M_VAL, bestc)
        else:
            store(W, d, 0, best, bestc)
    return best
