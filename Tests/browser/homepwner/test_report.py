"""The insurance report and the labels in Chromium on a desktop and a 390 px phone: the inventory
links to both; the report shows an item under its location with its serial number, purchase
date, price paid and value and the group's subtotal, without sideways scrolling; printed, each
table's header repeats, rows and labels do not split and a location's heading stays with its
table, black on white even when the screen is dark; the labels of a location show each item's
short code. Each run's items carry a word of their own."""
import uuid
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from devices import press, sideways
from helpers import added


def style(page: Page, selector: str, prop: str) -> str:
    """The computed `prop` of the first element matching `selector`."""
    return page.eval_on_selector(selector, f"e => getComputedStyle(e).getPropertyValue('{prop}')")


def test_report_and_labels_print(device_page: Page):
    page = device_page
    word = "zq" + uuid.uuid4().hex[:8]
    place = f"House › {word} shed"
    key = added(page, "/api/items", {
        "name": f"{word} drill", "serialNumber": "D-1", "valueInDollars": 120,
        "location": place, "purchaseDate": "2024-03-15", "pricePaid": 150,
    }, "itemKey")

    page.goto("/")
    press(page.get_by_role("link", name="Insurance report"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Inventory of possessions")
    group = page.locator(".report-group", has=page.get_by_role("heading", level=2, name=place, exact=True))
    expect(group).to_have_count(1)
    expect(group.locator(".report-row")).to_have_count(1)
    expect(group.locator(".report-row")).to_contain_text(f"{word} drill")
    expect(group.locator(".report-row")).to_contain_text("D-1")
    expect(group.locator(".report-row")).to_contain_text("15 Mar 2024")
    expect(group.locator(".report-row")).to_contain_text("$150")
    expect(group.locator(".subtotal-row")).to_have_text(f"Subtotal, {place} (1 item)$120")
    size = sideways(page)
    assert size["scrollWidth"] <= page.viewport_size["width"] and size["innerWidth"] <= page.viewport_size["width"], size

    page.emulate_media(color_scheme="dark")
    assert style(page, ".report-items", "background-color") == "rgb(30, 27, 34)"
    page.emulate_media(media="print", color_scheme="dark")
    assert style(page, ".report-items", "background-color") == "rgb(255, 255, 255)"
    assert style(page, "body", "color") == "rgb(0, 0, 0)"
    assert style(page, ".report-items thead", "display") == "table-header-group"
    assert style(page, ".report-row", "break-inside") == "avoid"
    assert style(page, ".report-location", "break-after") == "avoid"
    page.emulate_media(media="screen", color_scheme="light")

    press(page.get_by_role("link", name="Labels"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Labels")
    page.goto(f"/labels?location={place}")
    card = page.locator(".label-item", has_text=f"{word} drill")
    expect(card.locator(".label-code")).to_have_text(key[:8])
    # The address to type: the name this page was opened at, and the code.
    expect(card.locator(".label-link")).to_have_text(f"{urlsplit(page.url).netloc}/items/{key[:8]}")
    expect(page.locator(".label-location .label-name")).to_have_text([place])
    size = sideways(page)
    assert size["scrollWidth"] <= page.viewport_size["width"] and size["innerWidth"] <= page.viewport_size["width"], size
    page.emulate_media(media="print")
    assert style(page, ".label-card", "break-inside") == "avoid"
