"""Full-page JPEG screenshots of a running site, for before/after comparisons.

    .venv/bin/python scripts/screenshots.py http://127.0.0.1:8000 /it/ /it/decks/ \\
        --size desktop=1280x900 --size phone=390x844 --out docs/screenshots/issue45 \\
        --prefix links-home --suffix before

Each path is shot at each size into OUT/<name>-<size>[-<suffix>].jpg, where <name> is --prefix
when one path is given, else the path made into a file name (or <prefix>-<path> with both). A
path may say its own name: ``home=/it/``. Chromium through Playwright (CHROMIUM_PATH names
another binary than Debian's). The script stops on a page that does not answer 200.
"""

import argparse
import os
import re
import shutil
import sys
from pathlib import Path

DEFAULT_SIZES = ("desktop=1280x900", "phone=390x844")


def parse_size(text: str) -> tuple[str, int, int]:
    match = re.fullmatch(r"(\w[\w-]*)=(\d+)x(\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"a size is NAME=WIDTHxHEIGHT, not {text!r}")
    return match[1], int(match[2]), int(match[3])


def parse_path(text: str) -> tuple[str, str]:
    name, separator, path = text.partition("=")
    if separator and path.startswith("/"):
        return name, path
    return "", text


def file_stem(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-") or "root"


def shot_names(paths: list[tuple[str, str]], prefix: str) -> list[tuple[str, str]]:
    named = []
    for name, path in paths:
        if not name:
            name = prefix if prefix and len(paths) == 1 else file_stem(path)
            if prefix and len(paths) > 1:
                name = f"{prefix}-{name}"
        named.append((name, path))
    return named


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base_url", help="the running site, e.g. http://127.0.0.1:8000")
    parser.add_argument("paths", nargs="+", help="paths to shoot, /it/ or name=/it/")
    parser.add_argument(
        "--size", action="append", type=parse_size, help="NAME=WIDTHxHEIGHT (repeatable)"
    )
    parser.add_argument("--out", type=Path, default=Path("."), help="the output directory")
    parser.add_argument("--prefix", default="", help="the start of every file name")
    parser.add_argument("--suffix", default="", help="the end of every file name (before)")
    parser.add_argument("--quality", type=int, default=70, help="JPEG quality (70)")
    arguments = parser.parse_args(argv)
    sizes = arguments.size or [parse_size(size) for size in DEFAULT_SIZES]

    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    arguments.out.mkdir(parents=True, exist_ok=True)
    suffix = f"-{arguments.suffix}" if arguments.suffix else ""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True)
        try:
            for size_name, width, height in sizes:
                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                paths = [parse_path(path) for path in arguments.paths]
                for name, path in shot_names(paths, arguments.prefix):
                    response = page.goto(arguments.base_url.rstrip("/") + path)
                    if response is None or response.status != 200:
                        status = response.status if response else "no answer"
                        print(f"{path}: {status}", file=sys.stderr)
                        return 1
                    target = arguments.out / f"{name}-{size_name}{suffix}.jpg"
                    page.screenshot(
                        path=target, full_page=True, type="jpeg", quality=arguments.quality
                    )
                    print(f"{target} ({target.stat().st_size // 1024} KB)")
                context.close()
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
