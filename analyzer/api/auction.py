"""The calls of an auction replayed under a rule set's bidding rules: whether the auction is over and, once it
is, who won it at what (the declarer and bid that the play of the hand follows); else whose turn it is. What
the page asks to know whether its calls so far decide the contract of the play."""

from __future__ import annotations

from analyzer.bidding.auction import parse_calls, replay
from analyzer.errors import UserError
from analyzer.rules import RuleSet


def auction_report(rules: RuleSet, dealer: int, text: str) -> dict:
    """The auction after the calls ``text`` (``"1:16 2:pass 3:18 0:pass"``) dealt by ``dealer``, as plain data:
    ``done``, ``winner`` and ``contract`` (None while the auction runs, and when it is thrown in; ``forced``: every
    seat passed and the dealer is held to the rules' contract, the winner then), ``outcome`` in words, ``turn`` and
    ``min_bid`` (None once over), the standing ``high`` bid and its seat, the seats that ``passed``. UserError
    for calls that cannot have been made (the line ``pinochle bid --auction`` gives)."""
    if not rules.has_bidding:
        raise UserError(f"{rules.id} has no bidding: leave out the auction")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.seats:
        raise UserError(f"dealer {dealer!r} is out of range: {rules.id} has seats 0..{rules.seats - 1}")
    a = replay(rules, dealer, parse_calls(text, rules))
    return {"rules": rules.id, "options": rules.options, "dealer": dealer, "auction": a.text(),
            "calls": [str(c) for c in a.calls], "done": a.done, "thrown_in": a.done and a.winner is None,
            "winner": a.winner, "contract": a.contract, "forced": a.forced, "outcome": a.outcome() if a.done else None,
            "turn": None if a.done else a.turn,
            "min_bid": None if a.done else a.min_bid, "high": a.high, "high_seat": a.high_seat,
            "passed": sorted(a.passed)}
