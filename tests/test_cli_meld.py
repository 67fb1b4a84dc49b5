"""`pinochle meld` and `pinochle rules` as a user meets them, including bad input (one line, exit 2)."""

import json
import subprocess
import sys

import pytest

EXAMPLE = "AS TS KS QS JS 9S QS JD JD 9H AH AD"


def test_meld_json(run_cli):
    code, out, _ = run_cli(["meld", "--rules", "auction", "--hand", EXAMPLE, "--json"])
    assert code == 0
    d = json.loads(out)
    assert d["rules"] == "auction" and d["meld"] == {"S": 46, "H": 46, "D": 45, "C": 45}
    assert len(d["hand"]) == 12
    assert {"meld": "pinochle", "label": "pinochle", "suit": None, "n": 2, "points": 30} in d["breakdown"]["S"]


def test_meld_table(run_cli):
    code, out, _ = run_cli(["meld", "--hand", EXAMPLE])
    assert code == 0 and "farmer" in out and "46" in out


def test_meld_file_json_lines(tmp_path, run_cli):
    f = tmp_path / "hands.txt"
    f.write_text(EXAMPLE + "\n# a comment\n\n" + "AH AH TH TH KH KH QH QH JH JH AS AD\n")
    code, out, _ = run_cli(["meld", "--file", str(f), "--json"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 2 and rows[1]["meld"]["H"] == 150


def test_meld_with_options(run_cli):
    hand = "AH TH KH QH JH 9S 9S QS JD AS AD AC"
    _, out, _ = run_cli(["meld", "--hand", hand, "--json"])
    _, out2, _ = run_cli(["meld", "--hand", hand, "--json", "--option", "run-suits=trump"])
    # farmer (hearts) 15 or, trump-only farmers, a hearts marriage 2; two dix 2, pinochle 4, aces around 10
    assert json.loads(out)["meld"]["S"] == 15 + 2 + 4 + 10
    assert json.loads(out2)["meld"]["S"] == 2 + 2 + 4 + 10


@pytest.mark.parametrize(
    "args,msg",
    [
        (["meld", "--hand", "AS TS KS QS JS 9S QS JD JD 9H AH XD"], "unknown card 'XD'"),
        (["meld", "--hand", "AS AS AS KS QS JS 9S QS JD JD 9H AH"], "too many copies of AS"),
        (["meld", "--hand", "AS TS"], "auction hands have 12 cards"),
        (["meld", "--rules", "skat", "--hand", EXAMPLE], "unknown rule set 'skat'"),
        (["meld", "--hand", EXAMPLE, "--option", "colour=red"], "unknown option 'colour'"),
        (["meld", "--hand", EXAMPLE, "--option", "head=sometimes"], "bad value 'sometimes'"),
        (["meld", "--hand", EXAMPLE, "--option", "head"], "--option name=value"),
        (["meld", "--rules", "/no/such/house.toml", "--hand", EXAMPLE], "cannot read house-rule file"),
        (["meld"], "give a hand"),
        (["meld", "--hand", EXAMPLE, "--frobnicate"], "No such option"),
        (["rules", "skat"], "unknown rule set"),
    ],
)
def test_bad_input_one_line_exit_2(args, msg, run_cli):
    code, out, err = run_cli(args)
    assert code == 2
    assert msg in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_house_file_toml(tmp_path, run_cli):
    f = tmp_path / "h.toml"
    f.write_text("base = [")
    code, _, err = run_cli(["meld", "--rules", str(f), "--hand", EXAMPLE])
    assert code == 2 and "not valid TOML" in err


def test_rules_list_and_show(run_cli):
    code, out, _ = run_cli(["rules", "--json"])
    assert code == 0 and [r["id"] for r in json.loads(out)][:4] == [
        "luxury-family", "double-deck", "auction", "two-handed"]
    code, out, _ = run_cli(["rules", "auction", "--json"])
    d = json.loads(out)
    assert d["options"]["head"]["value"] == "trump-led" and d["total_points"] == 25
    assert any(m["meld"] == "farmer" and m["values"] == [15, 150] for m in d["meld"])
    code, out, _ = run_cli(["rules", "two-handed"])
    assert code == 0 and "counting" in out and "run" in out


def test_module_entry_point():
    r = subprocess.run([sys.executable, "-m", "analyzer", "meld", "--hand", "AS"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("pinochle: error:") and "Traceback" not in r.stderr


def test_the_breakdown_names_melds_as_pinochle_rules_does(run_cli):
    """Not the ids ("luxury-double-couple H 300", "aces-around"): the names of the rule table."""
    code, out, err = run_cli(["meld", "--rules", "luxury-family", "--hand",
                              "AS KS QS 7S AH AH TH TH KH KH QH QH JH JH AD AC"])
    assert code == 0, err
    assert "double luxury family in H 1500" in out and "seven of trump in S 10" in out
    assert "double-luxury-family" not in out
    code, out, err = run_cli(["meld", "--rules", "auction", "--hand", "AS AH AD AC KS KH KD KC QS QH JD 9C"])
    assert code == 0, err
    assert "aces around" in out and "kings around" in out and "-around" not in out
    code, out, _ = run_cli(["meld", "--rules", "luxury-family", "--hand", "AS KS QS 7S AH AH TH TH KH KH QH QH JH "
                            "JH AD AC", "--json"])
    assert {"meld": "seven", "label": "seven of trump", "suit": "S", "n": 1, "points": 10} in \
        json.loads(out)["breakdown"]["S"]


@pytest.mark.parametrize("must,words", [(True, "a player void in the led suit must trump when able"),
                                        (False, "a player void in the led suit may discard instead of trumping")])
def test_rules_says_must_trump_in_words(must, words, tmp_path, run_cli):
    house = tmp_path / "house.toml"
    house.write_text(f'base = "auction"\n[play]\nmust_trump = {str(must).lower()}\n', encoding="utf-8")
    code, out, err = run_cli(["rules", str(house)])
    assert code == 0, err
    assert words in out and "must trump True" not in out and "must trump False" not in out
