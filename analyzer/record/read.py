"""A hand record read and checked: :func:`build` makes the :class:`~analyzer.record.model.HandRecord` of written
fields (:mod:`analyzer.record.text`) and refuses one that cannot have happened, naming the line (the JSON field)
and why.

The checks are the project's own, not restated: the rule set and its options (:mod:`analyzer.rules`), the hands
(:func:`analyzer.rules.parse_hand`), the auction (:func:`analyzer.bidding.auction.replay`), the play followed from
each known seat's view (:func:`analyzer.cardplay.seen.replay`: a card its seat does not hold or may not play, a
void broken later, a card seen too often), two-handed's phase 1 replayed through its kernels at each of my turns
(:func:`analyzer.twohand.position.build_position`, my holding there from my hand, draws and plays), the game's
score (:func:`analyzer.game.given.game_state`), and the result, where every hand is known, against the one
scoring (:func:`analyzer.score.score_hand`).
"""

from __future__ import annotations

from collections.abc import Mapping

from analyzer.errors import UserError
from analyzer.game.given import game_state
from analyzer.record.check import at, check_deal, parse_fields
from analyzer.record.model import HandRecord
from analyzer.record.play import check_play, hand_result
from analyzer.record.text import Entry


def build(e: Mapping[str, Entry], front: str = "cli", house: str | None = None) -> HandRecord:
    """The record of the written fields ``e`` (:func:`parse_fields`; ``house`` the house rules given for a record of
    a rule set neither built in nor shipped), checked (:func:`check`)."""
    rec = parse_fields(e, front, house)
    check(rec, e)
    return rec


def check(rec: HandRecord, e: Mapping[str, Entry]) -> None:
    """UserError, naming the field, for a record that cannot have happened (module docstring)."""
    rs = rec.rules
    check_deal(rec, e)
    check_play(rec, e)
    if rec.result is not None:
        with at(e.get("result")):
            want = hand_result(rec)
            if want is not None and tuple(want) != rec.result:
                raise UserError(f"the hand scores {' '.join(f'{x:+d}' for x in want)} by the rules (each scoring unit "
                                f"in turn), not {' '.join(f'{x:+d}' for x in rec.result)}")
    if rec.score is not None:
        with at(e.get("score")):
            dealer = rec.dealer if rec.dealer is not None else (
                1 - rec.leader if rs.play.stock and rec.leader is not None else None)
            if dealer is None:
                raise UserError("give the dealer with the game's score (\"dealer: N\"): who deals next changes the "
                                "chances")
            game_state(rs, rec.score, rec.seat, dealer)
