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

* ``th-meld`` and ``th-cards``: th-v1 with other weights in its card choice (:data:`STYLES`), the styles a
  choosing agent picks from hand by hand (:mod:`analyzer.twohand.choosing`): ``th-meld`` weighs the meld a trick
  lets it lay down at 1.0 instead of 0.4 (it fights for the tricks that let it meld), ``th-cards`` at 0 and its
  cards' keep values at half (it spends its high cards on the trick's points now). Melds, the dix and the last
  card as th-v1.

Policy codes are packed 16 bits per seat (:func:`pack`); bit 4 of a seat's code (:data:`NO_EXCHANGE`)
forbids the dix exchange (the advisor measures what the exchange is worth with it).
"""

from __future__ import annotations

import numpy as np

from analyzer.deal.rng import scaled, xorshift
from analyzer.jit import hot
from analyzer.play.engine import beats
from analyzer.twohand.keep import (
    SCALE,
    draws_left,
    keep_value,
    meld_gain_without,
    phase2_worth,
    refresh,
    turn_factor,
    unseen,
)
from analyzer.twohand.melding import (
    exchange,
    hand_cards_used,
    may_exchange,
    may_meld,
    meld_apply,
    meld_value,
)
from analyzer.twohand.state import (
    A_MAR,
    A_PIN,
    A_RM,
    A_RUN,
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
    G_H,
    G_PB,
    G_STK,
    G_UTOT,
    MAXC,
    NTYPES,
    P_AVG10,
    P_COPIES,
    P_NRANKS,
    P_PIN2,
    P_PTS,
    P_RUNV,
    P_STRICT,
    act_code,
    end_phase1,
    hand_count,
    planes_add,
    planes_remove,
    play_move,
    take_last,
    tslot,
)

#: the version of the heuristic phase-1 strategy the reports cite
TH_VERSION = "th-v1"
#: the first bit of a seat's code naming th-v1's style (:data:`STYLES`)
STYLE_SHIFT = 5
#: th-v1's styles, the weights its card choice may be played with: (the weight of the meld a trick lets one lay
#: down, the factor on a card's keep value); 0 is th-v1's own
STYLES = ((0.4, 1.0), (1.0, 1.0), (0.0, 0.5))
#: policy names and their codes: ``th-meld`` and ``th-cards`` are th-v1 in its styles 1 and 2
POLICY_CODES = {"naive": 0, "th-v1": 1, "th-meld": 1 | 1 << STYLE_SHIFT, "th-cards": 1 | 2 << STYLE_SHIFT}
#: flag bit of a seat's code: never exchange the dix
NO_EXCHANGE = 16

#: the styles' weights as the kernels read them (constant arrays, indexed by style)
STYLE_MELD = np.array([w for w, _ in STYLES])
STYLE_KEEP = np.array([k for _, k in STYLES])


def pack(codes: list[int] | tuple[int, ...]) -> int:
    """The per-seat policy codes packed 16 bits per seat, as the kernels take them."""
    return sum(int(c) << (16 * i) for i, c in enumerate(codes))




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
    return th_move_styled(g, seat, 0)


@hot
def th_move_styled(g, seat, style):
    """th-v1's move for ``seat`` in style ``style`` (:data:`STYLES`: 0 is :func:`th_move`)."""
    if style < 0 or style >= len(STYLES):
        style = 0
    mw = STYLE_MELD[style]
    kf = STYLE_KEEP[style]
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
                kv = kf * keep_value(g, seat, k, src, draws, utot)
                pts = g[P_PTS + k]
                if leading:
                    pb = g[G_PB + k] / SCALE
                    will = 0.6 if pts > 0 else 0.3
                    pl = pb * will
                    gain = mw * meld_gain_without(g, seat, k, src) * turn_factor(g)
                    score = (1.0 - pl) * (pts + gain) - pl * (pts + oc) - kv
                else:
                    tp = g[P_PTS + lead] + pts
                    if beats(k, lead, trump):
                        gain = mw * meld_gain_without(g, seat, k, src)
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
        return th_move_styled(g, seat, (code >> STYLE_SHIFT) & 3)
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
