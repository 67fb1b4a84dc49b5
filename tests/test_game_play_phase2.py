"""Two-handed phase 2 for the game (``pinochle play --rules two-handed --score 100-100 --so-far 10+5-10+5``): the
question holds phase 2's tricks only, so the whole hand's score needs phase 1's meld and points (``so_far``) and who
dealt (``dealer``). Near the target the hand ends the game on every deal: each card's chance against a plain
reference of the totals; the card for the game that differs from the card by points; at 0-0 early in a game the card
by points within the noise; bad input refused with one line (exit 2) or a 400 naming the field."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from analyzer.api import play_request
from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.outcome import card_outcomes, points_at_stake
from analyzer.cards import SUITS, from_planes
from analyzer.deal import random_deals
from analyzer.errors import UserError
from analyzer.game.value import chances_after
from analyzer.play import play_deal
from analyzer.rules import load

#: Phase 2 of two-handed deal 24 (trump S, policy v1 both seats), two tricks left: I (seat 1) won the tenth trick and
#: lead; I hold KS and QC. Phase 2 so far: me 10 points, the opponent 13 (who trumped my AC: void in clubs). The game
#: at 100-100 with 10 meld and 5 points each from phase 1: before the last two tricks I stand at 125 and the opponent
#: at 128, both past 120 whatever happens, so the higher total wins (equal: another hand). The last two tricks hold my
#: KS and QC (2 points), the opponent's two unknown cards and the last trick's point.
NEAR = {"rules": "two-handed", "seat": 1, "trump": "S", "leader": 0, "dealer": 1, "samples": 200, "seed": 1,
        "hand": "KS JS JS KH QH AD KD QD 9D AC KC QC",
        "played": "AS JS AD 9D QC KC AC 9S JH QH AD 9D KH TH TD QD KH JS KD QD"}


def _phase2(seed: int, k: int, **extra) -> dict:
    """Phase 2 of two-handed deal ``seed`` (the hands dealt as phase 2 stands, trump ``seed % 4``) played by policy
    v1 to its ``k``-th card: the values of a play question for the seat to play then."""
    rs = load("two-handed")
    hands = random_deals(rs, 1, seed=seed, stock=False).hands[0]
    rec = play_deal(rs, hands, seed % 4, 0, 0, policy="v1", seed=seed)
    me = int(rec.cards[k, 0])
    return {"rules": "two-handed", "seat": me, "trump": SUITS[seed % 4], "leader": 0, "dealer": 1, "samples": 100,
            "seed": 1, "hand": " ".join(rs.deck.name(x) for x in from_planes(hands[me], rs.deck)),
            "played": " ".join(rs.deck.name(int(c)) for _, c in rec.cards[:k]), **extra}


def _advise(values: dict, score: str | None = None, so_far: str | None = None):
    v = {k: x for k, x in values.items() if k != "dealer"} if score is None else \
        {**values, "score": score, "so_far": so_far}
    return advise_card(play_request(v))


def test_near_the_target_every_card_is_judged_by_the_whole_hands_totals() -> None:
    """:data:`NEAR`: on every deal the hand ends the game; each card's chance is 1, 0 or 1/2 as my total (100 + 15
    + my phase-2 points) beats, trails or equals the opponent's (100 + 15 + the rest of the points phase 2's cards
    hold, counted here from the deal's hands)."""
    rs = load("two-handed")
    adv = _advise(NEAR, "100-100", "10+5-10+5")
    req, v = adv.request, adv.values
    assert req.so_far == ((10, 5), (10, 5)) and req.game.totals == (100, 100) and req.game.dealer == 1
    assert list(req.seen.points) == [13, 10]
    pts = rs.points_by_kind
    for i in range(v.decl.shape[0]):
        held = sum(int(pts[k]) * int((v.hands[i] >> k & 1).sum()) for k in range(64))
        assert points_at_stake(req, v.hands[i:i + 1])[0] == held + 13 + 10 + rs.last_trick
    out = card_outcomes(req, v, 0)
    chance, _, _ = chances_after(rs, req.win_table, req.game, 1, out)
    stake = np.repeat(points_at_stake(req, v.hands), len(v.cards))
    mine = 115 + v.decl.reshape(-1)
    theirs = 115 + stake - v.decl.reshape(-1)
    assert (mine >= 120).all() and (theirs >= 120).all()
    want = np.where(mine > theirs, 1.0, np.where(mine < theirs, 0.0, 0.5))
    assert (chance == want).all()
    assert out.scores[:, 1].tolist() == (mine - 100).tolist() and out.scores[:, 0].tolist() == (theirs - 100).tolist()


def test_near_the_target_the_game_changes_the_card() -> None:
    """:data:`NEAR`: QC takes a hair more points on average (the card by points); KS, the trump, wins the race to
    the higher total on far more deals (the deals' numbers: the opponent's unknown cards), the card for the game
    beyond the noise; at 0-0 early in the game, QC."""
    adv = _advise(NEAR, "100-100", "10+5-10+5")
    g = adv.game
    assert (g.points, g.best, adv.best, adv.lines[0].card) == ("QC", "KS", "KS", "QC")
    assert g.gain.lo > 0.1 and g.cost.mean <= 0
    assert g.card("KS").wins > g.card("QC").wins + 0.1
    assert "KS rather than QC (the card by points)" in g.text and "wins the game this hand" in g.text
    assert _advise(NEAR, "0-0", "0+0-0+0").best == "QC"
    d = adv.to_dict()
    assert d["so_far"] == {"you": {"meld": 10, "points": 5}, "opponent": {"meld": 10, "points": 5}}
    assert d["game"]["card_for_game"] == "KS" and d["best"] == "KS"


def test_at_love_all_early_the_card_for_the_game_is_the_card_by_points_within_noise() -> None:
    same = 0
    for seed in range(6):
        pos = _phase2(seed, [2, 5, 8][seed % 3], samples=60)
        plain, game = _advise(pos), _advise(pos, "0-0", "4+2-6+3")
        assert [(ln.card, ln.points) for ln in game.lines] == [(ln.card, ln.points) for ln in plain.lines]
        if game.best == plain.best:
            same += 1
        else:
            assert game.game.cost.hi >= 0, game.game.text
    assert same >= 5


@pytest.mark.parametrize("score,so_far", [("100-100", "10+5-10+5"), ("110-90", "4+6-12+9"), ("90-110", "20+8-0+3")])
def test_the_card_shown_is_never_beaten_beyond_its_interval(score: str, so_far: str, card_for_game_agrees) -> None:
    for seed in (3, 5, 9):
        card_for_game_agrees(_advise(_phase2(seed, 16, samples=80), score, so_far), seed)


@pytest.mark.parametrize("values,words", [
    ({"score": "100-100"}, "needs the hand so far: give so_far MELD+POINTS-MELD+POINTS"),
    ({"score": "100-100", "so_far": "10+5-10+5", "dealer": None}, "phase 2's first leader won phase 1's last trick"),
    ({"so_far": "10+5-10+5", "dealer": None}, "give score too"),
    ({"dealer": 1}, "dealer is who dealt, for the game's score: give score too"),
    ({"score": "100-100", "so_far": "10+5"}, "bad so_far '10+5'"),
    ({"score": "100-100", "so_far": "10+30-10+30"}, "more than the cards gone before phase 2 hold"),
    ({"score": "100-100", "so_far": "ten"}, "bad so_far"),
])
def test_bad_phase2_game_inputs_are_refused(values: dict, words: str) -> None:
    v = {k: x for k, x in {**NEAR, **values}.items() if x is not None}
    with pytest.raises(UserError, match=re.escape(words)):
        play_request(v)


def test_so_far_belongs_to_phase_2_alone() -> None:
    with pytest.raises(UserError, match="auction deals every card: leave out so_far"):
        play_request({"rules": "auction", "hand": "AH TH KH KH QH JH 9H AS QS JD AC TC", "seat": 0, "declarer": 0,
                      "bid": 25, "trump": "H", "dealer": 3, "score": "100-100", "so_far": "1-2"})
    with pytest.raises(UserError, match="leave out so_far in phase 1"):
        play_request({"rules": "two-handed", "hand": "TS KS QS JD KH QH TH TC KC 9C JC JH", "seat": 1, "leader": 0,
                      "upcard": "9H", "score": "100-110", "so_far": "1-2"})


def test_a_total_alone_counts_as_meld_and_points_together() -> None:
    a = play_request({**NEAR, "score": "100-100", "so_far": "15-15"})
    assert a.so_far == ((15, 0), (15, 0))
    adv_a, adv_b = advise_card(a), _advise(NEAR, "100-100", "10+5-10+5")
    assert [c.chance for c in adv_a.game.cards] == [c.chance for c in adv_b.game.cards]


def _cli(*args: str) -> list[str]:
    return ["play", *[x for k, v in NEAR.items() for x in (f"--{k.replace('_', '-')}", str(v))], *args]


def test_cli_phase2_for_the_game_and_its_bad_input(run_cli, cli_refuses) -> None:
    code, out, err = run_cli(_cli("--score", "100-100", "--so-far", "10+5-10+5", "--json"))
    assert code == 0, err
    d = json.loads(out)
    assert d["best"] == "KS" and d["so_far"]["you"] == {"meld": 10, "points": 5}
    assert "--so-far MELD+POINTS-MELD+POINTS" in cli_refuses(_cli("--score", "100-100"))


def test_page_api_names_so_far(page) -> None:
    body = {**NEAR, "samples": 60, "score": "100-100"}
    r = page.post("/api/play", json=body)
    assert r.status_code == 400 and "so_far" in r.json()["error"], r.text
    r = page.post("/api/play", json={**body, "so_far": "10+99-10+5"})
    assert r.status_code == 400 and "so_far" in r.json()["error"], r.text
    ok = page.post("/api/play", json={**body, "so_far": "10+5-10+5"})
    assert ok.status_code == 200, ok.text
    assert ok.json()["game"]["totals"] == [100, 100] and ok.json()["so_far"]["opponent"]["points"] == 5
