"""A hand looked back at: every decision of my seat beside the advisor's best at that moment.

:func:`review` walks a hand record (:mod:`analyzer.record`) and asks, at each decision of my seat, the very
question the player could have typed then, of the one library function behind it: each call
(:func:`analyzer.advisor.advise.advise` on the calls so far), the trump named (the same, once the auction is won),
each card (:func:`analyzer.cardplay.advise.advise_card` on the tricks so far, the cards shown, the calls; two-handed
phase 1 on its history). The loss of the choice made is the paired difference, on the advice's own deals, between
the advisor's best and the choice by the advice's own measure (my side's net score with a contract; the card advice's
points or score difference without one), with its 95% interval: the best's loss is 0. With the game's score in the
record the loss in my chance of winning the game is given too (the calls and cards judged for the game as
``--score`` judges them). A decision is marked when its loss's lower end is above the threshold: it lost more than
the threshold beyond the noise. Every decision asks its question with the review's ``seed``, as the player asking
``--seed`` would, so a hand played by the advisor's own choices at that seed shows every loss 0.

With every hand known, every card of the trick play (every seat's) is also valued by the solver on the true
position (:func:`analyzer.solve.solve_positions`, every legal card): its double-dummy loss in the declaring side's
points against the seat's best card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.estimate import Estimate, paired_diff
from analyzer.record.model import HandRecord
from analyzer.record.play import card_steps, trick_contract, true_steps
from analyzer.review.figures import Decision, Review, TrueLoss
from analyzer.rules import RuleSet

#: the default threshold of a mark, in points of the measure (a net score point)
THRESHOLD = 1.0
#: a loss in the chance of winning the game is marked past this share (one percentage point) beyond the noise
GAME_THRESHOLD = 0.01
#: the solver's node budget on a true position (the review's ``true_max_nodes`` default)
TRUE_MAX_NODES = 2_000_000


@dataclass(frozen=True)
class Asked:
    """How the review asks each question: the deals of a call (``samples``; None: the rule set's default) and of a
    card (``play_samples``), the seed, the card play's mode and node budget, the threshold of a mark."""

    samples: int | None = None
    play_samples: int | None = None
    seed: int = 0
    max_nodes: int | None = None
    threshold: float = THRESHOLD
    true_max_nodes: int = TRUE_MAX_NODES


@dataclass(frozen=True)
class _Task:
    """One decision to judge, picklable for a worker process: the rule set (a value: house rules given as text
    travel with it), the kind, its number and where it stood, the question's values, the choice made."""

    rules: RuleSet
    kind: str
    number: int
    where: str
    values: dict[str, Any]
    chosen: Any
    asked: Asked


def win_table(rules: RuleSet) -> Any:
    """The game's win-probability table (shipped, else made once and kept)."""
    from analyzer.game.table import find_table

    found = find_table(rules)
    if found is not None:
        return found
    from analyzer.arena.tables import win_table as make

    return make(rules)


def tasks(rec: HandRecord, asked: Asked) -> list[_Task]:
    """Every decision of my seat as a task (module docstring): the calls, the trump, the cards."""
    out = []
    rs = rec.rules
    hand = " ".join(rs.deck.name(k) for k in rec.hands.get(rec.seat, ()))
    if rs.has_bidding and rec.calls is not None:
        mine = [i for i, c in enumerate(rec.calls) if c.seat == rec.seat]
        for n, i in enumerate(mine, 1):
            before = rec.calls[:i]
            v = {"hand": hand, "seat": rec.seat, "dealer": rec.dealer, "auction": before, "score": rec.score}
            after = " ".join(map(str, before)) or "no calls"
            out.append(_Task(rs, "call", n, f"call {n} (after {after})", v, rec.calls[i].bid, asked))
        c = trick_contract(rec)
        if c is not None and c[0] == rec.seat and rec.trump is not None:
            v = {"hand": hand, "seat": rec.seat, "dealer": rec.dealer, "auction": rec.calls, "score": rec.score}
            out.append(_Task(rs, "trump", 1, f"trump at {c[1]}", v, rec.trump, asked))
    for n, (step, v) in enumerate(card_steps(rec), 1):
        if not _cards_for_game(rs, step.phase):
            v = {**v, "score": None}
        if step.phase == 1:
            where = f"phase 1, trick {step.index // 2 + 1}" + (", second card" if step.index % 2 else ", lead")
        else:
            where = f"trick {step.index // rs.seats + 1}, card {step.index % rs.seats + 1}"
        out.append(_Task(rs, "card", n, where, v, step.name, asked))
    return out


def _cards_for_game(rules: RuleSet, phase: int) -> bool:
    """Whether the card advice judges this rule set's cards for the game (two scoring units; two-handed: phase 1,
    whose question holds the whole hand)."""
    from analyzer.score import scoring_units

    return len(scoring_units(rules)) == 2 and (phase == 1 or not rules.play.stock)


def _zero(n: int) -> Estimate:
    return Estimate(0.0, 0.0, 0.0, 0.0, n)


def _mark(loss: Estimate | None, game_loss: Estimate | None, threshold: float) -> bool:
    return bool((loss is not None and loss.lo > threshold) or (game_loss is not None and game_loss.lo > GAME_THRESHOLD))


def judge(t: _Task) -> Decision:
    """One decision judged (module docstring), in this process or a worker."""
    rs = t.rules
    if t.kind == "card":
        return _judge_card(rs, t)
    return _judge_call(rs, t)


def _judge_call(rs: RuleSet, t: _Task) -> Decision:
    """A call or the trump: the advice at that turn, the choice's loss in my net score (and for the game)."""
    from analyzer.advisor.advise import advise
    from analyzer.advisor.request import BidRequest
    from analyzer.advisor.study import HEURISTIC, auction_state, outcomes

    v = dict(t.values)
    hand = v.pop("hand")
    req = BidRequest.make(rs, hand, samples=t.asked.samples, seed=t.asked.seed, play="heuristic",
                          win_table=lambda: win_table(rs), **v)
    adv = advise(req)
    if t.kind == "trump":
        from analyzer.cards import SUITS

        c = int(replay_contract(rs, req))
        out = outcomes(adv.simulation, HEURISTIC)
        nets = [out.my_net(s, np.full(out.n, c))[0] for s in range(4)]
        best = max(range(4), key=lambda s: (round(float(nets[s].mean()), 9), -s))
        loss = _zero(out.n) if best == t.chosen else paired_diff(nets[best], nets[t.chosen])
        return Decision("trump", t.number, t.where, SUITS[t.chosen], SUITS[best], "net", loss, 4, out.n,
                        _mark(loss, None, t.asked.threshold))
    a = adv.analyses[0]
    ch = a.choice
    label = lambda b: "pass" if b is None else str(b)  # noqa: E731
    n = int(ch.net.shape[1])
    if t.chosen not in ch.calls:
        return Decision("call", t.number, t.where, label(t.chosen), label(ch.call), "net", None, len(ch.calls), n,
                        note="the call made is past the calls the model follows (its levels)")
    k = ch.calls.index(t.chosen)
    loss = _zero(n) if k == ch.best else paired_diff(ch.net[ch.best], ch.net[k])
    game_loss = game_best = None
    if req.game is not None:
        from analyzer.bidding.gamecall import choose_for_game

        gc = choose_for_game(auction_state(req), outcomes(adv.simulation, HEURISTIC, units=True), ch,
                             req.win_table, req.game)
        kk = gc.calls.index(t.chosen)  # the call now as the points model plays it (the first rows)
        game_loss = _zero(n) if kk == gc.best else paired_diff(gc.chance[gc.best], gc.chance[kk])
        game_best = label(gc.calls[gc.best])
    return Decision("call", t.number, t.where, label(t.chosen), label(ch.call), "net", loss, len(ch.calls), n,
                    _mark(loss, game_loss, t.asked.threshold), game_loss, game_best)


def replay_contract(rs: RuleSet, req: Any) -> int:
    """The contract of an auction that is over (the trump's question)."""
    from analyzer.bidding.auction import replay

    return int(replay(rs, req.dealer, list(req.calls)).contract)


def _judge_card(rs: RuleSet, t: _Task) -> Decision:
    """A card: the card advice at that moment, the choice's loss by its measure (and for the game)."""
    from analyzer.cardplay.advise import advise_card
    from analyzer.cardplay.request import PlayRequest

    v = dict(t.values)
    hand = v.pop("hand")
    req = PlayRequest.make(rs, hand, samples=t.asked.play_samples, seed=t.asked.seed, max_nodes=t.asked.max_nodes,
                           win_table=lambda: win_table(rs), **v)
    only = _only_card(req)
    if only is not None:  # no choice: nothing to ask
        return Decision("card", t.number, t.where, only, only, "", _zero(0), 1, 0, note="the only card")
    adv = advise_card(req)
    names = [ln.card for ln in adv.lines]
    chosen = _move_name(t.chosen, names)
    line = adv.lines[names.index(chosen)]
    stock = req.phase1 is not None
    n = int(adv.values.diff.shape[0] if stock else adv.values.decl.shape[0])
    measure = "difference" if stock else adv.criterion
    if adv.action == "only":
        return Decision("card", t.number, t.where, chosen, chosen, measure, _zero(n), 1, n, note="the only card")
    loss = _zero(n) if line.behind is None else line.behind
    # the game's figures name no card for the game (too few deals): no loss for the game
    game_loss = None if adv.game is None or adv.game.best is None else _game_card_loss(req, adv, chosen)
    best = None if adv.action == "too-few" else adv.lines[0].card
    return Decision("card", t.number, t.where, chosen, best, measure, loss, len(names), n,
                    _mark(loss, game_loss, t.asked.threshold), game_loss,
                    None if adv.game is None else adv.game.best,
                    "too few deals to name a card" if adv.action == "too-few" else "")


def _only_card(req: Any) -> str | None:
    """The one legal card of a trick-play position (None: a choice, or two-handed's phase 1)."""
    from analyzer.play.engine import legal_kinds
    from analyzer.rules.lowered import first_lead_trump

    if req.phase1 is not None:
        return None
    rec, seen = req.record, req.seen
    first = not rec.plays and first_lead_trump(req.rules, rec.bid, rec.leader, rec.declarer)
    legal = legal_kinds(req.rules, seen.mine_now, seen.trick, rec.trump, first=first)
    return req.rules.deck.name(next(iter(legal))) if len(legal) == 1 else None


def _move_name(chosen: str, names: list[str]) -> str:
    """The advice's name of the move made (a melded copy ``KH*`` may be listed as ``KH*1`` or ``KH*``)."""
    if chosen in names:
        return chosen
    base = chosen.split("*")[0]
    same = [x for x in names if x.split("*")[0] == base and ("*" in x) == ("*" in chosen)]
    if not same:
        raise ValueError(f"{chosen} is not among the moves the advice lists ({' '.join(names)})")
    return same[0]


def _game_card_loss(req: Any, adv: Any, chosen: str) -> Estimate:
    """The chosen card's loss in my chance of winning the game against the card for the game, paired on the deals
    (the chances :func:`analyzer.game.value.chances_after` gives after each card, as the card advice judges them)."""
    from analyzer.cardplay.outcome import card_outcomes, stock_outcomes
    from analyzer.game.value import chances_after
    from analyzer.score import seat_unit

    stock = req.phase1 is not None
    names = tuple(adv.values.names) if stock else tuple(req.rules.deck.name(k) for k in adv.values.cards)
    out = stock_outcomes(req, adv.values) if stock else card_outcomes(req, adv.values, adv.side_meld or 0)
    seat = req.phase1.seat if stock else req.record.seat
    c, _, _ = chances_after(req.rules, req.win_table, req.game, int(seat_unit(req.rules)[seat]), out)
    chance = c.reshape(-1, len(names))
    g, j = names.index(_move_name(adv.game.best, list(names))), names.index(_move_name(chosen, list(names)))
    return _zero(chance.shape[0]) if g == j else paired_diff(chance[:, g], chance[:, j])


def true_losses(rec: HandRecord, max_nodes: int) -> list[TrueLoss]:
    """Every card of the trick play valued by the solver on the true position (module docstring); [] unless every
    hand is known."""
    from analyzer.cards import to_planes
    from analyzer.solve import solve_positions
    from analyzer.solve.api import make_position

    steps = true_steps(rec)
    if not steps:
        return []
    rs = rec.rules
    decl, bid, _ = trick_contract(rec)
    trump = rec.trump if rec.trump is not None else rec.upcard >> 4
    side = {decl, *rs.partners(decl)}
    pos = [make_position(rs, np.stack([to_planes(list(h), rs.deck) for h in st.hands]), trump, st.trick_leader, decl,
                         st.trick, bid) for st in steps]
    res = solve_positions(rs, pos, all_cards=True, max_nodes=max_nodes, lines=False)
    out = []
    for st, r in zip(steps, res, strict=True):
        if r.card_values is None:
            out.append(TrueLoss(st.index, st.seat, st.name, None, None, None, None, False))
            continue
        cv = r.card_values
        pick = max if st.seat in side else min
        b = pick(sorted(cv), key=lambda k: cv[k])
        loss = (cv[b] - cv[st.card]) if st.seat in side else (cv[st.card] - cv[b])
        out.append(TrueLoss(st.index, st.seat, st.name, rs.deck.name(b), int(cv[st.card]), int(cv[b]), int(loss),
                            True))
    return out


def review(rec: HandRecord, asked: Asked = Asked(), *, workers: int = 1, progress: bool = False) -> Review:
    """The review of ``rec`` (module docstring): my seat's decisions judged (``workers`` processes), and with every
    hand known the double-dummy losses of every card."""
    from analyzer.runs.batches import run_batches
    from analyzer.runs.progress import progress_bar

    ts = tasks(rec, asked)
    decisions = run_batches(judge, ts, workers=workers, progress=progress, label="decisions reviewed")
    true: list[TrueLoss] = []
    if rec.known:
        with progress_bar(progress, None, "the true positions, double dummy"):
            true = true_losses(rec, asked.true_max_nodes)
    rs = rec.rules
    notes = []
    if not ts:
        notes.append("no decision of my seat in the record")
    if rs.play.stock:
        notes.append("two-handed: the melds and the dix exchange are not judged, only the cards (phase 1 by the "
                     "stock-phase advice, phase 2 by the card advice)")
    if true and any(not t.exact for t in true):
        notes.append(f"{sum(not t.exact for t in true)} true positions past the solver's budget of "
                     f"{asked.true_max_nodes:,} nodes: no double-dummy loss for them (raise true_max_nodes)")
    if not rec.known:
        notes.append("the other hands are not all known: no double-dummy losses")
    if rec.score is not None and not _cards_for_game(rs, 2):
        notes.append("the game's score: the card play of this rule set is judged by points alone (the card advice "
                     "does not judge it for the game)")
    return Review(rs.id, rec.seat, tuple(decisions), tuple(true), asked.threshold, asked.seed,
                  asked.samples or rs.advice.bid_samples, asked.play_samples or rs.advice.play_samples, tuple(notes))
