"""Reverting to a past version in the admin is a change, and bringing back a deleted object is an
addition: every model with history asks for those permissions on its revert page, whoever
posts to it, while anyone who may view the object may read its history."""

from datetime import date

from django.contrib import admin
from django.contrib.auth.models import Group, Permission, User
from django.test import RequestFactory
from django.urls import reverse
from simple_history.admin import SimpleHistoryAdmin

from oracle.models import Erratum
from oracle.tests.factories import make_card, make_erratum
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import CardRule, Ruling, RulingTranslation
from rulings.tests.factories import make_small_rules
from web.testing import EmptyDatabaseTestCase

PASSWORD = "pw-for-tests"


def admins_with_history():
    return {
        model: model_admin
        for model, model_admin in admin.site._registry.items()
        if isinstance(model_admin, SimpleHistoryAdmin)
    }


class RevertPermissionTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        _edition, sections = make_small_rules()
        card = make_card(name="Storm Crow", oracle_text="Flying")
        cls.superuser = User.objects.create_superuser("root", password=PASSWORD)
        cls.editor = User.objects.create_user("editor", password=PASSWORD, is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        cls.viewer = User.objects.create_user("viewer", password=PASSWORD, is_staff=True)
        cls.viewer.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
        # May change what exists, but was never allowed to add: no restoring deleted objects.
        cls.changer = User.objects.create_user("changer", password=PASSWORD, is_staff=True)
        cls.changer.user_permissions.set(
            Permission.objects.filter(codename__regex=r"^(view|change)_")
        )
        cls.originals = {
            Erratum: make_erratum(card, "Flying", "Flying, reach"),
            Ruling: Ruling.objects.create(
                card=card, date=date(2020, 1, 1), text="It flies.", origin=Ruling.Origin.EDITOR
            ),
            CardRule: CardRule.objects.create(
                card=card,
                section=sections["702.17"],
                reason=CardRule.Reason.EDITOR,
                detail="first note",
                origin=CardRule.Origin.MANUAL,
            ),
        }
        cls.first_versions = {
            model: cls.latest_version(obj) for model, obj in cls.originals.items()
        }
        for obj in cls.originals.values():
            cls.edit(obj)

    @staticmethod
    def text_field(model):
        return {Erratum: "new_text", Ruling: "text", CardRule: "detail"}[model]

    @classmethod
    def edit(cls, obj):
        setattr(obj, cls.text_field(type(obj)), "changed later")
        obj.save()

    @staticmethod
    def latest_version(obj):
        return obj.history.order_by("-history_date", "-history_id").first()

    def test_every_model_with_history_is_covered(self):
        # RulingTranslation's reverts: rulings.tests.test_translation_review.
        self.assertEqual(set(admins_with_history()), {*self.originals, RulingTranslation})

    def revert_url(self, model, version):
        opts = model._meta
        return reverse(
            f"admin:{opts.app_label}_{opts.model_name}_simple_history",
            args=[version.instance.pk, version.history_id],
        )

    def revert_form(self, model, version):
        """What the revert page's form holds for ``version``: posting it restores that version."""
        request = RequestFactory().get("/")
        request.user = self.superuser
        model_admin = admins_with_history()[model]
        form = model_admin.get_form(request, version.instance)(instance=version.instance)
        data = {}
        for name in form.fields:
            value = form[name].value()
            if value is not None:
                data[name] = value
        return data

    def post_revert(self, user, model):
        version = self.first_versions[model]
        self.client.force_login(user)
        url = self.revert_url(model, version)
        return self.client.post(url, self.revert_form(model, version))

    def current_text(self, model):
        obj = model.objects.filter(pk=self.originals[model].pk).first()
        return obj and getattr(obj, self.text_field(model))

    def delete_all(self):
        for obj in self.originals.values():
            type(obj).objects.filter(pk=obj.pk).delete()

    def test_a_viewer_reads_history_and_revert_pages_without_a_save_button(self):
        self.client.force_login(self.viewer)
        for model, version in self.first_versions.items():
            with self.subTest(model=model.__name__):
                opts = model._meta
                history = reverse(
                    f"admin:{opts.app_label}_{opts.model_name}_history",
                    args=[version.instance.pk],
                )
                self.assertEqual(self.client.get(history).status_code, 200)
                page = self.client.get(self.revert_url(model, version))
                self.assertEqual(page.status_code, 200)
                self.assertNotContains(page, 'name="_save"')

    def test_a_viewer_cannot_revert(self):
        for model in self.originals:
            with self.subTest(model=model.__name__):
                self.assertEqual(self.post_revert(self.viewer, model).status_code, 403)
                self.assertEqual(self.current_text(model), "changed later")

    def test_a_viewer_cannot_bring_back_a_deleted_object(self):
        self.delete_all()
        for model in self.originals:
            with self.subTest(model=model.__name__):
                self.assertEqual(self.post_revert(self.viewer, model).status_code, 403)
                self.assertFalse(model.objects.filter(pk=self.originals[model].pk).exists())

    def test_one_who_may_change_but_not_add_reverts_but_does_not_bring_back(self):
        for model in self.originals:
            with self.subTest(model=model.__name__):
                self.assertEqual(self.post_revert(self.changer, model).status_code, 302)
                self.assertNotEqual(self.current_text(model), "changed later")
        self.delete_all()
        for model in self.originals:
            with self.subTest(model=model.__name__, deleted=True):
                self.assertEqual(self.post_revert(self.changer, model).status_code, 403)
                self.assertFalse(model.objects.filter(pk=self.originals[model].pk).exists())

    def test_editors_and_superusers_revert_and_bring_back(self):
        for user in (self.editor, self.superuser):
            for model in self.originals:
                with self.subTest(user=user.username, model=model.__name__):
                    self.edit(model.objects.get(pk=self.originals[model].pk))
                    self.assertEqual(self.post_revert(user, model).status_code, 302)
                    self.assertNotEqual(self.current_text(model), "changed later")
        self.delete_all()
        for user in (self.editor, self.superuser):
            for model in self.originals:
                with self.subTest(user=user.username, model=model.__name__, deleted=True):
                    model.objects.filter(pk=self.originals[model].pk).delete()
                    self.assertEqual(self.post_revert(user, model).status_code, 302)
                    self.assertTrue(model.objects.filter(pk=self.originals[model].pk).exists())
