"""Rule sets load as RULES.md reads them; options switch by name; house-rule files override."""

import pytest

from analyzer.errors import UserError
from analyzer.rules import available, load


def test_builtin_totals():
    assert {r: load(r).total_points for r in available()} == {
        "luxury-family": 240, "double-deck": 50, "auction": 25, "two-handed": 57, "bridge": 13,
    }


def test_every_option_of_every_rule_set_switches():
    for rid in available():
        rs = load(rid)
        for name, spec in rs.option_specs.items():
            assert rs.options[name] == spec.default
            for choice in spec.choices:
                assert load(rid, {name: str(choice)}).options[name] == choice


def test_rule_files_hold_their_option_defaults():
    """A rule file's own values are its options' defaults: naming the default changes nothing."""
    for rid in available():
        rs = load(rid)
        for name, spec in rs.option_specs.items():
            assert load(rid, {name: str(spec.default)}).raw == rs.raw, (rid, name)


def test_options_change_the_rules():
    assert load("auction", {"head": "always"}).play.head == "always"
    assert load("auction").play.head == "trump-led"
    assert load("double-deck").play.head == "never"
    assert load("two-handed", {"counting": "aces-tens"}).total_points == 17
    assert load("two-handed", {"counting": "aces-tens-kings"}).total_points == 25
    assert load("two-handed", {"run-points": "20"}).raw["meld"]["run"]["value"] == 20
    assert load("auction", {"run-suits": "trump"}).raw["meld"]["farmer"]["suit"] == "trump"
    small = load("two-handed", {"deck": "24"})
    assert (small.deck.size, small.hand_size, small.scoring.target) == (24, 6, 60)
    assert load("two-handed", {"deck": "24", "target": "100"}).scoring.target == 100
    assert load("auction", {"target": "250"}).scoring.target == 250


def test_luxury_conversion():
    rs = load("luxury-family")
    assert [rs.convert_points(p) for p in (0, 59, 60, 90, 120, 150, 180, 210, 240)] == [
        0, 59, 60, 120, 180, 270, 360, 480, 600,
    ]


def test_partners_sit_as_the_sides_say():
    """RULES.md: double deck's partners sit opposite; in Luxury Family and two-handed each plays for himself."""
    dd = load("double-deck")
    assert [dd.partners(s) for s in range(4)] == [(2,), (3,), (0,), (1,)]
    assert [(a, b) for a in range(4) for b in range(4) if dd.are_partners(a, b)] == [(0, 2), (1, 3), (2, 0), (3, 1)]
    for rid in ("luxury-family", "two-handed"):
        rs = load(rid)
        assert not any(rs.are_partners(a, b) for a in range(rs.seats) for b in range(rs.seats)), rid


def test_bid_levels():
    assert load("auction").bid_levels()[:4] == [15, 16, 17, 18]
    dd = load("double-deck").bid_levels()
    assert dd[:12] == [50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 65]
    assert load("luxury-family").bid_levels()[:3] == [10, 20, 30]


@pytest.mark.parametrize(
    "rid,opts,msg",
    [
        ("nope", {}, "unknown rule set"),
        ("auction", {"colour": "red"}, "unknown option"),
        ("auction", {"head": "sometimes"}, "bad value"),
        ("two-handed", {"counting": "all"}, "bad value"),
    ],
)
def test_bad_rules_and_options(rid, opts, msg):
    with pytest.raises(UserError, match=msg):
        load(rid, opts)


def test_house_rule_file(tmp_path):
    f = tmp_path / "our-house.toml"
    f.write_text('base = "auction"\n[options]\nrun-suits = "trump"\n[meld.farmer]\nvalues = [20, 200]\n'
                 '[scoring]\ntarget = 250\n')
    rs = load(str(f))
    assert rs.id == "our-house"
    assert rs.options["run-suits"] == "trump" and rs.options["target"] == 250
    assert rs.scoring.target == 250
    farmer = next(m for m in rs.melds if m.name == "farmer")
    assert farmer.values == (20, 200) and farmer.suit == "trump"
    # a command-line option wins over the file's
    assert load(str(f), {"run-suits": "any"}).options["run-suits"] == "any"


def test_bad_house_rule_files(tmp_path):
    with pytest.raises(UserError, match="cannot read"):
        load(str(tmp_path / "missing.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("base = \n")
    with pytest.raises(UserError, match="not valid TOML"):
        load(str(bad))
    nobase = tmp_path / "nobase.toml"
    nobase.write_text("[options]\nhead = 'always'\n")
    with pytest.raises(UserError, match="base"):
        load(str(nobase))
    wrongbase = tmp_path / "wrongbase.toml"
    wrongbase.write_text("base = 'skat'\n")
    with pytest.raises(UserError, match="unknown base"):
        load(str(wrongbase))
