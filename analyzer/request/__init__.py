"""The questions' fields, declared once (:mod:`analyzer.request.fields`: what a field is; :mod:`analyzer.request.
parts`: every question's fields, from small shared parts). The command line's options and the page's bodies are
derived from them; the API checks a front end's values against them once."""
