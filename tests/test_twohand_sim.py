"""Whole two-handed hands simulated: point totals for every deck and counting option, th-v1 against the
naive baseline, exact phase 2 against the solver, the step API against the batch kernel, and the
policies' information hygiene."""

import numpy as np
import pytest
from twohand_game import TwoHandGame

from analyzer.rules import load
from analyzer.solve import solve_deal
from analyzer.twohand import policy as P
from analyzer.twohand import state as S
from analyzer.twohand.hands import deal_random, head_to_head, play_hands, self_play

# card points in the pack plus the last trick, as RULES.md counts them
TOTALS = {
    (48, "classic"): 57, (48, "aces-tens"): 17, (48, "aces-tens-kings"): 25,
    (24, "classic"): 29, (24, "aces-tens"): 9, (24, "aces-tens-kings"): 13,
}


@pytest.mark.parametrize("deck,counting", list(TOTALS))
def test_every_hand_adds_up(deck, counting):
    rules = load("two-handed", {"deck": deck, "counting": counting})
    total = TOTALS[(deck, counting)]
    assert rules.total_points == total
    res = self_play(rules, 400, seed=5, phase2="heuristic")
    assert (res.points.sum(axis=1) == total).all()
    assert (res.phase1_tricks.sum(axis=1) == (rules.deck.size - 2 * rules.hand_size) // 2).all()
    assert (res.phase2_tricks.sum(axis=1) == rules.hand_size).all()
    assert (res.meld_ids.sum(axis=2) == res.meld).all()
    assert (res.score == res.meld + res.points).all()
    # the phase-2 hands hold a full hand each, and together exactly the cards phase 1 did not play
    counts = np.zeros((len(res), 2), dtype=np.int64)
    for k in rules.deck.kinds:
        counts += ((res.hands2 >> k) & 1).sum(axis=2)
    assert (counts == rules.hand_size).all()
    exact = self_play(rules, 30, seed=6, phase2="exact")
    assert exact.inexact == 0
    assert (exact.points.sum(axis=1) == total).all()
    assert (exact.phase2_heuristic.sum(axis=1) == exact.phase2_points.sum(axis=1)).all()


def test_the_24_card_game_plays_to_60():
    assert load("two-handed", {"deck": 24}).scoring.target == 60
    assert load("two-handed", {"deck": 24, "target": 100}).scoring.target == 100


@pytest.mark.parametrize("opts,n", [
    ({}, 3000), ({"deck": 24}, 3000), ({"meld-notes": "relaxed", "counting": "aces-tens"}, 2000),
])
def test_th_v1_beats_the_naive_baseline(opts, n):
    est = head_to_head(load("two-handed", opts), n, seed=11, policy="th-v1", against="naive", phase2="heuristic")
    assert est.mean > 8 * est.se and est.mean > 3, est
    back = head_to_head(load("two-handed", opts), n // 2, seed=12, policy="naive", against="th-v1")
    assert back.mean < -8 * back.se, back


def test_th_v1_beats_naive_with_exact_phase2():
    est = head_to_head(load("two-handed"), 300, seed=13, phase2="exact")
    assert est.mean > 6 * est.se and est.mean > 10, est


@pytest.mark.parametrize("opts", [{}, {"head": "trump-led", "counting": "aces-tens-kings"}, {"deck": 24}])
def test_exact_phase2_is_the_solvers_value(opts):
    rules = load("two-handed", opts)
    res = self_play(rules, 8, seed=3, phase2="exact")
    for i in range(len(res)):
        v = solve_deal(rules, res.hands2[i], int(res.trump[i]), int(res.leader2[i]), 0)
        assert v.exact and v.value == res.phase2_points[i, 0]


def test_reusing_known_positions_changes_nothing():
    rules = load("two-handed")
    hands, stock = deal_random(rules, 60, seed=21)
    a = play_hands(rules, hands, stock, 0, phase2="exact", seed=2)
    b = play_hands(rules, hands, stock, 0, phase2="exact", seed=2, no_exchange=(True, False), known=a)
    c = play_hands(rules, hands, stock, 0, phase2="exact", seed=2, no_exchange=(True, False))
    assert (b.phase2_points == c.phase2_points).all() and (b.score == c.score).all()
    assert (b.exchanged_by != 0).all() and (a.exchanged_by == 0).any()


def test_the_step_api_replays_the_batch_kernel():
    rules = load("two-handed")
    hands, stock = deal_random(rules, 12, seed=31)
    dealer = np.arange(12) % 2
    res = play_hands(rules, hands, stock, dealer, "th-v1", phase2="heuristic")
    for i in range(12):
        g = TwoHandGame.from_arrays(rules, hands, stock, int(dealer[i]), i)
        while g.stage != "phase 2":
            g.policy_step("th-v1")
        assert [g.meld_score(s) for s in (0, 1)] == res.meld[i].tolist()
        assert [int(g.g[S.C_PTS + s]) for s in (0, 1)] == res.phase1_points[i].tolist()
        assert g.turn == res.leader2[i]
        while g.stage == "phase 2":
            g.play(g.moves()[0][0])
        assert g.points(0) + g.points(1) == 57


def _redeal_hidden(g, seat, rng):
    """A copy of the state with the cards ``seat`` cannot see (the opponent's hand, the face-down stock)
    dealt again at random, the counts kept."""
    g2 = g.copy()
    opp = 1 - seat
    base = S.G_H + S.MAXC * opp
    held = [k for k in range(64) for p in range(S.MAXC) if (int(g2[base + p]) >> k) & 1]
    lo, hi = int(g2[S.C_STOP]), int(g2[S.C_SN]) - 1  # the face-up card stays
    hidden = held + [int(g2[S.G_STK + j]) for j in range(lo, hi)]
    rng.shuffle(hidden)
    for p in range(S.MAXC):
        g2[base + p] = 0
    for k in hidden[: len(held)]:
        S.planes_add(g2, base, k)
    for j, k in enumerate(hidden[len(held):]):
        g2[S.G_STK + lo + j] = k
    return g2


def test_policies_see_only_what_the_player_sees():
    rules = load("two-handed")
    hands, stock = deal_random(rules, 6, seed=41)
    rng = np.random.default_rng(5)
    decisions = 0
    for i in range(6):
        g = TwoHandGame.from_arrays(rules, hands, stock, i % 2, i)
        while g.stage in ("phase 1", "last card"):
            seat = g.turn
            if g.stage == "last card":
                for _ in range(3):
                    assert P.th_last(g.g.copy(), seat) == P.th_last(_redeal_hidden(g.g, seat, rng), seat)
                    decisions += 1
                g.policy_step("th-v1")
                continue
            for _ in range(3):
                a, b = g.g.copy(), _redeal_hidden(g.g, seat, rng)
                if a[S.C_NTR] == 0 and a[S.C_MELDER] == seat:
                    assert P.th_meld_choice(a, seat) == P.th_meld_choice(b, seat)
                    assert P.may_exchange(a, seat) == P.may_exchange(b, seat)
                assert P.th_move(a, seat) == P.th_move(b, seat)
                decisions += 1
            g.policy_step("th-v1")
    assert decisions > 100
