"""The memory's texts that no public ruling has any more (``refresh_texts``): when they went,
and which text took their place. A reworded ruling (by a later import or an editor) is followed
to its new text; a ruling dropped by the source or withdrawn by an editor has none, however many
rulings its card keeps; a text that comes back is in use again, replaced by nothing."""

import json

from django.contrib.auth.models import Group, User
from django.urls import reverse

from oracle.models import Card
from oracle.tests.helpers import FUT, TemporaryFilesMixin, run_import
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling, RulingText
from web.testing import EmptyDatabaseTestCase

NIX_FIRST = "Nix can target any spell. The condition is checked only on resolution."
NIX_REWORDED = "Nix can target any spell. The condition is checked only as Nix resolves."


class GoneTextTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    def setUp(self):
        super().setUp()
        run_import(FUT)
        self.nix = Card.objects.get(name="Nix")
        self.first = self.nix.rulings.get(text=NIX_FIRST)
        self.key = self.first.memory_key
        self.assertEqual(self.nix.rulings.count(), 3)

    def text(self) -> RulingText:
        return RulingText.objects.get(key=self.key)

    def file_with_nix_rulings(self, change):
        data = json.loads(FUT.read_text(encoding="utf-8"))
        for card in data["data"]["cards"]:
            if card["name"] == "Nix":
                card["rulings"] = change(card["rulings"])
        return self.write_json("FUT-changed.json", data)

    def editor_client(self):
        editor = User.objects.create_user("edo", password="pw-for-tests", is_staff=True)
        editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        self.client.force_login(editor)

    def test_a_ruling_the_source_drops_has_no_replacement(self):
        run_import(self.file_with_nix_rulings(lambda rulings: rulings[1:]))
        text = self.text()
        self.assertIsNotNone(text.gone_since)
        self.assertIsNone(text.replaced_by)
        self.assertEqual((text.rulings, text.card_rulings), (0, 0))

    def test_a_ruling_reworded_redated_and_moved_is_followed_to_its_new_text(self):
        def reword(rulings):
            return [*rulings[1:], {"date": "2024-02-02", "text": NIX_REWORDED}]

        run_import(self.file_with_nix_rulings(reword))
        new = self.nix.rulings.get(text=NIX_REWORDED)
        text = self.text()
        self.assertIsNotNone(text.gone_since)
        self.assertEqual(text.replaced_by_id, new.memory_key)
        self.assertEqual(
            text.replaced_by.english,
            "{this} can target any spell. The condition is checked only as {this} resolves.",
        )

        # The old file again: the old text is back in use, replaced by nothing; the new one is
        # gone, and replaced by the old.
        run_import(FUT)
        text = self.text()
        self.assertIsNone(text.gone_since)
        self.assertIsNone(text.replaced_by)
        self.assertEqual(text.card_rulings, 1)
        self.assertEqual(RulingText.objects.get(key=new.memory_key).replaced_by_id, self.key)

    def test_an_editor_withdrawing_a_ruling_leaves_no_replacement(self):
        self.editor_client()
        response = self.client.post(
            reverse("admin:rulings_ruling_changelist"),
            {"action": "withdraw", "_selected_action": [self.first.pk], "post": "yes"},
        )
        self.assertEqual(response.status_code, 302)
        text = self.text()
        self.assertIsNotNone(text.gone_since)
        self.assertIsNone(text.replaced_by)  # not the card's other rulings of the same day

    def test_an_editor_rewording_a_ruling_replaces_its_text_with_the_new(self):
        self.editor_client()
        response = self.client.post(
            reverse("admin:rulings_ruling_change", args=[self.first.pk]),
            {
                "card": self.nix.pk,
                "date": "2007-05-01",
                "language": "en",
                "position": 0,
                "text": NIX_REWORDED,
                "source_document": self.first.source_document_id,
            },
        )
        self.assertEqual(response.status_code, 302)
        self.first.refresh_from_db()
        self.assertNotEqual(self.first.memory_key, self.key)
        text = self.text()
        self.assertIsNotNone(text.gone_since)
        self.assertEqual(text.replaced_by_id, self.first.memory_key)
        self.assertEqual(Ruling.objects.filter(memory_key=self.key).count(), 0)
