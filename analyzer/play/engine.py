"""Numba kernels of trick play: the state of a hand in play, legal cards, playing a card, the trick winner.

Functions over a fixed-shape int64 state, with no other inputs or effects (``play`` updates the state in
place, as playouts need; ``next_state`` returns a new one). The rules are those of RULES.md, "Trick play":

* follow the led suit when able (``play.follow``);
* else play a trump when holding one (``play.must_trump``; bridge has no such duty);
* heading (``play.head``): ``never``; ``trump-led`` = when trump is led, beat the best card in the trick
  if able; ``always`` = with a plain lead beat the highest card of the led suit unless the trick is
  already trumped, with a trump lead beat the best trump, and a player who trumps must overtrump a
  trump already in the trick if able;
* the first lead must be a trump when the leader holds one (double deck, unless the bid was 50; the
  flag is resolved from the bid when the state is made, see :func:`analyzer.rules.lowered.first_lead_trump`);
* a card beats the trick's winner if it is a trump and the winner is not, or of the winner's suit and
  strictly higher: of identical cards the earlier one keeps the trick;
* card points of the trick, plus ``per_trick`` (bridge: 1 per trick), plus ``last_trick`` for the last
  trick, go to the trick's winner, who leads next.

Card kinds and count planes are those of :mod:`analyzer.cards`: kind = 16 * suit + lane bit, suit of a
kind = ``kind >> 4``; a *card mask* is an int64 bitboard of kinds (identical copies are one move).

The state is ONE flat int64 array (``int64[ST_LEN]``), sections at fixed offsets for up to 4 seats and
4 copies. One array rather than a tuple of arrays because every array a non-inlined numba call receives
costs two reference-count calls into the runtime; with one array a playout runs several times faster.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from analyzer.jit import hot, kernel, lowbit, popcount
from analyzer.rules.lowered import (
    RP_COPIES,
    RP_FOLLOW,
    RP_HEAD,
    RP_LANE,
    RP_LAST_TRICK,
    RP_LEN,
    RP_MUST_TRUMP,
    RP_PER_TRICK,
    RP_PTS,
    RP_SEATS,
    trick_params,
)

if TYPE_CHECKING:
    from analyzer.rules.model import RuleSet

MAX_SEATS = 4
MAX_COPIES = 4

# ---- section 1, the trick rules: analyzer.rules.lowered's block (RP_* offsets), constant during play ----

# ---- section 2, the cards ----------------------------------------------------------------------------------
S_HANDS = RP_LEN  # S_HANDS + MAX_COPIES * seat + plane: count planes of the cards each seat still holds
S_PLAYED = S_HANDS + MAX_SEATS * MAX_COPIES  # S_PLAYED + plane: count planes of every card played so far
S_TRICK = S_PLAYED + MAX_COPIES  # S_TRICK + i: kind of the i-th card of the current trick (-1: not yet)
S_POINTS = S_TRICK + MAX_SEATS  # S_POINTS + seat: points won (card points + per-trick + last-trick bonus)
S_TRICKS = S_POINTS + MAX_SEATS  # S_TRICKS + seat: tricks won

# ---- section 3, control scalars -----------------------------------------------------------------------------
S_CTL = S_TRICKS + MAX_SEATS
CTL_LEADER = S_CTL + 0  # seat that led (or is to lead) the current trick
CTL_TURN = S_CTL + 1  # seat to play next
CTL_NCARDS = S_CTL + 2  # cards already played to the current trick (0 .. seats-1)
CTL_TRICKNO = S_CTL + 3  # tricks completed so far
CTL_TRUMP = S_CTL + 4  # trump suit 0..3 (S H D C) or -1 for no trump
CTL_FIRST_TRUMP = S_CTL + 5  # 1 when the first lead must be a trump if the leader holds one (bid resolved)
CTL_DECLARER = S_CTL + 6  # seat of the declarer / high bidder / game maker (-1: none)
CTL_DSIDE = S_CTL + 7  # bitmask of the seats playing with the declarer (the declarer's side in play)
CTL_LASTWIN = S_CTL + 8  # winner of the last completed trick (-1 before the first is complete)
CTL_VOIDS = S_CTL + 9  # public voids: bit 4 * seat + suit set when the seat is known void in the suit
#                        (it failed to follow the suit, or failed to trump when it had to: Luxury
#                        Family's turned suit cards show exactly these)
CTL_BEST = S_CTL + 10  # kind of the card winning the current trick so far (-1: trick empty)
CTL_BESTPOS = S_CTL + 11  # its position in the trick (0 = the leader's card)
CTL_TPTS = S_CTL + 12  # card points in the current trick so far
CTL_LEFT = S_CTL + 13  # cards still held by all seats together
CTL_RNG = S_CTL + 14  # state of the deal's random stream (32-bit xorshift, see analyzer.play.policy)
ST_LEN = S_CTL + 15


@hot
def suit_mask(suit, lane):
    """Card mask of every kind of ``suit`` (0..3)."""
    return lane << (16 * suit)


@hot
def above(kind):
    """Card mask of every kind greater than ``kind`` (in its suit: the higher ranks; also later suits)."""
    return -(np.int64(1) << (kind + 1))


@hot
def beats(card, best, trump):
    """Whether ``card`` played after ``best`` takes the trick from it (identical: the earlier keeps it)."""
    cs = card >> 4
    bs = best >> 4
    if cs == bs:
        return card > best
    return cs == trump


@hot
def trick_winner(trick, ncards, trump):
    """Position (0 = the leader's card) of the winning card of ``trick[0:ncards]``; ``trump`` -1: none."""
    w = 0
    best = trick[0]
    for i in range(1, ncards):
        if beats(trick[i], best, trump):
            best = trick[i]
            w = i
    return w


@hot
def legal_cards(held, ncards, led, best, trump, first_trump, head, must_trump, follow, lane):
    """Card mask of the kinds a player holding the kinds ``held`` may play.

    The trick has ``ncards`` cards, led in suit ``led``, won so far by the kind ``best``;
    ``first_trump`` is 1 when this is the first lead and it must be a trump if the leader holds one;
    ``head``, ``must_trump``, ``follow`` and ``lane`` are the rule parameters RP_HEAD .. RP_LANE.
    """
    if ncards == 0:
        if first_trump != 0 and trump >= 0:
            t = held & suit_mask(trump, lane)
            if t != 0:
                return t
        return held
    if follow == 0:
        return held
    same = held & suit_mask(led, lane)
    if same != 0:
        if (head == 2 and (led == trump or (best >> 4) != trump)) or (head == 1 and led == trump):
            # the winner is then a card of the led suit: beat it if able
            higher = same & above(best)
            if higher != 0:
                return higher
        return same
    if trump >= 0:
        trumps = held & suit_mask(trump, lane)
        if trumps != 0:
            allowed = trumps
            if head == 2 and (best >> 4) == trump:
                higher = trumps & above(best)
                if higher != 0:
                    allowed = higher
            if must_trump != 0:
                return allowed
            return (held & ~trumps) | allowed
    return held


@hot
def legal_for(st, held):
    """Card mask of the kinds a player holding ``held`` may play now in state ``st``."""
    first = st[CTL_FIRST_TRUMP] if st[CTL_TRICKNO] == 0 else 0
    n = st[CTL_NCARDS]
    return legal_cards(
        held, n, st[S_TRICK] >> 4, st[CTL_BEST], st[CTL_TRUMP], first,
        st[RP_HEAD], st[RP_MUST_TRUMP], st[RP_FOLLOW], st[RP_LANE],
    )


@hot
def legal(st):
    """Card mask of the kinds the seat to play may play in state ``st``."""
    return legal_for(st, st[S_HANDS + MAX_COPIES * st[CTL_TURN]])


@hot
def play(st, kind):
    """The seat to play plays ``kind`` (assumed legal); returns the trick's winner if it ends it, else -1.

    Updates the hand, the played planes, the public voids, the trick and, at the end of a trick, the
    winner's points and tricks, the leader and the turn.
    """
    seats = st[RP_SEATS]
    copies = st[RP_COPIES]
    seat = st[CTL_TURN]
    trump = st[CTL_TRUMP]
    bit = np.int64(1) << kind
    h = S_HANDS + MAX_COPIES * seat
    for p in range(copies - 1, -1, -1):  # take the copy from the highest plane holding the kind
        if st[h + p] & bit:
            st[h + p] &= ~bit
            break
    for p in range(copies):  # and put it in the lowest played plane lacking it
        if not st[S_PLAYED + p] & bit:
            st[S_PLAYED + p] |= bit
            break
    st[CTL_LEFT] -= 1
    n = st[CTL_NCARDS]
    st[S_TRICK + n] = kind
    st[CTL_TPTS] += st[RP_PTS + kind]
    if n == 0:
        st[CTL_BEST] = kind
        st[CTL_BESTPOS] = 0
    else:
        led = st[S_TRICK] >> 4
        suit = kind >> 4
        if suit != led and st[RP_FOLLOW] != 0:
            st[CTL_VOIDS] |= np.int64(1) << (4 * seat + led)
            if st[RP_MUST_TRUMP] != 0 and trump >= 0 and suit != trump:
                st[CTL_VOIDS] |= np.int64(1) << (4 * seat + trump)
        if beats(kind, st[CTL_BEST], trump):
            st[CTL_BEST] = kind
            st[CTL_BESTPOS] = n
    n += 1
    if n < seats:
        st[CTL_NCARDS] = n
        nxt = seat + 1
        st[CTL_TURN] = nxt if nxt < seats else 0
        return -1
    winner = st[CTL_LEADER] + st[CTL_BESTPOS]
    if winner >= seats:
        winner -= seats
    pts = st[CTL_TPTS] + st[RP_PER_TRICK]
    if st[CTL_LEFT] == 0:
        pts += st[RP_LAST_TRICK]
    st[S_POINTS + winner] += pts
    st[S_TRICKS + winner] += 1
    for i in range(MAX_SEATS):
        st[S_TRICK + i] = -1
    st[CTL_NCARDS] = 0
    st[CTL_TPTS] = 0
    st[CTL_BEST] = -1
    st[CTL_BESTPOS] = 0
    st[CTL_TRICKNO] += 1
    st[CTL_LEADER] = winner
    st[CTL_TURN] = winner
    st[CTL_LASTWIN] = winner
    return winner


@kernel
def next_state(st, kind):
    """The state after the seat to play plays ``kind``, as a new array (``st`` is left unchanged);
    :func:`play` does the same in place, which is what playouts use."""
    out = st.copy()
    play(out, kind)
    return out


@hot
def reset_state(st, hands0, trump, leader, declarer, dside, first_trump, rng):
    """Put ``st`` (its rule section already filled) at the first lead of the deal ``hands0``
    (int64[seats, copies]); ``rng`` starts the deal's random stream."""
    left = 0
    for i in range(S_HANDS, ST_LEN):
        st[i] = 0
    for s in range(hands0.shape[0]):
        for p in range(hands0.shape[1]):
            st[S_HANDS + MAX_COPIES * s + p] = hands0[s, p]
            left += popcount(hands0[s, p])
    for i in range(MAX_SEATS):
        st[S_TRICK + i] = -1
    st[CTL_LEADER] = leader
    st[CTL_TURN] = leader
    st[CTL_TRUMP] = trump
    st[CTL_FIRST_TRUMP] = first_trump
    st[CTL_DECLARER] = declarer
    st[CTL_DSIDE] = dside
    st[CTL_LASTWIN] = -1
    st[CTL_BEST] = -1
    st[CTL_LEFT] = left
    st[CTL_RNG] = rng


@kernel
def alloc_state(rp):
    """A state array with the rule section ``rp`` (int64[RP_LEN]) filled in and no cards."""
    st = np.zeros(ST_LEN, dtype=np.int64)
    for i in range(RP_LEN):
        st[i] = rp[i]
    return st


@hot
def nth_bit(mask, r):
    """Index of the ``r``-th (from 0, lowest first) set bit of ``mask``."""
    m = mask
    for _ in range(r):
        m &= m - 1
    return lowbit(m)


# ---- reading a state from Python ---------------------------------------------------------------------------
def hands_of(st: np.ndarray, seats: int, copies: int) -> np.ndarray:
    """View int64[seats, copies] of the count planes still held."""
    return st[S_HANDS : S_HANDS + MAX_COPIES * MAX_SEATS].reshape(MAX_SEATS, MAX_COPIES)[:seats, :copies]


def points_of(st: np.ndarray) -> list[int]:
    """Points won so far by each seat."""
    return st[S_POINTS : S_POINTS + st[RP_SEATS]].tolist()


def tricks_of(st: np.ndarray) -> list[int]:
    """Tricks won so far by each seat."""
    return st[S_TRICKS : S_TRICKS + st[RP_SEATS]].tolist()


def voids_of(st: np.ndarray) -> list[int]:
    """Public voids of each seat as a 4-bit mask (bit s: known void in suit s)."""
    v = int(st[CTL_VOIDS])
    return [(v >> (4 * s)) & 15 for s in range(int(st[RP_SEATS]))]


def trick_of(st: np.ndarray) -> list[int]:
    """Kinds played to the current trick, in play order."""
    return st[S_TRICK : S_TRICK + st[CTL_NCARDS]].tolist()


# ---- the trick rules read from Python (the kernels' own functions, one reading of the rules) -------------------
def winning_position(trick: Sequence[int], trump: int) -> int:
    """Position (0 = the leader's card) of the card winning ``trick`` so far: its kinds in play order (at least
    one); ``trump`` 0..3, or -1 for no trump (:func:`trick_winner`)."""
    if len(trick) == 0:
        raise ValueError("an empty trick has no winner")
    return int(trick_winner(np.asarray(trick, dtype=np.int64), np.int64(len(trick)), np.int64(trump)))


def legal_kinds(rules: RuleSet, held: Iterable[int], trick: Sequence[int], trump: int,
                first: bool = False) -> set[int]:
    """The kinds a hand holding the kinds ``held`` may play to ``trick`` (the kinds played to it so far, in
    order) under the rule set, ``trump`` -1 for no trump; ``first``: this is the first lead of the hand and its
    trump duty binds (:func:`analyzer.rules.lowered.first_lead_trump`). :func:`legal_cards` with the rule
    set's trick rules (:func:`analyzer.rules.lowered.trick_params`)."""
    mask = 0
    for k in held:
        mask |= 1 << int(k)
    led = trick[0] >> 4 if len(trick) else -1
    best = trick[winning_position(trick, trump)] if len(trick) else -1
    rp = trick_params(rules)
    legal = int(legal_cards(np.int64(mask), np.int64(len(trick)), np.int64(led), np.int64(best), np.int64(trump),
                            np.int64(1 if first else 0), rp[RP_HEAD], rp[RP_MUST_TRUMP], rp[RP_FOLLOW], rp[RP_LANE]))
    return {k for k in range(64) if legal >> k & 1}
