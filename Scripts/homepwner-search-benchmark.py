#!/usr/bin/env python3
"""The Homepwner server with 10,000 items: what finding things costs over HTTP, and the server's
memory. Prints, medians of --runs requests each:

- the inventory page (its first 100 items): bytes and time; the same page searched, one request
  per keystroke of "camera" as the page's script sends them; a filtered and sorted page;
- the API: a search's first 100 matches, and the whole list (every item, as before paging);
- the labels page (a QR code per item and location), the dashboard, the locations tree, a
  location's page, the places and the report;
- the server's resident memory (VmRSS) idle after start, after one request, and after browsing
  every page of 100 items.

Usage, from the project folder, after `swift build -c release --static-swift-stdlib --product homepwner`:

    python3 Scripts/homepwner-search-benchmark.py [--items 10000] [--runs 9]

The inventory is the search benchmark's (homepwner-search-benchmarks --write-inventory).
"""
import argparse, http.client, json, os, re, shutil, statistics, subprocess, sys, tempfile, time
from urllib.parse import quote

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def get(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    began = time.monotonic()
    connection.request("GET", path, headers={"Accept": "text/html" if not path.startswith("/api/") else "application/json"})
    answer = connection.getresponse()
    body = answer.read()
    elapsed = time.monotonic() - began
    connection.close()
    if answer.status != 200:
        raise SystemExit(f"GET {path} answered {answer.status}: {body[:200]!r}")
    return elapsed, body


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=9)
    options = parser.parse_args()
    binary = os.environ.get("BINARY") or os.path.join(ROOT, ".build/release/homepwner")
    if not os.access(binary, os.X_OK):
        raise SystemExit("build it first: swift build -c release --static-swift-stdlib --product homepwner")
    work = tempfile.mkdtemp()
    server = None
    try:
        subprocess.run(["swift", "run", "--package-path", "Benchmarks", "-c", "release", "homepwner-search-benchmarks",
                        "--items", str(options.items), "--write-inventory", work], check=True, stdout=subprocess.DEVNULL)
        server = subprocess.Popen([binary, "serve", "--port", "0", "--storage", work, "--log-level", "error"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline()).group(1))
        time.sleep(1)
        idle = rss_kib(server.pid)
        get(port, "/")
        after_one = rss_kib(server.pid)
        print(f"homepwner server, {options.items} items, {time.strftime('%Y-%m-%d')}, medians of {options.runs} requests")

        def measure(label, paths):
            samples, size = [], 0
            for _ in range(options.runs):
                total = 0.0
                for path in paths:
                    elapsed, body = get(port, path)
                    total += elapsed
                    size = len(body)
                samples.append(total)
            print(f"| {label} | {size:,} B | {statistics.median(samples) * 1000:.1f} ms |")

        print("\n| request | bytes (last) | time |\n| --- | ---: | ---: |")
        measure("inventory page, first 100 items", ["/"])
        measure("inventory page, each keystroke of \"camera\" (6 requests)", [f"/?q={'camera'[:n]}" for n in range(1, 7)])
        measure("inventory page, House › Garage + label tools, by value", ["/?location=" + quote("House › Garage") + "&label=tools&sort=value-desc"])
        measure("inventory page, by name, page 50", ["/?sort=name&page=50"])
        measure("API, q=camera, first 100", ["/api/items?q=camera&limit=100"])
        measure("API, every item (no limit)", ["/api/items"])
        # Where things are and what to print (issue 40): the dashboard, the labels' QR codes (one a
        # card: a code per item and location), the tree of locations and one location's page.
        measure("labels page, every item and location (a QR code each)", ["/labels"])
        measure("labels page, House › Garage", ["/labels?location=" + quote("House › Garage")])
        measure("API, the dashboard", ["/api/dashboard"])
        measure("locations page (the tree)", ["/locations"])
        measure("a location's page, House", ["/location?name=House"])
        measure("API, the places", ["/api/places"])
        measure("insurance report page", ["/report"])
        pages = (options.items + 99) // 100
        for page in range(1, pages + 1):
            get(port, f"/?page={page}")
        browsed = rss_kib(server.pid)
        print(f"\nresident memory: {idle / 1024:.1f} MiB idle after start, {after_one / 1024:.1f} MiB after the first page, "
              f"{browsed / 1024:.1f} MiB after browsing all {pages} pages")
    finally:
        if server:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
