"""Two-handed advice for the game (``--score``): the win-probability table against games played forward
(:func:`analyzer.twohand.odds.game_odds`, the cross-check), the hand's chances read after each deal, the dix ranked
by the game only beyond the noise (at 0-0 the choice by points), the answers carrying the figures, bad scores refused
in one line."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from analyzer.arena.tables import win_table
from analyzer.errors import UserError
from analyzer.estimate import Estimate, proportion
from analyzer.game.state import GameState
from analyzer.game.value import chance_now
from analyzer.rules import load
from analyzer.twohand.analysis import DixAdvice, analyze_hand
from analyzer.twohand.gamechance import GameAsked, _dix_for_game, for_game, game_now
from analyzer.twohand.odds import game_odds

HAND = "AH AH TH KH QH JH 9H AS KS QS JD QC"  # holds the dix of the upcard KH: the exchange is measured
STRONG = "AH AH TH TH KH KH QH QH JH JH 9S 9C"


@pytest.fixture(scope="module")
def rules():
    return load("two-handed")


@pytest.fixture(scope="module")
def table(rules):
    return win_table(rules)


@pytest.fixture(scope="module")
def strong(rules):
    return analyze_hand(rules, STRONG, "9H", samples=200, seed=4, phase2="heuristic")


def _agree(p_table: float, half: float, mc, hands: int) -> bool:
    """Whether the table's chance agrees with games played forward: within the quadrature of the games' Wilson
    half-width, the table's own 95% half-width and the games' pool of hands' sampling error (the table's scaled to
    the pool's size)."""
    h_mc = (mc.win.hi - mc.win.lo) / 2
    tol = math.sqrt(h_mc ** 2 + half ** 2 * (1 + hands / mc.pool)) + 0.002  # + the grid's reading
    return abs(p_table - mc.win.p) <= tol


@pytest.mark.parametrize("score,i_deal", [((0, 0), False), ((84, 97), False), ((100, 60), True), ((50, 90), True),
                                          ((110, 110), True), ((20, 105), False)])
def test_the_table_agrees_with_games_played_forward(rules, table, score, i_deal):
    mc = game_odds(rules, score, i_deal=i_deal, games=20_000, seed=1)
    st = GameState(score, dealer=0 if i_deal else 1, scored=(score[0] > 0, score[1] > 0))
    p, half = chance_now(rules, table, st, 0)
    assert _agree(p, half, mc, table.hands), (score, p, half, mc.win)


def test_the_hand_valued_by_the_table_agrees_with_games_from_it(rules, table, strong):
    """With the analysed hand first: the mean of the table's chances after each deal against games that draw the
    first hand from the same deals' scores."""
    ask = GameAsked(GameState((84, 97), dealer=1, scored=(True, True)), 0, table)
    g = for_game(strong, ask).game
    mc = game_odds(rules, (84, 97), i_deal=False, games=20_000, seed=2, first=(strong.my_scores, strong.opp_scores))
    half = (g.chance.hi - g.chance.lo) / 2
    assert abs(g.chance.mean - mc.win.p) <= math.hypot(half, (mc.win.hi - mc.win.lo) / 2) + 0.002, (g.chance, mc.win)
    assert g.chance.mean > g.now.mean + 0.3  # a double run takes a behind player to the target


@pytest.mark.parametrize("me", [0, 1])
def test_each_deal_is_read_after_the_hand(rules, table, me):
    """A deal's chance is the table read at the totals after it (the next dealer), 1 or 0 where the hand reaches
    the target, whichever unit is mine."""
    mine = np.array([10, 40, 70, 0, 30])
    theirs = np.array([20, 30, 10, 90, 24])
    totals = (60, 25) if me == 0 else (25, 60)  # mine 60, theirs 25
    ask = GameAsked(GameState(totals, dealer=me, scored=(True, True)), me, table)
    got, _, _ = ask.chances(rules, mine, theirs)
    for k in range(len(mine)):
        a, b = 60 + mine[k], 25 + theirs[k]
        if a >= 120 or b >= 120:
            want = 1.0 if a > b else 0.0
        else:
            after = (a, b) if me == 0 else (b, a)
            want = chance_now(rules, table, GameState(after, dealer=1 - me, scored=(True, True)), me)[0]
        assert got[k] == pytest.approx(want, abs=1e-9), k


def test_at_0_0_the_dix_is_the_choice_by_points(rules, table):
    a = analyze_hand(rules, HAND, "KH", samples=300, seed=9, phase2="heuristic")
    assert a.kept is not None and a.dix.gain is not None
    g = for_game(a, GameAsked(GameState((0, 0), dealer=1), 0, table))
    assert g.dix.exchange == a.dix.exchange and not g.dix.for_game and g.dix.game_gain is not None
    assert g.dix.text.startswith(a.dix.text) and "for the game" in g.dix.text
    assert g.game.wins.p == 0 and g.game.loses.p == 0  # no hand reaches 120 from 0-0
    assert abs(g.game.now.mean - 0.49) < 0.03 and g.game.chance.lo <= g.game.chance.mean <= g.game.chance.hi
    # the figures by points are those of the analysis without the score
    assert {k: v for k, v in g.as_dict().items() if k not in ("dix", "game")} == \
        {k: v for k, v in a.as_dict().items() if k not in ("dix", "game")}


def _dix(exchange: bool) -> DixAdvice:
    gain = Estimate(2.0 if exchange else -2.0, 1.0, 0.0 if exchange else -4.0, 4.0 if exchange else 0.0, 300)
    return DixAdvice(True, exchange, gain, proportion(np.ones(300, bool)), proportion(np.zeros(300, bool)), "by points")


def _chance(mean: float, half: float) -> Estimate:
    return Estimate(mean, half / 1.96, mean - half, mean + half, 300)


@pytest.mark.parametrize("by_points,game,want", [
    (True, _chance(-0.05, 0.02), False),   # the game beats it beyond the noise: keep
    (True, _chance(-0.01, 0.02), True),    # within the noise: the choice by points
    (False, _chance(0.04, 0.03), True),    # exchange for the game
    (False, _chance(0.01, 0.03), False),
    (True, _chance(0.05, 0.02), True),
])
def test_the_game_replaces_the_dix_choice_only_beyond_the_noise(by_points, game, want):
    d = _dix_for_game(_dix(by_points), "KH", game)
    assert d.exchange == want and d.for_game == (want != by_points) and d.game_gain == game
    if d.for_game:
        assert d.text.startswith("for the game, " + ("exchange your dix for the KH" if want else "keep your dix"))
        assert "though by points" in d.text
    else:
        assert d.text.startswith("by points; for the game: your chance of winning the game")


def test_score_alone_reads_the_table(rules, table):
    g = game_now(rules, GameAsked(GameState((84, 97), dealer=0, scored=(True, True)), 0, table))
    assert g.chance is None and g.i_deal and g.score == (84, 97)
    d = g.as_dict()
    assert d["first_hand"] == "table" and d["chance"] == d["chance_now"] and d["wins_game_now"] is None


# ---- the front ends ------------------------------------------------------------------------------------------
def test_two_hand_json_carries_the_game(run_cli):
    code, out, err = run_cli(["two-hand", "--hand", HAND, "--upcard", "KH", "--samples", "60", "--seed", "3",
                              "--play", "heuristic", "--score", "100-60", "--dealer", "--json"])
    assert code == 0, err
    d = json.loads(out)
    g = d["game"]
    assert g["score"] == [100, 60] and g["i_deal"] and g["target"] == 120 and g["first_hand"] == "analysed hand"
    assert g["chance"]["n"] == 60 and 0 <= g["chance"]["lo"] <= g["chance"]["mean"] <= g["chance"]["hi"] <= 1
    assert g["chance_now"]["mean"] > 0.9 and g["wins_game_now"]["p"] > 0.5 and "self-play" in g["table"]
    assert "game_gain" in d["dix"] and "for_game" in d["dix"]
    code, out, err = run_cli(["two-hand", "--score", "100-60", "--dealer", "--json"])
    assert code == 0, err
    assert json.loads(out)["game"]["chance_now"] == g["chance_now"]


def test_bid_two_handed_carries_the_game_for_my_seat(run_cli):
    """``bid --rules two-handed``: the score is mine first whatever my seat; the dealer of the hand from --dealer."""
    args = ["bid", "--rules", "two-handed", "--hand", HAND, "--upcard", "KH", "--samples", "60", "--seed", "3",
            "--play", "heuristic", "--score", "100-60", "--json"]
    code, out, err = run_cli([*args, "--seat", "1", "--dealer", "1"])
    assert code == 0, err
    one = json.loads(out)
    code, out, err = run_cli(["two-hand", "--hand", HAND, "--upcard", "KH", "--samples", "60", "--seed", "3",
                              "--play", "heuristic", "--score", "100-60", "--dealer", "--json"])
    assert code == 0, err
    two = json.loads(out)
    assert one["game"] == two["game"] and one["dix"] == two["dix"]
    code, out, err = run_cli([*args[:-1], "--seat", "0", "--dealer", "1"])  # the opponent deals: text
    assert code == 0, err
    assert "Game to 120 from 100-60 (the opponent deals this hand)" in " ".join(out.split())


@pytest.mark.parametrize("args,words", [
    (["--score", "-5-10"], "never negative"),
    (["--score", "120-3"], "the game is over at 120-3: the target is 120"),
    (["--score", "30-150"], "the target is 120"),
    (["--score", "60-3", "-o", "deck=24"], "the target is 60"),
    (["--score", "84"], "bad score"),
    (["--score", "1-2-3"], "give two totals"),
    (["--score", "84-97/2"], "no hand number"),
])
@pytest.mark.parametrize("command", ["two-hand", "bid"])
def test_bad_scores_are_one_line_and_exit_2(run_cli, command, args, words):
    cards, up = ("AH TH KH QS JD 9S", "QH") if "deck=24" in args else (HAND, "KH")
    hand = ["--hand", cards, "--upcard", up]
    rules = ["--rules", "two-handed"] if command == "bid" else []
    code, out, err = run_cli([command, *rules, *hand, *args])
    assert code == 2 and out == "", err
    assert err.startswith("pinochle: error:") and err.count("\n") == 1 and words in err and "--score" in err, err


def test_score_alone_bad_is_refused_before_any_work(rules):
    from analyzer.api import two_hand

    with pytest.raises(UserError, match="never negative"):
        two_hand({"score": "3--4"})
    with pytest.raises(UserError, match="the target is 60"):
        two_hand({"score": "61-0", "options": ["deck=24"]})


def test_the_page_refuses_a_bad_score_naming_it():
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from analyzer.web.app import create_app

    body = {"rules": "two-handed", "hand": STRONG, "upcard": "9H", "samples": 40, "play": "heuristic"}
    with TestClient(create_app(workers=1, warm=False)) as c:
        for score in ("130-20", "-1-4", "5"):
            r = c.post("/api/bid", json={**body, "score": score})
            assert r.status_code == 400 and "score" in r.json()["error"], r.text
