"""Score-aware card play (``pinochle play --score``): every card judged by the chance of winning the game; at 0-0 the
card by points, the card shown never beaten beyond the noise, a position near the target where the game changes the
card, a quadruple pinochle's win carried to the game, two-handed's stock phase, and bad input refused with one
line (exit 2) or a 400 naming the field. Luxury Family: ``test_game_play_lf.py``; two-handed phase 2:
``test_game_play_phase2.py``."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import numpy as np
import pytest

from analyzer.api import play_request
from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.game import card_for_game
from analyzer.cardplay.outcome import card_outcomes
from analyzer.cardplay.request import PlayRequest
from analyzer.cards import SUITS, from_planes
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.play import play_deal
from analyzer.rules import load

#: bidders 3 (declarer) bid 23 with meld 5 in clubs; I (seat 2) defend with three tricks left, my side at 146 and
#: theirs at 126 of 150: made with 18 trick points they stay at 149 and we reach 150, made with more they reach it
#: first (the bidders win both reaching it), set they fall back. AD takes more points on average (the card by
#: points), QD leaves them exactly 18 far more often: the card for the game.
NEAR = {"rules": "auction", "hand": "TS TS KS JS TH 9H AD QD JD KC JC 9C", "seat": 2, "declarer": 3, "bid": 23,
        "trump": "C", "meld": 5, "samples": 300, "seed": 0, "dealer": 0,
        "played": "AC JC 9C 9C QC TC 9H KC 9S AS JS 9S AS KS QS QS JS TS QC AC KH JH 9H AH TC 9D KS JC AD 9D TD JD "
                  "AH KH JH TH KD QD JD"}


def _positions(rid: str, n: int, seed0: int = 0) -> list[dict]:
    """``n`` positions of ``rid`` hands played by policy v1 to various points, each the values of a play question
    for the seat to play then (the declarer's side's meld known, a bid near what it takes)."""
    rs = load(rid)
    out = []
    for seed in range(seed0, seed0 + n):
        hands = random_deals(rs, 1, seed=seed, stock=False).hands[0]
        trump, declarer = seed % 4, seed % rs.seats
        rec = play_deal(rs, hands, trump, declarer, declarer, policy="v1", seed=seed)
        total = rs.seats * rs.hand_size
        k = [1, total // 2, total - 3 * rs.seats - 1, total - 2 * rs.seats + 1][seed % 4]
        me = int(rec.cards[k, 0])
        bid = rs.bid_levels()[seed % 5]
        out.append({"rules": rid, "seat": me, "trump": SUITS[trump], "declarer": declarer, "bid": int(bid),
                    "meld": max(0, int(bid) - int(rs.total_points) // 2), "dealer": (declarer + 3) % rs.seats,
                    "hand": " ".join(rs.deck.name(x) for x in from_planes(hands[me], rs.deck)),
                    "played": " ".join(rs.deck.name(int(c)) for _, c in rec.cards[:k]), "samples": 120, "seed": 1})
    return out


def _advise(values: dict, score: str | None = None):
    """The advice on a position, with the game's score or (None) without: then no dealer either, as today."""
    v = {k: x for k, x in values.items() if k != "dealer"} if score is None else {**values, "score": score}
    return advise_card(play_request(v))


@pytest.mark.parametrize("rid", ["auction", pytest.param("double-deck", marks=pytest.mark.slow)])  # dd: 12-15 s
def test_at_love_all_the_card_for_the_game_is_the_card_by_points_within_noise(rid: str) -> None:
    """At 0-0 the points figures are today's, the card by points is today's card, and the card to play is today's
    -- or one no worse by points beyond the noise (the paired 95% interval of its cost reaches 0)."""
    same = 0
    for pos in _positions(rid, 6):
        plain, game = _advise(pos), _advise(pos, "0-0")
        assert plain.game is None and "game" not in plain.to_dict()
        g = game.game
        assert g.points == plain.best
        assert [(ln.card, ln.points, ln.score) for ln in game.lines] == [(ln.card, ln.points, ln.score)
                                                                           for ln in plain.lines]
        if game.best == plain.best:
            same += 1
            assert g.gain is None
        else:
            assert g.cost is not None and g.cost.hi >= 0, g.text
    assert same >= 5


@pytest.mark.parametrize("rid,score", [("auction", "140-130"), ("auction", "120-145"), ("double-deck", "430-380"),
                                       pytest.param("double-deck", "470-480", marks=pytest.mark.slow)])
def test_the_card_shown_is_never_beaten_beyond_its_interval(rid: str, score: str) -> None:
    """Near the target: no card shown has a mean chance above the interval of the card to play; where the game
    replaced the card by points, it beats it beyond the noise; a card's interval holds its mean."""
    for pos in _positions(rid, 4, seed0=10):
        adv = _advise(pos, score)
        g = adv.game
        best = g.card(adv.best)
        assert g.cards[0].chance.mean >= max(c.chance.mean for c in g.cards) - 1e-12  # ranked by the chance
        for c in g.cards:
            assert c.chance.mean <= best.chance.hi + 1e-9, (pos, c, best)
            assert c.chance.lo <= c.chance.mean <= c.chance.hi and 0 <= c.wins + c.loses <= 1 + 1e-9
        if g.differs:
            assert g.gain is not None and g.gain.lo > 0
            assert adv.to_dict()["best"] == g.best and adv.lines[0].card == g.points


def test_card_for_game_keeps_the_points_card_within_the_noise() -> None:
    rng = np.random.default_rng(3)
    base = rng.random(200)
    noisy = np.stack([base, base + rng.normal(0.001, 0.05, 200)], axis=1)  # a hair better on average: noise
    assert card_for_game(noisy, 0) == 0
    clear = np.stack([base, np.minimum(1, base + 0.05)], axis=1)
    assert card_for_game(clear, 0) == 1
    assert card_for_game(np.stack([base, base], axis=1), 1) == 1  # a tie keeps the card by points


def test_near_the_target_the_game_changes_the_card() -> None:
    """The :data:`NEAR` position: QD rather than AD for the game, beyond the noise, with the reason; at 0-0 the card
    by points, AD."""
    adv = _advise(NEAR, "146-126")
    g = adv.game
    assert (g.points, g.best, adv.best) == ("AD", "QD", "QD")
    assert g.gain.lo > 0.1 and g.cost.mean < 0  # a tenth more chance of winning, at a cost in net score
    assert g.card("QD").wins > g.card("AD").wins + 0.1
    assert "QD rather than AD (the card by points)" in g.text and "wins the game this hand" in g.text
    assert _advise(NEAR, "0-0").best == "AD"
    d = adv.to_dict()
    assert d["best"] == "QD" and d["game"]["card_for_game"] == "QD" and d["game"]["card_by_points"] == "AD"
    assert [c["card"] for c in d["game"]["cards"]] == ["QD", "AD"]
    assert all({"chance", "wins_game_now", "loses_game_now"} <= set(c) for c in d["cards"])


def test_a_quadruple_pinochle_counts_where_its_side_takes_the_points() -> None:
    """Double deck: I hold four Q♠ and four J♦; the hand's outcome marks my side's quadruple pinochle won on every
    deal where my side takes at least the rule's trick points (20), nowhere else, and never the other side's."""
    rs = load("double-deck")
    hand = "QS QS QS QS JD JD JD JD AS AS TS TS AH AH TH KH AC AC TD KD"
    req = play_request({"rules": "double-deck", "hand": hand, "seat": 1, "declarer": 0, "bid": 60, "trump": "S",
                        "played": "KS", "samples": 40, "play": "heuristic", "dealer": 3, "score": "0-0"})
    adv = advise_card(req)
    out = card_outcomes(req, adv.values, adv.side_meld)
    mine = int(rs.total_points) - adv.values.decl.reshape(-1)  # my side defends: the points the declarers leave
    assert out.quad.shape == (adv.values.decl.size, 2)
    assert (out.quad[:, 1] == (mine >= rs.scoring.quad_pinochle_win)).all() and out.quad[:, 1].any()
    assert not out.quad[:, 0].any()


def test_two_handed_stock_phase_is_judged_for_the_game() -> None:
    """Phase 1: the dealer follows from the first leader; every move carries its chance."""
    v = {"rules": "two-handed", "hand": "TS KS QS JD KH QH TH TC KC 9C JC JH", "seat": 1, "leader": 0,
         "upcard": "9H", "played": "AS 9S / KD QD +rm / AC", "samples": 60, "seed": 3, "play": "heuristic"}
    req = play_request({**v, "score": "100-110"})
    assert req.game.dealer == 1 and req.game.totals == (110, 100)  # seat 1 dealt (seat 0 led); mine first
    adv = advise_card(req)
    plain = advise_card(play_request(v))
    assert [ln.diff for ln in adv.lines] == [ln.diff for ln in plain.lines]
    assert {c.card for c in adv.game.cards} == {ln.card for ln in adv.lines}
    assert all(0 <= c.chance.mean <= 1 for c in adv.game.cards)
    assert adv.to_dict()["game"]["totals"] == [110, 100]


@pytest.mark.parametrize("values,words", [
    ({"score": "150-3"}, "the target is 150"),
    ({"score": "abc"}, "bad score"),
    ({"score": "100-100", "dealer": None}, "give who dealt this hand"),
    ({"score": "100-100", "bid": 0}, "give the contract"),
    ({"score": None, "dealer": 1}, "the auction's dealer"),
])
def test_bad_scores_and_missing_parts_are_refused(values: dict, words: str) -> None:
    with pytest.raises(UserError, match=words):
        play_request({k: v for k, v in {**NEAR, **values}.items() if v is not None})


def test_a_library_caller_may_give_the_game_state() -> None:
    from analyzer.arena.tables import win_table
    from analyzer.game.given import game_state

    rs = load("auction")
    g = game_state(rs, "146-126", 2, 0)
    req = PlayRequest.make(rs, NEAR["hand"], win_table=win_table(rs),
                           **{k: v for k, v in NEAR.items() if k not in ("rules", "hand")} | {"score": g})
    assert req.game == g and dataclasses.replace(req, game=None).game is None


def _cli(*args: str) -> subprocess.CompletedProcess:
    flags = [x for k, v in NEAR.items() for x in (f"--{k}", str(v))]
    return subprocess.run([sys.executable, "-m", "analyzer", "play", *flags, *args], capture_output=True, text=True)


def test_cli_bad_score_is_one_line_and_exit_2() -> None:
    p = _cli("--score", "150-3")
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "the target is 150" in lines[0], p.stderr


def test_cli_shows_the_chance_and_the_sentence_and_json_carries_the_game() -> None:
    p = _cli("--score", "146-126")
    assert p.returncode == 0, p.stderr
    assert "chance of winning (95%)" in p.stdout and "QD rather than AD" in p.stdout and "Play QD." in p.stdout
    assert "AD (points)" in p.stdout
    j = _cli("--score", "146-126", "--json")
    d = json.loads(j.stdout)
    assert d["best"] == "QD" and d["game"]["totals"] == [146, 126] and d["game"]["my_unit"] == 0
    assert 0 < d["game"]["chance_now"]["mean"] < 1


def test_page_api_refuses_a_bad_score_naming_it() -> None:
    from fastapi.testclient import TestClient

    from analyzer.web.app import create_app

    body = {k: v for k, v in NEAR.items() if k != "samples"} | {"samples": 40, "score": "1-2-3"}
    with TestClient(create_app(workers=1, warm=False)) as client:
        r = client.post("/api/play", json=body)
        assert r.status_code == 400 and "score" in r.json()["error"], r.text
        ok = client.post("/api/play", json={**body, "score": "146-126"})
        assert ok.status_code == 200, ok.text
        assert ok.json()["game"]["card_by_points"] in {c["card"] for c in ok.json()["cards"]}
