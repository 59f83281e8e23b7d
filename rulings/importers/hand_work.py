"""Editors' work that points at rules, kept when a rules import deletes those rules.

A hand-made card -> rule link (CardRule, origin MANUAL) and a hand-set old-number mapping
(RuleMapping, method MANUAL) name sections of the rules. When an import deletes such a section
(a file without the rule, or one cut short and imported with ``--allow-shrink``), deleting it
would take the editor's work with it. Instead the row is kept without the section, and put
back on the section's number when an import brings the rule back:

- a link without its rule: the number in ``missing_number``; ``link_rules`` (``linking.sync``)
  puts it back;
- a mapping without its target (a rule of the current edition): the number in
  ``missing_number``; the importer's mapping step (``rules_sync``) puts it back;
- a mapping without its old rule (an older edition imported again from a file that lacks it):
  the number in ``missing_old_number`` and the edition's date in ``missing_old_edition``;
  ``restore_old_rules`` puts it back, the editor's target untouched, when that edition has the
  number again. The row itself stays, so its change history in the admin stays with it.
"""

from dataclasses import dataclass
from types import SimpleNamespace

from common.upsert import chunks, update_by_pk
from rulings.models import CardRule, RuleMapping, RuleSection, RulesEdition

MANUAL = RuleMapping.Method.MANUAL
OLD_RULE_FIELDS = ["old_section", "missing_old_number", "missing_old_edition"]


@dataclass
class HandWork:
    """How many hand-made rows of each kind an import kept without a rule, or put back."""

    links: int = 0
    mapping_targets: int = 0  # mappings without (or back on) their target
    mapping_old_rules: int = 0  # mappings without (or back on) their old rule

    @property
    def mappings(self) -> int:
        return self.mapping_targets + self.mapping_old_rules

    def __bool__(self) -> bool:
        return bool(self.links or self.mappings)


def keep_hand_work(section_pks: list[int]) -> HandWork:
    """Detach the hand-made links and the hand-set mappings that name these sections, which the
    caller is about to delete."""
    kept = HandWork()
    for batch in chunks(section_pks):
        links = CardRule.objects.filter(section_id__in=batch, origin=CardRule.Origin.MANUAL)
        rows = [
            SimpleNamespace(pk=pk, section_id=None, missing_number=number)
            for pk, number in links.values_list("pk", "section__number")
        ]
        update_by_pk(CardRule, rows, ["section", "missing_number"])
        kept.links += len(rows)

        targets = RuleMapping.objects.filter(current_section_id__in=batch, method=MANUAL)
        rows = [
            SimpleNamespace(pk=pk, current_section_id=None, missing_number=number)
            for pk, number in targets.values_list("pk", "current_section__number")
        ]
        update_by_pk(RuleMapping, rows, ["current_section", "missing_number"])
        kept.mapping_targets += len(rows)

        old_rules = RuleMapping.objects.filter(old_section_id__in=batch, method=MANUAL)
        rows = [
            SimpleNamespace(
                pk=pk, old_section_id=None, missing_old_number=number, missing_old_edition=day
            )
            for pk, number, day in old_rules.values_list(
                "pk", "old_section__number", "old_section__edition__effective_date"
            )
        ]
        update_by_pk(RuleMapping, rows, OLD_RULE_FIELDS)
        kept.mapping_old_rules += len(rows)
    return kept


def restore_old_rules(edition: RulesEdition) -> int:
    """Put the hand-set mappings kept without their old rule back on it where ``edition`` (an
    English one) has that rule again; returns how many. A mapping computed for the rule since
    it came back gives way to the editor's."""
    kept = RuleMapping.objects.filter(old_section=None, missing_old_edition=edition.effective_date)
    waiting = dict(kept.values_list("missing_old_number", "pk"))
    if not waiting:
        return 0
    sections = RuleSection.objects.filter(edition=edition, number__in=list(waiting))
    # A rule an editor mapped by hand again meanwhile keeps that mapping; the kept one stays
    # listed in the admin.
    sections = sections.exclude(mappings__method=MANUAL)
    rows = [
        SimpleNamespace(
            pk=waiting[number], old_section_id=pk, missing_old_number="", missing_old_edition=None
        )
        for number, pk in sections.values_list("number", "pk")
    ]
    RuleMapping.objects.filter(old_section_id__in=[row.old_section_id for row in rows]).exclude(
        method=MANUAL
    ).delete()
    update_by_pk(RuleMapping, rows, OLD_RULE_FIELDS)
    return len(rows)
