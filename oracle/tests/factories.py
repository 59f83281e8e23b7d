"""Plain functions that build cards for tests, with sensible defaults."""

import itertools
import uuid
from datetime import date
from decimal import Decimal

from common.text import slug_for
from oracle.models import Card, CardFace, CardSet, Erratum, Printing, PrintingFace

_numbers = itertools.count(1)


def make_set(code="TST", name="Test Set", name_it="Set di Prova", **fields):
    fields.setdefault("release_date", date(2007, 5, 4))
    card_set, _ = CardSet.objects.get_or_create(
        code=code, defaults={"name": name, "name_it": name_it, **fields}
    )
    return card_set


def make_card(
    name="Serra Angel",
    name_it="Angelo di Serra",
    type_line="Creature — Angel",
    type_line_it="Creatura — Angelo",
    oracle_text="Flying, vigilance",
    text_it="Volare, cautela",
    mana_cost="{3}{W}{W}",
    power="4",
    toughness="4",
    card_set=None,
    **fields,
):
    card = Card.objects.create(
        oracle_id=uuid.uuid4(),
        name=name,
        slug=slug_for(name),
        mana_value=fields.pop("mana_value", Decimal(5)),
        **fields,
    )
    face = CardFace.objects.create(
        card=card,
        name=name,
        mana_cost=mana_cost,
        type_line=type_line,
        oracle_text=oracle_text,
        power=power,
        toughness=toughness,
        name_it=name_it,
        type_line_it=type_line_it,
        printed_text_it=text_it,
    )
    printing = Printing.objects.create(
        card=card,
        card_set=card_set or make_set(),
        uuid=uuid.uuid4(),
        collector_number=str(next(_numbers)),
        layout=card.layout,
        rarity="rare",
        name_it=name_it,
    )
    PrintingFace.objects.create(
        printing=printing, face=face, name_it=name_it, type_line_it=type_line_it, text_it=text_it
    )
    return card


def make_erratum(card, old_text, new_text, when=date(2020, 1, 1), **fields):
    return Erratum.objects.create(
        card=card, date=when, old_text=old_text, new_text=new_text, **fields
    )
