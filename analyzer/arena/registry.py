"""Building agents from specs such as ``advisor:samples=200,risk=0.6`` (:func:`make_agent`): the built-in
names, their options checked against each agent's constructor, and :func:`register_agent` for your own."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from analyzer.arena.advisor import Advisor
from analyzer.arena.agents import Agent, Formula, MeldOnly, RandomBidder
from analyzer.arena.pass_advisor import PassAdvisor
from analyzer.arena.percentile import PercentileBidder
from analyzer.arena.trickster import TricksterBidder
from analyzer.errors import UserError

# ---- building agents from specs ------------------------------------------------------------------------------
Factory = Callable[..., Any]
AGENTS: dict[str, Factory] = {
    "advisor": lambda **kw: Advisor(**kw),
    "advisor-cautious": lambda **kw: Advisor(**{"risk": 0.6, "name": "advisor-cautious", **kw}),
    "advisor-noinf": lambda **kw: Advisor(**{"inference": False, "name": "advisor-noinf", **kw}),
    "advisor-game": lambda **kw: Advisor(**{"aim": "game", "name": "advisor-game", **kw}),
    "advisor-pass": lambda **kw: PassAdvisor(**kw),
    "formula": lambda **kw: Formula(**kw),
    "meld-only": lambda **kw: MeldOnly(**kw),
    "random": lambda **kw: RandomBidder(**kw),
    "trickster": lambda **kw: TricksterBidder(**kw),
    "percentile": lambda **kw: PercentileBidder(**kw),
}
AGENTS_HELP = ("advisor, advisor-cautious, advisor-noinf, advisor-game (whole games: each call the bid advice's "
               "call for the game at the score), advisor-pass (the advisor passing by the pass advice), formula, "
               "meld-only, random, trickster, percentile; options after a colon "
               "(advisor:samples=200,risk=0.6,inference=off; percentile:level=standard), or module:Class for your "
               "own agent")
#: two-handed's agents (whole games only: :mod:`analyzer.arena.games_twohand`): its phase-1 policies and the agents
#: choosing among them hand by hand (:mod:`analyzer.twohand.choosing`)
TWOHAND_AGENTS_HELP = ("two-handed (whole games only): th-v1, th-meld, th-cards, naive, its phase-1 policies; "
                       "th-game and th-points, each hand's phase-1 behaviour (th-v1, th-v1 keeping the dix, th-meld, "
                       "th-cards) chosen by rollouts valued by the chance of winning the game at the score "
                       "(th-game) or by points (th-points); phase 2 by the play mode (heuristic: policy v1 for "
                       "both seats; dd: the solver)")


#: the class behind each built-in agent name: its constructor's annotations type the options of a spec
_AGENT_CLASSES: dict[str, type] = {"advisor": Advisor, "advisor-cautious": Advisor, "advisor-noinf": Advisor,
                                   "advisor-game": Advisor, "advisor-pass": PassAdvisor,
                                   "formula": Formula, "meld-only": MeldOnly, "random": RandomBidder}


def _check_options(name: str, kw: dict[str, Any], spec: str) -> None:
    """UserError for an option the agent does not take or a value of the wrong type (``samples=abc``)."""
    import difflib
    import typing

    cls = _AGENT_CLASSES.get(name)
    if cls is None:
        return
    hints = typing.get_type_hints(cls.__init__)
    hints.pop("return", None)
    for k, v in kw.items():
        if k not in hints:
            near = difflib.get_close_matches(k, list(hints), n=1)
            known = ", ".join(h.replace("_", "-") for h in hints) or "none"
            raise UserError(f"agent {name!r} has no option {k!r}" + (f" (did you mean {near[0]!r}?)" if near else "")
                            + f": its options are {known}")
        want = {a for a in typing.get_args(hints[k]) or (hints[k],) if a is not type(None)}
        ok = ((bool in want and isinstance(v, bool))
              or (int in want and isinstance(v, int) and not isinstance(v, bool))
              or (float in want and isinstance(v, int | float) and not isinstance(v, bool))
              or (str in want and isinstance(v, str)))
        if not ok:
            words = {bool: "on/off", int: "a whole number", float: "a number", str: "a word"}
            kinds = " or ".join(words.get(a, "not settable here") for a in want)
            raise UserError(f"bad agent option {k}={v!r} in {spec!r}: {k} is {kinds}")


def register_agent(name: str, factory: Factory) -> None:
    """Make ``factory(**options)`` available as agent ``name``."""
    AGENTS[name] = factory


def _value(text: str) -> Any:
    t = text.strip()
    low = t.lower()
    if low in ("on", "true", "yes"):
        return True
    if low in ("off", "false", "no"):
        return False
    for conv in (int, float):
        try:
            return conv(t)
        except ValueError:
            pass
    return t


def make_agent(spec: str) -> Any:
    """An agent from ``name[:key=value,...]`` (see :data:`AGENTS_HELP`); UserError for unknown ones."""
    name, _, opts = spec.partition(":")
    name = name.strip()
    if "." in name and name not in AGENTS:  # module:Class (options not supported then)
        mod, cls = spec.rsplit(":", 1) if ":" in spec else (spec, "")
        try:
            obj = getattr(importlib.import_module(mod), cls)
        except (ImportError, AttributeError, ValueError):
            raise UserError(f"cannot import agent {spec!r}: write module:Class, e.g. mybots.simple:Bidder") from None
        agent = obj()
    else:
        if name not in AGENTS:
            raise UserError(f"unknown agent {name!r}: use {AGENTS_HELP}")
        kw: dict[str, Any] = {}
        for item in filter(None, (o.strip() for o in opts.split(","))):
            k, eq, v = item.partition("=")
            if not eq:
                raise UserError(f"bad agent option {item!r} in {spec!r}: write key=value")
            kw[k.strip().replace("-", "_")] = _value(v)
        _check_options(name, kw, spec)
        try:
            agent = AGENTS[name](**kw)
        except (TypeError, ValueError) as e:
            raise UserError(f"bad options for agent {name!r}: {e}") from None
    if not isinstance(agent, Agent):
        raise UserError(f"agent {spec!r} lacks the protocol: name, bid(view), choose_trump(view)")
    return agent


__all__ = ["AGENTS", "AGENTS_HELP", "TWOHAND_AGENTS_HELP", "make_agent", "register_agent"]
