"""A hand's meld for every trump with its breakdown: the figures of ``pinochle meld`` and the page's meld."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.api.questions import game
from analyzer.cards import SUITS, Hand
from analyzer.errors import UserError, field_name, read_lines
from analyzer.meld import meld_breakdown, meld_points
from analyzer.request.fields import Front
from analyzer.request.parts import MELD
from analyzer.rules import RuleSet, parse_hand


def meld_report(text: str, rules: RuleSet, partial: bool = False) -> dict:
    """The meld of one hand as plain data: rules, hand, points per trump, breakdown per trump. ``partial``:
    a hand still being picked (fewer cards than a hand holds; the web page's picker)."""
    hand = Hand.parse(text, rules.deck) if partial else parse_hand(text, rules)
    if len(hand) > rules.hand_size:
        raise UserError(f"wrong hand size: {rules.id} hands have {rules.hand_size} cards, this one has {len(hand)} "
                        f"({text.strip()!r})")
    pts = meld_points(hand, rules)
    breakdown = {
        SUITS[t]: [i.as_dict() for i in meld_breakdown(hand, rules, t)] for t in range(4)
    }
    top = max(pts.values())
    best = [s for s in SUITS if pts[s] == top]
    return {"rules": rules.id, "options": rules.options, "hand": hand.names(), "meld": pts, "best": best,
            "breakdown": breakdown}


def meld_reports(values: Mapping[str, Any], front: Front = "json", partial: bool = False
                 ) -> tuple[RuleSet, list[dict]]:
    """The ``pinochle meld`` question of a front end's values (the fields of :data:`analyzer.request.parts.MELD`):
    its rule set and the meld report (:func:`meld_report`) of its hand, or of every hand of its file (one a line;
    blank lines and ``#`` comments skipped; a bad hand is an error naming its line)."""
    v = dict(values)
    rules = game(v.get("rules") or MELD["rules"].default, v.get("options"), front)
    hand, file = MELD["hand"].check(v.get("hand")), MELD["file"].check(v.get("file"))
    if (hand is None) == (file is None):
        raise UserError(f'give a hand with {field_name("hand")} "AS TS ..." or a file of hands with '
                        f"{field_name('file')} hands.txt")
    if hand is not None:
        return rules, [meld_report(hand, rules, partial)]
    reports = []
    for no, line in enumerate(read_lines(file, "hands file"), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            reports.append(meld_report(line, rules, partial))
        except UserError as e:
            raise UserError(f"{file}:{no}: {e}") from None
    if not reports:
        raise UserError(f"{file} holds no hand: write one hand per line, e.g. AS TS KS QS JS 9S ...")
    return rules, reports
