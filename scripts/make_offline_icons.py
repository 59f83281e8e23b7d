"""Draw the web app's icons (static/offline/icons/*.png) from the favicon's shapes
(static/img/favicon.svg: a rounded red square, a light ring and a dot), once; the PNGs are
committed. Run again only to change them: ``.venv/bin/python scripts/make_offline_icons.py``.

Written with the standard library alone (zlib), so the project needs no imaging package: each
pixel is the share of 4×4 samples inside the shapes.
"""

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "offline" / "icons"
RED = (0x8C, 0x2F, 0x12)
LIGHT = (0xFB, 0xFA, 0xF7)
SAMPLES = 4
# The favicon's 32-unit drawing: corner radius, the ring's radius and width, the dot's radius.
CORNER, RING, RING_WIDTH, DOT = 6, 9, 3, 3


def inside_rounded_square(x: float, y: float, corner: float) -> bool:
    cx = min(max(x, corner), 32 - corner)
    cy = min(max(y, corner), 32 - corner)
    return (x - cx) ** 2 + (y - cy) ** 2 <= corner**2


def colour_at(x: float, y: float, maskable: bool):
    """The colour at (x, y) of the 32-unit drawing, None outside it. A maskable icon fills its
    whole square and keeps the symbol inside the middle 80% (the safe zone)."""
    if not maskable and not inside_rounded_square(x, y, CORNER):
        return None
    scale = 0.8 if maskable else 1.0
    distance = (((x - 16) / scale) ** 2 + ((y - 16) / scale) ** 2) ** 0.5
    if distance <= DOT or abs(distance - RING) <= RING_WIDTH / 2:
        return LIGHT
    return RED


def pixels(size: int, maskable: bool) -> bytes:
    rows = bytearray()
    step = 32 / size / SAMPLES
    for row in range(size):
        rows.append(0)  # no filter
        for column in range(size):
            totals = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = column * 32 / size + (sx + 0.5) * step
                    y = row * 32 / size + (sy + 0.5) * step
                    colour = colour_at(x, y, maskable)
                    if colour is not None:
                        totals[0] += colour[0]
                        totals[1] += colour[1]
                        totals[2] += colour[2]
                        totals[3] += 255
            covered = totals[3] / 255
            count = SAMPLES * SAMPLES
            if covered:
                rows += bytes(round(totals[i] / covered) for i in range(3))
            else:
                rows += bytes(3)
            rows.append(round(totals[3] / count))
    return bytes(rows)


def chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(size: int, maskable: bool = False) -> bytes:
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels(size, maskable), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
    ):
        (ICONS / name).write_bytes(png(size, maskable))
        print(f"Wrote {ICONS / name}")


if __name__ == "__main__":
    main()
