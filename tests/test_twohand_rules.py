"""Two-handed phase 1 and 2, hand-built: every melding rule of RULES.md (`two-handed`) and the phase-2
duties, step by step through :class:`twohand_game.TwoHandGame` (the simulations' step kernels)."""

import pytest
from twohand_game import TwoHandGame

from analyzer.cards import parse_card
from analyzer.errors import UserError
from analyzer.play import engine as E
from analyzer.play.engine import beats
from analyzer.rules import load

LOSER = "9S 9S 9C 9C 9D 9D JS JS JC JC TC TC"  # no heart: never beats a plain ace, never trumps hearts


def rules(**opts):
    return load("two-handed", {k.replace("_", "-"): v for k, v in opts.items()})


def names(opts):
    return {(o.name, o.suit, o.copies): o.points for o in opts}


def win_trick(g, lead, table=False):
    """Seat 0 leads ``lead``; seat 1 answers with a card that does not beat it (asserted to exist)."""
    assert g.turn == 0
    g.play(lead, table)
    deck = g.rules.deck
    lk = parse_card(lead, deck)
    trump = "SHDC".index(g.trump)
    for card, src in g.moves():
        if not beats(parse_card(card, deck), lk, trump):
            w = g.play(card, False if src < 0 else src)
            assert w == 0
            return
    raise AssertionError(f"seat 1 must beat {lead}")


def lose_trick(g, lead_seat1, answer):
    """Seat 1 leads, seat 0 answers without winning (asserted)."""
    assert g.turn == 1
    g.play(lead_seat1)
    assert g.play(answer) == 1


# ---- run over a royal marriage ---------------------------------------------------------------------------
P_RUN = "AH TH KH KH QH JH AS AS AC AD QS JD"


@pytest.mark.parametrize("opts,run_over,fresh", [
    ({}, 11, 15),
    ({"run_points": 20}, 16, 20),
    ({"meld_notes": "relaxed"}, 15, 15),
    ({"meld_notes": "relaxed", "run_points": 20}, 20, 20),
])
def test_run_added_to_a_royal_marriage_scores_the_difference(opts, run_over, fresh):
    g = TwoHandGame(rules(**opts), (P_RUN, LOSER), "9H", dealer=1)
    assert g.trump == "H" and g.turn == 0  # the non-dealer leads
    win_trick(g, "AS")
    opts0 = names(g.meld_options())
    assert opts0[("run", None, 1)] == fresh and opts0[("royal marriage", None, 1)] == 4
    assert g.meld("royal marriage") == 4
    win_trick(g, "AS")
    assert ("run", None, 1) not in names(g.meld_options())  # the second K H alone makes no fresh run
    assert names(g.meld_options())[("run over marriage", None, 1)] == run_over
    assert g.meld("run") == run_over
    assert g.meld_score(0) == 4 + run_over
    assert g.meld_points_by_kind(0) == {"royal marriage": 4, "run": run_over}
    # the run's K and Q never make a royal marriage again: only the other K H is free, no Q H
    win_trick(g, "AC")
    assert ("royal marriage", None, 1) not in names(g.meld_options())


def test_a_broken_royal_marriage_gives_no_run_difference():
    g = TwoHandGame(rules(), (P_RUN, LOSER), "9H", dealer=1)
    win_trick(g, "AS")
    g.meld("royal marriage")
    win_trick(g, "KH", table=True)  # the melded K H: the royal marriage breaks up
    ms = names(g.meld_options())
    assert ("run over marriage", None, 1) not in ms and ("run", None, 1) not in ms  # the Q H served a royal marriage
    assert g.table(0)[0].card == "QH" and g.table(0)[0].used_in == ("run/royal marriage",)


def test_playing_the_hand_copy_keeps_the_royal_marriage():
    g = TwoHandGame(rules(), (P_RUN, LOSER), "9H", dealer=1)
    win_trick(g, "AS")
    g.meld("royal marriage")
    win_trick(g, "KH")  # the copy in hand: the melded one stays
    assert g.meld("run") == 11


def test_a_run_melded_at_once_scores_its_full_value_and_blocks_the_royal_marriage():
    g = TwoHandGame(rules(), (P_RUN, LOSER), "9H", dealer=1)
    win_trick(g, "AS")
    assert g.meld("run") == 15
    win_trick(g, "AS")
    assert ("royal marriage", None, 1) not in names(g.meld_options())


# ---- pinochles -------------------------------------------------------------------------------------------------
P_PIN = "QS QS JD JD AS AS AC AC AD AD KC KD"


@pytest.mark.parametrize("notes,second", [("strict", 26), ("relaxed", 30)])
def test_second_pinochle_while_the_first_is_down(notes, second):
    g = TwoHandGame(rules(meld_notes=notes), (P_PIN, LOSER), "9H", dealer=1)
    win_trick(g, "AS")
    assert g.meld("pinochle") == 4
    win_trick(g, "AS")
    assert g.meld("pinochle") == second
    assert g.meld_points_by_kind(0) == {"pinochle": 4, "double pinochle": second}


@pytest.mark.parametrize("notes", ["strict", "relaxed"])
def test_second_pinochle_after_the_first_was_broken_scores_four(notes):
    g = TwoHandGame(rules(meld_notes=notes), (P_PIN, LOSER), "9H", dealer=1)
    win_trick(g, "AS")
    g.meld("pinochle")
    win_trick(g, "QS", table=True)  # breaks the first pinochle
    # the remaining melded J D served a pinochle: the second needs both cards from the hand
    assert g.meld("pinochle") == 4
    assert g.meld_score(0) == 8


def test_double_pinochle_at_once_scores_thirty():
    g = TwoHandGame(rules(), (P_PIN, LOSER), "9H", dealer=1)
    win_trick(g, "AS")
    assert names(g.meld_options())[("pinochle", None, 2)] == 30
    assert g.meld("double pinochle") == 30
    win_trick(g, "AS")
    assert not any(o.name == "pinochle" for o in g.meld_options())


# ---- reuse across kinds, never within a kind ------------------------------------------------------------------
def test_the_seed_example_of_reuse():
    """A marriage in spades; then the other kings, the other queens, the J♦ on it; never a second marriage
    with a K♠ added to the melded Q♠."""
    p0 = "KS QS KS KH KD KC QH QD QC JD AS AS"
    g = TwoHandGame(rules(), (p0, LOSER), "9H", stock="AD AD AC AC TD TD AH AH", dealer=1)
    win_trick(g, "AS")
    assert g.meld("marriage", "S") == 2
    win_trick(g, "AS")
    assert g.meld("kings around") == 8
    assert sorted(c.card for c in g.table(0)) == sorted(["KS", "QS", "KH", "KD", "KC"])  # K S reused
    for turn, (meld, pts) in enumerate([("queens around", 6), ("pinochle", 4)]):
        lead = next(c for c, s in g.moves() if s < 0 and c not in ("KS", "QS", "JD", "QH", "QD", "QC"))
        win_trick(g, lead)
        assert ("marriage", "S", 1) not in names(g.meld_options()), turn  # Q S already in a marriage
        assert g.meld(meld) == pts
    qs = [c for c in g.table(0) if c.card == "QS"][0]
    assert qs.used_in == ("marriage", "queens around", "pinochle")
    assert g.meld_score(0) == 2 + 8 + 6 + 4


def test_double_aces_at_once_and_no_reuse_of_an_around_card():
    p0 = "AS AH AD AC AS AH AD KC TS TS TH TH"
    g = TwoHandGame(rules(), (p0, LOSER), "9H", dealer=1)
    win_trick(g, "TS")
    ms = names(g.meld_options())
    assert ms[("aces around", None, 1)] == 10 and ("aces around", None, 2) not in ms  # one A C only
    assert g.meld("aces around") == 10
    win_trick(g, "TS")
    # three aces in hand and the melded ones used already: no second aces around
    assert ("aces around", None, 1) not in names(g.meld_options())


def test_every_meld_takes_a_card_from_the_hand():
    p0 = "KS KH KD KC QS QH QD QC AS AS AD AD"
    g = TwoHandGame(rules(), (p0, LOSER), "AH", stock="TD TD JD JD 9H 9H", dealer=1)
    win_trick(g, "AS")
    g.meld("kings around")
    win_trick(g, "AS")
    g.meld("queens around")
    win_trick(g, "AD")
    ms = names(g.meld_options())
    # every marriage's K and Q lie melded on the table, unused in a marriage: still no meld without a hand card
    assert not any(k[0] in ("marriage", "royal marriage") for k in ms)
    with pytest.raises(UserError):
        g.meld("marriage", "S")


def test_one_meld_a_turn_and_only_the_winner_melds():
    g = TwoHandGame(rules(), (P_PIN, LOSER), "9H", dealer=1)
    with pytest.raises(UserError):
        g.meld("pinochle")  # no trick won yet
    win_trick(g, "AS")
    g.meld("pinochle")
    with pytest.raises(UserError):
        g.meld("aces around")  # one meld a turn
    g.play("AC")
    with pytest.raises(UserError):
        g.meld("aces around")  # the window closed with the lead


# ---- the dix ---------------------------------------------------------------------------------------------------
P_DIX = "9H 9H QH AS AS AC AC AD AD KS QS JD"


def test_dix_exchange_then_meld_the_card_taken():
    g = TwoHandGame(rules(), (P_DIX, LOSER), "KH", dealer=1)
    win_trick(g, "AS")
    with pytest.raises(UserError):
        g.meld("dix")  # the first dix is melded by exchanging it
    assert g.exchange() == 1
    assert g.upcard == "9H" and "KH" in g.hand(0) and g.hand(0).count("9H") == 1
    with pytest.raises(UserError):
        g.exchange()  # only the first dix is exchanged
    assert g.meld("royal marriage") == 4  # the exchange did not use up the turn's meld
    win_trick(g, "AS")
    assert g.meld("dix") == 1  # the second dix: an ordinary meld, the turn's one
    assert g.meld_score(0) == 6
    assert g.meld_points_by_kind(0) == {"dix": 2, "royal marriage": 4}


def test_exchange_for_the_other_dix():
    g = TwoHandGame(rules(), ("9H QH KH AS AS AC AC AD AD KS QS JD", LOSER), "9H", dealer=1)
    win_trick(g, "AS")
    assert g.exchange() == 1
    assert g.hand(0).count("9H") == 1 and g.upcard == "9H"
    assert g.meld("dix") == 1  # the card taken may be melded at once


def test_only_the_trick_winner_exchanges_before_leading():
    g = TwoHandGame(rules(), (P_DIX, LOSER), "KH", dealer=1)
    with pytest.raises(UserError):
        g.exchange()  # no trick won yet
    win_trick(g, "AS")
    g.play("AC")  # leading closes the window
    with pytest.raises(UserError):
        g.exchange()


# ---- the end of phase 1 ------------------------------------------------------------------------------------------
def _to_last_card(g, policy="th-v1"):
    while g.stage == "phase 1":
        g.policy_step(policy)


FULL = {48: (("AS AS TS KS QS JD AC TC KC QC JC 9C", "9S 9S JS AD AD TD KD QD JH 9H AH TH"), "KH"),
        24: (("AS TS KS QS JD AC", "9S JS AD TD KD 9H"), "KH")}


@pytest.mark.parametrize("deck", [48, 24])
@pytest.mark.parametrize("take_up", [True, False])
def test_last_card_choice(deck, take_up):
    rs = rules(deck=deck)
    hands, up = FULL[deck]
    g = TwoHandGame(rs, hands, up, dealer=0)
    while g.stage == "phase 1":
        g.policy_step("th-v1")
    assert g.stage == "last card" and g.stock_left == 2
    w = g.turn
    down, up = g.stock_cards()
    assert up == g.upcard
    before = (list(g.hand(w)), list(g.hand(1 - w)))
    with pytest.raises(UserError):
        g.play(before[0][0])  # the choice comes first
    g.take_last(take_up)
    got_w, got_l = (up, down) if take_up else (down, up)
    assert sorted(g.hand(w)) == sorted(before[0] + [got_w])
    assert sorted(g.hand(1 - w)) == sorted(before[1] + [got_l])
    assert g.stage == "final meld" and g.melder == w and g.upcard is None and g.stock_left == 0
    assert len(g.hand(w)) + len(g.table(w)) == rs.hand_size


def test_meld_after_the_last_draw():
    rs = rules(deck=24)
    # seat 0 keeps K H; the face-up Q H comes to it with the last draw and makes a royal marriage
    g = TwoHandGame(rs, ("AS AC AD KH TS TC", "9S 9C 9D JS JC JD"), "QH",
                    stock="KS KC QS QC KD QD 9H JH TD AH TH", dealer=1)
    assert g.trump == "H"
    for lead in ("AS", "AC", "AD", "TS", "TC"):
        win_trick(g, lead)
    lead = next(c for c, s in g.moves() if c != "KH")
    win_trick(g, lead)
    assert g.stage == "last card" and g.upcard == "QH"
    g.take_last(True)
    assert g.stage == "final meld"
    assert names(g.meld_options())[("royal marriage", None, 1)] == 4
    assert g.meld("royal marriage") == 4
    g.play("KH")  # ends phase 1: the melds back in the hand, seat 0 leads phase 2
    assert g.stage == "phase 2" and g.turn == 1


# ---- phase 1 has no duty, phase 2 has ---------------------------------------------------------------------------
def test_phase1_any_card_may_be_played():
    g = TwoHandGame(rules(), (P_RUN, LOSER), "9H", dealer=1)
    g.play("AS")
    # seat 1 holds spades but may play any card, and the spade nines do not have to head the ace
    assert {c for c, _ in g.moves()} == {"9S", "JS", "9D", "9C", "JC", "TC"}
    assert g.play("TC") == 0


def _phase2_game(head):
    hands, up = FULL[48]
    g = TwoHandGame(rules(head=head), hands, up, dealer=0)
    while g.stage in ("phase 1", "last card", "final meld"):
        if g.stage == "final meld":
            g.end_phase1()
        else:
            g.policy_step("th-v1")
    return g


def _reference_legal(hand, trick, trump, head):
    """Follow, else trump, else anything; the second player must win the trick when able (head
    always), or only when trump is led (trump-led)."""
    led = trick[0] // 16
    same = [k for k in hand if k // 16 == led]
    if same:
        if head == "always" or led == trump:
            higher = [k for k in same if k > trick[0]]
            if higher:
                return set(higher)
        return set(same)
    trumps = [k for k in hand if k // 16 == trump]
    if trumps:
        return set(trumps)
    return set(hand)


@pytest.mark.parametrize("head", ["always", "trump-led"])
def test_phase2_follow_trump_head(head):
    g = _phase2_game(head)
    deck = g.rules.deck
    trump = "SHDC".index(g.trump)
    checked = 0
    while g.stage == "phase 2":
        # the leader leads each of its cards in turn on a copy of the state: the follower's legal set
        leader = g.turn
        for card, _ in g.moves():
            st = g.st2.copy()
            E.play(st, parse_card(card, deck))
            hand = [parse_card(c, deck) for c in g.hand(1 - leader)]
            lg = int(E.legal(st))
            got = {k for k in deck.kinds if (lg >> k) & 1}
            assert got == _reference_legal(hand, [parse_card(card, deck)], trump, head), (card, g.hand(1 - leader))
            checked += 1
        g.play(g.moves()[-1][0])
        g.play(g.moves()[0][0])
    assert checked >= 12
    assert g.points(0) + g.points(1) == 57
