"""Win-probability tables: the kernel's hand step against the game engine, the tables' monotonicity, their
agreement with games simulated directly by the engine, and the advice's reading of them."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.arena.core import run_arena
from analyzer.arena.tables import win_table
from analyzer.estimate import wilson
from analyzer.game import GameState, HandResult, after_hand
from analyzer.game.hand import quad_pinochle_held
from analyzer.game.kernel import EVEN, GO_ON, I_LOSE, I_WIN, step2
from analyzer.game.outcomes import HandOutcomes
from analyzer.game.sample import from_arena, relative_units
from analyzer.game.table import build_table, monotone
from analyzer.game.value import chance_now, chances_after
from analyzer.rules import load


@pytest.fixture(scope="module")
def samples() -> dict[str, HandOutcomes]:
    out = {}
    for rid in ("auction", "double-deck", "luxury-family"):
        rules = load(rid)
        out[rid] = from_arena(rules, run_arena(rules, "formula", "meld-only", 150, seed=3).frame, "test")
    return out


def _hand(sample: HandOutcomes, k: int, dealer_unit: int, units: int) -> HandResult:
    """Hand ``k`` of the sample dealt by ``dealer_unit``, in absolute unit numbers."""
    ab = [(dealer_unit + r) % units for r in range(units)]
    scores = [0] * units
    quad = [False] * units
    for r in range(units):
        scores[ab[r]] = int(sample.scores[k, r])
        quad[ab[r]] = bool(sample.quad[k, r])
    if sample.thrown[k]:
        return HandResult.thrown(units)
    tricks = [0] * units
    if sample.all_tricks[k] >= 0:
        tricks[ab[int(sample.all_tricks[k])]] = 1
    bidder = None if sample.bidder[k] < 0 else ab[int(sample.bidder[k])]
    return HandResult(tuple(scores), bidder, bool(sample.made[k]), tuple(tricks), tuple(20 * int(q) for q in quad),
                      tuple(quad))


@pytest.mark.parametrize("rid", ["auction", "double-deck"])
def test_step_kernel_is_the_game_engine(rid: str, samples: dict[str, HandOutcomes]) -> None:
    """step2 gives after_hand's totals and winner on random states and the sample's hands (quad wins, all tricks
    and the 400 rule forced in on some)."""
    rules = load(rid)
    sc = rules.scoring
    s = samples[rid]
    rng = np.random.default_rng(5)
    checked = {GO_ON: 0, I_WIN: 0, I_LOSE: 0, EVEN: 0}
    for _ in range(3000):
        k = int(rng.integers(s.n))
        x, y = (int(v) for v in rng.integers(-60, sc.target, 2))
        if rng.random() < 0.3:
            x, y = (int(v) for v in rng.integers(sc.target - 120, sc.target, 2))
        fx, fy = x > 0 or bool(rng.random() < 0.5), y > 0 or bool(rng.random() < 0.5)
        d = int(rng.integers(2))  # the dealer's unit: 0 mine
        hand = _hand(s, k, d, 2)
        if rid == "double-deck" and rng.random() < 0.05:
            hand = HandResult(hand.scores, hand.bidder, hand.made, (0, 5) if rng.random() < 0.5 else (5, 0),
                              hand.trick_points, hand.quad_pinochle)
        if rid == "double-deck" and rng.random() < 0.05:
            hand = HandResult(hand.scores, hand.bidder, hand.made, hand.tricks, (25, 25),
                              (bool(rng.random() < 0.5), bool(rng.random() < 0.5)))
        state = GameState((x, y), dealer=d, scored=(fx, fy))
        ref = after_hand(rules, state, hand)
        at = -1 if not hand.tricks or max(hand.tricks) == 0 else int(np.argmax(hand.tricks))
        q = [bool(hand.quad_pinochle[u]) if hand.quad_pinochle else False for u in range(2)]
        rel = lambda u, d=d: -1 if u is None or u < 0 else (u - d) % 2  # noqa: E731
        ss = [hand.scores[(d + r) % 2] for r in range(2)]
        r, x2, y2, fx2, fy2 = step2(x, y, fx, fy, d, ss[0], ss[1], rel(hand.bidder), hand.made, rel(at),
                                    q[d % 2], q[(d + 1) % 2], hand.thrown_in, sc.target, sc.bid_or_set_at,
                                    sc.early_win, sc.game_end == "bidder-first")
        assert (x2, y2) == ref.totals
        want = GO_ON if not ref.over else (EVEN if ref.winner is None else (I_WIN if ref.winner == (0,) else I_LOSE))
        if not ref.over and r == EVEN:  # the engine plays another hand; the table counts it even
            want = EVEN
        assert r == want, (x, y, fx, fy, d, hand, ref)
        checked[r] += 1
    assert checked[I_WIN] and checked[I_LOSE] and checked[GO_ON]


def test_monotone_projection_makes_rows_monotone() -> None:
    rng = np.random.default_rng(1)
    v = rng.random((2, 1, 1, 30, 30))
    m = monotone(v, "two")
    assert (np.diff(m, axis=-2) >= -1e-12).all() and (np.diff(m, axis=-1) <= 1e-12).all()
    w = monotone(rng.random((3, 3, 20, 20)), "hands")
    assert (np.diff(w, axis=-2) >= -1e-12).all() and (np.diff(w, axis=-1) >= -1e-12).all()


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family", "two-handed"])
def test_shipped_tables_are_monotone_and_sure_at_the_edges(rid: str) -> None:
    rules = load(rid)
    t = win_table(rules)
    v = t.values
    assert (v >= 0).all() and (v <= 1).all()
    assert (np.diff(v, axis=-2) >= -1e-9).all()
    assert ((np.diff(v, axis=-1) <= 1e-9) if t.kind == "two" else (np.diff(v, axis=-1) >= -1e-9)).all()
    assert t.boots >= 2 and t.half.max() > 0  # an interval was measured
    if t.kind == "two":
        assert v[:, -1, -1, -1, 0].min() > 0.9 and v[:, -1, -1, 0, -1].max() < 0.1


def _direct(rules, sample: HandOutcomes, state: GameState, me: int, games: int, seed: int) -> float:
    """My chance from ``state`` by games played hand by hand through the game engine, each hand drawn from the
    sample (the tables' model, without their grid)."""
    rng = np.random.default_rng(seed)
    units = sample.units
    from analyzer.score import seat_unit

    su = seat_unit(rules)
    won = 0.0
    for _ in range(games):
        st = state
        while not st.over:
            k = int(rng.integers(sample.n))
            du = int(su[st.dealer])
            ab = relative_units(rules, st.dealer)
            inv = np.argsort(ab)
            h = _hand(sample, k, 0, units)
            h = HandResult(tuple(h.scores[ab[u]] for u in range(units)),
                           None if h.bidder is None else int(inv[h.bidder]), h.made,
                           tuple(h.tricks[ab[u]] for u in range(units)) if h.tricks else (),
                           tuple(h.trick_points[ab[u]] for u in range(units)) if h.trick_points else (),
                           tuple(h.quad_pinochle[ab[u]] for u in range(units)) if h.quad_pinochle else (),
                           h.thrown_in)
            assert du == int(inv[0])
            st = after_hand(rules, st, h)
            if st.hands > 400:
                break
        if st.winner and me in st.winner:
            won += 1.0 / len(st.winner)
    return won / games


@pytest.mark.parametrize("rid,state,me", [
    ("auction", GameState((0, 0), dealer=0), 0),
    # one state of each game in the default suite, the others with the slow tests (seconds each: games played out)
    pytest.param("auction", GameState((120, 135), dealer=1), 0, marks=pytest.mark.slow),
    ("double-deck", GameState((430, 380), dealer=2, scored=(True, True)), 0),
    pytest.param("double-deck", GameState((60, 200), dealer=0, scored=(True, True)), 1, marks=pytest.mark.slow),
    ("luxury-family", GameState((300, 150, 200), hands=1, dealer=1), 2),
    pytest.param("luxury-family", GameState((0, 0, 100), hands=2, dealer=2), 0, marks=pytest.mark.slow),
])
def test_table_agrees_with_games_played_by_the_engine(rid: str, state: GameState, me: int,
                                                      samples: dict[str, HandOutcomes]) -> None:
    """A table made from a sample agrees with games simulated directly (the Python engine, hands drawn from the same
    sample) within the simulation's 95% interval widened by the grid's reading (1.5 points)."""
    rules = load(rid)
    sample = samples[rid]
    table = build_table(rules, sample)
    p, _ = chance_now(rules, table, state, me)
    games = 1500
    direct = _direct(rules, sample, state, me, games, seed=11)
    ci = wilson(round(direct * games), games)
    assert ci.lo - 0.015 <= p <= ci.hi + 0.015, (p, direct, ci)


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family"])
def test_chances_after_read_the_state_after_the_hand(rid: str, samples: dict[str, HandOutcomes]) -> None:
    """chances_after equals after_hand followed by chance_now (1, 0 or 1/k where the hand ends the game)."""
    rules = load(rid)
    table = win_table(rules)
    s = samples[rid]
    units = s.units
    state = (GameState((100, 120), dealer=1, hands=3, scored=(True, True)) if units == 2 else
             GameState((200, 100, 150), dealer=1, hands=1))
    if rid == "double-deck":
        state = GameState((420, 380), dealer=1, hands=8, scored=(True, True))
    me = 1
    hands = [_hand(s, k, 0, units) for k in range(60)]
    ho = HandOutcomes(np.array([h.scores for h in hands]), np.array([-1 if h.bidder is None else h.bidder
                                                                     for h in hands]),
                      np.array([h.made for h in hands]),
                      np.array([-1 if not h.tricks or max(h.tricks) == 0 else int(np.argmax(h.tricks)) for h in hands]),
                      np.array([h.quad_pinochle or (False,) * units for h in hands]),
                      np.array([h.thrown_in for h in hands]))
    got, _, _ = chances_after(rules, table, state, me, ho)
    for k, h in enumerate(hands):
        after = after_hand(rules, state, h)
        want = (1.0 / len(after.winner) if me in after.winner else 0.0) if after.over else \
            chance_now(rules, table, after, me)[0]
        assert got[k] == pytest.approx(want, abs=1e-9), (k, h, after)


def test_quad_pinochle_held() -> None:
    from analyzer.cards import Hand

    rules = load("double-deck")
    four = Hand.parse("QS QS QS QS JD JD JD JD AS AS AS AS AH AH AH AH KH KH KH KH", rules.deck).planes
    three = Hand.parse("QS QS QS JS JD JD JD JD AS AS AS AS AH AH AH AH KH KH KH KH", rules.deck).planes
    assert quad_pinochle_held(rules, np.stack([four, three])).tolist() == [True, False]
    assert not quad_pinochle_held(load("auction"), np.zeros((1, 2), np.int64))[0]


def test_a_sample_played_in_parts_is_the_sample_played_whole(tmp_path):
    """The self-play sample kept in parts (``python -m analyzer.arena.tables --part-out``) joins to the same hands as
    the sample played at once (deal k depends on (seed, k) alone); parts that leave a gap or overlap are refused."""
    from analyzer.arena.tables import joined_parts, self_play_sample

    rules = load("luxury-family")
    whole = self_play_sample(rules, 24, seed=1, agent="formula")
    paths = []
    for start in (16, 0, 8):  # in any order
        path = tmp_path / f"part{start}.parquet"
        self_play_sample(rules, 8, seed=1, agent="formula", start=start).write(path)
        paths.append(path)
    joined = joined_parts(rules, paths)
    for name in ("scores", "bidder", "made", "all_tricks", "quad", "thrown"):
        assert np.array_equal(getattr(joined, name), getattr(whole, name)), name
    assert joined.source == whole.source
    with pytest.raises(ValueError, match="leave out deals 0-7"):
        joined_parts(rules, paths[::2])
    with pytest.raises(ValueError, match="hands of luxury-family, not auction"):
        joined_parts(load("auction"), paths)
