"""The package's imports point one way: no module reaches itself through imports (module-level or inside
functions), and the lower layers never import the layers built on them."""

from __future__ import annotations

import ast
from pathlib import Path

import analyzer

ROOT = Path(analyzer.__file__).parent


def _modules() -> dict[str, Path]:
    mods = {}
    for p in ROOT.rglob("*.py"):
        parts = p.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = p
    return mods


def import_graph() -> dict[str, set[str]]:
    """module -> the analyzer modules it imports anywhere in its text. ``from pkg import name`` points at
    ``pkg.name`` when that is a module (a submodule import), else at ``pkg``."""
    mods = _modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        is_pkg = p.name == "__init__.py"
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = m.split(".") if is_pkg else m.split(".")[:-1]
                    up = up[: len(up) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            else:
                continue
            graph[m].update(t for t in targets if t in mods and t != m)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle():
    assert cycles(import_graph()) == []


def test_the_walk_sees_function_level_imports_and_finds_a_cycle():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(g) == [["a", "b", "c"]]
    graph = import_graph()
    # analyzer.advisor.request imports the play policies inside a function only
    assert "analyzer.play" in graph["analyzer.advisor.request"]


#: the layers from the bottom up: a module may import its own layer and the layers below it, never above
LAYERS = [
    {"analyzer.errors", "analyzer.jit", "analyzer.cards", "analyzer.rules", "analyzer.runs.progress",
     "analyzer.runs.parquet", "analyzer.estimate"},
    {"analyzer.meld", "analyzer.deal", "analyzer.score", "analyzer.runs.batches"},
    {"analyzer.play", "analyzer.solve"},
    {"analyzer.montecarlo", "analyzer.twohand", "analyzer.runs.warmup"},
    {"analyzer.bidding"},
    {"analyzer.advisor", "analyzer.cardplay", "analyzer.analyses.compare", "analyzer.analyses.stats",
     "analyzer.analyses.calibration"},
    {"analyzer.arena"},
    {"analyzer.analyses.report"},
    {"analyzer.api"},
    {"analyzer.cli", "analyzer.web", "analyzer.__main__"},
]


#: packages whose modules lie in several layers: their ``__init__`` (a docstring) sits on top, imported by none
MIXED = {"analyzer.runs", "analyzer.analyses"}


def _layer(mod: str) -> int | None:
    if mod in MIXED:
        return len(LAYERS) - 1
    for i, group in enumerate(LAYERS):
        if any(mod == g or mod.startswith(g + ".") for g in group):
            return i
    return None


def test_every_module_has_a_layer_and_imports_only_downwards():
    graph = import_graph()
    unplaced = sorted(m for m in graph if m != "analyzer" and _layer(m) is None)
    assert unplaced == [], f"place these modules in LAYERS: {unplaced}"
    upward = sorted((m, t) for m, ts in graph.items() for t in ts
                    if m != "analyzer" and t != "analyzer" and _layer(t) > _layer(m))
    assert upward == []


#: functions outside the numba kernels and the typer commands that take more than 10 parameters, each with
#: the reason it keeps them (docs/ARCHITECTURE.md); a new one fails here, and one brought under 10 must leave
LONG_PARAMETER_LISTS = {
    # the API's entry points: keyword options mirroring the command's flags one to one, each with a default
    "advisor.request.make": "pinochle bid's flags: the one place a bid request is checked",
    "montecarlo.simulate.simulate": "the sampler's and the play's options (advise passes them on)",
    "arena.core.run_arena": "pinochle arena's flags",
    "cardplay.request.make": "pinochle play's flags: the one place a card-play request is checked",
    "deal.__init__.sample_deals": "the sampler's constraints and hooks",
    "twohand.analysis.analyze_hand": "pinochle two-hand's flags",
    # the solver's single and batch forms: the same parameters in the same order (tested)
    "solve.api.solve_deal": "solve_deals' parameters plus the single position's trick and card values",
    "solve.api.solve_deals": "one value or one per deal of each field of a position, and the search's options",
    "solve.endgame.solve_endgames": "solve_deals' parameters, and the endgame's: tricks left, the policy, its seed",
}
KERNEL_DECORATORS = {"kernel", "hot", "njit", "inline", "range_kernel"}


def test_long_parameter_lists_are_the_named_ones():
    found = set()
    for p in ROOT.rglob("*.py"):
        rel = p.relative_to(ROOT).with_suffix("")
        if rel.parts[0] == "cli":
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            if any(ast.unparse(d).split("(")[0] in KERNEL_DECORATORS for d in node.decorator_list):
                continue
            a = node.args
            n = len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs) + bool(a.vararg) + bool(a.kwarg)
            n -= bool(a.args and a.args[0].arg in ("self", "cls"))
            if n > 10:
                found.add(".".join((*rel.parts, node.name)))
    assert found == set(LONG_PARAMETER_LISTS)


def test_modules_a_reader_can_hold_in_mind():
    """Every module under 600 lines (the guide of docs/ARCHITECTURE.md): split one that grows past it."""
    long = {str(p.relative_to(ROOT)): n for p in ROOT.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}


def test_front_ends_call_the_library_not_each_other():
    """Nothing under web/ imports the command line; the command line imports the page only to serve it
    (``pinochle serve``); both ask for advice through the public API (analyzer.api)."""
    graph = import_graph()
    web_to_cli = sorted((m, t) for m, ts in graph.items() for t in ts
                        if m.startswith("analyzer.web") and (t == "analyzer.cli" or t.startswith("analyzer.cli.")))
    assert web_to_cli == []
    cli_to_web = sorted(m for m, ts in graph.items() for t in ts
                        if m.startswith("analyzer.cli") and t.startswith("analyzer.web"))
    assert set(cli_to_web) <= {"analyzer.cli.serve"}
    for m in ("analyzer.cli.bid", "analyzer.cli.twohand", "analyzer.web.tasks", "analyzer.web.requests"):
        assert "analyzer.api" in graph[m] and "analyzer.advisor.advise" not in graph[m], m
