"""The command line's own options (``--json``), the seats' help, and the shared fields as typer annotations for
the commands that declare their other options by hand (``solve``, ``meld``, ``rules``); every other option is a
question's field, derived by :mod:`analyzer.cli.derive` from its one declaration (:mod:`analyzer.request.parts`)."""

from __future__ import annotations

from typing import Annotated

import typer

from analyzer.api import QUESTIONS, SEATS_HELP  # noqa: F401  (the commands' epilog)
from analyzer.cli.derive import annotated

JsonOpt = Annotated[bool, typer.Option("--json", help="print everything as JSON")]
RulesOpt = annotated(QUESTIONS["meld"]["rules"])[0]
OptionsOpt = annotated(QUESTIONS["meld"]["options"])[0]
WorkersOpt = annotated(QUESTIONS["solve"]["workers"])[0]
ClusterOpt = annotated(QUESTIONS["solve"]["cluster"])[0]
