"""Damaged text: lines whose mana symbols were lost in conversion (the Onslaught FAQ's), found
by what is left around the lost symbols, kept as written and flagged, never mended."""

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class DamagedLine:
    """A damaged line, kept as written: its number, the line, and what looks lost (a key of
    ``DAMAGE_REASONS``)."""

    line: int
    text: str
    reason: str


# Why a line is flagged (DamagedLine.reason -> what the report and the admin say).
DAMAGE_REASONS = {
    "cost-lost": _("The cost before the colon is missing: the mana symbols were lost."),
    "keyword-cost-lost": _(
        "The keyword's cost is missing, before its reminder text and inside it: the mana "
        "symbols were lost."
    ),
    "symbol-lost": _("A mana symbol is missing from the sentence: it was lost."),
}

# ": Effect", ", : Effect": an activated ability whose cost (mana, {T}) left only its commas.
LOST_COST = re.compile(r"^[\s,]*:\s")
# "Ciclo (, Scarta questa carta ...)": the reminder text starts where its cost was.
LOST_KEYWORD_COST = re.compile(r"\(\s*,\s")
# "paga ." / "Aggiungi  alla tua riserva di mana": the symbol between the words is gone.
LOST_SYMBOL = re.compile(r"\b(?:[Pp]aga|[Pp]agare|[Aa]ggiungi)\s+(?:[.,;)]|alla tua riserva)")


def damage_in(line: str) -> str:
    """The reason code when a line certainly lost its mana symbols, else ""."""
    if LOST_COST.match(line):
        return "cost-lost"
    if LOST_KEYWORD_COST.search(line):
        return "keyword-cost-lost"
    if LOST_SYMBOL.search(line):
        return "symbol-lost"
    return ""
