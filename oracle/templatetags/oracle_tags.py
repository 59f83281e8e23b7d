from django import template

from oracle import dates, printed_text, rendering
from oracle.diff import word_diff
from oracle.models import is_italian_page

register = template.Library()


@register.filter
def mana(text):
    return rendering.render_mana(text)


@register.filter
def rules_text(text):
    return rendering.render_rules_text(text)


@register.simple_tag
def diff(old, new):
    return word_diff(old, new)


@register.filter
def mended(text):
    """English text as printed with its damaged mana symbols mended: ``oracle.printed_text``."""
    return printed_text.mend_symbols(text)


@register.filter
def long_date(value):
    """ "1º maggio 2007" on Italian pages: ``oracle.dates.long_date``."""
    return dates.long_date(value)


@register.filter(is_safe=True)
def italian_dates(html):
    """Elides the article before 8 and 11 in Italian dates on Italian pages ("dall’11 luglio")."""
    return rendering.elide_italian_dates(html) if is_italian_page() else html


@register.filter
def colors(letters):
    return rendering.color_names(letters)
