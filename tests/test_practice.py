"""The page's practice positions and its saved hand, through the library and the JSON API: the shipped set keeps only
positions whose best is clear by its own stored figures, those figures are the library's (``pinochle play`` asked
again gives them), a choice costs its stored loss, and the play-along's saved record reads back to the same
position."""

from __future__ import annotations

import pytest

from analyzer.api import play_request, practice_answer, practice_deal, practice_sets, read_records, saved_record
from analyzer.errors import UserError
from analyzer.practice.build import CLEAR
from analyzer.practice.positions import positions, shipped
from analyzer.record.play import play_values

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"  # the README's example hand (auction)


def _runner_up(p: dict) -> dict:
    """The best other option whose outcome differs from the best's on some deal (its loss not exactly 0)."""
    other = [o for o in p["answer"]["options"] if not (o["loss"]["mean"] == 0 and o["loss"]["se"] == 0)]
    return min(other, key=lambda o: o["loss"]["mean"])


def test_every_shipped_position_has_a_clear_best_by_its_own_figures():
    ps = positions()
    assert ps and len({p["id"] for p in ps}) == len(ps)
    kept = shipped()["kept"]
    for rules, k in kept.items():
        assert sum(p["rules"] == rules and p["kind"] == "call" for p in ps) == k["call"]
        assert sum(p["rules"] == rules and p["kind"] == "card" for p in ps) == k["card"]
    for p in ps:
        a = p["answer"]
        best = next(o for o in a["options"] if o["choice"] == a["best"])
        assert best["loss"]["mean"] == 0 and best["loss"]["hi"] == 0, p["id"]
        assert _runner_up(p)["loss"]["lo"] > CLEAR, p["id"]
        assert len(a["options"]) >= 2


def test_a_choice_costs_its_stored_loss_and_a_bad_one_is_refused():
    p = positions()[0]
    dealt = practice_deal({"rules": p["rules"], "number": 0})
    assert dealt["id"] == p["id"] and "answer" not in dealt and [c["choice"] for c in dealt["choices"]] == [
        o["choice"] for o in p["answer"]["options"]]
    ru = _runner_up(p)
    a = practice_answer({"id": p["id"], "choice": ru["choice"]})
    assert a["cost"] == ru["loss"] and not a["best_choice"] and a["best"] == p["answer"]["best"]
    assert [o["loss"]["mean"] for o in a["options"]] == sorted(o["loss"]["mean"] for o in a["options"])
    b = practice_answer({"id": p["id"], "choice": p["answer"]["best"]})
    assert b["best_choice"] and b["cost"]["mean"] == 0
    with pytest.raises(UserError, match="choice: 'XX' is not an option here"):
        practice_answer({"id": p["id"], "choice": "XX"})
    with pytest.raises(UserError, match="id: no practice position"):
        practice_answer({"id": "nowhere-1", "choice": "AS"})
    with pytest.raises(UserError, match="rules: no practice positions for 'two-handed'"):
        practice_deal({"rules": "two-handed"})
    assert set(practice_sets()["rules"]) <= set(shipped()["kept"])


def test_a_card_positions_figures_are_what_pinochle_play_gives_there():
    """The stored figures of a card are the card advice's own: asked again with the same question and seed, the
    library gives the same cards, values and intervals."""
    from analyzer.api import advise_card

    p = next(p for p in positions() if p["kind"] == "card" and p["rules"] == "auction")
    req = play_request({"rules": p["rules"], "options": p["options"], **p["question"], "seed": 1}, "json")
    got = advise_card(req).to_dict()
    assert got["best"] == p["answer"]["best"]
    for o, c in zip(p["answer"]["options"], got["cards"], strict=True):
        assert o["figures"] == {k: x for k, x in c.items() if x is not None}


def test_the_saved_hand_reads_back_to_the_same_position():
    body = {"rules": "auction", "options": {}, "hand": HAND, "seat": 0, "trump": "H", "declarer": 0, "bid": 25,
            "played": "AH 9H JH QH", "samples": 20, "seed": 7, "play": "heuristic"}
    saved = saved_record(body, "json")
    (rec,) = read_records(saved["text"])
    assert read_records(__import__("json").dumps(saved["json"])) == [rec]
    back = play_request({"rules": "auction", **play_values(rec), "samples": 20, "seed": 7, "play": "heuristic"},
                        "json")
    assert back.record == play_request(body, "json").record
    with pytest.raises(UserError, match="played"):
        saved_record({**body, "played": "QS QS QS"}, "json")


def test_the_api_answers_the_library_and_refuses_with_one_line():
    pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
    pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the test extra)")
    from fastapi.testclient import TestClient

    from analyzer.web.app import create_app

    p = positions()[0]
    with TestClient(create_app(workers=1, warm=False)) as c:
        assert c.get("/api/practice").json() == practice_sets()
        r = c.post("/api/practice/deal", json={"rules": p["rules"], "number": 0})
        assert r.status_code == 200 and r.json() == practice_deal({"rules": p["rules"], "number": 0})
        r = c.post("/api/practice/answer", json={"id": p["id"], "choice": p["answer"]["best"]})
        assert r.status_code == 200 and r.json() == practice_answer({"id": p["id"], "choice": p["answer"]["best"]})
        r = c.post("/api/practice/answer", json={"id": p["id"], "choice": "XX"})
        assert r.status_code == 400 and r.json()["error"].startswith("choice: 'XX' is not an option here")
        assert c.post("/api/practice/deal", json={"number": -1}).status_code == 422
        body = {"rules": "auction", "hand": HAND, "seat": 0, "trump": "H", "declarer": 0, "bid": 25, "played": "AH"}
        r = c.post("/api/record", json=body)
        assert r.status_code == 200 and r.json() == saved_record(body, "json")
        r = c.post("/api/record", json={**body, "played": "QS QS QS"})
        assert r.status_code == 400 and r.json()["error"].startswith("played: ")
        # a review job refuses a record that cannot have happened before it takes a slot: 400 naming the line
        r = c.post("/api/jobs/review", json={"record": "rules: auction\ndealer: 0\nseat: 1\nhand 1: AS QS AH\n"})
        assert r.status_code == 400 and r.json()["error"].startswith("record: line 4 (hand 1): ")
