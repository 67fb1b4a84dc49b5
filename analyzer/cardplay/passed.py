"""The card pass seen from one seat of the declaring side (``[passing]``, docs/RULES.md "Card passing"): what it says
about my partner's hand, and the hands as they were before it.

I passed my partner ``passed`` and he passed me ``received`` (each the rules' ``passing.cards`` cards); my hand at the
first lead holds what I kept and what I received. As dealt, then, my hand was that hand less ``received`` plus
``passed``, and my partner's was his hand at the first lead less ``passed`` plus ``received``. Who passes first
matters for what he still holds of my cards: passing second, I gave him cards he cannot have passed on, so he holds
every one of ``passed`` at the first lead; passing first, he may have passed some of them straight back to me, so
he holds ``passed`` less ``received`` (as multisets). Either way what I received is in my hand unless I passed it
back (only the second to pass can). :func:`check_pass` refuses a pass that cannot have happened; :func:`partner_holds`
is the card-holding constraint of the sampled deals; :func:`before_pass` turns sampled hands at the first lead into
the hands as dealt, where the auction's clues are read (the calls were made before the pass).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from analyzer.cards import format_cards
from analyzer.errors import UserError, field_name
from analyzer.rules.model import RuleSet


def passes_first(rules: RuleSet, seat: int, declarer: int) -> bool:
    """Whether ``seat`` (the bid winner or his partner) passes first by the rules' order (``passing.first``)."""
    return (seat == declarer) == rules.passing.bidder_first


def partner_holds(rules: RuleSet, seat: int, declarer: int, passed: Sequence[int], received: Sequence[int]
                  ) -> Counter[int]:
    """The cards my partner holds at the first lead for certain, from my pass (module docstring): all I passed when
    I passed second, what I passed less what he passed me when I passed first."""
    out = Counter(passed)
    if passes_first(rules, seat, declarer):
        out -= Counter(received)
    return out


def check_pass(rules: RuleSet, seat: int, declarer: int, hand: Sequence[int], passed: Sequence[int],
               received: Sequence[int]) -> None:
    """UserError, naming ``passed`` or ``received`` (:func:`analyzer.errors.field_name`), for a pass of mine that
    cannot have happened: a rule set without a pass, a seat off the declaring side, not the rules' number of cards
    each way, a card received that is not in my ``hand`` at the first lead (nor, passing second, passed back), or a
    card my partner must hold that my hand already holds every copy of."""
    nm, deck = field_name, rules.deck
    if not passed and not received:
        return
    n = int(rules.passing.cards)
    if not n:
        raise UserError(f"{rules.id} has no card pass: leave out {nm('passed')} and {nm('received')} (a house file "
                        "with [passing], e.g. house/auction-pass.toml, has one)")
    partner = rules.partners(declarer)[0]
    if seat not in (declarer, partner):
        raise UserError(f"only the bid winner (seat {declarer}) and his partner (seat {partner}) pass cards: leave "
                        f"out {nm('passed')} and {nm('received')}")
    for name, cards in (("passed", passed), ("received", received)):
        if len(cards) != n:
            raise UserError(f"{nm(name)}: a pass is {n} cards each way in {rules.id}, not {len(cards)} "
                            f"(give {nm('passed')} and {nm('received')} together)")
    first = passes_first(rules, seat, declarer)
    mine = Counter(hand)
    kept = Counter(received) - mine if first else Counter(received) - mine - Counter(passed)
    if kept:
        back = "" if first else " nor among the cards you passed back"
        why = " (you pass first: you could not pass them on)" if first else ""
        raise UserError(f"{nm('received')}: {format_cards(sorted(kept.elements()), deck)} not in your {nm('hand')} at "
                        f"the first lead{back}{why}")
    held = partner_holds(rules, seat, declarer, passed, received)
    over = sorted(k for k, c in held.items() if c + mine[k] > deck.copies)
    if over:
        raise UserError(f"{nm('passed')}: {format_cards(over, deck)} passed to your partner and still in your "
                        f"{nm('hand')} as often as the deck has it ({deck.copies})")


def before_pass(hands: np.ndarray, seat: int, partner: int, passed: Sequence[int], received: Sequence[int],
                first: bool) -> np.ndarray:
    """The hands as dealt of hands at the first lead (int64[n, seats, copies], count planes; a copy): my row less
    ``received`` plus ``passed``, my partner's less ``passed`` plus ``received`` (module docstring), the later pass
    undone first (``first``: I passed first), so that every card taken back is in the hand it is taken from (the
    sampled deals hold my partner's cards, :func:`partner_holds`)."""
    out = np.array(hands, dtype=np.int64, copy=True)
    mine, his = (seat, partner, passed), (partner, seat, received)
    for giver, taker, cards in ((his, mine) if first else (mine, his)):
        for k in cards:
            _take(out[:, taker], k)
            _put(out[:, giver], k)
    return out


def _take(planes: np.ndarray, k: int) -> None:
    """One copy of card ``k`` out of each row of ``planes`` (int64[n, copies], a view: changed in place), from its
    highest plane holding it; a row without it stays as it is."""
    bit = np.int64(1 << int(k))
    todo = np.ones(planes.shape[0], dtype=bool)
    for q in reversed(range(planes.shape[1])):
        has = todo & ((planes[:, q] & bit) != 0)
        planes[has, q] &= ~bit
        todo &= ~has


def _put(planes: np.ndarray, k: int) -> None:
    """One copy of card ``k`` into each row of ``planes`` (in place), in its first plane without it."""
    bit = np.int64(1 << int(k))
    todo = np.ones(planes.shape[0], dtype=bool)
    for q in range(planes.shape[1]):
        free = todo & ((planes[:, q] & bit) == 0)
        planes[free, q] |= bit
        todo &= ~free
