"""The ``pinochle`` command: each subcommand only parses, calls the API and prints (table or --json).

Subcommands live in ``analyzer/commands/<name>.py``, each exposing ``register(app)``.
Bad input raises :class:`analyzer.errors.UserError`; :func:`main` prints its one line on stderr and
exits with status 2.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from analyzer.errors import UserError

try:  # typer >= 0.29 vendors click
    from typer._click.exceptions import ClickException as _ClickException
except ImportError:  # pragma: no cover
    from click.exceptions import ClickException as _ClickException
_CLICK_ERRORS = (_ClickException,)

app = typer.Typer(
    name="pinochle",
    help="Pinochle hand analyser: meld, rules, bid advice, double-dummy play.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register_all() -> None:
    import analyzer.commands as pkg

    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if mod.name == "common":
            continue
        importlib.import_module(f"analyzer.commands.{mod.name}").register(app)


_register_all()


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user errors give one line on stderr and exit status 2."""
    try:
        app(args=argv, standalone_mode=False)
    except UserError as e:
        print(f"pinochle: error: {e}", file=sys.stderr)
        sys.exit(2)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        print("pinochle: aborted", file=sys.stderr)
        sys.exit(130)
    except _CLICK_ERRORS as e:  # usage errors: unknown flag, missing value, ...
        msg = e.format_message().splitlines()[0]
        ctx = getattr(e, "ctx", None)
        sub = ctx.info_name if ctx is not None and ctx.info_name != "pinochle" else ""
        where = f"pinochle {sub} --help".replace("  ", " ")
        print(f"pinochle: error: {msg} (see: {where})", file=sys.stderr)
        sys.exit(2)
