"""The name index (``CardName``) and the sort keys of the search row (``CardSearch.sort_name``,
``sort_name_it``: ``sort_columns``), from the names the importer wrote.

A card goes by its Oracle name and each face's English name, and by its Italian names: each
face's, the faces' joined ("Sussulto // Turbolenza") and the one of every Italian printing
(older printings may translate a name differently). Tokens, emblems and the like are left out:
no one looks them up by an Italian address or means them when typing a name. Each name has a
row from its first word, with its slug, and one from each later word, for the completions that
match a word inside a name.

``search_rows.refresh_search_rows`` calls ``refresh_card_names`` for the cards it refreshes
(importer, saves one by one); the migration that made the index calls it with its historical
models. A second run over unchanged cards writes nothing.
"""

from collections import defaultdict

from common.text import key_words, slug_for, sort_key
from oracle.models.page_language import joined_name

BATCH = 2000
ENGLISH, ITALIAN = "en", "it"
NAME_FIELDS = ("card", "name", "language", "word", "key", "slug")


def name_rows(names: dict[tuple[str, str], None]) -> set[tuple]:
    """(name, language, word, key, slug) for each (name, language): the row of the whole name
    and one from each later word."""
    rows = set()
    for name, language in names:
        words = key_words(name)
        if not words:
            continue
        rows.add((name, language, 0, "0".join(words), slug_for(name)))
        for word in range(1, len(words)):
            rows.add((name, language, word, "0".join(words[word:]), ""))
    return rows


def card_names(name: str, faces: list[tuple[str, str]], printed: set[str]) -> dict:
    """(name, language) pairs a card goes by, in order: ``faces`` are (English, Italian) names
    by position, ``printed`` the Italian names of its printings and their faces."""
    names = {(name, ENGLISH): None}
    if len(faces) > 1:
        names |= {(english, ENGLISH): None for english, _ in faces}
    italian = joined_name(italian for _, italian in faces)
    if italian:
        names[(italian, ITALIAN)] = None
    names |= {(italian, ITALIAN): None for _, italian in faces if italian}
    names |= {(other, ITALIAN): None for other in sorted(printed)}
    return names


def sort_columns(name: str, faces: list[tuple[str, str]]) -> dict:
    english = sort_key(name)
    italian = joined_name(italian for _, italian in faces)
    return {"sort_name": english, "sort_name_it": sort_key(italian) if italian else english}


def refresh_card_names(card_ids=None, models=None) -> None:
    """Bring the name rows and sort columns of these cards (all when None) up to date.

    ``models`` is (Card, CardFace, Printing, PrintingFace, CardName), given by a migration;
    by default the current ones.
    """
    from common.upsert import among, chunks, insert_values

    if models is None:
        from oracle.models import Card, CardFace, CardName, Printing, PrintingFace

        models = (Card, CardFace, Printing, PrintingFace, CardName)
    card_model, face_model, printing_model, printing_face_model, name_model = models
    if card_ids is None:
        card_ids = card_model.objects.order_by("pk").values_list("pk", flat=True)
    for chunk in chunks(sorted(card_ids), BATCH):
        faces = defaultdict(list)
        for card_id, english, italian in (
            face_model.objects.filter(among("card_id", chunk))
            .order_by("card_id", "position")
            .values_list("card_id", "name", "name_it")
        ):
            faces[card_id].append((english, italian))
        printed = defaultdict(set)
        for rows in (
            printing_model.objects.filter(among("card_id", chunk)).values_list(
                "card_id", "name_it"
            ),
            printing_face_model.objects.filter(among("face__card_id", chunk)).values_list(
                "face__card_id", "name_it"
            ),
        ):
            for card_id, name_it in rows.exclude(name_it="").distinct():
                printed[card_id].add(name_it)
        existing = defaultdict(dict)
        for pk, card_id, *row in name_model.objects.filter(among("card_id", chunk)).values_list(
            "pk", "card_id", "name", "language", "word", "key", "slug"
        ):
            existing[card_id][tuple(row)] = pk
        stale, new = [], []
        cards = card_model.objects.filter(among("pk", chunk)).values_list("pk", "name", "is_token")
        for card_id, name, is_token in cards:
            wanted = (
                set() if is_token else name_rows(card_names(name, faces[card_id], printed[card_id]))
            )
            have = existing[card_id]
            stale += [pk for row, pk in have.items() if row not in wanted]
            new += [(card_id, *row) for row in sorted(wanted - have.keys())]
        if stale:
            for pks in chunks(stale):
                name_model.objects.filter(pk__in=pks).delete()
        insert_values(name_model, NAME_FIELDS, new)
