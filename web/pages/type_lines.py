"""Type lines on Italian pages for cards never printed in Italian: the English Oracle type line
said with the catalogue's Italian type words (``oracle.type_words``) and marked as composed, or,
when a word has no Italian name, left in English and marked ``lang="en"``."""

from functools import cached_property

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from oracle.models import CardType
from oracle.type_words import compose_italian_type_line


def italian_subtypes() -> dict[str, str]:
    """{English subtype: its Italian name, "" when none is known}, from the catalogue (one
    query): what ``compose_italian_type_line`` needs."""
    return dict(CardType.objects.filter(kind=CardType.Kind.SUBTYPE).values_list("name", "name_it"))


class ItalianTypeLines:
    """``(English type line) -> marked-up type line`` for one page. The subtypes' Italian names
    are read (one query) the first time a type line needs them, or at once with ``read_now``
    (a card page, which makes the same queries whatever the card)."""

    def __init__(self, read_now: bool = False):
        if read_now:
            self.subtypes  # noqa: B018

    @cached_property
    def subtypes(self) -> dict[str, str]:
        return italian_subtypes()

    def __call__(self, type_line: str) -> SafeString:
        if not type_line:
            return SafeString("")
        italian = compose_italian_type_line(type_line, self.subtypes)
        if italian:
            return format_html(
                '<span class="type-line-composed" title="{}">{}</span>',
                _("Translated from the names of the types"),
                italian,
            )
        return format_html('<span lang="en">{}</span>', type_line)
