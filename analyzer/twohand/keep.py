"""What a card is worth to keep in two-handed pinochle's phase 1: the ``th-v1`` policy's model.

What the player sees (the unseen cards, the draws left), the chance of completing each meld with the
cards still to come, a card's worth in phase 2, and each card copy's *keep value* in points: its phase-2
worth plus the meld it still makes possible (see :mod:`.policy`, which decides with these). Scalar numba
kernels over the state of :mod:`.state`.
"""

from __future__ import annotations

from analyzer.jit import hot
from analyzer.twohand.melding import (
    meld_value,
)
from analyzer.twohand.state import (
    A_ACES,
    A_DIX,
    A_MAR,
    A_PIN,
    A_RM,
    A_RUN,
    A_RUNUP,
    C_NTR,
    C_SN,
    C_STOP,
    C_TC0,
    C_TRUMP,
    C_XCH,
    G_ACT,
    G_E0,
    G_H,
    G_NACT,
    G_PB,
    G_PL,
    G_REC,
    G_SAVE,
    G_UN,
    G_UTOT,
    MAXC,
    NTYPES,
    P_AV,
    P_AVG10,
    P_B9,
    P_BA,
    P_BJ,
    P_BK,
    P_BQ,
    P_BT,
    P_COPIES,
    P_DIXV,
    P_HAND,
    P_JD,
    P_MARV,
    P_NRANKS,
    P_PIN1,
    P_PIN2,
    P_PTS,
    P_QS,
    P_RMV,
    P_RUNV,
    P_STRICT,
    act_code,
    hand_count,
    intact_record,
    planes_add,
    planes_remove,
    req_count,
    req_kind,
    table_count,
    table_free,
    tslot,
    ubit,
    upcard,
    upcard_present,
)

# chance that a card of each rank (lane bit order: 9 J Q K T A) wins its trick in phase 2
_P2_TRUMP = (0.55, 0.62, 0.68, 0.75, 0.85, 0.95)
_P2_PLAIN = (0.08, 0.12, 0.18, 0.25, 0.45, 0.75)
PHASE2_WEIGHT = 1.5


# ---- what a player sees ---------------------------------------------------------------------------------
@hot
def unseen(g, seat, k):
    """Copies of ``k`` that ``seat`` cannot see (in the opponent's hand or face down in the stock)."""
    c = g[P_COPIES] - hand_count(g, seat, k) - table_count(g, seat, k) - table_count(g, 1 - seat, k)
    for p in range(MAXC):
        c -= (g[G_PL + p] >> k) & 1
    if upcard(g) == k:
        c -= 1
    if g[C_NTR] == 1 and g[C_TC0] == k:
        c -= 1
    return c


@hot
def draws_left(g):
    """Cards each player still draws from the stock."""
    return (g[C_SN] - g[C_STOP]) // 2


@hot
def refresh(g, seat):
    """Fill the scratch section for a decision of ``seat``: the unseen copies of every kind, their total,
    and the meld actions ``seat`` could make now."""
    tot = 0
    for s in range(4):
        for b in range(g[P_NRANKS]):
            k = 16 * s + b
            u = unseen(g, seat, k)
            g[G_UN + k] = u
            tot += u
    g[G_UTOT] = tot
    na = 0
    for typ in range(NTYPES):
        for suit in range(4 if typ == A_MAR else 1):
            for n in range(1, g[P_COPIES] + 1):
                act = act_code(typ, suit, n)
                if meld_value(g, seat, act) >= 0:
                    g[G_ACT + na] = act
                    na += 1
    g[G_NACT] = na
    for j in range(4 * NTYPES):
        g[G_E0 + j] = -1
    if g[C_NTR] == 0:
        beat_chances(g, seat)


SCALE = 1_000_000.0


@hot
def beat_chances(g, seat):
    """For every kind, the chance that the opponent can beat it when ``seat`` leads it (scratch G_PB): he
    can for sure with a melded card that beats it; an unseen card that beats it is in his hand with the
    chance (cards in his hand) / (cards unseen), independently per copy."""
    opp = 1 - seat
    trump = g[C_TRUMP]
    nr = g[P_NRANKS]
    ot = 0
    for s in range(4):
        for b in range(nr):
            ot += table_count(g, opp, 16 * s + b)
    utot = g[G_UTOT]
    q = (g[P_HAND] - ot) / utot if utot > 0 else 0.0
    if q > 1.0:
        q = 1.0
    # miss[s] = chance that no card of suit s above the current rank is his, built from the top down
    tmiss = 1.0
    if trump >= 0:
        for b in range(nr):
            k = 16 * trump + b
            tmiss *= miss_factor(g, opp, k, q)
    for s in range(4):
        m = 1.0
        for b in range(nr - 1, -1, -1):
            k = 16 * s + b
            whole = m if s == trump else m * tmiss
            g[G_PB + k] = int(SCALE * (1.0 - whole) + 0.5)
            m *= miss_factor(g, opp, k, q)


@hot
def miss_factor(g, opp, k, q):
    """Chance that the opponent holds no copy of ``k`` (0 when he has one melded)."""
    if table_count(g, opp, k) > 0:
        return 0.0
    f = 1.0
    for _ in range(g[G_UN + k]):
        f *= 1.0 - q
    return f


@hot
def p_obtain(g, seat, k, draws, utot):
    """Rough chance that ``seat`` still draws a copy of ``k`` from the stock (scratch filled by
    :func:`refresh`)."""
    u = g[G_UN + k]
    if u <= 0 or draws <= 0 or utot <= 0:
        return 0.0
    p = u * draws / utot
    return p if p < 1.0 else 1.0


@hot
def avail(g, seat, k, ub):
    """Copies of ``k`` that ``seat`` could still use in a meld of kind ``ub`` (hand + unused on the table)."""
    return hand_count(g, seat, k) + table_free(g, seat, k, ub)


@hot
def meld_expect(g, seat, typ, suit, drop, bonus_k, draws, utot):
    """Expected points of the melds of type ``typ`` still to come for ``seat``, with one usable copy of
    kind ``drop`` taken away (-1: none). ``bonus_k`` 1 counts the K and Q of an intact royal marriage as
    usable (the run laid over it)."""
    ub = ubit(typ)
    m = req_count(typ)
    copies = g[P_COPIES]
    nmax = copies
    for i in range(m):
        k = req_kind(g, typ, suit, i)
        a = avail(g, seat, k, ub) - (1 if k == drop else 0)
        if a < nmax:
            nmax = a
    if nmax < 0:
        nmax = 0
    # points of n copies
    if typ == A_PIN:
        v1 = g[P_PIN1]
        v2 = g[P_PIN2]
    elif typ == A_RUNUP:
        v1 = g[P_RUNV] - g[P_RMV] if g[P_STRICT] != 0 else g[P_RUNV]
        v2 = 2 * v1
    else:
        v1 = meld_unit(g, typ)
        v2 = 2 * v1
    base = 0.0 if nmax == 0 else (v1 if nmax == 1 else v2)
    if nmax >= copies:
        return base
    nxt = v1 if nmax == 0 else v2
    p = 1.0
    for i in range(m):
        k = req_kind(g, typ, suit, i)
        a = avail(g, seat, k, ub) - (1 if k == drop else 0)
        need = nmax + 1 - a
        for _ in range(need):
            p *= p_obtain(g, seat, k, draws, utot)
    return base + (nxt - base) * p


@hot
def meld_unit(g, typ):
    """Points of one copy of a meld type (0: not in this rule set)."""
    if typ == A_DIX:
        return g[P_DIXV]
    if typ == A_RM:
        return g[P_RMV]
    if typ == A_RUN:
        return g[P_RUNV]
    if typ == A_MAR:
        return g[P_MARV]
    if typ == A_PIN:
        return g[P_PIN1]
    return g[P_AV + typ - A_ACES]


@hot
def phase2_worth(g, k):
    """Expected points a copy of ``k`` brings in phase 2: it wins its trick with some chance (its points
    and a typical card), else its points go to the opponent."""
    bit = k & 15
    trump = g[C_TRUMP]
    p = _P2_TRUMP[bit] if (k >> 4) == trump else _P2_PLAIN[bit]
    oc = g[P_AVG10] / 20.0
    pts = g[P_PTS + k]
    return p * (pts + oc) - (1.0 - p) * pts


@hot
def turn_factor(g):
    """How much pending meld is still worth: fewer tricks left, fewer chances to win a meld turn."""
    t = draws_left(g)
    if t >= 4:
        return 1.0
    return 0.5 + 0.125 * t


@hot
def in_royal_record(g, seat, k, src):
    """Whether the copy of ``k`` at ``src`` is the K or Q of an intact royal marriage of ``seat``."""
    if src == 0 or (k >> 4) != g[C_TRUMP]:
        return False
    bit = k & 15
    for j in range(2):
        v = g[G_REC + 4 * seat + j]
        if v >= 0 and ((bit == g[P_BK] and (v & 1) == src - 1) or (bit == g[P_BQ] and (v >> 1) == src - 1)):
            return True
    return False


@hot
def loss_types(g, k, j):
    """The ``j``-th (0..5) meld type kind ``k`` belongs to, as ``typ * 4 + suit``, or -1.

    Slot 0: the run (trump A T K Q J); 1: the royal marriage (trump K Q); 2: the run laid over an intact
    royal marriage (trump A T J); 3: a plain marriage; 4: an around; 5: the pinochle."""
    trump = g[C_TRUMP]
    suit = k >> 4
    bit = k & 15
    kq = bit == g[P_BK] or bit == g[P_BQ]
    if j == 0:
        if suit == trump and (kq or bit == g[P_BA] or bit == g[P_BT] or bit == g[P_BJ]):
            return A_RUN * 4
    elif j == 1:
        if suit == trump and kq:
            return A_RM * 4
    elif j == 2:
        if suit == trump and (kq or bit == g[P_BA] or bit == g[P_BT] or bit == g[P_BJ]):
            return A_RUNUP * 4
    elif j == 3:
        if suit != trump and kq:
            return A_MAR * 4 + suit
    elif j == 4:
        for r in range(4):
            if bit == g[P_BA + (0 if r == 0 else r + 1)]:
                return (A_ACES + r) * 4
    elif j == 5:
        if k == g[P_QS] or k == g[P_JD]:
            return A_PIN * 4
    return -1


@hot
def meld_loss(g, seat, k, src, draws, utot):
    """Meld points ``seat`` expects to lose by giving up the copy of ``k`` at ``src`` (0 hand, 1 + slot):
    for each kind of meld the copy can still serve, the expected future meld with it minus without it
    (the run and the royal marriage share their K and Q: the larger loss counts)."""
    used = 0 if src == 0 else g[tslot(seat, k, src - 1)]
    loss = 0.0
    if (k >> 4) == g[C_TRUMP] and (k & 15) == g[P_B9] and used == 0:
        loss += g[P_DIXV]
        if g[C_XCH] == 0 and upcard_present(g):
            loss += phase2_worth(g, upcard(g)) - phase2_worth(g, k)
    in_rec = in_royal_record(g, seat, k, src)
    has_rec = intact_record(g, seat, 0) >= 0
    trump_loss = 0.0
    e0 = 0.0
    for idx in range(12):
        j = idx >> 1
        d = idx & 1
        code = loss_types(g, k, j)
        if code < 0:
            continue
        typ = code >> 2
        if typ == A_RUNUP:
            if not has_rec or (src > 0 and not in_rec):
                continue
        elif used & ubit(typ) != 0:
            continue
        if d == 1 and in_rec and typ == A_RUNUP:
            e = 0.0  # the copy holds the royal marriage together: all of the run over it goes
        elif d == 0:
            c0 = G_E0 + 4 * typ + (code & 3)
            if g[c0] < 0:
                g[c0] = int(SCALE * meld_expect(g, seat, typ, code & 3, -1, 0, draws, utot) + 0.5)
            e = g[c0] / SCALE
        else:
            e = meld_expect(g, seat, typ, code & 3, k, 0, draws, utot)
        if d == 0:
            e0 = e
            continue
        lo = e0 - e
        if j <= 1:
            if lo > trump_loss:
                trump_loss = lo
        else:
            loss += lo
    return loss + trump_loss


@hot
def keep_value(g, seat, k, src, draws, utot):
    """What holding the copy of ``k`` at ``src`` is worth to ``seat``, in points (see the module doc)."""
    return PHASE2_WEIGHT * phase2_worth(g, k) + turn_factor(g) * meld_loss(g, seat, k, src, draws, utot)


# ---- melding ------------------------------------------------------------------------------------------------
@hot
def meld_gain_without(g, seat, k, src):
    """The best meld ``seat`` could lay down (plus the dix exchange) after giving up the copy of ``k`` at
    ``src``: the card is taken away, the melds possible now (scratch) re-checked, and all put back."""
    gain = 0.0
    dix = 16 * g[C_TRUMP] + g[P_B9]
    if g[P_B9] >= 0 and g[C_XCH] == 0 and upcard_present(g) and draws_left(g) > 1:
        held = hand_count(g, seat, dix) - (1 if (k == dix and src == 0) else 0)
        if held > 0:
            gain += g[P_DIXV] + phase2_worth(g, upcard(g)) - phase2_worth(g, dix)
    na = g[G_NACT]
    if na == 0:
        return gain
    for j in range(8):
        g[G_SAVE + j] = g[G_REC + j]
    saved = 0
    if src == 0:
        planes_remove(g, G_H + MAXC * seat, k)
    else:
        i = tslot(seat, k, src - 1)
        saved = g[i]
        g[i] = -1
        trump = g[C_TRUMP]
        bit = k & 15
        for j in range(2):
            v = g[G_REC + 4 * seat + j]
            if v >= 0 and (k >> 4) == trump and ((bit == g[P_BK] and (v & 1) == src - 1)
                                                 or (bit == g[P_BQ] and (v >> 1) == src - 1)):
                g[G_REC + 4 * seat + j] = -1
            v = g[G_REC + 4 * seat + 2 + j]
            if v >= 0 and ((k == g[P_QS] and (v & 1) == src - 1) or (k == g[P_JD] and (v >> 1) == src - 1)):
                g[G_REC + 4 * seat + 2 + j] = -1
    best = 0
    for j in range(na):
        v = meld_value(g, seat, g[G_ACT + j])
        if v > best:
            best = v
    if src == 0:
        planes_add(g, G_H + MAXC * seat, k)
    else:
        g[tslot(seat, k, src - 1)] = saved
    for j in range(8):
        g[G_REC + j] = g[G_SAVE + j]
    return gain + best
