"""The bidding advisor: what a hand is worth under each trump, how high to bid, or whether to pass.

:func:`advise` answers one :class:`~analyzer.advisor.request.BidRequest` -- the one function behind
``pinochle bid``, the web page and the arena's advisor agent. It samples deals around the hand, conditioned on
the calls so far (:mod:`analyzer.advisor.study`), plays every deal under every trump with me declaring and
with every other seat declaring its own trump (:mod:`analyzer.montecarlo.simulate`), and scores each deal
with the rule set's scoring (:func:`analyzer.score.score_hand`).

The comparison is by **net score**: my score minus the opponents' (partnerships: my side's score minus
the other side's; Luxury Family: mine minus the mean of the other two players'; two-handed: mine minus
the opponent's).

**The call now and the ceiling** come from the call model (:mod:`analyzer.bidding.callmodel`): every legal
call -- pass and every legal bid -- is followed to the end of the auction on every deal and scored. The
call is the best of the calls the model allows; where a convention constrains it, the answer names the
convention and what keeping it costs against the best free call and against passing. Fewer than
:data:`MIN_DEALS` deals are too few: the answer says so and makes no call. When the auction is over and
I won it, the answer is the trump to name.

Two-handed has no bidding: the answer is the whole-hand analysis of :mod:`analyzer.twohand.analysis` (phase 1
with the stock by the policies, phase 2 by the solver or the heuristic players), the one model of that game.

**Double dummy** (the request's ``play``): ``heuristic`` plays the sampled deals with the heuristic
players; ``dd`` with best play by everyone, all hands open (:mod:`analyzer.solve`), on the first
``dd.samples`` deals; ``both`` the heuristic analysis plus a double-dummy check of the first ``dd.samples``
deals for the ``dd.trumps`` best trumps, paired (:mod:`analyzer.advisor.ddcheck`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from analyzer.advisor.ddcheck import dd_check, dd_make
from analyzer.advisor.figures import (
    Advice,
    CallAdvice,
    CallFigures,
    CeilingFigures,
    ConventionFigures,
    DDCheck,
    LevelFigures,
    NamedTrump,
    PassFigures,
    PlayAnalysis,
    Recommendation,
    TrumpFigures,
    all_pass_words,
)
from analyzer.advisor.gamefigures import GameFigures, game_figures
from analyzer.advisor.request import BidRequest
from analyzer.advisor.study import HEURISTIC, Conditioning, auction_state, outcomes, study
from analyzer.bidding.auction import Auction, AuctionState, Call, CallContext, replay
from analyzer.bidding.callmodel import (
    CallChoice,
    Ceiling,
    Outcomes,
    choose_call,
    conventions_bind,
    due_bid,
    due_is_forced,
)
from analyzer.bidding.gamecall import choose_for_game
from analyzer.bidding.inference import Convention, reads_by_conventions
from analyzer.cards import SUIT_NAMES, SUITS
from analyzer.estimate import Estimate, mean_ci, paired_diff, proportion
from analyzer.montecarlo.simulate import Simulation
from analyzer.play.modes import phase2_of
from analyzer.rules.model import RuleSet

#: the level tables show a level's figures where it wins only when it wins on at least this many deals
MIN_WON_DEALS = 30
#: fewer sampled deals than this are too few to advise a call (the answer says what to raise)
MIN_DEALS = 30
#: the ceiling judges a level on at least this many deals where it wins (and 5% of the deals: the call model's
#: MIN_WON_SHARE), whatever the figures shown; measured in the arena, where studies are small
MIN_WON_CEILING = 8


def bid_levels_for(rules: RuleSet, seat: int, dealer: int, upto: int | None = None) -> list[int]:
    """The bids open to ``seat`` (up to ``upto``, the most the hand could score), less the opening bid
    the dealer holds (double deck: only the dealer can end up playing at 50)."""
    levels = rules.bid_levels(upto)
    if rules.bidding.dealer_holds and seat != dealer:
        return levels[1:]
    return levels


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


def _level_figures(sim: Simulation, out: Outcomes, ceil: Ceiling, pass_net: np.ndarray, t: int) -> list[LevelFigures]:
    res = []
    for k, b in enumerate(ceil.bids):
        net, made, won = ceil.net[t, k], ceil.made[t, k], ceil.won[k]
        base = dict(bid=int(b), make=proportion(made), net=mean_ci(net), win=proportion(won))
        if int(won.sum()) < MIN_WON_DEALS:
            res.append(LevelFigures(**base, make_won=None, ours=None, theirs=None, net_won=None, pass_won=None,
                                    gain=None))
            continue
        theirs = -out.me_base[int(out.class_of(np.array([b]))[0]), t]
        res.append(LevelFigures(
            **base, make_won=proportion(made[won]), ours=mean_ci((net + theirs)[won]), theirs=mean_ci(theirs[won]),
            net_won=mean_ci(net[won]), pass_won=mean_ci(pass_net[won]), gain=paired_diff(net[won], pass_net[won]),
        ))
    return res


def _call_figures(sim: Simulation, ch: CallChoice, k: int) -> CallFigures:
    mine = ch.decl[k] == sim.seat
    return CallFigures(
        bid=ch.calls[k], net=mean_ci(ch.net[k]), declare=proportion(mine),
        make=proportion(ch.made[k][mine]) if mine.any() else None,
        trump=SUITS[int(ch.trump[k])] if mine.any() else None,
        contract=float(ch.contract[k][mine].mean()) if mine.any() else None, allowed=bool(ch.allowed[k]),
        ruled=ch.ruled[k] if ch.ruled else None, held=ch.state.held_if_pass if ch.calls[k] is None else None,
    )





def _convention(sim: Simulation, state: AuctionState, ch: CallChoice, out: Outcomes, req: BidRequest
                ) -> ConventionFigures | None:
    """The convention that constrains the call now, with its cost against the call the advisor would make
    if it called freely (the call model run again with the conventions off, on the same deals) and against
    passing (None: I call freely, no convention binds, or it rules out no call)."""
    if "convention" not in ch.ruled:
        return None
    cv = Convention.of(state.rules)
    if ch.due:
        ctx = CallContext(Call(state.me, ch.due), len(state.calls), state.high, state.holder, state.min_bid, 0, True)
        what = cv.meaning(ctx)
        text = (f"your hand owes the conventional bid {ch.due} ({what}); "
                + ("with a turn to come it is your call outright, free bids wait for that turn"
                   if due_is_forced(state, ch.due)
                   else "passing or a free bid below it would tell the table otherwise"))
    else:
        text = "conventional bid values are not bid freely (they would tell the table what your hand holds)"
    free = choose_call(state, out, sim.hand.planes, req.risk, MIN_WON_CEILING, req.raise_partner, "free")
    fk, best = free.best, ch.best
    same = free.calls[fk] == ch.calls[best]
    cost_free = None if same else paired_diff(ch.net[best], free.net[fk])
    cost_pass = paired_diff(ch.net[best], ch.net[0]) if best != 0 else None
    return ConventionFigures(text, ch.due, None if same else _call_figures(sim, free, fk), cost_free, cost_pass)


def _call_text(state: AuctionState, ch: CallChoice, best: CallFigures, nxt: CallFigures | None,
               margin: Estimate | None, conv: ConventionFigures | None) -> str:
    """The call now in words, with its figures against the next-best call."""
    if best.bid is None:
        head = "Pass" if best.held is None else (f"Pass: every other seat passed, so as the dealer you are held to "
                                                  f"{best.held} and play it (a bid above it only raises your contract)")
    else:
        head = f"Bid {best.bid}"
        if best.trump is not None:
            head += f" and name {SUIT_NAMES[SUITS.index(best.trump)]} ({best.trump}) if it holds"
    why = []
    if best.bid is not None and ch.due and best.bid == ch.due and conv is not None:
        why.append("the conventional bid your hand owes" + ("; free bids wait for your next turn"
                                                            if due_is_forced(state, ch.due) else ""))
    elif best.bid is None and ch.ruled and "partner-took-over" in ch.ruled:
        why.append("your partner took the bid over from you: partners do not take it back and forth")
    elif best.bid is not None and not state.to_act:
        why.append("nobody calls after you, so the lowest winning bid")
    elif best.bid is not None and state.turn_to_come:
        why.append(("the least raise within your ceiling; raise again on a later turn up to "
                    f"{ch.ceiling.bid}" if ch.ceiling.bid is not None else "the least raise")
                   + "; with turns to come the advisor raises by the least step, as jumps the model rates "
                   "higher lost in arena play")
    elif best.bid is not None and best.bid > state.min_bid and state.to_act:
        why.append("above the lowest legal bid to shut out the seats still to call")
    text = f"{head}{' (' + why[0] + ')' if why else ''}: expected net {best.net.mean:+.1f} (95% {best.net.lo:+.1f} " \
           f"to {best.net.hi:+.1f})"
    if (best.bid is not None or best.held is not None) and best.make is not None:
        text += f"; you declare on {best.declare} of the deals and make it {best.make.p:.0%} of the time there"
    if nxt is not None and margin is not None:
        text += (f". Next best: {nxt.label}, {nxt.net.mean:+.1f} (difference {margin.mean:+.1f}, 95% "
                 f"{margin.lo:+.1f} to {margin.hi:+.1f})")
    if conv is not None and conv.free is not None and conv.cost_free is not None:
        c = conv.cost_free
        text += (f". Keeping the convention: {c.mean:+.1f} against the call you would make freely, {conv.free.label} "
                 f"(95% {c.lo:+.1f} to {c.hi:+.1f})")
        if conv.cost_pass is not None and conv.free.bid is not None:
            cp = conv.cost_pass
            text += f", {cp.mean:+.1f} against passing (95% {cp.lo:+.1f} to {cp.hi:+.1f})"
    return text + "."


def _too_few(n: int, what: str) -> Recommendation:
    return Recommendation("too-few", "", None, None, None, None,
                          f"{n} sampled deals are too few to advise a call: give at least {MIN_DEALS} ({what})")


def _analyse_bidding(sim: Simulation, play: str, req: BidRequest, state: AuctionState) -> PlayAnalysis:
    out = outcomes(sim, play, units=req.game is not None)
    ch = choose_call(state, out, sim.hand.planes, req.risk, MIN_WON_CEILING, req.raise_partner, req.conventions)
    gc = None if req.game is None else choose_for_game(state, out, ch, req.win_table, req.game)
    policy = req.policy if play == HEURISTIC else play
    mode = "heuristic" if play == HEURISTIC else play
    if not req.detail:
        call = ch.call if gc is None else gc.calls[gc.best]
        k = ch.calls.index(call)
        rec = Recommendation("pass" if call is None else "bid", SUITS[int(ch.trump[k])], call, None, None, None, "")
        return PlayAnalysis(mode, policy, [], {}, None, rec, choice=ch)
    if out.n < MIN_DEALS:
        what = req.word("dd_samples" if play == "dd" else "samples")
        return PlayAnalysis(mode, policy, [_trump_figures(sim, play, t, None) for t in sim.trumps], {}, None,
                            _too_few(out.n, what), choice=ch)
    ceil = ch.ceiling
    pass_net = ch.net[0]
    levels = {SUITS[t]: _level_figures(sim, out, ceil, pass_net, t) for t in sim.trumps}
    partners = sim.rules.partners(sim.seat)
    d0 = ch.decl[0]
    pass_fig = PassFigures(
        partner=proportion(np.isin(d0, partners)) if partners else None,
        opponents=proportion((d0 >= 0) & (d0 != sim.seat) & ~np.isin(d0, partners)),
        me=proportion(d0 == sim.seat), thrown_in=proportion(d0 < 0), net=mean_ci(pass_net),
        all_pass=all_pass_words(sim.rules),
    )
    options = [_call_figures(sim, ch, k) for k in range(len(ch.calls))]
    best = options[ch.best]
    nxt = options[ch.second] if ch.second >= 0 else None
    margin = paired_diff(ch.net[ch.best], ch.net[ch.second]) if ch.second >= 0 else None
    conv = _convention(sim, state, ch, out, req)
    call = CallAdvice(best, nxt, margin, options, ch.due, conventions_bind(state), state.last_turn,
                      tuple(str(c) for c in state.calls), state.high, state.min_bid, state.to_act, conv)
    pre = [_trump_figures(sim, play, t, ceil.by_trump.get(t)) for t in sim.trumps]
    best_total = max(pre, key=lambda f: f.total.mean).trump
    cfig = _ceiling_figures(sim, ceil, pass_net, state,
                            "partner-took-over" in ch.ruled if sim.rules.has_partners else None)
    trump = best.trump or cfig.trump or best_total
    rec = Recommendation("pass" if best.bid is None else "bid", trump, best.bid, best.make, best.net, margin,
                         _call_text(state, ch, best, nxt, margin, conv))
    game = None if gc is None else game_figures(sim.rules, ch, gc, req.win_table)
    if gc is not None and gc.differs:
        rec = _for_game(options[ch.calls.index(gc.calls[gc.best])], gc.upto[gc.best], trump, rec, game)
    return PlayAnalysis(mode, policy, pre, levels, pass_fig, rec, call=call, ceiling=cfig, choice=ch, game=game)


def _for_game(fig: CallFigures, upto: int | None, trump: str, by_points: Recommendation, game: GameFigures
              ) -> Recommendation:
    """The recommendation when the call for the game is not the call by points: the game's call (``upto``: my later
    raises' limit for the game), its sentence, and the call by points after it."""
    head = "Pass" if fig.bid is None else f"Bid {fig.bid}"
    if fig.bid is not None and fig.trump is not None:
        head += f" and name {SUIT_NAMES[SUITS.index(fig.trump)]} ({fig.trump}) if it holds"
    if upto is not None and fig.bid is not None:
        head += f", raising on later turns up to {upto}"
    return Recommendation("pass" if fig.bid is None else "bid", fig.trump or trump, fig.bid, fig.make, fig.net,
                          game.gain, f"{head} — {game.text} By points alone: {by_points.text}")


def _ceiling_figures(sim: Simulation, ceil: Ceiling, pass_net: np.ndarray, state: AuctionState,
                     partner_holds: bool | None = None) -> CeilingFigures:
    contested = bool(state.to_act)
    if ceil.bid is None:
        return CeilingFigures(None, None, None, None, None, None, {SUITS[x]: None for x in sim.trumps},
                              state.turn_to_come, partner_holds, contested)
    k = int(np.flatnonzero(ceil.bids == ceil.bid)[0])
    won = ceil.won[k]
    t = int(ceil.trump)
    return CeilingFigures(ceil.bid, SUITS[t], proportion(won), proportion(ceil.made[t, k][won]),
                          mean_ci(ceil.net[t, k][won]), paired_diff(ceil.net[t, k][won], pass_net[won]),
                          {SUITS[x]: ceil.by_trump.get(x) for x in sim.trumps}, state.turn_to_come, partner_holds,
                          contested)


def _model_note(rules: RuleSet) -> str:
    """How the call model plays the rest of the auction, in the words of the game."""
    partner = " my partner does not raise me," if rules.has_partners else ""
    free = rules.has_partners and not all(reads_by_conventions(rules, s, 0) for s in rules.partners(0))
    keep = ("" if Convention.of(rules).kind == "none" else
            " and keep the conventions (my partner bids freely, as I do)" if free else " and keep the conventions")
    end = ("the dealer plays at the opening bid" if rules.bidding.dealer_holds else
           "thrown in" if rules.forced_contract is None else all_pass_words(rules))
    valuation = "the rich reach valuation" if rules.advice.reach == "rich" else "formula valuation"
    return ("every legal call is followed to the end of the auction on every deal: the other seats bid by their "
            f"bidding limit ({valuation} less a margin){keep}, a seat that passed is out,"
            f"{partner} I raise up to the ceiling on a later turn; all passed: {end}")


def _name_trump(req: BidRequest, a: Auction, progress: bool, workers: int, cluster: Any) -> Advice:
    """The auction is over and I won it: the trump to name, by my expected net at the contract."""
    c = int(a.contract)
    sim, cond = study(req, list(req.calls or []), modes=(HEURISTIC,), others=False, progress=progress,
                      workers=workers, cluster=cluster)
    out = outcomes(sim, HEURISTIC)
    named = []
    for t in range(4):
        net, made = out.my_net(t, np.full(out.n, c))
        k = int(out.class_of(np.array([c]))[0])
        named.append(NamedTrump(SUITS[t], c, mean_ci(net), proportion(made), mean_ci(out.me_tot[k, t])))
    if out.n < MIN_DEALS:
        rec = _too_few(out.n, req.word("samples"))
    else:
        best = max(named, key=lambda x: x.net.mean)
        won = "Every seat passed: as the dealer you are held to" if a.forced else "You won the auction at"
        rec = Recommendation("trump", best.trump, c, best.make, best.net, None,
                             f"{won} {c}: name {SUIT_NAMES[SUITS.index(best.trump)]} "
                             f"({best.trump}): expected net {best.net.mean:+.1f} (95% {best.net.lo:+.1f} to "
                             f"{best.net.hi:+.1f}); you make {c} {best.make.p:.0%} of the time")
    notes = [cond.relaxed] if cond.relaxed else []  # the request's notes are about the bidding figures' play
    return Advice(req, [], sim, notes, None, cond, named, rec)


def _two_handed(req: BidRequest, progress: bool, workers: int, cluster: Any) -> Advice:
    """Two-handed: the whole-hand analysis (:func:`analyzer.twohand.analysis.analyze_hand`) of the request's hand;
    with the game's score, valued by the game too (:func:`analyzer.twohand.gamechance.for_game`: my chance of
    winning it, and the dix exchange ranked by it)."""
    from analyzer.runs import warmup
    from analyzer.runs.progress import progress_bar
    from analyzer.twohand import analyze_hand

    phase2 = phase2_of(req.play)
    if phase2 == "exact":
        warmup.start_solver()
    with progress_bar(progress, None, "playing hands"):
        a = analyze_hand(req.rules, req.hand, req.upcard, samples=req.samples, dealer=(req.seat == req.dealer),
                         seed=req.seed, phase2=phase2, workers=workers, cluster=cluster)
    if req.game is not None:
        from analyzer.twohand.gamechance import GameAsked, for_game

        a = for_game(a, GameAsked.of(req.rules, req.game, req.seat, req.win_table))
    d = a.difference
    text = (f"Trump {SUIT_NAMES[SUITS.index(a.trump)]} ({a.trump}): your meld {a.static_meld} now, "
            f"{a.meld.mean:.1f} melded over the hand; expected trick points {a.tricks.mean:.1f} (95% "
            f"{a.tricks.lo:.1f}-{a.tricks.hi:.1f}); expected score {d.mean:+.1f} against the opponent (95% {d.lo:+.1f} "
            f"to {d.hi:+.1f}).") + ("" if a.game is None else f" {a.game.text()}.")
    rec = Recommendation("play", a.trump, None, None, d, None, text)
    return Advice(req, [], None, list(req.notes), rec=rec, two_hand=a)


def _auction_won(req: BidRequest) -> tuple[BidRequest, Auction, list[str]] | None:
    """The auction when it is over (I won it: the request refuses one another seat won), with the request naming its
    calls and the notes that say how it ended; None while it goes on. With no calls given, a dealer who holds the
    opening bid has won it when every seat before it passed."""
    rs = req.rules
    if req.calls is not None:
        a = replay(rs, req.dealer, list(req.calls))
        assert not a.done or a.winner == req.seat, a  # BidRequest.make refuses an auction another seat won
        return (req, a, []) if a.done else None
    if rs.bidding.dealer_holds and req.seat == req.dealer:
        from analyzer.bidding.callmodel import opening_calls

        a = replay(rs, req.dealer, opening_calls(rs, req.dealer, req.seat))  # every other seat passed
        if a.done and a.winner == req.seat:
            return replace(req, calls=tuple(a.calls)), a, [
                f"no calls given: every other seat passed ({' '.join(map(str, a.calls))}) and you play at the opening "
                f"bid {a.contract}"]
    return None


def _forced_call(req: BidRequest, state: AuctionState) -> Advice | None:
    """The call alone (a request without ``detail``) when the convention answers it: the conventional bid my hand
    owes, with no free call to weigh (no deal needed for it); None otherwise."""
    if req.detail:
        return None
    keep = (req.conventions or req.rules.advice.conventions) == "keep"
    due = due_bid(state, req.hand.planes) if keep else 0
    if not due_is_forced(state, due):
        return None
    rec = Recommendation("bid", "", due, None, None, None, "")
    return Advice(req, [PlayAnalysis("heuristic", req.policy, [], {}, None, rec)], None, [], None, None)


def _double_dummy_check(req: BidRequest, sim: Simulation, base: PlayAnalysis, progress: bool
                        ) -> tuple[Simulation, PlayAnalysis, DDCheck, str]:
    """Play ``both``: the double-dummy check of the heuristic analysis ``base`` on the first ``dd.samples`` deals
    (:mod:`analyzer.advisor.ddcheck`): the simulation, ``base`` with each trump's check, the check (with whether the
    contract makes, where the rule data asks) and its note."""
    from analyzer.runs.progress import progress_bar

    rs, dd = req.rules, req.dd
    with progress_bar(progress, None, f"the double-dummy check ({min(dd.samples, sim.samples)} deals)"):
        sim, check = dd_check(sim, base, dd.samples, dd.trumps, dd.max_nodes, dd.tricks_left)
    by = {c.trump: c for c in check.trumps}
    base = replace(base, trumps=[replace(f, dd=by.get(f.trump)) for f in base.trumps])
    note = _check_note(req, check)
    if rs.advice.dd_make_samples:
        check = replace(check, make=dd_make(sim, base, rs.advice.dd_make_samples, rs.advice.dd_make_max_nodes,
                                            dd.tricks_left))
    return sim, base, check, note


def _check_note(req: BidRequest, check: DDCheck) -> str:
    """What the double-dummy check solved, and the fields that set it, in the front end's words."""
    hs = req.rules.hand_size
    first = check.trumps[0]
    exact = sum(c.exact for c in check.trumps)
    brk = sum(c.bracketed for c in check.trumps)
    unf = sum(c.unfinished for c in check.trumps)
    total = sum(c.deals for c in check.trumps)
    how = ("" if first.scope == "whole deals" else
           f" (each deal's first {first.from_trick - 1} tricks played by the heuristic players, the "
           f"rest solved; {req.word('dd_tricks_left')} {hs} solves whole deals)")
    return (f"double-dummy check, {first.scope}{how}: the first {check.samples} sampled deals, trump "
            f"{', '.join(c.trump for c in check.trumps)}, up to {req.dd.max_nodes / 1e6:g} M nodes a deal: of {total} "
            f"solves {exact} exact"
            + (f", {brk} bracketed to {first.resolution} points" if brk else "")
            + (f", {unf} unfinished (counted with the bounds proven, so the figures are brackets)" if unf else "")
            + f"; {req.word('dd_samples')}, {req.word('dd_trumps')}, {req.word('max_nodes')} and "
              f"{req.word('dd_tricks_left')} set them")


def _dd_only_note(req: BidRequest, sim: Simulation) -> str:
    """Play ``dd``: how many of the sampled deals' plays the solver finished within the budget."""
    hs = req.rules.hand_size
    f = sim.frame
    ex = f.filter((f["play"] == "dd") & f["trump"].is_not_null())["exact"]  # thrown-in deals are not played
    miss = int((~ex).sum())
    left = req.dd.tricks_left
    scope = (f", from trick {hs - left + 1} (the tricks before it played by the heuristic players; "
             f"{req.word('dd_tricks_left')} {hs}: whole deals)" if 0 < left < hs else "")
    return (f"double dummy{scope} on the first {sim.samples} sampled deals ({req.word('dd_samples')}), up to "
            f"{req.dd.max_nodes / 1e6:g} M nodes a solve: {ex.len() - miss} of {ex.len()} plays solved"
            + (f"; the heuristic players stand in for the other {miss}" if miss else ""))


def _bidding_notes(req: BidRequest, state: AuctionState, cond: Conditioning) -> list[str]:
    """The notes of every bidding answer: how the call model plays the auction out, the calls taken for granted,
    the clues relaxed and what the request's defaults left out."""
    notes = [_model_note(req.rules)]
    if req.calls is None and state.calls:
        notes.append(f"no calls given: the seats before yours passed ({' '.join(map(str, state.calls))})")
    if cond.relaxed:
        notes.append(cond.relaxed)
    return notes + list(req.notes)


def _bid_now(req: BidRequest, state: AuctionState, progress: bool, workers: int, cluster: Any) -> Advice:
    """The call at my turn: the deals studied and each play mode's analysis; with ``detail`` the double-dummy
    figures the play mode asks for and the notes."""
    modes = ("dd",) if req.play == "dd" else (HEURISTIC,)
    sim, cond = study(req, list(state.calls), modes=modes, progress=progress, workers=workers, cluster=cluster)
    analyses = [_analyse_bidding(sim, p, req, state) for p in sim.plays]
    if not req.detail:
        return Advice(req, analyses, sim, [], None, cond)
    notes: list[str] = []
    check = None
    if req.play == "both" and analyses[0].recommendation.action != "too-few":
        sim, analyses[0], check, note = _double_dummy_check(req, sim, analyses[0], progress)
        notes.append(note)
    if req.play == "dd":
        notes.append(_dd_only_note(req, sim))
    return Advice(req, analyses, sim, notes + _bidding_notes(req, state, cond), check, cond)


def advise(req: BidRequest, *, progress: bool = False, workers: int = 1, cluster: Any = None) -> Advice:
    """The advice for one request (module docstring): the call now, or the trump to name once the auction
    is won, or two-handed's whole-hand analysis. ``progress``: a progress bar on stderr; ``workers`` /
    ``cluster``: where the sampled deals are played (the same answer however spread)."""
    if req.two_handed:
        return _two_handed(req, progress, workers, cluster)
    won = _auction_won(req)
    if won is not None:
        asked, auction, notes = won
        adv = _name_trump(asked, auction, progress, workers, cluster)
        adv.notes.extend(notes)
        return adv
    state = auction_state(req)
    forced = _forced_call(req, state)
    return forced if forced is not None else _bid_now(req, state, progress, workers, cluster)
