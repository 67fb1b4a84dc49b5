"""The rule-set schema: every section of a rule-set TOML file as a typed dataclass, with its defaults.

This module is the one place that says which keys a rule set has, what type and range each value has,
and what a key left out means (its default). :func:`parse_spec` checks a rule dict (a built-in file,
or a house-rule file merged onto its base, options applied) against it and returns a
:class:`RuleSpec`; every unknown key is an error that names the nearest valid key, every value is
checked for type and range, and nothing is coerced silently (``values = [1.5, 2.5]`` is an error, not
``[1, 2]``). The loader (:mod:`analyzer.rules.loader`) builds the :class:`~analyzer.rules.model.RuleSet`
from the spec.

Sections and their keys (the field docs below say what each one means):

* top level: ``id``, ``name``, ``seed``, ``summary``, ``reference``;
* ``[deck]`` :class:`DeckSpec`, ``[table]`` :class:`TableSpec`, ``[points]`` :class:`PointsSpec`,
  ``[play]`` :class:`PlaySpec`, ``[bidding]`` :class:`BiddingSpec`, ``[scoring]`` :class:`ScoringSpec`,
  ``[concession]`` :class:`ConcessionSpec` (a variant: the bid winner conceding after the meld),
  ``[passing]`` :class:`PassingSpec` (a variant: partners passing cards after trump is named),
  ``[advice]`` :class:`AdviceSpec` (the advisor's values measured for the game, with ``[advice.formula]``),
  ``[solver]`` :class:`SolverSpec` (the double-dummy solver's measured settings);
* ``[meld.NAME]`` :class:`MeldEntry` (one per meld) and ``[options.NAME]`` :class:`OptionEntry`.

A house-rule file adds ``base = "auction"`` and a table ``[options]`` of ``name = value`` pairs.

Keys of the variants the seeds do not play (a forced dealer's contract, concession, card passing: issue 52) carry
``"variant": True`` in their metadata: :func:`section_data`, the rule set as plain data, lists them only where a
rule set sets them away from their default, so the four games read as they always have.
"""

from __future__ import annotations

import functools
import json
from dataclasses import MISSING, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

from analyzer.rules.typecheck import SchemaError, expect, nearest, section_of

#: where the fitted clue models are kept (the one path both the schema and :mod:`analyzer.bidding.cluemodel` read):
#: written by ``python3 -m analyzer.arena.cluefit fit --write`` (never by hand)
CLUE_FIT_FILE = Path(__file__).parent / "clue_fit.json"


@functools.cache
def fitted_clue_models() -> tuple[str, ...]:
    """The rule sets with a fitted clue model (the ids in :data:`CLUE_FIT_FILE`; what ``[advice] clue_fit`` may
    name besides ``prior``)."""
    if not CLUE_FIT_FILE.exists():
        return ()
    return tuple(sorted(json.loads(CLUE_FIT_FILE.read_text(encoding="utf-8"))))

#: rank letters a deck may use (``10`` is accepted for ``T`` in card names)
RANK_LETTERS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
#: the largest number of points, bids or targets a rule value may hold
MAX_POINTS = 100_000


def _r(lo: int, hi: int, doc: str) -> Any:
    """Field metadata: the value's range and what it means."""
    return {"range": (lo, hi), "doc": doc}


def _d(doc: str) -> Any:
    return {"doc": doc}


@dataclass(frozen=True)
class DeckSpec:
    """``[deck]``: the pack."""

    ranks: tuple[str, ...] = field(metadata=_d("ranks from high to low, e.g. [A, T, K, Q, J, 9]"))
    copies: int = field(metadata=_r(1, 4, "identical copies of each card"))


@dataclass(frozen=True)
class TableSpec:
    """``[table]``: seats, sides and the deal."""

    seats: int = field(metadata=_r(2, 4, "players at the table"))
    sides: tuple[tuple[int, ...], ...] = field(metadata=_d("the seats of each side, e.g. [[0, 2], [1, 3]]"))
    hand_size: int = field(metadata=_r(1, 40, "cards dealt to each player"))
    deal_packet: int = field(default=1, metadata=_r(1, 20, "cards dealt at a time"))


@dataclass(frozen=True)
class PointsSpec:
    """``[points]``: card points and trick bonuses."""

    cards: dict[str, int] = field(metadata=_d("points of each rank, e.g. { A = 1, T = 1, K = 1, Q = 0, J = 0 }"))
    last_trick: int = field(default=0, metadata=_r(0, MAX_POINTS, "points for taking the last trick"))
    per_trick: int = field(default=0, metadata=_r(0, MAX_POINTS, "points for each trick taken"))
    convert: tuple[tuple[int, int], ...] = field(
        default=(), metadata=_d("card points to trick points: [[from, slope], ...] (Luxury Family)"))


@dataclass(frozen=True)
class PlaySpec:
    """``[play]``: who leads and what a player must play."""

    leader: Literal["declarer", "non-dealer"] = field(default="declarer", metadata=_d("who leads the first trick"))
    follow: bool = field(default=True, metadata=_d("a player must follow the led suit when able"))
    must_trump: bool = field(default=True, metadata=_d("a player unable to follow must trump when able"))
    head: Literal["never", "trump-led", "always"] = field(
        default="never", metadata=_d("must a player beat the trick's winning card"))
    first_lead_trump: bool = field(default=False, metadata=_d("the declarer must lead trump to the first trick"))
    first_lead_trump_unless_bid: int | None = field(
        default=None, metadata=_r(0, MAX_POINTS, "... unless the winning bid was this"))
    stock: bool = field(default=False, metadata=_d("undealt cards form a stock drawn from (two-handed)"))
    meld_notes: Literal["strict", "relaxed"] = field(
        default="strict", metadata=_d("two-handed phase 1: adding to a meld scores the difference (strict)"))


@dataclass(frozen=True)
class BiddingSpec:
    """``[bidding]``: the auction (``kind = "none"``: no bidding)."""

    kind: Literal["none", "ascending"] = field(default="none", metadata=_d("none, or ascending bids"))
    opening: int = field(default=0, metadata=_r(0, MAX_POINTS, "the lowest bid"))
    step: int = field(default=1, metadata=_r(1, MAX_POINTS, "the least raise"))
    multiple_above: int = field(default=0, metadata=_r(0, MAX_POINTS, "bids above this are multiples of `multiple`"))
    multiple: int = field(default=1, metadata=_r(1, MAX_POINTS, "see multiple_above"))
    rounds: int = field(default=0, metadata=_r(0, 10, "bidding rounds (0: until all but one have passed)"))
    dealer_holds: bool = field(default=False, metadata=_d("the dealer holds the opening bid"))
    all_pass: Literal["throw-in", "dealer"] = field(
        default="throw-in", metadata=_d("what happens when all pass: the deal is thrown in (throw-in), or the dealer "
                                        "is held to a contract and plays it (dealer: at all_pass_bid)"))
    all_pass_bid: int | None = field(
        default=None, metadata={**_r(1, MAX_POINTS, "with all_pass = \"dealer\": the contract the dealer is held to "
                                                   "when all pass (left out: the opening bid; it may lie below it)"),
                                "variant": True})
    meld_bids: tuple[int, ...] = field(default=(), metadata=_d("first-round meld bids [lo, hi] (double deck)"))
    meld_bid_unit: int = field(default=10, metadata=_r(1, MAX_POINTS, "meld points per step of a meld bid"))
    levels: int = field(default=20, metadata=_r(1, 400, "bid levels the advisor reports above the opening"))
    signals: dict[str, str] = field(default_factory=dict, metadata=_d("bid value -> what it signals (a house file's "
                                                                        "table replaces the base's whole)"))


@dataclass(frozen=True)
class ScoringSpec:
    """``[scoring]``: who scores what after a hand, and how hands make a game (:mod:`analyzer.game`).

    A game ends at the target (``target``, ``game_end``) or after a fixed number of hands (``hands``,
    ``tie``), or at once by an instant win (``win_all_tricks``, ``early_win``, ``quad_pinochle_win``);
    ``bid_or_set_at`` holds back the score of a side near the target (double deck's 400 rule)."""

    unit: Literal["side", "player"] = field(default="side", metadata=_d("partnerships score together, or players"))
    declarer_min_meld: int = field(default=0, metadata=_r(0, MAX_POINTS, "meld the bidders need to count it"))
    declarer_min_tricks: int = field(default=0, metadata=_r(0, MAX_POINTS, "trick points the bidders need"))
    defender_min_tricks: int = field(default=0, metadata=_r(0, MAX_POINTS, "trick points the defenders need"))
    no_trick_no_meld: bool = field(default=False, metadata=_d("a side that takes no trick scores no meld"))
    target: int = field(default=0, metadata=_r(0, MAX_POINTS, "game score: a total at or above it wins (0: no target)"))
    game_end: Literal["bidder-first", "higher-total"] = field(
        default="bidder-first", metadata=_d("when more than one side reaches the target in one hand: the bidding "
                                            "side wins if it made its bid (bidder-first; no bidder: the higher "
                                            "total), or the higher total wins (higher-total); equal totals play "
                                            "another hand"))
    hands: int = field(default=0, metadata=_r(0, 100, "a game is this many hands, the highest total winning "
                                                      "(0: no fixed number; Luxury Family 3)"))
    tie: Literal["shared", "another-hand"] = field(
        default="shared", metadata=_d("a tie for the highest total after the last of `hands`: those tied share the "
                                      "win (shared), or another hand is played (another-hand)"))
    win_all_tricks: bool = field(default=False, metadata=_d("a side that takes every trick of a hand wins at once"))
    early_win: int = field(default=0, metadata=_r(0, MAX_POINTS, "a side whose total reaches this while no other "
                                                                 "side's total has ever been above 0 wins at once "
                                                                 "(0: no such win)"))
    quad_pinochle_win: int | None = field(
        default=None, metadata=_r(0, MAX_POINTS, "a side holding quadruple pinochle that takes at least this many "
                                                 "trick points wins at once (left out: no such win)"))
    bid_or_set_at: int = field(default=0, metadata=_r(0, MAX_POINTS, "a side whose total is at or above this scores "
                                                                     "in a hand only if it took the bid or set the "
                                                                     "bidders (0: no such rule)"))


def _v(meta: dict[str, Any]) -> Any:
    """Field metadata of a variant's key (module docstring)."""
    return {**meta, "variant": True}


@dataclass(frozen=True)
class ConcessionSpec:
    """``[concession]``: may the bid winner concede ("throw in") a contract after the meld, before the first lead,
    and who scores what then (docs/RULES.md, "Concession", the sources and worked examples). The declaring unit
    scores minus the bid, as when set (every source agrees); no trick is played, so no trick condition applies."""

    allowed: bool = field(default=False, metadata=_v(_d("the bid winner may concede after the meld, before the "
                                                         "first lead (false: every contract is played)")))
    defenders_meld: bool = field(default=True, metadata=_v(_d("each other scoring unit scores its meld")))
    defenders_points: int = field(default=0, metadata=_v(_r(0, MAX_POINTS, "points each other scoring unit scores "
                                                                           "besides (e.g. the trick points of a hand: "
                                                                           "25, 50, 250)")))


@dataclass(frozen=True)
class PassingSpec:
    """``[passing]``: after the bid winner names trump and before the meld is shown, the two partners of the
    declaring side exchange cards (docs/RULES.md, "Card passing", the sources and a worked example): ``first``
    passes ``cards`` cards to the other, who then passes the same number back, and may return cards just received.
    ``cards = 0`` (the default): no pass, the four games as the seeds play them."""

    cards: int = field(default=0, metadata=_v(_r(0, 8, "cards passed each way (0: no pass; players use 3 or 4)")))
    first: Literal["partner", "bidder"] = field(
        default="partner", metadata=_v(_d("who passes first: the bid winner's partner to the bid winner, who passes "
                                          "back (partner, the usual order), or the bid winner first (bidder)")))

    @property
    def bidder_first(self) -> bool:
        """Whether the bid winner passes first (``first = "bidder"``); else his partner does and he passes back."""
        return self.first == "bidder"


@dataclass(frozen=True)
class FormulaAllowances:
    """``[advice.formula]``: the formula valuation's allowances (meld + base + per_sure x sure tricks +
    per_trump x trumps beyond a quarter of the hand), fitted by ``analyzer.bidding.formula.fit_formula``."""

    base: float = field(metadata=_r(-MAX_POINTS, MAX_POINTS, "partner's meld and the trick points any hand takes"))
    per_sure: float = field(metadata=_r(-MAX_POINTS, MAX_POINTS, "points per sure trick"))
    per_trump: float = field(metadata=_r(-MAX_POINTS, MAX_POINTS, "points per trump beyond a quarter of the hand"))
    partner_meld: float = field(default=0.0, metadata=_r(0, MAX_POINTS, "the partner's mean meld (part of base)"))


@dataclass(frozen=True)
class AdviceSpec:
    """``[advice]``: values the advisor and its models use for this game, each measured (the TOML says
    how). A house rule inherits them from its base; the formula allowances serve the default options only
    (other options fit their own on first use)."""

    formula: FormulaAllowances | None = field(
        default=None, metadata=_d("the formula valuation's allowances (left out: fitted on first use)"))
    margin: float | None = field(
        default=None, metadata=_r(0, MAX_POINTS, "how far below its valuation a formula bidder stops "
                                                 "(left out: a quarter of a fair share of the trick points)"))
    arena_samples: int = field(default=240, metadata=_r(10, 100_000, "sampled deals per call of the arena's advisor"))
    raise_partner: Literal["ceiling", "clear", "never"] = field(
        default="ceiling", metadata=_d("with a turn to come, when the advisor raises its partner's standing bid: up "
                                       "to the ceiling like any bid (ceiling), only with a raise that beats passing "
                                       "beyond the sampling noise (clear), or never with a free bid (never)"))
    partner_calls: Literal["conventions", "own"] = field(
        default="conventions", metadata=_d("how the advice reads my partner's calls: by the game's bidding "
                                           "conventions (conventions), or the way the advisor itself calls (own: with "
                                           "conventions = \"free\", as strength only, never as a meld bid or signal)"))
    retake_from_partner: bool = field(
        default=False, metadata=_d("whether the advisor may bid again over its partner when the partner's standing bid "
                                   "was made over the advisor's own: true lets partners take the bid back and forth "
                                   "(each reading the other as too weak to play it, they went on to the cap), false "
                                   "leaves it to the partner who took it over"))
    conventions: Literal["keep", "free"] = field(
        default="keep", metadata=_d("whether the advisor's own calls keep the game's bidding conventions while a "
                                    "seat after it could read them (keep), or call freely (free); it reads the "
                                    "other seats' calls by them either way"))
    relax_clues: Literal["drop", "prior", "partner"] = field(
        default="drop", metadata=_d("when the calls so far, read with the fitted clue model, accept too few sampled "
                                    "deals: drop the soft clues (drop), or first read them with the prior model, a bid "
                                    "saying the hand reaches about that far, then only the other seats' highest bid "
                                    "(prior), or first read only my partner's bids with the prior model (partner)"))
    clue_fit: str | None = field(
        default=None, metadata=_d("whose fitted clue model reads the calls (analyzer/rules/clue_fit.json) where this "
                                  "rule set has no fit of its own: a rule set's id, or \"prior\" for the prior model; "
                                  "a house file on a base reads its base's unless it says otherwise (left out "
                                  "elsewhere: the prior)"))
    reach: Literal["formula", "rich"] = field(
        default="formula", metadata=_d("how the advice values the other seats' hands when it reads their calls and "
                                       "plays the rest of the auction: the formula valuation (formula), or the rich "
                                       "one of analyzer.bidding.reach, fitted on played-out deals (rich)"))
    dd_by_default: bool = field(default=False, metadata=_d("pinochle bid includes the double-dummy check"))
    dd_check_samples: int = field(default=4, metadata=_r(1, 100_000, "deals of the double-dummy check"))
    dd_check_trumps: int = field(default=1, metadata=_r(1, 4, "trumps of the double-dummy check"))
    dd_check_max_nodes: int = field(default=5_000_000, metadata=_r(1, 10**10, "node budget of a check solve"))
    dd_check_tricks_left: int = field(
        default=0, metadata=_r(0, 64, "tricks the double-dummy check solves: each deal's first tricks played by the "
                                      "heuristic players until this many are left, the rest solved double dummy, "
                                      "labelled 'from trick k' (0: whole deals)"))
    dd_only_samples: int = field(default=10, metadata=_r(1, 100_000, "deals of a double-dummy-only analysis"))
    dd_only_max_nodes: int = field(default=20_000_000, metadata=_r(1, 10**10, "node budget of a solve of a "
                                                                   "double-dummy-only analysis"))
    bid_samples: int = field(default=4000, metadata=_r(1, 100_000, "sampled deals of one bid analysis (pinochle bid "
                                                       "and two-hand, unless asked for more or fewer)"))
    dd_make_samples: int = field(default=0, metadata=_r(0, 100_000, "deals of the double-dummy make check (one "
                                                                       "search a deal; 0: none)"))
    dd_make_max_nodes: int = field(default=2_000_000, metadata=_r(1, 10**10, "node budget of a make check search"))
    play_samples: int = field(default=100, metadata=_r(1, 100_000, "sampled deals of one card-play decision "
                                                                     "(pinochle play)"))
    play_max_nodes: int = field(default=200_000, metadata=_r(1, 10**10, "node budget of a card-play decision's "
                                                                        "solve of one deal (every legal card); a "
                                                                        "deal past it is valued by rollouts"))
    play_dd_tricks_left: int = field(
        default=0, metadata=_r(0, 64, "pinochle play: the solver is tried only where at most this many tricks are "
                                      "left, counting the one in progress (more: heuristic rollouts at once, where "
                                      "the budget would run out on nearly every deal); 0: at every trick"))


@dataclass(frozen=True)
class SolverSpec:
    """``[solver]``: the double-dummy solver's settings for this game, each measured (the TOML says how)."""

    resolution: int = field(default=1, metadata=_r(1, MAX_POINTS, "the solver's points (card points and trick "
                                                                  "bonuses, before any conversion) within which "
                                                                  "proven bounds answer the advice: about one bid "
                                                                  "step (1: exact values)"))
    guess_shift: int = field(default=0, metadata=_r(-MAX_POINTS, MAX_POINTS, "points added to a first guess of "
                                                                             "the value before the first search"))
    slot_bits: int = field(default=14, metadata=_r(4, 20, "log2 of the transposition table's slots per thread"))
    ways: int = field(default=128, metadata=_r(1, 1023, "table entries per slot"))
    tlen: bool = field(default=False, metadata=_d("sure points also by trump length (later tricks)"))
    forced: bool = field(default=False, metadata=_d("trump-trick bounds add the other side's cheapest cards"))
    etc: int = field(default=0, metadata=_r(0, 40, "enhanced transposition cut-offs at a trick's last card where "
                                                   "at least this many tricks are left after it (0: never)"))


@dataclass(frozen=True)
class MeldEntry:
    """``[meld.NAME]``: one meld — its cards (exactly one of ``ranks``, ``around``, ``cards``) and points
    (``value`` per copy, or ``values`` by number of copies)."""

    label: str = field(default="", metadata=_d("the name shown (default: NAME with spaces)"))
    suit: Literal["any", "trump", "plain"] = field(default="any", metadata=_d("which suits a rank pattern counts in"))
    ranks: dict[str, int] = field(default_factory=dict, metadata=_d("a pattern inside one suit: rank = copies"))
    around: str = field(default="", metadata=_d("a rank held in every suit"))
    cards: tuple[str, ...] = field(default=(), metadata=_d("fixed cards, e.g. [\"QS\", \"JD\"]"))
    value: int | None = field(default=None, metadata=_r(0, MAX_POINTS, "points per complete copy"))
    trump_value: int | None = field(default=None, metadata=_r(0, MAX_POINTS, "points per copy in trump"))
    values: tuple[int, ...] = field(default=(), metadata=_r(0, MAX_POINTS, "points for 1, 2, ... copies"))
    trump_values: tuple[int, ...] = field(default=(), metadata=_r(0, MAX_POINTS, "the same in trump"))
    group: str = field(default="", metadata=_d("melds of one group in a suit are alternatives: the best counts"))
    excludes: tuple[str, ...] = field(default=(), metadata=_d("melds whose cards this one cannot use"))


Scalar = str | int


@dataclass(frozen=True)
class OptionEntry:
    """``[options.NAME]`` of a rule set: a switchable rule and what each value changes."""

    choices: tuple[Scalar, ...] = field(metadata=_d("the values a user may choose"))
    default: Scalar = field(metadata=_d("the value in force unless chosen"))
    help: str = field(default="", metadata=_d("what the option means"))
    path: str = field(default="", metadata=_d("the rule value the option sets, e.g. play.head"))
    patch: dict[str, dict[str, Any]] = field(default_factory=dict, metadata=_d("value -> {path = value, ...}"))


@dataclass(frozen=True)
class RuleSpec:
    """A whole rule set, checked: what :func:`parse_spec` returns."""

    id: str = field(metadata=_d("the rule set's id"))
    deck: DeckSpec
    table: TableSpec
    points: PointsSpec
    play: PlaySpec = field(default_factory=PlaySpec)
    bidding: BiddingSpec = field(default_factory=BiddingSpec)
    scoring: ScoringSpec = field(default_factory=ScoringSpec)
    concession: ConcessionSpec = field(default_factory=ConcessionSpec)
    passing: PassingSpec = field(default_factory=PassingSpec)
    advice: AdviceSpec = field(default_factory=AdviceSpec)
    solver: SolverSpec = field(default_factory=SolverSpec)
    meld: dict[str, MeldEntry] = field(default_factory=dict)
    options: dict[str, OptionEntry] = field(default_factory=dict)
    name: str = field(default="", metadata=_d("the game's name (default: the id)"))
    seed: str = field(default="", metadata=_d("the rule text it reads"))
    summary: str = field(default="", metadata=_d("one line about the game"))
    reference: bool = field(default=False, metadata=_d("not a pinochle game (the solver's bridge reference)"))


#: keys of a house-rule file besides those of a rule set
HOUSE_KEYS = ("base", "options")
SECTIONS = {"deck": DeckSpec, "table": TableSpec, "points": PointsSpec, "play": PlaySpec, "bidding": BiddingSpec,
            "scoring": ScoringSpec, "concession": ConcessionSpec,
            "passing": PassingSpec, "advice": AdviceSpec, "solver": SolverSpec}


def defaults(section: type) -> dict[str, Any]:
    """The default of every key of a section that has one (what a rule file may leave out)."""
    out = {}
    for f in fields(section):
        if f.default is not MISSING:
            out[f.name] = f.default
        elif f.default_factory is not MISSING:
            out[f.name] = f.default_factory()
    return out


def section_data(section: Any) -> dict[str, Any]:
    """A section's keys and values as plain data (``dataclasses.asdict``), less the variant keys (module docstring)
    left at their default."""
    out = asdict(section)
    for f in fields(section):
        if f.metadata.get("variant") and f.default is not MISSING and out[f.name] == f.default:
            del out[f.name]
    return out


def _check_meld(name: str, m: MeldEntry, spec_deck: DeckSpec, known: list[str]) -> None:
    path = f"meld.{name}"
    shapes = [k for k, v in (("ranks", m.ranks), ("around", m.around), ("cards", m.cards)) if v]
    if not shapes:
        others = [k for k in known if k != name]
        raise SchemaError(f"unknown meld {name!r}{nearest(name, others)}: the melds are {', '.join(others)}; a new "
                          "meld needs its cards: ranks = {...}, around = \"A\" or cards = [...]")
    if len(shapes) > 1:
        raise SchemaError(f"{path} gives {' and '.join(shapes)}: a meld is one of ranks, around or cards")
    if m.value is None and not m.values:
        raise SchemaError(f"{path} needs value = N (per copy) or values = [N1, N2, ...] (by copies)")
    if m.value is not None and m.values:
        raise SchemaError(f"{path} gives both value = {m.value} and values = {list(m.values)}: keep one "
                          "(a house rule overriding values writes values = [...])")
    if m.trump_value is not None and m.value is None:
        raise SchemaError(f"{path}: trump_value goes with value (per copy); with values write trump_values")
    if m.trump_values and len(m.trump_values) != len(m.values):
        raise SchemaError(f"{path}: trump_values needs as many entries as values ({len(m.values)})")
    if m.values and len(m.values) > 4:
        raise SchemaError(f"{path}.values lists {len(m.values)} entries: at most one per copy (4)")
    for r, n in m.ranks.items():
        if r not in spec_deck.ranks:
            raise SchemaError(f"{path}.ranks: rank {r!r} is not in the deck ({' '.join(spec_deck.ranks)})"
                              + nearest(r, spec_deck.ranks))
        if not 1 <= n <= spec_deck.copies:
            raise SchemaError(f"{path}.ranks.{r} must lie between 1 and {spec_deck.copies} (the deck's copies), "
                              f"not {n}")
    if m.around and m.around not in spec_deck.ranks:
        raise SchemaError(f"{path}.around: rank {m.around!r} is not in the deck ({' '.join(spec_deck.ranks)})")
    for e in m.excludes:
        if e not in known:
            raise SchemaError(f"{path}.excludes names no meld {e!r}{nearest(e, known)}")


def parse_spec(raw: dict[str, Any]) -> RuleSpec:
    """The rule dict ``raw`` checked against the schema (module docstring); SchemaError names what is wrong."""
    if not isinstance(raw, dict):
        raise SchemaError("a rule set must be a TOML document of tables")
    for k, v in raw.items():
        if k in ("meld", "options") and not isinstance(v, dict):
            raise expect(k, f"tables [{k}.NAME]", v)
    names = [f.name for f in fields(RuleSpec)]
    for k in raw:
        if k not in names:
            hint = nearest(k, names + list(raw.get("meld", {})))
            if k in raw.get("meld", {}):
                hint = f" (a meld's points go in its table: [meld.{k}] values = [...])"
            raise SchemaError(f"unknown key {k!r} at the top level{hint}; the keys are {', '.join(names)}")
    melds = {}
    for name, m in (raw.get("meld") or {}).items():
        melds[name] = section_of(m, MeldEntry, f"meld.{name}")
    opts = {}
    for name, o in (raw.get("options") or {}).items():
        if not isinstance(o, dict):
            raise expect(f"options.{name}", f"a table [options.{name}] with choices and default", o)
        opts[name] = section_of(o, OptionEntry, f"options.{name}")
    body = {k: v for k, v in raw.items() if k not in ("meld", "options")}
    base = section_of(body, RuleSpec, "")
    spec = RuleSpec(**{f.name: getattr(base, f.name) for f in fields(RuleSpec) if f.name not in ("meld", "options")},
                    meld=melds, options=opts)
    _check(spec)
    return spec


def _check_variants(spec: RuleSpec) -> None:
    """Checks of the variants' keys (a forced dealer, concession, card passing) against the game they change."""
    b, t = spec.bidding, spec.table
    if spec.concession.allowed and b.kind == "none":
        raise SchemaError("concession.allowed = true: a concession gives up a contract, and this game has no bidding "
                          "(bidding.kind = \"none\")")
    if spec.passing.cards:
        if b.kind == "none" or not any(len(side) > 1 for side in t.sides):
            raise SchemaError(f"passing.cards = {spec.passing.cards}: cards pass between the bid winner and his "
                              "partner, and this game has no bidding or no partnerships")
        if spec.passing.cards >= t.hand_size:
            raise SchemaError(f"passing.cards = {spec.passing.cards} must be fewer than the {t.hand_size} cards of "
                              "a hand (table.hand_size)")
    if b.all_pass_bid is not None and b.all_pass != "dealer":
        raise SchemaError(f"bidding.all_pass_bid = {b.all_pass_bid} needs bidding.all_pass = \"dealer\" (the dealer is "
                          "held to it when all pass); with \"throw-in\" the deal is thrown in")
    if b.dealer_holds and b.all_pass != "dealer":
        raise SchemaError('bidding.dealer_holds = true holds the dealer to the opening bid when all others pass: '
                          'write bidding.all_pass = "dealer"')
    if b.dealer_holds and b.all_pass_bid not in (None, b.opening):
        raise SchemaError(f"bidding.dealer_holds = true: the dealer holds the opening bid {b.opening} and plays at it "
                          f"when all others pass, not at all_pass_bid = {b.all_pass_bid}: leave all_pass_bid out")


def _check(spec: RuleSpec) -> None:
    """Checks across keys: the deck's ranks, sides, the deal, card points, melds, options."""
    d, t = spec.deck, spec.table
    if not d.ranks or len(set(d.ranks)) != len(d.ranks):
        raise SchemaError(f"deck.ranks must list distinct ranks, not {list(d.ranks)}")
    for r in d.ranks:
        if r not in RANK_LETTERS:
            raise SchemaError(f"deck.ranks: unknown rank {r!r}; ranks are {' '.join(RANK_LETTERS)} (T for ten)"
                              + nearest(r, RANK_LETTERS))
    seated = sorted(s for side in t.sides for s in side)
    if seated != list(range(t.seats)):
        raise SchemaError(f"table.sides must place each seat 0..{t.seats - 1} on exactly one side, not "
                          f"{[list(s) for s in t.sides]}")
    size = 4 * len(d.ranks) * d.copies
    dealt = t.seats * t.hand_size
    if dealt > size:
        raise SchemaError(f"{t.seats} hands of {t.hand_size} cards do not fit a {size}-card deck "
                          f"(table.seats, table.hand_size, deck)")
    if dealt < size and not spec.play.stock:
        raise SchemaError(f"{t.seats} hands of {t.hand_size} cards leave {size - dealt} of the {size} cards undealt: "
                          "without a stock (play.stock = true) every card is dealt")
    if spec.advice.dd_check_tricks_left > t.hand_size:
        raise SchemaError(f"advice.dd_check_tricks_left {spec.advice.dd_check_tricks_left} is more tricks than a hand "
                          f"has ({t.hand_size}): give 1..{t.hand_size}, or 0 for whole deals")
    fits = fitted_clue_models()
    if spec.advice.clue_fit not in (None, "prior", *fits):
        raise SchemaError(f"advice.clue_fit {spec.advice.clue_fit!r} names no fitted clue model: give one of "
                          f"{', '.join(fits)}, or \"prior\"" + nearest(spec.advice.clue_fit, [*fits, "prior"]))
    if t.hand_size % t.deal_packet:
        raise SchemaError(f"table.deal_packet {t.deal_packet} does not divide table.hand_size {t.hand_size}")
    pts = spec.points
    for r in pts.cards:
        if r not in d.ranks:
            raise SchemaError(f"points.cards: rank {r!r} is not in the deck ({' '.join(d.ranks)})"
                              + nearest(r, d.ranks))
    missing = [r for r in d.ranks if r not in pts.cards]
    if missing:
        raise SchemaError(f"points.cards gives no points for rank(s) {' '.join(missing)}")
    for r, v in pts.cards.items():
        if not 0 <= v <= MAX_POINTS:
            raise SchemaError(f"points.cards.{r} must lie between 0 and {MAX_POINTS}, not {v}")
    prev = -1
    for i, (lo, slope) in enumerate(pts.convert):
        if lo <= prev or lo < 0 or not 0 <= slope <= 100:
            raise SchemaError(f"points.convert[{i}] = [{lo}, {slope}]: the points must rise from 0 and each "
                              "slope lie between 0 and 100")
        prev = lo
    b = spec.bidding
    if b.kind != "none" and b.opening < 1:
        raise SchemaError("bidding.opening must be at least 1 when there is bidding")
    if b.meld_bids and (len(b.meld_bids) != 2 or b.meld_bids[0] > b.meld_bids[1]):
        raise SchemaError(f"bidding.meld_bids must be [lo, hi] with lo <= hi, not {list(b.meld_bids)}")
    _check_variants(spec)
    for k in b.signals:
        if not k.isdigit():
            raise SchemaError(f"bidding.signals: key {k!r} must be a bid value such as \"16\"")
    known = list(spec.meld)
    for name, m in spec.meld.items():
        _check_meld(name, m, d, known)
    for name, o in spec.options.items():
        if not o.choices:
            raise SchemaError(f"options.{name}.choices must list at least one value")
        if o.default not in o.choices:
            raise SchemaError(f"options.{name}.default {o.default!r} is not one of its choices")
        if not o.path and not o.patch:
            raise SchemaError(f"options.{name} needs a path (the rule value it sets) or a patch")
        if o.path and o.path.split(".")[0] not in (*SECTIONS, "meld"):
            raise SchemaError(f"options.{name}.path {o.path!r} must start with a section: "
                              f"{', '.join((*SECTIONS, 'meld'))}")
        for v in o.patch:
            if v not in [str(c) for c in o.choices]:
                raise SchemaError(f"options.{name}.patch.{v}: {v!r} is not one of the option's choices")


__all__ = [
    "BiddingSpec", "ConcessionSpec", "DeckSpec", "HOUSE_KEYS", "MeldEntry", "OptionEntry", "PassingSpec", "PlaySpec",
    "PointsSpec", "RuleSpec", "SECTIONS", "SchemaError", "ScoringSpec", "TableSpec", "defaults", "nearest",
    "parse_spec", "section_data",
]
