from django import template

from rulings import rendering
from rulings.models import Language, RulesEdition

register = template.Library()


@register.filter
def rule_links(text):
    """Every rule reference in ``text`` a link to its page ("see rule 702.9")."""
    return rendering.link_rule_references(text)


@register.filter
def rule_links_in(text, edition):
    """The same, for a text of an older edition (``edition`` is its ISO date, "2007-05-01")."""
    return rendering.link_rule_references(text, edition=str(edition) if edition else None)


@register.filter
def rule_links_on(text, day):
    """The same, for a text written on ``day`` (a ruling, a release note): its numbers are read
    in the rules then in force, so "502.26b" in a 2007 note opens 502.26b of May 2007. One
    query per use: for a list, work the edition out once and use ``rule_links_in``."""
    dates = RulesEdition.objects.filter(language=Language.ENGLISH, is_complete=True)
    dates = list(dates.order_by().values_list("effective_date", flat=True))
    in_force = rendering.edition_in_force(day, dates) if day else None
    older = in_force is not None and in_force != max(dates)
    return rendering.link_rule_references(text, edition=in_force.isoformat() if older else None)


@register.filter
def confidence_words(mapping):
    """ "probable match", "no current rule matches"... for a RuleMapping."""
    return rendering.confidence_words(mapping.confidence, bool(mapping.current_section_id))
