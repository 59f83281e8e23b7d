"""Card pictures in a real headless Chromium, with no request leaving the machine: every
request to another host is answered here (a small picture) or refused (the image host
unreachable). Also: no page breaks the Content-Security-Policy."""

import os
import struct
import zlib

from oracle.tests.browser import FutureSightBrowserTestCase


def grey_png(width=488, height=680) -> bytes:
    """A plain grey PNG of the pictures' size, standing in for what the image host sends."""

    def chunk(kind, data):
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    rows = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


PICTURE = grey_png()
SCREENSHOTS = os.environ.get("SCREENSHOT_DIR", "")  # where to keep screenshots, to look at


class ImageBrowserTests(FutureSightBrowserTestCase):
    def setUp(self):
        self.outside = []  # the addresses the page asked another host for
        self.violations = []  # console messages about the security policy

    def open_page(self, pictures, locale="it-IT", width=1280):
        """A page whose requests to other hosts get a picture (pictures=True) or fail."""
        page = self.browser.new_page(locale=locale, viewport={"width": width, "height": 900})
        self.addCleanup(page.close)

        def answer(route):
            url = route.request.url
            if url.startswith(self.live_server_url):
                route.continue_()
                return
            self.outside.append(url)
            if pictures:
                route.fulfill(status=200, content_type="image/png", body=PICTURE)
            else:
                route.abort("addressunreachable")

        page.route("**/*", answer)
        page.on(
            "console",
            lambda message: (
                self.violations.append(message.text)
                if "Content Security Policy" in message.text
                else None
            ),
        )
        return page

    def frame_state(self, page, selector=".card-picture .card-image"):
        return page.eval_on_selector(
            selector,
            """frame => {
                const img = frame.querySelector("img");
                const name = frame.querySelector(".card-image-name");
                const box = frame.getBoundingClientRect(), picture = img.getBoundingClientRect();
                return {
                    failed: frame.classList.contains("card-image-failed"),
                    loaded: img.complete && img.naturalWidth > 0,
                    opacity: getComputedStyle(img).opacity,
                    nameVisible: name.getBoundingClientRect().height > 0,
                    ratio: box.height / box.width,
                    sameBox: Math.abs(box.width - picture.width) < 1
                        && Math.abs(box.height - picture.height) < 1,
                };
            }""",
        )

    def test_card_page_with_the_image_host_unreachable(self):
        page = self.open_page(pictures=False)
        page.goto(self.live_server_url + "/it/sets/fut/123/")
        page.wait_for_selector(".card-picture .card-image-failed")
        # The Italian print first, then the English one in its place: both refused.
        self.assertEqual(len(self.outside), 2, self.outside)
        self.assertIn("api.scryfall.com/cards/multiverse/144843", self.outside[0])
        self.assertIn("cards.scryfall.io/normal/front/0/b/", self.outside[1])
        state = self.frame_state(page)
        # No broken-image icon: the picture is transparent and the frame's text shows.
        self.assertEqual(state["opacity"], "0")
        self.assertTrue(state["nameVisible"])
        self.assertAlmostEqual(state["ratio"], 680 / 488, places=2)
        self.assertTrue(state["sameBox"])
        # The page is complete and readable beside the empty frame.
        self.assertIn("Tarox Alaspada", page.get_by_role("heading", level=1).inner_text())
        self.assertTrue(page.get_by_text("Volare, rapidità").first.is_visible())
        self.assertTrue(page.get_by_role("link", name="FUT 123 su Gatherer").first.is_visible())
        # Screen readers still hear the picture's name.
        self.assertTrue(page.get_by_role("img", name="Tarox Alaspada").count())
        text = page.locator(".card-faces").bounding_box()
        picture = page.locator(".card-picture").bounding_box()
        self.assertLessEqual(text["x"] + text["width"], picture["x"] + 1)  # side by side
        self.assertEqual(self.violations, [])
        if SCREENSHOTS:
            page.screenshot(path=f"{SCREENSHOTS}/card-page-blocked.png", full_page=True)

    def test_card_page_picture_loads_in_the_frame(self):
        page = self.open_page(pictures=True, locale="en-US", width=390)
        page.goto(self.live_server_url + "/en/cards/tarox-bladewing/")
        self.wait_until(page, "document.querySelector('.card-picture img')?.naturalWidth > 0")
        state = self.frame_state(page)
        self.assertTrue(state["loaded"])
        self.assertFalse(state["failed"])
        self.assertEqual(state["opacity"], "1")
        self.assertTrue(state["sameBox"])
        self.assertEqual(len(self.outside), 1, self.outside)
        self.assertTrue(self.outside[0].startswith("https://cards.scryfall.io/normal/front/"))
        self.assertEqual(self.violations, [])

    def test_image_view_of_search_results(self):
        page = self.open_page(pictures=True, locale="en-US")
        page.goto(self.live_server_url + "/en/cards/?q=t:creature&layout=normal&page=2")
        page.get_by_role("link", name="Images", exact=True).click()
        page.wait_for_url("**/en/cards/?q=t%3Acreature&layout=normal&page=2&view=images")
        grid = page.get_by_role("list", name="Search results")
        first = grid.get_by_role("link").first
        self.wait_until(page, "document.querySelector('.card-grid img')?.naturalWidth > 0")
        # A grid of several columns of card-shaped pictures, each a link named by its card.
        boxes = [item.bounding_box() for item in grid.get_by_role("listitem").all()[:4]]
        self.assertGreaterEqual(len({box["y"] for box in boxes}), 1)
        self.assertGreater(boxes[1]["x"], boxes[0]["x"])
        self.assertEqual(boxes[0]["y"], boxes[1]["y"])
        state = self.frame_state(page, ".card-grid .card-image")
        self.assertTrue(state["loaded"])
        self.assertAlmostEqual(state["ratio"], 680 / 488, places=2)
        name = first.get_attribute("href").split("/")[-2]
        self.assertTrue(name)
        self.assertTrue(first.get_by_role("img").get_attribute("alt"))
        self.assertTrue(all(url.startswith("https://cards.scryfall.io/") for url in self.outside))
        # A new search from the box keeps the view; the list is one click away, same page.
        page.get_by_role("link", name="List", exact=True).click()
        page.wait_for_url("**/en/cards/?q=t%3Acreature&layout=normal&page=2")
        self.assertTrue(page.get_by_role("table").is_visible())
        self.assertEqual(self.violations, [])
        if SCREENSHOTS:
            page.go_back()
            page.wait_for_selector(".card-grid")
            page.screenshot(path=f"{SCREENSHOTS}/grid.png")

    def test_image_view_with_the_image_host_unreachable(self):
        page = self.open_page(pictures=False, width=390)
        page.goto(self.live_server_url + "/it/sets/fut/?view=images")
        page.wait_for_selector(".card-grid .card-image-failed")
        # Every frame in view says which card it is, in Italian; none shows a broken picture.
        self.wait_until(
            page,
            """() => [...document.querySelectorAll('.card-grid .card-image')]
                .filter(frame => frame.getBoundingClientRect().top < innerHeight)
                .every(frame => frame.classList.contains('card-image-failed'))""",
        )
        state = self.frame_state(page, ".card-grid .card-image")
        self.assertEqual(state["opacity"], "0")
        self.assertTrue(state["nameVisible"])
        first = page.locator(".card-grid .card-image-name").first
        self.assertEqual(first.inner_text(), "Angelo della Salvezza")
        self.assertTrue(first.is_visible())
        search = page.get_by_role("list", name="Carte")
        self.assertEqual(search.get_by_role("listitem").count(), 180)
        self.assertEqual(self.violations, [])
        if SCREENSHOTS:
            page.screenshot(path=f"{SCREENSHOTS}/grid-blocked.png")

    def test_no_page_breaks_the_security_policy(self):
        page = self.open_page(pictures=False, locale="en-US")
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for path in (
            "/en/",
            "/en/cards/",
            "/en/cards/?q=t:creature",
            "/en/cards/angel-of-salvation/",
            "/it/sets/",
            "/it/sets/fut/",
            "/en/help/search/",
            "/en/about/",
            "/en/rules/",
            "/en/keywords/",
            "/en/sources/",
            "/admin/login/",
        ):
            with self.subTest(path=path):
                response = page.goto(self.live_server_url + path)
                self.assertLess(response.status, 500)
                self.assertIn("default-src 'self'", response.headers["content-security-policy"])
        self.assertEqual(self.violations, [])
        self.assertEqual(errors, [])
