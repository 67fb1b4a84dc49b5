"""Fuzzing every command in-process: random bad input (cards, sizes, options, house-rule TOML documents,
JSON lines, numbers at the limits, seats, agents) must end in one line on stderr and exit status 2, never a
traceback, a hang or another status; input that happens to be good must give an answer (exit 0, output,
valid JSON with --json).

The default run is derandomized (the same cases every run) and tries a little over 2,000 cases; the same
tests under ``pytest -m slow`` try ten times as many, drawn at random.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

RANKS = ["A", "T", "K", "Q", "J", "9", "7", "10"]
SUITS = ["S", "H", "D", "C", "♠", "♥", "♦", "♣", "s", "h"]
VALID_CARDS = [r + s for r in RANKS for s in SUITS]
JUNK_TOKENS = [
    "XX",
    "",
    "A",
    "1S",
    "AS,",
    "10",
    "♥",
    "ASS",
    "0H",
    "KK",
    "\x00",
    "A\u0301S",
    "H",
    "-",
    "AS/KS",
    "🂡",
    "AS" * 30,
    "11H",
    "Ah",
    "tS",
    " ",
    ",",
]
NUMBERS = [
    "-1",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "12",
    "15",
    "20",
    "50",
    "60",
    "255",
    "65535",
    "2147483648",
    "4294967296",
    "4294967297",
    "100001",
    "1000000000000",
    str(2**63),
    str(-(2**63)),
    str(2**64),
    "1e3",
    "abc",
    "",
    " 5",
    "0x10",
    "1.5",
    "nan",
    "-0",
    "+3",
    "١٢",
]
RULE_NAMES = [
    "auction",
    "double-deck",
    "luxury-family",
    "two-handed",
    "bridge",
    "Auction",
    "nope",
    "",
    ".toml",
    "auction.toml",
    "/dev/null",
    "/",
    "two_handed",
]
OPTION_NAMES = [
    "head",
    "run-suits",
    "bidding-rounds",
    "target",
    "run-points",
    "meld-notes",
    "counting",
    "deck",
    "hed",
    "",
    "HEAD",
    "head ",
]
OPTION_VALUES = [
    "never",
    "trump-led",
    "always",
    "any",
    "trump",
    "1",
    "2",
    "15",
    "20",
    "strict",
    "relaxed",
    "classic",
    "aces-tens",
    "aces-tens-kings",
    "48",
    "24",
    "60",
    "100",
    "120",
    "150",
    "200",
    "250",
    "500",
    "sometimes",
    "",
    "never,always",
    "always,always",
    "15,20",
    "48,24",
    ",",
    "1.0",
]
SMALL = ["1", "2", "3", "5", "12"]  # sizes that keep a good run quick

card = st.one_of(st.sampled_from(VALID_CARDS), st.sampled_from(JUNK_TOKENS), st.text(max_size=4))
hand = st.one_of(
    st.lists(st.sampled_from(VALID_CARDS), min_size=0, max_size=22).map(" ".join),
    st.lists(card, max_size=14).map(" ".join),
    st.sampled_from(
        [
            "AH AH TH TH KH KH QH QH JH JH AS AD",
            "AS TS KS QS JS 9S QS JD JD 9H AH AD",
            "AH AH TH KH QH JH 9H AS KS QS JD QC",
            "AH TH KH QS JD 9S",
        ]
    ),
)
number = st.one_of(st.sampled_from(NUMBERS), st.integers(-(10**20), 10**20).map(str))
small_or_bad = st.one_of(st.sampled_from(SMALL), st.sampled_from(NUMBERS))
rules_name = st.sampled_from(RULE_NAMES)
option = st.one_of(
    st.builds(lambda k, v: f"{k}={v}", st.sampled_from(OPTION_NAMES), st.sampled_from(OPTION_VALUES)),
    st.sampled_from(["head", "=", "=always", "head==always", "head=always=never"]),
    st.text(max_size=12),
)
seat = st.one_of(st.sampled_from(["0", "1", "2", "3", "4", "-1", "x", "99"]), number)


def flag(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """Either nothing or ``[name, value]``."""
    return st.one_of(st.just([]), values.map(lambda v: [name, v]))


def flags(*parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda xs: [a for x in xs for a in x])


def repeated(name: str, values: st.SearchStrategy[str], most: int = 3) -> st.SearchStrategy[list[str]]:
    return st.lists(values, max_size=most).map(lambda vs: [a for v in vs for a in (name, v)])


def check(args: list[str], code: int, out: str, err: str) -> None:
    """An answer (exit 0 and output; JSON where --json asked for it) or one line of error with status 2."""
    assert "Traceback" not in err and "Traceback" not in out, (args, err)
    event(f"exit status {code}")
    if code == 0:
        assert out.strip(), (args, "exit 0 without output")
        if "--json" in args:
            for line in out.strip().splitlines():
                json.loads(line)
        return
    assert code == 2, (args, code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pinochle: error: "), (args, err)


def cases(n: int, **strategies: st.SearchStrategy):
    """Two tests of ``body`` with inputs drawn from ``strategies``: ``n`` derandomized cases (the default
    run), and ten times as many drawn at random (marked slow)."""

    def deco(body):
        def make(examples: int, derandomize: bool):
            @functools.wraps(body)
            def test(*a, **k):
                return body(*a, **k)

            common = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None)
            return settings(max_examples=examples, derandomize=derandomize, **common)(given(**strategies)(test))

        return make(n, True), pytest.mark.slow(make(10 * n, False))

    return deco


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


# ---- meld and rules ---------------------------------------------------------------------------------------------
meld_args = flags(
    st.just(["meld"]),
    flag("--rules", rules_name),
    repeated("--option", option),
    flag("--hand", hand),
    st.one_of(st.just([]), st.just(["--json"])),
)


def _meld(run_cli, args):
    check(args, *run_cli(args))


test_fuzz_meld, test_fuzz_meld_long = cases(520, args=meld_args)(_meld)

rules_args = flags(
    st.just(["rules"]),
    st.one_of(st.just([]), rules_name.map(lambda r: [r])),
    repeated("--option", option),
    st.one_of(st.just([]), st.just(["--json"])),
)


def _rules(run_cli, args):
    check(args, *run_cli(args))


test_fuzz_rules, test_fuzz_rules_long = cases(250, args=rules_args)(_rules)

# ---- house-rule TOML documents ----------------------------------------------------------------------------------
SECTIONS = [
    "deck",
    "table",
    "points",
    "play",
    "bidding",
    "scoring",
    "options",
    "meld.farmer",
    "meld.pinochle",
    "meld.nosuch",
    "meld.marriage",
    "meld.dix",
    "meld.run",
    "points.cards",
    "bidding.signals",
    "tabel",
    "meld",
    "options.head",
    "meld.farmer.ranks",
]
KEYS = [
    "base",
    "id",
    "name",
    "seats",
    "sides",
    "hand_size",
    "deal_packet",
    "ranks",
    "copies",
    "cards",
    "last_trick",
    "convert",
    "leader",
    "follow",
    "must_trump",
    "head",
    "first_lead_trump",
    "stock",
    "kind",
    "opening",
    "step",
    "levels",
    "rounds",
    "unit",
    "target",
    "no_trick_no_meld",
    "value",
    "values",
    "trump_value",
    "suit",
    "around",
    "excludes",
    "group",
    "label",
    "run-suits",
    "choices",
    "default",
    "path",
    "seatz",
    "farmer",
    "A",
    "9",
    "16",
]
toml_value = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(NUMBERS[:20]),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda f: repr(f).replace("inf", "inf").replace("nan", "nan")),
    st.text(max_size=8).map(json.dumps),
    st.sampled_from(
        [
            '"auction"',
            '"double-deck"',
            '"never"',
            '"always"',
            '"trump"',
            '"any"',
            '"side"',
            "true",
            "false",
            "[15, 150]",
            "[1.5, 2.5]",
            '["QS", "JD"]',
            "[[0, 2], [1, 3]]",
            "[[0], [1], [2]]",
            "{ A = 1, T = 1 }",
            "{ K = 1, Q = 1 }",
            "[]",
            "{}",
            '"abc"',
            '[1, "a"]',
            '["A", "T", "K"]',
            '"x"',
            "1979-05-27",
            "[[0, 1], [60, 2]]",
        ]
    ),
)
toml_line = st.one_of(
    st.builds(lambda k, v: f"{k} = {v}", st.sampled_from(KEYS), toml_value),
    st.sampled_from(SECTIONS).map(lambda s: f"[{s}]"),
    st.sampled_from(
        [
            'base = "auction"',
            'base = "two-handed"',
            'base = "double-deck"',
            "base =",
            "[",
            "= 3",
            "x",
            'base = "auction"\nbase = "auction"',
            "[meld.farmer]\n[meld.farmer]",
        ]
    ),
    st.text(max_size=10),
)
toml_doc = st.one_of(
    st.lists(toml_line, max_size=12).map("\n".join).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.lists(toml_line, max_size=8).map(
        lambda ls: ('base = "auction"\n' + "\n".join(ls)).encode("utf-8", "surrogatepass")
    ),
    st.binary(max_size=40),
    st.lists(toml_line, max_size=6).map(
        lambda ls: b"\xef\xbb\xbf" + b'base = "auction"\n' + "\n".join(ls).encode("utf-8", "surrogatepass")
    ),
)


def _toml(run_cli, workdir, doc, which):
    f = workdir / "house.toml"
    f.write_bytes(doc)
    args = {
        "rules": ["rules", str(f)],
        "meld": ["meld", "--rules", str(f), "--hand", "AS TS KS QS JS 9S QS JD JD 9H AH AD", "--json"],
        "compare": ["compare", "--rules", "auction", "--vs", str(f), "--samples", "20", "--json"],
    }[which]
    check(args, *run_cli(args))


test_fuzz_house_files, test_fuzz_house_files_long = cases(
    450, doc=toml_doc, which=st.sampled_from(["rules", "meld", "compare"])
)(_toml)

# ---- solve: flags and JSON lines --------------------------------------------------------------------------------
hands4 = st.one_of(
    st.lists(st.lists(st.sampled_from(VALID_CARDS), max_size=3).map(" ".join), min_size=0, max_size=5).map(" / ".join),
    st.sampled_from(
        [
            "/ / /",
            "AS / KS / QS / JS",
            "AS TS / QS JS / AH TH / AD JD",
            "AS / KS / QS",
            "AS TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC",
            "//",
            "AS AS AS / / /",
        ]
    ),
    st.text(max_size=20),
)
solve_args = flags(
    st.just(["solve"]),
    flag("--rules", rules_name),
    repeated("--option", option, 2),
    flag("--hands", hands4),
    flag("--trump", st.sampled_from(["S", "H", "D", "C", "N", "X", "", "♠", "hearts", "0", "-1", "4"])),
    flag("--leader", seat),
    flag("--declarer", seat),
    flag("--trick", st.one_of(hand, st.sampled_from(["AS", "AS KS"]))),
    flag("--bid", number),
    st.just(["--max-nodes"]),
    st.sampled_from(["2000", "1", "0", "-3", "abc"]).map(lambda v: [v]),
    st.one_of(st.just([]), st.just(["--json"]), st.just(["--no-line"]), st.just(["--no-cards"])),
)


def _solve(run_cli, args):
    check(args, *run_cli(args))


test_fuzz_solve, test_fuzz_solve_long = cases(320, args=solve_args)(_solve)

json_value = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        st.text(max_size=6),
        st.sampled_from(["auction", "double-deck", "bridge", "H", "N", "AS / KS / QS / JS", "AS TS / QS JS"]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6,
)
record = st.dictionaries(
    st.sampled_from(["rules", "trump", "leader", "declarer", "hands", "trick", "bid", "options", "extra"]),
    json_value,
    max_size=6,
)
jsonl = st.lists(
    st.one_of(
        record.map(lambda r: json.dumps(r, allow_nan=True)),
        st.text(max_size=20),
        st.sampled_from(['{"trump": "H", "hands": "AS / KS / QS / JS"}', "[1, 2]", "{", "#", ""]),
    ),
    max_size=5,
).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass"))


def _solve_file(run_cli, workdir, doc, extra, rules):
    f = workdir / "positions.jsonl"
    f.write_bytes(doc)
    args = ["solve", "--file", str(f), "--max-nodes", "2000", *rules, *extra]
    check(args, *run_cli(args))


test_fuzz_solve_file, test_fuzz_solve_file_long = cases(
    250,
    doc=st.one_of(jsonl, st.binary(max_size=30)),
    extra=repeated("--option", option, 1),
    rules=flag("--rules", rules_name),
)(_solve_file)

# ---- the Monte-Carlo commands (sizes kept small where they happen to be good) ------------------------------------
bid_args = flags(
    st.just(["bid"]),
    flag("--rules", rules_name),
    flag("--hand", hand),
    flag("--samples", small_or_bad),
    flag("--seat", seat),
    flag("--dealer", seat),
    flag("--risk", st.sampled_from(["0", "0.5", "1", "2", "-1", "x"])),
    st.sampled_from(["playout", "bogus", "", "PLAYOUT"]).map(lambda p: ["--play", p]),
    repeated("--option", option, 2),
    repeated("--known", st.sampled_from(["2:AS", "left:AS KS", "9:AS", "AS", "x:y", "partner:XX", ":"]), 2),
    repeated("-c", st.sampled_from(["partner meld>=20", "left H<=3", "2 AS>=1", "x", "left meld>=999", "3 Z>1"]), 2),
    flag("--auction", st.sampled_from(["1:16 2:pass 3:18", "1:pass", "0:15", "9:16", "1:16 1:17", "x", ""])),
    flag("--upcard", st.sampled_from(["9H", "KH", "XX", ""])),
    flag("--policy", st.sampled_from(["v1", "random", "v9"])),
    st.one_of(st.just([]), st.just(["--json"])),
)


def _bid(run_cli, args):
    check(args, *run_cli(args))


test_fuzz_bid, test_fuzz_bid_long = cases(110, args=bid_args)(_bid)

stats_args = flags(
    st.sampled_from([["stats"], ["compare"]]),
    flag("--rules", rules_name),
    flag("--samples", small_or_bad),
    repeated("--option", option, 2),
    flag("--trump", st.sampled_from(["S", "H", "X", ""])),
    flag("--play", st.sampled_from(["heuristic", "none", "dd", "both", "perfect"])),
    flag("--dd-nodes", st.sampled_from(["1000", "0", "-1"])),
    flag("--workers", st.sampled_from(["1", "0", "-2", "x"])),
    flag("--cluster", st.sampled_from(["tcp://", "tcp://host", "somewhere:1", "tcp://h:99999", "udp://h:1"])),
    flag("--hand", hand),
    flag("--advise-samples", st.sampled_from(["20", "0", "1000000000000"])),
    st.one_of(st.just([]), st.just(["--json"])),
)


def _stats(run_cli, args):
    if args[0] == "stats":
        args = [a for a in args if a not in ("--hand", "--advise-samples")] if "--hand" not in args else args
    check(args, *run_cli(args))


test_fuzz_stats_compare, test_fuzz_stats_compare_long = cases(90, args=stats_args)(_stats)

twohand_args = flags(
    st.just(["two-hand"]),
    flag("--hand", hand),
    flag("--upcard", st.one_of(st.sampled_from(VALID_CARDS), card)),
    flag("--samples", small_or_bad),
    flag("--phase2", st.sampled_from(["heuristic", "exact", "x"])),
    flag("--score", st.sampled_from(["84-97", "0-0", "120-3", "-1-5", "abc", "1:2", "99999999999-1", ""])),
    flag("--target", number),
    repeated("--option", option, 2),
    st.one_of(st.just([]), st.just(["--dealer"]), st.just(["--json"])),
)


def _twohand(run_cli, args):
    check(args, *run_cli(args))


test_fuzz_two_hand, test_fuzz_two_hand_long = cases(70, args=twohand_args)(_twohand)

AGENTS = [
    "formula",
    "meld-only",
    "random",
    "advisor:samples=abc",
    "advisor:risk=2",
    "formula:margin=x",
    "nope",
    "random:p-pass=0.5",
    "random:p_pass=x",
    "meld-only:x=1",
    "os:system",
    "advisor:inference=maybe",
    ":",
    "",
]
arena_args = flags(
    st.just(["arena"]),
    flag("--rules", rules_name),
    st.sampled_from(["1", "2", "0", "-1", "x", "1000000000000"]).map(lambda d: ["--deals", d]),
    flag("--start", st.sampled_from(["0", "5", "-1", "4294967295", "x"])),
    st.sampled_from(AGENTS).map(lambda a: ["--ns", a]),
    st.sampled_from(AGENTS).map(lambda a: ["--ew", a]),
    flag("--play", st.sampled_from(["heuristic", "x"])),
    flag("--workers", st.sampled_from(["1", "0", "x"])),
    repeated("--option", option, 1),
    st.one_of(st.just([]), st.just(["--json"])),
)


def _arena(run_cli, args):
    check(args, *run_cli(args))


test_fuzz_arena, test_fuzz_arena_long = cases(40, args=arena_args)(_arena)


def _report(run_cli, workdir, args):
    args = [*args, "--out", str(workdir / "report")]
    check(args, *run_cli(args))


test_fuzz_report, test_fuzz_report_long = cases(
    40,
    args=flags(
        st.just(["report"]),
        flag("--rules", rules_name),
        st.sampled_from(["0", "-1", "x", "1000000000000", "5"]).map(lambda n: ["--samples", n]),
        repeated("--option", option, 2),
        flag("--dpi", number),
        flag("--trump", st.sampled_from(["S", "X"])),
        flag("--play", st.sampled_from(["heuristic", "bogus"])),
        flag("--cluster", st.sampled_from(["tcp://", "nowhere"])),
    ),
)(_report)
