"""``pinochle two-hand``: what a dealt two-handed hand is worth, the dix and the melds to aim for, and the
chance of winning the game from a score.

    pinochle two-hand --hand "AH AH TH KH QH JH 9H AS KS QS JD QC" --upcard KH [--dealer]
                      [--samples N] [--seed S] [--play dd|heuristic] [--option k=v ...] [--workers N] [--cluster C]
                      [--score 84-97 [--target 120]] [--json]

With ``--score`` the chance of winning the game, read from the game's win-probability table: before this hand and,
with a hand, after it as analysed (the dix judged for the game too). Without ``--hand`` (and ``--upcard``) only the
chance from the score.
"""

from __future__ import annotations

from typing import Annotated

import typer

from analyzer.api import PHASE2_POLICY, QUESTIONS, TH_VERSION, HandAnalysis, HandGame, trump_name
from analyzer.api import two_hand as api_two_hand
from analyzer.cli.common import console, emit_json, print_notes, styled, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP


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
    if a.game is not None:
        print_game(a.game)


def print_game(g: HandGame) -> None:
    """The game at the score given (--score): my chance of winning it now and after the analysed hand."""
    console.print(styled((f"{g.text()}.", "bold")))
    console.print(f"(the win-probability table: {g.table}; the later hands played as in that self-play)")


def two_hand(*, json_out: bool, **values) -> None:
    """Two-handed pinochle: what a dealt hand is worth around its upcard, the dix, the melds to aim for.

    Whole hands are simulated (phase 2 exact); with a score, the chance of winning the game (the game's
    win-probability table), before the hand and after it."""
    ans = api_two_hand(values, "cli", progress=not json_out)
    if json_out:
        emit_json(ans.as_dict())
        return
    rs, adv = ans.rules, ans.advice
    if adv is not None:
        print_analysis(adv.two_hand)
        print_notes(adv.notes)
    elif ans.game is not None:
        console.print(styled((rs.name, "bold"), f" — options: {rs.option_text()}"))
        print_game(ans.game)


def register(app: typer.Typer) -> None:
    command(app, "two-hand", QUESTIONS["two-hand"], two_hand, epilog=SEATS_HELP, own={
        "json_out": (Annotated[bool, typer.Option("--json", help="print JSON")], False)})
