"""Rule sets as data: one TOML file per game, options as named patches, house rules as TOML files.

``load("auction", {"head": "always"})`` gives a frozen :class:`RuleSet`; ``load("my-house.toml")``
reads a house-rule file that starts from a base rule set (``base = "auction"``), sets options in an
``[options]`` table and overrides any other value (a meld's points, the target, ...).
"""

from analyzer.rules.hands import load_rules, parse_hand  # noqa: E402
from analyzer.rules.loader import available, load, load_raw
from analyzer.rules.model import MeldSpec, OptionSpec, RuleSet

__all__ = ["MeldSpec", "OptionSpec", "RuleSet", "available", "load", "load_raw", "load_rules", "parse_hand"]
