"""The release notes reader on the four seed documents: their sections, card blocks, rulings and
the rules they quote. No database."""

from rulings.tests.helpers import FUTURE_SIGHT, MARVEL, ONSLAUGHT, WIKI, SeedTestCase, letters


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
