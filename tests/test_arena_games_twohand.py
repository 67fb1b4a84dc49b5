"""Whole two-handed games in the arena (analyzer.arena.games_twohand): the game loop ends a game exactly when the
game engine says (the two-handed examples of docs/RULES.md, "How a game ends"), a game's hands add up to its
scores, both copies of a game see the same deals, hand h of game g comes from (seed, g, h) alone whatever the
blocks, parts or workers, and the command line plays, saves, joins and reports the games as the bidding games'."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest

from analyzer import api
from analyzer.arena import games as games_mod
from analyzer.arena import games_twohand as th_mod
from analyzer.arena.games import SALT, GameCopy, game_deals, hand_id, play_copies
from analyzer.arena.games_twohand import run_twohand_games
from analyzer.cards import Hand, card_names
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.game import HandResult, after_hand, new_game
from analyzer.record.play import card_steps, hand_result
from analyzer.record.text import to_text
from analyzer.rules import load
from analyzer.twohand.hands import deal_random, play_hands

SEED = 4


@pytest.fixture(scope="module")
def th_run():
    return run_twohand_games(load("two-handed"), "th-v1", "naive", 12, seed=SEED)


@pytest.fixture(scope="module")
def small_run():
    return run_twohand_games(load("two-handed", {"deck": 24}), "naive", "th-v1", 12, seed=SEED)


# ---- the game loop on hand-worked games (docs/RULES.md) ------------------------------------------------------

def _scripted(rules, games: list[list[tuple[int, int]]], max_hands: int = 50):
    """Play one copy per scripted game, hand ``h`` scoring ``games[i][h]`` (player 0's, player 1's): the copies
    and the hand indices each copy was asked to play."""
    copies = [GameCopy(i, 0, (0, 1), new_game(rules, i % 2)) for i in range(len(games))]
    asked: list[tuple[int, int]] = []

    def play(h, live):
        asked.extend((x.game, h) for x in live)
        return [(HandResult(scores=games[x.game][h]), {"h": h}, ()) for x in live]

    play_copies(rules, copies, play, max_hands)
    return copies, asked


def test_a_two_handed_game_ends_exactly_when_after_hand_says():
    rules = load("two-handed")
    copies, asked = _scripted(rules, [
        [(110, 95), (15, 20), (99, 99)],  # 125-115: I win; the third hand is never played
        [(110, 105), (14, 25), (99, 99)],  # 124-130: both past 120, the higher total wins
        [(110, 100), (10, 20), (5, 0)],  # 120-120: another hand, then 125-120
    ])
    won, higher, tie = copies
    assert [h.hand for h in won.hands] == [0, 1]
    assert won.state.totals == (125, 115) and won.state.winner == (0,) and won.how == "target"
    assert higher.state.totals == (124, 130) and higher.state.winner == (1,)
    assert [h.hand for h in tie.hands] == [0, 1, 2] and tie.hands[1].after.totals == (120, 120)
    assert not tie.hands[1].after.over and tie.state.totals == (125, 120) and tie.state.winner == (0,)
    assert sorted(asked) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)]
    # each hand's game before and after: the deal passes, the totals carry
    for x in copies:
        for h, nxt in zip(x.hands, x.hands[1:] + [None], strict=True):
            assert h.record == {"h": h.hand} and h.after.hands == h.hand + 1 and h.after.dealer == 1 - h.before.dealer
            assert nxt is None or nxt.before == h.after


def test_the_24_card_game_ends_at_60_unless_a_target_is_given():
    script = [[(50, 40), (12, 0), (50, 0)]]
    (small,), _ = _scripted(load("two-handed", {"deck": 24}), script)
    assert small.state.totals == (62, 40) and small.state.winner == (0,) and len(small.hands) == 2
    (big,), _ = _scripted(load("two-handed", {"deck": 24, "target": 100}), script)
    assert big.state.totals == (112, 40) and big.state.winner == (0,) and len(big.hands) == 3


def test_a_game_past_the_cap_is_undecided_never_dropped():
    rules = load("two-handed")
    copies, asked = _scripted(rules, [[(0, 0)] * 5, [(130, 0)] * 5], max_hands=3)
    stuck, done = copies
    assert len(stuck.hands) == 3 and not stuck.state.over and stuck.how == "undecided"
    assert len(done.hands) == 1 and done.how == "target"
    assert len(asked) == 4


# ---- the games played -----------------------------------------------------------------------------------------

def _units(f, prefix):
    return np.stack([f[f"{prefix}_u{u}"].to_numpy() for u in range(2)], axis=1)


@pytest.mark.parametrize("which", ["th_run", "small_run"])
def test_a_games_hands_add_up_to_its_scores_and_it_ends_when_after_hand_says(which, request):
    res = request.getfixturevalue(which)
    rules, f = res.rules, res.frame
    score = np.stack([f["score_s0"].to_numpy(), f["score_s1"].to_numpy()], axis=1)
    assert (_units(f, "after") == _units(f, "before") + score).all()  # a player is a seat: nothing held back
    assert (score == f.select([pl.col(f"meld_s{s}") + pl.col(f"points_s{s}") for s in range(2)]).to_numpy()).all()
    for (g, _), rows in f.group_by(["game", "copy"], maintain_order=True):
        rows = rows.sort("hand")
        assert rows["hand"].to_list() == list(range(rows.height))
        state = new_game(rules, int(g) % 2)
        for i, row in enumerate(rows.iter_rows(named=True)):
            assert (row["before_u0"], row["before_u1"]) == state.totals and row["dealer"] == state.dealer
            assert not state.over  # no hand after the game's end
            state = after_hand(rules, state, HandResult(scores=(row["score_s0"], row["score_s1"])))
            assert (row["after_u0"], row["after_u1"]) == state.totals
            assert (row["how"] is not None) == (i == rows.height - 1)
        assert state.over and row["how"] == "target" and row["winner"] == str(state.winner[0])
        assert max(state.totals) >= rules.scoring.target and state.totals[0] != state.totals[1]
        assert tuple(rows.select(pl.col("score_s0").sum(), pl.col("score_s1").sum()).row(0)) == state.totals


def test_both_copies_see_the_same_deals_with_the_seats_swapped(th_run):
    f = th_run.frame
    by = f.group_by(["game", "hand"]).agg(*[pl.col(c).n_unique() for c in ("hand_s0", "hand_s1", "stock", "dealer",
                                                                              "deal", "best_meld_s0")])
    assert (by.drop(["game", "hand"]).to_numpy() == 1).all()
    assert (f["dealer"].to_numpy() == (f["game"].to_numpy() + f["hand"].to_numpy()) % 2).all()
    assert (f["deal"].to_numpy() == [hand_id(g, h) for g, h in zip(f["game"], f["hand"], strict=True)]).all()
    assert (f["agent_s0"].to_numpy() == f["copy"].to_numpy()).all() and (f["agent_s1"] == 1 - f["agent_s0"]).all()
    # the copies lasting different numbers of hands: the shorter one's hands are the longer one's first hands
    lengths = f.group_by(["game", "copy"]).agg(pl.len()).group_by("game").agg(pl.col("len").n_unique())
    assert (lengths["len"] > 1).any()
    first = f.filter(pl.col("hand") == 0).unique("game")
    assert first["hand_s0"].n_unique() == first.height  # another game, another deal


def test_hand_h_of_game_g_is_dealt_and_played_from_seed_g_h_alone(th_run):
    rules, f = th_run.rules, th_run.frame
    row = f.filter((pl.col("game") == 7) & (pl.col("copy") == 1)).sort("hand").row(-1, named=True)
    g, h = row["game"], row["hand"]
    d = game_deals(rules, SEED, g, np.array([h]), stock=True)
    for s in range(2):
        assert Hand.parse(row[f"hand_s{s}"], rules.deck).planes.tolist() == d.hands[0, s].tolist()
    assert row["stock"] == " ".join(card_names(d.stock[0], rules.deck))
    assert (game_deals(rules, SEED, g, np.array([h])).hands == d.hands).all()  # the same hands, the stock kept
    # the hand alone, played out of its game and batch, gives the row (copy 1: naive in seat 0)
    one = play_hands(rules, d.hands, d.stock, row["dealer"], ("naive", "th-v1"), "heuristic", seed_of(SEED, SALT),
                     ids=np.array([hand_id(g, h)]))
    assert one.score[0].tolist() == [row["score_s0"], row["score_s1"]]
    assert one.meld[0].tolist() == [row["meld_s0"], row["meld_s1"]]


def test_results_do_not_depend_on_the_blocks_parts_or_workers(th_run, monkeypatch):
    monkeypatch.setattr(th_mod, "block_size", lambda n: 5)  # tasks of 5, 5 and 2 games
    monkeypatch.setattr(games_mod, "DEAL_CHUNK", 1)
    assert run_twohand_games(load("two-handed"), "th-v1", "naive", 12, seed=SEED).frame.equals(th_run.frame)
    monkeypatch.undo()
    parts = [run_twohand_games(load("two-handed"), "th-v1", "naive", n, seed=SEED, start=s)
             for s, n in ((0, 7), (7, 5))]
    assert pl.concat([p.frame for p in parts]).sort(["game", "copy", "hand"]).equals(th_run.frame)
    two = run_twohand_games(load("two-handed"), "th-v1", "naive", 12, seed=SEED, workers=2)
    assert two.frame.equals(th_run.frame)
    other = run_twohand_games(load("two-handed"), "th-v1", "naive", 2, seed=SEED + 1)
    assert not other.frame["hand_s0"].equals(th_run.frame.filter(pl.col("game") < 2)["hand_s0"])


def test_stream_ids_given_play_as_the_run_s_indices():
    rules = load("two-handed")
    hands, stock = deal_random(rules, 6, seed=2)
    a = play_hands(rules, hands, stock, 0, ("th-v1", "naive"), "heuristic", 3, start=40)
    b = play_hands(rules, hands, stock, 0, ("th-v1", "naive"), "heuristic", 3, ids=np.arange(40, 46))
    c = play_hands(rules, hands[::-1], stock[::-1], 0, ("th-v1", "naive"), "heuristic", 3, ids=np.arange(45, 39, -1))
    assert (a.score == b.score).all() and (a.score == c.score[::-1]).all()
    with pytest.raises(ValueError, match="one stream id per deal"):
        play_hands(rules, hands, stock, 0, "th-v1", "heuristic", 3, ids=np.arange(5))


def test_the_figures_are_the_bidding_games(th_run):
    s = th_run.summary()
    f = th_run.frame
    assert s["kind"] == "games" and s["games"] == 12 and s["copies"] == 2 and s["hands"] == f.height
    assert s["agents"] == {"A": "th-v1", "B": "naive"} and s["play"] == "heuristic"
    sign = np.where(f["agent_s0"].to_numpy() == 0, 1, -1)
    diff = sign * (f["score_s0"] - f["score_s1"]).to_numpy()
    assert s["points_per_hand"]["mean"] == pytest.approx(float(diff.mean()), abs=1e-3)
    won = [int(w) == a for w, a in zip(f.filter(pl.col("how").is_not_null())["winner"],
                                       f.filter(pl.col("how").is_not_null())["copy"], strict=True)]
    # copy c seats A at seat c: A won where the winner is seat c
    assert s["games_won"]["plain"]["k"] == sum(won) and s["endings"]["target"] == 24


def test_agents_and_modes_are_checked():
    rules = load("two-handed")
    with pytest.raises(UserError, match="unknown two-handed agent 'advisor'"):
        run_twohand_games(rules, "advisor", "naive", 1)
    with pytest.raises(UserError, match="th-v1, th-meld, th-cards, naive, and the agents choosing .* th-game"):
        run_twohand_games(rules, "th-v1", "formula", 1)
    with pytest.raises(UserError, match="play mode"):
        run_twohand_games(rules, "th-v1", "naive", 1, play="exact")
    with pytest.raises(UserError, match="whole games"):
        api.arena({"rules": "two-handed", "ns": "th-v1", "ew": "naive", "deals": 2})
    same = run_twohand_games(rules, "th-v1", "th-v1", 2, seed=1)
    assert same.names == ("th-v1 (A)", "th-v1 (B)") and same.summary()["games_won"]["A"]["mean"] == 0.5


@pytest.mark.parametrize("args", [
    ["arena", "--rules", "two-handed", "--games", "2"],  # the bidding agents by default: not two-handed's
    ["arena", "--rules", "two-handed", "--games", "2", "--ns", "th-v1", "--ew", "trickster"],
    ["arena", "--rules", "two-handed", "--deals", "2", "--ns", "th-v1", "--ew", "naive"],
])
def test_cli_bad_two_handed_games_exit_2(args, run_cli):
    code, _, err = run_cli(args)
    assert code == 2 and err.startswith("pinochle: error:") and len(err.strip().splitlines()) == 1, err


def test_cli_two_handed_games_json_parquet_report_and_from(tmp_path, run_cli):
    base = ["arena", "--rules", "two-handed", "--option", "deck=24", "--seed", "5", "--ns", "th-v1", "--ew", "naive"]
    parts = [tmp_path / f"part{i}.parquet" for i in range(2)]
    for i, p in enumerate(parts):
        code, _, err = run_cli([*base, "--games", "3", "--start", str(3 * i), "--out", str(p), "--json"])
        assert code == 0, err
    code, out, err = run_cli([*base, "--games", "6", "--json", "--report", str(tmp_path / "rep"), "--name", "t"])
    assert code == 0, err
    whole = json.loads(out)
    assert whole["kind"] == "games" and whole["games"] == 6 and "--option deck=24" in whole["command"]
    code, out, err = run_cli(["arena", "--from", str(parts[0]), "--from", str(parts[1]), "--json"])
    assert code == 0, err
    joined = json.loads(out)
    for k in ("games_won", "points_per_hand", "hands_per_game", "endings", "hands", "options"):
        assert joined[k] == whole[k], k
    f = pl.read_parquet(parts[0])
    assert {"game", "copy", "hand", "stock", "before_u0", "after_u1", "winner", "how", "score_s1"} <= set(f.columns)
    page = (tmp_path / "rep" / "t.md").read_text()
    assert "phase 2 (play heuristic) by the heuristic players" in page and "the two seats swapped" in page
    assert "deck=24 target=60" in page and "games won by th-v1" in page
    assert (tmp_path / "rep" / "t-running.png").read_bytes()[:4] == b"\x89PNG"
    assert "t.md" in (tmp_path / "rep" / "README.md").read_text()
    code, out, err = run_cli([*base, "--games", "2"])
    assert code == 0 and "games won" in out, err


@pytest.mark.parametrize("which", [pytest.param("th_run", marks=pytest.mark.slow), "small_run"])  # th_run: 13 s
def test_every_two_handed_hand_is_a_record_with_phase_1_its_draws_and_melds(which, request):
    """Each hand of a two-handed games run as a record: the deal dealt again from (seed, game, hand), phase 1 move
    by move through the policies' own kernels (its melds, the dix exchange, both seats' draws), phase 2's cards;
    read back equal, its result (the one scoring of the replayed hand) the run's, my seat agent A's."""
    res = request.getfixturevalue(which)
    rules, f = res.rules, res.frame
    recs = api.arena_records(res)
    assert len(recs) == f.height
    tricks = (rules.deck.size - 2 * rules.hand_size) // 2
    for rec, row in zip(recs, f.iter_rows(named=True), strict=True):
        back = api.read_records(to_text(rec))[0]
        assert back == rec and hand_result(back) == (row["score_s0"], row["score_s1"]) == rec.result
        assert len(rec.phase1) == tricks and all(len(d) == tricks for d in rec.draws.values())
        assert rec.seat == (0 if row["agent_s0"] == 0 else 1) and rec.dealer == row["dealer"]
        steps = card_steps(back)
        assert [s.phase for s, _ in steps].count(1) == tricks
    melds = [m for r in recs for t in r.phase1 for m in t.melds]
    assert melds and "dix" in melds
