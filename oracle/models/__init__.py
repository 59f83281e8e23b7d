"""What a card *is*: sets, Oracle cards, their faces, printings with printed text, keywords,
types and errata, one module each.

English Oracle text is canonical and lives on Card and CardFace. Italian text is *printed* text:
it belongs to one printing (PrintingFace), and the face keeps a copy of the Italian wording of its
newest printing that translates the name (``name_it``, ``type_line_it``, ``printed_text_it``) for
listings and search.
"""

from oracle.models.card_search import CardSearch
from oracle.models.cards import (
    COLOR_ORDER,
    FACE_DOWN_KEYWORDS,
    TOKEN_LAYOUTS,
    Card,
    CardFace,
    CardKind,
    CardQuerySet,
    Layout,
    kind_of_card,
    not_cards,
    searched_kinds,
    tokens_only,
)
from oracle.models.data_version import DataVersion
from oracle.models.errata import Erratum
from oracle.models.imports import CardDataImport
from oracle.models.keywords_and_types import CardType, Keyword
from oracle.models.names import CardName
from oracle.models.page_language import is_italian_page, joined_name, localized, names_for_page
from oracle.models.printings import Printing, PrintingFace, Rarity
from oracle.models.sets import CardSet

__all__ = [
    "COLOR_ORDER",
    "FACE_DOWN_KEYWORDS",
    "TOKEN_LAYOUTS",
    "Card",
    "CardDataImport",
    "CardFace",
    "CardKind",
    "CardName",
    "CardQuerySet",
    "CardSearch",
    "CardSet",
    "CardType",
    "DataVersion",
    "Erratum",
    "Keyword",
    "Layout",
    "Printing",
    "PrintingFace",
    "Rarity",
    "is_italian_page",
    "joined_name",
    "kind_of_card",
    "localized",
    "names_for_page",
    "not_cards",
    "searched_kinds",
    "tokens_only",
]
