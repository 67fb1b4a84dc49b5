"""Every question's fields, declared once, from small shared parts.

=============  ============================================================================================
``GAME``       the rule set and its options
``SAMPLING``   how the unseen cards are dealt: my hand, seat, dealer, the calls, known cards, constraints,
               deals and seed
``BUDGET``     the double-dummy part: the play mode, deals solved, trumps checked, the node budget a solve,
               the tricks solved
``WHERE``      where a long run goes: worker processes, a Dask cluster (the command line's alone)
=============  ============================================================================================

and, built of them, each question's fields: :data:`BID`, :data:`PLAY`, :data:`SOLVE`, :data:`STATS`,
:data:`COMPARE`, :data:`REPORT`, :data:`ARENA`, :data:`TWO_HAND`, :data:`MELD`, :data:`PASS`. A default the rule data
holds is read from it (:class:`~analyzer.request.fields.FromRules`); every other default is written here
and nowhere else (``tests/test_request_fields.py`` checks the front ends against these declarations).
"""

from __future__ import annotations

from collections.abc import Callable

from analyzer.play.modes import PLAY_HELP, PLAY_OR_NONE_HELP, POLICIES
from analyzer.request.fields import FLAGS, Field, Fields, FromRules, Front

#: random deals of ``stats``, ``compare`` and ``report`` (per setting)
COLUMNS_SAMPLES = 20_000
#: the node budget of one double-dummy solve of ``stats``, ``compare`` and ``report`` (``--play dd``)
COLUMNS_MAX_NODES = 2_000_000
#: sampled deals of each hand's bid advice in ``compare`` and in ``report``
COMPARE_ADVISE_SAMPLES = 1000
REPORT_ADVISE_SAMPLES = 2000
#: the figures' resolution of ``report``
DPI = 90
#: the most sampled deals of one bid analysis: the advisor keeps every deal (~4 KB each) to pair its figures
MAX_ADVICE_SAMPLES = 100_000
#: the most sampled deals of one card-play decision (every deal is solved or played out once per legal card)
MAX_PLAY_SAMPLES = 20_000
#: the most deals of a run over random deals: past it the deal streams would repeat
MAX_DEALS = 2**32
#: the largest node budget of one solve
MAX_NODES = 10**10
#: the node budget of one position of ``pinochle solve`` (and of the solver's functions called without one)
SOLVE_MAX_NODES = 50_000_000

RULES_HELP = "rule set: luxury-family, double-deck, auction, two-handed (or a house-rule .toml file)"
SEATS_HELP = ("Seats: numbered 0 to N-1 in turn order, clockwise (seat 1 sits left of seat 0, play and bidding go "
              "0, 1, 2, ...); partners sit opposite (0 with 2, 1 with 3). Seat words relative to you: left (the "
              "next seat), right, partner, across.")
WORKERS_HELP = "worker processes (1: this process; with --cluster local: the local Dask workers)"
CLUSTER_HELP = "run the batches on a Dask cluster: tcp://host:8786 (a running scheduler) or local"


def _rules(default: str = "auction") -> Field:
    return Field("rules", "str", RULES_HELP, default=default, short="-r")


OPTIONS = Field("options", "list", "rule option name=value, repeatable (e.g. --option head=always)", short="-o",
                flag="--option")
GAME = Fields((_rules(), OPTIONS))

SEED = Field("seed", "int", "random seed (same seed, same answer)", default=0, lo=0)


def _bid_samples(rules) -> int:
    return rules.advice.bid_samples


SAMPLING = Fields((
    Field("hand", "str", 'your cards, e.g. "AH AH TH TH KH ..."', required=True, short="-H"),
    Field("seat", "int", "your seat number (default 1: left of the dealer)", default=1),
    Field("dealer", "int", "the dealer's seat number (default 0)", default=0),
    Field("auction", "str", "the calls so far, SEAT:BID or SEAT:pass, e.g. '1:16 2:pass 3:18'"),
    Field("known", "list", "known cards: SEAT:CARDS a seat showed (e.g. 2:'AS KS'), or CARDS in no hand"),
    Field("constraints", "list", "deal only hands with, e.g., 'partner meld>=20', 'left H<=3', '2 AS>=1'",
          flag="--constraint", short="-c"),
    Field("upcard", "str", "two-handed: the turned-up card"),
    Field("samples", "int", "sampled deals", default=FromRules(_bid_samples, "the rule set's [advice] bid_samples, "
          "4000; two-handed 1000"), lo=1, hi=MAX_ADVICE_SAMPLES, short="-n",
          why_hi="the advisor keeps every sampled deal in memory (~4 KB each)"),
    SEED,
))


BUDGET = Fields((
    Field("play", "str", f"{PLAY_HELP}. Default: both (the heuristic analysis plus a double-dummy check of the "
          "recommended trump on the first sampled deals: the rule set's [advice] dd_check_* settings, `pinochle "
          "rules R` shows them), dd for two-handed's phase 2"),
    Field("dd_samples", "int", "deals solved double-dummy (the first ones sampled; --play both: default the rule "
          "set's dd_check_samples; --play dd: its dd_only_samples)", lo=1),
    Field("dd_trumps", "int", "--play both: how many trumps to check, best first (default 1: the recommended)",
          lo=1, hi=4),
    Field("max_nodes", "int", "node budget of one double-dummy solve (default the rule set's dd_check_max_nodes; "
          "--play dd its dd_only_max_nodes); a check deal past it counts with the bounds proven (dd: played "
          "heuristically, counted)", lo=1, hi=MAX_NODES),
    Field("dd_tricks_left", "int", "--play both: the tricks the check solves double dummy, the ones before played "
          "by the heuristic players (default the rule set's dd_check_tricks_left; the hand size or 0: whole deals)",
          lo=0),
))

WHERE = Fields((
    Field("workers", "int", WORKERS_HELP, default=1, lo=1, short="-w", web=False),
    Field("cluster", "str", CLUSTER_HELP, web=False),
))

#: the bid question (``pinochle bid``, the page's bid body, the arena's advisor agent)
#: the game's score before the hand (``--score``): read by :func:`analyzer.game.given.game_state`
SCORE = Field("score", "str", "the game's score before this hand, to advise for the game: yours-theirs (your side's "
              "total first), e.g. 430-380; Luxury Family: the players' totals in seat order and the hand number, "
              "e.g. 120-80-95/2")

BID = GAME + SAMPLING + Fields((
    Field("risk", "float", "least chance of making a bid to recommend it", default=0.0, lo=0.0, hi=1.0),
    SCORE,
)) + BUDGET + Fields((
    Field("policy", "str", f"policy of the heuristic players ({', '.join(POLICIES)})", default="v1",
          choices=POLICIES),
)) + WHERE


def _play_samples(rules) -> int:
    return rules.advice.play_samples


def _play_max_nodes(rules) -> int:
    return rules.advice.play_max_nodes


#: the card-play question (``pinochle play``, the page's play body)
PLAY = Fields((
    Field("hand", "str", "your cards at the first lead (those played since included)", required=True, short="-H"),
    Field("seat", "int", "your seat", required=True),
    Field("trump", "str", "the trump suit: S, H, D or C (two-handed phase 1: from --upcard)", short="-t"),
    Field("declarer", "int", "the declarer (high bidder)'s seat (or give --auction)", short="-d"),
    Field("bid", "int", "the winning bid (0: no contract figures)", default=0),
    Field("leader", "int", "the seat that led the first trick (default: the declarer; two-handed: required)"),
    Field("shown", "list", "cards a seat showed as meld, SEAT:CARDS (repeatable), e.g. 2:'QS JD': cards it holds "
          "(nothing is read from a meld not shown)"),
    Field("passed", "str", "a rule set with a card pass (a house file's [passing]), you the bid winner or his partner: "
          "the cards you passed your partner, e.g. \"AH JH AS\" (give --received too): the deals give them to him, "
          "unless he has played them"),
    Field("received", "str", "with --passed: the cards your partner passed you (in --hand, unless you passed them "
          "back)"),
    Field("played", "str", 'the cards played so far in play order, each trick from its leader, tricks separated by '
          '"/" (the last may be incomplete), e.g. "AS 9S TS KS / QH"; two-handed phase 1 (with --upcard): the '
          "phase-1 tricks, CARD* a card played from its player's melds on the table, +MELD after a trick a meld its "
          'winner laid, e.g. "9S AS +rm / TH KH* / QC JC +dix +aces / AD"', short="-p"),
    Field("auction", "str", 'the auction\'s calls up to its last pass, e.g. "1:16 2:pass 3:18 0:pass": the winner '
          "and bid follow, and the calls' clues shape the deals (with --dealer)"),
    Field("dealer", "int", "the dealer of this hand: of --auction; with --score, who dealt (the deal passes left: "
          "who deals next; two-handed: follows from --leader)"),
    Field("meld", "int", "the declaring side's meld (default: counted from your hand and the cards shown)"),
    SCORE,
    Field("so_far", "str", "two-handed phase 2 with --score: each player's meld and card points this hand before "
          "phase 2 (phase 1's), yours first, MELD+POINTS-MELD+POINTS, e.g. 22+9-31+14 (or each player's meld and "
          "points together: 31-45)"),
)) + GAME + Fields((
    Field("samples", "int", "sampled deals", default=FromRules(_play_samples, "the rule set's [advice] "
          "play_samples"), lo=1, hi=MAX_PLAY_SAMPLES, short="-n"),
    SEED,
    Field("play", "str", "dd (double dummy where the solver finishes, rollouts otherwise) or heuristic (rollouts "
          "only)", default="dd"),
    Field("max_nodes", "int", "the solver's node budget a deal", default=FromRules(
          _play_max_nodes, "the rule set's [advice] play_max_nodes"), lo=1, hi=MAX_NODES),
    Field("upcard", "str", "two-handed phase 1 (the stock not yet gone): the card turned up at the deal (it names "
          "trump); then --hand is every card you hold now, in hand and melded on your table, --played the phase-1 "
          "tricks"),
    Field("whole_meld", "bool", "--shown is each other seat's whole meld (every player lays all its meld down; a "
          "seat not named showed none): no deal gives a seat more meld than it showed", default=False),
))


#: sampled deals of ``pinochle pass``: every candidate set is played out once on each
PASS_SAMPLES = 300
#: candidate sets ``pinochle pass`` plays out on every deal (more are screened on a pilot sample first)
PASS_SETS = 40

#: the card-pass question (``pinochle pass``): which cards to pass, where a house file has a pass
PASS = Fields((
    Field("hand", "str", "your cards as dealt, e.g. \"AH TH KH ...\"", required=True, short="-H"),
    Field("seat", "int", "your seat: the bid winner's or his partner's", required=True),
    Field("declarer", "int", "the bid winner's seat", required=True, short="-d"),
    Field("bid", "int", "the winning bid", required=True),
    Field("trump", "str", "the trump suit named: S, H, D or C", required=True, short="-t"),
    Field("received", "str", "the cards your partner passed you, when you pass second (the bid winner, with the "
          "usual order), e.g. \"AH JH AS\""),
    Field("known", "list", "other cards you know a seat holds, SEAT:CARDS (repeatable; every card known: one deal)"),
    Field("dealer", "int", "the dealer's seat (who leads when the rules say so)", default=0),
)) + GAME + Fields((
    Field("samples", "int", "sampled deals (each candidate set played out on every one)", default=PASS_SAMPLES,
          lo=1, hi=MAX_PLAY_SAMPLES, short="-n"),
    Field("sets", "int", "candidate sets played out on every deal: more are first screened on a pilot sample of "
          "a quarter of the deals (at least 30), the best kept", default=PASS_SETS, lo=1, hi=1000),
    SEED,
))

#: ``pinochle stats``
STATS = GAME + Fields((
    Field("samples", "int", "random deals", default=COLUMNS_SAMPLES, lo=1, hi=MAX_DEALS, short="-n",
          why_hi="past it the deal streams would repeat"),
    Field("play", "str", PLAY_OR_NONE_HELP, default="heuristic"),
    Field("trump", "str", "the trump of the fixed-trump meld and holding figures (S H D C)", default="S"),
    SEED,
)) + WHERE + Fields((
    Field("max_nodes", "int", "node budget of one double-dummy solve", default=COLUMNS_MAX_NODES, lo=1,
          hi=MAX_NODES),
))

_GRID_HELP = "option values to compare, NAME=A,B (repeatable: a grid); one value fixes the option for all"
_VS = Field("vs", "list", "a house-rule .toml file to compare (repeatable)", web=False)


def _hands(advise_samples: int) -> Fields:
    return Fields((
        Field("hand", "list", "a hand to get bid advice for (repeatable)", short="-H"),
        Field("advise_samples", "int", "sampled deals per hand's advice", default=advise_samples, lo=1,
              hi=MAX_ADVICE_SAMPLES, why_hi="the advisor keeps every sampled deal in memory (~4 KB each)"),
        Field("upcard", "str", "two-handed: the turned-up card of --hand"),
    ))


#: ``pinochle compare``
COMPARE = Fields((
    _rules(),
    Field("options", "list", _GRID_HELP, short="-o", flag="--option"),
    _VS,
    Field("samples", "int", "random deals per setting", default=COLUMNS_SAMPLES, lo=1, hi=MAX_DEALS, short="-n",
          why_hi="past it the deal streams would repeat"),
)) + _hands(COMPARE_ADVISE_SAMPLES) + Fields((SEED,)) + WHERE

#: ``pinochle report``
REPORT = Fields((
    _rules(),
    Field("options", "list", "rule option NAME=VALUE (repeatable); NAME=A,B or --vs make it a comparison report",
          short="-o", flag="--option"),
    _VS,
    Field("hand", "list", "a hand to get bid advice for (repeatable)", short="-H"),
    Field("upcard", "str", "two-handed: the turned-up card of --hand"),
    Field("samples", "int", "random deals (per setting)", default=COLUMNS_SAMPLES, lo=1, hi=MAX_DEALS, short="-n",
          why_hi="past it the deal streams would repeat"),
    _hands(REPORT_ADVISE_SAMPLES)["advise_samples"],
    Field("play", "str", PLAY_OR_NONE_HELP, default="heuristic"),
    Field("trump", "str", "trump of the fixed-trump meld figures (S H D C)", default="S"),
    Field("seed", "int", "random seed (same seed, same report)", default=0, lo=0),
    Field("dpi", "int", "figure resolution", default=DPI, lo=30, hi=300),
)) + WHERE

#: ``pinochle two-hand``
TWO_HAND = Fields((
    Field("hand", "str", 'your 12 cards, e.g. "AH AH TH ..."', short="-H"),
    Field("upcard", "str", "the turned-up card (names trump)", short="-u"),
    Field("dealer", "bool", "you deal this hand (the opponent leads); you are seat 0, the opponent seat 1",
          default=False),
    Field("samples", "int", "sampled hands to play", default=FromRules(_bid_samples, "the rule set's [advice] "
          "bid_samples, 1000"), lo=2, hi=MAX_ADVICE_SAMPLES, short="-n"),
    Field("seed", "int", "random seed (same seed, same figures)", default=0, lo=0),
    Field("play", "str", "phase 2 played by dd (the double-dummy solver; the default once the solver is compiled) "
          "or heuristic (the heuristic players)"),
    Field("rules", "str", "rule set: two-handed (default) or a house-rule .toml file based on it",
          default="two-handed", short="-r"),
    OPTIONS,
    Field("score", "str", "the game's score before this hand, yours first: 84-97 (your chance of winning the game, "
          "from the game's win-probability table; with a hand, after it too, and the dix judged for the game)"),
    Field("target", "int", "game target (same as --option target=N)", lo=1),
)) + WHERE

#: ``pinochle solve``: one position (the fields from ``hands`` to ``options``; each line of a ``--file`` holds them,
#: a field the line leaves out takes the command line's value) and how it is solved
SOLVE = Fields((
    Field("hands", "str", 'every hand in seat order, separated by "/", e.g. "AS TS KS / QS JS 9S / ..."'),
    Field("trump", "str", "trump suit S H D C, N = notrump", short="-t"),
    Field("leader", "int", "seat that leads the current trick (default: the declarer)"),
    Field("declarer", "int", "seat whose side's points are counted", default=0),
    Field("trick", "str", 'cards already played to the trick, in order, e.g. "AS TS"'),
    Field("bid", "int", "the winning bid (double deck: 50 lifts the first-lead trump duty)", default=0),
    Field("rules", "str", "rule set: luxury-family, double-deck, auction, two-handed, bridge (or a house-rule .toml "
          "file)", default="auction", short="-r"),
    OPTIONS,
    Field("file", "path", "solve one JSON position per line (fields as the flags; the flags given are the defaults "
          "of every line), JSON Lines out", short="-f", web=False),
    Field("cards", "bool", "also the value of every legal card", default=True),
    Field("max_nodes", "int", "node budget of one position; past it only bounds are given", default=SOLVE_MAX_NODES,
          lo=1, hi=MAX_NODES),
    Field("line", "bool", "also one optimal line of play and each seat's points and tricks along it", default=True),
    Field("at_least", "int", "only whether the declaring side takes at least this many points (one search: far "
          "faster than the value; no card values, no line)", web=False),
)) + WHERE

#: the most deals of one arena run: every hand is kept for the figures and the report
MAX_ARENA_DEALS = 1_000_000
#: the most games of one arena run (each some ten hands a seating; every hand is kept)
MAX_ARENA_GAMES = 100_000

#: ``pinochle arena``
ARENA = GAME + Fields((
    Field("deals", "int", "deals, each played once per seating", default=200, lo=1, hi=MAX_ARENA_DEALS, short="-n",
          why_hi="every hand is kept for the figures and the report: split a longer run with --start and --out, and "
          "join the parts with --from"),
    Field("games", "int", "whole games instead of single deals: each game played once per seating, hand after "
          "hand until the rules end it (give --games or --deals, not both)", lo=1, hi=MAX_ARENA_GAMES,
          why_hi="every hand is kept for the figures and the report: split a longer run with --start and --out, and "
          "join the parts with --from"),
    Field("seed", "int", "deal k comes from (seed, k); with --games hand h of game g from (seed, g, h)", default=0,
          lo=0),
    Field("ns", "str", "agent A: side 0 (seats 0, 2); Luxury Family: the rotated seat; two-handed: a phase-1 "
          "policy (the agents: below)", default="advisor"),
    Field("ew", "str", "agent B: side 1; Luxury Family: the other two seats; two-handed: a phase-1 policy",
          default="formula"),
    Field("play", "str", "card play: heuristic (policy v1) or dd; two-handed: phase 2's", default="heuristic"),
)) + WHERE + Fields((
    Field("start", "int", "first deal index, with --games the first game's (to split a run into parts)", default=0,
          lo=0),
))

#: ``pinochle review``: a hand record (a file on the command line; the record's text or JSON on the page) and how
#: each decision is asked (the calls' deals as ``bid``'s, the cards' as ``play``'s, the same seed for every one)
REVIEW = Fields((
    Field("record", "str", "the hand record: a file (text or JSON, see the README's Hand records); the page: the "
          "record itself", required=True),
    Field("which", "int", "which record of the file (1: the first)", default=1, lo=1),
    Field("rules", "str", "the house rules the record was played under, where its rules line names a rule set "
          "neither built in nor shipped: the house-rule .toml file (the page: its text)"),
    Field("seat", "int", "review this seat's decisions (its hand in the record; default: the record's seat)"),
    Field("samples", "int", "sampled deals of each call's advice", default=FromRules(_bid_samples, "the rule set's "
          "[advice] bid_samples"), lo=1, hi=MAX_ADVICE_SAMPLES, short="-n",
          why_hi="the advisor keeps every sampled deal in memory (~4 KB each)"),
    Field("play_samples", "int", "sampled deals of each card's advice", default=FromRules(_play_samples, "the rule "
          "set's [advice] play_samples"), lo=1, hi=MAX_PLAY_SAMPLES),
    SEED,
    Field("max_nodes", "int", "the solver's node budget a sampled deal of a card's advice", default=FromRules(
          _play_max_nodes, "the rule set's [advice] play_max_nodes"), lo=1, hi=MAX_NODES),
    Field("true_max_nodes", "int", "every hand known: the solver's node budget on each true position",
          default=2_000_000, lo=1, hi=MAX_NODES),
    Field("threshold", "float", "mark a decision whose loss exceeds this many points beyond the noise (the lower end "
          "of its 95% interval above it)", default=1.0, lo=0.0, hi=1000.0),
)) + WHERE

#: ``pinochle meld``: one hand, or a file of hands (the page: a hand)
MELD = Fields((Field("hand", "str", 'the cards, e.g. "AS TS KS ..."', short="-H"),)) + GAME + Fields((
    Field("file", "path", "count one hand per line", short="-f", web=False),
))

#: ``pinochle rules``: every rule set, or one (its name the command's argument) with its options
RULES = Fields((Field("rules", "str", "a rule set id or house-rule .toml file (none: list the rule sets)"), OPTIONS))

#: every question's fields by its command
QUESTIONS: dict[str, Fields] = {"bid": BID, "play": PLAY, "solve": SOLVE, "stats": STATS, "compare": COMPARE,
                                "report": REPORT, "arena": ARENA, "two-hand": TWO_HAND, "meld": MELD,
                                "rules": RULES, "review": REVIEW, "pass": PASS}


def words(front: Front) -> Callable[[str], str]:
    """How a front end names a field (``max_nodes`` -> ``--max-nodes`` on the command line), for
    :meth:`analyzer.errors.UserError.in_words`; a field declared with a flag of its own by that flag
    (:data:`analyzer.request.fields.FLAGS`, filled by the declarations of this module)."""

    def name(field: str) -> str:
        if front == "json":
            return field
        return FLAGS.get(field) or "--" + field.replace("_", "-")

    return name
