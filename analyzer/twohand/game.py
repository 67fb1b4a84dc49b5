"""The melds of two-handed's phase 1 by name, and the melded copies on the table: what the step-by-step readings
of a phase-1 position share (:mod:`analyzer.twohand.position`). The hands themselves are played by the kernels
of :mod:`analyzer.twohand.state`, :mod:`analyzer.twohand.melding` and :mod:`analyzer.twohand.policy`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.rules.model import RuleSet
from analyzer.twohand import state as S

#: meld names a written phase-1 history uses, with their action types (plain marriages need a suit)
MELD_TYPES = {
    "dix": S.A_DIX,
    "royal marriage": S.A_RM,
    "run": S.A_RUN,
    "run over marriage": S.A_RUNUP,
    "marriage": S.A_MAR,
    "aces around": S.A_ACES,
    "kings around": S.A_KINGS,
    "queens around": S.A_QUEENS,
    "jacks around": S.A_JACKS,
    "pinochle": S.A_PIN,
}
_USED_NAMES = ((S.U_RUN, "run/royal marriage"), (S.U_MAR, "marriage"), (S.U_DIX, "dix"), (S.U_A, "aces around"),
               (S.U_K, "kings around"), (S.U_Q, "queens around"), (S.U_J, "jacks around"), (S.U_PIN, "pinochle"))


def used_names(u: int) -> tuple[str, ...]:
    """The kinds of meld a melded copy whose reuse bits are ``u`` has been used in."""
    return tuple(n for b, n in _USED_NAMES if u & b)


@dataclass(frozen=True)
class TableCard:
    """A melded copy on the table: its card, slot, and the kinds of meld it has been used in."""

    card: str
    slot: int
    used_in: tuple[str, ...]


def table_cards(rules: RuleSet, g: np.ndarray, seat: int) -> list[TableCard]:
    """``seat``'s melded copies on the table in the phase-1 state ``g``."""
    out = []
    for k in rules.deck.kinds:
        for slot in range(rules.deck.copies):
            u = int(g[S.tslot(seat, k, slot)])
            if u >= 0:
                out.append(TableCard(rules.deck.name(k), slot, used_names(u)))
    return out
