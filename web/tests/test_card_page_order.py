"""The card page in the order a player scans it: the card (text, picture, legality) first, its
own rulings, the rulings it shares with every card of its keywords (collapsed, counted, with the
keyword's page), errata and wording history, rules used, documents, printings; contents at the
top; the layout and mana value in a player's words."""

import re

from oracle.models import Card
from web.testing import BundledDocumentsTestCase

SECTIONS = ("legality", "rulings", "shared-rulings", "errata", "wording-history", "rules-used",
            "documents", "printings")  # fmt: skip


class CardPageOrderTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = Card.objects.get(name="Zoetic Cavern")

    def page(self, language="it"):
        return self.client.get(f"/{language}/cards/{self.card.slug}/").content.decode()

    def test_the_sections_come_in_a_players_order_with_contents_at_the_top(self):
        page = self.page()
        found = [name for name in SECTIONS if f'id="{name}"' in page]
        self.assertEqual(found, sorted(found, key=lambda name: page.index(f'id="{name}"')))
        self.assertIn("shared-rulings", found)
        self.assertLess(page.index('class="card-faces"'), page.index('id="legality"'))
        toc = page[page.index('<nav class="card-toc"') :]
        toc = toc[: toc.index("</nav>")]
        self.assertEqual(re.findall(r'href="#([\w-]+)"', toc), found)
        self.assertLess(page.index('<nav class="card-toc"'), page.index('class="card-faces"'))

    def test_shared_rulings_are_collapsed_counted_and_lead_to_the_keyword(self):
        page = self.page()
        shared = page[page.index('id="shared-rulings"') :]
        shared = shared[: shared.index("</section>")]
        self.assertRegex(shared, r"<details class=\"ruling-group\">\s*<summary>Su metamorfosi")
        self.assertIn('<a href="/it/keywords/morph/">', shared)
        own = page[page.index('id="rulings"') : page.index('class="outdated-rulings"')]
        self.assertNotIn("Su metamorfosi", own)  # the card's own current rulings stand alone
        count = int(
            re.search(r'id="shared-rulings-heading">[^<]*<span class="muted">\((\d+)\)', page)[1]
        )
        self.assertEqual(count, shared.count('<li id="ruling-'))  # as many as it lists

    def test_the_layout_and_mana_value_in_a_players_words(self):
        page = self.page()
        self.assertIn("Valore di mana: 0", page)
        self.assertNotIn("Normale ·", page)
        split = Card.objects.filter(layout="split").first()
        page = self.client.get(f"/en/cards/{split.slug}/").content.decode()
        self.assertRegex(page, r"Split · Mana value: \d")
