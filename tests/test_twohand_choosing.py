"""The two-handed choosing agents (analyzer.twohand.choosing: th-game, th-points) and their whole games in the arena:
the sampled deals hold my cards and the rest of the pack, keeping the dix is offered exactly when there is a dix to
exchange, the choice is the best of its own figures and those figures are what playing each behaviour alone gives,
th-game chooses as th-points on most hands at 0-0, the choices and the games come from the seed and the game, hand
and seat alone, and th-v1's styles play differently from it."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.arena.games import game_deals
from analyzer.arena.games_twohand import run_twohand_games
from analyzer.cards import parse_cards, to_planes
from analyzer.deal.rng import seed_of
from analyzer.game import new_game
from analyzer.game.table import find_table
from analyzer.rules import load
from analyzer.twohand.choosing import (
    BEHAVIOUR_NAMES,
    BEHAVIOURS,
    OPPONENT,
    ROLLOUTS,
    SALT,
    Decider,
    choose,
    holds_exchangeable_dix,
    sample_around,
)
from analyzer.twohand.gamechance import GameAsked
from analyzer.twohand.hands import check_deals, deal_random, play_hands

RULES = load("two-handed")
SEED = 11


def _deciders(n: int, aim: str, totals: tuple[int, int] = (0, 0), seed: int = 5) -> list[Decider]:
    """``n`` deciders on random deals: seat ``i % 2``, dealer ``(i // 2) % 2``, the game at ``totals``."""
    hands, stock = deal_random(RULES, n, seed)
    return [Decider(hands[i, i % 2], int(stock[i, -1]), i % 2, new_game(RULES, (i // 2) % 2, totals), aim, (i, 0))
            for i in range(n)]


@pytest.fixture(scope="module")
def table():
    t = find_table(RULES)
    assert t is not None, "two-handed's win-probability table is shipped"
    return t


def test_sampled_deals_hold_my_cards_and_the_rest_of_the_pack():
    hands, stock = deal_random(RULES, 3, 2)
    for seat in range(2):
        mine, up = hands[seat, seat], int(stock[seat, -1])
        h, s = sample_around(RULES, mine, up, seat, 40, 9)
        check_deals(RULES, h, s)  # the whole pack once in every deal
        assert (h[:, seat] == mine).all() and (s[:, -1] == up).all()
        assert len({(tuple(h[i, 1 - seat]), tuple(s[i])) for i in range(40)}) == 40
        h2, s2 = sample_around(RULES, mine, up, seat, 40, 9)
        assert (h2 == h).all() and (s2 == s).all()
        h3, _ = sample_around(RULES, mine, up, seat, 40, 10)
        assert not (h3 == h).all()


def test_keeping_the_dix_is_offered_only_with_a_dix_to_exchange():
    deck = RULES.deck
    hand = to_planes(parse_cards("9H AH TH KH QH JH AS TS KS QS JS 9S", deck), deck)
    assert holds_exchangeable_dix(RULES, hand, parse_cards("AC", deck)[0]) is False  # trump clubs: no 9C held
    assert holds_exchangeable_dix(RULES, hand, parse_cards("AH", deck)[0]) is True
    assert holds_exchangeable_dix(RULES, hand, parse_cards("9H", deck)[0]) is False  # a dix for a dix
    assert holds_exchangeable_dix(RULES, hand, parse_cards("KS", deck)[0]) is True


def test_the_choice_is_the_best_of_its_own_figures_and_reproducible(table):
    ds = _deciders(24, "points") + _deciders(24, "game", (70, 95))
    got = choose(RULES, ds, SEED, table)
    again = choose(RULES, list(reversed(ds)), SEED, table)[::-1]  # another order, other batches: the same
    for d, c, c2 in zip(ds, got, again, strict=True):
        assert c.behaviour == c2.behaviour and np.array_equal(c.figures, c2.figures, equal_nan=True)
        ok = ~np.isnan(c.figures)
        keep = [b for b, (_, k) in enumerate(BEHAVIOURS) if k]
        assert ok[keep].all() == holds_exchangeable_dix(RULES, d.cards, d.upcard) and ok[0]
        assert c.figures[c.behaviour] == np.nanmax(c.figures)
        assert c.behaviour == int(np.flatnonzero(c.figures == np.nanmax(c.figures))[0])  # first on ties
        assert c.name == BEHAVIOUR_NAMES[c.behaviour]
    assert len({c.behaviour for c in got}) > 1
    # another seed, other deals: other figures
    other = choose(RULES, ds[:4], SEED + 1, table)
    assert any(not np.array_equal(a.figures, b.figures, equal_nan=True) for a, b in zip(other, got, strict=False))


def test_the_figures_are_each_behaviour_played_alone(table):
    """A plain reference: each decider's deals dealt again and played behaviour by behaviour on their own."""
    ds = _deciders(6, "points") + _deciders(6, "game", (40, 100), seed=8)
    got = choose(RULES, ds, SEED, table)
    for d, c in zip(ds, got, strict=True):
        hands, stock = sample_around(RULES, d.cards, d.upcard, d.seat, ROLLOUTS, seed_of(SEED, SALT, *d.key))
        for b, (policy, keep) in enumerate(BEHAVIOURS):
            if np.isnan(c.figures[b]):
                continue
            pols = [OPPONENT, OPPONENT]
            pols[d.seat] = policy
            nx = [False, False]
            nx[d.seat] = keep
            res = play_hands(RULES, hands, stock, d.state.dealer, pols, "heuristic", seed_of(SEED, SALT),
                             no_exchange=nx, ids=np.arange(ROLLOUTS))
            mine, theirs = res.score[:, d.seat], res.score[:, 1 - d.seat]
            if d.aim == "points":
                assert c.figures[b] == pytest.approx(float(np.mean(mine - theirs)), abs=1e-12)
            else:
                chance, _, _ = GameAsked.of(RULES, d.state, d.seat, table).chances(RULES, mine, theirs)
                assert c.figures[b] == pytest.approx(float(chance.mean()), abs=1e-12)


def test_at_0_0_the_game_chooses_as_points_on_most_hands(table):
    points = choose(RULES, _deciders(60, "points", seed=3), SEED, table)
    game = choose(RULES, _deciders(60, "game", seed=3), SEED, table)
    same = np.mean([p.behaviour == g.behaviour for p, g in zip(points, game, strict=True)])
    assert same >= 0.75, same


def test_the_styles_play_otherwise_than_th_v1():
    hands, stock = deal_random(RULES, 200, 6)
    dealer = np.arange(200) % 2
    base = play_hands(RULES, hands, stock, dealer, "th-v1", "heuristic", 1)
    for style in ("th-meld", "th-cards"):
        res = play_hands(RULES, hands, stock, dealer, (style, "th-v1"), "heuristic", 1)
        assert (res.phase1_points != base.phase1_points).any(axis=1).mean() > 0.1, style


@pytest.fixture(scope="module")
def games():
    return run_twohand_games(RULES, "th-game", "th-points", 4, seed=SEED)


def test_arena_choosing_games_are_reproducible_and_block_independent(games):
    again = run_twohand_games(RULES, "th-game", "th-points", 4, seed=SEED)
    assert games.frame.equals(again.frame)
    later = run_twohand_games(RULES, "th-game", "th-points", 2, seed=SEED, start=2)
    assert later.frame.equals(games.frame.filter(games.frame["game"] >= 2))
    f = games.frame
    assert set(f["behaviour_s0"]) | set(f["behaviour_s1"]) <= set(BEHAVIOUR_NAMES)
    assert games.names == ("th-game", "th-points")


def test_arena_choices_are_the_agents_choices_at_each_copys_score(games, table):
    """Every hand's recorded behaviours are what :func:`choose` gives the seat at its copy's score."""
    aims = {0: "game", 1: "points"}  # agent A is th-game
    rows = list(games.frame.iter_rows(named=True))
    assert any(r["hand"] > 0 and r["before_u0"] != r["before_u1"] for r in rows)
    for r in rows[::3]:
        g, h = r["game"], r["hand"]
        deal = game_deals(RULES, SEED, g, np.array([h]), stock=True)
        state = new_game(RULES, r["dealer"], (r["before_u0"], r["before_u1"]))
        for s in range(2):
            d = Decider(deal.hands[0, s], int(deal.stock[0, -1]), s, state, aims[r[f"agent_s{s}"]], (g, h, s))
            assert choose(RULES, [d], SEED, table)[0].name == r[f"behaviour_s{s}"]


def test_policy_runs_have_no_behaviour_columns():
    f = run_twohand_games(RULES, "th-v1", "naive", 2, seed=SEED).frame
    assert not [c for c in f.columns if c.startswith("behaviour")]
