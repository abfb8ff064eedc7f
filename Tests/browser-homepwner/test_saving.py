"""Edits on an item's page are never lost or refused unseen, on a desktop and on a phone: an edit
followed at once by a reload or a link is kept and shown (a delete on the inventory too), a save
refused with 412 asks the person (Keep mine / Load theirs), and an empty name is refused in the
page before anything is sent."""
import pytest
from playwright.sync_api import Page, expect

from devices import press
from helpers import create, item


def test_three_quick_edits_each_followed_by_a_reload_or_a_link_are_all_kept(device_page: Page):
    page = device_page
    key = create(page, "Quick lamp", "L-1", 20)
    page.goto(f"/items/{key}")
    name, serial, value = page.locator("#name"), page.locator("#serialNumber"), page.locator("#valueInDollars")

    # Each edit is sent as the page is left, after the next page was fetched: that page shows it
    # a moment later, before the person types on.
    expect(name).to_have_value("Quick lamp")
    press(name)
    name.press("End")
    name.press_sequentially(" one")
    page.reload()
    expect(name).to_have_value("Quick lamp one")
    press(serial)
    serial.press("End")
    serial.press_sequentially("-two")
    press(page.get_by_role("link", name="← All items"))
    expect(page.locator(f"#item-{key} .serial")).to_have_text("L-1-two")
    press(page.locator(f"#item-{key} .row-link"))
    expect(name).to_have_value("Quick lamp one")
    expect(serial).to_have_value("L-1-two")
    press(value)
    value.fill("$3,000")
    page.reload()
    expect(name).to_have_value("Quick lamp one")
    expect(serial).to_have_value("L-1-two")
    expect(value).to_have_value("3000")
    expect(page.get_by_role("heading", level=1)).to_have_text("Quick lamp one")
    stored = item(page, key)
    assert (stored["name"], stored["serialNumber"], stored["valueInDollars"]) == ("Quick lamp one", "L-1-two", 3000)


def test_a_delete_followed_at_once_by_a_reload_stays_deleted(device_page: Page):
    page = device_page
    key = create(page, "Fleeting vase", value=15)
    page.goto("/")
    row = page.locator(f"#item-{key}")
    press(row.get_by_role("button", name="Delete"))
    expect(row).to_be_hidden()
    # The delete is sent as the page is left, after the next page was fetched: that page catches up.
    page.reload()
    expect(row).to_have_count(0)
    assert page.request.get(f"/api/items/{key}").status == 404


@pytest.mark.parametrize("choice", ["Keep mine", "Load theirs"])
def test_a_save_refused_with_412_offers_keep_mine_and_load_theirs(device_page: Page, choice):
    page = device_page
    key = create(page, "Contested rug", "R-1", 300)
    # No change stream: the page cannot know of the change below before it saves.
    page.route("**/api/events", lambda route: route.abort())
    refusals = []
    page.on("response", lambda response: refusals.append(response.url) if response.request.method == "PATCH" and response.status == 412 else None)
    # The page reads the item once (its version) as it opens; the change comes after that.
    with page.expect_response(lambda response: response.url.endswith(f"/api/items/{key}") and response.request.method == "GET"):
        page.goto(f"/items/{key}")
    version = item(page, key)["version"]
    theirs = page.request.patch(f"/api/items/{key}", headers={"If-Match": f'"{version}"'}, data={"name": "Rug, renamed elsewhere", "valueInDollars": 450})
    assert theirs.ok, theirs.text()

    page.locator("#name").fill("Rug, renamed here")
    notice = page.locator("#conflict")
    expect(notice).to_be_visible()
    assert refusals, "the save was not refused with 412"
    expect(notice).to_contain_text("Their name: “Rug, renamed elsewhere”.")
    expect(page.locator("#name-state")).to_have_text("Not saved: this item was changed elsewhere.")
    expect(page.locator("#name")).to_have_value("Rug, renamed here")

    press(notice.get_by_role("button", name=choice))
    expect(notice).to_be_hidden()
    if choice == "Keep mine":
        # Mine on top of theirs: my name, their value.
        expect(page.locator("#name-state")).to_have_text("Saved")
        expect(page.locator("#name")).to_have_value("Rug, renamed here")
        stored = item(page, key)
        assert (stored["name"], stored["valueInDollars"]) == ("Rug, renamed here", 450)
    else:
        expect(page.locator("#name-state")).to_have_text("Loaded the version saved elsewhere.")
        expect(page.locator("#name")).to_have_value("Rug, renamed elsewhere")
        stored = item(page, key)
        assert (stored["name"], stored["valueInDollars"]) == ("Rug, renamed elsewhere", 450)
    expect(page.locator("#valueInDollars")).to_have_value("450")
    # Nothing of mine is sent later behind the person's back.
    page.reload()
    expect(page.locator("#name")).to_have_value(stored["name"])
    assert item(page, key)["name"] == stored["name"]


def test_an_empty_name_is_refused_in_the_page_and_nothing_is_sent(device_page: Page):
    page = device_page
    key = create(page, "Named clock", value=60)
    sent = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}") if request.method in ("PATCH", "POST") else None)

    page.goto(f"/items/{key}")
    name = page.locator("#name")
    name.fill("   ")
    expect(page.locator("#name-state")).to_have_text("Not saved: A name cannot be empty.")
    expect(name).to_have_attribute("aria-invalid", "true")
    page.reload()  # leaving the page sends nothing either
    expect(name).to_have_value("Named clock")
    assert sent == []
    assert item(page, key)["name"] == "Named clock"

    count = page.request.get("/api/items").json()["count"]
    page.goto("/")
    page.get_by_label("Name").fill("  ")
    press(page.get_by_role("button", name="Add", exact=True))
    message = page.locator("#new-name-problem")
    expect(message).to_have_text("A name cannot be empty.")
    expect(message).to_be_visible()
    expect(page.get_by_label("Name")).to_be_focused()
    expect(page.get_by_label("Name")).to_have_attribute("aria-invalid", "true")
    assert page.url.endswith("/")
    assert sent == []
    assert page.request.get("/api/items").json()["count"] == count
