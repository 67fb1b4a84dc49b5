"""A yardstick bidder: the percentile method of jeffbcole's *Pinochle Classic* computer players, as our own
code.

Source (read, not copied): the public repository ``jeffbcole/pinochle-classic`` (GitHub), file
``GameSimulator.js`` (``FindRoundBidAnalysis``, ``FindBestBidWithData``), with ``player.js``
(``ChooseBid``, ``OnFinishedAnalyzingBestBid``) for how the players bid with its result and
``index.html`` (the difficulty levels explained), commit ``c065e1e`` of the default branch.

The facts of the method, as this module applies them to our rule sets:

* **Simulation**: for each of the four trumps, ``simulations`` deals (1,000 in the game) of the unseen
  cards at random to the other seats, my hand fixed; every seat melds, I lead, and the hand is played
  out by the game's heuristic players — here our heuristic policy v1, the one every arena hand is
  played with. Each deal gives my side's *round score*: its meld plus its trick points (here as counted
  toward a bid by the rule set: double deck's 20 meld / 20 trick points minimums, auction's "no trick,
  no meld"; Luxury Family: the game maker's own).
* **Percentiles**: per trump, the scores in ascending order; the *safe* bid is the first score reached
  by 10% of the deals counted from the bottom, the *standard* bid at 18%, the *suggested* bid at 25%
  — the score "achieved in more than 82% / 75% of the simulations". The game takes the suggested
  level at the first score *after* the one where the 18% mark fell (a ``continue`` in its loop); that
  quirk is kept. The maximum willing bid is the highest of the four trumps' levels — the *suggested*
  level for its "Pro" players (``level="pro"``, the default here), the *standard* one for its
  "Standard" players (``level="standard"``); the trump named is the one with the highest suggested
  level (ties: the first of spades, hearts, clubs, diamonds, the game's order).
* **Bidding** with that maximum: nobody has bid yet — the game forces the first player to open at the
  minimum; our rules do not, so it opens at the lowest legal bid when its maximum reaches it, else it
  passes. Otherwise, "don't get into a bidding war with your partner": when two players have passed
  and the partner holds the bid, pass; else raise to the lowest legal bid when the maximum is above the
  standing bid (and the raise within it), else pass. The game bids without a limit on rounds; on the
  last turn of our one- or two-round auctions with seats still to call, the agent bids its maximum at
  once (the bid its raises would have reached) — with nobody after it, still the lowest winning raise.
* The conventions of :mod:`analyzer.bidding.inference` (signals, meld bids) are kept as the advisor keeps them —
  while a seat still to call could read the call (a due conventional bid first; signal values are not
  bid freely); the game knows none, but without them the advisor's inference would misread its calls.
"""

from __future__ import annotations

import numpy as np

from analyzer.arena.agents import conventional_call
from analyzer.bidding.auction import AuctionState, replay
from analyzer.cards import Hand, from_planes
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.rules.model import RuleSet

#: simulated deals per trump (the game's ``simulationsPerSuit``)
SIMULATIONS = 1000
#: the marks of the score distribution: safe, standard, suggested (share of deals from the bottom)
MARKS = {"safe": 0.10, "standard": 0.18, "suggested": 0.25}
#: the game's suit order (for ties of the trump)
GAME_SUIT_ORDER = (0, 1, 3, 2)  # S H C D in our suit numbering S H D C


def percentile_levels(scores: np.ndarray) -> dict[str, int]:
    """The safe, standard and suggested levels of one trump's round scores (module docstring: the
    game's histogram walk, with its quirk that the suggested level is never found at the score where
    the standard mark fell)."""
    s = np.asarray(scores, dtype=np.int64)
    n = s.size
    vals, counts = np.unique(s, return_counts=True)
    out: dict[str, int] = {}
    seen = 0
    for v, c in zip(vals, counts, strict=True):
        seen += int(c)
        if "safe" not in out and seen >= n * MARKS["safe"]:
            out["safe"] = int(v)
        if "standard" not in out and seen >= n * MARKS["standard"]:
            out["standard"] = int(v)
            continue
        if "suggested" not in out and seen >= n * MARKS["suggested"]:
            out["suggested"] = int(v)
    for k in MARKS:
        out.setdefault(k, 0)
    return out


def percentile_bid(rules: RuleSet, seat: int, dealer: int, hand: np.ndarray, seed: int,
                   simulations: int = SIMULATIONS, level: str = "pro", policy: str = "v1") -> tuple[int, int]:
    """(maximum willing bid, trump) of the method for ``hand`` (module docstring)."""
    from analyzer.advisor.request import BidRequest
    from analyzer.advisor.study import HEURISTIC, outcomes, study

    h = Hand(rules.deck, tuple(sorted(from_planes(hand, rules.deck))))
    req = BidRequest.make(rules, h, seat=seat, dealer=dealer, samples=simulations, seed=seed, play="heuristic",
                          policy=policy, clues="none", detail=False)
    sim, _ = study(req, [], modes=(HEURISTIC,), others=False)  # the request's samples: ``simulations``
    me_tot = outcomes(sim, HEURISTIC).me_tot[-1]  # the play of a contract above the opening
    lv = [percentile_levels(me_tot[t]) for t in range(4)]
    key = "suggested" if level == "pro" else "standard"
    best = max(x[key] for x in lv)
    trump, top = GAME_SUIT_ORDER[0], 0
    for t in GAME_SUIT_ORDER:
        if lv[t]["suggested"] > top:
            trump, top = t, lv[t]["suggested"]
    return best, trump


class PercentileBidder:
    """jeffbcole's Pinochle Classic percentile bidder (module docstring). ``level``: ``pro`` (the 25%
    mark) or ``standard`` (18%); ``simulations`` per trump."""

    def __init__(self, level: str = "pro", simulations: int = SIMULATIONS, name: str = "percentile") -> None:
        if level not in ("pro", "standard"):
            raise UserError(f"percentile level is pro or standard, not {level!r}")
        if simulations < 20:
            raise UserError(f"percentile simulations must be at least 20, not {simulations}")
        self.level = level
        self.simulations = int(simulations)
        self.name = name
        self._cache: dict[tuple, tuple[int, int]] = {}

    def _analysis(self, view: AuctionState) -> tuple[int, int]:
        k = (view.key, view.me, view.hand.tobytes())
        got = self._cache.get(k)
        if got is None:
            if len(self._cache) > 256:
                self._cache.clear()
            got = self._cache[k] = percentile_bid(view.rules, view.me, view.dealer, view.hand,
                                                  seed_of(view.seed, 0x9E7C), self.simulations, self.level)
        return got

    def bid(self, view: AuctionState) -> int | None:
        rs = view.rules
        a = replay(rs, view.dealer, view.calls)
        partners = set(view.partners)
        if len(a.passed) == 2 and view.holder in partners and rs.seats == 4:
            return conventional_call(view, -1.0, always=False)  # no bidding war with the partner
        top, _ = self._analysis(view)
        if view.high is not None and top <= view.high:
            return conventional_call(view, -1.0, always=False)  # the maximum is not above the standing bid
        highest = view.last_turn and bool(view.to_act)
        return conventional_call(view, float(top), highest=highest, always=False)

    def choose_trump(self, view: AuctionState) -> int:
        return self._analysis(view)[1]
