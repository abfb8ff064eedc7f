#!/usr/bin/env python3
"""A standing HTTP fuzzer for both apps' servers.

Starts `scary-creatures serve` and/or `homepwner serve` on a fresh data folder, gives them
creatures and items with real photos (a JPEG and a PNG made here), attachments and locations,
takes a page's form token and cookie, then sends mutated requests over raw TCP, one connection
each: the request line, every header the servers read (Range, If-Range, If-Match,
If-None-Match, Accept, Cookie, Content-Type and boundaries, Transfer-Encoding, Content-Length,
Host), the path and query parameters of every operation in both openapi.yaml files, the page
routes and their forms, and bodies (JSON, forms, multipart, CSV, zips, images). Seeds are the
OpenAPI operations, the page forms and the raw requests in Fuzz/http-corpus/.

Token mode (--mode token, or both, the default: loopback first, then token, per app) starts each
app again with an access token (--token-file), signs in, and sends the same kinds of requests
carrying the session cookie (most), the bearer token, or neither, plus requests aimed at the
token layer: Authorization headers (wrong, truncated, NUL-padded, huge, other schemes, lowercase
`bearer`, repeated), session cookies (wrong, truncated, repeated, other ports' and apps' names,
huge), /sign-in and /sign-out bodies (wrong types, huge, missing fields, percent-encoding
garbage) and pipelined bursts of wrong tokens for the throttle (401 and 429 are fine answers).
Wrong tokens are sent freely in the last STORM of every STORM_EVERY requests and seldom
otherwise, so a right bearer token mostly gets through. When a request may have ended the
fuzzer's session (a sign-out), it checks and signs in again, waiting out Retry-After if the
throttle refuses (at most RESIGN_WAIT seconds).

It fails (exit 1) when the server process dies, answers 5xx, gives no answer within 10 s, or
stops answering (a plain GET after a request that got no answer); it prints the seed, the
iteration and the request bytes, and saves them (with the few requests before) to
.build/http-fuzz-failure-APP-SEED-ITERATION.http, which `--replay` sends again to a fresh
server. The requests depend only on the seed: after every send the connection is half-closed,
so nothing waits on the server's timeouts, and no response changes what is sent next (values
the server assigns, such as a creature's version, are filled into placeholders at send time).

    Scripts/http-fuzz.py                          # both apps, both modes, 60 s each, a random seed
    Scripts/http-fuzz.py --app homepwner --seed 7 --seconds 600
    Scripts/http-fuzz.py --requests 5000 --seed 1
    Scripts/http-fuzz.py --mode token --seconds 300   # token mode only
    Scripts/http-fuzz.py --seconds 60 --token-seconds 30   # as CI: 60 s loopback + 30 s token mode per app
    Scripts/http-fuzz.py --replay .build/http-fuzz-failure-scary-creatures-1-123.http
    Scripts/http-fuzz.py --replay Fuzz/http-corpus/scary-creatures/photo-range.http --app scary-creatures

Needs the servers built (`swift build --product scary-creatures --product homepwner`) and
Python 3.11; PyYAML (which schemathesis brings) to read the OpenAPI documents' schemas.
"""
from __future__ import annotations

import argparse
import base64
import collections
import hashlib
import io
import json
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse
import zipfile
import warnings
import zlib
from dataclasses import dataclass, field

warnings.filterwarnings("ignore", module="zipfile")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "http-corpus")
APPS = ("scary-creatures", "homepwner")
CI_SEED = 20261128
ANSWER_TIMEOUT = 10.0          # seconds for a whole answer (heads come much sooner)
REFRESH_EVERY = 250            # requests between restoring the seeded resources
MAX_RESPONSE = 8 << 20
HISTORY = 6                    # requests kept for a failure report

# ---------------------------------------------------------------------------------------------
# Material: real images, a PDF, zips, CSV

def make_png(width: int = 24, height: int = 18, declared: tuple[int, int] | None = None) -> bytes:
    """An RGB PNG; `declared` writes other dimensions into IHDR (with a valid CRC)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes(v for x in range(width) for v in (x * 10 % 256, y * 14 % 256, (x * y) % 256))
                    for y in range(height))
    w, h = declared or (width, height)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def make_jpeg(width: int = 32, height: int = 24, declared: tuple[int, int] | None = None) -> bytes:
    """A baseline grayscale JPEG whose 8x8 blocks are each one shade (DC coefficients only)."""
    def segment(marker: int, data: bytes) -> bytes:
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(data) + 2) + data
    dc_bits = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    dc_vals = list(range(12))
    codes, code, k = {}, 0, 0
    for length, count in enumerate(dc_bits, start=1):
        for _ in range(count):
            codes[dc_vals[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    out, acc, nbits = bytearray(), 0, 0

    def put(value: int, length: int) -> None:
        nonlocal acc, nbits
        for i in range(length - 1, -1, -1):
            acc = (acc << 1) | ((value >> i) & 1)
            nbits += 1
            if nbits == 8:
                out.append(acc)
                if acc == 0xFF:
                    out.append(0)
                acc, nbits = 0, 0
    prev = 0
    for by in range((height + 7) // 8):
        for bx in range((width + 7) // 8):
            dc = (bx * 37 + by * 59) % 200 + 28 - 128     # quantizer 8: the block's shade - 128
            diff, prev = dc - prev, dc
            size = abs(diff).bit_length()
            put(*codes[size])
            if size:
                put(diff if diff >= 0 else diff + (1 << size) - 1, size)
            put(0, 1)                                      # end of block, the AC table's one code
    if nbits:
        put((1 << (8 - nbits)) - 1, 8 - nbits)
    w, h = declared or (width, height)
    return (b"\xff\xd8" + segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0")
            + segment(0xDB, b"\x00" + bytes([8] * 64))
            + segment(0xC0, struct.pack(">BHHB", 8, h, w, 1) + b"\x01\x11\x00")
            + segment(0xC4, b"\x00" + bytes(dc_bits) + bytes(dc_vals))
            + segment(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\x00")
            + segment(0xDA, b"\x01\x01\x00\x00\x3f\x00") + bytes(out) + b"\xff\xd9")


JPEG = make_jpeg()
PNG = make_png()
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
CSV_COLUMNS = ["Name", "Serial Number", "Value in Dollars", "Date Created", "Item Key", "Has Photo", "Location",
               "Labels", "Quantity", "Purchase Date", "Price Paid", "Purchased From", "Warranty Ends",
               "Warranty Notes", "Notes", "Model", "Manufacturer"]


def corpus_file(name: str) -> bytes:
    with open(os.path.join(CORPUS, "files", name), "rb") as f:
        return f.read()


def make_zip(entries: list[tuple[str, bytes]], compress: bool = True) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 28, 12, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
            z.writestr(info, data)
    return buffer.getvalue()


# ---------------------------------------------------------------------------------------------
# Placeholders: filled in when a request is sent, from what the server assigned. The form token
# is as wide as a real token (64 characters), so that body lengths stay right.

TOKEN_MARK = b"{{FORMTOKEN" + b"_" * 51 + b"}}"
# Token mode: the server's access token (fixed, so requests depend on the seed alone), the
# session id a sign-in gives (64 hex characters, filled in when sent, as wide as its mark) and
# the form token bound to the form cookie rather than the session (for bearer-token form posts).
ACCESS_TOKEN = "http-fuzz-access-token-5eed-0123456789abcdef"
SESSION_MARK = b"{{SESSIONID" + b"_" * 51 + b"}}"
COOKIE_TOKEN_MARK = b"{{FORMTOKENC" + b"_" * 50 + b"}}"
COOKIE_PREFIX = {"scary-creatures": "scary_creatures", "homepwner": "homepwner"}
MODES = ("loopback", "token")
STORM_EVERY, STORM = 1000, 150   # token mode: the throttle's storms, by request count
RESIGN_WAIT = 20.0             # seconds a re-sign-in may wait out the throttle's Retry-After
PLACEHOLDER = re.compile(rb"\{\{([A-Z]+)(?::([A-Za-z0-9]+))?_*\}\}")

# Homepwner's items get these keys (a CSV import keeps a row's key), so they are the same in
# every run. S* are never changed by the fuzzer's unsafe requests (their photos are what the
# Range requests read); X* are for changing and deleting, and are put back every REFRESH_EVERY.
HP_KEYS = {
    "S1": "5EED0000-0000-4000-8000-000000000001",   # PNG photo, a PDF and a JPEG attachment
    "S2": "5EED0000-0000-4000-8000-000000000002",   # JPEG photo
    "S3": "5EED0000-0000-4000-8000-000000000003",   # no photo
    "X1": "5EED0000-0000-4000-8000-0000000000A1",   # PNG photo, an attachment
    "X2": "5EED0000-0000-4000-8000-0000000000A2",
}
HP_ATTACHMENTS = {
    "S1a": (HP_KEYS["S1"], "receipt.pdf", PDF),
    "S1b": (HP_KEYS["S1"], "photo.jpg", JPEG),
    "X1a": (HP_KEYS["X1"], "manual.pdf", PDF),
}


# Scary Creatures' creatures: A B C stable, D E to change; the numbers are the server's.
SC_CREATURES = {"A": ("Lil' Terror", 4.5, JPEG, "image/jpeg"), "B": ("Fluffy", 1, PNG, "image/png"),
                "C": ("No Photo", 0, None, None), "D": ("Scratch", 2, PNG, "image/png"), "E": ("Scratch Two", 3, None, None)}
PHOTO_SIZES = {"A": len(JPEG), "B": len(PNG), "S1": len(PNG), "S2": len(JPEG), "X1": len(PNG), "D": len(PNG),
               "S1a": len(PDF), "S1b": len(JPEG), "X1a": len(PDF)}

# ---------------------------------------------------------------------------------------------
# The wire: one connection per exchange, everything sent at once, then half-closed.


@dataclass
class Answer:
    statuses: list[int] = field(default_factory=list)
    raw: bytes = b""
    timed_out: bool = False
    reset: bool = False
    refused: bool = False
    stream: bool = False
    stalled: bool = False       # a head came, then the body stopped

    @property
    def answered(self) -> bool:
        return bool(self.statuses)


def parse_answers(data: bytes, eof: bool, head_methods: list[bool]) -> tuple[list[int], bool, bool]:
    """The final statuses of the responses in `data`, whether the last one is an event stream,
    and whether the last response is incomplete (its head came, its body did not)."""
    statuses, pos, index, stream, incomplete = [], 0, 0, False, False
    while pos < len(data):
        end = data.find(b"\r\n\r\n", pos)
        if end < 0:
            break
        head = data[pos:end].split(b"\r\n")
        match = re.match(rb"HTTP/\d\.\d (\d{3})", head[0])
        if not match:
            break
        status = int(match.group(1))
        headers = {}
        for line in head[1:]:
            name, _, value = line.partition(b":")
            headers[name.strip().lower()] = value.strip().lower()
        pos = end + 4
        if 100 <= status < 200 and status != 101:
            continue
        statuses.append(status)
        is_head = head_methods[index] if index < len(head_methods) else False
        index += 1
        if headers.get(b"content-type", b"").startswith(b"text/event-stream"):
            stream = True
            break
        if is_head or status in (204, 304) or status == 101:
            continue
        if b"chunked" in headers.get(b"transfer-encoding", b""):
            while True:
                line_end = data.find(b"\r\n", pos)
                if line_end < 0:
                    return statuses, stream, not eof
                try:
                    size = int(data[pos:line_end].split(b";")[0], 16)
                except ValueError:
                    return statuses, stream, False
                pos = line_end + 2
                if size == 0:
                    trailer_end = data.find(b"\r\n\r\n", pos - 2)
                    if trailer_end < 0:
                        return statuses, stream, not eof
                    pos = trailer_end + 4
                    break
                if pos + size + 2 > len(data):
                    return statuses, stream, not eof
                pos += size + 2
            continue
        if b"content-length" in headers:
            try:
                length = int(headers[b"content-length"])
            except ValueError:
                break
            if pos + length > len(data):
                incomplete = not eof
                break
            pos += length
            continue
        break                                    # delimited by the close: the rest is its body
    return statuses, stream, incomplete


def exchange(port: int, data: bytes, head_methods: list[bool], timeout: float = ANSWER_TIMEOUT) -> Answer:
    answer = Answer()
    deadline = time.monotonic() + timeout
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    except ConnectionRefusedError:
        answer.refused = True
        return answer
    except OSError:
        answer.refused = True
        return answer
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass                                  # it may answer (413) and close before all is sent
        chunks, size = [], 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                answer.timed_out = True
                break
            sock.settimeout(left)
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                answer.timed_out = True
                break
            except OSError:
                answer.reset = True
                break
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_RESPONSE:
                break
            if b"text/event-stream" in chunk or b"text/event-stream" in b"".join(chunks[-2:]):
                statuses, stream, _ = parse_answers(b"".join(chunks), False, head_methods)
                if stream:
                    break
        answer.raw = b"".join(chunks)
        eof = not answer.timed_out
        answer.statuses, answer.stream, _ = parse_answers(answer.raw, eof, head_methods)
        if answer.timed_out and answer.statuses and not answer.stream:
            answer.stalled = True
        if answer.stream:
            answer.timed_out = False
    finally:
        sock.close()
    return answer


def plain_get(port: int, path: str = "/openapi.yaml", timeout: float = ANSWER_TIMEOUT) -> Answer:
    return exchange(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode(),
                    [False], timeout)


def api(port: int, method: str, path: str, body: bytes = b"", content_type: str | None = None,
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """A well-formed request for the set-up, with its status, headers and body."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
             f"Content-Length: {len(body)}"]
    if content_type:
        lines.append(f"Content-Type: {content_type}")
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        sock.sendall(raw)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    finally:
        sock.close()
    head, _, rest = data.partition(b"\r\n\r\n")
    lines_ = head.decode("latin-1").split("\r\n")
    status = int(lines_[0].split()[1])
    response_headers = {}
    for line in lines_[1:]:
        name, _, value = line.partition(":")
        response_headers.setdefault(name.strip().lower(), value.strip())
        if name.strip().lower() == "set-cookie":
            response_headers["set-cookie*"] = response_headers.get("set-cookie*", "") + value.strip() + "\n"
    if "chunked" in response_headers.get("transfer-encoding", ""):
        body_, pos = b"", 0
        while True:
            end = rest.find(b"\r\n", pos)
            n = int(rest[pos:end].split(b";")[0], 16)
            if n == 0:
                break
            body_ += rest[end + 2:end + 2 + n]
            pos = end + 2 + n + 2
        rest = body_
    return status, response_headers, rest


def multipart(parts: list[tuple[str, str | None, str | None, bytes]], boundary: str) -> bytes:
    """(field, file name, content type, bytes) parts as multipart/form-data."""
    out = b""
    for name, file_name, content_type, data in parts:
        out += f"--{boundary}\r\n".encode()
        disposition = f'form-data; name="{name}"' + (f'; filename="{file_name}"' if file_name is not None else "")
        out += f"Content-Disposition: {disposition}\r\n".encode()
        if content_type:
            out += f"Content-Type: {content_type}\r\n".encode()
        out += b"\r\n" + data + b"\r\n"
    return out + f"--{boundary}--\r\n".encode()


# ---------------------------------------------------------------------------------------------
# The server under test


class Server:
    running: list["Server"] = []        # stopped at exit, whatever ended the run

    def __init__(self, app: str, binary: str, token: str | None = None):
        self.app, self.binary = app, binary
        Server.running.append(self)
        self.work = tempfile.mkdtemp(prefix=f"http-fuzz-{app}-")
        token_args = []
        if token is not None:
            with open(os.path.join(self.work, "token"), "w") as f:
                f.write(token + "\n")
            token_args = ["--token-file", os.path.join(self.work, "token")]
        self.out = open(os.path.join(self.work, "out.txt"), "w+b")
        self.err = open(os.path.join(self.work, "err.txt"), "w+b")
        env = dict(os.environ)
        env.setdefault("SWIFT_BACKTRACE", "enable=no")      # a crash ends at once, not after symbolication
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--data-dir", os.path.join(self.work, "data"), "--create",
             "--log-level", "error", *token_args], stdout=self.out, stderr=self.err, env=env, start_new_session=True)
        self.port = 0
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            self.out.seek(0)
            match = re.search(rb"is at http://127\.0\.0\.1:(\d+)", self.out.read())
            if match:
                self.port = int(match.group(1))
                break
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        if not self.port:
            raise SystemExit(f"{app} did not start: {self.stderr_tail()}")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stderr_tail(self, lines: int = 8) -> str:
        """The end of the server's stderr, from a fatal error's line when there is one."""
        self.err.flush()
        self.err.seek(0)
        text = self.err.read().decode("utf-8", "replace").splitlines()
        fatal = [i for i, line in enumerate(text) if "Fatal error" in line or "fatal error" in line]
        return "\n".join(text[fatal[-1]:fatal[-1] + 3] if fatal else text[-lines:])

    def exit_description(self) -> str:
        code = self.process.returncode
        if code is None:
            return "running"
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exited with status {code}"

    def stop(self) -> None:
        if self in Server.running:
            Server.running.remove(self)
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.out.close()
        self.err.close()
        shutil.rmtree(self.work, ignore_errors=True)


class Target:
    """A running server with the seeded resources, and the values the placeholders take."""

    def __init__(self, app: str, binary: str, mode: str = "loopback"):
        self.app, self.mode = app, mode
        self.server = Server(app, binary, ACCESS_TOKEN if mode == "token" else None)
        self.port = self.server.port
        self.ids: dict[str, str] = {}
        self.tags: dict[str, str] = {}
        self.attachments: dict[str, str] = {}
        self.cookie = ""
        self.token = ""
        self.cookie_token = ""      # token mode: the form token of the form cookie (bearer form posts)
        self.session = ""           # token mode: the sign-in session's id
        self.spare = ""             # token mode: another session, for when a sign-out ends that one
        self.sign_ins = 0
        self.throttle_wait = 0.0
        self.aux = 0
        self.setup()

    @property
    def session_name(self) -> str:
        return f"{COOKIE_PREFIX[self.app]}_session_{self.port}"

    def call(self, method, path, body=b"", content_type=None, headers=None, auth=True):
        """A set-up request; in token mode with the session (signing in again when it is gone)."""
        self.aux += 1
        if self.mode != "token" or not auth:
            return api(self.port, method, path, body, content_type, headers)
        for attempt in range(2):
            given = dict(headers or {})
            given["Cookie"] = "; ".join(c for c in (given.get("Cookie"), f"{self.session_name}={self.session}") if c)
            status, response_headers, response_body = api(self.port, method, path, body, content_type, given)
            if status != 401 or attempt:
                return status, response_headers, response_body
            self.sign_in()
        raise AssertionError("unreachable")

    def sign_in(self) -> None:
        """Signs in (token mode), waiting out the throttle's Retry-After up to RESIGN_WAIT seconds
        (a burst of wrong tokens may just have spent it), then takes the form token of a page."""
        self.session = self.new_session(wait=True) or ""
        self.take_form_token()

    def new_session(self, wait: bool) -> str | None:
        """A new session's id; None when the throttle refuses and `wait` is false."""
        deadline = time.monotonic() + RESIGN_WAIT
        while True:
            self.aux += 1
            body = ("token=" + urllib.parse.quote(ACCESS_TOKEN, safe="")).encode()
            status, headers, _ = api(self.port, "POST", "/sign-in", body, "application/x-www-form-urlencoded")
            if status == 303:
                match = re.search(re.escape(self.session_name) + r"=([0-9a-f]{64});", headers.get("set-cookie*", ""))
                if not match:
                    raise ValueError(f"{self.app}: a sign-in set no session cookie: {headers.get('set-cookie*')!r}")
                self.sign_ins += 1
                return match.group(1)
            if status != 429:
                raise ValueError(f"{self.app}: signing in with the right token was answered {status}")
            if not wait:
                return None
            wait = float(headers.get("retry-after", "1") or 1)
            if time.monotonic() + wait > deadline:
                raise ValueError(f"{self.app}: the throttle still refused a sign-in after {RESIGN_WAIT:.0f} s")
            time.sleep(wait)
            self.throttle_wait += wait

    def take_form_token(self) -> None:
        status, headers, body = self.call("GET", "/", headers={"Accept": "text/html", "Cookie": self.cookie})
        match = re.search(rb'name="_formtoken" value="([0-9a-f]{64})"', body)
        if status != 200 or not match:
            raise ValueError(f"{self.app}: no form token on the list page when signed in ({status})")
        self.token = match.group(1).decode()

    def session_current(self) -> bool:
        status, _, _ = self.call("HEAD", "/openapi.yaml", auth=False, headers={"Cookie": f"{self.session_name}={self.session}"})
        return status == 200

    def ensure_session(self) -> None:
        """Signs in again when the session is gone (a POST /sign-out among the requests)."""
        if self.mode == "token" and not self.session_current():
            if self.spare:
                # A second session signed in earlier, so the throttle seldom makes the run wait.
                self.session, self.spare = self.spare, ""
                self.take_form_token()
            else:
                self.sign_in()

    def setup(self) -> None:
        if self.mode == "token":
            # The form cookie and its token come from a page asked for with the bearer token
            # (no session: the form is bound to the cookie), the session's from one signed in.
            status, headers, body = self.call("GET", "/", headers={"Accept": "text/html", "Authorization": f"Bearer {ACCESS_TOKEN}"},
                                              auth=False)
            match = re.search(rb'name="_formtoken" value="([0-9a-f]{64})"', body)
            if status != 200 or not match or "set-cookie" not in headers:
                raise SystemExit(f"{self.app}: no form token on the list page with the bearer token ({status})")
            self.cookie_token = match.group(1).decode()
            self.cookie = headers["set-cookie"].split(";")[0]
            self.sign_in()
            self.spare = self.new_session(wait=False) or ""
        if self.app == "scary-creatures":
            for label in SC_CREATURES:
                self.restore_creature(label)
        else:
            self.restore_items(list(HP_KEYS))
            for name in ("House › Garage", "Office"):
                self.call("POST", "/api/locations", json.dumps({"name": name}).encode(), "application/json")
        if self.mode != "token":
            status, headers, body = self.call("GET", "/", headers={"Accept": "text/html"})
            match = re.search(rb'name="_formtoken" value="([0-9a-f]{64})"', body)
            if status != 200 or not match or "set-cookie" not in headers:
                raise SystemExit(f"{self.app}: no form token on the list page ({status})")
            self.token = match.group(1).decode()
            self.cookie = headers["set-cookie"].split(";")[0]
        self.record_tags()

    def restore_creature(self, label: str) -> None:
        title, rating, photo, photo_type = SC_CREATURES[label]
        current = self.ids.get(label)
        if current:
            status, _, body = self.call("GET", f"/api/creatures/{current}")
            if status == 200:
                creature = json.loads(body)
                if creature.get("title") != title or creature.get("rating") != rating:
                    self.call("PATCH", f"/api/creatures/{current}", json.dumps({"title": title, "rating": rating}).encode(),
                              "application/json", {"If-Match": "*"})
                if photo is None or creature.get("hasPhoto"):
                    if photo is None or self.photo_intact(f"/api/creatures/{current}/photo", photo):
                        return
                status, _, _ = self.call("PUT", f"/api/creatures/{current}/photo", photo, photo_type)
                if status == 200:
                    return
        status, _, body = self.call("POST", "/api/creatures", json.dumps({"title": title, "rating": rating}).encode(),
                                    "application/json")
        if status != 201:
            raise SystemExit(f"{self.app}: cannot create a creature ({status}: {body[:200]!r})")
        self.ids[label] = str(json.loads(body)["id"])
        if photo is not None:
            status, _, body = self.call("PUT", f"/api/creatures/{self.ids[label]}/photo", photo, photo_type)
            if status != 200:
                raise SystemExit(f"{self.app}: cannot give a creature its photo ({status}: {body[:200]!r})")

    def photo_intact(self, path: str, photo: bytes) -> bool:
        status, _, body = self.call("GET", path)
        return status == 200 and body == photo

    def restore_items(self, labels: list[str]) -> None:
        rows = [",".join(CSV_COLUMNS)]
        for label in labels:
            row = {"Name": f"Seed {label}", "Item Key": HP_KEYS[label], "Value in Dollars": "100"}
            rows.append(",".join(row.get(column, "") for column in CSV_COLUMNS))
        status, _, body = self.call("POST", "/api/items/import", ("\r\n".join(rows) + "\r\n").encode(), "text/csv")
        if status != 200:
            raise SystemExit(f"{self.app}: the set-up's CSV import failed ({status}: {body[:200]!r})")
        photos = {"S1": (PNG, "image/png"), "S2": (JPEG, "image/jpeg"), "X1": (PNG, "image/png")}
        for label in labels:
            key = HP_KEYS[label]
            if label in photos and not self.photo_intact(f"/api/items/{key}/photo", photos[label][0]):
                status, _, body = self.call("PUT", f"/api/items/{key}/photo", photos[label][0], photos[label][1])
                if status != 200:
                    raise SystemExit(f"{self.app}: cannot give an item its photo ({status}: {body[:200]!r})")
            wanted = [(a, v) for a, v in HP_ATTACHMENTS.items() if v[0] == key]
            if wanted:
                status, _, body = self.call("GET", f"/api/items/{key}/attachments")
                have = [entry["name"] for entry in json.loads(body)["attachments"]] if status == 200 else []
                for a, (_, file_name, data) in wanted:
                    if self.attachments.get(a) in have:
                        continue
                    status, _, body = self.call("POST", f"/api/items/{key}/attachments?name={file_name}", data,
                                                "application/octet-stream")
                    if status != 201:
                        raise SystemExit(f"{self.app}: cannot attach a file ({status}: {body[:200]!r})")
                    self.attachments[a] = json.loads(body)["name"]

    def record_tags(self) -> None:
        paths = {"A": "/api/creatures/{A}/photo", "B": "/api/creatures/{B}/photo"} if self.app == "scary-creatures" else \
            {"S1": f"/api/items/{HP_KEYS['S1']}/photo", "S2": f"/api/items/{HP_KEYS['S2']}/photo"}
        for label, path in paths.items():
            status, headers, _ = self.call("GET", path.format(**self.ids))
            self.tags[label] = headers.get("etag", '"none"') if status == 200 else '"none"'

    def refresh(self) -> None:
        """Puts back every seeded resource the requests since the last refresh changed."""
        self.ensure_session()
        if self.mode == "token" and not self.spare:
            self.spare = self.new_session(wait=False) or ""
        if self.app == "scary-creatures":
            for label in SC_CREATURES:
                self.restore_creature(label)
        else:
            self.restore_items(list(HP_KEYS))
        self.record_tags()

    def version(self, label: str) -> str:
        path = f"/api/creatures/{self.ids.get(label, '0')}" if self.app == "scary-creatures" else f"/api/items/{HP_KEYS.get(label, '0')}"
        status, headers, _ = self.call("GET", path)
        return headers.get("etag", '"0000000000000000"') if status == 200 else '"0000000000000000"'

    def resolve(self, template: bytes) -> bytes:
        def fill(match: re.Match) -> bytes:
            kind, arg = match.group(1).decode(), (match.group(2) or b"").decode()
            if kind == "HOST":
                return f"127.0.0.1:{self.port}".encode()
            if kind == "PORT":
                return str(self.port).encode()
            if kind == "FORMTOKEN":
                return self.token.encode()
            if kind == "FORMTOKENC":
                return self.cookie_token.encode()
            if kind == "SESSIONID":
                return self.session.encode()
            if kind == "SESSION":
                return f"{self.session_name}={self.session}".encode()
            if kind == "OTHERPORT":
                return str(self.port + 1).encode()
            if kind == "COOKIE":
                return self.cookie.encode()
            if kind == "COOKIENAME":
                return self.cookie.split("=")[0].encode()
            if kind == "ID":
                return self.ids.get(arg, "999999").encode()
            if kind == "KEY":
                return HP_KEYS.get(arg, HP_KEYS["X2"]).encode()
            if kind == "ATTACHMENT":
                return self.attachments.get(arg, "none").encode()
            if kind == "TAG":
                return self.tags.get(arg, '"none"').encode()
            if kind == "VERSION":
                return self.version(arg).encode()
            return match.group(0)
        return PLACEHOLDER.sub(fill, template)

    def stop(self) -> None:
        self.server.stop()


# ---------------------------------------------------------------------------------------------
# Requests as parts, before they are bytes


@dataclass
class Request:
    method: bytes
    target: bytes
    headers: list[tuple[bytes, bytes]]
    body: bytes = b""
    version: bytes = b"HTTP/1.1"
    safe: bool = True           # may name the stable resources
    photo: str | None = None    # the label of the file a Range on this request reads
    stream: bool = False
    label: str = ""
    auth: str = ""              # token mode: how it is signed in (session, bearer, none)
    burst: bytes = b""          # token mode: requests pipelined after it, whatever the mutations

    def get(self, name: bytes) -> bytes | None:
        for n, v in self.headers:
            if n.lower() == name.lower():
                return v
        return None

    def set(self, name: bytes, value: bytes) -> None:
        self.remove(name)
        self.headers.append((name, value))

    def remove(self, name: bytes) -> None:
        self.headers = [(n, v) for n, v in self.headers if n.lower() != name.lower()]

    def serialize(self) -> bytes:
        line = self.method + b" " + self.target + (b" " + self.version if self.version else b"")
        return line + b"\r\n" + b"".join(n + b": " + v + b"\r\n" for n, v in self.headers) + b"\r\n" + self.body + self.burst


def new_request(method: str, target: str, body: bytes = b"", content_type: str | None = None,
                accept: str | None = None, safe: bool = True) -> Request:
    headers = [(b"Host", b"{{HOST}}")]
    if accept:
        headers.append((b"Accept", accept.encode()))
    if content_type:
        headers.append((b"Content-Type", content_type.encode()))
    if body or method in ("POST", "PUT", "PATCH"):
        headers.append((b"Content-Length", str(len(body)).encode()))
    headers.append((b"Connection", b"close"))
    return Request(method.encode(), target.encode(), headers, body, safe=safe, label=f"{method} {target.split('?')[0]}")


# ---------------------------------------------------------------------------------------------
# Values

INTS = [0, 1, -1, 2, 5, 6, 7, 10, 99, 100, 101, 255, 256, 999, 1000, 1001, 4095, 65535, 65536, 1000000, 1000001,
        999999999, 1000000000, 1000000001, 2**31 - 1, 2**31, 2**32, 2**53, 2**53 + 1, 2**63 - 1, 2**63, 2**64,
        10**30, -2**31, -2**63, -2**63 - 1]
STRINGS = ["", " ", "a", "\x00", "\t", "\r\n", "\n", "é", "e\u0301", "\u212b", "Å", "🦖", "👩‍👩‍👧", "\U0010ffff",
           "\ufeff", "\u202e", "\u0085", "\x7f", "\x1b[31m", "%", "%00", "%zz", "..", "../../etc/passwd",
           "<script>alert(1)</script>", "&amp;", "'\"", "\\", "null", "true", "1e999", "NaN", "-0", " 0", "0x10",
           "１２", "House › Garage", " › ", "›", "a › b › c › d › e › f › g › h › i › j › k", "=SUM(A1)", ",", "\"",
           "Lil' Terror", "*", "W/\"x\"", "/", "?", "#", "{{HOST}}"]
DATES = ["2020-02-29", "2021-02-29", "1900-01-01", "1899-12-31", "2199-12-31", "2200-01-01", "0000-00-00",
         "2026-13-01", "2026-1-1", "", "9999-99-99", "2026-11-28T00:00:00Z", "-001-01-01"]


def long_text(rng: random.Random, n: int) -> str:
    unit = rng.choice(["a", "é", "€", "🦖", "e\u0301", " ", "›"])
    return (unit * n)[: max(0, n)] if len(unit) == 1 else unit * (n // len(unit) + 1)


def gen_string(rng: random.Random, schema: dict) -> str:
    if "enum" in schema and rng.random() < 0.7:
        return str(rng.choice(schema["enum"]))
    pattern = schema.get("pattern", "")
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(STRINGS)
    if roll < 0.45:
        limit = schema.get("maxLength", 200)
        return long_text(rng, rng.choice([limit, limit + 1, limit * 4, 1, 0]))
    if "[0-9]{4}-" in pattern:
        return rng.choice(DATES)
    if "A-Fa-f" in pattern:
        return rng.choice(list(HP_KEYS.values()) + ["5eed0000-0000-4000-8000-000000000001", "not-a-uuid"])
    if pattern.startswith("^[0-9]") or pattern.startswith("^[1-9]"):
        return str(rng.choice(INTS))
    words = ["Lamp", "Mac Mini", "Éclair", "Item 2", "Item 10", "Garage", "Shelf 2", "Receipt", "Terror", "Bob"]
    return " ".join(rng.choice(words) for _ in range(rng.randint(1, 3)))


def gen_value(rng: random.Random, schema: dict, spec: "OpenAPI", depth: int = 0):
    schema = spec.deref(schema)
    if depth > 6:
        return None
    if rng.random() < 0.08:
        return rng.choice([None, True, False, 0, -1, 1.5, 1e308, -0.0, "", [], {}, 2**64, "x" * 300])
    types = schema.get("type", "object" if "properties" in schema else "string")
    if isinstance(types, list):
        types = rng.choice(types)
    if "enum" in schema and rng.random() < 0.8:
        return rng.choice(schema["enum"])
    if types == "null":
        return None
    if types == "boolean":
        return rng.random() < 0.5
    if types in ("integer", "number"):
        low, high = schema.get("minimum", -10), schema.get("maximum", 10**6)
        roll = rng.random()
        if roll < 0.5:
            value = rng.randint(int(low), int(high))
        elif roll < 0.8:
            value = rng.choice([low, high, low - 1, high + 1] + INTS)
        else:
            value = rng.choice([0.5, 4.5, 4.4, 5.5, -0.5, 2.25, 1e-320, 1e300, 0.1 + 0.2])
        if types == "number" and schema.get("multipleOf") and rng.random() < 0.5:
            value = round(rng.uniform(low, high) * 2) / 2
        return value
    if types == "array":
        items = schema.get("items", {})
        count = rng.choice([0, 1, 2, 3, schema.get("maxItems", 5), schema.get("maxItems", 5) + 1])
        return [gen_value(rng, items, spec, depth + 1) for _ in range(min(count, 60))]
    if types == "object":
        props = schema.get("properties", {})
        required = schema.get("required", [])
        out = {}
        for name, sub in props.items():
            if name in required or rng.random() < 0.4:
                out[name] = gen_value(rng, sub, spec, depth + 1)
        if rng.random() < 0.05:
            out[rng.choice(["extra", "__proto__", "id", "version", ""])] = rng.choice(STRINGS)
        return out
    return gen_string(rng, schema)


def to_json(rng: random.Random, value) -> bytes:
    text = json.dumps(value, ensure_ascii=rng.random() < 0.5, allow_nan=True)
    return text.encode("utf-8", "surrogatepass")


# ---------------------------------------------------------------------------------------------
# The OpenAPI documents


class OpenAPI:
    warned = False

    def __init__(self, path: str):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            import yaml  # noqa: PLC0415 (optional: schemathesis brings it)
            self.doc = yaml.safe_load(text)
        except ImportError:
            if not OpenAPI.warned:
                print("http-fuzz: PyYAML is missing: reading only paths, methods and parameter names "
                      "(pip install pyyaml for the schemas)", file=sys.stderr)
                OpenAPI.warned = True
            self.doc = self.rough(text)

    @staticmethod
    def rough(text: str) -> dict:
        """Paths, methods, parameter names and places, and body media types, from indentation."""
        paths, path, method, in_body, param = {}, None, None, False, None
        section = None
        for line in text.splitlines():
            indent = len(line) - len(line.lstrip())
            s = line.strip()
            if indent == 0:
                section = s.rstrip(":")
                continue
            if section != "paths":
                continue
            if indent == 2 and s.endswith(":"):
                path = s[:-1].strip('"')
                paths[path] = {}
                method = None
            elif indent == 4 and s.rstrip(":") in ("get", "post", "put", "patch", "delete"):
                method = s.rstrip(":")
                paths[path][method] = {"parameters": [], "requestBody": {"content": {}}}
                in_body = False
            elif method and indent == 6:
                in_body = s.startswith("requestBody")
            elif method and in_body and indent == 10 and s.endswith(":"):
                paths[path][method]["requestBody"]["content"][s[:-1]] = {"schema": {}}
            elif method and s.startswith("- name:"):
                param = {"name": s.split(":", 1)[1].strip(), "in": "query", "schema": {}}
                paths[path][method]["parameters"].append(param)
            elif method and param and s.startswith("in:"):
                param["in"] = s.split(":", 1)[1].strip()
        return {"paths": paths, "components": {}}

    def deref(self, node):
        while isinstance(node, dict) and "$ref" in node:
            parts = node["$ref"].lstrip("#/").split("/")
            target = self.doc
            for part in parts:
                target = target.get(part, {})
            node = target
        return node if isinstance(node, dict) else {}

    def operations(self) -> list[dict]:
        out = []
        for path, item in self.doc.get("paths", {}).items():
            shared = [self.deref(p) for p in item.get("parameters", [])]
            for method in ("get", "post", "put", "patch", "delete"):
                if method not in item:
                    continue
                operation = item[method]
                params = shared + [self.deref(p) for p in operation.get("parameters", [])]
                named = [p.get("name") for p in params if p.get("in") == "path"]
                params += [{"name": n, "in": "path", "schema": {}} for n in re.findall(r"\{(\w+)\}", path) if n not in named]
                content = self.deref(operation.get("requestBody", {})).get("content", {})
                out.append({"path": path, "method": method.upper(), "params": params, "content": content,
                            "id": operation.get("operationId", f"{method} {path}")})
        return out


# ---------------------------------------------------------------------------------------------
# Seeds: OpenAPI operations, page routes and forms, the corpus


def load_corpus(app: str, mode: str = "loopback") -> list[tuple[str, bytes]]:
    """Every Fuzz/http-corpus/{common,APP}/*.http as (name, template bytes), and in token mode
    token/*.http too."""
    out = []
    for folder in ("common", app) + (("token",) if mode == "token" else ()):
        directory = os.path.join(CORPUS, folder)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            if name.endswith(".http"):
                with open(os.path.join(directory, name), "rb") as f:
                    out.append((f"{folder}/{name}", corpus_request(f.read())))
    return out


def corpus_request(text: bytes) -> bytes:
    """A corpus file as the request it describes: comment lines (#) before the request line are
    dropped, every LF becomes CRLF, the body's final newline is dropped, {{JPEG}} {{PNG}} {{PDF}}
    and {{FILE:name}} become those bytes and {{LENGTH}} the body's length."""
    lines = text.split(b"\n")
    while lines and (lines[0].startswith(b"#") or not lines[0].strip()):
        lines.pop(0)
    text = b"\r\n".join(line.rstrip(b"\r") for line in lines)
    head, sep, body = text.partition(b"\r\n\r\n")
    if body.endswith(b"\r\n"):
        body = body[:-2]
    material = {b"JPEG": JPEG, b"PNG": PNG, b"PDF": PDF, b"ACCESSTOKEN": ACCESS_TOKEN.encode()}

    def expand(match: re.Match) -> bytes:
        name = match.group(1)
        if name.startswith(b"FILE:"):
            return corpus_file(name[5:].decode())
        return material[name]
    body = re.sub(rb"\{\{(JPEG|PNG|PDF|ACCESSTOKEN|FILE:[A-Za-z0-9._-]+)\}\}", expand, body)
    head = head.replace(b"{{ACCESSTOKEN}}", ACCESS_TOKEN.encode())
    body = body.replace(b"{{SESSIONID}}", SESSION_MARK)
    body = body.replace(b"{{FORMTOKEN}}", TOKEN_MARK)
    head = head.replace(b"{{LENGTH}}", str(len(body)).encode())
    return head + (sep or b"\r\n\r\n") + body


def parse_template(raw: bytes) -> Request:
    """A corpus request as parts, for the structural mutations (best effort)."""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    parts = lines[0].split(b" ")
    method, target = parts[0], parts[1] if len(parts) > 1 else b"/"
    version = parts[2] if len(parts) > 2 else b""
    headers = []
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers.append((name.strip(), value.strip()))
    unsafe = method not in (b"GET", b"HEAD", b"OPTIONS")
    photo = None
    for label, placeholder in (("A", b"{{ID:A}}/photo"), ("B", b"{{ID:B}}/photo"), ("S1", b"{{KEY:S1}}/photo"),
                               ("S2", b"{{KEY:S2}}/photo"), ("S1a", b"{{ATTACHMENT:S1a}}")):
        if placeholder in target:
            photo = label
    return Request(method, target, headers, body, version, safe=not unsafe, photo=photo,
                   stream=b"/events" in target, label=f"corpus {target.split(b'?')[0].decode('latin-1')}")


class Generator:
    """Every request of a run, from `random.Random` seeded with the app and the seed alone."""

    def __init__(self, app: str, seed: int, mode: str = "loopback"):
        self.app, self.mode = app, mode
        self.token_mode = mode == "token"
        # Loopback mode's requests are what they were before token mode came (same digest).
        self.rng = random.Random(f"{app}:{seed}" if mode == "loopback" else f"{app}:{mode}:{seed}")
        folder = "ScaryCreaturesWeb" if app == "scary-creatures" else "HomepwnerWeb"
        self.spec = OpenAPI(os.path.join(ROOT, "Sources", folder, "openapi.yaml"))
        self.operations = self.spec.operations()
        self.corpus = load_corpus(app, mode)
        self.session_name = f"{COOKIE_PREFIX[app]}_session_{{{{PORT}}}}".encode()
        self.count = 0              # requests made, for token mode's storms
        pages = "ScaryCreaturesPages" if app == "scary-creatures" else "HomepwnerPages"
        self.assets = ["/assets/" + n for n in sorted(os.listdir(os.path.join(ROOT, "Sources", pages, "Resources", "static")))]
        self.assets += ["/assets/common/" + n for n in sorted(os.listdir(os.path.join(ROOT, "Sources", "WebSupport", "Resources", "common")))]
        self.sc = app == "scary-creatures"

    # -- resource names -------------------------------------------------------------------------

    def resource(self, safe: bool) -> tuple[str, str | None]:
        """A path value naming a creature or item (a placeholder), and the label of its photo."""
        rng = self.rng
        if self.sc:
            stable, scratch = ["A", "B", "C"], ["D", "E"]
            labels = (stable + scratch) if safe else scratch
            if rng.random() < 0.85:
                label = rng.choice(labels)
                return "{{ID:%s}}" % label, label if label in PHOTO_SIZES else None
            bad = ["0", "01", "-1", "1.0", "99999999999999999999", "abc", "%31", " 1", "１", "1e3", "999999", ""]
            return rng.choice(bad), None
        stable, scratch = ["S1", "S2", "S3"], ["X1", "X2"]
        labels = (stable + scratch) if safe else scratch
        if rng.random() < 0.85:
            label = rng.choice(labels)
            return "{{KEY:%s}}" % label, label if label in PHOTO_SIZES else None
        bad = ["5eed0000-0000-4000-8000-000000000001", "00000000-0000-0000-0000-000000000000", "not-a-uuid", "",
               "5EED0000-0000-4000-8000-00000000000", "5EED0000-0000-4000-8000-0000000000011", "%35EED0000-0000-4000-8000-000000000001",
               "{5EED0000-0000-4000-8000-000000000001}", "5EED00000000400080000000000000001"]
        return rng.choice(bad), None

    def attachment(self, key_label: str | None, safe: bool) -> tuple[str, str | None]:
        rng = self.rng
        choices = ["S1a", "S1b", "X1a"] if safe else ["X1a"]
        if rng.random() < 0.8:
            label = rng.choice(choices)
            return "{{ATTACHMENT:%s}}" % label, label
        bad = ["..", "..%2F..%2Fitems.archive", "items.archive", "%2e%2e", "a" * 250, "x.attachment-1-a.pdf",
               "5EED0000-0000-4000-8000-000000000001.attachment-99-none.pdf", "%00", "locations.plist"]
        return rng.choice(bad), None

    # -- seeds ----------------------------------------------------------------------------------

    def next_request(self) -> Request:
        if not self.token_mode:
            return self.base_request()
        if self.rng.random() < 0.12:
            return self.token_seed()
        request = self.base_request()
        self.authorize(request)
        return request

    def base_request(self) -> Request:
        roll = self.rng.random()
        if roll < 0.55:
            return self.from_operation(self.rng.choice(self.operations))
        if roll < 0.85:
            return self.from_page()
        name, raw = self.rng.choice(self.corpus)
        if self.token_mode and name == "token/sign-out.http" and self.rng.random() < 0.8:
            name, raw = self.rng.choice(self.corpus)         # signing out (and in again) less often
        request = parse_template(raw)
        request.label = f"corpus {name}"
        return request

    def accept(self) -> str | None:
        if self.rng.random() < 0.8:
            return self.rng.choice([None, None, "application/json", "*/*"])
        return self.rng.choice(["text/html", "text/html,application/xhtml+xml,*/*;q=0.8", "image/*", "application/json;q=0",
                                "text/event-stream", "application/*", "text/csv"])

    def from_operation(self, op: dict) -> Request:
        rng = self.rng
        method = op["method"]
        safe = method == "GET"
        path = op["path"]
        photo = None
        key_label = None
        for param in op["params"]:
            if param.get("in") != "path":
                continue
            name = param["name"]
            if name in ("id", "itemKey"):
                value, photo = self.resource(safe)
                key_label = photo
            elif name == "name":
                value, photo = self.attachment(key_label, safe)
                if photo:
                    path = path.replace("{itemKey}", "{{KEY:%s}}" % ("X1" if photo == "X1a" else "S1"))
            else:
                value = gen_string(rng, param.get("schema", {}))
            path = path.replace("{" + name + "}", value, 1)
        if "/photo" not in op["path"] and "/attachments/{name}" not in op["path"]:
            photo = None
        query = []
        for param in op["params"]:
            if param.get("in") == "query" and (param.get("required") or rng.random() < 0.5):
                value = gen_value(rng, param.get("schema", {}), self.spec)
                value = json.dumps(value) if not isinstance(value, str) else value
                query.append((param["name"], value))
        target = path + ("?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote) if query else "")
        body, content_type = b"", None
        if op["content"]:
            content_type = rng.choice(list(op["content"]))
            body = self.body_for(content_type, self.spec.deref(op["content"][content_type].get("schema", {})))
            if content_type == "multipart/form-data":
                boundary = self.boundary()
                content_type = f"multipart/form-data; boundary={boundary}"
                body = body.replace(b"BOUNDARY", boundary.encode())
        request = new_request(method, target, body, content_type, self.accept(), safe)
        request.label = f"{op['id']}"
        request.photo = photo
        request.stream = op["path"].endswith("/events")
        for param in op["params"]:
            if param.get("in") != "header":
                continue
            name = param["name"]
            chance = 0.75 if name == "Range" else 0.5
            if rng.random() < chance:
                request.set(name.encode(), self.header_value(name, request))
        return request

    def boundary(self) -> str:
        return self.rng.choice(["fuzzBoundary7MA4YWxk", "----WebKitFormBoundaryabc123", "x", "a" * 70, "b o u n d",
                                "=?utf-8?", "boundary"])

    def body_for(self, content_type: str, schema: dict) -> bytes:
        rng = self.rng
        if content_type == "application/json":
            return to_json(rng, gen_value(rng, schema, self.spec))
        if content_type in ("image/jpeg", "image/png", "application/octet-stream", "application/pdf"):
            return self.file_bytes(content_type)
        if content_type == "multipart/form-data":
            field_name = next(iter(schema.get("properties", {"photo": {}})), "photo")
            content = self.file_bytes(rng.choice(["image/jpeg", "image/png", "application/pdf"]))
            file_name = rng.choice(["photo.jpg", "photo.png", "receipt.pdf", "", "../../x.pdf", "a" * 300, "é.png"])
            parts = [(field_name, file_name, rng.choice(["image/jpeg", "image/png", "application/octet-stream", None]), content)]
            if rng.random() < 0.2:
                parts.append(("other", None, None, b"value"))
            return multipart(parts, "BOUNDARY")
        if content_type == "application/zip":
            return self.zip_bytes()
        if content_type == "text/csv":
            return self.csv_bytes()
        return b"x"

    def file_bytes(self, content_type: str) -> bytes:
        rng = self.rng
        if rng.random() < 0.15:
            return rng.choice([JPEG, PNG, PDF])
        if content_type == "image/jpeg":
            return JPEG if rng.random() < 0.8 else make_jpeg(rng.randint(1, 64), rng.randint(1, 64))
        if content_type == "image/png":
            return PNG if rng.random() < 0.8 else make_png(rng.randint(1, 64), rng.randint(1, 64))
        return PDF

    def zip_bytes(self) -> bytes:
        rng = self.rng
        roll = rng.random()
        if roll < 0.5:
            return corpus_file("creature.scarycreature.zip" if self.sc else "homepwner-export.zip")
        entries = []
        for _ in range(rng.randint(0, 4)):
            name = rng.choice(["1.scarycreature/Data.plist", "1.scarycreature/fullImage.jpg", "items.archive",
                               "../evil", "/abs", "a/b/c/" * 20, "locations.plist", "x.attachment-1-a.pdf", ""])
            data = rng.choice([b"", JPEG, PNG, b"bplist00" + bytes(20), b"\0" * rng.randint(0, 100000)])
            entries.append((name, data))
        return make_zip(entries, compress=rng.random() < 0.7)

    def csv_bytes(self) -> bytes:
        rng = self.rng
        columns = list(CSV_COLUMNS)
        if rng.random() < 0.2:
            rng.shuffle(columns)
        if rng.random() < 0.1:
            columns = columns[: rng.randint(0, len(columns))] + ["Unknown"]
        rows = [",".join(columns)]
        for _ in range(rng.randint(0, 6)):
            cells = []
            for column in columns:
                if column == "Item Key":
                    cells.append(rng.choice(["", HP_KEYS["X1"], HP_KEYS["X2"], "not-a-key", "5eed0000-0000-4000-8000-0000000000a1"]))
                elif column in ("Value in Dollars", "Quantity", "Price Paid"):
                    cells.append(str(rng.choice(INTS)))
                elif column in ("Purchase Date", "Warranty Ends", "Date Created"):
                    cells.append(rng.choice(DATES))
                elif column == "Name":
                    cells.append(rng.choice(["Lamp", "", " ", "\"Quoted, name\"", "Éclair", "x" * 201]))
                else:
                    cells.append(rng.choice(["", "a", "\"a\"\"b\"", "\"line\nbreak\"", "=1+1", rng.choice(STRINGS)]))
            rows.append(",".join(cell if not any(c in cell for c in ",\n\r") or cell.startswith('"') else '"' + cell.replace('"', '""') + '"'
                                 for cell in cells))
        text = rng.choice(["\r\n", "\n", "\r"]).join(rows) + rng.choice(["\r\n", "", "\n"])
        return (b"\xef\xbb\xbf" if rng.random() < 0.2 else b"") + text.encode("utf-8", "surrogatepass")

    def header_value(self, name: str, request: Request) -> bytes:
        rng = self.rng
        if name == "Range":
            return self.range_value(request.photo)
        if name == "If-Range":
            return rng.choice([b"{{TAG:A}}" if self.sc else b"{{TAG:S1}}", b"{{TAG:B}}" if self.sc else b"{{TAG:S2}}",
                               b'W/"abc"', b'"stale"', b"Sat, 28 Nov 2026 00:00:00 GMT", b"", b"*", b'"'])
        if name in ("If-Match", "If-None-Match"):
            return self.tag_list()
        if name == "Last-Event-ID":
            return rng.choice([b"0", b"1", b"-1", b"99999999999999999999", b"abc", b"1:2", b"", b"\xff"])
        return rng.choice(STRINGS).encode("utf-8", "surrogatepass")

    def tag_list(self) -> bytes:
        rng = self.rng
        label = rng.choice(["D", "E", "A"] if self.sc else ["X1", "X2", "S1"])
        single = [b"{{VERSION:%s}}" % label.encode(), b"*", b'"0000000000000000"', b'W/"0000000000000000"',
                  b"{{TAG:%s}}" % (b"A" if self.sc else b"S1"), b"unquoted", b'""', b'"', b"W/", b"*, *",
                  b'"a", W/"b", "c"', b", , ,", b'"' + b"f" * 190 + b'"', b"\xff\xfe"]
        if rng.random() < 0.1:
            return b", ".join(rng.choice(single) for _ in range(rng.randint(2, 60)))
        return rng.choice(single)

    def range_value(self, photo: str | None) -> bytes:
        """A Range: the start at, just before and past the end of the file, suffixes, numbers
        past any integer, lists, other units and malformed forms."""
        rng = self.rng
        size = PHOTO_SIZES.get(photo or "", rng.choice(list(PHOTO_SIZES.values())))
        starts = [0, 1, size - 1, size, size + 1, size + rng.randint(2, 5000), 2**31 - 1, 2**31, 2**32,
                  2**63 - 1, 2**63, 2**64, 10**25, rng.randint(0, 2 * size)]
        ends = [None, None, 0, size - 2, size - 1, size, size + 1, 2**63 - 1, 2**63, 10**25, rng.randint(0, 2 * size)]
        roll = rng.random()
        if roll < 0.6:
            start, end = rng.choice(starts), rng.choice(ends)
            if end is not None and rng.random() < 0.5 and start < 2**62:
                end = start + rng.choice([0, 1, 5, -1])
            return f"bytes={start}-{'' if end is None else end}".encode()
        if roll < 0.75:
            return f"bytes=-{rng.choice([0, 1, size - 1, size, size + 1, 2**63 - 1, 2**63, 10**25])}".encode()
        return rng.choice([b"bytes=0-1,3-4", b"bytes=", b"bytes=-", b"items=0-1", b"bytes=+1-2", b"bytes=1-+2",
                           b"bytes=0x10-", b"BYTES=0-1", b"bytes= 0 - 1 ", "bytes=１-２".encode(), b"bytes=-1-2",
                           b"bytes=1--2", b"bytes=1-2-3", b"bytes=-5-", b"bytes=0-18446744073709551615",
                           b"bytes=" + b"9" * 190 + b"-", b"bytes=0-0,-1", b"bytes=5-1", b"bytes=1-0",
                           f"bytes={size}-{size - 1}".encode(), b"bytes=\t0-1", b"bytes=0-1\x00", b"bytes=\xff-"])

    def from_page(self) -> Request:
        rng = self.rng
        html = rng.choice(["text/html", "text/html,application/xhtml+xml,*/*;q=0.8", None, "application/json"])
        forms = self.sc_forms() if self.sc else self.hp_forms()
        if rng.random() < 0.4:
            paths = self.sc_pages() if self.sc else self.hp_pages()
            request = new_request(rng.choice(["GET", "GET", "GET", "HEAD"]), rng.choice(paths), accept=html)
            if rng.random() < 0.3:
                request.set(b"If-None-Match", self.tag_list())
            if rng.random() < 0.5:
                request.set(b"Cookie", b"{{COOKIE}}")
            return request
        path, fields, files, safe = rng.choice(forms)
        if rng.random() < 0.2:
            fields = fields + [("_formtoken", "0" * 64)] if rng.random() < 0.5 else [f for f in fields if f[0] != "_formtoken"]
        if files or rng.random() < 0.15:
            boundary = self.boundary()
            parts = [(name, None, None, value.encode("utf-8", "surrogatepass")) for name, value in fields]
            for name, file_name, content in files:
                parts.append((name, file_name, rng.choice([None, "application/octet-stream", "image/png", "text/csv", "application/zip"]), content))
            body = multipart(parts, boundary).replace(b"{{FORMTOKEN}}", TOKEN_MARK)
            content_type = f"multipart/form-data; boundary={boundary}"
        else:
            body = "&".join(urllib.parse.quote(n, safe="") + "=" + urllib.parse.quote(v, safe="") for n, v in fields).encode()
            body = body.replace(b"%7B%7BFORMTOKEN%7D%7D", TOKEN_MARK)
            content_type = "application/x-www-form-urlencoded"
        request = new_request("POST", path, body, content_type, html, safe)
        if rng.random() < 0.9:
            request.set(b"Cookie", b"{{COOKIE}}")
        request.label = f"form POST {path.split('?')[0]}"
        return request

    def field_value(self, name: str) -> str:
        rng = self.rng
        if rng.random() < 0.35:
            return rng.choice(STRINGS + [long_text(rng, rng.choice([200, 201, 801, 2001, 10001]))])
        if name in ("rating",):
            return rng.choice(["0", "0.5", "4.5", "5", "5.5", "-1", "abc", "7"])
        if name in ("valueInDollars", "pricePaid", "quantity"):
            return rng.choice(["0", "1", "$1,200", "1,000,000,000", "1000000001", "-5", "1e3", "12.50", ""])
        if name in ("purchaseDate", "warrantyEnds"):
            return rng.choice(DATES)
        if name == "labels":
            return rng.choice(["a, b, c", "", ",,,", ", ".join(str(i) for i in range(60))])
        if name in ("location", "from", "to"):
            return rng.choice(["House › Garage", "Office", "House › Garage › Shelf 2", " › ", "Nowhere"])
        return rng.choice(["Lamp", "Lil' Terror", "Éclair", "Item 10", "Mac Mini"])

    def sc_pages(self) -> list[str]:
        rng = self.rng
        c, _ = self.resource(True)
        query = "&".join(f"{k}={urllib.parse.quote(self.field_value(k) if k == 'q' else rng.choice(['title', 'rating', 'id', 'x', '']))}"
                         for k in rng.sample(["q", "sort", "order", "page"], rng.randint(0, 3)))
        return ["/", "/?" + query, f"/creatures/{c}", f"/creatures/{c}/delete", "/imports", "/openapi.yaml",
                "/nothing", "/creatures", "/sign-in", rng.choice(self.assets), "/assets/none.css", "/assets/common/../common/common.js"]

    def hp_pages(self) -> list[str]:
        rng = self.rng
        k, _ = self.resource(True)
        query = "&".join(f"{name}={urllib.parse.quote(self.field_value(name) if name in ('q', 'location') else rng.choice(['name', 'value', 'date', 'location', 'desc', 'asc', '2', '-1', '99999999999', '']))}"
                         for name in rng.sample(["q", "location", "label", "sort", "order", "page"], rng.randint(0, 4)))
        return ["/", "/?" + query, f"/items/{k}", f"/items/{k}/delete", "/locations", "/report", "/report?" + query,
                "/labels", "/import", "/import/" + rng.choice(["0" * 32, "x", "%00"]), "/openapi.yaml", "/nothing",
                rng.choice(self.assets), "/assets/none.css"]

    def sc_forms(self) -> list:
        rng = self.rng
        c, _ = self.resource(False)
        t = ("_formtoken", "{{FORMTOKEN}}")
        title = ("title", self.field_value("title"))
        zip_file = ("zips", "creature.scarycreature.zip", self.zip_bytes())
        photo = ("photo", rng.choice(["photo.jpg", "photo.png", ""]), self.file_bytes(rng.choice(["image/jpeg", "image/png"])))
        return [
            ("/creatures", [t, title] + ([("rating", self.field_value("rating"))] if rng.random() < 0.5 else []), [], False),
            (f"/creatures/{c}", [t] + rng.sample([title, ("rating", self.field_value("rating"))], rng.randint(1, 2)), [], False),
            (f"/creatures/{c}/delete", [t, ("confirm", rng.choice(["yes", "no", ""]))], [], False),
            (f"/creatures/{c}/photo", [t], [photo], False),
            (f"/creatures/{c}/photo/delete", [t], [], False),
            ("/imports", [t], [zip_file] * rng.randint(1, 3), False),
        ]

    def hp_forms(self) -> list:
        rng = self.rng
        k, _ = self.resource(False)
        t = ("_formtoken", "{{FORMTOKEN}}")
        details = ["location", "labels", "quantity", "pricePaid", "purchaseDate", "warrantyEnds", "purchasedFrom",
                   "modelName", "manufacturer", "warrantyNotes", "notes"]
        basic = [(n, self.field_value(n)) for n in ("name", "serialNumber", "valueInDollars") if rng.random() < 0.8]
        edit = basic + [(n, self.field_value(n)) for n in details if rng.random() < 0.3]
        a, _ = self.attachment(None, False)
        photo = ("photo", rng.choice(["photo.jpg", "photo.png", ""]), self.file_bytes(rng.choice(["image/jpeg", "image/png"])))
        attachment = ("file", rng.choice(["receipt.pdf", "photo.jpg", "", "a" * 1100]), self.file_bytes(rng.choice(["application/pdf", "image/jpeg"])))
        return [
            ("/items", [t] + basic, [], False),
            (f"/items/{k}", [t] + edit, [], False),
            (f"/items/{k}/delete", [t, ("confirm", rng.choice(["yes", "no"]))], [], False),
            (f"/items/{k}/photo", [t], [photo], False),
            (f"/items/{k}/photo/delete", [t], [], False),
            (f"/items/{k}/attachments", [t], [attachment], False),
            (f"/items/{{{{KEY:X1}}}}/attachments/{a}/delete", [t], [], False),
            ("/locations", [t, ("name", self.field_value("location"))], [], False),
            ("/locations/rename", [t, ("from", self.field_value("from")), ("to", self.field_value("to"))], [], False),
            ("/locations/remove", [t, ("name", rng.choice(["Nowhere", "Office", "House › Garage"]))], [], False),
            ("/import", [t], [("file", "items.csv", self.csv_bytes())], False),
            ("/import-everything", [t], [("file", "export.zip", self.zip_bytes())], False),
            ("/import/" + rng.choice(["0" * 32, "abc"]), [t], [], False),
        ]

    # -- token mode -----------------------------------------------------------------------------

    def authorize(self, r: Request) -> None:
        """Token mode: the request carries the session cookie (mostly), the bearer token, or
        neither (401, or 303 to the sign-in form for a page)."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.65:
            current = r.get(b"Cookie")
            r.set(b"Cookie", (current + b"; " if current else b"") + b"{{SESSION}}")
            r.auth = "session"
        elif roll < 0.95:
            r.set(b"Authorization", b"Bearer " + ACCESS_TOKEN.encode())
            r.auth = "bearer"
            # Without a session a form is bound to the form cookie, so it carries that one's token.
            r.body = r.body.replace(TOKEN_MARK, COOKIE_TOKEN_MARK)
        else:
            r.auth = "none"

    @property
    def storm(self) -> bool:
        """Token mode spends the throttle's checks (wrong bearers, wrong sign-ins) freely, bursts
        included, in the last STORM of every STORM_EVERY requests only; in between, seldom, so that
        a right bearer token mostly gets through (the throttle gives back one check a second)."""
        return self.count % STORM_EVERY >= STORM_EVERY - STORM

    def spend_ok(self) -> bool:
        return self.storm or self.rng.random() < 0.04

    def wrong_token(self) -> bytes:
        """A token that is not the server's: near misses, other lengths, other bytes."""
        rng = self.rng
        t = ACCESS_TOKEN.encode()
        i = rng.randrange(len(t))
        return rng.choice([
            bytes(rng.choice(b"0123456789abcdef") for _ in range(len(t))), t[:-1], t[:rng.randrange(len(t))], t + b"x",
            t[:i] + bytes([t[i] ^ 1]) + t[i + 1:], t.upper(), b"", b"0" * 16, b"a" * 15, t + b"\x00" * 256, t + b"\x00",
            b"\x00" + t, b"{{SESSIONID}}", t * 2, b"x" * rng.choice([1000, 4097, 9000]), "tökén-ünïcödé-🦖".encode()])

    def authorization_value(self) -> bytes:
        rng = self.rng
        t = ACCESS_TOKEN.encode()
        kind = rng.choice(["wrong", "wrong", "truncated", "nul", "huge", "scheme", "case", "spacing", "bare", "session",
                           "list", "nonascii"])
        if kind == "wrong":
            return b"Bearer " + self.wrong_token()
        if kind == "truncated":
            return b"Bearer " + t[: rng.randrange(len(t))]
        if kind == "nul":
            return b"Bearer " + t + rng.choice([b"\x00", b"\x00" * 256, b"%00" * 8, b"\\0"])
        if kind == "huge":
            return b"Bearer " + rng.choice([t, b"A"]) * rng.choice([200, 2000, 70000 // len(t)]) + rng.choice([b"", b"A" * 70000])
        if kind == "scheme":
            return rng.choice([b"Basic " + base64.b64encode(b"user:" + t), b"Basic " + t, b"Token " + t,
                               b"Digest username=\"fuzz\", response=\"" + t + b"\"", b"Bearer=" + t, b"Bearer:" + t,
                               b"Negotiate " + t, b"OAuth " + t, b"Bearerx " + t])
        if kind == "case":
            return rng.choice([b"bearer ", b"BEARER ", b"BeArEr "]) + t
        if kind == "spacing":
            return rng.choice([b"Bearer  " + t, b"Bearer\t" + t, b"Bearer " + t + b" ", b"  Bearer " + t, b"Bearer",
                               b"Bearer ", b"Bearer \"" + t + b"\"", b"Bearer\r\n " + t])
        if kind == "bare":
            return rng.choice([t, b"", b" "])
        if kind == "session":
            return b"Bearer {{SESSIONID}}"
        if kind == "list":
            return rng.choice([b"Bearer " + t + b", Bearer " + t, b"Bearer x, Bearer " + t, b"Bearer " + t + b",", b"Bearer " + t + b";"])
        return b"Bearer " + rng.choice([b"\xff\xfe", "tökén".encode(), t[:-1] + b"\x80", b"\xc0\xaf"])

    def m_authorization(self, r: Request) -> None:
        """Authorization headers: wrong, truncated, NUL-padded, huge, other schemes, lowercase
        `bearer`, repeated; each wrong bearer spends one of the server's token checks."""
        rng = self.rng
        if r.auth != "session" and not self.spend_ok():
            # Not compared, so no check spent: other schemes, other cases, no token at all.
            r.set(b"Authorization", rng.choice([b"bearer " + ACCESS_TOKEN.encode(), b"BEARER " + ACCESS_TOKEN.encode(), b"Bearer",
                                                b"Basic " + base64.b64encode(b"u:" + ACCESS_TOKEN.encode()), b"Token " + ACCESS_TOKEN.encode(),
                                                ACCESS_TOKEN.encode(), b"", b"Bearer\t" + ACCESS_TOKEN.encode(), b"Negotiate x"]))
            return
        roll = rng.random()
        if roll < 0.2 and r.get(b"Authorization") is not None:
            r.headers.append((b"Authorization", self.authorization_value()))           # a second one after
        elif roll < 0.3:
            r.headers.insert(1, (b"Authorization", self.authorization_value()))          # a second one before
        else:
            r.set(b"Authorization", self.authorization_value())

    def session_cookie_value(self) -> bytes:
        rng = self.rng
        name = self.session_name
        other_app = ("homepwner" if self.sc else "scary_creatures").encode()
        prefix = COOKIE_PREFIX[self.app].encode()
        hex64 = bytes(rng.choice(b"0123456789abcdef") for _ in range(64))
        return rng.choice([
            name + b"=" + hex64, name + b"=" + b"0" * 64, name + b"=" + b"{{SESSIONID}}"[:rng.randint(2, 14)],
            name + b"=" + b"{{SESSIONID}}0", name + b"=" + b"G" * 64, name + b"=", name, name + b"=\"{{SESSIONID}}\"",
            name + b"=" + hex64 + b"; {{SESSION}}", b"{{SESSION}}; " + name + b"=" + hex64, b"{{SESSION}}; {{SESSION}}",
            prefix + b"_session_80={{SESSIONID}}", prefix + b"_session_{{OTHERPORT}}={{SESSIONID}}",
            prefix + b"_session_={{SESSIONID}}", other_app + b"_session_{{PORT}}={{SESSIONID}}",
            prefix + b"_token_{{PORT}}=" + ACCESS_TOKEN.encode(), prefix + b"_form_{{PORT}}={{SESSIONID}}",
            name + b"=" + ACCESS_TOKEN.encode(), name + b"=" + b"f" * rng.choice([65, 8000, 70000]),
            name + b"={{SESSIONID}}" * rng.choice([2, 200]), b"a=b; " * rng.choice([100, 2000]) + b"{{SESSION}}",
            name + b"={{SESSIONID}}%00", name + b"=\xff\xfe" + hex64[:62], name.upper() + b"={{SESSIONID}}",
            name + b" = {{SESSIONID}}", name + b"={{SESSIONID}};", b";;{{SESSION}};;", b"{{SESSION}}," + name + b"=" + hex64])

    def m_session(self, r: Request) -> None:
        """Session cookies: wrong, truncated, repeated, other ports' and apps' names, huge."""
        rng = self.rng
        value = self.session_cookie_value()
        if rng.random() < 0.25:
            r.headers.append((b"Cookie", value))                     # a second Cookie header
        elif rng.random() < 0.3 and r.get(b"Cookie"):
            r.set(b"Cookie", r.get(b"Cookie") + b"; " + value)
        else:
            r.set(b"Cookie", value)

    def token_seed(self) -> Request:
        """A request aimed at the token layer: /sign-in and /sign-out with odd bodies, the
        sign-in form, and bursts of wrong tokens for the throttle (429 then)."""
        rng = self.rng
        if self.storm:
            kind = rng.choices(["sign-in", "sign-in-get", "sign-out", "burst", "bearer-api"], [5, 1, 3, 2, 2])[0]
        else:
            kind = rng.choices(["sign-in", "sign-in-get", "sign-out", "bearer-api"], [5 if self.spend_ok() else 0, 1, 1.5, 2])[0]
        html = rng.choice([None, "text/html", "application/json"])
        if kind == "sign-in":
            return self.sign_in_request(html)
        if kind == "sign-in-get":
            request = new_request(rng.choice(["GET", "HEAD", "GET"]), rng.choice(["/sign-in", "/sign-in?next=/", "/sign-in/",
                                  "/sign-in?token=" + ACCESS_TOKEN, "/SIGN-IN", "/sign-in;x", "/%73ign-in"]), accept=html)
            if rng.random() < 0.5:
                request.set(b"Cookie", b"{{SESSION}}")
            request.label = "token GET /sign-in"
            return request
        if kind == "sign-out":
            return self.sign_out_request(html)
        if kind == "burst":
            return self.burst()
        operation = rng.choice([op for op in self.operations if op["method"] == "GET"] or self.operations)
        request = self.from_operation(operation)
        request.set(b"Authorization", self.authorization_value() if rng.random() < 0.7 else b"Bearer " + ACCESS_TOKEN.encode())
        if not self.storm:
            request.set(b"Cookie", b"{{SESSION}}")       # signed in too: the Authorization is never compared
        request.label = f"token bearer {operation['id']}"
        return request

    def sign_in_request(self, html: str | None) -> Request:
        rng = self.rng
        t = ACCESS_TOKEN
        content_type = "application/x-www-form-urlencoded"
        kind = rng.choices(["right", "wrong", "missing", "types", "huge", "percent", "dup", "many"], [1, 5, 2, 2, 2, 3, 2, 1])[0]
        quoted = urllib.parse.quote(t, safe="")
        if kind == "right":
            body = rng.choice([b"token=" + quoted.encode(), b"token=" + quoted.encode() + b"&next=%2F", b"other=1&token=" + t.encode()])
        elif kind == "wrong":
            body = b"token=" + urllib.parse.quote_from_bytes(self.wrong_token().replace(b"{{SESSIONID}}", SESSION_MARK), safe=b"{}_").encode()
        elif kind == "missing":
            body = rng.choice([b"", b"token", b"token=", b"=" + quoted.encode(), b"tok=" + quoted.encode(), b"Token=" + quoted.encode(),
                               b"&", b"token&token=", b"%74oken=" + quoted.encode()])
        elif kind == "types":
            content_type, body = rng.choice([
                ("application/json", json.dumps({"token": t}).encode()), ("text/plain", b"token=" + quoted.encode()),
                ("multipart/form-data; boundary=fuzzB", multipart([("token", None, None, t.encode())], "fuzzB")),
                ("application/x-www-form-urlencoded; charset=utf-16", ("token=" + t).encode("utf-16")),
                ("", b"token=" + quoted.encode()), ("application/x-www-form-urlencoded", b"token[]=" + quoted.encode()),
                ("application/x-www-form-urlencoded", b'token={"a":1}'), ("application/x-www-form-urlencoded", b"token=1e999")])
        elif kind == "huge":
            n = rng.choice([4000, 4095, 4096, 4097, 8192, 70000, 1 << 20])
            body = rng.choice([b"token=" + quoted.encode() + b"&pad=" + b"p" * n, b"token=" + b"t" * n, b"pad=" + b"p" * n + b"&token=" + quoted.encode()])
        elif kind == "percent":
            body = b"token=" + rng.choice([b"%", b"%z", b"%zz", b"%ff%fe", b"%C0%80", b"%ed%a0%80", b"%00" * 64, quoted.encode() + b"%",
                                           quoted.encode() + b"%00", quoted.encode() + b"%0", b"%%" + quoted.encode(), b"+" * 40,
                                           quoted.encode().replace(b"-", b"%2d"), quoted.encode().replace(b"-", b"+"),
                                           b"%E2%80%AE" + quoted.encode(), b"%F0%9F%A6%96" * 100])
        elif kind == "dup":
            wrong = urllib.parse.quote_from_bytes(self.wrong_token()[:200]).encode()
            body = rng.choice([b"token=" + wrong + b"&token=" + quoted.encode(), b"token=" + quoted.encode() + b"&token=" + wrong,
                               b"token=" + quoted.encode() + b"&token=" + quoted.encode()])
        else:
            body = b"&".join(b"f%d=v" % i for i in range(rng.choice([500, 2000]))) + b"&token=" + quoted.encode()
        request = new_request("POST", rng.choice(["/sign-in", "/sign-in", "/sign-in", "/sign-in?token=x", "/sign-in/"]), body,
                              content_type or None, html, safe=False)
        if rng.random() < 0.3:
            request.set(b"Cookie", rng.choice([b"{{SESSION}}", b"{{COOKIE}}", self.session_cookie_value()]))
        request.label = f"token POST /sign-in ({kind})"
        return request

    def sign_out_request(self, html: str | None) -> Request:
        """Mostly sign-outs that fail (wrong form token, none, other types); some that really
        end the fuzzer's session, which the run then signs in again."""
        rng = self.rng
        kind = rng.choices(["real", "wrong-formtoken", "no-formtoken", "bearer", "no-auth", "types", "huge", "percent"],
                           [0.5, 3, 2, 2, 2, 2, 1, 2])[0]
        content_type = "application/x-www-form-urlencoded"
        body = b"_formtoken=" + TOKEN_MARK
        cookie = b"{{COOKIE}}; {{SESSION}}"
        authorization = None
        if kind == "wrong-formtoken":
            body = b"_formtoken=" + rng.choice([b"0" * 64, COOKIE_TOKEN_MARK, TOKEN_MARK[:-1], b"{{SESSIONID}}", b"", ACCESS_TOKEN.encode()])
        elif kind == "no-formtoken":
            body = rng.choice([b"", b"x=1", b"_formtoken", b"_formtoken="])
        elif kind == "bearer":
            cookie = rng.choice([b"{{COOKIE}}", b""])
            authorization = rng.choice([b"Bearer " + ACCESS_TOKEN.encode(), self.authorization_value()])
            body = b"_formtoken=" + rng.choice([COOKIE_TOKEN_MARK, TOKEN_MARK])
        elif kind == "no-auth":
            cookie = rng.choice([b"{{COOKIE}}", b"", self.session_cookie_value()])
        elif kind == "types":
            content_type, body = rng.choice([("application/json", b'{"_formtoken":"' + TOKEN_MARK + b'"}'), ("text/plain", body),
                                             ("multipart/form-data; boundary=fuzzB", multipart([("_formtoken", None, None, TOKEN_MARK)], "fuzzB")),
                                             ("", body), ("multipart/form-data", body)])
        elif kind == "huge":
            body = body + b"&pad=" + b"p" * rng.choice([65536, 70000, 1 << 20])
        elif kind == "percent":
            body = rng.choice([b"_formtoken=%", b"_formtoken=%zz" + TOKEN_MARK, b"_formtoken=" + TOKEN_MARK + b"%ff", b"%5fformtoken=" + TOKEN_MARK,
                               b"_formtoken=" + TOKEN_MARK + b"&_formtoken=" + b"0" * 64, b"_formtoken=" + b"0" * 64 + b"&_formtoken=" + TOKEN_MARK])
        request = new_request("POST", rng.choice(["/sign-out", "/sign-out", "/sign-out", "/sign-out/", "/sign-out?x=1"]), body,
                              content_type or None, html, safe=False)
        if cookie:
            request.set(b"Cookie", cookie)
        if authorization:
            request.set(b"Authorization", authorization)
        request.label = f"token POST /sign-out ({kind})"
        return request

    def burst(self) -> Request:
        """Many wrong tokens on one connection, pipelined: past the throttle's burst, 429s."""
        rng = self.rng
        count = rng.choice([5, 11, 12, 20, 40])
        parts = []
        for index in range(count):
            last = index == count - 1
            if rng.random() < 0.5:
                r = new_request("GET", rng.choice(["/api/creatures" if self.sc else "/api/items", "/openapi.yaml", "/"]))
                r.set(b"Authorization", b"Bearer " + self.wrong_token().replace(b"\x00", b"0")[:500])
            else:
                r = self.sign_in_request(None)
                if rng.random() < 0.7:
                    r.body = b"token=" + urllib.parse.quote_from_bytes(self.wrong_token()[:500]).encode()
                    r.set(b"Content-Length", str(len(r.body)).encode())
            if rng.random() < 0.1:
                r.set(b"Authorization", b"Bearer " + ACCESS_TOKEN.encode())      # the right one, refused once spent
            r.set(b"Connection", b"close" if last else b"keep-alive")
            parts.append(r.serialize())
        request = parse_template(parts[0])
        request.label = f"token burst of {count} wrong tokens"
        request.burst = b"".join(parts[1:])
        return request

    # -- mutations ------------------------------------------------------------------------------

    def mutate(self, request: Request) -> tuple[bytes, list[str]]:
        """The request's bytes after 0 to a few mutations, and their names."""
        rng = self.rng
        applied = []
        count = rng.choice([0, 0, 1, 1, 1, 2, 2, 3, 4])
        structural = [
            (3, self.m_range), (1, self.m_if_range), (2, self.m_conditional), (2, self.m_accept), (2, self.m_cookie),
            (3, self.m_content_type), (2, self.m_transfer_encoding), (3, self.m_content_length), (1, self.m_host),
            (1, self.m_connection), (1, self.m_cross_site), (2, self.m_odd_header), (2, self.m_method),
            (1, self.m_version), (4, self.m_target), (4, self.m_body),
        ]
        if self.token_mode:
            # Wrong bearers spend the throttle's checks (one a second come back), so they stay
            # rare enough that a right bearer mostly gets through; cookies spend none.
            structural += [(1, self.m_authorization), (4, self.m_session)]
        weights = [w for w, _ in structural]
        byte_level = False
        for _ in range(count):
            if rng.random() < 0.15:
                byte_level = True
                continue
            mutation = rng.choices([m for _, m in structural], weights)[0]
            mutation(request)
            applied.append(mutation.__name__[2:])
        data = request.serialize()
        if byte_level:
            data = self.m_bytes(data)
            applied.append("bytes")
        if rng.random() < 0.04:
            second = self.next_request()
            data += second.serialize()
            applied.append("pipelined")
            request.stream = request.stream or second.stream
        return data, applied

    def m_range(self, r: Request) -> None:
        if self.rng.random() < 0.15:
            r.headers.append((b"Range", self.range_value(r.photo)))    # a second Range
        else:
            r.set(b"Range", self.range_value(r.photo))
        if r.method == b"POST" and self.rng.random() < 0.5:
            return
        if r.photo is None and self.rng.random() < 0.6:                  # aim it at a file
            r.method, r.photo = b"GET", self.rng.choice(["A", "B"] if self.sc else ["S1", "S2", "S1a"])
            r.body = b""
            r.remove(b"Content-Length")
            r.target = {"A": b"/api/creatures/{{ID:A}}/photo", "B": b"/api/creatures/{{ID:B}}/photo",
                        "S1": b"/api/items/{{KEY:S1}}/photo", "S2": b"/api/items/{{KEY:S2}}/photo",
                        "S1a": b"/api/items/{{KEY:S1}}/attachments/{{ATTACHMENT:S1a}}"}[r.photo]
            r.safe = True
            r.stream = False

    def m_if_range(self, r: Request) -> None:
        r.set(b"If-Range", self.header_value("If-Range", r))
        if self.rng.random() < 0.7 and r.get(b"Range") is None:
            r.set(b"Range", self.range_value(r.photo))

    def m_conditional(self, r: Request) -> None:
        r.set(self.rng.choice([b"If-Match", b"If-None-Match", b"If-Modified-Since", b"If-Unmodified-Since"]), self.tag_list())

    def m_accept(self, r: Request) -> None:
        value = (self.accept() or "*/*").encode()
        value = self.rng.choice([value, value, b"", b"text/html;q=nan", b"*/" * 500, b"\xff\xfe", b"application/json, text/html",
                                 self.repeat_parameter(value), b"application/json;q=0.5, text/html;q=0.5;level=1"])
        r.set(b"Accept", value)

    def m_cookie(self, r: Request) -> None:
        rng = self.rng
        value = rng.choice([b"{{COOKIE}}", b"{{COOKIENAME}}=" + b"0" * 64, b"{{COOKIENAME}}=", b"=;;=;", b"{{COOKIE}}; {{COOKIE}}",
                            b"{{COOKIENAME}}=" + b"A" * 64, b"a=b; " * 200, b"x=" + b"y" * 8000, b"{{COOKIENAME}}=\xff\xfe",
                            b'{{COOKIENAME}}="' + b"0" * 64 + b'"', b"{{COOKIE}}; {{COOKIENAME}}=" + b"1" * 64])
        if r.auth == "session" and rng.random() < 0.8:
            value += b"; {{SESSION}}"            # the form cookie's mutations, still signed in
        if rng.random() < 0.2:
            r.headers.append((b"Cookie", value))
        else:
            r.set(b"Cookie", value)

    def m_content_type(self, r: Request) -> None:
        rng = self.rng
        current = r.get(b"Content-Type") or b""
        match = re.search(rb"boundary=(\S+)", current)
        boundary = match.group(1) if match else b"fuzzBoundary7MA4YWxk"
        choices = [b"application/json", b"application/json; charset=latin1", b"text/plain", b"image/png", b"image/jpeg",
                   b"multipart/form-data", b"multipart/form-data; boundary=", b"multipart/form-data; boundary=other",
                   b'multipart/form-data; boundary="' + boundary + b'"', b"multipart/form-data; boundary=" + boundary + b"x",
                   b"multipart/form-data; boundary=" + b"z" * 80, b"multipart/form-data; boundary=" + boundary + b"; boundary=b2",
                   b"multipart/mixed; boundary=" + boundary, b"application/x-www-form-urlencoded", b"text/csv", b"text/csv; charset=utf-16",
                   b"application/zip", b"application/pdf", b"application/octet-stream", b"", b"*/*", b"\xff", b"application/json;;;",
                   b"MULTIPART/FORM-DATA; BOUNDARY=" + boundary, b"application/x-www-form-urlencoded; charset=ascii"]
        value = rng.choice(choices)
        if rng.random() < 0.2:
            value = self.repeat_parameter(current or value)
        if rng.random() < 0.15:
            r.headers.append((b"Content-Type", value))
        else:
            r.set(b"Content-Type", value)

    def repeat_parameter(self, value: bytes) -> bytes:
        """`value` with one of its parameters again, its name in another case (names are
        case-insensitive, RFC 9110 §5.6.6), or a charset twice."""
        rng = self.rng
        match = re.search(rb";\s*([A-Za-z-]+)=([^;]*)", value)
        if match is None or rng.random() < 0.3:
            return value + rng.choice([b"; charset=utf-8; Charset=utf-8", b"; q=1; Q=1", b"; a=1; a=2"])
        name = match.group(1)
        other = rng.choice([name.upper(), name.capitalize(), name.swapcase(), name])
        return value + b"; " + other + b"=" + rng.choice([match.group(2), b"other"])

    def m_transfer_encoding(self, r: Request) -> None:
        rng = self.rng
        kind = rng.choice(["chunked", "chunked", "chunked+cl", "bad-size", "overflow", "truncated", "extension",
                           "trailer", "gzip", "double", "identity", "lf-only"])
        body = r.body
        chunks, pos = [], 0
        while pos < len(body):
            n = rng.randint(1, max(1, min(len(body) - pos, 4096)))
            chunks.append(body[pos:pos + n])
            pos += n
        encoded = b"".join(b"%x\r\n" % len(c) + c + b"\r\n" for c in chunks)
        end = b"0\r\n\r\n"
        if kind == "bad-size" and chunks:
            encoded = b"%x\r\n" % (len(chunks[0]) + rng.choice([1, -1, 100])) + chunks[0] + b"\r\n"
        elif kind == "overflow":
            encoded = rng.choice([b"ffffffffffffffffff\r\n", b"-1\r\n", b"0x10\r\n", b"1 0\r\n", b"g\r\n"]) + body + b"\r\n"
        elif kind == "truncated":
            encoded = encoded[: rng.randint(0, len(encoded))]
            end = b""
        elif kind == "extension":
            encoded = b"".join(b"%x;name=value;x=\"q\"\r\n" % len(c) + c + b"\r\n" for c in chunks)
        elif kind == "trailer":
            end = b"0\r\nX-Trailer: 1\r\nContent-Length: 5\r\n\r\n"
        elif kind == "lf-only":
            encoded = b"".join(b"%x\n" % len(c) + c + b"\n" for c in chunks)
            end = b"0\n\n"
        r.body = encoded + end
        value = {"gzip": b"gzip", "double": b"chunked, chunked", "identity": b"identity"}.get(kind, b"chunked")
        if rng.random() < 0.15:
            value = rng.choice([b"Chunked", b"gzip, chunked", b"chunked, identity", b" chunked", b"chunked\x00", b"x-custom"])
        r.set(b"Transfer-Encoding", value)
        if kind != "chunked+cl":
            r.remove(b"Content-Length")
        else:
            r.set(b"Content-Length", str(len(body)).encode())
        if rng.random() < 0.1:
            r.headers.append((b"Transfer-Encoding", b"chunked"))

    def m_content_length(self, r: Request) -> None:
        rng = self.rng
        n = len(r.body)
        value = rng.choice([n - 1, n + 1, 0, n * 2 + 10, max(0, n - rng.randint(1, 50)), -1, 2**63, 2**64, 10**30, 64 << 10,
                            (64 << 10) + 1, 26 << 20, (4 << 30) + 1])
        text = str(value).encode()
        text = rng.choice([text, text, b"+" + text, b" " + text, text + b" ", b"0x10", b"", b"1,2", text + b", " + text, b"abc"])
        if rng.random() < 0.2:
            r.headers.append((b"Content-Length", text))
        else:
            r.set(b"Content-Length", text)

    def m_host(self, r: Request) -> None:
        rng = self.rng
        choice = rng.choice(["remove", "foreign", "dup", "localhost", "v6", "userinfo", "empty", "absolute", "upper", "port"])
        if choice == "remove":
            r.remove(b"Host")
        elif choice == "foreign":
            r.set(b"Host", rng.choice([b"evil.example", b"127.attacker.example", b"127.0.0.1.nip.io:{{PORT}}", b"0.0.0.0:{{PORT}}"]))
        elif choice == "dup":
            r.headers.append((b"Host", b"{{HOST}}"))
        elif choice == "localhost":
            r.set(b"Host", b"localhost:{{PORT}}")
        elif choice == "v6":
            r.set(b"Host", rng.choice([b"[::1]:{{PORT}}", b"[::1", b"[::ffff:127.0.0.1]:{{PORT}}"]))
        elif choice == "userinfo":
            r.set(b"Host", b"user:pass@{{HOST}}")
        elif choice == "empty":
            r.set(b"Host", b"")
        elif choice == "absolute":
            r.target = rng.choice([b"http://{{HOST}}", b"http://evil.example", b"https://{{HOST}}", b"HTTP://{{HOST}}"]) + r.target
        elif choice == "upper":
            r.set(b"Host", b"LOCALHOST:{{PORT}}")
        else:
            r.set(b"Host", rng.choice([b"127.0.0.1:0", b"127.0.0.1:99999999999", b"127.0.0.1:", b"127.0.0.1:-1", b"127.0.0.1"]))

    def m_connection(self, r: Request) -> None:
        rng = self.rng
        name, value = rng.choice([(b"Connection", b"keep-alive"), (b"Connection", b"upgrade"), (b"Upgrade", b"h2c"),
                                  (b"Upgrade", b"websocket"), (b"Expect", b"100-continue"), (b"Expect", b"nonsense"),
                                  (b"Connection", b"close, Content-Length"), (b"HTTP2-Settings", b"AAMAAABkAAQAAP__"),
                                  (b"Connection", b"Transfer-Encoding")])
        r.set(name, value)
        if name == b"Upgrade":
            r.set(b"Connection", b"Upgrade")

    def m_cross_site(self, r: Request) -> None:
        rng = self.rng
        r.set(rng.choice([b"Origin", b"Sec-Fetch-Site", b"Referer", b"Authorization", b"X-Forwarded-For", b"X-Forwarded-Host"]),
              rng.choice([b"https://evil.example", b"cross-site", b"same-origin", b"null", b"Bearer " + b"a" * 40,
                          b"http://{{HOST}}", b"none", b"Basic Og==", b"127.0.0.1, 10.0.0.1"]))

    def m_odd_header(self, r: Request) -> None:
        rng = self.rng
        kind = rng.choice(["long", "many", "noname", "space", "fold", "nul", "nonascii", "dup", "empty", "nocolon"])
        if kind == "long":
            r.headers.append((b"X-Long", b"v" * rng.choice([1000, 8000, 20000, 70000])))
        elif kind == "many":
            r.headers.extend((b"X-H%d" % i, b"v") for i in range(rng.choice([50, 150, 500])))
        elif kind == "noname":
            r.headers.append((b"", b"value"))
        elif kind == "space":
            r.headers.append((b"Content-Type ", b"text/plain"))
        elif kind == "fold":
            r.headers.append((b"X-Folded", b"a\r\n b"))
        elif kind == "nul":
            r.headers.append((b"X-Nul", b"a\x00b"))
        elif kind == "nonascii":
            r.headers.append((rng.choice([b"X-\xff", b"X-\xc3\xa9"]), b"\xc3\xa9\xff"))
        elif kind == "dup" and r.headers:
            r.headers.append(rng.choice(r.headers))
        elif kind == "empty":
            r.headers.append((b"X-Empty", b""))
        else:
            r.headers.append((b"NoColonHere", b""))
            r.headers[-1] = (b"NoColonHere", b"")
            r.headers.append((b"X-Before", b"x\r\nNoColonHere"))

    def m_method(self, r: Request) -> None:
        # Only methods that change nothing, so the stable resources stay as they are.
        r.method = self.rng.choice([b"GET", b"HEAD", b"OPTIONS", b"TRACE", b"CONNECT", b"PROPFIND", b"get", b"G ET",
                                    b"", b"GET\x00", b"M" * 1000, b"PRI", b"BREW", b"\xff"])

    def m_version(self, r: Request) -> None:
        r.version = self.rng.choice([b"HTTP/1.0", b"HTTP/1.2", b"HTTP/2.0", b"HTTP/2", b"HTTP/0.9", b"", b"HTTP/1.1 x",
                                     b"http/1.1", b"HTTP/01.1", b"HTTP/11.1", b"HTTP/1.1\x00", b"HTTP/9.9", b"HTTP/1.10"])

    def m_target(self, r: Request) -> None:
        rng = self.rng
        target = r.target
        path, _, query = target.partition(b"?")
        kind = rng.choice(["segment", "encode", "dots", "slashes", "case", "long", "query", "query", "query", "star",
                           "fragment", "raw", "trailing", "empty"])
        if kind == "segment":
            segments = path.split(b"/")
            if len(segments) > 1:
                i = rng.randrange(1, len(segments))
                values = [b"0", b"%00", b"%2F", b"..", b".", b"%2e%2e", b"%ff", b"%", b"%G1", b"\xff", "é".encode(), b"a" * 300,
                          b"99999999999999999999999", b"-1", b"%252F", b";x=y", b"~"]
                segments[i] = rng.choice(values)
                path = b"/".join(segments)
        elif kind == "encode" and path:
            i = rng.randrange(len(path))
            path = path[:i] + b"%%%02X" % path[i] + path[i + 1:]
        elif kind == "dots":
            path = rng.choice([b"/./", b"/../", b"/%2e/", b"/.././../"]) + path.lstrip(b"/")
        elif kind == "slashes":
            path = path.replace(b"/", b"//", 1) if rng.random() < 0.5 else path + b"/"
        elif kind == "case":
            path = path.upper()
        elif kind == "long":
            path = path + b"/" + b"x" * rng.choice([1000, 5000, 9000, 70000])
        elif kind == "query":
            params = urllib.parse.parse_qsl(query.decode("latin-1"), keep_blank_values=True)
            action = rng.choice(["dup", "drop", "garbage", "value", "huge", "raw", "many"])
            if action == "dup" and params:
                params.append(rng.choice(params))
            elif action == "drop" and params:
                params.pop(rng.randrange(len(params)))
            elif action == "garbage":
                params.append((rng.choice(["q", "limit", "offset", "cursor", "sort", "order", "dryRun", "bom", "name", "x", ""]),
                               rng.choice(STRINGS)))
            elif action == "value" and params:
                i = rng.randrange(len(params))
                params[i] = (params[i][0], str(rng.choice(INTS + STRINGS)))
            elif action == "huge":
                params.append((rng.choice(["q", "name", "location", "label"]), "x" * rng.choice([201, 1601, 10000])))
            elif action == "many":
                params.extend((f"p{i}", "v") for i in range(rng.choice([100, 1000])))
            if action == "raw":
                query = query + rng.choice([b"&%", b"&a=%zz", b"&=", b"&&&", b"&q=\xff\xfe", b"&q=a b", b";q=1", b"&q=%00"])
            else:
                query = urllib.parse.urlencode(params, quote_via=urllib.parse.quote).encode("latin-1", "replace")
        elif kind == "star":
            path, query = b"*", b""
        elif kind == "fragment":
            query = query + b"#frag"
        elif kind == "raw":
            path = path + rng.choice([b" ", b"\t", b"\x00", b"\r", b"<>", b"\"", b"\\"])
        elif kind == "trailing":
            path = path + rng.choice([b"/", b".json", b"%20", b"?"])
        else:
            path = b""
        r.target = path + (b"?" + query if query else b"")

    def m_body(self, r: Request) -> None:
        rng = self.rng
        content_type = (r.get(b"Content-Type") or b"").lower()
        body = r.body
        if b"json" in content_type or body[:1] in (b"{", b"["):
            body = self.mutate_json(body)
        elif b"multipart" in content_type:
            body = self.mutate_multipart(body, content_type)
        elif b"urlencoded" in content_type:
            body = self.mutate_form(body)
        elif b"csv" in content_type:
            body = self.csv_bytes() if rng.random() < 0.5 else self.flip(body)
        elif body[:2] == b"\xff\xd8" or body[:4] == b"\x89PNG":
            body = self.mutate_image(body)
        elif body[:2] == b"PK":
            body = self.mutate_zip(body)
        else:
            body = rng.choice([b"", b"{}", b"\x00" * 100, PNG, JPEG, self.flip(body) if body else b"x"])
        r.body = body
        if r.get(b"Transfer-Encoding") is None:
            r.set(b"Content-Length", str(len(body)).encode())

    def flip(self, data: bytes) -> bytes:
        rng = self.rng
        data = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if not data:
                break
            i = rng.randrange(len(data))
            data[i] = rng.choice([0, 0xFF, 0x7F, 0x80, 0x22, 0x5C, 0x0A, rng.randrange(256)])
        return bytes(data)

    def mutate_json(self, body: bytes) -> bytes:
        rng = self.rng
        kind = rng.choice(["nest", "truncate", "flip", "surrogate", "numbers", "dupkey", "type", "garbage", "bom", "empty", "huge-string"])
        if kind == "nest":
            depth = rng.choice([100, 1000, 10000, 30000])
            opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
            return opener * depth + b"1" + closer * (depth if rng.random() < 0.7 else 0)
        if kind == "truncate" and body:
            return body[: rng.randrange(len(body))]
        if kind == "flip":
            return self.flip(body)
        if kind == "surrogate":
            return rng.choice([b'{"title":"\\ud800"}', b'{"name":"\\udc00x"}', b'{"title":"\\u0000"}', b'{"title":"\xff\xfe"}',
                               b'{"name":"\xed\xa0\x80"}', b'{"title":"\\uD83E\\uDD96"}', b'{"na\\u006de":"x"}'])
        if kind == "numbers":
            key = rng.choice([b"rating", b"valueInDollars", b"quantity", b"pricePaid", b"limit"])
            return b'{"title":"x","name":"x","%s":%s}' % (key, rng.choice([b"1e400", b"-1e400", b"1e-400", b"-0", b"0.5e1",
                                                                          b"NaN", b"Infinity", b"99999999999999999999999999",
                                                                          b"4.50000000000000000001", b"0x10", b"1_000", b"+1", b".5"]))
        if kind == "dupkey":
            return b'{"title":"a","title":"b","name":"a","name":"b"}'
        if kind == "type":
            try:
                value = json.loads(body)
            except (ValueError, RecursionError):
                value = {}
            if isinstance(value, dict) and value:
                name = rng.choice(list(value))
                value[name] = rng.choice([None, [], {}, True, 1.5, "x", [1, 2], {"a": 1}, 2**64])
            return to_json(rng, value)
        if kind == "garbage":
            return body + rng.choice([b"}", b"garbage", b"\x00", b"\n{}", b" ", b","])
        if kind == "bom":
            return b"\xef\xbb\xbf" + body
        if kind == "huge-string":
            return b'{"title":"' + b"a" * rng.choice([60000, 65536, 70000]) + b'","name":"x"}'
        return b""

    def mutate_form(self, body: bytes) -> bytes:
        rng = self.rng
        kind = rng.choice(["flip", "percent", "dup", "many", "huge", "notoken", "plus", "noequals"])
        if kind == "flip":
            return self.flip(body)
        if kind == "percent":
            return body + rng.choice([b"&title=%", b"&title=%zz", b"&title=%ff%fe", b"&%00=%00", b"&title=%e2%80"])
        if kind == "dup":
            return body + b"&" + body
        if kind == "many":
            return body + b"&" + b"&".join(b"f%d=v" % i for i in range(rng.choice([1000, 8000])))
        if kind == "huge":
            return body + b"&notes=" + b"n" * rng.choice([40000, 65536, 70000])
        if kind == "notoken":
            return re.sub(rb"_formtoken=[^&]*&?", b"", body)
        if kind == "plus":
            return body.replace(b"%20", b"+") + b"&title=a+b+%2B"
        return body + b"&justaname&=&==&"

    def mutate_multipart(self, body: bytes, content_type: bytes) -> bytes:
        rng = self.rng
        match = re.search(rb"boundary=\"?([^\";]+)", content_type)
        boundary = match.group(1) if match else b"fuzzBoundary7MA4YWxk"
        dash = b"--" + boundary
        kind = rng.choice(["no-close", "preamble", "headers", "big-headers", "long-filename", "no-disposition", "many-parts",
                           "lf-only", "truncate", "flip-file", "nested", "filename-star", "no-blank", "bomb-image"])
        if kind == "no-close":
            return body.replace(dash + b"--", b"")
        if kind == "preamble":
            return b"preamble\r\n" + body + b"epilogue" * 10
        if kind == "headers":
            extra = b"".join(b"X-Part-%d: v\r\n" % i for i in range(rng.choice([16, 17, 40])))
            return body.replace(b"Content-Disposition:", extra + b"Content-Disposition:", 1)
        if kind == "big-headers":
            return body.replace(b"Content-Disposition:", b"X-Big: " + b"h" * rng.choice([8000, 8193, 20000]) + b"\r\nContent-Disposition:", 1)
        if kind == "long-filename":
            return re.sub(rb'filename="[^"]*"', b'filename="' + b"f" * rng.choice([1024, 1025, 5000]) + b'.png"', body, count=1)
        if kind == "no-disposition":
            return body.replace(b"Content-Disposition: form-data; ", b"X-Nothing: ", 1)
        if kind == "many-parts":
            part = dash + b'\r\nContent-Disposition: form-data; name="p"\r\n\r\nv\r\n'
            return part * rng.choice([99, 100, 101, 500]) + body
        if kind == "lf-only":
            return body.replace(b"\r\n", b"\n")
        if kind == "truncate" and body:
            return body[: rng.randrange(len(body))]
        if kind == "flip-file":
            return self.flip(body)
        if kind == "nested":
            inner = multipart([("photo", "p.png", "image/png", PNG)], "inner")
            return (dash + b'\r\nContent-Disposition: form-data; name="photo"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n'
                    + inner + b"\r\n" + dash + b"--\r\n")
        if kind == "filename-star":
            return re.sub(rb'filename="[^"]*"', b"filename*=UTF-8''%C3%A9%2F..%2Fx.png; filename=\"\"", body, count=1)
        if kind == "no-blank":
            return body.replace(b"\r\n\r\n", b"\r\n", 1)
        image = make_png(4, 4, declared=rng.choice([(100000, 100000), (0, 0), (2**31, 1), (1, 2**31 - 1)])) if rng.random() < 0.5 \
            else make_jpeg(8, 8, declared=rng.choice([(65535, 65535), (0, 0), (1, 65535)]))
        return (dash + b'\r\nContent-Disposition: form-data; name="photo"; filename="b.png"\r\n\r\n' + image + b"\r\n"
                + dash + b'\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\n' + image + b"\r\n" + dash + b"--\r\n")

    def mutate_image(self, body: bytes) -> bytes:
        rng = self.rng
        kind = rng.choice(["truncate", "flip", "dims", "garbage", "swap"])
        if kind == "truncate":
            return body[: rng.randrange(len(body))]
        if kind == "flip":
            return self.flip(body)
        if kind == "dims":
            if body[:4] == b"\x89PNG":
                return make_png(4, 4, declared=rng.choice([(100000, 100000), (0, 0), (2**31, 1), (7072, 7072), (1, 0)]))
            return make_jpeg(8, 8, declared=rng.choice([(65535, 65535), (0, 0), (1, 65535), (7072, 7072)]))
        if kind == "garbage":
            return body + b"\x00" * rng.choice([1, 1000, 100000])
        return JPEG if body[:4] == b"\x89PNG" else PNG

    def mutate_zip(self, body: bytes) -> bytes:
        rng = self.rng
        kind = rng.choice(["truncate", "flip", "sizes", "empty-zip", "bomb"])
        if kind == "truncate":
            return body[: rng.randrange(len(body))]
        if kind == "flip":
            return self.flip(body)
        if kind == "sizes":
            data = bytearray(body)
            for match in re.finditer(rb"PK\x01\x02", body):
                offset = match.start() + 24                       # uncompressed size in the central directory
                if offset + 4 <= len(data):
                    data[offset:offset + 4] = struct.pack("<I", rng.choice([0, 1, 0xFFFFFFFF, 0x7FFFFFFF]))
            return bytes(data)
        if kind == "empty-zip":
            return make_zip([])
        return make_zip([("1.scarycreature/Data.plist" if self.sc else "items.archive", b"\0" * rng.choice([1 << 20, 20 << 20]))])

    def m_bytes(self, data: bytes) -> bytes:
        rng = self.rng
        data = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            if not data:
                break
            kind = rng.choice(["flip", "insert", "delete", "dup", "crlf", "lf", "truncate"])
            i = rng.randrange(len(data))
            if kind == "flip":
                data[i] = rng.randrange(256)
            elif kind == "insert":
                data[i:i] = rng.choice([b"\r\n", b"\n", b"\x00", b" ", b":", b"\r\n\r\n", b"\xff", b"%"])
            elif kind == "delete":
                del data[i:i + rng.randint(1, 16)]
            elif kind == "dup":
                data[i:i] = data[i:i + rng.randint(1, 64)]
            elif kind == "crlf":
                data = bytearray(bytes(data).replace(b"\r\n", b"\n", 1))
            elif kind == "lf":
                data = bytearray(bytes(data).replace(b"\r\n", b"\r", 1))
            else:
                del data[i:]
        return bytes(data)

    def next_case(self) -> tuple[bytes, Request, list[str]]:
        self.count += 1
        request = self.next_request()
        data, applied = self.mutate(request)
        return data, request, applied


# ---------------------------------------------------------------------------------------------
# The run


@dataclass
class Sent:
    iteration: int
    template: bytes
    concrete: bytes
    label: str


@dataclass
class Finding:
    app: str
    seed: int
    iteration: int
    reason: str
    history: list[Sent]
    stderr: str = ""
    path: str = ""
    elapsed: float = 0.0
    mode: str = "loopback"


def head_methods(data: bytes) -> list[bool]:
    """For each request in `data` that starts a line, whether it is a HEAD (no body comes back)."""
    return [m == b"HEAD" for m in re.findall(rb"(?:^|\r\n\r\n)([A-Z]+) \S", data)] or [False]


def describe(data: bytes, limit: int = 3000) -> str:
    text = data[:limit].decode("latin-1")
    text = text.replace("\r\n", "\\r\\n\n")
    text = "".join(c if c == "\n" or 32 <= ord(c) < 127 else f"\\x{ord(c):02x}" for c in text)
    return text + (f"\n… ({len(data) - limit} more bytes)" if len(data) > limit else "")


def save_finding(finding: Finding) -> str:
    os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
    mode = "-token" if finding.mode == "token" else ""
    path = os.path.join(ROOT, ".build", f"http-fuzz-failure-{finding.app}{mode}-{finding.seed}-{finding.iteration}.http")
    with open(path, "wb") as f:
        f.write(f"# http-fuzz finding: {finding.reason}\n# app: {finding.app}\n# mode: {finding.mode}\n# seed: {finding.seed}\n"
                f"# iteration: {finding.iteration}\n# replay: Scripts/http-fuzz.py --replay {os.path.relpath(path, ROOT)}\n"
                "# The requests sent last, oldest first: each is a line naming its length in bytes, its\n"
                "# iteration and what it is, then exactly those bytes (placeholders such as {{HOST}} are\n"
                "# filled in when replayed).\n".encode())
        for sent in finding.history:
            f.write(f"#@request {len(sent.template)} {sent.iteration} {sent.label}\n".encode())
            f.write(sent.template + b"\n")
        if finding.stderr:
            f.write(b"# the server's last words:\n" + b"".join(b"#   " + line.encode() + b"\n" for line in finding.stderr.splitlines()))
    return path


def report(finding: Finding) -> None:
    last = finding.history[-1] if finding.history else None
    print(f"\nFAILURE in {finding.app}{' (token mode)' if finding.mode == 'token' else ''}: {finding.reason}")
    print(f"  seed {finding.seed}, iteration {finding.iteration}, {finding.elapsed:.1f} s into the run"
          + (f" ({last.label})" if last else ""))
    if last:
        print("  the request (as sent):")
        print("    " + describe(last.concrete).replace("\n", "\n    "))
    if finding.stderr:
        print("  the server's stderr ends:\n    " + finding.stderr.replace("\n", "\n    "))
    print(f"  saved with the {len(finding.history) - 1} requests before it to {os.path.relpath(finding.path, os.getcwd())}")
    print(f"  replay: Scripts/http-fuzz.py --replay {os.path.relpath(finding.path, ROOT)}")


class Run:
    def __init__(self, app: str, binary: str, seed: int, requests: int | None, seconds: float | None,
                 keep_going: bool, verbose: bool, mode: str = "loopback"):
        self.app, self.binary, self.seed, self.mode = app, binary, seed, mode
        self.sign_ins = 0
        self.throttle_wait = 0.0
        self.by_auth: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        self.requests, self.seconds = requests, seconds
        self.keep_going, self.verbose = keep_going, verbose
        self.statuses: collections.Counter = collections.Counter()
        self.findings: list[Finding] = []
        self.digest = hashlib.sha256()
        self.sent = 0
        self.aux = 0
        self.start = time.monotonic()

    def check(self, target: Target, history: list[Sent], answer: Answer) -> str | None:
        """Why this exchange is a failure, or None."""
        for status in answer.statuses:
            if status >= 500:
                return f"answered {status}"
        server = target.server
        if not server.alive():
            return f"the server {server.exit_description()}"
        if answer.answered and not answer.timed_out and not answer.stalled:
            return None
        if answer.stalled:
            return f"the answer ({answer.statuses[-1]}) stopped mid-body for {ANSWER_TIMEOUT:.0f} s"
        # No answer: fine if the server closed a connection it could not read, unless it is dying
        # (a trap takes a moment to end the process) or stopped answering altogether.
        try:
            server.process.wait(timeout=0.3)
        except subprocess.TimeoutExpired:
            pass
        if not server.alive():
            return f"the server {server.exit_description()}"
        probe = plain_get(target.port)
        if not (probe.answered and probe.statuses[0] < 500):
            try:
                server.process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                pass
            if not server.alive():
                return f"the server {server.exit_description()}"
            again = plain_get(target.port)
            if again.refused:
                return "the server stopped accepting connections"
            if not again.answered:
                return f"the server stopped answering (two plain GETs got no answer in {ANSWER_TIMEOUT:.0f} s)"
            if again.statuses[0] >= 500:
                return f"a plain GET after this request was answered {again.statuses[0]}"
        if answer.timed_out:
            return f"no answer in {ANSWER_TIMEOUT:.0f} s (the server still answers others)"
        return None

    def run(self) -> bool:
        generator = Generator(self.app, self.seed, self.mode)
        target = Target(self.app, self.binary, self.mode)
        history: collections.deque[Sent] = collections.deque(maxlen=HISTORY)
        start = self.start = time.monotonic()
        i = 0
        print(f"== {self.name}: seed {self.seed}, port {target.port}, "
              + (f"{self.requests} requests" if self.requests else f"{self.seconds:.0f} s"), flush=True)
        try:
            while True:
                if self.requests is not None and i >= self.requests:
                    break
                if self.seconds is not None and time.monotonic() - start >= self.seconds:
                    break
                data, request, applied = generator.next_case()
                self.digest.update(struct.pack(">I", len(data)) + data)
                if i and i % REFRESH_EVERY == 0:
                    try:
                        target.refresh()
                    except (OSError, SystemExit, ValueError, KeyError) as error:
                        try:
                            target.server.process.wait(timeout=1)
                        except subprocess.TimeoutExpired:
                            pass
                        reason = f"the server {target.server.exit_description()}" if not target.server.alive() \
                            else f"the requests that put the seeded resources back failed: {error}"
                        self.fail(target, list(history), i - 1, reason + " (after the last request below)")
                        if not self.keep_going:
                            return False
                        target = self.restart(target)
                concrete = target.resolve(data)
                label = request.label + ("" if not applied else " +" + "+".join(applied))
                history.append(Sent(i, data, concrete, label))
                answer = exchange(target.port, concrete, head_methods(concrete))
                self.sent += 1
                for status in answer.statuses or ["no answer"]:
                    self.statuses[status] += 1
                if self.mode == "token":
                    kind = request.auth or "token layer"
                    self.by_auth[kind][answer.statuses[0] if answer.statuses else "no answer"] += 1
                if self.verbose:
                    print(f"{i:6d} {answer.statuses or '-'} {label}")
                reason = self.check(target, list(history), answer)
                if not reason and self.mode == "token" and self.may_have_signed_out(concrete, target, answer):
                    try:
                        target.ensure_session()
                    except (OSError, ValueError, IndexError) as error:
                        reason = f"signing in again after this request failed: {error}"
                if reason:
                    self.fail(target, list(history), i, reason)
                    if not self.keep_going:
                        return False
                    if not target.server.alive() or "stopped" in reason:
                        target = self.restart(target)
                i += 1
        finally:
            elapsed = time.monotonic() - start
            self.collect(target)
            target.stop()
            self.summary(elapsed)
        return not self.findings

    @property
    def name(self) -> str:
        return self.app + (" (token mode)" if self.mode == "token" else "")

    @staticmethod
    def may_have_signed_out(concrete: bytes, target: Target, answer: Answer) -> bool:
        """Whether the fuzzer's session may have ended: a sign-out went by, or a request that
        carried the session was refused. The session is checked then (one request)."""
        if b"sign-out" in concrete.lower():
            return True
        return target.session.encode() in concrete and (401 in answer.statuses or b"location: /sign-in" in answer.raw.lower())

    def collect(self, target: Target) -> None:
        self.aux += target.aux
        self.sign_ins += target.sign_ins
        self.throttle_wait += target.throttle_wait

    def restart(self, target: Target) -> Target:
        self.collect(target)
        target.stop()
        return Target(self.app, self.binary, self.mode)

    def fail(self, target: Target, history: list[Sent], iteration: int, reason: str) -> Finding:
        time.sleep(0.2)
        finding = Finding(self.app, self.seed, iteration, reason, list(history), target.server.stderr_tail(),
                          elapsed=time.monotonic() - self.start, mode=self.mode)
        finding.path = save_finding(finding)
        report(finding)
        self.findings.append(finding)
        return finding

    def summary(self, elapsed: float) -> None:
        counts = ", ".join(f"{status}: {count}" for status, count in sorted(self.statuses.items(), key=lambda kv: str(kv[0])))
        rate = self.sent / elapsed if elapsed else 0
        print(f"== {self.name}: {self.sent} requests in {elapsed:.1f} s ({rate:.0f}/s), {self.aux} set-up requests; "
              f"seed {self.seed}; requests' digest {self.digest.hexdigest()[:16]}")
        if self.mode == "token":
            print(f"   sign-ins: {self.sign_ins} (the first, and again after a sign-out); "
                  f"{self.throttle_wait:.0f} s waiting out the throttle to sign in again")
            for kind in ("session", "bearer", "none", "token layer"):
                tally = self.by_auth.get(kind, collections.Counter())
                print(f"   {kind}: {sum(tally.values())} requests, first answers 2xx/3xx "
                      f"{sum(v for k, v in tally.items() if isinstance(k, int) and k < 400)}, 401 {tally[401]}, 429 {tally[429]}")
        print(f"   statuses: {counts}")
        print(f"   findings: {len(self.findings)}" + "".join(f"\n   - iteration {f.iteration}: {f.reason}" for f in self.findings),
              flush=True)


def replay(path: str, app: str | None, binary_dir: str, mode: str | None = None) -> bool:
    with open(path, "rb") as f:
        content = f.read()
    requests: list[tuple[str, bytes]] = []
    if re.search(rb"^#@request \d", content, re.M):
        match = re.search(rb"^# app: (\S+)", content, re.M)
        app = app or (match.group(1).decode() if match else None)
        match = re.search(rb"^# mode: (\S+)", content, re.M)
        mode = mode or (match.group(1).decode() if match else None)
        pos = 0
        while match := re.compile(rb"^#@request (\d+) (\d+) ?(.*)$", re.M).search(content, pos):
            length = int(match.group(1))
            start = match.end() + 1
            requests.append((match.group(3).decode("utf-8", "replace"), content[start:start + length]))
            pos = start + length
    else:
        requests.append((os.path.basename(path), corpus_request(content)))
        if mode is None and os.path.basename(os.path.dirname(os.path.abspath(path))) == "token":
            mode = "token"
    if app not in APPS:
        raise SystemExit("replay: name the app with --app scary-creatures or --app homepwner")
    mode = mode if mode in MODES else "loopback"
    target = Target(app, os.path.join(binary_dir, app), mode)
    print(f"== replaying {len(requests)} request(s) against {app}{' in token mode' if mode == 'token' else ''} on port {target.port}")
    failed = False
    try:
        for index, (label, template) in enumerate(requests):
            concrete = target.resolve(template)
            answer = exchange(target.port, concrete, head_methods(concrete))
            shown = answer.statuses or ("no answer" + (" (timed out)" if answer.timed_out else ""))
            if index < len(requests) - 1:
                print(f"-- {label}: {len(concrete)} bytes -> {shown}")
            else:
                print(f"-- {label}\n   " + describe(concrete, 2000).replace("\n", "\n   ") + f"\n   -> {shown}")
            if any(s >= 500 for s in answer.statuses):
                failed = True
            if mode == "token" and target.server.alive() and Run.may_have_signed_out(concrete, target, answer):
                target.ensure_session()          # as the run did: signed in again after a sign-out
            if not answer.answered:
                probe = plain_get(target.port)
                if not target.server.alive() or not probe.answered:
                    try:
                        target.server.process.wait(timeout=5)
                    except subprocess.TimeoutExpired:
                        pass
                    print(f"   the server {target.server.exit_description()}"
                          + ("" if target.server.alive() else "; its stderr ends:\n     "
                             + target.server.stderr_tail(8).replace("\n", "\n     ")))
                    failed = True
                    break
        if not failed and not target.server.alive():
            print(f"   the server {target.server.exit_description()}")
            failed = True
    finally:
        target.stop()
    print("== reproduced: the server failed" if failed else "== not reproduced: every answer was below 500 and the server lives")
    return not failed


def main() -> int:
    parser = argparse.ArgumentParser(description="Fuzz both apps' servers over HTTP/1.1.",
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 3)[3])
    parser.add_argument("--app", choices=[*APPS, "both"], default="both")
    parser.add_argument("--seed", type=int, help=f"default: {CI_SEED} when CI=true, else random (always printed)")
    parser.add_argument("--seconds", type=float, help="per app (default 60 unless --requests)")
    parser.add_argument("--requests", type=int, help="per app and mode")
    parser.add_argument("--mode", choices=[*MODES, "both"], default="both",
                        help="loopback: servers without an access token; token: with one, signed in (session cookie or "
                             "bearer token) and the token layer fuzzed; both (the default): loopback then token, per app")
    parser.add_argument("--token-seconds", type=float, help="per app in token mode (default: --seconds)")
    parser.add_argument("--bin-dir", help="where the binaries are (default: swift build --show-bin-path)")
    parser.add_argument("--replay", metavar="FILE", help="send a saved failure (or a corpus .http file) to a fresh server")
    parser.add_argument("--keep-going", action="store_true", help="record a failure, restart a dead server, and go on")
    parser.add_argument("--verbose", action="store_true", help="print every request's label and statuses")
    args = parser.parse_args()
    # Stopped by `timeout` or Ctrl-C, stop the server too (it runs in a session of its own).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    bin_dir = args.bin_dir or subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                             text=True, check=True).stdout.strip()
    if args.replay:
        return 0 if replay(args.replay, None if args.app == "both" else args.app, bin_dir,
                           None if args.mode == "both" else args.mode) else 1
    seed = args.seed if args.seed is not None else (CI_SEED if os.environ.get("CI") == "true" else random.SystemRandom().randrange(1, 10**9))
    seconds = args.seconds if args.seconds is not None or args.requests is not None else 60.0
    apps = APPS if args.app == "both" else (args.app,)
    for app in apps:
        if not os.access(os.path.join(bin_dir, app), os.X_OK):
            raise SystemExit(f"no {app} in {bin_dir}: swift build --product {app}")
    print(f"http-fuzz: seed {seed} (again: --seed {seed}), binaries in {bin_dir}", flush=True)
    modes = MODES if args.mode == "both" else (args.mode,)
    token_seconds = args.token_seconds if args.token_seconds is not None else seconds
    ok = True
    for app in apps:
        for mode in modes:
            length = None if args.requests is not None else (token_seconds if mode == "token" else seconds)
            ok = Run(app, os.path.join(bin_dir, app), seed, args.requests, length, args.keep_going, args.verbose, mode).run() and ok
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        for server in list(Server.running):
            server.stop()
