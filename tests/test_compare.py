"""``pinochle compare`` and :mod:`analyzer.analyses.compare`: every named option, paired and unpaired differences,
grids, house files, hands, and bad input through the CLI."""

import json

import numpy as np
import polars as pl
import pytest

from analyzer.analyses.compare import compare, difference, settings_grid
from analyzer.estimate import mean_ci

# every option RULES.md names, with two of its values, per rule set
OPTIONS = [
    ("luxury-family", "head=never,always"),
    ("double-deck", "head=never,trump-led"),
    ("double-deck", "target=500"),
    ("auction", "head=trump-led,never"),
    ("auction", "run-suits=any,trump"),
    ("auction", "bidding-rounds=1,2"),
    ("auction", "target=150,200"),
    ("two-handed", "head=always,trump-led"),
    ("two-handed", "run-points=15,20"),
    ("two-handed", "meld-notes=strict,relaxed"),
    ("two-handed", "counting=classic,aces-tens-kings"),
    ("two-handed", "deck=48,24"),
    ("two-handed", "target=120,60"),
]


@pytest.mark.parametrize("rid,opt", OPTIONS)
def test_every_named_option_can_be_compared(rid, opt, tmp_path, run_cli):
    name, values = opt.split("=")
    if "," not in values:  # a single choice: compare the rule set against a house file that restates it
        house = tmp_path / "same.toml"
        house.write_text(f'base = "{rid}"\n[options]\n{name} = {values}\n')
        args = ["compare", "--rules", rid, "--vs", str(house)]
    else:
        args = ["compare", "--rules", rid, "--option", opt]
    code, out, err = run_cli(args + ["--samples", "500", "--seed", "1", "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert len(d["settings"]) == 2 and len(d["differences"]) == 1
    diff = d["differences"][0]
    if name == "deck":
        assert diff["paired"] is False and any("unpaired" in n for n in d["notes"])
    else:
        assert diff["paired"] is True
    unchanged = any("gives the same meld, play and points" in n for n in d["notes"])
    # the options that change nothing this analysis models say so; meld and counting options change something
    # (heading may or may not change the heuristic policy's cards: two-handed's v1 follower wins when it can)
    if name != "head":
        assert unchanged == (name in ("bidding-rounds", "target", "meld-notes"))
    if unchanged:
        assert all(v["mean"] == 0 and v["lo"] == 0 and v["hi"] == 0 for v in diff["difference"].values())


def test_paired_differences_isolate_what_changed():
    st = settings_grid("two-handed", ["counting=classic,aces-tens", "run-points=15,20"])
    assert [s.label for s in st] == ["counting=classic, run-points=15", "counting=classic, run-points=20",
                                     "counting=aces-tens, run-points=15", "counting=aces-tens, run-points=20"]
    c = compare(st, 3000, 5)
    run20, aces = c.differences[1], c.differences[2]
    # run-points changes the meld only: trick points identical on every deal (zero-width interval)
    assert run20["meld"].mean > 0 and run20["meld"].lo > 0
    assert run20["trick_points"].mean == 0 and run20["trick_points"].se == 0
    # counting changes the trick points only: classic counts 57 points, aces-tens 17
    assert aces["meld"].mean == 0 and aces["trick_points"].hi < -5
    assert aces["meld_share"].lo > 0
    # the paired interval of a meld difference is far narrower than the unpaired one would be
    f0, f1 = c.figures[0], c.figures[1]
    unpaired = difference(f1.estimates["meld"], f0.estimates["meld"], None, None, False)
    assert run20["meld"].se < unpaired.se / 5


def test_ratio_interval_matches_direct_computation(ratio_ci):
    rng = np.random.default_rng(0)
    den = rng.integers(10, 30, 5000).astype(float)
    num = den * 0.3 + rng.normal(0, 1, 5000)
    r, lin = ratio_ci(num, den)
    assert r.mean == pytest.approx(num.mean() / den.mean())
    assert abs(lin.mean()) < 1e-9
    # the delta-method interval covers the ratio of an independent big sample of the same kind
    den2 = rng.integers(10, 30, 200_000).astype(float)
    num2 = den2 * 0.3 + rng.normal(0, 1, 200_000)
    assert r.lo < num2.mean() / den2.mean() < r.hi
    same = difference(r, r, lin, lin, True)
    assert same.mean == 0 and same.se == 0
    e = mean_ci(num)
    assert difference(e, e, None, None, False).se == pytest.approx(np.sqrt(2) * e.se)


def test_house_file_and_hands(tmp_path, run_cli):
    house = tmp_path / "big-farmer.toml"
    house.write_text('base = "auction"\n[meld.farmer]\nvalues = [25, 250]\n')
    out = tmp_path / "cmp.parquet"
    code, stdout, err = run_cli([
        "compare", "--rules", "auction", "--vs", str(house), "--samples", "1000", "--seed", "2",
        "--hand", "AH AH TH TH KH KH QH QH JH JH AS AD", "--hand", "9S 9S JD QC KC 9C JH JH 9H AD TD QD",
        "--advise-samples", "300", "--json", "--out", str(out)])
    assert code == 0, err
    d = json.loads(stdout)
    assert [s["label"] for s in d["settings"]] == ["auction", "big-farmer"]
    diff = d["differences"][0]["difference"]
    assert diff["meld"]["mean"] > 0  # a farmer is worth more, nothing else changed
    hands = d["hands"]
    assert len(hands) == 2
    strong = hands["AH AH TH TH KH KH QH QH JH JH AS AD"]
    assert [a["action"] for a in strong] == ["bid", "bid"] and strong[0]["trump"] == "H"
    f = pl.read_parquet(out)
    assert f.height == 2000 and set(f["setting"].unique()) == {"auction", "big-farmer"}


def test_table_output_and_grid(run_cli):
    code, stdout, err = run_cli(["compare", "--rules", "luxury-family", "--option", "head=never,trump-led,always",
                                 "--samples", "600"])
    assert code == 0, err
    assert "Figures per setting" in stdout and "Difference from" in stdout


def test_two_handed_meld_says_which_trump_it_is_in(run_cli):
    """compare's seat-0 meld (3.97) is in the upcard's suit, stats' 4.07 and 5.52 with a fixed and the best
    trump: the label and a note tell them apart."""
    code, stdout, err = run_cli(["compare", "--rules", "two-handed", "--option", "run-points=15,20", "--samples",
                                 "200"])
    assert code == 0, err
    assert "| meld (seat 0, trump played) |" in stdout
    assert "meld (seat 0) is in the upcard's suit" in stdout and "fixed trump" in stdout


def test_two_handed_hand_needs_an_upcard(run_cli):
    code, _, err = run_cli(["compare", "--rules", "two-handed", "--option", "run-points=15,20", "--samples", "200",
                            "--hand", "AS TS KS QS JS 9S AH TH KH QH JH 9H"])
    assert code == 2 and "--upcard" in err


def test_same_seed_same_answer():
    st = settings_grid("auction", ["head=trump-led,always"])
    a = compare(st, 1500, 9)
    b = compare(st, 1500, 9)
    assert a.as_dict() == b.as_dict()


@pytest.mark.parametrize("args,needle", [
    (["--option", "head=never,sometimes"], "bad value 'sometimes' for option head"),
    (["--option", "flavour=sweet,sour"], "unknown option 'flavour'"),
    (["--option", "head=always"], "at least two settings"),
    (["--option", "head"], "bad option"),
    (["--option", "head=always,always"], "lists a value twice"),
    (["--vs", "no-such-house.toml"], "cannot read house-rule file"),
    (["--option", "head=never,always", "--samples", "0"], "--samples must be at least 1"),
])
def test_bad_input_is_a_user_error(args, needle, run_cli):
    code, _, err = run_cli(["compare", "--rules", "auction", "--samples", "100"] + args)
    assert code == 2
    assert needle in err and err.count("\n") == 1


def test_house_file_that_fails_to_load(tmp_path, run_cli):
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "pinochle-royale"\n')
    code, _, err = run_cli(["compare", "--rules", "auction", "--vs", str(bad), "--samples", "100"])
    assert code == 2 and "unknown base" in err
