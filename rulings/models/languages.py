"""The languages documents, rulings and rules editions are written in."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Language(models.TextChoices):
    ENGLISH = "en", _("English")
    ITALIAN = "it", _("Italian")
