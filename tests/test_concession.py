"""Concession (``[concession]``, issue 52): the bid winner may concede ("throw in") after the meld, before the first
lead, where a house file allows it; the scoring of a conceded hand by the rule data (docs/RULES.md, "Concession": the
examples here are its worked ones), the game engine's reading of it, the advice at the bid winner's first lead
(``pinochle play``, the JSON API) and the arena's agents (the advisor concedes when that advice says so)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from analyzer.api.rules import rules_summary
from analyzer.arena import run_arena
from analyzer.arena.advisor import Advisor
from analyzer.arena.agents import Formula
from analyzer.arena.games import hand_result
from analyzer.bidding.auction import AuctionState, parse_calls, replay
from analyzer.cards import Hand, from_planes
from analyzer.errors import UserError
from analyzer.game import GameState, HandResult, after_hand
from analyzer.rules import load
from analyzer.score import score_conceded, scoring_units

HOUSE = Path(__file__).resolve().parents[1] / "house"
AUCTION = str(HOUSE / "auction-concede.toml")
DOUBLE = str(HOUSE / "double-deck-concede.toml")
WEAK = "9H JH QS JD AC TC 9S 9D JC QC KD 9C"  # 5 meld in clubs, few counters: 24 is out of reach
STRONG = "AH TH KH KH QH JH 9H AS QS JD AC TC"  # the README's hand: 15 in hearts is safe


def _house(tmp_path, text: str) -> str:
    f = tmp_path / "house.toml"
    f.write_text(text, encoding="utf-8")
    return str(f)


# ---- the rule data --------------------------------------------------------------------------------------------
def test_the_house_files_allow_a_concession_and_the_games_do_not():
    a, d = load(AUCTION), load(DOUBLE)
    assert (a.concession.allowed, a.concession.defenders_meld, a.concession.defenders_points) == (True, True, 0)
    assert (d.concession.allowed, d.concession.defenders_points) == (True, 25)
    assert rules_summary(d)["concession"] == {"allowed": True, "defenders_meld": True, "defenders_points": 25}
    for rid in ("auction", "double-deck", "luxury-family", "two-handed"):
        assert not load(rid).concession.allowed and "concession" not in rules_summary(load(rid))


def test_bad_concession_keys_are_one_line(tmp_path):
    for text, words in (('base = "two-handed"\n[concession]\nallowed = true\n', ["concession.allowed", "no bidding"]),
                        ('base = "auction"\n[concession]\ndefenders_points = -5\n', ["concession.defenders_points",
                                                                                     "between 0"]),
                        ('base = "auction"\n[concession]\nalowed = true\n', ["did you mean 'allowed'"])):
        with pytest.raises(UserError) as e:
            load(_house(tmp_path, text))
        assert "\n" not in str(e.value) and all(w in str(e.value) for w in words), str(e.value)


# ---- the scoring: RULES.md's worked examples -------------------------------------------------------------------
def test_a_conceded_auction_hand_scores_the_bid_lost_and_the_defenders_meld():
    """Auction, the house file: seats 0 and 2 took the bid at 22 and meld 8 (5 + 3); seats 1 and 3 meld 5 (4 + 1).
    Conceded: 0/2 score -22, 1/3 score 5 (no trick points: no trick is played). Played and set with 12 trick points
    (8 + 12 = 20 < 22), the defenders would have had 5 + 13 = 18: conceding saved the bidders 13 on the net."""
    rs = load(AUCTION)
    meld = np.array([[5, 4, 3, 1]])
    assert score_conceded(rs, meld, 0, 22).tolist() == [[-22, 5, -22, 5]]
    assert score_conceded(rs, meld, 2, 22).tolist() == [[-22, 5, -22, 5]]  # the partner's contract alike


def test_a_conceded_double_deck_hand_gives_the_defenders_meld_and_25():
    """Double deck, the house file (defenders: meld + 25): seat 1 bid 60, seats 1 and 3 meld 22, seats 0 and 2 meld
    14: seats 1/3 score -60, seats 0/2 14 + 25 = 39 -- the 20-trick-point minimum of a defender does not apply."""
    rs = load(DOUBLE)
    assert score_conceded(rs, np.array([[10, 12, 4, 10]]), 1, 60).tolist() == [[39, -60, 39, -60]]


def test_a_conceded_hand_where_players_score_alone_and_other_scorings(tmp_path):
    """Luxury Family with each opponent's meld + 100 (Bicycle's three-hand rule): the game maker (seat 0) bid 200 and
    concedes, melds 50, 30, 0: -200, 130, 100. Without the defenders' meld (Pagat's "opponents score nothing"): the
    bid lost and 0 for the others."""
    lf = load(_house(tmp_path, 'base = "luxury-family"\n[concession]\nallowed = true\ndefenders_points = 100\n'))
    assert score_conceded(lf, np.array([[50, 30, 0]]), 0, 200).tolist() == [[-200, 130, 100]]
    bare = load(_house(tmp_path, 'base = "auction"\n[concession]\nallowed = true\ndefenders_meld = false\n'))
    assert score_conceded(bare, np.array([[5, 4, 3, 1], [0, 0, 0, 0]]), 1, np.array([20, 15])).tolist() == [
        [0, -20, 0, -20], [0, -15, 0, -15]]


def test_the_game_counts_a_concession_as_a_set():
    """Double deck's 400 rule: at 420-300 they (seats 1/3) bid 60 and concede; we (seats 0/2) took no bid but set
    them, so our 14 + 25 = 39 counts: 459-240."""
    rs = load(DOUBLE)
    sc = score_conceded(rs, np.array([[10, 12, 4, 10]]), 1, 60)[0]
    hand = HandResult.from_seats(rs, sc, declarer=1, made=False, tricks=np.zeros(4), points=np.zeros(4))
    g = after_hand(rs, GameState(totals=(420, 300), dealer=0, hands=3, scored=(True, True)), hand)
    assert g.totals == (459, 240) and g.winner is None


# ---- the advice at the bid winner's first lead ----------------------------------------------------------------
def _play(run_cli, rules: str, hand: str, *extra: str) -> dict:
    code, out, err = run_cli(["play", "--rules", rules, "--hand", hand, "--seat", "0", "--declarer", "0",
                              "--samples", "60", "--seed", "1", "--play", "heuristic", "--json", *extra])
    assert code == 0, err
    return json.loads(out)


def test_a_hopeless_contract_is_conceded_and_a_safe_one_played(run_cli):
    hopeless = _play(run_cli, AUCTION, WEAK, "--bid", "24", "--trump", "C")
    c = hopeless["concession"]
    best = hopeless["cards"][0]
    assert c["advice"] == "concede" and c["criterion"] == "net"
    assert c["play"] == best["score"] and c["make"] == best["make"]  # the card advice's own figures
    assert c["concede"] == -24.0 and c["scores_if_conceded"] == [-24, 0, -24, 0]
    assert c["play_minus_concede"]["mean"] == pytest.approx(best["score"]["mean"] + 24, abs=1e-3)
    assert c["concede"] > c["play"]["mean"] and c["text"].startswith("Concede: conceding 24 scores -24 for you")
    safe = _play(run_cli, AUCTION, STRONG, "--bid", "15", "--trump", "H")
    assert safe["concession"]["advice"] == "play" and safe["concession"]["play"]["mean"] > safe["concession"]["concede"]
    # the defenders' meld shown counts in what conceding gives away
    shown = _play(run_cli, AUCTION, WEAK, "--bid", "24", "--trump", "C", "--shown", "1:AS AH AD AC")
    assert shown["concession"]["scores_if_conceded"] == [-24, 10, -24, 10]
    assert shown["concession"]["concede"] == -34.0


def test_no_concession_where_the_question_does_not_arise(run_cli):
    assert "concession" not in _play(run_cli, "auction", WEAK, "--bid", "24", "--trump", "C")  # the seed's game
    assert "concession" not in _play(run_cli, AUCTION, WEAK, "--bid", "24", "--trump", "C", "--played", "AC KC QC 9C")
    code, out, err = run_cli(["play", "--rules", AUCTION, "--hand", WEAK, "--seat", "1", "--declarer", "0", "--bid",
                              "24", "--trump", "C", "--played", "AS", "--samples", "40", "--play", "heuristic",
                              "--json"])
    assert code == 0 and "concession" not in json.loads(out), err


def test_the_command_line_says_concede_instead_of_a_card(run_cli):
    code, out, err = run_cli(["play", "--rules", AUCTION, "--hand", WEAK, "--seat", "0", "--declarer", "0", "--bid",
                              "24", "--trump", "C", "--samples", "60", "--seed", "1", "--play", "heuristic"])
    assert code == 0, err
    last = out.strip().splitlines()[-1]
    assert last.startswith("Concede: conceding 24 scores -24") and "Play 9C." not in out


def test_the_json_api_gives_the_concession(run_cli):
    """The library's JSON (analyzer.api: the question checked once, the answer as data) is the command line's (the
    page's front reads built-in rule sets only: a house file is the command line's and the library's)."""
    from analyzer import api

    req = api.play_request({"rules": AUCTION, "hand": WEAK, "seat": 0, "declarer": 0, "bid": 24, "trump": "C",
                            "samples": 60, "seed": 1, "play": "heuristic"}, front="cli")
    got = api.advise_card(req).to_dict()["concession"]
    assert got == _play(run_cli, AUCTION, WEAK, "--bid", "24", "--trump", "C")["concession"]


# ---- the arena ------------------------------------------------------------------------------------------------
class _Concedes(Formula):
    """The formula bidder that concedes every contract it wins (to check the arena's scoring of a concession)."""

    name = "concedes"

    def concede(self, view, trump, shown) -> bool:
        return True


def test_the_arena_scores_a_conceded_contract_without_play():
    rs = load(AUCTION)
    r = run_arena(rs, _Concedes(), Formula(), 4, seed=3)
    f = r.frame
    mine = f.filter(f["declarer_agent"] == 0)
    assert mine.height > 0 and mine["conceded"].all() and (~mine["made"]).all()
    for row in mine.iter_rows(named=True):
        meld = np.array([[row[f"meld_s{s}"] for s in range(4)]])
        want = score_conceded(rs, meld, row["declarer"], row["contract"])[0].tolist()
        assert [row[f"score_s{s}"] for s in range(4)] == want
        assert all(row[f"tricks_s{s}"] == 0 and row[f"points_s{s}"] == 0 for s in range(4))
    theirs = f.filter(f["declarer_agent"] == 1)
    assert not theirs["conceded"].any()  # an agent without a concession rule plays every contract
    assert "conceded" not in run_arena(load("auction"), _Concedes(), Formula(), 1, seed=3).frame.columns


def test_a_conceded_record_counts_in_the_game_as_a_set():
    rs = load(AUCTION)
    r = run_arena(rs, _Concedes(), Formula(), 2, seed=3)
    from analyzer.arena.core import HandRecord

    row = r.frame.filter(r.frame["conceded"]).row(0, named=True)
    rec = HandRecord(row["deal"], row["copy"], row["dealer"], tuple(row[f"agent_s{s}"] for s in range(4)),
                     tuple(tuple(Hand.parse(row[f"hand_s{s}"], rs.deck).planes) for s in range(4)), row["calls"],
                     row["ncalls"], row["declarer"], row["contract"], 0, False, (0,) * 4, (0,) * 4, (0,) * 4,
                     tuple(row[f"score_s{s}"] for s in range(4)), 0, None, None, None, conceded=True)
    h = hand_result(rs, rec)
    assert not h.made and h.bidder == row["declarer"] % 2 and h.scores[h.bidder] == -row["contract"]
    assert len(h.scores) == len(scoring_units(rs))


@pytest.mark.slow
def test_the_advisor_concedes_when_the_advice_says_so():
    """The advisor agent's rule is ``pinochle play``'s advice at its first lead, every other seat's meld laid on the
    table: a contract of 40 (out of reach: 25 trick points and a side meld under 15) is conceded, which saves the
    defenders' trick points; at the opening bid it plays whatever that advice says, the same request answered."""
    from analyzer.arena.core import concedes, deal_cards
    from analyzer.cardplay.advise import advise_card
    from analyzer.cardplay.request import PlayRequest
    from analyzer.meld import meld_batch

    rs = load(AUCTION)
    hands = deal_cards(rs, 5, np.arange(1))[0]
    meld = meld_batch(hands, rs)  # [seats, 4]
    t = int(np.argmax(meld[0]))
    assert meld[0, t] + meld[2, t] < 15
    adv = Advisor(samples=40)
    for bid, hopeless in ((40, True), (15, False)):
        a = replay(rs, 3, parse_calls(f"0:{bid} 1:pass 2:pass 3:pass", rs))
        view = AuctionState.of_declarer(a, hands[0], seed=11)
        got = concedes(rs, adv, view, t, hands)
        if hopeless:
            assert got
        else:
            from analyzer.arena.advisor import CONCEDE_STREAM
            from analyzer.deal.rng import seed_of
            from analyzer.meld import laid_cards

            def hand_of(s: int) -> Hand:
                return Hand(rs.deck, tuple(sorted(from_planes(hands[s], rs.deck))))

            shown = {s: " ".join(rs.deck.name(k) for k in laid_cards(hand_of(s), rs, t).kinds) for s in (1, 2, 3)}
            req = PlayRequest.make(rs, hand_of(0), seat=0, trump=t, auction=a.text(),
                                   dealer=3, shown={s: c for s, c in shown.items() if c}, whole_meld=True,
                                   samples=40, seed=seed_of(11, CONCEDE_STREAM), play="heuristic")
            assert got == advise_card(req).concession.concede
