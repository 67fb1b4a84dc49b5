"""The call for the game: every call judged by my chance of winning the game, not by its points alone.

With the game's score given (``pinochle bid --score``), each call's outcome on every sampled deal — the end of
the auction as the call model plays it (:func:`analyzer.bidding.callmodel.choose_call`), the contract made or
set, every unit's score, who took every trick, a quadruple pinochle's win — is carried to the state after the
hand by the game's rules (the 400 rule, the special wins, the target) and valued by the win-probability table
(:func:`analyzer.game.value.chances_after`). The call for the game is the call of the highest mean chance among
the calls the points model allows and, with a turn to come, the least raise with my later raises going up to
each legal level (the points model's own way of bidding, with a ceiling for the game: jumps stay out, as they
do by points, where the model rates them higher than they play in the arena). It replaces the call by points
only where it beats that call beyond the sampling noise (the lower end of the paired 95% interval of the
difference above 0), so that at a score where the game does not change the call (0-0 early on) the answer is
the call by points.

The trump I would name is the points model's (the best where I declare); the table assumes both sides play the
hands after this one as its self-play did (:mod:`analyzer.game.table`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.bidding.auction import AuctionState
from analyzer.bidding.callmodel import CallChoice, Outcomes, beats, rest_of_auctions, top_level, wmean
from analyzer.game.kernel import I_LOSE, I_WIN
from analyzer.game.outcomes import HandOutcomes
from analyzer.game.state import GameState
from analyzer.game.table import WinTable
from analyzer.game.value import chances_after
from analyzer.score import seat_unit


@dataclass
class GameChoice:
    """The calls judged for the game. Rows ``k`` are the calls of :attr:`CallChoice.calls` as the points model
    plays them, then (with a turn to come) the least raise with my later raises going up to ``raises[j]``
    (``upto``): ``calls[k]`` the call now (None: pass), ``upto[k]`` the later raises' limit (None: the points
    model's ceiling), ``chance[k]`` my chance of winning per deal, ``value[k]`` its mean, ``half[k]`` the table's
    mean 95% half-width there, ``wins[k]`` / ``loses[k]`` the share of deals on which this hand ends the game won /
    lost, ``net[k]`` my net score per deal; ``best`` the row of the call for the game, ``points`` the call by points
    (:attr:`CallChoice.best`); ``now`` / ``now_half`` my chance before the hand (the table read at the score);
    ``judged`` the rows the call for the game was chosen from (the others are calls the model does not make now)."""

    game: GameState
    me: int
    calls: list[int | None]
    upto: list[int | None]
    chance: np.ndarray
    value: np.ndarray
    half: np.ndarray
    wins: np.ndarray
    loses: np.ndarray
    net: np.ndarray
    best: int
    points: int
    now: float
    now_half: float
    judged: list[int]

    @property
    def differs(self) -> bool:
        return self.best != self.points


def hand_outcomes(state: AuctionState, out: Outcomes, decl: np.ndarray, contract: np.ndarray, trump: np.ndarray
                  ) -> HandOutcomes:
    """The outcome on every deal as the game sees it, for auctions ending with ``decl`` declaring ``contract``
    (int64[K, n]; -1: thrown in), I naming ``trump[k]`` where I declare; rows by deals flattened (``K * n``).
    ``out`` must carry :attr:`Outcomes.units`."""
    u = out.units
    assert u is not None, "the outcomes were studied without the game's terms"
    K, n = decl.shape
    cls = out.class_of(contract)
    i = np.broadcast_to(np.arange(n), (K, n))
    t = np.broadcast_to(np.asarray(trump, dtype=np.int64)[:, None], (K, n))
    d = np.maximum(decl, 0)
    mine = decl == state.me
    tot = np.where(mine, out.me_tot[cls, t, i], out.o_tot[cls, d, i])
    ok = np.where(mine, out.me_ok[cls, t, i], out.o_ok[cls, d, i])
    made = ok & (tot >= contract) & (decl >= 0)
    scores = np.where(mine[..., None], u.me_scores[cls, t, :, i], u.o_scores[cls, d, :, i])  # [K, n, U]
    unit = seat_unit(state.rules)[d]
    np.put_along_axis(scores, unit[..., None], np.where(made, tot, -contract)[..., None], axis=2)
    played = decl >= 0
    scores = np.where(played[..., None], scores, 0)
    every = np.where(played, np.where(mine, u.me_all[cls, t, i], u.o_all[cls, d, i]), -1)
    quad = np.where(mine[..., None], u.me_quad[cls, t, :, i], u.o_quad[cls, d, :, i]) & played[..., None]
    U = scores.shape[2]
    return HandOutcomes(scores.reshape(K * n, U), np.where(played, unit, -1).reshape(-1), made.reshape(-1),
                        every.reshape(-1), quad.reshape(K * n, U), (~played).reshape(-1))


def _raise_rows(state: AuctionState, out: Outcomes, ch: CallChoice
                ) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """With a turn to come: the least raise now, my later raises up to each legal level (the points model's own
    policy with another ceiling): (levels, decl, contract, trump, net) [L, n]; empty without a turn to come."""
    levels = state.legal_bids(top_level(state, out)) if state.turn_to_come else []
    if not levels or levels[0] not in ch.calls:
        return [], *(np.zeros((0, out.n), np.int64) for _ in range(2)), np.zeros(0, np.int64), np.zeros((0, out.n))
    decl, contract = rest_of_auctions(state, out.seats, [levels[0]] * len(levels), levels)
    mine = decl == state.me
    nets = np.stack([out.my_net(t, contract)[0] for t in range(4)])
    tr = wmean(nets, (mine * out.weights[None, :])[None]).argmax(axis=0)
    net = np.where(mine, nets[tr, np.arange(len(levels))], out.other_net(decl, contract))
    return levels, decl, contract, tr, net


def choose_for_game(state: AuctionState, out: Outcomes, ch: CallChoice, table: WinTable, game: GameState
                    ) -> GameChoice:
    """The calls judged by my chance of winning the game from ``game`` and the call for the game (module
    docstring)."""
    from analyzer.game.value import chance_now

    rs = state.rules
    me = int(seat_unit(rs)[state.me])
    K, n = ch.decl.shape
    levels, d2, c2, t2, net2 = _raise_rows(state, out, ch)
    decl = np.concatenate([ch.decl, d2])
    contract = np.concatenate([ch.contract, c2])
    trump = np.concatenate([np.asarray(ch.trump, dtype=np.int64), t2])
    R = decl.shape[0]
    c, h, e = chances_after(rs, table, game, me, hand_outcomes(state, out, decl, contract, trump))
    chance, half, ended = c.reshape(R, n), h.reshape(R, n), e.reshape(R, n)
    w = out.weights
    value = wmean(chance, w[None, :])
    p = ch.best
    cands = sorted(set([k for k in range(K) if ch.allowed[k]] + [p] + list(range(K, R))))
    g = max(cands, key=lambda k: (value[k] - (1e-12 if k != p else 0.0), -k))
    if g != p and not beats(chance[g:g + 1], chance[p], w)[0]:
        g = p
    wins = wmean((ended == I_WIN).astype(np.float64), w[None, :])
    loses = wmean((ended == I_LOSE).astype(np.float64), w[None, :])
    now, now_half = chance_now(rs, table, game, me)
    calls = list(ch.calls) + ([levels[0]] * len(levels) if levels else [])
    upto = [None] * K + list(levels)
    return GameChoice(game, me, calls, upto, chance, value, wmean(half, w[None, :]), wins, loses,
                      np.concatenate([ch.net, net2]), g, p, now, now_half, cands)
