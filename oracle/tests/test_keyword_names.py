"""align_keyword_names: Italian keyword names and reminder texts from lines printed in both
languages. The pairs are as printed on real cards (Future Sight, Time Spiral, Onslaught)."""

from django.test import SimpleTestCase

from oracle.importers.keyword_names import align_keyword_names, oracle_reminders

SUSPEND_EN = (
    "Suspend 4—{U} (Rather than play this card from your hand, you may pay {U} and remove it "
    "from the game with four time counters on it. At the beginning of your upkeep, remove a "
    "time counter. When the last is removed, play it without paying its mana cost.)"
)
SUSPEND_IT = (
    "Sospendere 4—{U} (Invece di giocare questa carta dalla tua mano, puoi pagare {U} e "
    "rimuoverla dal gioco con quattro segnalini tempo. All'inizio del tuo mantenimento, "
    "rimuovi un segnalino tempo. Quando viene rimosso l'ultimo, giocala senza pagare il suo "
    "costo di mana.)"
)


class AlignKeywordNamesTests(SimpleTestCase):
    def test_a_line_of_two_keywords_gives_both_names(self):
        found = align_keyword_names([("Flying, haste", "Volare, rapidità", {"Flying", "Haste"})])
        self.assertEqual(found, {"Flying": ("Volare", "", ""), "Haste": ("Rapidità", "", "")})

    def test_keyword_with_cost_and_reminder_text(self):
        found = align_keyword_names([(SUSPEND_EN, SUSPEND_IT, {"Suspend"})])
        name_it, reminder, reminder_it = found["Suspend"]
        self.assertEqual(name_it, "Sospendere")
        self.assertTrue(reminder.startswith("Rather than play this card from your hand"))
        self.assertTrue(reminder.endswith("without paying its mana cost."))
        self.assertTrue(reminder_it.startswith("Invece di giocare questa carta"))
        self.assertTrue(reminder_it.endswith("costo di mana."))

    def test_a_line_that_is_not_a_keyword_line_gives_nothing(self):
        found = align_keyword_names(
            [("Draw a card.", "Pesca una carta.", {"Flying"}), ("", "", {"Flying"})]
        )
        self.assertEqual(found, {})

    def test_a_sentence_that_starts_with_a_keyword_gives_nothing(self):
        found = align_keyword_names(
            [
                (
                    "Flying creatures you control get +1/+1.",
                    "Le creature con volare che controlli prendono +1/+1.",
                    {"Flying"},
                )
            ]
        )
        self.assertEqual(found, {})

    def test_ability_word_followed_by_its_ability_gives_nothing(self):
        # Tarox Bladewing: the Italian has no dash, so the line does not line up.
        found = align_keyword_names(
            [
                (
                    "Flying, haste\nGrandeur — Discard another card named Tarox Bladewing: "
                    "Tarox Bladewing gets +X/+X until end of turn, where X is its power.",
                    "Volare, rapidità\nMagnificenza Scarta un'altra carta chiamata Tarox "
                    "Alaspada: Tarox Alaspada prende +X/+X fino alla fine del turno, dove X è "
                    "la sua forza.",
                    {"Flying", "Haste", "Grandeur"},
                )
            ]
        )
        self.assertEqual(found, {"Flying": ("Volare", "", ""), "Haste": ("Rapidità", "", "")})

    def test_keyword_whose_parameter_is_translated_gives_as_many_words_as_it_has(self):
        found = align_keyword_names(
            [
                ("Enchant creature", "Incanta creatura", {"Enchant"}),
                ("Protection from red", "Protezione dal rosso", {"Protection"}),
                ("Hexproof from black", "Anti-malocchio dal nero", {"Hexproof from"}),
            ]
        )
        self.assertEqual(
            {keyword: names[0] for keyword, names in found.items()},
            {
                "Enchant": "Incanta",
                "Protection": "Protezione",
                "Hexproof from": "Anti-malocchio da",
            },
        )

    def test_keyword_lines_among_other_lines(self):
        found = align_keyword_names(
            [
                (
                    "Flash\nFlying\nWhen this enters, draw a card.",
                    "Lampo\nVolare\nQuando entra, pesca una carta.",
                    {"Flash", "Flying"},
                )
            ]
        )
        self.assertEqual(found, {"Flash": ("Lampo", "", ""), "Flying": ("Volare", "", "")})

    def test_texts_with_different_line_counts_are_skipped(self):
        found = align_keyword_names([("Flying\nHaste", "Volare, rapidità", {"Flying", "Haste"})])
        self.assertEqual(found, {})

    def test_names_of_several_words_and_costs(self):
        found = align_keyword_names(
            [
                ("First strike", "Attacco improvviso", {"First strike"}),
                ("Equip {2}", "Equipaggiare {2}", {"Equip"}),
                ("Cycling {2}", "Ciclo {2}", {"Cycling"}),
                ("Morph {3}{G}{G}", "Metamorfosi {3}{G}{G}", {"Morph"}),
            ]
        )
        self.assertEqual(
            {keyword: names[0] for keyword, names in found.items()},
            {
                "First strike": "Attacco improvviso",
                "Equip": "Equipaggiare",
                "Cycling": "Ciclo",
                "Morph": "Metamorfosi",
            },
        )

    def test_a_word_that_is_not_one_of_the_cards_keywords_spoils_the_line(self):
        found = align_keyword_names([("Vigilance, trample", "Cautela, travolgere", {"Trample"})])
        # "Vigilance" is not among the keywords given, so the line is not trusted at all.
        self.assertEqual(found, {})
        found = align_keyword_names(
            [("Vigilance, trample", "Cautela, travolgere", {"Vigilance", "Trample"})]
        )
        self.assertEqual(found["Trample"][0], "Travolgere")

    def test_the_name_printed_most_often_wins(self):
        samples = [("Flying", "Volare", {"Flying"})] * 3 + [("Flying", "Vola", {"Flying"})]
        self.assertEqual(align_keyword_names(samples)["Flying"][0], "Volare")

    def test_reminder_text_only_from_lines_with_one_keyword(self):
        found = align_keyword_names(
            [
                (
                    "Flying, shadow (This creature can block or be blocked by only creatures "
                    "with shadow.)",
                    "Volare, ombra (Questa creatura può bloccare o essere bloccata solo da "
                    "creature con ombra.)",
                    {"Flying", "Shadow"},
                )
            ]
        )
        self.assertEqual(found, {"Flying": ("Volare", "", ""), "Shadow": ("Ombra", "", "")})


class OracleRemindersTests(SimpleTestCase):
    def test_todays_reminder_is_the_one_oracle_lines_carry_most(self):
        morph = (
            "You may cast this card face down as a 2/2 creature for {3}. Turn it face up any "
            "time for its morph cost."
        )
        samples = [
            (f"Flying\nMorph {{2}}{{U}} ({morph})", {"Flying", "Morph"}),
            (f"Morph—Discard a card. ({morph})", {"Morph"}),
            ("{2}: Monstrosity 3. (If this creature isn't monstrous, put three counters.)",
             {"Monstrosity"}),
            ("Morph {3} (Some other words.)", {"Morph"}),
            ("Creatures with morph get +1/+1. (Not a keyword line.)", {"Morph"}),
        ]  # fmt: skip
        found = oracle_reminders(samples)
        self.assertEqual(found["Morph"], morph)
        self.assertTrue(found["Monstrosity"].startswith("If this creature isn't monstrous"))
        self.assertNotIn("Flying", found)
