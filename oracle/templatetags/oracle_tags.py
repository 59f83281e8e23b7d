from django import template

from oracle import rendering
from oracle.diff import word_diff

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
