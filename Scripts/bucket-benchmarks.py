#!/usr/bin/env python3
"""Scary Creatures on a bucket against the same on a folder, side by side, in one run:

1. a server's first answer (GET /api/creatures) with 10,000 creatures in the bucket: from the
   process's start, without the listing summary (cold) and with it (warm);
2. the API at 64 connections (wrk): GET of one creature and durable PATCHes of ratings;
3. 1,000 creations spread over three servers on one bucket, against one server on a folder
   (numbers checked unique and complete).

The bucket is the local S3 server (Scripts/s3-test-server.py: moto, signatures checked, one
request at a time): it measures our side of the work and the number of requests, not AWS's
latency. Usage, from the project folder, after `swift build -c release --product scary-creatures`:

    python3 Scripts/bucket-benchmarks.py [--creatures 10000] [--seconds 10]

Needs wrk (apt-get install wrk), moto[server] and boto3 (pip).
"""
import argparse, concurrent.futures, http.client, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_storage(buckets):
    child = subprocess.Popen([sys.executable, os.path.join(ROOT, "Scripts/s3-test-server.py"), "--exit-with-parent"] + [a for b in buckets for a in ("--bucket", b)],
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--creatures", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=["first-answer", "api", "creations"], help="run one part alone")
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
    finally:
        storage_process.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
