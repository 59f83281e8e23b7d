"""Django's makemessages, reading the Jinja2 templates (``templates/jinja2/``) too.

Django reads a ``.html`` file as a Django template: in a Jinja2 one it finds ``{{ _("...") }}``
but not ``pgettext(...)``, ``{% trans %}`` blocks or plurals. Here Jinja2 itself lists a Jinja2
template's translatable strings (``Environment.extract_translations``), and each becomes a
Python call on its own line (``gettext``, ``pgettext``, ``ngettext``, ``npgettext``), which
xgettext reads as it reads the Python modules; the catalogue's references name the template
and line. Every other file is read as Django reads it.
"""

from pathlib import Path

from django.core.management.commands import makemessages
from django.template import engines
from django.utils.functional import cached_property

# How many of a call's first arguments are its strings: context, singular, plural.
_STRING_ARGUMENTS = {"gettext": 1, "_": 1, "pgettext": 2, "ngettext": 2, "npgettext": 3}


class JinjaTemplateFile(makemessages.BuildFile):
    @cached_property
    def is_jinja2_template(self) -> bool:
        path = Path(self.path)
        return self.domain == "django" and path.suffix == ".html" and "jinja2" in path.parts

    def preprocess(self):
        if not self.is_jinja2_template:
            return super().preprocess()
        source = Path(self.path).read_text(encoding="utf-8")
        lines = [""] * (source.count("\n") + 1)
        env = engines["jinja2"].env
        for line_number, function, strings in env.extract_translations(source):
            call = python_call(function, strings)
            if call:
                lines[line_number - 1] += call
        Path(self.work_path).write_text("\n".join(lines), encoding="utf-8")


def python_call(function: str, strings) -> str | None:
    """``pgettext('site name', 'Oracolo')`` for one string Jinja2 found, or None when its text
    is not a constant (a variable passed to ``_()``)."""
    if strings is None:
        return None
    if isinstance(strings, str):
        strings = (strings,)
    count = _STRING_ARGUMENTS.get(function)
    if count is None or len(strings) < count:
        return None
    texts = strings[:count]
    if any(not isinstance(text, str) for text in texts):
        return None
    name = "gettext" if function == "_" else function
    arguments = [repr(text) for text in texts]
    if name in ("ngettext", "npgettext"):
        arguments.append("n")
    return f"{name}({', '.join(arguments)});"


class Command(makemessages.Command):
    build_file_class = JinjaTemplateFile
