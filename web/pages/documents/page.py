"""A source document's page: each section with its text, card names and rule numbers linked
(``web.pages.documents.rendering``), its subject and its rulings, rendered in the page's language.

The numbers a section cites are read in the rules in force on the document's date and lead to
where those rules are today (one query for the whole page); an editor's withdrawn rulings are
left out.
"""

from dataclasses import dataclass

from rulings.models import DocumentMention, DocumentSection, Ruling, SourceDocument
from rulings.rules.citations import resolve_cited_numbers_by_day
from rulings.rules.editions import EditionChoices
from web.pages.documents.rendering import (
    RenderedSection,
    SectionRenderer,
    numbers_cited_in_sections,
)

# What a page reads of a section (and of its subject): the rest of the rows stays unread.
SECTION_FIELDS = (
    "document_id",
    "position",
    "level",
    "kind",
    "title",
    "first_line",
    "text",
    "blocks",
    "problems",
    "card__slug",
    "keyword__slug",
    "keyword__name",
    "keyword__name_it",
    "card_type__name",
    "card_type__name_it",
)


@dataclass
class PageInputs:
    """What a document's page reads besides the document (``read_inputs``)."""

    sections: list[DocumentSection]
    mentions: dict[int, dict[str, str | None]]  # section id -> {name: card slug or None}
    missing: dict[str, list[int]]  # a name no card has -> the positions that mention it
    rulings: dict[int, list[tuple[int, int, str]]]  # section id -> [(pk, position, text)]
    statuses: dict[int, str]  # ruling id -> its status
    editions: list  # the official rules editions (``RulesEdition.objects.official()``)

    @property
    def withdrawn(self) -> set[int]:
        return {pk for pk, status in self.statuses.items() if status == Ruling.Status.WITHDRAWN}


@dataclass
class DocumentPage:
    """What a document's page shows of its sections."""

    sections: list[RenderedSection]  # each section with its texts made markup
    headings: list[DocumentSection]  # the sections the contents list
    damaged_count: int
    names_not_found: list[tuple[str, list[int]]]


def read_inputs(document: SourceDocument, editions: EditionChoices) -> PageInputs:
    """What the page of ``document`` reads besides the document (three queries): its sections,
    the card names they mention and its rulings."""
    sections = list(
        document.sections.select_related("card", "keyword", "card_type")
        .only(*SECTION_FIELDS)
        .order_by("position")
    )
    mention_rows = (
        DocumentMention.objects.filter(document=document)
        .order_by("section__position", "name")
        .values_list("section_id", "section__position", "name", "card__slug")
    )
    ruling_rows = (
        Ruling.objects.filter(source_document=document, section__isnull=False)
        .order_by("position", "pk")
        .values_list("pk", "section_id", "position", "text", "status")
    )
    mentions: dict[int, dict[str, str | None]] = {}
    missing: dict[str, list[int]] = {}
    for section_id, position, name, slug in mention_rows:
        mentions.setdefault(section_id, {})[name] = slug
        if slug is None:
            missing.setdefault(name, [])
            if position not in missing[name]:
                missing[name].append(position)
    rulings: dict[int, list[tuple[int, int, str]]] = {}
    statuses: dict[int, str] = {}
    for ruling_pk, section_id, position, text, status in ruling_rows:
        rulings.setdefault(section_id, []).append((ruling_pk, position, text))
        statuses[ruling_pk] = status
    return PageInputs(sections, mentions, missing, rulings, statuses, editions.official)


def ruling_blocks(section: DocumentSection) -> int:
    """How many ruling blocks the section holds (a ruling is found by its place among them)."""
    return sum(1 for block in section.blocks or [] if block.get("kind") == "ruling")


def build_document_page(document: SourceDocument, editions: EditionChoices) -> DocumentPage:
    """The page of ``document`` in the active language, its sections rendered here
    (``read_inputs``, then one more query for the rule numbers they cite)."""
    inputs = read_inputs(document, editions)
    firsts, first = [], 0
    for section in inputs.sections:
        firsts.append(first)
        first += ruling_blocks(section)
    sections = []
    if inputs.sections:
        sections = render_sections(document, inputs.sections, inputs, firsts)
    return DocumentPage(
        sections=sections,
        headings=[s for s in inputs.sections if s.level <= 1 and s.title],
        damaged_count=sum(damage_count(section) for section in inputs.sections),
        names_not_found=sorted(inputs.missing.items(), key=lambda item: item[0].casefold()),
    )


def damage_count(section: DocumentSection) -> int:
    """How many damaged lines the section has (``RenderedSection.damage_count``)."""
    problems = [*(section.problems or [])]
    for block in section.blocks or []:
        problems += block.get("problems", [])
    return len({problem.get("text", "").strip() for problem in problems})


def render_sections(document, sections, inputs: PageInputs, firsts: list[int]) -> list:
    """``sections`` of ``document`` with their texts made markup (``firsts``: the number of the
    document's ruling blocks before each, by which its rulings are found), for the template
    (``rules/_document_section.html``)."""
    numbers = numbers_cited_in_sections(sections)
    day = document.published_on
    cited = resolve_cited_numbers_by_day({day: numbers}, inputs.editions).get(day, {})
    renderer = SectionRenderer(cited)
    rendered = []
    for section, first in zip(sections, firsts, strict=True):
        renderer.ruling_ordinal = first
        rendered.append(
            renderer.render(
                section, inputs.mentions.get(section.pk, {}), inputs.rulings.get(section.pk, [])
            )
        )
    hide_withdrawn(rendered, inputs.withdrawn)
    return rendered


def hide_withdrawn(sections, withdrawn: set[int]) -> None:
    """Take the rulings an editor withdrew out of the rendered sections (all rulings are
    rendered, so that each of the others still finds its words)."""
    if not withdrawn:
        return
    for section in sections:
        for block in section.blocks:
            if block.kind == "rulings":
                block.rulings = [r for r in block.rulings if r.ruling_id not in withdrawn]
        section.blocks = [
            block for block in section.blocks if block.kind != "rulings" or block.rulings
        ]
