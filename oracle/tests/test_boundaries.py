"""``oracle`` knows no other app of the project: the apps built on it reach its pages, its search
and its API through the extension points it offers (``oracle.card_page``, ``oracle.card_record``,
``oracle.search.extensions``), never the other way round.

The other apps are found, not named: every installed app at the top of this project."""

import ast
import importlib
import re
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.test import SimpleTestCase

ORACLE = Path(apps.get_app_config("oracle").path)
ORACLE_TEMPLATES = Path(settings.BASE_DIR) / "templates" / "jinja2" / "oracle"


def other_project_apps():
    base = Path(settings.BASE_DIR).resolve()
    return [
        config
        for config in apps.get_app_configs()
        if config.label != "oracle" and Path(config.path).resolve().parent == base
    ]


def python_files(tests: bool):
    for path in sorted(ORACLE.rglob("*.py")):
        in_tests = "tests" in path.relative_to(ORACLE).parts
        if "migrations" not in path.parts and in_tests == tests:
            yield path


def imported_modules(tree: ast.AST, relative: bool = False):
    """The modules ``tree`` imports ("oracle.text"; with ``relative``, also ".text" as "text"
    and "from . import views" as "views")."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
        elif isinstance(node, ast.ImportFrom) and relative:
            base = node.module or ""
            yield from (f"{base}.{alias.name}".lstrip(".") for alias in node.names)


def reverse_accessors(config) -> set[str]:
    """The names oracle's models would reach ``config``'s models by (``card.rulings``)."""
    return {
        relation.get_accessor_name()
        for model in apps.get_app_config("oracle").get_models()
        for relation in model._meta.related_objects
        if relation.related_model._meta.app_label == config.label
    }


def template_libraries(config) -> dict[str, set[str]]:
    """{library name: its tag and filter names} of ``config``'s template tags."""
    folder = Path(config.path) / "templatetags"
    libraries = {}
    for path in folder.glob("*.py"):
        if path.stem == "__init__":
            continue
        library = importlib.import_module(f"{config.name}.templatetags.{path.stem}").register
        libraries[path.stem] = set(library.tags) | set(library.filters)
    return libraries


class OracleKnowsNoOtherAppTests(SimpleTestCase):
    def setUp(self):
        self.others = other_project_apps()
        self.assertTrue(self.others, "the project has apps built on oracle")

    def test_no_module_of_oracle_imports_another_app(self):
        for path in [*python_files(tests=False), *python_files(tests=True)]:
            tree = ast.parse(path.read_text(), str(path))
            for module in imported_modules(tree):
                for config in self.others:
                    with self.subTest(path=str(path.relative_to(ORACLE)), app=config.name):
                        self.assertFalse(
                            module == config.name or module.startswith(config.name + "."),
                            f"imports {module}",
                        )

    def test_nothing_below_the_views_imports_views_or_template_tags(self):
        below = [ORACLE / "models", ORACLE / "search", ORACLE / "importers"]
        for path in python_files(tests=False):
            if not any(folder in path.parents for folder in below):
                continue
            tree = ast.parse(path.read_text(), str(path))
            for module in imported_modules(tree, relative=True):
                with self.subTest(path=str(path.relative_to(ORACLE)), module=module):
                    parts = module.split(".")
                    self.assertNotIn("templatetags", parts)
                    self.assertFalse(any(part.endswith("views") for part in parts))

    def test_no_code_of_oracle_names_another_apps_models_or_urls(self):
        for config in self.others:
            for path in python_files(tests=False):
                with self.subTest(path=str(path.relative_to(ORACLE)), app=config.name):
                    self.assertEqual(names_of_app(path, config), [])

    def test_no_template_of_oracle_uses_another_apps_tags_urls_or_templates(self):
        for config in self.others:
            libraries = template_libraries(config)
            own = {name for names in libraries.values() for name in names}
            oracle_tags = set(template_libraries(apps.get_app_config("oracle")).get("oracle_tags"))
            theirs = own - oracle_tags - {"url", "include", "load"}
            templates = sorted(ORACLE_TEMPLATES.rglob("*.html"))
            self.assertIn(ORACLE_TEMPLATES / "card_detail.html", templates)
            for path in templates:
                text = path.read_text()
                with self.subTest(template=path.name, app=config.name):
                    for loaded in re.findall(r"{%\s*load\s+([^%]*)%}", text):
                        self.assertFalse(set(loaded.split()) & set(libraries), loaded)
                    self.assertNotRegex(text, rf"""['"]{config.label}[:/]""")
                    used = set(re.findall(r"\|\s*(\w+)", text))
                    used |= set(re.findall(r"{%\s*(\w+)", text))
                    self.assertFalse(used & theirs, used & theirs)


def names_of_app(path: Path, config) -> list[str]:
    """What the module at ``path`` names of ``config``: its models (as names or strings), its
    URLs (``"app:view"``, ``"admin:app_model_..."``), its modules (``"app.module"``), its app
    label or relations to its models asked of ``get_model`` or ``_meta.get_field``."""
    models = {model.__name__ for model in config.get_models()}
    accessors = reverse_accessors(config)
    prefixes = (f"{config.label}:", f"admin:{config.label}_", f"{config.name}.")
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in models:
                found.append(name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in models or node.value.startswith(prefixes):
                found.append(node.value)
        elif isinstance(node, ast.Call) and _called(node) in ("get_field", "get_model"):
            named = {arg.value for arg in node.args if isinstance(arg, ast.Constant)}
            found += sorted(named & (accessors | {config.label}))
    return found


def _called(node: ast.Call) -> str:
    function = node.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
