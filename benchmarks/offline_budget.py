"""Issue 46's budgets for Oracolo offline, in Chromium, against a running server with the data
to measure (the full catalogue: see benchmarks/README.md, "Offline in the browser"):

- everything kept offline (the Offline page's button) on a simulated 10 Mbit/s link: the
  time until the status says it is kept, and the bytes that travelled;
- the offline search at a CPU throttled 4x (a mid-range phone): the median of ~20 queries;
- the card view (the offline card shell, served by the service worker): time to shown.

    .venv/bin/python manage.py runserver 127.0.0.1:8108 --noreload   # DATABASE_URL=... the copy
    .venv/bin/python benchmarks/offline_budget.py --url http://127.0.0.1:8108

The CPU is throttled by Chromium (Emulation.setCPUThrottlingRate). The link is throttled on the
page (Network.emulateNetworkConditions), but the download runs in the service worker, its own
DevTools target, which Playwright's API cannot throttle: the script prints the measured time and
the bytes that travelled (the worker's requests, PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS),
and the 10 Mbit/s estimate as that time plus those bytes at 10 Mbit/s (as if nothing overlapped).
"""

import argparse
import os
import shutil
import statistics
import sys
import time

QUERIES = [
    "fulmine",
    "lightning bolt",
    "t:creatura k:volare",
    "t:creature k:flying c:w",
    "serra angle",
    "angelo di serra",
    "c:r mv<=2 t:istantaneo",
    "draw a card",
    "pesca una carta",
    "t:leggendario t:drago",
    "k:travolgere mv>=5",
    "llanowar",
    "elfi di llanowar",
    "counterspel",
    "t:planeswalker c:u",
    "sol ring",
    "c:m t:creature mv=3",
    "distruggi la creatura bersaglio",
    "t:land o:mana -t:basic",
    "goblin",
]
LINK_BYTES_PER_SECOND = 10_000_000 / 8
LINK_LATENCY_MS = 40


def chromium():
    return (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


def throttle_network(session):
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": LINK_LATENCY_MS,
            "downloadThroughput": LINK_BYTES_PER_SECOND,
            "uploadThroughput": LINK_BYTES_PER_SECOND,
        },
    )


def keep_offline(browser, url):
    context = browser.new_context(locale="it-IT", service_workers="allow")
    travelled = []
    context.on(
        "requestfinished",
        lambda request: (
            request.service_worker and travelled.append(request.sizes()["responseBodySize"])
        ),
    )
    page = context.new_page()
    throttle_network(context.new_cdp_session(page))
    page.goto(url + "/it/offline/")
    start = time.monotonic()
    page.locator("#offline-download").click()
    status = ""
    while time.monotonic() - start < 900:
        status = page.locator("#offline-status").text_content() or ""
        if "Conservato" in status or page.locator("#offline-download").text_content() == "Riprova":
            break
        page.wait_for_timeout(100)
    elapsed = time.monotonic() - start
    return context, page, elapsed, status, sum(travelled), len(travelled)


def median_search(context, url):
    page = context.new_page()
    page.goto(url + "/it/offline/search/")
    while page.evaluate("document.body.dataset.offlineReady") != "1":
        page.wait_for_timeout(50)
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    timings = {}
    for query in QUERIES:
        timings[query] = page.evaluate(
            "query => { const t = performance.now(); const n = window.oracoloOfflineSearch(query);"
            " return [performance.now() - t, n]; }",
            query,
        )
    session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return timings


def card_view(context, url, rate):
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    figures = []
    for slug in ("lightning-bolt", "serra-angel", "llanowar-elves"):
        page.goto(url + f"/it/cards/{slug}/")
        while page.evaluate("document.body.dataset.offlineReady") != "1":
            page.wait_for_timeout(10)
        figures.append(page.evaluate("Number(document.body.dataset.offlineReadyAt)"))
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8108")
    args = parser.parse_args()
    os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), headless=True)
        # Twice, each in a new browser: the first renders every kept page on the server, the
        # second finds them in the page cache, as every visitor after the first does.
        for attempt in ("first visitor", "next visitor"):
            context, page, elapsed, status, travelled, files = keep_offline(browser, args.url)
            link = travelled / LINK_BYTES_PER_SECOND
            print(
                f"kept offline ({attempt}): {elapsed:.1f} s measured, {files} files,"
                f" {travelled / 1e6:.2f} MB travelled"
            )
            print(
                f"  at 10 Mbit/s: at most {elapsed + link:.1f} s ({link:.1f} s of link time added)"
            )
            print(f"  status: {status}")
            if attempt == "first visitor":
                context.close()
        context.set_offline(True)
        timings = median_search(context, args.url)
        for query, (ms, count) in timings.items():
            print(f"  {ms:7.1f} ms  {count:6d}  {query}")
        median = statistics.median(ms for ms, _count in timings.values())
        print(f"offline search at 4x CPU: median {median:.1f} ms")
        for rate in (1, 4):
            figures = card_view(context, args.url, rate)
            print(f"card view at {rate}x CPU: " + ", ".join(f"{ms:.0f} ms" for ms in figures))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
