"""The written form of a hand in play: the cards played so far and the cards each seat showed.

Cards played are written in play order, a trick after another, each trick from its leader; tricks may be
separated by ``/`` (or ``|``) so that a slip shows at once, and the last trick may be incomplete (the trick
in progress)::

    AS 9S TS KS / QH JH 9H AH / TD        # auction: two tricks, then the third's lead
    AS 9S TS KS QH JH 9H AH TD            # the same without separators

Two-handed phase 1 (:func:`parse_phase1`) writes the tricks the same way, each from its leader (no duty to
follow); ``*`` after a card marks a copy played from its player's melds on the table (``*2``: the second melded
copy of that card), and ``+NAME`` after a trick is a meld its winner laid then (``+dix`` the exchange while the
turned-up card lies there, ``+rm``, ``+run``, ``+marriage-S``, ``+aces``, ``+pinochle``, ``+double-pinochle``,
...: :func:`analyzer.twohand.position.meld_action`)::

    9S AS +rm / TH KH* / QC JC +dix +aces / AD      # three tricks and the fourth's lead

Cards shown (meld laid on the table) are ``SEAT:CARDS``, the seat a number or a word relative to me
(``left``, ``right``, ``partner``, ``across``): ``0:"AH TH KH QH JH" partner:"QS JD"``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from analyzer.cards import Hand, parse_card
from analyzer.deal import resolve_seat
from analyzer.errors import UserError, field_name
from analyzer.rules.model import RuleSet
from analyzer.twohand.position import Trick

_SPLIT = re.compile(r"[/|]")


def _joined(text: str | Sequence[str], name: str, what: str) -> str:
    """The notation as one text (a list of names joined by spaces); UserError when a list holds a non-text."""
    if isinstance(text, str):
        return text
    if not all(isinstance(t, str) for t in text):
        raise UserError(f"{name} must be {what}")
    return " ".join(text)


def parse_played(text: str | Sequence[str] | None, rules: RuleSet, name: str = field_name("played")) -> tuple[int, ...]:
    """Card kinds played so far, in order, from the notation of the module docstring (or a list of card names);
    UserError naming the card or trick that is wrong."""
    if text is None:
        return ()
    text = _joined(text, name, "card names such as \"AS 9S TS KS / QH\"")
    groups = [g.replace(",", " ").split() for g in _SPLIT.split(text)]
    separated = len(groups) > 1
    kinds: list[int] = []
    seats = rules.seats
    for t, group in enumerate(groups):
        last = t == len(groups) - 1
        if separated and not group and not last:
            raise UserError(f"{name}: trick {t + 1} is empty (two '/' in a row?)")
        if separated and (len(group) > seats or (len(group) < seats and not last)):
            raise UserError(f"{name}: trick {t + 1} has {len(group)} cards: a trick of {rules.id} has {seats} (only "
                            "the last trick may be incomplete)")
        for tok in group:
            try:
                kinds.append(parse_card(tok, rules.deck))
            except UserError as e:
                raise UserError(f"{name}: card {len(kinds) + 1} ({tok!r}): {e}") from None
    return tuple(kinds)


def parse_phase1(text: str | Sequence[str] | None, rules: RuleSet,
                 name: str = field_name("played")) -> tuple[Trick, ...]:
    """Two-handed phase 1's tricks (module docstring), each as a :class:`~analyzer.twohand.position.Trick`;
    UserError naming the token or trick that is wrong."""
    if text is None:
        return ()
    text = _joined(text, name, "text such as \"9S AS +rm / TH KH*\"")
    tricks: list[Trick] = []
    cards: list[tuple[int, int]] = []
    melds: list[str] = []

    def close(sep: bool) -> None:
        nonlocal cards, melds
        if sep and len(cards) < 2:
            raise UserError(f"{name}: trick {len(tricks) + 1} has {len(cards)} card(s) before '/': a trick has 2")
        if cards:
            tricks.append(Trick(tuple(cards), tuple(melds)))
        cards, melds = [], []

    for tok in re.findall(r"[/|]|[^\s/|,]+", text):
        if tok in "/|":
            close(True)
        elif tok.startswith("+"):
            if len(cards) < 2 or not tok[1:]:
                raise UserError(f"{name}: meld {tok!r} must follow a whole trick (its winner lays it)")
            melds.append(tok[1:])
        else:
            if len(cards) == 2:
                close(False)
            card, star, where = tok.partition("*")
            if star and where not in ("", "1", "2"):
                raise UserError(f"{name}: {tok!r}: write * (a melded copy) or *1 / *2 after the card")
            try:
                k = parse_card(card, rules.deck)
            except UserError as e:
                raise UserError(f"{name}: trick {len(tricks) + 1}, {tok!r}: {e}") from None
            cards.append((k, (int(where) if where else 0) if star else -1))
    close(False)
    return tuple(tricks)


def played_text(kinds: Sequence[int], rules: RuleSet) -> str:
    """The notation of ``kinds`` (tricks separated by `` / ``): what :func:`parse_played` reads back."""
    names = [rules.deck.name(k) for k in kinds]
    seats = rules.seats
    return " / ".join(" ".join(names[i:i + seats]) for i in range(0, len(names), seats))


def parse_shown(items: Sequence[str] | Mapping[int | str, str] | None, rules: RuleSet, me: int,
                name: str = field_name("shown")) -> dict[int, Hand]:
    """Seat -> the cards it showed, from ``SEAT:CARDS`` texts (or a mapping seat -> cards); my own seat's cards
    are my hand and are not given here."""
    out: dict[int, list[int]] = {}
    pairs: list[tuple[str, str]] = []
    if isinstance(items, Mapping):
        pairs = [(str(s), c) for s, c in items.items()]
    else:
        for it in items or []:
            if not isinstance(it, str) or ":" not in it:
                raise UserError(f"{name} {str(it)[:40]!r}: write SEAT:CARDS, e.g. 2:\"AH TH KH QH JH\"")
            who, cards = it.split(":", 1)
            pairs.append((who, cards))
    for who, cards in pairs:
        if not isinstance(cards, str):
            raise UserError(f"{name}: seat {who}'s cards must be text such as \"AH TH KH QH JH\"")
        try:
            s = resolve_seat(who.strip(), rules, me)
        except UserError as e:
            raise UserError(f"{name}: {e}") from None
        if s == me:
            raise UserError(f"{name} names your own seat {s}: your cards are {field_name('hand')}")
        try:
            out.setdefault(s, []).extend(Hand.parse(cards, rules.deck).kinds)
        except UserError as e:
            raise UserError(f"{name} {who}: {e}") from None
    return {s: Hand(rules.deck, tuple(sorted(k))) for s, k in sorted(out.items())}
