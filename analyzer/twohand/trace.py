"""One two-handed hand played by the phase-1 policies, written down move by move: what a hand record holds of it.

:func:`trace_hand` plays phase 1 through the very step kernels :func:`analyzer.twohand.policy.run_phase1` runs (the
same policy choices from the same random stream: the hand's id in the run, as :func:`analyzer.twohand.hands.
play_hands` plays it), one step at a time from Python so that each move is seen: every card with where it came
from (the hand, or a melded copy on the table), the dix exchange and every meld laid with the trick whose winner
laid it, the cards each seat drew, and which card the last trick's winner took. Phase 2 is the heuristic players'
(:func:`analyzer.play.play_deal`, policy ``v1``, which draws no random numbers) from the position phase 1 left.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.deal.rng import SEED_MASK, stream_seed
from analyzer.play import play_deal
from analyzer.rules.model import RuleSet
from analyzer.twohand import melding as M
from analyzer.twohand import policy as P
from analyzer.twohand import state as S
from analyzer.twohand.hands import PHASE2_POLICY, policy_code
from analyzer.twohand.params import new_state
from analyzer.twohand.position import Trick

#: the written name of each meld type (:func:`analyzer.twohand.position.meld_action` reads it back); a plain
#: marriage adds its suit, two copies at once ``double-`` in front
MELD_NAMES = {S.A_DIX: "dix", S.A_RM: "rm", S.A_RUN: "new-run", S.A_RUNUP: "run-over-rm", S.A_MAR: "marriage",
              S.A_ACES: "aces", S.A_KINGS: "kings", S.A_QUEENS: "queens", S.A_JACKS: "jacks", S.A_PIN: "pinochle"}


@dataclass(frozen=True)
class TracedHand:
    """A two-handed hand move by move: phase 1's ``tricks`` (cards from the leader with their source, the melds
    laid after each, the dix exchange written ``dix``), the cards each seat drew (``draws[s]``, one a trick, in
    order), whether the last trick's winner took the turned-up card (``took_upcard``), phase 2's cards in order
    (``played``; empty when phase 2 is not the heuristic players'), and each seat's meld and card points (both
    phases, the last trick included)."""

    tricks: tuple[Trick, ...]
    draws: tuple[tuple[int, ...], tuple[int, ...]]
    took_upcard: bool
    played: tuple[int, ...]
    meld: tuple[int, int]
    points: tuple[int, int]


def _meld_name(act: int) -> str:
    typ, suit, copies = act >> 4, (act >> 1) & 7, (act & 1) + 1
    name = MELD_NAMES[typ] + (f"-{'SHDC'[suit]}" if typ == S.A_MAR else "")
    return ("double-" if copies == 2 else "") + name


def _melds(g: np.ndarray, seat: int, code: int) -> list[str]:
    """Policy ``code``'s meld turn for ``seat`` (:func:`analyzer.twohand.policy.do_melds`, step by step): the
    names of what it laid."""
    out = []
    if code & P.NO_EXCHANGE == 0 and M.may_exchange(g, seat):
        M.exchange(g, seat)
        out.append("dix")
    if M.may_meld(g, seat):
        act = P.th_meld_choice(g, seat) if code & 15 == 1 else P.naive_meld_choice(g, seat)
        if act >= 0:
            M.meld_apply(g, seat, act)
            out.append(_meld_name(int(act)))
    return out


def trace_hand(rules: RuleSet, hands: np.ndarray, stock: np.ndarray, dealer: int, policies: tuple[str, str],
               seed: int, hand_id: int, heuristic: bool = True) -> TracedHand:
    """Hand ``hands`` int64[2, copies] with its ``stock`` (draw order, the turned-up card last) dealt by ``dealer``,
    phase 1 by the seats' ``policies`` from the stream of ``(seed, hand_id)`` (module docstring); phase 2's cards by
    the heuristic players where ``heuristic``."""
    g = new_state(rules)
    S.reset(g, np.ascontiguousarray(hands[None], dtype=np.int64), np.ascontiguousarray(stock[None], dtype=np.int64),
            0, dealer, stream_seed(np.int64(int(seed) & SEED_MASK), np.int64(hand_id)))
    codes = [policy_code(p) for p in policies]
    tricks: list[list] = []  # [cards, melds]
    draws: list[list[int]] = [[], []]
    n = int(g[S.C_SN])
    while True:
        stage = int(g[S.C_STAGE])
        if stage == S.STAGE_LAST:
            w = int(g[S.C_LASTWIN])
            take_up = int(P.choose_last(g, w, codes[w]))
            up, down = int(g[S.G_STK + n - 1]), int(g[S.G_STK + n - 2])  # the dix lies there after an exchange
            S.take_last(g, take_up)
            draws[w].append(up if take_up else down)
            draws[1 - w].append(down if take_up else up)
        elif stage == S.STAGE_FINAL:
            w = int(g[S.C_MELDER])
            if w >= 0:
                tricks[-1][1] += _melds(g, w, codes[w])
            S.end_phase1(g)
            break
        elif stage != S.STAGE_PLAY:
            break
        else:
            seat = int(g[S.C_TURN])
            if g[S.C_NTR] == 0 and g[S.C_MELDER] == seat:
                tricks[-1][1] += _melds(g, seat, codes[seat])
            mv = int(P.choose_move(g, seat, codes[seat]))
            top = int(g[S.C_STOP])
            if g[S.C_NTR] == 0:
                tricks.append([[], []])
            tricks[-1][0].append((mv >> 2, (mv & 3) - 1 if mv & 3 else -1))
            w = int(S.play_move(g, mv))
            if w >= 0 and int(g[S.C_STAGE]) == S.STAGE_PLAY:
                draws[w].append(int(g[S.G_STK + top]))
                draws[1 - w].append(int(g[S.G_STK + top + 1]))
    written = tuple(Trick(tuple((k, -1 if src < 0 else src + 1) for k, src in cards), tuple(melds))
                    for cards, melds in tricks)
    played: tuple[int, ...] = ()
    points = [int(g[S.C_PTS + s]) for s in range(2)]
    if heuristic:
        hands2 = np.array([[g[S.G_H + S.MAXC * s + p] for p in range(rules.deck.copies)] for s in range(2)],
                          dtype=np.int64)
        d = play_deal(rules, hands2, int(g[S.C_TRUMP]), int(g[S.C_LASTWIN]), -1, PHASE2_POLICY)
        played = tuple(int(k) for k in d.cards[:, 1])
        points = [points[s] + int(d.points[s]) for s in range(2)]
    return TracedHand(written, (tuple(draws[0]), tuple(draws[1])), bool(g[S.C_LASTUP] == 1), played,
                      (int(g[S.C_MELD]), int(g[S.C_MELD + 1])), (points[0], points[1]))
