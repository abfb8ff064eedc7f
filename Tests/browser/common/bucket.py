"""Servers of one app sharing a bucket of the local S3 server (Scripts/s3-test-server.py: moto,
signatures checked), for both apps' browser tests of pages that follow another server's edits."""
import json
import re
import subprocess
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FOLLOWS = 10_000  # ms: another server's change reaches an open page within this (it takes about 1 to 2 s)


@contextmanager
def storage_environment():
    """A local S3 server with the bucket `browser`; the environment the apps read it from."""
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "Scripts/s3-test-server.py"), "--bucket", "browser", "--exit-with-parent"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        started = json.loads(child.stdout.readline())
        yield {
            "PATH": "/usr/bin:/bin", "AWS_ENDPOINT_URL_S3": started["endpoint"], "AWS_REGION": "us-east-1",
            "AWS_ACCESS_KEY_ID": started["accessKeyId"], "AWS_SECRET_ACCESS_KEY": started["secretAccessKey"],
        }
    finally:
        child.terminate()


@contextmanager
def servers_on_one_bucket(binary: str, environment: dict, count: int = 2):
    """`count` servers of `binary` on one fresh prefix of the bucket; their URLs."""
    storage = f"s3://browser/{uuid.uuid4().hex[:8]}/"
    processes, urls = [], []
    try:
        for _ in range(count):
            process = subprocess.Popen(
                [binary, "serve", "--port", "0", "--storage", storage, "--s3-path-style", "--log-level", "error"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment,
            )
            processes.append(process)
            line = process.stdout.readline()
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            assert match, f"the server did not start: {line!r}"
            urls.append(f"http://127.0.0.1:{match.group(1)}")
        yield urls
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=20)
