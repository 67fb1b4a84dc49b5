"""``pinochle serve``: a local web page for players (pick the cards, see what to bid) and a JSON API with the
same fields as the command line's ``--json``.

:mod:`analyzer.web.app` builds the ASGI app (FastAPI); :mod:`analyzer.web.requests` checks request bodies
against the caps of :mod:`analyzer.web.limits`; :mod:`analyzer.web.jobs` runs the heavy work (bid analyses,
double-dummy solves) in worker processes that can be stopped, one analysis per client at a time;
:mod:`analyzer.web.tasks` is what a worker runs (:func:`analyzer.advisor.advise.advise`, the solver) and
:mod:`analyzer.web.chart` draws the chance of making each bid; :mod:`analyzer.web.guard` is what every request
passes (the Host allow-list, the client's server-issued token, the security headers, HEAD) and
:mod:`analyzer.web.docs` the API's documentation page (no CDN). Needs the ``web`` extra
(``pip install -e ".[web]"``).
"""
