"""The rules a document quotes, read from its blocks and renumbered to today's rules, on small
inputs without a database."""

from django.test import SimpleTestCase

from rulings.importers.comprehensive_rules import RULE, SUBRULE
from rulings.importers.release_notes.document import Block, Document, ReadSection
from rulings.importers.release_notes.quoted_rules import (
    EnglishRule,
    QuotedRule,
    Terms,
    change_note,
    find_renumbering,
    read_quoted_rules,
)


def rule_block(number, text="", title="", line=1):
    return Block("rule", line, text, number=number, title=title)


def document_of(*blocks) -> Document:
    return Document("test.txt", "", "", [ReadSection("heading", 1, "", 1, "", list(blocks))])


SCRY_TERMS = Terms.from_pairs([("Scry", "Profetizzare"), ("Fateseal", "Predestinare")])

ENGLISH_501 = [
    EnglishRule("501", 2, "Keyword Actions", ""),
    EnglishRule("501.8", RULE, "Scry", ""),
    EnglishRule("501.8a", SUBRULE, "", 'To "scry N" means to look at the top N cards of ...'),
    EnglishRule("501.9", RULE, "Fateseal", ""),
    EnglishRule("501.9a", SUBRULE, "", 'To "fateseal N" means to look at the top N cards ...'),
]


class ReadingQuotedRulesTests(SimpleTestCase):
    def test_the_number_and_a_heading_are_taken_off_the_text(self):
        quoted = read_quoted_rules(
            document_of(
                rule_block("501.9", "501.9. Profetizzare"),
                rule_block("307.1", "*307.1 Un giocatore che ha priorità ..."),
                rule_block("504", "504. Magie e Permanenti a Faccia in Giù"),
                rule_block("502.4a", "Volare è un'abilità evasiva."),
            )
        )
        self.assertEqual(
            [(rule.number, rule.title, rule.text) for rule in quoted],
            [
                ("501.9", "Profetizzare", ""),
                ("307.1", "", "Un giocatore che ha priorità ..."),
                ("504", "Magie e Permanenti a Faccia in Giù", ""),
                ("502.4a", "", "Volare è un'abilità evasiva."),
            ],
        )

    def test_a_change_note_belongs_to_the_rules_right_after_it(self):
        quoted = read_quoted_rules(
            document_of(
                Block("label", 1, "La sezione interessata è la seguente (la terza frase è nuova):"),
                rule_block("502.26b", "Testo."),
                Block("ruling", 2, "• Una nota."),
                rule_block("502.26c", "Altro testo."),
            )
        )
        self.assertEqual([rule.note for rule in quoted], ["La terza frase è nuova.", ""])

    def test_change_notes(self):
        self.assertEqual(
            change_note("La sezione interessata è la seguente (la terza frase è nuova):"),
            "La terza frase è nuova.",
        )
        self.assertEqual(change_note("Le regole per velo sono le seguenti:"), "")
        self.assertEqual(change_note("Testo (vedi regola 504):"), "")


class RenumberingTests(SimpleTestCase):
    def quoted(self, number, title="", text=""):
        return QuotedRule(number, title, text, "", 1)

    def test_a_quoted_title_that_is_another_rules_title_moves_it_and_its_subrules(self):
        quoted = [
            self.quoted("501.9", "Profetizzare"),
            self.quoted("501.9a", text='"Profetizzare N" significa guardare ...'),
        ]
        self.assertEqual(
            find_renumbering(quoted, ENGLISH_501, SCRY_TERMS),
            {"501.9": "501.8", "501.9a": "501.8a"},
        )

    def test_a_subrule_quoted_alone_moves_by_the_terms_its_text_names(self):
        quoted = [self.quoted("501.9a", text='"Profetizzare N" significa guardare ...')]
        self.assertEqual(find_renumbering(quoted, ENGLISH_501, SCRY_TERMS), {"501.9a": "501.8a"})

    def test_rules_that_agree_with_the_english_number_stay(self):
        quoted = [
            self.quoted("501.8", "Profetizzare"),
            self.quoted("501.9a", text='"Predestinare N" significa ...'),
        ]
        self.assertEqual(find_renumbering(quoted, ENGLISH_501, SCRY_TERMS), {})

    def test_nothing_moves_without_evidence_or_when_nothing_else_agrees(self):
        quoted = [
            self.quoted("501.9", "Magie e Permanenti a Faccia in Giù"),  # no known term
            self.quoted("501.7a", text="Un testo con {3} e la regola 418.5."),  # no term at all
            self.quoted("214.7a", text="Profetizzare qualcosa."),  # no English 214.x agrees
        ]
        self.assertEqual(find_renumbering(quoted, ENGLISH_501, SCRY_TERMS), {})

    def test_a_rule_never_moves_onto_a_number_the_document_quotes_too(self):
        quoted = [
            self.quoted("501.8", "Predestinare"),  # the document's own (wrong) 501.8
            self.quoted("501.9", "Profetizzare"),
        ]
        # Each would go where the other is quoted: both stay as the document numbers them.
        self.assertEqual(find_renumbering(quoted, ENGLISH_501, SCRY_TERMS), {})
