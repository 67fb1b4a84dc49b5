"""``pinochle report``: a Markdown report with PNG figures — a rule set's statistics, or a rule comparison."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from analyzer.advisor.request import ADVICE_LIMIT_WHY, MAX_ADVICE_SAMPLES
from analyzer.analyses.compare import compare, parse_grid_options, settings_grid
from analyzer.analyses.report import DPI, compare_report, stats_report
from analyzer.analyses.stats import meld_stats
from analyzer.cards import suit_index
from analyzer.cli.common import check_report_folder, console, emit_json, parse_hand
from analyzer.cli.options import SEATS_HELP, ClusterOpt, OptionsOpt, RulesOpt, VsOpt, WorkersOpt
from analyzer.errors import UserError
from analyzer.play.modes import PLAY_OR_NONE_HELP, players_of
from analyzer.rules import load
from analyzer.runs import warmup
from analyzer.runs.batches import check_cluster, check_samples

DEFAULT_SAMPLES = 20_000
OPTION_HELP = "rule option NAME=VALUE (repeatable); NAME=A,B or --vs make it a comparison report"


def command_line(args: list[tuple[str, object]]) -> str:
    """The canonical ``pinochle report ...`` line of the given (flag, value) pairs (None: left out)."""
    parts = ["pinochle", "report"]
    for flag, value in args:
        if value is None:
            continue
        parts += [flag, str(value)]
    return shlex.join(parts)


def register(app: typer.Typer) -> None:
    @app.command("report", epilog=SEATS_HELP)
    def report_cmd(
        rules: RulesOpt = "auction",
        option: OptionsOpt = None,
        vs: VsOpt = None,
        hand: Annotated[list[str] | None, typer.Option("--hand", "-H", help="a hand to get bid advice for (repeatable)")
                        ] = None,
        upcard: Annotated[str | None, typer.Option("--upcard", help="two-handed: the turned-up card of --hand")] = None,
        samples: Annotated[int, typer.Option("--samples", "-n", help="random deals (per setting)")] = DEFAULT_SAMPLES,
        advise_samples: Annotated[int, typer.Option("--advise-samples", help="sampled deals per hand's advice")
                                  ] = 2000,
        play: Annotated[str, typer.Option("--play", help=PLAY_OR_NONE_HELP)] = "heuristic",
        trump: Annotated[str, typer.Option("--trump", help="trump of the fixed-trump meld figures (S H D C)")] = "S",
        seed: Annotated[int, typer.Option("--seed", help="random seed (same seed, same report)")] = 0,
        out: Annotated[Path | None, typer.Option(
            "--out", help="report folder, made inside a folder that exists (default reports/RULES[-compare])")] = None,
        dpi: Annotated[int, typer.Option("--dpi", help="figure resolution")] = DPI,
        workers: WorkersOpt = 1,
        cluster: ClusterOpt = None,
        json_out: Annotated[bool, typer.Option("--json", help="print the report's path and figures as JSON")] = False,
    ) -> None:
        """Write a Markdown report with figures: statistics of a rule set, or a comparison of rule settings."""
        if not 30 <= dpi <= 300:
            raise UserError(f"--dpi must lie between 30 and 300, not {dpi}")
        check_samples(samples)
        if hand:
            check_samples(advise_samples, "--advise-samples", MAX_ADVICE_SAMPLES, ADVICE_LIMIT_WHY)
        check_cluster(cluster)
        if out is not None:
            check_report_folder(out)
        grid = parse_grid_options(option)
        comparing = bool(vs) or any(len(v) > 1 for v in grid.values())
        base = load(rules, {k: v[0] for k, v in grid.items()})  # checks the rule set and every option name
        target = out or Path("reports") / (base.id + ("-compare" if comparing else ""))
        flags: list[tuple[str, object]] = [("--rules", rules)]
        flags += [("--option", o) for o in option or []] + [("--vs", v) for v in vs or []]
        flags += [("--hand", h) for h in hand or []] + [("--upcard", upcard)]
        flags += [("--samples", samples), ("--seed", seed)]
        if hand:
            flags.append(("--advise-samples", advise_samples))
        if comparing:
            settings = settings_grid(rules, option, vs)
            c = compare(settings, samples, seed, hands=hand or [], advise_samples=advise_samples, upcard=upcard,
                        workers=workers, cluster=cluster, progress=not json_out)
            flags += [("--out", target)] + ([("--dpi", dpi)] if dpi != DPI else [])
            rep = compare_report(c, target, command_line(flags), dpi)
        else:
            modes = players_of(play, allow_none=True)
            t = suit_index(trump)
            flags += [("--play", play), ("--trump", trump), ("--out", target)]
            flags += [("--dpi", dpi)] if dpi != DPI else []
            advice = {}
            if hand:
                from analyzer.advisor.advise import advise
                from analyzer.advisor.request import BidRequest

                for h in hand:
                    parsed = parse_hand(h, base)
                    if not base.has_bidding and upcard is None:
                        raise UserError(f"{base.id} has no bidding: name trump for --hand with --upcard, e.g. 9H")
                    req = BidRequest.make(base, parsed, samples=advise_samples, seed=seed,
                                          upcard=None if base.has_bidding else upcard,
                                          play="heuristic" if base.has_bidding else None)
                    advice[h] = advise(req, workers=workers, cluster=cluster)
            if "dd" in modes:
                warmup.start_solver()
            st = meld_stats(base, samples, seed, plays=modes, trump=t, workers=workers, cluster=cluster,
                            progress=not json_out)
            rep = stats_report(st, target, command_line(flags), advice, dpi)
        if json_out:
            emit_json(rep.as_dict())
        else:
            console.print(f"wrote {rep.path} with {len(rep.figures)} figures")
