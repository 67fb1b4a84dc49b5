"""A hand record a front end saves: the page's play-along position (the values of a card-play question) as the
record ``pinochle play --record`` writes, in text and its JSON twin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.request.fields import Front


def saved_record(values: Mapping[str, Any], front: Front = "json") -> dict[str, Any]:
    """``{"text": the record, "json": its JSON twin, "name": a file name}`` of the card-play question ``values``
    (:func:`analyzer.api.review.record_of_play`): read back, it gives the same position. UserError (naming the field)
    for a position ``pinochle play`` refuses."""
    import json

    from analyzer.api.review import record_of_play
    from analyzer.record.io import write

    rec = record_of_play(values, front)
    played = len(rec.played) + sum(len(t.cards) for t in rec.phase1)
    return {"text": write(rec), "json": json.loads(write(rec, as_json=True)),
            "name": f"pinochle-{rec.game[0]}-seat{rec.seat}-{played}cards.txt"}
