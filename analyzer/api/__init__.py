"""The library's public API: what the command line (:mod:`analyzer.cli`) and the web page (:mod:`analyzer.web`)
call, in one place. Front ends parse and print; every decision is made below this line.

=========================  ==================================================================================
``QUESTIONS``              every question's fields (the command line's options, the page's bodies derive from them)
``bid_request``            one bid question from a front end's values, checked once (``pinochle bid``, the page)
``play_request``           one card-play question, checked once (``pinochle play``, the page)
``stats``, ``comparison``, ``report``  the analyses over random deals (``pinochle stats``, ``compare``, ``report``)
``arena`` / ``arena_runs``  bidding agents in duplicate (``pinochle arena``: single deals, or whole games with
                           ``games``: a ``GamesResult``); a run joined from its saved parts
``two_hand``               two-handed's whole question: the hand around its upcard, the game's odds
``game`` / ``where``       the rule set a front end names; where a run goes (workers, a Dask cluster)
``BidRequest.make``        the same bid question from a library caller's values (the arena's agent)
``advise`` / ``ask``       the answer: the call now, the trump to name, two-handed's whole-hand analysis
``meld_reports``           ``pinochle meld``'s question checked: a hand's (or a file's hands') meld reports
``meld_report``            a hand's meld for every trump with its breakdown (``pinochle meld``, the page)
``rules_catalogue``        the rule sets (``pinochle rules``)
``house_catalogue``        the house-rule files shipped (the page offers them; its ``rules`` may also be a file's text)
``rules_summary``          a rule set described (``pinochle rules NAME``)
``auction_report``         calls replayed: the auction over (who won it at what) or whose turn (the page)
``solve_request``          one ``pinochle solve`` question, checked once (its flags, the page's body)
``solve_answer``           its reports: the position's, or every line's of its file; ``line_tricks`` the line's tricks
``position_from_record``   a position to solve from its written form (a ``solve --file`` line, a page body)
``solve_report``           the report of a solved position (``pinochle solve --json``)
``solve_positions``        solve positions in parallel (the double-dummy solver)
``PlayRequest.make``       one card-play question, checked once (``pinochle play``'s flags, the page's body)
``advise_card``            the answer: every legal card valued on sampled deals, the best first
``pass_request``           one card-pass question, checked once (``pinochle pass``, where a house file has a pass)
``advise_pass``            its answer: every candidate set of cards to pass ranked by the net score, the best first
``review_request``         one ``pinochle review`` question: a hand record read and checked (``review_answer``)
``read_records``           hand records read from text or JSON, checked (``write_record`` writes one)
``record_of_play``         the hand record of a card-play question (``pinochle play --record``)
``saved_record``           that record as text and JSON (the page's "save this hand")
``practice_deal``          a practice position dealt from the shipped set (``practice_answer`` judges a choice,
                           ``practice_sets`` says what the set holds)
=========================  ==================================================================================

Names load on first use, so a front end pays only for what it calls (the solver's kernels, say).
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "bid_request": ("analyzer.api.questions", "bid_request"),
    "play_request": ("analyzer.api.questions", "play_request"),
    "pass_request": ("analyzer.api.questions", "pass_request"),
    "PassRequest": ("analyzer.passing.request", "PassRequest"),
    "advise_pass": ("analyzer.passing.advise", "advise_pass"),
    "PassAdvice": ("analyzer.passing.advise", "PassAdvice"),
    "game": ("analyzer.api.questions", "game"),
    "where": ("analyzer.api.questions", "where"),
    "Where": ("analyzer.api.questions", "Where"),
    "Field": ("analyzer.request.fields", "Field"),
    "Fields": ("analyzer.request.fields", "Fields"),
    "FromRules": ("analyzer.request.fields", "FromRules"),
    "words": ("analyzer.request.parts", "words"),
    "FLAGS": ("analyzer.request.fields", "FLAGS"),
    "QUESTIONS": ("analyzer.request.parts", "QUESTIONS"),
    "two_hand": ("analyzer.api.twohanded", "two_hand"),
    "TwoHandAnswer": ("analyzer.api.twohanded", "TwoHandAnswer"),
    "start_solver": ("analyzer.runs.warmup", "start_solver"),
    # what the front ends print: the answers' types and the notation they are written in
    "UserError": ("analyzer.errors", "UserError"),
    "one_line": ("analyzer.errors", "one_line"),
    "in_words": ("analyzer.errors", "in_words"),
    "read_lines": ("analyzer.errors", "read_lines"),
    "SUITS": ("analyzer.cards", "SUITS"),
    "SUIT_NAMES": ("analyzer.cards", "SUIT_NAMES"),
    "Estimate": ("analyzer.estimate", "Estimate"),
    "Proportion": ("analyzer.estimate", "Proportion"),
    "RULED": ("analyzer.advisor.figures", "RULED"),
    "CallAdvice": ("analyzer.advisor.figures", "CallAdvice"),
    "CallFigures": ("analyzer.advisor.figures", "CallFigures"),
    "LevelFigures": ("analyzer.advisor.figures", "LevelFigures"),
    "PlayAnalysis": ("analyzer.advisor.figures", "PlayAnalysis"),
    "DEALS_COLUMNS": ("analyzer.montecarlo.simulate", "DEALS_COLUMNS"),
    "deals_frame": ("analyzer.montecarlo.simulate", "deals_frame"),
    "METRICS": ("analyzer.analyses.compare", "METRICS"),
    "Comparison": ("analyzer.analyses.compare", "Comparison"),
    "HandAnalysis": ("analyzer.twohand.analysis", "HandAnalysis"),
    "trump_name": ("analyzer.twohand.analysis", "trump_name"),
    "PHASE2_POLICY": ("analyzer.twohand.hands", "PHASE2_POLICY"),
    "HandGame": ("analyzer.twohand.gamechance", "HandGame"),
    "TH_VERSION": ("analyzer.twohand.policy", "TH_VERSION"),
    "available": ("analyzer.rules", "available"),
    "load": ("analyzer.rules", "load"),
    "load_rules": ("analyzer.rules", "load_rules"),
    "parse_hand": ("analyzer.rules", "parse_hand"),
    "SEATS_HELP": ("analyzer.request.parts", "SEATS_HELP"),
    "arena": ("analyzer.api.contest", "arena"),
    "arena_runs": ("analyzer.api.contest", "arena_runs"),
    "write_arena_report": ("analyzer.api.contest", "write_arena_report"),
    "write_games_report": ("analyzer.api.contest", "write_games_report"),
    "GamesResult": ("analyzer.arena.games", "GamesResult"),
    "ENDINGS": ("analyzer.game.state", "ENDINGS"),
    "AGENTS_HELP": ("analyzer.arena.registry", "AGENTS_HELP"),
    "TWOHAND_AGENTS_HELP": ("analyzer.arena.registry", "TWOHAND_AGENTS_HELP"),
    "AdvisorStats": ("analyzer.arena.advisor", "AdvisorStats"),
    "calibration_summary": ("analyzer.analyses.calibration", "calibration_summary"),
    "calibration_table": ("analyzer.analyses.calibration", "calibration_table"),
    "forecasts": ("analyzer.analyses.calibration", "forecasts"),
    "stats": ("analyzer.api.analyses", "stats"),
    "MeldStats": ("analyzer.analyses.stats", "MeldStats"),
    "fraction_text": ("analyzer.analyses.stats", "fraction_text"),
    "comparison": ("analyzer.api.analyses", "comparison"),
    "report": ("analyzer.api.analyses", "report"),
    "BidRequest": ("analyzer.advisor.request", "BidRequest"),
    "advise": ("analyzer.advisor.advise", "advise"),
    "ask": ("analyzer.advisor", "ask"),
    "Advice": ("analyzer.advisor.figures", "Advice"),
    "meld_report": ("analyzer.api.meld", "meld_report"),
    "rules_summary": ("analyzer.api.rules", "rules_summary"),
    "auction_report": ("analyzer.api.auction", "auction_report"),
    "meld_reports": ("analyzer.api.meld", "meld_reports"),
    "rules_catalogue": ("analyzer.api.rules", "rules_catalogue"),
    "house_catalogue": ("analyzer.api.rules", "house_catalogue"),
    "GAME": ("analyzer.request.parts", "GAME"),
    "RuleSet": ("analyzer.rules", "RuleSet"),
    "solve_request": ("analyzer.api.solve", "solve_request"),
    "solve_answer": ("analyzer.api.solve", "solve_answer"),
    "SolveRequest": ("analyzer.api.solve", "SolveRequest"),
    "line_tricks": ("analyzer.api.solve", "line_tricks"),
    "position_from_record": ("analyzer.api.solve", "position_from_record"),
    "solve_report": ("analyzer.api.solve", "report"),
    "solve_positions": ("analyzer.solve", "solve_positions"),
    "PlayRequest": ("analyzer.cardplay.request", "PlayRequest"),
    "advise_card": ("analyzer.cardplay.advise", "advise_card"),
    "CardAdvice": ("analyzer.cardplay.advise", "CardAdvice"),
    "review_request": ("analyzer.api.review", "review_request"),
    "review_answer": ("analyzer.api.review", "review_answer"),
    "record_of_play": ("analyzer.api.review", "record_of_play"),
    "arena_records": ("analyzer.api.review", "arena_records"),
    "write_records": ("analyzer.api.review", "write_records"),
    "read_records": ("analyzer.record.io", "read_records"),
    "write_record": ("analyzer.record.io", "write"),
    "HandRecord": ("analyzer.record.model", "HandRecord"),
    "Review": ("analyzer.review.figures", "Review"),
    "saved_record": ("analyzer.api.records", "saved_record"),
    "practice_sets": ("analyzer.api.practice", "practice_sets"),
    "practice_deal": ("analyzer.api.practice", "practice_deal"),
    "practice_answer": ("analyzer.api.practice", "practice_answer"),
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'analyzer.api' has no attribute {name!r}")
    return getattr(importlib.import_module(where[0]), where[1])
