"""``pinochle bid`` through the CLI: reproducible JSON at any thread count, tables, files, bad input."""

import json
import os
import subprocess
import sys

import polars as pl
import pytest

from analyzer.cli import main

HAND = "AH AH TH TH KH KH QH QH JH JH AS AD"


def run_cli(args, capsys):
    """Exit status, stdout and stderr of ``pinochle ARGS`` run in this process."""
    try:
        main(args)
        code = 0
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def _subprocess_json(threads: str) -> dict:
    env = {**os.environ, "NUMBA_NUM_THREADS": threads}
    args = [sys.executable, "-m", "analyzer", "bid", "--rules", "auction", "--hand", HAND, "--samples", "1500",
            "--seed", "7", "--json"]
    r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_same_seed_same_json_on_one_and_two_threads():
    one = _subprocess_json("1")
    two = _subprocess_json("2")
    assert one == two
    assert one["samples"] == 1500 and one["seed"] == 7 and one["rules"] == "auction"
    assert one["recommendation"]["action"] == "bid" and one["recommendation"]["trump"] == "H"


def test_json_carries_everything(capsys):
    code, out, _ = run_cli(["bid", "-r", "double-deck", "--hand",
                            "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS",
                            "--samples", "400", "--seed", "3", "--risk", "0.6", "--option", "head=trump-led",
                            "--json"], capsys)
    assert code == 0
    d = json.loads(out)
    for key in ("rules", "options", "hand", "seat", "dealer", "samples", "seed", "risk", "policy_version",
                "bid_levels", "recommendation", "analyses", "notes"):
        assert key in d
    assert d["options"]["head"] == "trump-led" and d["risk"] == 0.6 and d["seat"] == 1
    an = d["analyses"][0]
    assert an["play"] == "playout" and an["policy"] == "v1"
    assert len(an["trumps"]) == 4 and an["trumps"][1]["partner_meld"]["n"] == 400
    assert an["passing"]["partner_declares"] is not None
    rec = d["recommendation"]
    assert rec["action"] == "bid" and rec["make"]["p"] >= 0.6


def test_tables_and_files(tmp_path, capsys):
    out_path, deals_path = tmp_path / "deals.parquet", tmp_path / "hands.parquet"
    code, out, _ = run_cli(["bid", "--hand", HAND, "--samples", "300", "--seed", "1", "--out", str(out_path),
                            "--deals-out", str(deals_path), "--constraint", "partner meld>=4",
                            "--known", "partner:9S"], capsys)
    assert code == 0
    assert "Recommendation:" in out and "Declaring, by trump" in out and "Passing:" in out
    f = pl.read_parquet(out_path)
    assert set(f["scenario"]) == {"declare", "pass"} and f.filter(pl.col("scenario") == "pass").height == 300
    # the partner's meld in his best trump is at least 4 in every deal (the rows show every trump)
    best = f.filter(pl.col("scenario") == "declare").group_by("deal").agg(pl.col("partner_meld").max())
    assert best.height == 300 and (best["partner_meld"] >= 4).all()
    assert (f["meld_s3"].to_numpy() >= 0).all() and (f.filter(pl.col("deal") == 0)["meld_s3"].max() >= 4)
    hands = pl.read_parquet(deals_path)
    assert hands.height == 300 and hands.columns[:2] == ["deal", "hand_s0"]


def test_two_handed(capsys):
    code, out, _ = run_cli(["bid", "-r", "two-handed", "--hand", "AC AC TC TC KC KC QC QC JC JC AS AH",
                            "--upcard", "9C", "--samples", "200"], capsys)
    assert code == 0
    # two-handed has no bidding: `bid` gives the whole-hand analysis of `pinochle two-hand`
    assert "trump clubs" in out and "phase 1 th-v1" in out and "score difference" in out
    code, out, _ = run_cli(["bid", "-r", "two-handed", "--hand", "AC AC TC TC KC KC QC QC JC JC AS AH",
                            "--upcard", "9C", "--samples", "200", "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and d["difference"]["mean"] > 10


@pytest.mark.parametrize(
    "args,message",
    [
        (["--hand", "AH AH TH TH KH KH QH QH JH JH AS XD"], "unknown card"),
        (["--hand", "AH AH AH TH KH KH QH QH JH JH AS AD"], "too many copies"),
        (["--hand", "AH AH TH TH KH KH QH QH JH JH AS"], "12 cards"),
        (["--hand", HAND, "--seat", "4"], "--seat 4 is out of range"),
        (["--hand", HAND, "--dealer", "-1"], "--dealer -1 is out of range"),
        (["--hand", HAND, "--known", "2:AH"], "clash"),
        (["--hand", HAND, "--known", "9S"], "give known cards with their seat"),
        (["--hand", HAND, "--constraint", "left H>=3"], "no deal meets"),
        (["--hand", HAND, "--constraint", "left hearts>=3"], "not meld, meld:SUIT, a suit"),
        (["--hand", HAND, "--risk", "2"], "--risk"),
        (["--hand", HAND, "--upcard", "9C"], "--upcard is for two-handed"),
        (["--hand", HAND, "--play", "best"], "unknown play mode"),
        (["--hand", HAND, "--policy", "smart"], "unknown policy"),
        (["--hand", HAND, "--samples", "0"], "--samples"),
        (["-r", "two-handed", "--hand", "AC AC TC TC KC KC QC QC JC JC AS AH"], "--upcard"),
        (["-r", "two-handed", "--hand", "9C 9C TC TC KC KC QC QC JC JC AS AH", "--upcard", "9C"], "clash"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message, capsys):
    code, out, err = run_cli(["bid", "--samples", "50", *args] if "--samples" not in args else ["bid", *args],
                             capsys)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pinochle: error:") and message in lines[0], err


def test_bid_after_an_auction_conditions_the_deals(capsys):
    args = ["bid", "--hand", "AH TH KH KH QH JH 9H AS QS JD AC TC", "--seat", "0", "--dealer", "0",
            "--auction", "1:16 2:pass 3:18", "--samples", "200", "--seed", "4"]
    code, out, err = run_cli([*args, "--json"], capsys)
    assert code == 0, err
    a = json.loads(out)["auction"]
    assert a["kept"] == 200 and a["tried"] > 200 and a["min_bid"] == 19 and a["passed"] == [2]
    assert a["action"] == "pass" or a["bid"] >= 19
    code, out, err = run_cli(args, capsys)
    assert code == 0 and "sampled deals kept of" in out
    code, out, err = run_cli([*args[:-4], "--auction", "1:16 2:15"], capsys)  # 15 is below the 16 bid
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
