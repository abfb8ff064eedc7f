"""Finding things on the inventory, in Chromium on a desktop and a 390 px phone: the list
narrows as a search is typed (any case, with or without accents), pages 100 items at a time
without a reload (Back returns to the first page), sorts, and says when nothing matches; nothing
scrolls sideways. The items of each run carry a word of their own, so other tests' items on the
shared server never match."""
import re
import uuid

from playwright.sync_api import Page, expect

from devices import press, sideways
from items import create


def test_search_as_you_type_then_page_sort_and_find_nothing(device_page: Page):
    page = device_page
    word = "zq" + uuid.uuid4().hex[:8]
    for index in range(1, 106):
        create(page, f"{word} box {index}", value=index)
    create(page, f"Éclair {word}", value=7)

    page.goto("/")
    rows = page.locator(".item-row")
    page.get_by_label("Search", exact=True).fill(word.upper())
    expect(page.locator("#count")).to_have_text(re.compile(r"^106 of [\d,]+ items match, worth \$5,572 of \$[\d,]+ in all$"))
    expect(page).to_have_url(re.compile(rf"/\?q={word.upper()}$"))
    expect(rows).to_have_count(100)
    expect(page.locator(".page-range")).to_have_text("Items 1–100 of 106")
    expect(page.locator("#total")).to_have_text("$5,572")

    press(page.get_by_role("link", name="Next page"))
    expect(page).to_have_url(re.compile(r"&page=2$"))
    expect(rows).to_have_count(6)
    expect(page.get_by_role("heading", level=1)).to_be_focused()
    page.go_back()
    expect(rows).to_have_count(100)

    page.get_by_label("Sort by").select_option("value-desc")
    expect(rows.first.locator(".item-name")).to_have_text(f"{word} box 105")
    expect(page).to_have_url(re.compile(r"sort=value-desc"))

    page.get_by_label("Search", exact=True).fill(f"ECLAIR {word}")
    expect(rows).to_have_count(1)
    expect(rows.first.locator(".item-name")).to_have_text(f"Éclair {word}")
    expect(page.locator(".pager")).to_have_count(0)

    page.get_by_label("Search", exact=True).fill(f"{word} piano")
    expect(page.locator("#no-match")).to_have_text("Nothing matches. Show every item")
    expect(rows).to_have_count(0)
    size = sideways(page)
    assert size["scrollWidth"] <= page.viewport_size["width"] and size["innerWidth"] <= page.viewport_size["width"], size

    # A reload shows what the URL says: the search is kept.
    page.reload()
    expect(page.get_by_label("Search", exact=True)).to_have_value(f"{word} piano")
    expect(page.locator("#no-match")).to_be_visible()
