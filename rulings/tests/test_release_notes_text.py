"""The text the release notes reader keeps from the four seed documents: damaged lines flagged
and kept as written, the card names a block cites, Italian accents and apostrophes intact. No
database."""

from rulings.importers.release_notes.cited_names import names_in
from rulings.importers.release_notes.damaged_lines import DAMAGE_REASONS
from rulings.tests.helpers import FUTURE_SIGHT, MARVEL, ONSLAUGHT, WIKI, SeedTestCase


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
