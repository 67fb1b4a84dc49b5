"""The web app's JSON API in-process (FastAPI's test client): the same data as the command line's --json for
every rule set, the command line's one-line messages for bad input, and the caps on the work a request may
start (samples, nodes, one analysis per client, time, the queue, nobody watching)."""

from __future__ import annotations

import json
import re
import time

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the test extra)")

from fastapi.testclient import TestClient  # noqa: E402

from analyzer.web import limits  # noqa: E402
from analyzer.web.app import create_app  # noqa: E402

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"  # the README's example hand (auction)
HANDS = {  # a hand of every rule set, with the extra flags its bid needs
    "auction": (HAND, {}),
    "double-deck": ("AS AS TS KS KS QS QS JS JS AH TH KH QH JH AD TD KD QD AC TC", {}),
    "luxury-family": ("AS TS KS QS JS 7S AH TH KH QH JH AD TD KD AC TC", {}),
    "two-handed": ("AH AH TH TH KH KH QH QH JH JH 9S 9D", {"upcard": "9H"}),
}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, warm=False)) as c:
        yield c



def _cli_error(run_cli, args: list[str]) -> str:
    code, _, err = run_cli(args)
    assert code == 2, err
    line = err.strip().splitlines()[-1]
    assert line.startswith("pinochle: error: ")
    return line[len("pinochle: error: "):]


# ---- the same data as the command line ----------------------------------------------------------------------
@pytest.mark.parametrize("rules", list(HANDS))
def test_bid_gives_what_the_command_line_gives(client, rules, cli_json):
    hand, extra = HANDS[rules]
    body = {"rules": rules, "hand": hand, "samples": 200, "seed": 3, "play": "heuristic", **extra}
    r = client.post("/api/bid", json=body)
    assert r.status_code == 200, r.text
    args = ["bid", "--rules", rules, "--hand", hand, "--samples", "200", "--seed", "3", "--play", "heuristic", "--json"]
    for k, v in extra.items():
        args += [f"--{k}", v]
    assert r.json() == cli_json(args)


def test_bid_after_calls_gives_what_the_command_line_gives(client, cli_json):
    body = {"hand": HAND, "seat": 0, "dealer": 0, "auction": "1:16 2:pass 3:18", "samples": 200, "seed": 7,
            "play": "heuristic"}
    r = client.post("/api/bid", json=body)
    assert r.status_code == 200, r.text
    cli = cli_json(["bid", "--hand", HAND, "--seat", "0", "--dealer", "0", "--auction", "1:16 2:pass 3:18",
                              "--samples", "200", "--seed", "7", "--play", "heuristic", "--json"])
    assert r.json() == cli
    assert r.json()["auction"]["calls"] == ["1:16", "2:pass", "3:18"]


@pytest.mark.parametrize("rules,score", [("auction", "130-140"), ("double-deck", "430-380"),
                                         ("luxury-family", "120-80-95/2")])
def test_bid_for_the_game_gives_what_the_command_line_gives(client, rules, score, cli_json):
    hand, extra = HANDS[rules]
    body = {"rules": rules, "hand": hand, "samples": 200, "seed": 3, "play": "heuristic", "score": score}
    r = client.post("/api/bid", json=body)
    assert r.status_code == 200, r.text
    cli = cli_json(["bid", "--rules", rules, "--hand", hand, "--samples", "200", "--seed", "3", "--play",
                              "heuristic", "--score", score, "--json"])
    assert r.json() == cli
    game = r.json()["analyses"][0]["game"]
    assert game["call_for_game"] in {c["call"] for c in game["calls"]}


def test_a_bad_score_is_a_400_in_the_pages_words(client, run_cli):
    r = client.post("/api/bid", json={"hand": HAND, "score": "150-3"})
    assert r.status_code == 400 and "the target is 150" in r.json()["error"]
    r = client.post("/api/bid", json={"hand": HAND, "score": "1-2-3"})
    assert r.status_code == 400 and "score" in r.json()["error"] and "--score" not in r.json()["error"]
    assert "--score" in _cli_error(run_cli, ["bid", "--hand", HAND, "--score", "1-2-3"])


@pytest.mark.parametrize("rules", list(HANDS))
def test_meld_gives_what_the_command_line_gives(client, rules, cli_json):
    hand = HANDS[rules][0]
    r = client.post("/api/meld", json={"rules": rules, "hand": hand})
    assert r.status_code == 200, r.text
    assert r.json() == cli_json(["meld", "--rules", rules, "--hand", hand, "--json"])


def test_meld_of_a_hand_being_picked(client):
    r = client.post("/api/meld", json={"hand": "KH QH JH TH AH", "partial": True})
    assert r.status_code == 200, r.text
    assert r.json()["meld"]["H"] == 15  # a run in trump
    assert client.post("/api/meld", json={"hand": "KH QH JH TH AH"}).status_code == 400  # not a whole hand
    over = client.post("/api/meld", json={"hand": HAND + " 9S", "partial": True})
    assert over.status_code == 400 and "wrong hand size" in over.json()["error"]


def test_play_gives_what_the_command_line_gives(client, cli_json):
    body = {"hand": "AH TH KH KH QH JH 9H AS QS JD AC TC", "seat": 0, "trump": "H", "declarer": 0, "bid": 25,
            "played": "AS 9S TS KS", "samples": 40, "seed": 3}
    r = client.post("/api/play", json=body)
    assert r.status_code == 200, r.text
    cli = cli_json(["play", "--hand", body["hand"], "--seat", "0", "--trump", "H", "--declarer", "0",
                              "--bid", "25", "--played", body["played"], "--samples", "40", "--seed", "3", "--json"])
    assert r.json() == {**cli, "notes": r.json()["notes"]} and r.json()["best"] == cli["best"]
    # the same refusals, in the page's words
    bad = client.post("/api/play", json={**body, "played": "AS 9S TS"})
    assert bad.status_code == 400 and "turn" in bad.json()["error"]
    assert client.post("/api/play", json={**body, "samples": limits.MAX_PLAY_SAMPLES + 1}).status_code == 400
    # the shown cards read as whole melds: the same answer as --whole-meld; a game without laid meld refuses it
    whole = {**body, "shown": ["1:KS QS", "2:QD KD", "3:9H"], "whole_meld": True}
    r = client.post("/api/play", json=whole)
    cli = cli_json(["play", "--hand", body["hand"], "--seat", "0", "--trump", "H", "--declarer", "0",
                              "--bid", "25", "--played", body["played"], "--samples", "40", "--seed", "3", "--shown",
                              "1:KS QS", "--shown", "2:QD KD", "--shown", "3:9H", "--whole-meld", "--json"])
    assert r.status_code == 200 and r.json() == {**cli, "notes": r.json()["notes"]} and cli["whole_meld"], r.text
    two = client.post("/api/play", json={"rules": "two-handed", "hand": "AH TH KH QH JH AS 9C 9C JC JC 9D 9D",
                                         "seat": 0, "leader": 0, "whole_meld": True})
    assert two.status_code == 400 and "lays no meld down before the play" in two.json()["error"]


def test_auction_says_whether_the_calls_decide_the_contract(client):
    """The page's calls so far replayed: over (who won it at what: the contract its play sends with the calls),
    still running (whose turn), thrown in; illegal calls answer the line ``pinochle bid --auction`` gives."""
    def ask(**body):
        return client.post("/api/auction", json=body)

    over = ask(dealer=3, auction="0:25 1:pass 2:pass 3:pass").json()
    assert (over["done"], over["winner"], over["contract"], over["turn"]) == (True, 0, 25, None)
    assert over["calls"] == ["0:25", "1:pass", "2:pass", "3:pass"] and not over["thrown_in"]
    running = ask(dealer=3, auction="0:25 1:pass").json()
    assert (running["done"], running["winner"], running["contract"], running["turn"]) == (False, None, None, 2)
    assert running["min_bid"] == 26 and running["passed"] == [1]
    out = ask(dealer=3, auction="0:pass 1:pass 2:pass 3:pass").json()
    assert out["done"] and out["thrown_in"] and out["winner"] is None
    held = ask(rules="double-deck", dealer=0, auction="1:pass 2:pass 3:pass").json()  # the dealer holds 50
    assert (held["done"], held["winner"], held["contract"]) == (True, 0, 50)
    bad = ask(dealer=3, auction="1:25")
    assert bad.status_code == 400 and bad.json()["error"] == "it is seat 0's turn to call, not seat 1's"
    assert ask(rules="two-handed").status_code == 400
    assert ask(dealer=7).status_code == 400
    # what the page then sends: the calls and the dealer, the declarer and bid left to the auction
    body = {"hand": HAND, "seat": 0, "trump": "H", "auction": over["auction"], "dealer": 3, "samples": 30, "seed": 3,
            "play": "heuristic"}
    r = client.post("/api/play", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    assert (got["declarer"], got["bid"], got["auction"]) == (0, 25, over["auction"])
    assert any(n.startswith("the auction's calls") for n in got["notes"]), got["notes"]
    clash = client.post("/api/play", json={**body, "bid": 30})
    assert clash.status_code == 400 and "contradicts the auction" in clash.json()["error"]


def test_two_handed_phase1_play_gives_what_the_command_line_gives(client, cli_json):
    body = {"rules": "two-handed", "hand": "TS KS QS JD KH QH TH TC KC 9C JC JH", "seat": 1, "leader": 0,
            "upcard": "9H", "played": "AS 9S / KD QD +rm / AC", "samples": 30, "seed": 3, "play": "heuristic"}
    r = client.post("/api/play", json=body)
    assert r.status_code == 200, r.text
    cli = cli_json(["play", "--rules", "two-handed", "--hand", body["hand"], "--seat", "1", "--leader", "0",
                              "--upcard", "9H", "--played", body["played"], "--samples", "30", "--seed", "3",
                              "--play", "heuristic", "--json"])
    assert r.json() == cli and cli["phase"] == 1
    bad = client.post("/api/play", json={**body, "played": "AS 9S / KD QD +rm / AC AC"})
    assert bad.status_code == 400 and "turn" in bad.json()["error"]


def test_solve_gives_what_the_command_line_gives(client, cli_json):
    hands = "AS TS / KS QS / AH TH / KH QH"
    r = client.post("/api/solve", json={"trump": "S", "hands": hands, "leader": 0})
    assert r.status_code == 200, r.text
    cli = cli_json(["solve", "--trump", "S", "--hands", hands, "--leader", "0", "--json"])
    got = r.json()
    for d in (got, cli):
        d.pop("ms")  # the solve's time
    assert got == cli and got["exact"]


@pytest.mark.parametrize("rules", list(HANDS))
def test_rules_for_the_page(client, rules):
    r = client.post("/api/rules", json={"rules": rules})
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["id"] == rules and d["hand_size"] == len(HANDS[rules][0].split())
    assert d["has_bidding"] == (rules != "two-handed") and d["bidding_text"]
    if rules == "auction":
        assert any("16 = 2 meld" in t for t in d["bidding_text"])
    if rules == "double-deck":
        assert any("dealer plays at 50" in t for t in d["bidding_text"])
    assert {x["id"] for x in client.get("/api/rules").json()} == set(HANDS)


def test_two_handed_24_card_deck_changes_the_picker(client):
    d = client.post("/api/rules", json={"rules": "two-handed", "options": {"deck": 24}}).json()
    assert d["deck"]["copies"] == 1 and d["hand_size"] == 6


def test_openapi_documents_the_api(client):
    paths = client.get("/openapi.json").json()["paths"]
    for p in ("/api/meld", "/api/bid", "/api/solve", "/api/play", "/api/auction", "/api/jobs",
              "/api/jobs/{job_id}/events"):
        assert p in paths
    assert client.get("/docs").status_code == 200


def test_the_page_and_its_files(client):
    r = client.get("/")
    assert r.status_code == 200 and 'id="picker"' in r.text
    assert client.get("/static/app.js").status_code == 200


# ---- a job the page follows ---------------------------------------------------------------------------------
def _events(client, job_id: str) -> list[dict]:
    out = []
    with client.stream("GET", f"/api/jobs/{job_id}/events") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data: "):
                out.append(json.loads(line[6:]))
    return out


def test_job_events_result_chart_and_download(client, cli_json):
    body = {"hand": HAND, "samples": 200, "seed": 7, "play": "heuristic"}
    r = client.post("/api/jobs", json=body)
    assert r.status_code == 202, r.text
    jid = r.json()["id"]
    ev = _events(client, jid)
    assert ev[-1]["state"] == "done" and all(e["state"] in ("queued", "running", "done") for e in ev)
    st = client.get(f"/api/jobs/{jid}").json()
    cli = cli_json(["bid", "--hand", HAND, "--samples", "200", "--seed", "7", "--play", "heuristic",
                              "--json"])
    assert st["result"] == cli
    dl = client.get(f"/api/jobs/{jid}/result.json")
    assert "attachment" in dl.headers["content-disposition"] and dl.json() == cli
    svg = client.get(st["chart"])
    assert svg.headers["content-type"].startswith("image/svg+xml") and "<svg" in svg.text
    assert "Chance of making each bid" in svg.text


def test_two_handed_job_has_no_bid_chart(client):
    hand, extra = HANDS["two-handed"]
    jid = client.post("/api/jobs", json={"rules": "two-handed", "hand": hand, "samples": 50, **extra}).json()["id"]
    assert _events(client, jid)[-1]["state"] == "done"
    assert client.get(f"/api/jobs/{jid}").json()["chart"] is None
    assert client.get(f"/api/jobs/{jid}/chart.svg").status_code == 404


# ---- bad input: the command line's one-line messages ----------------------------------------------------------
CLI_ERRORS = [  # (API body, the same request on the command line)
    ({"hand": "AH TH ZZ"}, ["bid", "--hand", "AH TH ZZ"]),
    ({"hand": "AH TH KH"}, ["bid", "--hand", "AH TH KH"]),
    ({"hand": "AH AH AH TH KH KH QH JH 9H AS QS JD"}, ["bid", "--hand", "AH AH AH TH KH KH QH JH 9H AS QS JD"]),
    ({"hand": HAND, "options": {"head": "sometimes"}}, ["bid", "--hand", HAND, "--option", "head=sometimes"]),
    ({"hand": HAND, "options": {"haed": "always"}}, ["bid", "--hand", HAND, "--option", "haed=always"]),
    ({"hand": HAND, "seat": 7, "samples": 10}, ["bid", "--hand", HAND, "--seat", "7", "--samples", "10"]),
    ({"hand": HAND, "samples": 0}, ["bid", "--hand", HAND, "--samples", "0"]),
    ({"hand": HAND, "risk": 2, "samples": 10}, ["bid", "--hand", HAND, "--risk", "2", "--samples", "10"]),
    ({"hand": HAND, "auction": "1:10", "seat": 2, "samples": 10},
     ["bid", "--hand", HAND, "--auction", "1:10", "--seat", "2", "--samples", "10"]),
    ({"hand": HAND, "auction": "1:16", "seat": 3, "samples": 10},
     ["bid", "--hand", HAND, "--auction", "1:16", "--seat", "3", "--samples", "10"]),
    ({"hand": HAND, "constraints": ["partner meld>=900"], "samples": 10},
     ["bid", "--hand", HAND, "-c", "partner meld>=900", "--samples", "10"]),
    ({"hand": HAND, "policy": "v9", "samples": 10}, ["bid", "--hand", HAND, "--policy", "v9", "--samples", "10"]),
    ({"rules": "two-handed", "hand": HANDS["two-handed"][0], "samples": 10},
     ["bid", "--rules", "two-handed", "--hand", HANDS["two-handed"][0], "--samples", "10"]),
    ({"hand": HAND, "upcard": "9H", "samples": 10}, ["bid", "--hand", HAND, "--upcard", "9H", "--samples", "10"]),
    ({"hand": HAND, "dd_trumps": 5, "play": "both", "samples": 10},
     ["bid", "--hand", HAND, "--dd-trumps", "5", "--play", "both", "--samples", "10"]),
]


@pytest.mark.parametrize("body,args", CLI_ERRORS, ids=[" ".join(a[1:3]) + str(i) for i, (_, a) in
                                                        enumerate(CLI_ERRORS)])
def test_bad_bid_answers_400_with_the_command_lines_message(client, run_cli, body, args):
    """The same check as the command line's, in the page's words: a flag there (``--dd-trumps``) is a field
    here (``dd_trumps``)."""
    r = client.post("/api/bid", json=body)
    assert r.status_code == 400, r.text
    cli = re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), _cli_error(run_cli, args))
    assert r.json()["error"] == cli and "--" not in r.json()["error"]


REFUSED = [body for body, _ in CLI_ERRORS if "constraints" not in body] + [  # constraints: only sampling finds
    {"hand": HAND, "samples": -1}, {"hand": HAND, "seat": 99}, {"hand": HAND, "dealer": -5},
    {"hand": HAND, "play": "fast"}, {"hand": HAND, "auction": "1:16 1:17"}, {"hand": HAND, "auction": "x"},
    {"hand": HAND, "seat": 1, "dealer": 0, "auction": "1:pass 2:pass 3:pass"},
    {"hand": HAND, "seat": 2, "dealer": 0, "auction": "1:16 2:pass 3:pass 0:pass"},
    {"hand": HAND, "known": ["1:AH AH"]}, {"hand": HAND, "known": ["AS"]},
    {"hand": HAND, "dd_samples": 0}, {"hand": HAND, "max_nodes": -3}, {"hand": HAND, "risk": -0.5},
    {"rules": "two-handed", "hand": HANDS["two-handed"][0], "upcard": "AH"},
    {"rules": "two-handed", "hand": HANDS["two-handed"][0], "upcard": "9H", "samples": 1},
    {"rules": "two-handed", "hand": HANDS["two-handed"][0], "upcard": "9H", "play": "fast"},
    {"rules": "two-handed", "hand": HANDS["two-handed"][0], "upcard": "9H", "policy": "zz"},
]
TYPES = [  # bodies the schema refuses (strict types: a bool is not a number, a text is not a number)
    {"hand": HAND, "samples": True}, {"hand": HAND, "samples": "10"}, {"hand": HAND, "seat": 1.0},
    {"hand": HAND, "risk": float("nan")}, {"hand": HAND, "risk": float("inf")}, {"hand": HAND, "risk": True},
    {"hand": HAND, "seed": False},
]


@pytest.mark.parametrize("body", REFUSED + TYPES)
def test_jobs_refuse_what_bid_refuses_before_taking_a_queue_slot(client, body):
    data = json.dumps(body, allow_nan=True)
    m = client.app.state.manager
    jobs = len(m.jobs)
    got = [client.post(path, content=data, headers={"content-type": "application/json"}) for path in
           ("/api/jobs", "/api/bid")]
    assert got[0].status_code == got[1].status_code == (422 if body in TYPES else 400), [r.text for r in got]
    assert got[0].json() == got[1].json() and "\n" not in got[0].json()["error"]
    assert len(m.jobs) == jobs  # neither started a job


def test_refused_bodies_never_fill_the_queue(client):
    for i in range(3 * limits.MAX_QUEUED):
        assert client.post("/api/jobs", json={"hand": HAND, "samples": 0, "seed": i}).status_code == 400
    r = client.post("/api/jobs", json={"hand": HAND, "samples": 10})
    assert r.status_code == 202, r.text
    client.delete(f"/api/jobs/{r.json()['id']}")


def test_bad_solve_and_meld_answer_the_command_lines_message(client, run_cli):
    r = client.post("/api/solve", json={"hands": "AS TS / KS QS", "trump": "S"})
    assert r.status_code == 400
    assert r.json()["error"].endswith(_cli_error(run_cli, ["solve", "--hands", "AS TS / KS QS", "--trump", "S"]))
    r = client.post("/api/meld", json={"hand": "AH TH X"})
    assert r.status_code == 400 and r.json()["error"] == _cli_error(run_cli, ["meld", "--hand", "AH TH X"])


@pytest.mark.parametrize("path,body,status,words", [
    ("/api/bid", {"hand": HAND, "rules": "pinocle"}, 400, "unknown rule set 'pinocle': use one of luxury-family"),
    ("/api/bid", {"hand": HAND, "rules": "/etc/passwd"}, 400, "unknown rule set"),  # the server reads no file
    ("/api/bid", {"hand": HAND, "rules": "bridge"}, 400, "unknown rule set"),
    ("/api/bid", {"hand": HAND, "samples": limits.MAX_SAMPLES + 1}, 400, "cap of 20,000"),
    ("/api/bid", {"hand": HAND, "dd_samples": limits.MAX_DD_SAMPLES + 1}, 400, "cap of 200"),
    ("/api/bid", {"hand": HAND, "max_nodes": limits.MAX_DD_NODES + 1}, 400, "max_nodes"),
    ("/api/solve", {"hands": "AS / TS / KS / QS", "trump": "S", "max_nodes": limits.MAX_SOLVE_NODES + 1}, 400,
     "max_nodes"),
    ("/api/solve", {"hands": "AS / TS / KS / QS", "trump": "S", "max_nodes": 0}, 400, "at least 1"),
    ("/api/bid", {"hand": HAND, "sample": 10}, 422, "sample: unknown field"),
    ("/api/bid", {"hand": HAND, "samples": "many"}, 422, "samples:"),
    ("/api/bid", {"samples": 10}, 422, "hand: missing (it is required)"),
    ("/api/bid", [1, 2], 422, "body"),
    ("/api/meld", {"hand": "A" * (limits.MAX_TEXT + 1)}, 422, "hand:"),
    ("/api/jobs", {"hand": HAND, "seed": 2**70}, 422, "seed:"),
])
def test_bad_requests_answer_4xx_in_one_line(client, path, body, status, words):
    r = client.post(path, json=body)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert words in err and "\n" not in err


def test_bodies_that_are_not_json_or_too_big(client):
    r = client.post("/api/bid", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "\n" not in r.json()["error"]
    big = json.dumps({"hand": HAND, "auction": " " * (limits.MAX_BODY + 10)})
    r = client.post("/api/bid", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "bytes" in r.json()["error"]
    deep = "[" * 100_000 + "]" * 100_000
    r = client.post("/api/meld", content=deep[:limits.MAX_BODY], headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500


def test_unknown_job(client):
    assert client.get("/api/jobs/nope").status_code == 404
    assert client.delete("/api/jobs/nope").status_code == 404
    assert "no job" in client.get("/api/jobs/nope/chart.svg").json()["error"]


# ---- the caps --------------------------------------------------------------------------------------------------
LONG = {"hand": HAND, "samples": limits.MAX_SAMPLES, "play": "both", "dd_samples": limits.MAX_DD_SAMPLES,
        "dd_trumps": 4}


def test_one_analysis_per_client_and_cancel(client):
    r = client.post("/api/jobs", json=LONG)
    assert r.status_code == 202, r.text
    jid = r.json()["id"]
    again = client.post("/api/jobs", json=LONG)
    assert again.status_code == 429 and jid not in again.json()["error"]
    assert client.post("/api/bid", json={"hand": HAND, "samples": 10}).status_code == 429
    # a header the client chooses does not make it another client
    assert client.post("/api/jobs", json=LONG, headers={"x-client": "someone-else"}).status_code == 429
    # another client (its own token) is not held up by this one's job (it queues)
    mine = dict(client.cookies)
    client.cookies.clear()
    try:
        other = client.post("/api/jobs", json={"hand": HAND, "samples": 10})
    finally:
        client.cookies.clear()
        client.cookies.update(mine)
    assert other.status_code == 202, other.text
    st = client.delete(f"/api/jobs/{jid}").json()
    assert st["state"] == "cancelled"
    if other.status_code == 202:
        client.delete(f"/api/jobs/{other.json()['id']}")
    # the worker came back: a new analysis runs
    r = client.post("/api/bid", json={"hand": HAND, "samples": 50, "play": "heuristic"})
    assert r.status_code == 200, r.text


def test_the_caps_stated_are_the_caps_held(client):
    d = client.get("/api/limits").json()
    assert d == {"max_samples": limits.MAX_SAMPLES, "max_dd_samples": limits.MAX_DD_SAMPLES,
                 "max_bid_nodes": limits.MAX_DD_NODES, "max_solve_nodes": limits.MAX_SOLVE_NODES,
                 "max_play_samples": limits.MAX_PLAY_SAMPLES, "max_play_nodes": limits.MAX_PLAY_NODES,
                 "max_pass_sets": limits.MAX_PASS_SETS, "max_rules_chars": limits.MAX_RULES_TEXT,
                 "job_seconds": limits.JOB_SECONDS, "max_queued": limits.MAX_QUEUED, "max_body_bytes": limits.MAX_BODY,
                 "analyses_per_client": 1}
    r = client.post("/api/bid", json={"hand": HAND, "samples": limits.MAX_SAMPLES + 1})
    assert r.json()["error"] == (f"samples {limits.MAX_SAMPLES + 1} is above this server's cap of "
                                 f"{limits.MAX_SAMPLES:,}: ask for at most {limits.MAX_SAMPLES:,}")


def test_the_readme_states_the_caps_of_limits_py():
    from pathlib import Path

    text = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text().split())
    caps = text[text.index("**Caps**"):][:500]
    assert f"{limits.MAX_SAMPLES:,} samples" in caps
    assert f"{limits.MAX_DD_SAMPLES} double-dummy deals at {limits.MAX_DD_NODES // 1_000_000} M nodes" in caps
    assert f"{limits.MAX_SOLVE_NODES // 1_000_000} M nodes for a solve" in caps
    assert f"{limits.MAX_PLAY_SAMPLES:,} deals of a card-play decision at {limits.MAX_PLAY_NODES // 1_000_000} M " \
           "nodes a deal" in caps
    assert f"{limits.JOB_SECONDS:g} s a job" in caps and f"{limits.MAX_QUEUED} waiting" in caps
    assert f"{limits.MAX_BODY // 1024} KB" in caps and f"{limits.ORPHAN_SECONDS:g} s is cancelled" in caps


def test_queue_full_answers_503(client):
    m = client.app.state.manager
    m.max_queued, keep = 0, m.max_queued
    try:
        r = client.post("/api/jobs", json={"hand": HAND, "samples": 10})
        assert r.status_code == 503 and "busy" in r.json()["error"]
    finally:
        m.max_queued = keep


def test_closing_the_event_stream_cancels_the_job(client):
    jid = client.post("/api/jobs", json=LONG).json()["id"]
    with client.stream("GET", f"/api/jobs/{jid}/events") as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                break  # the page goes away
    job = client.app.state.manager.get(jid)
    for _ in range(100):
        if job.done:
            break
        time.sleep(0.1)
    assert job.state == "cancelled" and "went away" in job.error


def test_time_cap_and_unwatched_jobs():
    with TestClient(create_app(workers=1, warm=False, job_seconds=1.0, orphan_seconds=60)) as c:
        r = c.post("/api/bid", json=LONG)
        assert r.status_code == 503 and "longer than this server's cap of 1 s" in r.json()["error"]
    with TestClient(create_app(workers=1, warm=False, orphan_seconds=0.5)) as c:
        jid = c.post("/api/jobs", json=LONG).json()["id"]  # nobody follows it
        job = c.app.state.manager.get(jid)
        for _ in range(100):
            if job.done:
                break
            time.sleep(0.1)
        assert job.state == "cancelled" and "nobody was watching" in job.error


# ---- pinochle serve's own flags -------------------------------------------------------------------------------
def test_serve_refuses_bad_flags_in_one_line(run_cli, monkeypatch):
    assert "--port 70000 is out of range" in _cli_error(run_cli, ["serve", "--port", "70000"])
    assert "--workers 0 is out of range" in _cli_error(run_cli, ["serve", "--workers", "0"])
    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)  # the web extra is not installed
    assert _cli_error(run_cli, ["serve"]) == 'pinochle serve needs the web extra: python3 -m pip install -e ".[web]"'


def test_serve_binds_a_free_port_on_this_machine_only():
    from analyzer.cli.serve import bind

    sock = bind("127.0.0.1", 0)
    try:
        host, port = sock.getsockname()[:2]
        assert host == "127.0.0.1" and port > 0
    finally:
        sock.close()
