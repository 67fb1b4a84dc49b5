"""Numba kernel of the call model: the rest of an auction played out on every sampled deal.

:func:`rest_of_auction_range` continues an auction after each candidate call of mine, on every deal at once:
the seats still in the auction call in turn by the rules (:mod:`analyzer.bidding.auction`), each by the
bidding policy of :mod:`analyzer.bidding.callmodel` (the other seats: the conventions, then the least free
raise within their bidding limit, the limit outright on a last turn; my partner never raises me; I
raise by the least step up to my ceiling and never over my partner). The Python layer
(:mod:`analyzer.bidding.callmodel`) prepares the arrays and reads the result.
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import kernel, range_kernel

#: conventions (``conv``): none, auction's signals, double deck's meld bids
CONV_NONE = 0
CONV_SIGNALS = 1
CONV_MELD_BIDS = 2


@kernel
def next_bid(high, ladder):
    """The lowest legal bid over ``high`` (-1: no bid yet). ``ladder`` = (opening, step, multiple_above,
    multiple)."""
    opening, step, m_above, m = ladder[0], ladder[1], ladder[2], ladder[3]
    if high < 0:
        return opening
    nxt = high + step
    if nxt < opening:
        nxt = opening
    if m > 1 and nxt > m_above:
        nxt = ((nxt + m - 1) // m) * m
    return nxt


@kernel
def _reserved(b, first, high, conv, sigmask, meld_hi):
    """Whether bid ``b`` carries a conventional meaning on this call (only a hand that shows it may bid it):
    the compiled twin of :meth:`analyzer.bidding.inference.Convention.reserved`, on the convention's own
    ``code``, ``sigmask`` and ``meld_hi`` (``high`` -1: no bid yet)."""
    if not first:
        return False
    if conv == CONV_SIGNALS:
        return b < sigmask.shape[0] and sigmask[b]
    if conv == CONV_MELD_BIDS:
        return high < meld_hi and b <= meld_hi
    return False


@kernel
def limit_call(limit, first, last, high, sig, least, ladder, cap, conv, sigmask, meld_lo, meld_hi, meld_unit, free):
    """The call (-1: pass) of a seat bidding by a limit, keeping to the conventions: the conventional bid
    when one is due (on a last turn a higher free bid within the limit instead, if any); otherwise the
    least free legal bid within the limit (the highest on a last turn), or pass. The same rule as
    :func:`analyzer.arena.agents.conventional_call`. ``free`` False: no free bid, only a due conventional one."""
    minb = next_bid(high, ladder)
    due = -1
    if first and conv == CONV_SIGNALS:
        if sig >= minb:
            due = sig
    elif first and conv == CONV_MELD_BIDS and high < meld_hi:
        h = high if high >= 0 else meld_lo - 1
        k = least // meld_unit
        if k > meld_hi - h:
            k = meld_hi - h
        if k >= 1:
            due = h + k
    top = np.int64(np.floor(limit)) if free else np.int64(-1)
    if top > cap:
        top = cap
    lowest = -1
    highest = -1
    b = minb
    while b <= top:
        if not _reserved(b, first, high, conv, sigmask, meld_hi):
            if lowest < 0:
                lowest = b
            highest = b
            if not last:
                break
        b = next_bid(b, ladder)
    if last:
        if due >= 0:
            return highest if highest > due else due
        return highest
    if due >= 0:
        return due
    return lowest


@kernel
def play_rest(order, rounds, pos0, me, side, high, holder, passed, acted, limits, i, my_limit, sig, least, ladder,
              cap, conv, sigmask, meld_lo, meld_hi, meld_unit):
    """One deal's auction from turn position ``pos0`` on: (declarer, contract); declarer -1 when thrown in.

    ``passed`` / ``acted`` are the seats' flags after my call (scratch arrays, changed in place); ``high`` /
    ``holder`` the standing bid and its holder (-1: none); ``limits[s, i]``, ``sig[s, i]``, ``least[s, i]``
    the other seats' bidding limits and convention features on deal ``i``; ``my_limit`` my ceiling; ``conv[s]``
    the conventions seat ``s`` keeps (``CONV_*``)."""
    seats = order.shape[0]
    pos = pos0
    guard = 0
    while True:
        if rounds > 0 and pos >= rounds * seats:
            break
        out = 0
        for s in range(seats):
            if passed[s]:
                out += 1
        if out == seats:
            break
        if holder >= 0 and out == seats - 1 and not passed[holder]:
            break
        guard += 1
        if guard > 100000:  # pragma: no cover - the bids are bounded by cap, so this never triggers
            break
        s = order[pos % seats]
        if passed[s] or s == holder:
            pos += 1
            continue
        minb = next_bid(high, ladder)
        last = rounds > 0 and pos + seats >= rounds * seats
        first = not acted[s]
        call = -1
        if s == me:
            if minb <= my_limit and minb <= cap and not (holder >= 0 and side[holder] == side[me]):
                call = minb
        else:  # my partner raises me only with a conventional bid that is due
            free = not (side[s] == side[me] and holder == me)
            call = limit_call(limits[s, i], first, last, high, sig[s, i], least[s, i], ladder, cap, conv[s], sigmask,
                              meld_lo, meld_hi, meld_unit, free)
            if call >= 0 and call < minb:  # pragma: no cover - limit_call only returns legal bids
                call = -1
        acted[s] = True
        if call < 0:
            passed[s] = True
        else:
            high = call
            holder = s
        pos += 1
    return holder, high


@range_kernel
def rest_of_auction_range(order, rounds, pos0, me, side, high0, holder0, me_passes, passed0, acted0, limits, my_limit,
                          sig, least, ladder, cap, conv, sigmask, meld_lo, meld_hi, meld_unit, decl, contract, lo, hi):
    """Jobs lo..hi-1 of the rest of the auction (job = k * n + i: candidate call k on deal i, of K * n) into
    ``decl`` and ``contract`` (int64[K, n]: declarer, -1 thrown in; the contract, 0 then).

    After candidate call ``k`` the standing bid is ``high0[k]``, held by ``holder0[k]``; I am out if
    ``me_passes[k]``; my ceiling is ``my_limit[k]``. ``conv``: int64[seats], the conventions each seat keeps;
    the rest as :func:`play_rest` takes them. A range kernel rather than numba's ``parallel=True`` loop, which
    cost milliseconds a call in the threading layer."""
    n = limits.shape[1]
    for job in range(lo, hi):
        k = job // n
        i = job % n
        passed = passed0.copy()
        acted = acted0.copy()
        if me_passes[k]:
            passed[me] = True
        acted[me] = True
        d, c = play_rest(order, rounds, pos0, me, side, high0[k], holder0[k], passed, acted, limits, i, my_limit[k],
                         sig, least, ladder, cap, conv, sigmask, meld_lo, meld_hi, meld_unit)
        decl[k, i] = d
        contract[k, i] = c if d >= 0 else 0

