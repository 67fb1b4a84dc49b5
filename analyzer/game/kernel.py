"""Compiled kernels of the win-probability tables (:mod:`analyzer.game.table`): one hand's step of a two-unit game,
the value iteration over a grid of scores, and Luxury Family's three hands by backward induction.

**Two units** (partnerships, two-handed): a state is my unit's total ``x``, the other's ``y``, who deals next
``d`` (0: my unit, 1: the other) and whether each has scored yet (``fx``, ``fy``; double deck's early win). A
hand's outcome is numbered from its dealer's unit (:class:`analyzer.game.outcomes.HandOutcomes`).
:func:`step2` is :func:`analyzer.game.engine.after_hand` for one such state and outcome (``tests/test_game_tables.py``
checks the two agree); :func:`solve2` finds ``V[d, fx, fy, i, j]``, my chance of winning from the grid state
``(xs[i], xs[j])``, as the fixed point of ``V = E[V after one hand]`` by Gauss-Seidel sweeps from the high scores
down (most hands add points, so a sweep reaches most states after the ones they lead to). Totals off the grid's
points are read by bilinear interpolation; totals under the grid's lowest point read that point's value.

**Luxury Family** (:func:`solve_lf`): three hands, the highest total wins, so only my lead over each other player
matters: ``W[h, q, i, j]`` is my chance before hand ``h`` (0..2) with my seat ``q`` places left of its dealer and my
leads ``ds[i]`` over the player on my left and ``ds[j]`` over the one after.
"""

from __future__ import annotations

from analyzer.jit import kernel, range_kernel

#: :func:`step2`'s results: the game goes on, or is over with my chance of winning 1, 0 or 1/2 (equal totals
#: past the target that the rules settle by another hand count as even)
GO_ON, I_WIN, I_LOSE, EVEN = 0, 1, 2, 3


@kernel
def _settle(x, y, bid, made, bidder_first):
    """Two units both at a game's end in one hand (my unit is 0): the bidder first if it made its bid and
    ``bidder_first``, else the higher total; equal totals: even."""
    if bidder_first and made and bid >= 0:
        return I_WIN if bid == 0 else I_LOSE
    if x > y:
        return I_WIN
    if y > x:
        return I_LOSE
    return EVEN


@kernel
def step2(x, y, fx, fy, d, s0, s1, bid, made, at, q0, q1, thrown, target, lock, early, bidder_first):
    """One hand from state (x, y, fx, fy, d) with outcome (dealer unit's score ``s0``, the other's ``s1``, bidder
    ``bid``, ``made``, all tricks ``at``, quad-pinochle wins ``q0``/``q1``, all numbered from the dealer's
    unit): (result, x', y', fx', fy'), result one of GO_ON, I_WIN, I_LOSE, EVEN (module docstring)."""
    if thrown:
        return GO_ON, x, y, fx, fy
    # from the dealer's numbering to mine (my unit 0)
    a, b = (s0, s1) if d == 0 else (s1, s0)
    mb = -1 if bid < 0 else (bid if d == 0 else 1 - bid)
    mat = -1 if at < 0 else (at if d == 0 else 1 - at)
    mq0, mq1 = (q0, q1) if d == 0 else (q1, q0)
    if lock > 0:
        set_bidders = mb >= 0 and not made
        if x >= lock and not (mb == 0 or set_bidders):
            a = 0
        if y >= lock and not (mb == 1 or set_bidders):
            b = 0
    x2 = x + a
    y2 = y + b
    fx2 = fx or x2 > 0
    fy2 = fy or y2 > 0
    if mat == 0:
        return I_WIN, x2, y2, fx2, fy2
    if mat == 1:
        return I_LOSE, x2, y2, fx2, fy2
    if early > 0:
        ex = x2 >= early and not fy2
        ey = y2 >= early and not fx2
        if ex != ey:
            return (I_WIN if ex else I_LOSE), x2, y2, fx2, fy2
    if mq0 or mq1:
        if mq0 != mq1:
            return (I_WIN if mq0 else I_LOSE), x2, y2, fx2, fy2
        r = _settle(x2, y2, mb, made, bidder_first)
        if r != EVEN:
            return r, x2, y2, fx2, fy2
    if target > 0:
        rx = x2 >= target
        ry = y2 >= target
        if rx and ry:
            return _settle(x2, y2, mb, made, bidder_first), x2, y2, fx2, fy2
        if rx:
            return I_WIN, x2, y2, fx2, fy2
        if ry:
            return I_LOSE, x2, y2, fx2, fy2
    return GO_ON, x2, y2, fx2, fy2


@kernel
def _interp(V, d, fx, fy, x0, g, n, x, y):
    """V[d, fx, fy] read at totals (x, y) (bilinear; under the grid: its lowest point)."""
    tx = (x - x0) / g
    ty = (y - x0) / g
    if tx < 0.0:
        tx = 0.0
    if ty < 0.0:
        ty = 0.0
    i = min(int(tx), n - 2)
    j = min(int(ty), n - 2)
    u = min(tx - i, 1.0)
    v = min(ty - j, 1.0)
    return ((1 - u) * (1 - v) * V[d, fx, fy, i, j] + u * (1 - v) * V[d, fx, fy, i + 1, j]
            + (1 - u) * v * V[d, fx, fy, i, j + 1] + u * v * V[d, fx, fy, i + 1, j + 1])


@kernel
def _value2(V, x, y, fx, fy, d, out, x0, g, n, target, lock, early, bidder_first):
    """My chance from one state: the mean over the outcomes ``out`` (columns s0 s1 bid made at q0 q1 thrown,
    weights in ``w`` of the last column) of the state after the hand."""
    acc = 0.0
    for k in range(out.shape[0]):
        r, x2, y2, fx2, fy2 = step2(x, y, fx, fy, d, out[k, 0], out[k, 1], out[k, 2], out[k, 3] != 0, out[k, 4],
                                    out[k, 5] != 0, out[k, 6] != 0, out[k, 7] != 0, target, lock, early, bidder_first)
        w = out[k, 8] / 1_000_000_000.0
        if r == GO_ON:
            ix = 1 if fx2 and V.shape[1] > 1 else 0
            iy = 1 if fy2 and V.shape[1] > 1 else 0
            acc += w * _interp(V, 1 - d, ix, iy, x0, g, n, x2, y2)
        elif r == I_WIN:
            acc += w
        elif r == EVEN:
            acc += 0.5 * w
    return acc


@kernel
def solve2(V, out, x0, g, target, lock, early, bidder_first, tol, max_sweeps):
    """Value iteration in place on ``V[d, fx, fy, i, j]`` (module docstring); ``out`` int64[K, 9] the distinct
    outcomes with their weights in billionths. Returns (sweeps, the last sweep's largest change)."""
    n = V.shape[3]
    nf = V.shape[1]
    change = 1.0
    sweeps = 0
    while sweeps < max_sweeps and change > tol:
        change = 0.0
        for i in range(n - 1, -1, -1):
            x = x0 + g * i
            for j in range(n - 1, -1, -1):
                y = x0 + g * j
                for fx in range(nf):
                    if nf > 1 and fx == 0 and x > 0:
                        continue  # a unit above 0 has scored
                    for fy in range(nf):
                        if nf > 1 and fy == 0 and y > 0:
                            continue
                        for d in range(2):
                            v = _value2(V, x, y, fx == 1 or nf == 1, fy == 1 or nf == 1, d, out, x0, g, n, target,
                                        lock, early, bidder_first)
                            c = abs(v - V[d, fx, fy, i, j])
                            if c > change:
                                change = c
                            V[d, fx, fy, i, j] = v
        sweeps += 1
    return sweeps, change


@kernel
def _final_lf(a, b):
    """My chance when the hands are over, ``a``/``b`` my leads over the other two: 1 alone on top, 1/k tied on
    top with k players (a shared win; where a tie is played off by another hand, the even estimate of it), else 0."""
    if a < 0 or b < 0:
        return 0.0
    k = 1 + (1 if a == 0 else 0) + (1 if b == 0 else 0)
    return 1.0 / k


@kernel
def _interp_lf(W, h, q, d0, g, n, a, b):
    ta = min(max((a - d0) / g, 0.0), n - 1.0)
    tb = min(max((b - d0) / g, 0.0), n - 1.0)
    i = min(int(ta), n - 2)
    j = min(int(tb), n - 2)
    u = ta - i
    v = tb - j
    return ((1 - u) * (1 - v) * W[h, q, i, j] + u * (1 - v) * W[h, q, i + 1, j] + (1 - u) * v * W[h, q, i, j + 1]
            + u * v * W[h, q, i + 1, j + 1])


@kernel
def solve_lf(W, out, d0, g, hands):
    """Backward induction over the ``hands`` hands on ``W[h, q, i, j]`` (module docstring); ``out`` int64[K, 4]:
    the scores of the dealer, the player on its left and the next, and the weight in billionths."""
    n = W.shape[2]
    for h in range(hands - 1, -1, -1):
        for q in range(3):
            q1 = (q + 1) % 3
            q2 = (q + 2) % 3
            for i in range(n):
                a = d0 + g * i
                for j in range(n):
                    b = d0 + g * j
                    acc = 0.0
                    for k in range(out.shape[0]):
                        a2 = a + out[k, q] - out[k, q1]
                        b2 = b + out[k, q] - out[k, q2]
                        w = out[k, 3] / 1_000_000_000.0
                        if h == hands - 1:
                            acc += w * _final_lf(a2, b2)
                        else:
                            acc += w * _interp_lf(W, h + 1, (q + 2) % 3, d0, g, n, a2, b2)
                    W[h, q, i, j] = acc


@range_kernel
def after2_range(V, H, x, y, fx, fy, d_next, s0, s1, bid, made, at, q0, q1, thrown, x0, g, target, lock, early,
                 bidder_first, chance, half, ended, lo, hi):
    """My chance after each outcome ``k`` in ``lo .. hi - 1`` of one hand played from state (x, y, fx, fy), the
    outcomes in my numbering (my unit 0), ``d_next`` who deals the hand after (0: my unit): 1, 0 or 1/2 where the
    hand ends the game (:func:`step2`), else the table ``V`` read at the state after; ``half[k]`` the table's
    interval ``H`` read there (0 where the game ended); ``ended[k]`` :func:`step2`'s result."""
    n = V.shape[3]
    for k in range(lo, hi):
        r, x2, y2, fx2, fy2 = step2(x, y, fx, fy, 0, s0[k], s1[k], bid[k], made[k], at[k], q0[k], q1[k], thrown[k],
                                    target, lock, early, bidder_first)
        ended[k] = r
        if r == GO_ON:
            ix = 1 if fx2 and V.shape[1] > 1 else 0
            iy = 1 if fy2 and V.shape[1] > 1 else 0
            chance[k] = _interp(V, d_next, ix, iy, x0, g, n, x2, y2)
            half[k] = _interp(H, d_next, ix, iy, x0, g, n, x2, y2)
        else:
            chance[k] = 1.0 if r == I_WIN else (0.0 if r == I_LOSE else 0.5)
            half[k] = 0.0


@range_kernel
def after_lf_range(W, H, h, q_next, a, b, s_me, s_next, s_last, x0, g, hands, chance, half, ended, lo, hi):
    """Luxury Family: my chance after each outcome ``k`` in ``lo .. hi - 1`` of hand ``h`` (0-based) played with my
    leads ``a``/``b``: my score and the next two players' (``s_me``, ``s_next``, ``s_last``); ``q_next`` my seat from
    the next hand's dealer. The last hand ends the game (:func:`_final_lf`; ``ended[k]`` I_WIN, I_LOSE or EVEN for a
    shared win); else ``W`` at ``h + 1`` (``ended[k]`` GO_ON)."""
    n = W.shape[2]
    for k in range(lo, hi):
        a2 = a + s_me[k] - s_next[k]
        b2 = b + s_me[k] - s_last[k]
        if h + 1 >= hands:
            chance[k] = _final_lf(a2, b2)
            half[k] = 0.0
            ended[k] = I_WIN if chance[k] == 1.0 else (I_LOSE if chance[k] == 0.0 else EVEN)
        else:
            ended[k] = GO_ON
            chance[k] = _interp_lf(W, h + 1, q_next, x0, g, n, a2, b2)
            half[k] = _interp_lf(H, h + 1, q_next, x0, g, n, a2, b2)
