"""Downloading the published card data (MTGJSON) and Comprehensive Rules into a cache folder.
No database.

Every file is streamed into ``CACHE/.partial/`` under its own name, with conditional requests
(the ETag and Last-Modified of the cached copy, kept beside it in ``NAME.http.json``), so an
unchanged source answers 304 and is not downloaded again. A downloaded file replaces the cached
one only when the caller keeps it (``DataCache.keep``, after a successful import); otherwise
``DataCache.discard`` deletes it and the previous cached file stays.

Every failure (an HTTP error, a timeout, a checksum that does not match, a rules page without a
link to the TXT) is a ``DownloadError`` whose message names the URL.
"""

import hashlib
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.client import HTTPException
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import quote, unquote, urljoin, urlsplit
from urllib.request import Request, urlopen

USER_AGENT = "Oracolo-update_data/1 (Python urllib)"
CHUNK_SIZE = 1 << 16
PROGRESS_EVERY = 1.0  # seconds between two progress lines of one download
MTGJSON_FILES = ("AllPrintings.json.gz", "Keywords.json")
CHECKSUM_SUFFIX = ".sha256"
# The TXT's file name as Wizards publishes it: "MagicCompRules 20260417.txt".
RULES_FILE_NAME = re.compile(r"MagicCompRules\s*(\d{8})\.txt", re.IGNORECASE)
RULES_PAGE = "rules-page.html"
SHA256_HEX = re.compile(r"\b[0-9a-fA-F]{64}\b")

Progress = Callable[[str, bool], None]  # (line, whether it is the download's last)


class DownloadError(Exception):
    """A source that could not be downloaded or verified; the message names the URL."""


@dataclass
class Fetched:
    """One source: the file to read (just downloaded, or the cached copy when unchanged)."""

    slot: str
    url: str
    path: Path
    downloaded: bool
    final_url: str = ""
    http: dict = field(default_factory=dict)  # what the cache records beside the file
    # Downloaded again (the server sent no ETag or Last-Modified to compare, or ignored them)
    # and byte for byte the cached copy: the cached copy is used, as if unchanged.
    same_as_cached: bool = False

    @property
    def file_name(self) -> str:
        return self.path.name


def quoted(url: str) -> str:
    """The URL with spaces and other unsafe characters escaped; %-escapes are kept."""
    return quote(url, safe=":/?#[]@!$&'()*+,;=%~")


class DataCache:
    """The cache folder: one file per slot, with what the server said about it."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.partial = self.folder / ".partial"

    def _record_path(self, slot: str) -> Path:
        return self.folder / f"{slot}.http.json"

    def record(self, slot: str) -> dict | None:
        """What was recorded when the slot's file was last kept, if its file is still there."""
        try:
            record = json.loads(self._record_path(slot).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(record, dict) or not (self.folder / record.get("file", "")).is_file():
            return None
        return record

    def cached(self, slot: str) -> Fetched | None:
        record = self.record(slot)
        if record is None:
            return None
        return Fetched(
            slot,
            record.get("url", ""),
            self.folder / record["file"],
            downloaded=False,
            final_url=record.get("final_url", ""),
            http=record,
        )

    def fetch(
        self,
        slot: str,
        url: str,
        file_name: str,
        *,
        timeout: float,
        progress: Progress | None = None,
    ) -> Fetched:
        """Download ``url`` unless the cached copy of ``slot`` is still current (304)."""
        cached = self.cached(slot)
        headers = {"User-Agent": USER_AGENT}
        if cached and cached.url == url:
            if cached.http.get("etag"):
                headers["If-None-Match"] = cached.http["etag"]
            if cached.http.get("last_modified"):
                headers["If-Modified-Since"] = cached.http["last_modified"]
        try:
            response = urlopen(Request(quoted(url), headers=headers), timeout=timeout)
        except HTTPError as error:
            error.close()
            if error.code == 304 and cached:
                return cached
            raise DownloadError(f"{url}: HTTP {error.code} {error.reason}") from error
        except (URLError, OSError, HTTPException) as error:
            raise DownloadError(_failure(url, error, timeout)) from error
        self.partial.mkdir(parents=True, exist_ok=True)
        path = self.partial / file_name
        digest = hashlib.sha256()
        try:
            with response, path.open("wb") as out:
                total = int(response.headers.get("Content-Length") or 0)
                received, last_report, started = 0, time.monotonic(), time.monotonic()
                while chunk := response.read(CHUNK_SIZE):
                    out.write(chunk)
                    digest.update(chunk)
                    received += len(chunk)
                    if progress and time.monotonic() - last_report >= PROGRESS_EVERY:
                        last_report = time.monotonic()
                        progress(_progress_line(file_name, received, total, started), False)
                if total and received != total:
                    raise DownloadError(
                        f"{url}: the download was cut short ({received} of {total} bytes)"
                    )
                final_url = response.geturl()
                http = {
                    "url": url,
                    "final_url": final_url,
                    "file": file_name,
                    "etag": response.headers.get("ETag", ""),
                    "last_modified": response.headers.get("Last-Modified", ""),
                    "sha256": digest.hexdigest(),
                    "size": received,
                }
        except DownloadError:
            path.unlink(missing_ok=True)
            raise
        except (OSError, HTTPException) as error:
            path.unlink(missing_ok=True)
            raise DownloadError(_failure(url, error, timeout)) from error
        if progress and received and time.monotonic() - started >= PROGRESS_EVERY:
            progress(_progress_line(file_name, received, received, started), True)
        if cached and cached.file_name == file_name and cached.http.get("sha256") == http["sha256"]:
            path.unlink()
            self._write_record(slot, http)
            return Fetched(slot, url, cached.path, False, final_url, http, same_as_cached=True)
        return Fetched(slot, url, path, downloaded=True, final_url=final_url, http=http)

    def keep(self, fetched: Fetched) -> None:
        """Make a downloaded file the cached copy of its slot (a cached one: nothing to do)."""
        if not fetched.downloaded:
            return
        previous = self.record(fetched.slot)
        target = self.folder / fetched.file_name
        os.replace(fetched.path, target)
        if previous and previous["file"] != fetched.file_name:
            (self.folder / previous["file"]).unlink(missing_ok=True)
        self._write_record(fetched.slot, fetched.http)
        fetched.path, fetched.downloaded = target, False

    def _write_record(self, slot: str, http: dict) -> None:
        record_path = self._record_path(slot)
        temporary = record_path.with_name(record_path.name + ".tmp")
        temporary.write_text(json.dumps(http, indent=1), encoding="utf-8")
        os.replace(temporary, record_path)

    def discard(self, *fetched: Fetched) -> None:
        """Delete downloaded files that are not to be kept; the cached copies stay."""
        for item in fetched:
            if item.downloaded:
                item.path.unlink(missing_ok=True)


def _failure(url: str, error: Exception, timeout: float) -> str:
    reason = getattr(error, "reason", None) or error
    if isinstance(reason, TimeoutError) or isinstance(error, TimeoutError):
        return f"{url}: no answer within {timeout:g} s (timeout)"
    return f"{url}: {reason}"


def _progress_line(name: str, received: int, total: int, started: float) -> str:
    elapsed = max(time.monotonic() - started, 0.001)
    done = f"{received / 1e6:.1f} MB"
    if total:
        done += f" of {total / 1e6:.1f} MB ({100 * received // total}%)"
    return f"{name}: {done}, {received / 1e6 / elapsed:.1f} MB/s"


def _download_small(url: str, timeout: float) -> bytes:
    try:
        with urlopen(
            Request(quoted(url), headers={"User-Agent": USER_AGENT}), timeout=timeout
        ) as r:
            return r.read()
    except HTTPError as error:
        error.close()
        raise DownloadError(f"{url}: HTTP {error.code} {error.reason}") from error
    except (URLError, OSError, HTTPException) as error:
        raise DownloadError(_failure(url, error, timeout)) from error


def fetch_mtgjson(
    cache: DataCache, folder_url: str, *, timeout: float, progress: Progress | None = None
) -> list[Fetched]:
    """AllPrintings.json.gz (checked against the .sha256 file beside it) and Keywords.json."""
    folder_url = folder_url if folder_url.endswith("/") else folder_url + "/"
    fetched: list[Fetched] = []
    try:
        for name in MTGJSON_FILES:
            url = urljoin(folder_url, name)
            item = cache.fetch(name, url, name, timeout=timeout, progress=progress)
            fetched.append(item)
            if name == MTGJSON_FILES[0] and item.downloaded:
                _check_sha256(item, url + CHECKSUM_SUFFIX, timeout)
    except DownloadError:
        cache.discard(*fetched)
        raise
    return fetched


def _check_sha256(item: Fetched, checksum_url: str, timeout: float) -> None:
    published = SHA256_HEX.search(
        _download_small(checksum_url, timeout).decode("ascii", errors="replace")
    )
    if not published:
        raise DownloadError(f"{checksum_url}: no SHA-256 hex digest found")
    if published.group().lower() != item.http["sha256"]:
        raise DownloadError(
            f"{item.url}: the download's SHA-256 ({item.http['sha256']}) does not match the "
            f"one published in {checksum_url} ({published.group().lower()}); the cached file "
            "is kept"
        )


class _LinkCollector(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.hrefs += [value.strip() for name, value in attrs if name == "href" and value]


def find_rules_link(html: str, base_url: str) -> str | None:
    """The absolute URL of the newest "MagicCompRules YYYYMMDD.txt" the page links to."""
    collector = _LinkCollector()
    collector.feed(html)
    collector.close()
    found = []
    for href in collector.hrefs:
        name = unquote(urlsplit(href).path).rsplit("/", 1)[-1]
        if match := RULES_FILE_NAME.fullmatch(name.strip()):
            found.append((match.group(1), urljoin(base_url, href)))
    return max(found)[1] if found else None


def fetch_rules(
    cache: DataCache, rules_url: str, *, timeout: float, progress: Progress | None = None
) -> Fetched:
    """The Comprehensive Rules TXT: ``rules_url`` itself when it is a .txt, otherwise the TXT
    the page at ``rules_url`` links to."""
    txt_url = rules_url
    if not urlsplit(rules_url).path.lower().endswith(".txt"):
        page = cache.fetch("rules-page", rules_url, RULES_PAGE, timeout=timeout)
        data = page.path.read_bytes()
        txt_url = find_rules_link(data.decode("utf-8", errors="replace"), page.final_url)
        if txt_url is None:
            cache.discard(page)
            raise DownloadError(
                f"{rules_url}: the page links to no Comprehensive Rules TXT "
                '("MagicCompRules YYYYMMDD.txt")'
            )
        cache.keep(page)
    file_name = unquote(urlsplit(txt_url).path).rsplit("/", 1)[-1] or "rules.txt"
    return cache.fetch("rules", txt_url, file_name, timeout=timeout, progress=progress)


def cached_sources(cache: DataCache) -> tuple[list[Fetched], Fetched]:
    """The cached MTGJSON files and rules TXT, for an update without the network."""
    found = {slot: cache.cached(slot) for slot in (*MTGJSON_FILES, "rules")}
    missing = [slot for slot, item in found.items() if item is None]
    if missing:
        raise DownloadError(
            f"{cache.folder}: the cache holds no {', '.join(missing)}; run update_data without "
            "--offline first"
        )
    return [found[name] for name in MTGJSON_FILES], found["rules"]
