"""Numba kernels of play advice: whether a sampled deal agrees with the record of play, and heuristic
rollouts of each candidate card from the position the record reached.

Both start from the holdings at the first lead that a sampled deal implies: each seat's hand now plus the
cards it played since (:func:`start_holdings`). A rollout replays the whole record through the play engine
(so the state carries what the table has seen: voids shown, points and tricks taken), plays the candidate
card, and lets the policy kernels play every card to the end; deal ``i`` draws from the stream of
``(seed, ids[i])`` for every candidate alike (common random numbers: the candidates are compared on the
same deal and the same random choices).
"""

from __future__ import annotations

import numpy as np

from analyzer.deal.rng import stream_seed
from analyzer.jit import hot, range_kernel
from analyzer.play.engine import CTL_LEFT, CTL_TURN, S_POINTS, S_TRICKS, alloc_state, legal_cards, play, reset_state
from analyzer.play.policy import random_move, v1_move


@hot
def start_holdings(hands_i, by, kinds, held):
    """``held`` int64[seats, copies] := the hands ``hands_i`` (now) plus every card each seat played since the
    first lead (``by[j]`` played ``kinds[j]``): the holdings at the first lead."""
    seats = hands_i.shape[0]
    copies = hands_i.shape[1]
    for s in range(seats):
        for p in range(copies):
            held[s, p] = hands_i[s, p]
    for j in range(by.shape[0]):
        s = by[j]
        bit = np.int64(1) << kinds[j]
        for p in range(copies):
            if not held[s, p] & bit:
                held[s, p] |= bit
                break


@range_kernel
def consistent_range(hands, by, kinds, ncards, led, best, first, trump, head, must_trump, follow, lane, me,
                     ok, lo, hi):
    """ok[i] for deals lo..hi-1: every recorded play of another seat is legal for the holding the deal
    implies (the seat's hand now plus the cards it played since)."""
    seats = hands.shape[1]
    copies = hands.shape[2]
    n = by.shape[0]
    held = np.zeros((seats, copies), dtype=np.int64)
    for i in range(lo, hi):
        start_holdings(hands[i], by, kinds, held)
        good = True
        for j in range(n):
            s = by[j]
            k = kinds[j]
            bit = np.int64(1) << k
            if s != me:
                legal = legal_cards(held[s, 0], ncards[j], led[j], best[j], trump, first[j], head, must_trump,
                                    follow, lane)
                if not legal & bit:
                    good = False
                    break
            for p in range(copies - 1, -1, -1):
                if held[s, p] & bit:
                    held[s, p] &= ~bit
                    break
        ok[i] = good


def consistent(hands, *record) -> np.ndarray:
    """bool[n]: :func:`consistent_range` over every deal of ``hands`` (int64[n, seats, copies]), spread over
    threads; ``record``: its arguments between ``hands`` and ``ok`` (the plays and the rules' duties)."""
    ok = np.zeros(hands.shape[0], dtype=np.bool_)
    consistent_range.batch(hands.shape[0], hands, *record, ok)
    return ok


@range_kernel
def rollout_range(hands, by, kinds, cands, rp, trump, leader, declarer, dside, first, pols, seed, ids, out_pts,
                  out_tricks, lo, hi):
    """Deals lo..hi-1 of ``hands`` (the hands now, int64[n, seats, copies]): for each candidate ``cands[j]``,
    replay the record (``by``, ``kinds``) from the first lead (``leader``, the first-lead duty ``first``), play
    the candidate, then the policies (seat s: ``(pols >> 4s) & 15``, 0 random, else v1) to the last card.
    ``out_pts[i, j, s]`` / ``out_tricks[i, j, s]``: seat s's points and tricks over the whole hand."""
    seats = hands.shape[1]
    copies = hands.shape[2]
    st = alloc_state(rp)
    held = np.zeros((seats, copies), dtype=np.int64)
    for i in range(lo, hi):
        start_holdings(hands[i], by, kinds, held)
        rng = stream_seed(seed, ids[i])
        for j in range(cands.shape[0]):
            reset_state(st, held, trump, leader, declarer, dside, first, rng)
            for m in range(kinds.shape[0]):
                play(st, kinds[m])
            play(st, cands[j])
            while st[CTL_LEFT] > 0:
                seat = st[CTL_TURN]
                k = random_move(st) if (pols >> (4 * seat)) & 15 == 0 else v1_move(st)
                play(st, k)
            for s in range(seats):
                out_pts[i, j, s] = st[S_POINTS + s]
                out_tricks[i, j, s] = st[S_TRICKS + s]


@range_kernel
def start_holdings_range(hands, by, kinds, out, lo, hi):
    """``out[i]`` := the holdings at the first lead of deal ``i`` (:func:`start_holdings`), deals lo..hi-1."""
    for i in range(lo, hi):
        start_holdings(hands[i], by, kinds, out[i])


def holdings_at_start(hands, by, kinds) -> np.ndarray:
    """int64[n, seats, copies]: each deal's hands now (``hands``) with every card played since the first lead
    given back to its seat: the hands the auction was bid on."""
    out = np.zeros_like(hands)
    start_holdings_range.batch(hands.shape[0], hands, by, kinds, out)
    return out
