"""Two-handed pinochle's whole question (``pinochle two-hand``): a dealt hand around its upcard and, with a game
score, the chance of winning the game, from a front end's values (the fields of
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
    """The rule set, the hand's advice (None without a hand: its ``two_hand`` is the analysis) and the game's odds
    (None without a score)."""

    rules: RuleSet
    advice: Any
    odds: Any

    def as_dict(self) -> dict[str, Any]:
        """Plain data (the ``--json`` output)."""
        game = None if self.odds is None else self.odds.as_dict()
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
    """The hand's whole-hand analysis (with a hand and its upcard) and the game's odds (with a score)."""
    from analyzer.advisor import advise
    from analyzer.advisor.request import BidRequest
    from analyzer.play.modes import PLAYERS, play_mode
    from analyzer.runs.progress import progress_bar
    from analyzer.twohand.odds import game_odds, parse_score

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
    play = play_mode(v["play"], PLAYERS) if v["play"] is not None else None
    adv = None
    if hand is not None:
        req = BidRequest.make(rules, hand, seat=0, dealer=0 if v["dealer"] else 1, upcard=upcard,
                              samples=v["samples"], seed=v["seed"], play=play, front=front)
        adv = advise(req, progress=progress, workers=run.workers, cluster=run.cluster)
    odds = None
    if score is not None:
        a = None if adv is None else adv.two_hand
        first = None if a is None else (a.my_scores, a.opp_scores)
        with progress_bar(progress, None, f"playing {v['games']:,} games"):
            odds = game_odds(rules, parse_score(score), i_deal=v["dealer"], games=v["games"], seed=v["seed"],
                             first=first)
    return TwoHandAnswer(rules, adv, odds)
