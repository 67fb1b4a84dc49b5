"""Positions to solve from their written form (a ``pinochle solve`` line of flags, a ``--file`` line, a web
request's body) and the report of a solved position: what ``pinochle solve`` and the page's solve share. A front
end's values (the fields of :data:`analyzer.request.parts.SOLVE`) are checked once by :func:`solve_request` and
answered by :func:`solve_answer`."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from analyzer.api.questions import game, where
from analyzer.cards import SUITS, Hand, parse_card
from analyzer.errors import UserError, field_name, read_lines
from analyzer.play.engine import winning_position
from analyzer.request.fields import Front
from analyzer.request.parts import SOLVE
from analyzer.rules import RuleSet, load
from analyzer.rules.loader import parse_option_args
from analyzer.runs.batches import run_batches
from analyzer.runs.progress import progress_bar
from analyzer.solve import (
    Position,
    SolveResult,
    make_position,
    solve_positions,
    trump_index,
    verdict,
)

#: the largest whole number a field of a position may hold (seats and bids are far below)
_MAX_INT = 1_000_000
#: the fields of a position (a ``--file`` line, the page's body, the command line's flags from ``--hands`` on)
FIELDS = {"rules", "trump", "leader", "declarer", "hands", "trick", "bid", "options"}
#: the fields that say how a position is solved (the others: :data:`FIELDS`, and where the run goes)
_HOW = ("file", "cards", "max_nodes", "line", "at_least")


def _text_or_list(value: Any, name: str, example: str) -> str | list[str]:
    """A field that is text or a list of texts; UserError otherwise."""
    if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return value
    raise UserError(f"{name} must be text such as {example!r} or a list of such texts, not {value!r}"[:200])


def parse_hands(text: str | Sequence[str], rules: RuleSet) -> list[list[int]]:
    """Card kinds of each seat from ``"h0 / h1 / ..."`` (or a list of hand strings); UserError if wrong."""
    text = _text_or_list(text, "hands", "AS TS / QS JS / ...")
    parts = [p for p in text.split("/")] if isinstance(text, str) else [str(p) for p in text]
    if len(parts) != rules.seats:
        raise UserError(
            f"{rules.id} has {rules.seats} hands: give them in seat order separated by '/', "
            f"{len(parts)} given"
        )
    hands = [list(Hand.parse(p, rules.deck).kinds) for p in parts]
    if not any(hands):
        raise UserError(f"no cards in the hands: give each seat's cards in seat order, e.g. "
                        f"\"{' / '.join(['AS TS'] * rules.seats)}\"")
    return hands


def parse_trick(text: str | Sequence[str] | None, rules: RuleSet) -> list[int]:
    """Kinds of the cards already played to the current trick, in order (``"AS TS"`` or a list)."""
    if text is None:
        return []
    text = _text_or_list(text, "trick", "AS TS")
    tokens = text.replace(",", " ").split() if isinstance(text, str) else [str(t) for t in text]
    return [parse_card(t, rules.deck) for t in tokens]


def parse_trump(value: str | int | None) -> int:
    if value is None:
        raise UserError("give the trump suit: --trump S, H, D or C (N for notrump)")
    if isinstance(value, int) and not isinstance(value, bool):
        if not -1 <= value <= 3:
            raise UserError(f"trump must be S H D C or N, not {value}")
        return value
    return trump_index(str(value))


def _int(value: Any, name: str) -> int:
    """A whole number from JSON (an int, or text of one); UserError for anything else (1.5 is not 1)."""
    v: Any = value
    if isinstance(v, str) and v.strip().lstrip("+-").isdigit() and v.strip().isascii():
        v = int(v.strip())
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise UserError(f"{name} must be a whole number, not {str(value)[:40]!r}")
    if not -_MAX_INT <= v <= _MAX_INT:
        raise UserError(f"{name} {v} is out of range")
    return v


def report(rules: RuleSet, pos: Position, res: SolveResult, target: int | None = None) -> dict[str, Any]:
    """The result of one position as plain data (the ``--json`` output); with ``target`` (``--at-least``)
    also ``made``: whether the declaring side takes at least ``target`` points (None: undecided within the
    node budget)."""
    deck = rules.deck
    to_play = (pos.leader + len(pos.trick)) % rules.seats
    cards = None
    if res.card_values is not None:
        order = {k: i for i, k in enumerate(deck.kinds)}
        cards = {deck.name(k): v for k, v in sorted(res.card_values.items(), key=lambda kv: order[kv[0]])}
    decided = {}
    if target is not None:
        decided = {"at_least": target, "made": verdict(res.lower, res.upper, target)}
    return {
        "rules": rules.id,
        "options": rules.options,
        "trump": "N" if pos.trump < 0 else SUITS[pos.trump],
        "leader": pos.leader,
        "declarer": pos.declarer,
        "side": list(rules.sides[rules.side_of(pos.declarer)]),
        "to_play": to_play,
        "trick": [deck.name(k) for k in pos.trick],
        "value": res.value,
        "exact": res.exact,
        "lower": res.lower,
        "upper": res.upper,
        "nodes": res.nodes,
        # positions at trick boundaries (how DDS counts its nodes) and the solve's time on its thread
        "trick_nodes": None if res.counters is None else res.counters["trick_nodes"],
        "ms": round(res.ms, 3),
        "cards": cards,
        "line": None if res.line is None else [deck.name(k) for k in res.line],
        "points": None if res.points is None else list(res.points),
        "tricks": None if res.tricks is None else list(res.tricks),
        **decided,
    }


@dataclass(frozen=True)
class Defaults:
    """The command line's values for the fields of a position: what a ``--file`` line that leaves a
    field out takes. ``given`` names the fields set on the command line (a line may not contradict
    those); the others hold the built-in defaults."""

    rules: str = SOLVE["rules"].default
    options: dict[str, str] = field(default_factory=dict)
    trump: str | None = None
    leader: int | None = None
    declarer: int = SOLVE["declarer"].default
    trick: str | None = None
    bid: int = SOLVE["bid"].default
    given: frozenset[str] = frozenset()

    def flag(self, name: str) -> str:
        """The command-line flag that set ``name``, as typed."""
        return f"--{name} {getattr(self, name)}"


def _same(name: str, a: Any, b: Any) -> bool:
    """Whether a line's value and the command line's mean the same (case and spacing aside)."""
    if name == "trick":
        norm = lambda x: [t.upper() for t in (x.replace(",", " ").split() if isinstance(x, str) else map(str, x))]  # noqa: E731
        return norm(a) == norm(b)
    return str(a).strip().lower() == str(b).strip().lower()


def _merged(rec: dict[str, Any], d: Defaults, where: str) -> dict[str, Any]:
    """The record's fields with the command line's values filled in; UserError where a field of the
    record contradicts a value given on the command line."""
    out = dict(rec)
    for name in ("rules", "trump", "leader", "declarer", "trick", "bid"):
        flag_value = getattr(d, name)
        if rec.get(name) is not None:
            if name in d.given and not _same(name, rec[name], flag_value):
                raise UserError(f"{where}: {name} {rec[name]!r} contradicts {d.flag(name)} on the command line: "
                                "drop one of them")
        elif flag_value is not None:
            out[name] = flag_value
    opts = rec.get("options")
    if opts is None:
        opts = {}
    if not isinstance(opts, dict):
        raise UserError(f'{where}: options must be an object such as {{"head": "always"}}')
    merged = dict(d.options)
    for k, v in opts.items():
        k = str(k)
        if k in d.options and not _same(k, v, d.options[k]):
            raise UserError(f"{where}: option {k}={v} contradicts --option {k}={d.options[k]} on the command line: "
                            "drop one of them")
        merged[k] = v
    out["options"] = merged
    return out


def position_from_record(rec: dict[str, Any], where: str, defaults: Defaults | None = None
                         ) -> tuple[RuleSet, Position]:
    """The rule set and position of one record (a ``--file`` line, or a web request's body) with the
    command line's ``defaults`` filled in; UserError, starting with ``where``, for anything wrong."""
    unknown = set(rec) - FIELDS
    if unknown:
        raise UserError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}; use {', '.join(sorted(FIELDS))}")
    rec = _merged(rec, defaults or Defaults(), where)
    if not isinstance(rec["rules"], str):
        raise UserError(f'{where}: rules must be a rule set id such as "auction"')
    rules = load(rec["rules"], {str(k): v for k, v in rec["options"].items()})
    if "hands" not in rec:
        raise UserError(f"{where}: no hands given")
    hands = parse_hands(rec["hands"], rules)
    trick = parse_trick(rec.get("trick"), rules)
    declarer = _int(rec.get("declarer", 0), "declarer")
    leader = declarer if rec.get("leader") is None else _int(rec["leader"], "leader")
    pos = make_position(rules, hands, parse_trump(rec.get("trump")), leader, declarer, trick,
                        _int(rec.get("bid", 0), "bid"))
    return rules, pos


def solve_file(path: Path, all_cards: bool, max_nodes: int, line: bool = False, defaults: Defaults | None = None,
               progress: bool = False, workers: int = 1, cluster: Any = None,
               target: int | None = None) -> list[dict[str, Any]]:
    """Solve every position of a JSON Lines file (in parallel, grouped by rule set); reports in order.
    ``workers`` / ``cluster``: processes or a Dask cluster the parts are solved on (the same reports);
    ``target``: only whether each declaring side takes at least that many points (``--at-least``).

    ``defaults`` holds the command line's values: a line that leaves a field out takes them, a line that
    contradicts a value given on the command line is an error naming the line."""
    rows = read_lines(path, "positions file")
    groups: dict[tuple[str, str], tuple[RuleSet, list[int], list[Position]]] = {}
    count = 0
    for no, text in enumerate(rows, 1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        where = f"{path}:{no}"
        try:
            rec = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as e:
            msg = e.msg if isinstance(e, json.JSONDecodeError) else "nested too deeply"
            raise UserError(f"{where}: not a JSON object ({msg})") from None
        if not isinstance(rec, dict):
            raise UserError(f"{where}: each line must be a JSON object")
        try:
            rules, pos = position_from_record(rec, where, defaults)
        except UserError as e:
            msg = str(e)
            raise UserError(msg if msg.startswith(where) else f"{where}: {msg}") from None
        key = (rules.id, rules.option_text())
        g = groups.setdefault(key, (rules, [], []))
        g[1].append(count)
        g[2].append(pos)
        count += 1
    if count == 0:
        raise UserError(f"{path} holds no position: write one JSON object per line, e.g. "
                        '{"rules": "auction", "trump": "H", "hands": "AS TS / ..."}')
    out: list[dict[str, Any]] = [{} for _ in range(count)]
    step = max(8, -(-count // 20))  # solved in parallel a piece at a time, so that the bar moves
    parts = [(idx[a:a + step], _Part(replace(rules, cache={}), tuple(positions[a:a + step]), all_cards, max_nodes,
                                     line, target))
             for rules, idx, positions in groups.values() for a in range(0, len(idx), step)]
    done = run_batches(_solve_part, [t for _, t in parts], workers=workers, cluster=cluster, progress=progress,
                       label="solving positions, parts")
    for (idx_part, _), reps in zip(parts, done, strict=True):
        for i, rep in zip(idx_part, reps, strict=True):
            out[i] = rep
    return out


@dataclass(frozen=True)
class _Part:
    """Positions of one rule set solved together (a task that may run in another process)."""

    rules: RuleSet
    positions: tuple[Position, ...]
    all_cards: bool
    max_nodes: int
    line: bool
    target: int | None = None


def _solve_part(t: _Part) -> list[dict[str, Any]]:
    """The reports of one part's positions, in order."""
    res = solve_positions(t.rules, list(t.positions), t.all_cards, t.max_nodes, lines=t.line, target=t.target)
    return [report(t.rules, pos, r, t.target) for pos, r in zip(t.positions, res, strict=True)]


@dataclass(frozen=True)
class SolveRequest:
    """One ``pinochle solve`` question, checked: a position (``rules`` and ``position``) or a JSON Lines ``file``
    of them (each line takes ``defaults`` for a field it leaves out), and how each is solved: with every legal
    card's value (``cards``), one optimal ``line``, within ``max_nodes``, or only whether the declaring side takes
    at least ``target`` points; on ``workers`` processes or a Dask ``cluster`` (a file's positions)."""

    rules: RuleSet | None
    position: Position | None
    file: Path | None
    defaults: Defaults
    cards: bool
    line: bool
    max_nodes: int
    target: int | None = None
    workers: int = 1
    cluster: str | None = None


def _defaults(v: Mapping[str, Any], given: Collection[str]) -> Defaults:
    """The command line's position fields as the defaults of a ``--file`` line (``given``: the ones typed)."""
    d = {n: SOLVE[n].default if v.get(n) is None else v[n] for n in ("rules", "declarer", "bid")}
    return Defaults(options=parse_option_args(v.get("options")), trump=v.get("trump"), leader=v.get("leader"),
                    trick=v.get("trick"), given=frozenset(given) & FIELDS, **d)


def solve_request(values: Mapping[str, Any], front: Front = "json", given: Collection[str] = ()) -> SolveRequest:
    """The ``pinochle solve`` question of a front end's values (the fields of :data:`analyzer.request.parts.SOLVE`),
    checked before any work: how it is solved (each value against its field), where it runs, and the position
    (the page: its body's fields, a built-in rule set; the command line: ``--hands`` with the other flags, or a
    ``--file`` whose lines are read when it is answered, the flags in ``given`` being values a line may not
    contradict)."""
    v = dict(values)
    how = {n: SOLVE[n].check(v.get(n)) for n in _HOW}
    run = where(v)
    target = how["at_least"]
    if target is not None and target < 0:
        raise UserError(f"{field_name('at_least')} is a number of points, 0 or more, not {target}")
    cards, line = (False, False) if target is not None else (how["cards"], how["line"])
    solve = {"cards": cards, "line": line, "max_nodes": how["max_nodes"], "target": target, "workers": run.workers,
             "cluster": run.cluster}
    if front == "json":
        game(v.get("rules") or SOLVE["rules"].default, v.get("options"), front, reference=True)
        record = {n: v[n] for n in FIELDS if v.get(n) is not None}
        record["options"] = {str(k): str(x) for k, x in (v.get("options") or {}).items()}
        rules, pos = position_from_record(record, "position")
        return SolveRequest(rules, pos, None, Defaults(), **solve)
    defaults = _defaults(v, given)
    if how["file"] is not None:
        if v.get("hands") is not None:
            raise UserError(f"give either {field_name('hands')} (one position) or {field_name('file')} (many), "
                            "not both")
        return SolveRequest(None, None, how["file"], defaults, **solve)
    if v.get("hands") is None:
        raise UserError(f'give the hands with {field_name("hands")} "h0 / h1 / ..." or a file of positions with '
                        f"{field_name('file')}")
    rules, pos = position_from_record({"hands": v["hands"]}, "position", defaults)
    return SolveRequest(rules, pos, None, defaults, **solve)


def solve_answer(req: SolveRequest, progress: bool = False) -> list[dict[str, Any]]:
    """The reports (:func:`report`) of a solve question: its one position's, or every line's of its file, in
    order (``progress``: a bar on the terminal)."""
    if req.file is not None:
        return solve_file(req.file, req.cards, req.max_nodes, req.line, req.defaults, progress=progress,
                          workers=req.workers, cluster=req.cluster, target=req.target)
    assert req.rules is not None and req.position is not None
    with progress_bar(progress, None, "solving"):
        res = solve_positions(req.rules, [req.position], req.cards, req.max_nodes, lines=req.line,
                              target=req.target)[0]
    return [report(req.rules, req.position, res, req.target)]


def line_tricks(rep: Mapping[str, Any], rules: RuleSet) -> list[tuple[list[tuple[int, str]], int]]:
    """The whole tricks of a report's optimal line (the current trick's cards already played first): each trick
    as its (seat, card) pairs in play order, and the seat that wins it."""
    seats = rules.seats
    trump = -1 if rep["trump"] == "N" else SUITS.index(rep["trump"])
    lead = rep["leader"]
    played = [((lead + i) % seats, name) for i, name in enumerate(rep["trick"])]
    out = []
    for name in rep["line"] or []:
        played.append(((lead + len(played)) % seats, name))
        if len(played) == seats:
            w = winning_position([parse_card(c, rules.deck) for _, c in played], trump)
            out.append((played, played[w][0]))
            lead, played = played[w][0], []
    return out
