"""The release notes reader on the four seed documents and on files it must refuse. No database."""

from pathlib import Path

from django.test import SimpleTestCase

from rulings.importers.release_notes.cited_names import names_in
from rulings.importers.release_notes.damaged_lines import DAMAGE_REASONS
from rulings.importers.release_notes.document import ReadError
from rulings.importers.release_notes.reader import parse_document, read_document
from rulings.tests.helpers import SEEDS, letters

FUTURE_SIGHT = SEEDS / "future-sight-release-notes.txt"
ONSLAUGHT = SEEDS / "onslaught-morph-faq.txt"
MARVEL = SEEDS / "marvel-super-heroes-mechanics.txt"
WIKI = SEEDS / "wiki-stregoneria.txt"
SAMPLES = Path(__file__).parent / "data" / "documents"


class SeedTestCase(SimpleTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.documents = {
            path: read_document(path) for path in (FUTURE_SIGHT, ONSLAUGHT, MARVEL, WIKI)
        }

    def sections(self, path):
        return [(section.kind, section.title) for section in self.documents[path].sections]

    def blocks(self, path, kind):
        return [
            block
            for section in self.documents[path].sections
            for block in section.blocks
            if block.kind == kind
        ]

    def section(self, path, title):
        (found,) = [s for s in self.documents[path].sections if s.title == title]
        return found

    def names(self, path):
        return [name for block in self.blocks_all(path) for name in block.names]

    def blocks_all(self, path):
        return [block for section in self.documents[path].sections for block in section.blocks]


class SectionsTest(SeedTestCase):
    def test_future_sight_sections_are_its_headings_and_card_blocks(self):
        self.assertEqual(
            self.sections(FUTURE_SIGHT),
            [
                ("heading", ""),
                ("heading", 'Carte "Cronotraslate"'),
                ("heading", "Nuove Meccaniche definite da Parola Chiave"),
                ("heading", "Ciclo: Creature Leggendarie con Magnificenza"),
                ("card", "Tarox Alaspada"),
                ("heading", "Ciclo: Patti"),
                ("card", "Patto di Intervento"),
                ("heading", "Ciclo: Mutamagia"),
                ("card", "Mentore di Llanowar"),
                ("heading", "Tematica: Nuove Svolte per Sospendere"),
                ("card", "Lama ad Arco"),
                ("card", "Jhoira dei Ghitu"),
                ("heading", "Tematica: TAPpare Incantesimi"),
                ("card", "Abbraccio di Mutaroccia"),
                ("heading", "Riproposizione di Azione definita da Parola Chiave: Profetizzare"),
                ("card", "Giudicare Indegno"),
                ("heading", "Riproposizione di Abilità definita da Parola Chiave: Metamorfosi"),
                ("card", "Caverna Zootica"),
                (
                    "heading",
                    "Riproposizione di Abilità definite da Parola Chiave: Ciclo e Ciclotipo",
                ),
                ("heading", "Nuova Abilità definita da Parola Chiave: Legame vitale"),
                ("heading", "Nuova Abilità definita da Parola Chiave: Raggiungere"),
                ("heading", "Nuova Abilità definita da Parola Chiave: Velo"),
                ("heading", "Nuovo Tipo di Carta: Tribale"),
                ("heading", "Altre Tematiche e Abilità definite da Parola Chiave"),
            ],
        )
        levels = {section.kind: section.level for section in self.documents[FUTURE_SIGHT].sections}
        self.assertEqual(levels, {"heading": 1, "card": 2})

    def test_onslaught_plain_title_lines_are_headings(self):
        self.assertEqual(
            self.sections(ONSLAUGHT),
            [
                ("heading", "Metamorfosi e Magie e Permanenti a Faccia in Giù"),
                ("heading", "Paura"),
                ("heading", "Ciclo"),
                ("heading", "Abilità Innescate da Ciclo"),
                ("card", "Pastoie Soffocanti"),
                ("heading", "Tipi di Creature"),
                ("heading", "Carte Nebbiformi"),
                ("card", "Sognatore Nebbiforme"),
                ("heading", "Catene"),
                ("card", "Catena d'Acido"),
                ("heading", "Messaggeri"),
                ("card", "Messaggero Guantoforte"),
                ("heading", "Corone"),
                ("card", "Corona dell'Ascensione"),
                ("heading", 'Costi con "TAPpa [numero] [tipo di creatura] STAPpati"'),
                ("card", "Profeta dell'Antenata"),
                ("heading", "Parole"),
                ("card", "Parole Sprecate"),
            ],
        )

    def test_marvel_headings_labels_and_three_line_title(self):
        self.assertEqual(
            self.sections(MARVEL),
            [
                ("heading", "L'Archivista Multiversale Meccaniche di Marvel Super Heroes"),
                ("heading", "Carte bifronte modali che si trasformano"),
                ("heading", "Complottare"),
                ("heading", "Imbrigliare e ∞ (Simbolo dell'infinito)"),
                ("heading", "Lavoro di squadra"),
                ("heading", "Progetto"),
                ("heading", "Superpotere"),
            ],
        )
        labels = [block.text for block in self.blocks(MARVEL, "label")]
        self.assertEqual(
            [label for label in labels if label != "Note di regolamento ufficiali:"],
            [
                "Tipologia di carte bifronte",
                "GIOCARE CON LE CARTE BIFRONTE MODALI",
                "INFORMAZIONI GENERALI SULLE CARTE BIFRONTE",
                "Azione definita da parola chiave",
                "Abilità definita da parola chiave",
                "Costo addizionale",
                "Sottotipo di incantesimo",
                "Abilità attivata",
            ],
        )
        self.assertEqual(labels.count("Note di regolamento ufficiali:"), 6)

    def test_wiki_opens_with_prose_then_the_rules_heading(self):
        self.assertEqual(self.sections(WIKI), [("heading", ""), ("heading", "Regolamento")])

    def test_document_title_is_the_opening_heading_only(self):
        titles = {path.name: document.title for path, document in self.documents.items()}
        self.assertEqual(
            titles,
            {
                FUTURE_SIGHT.name: "",
                ONSLAUGHT.name: "Metamorfosi e Magie e Permanenti a Faccia in Giù",
                MARVEL.name: "L'Archivista Multiversale Meccaniche di Marvel Super Heroes",
                WIKI.name: "",
            },
        )

    def test_sections_cover_the_whole_file_in_order(self):
        for path, document in self.documents.items():
            with self.subTest(path.name):
                original = path.read_text(encoding="utf-8")
                self.assertEqual("\n".join(s.text for s in document.sections), original)
                self.assertEqual(document.text, original)
        paura = self.section(ONSLAUGHT, "Paura")
        self.assertEqual(paura.first_line, 53)
        self.assertTrue(paura.text.startswith("Paura\n\nLe regole ufficiali per l’abilità paura"))

    def test_the_wiki_states_the_rules_date(self):
        self.assertEqual(self.documents[WIKI].stated_date, "2023-06-16")
        self.assertEqual(self.documents[FUTURE_SIGHT].stated_date, "")  # "1 Maggio": no year


class CardBlocksTest(SeedTestCase):
    def test_the_fifteen_card_blocks(self):
        cards = [
            (c.name, c.mana_cost, c.type_line, c.power, c.toughness, c.text[:16])
            for path in (FUTURE_SIGHT, ONSLAUGHT)
            for c in (block.card for block in self.blocks(path, "card"))
        ]
        self.assertEqual(
            cards,
            [
                ("Tarox Alaspada", "{2}{R}{R}{R}", "Creatura Leggendaria -- Drago", "4", "3",
                 "Volare, rapidità"),
                ("Patto di Intervento", "{0}", "Istantaneo", "", "", "Il Patto di Inte"),
                ("Mentore di Llanowar", "{G}", "Creatura -- Mutamagia Elfo", "1", "1",
                 "{G}, {T}, Scarta"),
                ("Lama ad Arco", "{3}{R}{R}", "Stregoneria", "", "", "La Lama ad Arco "),
                ("Jhoira dei Ghitu", "{1}{U}{R}", "Creatura Leggendaria -- Mago Umano", "2", "2",
                 "{2}, Rimuovi dal"),
                ("Abbraccio di Mutaroccia", "{1}{R}", "Incantesimo -- Aura", "", "",
                 "Incanta creatura"),
                ("Giudicare Indegno", "{1}{W}", "Istantaneo", "", "", "Scegli una creat"),
                ("Caverna Zootica", "", "Terra", "", "", "{T}: Aggiungi {1"),
                ("Pastoie Soffocanti", "", "Istantaneo", "", "", "TAPpa fino a qua"),
                ("Sognatore Nebbiforme", "", "Creatura — Illusione", "2", "1", "Volare\n: Il tipo"),
                ("Catena d'Acido", "", "Stregoneria", "", "", "Distruggi un per"),
                ("Messaggero Guantoforte", "", "Creatura — Elfo", "2", "1", "Puoi scegliere d"),
                ("Corona dell'Ascensione", "", "Incanta Creatura", "", "", "La creatura inca"),
                ("Profeta dell'Antenata", "", "Creatura —Signore Chierico", "1", "5",
                 "TAPpa cinque Chi"),
                ("Parole Sprecate", "", "Incantesimo", "", "", ": La prossima vo"),
            ],
        )  # fmt: skip
        self.assertEqual(self.blocks(MARVEL, "card") + self.blocks(WIKI, "card"), [])

    def test_card_text_keeps_every_rules_line_and_its_reminders(self):
        (patto,) = [
            b.card for b in self.blocks(FUTURE_SIGHT, "card") if b.card.name.startswith("Patto")
        ]
        self.assertEqual(
            patto.text.split("\n")[-1],
            "All'inizio del tuo prossimo mantenimento, paga {1}{W}{W}. "
            "Se non lo fai, perdi la partita.",
        )
        self.assertEqual(patto.first_line, 36)
        (lama,) = [
            b.card for b in self.blocks(FUTURE_SIGHT, "card") if b.card.name == "Lama ad Arco"
        ]
        self.assertEqual(len(lama.text.split("\n")), 2)
        self.assertEqual(
            lama.reminders,
            [
                "Invece di giocare questa carta dalla tua mano, puoi pagare {2}{R} e "
                "rimuoverla dal gioco con tre segnalini tempo su di essa. All’inizio del tuo "
                "mantenimento, rimuovi un segnalino tempo. Quando l'ultimo viene rimosso, gioca "
                "la carta senza pagare il suo costo di mana."
            ],
        )
        (caverna,) = [
            b.card for b in self.blocks(FUTURE_SIGHT, "card") if b.card.name == "Caverna Zootica"
        ]
        self.assertEqual(caverna.reminders[0][:30], "Puoi giocare questa carta a fa")
        # The prose after Caverna Zootica's text introduces the quoted rule: not card text.
        self.assertNotIn("Per gestire", caverna.text)

    def test_each_card_starts_a_section_with_its_rulings(self):
        counts = {
            section.title: sum(1 for block in section.blocks if block.kind == "ruling")
            for path in (FUTURE_SIGHT, ONSLAUGHT)
            for section in self.documents[path].sections
            if section.kind == "card"
        }
        self.assertEqual(
            counts,
            {
                "Tarox Alaspada": 1,
                "Patto di Intervento": 5,
                "Mentore di Llanowar": 2,
                "Lama ad Arco": 1,
                "Jhoira dei Ghitu": 3,
                "Abbraccio di Mutaroccia": 2,
                "Giudicare Indegno": 1,
                "Caverna Zootica": 6,
                "Pastoie Soffocanti": 2,
                "Sognatore Nebbiforme": 1,
                "Catena d'Acido": 4,
                "Messaggero Guantoforte": 1,
                "Corona dell'Ascensione": 2,
                "Profeta dell'Antenata": 2,
                "Parole Sprecate": 3,
            },
        )
        jhoira = self.section(FUTURE_SIGHT, "Jhoira dei Ghitu")
        self.assertEqual(jhoira.card.name, "Jhoira dei Ghitu")
        self.assertEqual(jhoira.blocks[0].card, jhoira.card)


class RulingsTest(SeedTestCase):
    def test_numbered_items_belong_to_the_ruling_above(self):
        third = [
            b for b in self.section(FUTURE_SIGHT, "Jhoira dei Ghitu").blocks if b.kind == "ruling"
        ][2]
        self.assertEqual(third.first_line, 93)
        self.assertEqual([item[:8] for item in third.items], ["1. Se no", "2. Se è ", "3. Se è "])
        self.assertTrue(third.text.startswith("Grazie a certe combinazioni di carte"))
        self.assertIn("\n  3. Se è il tuo turno e non hai ancora giocato una terra", third.text)

    def test_sub_bullets_belong_to_the_ruling_above(self):
        section = self.section(FUTURE_SIGHT, "Nuova Abilità definita da Parola Chiave: Raggiungere")
        rulings = [block for block in section.blocks if block.kind == "ruling"]
        self.assertEqual(len(rulings), 3)
        self.assertEqual(
            rulings[2].text.split("\n")[0], "Cambiano le interazioni tra alcune carte:"
        )
        self.assertEqual(len(rulings[2].items), 3)
        self.assertTrue(rulings[2].items[2].startswith("Il Pifferaio di Talruum, che dice"))

    def test_marvel_lines_after_the_rulings_label_are_rulings(self):
        sections = {
            s.title: [b for b in s.blocks if b.kind == "ruling"]
            for s in self.documents[MARVEL].sections
        }
        self.assertEqual(
            {title: len(rulings) for title, rulings in sections.items()},
            {
                "L'Archivista Multiversale Meccaniche di Marvel Super Heroes": 0,
                "Carte bifronte modali che si trasformano": 11,
                "Complottare": 3,
                "Imbrigliare e ∞ (Simbolo dell'infinito)": 3,
                "Lavoro di squadra": 7,
                "Progetto": 1,
                "Superpotere": 3,
            },
        )  # fmt: skip
        self.assertEqual(sections["Progetto"][0].first_line, 58)
        self.assertTrue(
            sections["Superpotere"][0].text.startswith("Un'abilità superpotere è un tipo")
        )
        # Before the label, the lines are the mechanic's description, not rulings.
        complottare = self.section(MARVEL, "Complottare").blocks
        self.assertEqual(
            [block.kind for block in complottare],
            ["label", "paragraph", "paragraph", "label", "ruling", "ruling", "ruling"],
        )

    def test_bullet_counts_per_document(self):
        counts = {path.name: len(self.blocks(path, "ruling")) for path in self.documents}
        self.assertEqual(
            counts,
            {FUTURE_SIGHT.name: 36, ONSLAUGHT.name: 39, MARVEL.name: 28, WIKI.name: 0},
        )


class QuotedRulesTest(SeedTestCase):
    def numbers(self, path):
        return [block.number for block in self.blocks(path, "rule")]

    def test_future_sight_rules(self):
        self.assertEqual(
            self.numbers(FUTURE_SIGHT),
            [
                "501.9", "501.9a", "502.26b",
                "502.18", *letters("502.18", "abcde"),
                "502.68", *letters("502.68", "ab"),
                "502.4", *letters("502.4", "abc"),
                "502.70", *letters("502.70", "abc"),
                "502.36", *letters("502.36", "ab"),
                "212.8", *letters("212.8", "ab"),
                "205.3d", "205.3e",
            ],
        )  # fmt: skip

    def test_onslaught_rules(self):
        self.assertEqual(
            self.numbers(ONSLAUGHT),
            [
                "502.26", *letters("502.26", "abcdef"),
                "504", "504.1", "504.2", "504.3", "504.4", "504.5", "504.6",
                "502.25", *letters("502.25", "ab"),
                "502.18", *letters("502.18", "ab"),
                "214.7a",
            ],
        )  # fmt: skip

    def test_wiki_rules_lose_their_star(self):
        self.assertEqual(
            self.numbers(WIKI), ["307.1", "307.2", "307.3", "307.4", "307.5", "307.5a"]
        )
        self.assertEqual(self.numbers(MARVEL), [])
        first = self.blocks(WIKI, "rule")[0]
        self.assertTrue(first.text.startswith("Un giocatore che ha priorità può lanciare"))

    def test_headed_rules_have_a_title_and_rules_with_text_do_not(self):
        rules = {block.number: block for block in self.blocks(ONSLAUGHT, "rule")}
        self.assertEqual((rules["502.26"].title, rules["502.26"].text), ("Metamorfosi", ""))
        self.assertEqual(rules["504"].title, "Magie e Permanenti a Faccia in Giù")
        self.assertEqual(rules["504.1"].title, "")
        self.assertTrue(rules["504.1"].text.startswith("Due vecchie carte (Camouflage e"))
        self.assertTrue(rules["502.26f"].text.startswith('Vedi la regola 504, "Magie e Permanenti'))
        tribal = {block.number: block for block in self.blocks(FUTURE_SIGHT, "rule")}["212.8"]
        self.assertEqual((tribal.title, tribal.first_line), ("Tribali", 239))


class DamagedTextTest(SeedTestCase):
    def test_the_onslaught_faq_lines_that_lost_their_mana_symbols(self):
        problems = [
            (p.line, p.text[:40], p.reason) for p in self.documents[ONSLAUGHT].damaged_lines
        ]
        self.assertEqual(
            problems,
            [
                (86, "Ciclo (, Scarta questa carta dalla tua m", "keyword-cost-lost"),
                (114, ": Il tipo del Sognatore Nebbiforme diven", "cost-lost"),
                (143, ", : Fintanto che il Messaggero Guantofor", "cost-lost"),
                (183, ": La prossima volta che pescheresti una ", "cost-lost"),
            ],
        )
        parole = self.section(ONSLAUGHT, "Parole Sprecate")
        self.assertEqual([p.line for p in parole.damaged_lines], [183])
        for problem in self.documents[ONSLAUGHT].damaged_lines:
            self.assertIn(problem.reason, DAMAGE_REASONS)

    def test_whole_text_is_never_flagged(self):
        for path in (FUTURE_SIGHT, MARVEL, WIKI):
            with self.subTest(path.name):
                self.assertEqual(self.documents[path].damaged_lines, [])

    def test_damaged_text_is_kept_as_written(self):
        (pastoie,) = [
            b.card for b in self.blocks(ONSLAUGHT, "card") if b.card.name == "Pastoie Soffocanti"
        ]
        self.assertIn(
            "\nCiclo (, Scarta questa carta dalla tua mano: Pesca una carta).\n", pastoie.text
        )


class NamesTest(SeedTestCase):
    def test_enumerated_names(self):
        onslaught = self.names(ONSLAUGHT)
        for names in (
            ["Catena d'Acido", "Catena di Plasma", "Catena del Silenzio", "Catena di Fumo",
             "Catena di Vapore"],
            ["Corona dell'Ascensione", "Corona della Soggezione", "Corona della Furia",
             "Corona del Sospetto", "Corona del Vigore"],
            ["Parole di Guerra", "Parole Sprecate", "Parole Selvatiche", "Parole del Vento",
             "Parole di Adorazione"],
            ["Sognatore Nebbiforme", "Maschera Nebbiforme", "Mutante Nebbiforme",
             "Urlatore Nebbiforme", "Squartacielo Nebbiforme", "Cacciatore Nebbiforme",
             "Muro Nebbiforme"],
            ["Pastoie Soffocanti", "Complicare", "Impulso Mortale", "Lamento di Terrore",
             "Zannuto di Krosa", "Spinta Primeva", "Fede Rinnovata", "Fare a Fette",
             "Esplosione Solare", "Balsamo di Fuocosole"],
            ["Profeta dell'Antenata", "Biscazziere di Aphetto", "Ranger Scrutabetulla",
             "Maestro di Catapulta", "Squadra della Catapulta", "Sovrano Sepolcrogeno",
             "Anziano di Magiscudo", "Inquisitore Supremo", "Maresciallo del Fuoco di Skirk",
             "Ghiottone Spronato", "Voce dei Boschi"],
        ):  # fmt: skip
            with self.subTest(names[0]):
                start = onslaught.index(names[0])
                self.assertEqual(onslaught[start : start + len(names)], names)

    def test_future_sight_names(self):
        self.assertEqual(
            self.names(FUTURE_SIGHT),
            [
                "Angelo di Platino", "Grazia dell'Angelo",
                "Elfi di Llanowar", "Elfi di Llanowar",  # the card's text, then a ruling
                "Gargoyle di Bloccapietra",
                "Tracciarune di Aphetto", "Lungoveggente Aviano", "Valesk Strappaossa",
                "Angelo Eminente",
                "Legame Spirituale",
                "Ragno Gigante", "Ragno Gigante",
                "Calcasporgenze Silhana", "Cavalieri Elfici", "Ranger Cima-d'Albero",
                "Scout Arboricolo", "Sostegni Arboricoli",
                "Alone Polveroso", "Spirito della Pietra", "Spirito della Pietra Superiore",
                "Strisciante di Vicolo Insetto",
                "Vero Credente",
                "Evoluzione Artificiale",  # "La carta Evoluzione Artificiale di Assalto"
            ],
        )  # fmt: skip

    def test_set_and_rules_names_are_not_card_names(self):
        everything = {name for path in self.documents for name in self.names(path)}
        for not_a_card in (
            "Assalto",
            "Visione Futura",
            "Magic Comprehensive Rules",
            "Congiunzione",
        ):
            self.assertNotIn(not_a_card, everything)
        self.assertIn("Mago Intrigante", everything)  # "La carta Mago Intrigante di Congiunzione"

    def test_a_card_block_does_not_cite_itself(self):
        (tarox,) = [b for b in self.blocks(FUTURE_SIGHT, "card") if b.card.name == "Tarox Alaspada"]
        self.assertEqual(tarox.names, [])  # "... un'altra carta chiamata Tarox Alaspada: ..."

    def test_names_in_text(self):
        self.assertEqual(
            names_in("Effetti quali Angelo di Platino o Grazia dell'Angelo impediranno"),
            ["Angelo di Platino", "Grazia dell'Angelo"],
        )
        self.assertEqual(
            names_in("carte cronotraslate di Spirale Temporale e Caos Dimensionale."), []
        )
        self.assertEqual(names_in('(Ad esempio, "TAPpa un Mago STAPpato")'), [])
        self.assertEqual(names_in("creature come il Ragno Gigante."), ["Ragno Gigante"])


class ItalianTextTest(SeedTestCase):
    def test_accents_and_typographic_apostrophes_are_intact(self):
        lama = self.section(FUTURE_SIGHT, "Lama ad Arco").card
        self.assertIn("All’inizio del tuo mantenimento", lama.text)
        self.assertIn("rapidità", self.section(FUTURE_SIGHT, "Tarox Alaspada").card.text)
        rule = self.blocks(WIKI, "rule")[2]
        self.assertIn("“Stregoneria – Arcano”", rule.text)
        self.assertIn("Imbrigliare e ∞ (Simbolo dell'infinito)", self.documents[MARVEL].text)


class BadFilesTest(SimpleTestCase):
    def assertReadError(self, name, *, line, message):
        with self.assertRaises(ReadError) as raised:
            read_document(SAMPLES / name)
        self.assertEqual(raised.exception.name, str(SAMPLES / name))
        self.assertEqual(raised.exception.line, line)
        self.assertIn(message, str(raised.exception))
        self.assertIn(name, str(raised.exception))
        self.assertIn("expected", str(raised.exception))

    def test_an_empty_file(self):
        self.assertReadError("empty.txt", line=None, message="the file is empty")

    def test_a_file_that_is_not_utf8_names_the_line_of_the_bad_byte(self):
        self.assertReadError("latin1.txt", line=5, message="byte 0xe8 is not UTF-8")

    def test_a_table_is_not_a_document(self):
        self.assertReadError("cards.csv", line=1, message="a table")

    def test_prose_without_structure(self):
        self.assertReadError("prose.txt", line=None, message="no structure found")

    def test_a_missing_file(self):
        with self.assertRaises(ReadError) as raised:
            read_document(SAMPLES / "missing.txt")
        self.assertIn("cannot read the file", str(raised.exception))

    def test_parse_document_refuses_the_same(self):
        with self.assertRaisesMessage(ReadError, "notes.txt: the file is empty"):
            parse_document(" \n\n", "notes.txt")


class LineEndsTest(SimpleTestCase):
    def test_a_bom_and_windows_line_ends(self):
        document = read_document(SAMPLES / "bom-crlf.txt")
        self.assertEqual(
            [s.title for s in document.sections], ["Ciclo: Patti", "Patto di Intervento"]
        )
        card = document.sections[1].card
        self.assertEqual(
            (card.mana_cost, card.type_line, card.text),
            ("{0}", "Istantaneo", "Il Patto di Intervento è bianco."),
        )
        ruling = document.sections[1].blocks[1]
        self.assertEqual(ruling.items, ["Nemmeno l’abilità innescata ritardata."])
        self.assertEqual(
            [b.number for b in document.sections[1].blocks if b.kind == "rule"],
            ["502.18", "502.18a"],
        )
        self.assertFalse(document.text.startswith("\ufeff"))
        self.assertNotIn("\r", "".join(s.text for s in document.sections))

    def test_bare_carriage_returns_and_lost_symbols(self):
        document = read_document(SAMPLES / "mac-cr.txt")
        self.assertEqual(
            [(s.kind, s.title) for s in document.sections],
            [("heading", "Parole"), ("card", "Parole di Prova")],
        )
        self.assertEqual(
            [(p.line, p.reason) for p in document.damaged_lines],
            [(7, "cost-lost"), (9, "symbol-lost")],
        )


class OtherDocumentsInTheSeedsFormTest(SimpleTestCase):
    """Documents shaped like the seeds but not the seeds: the reader knows forms, not files."""

    def test_prose_after_a_card_without_rulings_is_not_card_text(self):
        document = parse_document(
            "***Tematica: Sospendere***\n\n"
            "Lama ad Arco\n{3}{R}{R}\nStregoneria\n\n"
            "La Lama ad Arco infligge 2 danni a una creatura o a un giocatore bersaglio.\n\n"
            "Alcune carte dell'espansione rimuovono carte dal gioco e conferiscono loro "
            "sospendere.\n\n"
            "Jhoira dei Ghitu\n{1}{U}{R}\nCreatura Leggendaria — Mago Umano\n2/2\n\n"
            "{2}, Rimuovi dal gioco una carta non terra dalla tua mano: Metti quattro segnalini "
            "tempo sulla carta rimossa.\n"
        )
        lama, jhoira = document.sections[1], document.sections[2]
        self.assertEqual(lama.card.text.count("\n"), 0)
        self.assertEqual([b.kind for b in lama.blocks], ["card", "paragraph"])
        self.assertEqual((jhoira.card.power, jhoira.card.toughness), ("2", "2"))

    def test_a_title_line_after_card_text_opens_a_new_heading(self):
        document = parse_document(
            "Catene\n\nQuesta è la prima.\n\n"
            "Catena d'Acido\n\nStregoneria\n\n"
            "Distruggi un permanente non creatura bersaglio.\n\n"
            "Messaggeri\n\n"
            "I cinque Messaggeri sono creature con abilità attivate che danno un bonus a una "
            "creatura di un tipo specifico fintanto che il Messaggero resta TAPpato.\n"
        )
        self.assertEqual(
            [(s.kind, s.title) for s in document.sections],
            [("heading", "Catene"), ("card", "Catena d'Acido"), ("heading", "Messaggeri")],
        )
        self.assertEqual(
            document.sections[1].card.text, "Distruggi un permanente non creatura bersaglio."
        )

    def test_a_keyword_line_between_blank_lines_stays_card_text(self):
        document = parse_document(
            "Sognatore Nebbiforme\n{2}{U}\nCreatura — Illusione\n2/1\n\nVolare\n\n"
            "Quando il Sognatore Nebbiforme entra in gioco, pesca una carta.\n"
        )
        self.assertEqual(
            document.sections[0].card.text,
            "Volare\nQuando il Sognatore Nebbiforme entra in gioco, pesca una carta.",
        )

    def test_a_page_without_blank_lines_with_a_card_and_its_rulings(self):
        document = parse_document(
            "Superpotere\n"
            "Abilità attivata\n"
            "Ogni abilità superpotere è un’abilità attivata che si può attivare solo una volta.\n"
            "Note di regolamento ufficiali:\n"
            "Un'abilità superpotere è un tipo speciale di abilità attivata.\n"
            "Torcia Umana\n{2}{R}\nCreatura Leggendaria — Eroe Umano\n2/2\n"
            "Rapidità\n"
            "Note di regolamento ufficiali:\n"
            "Il costo dell'abilità superpotere è ridotto.\n"
        )
        self.assertEqual(
            [(s.kind, s.title) for s in document.sections],
            [("heading", "Superpotere"), ("card", "Torcia Umana")],
        )
        self.assertEqual(document.title, "Superpotere")
        kinds = [[b.kind for b in s.blocks] for s in document.sections]
        self.assertEqual(
            kinds, [["label", "paragraph", "label", "ruling"], ["card", "label", "ruling"]]
        )
        self.assertEqual(document.sections[1].card.text, "Rapidità")

    def test_rule_numbers_with_and_without_their_period(self):
        document = parse_document(
            "702.37. Metamorfosi\n\n702.37a Metamorfosi è un'abilità statica.\n\n"
            "501.9 Profetizzare\n\n100.1. Queste regole si applicano a ogni partita.\n\n"
            "Ci sono 180 carte.\n"
        )
        rules = [
            (b.number, b.title, b.text[:6]) for b in document.sections[0].blocks if b.kind == "rule"
        ]
        self.assertEqual(
            rules,
            [
                ("702.37", "Metamorfosi", ""),
                ("702.37a", "", "Metamo"),
                ("501.9", "Profetizzare", ""),
                ("100.1", "", "Queste"),
            ],
        )

    def test_lost_symbols_in_rulings_and_quoted_rules(self):
        document = parse_document(
            "• Ciclo {2}\n• Paga {1} o sacrificalo.\n• Aggiungi  alla tua riserva di mana.\n\n"
            '502.18a "Ciclo [costo]" significa "[Costo], Scarta questa carta: Pesca una carta."\n'
            "502.18b Ciclo (, Scarta questa carta dalla tua mano: Pesca una carta).\n"
        )
        self.assertEqual(
            [(p.line, p.reason) for p in document.damaged_lines],
            [(3, "symbol-lost"), (6, "keyword-cost-lost")],
        )

    def test_english_card_blocks_are_read_by_their_type_lines(self):
        document = parse_document(
            "***New Keyword Ability: Suspend***\n\n"
            "Zoetic Cavern\nLand\n\n{T}: Add {1}.\n\n• A ruling on Zoetic Cavern.\n\n"
            "Jhoira of the Ghitu\n{1}{U}{R}\nLegendary Creature — Human Wizard\n2/2\n\n"
            "{2}, Exile a nonland card from your hand: Put four time counters on it.\n"
        )
        self.assertEqual(
            [(s.kind, s.title) for s in document.sections],
            [
                ("heading", "New Keyword Ability: Suspend"),
                ("card", "Zoetic Cavern"),
                ("card", "Jhoira of the Ghitu"),
            ],
        )
        cavern, jhoira = document.sections[1], document.sections[2]
        self.assertEqual((cavern.card.type_line, cavern.card.text), ("Land", "{T}: Add {1}."))
        self.assertEqual([b.kind for b in cavern.blocks], ["card", "ruling"])
        self.assertEqual(jhoira.card.type_line, "Legendary Creature — Human Wizard")
