"""Two Scary Creatures servers on one bucket (the local S3 server, Scripts/s3-test-server.py): a
page open on one follows what is done through the other, on a desktop and on a phone."""
import pytest
from playwright.sync_api import expect

from bucket import FOLLOWS, servers_on_one_bucket, storage_environment
from devices import DEVICES


@pytest.fixture(scope="module")
def two_servers(server):
    """Two servers of the suite's binary on one fresh prefix of a local bucket; their URLs."""
    with storage_environment() as environment, servers_on_one_bucket(server.binary, environment) as urls:
        yield urls


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
