"""Every hand of an arena run as a hand record (:mod:`analyzer.record`), so that any bot hand can be opened and
reviewed (``pinochle review``): the deal, the calls, the trump and the result from the run's saved hands, and the
card play replayed card by card with the run's own random stream (:func:`analyzer.play.play_deal` with deal
``k``'s stream, as :func:`analyzer.arena.core.play_contracts` played it), checked against the points the run
saved. Single-deal runs (:func:`run_records`) and whole games (:func:`game_records`: every hand of every game, with
the game's score before it) played by the heuristic players; a double-dummy run's play is not kept (its records
hold the auction and the trump only), nor a conceded hand's (none was played). With a card pass the records hold
the hands as dealt and each partner's pass (``passed N``, the run's ``passed_in`` and ``passed_back``); the play is
of the hands after it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import polars as pl

from analyzer.bidding.auction import Call, parse_calls, replay
from analyzer.cards import from_planes, parse_cards, to_planes
from analyzer.deal.rng import seed_of
from analyzer.play import DealRecord, play_deal
from analyzer.record.check import after_pass
from analyzer.record.model import HandRecord
from analyzer.rules.lowered import bid_class, first_leader
from analyzer.rules.model import RuleSet
from analyzer.score import scoring_units, seat_unit


def _hands(rules: RuleSet, row: dict[str, Any]) -> dict[int, tuple[int, ...]]:
    return {s: tuple(sorted(parse_cards(row[f"hand_s{s}"], rules.deck))) for s in range(rules.seats)}


def _passes(rules: RuleSet, row: dict[str, Any], decl: int) -> dict[int, tuple[int, ...]]:
    """Each partner's pass of a saved hand (none where the rules have none): the bid winner's partner's cards
    (``passed_in``) and the bid winner's (``passed_back``)."""
    if not rules.passing.cards:
        return {}
    return {rules.partners(decl)[0]: tuple(sorted(parse_cards(row["passed_in"], rules.deck))),
            decl: tuple(sorted(parse_cards(row["passed_back"], rules.deck)))}


def played_record(rules: RuleSet, hands: np.ndarray, dealer: int, calls: Sequence[Call], trump: int, *, seed: int,
                  index: int, policy: str = "v1", seats: Sequence[int] | None = None,
                  score: str | None = None) -> tuple[HandRecord, DealRecord]:
    """The record of a hand the engine plays out: ``hands`` int64[seats, copies] dealt by ``dealer``, the auction
    ``calls`` (won), ``trump`` named, the card play by the heuristic players ``policy`` with deal ``index``'s stream of
    ``seed`` (:func:`analyzer.play.play_deal`); my seat the declarer, the hands of ``seats`` written (None: every
    seat's), ``score`` the game's before the hand. With the play itself (each card's seat, the points and tricks)."""
    a = replay(rules, dealer, list(calls))
    decl, bid = int(a.winner), int(a.contract)
    d = play_deal(rules, hands, trump, first_leader(rules, decl, dealer), decl, policy, seed=seed,
                  bid=bid_class(rules, bid), index=index)
    game = (rules.id, tuple((str(k), str(v)) for k, v in rules.options.items()))
    kept = range(rules.seats) if seats is None else seats
    held = {s: tuple(sorted(from_planes(hands[s], rules.deck))) for s in kept}
    rec = HandRecord(rules, game, decl, held, dealer, tuple(calls), trump=trump,
                     played=tuple(int(k) for k in d.cards[:, 1]), score=score)
    return rec, d


def hand_record(rules: RuleSet, row: dict[str, Any], seed: int, play: str, policy: str = "v1") -> HandRecord:
    """The record of one saved hand (a row of the run's frame, :data:`analyzer.arena.core.FRAME_COLUMNS`) of a run
    with ``seed`` and card ``play``; my seat the declarer (thrown in: the first to call). ValueError when the replayed
    play does not give the points the run saved."""
    hands = _hands(rules, row)
    dealer, decl = int(row["dealer"]), int(row["declarer"])
    calls = tuple(parse_calls(row["calls"], rules))
    game = (rules.id, tuple((str(k), str(v)) for k, v in rules.options.items()))
    units = scoring_units(rules)
    result = tuple(int(row[f"score_s{u[0]}"]) for u in units)
    if decl < 0:
        return HandRecord(rules, game, (dealer + 1) % rules.seats, hands, dealer, calls, result=result)
    trump = "SHDC".index(row["trump"])
    passed = _passes(rules, row, decl)
    if play != "heuristic" or row.get("conceded"):  # no play kept (a double-dummy run), or none played
        return HandRecord(rules, game, decl, hands, dealer, calls, trump=trump, passed=passed)
    base = HandRecord(rules, game, decl, hands, dealer, calls, trump=trump, passed=passed)
    after = after_pass(base)  # the hands the play is of
    planes = np.stack([to_planes(list(after[s]), rules.deck) for s in range(rules.seats)])
    rec, d = played_record(rules, planes, dealer, calls, trump, seed=seed_of(seed, 0x91A7), index=int(row["deal"]),
                           policy=policy)
    pts = [int(x) for x in d.points]
    if pts != [int(row[f"points_s{s}"]) for s in range(rules.seats)]:
        raise ValueError(f"deal {row['deal']} copy {row['copy']}: the replayed play gives points {pts}, the run "
                         "saved others")
    return replace(rec, hands=hands, passed=passed, result=result)


def run_records(rules: RuleSet, frame: pl.DataFrame, seed: int, play: str) -> list[HandRecord]:
    """Every hand of a single-deal run's frame, in its order (:func:`hand_record`)."""
    return [hand_record(rules, row, seed, play) for row in frame.iter_rows(named=True)]


def score_text(rules: RuleSet, row: dict[str, Any], seat: int) -> str | None:
    """The game's score before a hand of a whole-games run (its ``before_u{j}`` columns) as ``--score`` reads it from
    ``seat``: my side's total first; Luxury Family every seat's total and the hand's number (``N-N-N/H``). None past
    the game's hands (a tie played off: the score has no hand number for it)."""
    totals = [int(row[f"before_u{u}"]) for u in range(len(scoring_units(rules)))]
    if len(totals) == 2:
        mine = int(seat_unit(rules)[seat])
        return f"{totals[mine]}-{totals[1 - mine]}"
    hand = int(row["hand"]) + 1
    if rules.scoring.hands and hand > rules.scoring.hands:
        return None
    return "-".join(map(str, totals)) + f"/{hand}"


def game_records(rules: RuleSet, frame: pl.DataFrame, seed: int, play: str) -> list[HandRecord]:
    """Every hand of every game of a whole-games run's frame (:data:`analyzer.arena.games.GAME_COLUMNS` beside the
    hand's), in its order: the hand's record (:func:`hand_record`, the play replayed with the games' stream) with the
    game's score before it from my seat (:func:`score_text`)."""
    from analyzer.arena.games import SALT

    out = []
    for row in frame.iter_rows(named=True):
        rec = hand_record(rules, row, seed_of(seed, SALT), play)
        out.append(replace(rec, score=score_text(rules, row, rec.seat)))
    return out


def twohand_record(rules: RuleSet, row: dict[str, Any], seed: int, play: str, policies: tuple[str, str]
                   ) -> HandRecord:
    """The record of one saved hand of a two-handed games run of ``seed`` (a row of
    :data:`analyzer.arena.games_twohand.TWOHAND_COLUMNS`) between the phase-1 ``policies`` (A's, B's): my seat agent
    A's; the deal (dealt again from ``(seed, game, hand)``: the row keeps the stock's cards, not their order), the
    upcard, phase 1 move by move with its melds and both seats' draws (:func:`analyzer.twohand.trace.trace_hand`,
    the hand's own stream), phase 2's cards (the heuristic players'; a ``dd`` run's phase 2 is not kept), the game's
    score before the hand and the result. ValueError when the replay does not give the meld and points the run
    saved."""
    from analyzer.arena.games import SALT, game_deals
    from analyzer.twohand.trace import trace_hand

    d = game_deals(rules, seed, int(row["game"]), np.array([int(row["hand"])]), stock=True)
    planes, stock = d.hands[0], d.stock[0]
    hands = {s: tuple(sorted(from_planes(planes[s], rules.deck))) for s in range(2)}
    dealer = int(row["dealer"])
    agents = [int(row[f"agent_s{s}"]) for s in range(2)]
    t = trace_hand(rules, planes, stock, dealer, (policies[agents[0]], policies[agents[1]]), seed_of(seed, SALT),
                   int(row["deal"]), heuristic=play == "heuristic")
    saved = [(int(row[f"meld_s{s}"]), int(row[f"points_s{s}"])) for s in range(2)]
    got = [(t.meld[s], t.points[s]) for s in range(2)]
    if hands != _hands(rules, row) or (got != saved if play == "heuristic" else t.meld != tuple(m for m, _ in saved)):
        raise ValueError(f"game {row['game']} copy {row['copy']} hand {row['hand']}: the replayed hand gives meld "
                         f"and points {got}, the run saved {saved}")
    seat = agents.index(0)
    game = (rules.id, tuple((str(k), str(v)) for k, v in rules.options.items()))
    result = tuple(int(row[f"score_s{s}"]) for s in range(2)) if t.played else None
    return HandRecord(rules, game, seat, hands, dealer, leader=1 - dealer, upcard=int(stock[-1]), phase1=t.tricks,
                      draws={0: t.draws[0], 1: t.draws[1]}, played=t.played, score=score_text(rules, row, seat),
                      result=result)


def twohand_records(rules: RuleSet, frame: pl.DataFrame, seed: int, play: str, policies: tuple[str, str]
                    ) -> list[HandRecord]:
    """Every hand of every game of a two-handed games run's frame, in its order (:func:`twohand_record`)."""
    return [twohand_record(rules, row, seed, play, policies) for row in frame.iter_rows(named=True)]
