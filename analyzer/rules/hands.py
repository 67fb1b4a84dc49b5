"""A rule set's hand from its written form, and a rule set from a name and ``name=value`` options."""

from __future__ import annotations

from analyzer.cards import Hand
from analyzer.errors import UserError
from analyzer.rules.loader import load, parse_option_args
from analyzer.rules.model import RuleSet


def parse_hand(text: str, rules: RuleSet, size: int | None = None) -> Hand:
    """A hand of the rule set's size (or ``size``); UserError names the expected size."""
    hand = Hand.parse(text, rules.deck)
    want = rules.hand_size if size is None else size
    if len(hand) != want:
        raise UserError(
            f"wrong hand size: {rules.id} hands have {want} cards, this one has {len(hand)} ({text.strip()!r})"
        )
    return hand


def load_rules(name: str, options: list[str] | None) -> RuleSet:
    """The rule set ``name`` (an id or a house-rule file) with ``options`` given as ``name=value`` texts."""
    return load(name, parse_option_args(options))
