"""A resolved deck checked against a format's rules (``oracle.decks.rules``): each problem in
words, with its kind for the API.

    problems = check(arrange(deck, rules), rules)
    [Problem("banned", "Dread Return", "Dread Return is banned in Modern."), ...]

``arrange`` first reads a Commander list as the players' programs write it: MTGO puts the
commander in the sideboard (one or two cards there and no "Commander" heading: they are the
commander), a plain list may put it first, before a blank line (one or two cards before a
sideboard of fifty or more). In a format without a commander, cards under a "Commander"
heading count in the main deck. Arena lists the companion twice, under "Companion" and in the
sideboard: it is counted once, in the sideboard.
"""

import re
from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from oracle.decks.parse import Section
from oracle.decks.resolve import Deck
from oracle.decks.rules import DeckRules, can_command, copies_allowed
from oracle.formats import Status
from oracle.models import names_for_page


class Kind:
    UNRESOLVED = "unresolved"
    NOT_LEGAL = "not_legal"
    BANNED = "banned"
    RESTRICTED = "restricted"
    COPIES = "copies"
    SINGLETON = "singleton"
    MAIN_SIZE = "main_size"
    SIDEBOARD_SIZE = "sideboard_size"
    DECK_SIZE = "deck_size"
    COMMANDER = "commander"
    COLOR_IDENTITY = "color_identity"


COLOR_WORDS = {
    "W": gettext_lazy("white"),
    "U": gettext_lazy("blue"),
    "B": gettext_lazy("black"),
    "R": gettext_lazy("red"),
    "G": gettext_lazy("green"),
}
PARTNER = re.compile(r"^Partner(?: \(|$)", re.MULTILINE)
PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+?)(?: \(|$)", re.MULTILINE)


@dataclass(frozen=True)
class Problem:
    kind: str  # one of Kind
    card: str  # the card's Oracle name; "" for the deck as a whole
    detail: str  # in words, in the active language

    def as_json(self) -> dict:
        return {"kind": self.kind, "card": self.card, "detail": self.detail}


def arrange(deck: Deck, rules: DeckRules) -> Deck:
    """The deck with its sections as the format reads them (see the module's docstring)."""
    has_commander = bool(deck.in_section(Section.COMMANDER))
    if not rules.commander:
        if has_commander:
            return deck.moved(
                {Section.COMMANDER: Section.MAIN},
                _(
                    "%(format)s has no commander: the cards under “Commander” count in the main "
                    "deck."
                )
                % {"format": rules.name},
            )
        return deck
    if has_commander:
        return deck
    sideboard, main = deck.in_section(Section.SIDEBOARD), deck.in_section(Section.MAIN)
    if 1 <= deck.total(Section.SIDEBOARD) <= 2 and all(
        can_command(line.card, rules) for line in sideboard
    ):
        return deck.moved(
            {Section.SIDEBOARD: Section.COMMANDER},
            _("The sideboard is read as the commander, as MTGO lists it."),
        )
    if (
        1 <= deck.total(Section.MAIN) <= 2
        and deck.total(Section.SIDEBOARD) >= 50
        and all(can_command(line.card, rules) for line in main)
    ):
        return deck.moved(
            {Section.MAIN: Section.COMMANDER, Section.SIDEBOARD: Section.MAIN},
            _("The cards before the blank line are read as the commander, the rest as the deck."),
        )
    return deck


def counted(deck: Deck) -> Counter:
    """Copies of each card (by id) in the main deck, sideboard and command zone together; a
    companion listed in the sideboard too counts once."""
    copies = Counter()
    in_sideboard = {line.card.id for line in deck.in_section(Section.SIDEBOARD)}
    for line in deck.lines:
        if line.section == Section.COMPANION and line.card.id in in_sideboard:
            continue
        copies[line.card.id] += line.count
    return copies


def check(deck: Deck, rules: DeckRules) -> list[Problem]:
    """Every problem of ``deck`` (arranged: ``arrange``) in ``rules``' format, the deck's own
    first (lines not read, sizes, the commander), then each card's, in the list's order."""
    problems = []
    if deck.unresolved:
        count = len(deck.unresolved)
        problems.append(
            Problem(
                Kind.UNRESOLVED,
                "",
                ngettext(
                    "%(count)s line names no card that could be found: the verdict needs it.",
                    "%(count)s lines name no card that could be found: the verdict needs them.",
                    count,
                )
                % {"count": count},
            )
        )
    problems += size_problems(deck, rules)
    commanders = [line.card for line in deck.in_section(Section.COMMANDER)]
    if rules.commander:
        problems += commander_problems(commanders, rules)
    identity = set("".join(card.color_identity for card in commanders))
    copies = counted(deck)
    for card in deck.cards():
        problems += card_problems(card, copies[card.id], rules)
        outside = set(card.color_identity) - identity
        if rules.commander and commanders and outside:
            problems.append(
                Problem(
                    Kind.COLOR_IDENTITY,
                    card.name,
                    _(
                        "%(card)s is %(colors)s, outside the commander's colour identity "
                        "(%(identity)s)."
                    )
                    % {
                        "card": shown(card),
                        "colors": colour_words(card.color_identity),
                        "identity": colour_words(identity),
                    },
                )
            )
    return problems


def size_problems(deck: Deck, rules: DeckRules) -> list[Problem]:
    problems = []
    if rules.commander:
        size = deck.total(Section.MAIN) + deck.total(Section.COMMANDER)
        if size != rules.min_main:
            problems.append(
                Problem(
                    Kind.DECK_SIZE,
                    "",
                    ngettext(
                        "The deck has %(count)s card with its commander: %(format)s wants "
                        "exactly %(size)s.",
                        "The deck has %(count)s cards with its commander: %(format)s wants "
                        "exactly %(size)s.",
                        size,
                    )
                    % {"count": size, "format": rules.name, "size": rules.min_main},
                )
            )
        return problems
    main = deck.total(Section.MAIN)
    if main < rules.min_main:
        problems.append(
            Problem(
                Kind.MAIN_SIZE,
                "",
                ngettext(
                    "The main deck has %(count)s card: at least %(size)s.",
                    "The main deck has %(count)s cards: at least %(size)s.",
                    main,
                )
                % {"count": main, "size": rules.min_main},
            )
        )
    sideboard = sum(counted(deck).values()) - main
    if rules.max_sideboard is not None and sideboard > rules.max_sideboard:
        problems.append(
            Problem(
                Kind.SIDEBOARD_SIZE,
                "",
                _("The sideboard has %(count)s cards: at most %(size)s.")
                % {"count": sideboard, "size": rules.max_sideboard},
            )
        )
    return problems


def commander_problems(commanders: list, rules: DeckRules) -> list[Problem]:
    if not commanders:
        return [
            Problem(
                Kind.COMMANDER,
                "",
                _(
                    "No commander: put it under a “Commander” heading (or alone in the "
                    "sideboard, as MTGO lists it)."
                ),
            )
        ]
    if len(commanders) > 2:
        return [
            Problem(
                Kind.COMMANDER,
                "",
                _("%(count)s commanders: at most two, when both allow it (Partner).")
                % {"count": len(commanders)},
            )
        ]
    problems = []
    paired = len(commanders) == 2 and may_pair(*commanders)
    if len(commanders) == 2 and not paired:
        problems.append(
            Problem(
                Kind.COMMANDER,
                "",
                _("%(first)s and %(second)s cannot both be commanders: neither partners the other.")
                % {"first": shown(commanders[0]), "second": shown(commanders[1])},
            )
        )
    for card in commanders:
        background = paired and "Background" in card.front_type_line
        if not (can_command(card, rules) or background):
            message = (
                _("%(card)s cannot be the commander: it is no legendary creature or planeswalker.")
                if "Planeswalker" in rules.commander_types
                else _("%(card)s cannot be the commander: it is no legendary creature.")
            )
            problems.append(Problem(Kind.COMMANDER, card.name, message % {"card": shown(card)}))
    return problems


def may_pair(first, second) -> bool:
    """Whether two cards may be commanders together: both with Partner (or Friends forever),
    each the other's "Partner with", a Background with a "Choose a Background" card, or a
    Doctor with a "Doctor's companion"."""
    for one, other in ((first, second), (second, first)):
        named = PARTNER_WITH.search(one.oracle_text)
        if named and named[1].strip() == other.name:
            return True
        if "Choose a Background" in one.oracle_text and "Background" in other.front_type_line:
            return True
        if "Doctor's companion" in one.oracle_text and "Time Lord Doctor" in other.front_type_line:
            return True
    return all(PARTNER.search(card.oracle_text) for card in (first, second)) or all(
        "Friends forever" in card.oracle_text for card in (first, second)
    )


def card_problems(card, copies: int, rules: DeckRules) -> list[Problem]:
    problems = []
    values = {"card": shown(card), "format": rules.name, "count": copies}
    status = card.legalities.get(rules.key)
    if status is None or status == Status.NOT_LEGAL:
        problems.append(
            Problem(Kind.NOT_LEGAL, card.name, _("%(card)s is not legal in %(format)s.") % values)
        )
    elif status == Status.BANNED:
        problems.append(
            Problem(Kind.BANNED, card.name, _("%(card)s is banned in %(format)s.") % values)
        )
    elif status == Status.RESTRICTED:
        if copies > 1:
            problems.append(
                Problem(
                    Kind.RESTRICTED,
                    card.name,
                    _("%(card)s is restricted in %(format)s: %(count)s copies, at most one.")
                    % values,
                )
            )
        return problems
    allowed = copies_allowed(card, rules)
    if allowed is not None and copies > allowed:
        kind = Kind.SINGLETON if rules.singleton and allowed == 1 else Kind.COPIES
        message = (
            _("%(count)s copies of %(card)s: %(format)s allows one of each card but basic lands.")
            if kind == Kind.SINGLETON
            else _("%(count)s copies of %(card)s: at most %(allowed)s.")
        )
        problems.append(Problem(kind, card.name, message % (values | {"allowed": allowed})))
    return problems


def shown(card) -> str:
    """The card's name in the page's language, for the sentences."""
    return names_for_page(card.name, card.name_it)[0]


def colour_words(identity) -> str:
    words = [str(COLOR_WORDS[letter]) for letter in "WUBRG" if letter in identity]
    return ", ".join(words) if words else _("colourless")
