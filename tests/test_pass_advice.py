"""``pinochle pass`` (docs/RULES.md, "Card passing"): with every card known its ranking is the exhaustive evaluation
of every set worth considering (each computed here by the plain path: the checked move, the reference rule for the
partner's answer, the reference meld counter, the same play and scoring); it never advises giving up meld it could
keep at no gain; bad input is one line and exit 2."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from analyzer.api import advise_pass, pass_request
from analyzer.cards import LANE, Hand, to_planes
from analyzer.deal.rng import seed_of
from analyzer.meld.reference import meld_total
from analyzer.passing.advise import PLAY_STREAM
from analyzer.passing.move import pass_cards
from analyzer.passing.rule import reference_choice
from analyzer.play import play_deals
from analyzer.rules import load
from analyzer.rules.lowered import bid_class, first_leader
from analyzer.score import score_hand

HOUSE = "house/auction-pass.toml"
# the worked example's deal (docs/RULES.md): seat 0 bid 20 in hearts, seat 2 his partner
BIDDER = "AH TH KH QH 9H KS QS JC KD QD JD 9C"
PARTNER = "AH JH AS TS JS 9S TD 9D KC QC TC JC"
LEFT = "TH KH QH 9H KS QS TS 9S KD TD AD AD"
RIGHT = "JH JS QD JD 9D AC AC TC KC QC 9C AS"


def _gain(rs, trump: int, bidder: bool) -> set[int]:
    """The cards passing is for, as docs/RULES.md says them: none for the bid winner; for his partner the trumps,
    the pinochle's card outside trump when trump is spades or diamonds, the other suits' aces."""
    if bidder:
        return set()
    d = rs.deck
    out = {d.kind(trump, r) for r in d.ranks} | {d.kind(s, "A") for s in range(4) if s != trump}
    if trump == 0:
        out.add(d.kind(2, "J"))
    if trump == 2:
        out.add(d.kind(0, "Q"))
    return out


def _worth(rs, holding: Hand, trump: int, bidder: bool) -> set[tuple[int, ...]]:
    """Brute force: every distinct set that keeps as much meld as any set with the same gain cards."""
    from itertools import combinations

    sets = set(combinations(sorted(holding.kinds), rs.passing.cards))
    gain = _gain(rs, trump, bidder)
    kept = {s: meld_total(Counter(holding.kinds) - Counter(s), rs, trump) for s in sets}
    best: dict[tuple[int, ...], int] = {}
    for s, m in kept.items():
        g = tuple(k for k in s if k in gain)
        best[g] = max(best.get(g, -1), m)
    return {s for s, m in kept.items() if m == best[tuple(k for k in s if k in gain)]}


def _net(rs, hands: list[Hand], me: int, declarer: int, trump: int, bid: int, seed: int) -> int:
    """My side's score less the other side's on one deal, played as ``pinochle pass`` plays it."""
    meld = np.array([[meld_total(Counter(h.kinds), rs, trump) for h in hands]], dtype=np.int64)
    planes = np.array([[to_planes(list(h.kinds), rs.deck) for h in hands]])
    r = play_deals(rs, planes, trump, first_leader(rs, declarer, 0), declarer, "v1", seed=seed_of(seed, PLAY_STREAM),
                   bid=bid_class(rs, bid), ids=np.array([0]))
    sc = score_hand(rs, meld, np.asarray(r.points, dtype=np.int64), np.asarray(r.tricks, dtype=np.int64), declarer,
                    bid)[0]
    return int(sc[me] - sc[(me + 1) % 4])


@pytest.mark.parametrize("seat", [2, 0])
def test_every_card_known_ranking_is_the_exhaustive_evaluation(seat):
    rs = load(HOUSE)
    d, trump, bid, seed = rs.deck, 1, 20, 5
    deal = [Hand.parse(t, d) for t in (BIDDER, LEFT, PARTNER, RIGHT)]
    received = "AH JH AS"
    values = {"rules": HOUSE, "hand": BIDDER if seat == 0 else PARTNER, "seat": seat, "declarer": 0, "bid": bid,
              "trump": "H", "samples": 1, "sets": 1000, "seed": seed}
    if seat == 0:  # the bid winner: his partner passed AH JH AS and holds the rest
        after = Counter(deal[2].kinds) - Counter(Hand.parse(received, d).kinds)
        values |= {"received": received, "known": ["1:" + LEFT, "3:" + RIGHT,
                                                   "2:" + " ".join(d.name(k) for k in after.elements())]}
    else:
        values |= {"known": ["0:" + BIDDER, "1:" + LEFT, "3:" + RIGHT]}
    adv = advise_pass(pass_request(values, "cli"))
    holding = adv.request.holding
    assert {tuple(sorted(Hand.parse(" ".join(ln.cards), d).kinds)) for ln in adv.lines} == \
        _worth(rs, holding, trump, bidder=seat == 0)
    exhaustive = {}
    for ln in adv.lines:
        cards = Hand.parse(" ".join(ln.cards), d).kinds
        hands = list(deal)
        if seat == 0:
            hands[2], hands[0] = pass_cards(hands[2], hands[0], Hand.parse(received, d).kinds, 3)
            hands[0], hands[2] = pass_cards(hands[0], hands[2], cards, 3)
        else:
            hands[2], hands[0] = pass_cards(hands[2], hands[0], cards, 3)
            back = reference_choice(rs, Counter(hands[0].kinds), trump, bidder=True)
            hands[0], hands[2] = pass_cards(hands[0], hands[2], back, 3)
            assert tuple(sorted(back)) == tuple(sorted(Hand.parse(" ".join(ln.reply), d).kinds))
        exhaustive[ln.cards] = _net(rs, hands, seat, 0, trump, bid, seed)
        assert ln.net.mean == exhaustive[ln.cards] and ln.net.n == 1
    means = [ln.net.mean for ln in adv.lines]
    assert means == sorted(means, reverse=True) and means[0] == max(exhaustive.values())


def test_it_never_gives_up_meld_it_could_keep_at_no_gain():
    """The bid winner of the worked example: every set shown keeps his 24 meld (the run, the dix, the marriages,
    the pinochle); as his partner no set gives up the clubs marriage except with trump or aces."""
    rs = load(HOUSE)
    d = rs.deck
    adv = advise_pass(pass_request({"rules": HOUSE, "hand": BIDDER, "seat": 0, "declarer": 0, "bid": 20,
                                    "trump": "H", "received": "AH JH AS", "samples": 40}, "cli"))
    holding = Counter(adv.request.holding.kinds)
    for ln in adv.lines:
        kept = holding - Counter(Hand.parse(" ".join(ln.cards), d).kinds)
        assert meld_total(kept, rs, 1) == 24, ln.cards
    adv = advise_pass(pass_request({"rules": HOUSE, "hand": PARTNER, "seat": 2, "declarer": 0, "bid": 20,
                                    "trump": "H", "samples": 40, "sets": 5}, "cli"))
    gain = _gain(rs, 1, bidder=False)
    for ln in adv.lines:
        s = Hand.parse(" ".join(ln.cards), d).kinds
        if {d.kind(3, "K"), d.kind(3, "Q")} & set(s):  # the clubs marriage broken
            assert all(k in gain or k // LANE == 3 and d.rank_of(k) in "KQ" for k in s), ln.cards
    assert adv.played == 5 and adv.pilot >= 30 and adv.kept > 5
    first = [ln.net.mean for ln in adv.lines]
    assert first == sorted(first, reverse=True)  # the best first: the advice agrees with its own figures


def test_json_answer(run_cli):
    code, out, _ = run_cli(["pass", "--rules", HOUSE, "--hand", PARTNER, "--seat", "2", "--declarer", "0", "--bid",
                            "20", "--trump", "H", "--samples", "40", "--json"])
    assert code == 0
    d = json.loads(out)
    assert d["role"] == "partner" and d["first"] and d["cards"] == 3 and d["best"] == d["lines"][0]["cards"]
    assert all(len(ln["cards"]) == 3 and ln["reply"] is not None for ln in d["lines"])
    assert d["lines"][0]["behind"] is None and all(ln["behind"] is not None for ln in d["lines"][1:])


BASE = ["pass", "--rules", HOUSE, "--hand", PARTNER, "--seat", "2", "--declarer", "0", "--bid", "20", "--trump", "H"]


@pytest.mark.parametrize("args,words", [
    (["--rules", "auction"], ["auction has no card pass"]),
    (["--seat", "1"], ["--seat 1 is not on the bid winner's side"]),
    (["--received", "AH JH AS"], ["you pass first", "--received"]),
    (["--hand", BIDDER, "--seat", "0"], ["you pass second", "--received"]),
    (["--hand", BIDDER, "--seat", "0", "--received", "AH JH"], ["--received", "a pass is 3 cards, not 2"]),
    (["--hand", BIDDER, "--seat", "0", "--received", "AH AH JH"], ["AH more often than the deck's 2 copies"]),
    (["--trump", "X"], ["unknown suit"]),
    (["--bid", "3"], ["below the opening bid 15"]),
    (["--known", "5:AS"], ["out of range"]),
    (["--declarer", "7"], ["--declarer 7 is out of range"]),
])
def test_bad_input_is_one_line_and_exit_2(args, words, run_cli):
    code, out, err = run_cli(BASE + args)
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    for w in words:
        assert w in err, (w, err)


def test_sets_played_a_chunk_at_a_time_give_the_same_answer(monkeypatch):
    """The memory bound (sets played a few at a time) changes no figure: a set's figures depend on its deals."""
    import analyzer.passing.advise as advise

    req = pass_request({"rules": HOUSE, "hand": PARTNER, "seat": 2, "declarer": 0, "bid": 20, "trump": "H",
                        "samples": 50, "sets": 1000}, "cli")
    whole = advise_pass(req).to_dict()
    monkeypatch.setattr(advise, "CHUNK_HANDS", 350)  # 7 sets a chunk
    assert advise_pass(req).to_dict() == whole
