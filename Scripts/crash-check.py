#!/usr/bin/env python3
"""Kills `scary-creatures serve` with SIGKILL during a storm of rating edits, restarts it, and
checks that every edit it acknowledged survived.

Each writer thread owns its own creatures, so a creature's edits are sequential: after a kill
its rating must be the last one acknowledged, or the one that was in flight (sent, never
answered). Prints the figures; exits 1 if anything acknowledged was lost.

    Scripts/crash-check.py [--kills 50] [--creatures 32] [--writers 8] [--binary PATH]

Only loopback is used. Needs the binary built (`swift build`).
"""
import argparse, json, os, random, signal, subprocess, sys, tempfile, threading, time, urllib.request

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def start(binary, data):
    process = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", data, "--log-level", "error"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    url = next(word for word in line.split() if word.startswith("http://")).rstrip("/")
    return process, url


def request(method, url, body=None, timeout=5):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with OPENER.open(req, timeout=timeout) as response:
        return response.status, json.loads(response.read() or b"null")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--creatures", type=int, default=32)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--binary", default=os.path.join(subprocess.check_output(["swift", "build", "--show-bin-path"], text=True).strip(), "scary-creatures"))
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="scary-crash-")
    process, url = start(args.binary, data)
    ids = [request("POST", url + "/api/creatures", {"title": "Creature %d" % n})[1]["id"] for n in range(args.creatures)]
    acknowledged_total, lost, kills = 0, [], 0
    last = {i: 0 for i in ids}              # the rating each creature must have: the last acknowledged
    for kill in range(args.kills):
        flying = {i: None for i in ids}     # rating sent without an answer
        counts = [0] * args.writers
        stop = threading.Event()

        def writer(number):
            mine = ids[number::args.writers]
            while not stop.is_set():
                creature = random.choice(mine)
                rating = random.randrange(0, 11) / 2
                flying[creature] = rating
                try:
                    status, _ = request("PATCH", "%s/api/creatures/%d" % (url, creature), {"rating": rating}, timeout=2)
                except Exception:
                    return  # the server is gone; this edit stays in flight
                if status == 200:
                    last[creature] = rating
                    flying[creature] = None
                    counts[number] += 1

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(args.writers)]
        for thread in threads:
            thread.start()
        time.sleep(random.uniform(0.1, 0.5))
        process.send_signal(signal.SIGKILL)
        process.wait()
        kills += 1
        stop.set()
        for thread in threads:
            thread.join()
        acknowledged_total += sum(counts)
        process, url = start(args.binary, data)
        for creature in ids:
            status, body = request("GET", "%s/api/creatures/%d" % (url, creature))
            allowed = {value for value in (last[creature], flying[creature]) if value is not None}
            found = body.get("rating") if status == 200 else None
            if found not in allowed:
                lost.append((kill, creature, last[creature], flying[creature], found if status == 200 else status))
            last[creature] = found  # what is on disk now is what the next round builds on
    process.send_signal(signal.SIGTERM)
    process.wait()
    print("%d kills, %d acknowledged edits, %d lost" % (kills, acknowledged_total, len(lost)))
    for entry in lost[:20]:
        print("  lost after kill %d: creature %d, acknowledged %s, in flight %s, found %s" % entry)
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
