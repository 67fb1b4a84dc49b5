"""Records in and out: a text or file of records read (text or JSON, found by its first character), a record
written in either form, and the record of a card-play question (``pinochle play --record``)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from analyzer.errors import UserError, read_lines
from analyzer.record.model import HandRecord
from analyzer.record.read import build
from analyzer.record.text import Entry, entries_of_json, entries_of_text, split_records, to_json, to_text


def read_records(text: str, front: str = "cli", house: str | None = None) -> list[HandRecord]:
    """Every record of ``text``: JSON (an object, a list of them, or one a line) when it starts with ``{`` or
    ``[``, TricksterCards' PTN when it starts with a tag (:mod:`analyzer.record.ptn`), else the text form
    (:mod:`analyzer.record.text`); each checked (``house``: the house rules given for records of a rule set neither
    built in nor shipped, :func:`analyzer.record.check.game_of`). UserError naming the record (where there are
    several), the line or field, and why."""
    body = text.lstrip("\ufeff").strip()
    if not body:
        raise UserError("the hand record is empty: it starts with \"rules: NAME\"")
    from analyzer.record.ptn import convert, is_ptn

    if is_ptn(body):  # TricksterCards' PTN: converted where it maps
        text = body = convert(body)
    if body[0] in "{[":
        try:
            objs = json.loads(body)
        except json.JSONDecodeError:
            try:
                objs = [json.loads(line) for line in body.splitlines() if line.strip()]
            except json.JSONDecodeError as e:
                raise UserError(f"not JSON: {e.msg} (line {e.lineno})") from None
        objs = objs if isinstance(objs, list) else [objs]
        groups = [entries_of_json(o) for o in objs]
    else:
        groups = [entries_of_text(lines) for lines in split_records(text)]
    out = []
    for i, g in enumerate(groups):
        try:
            out.append(build(g, front, house))
        except UserError as e:
            raise (e.within(f"record {i + 1}") if len(groups) > 1 else e) from None
    return out


def read_file(path: str | Path, front: str = "cli", house: str | None = None) -> list[HandRecord]:
    """The records of a file (:func:`read_records`); UserError for a file that cannot be read."""
    text = "\n".join(read_lines(Path(path)))
    return read_records(text, front, house)


def pick(records: list[HandRecord], which: int) -> HandRecord:
    """Record number ``which`` (1 = the first); UserError past the last."""
    if not 1 <= which <= len(records):
        raise UserError(f"there are {len(records)} record(s): pick 1..{len(records)}")
    return records[which - 1]


def write(rec: HandRecord, path: str | Path | None = None, as_json: bool | None = None) -> str:
    """The record as text (or its JSON twin: ``as_json``, or a path ending in ``.json``), written to ``path`` when
    given; the written form returned."""
    js = as_json if as_json is not None else (path is not None and str(path).endswith(".json"))
    out = json.dumps(to_json(rec), indent=1) + "\n" if js else to_text(rec)
    if path is not None:
        Path(path).write_text(out, encoding="utf-8")
    return out


def of_play(rules_id: str, options: Mapping[str, str], values: Mapping[str, Any], front: str = "cli",
            house: str | None = None) -> HandRecord:
    """The record of a card-play question (``pinochle play``'s values, :data:`analyzer.request.parts.PLAY`'s
    names): reading it back gives the same position (:func:`analyzer.record.play.play_values`). Two-handed with an
    upcard: the position by what I hold now (``holding``). ``house``: the house rules of a rule set neither built in
    nor shipped, named ``rules_id`` (:func:`analyzer.record.check.game_of`)."""
    from analyzer.cardplay.notation import parse_shown
    from analyzer.record.check import game_of

    v = {k: x for k, x in values.items() if x is not None and x != [] and x != {}}
    e: dict[str, str] = {"rules": rules_id, "options": " ".join(f"{k}={x}" for k, x in options.items())}
    rules, _ = game_of({k: Entry(x, _asked_as(k, front)) for k, x in e.items()}, front, house)
    seat = int(v["seat"])
    e["seat"] = str(seat)
    if "upcard" in v:
        e |= {"upcard": str(v["upcard"]), "holding": str(v["hand"]), "leader": str(v.get("leader", ""))}
        e["phase1"] = v.get("played") if isinstance(v.get("played"), str) else " ".join(v.get("played") or [])
    else:
        e[f"hand {seat}"] = v["hand"] if isinstance(v["hand"], str) else " ".join(v["hand"])
        if "passed" in v:  # the record keeps the hand as dealt: the hand at the first lead less what I received
            e |= _pass_entries(rules, v, seat)
        for k in ("trump", "declarer", "leader", "dealer", "meld", "score"):
            if k in v:
                e[k] = str(v[k])
        if v.get("bid"):
            e["bid"] = str(v["bid"])
        if "auction" in v:
            e["calls"] = str(v["auction"])
        if "played" in v:
            e["played"] = v["played"] if isinstance(v["played"], str) else " ".join(v["played"])
        for s, h in parse_shown(v.get("shown"), rules, seat).items():
            e[f"shown {s}"] = str(h)
        if v.get("whole_meld"):
            e["whole meld"] = "yes"
    if "score" in v:
        e["score"] = str(v["score"])
    if "upcard" in v and "dealer" in v:
        e["dealer"] = str(v["dealer"])
    return build({k: Entry(x, _asked_as(k, front)) for k, x in e.items() if x}, front, house)


def _pass_entries(rules: Any, v: Mapping[str, Any], seat: int) -> dict[str, str]:
    """The record's fields of a card-play question's pass (``passed``, ``received``, checked by the question): my hand
    as dealt (``hand N``: the hand at the first lead less what I received plus what I passed) and each partner's
    pass (``passed N``); the declarer by ``declarer`` or the auction's winner."""
    from analyzer.bidding.auction import parse_calls, replay
    from analyzer.cards import Hand, format_cards

    deck = rules.deck
    mine, passed, received = (Counter(Hand.parse(str(v[k]), deck).kinds) for k in ("hand", "passed", "received"))
    dealt = mine + passed - received
    if "auction" in v:
        decl = int(replay(rules, int(v["dealer"]), list(parse_calls(str(v["auction"]), rules))).winner)
    else:
        decl = int(v["declarer"])
    partner = rules.partners(decl)[0] if seat == decl else decl
    return {f"hand {seat}": format_cards(sorted(dealt.elements()), deck),
            f"passed {seat}": format_cards(sorted(passed.elements()), deck),
            f"passed {partner}": format_cards(sorted(received.elements()), deck)}


def _asked_as(key: str, front: str) -> str:
    """The card-play question's field a record field of :func:`of_play` came from, as the front end names it
    (``--auction``; the page: ``auction``), so a refusal names what the player gave."""
    head = key.split(" ")[0]
    name = head if head in ("hand", "shown", "passed") else key
    name = {"calls": "auction", "holding": "hand", "phase1": "played", "whole meld": "whole_meld"}.get(name, name)
    return name if front == "json" else f"--{name.replace('_', '-')}"
