"""What a search could not use: one Problem for the query text and for the search form.

The query language makes one for each part of the text it leaves out (or reads differently);
the search form (``web.pages.search.filters``) adds one for each facet value it refuses and fills in
``corrected`` for the page's "did you mean" link. The JSON API lists them as ``warnings``.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """A part of the search that could not be used (or was used differently): the part as
    written, why (in the active language), and the corrected part when one is known."""

    part: str
    message: str
    suggestion: str = ""
    corrected: str = ""  # the whole query text with ``suggestion`` in place of ``part``

    def as_json(self) -> dict:
        return {"part": self.part, "message": str(self.message), "suggestion": self.suggestion}
