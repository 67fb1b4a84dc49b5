"""Two-handed pinochle's whole question (``pinochle two-hand``): a dealt hand around its upcard and, with a game
score, the chance of winning the game (the game's win-probability table), from a front end's values (the fields of
:data:`analyzer.request.parts.TWO_HAND`), checked once here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from analyzer.api.questions import where
from analyzer.errors import UserError, field_name
from analyzer.request.fields import Front
from analyzer.request.parts import TWO_HAND
from analyzer.rules import RuleSet, load


@dataclass(frozen=True)
class TwoHandAnswer:
    """The rule set, the hand's advice (None without a hand: its ``two_hand`` is the analysis) and the game's figures
    (None without a score: :class:`analyzer.twohand.gamechance.HandGame`, the chance of winning the game from the
    win-probability table, after the analysed hand where there is one)."""

    rules: RuleSet
    advice: Any
    game: Any

    def as_dict(self) -> dict[str, Any]:
        """Plain data (the ``--json`` output)."""
        game = None if self.game is None else self.game.as_dict()
        if self.advice is not None:
            return {**self.advice.as_dict(), "game": game}
        return {"rules": self.rules.id, "options": self.rules.options, "game": game}


def two_handed_rules(name: str, options: list[str] | None, target: int | None) -> RuleSet:
    """The rule set with its options and ``target`` (an alias of the option ``target=N``); UserError unless it is
    two-handed pinochle with a stock."""
    from analyzer.rules.loader import parse_option_args
    from analyzer.twohand.params import check_two_handed

    opts = parse_option_args(options)
    if target is not None:
        if "target" in opts and str(opts["target"]).strip() != str(target):
            raise UserError(f"{field_name('target')} {target} and {field_name('options')} target={opts['target']} "
                            "disagree: give one")
        opts["target"] = str(target)
    rules = load(name, opts)
    check_two_handed(rules)
    return rules


def two_hand(values: Mapping[str, Any], front: Front = "json", *, progress: bool = False) -> TwoHandAnswer:
    """The hand's whole-hand analysis (with a hand and its upcard) and, with a score, my chance of winning the game
    from the game's win-probability table: before the hand and, with a hand, after it as analysed (the dix exchange
    ranked by it too: :func:`analyzer.twohand.gamechance.for_game`)."""
    from analyzer.advisor import advise
    from analyzer.advisor.request import BidRequest
    from analyzer.api.questions import game_table
    from analyzer.game.given import game_state
    from analyzer.play.modes import PLAYERS, play_mode
    from analyzer.twohand.gamechance import GameAsked, game_now

    v = TWO_HAND.check(values)
    rules = two_handed_rules(v["rules"], v["options"], v["target"])
    hand, upcard, score = v["hand"], v["upcard"], v["score"]
    if hand is None and upcard is None and score is None:
        raise UserError(f'give a hand with {field_name("hand")} "AH AH TH ..." {field_name("upcard")} 9H, or a game '
                        f"score with {field_name('score')} 84-97")
    if (hand is None) != (upcard is None):
        raise UserError(f'a hand needs its upcard and the upcard a hand: {field_name("hand")} "AH AH TH ..." '
                        f"{field_name('upcard')} 9H")
    run = where(v)
    dealer = 0 if v["dealer"] else 1  # I am seat 0
    if hand is None:
        state = game_state(rules, score, 0, dealer)
        return TwoHandAnswer(rules, None, game_now(rules, GameAsked.of(rules, state, 0, game_table(rules))))
    play = play_mode(v["play"], PLAYERS) if v["play"] is not None else None
    req = BidRequest.make(rules, hand, seat=0, dealer=dealer, upcard=upcard, samples=v["samples"], seed=v["seed"],
                          play=play, front=front, score=score, win_table=lambda: game_table(rules))
    adv = advise(req, progress=progress, workers=run.workers, cluster=run.cluster)
    return TwoHandAnswer(rules, adv, adv.two_hand.game)
