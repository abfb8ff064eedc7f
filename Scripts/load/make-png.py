#!/usr/bin/env python3
"""Writes a 640x480 RGB PNG to the path given: a gradient (a photo for the load test), or with
--noise random pixels (a photo whose thumbnail does not compress: the size of a real one)."""
import random
import struct
import sys
import zlib

WIDTH, HEIGHT = 640, 480


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


rows = bytearray()
for y in range(HEIGHT):
    rows.append(0)  # filter: none
    for x in range(WIDTH):
        if "--noise" in sys.argv:
            rows += bytes((random.randrange(256), random.randrange(256), random.randrange(256)))
        else:
            rows += bytes((x * 255 // WIDTH, y * 255 // HEIGHT, 128))
header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b"")
with open(sys.argv[1], "wb") as output:
    output.write(png)
