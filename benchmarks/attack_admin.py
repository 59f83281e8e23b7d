"""The admin's part of ``limits_under_attack.py``, signed in through nginx as a browser would
(``load_editor.Editor``): crafted input only staff can send (check d), and a login, a logout, a
deletion and an action while an import runs (check f), each to be answered 503, with nothing
lost afterwards."""

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from attack_setup import Stack
from load import CARD_PAGES, EDITOR_NAME
from load_beside import BASE_DIR
from load_editor import Editor, form_fields, rulings_to_edit

RULINGS = "/admin/rulings/ruling/"
ERRATA = "/admin/oracle/erratum/"
IMPORT_STARTS_WITHIN = 300.0  # seconds
IMPORT_ENDS_WITHIN = 3600.0


def editor(stack: Stack, signed_in: bool = True) -> Editor:
    person = Editor(
        f"http://127.0.0.1:{stack.port}",
        EDITOR_NAME,
        stack.env["DJANGO_SUPERUSER_PASSWORD"],
        rulings=[],
    )
    if signed_in:
        person.sign_in()
    return person


def two_rulings(stack: Stack) -> list[int]:
    rulings = rulings_to_edit(stack.database, [page.split("/")[3] for page in CARD_PAGES])
    if len(rulings) < 2:
        sys.exit("The database has fewer than two imported rulings of the card pages.")
    return rulings[:2]


def staff_rows(stack: Stack) -> list[tuple[str, str, object, bool]]:
    """(input, endpoint, status, whether it passes): no 500."""
    person = editor(stack)
    token = person.cookies["csrftoken"]
    ruling = two_rulings(stack)[0]
    change = f"{RULINGS}{ruling}/change/"
    fields = form_fields(person.request("GET", change)[2], "ruling_form")
    with_nul = [[name, value + "\x00" if name == "card" else value] for name, value in fields]
    asked = [
        ("NUL in a foreign-key filter", "GET", f"{RULINGS}?card__id__exact=1%00", None),
        ("NUL in a foreign-key value", "POST", change, [*with_nul, ["_continue", "Save"]]),
        ("NUL in _selected_action", "POST", RULINGS,
         [["csrfmiddlewaretoken", token], ["action", "delete_selected"],
          ["_selected_action", f"{ruling}\x00"]]),
    ]  # fmt: skip
    rows = []
    for what, method, path, fields in asked:
        try:
            status = person.request(method, path, fields)[0]
        except OSError as error:
            status = type(error).__name__
        rows.append((what + " (staff)", f"{method} {path.split('?')[0]}", status,
                     isinstance(status, int) and status < 500))  # fmt: skip
    return rows


def import_holds_lock(database: Path) -> bool:
    """The import lock beside an SQLite database says who holds it while it is held
    (common/import_lock.py); reading it takes nothing."""
    lock = Path(f"{database}.import-lock")
    return lock.exists() and lock.stat().st_size > 0


def during_import(stack: Stack, report, cache: str, files: list[Path] | None) -> None:
    withdrawn, erratum = two_rulings(stack)[0], first_erratum(stack.database)
    before = kept(stack.database, withdrawn, erratum)
    signed_in = editor(stack)
    token = signed_in.cookies["csrftoken"]
    newcomer = editor(stack, signed_in=False)
    status, _headers, html = newcomer.request("GET", "/admin/login/?next=/admin/")
    login = [
        [name, {"username": EDITOR_NAME, "password": newcomer.password}.get(name, value)]
        for name, value in form_fields(html, "login-form")
    ]
    cards = card_count(stack.database)
    command = ["import_mtgjson", *map(str, files)] if files else ["load_bundled_data", "--force"]
    log = open(stack.workdir / "import.log", "w")
    importing = subprocess.Popen(
        [sys.executable, "manage.py", *command],
        cwd=BASE_DIR,
        env=stack.server_env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    answers = {}
    try:
        deadline = time.monotonic() + IMPORT_STARTS_WITHIN
        while not import_holds_lock(stack.database) and importing.poll() is None:
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
        asks = [
            ("an action (withdraw a ruling)", signed_in, RULINGS,
             [["csrfmiddlewaretoken", token], ["action", "withdraw"],
              ["_selected_action", str(withdrawn)], ["post", "yes"]]),
            ("a deletion (an erratum)", signed_in, f"{ERRATA}{erratum}/delete/",
             [["csrfmiddlewaretoken", token], ["post", "yes"]]),
            ("a logout", signed_in, "/admin/logout/", [["csrfmiddlewaretoken", token]]),
            ("a login", newcomer, "/admin/login/?next=/admin/", login),
        ]  # fmt: skip
        for what, person, path, fields in asks:
            held = import_holds_lock(stack.database)
            started = time.monotonic()
            try:
                status, headers, _html = person.request("POST", path, fields)
                retry = headers.get("Retry-After", "none")
            except OSError as error:
                status, retry = type(error).__name__, ""
            took = time.monotonic() - started
            answers[what] = (status, retry, took, held and import_holds_lock(stack.database))
        importing.wait(timeout=IMPORT_ENDS_WITHIN)
    finally:
        if importing.poll() is None:
            importing.kill()
            importing.wait()
        log.close()
    during = all(held for *_, held in answers.values())
    report.add(
        cache,
        f"f. during {' '.join(command[:1] + command[1:2])}: admin answers",
        "; ".join(
            f"{what}: {status} (Retry-After {retry}, {took:.1f} s)"
            for what, (status, retry, took, _held) in answers.items()
        )
        + ("" if during else "; the import did not hold its lock throughout: inconclusive"),
        "503 each, while the import runs",
        during and all(status == 503 for status, *_ in answers.values()),
    )
    still_signed_in = signed_in.request("GET", "/admin/")[0]
    after = kept(stack.database, withdrawn, erratum)
    intact = importing.returncode == 0 and after == before and card_count(stack.database) == cards
    report.add(
        cache,
        "f. afterwards: nothing lost",
        f"import exit {importing.returncode}; the ruling's status {before[0]} -> {after[0]}, "
        f"the erratum {'there' if after[1] else 'gone'}, cards {cards} -> "
        f"{card_count(stack.database)}; the editor's session: /admin/ -> {still_signed_in}",
        "exit 0, nothing changed, still signed in (200)",
        intact and still_signed_in == 200,
    )


def card_count(database: Path) -> int:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return connection.execute("SELECT count(*) FROM oracle_card").fetchone()[0]


def first_erratum(database: Path) -> int:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        found = connection.execute("SELECT min(id) FROM oracle_erratum").fetchone()[0]
    if found is None:
        sys.exit("The database has no erratum to delete.")
    return found


def kept(database: Path, ruling: int, erratum: int) -> tuple[str, bool]:
    """The ruling's status, and whether the erratum is still there."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        status = connection.execute(
            "SELECT status FROM rulings_ruling WHERE id = ?", [ruling]
        ).fetchone()[0]
        there = connection.execute("SELECT 1 FROM oracle_erratum WHERE id = ?", [erratum])
        return status, there.fetchone() is not None
