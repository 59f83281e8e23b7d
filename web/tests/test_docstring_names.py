"""The names docstrings give in double backquotes exist.

The modules read are every ``.py`` file of the project's packages (common, config, oracle,
rulings, web), tests and migrations left out; the docstrings are those of the modules, classes
and functions. Two kinds of name are checked, everything else between double backquotes is
left alone (a lone ``read_card`` could mean anything):

- a dotted name starting with one of those packages (``oracle.search.parser``,
  ``web.http_caching.page_parameters``, optionally followed by ``()``): the longest part of it
  that imports is imported, and each name after it must be an attribute of the one before;
- a file name with a folder and an extension (``common/numbers.py``, ``cards/_card_rows.html``):
  it must exist under the project's root or, for a template, under ``templates/jinja2/``.
  URL paths (they start with ``/``) and patterns (``*``, ``{``, ``:``) are not file names.
"""

import ast
import importlib
import re
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase

PACKAGES = ("common", "config", "oracle", "rulings", "web")
ROOT = Path(settings.BASE_DIR)
TEMPLATES = ROOT / "templates" / "jinja2"
QUOTED = re.compile(r"``([^`\s]+)``")
DOTTED_NAME = re.compile(rf"^((?:{'|'.join(PACKAGES)})(?:\.\w+)+)(?:\(\))?$")
FILE_NAME = re.compile(r"^[\w.-]+(?:/[\w.-]+)+\.\w+$")


def project_modules() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if not {"tests", "migrations"} & set(path.relative_to(ROOT).parts)
    )


def docstrings(path: Path) -> list[str]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    nodes = ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    return [ast.get_docstring(node) or "" for node in nodes if isinstance(node, kinds)]


def resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:end]))
        except ImportError:
            continue
        for name in parts[end:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def file_exists(name: str) -> bool:
    return (ROOT / name).exists() or (TEMPLATES / name).exists()


def unknown_names(text: str) -> list[str]:
    unknown = []
    for quoted in QUOTED.findall(text):
        if dotted := DOTTED_NAME.match(quoted):
            if not resolves(dotted.group(1)):
                unknown.append(quoted)
        elif FILE_NAME.match(quoted) and not file_exists(quoted):
            unknown.append(quoted)
    return unknown


class DocstringNamesTests(SimpleTestCase):
    def test_the_names_docstrings_give_exist(self):
        unknown = [
            f"{path.relative_to(ROOT)}: {name}"
            for path in project_modules()
            for text in docstrings(path)
            for name in unknown_names(text)
        ]
        self.assertEqual(unknown, [])

    def test_a_made_up_name_or_file_is_unknown(self):
        text = (
            "Read by ``oracle.search.parser.no_such_function`` and ``web.no_such_module``, "
            "shown by ``cards/_no_such_partial.html``; ``oracle.search.parser`` and "
            "``common/numbers.py`` exist, ``/cards/random`` and ``read_card`` are not checked."
        )
        self.assertEqual(
            unknown_names(text),
            [
                "oracle.search.parser.no_such_function",
                "web.no_such_module",
                "cards/_no_such_partial.html",
            ],
        )
