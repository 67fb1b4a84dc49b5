"""``pinochle solve``: the double-dummy value of a position and of every legal card of the player to move.

One position from the flags, or many from a JSON Lines file (``--file``), solved in parallel and
written as JSON Lines in input order. With ``--line`` (default) also one optimal line of play from the
position (the first card in the solver's move order that keeps the value, at every turn) and each
seat's points and tricks along it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from analyzer.api.solve import Defaults, parse_hands, parse_trick, parse_trump, report, solve_file
from analyzer.cards import SUITS, parse_card
from analyzer.cli.common import console, emit_json, styled, table
from analyzer.cli.options import SEATS_HELP, ClusterOpt, OptionsOpt, WorkersOpt
from analyzer.errors import UserError
from analyzer.play.engine import winning_position
from analyzer.rules import RuleSet, load
from analyzer.rules.loader import parse_option_args
from analyzer.runs.batches import check_cluster
from analyzer.runs.progress import progress_bar
from analyzer.solve import (
    DEFAULT_MAX_NODES,
    make_position,
    solve_positions,
)

RULES_HELP = "rule set: luxury-family, double-deck, auction, two-handed, bridge (or a house-rule .toml file)"
HANDS_HELP = 'every hand in seat order, separated by "/", e.g. "AS TS KS / QS JS 9S / ..."'


def _print(rep: dict[str, Any], rules: RuleSet) -> None:
    side = "+".join(str(s) for s in rep["side"])
    trick = f", trick {' '.join(rep['trick'])}" if rep["trick"] else ""
    console.print(f"{rules.name}: trump {rep['trump']}, seat {rep['to_play']} to play{trick}; "
                  f"points of the declaring side (seat {side})")
    if "at_least" in rep:
        t, made = rep["at_least"], rep["made"]
        what = (f"yes: {rep['lower']} or more" if made else f"no: at most {rep['upper']}" if made is False else
                f"undecided (node budget reached after {rep['nodes']:,} nodes; raise --max-nodes)")
        console.print(styled((f"at least {t}? {what}", "bold"), f"  ({rep['nodes']:,} nodes, {rep['ms']:,.0f} ms)"))
    elif rep["exact"]:
        console.print(styled((f"value {rep['value']}", "bold"), f"  ({rep['nodes']:,} nodes, {rep['ms']:,.0f} ms)"))
    else:
        console.print(styled((f"not exact: between {rep['lower']} and {rep['upper']}", "bold"),
                             f" (node budget reached after {rep['nodes']:,} nodes; raise --max-nodes)"))
    if rep["cards"]:
        tbl = table()
        tbl.add_column("card")
        tbl.add_column("value", justify="right")
        best = rep["value"]
        for name, v in rep["cards"].items():
            tbl.add_row(name + (" *" if v == best else ""), str(v))
        console.print(tbl)
    if rep.get("line"):
        _print_line(rep, rules)


def _print_line(rep: dict[str, Any], rules: RuleSet) -> None:
    """One optimal line, a trick a row (seats in brackets, the winner after the arrow), then each seat's
    points and tricks along it."""
    seats = rules.seats
    trump = -1 if rep["trump"] == "N" else SUITS.index(rep["trump"])
    lead = rep["leader"]
    trick = [(lead + i) % seats for i in range(len(rep["trick"]))]
    cards = [parse_card(c, rules.deck) for c in rep["trick"]]
    console.print("one optimal line:")
    no = 1
    for name in rep["line"]:
        trick.append((lead + len(trick)) % seats)
        cards.append(parse_card(name, rules.deck))
        if len(cards) == seats:
            w = winning_position(cards, trump)
            shown = " ".join(f"[{s}] {rules.deck.name(c)}" for s, c in zip(trick, cards, strict=True))
            console.print(f"  {no}: {shown} -> {trick[w]}")
            lead, trick, cards, no = trick[w], [], [], no + 1
    console.print("  " + ", ".join(f"seat {s}: {p} points, {t} tricks" for s, (p, t) in
                                   enumerate(zip(rep["points"], rep["tricks"], strict=True))))


def register(app: typer.Typer) -> None:
    @app.command("solve", epilog=SEATS_HELP)
    def solve_cmd(
        hands: Annotated[str | None, typer.Option("--hands", help=HANDS_HELP)] = None,
        trump: Annotated[str | None, typer.Option("--trump", "-t", help="trump suit S H D C, N = notrump")] = None,
        leader: Annotated[int | None, typer.Option("--leader", help="seat that leads the current trick "
                                                                   "(default: the declarer)")] = None,
        declarer: Annotated[int | None, typer.Option("--declarer", help="seat whose side's points are counted "
                                                                     "(default 0)")] = None,
        trick: Annotated[str | None, typer.Option("--trick", help='cards already played to the trick, '
                                                                  'in order, e.g. "AS TS"')] = None,
        bid: Annotated[int | None, typer.Option("--bid", help="the winning bid (double deck: 50 lifts the "
                                                              "first-lead trump duty; default 0)")] = None,
        rules: Annotated[str | None, typer.Option("--rules", "-r", help=RULES_HELP + " (default auction)")] = None,
        option: OptionsOpt = None,
        file: Annotated[Path | None, typer.Option("--file", "-f", help="solve one JSON position per line "
                                                                      "(fields as the flags; the flags given are "
                                                                      "the defaults of every line), JSON Lines "
                                                                      "out")] = None,
        cards: Annotated[bool, typer.Option("--cards/--no-cards", help="also the value of every legal "
                                                                       "card")] = True,
        max_nodes: Annotated[int, typer.Option("--max-nodes", help="node budget of one position; past "
                                                                   "it only bounds are given")] = DEFAULT_MAX_NODES,
        line: Annotated[bool, typer.Option("--line/--no-line", help="also one optimal line of play and each "
                                                                    "seat's points and tricks along it")] = True,
        at_least: Annotated[int | None, typer.Option("--at-least", help="only whether the declaring side takes at "
                                                     "least this many points (one search: far faster than the "
                                                     "value; no card values, no line)")] = None,
        json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
        workers: WorkersOpt = 1,
        cluster: ClusterOpt = None,
    ) -> None:
        """Double-dummy value of a position (all hands open) and of every legal card to play now."""
        if max_nodes < 1:
            raise UserError("--max-nodes must be at least 1")
        if workers < 1:
            raise UserError(f"--workers must be at least 1, not {workers}")
        check_cluster(cluster)
        if at_least is not None:
            if at_least < 0:
                raise UserError(f"--at-least is a number of points, 0 or more, not {at_least}")
            cards, line = False, False
        given = {n for n, v in (("rules", rules), ("trump", trump), ("leader", leader), ("declarer", declarer),
                                ("trick", trick), ("bid", bid)) if v is not None}
        if option:
            given.add("options")
        defaults = Defaults(rules=rules or "auction", options=parse_option_args(option), trump=trump, leader=leader,
                            declarer=0 if declarer is None else declarer, trick=trick, bid=0 if bid is None else bid,
                            given=frozenset(given))
        if file is not None:
            if hands is not None:
                raise UserError("give either --hands (one position) or --file (many), not both")
            for rep in solve_file(file, cards, max_nodes, line, defaults, progress=not json_out, workers=workers,
                                  cluster=cluster, target=at_least):
                emit_json(rep)
            return
        if hands is None:
            raise UserError('give the hands with --hands "h0 / h1 / ..." or a file of positions with --file')
        rs = load(defaults.rules, defaults.options)
        hand_kinds = parse_hands(hands, rs)
        pos = make_position(rs, hand_kinds, parse_trump(trump), defaults.declarer if leader is None else leader,
                            defaults.declarer, parse_trick(trick, rs), defaults.bid)
        with progress_bar(not json_out, None, "solving"):
            res = solve_positions(rs, [pos], cards, max_nodes, lines=line, target=at_least)[0]
        rep = report(rs, pos, res, at_least)
        emit_json(rep) if json_out else _print(rep, rs)
