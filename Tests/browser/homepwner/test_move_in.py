"""Moving an inventory to another machine in Chromium, on a desktop and a 390 px phone: *Export
everything* on the import page downloads one zip; on a second server with an empty inventory the
same page offers *Import everything*, which brings the items and photos in and says so; the page
after it passes axe and nothing scrolls sideways. Each run's item carries a word of its own."""
import re
import uuid
import zipfile

from playwright.sync_api import Page, expect

from accessibility import audit
from devices import DEVICES, press, sideways
from helpers import put_photo
from images import creature
from items import create


def test_export_everything_then_import_on_an_empty_server(device_page: Page, browser, app, tmp_path):
    page = device_page
    word = "zq" + uuid.uuid4().hex[:8]
    key = create(page, f"{word} kettle", value=30)
    put_photo(page, f"/api/items/{key}/photo", creature(body=(90, 50, 30), sky=(200, 220, 240)))

    page.goto("/import")
    with page.expect_download() as download:
        press(page.get_by_role("link", name="Export everything (.zip)"))
    assert download.value.suggested_filename.startswith("homepwner-") and download.value.suggested_filename.endswith(".zip")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    with zipfile.ZipFile(saved) as zip:
        names = zip.namelist()
    assert "items.archive" in names and key in names

    # This server has items, so it explains why there is no form instead of offering one.
    expect(page.locator("#move-in-hint")).to_contain_text("is imported only into an inventory with no items")
    expect(page.get_by_role("button", name="Import everything")).to_have_count(0)

    with app.served("move-in") as empty:
        context = browser.new_context(base_url=empty.url, **DEVICES[page.device])
        fresh = context.new_page()
        fresh.device = page.device
        fresh.goto("/import")
        fresh.get_by_label("Zip file").set_input_files(str(saved))
        press(fresh.get_by_role("button", name="Import everything"))
        expect(fresh.get_by_role("heading", level=1)).to_have_text(f"Imported {saved.name}")
        # The suite's server holds other tests' items too: every one of them comes along.
        expect(fresh.locator("#import-summary")).to_have_text(
            re.compile(r"^Imported [\d,]+ items?, [1-9][\d,]* photos? and [\d,]+ attachments?; [\d,]+ locations? added to the list\.$"))
        size = sideways(fresh)
        assert size["scrollWidth"] <= fresh.viewport_size["width"] and size["innerWidth"] <= fresh.viewport_size["width"], size
        audit(fresh, app, f"import-everything-{page.device}")

        moved = fresh.request.get(f"/api/items?q={word}").json()
        assert [i["itemKey"] for i in moved["items"]] == [key]
        photo = fresh.request.get(f"/api/items/{key}/photo")
        assert photo.ok and photo.body() == page.request.get(f"/api/items/{key}/photo").body()
        press(fresh.get_by_role("link", name="See the inventory"))
        expect(fresh.locator(".item-name").filter(has_text=f"{word} kettle")).to_be_visible()
        context.close()
