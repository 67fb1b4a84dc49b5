"""A question from a front end's values, checked once: the rule set it names, where its run goes, and the typed
request (:class:`~analyzer.advisor.request.BidRequest`, :class:`~analyzer.cardplay.request.PlayRequest`).

A front end hands over its values by field name (:mod:`analyzer.request.parts`: the command line's options and
the page's body are derived from the same fields) and says whose words it speaks (``front``: ``"cli"`` or
``"json"``); every check is made here or in the request's ``make``, before any work, and the layers below trust
what they are given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from analyzer.errors import UserError, field_name
from analyzer.request.fields import Front
from analyzer.request.parts import WHERE
from analyzer.rules import RuleSet
from analyzer.rules.asked import rules_asked


@dataclass(frozen=True)
class Where:
    """Where a run's batches go: ``workers`` processes here, or a Dask ``cluster`` (an address, ``local``)."""

    workers: int = 1
    cluster: str | None = None


def game(name: str, options: list[str] | Mapping[str, Any] | None, front: Front = "json",
         reference: bool = False) -> RuleSet:
    """The rule set a front end names, with its options (:func:`analyzer.rules.asked.rules_asked`: the command
    line an id or a house-rule file, the page an id or a house-rule file's text)."""
    return rules_asked(name, options, front, reference)


def where(values: Mapping[str, Any]) -> Where:
    """Where the run goes, checked before any work (a cluster address that is none, too few workers)."""
    from analyzer.runs.batches import check_cluster

    w = {f.name: f.check(values.get(f.name)) for f in WHERE}
    if w["cluster"] is not None:
        check_cluster(w["cluster"])
    return Where(w["workers"], w["cluster"])


def _split(values: Mapping[str, Any], front: Front) -> tuple[RuleSet, dict[str, Any]]:
    """The rule set of a question's values and the values left for its request."""
    v = dict(values)
    rules = game(v.pop("rules", None) or "auction", v.pop("options", None), front)
    for f in WHERE:
        v.pop(f.name, None)
    return rules, v


def bid_request(values: Mapping[str, Any], front: Front = "json") -> Any:
    """The bid question of a front end's values (the fields of :data:`analyzer.request.parts.BID`), checked: a
    :class:`~analyzer.advisor.request.BidRequest`."""
    from analyzer.advisor.request import BidRequest

    rules, v = _split(values, front)
    hand = v.pop("hand", None)
    if hand is None:
        raise UserError(f"give your cards: {field_name('hand')} \"AH AH TH ...\"")
    return BidRequest.make(rules, hand, front=front, win_table=lambda: game_table(rules), **v)


def game_table(rules: RuleSet) -> Any:
    """The game's win-probability table (:func:`analyzer.arena.tables.win_table`: shipped, or made once for
    these options and kept, saying so on stderr)."""
    import sys

    from analyzer.game.table import find_table

    found = find_table(rules)  # the shipped tables load without the arena's modules (a quick first answer)
    if found is not None:
        return found
    from analyzer.arena.tables import win_table

    return win_table(rules, note=lambda text: print(f"pinochle: {text} ...", file=sys.stderr, flush=True))


def play_request(values: Mapping[str, Any], front: Front = "json") -> Any:
    """The card-play question of a front end's values (the fields of :data:`analyzer.request.parts.PLAY`),
    checked: a :class:`~analyzer.cardplay.request.PlayRequest` (with a ``score``, the game's table found or made
    once the rest is checked)."""
    from analyzer.cardplay.request import PlayRequest

    rules, v = _split(values, front)
    return PlayRequest.make(rules, v.pop("hand", None), front=front, win_table=lambda: game_table(rules), **v)


def pass_request(values: Mapping[str, Any], front: Front = "json") -> Any:
    """The card-pass question of a front end's values (the fields of :data:`analyzer.request.parts.PASS`),
    checked: a :class:`~analyzer.passing.request.PassRequest`."""
    from analyzer.passing.request import PassRequest

    rules, v = _split(values, front)
    return PassRequest.make(rules, v.pop("hand", None), front=front, **v)
