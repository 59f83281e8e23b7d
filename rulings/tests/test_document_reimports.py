"""A forced re-import of the bundled documents (``load_bundled_documents --force``) keeps what
people changed by hand, as the card import does: an erratum an editor deleted stays deleted, a
document title a superuser edited stays, and a keyword's Italian name changed in the admin
neither removes nor moves the rulings the documents wrote about it."""

from io import StringIO

from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from oracle.models import Card, Erratum, Keyword
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling, SourceDocument
from web.testing import BundledDocumentsTestCase

FUT_TITLE = "Compendio di Regole di Visione Futura"


def reimport(force=True) -> str:
    out = StringIO()
    call_command("load_bundled_documents", force=force, stdout=out, stderr=StringIO())
    return out.getvalue()


def document_rulings() -> list[tuple]:
    """Every ruling the documents wrote: what it is about, where, and its words."""
    return list(
        Ruling.objects.exclude(source_document__kind=SourceDocument.Kind.RULINGS_DATABASE)
        .order_by("pk")
        .values_list("pk", "card", "keyword", "card_type", "section", "text")
    )


class DocumentReimportTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        cls.admin = User.objects.create_superuser("admin", password="pw-for-tests")
        cls.fut = SourceDocument.objects.get(slug="future-sight-release-notes")

    def test_an_erratum_an_editor_deleted_stays_deleted(self):
        spider = Card.objects.get(name="Giant Spider")
        erratum = Erratum.objects.get(card=spider, source=FUT_TITLE)
        self.client.force_login(self.editor)
        response = self.client.post(
            reverse("admin:oracle_erratum_delete", args=[erratum.pk]), {"post": "yes"}
        )
        self.assertEqual(response.status_code, 302)
        self.assertFalse(spider.errata.exists())
        others = set(Erratum.objects.values_list("pk", flat=True))

        report = reimport()
        self.assertIn(
            "Errata deleted by hand, not recorded again (1):\n  - Giant Spider: reach (2007-05-01)",
            report,
        )
        self.assertFalse(spider.errata.exists())
        self.assertEqual(set(Erratum.objects.values_list("pk", flat=True)), others)
        self.assertNotContains(self.client.get(spider.get_absolute_url()), erratum.old_text)
        reimport()
        self.assertFalse(spider.errata.exists())

    def test_an_erratum_the_import_itself_removed_comes_back_when_found_again(self):
        """Only a person's deletion is a tombstone: the import's own is not."""
        spider = Card.objects.get(name="Giant Spider")
        erratum = Erratum.objects.get(card=spider, source=FUT_TITLE)
        erratum._change_reason = "Recomputed by the document import."
        erratum.delete()
        self.assertIn("Errata recorded (1):\n  - Giant Spider: reach (2007-05-01)", reimport())
        self.assertEqual(spider.errata.get().old_text, erratum.old_text)

    def edit_title(self, document: SourceDocument, title: str):
        url = reverse("admin:rulings_sourcedocument_change", args=[document.pk])
        page = self.client.get(url)
        # What the import finds the document by, and reads from its file: not editable.
        self.assertNotContains(page, 'name="slug"')
        self.assertNotContains(page, 'name="original_text"')
        self.assertContains(page, 'name="title"')
        form = {
            "title": title,
            "kind": document.kind,
            "card_set": document.card_set_id or "",
            "published_on": document.published_on.isoformat(),
            "source": document.source,
        }
        for formset in page.context["inline_admin_formsets"]:
            management = formset.formset.management_form
            form |= {
                management.add_prefix(name): value for name, value in management.initial.items()
            }
        response = self.client.post(url, form)
        self.assertEqual(response.status_code, 302)

    def test_a_title_a_superuser_edited_stays(self):
        self.client.force_login(self.admin)
        edited = "Visione Futura: il compendio delle regole"
        self.edit_title(self.fut, edited)
        errata = set(Erratum.objects.values_list("pk", "card"))
        rulings = document_rulings()

        report = reimport()
        self.assertIn(f"Kept as edited by hand (1):\n  - title: '{edited}' (the import's:", report)
        self.fut.refresh_from_db()
        self.assertEqual(self.fut.title, edited)
        page = self.client.get(self.fut.get_absolute_url())
        self.assertContains(page, edited)
        # The document's errata are still its own: named by its title now, none twice.
        self.assertEqual(set(Erratum.objects.values_list("pk", "card")), errata)
        self.assertEqual(
            set(Erratum.objects.filter(card__in=[c for _pk, c in errata]).values_list("source")),
            {(edited,)},
        )
        self.assertEqual(document_rulings(), rulings)

        self.assertEqual(reimport(force=False).count("nothing changed."), 4)
        self.assertIn("Kept as edited by hand", reimport())
        self.fut.refresh_from_db()
        self.assertEqual(self.fut.title, edited)

    def test_a_keyword_renamed_in_italian_keeps_its_rulings(self):
        """The Onslaught FAQ's heading "Metamorfosi e Magie ..." no longer names Morph by its
        Italian name, nor the Future Sight notes' "... Ciclo e Ciclotipo" Cycling (only
        Typecycling): the headings keep the subjects found before."""
        self.client.force_login(self.admin)
        for slug, name_it in (("morph", "Trasformazione"), ("cycling", "Riciclo")):
            keyword = Keyword.objects.get(slug=slug)
            response = self.client.post(
                reverse("admin:oracle_keyword_change", args=[keyword.pk]),
                {
                    "name_it": name_it,
                    "reminder_text": keyword.reminder_text,
                    "reminder_text_it": keyword.reminder_text_it,
                    "rule_number": keyword.rule_number,
                },
            )
            self.assertEqual(response.status_code, 302)
        morph = Keyword.objects.get(slug="morph")
        self.assertEqual(morph.name_it, "Trasformazione")
        on_morph = morph.rulings.count()
        self.assertGreater(on_morph, 10)
        rulings = document_rulings()

        report = reimport()
        self.assertNotRegex(report, r"removed: [1-9]")
        self.assertEqual(document_rulings(), rulings)
        self.assertEqual(morph.rulings.count(), on_morph)
        self.assertEqual(Keyword.objects.get(slug="morph").name_it, "Trasformazione")
        with translation.override("it"):
            page = self.client.get(reverse("rules:keyword-detail", args=["morph"]))
        self.assertContains(page, "Trasformazione")
        for ruling in morph.rulings.all()[:3]:
            self.assertContains(page, f'id="ruling-{ruling.pk}"')
