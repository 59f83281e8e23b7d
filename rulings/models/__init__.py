"""What the game *says* about cards: rulings and the documents they come from, the
Comprehensive Rules (editions side by side, their numbered sections, the glossary and where old
rule numbers went) and the rules each card uses, one module each.

``rulings`` depends on ``oracle``, never the other way round.
"""

from rulings.models.card_rules import CardRule, KeywordCardType, SampleCard
from rulings.models.document_only import (
    CardRuleSearch,
    DocumentOnlyCard,
    DocumentOnlyCardType,
    DocumentOnlyKeyword,
    is_document_only,
    mark_document_only,
)
from rulings.models.documents import DocumentMention, DocumentSection, SourceDocument
from rulings.models.languages import Language
from rulings.models.rules import (
    GlossaryEntry,
    RuleMapping,
    RuleSection,
    RulesEdition,
    RulesEditionQuerySet,
)
from rulings.models.rulings import Ruling, RulingQuerySet
from rulings.models.translations import (
    RulingText,
    RulingTextQuerySet,
    RulingTranslation,
    RulingTranslationQuerySet,
)

__all__ = [
    "CardRule",
    "CardRuleSearch",
    "DocumentMention",
    "DocumentOnlyCard",
    "DocumentOnlyCardType",
    "DocumentOnlyKeyword",
    "DocumentSection",
    "GlossaryEntry",
    "KeywordCardType",
    "Language",
    "RuleMapping",
    "RuleSection",
    "Ruling",
    "RulingQuerySet",
    "RulingText",
    "RulingTextQuerySet",
    "RulingTranslation",
    "RulingTranslationQuerySet",
    "RulesEdition",
    "RulesEditionQuerySet",
    "SampleCard",
    "SourceDocument",
    "is_document_only",
    "mark_document_only",
]
