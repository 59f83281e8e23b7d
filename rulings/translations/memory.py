"""The translation memory kept in step with the rulings, and read by the pages.

Each English ruling stores the key of its normalised text (``Ruling.memory_key``: the card's
own names as the placeholder, ``rulings.translations.texts``); ``RulingText`` holds each
distinct text once with the number of card rulings that have it. ``refresh_texts`` brings both
up to date after an import or an editor's change; a text no ruling has any more is marked gone,
with the text that took its place on the same card where there is one, so that its translation
shows as out of date. Pages read the approved Italian of their rulings by key
(``attach_translations``): one query.
"""

from collections.abc import Iterable

from django.db.models import Count, Max
from django.utils import timezone

from common.dates import local_date
from common.upsert import chunks, update_by_pk
from oracle.models import Card
from rulings.models import Language, Ruling, RulingText, RulingTranslation
from rulings.status.upstream_rewording import SIMILAR_ENOUGH, similarity
from rulings.translations.texts import fill, normalise, text_key


def card_names(card: Card, italian: bool = False) -> list[str]:
    """The names that stand as ``card``'s placeholder: its name and its faces' (and in Italian
    text their Italian names). Reads the faces through ``card.faces.all()`` (prefetch them)."""
    faces = list(card.faces.all())
    names = [card.name, *(face.name for face in faces)]
    if italian:
        names += [card.italian_name, *(face.name_it for face in faces)]
    return [name for name in names if name]


def english_rulings():
    """The English rulings the memory serves: those of cards, keywords and card types."""
    return Ruling.objects.filter(language=Language.ENGLISH)


def refresh_texts(card_ids: Iterable[int] | None = None, others: bool | None = None) -> int:
    """Bring the memory keys of the English rulings of these cards (of every card when None)
    and, with ``others`` (the default when every card is asked), of the keyword and card type
    rulings up to date, then the memory's texts and their counts. Returns how many rulings'
    keys changed. Texts that no public ruling has any more are marked gone."""
    english: dict[str, str] = {}  # key: normalised text, for the texts that may be new
    changed = []
    if others if others is not None else card_ids is None:
        without_card = english_rulings().filter(card__isnull=True).only("text", "memory_key")
        changed += rekey(without_card, (), english)
    if card_ids is None:
        card_ids = Card.objects.order_by("pk").values_list("pk", flat=True)
    card_batches = chunks(list(card_ids))
    for batch in card_batches:
        cards = Card.objects.filter(pk__in=batch).only("name").prefetch_related("faces")
        rulings = english_rulings().filter(card_id__in=batch).only("card_id", "text", "memory_key")
        by_card: dict[int, list[Ruling]] = {}
        for ruling in rulings:
            by_card.setdefault(ruling.card_id, []).append(ruling)
        for card in cards:
            changed += rekey(by_card.get(card.pk, ()), card_names(card), english)
    update_by_pk(Ruling, changed, ["memory_key"])
    recount(english)
    return len(changed)


def set_keys(rulings: list[Ruling]) -> None:
    """Give new English rulings their memory key before they are written, so that their first
    history record has it (``find_replacements`` follows a text through the records)."""
    card_ids = {ruling.card_id for ruling in rulings if ruling.card_id}
    names = {}
    for batch in chunks(card_ids):
        for card in Card.objects.filter(pk__in=batch).only("name").prefetch_related("faces"):
            names[card.pk] = card_names(card)
    for ruling in rulings:
        if ruling.language == Language.ENGLISH:
            ruling.memory_key = text_key(normalise(ruling.text, names.get(ruling.card_id, ())))


def rekey(rulings, names, english: dict[str, str]) -> list[Ruling]:
    """The rulings whose key is not that of their text with ``names`` as the placeholder, with
    the new key set; each text seen is added to ``english``."""
    changed = []
    for ruling in rulings:
        text = normalise(ruling.text, names)
        key = text_key(text)
        english[key] = text
        if ruling.memory_key != key:
            ruling.memory_key = key
            changed.append(ruling)
    return changed


def refresh_ruling(ruling: Ruling, old_key: str, text: str = "") -> None:
    """After an editor saved or deleted one ruling (its ``memory_key`` set from ``text``, its
    ``memory_text``; "" once deleted), count again the two texts concerned: the one it had and
    the one it has."""
    keys = {old_key, ruling.memory_key} - {""}
    if keys:
        recount({ruling.memory_key: text} if ruling.memory_key else {}, keys)


def memory_text(ruling: Ruling) -> str:
    """The normalised text of an English ruling, its card's names as the placeholder ("" for
    a ruling in another language: the memory keeps the English)."""
    if ruling.language != Language.ENGLISH:
        return ""
    return normalise(ruling.text, card_names(ruling.card) if ruling.card_id else ())


def recount(english: dict[str, str], keys: set[str] | None = None) -> None:
    """Count the public English rulings of each text (of ``keys`` only, when given); add the
    texts of ``english`` (key: normalised text) the memory does not hold; mark gone the texts
    no ruling has any more, and bring back those that came back."""
    rulings = english_rulings().public().exclude(memory_key="")
    texts = RulingText.objects.all()
    if keys is not None:
        rulings, texts = rulings.filter(memory_key__in=keys), texts.filter(key__in=keys)
    counts = {
        row["memory_key"]: row
        for row in rulings.values("memory_key")
        .annotate(rulings=Count("id"), card_rulings=Count("card"), newest=Max("date"))
        .order_by()
    }
    held = texts.in_bulk(field_name="key")
    now = timezone.now()
    new = [
        RulingText(key=key, english=english[key], gone_since=None)
        for key in counts
        if key not in held and key in english
    ]
    RulingText.objects.bulk_create(new, batch_size=500)
    held.update({text.key: text for text in new})
    updated = []
    for key, text in held.items():
        row = counts.get(key)
        values = (
            (row["rulings"], row["card_rulings"], row["newest"], None)
            if row
            else (0, 0, text.newest, text.gone_since or now)
        )
        back = row is not None and text.replaced_by_id is not None
        if back or (text.rulings, text.card_rulings, text.newest, text.gone_since) != values:
            text.rulings, text.card_rulings, text.newest, text.gone_since = values
            text.replaced_by_id = None if row else text.replaced_by_id
            updated.append(text)
    fields = ["rulings", "card_rulings", "newest", "gone_since", "replaced_by"]
    update_by_pk(RulingText, updated, fields)
    gone = [text for text in updated if text.gone_since == now]
    find_replacements(gone)


def find_replacements(gone: list[RulingText]) -> None:
    """For each text just gone, the text that took its place, read from the last history
    record of a ruling that had it: that ruling's own text now, when an editor reworded it (a
    ruling withdrawn or turned Italian has none); when an import deleted it, the closest
    wording among the public rulings of the same subject (the source reworded it), one at the
    same place or added after it first."""
    if not gone:
        return
    last_record = {}
    for keys in chunks([text.key for text in gone]):
        records = Ruling.history.filter(memory_key__in=keys)
        for record in records.order_by("history_date", "history_id"):
            last_record[record.memory_key] = record
    replaced = []
    for text in gone:
        record = last_record.get(text.key)
        key = replacement_key(record, text.key) if record else ""
        if key:
            text.replaced_by_id = key
            replaced.append(text)
    update_by_pk(RulingText, replaced, ["replaced_by"])


def replacement_key(record, gone_key: str) -> str:
    """The key of the text that replaced ``gone_key``, the ruling of history ``record`` last
    having it; "" for none."""
    public = english_rulings().public().exclude(memory_key__in=["", gone_key])
    still_there = Ruling.objects.filter(pk=record.id).first()
    if still_there is not None:
        if public.filter(pk=still_there.pk).exists():
            return still_there.memory_key
        return ""  # withdrawn, or no longer an English ruling: nothing replaces it
    same_subject = public.filter(
        card_id=record.card_id, keyword_id=record.keyword_id, card_type_id=record.card_type_id
    ).only("pk", "text", "position", "memory_key")
    scored = []
    for ruling in same_subject:
        alike = similarity(record.text, ruling.text)
        if alike >= SIMILAR_ENOUGH:
            later = ruling.pk > record.id
            scored.append(
                (alike + 0.25 * (ruling.position == record.position) + 0.25 * later, ruling)
            )
    if not scored:
        return ""
    return max(scored, key=lambda pair: (pair[0], pair[1].pk))[1].memory_key


def approved_for(keys) -> dict[str, RulingTranslation]:
    """{key: its approved translation} for these keys: one query, asked with no keys too (the
    empty key, which no text has, keeps the list from being empty: a page makes the same
    queries whatever its rulings)."""
    keys = {*keys, ""}
    translations = RulingTranslation.objects.approved().filter(text_id__in=keys).order_by()
    return {
        translation.text_id: translation
        for translation in translations.only("text_id", "italian", "approved_at")
    }


def attach_translations(rulings, name: str = "") -> None:
    """Give each English ruling whose text has an approved translation ``italian`` (the Italian
    with ``name`` in place of the card's: a card page's ``name_for``, an API's plain name; none
    on a keyword's page) and ``translated_on``, the day it was approved; the others
    ``italian`` "". One query, asked with no rulings too. The rulings need ``memory_key``."""
    english = [ruling for ruling in rulings if ruling.language == Language.ENGLISH]
    for ruling in rulings:
        ruling.italian, ruling.translated_on = "", None
    translations = approved_for(ruling.memory_key for ruling in english)
    for ruling in english:
        translation = translations.get(ruling.memory_key)
        if translation:
            ruling.italian = fill(translation.italian, name) if name else translation.italian
            ruling.translated_on = local_date(translation.approved_at)
