"""An edition's glossary as its page shows it: terms under their initial letters, accents
ignored, each definition with the rules it cites linked to the rules of that edition."""

from dataclasses import dataclass

from oracle.text import fold
from oracle.text_pieces import Piece, paragraphs

from .models import RulesEdition
from .rule_citations import rule_shaped_numbers
from .rule_text import RuleTextRenderer


@dataclass
class GlossaryTerm:
    term: str
    slug: str  # its anchor on the page (#morph)
    pieces: list[Piece]  # its definition's paragraphs, read into pieces (the template makes markup)


def glossary_by_letter(edition: RulesEdition, is_current: bool) -> dict[str, list[GlossaryTerm]]:
    """{"A": [GlossaryTerm, ...], ..., "#": [...]} in alphabetical order (two queries). The
    links of an older edition's glossary open that edition."""
    entries = sorted(
        (fold(term), term, slug, text)
        for term, slug, text in edition.glossary.order_by().values_list("term", "slug", "text")
    )
    cited = set()
    for *_rest, text in entries:
        cited |= rule_shaped_numbers(text)
    known = set(
        edition.sections.filter(number__in=cited).order_by().values_list("number", flat=True)
    )
    renderer = RuleTextRenderer(known, None if is_current else edition.slug)
    letters = {}
    for folded, term, slug, text in entries:
        initial = folded[:1].upper() if folded[:1].isalpha() else "#"
        letters.setdefault(initial, []).append(
            GlossaryTerm(term, slug, paragraphs(renderer.lines(text)))
        )
    return letters
