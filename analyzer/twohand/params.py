"""The two-handed kernels' parameters, read once from a rule set: the trick rules' shared block
(:mod:`analyzer.rules.lowered`), then meld values, options and the stock."""

from __future__ import annotations

import numpy as np

from analyzer.errors import UserError, field_name
from analyzer.rules.lowered import RP_LEN, trick_params
from analyzer.rules.model import RuleSet
from analyzer.twohand import state as S

_RANKS = ("A", "T", "K", "Q", "J", "9")


def check_two_handed(rules: RuleSet) -> None:
    """UserError unless ``rules`` is two-handed pinochle with a stock (or a house rule based on it)."""
    if rules.seats != 2 or not rules.play.stock:
        raise UserError(
            f"rule set {rules.id} is not two-handed pinochle with a stock: use {field_name('rules')} two-handed "
            "(or a house-rule file with base = \"two-handed\")"
        )
    if rules.deck.copies > S.MAXC:
        raise UserError(f"two-handed decks have 1 or 2 copies of each card, not {rules.deck.copies}")
    missing = [r for r in _RANKS if r not in rules.deck.rank_bit]
    if missing:
        raise UserError(f"rule set {rules.id}: two-handed play needs the ranks A T K Q J 9 in the deck")
    stock = rules.deck.size - 2 * rules.hand_size
    if stock < 2 or stock % 2 or stock > S.MAX_STOCK:
        raise UserError(f"rule set {rules.id}: a stock of {stock} cards cannot be drawn two by two")


def _meld_value(rules: RuleSet, name: str, copies: int = 1) -> int:
    for m in rules.melds:
        if m.name == name:
            return int(m.score(copies))
    return 0


def param_array(rules: RuleSet) -> np.ndarray:
    """int64[P_LEN]: the parameter section of the state (see :mod:`analyzer.twohand.state`), cached."""
    cached = rules.cache.get("twohand_params")
    if cached is not None:
        return cached
    check_two_handed(rules)
    deck = rules.deck
    p = np.zeros(S.P_LEN, dtype=np.int64)
    p[:RP_LEN] = trick_params(rules)  # the trick rules as every kernel has them
    notes = str(rules.play.meld_notes)
    if notes not in ("strict", "relaxed"):
        raise UserError(f"play.meld_notes must be strict or relaxed, not {notes!r}")
    p[S.P_STRICT] = 1 if notes == "strict" else 0
    p[S.P_RUNV] = _meld_value(rules, "run")
    p[S.P_RMV] = _meld_value(rules, "royal-marriage")
    p[S.P_MARV] = _meld_value(rules, "marriage")
    p[S.P_DIXV] = _meld_value(rules, "dix")
    for i, name in enumerate(("aces-around", "kings-around", "queens-around", "jacks-around")):
        p[S.P_AV + i] = _meld_value(rules, name)
    p[S.P_PIN1] = _meld_value(rules, "pinochle", 1)
    p[S.P_PIN2] = _meld_value(rules, "pinochle", 2) if deck.copies > 1 else 0
    for i, r in enumerate(_RANKS):
        p[S.P_BA + i] = deck.rank_bit[r]
    pin = next((m for m in rules.melds if m.name == "pinochle"), None)
    if pin is not None and len(pin.cards) == 2:
        p[S.P_QS], p[S.P_JD] = pin.cards
    else:
        p[S.P_QS], p[S.P_JD] = deck.kind(0, "Q"), deck.kind(2, "J")
        p[S.P_PIN1] = p[S.P_PIN2] = 0
    p[S.P_HAND] = rules.hand_size
    p[S.P_STOCKN] = deck.size - 2 * rules.hand_size
    p[S.P_AVG10] = max(1, round(10 * rules.total_points / (deck.size // 2)))
    rules.cache["twohand_params"] = p
    return p


def new_state(rules: RuleSet) -> np.ndarray:
    """A state array (int64[G_LEN]) with the rule set's parameter section, no cards yet."""
    g = np.zeros(S.G_LEN, dtype=np.int64)
    g[: S.P_LEN] = param_array(rules)
    return g
