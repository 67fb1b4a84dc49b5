"""``pinochle two-hand``: what a dealt two-handed hand is worth, the dix and the melds to aim for, and the
chance of winning the game from a score.

    pinochle two-hand --hand "AH AH TH KH QH JH 9H AS KS QS JD QC" --upcard KH [--dealer]
                      [--samples N] [--seed S] [--play dd|heuristic] [--option k=v ...] [--workers N] [--cluster C]
                      [--score 84-97 [--target 120] [--games N]] [--json]

Without ``--hand`` (and ``--upcard``) only the game-level chance from ``--score`` is computed.
"""

from __future__ import annotations

from typing import Annotated

import typer

from analyzer.api import QUESTIONS, BidRequest, advise, where
from analyzer.cli.common import console, emit_json, print_notes, styled, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP
from analyzer.errors import UserError
from analyzer.play.modes import PLAYERS, play_mode
from analyzer.rules import RuleSet, load
from analyzer.rules.loader import parse_option_args
from analyzer.runs.progress import progress_bar
from analyzer.twohand.analysis import HandAnalysis, trump_name
from analyzer.twohand.hands import PHASE2_POLICY
from analyzer.twohand.odds import GameOdds, game_odds, parse_score
from analyzer.twohand.params import check_two_handed
from analyzer.twohand.policy import TH_VERSION


def load_two_handed(name: str, options: list[str] | None, target: int | None) -> RuleSet:
    """The rule set with ``--option`` values and ``--target`` (an alias of ``--option target=N``)."""
    opts = parse_option_args(options)
    if target is not None:
        if "target" in opts and str(opts["target"]).strip() != str(target):
            raise UserError(f"--target {target} and --option target={opts['target']} disagree: give one")
        opts["target"] = str(target)
    rules = load(name, opts)
    check_two_handed(rules)
    return rules


def _pm(e, digits: int = 1) -> str:
    return f"{e.mean:.{digits}f} ±{(e.hi - e.lo) / 2:.{digits}f}"


def print_analysis(a: HandAnalysis) -> None:
    rs = a.rules
    who = "you deal (the opponent leads)" if a.dealer else "the opponent deals (you lead)"
    p2 = "double-dummy solver" if a.phase2 == "exact" else f"heuristic players ({PHASE2_POLICY})"
    console.print(styled((rs.name, "bold"), f" — {a.samples} sampled hands, seed {a.seed}; phase 1 {TH_VERSION} "
                         f"for both players, phase 2 by the {p2}"))
    console.print(f"options: {rs.option_text()}")
    console.print(f"hand: {' '.join(a.hand)}   upcard {a.upcard}: trump {trump_name(a)}; {who}")
    console.print(f"meld of these {len(a.hand)} cards at full value: {a.static_meld}")
    t = table(title="Expected per hand (95% intervals)")
    t.add_column("")
    t.add_column("you", justify="right")
    t.add_column("opponent", justify="right")
    t.add_row("meld", _pm(a.meld), _pm(a.opp_meld))
    t.add_row("trick points", _pm(a.tricks), _pm(a.opp_tricks))
    t.add_row("score", _pm(a.score), _pm(a.opp_score))
    console.print(t)
    d = a.difference
    console.print(styled("score difference (you − opponent): ", (f"{d.mean:+.1f}", "bold"),
                         f" (95% {d.lo:+.1f} to {d.hi:+.1f}); you outscore the opponent in "
                         f"{100 * a.outscore.p:.1f}% of the hands"))
    console.print(f"dix: {a.dix.text}")
    if a.melds:
        m = table(title="Melds to aim for (how often you scored each, mean points per hand)")
        m.add_column("meld")
        m.add_column("scored in", justify="right")
        m.add_column("mean points", justify="right")
        for f in a.melds:
            m.add_row(f.meld, f"{100 * f.share.p:.1f}%", f"{f.mean_points:.2f}")
        console.print(m)
    if a.phase2_gap is not None:
        g = a.phase2_gap
        console.print(f"phase 2, solver minus heuristic players on the same positions: {g.mean:+.2f} points for you "
                      f"(95% {g.lo:+.2f} to {g.hi:+.2f})")
    if a.inexact:
        console.print(styled((f"{a.inexact} phase-2 positions past the solver's node budget (scored at the middle "
                              "of their proven bounds)", "yellow")))


def _print_odds(o: GameOdds) -> None:
    first = "this hand as analysed, then " if o.first_hand == "analysed hand" else ""
    deal = "you deal" if o.i_deal else "the opponent deals"
    console.print(styled(f"game: from {o.score[0]}-{o.score[1]} to {o.target} ({deal} next), you win ",
                         (f"{100 * o.win.p:.1f}%", "bold"),
                         f" (95% {100 * o.win.lo:.1f}-{100 * o.win.hi:.1f}%) of {o.games} games; {first}hands of "
                         f"{TH_VERSION} self-play ({o.pool} hands, phase 2 {o.phase2}); {o.mean_hands:.2f} hands per "
                         "game on average"))


def two_hand(*, json_out: bool, **values) -> None:
    """Two-handed pinochle: what a dealt hand is worth around its upcard, the dix, the melds to aim for.

    Whole hands are simulated (phase 2 exact); with a score, the chance of winning the game."""
    v = values
    rs = load_two_handed(v["rules"], v["options"], v["target"])
    if v["hand"] is None and v["upcard"] is None and v["score"] is None:
        raise UserError('give a hand with --hand "AH AH TH ..." --upcard 9H, or a game score with --score 84-97')
    if (v["hand"] is None) != (v["upcard"] is None):
        raise UserError('a hand needs its upcard and the upcard a hand: --hand "AH AH TH ..." --upcard 9H')
    run = where(v)
    games = QUESTIONS["two-hand"]["games"].check(v["games"])
    play = play_mode(v["play"], PLAYERS) if v["play"] is not None else None
    _answer(rs, json_out, {**v, "play": play, "games": games}, run)


def register(app: typer.Typer) -> None:
    command(app, "two-hand", QUESTIONS["two-hand"], two_hand, epilog=SEATS_HELP, own={
        "json_out": (Annotated[bool, typer.Option("--json", help="print JSON")], False)})


def _answer(rs: RuleSet, json_out: bool, v: dict, run) -> None:
    """The hand's analysis (with its hand) and the game's odds (with a score), printed."""
    hand, upcard, dealer, seed, score, games = v["hand"], v["upcard"], v["dealer"], v["seed"], v["score"], v["games"]
    analysis = adv = None
    if hand is not None and upcard is not None:
        req = BidRequest.make(rs, hand, seat=0, dealer=0 if dealer else 1, upcard=upcard, samples=v["samples"],
                              seed=seed, play=v["play"], front="cli")
        adv = advise(req, progress=not json_out, workers=run.workers, cluster=run.cluster)
        analysis = adv.two_hand
    odds = None
    if score is not None:
        first = None if analysis is None else (analysis.my_scores, analysis.opp_scores)
        with progress_bar(not json_out, None, f"playing {games:,} games"):
            odds = game_odds(rs, parse_score(score), i_deal=dealer, games=games, seed=seed, first=first)
    if json_out:
        if adv is not None:
            out = adv.as_dict()
            out["game"] = None if odds is None else odds.as_dict()
        else:
            out = {"rules": rs.id, "options": rs.options, "game": None if odds is None else odds.as_dict()}
        emit_json(out)
        return
    if analysis is not None:
        print_analysis(analysis)
        print_notes(adv.notes)
    if odds is not None:
        if analysis is None:
            console.print(styled((rs.name, "bold"), f" — options: {rs.option_text()}"))
        _print_odds(odds)

