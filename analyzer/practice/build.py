"""One practice position from one decision of a hand record: the question (the very values ``pinochle bid`` or
``pinochle play`` is asked there), every option with the figures those commands show (their ``--json`` entries) and
its expected loss against the advisor's best (paired on the advice's own deals, 95%), and whether the best is
**clear**: the runner-up -- the best other option (by the mean of its loss) whose outcome differs on some deal -- is
behind it beyond the noise (its loss's 95% interval above :data:`CLEAR`). Calls: only those the advice may recommend
(the conventions and the risk allow them) are offered."""

from __future__ import annotations

from typing import Any

import numpy as np

from analyzer.estimate import Estimate, paired_diff
from analyzer.rules import RuleSet

#: the runner-up's loss must have the lower end of its 95% interval above this many points for the best to be clear
CLEAR = 0.0
#: the figures of a call kept (``pinochle bid --json``'s ``call.options`` entries)
FIGURES = ("call", "bid", "net", "i_declare", "make", "trump")


def _zero(n: int) -> dict[str, Any]:
    return Estimate(0.0, 0.0, 0.0, 0.0, n).as_dict()


def call_position(rs: RuleSet, values: dict[str, Any], samples: int | None, seed: int) -> dict[str, Any] | None:
    """The practice position of a call (``values``: the bid question's, as :func:`analyzer.review.review.tasks`
    gives them): every call with ``pinochle bid --json``'s figures (``call.options``) and its loss in my net
    score; None where the advice names no call."""
    from analyzer.advisor.advise import advise
    from analyzer.advisor.request import BidRequest

    v = dict(values)
    hand = v.pop("hand")
    req = BidRequest.make(rs, hand, samples=samples, seed=seed, play="heuristic", **v)
    adv = advise(req)
    if not adv.analyses or adv.analyses[0].choice is None:
        return None
    ch = adv.analyses[0].choice
    by_bid = {f["bid"]: f for f in adv.as_dict()["call"]["options"]}
    n = int(ch.net.shape[1])
    opts, differing = [], []
    for k, b in enumerate(ch.calls):
        f = by_bid.get(b)
        if f is None or not f["allowed"]:  # only the calls the advice may recommend are offered
            continue
        loss = paired_diff(ch.net[ch.best], ch.net[k])
        if k != ch.best and np.any(ch.net[k] != ch.net[ch.best]):
            differing.append(loss)
        opts.append({"choice": "pass" if b is None else str(b), "label": f["call"],
                     "figures": {x: f[x] for x in FIGURES if x in f}, "loss": loss.as_dict()})
    clear = bool(differing) and min(differing, key=lambda e: e.mean).lo > CLEAR
    best = "pass" if ch.calls[ch.best] is None else str(ch.calls[ch.best])
    return {"kind": "call", "measure": "net", "best": best, "options": opts, "deals": n, "clear": bool(clear)}


def card_position(rs: RuleSet, values: dict[str, Any], samples: int | None, seed: int) -> dict[str, Any] | None:
    """The practice position of a card (``values``: the card-play question's, :func:`analyzer.record.play.
    play_values`): every legal card with ``pinochle play --json``'s figures (its ``cards`` entries) and its loss
    (the advice's ``behind``: paired, by the advice's measure); None where there is no choice or too few deals."""
    from analyzer.cardplay.advise import advise_card
    from analyzer.cardplay.request import PlayRequest

    v = {k: x for k, x in values.items() if x is not None}
    hand = v.pop("hand")
    req = PlayRequest.make(rs, hand, samples=samples, seed=seed, **v)
    adv = advise_card(req)
    if adv.action in ("only", "too-few") or len(adv.lines) < 2:
        return None
    d = adv.to_dict()
    n = int(np.asarray(adv.values.decl).shape[0]) if req.phase1 is None else int(adv.values.diff.shape[0])
    opts = [{"choice": c["card"], "label": c["card"], "figures": {k: x for k, x in c.items() if x is not None},
             "loss": c["behind"] or _zero(n)} for c in d["cards"]]
    differing = [ln.behind for ln in adv.lines[1:] if ln.behind is not None and (ln.behind.mean, ln.behind.se)
                 != (0.0, 0.0)]
    clear = bool(differing) and differing[0].lo > CLEAR
    return {"kind": "card", "measure": d.get("criterion") or "points", "best": d["best"], "options": opts,
            "deals": n, "clear": bool(clear), "answer": {k: d[k] for k in ("trick_number", "need", "points_to_make")
                                                         if k in d}}
