"""The game's score as a player gives it (``--score``): read into the :class:`~analyzer.game.state.GameState` before
the hand, checked once.

Two scoring units (partnerships, two-handed): ``MINE-THEIRS``, my side's total first (``430-380``; a total may be
negative where a set can take a side under 0: ``-20-35``, ``20--35``; ``:``, ``,`` or a space also separate).
Players on their own (Luxury Family): the three players' totals in seat order and the hand about to be played,
``120-80-95/2`` (the second of three hands; ``0-0-0`` alone is the first hand). A total at or under 0 is taken as
not yet scored (double deck's early win asks whether the other side ever scored).
"""

from __future__ import annotations

import re

from analyzer.errors import UserError, field_name
from analyzer.game.state import GameState
from analyzer.rules.model import RuleSet
from analyzer.score import scoring_units, seat_unit

_NUM = r"\s*(-?\d+)\s*"
#: what separates the numbers of a score (``430-380``, ``430:380``, ...)
SEP = r"[-:, ]"


def _numbers(text: str, count: int) -> tuple[list[int], int | None] | None:
    hand = None
    t = text.strip()
    m = re.fullmatch(r"(.*?)\s*(?:/|@|hand)\s*(\d+)\s*", t)
    if m:
        t, hand = m.group(1), int(m.group(2))
    m = re.fullmatch(SEP.join([_NUM] * count), t)
    return ([int(g) for g in m.groups()], hand) if m else None


def _example(rules: RuleSet) -> str:
    if len(scoring_units(rules)) == 2:
        who = "your side's total first" if rules.has_partners else "yours first"
        return f"give two totals, {who}, e.g. {field_name('score')} 120-95"
    return (f"give the {rules.seats} players' totals in seat order and the hand number, e.g. {field_name('score')} "
            f"120-80-95/2")


def game_state(rules: RuleSet, text: str, seat: int, dealer: int) -> GameState:
    """The game before the hand ``dealer`` deals, from the score ``text`` given by the player at ``seat`` (module
    docstring). UserError for a score of the wrong shape, a negative total where scores never go under 0 (no
    bidding), a game already won, or a hand number past the game's hands."""
    units = scoring_units(rules)
    U = len(units)
    sc = rules.scoring
    got = _numbers(text, U)
    if got is None:
        raise UserError(f"bad score {text!r}: {_example(rules)}")
    nums, hand = got
    if U == 2:
        if hand is not None:
            raise UserError(f"bad score {text!r}: {rules.id} plays to a target, no hand number: {_example(rules)}")
        mine = int(seat_unit(rules)[seat])
        totals = (nums[0], nums[1]) if mine == 0 else (nums[1], nums[0])
        played = 0
    else:
        totals = tuple(nums)
        if hand is None and any(totals):
            raise UserError(f"bad score {text!r}: say which hand is next, e.g. {field_name('score')} "
                            f"{'-'.join(map(str, totals))}/2 (hands 1..{sc.hands})")
        hand = 1 if hand is None else hand
        if sc.hands and not 1 <= hand <= sc.hands:
            raise UserError(f"bad score {text!r}: a {rules.id} game is {sc.hands} hands: the hand number is "
                            f"1..{sc.hands}")
        played = hand - 1
    if not rules.has_bidding and min(totals) < 0:
        raise UserError(f"bad score {text!r}: scores in {rules.id} are never negative ({_example(rules)})")
    if sc.target > 0 and max(totals) >= sc.target:
        raise UserError(f"the game is over at {text.strip()}: the target is {sc.target} ({field_name('score')} is the "
                        "score before the hand to advise)")
    return GameState(totals=tuple(int(x) for x in totals), hands=played, dealer=dealer,
                     scored=tuple(x > 0 for x in totals))


def game_and_table(rules: RuleSet, score: object, seat: int, dealer: int, win_table: object
                   ) -> tuple[GameState, object]:
    """A request's game and its win table: the score (a text, or a :class:`GameState` from a library caller such as
    the arena) read by :func:`game_state`, and ``win_table`` (the table, or a function that finds or makes it,
    called once the score is checked)."""
    state = score if isinstance(score, GameState) else game_state(rules, str(score), seat, dealer)
    if win_table is None:
        raise ValueError("a request with the game's score needs its win table (analyzer.arena.tables.win_table)")
    return state, win_table() if callable(win_table) else win_table
