"""Drivers over the null-window search: exact values, card values, optimal lines, batches.

:func:`mtd` narrows a node's value to the exact number, or to a resolution, by null-window searches
(MTD(f) from a first guess), the table kept warm between them; :func:`solve_one` solves one position (its
value, optionally every legal card's value and one optimal line); :func:`solve_at` solves one
position of a batch in a thread's workspace (the API runs one thread per core over a batch).
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import highbit, kernel, popcount, ticks
from analyzer.play.engine import beats
from analyzer.solve.layout import (
    C_ABORT,
    C_NODES,
    C_SEARCHES,
    DEPTH_LEN,
    F_MERGE,
    KILL_LEN,
    MAX_PLANES,
    MAXMV,
    NCNT,
    NF,
    O_ALLCARDS,
    O_BUDGET,
    O_LINES,
    O_STAMP0,
    OFF_CNT,
    OFF_H,
    OFF_KILL,
    OFF_MV,
    OFF_PLY,
    OFF_PTS,
    OUT_EXACT,
    OUT_HI,
    OUT_LINE,
    OUT_LINENODES,
    OUT_LO,
    OUT_NODES,
    OUT_STATUS,
    OUT_TICKS,
    P_BUDGET,
    P_COPIES,
    P_FLAGS,
    P_LANE,
    P_LAST,
    P_MAXMASK,
    P_PERTRICK,
    P_ROOTD,
    P_SEATS,
    P_STAMP,
    P_TRUMP,
    R_BEST,
    R_FIRST,
    R_GAIN,
    R_LEAD,
    R_LED,
    R_NC,
    R_P,
    R_REM,
    R_TDUP,
    R_TM,
    R_TP,
    R_TPOS,
    R_TTMOVE,
    R_WC,
    R_WS,
    SP_FIRST,
    SP_GUESS,
    SP_LEADER,
    SP_MAXMASK,
    SP_NTRICK,
    SP_RES,
    SP_SHIFT,
    SP_TARGET,
    SP_TRICK,
    SP_TRUMP,
    ST_BRACKETED,
    ST_EXACT,
    ST_UNFINISHED,
)
from analyzer.solve.moves import gen_moves, legal_now
from analyzer.solve.position import load_hands
from analyzer.solve.search import play, search, unplay


@kernel
def node_bound(W, d):
    """Points still to be won from node ``d``: cards in hands and in the trick, per-trick and last-trick."""
    b = OFF_PLY + d * NF
    seats = W[P_SEATS]
    nc = W[b + R_NC]
    tpos = W[b + R_TPOS]
    if nc + tpos == 0:
        return 0
    return W[b + R_REM] + W[b + R_TP] + W[P_PERTRICK] * ((nc + tpos) // seats) + W[P_LAST]


@kernel
def mtd(W, d, guess, lo, hi, res):
    """Narrow ``lo <= value(node d) <= hi`` by null-window searches until ``hi - lo < res`` (``res`` 1: the
    exact value); returns the final (lo, hi), proven bounds also when the node budget ran out (a search
    cut short proves nothing and is dropped; the bounds of the searches before it stay).

    MTD(f) with a resolution: the first window at ``guess``, then each window ``res`` points past the last
    proven bound in the direction the searches go -- up from ``lo`` after a search that failed high, down
    from ``hi`` after one that failed low -- so the first turn leaves a bracket under ``res``; with ``res`` 1
    this is plain MTD(f). (Bisection, guess-then-bisection, galloping and a hybrid were measured worse and
    left: docs/solver.md steps 22, 34, 73.)"""
    last = 0  # +1: the last search failed high, -1: low
    first = True
    while hi - lo >= res and W[OFF_CNT + C_ABORT] == 0:
        if first:
            beta = guess
        else:
            beta = lo + res if last > 0 else hi - res + 1
        if beta < lo + 1:
            beta = lo + 1
        if beta > hi:
            beta = hi
        v = search(W, d, beta)
        if W[OFF_CNT + C_ABORT] != 0:
            break
        W[OFF_CNT + C_SEARCHES] += 1
        if v >= beta:
            lo = v if v < hi else hi
            last = 1
        else:
            hi = v if v > lo else lo
            last = -1
        first = False
    return lo, hi


@kernel
def decide(W, d, target, R):
    """Whether the max side takes at least ``target`` from node ``d`` (at most ``R`` to win): one
    null-window search. Returns proven bounds (lo, hi): ``lo >= target`` says yes, ``hi < target`` no;
    (0, R) when the node budget ran out."""
    if target <= 0 or target > R:  # answered by the bounds themselves: yes (lo >= target) or no (hi < target)
        return 0, R
    v = search(W, d, target)
    if W[OFF_CNT + C_ABORT] != 0:
        return 0, R
    W[OFF_CNT + C_SEARCHES] += 1
    if v >= target:
        return min(v, R), R
    return 0, max(v, 0)


@kernel
def init_root(W, trick, ntrick, leader, first):
    """Set node 0 from the hands in the workspace and the cards already played to the trick (in order
    from ``leader``; they are no longer in the hands)."""
    seats = W[P_SEATS]
    copies = W[P_COPIES]
    rem = 0
    nc = 0
    for p in range(seats):
        for pl in range(copies):
            x = W[OFF_H + MAX_PLANES * p + pl]
            nc += popcount(x)
            while x != 0:
                c = highbit(x)
                x &= ~(1 << c)
                rem += W[OFF_PTS + c]
    trump = W[P_TRUMP]
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
        tp += W[OFF_PTS + c]
        dup |= tm & (1 << c)
        tm |= 1 << c
        p = p + 1 if p + 1 < seats else 0
    b = OFF_PLY
    W[b + R_P] = p
    W[b + R_TPOS] = ntrick
    W[b + R_LEAD] = leader
    W[b + R_WC] = wc
    W[b + R_WS] = ws
    W[b + R_TP] = tp
    W[b + R_LED] = led
    W[b + R_TM] = tm
    W[b + R_TDUP] = dup
    W[b + R_REM] = rem
    W[b + R_NC] = nc
    W[b + R_FIRST] = first


@kernel
def root_moves(W, d, out):
    """The moves at node ``d``, one per class of equivalent cards (highest member first, suit by suit),
    into ``out``; returns their number and the legal-card mask."""
    b = OFF_PLY + d * NF
    seats = W[P_SEATS]
    lane = W[P_LANE]
    p = W[b + R_P]
    L = legal_now(W, d)
    O = W[b + R_TM]
    for q in range(seats):
        if q != p:
            O |= W[OFF_H + MAX_PLANES * q]
    merge = (W[P_FLAGS] & F_MERGE) != 0
    n = 0
    for s in range(4):
        x = L & (lane << (16 * s))
        prev = -1
        while x != 0:
            c = highbit(x)
            x &= ~(1 << c)
            if (merge and prev >= 0 and W[OFF_PTS + c] == W[OFF_PTS + prev]
                    and (O & ((2 << prev) - (1 << c))) == 0):
                prev = c
                continue
            prev = c
            out[n] = c
            n += 1
    return n, L


@kernel
def pv_line(W, value, budget, lpts, ltrk, lcards, i):
    """Replay one optimal line from node 0, whose exact value is ``value``.

    At every card the player to move plays its first move, in the search's order, that keeps the
    position's value: one null-window search from that node with the node always searching its moves
    (``P_ROOTD``) -- "max side: at least ``V``?" (window ``V - 1, V``), "min side: at most ``V``?"
    (``V, V + 1``) -- against the table the solve left warm; the card is the node's cutting move. A
    forced move (one class of equivalent cards) needs no search, nor a window no card can miss. Each
    completed trick credits its points and one trick to its winner: ``lpts[i]``, ``ltrk[i]`` (per seat);
    the cards in play order go to ``lcards[i]`` (-1 after the last).

    The replay may use ``budget`` more nodes. Returns 1 when the line is complete (and the max side's
    points along it equal ``value``), 0 when the budget ran out. The position is restored.
    """
    seats = W[P_SEATS]
    maxmask = W[P_MAXMASK]
    for q in range(seats):
        lpts[i, q] = 0
        ltrk[i, q] = 0
    for j in range(lcards.shape[1]):
        lcards[i, j] = -1
    W[P_BUDGET] = W[OFF_CNT + C_NODES] + budget
    V = value
    d = 0
    ok = 1
    mvs = np.zeros(32, dtype=np.int64)
    while W[OFF_PLY + d * NF + R_NC] > 0:
        b = OFF_PLY + d * NF
        n, L = root_moves(W, d, mvs)
        c = mvs[0]
        if n > 1:
            is_max = ((maxmask >> W[b + R_P]) & 1) != 0
            R = node_bound(W, d)
            if is_max and V > 0:
                beta = V
            elif not is_max and V < R:
                beta = V + 1
            else:
                beta = -1  # every legal card keeps the value
            if beta >= 0:
                W[P_ROOTD] = d
                v = search(W, d, beta)
                W[P_ROOTD] = -1
                if W[OFF_CNT + C_ABORT] != 0 or (is_max and v < V) or (not is_max and v > V):
                    ok = 0
                    break
                c = W[b + R_BEST]
        tp = W[b + R_TP] + W[OFF_PTS + c]
        play(W, d, c)
        lcards[i, d] = c
        if W[b + NF + R_TPOS] == 0:
            ws = W[b + NF + R_P]
            last = W[P_LAST] if W[b + NF + R_NC] == 0 else 0
            lpts[i, ws] += tp + W[P_PERTRICK] + last
            ltrk[i, ws] += 1
        V -= W[b + R_GAIN]
        d += 1
    if ok != 0 and V != 0:
        ok = 0  # cannot happen with a correct search; never report a line that misses the value
    while d > 0:
        d -= 1
        unplay(W, d)
    return ok


@kernel
def greedy_value(W):
    """The max side's points from node 0 when every seat plays the first card of the search's move
    order (a quick first guess for the drivers; the position is restored)."""
    d = 0
    v = 0
    while W[OFF_PLY + d * NF + R_NC] > 0:
        b = OFF_PLY + d * NF
        W[b + R_TTMOVE] = -1
        gen_moves(W, d)
        play(W, d, W[OFF_MV + MAXMV * d] & 63)
        v += W[b + R_GAIN]
        d += 1
    while d > 0:
        d -= 1
        unplay(W, d)
    return v


@kernel
def all_card_values(W, i, guess, cvals):
    """Values of every legal card at node 0 (each class of equivalent cards searched once) into
    ``cvals[i]``; returns the position's (lo, hi)."""
    R = node_bound(W, 0)
    is_max = ((W[P_MAXMASK] >> W[OFF_PLY + R_P]) & 1) != 0
    reps = np.zeros(32, dtype=np.int64)
    n, L = root_moves(W, 0, reps)
    clo = np.zeros(n, dtype=np.int64)
    chi = np.zeros(n, dtype=np.int64)
    for j in range(n):
        c = reps[j]
        play(W, 0, c)
        gain = W[OFF_PLY + R_GAIN]
        Rc = node_bound(W, 1)
        g = min(max(guess - gain, 0), Rc)
        a, bb = mtd(W, 1, g, 0, Rc, 1)
        unplay(W, 0)
        clo[j] = a + gain
        chi[j] = bb + gain
        if W[OFF_CNT + C_ABORT] != 0:
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
    if W[OFF_CNT + C_ABORT] == 0:
        for j in range(n):
            cvals[i, reps[j]] = clo[j]
        lane = W[P_LANE]
        for s in range(4):
            x = L & (lane << (16 * s))
            rep = -1
            while x != 0:
                c = highbit(x)
                x &= ~(1 << c)
                if cvals[i, c] >= 0:
                    rep = c
                else:
                    cvals[i, c] = cvals[i, rep]
    return lo, hi


@kernel
def solve_one(W, hands, spec, opts, i, out, cvals, lpts, ltrk, lcards, stats):
    """Solve position ``i`` (``hands``, ``spec`` = its SP_* fields) in workspace ``W`` (header already in
    place) with the batch options ``opts`` (O_*); results into row ``i`` of the outputs.

    ``out[i]`` the OUT_* columns; ``cvals[i, kind]`` the value of each legal kind (with O_ALLCARDS; -1
    elsewhere); ``stats[i]`` the counters; with O_LINES an exact solve is followed by :func:`pv_line`
    (its own allowance of the node budget): each seat's points ``lpts[i]``, tricks ``ltrk[i]``, the cards
    ``lcards[i]``.
    """
    budget = opts[O_BUDGET]
    W[P_TRUMP] = spec[SP_TRUMP]
    W[P_MAXMASK] = spec[SP_MAXMASK]
    W[P_STAMP] = opts[O_STAMP0] + i
    W[P_BUDGET] = budget
    W[P_ROOTD] = -1
    for k in range(NCNT + DEPTH_LEN):
        W[OFF_CNT + k] = 0
    for k in range(KILL_LEN):
        W[OFF_KILL + k] = -1
    for k in range(64):
        cvals[i, k] = -1
    for q in range(lpts.shape[1]):
        lpts[i, q] = -1
        ltrk[i, q] = -1
    for j in range(lcards.shape[1]):
        lcards[i, j] = -1
    load_hands(W, hands)
    init_root(W, spec[SP_TRICK:], spec[SP_NTRICK], spec[SP_LEADER], spec[SP_FIRST])
    R = node_bound(W, 0)
    target = spec[SP_TARGET]
    if target >= 0 and opts[O_ALLCARDS] == 0:
        lo, hi = decide(W, 0, target, R)  # one search at the target: no first guess needed
    else:
        guess = spec[SP_GUESS]
        if guess < 0 or guess > R:
            guess = greedy_value(W)
        guess = min(max(guess + spec[SP_SHIFT], 0), R)
        if opts[O_ALLCARDS] == 0:
            lo, hi = mtd(W, 0, guess, 0, R, max(spec[SP_RES], 1))
        else:
            lo, hi = all_card_values(W, i, guess, cvals)
    exact = 1 if (W[OFF_CNT + C_ABORT] == 0 and lo == hi) else 0
    out[i, OUT_LO] = lo
    out[i, OUT_HI] = hi
    out[i, OUT_EXACT] = exact
    if exact != 0:
        out[i, OUT_STATUS] = ST_EXACT
    elif W[OFF_CNT + C_ABORT] == 0 and (target >= 0 or hi - lo < max(spec[SP_RES], 1)):
        out[i, OUT_STATUS] = ST_BRACKETED
    else:
        out[i, OUT_STATUS] = ST_UNFINISHED
    out[i, OUT_NODES] = W[OFF_CNT + C_NODES]
    for k in range(NCNT + DEPTH_LEN):
        stats[i, k] = W[OFF_CNT + k]
    out[i, OUT_LINE] = 0
    out[i, OUT_LINENODES] = 0
    if opts[O_LINES] != 0 and exact != 0:
        solved = W[OFF_CNT + C_NODES]
        ok = pv_line(W, lo, budget, lpts, ltrk, lcards, i)
        out[i, OUT_LINE] = ok
        out[i, OUT_LINENODES] = W[OFF_CNT + C_NODES] - solved
        if ok == 0:
            for q in range(lpts.shape[1]):
                lpts[i, q] = -1
                ltrk[i, q] = -1


@kernel
def solve_at(W, header, hands, spec, opts, i, out, cvals, lpts, ltrk, lcards, stats):
    """Solve position ``i`` of a batch in workspace ``W`` (a thread's own), the rule set's ``header``
    copied in first; its clock ticks into ``out[i, OUT_TICKS]``.

    Position ``i`` uses table stamp ``opts[O_STAMP0] + i``, so entries of other positions count as empty
    and each result (its line included) does not depend on which thread solves it, or when.
    """
    for k in range(header.shape[0]):
        W[k] = header[k]
    t0 = ticks()
    solve_one(W, hands[i], spec[i], opts, i, out, cvals, lpts, ltrk, lcards, stats)
    out[i, OUT_TICKS] = ticks() - t0
