"""Template filters and tags of the rulings pages: one line each over the plain modules."""

from django import template

from rulings import confidence, rule_text

register = template.Library()


@register.filter
def rule_links(text):
    """Every rule ``text`` cites a link to its page ("see rule 702.9")."""
    return rule_text.link_citations(text)


@register.filter
def rule_links_in(text, edition):
    """The same, for a text of an older edition (``edition`` is its ISO date, "2007-05-01")."""
    return rule_text.link_citations(text, edition=str(edition) if edition else None)


@register.filter
def rule_links_on(text, day):
    """The same, for a text written on ``day``: its numbers read in the rules then in force.
    One query per use: for a list, work the edition out once and use ``rule_links_in``."""
    return rule_text.link_citations_on(text, day)


@register.simple_tag
def link_rule_numbers_in_rulings(rulings):
    """Give each ruling ``text_html``, its rule numbers linked to today's rules (see
    ``rule_text.link_rule_numbers_in_rulings``). Renders nothing."""
    rule_text.link_rule_numbers_in_rulings(rulings)
    return ""


@register.filter
def confidence_words(mapping):
    """ "probable match", "no current rule matches"... for a RuleMapping."""
    return confidence.confidence_words(mapping.confidence, bool(mapping.current_section_id))
