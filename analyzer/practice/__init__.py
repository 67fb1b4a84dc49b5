"""Practice positions: decisions (calls and cards) drawn from arena hand records where the advisor's best choice is
clear beyond its interval, shipped with the project (``positions.json``) for the page's practice mode.

:mod:`.build` makes one position from a decision of a record (the advice asked as ``pinochle bid`` / ``pinochle
play`` ask it, every option's figures kept with its loss against the best), :mod:`.positions` reads the shipped set
and judges a choice (what it cost). ``reports/practice/make_positions.py`` makes the set.
"""
