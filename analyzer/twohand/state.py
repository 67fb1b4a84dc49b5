"""The state of a two-handed hand in phase 1, and the kernels that change it (RULES.md, `two-handed`).

Everything lives in ONE flat ``int64`` array ``g`` (one array, not many: every array a non-inlined
numba call receives costs reference counting). Its sections:

* **parameters** ``P_*`` (copied in once per rule set by :func:`analyzer.twohand.params.param_array`):
  deck shape, meld values, the ``meld-notes`` switch, the lane bits of the ranks, card points;
* **hands** ``G_H + MAXC * seat + plane``: count planes of the cards a player holds *in hand*;
* **table** ``G_T + (64 * seat + kind) * MAXC + slot``: one entry per physical melded copy on the table,
  -1 for an empty slot, else the bitmask ``U_*`` of the meld kinds the copy has been used in (a card may
  be reused only in a meld of another kind); ``G_TP``: count planes of the table cards;
* **records** ``G_REC``: the melds whose *intactness* changes later scores: a royal marriage (a run laid
  over it while it is intact scores the difference) and a pinochle (a second one added while it is
  intact scores the difference). A record is ``slot_a + 2 * slot_b`` (slots of K and Q of trump, or of
  Q♠ and J♦) while intact, -1 once one of its cards has left the table;
* **stock** ``G_STK + i``: the stock in draw order, the turned-up card last;
* **control** ``C_*``: trump, dealer, whose turn, the trick, the stage, the meld window, scores;
* **scratch** ``G_UN`` ... ``G_ACT``: what a policy worked out for the decision at hand.

A *move* is ``4 * kind + source``: source 0 = from hand, 1 + slot = that melded copy on the table
(which copy of identical cards is played matters: a melded copy breaks its meld up). A *meld action*
is ``16 * type + 2 * suit + (copies - 1)`` with the types ``A_*`` (the suit only matters for a plain
marriage). The dix exchange is a step of its own (:func:`exchange`): it is the turn's dix meld and
does not use up the turn's other meld.

Stages: 0 = a trick in play (phase 1), 1 = the last two stock cards wait for the winner's choice,
2 = phase 1 is over and its last winner may still meld once, 3 = phase 2 (melds back in the hands).

Readings of the rules fixed here (RULES.md is silent or leaves a choice):

* every new meld puts at least one card from the hand on the table (no meld made of melded cards only);
* one meld a turn is one kind of meld in one suit, of one or two copies at once (double aces around 20,
  double pinochle 30, a double run 30: only the pinochle has a bonus for two);
* while the turned-up card can still be exchanged, a dix is melded only by the exchange; a later dix (or
  one melded when no card is left to take) is an ordinary meld of 1 that goes on the table;
* ``meld-notes = relaxed``: a run laid over an intact royal marriage scores the full run, a pinochle
  added to an intact one the full double pinochle (30); one added after the first was broken up is a
  plain pinochle (4) under both notes.
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import hot
from analyzer.play.engine import beats
from analyzer.rules.lowered import RP_COPIES, RP_LANE, RP_LAST_TRICK, RP_LEN, RP_NRANKS, RP_PTS

MAXC = 2  # count planes kept per player (two-handed decks have 1 or 2 copies)
NKIND = 64

# ---- parameter section, part 1: the trick rules, analyzer.rules.lowered's block ---------------------------
P_COPIES = RP_COPIES
P_NRANKS = RP_NRANKS
P_LANE = RP_LANE
P_LAST = RP_LAST_TRICK  # last-trick points (phase 2)
P_PTS = RP_PTS  # P_PTS + kind: card points
# ---- parameter section, part 2: two-handed's own (melds, ranks, stock) -----------------------------------
P_STRICT = RP_LEN + 0  # 1: meld-notes strict (adding to a meld on the table scores the difference)
P_RUNV = RP_LEN + 1
P_RMV = RP_LEN + 2
P_MARV = RP_LEN + 3
P_DIXV = RP_LEN + 4
P_AV = RP_LEN + 5  # aces, kings, queens, jacks around: P_AV + 0..3
P_PIN1 = RP_LEN + 9  # a pinochle
P_PIN2 = RP_LEN + 10  # a double pinochle
P_BA = RP_LEN + 11  # lane bit of A, T, K, Q, J, 9: P_BA + 0..5
P_BT = RP_LEN + 12
P_BK = RP_LEN + 13
P_BQ = RP_LEN + 14
P_BJ = RP_LEN + 15
P_B9 = RP_LEN + 16
P_QS = RP_LEN + 17  # kinds of the pinochle's cards
P_JD = RP_LEN + 18
P_HAND = RP_LEN + 19
P_AVG10 = RP_LEN + 20  # ten times the mean card points of a trick (the policies' unit of card strength)
P_STOCKN = RP_LEN + 21  # cards in the stock at the start, the turned-up card included
P_LEN = RP_LEN + 22

# ---- card sections ----------------------------------------------------------------------------------------
G_H = P_LEN
G_T = G_H + 2 * MAXC
G_TP = G_T + 2 * NKIND * MAXC
G_REC = G_TP + 2 * MAXC  # G_REC + 4 * seat + 2 * r + j: r 0 royal marriage, 1 pinochle; j the copy
G_PL = G_REC + 8  # count planes of the cards played to completed tricks
G_STK = G_PL + MAXC
MAX_STOCK = 32
G_C = G_STK + MAX_STOCK

# ---- control ------------------------------------------------------------------------------------------------
C_TRUMP = G_C + 0
C_DEALER = G_C + 1
C_LEADER = G_C + 2
C_TURN = G_C + 3
C_NTR = G_C + 4  # cards in the current trick (0 or 1)
C_TC0 = G_C + 5  # the led card (kind) and its source
C_TS0 = G_C + 6
C_STOP = G_C + 7  # index of the next stock card to draw
C_SN = G_C + 8  # stock length
C_XCH = G_C + 9  # 1 once the dix has been exchanged
C_XSEAT = G_C + 10  # who exchanged (-1 nobody)
C_STAGE = G_C + 11
C_MELDER = G_C + 12  # the seat whose meld window is open (-1 none)
C_MELDED = G_C + 13  # 1 once the window's one meld is made
C_TRICKS = G_C + 14  # phase-1 tricks completed
C_LASTWIN = G_C + 15
C_RNG = G_C + 16  # the deal's random stream (policies)
C_LASTUP = G_C + 17  # last-card choice: 1 the winner took the turned-up card, 0 the face-down one, -1 not yet
C_MELD = G_C + 18  # + seat: meld scored
C_PTS = G_C + 20  # + seat: card points of phase-1 tricks
C_TRK = G_C + 22  # + seat: phase-1 tricks won
C_NMELD = G_C + 24  # + seat: melds laid down (the exchange included)
G_MID = G_C + 26  # G_MID + NID * seat + id: meld points by report id
NID = 13
# ---- policy scratch: what a policy worked out for the decision at hand ------------------------------------
G_UN = G_MID + 2 * NID  # + kind: copies the deciding seat cannot see
G_UTOT = G_UN + NKIND  # their total
G_SAVE = G_UTOT + 1  # 8 records saved while a card is taken away for a what-if
G_NACT = G_SAVE + 8  # meld actions possible now: how many, then the codes
G_ACT = G_NACT + 1
MAX_ACT = 48
G_PB = G_ACT + MAX_ACT  # + kind: chance (in millionths) that the opponent can beat that card when led
G_E0 = G_PB + NKIND  # + 4 * type + suit: expected future meld of that type (millionths; -1 not yet known)
G_LEN = G_E0 + 4 * 10

STAGE_PLAY, STAGE_LAST, STAGE_FINAL, STAGE_PHASE2 = 0, 1, 2, 3

# ---- meld actions, reuse kinds, report ids -------------------------------------------------------------
A_DIX, A_RM, A_RUN, A_RUNUP, A_MAR, A_ACES, A_KINGS, A_QUEENS, A_JACKS, A_PIN = range(10)
NTYPES = 10
U_RUN, U_MAR, U_DIX, U_A, U_K, U_Q, U_J, U_PIN = 1, 2, 4, 8, 16, 32, 64, 128
M_DIX, M_RM, M_RUN, M_MAR, M_ACES, M_KINGS, M_QUEENS, M_JACKS, M_PIN, M_DPIN = 0, 1, 2, 3, 7, 8, 9, 10, 11, 12
#: the report ids' names (marriages by suit)
MELD_IDS = ("dix", "royal marriage", "run", "marriage S", "marriage H", "marriage D", "marriage C",
            "aces around", "kings around", "queens around", "jacks around", "pinochle", "double pinochle")


@hot
def act_code(typ, suit, n):
    """Meld action of ``n`` copies of meld type ``typ`` (suit only for a plain marriage)."""
    return typ * 16 + suit * 2 + (n - 1)


@hot
def ubit(typ):
    """The reuse kind (U_*) of a meld type: a run and a royal marriage are the same kind."""
    if typ == A_DIX:
        return U_DIX
    if typ == A_RM or typ == A_RUN or typ == A_RUNUP:
        return U_RUN
    if typ == A_MAR:
        return U_MAR
    if typ == A_ACES:
        return U_A
    if typ == A_KINGS:
        return U_K
    if typ == A_QUEENS:
        return U_Q
    if typ == A_JACKS:
        return U_J
    return U_PIN


@hot
def req_count(typ):
    """Number of different card kinds one copy of a meld type needs."""
    if typ == A_DIX:
        return 1
    if typ == A_RUN:
        return 5
    if typ == A_RUNUP:
        return 3
    if typ == A_ACES or typ == A_KINGS or typ == A_QUEENS or typ == A_JACKS:
        return 4
    return 2


@hot
def req_kind(g, typ, suit, i):
    """The ``i``-th card kind a meld type needs (trump from the state)."""
    t = g[C_TRUMP]
    if typ == A_DIX:
        return 16 * t + g[P_B9]
    if typ == A_RM:
        return 16 * t + (g[P_BK] if i == 0 else g[P_BQ])
    if typ == A_RUN:
        return 16 * t + g[P_BA + i]
    if typ == A_RUNUP:
        return 16 * t + (g[P_BA] if i == 0 else (g[P_BT] if i == 1 else g[P_BJ]))
    if typ == A_MAR:
        return 16 * suit + (g[P_BK] if i == 0 else g[P_BQ])
    if typ == A_ACES:
        return 16 * i + g[P_BA]
    if typ == A_KINGS:
        return 16 * i + g[P_BK]
    if typ == A_QUEENS:
        return 16 * i + g[P_BQ]
    if typ == A_JACKS:
        return 16 * i + g[P_BJ]
    return g[P_QS] if i == 0 else g[P_JD]


# ---- cards in hand and on the table --------------------------------------------------------------------
@hot
def tslot(seat, k, slot):
    """Index in ``g`` of table slot ``slot`` of kind ``k`` of ``seat``."""
    return G_T + (NKIND * seat + k) * MAXC + slot


@hot
def hand_count(g, seat, k):
    """Copies of kind ``k`` in ``seat``'s hand."""
    c = 0
    for p in range(MAXC):
        c += (g[G_H + MAXC * seat + p] >> k) & 1
    return c


@hot
def table_count(g, seat, k):
    """Melded copies of kind ``k`` on ``seat``'s table."""
    c = 0
    for p in range(MAXC):
        c += (g[G_TP + MAXC * seat + p] >> k) & 1
    return c


@hot
def planes_add(g, base, k):
    """Add a copy of ``k`` to the count planes at ``g[base:base+MAXC]`` (the lowest plane lacking it)."""
    bit = np.int64(1) << k
    for p in range(MAXC):
        if g[base + p] & bit == 0:
            g[base + p] |= bit
            return


@hot
def planes_remove(g, base, k):
    """Remove a copy of ``k`` from the count planes at ``g[base:base+MAXC]`` (the highest plane holding it)."""
    bit = np.int64(1) << k
    for p in range(MAXC - 1, -1, -1):
        if g[base + p] & bit:
            g[base + p] &= ~bit
            return


@hot
def table_free(g, seat, k, ub):
    """Melded copies of ``k`` on ``seat``'s table not yet used in a meld of kind ``ub``."""
    c = 0
    for s in range(g[P_COPIES]):
        u = g[tslot(seat, k, s)]
        if u >= 0 and u & ub == 0:
            c += 1
    return c


@hot
def table_add(g, seat, k, used):
    """Put a copy of ``k`` on ``seat``'s table with the meld kinds ``used``; returns its slot."""
    for s in range(g[P_COPIES]):
        i = tslot(seat, k, s)
        if g[i] < 0:
            g[i] = used
            planes_add(g, G_TP + MAXC * seat, k)
            return s
    return -1


@hot
def table_remove(g, seat, k, slot):
    """Take the melded copy in ``slot`` of ``k`` off ``seat``'s table; melds recorded with it break up."""
    g[tslot(seat, k, slot)] = -1
    planes_remove(g, G_TP + MAXC * seat, k)
    t = g[C_TRUMP]
    kt = 16 * t + g[P_BK]
    qt = 16 * t + g[P_BQ]
    for j in range(2):
        r = G_REC + 4 * seat + j
        v = g[r]
        if v >= 0 and ((k == kt and (v & 1) == slot) or (k == qt and (v >> 1) == slot)):
            g[r] = -1
        r = G_REC + 4 * seat + 2 + j
        v = g[r]
        if v >= 0 and ((k == g[P_QS] and (v & 1) == slot) or (k == g[P_JD] and (v >> 1) == slot)):
            g[r] = -1


@hot
def intact_record(g, seat, r):
    """Index (0/1) of an intact record of kind ``r`` (0 royal marriage, 1 pinochle) of ``seat``, or -1."""
    for j in range(2):
        if g[G_REC + 4 * seat + 2 * r + j] >= 0:
            return j
    return -1


@hot
def upcard_present(g):
    """Whether the turned-up card still lies under the stock."""
    return g[C_STOP] < g[C_SN]


@hot
def upcard(g):
    """Kind of the card face up under the stock (-1 once taken)."""
    if g[C_STOP] < g[C_SN]:
        return g[G_STK + g[C_SN] - 1]
    return -1


# ---- setting up a deal ------------------------------------------------------------------------------------
@hot
def reset(g, hands, stock, i, dealer, rng):
    """Put ``g`` (its parameter section filled) at the first lead of deal ``i`` of ``hands``
    (int64[n, 2, copies]) and ``stock`` (int64[n, m], the turned-up card last); ``dealer`` deals."""
    for j in range(G_H, G_LEN):
        g[j] = 0
    for j in range(G_T, G_T + 2 * NKIND * MAXC):
        g[j] = -1
    for j in range(G_REC, G_REC + 8):
        g[j] = -1
    copies = hands.shape[2]
    for s in range(2):
        for p in range(copies):
            g[G_H + MAXC * s + p] = hands[i, s, p]
    m = stock.shape[1]
    for j in range(m):
        g[G_STK + j] = stock[i, j]
    g[C_SN] = m
    g[C_STOP] = 0
    g[C_TRUMP] = stock[i, m - 1] >> 4
    g[C_DEALER] = dealer
    g[C_LEADER] = 1 - dealer
    g[C_TURN] = 1 - dealer
    g[C_MELDER] = -1
    g[C_XSEAT] = -1
    g[C_LASTWIN] = -1
    g[C_LASTUP] = -1
    g[C_RNG] = rng
    g[C_STAGE] = STAGE_PLAY if m > 0 else STAGE_FINAL


# ---- playing a card in phase 1 ------------------------------------------------------------------------------
@hot
def move_ok(g, seat, mv):
    """Whether ``seat`` holds the card of move ``mv`` at its source."""
    k = mv >> 2
    src = mv & 3
    if k < 0 or k >= NKIND:
        return False
    if src == 0:
        return hand_count(g, seat, k) > 0
    if src - 1 >= g[P_COPIES]:
        return False
    return g[tslot(seat, k, src - 1)] >= 0


@hot
def play_move(g, mv):
    """The seat to play plays move ``mv`` (assumed held). Returns the trick's winner when the card ends
    a trick (the draws are then made, or the last-card choice awaited), else -1."""
    seat = g[C_TURN]
    k = mv >> 2
    src = mv & 3
    if src == 0:
        planes_remove(g, G_H + MAXC * seat, k)
    else:
        table_remove(g, seat, k, src - 1)
    if g[C_NTR] == 0:
        g[C_MELDER] = -1  # leading closes the meld window
        g[C_TC0] = k
        g[C_TS0] = src
        g[C_NTR] = 1
        g[C_TURN] = 1 - seat
        return -1
    lead = g[C_TC0]
    winner = seat if beats(k, lead, g[C_TRUMP]) else 1 - seat
    g[C_PTS + winner] += g[P_PTS + lead] + g[P_PTS + k]
    g[C_TRK + winner] += 1
    planes_add(g, G_PL, lead)
    planes_add(g, G_PL, k)
    g[C_NTR] = 0
    g[C_TRICKS] += 1
    g[C_LEADER] = winner
    g[C_TURN] = winner
    g[C_LASTWIN] = winner
    left = g[C_SN] - g[C_STOP]
    if left > 2:
        top = g[C_STOP]
        planes_add(g, G_H + MAXC * winner, g[G_STK + top])
        planes_add(g, G_H + MAXC * (1 - winner), g[G_STK + top + 1])
        g[C_STOP] = top + 2
        g[C_MELDER] = winner
        g[C_MELDED] = 0
    else:
        g[C_STAGE] = STAGE_LAST
    return winner


@hot
def take_last(g, take_up):
    """The last trick's winner takes the turned-up card (``take_up`` 1) or the face-down one; the loser
    gets the other. The winner's last meld window opens (stage 2)."""
    w = g[C_LASTWIN]
    n = g[C_SN]
    up = g[G_STK + n - 1]
    down = g[G_STK + n - 2]
    planes_add(g, G_H + MAXC * w, up if take_up else down)
    planes_add(g, G_H + MAXC * (1 - w), down if take_up else up)
    g[C_STOP] = n
    g[C_LASTUP] = 1 if take_up else 0
    g[C_STAGE] = STAGE_FINAL
    g[C_MELDER] = w
    g[C_MELDED] = 0


@hot
def end_phase1(g):
    """Phase 2 starts: every melded card goes back to its owner's hand, the table is cleared."""
    for s in range(2):
        for k in range(NKIND):
            for slot in range(MAXC):
                i = tslot(s, k, slot)
                if g[i] >= 0:
                    g[i] = -1
                    planes_add(g, G_H + MAXC * s, k)
        for p in range(MAXC):
            g[G_TP + MAXC * s + p] = 0
    for j in range(G_REC, G_REC + 8):
        g[j] = -1
    g[C_MELDER] = -1
    g[C_STAGE] = STAGE_PHASE2
    g[C_LEADER] = g[C_LASTWIN]
    g[C_TURN] = g[C_LASTWIN]
