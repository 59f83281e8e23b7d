"""Count the A4 pages of the judge's sheet (issue 45): 15-, 40-, 75- and 100-card lists of real
cards with many rulings, printed by Chromium.

    .venv/bin/python benchmarks/sheet_pages.py [--database db.sqlite3 --database /tmp/all.sqlite3]

For each database (default: the worktree's db.sqlite3, the bundled data) the script serves the
site with ``runserver`` on a free port (the database is only read), makes the lists from the
Vintage-legal cards of that database with three current rulings or more, twice: the cards with
the most rulings (the worst case) and the cards EDHREC ranks highest (the most played; the
bundled data has no rank, so its order is by name), posts each to
``/it/decks/sheet/`` in headless Chromium, prints it as Playwright's ``page.pdf(format="A4")``
after ``emulate_media(media="print")`` and counts the PDF's pages. The registration sheet
(``/en/decks/registration/``) of the 75-card list is counted too.

The lists, by their English names, in the main deck unless said:

- 15 cards: 3 cards × 4 and 3 Plains;
- 40 cards: 8 cards × 3 and 16 basic lands (Plains, Island);
- 75 cards: 11 cards × 4 and 16 basic lands; sideboard 5 cards × 2 and 5 cards × 1 (21
  different cards with rulings, the shape of the issue's 71-card list);
- 100 cards: 60 cards × 1 and 40 basic lands (four kinds), a Commander-sized list.

Exits with status 1 when the 75-card list of the most-ruled cards of the first database takes
more than 6 pages (issue 45's target).
"""

import argparse
import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_75 = 6
BASICS = ["Plains", "Island", "Swamp", "Mountain"]
PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


ORDERS = {
    # The cards with the most current rulings: the worst case.
    "most rulings": "count(r.id) DESC, c.name",
    # The cards EDHREC ranks highest (the most played) among those with three rulings or more.
    "popular": "c.edhrec_rank IS NULL, c.edhrec_rank, c.name",
}


def heavy_cards(database: Path, count: int, order: str = "most rulings") -> list[str]:
    """``count`` Vintage-legal cards (no basic land) with current rulings, in ``order``."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    rows = connection.execute(
        f"""
        SELECT c.name FROM oracle_card c JOIN rulings_ruling r ON r.card_id = c.id
        WHERE r.status = 'current' AND c.kind = 0
          AND json_extract(c.legalities, '$.vintage') = 'Legal' AND c.name NOT IN (?, ?, ?, ?)
        GROUP BY c.id HAVING count(r.id) >= 3 ORDER BY {ORDERS[order]} LIMIT ?
        """,
        [*BASICS, count],
    ).fetchall()
    connection.close()
    return [name for (name,) in rows]


def lists(names: list[str]) -> dict[int, str]:
    def lines(cards, copies):
        return [f"{copies} {name}" for name in cards]

    return {
        15: "\n".join([*lines(names[:3], 4), "3 Plains"]),
        40: "\n".join([*lines(names[:8], 3), "8 Plains", "8 Island"]),
        75: "\n".join(
            [
                "Deck",
                *lines(names[:11], 4),
                "8 Plains",
                "8 Island",
                "",
                "Sideboard",
                *lines(names[11:16], 2),
                *lines(names[16:21], 1),
            ]
        ),
        100: "\n".join([*lines(names[:60], 1), *(f"10 {basic}" for basic in BASICS)]),
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(database: Path, port: int) -> subprocess.Popen:
    env = os.environ | {"DATABASE_URL": f"sqlite:///{database.resolve()}"}
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _attempt in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/en/decks/", timeout=2)
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"The server on port {port} did not answer.")


def pdf_pages(page, url: str, text: str) -> int:
    """Post ``text`` to ``url`` from a form, as the decklist page does, and count the pages."""
    form = (
        f'<form method="post" action="{escape(url)}"><textarea name="list">{escape(text)}'
        '</textarea><input name="format" value="vintage"><button>Go</button></form>'
    )
    page.set_content(form)
    with page.expect_navigation():
        page.click("button")
    page.emulate_media(media="print")
    return count_pages(page.pdf(format="A4", print_background=True))


def count_pages(pdf: bytes) -> int:
    """The page objects of a PDF as Chromium writes it (no object streams)."""
    return len(PAGE.findall(pdf))


def measure(database: Path, browser, order: str) -> dict:
    names = heavy_cards(database, 60, order)
    port = free_port()
    server = serve(database, port)
    found = {}
    try:
        page = browser.new_page()
        base = f"http://127.0.0.1:{port}"
        for size, text in lists(names).items():
            found[size] = pdf_pages(page, f"{base}/it/decks/sheet/", text)
        registration = f"{base}/en/decks/registration/"
        found["registration"] = pdf_pages(page, registration, lists(names)[75])
        page.close()
    finally:
        server.terminate()
        server.wait()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, action="append")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    databases = args.database or [ROOT / "db.sqlite3"]
    worst = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
        )
        for database in databases:
            for order in ORDERS:
                found = measure(database, browser, order)
                sizes = ", ".join(f"{size} cards: {found[size]}" for size in (15, 40, 75, 100))
                print(
                    f"{database} ({order}): {sizes}; "
                    f"registration (75 cards): {found['registration']}"
                )
                if order == "most rulings" and database == databases[0]:
                    worst = found[75]
        browser.close()
    return 1 if worst > TARGET_75 else 0


if __name__ == "__main__":
    sys.exit(main())
