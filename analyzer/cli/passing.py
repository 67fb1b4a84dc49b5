"""``pinochle pass``: which cards to pass to my partner, where the house rules have a pass."""

from __future__ import annotations

from analyzer.api import QUESTIONS, advise_pass, pass_request
from analyzer.cli.common import console, emit_json, estimate_text, print_notes, proportion_text, styled, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP, JsonOpt

EXAMPLES = """Examples:

  As the bid winner's partner (you pass first; the bid winner answers by the simple rule):

  pinochle pass --rules house/auction-pass.toml --hand "AH JH AS TS JS 9S TD 9D KC QC TC JC"
      --seat 2 --declarer 0 --bid 20 --trump H

  As the bid winner, with the cards your partner passed you:

  pinochle pass --rules house/auction-pass.toml --hand "AH TH KH QH 9H KS QS JC KD QD JD 9C"
      --seat 0 --declarer 0 --bid 20 --trump H --received "AH JH AS"
"""


def print_pass_advice(adv) -> None:
    """The candidate sets as a table, the best first, and the notes."""
    d = adv.to_dict()
    r = adv.request
    role = "the bid winner" if r.bidder else "the bid winner's partner"
    got = f"; received {' '.join(d['received'])}" if d["received"] else ""
    console.print(f"{r.rules.name}: seat {d['declarer']} bid {d['bid']}, trump {d['trump']}; you, seat {d['seat']} "
                  f"({role}), pass {d['cards']} cards{got}")
    tbl = table()
    tbl.add_column("pass")
    tbl.add_column("net score (95%)", justify="right")
    tbl.add_column("behind the best (95%)", justify="right")
    tbl.add_column("side meld", justify="right")
    tbl.add_column("bid made (95%)", justify="right")
    if r.first:
        tbl.add_column("partner's answer (share)")
    for i, ln in enumerate(adv.lines):
        row = [" ".join(ln.cards) + (" *" if i == 0 else ""), estimate_text(ln.net, sign=True),
               "—" if ln.behind is None else estimate_text(ln.behind), f"{ln.meld.mean:.1f}", proportion_text(ln.made)]
        if r.first:
            row.append(f"{' '.join(ln.reply or ())} ({100 * (ln.reply_share or 0):.0f}%)")
        tbl.add_row(*row)
    tbl.caption = f"ranked by your side's expected net score (ours minus theirs), paired on the same {adv.deals} deals"
    console.print(tbl)
    print_notes(d["notes"])
    console.print(styled(("Pass " + " ".join(adv.best) + ".", "bold")))


def pass_cards(*, json_out: bool, **values) -> None:
    """Which cards to pass (a house file with a pass): every set worth considering ranked by your side's net score.

    Each set played on the same sampled deals: the meld after the pass plus the trick points, with 95% intervals.
    """
    req = pass_request(values, "cli")
    adv = advise_pass(req)
    if json_out:
        emit_json(adv.to_dict())
    else:
        print_pass_advice(adv)


def register(app) -> None:
    command(app, "pass", QUESTIONS["pass"], pass_cards, epilog=EXAMPLES + "\n" + SEATS_HELP,
            own={"json_out": (JsonOpt, False)})
