"""An edition's glossary as its page shows it: terms under their initial letters, accents
ignored, each definition with the rules it cites linked to the rules of that edition."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.safestring import SafeString

from common.text import fold
from rulings.models import RulesEdition
from rulings.rules.citations import rule_shaped_numbers
from web.rendering.markup import RuleTextRenderer


@dataclass
class GlossaryTerm:
    term: str
    slug: str  # its anchor on the page (#morph)
    html: SafeString  # its definition's paragraphs, its rule citations linked


def glossary_by_letter(edition: RulesEdition, is_current: bool) -> dict[str, list[GlossaryTerm]]:
    """{"A": [GlossaryTerm, ...], ..., "#": [...]} in alphabetical order: two queries (the
    definitions, then the rules they cite). The links of an older edition's glossary open that
    edition."""
    entries = sorted(
        (fold(term), term, slug, text)
        for term, slug, text in edition.glossary.order_by().values_list("term", "slug", "text")
    )
    renderer = definition_renderer(edition, [entry[3] for entry in entries], is_current)
    letters = {}
    for folded, term, slug, text in entries:
        html = definition_html(text, renderer)
        initial = folded[:1].upper() if folded[:1].isalpha() else "#"
        letters.setdefault(initial, []).append(GlossaryTerm(term, slug, html))
    return letters


def definition_renderer(edition, texts: Iterable[str], is_current: bool) -> RuleTextRenderer:
    """The renderer of ``edition``'s definitions: it links the numbers they cite that the
    edition has (one query), to that edition when it is not the current one."""
    cited = set()
    for text in texts:
        cited |= rule_shaped_numbers(text)
    known = set(
        edition.sections.filter(number__in=cited).order_by().values_list("number", flat=True)
    )
    return RuleTextRenderer(known, None if is_current else edition.slug)


def definition_html(text: str, renderer: RuleTextRenderer) -> SafeString:
    """A definition's paragraphs, mana symbols as icons, its rule citations linked."""
    return renderer.paragraphs(text)
