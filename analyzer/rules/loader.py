"""Reading rule-set TOML files, applying options and house-rule files, compiling a RuleSet."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from analyzer.cards import Deck, parse_card
from analyzer.errors import UserError
from analyzer.rules.model import HEAD_RULES, MeldSpec, OptionSpec, RuleSet

_BUILTIN = ("luxury-family", "double-deck", "auction", "two-handed", "bridge")


def available(include_reference: bool = True) -> list[str]:
    """Ids of the built-in rule sets (the four games, then the bridge reference)."""
    return [r for r in _BUILTIN if include_reference or r != "bridge"]


def _read_builtin(name: str) -> dict[str, Any]:
    text = resources.files("analyzer.rules").joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _read_file(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise UserError(f"cannot read house-rule file {str(path)!r}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"house-rule file {str(path)!r} is not valid TOML: {e}") from None


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


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


def load_raw(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The raw rule dict of a built-in id or a house-rule TOML path, and the option values it sets."""
    if name in _BUILTIN:
        return _read_builtin(name), {}
    path = Path(name)
    if path.suffix == ".toml" or path.exists():
        house = _read_file(path)
        base_name = house.get("base")
        if base_name is None:
            if "deck" in house and "meld" in house:  # a complete rule set of its own
                raw = house
            else:
                raise UserError(
                    f"house-rule file {str(path)!r} needs a line base = \"auction\" (or another rule set)"
                )
        else:
            if base_name not in _BUILTIN:
                raise UserError(
                    f"house-rule file {str(path)!r}: unknown base {base_name!r}; "
                    f"use one of {', '.join(available())}"
                )
            over = {k: v for k, v in house.items() if k not in ("base", "options")}
            raw = _deep_merge(_read_builtin(base_name), over)
            raw.setdefault("id", path.stem)
            if "id" not in house:
                raw["id"] = path.stem
        opts = house.get("options", {}) if base_name is not None else {}
        if not isinstance(opts, dict):
            raise UserError(f"house-rule file {str(path)!r}: [options] must be a table of name = value")
        return raw, {k: v for k, v in opts.items() if not isinstance(v, dict)}
    raise UserError(
        f"unknown rule set {name!r}: use one of {', '.join(available())} or a house-rule file.toml"
    )


def _option_specs(raw: dict[str, Any]) -> dict[str, OptionSpec]:
    specs = {}
    for name, o in raw.get("options", {}).items():
        if not isinstance(o, dict):
            continue
        specs[name] = OptionSpec(name, o.get("help", ""), tuple(o["choices"]), o["default"])
    return specs


def _coerce(spec: OptionSpec, value: Any) -> Any:
    for c in spec.choices:
        if str(c) == str(value).strip():
            return c
    raise UserError(
        f"bad value {value!r} for option {spec.name}: choose one of "
        + ", ".join(str(c) for c in spec.choices)
    )


def _apply_options(raw: dict[str, Any], given: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    specs = _option_specs(raw)
    for k in given:
        if k not in specs:
            known = ", ".join(specs) or "none"
            raise UserError(f"unknown option {k!r} for rule set {raw['id']}: its options are {known}")
    out = copy.deepcopy(raw)
    # The rule file itself holds every option's default; only the options the user named are applied,
    # in declaration order (so a named deck=24 can move the target and a named target still wins).
    for name in specs:
        if name not in given:
            continue
        o, v = raw["options"][name], _coerce(specs[name], given[name])
        if "path" in o:
            _set_path(out, o["path"], v)
        for path, pv in o.get("patch", {}).get(str(v), {}).items():
            _set_path(out, path, pv)
    chosen = {}
    for name, spec in specs.items():
        o = raw["options"][name]
        if name in given:
            chosen[name] = _coerce(spec, given[name])
        elif "path" in o:
            chosen[name] = _get_path(out, o["path"], spec.default)
        else:
            chosen[name] = spec.default
    return out, chosen


def _compile_meld(name: str, m: dict[str, Any], deck: Deck) -> MeldSpec:
    label = m.get("label", name.replace("-", " "))
    common = dict(
        name=name,
        label=label,
        value=m.get("value"),
        trump_value=m.get("trump_value"),
        values=tuple(m.get("values", ())),
        trump_values=tuple(m.get("trump_values", ())),
        group=m.get("group", ""),
        excludes=tuple(m.get("excludes", ())),
    )
    if common["value"] is None and not common["values"]:
        raise UserError(f"meld {name!r} needs value = N or values = [...]")
    if "cards" in m:
        kinds = tuple(parse_card(c, deck) for c in m["cards"])
        return MeldSpec(scope="cards", cards=kinds, **common)
    if "around" in m:
        if m["around"] not in deck.rank_bit:
            raise UserError(f"meld {name!r}: rank {m['around']!r} is not in the deck")
        return MeldSpec(scope="around", around=m["around"], **common)
    suit = m.get("suit", "any")
    if suit not in ("any", "trump", "plain"):
        raise UserError(f"meld {name!r}: suit must be any, trump or plain, not {suit!r}")
    ranks = m.get("ranks", {})
    for r, n in ranks.items():
        if r not in deck.rank_bit or not 1 <= int(n) <= deck.copies:
            raise UserError(f"meld {name!r}: bad rank pattern {ranks!r} for this deck")
    return MeldSpec(scope="suit", suit=suit, ranks=tuple((r, int(n)) for r, n in ranks.items()), **common)


def compile_rules(raw: dict[str, Any], chosen: dict[str, Any]) -> RuleSet:
    """A RuleSet from a raw rule dict with its options already applied."""
    try:
        deck = Deck(tuple(str(r) for r in raw["deck"]["ranks"]), int(raw["deck"]["copies"]))
        table, pts = raw["table"], raw["points"]
        card_points = {str(r): int(v) for r, v in pts["cards"].items()}
        missing = [r for r in deck.ranks if r not in card_points]
        if missing:
            raise UserError(f"rule set {raw['id']}: no card points for rank(s) {' '.join(missing)}")
        melds = tuple(_compile_meld(n, m, deck) for n, m in raw.get("meld", {}).items())
        names = {m.name for m in melds}
        for m in melds:
            for e in m.excludes:
                if e not in names:
                    raise UserError(f"meld {m.name!r} excludes unknown meld {e!r}")
        play = dict(raw["play"])
        if play.get("head", "never") not in HEAD_RULES:
            raise UserError(f"play.head must be one of {', '.join(HEAD_RULES)}")
        rs = RuleSet(
            id=str(raw["id"]),
            name=str(raw.get("name", raw["id"])),
            summary=str(raw.get("summary", "")),
            seed=str(raw.get("seed", "")),
            deck=deck,
            seats=int(table["seats"]),
            sides=tuple(tuple(int(x) for x in s) for s in table["sides"]),
            hand_size=int(table["hand_size"]),
            deal_packet=int(table.get("deal_packet", 1)),
            card_points=card_points,
            last_trick=int(pts.get("last_trick", 0)),
            per_trick=int(pts.get("per_trick", 0)),
            convert=tuple((int(a), int(b)) for a, b in pts.get("convert", [])),
            play=play,
            bidding=dict(raw.get("bidding", {"kind": "none"})),
            scoring=dict(raw.get("scoring", {})),
            melds=melds,
            option_specs=_option_specs(raw),
            options=dict(chosen),
            reference=bool(raw.get("reference", False)),
            raw=raw,
        )
    except KeyError as e:
        raise UserError(f"rule set {raw.get('id', '?')}: missing entry {e.args[0]!r}") from None
    if rs.hand_size * rs.seats > deck.size:
        raise UserError(f"rule set {rs.id}: {rs.seats} hands of {rs.hand_size} do not fit a {deck.size}-card deck")
    return rs


def load(name: str = "auction", options: dict[str, Any] | None = None) -> RuleSet:
    """The rule set ``name`` (built-in id or house-rule file) with ``options`` switched by name."""
    raw, file_opts = load_raw(name)
    given = {**file_opts, **(options or {})}
    applied, chosen = _apply_options(raw, given)
    return compile_rules(applied, chosen)


def parse_option_args(items: list[str] | None) -> dict[str, str]:
    """``["head=always", "counting=aces-tens"]`` -> dict; a comma list stays a string."""
    out: dict[str, str] = {}
    for it in items or []:
        if "=" not in it:
            raise UserError(f"bad option {it!r}: write --option name=value, e.g. --option head=always")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out
