"""The rule-set schema: every key of a house-rule file checked (unknown keys with the nearest valid name,
types, ranges), the same way by every command that reads rules; the built-in rule sets fit it."""


import numpy as np
import pytest

from analyzer.errors import UserError
from analyzer.rules import available, load
from analyzer.rules.schema import SECTIONS, RuleSpec, defaults, parse_spec

HAND = "AS TS KS QS JS 9S QS JD JD 9H AH AD"

# (house file text, words the one-line error must contain)
BAD_HOUSE_FILES = [
    ('base = "auction"\n[meld.nosuch]\nvalue = 3\n', ["unknown meld 'nosuch'", "farmer"]),
    ('base = "auction"\n[meld.farmr]\nvalues = [20, 200]\n', ["unknown meld 'farmr'", "did you mean 'farmer'"]),
    ('base = "auction"\n[table]\nseats = 7\n', ["table.seats", "between 2 and 4", "7"]),
    ('base = "auction"\n[table]\nseatz = 4\n', ["unknown key 'seatz'", "did you mean 'seats'"]),
    ('base = "auction"\n[meld.farmer]\nvalues = [1.5, 2.5]\n', ["meld.farmer.values[0]", "whole number", "1.5"]),
    ('base = "auction"\n[meld.farmer]\nvalues = "abc"\n', ["meld.farmer.values", "a list"]),
    ('base = "auction"\nfarmer = 3\n', ["unknown key 'farmer'", "[meld.farmer]"]),
    ('base = "auction"\n[play]\nhead = "sometimes"\n', ["play.head", "trump-led"]),
    ('base = "auction"\n[play]\nfollow = 1\n', ["play.follow", "true or false"]),
    ('base = "auction"\n[scoring]\ntarget = -5\n', ["scoring.target", "between 0"]),
    ('base = "auction"\n[scoring]\ntarget = 150.0\n', ["scoring.target", "whole number"]),
    ('base = "auction"\n[points]\ncards = { A = 1, T = 1, K = 1, Q = 0, J = 0, "9" = 0, "8" = 1 }\n',
     ["points.cards", "'8'"]),
    ('base = "auction"\n[meld.marriage]\nexcludes = ["farmr"]\n', ["excludes", "did you mean 'farmer'"]),
    ('base = "auction"\n[meld.dix]\nranks = { "9" = 3 }\n', ["meld.dix.ranks.9", "between 1 and 2"]),
    ('base = "auction"\n[meld.pinochle]\ncards = ["QS", "XX"]\n', ["meld.pinochle.cards", "XX"]),
    ('base = "auction"\n[options]\nhead = { value = "always" }\n', ["options.head", "one value"]),
    ('base = "auction"\n[options]\nhed = "always"\n', ["unknown option 'hed'", "did you mean 'head'"]),
    ('base = "auction"\n[table]\nhand_size = 11\n', ["undealt"]),
    ('base = "auction"\n[table]\nsides = [[0, 1], [1, 3]]\n', ["table.sides"]),
    ('base = "auctoin"\n', ["unknown base", "did you mean 'auction'"]),
    ('base = 3\n', ["unknown base"]),
    ("base = [", ["not valid TOML"]),
    ('base = "auction"\n[meld]\nfarmer = 3\n', ["meld.farmer", "a table"]),
    ('base = "auction"\ndeck = 3\n', ["deck", "a table"]),
    ('base = "auction"\n[advice]\nmargin = "wide"\n', ["advice.margin", "a number"]),
    ('base = "auction"\n[advice]\nmargin = true\n', ["advice.margin", "a number"]),
    ('base = "auction"\n[advice]\nmargn = 3\n', ["unknown key 'margn'", "did you mean 'margin'"]),
    ('base = "two-handed"\n[advice.formula]\nbase = 1.0\nper_sure = 2.0\n', ["advice.formula", "needs per_trump"]),
    ('base = "auction"\n[advice]\ndd_check_trumps = 5\n', ["advice.dd_check_trumps", "between 1 and 4"]),
    ('base = "auction"\n[passing]\ncards = 9\n', ["passing.cards", "between 0 and 8"]),
    ('base = "auction"\n[passing]\ncard = 3\n', ["unknown key 'card'", "did you mean 'cards'"]),
    ('base = "auction"\n[passing]\ncards = 3\nfirst = "dealer"\n', ["passing.first", "partner"]),
    ('base = "luxury-family"\n[passing]\ncards = 3\n', ["passing.cards", "no partnerships"]),
    ('base = "two-handed"\n[passing]\ncards = 3\n', ["passing.cards", "no bidding"]),
]


def _file(tmp_path, text, name="house.toml"):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


@pytest.mark.parametrize("text,words", BAD_HOUSE_FILES)
def test_bad_house_file_is_one_line_naming_the_key(text, words, tmp_path):
    f = _file(tmp_path, text)
    with pytest.raises(UserError) as e:
        load(str(f))
    msg = str(e.value)
    assert "\n" not in msg and str(f.name) in msg
    for w in words:
        assert w in msg, (w, msg)


@pytest.mark.parametrize("command", ["rules", "meld", "bid", "compare", "report"])
@pytest.mark.parametrize("text,words", [BAD_HOUSE_FILES[i] for i in (0, 2, 4, 6)])
def test_every_command_validates_house_files_the_same_way(command, text, words, tmp_path, run_cli):
    f = str(_file(tmp_path, text))
    args = {
        "rules": ["rules", f],
        "meld": ["meld", "--rules", f, "--hand", HAND],
        "bid": ["bid", "--rules", f, "--hand", HAND, "--samples", "50"],
        "compare": ["compare", "--rules", "auction", "--vs", f, "--samples", "50"],
        "report": ["report", "--rules", f, "--samples", "50", "--out", str(tmp_path / "r")],
    }[command]
    code, out, err = run_cli(args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    for w in words:
        assert w in err


def test_values_are_never_truncated(tmp_path):
    # the example of the issue: [1.5, 2.5] used to count as a farmer worth 1
    with pytest.raises(UserError, match=r"1\.5"):
        load(str(_file(tmp_path, 'base = "auction"\n[meld.farmer]\nvalues = [1.5, 2.5]\n')))


def test_non_utf8_house_file_is_a_user_error(tmp_path):
    f = tmp_path / "latin.toml"
    f.write_bytes(b'base = "auction"\n# caf\xe9\n')
    with pytest.raises(UserError, match="not UTF-8"):
        load(str(f))


def test_byte_order_mark_is_accepted(tmp_path):
    f = tmp_path / "bom.toml"
    f.write_bytes(b'\xef\xbb\xbfbase = "auction"\n[scoring]\ntarget = 200\n')
    assert load(str(f)).scoring.target == 200


def test_house_points_in_another_form_replace_the_base_form(tmp_path):
    rs = load(str(_file(tmp_path, 'base = "auction"\n[meld.farmer]\nvalue = 20\n')))
    farmer = next(m for m in rs.melds if m.name == "farmer")
    assert farmer.value == 20 and farmer.values == () and farmer.score(2) == 40


def test_a_new_meld_with_its_cards_is_allowed(tmp_path):
    rs = load(str(_file(tmp_path, 'base = "auction"\n[meld.nines-around]\naround = "9"\nvalue = 3\n')))
    assert any(m.name == "nines-around" and m.around == "9" for m in rs.melds)


def test_builtin_rule_sets_fit_the_schema_and_fill_every_default():
    for rid in available():
        rs = load(rid)
        assert isinstance(rs.spec, RuleSpec) and rs.spec.id == rid
        for section, cls in SECTIONS.items():
            if section in ("play", "bidding", "scoring"):  # the rule set carries the typed sections
                assert isinstance(getattr(rs, section), cls) and getattr(rs, section) == getattr(rs.spec, section)
        for k, v in defaults(type(rs.spec.bidding)).items():
            if k not in rs.raw.get("bidding", {}):
                assert getattr(rs.bidding, k) == v


def test_parse_spec_rejects_a_rule_dict_without_its_sections():
    from analyzer.rules.schema import SchemaError

    with pytest.raises(SchemaError, match="needs deck"):
        parse_spec({"id": "x", "table": {}, "points": {}})


def test_advice_values_are_rule_data(tmp_path):
    """The advisor's measured values come from the rule files: a house rule inherits them and may restate
    them; the formula allowances serve the default options only (others are fitted)."""
    from analyzer.bidding.formula import bidding_margin, formula_params

    rs = load("auction")
    assert rs.advice.margin == 8.0 and rs.advice.dd_by_default and rs.advice.formula.per_trump == 1.52
    assert bidding_margin(rs) == 8.0 and formula_params(rs) == rs.advice.formula
    house = load(str(_file(tmp_path, 'base = "auction"\n[advice]\nmargin = 6\narena_samples = 50\n')))
    assert house.advice.margin == 6.0 and house.advice.arena_samples == 50 and house.advice.formula == rs.advice.formula
    assert bidding_margin(house) == 6.0
    assert load("two-handed").advice.formula is None


def test_a_house_file_says_its_own_summary(tmp_path):
    """A house file that writes no summary is summed up by its base and what it changes (never the base's line,
    which describes another game: "auction from 15" over an opening of 20); one that writes a summary keeps it."""
    base = load("auction")
    rs = load(str(_file(tmp_path, 'base = "auction"\n[bidding]\nopening = 20\n[options]\nrun-suits = "trump"\n')))
    assert rs.summary == "house rules on auction: bidding.opening = 20; option run-suits = trump"
    assert "from 15" in base.summary and "from 15" not in rs.summary
    meld = load(str(_file(tmp_path, 'base = "auction"\n[meld.farmer]\nvalues = [20, 200]\n')))
    assert meld.summary == "house rules on auction: meld.farmer.values = [20, 200]"
    assert load(str(_file(tmp_path, 'base = "double-deck"\n'))).summary == "house rules on double-deck: no changes"
    own = load(str(_file(tmp_path, 'base = "auction"\nsummary = "our table\'s game"\n[bidding]\nopening = 20\n')))
    assert own.summary == "our table's game"
    # the built-in games keep theirs, and an option chosen on the command line changes none
    assert load("auction", {"target": 200}).summary == base.summary


def test_every_option_value_of_the_built_in_games_is_among_its_choices():
    for rid in available():
        rs = load(rid)
        for name, spec in rs.option_specs.items():
            assert rs.options[name] in spec.choices, (rid, name)


@pytest.mark.parametrize("text,option,value", [
    ('base = "auction"\n[scoring]\ntarget = 300\n', "target", 300),
    ('base = "auction"\n[bidding]\nrounds = 0\n', "bidding-rounds", 0),
    ('base = "auction"\n[meld.farmer]\nsuit = "plain"\n', "run-suits", "plain"),
])
def test_a_house_value_outside_an_options_choices_widens_them_in_the_house_game(tmp_path, text, option, value):
    """A house file defines its own game: a value it writes at an option's path that the base's choices lack becomes
    one of the choices there and the default (issue 52: `[scoring] target = 300` was refused); the base is unchanged
    and --option still takes only the choices so widened."""
    f = _file(tmp_path, text)
    rs = load(str(f))
    assert rs.options[option] == value
    assert value in rs.option_specs[option].choices
    assert value not in load("auction").option_specs[option].choices
    base_choice = load("auction").option_specs[option].choices[0]
    assert load(str(f), {option: str(base_choice)}).options[option] == base_choice
    with pytest.raises(UserError, match=f"bad value '7' for option {option}"):
        load(str(f), {option: "7"})


def test_a_house_value_outside_the_schemas_range_is_still_refused(tmp_path):
    f = _file(tmp_path, 'base = "auction"\n[bidding]\nrounds = 20\n')
    with pytest.raises(UserError, match="bidding.rounds must lie between 0 and 10"):
        load(str(f))


def test_the_peer_game_of_slippedup42_as_a_house_file():
    """docs/RULES.md, "Peer games": Slippedup42's partnership game on the ten-times scale, its keys and the worked
    example (hearts trump: run 150 + its trump marriage 40 besides + dix 10 + marriage 20 + pinochle 40 + aces 100)."""
    from analyzer.cards import Hand
    from analyzer.meld import meld_breakdown

    rs = load("house/slippedup42-partnership.toml")
    assert (rs.bidding.opening, rs.bidding.step, rs.bidding.rounds, rs.bidding.all_pass) == (250, 10, 0, "dealer")
    assert rs.forced_contract == 250 and rs.passing.cards == 3 and rs.concession.allowed
    assert rs.total_points == 250 and rs.scoring.target == 1000 and rs.play.head == "always"
    cards = "AH TH KH QH JH 9H KS QS JD AS AD AC"
    got = {(m.meld, m.suit): m.points for m in meld_breakdown(Hand.parse(cards, rs.deck), rs, 1)}
    assert got == {("marriage", "S"): 20, ("farmer", "H"): 150, ("marriage", "H"): 40, ("dix", "H"): 10,
                   ("pinochle", None): 40, ("aces-around", None): 100}
    base = load("auction")
    assert sum(m.points for m in meld_breakdown(Hand.parse(cards, base.deck), base, 1)) * 10 == 320


def _melds(rs, cards: str, trump: int) -> dict:
    """(meld, suit) -> points of a hand with trump suit index ``trump`` (S H D C)."""
    from analyzer.cards import Hand
    from analyzer.meld import meld_breakdown

    return {(m.meld, m.suit): m.points for m in meld_breakdown(Hand.parse(cards, rs.deck), rs, trump)}


def test_a_house_files_bidding_signals_replace_the_bases(tmp_path):
    """A house file's ``[bidding] signals`` are its game's conventions: they replace the base's table whole (``{}``: a
    game without them), where every other table merges key by key."""
    assert load("auction").bidding.signals["22"] == "8 meld"
    assert load(str(_file(tmp_path, 'base = "auction"\n[bidding]\nsignals = {}\n'))).bidding.signals == {}
    own = load(str(_file(tmp_path, 'base = "auction"\n[bidding]\nsignals = { "30" = "4 meld" }\n')))
    assert own.bidding.signals == {"30": "4 meld"}
    assert load(str(_file(tmp_path, 'base = "auction"\n[bidding]\nopening = 20\n'))).bidding.signals["22"] == "8 meld"


def test_the_peer_game_of_philhanna_as_a_house_file():
    """docs/RULES.md, "Peer games": philhanna/pinochle's partnership game. Its keys; the worked meld (hearts trump: run
    150, the spare trump K-Q a royal marriage 40 beside it, pinochle 40, aces around 100: 330, where Slippedup42's run
    keeps its own trump marriage too: 370); a set hand and a side without a trick."""
    from analyzer.score import score_hand

    rs = load("house/philhanna-partnership.toml")
    assert (rs.bidding.opening, rs.bidding.step, rs.bidding.rounds, rs.bidding.all_pass) == (250, 10, 0, "throw-in")
    assert rs.forced_contract is None and rs.bidding.signals == {} and not rs.concession.allowed
    assert rs.passing.cards == 4 and rs.passing.first == "partner" and rs.play.head == "always"
    assert rs.total_points == 250 and rs.scoring.target == 2000 and rs.scoring.no_trick_no_meld
    cards = "AH TH KH KH QH QH JH QS JD AS AD AC"
    got = _melds(rs, cards, 1)
    assert got == {("farmer", "H"): 150, ("marriage", "H"): 40, ("pinochle", None): 40, ("aces-around", None): 100}
    assert sum(_melds(load("house/slippedup42-partnership.toml"), cards, 1).values()) == 370
    # seat 0 bid 300; N-S meld 90 and take 170: 260 < 300, set (-300 here; the peer's -390 takes the meld too);
    # E-W meld 50 and take 80: 130. Had N-S taken every trick (90 + 250 = 340, made), E-W would score nothing, their
    # meld included.
    meld = np.array([[60, 40, 30, 10], [60, 40, 30, 10]])
    pts = np.array([[100, 50, 70, 30], [150, 0, 100, 0]])
    tricks = np.array([[5, 3, 2, 2], [7, 0, 5, 0]])
    assert score_hand(rs, meld, pts, tricks, 0, 300).tolist() == [[-300, 130, -300, 130], [340, 0, 340, 0]]


def test_the_peer_game_of_sdzpinochle_as_a_house_file():
    """docs/RULES.md, "Peer games": mzimmerman/sdzpinochle's game. Its keys; the worked meld (clubs trump: the clubs run
    15, the diamonds run only a marriage 2, aces around 10: 27; the seed's auction counts both runs: 40); the dealer
    holding 20 from the start, one round, and the throw-in (minus the bid, the others nothing)."""
    from analyzer.bidding.auction import parse_calls, replay
    from analyzer.score import score_conceded

    rs = load("house/sdzpinochle-partnership.toml")
    assert (rs.bidding.opening, rs.bidding.rounds, rs.bidding.dealer_holds, rs.forced_contract) == (20, 1, True, 20)
    assert rs.bidding.signals == {} and rs.passing.cards == 0 and rs.play.head == "always"
    assert (rs.concession.allowed, rs.concession.defenders_meld, rs.concession.defenders_points) == (True, False, 0)
    assert rs.total_points == 25 and rs.scoring.target == 120 and rs.deal_packet == 1
    cards = "AC TC KC QC JC AD TD KD QD JD AH AS"
    assert _melds(rs, cards, 3) == {("farmer", "C"): 15, ("marriage", "D"): 2, ("aces-around", None): 10}
    assert sum(_melds(load("auction"), cards, 3).values()) == 40
    # seat 0 deals; 1, 2 and 3 pass: the dealer plays at 20 without a call of his own
    stuck = replay(rs, 0, parse_calls("1:pass 2:pass 3:pass", rs))
    assert stuck.done and (stuck.winner, stuck.contract) == (0, 20)
    # one round: seat 1 bids 21, the dealer has the last word at 22 and seat 1 gets no second turn
    last = replay(rs, 0, parse_calls("1:21 2:pass 3:pass 0:22", rs))
    assert last.done and (last.winner, last.contract) == (0, 22)
    # the dealer names trump and throws the hand in: N-S -20, E-W nothing whatever they meld
    assert score_conceded(rs, np.array([[6, 4, 3, 9]]), 0, 20).tolist() == [[-20, 0, -20, 0]]


def test_the_peer_game_of_the_pinochle_scorer_as_a_house_file():
    """docs/RULES.md, "Peer games": chwarner-solo/pinochle-scorer's double deck. Its keys; the worked score (seat 1 bid
    55: E-W meld 30 and take 28, 58; N-S meld 24 and take 22, 46); no instant win where the seed's game has one."""
    from analyzer.game import GameState, HandResult, after_hand
    from analyzer.score import score_hand

    rs, seed = load("house/chwarner-double-deck.toml"), load("double-deck")
    sc = rs.scoring
    assert (sc.declarer_min_meld, sc.declarer_min_tricks, sc.defender_min_tricks, sc.target) == (20, 20, 20, 500)
    assert not sc.win_all_tricks and sc.early_win == 0 and sc.bid_or_set_at == 0
    assert sc.quad_pinochle_win > rs.total_points == 50
    meld = np.array([[14, 18, 10, 12]])
    assert score_hand(rs, meld, np.array([[12, 16, 10, 12]]), np.array([[5, 6, 4, 5]]), 1, 55).tolist() == [
        [46, 58, 46, 58]]
    # at 240-0 N-S bid 60, meld 30 and take every trick: 80 -> 320-0; the seed's game ends at once (every trick,
    # and 250 before E-W scored), the scorer's goes on
    sc_hand = score_hand(rs, np.array([[20, 0, 10, 0]]), np.array([[30, 0, 20, 0]]), np.array([[10, 0, 10, 0]]), 0, 60)
    state = GameState(totals=(240, 0), dealer=0, hands=2, scored=(True, False))
    for rules, winner in ((rs, None), (seed, (0,))):
        hand = HandResult.from_seats(rules, sc_hand[0], declarer=0, made=True, tricks=np.array([10, 0, 10, 0]),
                                     points=np.array([30, 0, 20, 0]))
        g = after_hand(rules, state, hand)
        assert g.totals == (320, 0) and g.winner == winner


def test_the_peer_game_of_joedog_as_a_house_file():
    """docs/RULES.md, "Peer games": JoeDog/pinochle's game. Its keys; the worked meld (hearts trump: run 15 and the
    second trump K-Q 4; the diamonds run counts its marriage 2 only: 21); the dealer left at 15 when all pass; bidders
    without a trick lose their meld and the bid."""
    from analyzer.bidding.auction import parse_calls, replay
    from analyzer.score import score_hand

    rs = load("house/joedog-partnership.toml")
    assert (rs.bidding.opening, rs.bidding.step, rs.bidding.rounds, rs.forced_contract) == (16, 1, 0, 15)
    assert rs.bidding.signals == {} and rs.passing.cards == 3 and rs.play.head == "trump-led"
    assert rs.total_points == 25 and rs.scoring.target == 300 and rs.scoring.no_trick_no_meld
    assert load("house/joedog-partnership.toml", {"bidding-rounds": "1"}).bidding.rounds == 1
    assert _melds(rs, "AH TH KH KH QH QH JH AD TD KD QD JD", 1) == {
        ("farmer", "H"): 15, ("marriage", "H"): 4, ("marriage", "D"): 2}
    a = replay(rs, 0, parse_calls("1:pass 2:pass 3:pass 0:pass", rs))
    assert a.done and a.forced and (a.winner, a.contract) == (0, 15)
    # seat 0 bid 16; N-S meld 20 and take no trick: their meld is lost, -16; E-W meld 5 and take all 25: 30
    meld = np.array([[12, 3, 8, 2]])
    assert score_hand(rs, meld, np.array([[0, 15, 0, 10]]), np.array([[0, 7, 0, 5]]), 0, 16).tolist() == [
        [-16, 30, -16, 30]]
