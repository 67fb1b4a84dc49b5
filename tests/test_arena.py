"""The arena: the bidding rules, duplicate seatings, reproducibility, legal calls over many hands, scoring."""

import json

import numpy as np
import polars as pl
import pytest

from analyzer import api
from analyzer.arena import run_arena, seatings
from analyzer.arena.core import deal_cards, per_deal_diff
from analyzer.bidding.auction import Auction, Call, IllegalCall, bid_cap, is_bid_value, next_legal, parse_calls, replay
from analyzer.cards import Hand
from analyzer.errors import UserError
from analyzer.rules import load
from analyzer.score import declarer_made, score_hand

GAMES = ("auction", "double-deck", "luxury-family")


# ---- the bidding rules ---------------------------------------------------------------------------------------
def test_auction_one_round_each_seat_calls_once_left_of_dealer_first():
    rs = load("auction")
    a = Auction(rs, dealer=2)
    order = []
    for bid in (15, None, 18, None):
        order.append(a.turn)
        a.call(a.turn, bid)
    assert order == [3, 0, 1, 2] and a.done
    assert a.winner == 1 and a.contract == 18


def test_auction_all_pass_is_thrown_in_and_jumps_are_legal():
    rs = load("auction")
    a = replay(rs, 0, parse_calls("1:pass 2:pass 3:pass 0:pass", rs))
    assert a.done and a.winner is None and a.contract is None
    a = replay(rs, 0, parse_calls("1:25", rs))
    assert a.min_bid == 26 and not a.done


def test_two_rounds_give_a_second_call_and_the_high_bidder_is_skipped():
    rs = load("auction", {"bidding-rounds": 2})
    a = replay(rs, 0, parse_calls("1:15 2:16 3:pass 0:pass", rs))
    assert not a.done and a.turn == 1  # round two: seat 1 may raise over seat 2
    a.call(1, 17)
    assert a.turn == 2  # seat 3 and the dealer passed: they are out
    a.call(2, None)
    assert a.done and a.winner == 1 and a.contract == 17


def test_double_deck_dealer_holds_fifty():
    rs = load("double-deck")
    a = Auction(rs, dealer=3)
    assert a.high == 50 and a.high_seat == 3 and a.min_bid == 51
    for s in (0, 1, 2):
        a.call(s, None)
    assert a.done and a.winner == 3 and a.contract == 50
    a = replay(rs, 3, parse_calls("0:51 1:pass 2:pass 3:55 0:60 3:65", rs))
    assert a.min_bid == 70 and a.turn == 0 and not a.done
    with pytest.raises(IllegalCall):
        a.call(0, 67)  # above 60 bids go in fives
    a.call(0, None)
    assert a.done and a.winner == 3 and a.contract == 65


def test_luxury_family_bids_in_tens_until_one_is_left():
    rs = load("luxury-family")
    a = replay(rs, 0, parse_calls("1:10 2:20 0:pass 1:30 2:pass", rs))
    assert a.done and a.winner == 1 and a.contract == 30
    a = replay(rs, 0, parse_calls("1:pass 2:pass 0:pass", rs))
    assert a.done and a.winner is None


@pytest.mark.parametrize("calls, why", [
    ("1:14", "below the opening"), ("2:15", "out of turn"), ("1:15 2:15", "not a raise"),
    ("1:15 2:pass 3:pass 0:pass 2:16", "after the end"),
])
def test_illegal_calls_are_refused(calls, why):
    rs = load("auction")
    with pytest.raises(IllegalCall):
        replay(rs, 0, parse_calls(calls, rs))


def test_a_bid_past_the_cap_is_said_to_be_past_it():
    """Auction: a double run melds 150 (RULES.md), so a bid of 130 is a real one; the advice reads bids up to its
    cap (120) and says that, not that 130 is off the ladder."""
    rs = load("auction")
    with pytest.raises(IllegalCall, match=f"reads bids up to {bid_cap(rs)}"):
        replay(rs, 0, parse_calls("1:130", rs))


def test_ladder_helpers():
    dd, lf = load("double-deck"), load("luxury-family")
    assert [next_legal(dd, b) for b in (50, 59, 60, 61, 65)] == [51, 60, 65, 65, 70]
    assert is_bid_value(dd, 57) and not is_bid_value(dd, 62) and is_bid_value(dd, 70)
    assert next_legal(lf, None) == 10 and next_legal(lf, 30) == 40 and not is_bid_value(lf, 35)
    assert bid_cap(lf) > 400


# ---- duplicate ---------------------------------------------------------------------------------------------------
def test_seatings_swap_sides_or_rotate():
    assert seatings(load("auction")) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seatings(load("luxury-family")) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]


@pytest.mark.parametrize("rid", GAMES)
def test_a_duplicate_pair_really_swaps_the_cards(rid):
    rs = load(rid)
    res = run_arena(rs, "formula", "meld-only", 12, seed=5)
    f = res.frame
    ncopies = len(seatings(rs))
    assert f.height == 12 * ncopies
    for _, g in f.group_by("deal"):
        g = g.sort("copy")
        hands = [[g[f"hand_s{s}"][c] for s in range(rs.seats)] for c in range(ncopies)]
        assert all(h == hands[0] for h in hands), "the cards stay in their seats"
        agents = np.array([[g[f"agent_s{s}"][c] for s in range(rs.seats)] for c in range(ncopies)])
        # every hand (seat) is held by A exactly as often as the seating says, and A and B swap
        held_by_a = [sorted(hands[c][s] for s in range(rs.seats) if agents[c, s] == 0) for c in range(ncopies)]
        held_by_b = [sorted(hands[c][s] for s in range(rs.seats) if agents[c, s] == 1) for c in range(ncopies)]
        if rs.has_partners:
            assert held_by_a[0] == held_by_b[1] and held_by_a[1] == held_by_b[0]
        else:
            assert sorted(h for c in range(3) for h in held_by_a[c]) == sorted(hands[0])
        assert len({g["dealer"][c] for c in range(ncopies)}) == 1


def test_deals_come_from_seed_and_index_only():
    rs = load("auction")
    a = deal_cards(rs, 9, np.arange(10))
    b = deal_cards(rs, 9, np.arange(4, 10))
    assert np.array_equal(a[4:], b)
    hand = Hand(rs.deck, tuple(k for p in range(rs.deck.copies) for k in range(64) if (int(a[0, 0, p]) >> k) & 1))
    assert len(hand) == rs.hand_size
    assert not np.array_equal(deal_cards(rs, 10, np.arange(3)), a[:3])


def test_results_do_not_depend_on_batching():
    rs = load("auction")
    spec = "advisor:samples=40"
    whole = run_arena(rs, spec, "formula", 6, seed=3)
    parts = [run_arena(rs, spec, "formula", 3, seed=3, start=s) for s in (0, 3)]
    joined = pl.concat([p.frame for p in parts]).sort(["deal", "copy"])
    assert whole.frame.sort(["deal", "copy"]).equals(joined)


@pytest.mark.slow
def test_results_do_not_depend_on_workers():
    rs = load("double-deck")
    spec = "advisor:samples=30"
    one = run_arena(rs, spec, "formula", 4, seed=3)
    two = run_arena(rs, spec, "formula", 4, seed=3, workers=2)
    assert one.frame.sort(["deal", "copy"]).equals(two.frame.sort(["deal", "copy"]))


# ---- legality over many hands ------------------------------------------------------------------------------------
def check_calls(rs, dealer, text):
    """An independent check of a finished auction: turn order, raises, the ladder, passed players stay out."""
    calls = parse_calls(text, rs) if text else []
    seats = rs.seats
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    b = rs.bidding
    high = int(b.opening) if b.dealer_holds else None
    holder = dealer if b.dealer_holds else None
    out: set[int] = set()
    pos = 0
    for c in calls:
        while order[pos % seats] in out or order[pos % seats] == holder:
            pos += 1
        assert c.seat == order[pos % seats], f"{text}: {c} out of turn"
        rounds = int(b.rounds)
        assert rounds == 0 or pos < rounds * seats, f"{text}: a call after the last round"
        if c.bid is None:
            out.add(c.seat)
        else:
            low = int(b.opening) if high is None else high + int(b.step)
            assert c.bid >= low, f"{text}: {c} is not a raise"
            if int(b.multiple) > 1 and c.bid > int(b.multiple_above):
                assert c.bid % int(b.multiple) == 0, f"{text}: {c} off the ladder"
            high, holder = c.bid, c.seat
        pos += 1
    return high, holder


LEGALITY = [
    ("auction", "random", "formula", 400), ("double-deck", "random", "meld-only", 150),
    ("luxury-family", "random", "formula", 150), ("auction", "advisor:samples=40", "random", 12),
    ("double-deck", "advisor:samples=30", "formula", 6), ("luxury-family", "advisor:samples=40", "random", 8),
    ("auction:bidding-rounds=2", "advisor:samples=40", "random", 10),
    ("auction:bidding-rounds=2", "random", "trickster", 150), ("auction", "trickster", "random", 150),
    ("double-deck", "random", "trickster", 100), ("luxury-family", "trickster", "random", 100),
    ("auction", "percentile:simulations=40", "random", 20), ("double-deck", "random", "percentile:simulations=30", 8),
    ("luxury-family", "percentile:simulations=30", "advisor:samples=30", 4),
]


def _legality_params():
    """Every pairing; where the advisor plays (a Monte-Carlo study a call, about a second a deal) the default suite
    plays the first half of the deals and a slow twin all of them (the deals come from the seed and their index)."""
    for rid, a, b, n in LEGALITY:
        if "advisor" in a + b:
            yield pytest.param(rid, a, b, n // 2, id=f"{rid}-{a}-{b}-{n // 2}")
            yield pytest.param(rid, a, b, n, id=f"{rid}-{a}-{b}-{n}", marks=pytest.mark.slow)
        else:
            yield pytest.param(rid, a, b, n, id=f"{rid}-{a}-{b}-{n}")


@pytest.mark.parametrize("rid, a, b, n", list(_legality_params()))
def test_no_illegal_call_over_many_hands(rid, a, b, n):
    name, _, opt = rid.partition(":")
    rs = load(name, dict([opt.split("=")]) if opt else {})
    res = run_arena(rs, a, b, n, seed=21)
    for row in res.frame.iter_rows(named=True):
        high, holder = check_calls(rs, row["dealer"], row["calls"])
        if row["declarer"] < 0:
            assert high is None and not rs.bidding.dealer_holds
        else:
            assert (row["declarer"], row["contract"]) == (holder, high)


def test_scores_are_the_rules_scores():
    rs = load("auction")
    res = run_arena(rs, "formula", "meld-only", 40, seed=2)
    f = res.frame.filter(pl.col("declarer") >= 0)
    for row in f.iter_rows(named=True):
        meld = np.array([[row[f"meld_s{s}"] for s in range(4)]])
        pts = np.array([[row[f"points_s{s}"] for s in range(4)]])
        trk = np.array([[row[f"tricks_s{s}"] for s in range(4)]])
        sc = score_hand(rs, meld, pts, trk, row["declarer"], row["contract"])[0]
        assert list(sc) == [row[f"score_s{s}"] for s in range(4)]
        assert bool(declarer_made(rs, meld, pts, trk, row["declarer"], row["contract"])[0]) == row["made"]
        assert sum(row[f"points_s{s}"] for s in range(4)) == rs.total_points
    # per-deal differences: the mean over the copies of A's side score less B's
    d = per_deal_diff(rs, res.frame)
    row0 = res.frame.filter(pl.col("deal") == 0).sort("copy")
    a0 = row0["score_s0"][0] - row0["score_s1"][0]
    a1 = row0["score_s1"][1] - row0["score_s0"][1]
    assert d[0] == pytest.approx((a0 + a1) / 2)
    s = res.summary()
    assert s["A"]["net_per_deal"]["mean"] == pytest.approx(-s["B"]["net_per_deal"]["mean"])


def test_bad_inputs():
    with pytest.raises(UserError):
        run_arena(load("two-handed"), "formula", "formula", 2)
    with pytest.raises(UserError):
        run_arena(load("auction"), "formula", "nobody", 2)
    with pytest.raises(UserError, match="deals must be at least 1"):  # checked once, by the API
        api.arena({"rules": "auction", "ns": "formula", "ew": "formula", "deals": 0})
    with pytest.raises(AssertionError):  # below the API: a programming error
        run_arena(load("auction"), "formula", "formula", 0)
    with pytest.raises(UserError):
        parse_calls("1:sixteen", load("auction"))


class Cheater:
    """An agent that bids below the standing bid: the arena must refuse it."""

    name = "cheater"

    def bid(self, view):
        return view.min_bid - 1 if view.high is not None else None

    def choose_trump(self, view):
        return 0


def test_an_illegal_agent_is_an_error():
    rs = load("auction")
    with pytest.raises(IllegalCall, match="cheater"):
        run_arena(rs, Cheater(), "formula", 5, seed=1)
    assert Call(1, None).__str__() == "1:pass"


# ---- the command ---------------------------------------------------------------------------------------------
def test_cli_json_parquet_report_and_from(tmp_path, run_cli):
    out = tmp_path / "hands.parquet"
    rep = tmp_path / "rep"
    code, stdout, err = run_cli(["arena", "--rules", "auction", "--deals", "6", "--seed", "4", "--ns",
                                 "advisor:samples=40", "--ew", "formula", "--json", "--out", str(out), "--report",
                                 str(rep), "--name", "t"])
    assert code == 0, err
    s = json.loads(stdout)
    assert s["deals"] == 6 and s["hands"] == 12 and s["agents"] == {"A": "advisor", "B": "formula"}
    assert "net_per_deal" in s["A"] and "percentiles" in s["difference"]
    f = pl.read_parquet(out)
    assert f.height == 12 and {"calls", "contract", "p_make", "hand_s0"} <= set(f.columns)
    page = (rep / "t.md").read_text()
    assert "net per deal" in page and "pinochle arena" in page
    assert (rep / "t-differences.png").read_bytes()[:4] == b"\x89PNG"
    assert "t.md" in (rep / "README.md").read_text()
    code, stdout2, err = run_cli(["arena", "--from", str(out), "--json"])
    assert code == 0, err
    s2 = json.loads(stdout2)
    assert s2["A"]["net_per_deal"] == s["A"]["net_per_deal"] and s2["deals"] == 6
    code, stdout3, _ = run_cli(["arena", "--rules", "auction", "--deals", "3", "--ns", "formula", "--ew",
                                "meld-only"])
    assert code == 0 and "net per deal" in stdout3


@pytest.mark.parametrize("args", [
    ["arena", "--rules", "two-handed", "--deals", "2"],
    ["arena", "--ns", "wizard", "--deals", "2"],
    ["arena", "--deals", "0"],
    ["arena", "--play", "telepathy", "--deals", "2"],
    ["arena", "--play", "playout", "--deals", "2"],
    ["arena", "--ns", "advisor:samples=lots", "--deals", "2"],
])
def test_cli_bad_input_exits_2(args, run_cli):
    code, _, err = run_cli(args)
    assert code == 2 and err.startswith("pinochle: error:") and len(err.strip().splitlines()) == 1


def test_record_view_draws_the_runs_forecast_again():
    """A record's declarer view (the auction replayed from its calls, the arena's seed) gives the run's forecast again
    (reports/arena/reforecast.py and components.py read the runs so); another stream gives another draw."""
    from analyzer.arena.advisor import Advisor
    from analyzer.arena.core import record_view

    rs = load("luxury-family")
    res = run_arena(rs, "advisor:samples=30", "formula", 4, seed=2)
    recs = res.frame.filter((pl.col("declarer") >= 0) & pl.col("p_make").is_not_null())
    assert recs.height > 0
    adv = Advisor(samples=30)
    for r in recs.iter_rows(named=True):
        if r[f"agent_s{r['declarer']}"] != 0:
            continue
        view = record_view(rs, r, 2)
        assert view.me == r["declarer"] and view.contract == r["contract"]
        assert adv.draw_forecast(view, "SHDC".index(r["trump"])).p_make == pytest.approx(r["p_make"])
        assert record_view(rs, r, 2, 1).seed != view.seed


def _arena_script(name: str):
    """The module of the script ``reports/arena/NAME.py`` (scripts, not a package: loaded by path)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "reports" / "arena" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"arena_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_components_name_my_partner_s_calls():
    """reports/arena/components.py --groups: my partner's calls in a record's auction, as the grouping of the forecast's
    partner meld names them (double deck, I am seat 0 and the dealer holding 50)."""
    mod = _arena_script("components")
    dd = load("double-deck")
    cases = {
        "1:pass 2:pass 3:pass": "no bid, pass leaving me the contract",
        "1:55 2:pass 3:pass 0:60 1:pass": "no bid, pass over an opponent",
        "1:pass 2:55 3:pass 0:60 2:pass": "raised me, pass leaving me the contract",
        "1:55 2:56 3:57 0:60 1:pass 2:pass 3:pass": "bid over an opponent, pass leaving me the contract",
    }
    for calls, want in cases.items():
        assert mod.partner_calls(dd, {"dealer": 0, "calls": calls}, 0) == want


def test_contested_names_an_opponent_s_bid():
    """reports/arena/contested.py: a contract is contested where a seat of the other side bid (double deck, I am seat 0
    and the dealer holding 50; my partner is seat 2), never where only my side bid or nobody did."""
    mod = _arena_script("contested")
    dd = load("double-deck")
    cases = {
        "1:pass 2:pass 3:pass": False,
        "1:pass 2:55 3:pass 0:60 2:pass": False,
        "1:55 2:pass 3:pass 0:60 1:pass": True,
        "1:pass 2:pass 3:51 0:60 3:pass": True,
    }
    for calls, want in cases.items():
        assert mod.opponent_bid(dd, {"dealer": 0, "calls": calls}, 0) is want
    assert mod.opponent_bid(dd, {"dealer": 0, "calls": "1:55 2:pass 3:pass 0:60 1:pass"}, 2) is True
    assert mod.opponent_bid(dd, {"dealer": 0, "calls": "1:55 2:pass 3:pass 0:60 1:pass"}, 1) is True  # seat 0 bid 60


def test_a_saved_run_of_a_house_file_is_read_back_with_its_file(tmp_path, run_cli, cli_refuses):
    """A run played on a house file saves the rule set's id, which no built-in has: --from refuses without the file
    (one line saying to give it with --rules), refuses another file, and with the file reads back the run's result."""
    from pathlib import Path

    house = str(Path(__file__).resolve().parents[1] / "house" / "auction-pass.toml")
    out = tmp_path / "run.parquet"
    code, played, err = run_cli(["arena", "--rules", house, "--deals", "3", "--seed", "2", "--ns", "formula", "--ew",
                                 "meld-only", "--out", str(out), "--json"])
    assert code == 0, err
    assert "give its file with --rules" in cli_refuses(["arena", "--from", str(out)])
    other = str(Path(house).with_name("auction-forced-dealer.toml"))
    assert "was played on 'auction-pass'" in cli_refuses(["arena", "--from", str(out), "--rules", other])
    code, again, err = run_cli(["arena", "--from", str(out), "--rules", house, "--json"])
    assert code == 0, err
    a, b = json.loads(played), json.loads(again)
    assert a["difference"] == b["difference"] and a["rules"] == b["rules"] == "auction-pass"


def test_a_run_file_appears_whole_or_not_at_all(tmp_path, monkeypatch):
    from analyzer.arena.core import write_run

    frame = pl.DataFrame({"deal": [0, 1], "diff": [1.5, -2.0]})
    out = tmp_path / "runs" / "r.part0.parquet"
    write_run(frame, {"kind": "deals"}, out)
    assert pl.read_parquet(out).equals(frame) and sorted(p.name for p in out.parent.iterdir()) == [out.name]

    def half_then_full_disk(self, path, **kw):  # a write that dies half way, as on a full disk
        open(path, "wb").write(b"PAR1 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pl.DataFrame, "write_parquet", half_then_full_disk)
    other = tmp_path / "runs" / "r.part1.parquet"
    with pytest.raises(UserError, match="No space left"):
        write_run(frame, {"kind": "deals"}, other)
    assert sorted(p.name for p in out.parent.iterdir()) == [out.name]  # no half file, no leftover
