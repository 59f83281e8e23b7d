"""The printed wordings of a keyword's reminder text: one per wording, whatever cost and number
each card fills in, with the first and last date it was printed on; the newest is today's."""

from datetime import date

from django.test import SimpleTestCase

from oracle.importers.keyword_names import align_keyword_lines
from oracle.importers.reminder_wordings import merge, newest, wordings_from

OLD_MORPH = (
    "Morph {2}{U} (You may play this face down as a 2/2 creature for {3}. "
    "Turn it face up any time for its morph cost.)"
)
OLD_MORPH_IT = (
    "Metamorfosi {2}{U} (Puoi giocare questa carta a faccia in giù come una creatura 2/2 "
    "pagando {3}. Girala a faccia in su in qualsiasi momento pagando il suo costo di "
    "metamorfosi.)"
)
NEW_MORPH = OLD_MORPH.replace("play this", "cast this card")
NEW_MORPH_IT = OLD_MORPH_IT.replace("giocare", "lanciare")


class ReminderWordingsTests(SimpleTestCase):
    def test_each_wording_once_with_the_dates_it_was_printed_on(self):
        votes = align_keyword_lines(
            [
                (OLD_MORPH, OLD_MORPH_IT, {"Morph"}, date(2003, 2, 3)),
                (
                    OLD_MORPH.replace("{2}{U}", "{4}{G}"),
                    OLD_MORPH_IT.replace("{2}{U}", "{4}{G}"),
                    {"Morph"},
                    date(2007, 5, 4),
                ),
                (NEW_MORPH, NEW_MORPH_IT, {"Morph"}, date(2014, 9, 26)),
                (NEW_MORPH, NEW_MORPH_IT, {"Morph"}, None),  # undated: cannot be placed
            ]
        )
        wordings = wordings_from(votes)["Morph"]
        self.assertEqual(
            [(w["language"], w["first"], w["last"], w["text"][:20]) for w in wordings],
            [
                ("en", "2003-02-03", "2007-05-04", "You may play this fa"),
                ("it", "2003-02-03", "2007-05-04", "Puoi giocare questa "),
                ("en", "2014-09-26", "2014-09-26", "You may cast this ca"),
                ("it", "2014-09-26", "2014-09-26", "Puoi lanciare questa"),
            ],
        )
        self.assertTrue(newest(wordings, "it").startswith("Puoi lanciare"))
        self.assertEqual(newest(wordings, "fr"), "")

    def test_costs_and_numbers_do_not_make_another_wording(self):
        votes = align_keyword_lines(
            [
                (
                    "Cycling {2} ({2}, Discard this card: Draw a card.)",
                    "Ciclo {2} ({2}, Scarta questa carta: Pesca una carta.)",
                    {"Cycling"},
                    date(2007, 5, 4),
                ),
                (
                    "Cycling {1}{U} ({1}{U}, Discard this card: Draw a card.)",
                    "Ciclo {1}{U} ({1}{U}, Scarta questa carta: Pesca una carta.)",
                    {"Cycling"},
                    date(2020, 4, 24),
                ),
            ]
        )
        wordings = wordings_from(votes)["Cycling"]
        self.assertEqual(len(wordings), 2)  # one in each language
        self.assertEqual(wordings[0]["text"], "{1}{U}, Discard this card: Draw a card.")
        self.assertEqual((wordings[0]["first"], wordings[0]["last"]), ("2007-05-04", "2020-04-24"))

    def test_merging_the_catalogues_wordings_spans_both(self):
        own = [{"language": "it", "text": "Testo.", "first": "2007-05-04", "last": "2007-05-04"}]
        catalogue = [
            {"language": "it", "text": "Testo", "first": "2003-02-03", "last": "2006-10-06"},
            {"language": "it", "text": "Altro testo.", "first": "2014-09-26", "last": "2021"},
        ]
        merged = merge(catalogue, own)
        self.assertEqual(
            [(w["text"], w["first"], w["last"]) for w in merged],
            [("Testo.", "2003-02-03", "2007-05-04"), ("Altro testo.", "2014-09-26", "2021")],
        )
