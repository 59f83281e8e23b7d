"""Which rules of other editions are the same rule as one of a rule page, by the old-number
mappings the page read (``rule_page.RulePageBuilder.read_mappings``): the rule itself in the
other editions, and the Italian texts the rules of the page may have under an old number."""

from rulings.models import Language
from rulings.rules.editions import EditionChoices
from web.pages.rules.italian_texts import LIKELY_MATCH


def same_rule_elsewhere(edition, rule, rule_mapping, mappings, readable, is_current):
    """{section id: confidence} of the same rule in the other editions, one per edition: on a
    page of the current rules, the old rules mapped to it; on a page of an older edition, the
    current rule it maps to and the rules of the other old editions mapped there too."""
    target = rule.id if is_current else rule_mapping and rule_mapping["current_section_id"]
    if not target:
        return {}
    found = {}
    if rule_mapping is not None:
        found[target] = (rule_mapping["current_section__edition_id"], rule_mapping["confidence"])
    for mapping in mappings:
        old_edition = mapping["old_section__edition_id"]
        if (
            mapping["current_section_id"] != target
            or old_edition == edition.pk
            or old_edition not in readable
        ):
            continue
        best = next((c for e, c in found.values() if e == old_edition), None)
        if best is None or mapping["confidence"] > best:
            found = {pk: v for pk, v in found.items() if v[0] != old_edition}
            found[mapping["old_section_id"]] = (old_edition, mapping["confidence"])
    return {pk: confidence for pk, (_edition, confidence) in found.items()}


def italian_under_old_numbers(editions: EditionChoices, mappings: list[dict], shown: dict):
    """{(Italian edition id, old number): [(current section id, confidence)]}: where the rules
    on a page of the current rules may find an Italian text under the number they had in an
    older edition (morph was 502.26 in May 2007), by the old-number mappings that are likely
    right. The Italian editions are those read in that older edition."""
    read_in = {}
    for each in editions.rows:
        if each.language == Language.ITALIAN:
            read_in.setdefault(editions.read_in(each).pk, []).append(each.pk)
    found = {}
    for mapping in mappings:
        if mapping["current_section_id"] not in shown or mapping["confidence"] < LIKELY_MATCH:
            continue
        for italian_edition in read_in.get(mapping["old_section__edition_id"], []):
            key = (italian_edition, mapping["old_section__number"])
            found.setdefault(key, []).append((mapping["current_section_id"], mapping["confidence"]))
    return found
