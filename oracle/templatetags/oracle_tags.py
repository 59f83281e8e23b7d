from django import template
from django.utils import dateformat
from django.utils.formats import date_format

from oracle import rendering
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
def long_date(value):
    """ "1º maggio 2007", "17 aprile 2026" on Italian pages (Django's catalogue capitalises the
    month), else the locale's DATE_FORMAT."""
    if not value:
        return ""
    if is_italian_page():
        day = "1º" if value.day == 1 else str(value.day)
        return f"{day} {dateformat.format(value, 'F').lower()} {value.year}"
    return date_format(value, "DATE_FORMAT")


@register.filter(is_safe=True)
def italian_dates(html):
    """Elides the article before 8 and 11 in Italian dates on Italian pages ("dall’11 luglio")."""
    return rendering.elide_italian_dates(html) if is_italian_page() else html


@register.filter
def colors(letters):
    return rendering.color_names(letters)
