"""``oracleid:``: the card with this Oracle id (Scryfall's key; the prints of one card are
``oracleid:... unique=prints`` in the Scryfall-compatible API)."""

import uuid
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext

from oracle.search.conditions.tree import Condition
from oracle.search.problems import Problem


@dataclass(frozen=True)
class OracleIdCondition(Condition):
    oracle_id: uuid.UUID

    @classmethod
    def from_term(cls, op, value):
        try:
            return cls(uuid.UUID(value.strip()))
        except ValueError:
            return Problem(
                f"oracleid{op}{value}",
                gettext("“%(value)s” is not an Oracle id") % {"value": value},
            )

    def to_q(self) -> Q:
        return Q(card__oracle_id=self.oracle_id)

    def __str__(self):
        return f"oracleid:{self.oracle_id}"
