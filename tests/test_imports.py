"""The package's imports point one way: no module reaches itself through imports (module-level or inside
functions), and the lower layers never import the layers built on them."""

from __future__ import annotations

import ast
import functools
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


@functools.cache
def _tree(p: Path) -> ast.Module:
    """The parsed text of one source file (parsed once for all the tests of this file in a process)."""
    return ast.parse(p.read_text(encoding="utf-8"))


def import_graph() -> dict[str, set[str]]:
    """module -> the analyzer modules it imports anywhere in its text. ``from pkg import name`` points at
    ``pkg.name`` when that is a module (a submodule import), else at ``pkg``."""
    return {m: set(ts) for m, ts in _import_graph().items()}


@functools.cache
def _import_graph() -> dict[str, set[str]]:
    mods = _modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        is_pkg = p.name == "__init__.py"
        for node in ast.walk(_tree(p)):
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
    from analyzer import api  # its names load on first use: each name's module is one of its imports

    graph["analyzer.api"].update(w[0] for w in api._WHERE.values() if w[0] in mods and w[0] != "analyzer.api")
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
    # analyzer.advisor.request imports the call model inside a function only
    assert "analyzer.bidding.callmodel" in graph["analyzer.advisor.request"]
    # analyzer.api loads its names on first use: the modules it names are its imports
    assert "analyzer.advisor.advise" in graph["analyzer.api"]


#: the layers from the bottom up: a module may import its own layer and the layers below it, never above
LAYERS = [
    {"analyzer.errors", "analyzer.atomic", "analyzer.jit", "analyzer.cards", "analyzer.rules", "analyzer.runs.progress",
     "analyzer.runs.parquet", "analyzer.estimate"},
    {"analyzer.meld", "analyzer.deal", "analyzer.score", "analyzer.game", "analyzer.runs.batches",
     "analyzer.passing.move", "analyzer.passing.kernel", "analyzer.passing.rule"},
    {"analyzer.play", "analyzer.solve", "analyzer.request"},
    {"analyzer.montecarlo", "analyzer.twohand", "analyzer.runs.warmup", "analyzer.passing.request",
     "analyzer.passing.advise"},
    {"analyzer.bidding"},
    {"analyzer.advisor", "analyzer.cardplay", "analyzer.analyses.compare", "analyzer.analyses.stats",
     "analyzer.analyses.calibration", "analyzer.record"},
    {"analyzer.arena", "analyzer.review", "analyzer.practice"},
    {"analyzer.analyses.report"},
    {"analyzer.api"},
    {"analyzer.cli", "analyzer.web", "analyzer.__main__"},
]


#: packages whose modules lie in several layers: their ``__init__`` (a docstring) sits on top, imported by none
MIXED = {"analyzer.runs", "analyzer.analyses", "analyzer.passing"}


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


#: functions outside the numba kernels that take more than 12 parameters, each with the reason it keeps them; a new
#: one fails here, and one brought under must leave (issue 50: this shrinks to nothing)
LONG_PARAMETER_LISTS: dict[str, str] = {}
KERNEL_DECORATORS = {"kernel", "hot", "njit", "inline", "range_kernel"}


def test_long_parameter_lists_are_the_named_ones():
    found = set()
    for p in ROOT.rglob("*.py"):
        rel = p.relative_to(ROOT).with_suffix("")
        for node in ast.walk(_tree(p)):
            if not isinstance(node, ast.FunctionDef):
                continue
            if any(ast.unparse(d).split("(")[0] in KERNEL_DECORATORS for d in node.decorator_list):
                continue
            a = node.args
            n = len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs) + bool(a.vararg) + bool(a.kwarg)
            n -= bool(a.args and a.args[0].arg in ("self", "cls"))
            if n > 12:
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


#: front-end modules still reaching past the API (issue 50: each leaves this set as it is converted)
PAST_THE_API: set[str] = set()


def test_front_ends_import_only_the_api():
    """A front end (the command line, the page) imports the library only through ``analyzer.api`` (whose names load
    on first use: the modules behind them count as its imports), besides its own modules and the version."""
    graph = import_graph()
    own = ("analyzer.cli", "analyzer.web")
    past = {m: sorted(t for t in ts if t not in ("analyzer", "analyzer.api") and not t.startswith(own))
            for m, ts in graph.items() if m.startswith(own)}
    assert {m for m, ts in past.items() if ts} == PAST_THE_API, past


#: functions outside the numba kernels longer than :data:`MAX_FUNCTION_LINES`, each with the reason it keeps its
#: length (issue 50: a function that does several jobs is split into functions that each do one); a new one fails
#: here, and one brought under the limit must leave. Named as in :data:`LONG_PARAMETER_LISTS`: the module under
#: analyzer/ and the function's own name (a method's without its class)
LONG_FUNCTIONS = {
    "solve.search.search": "the solver's search: one numba function whose loop keeps its state in locals",
}
MAX_FUNCTION_LINES = 80


def long_functions(source: str, module: str) -> dict[str, int]:
    """The functions and methods (nested ones too) of ``source`` longer than :data:`MAX_FUNCTION_LINES`, from
    their ``def`` line to their last (decorators aside), as ``module.name`` -> lines; numba kernels (a decorator
    in :data:`KERNEL_DECORATORS`) are not counted."""
    return _long_functions_in(ast.parse(source), module)


def _long_functions_in(tree: ast.Module, module: str) -> dict[str, int]:
    found = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if any(ast.unparse(d).split("(")[0] in KERNEL_DECORATORS for d in node.decorator_list):
            continue
        n = node.end_lineno - node.lineno + 1
        if n > MAX_FUNCTION_LINES:
            found[f"{module}.{node.name}"] = n
    return found


def test_long_functions_are_the_named_ones():
    found = {}
    for p in ROOT.rglob("*.py"):
        found |= _long_functions_in(_tree(p), ".".join(p.relative_to(ROOT).with_suffix("").parts))
    new = {f: n for f, n in found.items() if f not in LONG_FUNCTIONS}
    assert new == {}, f"split these functions (at most {MAX_FUNCTION_LINES} lines, issue 50) or name them"
    gone = sorted(set(LONG_FUNCTIONS) - set(found))
    assert gone == [], "these are no longer long: take them out of LONG_FUNCTIONS"


def test_a_new_long_function_is_found():
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES - 1))
    src = (f"def short():\n{body}\n\nasync def long():\n{body}    return 0\n\n\nclass C:\n    def method(self):\n"
           + body.replace("    ", "        ") + "        return 0\n\n\n@kernel\ndef k():\n" + body + "    return 0\n"
           + "\n\n@hot(cache=True)\ndef h():\n" + body + "    return 0\n")
    assert long_functions(src, "m") == {"m.long": MAX_FUNCTION_LINES + 1, "m.method": MAX_FUNCTION_LINES + 1}
