"""The rules app's admin, one module a subject; each registers its models when imported here."""

from rulings.admin import card_rules, cards, imported, rule_mappings, rulings  # noqa: F401
