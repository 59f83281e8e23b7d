"""Each rule's text as its page shows it, made once when an import changes the rules.

A rule's body (its text and examples, mana symbols as icons, every rule it cites that its
edition has a link into that edition) depends on the page's language (the addresses and the
"Example" label) and on whether its edition is the current one (an older edition's links carry
``?edition=``). ``store_rule_bodies`` makes it for a page in each language and keeps it in
``RuleSection.rendered`` with that state; a rule page uses it when the state still holds
(``stored_body``) and renders the text itself otherwise.
"""

import json

from django.conf import settings
from django.db import transaction
from django.db.models.fields.json import KT, KeyTransform
from django.utils import translation
from django.utils.safestring import SafeString

from common.upsert import BATCH_SIZE, update_by_pk
from rulings.models import RuleSection
from rulings.rules.editions import EditionChoices
from web.rendering.rule_text import RuleTextRenderer


def stored_parts(field: str = "rendered") -> tuple:
    """Expressions of what a page in the active language reads of the markup stored in
    ``field``: (whether it was made for the current edition, the body in that language). The
    stored JSON holds each language's: its other parts stay in the database, where PostgreSQL
    would write out all of it and Django parse it back."""
    return KeyTransform("as_current", field), KT(f"{field}__{translation.get_language()}")


def stored_body_of(as_current: bool | None, body: str | None, is_current: bool):
    """``stored_body`` from ``stored_parts``' values."""
    if as_current != is_current or body is None:
        return None
    return SafeString(body)


def stored_body(rendered: dict | str, is_current: bool) -> SafeString | None:
    """The markup stored for a page in the active language (``rendered`` as the database gave
    it: JSON text from a raw query), None when there is none for the edition's state. Rule
    bodies and glossary definitions (``web.pages.rules.glossary``) are stored the same way."""
    if isinstance(rendered, str):
        rendered = json.loads(rendered)
    if rendered.get("as_current") != is_current:
        return None
    body = rendered.get(translation.get_language())
    return None if body is None else SafeString(body)


def rendered_bodies(edition, rows, is_current: bool) -> dict:
    """{section id: what ``RuleSection.rendered`` holds} for ``rows``, (id, text, examples) of
    sections of ``edition``: their bodies on a page in each language, each number they cite
    that the edition has a link."""
    numbers = set(edition.sections.values_list("number", flat=True))
    stored = {pk: {"as_current": is_current} for pk, _text, _examples in rows}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            renderer = RuleTextRenderer(numbers, None if is_current else edition.slug)
            for pk, text, examples in rows:
                stored[pk][language] = str(renderer.body(text, examples, edition.language))
    return stored


@transaction.atomic
def store_rule_bodies() -> int:
    """Render and store the body of every rule of the editions a page reads (after an import
    changed the rules: the current edition may be another); the number of rules stored."""
    editions = EditionChoices.load()
    count = 0
    for edition in editions.readable:
        rows = edition.sections.order_by().values_list("pk", "text", "examples")
        stored = rendered_bodies(
            edition, list(rows.iterator(BATCH_SIZE)), edition == editions.current
        )
        update_by_pk(
            RuleSection,
            [RuleSection(pk=pk, rendered=value) for pk, value in stored.items()],
            ["rendered"],
        )
        count += len(stored)
    return count
