"""What a card's page shows of the rules app: the card's rulings and those about its keywords
and types, the rules it uses, the documents that speak of it, the notice on a card known only
from a document, and links on the rule numbers in its text.

The card's page (``web.views.cards``) reads the rules editions, rulings, documents and rules
used (``rulings_rows.page_rows``: four queries, whatever the card) and builds its context from
them (``card_context``); one more query reads the rule numbers the rulings cite, and on an
Italian page one the editors' approved translations of its English rulings
(``rulings.translations.memory.attach_translations``: shown with the English one click
away). The page's template includes the panels (``templates/jinja2/rules/_card_*.html``) at
their places; each
ruling's item (``rules/_ruling.html``) is rendered by its template
from what ``web.rendering.rulings.prepare_items`` gives it.

The card's own rulings come first; those about each of its keywords and types, which every card
with them shares, follow, each topic collapsed and counted with its keyword's page. The
outdated ones (``ruling_status``) follow the card's own under their own heading, collapsed,
each with its reason. Withdrawn ones never show.
"""

from dataclasses import dataclass
from itertools import groupby

from django.utils.html import escape
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from common.links import url_maker, url_prefix
from oracle.models import Card, Layout, is_italian_page
from rulings.models import CardRule, Ruling
from rulings.rules.italian_titles import italian_title as curated_italian_title
from rulings.rules.numbers import parent_number
from rulings.status.ruling_status import outdated_reasons
from rulings.translations.memory import attach_translations
from rulings.translations.texts import name_for
from web.pages.card.rulings_rows import (
    RuleUseRow,
    page_rows,
    reason_label,
)
from web.rendering.rulings import prepare_items


def card_context(card: Card, staff: bool = False) -> dict:
    """The variables of the panels, from what ``web.pages.card.rulings_rows.page_rows`` reads
    (rule editions, rulings, documents, rules used); one more query for the rule numbers the
    rulings cite."""
    rows = page_rows(card)
    editions = rows.editions
    own, topics = card_rulings(rows.rulings)
    every_ruling = [*own, *(ruling for _topic, group in topics for ruling in group)]
    for ruling in every_ruling:
        ruling.reasons = outdated_reasons(ruling)
    if is_italian_page():  # one query, asked with no rulings too
        attach_translations(every_ruling, name_for(card.italian_name, card.name))
    # Asked with no rulings too, so that every card's page makes the same queries.
    prepare_items(every_ruling, editions, staff)
    documents = rows.documents
    labelled = [(_("About %(topic)s") % {"topic": topic}, topic, group) for topic, group in topics]
    groups = [(_("On this card"), own), *((label, group) for label, _topic, group in labelled)]
    keyword_url = url_maker("rules:keyword-detail")
    keyword_slugs = {keyword.pk: keyword.slug for keyword in card.keywords.all()}
    shared = [
        SharedTopic(
            label,
            topic,
            current,
            keyword_url(keyword_slugs[group[0].keyword_id])
            if group[0].keyword_id in keyword_slugs
            else "",
        )
        for label, topic, group in labelled
        if (current := holding(group))
    ]
    return {
        "rulings": own,
        "topic_rulings": topics,
        "own_current": holding(own),
        "shared_topics": shared,
        "shared_count": sum(len(topic.rulings) for topic in shared),
        "outdated_groups": split_groups(groups, outdated=True),
        "outdated_count": sum(bool(ruling.reasons) for ruling in every_ruling),
        "documents": documents,
        "known_from": documents[0] if card.document_only and documents else None,
        # Written into a translated sentence, which writes its values as they are: escaped
        # here as every other value of the page is.
        "known_from_title": escape(documents[0].title) if documents else "",
        "rules_used": rules_used(rows.rules_used),
        "rules_editions": editions,
    }


@dataclass(frozen=True)
class SharedTopic:
    """The current rulings about one of the card's keywords or types, which every card with it
    shares (collapsed on the page), with the keyword's page."""

    label: str  # "About morph"
    name: str  # "morph"
    rulings: list
    url: str  # the keyword's page; "" for a card type


def holding(rulings: list[Ruling]) -> list[Ruling]:
    """The rulings that still hold (not outdated), in their order."""
    return [ruling for ruling in rulings if ruling.status != Ruling.Status.OUTDATED]


def split_groups(groups: list, outdated: bool) -> list:
    """[(label, rulings)] keeping only the outdated rulings, or only the others; groups left
    empty are dropped. The card's own rulings come first, then each keyword's and type's."""
    kept = []
    for label, rulings in groups:
        chosen = [
            ruling for ruling in rulings if (ruling.status == Ruling.Status.OUTDATED) == outdated
        ]
        if chosen:
            kept.append((label, chosen))
    return kept


def linked_edition(printed_on, editions) -> str | None:
    """The effective date (ISO) of the edition whose rules a text printed on ``printed_on``
    links to; None for today's rules (the Oracle text, or an edition still in force)."""
    in_force = editions.in_force(printed_on) if printed_on else None
    if in_force is None or in_force.effective_date == editions.in_force().effective_date:
        return None
    return in_force.effective_date.isoformat()


def card_rulings(rulings: list[Ruling]) -> tuple[list, list]:
    """(the card's own rulings, [(topic, rulings)]) of its rulings and those about its keywords and
    card types (``web.pages.card.rulings_rows``): the topics are the card's keywords (suspend,
    morph), then its card types (tribal), named in the page's language."""
    own, named = [], []
    italian_page = is_italian_page()
    for ruling in rulings:
        if ruling.card_id:
            own.append(ruling)
        else:
            named.append((ruling, topic_name(ruling, italian_page)))
    named.sort(key=lambda pair: (pair[0].keyword_id is None, pair[1].casefold()))
    topics = [
        (name, [ruling for ruling, _name in group])
        for (_is_type, name), group in groupby(
            named, key=lambda pair: (pair[0].keyword_id is None, pair[1])
        )
    ]
    return own, topics


def topic_name(ruling, italian_page: bool) -> str:
    """The keyword or card type a ruling is about (``web.pages.card.rulings_rows.rulings_about``
    reads their names), named in the page's language."""
    if ruling.keyword_id:
        name = (italian_page and ruling.keyword_name_it) or ruling.keyword_name
    else:
        name = (italian_page and ruling.type_name_it) or ruling.type_name
    return name[:1].lower() + name[1:]  # "About suspend", "Su sospendere"


@dataclass
class RuleUsed:
    """One rule a card uses, as its page lists it."""

    number: str
    url: str
    title: str
    title_language: str  # the title's: "it" where the Italian edition has it
    excerpt: str  # the rule's first words, for a rule without a title
    reason_words: str


def rules_used(rows: list[RuleUseRow]) -> list[RuleUsed]:
    """The rules of today's edition the card uses (``web.pages.card.rulings_rows``: computed or set
    by an editor, less those an editor removed), in the rules' order, each with its title (Italian
    on Italian pages where an Italian edition of the same date has it) and its reason in words."""
    italian_page = is_italian_page()
    rule_page = url_prefix("rules:rule-detail")
    shown = []
    for row in rows:
        italian_title = italian_page and (
            row.italian_title
            or curated_italian_title(row.number, row.title)
            or (keyword_rule(row) and row.keyword_name_it)
            # A subrule shown by its rule's title ("205.4d Supertypes"): the rule's.
            or (
                not row.title
                and row.parent_title
                and curated_italian_title(parent_number(row.number) or "", row.parent_title)
            )
        )
        title = italian_title or row.title or row.parent_title or ""
        shown.append(
            RuleUsed(
                number=row.number,
                url=f"{rule_page}{row.number}/",
                title=title,
                title_language="it" if italian_title else "en",
                excerpt="" if title else Truncator(row.text).words(14),
                reason_words=reason_words(row, italian_page),
            )
        )
    return shown


def keyword_rule(row: RuleUseRow) -> bool:
    """A rule of 701 or 702 titled by the name of the keyword the card uses it for ("702.37
    Morph"): its Italian title is the keyword's Italian name."""
    return (
        row.number.startswith(("701.", "702."))
        and (row.keyword_name or "").casefold() == (row.title or "").casefold() != ""
    )


def reason_words(link: RuleUseRow, italian_page: bool) -> str:
    """Why the card uses a rule, in words: "Keyword ability: Flying", "Card type: Creature"."""
    reasons = CardRule.Reason
    detail = link.detail
    keyword = (italian_page and link.keyword_name_it) or link.keyword_name or detail
    card_type = (italian_page and link.type_name_it) or detail
    if link.reason == reasons.KEYWORD_ABILITY:
        return _("Keyword ability: %(name)s") % {"name": keyword}
    if link.reason == reasons.KEYWORD_ACTION:
        return _("Keyword action: %(name)s") % {"name": keyword}
    if link.reason == reasons.ABILITY_WORD:
        return _("Ability word: %(name)s") % {"name": keyword}
    if link.reason == reasons.CARD_TYPE:
        return _("Card type: %(name)s") % {"name": card_type}
    if link.reason == reasons.SUPERTYPE:
        return _("Supertype: %(name)s") % {"name": card_type}
    if link.reason == reasons.SUBTYPE:
        return _("Subtype: %(name)s") % {"name": card_type}
    if link.reason == reasons.LAYOUT:
        label = Layout(detail).label if detail in Layout.values else detail
        return _("Layout: %(name)s") % {"name": label}
    if link.reason == reasons.FACE_DOWN:
        # The detail is the keyword (Morph) or one of the linker's phrases ("turned face up"),
        # which rulings.linking.type_rules marks for translation.
        how = keyword if link.keyword_name else _(detail)
        return _("Face down: %(how)s") % {"how": how} if detail else _("Face down")
    if link.reason == reasons.EDITOR and detail:
        return _("Set by an editor: %(detail)s") % {"detail": detail}
    return str(reason_label(link.reason))
