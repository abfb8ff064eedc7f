"""Locations people can type and see, in Chromium on a desktop and a 320 px touch phone: a
location typed with ">" (what keyboards have) is saved as levels joined by " › " and shown so in
its field; the list's location menu holds each parent, with the count its filter shows, and
choosing a parent shows it with what is inside it. Each run's locations carry a word of their own."""
import re
import uuid

import pytest
from playwright.sync_api import expect

from devices import DEVICES, phone
from helpers import added, read

SCREENS = {"desktop": DEVICES["desktop"], "phone-320": phone(320, 640)}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_location_typed_with_greater_than_and_the_menu_of_parents(browser, server, screen):
    context = browser.new_context(base_url=server.url, **SCREENS[screen])
    page = context.new_page()
    word = "zl" + uuid.uuid4().hex[:8]
    house = f"{word} House"
    page.goto("/")
    drill = added(page, "/api/items", {"name": f"{word} drill"}, "itemKey")
    added(page, "/api/items", {"name": f"{word} saw", "location": f"{house} › Garage › Shelf 2"}, "itemKey")
    added(page, "/api/items", {"name": f"{word} kettle", "location": f"{house} › Kitchen"}, "itemKey")

    page.goto(f"/items/{drill}")
    page.locator("#location").fill(f"{house} > Garage")
    expect(page.locator("#location-state")).to_have_text("Saved")
    assert read(page, f"/api/items/{drill}")["location"] == f"{house} › Garage"
    page.reload()
    expect(page.locator("#location")).to_have_value(f"{house} › Garage")

    page.goto("/")
    menu = page.locator("#location")
    for name, count in ((house, 3), (f"{house} › Garage", 2), (f"{house} › Garage › Shelf 2", 1), (f"{house} › Kitchen", 1)):
        expect(menu.locator(f'option[value="{name}"]')).to_have_text(f"{name} ({count})")
    menu.select_option(house)
    expect(page).to_have_url(re.compile(r"location="))
    expect(page.locator(".item-row")).to_have_count(3)
    menu.select_option(f"{house} › Garage")
    expect(page.locator(".item-row")).to_have_count(2)
    context.close()
