from django import template
from django.utils.safestring import mark_safe

from oracle.rendering import render_rules_text
from rulings import rendering
from rulings.models import Language, RulesEdition
from rulings.rule_citations import CitedRuleLinks, cite_rules_on

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


@register.simple_tag
def link_cited_rules(rulings):
    """Give each ruling ``text_html``: its text with mana symbols, and every rule number in it a
    link to today's rule, the number read in the rules in force on the ruling's date ("502.26b"
    in a 2007 ruling opens 702.37c, titled "today 702.37c"). Two queries for all the rulings of
    a page, whatever their dates. Renders nothing."""
    rulings = list(rulings)
    cited = {}
    for ruling in rulings:
        cited.setdefault(ruling.date, set()).update(rendering.candidate_numbers(ruling.text))
    cited = cite_rules_on(cited)
    for ruling in rulings:
        links = CitedRuleLinks(cited.get(ruling.date, {}))
        ruling.text_html = mark_safe(links.link(render_rules_text(ruling.text)))
    return ""


@register.filter
def confidence_words(mapping):
    """ "probable match", "no current rule matches"... for a RuleMapping."""
    return rendering.confidence_words(mapping.confidence, bool(mapping.current_section_id))
