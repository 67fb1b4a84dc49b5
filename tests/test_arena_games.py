"""Whole games in the arena (analyzer.arena.games): a game ends as the game engine says, the copies of a game see the
same deals, the run repeats from its seed whatever its blocks or workers, the agents see the score, and the
command line plays, saves, joins and reports games."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest

from analyzer import api
from analyzer.arena import games as games_mod
from analyzer.arena import run_arena
from analyzer.arena.agents import Formula
from analyzer.arena.core import HandRecord
from analyzer.arena.games import hand_id, hand_result, run_games
from analyzer.arena.games_figures import a_share, outcomes, pair_values
from analyzer.cards import Hand
from analyzer.errors import UserError
from analyzer.game import HandResult, after_hand, new_game
from analyzer.game.hand import quad_pinochle_units
from analyzer.record.text import to_text
from analyzer.rules import load
from analyzer.score import scoring_units


@pytest.fixture(scope="module")
def auction_run():
    return run_games(load("auction"), "formula", "meld-only", 4, seed=5)


@pytest.fixture(scope="module")
def dd_run():
    return run_games(load("double-deck"), "random", "formula", 8, seed=1)


def _units(rules, f, prefix):
    return np.stack([f[f"{prefix}_u{u}"].to_numpy() for u in range(len(scoring_units(rules)))], axis=1)


def _replay(rules, rows: pl.DataFrame):
    """A saved game copy's rows put through the game engine again, from the hands' recorded outcomes alone."""
    g = new_game(rules, int(rows["game"][0]) % rules.seats)
    seats = range(rules.seats)
    for row in rows.iter_rows(named=True):
        assert row["dealer"] == g.dealer and [row[f"before_u{u}"] for u in range(len(g.totals))] == list(g.totals)
        if row["declarer"] < 0:
            h = HandResult.thrown(len(g.totals))
        else:
            cards = np.array([Hand.parse(row[f"hand_s{s}"], rules.deck).planes for s in seats])
            quad = (tuple(bool(x) for x in quad_pinochle_units(rules, cards))
                    if rules.scoring.quad_pinochle_win is not None else ())
            h = HandResult.from_seats(rules, np.array([row[f"score_s{s}"] for s in seats]), declarer=row["declarer"],
                                      made=row["made"], tricks=np.array([row[f"tricks_s{s}"] for s in seats]),
                                      points=np.array([row[f"points_s{s}"] for s in seats]), quad_pinochle=quad)
        g = after_hand(rules, g, h)
        assert [row[f"after_u{u}"] for u in range(len(g.totals))] == list(g.totals)
    return g


@pytest.mark.parametrize("which", ["auction_run", "dd_run"])
def test_a_saved_game_replays_through_the_engine_to_the_same_end(which, request):
    res = request.getfixturevalue(which)
    rules, f = res.rules, res.frame
    for _, rows in f.group_by(["game", "copy"], maintain_order=True):
        rows = rows.sort("hand")
        assert rows["hand"].to_list() == list(range(rows.height))
        g = _replay(rules, rows)
        last = rows.row(rows.height - 1, named=True)
        assert g.over and last["how"] == g.how and last["winner"] == " ".join(map(str, g.winner))
        assert rows["how"].null_count() == rows.height - 1  # only the last hand says how the game ended


def test_every_copy_of_a_game_sees_the_same_deals_and_dealers(auction_run):
    f = auction_run.frame
    seats = auction_run.rules.seats
    by = f.group_by(["game", "hand"]).agg(*[pl.col(f"hand_s{s}").n_unique() for s in range(seats)],
                                         pl.col("dealer").n_unique(), pl.col("deal").n_unique())
    assert (by.drop(["game", "hand"]).to_numpy() == 1).all()
    assert (f["dealer"].to_numpy() == (f["game"].to_numpy() + f["hand"].to_numpy()) % seats).all()
    assert (f["deal"].to_numpy() == [hand_id(g, h) for g, h in zip(f["game"], f["hand"], strict=True)]).all()
    # hand h of game g comes from (seed, g, h): another game's first deal is another deal
    first = f.filter(pl.col("hand") == 0).unique("game")
    assert first["hand_s0"].n_unique() == first.height


def test_same_seed_same_games_and_parts_join(auction_run):
    again = run_games(load("auction"), "formula", "meld-only", 4, seed=5)
    assert again.frame.equals(auction_run.frame)
    parts = [run_games(load("auction"), "formula", "meld-only", 2, seed=5, start=s) for s in (0, 2)]
    assert pl.concat([p.frame for p in parts]).sort(["game", "copy", "hand"]).equals(auction_run.frame)
    other = run_games(load("auction"), "formula", "meld-only", 1, seed=6)
    assert not other.frame["hand_s0"].equals(auction_run.frame.filter(pl.col("game") == 0)["hand_s0"])


def test_results_do_not_depend_on_the_block_or_the_workers(auction_run, monkeypatch):
    assert games_mod.block_size(4) == 1
    monkeypatch.setattr(games_mod, "block_size", lambda n: 3)  # tasks of 3 games and 1 game
    monkeypatch.setattr(games_mod, "DEAL_CHUNK", 3)
    assert run_games(load("auction"), "formula", "meld-only", 4, seed=5).frame.equals(auction_run.frame)
    monkeypatch.undo()
    two = run_games(load("auction"), "formula", "meld-only", 4, seed=5, workers=2)
    assert two.frame.equals(auction_run.frame)


def test_luxury_family_plays_three_hands_or_more_on_a_tie():
    """Game 171 of seed 1 (formula against meld-only) ties for the lead after three hands in copy 0: shared, the
    two share the win; with tie=another-hand seat 0 deals a fourth hand on the same deals."""
    shared = run_games(load("luxury-family"), "formula", "meld-only", 1, seed=1, start=171)
    more = run_games(load("luxury-family", {"tie": "another-hand"}), "formula", "meld-only", 1, seed=1, start=171)
    o, m = outcomes(shared.rules, shared.frame), outcomes(more.rules, more.frame)
    assert o["hands"].to_list() == [3, 3, 3] and set(o["how"]) == {"hands"}
    tied = o.filter(pl.col("copy") == 0).row(0, named=True)
    assert len(tied["winner"].split()) == 2 and tied["a_share"] in (0.0, 0.5)
    assert m["hands"].to_list()[0] >= 4 and m.filter(pl.col("copy") != 0)["hands"].to_list() == [3, 3]
    assert all(len(w.split()) == 1 for w in m["winner"])
    fourth = more.frame.filter((pl.col("copy") == 0) & (pl.col("hand") == 3)).row(0, named=True)
    assert fourth["dealer"] == 0
    before = sorted(fourth[f"before_u{u}"] for u in range(3))
    assert before[-1] == before[-2]  # the tie that asked for another hand
    same = shared.frame.filter(pl.col("hand") < 3).drop(["how", "winner"])
    assert same.equals(more.frame.filter(pl.col("hand") < 3).drop(["how", "winner"]))


def test_double_deck_400_rule_and_instant_wins_show(dd_run):
    f = dd_run.frame
    rules = dd_run.rules
    before, after = _units(rules, f, "before"), _units(rules, f, "after")
    score = np.stack([f["score_s0"].to_numpy(), f["score_s1"].to_numpy()], axis=1)
    bidder = f["declarer"].to_numpy() % 2
    made = f["made"].to_numpy().astype(bool)
    held = (before >= 400) & (np.arange(2) != bidder[:, None]) & made[:, None] & (score > 0)
    assert held.any()  # a side at 400 that neither took the bid nor set the bidders counts nothing
    assert (after[held] == before[held]).all()
    free = (before < 400)
    assert (after[free] == before[free] + score[free]).all()
    endings = dd_run.summary()["endings"]
    assert endings["early"] > 0 and endings["target"] > 0
    assert sum(endings.values()) == 2 * 8


def test_quadruple_pinochle_is_a_seat_s_meld_counted_for_its_side():
    rules = load("double-deck")
    quad = "QS QS QS QS JD JD JD JD AH AH TH TH KH KH QH QH JH JH AS AS"
    rest = [c for c in "AH AH TH TH KH KH QH QH JH JH".split()]
    cards = np.zeros((4, rules.deck.copies), dtype=np.int64)
    cards[1] = Hand.parse(quad, rules.deck).planes
    assert tuple(bool(x) for x in quad_pinochle_units(rules, cards)) == (False, True)
    cards[1] = Hand.parse(" ".join(quad.split()[1:] + rest[:1]), rules.deck).planes  # three Q♠: no
    assert tuple(bool(x) for x in quad_pinochle_units(rules, cards)) == (False, False)
    none = quad_pinochle_units(load("auction"), np.zeros((4, 2), dtype=np.int64))
    assert tuple(bool(x) for x in none) == (False, False)
    cards[1] = Hand.parse(quad, rules.deck).planes
    z = (0,) * 4
    rec = HandRecord(0, 0, 0, (0, 1, 0, 1), tuple(tuple(int(x) for x in c) for c in cards), "", 0, 1, 50, 0, True,
                     z, (10, 12, 10, 20), (5, 5, 5, 5), (-50, 150, -50, 150), 0, None, None, None)
    h = hand_result(rules, rec)
    assert h.quad_pinochle == (False, True) and h.trick_points == (20, 32)
    g = after_hand(rules, new_game(rules, totals=(300, 100)), h)
    assert g.how == "quad-pinochle" and g.winner == (1,)


class Spy(Formula):
    """The formula bidder, noting every view it is shown."""

    def __init__(self):
        super().__init__(name="spy")
        self.seen = []

    def bid(self, view):
        self.seen.append(view)
        return super().bid(view)

    def choose_trump(self, view):
        self.seen.append(view)
        return super().choose_trump(view)


def test_the_agents_see_the_game_before_each_hand():
    spy = Spy()
    res = run_games(load("double-deck"), spy, "meld-only", 2, seed=3)
    f = res.frame
    rows = {(r["deal"], r["copy"]): r for r in f.iter_rows(named=True)}
    trumps = 0
    for v in spy.seen:
        r = rows[v.key]
        assert v.game is not None and list(v.game.totals) == [r["before_u0"], r["before_u1"]]
        assert v.game.hands == r["hand"] and v.game.dealer == r["dealer"] == v.dealer
        assert v.unit == v.me % 2
        trumps += v.contract is not None
    assert trumps == int((f["declarer_agent"] == 0).sum())
    # the single-hand arena shows no game
    spy.seen.clear()
    run_arena(load("auction"), spy, "meld-only", 2, seed=3)
    assert spy.seen and all(v.game is None for v in spy.seen)


def test_a_game_past_the_cap_is_undecided_and_counted(monkeypatch):
    monkeypatch.setattr(games_mod, "MAX_HANDS", 2)
    res = run_games(load("auction"), "formula", "meld-only", 3, seed=5)
    s = res.summary()
    assert s["endings"]["undecided"] == 6 and s["max_hands"] == 2 and res.frame.height == 12
    assert res.frame.filter(pl.col("hand") == 1)["how"].to_list() == ["undecided"] * 6
    assert s["games_won"]["A"]["mean"] == pytest.approx(0.5)  # undecided: a win shared by both sides
    assert s["games_won"]["sd_per_pair_points"] == 0 and s["games_won"]["pairs_needed"] == {"1": None, "2": None,
                                                                                             "5": None}


def test_a_share_counts_shared_wins_and_pairs_average_the_copies(auction_run):
    lf = load("luxury-family")
    assert a_share(lf, (0, 1, 1), "0 1") == 0.5 and a_share(lf, (1, 0, 1), "0 2") == 0.0
    assert a_share(lf, (1, 1, 0), None) == pytest.approx(1 / 3)
    au = load("auction")
    assert a_share(au, (0, 1, 0, 1), "0") == 1.0 and a_share(au, (1, 0, 1, 0), "0") == 0.0
    p = pair_values(au, auction_run.frame)
    o = outcomes(au, auction_run.frame)
    assert p["share"].to_list() == o.group_by("game").agg(pl.col("a_share").mean()).sort("game")["a_share"].to_list()
    s = auction_run.summary()
    assert s["games"] == 4 and s["copies"] == 2 and s["hands"] == auction_run.frame.height
    assert s["games_won"]["A"]["n"] == 4 and s["games_won"]["plain"]["n"] == 8
    assert s["variance_reduction"]["control_variate"]["largest"] == 0.0  # the duplicate cancels the cards' luck
    total = (auction_run.frame["score_s0"] - auction_run.frame["score_s1"]).to_numpy()
    sign = np.where(auction_run.frame["agent_s0"].to_numpy() == 0, 1, -1)
    assert s["points_per_hand"]["mean"] == pytest.approx(float((sign * total).mean()), abs=1e-3)


def test_the_api_checks_games_once():
    with pytest.raises(UserError, match="not both"):
        api.arena({"rules": "auction", "ns": "formula", "ew": "meld-only", "deals": 3, "games": 2})
    with pytest.raises(UserError, match="games must be at least 1"):
        api.arena({"rules": "auction", "ns": "formula", "ew": "meld-only", "games": 0})
    with pytest.raises(UserError, match="past game"):
        api.arena({"rules": "auction", "ns": "formula", "ew": "meld-only", "games": 2, "start": 2**32})
    res = api.arena({"rules": "luxury-family", "ns": "formula", "ew": "meld-only", "games": 1, "seed": 2})
    assert isinstance(res, api.GamesResult) and "--games 1" in res.command and "--deals" not in res.command


@pytest.mark.parametrize("args", [
    ["arena", "--games", "2", "--deals", "3"],
    ["arena", "--games", "2", "--deals", "200"],
    ["arena", "--games", "0"],
    ["arena", "--rules", "two-handed", "--games", "2"],
])
def test_cli_bad_games_exit_2(args, run_cli):
    code, _, err = run_cli(args)
    assert code == 2 and err.startswith("pinochle: error:") and len(err.strip().splitlines()) == 1, err


def test_cli_games_json_parquet_report_and_from(tmp_path, run_cli):
    base = ["arena", "--rules", "auction", "--seed", "5", "--ns", "formula", "--ew", "meld-only"]
    parts = [tmp_path / f"part{i}.parquet" for i in range(2)]
    for i, p in enumerate(parts):
        code, _, err = run_cli([*base, "--games", "2", "--start", str(2 * i), "--out", str(p), "--json"])
        assert code == 0, err
    code, out, err = run_cli([*base, "--games", "4", "--json", "--report", str(tmp_path / "rep"), "--name", "g"])
    assert code == 0, err
    whole = json.loads(out)
    assert whole["kind"] == "games" and whole["games"] == 4 and "--games 4" in whole["command"]
    code, out, err = run_cli(["arena", "--from", str(parts[0]), "--from", str(parts[1]), "--json"])
    assert code == 0, err
    joined = json.loads(out)
    for k in ("games_won", "points_per_hand", "hands_per_game", "endings", "hands"):
        assert joined[k] == whole[k], k
    f = pl.read_parquet(parts[0])
    assert {"game", "copy", "hand", "before_u0", "after_u1", "winner", "how", "calls", "score_s3"} <= set(f.columns)
    page = (tmp_path / "rep" / "g.md").read_text()
    assert "games won" in page and "pinochle arena" in page and "Control variate" in page
    assert (tmp_path / "rep" / "g-running.png").read_bytes()[:4] == b"\x89PNG"
    assert json.loads((tmp_path / "rep" / "g.json").read_text())["kind"] == "games"
    assert "g.md" in (tmp_path / "rep" / "README.md").read_text()
    code, out, err = run_cli([*base, "--games", "2"])
    assert code == 0 and "games won" in out and "hands per game" in out, err
    code, _, err = run_cli(["arena", "--from", str(parts[0]), "--from", str(tmp_path / "nothing.parquet")])
    assert code == 2


@pytest.mark.parametrize(("seconds", "games", "shown"),
                         [(19800.0, 1000, "19.80"), (100.0, 1000, "0.10"), (7.78, 2000, "0.00389"), (0.0, 0, "0")])
def test_seconds_per_pair_never_read_as_no_time(seconds, games, shown):
    from analyzer.arena.games_report import per_pair_seconds

    assert per_pair_seconds({"seconds": seconds, "games": games}) == shown


@pytest.mark.parametrize("which", ["auction_run", pytest.param("dd_run", marks=pytest.mark.slow)])  # dd: 9 s
def test_every_hand_of_every_game_is_a_record_with_the_games_score_before_it(which, request):
    """``arena --games N --records F``: each hand read back equal (the play replayed with the games' stream and
    checked against the saved points, the result against the one scoring), my seat the declarer, the score the
    game's before the hand from my side."""
    res = request.getfixturevalue(which)
    rules, f = res.rules, res.frame
    recs = api.arena_records(res)
    assert len(recs) == f.height
    for rec, row in zip(recs, f.iter_rows(named=True), strict=True):
        assert api.read_records(to_text(rec))[0] == rec
        before = (row["before_u0"], row["before_u1"])
        mine = rules.side_of(rec.seat)
        assert rec.score == f"{before[mine]}-{before[1 - mine]}"
        if row["declarer"] >= 0:
            assert rec.seat == row["declarer"] and len(rec.played) == rules.seats * rules.hand_size
            assert rec.result == (row["score_s0"], row["score_s1"])


def test_luxury_family_game_records_number_the_hand():
    res = run_games(load("luxury-family"), "formula", "meld-only", 1, seed=2)
    recs = api.arena_records(res)
    hands = res.frame["hand"].to_list()
    assert [r.score.rsplit("/", 1)[1] for r in recs] == [str(h + 1) for h in hands]
    assert all(api.read_records(to_text(r))[0] == r for r in recs)


@pytest.mark.slow
def test_cli_games_records_open_in_review(tmp_path, run_cli):
    p = tmp_path / "games.txt"
    code, _, err = run_cli(["arena", "--rules", "auction", "--seed", "5", "--ns", "formula", "--ew", "meld-only",
                            "--games", "1", "--records", str(p)])
    assert code == 0, err
    recs = api.read_records(p.read_text(encoding="utf-8"))
    assert len(recs) >= 4 and all(r.score is not None for r in recs)
    which = next(i for i, r in enumerate(recs, 1) if r.played)
    code, out, err = run_cli(["review", str(p), "--which", str(which), "--samples", "100", "--play-samples", "10",
                              "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert d["decisions"][0]["kind"] == "call" and any(x["game_loss"] is not None for x in d["decisions"])
