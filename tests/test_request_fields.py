"""Each option is declared once (analyzer/request/parts.py): the command line's options and the page's bodies are
derived from the declarations, a request left without a value reads the declared default (the rule data's where it
says so), and the layers below the API hold no default of their own for the questions' sizes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import analyzer
from analyzer.api import QUESTIONS, FromRules, bid_request, play_request
from analyzer.errors import UserError, field_name, in_words
from analyzer.request.fields import Field
from analyzer.request.parts import words
from analyzer.rules import load

ROOT = Path(analyzer.__file__).parent
HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"


def _click_params(command: str) -> dict[str, object]:
    import typer

    from analyzer.cli import app, register

    register([command])
    group = typer.main.get_command(app)
    return {p.name: p for p in group.commands[command].params}


@pytest.mark.parametrize("command", sorted(QUESTIONS))
def test_every_option_of_a_command_is_its_field_with_the_declared_default(command):
    params = _click_params(command)
    for f in QUESTIONS[command]:
        p = params[f.name]
        # an option by its flag; a positional argument (pinochle rules NAME) by the field's name
        assert f.cli_flag in p.opts or (p.param_type_name == "argument" and p.opts == [f.name]), (command, f.name,
                                                                                                   p.opts)
        want = None if isinstance(f.default, FromRules) else f.default
        got = p.default
        assert got == want or (got in ((), []) and want is None), (command, f.name, got, want)


@pytest.mark.parametrize("body, question", [("BidBody", "bid"), ("PlayBody", "play"), ("SolveBody", "solve"),
                                            ("MeldBody", "meld"), ("PassBody", "pass")])
def test_every_field_of_a_page_body_is_declared_once(body, question):
    from analyzer.web import limits, requests

    model = getattr(requests, body)
    fields = {f.name: f for f in QUESTIONS[question] if f.web}
    assert set(fields) <= set(model.model_fields)
    # a retired name, refused with the new one; the page's own switch (a hand still being picked)
    assert set(model.model_fields) - set(fields) <= {"dd_max_nodes", "partial"}
    cap = {"SolveBody": {"max_nodes": limits.MAX_SOLVE_NODES}}.get(body, {})  # a default above the server's cap
    for name, f in fields.items():
        mf = model.model_fields[name]
        if f.required:
            assert mf.is_required(), name
        elif name != "options" and not mf.is_required():  # the page requires what the command line may take from
            want = None if isinstance(f.default, FromRules) else f.default  # a file (solve's hands, meld's hand)
            assert mf.default == (min(want, cap[name]) if name in cap else want), name


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family", "two-handed"])
def test_a_request_left_without_a_value_reads_the_declared_default(rid):
    rs = load(rid)
    extra = {"upcard": "9H", "hand": "AH AH TH TH KH KH QH QH JH JH 9S 9D"} if rs.play.stock else {"hand": {
        "auction": HAND, "double-deck": "AH AH TH TH KH KH QH QH JH JH AS AS AD AD AC AC KS QS JS JD",
        "luxury-family": "AH AH TH TH KH KH QH QH JH JH AS AD AC 7S 7D 7C"}[rid]}
    req = bid_request({"rules": rid, **extra})
    bid = QUESTIONS["bid"]
    assert req.samples == bid["samples"].default_for(rs) == rs.advice.bid_samples
    assert (req.seat, req.dealer, req.seed, req.risk, req.policy) == tuple(
        bid[n].default for n in ("seat", "dealer", "seed", "risk", "policy"))
    if not rs.play.stock:
        d = bid_request({"rules": rid, **extra, "play": "dd"}).dd
        assert (d.samples, d.max_nodes) == (rs.advice.dd_only_samples, rs.advice.dd_only_max_nodes)
        d = bid_request({"rules": rid, **extra, "play": "both"}).dd
        assert (d.samples, d.trumps, d.max_nodes) == (rs.advice.dd_check_samples, rs.advice.dd_check_trumps,
                                                      rs.advice.dd_check_max_nodes)


def test_a_play_request_reads_the_rule_data():
    rs = load("auction")
    req = play_request({"hand": HAND, "seat": 0, "declarer": 0, "bid": 25, "trump": "H"})
    play = QUESTIONS["play"]
    assert req.samples == play["samples"].default_for(rs) == rs.advice.play_samples
    assert req.max_nodes == play["max_nodes"].default_for(rs) == rs.advice.play_max_nodes
    assert req.play == play["play"].default


#: the questions' sizes: a function below the API takes them as given (the API filled in the declared default)
SIZES = {"samples", "max_nodes", "dd_max_nodes", "dd_nodes", "advise_samples", "games"}
#: research tools and the solver's own functions keep a default: a fit's or a duplicate run's deals, the solver's
#: budget (one constant, :data:`analyzer.request.parts.SOLVE_MAX_NODES`)
KEEP = {"cardplay/duplicate.py", "solve/api.py", "solve/decide.py", "solve/endgame.py"}



def test_no_layer_below_the_api_defaults_a_size():
    found = []
    for p in sorted(ROOT.rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        if rel.split("/")[0] in ("request", "api", "cli", "web") or rel in KEEP:
            continue
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if not isinstance(n, ast.FunctionDef):
                continue
            a = n.args
            pos = a.posonlyargs + a.args
            defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
            for arg, d in [*zip(pos, defaults, strict=True), *zip(a.kwonlyargs, a.kw_defaults, strict=True)]:
                if arg.arg in SIZES and d is not None and not (isinstance(d, ast.Constant) and d.value is None):
                    found.append(f"{rel}:{n.name}({arg.arg}={ast.unparse(d)})")
    assert found == []


def test_no_module_below_the_api_spells_a_flag():
    """Messages below the API name fields (errors.field_name); each front end spells them in its words."""
    import re

    flag = re.compile(r"""["'][^"'\n]*(?<![\w-])--[a-z][a-z-]+""")
    found = []
    for p in sorted(ROOT.rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        if rel.split("/")[0] in ("request", "api", "cli", "web"):
            continue
        text = p.read_text(encoding="utf-8")
        if "argparse" in text:  # a research tool's own command line (python -m analyzer.arena.cluefit ...)
            continue
        tree = ast.parse(text)
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef | ast.ClassDef | ast.Module) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
                if flag.search(repr(n.value)) and "`pinochle " not in n.value:  # a page quoting its command
                    found.append(f"{rel}: {n.value[:40]!r}")
    assert found == []


def test_a_field_is_named_in_each_front_ends_words():
    e = UserError(f"{field_name('max_nodes')} must be at least 1, not 0")
    assert str(e) == "max_nodes must be at least 1, not 0"
    assert e.in_words(words("cli")) == "--max-nodes must be at least 1, not 0"
    notes = {"notes": [f"raise {field_name('constraints')}"]}
    assert in_words(notes, words("cli")) == {"notes": ["raise --constraint"]}


def test_a_field_checks_type_range_and_choices_once():
    f = Field("samples", "int", "deals", default=10, lo=1, hi=100, why_hi="memory")
    assert f.check(None) == 10 and f.check(5) == 5
    for bad, words_ in ((0, "must lie between 1 and 100"), (101, "must lie between"), (True, "whole number"),
                        ("5", "whole number")):
        with pytest.raises(UserError, match=words_):
            f.check(bad)
    g = Field("max_nodes", "int", "budget", lo=1, hi=10**10, why_hi="too many")
    with pytest.raises(UserError, match="over the limit of 10,000,000,000 \\(too many\\)"):
        g.check(10**11)
    with pytest.raises(UserError, match="unknown policy 'x': use one of v1, random"):
        Field("policy", "str", "", default="v1", choices=("v1", "random")).check("x")
