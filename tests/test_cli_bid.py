"""``pinochle bid`` through the CLI: reproducible JSON at any thread count, tables, files, bad input."""

import json
import os
import subprocess
import sys

import polars as pl
import pytest

HAND = "AH AH TH TH KH KH QH QH JH JH AS AD"


def _subprocess_json(threads: str, *extra: str) -> dict:
    env = {**os.environ, "NUMBA_NUM_THREADS": threads}
    args = [sys.executable, "-m", "analyzer", "bid", "--rules", "auction", "--hand", HAND, "--samples", "1500",
            "--seed", "7", "--json", *extra]
    r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_same_seed_same_json_on_one_and_two_threads():
    # the default run with a compiled solver (--play both: a first run on a fresh machine would leave the
    # check out): heuristic analysis plus the double-dummy check of the recommended trump
    one = _subprocess_json("1", "--play", "both")
    two = _subprocess_json("2", "--play", "both")
    assert one == two
    assert one["samples"] == 1500 and one["seed"] == 7 and one["rules"] == "auction"
    assert one["recommendation"]["action"] == "bid" and one["recommendation"]["trump"] == "H"
    dd = one["double_dummy"]
    assert dd["samples"] == 200 and [t["trump"] for t in dd["trumps"]] == ["H"]
    assert dd["trumps"][0]["from_trick"] == 4  # auction's rule data: the last 9 tricks solved
    assert one["analyses"][0]["trumps"][1]["dd_gap"]["deals"] == 200
    assert [t["dd_gap"] is None for t in one["analyses"][0]["trumps"]] == [True, False, True, True]


@pytest.mark.slow  # the threads' split is checked by the test above (its double-dummy check included)
def test_play_dd_same_json_on_one_and_two_threads():
    extra = ("--play", "dd", "--dd-samples", "4", "--max-nodes", "1000000")
    one = _subprocess_json("1", *extra)
    two = _subprocess_json("2", *extra)
    assert one == two
    assert one["samples"] == 4 and [a["play"] for a in one["analyses"]] == ["dd"]
    assert one["analyses"][0]["policy"] == "dd" and one["double_dummy"] is None
    assert any("double dummy, from trick 4" in n and "on the first 4 sampled deals" in n for n in one["notes"])


def test_play_both_reports_the_gap_per_trump(tmp_path, run_cli):
    out_path = tmp_path / "rows.parquet"
    code, out, err = run_cli(["bid", "--hand", HAND, "--samples", "300", "--seed", "2", "--play", "both",
                              "--dd-samples", "4", "--dd-trumps", "2", "--max-nodes", "3000000", "--json",
                              "--out", str(out_path)])
    assert code == 0, err
    d = json.loads(out)
    assert [a["play"] for a in d["analyses"]] == ["heuristic"]
    dd = d["double_dummy"]
    assert dd["samples"] == 4 and dd["max_nodes"] == 3_000_000 and len(dd["trumps"]) == 2
    assert dd["trumps"][0]["trump"] == d["recommendation"]["trump"]
    f = pl.read_parquet(out_path)
    by_trump = {t["trump"]: t for t in d["analyses"][0]["trumps"]}
    for t in dd["trumps"]:
        gap = by_trump[t["trump"]]["dd_gap"]
        assert gap["deals"] == 4 and gap["exact"] + gap["bracketed"] + gap["unfinished"] == 4
        lo, hi = t["dd_trick_points"]["lower"], t["dd_trick_points"]["upper"]
        assert lo["n"] == hi["n"] == 4 and lo["mean"] <= hi["mean"]
        # the gap is the paired mean of the bounds minus the heuristic trick points on the same deals
        rows = f.filter((pl.col("scenario") == "declare") & (pl.col("trump") == t["trump"])
                        & (pl.col("play") == "heuristic") & (pl.col("deal") < 4)).sort("deal")
        want = lo["mean"] - rows["side_trick_points"].mean()
        assert abs(gap["lower"]["mean"] - want) < 1e-3
    code, out, err = run_cli(["bid", "--hand", HAND, "--samples", "300", "--seed", "2", "--dd-samples", "2",
                              "--max-nodes", "3000000"])
    assert code == 0, err
    assert "Double dummy against heuristic play" in out and "dd − heuristic" in out


@pytest.mark.parametrize("rid,hand", [
    ("double-deck", "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS"),
    ("luxury-family", "AH AH TH TH KH KH QH QH JH JH AS AD AC KS QS 7H"),
])
def test_double_deck_and_luxury_family_dd_by_default(rid, hand, run_cli):
    """Every game shows double-dummy figures by default: double deck and Luxury Family from a later trick (their
    whole deals are out of reach at the speed of an answer), labelled so; whole deals when asked."""
    from analyzer.rules import load

    rs = load(rid)
    base = ["bid", "-r", rid, "--hand", hand, "--samples", "100", "--seed", "1", "--json"]
    small = ["--dd-samples", "2", "--max-nodes", "200000"]
    code, out, err = run_cli([*base, *small])
    assert code == 0, err
    d = json.loads(out)
    ft = rs.hand_size - rs.advice.dd_check_tricks_left + 1
    if d["double_dummy"] is None:  # a first run on a fresh machine answers at once and compiles the solver for the next
        assert any("compil" in n for n in d["notes"]), d["notes"]
    else:
        t = d["double_dummy"]["trumps"][0]
        assert d["double_dummy"]["samples"] == 2 and t["deals"] == 2 and t["from_trick"] == ft > 1
        assert f"from trick {ft}" in t["label"] and any(f"check, from trick {ft}" in n for n in d["notes"])
    code, out, err = run_cli([*base, "--play", "both", *small, "--dd-tricks-left", "3"])
    assert code == 0, err
    t = json.loads(out)["double_dummy"]["trumps"][0]
    assert t["from_trick"] == rs.hand_size - 2 and t["exact"] + t["bracketed"] == 2
    code, out, err = run_cli([*base, "--play", "both", *small, "--dd-tricks-left", str(rs.hand_size)])
    assert code == 0, err
    t = json.loads(out)["double_dummy"]["trumps"][0]
    assert t["from_trick"] == 1 and t["deals"] == 2 and "whole deals" in t["label"]
    code, out, err = run_cli([*base, "--play", "both", "--dd-tricks-left", str(rs.hand_size + 1)])
    assert code == 2 and "--dd-tricks-left" in err and len(err.strip().splitlines()) == 1
    code, out, err = run_cli([*base, "--play", "dd", *small])
    assert code == 0, err
    d = json.loads(out)
    assert d["samples"] == 2 and d["analyses"][0]["play"] == "dd"
    assert any("plays solved" in n for n in d["notes"])


def test_json_carries_everything(run_cli):
    code, out, _ = run_cli(["bid", "-r", "double-deck", "--hand",
                            "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS",
                            "--samples", "400", "--seed", "3", "--risk", "0.6", "--option", "head=trump-led",
                            "--json"])
    assert code == 0
    d = json.loads(out)
    for key in ("rules", "options", "hand", "seat", "dealer", "samples", "seed", "risk", "policy_version",
                "bid_levels", "recommendation", "analyses", "notes"):
        assert key in d
    assert d["options"]["head"] == "trump-led" and d["risk"] == 0.6 and d["seat"] == 1
    an = d["analyses"][0]
    assert an["play"] == "heuristic" and an["policy"] == "v1"
    assert len(an["trumps"]) == 4 and an["trumps"][1]["partner_meld"]["n"] == 400
    assert an["passing"]["partner_declares"] is not None
    rec = d["recommendation"]
    assert rec["action"] == "bid" and rec["make"]["p"] >= 0.6


def test_tables_and_files(tmp_path, run_cli):
    out_path, deals_path = tmp_path / "deals.parquet", tmp_path / "hands.parquet"
    code, out, _ = run_cli(["bid", "--hand", HAND, "--samples", "300", "--seed", "1", "--out", str(out_path),
                            "--deals-out", str(deals_path), "--constraint", "partner meld>=4",
                            "--known", "partner:9S"])
    assert code == 0
    assert "Call now:" in out and "Ceiling:" in out and "Declaring, by trump" in out and "Passing:" in out
    assert "Calls now" in out
    f = pl.read_parquet(out_path)
    # every other seat declares its own trump on every deal (the call model scores any declarer)
    other = f.filter(pl.col("scenario") == "other")
    assert set(f["scenario"]) == {"declare", "other"} and other.height == 3 * 300
    assert sorted(set(other["declarer"])) == [0, 2, 3]
    # the partner's meld in his best trump is at least 4 in every deal (the rows show every trump)
    best = f.filter(pl.col("scenario") == "declare").group_by("deal").agg(pl.col("partner_meld").max())
    assert best.height == 300 and (best["partner_meld"] >= 4).all()
    assert (f["meld_s3"].to_numpy() >= 0).all() and (f.filter(pl.col("deal") == 0)["meld_s3"].max() >= 4)
    hands = pl.read_parquet(deals_path)
    assert hands.height == 300 and hands.columns[:2] == ["deal", "hand_s0"]


def test_two_handed(run_cli):
    code, out, _ = run_cli(["bid", "-r", "two-handed", "--hand", "AC AC TC TC KC KC QC QC JC JC AS AH",
                            "--upcard", "9C", "--samples", "200"])
    assert code == 0
    # two-handed has no bidding: `bid` gives the whole-hand analysis of `pinochle two-hand`
    assert "trump clubs" in out and "phase 1 th-v1" in out and "score difference" in out
    code, out, _ = run_cli(["bid", "-r", "two-handed", "--hand", "AC AC TC TC KC KC QC QC JC JC AS AH",
                            "--upcard", "9C", "--samples", "200", "--json"])
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
        (["--hand", HAND, "--dd-samples", "0"], "--dd-samples"),
        (["--hand", HAND, "--dd-trumps", "5"], "--dd-trumps"),
        (["--hand", HAND, "--play", "dd", "--max-nodes", "0"], "--max-nodes"),
        (["-r", "two-handed", "--hand", "AC AC TC TC KC KC QC QC JC JC AS AH"], "--upcard"),
        (["-r", "two-handed", "--hand", "9C 9C TC TC KC KC QC QC JC JC AS AH", "--upcard", "9C"], "clash"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message, run_cli):
    code, out, err = run_cli(["bid", "--samples", "50", *args] if "--samples" not in args else ["bid", *args])
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pinochle: error:") and message in lines[0], err


def test_all_others_passed_bid_the_opening_and_passing_throws_in(run_cli):
    args = ["bid", "--hand", "AH TH KH KH QH JH 9H AS QS JD AC TC", "--seat", "0", "--dealer", "0",
            "--auction", "1:pass 2:pass 3:pass", "--samples", "300", "--seed", "7", "--play", "heuristic", "--json"]
    code, out, err = run_cli(args)
    assert code == 0, err
    d = json.loads(out)
    assert d["call"]["call"] == "Bid 15" and d["recommendation"]["trump"] == "H"
    p = d["analyses"][0]["passing"]
    # a pass throws the deal in: nobody who passed declares
    assert p["thrown_in"]["p"] == 1 and p["partner_declares"]["k"] == 0 and p["opponent_declares"]["k"] == 0
    code, out, err = run_cli(args[:-1])
    assert code == 0 and "Call now: Bid 15" in out and "Ceiling: none needed" in out


def test_bid_after_an_auction_conditions_the_deals(run_cli):
    # the JSON run plays heuristically: the default double-dummy check (~5 s) changes none of the figures read
    # here, only adds its own section; the text run keeps it
    args = ["bid", "--hand", "AH TH KH KH QH JH 9H AS QS JD AC TC", "--seat", "0", "--dealer", "0",
            "--auction", "1:16 2:pass 3:18", "--samples", "200", "--seed", "4"]
    code, out, err = run_cli([*args, "--play", "heuristic", "--json"])
    assert code == 0, err
    d = json.loads(out)
    a = d["auction"]
    assert a["kept"] == 200 and a["tried"] > 200 and a["min_bid"] == 19 and a["passed"] == [2]
    # my last turn, nobody calls after me: 19 wins, and more only risks a set
    assert a["action"] == "bid" and a["bid"] == 19 and d["call"]["call"] == "Bid 19"
    assert d["call"]["seats_still_to_call"] == [] and d["ceiling"]["later_turn"] is False
    opts = {o["call"]: o for o in d["call"]["options"]}
    assert opts["Bid 19"]["net"]["mean"] > opts["Pass"]["net"]["mean"] + 2  # clearly better than passing
    assert d["call"]["margin_over_next_best"]["mean"] >= 0
    code, out, err = run_cli(args)
    assert code == 0 and "sampled deals kept of" in out
    code, out, err = run_cli([*args[:-4], "--auction", "1:16 2:15"])  # 15 is below the 16 bid
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_first_run_answers_without_waiting_for_the_solver(run_cli, monkeypatch):
    from analyzer import jit
    from analyzer.runs import warmup

    started = []
    monkeypatch.setattr(warmup, "solver_cached", lambda: False)
    monkeypatch.setattr(warmup, "start_solver", lambda: started.append(1) or True)
    monkeypatch.setattr(jit, "DISABLED", False)
    code, out, err = run_cli(["bid", "--hand", HAND, "--samples", "300", "--seed", "3", "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert started == [1] and d["double_dummy"] is None and [a["play"] for a in d["analyses"]] == ["heuristic"]
    assert any("left out of this first run" in n for n in d["notes"])
    # asked for explicitly, double dummy is waited for
    code, out, err = run_cli(["bid", "--hand", HAND, "--samples", "300", "--seed", "3", "--json", "--play", "both",
                              "--dd-samples", "2"])
    assert code == 0, err
    assert json.loads(out)["double_dummy"]["samples"] == 2
