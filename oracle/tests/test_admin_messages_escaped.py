"""The admin's messages name objects as text in both languages: a name with markup in it (a card,
keyword or set name from an import, an editor's ruling) is shown escaped after a deletion or a
revert, where Django builds the message as plain text, and after a save, where it builds it as
HTML around a link."""

import re
from datetime import date
from html import unescape
from unittest import mock

from django.contrib.auth.models import User
from django.urls import reverse

from oracle.models import CardSet, Erratum, Keyword
from oracle.tests.factories import make_card, make_erratum, make_set
from oracle.tests.helpers import posted_values
from rulings.models import Ruling
from web.testing import EmptyDatabaseTestCase

MARKUP = "<b>x</b><script>alert(1)</script>"
ESCAPED = "&lt;b&gt;x&lt;/b&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
ITALIAN = {"accept-language": "it-IT,it;q=0.9"}
ENGLISH = {"accept-language": "en-GB,en;q=0.9"}


def message_list(response) -> str:
    """The HTML of the page's messages."""
    found = re.search(r'<ul class="messagelist">(.*?)</ul>', response.content.decode(), re.S)
    assert found, "the page shows no message"
    return found[1]


def shown_text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


class MessagesNameObjectsAsTextTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name=f"Spider {MARKUP}", name_it=f"Ragno {MARKUP}")
        cls.admin = User.objects.create_superuser("admin", password="pw-for-tests")

    def setUp(self):
        self.client.force_login(self.admin)

    def assertShownEscaped(self, response, words):
        messages = message_list(response)
        self.assertIn(ESCAPED, messages)
        self.assertNotIn("<b>", messages)
        self.assertNotIn("<script>", messages)
        self.assertIn(words, shown_text(messages))

    def delete(self, obj, headers):
        opts = obj._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_delete", args=[obj.pk])
        response = self.client.post(url, {"post": "yes"}, headers=headers, follow=True)
        self.assertEqual(response.status_code, 200)
        self.assertFalse(type(obj).objects.filter(pk=obj.pk).exists())
        return response

    def revert_to_first_version(self, obj, headers, **extra):
        opts = obj._meta
        first = obj.history.earliest()
        url = reverse(
            f"admin:{opts.app_label}_{opts.model_name}_simple_history",
            args=[obj.pk, first.history_id],
        )
        form = self.client.get(url, headers=headers).context["adminform"].form
        data = {**posted_values(form), **extra}
        response = self.client.post(url, data, headers=headers, follow=True)
        self.assertEqual(response.status_code, 200)
        self.assertEqual(obj.history.count(), 3)  # created, changed, reverted
        return response

    def changed_twice(self, model):
        if model is Erratum:
            obj = make_erratum(self.card, "Old.", "New.")
            obj.new_text = "Changed."
        else:
            obj = Ruling.objects.create(card=self.card, date=date(2024, 1, 1), text="Says so.")
            obj.text = "Changed."
        obj.save()
        return obj

    def test_a_deleted_erratum_keyword_set_or_ruling_is_named_as_text(self):
        said = {
            ("it", Erratum): "L'errata «Spider",
            ("en", Erratum): "The erratum “Spider",
            ("it", Keyword): "La parola chiave «Fly",
            ("en", Keyword): "The keyword “Fly",
            ("it", CardSet): "L'espansione «Set",
            ("en", CardSet): "The set “Set",
            ("it", Ruling): "La nota di regolamento «Spider",
            ("en", Ruling): "The ruling “Spider",
        }
        for language, headers in (("it", ITALIAN), ("en", ENGLISH)):
            made = [
                make_erratum(self.card, "Old.", "New."),
                Keyword.objects.create(slug=f"fly-{language}", name=f"Fly {MARKUP}"),
                make_set(code=f"X{language}", name=f"Set {MARKUP}", name_it=f"Set {MARKUP}"),
                Ruling.objects.create(card=self.card, date=date(2024, 1, 1), text=f"Says {MARKUP}"),
            ]
            for obj in made:
                with self.subTest(language=language, model=type(obj).__name__):
                    response = self.delete(obj, headers)
                    self.assertShownEscaped(response, said[language, type(obj)])

    def test_a_reverted_erratum_or_ruling_is_named_as_text(self):
        said = {
            ("it", Erratum): f"L'errata «Spider {MARKUP}, 2020-01-01» è stata modificata.",
            ("en", Erratum): f"The erratum “Spider {MARKUP}, 2020-01-01” was changed",
            ("it", Ruling): f"La nota di regolamento «Spider {MARKUP}, 2024-01-01 (en)» è stata",
            ("en", Ruling): f"The ruling “Spider {MARKUP}, 2024-01-01 (en)” was changed",
        }
        for language, headers in (("it", ITALIAN), ("en", ENGLISH)):
            for model in (Erratum, Ruling):
                with self.subTest(language=language, model=model.__name__):
                    response = self.revert_to_first_version(self.changed_twice(model), headers)
                    self.assertShownEscaped(response, said[language, model])

    def test_the_history_editings_revert_message_is_named_as_text(self):
        """With SIMPLE_HISTORY_EDIT on, django-simple-history says a revert in its own words,
        as plain text."""
        said = {
            "it": f"L'errata «Spider {MARKUP}, 2020-01-01» è stata ripristinata.",
            "en": f'The erratum "Spider {MARKUP}, 2020-01-01" was changed successfully.',
        }
        with mock.patch("simple_history.admin.SIMPLE_HISTORY_EDIT", True):
            for language, headers in (("it", ITALIAN), ("en", ENGLISH)):
                with self.subTest(language=language):
                    response = self.revert_to_first_version(
                        self.changed_twice(Erratum), headers, _change_history="yes"
                    )
                    self.assertShownEscaped(response, said[language])

    def test_a_saved_erratum_is_named_as_text_in_a_link(self):
        for headers, words in ((ITALIAN, "è stata aggiunta"), (ENGLISH, "added successfully")):
            with self.subTest(language=headers["accept-language"][:2]):
                response = self.client.post(
                    reverse("admin:oracle_erratum_add"),
                    {
                        "card": self.card.pk,
                        "date": "2005-08-01",
                        "field": "text",
                        "old_text": "Old.",
                        "new_text": "New.",
                    },
                    headers=headers,
                    follow=True,
                )
                self.assertShownEscaped(response, words)
                added = Erratum.objects.latest("pk")
                change = reverse("admin:oracle_erratum_change", args=[added.pk])
                self.assertIn(f'<a href="{change}">Spider {ESCAPED}', message_list(response))
