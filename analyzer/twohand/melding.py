"""Melding in phase 1 of two-handed pinochle: which melds a player may lay now, what each scores, and laying
it (the dix exchange included) -- kernels over the state array of :mod:`analyzer.twohand.state`, whose
docstring has the encodings (meld actions, table slots, records) and the readings of the rules fixed there.
"""

from __future__ import annotations

from analyzer.jit import hot
from analyzer.twohand.state import (
    A_ACES,
    A_DIX,
    A_MAR,
    A_PIN,
    A_RM,
    A_RUN,
    A_RUNUP,
    C_MELD,
    C_MELDED,
    C_MELDER,
    C_NMELD,
    C_NTR,
    C_SN,
    C_STAGE,
    C_TRUMP,
    C_XCH,
    C_XSEAT,
    G_H,
    G_MID,
    G_REC,
    G_STK,
    M_ACES,
    M_DIX,
    M_DPIN,
    M_MAR,
    M_PIN,
    M_RM,
    M_RUN,
    MAXC,
    NID,
    NTYPES,
    P_AV,
    P_B9,
    P_COPIES,
    P_DIXV,
    P_MARV,
    P_PIN1,
    P_PIN2,
    P_RMV,
    P_RUNV,
    P_STRICT,
    STAGE_FINAL,
    STAGE_PLAY,
    hand_count,
    intact_record,
    planes_add,
    planes_remove,
    req_count,
    req_kind,
    table_add,
    table_free,
    tslot,
    ubit,
    upcard_present,
)


# ---- melding ---------------------------------------------------------------------------------------------------
@hot
def may_meld(g, seat):
    """Whether ``seat``'s meld window is open and its one meld not yet made."""
    st = g[C_STAGE]
    return (st == STAGE_PLAY or st == STAGE_FINAL) and g[C_MELDER] == seat and g[C_MELDED] == 0 \
        and g[C_NTR] == 0


@hot
def may_exchange(g, seat):
    """Whether ``seat`` may now exchange a dix for the turned-up card."""
    if g[P_B9] < 0 or g[C_XCH] != 0 or g[C_STAGE] != STAGE_PLAY or g[C_MELDER] != seat or g[C_NTR] != 0:
        return False
    if not upcard_present(g):
        return False
    return hand_count(g, seat, 16 * g[C_TRUMP] + g[P_B9]) > 0


@hot
def exchange(g, seat):
    """Exchange a dix from ``seat``'s hand for the turned-up card (assumed allowed); returns the points."""
    dix = 16 * g[C_TRUMP] + g[P_B9]
    j = G_STK + g[C_SN] - 1
    up = g[j]
    planes_remove(g, G_H + MAXC * seat, dix)
    planes_add(g, G_H + MAXC * seat, up)
    g[j] = dix
    g[C_XCH] = 1
    g[C_XSEAT] = seat
    v = g[P_DIXV]
    g[C_MELD + seat] += v
    g[G_MID + NID * seat + M_DIX] += v
    g[C_NMELD + seat] += 1
    return v


@hot
def meld_value(g, seat, act):
    """Points ``seat`` would score for meld action ``act`` now, or -1 when it cannot be made (the meld
    window is not checked: see :func:`may_meld`)."""
    typ = act >> 4
    suit = (act >> 1) & 7
    n = (act & 1) + 1
    if typ < 0 or typ >= NTYPES or suit > 3 or n > g[P_COPIES]:
        return -1
    strict = g[P_STRICT] != 0
    if typ == A_DIX:
        if g[P_B9] < 0 or (g[C_XCH] == 0 and upcard_present(g)):
            return -1  # while the exchange is possible, the first dix is melded by exchanging it
        v = n * g[P_DIXV]
    elif typ == A_RM:
        v = n * g[P_RMV]
    elif typ == A_RUN:
        v = n * g[P_RUNV]
    elif typ == A_RUNUP:
        if n != 1 or intact_record(g, seat, 0) < 0:
            return -1
        v = g[P_RUNV] - g[P_RMV] if strict else g[P_RUNV]
    elif typ == A_MAR:
        if suit == g[C_TRUMP]:
            return -1
        v = n * g[P_MARV]
    elif typ == A_PIN:
        if n == 2:
            v = g[P_PIN2]
        elif intact_record(g, seat, 1) >= 0:
            v = g[P_PIN2] - g[P_PIN1] if strict else g[P_PIN2]
        else:
            v = g[P_PIN1]
    else:
        v = n * g[P_AV + typ - A_ACES]
    if v <= 0:
        return -1
    ub = ubit(typ)
    from_hand = 0
    any_hand = False
    for i in range(req_count(typ)):
        k = req_kind(g, typ, suit, i)
        tf = table_free(g, seat, k, ub)
        hc = hand_count(g, seat, k)
        if tf + hc < n:
            return -1
        if n > tf:
            from_hand += n - tf
        if hc > 0:
            any_hand = True
    if from_hand == 0 and not any_hand:
        return -1  # every meld puts at least one card from the hand on the table
    return v


@hot
def hand_cards_used(g, seat, act):
    """Cards meld action ``act`` (assumed possible) takes from ``seat``'s hand: it reuses melded copies
    on the table first and takes at least one card from the hand."""
    typ = act >> 4
    suit = (act >> 1) & 7
    n = (act & 1) + 1
    ub = ubit(typ)
    c = 0
    for i in range(req_count(typ)):
        tf = table_free(g, seat, req_kind(g, typ, suit, i), ub)
        if n > tf:
            c += n - tf
    return c if c > 0 else 1


@hot
def meld_apply(g, seat, act):
    """Lay down meld action ``act`` for ``seat`` (assumed possible); returns its points.

    Melded copies on the table are reused first (a copy not yet used in this kind of meld), the rest
    comes from the hand (at least one card). A royal marriage or pinochle is recorded, so that a run or
    a second pinochle added while it is intact scores the difference.
    """
    v = meld_value(g, seat, act)
    if v < 0:
        return -1
    typ = act >> 4
    suit = (act >> 1) & 7
    n = (act & 1) + 1
    ub = ubit(typ)
    m = req_count(typ)
    rid = report_id(g, seat, typ, suit, n)
    from_hand = 0
    force = -1
    for i in range(m):
        tf = table_free(g, seat, req_kind(g, typ, suit, i), ub)
        if n > tf:
            from_hand += n - tf
    if from_hand == 0:
        for i in range(m):
            if hand_count(g, seat, req_kind(g, typ, suit, i)) > 0:
                force = i
                break
    if typ == A_RUNUP:
        r = intact_record(g, seat, 0)
        g[G_REC + 4 * seat + r] = -1  # the royal marriage becomes part of the run
    new_pin = False
    if typ == A_PIN:
        if n == 1:
            r = intact_record(g, seat, 1)
            if r >= 0:
                g[G_REC + 4 * seat + 2 + r] = -1  # the two pinochles now form a double pinochle
            else:
                new_pin = True
    a0 = a1 = b0 = b1 = 0
    for i in range(m):
        k = req_kind(g, typ, suit, i)
        tf = table_free(g, seat, k, ub)
        use_hand = n - tf if n > tf else 0
        if i == force:
            use_hand = 1
        use_table = n - use_hand
        for j in range(n):
            slot = -1
            if j < use_table:
                for s in range(g[P_COPIES]):
                    x = tslot(seat, k, s)
                    if g[x] >= 0 and g[x] & ub == 0:
                        g[x] |= ub
                        slot = s
                        break
            else:
                planes_remove(g, G_H + MAXC * seat, k)
                slot = table_add(g, seat, k, ub)
            if i == 0:
                if j == 0:
                    a0 = slot
                else:
                    a1 = slot
            elif i == 1:
                if j == 0:
                    b0 = slot
                else:
                    b1 = slot
    if typ == A_RM:
        for j in range(n):
            for r in range(2):
                x = G_REC + 4 * seat + r
                if g[x] < 0:
                    g[x] = (a0 + 2 * b0) if j == 0 else (a1 + 2 * b1)
                    break
    if new_pin:
        for r in range(2):
            x = G_REC + 4 * seat + 2 + r
            if g[x] < 0:
                g[x] = a0 + 2 * b0
                break
    g[C_MELD + seat] += v
    g[C_NMELD + seat] += 1
    g[C_MELDED] = 1
    g[G_MID + NID * seat + rid] += v
    return v


@hot
def report_id(g, seat, typ, suit, n):
    """The report id (M_*) under which meld action (typ, suit, n) of ``seat`` counts, before it is laid:
    a pinochle added to an intact one, or two at once, is a double pinochle."""
    if typ == A_DIX:
        return M_DIX
    if typ == A_RM:
        return M_RM
    if typ == A_RUN or typ == A_RUNUP:
        return M_RUN
    if typ == A_MAR:
        return M_MAR + suit
    if typ == A_PIN:
        if n == 2 or intact_record(g, seat, 1) >= 0:
            return M_DPIN
        return M_PIN
    return M_ACES + typ - A_ACES
