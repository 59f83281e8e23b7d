"""Editors set a ruling's status by hand in the admin: it survives the real imports run again
over the bundled files and every recomputation, shows in the ruling's history; a withdrawn
ruling is hidden from every page and the API and stays withdrawn; an imported ruling cannot be
deleted (the next import would bring it back): it is withdrawn instead."""

from io import StringIO

from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.urls import reverse

from oracle.models import Card
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling, SourceDocument
from web.testing import BundledDocumentsTestCase

CAVERN_2018 = "If Blood Moon is on the battlefield and a player controls a face-down Zoetic Cavern"
REMOVED_NOTE = "Se una creatura a faccia in giù viene rimossa dal gioco"
OUTDATED, CURRENT, WITHDRAWN = (
    Ruling.Status.OUTDATED,
    Ruling.Status.CURRENT,
    Ruling.Status.WITHDRAWN,
)


def reimport() -> None:
    """The real imports again, over the bundled files: cards (and their Gatherer rulings),
    documents (and theirs), then every status worked out again."""
    for command in ("load_bundled_data", "load_bundled_documents"):
        call_command(command, "--force", stdout=StringIO(), stderr=StringIO())
    call_command("recompute_ruling_statuses", stdout=StringIO())


def form_for(ruling: Ruling, **changes) -> dict:
    """The change form as the admin shows it, with ``changes``."""
    form = {
        "card": ruling.card_id or "",
        "keyword": ruling.keyword_id or "",
        "card_type": ruling.card_type_id or "",
        "date": ruling.date.isoformat(),
        "language": ruling.language,
        "position": ruling.position,
        "text": ruling.text,
        "source_document": ruling.source_document_id or "",
        "status": ruling.status,
        "status_note": ruling.status_note,
    }
    if ruling.status_set_by_hand:
        form["status_set_by_hand"] = "on"
    form.update(changes)
    return {key: value for key, value in form.items() if value is not None}


class StatusAdminTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))

    def setUp(self):
        self.client.force_login(self.editor)
        self.cavern = Card.objects.get(name="Zoetic Cavern")

    def gatherer(self) -> Ruling:
        return self.cavern.rulings.get(text__startswith=CAVERN_2018)

    def morph_note(self) -> Ruling:
        return Ruling.objects.get(keyword__slug="morph", text__startswith=REMOVED_NOTE)

    def change(self, ruling: Ruling, **changes):
        url = reverse("admin:rulings_ruling_change", args=[ruling.pk])
        return self.client.post(url, form_for(ruling, **changes))

    def test_outdated_by_hand_with_a_note_survives_reimports_and_recomputation(self):
        response = self.change(self.gatherer(), status=OUTDATED, status_note="Blood Moon changed.")
        self.assertEqual(response.status_code, 302)
        ruling = self.gatherer()
        self.assertEqual((ruling.status, ruling.status_set_by_hand), (OUTDATED, True))
        reimport()
        ruling = self.gatherer()
        self.assertEqual((ruling.status, ruling.status_note), (OUTDATED, "Blood Moon changed."))
        self.assertEqual(self.cavern.rulings.filter(text__startswith=CAVERN_2018).count(), 1)
        page = self.client.get("/en/cards/zoetic-cavern/").content.decode()
        self.assertIn("Blood Moon changed.", page[page.index("<details>") :])
        # The change is in the ruling's history, with who made it.
        last = ruling.history.order_by("-history_date").first()
        self.assertEqual((last.status, last.history_user), (OUTDATED, self.editor))
        self.assertEqual(last.prev_record.status, CURRENT)

    def test_current_by_hand_survives_reimports_and_recomputation(self):
        note = self.morph_note()
        self.assertEqual(note.status, OUTDATED)
        self.assertEqual(self.change(note, status=CURRENT).status_code, 302)
        reimport()
        note = self.morph_note()
        self.assertEqual((note.status, note.status_set_by_hand), (CURRENT, True))

    def test_outdated_by_hand_needs_a_note(self):
        response = self.change(self.gatherer(), status=OUTDATED)
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Say why the ruling is outdated")
        self.assertEqual(self.gatherer().status, CURRENT)

    def test_clearing_set_by_hand_gives_the_status_back_to_the_computation(self):
        note = self.morph_note()
        self.change(note, status=CURRENT)
        note = self.morph_note()
        form = form_for(note)
        del form["status_set_by_hand"]
        url = reverse("admin:rulings_ruling_change", args=[note.pk])
        self.assertEqual(self.client.post(url, form).status_code, 302)
        note = self.morph_note()
        self.assertEqual((note.status, note.status_set_by_hand), (OUTDATED, False))
        self.assertTrue(note.outdated_because)

    def test_the_list_filters_by_status(self):
        url = reverse("admin:rulings_ruling_changelist")
        response = self.client.get(url, {"status": "outdated"})
        self.assertContains(response, "rimossa dal gioco")
        self.assertNotContains(response, "Blood Moon is on the battlefield")
        current = self.client.get(url, {"status": "current", "q": "Blood Moon"})
        self.assertContains(current, "Blood Moon is on the")


class WithdrawnTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))

    def setUp(self):
        self.client.force_login(self.editor)

    def withdraw(self, ruling: Ruling):
        url = reverse("admin:rulings_ruling_change", args=[ruling.pk])
        response = self.client.post(url, form_for(ruling, status=WITHDRAWN))
        self.assertEqual(response.status_code, 302)

    def test_withdrawn_rulings_are_hidden_everywhere_and_stay_withdrawn(self):
        cavern = Card.objects.get(name="Zoetic Cavern")
        gatherer = cavern.rulings.get(text__startswith=CAVERN_2018)
        note = Ruling.objects.get(keyword__slug="morph", text__startswith=REMOVED_NOTE)
        faq = SourceDocument.objects.get(slug="onslaught-morph-faq")
        faq_rulings = faq.rulings.count()
        lonely = Card.objects.get(name="Barren Glory")  # one ruling only
        [only] = lonely.rulings.all()
        for ruling in (gatherer, note, only):
            self.withdraw(ruling)
        reimport()
        for ruling in (gatherer, note, only):
            ruling.refresh_from_db()
            self.assertEqual(ruling.status, WITHDRAWN)
        # Not brought back as new rows either.
        self.assertEqual(cavern.rulings.filter(text__startswith=CAVERN_2018).count(), 1)
        self.assertEqual(Ruling.objects.filter(text__startswith=REMOVED_NOTE).count(), 1)

        for language in ("en", "it"):
            page = self.client.get(f"/{language}/cards/zoetic-cavern/")
            self.assertNotContains(page, "Blood Moon is on the battlefield")
            self.assertNotContains(page, REMOVED_NOTE)
            self.assertContains(page, "When Zoetic Cavern is turned face up")
        self.assertNotContains(self.client.get("/it/keywords/morph/"), REMOVED_NOTE)
        document = self.client.get(faq.get_absolute_url()).content.decode()
        self.assertNotIn(f'id="ruling-{note.pk}"', document)
        # Its rulings, not the document's original text, which the page shows as imported.
        self.assertNotIn(REMOVED_NOTE, document[: document.index("<pre")])
        self.assertIn(
            "Se una creatura a faccia in giù scompare", document[: document.index("<pre")]
        )
        listing = self.client.get(reverse("rules:document-list")).content.decode()
        row = listing[listing.index(faq.get_absolute_url()) :]
        self.assertIn(f'<td class="num">{faq_rulings - 1}</td>', row[: row.index("</tr>")])
        record = self.client.get(f"/api/cards/{cavern.oracle_id}/").json()
        texts = [ruling["text"] for ruling in record["rulings"]]
        self.assertNotIn(gatherer.text, texts)
        self.assertNotIn(note.text, texts)

        def found(query):
            results = self.client.get("/api/cards/", {"q": query}).json()["results"]
            return [card["name"] for card in results]

        self.assertEqual(found("barren glory"), ["Barren Glory"])
        self.assertEqual(found("has:rulings barren glory"), [])
        self.assertEqual(found("has:rulings zoetic"), ["Zoetic Cavern"])

    def test_an_imported_ruling_cannot_be_deleted_it_is_withdrawn_instead(self):
        ruling = Card.objects.get(name="Zoetic Cavern").rulings.get(text__startswith=CAVERN_2018)
        change = self.client.get(reverse("admin:rulings_ruling_change", args=[ruling.pk]))
        self.assertNotContains(change, reverse("admin:rulings_ruling_delete", args=[ruling.pk]))
        self.assertContains(change, "An imported ruling cannot be deleted")
        delete = reverse("admin:rulings_ruling_delete", args=[ruling.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 403)
        changelist = reverse("admin:rulings_ruling_changelist")
        selected = {"action": "delete_selected", "_selected_action": [ruling.pk]}
        self.assertContains(
            self.client.post(changelist, selected), "the next import would bring them back"
        )
        self.assertEqual(self.client.post(changelist, {**selected, "post": "yes"}).status_code, 403)
        self.assertTrue(Ruling.objects.filter(pk=ruling.pk).exists())

        response = self.client.post(
            changelist,
            {"action": "withdraw", "_selected_action": [ruling.pk], "post": "yes"},
            follow=True,
        )
        self.assertContains(response, "1 ruling withdrawn.")
        ruling.refresh_from_db()
        self.assertEqual((ruling.status, ruling.status_set_by_hand), (WITHDRAWN, True))
        last = ruling.history.order_by("-history_date").first()
        self.assertEqual(
            (last.status, last.history_user, last.history_change_reason),
            (WITHDRAWN, self.editor, "Withdrawn in the admin"),
        )

    def test_a_ruling_an_editor_wrote_can_be_deleted(self):
        cavern = Card.objects.get(name="Zoetic Cavern")
        mine = Ruling.objects.create(card=cavern, date=cavern.rulings.first().date, text="Mine.")
        delete = reverse("admin:rulings_ruling_delete", args=[mine.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        self.assertFalse(Ruling.objects.filter(pk=mine.pk).exists())
