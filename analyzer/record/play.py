"""The play of a hand record: checked from each known seat's view, walked decision by decision, and scored.

The trick play (every game; two-handed's phase 2) is followed by :func:`analyzer.cardplay.seen.replay` -- the very
record ``pinochle play`` builds from its flags -- once for every seat whose hand is known. Two-handed's phase 1 is
replayed through its kernels (:func:`analyzer.twohand.position.build_position`) at each of my turns, my cards
there (in hand and melded) being my dealt hand, my draws so far and my plays so far, with the dix exchange; phase
2's hands follow from it (mine from my cards at its end, the opponent's the rest of the deck). The steps of
:func:`card_steps` are what :mod:`analyzer.review` asks the advisor about: each of my plays with the card-play
question's values at that moment (:func:`play_values`, the fields of :data:`analyzer.request.parts.PLAY`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.cardplay.notation import played_text
from analyzer.cardplay.seen import Record, Seen, replay
from analyzer.cards import SUITS, Hand
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.record.check import after_pass, at, auction_of, contract_of
from analyzer.record.model import HandRecord
from analyzer.record.text import Entry, phase1_text
from analyzer.score import score_hand, scoring_units
from analyzer.twohand import state as S
from analyzer.twohand.position import build_position, history_state


@dataclass(frozen=True)
class Step:
    """One card of the record's play: its number among the plays (``index``; phase 1: the trick and the card in it),
    the seat that played it, the card (``name`` as written, ``*`` for a melded copy), ``phase`` (1: two-handed's
    stock phase, else 2 or 0), and where every hand is known each seat's cards just before it (``hands``), the
    cards of the trick before it and the trick's leader (the true position the solver values)."""

    index: int
    seat: int
    card: int
    name: str
    phase: int
    hands: tuple[tuple[int, ...], ...] | None = None
    trick: tuple[int, ...] = ()
    trick_leader: int = 0


def _hand(kinds: tuple[int, ...] | list[int], rec: HandRecord) -> Hand:
    return Hand(rec.rules.deck, tuple(sorted(kinds)))


def seat_view(rec: HandRecord, seat: int, hand: tuple[int, ...], plays: tuple[int, ...], shown: Mapping,
              contract: tuple[int, int, int]) -> Record:
    """The trick play from ``seat``'s view as :mod:`analyzer.cardplay.seen` reads it (``hand``: its cards at the
    first lead; the bid winner's side knows the pass, :func:`passes_of`)."""
    decl, bid, lead = contract
    trump = rec.trump if rec.trump is not None else rec.upcard >> 4 if rec.upcard is not None else 0
    return Record(rec.rules, seat, _hand(hand, rec), trump, decl, lead, bid,
                  {s: _hand(h, rec) for s, h in shown.items() if s != seat}, plays, rec.whole_meld,
                  *passes_of(rec, seat))


def passes_of(rec: HandRecord, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards ``seat`` passed its partner and those it received (both empty: no pass written, or a seat that
    passed nothing)."""
    if seat not in rec.passed:
        return (), ()
    partner = rec.rules.partners(seat)[0]
    return tuple(rec.passed[seat]), tuple(rec.passed.get(partner, ()))


# ---- two-handed's phase 1 --------------------------------------------------------------------------------------
def _phase1_tricks(rec: HandRecord) -> int:
    """How many tricks phase 1 has (the stock's cards, two a trick)."""
    rs = rec.rules
    return (rs.deck.size - rs.seats * rs.hand_size) // 2


def _dix(rec: HandRecord) -> int:
    """The dix: the lowest card of trump."""
    t = rec.upcard >> 4
    return min(k for k in rec.rules.deck.kinds if k >> 4 == t)


def holding_at(rec: HandRecord, t: int, seat: int | None = None) -> tuple[int, ...]:
    """``seat``'s cards (mine by default; in hand and melded) before trick ``t`` of phase 1 (``t`` = the number of
    phase-1 tricks: at its end): its dealt hand, its draws after the tricks before, less its cards played in them,
    the dix given and the upcard taken where it made the exchange."""
    seat = rec.seat if seat is None else seat
    have = Counter(rec.hands[seat])
    have.update(rec.draws.get(seat, ())[:t])
    if t:
        g = history_state(rec.rules, rec.leader, rec.upcard, rec.phase1[:t])
        who = _players(rec, t)
        for i, tr in enumerate(rec.phase1[:t]):
            for j, (k, _) in enumerate(tr.cards):
                if who[i][j] == seat:
                    have[k] -= 1
        if int(g[S.C_XCH]) and int(g[S.C_XSEAT]) == seat:
            have[_dix(rec)] -= 1
            have[rec.upcard] += 1
    if any(c < 0 for c in have.values()):
        raise UserError(f"seat {seat} played a card it did not hold (its hand, draws and the dix exchange)")
    return tuple(sorted(have.elements()))


def _players(rec: HandRecord, t: int) -> list[tuple[int, ...]]:
    """Who played each card of phase 1's first ``t`` tricks (their leaders from the replay)."""
    out, lead = [], rec.leader
    for i in range(t):
        out.append((lead, 1 - lead)[: len(rec.phase1[i].cards)])
        if len(rec.phase1[i].cards) == 2:
            lead = int(history_state(rec.rules, rec.leader, rec.upcard, rec.phase1[: i + 1])[S.C_LASTWIN])
    return out


def _phase1_steps(rec: HandRecord) -> list[tuple[Step, dict[str, Any]]]:
    """My phase-1 moves with the card-play question's values before each (the position built and checked)."""
    deck = rec.rules.deck
    out = []
    who = _players(rec, len(rec.phase1))
    for t, tr in enumerate(rec.phase1):
        for j, (k, where) in enumerate(tr.cards):
            if who[t][j] != rec.seat:
                continue
            history = (*rec.phase1[:t], type(tr)(tr.cards[:j], ())) if j else rec.phase1[:t]
            hold = holding_at(rec, t)
            build_position(rec.rules, rec.seat, rec.leader, rec.upcard, hold, history)
            name = deck.name(k) + ("" if where < 0 else "*" if where == 0 else f"*{where}")
            v = {"seat": rec.seat, "hand": " ".join(deck.name(x) for x in hold), "upcard": deck.name(rec.upcard),
                 "leader": rec.leader, "played": phase1_text(history, rec) or None, "score": rec.score}
            out.append((Step(t * 2 + j, rec.seat, k, name, 1), v))
    return out


def _phase2_hands(rec: HandRecord) -> dict[int, tuple[int, ...]] | None:
    """Both hands at phase 2's first lead (phase 1 over), from my cards at its end; None while phase 1 goes on."""
    n1 = _phase1_tricks(rec)
    if len(rec.phase1) < n1 or len(rec.phase1[-1].cards) < 2:
        return None
    mine = holding_at(rec, n1)
    gone: Counter[int] = Counter(k for tr in rec.phase1 for k, _ in tr.cards)
    rest = Counter({k: rec.rules.deck.copies for k in rec.rules.deck.kinds}) - gone - Counter(mine)
    return {rec.seat: mine, 1 - rec.seat: tuple(sorted(rest.elements()))}


# ---- the trick play --------------------------------------------------------------------------------------------
def trick_hands(rec: HandRecord) -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]:
    """The hands at the trick play's first lead (two-handed with an upcard: phase 2's; with a card pass: after it)
    and the cards shown."""
    if rec.stock and rec.upcard is not None:
        both = _phase2_hands(rec)
        if both is None:
            return {}, {}
        return both, {1 - rec.seat: both[1 - rec.seat]}
    return after_pass(rec), dict(rec.shown)


def trick_contract(rec: HandRecord) -> tuple[int, int, int] | None:
    """The declarer, bid and first leader of the trick play (two-handed with an upcard: phase 2's leader, the
    winner of phase 1's last trick)."""
    if rec.stock and rec.upcard is not None:
        if _phase2_hands(rec) is None:
            return None
        g = history_state(rec.rules, rec.leader, rec.upcard, rec.phase1)
        return rec.seat, 0, int(g[S.C_LASTWIN])
    return contract_of(rec)


def follow(rec: HandRecord) -> dict[int, Seen]:
    """The trick play followed from every seat whose hand is known (:func:`analyzer.cardplay.seen.replay`)."""
    hands, shown = trick_hands(rec)
    c = trick_contract(rec)
    if c is None:
        return {}
    return {s: replay(seat_view(rec, s, h, rec.played, shown, c)) for s, h in sorted(hands.items())}


def check_play(rec: HandRecord, e: Mapping[str, Entry]) -> None:
    """UserError, naming the field, for a play that cannot have happened (module docstring)."""
    rs = rec.rules
    if rec.stock and rec.upcard is not None:
        _check_phase1(rec, e)
    elif rec.phase1 or rec.draws:
        with at(e.get("phase1") or next((x for k, x in e.items() if k.startswith("draws")), None)):
            raise UserError("phase 1 and the draws are two-handed's, with its upcard (\"upcard: 9H\")")
    if not rec.played:
        return
    with at(e["played"]):
        if rec.trump is None and rec.upcard is None:
            raise UserError("give the trump named (\"trump: H\") before the play")
        if not rs.has_bidding and rec.leader is None and rec.upcard is None:
            raise UserError("give who led the first trick (\"leader: N\")")
        if trick_contract(rec) is None:
            why = ("phase 1 is not over" if rec.stock else "the auction is thrown in or not over" if rec.calls
                   is not None else "give the calls (or the declarer and bid)")
            raise UserError(f"no trick play yet: {why}")
        follow(rec)


def _check_phase1(rec: HandRecord, e: Mapping[str, Entry]) -> None:
    """Two-handed with an upcard: the leader given, one draw a trick of mine, every one of my turns a position
    that can be (:func:`analyzer.twohand.position.build_position`), a position given by its holding at its end."""
    ph = e.get("phase1")
    if rec.leader is None:
        with at(e.get("upcard")):
            raise UserError("give who led the first trick (\"leader: N\", the dealer's opponent)")
    with at(ph):
        history_state(rec.rules, rec.leader, rec.upcard, rec.phase1)
    if rec.holding is not None:
        with at(ph or e.get("holding")):
            build_position(rec.rules, rec.seat, rec.leader, rec.upcard, rec.holding, rec.phase1)
        return
    done = sum(len(t.cards) == 2 for t in rec.phase1)
    for s, d in rec.draws.items():
        with at(e.get(f"draws {s}") or e.get("draws")):
            if s in rec.hands and len(d) != min(done, _phase1_tricks(rec)):
                raise UserError(f"seat {s} drew once a phase-1 trick: {done} tricks, {len(d)} draws")
            if s not in rec.hands:
                raise UserError(f"seat {s}'s draws are given without its hand")
    if rec.seat not in rec.draws and done:
        with at(ph):
            raise UserError("give my draws (\"draws: KS 9D ...\"), one a phase-1 trick")
    with at(ph):
        _phase1_steps(rec)
        both = _phase2_hands(rec)
        opp = 1 - rec.seat
        if both is not None and opp in rec.hands and opp in rec.draws and holding_at(rec, len(rec.phase1), opp) != \
                both[opp]:
            raise UserError(f"seat {opp}'s cards at the end of phase 1 (its hand and draws) are not the rest of the "
                            "deck")


def card_steps(rec: HandRecord) -> list[tuple[Step, dict[str, Any]]]:
    """Every play of my seat in order, each with the card-play question's values just before it (module
    docstring): two-handed's phase-1 moves, then the trick play's cards."""
    out = _phase1_steps(rec) if rec.stock and rec.upcard is not None and rec.holding is None else []
    if not rec.played:
        return out
    seen = next(iter(follow(rec).values()))
    for i, k in enumerate(rec.played):
        if int(seen.by[i]) == rec.seat:
            out.append((Step(i, rec.seat, int(k), rec.rules.deck.name(int(k)), 2 if rec.stock else 0),
                        play_values(rec, i)))
    return out


def play_values(rec: HandRecord, upto: int | None = None) -> dict[str, Any]:
    """The card-play question's values (:data:`analyzer.request.parts.PLAY`'s names) at the record's position
    after its first ``upto`` plays (None: all of them): what ``pinochle play`` is asked there."""
    rs = rec.rules
    if rec.stock and rec.upcard is not None and rec.holding is not None:
        return {"seat": rec.seat, "hand": " ".join(rs.deck.name(k) for k in rec.holding),
                "upcard": rs.deck.name(rec.upcard), "leader": rec.leader,
                "played": phase1_text(rec.phase1, rec) or None, "score": rec.score}
    hands, shown = trick_hands(rec)
    c = trick_contract(rec)
    plays = rec.played if upto is None else rec.played[:upto]
    v: dict[str, Any] = {"seat": rec.seat, "hand": " ".join(rs.deck.name(k) for k in hands.get(rec.seat, ())),
                         "trump": SUITS[rec.trump] if rec.trump is not None else (
                             SUITS[rec.upcard >> 4] if rec.upcard is not None else None),
                         "played": played_text(plays, rs) or None, "score": rec.score,
                         "shown": {s: " ".join(rs.deck.name(k) for k in h) for s, h in shown.items()} or None,
                         "whole_meld": rec.whole_meld, "meld": rec.meld}
    passed, received = passes_of(rec, rec.seat)
    if passed:
        v |= {"passed": " ".join(rs.deck.name(k) for k in passed), "received": " ".join(rs.deck.name(k) for k in
                                                                                        received)}
    if rec.calls is not None:
        v |= {"auction": " ".join(map(str, rec.calls)), "dealer": rec.dealer}
    else:
        v |= {"declarer": rec.declarer, "bid": rec.bid or 0}
        if rec.score is not None and not rs.play.stock:
            v["dealer"] = rec.dealer
    if not rs.has_bidding or (rec.leader is not None and rec.calls is None) or rec.stock:
        v["leader"] = c[2] if c is not None else rec.leader
    if rs.has_bidding and rec.calls is None and rec.declarer is None:
        v["declarer"] = None
    return v


def true_steps(rec: HandRecord) -> list[Step]:
    """Every card of the trick play with every hand known: each seat's cards just before it, the trick so far and
    its leader (the positions :mod:`analyzer.review` has the solver value); [] unless every hand is known."""
    hands, _ = trick_hands(rec)
    if len(hands) < rec.rules.seats or not rec.played:
        return []
    seen = next(iter(follow(rec).values()))
    left = {s: Counter(h) for s, h in hands.items()}
    out = []
    seats = rec.rules.seats
    for i, k in enumerate(rec.played):
        s = int(seen.by[i])
        n = i % seats
        out.append(Step(i, s, int(k), rec.rules.deck.name(int(k)), 2 if rec.stock else 0,
                        tuple(tuple(sorted(left[x].elements())) for x in range(seats)),
                        tuple(int(x) for x in rec.played[i - n:i]), int(seen.by[i - n])))
        left[s][int(k)] -= 1
    return out


def hand_result(rec: HandRecord) -> tuple[int, ...] | None:
    """Each scoring unit's score for the hand by the one scoring (:func:`analyzer.score.score_hand`) where the record
    says it all -- the auction thrown in, or every card played with every hand known (two-handed: the whole hand
    from its deal) --, else None."""
    rs = rec.rules
    units = scoring_units(rs)
    a = None
    if rs.has_bidding and rec.calls is not None:
        a = auction_of(rec)
        if a is not None and a.done and a.winner is None:
            return (0,) * len(units)
    hands, _ = trick_hands(rec)
    c = trick_contract(rec)
    if c is None or len(hands) < rs.seats or len(rec.played) < rs.seats * rs.hand_size or rec.trump is None and \
            rec.upcard is None:
        return None
    seen = next(iter(follow(rec).values()))
    pts, trk = seen.points.astype(np.int64), seen.tricks.astype(np.int64)
    if rec.stock:
        if rec.upcard is None or not all(s in rec.hands for s in range(2)):
            return None
        g = history_state(rs, rec.leader, rec.upcard, rec.phase1)
        meld = np.array([int(g[S.C_MELD + s]) for s in range(2)], dtype=np.int64)
        pts = pts + np.array([int(g[S.C_PTS + s]) for s in range(2)])
        trk = trk + np.array([int(g[S.C_TRK + s]) for s in range(2)])
        decl, bid = -1, 0
    else:
        planes = np.stack([_hand(hands[s], rec).planes for s in range(rs.seats)])  # after the pass, if any
        meld = meld_batch(planes, rs)[:, rec.trump].astype(np.int64)
        decl, bid = c[0], c[1]
    sc = score_hand(rs, meld[None], pts[None], trk[None], decl, bid)[0]
    return tuple(int(sc[u[0]]) for u in units)
