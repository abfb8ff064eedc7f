"""Small test photos written byte by byte, and screenshots read back (no imaging library needed):
PNG creatures, and the pixels of a PNG."""
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


def decode_png(data: bytes):
    """The pixels of an 8-bit RGB or RGBA PNG that is not interlaced (what Chromium's screenshots
    are): (width, height, rows), each row a list of (r, g, b) tuples. Anything else raises."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, chunks, header = 8, bytearray(), None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 4 if colour == 6 else 3
    stride = width * channels
    raw = zlib.decompress(bytes(chunks))
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                a, b, c = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[i] = (line[i] + (left if a <= b and a <= c else up if b <= c else corner)) & 0xFF
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def noise(size_bytes: int) -> bytes:
    """An RGB PNG of random pixels, stored uncompressed, of about `size_bytes` (a photo at the
    upload limits' scale that no compression can shrink)."""
    import os
    width = 2000
    height = size_bytes // (width * 3 + 1) + 1
    rows = bytearray()
    for _ in range(height):
        rows.append(0)
        rows += os.urandom(width * 3)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(rows), 0)) + _chunk(b"IEND", b"")
