"""What a worker process runs: one bid analysis (:func:`analyzer.advisor.advise.advise` on the
:class:`~analyzer.advisor.request.BidRequest` of the body, exactly as ``pinochle bid --json``) with its chart,
one double-dummy solve (as ``pinochle solve --json``), one card-play decision (as ``pinochle play --json``), one
card-pass question (as ``pinochle pass --json``) or one hand record's review (as ``pinochle review --json``)."""

from __future__ import annotations

from typing import Any


def bid_task(args: dict[str, Any]) -> dict[str, Any]:
    """``{"result": the pinochle bid --json output, "chart": an SVG of the chance of making each bid (None
    for a game without bidding)}``."""
    from analyzer.api import advise, start_solver
    from analyzer.web.chart import bid_chart_svg

    req = args["request"]  # checked once, before the work was queued (analyzer.web.requests.request_args)
    if req.play in ("dd", "both"):
        start_solver()
    result = advise(req).as_dict()
    return {"result": result, "chart": bid_chart_svg(result)}


def solve_task(args: dict[str, Any]) -> dict[str, Any]:
    """``{"result": the pinochle solve --json output of one position}``."""
    from analyzer.api import solve_answer

    return {"result": solve_answer(args["request"])[0]}  # checked once (analyzer.web.requests.request_args)


def play_task(args: dict[str, Any]) -> dict[str, Any]:
    """``{"result": the pinochle play --json output}``: which card now (:func:`analyzer.api.advise_card`)."""
    from analyzer.api import advise_card

    return {"result": advise_card(args["request"]).to_dict()}  # checked once (analyzer.web.requests.request_args)


def review_task(args: dict[str, Any]) -> dict[str, Any]:
    """``{"result": the pinochle review --json output}``: the hand record's decisions judged
    (:func:`analyzer.api.review_answer`)."""
    from analyzer.api import review_answer

    return {"result": review_answer(args["request"]).as_dict()}  # checked once (analyzer.web.requests.request_args)


def pass_task(args: dict[str, Any]) -> dict[str, Any]:
    """``{"result": the pinochle pass --json output}``: which cards to pass (:func:`analyzer.api.advise_pass`)."""
    from analyzer.api import advise_pass

    return {"result": advise_pass(args["request"]).to_dict()}  # checked once (analyzer.web.requests.request_args)


TASKS = {"bid": bid_task, "solve": solve_task, "play": play_task, "review": review_task, "pass": pass_task}
