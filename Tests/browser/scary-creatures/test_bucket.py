"""Two Scary Creatures servers on one bucket (the local S3 server, Scripts/s3-test-server.py): a
page open on one follows what is done through the other, on a desktop and on a phone."""
import json
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from devices import DEVICES

ROOT = Path(__file__).resolve().parents[3]
FOLLOWS = 10_000  # ms: another server's change reaches an open page within this (it takes about 1 to 2 s)


@pytest.fixture(scope="module")
def storage_environment():
    """The local S3 server's environment for the apps: endpoint, region and key."""
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "Scripts/s3-test-server.py"), "--bucket", "browser", "--exit-with-parent"],
        stdout=subprocess.PIPE, text=True,
    )
    started = json.loads(child.stdout.readline())
    yield {
        "PATH": "/usr/bin:/bin", "AWS_ENDPOINT_URL_S3": started["endpoint"], "AWS_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": started["accessKeyId"], "AWS_SECRET_ACCESS_KEY": started["secretAccessKey"],
    }
    child.terminate()


@pytest.fixture(scope="module")
def two_servers(server, storage_environment):
    """Two servers of the suite's binary on one fresh prefix of the bucket; their URLs."""
    storage = f"s3://browser/{uuid.uuid4().hex[:8]}/"
    processes, urls = [], []
    for _ in range(2):
        process = subprocess.Popen(
            [server.binary, "serve", "--port", "0", "--storage", storage, "--s3-path-style", "--log-level", "error"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=storage_environment,
        )
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"the server did not start: {line!r}"
        processes.append(process)
        urls.append(f"http://127.0.0.1:{match.group(1)}")
    yield urls
    for process in processes:
        process.terminate()
        process.wait(timeout=20)


def test_a_page_on_one_server_follows_edits_made_through_another(browser, two_servers, device_kind):
    one, two = two_servers
    context = browser.new_context(base_url=one, **DEVICES[device_kind])
    list_page = context.new_page()
    list_page.goto("/")
    other = browser.new_context(base_url=two).request

    title = f"Made on the other server ({device_kind})"
    created = other.post("/api/creatures", data={"title": title, "rating": 2})
    assert created.status == 201, created.text()
    creature_id = created.json()["id"]
    expect(list_page.locator(f"#creature-{creature_id} .row-title")).to_have_text(title, timeout=FOLLOWS)

    detail = context.new_page()
    detail.goto(f"/creatures/{creature_id}")
    expect(detail.locator("#title")).to_have_value(title)
    renamed = other.patch(f"/api/creatures/{creature_id}", data={"title": "Renamed over there", "rating": 4.5})
    assert renamed.ok, renamed.text()
    expect(detail.locator("#title")).to_have_value("Renamed over there", timeout=FOLLOWS)
    expect(detail.get_by_role("slider", name="Rating")).to_have_attribute("aria-valuenow", "4.5", timeout=FOLLOWS)
    expect(list_page.locator(f"#creature-{creature_id} .row-title")).to_have_text("Renamed over there", timeout=FOLLOWS)

    # An edit made here is seen there too: both servers serve one bucket.
    detail.locator("#title").fill("Renamed here")
    expect(detail.locator("#save-state")).to_have_text("Saved", timeout=FOLLOWS)
    assert other.get(f"/api/creatures/{creature_id}").json()["title"] == "Renamed here"

    assert other.delete(f"/api/creatures/{creature_id}").status == 204
    expect(list_page.locator(f"#creature-{creature_id}")).to_have_count(0, timeout=FOLLOWS)
    context.close()
