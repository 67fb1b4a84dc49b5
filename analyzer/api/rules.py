"""A rule set described: the figures of ``pinochle rules NAME`` and the page's rules panel."""

from __future__ import annotations

from dataclasses import asdict

from analyzer.rules import RuleSet, available, load
from analyzer.rules.loader import house_files, house_text, load_shipped
from analyzer.rules.schema import section_data


def rules_summary(rs: RuleSet) -> dict:
    """A rule set as plain data (what ``pinochle rules NAME --json`` prints)."""
    melds = []
    for m in rs.melds:
        d = {"meld": m.name, "label": m.label, "scope": m.scope}
        if m.scope == "suit":
            d["suit"] = m.suit
            d["ranks"] = dict(m.ranks)
        elif m.scope == "around":
            d["rank"] = m.around
        else:
            d["cards"] = [rs.deck.name(k) for k in m.cards]
        if m.values:
            d["values"] = list(m.values)
        else:
            d["value"] = m.value
        if m.trump_value is not None:
            d["trump_value"] = m.trump_value
        if m.group:
            d["group"] = m.group
        if m.excludes:
            d["excludes"] = list(m.excludes)
        melds.append(d)
    return {
        "id": rs.id,
        "name": rs.name,
        "summary": rs.summary,
        "seed": rs.seed,
        "deck": {"ranks": list(rs.deck.ranks), "copies": rs.deck.copies, "cards": rs.deck.size},
        "seats": rs.seats,
        "sides": [list(s) for s in rs.sides],
        "hand_size": rs.hand_size,
        "card_points": rs.card_points,
        "last_trick": rs.last_trick,
        "total_points": rs.total_points,
        "play": section_data(rs.play),
        "bidding": section_data(rs.bidding),
        "scoring": section_data(rs.scoring),
        "advice": section_data(rs.advice),
        # a variant's section, only where the rule set plays it
        **({"concession": asdict(rs.concession)} if rs.concession.allowed else {}),
        **({"passing": asdict(rs.passing)} if rs.passing.cards else {}),
        "options": {
            n: {"value": rs.options[n], "default": s.default, "choices": list(s.choices), "help": s.help}
            for n, s in rs.option_specs.items()
        },
        "meld": melds,
    }


def rules_catalogue() -> list[dict]:
    """Every built-in rule set (the four games, then the reference ones) as plain data: its id, name, summary and
    reference (what ``pinochle rules --json`` prints)."""
    return [{"id": r.id, "name": r.name, "summary": r.summary, "reference": r.reference}
            for r in (load(i) for i in available())]


def house_catalogue() -> list[dict]:
    """The house-rule files shipped with the package (the repository's ``house/``), by id: the game's name and
    summary and the file's text (what a front end offers to choose, or to start a house file of one's own from)."""
    out = []
    for i in house_files():
        rs = load_shipped(i)
        out.append({"id": i, "name": rs.name, "summary": rs.summary, "text": house_text(i)})
    return out
