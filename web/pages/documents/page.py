"""A source document's page: each section's markup made once and kept in
``DocumentSection.rendered``, with a digest of what it was made from.

A section shows its text with card names and rule numbers linked (``document_rendering``), its
subject and its rulings. Its markup depends on the page's language and on ``section_digest``'s
inputs: the section (its text through its document's import), the document's date and
language, the cards its names lead to, the rulings made from it (an editor may withdraw one),
where each one falls among the document's rulings, the rules (``ruling_markup.rules_state``:
the numbers it cites lead to today's rules) and the templates and translations it is made
with (``markup_fingerprint``).
``store_document_sections`` makes it for a page in each language::

    {"digest": digest, "it": markup, "en": markup}

A page shows a section's stored markup while its digest still holds and renders the section
itself otherwise (``build_document_page``). It is stored again when the document or release
notes are imported, when rules or cards are imported, when a ruling or the document is saved
and when an editor changes an old-number mapping (its digest does not see where an old number
leads: ``store_document_sections`` after a mapping stores every section).
``manage.py store_document_sections`` fills the store of a database that has none.
"""

import hashlib
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.db.models.fields.json import KT
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import translation
from django.utils.safestring import SafeString

from common.sql_rows import fetch_together
from oracle.signals import cards_synced
from rulings.models import DocumentMention, DocumentSection, RuleMapping, Ruling, SourceDocument
from rulings.rules.citations import resolve_cited_numbers_by_day
from rulings.rules.editions import EditionChoices
from web.jinja2 import macro
from web.pages.documents.rendering import SectionRenderer, numbers_cited_in_sections
from web.rendering.rulings import rules_state
from web.stores.fingerprint import fingerprint

# The templates a section is made with.
SECTION_TEMPLATES = (
    "rulings/_document_section.html",
    "rulings/_document_text.html",
    "oracle/_text.html",
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
    editions: list  # the official rules editions (``EditionChoices.official``)

    @property
    def withdrawn(self) -> set[int]:
        return {pk for pk, status in self.statuses.items() if status == Ruling.Status.WITHDRAWN}


@dataclass
class DocumentPage:
    """What a document's page shows of its sections."""

    sections: list[SafeString]  # each section's markup
    headings: list[DocumentSection]  # the sections the contents list
    damaged_count: int
    names_not_found: list[tuple[str, list[int]]]
    digests: list[str] = field(default_factory=list)  # each section's (``section_digest``)


def input_statements(document_id: int) -> list[tuple[str, tuple]]:
    """The queries (sql, params) of what a document's page reads besides the document and its
    sections, to send together (``read_inputs`` reads their rows): the card names its sections
    mention, its rulings and the rules editions."""
    mentions = (
        DocumentMention.objects.filter(document=document_id)
        .order_by("section__position", "name")
        .values_list("section_id", "section__position", "name", "card__slug")
    )
    rulings = (
        Ruling.objects.filter(source_document=document_id, section__isnull=False)
        .order_by("position", "pk")
        .values_list("pk", "section_id", "position", "text", "status")
    )
    return [
        mentions.query.sql_with_params(),
        rulings.query.sql_with_params(),
        EditionChoices.statement(),
    ]


def read_inputs(document: SourceDocument, rows: list[list[tuple]] | None = None) -> PageInputs:
    """What the page of ``document`` reads: its sections, then the rows of
    ``input_statements``' queries, sent together here unless the page sent them (``rows``)."""
    if rows is None:
        rows = fetch_together(input_statements(document.pk))
    mention_rows, ruling_rows, edition_rows = rows
    sections = list(
        document.sections.select_related("card", "keyword", "card_type")
        .only(*SECTION_FIELDS)
        # Of the stored markup, the digest and the page's language's: not every language's
        # JSON, which PostgreSQL would write out and Django parse back.
        .annotate(
            stored_digest=KT("rendered__digest"),
            stored_markup=KT(f"rendered__{translation.get_language()}"),
        )
        .order_by("position")
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
    editions = EditionChoices.from_rows(edition_rows).official
    return PageInputs(sections, mentions, missing, rulings, statuses, editions)


def ruling_blocks(section: DocumentSection) -> int:
    """How many ruling blocks the section holds (a ruling is found by its place among them)."""
    return sum(1 for block in section.blocks or [] if block.get("kind") == "ruling")


def section_digest(
    document: SourceDocument, section: DocumentSection, inputs: PageInputs, state: str, first: int
) -> str:
    """A digest of everything ``section``'s markup is made from but the page's language:
    ``first`` is the number of ruling blocks before it, ``state`` the rules'. Its text and
    blocks are only written by its document's import, which the document's ``imported_at``
    says (they are large, and read-only in the admin)."""
    card, keyword, card_type = section.card, section.keyword, section.card_type
    rulings = inputs.rulings.get(section.pk, [])
    shown = [
        state,
        document.pk,
        document.language,
        document.published_on,
        document.sha256,
        document.imported_at and document.imported_at.isoformat(),
        section.pk,
        section.position,
        section.level,
        section.kind,
        section.title,
        section.first_line,
        card and card.slug,
        keyword and (keyword.slug, keyword.name, keyword.name_it),
        card_type and (card_type.name, card_type.name_it),
        sorted(inputs.mentions.get(section.pk, {}).items(), key=lambda item: item[0]),
        [(*ruling, inputs.statuses[ruling[0]]) for ruling in rulings],
        first,
    ]
    return hashlib.sha1("\x1f".join(map(str, shown)).encode()).hexdigest()[:24]


def build_document_page(
    document: SourceDocument, use_stored: bool = True, rows: list[list[tuple]] | None = None
) -> DocumentPage:
    """The page of ``document`` in the active language: each section's stored markup where its
    digest holds (unless not ``use_stored``), the others rendered here (one more query, for
    the rule numbers they cite). ``rows``: those of ``input_statements``, when the page sent
    them with its own."""
    inputs = read_inputs(document, rows)
    state = rules_state(inputs.editions) + fingerprint(SECTION_TEMPLATES)
    markup: list[SafeString | None] = []
    digests, firsts, stale = [], [], []
    first = 0
    for index, section in enumerate(inputs.sections):
        digest = section_digest(document, section, inputs, state, first)
        found = section.stored_markup if use_stored and section.stored_digest == digest else None
        markup.append(None if found is None else SafeString(found))
        if found is None:
            stale.append(index)
        digests.append(digest)
        firsts.append(first)
        first += ruling_blocks(section)
    if stale:
        sections = [inputs.sections[index] for index in stale]
        rendered = render_sections(document, sections, inputs, [firsts[i] for i in stale])
        for index, section_markup in zip(stale, rendered, strict=True):
            markup[index] = section_markup
    return DocumentPage(
        sections=markup,
        headings=[s for s in inputs.sections if s.level <= 1 and s.title],
        damaged_count=sum(damage_count(section) for section in inputs.sections),
        names_not_found=sorted(inputs.missing.items(), key=lambda item: item[0].casefold()),
        digests=digests,
    )


def damage_count(section: DocumentSection) -> int:
    """How many damaged lines the section has (``RenderedSection.damage_count``)."""
    problems = [*(section.problems or [])]
    for block in section.blocks or []:
        problems += block.get("problems", [])
    return len({problem.get("text", "").strip() for problem in problems})


def render_sections(document, sections, inputs: PageInputs, firsts: list[int]) -> list:
    """The markup of ``sections`` of ``document`` (``firsts``: the number of the document's
    ruling blocks before each, by which its rulings are found), rendered here."""
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
    section_macro = macro("rulings/_document_section.html", "document_section")
    language = translation.get_language()
    return [section_macro(each, document, language) for each in rendered]


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


# --- Stored -----------------------------------------------------------------------------------


@transaction.atomic
def store_document_sections(documents=None) -> int:
    """Render and store the sections of ``documents`` (a queryset; every document with a page
    by default); the number of sections stored (those whose stored markup was already the
    same are not written again)."""
    if documents is None:
        documents = SourceDocument.objects.all()
    documents = documents.exclude(kind=SourceDocument.Kind.RULINGS_DATABASE)
    rows = []
    for document in documents.order_by("pk"):
        stored: dict[int, dict] = {}
        before = dict(document.sections.values_list("pk", "rendered"))
        sections = list(document.sections.order_by("position").values_list("pk", flat=True))
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                page = build_document_page(document, use_stored=False)
            for pk, digest, markup in zip(sections, page.digests, page.sections, strict=True):
                stored.setdefault(pk, {"digest": digest})[language] = str(markup)
        rows += [
            DocumentSection(pk=pk, rendered=value)
            for pk, value in stored.items()
            if before.get(pk) != value
        ]
    DocumentSection.objects.bulk_update(rows, ["rendered"], batch_size=200)
    return len(rows)


@receiver(post_save, sender=Ruling, dispatch_uid="web.pages.documents.page.ruling_saved")
def store_after_ruling(sender, instance, raw=False, **kwargs):
    """A ruling saved (an editor withdrew it, corrected it): its document's page again."""
    if not raw and instance.section_id and instance.source_document_id:
        store_document_sections(SourceDocument.objects.filter(pk=instance.source_document_id))


@receiver(post_save, sender=SourceDocument, dispatch_uid="web.pages.documents.page.document_saved")
def store_after_document(sender, instance, raw=False, **kwargs):
    """A document saved (its language, its date): its page again."""
    if not raw:
        store_document_sections(SourceDocument.objects.filter(pk=instance.pk))


@receiver(post_save, sender=RuleMapping, dispatch_uid="web.pages.documents.page.mapping_saved")
def store_after_mapping(sender, instance, raw=False, **kwargs):
    """Where an old number leads today changed: every document's page again (a few)."""
    if not raw:
        store_document_sections()


@receiver(cards_synced, dispatch_uid="web.pages.documents.page.cards_synced")
def store_after_cards(sender, **kwargs):
    """Cards imported (the names a document mentions lead to them): every page again."""
    store_document_sections()
