"""The rules a section holds as its page shows them, made once and kept in ``StoredRuleTree``.

A section's page lists its rules and subrules (``rulings/_rule_tree.html``): their text beside
the Italian text, where that Italian text comes from, the old numbers that lead to each rule.
Section 702 holds 760 of them, and laying them out is most of its page's time. That markup is
made here for each page of each section of the editions one reads, in each language, and
stored with the state of the editions it was made from (``editions_state``: each edition's
dates, whether it is complete, when it was last imported, and which is current; and the
templates and translations it was made with). A rule page
shows it while that state holds (``rule_tree.tree_statement`` reads it with the section, given
``stored_tree_key``) and renders the tree itself otherwise, so a page is right whatever
changed.

What else a tree shows changes through these paths, which store it again:

- a rules import (``import_rules``: texts, mappings, the current edition) stores every tree,
  and so does a release-notes import that changes the Italian texts documents quote
  (``quoted_texts_digest``);
- an old-number mapping saved or deleted (the admin, the editorial import) stores the trees of
  the sections that show its current rule (``store_trees_showing``);
- a document saved (its title) stores the trees that link to it.

``manage.py store_rule_trees`` fills the store of a database that has none.
"""

import hashlib
from contextlib import contextmanager

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils import translation

from rulings.models import Language, RuleMapping, RuleSection, SourceDocument, StoredRuleTree
from rulings.rules.editions import EditionChoices
from web.pages.rules.page import RulePage, build_rule_page
from web.stores.fingerprint import fingerprint

Level = RuleSection.Level


# The templates a tree is made with (its rules' text, the Italian text's labels).
TREE_TEMPLATES = (
    "rulings/_rule_tree.html",
    "rulings/_rule_text.html",
    "rulings/_italian_text.html",
    "rulings/_superseded_translation.html",
    "oracle/_text.html",
)


def editions_state(editions: EditionChoices) -> str:
    """A digest of the editions as a tree is made from them: which is current, and each one's
    language, date, completeness, quoting document and last import; and of how trees are made
    (``markup_fingerprint``)."""
    current = editions.current
    parts = [fingerprint(TREE_TEMPLATES), f"current:{current.pk if current else ''}"]
    for edition in sorted(editions.rows, key=lambda edition: edition.pk):
        parts.append(
            f"{edition.pk}:{edition.language}:{edition.effective_date.isoformat()}:"
            f"{int(edition.is_complete)}:{edition.source_document_id or ''}:"
            f"{edition.imported_at.isoformat() if edition.imported_at else ''}"
        )
    return hashlib.sha1(" ".join(parts).encode()).hexdigest()[:32]


def stored_tree_key(editions: EditionChoices) -> tuple[str, str]:
    """What a page asks of a stored tree (``tree_statement``'s ``stored``): made for a page in the
    active language, from the editions as they are."""
    return translation.get_language(), editions_state(editions)


def tree_markup(page: RulePage) -> str:
    """The markup of the rules ``page``'s section holds, as the page shows them."""
    context = {
        "nodes": page.node.children,
        "language": page.edition.language,
        "section_pages": page.section_pages,
    }
    return render_to_string("rulings/_rule_tree.html", context, using="jinja2")


def section_trees(editions: EditionChoices, section: RuleSection, state: str):
    """The ``StoredRuleTree`` rows of ``section``: each page of it, in each language."""
    edition = editions.by_pk(section.edition_id)
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            page_number, last = 1, 1
            while page_number <= last:
                page = build_rule_page(
                    editions, edition, section.number, page_number, with_cards=False
                )
                if page is None or not page.node.children:
                    break
                yield StoredRuleTree(
                    section_id=section.pk,
                    page=page_number,
                    language=language,
                    state=state,
                    markup=tree_markup(page),
                )
                if page.section_pages is not None:
                    last = len(page.section_pages.pages)
                page_number += 1


# While a loader imports several files (``trees_stored_once``): whether one asked for trees.
_waiting: list[bool] = []


@contextmanager
def trees_stored_once():
    """Within it, imports that store trees only ask for them: every tree is stored once at the
    end (a loader of several rules editions or documents), even when one of them fails (those
    before it may be written: open any transaction inside)."""
    _waiting.append(False)
    try:
        yield
    finally:
        if _waiting.pop():
            store_rule_trees()


@transaction.atomic
def store_rule_trees(sections=None) -> int:
    """Make and store the trees of ``sections`` (a queryset of rules; every section of the
    editions one reads by default: their trees not made again are dropped); the number of
    pages stored (none yet within ``trees_stored_once``)."""
    if _waiting:
        _waiting[-1] = True
        return 0
    editions = EditionChoices.load()
    readable = [edition.pk for edition in editions.readable]
    wanted = RuleSection.objects.filter(level=Level.SECTION, edition__in=readable)
    if sections is not None:
        wanted = wanted.filter(pk__in=list(sections.values_list("pk", flat=True)))
    wanted = list(wanted.order_by("edition_id", "position").only("edition_id", "number"))
    if sections is None:
        StoredRuleTree.objects.all().delete()
    else:
        StoredRuleTree.objects.filter(section__in=[section.pk for section in wanted]).delete()
    state = editions_state(editions)
    rows = []
    for section in wanted:
        rows += section_trees(editions, section, state)
    StoredRuleTree.objects.bulk_create(rows, batch_size=200)
    return len(rows)


def quoted_texts_digest() -> str:
    """A digest of the Italian texts documents quote (the partial Italian editions): a
    release-notes import that changes them stores every tree."""
    rows = RuleSection.objects.filter(
        edition__language=Language.ITALIAN, edition__is_complete=False
    ).order_by("pk")
    digest = hashlib.sha1()
    for row in rows.values_list(
        "pk", "edition_id", "number", "title", "text", "examples", "note", "source_document_id"
    ):
        digest.update(repr(row).encode())
    return digest.hexdigest()


def store_trees_showing(section_ids) -> int:
    """Store again the trees of the sections that show the rules ``section_ids``."""
    rows = RuleSection.objects.filter(pk__in=[pk for pk in section_ids if pk])
    wanted = set()
    for edition_id, number in rows.values_list("edition_id", "number"):
        wanted.add((edition_id, number.partition(".")[0]))
    if not wanted:
        return 0
    sections = RuleSection.objects.none()
    for edition_id, number in wanted:
        sections |= RuleSection.objects.filter(edition_id=edition_id, number=number)
    return store_rule_trees(sections)


def store_trees_linking(document: SourceDocument) -> int:
    """Store again the trees that link to ``document`` (where an Italian text was quoted)."""
    addresses = set()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            addresses.add(f'href="{document.get_absolute_url()}"')
    linking = StoredRuleTree.objects.none()
    for address in addresses:
        linking |= StoredRuleTree.objects.filter(markup__contains=address)
    sections = RuleSection.objects.filter(pk__in=linking.values("section_id"))
    return store_rule_trees(sections) if sections.exists() else 0


# --- Kept in step with what they show -----------------------------------------------------------


@receiver(pre_save, sender=RuleMapping, dispatch_uid="web.pages.rules.stored_trees.mapping_before")
def remember_mapped_rule(sender, instance, raw=False, **kwargs):
    """The rule a mapping led to before it is saved: its section's tree lists the old number."""
    instance._tree_target_before = None
    if not raw and instance.pk:
        before = RuleMapping.objects.filter(pk=instance.pk).values_list("current_section_id")
        instance._tree_target_before = next(iter(before), (None,))[0]


@receiver(post_save, sender=RuleMapping, dispatch_uid="web.pages.rules.stored_trees.mapping_saved")
def store_trees_after_mapping(sender, instance, raw=False, **kwargs):
    """A mapping saved: the trees that show the rule it leads to (and led to) again."""
    if not raw:
        before = getattr(instance, "_tree_target_before", None)
        store_trees_showing([instance.current_section_id, before])


@receiver(
    post_save, sender=SourceDocument, dispatch_uid="web.pages.rules.stored_trees.document_saved"
)
def store_trees_after_document(sender, instance, raw=False, **kwargs):
    """A document saved: the trees that name it (the source of an Italian text) again."""
    if not raw:
        store_trees_linking(instance)
