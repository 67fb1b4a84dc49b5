"""The pass as a move: cards from one hand to the other, each exactly once, checked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from analyzer.cards import Hand, format_cards
from analyzer.errors import UserError


def pass_cards(giver: Hand, receiver: Hand, cards: Sequence[int], n: int, what: str = "cards") -> tuple[Hand, Hand]:
    """``(giver, receiver)`` after ``cards`` (kinds) moved from ``giver`` to ``receiver``: each card listed leaves
    the giver once and joins the receiver once. UserError (naming ``what``) unless exactly ``n`` cards are listed
    and the giver holds every one of them (as many copies as listed)."""
    if len(cards) != n:
        raise UserError(f"{what}: a pass is {n} cards, not {len(cards)} ({format_cards(cards, giver.deck)})")
    held, asked = Counter(giver.kinds), Counter(cards)
    short = [k for k, c in asked.items() if c > held[k]]
    if short:
        raise UserError(f"{what}: {format_cards(short, giver.deck)} not in the hand passing them "
                        f"({format_cards(giver.kinds, giver.deck)})")
    rest = held - asked
    return (Hand(giver.deck, tuple(sorted(rest.elements()))),
            Hand(receiver.deck, tuple(sorted(receiver.kinds + tuple(cards)))))
