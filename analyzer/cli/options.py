"""The command line's own options (``--json``) and the seats' help; every other option is a question's field,
derived by :mod:`analyzer.cli.derive` from its one declaration (:mod:`analyzer.request.parts`)."""

from __future__ import annotations

from typing import Annotated

import typer

from analyzer.api import SEATS_HELP  # noqa: F401  (the commands' epilog)

JsonOpt = Annotated[bool, typer.Option("--json", help="print everything as JSON")]
