"""The Monte-Carlo driver: paired deals across trumps, the frame's schema, reproducibility, parquet."""

import numpy as np
import polars as pl
import pytest

from analyzer.deal import table
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.montecarlo.simulate import (
    COLUMNS,
    Players,
    deals_frame,
    simulate,
)
from analyzer.play import play_deals
from analyzer.play.modes import players_of
from analyzer.rules import load
from analyzer.rules.lowered import bid_class, first_leader, play_bids
from analyzer.runs.batches import BATCH
from analyzer.score import convert_points

AUCTION = "AH AH TH TH KH KH QH QH JH JH AS AD"
LUXURY = "AH AH TH TH KH KH QH QH JH JH AS AD AC 7S 7D 7C"


def run(rules, hand, *, samples, seed, seat=1, dealer=0, trumps=(0, 1, 2, 3), modes=("heuristic",), policy="v1",
        max_nodes=None, tricks_left=0):
    """simulate() around ``hand`` at ``seat`` with nothing else known (the sampler's table built here, as the
    request builds it)."""
    return simulate(table(rules, seat, hand), Players(modes, policy, max_nodes, tricks_left, tuple(trumps)),
                    dealer=dealer, samples=samples, seed=seed)


@pytest.fixture(scope="module")
def auction_sim():
    return run(load("auction"), AUCTION, seat=1, dealer=0, samples=300, seed=3)


def test_the_same_deals_are_played_under_every_trump(auction_sim):
    sim, rs = auction_sim, auction_sim.rules
    hands = sim.deals.hands
    assert hands.shape == (300, 4, 2)
    for t in range(4):
        rows = sim.rows("declare", "heuristic", t)
        assert rows["deal"].to_list() == list(range(300))
        meld, pts, trk = sim.seat_arrays(rows)
        for s in range(4):
            assert (meld[:, s] == meld_batch(hands[:, s], rs)[:, t]).all()
        # the v1 policy has no randomness: replaying the stored deals gives the stored points
        again = play_deals(rs, hands, t, leader=1, declarer=1, policy="v1")
        assert (again.points == pts).all() and (again.tricks == trk).all()
        assert (pts.sum(axis=1) == rs.total_points).all() and (trk.sum(axis=1) == 12).all()
    assert (sim.meld[:, 1, :] == meld_batch(hands[:, 1], rs)).all()


def test_frame_schema_and_side_columns(auction_sim):
    f = auction_sim.frame
    seat_cols = [f"{p}_s{s}" for p in ("meld", "points", "tricks") for s in range(4)]
    assert f.columns == list(COLUMNS) + seat_cols
    assert f.schema["deal"] == pl.Int64 and f.schema["trump"] == pl.String and f.schema["declarer"] == pl.Int8
    assert all(f.schema[c] == pl.Int32 for c in ["own_meld", "side_meld", "opp_points", *seat_cols])
    assert f.height == 300 * 4
    assert set(f["scenario"]) == {"declare"} and set(f["play"]) == {"heuristic"} and set(f["policy"]) == {"v1"}
    assert (f["own_meld"] == f["meld_s1"]).all()
    assert (f["partner_meld"] == f["meld_s3"]).all()
    assert (f["side_meld"] == f["meld_s1"] + f["meld_s3"]).all()
    assert (f["opp_meld"] == f["meld_s0"] + f["meld_s2"]).all()
    assert (f["side_points"] + f["opp_points"] == 25).all()
    assert (f["side_trick_points"] == f["side_points"]).all()
    assert (f["side_tricks"] == f["tricks_s1"] + f["tricks_s3"]).all()
    assert (f["declarer"] == 1).all() and (f["bid"] == 15).all()


def test_luxury_family_converts_each_players_points():
    rs = load("luxury-family")
    sim = run(rs, LUXURY, seat=0, samples=200, seed=1, trumps=[1])
    f = sim.frame
    assert f["partner_meld"].null_count() == f.height
    p = f.select(["points_s0", "points_s1", "points_s2"]).to_numpy()
    assert (f["side_trick_points"].to_numpy() == convert_points(rs, p[:, 0])).all()
    assert (f["opp_trick_points"].to_numpy() == convert_points(rs, p[:, 1]) + convert_points(rs, p[:, 2])).all()
    assert (f["side_points"] + f["opp_points"] == 240).all()
    # with a luxury family in hearts the game maker converts well above the card points sometimes
    assert (f["side_trick_points"] > f["side_points"]).any()


def test_double_deck_plays_both_bid_classes():
    rs = load("double-deck")
    assert play_bids(rs) == (50, 51)
    assert [bid_class(rs, b) for b in (50, 51, 60, 100)] == [50, 51, 51, 51]
    assert play_bids(load("auction")) == (15,) and play_bids(load("two-handed")) == (0,)
    hand = "AH AH TH TH KH KH QH QH JH JH AS AS AD AD AC AC KS QS JS JD"
    # random play: v1 leads a trump anyway with this hand, so only a policy free to lead anything shows it
    sim = run(rs, hand, seat=1, samples=150, seed=2, trumps=[0], policy="random")
    f = sim.frame
    assert sorted(set(f["bid"])) == [50, 51] and f.height == 300
    # at 51 the declarer (holding trumps) must lead one to the first trick: the play differs somewhere
    a = sim.seat_arrays(sim.rows("declare", "heuristic", 0, 50))[1]
    b = sim.seat_arrays(sim.rows("declare", "heuristic", 0, 51))[1]
    assert (a != b).any(axis=1).mean() > 0.3


def test_first_leader():
    assert first_leader(load("auction"), declarer=2, dealer=0) == 2
    assert first_leader(load("two-handed"), declarer=-1, dealer=0) == 1
    assert first_leader(load("two-handed"), declarer=-1, dealer=1) == 0


def test_results_do_not_depend_on_the_number_of_samples_or_chunks():
    rs = load("auction")
    small = run(rs, AUCTION, samples=40, seed=9, policy="random", trumps=[0])
    big = run(rs, AUCTION, samples=BATCH + 40, seed=9, policy="random", trumps=[0])
    head = big.frame.filter(pl.col("deal") < 40)
    assert head.equals(small.frame)
    assert (big.deals.hands[:40] == small.deals.hands).all()
    # the random policy does use its seed: another seed plays differently
    other = run(rs, AUCTION, samples=40, seed=10, policy="random", trumps=[0])
    assert not other.frame.equals(small.frame)


def test_play_modes_are_a_parameter():
    assert players_of("both") == ("heuristic", "dd")
    assert players_of(["heuristic", "heuristic"]) == ("heuristic",)
    assert players_of("none", allow_none=True) == () and players_of("both", allow_none=True) == ("heuristic", "dd")
    for bad in ("best", "none", []):
        with pytest.raises(UserError):
            players_of(bad)
    with pytest.raises(UserError, match="now called 'heuristic'"):
        players_of("playout")
    rs = load("auction")
    # a budget of one node solves no deal: the dd rows hold the heuristic playout and say so
    sim = run(rs, AUCTION, samples=30, seed=1, trumps=[2], modes=("heuristic", "dd"), max_nodes=1)
    f = sim.frame
    assert sorted(set(f["play"])) == ["dd", "heuristic"]
    dd = sim.rows("declare", "dd")
    assert (dd["policy"] == "dd").all() and dd["exact"].null_count() == 0
    po = sim.rows("declare", "heuristic")
    assert po["exact"].null_count() == po.height
    assert dd["deal"].to_list() == po["deal"].to_list() and (po["meld_s0"] == dd["meld_s0"]).all()  # the same deals


def read_deals(path, rules) -> np.ndarray:
    """Deals saved by :func:`deals_frame` (parquet) as int64[n, seats, copies] count planes: the round trip's
    reader."""
    f = pl.read_parquet(path).sort("deal")
    cols = [np.array(f[f"hand_s{s}"].to_list(), dtype=np.int64).reshape(-1, rules.deck.copies)
            for s in range(rules.seats)]
    return np.stack(cols, axis=1)


def test_parquet_round_trip(tmp_path, auction_sim):
    path = tmp_path / "deals.parquet"
    auction_sim.write(path)
    back = pl.read_parquet(path)
    assert back.equals(auction_sim.frame)
    import pyarrow.parquet as pq

    meta = pq.read_metadata(path).metadata
    assert b"analyzer" in meta and b'"seed": 3' in meta[b"analyzer"]
    dpath = tmp_path / "hands.parquet"
    deals_frame(auction_sim).write_parquet(dpath)
    assert (read_deals(dpath, auction_sim.rules) == auction_sim.deals.hands).all()


def test_bad_input_is_the_apis_to_refuse():
    """simulate trusts its input: the request refuses a bad size or seat (naming the field), and a wrong value
    reaching simulate is a programming error."""
    from analyzer.api.questions import bid_request

    for values, field in (({"samples": 0}, "samples"), ({"dealer": 4}, "dealer")):
        with pytest.raises(UserError, match=field):
            bid_request({"rules": "auction", "hand": AUCTION, **values})
    rs = load("auction")
    with pytest.raises(AssertionError):
        run(rs, AUCTION, samples=0, seed=0)
    with pytest.raises(AssertionError):
        Players(("heuristic",), "v1", trumps=(4,))
    with pytest.raises(AssertionError):  # double dummy needs the request's node budget
        Players(("dd",), "v1")


def test_double_dummy_rows_are_solver_lines_scored_like_playouts(auction_sim):
    """add_play("dd") on the first deals: exact rows hold an optimal line (the side's points are the solved
    value, every seat's points add up to the deck's), rows past the node budget hold the heuristic
    playout and say so; the other rows of the run are untouched."""
    from analyzer.montecarlo.simulate import add_play
    from analyzer.solve import solve_deals

    sim = auction_sim
    rs = sim.rules
    k, budget = 4, 3_000_000
    out = add_play(sim, "dd", samples=k, trumps=[1, 2], dd_max_nodes=budget)
    assert out.plays == ("heuristic", "dd") and out.frame.height == sim.frame.height + 2 * k
    assert out.frame.filter(pl.col("play") == "heuristic").equals(sim.frame.filter(pl.col("play") == "heuristic"))
    assert out.frame.filter(pl.col("play") == "heuristic")["exact"].null_count() == sim.frame.height
    seen = set()
    for t in (1, 2):
        rows = out.rows("declare", "dd", t)
        assert rows["deal"].to_list() == list(range(k)) and (rows["policy"] == "dd").all()
        meld, pts, trk = out.seat_arrays(rows)
        exact = rows["exact"].to_numpy()
        want = solve_deals(rs, sim.deals.hands[:k], t, leader=1, declarer=1, max_nodes=budget)
        assert np.array_equal(exact, want.played)
        assert np.array_equal(rows["side_points"].to_numpy()[exact], want.value[exact])
        assert np.array_equal(pts[exact], want.points[exact]) and np.array_equal(trk[exact], want.tricks[exact])
        assert (pts.sum(axis=1) == rs.total_points).all() and (trk.sum(axis=1) == 12).all()
        heur = play_deals(rs, sim.deals.hands[:k][~exact], t, leader=1, declarer=1, policy="v1")
        assert np.array_equal(pts[~exact], heur.points)
        seen |= set(exact.tolist())
    assert True in seen  # the budget solves some of these deals
    with pytest.raises(UserError, match="already"):
        add_play(out, "dd", samples=2)
    with pytest.raises(UserError, match="dd_samples"):
        add_play(sim, "dd", samples=301)


@pytest.mark.parametrize("rid,hand", [("double-deck", "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS"),
                                      ("luxury-family", LUXURY)])
def test_double_dummy_from_a_later_trick(rid, hand):
    """dd play from the trick with K left: every row is the heuristic players' first tricks and then an optimal
    line of the endgame; every seat's points add up to the deck's, the declaring side's are the points it took
    in the played tricks plus the endgame's solved value, and each seat's points and tricks are those of the
    played tricks plus those of the line."""
    from analyzer.deal.rng import seed_of
    from analyzer.solve import endgame_positions, solve_deals

    rs = load(rid)
    left, seed, t = 4, 2, 1
    sim = run(rs, hand, seat=1, dealer=0, samples=5, seed=seed, trumps=[t], modes=("dd",), max_nodes=20_000_000,
              tricks_left=left)
    assert sim.meta["dd_tricks_left"] == left
    side = list(rs.sides[rs.side_of(1)])
    lead = first_leader(rs, 1, 0)
    for b in sim.bids:
        rows = sim.rows("declare", "dd", t, b)
        _, pts, trk = sim.seat_arrays(rows)
        assert rows["exact"].all() and (pts.sum(axis=1) == rs.total_points).all()
        assert (trk.sum(axis=1) == rs.hand_size).all()
        # the rows' play stream: chunk 0, play mode 0, then the contract's group (simulate._play_rows)
        st = endgame_positions(rs, sim.deals.hands[:5], t, lead, 1, left, bid=b,
                               seed=seed_of(seed_of(seed, 0, 0), 1 + 8 * t, b))
        line = solve_deals(rs, st.hands, t, st.leader, 1, bid=b)
        assert np.array_equal(pts[:, side].sum(axis=1), st.taken + line.value)
        assert np.array_equal(pts, st.before_points + line.points)
        assert np.array_equal(trk, st.before_tricks + line.tricks)
        assert (st.before_tricks.sum(axis=1) == rs.hand_size - left).all()


def test_contract_groups_match_unique_rows():
    """The play's grouping of deals by contract: the rows np.unique(axis=0) gives, in its order, each with the
    indices a mask of equal rows gives (random contracts, a single contract, none)."""
    from analyzer.montecarlo.simulate import _contract_groups

    rng = np.random.default_rng(3)
    for n, hi in ((0, 4), (1, 4), (50, 1), (200, 2), (300, 4)):
        c = np.stack([rng.integers(-1, hi, n), rng.integers(0, hi, n), rng.choice([0, 50, 60], n)], axis=1)
        got = _contract_groups(c.astype(np.int64))
        want = np.unique(c, axis=0) if n else np.empty((0, 3), dtype=np.int64)
        assert [r.tolist() for r, _ in got] == want.tolist()
        for row, sel in got:
            assert sel.tolist() == np.flatnonzero((c == row).all(axis=1)).tolist()


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family", "two-handed"])
def test_side_columns_match_plain_sums(rid):
    """The rows' side and opponent columns against plain per-row sums over the seats of each side."""
    from analyzer.montecarlo.rows import side_columns

    rs = load(rid)
    rng = np.random.default_rng(8)
    n = 120
    meld, pts, trk = (rng.integers(0, 60, (n, rs.seats)) for _ in range(3))

    def conv(p: int) -> int:
        return int(convert_points(rs, np.array([p]))[0])

    for seat in range(rs.seats):
        got = side_columns(rs, seat, meld, pts, trk)
        mine = set(rs.sides[rs.side_of(seat)])
        for i in range(n):
            for name, a in (("meld", meld), ("points", pts), ("tricks", trk)):
                assert int(got[f"side_{name}"][i]) == sum(int(a[i, s]) for s in mine)
                assert int(got[f"opp_{name}"][i]) == sum(int(a[i, s]) for s in range(rs.seats) if s not in mine)
            opp = [int(pts[i, s]) for s in range(rs.seats) if s not in mine]
            want = conv(sum(opp)) if rs.has_partners else sum(conv(p) for p in opp)
            assert int(got["opp_trick_points"][i]) == want
