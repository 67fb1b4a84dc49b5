"""The bid advisor as an arena agent (:class:`Advisor`, the ``advisor`` agent of :mod:`analyzer.arena.agents`):
every call, and the trump named after winning, is :func:`analyzer.advisor.advise.advise`'s answer to the
:class:`~analyzer.advisor.request.BidRequest` the player would type -- the hand, the seat, the dealer and the
calls so far -- with fewer sampled deals (the rule data's ``[advice] arena_samples``) and the seed of the
seat's hand. So the arena measures the call ``pinochle bid`` shows (tested: the same call for the same
hand, calls, seed and sample count).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.advisor.advise import advise
from analyzer.advisor.figures import Advice
from analyzer.advisor.request import RELAX_CLUES, BidRequest
from analyzer.arena.agents import Forecast
from analyzer.bidding.auction import AuctionState
from analyzer.bidding.callmodel import RAISE_PARTNER
from analyzer.cards import SUITS, Hand, from_planes
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.game.table import find_table
from analyzer.rules.model import RuleSet

#: the seed stream of the forecast's own draw (the calls and the trump use the seat's seed itself)
FORECAST_STREAM = 3
#: the seed stream of the concession's deals (:meth:`Advisor.concede`)
CONCEDE_STREAM = 4


@dataclass
class Decision:
    """What the advisor weighed for one call (kept for the arena's records): the call, its ceiling, the
    deals kept by the calls' clues and the deals dealt for them, the expected net of passing, the clues
    read and how they were met (``level``: clues, hard, none; ``forced``: a due conventional bid answered
    the call without deals)."""

    call: int | None
    limit: int | None
    kept: int
    tried: int
    value_pass: float
    clues: int
    level: str


@dataclass
class AdvisorStats:
    """Work counters of an advisor over a run: calls decided (``analysed``: on sampled deals; the others
    were conventional bids due with a turn to come), deals kept and dealt, draws whose clues were relaxed
    (they accepted too few deals), trumps named and forecasts drawn."""

    decisions: int = 0
    analysed: int = 0
    kept: int = 0
    tried: int = 0
    relaxed: int = 0
    trumps: int = 0
    forecasts: int = 0

    def as_dict(self) -> dict[str, int]:
        return dict(self.__dict__)

    @staticmethod
    def describe(w: dict[str, int]) -> str:
        """One line of a run's counters (:meth:`as_dict`, as an arena run saves them)."""
        dec = max(w.get("analysed", 0), 1)
        return (f"{w.get('decisions', 0):,} calls ({w.get('analysed', 0):,} on sampled deals, the others conventional "
                f"bids due with a turn to come), {w.get('trumps', 0):,} trumps named, {w.get('forecasts', 0):,} "
                f"forecast draws; {w.get('kept', 0) / dec:.0f} deals kept of {w.get('tried', 0) / dec:,.0f} dealt per "
                f"call on sampled deals; the calls' clues relaxed {w.get('relaxed', 0):,} times")


def _table(rules: RuleSet) -> object:
    """The game's win table, shipped or made before (:func:`analyzer.arena.games.run_games` makes one for options
    that have none before it plays)."""
    table = find_table(rules)
    if table is None:
        raise UserError(f"no win-probability table for {rules.id} with {rules.option_text() or 'these options'}: "
                        "make it with python3 -m analyzer.arena.tables, or play whole games, which makes it")
    return table


@dataclass(eq=False)
class Advisor:
    """The product's advisor at arena speed (module docstring). ``samples``: sampled deals a call (None: the
    rule set's ``[advice] arena_samples``); ``risk``: the least chance of making a bid it calls;
    ``inference`` False: the calls are not read; ``clues``: the soft clues' model, ``fitted``
    (rules/clue_fit.json) or ``prior``; ``raise_partner`` (None: the rule set's) and ``conventions``
    (``keep`` or ``free``; None: the rule set's) as :func:`analyzer.bidding.callmodel.choose_call` reads them;
    ``relax_clues`` (``drop``, ``prior`` or ``partner``; None: the rule set's) as
    :func:`analyzer.bidding.inference.clue_ladder` reads it.
    ``forecast`` False: no forecast draw (the forecast, the chance of making the contract and the expected
    points with the trump named, comes from a draw of its own on the same clues: the deals that chose the
    best of four trumps overrate the one chosen). ``aim`` ``game``: in whole games (the view's ``game``, the score
    before the hand) every call is ``pinochle bid --score``'s call for the game; ``points`` (and outside whole
    games): the call by points."""

    samples: int | None = None
    risk: float = 0.0
    inference: bool = True
    clues: str = "fitted"
    policy: str = "v1"
    raise_partner: str | None = None
    conventions: str | None = None
    relax_clues: str | None = None
    forecast_draw: bool = True
    aim: str = "points"
    name: str = "advisor"
    stats: AdvisorStats = field(default_factory=AdvisorStats, init=False, repr=False)
    last: Decision | None = field(default=None, init=False, repr=False)
    _forecasts: dict[tuple, tuple[int, Forecast | None]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if not 0.0 <= self.risk <= 1.0:
            raise UserError(f"advisor risk is a chance between 0 and 1, not {self.risk}")
        if self.samples is not None and self.samples < 20:
            raise UserError(f"advisor samples must be at least 20, not {self.samples}")
        if self.raise_partner is not None and self.raise_partner not in RAISE_PARTNER:
            raise UserError(f"advisor raise_partner is one of {', '.join(RAISE_PARTNER)}, not {self.raise_partner!r}")
        if self.conventions is not None and self.conventions not in ("keep", "free"):
            raise UserError(f"advisor conventions are keep or free, not {self.conventions!r}")
        if self.relax_clues is not None and self.relax_clues not in RELAX_CLUES:
            raise UserError(f"advisor relax_clues is one of {', '.join(RELAX_CLUES)}, not {self.relax_clues!r}")
        if self.clues not in ("fitted", "prior"):
            raise UserError(f"advisor clues are fitted or prior, not {self.clues!r}")
        if self.aim not in ("points", "game"):
            raise UserError(f"advisor aim is points or game, not {self.aim!r}")

    def n_samples(self, rules: RuleSet) -> int:
        return self.samples or rules.advice.arena_samples

    def request(self, view: AuctionState, seed: int | None = None) -> BidRequest:
        """The request a player in ``view``'s seat would make (the calls so far, this hand), at arena size."""
        rs = view.rules
        hand = Hand(rs.deck, tuple(sorted(from_planes(view.hand, rs.deck))))
        game = getattr(view, "game", None) if self.aim == "game" else None
        return BidRequest.make(rs, hand, seat=view.me, dealer=view.dealer, auction=tuple(view.calls),
                               samples=self.n_samples(rs), seed=view.seed if seed is None else seed, risk=self.risk,
                               play="heuristic", policy=self.policy,
                               clues=self.clues if self.inference else "none", detail=False,
                               raise_partner=self.raise_partner, conventions=self.conventions,
                               relax_clues=self.relax_clues, score=game,
                               win_table=(lambda: _table(rs)) if game is not None else None)

    def _record(self, adv: Advice) -> None:
        an = adv.analyses[0] if adv.analyses else None
        ch = an.choice if an is not None else None
        cond = adv.conditioning
        self.stats.decisions += 1
        if ch is None:  # a due conventional bid with a turn to come: no deals needed
            self.last = Decision(adv.call, None, 0, 0, 0.0, 0, "forced")
            return
        self.stats.analysed += 1
        self.stats.kept += adv.kept
        self.stats.tried += adv.tried
        self.stats.relaxed += cond is not None and cond.relaxed is not None
        self.last = Decision(ch.call, ch.ceiling.bid, adv.kept, adv.tried, float(ch.value[0]),
                             len(cond.clues) if cond is not None else 0, cond.level if cond is not None else "none")

    # -- calls ----------------------------------------------------------------------------------------------
    def bid(self, view: AuctionState) -> int | None:
        adv = advise(self.request(view))
        self._record(adv)
        return adv.call

    # -- trump and forecast -----------------------------------------------------------------------------------
    def choose_trump(self, view: AuctionState) -> int:
        """The trump :func:`advise` names once the auction is won (the view's calls end the auction)."""
        adv = advise(self.request(view))
        t = SUITS.index(adv.recommendation.trump)
        self.stats.trumps += 1
        fc = None
        if self.forecast_draw:
            fc = self.draw_forecast(view, t)
        else:
            x = adv.named[t]
            fc = Forecast(x.make.p, x.points.mean, adv.kept, adv.tried)
        if any(k != view.key for k, _ in self._forecasts):  # a new hand: the earlier hands' forecasts were read
            self._forecasts.clear()
        self._forecasts[(view.key, view.me)] = (t, fc)
        return t

    def draw_forecast(self, view: AuctionState, t: int) -> Forecast | None:
        """The forecast for trump ``t`` on a draw of its own (seed stream :data:`FORECAST_STREAM`)."""
        adv = advise(self.request(view, seed_of(view.seed, FORECAST_STREAM)))
        if adv.named is None or adv.recommendation.action == "too-few":
            return None
        self.stats.forecasts += 1
        x = adv.named[t]
        return Forecast(min(1.0, max(0.0, x.make.p)), x.points.mean, adv.kept, adv.tried)

    # -- concession -------------------------------------------------------------------------------------------
    def concede(self, view: AuctionState, trump: int, shown: dict[int, str]) -> bool:
        """Whether to concede the contract after the meld, before the first lead (where the house rules allow it):
        what ``pinochle play`` at the bid winner's first lead advises (:mod:`analyzer.cardplay.concede`) -- the
        hand, trump, the auction, every other seat's meld laid on the table (``shown``, its whole meld) --, on the
        rule set's ``[advice] play_samples`` deals or the advisor's own ``samples`` if fewer, played by the
        heuristic players (the arena's speed), from the seat's seed."""
        from analyzer.cardplay.advise import advise_card
        from analyzer.cardplay.request import PlayRequest

        rs = view.rules
        hand = Hand(rs.deck, tuple(sorted(from_planes(view.hand, rs.deck))))
        req = PlayRequest.make(rs, hand, seat=view.me, trump=trump, auction=" ".join(map(str, view.calls)),
                               dealer=view.dealer, shown=shown, whole_meld=True,
                               samples=min(self.n_samples(rs), rs.advice.play_samples),
                               seed=seed_of(view.seed, CONCEDE_STREAM), play="heuristic")
        c = advise_card(req).concession  # the run's records say which contracts were conceded (column conceded)
        return c is not None and c.concede

    def forecast(self, view: AuctionState, trump: int) -> Forecast | None:
        got = self._forecasts.get((view.key, view.me))
        if got is None or got[0] != trump:
            return None
        return got[1]
