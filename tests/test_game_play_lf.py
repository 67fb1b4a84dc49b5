"""Luxury Family's card play for the game (``pinochle play --score 120-80-95/2``): each player scores alone, so the
game needs each seat's points after each card, read off the line of play that valued it
(:mod:`analyzer.cardplay.lines`). A hand-worked last hand where the card for the game takes fewer points for the
defenders but all of them for me; the lines against the values they carry; the rollout's sharing against a
plain-Python reference; the game maker behind in the last hand, where the card for the game wins more often at a
cost in expected score; at 0-0-0 the card by points within the noise; the card shown never beaten beyond its
interval; the command line and the page's API."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analyzer.api import play_request
from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.lines import share_as, split_needed
from analyzer.cardplay.outcome import card_outcomes, final_terms
from analyzer.cards import SUITS, from_planes
from analyzer.deal import random_deals
from analyzer.play import play_deal
from analyzer.rules import load
from analyzer.score import convert_points

#: The last two tricks of a Luxury Family hand, every card known (the others' two cards each shown: one deal). Seat 0
#: is the game maker (trump S, bid 300, meld 100) and won all 14 tricks so far (201 power points); it leads KH. I am
#: seat 1, a defender, with AH and 7H (and meld 80: four jacks of different suits, JS JD JH JC); seat 2 holds TH and
#: AC, the other defender (it showed no meld). By hand:
#:   AH: I win KH AH TH (4 + 11 + 10 = 25) and lead 7H; seat 2, void in hearts and without trump, throws AC, and the
#:       game maker's QH wins 7H AC QH (0 + 11 + 3 = 14). Me 25, seat 2 0, the game maker 215.
#:   7H: seat 2 must follow with TH and wins KH 7H TH (14), leads AC; the game maker throws QH, I throw AH, AC wins
#:       (11 + 3 + 11 = 25). Me 0, seat 2 39, the game maker 201.
#: By the defenders' points together (the play's criterion) 7H is the card: 39 against 25. But the third hand at
#: 230 for me against seat 2's 300 (the game maker far behind at -1000): AH ends 230 + 80 + 25 = 335 against 300,
#: I win; 7H ends 230 + 80 = 310 against 300 + 39 = 339, I lose. The card for the game is AH, with certainty.
LAST_TWO = {"rules": "luxury-family", "hand": "KS KS JS JS JD JD 7D 7D JH JH 7H AH 7H QC JC 7C", "seat": 1,
            "declarer": 0, "bid": 300, "meld": 100, "trump": "S", "shown": ["0:KH QH", "2:TH AC"], "dealer": 2,
            "samples": 40, "played": "AS KS QS / AS KS QS / TS JS 7S / TS JS 7S / AD JD KD / AD JD KD / TD 7D QD / "
                                     "TD 7D QD / AH JH KH / TH JH QH / AC QC KC / TC JC QC / TC 7C JC / KC 7H 7C / KH"}


def _position(seed: int, k: int, **extra) -> dict:
    """A Luxury Family position: deal ``seed`` played by policy v1 to its ``k``-th card (the game maker seat
    ``seed % 3``, trump ``seed % 4``, bid 200), the values of a play question for the seat to play then."""
    rs = load("luxury-family")
    hands = random_deals(rs, 1, seed=seed, stock=False).hands[0]
    trump, declarer = seed % 4, seed % 3
    rec = play_deal(rs, hands, trump, declarer, declarer, policy="v1", seed=seed)
    me = int(rec.cards[k, 0])
    return {"rules": "luxury-family", "seat": me, "trump": SUITS[trump], "declarer": declarer, "bid": 200,
            "hand": " ".join(rs.deck.name(x) for x in from_planes(hands[me], rs.deck)),
            "played": " ".join(rs.deck.name(int(c)) for _, c in rec.cards[:k]), "samples": 100, "seed": 1,
            "dealer": (declarer + 2) % 3, **extra}


def _advise(values: dict, score: str | None):
    v = {k: x for k, x in values.items() if k != "dealer"} if score is None else {**values, "score": score}
    return advise_card(play_request(v))


def test_each_seat_is_needed_where_a_side_holds_several_scorers() -> None:
    assert split_needed(play_request({**LAST_TWO, "score": "0-0-0"}))
    assert not split_needed(play_request({k: v for k, v in LAST_TWO.items() if k != "dealer"}))  # no score
    auction = {"rules": "auction", "hand": "AH TH KH KH QH JH 9H AS QS JD AC TC", "seat": 0, "declarer": 0,
               "bid": 25, "trump": "H", "dealer": 3, "score": "100-100"}
    assert not split_needed(play_request(auction))  # partners score together


def test_the_hand_worked_last_two_tricks() -> None:
    """:data:`LAST_TWO`: each seat's points after each card as worked by hand, the scores, and AH for the game
    against 7H by the defenders' points."""
    rs = load("luxury-family")
    adv = _advise(LAST_TWO, "-1000-230-300/3")
    v = adv.values
    assert v.fixed and [rs.deck.name(k) for k in v.cards] == ["AH", "7H"]
    assert v.seat_points[0].tolist() == [[215, 25, 0], [201, 0, 39]]
    assert int(convert_points(rs, np.array([215]))[0]) == 500 and int(convert_points(rs, np.array([201]))[0]) == 444
    out = card_outcomes(adv.request, v, adv.side_meld)
    assert out.scores[:2].tolist() == [[600, 105, 0], [544, 80, 39]]  # meld + trick points; the bid is made
    g = adv.game
    assert (g.points, g.best, adv.best, adv.lines[0].card) == ("7H", "AH", "AH", "7H")
    assert g.card("AH").chance.mean == 1.0 and g.card("AH").wins == 1.0
    assert g.card("7H").chance.mean == 0.0 and g.card("7H").loses == 1.0
    assert g.gain.lo == pytest.approx(1.0) and g.cost.mean == pytest.approx(-14.0)
    assert "AH rather than 7H (the card by points)" in g.text and "wins the game this hand" in g.text
    # without the score: today's advice, the defenders' points together
    assert _advise(LAST_TWO, None).best == "7H"


def test_the_lines_carry_the_values_they_come_from() -> None:
    """Five tricks left, every deal solved: along each card's line the game maker's points are the card's value,
    every seat keeps what it has taken, the hand's 240 power points and 16 tricks are all given out; the rollouts'
    deals (heuristic play) the same."""
    rs = load("luxury-family")
    for seed, play in ((2, "dd"), (9, "dd"), (4, "heuristic")):
        pos = _position(seed, 33, play=play, samples=60)
        adv = _advise(pos, "100-200-150/2")
        v, seen = adv.values, adv.request.seen
        sp, st = v.seat_points, v.seat_tricks
        d = adv.request.record.declarer
        assert sp.shape == (60, len(v.cards), 3) and v.shared == 0
        assert (sp[:, :, d] == v.decl).all()
        assert (sp.sum(axis=2) == rs.total_points).all() and (st.sum(axis=2) == rs.hand_size).all()
        assert (sp >= np.asarray(seen.points)).all() and (st >= np.asarray(seen.tricks)).all()
        assert v.solved.all() == (play == "dd")


def test_the_rollouts_share_matches_a_plain_reference() -> None:
    """:func:`share_as`: the game maker keeps his exact points; the rest is shared as the rollout shares its own
    rest, floored, the remainder to the first other seat; evenly where the rollout gave the others nothing."""
    req = play_request({**LAST_TWO, "score": "0-0-0"})
    rng = np.random.default_rng(5)
    rolled = rng.integers(0, 120, size=(50, 3))
    rolled[:5, 1:] = 0
    decl = rng.integers(0, 240, size=50)
    pts, _ = share_as(req, decl, rolled, np.ones((50, 3), dtype=np.int64))
    for r in range(50):
        rest = int(rolled[r].sum()) - int(decl[r])
        a, b = int(rolled[r, 1]), int(rolled[r, 2])
        f1 = a / (a + b) if a + b else 0.5
        f2 = b / (a + b) if a + b else 0.5
        s1, s2 = int(np.floor(f1 * rest)), int(np.floor(f2 * rest))
        s1 += rest - s1 - s2
        assert pts[r].tolist() == [int(decl[r]), s1, s2]


def test_the_game_maker_behind_in_the_last_hand_takes_the_card_that_wins_more_often() -> None:
    """The game maker (seat 2, at 300) behind seat 1 (400) in the third hand, five tricks left: the contract is made
    with any card, so the game turns on seat 1's score, which must stay about 110 under what the game maker makes.
    QH takes the most points; TD gives the defenders a little more on average but leaves seat 1 short of catching
    up on far more deals: the card for the game, at a cost in expected score (the deals' numbers: seed 2 below)."""
    pos = _position(2, 33)
    adv = _advise(pos, "200-400-300/3")
    g = adv.game
    assert (g.points, g.best, adv.best) == ("QH", "TD", "TD")
    assert g.gain.lo > 0.05 and g.cost.mean < 0
    assert "TD wins the game this hand" in g.text and "contract" not in g.text.split(":", 2)[-1]
    assert all(ln.make.p == 1.0 for ln in adv.lines)
    assert _advise(pos, None).best == "QH"


def test_at_love_all_in_the_first_hand_the_card_is_the_card_by_points_within_noise() -> None:
    """0-0-0 before the first hand: the points figures are today's and the card to play is today's card, or one no
    worse by points beyond the noise (the game maker's score; the defenders' points together)."""
    same = 0
    for seed in range(6):
        pos = _position(seed, [33, 36, 39][seed % 3], samples=60)
        plain, game = _advise(pos, None), _advise(pos, "0-0-0")
        assert [(ln.card, ln.points, ln.score) for ln in game.lines] == [(ln.card, ln.points, ln.score)
                                                                           for ln in plain.lines]
        if game.best == plain.best:
            same += 1
        else:
            assert game.game.cost.hi >= 0, game.game.text
    assert same >= 4


@pytest.mark.parametrize("score", ["200-400-300/3", "400-200-300/3", "100-300-500/2", "300-300-300/3"])
def test_the_card_shown_is_never_beaten_beyond_its_interval(score: str, card_for_game_agrees) -> None:
    for seed in (10, 11, 12):
        card_for_game_agrees(_advise(_position(seed, 36, samples=60), score), seed)


def _flags() -> list[str]:
    flags = [x for k, v in LAST_TWO.items() if k != "shown" for x in (f"--{k}", str(v))]
    return ["play", *flags, *[x for s in LAST_TWO["shown"] for x in ("--shown", s)]]


def test_cli_luxury_family_score_by_seat_and_json(run_cli, cli_refuses) -> None:
    code, out, err = run_cli([*_flags(), "--score", "-1000-230-300/3"])
    assert code == 0, err
    assert "the game: -1000-230-300 by seat, hand 3" in out and "Play AH." in out
    code, out, err = run_cli([*_flags(), "--score", "-1000-230-300/3", "--json"])
    d = json.loads(out)
    assert d["game"]["totals"] == [-1000, 230, 300] and d["game"]["hands_played"] == 2 and d["best"] == "AH"
    assert "--score" in cli_refuses([*_flags(), "--score", "1-2"])


def test_page_api_answers_luxury_family_for_the_game(page) -> None:
    r = page.post("/api/play", json={**LAST_TWO, "score": "1-2"})
    assert r.status_code == 400 and "score" in r.json()["error"], r.text
    ok = page.post("/api/play", json={**LAST_TWO, "score": "-1000-230-300/3"})
    assert ok.status_code == 200, ok.text
    assert ok.json()["best"] == "AH" and ok.json()["game"]["card_by_points"] == "7H"


def test_final_terms_give_each_seat_its_own_points() -> None:
    """The scoring's terms from the lines: each seat's own points (not the defenders' together on one seat), the
    game maker's meld given, the others' from the cards they showed (seat 0's KH QH is a couple of 20 -- but the
    game maker's meld is the one given, 100) and mine from my hand."""
    adv = _advise(LAST_TWO, "0-0-0")
    meld, points, _ = final_terms(adv.request, adv.values, adv.side_meld)
    assert meld[0].tolist() == [100, 80, 0] and points[:2].tolist() == [[215, 25, 0], [201, 0, 39]]


def test_a_line_past_its_budget_is_shared_as_the_rollout_shares(monkeypatch) -> None:
    """Where a solved deal's line cannot be replayed (here every other one, by a stand-in solver), the game maker
    keeps his exact points, the defenders share the rest as the rollout does, and the advice says how often."""
    import dataclasses

    from analyzer.cardplay import lines

    real = lines.solve_positions

    def lossy(*args, **kw):
        return [r if i % 2 else dataclasses.replace(r, points=None) for i, r in enumerate(real(*args, **kw))]

    monkeypatch.setattr(lines, "solve_positions", lossy)
    rs = load("luxury-family")
    adv = _advise(_position(2, 33, samples=40), "200-400-300/3")
    v = adv.values
    assert v.solved.all() and 0 < v.shared < v.decl.size
    assert (v.seat_points[:, :, 2] == v.decl).all() and (v.seat_points.sum(axis=2) == rs.total_points).all()
    assert any(f"{v.shared} of" in n and "shared there as the heuristic players" in n for n in adv.notes), adv.notes
