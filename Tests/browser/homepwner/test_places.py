"""Where things are, in Chromium on a desktop and a 320 px touch phone: the locations page shows
every location in use (typed with >, never added to the list) under its parents, with the totals
the inventory's filter shows; a location's page lists what is there and inside it; the location
menu's "No location" shows the items without one, with and without the script. Each run's items
carry a word of their own."""
import urllib.parse
import uuid

import pytest
from playwright.sync_api import expect

from devices import DEVICES, DESKTOP_AND_320, fits, press, screen_page
from helpers import added

@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_tree_and_a_location_page_count_what_the_filter_shows(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "pl" + uuid.uuid4().hex[:8]
    page.goto("/")
    added(page, "/api/items", {"name": f"{word} drill", "valueInDollars": 120, "location": f"{word} house > Garage"}, "itemKey")
    added(page, "/api/items", {"name": f"{word} saw", "valueInDollars": 30, "quantity": 2, "location": f"{word} house > Garage > Shelf 2"}, "itemKey")

    press(page.get_by_role("link", name="Manage locations"))
    house = page.locator(".place", has=page.get_by_role("link", name=f"{word} house", exact=True))
    expect(house.locator("> .place-totals")).to_have_text("2 items (3 pieces) · $180")
    shelf = house.get_by_role("link", name="Shelf 2", exact=True)
    expect(shelf).to_be_visible()
    fits(page)

    press(house.get_by_role("link", name="Garage", exact=True))
    expect(page.get_by_role("heading", level=1)).to_have_text("Garage")
    expect(page.locator("#location-totals")).to_have_text("2 items (3 pieces) · $180")
    expect(page.locator(".location-items tbody tr")).to_have_count(2)
    expect(page.get_by_role("row", name=f"{word} saw")).to_contain_text("Shelf 2")
    fits(page)

    # The inventory filtered to the same place shows the same items.
    press(page.get_by_role("link", name="Show in the inventory"))
    expect(page.locator(".item-row")).to_have_count(2)
    expect(page.locator("#location")).to_have_value(f"{word} house › Garage")

    # Up the breadcrumb to the house, then into the shelf.
    page.goto("/location?name=" + urllib.parse.quote(f"{word} house › Garage"))
    press(page.get_by_role("navigation", name="Where it is").get_by_role("link", name=f"{word} house"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{word} house")
    page.context.close()


@pytest.mark.parametrize("script", ["with script", "without script"])
def test_no_location_shows_the_items_without_one(browser, server, script):
    context = browser.new_context(base_url=server.url, java_script_enabled=script == "with script", **DEVICES["desktop"])
    page = context.new_page()
    word = "nl" + uuid.uuid4().hex[:8]
    page.goto("/")
    added(page, "/api/items", {"name": f"{word} lamp", "valueInDollars": 5}, "itemKey")
    added(page, "/api/items", {"name": f"{word} chair", "valueInDollars": 50, "location": f"{word} room"}, "itemKey")
    page.goto(f"/?q={word}")
    expect(page.locator(".item-row")).to_have_count(2)
    menu = page.locator("#location")
    no_location = menu.locator("option", has_text="No location")
    expect(no_location).to_have_count(1)
    menu.select_option(label=no_location.inner_text())
    if script == "without script":
        page.get_by_role("button", name="Show").click()
    expect(page.locator(".item-row")).to_have_count(1)
    expect(page.locator(".item-row")).to_contain_text(f"{word} lamp")
    if script == "with script":
        expect(page).to_have_url(f"{server.url}/?q={word}&noLocation=1")
    else:
        # The plain form sends every field, the menu's value (>) among them.
        assert "location=%3E" in page.url
    context.close()
