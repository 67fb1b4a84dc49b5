"""``pinochle play``: which card to play now, every legal card valued on deals consistent with what was seen."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.api import QUESTIONS, advise_card, play_request, record_of_play, write_record
from analyzer.cli.common import (
    check_output,
    console,
    emit_json,
    estimate_text,
    print_notes,
    proportion_text,
    styled,
    table,
)
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP, JsonOpt

EXAMPLES = """Examples:

  pinochle play --rules auction --hand "AH TH KH KH QH JH 9H AS QS JD AC TC" --seat 0 --declarer 0 --bid 25 --trump H

  pinochle play --rules auction --hand "AS AS TS KD QD JD 9D AC KC QC JC 9C" --seat 1 --declarer 0 --bid 25 --trump H
      --shown 0:"AH TH KH QH JH" --played "AH"

  For the game (--score: the game's score before this hand, your side's
  first; --dealer: who dealt it), every card's chance of winning it:

  pinochle play --rules auction --hand "AH TH KH KH QH JH 9H AS QS JD AC TC" --seat 0 --declarer 0 --bid 25 --trump H
      --played "AS 9S TS KS / AH 9H JH QH" --score 130-140 --dealer 3

  Luxury Family: the three players' totals in seat order and the hand
  number (each player scores his own points: they are read off the line
  of play that valued the card). Two-handed phase 2: --so-far, each
  player's meld and card points of phase 1, yours first, and --dealer:

  pinochle play --rules luxury-family --seat 1 --declarer 0 --bid 200 --trump S
      --hand "AS TS KS QS JS 7S AH TH KH QH JH AD TD KD AC TC" --played 7H --score 120-80-95/2 --dealer 2

  pinochle play --rules two-handed --seat 1 --leader 0 --trump S
      --hand "KS JS JS KH QH AD KD QD 9D AC KC QC"
      --played "AS JS AD 9D QC KC AC 9S JH QH AD 9D KH TH TD QD KH JS KD QD"
      --score 100-100 --so-far 10+5-10+5 --dealer 1

  Two-handed phase 1 (--upcard: the stock is not yet gone). --hand is
  every card you hold now, the melded ones on your table included;
  --played the tricks so far, each from its leader: CARD* is a card
  played from its player's melds on the table (*2: the second melded
  copy), +MELD after a trick is a meld its winner laid (+dix: the
  exchange for the upcard while it lies there; +rm, +run, +new-run,
  +marriage-S, +aces, +kings, +queens, +jacks, +pinochle; double- in
  front of any: two at once). The melds of the turn you won go into
  --played before you ask.

  pinochle play --rules two-handed --seat 0 --leader 0 --upcard 9H
      --hand "AS TS KS QS JD AH KH QH TC KC 9C JC"

  pinochle play --rules two-handed --seat 1 --leader 0 --upcard 9H
      --hand "TS KS QS JD KH QH TH TC KC 9C JC JH"
      --played "AS 9S / KD QD +rm / AC" --play heuristic --samples 200
"""


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
    if adv.need_words is not None:
        console.print(adv.need_words)
    if "so_far" in d:
        you, opp = d["so_far"]["you"], d["so_far"]["opponent"]
        console.print(f"phase 1 so far: you {you['meld']} meld + {you['points']} points, the opponent {opp['meld']} "
                      f"+ {opp['points']}")
    _print_score(adv.game)
    tbl = table()
    tbl.add_column("card")
    tbl.add_column("your side's points (95%)", justify="right")
    if adv.lines[0].make is not None:
        tbl.add_column("bid made (95%)", justify="right")
    if adv.criterion in ("score", "net"):
        tbl.add_column("net score (95%)" if adv.criterion == "net" else "your score (95%)", justify="right")
    tbl.add_column("behind the best (95%)", justify="right")
    _game_columns(tbl, adv.game)
    for ln in adv.lines:
        row = [ln.card + _mark(adv, ln.card), estimate_text(ln.points)]
        if ln.make is not None:
            row.append(proportion_text(ln.make))
        if ln.score is not None:
            row.append(estimate_text(ln.score, sign=True))
        row.append("—" if ln.behind is None else estimate_text(ln.behind))
        tbl.add_row(*row, *_game_cells(ln.game))
    crit = {"net": "your side's expected net score (ours minus theirs)", "score": "your expected score",
            "points": "your side's expected points"}[adv.criterion]
    tbl.caption = f"ranked by {crit}, paired on the same deals" + _game_caption(adv.game)
    console.print(tbl)
    print_notes(d["notes"])
    if adv.concession is not None:  # the bid winner's first lead where the house rules allow a concession
        console.print(styled((adv.concession.text + ".", "bold")))
        if adv.concession.concede:
            return
    _print_card(adv, "your only legal card")


def print_stock_advice(adv) -> None:
    """Two-handed phase 1's advice as a table of the moves (best first) and its notes."""
    d = adv.to_dict()
    rs = adv.request.rules
    you, opp = d["so_far"]["you"], d["so_far"]["opponent"]
    where = f"after {' '.join(d['trick'])}" if d["trick"] else "your lead"
    console.print(f"{rs.name}, phase 1: trump {d['trump']}; seat {d['seat']} to play (trick {d['trick_number']}, "
                  f"{where}); stock {d['stock_left']} cards, {d['face_up']} face up; so far you {you['meld']} meld + "
                  f"{you['points']} points, the opponent {opp['meld']} + {opp['points']}")
    _print_score(adv.game)
    for s, cards in d["table"].items():
        if cards:
            who = "your" if int(s) == d["seat"] else "the opponent's"
            console.print(f"{who} table: " + " ".join(c["card"] for c in cards))
    tbl = table()
    tbl.add_column("card")
    tbl.add_column("you minus opponent (95%)", justify="right")
    tbl.add_column("your score (95%)", justify="right")
    tbl.add_column("behind the best (95%)", justify="right")
    _game_columns(tbl, adv.game)
    for ln in adv.lines:
        tbl.add_row(ln.card + (" *best" if ln.card == adv.best else _mark(adv, ln.card)),
                    estimate_text(ln.diff, sign=True), estimate_text(ln.mine),
                    "—" if ln.behind is None else estimate_text(ln.behind), *_game_cells(ln.game))
    tbl.caption = ("ranked by your expected score minus the opponent's over the whole hand, paired on the same deals"
                   + _game_caption(adv.game))
    console.print(tbl)
    print_notes(d["notes"])
    _print_card(adv, "your only card")


RecordOpt = Annotated[Path | None, typer.Option("--record", help="also write the position as a hand record (text; "
                                                 "JSON for a name ending .json): pinochle review reads it")]


def play(*, json_out: bool, record: Path | None, **values) -> None:
    """Which card to play now, every legal card valued on deals consistent with everything seen.

    Each card with your side's expected points, the chance the bid is made and how far it is behind the best.
    """
    req = play_request(values, "cli")
    if record is not None:
        check_output(record, "--record")
        write_record(record_of_play(values, "cli"), record)
    adv = advise_card(req, progress=True)
    if json_out:
        emit_json(adv.to_dict())
    elif req.phase1 is not None:
        print_stock_advice(adv)
    else:
        print_card_advice(adv)


def register(app: typer.Typer) -> None:
    command(app, "play", QUESTIONS["play"], play, epilog=EXAMPLES + "\n" + SEATS_HELP,
            own={"json_out": (JsonOpt, False), "record": (RecordOpt, None)})


def _print_score(game) -> None:
    """The game's score given (--score) and my chance of winning before the hand."""
    if game is None:
        return
    t = game.totals
    score = (f"{t[game.me]}-{t[1 - game.me]}, yours first" if len(t) == 2 else
             f"{'-'.join(map(str, t))} by seat, hand {game.hands + 1}")
    console.print(f"the game: {score}; your chance of winning it before this hand {game.now.mean:.1%}")


def _mark(adv, card: str) -> str:
    """The mark of the card to play (`` *``) and, where the game changes it, of the card by points."""
    if card == adv.best:
        return " *"
    return " (points)" if adv.game is not None and card == adv.game.points else ""


def _game_columns(tbl, game) -> None:
    if game is not None:
        tbl.add_column("chance of winning (95%)", justify="right")
        tbl.add_column("wins / loses the game now", justify="right")


def _game_cells(g) -> list[str]:
    """A card's game figures (none without --score): its chance of winning the game and the share of deals on
    which this hand wins or loses it."""
    if g is None:
        return []
    c = g.chance
    return [f"{c.mean:.1%} ({c.lo:.1%} to {c.hi:.1%})", f"{g.wins:.0%} / {g.loses:.0%}"]


def _game_caption(game) -> str:
    if game is None:
        return ""
    return f"; chance of winning: the game from this hand on (the table: {game.table})"


def _print_card(adv, only: str) -> None:
    """The advice's last line: the game's sentence (with --score), then the card to play, the only one (``only``
    says why), or too few deals."""
    if adv.game is not None and adv.action != "only":
        console.print(adv.game.text)
    if adv.action == "too-few":
        console.print(styled(("Too few deals to name a card.", "bold")))
    elif adv.action == "only":
        console.print(styled((f"Play {adv.best} ({only}).", "bold")))
    else:
        console.print(styled((f"Play {adv.best}.", "bold")))
