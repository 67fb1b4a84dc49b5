"""The advisor that passes by the pass advice (:class:`PassAdvisor`, the ``advisor-pass`` agent of
:mod:`analyzer.arena.agents`): its calls and its trump are the advisor's (:class:`analyzer.arena.advisor.Advisor`),
and where the rules have a pass (``[passing]``) each pass it makes is the best set of
:func:`analyzer.passing.advise.advise_pass`'s answer to the :class:`~analyzer.passing.request.PassRequest` the player
would make -- his hand as dealt, his seat, the bid winner, the bid, the trump, the cards his partner passed him when
he passes second -- with ``pinochle pass``'s sampled deals and candidate sets (:data:`ARENA_PASS_SAMPLES`,
:data:`ARENA_PASS_SETS`: the advice is fast enough for the arena) and the seat's pass seed
(:data:`analyzer.arena.passes.PASS_STREAM`). So the arena measures the pass ``pinochle pass`` shows (tested: the
same cards for the same hand, contract, seed, samples and sets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analyzer.arena.advisor import Advisor
from analyzer.bidding.auction import AuctionState
from analyzer.cards import SUITS, Hand, from_planes
from analyzer.errors import UserError
from analyzer.passing.advise import PassAdvice, advise_pass
from analyzer.passing.request import PassRequest
from analyzer.request.parts import MAX_PLAY_SAMPLES, PASS, PASS_SAMPLES, PASS_SETS

#: sampled deals and candidate sets of the arena's pass advice: ``pinochle pass``'s own (300 and 40), so the arena
#: plays the advice itself. Measured on a loaded 2-core machine: a pass costs about 0.1 s with auction's three-card
#: pass and 2.8 s with double deck's four (up to 575 sets worth considering, screened on 75 deals), 18% of the time of
#: an advisor-pass against advisor run there (120 deals and 12 sets: 2.5 s, under a heavier load; the pilot that
#: screens every set worth considering costs most of it). Smaller sizes, each set rated by a 1,000-deal advice at a
#: seed of its own: on 60 passes of auction-pass contracts the full advice lost 0.19 and 0.08 points a pass against
#: that rating at two seeds (s.e. 0.06, 0.03; the seeds chose the same set 75% of the time), 150 deals and 20 sets
#: 0.22 (0.08), 60 deals and 8 sets 0.75 (0.21); on 16 double-deck-pass passes the full advice 0.33 and 0.23 (0.15,
#: 0.11), 150 and 20 0.98 (0.49), 60 and 8 2.2 (1.1).
ARENA_PASS_SAMPLES = PASS_SAMPLES
ARENA_PASS_SETS = PASS_SETS
#: the most candidate sets a pass plays out (``pinochle pass --sets``'s bound)
MAX_PASS_SETS = next(f.hi for f in PASS if f.name == "sets")


@dataclass(eq=False)
class PassAdvisor(Advisor):
    """The advisor (its calls, trump, forecast and concession) that passes by the pass advice (module docstring):
    ``pass_samples`` sampled deals and ``pass_sets`` candidate sets a pass."""

    pass_samples: int = ARENA_PASS_SAMPLES
    pass_sets: int = ARENA_PASS_SETS
    name: str = "advisor-pass"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not (1 <= self.pass_samples <= MAX_PLAY_SAMPLES and 1 <= self.pass_sets <= MAX_PASS_SETS):
            raise UserError(f"advisor-pass pass_samples is 1 to {MAX_PLAY_SAMPLES:,} and pass_sets 1 to "
                            f"{MAX_PASS_SETS:,} (pinochle pass's bounds), not {self.pass_samples} and {self.pass_sets}")

    def pass_request(self, view: AuctionState, trump: int, received: Hand | None) -> PassRequest:
        """The request a player in ``view``'s seat would make (his hand as dealt, the contract, what he received),
        at arena size, from the view's seed."""
        rs = view.rules
        assert view.holder is not None and view.contract is not None, "a pass follows an auction won"
        hand = Hand(rs.deck, tuple(sorted(from_planes(view.hand, rs.deck))))
        return PassRequest.make(rs, hand, seat=view.me, declarer=view.holder, bid=view.contract, trump=SUITS[trump],
                                received=None if received is None else " ".join(received.names()),
                                dealer=view.dealer, samples=self.pass_samples, sets=self.pass_sets, seed=view.seed)

    def advise_pass(self, view: AuctionState, trump: int, received: Hand | None) -> PassAdvice:
        """The pass advice for this seat (:meth:`pass_request`)."""
        return advise_pass(self.pass_request(view, trump, received))

    def choose_pass(self, view: AuctionState, trump: int, role: str, received: Hand | None) -> Sequence[int]:
        """The cards (kinds) to pass: the pass advice's best set (``role``, bidder or partner, is the view's)."""
        best = self.advise_pass(view, trump, received).best
        return Hand.parse(" ".join(best), view.rules.deck).kinds
