#!/usr/bin/env python3
"""A local S3 server for the tests and benchmarks: moto's S3, with signatures checked, one request at a time.

Usage: Scripts/s3-test-server.py [--host 127.0.0.1] [--port 0] [--bucket NAME ...]
       Scripts/s3-test-server.py --check-timestamps

Prints one JSON line on stdout once it listens:
  {"endpoint": "http://127.0.0.1:PORT", "region": "us-east-1", "accessKeyId": "...", "secretAccessKey": "..."}
and serves until it is killed. Needs `pip install 'moto[server]'`.

Two things measured here decide its shape (docs/object-storage.md):
- moto's own threaded server let two racing conditional PUTs (`If-Match`) both win in 1 round
  of 10; served one request at a time, exactly one wins. So requests are served serially.
- moto checks SigV4 signatures only once IAM holds a user and key and
  INITIAL_NO_AUTH_ACTION_COUNT is reached. Here it is 0 from the first request, and the user
  and key are made in-process before the server listens, so every request is checked and a
  signing bug fails with 403 SignatureDoesNotMatch.

moto re-signs the request from werkzeug's `request.url`, which has already percent-decoded
the query (`prefix=p%2F` becomes `prefix=p/`), so it refuses correctly signed requests. Real S3
decodes each path segment and query parameter and encodes them again the SigV4 way before it
compares signatures; this server does the same, from the raw request line, before moto's check.
Nothing is made more lenient: a client that signs an unencoded slash still gets 403.

moto parses every listed object's time back from its own ISO 8601 string with dateutil, a third
of a listing's time; this server has Python's ISO parser read those strings instead, to the same
instant. `--check-timestamps` compares the two on the strings moto writes and exits 1 on a
difference.
"""
import argparse
import json
import os
import sys
from datetime import datetime, timezone
from urllib.parse import quote, unquote_to_bytes

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parent_watch  # noqa: E402  (beside this script)

os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = "0"
os.environ.setdefault("MOTO_ALLOW_NONEXISTENT_REGION", "true")

from flask import request as flask_request  # noqa: E402  (after the environment is set)
from moto.core import DEFAULT_ACCOUNT_ID  # noqa: E402
from moto.core import authorization, serialize  # noqa: E402
from moto.iam.models import iam_backends  # noqa: E402
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app  # noqa: E402
from moto.s3.models import s3_backends  # noqa: E402
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server  # noqa: E402

UNRESERVED = "-_.~"  # with ASCII letters and digits: what SigV4 leaves unencoded


def sigv4_encode(raw: str, keep_slash: bool) -> str:
    """Decodes percent-escapes and encodes again the SigV4 way (S3: no double encoding)."""
    return quote(unquote_to_bytes(raw), safe=UNRESERVED + ("/" if keep_slash else ""))


def canonical_target(raw_uri: str) -> str:
    """The path and query of a raw request target in SigV4's canonical spelling."""
    path, _, query = raw_uri.partition("?")
    path = sigv4_encode(path, keep_slash=True)
    if not query:
        return path
    pairs = []
    for pair in query.split("&"):
        key, equals, value = pair.partition("=")
        pairs.append(sigv4_encode(key, False) + equals + sigv4_encode(value, False))
    return path + "?" + "&".join(pairs)


original_check = authorization.ActionAuthenticatorMixin._authenticate_and_authorize_action


def check_with_canonical_url(self, iam_request_cls, resource="*"):
    raw = flask_request.environ.get("RAW_URI") or flask_request.environ.get("REQUEST_URI")
    if raw:
        scheme_and_host = self.uri.split("/", 3)[:3]
        self.uri = "/".join(scheme_and_host) + canonical_target(raw)
    return original_check(self, iam_request_cls, resource)


authorization.ActionAuthenticatorMixin._authenticate_and_authorize_action = check_with_canonical_url

original_parse_timestamp = serialize.parse_to_aware_datetime


def parse_timestamp_quickly(value):
    """moto keeps each object's time as an ISO 8601 string and parses it back with dateutil for
    every object it lists: a third of a ListObjectsV2 page's time. Python's own ISO parser reads
    the strings moto writes to the same instant (and so the same bytes out); anything else goes
    to the original parser."""
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return original_parse_timestamp(value)
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)
    return original_parse_timestamp(value)


serialize.parse_to_aware_datetime = parse_timestamp_quickly


def check_timestamps() -> int:
    """Compares the two parsers on the strings moto writes, for each of its timestamp formats:
    prints how many agree and returns 0, or prints the first that differs and returns 1."""
    from datetime import timedelta
    from moto.core.utils import iso_8601_datetime_with_milliseconds, iso_8601_datetime_without_milliseconds_s3
    formats = ("iso8601", "iso8601_zeroed", "rfc822", "unixtimestamp")
    writer = serialize.TimestampSerializer(formats[0])
    compared = 0
    for step in range(1_000):
        instant = datetime(1999, 12, 31, 23, 59, 58) + timedelta(seconds=step * 4_938_271, microseconds=(step * 7_919) % 1_000_000 if step % 3 else 0)
        for text in (iso_8601_datetime_without_milliseconds_s3(instant), iso_8601_datetime_with_milliseconds(instant),
                     instant.isoformat(), instant.isoformat() + "Z"):
            for name in formats:
                convert = getattr(writer, f"_timestamp_{name}")
                theirs, ours = convert(original_parse_timestamp(text)), convert(parse_timestamp_quickly(text))
                if theirs != ours:
                    print(f"{text!r} as {name}: dateutil gives {theirs!r}, the quick parser {ours!r}")
                    return 1
                compared += 1
    print(f"{compared} timestamps written the same")
    return 0


class QuietHandler(WSGIRequestHandler):
    """Keeps the test output clean: no line per request."""

    def log_request(self, *args, **kwargs):
        pass


def make_user() -> tuple[str, str]:
    """An IAM user allowed everything, and its access key, made without a request."""
    iam = iam_backends[DEFAULT_ACCOUNT_ID]["global"]
    iam.create_user(None, "tests", "/", [])
    policy = json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]})
    iam.put_user_policy("tests", "everything", policy)
    key = iam.create_access_key("tests")
    return key.access_key_id, key.secret_access_key



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--region", default="us-east-1")
    parser.add_argument("--bucket", action="append", default=[])
    parser.add_argument("--exit-with-parent", action="store_true", help="end when the starting process ends")
    parser.add_argument("--check-timestamps", action="store_true", help="check the quick timestamp parser against moto's, then exit")
    arguments = parser.parse_args()
    if arguments.check_timestamps:
        return check_timestamps()
    if arguments.exit_with_parent:
        parent_watch.exit_with_parent()

    access_key_id, secret = make_user()
    for bucket in arguments.bucket:
        s3_backends[DEFAULT_ACCOUNT_ID]["aws"].create_bucket(bucket, arguments.region)

    app = DomainDispatcherApplication(create_backend_app)
    # Served one at a time, each request is a connection of its own (HTTP/1.0), and every test of
    # a run shares this server: werkzeug's backlog of 128 would drop the SYNs of a larger burst of
    # connections, to be resent only 1, 3, 7 s later.
    BaseWSGIServer.request_queue_size = 4096
    server = make_server(arguments.host, arguments.port, app, threaded=False, processes=1, request_handler=QuietHandler)
    host = f"[{arguments.host}]" if ":" in arguments.host else arguments.host
    print(json.dumps({
        "endpoint": f"http://{host}:{server.server_port}",
        "region": arguments.region,
        "accessKeyId": access_key_id,
        "secretAccessKey": secret,
    }), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
