"""Draw the site's icons: two UNO-style cards on a dark table, the front one
red with a tick in its white oval (a dispute settled).

    python scripts/icons.py          # write docs/icons/ (SVG and PNG)
    python scripts/icons.py --check  # exit 1 when docs/icons/ is not what this draws

One description of the shapes gives both the SVG and the PNGs: the PNGs are
drawn by this script itself (each pixel's share of each shape, worked out from
its distance to the shape's edge), with nothing but the standard library. The
site keeps the files in ``docs/icons/``; the build copies them and the web app
manifests (``docs/engine_hook.py``) name them:

* ``icon.svg``, ``icon-192.png``, ``icon-512.png``: the icon on a rounded
  square, the corners transparent (manifest purpose "any");
* ``maskable-192.png``, ``maskable-512.png``: the cards smaller, on a table
  that fills the square (purpose "maskable": a phone cuts its own shape out
  of the middle four fifths);
* ``apple-touch-icon.png`` (180 px, the maskable drawing: iOS rounds the
  corners itself) and ``favicon.png`` (48 px).
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "docs" / "icons"
SIZE = 512.0
"""The drawing's own units: a square of 512."""

TABLE = "#263238"
WHITE = "#ffffff"
RED = "#e53935"
YELLOW = "#fdd835"


@dataclass(frozen=True)
class Box:
    """A rectangle with rounded corners, turned ``turn`` degrees about its centre."""

    cx: float
    cy: float
    half_w: float
    half_h: float
    radius: float
    turn: float
    colour: str


@dataclass(frozen=True)
class Oval:
    """An ellipse, turned ``turn`` degrees about its centre."""

    cx: float
    cy: float
    rx: float
    ry: float
    turn: float
    colour: str


@dataclass(frozen=True)
class Line:
    """A thick line through ``points`` with round ends and joins."""

    points: tuple[tuple[float, float], ...]
    width: float
    colour: str


Shape = Box | Oval | Line


def _turned(x: float, y: float, cx: float, cy: float, degrees: float) -> tuple[float, float]:
    """The point (x, y) turned ``degrees`` about (cx, cy)."""
    a = math.radians(degrees)
    dx, dy = x - cx, y - cy
    return cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)


def _card(cx: float, cy: float, turn: float, colour: str) -> list[Shape]:
    """A card: white edge, coloured face."""
    return [
        Box(cx, cy, 96, 140, 24, turn, WHITE),
        Box(cx, cy, 82, 126, 14, turn, colour),
    ]


def _cards() -> list[Shape]:
    """The cards: a yellow one behind, a red one in front with a tick in its oval."""
    fx, fy, turn = 300.0, 268.0, 12.0
    tick = tuple(_turned(fx + x, fy + y, fx, fy, turn) for x, y in ((-40, 2), (-10, 34), (42, -38)))
    return [
        *_card(200, 244, -16, YELLOW),
        *_card(fx, fy, turn, RED),
        Oval(fx, fy, 64, 106, turn + 32, WHITE),
        Line(tick, 26, RED),
    ]


def _scaled(shape: Shape, k: float) -> Shape:
    """``shape`` made ``k`` times as large about the drawing's centre."""
    c = SIZE / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return c + (x - c) * k, c + (y - c) * k

    if isinstance(shape, Box):
        x, y = at(shape.cx, shape.cy)
        return Box(
            x, y, shape.half_w * k, shape.half_h * k, shape.radius * k, shape.turn, shape.colour
        )
    if isinstance(shape, Oval):
        x, y = at(shape.cx, shape.cy)
        return Oval(x, y, shape.rx * k, shape.ry * k, shape.turn, shape.colour)
    return Line(tuple(at(x, y) for x, y in shape.points), shape.width * k, shape.colour)


def icon() -> list[Shape]:
    """The icon: the cards on a rounded square of table."""
    return [Box(256, 256, 256, 256, 112, 0, TABLE), *_cards()]


MASKABLE_SCALE = 0.9
"""How large the cards are on the maskable icon: inside the middle circle
(radius 40 % of the side) that every phone's mask keeps."""


def maskable() -> list[Shape]:
    """The maskable icon: the cards smaller, on a table that fills the square."""
    return [Box(256, 256, 256, 256, 0, 0, TABLE), *(_scaled(s, MASKABLE_SCALE) for s in _cards())]


# --------------------------------------------------------------------- SVG


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def svg(shapes: Sequence[Shape]) -> str:
    """The shapes as an SVG document (viewBox 0 0 512 512)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(SIZE)} {_n(SIZE)}">']
    for s in shapes:
        if isinstance(s, Box):
            turn = f' transform="rotate({_n(s.turn)} {_n(s.cx)} {_n(s.cy)})"' if s.turn else ""
            out.append(
                f'<rect x="{_n(s.cx - s.half_w)}" y="{_n(s.cy - s.half_h)}" '
                f'width="{_n(2 * s.half_w)}" height="{_n(2 * s.half_h)}" rx="{_n(s.radius)}" '
                f'fill="{s.colour}"{turn}/>'
            )
        elif isinstance(s, Oval):
            out.append(
                f'<ellipse cx="{_n(s.cx)}" cy="{_n(s.cy)}" rx="{_n(s.rx)}" ry="{_n(s.ry)}" '
                f'fill="{s.colour}" transform="rotate({_n(s.turn)} {_n(s.cx)} {_n(s.cy)})"/>'
            )
        else:
            points = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
            out.append(
                f'<polyline points="{points}" fill="none" stroke="{s.colour}" '
                f'stroke-width="{_n(s.width)}" stroke-linecap="round" stroke-linejoin="round"/>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ pixels


def _distance(shape: Shape) -> Callable[[float, float], float]:
    """The signed distance from a point to the shape's edge (negative inside)."""
    if isinstance(shape, Box):
        a = math.radians(-shape.turn)
        cos, sin = math.cos(a), math.sin(a)
        bx, by, r = shape.half_w - shape.radius, shape.half_h - shape.radius, shape.radius

        def box(x: float, y: float) -> float:
            dx, dy = x - shape.cx, y - shape.cy
            qx = abs(dx * cos - dy * sin) - bx
            qy = abs(dx * sin + dy * cos) - by
            outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
            return outside + min(max(qx, qy), 0.0) - r

        return box
    if isinstance(shape, Oval):
        a = math.radians(-shape.turn)
        cos, sin = math.cos(a), math.sin(a)
        rx, ry = shape.rx, shape.ry

        def oval(x: float, y: float) -> float:
            dx, dy = x - shape.cx, y - shape.cy
            px, py = dx * cos - dy * sin, dx * sin + dy * cos
            k0 = math.hypot(px / rx, py / ry)
            k1 = math.hypot(px / (rx * rx), py / (ry * ry))
            return -min(rx, ry) if k1 == 0 else k0 * (k0 - 1.0) / k1

        return oval
    segments = list(zip(shape.points, shape.points[1:], strict=False))
    half = shape.width / 2

    def line(x: float, y: float) -> float:
        best = math.inf
        for (ax, ay), (bx, by) in segments:
            px, py, ux, uy = x - ax, y - ay, bx - ax, by - ay
            h = min(max((px * ux + py * uy) / (ux * ux + uy * uy), 0.0), 1.0)
            best = min(best, math.hypot(px - ux * h, py - uy * h))
        return best - half

    return line


def _reach(shape: Shape) -> tuple[float, float, float, float]:
    """A box (x0, y0, x1, y1) that holds the whole shape."""
    if isinstance(shape, Box):
        r = math.hypot(shape.half_w, shape.half_h)
        return shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r
    if isinstance(shape, Oval):
        r = max(shape.rx, shape.ry)
        return shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r
    xs = [x for x, _ in shape.points]
    ys = [y for _, y in shape.points]
    h = shape.width / 2
    return min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def pixels(shapes: Sequence[Shape], size: int) -> bytearray:
    """The shapes drawn on a transparent square of ``size`` pixels: RGBA,
    8 bits each, row by row. Each shape covers a pixel by its share of it
    (from the distance of the pixel's centre to the edge), painted over what
    is below it."""
    scale = SIZE / size
    red = [0.0] * (size * size)
    green = [0.0] * (size * size)
    blue = [0.0] * (size * size)
    alpha = [0.0] * (size * size)
    for shape in shapes:
        distance = _distance(shape)
        cr, cg, cb = _rgb(shape.colour)
        x0, y0, x1, y1 = _reach(shape)
        first_x, last_x = max(0, int(x0 / scale) - 1), min(size, int(x1 / scale) + 2)
        for py in range(max(0, int(y0 / scale) - 1), min(size, int(y1 / scale) + 2)):
            y = (py + 0.5) * scale
            row = py * size
            for px in range(first_x, last_x):
                cover = 0.5 - distance((px + 0.5) * scale, y) / scale
                if cover <= 0:
                    continue
                a = min(cover, 1.0)
                i = row + px
                below = alpha[i] * (1 - a)
                total = a + below
                red[i] = (cr * a + red[i] * below) / total
                green[i] = (cg * a + green[i] * below) / total
                blue[i] = (cb * a + blue[i] * below) / total
                alpha[i] = total
    out = bytearray(size * size * 4)
    for i in range(size * size):
        out[4 * i : 4 * i + 4] = bytes(
            round(v * 255) for v in (red[i], green[i], blue[i], alpha[i])
        )
    return out


def png(rgba: bytes | bytearray, size: int) -> bytes:
    """An RGBA picture (``size`` x ``size``) as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    stride = size * 4
    rows = b"".join(b"\0" + bytes(rgba[y * stride : (y + 1) * stride]) for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGBA pixels of a PNG file as :func:`png` writes it
    (8-bit RGBA, not interlaced); any row filter is undone."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if (depth, colour_type, interlace) != (8, 6, 0):
                raise ValueError("not an 8-bit RGBA PNG without interlacing")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4
    out = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        how, row = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = row[i - 4] if i >= 4 else 0
            up, corner = previous[i], previous[i - 4] if i >= 4 else 0
            if how == 1:
                row[i] = (row[i] + left) & 255
            elif how == 2:
                row[i] = (row[i] + up) & 255
            elif how == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif how == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (
                    row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)
                ) & 255
        out += row
        previous = row
    return width, height, bytes(out)


FILES: dict[str, tuple[Callable[[], list[Shape]], int]] = {
    "icon-192.png": (icon, 192),
    "icon-512.png": (icon, 512),
    "maskable-192.png": (maskable, 192),
    "maskable-512.png": (maskable, 512),
    "apple-touch-icon.png": (maskable, 180),
    "favicon.png": (icon, 48),
}
"""Each PNG file: its drawing and its size in pixels."""


def drawn() -> dict[str, bytes]:
    """Every file of ``docs/icons/`` as this script draws it."""
    files = {"icon.svg": svg(icon()).encode()}
    for name, (drawing, size) in FILES.items():
        files[name] = png(pixels(drawing(), size), size)
    return files


def differences(folder: Path) -> list[str]:
    """The files of ``folder`` that are not what this script draws (the
    PNGs compared pixel by pixel, a step of 1 in 255 allowed)."""
    wrong = []
    for name, data in drawn().items():
        path = folder / name
        if not path.is_file():
            wrong.append(f"{name}: missing")
        elif name.endswith(".svg"):
            if path.read_bytes() != data:
                wrong.append(f"{name}: another drawing")
        else:
            _, _, want = read_png(data)
            width, height, got = read_png(path.read_bytes())
            if (width, height) != (FILES[name][1],) * 2 or len(got) != len(want):
                wrong.append(f"{name}: {width}x{height}")
            elif any(abs(a - b) > 1 for a, b in zip(got, want, strict=True)):
                wrong.append(f"{name}: another drawing")
    return wrong


def main(argv: list[str] | None = None) -> int:
    """Write ``docs/icons/``, or with ``--check`` say which files differ."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check docs/icons/")
    args = parser.parse_args(argv)
    if args.check:
        wrong = differences(ICONS)
        for line in wrong:
            print(line, file=sys.stderr)
        return 1 if wrong else 0
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, data in drawn().items():
        (ICONS / name).write_bytes(data)
        print(f"{ICONS.relative_to(ROOT) / name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
