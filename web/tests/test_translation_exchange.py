"""The staff pages that exchange the translation memory with translators' tools as PO files: the
queue exported, translated in the file, imported back as proposals that show on every card
sharing the text once approved; bad entries refused one by one with their reason; a file not
ours, broken or too large refused whole, nothing changed; translators only."""

import re

import polib
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.utils import timezone

from rulings.models import RulingText, RulingTranslation
from rulings.tests.test_saves_during_imports import import_in_another_process
from web.testing import BundledDocumentsTestCase

EXPORT = "/admin/translations/po/export/"
IMPORT = "/admin/translations/po/import/"
SUSPEND_ENGLISH = "If the spell requires any targets"
SUSPEND_ITALIAN = (
    "Se la magia richiede dei bersagli, sono scelti quando la magia viene infine lanciata, "
    "non quando viene esiliata."
)
SLIVER_ENGLISH = "Because damage remains marked"


def visible(html: str) -> str:
    """The text of an admin page from its content on, tags dropped, spaces squeezed."""
    html = html[html.find('id="content"') + 1 :]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def entry(po: polib.POFile, starts: str) -> polib.POEntry:
    return next(entry for entry in po if entry.msgid.startswith(starts))


def faithful(english: str, words: str = "Testo tradotto") -> str:
    """An Italian for ``english`` that keeps its {this}, mana symbols and numbers."""
    return " ".join([words, *re.findall(r"\{[^}]+\}|\d+", english)]) + "."


def other_than(po: polib.POFile, *taken: polib.POEntry) -> polib.POEntry:
    return next(each for each in po if all(each is not one for one in taken))


def sliver_italian(english: str) -> str:
    """An Italian for the Slivers' damage ruling, with its one {this}."""
    assert english.count("{this}") == 1, english
    return (
        "Poiché il danno resta segnato su una creatura finché non viene rimosso alla fine del "
        "turno, un danno non letale inflitto a un Tramutante può diventare letale se {this} "
        "entra nel campo di battaglia durante quel turno."
    )


class ExchangeTestCase(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.translator = User.objects.create_user("traduttrice", is_staff=True)
        cls.translator.user_permissions.add(
            Permission.objects.get(codename="add_rulingtranslation")
        )

    def setUp(self):
        self.client.force_login(self.translator)

    def export(self, **fields) -> polib.POFile:
        response = self.client.get(EXPORT, {"everything": "", "set_code": "", **fields})
        self.assertEqual(response.status_code, 200)
        self.assertIn("attachment", response["Content-Disposition"])
        self.assertIn(".po", response["Content-Disposition"])
        return polib.pofile(response.content.decode() + "\n")

    def upload(self, content: bytes | polib.POFile, name="rulings-it.po", **fields):
        data = str(content).encode() if isinstance(content, polib.POFile) else content
        po_file = SimpleUploadedFile(name, data, content_type="text/x-gettext-translation")
        return self.client.post(IMPORT, {"po_file": po_file, **fields}, HTTP_ACCEPT_LANGUAGE="it")

    def state(self):
        """The memory's translations and their history, to show that nothing changed."""
        return (
            list(RulingTranslation.objects.order_by("pk").values()),
            RulingTranslation.history.count(),
        )


class RoundTripTests(ExchangeTestCase):
    def test_two_entries_translated_in_the_file_become_proposals_then_show_once_approved(self):
        po = self.export(set_code="fut")
        suspend = entry(po, SUSPEND_ENGLISH)
        self.assertEqual(po.metadata["Project-Id-Version"], "Oracolo ruling translations")
        self.assertEqual(po.metadata["Language"], "it")
        self.assertIn("X-Oracolo-Data-Version", po.metadata)
        text = RulingText.objects.get(key=suspend.msgctxt)
        self.assertEqual(suspend.msgid, text.english)
        self.assertRegex(
            suspend.comment, rf"Card rulings: {text.card_rulings}\nServes: [^\n]+ and \d+ more"
        )
        suspend.msgstr = SUSPEND_ITALIAN
        sliver_file = self.export(set_code="tsp")
        sliver = entry(sliver_file, SLIVER_ENGLISH)
        sliver.msgstr = sliver_italian(sliver.msgid)
        po.append(sliver)

        response = self.upload(po)

        self.assertEqual(response.status_code, 200)
        page = visible(response.content.decode())
        self.assertIn(f"{len(po)} voci lette", page)
        self.assertIn("2 accolte come traduzioni proposte", page)
        self.assertIn("0 rifiutate", page)
        translations = RulingTranslation.objects.filter(text__in=[suspend.msgctxt, sliver.msgctxt])
        self.assertEqual(
            sorted(translations.values_list("status", "origin", "translator__username")),
            [("proposed", "po", "traduttrice")] * 2,
        )
        self.assertNotIn("viene infine lanciata", self.card_page("knight-of-sursi"))

        translations.update(status=RulingTranslation.Status.APPROVED, approved_at=timezone.now())

        for slug in ("knight-of-sursi", "chronomantic-escape"):
            self.assertIn("viene infine lanciata", self.card_page(slug))
        for slug, name in (("sedge-sliver", "Falasco"), ("might-sliver", "Possente")):
            self.assertRegex(self.card_page(slug), rf"Tramutante[^<]*{name}[^<]*entra nel campo")

    def card_page(self, slug: str) -> str:
        return self.client.get(f"/it/cards/{slug}/").content.decode()

    def test_the_same_file_twice_changes_nothing_the_second_time(self):
        po = self.export(set_code="fut", limit=5)
        suspend = entry(po, SUSPEND_ENGLISH)
        suspend.msgstr = SUSPEND_ITALIAN
        self.upload(po)
        before = self.state()
        page = visible(self.upload(po).content.decode())
        self.assertIn("0 accolte", page)
        self.assertIn("1 invariata", page)
        self.assertEqual(self.state(), before)

    def test_a_proposal_stays_in_the_queue_fuzzy_and_once_approved_leaves_it(self):
        po = self.export(set_code="fut")
        suspend = entry(po, SUSPEND_ENGLISH)
        suspend.msgstr = SUSPEND_ITALIAN
        self.upload(po)
        queued = entry(self.export(set_code="fut"), SUSPEND_ENGLISH)
        self.assertEqual((queued.msgstr, queued.fuzzy), (SUSPEND_ITALIAN, True))
        self.assertIn("Status: proposed", queued.comment)

        RulingTranslation.objects.update(status=RulingTranslation.Status.APPROVED)

        queue = self.export(set_code="fut")
        self.assertNotIn(suspend.msgctxt, [each.msgctxt for each in queue])
        everything = self.export(set_code="fut", everything="1")
        approved = entry(everything, SUSPEND_ENGLISH)
        self.assertEqual((approved.msgstr, approved.fuzzy), (SUSPEND_ITALIAN, False))
        self.assertEqual(len(everything), len(queue) + 1)
        self.assertEqual(everything.metadata["X-Oracolo-Selection"], "all texts in use, set FUT")

    def test_a_limited_export_holds_the_texts_covering_the_most_card_rulings(self):
        po = self.export(limit=4)
        self.assertEqual(len(po), 4)
        counts = [RulingText.objects.get(key=each.msgctxt).card_rulings for each in po]
        self.assertEqual(counts, sorted(counts, reverse=True))
        self.assertEqual(
            counts[0], RulingText.objects.untranslated().order_by("-card_rulings")[0].card_rulings
        )


class EntryCheckTests(ExchangeTestCase):
    def test_bad_entries_are_refused_with_their_reason_and_the_good_one_taken(self):
        po = self.export(set_code="tsp")
        sliver = entry(po, SLIVER_ENGLISH)
        sliver.msgstr = sliver_italian(sliver.msgid).replace("{this}", "Tramutante del Falasco")
        numbered = next(each for each in po if re.search(r"\d", each.msgid.replace("{this}", "")))
        number = re.search(r"\d+", numbered.msgid)[0]
        numbered.msgstr = f"Testo italiano con il numero {int(number) + 1}."
        marked = next(each for each in po if each not in (sliver, numbered))
        marked.msgstr = "<b>Grassetto</b>" + " {this}" * marked.msgid.count("{this}")
        good = next(each for each in po if each not in (sliver, numbered, marked))
        good.msgstr = "Testo tradotto." + " {this}" * good.msgid.count("{this}")
        good.msgstr += " " + " ".join(
            re.findall(r"\{[^}]+\}|\d+", good.msgid.replace("{this}", ""))
        )

        response = self.upload(po)

        self.assertEqual(response.status_code, 200)
        page = visible(response.content.decode())
        self.assertIn("1 accolta come traduzione proposta", page)
        self.assertIn("3 rifiutate", page)
        rows = self.refused_rows(response.content.decode())
        self.assertEqual(len(rows), 3)
        by_key = {key: reason for _line, key, reason in rows}
        self.assertIn("Il nome della carta ({this})", by_key[sliver.msgctxt])
        self.assertIn("Numeri: l’inglese ha", by_key[numbered.msgctxt])
        self.assertIn(number, by_key[numbered.msgctxt])
        self.assertIn("markup", by_key[marked.msgctxt])
        self.assertEqual(
            list(RulingTranslation.objects.values_list("text_id", "status")),
            [(good.msgctxt, "proposed")],
        )

    def refused_rows(self, html: str) -> list[tuple[str, str, str]]:
        """(line, key, reason) of each row of the refused entries' table."""
        start = html.index('id="refused-entries"')
        table = html[start : html.index("</table>", start)]
        rows = re.findall(
            r"<tr><td>(\d+)</td><td><code title=\"(\w+)\">.*?</td><td>(.*?)</td>", table
        )
        return [(line, key, re.sub(r"&#x27;|&rsquo;", "’", reason)) for line, key, reason in rows]

    def test_an_entry_whose_english_changed_is_refused_as_out_of_date(self):
        po = self.export(set_code="fut", limit=1)
        po[0].msgid = po[0].msgid + " An older wording."
        po[0].msgstr = faithful(po[0].msgid)
        page = visible(self.upload(po).content.decode())
        self.assertIn("Non aggiornata", page)
        self.assertFalse(RulingTranslation.objects.exists())

    def test_an_approved_translation_is_kept_unless_the_import_is_asked_to_propose_again(self):
        po = self.export(set_code="fut")
        suspend = entry(po, SUSPEND_ENGLISH)
        RulingTranslation.objects.create(
            text_id=suspend.msgctxt,
            italian="Se la magia richiede bersagli, sono scelti quando è lanciata.",
            status=RulingTranslation.Status.APPROVED,
            approved_at=timezone.now(),
        )
        suspend.msgstr = SUSPEND_ITALIAN
        page = visible(self.upload(po).content.decode())
        self.assertIn("Già approvata", page)
        self.assertEqual(RulingTranslation.objects.get().status, "approved")

        self.upload(po, replace_approved="on")

        translation = RulingTranslation.objects.get()
        self.assertEqual((translation.status, translation.italian), ("proposed", SUSPEND_ITALIAN))


class RefusedFileTests(ExchangeTestCase):
    def assert_refused_whole(self, response, message: str):
        self.assertEqual(response.status_code, 400)
        page = visible(response.content.decode())
        self.assertIn(message, page)
        self.assertIn("Non è stato cambiato nulla.", page)

    def translated_queue(self) -> polib.POFile:
        po = self.export(set_code="fut")
        entry(po, SUSPEND_ENGLISH).msgstr = SUSPEND_ITALIAN
        return po

    def test_another_projects_po_file_is_refused_whole(self):
        before = self.state()
        with open("locale/it/LC_MESSAGES/django.po", "rb") as other:
            response = self.upload(other.read(), name="django.po")
        self.assert_refused_whole(response, "non è una delle traduzioni delle note di regolamento")
        self.assertEqual(self.state(), before)

    def test_a_file_of_unknown_keys_is_refused_whole(self):
        po = self.translated_queue()
        for each in po:
            each.msgctxt = "0" * 64
        self.assert_refused_whole(self.upload(po), "Nessuna delle voci del file")
        self.assertFalse(RulingTranslation.objects.exists())

    def test_a_broken_file_is_refused_whole(self):
        content = str(self.translated_queue()).encode()
        cut = content.index(b"Se la magia richiede") + 20
        self.assert_refused_whole(self.upload(content[:cut]), "non è un file PO valido")
        self.assert_refused_whole(self.upload(b"\xff\xfe\x00binary"), "non è testo UTF-8")
        with_nul = content.replace(b"Se la magia", b"Se la\x00magia")
        self.assert_refused_whole(self.upload(with_nul), "non è un file PO valido")
        self.assertFalse(RulingTranslation.objects.exists())

    @override_settings(TRANSLATION_PO_MAX_BYTES=2000)
    def test_a_file_over_the_limit_is_refused_whole(self):
        response = self.upload(self.translated_queue())
        self.assert_refused_whole(response, "Il file è troppo grande: al massimo 2.000 byte")
        self.assertFalse(RulingTranslation.objects.exists())

    def test_a_ten_megabyte_file_is_refused_unread(self):
        content = str(self.translated_queue()).encode()
        padding = b"# " + b"x" * 76 + b"\n"
        big = content + padding * (10_000_000 // len(padding))
        response = self.upload(big)
        self.assertEqual(response.status_code, 413)
        self.assertFalse(RulingTranslation.objects.exists())


class DuringDataImportTests(ExchangeTestCase):
    def test_an_import_posted_while_data_is_imported_is_answered_busy_and_changes_nothing(self):
        po = self.export(set_code="fut")
        entry(po, SUSPEND_ENGLISH).msgstr = SUSPEND_ITALIAN
        with import_in_another_process():
            response = self.upload(po)
        self.assertContains(response, "Un aggiornamento dei dati è in corso", status_code=503)
        self.assertFalse(RulingTranslation.objects.exists())
        self.assertEqual(self.upload(po).status_code, 200)
        self.assertTrue(RulingTranslation.objects.exists())


class AccessTests(ExchangeTestCase):
    def test_staff_without_the_permission_are_refused_in_italian(self):
        self.client.force_login(User.objects.create_user("redattore", is_staff=True))
        for address in (EXPORT, IMPORT):
            with self.subTest(address):
                response = self.client.get(address, HTTP_ACCEPT_LANGUAGE="it")
                self.assertEqual(response.status_code, 403)
                self.assertIn("Solo chi traduce", visible(response.content.decode()))
        self.assertEqual(self.upload(b"").status_code, 403)

    def test_visitors_are_sent_to_the_admins_login(self):
        self.client.logout()
        response = self.client.get(EXPORT)
        self.assertEqual(response.status_code, 302)
        self.assertIn("/admin/login/", response["Location"])

    def test_the_forms_are_in_italian(self):
        page = self.client.get(EXPORT, HTTP_ACCEPT_LANGUAGE="it").content.decode()
        self.assertIn('value="Scarica il file PO"', page)
        self.assertIn("La coda: i testi senza una traduzione approvata", page)
        page = visible(self.client.get(IMPORT, HTTP_ACCEPT_LANGUAGE="it").content.decode())
        self.assertIn("Importa traduzioni da un file PO", page)

    def test_an_unknown_set_is_answered_with_the_form_and_its_error(self):
        response = self.client.get(
            EXPORT, {"set_code": "zzz", "limit": ""}, HTTP_ACCEPT_LANGUAGE="it"
        )
        self.assertEqual(response.status_code, 400)
        self.assertIn("Nessuna espansione ha il codice “zzz”", visible(response.content.decode()))
