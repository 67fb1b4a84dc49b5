"""Pieces every subcommand shares: rule-set options, hand parsing, JSON output, the console."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console

from analyzer.cards import Hand
from analyzer.errors import UserError
from analyzer.rules import RuleSet, load
from analyzer.rules.loader import parse_option_args

console = Console()
RULES_HELP = "rule set: luxury-family, double-deck, auction, two-handed (or a house-rule .toml file)"
OPTION_HELP = "rule option name=value, repeatable (e.g. --option head=always)"


def load_rules(name: str, options: list[str] | None) -> RuleSet:
    return load(name, parse_option_args(options))


def parse_hand(text: str, rules: RuleSet, size: int | None = None) -> Hand:
    """A hand of the rule set's size (or ``size``); UserError names the expected size."""
    hand = Hand.parse(text, rules.deck)
    want = rules.hand_size if size is None else size
    if len(hand) != want:
        raise UserError(
            f"wrong hand size: {rules.id} hands have {want} cards, this one has {len(hand)} ({text.strip()!r})"
        )
    return hand


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
