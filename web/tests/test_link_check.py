"""Every internal link of the site answers: from the home pages and a few cards, rules,
keywords, documents and a checked decklist, in both languages, every page reachable through
internal links is visited breadth-first, and each link must answer 200, or redirect to a page
that answers 200; a link to a fragment (#id) must find that id on its target page.

What is followed: every ``<a href>`` and ``<link rel="alternate"|"canonical">`` on the site's
host, outside the admin. Every page is visited once (its address without the fragment). A page
reached through a query string (a search, a sorted or filtered list, a shared decklist) is
checked and its own links are checked, but those links are not followed further unless a page
without a query string links to them too: the combinations of facets, sorts and pages are
endless, while their pages share one template per view. Left out, and why:

- the admin (``ADMIN_URL``): its own test cases; its pages need a login;
- ``/i18n/setlang/``: a form's action that changes the session's language (POST only);
- the random card (``cards/random/``): a redirect to a different card each time; it is checked
  once to redirect to a card that answers 200, but not expanded.

Bounded, as the test suite runs it: each route (a view, in one language, with or without a query
string) is visited for its first ``PAGES_PER_ROUTE`` addresses in breadth-first order, the
nearest the starts, so every template and every kind of link is met in well under a minute;
links to further pages of a route are counted as left out, not checked. ``LINK_CHECK_ALL=1``
lifts the bound and visits every page the bundled data has (docs/development.md gives the
counts and the time). The counts (pages visited, links checked, left out, broken) are printed
on one line.
"""

import os
import re
import sys
from collections import Counter, deque
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

from django.conf import settings
from django.urls import Resolver404, resolve
from django.utils import translation

from oracle.models import Card
from web.testing import BundledDocumentsTestCase

# Where the walk starts: the home pages, a few cards, rules, keywords and documents, and the
# answers of the two search forms.
START_PATHS = (
    "/",
    "/cards/tarox-bladewing/",
    "/cards/exalted-angel/",
    "/rules/",
    "/rules/702/",
    "/rules/glossary/",
    "/keywords/",
    "/keywords/flying/",
    "/sources/",
    "/decks/",
    "/about/",
    "/sets/",
    "/cards/?q=fulmine",
    "/rules/search/?q=morph",
)
LANGUAGES = ("it", "en")
# A decklist checked (POST, as the page's form sends it), whose result page's links are checked:
# the share link, the exports and the judge's sheet. One name is mistyped.
DECK_LIST = "4 Tarox Alaspada\n4 Fuoco Spetrale\n4 Riddle of Lightnin\n2 Sol Ring\n"
# More pages than the bundled data can reach: the walk stops there (and fails) rather than
# running on if a link starts making endless addresses.
MAX_PAGES = 60000
MAX_REDIRECTS = 5
PAGES_PER_ROUTE = 8
# Every public page's view: the walk must meet each one.
PAGE_VIEWS = {
    "cards:home", "cards:card-list", "cards:search-help", "cards:random-card",
    "cards:card-detail", "cards:set-list", "cards:set-detail", "cards:printing-detail",
    "cards:about", "decks:check", "decks:sheet", "rules:rule-contents",
    "rules:glossary", "rules:rule-search", "rules:rule-detail", "rules:document-list",
    "rules:document-detail", "rules:keyword-list", "rules:keyword-detail",
}  # fmt: skip


class LinkParser(HTMLParser):
    """The links (href of <a>, and of <link rel=alternate|canonical>) and the ids of a page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("name"):
            self.ids.add(attributes["name"])
        if attributes.get("data-autocomplete-url"):  # what the page's script asks for
            self.links.append(attributes["data-autocomplete-url"])
        href = attributes.get("href")
        if href is None:
            return
        if tag == "a" or (
            tag == "link"
            and {"alternate", "canonical"} & set((attributes.get("rel") or "").split())
        ):
            self.links.append(href)


def parse(html: str) -> LinkParser:
    parser = LinkParser()
    parser.feed(html)
    parser.close()
    return parser


class LinkWalk:
    """A breadth-first walk over the site's internal links with Django's test client."""

    def __init__(self, client, per_route: int | None = None):
        self.client = client
        self.admin_prefix = "/" + settings.ADMIN_URL
        self.pages: dict[str, LinkParser | None] = {}  # address -> its links and ids (HTML)
        self.status: dict[str, str] = {}  # address -> "ok" or what is wrong
        self.expanded: set[str] = set()
        self.links_checked = 0
        self.posted = 0  # forms posted (a checked decklist's exports and sheet)
        self.fragment_links: list[tuple[str, str, str]] = []  # (page, target, fragment)
        self.broken: list[str] = []
        self.per_route = per_route
        self.route_counts: Counter = Counter()
        self.left_out: set[str] = set()  # beyond the bound of their route
        self.admitted: set[str] = set()

    def internal(self, base: str, href: str) -> str | None:
        """The address ``href`` names from page ``base``, when it is the site's and followed."""
        href = href.strip()
        if not href or href.startswith(("mailto:", "tel:", "javascript:", "data:")):
            return None
        url = urljoin("http://testserver" + base, href)
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or parts.netloc != "testserver":
            return None
        path = parts.path
        if path.startswith(self.admin_prefix) or path.startswith("/i18n/"):
            return None
        return (
            path
            + (f"?{parts.query}" if parts.query else "")
            + (f"#{parts.fragment}" if parts.fragment else "")
        )

    def route(self, address: str) -> tuple:
        """What a page's template depends on: its view, its language, whether it has a query."""
        path, _, query = address.partition("?")
        language = path.split("/")[1]
        try:
            # The language prefixes resolve in their own language only.
            with translation.override(language if language in LANGUAGES else None):
                view = resolve(path).view_name
        except Resolver404:
            view = path
        return view, language, bool(query)

    def within_bound(self, address: str) -> bool:
        """Whether ``address`` is visited: always without a bound, else the first ``per_route``
        addresses of each route (in breadth-first order: those nearest the starts)."""
        if self.per_route is None or address in self.admitted:
            return True
        if address in self.left_out:
            return False
        route = self.route(address)
        if self.route_counts[route] >= self.per_route:
            self.left_out.add(address)
            return False
        self.route_counts[route] += 1
        self.admitted.add(address)
        return True

    def fetch(self, address: str) -> LinkParser | None:
        """GET ``address`` (following redirects); record what is wrong; the parsed page."""
        if address in self.status:
            return self.pages.get(address)
        seen, current = [address], address
        for _ in range(MAX_REDIRECTS + 1):
            response = self.client.get(current)
            if response.status_code not in (301, 302, 303, 307, 308):
                break
            current = urljoin("http://testserver" + current, response["Location"])
            parts = urlsplit(current)
            if parts.netloc != "testserver":
                self.status[address] = f"redirects off the site to {current}"
                return None
            current = parts.path + (f"?{parts.query}" if parts.query else "")
            seen.append(current)
        if response.status_code != 200:
            self.status[address] = f"{response.status_code} (via {' -> '.join(seen)})"
            return None
        self.status[address] = "ok"
        if "html" not in response.get("Content-Type", ""):
            return None
        page = parse(response.content.decode())
        self.pages[address] = page
        if current != address:
            self.pages.setdefault(current, page)
            self.status.setdefault(current, "ok")
        return page

    def walk(self, starts: list[str], max_pages: int = MAX_PAGES) -> None:
        queue = deque(starts)
        while queue:
            address = queue.popleft()
            if address in self.expanded:
                continue
            self.expanded.add(address)
            if len(self.expanded) > max_pages:
                raise AssertionError(f"more than {max_pages} pages: the walk is not bounded")
            page = self.fetch(address)
            if page is None:
                continue
            expand_further = "?" not in address
            for href in page.links:
                target = self.internal(address, href)
                if target is None:
                    continue
                target, fragment = urldefrag(target)
                target = target or address
                if not self.within_bound(target):
                    continue
                self.links_checked += 1
                if fragment:
                    self.fragment_links.append((address, target, fragment))
                if target in self.status or target in self.expanded:
                    continue
                if expand_further and not target.startswith(self.unexpanded_prefixes):
                    queue.append(target)
                else:
                    self.fetch(target)
        self.check_fragments()
        self.broken += [
            f"{address}: {state}" for address, state in self.status.items() if state != "ok"
        ]

    unexpanded_prefixes = tuple(f"/{language}/cards/random/" for language in LANGUAGES)

    def check_fragments(self) -> None:
        for page, target, fragment in self.fragment_links:
            parsed = self.pages.get(target)
            if parsed is None and (self.status.get(target) == "ok" or target in self.left_out):
                continue  # not HTML (a JSON answer), or not visited: nothing to look into
            if parsed is not None and fragment not in parsed.ids:
                self.broken.append(f"{page}: #{fragment} is not an id of {target}")

    @property
    def counts(self) -> dict[str, int]:
        return {
            "pages visited": len(self.status),
            "pages expanded": len(self.expanded),
            "links checked": self.links_checked,
            "forms posted": self.posted,
            "fragment links": len(self.fragment_links),
            "left out by the bound": len(self.left_out),
            "broken": len(self.broken),
        }


class LinkCheckTests(BundledDocumentsTestCase):
    counts: dict[str, int] = {}

    def deck_result_pages(self, walk: "LinkWalk") -> list[str]:
        """A checked decklist's result page (a POST), the forms it posts (the exports and the
        judge's sheet: each must answer 200) and its share link; the links the walk starts
        from: the share link, and the result page again through it (a GET)."""
        starts = []
        for language in LANGUAGES:
            list_data = {"list": DECK_LIST, "format": "modern"}
            response = self.client.post(f"/{language}/decks/", list_data)
            self.assertEqual(response.status_code, 200)
            html = response.content.decode()
            actions = set(re.findall(r'<form[^>]*method="post"[^>]*action="([^"]+)"', html))
            actions |= set(re.findall(r'formaction="([^"]+)"', html))
            self.assertIn(f"/{language}/decks/sheet/", actions)
            for action in sorted(actions):
                with self.subTest(form=action):
                    self.assertEqual(self.client.post(action, list_data).status_code, 200)
            walk.posted += len(actions)
            links = [walk.internal(f"/{language}/decks/", href) for href in parse(html).links]
            shared = [link for link in links if link and "d=" in link]
            self.assertTrue(shared, links)
            starts += shared + [f"/{language}/decks/?{shared[0].partition('?')[2]}"]
        return starts

    def test_every_internal_link_answers(self):
        everything = os.environ.get("LINK_CHECK_ALL") == "1"
        walk = LinkWalk(self.client, per_route=None if everything else PAGES_PER_ROUTE)
        starts = [f"/{language}{path}" for language in LANGUAGES for path in START_PATHS]
        walk.walk(starts + self.deck_result_pages(walk))
        type(self).counts = walk.counts
        print(
            f"\nLink check{' (every page)' if everything else ''}: {walk.counts}", file=sys.stderr
        )
        self.assertEqual(walk.broken, [])
        visited_views = {walk.route(address)[0] for address in walk.status}
        self.assertEqual(PAGE_VIEWS - visited_views, set())
        for language in LANGUAGES:
            self.assertIn(f"/{language}/decks/sheet/", {a.partition("?")[0] for a in walk.status})
        if everything:  # every card's page, in both languages
            card_pages = {a for a in walk.status if walk.route(a)[0] == "cards:card-detail"}
            self.assertGreaterEqual(len(card_pages), 2 * Card.objects.count())
