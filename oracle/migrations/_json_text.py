"""The field of the card page parts once stored rendered (``CardMarkup.parts``, 0015 to 0021),
kept beside the migrations (the leading underscore keeps Django from loading it as one) because
0019 names it: migrations must still run from the start after the model is gone.

A JSON value kept as its text on every database (PostgreSQL's ``jsonb`` wrote half a megabyte
out again on each read of a basic land's page)."""

import json

from django.db import models


class JSONText(models.TextField):
    def from_db_value(self, value, expression, connection):
        return None if value is None else json.loads(value)

    def to_python(self, value):
        return json.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value):
        if value is None:
            return None
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
