"""``pinochle play``: which card to play now, every legal card valued on deals consistent with what was seen."""

from __future__ import annotations

from typing import Annotated

import typer

from analyzer.api import PlayRequest, advise_card
from analyzer.cli.common import console, emit_json, load_rules, print_notes, table
from analyzer.cli.options import SEATS_HELP, JsonOpt, OptionsOpt, RulesOpt, SeedOpt
from analyzer.estimate import Estimate, Proportion

PLAYED_HELP = ('the cards played so far in play order, each trick from its leader, tricks separated by "/" '
               '(the last may be incomplete), e.g. "AS 9S TS KS / QH"')
EXAMPLES = """Examples:

  pinochle play --rules auction --hand "AH TH KH KH QH JH 9H AS QS JD AC TC" --seat 0 --declarer 0 --bid 25 --trump H

  pinochle play --rules auction --hand "AS AS TS KD QD JD 9D AC KC QC JC 9C" --seat 1 --declarer 0 --bid 25 --trump H
      --shown 0:"AH TH KH QH JH" --played "AH"
"""


def _est(e: Estimate, sign: bool = False) -> str:
    f = "+.1f" if sign else ".1f"
    return f"{e.mean:{f}} ({e.lo:{f}} to {e.hi:{f}})"


def _pct(p: Proportion) -> str:
    return f"{100 * p.p:.0f}% ({100 * p.lo:.0f}-{100 * p.hi:.0f})"


def print_card_advice(adv) -> None:
    """The advice as a table of the legal cards (best first) and its notes."""
    d = adv.to_dict()
    req = adv.request
    rs = req.rules
    who = "declaring side" if adv.declaring else "defenders"
    contract = f", seat {d['declarer']} bid {d['bid']}" if rs.has_bidding and d["bid"] else ""
    where = (f"trick {d['trick_number']}, " + (f"after {' '.join(d['trick'])}" if d["trick"] else "your lead"))
    console.print(f"{rs.name}: trump {d['trump']}{contract}; seat {d['seat']} to play ({where}); "
                  f"your side ({who}, seat {'+'.join(map(str, d['side']))}) has {d['points_so_far']['side']} points")
    if adv.target is not None:
        console.print(f"the declaring side needs {adv.target} points in all (meld {adv.side_meld})")
    tbl = table()
    tbl.add_column("card")
    tbl.add_column("your side's points (95%)", justify="right")
    if adv.lines[0].make is not None:
        tbl.add_column("bid made (95%)", justify="right")
    if adv.criterion in ("score", "net"):
        tbl.add_column("net score (95%)" if adv.criterion == "net" else "your score (95%)", justify="right")
    tbl.add_column("behind the best (95%)", justify="right")
    for ln in adv.lines:
        row = [ln.card + (" *" if ln.card == adv.best else ""), _est(ln.points)]
        if ln.make is not None:
            row.append(_pct(ln.make))
        if ln.score is not None:
            row.append(_est(ln.score, sign=True))
        row.append("—" if ln.behind is None else _est(ln.behind))
        tbl.add_row(*row)
    crit = {"net": "your side's expected net score (ours minus theirs)", "score": "your expected score",
            "points": "your side's expected points"}[adv.criterion]
    tbl.caption = f"ranked by {crit}, paired on the same deals"
    console.print(tbl)
    print_notes(d["notes"])
    if adv.action == "too-few":
        console.print("[bold]Too few deals to name a card.[/bold]")
    elif adv.action == "only":
        console.print(f"[bold]Play {adv.best} (your only legal card).[/bold]")
    else:
        console.print(f"[bold]Play {adv.best}.[/bold]")


def register(app: typer.Typer) -> None:
    @app.command("play", epilog=EXAMPLES + "\n" + SEATS_HELP)
    def play_cmd(
        hand: Annotated[str, typer.Option("--hand", "-H", help="your cards at the first lead (those played since "
                                                               "included)")],
        seat: Annotated[int, typer.Option("--seat", help="your seat")],
        trump: Annotated[str, typer.Option("--trump", "-t", help="the trump suit: S, H, D or C")],
        declarer: Annotated[int | None, typer.Option("--declarer", "-d", help="the declarer (high bidder)'s seat "
                                                                              "(or give --auction)")] = None,
        bid: Annotated[int, typer.Option("--bid", help="the winning bid (0: no contract figures)")] = 0,
        leader: Annotated[int | None, typer.Option("--leader", help="the seat that led the first trick (default: the "
                                                                    "declarer; two-handed: required)")] = None,
        shown: Annotated[list[str] | None, typer.Option("--shown", help="cards a seat showed as meld, SEAT:CARDS "
                                                                        "(repeatable), e.g. 2:'QS JD'")] = None,
        played: Annotated[str | None, typer.Option("--played", "-p", help=PLAYED_HELP)] = None,
        auction: Annotated[str | None, typer.Option("--auction", help="the auction's calls up to its last pass, "
                                                                      "e.g. \"1:16 2:pass 3:18 0:pass\": the winner "
                                                                      "and bid follow, and the calls' clues shape the "
                                                                      "deals (with --dealer)")] = None,
        dealer: Annotated[int | None, typer.Option("--dealer", help="the dealer of --auction")] = None,
        meld: Annotated[int | None, typer.Option("--meld", help="the declaring side's meld (default: counted from "
                                                                "your hand and the cards shown)")] = None,
        rules: RulesOpt = "auction",
        option: OptionsOpt = None,
        samples: Annotated[int | None, typer.Option("--samples", "-n", help="sampled deals (default: the rule "
                                                                            "set's, 100)")] = None,
        seed: SeedOpt = 0,
        play: Annotated[str, typer.Option("--play", help="dd (double dummy where the solver finishes, rollouts "
                                                         "otherwise) or heuristic (rollouts only)")] = "dd",
        max_nodes: Annotated[int | None, typer.Option("--max-nodes", help="the solver's node budget a deal")] = None,
        json_out: JsonOpt = False,
    ) -> None:
        """Which card to play now, every legal card valued on deals consistent with everything seen.

        Each card with your side's expected points, the chance the bid is made and how far it is behind the best.
        """
        rs = load_rules(rules, option)
        req = PlayRequest.make(rs, hand, seat=seat, trump=trump, declarer=declarer, bid=bid, leader=leader,
                               shown=shown, played=played, meld=meld, samples=samples, seed=seed, play=play,
                               max_nodes=max_nodes, auction=auction, dealer=dealer, flags=True)
        adv = advise_card(req, progress=True)
        if json_out:
            emit_json(adv.to_dict())
        else:
            print_card_advice(adv)
