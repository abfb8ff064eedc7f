#!/usr/bin/env python3
"""A fault-injecting HTTP proxy between S3 clients and a local S3 server, for tests.

Usage: Scripts/s3-fault-proxy.py --upstream http://127.0.0.1:PORT [--port 0] [--exit-with-parent]

Prints one JSON line once it listens: {"endpoint": "http://127.0.0.1:PORT"}. Requests are passed
on unchanged (the Host header too, so signatures still hold). Faults, per request:
  slowdown      answer 503 SlowDown without passing the request on
  internal      answer 500 InternalError without passing it on
  reset-before  reset the connection without passing it on
  reset-after   pass it on (it takes effect), then reset the connection instead of answering
  delay         wait 2 seconds, then pass it on
  late          wait a random time up to 1.5 seconds (seeded), then pass it on: answers come late
                and in another order than their requests were sent
  hang          answer nothing, ever (a storage that accepts connections and then goes silent)
  pass          pass it on
Planned faults (plan, byMethod) are for the apps' data: requests to their change journals
(paths holding "/.changes/") pass them by and get only the random shares.
Which fault each request gets is set through the proxy itself (paths no bucket can have):
  POST /__proxy/plan  {"byMethod": {"PUT": ["reset-after"]},        faults for the next requests of a method,
                       "plan": ["slowdown", "reset-after", ...],   then for the next requests of any,
                       "shares": {"slowdown": 0.1, ...}, "seed": 1,  then these shares at random
                       "sharesOnly": ".changes/"}                  (only to paths holding this, if given)
  GET  /__proxy/log   [{"method": "PUT", "path": "/bucket/key", "fault": "reset-after"}, ...]
  GET  /__proxy/stats {"connections": 12, "mostAtOnce": 4}   client connections: in all, most open at once
"""
import argparse
import http.client
import json
import os
import random
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parent_watch  # noqa: E402  (beside this script)

HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"}
FAULTS = ("slowdown", "internal", "reset-before", "reset-after", "delay", "late", "hang", "pass")


class Faults:
    """The plan, the shares and the log, shared by the handler threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.plan = []
        self.by_method = {}
        self.shares = {}
        self.shares_only = None
        self.random = random.Random(1)
        self.log = []
        self.open_connections = 0
        self.most_connections = 0
        self.connections = 0

    def next(self, method, path):
        with self.lock:
            journal = "/.changes/" in path  # the apps' change journals: never in the planned faults
            if self.by_method.get(method) and not journal:
                fault = self.by_method[method].pop(0)
            elif self.plan and not journal:
                fault = self.plan.pop(0)
            elif self.shares_only is not None and self.shares_only not in path:
                fault = "pass"
            else:
                fault = "pass"
                roll = self.random.random()
                for name, share in self.shares.items():
                    if roll < share:
                        fault = name
                        break
                    roll -= share
            self.log.append({"method": method, "path": path, "fault": fault})
            return fault


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    faults: Faults
    upstream: tuple

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        with self.faults.lock:
            self.faults.open_connections += 1
            self.faults.connections += 1
            self.faults.most_connections = max(self.faults.most_connections, self.faults.open_connections)

    def finish(self):
        try:
            super().finish()
        finally:
            with self.faults.lock:
                self.faults.open_connections -= 1

    def handle_one(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.path.startswith("/__proxy/"):
            return self.control(body)
        fault = self.faults.next(self.command, self.path.split("?")[0])
        if fault == "reset-before":
            return self.reset()
        if fault in ("slowdown", "internal"):
            status, code = (503, "SlowDown") if fault == "slowdown" else (500, "InternalError")
            text = f"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>{code}</Code><Message>injected by the fault proxy</Message></Error>".encode()
            return self.answer(status, [("Content-Type", "application/xml")], text)
        if fault == "hang":
            while True:  # the handler threads are daemons: this one ends with the proxy
                time.sleep(60)
        if fault == "delay":
            time.sleep(2)
        if fault == "late":
            with self.faults.lock:
                wait = self.faults.random.uniform(0, 1.5)
            time.sleep(wait)
        connection = http.client.HTTPConnection(*self.upstream, timeout=60)
        connection.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
        for name, value in self.headers.items():
            if name.lower() not in HOP_BY_HOP:
                connection.putheader(name, value)
        connection.endheaders(body if body or self.command in ("PUT", "POST") else None)
        response = connection.getresponse()
        data = response.read()
        headers = [(n, v) for n, v in response.getheaders() if n.lower() not in HOP_BY_HOP and n.lower() != "content-length"]
        connection.close()
        if fault == "reset-after":
            return self.reset()
        self.answer(response.status, headers, data)

    def do_GET(self): self.handle_one()
    def do_PUT(self): self.handle_one()
    def do_HEAD(self): self.handle_one()
    def do_DELETE(self): self.handle_one()
    def do_POST(self): self.handle_one()

    def answer(self, status, headers, data):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def reset(self):
        """Closes the connection with a TCP reset (SO_LINGER 0), answering nothing."""
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True
        self.connection.close()

    def control(self, body):
        if self.path == "/__proxy/plan" and self.command == "POST":
            settings = json.loads(body or b"{}")
            by_method = {m: list(f) for m, f in settings.get("byMethod", {}).items()}
            named = list(settings.get("plan", [])) + list(settings.get("shares", {})) + [f for faults in by_method.values() for f in faults]
            unknown = [f for f in named if f not in FAULTS]
            if unknown:
                return self.answer(400, [], f"unknown faults {unknown}".encode())
            with self.faults.lock:
                self.faults.plan = list(settings.get("plan", []))
                self.faults.by_method = by_method
                self.faults.shares = dict(settings.get("shares", {}))
                self.faults.shares_only = settings.get("sharesOnly")
                self.faults.random = random.Random(settings.get("seed", 1))
            return self.answer(204, [], b"")
        if self.path == "/__proxy/log" and self.command == "GET":
            with self.faults.lock:
                data = json.dumps(self.faults.log).encode()
            return self.answer(200, [("Content-Type", "application/json")], data)
        if self.path == "/__proxy/stats" and self.command == "GET":
            with self.faults.lock:
                data = json.dumps({"connections": self.faults.connections, "mostAtOnce": self.faults.most_connections}).encode()
            return self.answer(200, [("Content-Type", "application/json")], data)
        self.answer(404, [], b"")



def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-with-parent", action="store_true")
    arguments = parser.parse_args()
    if arguments.exit_with_parent:
        parent_watch.exit_with_parent()
    upstream = urlsplit(arguments.upstream)
    Handler.faults = Faults()
    Handler.upstream = (upstream.hostname, upstream.port or 80)
    server = ThreadingHTTPServer((arguments.host, arguments.port), Handler)
    server.daemon_threads = True
    print(json.dumps({"endpoint": f"http://{arguments.host}:{server.server_port}"}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
