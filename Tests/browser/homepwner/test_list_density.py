"""The list a person reads, in Chromium: on a 320 px touch phone a row with a long name and a long
serial number is at most 200 px tall and no word is broken in the middle; on a desktop at
1280×800 at least ten rows are on the screen at once, each with its photo, location, labels and
quantity; sorted by location, the location shows. Each run's items carry a word of their own."""
import uuid

import pytest
from playwright.sync_api import expect

from devices import DEVICES, fits, phone
from helpers import added

LONG_NAME = "Samsung sixty-five inch QLED smart television with wall bracket and soundbar"
LONG_SERIAL = "QN65Q80CAFXZA-0123456789-REV-B-2024"

# Whether any word of `element`'s text is laid out on two lines (broken in the middle): each
# word's range has one box per line it is on.
BROKEN_WORDS = """(element) => {
  const broken = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    // Words as a reader sees them: a line may end after a hyphen, as typesetting does.
    for (const match of text.matchAll(/[^\\s\\-\u2010]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


def add_items(page, word, count):
    keys = []
    for index in range(count):
        keys.append(added(page, "/api/items", {
            "name": f"{word} {LONG_NAME} {index}", "serialNumber": f"{LONG_SERIAL}-{index}", "valueInDollars": 100 + index,
            "location": f"House › Room {index % 3}", "labels": ["electronics", "living room"], "quantity": 1 + index % 2,
        }, "itemKey"))
    return keys


@pytest.mark.parametrize("width", [320, 390])
def test_a_phone_row_is_short_and_breaks_no_word(browser, server, width):
    context = browser.new_context(base_url=server.url, **phone(width, 740))
    page = context.new_page()
    word = "ld" + uuid.uuid4().hex[:8]
    page.goto("/")
    add_items(page, word, 3)
    page.goto(f"/?q={word}")
    rows = page.locator(".item-row")
    expect(rows).to_have_count(3)
    for index in range(3):
        row = rows.nth(index)
        box = row.bounding_box()
        assert box["height"] <= 200, f"row {index} is {box['height']} px tall"
        assert row.locator(".item-name").evaluate(BROKEN_WORDS) == []
        assert row.locator(".serial").evaluate(BROKEN_WORDS) == []
        expect(row.locator(".where")).to_be_visible()
    fits(page)
    context.close()


def test_ten_rows_fit_a_laptop_screen_with_what_they_hold(browser, server):
    context = browser.new_context(base_url=server.url, **DEVICES["desktop"])
    page = context.new_page()
    word = "ld" + uuid.uuid4().hex[:8]
    page.goto("/")
    add_items(page, word, 14)
    page.goto(f"/?q={word}")
    expect(page.locator(".item-row")).to_have_count(14)
    page.locator("#items thead").evaluate("(head) => head.scrollIntoView({ block: 'start' })")
    height = page.viewport_size["height"]
    shown = 0
    for row in page.locator(".item-row").all():
        box = row.bounding_box()
        if box["y"] >= 0 and box["y"] + box["height"] <= height:
            shown += 1
            for cell in [".col-photo", ".serial", ".where", ".labels", ".quantity"]:
                expect(row.locator(cell)).to_be_visible()
    assert shown >= 10, f"{shown} rows on the screen"
    first = page.locator(".item-row").first
    expect(first.locator(".labels")).to_have_text("electronics, living room")

    page.goto(f"/?q={word}&sort=location")
    expect(page.locator(".item-row").first.locator(".where")).to_have_text("House › Room 0")
    context.close()
