"""Small test photos written byte by byte (no imaging library needed): PNG creatures."""
import math
import struct
import zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int, height: int, pixel) -> bytes:
    """An RGB PNG whose pixel (x, y) is pixel(x, y) -> (r, g, b)."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows += bytes(pixel(x, y))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + _chunk(b"IEND", b"")


def creature(body=(120, 60, 170), sky=(250, 200, 90), size=240) -> bytes:
    """A ghost-like creature: a round body with two eyes on a gradient sky."""
    cx, cy, r = size / 2, size * 0.55, size * 0.32

    def pixel(x, y):
        eye = min(math.hypot(x - (cx - r * 0.4), y - (cy - r * 0.2)), math.hypot(x - (cx + r * 0.4), y - (cy - r * 0.2)))
        if eye < r * 0.16:
            return (255, 255, 255) if eye > r * 0.07 else (20, 20, 30)
        inside = math.hypot(x - cx, (y - cy) * (1.0 if y < cy else 0.6)) < r
        if inside:
            return body
        t = y / size
        return tuple(int(c * (1 - 0.35 * t)) for c in sky)

    return png(size, size, pixel)
