"""An item's own fields and archiving it, in Chromium on a desktop and a 320 px touch phone, with
and without the script: a field set through the item page shows there and is found by search; a
field set elsewhere shows without a reload; an item archived through its page leaves the list and
its total, the list's menu shows it again with its badge, and *Bring it back* returns it. Each
run's items carry a word of their own."""
import uuid

import pytest
from playwright.sync_api import expect

from devices import DESKTOP_AND_320, DEVICES, fits, in_viewport, press, screen_page
from helpers import added


def set_field(page, name: str, value: str) -> None:
    """Fills the item page's field form and sends it."""
    form = page.locator("#custom-field-form")
    form.get_by_label("Field", exact=True).fill(name)
    form.get_by_label("Value").fill(value)
    press(form.get_by_role("button", name="Set field"))


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_fields_are_set_found_and_removed(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "cf" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} piano"}, "itemKey")
    page.goto(f"/items/{key}")
    expect(page.locator("#no-custom-fields")).to_be_visible()
    set_field(page, "Insurance policy number", f"HO-3 {word}")
    expect(page).to_have_url(f"{server.url}/items/{key}#custom-fields")
    rows = page.locator(".custom-field-row")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("Insurance policy number")
    set_field(page, "Colour", "Walnut")
    expect(rows).to_have_count(2)
    assert in_viewport(page, page.get_by_role("heading", name="Fields of its own"))
    fits(page)
    # A field's name and value stay beside each other on a desktop, one above the other on a phone.
    box = rows.nth(0).bounding_box()
    assert box and box["height"] <= 200, box

    # Search finds the item by a field's value.
    page.goto(f"/?q={word}")
    expect(page.locator(".item-row")).to_have_count(1)
    page.goto(f"/items/{key}")
    press(rows.nth(0).get_by_role("button", name="Remove the field Insurance policy number"))
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("Walnut")
    page.context.close()


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_a_field_set_elsewhere_shows_without_a_reload(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "ce" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} bike"}, "itemKey")
    page.goto(f"/items/{key}")
    page.locator("#custom-field-value").fill("typed, not sent")
    response = page.request.patch(f"/api/items/{key}", data={"customFields": [{"name": "Frame", "value": "Steel"}]})
    assert response.ok, response.text()
    rows = page.locator(".custom-field-row")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("Steel")
    expect(page.locator("#custom-field-value")).to_have_value("typed, not sent")
    page.context.close()


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_an_archived_item_leaves_the_list_and_comes_back(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "ar" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} sofa", "valueInDollars": 700}, "itemKey")
    page.goto(f"/?q={word}")
    expect(page.locator(".item-row")).to_have_count(1)
    page.goto(f"/items/{key}")
    section = page.locator("#archive")
    section.get_by_label("Day it left").fill("2026-10-31")
    press(section.get_by_role("button", name="Archive this item"))
    expect(page).to_have_url(f"{server.url}/items/{key}#archive")
    expect(page.locator("#archived-notice")).to_contain_text("Archived on 31 Oct 2026")
    fits(page)

    page.goto(f"/?q={word}")
    expect(page.locator(".item-row")).to_have_count(0)
    note = page.locator("#archived-note")
    expect(note).to_have_text("1 archived item is not shown. Show them")
    press(note.get_by_role("link", name="Show them"))
    row = page.locator(".item-row", has_text=word)
    expect(row).to_have_count(1)
    expect(row.locator(".archived-badge")).to_have_text("Archived 31 Oct 2026")
    expect(page.locator("#archived")).to_have_value("include")
    # The menu narrows to the archived items alone, without a reload.
    page.locator("#archived").select_option("only")
    expect(page).to_have_url(f"{server.url}/?q={word}&archived=only")
    expect(page.locator(".item-row")).to_have_count(1)
    fits(page)

    page.goto(f"/items/{key}")
    press(page.get_by_role("button", name="Bring it back into the inventory"))
    expect(page.locator("#archived-notice")).to_have_count(0)
    page.goto(f"/?q={word}")
    expect(page.locator(".item-row")).to_have_count(1)
    page.context.close()


def test_fields_and_the_archive_work_without_the_script(browser, server):
    context = browser.new_context(base_url=server.url, java_script_enabled=False, **DEVICES["desktop"])
    page = context.new_page()
    word = "cn" + uuid.uuid4().hex[:8]
    page.goto("/")
    response = page.request.post("/api/items", data={"name": f"{word} lamp"})
    assert response.status == 201, response.text()
    key = response.json()["itemKey"]
    page.goto(f"/items/{key}")
    form = page.locator("#custom-field-form")
    form.get_by_label("Field", exact=True).fill("Room")
    form.get_by_label("Value").fill("Hall")
    form.get_by_role("button", name="Set field").click()
    expect(page.locator(".custom-field-row")).to_have_count(1)
    page.locator("#archive").get_by_role("button", name="Archive this item").click()
    expect(page.locator("#archived-notice")).to_be_visible()
    page.goto(f"/?q={word}")
    expect(page.locator(".item-row")).to_have_count(0)
    page.locator("#archived").select_option("include")
    page.get_by_role("button", name="Show").click()
    expect(page.locator(".item-row")).to_have_count(1)
    context.close()
