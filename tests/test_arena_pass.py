"""The arena's pass (:func:`analyzer.arena.passes.pass_hand`): each seat of the declaring side passes by its own agent's
``choose_pass`` in the rules' order, the second passer seeing what he received, each chosen card moved exactly once;
an agent without one passes by the simple rule (the plain-Python reference); the ``advisor-pass`` agent's pass is
``pinochle pass``'s answer; a run repeats from its seed."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from analyzer.arena.agents import Formula
from analyzer.arena.core import bid_hand, deal_cards, run_arena
from analyzer.arena.passes import PASS_STREAM
from analyzer.bidding.auction import IllegalCall
from analyzer.cards import Hand, counts_of, from_planes
from analyzer.deal.rng import seed_of
from analyzer.passing.rule import exchange, reference_choice
from analyzer.rules import load

AUCTION_PASS = "house/auction-pass.toml"
DD_PASS = "house/double-deck-pass.toml"


class ChoosingPasser(Formula):
    """Bids by the formula; passes every other card of what it holds (its dealt hand and what it received, sorted),
    starting with the second, so that a bid winner passing second may give back a card he received. Logs each
    call."""

    def __init__(self, log: list) -> None:
        super().__init__(name="chooser")
        self.log = log

    def choose_pass(self, view, trump, role, received):
        n = view.rules.passing.cards
        held = sorted(list(from_planes(view.hand, view.rules.deck)) + list(received.kinds if received else ()))
        cards = held[1::2][:n]
        self.log.append({"key": view.key, "seat": view.me, "holder": view.holder, "contract": view.contract,
                         "hand": tuple(from_planes(view.hand, view.rules.deck)), "role": role, "trump": trump,
                         "received": None if received is None else tuple(received.kinds), "cards": tuple(cards)})
        return cards


def _rules(path: str, first: str, tmp_path) -> object:
    if first == "bidder":
        f = tmp_path / "bidder-first.toml"
        f.write_text('base = "auction"\n[passing]\ncards = 3\nfirst = "bidder"\n', encoding="utf-8")
        path = str(f)
    return load(path)


def _contracts(rs, who: tuple[int, ...], seed: int, n: int):
    """The contracts of deals 0 .. n-1 with the chooser in the seats ``who`` marks 1 (formula elsewhere), and the
    chooser's log."""
    log: list = []
    agents = [ChoosingPasser(log) if w else Formula() for w in who]
    deals = deal_cards(rs, seed, np.arange(n, dtype=np.int64))
    out = []
    for k in range(n):
        c = bid_hand(rs, deals[k], k, 0, k % rs.seats, agents, who, seed)
        if c.declarer >= 0:
            out.append(c)
    return out, log


def _move(hands: list[Counter], src: int, dst: int, cards) -> None:
    for k in cards:
        assert hands[src][k] > 0
        hands[src][k] -= 1
        hands[dst][k] += 1


@pytest.mark.parametrize("path,first", [(AUCTION_PASS, "partner"), (AUCTION_PASS, "bidder"), (DD_PASS, "partner")])
@pytest.mark.parametrize("who", [(1, 0, 1, 0), (1, 0, 0, 0), (0, 0, 1, 0)])
def test_each_seat_passes_its_own_choice_in_the_rules_order(path, first, who, tmp_path):
    """Every contract: the first passer passes what his agent chose (or the reference rule's cards) from his dealt
    hand, the second passer's agent sees those cards as received and his dealt hand as his hand, and the hands after
    the pass are the dealt ones with exactly those cards moved once; the record's cards are those."""
    rs = _rules(path, first, tmp_path)
    d = rs.deck
    contracts, log = _contracts(rs, who, seed=7, n=30 if d.copies == 2 else 12)
    chosen = 0
    for c in contracts:
        decl, q = c.declarer, rs.partners(c.declarer)[0]
        order = [(q, "partner"), (decl, "bidder")] if rs.passing.first == "partner" else [(decl, "bidder"),
                                                                                          (q, "partner")]
        hands = [Counter(from_planes(np.array(h), d)) for h in c.hands]
        mine = iter([e for e in log if e["key"] == (c.deal, 0)])
        received = None
        passed = {}
        for s, role in order:
            if who[s]:
                e = next(mine)
                assert (e["seat"], e["role"], e["holder"], e["contract"], e["trump"]) == (s, role, decl, c.contract,
                                                                                          c.trump)
                assert sorted(e["hand"]) == sorted(from_planes(np.array(c.hands[s]), d))  # his hand as dealt
                assert e["received"] == (None if received is None else tuple(sorted(received)))
                cards = list(e["cards"])
                chosen += 1
            else:
                cards = reference_choice(rs, {k: v for k, v in hands[s].items() if v}, c.trump, bidder=role == "bidder")
            _move(hands, s, rs.partners(s)[0], cards)
            passed[role] = sorted(cards)
            received = cards
        assert next(mine, None) is None  # no seat of the chooser was asked twice, nor a seat outside the pass
        assert sorted(from_planes(np.array(c.passed[0]), d)) == passed["partner"]
        assert sorted(from_planes(np.array(c.passed[1]), d)) == passed["bidder"]
        for s in range(rs.seats):
            assert Counter(from_planes(np.array(c.play_hands[s]), d)) == +hands[s], s
    assert chosen > 0 and len(log) == chosen


def test_agents_without_a_choice_pass_as_the_simple_rule_batch():
    """Two agents without choose_pass: every contract's pass is :func:`analyzer.passing.rule.exchange`'s."""
    rs = load(AUCTION_PASS)
    contracts, _ = _contracts(rs, (0, 0, 0, 0), seed=3, n=25)
    assert contracts
    for c in contracts:
        ex = exchange(rs, np.array([c.hands]), np.array([c.declarer]), np.array([c.trump]))
        assert c.passed == (tuple(int(x) for x in ex.given[0]), tuple(int(x) for x in ex.back[0]))
        assert np.array_equal(np.array(c.play_hands), ex.hands[0])


class BadPasser(Formula):
    def __init__(self, cards) -> None:
        super().__init__(name="bad")
        self.cards = cards

    def choose_pass(self, view, trump, role, received):
        return self.cards(view)


@pytest.mark.parametrize("cards,words", [
    (lambda v: list(from_planes(v.hand, v.rules.deck))[:2], "a pass is 3 cards, not 2"),
    (lambda v: [k for k in v.rules.deck.kinds if counts_of(v.hand, v.rules.deck).get(k, 0) == 0][:3],
     "not in the hand passing them"),
    (lambda v: "AH", "a sequence of card kinds"),
])
def test_an_agents_illegal_pass_is_an_error_naming_it(cards, words):
    rs = load(AUCTION_PASS)
    agents = [BadPasser(cards)] * 4
    deals = deal_cards(rs, 1, np.arange(10, dtype=np.int64))
    with pytest.raises(IllegalCall, match=words) as e:
        for k in range(10):
            bid_hand(rs, deals[k], k, 0, k % 4, agents, (0, 0, 0, 0), 1)
    assert "'bad'" in str(e.value)


ADVISOR_PASS = "advisor-pass:samples=40,pass_samples=40,pass_sets=6"


def test_advisor_pass_is_pinochle_pass_and_repeats(run_cli):
    """The advisor-pass agent's passes are ``pinochle pass --json``'s best sets for the same hand, contract, received
    cards, samples, sets and the seat's pass seed; the other agent (the advisor) passes by the rule; the same seed
    plays the same run."""
    rs = load(AUCTION_PASS)
    seed = 5
    runs = [run_arena(rs, ADVISOR_PASS, "advisor:samples=40", 3, seed) for _ in range(2)]
    assert runs[0].frame.equals(runs[1].frame)
    f = runs[0].frame.filter(runs[0].frame["declarer"] >= 0)
    assert len(f) and (f["declarer_agent"] == 0).any() and (f["declarer_agent"] == 1).any()
    for r in f.iter_rows(named=True):
        d = r["declarer"]
        q = rs.partners(d)[0]
        if r["declarer_agent"] == 1:
            ex = exchange(rs, np.array([[Hand.parse(r[f"hand_s{s}"], rs.deck).planes for s in range(4)]]),
                          np.array([d]), np.array(["SHDC".index(r["trump"])]))
            assert sorted(Hand.parse(r["passed_in"], rs.deck).kinds) == sorted(from_planes(ex.given[0], rs.deck))
            continue
        for s, received, want in ((q, None, r["passed_in"]), (d, r["passed_in"], r["passed_back"])):
            own = seed_of(seed, r["deal"], r["copy"], s, PASS_STREAM)
            args = ["pass", "--rules", AUCTION_PASS, "--hand", r[f"hand_s{s}"], "--seat", str(s), "--declarer",
                    str(d), "--bid", str(r["contract"]), "--trump", r["trump"], "--dealer", str(r["dealer"]),
                    "--samples", "40", "--sets", "6", "--seed", str(own),
                    "--json"] + ([] if received is None else ["--received", received])
            code, out, err = run_cli(args)
            assert code == 0, err
            assert sorted(Hand.parse(" ".join(json.loads(out)["best"]), rs.deck).kinds) == \
                sorted(Hand.parse(want, rs.deck).kinds)


@pytest.mark.parametrize("spec,words", [
    ("advisor-pass:pass_sets=0", "pass_sets 1 to 1,000"),
    ("advisor-pass:pass_samples=50000", "pass_samples is 1 to 20,000"),
    ("advisor-pass:pass_sets=abc", "pass_sets is a whole number"),
])
def test_bad_advisor_pass_options_are_one_line(spec, words, cli_refuses):
    assert words in cli_refuses(["arena", "--rules", AUCTION_PASS, "--ns", spec, "--ew", "advisor", "--deals", "1"])
