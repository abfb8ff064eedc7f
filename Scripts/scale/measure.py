#!/usr/bin/env python3
"""Times a just-started server until it answers, then fetches every thumbnail once and reads
the server's resident memory. Arguments: the server's output file, its pid, the creature count."""
import http.client
import re
import sys
import time

output, pid, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
started = time.monotonic()
address = None
while address is None and time.monotonic() - started < 60:
    with open(output) as text:
        match = re.search(r"http://127\.0\.0\.1:(\d+)", text.read())
    if match:
        address = int(match.group(1))
    else:
        time.sleep(0.005)
listening = time.monotonic() - started


def resident_mib():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


connection = http.client.HTTPConnection("127.0.0.1", address)
connection.request("GET", "/api/creatures?limit=1")
response = connection.getresponse()
response.read()
answered = time.monotonic() - started
connection.request("GET", "/api/creatures?limit=1000")
response = connection.getresponse()
first_page = len(response.read())
print(f"{count} creatures: listening after {listening * 1000:.0f} ms, first answer (status {response.status}) after {answered * 1000:.0f} ms (target: within 1 s)")
print(f"resident after start: {resident_mib():.1f} MiB")


def time_pages(when):
    for what in ("/", "/?sort=rating", "/api/creatures?limit=50&sort=title"):
        begun = time.monotonic()
        connection.request("GET", what)
        response = connection.getresponse()
        response.read()
        print(f"{when}: GET {what} status {response.status} in {(time.monotonic() - begun) * 1000:.1f} ms")


time_pages("right after start")
time.sleep(2)
time_pages("2 s later (the folder watch is up: the listing is kept until the next change)")
fetch_started = time.monotonic()
statuses = {}
for number in range(1, count + 1):
    connection.request("GET", f"/api/creatures/{number}/thumbnail")
    response = connection.getresponse()
    response.read()
    statuses[response.status] = statuses.get(response.status, 0) + 1
fetched = time.monotonic() - fetch_started
print(f"fetched {count} thumbnails in {fetched:.1f} s, statuses {statuses}; first page of the list {first_page} bytes")
print(f"resident after every thumbnail once: {resident_mib():.1f} MiB (target: under 100 MB)")
