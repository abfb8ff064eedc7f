"""An item's maintenance log, in Chromium on a desktop and a 320 px touch phone, with and without
the script: an entry added through the item page's form shows in the log in date order with when
the item is next due; an entry added or removed elsewhere shows without a reload; a refused entry comes back beside the form with what was typed; an entry
is removed by its button; the dashboard leads to an overdue item's log. Each run's items carry a
word of their own."""
import uuid

import pytest
from playwright.sync_api import expect

from devices import DESKTOP_AND_320, DEVICES, fits, in_viewport, press, screen_page
from helpers import added


def add_entry(page, date: str, note: str, cost: str = "", next_due: str = "") -> None:
    """Fills the log's form and sends it."""
    form = page.locator("#maintenance-form")
    form.get_by_label("Date").fill(date)
    form.get_by_label("What was done").fill(note)
    form.get_by_label("Cost in dollars").fill(cost)
    form.get_by_label("Next due").fill(next_due)
    press(form.get_by_role("button", name="Add to the log"))


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_log_takes_entries_in_date_order_and_gives_them_up(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "mt" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} furnace", "valueInDollars": 2_000}, "itemKey")
    page.goto(f"/items/{key}")
    log = page.locator("#maintenance")
    expect(log.locator("#no-maintenance")).to_be_visible()

    add_entry(page, "2026-03-01", "New filter and a belt that took an afternoon to fit", "30", "2027-03-01")
    expect(page).to_have_url(f"{server.url}/items/{key}#maintenance")
    expect(log.locator(".maintenance-row")).to_have_count(1)
    add_entry(page, "2025-10-01", "Inspected")
    rows = log.locator(".maintenance-row")
    expect(rows).to_have_count(2)
    # A note written on two lines shows on two lines.
    add_entry(page, "2026-03-02", "Bled the radiators\nall three")
    expect(rows).to_have_count(3)
    note = rows.nth(2).locator(".what")
    assert note.evaluate("cell => getComputedStyle(cell).whiteSpace") == "pre-line"
    expect(note).to_have_text("Bled the radiators\nall three")
    press(rows.nth(2).get_by_role("button", name="Remove"))
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Inspected")
    expect(rows.nth(1)).to_contain_text("New filter and a belt")
    expect(rows.nth(1)).to_contain_text("$30")
    expect(log.locator("#next-due")).to_have_text("Next due 1 Mar 2027")
    # The log is where the redirect leads, and nothing scrolls sideways.
    assert in_viewport(page, log.get_by_role("heading", name="Maintenance"))
    fits(page)
    box = rows.nth(1).bounding_box()
    assert box and box["height"] <= 200, box

    # A refusal comes back beside the form, with what was typed.
    add_entry(page, "2026-04-01", "Bled the radiators", "", "2026-01-01")
    error = page.locator("#maintenance-error")
    expect(error).to_have_text("The next-due date 2026-01-01 is before the work's date 2026-04-01.")
    assert in_viewport(page, error)
    expect(page.locator("#maintenance-note")).to_have_value("Bled the radiators")
    expect(rows).to_have_count(2)

    press(rows.nth(0).get_by_role("button", name="Remove"))
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("New filter")
    stored = page.request.get(f"/api/items/{key}/maintenance").json()
    assert [entry["note"] for entry in stored["entries"]] == ["New filter and a belt that took an afternoon to fit"]
    page.context.close()


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_log_follows_entries_added_and_removed_elsewhere(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "mf" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} boiler"}, "itemKey")
    page.goto(f"/items/{key}")
    page.locator("#maintenance-note").fill("typed here, not sent")
    # Another client adds an entry: the log shows it, and what is typed stays.
    response = page.request.post(f"/api/items/{key}/maintenance", data={"date": "2026-02-01", "note": "Serviced elsewhere", "nextDue": "2027-02-01"})
    assert response.status == 201, response.text()
    rows = page.locator(".maintenance-row")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("Serviced elsewhere")
    expect(page.locator("#next-due")).to_have_text("Next due 1 Feb 2027")
    expect(page.locator("#maintenance-note")).to_have_value("typed here, not sent")
    # Its Remove button carries the new version, so it removes the entry.
    press(rows.nth(0).get_by_role("button", name="Remove"))
    expect(rows).to_have_count(0)
    assert page.request.get(f"/api/items/{key}/maintenance").json()["entries"] == []
    page.context.close()


def test_the_log_works_without_the_script(browser, server):
    context = browser.new_context(base_url=server.url, java_script_enabled=False, **DEVICES["desktop"])
    page = context.new_page()
    word = "mn" + uuid.uuid4().hex[:8]
    page.goto("/")
    response = page.request.post("/api/items", data={"name": f"{word} bike"})
    assert response.status == 201, response.text()
    key = response.json()["itemKey"]
    page.goto(f"/items/{key}")
    add_entry(page, "2026-05-01", "Chain oiled", "5")
    rows = page.locator(".maintenance-row")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("Chain oiled")
    rows.nth(0).get_by_role("button", name="Remove").click()
    expect(rows).to_have_count(0)
    expect(page.locator("#no-maintenance")).to_be_visible()
    context.close()


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_dashboard_leads_to_an_overdue_log(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "mo" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} gutters"}, "itemKey")
    # Due long ago: among the longest overdue, whatever else the inventory holds.
    response = page.request.post(f"/api/items/{key}/maintenance", data={"date": "1900-01-01", "note": "Cleared", "nextDue": "1900-01-02"})
    assert response.status == 201, response.text()
    page.goto("/")
    panel = page.locator("#dash-maintenance")
    first = panel.locator("li", has_text=word)
    expect(first).to_have_count(1)
    expect(first).to_contain_text("overdue by")
    fits(page)
    press(first.get_by_role("link", name=f"{word} gutters"))
    expect(page).to_have_url(f"{server.url}/items/{key}#maintenance")
    expect(page.locator("#next-due")).to_contain_text("overdue")
    page.context.close()
