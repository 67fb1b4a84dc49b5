"""The plain-Python meld counter: the rule table read literally, one hand at a time.

It is the reference the kernel is tested against and the source of the per-meld breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.cards import LANE, SUITS
from analyzer.rules.model import MeldSpec, RuleSet


@dataclass(frozen=True)
class MeldItem:
    """One scored meld: its id, its name for a reader (the rule data's label, as ``pinochle rules`` shows it),
    the suit it is in (None for arounds and fixed cards), copies, points."""

    meld: str
    label: str
    suit: str | None
    n: int
    points: int

    def as_dict(self) -> dict[str, object]:
        return {"meld": self.meld, "label": self.label, "suit": self.suit, "n": self.n, "points": self.points}


def suit_items(rank_counts: dict[str, int], is_trump: bool, rules: RuleSet) -> list[tuple[MeldSpec, int, int]]:
    """Melds scored inside one suit holding ``rank_counts``: (meld, copies, points)."""
    used: dict[str, dict[str, int]] = {}
    out: list[tuple[MeldSpec, int, int]] = []
    best: dict[str, tuple[MeldSpec, int, int]] = {}
    for m in rules.melds:
        if m.scope != "suit" or not m.applies(is_trump):
            continue
        avail = {
            r: rank_counts.get(r, 0) - sum(used.get(e, {}).get(r, 0) for e in m.excludes) for r, _ in m.ranks
        }
        n = min(avail[r] // need for r, need in m.ranks) if m.ranks else 0
        if m.group:
            n = min(n, 1)
        used[m.name] = {r: need * n for r, need in m.ranks}
        pts = m.score(n, is_trump)
        if n <= 0:
            continue
        if m.group:
            if m.group not in best or pts > best[m.group][2]:
                best[m.group] = (m, n, pts)
        else:
            out.append((m, n, pts))
    return out + list(best.values())


def meld_items(counts: dict[int, int], rules: RuleSet, trump: int) -> list[MeldItem]:
    """Every meld of a hand (``counts``: copies held of each card kind) with ``trump`` (0..3, -1 none)."""
    deck = rules.deck
    items: list[MeldItem] = []
    for s in range(4):
        rc = {r: counts.get(deck.kind(s, r), 0) for r in deck.ranks}
        for m, n, pts in suit_items(rc, s == trump, rules):
            items.append(MeldItem(m.name, m.label, SUITS[s], n, pts))
    for m in rules.melds:
        if m.scope == "around":
            n = min(counts.get(deck.kind(s, m.around), 0) for s in range(4))
        elif m.scope == "cards":
            n = min(counts.get(k, 0) for k in m.cards)
        else:
            continue
        if n > 0:
            items.append(MeldItem(m.name, m.label, None, n, m.score(n)))
    return items


def meld_total(counts: dict[int, int], rules: RuleSet, trump: int) -> int:
    return sum(i.points for i in meld_items(counts, rules, trump))


__all__ = ["LANE", "MeldItem", "meld_items", "meld_total", "suit_items"]
