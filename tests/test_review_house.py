"""A hand of one's own house rules looked back at: a record names its rule set by the id it was played under, and a
rule set neither built in nor shipped is given to the review as its house-rule file (the command line: the .toml;
the page: its text, pasted), which reads the record with every check as for a built-in game."""

from __future__ import annotations

import pytest

from analyzer.api import arena_records, read_records, record_of_play, review_answer, review_request
from analyzer.arena.core import run_arena
from analyzer.errors import UserError
from analyzer.record.text import to_text
from analyzer.rules import load_rules

#: a kitchen table's auction with a four-card pass, the bid winner first (no file of the package)
KITCHEN = 'id = "kitchen-table"\nbase = "auction"\n\n[passing]\ncards = 4\nfirst = "bidder"\n'


@pytest.fixture(scope="module")
def kitchen_records(tmp_path_factory):
    path = tmp_path_factory.mktemp("house") / "kitchen.toml"
    path.write_text(KITCHEN, encoding="utf-8")
    recs = arena_records(run_arena(load_rules(str(path), []), "formula", "formula", 2, seed=3))
    return path, [to_text(r) for r in recs if r.trump is not None]


def test_a_record_of_house_rules_names_their_id_and_reads_back_only_with_them(kitchen_records):
    path, texts = kitchen_records
    assert texts and all(t.startswith("rules: kitchen-table\n") for t in texts)
    for front in ("cli", "json"):
        with pytest.raises(UserError, match="unknown rule set 'kitchen-table'"):
            read_records(texts[0], front)
    for t in texts:
        cli = read_records(t, "cli", str(path))[0]
        page = read_records(t, "json", KITCHEN)[0]
        assert cli == page
        assert cli.rules.passing.cards == 4 and cli.rules.passing.bidder_first and cli.passed
        assert to_text(cli) == t  # the record keeps the name it was played under


def test_the_review_reads_the_house_rules_given_and_judges_with_them(kitchen_records):
    _, texts = kitchen_records
    req = review_request({"record": texts[0], "rules": KITCHEN, "samples": 40, "play_samples": 8, "max_nodes": 2_000,
                          "true_max_nodes": 20_000}, "json")
    assert req.record.rules.passing.cards == 4
    rv = review_answer(req)
    assert rv.decisions and all(d.kind in ("call", "trump", "card") for d in rv.decisions)
    # a card judged in a worker-ready task carries the rule set itself: the pass's rules, not auction's
    assert any(d.kind == "card" for d in rv.decisions)


def test_house_rules_that_do_not_read_are_named_as_the_rules_not_the_record(kitchen_records):
    _, texts = kitchen_records
    with pytest.raises(UserError) as e:
        review_request({"record": texts[0], "rules": 'base = "auction"\n[passing]\ncards = 99\n'}, "json")
    assert str(e.value).startswith("rules: the house-rule text") and "record" not in str(e.value).split(":")[0]
    with pytest.raises(UserError, match="unknown rule set 'kitchen-table'"):
        review_request({"record": texts[0]}, "json")


def test_the_page_saves_a_hand_of_pasted_house_rules_and_reviews_it_with_the_same_text():
    v = {"rules": KITCHEN, "hand": "AH AH TH KH QH JH 9H KS QS KD QD JD", "seat": 0, "declarer": 0, "bid": 25,
         "trump": "H"}
    rec = record_of_play(v, "json")
    text = to_text(rec)
    assert text.startswith("rules: kitchen-table\n")
    assert read_records(text, "json", KITCHEN)[0] == rec


def test_the_page_api_reviews_with_pasted_house_rules_and_names_the_field_when_they_are_bad(page, kitchen_records):
    _, texts = kitchen_records
    small = {"samples": 30, "play_samples": 6, "max_nodes": 1_000, "true_max_nodes": 10_000}
    r = page.post("/api/review", json={"record": texts[0], "rules": KITCHEN, **small})
    assert r.status_code == 200, r.text
    assert r.json()["decisions"]
    r = page.post("/api/review", json={"record": texts[0], **small})
    assert r.status_code == 400 and "unknown rule set 'kitchen-table'" in r.json()["error"]
    r = page.post("/api/review", json={"record": texts[0], "rules": "cards = [", **small})
    assert r.status_code == 400 and r.json()["error"].startswith("rules:")
