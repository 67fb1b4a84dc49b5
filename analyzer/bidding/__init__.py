"""Bidding: the auction's rules (:mod:`~analyzer.bidding.auction`), what a hand is worth to a bidder
(:mod:`~analyzer.bidding.features`, :mod:`~analyzer.bidding.formula`), what the calls so far say about the
hidden hands (:mod:`~analyzer.bidding.inference`; its clue model is fitted on arena hands by
:mod:`analyzer.arena.cluefit`), and the call to make now followed to the end of the auction
(:mod:`~analyzer.bidding.callmodel` over :mod:`~analyzer.bidding.call_kernel`).

The package sits below the advisor (:mod:`analyzer.advisor.advise`) and the arena's agents
(:mod:`analyzer.arena.agents`): nothing here imports them.
"""
