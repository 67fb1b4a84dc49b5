"""A forced dealer (``bidding.all_pass = "dealer"``, issue 52): when every seat passes, the dealer is held to a
contract (``all_pass_bid``, else the opening bid) and plays it -- in the auction engine, the call model and the
advisor's calls and notes, the clues read from the calls, the card play's contract, the arena, whole games and the
page. The house file ``house/auction-forced-dealer.toml`` is the auction game with that rule; docs/RULES.md, "A forced
dealer", works the example these tests check."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from analyzer.api.auction import auction_report
from analyzer.api.rules import rules_summary
from analyzer.arena import run_arena
from analyzer.arena.agents import RandomBidder
from analyzer.arena.games import run_games
from analyzer.bidding.auction import AuctionState, parse_calls, replay
from analyzer.bidding.callmodel import rest_of_auctions, seat_features
from analyzer.bidding.inference import evidence
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.rules import load
from analyzer.score import score_hand

HOUSE = str(Path(__file__).resolve().parents[1] / "house" / "auction-forced-dealer.toml")
WEAK = "9H JH QS JD AC TC 9S 9D JC QC KD 9C"  # a hand that passes: 5 meld in clubs, few counters


def _house(tmp_path, text: str, name: str = "house.toml") -> str:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return str(f)


@pytest.fixture(scope="module")
def forced():
    return load(HOUSE)


# ---- the rule data --------------------------------------------------------------------------------------------
def test_the_house_file_holds_the_dealer_to_the_opening_and_the_games_keep_their_ending():
    rs = load(HOUSE)
    assert rs.bidding.all_pass == "dealer" and rs.forced_contract == 15 == rs.bidding.opening
    assert rs.summary.endswith("when all pass the dealer plays at 15")
    assert load("auction").forced_contract is None and load("luxury-family").forced_contract is None
    assert load("double-deck").forced_contract == 50  # the dealer holds the opening bid from the start
    # the rules as data list the forced contract only where a rule set names one
    assert "all_pass_bid" not in rules_summary(rs)["bidding"]


def test_a_forced_contract_below_the_opening_and_what_contradicts_it(tmp_path):
    low = load(_house(tmp_path, 'base = "auction"\n[bidding]\nall_pass = "dealer"\nall_pass_bid = 14\n'))
    assert low.forced_contract == 14 and rules_summary(low)["bidding"]["all_pass_bid"] == 14
    for text, words in (('[bidding]\nall_pass_bid = 14\n', ['needs bidding.all_pass = "dealer"']),
                        ('[bidding]\ndealer_holds = true\n', ['write bidding.all_pass = "dealer"']),
                        ('[bidding]\nall_pass = "dealer"\nall_pass_bid = 0\n', ["bidding.all_pass_bid", "between 1"])):
        with pytest.raises(UserError) as e:
            load(_house(tmp_path, 'base = "auction"\n' + text))
        assert all(w in str(e.value) for w in words), str(e.value)
    with pytest.raises(UserError, match="leave all_pass_bid out"):
        load(_house(tmp_path, 'base = "double-deck"\n[bidding]\nall_pass_bid = 45\n'))


# ---- the auction engine ---------------------------------------------------------------------------------------
def test_a_passed_out_forced_dealer_declares(forced, tmp_path):
    """RULES.md's example: seat 0 deals; seats 1, 2, 3 pass. The dealer's pass is no pass: he plays at 15."""
    a = replay(forced, 0, parse_calls("1:pass 2:pass 3:pass", forced))
    assert not a.done and a.turn == 0
    view = AuctionState.of_auction(a)
    assert view.held_if_pass == 15 and view.legal_bids(17) == [15, 16, 17]
    a.call(0, None)
    assert a.done and a.forced and (a.winner, a.contract) == (0, 15)
    assert a.outcome() == "every seat passed, so the dealer, seat 0, plays at 15"
    with pytest.raises(UserError, match="the dealer, seat 0, plays at 15"):
        AuctionState.of(forced, 0, a.calls)
    low = load(_house(tmp_path, 'base = "auction"\n[bidding]\nall_pass = "dealer"\nall_pass_bid = 14\n'))
    b = replay(low, 2, parse_calls("3:pass 0:pass 1:pass 2:pass", low))
    assert (b.winner, b.contract, b.forced) == (2, 14, True)
    # the same calls throw the deal in under the seed's rule; a bid is no pass-out
    assert replay(load("auction"), 0, a.calls).winner is None
    c = replay(forced, 0, parse_calls("1:pass 2:16 3:pass 0:pass", forced))
    assert (c.winner, c.contract, c.forced) == (2, 16, False)


def test_the_forced_contract_scores_as_any_contract(forced):
    """RULES.md's example continued: seats 0 and 2 meld 6 (4 + 2) and take 10 trick points: 16 >= 15, they score 16,
    seats 1 and 3 their meld 3 and trick points 15; with 8 trick points (14 < 15) they score -15."""
    meld = np.array([[4, 3, 2, 0], [4, 3, 2, 0]])
    pts = np.array([[6, 10, 4, 5], [5, 10, 3, 7]])
    tricks = np.array([[4, 4, 2, 2], [3, 4, 2, 3]])
    assert score_hand(forced, meld, pts, tricks, 0, 15).tolist() == [[16, 18, 16, 18], [-15, 20, -15, 20]]


def test_a_pass_holds_only_the_dealer_after_every_other_seat_passed(forced):
    a = replay(forced, 0, parse_calls("1:pass 2:pass", forced))
    assert AuctionState.of_auction(a).held_if_pass is None  # seat 3 may pass: the dealer is still to call
    d = replay(forced, 0, parse_calls("1:pass 2:16 3:pass", forced))
    assert AuctionState.of_auction(d).held_if_pass is None  # a bid stands: the dealer's pass is a pass
    assert AuctionState.of_auction(replay(load("auction"), 0, parse_calls("1:pass 2:pass 3:pass", forced))
                                   ).held_if_pass is None


# ---- the call model and the clues -------------------------------------------------------------------------------
def test_the_call_model_plays_every_passed_out_deal_to_the_dealer(forced):
    """After seats 1 and 2 pass, seat 3 passes too on every deal: the deals the seed's rule throws in (the dealer
    passes as well) are the deals where the forced dealer declares at 15; every other deal ends the same way."""
    hands = random_deals(forced, 200, seed=3, stock=False).hands
    seats = seat_features(forced, hands)
    ends = {}
    for rs in (forced, load("auction")):
        state = AuctionState.of(rs, 0, parse_calls("1:pass 2:pass", rs), 3)
        ends[rs.id] = rest_of_auctions(state, seats, [None], [None])
    (d, c), (d0, c0) = ends[forced.id], ends["auction"]
    out = d0[0] == -1
    assert 0 < out.sum() < out.size
    assert np.all(d[0][out] == 0) and np.all(c[0][out] == 15)
    assert np.array_equal(d[0][~out], d0[0][~out]) and np.array_equal(c[0][~out], c0[0][~out])
    assert np.all(d[0] == 0)  # the dealer, by his own bid or held to 15


def test_the_dealers_forced_pass_is_no_clue(forced):
    ev = evidence(forced, 0, parse_calls("1:pass 2:pass 3:pass 0:pass", forced), 1)
    assert all(c.seat != 0 for c in ev.clues)
    assert any("held to 15" in n for n in ev.notes)
    seed_rule = evidence(load("auction"), 0, parse_calls("1:pass 2:pass 3:pass", forced), 1)
    assert any(c.seat == 3 for c in seed_rule.clues)  # a pass that is a pass still says something


# ---- the advisor ----------------------------------------------------------------------------------------------
def test_the_dealers_pass_is_advised_as_the_contract_he_is_held_to(run_cli):
    code, out, err = run_cli(["bid", "--rules", HOUSE, "--hand", WEAK, "--seat", "0", "--dealer", "0", "--samples",
                              "120", "--seed", "1", "--play", "heuristic", "--json"])
    assert code == 0, err
    an = json.loads(out)["analyses"][0]
    opts = {o["bid"]: o for o in an["call"]["options"]}
    p = opts[None]
    assert p["call"] == "Pass (held to 15)" and p["i_declare"]["p"] == 1.0 and p["mean_contract"] == 15.0
    assert p["net"] == opts[15]["net"]  # passing and bidding 15 are the same contract
    passing = an["passing"]
    assert passing["thrown_in"]["k"] == 0 and passing["i_declare"]["p"] == 1.0
    assert passing["model"].endswith("all passed: the dealer is held to 15 and plays it")
    rec = an["recommendation"]
    assert rec["action"] == "pass" and "held to 15 and play it" in rec["text"]
    assert "you declare on 100.0%" in rec["text"]
    notes = json.loads(out)["notes"]
    assert any(n.endswith("all passed: the dealer is held to 15 and plays it") for n in notes)


def test_the_passing_figures_of_a_seat_before_the_dealer_throw_nothing_in(run_cli):
    args = ["bid", "--hand", WEAK, "--seat", "3", "--dealer", "0", "--auction", "1:pass 2:pass", "--samples", "120",
            "--seed", "1", "--play", "heuristic", "--json"]
    code, out, err = run_cli([*args[:1], "--rules", HOUSE, *args[1:]])
    assert code == 0, err
    passing = json.loads(out)["analyses"][0]["passing"]
    assert passing["thrown_in"]["k"] == 0 and passing["opponent_declares"]["p"] == 1.0  # the dealer, seat 0
    code, out, err = run_cli([*args[:1], "--rules", "auction", *args[1:]])
    assert code == 0, err
    assert json.loads(out)["analyses"][0]["passing"]["thrown_in"]["k"] > 0


def test_the_held_dealer_names_trump_and_plays_the_forced_contract(run_cli, tmp_path):
    code, out, err = run_cli(["bid", "--rules", HOUSE, "--hand", WEAK, "--seat", "0", "--dealer", "0", "--auction",
                              "1:pass 2:pass 3:pass 0:pass", "--samples", "60", "--seed", "1", "--json"])
    assert code == 0, err
    rec = json.loads(out)["recommendation"]
    assert rec["action"] == "trump" and rec["bid"] == 15
    assert rec["text"].startswith("Every seat passed: as the dealer you are held to 15: name")
    # the card play takes the forced contract from the calls, below the opening too
    low = _house(tmp_path, 'base = "auction"\n[bidding]\nall_pass = "dealer"\nall_pass_bid = 12\n')
    code, out, err = run_cli(["play", "--rules", low, "--hand", WEAK, "--seat", "0", "--dealer", "0", "--auction",
                              "1:pass 2:pass 3:pass 0:pass", "--trump", "C", "--samples", "30", "--seed", "1",
                              "--play", "heuristic", "--json"])
    assert code == 0, err
    got = json.loads(out)
    assert got["declarer"] == 0 and got["bid"] == 12


# ---- the arena, whole games and the page ---------------------------------------------------------------------
def test_the_arena_never_throws_a_deal_in_with_a_forced_dealer(forced):
    never = RandomBidder(p_pass=1.0, name="never-bids")
    r = run_arena(forced, never, never, 4, seed=2)
    f = r.frame
    assert f.height == 8 and (f["declarer"] == f["dealer"]).all() and (f["contract"] == 15).all()
    assert f["made"].is_not_null().all() and r.summary()["thrown_in"]["k"] == 0
    assert run_arena(load("auction"), never, never, 2, seed=2).summary()["thrown_in"]["p"] == 1.0


def test_whole_games_count_the_forced_dealers_hand(forced):
    never = RandomBidder(p_pass=1.0, name="never-bids")
    r = run_games(forced, never, never, 1, seed=4)
    f = r.frame.head(6)
    assert (f["declarer"] == f["dealer"]).all() and (f["contract"] == 15).all()
    moved = [sum(f[f"after_u{u}"][i] - f[f"before_u{u}"][i] != 0 for u in (0, 1)) for i in range(f.height)]
    assert all(m >= 1 for m in moved)  # every hand scores: a made contract or a set


def test_the_page_reads_the_forced_dealer(forced):
    from analyzer.web.app import bidding_lines

    assert "If all pass, the dealer plays at 15." in bidding_lines(forced)
    assert "If all pass, the hand is thrown in." in bidding_lines(load("auction"))
    r = auction_report(forced, 0, "1:pass 2:pass 3:pass 0:pass")
    assert (r["done"], r["thrown_in"], r["forced"], r["winner"], r["contract"]) == (True, False, True, 0, 15)
    assert r["outcome"] == "every seat passed, so the dealer, seat 0, plays at 15"
    r = auction_report(load("auction"), 0, "1:pass 2:pass 3:pass 0:pass")
    assert r["thrown_in"] and not r["forced"] and r["outcome"] == "thrown in"
