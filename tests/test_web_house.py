"""House rules on the page's API: the house-rule files shipped are listed (``GET /api/house``), a request's ``rules``
names one by its id or carries a house-rule file's text, both read by the command line's loader (the same rule set
as ``--rules house/FILE.toml``), a bad text answers 400 in one line naming the field; and the card pass
(``/api/pass``, ``/api/jobs/pass``) answers what ``pinochle pass --json`` prints."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the test extra)")

from fastapi.testclient import TestClient  # noqa: E402

from analyzer.web import limits  # noqa: E402
from analyzer.web.app import create_app  # noqa: E402

HOUSE = Path(__file__).resolve().parents[1] / "house"
#: docs/RULES.md's card-pass example: the bid winner's partner (seat 2) passes first, hearts trump at 20
PASS_BODY = {"hand": "AH JH AS TS JS 9S TD 9D KC QC TC JC", "seat": 2, "declarer": 0, "bid": 20, "trump": "H",
             "samples": 60, "sets": 6, "seed": 4}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, warm=False)) as c:
        yield c



def _same(page: dict, cli: dict) -> None:
    """The page's answer is the command line's, its notes naming the fields as the JSON does (no flag)."""
    assert {**page, "notes": cli["notes"]} == cli
    assert len(page["notes"]) == len(cli["notes"]) and not any("--" in n for n in page["notes"])


def _pass_args(body: dict, rules: str) -> list[str]:
    return ["pass", "--rules", rules, "--hand", body["hand"], "--seat", str(body["seat"]), "--declarer",
            str(body["declarer"]), "--bid", str(body["bid"]), "--trump", body["trump"], "--samples",
            str(body["samples"]), "--sets", str(body["sets"]), "--seed", str(body["seed"]), "--json"]


def test_the_house_files_shipped_are_listed_with_their_text(client):
    got = client.get("/api/house").json()
    files = sorted(HOUSE.glob("*.toml"))
    assert [h["id"] for h in got] == [f.stem for f in files] and "auction-pass" in [h["id"] for h in got]
    for h, f in zip(got, files, strict=True):
        assert h["text"] == f.read_text(encoding="utf-8")
        assert h["summary"] and h["name"]


@pytest.mark.parametrize("name", ["auction-pass", "auction-forced-dealer", "auction-concede",
                                  "slippedup42-partnership"])
def test_a_house_file_by_id_or_by_text_is_the_command_lines_rule_set(client, name, cli_json):
    cli = cli_json(["rules", str(HOUSE / f"{name}.toml"), "--json"])
    by_id = client.post("/api/rules", json={"rules": name})
    assert by_id.status_code == 200, by_id.text
    assert {k: by_id.json()[k] for k in cli} == cli
    text = (HOUSE / f"{name}.toml").read_text(encoding="utf-8")
    by_text = client.post("/api/rules", json={"rules": text}).json()
    assert {k: by_text[k] for k in cli if k != "id"} == {k: v for k, v in cli.items() if k != "id"}
    assert by_text["id"] == "house-rules"  # a text names no file: the id it writes, else this one
    # the bidding rules in words follow the data: the forced dealer's contract, a concession's section
    said = " ".join(by_id.json()["bidding_text"])
    assert ("the dealer plays at" in said) == (cli["bidding"]["all_pass"] == "dealer")
    assert ("may concede" in said) == ("concession" in cli)
    assert ("passes 3 cards to the bid winner, who passes 3 back" in said) == ("passing" in cli)


def test_the_house_text_with_options_reads_as_the_file_does(client, tmp_path, cli_json):
    text = 'base = "auction"\nname = "Our table"\n[passing]\ncards = 4\n[scoring]\ntarget = 300\n'
    f = tmp_path / "ours.toml"
    f.write_text(text, encoding="utf-8")
    cli = cli_json(["rules", str(f), "--option", "head=always", "--json"])
    got = client.post("/api/rules", json={"rules": text, "options": {"head": "always"}}).json()
    assert {k: got[k] for k in cli if k != "id"} == {k: v for k, v in cli.items() if k != "id"}
    assert got["name"] == "Our table" and got["passing"] == {"cards": 4, "first": "partner"}


@pytest.mark.parametrize("text,words", [
    ('base = "auction"\n[passing\ncards = 3\n', "rules: the house-rule text is not valid TOML: Expected ']'"),
    ('base = "auction"\n[passing]\ncards = 30\n', "rules: the house-rule text: passing.cards must lie between 0 and 8"),
    ('base = "pinocle"\n', "rules: the house-rule text: unknown base 'pinocle'"),
    ('name = "no base"\n', 'rules: the house-rule text needs a line base = "auction"'),
    ('base = "auction"\n[bidding]\nall_pass = "somebody"\n', "rules: the house-rule text: bidding.all_pass"),
])
def test_a_bad_house_text_answers_400_in_one_line_naming_the_field(client, text, words):
    for path, extra in (("/api/rules", {}), ("/api/meld", {"hand": "AH TH KH KH QH JH 9H AS QS JD AC TC"}),
                        ("/api/bid", {"hand": "AH TH KH KH QH JH 9H AS QS JD AC TC"}),
                        ("/api/pass", {k: v for k, v in PASS_BODY.items()})):
        r = client.post(path, json={"rules": text, **extra})
        assert r.status_code == 400, (path, r.text)
        err = r.json()["error"]
        assert err.startswith(words) and "\n" not in err, (path, err)


def test_the_server_reads_no_file_a_request_names(client):
    for name in ("/etc/passwd", str(HOUSE / "auction-pass.toml"), "house/auction-pass.toml", "../house/auction-pass"):
        r = client.post("/api/rules", json={"rules": name})
        assert r.status_code == 400 and r.json()["error"].startswith(f"unknown rule set {name!r}"), r.text
    r = client.post("/api/rules", json={"rules": "#" * (limits.MAX_RULES_TEXT + 1)})
    assert r.status_code == 422 and r.json()["error"].startswith("rules:")


def test_the_forced_dealer_by_text_decides_the_auction(client):
    text = 'base = "auction"\n[bidding]\nall_pass = "dealer"\n'
    a = client.post("/api/auction", json={"rules": text, "dealer": 3, "auction": "0:pass 1:pass 2:pass 3:pass"})
    assert a.status_code == 200, a.text
    d = a.json()
    assert (d["done"], d["winner"], d["contract"], d["forced"], d["thrown_in"]) == (True, 3, 15, True, False)
    plain = client.post("/api/auction", json={"dealer": 3, "auction": "0:pass 1:pass 2:pass 3:pass"}).json()
    assert plain["thrown_in"] and plain["winner"] is None


def test_pass_gives_what_the_command_line_gives(client, cli_json):
    cli = cli_json(_pass_args(PASS_BODY, str(HOUSE / "auction-pass.toml")))
    r = client.post("/api/pass", json={"rules": "auction-pass", **PASS_BODY})
    assert r.status_code == 200, r.text
    _same(r.json(), cli)
    assert [ln["cards"] for ln in cli["lines"]][0] == cli["best"] and len(cli["lines"]) == PASS_BODY["sets"]
    # the bid winner, passing second with what his partner passed him: the same answer as the command line's
    second = {**PASS_BODY, "seat": 0, "hand": "AH TH KH QH 9H KS QS JC KD QD JD 9C", "received": "AH JH AS"}
    args = _pass_args(second, str(HOUSE / "auction-pass.toml")) + ["--received", second["received"]]
    r = client.post("/api/pass", json={"rules": (HOUSE / "auction-pass.toml").read_text(), **second})
    assert r.status_code == 200, r.text
    _same({**r.json(), "rules": "auction-pass"}, cli_json(args))


@pytest.mark.parametrize("body,status,words", [
    ({"rules": "auction", **PASS_BODY}, 400, "auction has no card pass"),
    ({"rules": "auction-pass", **PASS_BODY, "sets": limits.MAX_PASS_SETS + 1}, 400, "cap of 100"),
    ({"rules": "auction-pass", **PASS_BODY, "samples": limits.MAX_PLAY_SAMPLES + 1}, 400, "cap of 2,000"),
    ({"rules": "auction-pass", **PASS_BODY, "seat": 1}, 400, "seat 1 is not on the bid winner's side"),
    ({"rules": "auction-pass", **PASS_BODY, "received": "AH JH AS"}, 400, "leave out received"),
    ({"rules": "auction-pass", **{k: v for k, v in PASS_BODY.items() if k != "trump"}}, 422, "trump: missing"),
])
def test_bad_pass_requests_answer_4xx_in_one_line(client, body, status, words):
    r = client.post("/api/pass", json=body)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert words in err and "\n" not in err, err


def test_pass_as_a_job_the_page_follows(client, cli_json):
    r = client.post("/api/jobs/pass", json={"rules": "auction-pass", **PASS_BODY})
    assert r.status_code == 202, r.text
    jid = r.json()["id"]
    deadline = time.time() + 120
    while (st := client.get(f"/api/jobs/{jid}").json())["state"] in ("queued", "running"):
        assert time.time() < deadline
        time.sleep(0.2)
    assert st["state"] == "done" and st["kind"] == "pass" and st["chart"] is None
    _same(st["result"], cli_json(_pass_args(PASS_BODY, str(HOUSE / "auction-pass.toml"))))
    # refused before it takes a queue slot, as /api/pass refuses it
    bad = client.post("/api/jobs/pass", json={"rules": "auction", **PASS_BODY})
    assert bad.status_code == 400 and "no card pass" in bad.json()["error"]


def test_the_play_of_a_forced_dealer_and_a_concession_is_the_command_lines(client, cli_json):
    """The page's play with the calls that all pass (a forced dealer: the dealer plays at the opening bid) and the
    bid winner's first lead where the house rules allow a concession: the answers of ``pinochle play --json``."""
    hand = "AH TH KH KH QH JH 9H AS QS JD AC TC"
    forced = {"hand": hand, "seat": 3, "trump": "H", "auction": "0:pass 1:pass 2:pass 3:pass", "dealer": 3,
              "samples": 30, "seed": 2, "play": "heuristic"}
    r = client.post("/api/play", json={"rules": "auction-forced-dealer", **forced})
    assert r.status_code == 200, r.text
    cli = cli_json(["play", "--rules", str(HOUSE / "auction-forced-dealer.toml"), "--hand", hand, "--seat",
                              "3", "--trump", "H", "--auction", forced["auction"], "--dealer", "3", "--samples", "30",
                              "--seed", "2", "--play", "heuristic", "--json"])
    _same(r.json(), cli)
    assert (cli["declarer"], cli["bid"]) == (3, 15)
    lead = {"hand": hand, "seat": 0, "trump": "H", "declarer": 0, "bid": 30, "samples": 30, "seed": 2,
            "play": "heuristic"}
    r = client.post("/api/play", json={"rules": "auction-concede", **lead})
    assert r.status_code == 200, r.text
    cli = cli_json(["play", "--rules", str(HOUSE / "auction-concede.toml"), "--hand", hand, "--seat", "0",
                              "--trump", "H", "--declarer", "0", "--bid", "30", "--samples", "30", "--seed", "2",
                              "--play", "heuristic", "--json"])
    _same(r.json(), cli)
    assert r.json()["concession"]["text"] and r.json()["concession"]["advice"] in ("concede", "play")
    said = client.post("/api/rules", json={"rules": "auction-concede"}).json()["bidding_text"]
    assert "The bid winner may concede after the meld, before the first lead: his side scores minus the bid, the " \
           "others their meld." in said


def test_a_hand_of_house_rules_names_them_by_their_id(client):
    """The page's "save this hand" names the rule set in the record: a shipped house file by its id (the record reads
    back, on the page too); house rules pasted on the page by their id (the text's own, else ``house-rules``), read
    back with the same text given as the rules; the built-in games' hands are saved as before."""
    from analyzer.record.io import read_records

    body = {"hand": "AH TH KH KH QH JH 9H AS QS JD AC TC", "seat": 0, "trump": "H", "declarer": 0, "bid": 20}
    r = client.post("/api/record", json={"rules": "auction-pass", **body})
    assert r.status_code == 200 and r.json()["text"].startswith("rules: auction-pass\n"), r.text
    assert read_records(r.json()["text"], front="json")[0].rules.passing.cards == 3
    text = 'base = "auction"\n[passing]\ncards = 3\n'
    pasted = client.post("/api/record", json={"rules": text, **body})
    assert pasted.status_code == 200 and pasted.json()["text"].startswith("rules: house-rules\n"), pasted.text
    assert read_records(pasted.json()["text"], front="json", house=text)[0].rules.passing.cards == 3
    named = client.post("/api/record", json={"rules": 'id = "our-table"\n' + text, **body})
    assert named.json()["text"].startswith("rules: our-table\n")
    assert client.post("/api/record", json={"rules": "auction", **body}).status_code == 200


def test_a_hand_saved_after_the_pass_keeps_the_pass(client):
    """The play-along's position after the pass (docs/RULES.md's example: seat 2 passed AH JH AS first and got 9C JC
    AS back; ``hand`` is the hand at the first lead) saved by the page: the record keeps the hand as dealt and each
    partner's pass, as ``pinochle play --passed --received --record`` writes them, and reads them back; a pass that
    cannot have happened answers 400 in one line naming the field."""
    from analyzer.record.io import read_records
    from analyzer.record.play import passes_of

    body = {"rules": "auction-pass", "hand": "AS TS JS 9S TD 9D KC QC TC JC JC 9C", "seat": 2, "declarer": 0,
            "bid": 20, "trump": "H", "passed": "AH JH AS", "received": "9C JC AS", "played": "AH 9H"}
    r = client.post("/api/record", json=body)
    assert r.status_code == 200, r.text
    lines = r.json()["text"].splitlines()
    assert "hand 2: AS TS JS 9S AH JH TD 9D TC KC QC JC" in lines  # the hand as dealt (RULES.md's seat 2)
    assert "passed 2: AS AH JH" in lines and "passed 0: AS JC 9C" in lines and "played: AH 9H" in lines
    rec = read_records(r.json()["text"], front="json")[0]
    deck = rec.rules.deck
    assert [sorted(deck.name(k) for k in part) for part in passes_of(rec, 2)] == [["AH", "AS", "JH"],
                                                                              ["9C", "AS", "JC"]]
    bad = client.post("/api/record", json={**body, "received": "9C JC AH"})  # AH is not in the hand at the lead
    err = bad.json()["error"]
    assert bad.status_code == 400 and err.startswith(("passed: ", "received: ")) and "\n" not in err, err
