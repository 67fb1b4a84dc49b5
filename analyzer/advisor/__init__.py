"""The bidding advisor: one request, one study of sampled deals, one answer.

``advise(BidRequest.make(rules, hand, seat=..., auction=...))`` is what ``pinochle bid``, the web page and the
arena's advisor agent call (:mod:`analyzer.advisor.advise`); :func:`ask` is the same in one call.
"""

from __future__ import annotations

from typing import Any

from analyzer.advisor.advise import advise
from analyzer.advisor.figures import Advice
from analyzer.advisor.request import BidRequest


def ask(rules: Any, hand: Any, *, progress: bool = False, workers: int = 1, cluster: Any = None,
        **request: Any) -> Advice:
    """:func:`advise` on ``BidRequest.make(rules, hand, **request)``."""
    return advise(BidRequest.make(rules, hand, **request), progress=progress, workers=workers, cluster=cluster)


__all__ = ["Advice", "BidRequest", "advise", "ask"]
