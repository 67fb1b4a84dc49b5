"""The ``pinochle`` command: each subcommand only parses, calls the API and prints (table or --json).

Subcommands live in ``analyzer/commands/<name>.py``, each exposing ``register(app)``.
Bad input raises :class:`analyzer.errors.UserError`; :func:`main` prints its one line on stderr and
exits with status 2.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Annotated

import typer

from analyzer.errors import UserError

try:  # typer >= 0.29 vendors click
    from typer._click.exceptions import ClickException as _ClickException
    from typer._click.exceptions import NoArgsIsHelpError as _NO_ARGS
except ImportError:  # pragma: no cover
    from click.exceptions import ClickException as _ClickException
    from click.exceptions import NoArgsIsHelpError as _NO_ARGS
_CLICK_ERRORS = (_ClickException,)

app = typer.Typer(
    name="pinochle",
    help="Pinochle hand analyser: meld, rules, bid advice, double-dummy play. Seats are numbered 0..N-1 "
    "clockwise; seat 0 sits left of the dealer unless --dealer says otherwise.",
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


def _register_all() -> None:
    import analyzer.commands as pkg

    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if mod.name == "common":
            continue
        importlib.import_module(f"analyzer.commands.{mod.name}").register(app)


_register_all()


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user errors give one line on stderr and exit status 2, Ctrl-C exits with 130."""
    try:
        rv = app(args=argv, standalone_mode=False, prog_name="pinochle")
        # typer turns Ctrl-C (and an explicit typer.Exit) into a returned exit status here
        if rv == 130:
            raise KeyboardInterrupt
        if isinstance(rv, int) and not isinstance(rv, bool) and rv != 0:
            sys.exit(rv)
    except UserError as e:
        print(f"pinochle: error: {e}", file=sys.stderr)
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
            names = {c.name for c in app.registered_commands}
            sub = next((w for w in words if w in names), "")
        where = f"pinochle {sub} --help" if sub else "pinochle --help"
        print(f"pinochle: error: {lines[0]} (see: {where})", file=sys.stderr)
        sys.exit(2)
