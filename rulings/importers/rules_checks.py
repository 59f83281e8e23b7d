"""What a rules import refuses before it writes anything: an edition that looks truncated.

A broken download reads as a shorter file that is valid up to where it stops. Importing it
would delete the rules it lacks (and with them the links cards make to them), or make a short
file the site's current edition. So a complete edition is refused when it

- has no glossary (every published file ends with one),
- would delete more than ``SHRINK_LIMIT`` of the rules of the same edition already imported,
- would become the current edition with fewer rules than ``1 - SHRINK_LIMIT`` of the current
  one's (each new edition has more rules than the one before).

``--allow-shrink`` imports it anyway. Partial editions (``--partial``) hold only some rules by
design and are not checked.
"""

from rulings.importers.comprehensive_rules import RulesDocument
from rulings.models import RuleSection, RulesEdition

SHRINK_LIMIT = 0.05
ALLOW = "use --allow-shrink to import it anyway"


def shrink_refusal(document: RulesDocument) -> str | None:
    """Why importing ``document`` would lose rules, or None when it would not."""
    if document.partial:
        return None
    if not document.glossary:
        return (
            f"{document.name}: no glossary; a complete rules file ends with one, so this file "
            f"looks cut short ({ALLOW})."
        )
    numbers = {record.number for record in document.sections}
    same = RulesEdition.objects.filter(
        language=document.language, effective_date=document.effective_date
    ).first()
    if same is not None:
        existing = set(RuleSection.objects.filter(edition=same).values_list("number", flat=True))
        gone = sorted(existing - numbers)
        if existing and len(gone) > SHRINK_LIMIT * len(existing):
            return (
                f"{document.name}: it would delete {len(gone)} of the {len(existing)} rules of "
                f"the {same} edition (more than {SHRINK_LIMIT:.0%}; first missing: "
                f"{', '.join(gone[:5])}); the file looks cut short ({ALLOW})."
            )
    current = RulesEdition.objects.complete().filter(language=document.language).in_force()
    if current is not None and document.effective_date > current.effective_date:
        count = RuleSection.objects.filter(edition=current).count()
        if len(numbers) < (1 - SHRINK_LIMIT) * count:
            return (
                f"{document.name}: it would become the current edition with {len(numbers)} "
                f"rules where the current one ({current}) has {count} (more than "
                f"{SHRINK_LIMIT:.0%} fewer); the file looks cut short ({ALLOW})."
            )
    return None
