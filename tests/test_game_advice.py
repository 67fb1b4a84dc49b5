"""Score-aware bid advice (``--score``): the calls judged for the game, at 0-0 the call by points, the call shown never
beaten beyond the noise, the 400 rule in words, and bad scores refused with one line."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from analyzer.advisor.advise import advise
from analyzer.api.questions import bid_request
from analyzer.cards import card_names, from_planes
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.game.given import game_state
from analyzer.rules import load

SAMPLES = 500


def _hands(rid: str, n: int, seed: int = 5) -> list[str]:
    r = load(rid)
    d = random_deals(r, seed=seed, ids=np.arange(n), stock=False).hands
    return [" ".join(card_names(from_planes(d[k][1], r.deck), r.deck)) for k in range(n)]


def _ask(rid: str, hand: str, score: str | None, **kw) -> object:
    values = {"rules": rid, "hand": hand, "seat": 1, "dealer": 0, "samples": SAMPLES, "play": "heuristic", **kw}
    if score is not None:
        values["score"] = score
    return advise(bid_request(values))


@pytest.mark.parametrize("rid", ["auction", "double-deck"])
def test_at_love_all_the_call_for_the_game_is_the_call_by_points_within_noise(rid: str) -> None:
    """At 0-0 the call for the game is today's call, or one that is no worse by points beyond the noise (the paired
    95% interval of its net score less the points call's reaches 0 or above)."""
    same = 0
    for hand in _hands(rid, 6):
        plain = _ask(rid, hand, None)
        game = _ask(rid, hand, "0-0")
        g = game.analyses[0].game
        assert "game" not in plain.analyses[0].as_dict()
        if game.recommendation.bid == plain.recommendation.bid:
            same += 1
            assert g.best == g.points and g.gain is None
        else:
            assert g.points_cost is not None and g.points_cost.hi >= 0, (hand, g.text)
    assert same >= 4


@pytest.mark.parametrize("rid,score", [("auction", "130-140"), ("double-deck", "430-380"), ("double-deck", "100-480"),
                                       ("luxury-family", "300-150-200/3")])
def test_the_call_shown_is_never_beaten_beyond_its_interval(rid: str, score: str) -> None:
    for hand in _hands(rid, 4, seed=9):
        an = _ask(rid, hand, score).analyses[0]
        g = an.game
        best = next(c for c in g.calls if c.label == g.best)
        for c in g.calls:
            assert c.chance.mean <= best.chance.hi + 1e-9, (hand, c, best)
        if g.best != g.points:  # the game's call replaced the points call: it beats it beyond the noise
            assert g.gain is not None and g.gain.lo > 0
            assert an.recommendation.text.startswith(("Bid", "Pass")) and "By points alone" in an.recommendation.text


def test_the_400_rule_is_said_where_it_changes_the_call() -> None:
    texts = [_ask("double-deck", hand, "430-380").recommendation.text for hand in _hands("double-deck", 8)]
    assert any("a pass scores you nothing this hand unless they are set" in t for t in texts), texts


def test_near_the_target_a_bid_that_wins_the_race_beats_passing() -> None:
    """Auction at 130 to 140 of 150: some hands that pass by points bid for the game (bidder-first ends it)."""
    changed = 0
    for hand in _hands("auction", 8):
        an = _ask("auction", hand, "130-140").analyses[0]
        g = an.game
        if g.best != g.points:
            changed += 1
            assert g.gain.lo > 0
    assert changed >= 1


def test_score_is_read_for_my_side() -> None:
    rules = load("auction")
    assert game_state(rules, "130-140", seat=1, dealer=0).totals == (140, 130)  # seat 1 is on side 1
    assert game_state(rules, "130-140", seat=0, dealer=0).totals == (130, 140)
    assert game_state(rules, "-20-35", seat=0, dealer=3).totals == (-20, 35)
    lf = game_state(load("luxury-family"), "120-80-95/2", seat=2, dealer=1)
    assert lf.totals == (120, 80, 95) and lf.hands == 1 and lf.dealer == 1


@pytest.mark.parametrize("rid,score,words", [
    ("auction", "150-20", "the game is over"),
    ("auction", "1-2-3", "give two totals"),
    ("auction", "abc", "bad score"),
    ("luxury-family", "10-20-30", "say which hand is next"),
    ("luxury-family", "10-20-30/4", "the hand number is 1..3"),
    ("luxury-family", "10-20", "players' totals"),
    ("two-handed", "-5-10", "never negative"),
    ("double-deck", "500-0", "the game is over"),
])
def test_bad_scores_are_refused(rid: str, score: str, words: str) -> None:
    with pytest.raises(UserError, match=words):
        game_state(load(rid), score, seat=0, dealer=0)


def test_cli_bad_score_is_one_line_and_exit_2() -> None:
    p = subprocess.run([sys.executable, "-m", "analyzer", "bid", "--rules", "auction", "--hand",
                        "AH TH KH KH QH JH 9H AS QS JD AC TC", "--score", "150-3"], capture_output=True, text=True)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "the target is 150" in lines[0], p.stderr


def test_cli_json_carries_the_game() -> None:
    p = subprocess.run([sys.executable, "-m", "analyzer", "bid", "--rules", "auction", "--hand",
                        "AH TH KH KH QH JH 9H AS QS JD AC TC", "--seed", "7", "--samples", "400", "--play", "heuristic",
                        "--score", "130-140", "--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    g = json.loads(p.stdout)["analyses"][0]["game"]
    assert g["totals"] == [140, 130] and g["my_unit"] == 1
    assert {c["call"] for c in g["calls"]} >= {"Pass", g["call_for_game"], g["call_by_points"]}
    assert 0 < g["chance_now"]["mean"] < 1
