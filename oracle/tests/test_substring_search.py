"""What a substring search finds, on SQLite (its FTS5 trigram table, kept by triggers) and on
PostgreSQL (trigram indexes on the search row): the cards whose search row holds the words, after
every kind of write, for words of any length, quoted or side by side, in one query."""

from oracle.models import Card, CardSearch
from oracle.search import parse
from oracle.tests.factories import make_card
from web.testing import EmptyDatabaseTestCase


class SubstringSearchTests(EmptyDatabaseTestCase):
    def found(self, text: str) -> list[str]:
        cards = parse(text).apply(CardSearch.objects.all())
        return sorted(cards.values_list("name", flat=True))

    def test_words_of_any_length_find_names_in_either_language(self):
        make_card(name="Lightning Bolt", name_it="Fulmine", type_line="Instant")
        make_card(name="Shivan Dragon", name_it="Drago Shivan", type_line="Creature — Dragon")
        self.assertEqual(self.found("fulmine"), ["Lightning Bolt"])
        self.assertEqual(self.found("lightning"), ["Lightning Bolt"])
        self.assertEqual(self.found('"drago shivan"'), ["Shivan Dragon"])
        # Shorter than a trigram: still a substring of the name.
        self.assertEqual(self.found("fu"), ["Lightning Bolt"])
        self.assertEqual(self.found("ag"), ["Shivan Dragon"])
        self.assertEqual(self.found("zz"), [])

    def test_saves_renames_and_deletes_are_searched_at_once(self):
        bolt = make_card(name="Lightning Bolt", name_it="Fulmine", type_line="Instant")
        make_card(name="Shivan Dragon", name_it="Drago Shivan", type_line="Creature — Dragon")
        face = bolt.faces.get()
        face.type_line = "Sorcery"
        face.oracle_text = "Lightning Bolt deals 3 damage to any target."
        face.save()
        self.assertEqual(self.found("o:vigilance"), ["Shivan Dragon"])  # the bolt's old text
        self.assertEqual(self.found("t:instant"), [])
        self.assertEqual(self.found("t:sorcery"), ["Lightning Bolt"])
        self.assertEqual(self.found('o:"3 damage"'), ["Lightning Bolt"])
        self.assertEqual(self.found('o:"~ deals"'), ["Lightning Bolt"])
        Card.objects.get(name="Shivan Dragon").delete()
        self.assertEqual(self.found("shivan"), [])
        self.assertEqual(self.found("t:dragon"), [])

    def test_quotes_and_short_words_mean_what_the_name_says(self):
        make_card(name='The "Ultimate" Nightmare', type_line="Instant", name_it="")
        make_card(name="Ox", type_line="Creature — Ox", name_it="")
        self.assertEqual(self.found('"\\"ultimate\\""'), ['The "Ultimate" Nightmare'])
        self.assertEqual(self.found("ox"), ["Ox"])
        self.assertEqual(self.found("!ox"), ["Ox"])

    def test_terms_side_by_side_find_what_each_finds_in_one_query(self):
        make_card(name="Sky Tarox", type_line="Creature — Bird", name_it="")
        make_card(name="Ground Tarox", type_line="Creature — Beast", name_it="")
        self.assertEqual(self.found("tarox t:bird"), ["Sky Tarox"])
        self.assertEqual(self.found("sk tarox"), ["Sky Tarox"])
        self.assertEqual(self.found("tarox -t:bird"), ["Ground Tarox"])
        self.assertEqual(self.found("tarox or t:bird"), ["Ground Tarox", "Sky Tarox"])
        for query in ("tarox", "tarox t:bird", "sk tarox t:creature -t:beast o:flying"):
            with self.subTest(query), self.assertNumQueries(1):
                self.found(query)
