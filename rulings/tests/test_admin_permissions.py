"""Admin actions ask for permissions, and the rules cards use keep a history of editors'
changes: every registered admin's actions declare ``allowed_permissions``; a staff user who may
only view runs none of them and deletes no hand-made link; editors' changes to links are
recorded and can be reverted."""

from datetime import date

from django.contrib import admin
from django.contrib.auth.models import Group, Permission, User
from django.urls import reverse

from oracle.tests.factories import make_card
from rulings.editorial.editors import EDITORS_GROUP
from rulings.linking.sync import link_cards
from rulings.models import CardRule, Ruling
from rulings.tests.factories import make_small_rules
from web.testing import EmptyDatabaseTestCase

Origin, Reason = CardRule.Origin, CardRule.Reason


def every_action():
    """(model admin, action name, action function) for every registered admin's actions,
    site-wide ones (delete_selected) included."""
    for model_admin in admin.site._registry.values():
        for function, name, _description in model_admin._get_base_actions():
            yield model_admin, name, function


def snapshot():
    """Every row of every model the admin shows, as values: what an action could change."""
    return {
        model._meta.label: sorted(map(repr, model._default_manager.values()))
        for model in admin.site._registry
    }


class AdminFixture(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.edition, cls.sections = make_small_rules()
        cls.card = make_card(name="Storm Crow", oracle_text="Flying")
        link_cards()
        cls.computed = CardRule.objects.get(card=cls.card, section__number="702.9")
        cls.hand_made = CardRule.objects.create(
            card=cls.card,
            section=cls.sections["702.17"],
            reason=Reason.EDITOR,
            detail="a note",
            origin=Origin.MANUAL,
        )
        cls.ruling = Ruling.objects.create(
            card=cls.card, date=date(2020, 1, 1), text="It flies.", origin=Ruling.Origin.EDITOR
        )


class ActionPermissionTests(AdminFixture):
    def test_every_admin_action_declares_the_permissions_it_needs(self):
        actions = list(every_action())
        self.assertIn("exclude_links", {name for _admin, name, _function in actions})
        missing = [
            f"{type(model_admin).__name__}.{name}"
            for model_admin, name, function in actions
            if not getattr(function, "allowed_permissions", None)
        ]
        self.assertEqual(missing, [])

    def test_a_staff_user_who_may_only_view_runs_no_action_and_deletes_no_link(self):
        viewer = User.objects.create_user("viewer", password="pw-for-tests", is_staff=True)
        viewer.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
        self.client.force_login(viewer)
        chosen = {
            CardRule: [self.computed.pk, self.hand_made.pk],
            Ruling: [self.ruling.pk],
        }
        before = snapshot()
        tried = []
        for model_admin, name, _function in every_action():
            model = model_admin.model
            if model not in chosen:
                continue
            opts = model._meta
            url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
            page = self.client.get(url)
            self.assertEqual(page.status_code, 200, url)
            self.assertNotContains(page, f'value="{name}"')
            response = self.client.post(
                url, {"action": name, "_selected_action": chosen[model], "post": "yes"}, follow=True
            )
            self.assertEqual(response.status_code, 200, (url, name))
            self.assertNotContains(response, 'class="success"')
            tried.append(name)
        self.assertEqual(
            set(tried),
            {
                "exclude_links",
                "undo_hand_changes",
                "withdraw",
                "accept_upstream",
                "keep_editors",
                "delete_selected",
            },
        )
        delete = reverse("admin:rulings_cardrule_delete", args=[self.hand_made.pk])
        with self.assertLogs("django.request", "WARNING"):
            self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 403)
        self.assertEqual(snapshot(), before)

    def test_an_editor_runs_the_actions_of_the_models_they_edit(self):
        editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        self.client.force_login(editor)
        page = self.client.get(reverse("admin:rulings_cardrule_changelist"))
        self.assertContains(page, 'value="exclude_links"')
        self.assertContains(page, 'value="undo_hand_changes"')
        page = self.client.get(reverse("admin:rulings_ruling_changelist"))
        self.assertContains(page, 'value="withdraw"')


class CardRuleHistoryTests(AdminFixture):
    def setUp(self):
        self.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        self.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        self.client.force_login(self.editor)

    def history_of(self, link):
        return list(CardRule.history.filter(id=link.pk).order_by("history_date", "history_id"))

    def test_recomputing_the_links_records_no_history(self):
        CardRule.objects.filter(pk=self.computed.pk).delete()
        CardRule.history.all().delete()
        link_cards()
        self.assertTrue(CardRule.objects.filter(card=self.card, section__number="702.9").exists())
        self.assertFalse(CardRule.history.exists())

    def test_an_editors_change_to_a_computed_link_is_recorded_and_can_be_reverted(self):
        url = reverse("admin:rulings_cardrule_change", args=[self.computed.pk])
        form = {
            "card": self.card.pk,
            "section": self.computed.section_id,
            "reason": Reason.KEYWORD_ABILITY,
            "detail": "Flying, checked by hand",
        }
        self.assertEqual(self.client.post(url, form).status_code, 302)
        first, second = self.history_of(self.computed)
        self.assertEqual((first.origin, first.detail), (Origin.COMPUTED, "Flying"))
        self.assertEqual(first.history_change_reason, "Computed by link_rules")
        self.assertEqual((second.origin, second.detail), (Origin.MANUAL, "Flying, checked by hand"))
        self.assertEqual(second.history_user, self.editor)

        history_page = self.client.get(
            reverse("admin:rulings_cardrule_history", args=[self.computed.pk])
        )
        self.assertContains(history_page, "Flying, checked by hand")
        self.assertContains(history_page, "editor")
        revert = reverse(
            "admin:rulings_cardrule_simple_history", args=[self.computed.pk, first.history_id]
        )
        self.assertContains(self.client.get(revert), 'value="Flying"')
        response = self.client.post(revert, {**form, "detail": "Flying"})
        self.assertEqual(response.status_code, 302)
        self.computed.refresh_from_db()
        self.assertEqual(self.computed.detail, "Flying")
        self.assertEqual(len(self.history_of(self.computed)), 3)

    def test_removing_and_undoing_links_in_the_admin_is_recorded(self):
        url = reverse("admin:rulings_cardrule_changelist")
        response = self.client.post(
            url, {"action": "exclude_links", "_selected_action": [self.computed.pk]}, follow=True
        )
        self.assertContains(response, "1 link removed.")
        records = self.history_of(self.computed)
        self.assertEqual([r.history_type for r in records], ["+", "~"])
        self.assertEqual((records[1].excluded, records[1].history_user), (True, self.editor))
        self.assertEqual(records[1].history_change_reason, "Removed in the admin")

        response = self.client.post(
            url,
            {"action": "undo_hand_changes", "_selected_action": [self.computed.pk], "post": "yes"},
            follow=True,
        )
        self.assertContains(response, "1 hand change undone")
        records = self.history_of(self.computed)
        self.assertEqual([r.history_type for r in records], ["+", "~", "-"])
        self.assertEqual(records[-1].history_user, self.editor)

    def test_deleting_a_hand_made_link_is_recorded_with_who(self):
        delete = reverse("admin:rulings_cardrule_delete", args=[self.hand_made.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        self.assertFalse(CardRule.objects.filter(pk=self.hand_made.pk).exists())
        records = self.history_of(self.hand_made)
        self.assertEqual([r.history_type for r in records], ["+", "-"])
        self.assertEqual(records[-1].history_user, self.editor)
        self.assertEqual(records[-1].section_id, self.sections["702.17"].pk)
