"""``{% cache %}`` in the Jinja2 templates (web.fragment_cache): a block's markup kept by its
key and language, rendered again when the key changes, and rendered anyway when the cache
refuses; on the search page, the long selects kept rendered still show the options chosen."""

from unittest import mock

from django.core.cache import cache
from django.template import engines
from django.test import SimpleTestCase
from django.utils import translation
from redis.exceptions import ConnectionError as RedisConnectionError

from web.testing import BundledDataTestCase

TEMPLATE = '{% cache 60, "counted", key %}<b>{{ counter.next() }} {{ _("any") }}</b>{% endcache %}'


class Counter:
    def __init__(self):
        self.count = 0

    def next(self):
        self.count += 1
        return self.count


class FragmentCacheTests(SimpleTestCase):
    def setUp(self):
        cache.clear()
        self.template = engines["jinja2"].from_string(TEMPLATE)
        self.counter = Counter()

    def render(self, key, language="en"):
        with translation.override(language):
            return self.template.render({"key": key, "counter": self.counter})

    def test_the_block_is_rendered_once_for_a_key(self):
        self.assertEqual(self.render("a"), "<b>1 any</b>")
        self.assertEqual(self.render("a"), "<b>1 any</b>")
        self.assertEqual(self.counter.count, 1)

    def test_another_key_or_language_renders_it_again(self):
        self.render("a")
        self.assertEqual(self.render("b"), "<b>2 any</b>")
        self.assertEqual(self.render("a", language="it"), "<b>3 qualsiasi</b>")
        self.assertEqual(self.render("a"), "<b>1 any</b>")

    def test_a_cache_that_refuses_renders_the_block(self):
        refused = RedisConnectionError("Connection refused")
        with (
            mock.patch.object(cache, "get", side_effect=refused),
            mock.patch.object(cache, "set", side_effect=refused),
            self.assertLogs("web.cache_errors", "WARNING"),
        ):
            self.assertEqual(self.render("a"), "<b>1 any</b>")
            self.assertEqual(self.render("a"), "<b>2 any</b>")


class SearchSelectsTests(BundledDataTestCase):
    def setUp(self):
        cache.clear()

    def test_the_kept_selects_show_the_set_chosen(self):
        plain = self.client.get("/it/cards/").content.decode()
        chosen = self.client.get("/it/cards/?card_set=fut").content.decode()
        again = self.client.get("/it/cards/").content.decode()
        self.assertIn('<option value="FUT" selected>', chosen)
        self.assertNotIn('<option value="FUT" selected>', plain)
        self.assertIn('<option value="FUT">', plain)
        self.assertEqual(plain, again)

    def test_made_up_values_add_nothing_to_the_cache(self):
        self.client.get("/it/cards/")
        fragments = self.fragments()
        for made_up in ("zzz", "yyy", "xxx"):
            query = f"keyword={made_up}&type={made_up}&card_set={made_up}"
            page = self.client.get(f"/it/cards/?{query}").content.decode()
            selects = page.split('id="id_type"')[1].split('id="id_rarity"')[0]
            self.assertNotIn(" selected>", selects)
        self.assertEqual(self.fragments(), fragments)
        self.assertEqual(len(fragments), 1)

    def fragments(self) -> set[str]:
        return {key for key in cache._cache if "web:fragment:" in key}  # LocMemCache's keys

    def test_the_kept_selects_follow_the_language(self):
        english = self.client.get("/en/cards/").content.decode()
        italian = self.client.get("/it/cards/").content.decode()
        self.assertIn('<label for="id_card_set">Set</label>', english)
        self.assertIn('<label for="id_card_set">Espansione</label>', italian)
