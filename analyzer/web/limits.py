"""The caps of the web server: a request can never start unbounded work (lower than the command line's own:
it runs on the user's own time). ``GET /api/limits`` answers them and the README's list states them."""

from __future__ import annotations

#: sampled deals of one bid analysis (the command line allows 100,000; its default 4,000 fits well below)
MAX_SAMPLES = 20_000
#: deals solved double-dummy in one analysis (``dd_samples``; the auction default check solves 100)
MAX_DD_SAMPLES = 200
#: node budget of one double-dummy solve inside an analysis (``max_nodes``)
MAX_DD_NODES = 5_000_000
#: node budget of one ``/api/solve`` position (``max_nodes``; the command line's default is 20 M)
MAX_SOLVE_NODES = 20_000_000
#: sampled deals of one card-play decision (``/api/play``; the default is 100)
MAX_PLAY_SAMPLES = 2_000
#: node budget of one deal's solve in a card-play decision (``max_nodes``)
MAX_PLAY_NODES = 2_000_000
#: wall-clock seconds one job may run before it is stopped
JOB_SECONDS = 300.0
#: jobs waiting for a worker; past it the server answers 503
MAX_QUEUED = 8
#: bytes of a request body
MAX_BODY = 64 * 1024
#: characters of one text field (a hand, an auction, a constraint)
MAX_TEXT = 2_000
#: characters of the ``rules`` field: a rule set's id, or a house-rule file's text (a whole rule set is ~10,000)
MAX_RULES_TEXT = 16_000
#: candidate sets of one card-pass question played out on every deal (``/api/pass``, ``sets``; the default is 40)
MAX_PASS_SETS = 100
#: entries of a list field (known cards, constraints)
MAX_ITEMS = 32
#: seconds an analysis started with ``/api/jobs`` lives with nobody watching it (no event stream open, no
#: poll): then it is cancelled (the page went away)
ORPHAN_SECONDS = 20.0
#: finished jobs whose results the server keeps (for the result and chart links)
KEEP_FINISHED = 64
