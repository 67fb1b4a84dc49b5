"""``pinochle review`` and ``POST /api/review``: a hand record read and checked, and its review asked, from a front
end's values (:data:`analyzer.request.parts.REVIEW`); the records a front end writes (``pinochle play --record``,
the arena's hands)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from analyzer.errors import UserError, field_name
from analyzer.record.model import HandRecord
from analyzer.request.fields import Front
from analyzer.request.parts import REVIEW
from analyzer.review.review import Asked


@dataclass(frozen=True)
class ReviewRequest:
    """A review asked: the record, how each decision is asked, and where the decisions run (``workers``)."""

    record: HandRecord
    asked: Asked
    workers: int = 1


def review_request(values: Mapping[str, Any], front: Front = "json") -> ReviewRequest:
    """The review question of a front end's values, checked: the command line names a file of records, the page
    sends the record itself (text or JSON); UserError naming the field, or the record's line and why."""
    from analyzer.record.io import pick, read_file, read_records

    v = {f.name: values.get(f.name) for f in REVIEW}
    rec_text = v["record"]
    if rec_text is None:
        raise UserError(f"give the hand record: {field_name('record')}")
    which = REVIEW["which"].check(v["which"])
    house = REVIEW["rules"].check(v["rules"])
    if house is not None:  # read once here, so that a bad file is named as the rules, not as the record
        from analyzer.api.questions import game

        game(house, [] if front == "cli" else {}, front)
    try:
        recs = read_file(rec_text, front, house) if front == "cli" else read_records(str(rec_text), front, house)
    except UserError as e:  # the page names the field; the command line's record is its argument
        raise e.within(field_name("record")) if front == "json" else e from None
    rec = pick(recs, which)
    if v.get("seat") is not None:
        seat = REVIEW["seat"].check(v["seat"])
        if seat not in rec.hands:
            raise UserError(f"{field_name('seat')} {seat}: the record does not hold that seat's hand")
        rec = replace(rec, seat=seat)
    c = {f.name: f.check(v[f.name], rec.rules) for f in REVIEW if f.name not in ("record", "which", "seat", "rules")}
    asked = Asked(c["samples"], c["play_samples"], c["seed"], c["max_nodes"], c["threshold"], c["true_max_nodes"])
    return ReviewRequest(rec, asked, c["workers"])


def review_answer(req: ReviewRequest, progress: bool = False) -> Any:
    """The review (:func:`analyzer.review.review.review`) of a checked request."""
    from analyzer.review.review import review

    return review(req.record, req.asked, workers=req.workers, progress=progress)


def record_of_play(values: Mapping[str, Any], front: Front = "cli") -> HandRecord:
    """The hand record of a card-play question (``pinochle play --record``): the position it asks about, which
    reads back to the same question (:func:`analyzer.record.io.of_play`)."""
    from analyzer.api.questions import game
    from analyzer.record.io import of_play
    from analyzer.rules import available
    from analyzer.rules.loader import house_files

    v = dict(values)
    name = v.pop("rules", None) or "auction"
    rules = game(name, v.pop("options", None), front)
    if front == "json" and name not in available() and name not in house_files():
        # house rules pasted on the page: the record names them by their id, and is read back (reviewed) with the
        # same text given as the review's rules
        return of_play(rules.id, rules.options, v, front, house=name)
    return of_play(name, rules.options, v, front)


def arena_records(result: Any) -> list[HandRecord]:
    """Every hand of an arena run (played now, or joined from its saved parts) as a hand record: single deals
    (:func:`analyzer.arena.records.run_records`), every hand of every game with the game's score before it
    (:func:`analyzer.arena.records.game_records`; two-handed: :func:`analyzer.arena.records.twohand_records`)."""
    from analyzer.arena.games import GamesResult
    from analyzer.arena.records import game_records, run_records, twohand_records

    if not isinstance(result, GamesResult):
        return run_records(result.rules, result.frame, result.seed, result.play)
    if result.rules.play.stock:  # the agents are the phase-1 policies, by name (" (A)" marks a policy met by itself)
        a, b = (n.removesuffix(" (A)").removesuffix(" (B)") for n in result.names)
        return twohand_records(result.rules, result.frame, result.seed, result.play, (a, b))
    return game_records(result.rules, result.frame, result.seed, result.play)


def write_records(records: list[HandRecord], path: Any) -> None:
    """Records into one file: text, one after another (JSON Lines for a name ending ``.jsonl``)."""
    import json
    from pathlib import Path

    from analyzer.record.text import to_json, to_text

    p = Path(path)
    if p.suffix == ".jsonl":
        p.write_text("".join(json.dumps(to_json(r)) + "\n" for r in records), encoding="utf-8")
    else:
        p.write_text("\n".join(to_text(r) for r in records), encoding="utf-8")
