"""The admin during an import, on ``make serve`` over SQLite: a login, a logout, a deletion, an
action and a list, each answered 503 with Retry-After at once (not a 500 five seconds later),
nothing written; once the import is over, the same requests go through.

    .venv/bin/python benchmarks/admin_during_import.py                     # the bundled data
    .venv/bin/python benchmarks/admin_during_import.py --database /tmp/all.sqlite3

The "import" is what one holds while it runs: the import lock (the flock on the file beside the
database, ``common/import_lock.py``) and SQLite's write lock (a transaction begun IMMEDIATE),
both held by this script for as long as the requests take, so the answers cannot depend on how
fast a real import is. Exits non-zero when an answer or the data is not what it should be.
"""

import argparse
import fcntl
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from load import (
    BASE_DIR,
    CARD_PAGES,
    EDITOR_NAME,
    free_port,
    prepare_database,
    server_env,
    start_server,
    stop_server,
    wait_until_healthy,
)
from load_editor import BUSY, Editor, rulings_to_edit

SPARE_USER = "spare-account"


def make_spare_user(env: dict) -> None:
    code = f"from django.contrib.auth.models import User; User.objects.create_user({SPARE_USER!r})"
    subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=BASE_DIR,
        env=env,
        check=True,
        capture_output=True,
    )


def snapshot(database: Path) -> tuple:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return (
            connection.execute("SELECT id, username FROM auth_user ORDER BY id").fetchall(),
            connection.execute("SELECT id, status FROM rulings_ruling ORDER BY id").fetchall(),
            connection.execute("SELECT count(*) FROM django_session").fetchone(),
        )


class ImportHeld:
    """The import lock and the database's write lock, as an import running holds them."""

    def __init__(self, database: Path):
        self.database = database

    def __enter__(self):
        self.handle = Path(f"{self.database}.import-lock").open("a+")
        fcntl.flock(self.handle, fcntl.LOCK_EX)
        self.connection = sqlite3.connect(self.database, isolation_level=None)
        self.connection.execute("BEGIN IMMEDIATE")
        return self

    def __exit__(self, *exc):
        self.connection.execute("ROLLBACK")
        self.connection.close()
        fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()


def ids(database: Path) -> tuple[int, int]:
    """A user to delete and an imported ruling to withdraw."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        (user,) = connection.execute(
            "SELECT id FROM auth_user WHERE username = ?", [SPARE_USER]
        ).fetchone()
    rulings = rulings_to_edit(database, [page.split("/")[3] for page in CARD_PAGES])
    if not rulings:
        sys.exit("The database has no imported ruling of the card pages.")
    return user, rulings[0]


def requests(editor: Editor, visitor: Editor, password: str, user: int, ruling: int) -> list:
    """(what, method, path, fields, who) of each request tried during the import and after."""
    token = editor.cookies["csrftoken"]
    return [
        ("a list", "GET", "/admin/rulings/ruling/", None, editor),
        (
            "a deletion",
            "POST",
            f"/admin/auth/user/{user}/delete/",
            [["csrfmiddlewaretoken", token], ["post", "yes"]],
            editor,
        ),
        (
            "an action (withdraw)",
            "POST",
            "/admin/rulings/ruling/",
            [
                ["csrfmiddlewaretoken", token],
                ["action", "withdraw"],
                ["_selected_action", str(ruling)],
                ["post", "yes"],
            ],
            editor,
        ),
        (
            "a login",
            "POST",
            "/admin/login/?next=/admin/",
            [
                ["csrfmiddlewaretoken", visitor.cookies["csrftoken"]],
                ["username", EDITOR_NAME],
                ["password", password],
            ],
            visitor,
        ),
        ("a logout", "POST", "/admin/logout/", [["csrfmiddlewaretoken", token]], editor),
    ]


EXPECTED_AFTER = {
    "a list": 200,
    "a deletion": 302,
    "an action (withdraw)": 302,
    "a login": 302,
    "a logout": 200,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", type=Path, help="an SQLite file to copy and serve")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="oracolo-admin-import-"))
    server = None
    problems = []
    try:
        database = workdir / "db.sqlite3"
        if args.database:
            shutil.copyfile(args.database, database)
        env = server_env(database)
        prepare_database(env, editor=True)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = open(workdir / "serve.log", "w")
        print(f"Starting make serve on {base}…", flush=True)
        server = start_server(env, port, 2, log)
        wait_until_healthy(base, server, seconds=900)
        make_spare_user(env)
        user, ruling = ids(database)
        password = env["DJANGO_SUPERUSER_PASSWORD"]
        editor = Editor(base, EDITOR_NAME, password, [ruling])
        editor.sign_in()
        visitor = Editor(base, EDITOR_NAME, password, [])
        visitor.request("GET", "/admin/login/")  # its CSRF cookie
        tried = requests(editor, visitor, password, user, ruling)

        before = snapshot(database)
        print(f"\n{'during the import':<24} {'status':>6} {'Retry-After':>11} {'seconds':>8}")
        with ImportHeld(database):
            for what, method, path, fields, who in tried:
                started = time.monotonic()
                status, headers, html = who.request(method, path, fields)
                took = time.monotonic() - started
                retry = headers.get("Retry-After", "")
                print(f"{what:<24} {status:>6} {retry:>11} {took:>8.2f}")
                if status != 503 or not retry or not any(words in html for words in BUSY):
                    problems.append(f"during the import, {what} answered {status}")
        if snapshot(database) != before:
            problems.append("the data changed during the import")
        status, _headers, _html = editor.request("GET", "/admin/")
        if status != 200:
            problems.append(f"after the refused logout /admin/ answered {status}")

        print(f"\n{'after it':<24} {'status':>6}")
        for what, method, path, fields, who in tried:
            status, _headers, _html = who.request(method, path, fields)
            print(f"{what:<24} {status:>6}")
            if status != EXPECTED_AFTER[what]:
                problems.append(f"after the import, {what} answered {status}")
        users, rulings, _sessions = snapshot(database)
        if any(name == SPARE_USER for _id, name in users):
            problems.append("the deletion after the import did not delete")
        if dict(rulings)[ruling] != "withdrawn":
            problems.append("the withdrawal after the import did not withdraw")
    finally:
        if server is not None:
            stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)
    print()
    for problem in problems:
        print(f"PROBLEM: {problem}")
    if not problems:
        print("OK: every request answered 503 during the import, nothing written")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
