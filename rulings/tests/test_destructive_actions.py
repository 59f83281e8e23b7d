"""The admin's destructive actions ask first, in the editor's language, listing what they will
change, and the history undoes them: undoing editors' hand changes to the rules cards use (a link
it deleted comes back from its history, in the place of the computed link the linker made at its
card and rule since) and withdrawing rulings."""

from unittest import mock

from django.contrib.auth.models import Group, User
from django.urls import reverse

from oracle.tests.helpers import posted_values
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import CardRule, CardRuleSearch, Ruling
from rulings.tests.test_admin_permissions import AdminFixture

Origin, Reason = CardRule.Origin, CardRule.Reason
ITALIAN = {"accept-language": "it-IT,it;q=0.9"}
CHANGELIST = reverse("admin:rulings_cardrule_changelist")


class EditorTestCase(AdminFixture):
    changelist = CHANGELIST

    def setUp(self):
        self.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        self.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        self.client.force_login(self.editor)

    def run_action(self, name, objects, confirmed=True, **headers):
        data = {"action": name, "_selected_action": [obj.pk for obj in objects]}
        if confirmed:
            data["post"] = "yes"
        return self.client.post(self.changelist, data, headers=headers)


class UndoingHandChangesTests(EditorTestCase):
    def numbers(self) -> str:
        return CardRuleSearch.numbers_of(self.card.pk)

    def revert(self, link_id, record):
        """Post the revert page of ``record`` (a past version of the link ``link_id``) as the
        page shows it."""
        url = reverse("admin:rulings_cardrule_simple_history", args=[link_id, record.history_id])
        page = self.client.get(url)
        self.assertEqual(page.status_code, 200)
        self.assertContains(page, 'value="Revert"')
        form = {
            "card": record.card_id,
            "section": record.section_id,
            "reason": record.reason,
            "detail": record.detail,
        }
        if record.excluded:
            form["excluded"] = "on"
        return self.client.post(url, form)

    def test_undoing_asks_first_listing_the_links_it_changes(self):
        response = self.run_action(
            "undo_hand_changes", [self.hand_made, self.computed], confirmed=False
        )
        self.assertEqual(response.status_code, 200)
        self.assertTemplateUsed(response, "admin/action_confirmation.html")
        self.assertContains(response, "Are you sure?")
        self.assertContains(response, "Undo the hand changes to these links?")
        self.assertEqual(response.context["objects"], [self.hand_made])  # the computed one stays
        self.assertContains(response, "Storm Crow → 702.17")
        self.assertNotContains(response, "Storm Crow → 702.9<")
        page = response.content.decode()
        for hidden in (
            '<input type="hidden" name="action" value="undo_hand_changes">',
            '<input type="hidden" name="post" value="yes">',
            f'<input type="hidden" name="_selected_action" value="{self.hand_made.pk}">',
            f'<input type="hidden" name="_selected_action" value="{self.computed.pk}">',
        ):
            self.assertIn(hidden, page)
        self.assertTrue(CardRule.objects.filter(pk=self.hand_made.pk).exists())
        self.assertFalse(CardRule.history.filter(history_type="-").exists())

    def test_the_question_is_asked_in_italian(self):
        response = self.run_action("undo_hand_changes", [self.hand_made], False, **ITALIAN)
        self.assertContains(response, "Sei sicuro?")
        self.assertContains(response, "Annullare le modifiche manuali di questi collegamenti?")
        self.assertContains(response, "Sì, sono sicuro")
        self.assertContains(response, "No, torna indietro")

    def test_saying_yes_undoes_the_hand_changes(self):
        response = self.run_action("undo_hand_changes", [self.hand_made, self.computed])
        self.assertEqual(response.status_code, 302)
        self.assertFalse(CardRule.objects.filter(pk=self.hand_made.pk).exists())
        self.assertTrue(CardRule.objects.filter(pk=self.computed.pk).exists())
        self.assertNotIn(" 702.17 ", self.numbers())

    def test_nothing_to_undo_asks_nothing(self):
        response = self.run_action("undo_hand_changes", [self.computed], confirmed=False)
        self.assertEqual(response.status_code, 302)
        self.assertTrue(CardRule.objects.filter(pk=self.computed.pk).exists())

    def test_a_deleted_hand_made_link_comes_back_from_its_history(self):
        self.run_action("undo_hand_changes", [self.hand_made])
        self.assertFalse(CardRule.objects.filter(pk=self.hand_made.pk).exists())
        created = CardRule.history.filter(id=self.hand_made.pk, history_type="+").get()
        history = self.client.get(
            reverse("admin:rulings_cardrule_history", args=[self.hand_made.pk])
        )
        self.assertEqual(history.status_code, 200)
        response = self.revert(self.hand_made.pk, created)
        self.assertEqual(response.status_code, 302, response.content[:3000])
        restored = CardRule.objects.get(pk=self.hand_made.pk)
        self.assertEqual((restored.origin, restored.detail), (Origin.MANUAL, "a note"))
        self.assertIn(" 702.17 ", self.numbers())

    def test_an_undone_removal_comes_back_in_place_of_the_computed_link(self):
        """An editor removes a computed link, undoes the removal (the linker computes the link
        again, as a new row), then restores the removal from the removed link's history."""
        self.run_action("exclude_links", [self.computed])
        self.assertNotIn(" 702.9 ", self.numbers())
        removed = CardRule.history.filter(id=self.computed.pk, history_type="~").latest()
        self.run_action("undo_hand_changes", [self.computed])
        recomputed = CardRule.objects.get(card=self.card, section=self.sections["702.9"])
        self.assertNotEqual(recomputed.pk, self.computed.pk)
        self.assertEqual(recomputed.origin, Origin.COMPUTED)
        self.assertIn(" 702.9 ", self.numbers())

        response = self.revert(self.computed.pk, removed)
        self.assertEqual(response.status_code, 302, response.content[:3000])
        restored = CardRule.objects.get(card=self.card, section=self.sections["702.9"])
        self.assertEqual(restored.pk, self.computed.pk)
        self.assertEqual((restored.origin, restored.excluded), (Origin.MANUAL, True))
        self.assertNotIn(" 702.9 ", self.numbers())
        records = CardRule.history.filter(id=self.computed.pk).order_by("history_date")
        self.assertEqual([r.history_type for r in records], ["+", "~", "-", "+"])
        self.assertEqual(records.last().history_user, self.editor)

    def test_a_link_an_editor_has_made_again_is_not_replaced_by_a_restored_one(self):
        self.run_action("undo_hand_changes", [self.hand_made])
        again = CardRule.objects.create(
            card=self.card,
            section=self.sections["702.17"],
            reason=Reason.EDITOR,
            detail="made again",
            origin=Origin.MANUAL,
        )
        created = CardRule.history.filter(id=self.hand_made.pk, history_type="+").get()
        response = self.revert(self.hand_made.pk, created)
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "already exists")
        self.assertEqual(
            list(CardRule.objects.filter(card=self.card, section=self.sections["702.17"])),
            [again],
        )


class WithdrawingRulingsTests(EditorTestCase):
    changelist = reverse("admin:rulings_ruling_changelist")

    def test_withdrawing_asks_first_in_the_editors_language(self):
        withdrawn = Ruling.objects.create(
            card=self.card, date=self.ruling.date, text="Gone.", status=Ruling.Status.WITHDRAWN
        )
        response = self.run_action("withdraw", [self.ruling, withdrawn], False, **ITALIAN)
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Ritirare queste note di regolamento?")
        self.assertEqual(response.context["objects"], [self.ruling])
        self.assertContains(response, '<input type="hidden" name="action" value="withdraw">')
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.status, Ruling.Status.CURRENT)

    def test_a_withdrawn_ruling_comes_back_from_its_history(self):
        response = self.run_action("withdraw", [self.ruling])
        self.assertEqual(response.status_code, 302)
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.status, Ruling.Status.WITHDRAWN)
        first = self.ruling.history.earliest()
        url = reverse("admin:rulings_ruling_simple_history", args=[self.ruling.pk, first.pk])
        form = self.client.get(url).context["adminform"].form
        self.assertEqual(self.client.post(url, posted_values(form)).status_code, 302)
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.status, Ruling.Status.CURRENT)


class MassActionsAskFirstTests(EditorTestCase):
    """Removing every link of the list ("Select all") and settling rulings reworded upstream ask
    first; removing a few chosen links, undone as easily, does not."""

    def reworded(self):
        return Ruling.objects.create(
            card=self.card,
            date=self.ruling.date,
            text="The editors’ wording.",
            upstream_text="The source’s wording.",
            upstream_date=self.ruling.date,
            origin=Ruling.Origin.EDITOR,
        )

    def test_settling_a_rewording_asks_first_and_then_does_it(self):
        self.changelist = reverse("admin:rulings_ruling_changelist")
        for name, question, text in (
            ("accept_upstream", "Replace the editors’ wording", "The source’s wording."),
            ("keep_editors", "Keep the editors’ wording of these", "The editors’ wording."),
        ):
            with self.subTest(action=name):
                ruling = self.reworded()
                response = self.run_action(name, [ruling, self.ruling], confirmed=False)
                self.assertContains(response, "Are you sure?")
                self.assertContains(response, question)
                self.assertEqual(response.context["objects"], [ruling])  # nothing to settle
                ruling.refresh_from_db()
                self.assertEqual(ruling.upstream_text, "The source’s wording.")
                self.assertEqual(self.run_action(name, [ruling]).status_code, 302)
                ruling.refresh_from_db()
                self.assertEqual((ruling.text, ruling.upstream_text), (text, ""))

    def test_the_italian_questions(self):
        self.changelist = reverse("admin:rulings_ruling_changelist")
        ruling = self.reworded()
        response = self.run_action("keep_editors", [ruling], False, **ITALIAN)
        self.assertContains(response, "Sei sicuro?")
        self.assertContains(response, "Mantenere la formulazione dei redattori")

    def test_removing_every_link_of_the_list_asks_first(self):
        every = {"action": "exclude_links", "select_across": "1", "index": "0"}
        every["_selected_action"] = [self.computed.pk]
        with mock.patch("common.admin_confirmations.SHOWN_AT_MOST", 1):
            response = self.client.post(self.changelist, every, headers=ITALIAN)
        self.assertContains(response, "Rimuovere tutti questi collegamenti?")
        links = CardRule.objects.count()
        self.assertGreater(links, 1)
        self.assertEqual(len(response.context["objects"]), 1)
        self.assertContains(response, f"… e ancora {links - 1} ({links} in tutto).")
        self.assertContains(response, '<input type="hidden" name="select_across" value="1">')
        self.assertFalse(CardRule.objects.filter(excluded=True).exists())
        # "Yes, I'm sure" posts "Select all" back, with one link named as Django wants.
        confirmed = {"action": "exclude_links", "post": "yes", "select_across": "1"}
        confirmed["_selected_action"] = list(response.context["selected"])
        self.assertEqual(confirmed["_selected_action"], [self.computed.pk])
        self.assertEqual(self.client.post(self.changelist, confirmed).status_code, 302)
        self.assertEqual(CardRule.objects.filter(excluded=True).count(), links)

    def test_removing_chosen_links_does_not_ask(self):
        response = self.run_action("exclude_links", [self.computed], confirmed=False)
        self.assertEqual(response.status_code, 302)
        self.computed.refresh_from_db()
        self.assertTrue(self.computed.excluded)
