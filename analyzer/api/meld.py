"""A hand's meld for every trump with its breakdown: the figures of ``pinochle meld`` and the page's meld."""

from __future__ import annotations

from analyzer.cards import SUITS, Hand
from analyzer.errors import UserError
from analyzer.meld import meld_breakdown, meld_points
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
