"""``pinochle report``: Markdown with PNG figures for a rule set or a comparison, the command that made it,
and bad input through the CLI."""

import json
import re

import pytest

from analyzer.cli import main

PNG = b"\x89PNG\r\n\x1a\n"


def run_cli(args, capsys):
    try:
        main(args)
        code = 0
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def _figures(md: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)


def test_stats_report_with_a_hand(tmp_path, capsys):
    out = tmp_path / "auction"
    code, stdout, err = run_cli(["report", "--rules", "auction", "--samples", "1500", "--seed", "2",
                                 "--hand", "AH AH TH TH KH KH QH QH JH JH AS AD", "--advise-samples", "300",
                                 "--out", str(out), "--json"], capsys)
    assert code == 0, err
    d = json.loads(stdout)
    md = (out / "README.md").read_text(encoding="utf-8")
    figs = _figures(md)
    assert set(figs) == {"meld.png", "holdings.png", "tricks.png", "bids.png"}
    for f in figs:
        data = (out / f).read_bytes()
        assert data.startswith(PNG) and len(data) < 120_000
    assert d["report"] == str(out / "README.md") and len(d["figures"]) == 4
    # the report names the command that made it, and running that command again gives the same report
    command = re.search(r"Made by `([^`]+)`", md).group(1)
    assert command.startswith("pinochle report --rules auction") and "--samples 1500" in command
    assert "exact mean" in md and "Bid levels" in md and "Ceiling: you may go up to" in md
    args = __import__("shlex").split(command)[1:]
    code, _, err = run_cli(args, capsys)
    assert code == 0, err
    assert (out / "README.md").read_text(encoding="utf-8") == md


def test_two_handed_report_has_no_bid_figure(tmp_path, capsys):
    out = tmp_path / "th"
    code, _, err = run_cli(["report", "--rules", "two-handed", "--samples", "800", "--out", str(out)], capsys)
    assert code == 0, err
    md = (out / "README.md").read_text(encoding="utf-8")
    assert "bids.png" not in _figures(md) and "upcard" in md


def test_comparison_report(tmp_path, capsys):
    out = tmp_path / "cmp"
    code, stdout, err = run_cli(["report", "--rules", "two-handed", "--option", "deck=48,24", "--samples", "800",
                                 "--out", str(out), "--dpi", "60"], capsys)
    assert code == 0, err
    assert "wrote" in stdout
    md = (out / "README.md").read_text(encoding="utf-8")
    assert set(_figures(md)) == {"compare.png", "distributions.png"}
    assert "unpaired" in md and "--option deck=48,24" in md and "--dpi 60" in md
    assert "Differences from the baseline" in md


@pytest.mark.parametrize("args,needle", [
    (["--option", "head=never,sideways"], "bad value 'sideways'"),
    (["--trump", "X"], "unknown suit"),
    (["--dpi", "5"], "--dpi must lie between"),
    (["--hand", "AS AS"], "wrong hand size"),
    (["--vs", "missing.toml"], "cannot read house-rule file"),
])
def test_bad_input_is_a_user_error(args, needle, tmp_path, capsys):
    code, _, err = run_cli(["report", "--rules", "auction", "--samples", "200", "--out", str(tmp_path / "r")] + args,
                           capsys)
    assert code == 2
    assert needle in err and err.count("\n") == 1


def test_unwritable_folder_is_a_user_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, _, err = run_cli(["report", "--rules", "auction", "--samples", "200", "--out", str(blocker / "r")], capsys)
    assert code == 2 and "cannot create the report folder" in err
