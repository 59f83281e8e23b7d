"""Fail when a tracked Python module is over the line cap (docs/architecture.md).

Lists every module over the cap, longest first, and exits 1; exits 0 when there is none.
Tests count too. Run from anywhere inside the repository: `python scripts/check_module_lines.py`.
"""

import subprocess
import sys
from pathlib import Path

MAX_LINES = 400


def tracked_modules():
    """The repository's root and the paths of its tracked .py files, relative to it."""
    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True
    ).stdout.strip()
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.py"],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    ).stdout
    return Path(root), [path for path in listed.split("\0") if path]


def line_count(path):
    with path.open("rb") as module:
        return sum(1 for _ in module)


def main():
    root, paths = tracked_modules()
    too_long = []
    for path in paths:
        full_path = root / path
        if full_path.is_file():
            lines = line_count(full_path)
            if lines > MAX_LINES:
                too_long.append((lines, path))
    if not too_long:
        return 0
    too_long.sort(reverse=True)
    print(f"{len(too_long)} modules over {MAX_LINES} lines; split them by responsibility:")
    for lines, path in too_long:
        print(f"  {path}: {lines} lines")
    return 1


if __name__ == "__main__":
    sys.exit(main())
