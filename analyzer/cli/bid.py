"""``pinochle bid``: bidding advice for a hand — the call to make now and the trump to name, or pass; the
trump to name once the auction is won; two-handed's whole-hand analysis.

The command parses its flags into one :class:`~analyzer.advisor.request.BidRequest`, asks
:func:`analyzer.advisor.advise.advise` (the function the page and the arena's advisor agent call) and
prints the answer. Play modes (``--play``): ``heuristic`` (the heuristic players on every sampled deal),
``dd`` (a double-dummy analysis of the first ``--dd-samples`` deals) and ``both`` (the heuristic analysis
plus a double-dummy check of the first ``--dd-samples`` deals for the ``--dd-trumps`` best trumps, each
solve up to ``--max-nodes`` nodes). Defaults per rule set: :func:`analyzer.advisor.request.default_play`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from analyzer.api import (
    DEALS_COLUMNS,
    QUESTIONS,
    RULED,
    SUIT_NAMES,
    SUITS,
    Advice,
    CallAdvice,
    CallFigures,
    LevelFigures,
    PlayAnalysis,
    UserError,
    advise,
    bid_request,
    deals_frame,
    start_solver,
    where,
)
from analyzer.cli.common import (
    check_output,
    console,
    emit_json,
    print_notes,
    styled,
    table,
)
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP, JsonOpt


def _est(e, digits: int = 1) -> str:
    return f"{e.mean:.{digits}f}"


def _interval(e, digits: int = 1) -> str:
    """Mean ± half-width of the 95% interval."""
    return f"{e.mean:.{digits}f} ±{(e.hi - e.lo) / 2:.{digits}f}"


def _levels_to_show(lvs: list[LevelFigures], rec_bid: int | None) -> list[LevelFigures]:
    """The levels where the chance of winning the auction or of making the bid moves to another 5%
    step, the recommended bid, and nothing past the first level made in under 1% of the deals."""
    key = [(round(20 * lv.win.p), round(20 * lv.make_won.p) if lv.make_won else -1) for lv in lvs]
    out = []
    for i, lv in enumerate(lvs):
        if i == 0 or key[i] != key[i - 1] or lv.bid == rec_bid or lv.make.p < 0.01:
            out.append(lv)
        if lv.make.p < 0.01:
            break
    return out


def _print_bidding(adv: Advice, an: PlayAnalysis) -> None:
    rs = adv.rules
    rec = an.recommendation
    left = adv.request.dd.tricks_left
    how = (f"dd from trick {rs.hand_size - left + 1}, the tricks before it by the heuristic players"
           if an.play == "dd" and 0 < left < rs.hand_size else f"{an.play}, policy {an.policy}")
    t = table(title=f"Declaring, by trump ({how})")
    t.add_column("trump")
    t.add_column("own meld", justify="right")
    if rs.has_partners:
        t.add_column("partner meld", justify="right")
    t.add_column("trick points (95%)", justify="right")
    t.add_column("total", justify="right")
    t.add_column("opp. meld + tricks", justify="right")
    t.add_column("ceiling", justify="right")
    for f in an.trumps:
        mark = " *" if f.trump == rec.trump else ""
        row = [f"{f.trump}{mark}", str(f.own_meld)]
        if rs.has_partners:
            row.append(_est(f.partner_meld))
        row += [_interval(f.trick_points), _est(f.total), f"{f.opp_meld.mean + f.opp_trick_points.mean:.1f}",
                "—" if f.max_bid is None else str(f.max_bid)]
        t.add_row(*row)
    console.print(t)

    lvs = an.levels[rec.trump]
    # this trump's ceiling (none needed where nobody calls after me)
    ceiling = an.ceiling.by_trump.get(rec.trump) if an.ceiling is not None and an.ceiling.contested else None
    shown = _levels_to_show(lvs, ceiling)
    lt = table(title=f"Bid levels with {SUIT_NAMES[SUITS.index(rec.trump)]} trump, where the bid wins the auction"
                     + (" (the ceiling *)" if ceiling is not None else ""))
    for c in ("bid", "wins auction", "make (95%)", "net", "net passing", "gain (95%)"):
        lt.add_column(c, justify="right")
    for i, lv in enumerate(shown):
        if i and lvs.index(lv) > lvs.index(shown[i - 1]) + 1:
            lt.add_row("…", "", "", "", "", "")
        cells = [str(lv.bid) + (" *" if lv.bid == ceiling else ""), f"{lv.win.p:.0%}"]
        if lv.gain is None:
            cells += ["too few deals", "", "", ""]
        else:
            cells += [
                f"{lv.make_won.p:.0%} ({lv.make_won.lo:.0%}–{lv.make_won.hi:.0%})",
                f"{lv.net_won.mean:+.1f}", f"{lv.pass_won.mean:+.1f}",
                f"{lv.gain.mean:+.1f} ({lv.gain.lo:+.1f} to {lv.gain.hi:+.1f})",
            ]
        lt.add_row(*cells)
    lt.caption = "… : bids in between are within the same 5% steps; --json has every level"
    console.print(lt)
    p = an.passing
    who = []
    if p.partner is not None:
        who.append(f"partner {p.partner}")
    who.append(f"an opponent {p.opponents}")
    if p.me.k:
        who.append(f"I (as dealer) {p.me}")
    if p.thrown_in.k:
        who.append(f"thrown in {p.thrown_in}")
    console.print(f"Passing: declares — {', '.join(who)}; net {p.net.mean:+.1f} ({p.net.lo:+.1f} to {p.net.hi:+.1f})")
    if an.call is not None:
        _print_calls(an.call, an.ceiling.bid if an.ceiling is not None and an.ceiling.contested else None)
        if an.game is not None:
            _print_game(an.game)


def _print_game(game) -> None:
    """Each call's chance of winning the game at the score given (--score), beside its net score."""
    t = game.totals
    score = (f"{t[game.me]}-{t[1 - game.me]}, yours first" if len(t) == 2 else
             f"{'-'.join(map(str, t))} by seat, hand {game.hands + 1}")
    gt = table(title=f"For the game: each call's chance of winning it (score {score}; before this hand "
                     f"{game.now.mean:.1%})")
    for c in ("call", "chance of winning (95%)", "wins the game now", "loses it now", "net"):
        gt.add_column(c, justify="right")
    for c in game.calls:
        mark = " *" if c.label == game.best else (" (points)" if c.label == game.points else "")
        gt.add_row(c.label + mark, f"{c.chance.mean:.1%} ({c.chance.lo:.1%}–{c.chance.hi:.1%})", f"{c.wins:.0%}",
                   f"{c.loses:.0%}", f"{c.net.mean:+.1f}")
    gt.caption = (f"* the call for the game, among the calls the model makes now; \"later up to\": the least raise "
                  f"now, raising up to it on later turns; the table: {game.table}")
    console.print(gt)


def _calls_to_show(call: CallAdvice, ceiling: int | None) -> list[CallFigures]:
    """Pass (wherever it is legal, allowed or not), the allowed bids where the chance of declaring or of
    making moves to another 5% step, the best and the next-best call, the best free call a convention rules
    out, and the ceiling, up to the first bid above all of them."""
    free = call.convention.free if call.convention is not None else None
    keep = {id(call.best)} | {id(o) for o in (call.next_best,) if o is not None}
    keep |= {id(o) for o in call.options if free is not None and o.bid == free.bid}
    opts = [o for o in call.options if o.allowed or id(o) in keep or o.bid is None]
    top = max([o.bid for o in opts if id(o) in keep and o.bid is not None] + [ceiling or 0])
    out, prev = [], None
    for o in opts:
        key = (round(20 * o.declare.p), round(20 * o.make.p) if o.make else -1)
        if o.bid is None or key != prev or id(o) in keep or o.bid == ceiling:
            out.append(o)
        prev = key
        if o.bid is not None and (o.bid > top or (o.make is not None and o.make.p < 0.01)):
            break
    return out


#: the calls table's short marks for a call the model does not make now (the caption says why)
SHORT_RULED = {"convention": "convention", "risk": "risk", "least-raise": "jump", "partner-took-over": "partner's"}


def _print_calls(call: CallAdvice, ceiling: int | None) -> None:
    ct = table(title="Calls now, each followed to the end of the auction on every deal")
    for c in ("call", "net (95%)", "you declare", "make there", "trump", "vs the best"):
        ct.add_column(c, justify="right")
    shown = _calls_to_show(call, ceiling)
    for o in shown:
        mark = " *" if o is call.best else (f" ({SHORT_RULED.get(o.ruled, 'ruled out')})" if not o.allowed else "")
        vs = "" if o is call.best else f"{o.net.mean - call.best.net.mean:+.1f}"
        ct.add_row(o.label + mark, f"{o.net.mean:+.1f} ({o.net.lo:+.1f} to {o.net.hi:+.1f})", f"{o.declare.p:.0%}",
                   "—" if o.make is None else f"{o.make.p:.0%}", o.trump or "—", vs)
    notes = []
    if call.convention is not None:
        notes.append(f"convention: {call.convention.text}")
    elif call.due:
        notes.append(f"your hand owes the conventional bid {call.due}" + ("" if call.binds else " (not binding)"))
    for why in sorted({o.ruled for o in shown if o.ruled}):
        notes.append(f"({SHORT_RULED.get(why, why)}): {RULED.get(why, why)}")
    if not call.to_act:
        notes.append("nobody calls after you")
    ct.caption = "; ".join(notes + ["--json has every call"])
    console.print(ct)


def _print_named(adv: Advice) -> None:
    t = table(title=f"Naming trump at {adv.named[0].contract}, on {adv.samples} sampled deals")
    for c in ("trump", "net (95%)", "make (95%)", "meld + tricks (95%)"):
        t.add_column(c, justify="right")
    rec = adv.recommendation
    for x in adv.named:
        t.add_row(x.trump + (" *" if x.trump == rec.trump else ""), f"{x.net.mean:+.1f} ({x.net.lo:+.1f} to "
                  f"{x.net.hi:+.1f})", f"{x.make.p:.0%} ({x.make.lo:.0%}–{x.make.hi:.0%})", _interval(x.points))
    console.print(t)


def _print_dd_check(adv: Advice) -> None:
    chk = adv.dd_check
    if chk is None:
        return
    scope = chk.trumps[0].scope if chk.trumps else "whole deals"
    t = table(title=f"Double dummy against heuristic play, {scope}: the first {chk.samples} sampled deals, up to "
                    f"{chk.max_nodes / 1e6:g} M nodes a deal")
    for c in ("trump", "exact/brk/unf", "heuristic trick points", "double-dummy trick points", "dd − heuristic (95%)"):
        t.add_column(c, justify="right")
    for c in chk.trumps:
        same = c.unfinished == 0 and c.bracketed == 0
        dd = _est(c.dd_lower) if same else f"{c.dd_lower.mean:.1f} to {c.dd_upper.mean:.1f}"
        gap = (f"{c.gap_lower.mean:+.1f} ({c.gap_lower.lo:+.1f} to {c.gap_lower.hi:+.1f})" if same else
               f"{c.gap_lower.mean:+.1f} to {c.gap_upper.mean:+.1f} ({c.gap_lower.lo:+.1f} to {c.gap_upper.hi:+.1f})")
        t.add_row(c.trump, f"{c.exact}/{c.bracketed}/{c.unfinished}", _est(c.heuristic), dd, gap)
    t.caption = ("exact / bracketed (to the rule set's resolution) / unfinished (the node budget ran out: the bounds "
                 "proven so far); every deal counts, so the figures are brackets where a deal is not exact; paired on "
                 "the same deals, Student t intervals"
                 + ("" if scope == "whole deals" else
                    f"; {scope}: each deal's tricks before it played by the heuristic players, then solved double "
                    "dummy (dd) or played on by the same players (heuristic)"))
    console.print(t)
    mk = chk.make
    if mk is not None:
        head = (f"Does {mk.bid} in {SUIT_NAMES[SUITS.index(mk.trump)].lower()} make double dummy"
                + (f" from trick {mk.from_trick}" if mk.from_trick > 1 else "") + "? ")
        if mk.dd is None or mk.heuristic is None or mk.gap is None:
            console.print(head + f"no deal decided of {mk.deals} within {mk.max_nodes / 1e6:g} M nodes a search")
        else:
            console.print(head + f"{100 * mk.dd.p:.0f}% ({100 * mk.dd.lo:.0f}–{100 * mk.dd.hi:.0f}) against "
                          f"{100 * mk.heuristic.p:.0f}% with heuristic play, dd − heuristic {mk.gap.mean:+.1f} points "
                          f"({mk.gap.lo:+.1f} to {mk.gap.hi:+.1f}); {mk.decided} of the first {mk.deals} deals "
                          f"decided (one search a deal, up to {mk.max_nodes / 1e6:g} M nodes)")


def _print_two_handed(adv: Advice, an: PlayAnalysis) -> None:
    f = an.trumps[0]
    sc = an.two_handed or {}
    t = table(title=f"Trump {SUIT_NAMES[SUITS.index(f.trump)]} ({an.play}, policy {an.policy})")
    for c in ("", "me", "opponent"):
        t.add_column(c, justify="right")
    t.add_row("meld", str(f.own_meld), _est(f.opp_meld))
    t.add_row("trick points (95%)", _interval(f.trick_points), _interval(f.opp_trick_points))
    t.add_row("score", f"{sc['ours']['mean']:.1f}", f"{sc['theirs']['mean']:.1f}")
    console.print(t)


def print_advice(adv: Advice) -> None:
    """The advice as rich tables and a recommendation line."""
    rs = adv.rules
    sim = adv.simulation
    console.print(styled((rs.name, "bold"), f" ({rs.option_text() or 'default options'}) — seat {adv.seat}, dealer "
                         f"{adv.dealer}: {' '.join(adv.hand.names())}"))
    extra = f", constraints accept {sim.deals.acceptance:.1%} of deals" if sim is not None and sim.constraints else ""
    console.print(f"{adv.samples} sampled deals, seed {adv.seed}{extra}")
    if adv.named is not None:
        _print_named(adv)
        console.print(styled(("Name trump:", "bold"), f" {adv.recommendation.text}"))
    for an in adv.analyses:
        if an.two_handed is not None:
            _print_two_handed(adv, an)
        elif an.recommendation.action != "too-few":
            _print_bidding(adv, an)
        label = "Call now" if an.call is not None or an.recommendation.action == "too-few" else "Recommendation"
        label = label if len(adv.analyses) == 1 else f"{label} ({an.play})"
        console.print(styled((f"{label}:", "bold"), f" {an.recommendation.text}"))
        if an.ceiling is not None:
            console.print(an.ceiling.text())
    _print_dd_check(adv)
    print_notes(adv.notes)


def bid(*, json_out: bool, out: Path | None, deals_out: Path | None, **values) -> None:
    """Which trump to name and how high to bid (or pass), from sampled deals played out.

    Heuristic play on every sampled deal and, by default, a double-dummy check of the recommended trump
    on the first sampled deals (--play, --dd-samples, --dd-trumps, --max-nodes, --dd-tricks-left), whole
    deals where the solver finishes them quickly, else from a later trick (labelled so).
    """
    check_output(out, "--out")
    check_output(deals_out, "--deals-out")
    run = where(values)
    req = bid_request(values, "cli")
    if req.play in ("dd", "both"):
        start_solver()  # compiles the solver on the second core while the deals are played out
    adv = advise(req, progress=True, workers=run.workers, cluster=run.cluster)
    if adv.two_hand is not None:
        from analyzer.cli.twohand import print_analysis

        emit_json(adv.as_dict()) if json_out else print_analysis(adv.two_hand)
        return
    if out is not None and adv.simulation is not None:
        _write(out, lambda p: adv.simulation.write(p))
    if deals_out is not None and adv.simulation is not None:
        meta = {"analyzer": json.dumps({**adv.simulation.meta, "columns": DEALS_COLUMNS}, ensure_ascii=False)}
        _write(deals_out, lambda p: deals_frame(adv.simulation).write_parquet(p, metadata=meta))
    if json_out:
        emit_json(adv.as_dict())
    else:
        print_advice(adv)
        if (line := adv.summary()) is not None:
            console.print(styled((line, "bold")))


def register(app: typer.Typer) -> None:
    command(app, "bid", QUESTIONS["bid"], bid, epilog=SEATS_HELP, own={
        "json_out": (JsonOpt, False),
        "out": (Annotated[Path | None, typer.Option("--out", help="save the per-deal results (parquet)")], None),
        "deals_out": (Annotated[Path | None, typer.Option("--deals-out", help="save the sampled deals (parquet)")],
                      None),
    })


def _write(path: Path, fn) -> None:
    try:
        fn(path)
    except OSError as e:
        raise UserError(f"cannot write {str(path)!r}: {e.strerror or e}") from None
