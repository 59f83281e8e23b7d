"""What the tests of both apps share: the bundled card files, cards found by their printed
Italian name, pages read with their white space squeezed, a form posted back as shown."""

import html
import json
import re
from pathlib import Path

from django.conf import settings

from oracle.models import Card, PrintingFace

MTGJSON_FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "mtgjson"
FUT = MTGJSON_FIXTURES / "FUT.json"


def mtgjson_cards(code: str) -> dict[str, dict]:
    """The cards of one bundled set file, one entry per name."""
    data = json.loads((MTGJSON_FIXTURES / f"{code}.json").read_text(encoding="utf-8"))
    return {card["name"]: card for card in data["data"]["cards"]}


def card_named(italian_name: str) -> Card | None:
    """The card printed with this Italian name, looked up without the importers' matching."""
    face = PrintingFace.objects.filter(name_it=italian_name).select_related("face__card").first()
    return face.face.card if face else None


def squeeze(html: str) -> str:
    """The page with runs of white space as one space, to match text across template lines."""
    return re.sub(r"\s+", " ", html)


# A row of a set's table of cards (oracle/_set_card_rows.html): its number, then its name.
SET_TABLE_ROW = re.compile(
    r'<tr role="row">\s*<td role="cell">([^<]*)</td>\s*<th scope="row" role="rowheader">'
    r'<a href="[^"]*">([^<]*)</a>'
)


def set_table_rows(response) -> list[tuple[str, str]]:
    """(collector number, name as shown) of each row of a set page's table, in order."""
    return [
        (html.unescape(number), html.unescape(name))
        for number, name in SET_TABLE_ROW.findall(response.content.decode())
    ]


def posted_values(form) -> dict:
    """What a browser sends back from ``form`` as it is shown."""
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if field.disabled:
            continue
        if isinstance(value, list | tuple):
            data[name] = [str(each) for each in value]
        elif isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = str(value)
    return data
