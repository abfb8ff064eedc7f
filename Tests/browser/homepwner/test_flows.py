"""Every Homepwner flow in real Chromium against the real server: add an item, edit each field in
place, add a photo by picker and by drop, reload and restart, delete and undo, sort, another
tab's change followed live without losing typing, a conflict settled, and the printed inventory
(with its screenshot for the guide)."""
import re

from playwright.sync_api import Page, expect

import images
from app import SCREENSHOTS
from helpers import drop_file, thumbs_shown, wait_for_api
from items import create, item


def test_add_then_edit_each_field_in_place(page: Page):
    page.goto("/")
    page.get_by_label("Name").fill("Camera")
    page.get_by_label("Serial number").fill("CAM-001")
    page.get_by_label("Value in dollars").fill("$1,200")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page).to_have_url(re.compile(r"/items/[0-9A-F-]{36}$"))
    key = page.url.rsplit("/", 1)[1]
    expect(page.locator("#name")).to_have_value("Camera")
    expect(page.locator("#serialNumber")).to_have_value("CAM-001")
    expect(page.locator("#valueInDollars")).to_have_value("1200")

    page.locator("#name").fill("Camera, mirrorless")
    expect(page.locator("#name-state")).to_have_text("Saved")
    page.locator("#serialNumber").fill("CAM-002")
    expect(page.locator("#serialNumber-state")).to_have_text("Saved")
    page.locator("#valueInDollars").fill("1,350")
    expect(page.locator("#valueInDollars-state")).to_have_text("Saved")
    expect(page.get_by_role("heading", level=1)).to_have_text("Camera, mirrorless")
    saved = item(page, key)
    assert (saved["name"], saved["serialNumber"], saved["valueInDollars"]) == ("Camera, mirrorless", "CAM-002", 1350)

    page.locator("#valueInDollars").fill("12.50")
    expect(page.locator("#valueInDollars-state")).to_have_text("Not saved: a value must be a whole number of dollars from 0 to 1,000,000,000.")
    page.locator("#name").fill("   ")
    expect(page.locator("#name-state")).to_contain_text("Not saved: A name cannot be empty")
    assert item(page, key)["valueInDollars"] == 1350

    page.goto("/")
    row = page.locator(f"#item-{key}")
    expect(row.locator(".item-name .clamp")).to_have_text("Camera, mirrorless")
    expect(row.locator(".serial")).to_have_text("CAM-002")
    expect(row.locator(".value")).to_have_text("$1,350")


def test_photo_by_picker_and_by_drop_shows_in_the_table_and_is_removed(page: Page):
    picked = create(page, "Picked lamp", value=80)
    dropped = create(page, "Dropped vase", value=40)

    page.goto(f"/items/{picked}")
    page.set_input_files("#photo-file", files=[{"name": "lamp.png", "mimeType": "image/png", "buffer": images.creature()}])
    expect(page.locator("#photo-message")).to_have_text("Photo saved.")
    expect(page.locator("#remove-photo-form")).to_be_visible()

    page.goto(f"/items/{dropped}")
    drop_file(page, "#photo-drop", "vase.png", "image/png", images.creature(body=(40, 140, 90)))
    expect(page.locator("#photo-message")).to_have_text("Photo saved.")

    page.set_input_files("#photo-file", files=[{"name": "IMG_0001.HEIC", "mimeType": "image/heic", "buffer": b"\0\0\0\x18ftypheic" + b"\0" * 64}])
    expect(page.locator("#photo-message")).to_have_text("That file is a HEIC photo; please use JPEG or PNG.")

    page.goto("/")
    for key in (picked, dropped):
        page.wait_for_function(f"() => document.querySelector('#item-{key} img.thumb')?.naturalWidth > 0")

    page.goto(f"/items/{dropped}")
    page.get_by_role("button", name="Remove photo", exact=True).click()
    expect(page.locator("#photo-message")).to_have_text("Photo removed.")
    wait_for_api(page, f"/api/items/{dropped}", lambda r: r.json()["hasPhoto"] is False)


def test_reload_and_restart_keep_everything(page: Page, server):
    key = create(page, "Piano", "P-88", 4_000)
    page.request.put(f"/api/items/{key}/photo", headers={"Content-Type": "image/png"}, data=images.creature())
    page.goto(f"/items/{key}")
    page.locator("#serialNumber").fill("P-89")
    expect(page.locator("#serialNumber-state")).to_have_text("Saved")
    page.reload()
    expect(page.locator("#serialNumber")).to_have_value("P-89")
    server.restart()
    page.goto(f"/items/{key}")
    expect(page.locator("#name")).to_have_value("Piano")
    expect(page.locator("#serialNumber")).to_have_value("P-89")
    expect(page.locator("#valueInDollars")).to_have_value("4000")
    page.wait_for_function("() => document.querySelector('#photo').complete && document.querySelector('#photo').naturalWidth > 0")


def test_delete_then_undo_restores_it_and_delete_for_good(page: Page):
    key = create(page, "Undoable chair", value=150)
    page.goto("/")
    row = page.locator(f"#item-{key}")
    total_before = page.locator("#total").inner_text()
    row.get_by_role("button", name="Delete Undoable chair").click()
    expect(row).to_be_hidden()
    toast = page.locator(".toast")
    expect(toast).to_contain_text("Deleted “Undoable chair”")
    toast.get_by_role("button", name="Undo").click()
    expect(row).to_be_visible()
    expect(page.locator("#total")).to_have_text(total_before)
    page.wait_for_timeout(11_000)  # past the 10-second undo window: nothing may be deleted
    assert item(page, key)["name"] == "Undoable chair"

    row.get_by_role("button", name="Delete Undoable chair").click()
    expect(row).to_be_hidden()
    # The toast holds the focus, so its time stands still; Escape closes the undo window now.
    expect(page.locator(".toast").get_by_role("button", name="Undo")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(".toast")).to_have_count(0)
    wait_for_api(page, f"/api/items/{key}", lambda r: r.status == 404)


def test_sort_by_name_value_and_date(page: Page):
    for name, value in (("zither", 5), ("Abacus", 700), ("mandolin", 90)):
        create(page, f"Sort {name}", value=value)
    page.goto("/")

    def names():
        return [n for n in page.locator(".item-name .clamp").all_inner_texts() if n.startswith("Sort ")]

    page.get_by_label("Sort by").select_option("name")
    expect(page).to_have_url(re.compile(r"\?sort=name$"))
    expect(page.locator(".item-name .clamp").filter(has_text="Sort ").first).to_have_text("Sort Abacus")
    assert names() == ["Sort Abacus", "Sort mandolin", "Sort zither"]
    page.get_by_label("Sort by").select_option("value-desc")
    expect(page.locator(".item-name .clamp").filter(has_text="Sort ").first).to_have_text("Sort Abacus")
    assert names() == ["Sort Abacus", "Sort mandolin", "Sort zither"]
    page.get_by_label("Sort by").select_option("value")
    expect(page.locator(".item-name .clamp").filter(has_text="Sort ").first).to_have_text("Sort zither")
    assert names() == ["Sort zither", "Sort mandolin", "Sort Abacus"]
    page.get_by_label("Sort by").select_option("date-desc")
    expect(page.locator(".item-name .clamp").filter(has_text="Sort ").first).to_have_text("Sort mandolin")
    assert names() == ["Sort mandolin", "Sort Abacus", "Sort zither"]
    page.reload()
    assert names() == ["Sort mandolin", "Sort Abacus", "Sort zither"]


def test_changes_elsewhere_are_followed_without_losing_typing(page: Page):
    key = create(page, "Live kettle", "K-1", 30)
    page.goto("/")
    page.get_by_label("Name").fill("Half-typed name")
    other = page.request.post("/api/items", data={"name": "Added elsewhere", "valueInDollars": 5})
    assert other.status == 201
    expect(page.locator(".item-name").filter(has_text="Added elsewhere")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("Half-typed name")

    page.goto(f"/items/{key}")
    page.locator("#serialNumber").press("End")
    page.locator("#serialNumber").press_sequentially("-draft")
    # Another client changes the value meanwhile: the page follows it and keeps the typing.
    version = item(page, key)["version"]
    changed = page.request.patch(f"/api/items/{key}", headers={"If-Match": f'"{version}"'}, data={"valueInDollars": 45})
    assert changed.ok, changed.text()
    expect(page.locator("#valueInDollars")).to_have_value("45")
    expect(page.locator("#serialNumber-state")).to_have_text("Saved")
    assert item(page, key)["serialNumber"] == "K-1-draft"


def test_an_edit_made_elsewhere_while_typing_is_a_conflict_the_person_settles(page: Page):
    key = create(page, "Conflicted rug", value=300)
    page.goto(f"/items/{key}")
    expect(page.locator("#name")).to_have_value("Conflicted rug")
    version = item(page, key)["version"]
    # The person types in the name; before it is saved, someone else renames the item.
    page.locator("#name").fill("Rug, renamed here")
    changed = page.request.patch(f"/api/items/{key}", headers={"If-Match": f'"{version}"'}, data={"name": "Rug, renamed elsewhere"})
    assert changed.ok
    expect(page.locator("#conflict")).to_be_visible()
    expect(page.locator("#name-state")).to_contain_text("changed elsewhere")
    page.get_by_role("button", name="Load theirs").click()
    expect(page.locator("#name")).to_have_value("Rug, renamed elsewhere")
    expect(page.locator("#conflict")).to_be_hidden()


def test_the_printed_inventory_has_photos_values_the_total_and_the_date_but_no_controls(page: Page):
    key = create(page, "Printed clock", "C-12", 220)
    page.request.put(f"/api/items/{key}/photo", headers={"Content-Type": "image/png"}, data=images.creature())
    page.goto("/")
    total = page.request.get("/api/items").json()["totalValueInDollars"]
    page.emulate_media(media="print")
    expect(page.locator(".printed-on")).to_be_visible()
    expect(page.locator(".printed-on")).to_contain_text("Printed on ")
    expect(page.locator("#total")).to_have_text(f"${total:,}")
    expect(page.locator(".total-row")).to_be_visible()
    expect(page.locator(f"#item-{key} img.thumb")).to_be_visible()
    expect(page.locator(f"#item-{key} .value")).to_have_text("$220")
    for hidden in ("header.top", "#find-form", "#add-form", f"#item-{key} .delete-form"):
        expect(page.locator(hidden)).to_be_hidden()
    assert page.locator("button:visible, input:visible, select:visible").count() == 0


def test_print_screenshot(browser, showcase):
    """The inventory and the insurance report as they print, for the guide (from the audit's showcase)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=showcase["url"], viewport={"width": 1280, "height": 800}, color_scheme="light", device_scale_factor=1)
    page = context.new_page()
    for path, name in (("/", "homepwner-print.png"), ("/report", "homepwner-report-print.png")):
        page.goto(path)
        page.emulate_media(media="print")
        page.wait_for_function(thumbs_shown())
        page.screenshot(path=str(SCREENSHOTS / name), full_page=True)
    context.close()


def test_without_javascript_the_plain_forms_add_edit_and_delete_after_asking(browser, server):
    context = browser.new_context(base_url=server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    page.get_by_label("Name").fill("Plain-form lamp")
    page.get_by_label("Value in dollars").fill("45")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page).to_have_url(re.compile(r"/items/[0-9A-F-]{36}$"))
    key = page.url.rsplit("/", 1)[1]
    page.locator("#name").fill("Plain-form lamp, brass")
    page.locator("#serialNumber").fill("L-9")
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(f"/items/{key}$"))
    expect(page.locator("#name")).to_have_value("Plain-form lamp, brass")
    expect(page.locator("#serialNumber")).to_have_value("L-9")
    page.get_by_role("button", name="Delete this item").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete “Plain-form lamp, brass”?")
    page.get_by_role("button", name="Delete for good").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator(f"#item-{key}")).to_have_count(0)
    context.close()
