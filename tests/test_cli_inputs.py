"""The bad inputs of issue 15, each through the CLI: no silent wrong answer (flags that a file ignored, an
empty file, a hand that fits nothing, a deal that is no deal), no traceback (non-UTF-8 input, a cluster
address without a port, an agent option of the wrong type), limits named before any work."""

import json

import polars as pl
import pytest

HANDS = "AS TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC"
DD_HANDS = "AS TS KS QH JH / QS JS KS JH JD / AH TH KH QC QD / AD JD QD TC AC"


def _one_line(code, out, err, *words):
    assert code == 2, err
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("pinochle: error:") and "Traceback" not in err
    for w in words:
        assert w in err, (w, err)


def _jsonl(tmp_path, *records, name="pos.jsonl"):
    f = tmp_path / name
    f.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(f)


# ---- solve --file takes the command line's values as defaults -------------------------------------------------
def test_solve_file_uses_rules_and_options_of_the_command_line(tmp_path, run_cli):
    f = _jsonl(tmp_path, {"trump": "H", "hands": DD_HANDS})
    code, out, err = run_cli(["solve", "--rules", "double-deck", "--option", "head=always", "--file", f,
                              "--max-nodes", "200000"])
    assert code == 0, err
    rep = json.loads(out)
    assert rep["rules"] == "double-deck" and rep["options"]["head"] == "always"
    # and the same position given by flags answers the same
    code, out2, _ = run_cli(["solve", "--rules", "double-deck", "--option", "head=always", "--trump", "H", "--hands",
                             DD_HANDS, "--json", "--max-nodes", "200000"])
    flags = json.loads(out2)
    assert flags.pop("ms") > 0 and rep.pop("ms") > 0  # each solve's own time
    assert flags == rep


def test_solve_file_flags_fill_fields_a_line_leaves_out(tmp_path, run_cli):
    f = _jsonl(tmp_path, {"hands": HANDS}, {"hands": HANDS, "declarer": 2}, {"hands": HANDS, "trump": "h"})
    code, out, err = run_cli(["solve", "--trump", "H", "--file", f])
    assert code == 0, err
    a, b, c = (json.loads(x) for x in out.splitlines())
    assert a["trump"] == "H" and a["declarer"] == 0 and a["leader"] == 0
    assert b["trump"] == "H" and b["declarer"] == 2 and b["leader"] == 2
    assert c["trump"] == "H"  # the same value written another way is no contradiction


@pytest.mark.parametrize("record,flags,words", [
    ({"rules": "auction", "trump": "H", "hands": HANDS}, ["--rules", "double-deck"],
     ["pos.jsonl:1", "rules 'auction' contradicts --rules double-deck"]),
    ({"trump": "H", "hands": HANDS, "options": {"head": "never"}}, ["--option", "head=always"],
     ["pos.jsonl:1", "head=never contradicts --option head=always"]),
    ({"trump": "S", "hands": HANDS}, ["--trump", "H"], ["pos.jsonl:1", "trump 'S' contradicts --trump H"]),
])
def test_a_line_that_contradicts_a_flag_is_an_error_naming_the_line(record, flags, words, tmp_path, run_cli):
    f = _jsonl(tmp_path, record)
    _one_line(*run_cli(["solve", *flags, "--file", f]), *words)


def test_solve_file_no_line_is_honoured(tmp_path, run_cli):
    f = _jsonl(tmp_path, {"trump": "H", "hands": HANDS})
    code, out, _ = run_cli(["solve", "--file", f, "--no-line"])
    assert code == 0 and json.loads(out)["line"] is None
    code, out, _ = run_cli(["solve", "--file", f])
    assert code == 0 and json.loads(out)["line"]


@pytest.mark.parametrize("hands", ["/ / /", " / / / ", "//"])
def test_solve_without_cards_is_an_error_not_zero(hands, run_cli):
    code, out, err = run_cli(["solve", "--trump", "H", "--hands", hands])
    assert code == 2 and "value 0" not in out and "Traceback" not in err


def test_empty_files_are_errors(tmp_path, run_cli):
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n", encoding="utf-8")
    _one_line(*run_cli(["solve", "--file", str(empty)]), "holds no position")
    _one_line(*run_cli(["meld", "--file", str(empty)]), "holds no hand")


@pytest.mark.parametrize("command", [["solve"], ["meld"]])
def test_non_utf8_file_is_one_line(command, tmp_path, run_cli):
    f = tmp_path / "latin1.txt"
    f.write_bytes(b"AS TS KS QS JS 9S QS JD JD 9H AH AD # caf\xe9\n")
    _one_line(*run_cli([*command, "--file", str(f)]), "not UTF-8")


def test_json_nested_too_deep_is_one_line(tmp_path, run_cli):
    f = tmp_path / "deep.jsonl"
    f.write_text("[" * 100_000 + "\n", encoding="utf-8")
    _one_line(*run_cli(["solve", "--file", str(f)]), "deep.jsonl:1")


# ---- compare, arena ------------------------------------------------------------------------------------------
def test_compare_hand_that_fits_no_setting_is_an_error(run_cli):
    _one_line(*run_cli(["compare", "-o", "head=never,always", "--samples", "50", "--hand", "XX"]), "--hand 'XX'")
    _one_line(*run_cli(["compare", "-o", "head=never,always", "--samples", "50", "--hand", "AS TS"]),
              "12 cards")


def test_compare_hand_that_fits_one_deck_only_is_marked_per_setting(run_cli):
    hand = "AH TH KH QS JD 9S"  # a 24-card-deck hand: no fit for deck=48, a fit for deck=24
    code, out, err = run_cli(["compare", "--rules", "two-handed", "-o", "deck=48,24", "--samples", "100",
                              "--hand", hand, "--upcard", "QH", "--advise-samples", "50", "--json"])
    assert code == 0, err
    adv = json.loads(out)["hands"][hand]
    assert adv[0]["action"] is None and "this one has 6" in adv[0]["text"] and adv[1]["action"] is not None


def test_arena_start_must_not_be_negative(run_cli):
    _one_line(*run_cli(["arena", "--deals", "2", "--start", "-1"]), "--start")


def test_arena_out_in_a_missing_folder_is_refused_before_any_work(tmp_path, run_cli):
    target = tmp_path / "nonexistent" / "x.parquet"
    _one_line(*run_cli(["arena", "--deals", "2", "--out", str(target)]), "does not exist")
    assert not target.parent.exists()


@pytest.mark.parametrize("args", [
    ["bid", "--hand", "AH AH TH TH KH KH QH QH JH JH AS AD", "--out"],
    ["bid", "--hand", "AH AH TH TH KH KH QH QH JH JH AS AD", "--deals-out"],
    ["stats", "--samples", "50", "--out"],
    ["compare", "-o", "head=never,always", "--samples", "50", "--out"],
])
def test_every_out_refuses_a_missing_folder(args, tmp_path, run_cli):
    target = tmp_path / "missing" / "x.parquet"
    _one_line(*run_cli([*args, str(target)]), "does not exist")
    assert not target.parent.exists()


# ---- no traceback ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("address", ["tcp://", "tcp://host", "tcp://host:", "tcp://host:99999", "somewhere:1"])
@pytest.mark.parametrize("command", [["stats"], ["compare", "-o", "head=never,always"]])
def test_cluster_address_without_port_is_one_line(address, command, run_cli):
    _one_line(*run_cli([*command, "--samples", "50", "--cluster", address]), "bad --cluster")


@pytest.mark.parametrize("spec,words", [
    ("advisor:samples=abc", ["samples", "whole number"]),
    ("advisor:samples=1.5", ["samples", "whole number"]),
    ("advisor:risk=abc", ["risk", "a number"]),
    ("advisor:inference=maybe", ["inference", "on/off"]),
    ("formula:margin=abc", ["margin", "a number"]),
    ("formula:marginn=1", ["no option 'marginn'", "did you mean 'margin'"]),
])
def test_agent_options_are_typed(spec, words, run_cli):
    _one_line(*run_cli(["arena", "--deals", "1", "--ns", spec]), *words)


# ---- limits named up front -------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,limit", [
    (["stats"], "4,294,967,296"),
    (["compare", "-o", "head=never,always"], "4,294,967,296"),
    (["report"], "4,294,967,296"),
    (["two-hand", "--hand", "AH AH TH KH QH JH 9H AS KS QS JD QC", "--upcard", "KH"], "100,000"),
    (["bid", "--hand", "AH AH TH TH KH KH QH QH JH JH AS AD"], "100,000"),
])
def test_huge_samples_are_refused_at_once_naming_the_limit(args, limit, run_cli):
    _one_line(*run_cli([*args, "--samples", "1000000000000"]), "--samples 1,000,000,000,000", limit)


def test_other_huge_counts_are_refused(run_cli):
    _one_line(*run_cli(["arena", "--deals", "1000000000000"]), "--deals", "1,000,000")
    _one_line(*run_cli(["compare", "-o", "head=never,always", "--samples", "50", "--hand",
                        "AH AH TH TH KH KH QH QH JH JH AS AD", "--advise-samples", "1000000000000"]),
              "--advise-samples")


# ---- conventions -----------------------------------------------------------------------------------------------
def test_meld_marks_every_trump_tied_for_the_most(run_cli):
    hand = "AS TS KS QS JS 9S QS JD JD 9H AH AD"  # S and H both 46
    code, out, _ = run_cli(["meld", "--hand", hand])
    assert code == 0
    rows = {line.split("|")[1].strip(): line for line in out.splitlines() if line.startswith("| ")}
    assert rows["S *"] and rows["H *"] and "D" in rows and "C" in rows
    assert "a tie between S, H" in out
    code, out, _ = run_cli(["meld", "--hand", hand, "--json"])
    assert json.loads(out)["best"] == ["S", "H"]


def test_deals_out_carries_card_names(tmp_path, run_cli):
    path = tmp_path / "deals.parquet"
    hand = "AH AH TH TH KH KH QH QH JH JH AS AD"
    code, _, err = run_cli(["bid", "--hand", hand, "--samples", "60", "--play", "heuristic", "--deals-out", str(path)])
    assert code == 0, err
    f = pl.read_parquet(path)
    assert {"cards_s0", "cards_s1", "cards_s2", "cards_s3", "stock_cards"} <= set(f.columns)
    assert sorted(f["cards_s1"][0].split()) == sorted(hand.split())  # I am seat 1 by default
    assert all(len(c.split()) == 12 for c in f["cards_s2"])
    import pyarrow.parquet as pq

    meta = json.loads(pq.read_metadata(path).metadata[b"analyzer"])
    assert "hand_s{i}" in meta["columns"]


@pytest.mark.parametrize("bad", ["AS\nKS", "AS\x1eKS", "AS\u2028KS", "AS\rKS", "\x00"])
def test_control_characters_in_input_stay_on_the_one_error_line(bad, run_cli):
    _one_line(*run_cli(["meld", "--hand", bad]))
    _one_line(*run_cli(["rules", "auction", "--option", f"{bad}=1", "--option", f"{bad}=1"]), "given twice")
