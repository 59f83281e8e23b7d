"""Keywords, card types and renamed-keyword errata from the seed documents: the four real seed
files read by the reader, with fixtures/documents/terms.json and renamed_keywords.json, on the
bundled cards and rules."""

import datetime
import json
import tempfile
from pathlib import Path

from django.contrib.auth.models import User
from django.test import SimpleTestCase

from oracle.models import Card, CardType, Erratum, Keyword
from rulings.importers.release_notes.defined_terms import read_terms
from rulings.importers.release_notes.document import ReadError
from rulings.importers.release_notes.errata import IMPORT_CHANGE, record_renamed_keyword_errata
from rulings.importers.release_notes.heading_subjects import subject_for_title
from rulings.importers.release_notes.keywords import apply_document_keywords
from rulings.importers.release_notes.reader import read_document
from rulings.importers.release_notes.renamed_keywords import (
    RENAMED_KEYWORDS,
    read_renamings,
    written_as_of_update,
)
from rulings.importers.release_notes.report import ImportReport
from rulings.models import Ruling, SourceDocument, is_document_only
from rulings.tests.helpers import SEEDS
from web.testing import BundledDataTestCase

FUT, ONS, MSH, WIKI = "future-sight", "onslaught", "marvel", "wiki"
DOCUMENTS = {
    FUT: ("future-sight-release-notes.txt", "Compendio di Regole di Visione Futura", (2007, 5, 4)),
    ONS: ("onslaught-morph-faq.txt", "FAQ di Assalto", (2002, 10, 7)),
    MSH: ("marvel-super-heroes-mechanics.txt", "Meccaniche di Marvel Super Heroes", (2026, 4, 17)),
    WIKI: ("wiki-stregoneria.txt", "Stregoneria (Wiki)", (2023, 6, 16)),
}
RULES_UPDATE = datetime.date(2007, 5, 1)

# slug: (Italian name, Italian reminder text: None where the card data's must stay, rule)
KEYWORDS = {
    "grandeur": ("Magnificenza", "", "207.2c"),
    "suspend": ("Sospendere", None, "702.62"),
    "scry": ("Profetizzare", None, "701.22"),
    "morph": ("Metamorfosi", None, "702.37"),
    "cycling": ("Ciclo", None, "702.29"),
    "typecycling": ("Ciclotipo", "", "702.29e"),
    "landcycling": ("Cicloterra", "", ""),  # the rules linker gives it 702.29e, not this
    "lifelink": ("Legame vitale", None, "702.15"),
    "reach": ("Raggiungere", None, "702.17"),
    "shroud": ("Velo", None, "702.18"),
    "flying": ("Volare", None, "702.9"),  # the whole catalogue teaches its reminder
    "fear": ("Paura", None, "702.36"),
    "connive": (
        "Complottare",
        "Pesca una carta, poi scarta una carta. Se hai scartato una carta non terra, metti un "
        "segnalino +1/+1 su [questa/quella] creatura.",
        "701.50",
    ),
    "harness": ("Imbrigliare", "Una volta imbrigliata, la sua abilità ∞ è attiva.", "701.64"),
    "infinity": ("∞ (Simbolo dell'infinito)", "", "702.186"),
    "teamwork": (
        "Lavoro di squadra",
        "Come costo addizionale per lanciare questa magia, puoi TAPpare un qualsiasi numero di "
        "creature che controlli con forza totale pari o superiore a N.",
        "",
    ),
    "superpotere": (
        "Superpotere",
        "Attiva ogni abilità superpotere solo una volta. Sottrai il suo costo di mana dal costo "
        "se è entrato/a in questo turno.",
        "",
    ),
}

# Every heading of the seeds, and what subject_for_title makes of it.
HEADINGS = {
    FUT: {
        "": None,
        'Carte "Cronotraslate"': None,
        "Nuove Meccaniche definite da Parola Chiave": None,
        "Ciclo: Creature Leggendarie con Magnificenza": "grandeur",
        "Ciclo: Patti": None,
        "Ciclo: Mutamagia": "subtype:Spellshaper",
        "Tematica: Nuove Svolte per Sospendere": "suspend",
        # Enchantments whose abilities are activated by tapping them: the keyword action Tap.
        "Tematica: TAPpare Incantesimi": "tap",
        "Riproposizione di Azione definita da Parola Chiave: Profetizzare": "scry",
        "Riproposizione di Abilità definita da Parola Chiave: Metamorfosi": "morph",
        "Riproposizione di Abilità definite da Parola Chiave: Ciclo e Ciclotipo": "cycling",
        "Nuova Abilità definita da Parola Chiave: Legame vitale": "lifelink",
        "Nuova Abilità definita da Parola Chiave: Raggiungere": "reach",
        "Nuova Abilità definita da Parola Chiave: Velo": "shroud",
        "Nuovo Tipo di Carta: Tribale": "type:Tribal",
        "Altre Tematiche e Abilità definite da Parola Chiave": None,
    },
    ONS: {
        "Metamorfosi e Magie e Permanenti a Faccia in Giù": "morph",
        "Paura": "fear",
        "Ciclo": "cycling",
        "Abilità Innescate da Ciclo": "cycling",
        "Tipi di Creature": None,
        "Carte Nebbiformi": None,
        "Catene": None,
        "Messaggeri": None,
        "Corone": None,
        'Costi con "TAPpa [numero] [tipo di creatura] STAPpati"': None,
        "Parole": None,
    },
    MSH: {
        "L'Archivista Multiversale Meccaniche di Marvel Super Heroes": None,
        "Carte bifronte modali che si trasformano": None,
        "Complottare": "connive",
        "Imbrigliare e ∞ (Simbolo dell'infinito)": "harness",
        "Lavoro di squadra": "teamwork",
        "Progetto": "subtype:Progetto",
        "Superpotere": "superpotere",
    },
    WIKI: {"": None, "Regolamento": None},
}

# Each card printed before 1 May 2007 with an old wording: the line of its latest such printing,
# and that line as the rules update of that day wrote it (never today's Oracle wording).
ERRATA = {
    "Exalted Angel": ("Whenever Exalted Angel deals damage, you gain that much life.", "Lifelink"),
    "Doubtless One": ("Whenever Doubtless One deals damage, you gain that much life.", "Lifelink"),
    "True Believer": ("You can't be the target of spells or abilities.", "You have shroud."),
    "Silklash Spider": ("Silklash Spider may block as though it had flying.", "Reach"),
    "Spitting Gourna": ("Spitting Gourna may block as though it had flying.", "Reach"),
    "Giant Spider": ("Giant Spider can block as though it had flying.", "Reach"),
    "Penumbra Spider": ("Penumbra Spider can block as though it had flying.", "Reach"),
    "Needlepeak Spider": ("Needlepeak Spider can block as though it had flying.", "Reach"),
    "Aether Membrane": ("Æther Membrane can block as though it had flying.", "Reach"),
    "Spinneret Sliver": (
        'All Slivers have "This creature can block as though it had flying."',
        "All Slivers have reach.",
    ),
    "Aether Web": (
        "Enchanted creature gets +1/+1, can block as though it had flying, and can block "
        "creatures with shadow as though they didn't have shadow.",
        "Enchanted creature gets +1/+1, has reach, and can block creatures with shadow as "
        "though they didn't have shadow.",
    ),
    "Ghosthelm Courier": (  # printed "o2o\nU, oc\nT: As long as ...": the symbols mended
        "{2}{U}, {T}: As long as Ghosthelm Courier remains tapped, target Wizard gets +2/+2 "
        "and can't be the target of spells or abilities.",
        "{2}{U}, {T}: As long as Ghosthelm Courier remains tapped, target Wizard gets +2/+2 "
        "and has shroud.",
    ),
    "Gigapede": ("Gigapede can't be the target of spells or abilities.", "Shroud"),
    "Calciderm": ("Calciderm can't be the target of spells or abilities.", "Shroud"),
    "Aspect of Mongoose": (
        "Enchanted creature can't be the target of spells or abilities.",
        "Enchanted creature has shroud.",
    ),
    "Mage's Guile": (
        "Target creature can't be the target of spells or abilities this turn.",
        "Target creature gains shroud until end of turn.",
    ),
    "Stonewood Invocation": (
        "Target creature gets +5/+5 until end of turn and can't be the target of spells or "
        "abilities this turn.",
        "Target creature gets +5/+5 and gains shroud until end of turn.",
    ),
    "Deadly Grub": (
        "When Deadly Grub is put into a graveyard from play, if it had no time counters on it, "
        "put a 6/1 green Insect creature token into play with \"This creature can't be the "
        'target of spells or abilities."',
        "When Deadly Grub is put into a graveyard from play, if it had no time counters on it, "
        "put a 6/1 green Insect creature token into play with shroud.",
    ),
}
ALL_ERRATA = set(ERRATA)


def kind_and_name(subject) -> str | None:
    if subject is None:
        return None
    if isinstance(subject, Keyword):
        return subject.slug
    return f"{subject.kind}:{subject.name}"


class DocumentKeywordsTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card_data_reminders = dict(Keyword.objects.values_list("slug", "reminder_text_it"))
        cls.parsed, cls.documents = {}, {}
        for name, (file_name, title, day) in DOCUMENTS.items():
            cls.parsed[name] = read_document(SEEDS / file_name)
            cls.documents[name] = SourceDocument.objects.create(
                slug=Path(file_name).stem,  # what fixtures/documents/*.json know it by
                title=title,
                kind=SourceDocument.Kind.RELEASE_NOTES,
                language="it",
                published_on=datetime.date(*day),
            )
        cls.first, cls.second = cls.import_all(), cls.import_all()

    @classmethod
    def import_all(cls) -> dict[str, ImportReport]:
        reports = {}
        for name in DOCUMENTS:
            reports[name] = report = ImportReport(document=name)
            apply_document_keywords(cls.documents[name], cls.parsed[name], report)
        for name in DOCUMENTS:
            record_renamed_keyword_errata(cls.documents[name], cls.parsed[name], reports[name])
        return reports

    def line(self, lines: list[str], start: str) -> str:
        found = [line for line in lines if line.startswith(start)]
        self.assertEqual(len(found), 1, f"{start!r} in {lines}")
        return found[0]

    def apply(self, name: str) -> ImportReport:
        report = ImportReport(document=name)
        apply_document_keywords(self.documents[name], self.parsed[name], report)
        return report

    # --- Keywords and card types

    def test_each_keyword_gets_its_italian_name_reminder_and_current_rule(self):
        # The rules linker (load_bundled_rules) fills most rule numbers already: start afresh.
        Keyword.objects.filter(slug__in=KEYWORDS).update(rule_number="")
        for name in DOCUMENTS:
            self.apply(name)
        for slug, (name_it, reminder, rule) in KEYWORDS.items():
            with self.subTest(slug):
                keyword = Keyword.objects.get(slug=slug)
                self.assertEqual(keyword.name_it, name_it)
                wanted = self.card_data_reminders[slug] if reminder is None else reminder
                self.assertEqual(keyword.reminder_text_it, wanted)
                self.assertEqual(keyword.rule_number, rule)

    def test_the_card_datas_reminders_are_kept_and_the_difference_reported(self):
        self.assertTrue(self.card_data_reminders["suspend"])
        suspend = self.line(self.first[FUT].keywords_updated, "Suspend (Sospendere): ")
        self.assertIn("(Italian reminder text kept, the document's differs)", suspend)

    def test_an_empty_reminder_is_filled_from_the_documents_card_blocks(self):
        Keyword.objects.filter(slug__in=["suspend", "scry", "morph", "cycling"]).update(
            reminder_text_it=""
        )
        self.apply(FUT)
        self.apply(ONS)
        reminders = dict(Keyword.objects.values_list("slug", "reminder_text_it"))
        self.assertTrue(reminders["suspend"].startswith("Invece di giocare questa carta dalla "))
        self.assertIn("puoi pagare {2}{R} e rimuoverla dal gioco", reminders["suspend"])
        self.assertTrue(reminders["scry"].startswith("Per profetizzare 3, guarda le prime tre"))
        self.assertTrue(reminders["morph"].startswith("Puoi giocare questa carta a faccia in giù"))
        # Onslaught's "Ciclo (, Scarta questa carta ...)" lost its mana symbol: never used.
        self.assertEqual(reminders["cycling"], "")

    def test_an_editors_italian_name_and_reminder_are_not_overwritten(self):
        Keyword.objects.filter(slug="connive").update(
            name_it="Connivenza", reminder_text_it="Pesca, poi scarta."
        )
        report = self.apply(MSH)
        connive = Keyword.objects.get(slug="connive")
        self.assertEqual(
            (connive.name_it, connive.reminder_text_it), ("Connivenza", "Pesca, poi scarta.")
        )
        line = self.line(report.keywords_updated, "Connive (Connivenza): ")
        self.assertIn("Italian name 'Connivenza' kept, the document's is 'Complottare'", line)
        self.assertIn("Italian reminder text kept, the document's differs", line)

    def test_an_empty_italian_name_is_filled_and_a_second_import_changes_nothing(self):
        connive = self.line(self.first[MSH].keywords_updated, "Connive (Complottare): ")
        self.assertTrue(connive.startswith("Connive (Complottare): Italian name, Italian reminder"))
        for name in DOCUMENTS:
            for line in self.second[name].keywords_updated + self.second[name].types_updated:
                self.assertRegex(line, r"^[^:]+: unchanged \(", name)
            self.assertEqual(self.second[name].errata_created, [], name)

    def test_a_quoted_number_of_another_rule_never_renames_the_keyword(self):
        # 501.9 is Fateseal in the English rules of 2007-05-01; Profetizzare is Scry.
        Keyword.objects.filter(slug__in=["scry", "fateseal"]).update(name_it="", rule_number="")
        report = self.apply(FUT)
        scry, fateseal = Keyword.objects.get(slug="scry"), Keyword.objects.get(slug="fateseal")
        self.assertEqual((scry.name_it, scry.rule_number), ("Profetizzare", "701.22"))
        self.assertEqual((fateseal.name_it, fateseal.rule_number), ("", ""))
        line = self.line(report.keywords_updated, "Scry (Profetizzare): ")
        self.assertTrue(line.startswith("Scry (Profetizzare): Italian name, rule 701.22 ("))
        self.assertIn(
            "the document quotes it as rule 501.9, which is Fateseal in the rules of 2007-05-01",
            line,
        )

    def test_names_the_card_data_lacks_come_from_the_documents_terms(self):
        # Typecycling: 502.18d "Ciclotipo è una variante ...", as terms.json cites it. (Whether
        # the rule number is new too depends on whether the rule linker ran first.) Grandeur's
        # "Magnificenza", which the document also gives, is the card data's already (the
        # importer's curated table, oracle/importers/italian_terms.json): nothing to fill.
        lines = self.first[FUT].keywords_updated
        prefix = "Typecycling (Ciclotipo): "
        changes = self.line(lines, prefix).removeprefix(prefix).split(", ")
        self.assertEqual(changes[0], "Italian name")
        self.assertEqual([line for line in lines if line.startswith("Grandeur")], [])
        self.assertEqual(Keyword.objects.get(slug="grandeur").name_it, "Magnificenza")

    def test_keywords_only_the_rules_know_are_created_from_the_rules(self):
        for slug, name, kind in [
            ("harness", "Harness", Keyword.Kind.ACTION),
            ("infinity", "∞ (Infinity)", Keyword.Kind.ABILITY),
        ]:
            keyword = Keyword.objects.get(slug=slug)
            self.assertEqual(
                (keyword.name, keyword.kind, is_document_only(keyword)), (name, kind, False)
            )
            self.assertFalse(keyword.cards.exists())

    def test_what_nothing_here_knows_is_known_from_the_document_only(self):
        superpower = Keyword.objects.get(slug="superpotere")
        self.assertEqual(
            (superpower.name, superpower.name_it, superpower.kind, is_document_only(superpower)),
            ("Superpotere", "Superpotere", Keyword.Kind.ABILITY, True),
        )
        plan = CardType.objects.get(name="Progetto")
        self.assertEqual(
            (plan.kind, plan.name_it, is_document_only(plan)), ("subtype", "Progetto", True)
        )
        self.assertIn(
            "Superpotere: created, known from this document only (English name not known yet), "
            "Italian name, Italian reminder text",
            self.first[MSH].keywords_updated,
        )
        self.assertEqual(Keyword.objects.filter(known_from_document__isnull=False).count(), 1)

    def test_teamwork_keeps_the_card_datas_kind_and_says_the_document_differs(self):
        teamwork = Keyword.objects.get(slug="teamwork")
        self.assertEqual(teamwork.kind, Keyword.Kind.ABILITY_WORD)
        self.assertFalse(is_document_only(teamwork))
        self.assertIn(
            "Teamwork (Lavoro di squadra): Italian name, Italian reminder text (the document "
            "calls it a keyword ability; kept: ability word)",
            self.first[MSH].keywords_updated,
        )

    def test_card_types_get_their_italian_names(self):
        names = dict(CardType.objects.filter(kind="type").values_list("name", "name_it"))
        self.assertEqual(names["Tribal"], "Tribale")
        self.assertEqual(names["Sorcery"], "Stregoneria")
        # The card data names every card type of the bundled cards (the importer lines up the
        # Italian type lines: oracle/importers/type_names.py); the documents' names agree with
        # it, so they change nothing.
        self.assertEqual(
            names,
            {
                "Artifact": "Artefatto",
                "Creature": "Creatura",
                "Enchantment": "Incantesimo",
                "Instant": "Istantaneo",
                "Land": "Terra",
                "Planeswalker": "Planeswalker",
                "Sorcery": "Stregoneria",
                "Tribal": "Tribale",
                # What MTGJSON writes in the type of tokens and art-series objects; the bundled
                # ones have no Italian printing.
                "Token": "",
                "Card": "",
            },
        )
        self.assertEqual(self.first[FUT].types_updated, [])
        self.assertEqual(self.first[WIKI].types_updated, [])

    def test_subject_for_title_on_every_heading_of_the_seeds(self):
        for name, expected in HEADINGS.items():
            titles = [s.title for s in self.parsed[name].sections if s.kind == "heading"]
            self.assertEqual(sorted(titles), sorted(expected), name)
            for title in titles:
                with self.subTest(title=title):
                    self.assertEqual(kind_and_name(subject_for_title(title)), expected[title])

    def test_a_heading_is_about_a_card_type_only_when_the_type_is_all_it_names(self):
        # Once the type Creature has its Italian name (the Marvel article gives it), the
        # placeholder in the Onslaught heading and a plural in passing are still no subject.
        CardType.objects.filter(kind="type", name="Creature").update(name_it="Creatura")
        for title in (
            'Costi con "TAPpa [numero] [tipo di creatura] STAPpati"',
            "Tematica: Creature Leggendarie e una Creatura",
        ):
            with self.subTest(title=title):
                self.assertIsNone(subject_for_title(title))
        self.assertEqual(
            kind_and_name(subject_for_title("Tipo di Carta: Creatura")), "type:Creature"
        )

    def test_an_english_heading_is_read_with_the_english_names(self):
        self.assertEqual(
            kind_and_name(subject_for_title("New Keyword Ability: Lifelink", "en")), "lifelink"
        )
        self.assertIsNone(subject_for_title("Nuova Abilità: Legame vitale", "en"))
        self.assertEqual(
            kind_and_name(subject_for_title("New Card Type: Tribal", "en")), "type:Tribal"
        )

    # --- Renamed keywords

    def test_renamed_wordings_become_errata_once_after_two_imports(self):
        self.assertEqual(self.second[FUT].errata_created, [])
        for card_name, (old_text, new_text) in ERRATA.items():
            with self.subTest(card_name):
                erratum = Erratum.objects.get(card__name=card_name)
                self.assertEqual((erratum.old_text, erratum.new_text), (old_text, new_text))
                self.assertEqual(erratum.date, RULES_UPDATE)
                self.assertEqual(erratum.source, "Compendio di Regole di Visione Futura")
                self.assertIsNone(erratum.face)

    def test_the_reasons_quote_the_document(self):
        angel = Erratum.objects.get(card__name="Exalted Angel")
        self.assertEqual(
            angel.reason,
            'Lifelink replaced "whenever this deals damage, you gain that much life" in the '
            "rules update of 2007-05-01. Today's Oracle text has the printed wording again.",
        )
        self.assertEqual(
            angel.reason_it,
            "«Legame vitale è un nuovo nome per un'abilità già esistente (come già vista in carte "
            "quali l'Angelo Eminente).» «Tutte le vecchie carte con questa abilità riceveranno "
            "un errata corrige per cambiare quell'abilità in legame vitale.» Il testo Oracle "
            "attuale ha di nuovo la formulazione stampata.",
        )
        believer = Erratum.objects.get(card__name="True Believer")
        self.assertTrue(believer.reason_it.startswith("«Velo è un nuovo nome per un'abilità già"))

    def test_only_the_old_wordings_printed_before_the_update_get_errata(self):
        cards = set(Erratum.objects.values_list("card__name", flat=True))
        self.assertEqual(len(cards), Erratum.objects.count())
        self.assertEqual(cards, ALL_ERRATA)
        # Imperial Mask: printed after the update, hexproof today. Spirit Loop and Vampiric
        # Link: the enchanted creature's damage, not lifelink. Quagnoth, Mistmeadow Skulk:
        # the wording only in reminder text.
        for name in [
            "Imperial Mask",
            "Spirit Loop",
            "Vampiric Link",
            "Quagnoth",
            "Mistmeadow Skulk",
        ]:
            self.assertTrue(Card.objects.filter(name=name).exists(), name)
            self.assertNotIn(name, cards)
        self.assertEqual(self.first[ONS].errata_created, [])

    def test_an_editors_erratum_is_never_touched(self):
        Erratum.objects.filter(card__name="Gigapede").delete()
        gigapede = Card.objects.get(name="Gigapede")
        mine = Erratum.objects.create(
            card=gigapede, date=RULES_UPDATE, old_text="a", new_text="b", reason="By hand."
        )
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(report.errata_created, [])
        self.assertEqual(list(gigapede.errata.all()), [mine])
        mine.refresh_from_db()
        self.assertEqual((mine.old_text, mine.new_text, mine.reason), ("a", "b", "By hand."))

    def test_each_erratum_goes_to_the_wording_of_its_date_not_todays(self):
        grub = Erratum.objects.get(card__name="Deadly Grub")
        self.assertIn("dies", grub.card.faces.get().oracle_text)  # today's, since 2009
        self.assertNotIn("dies", grub.new_text)
        self.assertNotIn("create", grub.new_text)
        self.assertTrue(grub.new_text.endswith("creature token into play with shroud."))
        # Lifelink is static since 2009 and the angel's Oracle text has its trigger back; in
        # May 2007 the trigger became the keyword.
        angel = Erratum.objects.get(card__name="Exalted Angel")
        self.assertIn("you gain that much life", angel.card.faces.get().oracle_text)
        self.assertEqual(angel.new_text, "Lifelink")
        spider = Erratum.objects.get(card__name="Giant Spider")
        self.assertEqual(spider.new_text, "Reach")
        self.assertEqual(
            spider.card.faces.get().oracle_text,
            "Reach (This creature can block creatures with flying.)",
        )

    def test_errata_imported_with_todays_wording_are_written_anew_once(self):
        # As an earlier import wrote them: the "after" from today's Oracle text.
        for name in ["Deadly Grub", "Giant Spider"]:
            erratum = Erratum.objects.get(card__name=name)
            oracle_text = erratum.card.faces.get().oracle_text
            Erratum.objects.filter(pk=erratum.pk).update(new_text=oracle_text)
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(
            sorted(report.errata_corrected),
            ["Deadly Grub: shroud (2007-05-01)", "Giant Spider: reach (2007-05-01)"],
        )
        self.assertEqual(report.errata_created, [])
        grub = Erratum.objects.get(card__name="Deadly Grub")
        self.assertEqual(grub.new_text, ERRATA["Deadly Grub"][1])
        self.assertEqual(grub.history.first().history_change_reason, IMPORT_CHANGE)
        again = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], again)
        self.assertEqual((again.errata_corrected, again.errata_removed), ([], []))

    def test_an_erratum_an_editor_changed_is_never_written_anew(self):
        editor = User.objects.create(username="editor")
        erratum = Erratum.objects.get(card__name="Deadly Grub")
        erratum.new_text = "My own wording."
        erratum._history_user = editor
        erratum.save()
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(report.errata_corrected, [])
        self.assertEqual(Erratum.objects.get(pk=erratum.pk).new_text, "My own wording.")

    def test_an_imported_erratum_the_import_no_longer_finds_is_removed(self):
        mask = Card.objects.get(name="Imperial Mask")  # printed after the update
        Erratum.objects.create(
            card=mask,
            date=RULES_UPDATE,
            old_text="You can't be the target of spells or abilities.",
            new_text="You have hexproof.",
            source=self.documents[FUT].title,
        )
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(report.errata_removed, ["Imperial Mask (2007-05-01)"])
        self.assertFalse(mask.errata.exists())
        self.assertEqual(Erratum.objects.count(), len(ERRATA))

    def test_the_report_of_an_unchanged_file_lists_the_errata_written_anew(self):
        report = ImportReport(document="Notes", unchanged=True)
        self.assertEqual(report.lines(), ["Notes: nothing changed."])
        report.errata_corrected.append("Deadly Grub: shroud (2007-05-01)")
        self.assertEqual(
            report.lines(),
            [
                "Notes: the same file; its errata brought up to date.",
                "Errata written anew (as of their date) (1):",
                "  - Deadly Grub: shroud (2007-05-01)",
            ],
        )

    def test_landcycling_renamed_typecycling_is_a_ruling_on_the_keyword(self):
        ruling = Ruling.objects.get(keyword__slug="typecycling")
        self.assertEqual(Ruling.objects.filter(source_document=self.documents[FUT]).count(), 1)
        self.assertTrue(ruling.text.startswith("L'abilità ciclotipo è stata presentata in "))
        self.assertIn('era chiamata "cicloterra"', ruling.text)
        self.assertEqual(
            (ruling.language, ruling.date, ruling.origin),
            ("it", datetime.date(2007, 5, 4), Ruling.Origin.IMPORTED),
        )

    def test_the_card_page_shows_the_erratum_in_italian(self):
        angel = Card.objects.get(name="Exalted Angel")
        response = self.client.get(f"/it/cards/{angel.slug}/")
        self.assertEqual(response.status_code, 200)
        page = response.content.decode()
        self.assertEqual(page.count('class="erratum"'), 1)
        self.assertIn("«Legame vitale è un nuovo nome per un&#x27;abilità già esistente", page)
        self.assertIn("Lifelink", page)
        self.assertIn("Compendio di Regole di Visione Futura", page)

    def errata_section(self, name: str) -> str:
        card = Card.objects.get(name=name)
        page = self.client.get(f"/en/cards/{card.slug}/").content.decode()
        start = page.index('<section id="errata"')
        return page[start : page.index("</section>", start)]

    def test_the_card_pages_show_each_erratum_as_of_its_date(self):
        grub = self.errata_section("Deadly Grub")
        self.assertIn("token into play with <del>", grub)
        self.assertIn("<ins>shroud</ins>.", grub)
        self.assertNotIn("dies", grub)
        self.assertNotIn("create", grub)
        courier = self.errata_section("Ghosthelm Courier")
        # The symbols written as symbols, on both sides of the diff.
        self.assertIn("</abbr></span>, <abbr", courier)
        self.assertIn(": As long as Ghosthelm Courier", courier)
        self.assertNotIn("o2o", courier)  # the printed symbols mended: the same on both sides
        self.assertIn("<ins>shroud</ins>", courier)


class SourcedFactsFileTests(SimpleTestCase):
    """terms.json and renamed_keywords.json state only what their documents say."""

    def text(self, name: str) -> str:
        return (SEEDS / DOCUMENTS[name][0]).read_text(encoding="utf-8")

    def test_the_bundled_terms_are_in_their_documents(self):
        for name in DOCUMENTS:
            key = Path(DOCUMENTS[name][0]).stem
            terms = read_terms(key, self.text(name))
            self.assertTrue(terms, key)
        terms = {
            term.italian: term
            for term in read_terms("marvel-super-heroes-mechanics", self.text(MSH))
        }
        self.assertEqual(terms["Complottare"].english, "Connive")
        self.assertEqual((terms["Superpotere"].english, terms["Progetto"].kind), ("", "subtype"))
        self.assertEqual(read_terms("another-document", ""), [])

    def test_a_term_whose_sentence_is_not_in_the_document_is_refused(self):
        text = self.text(FUT).replace("502.18d Ciclotipo è una variante", "502.18d Una variante")
        with self.assertRaisesMessage(ReadError, "the sentence “502.18d Ciclotipo è una variante"):
            read_terms("future-sight-release-notes", text)

    def test_the_bundled_renamings_are_in_their_document(self):
        renamings = read_renamings("future-sight-release-notes", self.text(FUT))
        self.assertEqual(
            [renaming.keyword for renaming in renamings.errata], ["lifelink", "reach", "shroud"]
        )
        self.assertEqual(len(renamings.errata[2].quotes), 3)
        self.assertEqual([former.keyword for former in renamings.former_names], ["typecycling"])
        self.assertEqual(read_renamings("onslaught-morph-faq", self.text(ONS)).errata, ())

    def test_a_renaming_whose_sentence_is_not_in_the_document_is_refused(self):
        sentence = "Velo è un nuovo nome per un'abilità già esistente."
        text = self.text(FUT).replace(sentence, "")
        with self.assertRaisesMessage(ReadError, f"the sentence “{sentence}” is not in"):
            read_renamings("future-sight-release-notes", text)


class RulesUpdateWordingTests(SimpleTestCase):
    """How the rules update of May 2007 wrote printed lines with the old wordings, by the
    rewrites of renamed_keywords.json (lines of cards outside the bundled sets among them)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        text = (SEEDS / DOCUMENTS[FUT][0]).read_text(encoding="utf-8")
        renamings = read_renamings("future-sight-release-notes", text).errata
        cls.rewrites = {renaming.keyword: renaming.rewrites for renaming in renamings}

    def written(self, keyword: str, name: str, line: str) -> str | None:
        return written_as_of_update(line, name, self.rewrites[keyword])[1]

    def test_printed_lines_as_the_update_wrote_them(self):
        cases = [
            ("lifelink", "Kjeldoran Gargoyle", "Whenever ~ deals damage, you gain that much life.",
             "Lifelink"),
            ("lifelink", "Loxodon Warhammer",
             'Equipped creature gets +3/+0, has trample, and has "Whenever this creature deals '
             'damage, you gain that much life."',
             "Equipped creature gets +3/+0, has trample, and has lifelink."),
            ("lifelink", "Genju of the Fields",
             "{2}: Until end of turn, enchanted Plains becomes a 2/5 white Spirit creature with "
             '"Whenever this creature deals damage, you gain that much life." It\'s still a land.',
             "{2}: Until end of turn, enchanted Plains becomes a 2/5 white Spirit creature with "
             "lifelink. It's still a land."),
            ("reach", "Aquastrand Spider",
             "{G}: Target creature with a +1/+1 counter on it can block as though it had flying "
             "this turn.",
             "{G}: Target creature with a +1/+1 counter on it gains reach until end of turn."),
            ("reach", "Spidersilk Armor",
             "Creatures you control get +0/+1 and may block as though they had flying.",
             "Creatures you control get +0/+1 and have reach."),
            ("reach", "Aether Membrane", "Æther Membrane can block as though it had flying.",
             "Reach"),
            ("shroud", "Lightning Greaves",
             "Equipped creature has haste and can't be the target of spells or abilities.",
             "Equipped creature has haste and shroud."),
            ("shroud", "Warped Researcher",
             "Whenever a player cycles a card, ~ gains flying until end of turn and can't be the "
             "target of spells or abilities this turn.",
             "Whenever a player cycles a card, ~ gains flying and shroud until end of turn."),
            ("shroud", "Veil of Secrecy",
             "Target creature is unblockable and can't be the target of spells or abilities this "
             "turn.",
             "Target creature gains shroud until end of turn and is unblockable this turn."),
            ("shroud", "Sheltering Prayers",
             "Basic lands each player controls can't be the targets of spells or abilities as "
             "long as that player controls three or fewer lands.",
             "Basic lands each player controls have shroud as long as that player controls "
             "three or fewer lands."),
            ("shroud", "Spiritual Asylum",
             "Creatures and lands you control can't be the target of spells or abilities.",
             "Creatures and lands you control have shroud."),
            ("shroud", "Gilded Light", "You can't be the target of spells or abilities this turn.",
             "You gain shroud until end of turn."),
            ("shroud", "Frost Raptor",
             "{S}{S}: ~ can’t be the target of spells or abilities this turn. ({S} can be paid "
             "with one mana from a snow permanent.)",
             "{S}{S}: ~ gains shroud until end of turn. ({S} can be paid with one mana from a "
             "snow permanent.)"),
            ("shroud", "Pincher Beetles", "~ can't be the target of spells or abilities.",
             "Shroud"),
        ]  # fmt: skip
        for keyword, name, line, wanted in cases:
            with self.subTest(name):
                line, wanted = line.replace("~", name), wanted.replace("~", name)
                self.assertEqual(self.written(keyword, name, line), wanted)

    def test_cards_in_graveyards_cannot_have_shroud_so_get_no_erratum(self):
        rewrite, written = written_as_of_update(
            "Cards in graveyards can't be the targets of spells or abilities.",
            "Ground Seal",
            self.rewrites["shroud"],
        )
        self.assertIsNotNone(rewrite)
        self.assertIsNone(written)

    def test_a_line_no_rewrite_fits_is_told_apart(self):
        self.assertEqual(
            written_as_of_update("Draw a card.", "Opt", self.rewrites["shroud"]), (None, None)
        )

    def test_a_rewrite_that_does_not_name_the_keyword_is_refused(self):
        path = Path(self.enterContext(tempfile.TemporaryDirectory())) / "renamed.json"
        data = json.loads(RENAMED_KEYWORDS.read_text(encoding="utf-8"))
        errata = data["documents"]["future-sight-release-notes"]["errata"]
        errata[2]["as_of_update"][0]["written"] = "Hexproof"
        path.write_text(json.dumps(data), encoding="utf-8")
        text = (SEEDS / DOCUMENTS[FUT][0]).read_text(encoding="utf-8")
        with self.assertRaisesMessage(ReadError, "rewrite 1: 'written' does not name the keyword"):
            read_renamings("future-sight-release-notes", text, path=path)
