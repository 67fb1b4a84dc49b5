"""``pinochle report``: Markdown with PNG figures for a rule set or a comparison, the command that made it,
and bad input through the CLI."""

import json
import re

import pytest

PNG = b"\x89PNG\r\n\x1a\n"


def _figures(md: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)


def test_stats_report_with_a_hand(tmp_path, run_cli):
    out = tmp_path / "auction"
    code, stdout, err = run_cli(["report", "--rules", "auction", "--samples", "1500", "--seed", "2",
                                 "--hand", "AH AH TH TH KH KH QH QH JH JH AS AD", "--advise-samples", "300",
                                 "--out", str(out), "--json"])
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
    assert "exact mean" in md and "Bid levels" in md and "Ceiling: you may go up to" in md and "call now — " in md
    args = __import__("shlex").split(command)[1:]
    code, _, err = run_cli(args)
    assert code == 0, err
    assert (out / "README.md").read_text(encoding="utf-8") == md


def test_two_handed_report_has_no_bid_figure(tmp_path, run_cli):
    out = tmp_path / "th"
    code, _, err = run_cli(["report", "--rules", "two-handed", "--samples", "800", "--out", str(out),
                            "--hand", "AH TH KH QH JH 9S AS TS QS JD KC QC", "--upcard", "9H",
                            "--advise-samples", "200", "--play", "heuristic"])
    assert code == 0, err
    md = (out / "README.md").read_text(encoding="utf-8")
    assert "bids.png" not in _figures(md) and "upcard" in md
    # a game without bidding has no call to make: the given hand's line names the trump, not a call
    line = next(x for x in md.splitlines() if x.startswith("- `AH TH KH"))
    assert "Trump hearts" in line and "call now" not in line


def test_comparison_report(tmp_path, run_cli):
    out = tmp_path / "cmp"
    code, stdout, err = run_cli(["report", "--rules", "two-handed", "--option", "deck=48,24", "--samples", "800",
                                 "--out", str(out), "--dpi", "60"])
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
def test_bad_input_is_a_user_error(args, needle, tmp_path, run_cli):
    code, _, err = run_cli(["report", "--rules", "auction", "--samples", "200", "--out", str(tmp_path / "r")] + args)
    assert code == 2
    assert needle in err and err.count("\n") == 1


def test_unwritable_folder_is_a_user_error(tmp_path, run_cli):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, _, err = run_cli(["report", "--rules", "auction", "--samples", "200", "--out", str(blocker / "r")])
    assert code == 2 and "cannot create the report folder" in err


# ---- honest pictures: every row drawn, axes with units, settings by name, intervals ----------------------------
def _texts(fig) -> str:
    parts = [fig._suptitle.get_text() if fig._suptitle else ""]
    for ax in fig.axes:
        parts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        parts += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        leg = ax.get_legend()
        if leg is not None:
            parts += [t.get_text() for t in leg.get_texts()]
    return "\n".join(parts)


@pytest.fixture(scope="module")
def small_stats():
    from analyzer.analyses.stats import meld_stats
    from analyzer.rules import load

    return meld_stats(load("auction"), 3000, 1)


def test_holdings_plot_draws_the_rows_never_seen(small_stats):
    from analyzer.analyses.report import holdings_plot

    st = small_stats
    unseen = [h for h in st.holdings if h.exact and h.estimate.k == 0]
    assert unseen  # 3,000 hands never hold a double farmer
    fig = holdings_plot(st)
    text = _texts(fig)
    assert f"never seen in {st.samples:,} hands ({len(unseen)} rows" in text
    drawn = sum(len(line.get_xdata()) for line in fig.axes[0].get_lines() if line.get_marker() in ("o", "v"))
    assert drawn == sum(1 for h in st.holdings if h.exact)  # every row with a chance above 0, seen or not
    assert "log scale" in fig.axes[0].get_xlabel() and "3,000" in text


def test_bids_plot_keeps_given_hands_in_their_own_panel(small_stats):
    from analyzer.advisor import ask
    from analyzer.analyses.report import bids_plot
    from analyzer.cards import Hand

    rs = small_stats.rules
    hand = "AS TS KS QS JS 9S QS JD JD 9H AH AD"
    adv = ask(rs, Hand.parse(hand, rs.deck), samples=200, seed=1, play="heuristic")
    fig = bids_plot(small_stats, {hand: adv})
    assert len(fig.axes) == 2
    left, right = fig.axes
    assert all("bid (points)" == ax.get_xlabel() for ax in fig.axes)
    assert hand in _texts(fig) and hand not in "\n".join(t.get_text() for t in left.get_legend().get_texts())
    assert len(left.collections) == 3 and len(right.collections) == 1  # a 95% band for every curve
    assert "3,000 deals" in left.get_title() and "200 sampled deals" in right.get_title()


def test_comparison_plot_names_the_settings_and_draws_intervals():
    from analyzer.analyses.compare import compare, settings_grid
    from analyzer.analyses.report import compare_plot

    c = compare(settings_grid("auction", ["run-suits=any,trump", "head=trump-led,always"]), 600, 2)
    fig = compare_plot(c)
    text = _texts(fig)
    for s in c.settings[1:]:
        assert s.label in text
    assert c.baseline.label in text and "600 random deals" in text and "95%" in text
    for ax in fig.axes:
        assert "difference from the baseline (" in ax.get_xlabel()
        assert ax.containers and ax.containers[0].has_xerr


def test_out_in_a_missing_folder_is_refused_before_any_work(tmp_path, run_cli):
    deep = tmp_path / "nonexistent" / "deep" / "x"
    code, out, err = run_cli(["report", "--rules", "auction", "--samples", "100000", "--out", str(deep)])
    assert code == 2 and "does not exist" in err and err.count("\n") == 1 and out == ""
    assert not (tmp_path / "nonexistent").exists()


def test_the_readme_says_what_out_and_seed_do():
    from pathlib import Path

    text = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text().split())
    assert "--seed` and `--json`" not in text  # meld and solve draw nothing: they take no --seed
    assert "`report --out` creates the report folder itself, but not missing folders above it" in text
