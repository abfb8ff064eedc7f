"""Two Homepwner servers on one bucket (the local S3 server): a page open on one follows what is
done through the other, on a desktop and on a phone."""
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

    name = f"Kettle from the other server ({device_kind})"
    created = other.post("/api/items", data={"name": name, "serialNumber": "K-1", "valueInDollars": 30})
    assert created.status == 201, created.text()
    key = created.json()["itemKey"]
    expect(list_page.locator(".item-name").filter(has_text=name)).to_be_visible(timeout=FOLLOWS)

    detail = context.new_page()
    detail.goto(f"/items/{key}")
    expect(detail.locator("#name")).to_have_value(name)
    changed = other.patch(f"/api/items/{key}", data={"valueInDollars": 45})
    assert changed.ok, changed.text()
    expect(detail.locator("#valueInDollars")).to_have_value("45", timeout=FOLLOWS)
    attached = other.post(f"/api/items/{key}/attachments?name=receipt.pdf", headers={"Content-Type": "application/pdf"},
                          data=b"%PDF-1.4\n% receipt\n%%EOF\n")
    assert attached.status == 201, attached.text()
    expect(detail.locator(".attachment-link")).to_have_text(["receipt.pdf"], timeout=FOLLOWS)

    # An edit made here is seen there too, within its once-a-second look at items.archive.
    detail.locator("#serialNumber").fill("K-2")
    expect(detail.locator("#serialNumber-state")).to_have_text("Saved", timeout=FOLLOWS)
    seen = None
    for _ in range(20):
        seen = other.get(f"/api/items/{key}").json()["serialNumber"]
        if seen == "K-2":
            break
        detail.wait_for_timeout(100)
    assert seen == "K-2"

    assert other.delete(f"/api/items/{key}").status == 204
    expect(list_page.locator(".item-name").filter(has_text=name)).to_have_count(0, timeout=FOLLOWS)
    context.close()
