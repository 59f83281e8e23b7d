"""The release notes reader on files other than the seeds: files it must refuse, other line ends,
and documents shaped like the seeds. No database."""

from pathlib import Path

from django.test import SimpleTestCase

from rulings.importers.release_notes.document import ReadError
from rulings.importers.release_notes.reader import parse_document, read_document

SAMPLES = Path(__file__).parent / "data" / "documents"


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
