"""`pinochle solve` as a user meets it: table, --json, --trick, --file, bad input (one line, exit 2)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from analyzer.rules import load
from analyzer.solve import solve_deal

HANDS = "AS TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC"


def test_json_value_and_cards_match_the_api(run_cli):
    code, out, _ = run_cli(["solve", "--rules", "auction", "--trump", "H", "--leader", "0", "--declarer", "0",
                        "--hands", HANDS, "--json"])
    assert code == 0
    d = json.loads(out)
    rules = load("auction")
    want = solve_deal(rules, [h for h in HANDS.split("/")], 1, 0, 0, all_cards=True)
    assert d["value"] == want.value and d["exact"]
    assert d["cards"] == {rules.deck.name(k): v for k, v in want.card_values.items()}
    assert list(d["cards"]) == ["AS", "TS", "KS", "QH"]  # display order
    assert d["side"] == [0, 2] and d["to_play"] == 0
    # nodes as DDS counts them (trick boundaries) are part of all nodes; the solve's own time
    assert d["nodes"] == want.nodes and 0 < d["trick_nodes"] <= d["nodes"] and d["ms"] > 0


def test_table_shows_value_and_every_card(run_cli):
    code, out, _ = run_cli(["solve", "--trump", "H", "--hands", HANDS])
    assert code == 0
    assert "value" in out and all(c in out for c in ("AS", "TS", "KS", "QH"))


def test_inside_a_trick_and_options(run_cli):
    # seat 0 led the AS; seat 1 (spades QS JS 9S JH) must follow, and with head=always must not... it
    # cannot beat the ace, so any spade
    hands = "TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC"
    code, out, _ = run_cli(["solve", "--trump", "H", "--hands", hands, "--trick", "AS", "--json",
                        "--option", "head=always"])
    assert code == 0
    d = json.loads(out)
    assert d["to_play"] == 1 and set(d["cards"]) == {"QS", "JS", "9S"} and d["options"]["head"] == "always"
    rules = load("auction", {"head": "always"})
    want = solve_deal(rules, hands.split("/"), 1, 0, 0, trick=["AS"])
    assert d["value"] == want.value


def test_bridge_notrump(run_cli):
    hands = "AS JS 2S 9D TC / TS 6S 5H 3D JC / QS 9S TH 5D 2C / KS 3S 2H 7D 3C"
    code, out, _ = run_cli(["solve", "--rules", "bridge", "--trump", "N", "--leader", "3", "--declarer", "0",
                        "--hands", hands, "--json"])
    assert code == 0
    d = json.loads(out)
    assert d["trump"] == "N" and d["value"] == 3
    assert d["cards"] == {"KS": 5, "3S": 5, "2H": 5, "7D": 4, "3C": 3}


def test_file_solves_many_positions_in_order(tmp_path, run_cli):
    rng = random.Random(5)
    rules = load("luxury-family")
    pack = [k for k in rules.deck.kinds for _ in range(2)]
    lines, wants = [], []
    for i in range(6):
        rng.shuffle(pack)
        hands = [" ".join(rules.deck.name(k) for k in pack[s * 4:(s + 1) * 4]) for s in range(3)]
        rec = {"rules": "luxury-family", "trump": "SHDC"[i % 4], "leader": i % 3, "declarer": i % 3,
               "hands": " / ".join(hands), "options": {"head": "always"}}
        lines.append(json.dumps(rec))
        wants.append(solve_deal(load("luxury-family", {"head": "always"}), hands, i % 4, i % 3, i % 3).value)
    lines.insert(3, "# a comment")
    lines.append(json.dumps({"rules": "auction", "trump": "S", "hands": HANDS.split("/"), "bid": 20}))
    wants.append(solve_deal(load("auction"), HANDS.split("/"), 0, 0, 0).value)
    f = tmp_path / "positions.jsonl"
    f.write_text("\n".join(lines) + "\n")
    code, out, _ = run_cli(["solve", "--file", str(f)])
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["value"] for r in rows] == wants
    assert rows[-1]["rules"] == "auction" and rows[0]["options"]["head"] == "always"


def test_node_budget_gives_bounds(run_cli):
    rules = load("auction")
    rng = random.Random(1)
    pack = [k for k in rules.deck.kinds for _ in range(2)]
    rng.shuffle(pack)
    hands = " / ".join(" ".join(rules.deck.name(k) for k in pack[s * 12:(s + 1) * 12]) for s in range(4))
    code, out, _ = run_cli(["solve", "--trump", "D", "--hands", hands, "--max-nodes", "500", "--json"])
    d = json.loads(out)
    assert code == 0 and not d["exact"] and d["value"] is None and d["cards"] is None
    assert 0 <= d["lower"] <= d["upper"] <= 25


def test_double_deck_first_lead_needs_a_trump_unless_the_bid_was_50(run_cli):
    rules = load("double-deck")
    rng = random.Random(3)
    pack = [k for k in rules.deck.kinds for _ in range(4)]
    while True:
        rng.shuffle(pack)
        hands = [pack[s * 20:(s + 1) * 20] for s in range(4)]
        plain = [k for k in hands[0] if k // 16 != 0]
        if plain and any(k // 16 == 0 for k in hands[0]):
            break
    lead = plain[0]
    hands[0].remove(lead)
    text = " / ".join(" ".join(rules.deck.name(k) for k in h) for h in hands)
    args = ["solve", "--rules", "double-deck", "--trump", "S", "--hands", text, "--trick", rules.deck.name(lead),
            "--max-nodes", "200", "--no-cards", "--json"]
    code, _, err = run_cli(args + ["--bid", "60"])
    assert code == 2 and "not legal" in err
    code, out, _ = run_cli(args + ["--bid", "50"])
    assert code == 0 and json.loads(out)["to_play"] == 1


@pytest.mark.parametrize("args,msg", [
    (["--hands", "AS TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D XC"], "unknown card 'XC'"),
    (["--hands", "AS AS KS QH / QS JS 9S JH / AH TH KH 9C / AS JD 9D TC"], "AS appears 3 times"),
    (["--hands", "AS TS KS / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC"], "hand sizes 3/4/4/4"),
    (["--hands", "AS TS KS QH / QS JS 9S JH / AH TH KH 9C"], "4 hands"),
    (["--hands", HANDS, "--leader", "4"], "leader seat must be 0..3"),
    (["--hands", HANDS, "--declarer", "7"], "declarer seat must be 0..3"),
    (["--hands", HANDS, "--trump", "X"], "unknown trump"),
    (["--hands", HANDS, "--trick", "AS"], "hand sizes"),
    (["--trump", "H"], "give the hands"),
    (["--hands", HANDS, "--at-least", "-2"], "--at-least is a number of points"),
])
def test_bad_input_is_one_line_and_exit_2(args, msg, run_cli):
    full = ["solve"] + (args if "--trump" in args else args + ["--trump", "H"])
    code, out, err = run_cli(full)
    assert code == 2 and msg in err and len(err.strip().splitlines()) == 1 and out == ""


def test_bad_file_line_names_the_line(tmp_path, run_cli):
    f = tmp_path / "p.jsonl"
    f.write_text(json.dumps({"trump": "H", "hands": HANDS}) + "\n" + '{"trump": "H", "hands": "AS / KS"}\n')
    code, _, err = run_cli(["solve", "--file", str(f)])
    assert code == 2 and f"{f}:2:" in err and "4 hands" in err


def test_entry_point_exit_status():
    p = subprocess.run([sys.executable, "-m", "analyzer", "solve", "--trump", "H", "--hands", "AS / KS"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.startswith("pinochle: error:") and p.stdout == ""


def test_json_has_one_optimal_line(run_cli):
    code, out, _ = run_cli(["solve", "--rules", "auction", "--trump", "H", "--hands", HANDS, "--json"])
    assert code == 0
    d = json.loads(out)
    assert len(d["line"]) == 16 and d["line"][0] in [c for c, v in d["cards"].items() if v == d["value"]]
    assert d["points"][0] + d["points"][2] == d["value"] and sum(d["points"]) == 9  # 8 card points + last trick
    assert sum(d["tricks"]) == 4
    code, out, _ = run_cli(["solve", "--trump", "H", "--hands", HANDS])
    assert code == 0 and "one optimal line:" in out and "-> " in out
    code, out, _ = run_cli(["solve", "--trump", "H", "--hands", HANDS, "--json", "--no-line"])
    assert json.loads(out)["line"] is None


def test_at_least_answers_the_contract_question(tmp_path, run_cli):
    """``--at-least T``: yes at the value, no one above it, inside a trick too; the table says it; --file too."""
    rules = load("auction")
    v = solve_deal(rules, HANDS.split("/"), 1, 0, 0).value
    for t, made in ((v, True), (v + 1, False), (0, True)):
        code, out, _ = run_cli(["solve", "--trump", "H", "--hands", HANDS, "--at-least", str(t), "--json"])
        d = json.loads(out)
        assert code == 0 and d["at_least"] == t and d["made"] is made and d["cards"] is None and d["line"] is None
        assert (d["lower"] >= t) if made else (d["upper"] < t)
    code, out, _ = run_cli(["solve", "--trump", "H", "--hands", HANDS, "--at-least", str(v + 1)])
    assert code == 0 and f"at least {v + 1}? no" in out
    # inside a trick: seat 0 led the AS
    hands = "TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC"
    w = solve_deal(rules, hands.split("/"), 1, 0, 0, trick=["AS"]).value
    code, out, _ = run_cli(["solve", "--trump", "H", "--hands", hands, "--trick", "AS", "--at-least", str(w),
                            "--json"])
    assert code == 0 and json.loads(out)["made"] is True
    f = tmp_path / "p.jsonl"
    f.write_text(json.dumps({"trump": "H", "hands": HANDS}) + "\n" + json.dumps({"trump": "S", "hands": HANDS}) + "\n")
    code, out, _ = run_cli(["solve", "--file", str(f), "--at-least", str(v)])
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and rows[0]["made"] is True and all(r["at_least"] == v for r in rows)
    want = solve_deal(rules, HANDS.split("/"), 0, 0, 0).value >= v
    assert rows[1]["made"] is want
