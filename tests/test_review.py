"""``pinochle review`` (analyzer.review): a hand played by the advisor's own choices loses nothing, a constructed
blunder (a card that gives up a contract another card makes; a pass far below the advisor's bid) is marked, the
double-dummy losses are the solver's values, and the command and the page answer on every rule set."""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_record import _two_handed_hand, engine_hand

from analyzer.api import (
    advise,
    advise_card,
    bid_request,
    play_request,
    read_records,
    solve_answer,
    solve_request,
)
from analyzer.cards import SUITS
from analyzer.play.engine import legal_kinds
from analyzer.record.play import follow, play_values, trick_contract, true_steps
from analyzer.review.review import Asked, review, true_losses

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"  # the README's example hand (auction, seat 1, dealer 0)
OTHERS = {0: "TS KS 9S 9S AD TD KD QD 9D KC QC 9C", 2: "AS TS KS JS AH TH 9H AD QD JD AC JC",
          3: "QS JS QH JH TD KD 9D TC KC QC JC 9C"}
ASK = {"samples": 300, "seed": 2}


def _record(calls: str, trump: str | None, played: list[str], hands: bool = False) -> str:
    lines = ["rules: auction", "dealer: 0", "seat: 1", f"hand 1: {HAND}", f"calls: {calls}"]
    if hands:
        lines += [f"hand {s}: {h}" for s, h in OTHERS.items()]
    if trump:
        lines.append(f"trump: {trump}")
    if played:
        lines.append("played: " + " ".join(played))
    return "\n".join(lines) + "\n"


def _advisor_hand() -> tuple[str, str]:
    """The README's hand bid by the advisor's own choices (seed 2): its call (the other seats pass) and its trump."""
    adv = advise(bid_request({"rules": "auction", "hand": HAND, "seat": 1, "dealer": 0, "auction": "",
                              "play": "heuristic", **ASK}, "json"))
    bid = adv.call
    assert bid is not None  # the README's hand is worth a bid
    calls = f"1:{bid} 2:pass 3:pass 0:pass"
    named = advise(bid_request({"rules": "auction", "hand": HAND, "seat": 1, "dealer": 0, "auction": calls,
                                "play": "heuristic", **ASK}, "json"))
    trump = named.recommendation.trump
    return calls, trump


def _play(calls: str, trump: str, upto: int, choose) -> list[str]:
    """The play: seat 1 (declarer, leading) by ``choose(record text, legal names)``, the others their first legal
    card, for ``upto`` cards."""
    from analyzer.rules import load

    rules = load("auction")
    deck = rules.deck
    held = {s: list(read_records(_record(calls, trump, [], hands=True))[0].hands[s]) for s in range(4)}
    played: list[str] = []
    turn, trick = 1, []
    t = SUITS.index(trump)
    while len(played) < upto:
        legal = legal_kinds(rules, held[turn], trick, t, first=False)
        if turn == 1:
            k = choose(_record(calls, trump, played), sorted(deck.name(x) for x in legal))
            k = next(x for x in legal if deck.name(x) == k)
        else:
            k = max(legal)
        held[turn].remove(k)
        played.append(deck.name(k))
        trick.append(k)
        if len(trick) == 4:
            rec = read_records(_record(calls, trump, played, hands=True))[0]
            turn = _next_leader(rec)
            trick = []
        else:
            turn = (turn + 1) % 4
    return played


def _next_leader(rec) -> int:
    return next(iter(follow(rec).values())).turn


def _advised(text: str, legal: list[str]) -> str:
    rec = read_records(text)[0]
    adv = advise_card(play_request({"rules": "auction", **play_values(rec), "samples": 30, "seed": 2}, "json"))
    return adv.best


def test_a_hand_played_by_the_advisors_own_choices_loses_nothing():
    calls, trump = _advisor_hand()
    played = _play(calls, trump, 8, _advised)
    rec = read_records(_record(calls, trump, played))[0]
    rv = review(rec, Asked(samples=300, play_samples=30, seed=2))
    kinds = [d.kind for d in rv.decisions]
    assert kinds == ["call", "trump", "card", "card"]
    for d in rv.decisions:
        assert d.loss is not None and d.loss.lo <= 0 <= d.loss.hi and d.loss.mean == 0, d
        assert not d.marked and d.chosen == d.best


def test_a_pass_far_below_the_advisors_bid_is_marked():
    rec = read_records(_record("1:pass 2:pass 3:pass 0:pass", None, []))[0]
    rv = review(rec, Asked(samples=300, seed=2))
    (d,) = rv.decisions
    assert d.kind == "call" and d.chosen == "pass" and d.best != "pass"
    assert d.marked and d.loss.lo > rv.threshold
    assert rv.bidding_loss.mean == pytest.approx(d.loss.mean)


def test_a_card_that_gives_up_a_contract_another_card_makes_is_marked():
    calls, trump = "1:35 2:pass 3:pass 0:pass", "H"
    first = _play(calls, trump, 12, lambda text, legal: legal[-1])  # three tricks by a fixed rule

    def worst(text: str, legal: list[str]) -> str:
        rec = read_records(text)[0]
        adv = advise_card(play_request({"rules": "auction", **play_values(rec), "samples": 30, "seed": 2}, "json"))
        lines = [ln for ln in adv.lines if ln.make is not None]
        best, bad = lines[0], min(lines, key=lambda ln: ln.make.p)
        worst.gap = best.make.p - bad.make.p
        return bad.card

    worst.gap = 0.0
    played = first + _play_more(calls, trump, first, worst)
    assert worst.gap >= 0.4  # the card played loses the contract on 40% of the deals (and more) the best one makes
    rec = read_records(_record(calls, trump, played))[0]
    rv = review(rec, Asked(samples=300, play_samples=30, seed=2))
    last = rv.decisions[-1]
    assert last.kind == "card" and last.marked and last.loss.lo > rv.threshold


def _play_more(calls, trump, played, choose):
    """The play from ``played`` on to seat 1's next card, seat 1 by ``choose``."""
    out = _play_from(calls, trump, played, choose)
    return out[len(played):]


def _play_from(calls, trump, played, choose):
    from analyzer.rules import load

    rules = load("auction")
    deck = rules.deck
    rec = read_records(_record(calls, trump, played, hands=True))[0]
    seen = next(iter(follow(rec).values()))
    held = {s: [k for k in rec.hands[s]] for s in range(4)}
    for i, k in enumerate(rec.played):
        held[int(seen.by[i])].remove(int(k))
    out = list(played)
    turn, trick = seen.turn, list(seen.trick)
    t = SUITS.index(trump)
    while True:
        legal = legal_kinds(rules, held[turn], trick, t, first=False)
        if turn == 1:
            name = choose(_record(calls, trump, out), sorted(deck.name(x) for x in legal))
            out.append(name)
            return out
        k = max(legal)
        held[turn].remove(k)
        out.append(deck.name(k))
        trick.append(k)
        if len(trick) == 4:
            rec = read_records(_record(calls, trump, out, hands=True))[0]
            turn, trick = _next_leader(rec), []
        else:
            turn = (turn + 1) % 4


def test_double_dummy_losses_are_the_solvers_values():
    text, _ = engine_hand("auction", 7, 2)
    rec = read_records(text)[0]
    losses = true_losses(rec, 200_000)
    steps = true_steps(rec)
    decl, bid, _ = trick_contract(rec)
    side = {decl, (decl + 2) % 4}
    exact = [(t, st) for t, st in zip(losses, steps, strict=True) if t.exact]
    assert len(exact) >= 16  # the last tricks solve within the budget
    deck = rec.rules.deck
    for t, st in exact[-12:]:
        hands = " / ".join(" ".join(deck.name(k) for k in h) for h in st.hands)
        ans = solve_answer(solve_request({"rules": "auction", "hands": hands, "trump": SUITS[rec.trump],
                                          "leader": st.trick_leader, "declarer": decl, "bid": bid,
                                          "trick": " ".join(deck.name(k) for k in st.trick)}, "json"))[0]
        cards = ans["cards"]
        best = max(cards.values()) if st.seat in side else min(cards.values())
        assert t.value == cards[t.card] and t.best_value == best
        assert t.loss == (best - cards[t.card] if st.seat in side else cards[t.card] - best)


def test_review_on_the_command_line_and_the_page(run_cli, cli_refuses, page, tmp_path):
    calls = "1:35 2:pass 3:pass 0:pass"
    text = _record(calls, "H", _play(calls, "H", 8, lambda text, legal: legal[-1]))
    p = tmp_path / "hand.txt"
    p.write_text(text, encoding="utf-8")
    args = ["review", str(p), "--samples", "200", "--play-samples", "20", "--json"]
    code, out, err = run_cli(args)
    assert code == 0, err
    d = json.loads(out)
    assert [x["kind"] for x in d["decisions"]] == ["call", "trump", "card", "card"] and d["double_dummy"] == []
    md = tmp_path / "review.md"
    code, out, _ = run_cli(args[:-1] + ["--markdown", str(md)])
    assert code == 0 and "marked:" in out and md.read_text(encoding="utf-8").startswith("# Review: auction")
    assert cli_refuses(["review", str(p), "--seat", "2"]) == "--seat 2: the record does not hold that seat's hand"
    r = page.post("/api/review", json={"record": text, "samples": 200, "play_samples": 20})
    assert r.status_code == 200, r.text
    assert r.json()["decisions"] == d["decisions"]
    bad = page.post("/api/review", json={"record": text.replace("trump: ", "trump: X")})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("record: line 6 (trump): give the trump suit")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["double-deck", "luxury-family", "two-handed"])
def test_review_on_every_rule_set(run_cli, tmp_path, game):
    text = _two_handed_hand(3) if game == "two-handed" else engine_hand(game, 3, 1)[0]
    p = tmp_path / "hand.txt"
    p.write_text(text, encoding="utf-8")
    code, out, err = run_cli(["review", str(p), "--samples", "200", "--play-samples", "20", "--true-max-nodes",
                              "20000", "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert d["decisions"] and all(x["loss"] is not None for x in d["decisions"] if x["kind"] == "card")
    assert np.isfinite([x["loss"]["mean"] for x in d["decisions"] if x["loss"]]).all()
