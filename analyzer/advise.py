"""The bidding advisor: what a hand is worth under each trump, how high to bid, or whether to pass.

:func:`advise` samples deals around the hand (:mod:`analyzer.deal`), plays every deal under every trump
with me declaring (:mod:`analyzer.simulate`), and scores each deal at every bid level with the rule
set's scoring (:func:`analyzer.score.score_hand`: Luxury Family alone, partnerships as a side, double
deck's 20 meld / 20 trick points, the bid steps of ``rules.bid_levels()``).

The comparison is by **net score**: my score minus the opponents' (partnerships: my side's score minus
the other side's; Luxury Family: mine minus the mean of the other two players'; two-handed: mine minus
the opponent's). For every trump and bid level it reports the chance of making the bid and the
expected net score if I declare at that bid, over all deals and over the deals where the bid wins
the auction.

**Passing and defending** is modelled explicitly, on the same sampled deals, by one rule for how the
other seats bid:

* Every other seat (my partner included, in partnership games) looks at its own hand only: its best
  trump is the suit giving it the most meld, and its *reach* is its own meld in that trump plus a fair
  share of the trick points (the total trick points times its side's share of the seats, converted in
  Luxury Family, rounded down: 12 in auction, 25 in double deck, 100 in Luxury Family). It bids up to
  its reach.
* If I pass, the seat with the highest reach declares its best trump at the **opening bid** (the lowest
  bid; the first in bidding order from the dealer's left wins ties), if its reach is at least the
  opening bid. It leads as the rule set says; the hand is played with the same play mode and scored by
  the rules. If no other seat reaches the opening bid the deal is thrown in (score 0 for all) — except
  in double deck, where the dealer must play at the opening bid of 50 (his best trump; that may be me).
  There the dealer holds the opening bid, so the other seats' bids start one above it.
* My bid ``b`` *wins the auction* on the deals where no opponent's reach is ``b`` or more (my partner
  does not bid against me). "If it wins the auction" means on those deals.

The recommendation names the trump and the **highest bid** ``b`` that beats passing where it wins: on
the deals where ``b`` wins the auction, the expected net score of declaring at ``b`` (with the best
trump there) exceeds that of passing on the same deals (paired), and the chance of making ``b`` on
those deals is at least ``risk`` (default 0: expected value alone). A level needs
:data:`MIN_WON_DEALS` such deals to be judged. If no bid qualifies the advice is to pass. The figures
that support it (chances, expected scores, the paired difference with its 95% interval) come with it.

Two-handed has no bidding: the upcard names trump, and the advisor reports the hand's meld, the
expected trick points and the expected score difference under that trump. Phase 1 (the stock, melding
between tricks) is not modelled yet: the 12-card hands are played with phase-2 rules.

**Double dummy** (``plays``): ``"playout"`` plays the sampled deals with the heuristic policy;
``"dd"`` with best play by everyone, all hands open (:mod:`analyzer.solve`; one optimal line per
deal is scored like a playout). Solving is slow (a full auction deal ~1 s median on one core,
double deck and Luxury Family mostly beyond 20 M nodes), so:

* ``"both"`` runs the whole heuristic analysis on ``samples`` deals, then a **double-dummy check** on
  the first ``dd_samples`` of the same deals for the ``dd_trumps`` best trumps of the heuristic
  analysis (the recommended one first): per trump the double-dummy and heuristic trick points on the
  deals the solver finished within ``dd_max_nodes`` nodes, and their paired difference (dd minus
  heuristic) with a 95% interval (Student t: the samples are small). Deals not solved within the
  budget are left out of the check and counted (they are the harder ones, so the check leans to
  easier deals). Defaults (:data:`DD_CHECK`): auction 6 deals, the recommended trump, 10 M nodes
  each -- 1-5 s of the 4-8 s the default ``pinochle bid`` takes on 2 cores (measured); double deck
  and Luxury Family 4 deals, 5 M nodes (few of their deals finish: the check says how many did). The
  command line runs ``both`` by default for auction only (:func:`default_plays`).
* ``"dd"`` alone runs the whole analysis (every trump, passing, bid levels) double-dummy on the
  first ``dd_samples`` deals (default :data:`DD_ONLY_SAMPLES`: auction 50, minutes; others 10).
  Deals not solved within the budget are played by the heuristic policy instead and counted in a
  note.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from analyzer.cards import SUIT_NAMES, SUITS, Hand, parse_card
from analyzer.deal import Accept, Constraint
from analyzer.errors import UserError
from analyzer.rules.model import RuleSet
from analyzer.score import convert_points, declarer_made, score_hand
from analyzer.simulate import Simulation, bid_class, simulate
from analyzer.stats import Estimate, Proportion, mean_ci, paired_diff, proportion

#: default number of sampled deals (about a second of play on 2 cores once compiled)
DEFAULT_SAMPLES = 4000


@dataclass(frozen=True)
class DDSettings:
    """Double-dummy check defaults of one rule set: deals solved, trumps checked, node budget a solve."""

    samples: int
    trumps: int
    max_nodes: int


#: the double-dummy check of ``plays="both"`` per rule set (auction measured: 6 deals of one trump take
#: 1-5 s on 2 cores, a fifth to a third of them past 10 M nodes); other rule sets: :data:`DD_CHECK_OTHER`
DD_CHECK = {"auction": DDSettings(6, 1, 10_000_000)}
DD_CHECK_OTHER = DDSettings(4, 1, 5_000_000)
#: deals of a double-dummy-only analysis (``plays="dd"``: every trump, every bid class and the passing
#: scenario solved), per rule set; others :data:`DD_ONLY_SAMPLES_OTHER` (their deals mostly run out of nodes
#: and are played heuristically, which the notes count)
DD_ONLY_SAMPLES = {"auction": 50}
DD_ONLY_SAMPLES_OTHER = 10
#: rule sets whose default ``pinochle bid`` includes the double-dummy check (the others: too slow)
DD_BY_DEFAULT = ("auction",)
#: a bid level is judged only when it wins the auction on at least this many sampled deals
MIN_WON_DEALS = 30
PHASE1_NOTE = (
    "two-handed phase 1 (the stock, melding between tricks) is not modelled yet: "
    "the 12-card hands are played with phase-2 rules (follow, trump, head)"
)


# ---- the passing model ---------------------------------------------------------------------------------
def fair_share(rules: RuleSet, seat: int) -> int:
    """Trick points a seat's side can count on without looking: total points x side seats / seats."""
    side = len(rules.sides[rules.side_of(seat)])
    raw = rules.total_points * side // rules.seats
    return int(convert_points(rules, np.array([raw]))[0])


def seat_reach(rules: RuleSet, meld: np.ndarray) -> np.ndarray:
    """int64[n, seats]: how high each seat bids on its own hand: best meld + its fair share of tricks."""
    share = np.array([fair_share(rules, s) for s in range(rules.seats)], dtype=np.int64)
    return meld.max(axis=2).astype(np.int64) + share[None, :]


def opponents_reach(rules: RuleSet, meld: np.ndarray, seat: int) -> np.ndarray:
    """int64[n]: the highest reach among my opponents (a bid of mine wins the auction below it)."""
    mine = set(rules.sides[rules.side_of(seat)])
    opp = [s for s in range(rules.seats) if s not in mine]
    return seat_reach(rules, meld)[:, opp].max(axis=1)


def pass_contracts(rules: RuleSet, meld: np.ndarray, seat: int, dealer: int
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Who declares, with which trump and at which bid, on each deal when I pass (module docstring).

    ``meld`` int32[n, seats, 4]: every seat's meld for each trump. Returns int64[n] arrays declarer
    (-1: thrown in), trump (-1 when thrown in) and bid.
    """
    n, seats = meld.shape[0], rules.seats
    levels = rules.bid_levels()
    opening = levels[0] if levels else 0
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    others = [s for s in order if s != seat]
    best_trump = meld.argmax(axis=2)
    reach = seat_reach(rules, meld)[:, others]
    pick = reach.argmax(axis=1)  # the first maximum: the earliest in bidding order
    declarer = np.array(others, dtype=np.int64)[pick]
    bids = reach.max(axis=1) >= opening
    if rules.bidding.get("all_pass") == "dealer":
        declarer = np.where(bids, declarer, dealer)
    else:
        declarer = np.where(bids, declarer, -1)
    trump = np.where(declarer >= 0, best_trump[np.arange(n), np.maximum(declarer, 0)], -1)
    return declarer, trump.astype(np.int64), np.full(n, opening, dtype=np.int64)


# ---- results ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DDTrump:
    """The double-dummy check of one trump: on the first ``deals`` sampled deals, the ``solved`` ones
    (finished within the node budget) give the declaring side's trick points with heuristic play and
    double-dummy, and their paired difference ``gap`` = dd - heuristic (95% Student t interval); the
    estimates are None when no deal was solved."""

    trump: str
    deals: int
    solved: int
    heuristic: Estimate | None
    dd: Estimate | None
    gap: Estimate | None

    def gap_dict(self) -> dict[str, Any]:
        g: dict[str, Any] = self.gap.as_dict() if self.gap is not None else {"mean": None, "lo": None, "hi": None,
                                                                             "n": 0}
        return {**g, "deals": self.deals, "solved": self.solved}

    def as_dict(self) -> dict[str, Any]:
        opt = lambda e: e.as_dict() if e is not None else None  # noqa: E731
        return {"trump": self.trump, "deals": self.deals, "solved": self.solved,
                "heuristic_trick_points": opt(self.heuristic), "dd_trick_points": opt(self.dd),
                "gap": opt(self.gap)}


@dataclass(frozen=True)
class DDCheck:
    """Double dummy against the heuristic playout on the first ``samples`` deals (``plays="both"``)."""

    samples: int
    max_nodes: int
    trumps: list[DDTrump]

    def as_dict(self) -> dict[str, Any]:
        return {"samples": self.samples, "max_nodes": self.max_nodes,
                "measure": "the declaring side's trick points, double dummy minus heuristic play, paired on the "
                           "same deals; deals not solved within max_nodes are left out",
                "trumps": [t.as_dict() for t in self.trumps]}


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
    auction (``win``: their share): ``make_won``, ``ours``, ``theirs``, ``net_won``, ``pass_won`` (the
    net score of passing on those deals) and ``gain`` (paired: declaring minus passing); None when the
    bid wins on fewer than :data:`MIN_WON_DEALS` deals.
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


@dataclass(frozen=True)
class PassFigures:
    """What passing gives on the same deals: who declares and the expected scores."""

    partner: Proportion | None  # my partner declares
    opponents: Proportion  # an opponent declares
    me: Proportion  # I must play anyway (double deck's dealer at 50)
    thrown_in: Proportion
    ours: Estimate
    theirs: Estimate
    net: Estimate

    def as_dict(self) -> dict[str, Any]:
        return {
            "model": "the other seat with the most meld declares its best trump at the opening bid",
            "partner_declares": self.partner.as_dict() if self.partner else None,
            "opponent_declares": self.opponents.as_dict(),
            "i_declare": self.me.as_dict(),
            "thrown_in": self.thrown_in.as_dict(),
            "ours": self.ours.as_dict(), "theirs": self.theirs.as_dict(), "net": self.net.as_dict(),
        }


@dataclass(frozen=True)
class Recommendation:
    """The advice: ``action`` is ``bid`` (up to ``bid``, naming ``trump``), ``pass`` or ``play``
    (two-handed: no bidding); with the figures behind it."""

    action: str
    trump: str
    bid: int | None
    make: Proportion | None  # the chance to make the bid (pass: the opening) where it wins the auction
    net: Estimate  # bid: the net score declaring where it wins; pass: the net score of passing
    gain: Estimate | None  # declaring minus passing on those deals (pass: at the lowest judged bid)
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "action": self.action, "trump": self.trump, "bid": self.bid,
            "make": self.make.as_dict() if self.make else None, "net": self.net.as_dict(),
            "gain_over_pass": self.gain.as_dict() if self.gain else None, "text": self.text,
        }


@dataclass(frozen=True)
class PlayAnalysis:
    """Every figure of one play mode (``playout`` or ``dd``)."""

    play: str
    policy: str
    trumps: list[TrumpFigures]
    levels: dict[str, list[LevelFigures]]
    passing: PassFigures | None
    recommendation: Recommendation
    two_handed: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "play": self.play,
            "policy": self.policy,
            "trumps": [t.as_dict() for t in self.trumps],
            "levels": {t: [lv.as_dict() for lv in lvs] for t, lvs in self.levels.items()},
            "passing": self.passing.as_dict() if self.passing else None,
            "recommendation": self.recommendation.as_dict(),
            **({"score": self.two_handed} if self.two_handed is not None else {}),
        }


@dataclass(frozen=True)
class Advice:
    """The advisor's answer: the inputs, one :class:`PlayAnalysis` per play mode, and the simulation."""

    rules: RuleSet
    hand: Hand
    seat: int
    dealer: int
    samples: int
    seed: int
    risk: float
    analyses: list[PlayAnalysis]
    simulation: Simulation
    notes: list[str] = field(default_factory=list)
    dd_check: DDCheck | None = None

    @property
    def recommendation(self) -> Recommendation:
        """The recommendation of the first play mode."""
        return self.analyses[0].recommendation

    def as_dict(self) -> dict[str, Any]:
        from analyzer.play import POLICY_VERSION

        sim = self.simulation
        return {
            "rules": self.rules.id,
            "options": {k: v for k, v in self.rules.options.items()},
            "hand": self.hand.names(),
            "seat": self.seat,
            "dealer": self.dealer,
            "samples": self.samples,
            "seed": self.seed,
            "risk": self.risk,
            "policy_version": POLICY_VERSION,
            "constraints": [c.describe() for c in sim.constraints],
            "acceptance": round(sim.deals.acceptance, 6),
            "bid_levels": sorted({lv.bid for a in self.analyses for lvs in a.levels.values() for lv in lvs}),
            "recommendation": self.recommendation.as_dict(),
            "analyses": [a.as_dict() for a in self.analyses],
            "double_dummy": self.dd_check.as_dict() if self.dd_check is not None else None,
            "notes": list(self.notes),
        }


# ---- scoring helpers ---------------------------------------------------------------------------------------
def net_scores(rules: RuleSet, scores: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """(ours, theirs) per deal from every seat's score int[n, seats] (see the module docstring)."""
    ours = scores[:, seat].astype(np.float64)
    mine = set(rules.sides[rules.side_of(seat)])
    if rules.has_partners:
        other = next(s for s in range(rules.seats) if s not in mine)
        theirs = scores[:, other].astype(np.float64)
    else:
        theirs = scores[:, [s for s in range(rules.seats) if s != seat]].mean(axis=1)
    return ours, theirs


def _pass_scores(sim: Simulation, play: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(declarer, ours, theirs) per deal (ordered by deal) when I pass."""
    rs = sim.rules
    rows = sim.rows("pass", play)
    meld, pts, trk = sim.seat_arrays(rows)
    decl = rows["declarer"].to_numpy().astype(np.int64)
    bid = rows["bid"].to_numpy().astype(np.int64)
    scores = np.zeros((len(rows), rs.seats), dtype=np.int64)
    for d in np.unique(decl):
        if d < 0:
            continue  # thrown in: nobody scores
        sel = decl == d
        scores[sel] = score_hand(rs, meld[sel], pts[sel], trk[sel], int(d), bid[sel])
    ours, theirs = net_scores(rs, scores, sim.seat)
    return decl, ours, theirs


def _passing(sim: Simulation, decl: np.ndarray, ours: np.ndarray, theirs: np.ndarray) -> PassFigures:
    rs = sim.rules
    partners = rs.partners(sim.seat)
    return PassFigures(
        partner=proportion(np.isin(decl, partners)) if partners else None,
        opponents=proportion((decl >= 0) & (decl != sim.seat) & ~np.isin(decl, partners)),
        me=proportion(decl == sim.seat),
        thrown_in=proportion(decl < 0),
        ours=mean_ci(ours),
        theirs=mean_ci(theirs),
        net=mean_ci(ours - theirs),
    )


def _trump_figures(sim: Simulation, play: str, t: int, max_bid: int | None) -> TrumpFigures:
    rows = sim.rows("declare", play, t, sim.bids[-1])
    col = lambda c: rows[c].to_numpy()  # noqa: E731
    partner = mean_ci(col("partner_meld")) if sim.rules.has_partners else None
    return TrumpFigures(
        trump=SUITS[t],
        own_meld=int(col("own_meld")[0]),
        partner_meld=partner,
        side_meld=mean_ci(col("side_meld")),
        card_points=mean_ci(col("side_points")),
        trick_points=mean_ci(col("side_trick_points")),
        total=mean_ci(col("side_meld") + col("side_trick_points")),
        opp_meld=mean_ci(col("opp_meld")),
        opp_trick_points=mean_ci(col("opp_trick_points")),
        max_bid=max_bid,
    )


def bid_levels_for(rules: RuleSet, seat: int, dealer: int, upto: int | None = None) -> list[int]:
    """The bids open to ``seat`` (up to ``upto``, the most the hand could score), less the opening bid
    the dealer holds (double deck: only the dealer can end up playing at 50)."""
    levels = rules.bid_levels(upto)
    if rules.bidding.get("dealer_holds", False) and seat != dealer:
        return levels[1:]
    return levels


def _levels(sim: Simulation, play: str, t: int, pass_net: np.ndarray, opp_reach: np.ndarray,
            upto: int | None = None) -> list[LevelFigures]:
    rs = sim.rules
    out = []
    cache: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for b in bid_levels_for(rs, sim.seat, sim.dealer, upto):
        cls = bid_class(rs, b)
        if cls not in cache:
            cache[cls] = sim.seat_arrays(sim.rows("declare", play, t, cls))
        meld, pts, trk = cache[cls]
        scores = score_hand(rs, meld, pts, trk, sim.seat, b)
        made = declarer_made(rs, meld, pts, trk, sim.seat, b)
        ours, theirs = net_scores(rs, scores, sim.seat)
        net = ours - theirs
        won = opp_reach < b
        base = dict(bid=b, make=proportion(made), net=mean_ci(net), win=proportion(won))
        if int(won.sum()) < MIN_WON_DEALS:
            out.append(LevelFigures(**base, make_won=None, ours=None, theirs=None, net_won=None, pass_won=None,
                                    gain=None))
            continue
        out.append(LevelFigures(
            **base, make_won=proportion(made[won]), ours=mean_ci(ours[won]), theirs=mean_ci(theirs[won]),
            net_won=mean_ci(net[won]), pass_won=mean_ci(pass_net[won]), gain=paired_diff(net[won], pass_net[won]),
        ))
    return out


def _recommend(levels: dict[str, list[LevelFigures]], risk: float, best_total: str, pass_net: Estimate
               ) -> tuple[Recommendation, dict[str, int | None]]:
    max_bid: dict[str, int | None] = {}
    for t, lvs in levels.items():
        ok = [lv.bid for lv in lvs if lv.gain is not None and lv.gain.mean > 0 and lv.make_won.p >= risk]
        max_bid[t] = max(ok) if ok else None
    cands = [(b, t) for t, b in max_bid.items() if b is not None]
    if not cands:
        judged = [lv for lv in levels[best_total] if lv.gain is not None]
        if judged:
            lv = judged[0]
            why = (f"where bidding {lv.bid} in {SUIT_NAMES[SUITS.index(best_total)]} wins the auction "
                   f"({lv.win} of the deals) it nets {lv.net_won.mean:+.1f} on average, passing "
                   f"{lv.pass_won.mean:+.1f} (gain {lv.gain.mean:+.1f}, 95% {lv.gain.lo:+.1f} to "
                   f"{lv.gain.hi:+.1f})")
            if risk > 0 and lv.gain.mean > 0:
                why = f"no bid is made {risk:.0%} of the time where it wins the auction; " + why
            return Recommendation("pass", best_total, None, lv.make_won, pass_net, lv.gain,
                                  f"Pass: {why}."), max_bid
        n = levels[best_total][0].win.n if levels[best_total] else 0
        return Recommendation("pass", best_total, None, None, pass_net, None,
                              f"Pass: no bid wins the auction on enough of the {n} sampled deals to be judged "
                              f"(at least {MIN_WON_DEALS}): the opponents' hands outbid every level, or too few "
                              "deals were played."), max_bid
    top = max(b for b, _ in cands)
    at = {t: next(lv for lv in levels[t] if lv.bid == top) for b, t in cands if b >= top}
    trump = max(at, key=lambda t: at[t].net_won.mean)
    lv = at[trump]
    ceiling = " (the highest level considered)" if top == levels[trump][-1].bid else ""
    text = (
        f"Bid up to {top}{ceiling} and name {SUIT_NAMES[SUITS.index(trump)]} ({trump}). Where {top} wins the "
        f"auction ({lv.win} of the deals) you make it {lv.make_won.p:.0%} of the time (95% "
        f"{lv.make_won.lo:.0%}-{lv.make_won.hi:.0%}) and net {lv.net_won.mean:+.1f} on average, against "
        f"{lv.pass_won.mean:+.1f} for passing on the same deals (gain {lv.gain.mean:+.1f}, 95% "
        f"{lv.gain.lo:+.1f} to {lv.gain.hi:+.1f})."
    )
    return Recommendation("bid", trump, top, lv.make_won, lv.net_won, lv.gain, text), max_bid


def _highest_reach(sim: Simulation, play: str) -> int:
    """The most the declaring side reaches (meld + trick points) on any sampled deal and trump: bids
    above it can never be made, so the advisor's levels stop there (and never below the rule set's
    default number of levels)."""
    rows = sim.rows("declare", play)
    if rows.height == 0:
        return sim.rules.bid_levels()[-1]
    reach = int((rows["side_meld"] + rows["side_trick_points"]).max())
    return max(reach, sim.rules.bid_levels()[-1])


def _analyse_bidding(sim: Simulation, play: str, risk: float) -> PlayAnalysis:
    decl, p_ours, p_theirs = _pass_scores(sim, play)
    pass_fig = _passing(sim, decl, p_ours, p_theirs)
    pass_net = p_ours - p_theirs
    opp = opponents_reach(sim.rules, sim.meld, sim.seat)
    upto = _highest_reach(sim, play)
    levels = {SUITS[t]: _levels(sim, play, t, pass_net, opp, upto) for t in sim.trumps}
    pre = [_trump_figures(sim, play, t, None) for t in sim.trumps]
    best_total = max(pre, key=lambda f: f.total.mean).trump
    rec, max_bid = _recommend(levels, risk, best_total, pass_fig.net)
    trumps = [replace(f, max_bid=max_bid[f.trump]) for f in pre]
    policy = sim.policy if play == "playout" else play
    return PlayAnalysis(play, policy, trumps, levels, pass_fig, rec)


def _analyse_two_handed(sim: Simulation, play: str) -> PlayAnalysis:
    rs = sim.rules
    t = sim.trumps[0]
    rows = sim.rows("declare", play, t)
    meld, pts, trk = sim.seat_arrays(rows)
    scores = score_hand(rs, meld, pts, trk, -1, 0)
    ours, theirs = net_scores(rs, scores, sim.seat)
    fig = _trump_figures(sim, play, t, None)
    diff = paired_diff(ours, theirs)
    win = proportion(ours > theirs)
    text = (
        f"Trump {SUIT_NAMES[t]} ({SUITS[t]}): your meld {fig.own_meld}, expected trick points "
        f"{fig.trick_points.mean:.1f} (95% {fig.trick_points.lo:.1f}-{fig.trick_points.hi:.1f}); expected score "
        f"{diff.mean:+.1f} against the opponent (95% {diff.lo:+.1f} to {diff.hi:+.1f})."
    )
    rec = Recommendation("play", SUITS[t], None, None, diff, None, text)
    extra = {"ours": mean_ci(ours).as_dict(), "theirs": mean_ci(theirs).as_dict(), "difference": diff.as_dict(),
             "more_than_opponent": win.as_dict()}
    policy = sim.policy if play == "playout" else play
    return PlayAnalysis(play, policy, [fig], {}, None, rec, two_handed=extra)


def default_plays(rules: RuleSet) -> tuple[str, str | None]:
    """The play modes of a ``pinochle bid`` without ``--play``, and a note when double dummy is left
    out: ``both`` (heuristic analysis plus the double-dummy check) for :data:`DD_BY_DEFAULT`, else
    ``playout`` -- a double deck or Luxury Family deal rarely solves within 20 M nodes (~3 s)."""
    if rules.id in DD_BY_DEFAULT or not rules.has_bidding:
        return ("both" if rules.id in DD_BY_DEFAULT else "playout"), None
    d = DD_CHECK.get(rules.id, DD_CHECK_OTHER)
    return "playout", (f"double-dummy figures are off by default for {rules.id} (few of its deals solve within "
                       f"millions of nodes): --play both adds a check on {d.samples} deals "
                       f"(--dd-samples, --dd-max-nodes), --play dd a double-dummy analysis")


_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def _student(e: Estimate) -> Estimate:
    """``e`` with its 95% interval from Student's t (n - 1 degrees of freedom) instead of the normal."""
    if e.n < 2:
        return e
    t = _T975[e.n - 2] if e.n - 1 <= len(_T975) else 1.96 + 2.4 / (e.n - 1)
    return replace(e, lo=e.mean - t * e.se, hi=e.mean + t * e.se)


def _dd_check(sim: Simulation, base: PlayAnalysis, samples: int, ntrumps: int, max_nodes: int
              ) -> tuple[Simulation, DDCheck]:
    """Solve the first ``samples`` deals double-dummy for the ``ntrumps`` best trumps of ``base`` (the
    recommended one, then by expected total) and compare with ``base``'s play on the same deals."""
    import polars as pl

    from analyzer.simulate import add_play

    k = min(samples, sim.samples)
    rec = base.recommendation.trump
    order = [rec] + [f.trump for f in sorted(base.trumps, key=lambda f: -f.total.mean) if f.trump != rec]
    ts = [SUITS.index(t) for t in order[:max(1, ntrumps)]]
    b = sim.bids[-1]  # the bid class of the trump table (_trump_figures)
    sim = add_play(sim, "dd", samples=k, trumps=ts, bids=[b], dd_max_nodes=max_nodes)
    out = []
    for t in ts:
        dd = sim.rows("declare", "dd", t, b).select("deal", "exact", pl.col("side_trick_points").alias("dd"))
        h = sim.rows("declare", base.play, t, b).select("deal", pl.col("side_trick_points").alias("h"))
        j = dd.join(h, on="deal", how="inner").filter(pl.col("exact")).sort("deal")
        n = j.height
        x, y = j["dd"].to_numpy(), j["h"].to_numpy()
        out.append(DDTrump(
            trump=SUITS[t], deals=dd.height, solved=n,
            heuristic=_student(mean_ci(y)) if n else None, dd=_student(mean_ci(x)) if n else None,
            gap=_student(paired_diff(x, y)) if n else None,
        ))
    return sim, DDCheck(k, int(max_nodes), out)


def advise(
    rules: RuleSet,
    hand: Hand | str | Iterable[str],
    *,
    seat: int = 1,
    dealer: int = 0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    risk: float = 0.0,
    plays: str | Sequence[str] = "playout",
    policy: str = "v1",
    upcard: str | None = None,
    known: Mapping[int, Hand | str | Iterable[str]] | None = None,
    stock_cards: str | None = None,
    constraints: Sequence[Constraint | str] = (),
    accept: Accept | None = None,
    progress: bool = False,
    dd_samples: int | None = None,
    dd_trumps: int | None = None,
    dd_max_nodes: int | None = None,
) -> Advice:
    """Advice for ``hand`` at ``seat`` (``dealer`` deals): trump and bid, or pass (module docstring).

    ``risk``: the least chance of making a recommended bid (0..1). ``plays``: ``playout``, ``dd`` or
    ``both`` (module docstring: ``both`` is the heuristic analysis plus a double-dummy check of
    ``dd_samples`` deals and ``dd_trumps`` trumps; ``dd`` alone a double-dummy analysis of
    ``dd_samples`` deals; ``dd_max_nodes`` the node budget of a solve; defaults :data:`DD_CHECK`,
    :data:`DD_ONLY_SAMPLES`). ``upcard``: two-handed's turned-up card (names trump; it is in the
    stock, not in the opponent's hand). ``known``, ``stock_cards`` (known cards in no hand, besides the
    upcard), ``constraints``, ``accept``: see :func:`analyzer.deal.table`.
    """
    from analyzer.simulate import DD_MAX_NODES, parse_play_modes

    if not 0.0 <= risk <= 1.0:
        raise UserError(f"--risk is a chance between 0 and 1, not {risk}")
    if rules.reference:
        raise UserError(f"{rules.id} is the solver's reference rule set, not a pinochle game to bid")
    for name, v in (("--dd-samples", dd_samples), ("--dd-trumps", dd_trumps), ("--dd-max-nodes", dd_max_nodes)):
        if v is not None and v < 1:
            raise UserError(f"{name} must be at least 1, not {v}")
    if dd_trumps is not None and dd_trumps > 4:
        raise UserError(f"--dd-trumps is a number of trumps 1..4, not {dd_trumps}")
    modes = parse_play_modes(plays)
    check = DD_CHECK.get(rules.id, DD_CHECK_OTHER)
    dd_only = "dd" in modes and len(modes) == 1
    notes: list[str] = []
    dd_check = None
    if rules.has_bidding:
        if upcard is not None:
            raise UserError(f"{rules.id} names trump by bidding: --upcard is for two-handed")
        run_modes = modes if dd_only else tuple(m for m in modes if m != "dd")
        n = min(samples, dd_samples or DD_ONLY_SAMPLES.get(rules.id, DD_ONLY_SAMPLES_OTHER)) if dd_only else samples
        nodes = dd_max_nodes or (DD_MAX_NODES if dd_only else check.max_nodes)
        sim = simulate(rules, hand, seat=seat, dealer=dealer, samples=n, seed=seed, plays=run_modes,
                       policy=policy, known=known, stock_cards=stock_cards, constraints=constraints,
                       accept=accept, pass_model=pass_contracts, progress=progress, dd_max_nodes=nodes)
        analyses = [_analyse_bidding(sim, p, risk) for p in sim.plays]
        if "dd" in modes and not dd_only:
            sim, dd_check = _dd_check(sim, analyses[0], dd_samples or check.samples, dd_trumps or check.trumps,
                                      nodes)
            by = {c.trump: c for c in dd_check.trumps}
            analyses[0] = replace(analyses[0], trumps=[replace(f, dd=by.get(f.trump)) for f in analyses[0].trumps])
            solved = sum(c.solved for c in dd_check.trumps)
            total = sum(c.deals for c in dd_check.trumps)
            notes.append(f"double-dummy check: the first {dd_check.samples} sampled deals, trump "
                         f"{', '.join(by)}, up to {nodes / 1e6:g} M nodes a deal; {solved} of {total} solved"
                         + (" (the others, the harder deals, are left out)" if solved < total else "")
                         + "; --dd-samples, --dd-trumps and --dd-max-nodes set them")
        if dd_only:
            f = sim.frame
            ex = f.filter((f["play"] == "dd") & f["trump"].is_not_null())["exact"]  # thrown-in deals are not played
            miss = int((~ex).sum())
            notes.append(f"double dummy on the first {n} sampled deals (--dd-samples), up to {nodes / 1e6:g} M "
                         f"nodes a solve: {ex.len() - miss} of {ex.len()} plays solved"
                         + (f"; the heuristic playout stands in for the other {miss}" if miss else ""))
        notes.append("the other seats bid up to their own best meld plus a fair share of the trick points; "
                     "if I pass, the highest of them declares its best trump at the opening bid "
                     f"{rules.bid_levels()[0]}; a bid of mine wins the auction where no opponent reaches it")
        samples = n
    else:
        if upcard is None:
            raise UserError(f"{rules.id} has no bidding: name trump with --upcard, e.g. --upcard 9H")
        trump = parse_card(upcard, rules.deck) // 16
        sim = simulate(rules, hand, seat=seat, dealer=dealer, samples=samples, seed=seed, trumps=[trump],
                       plays=plays, policy=policy, known=known,
                       stock_cards=f"{stock_cards or ''} {upcard}".strip(), constraints=constraints,
                       accept=accept, progress=progress, dd_max_nodes=dd_max_nodes)
        analyses = [_analyse_two_handed(sim, p) for p in sim.plays]
        notes.append(PHASE1_NOTE)
    return Advice(rules, sim.hand, seat, dealer, samples, int(seed), risk, analyses, sim, notes, dd_check)
