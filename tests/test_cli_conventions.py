"""Command-line conventions: -h is help everywhere, --version, usage errors that point at the subcommand's
help, output to a pipe or a file that is not wrapped, options given once."""

import re

import pytest

from analyzer import __version__
from analyzer.cli import COMMANDS, app, register


def test_every_command_is_listed(run_cli):
    names = {"arena", "bid", "compare", "meld", "pass", "play", "report", "review", "rules", "serve", "solve", "stats",
             "two-hand"}
    assert names == set(COMMANDS)
    register()
    assert {c.name for c in app.registered_commands} == set(COMMANDS)
    code, out, _ = run_cli(["--help"])
    assert all(f" {c} " in out for c in COMMANDS)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_h_is_help_for_every_command(command, flag, run_cli):
    code, out, err = run_cli([command, flag])
    assert code == 0 and err == ""
    assert f"Usage: pinochle {command}" in out


def test_root_help_version_and_no_arguments(run_cli):
    code, out, _ = run_cli(["-h"])
    assert code == 0 and "Usage: pinochle" in out and "bid" in out
    code, out, _ = run_cli(["--version"])
    assert code == 0 and out.strip() == f"pinochle {__version__}"
    code, out, _ = run_cli([])
    assert code == 0 and "Usage: pinochle" in out


@pytest.mark.parametrize("args,where", [
    (["bid", "--nope"], "pinochle bid --help"),
    (["bid"], "pinochle bid --help"),
    (["two-hand", "--samples", "x"], "pinochle two-hand --help"),
    (["stats", "--samples"], "pinochle stats --help"),
    (["nosuch"], "pinochle --help"),
])
def test_usage_errors_point_at_the_subcommands_help(args, where, run_cli):
    code, out, err = run_cli(args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("pinochle: error:")
    assert f"(see: {where})" in err


def test_hand_has_a_short_flag_that_is_not_help(run_cli):
    code, out, _ = run_cli(["meld", "-H", "AS TS KS QS JS 9S QS JD JD 9H AH AD", "--json"])
    assert code == 0 and '"meld"' in out


@pytest.mark.parametrize("args", [
    ["meld", "--hand", "AS TS KS QS JS 9S QS JD JD 9H AH AD", "-o", "head=never", "-o", "head=always"],
    ["rules", "auction", "-o", "head=never", "--option", "head=never"],
    ["compare", "-o", "head=never,always", "-o", "head=trump-led", "--samples", "50"],
    ["stats", "-o", "target=200", "-o", "target=250", "--samples", "50"],
])
def test_an_option_given_twice_is_an_error(args, run_cli):
    code, _, err = run_cli(args)
    assert code == 2 and "given twice" in err and len(err.strip().splitlines()) == 1


def test_output_to_a_pipe_is_not_wrapped(run_cli):
    # captured output is not a terminal: Markdown tables, one row per line however long
    code, out, _ = run_cli(["rules", "auction"])
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert rows and all(line.endswith("|") for line in rows)
    head = next(line for line in rows if line.startswith("| head"))
    assert "must a player beat the trick's winning card: never, only when trump is led, or always" in head
    assert len(head) > 80
    assert not re.search(r"[─│┃━╭╰]", out)  # no box drawing


def test_long_text_lines_are_not_wrapped(run_cli):
    code, out, _ = run_cli(["meld", "--hand", "AS TS KS QS JS 9S QS JD JD 9H AH AD"])
    assert code == 0
    title = next(line for line in out.splitlines() if line.startswith("Auction partnership pinochle:"))
    assert len(title.split(":", 1)[1].split()) == 12  # the whole hand on the title line


def test_no_help_text_is_broken_mid_sentence():
    """A docstring's first paragraph is a command's line in ``pinochle -h``: a line break inside it was
    printed as is ("... phase 2 exact)," then "advise on the dix ..." on a line of its own)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import typer

    from analyzer.cli import app, register

    register()
    cmd = typer.main.get_command(app)
    for name, sub in cmd.commands.items():
        first = (sub.help or "").strip().split("\n\n")[0]
        assert "\n" not in first, (name, first)
    env = dict(os.environ, COLUMNS="100", PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    out = subprocess.run([sys.executable, "-m", "analyzer", "-h"], capture_output=True, text=True, env=env).stdout
    box = out[out.index("Commands"):].splitlines()[1:-1]
    for line, nxt in zip(box, box[1:], strict=False):
        if nxt.startswith("│ ") and not nxt[2:3].strip():  # a continuation line: the one above was full
            assert len(line.rstrip(" │")) > 80, (line, nxt)
