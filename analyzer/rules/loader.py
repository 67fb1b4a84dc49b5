"""Reading rule-set TOML files, applying options and house-rule files, compiling a RuleSet."""

from __future__ import annotations

import copy
import functools
import tomllib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from analyzer.cards import Deck, parse_card
from analyzer.errors import UserError, field_name
from analyzer.rules.model import MeldSpec, OptionSpec, RuleSet
from analyzer.rules.schema import (
    HOUSE_KEYS,
    MeldEntry,
    RuleSpec,
    SchemaError,
    fitted_clue_models,
    nearest,
    parse_spec,
)

_BUILTIN = ("luxury-family", "double-deck", "auction", "two-handed", "bridge")


def available(include_reference: bool = True) -> list[str]:
    """Ids of the built-in rule sets (the four games, then the bridge reference)."""
    return [r for r in _BUILTIN if include_reference or r != "bridge"]


@functools.cache
def _builtin_text(name: str) -> str:
    return resources.files("analyzer.rules").joinpath(f"{name}.toml").read_text(encoding="utf-8")


def _read_builtin(name: str) -> dict[str, Any]:
    return tomllib.loads(_builtin_text(name))


def read_toml(path: Path, what: str = "house-rule file") -> dict[str, Any]:
    """A TOML file as a dict: UTF-8 (a byte-order mark is skipped); UserError for anything unreadable."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise UserError(f"cannot read {what} {str(path)!r}: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UserError(f"{what} {str(path)!r} is not UTF-8 text (byte 0x{data[e.start]:02x} at offset "
                        f"{e.start}): save it as UTF-8") from None
    return _parse_toml(text, f"{what} {str(path)!r}")


def _parse_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text as a dict; UserError naming ``where`` for text that is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"{where} is not valid TOML: {e}") from None


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


#: keys of a meld that are alternatives: a house rule giving one replaces the base's others
_MELD_ALTERNATIVES = ({"ranks", "around", "cards"}, {"value", "values"}, {"trump_value", "trump_values"})


def _merge_house(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` (a house file's tables) merged onto the base rule dict: values replace values, tables
    merge key by key; a meld's points or cards given in another form replace the base's form
    (``value = 20`` over ``values = [15, 150]`` drops the list); ``[bidding] signals`` given replace the base's
    whole (they are the house game's bidding conventions: ``signals = {}`` is a game without them)."""
    out = _deep_merge(base, over)
    signals = over.get("bidding", {}).get("signals") if isinstance(over.get("bidding"), dict) else None
    if isinstance(signals, dict):
        out["bidding"]["signals"] = copy.deepcopy(signals)
    for name, m in (over.get("meld") or {}).items() if isinstance(over.get("meld"), dict) else ():
        if not isinstance(m, dict) or not isinstance(out["meld"].get(name), dict):
            continue
        merged = out["meld"][name]
        for alt in _MELD_ALTERNATIVES:
            given = alt & set(m)
            if given:
                for k in alt - given:
                    merged.pop(k, None)
        if "value" in m and "values" not in m:
            merged.pop("trump_values", None)
        if "values" in m and "value" not in m:
            merged.pop("trump_value", None)
    return out


_MISSING = object()


def _set_path(raw: dict[str, Any], path: str, value: Any) -> None:
    keys = path.split(".")
    d = raw
    for k in keys[:-1]:
        d = d.setdefault(k, {})
    d[keys[-1]] = copy.deepcopy(value)


def _get_path(raw: dict[str, Any], path: str, default: Any) -> Any:
    d: Any = raw
    for k in path.split("."):
        if not isinstance(d, dict) or k not in d:
            return default
        d = d[k]
    return d


def _source(name: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The raw rule dict of a built-in id, a house-rule TOML path or a shipped house-rule file's id
    (:func:`house_files`), the option values it sets, and how to name it in an error."""
    if not isinstance(name, str) or not name.strip():
        raise UserError(f"give a rule set: one of {', '.join(available())} or a house-rule file.toml")
    if name in _BUILTIN:
        return _read_builtin(name), {}, f"rule set {name}"
    path = Path(name)
    if path.suffix != ".toml" and not path.is_file():
        if name in _shipped():  # a shipped house-rule file by its id (what a record of its hands names)
            where = f"house-rule file {name}"
            return _house(_parse_toml(house_text(name), where), name, where)
        raise UserError(f"unknown rule set {name!r}{nearest(name, [*available(), *house_files()])}: use one of "
                        f"{', '.join(available())}, a shipped house-rule file ({', '.join(house_files())}) or a "
                        "house-rule file.toml")
    return _house(read_toml(path), path.stem, f"house-rule file {str(path)!r}")


def _house(house: dict[str, Any], stem: str, where: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """A house-rule file's tables (read from a file or given as text) as :func:`_source` gives them: the raw rule
    dict on its base, the option values it sets, ``where`` (how to name it in an error); ``stem`` its id unless it
    writes one."""
    base_name = house.get("base")
    if base_name is None:
        if "deck" not in house or "meld" not in house:
            raise UserError(f'{where} needs a line base = "auction" (or another rule set)')
        raw = dict(house)  # a complete rule set of its own: its [options.NAME] tables define options
        raw.setdefault("id", stem)
        return raw, {}, where
    if not isinstance(base_name, str) or base_name not in _BUILTIN:
        raise UserError(f"{where}: unknown base {base_name!r}{nearest(str(base_name), available())}; "
                        f"use one of {', '.join(available())}")
    opts = house.get("options", {})
    if not isinstance(opts, dict):
        raise UserError(f'{where}: [options] must be a table of name = value, e.g. head = "always"')
    for k, v in opts.items():
        if isinstance(v, dict | list) or isinstance(v, float):
            raise UserError(f"{where}: options.{k} must be one value such as \"always\" or 20, not {v!r}")
    over = {k: v for k, v in house.items() if k not in HOUSE_KEYS}
    raw = _merge_house(_read_builtin(base_name), over)
    if "clue_fit" not in (over.get("advice") or {}) and base_name in fitted_clue_models():
        raw["advice"] = {**(raw.get("advice") or {}), "clue_fit": base_name}  # the base's bidders: its clue model
    if "id" not in house:
        raw["id"] = stem
    if "summary" not in house:  # the base's line would describe the base, not the house's game
        raw["summary"] = house_summary(base_name, over, opts)
    _widen_choices(raw, over)
    return raw, dict(opts), where


def _widen_choices(raw: dict[str, Any], over: dict[str, Any]) -> None:
    """Make a value a house file writes at an option's path (``[scoring] target = 300`` where ``target`` offers
    100 to 250) one of that option's choices in the house's game, and its default: the house file defines its own
    game, and the schema's ranges still judge the value. ``--option`` stays limited to the choices so widened."""
    for o in (raw.get("options") or {}).values():
        path = o.get("path") if isinstance(o, dict) else None
        if not path or _get_path(over, path, _MISSING) is _MISSING:
            continue
        value = _get_path(raw, path, None)
        choices = list(o.get("choices") or [])
        if isinstance(value, str | int | bool) and str(value) not in [str(c) for c in choices]:
            o["choices"] = [*choices, value]
        if isinstance(value, str | int | bool):
            o["default"] = value


def _changes(table: dict[str, Any], prefix: str = "") -> list[str]:
    """``path = value`` of every value a house file's tables set."""
    out: list[str] = []
    for k, v in table.items():
        if isinstance(v, dict) and v:
            out += _changes(v, f"{prefix}{k}.")
        else:
            out.append(f"{prefix}{k} = {v}")
    return out


def house_summary(base: str, over: dict[str, Any], options: dict[str, Any]) -> str:
    """The summary of a house file that writes none: its base and what it changes, each value as the file sets it
    (``house rules on auction: bidding.all_pass = dealer; option run-suits = trump``)."""
    changes = _changes({k: v for k, v in over.items() if k not in ("id", "name", "seed", "summary")})
    changes += [f"option {k} = {v}" for k, v in options.items()]
    return f"house rules on {base}: " + ("; ".join(changes) if changes else "no changes")


def load_raw(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The raw rule dict of a built-in id or a house-rule TOML path, and the option values it sets."""
    raw, opts, _ = _source(name)
    return raw, opts


def _spec(raw: dict[str, Any], where: str) -> RuleSpec:
    try:
        return parse_spec(raw)
    except SchemaError as e:
        raise UserError(f"{where}: {e}") from None


def _option_specs(spec: RuleSpec) -> dict[str, OptionSpec]:
    return {name: OptionSpec(name, o.help, tuple(o.choices), o.default) for name, o in spec.options.items()}


def _coerce(spec: OptionSpec, value: Any) -> Any:
    for c in spec.choices:
        if str(c) == str(value).strip():
            return c
    raise UserError(
        f"bad value {value!r} for option {spec.name}: choose one of "
        + ", ".join(str(c) for c in spec.choices) + nearest(str(value), [str(c) for c in spec.choices])
    )


def _apply_options(raw: dict[str, Any], spec: RuleSpec, given: dict[str, Any]
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    specs = _option_specs(spec)
    for k in given:
        if k not in specs:
            known = ", ".join(specs) or "none"
            raise UserError(f"unknown option {k!r} for rule set {spec.id}{nearest(k, specs)}: its options are {known}")
    out = copy.deepcopy(raw)
    # The rule file itself holds every option's default; only the options the user named are applied,
    # in declaration order (so a named deck=24 can move the target and a named target still wins).
    for name in specs:
        if name not in given:
            continue
        o, v = spec.options[name], _coerce(specs[name], given[name])
        if o.path:
            _set_path(out, o.path, v)
        for path, pv in o.patch.get(str(v), {}).items():
            _set_path(out, path, pv)
    chosen = {}
    for name, ospec in specs.items():
        o = spec.options[name]
        if name in given:
            chosen[name] = _coerce(ospec, given[name])
        elif o.path:
            chosen[name] = _get_path(out, o.path, ospec.default)
        else:
            chosen[name] = ospec.default
    return out, chosen


def _compile_meld(name: str, m: MeldEntry, deck: Deck) -> MeldSpec:
    common = dict(
        name=name,
        label=m.label or name.replace("-", " "),
        value=m.value,
        trump_value=m.trump_value,
        values=m.values,
        trump_values=m.trump_values,
        group=m.group,
        excludes=m.excludes,
    )
    if m.cards:
        try:
            kinds = tuple(parse_card(c, deck) for c in m.cards)
        except UserError as e:
            raise SchemaError(f"meld.{name}.cards: {e}") from None
        return MeldSpec(scope="cards", cards=kinds, **common)
    if m.around:
        return MeldSpec(scope="around", around=m.around, **common)
    return MeldSpec(scope="suit", suit=m.suit, ranks=tuple(m.ranks.items()), **common)


def compile_rules(raw: dict[str, Any], chosen: dict[str, Any], where: str = "rule set") -> RuleSet:
    """A RuleSet from a raw rule dict with its options already applied (checked against the schema)."""
    spec = _spec(raw, where)
    deck = Deck(spec.deck.ranks, spec.deck.copies)
    try:
        melds = tuple(_compile_meld(n, m, deck) for n, m in spec.meld.items())
    except SchemaError as e:
        raise UserError(f"{where}: {e}") from None
    t, pts = spec.table, spec.points
    return RuleSet(
        id=spec.id,
        name=spec.name or spec.id,
        summary=spec.summary,
        seed=spec.seed,
        deck=deck,
        seats=t.seats,
        sides=t.sides,
        hand_size=t.hand_size,
        deal_packet=t.deal_packet,
        card_points=dict(pts.cards),
        last_trick=pts.last_trick,
        per_trick=pts.per_trick,
        convert=pts.convert,
        play=spec.play,
        bidding=spec.bidding,
        scoring=spec.scoring,
        advice=spec.advice,
        melds=melds,
        option_specs=_option_specs(spec),
        options=dict(chosen),
        reference=spec.reference,
        concession=spec.concession,
        passing=spec.passing,
        raw=raw,
        spec=spec,
    )


def load(name: str = "auction", options: dict[str, Any] | None = None) -> RuleSet:
    """The rule set ``name`` (built-in id or house-rule file) with ``options`` switched by name."""
    return _load(*_source(name), options)


#: the house-rule files shipped with the package (the repository's ``house/``), by id: their file name's stem
HOUSE_DIR = "house"
#: the id of house-rule text that writes none (:func:`load_text`)
TEXT_ID = "house-rules"


def _shipped() -> dict[str, Traversable]:
    folder = resources.files("analyzer.rules").joinpath(HOUSE_DIR)
    if not folder.is_dir():
        return {}
    return {f.name[:-5]: f for f in folder.iterdir() if f.name.endswith(".toml") and f.is_file()}


def house_files() -> list[str]:
    """Ids of the house-rule files shipped with the package (``auction-pass``, ...), sorted."""
    return sorted(_shipped())


def house_text(name: str) -> str:
    """The text of the shipped house-rule file ``name`` (an id of :func:`house_files`); UserError otherwise."""
    f = _shipped().get(name)
    if f is None:
        raise UserError(f"no house-rule file {name!r}{nearest(name, house_files())}: the shipped ones are "
                        f"{', '.join(house_files()) or 'none'}")
    return f.read_text(encoding="utf-8-sig")


def load_text(text: str, options: dict[str, Any] | None = None, stem: str = TEXT_ID,
              where: str = "the house-rule text") -> RuleSet:
    """The rule set of a house-rule file's text (what :func:`load` reads from a file, checked the same way) with
    ``options`` switched by name; its id is ``stem`` unless it writes one. UserError naming ``where``."""
    return _load(*_house(_parse_toml(text, where), stem, where), options)


def load_shipped(name: str, options: dict[str, Any] | None = None) -> RuleSet:
    """A built-in rule set or a shipped house-rule file (:func:`house_files`), by id, with ``options``."""
    if name in _BUILTIN:
        return load(name, options)
    return load_text(house_text(name), options, name, f"house-rule file {name}")


def _load(raw: dict[str, Any], file_opts: dict[str, Any], where: str, options: dict[str, Any] | None) -> RuleSet:
    """The rule set of a raw rule dict with the option values its file sets, then ``options``."""
    spec = _spec(raw, where)
    if file_opts:
        try:
            _apply_options(raw, spec, file_opts)
        except UserError as e:
            raise UserError(f"{where}: [options]: {e}") from None
    given = {**file_opts, **(options or {})}
    applied, chosen = _apply_options(raw, spec, given)
    _check_option_values(spec, chosen, where)
    return compile_rules(applied, chosen, where)


def _check_option_values(spec: RuleSpec, chosen: dict[str, Any], where: str) -> None:
    """Refuse a rule value an option sets that lies outside the option's choices (a house file writing ``[bidding]
    rounds = 0`` where ``bidding-rounds`` offers 1 and 2): one line naming the key and the allowed values."""
    for name, value in chosen.items():
        o = spec.options[name]
        if o.path and str(value) not in [str(c) for c in o.choices]:
            allowed = ", ".join(str(c) for c in o.choices)
            raise UserError(f"{where}: {o.path} = {_toml(value)} is not one of the choices of the option {name} "
                            f"({allowed}): give one of them, e.g. [options] {name} = {_toml(o.choices[0])}")


def _toml(value: Any) -> str:
    """A scalar as TOML writes it."""
    return f'"{value}"' if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


def parse_option_args(items: list[str] | None) -> dict[str, str]:
    """``["head=always", "counting=aces-tens"]`` -> dict; a comma list stays a string. An option named
    twice is an error (the later one would silently win)."""
    out: dict[str, str] = {}
    for it in items or []:
        if "=" not in it:
            opt = field_name("options")
            raise UserError(f"bad option {it!r}: write {opt} name=value, e.g. {opt} head=always")
        k, v = it.split("=", 1)
        k = k.strip()
        if not k:
            raise UserError(f"bad option {it!r}: the name is missing; write {field_name('options')} name=value")
        if k in out:
            raise UserError(f"{field_name('options')} {k} is given twice ({out[k]} and {v.strip()}): give it once")
        out[k] = v.strip()
    return out
