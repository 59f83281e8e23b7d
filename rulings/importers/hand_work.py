"""Editors' work that points at rules, kept when a rules import deletes those rules.

A hand-made card -> rule link (CardRule, origin MANUAL) and a hand-set old-number mapping
(RuleMapping, method MANUAL) name a section of the rules. When an import deletes that section
(a file without the rule, or one cut short and imported with ``--allow-shrink``), deleting it
would take the editor's work with it. Instead the row is kept without its section, the
section's number in ``missing_number`` (the admin shows it as such), and put back on that
number when an import brings the rule back: links by ``link_rules`` (``linking.sync``),
mappings by the importer's mapping step (``rules_sync``).
"""

from dataclasses import dataclass
from types import SimpleNamespace

from oracle.importers.upsert import chunks, update_by_pk

from ..models import CardRule, RuleMapping


@dataclass
class KeptHandWork:
    links: int = 0
    mappings: int = 0


def keep_hand_work(section_pks: list[int]) -> KeptHandWork:
    """Detach the hand-made links and hand-set mapping targets that name these sections, which
    the caller is about to delete."""
    kept = KeptHandWork()
    for batch in chunks(section_pks):
        links = CardRule.objects.filter(section_id__in=batch, origin=CardRule.Origin.MANUAL)
        rows = [
            SimpleNamespace(pk=pk, section_id=None, missing_number=number)
            for pk, number in links.values_list("pk", "section__number")
        ]
        update_by_pk(CardRule, rows, ["section", "missing_number"])
        kept.links += len(rows)
        mappings = RuleMapping.objects.filter(
            current_section_id__in=batch, method=RuleMapping.Method.MANUAL
        )
        rows = [
            SimpleNamespace(pk=pk, current_section_id=None, missing_number=number)
            for pk, number in mappings.values_list("pk", "current_section__number")
        ]
        update_by_pk(RuleMapping, rows, ["current_section", "missing_number"])
        kept.mappings += len(rows)
    return kept
