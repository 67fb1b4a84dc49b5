"""What the bid advisor answers (:func:`analyzer.advisor.advise.advise`): the figures per trump and bid level, the
call to make now and the ceiling, the double-dummy check, and the advice after an auction — plain values
with their intervals, each with ``as_dict`` for ``--json``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analyzer.cards import SUIT_NAMES, SUITS
from analyzer.estimate import Estimate, Proportion
from analyzer.montecarlo.simulate import Simulation
from analyzer.rules.model import RuleSet

#: why a call is not among the calls the model makes now, in words (callmodel.CallChoice.ruled)
RULED = {"convention": "the convention rules it out", "risk": "made less often than the risk asks",
         "least-raise": "with a turn to come the advisor raises by the least step (jumps lost in the arena)",
         "partner-took-over": "your partner took the bid over from you: partners do not take it back and forth "
                              "([advice] retake_from_partner)"}


# ---- results ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DDTrump:
    """The double-dummy check of one trump on the first ``deals`` sampled deals. Every deal is solved to the
    rule set's resolution within the node budget and gives proven bounds on the declaring side's trick
    points: ``exact`` deals (the value), ``bracketed`` ones (closer than the resolution), ``unfinished`` ones
    (the budget ran out: the bounds proven so far, wider). No deal is left out: ``dd_lower`` / ``dd_upper``
    are the means of the lower and upper bounds over every deal, ``gap_lower`` / ``gap_upper`` their paired
    differences with the heuristic players' trick points on the same deals (``heuristic``), each with its
    95% Student t interval; where every deal is exact the two are the same. ``from_trick`` k > 1: each deal's
    first k - 1 tricks were played by the heuristic players and the rest solved ("double dummy from trick k"),
    ``heuristic`` the same players going on from there (:mod:`analyzer.advisor.ddcheck`)."""

    trump: str
    deals: int
    exact: int
    bracketed: int
    unfinished: int
    resolution: int
    heuristic: Estimate
    dd_lower: Estimate
    dd_upper: Estimate
    gap_lower: Estimate
    gap_upper: Estimate
    from_trick: int = 1

    @property
    def solved(self) -> int:
        """Deals proven to the resolution (exact or bracketed)."""
        return self.exact + self.bracketed

    @property
    def scope(self) -> str:
        """What was solved: "whole deals" or "from trick k" (the first tricks by the heuristic players)."""
        return "whole deals" if self.from_trick <= 1 else f"from trick {self.from_trick}"

    @property
    def label(self) -> str:
        """What the figures are: exact, bracketed (to the resolution) or with unfinished deals, and over what:
        whole deals or from trick k."""
        if self.unfinished:
            what = f"bounds ({self.unfinished} of {self.deals} deals unfinished)"
        else:
            what = "exact" if not self.bracketed else f"bracketed to {self.resolution} points"
        return f"{what}, {self.scope}"

    def gap_dict(self) -> dict[str, Any]:
        return {"lower": self.gap_lower.as_dict(), "upper": self.gap_upper.as_dict(), "deals": self.deals,
                "exact": self.exact, "bracketed": self.bracketed, "unfinished": self.unfinished}

    def as_dict(self) -> dict[str, Any]:
        return {"trump": self.trump, "deals": self.deals, "exact": self.exact, "bracketed": self.bracketed,
                "unfinished": self.unfinished, "resolution": self.resolution, "label": self.label,
                "from_trick": self.from_trick,
                "heuristic_trick_points": self.heuristic.as_dict(),
                "dd_trick_points": {"lower": self.dd_lower.as_dict(), "upper": self.dd_upper.as_dict()},
                "gap": {"lower": self.gap_lower.as_dict(), "upper": self.gap_upper.as_dict()}}


@dataclass(frozen=True)
class DDMake:
    """Does the contract make double dummy? ``bid`` with ``trump`` on the first ``deals`` sampled deals: one
    search a deal asks whether the declaring side takes the points it needs (no exact value); on the
    ``decided`` ones (finished within ``max_nodes``) the make rate double dummy and with heuristic play, and
    their paired difference ``gap`` = dd - heuristic in points of make rate (95%). ``from_trick`` k > 1: the
    first k - 1 tricks played by the heuristic players, the rest double dummy (as :class:`DDTrump`)."""

    trump: str
    bid: int
    deals: int
    decided: int
    max_nodes: int
    heuristic: Proportion | None
    dd: Proportion | None
    gap: Estimate | None
    from_trick: int = 1

    def as_dict(self) -> dict[str, Any]:
        opt = lambda e: e.as_dict() if e is not None else None  # noqa: E731
        return {"trump": self.trump, "bid": self.bid, "deals": self.deals, "decided": self.decided,
                "max_nodes": self.max_nodes, "heuristic_make": opt(self.heuristic), "dd_make": opt(self.dd),
                "gap": opt(self.gap), "from_trick": self.from_trick}


@dataclass(frozen=True)
class DDCheck:
    """Double dummy against the heuristic playout on the first ``samples`` deals (``plays="both"``);
    ``make``: the make check of the recommended contract (rule data ``dd_make_samples``; None: not run)."""

    samples: int
    max_nodes: int
    trumps: list[DDTrump]
    make: DDMake | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"samples": self.samples, "max_nodes": self.max_nodes,
                "measure": "the declaring side's trick points, double dummy minus heuristic play, paired on the "
                           "same deals (from_trick k > 1: the first k - 1 tricks played by the heuristic players, "
                           "both figures going on from there); a deal not solved within max_nodes counts with "
                           "the bounds proven (dd_lower .. dd_upper)",
                "trumps": [t.as_dict() for t in self.trumps],
                "make": self.make.as_dict() if self.make is not None else None}


@dataclass(frozen=True)
class TrumpFigures:
    """What the hand is worth with one trump when I declare (means over the sampled deals)."""

    trump: str
    own_meld: int
    partner_meld: Estimate | None
    side_meld: Estimate
    card_points: Estimate
    trick_points: Estimate
    total: Estimate  # side meld + side trick points
    opp_meld: Estimate
    opp_trick_points: Estimate
    max_bid: int | None  # the highest bid that beats passing (and meets the risk), None: none
    dd: DDTrump | None = None  # the double-dummy check of this trump (plays="both")

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "trump": self.trump,
            "own_meld": self.own_meld,
            "partner_meld": self.partner_meld.as_dict() if self.partner_meld else None,
            "side_meld": self.side_meld.as_dict(),
            "card_points": self.card_points.as_dict(),
            "trick_points": self.trick_points.as_dict(),
            "total": self.total.as_dict(),
            "opp_meld": self.opp_meld.as_dict(),
            "opp_trick_points": self.opp_trick_points.as_dict(),
            "max_bid": self.max_bid,
        }
        # the double-dummy check of this trump (plays="both"): dd minus heuristic trick points, paired
        d["dd_gap"] = self.dd.gap_dict() if self.dd is not None else None
        return d


@dataclass(frozen=True)
class LevelFigures:
    """Declaring at ``bid`` with one trump.

    Over all deals: ``make`` (chance to make it) and ``net``. On the deals where the bid wins the
    auction (``win``: their share; having bid it now and raising no further, I declare at it):
    ``make_won``, ``ours``, ``theirs``, ``net_won``, ``pass_won`` (the net score of passing now on those
    deals) and ``gain`` (paired: declaring minus passing); None when the bid wins on fewer than
    :data:`MIN_WON_DEALS` deals.
    """

    bid: int
    make: Proportion
    net: Estimate
    win: Proportion
    make_won: Proportion | None
    ours: Estimate | None
    theirs: Estimate | None
    net_won: Estimate | None
    pass_won: Estimate | None
    gain: Estimate | None

    def as_dict(self) -> dict[str, Any]:
        opt = lambda e: e.as_dict() if e is not None else None  # noqa: E731
        return {
            "bid": self.bid,
            "all_deals": {"make": self.make.as_dict(), "net": self.net.as_dict()},
            "wins_auction": self.win.as_dict(),
            "if_won": {
                "make": opt(self.make_won), "ours": opt(self.ours), "theirs": opt(self.theirs),
                "net": opt(self.net_won), "net_passing": opt(self.pass_won), "gain_over_pass": opt(self.gain),
            },
        }


def all_pass_words(rules: RuleSet) -> str:
    """What happens when every seat passes, in words: thrown in, or the dealer held to a contract (a house rule's
    ``bidding.all_pass = "dealer"``); the four games' words as they always were."""
    c = rules.forced_contract
    if c is None or rules.bidding.dealer_holds:
        return PassFigures.all_pass
    return f"the dealer is held to {c} and plays it"


@dataclass(frozen=True)
class PassFigures:
    """What passing now gives on the same deals: who ends up declaring, and my expected net score."""

    partner: Proportion | None  # my partner declares
    opponents: Proportion  # an opponent declares
    me: Proportion  # I play anyway (double deck: I am the dealer, held at 50)
    thrown_in: Proportion
    net: Estimate
    #: what happens when all pass, in words (:func:`all_pass_words`)
    all_pass: str = "thrown in (double deck: the dealer plays at 50)"

    def as_dict(self) -> dict[str, Any]:
        return {
            "model": "after my pass the seats still in the auction bid by their limits and the conventions "
                     f"(analyzer.bidding.callmodel); a seat that passed is out; all passed: {self.all_pass}",
            "partner_declares": self.partner.as_dict() if self.partner else None,
            "opponent_declares": self.opponents.as_dict(),
            "i_declare": self.me.as_dict(),
            "thrown_in": self.thrown_in.as_dict(),
            "net": self.net.as_dict(),
        }


@dataclass(frozen=True)
class CallFigures:
    """One call now (``bid`` None: pass), followed to the end of the auction on every deal: my expected
    ``net`` score, the share of deals where I end up declaring (``declare``), the chance to make my
    contract there (``make``), the trump I name then and the mean contract."""

    bid: int | None
    net: Estimate
    declare: Proportion
    make: Proportion | None
    trump: str | None
    contract: float | None
    allowed: bool = True
    ruled: str | None = None  # why the call is not among the calls the model makes now (None: it is)
    held: int | None = None  # a pass holds me, the dealer, to this contract (every other seat passed)

    @property
    def label(self) -> str:
        if self.bid is None:
            return "Pass" if self.held is None else f"Pass (held to {self.held})"
        return f"Bid {self.bid}"

    def as_dict(self) -> dict[str, Any]:
        return {"call": self.label, "bid": self.bid, "net": self.net.as_dict(), "i_declare": self.declare.as_dict(),
                "make": self.make.as_dict() if self.make else None, "trump": self.trump,
                "mean_contract": None if self.contract is None else round(self.contract, 3),
                "allowed": self.allowed, "ruled_out": self.ruled}


@dataclass(frozen=True)
class ConventionFigures:
    """A convention that constrains the call now: its words (from the rule data), the bid it asks for
    (``due``; 0: it forbids a bid instead), and what keeping it costs: the called option minus the best free
    call (``free``, with ``cost_free``) and minus passing (``cost_pass``), paired on the same deals, 95%."""

    text: str
    due: int
    free: CallFigures | None
    cost_free: Estimate | None
    cost_pass: Estimate | None

    def as_dict(self) -> dict[str, Any]:
        opt = lambda e: e.as_dict() if e is not None else None  # noqa: E731
        return {"text": self.text, "due": self.due or None, "best_free_call": opt(self.free),
                "vs_best_free_call": opt(self.cost_free), "vs_pass": opt(self.cost_pass)}


@dataclass(frozen=True)
class NamedTrump:
    """Naming ``trump`` after winning the auction at ``contract``: my expected net, the chance of making
    the contract and my side's expected meld + trick points as counted."""

    trump: str
    contract: int
    net: Estimate
    make: Proportion
    points: Estimate

    def as_dict(self) -> dict[str, Any]:
        return {"trump": self.trump, "contract": self.contract, "net": self.net.as_dict(),
                "make": self.make.as_dict(), "points": self.points.as_dict()}


@dataclass(frozen=True)
class CallAdvice:
    """The call now (:mod:`analyzer.bidding.callmodel`): the ``best`` call, the ``next_best`` one and ``margin``
    (best minus next best, paired on the same deals, 95% interval); ``options``: every legal call judged
    (``allowed`` False: against the conventions or the risk); ``due``: the conventional bid owed (0:
    none); ``binds``: the conventions bind (a seat after me could read my call); ``last_turn``; the
    calls so far and the standing bid."""

    best: CallFigures
    next_best: CallFigures | None
    margin: Estimate | None
    options: list[CallFigures]
    due: int
    binds: bool
    last_turn: bool
    calls: tuple[str, ...]
    high: int | None
    min_bid: int
    to_act: tuple[int, ...]
    convention: ConventionFigures | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"convention": self.convention.as_dict() if self.convention else None,
                "call": self.best.label, "bid": self.best.bid, "figures": self.best.as_dict(),
                "next_best": self.next_best.as_dict() if self.next_best else None,
                "margin_over_next_best": self.margin.as_dict() if self.margin else None,
                "conventional_bid_due": self.due or None, "conventions_bind": self.binds,
                "last_turn": self.last_turn, "calls_so_far": list(self.calls), "standing_bid": self.high,
                "lowest_legal_bid": self.min_bid, "seats_still_to_call": list(self.to_act),
                "options": [o.as_dict() for o in self.options]}


@dataclass(frozen=True)
class CeilingFigures:
    """How high I may go on a later turn: the highest bid that beats passing where it wins (``bid``
    None: none), with ``trump``, its chance of winning the auction, of being made there and the paired
    gain over passing (``net``: my expected net there); ``by_trump`` per trump; ``later_turn``: whether I
    get another turn; ``partner_holds``: my partner took the bid over from me, so I bid again only once an opponent
    outbids my partner (None: the game has no partners); ``contested``: a seat still calls after me (else my bid
    wins the auction as it stands, and no ceiling is needed)."""

    bid: int | None
    trump: str | None
    win: Proportion | None
    make: Proportion | None
    net: Estimate | None
    gain: Estimate | None
    by_trump: dict[str, int | None]
    later_turn: bool
    partner_holds: bool | None = None
    contested: bool = True

    def as_dict(self) -> dict[str, Any]:
        opt = lambda e: e.as_dict() if e is not None else None  # noqa: E731
        return {"bid": self.bid, "trump": self.trump, "wins_auction": opt(self.win), "make_if_won": opt(self.make),
                "net_if_won": opt(self.net), "gain_over_pass": opt(self.gain), "by_trump": dict(self.by_trump),
                "later_turn": self.later_turn, "partner_holds": self.partner_holds, "contested": self.contested,
                "text": self.text()}

    def text(self) -> str:
        if not self.contested:
            return ("Ceiling: none needed: nobody calls after you, so your bid wins the auction as it stands; a higher "
                    "bid only raises what you must make.")
        if self.bid is None or self.trump is None:
            return "Ceiling: no bid beats passing where it wins the auction."
        later = "" if self.later_turn else " (you get no later turn in this auction)"
        when = ", should an opponent outbid your partner" if self.partner_holds else ""
        return (f"Ceiling{when}: you may go up to {self.bid} with {SUIT_NAMES[SUITS.index(self.trump)]}{later}; where "
                f"{self.bid} wins the auction ({self.win} of the deals) you make it {self.make.p:.0%} of the time "
                f"and gain {self.gain.mean:+.1f} over passing (95% {self.gain.lo:+.1f} to {self.gain.hi:+.1f}).")


@dataclass(frozen=True)
class Recommendation:
    """The advice: ``action`` is ``bid`` (call ``bid`` now; ``trump`` is the trump to name if it wins),
    ``pass``, ``trump`` (the auction is won: name ``trump``), ``play`` (two-handed: no bidding) or ``too-few``
    (too few deals to advise: no call is made; ``text`` says what to raise); with the figures behind it."""

    action: str
    trump: str
    bid: int | None
    make: Proportion | None  # bid: the chance to make my contract where I end up declaring
    net: Estimate | None  # the expected net score of the call (two-handed: the score difference)
    gain: Estimate | None  # the call minus the next-best call, paired
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "action": self.action, "trump": self.trump, "bid": self.bid,
            "make": self.make.as_dict() if self.make else None, "net": self.net.as_dict() if self.net else None,
            "gain_over_next_best": self.gain.as_dict() if self.gain else None, "text": self.text,
        }


@dataclass(frozen=True)
class PlayAnalysis:
    """Every figure of one play mode (``heuristic`` or ``dd``)."""

    play: str
    policy: str
    trumps: list[TrumpFigures]
    levels: dict[str, list[LevelFigures]]
    passing: PassFigures | None
    recommendation: Recommendation
    two_handed: dict[str, Any] | None = None
    call: CallAdvice | None = None
    ceiling: CeilingFigures | None = None
    choice: Any = field(default=None, repr=False, compare=False)  # the call model's arrays (CallChoice)
    game: Any = None  # the figures for the game (--score: analyzer.advisor.gamefigures.GameFigures)

    def as_dict(self) -> dict[str, Any]:
        return {
            "play": self.play,
            "policy": self.policy,
            "trumps": [t.as_dict() for t in self.trumps],
            "levels": {t: [lv.as_dict() for lv in lvs] for t, lvs in self.levels.items()},
            "passing": self.passing.as_dict() if self.passing else None,
            "call": self.call.as_dict() if self.call else None,
            "ceiling": self.ceiling.as_dict() if self.ceiling else None,
            "recommendation": self.recommendation.as_dict(),
            **({"score": self.two_handed} if self.two_handed is not None else {}),
            **({"game": self.game.as_dict()} if self.game is not None else {}),
        }


@dataclass(frozen=True)
class Advice:
    """The advisor's answer (:func:`analyzer.advisor.advise.advise`): the request, one :class:`PlayAnalysis`
    per play mode (none when the auction is won: ``named`` has the trump figures), the simulation, how the
    deals meet the calls so far (``conditioning``) and how many deals were dealt for the ones kept."""

    request: Any  # analyzer.advisor.request.BidRequest
    analyses: list[PlayAnalysis]
    simulation: Simulation | None
    notes: list[str] = field(default_factory=list)
    dd_check: DDCheck | None = None
    conditioning: Any = None  # analyzer.advisor.study.Conditioning
    named: list[NamedTrump] | None = None
    rec: Recommendation | None = None  # the answer when no play analysis holds it (naming trump, two-handed)
    two_hand: Any = None  # analyzer.twohand.analysis.HandAnalysis

    rules = property(lambda self: self.request.rules)
    hand = property(lambda self: self.request.hand)
    seat = property(lambda self: self.request.seat)
    dealer = property(lambda self: self.request.dealer)
    seed = property(lambda self: self.request.seed)
    risk = property(lambda self: self.request.risk)

    @property
    def samples(self) -> int:
        return self.simulation.samples if self.simulation is not None else self.request.samples

    @property
    def recommendation(self) -> Recommendation:
        """The recommendation of the first play mode (naming trump: the trump's)."""
        if self.rec is not None:
            return self.rec
        return self.analyses[0].recommendation

    @property
    def call(self) -> int | None:
        """The call now (None: pass); ValueError when there is none to make (too few deals, two-handed,
        naming trump)."""
        rec = self.recommendation
        if rec.action not in ("bid", "pass"):
            raise ValueError(f"no call: the advice is {rec.action!r}")
        return rec.bid if rec.action == "bid" else None

    @property
    def kept(self) -> int:
        return len(self.simulation.deals) if self.simulation is not None else 0

    @property
    def tried(self) -> int:
        return int(self.simulation.deals.tries) if self.simulation is not None else 0

    def summary(self) -> str | None:
        """One line: how many sampled deals the calls' clues kept (None without calls)."""
        req = self.request
        if not req.calls:
            return None
        cond = self.conditioning
        how = "" if cond is None or cond.relaxed is None else f" ({cond.relaxed})"
        return (f"Auction {' '.join(str(c) for c in req.calls)}: {self.kept} sampled deals kept of "
                f"{self.tried} dealt ({self.kept / max(self.tried, 1):.1%}) by its clues{how}")

    def as_dict(self) -> dict[str, Any]:
        if self.two_hand is not None:
            d = self.two_hand.as_dict()
            return {**d, "notes": list(self.notes) + list(d.get("notes", []))}
        from analyzer.play import POLICY_VERSION

        sim, req = self.simulation, self.request
        first = self.analyses[0] if self.analyses else None
        d = {
            "rules": self.rules.id,
            "options": {k: v for k, v in self.rules.options.items()},
            "hand": self.hand.names(),
            "seat": self.seat,
            "dealer": self.dealer,
            "samples": self.samples,
            "seed": self.seed,
            "risk": self.risk,
            "play": req.play,
            "policy_version": POLICY_VERSION,
            "constraints": [c.describe() for c in sim.constraints] if sim is not None else [],
            "acceptance": round(sim.deals.acceptance, 6) if sim is not None else None,
            "bid_levels": sorted({lv.bid for a in self.analyses for lvs in a.levels.values() for lv in lvs}),
            "recommendation": self.recommendation.as_dict(),
            "call": first.call.as_dict() if first is not None and first.call else None,
            "ceiling": first.ceiling.as_dict() if first is not None and first.ceiling else None,
            "analyses": [a.as_dict() for a in self.analyses],
            "name_trump": [x.as_dict() for x in self.named] if self.named is not None else None,
            "double_dummy": self.dd_check.as_dict() if self.dd_check is not None else None,
            "notes": list(self.notes),
        }
        if req.calls is not None:
            from analyzer.bidding.auction import replay

            rec = self.recommendation
            cond = self.conditioning
            a = replay(req.rules, req.dealer, list(req.calls))
            d["auction"] = {
                "calls": [str(c) for c in req.calls], "high": a.high, "high_seat": a.high_seat,
                "min_bid": None if a.done else a.min_bid, "passed": sorted(a.passed),
                "clues": list(cond.clues) if cond else [],
                "conditioning": cond.as_dict() if cond else None, "kept": self.kept, "tried": self.tried,
                "acceptance": round(self.kept / max(self.tried, 1), 6), "action": rec.action, "bid": rec.bid,
                "text": rec.text,
            }
        return d
