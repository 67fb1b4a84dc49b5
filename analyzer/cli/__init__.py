"""The ``pinochle`` command: each subcommand only parses, calls the API and prints (table or --json).

Subcommands live in ``analyzer/cli/<name>.py``, each exposing ``register(app)``.
Bad input raises :class:`analyzer.errors.UserError`; :func:`main` prints its one line on stderr and
exits with status 2.
"""

from __future__ import annotations

import importlib
import sys
from typing import Annotated

import typer

from analyzer.api import UserError, one_line

try:  # typer >= 0.29 vendors click
    from typer._click.exceptions import ClickException as _ClickException
    from typer._click.exceptions import NoArgsIsHelpError as _NO_ARGS
except ImportError:  # pragma: no cover
    from click.exceptions import ClickException as _ClickException
    from click.exceptions import NoArgsIsHelpError as _NO_ARGS
_CLICK_ERRORS = (_ClickException,)

app = typer.Typer(
    name="pinochle",
    help="Pinochle hand analyser: meld, rules, bid advice, double-dummy play.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from analyzer import __version__

        print(f"pinochle {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Pinochle hand analyser: meld, rules, bid advice, double-dummy play."""


#: every subcommand and the module of :mod:`analyzer.cli` that defines it
COMMANDS = {"arena": "arena", "bid": "bid", "compare": "compare", "meld": "meld", "pass": "passing", "play": "play",
            "report": "report", "review": "review", "rules": "rules", "serve": "serve", "solve": "solve",
            "stats": "stats", "two-hand": "twohand"}
_registered: set[str] = set()


def register(names: list[str] | None = None) -> None:
    """Import and register the named subcommands (all when None). A command imports its heavy modules
    (numba kernels, matplotlib, ...) with its own module, so a run imports only what it needs."""
    for name in COMMANDS if names is None else names:
        if name not in _registered:
            importlib.import_module(f"analyzer.cli.{COMMANDS[name]}").register(app)
            _registered.add(name)


_click: dict[frozenset[str], object] = {}


def _command() -> object:
    """The click command of the app with the subcommands registered so far (built once per set: typer
    would build it on every call)."""
    key = frozenset(_registered)
    if key not in _click:
        _click[key] = typer.main.get_command(app)
    return _click[key]


def _needed(args: list[str]) -> list[str] | None:
    """The subcommand the arguments name (only it is registered), [] for ``--version`` alone, or None
    (register all) for help, no arguments and unknown commands."""
    for a in args:
        if a in COMMANDS:
            return [a]
        if not a.startswith("-"):
            return None
    if args and all(a == "--version" for a in args):
        return []
    return None




#: flags of earlier versions, refused with the flag to use now (one vocabulary across the commands)
RETIRED_FLAGS = {"--dd-max-nodes": "--max-nodes", "--dd-nodes": "--max-nodes",
                 "--phase2": "--play (dd or heuristic)"}


def _retired(args: list[str]) -> None:
    for a in args:
        if a == "--":
            return
        flag = a.split("=", 1)[0]
        if flag in RETIRED_FLAGS:
            raise UserError(f"{flag} is now {RETIRED_FLAGS[flag]}: use that instead")


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user errors give one line on stderr and exit status 2, Ctrl-C exits with 130."""
    args = sys.argv[1:] if argv is None else list(argv)
    register(_needed(args))
    try:
        _retired(args)
        rv = _command().main(args=args, standalone_mode=False, prog_name="pinochle")  # type: ignore[attr-defined]
        # typer turns Ctrl-C (and an explicit typer.Exit) into a returned exit status here
        if rv == 130:
            raise KeyboardInterrupt
        if isinstance(rv, int) and not isinstance(rv, bool) and rv != 0:
            sys.exit(rv)
    except UserError as e:
        from analyzer.api import words

        print(f"pinochle: error: {one_line(e.in_words(words('cli')))}", file=sys.stderr)
        sys.exit(2)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        print("pinochle: interrupted", file=sys.stderr)
        sys.exit(130)
    except _NO_ARGS as e:  # ``pinochle`` alone: the help
        print(e.ctx.get_help() if e.ctx is not None else "pinochle --help")
        sys.exit(0)
    except _CLICK_ERRORS as e:  # usage errors: unknown flag, missing value, ...
        lines = e.format_message().splitlines() or [type(e).__name__]
        ctx = getattr(e, "ctx", None)
        if ctx is not None and ctx.parent is not None:
            sub = ctx.command_path.split(" ", 1)[1]
        else:  # the error came before the subcommand's context existed: find its name in the arguments
            words = sys.argv[1:] if argv is None else argv
            sub = next((w for w in words if w in COMMANDS), "")
        where = f"pinochle {sub} --help" if sub else "pinochle --help"
        print(f"pinochle: error: {one_line(lines[0])} (see: {where})", file=sys.stderr)
        sys.exit(2)
