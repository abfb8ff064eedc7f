"""Totals mean one thing, in Chromium on a desktop and a 320 px touch phone: an item's value is
the value of one (as the 2014 app, which had no quantity, meant it), and every total is value ×
quantity. The list shows a row's total with "3 × $500 each" under it and adds the totals; the
item page shows "Total for 3" and follows a quantity typed; the report has a quantity, a value
each and a total column, and its subtotal adds the totals; nothing scrolls sideways. Each run's
items carry a word of their own."""
import uuid

import pytest
from playwright.sync_api import expect

from devices import DESKTOP_AND_320, fits, press, screen_page
from helpers import added, read

@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_totals_are_value_times_quantity(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "zt" + uuid.uuid4().hex[:8]
    place = f"{word} room"
    page.goto("/")
    chairs = added(page, "/api/items", {"name": f"{word} chair", "valueInDollars": 500, "quantity": 3, "location": place}, "itemKey")
    lamp = added(page, "/api/items", {"name": f"{word} lamp", "valueInDollars": 40, "location": place}, "itemKey")
    assert read(page, f"/api/items/{chairs}")["totalValueInDollars"] == 1500

    page.goto(f"/?q={word}")
    expect(page.locator(f"#item-{chairs} .value")).to_contain_text("$1,500 total")
    expect(page.locator(f"#item-{chairs} .value .each")).to_have_text("3 × $500 each")
    expect(page.locator(f"#item-{lamp} .value")).to_have_text("$40")
    expect(page.locator(f"#item-{lamp} .value .each")).to_have_count(0)
    expect(page.locator("#total")).to_have_text("$1,540")
    fits(page)

    press(page.locator(f"#item-{chairs} .row-link"))
    expect(page.locator("#valueInDollars")).to_have_value("500")
    expect(page.get_by_label("Value of one, in dollars")).to_have_count(1)
    expect(page.locator("#total-value")).to_have_text("Total for 3: $1,500")
    page.locator("#quantity").fill("4")
    expect(page.locator("#quantity-state")).to_have_text("Saved")
    expect(page.locator("#total-value")).to_have_text("Total for 4: $2,000")
    page.locator("#quantity").fill("1")
    expect(page.locator("#quantity-state")).to_have_text("Saved")
    expect(page.locator("#total-value")).to_be_hidden()
    page.locator("#quantity").fill("4")
    expect(page.locator("#quantity-state")).to_have_text("Saved")
    fits(page)

    page.goto("/report")
    group = page.locator(".report-group", has=page.get_by_role("heading", level=2, name=place, exact=True))
    row = group.locator(".report-row", has_text=f"{word} chair")
    expect(row.locator('[data-label="Quantity"]')).to_have_text("4")
    expect(row.locator('[data-label="Value each"]')).to_have_text("$500")
    expect(row.locator('[data-label="Total"]')).to_have_text("$2,000")
    expect(group.locator(".subtotal-row")).to_have_text(f"Subtotal, {place} (2 items)$2,040")
    fits(page)
    page.context.close()
