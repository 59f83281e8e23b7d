"""The rules app's admin, one module a subject; each registers its models when imported here."""

from rulings.admin import (  # noqa: F401
    card_rules,
    cards,
    document_only,
    imported,
    rule_mappings,
    rulings,
    translation_queue,
    translations,
)
