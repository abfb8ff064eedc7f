"""Adds N items to a Homepwner server over 64 connections and writes their keys, one a line.

    python3 Scripts/load/homepwner-seed.py URL N KEYS_FILE
"""
import http.client
import json
import sys
import threading
import urllib.parse

url, count, keys_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
parsed = urllib.parse.urlparse(url)
keys = [None] * count
next_index = [0]
lock = threading.Lock()
failures = []


def worker():
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port)
    while True:
        with lock:
            index = next_index[0]
            next_index[0] += 1
        if index >= count:
            return
        body = json.dumps({"name": f"Item {index}", "serialNumber": f"SN-{index:05d}", "valueInDollars": index})
        connection.request("POST", "/api/items", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
        if response.status != 201:
            failures.append((response.status, data[:200]))
            return
        keys[index] = json.loads(data)["itemKey"]


threads = [threading.Thread(target=worker) for _ in range(64)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
if failures:
    sys.exit(f"seeding failed: {failures[0]}")
with open(keys_file, "w") as out:
    out.write("\n".join(keys) + "\n")
