"""One card page request traced through the Python modules and templates it enters.

    .venv/bin/python benchmarks/trace_card_page.py [--database FILE] [--card SLUG] [--language it]

The page is requested once to warm up (Django's start-up and the compiled templates are not
counted), then once under ``sys.setprofile``. Each call of a function of Oracolo's
(``common``, ``config``, ``oracle``, ``rulings``, ``web``) enters its module, whoever called it
(Python, a template, Django); entering another module than the last one entered is a switch,
and a switch to a module the request had already left is a return. Templates are counted apart, by
the compiled Jinja code's file name. Django's and the libraries' own frames are not counted."""

import argparse
import sys
from pathlib import Path

from timing import ROOT, start_django

APPS = ("common", "config", "oracle", "rulings", "web")
APP_DIRS = tuple(str(ROOT / app) + "/" for app in APPS)
TEMPLATES = str(ROOT / "templates") + "/"


class Tracer:
    def __init__(self):
        self.current = None
        self.modules = set()
        self.templates = set()
        self.left = set()
        self.switches = 0
        self.returns = 0
        self.pairs = {}

    def module_of(self, frame) -> str | None:
        """The Oracolo module whose code ``frame`` runs (None for Django's, a library's or a
        template's, whose calls change no module)."""
        filename = frame.f_code.co_filename
        if filename.startswith(APP_DIRS):
            return filename[len(str(ROOT)) + 1 :]
        if filename.startswith(TEMPLATES):
            self.templates.add(filename[len(TEMPLATES) :])
        return None

    def __call__(self, frame, event, arg):
        if event != "call":
            return
        module = self.module_of(frame)
        if module is None or module == self.current:
            return
        if self.current is not None:
            self.switches += 1
            pair = (self.current, module)
            self.pairs[pair] = self.pairs.get(pair, 0) + 1
            self.left.add(self.current)
            if module in self.left:
                self.returns += 1
        self.modules.add(module)
        self.current = module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, default=ROOT / "db.sqlite3")
    parser.add_argument("--card", default="lightning-bolt", help="the card's slug")
    parser.add_argument("--language", default="en", choices=("en", "it"))
    parser.add_argument("--list", action="store_true", help="name the modules entered")
    options = parser.parse_args()
    start_django(options.database)

    from django.test import Client

    client = Client()
    url = f"/{options.language}/cards/{options.card}/"
    response = client.get(url)
    if response.status_code != 200:
        sys.exit(f"{url} answered {response.status_code}")
    tracer = Tracer()
    sys.setprofile(tracer)
    try:
        client.get(url)
    finally:
        sys.setprofile(None)
    print(f"{url} on {options.database}")
    print(f"Python modules entered     {len(tracer.modules):>5}")
    print(f"switches between modules   {tracer.switches:>5}")
    print(f"returns to a module left   {tracer.returns:>5}")
    print(f"templates entered          {len(tracer.templates):>5}")
    if options.list:
        for name in sorted(tracer.modules):
            print(f"    {name}")
        for name in sorted(tracer.templates):
            print(f"    templates/{name}")
        print("most frequent switches:")
        for (left, entered), number in sorted(tracer.pairs.items(), key=lambda item: -item[1])[:15]:
            print(f"    {number:>5}  {left} -> {entered}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
