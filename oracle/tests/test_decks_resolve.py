"""Decklist names resolved to the bundled cards (oracle.decks.resolve), and the exports read
back to the same cards."""

from collections import Counter

from django.utils import translation

from oracle.decks import check_list, limits
from oracle.decks.parse import Section, parse_list
from oracle.decks.resolve import Suggestion, resolve
from web.testing import BundledDataTestCase

# Pauper burn in Italian, with the names as players type them: cases, accents and apostrophes
# of every kind, or none.
ITALIAN_PAUPER = """Mazzo
4 Saetta Squarciante
4 ascia folgorante
4 FUOCO SPETTRALE
4 Indovinello del Fulmine
4 Shock
4 Piromante Errante
4 Mogg Maresciallo di Guerra
4 Predoni di Keld
4 Fustigatore Urticante
4 Monile della Furia
20 Montagna

Sideboard
3 Cripta di Tormod
4 Frecce Dentellate
4 Cannoneggiamento degli Orchi
2 Moscerino d’Ottone
2 Moscerino dOttone
"""


def names(deck, section=None):
    return [
        (line.count, line.card.name)
        for line in deck.lines
        if section is None or line.section == section
    ]


class NameResolutionTests(BundledDataTestCase):
    def resolved(self, text):
        return resolve(parse_list(text))

    def test_italian_names_in_any_case_with_or_without_accents_and_apostrophes(self):
        deck = self.resolved(ITALIAN_PAUPER)
        self.assertEqual(deck.unresolved, [])
        self.assertEqual(
            names(deck)[:3], [(4, "Rift Bolt"), (4, "Lightning Axe"), (4, "Ghostfire")]
        )
        self.assertEqual(names(deck)[-2:], [(2, "Brass Gnat"), (2, "Brass Gnat")])
        self.assertEqual(deck.total(Section.MAIN), 60)
        self.assertEqual(deck.total(Section.SIDEBOARD), 15)
        self.assertEqual(deck.lines[0].card.name_it, "Saetta Squarciante")

    def test_either_face_or_both_in_either_language(self):
        deck = self.resolved(
            "1 Rough // Tumble\n1 rough/tumble\n1 Tumble\n1 Sussulto\n1 SUSSULTO // TURBOLENZA\n"
            "1 Withengar Unbound\n1 withengar in liberta\n1 Elbrus, la Lama Vincolante\n"
            "1 Recidere\n1 Giant Killer"
        )
        self.assertEqual(deck.unresolved, [])
        self.assertEqual(
            [line.card.name for line in deck.lines],
            ["Rough // Tumble"] * 5
            + ["Elbrus, the Binding Blade // Withengar Unbound"] * 3
            + ["Giant Killer // Chop Down"] * 2,
        )

    def test_a_mistyped_name_is_flagged_with_the_closest_names_in_both_languages(self):
        deck = self.resolved("Deck\n4 Angelo Emnente\n2 Tarox Bladwing\n")
        self.assertEqual(deck.lines, [])
        angel, tarox = deck.unresolved
        self.assertEqual((angel.line, angel.text), (2, "4 Angelo Emnente"))
        self.assertEqual(angel.reason, "No card is called “Angelo Emnente”.")
        self.assertEqual(angel.suggestions, (Suggestion("Angelo Eminente", "Exalted Angel"),))
        self.assertEqual(
            tarox.suggestions,
            (
                Suggestion("Tarox Bladewing", "Tarox Alaspada"),
                Suggestion("Rorix Bladewing", "Rorix Alaspada"),
            ),
        )

    def test_a_beginning_with_no_close_name_gets_the_names_that_start_so(self):
        with translation.override("it"):
            (unresolved,) = self.resolved("1 Ammazzag").unresolved
        self.assertEqual(
            unresolved.suggestions,
            (Suggestion("Ammazzagiganti // Recidere", "Giant Killer // Chop Down"),),
        )

    def test_a_name_like_no_card_gets_no_suggestion(self):
        (unresolved,) = self.resolved("4 Qwxzrtplk").unresolved
        self.assertEqual(unresolved.suggestions, ())

    def test_only_the_first_unknown_names_get_suggestions(self):
        text = "\n".join(f"1 Angelo Emnente {'x' * n}" for n in range(limits.MAX_SUGGESTED + 5))
        deck = self.resolved(text)
        self.assertEqual(len(deck.unresolved), limits.MAX_SUGGESTED + 5)
        self.assertTrue(deck.unresolved[0].suggestions)
        self.assertEqual(deck.unresolved[-1].suggestions, ())

    def test_pins_are_kept_when_they_are_the_cards_printings(self):
        deck = self.resolved(
            "4 Mountain (ONS) 344\n1 Ghostfire (fut)\n1 Shock (M11) 149\n2 Shock (FUT) 115"
        )
        mountain, ghostfire, unknown, wrong = deck.lines
        self.assertEqual(
            (mountain.pin.set_code, mountain.pin.number, mountain.pin.known), ("ONS", "344", True)
        )
        self.assertEqual((ghostfire.pin.set_code, ghostfire.pin.known), ("FUT", True))
        self.assertEqual((unknown.pin.set_code, unknown.pin.known), ("M11", False))
        self.assertEqual(
            unknown.note, "The data has no printing (M11) 149 of this card: kept as written."
        )
        self.assertIsNone(wrong.pin)
        self.assertEqual(wrong.card.name, "Shock")
        self.assertEqual(
            wrong.note, "(FUT) 115 is not a printing of this card: left out of the exports."
        )

    def test_a_pin_names_the_card_when_the_name_does_not(self):
        (line,) = self.resolved("1 Fuoco Spettral (FUT) 115").lines
        self.assertEqual(line.card.name, "Ghostfire")


class ExportTests(BundledDataTestCase):
    def sections(self, text, format_key="pauper"):
        """{section: {card name: copies}} of the list checked in the format."""
        deck = check_list(text, format_key).deck
        counts = {section: Counter() for section in Section}
        for line in deck.lines:
            counts[line.section][line.card.name] += line.count
        return counts

    def test_an_italian_list_exported_in_english_reads_back_to_the_same_cards(self):
        italian = check_list(ITALIAN_PAUPER, "pauper")
        for kind in ("mtgo", "arena", "italian"):
            with self.subTest(kind):
                again = check_list(italian.exports[kind], "pauper")
                self.assertEqual(again.deck.unresolved, [])
                self.assertEqual(
                    self.sections(italian.exports[kind]), self.sections(ITALIAN_PAUPER)
                )
                self.assertEqual(again.problems, italian.problems)

    def test_the_exports_as_mtgo_and_arena_write_them(self):
        text = (
            "Commander\n1 Tarox Alaspada\n\nDeck\n1 Sussulto/Turbolenza\n1 Tumble\n"
            "1 Ammazzagiganti (ELD) 14\n1 Withengar in Libertà\n96 Montagna\n"
        )
        result = check_list(text, "commander")
        self.assertEqual(
            result.exports["mtgo"],
            "2 Rough/Tumble\n1 Giant Killer\n1 Elbrus, the Binding Blade\n96 Mountain\n\n"
            "1 Tarox Bladewing\n",
        )
        self.assertEqual(
            result.exports["arena"],
            "Commander\n1 Tarox Bladewing\n\nDeck\n2 Rough // Tumble\n1 Giant Killer (ELD) 14\n"
            "1 Elbrus, the Binding Blade\n96 Mountain\n",
        )
        self.assertEqual(
            result.exports["italian"],
            "Comandante\n1 Tarox Alaspada\n\nMazzo\n2 Sussulto // Turbolenza\n1 Ammazzagiganti\n"
            "1 Elbrus, la Lama Vincolante\n96 Montagna\n",
        )
        for kind, export in result.exports.items():
            with self.subTest(kind):
                again = check_list(export, "commander")
                self.assertEqual(
                    self.sections(export, "commander"), self.sections(text, "commander")
                )
                self.assertEqual(again.problems, result.problems)

    def test_a_card_without_an_italian_name_keeps_its_english_one(self):
        result = check_list("4 Dead // Gone\n4 Delver of Secrets", "legacy")
        self.assertEqual(result.exports["italian"], "Mazzo\n4 Dead // Gone\n4 Delver of Secrets\n")
        self.assertEqual(result.exports["mtgo"], "4 Dead/Gone\n4 Delver of Secrets\n")


class MergedLinesTests(BundledDataTestCase):
    def test_one_card_on_several_lines_is_one_line_with_the_sum_and_the_first_pin(self):
        text = "2 Shock (ONS) 227\n1 shock\nSB: 1 Shock\n2 Shock (FUT) 115\n4 Montagna\n2 SHOCK"
        deck = check_list(text, "legacy").deck
        shock, sideboard, mountain = deck.lines
        self.assertEqual((shock.count, [entry.line for entry in shock.entries]), (7, [1, 2, 4, 6]))
        self.assertEqual((shock.pin.set_code, shock.pin.number), ("ONS", "227"))
        self.assertEqual(
            shock.note, "(FUT) 115 is not a printing of this card: left out of the exports."
        )
        self.assertEqual((mountain.count, mountain.also), (4, ()))
        self.assertEqual((sideboard.section, sideboard.count), (Section.SIDEBOARD, 1))
        self.assertEqual(
            check_list(text, "legacy").exports["arena"],
            "Deck\n7 Shock (ONS) 227\n4 Mountain\n\nSideboard\n1 Shock\n",
        )
