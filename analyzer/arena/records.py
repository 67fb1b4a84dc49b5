"""Every hand of an arena run as a hand record (:mod:`analyzer.record`), so that any bot hand can be opened and
reviewed (``pinochle review``): the deal, the calls, the trump and the result from the run's saved hands, and the
card play replayed card by card with the run's own random stream (:func:`analyzer.play.play_deal` with deal
``k``'s stream, as :func:`analyzer.arena.core.play_contracts` played it), checked against the points the run
saved. Single-deal runs played by the heuristic players; a double-dummy run's play is not kept (its records hold
the auction and the trump only), nor the play of a rule set with a card pass (the records hold the hands as dealt)."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from analyzer.bidding.auction import parse_calls
from analyzer.cards import parse_cards, to_planes
from analyzer.deal.rng import seed_of
from analyzer.play import play_deal
from analyzer.record.model import HandRecord
from analyzer.rules.lowered import bid_class, first_leader
from analyzer.rules.model import RuleSet
from analyzer.score import scoring_units


def _hands(rules: RuleSet, row: dict[str, Any]) -> dict[int, tuple[int, ...]]:
    return {s: tuple(sorted(parse_cards(row[f"hand_s{s}"], rules.deck))) for s in range(rules.seats)}


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
    played: tuple[int, ...] = ()
    if play == "heuristic" and not rules.passing.cards:
        planes = np.stack([to_planes(list(hands[s]), rules.deck) for s in range(rules.seats)])
        lead = first_leader(rules, decl, dealer)
        d = play_deal(rules, planes, trump, lead, decl, policy, seed=seed_of(seed, 0x91A7),
                      bid=bid_class(rules, int(row["contract"])), index=int(row["deal"]))
        pts = [int(x) for x in d.points]
        if pts != [int(row[f"points_s{s}"]) for s in range(rules.seats)]:
            raise ValueError(f"deal {row['deal']} copy {row['copy']}: the replayed play gives points {pts}, the run "
                             "saved others")
        played = tuple(int(k) for k in d.cards[:, 1])
    return HandRecord(rules, game, decl, hands, dealer, calls, trump=trump, played=played,
                      result=result if played else None)


def run_records(rules: RuleSet, frame: pl.DataFrame, seed: int, play: str) -> list[HandRecord]:
    """Every hand of a single-deal run's frame, in its order (:func:`hand_record`)."""
    return [hand_record(rules, row, seed, play) for row in frame.iter_rows(named=True)]
