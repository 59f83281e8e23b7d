"""Keep imported rulings, and the rules cards use, in step with card imports (see
oracle.signals.cards_synced); before the import writes its cards, let it take over the cards
known from a document only (oracle.signals.cards_arriving). Receivers run in the order they
are defined here: the rule links read the rulings just written."""

from django.dispatch import receiver

from common.upsert import SyncStats, chunks, insert_with_history, update_by_pk
from oracle.signals import cards_arriving, cards_synced
from rulings.importers.release_notes.takeover import REPORT_LABEL, take_over_document_cards
from rulings.linking.sync import link_cards
from rulings.models import Language, Ruling, SourceDocument
from rulings.status.ruling_status import apply_statuses
from rulings.status.upstream_rewording import (
    SourceRuling,
    UpstreamRewording,
    first_wordings,
    pair_rewordings,
    record_rewording,
)
from rulings.translations.memory import refresh_texts, set_keys

MTGJSON_RULINGS_SLUG = "gatherer-rulings-mtgjson"


@receiver(cards_arriving, dispatch_uid="rulings.take_over_document_cards")
def take_over_described_cards(sender, data, log, **kwargs):
    """The cards a release note described become the data's cards, without a duplicate."""
    return {REPORT_LABEL: take_over_document_cards(data)}


@receiver(cards_synced, dispatch_uid="rulings.sync_imported_rulings")
def sync_imported_rulings(sender, data, card_pks, log, **kwargs):
    """Add new English rulings, drop those the source dropped; an editor's rulings (and those
    whose status an editor set: a withdrawn one among them) are never touched.

    A ruling's ``source_key`` is its date and original wording, so an imported ruling that an
    editor corrected is still recognised and neither duplicated nor reverted. When the source
    rewords such a ruling, the editor's version stays and the new wording waits on it for review
    (``rulings.status.upstream_rewording``) instead of showing beside it.
    """
    if log:
        log("Writing rulings…")
    document, _ = SourceDocument.objects.get_or_create(
        slug=MTGJSON_RULINGS_SLUG,
        defaults={
            "title": "Gatherer rulings (via MTGJSON)",
            "kind": SourceDocument.Kind.RULINGS_DATABASE,
            "language": Language.ENGLISH,
            "source": "Wizards of the Coast's Gatherer rulings as published in MTGJSON set files",
        },
    )
    stats = SyncStats()
    existing: dict[int, dict[str, Ruling]] = {}
    for card_ids in chunks(card_pks.values()):
        for ruling in Ruling.objects.filter(
            card_id__in=card_ids, language=Language.ENGLISH
        ).exclude(source_key=""):
            existing.setdefault(ruling.card_id, {})[ruling.source_key] = ruling
    to_create, to_update, to_delete = [], [], []
    reworded, upstream_updates = UpstreamRewording(), []
    for oracle_id, card in data.cards.items():
        card_id = card_pks[oracle_id]
        have = existing.get(card_id, {})
        wanted_keys, new = set(), []
        for position, (day, text) in enumerate(card.rulings):
            key = Ruling.key_for(day, text)
            wanted_keys.add(key)
            ruling = have.get(key)
            if ruling is None:
                new.append(SourceRuling(position, day, text))
            elif ruling.position != position and ruling.origin == Ruling.Origin.IMPORTED:
                ruling.position = position
                to_update.append(ruling)
            else:
                stats.unchanged += 1
        gone = [ruling for key, ruling in have.items() if key not in wanted_keys]
        to_delete += [ruling.pk for ruling in gone if ruling.origin == Ruling.Origin.IMPORTED]
        editors = [ruling for ruling in gone if ruling.origin == Ruling.Origin.EDITOR]
        if editors and new:
            for ruling, source in pair_rewordings(editors, new, first_wordings(editors)):
                new.remove(source)
                reworded.pending += 1
                if record_rewording(ruling, source):
                    reworded.recorded += 1
                    upstream_updates.append(ruling)
        to_create += [
            Ruling(
                card_id=card_id,
                date=source.day,
                language=Language.ENGLISH,
                text=source.text,
                position=source.position,
                source_document=document,
                origin=Ruling.Origin.IMPORTED,
                source_key=Ruling.key_for(source.day, source.text),
            )
            for source in new
        ]
    # Whether each new ruling still holds, worked out before it is written (its history record
    # starts with it); an existing ruling's words and date do not change here.
    apply_statuses(to_create)
    set_keys(to_create)
    # With a history record each, so that an editor's first change has a "before" to show
    # and to revert to.
    insert_with_history(
        Ruling, to_create, ("card_id", "language", "source_key"), "Imported from MTGJSON"
    )
    update_by_pk(Ruling, to_update, ["position"])
    update_by_pk(Ruling, upstream_updates, ["upstream_text", "upstream_date"])
    for batch in chunks(to_delete):
        Ruling.objects.filter(pk__in=batch).delete()
    stats.created, stats.updated, stats.deleted = len(to_create), len(to_update), len(to_delete)
    refresh_texts(card_pks.values())  # the translation memory's keys and counts
    if reworded.pending:
        return {"rulings": stats, "rulings reworded upstream": reworded}
    return {"rulings": stats}


@receiver(cards_synced, dispatch_uid="rulings.link_imported_cards")
def link_imported_cards(sender, data, card_pks, log, **kwargs):
    """Link the imported cards to the rules they use (hand-made links are kept)."""
    if log:
        log("Linking the cards to the rules…")
    report = link_cards(card_pks.values())
    return {"rule links": report.links, "rule search column": report.search_rules}
