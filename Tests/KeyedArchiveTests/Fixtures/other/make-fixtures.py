#!/usr/bin/env python3
"""Writes the generated fixtures in this folder (see MANIFEST.md). Run from this folder with
Python 3.11 and plistutil (Debian libplist-utils 2.2.0) installed."""
import plistlib, struct, subprocess

# Canonically equivalent strings, each a separate key: NFC and NFD é, three forms of Å,
# a Hangul syllable and its jamo.
keys = ["\u00e9", "e\u0301", "\u00c5", "\u212b", "A\u030a", "\ud55c", "\u1112\u1161\u11ab"]
value = {key: index for index, key in enumerate(keys)}
value["values"] = keys
with open("plistlib-equivalent-keys.bin.plist", "wb") as f:
    f.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
with open("plistlib-equivalent-keys.xml.plist", "wb") as f:
    f.write(plistlib.dumps(value, fmt=plistlib.FMT_XML))
subprocess.run(["plistutil", "-i", "plistlib-equivalent-keys.xml.plist", "-o", "plistutil-equivalent-keys.bin.plist", "-f", "bin"], check=True)

# A binary plist whose "ASCII" string objects (marker 0x5) hold Latin-1 bytes above 0x7F, as
# some non-Apple writers produce: {"caf\xe9": "na\xefve"}. Objects: 0 dict, 1 key, 2 value.
objects = [bytes([0xD1, 1, 2]), bytes([0x54]) + b"caf\xe9", bytes([0x55]) + b"na\xefve"]
body = b"bplist00"
offsets = []
for item in objects:
    offsets.append(len(body))
    body += item
table = len(body)
body += bytes(offsets)
body += bytes(6) + bytes([1, 1]) + struct.pack(">QQQ", len(objects), 0, table)
with open("latin1-ascii-strings.bin.plist", "wb") as f:
    f.write(body)
