"""``pinochle report``: a Markdown report with PNG figures — a rule set's statistics, or a rule comparison."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.api import QUESTIONS
from analyzer.api import report as api_report
from analyzer.cli.common import check_report_folder, console, emit_json
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP


def report(*, json_out: bool, out: Path | None, **values) -> None:
    """Write a Markdown report with figures: statistics of a rule set, or a comparison of rule settings."""
    if out is not None:
        check_report_folder(out)
    rep = api_report(values, "cli", progress=not json_out, out=out)
    if json_out:
        emit_json(rep.as_dict())
    else:
        console.print(f"wrote {rep.path} with {len(rep.figures)} figures")


def register(app: typer.Typer) -> None:
    command(app, "report", QUESTIONS["report"], report, epilog=SEATS_HELP, own={
        "out": (Annotated[Path | None, typer.Option(
            "--out", help="report folder, made inside a folder that exists (default reports/RULES[-compare])")], None),
        "json_out": (Annotated[bool, typer.Option("--json", help="print the report's path and figures as JSON")],
                     False)})
