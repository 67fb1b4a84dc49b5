"""TricksterCards' hand records (PTN, their PBN-like notation) converted to ours, where the deck and rules map.

A PTN record is a list of tags ``[Name "value"]``, some followed by data lines: ``Deal`` gives every hand from
the dealer on (``N:hand hand ...``, each hand its suits S.H.D.C separated by dots, ``-`` for a hand not shown),
``Auction`` the seat that called first and the calls in turn on the lines after it (``Pass`` or a number),
``Contract`` the trump suit (a letter or a symbol), ``Play`` the seat that led first and one trick a line, the
cards in the columns of the seats from that leader on (a card is suit then rank: ``CT``; ``-`` for none). The seats
are the compass points, clockwise: two players S N, three S W E, four S W N E; ours are numbered the same way
round (S is seat 0, W seat 1, ...).

What maps: four players with one 48-card pinochle pack (``auction``) or the 80-card pack (``double-deck``), bids on
our ladder. What does not, and is refused with the reason: cards passed between partners (``CardsAdded``,
``CardsRemoved``: not converted to our records' ``passed N:`` lines yet), a widow or kitty (``Undealt``), another
number of players or another deck (Trickster's three- and two-handed pinochle deal otherwise than Luxury Family and
two-handed with a stock), bids of another scale (Trickster's modern scoring counts ten times ours: its 250 is no
auction bid here).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from analyzer.cards import parse_card
from analyzer.errors import UserError
from analyzer.play.engine import beats
from analyzer.rules import RuleSet, load

#: the compass seats by the number of players, clockwise from South (seat 0)
SIDES = {2: ("S", "N"), 3: ("S", "W", "E"), 4: ("S", "W", "N", "E")}
#: tags not converted (their cards have no place in a converted record)
UNMAPPED = {"CardsAdded": "cards passed between partners", "CardsRemoved": "cards passed between partners",
            "Undealt": "a widow (cards not dealt to the players)"}
_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    data: list[str] = field(default_factory=list)


def is_ptn(text: str) -> bool:
    """Whether ``text`` reads as a PTN record (a ``%`` comment or a ``[Name "value"]`` tag first)."""
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    return first.startswith("%") or bool(_TAG.match(first))


def _tags(text: str) -> list[_Tag]:
    tags: list[_Tag] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        m = _TAG.match(line)
        if m:
            tags.append(_Tag(m.group(1), m.group(2), no))
        elif tags:
            tags[-1].data.append(line)
        else:
            raise UserError(f"PTN line {no}: a record starts with a tag such as [Event \"...\"]")
    return tags


def _seat(side: str, n: int, tag: _Tag) -> int:
    s = side.strip().upper()
    if s not in SIDES[n]:
        raise UserError(f"PTN line {tag.line} ({tag.name}): {side!r} is not a seat of {n} players "
                        f"({' '.join(SIDES[n])})")
    return SIDES[n].index(s)


def _hand(text: str, rules: RuleSet, tag: _Tag) -> list[str]:
    suits = text.split(".")
    if len(suits) != 4:
        raise UserError(f"PTN line {tag.line} (Deal): a hand is four suits S.H.D.C separated by dots, not {text!r}")
    out = []
    for s, ranks in zip("SHDC", suits, strict=True):
        for r in ranks.replace("10", "T"):
            try:
                out.append(rules.deck.name(parse_card(r + s, rules.deck)))
            except UserError as e:
                raise UserError(f"PTN line {tag.line} (Deal): {e}") from None
    return out


def _rules_of(deal: _Tag, hands: list[str]) -> RuleSet:
    """The rule set the deal maps onto: four players and 12 cards each (the 48-card pack) or 20 (80 cards)."""
    n = len(hands)
    sizes = {len(h.replace(".", "").replace("10", "T")) for h in hands if h != "-"}
    if n == 4 and sizes <= {12}:
        return load("auction")
    if n == 4 and sizes <= {20}:
        return load("double-deck")
    raise UserError(f"PTN line {deal.line} (Deal): {n} players with {'/'.join(map(str, sorted(sizes)))} cards each "
                    "does not map onto a rule set here (four players with the 48- or 80-card pack do)")


def convert(text: str, seat: int | None = None) -> str:
    """Our record's text (:mod:`analyzer.record.text`) of a PTN record (module docstring), my seat the first
    whose hand is shown (``seat`` to choose another); UserError naming the PTN line and why where it does not
    map."""
    tags = _tags(text)
    by = {t.name: t for t in tags}
    for name, what in UNMAPPED.items():
        if name in by and by[name].value.strip():
            raise UserError(f"PTN line {by[name].line} ({name}): {what} do not map onto a rule set here")
    if "Deal" not in by:
        raise UserError("PTN: no [Deal \"...\"] tag: the hands are needed")
    deal = by["Deal"]
    head, _, body = deal.value.partition(":")
    if not body:
        head, body = by["Dealer"].value if "Dealer" in by else "S", deal.value
    hands_text = body.split()
    rules = _rules_of(deal, hands_text)
    n = rules.seats
    dealer = _seat(head, n, deal)
    hands = {(dealer + i) % n: _hand(h, rules, deal) for i, h in enumerate(hands_text) if h != "-"}
    if not hands:
        raise UserError(f"PTN line {deal.line} (Deal): no hand is shown")
    me = min(hands) if seat is None else seat
    lines = [f"rules: {rules.id}", f"dealer: {dealer}", f"seat: {me}"]
    lines += [f"hand {s}: {' '.join(h)}" for s, h in sorted(hands.items())]
    if "Auction" in by:
        lines.append("calls: " + _calls(by["Auction"], n))
    trump = None
    if "Contract" in by:
        m = re.search(r"[♠♥♦♣SHDC]", by["Contract"].value)
        if m:
            trump = _SYMBOLS.get(m.group(0), m.group(0))
            lines.append(f"trump: {trump}")
    if "Play" in by and by["Play"].data:
        if trump is None:
            raise UserError(f"PTN line {by['Play'].line} (Play): the trump is needed to follow the tricks: give "
                            "[Contract \"...\"] with its suit")
        lines.append("played: " + _plays(by["Play"], rules, n, "SHDC".index(trump)))
    return "\n".join(lines) + "\n"


def _calls(tag: _Tag, n: int) -> str:
    first = _seat(tag.value, n, tag)
    out = []
    for i, c in enumerate(" ".join(tag.data).split()):
        who = (first + i) % n
        w = c.strip().lower()
        if w in ("pass", "p", "-"):
            out.append(f"{who}:pass")
        elif w.isdigit():
            out.append(f"{who}:{int(w)}")
        else:
            raise UserError(f"PTN line {tag.line} (Auction): call {c!r} is neither a number nor Pass")
    return " ".join(out)


def _plays(tag: _Tag, rules: RuleSet, n: int, trump: int) -> str:
    first = _seat(tag.value, n, tag)
    lead, tricks = first, []
    for j, line in enumerate(tag.data):
        cols = line.split()
        if len(cols) != n:
            raise UserError(f"PTN line {tag.line} (Play), trick {j + 1}: {n} columns, one a seat, not {len(cols)}")
        names = []
        for c in cols:
            if c == "-":
                names.append(None)
                continue
            try:
                names.append(rules.deck.name(parse_card(c[1:] + c[0], rules.deck)))
            except UserError as e:
                raise UserError(f"PTN line {tag.line} (Play), trick {j + 1}: {e}") from None
        by_seat = {(first + i) % n: x for i, x in enumerate(names)}
        order = [by_seat[(lead + i) % n] for i in range(n)]
        played = [x for x in order if x is not None]
        tricks.append(" ".join(played))
        if len(played) < n:
            break
        kinds = [parse_card(x, rules.deck) for x in played]
        best = 0
        for i in range(1, n):
            if beats(np.int64(kinds[i]), np.int64(kinds[best]), np.int64(trump)):
                best = i
        lead = (lead + best) % n
    return " / ".join(tricks)
