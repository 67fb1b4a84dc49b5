"""The command-line options many commands share, declared once (a command writes ``rules: RulesOpt =
"auction"``), and the help texts they show."""

from __future__ import annotations

from typing import Annotated

import typer

from analyzer.runs.batches import CLUSTER_HELP, WORKERS_HELP

#: how every command numbers the seats (shown at the end of each command's help)
SEATS_HELP = ("Seats: numbered 0 to N-1 in turn order, clockwise (seat 1 sits left of seat 0, play and bidding go "
              "0, 1, 2, ...); partners sit opposite (0 with 2, 1 with 3). Seat words relative to you: left (the "
              "next seat), right, partner, across.")

RULES_HELP = "rule set: luxury-family, double-deck, auction, two-handed (or a house-rule .toml file)"
OPTION_HELP = "rule option name=value, repeatable (e.g. --option head=always)"

# ---- the options many commands share (one declaration each: a command writes ``rules: RulesOpt = "auction"``)
RulesOpt = Annotated[str, typer.Option("--rules", "-r", help=RULES_HELP)]
OptionsOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)]
SeedOpt = Annotated[int, typer.Option("--seed", help="random seed (same seed, same answer)")]
WorkersOpt = Annotated[int, typer.Option("--workers", "-w", help=WORKERS_HELP)]
ClusterOpt = Annotated[str | None, typer.Option("--cluster", help=CLUSTER_HELP)]
JsonOpt = Annotated[bool, typer.Option("--json", help="print everything as JSON")]
VsOpt = Annotated[list[str] | None, typer.Option("--vs", help="a house-rule .toml file to compare (repeatable)")]
