"""The ids the API gives what Scryfall names and Oracolo's data does not, and its addresses.

- An English printing is Scryfall's printing: its id is the printing's Scryfall id
  (MTGJSON ``identifiers.scryfallId``), or MTGJSON's own uuid for the rare printing without one.
- The Italian printing of the same card has its own id on Scryfall, which the data does not
  hold. Here it is the English id with the bits of ``ITALIAN_BITS`` flipped: stable across
  imports, a valid version-4 UUID like Scryfall's, and turned back into the English id by the
  same flip, so ``/cards/:id`` finds either from the id alone.
- A set's id is a name-based UUID of its code (``SET_NAMESPACE``).
"""

import uuid

from django.urls import reverse

# Flips bits outside the version and variant of a UUID, so the result is still version 4.
ITALIAN_BITS = 0x17A1_1A40_0A1A_0000_0017_A11A_1A00_17A1
SET_NAMESPACE = uuid.UUID("3b2e6f0a-8f57-4c53-9d0e-5ca7e0f5e7a1")
LANGUAGES = ("en", "it")


def english_id(printing) -> uuid.UUID:
    return printing.scryfall_id or printing.uuid


def printing_id(printing, lang: str) -> uuid.UUID:
    key = english_id(printing)
    return flipped(key) if lang == "it" else key


def flipped(key: uuid.UUID) -> uuid.UUID:
    return uuid.UUID(int=key.int ^ ITALIAN_BITS)


def set_id(code: str) -> uuid.UUID:
    return uuid.uuid5(SET_NAMESPACE, code.lower())


def parse_uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(text))
    except ValueError:
        return None


class Addresses:
    """The absolute URLs an answer holds: of the API and of the site's pages, from the site's
    address (``from_request``: the request's scheme and host; the bulk files: ``SITE_URL``)."""

    def __init__(self, site: str):
        self.site = site.rstrip("/")
        self.base = self.site + reverse("scryfall-api:root").rstrip("/")

    @classmethod
    def from_request(cls, request) -> "Addresses":
        return cls(request.build_absolute_uri("/"))

    def api(self, path: str) -> str:
        return f"{self.base}/{path.lstrip('/')}"

    def page(self, path: str) -> str:
        return f"{self.site}{path}"
