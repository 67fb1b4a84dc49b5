"""Card play with the card pass known (``pinochle play --passed/--received``; docs/RULES.md, "Card passing"): the
sampled deals give my partner the cards I passed him (unless he has played them) and keep what I received in my hand,
the auction's clues are read on the hands as dealt, a pass that cannot have happened is refused with one line, and
hand records keep the pass (written, read back, reviewed, and the arena's hands of a pass game with their play)."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from analyzer.api import arena_records, play_request, read_records, record_of_play
from analyzer.arena.core import run_arena
from analyzer.arena.records import played_record
from analyzer.cardplay.kernel import holdings_at_start
from analyzer.cardplay.passed import before_pass, partner_holds
from analyzer.cardplay.request import PlayRequest
from analyzer.cardplay.seen import sample_hands, table_of
from analyzer.cards import Hand, from_planes, to_planes
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.record.play import card_steps, hand_result, play_values
from analyzer.record.text import to_json, to_text
from analyzer.review.review import Asked, review
from analyzer.rules import load_rules
from analyzer.score import score_hand, scoring_units

AUCTION_PASS = "house/auction-pass.toml"
DD_PASS = "house/double-deck-pass.toml"
# docs/RULES.md's worked example of the pass: seat 0 wins the bid and names hearts; seat 2 passes AH JH AS, seat 0
# passes back 9C JC AS. The hands after the pass:
AFTER = {0: "AH AH TH KH QH JH 9H KS QS KD QD JD", 2: "AS TS JS 9S TD 9D KC QC TC JC JC 9C"}
BY = {0: "9C JC AS", 2: "AH JH AS"}  # the cards each passed
ASK = {"declarer": 0, "bid": 25, "trump": "H"}


def _ask(seat: int, played: str | None, **more) -> PlayRequest:
    rules = load_rules(AUCTION_PASS, [])
    return PlayRequest.make(rules, AFTER[seat], seat=seat, played=played, passed=BY[seat], received=BY[2 - seat],
                            samples=30, **ASK, **more)


def _now(hands: np.ndarray, seat: int, deck) -> Counter:
    return Counter(from_planes(hands[seat], deck))


@pytest.mark.parametrize(("seat", "played", "must"), [
    # seat 2 passed first: seat 0 may have passed AS straight back, so he holds AH JH of it; he led an AH since
    (2, "AH 9H", "JH"),
    # seat 0 passed second: seat 2 holds all of 9C JC AS; he played AS on the first trick
    (0, "AH 9H AS KH", "9C JC"),
])
def test_the_deals_give_my_partner_the_cards_i_passed_him_unless_played(seat, played, must):
    req = _ask(seat, played)
    rs, rec = req.rules, req.record
    deck, partner = rs.deck, 2 - seat
    want = Counter(Hand.parse(must, deck).kinds)
    assert partner_holds(rs, seat, 0, rec.passed, rec.received) - Counter(req.seen.played[partner]) == want
    _, deals = sample_hands(rec, 400, seed=3)
    mine = Counter(req.seen.mine_now)
    for h in deals.hands:
        assert not want - _now(h, partner, deck)  # every card I passed him and he has not played, in his hand
        assert _now(h, seat, deck) == mine  # what I received stays mine: my hand is mine, unchanged
    # the constraint bites: without the pass the partner lacks one of those cards on some deal
    bare = PlayRequest.make(rs, AFTER[seat], seat=seat, played=played, samples=30, **ASK).record
    _, free = sample_hands(bare, 400, seed=3)
    assert any(want - _now(h, partner, deck) for h in free.hands)


def test_double_deck_partner_holds_every_copy_passed():
    rules = load_rules(DD_PASS, [])
    hand = "AH AH TH TH KH KH QH QH JH JH AS AS TS KS QS JS AD TD KC QC"
    req = PlayRequest.make(rules, hand, seat=0, declarer=0, bid=50, trump="H", samples=30,
                           passed="AS AS AC AC", received="TH TH JH JH")
    _, deals = sample_hands(req.record, 200, seed=1)
    for h in deals.hands:
        got = _now(h, 2, rules.deck)
        for name in ("AS", "AC"):
            assert got[Hand.parse(name, rules.deck).kinds[0]] >= 2


def _reference_before(hands: list[Counter], seat: int, partner: int, passed, received) -> list[Counter]:
    out = [Counter(h) for h in hands]
    out[seat] = out[seat] + Counter(passed) - Counter(received)
    out[partner] = out[partner] + Counter(received) - Counter(passed)
    return out


def test_clues_are_read_on_the_hands_before_the_pass():
    req = _ask(2, "AH 9H")
    rs, rec, seen = req.rules, req.record, req.seen
    asked = []

    def clues(start: np.ndarray) -> np.ndarray:
        asked.append(start.copy())
        return np.ones(start.shape[0], dtype=bool)

    _, deals = sample_hands(rec, 50, seed=5)
    tab = table_of(seen, clues)
    assert tab.accept(deals.hands).all()
    (got,) = asked
    start = holdings_at_start(np.ascontiguousarray(deals.hands), seen.by, np.array(rec.plays, dtype=np.int64))
    for i in range(start.shape[0]):
        now = [Counter(from_planes(start[i, s], rs.deck)) for s in range(rs.seats)]
        want = _reference_before(now, 2, 0, rec.passed, rec.received)
        assert [Counter(from_planes(got[i, s], rs.deck)) for s in range(rs.seats)] == want
    # the dealt hands of seat 0 in docs/RULES.md's example come back from his hand after the pass
    dealt0 = "AH TH KH QH 9H KS QS JC KD QD JD 9C"
    after = np.stack([to_planes(Hand.parse(AFTER[s], rs.deck).kinds if s in AFTER else [], rs.deck)
                      for s in range(4)])[None]
    back = before_pass(after, 0, 2, Hand.parse(BY[0], rs.deck).kinds, Hand.parse(BY[2], rs.deck).kinds, False)
    assert Counter(from_planes(back[0, 0], rs.deck)) == Counter(Hand.parse(dealt0, rs.deck).kinds)
    assert int(meld_batch(back[0, :1], rs)[0, 1]) == 13 and int(meld_batch(after[0, :1], rs)[0, 1]) == 24


BASE = ["play", "--rules", AUCTION_PASS, "--hand", AFTER[2], "--seat", "2", "--declarer", "0", "--bid", "25",
        "--trump", "H", "--played", "AH 9H"]


@pytest.mark.parametrize(("args", "says"), [
    (["--rules", "auction", "--passed", "AH JH AS", "--received", "9C JC AS"], "auction has no card pass"),
    (["--passed", "AH JH", "--received", "9C JC AS"], "a pass is 3 cards each way"),
    (["--passed", "AH JH AS"], "give --received too"),
    (["--passed", "AH JH AS", "--received", "9C JC AD"], "--received: AD not in your --hand"),
    (["--seat", "1", "--hand", "KS QS 9S QH JH AD AD JD TC KC JC 9C", "--passed", "AH JH AS", "--received",
      "9C JC AS"], "only the bid winner (seat 0) and his partner (seat 2) pass cards"),
    (["--passed", "AS AS AH", "--received", "9C JC KC"], "--passed: AS passed to your partner and still in your"),
    (["--passed", "AH JH XX", "--received", "9C JC AS"], "--passed:"),
])
def test_a_pass_that_cannot_be_is_refused_in_one_line(cli_refuses, args, says):
    assert says in cli_refuses(BASE + args)


def test_the_page_refuses_a_bad_pass_naming_the_field(page):
    body = {"rules": "auction", "hand": AFTER[2], "seat": 2, "declarer": 0, "bid": 25, "trump": "H",
            "played": "AH 9H", "passed": "AH JH AS", "received": "9C JC AS"}
    r = page.post("/api/play", json=body)
    assert r.status_code == 400 and "leave out passed" in r.json()["error"] and "auction has no card pass" in \
        r.json()["error"]


def test_play_record_with_the_pass_reads_back_to_the_same_question(tmp_path):
    for seat in (0, 2):
        v = {"rules": AUCTION_PASS, "hand": AFTER[seat], "seat": seat, **ASK, "played": "AH 9H" if seat == 2 else
             None, "passed": BY[seat], "received": BY[2 - seat]}
        rec = record_of_play(v, "cli")
        assert rec.passed == {s: tuple(sorted(Hand.parse(BY[s], rec.rules.deck).kinds)) for s in (0, 2)}
        dealt = {0: "AH TH KH QH 9H KS QS JC KD QD JD 9C", 2: "AH JH AS TS JS 9S TD 9D KC QC TC JC"}
        assert Counter(rec.hands[seat]) == Counter(Hand.parse(dealt[seat], rec.rules.deck).kinds)
        for text in (to_text(rec), json.dumps(to_json(rec))):
            back = read_records(text)[0]
            assert back == rec
        asked = play_request(v, "cli")
        again = play_request({"rules": AUCTION_PASS, **play_values(rec)}, "cli")
        assert again.record == asked.record


def _played_pass_hand(seed: int):
    """A hand of auction-pass dealt from ``seed``, the first to call bidding the least, played out by the heuristic
    players after the simple rule's pass: its record (every hand as dealt, the pass, the play) and the engine's
    score of it."""
    from analyzer.arena.core import deal_cards
    from analyzer.bidding.auction import Auction
    from analyzer.passing.rule import exchange

    rules = load_rules(AUCTION_PASS, [])
    hands = deal_cards(rules, seed, np.array([0]))[0]
    dealer = seed % 4
    a = Auction(rules, dealer)
    while not a.done:
        a.call(a.turn, None if a.calls else a.min_bid)
    decl, trump = int(a.winner), seed % 4
    ex = exchange(rules, hands[None], np.array([decl]), np.array([trump]))
    rec, d = played_record(rules, ex.hands[0], dealer, a.calls, trump, seed=seed, index=0)
    partner = rules.partners(decl)[0]
    dealt = {s: tuple(sorted(from_planes(hands[s], rules.deck))) for s in range(4)}
    passed = {partner: tuple(sorted(from_planes(ex.given[0], rules.deck))),
              decl: tuple(sorted(from_planes(ex.back[0], rules.deck)))}
    meld = meld_batch(ex.hands[0], rules)[:, trump].astype(np.int64)
    sc = score_hand(rules, meld[None], np.asarray(d.points, dtype=np.int64)[None],
                    np.asarray(d.tricks, dtype=np.int64)[None], decl, int(a.contract))[0]
    from dataclasses import replace

    rec = replace(rec, hands=dealt, passed=passed)
    return rec, tuple(int(sc[u[0]]) for u in scoring_units(rules))


@pytest.mark.parametrize("seed", [1, 7, 12])
def test_a_played_pass_hand_round_trips_and_scores_as_the_engine(seed):
    rec, result = _played_pass_hand(seed)
    text = to_text(rec).replace(f"rules: {rec.game[0]}", f"rules: {AUCTION_PASS}")
    back = read_records(text)[0]
    assert back.passed == rec.passed and back.hands == rec.hands and back.played == rec.played
    assert hand_result(back) == result  # the meld of the hands after the pass, the play of them
    assert read_records(json.dumps(to_json(back)))[0] == back
    for _step, v in card_steps(back):  # every card of mine asked with the pass I know
        assert v["passed"] == " ".join(rec.rules.deck.name(k) for k in rec.passed[rec.seat])


def test_a_record_whose_pass_cannot_be_is_refused_naming_the_line():
    rec, _ = _played_pass_hand(7)
    text = to_text(rec).replace(f"rules: {rec.game[0]}", f"rules: {AUCTION_PASS}")
    decl = rec.seat
    partner = rec.rules.partners(decl)[0]
    first_line = next(ln for ln in text.splitlines() if ln.startswith(f"passed {partner}:"))
    missing = next(k for k in rec.rules.deck.kinds if k not in rec.hands[partner])
    bad = first_line.split(":")[0] + ": " + " ".join(
        [rec.rules.deck.name(missing)] + first_line.split(":")[1].split()[1:])
    with pytest.raises(UserError, match=rf"line \d+ \(passed {partner}\): seat {partner}'s pass: .* not in the hand"):
        read_records(text.replace(first_line, bad))
    with pytest.raises(UserError, match="a line each"):
        read_records("\n".join(ln for ln in text.splitlines() if not ln.startswith(f"passed {decl}:")))
    plain = text.replace(f"rules: {AUCTION_PASS}", "rules: auction")
    with pytest.raises(UserError, match="auction has no card pass"):
        read_records(plain)


def test_review_of_a_pass_hand_asks_the_cards_with_the_pass_known():
    rec, _ = _played_pass_hand(7)
    text = to_text(rec).replace(f"rules: {rec.game[0]}", f"rules: {AUCTION_PASS}")
    contract = f"declarer: {rec.seat}\nbid: {read_records(text)[0].rules.bid_levels()[0]}"  # no calls to review
    short = "\n".join(contract if ln.startswith("calls:") else ln if not ln.startswith("played:") else "played: " +
                      " / ".join(ln.removeprefix("played: ").split(" / ")[:2]) for ln in text.splitlines()
                      if not ln.startswith("result"))
    back = read_records(short)[0]
    rv = review(back, Asked(samples=60, play_samples=30, seed=2, max_nodes=20_000, true_max_nodes=20_000))
    cards = [d for d in rv.decisions if d.kind == "card"]
    assert cards and all(d.loss is not None or d.note == "the only card" for d in cards)
    # the card asked is the card-play question with the pass: its deals give the partner the cards passed him
    step, v = card_steps(back)[0]
    req = play_request({"rules": AUCTION_PASS, **v}, "cli")
    assert req.record.passed and req.record.received
    _, deals = sample_hands(req.record, 100, seed=2)
    partner = rec.rules.partners(rec.seat)[0]
    want = partner_holds(rec.rules, rec.seat, rec.seat, req.record.passed, req.record.received) - Counter(
        req.seen.played[partner])
    assert all(not want - _now(h, partner, rec.rules.deck) for h in deals.hands)


def test_arena_records_of_a_pass_game_keep_the_play():
    rules = load_rules(AUCTION_PASS, [])
    res = run_arena(rules, "formula", "formula", 3, seed=4)
    recs = arena_records(res)
    assert recs and all(r.passed and r.played for r in recs if r.trump is not None)
    for r in recs:
        text = to_text(r)  # as written: "rules: auction-pass", the shipped house file's id, which reads back
        assert text.startswith("rules: auction-pass\n")
        back = read_records(text)[0]  # the result written is checked against the one scoring on reading
        assert back.passed == r.passed and back.played == r.played and back.result == r.result
        assert read_records(text, front="json")[0] == back  # the page reads shipped house files by id too


def test_rules_worked_example_of_the_pass_in_the_play():
    """docs/RULES.md, "The pass in the play": what each partner knows the other holds, and what a hand must hold."""
    rules = load_rules(AUCTION_PASS, [])
    deck = rules.deck
    k = lambda text: Hand.parse(text, deck).kinds  # noqa: E731
    assert partner_holds(rules, 2, 0, k(BY[2]), k(BY[0])) == Counter(k("AH JH"))  # seat 2 passed first
    assert partner_holds(rules, 0, 0, k(BY[0]), k(BY[2])) == Counter(k("9C JC AS"))  # seat 0 passed second
    # seat 0 may have passed back the AS he received: his hand need not hold it; seat 2, passing first, must
    _ask(0, None)
    with pytest.raises(UserError, match="AS not in your"):
        PlayRequest.make(rules, "TS TS JS 9S TD 9D KC QC TC JC JC 9C", seat=2, passed=BY[2], received=BY[0],
                         samples=30, **ASK)
