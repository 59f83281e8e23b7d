"""A keyword nothing has is named with the closest one, as an unknown format is: a typo
(``k:volar``) or the beginning of a keyword (``k:fly``), on the bundled data."""

from web.testing import BundledDataTestCase


class KeywordSuggestionTests(BundledDataTestCase):
    def assertSuggests(self, language, query, suggestion, corrected):
        response = self.client.get(f"/{language}/cards/", {"q": query})
        self.assertContains(
            response, f'<a href="?q={corrected}"><code>{suggestion}</code></a>', html=False
        )

    def test_a_typo_and_a_beginning_suggest_the_keyword(self):
        self.assertSuggests("it", "k:volar", "kw:volare", "kw%3Avolare")
        self.assertSuggests("en", "k:fly", "kw:flying", "kw%3Aflying")
        self.assertSuggests("en", "kw:flyin", "kw:flying", "kw%3Aflying")

    def test_the_correction_keeps_the_rest_of_the_query(self):
        self.assertSuggests("en", "t:elf k:fly", "kw:flying", "t%3Aelf+kw%3Aflying")
        self.assertSuggests("it", "k:volar c:w", "kw:volare", "kw%3Avolare+c%3Aw")

    def test_the_format_suggestion_is_unchanged(self):
        self.assertSuggests("en", "t:elf f:modrn", "f:modern", "t%3Aelf+f%3Amodern")

    def test_an_unknown_keyword_with_nothing_close_gets_no_suggestion(self):
        response = self.client.get("/en/cards/", {"q": "k:zzzq"})
        self.assertContains(response, "no keyword is called “zzzq”")
        self.assertNotContains(response, "did you mean")
