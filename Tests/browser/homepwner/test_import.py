"""Importing a CSV file in Chromium on a desktop, a 390 px phone and a 320 px phone: the inventory links to the
import page; a file exported, edited and chosen there is previewed at once, row by row (a change
with its column, an addition, a refusal naming its item, with the reason) with nothing changed; *Import* applies it and
says what was done; nothing scrolls sideways. Each run's items carry a word of their own."""
import re
import uuid

from playwright.sync_api import Page, expect

from devices import phone, press, sideways
from items import create, item


def test_export_edit_preview_then_import(device_page: Page, tmp_path):
    export_edit_preview_then_import(device_page, tmp_path)


def test_export_edit_preview_then_import_on_a_320_px_phone(browser, server, tmp_path):
    context = browser.new_context(base_url=server.url, **phone(320, 640))
    page = context.new_page()
    page.device = "phone"
    export_edit_preview_then_import(page, tmp_path)
    context.close()


def export_edit_preview_then_import(page: Page, tmp_path):
    word = "zq" + uuid.uuid4().hex[:8]
    key = create(page, f"{word} lamp", value=5)
    exported = page.request.get("/api/items.csv").text()
    row = next(line for line in exported.split("\r\n") if line.startswith(f"{word} lamp,"))
    edited_row = row.replace(f"{word} lamp,,5,", f"{word} lamp,,7,", 1)
    header = exported.split("\r\n", 1)[0]
    csv = tmp_path / "edited.csv"
    csv.write_text("\r\n".join([header, edited_row, f"{word} desk,,50", f"{word} saw,,lots", ""]), encoding="utf-8")

    page.goto("/")
    press(page.get_by_role("link", name="Import or export CSV"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Import and export")
    # The page's script listens for the choice once it has run (common.js marks the page `js`
    # as it does; a file chosen before then is previewed with the Preview button instead).
    expect(page.locator("html")).to_have_class(re.compile(r"\bjs\b"))
    page.get_by_label("CSV file").set_input_files(str(csv))  # choosing the file shows the preview
    expect(page).to_have_url(re.compile(r"/import/[0-9a-f]{32}$"))
    expect(page.locator("#import-summary")).to_have_text("1 to add, 1 to change, 0 unchanged, 1 refused. Nothing is changed until you import.")
    expect(page.locator(".import-change")).to_contain_text(f"{word} lamp: Value Each in Dollars")
    expect(page.locator(".import-add")).to_contain_text(f"{word} desk")
    expect(page.locator(".import-refused")).to_contain_text(f'{word} saw: a value must be a whole number of dollars from 0 to 1,000,000,000, not "lots"')
    assert item(page, key)["valueInDollars"] == 5
    size = sideways(page)
    assert size["scrollWidth"] <= page.viewport_size["width"] and size["innerWidth"] <= page.viewport_size["width"], size

    press(page.get_by_role("button", name="Import 2 rows"))
    expect(page.locator("#import-summary")).to_have_text("Imported: 1 added, 1 changed, 0 unchanged, 1 refused.")
    expect(page.get_by_role("button", name=re.compile("^Import"))).to_have_count(0)
    assert item(page, key)["valueInDollars"] == 7
    found = page.request.get(f"/api/items?q={word}").json()
    assert sorted(i["name"] for i in found["items"]) == [f"{word} desk", f"{word} lamp"]
