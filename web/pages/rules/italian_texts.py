"""Where the Italian text shown beside an English rule comes from.

The Italian text of a rule is the translation of the rules read, or a text of another date
quoted by a document (a release note, an FAQ), maybe under the number the rule had then. The
page says so above the text, and shows what the document says changed in the rule.

On a page of the current rules, an Italian text read in an older edition (morph's 502.26b of
May 2007 for today's 702.37c) translates a text since superseded: it follows today's English
text, collapsed under a banner that says so (``superseded_translation``).
"""

import re
from datetime import date

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from common.dates import long_date
from common.links import url_maker
from rulings.models import RuleSection, RulesEdition
from web.rendering import markup
from web.rendering.text_pieces import Piece, link, text

LIKELY_MATCH = 0.5  # an older rule less surely the same as today's lends it no Italian text


class ItalianLabels:
    """Says where each Italian text of a page comes from, in reading order: in full where
    the source changes; after that, only the number the text gives the rule, if another."""

    def __init__(self, page_date: date):
        self.page_date = page_date
        self.previous = None

    def restart(self):
        self.previous = None

    def __call__(self, translated: RuleSection, translated_on: date, old_number: str = "") -> str:
        source = (translated.edition_id, translated.source_document_id)
        changed, self.previous = source != self.previous, source
        if changed:
            return italian_source(translated, translated_on, self.page_date, old_number)
        if old_number:
            message = _("As rule %(number)s") % {"number": old_number}
            return markup.rule_source([text(message)])
        return SafeString("")


def italian_source(
    translated: RuleSection, translated_on: date, page_date: date, old_number: str = ""
) -> str:
    """Where an Italian text comes from, when it is not simply the translation of the rules
    read (``translated_on`` is the date of its edition, ``page_date`` that of the rules read):
    its date, its number then, the document that quoted it ("Italian text of 7 October 2002,
    quoted in the Onslaught FAQ")."""
    document = translated.source_document
    same_date = translated_on == page_date and not old_number
    if same_date and document is None:
        return SafeString("")
    values = {"date": text(long_date(translated_on)), "number": text(old_number)}
    if document is not None:
        values["document"] = link(document.title, document.get_absolute_url(), "")
    if same_date:
        message = _("Italian text quoted in %(document)s")
    elif old_number and document is not None:
        message = _("Italian text of %(date)s, as rule %(number)s, quoted in %(document)s")
    elif old_number:
        message = _("Italian text of %(date)s, as rule %(number)s")
    elif document is not None:
        message = _("Italian text of %(date)s, quoted in %(document)s")
    else:
        message = _("Italian text of %(date)s")
    return markup.rule_source(fill(message, values))


PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def fill(message: str, values: dict[str, Piece]) -> list[Piece]:
    """A translated sentence's pieces: its words as text, each ``%(name)s`` the piece named."""
    pieces = []
    for index, part in enumerate(PLACEHOLDER.split(message)):
        if index % 2:
            pieces.append(values[part])
        elif part:
            pieces.append(text(part.replace("%%", "%")))
    return pieces


def italian_note(translated: RuleSection) -> str:
    """What the quoting document says changed in the rule ("La terza frase è nuova.")."""
    if not translated.note:
        return SafeString("")
    return markup.change_note(translated.note)


def superseded_translation(
    translated: RuleSection,
    italian: str,
    translated_on: date,
    old_number: str,
    read_in: RulesEdition,
    number: str,
    old_rule_url: str | None = None,
) -> SafeString:
    """The Italian text ``translated`` (``italian``, rendered; of the edition of
    ``translated_on``) of a text since superseded, collapsed under a banner with its date, with
    where it comes from, what the document notes and the link that compares the rule it
    translates (``old_number`` in ``read_in``, the older edition it is read in; its page is
    ``old_rule_url``, worked out when not given) with today's rule ``number``."""
    source = italian_source(translated, translated_on, read_in.effective_date, old_number)
    old_rule_url = old_rule_url or url_maker("rules:rule-detail")(old_number)
    banner = _("translation of the text in force from %(date)s, since superseded") % {
        "date": long_date(translated_on)
    }
    compare = _("Compare rule %(old_number)s of %(old_date)s with today’s rule %(number)s") % {
        "old_number": old_number,
        "old_date": long_date(read_in.effective_date),
        "number": number,
    }
    return markup.superseded(
        banner,
        source + italian + italian_note(translated),
        compare,
        f"{old_rule_url}?edition={read_in.slug}&compare=today#compare",
    )
