"""An edition's glossary as its page shows it: terms under their initial letters, accents
ignored, each definition with the rules it cites linked to the rules of that edition.

The definitions' markup is made once, when an import changes the rules
(``store_definitions``), for a page in each language, and kept in ``GlossaryEntry.rendered``:
the page then only lays them out. A definition stored for another state (its edition was the
current one and no longer is, or nothing was stored yet) is rendered on the page instead."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.safestring import SafeString

from common.text import fold
from common.upsert import update_by_pk
from rulings.models import GlossaryEntry, RulesEdition
from rulings.rules.citations import rule_shaped_numbers
from rulings.rules.editions import EditionChoices
from web.jinja2 import macro
from web.pages.rules.bodies import stored_body_of, stored_parts
from web.rendering.rule_text import RuleTextRenderer
from web.rendering.text_pieces import paragraphs


@dataclass
class GlossaryTerm:
    term: str
    slug: str  # its anchor on the page (#morph)
    html: SafeString  # its definition's paragraphs, its rule citations linked


def glossary_by_letter(edition: RulesEdition, is_current: bool) -> dict[str, list[GlossaryTerm]]:
    """{"A": [GlossaryTerm, ...], ..., "#": [...]} in alphabetical order: one query, and one
    more when a definition has to be rendered here. The links of an older edition's glossary
    open that edition."""
    entries = sorted(
        (fold(term), term, slug, text, as_current, body)
        for term, slug, text, as_current, body in edition.glossary.order_by().values_list(
            "term", "slug", "text", *stored_parts()
        )
    )
    renderer = None
    letters = {}
    for folded, term, slug, text, as_current, body in entries:
        html = stored_body_of(as_current, body, is_current)
        if html is None:
            if renderer is None:
                texts = [entry[3] for entry in entries]
                renderer = definition_renderer(edition, texts, is_current)
            html = definition_html(text, renderer)
        initial = folded[:1].upper() if folded[:1].isalpha() else "#"
        letters.setdefault(initial, []).append(GlossaryTerm(term, slug, SafeString(html)))
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
    return macro("oracle/_text.html", "inline")(paragraphs(renderer.lines(text)))


def rendered_definitions(edition, entries: list[tuple[int, str]], is_current: bool) -> dict:
    """{entry id: what ``GlossaryEntry.rendered`` holds} for ``entries``, (id, text) pairs of
    ``edition``'s glossary: the markup of each definition on a page in each language, and
    whether it was made for the current edition."""
    stored = {pk: {"as_current": is_current} for pk, _text in entries}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            renderer = definition_renderer(edition, [text for _pk, text in entries], is_current)
            for pk, text in entries:
                stored[pk][language] = str(definition_html(text, renderer))
    return stored


@transaction.atomic
def store_definitions() -> int:
    """Render and store the definitions of every edition's glossary (after an import changed
    the rules: the current edition may be another); the number of definitions stored."""
    editions = EditionChoices.load()
    rows = []
    for edition in editions.rows:
        entries = list(edition.glossary.order_by().values_list("pk", "text"))
        if not entries:
            continue
        stored = rendered_definitions(edition, entries, edition == editions.current)
        rows += [GlossaryEntry(pk=pk, rendered=value) for pk, value in stored.items()]
    update_by_pk(GlossaryEntry, rows, ["rendered"])
    return len(rows)
