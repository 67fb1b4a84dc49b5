"""Phase-1 policies of two-handed pinochle: which card to play, which meld to lay down, the dix exchange,
the last-card choice. One scalar numba kernel per decision, over the state of :mod:`.state`.

A policy sees what the player at the table sees: its own hand and melds, the opponent's melds on the
table, the cards played, the trick, the turned-up card while it lies there, the number of stock cards
left, the scores. It never reads the opponent's hand or the order of the stock (tests re-deal those and
check that no choice changes).

* ``naive`` (code 0): a uniformly random card (from hand or table), the dix exchanged at once, the meld
  with the most points now whenever it may meld, a random last card. No card sense at all.
* ``th-v1`` (code 1, :data:`TH_VERSION`): every card copy has a *keep value* in points: 1.5 times its
  expected worth in phase 2 (trumps, aces and tens take tricks there: a fixed chance per rank of winning
  its trick, its points and a typical card's then, its points lost else) plus the meld points it still
  makes possible (the expected future meld of each kind it belongs to, with the chance of drawing the
  missing cards, minus that without this copy; a melded copy only counts for the kinds it has not been
  used in, and for the run or double pinochle its intact meld still allows). Following, it weighs taking
  the trick (the trick's card points, plus 0.4 times the meld it could then lay down and the dix
  exchange) against letting it go (the points go to the opponent), net of the keep value of the card
  given up. Leading, it does the same with the chance that the opponent can beat the card (his melds and
  the unseen cards) and would (0.6 when the card has points, else 0.3). It melds the largest meld, except
  that with ``meld-notes = relaxed`` it lays a royal marriage (or a single pinochle) first when the run
  (double pinochle) could follow later for more; ties go to the meld exposing fewer cards from the hand.
  It exchanges the dix at its first chance, and at the end takes the face-up card when its phase-2
  worth plus the meld it adds is at least that of an average unseen card.
  The weights (1.5, 0.4, 0.6/0.3, the last-card rule) were chosen by paired head-to-head runs of
  variants (20 000 deals, seats swapped): together +1.0 ± 0.1 points per hand over the first draft
  with heuristic phase 2, +3.3 ± 0.5 with exact phase 2 (classic counting, 48 cards).

Policy codes are packed 16 bits per seat (:func:`pack`); bit 4 of a seat's code (:data:`NO_EXCHANGE`)
forbids the dix exchange (the advisor measures what the exchange is worth with it).
"""

from __future__ import annotations

from analyzer.jit import hot
from analyzer.play.engine import beats
from analyzer.play.policy import scaled, xorshift
from analyzer.twohand.state import (
    A_ACES,
    A_DIX,
    A_MAR,
    A_PIN,
    A_RM,
    A_RUN,
    A_RUNUP,
    C_LASTWIN,
    C_MELDER,
    C_NTR,
    C_RNG,
    C_SN,
    C_STAGE,
    C_STOP,
    C_TC0,
    C_TRUMP,
    C_TURN,
    C_XCH,
    G_ACT,
    G_E0,
    G_H,
    G_NACT,
    G_PB,
    G_PL,
    G_REC,
    G_SAVE,
    G_STK,
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
    end_phase1,
    exchange,
    hand_cards_used,
    hand_count,
    intact_record,
    may_exchange,
    may_meld,
    meld_apply,
    meld_value,
    planes_add,
    planes_remove,
    play_move,
    req_count,
    req_kind,
    table_count,
    table_free,
    take_last,
    tslot,
    ubit,
    upcard,
    upcard_present,
)

#: the version of the heuristic phase-1 strategy the reports cite
TH_VERSION = "th-v1"
#: policy names and their codes
POLICY_CODES = {"naive": 0, "th-v1": 1}
#: flag bit of a seat's code: never exchange the dix
NO_EXCHANGE = 16

# chance that a card of each rank (lane bit order: 9 J Q K T A) wins its trick in phase 2
_P2_TRUMP = (0.55, 0.62, 0.68, 0.75, 0.85, 0.95)
_P2_PLAIN = (0.08, 0.12, 0.18, 0.25, 0.45, 0.75)
MELD_TURN_WEIGHT = 0.4
PHASE2_WEIGHT = 1.5


def pack(codes: list[int] | tuple[int, ...]) -> int:
    """The per-seat policy codes packed 16 bits per seat, as the kernels take them."""
    return sum(int(c) << (16 * i) for i, c in enumerate(codes))


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


@hot
def th_meld_choice(g, seat):
    """th-v1's meld action for ``seat`` now (-1: none)."""
    best = -1
    bscore = -1e9
    relaxed = g[P_STRICT] == 0
    later = draws_left(g) >= 3
    for typ in range(NTYPES):
        for suit in range(4 if typ == A_MAR else 1):
            for n in range(1, g[P_COPIES] + 1):
                act = act_code(typ, suit, n)
                v = meld_value(g, seat, act)
                if v < 0:
                    continue
                score = float(v)
                if relaxed and later and n == 1:
                    # a royal marriage (single pinochle) now and the run (second pinochle) later scores
                    # both in full: worth it while turns remain
                    if typ == A_RM and meld_value(g, seat, act_code(A_RUN, 0, 1)) >= 0:
                        score += 0.6 * g[P_RUNV]
                    if typ == A_PIN and meld_value(g, seat, act_code(A_PIN, 0, 2)) >= 0:
                        score += 0.6 * g[P_PIN2]
                score -= 0.01 * hand_cards_used(g, seat, act)
                if score > bscore:
                    bscore = score
                    best = act
    return best


@hot
def naive_meld_choice(g, seat):
    """The naive policy's meld: the most points now (the first found on ties), -1 for none."""
    best = -1
    bv = 0
    for typ in range(NTYPES):
        for suit in range(4 if typ == A_MAR else 1):
            for n in range(1, g[P_COPIES] + 1):
                act = act_code(typ, suit, n)
                v = meld_value(g, seat, act)
                if v > bv:
                    bv = v
                    best = act
    return best


@hot
def do_melds(g, seat, code):
    """Policy ``code``'s meld turn for ``seat``: the dix exchange (unless forbidden) and one meld."""
    if code & NO_EXCHANGE == 0 and may_exchange(g, seat):
        exchange(g, seat)
    if may_meld(g, seat):
        act = th_meld_choice(g, seat) if code & 15 == 1 else naive_meld_choice(g, seat)
        if act >= 0:
            meld_apply(g, seat, act)


# ---- choosing a card ------------------------------------------------------------------------------------------
@hot
def rand_below(g, n):
    """A random integer 0..n-1 from the deal's stream (advanced in ``g``)."""
    x = xorshift(g[C_RNG])
    g[C_RNG] = x
    return scaled(x, n)


@hot
def count_moves(g, seat):
    """Number of (kind, source) moves ``seat`` has."""
    c = 0
    for s in range(4):
        for b in range(g[P_NRANKS]):
            k = 16 * s + b
            if hand_count(g, seat, k) > 0:
                c += 1
            for slot in range(g[P_COPIES]):
                if g[tslot(seat, k, slot)] >= 0:
                    c += 1
    return c


@hot
def nth_move(g, seat, r):
    """The ``r``-th move of ``seat`` in (kind, source) order."""
    c = 0
    for s in range(4):
        for b in range(g[P_NRANKS]):
            k = 16 * s + b
            if hand_count(g, seat, k) > 0:
                if c == r:
                    return 4 * k
                c += 1
            for slot in range(g[P_COPIES]):
                if g[tslot(seat, k, slot)] >= 0:
                    if c == r:
                        return 4 * k + 1 + slot
                    c += 1
    return -1


@hot
def th_move(g, seat):
    """th-v1's move (4 * kind + source) for ``seat`` (see the module doc)."""
    refresh(g, seat)
    draws = draws_left(g)
    utot = g[G_UTOT]
    trump = g[C_TRUMP]
    best = -1
    bscore = -1e18
    leading = g[C_NTR] == 0
    lead = g[C_TC0]
    last = g[C_SN] - g[C_STOP] == 2
    oc = g[P_AVG10] / 20.0
    for s in range(4):
        for b in range(g[P_NRANKS]):
            k = 16 * s + b
            nsrc = 1 + g[P_COPIES]
            for src in range(nsrc):
                if src == 0:
                    if hand_count(g, seat, k) == 0:
                        continue
                elif g[tslot(seat, k, src - 1)] < 0:
                    continue
                kv = keep_value(g, seat, k, src, draws, utot)
                pts = g[P_PTS + k]
                if leading:
                    pb = g[G_PB + k] / SCALE
                    will = 0.6 if pts > 0 else 0.3
                    pl = pb * will
                    gain = MELD_TURN_WEIGHT * meld_gain_without(g, seat, k, src) * turn_factor(g)
                    score = (1.0 - pl) * (pts + gain) - pl * (pts + oc) - kv
                else:
                    tp = g[P_PTS + lead] + pts
                    if beats(k, lead, trump):
                        gain = MELD_TURN_WEIGHT * meld_gain_without(g, seat, k, src)
                        if last:
                            gain += oc
                        score = tp + gain - kv
                    else:
                        score = -tp - kv
                # among equal choices keep melded copies' melds together: prefer the hand copy
                score -= 0.001 * src
                if score > bscore:
                    bscore = score
                    best = 4 * k + src
    return best


@hot
def choose_move(g, seat, code):
    """Policy ``code``'s move for ``seat``."""
    if code & 15 == 1:
        return th_move(g, seat)
    return nth_move(g, seat, rand_below(g, count_moves(g, seat)))


@hot
def best_meld_now(g, seat):
    """The most points one meld of ``seat`` would score now (0: none)."""
    best = 0
    for typ in range(NTYPES):
        for suit in range(4 if typ == A_MAR else 1):
            for n in range(1, g[P_COPIES] + 1):
                v = meld_value(g, seat, act_code(typ, suit, n))
                if v > best:
                    best = v
    return best


@hot
def th_last(g, seat):
    """th-v1's last-card choice: the face-up card when its phase-2 worth, plus the meld it adds to the
    last meld, is at least the mean phase-2 worth of a card ``seat`` cannot see (the face-down one)."""
    up = g[G_STK + g[C_SN] - 1]
    before = best_meld_now(g, seat)
    planes_add(g, G_H + MAXC * seat, up)
    after = best_meld_now(g, seat)
    planes_remove(g, G_H + MAXC * seat, up)
    v_up = phase2_worth(g, up) + (after - before)
    tot = 0.0
    cnt = 0
    for s in range(4):
        for b in range(g[P_NRANKS]):
            k = 16 * s + b
            u = unseen(g, seat, k)
            if u > 0:
                tot += u * phase2_worth(g, k)
                cnt += u
    v_down = tot / cnt if cnt > 0 else 0.0
    return 1 if v_up >= v_down else 0


@hot
def choose_last(g, seat, code):
    """Policy ``code``'s last-card choice for the winner ``seat``: 1 takes the turned-up card."""
    if code & 15 == 1:
        return th_last(g, seat)
    return rand_below(g, 2)


@hot
def run_phase1(g, pols):
    """Play phase 1 to its end with the policies ``pols`` (8 bits per seat), the last meld included;
    leaves ``g`` at the start of phase 2 (melds back in the hands)."""
    while True:
        stage = g[C_STAGE]
        if stage == 1:
            w = g[C_LASTWIN]
            take_last(g, choose_last(g, w, (pols >> (16 * w)) & 65535))
        elif stage == 2:
            w = g[C_MELDER]
            if w >= 0:
                do_melds(g, w, (pols >> (16 * w)) & 65535)
            end_phase1(g)
            return
        elif stage == 3:
            return
        else:
            seat = g[C_TURN]
            code = (pols >> (16 * seat)) & 65535
            if g[C_NTR] == 0 and g[C_MELDER] == seat:
                do_melds(g, seat, code)
            play_move(g, choose_move(g, seat, code))
