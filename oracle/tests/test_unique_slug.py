"""One way to make a slug no other row has (``common.text.unique_slug``)."""

from itertools import count

from django.test import SimpleTestCase

from common.text import unique_slug


class UniqueSlugTests(SimpleTestCase):
    def test_the_names_slug_when_free(self):
        self.assertEqual(unique_slug("Æther Vial", set().__contains__), "aether-vial")

    def test_the_first_free_suffix(self):
        taken = {"flying", "flying-2"}
        self.assertEqual(unique_slug("Flying", taken.__contains__, count(2)), "flying-3")

    def test_a_blank_slug_gives_way_to_its_fallback_or_its_suffix(self):
        self.assertEqual(unique_slug("???", set().__contains__, empty="term"), "term")
        self.assertEqual(unique_slug("???", set().__contains__, ["1a2b3c4d"]), "1a2b3c4d")

    def test_when_none_is_free(self):
        taken = {"bolt", "bolt-1a2b3c4d"}
        self.assertEqual(unique_slug("Bolt", taken.__contains__, ["1a2b3c4d"]), "bolt-1a2b3c4d")
        self.assertEqual(unique_slug("Bolt", taken.__contains__, otherwise="old"), "old")
