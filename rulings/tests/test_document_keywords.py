"""Keywords and card types from the seed documents: the four real seed files read by the reader,
with fixtures/documents/terms.json, on the bundled cards and rules, give each keyword and card
type its Italian name, reminder text and rule."""

from oracle.models import CardType, Keyword
from rulings.importers.release_notes.heading_subjects import subject_for_title
from rulings.models import is_document_only
from rulings.tests.helpers import FUT, MSH, ONS, SEED_DOCUMENTS, WIKI_PAGE, DocumentKeywordsTestCase

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
    WIKI_PAGE: {"": None, "Regolamento": None},
}


def kind_and_name(subject) -> str | None:
    if subject is None:
        return None
    if isinstance(subject, Keyword):
        return subject.slug
    return f"{subject.kind}:{subject.name}"


class DocumentKeywordsTests(DocumentKeywordsTestCase):
    """Keywords and card types get their Italian names, reminders and rules from the documents."""

    def test_each_keyword_gets_its_italian_name_reminder_and_current_rule(self):
        # The rules linker (load_bundled_rules) fills most rule numbers already: start afresh.
        Keyword.objects.filter(slug__in=KEYWORDS).update(rule_number="")
        for name in SEED_DOCUMENTS:
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
        for name in SEED_DOCUMENTS:
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
        self.assertEqual(self.first[WIKI_PAGE].types_updated, [])

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
