"""The written forms of a hand record: text a person types and reads, and its JSON twin.

The text is one field a line, ``NAME: VALUE`` (the names of :data:`analyzer.record.model.KEYS`; a seat's field
``NAME N: VALUE``, e.g. ``hand 2: ...``); ``#`` starts a comment, blank lines are skipped, and a file may hold
several records, each starting at its ``rules:`` line::

    rules: auction
    dealer: 0
    seat: 1
    hand 1: AS QS AH TH KH KH QH JH 9H JD AC TC
    calls: 1:20 2:pass 3:pass 0:pass
    trump: H
    played: AS 9S TS KS / AH 9H JH QH

The JSON twin holds the same fields by the same names (``_`` for a space), the seats' fields as objects by seat
(``"hands": {"1": "AS QS ..."}``), ``options`` as an object and ``result`` as a list of numbers. Reading parses
each field (:func:`entries_of_text`, :func:`entries_of_json`), then :func:`analyzer.record.check.build` makes the
record and refuses one that cannot have happened, naming the line (the JSON field) and why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from analyzer.cards import SUITS
from analyzer.errors import UserError
from analyzer.record.model import KEYS, HandRecord
from analyzer.twohand.position import Trick

#: the format's name and version in the JSON twin
FORMAT = "pinochle-hand-record"
VERSION = 1
#: the fields written once per seat (``hand N``), and their JSON objects' names
PER_SEAT = {"hand": "hands", "shown": "shown", "draws": "draws", "passed": "passed"}
_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9 _-]*?)(?:\s+(\d+))?\s*:(.*)$")


@dataclass(frozen=True)
class Entry:
    """One written field: its value as text and where it stands (``line 7 (played)``, ``field 'played'``)."""

    value: str
    where: str


def _key(name: str) -> str:
    key = " ".join(name.lower().replace("_", " ").replace("-", " ").split())
    return {"phase1": "phase1", "wholemeld": "whole meld", "hands": "hand"}.get(key.replace(" ", ""), key)


def split_records(text: str) -> list[list[tuple[int, str]]]:
    """The records of a text (each from its ``rules:`` line), as numbered lines without comments; UserError when a
    field stands before the first ``rules:`` line."""
    out: list[list[tuple[int, str]]] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _LINE.match(line)
        if m and _key(m.group(1)) == "rules" and m.group(2) is None:
            out.append([])
        elif not out:
            raise UserError(f"line {no}: a record starts with its rules line, e.g. \"rules: auction\"")
        out[-1].append((no, line))
    return out


def entries_of_text(lines: Iterable[tuple[int, str]]) -> dict[str, Entry]:
    """The fields of one record's numbered lines (:func:`split_records`); UserError naming a line that is not
    ``NAME: VALUE`` with a known name, or a field written twice."""
    out: dict[str, Entry] = {}
    for no, line in lines:
        m = _LINE.match(line)
        if not m:
            raise UserError(f"line {no}: write NAME: VALUE (e.g. \"played: AS 9S TS KS\"), not {line[:40]!r}")
        key, seat = _key(m.group(1)), m.group(2)
        if key == "phase" and seat == "1":  # phase 1: two-handed's stock phase, no seat
            key, seat = "phase1", None
        if key not in KEYS and key not in PER_SEAT:
            raise UserError(f"line {no}: unknown field {m.group(1)!r}: use {', '.join(k for k in KEYS)}")
        if seat is not None and key not in PER_SEAT:
            raise UserError(f"line {no}: {key} names no seat (only {', '.join(PER_SEAT)} do: \"{key}: ...\")")
        full = key if seat is None else f"{key} {int(seat)}"
        if full in out:
            raise UserError(f"line {no}: {full} is given twice ({out[full].where.split(' (')[0]} too)")
        out[full] = Entry(m.group(3).strip(), f"line {no} ({full})")
    return out


def _scalar(v: Any, name: str) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int | str):
        return str(v)
    if isinstance(v, list) and all(isinstance(x, int | str) and not isinstance(x, bool) for x in v):
        return " ".join(map(str, v))
    raise UserError(f"field {name!r}: give text or a number, not {json.dumps(v)[:40]}")


def entries_of_json(obj: Any) -> dict[str, Entry]:
    """The fields of one record's JSON object (module docstring); UserError naming a field that is not one."""
    if not isinstance(obj, dict):
        raise UserError("a hand record in JSON is an object such as {\"rules\": \"auction\", ...}")
    out: dict[str, Entry] = {}
    for name, v in obj.items():
        if name in ("format", "version") or v is None:
            continue
        key = _key(str(name))
        seat_field = next((k for k, plural in PER_SEAT.items() if key in (k, plural.replace("_", " "))), None)
        if seat_field is not None:
            if not isinstance(v, dict):
                raise UserError(f"field {name!r}: give an object by seat, e.g. {{\"1\": \"AS TS ...\"}}")
            for s, cards in v.items():
                if not str(s).isdigit():
                    raise UserError(f"field {name!r}: {s!r} is not a seat number")
                out[f"{seat_field} {int(s)}"] = Entry(_scalar(cards, name), f"field {name!r} (seat {s})")
        elif key == "options" and isinstance(v, dict):
            out[key] = Entry(" ".join(f"{k}={_scalar(x, name)}" for k, x in v.items()), f"field {name!r}")
        elif key in KEYS:
            out[key] = Entry(_scalar(v, name), f"field {name!r}")
        else:
            raise UserError(f"unknown field {name!r}: use {', '.join(k.replace(' ', '_') for k in KEYS)}")
    return out


# ---- writing -------------------------------------------------------------------------------------------------
def phase1_text(tricks: Iterable[Trick], rec: HandRecord) -> str:
    """Two-handed phase 1's tricks in the notation of :func:`analyzer.cardplay.notation.parse_phase1`."""
    deck = rec.rules.deck
    out = []
    for t in tricks:
        cards = [deck.name(k) + ("" if w < 0 else "*" if w == 0 else f"*{w}") for k, w in t.cards]
        out.append(" ".join(cards + [f"+{m}" for m in t.melds]))
    return " / ".join(out)


def _cards(kinds: Iterable[int], rec: HandRecord, keep_order: bool = False) -> str:
    deck = rec.rules.deck
    ks = list(kinds) if keep_order else sorted(kinds, key=lambda k: (k >> 4, -(k & 15)))
    return " ".join(deck.name(k) for k in ks)


def fields_of(rec: HandRecord) -> dict[str, str]:
    """The record's written fields in order, by name (a seat's as ``hand 2``), each as text; the fields left
    empty are not written."""
    from analyzer.cardplay.notation import played_text

    rs = rec.rules
    out = {"rules": rec.game[0], "options": " ".join(f"{k}={v}" for k, v in rec.game[1])}
    out |= {"dealer": "" if rec.dealer is None else str(rec.dealer), "seat": str(rec.seat)}
    out |= {f"hand {s}": _cards(h, rec) for s, h in sorted(rec.hands.items())}
    out["calls"] = "" if rec.calls is None else " ".join(map(str, rec.calls))
    for k in ("declarer", "bid"):
        out[k] = "" if getattr(rec, k) is None else str(getattr(rec, k))
    out["trump"] = "" if rec.trump is None else SUITS[rec.trump]
    out |= {f"passed {s}": _cards(p, rec) for s, p in sorted(rec.passed.items())}
    out["leader"] = "" if rec.leader is None else str(rec.leader)
    out |= {f"shown {s}": _cards(h, rec) for s, h in sorted(rec.shown.items())}
    out["whole meld"] = "yes" if rec.whole_meld else ""
    out["meld"] = "" if rec.meld is None else str(rec.meld)
    out["upcard"] = "" if rec.upcard is None else rs.deck.name(rec.upcard)
    out["phase1"] = phase1_text(rec.phase1, rec)
    out |= {f"draws {s}": _cards(d, rec, keep_order=True) for s, d in sorted(rec.draws.items())}
    out["holding"] = "" if rec.holding is None else _cards(rec.holding, rec)
    out["played"] = played_text(rec.played, rs)
    out["score"] = rec.score or ""
    out["result"] = "" if rec.result is None else " ".join(f"{x:+d}" if x else "0" for x in rec.result)
    return {k: v for k, v in out.items() if v}


def to_text(rec: HandRecord) -> str:
    """The record as text (module docstring): one field a line."""
    return "".join(f"{k}: {v}\n" for k, v in fields_of(rec).items())


def to_json(rec: HandRecord) -> dict[str, Any]:
    """The record's JSON twin (module docstring)."""
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    for k, v in fields_of(rec).items():
        name, _, seat = k.partition(" ")
        if name in PER_SEAT and seat.isdigit():
            out.setdefault(PER_SEAT[name], {})[seat] = v
        elif k == "options":
            out[k] = dict(rec.game[1])
        elif k == "result":
            out[k] = list(rec.result or ())
        elif k in ("dealer", "seat", "declarer", "bid", "leader", "meld"):
            out[k] = int(v)
        elif k == "whole meld":
            out["whole_meld"] = True
        else:
            out[k.replace(" ", "")] = v
    return out
