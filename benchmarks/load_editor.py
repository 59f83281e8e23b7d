"""The editor of ``load.py --editor``: signs in to the admin over HTTP as a browser would (the
CSRF cookie and token, the session cookie, the pretend TLS proxy's header) and, about once a
second, opens a ruling's change form, changes its text and posts the whole form back. A save
answered 503, saying a data update is running, is deferred: posted again after a pause until it
lands (on SQLite the change form itself answers so during an import: it is asked for again).
``verify`` then reads the served SQLite file: each save that landed must be in its ruling's
history, and each ruling must hold the last text saved for it."""

import http.client
import sqlite3
import threading
import time
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

# What the admin says when it refuses a save during an import (common/admin_imports.py).
BUSY = ["A data update is running", "Un aggiornamento dei dati è in corso"]
ORIGIN = "https://127.0.0.1"  # what the browser behind the pretend TLS proxy would send
SAVE_EVERY = 1.0  # seconds between the starts of two saves
RETRY_AFTER = 2.0  # seconds before posting a deferred save again
GIVE_UP_AFTER = 300.0  # seconds a save may stay deferred once the run is over
TIMEOUT = 120.0  # seconds an admin request may take under load

# Rulings of cards in the bundled data and the full catalogue alike, one per card, imported from
# MTGJSON (source_key set), so that a re-import of the same files goes over them.
RULINGS_QUERY = """
    SELECT min(ruling.id) FROM rulings_ruling AS ruling
    JOIN oracle_card AS card ON card.id = ruling.card_id
    WHERE card.slug IN ({slugs}) AND ruling.language = 'en' AND ruling.source_key != ''
    GROUP BY card.id ORDER BY card.slug
"""


def rulings_to_edit(database: Path, slugs: list[str]) -> list[int]:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        query = RULINGS_QUERY.format(slugs=", ".join("?" * len(slugs)))
        return [row[0] for row in connection.execute(query, slugs)]


class FormFields(HTMLParser):
    """The name-value pairs a browser would submit for the form with id ``form_id``: every
    input (checkboxes and radios when checked; no buttons), the chosen options of every select
    (the first one when none is chosen) and every textarea, in document order."""

    def __init__(self, form_id: str):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.fields: list[list[str]] = []
        self.select: dict | None = None
        self.option: list | None = None
        self.textarea: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.inside = self.inside or attributes.get("id") == self.form_id
            return
        name = attributes.get("name")
        if not self.inside or "disabled" in attributes:
            return
        if tag == "input" and name:
            kind = (attributes.get("type") or "text").lower()
            if kind in {"submit", "button", "image", "reset", "file"}:
                return
            if kind in {"checkbox", "radio"}:
                if "checked" in attributes:
                    self.fields.append([name, attributes.get("value") or "on"])
                return
            self.fields.append([name, attributes.get("value") or ""])
        elif tag == "select" and name:
            self.select = {"name": name, "multiple": "multiple" in attributes, "options": []}
        elif tag == "option" and self.select is not None:
            self.option = [attributes.get("value"), "selected" in attributes, ""]
            self.select["options"].append(self.option)
        elif tag == "textarea" and name:
            self.textarea = [name, ""]

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea[1] += data
        elif self.option is not None:
            self.option[2] += data

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "option":
            self.option = None
        elif tag == "textarea" and self.textarea is not None:
            name, value = self.textarea
            # A browser drops the line break that follows <textarea> (Django writes one).
            self.fields.append([name, value.removeprefix("\r").removeprefix("\n")])
            self.textarea = None
        elif tag == "select" and self.select is not None:
            options = self.select["options"]
            chosen = [option for option in options if option[1]]
            if not chosen and not self.select["multiple"]:
                chosen = options[:1]
            for value, _selected, text in chosen:
                self.fields.append([self.select["name"], text.strip() if value is None else value])
            self.select = None


def form_fields(html: str, form_id: str) -> list[list[str]]:
    parser = FormFields(form_id)
    parser.feed(html)
    parser.close()
    return parser.fields


class Editor:
    def __init__(self, base: str, username: str, password: str, rulings: list[int]):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.username, self.password = username, password
        self.rulings = rulings
        self.cookies: dict[str, str] = {}
        self.session_cookie = ""  # the session cookie's attributes, as the server set them
        self.attempted = self.deferred = self.busy_answers = 0
        self.landed: dict[int, list[str]] = {ruling: [] for ruling in rulings}
        self.errors: list[str] = []

    def request(self, method: str, path: str, fields=None) -> tuple[int, dict, str]:
        headers = {
            "Host": "127.0.0.1",
            "X-Forwarded-Proto": "https",
            "Accept-Language": "it",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode([(name, value) for name, value in fields])
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = ORIGIN
            headers["Referer"] = ORIGIN + path
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            html = response.read().decode("utf-8", "replace")
            self.keep_cookies(response.headers.get_all("Set-Cookie") or [])
            return response.status, dict(response.headers.items()), html
        finally:
            connection.close()

    def keep_cookies(self, headers: list[str]) -> None:
        for header in headers:
            cookie = SimpleCookie()
            cookie.load(header)
            for name, morsel in cookie.items():
                if morsel.value and morsel["max-age"] not in ("0", 0):
                    self.cookies[name] = morsel.value
                else:
                    self.cookies.pop(name, None)
                if name == "sessionid":
                    flags = ["Secure" if morsel["secure"] else "not Secure"]
                    flags += ["HttpOnly"] if morsel["httponly"] else []
                    flags += [f"SameSite={morsel['samesite']}"] if morsel["samesite"] else []
                    self.session_cookie = ", ".join(flags)

    def sign_in(self) -> None:
        """Through the login form; raises RuntimeError when the admin does not let us in."""
        status, _headers, html = self.request("GET", "/admin/login/?next=/admin/")
        fields = form_fields(html, "login-form")
        if status != 200 or "csrftoken" not in self.cookies:
            raise RuntimeError(f"/admin/login/ answered {status} with no CSRF cookie")
        values = {"username": self.username, "password": self.password}
        fields = [[name, values.get(name, value)] for name, value in fields]
        status, headers, html = self.request("POST", "/admin/login/?next=/admin/", fields)
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"signing in answered {status}: {html[:300]!r}")
        status, _headers, _html = self.request("GET", "/admin/")
        if status != 200:
            raise RuntimeError(f"/admin/ answered {status} after signing in")

    def run(self, stop: threading.Event) -> None:
        """Save in turn, one ruling after the other, until ``stop`` is set."""
        try:
            self.edit(stop)
        except Exception as error:  # a crash of this thread is an error of the run
            self.errors.append(f"the editor stopped: {error!r}")

    def edit(self, stop: threading.Event) -> None:
        try:
            self.sign_in()
        except (RuntimeError, OSError) as error:
            self.errors.append(f"signing in: {error}")
            return
        count = 0
        while not stop.is_set():
            started = time.monotonic()
            ruling = self.rulings[count % len(self.rulings)]
            count += 1
            try:
                self.save(ruling, count, stop)
            except OSError as error:
                self.errors.append(f"ruling {ruling}, save {count}: {error}")
            stop.wait(max(0, started + SAVE_EVERY - time.monotonic()))

    def save(self, ruling: int, count: int, stop: threading.Event) -> None:
        path = f"/admin/rulings/ruling/{ruling}/change/"
        status, _headers, html = self.request("GET", path)
        while status == 503 and any(words in html for words in BUSY) and not stop.is_set():
            time.sleep(RETRY_AFTER)
            status, _headers, html = self.request("GET", path)
        if status != 200:
            self.errors.append(f"GET {path}: {status}")
            return
        fields = form_fields(html, "ruling_form")
        texts = [field for field in fields if field[0] == "text"]
        if len(texts) != 1:
            self.errors.append(f"{path}: {len(texts)} text fields in the form")
            return
        original = texts[0][1].split(" [load test ")[0].strip()
        texts[0][1] = text = f"{original} [load test save {count}]"
        fields.append(["_save", "Save"])
        self.attempted += 1
        deferred = False
        given_up_at = None
        while True:
            status, headers, html = self.request("POST", path, fields)
            if status == 302 and "/login/" not in headers.get("Location", ""):
                self.landed[ruling].append(text)
                return
            if status != 503 or not any(words in html for words in BUSY):
                self.errors.append(f"POST {path}: {status} {error_text(html)}")
                return
            self.busy_answers += 1
            if not deferred:
                deferred = True
                self.deferred += 1
            if stop.is_set():
                given_up_at = given_up_at or time.monotonic() + GIVE_UP_AFTER
                if time.monotonic() > given_up_at:
                    self.errors.append(f"POST {path}: still deferred {GIVE_UP_AFTER:.0f} s on")
                    return
            time.sleep(RETRY_AFTER)

    def summary(self) -> str:
        landed = sum(len(texts) for texts in self.landed.values())
        return (
            f"{self.attempted} saves attempted on {len(self.rulings)} rulings, "
            f"{self.deferred} deferred ({self.busy_answers} answers saying a data update is "
            f"running), {landed} landed"
        )


def error_text(html: str) -> str:
    """The form's error list, or the page's start, to say why a save was not taken."""
    start = html.find('class="errornote"')
    if start < 0:
        start = html.find('class="errorlist')
    return repr(html[start : start + 300] if start >= 0 else html[:300])


def verify(database: Path, landed: dict[int, list[str]]) -> list[str]:
    """The saves that landed but are not in the database: each must be in its ruling's history,
    and the last one its current text. Returns one line per lost save."""
    lost = []
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        for ruling, texts in landed.items():
            if not texts:
                continue
            (current,) = connection.execute(
                "SELECT text FROM rulings_ruling WHERE id = ?", [ruling]
            ).fetchone()
            history = {
                row[0]
                for row in connection.execute(
                    "SELECT text FROM rulings_historicalruling WHERE id = ?", [ruling]
                )
            }
            lost += [
                f"ruling {ruling}: not in its history: {t!r}" for t in texts if t not in history
            ]
            if current != texts[-1] and texts[-1] in history:
                lost.append(f"ruling {ruling}: holds {current[-40:]!r}, not {texts[-1][-40:]!r}")
    return lost
