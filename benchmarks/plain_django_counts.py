"""Counts of what issue 42 asked to shrink, read from the source tree (no database needed).

    .venv/bin/python benchmarks/plain_django_counts.py [--root DIR]

- hand-written SQL statements: the statements (SELECT, INSERT INTO, UPDATE ... SET,
  DELETE FROM, a subquery counted as one) written in string literals (plain or f-strings) of
  app code, outside docstrings, tests and migrations;
- engine branches: comparisons with ``connection.vendor`` (or ``.vendor`` of a connection) in
  app code outside migrations and tests, and the modules that hold them;
- ``macro(`` calls from Python: Python code that calls a template macro by name;
- tests in ``web/tests``: test methods (``def test_...``) and test modules.

``--root`` counts another checkout (main before the change, for the side-by-side table)."""

import argparse
import ast
import re
import sys
from pathlib import Path

APPS = ("common", "config", "oracle", "rulings", "web")
STATEMENT = re.compile(r"\b(SELECT|INSERT INTO|UPDATE \S+ SET|DELETE FROM)\b")
VENDOR = re.compile(r"\.vendor\b")
MACRO_CALL = re.compile(r"macro\(")


def app_modules(root: Path, with_migrations=False):
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            parts = path.relative_to(root).parts
            if "tests" in parts or path.name == "testing.py":
                continue
            if "migrations" in parts and not with_migrations:
                continue
            yield path


def literal_text(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
    return None


def sql_statements(path: Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    inner = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            inner.update(id(value) for value in node.values)
    count = 0
    for node in ast.walk(tree):
        if id(node) in docstrings or id(node) in inner:
            continue
        text = literal_text(node)
        if text:
            count += len(STATEMENT.findall(text))
    return count


def vendor_branches(path: Path) -> int:
    return sum(
        1
        for line in path.read_text(encoding="utf-8").splitlines()
        if VENDOR.search(line) and not line.lstrip().startswith("#")
    )


def macro_calls(path: Path) -> int:
    return len(MACRO_CALL.findall(path.read_text(encoding="utf-8")))


def web_tests(root: Path) -> tuple[int, int]:
    modules = sorted((root / "web" / "tests").glob("test_*.py"))
    methods = sum(
        len(re.findall(r"^\s+def test_\w+", path.read_text(encoding="utf-8"), re.M))
        for path in modules
    )
    return len(modules), methods


def count(root: Path) -> dict:
    sql = {}
    vendor = {}
    macros = {}
    for path in app_modules(root):
        name = str(path.relative_to(root))
        if found := sql_statements(path):
            sql[name] = found
        if found := vendor_branches(path):
            vendor[name] = found
        if found := macro_calls(path):
            macros[name] = found
    modules, methods = web_tests(root)
    return {"sql": sql, "vendor": vendor, "macros": macros, "tests": (modules, methods)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--list", action="store_true", help="name every module counted")
    options = parser.parse_args()
    counts = count(options.root)
    rows = [
        ("hand-written SQL statements", counts["sql"]),
        ("engine branches (.vendor)", counts["vendor"]),
        ("macro( calls from Python", counts["macros"]),
    ]
    print(f"{'what':34} {'count':>6} {'modules':>8}")
    for label, found in rows:
        print(f"{label:34} {sum(found.values()):>6} {len(found):>8}")
        if options.list:
            for name, number in sorted(found.items(), key=lambda item: -item[1]):
                print(f"    {number:>4}  {name}")
    modules, methods = counts["tests"]
    print(f"{'tests in web/tests':34} {methods:>6} {modules:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
