"""A hand record as one value: :class:`HandRecord`, every field of the written forms (:mod:`analyzer.record.text`)
parsed, with the names the written forms give them (:data:`KEYS`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analyzer.bidding.auction import Call
from analyzer.rules.model import RuleSet
from analyzer.twohand.position import Trick

#: the fields of a record in the order they are written, each with what it holds (the README's table)
KEYS: dict[str, str] = {
    "rules": "the rule set's id",
    "options": "the rule options in force, NAME=VALUE separated by spaces (none: the defaults)",
    "dealer": "the dealer's seat",
    "seat": "my seat (the decisions reviewed are this seat's)",
    "hand": "`hand` my cards at the deal; `hand N` seat N's (two-handed: the 12 dealt, before any draw)",
    "calls": "the auction, SEAT:BID or SEAT:pass in order (as `pinochle bid --auction`)",
    "declarer": "the declarer's seat, where no calls are written (as `pinochle play --declarer`)",
    "bid": "the contract, where no calls are written",
    "trump": "the trump named (S H D C; two-handed: the upcard's suit)",
    "passed": "with a card pass ([passing]): `passed N` the cards seat N passed its partner (the bid winner and his "
              "partner, a line each; `hand N` stays the hand as dealt, the play is of the hands after the pass)",
    "leader": "who led the first trick, where the contract does not say it (two-handed: the dealer's opponent)",
    "shown": "the cards seat N laid down as meld (as `pinochle play --shown`)",
    "whole meld": "yes: the cards shown are each other seat's whole meld (as `pinochle play --whole-meld`)",
    "meld": "the declaring side's meld, where it is given rather than counted (as `pinochle play --meld`)",
    "upcard": "two-handed: the card turned up at the deal",
    "phase1": "two-handed: the tricks while the stock lasts, with the melds (`pinochle play --played` with "
               "--upcard)",
    "draws": "two-handed: `draws` the cards I drew from the stock, one a phase-1 trick, in order; `draws N` seat N's",
    "holding": "two-handed phase 1 without the deal: every card I hold now, in hand and melded (as `pinochle play "
               "--hand` with --upcard)",
    "played": "the tricks (two-handed: phase 2's), each from its leader, tricks separated by /",
    "score": "the game's score before the hand (as `pinochle play --score`: my side's total first; Luxury Family "
             "N-N-N/H)",
    "result": "each scoring unit's score for the hand (partnerships: side 0 then side 1; else by seat)",
}


@dataclass(frozen=True)
class HandRecord:
    """One hand as a record (module docstring; the fields of :data:`KEYS`): card kinds throughout, seats as
    numbers, ``calls`` None where no auction is written. Two records are equal when every field is (the rule set by
    its id and options)."""

    rules: RuleSet = field(compare=False, repr=False)
    game: tuple[str, tuple[tuple[str, str], ...]]
    seat: int
    hands: dict[int, tuple[int, ...]]
    dealer: int | None = None
    calls: tuple[Call, ...] | None = None
    declarer: int | None = None
    bid: int | None = None
    trump: int | None = None
    leader: int | None = None
    shown: dict[int, tuple[int, ...]] = field(default_factory=dict)
    whole_meld: bool = False
    meld: int | None = None
    upcard: int | None = None
    phase1: tuple[Trick, ...] = ()
    draws: dict[int, tuple[int, ...]] = field(default_factory=dict)
    holding: tuple[int, ...] | None = None
    played: tuple[int, ...] = ()
    score: str | None = None
    result: tuple[int, ...] | None = None
    #: seat -> the cards it passed its partner (a rule set with a card pass; both seats of the declaring side)
    passed: dict[int, tuple[int, ...]] = field(default_factory=dict)

    @property
    def known(self) -> bool:
        """Whether every seat's hand is known (the double-dummy losses need it)."""
        return all(s in self.hands for s in range(self.rules.seats))

    @property
    def stock(self) -> bool:
        """Whether the game has a stock phase (two-handed): the record's ``phase1`` and ``draws`` apply."""
        return bool(self.rules.play.stock)

    def values(self) -> dict[str, Any]:
        """The record's fields by name, for the written forms (cards as kinds, calls as :class:`Call`)."""
        return {k: getattr(self, k) for k in ("seat", "hands", "dealer", "calls", "declarer", "bid", "trump",
                                               "leader", "shown", "whole_meld", "meld", "upcard", "phase1", "draws",
                                               "holding", "played", "score", "result", "passed")}
