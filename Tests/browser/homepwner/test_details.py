"""An item's details and the list of locations in real Chromium, on a desktop and a 390×844 phone:
each detail saved as it is typed (dates from date inputs, labels comma-separated, a price cleared),
the location picked from the user's list, the add form's details, the locations page (add, rename
moving the items, remove), nothing scrolling sideways, and axe-core on the new page and the item
page with details."""
import re

from playwright.sync_api import Page, expect

from accessibility import audit
from devices import sideways
from helpers import added, read
from items import create, item


def test_each_detail_is_saved_as_it_is_typed_and_a_price_is_cleared(device_page: Page):
    page = device_page
    place = f"House › Garage › Shelf {page.device}"
    added(page, "/api/locations", {"name": place}, "locations")
    key = create(page, "Cordless drill", "DR-1", 150)
    page.goto(f"/items/{key}")
    # The location field offers the kept list.
    expect(page.locator(f'#location-choices option[value="{place}"]')).to_have_count(1)
    page.locator("#location").fill(place)
    expect(page.locator("#location-state")).to_have_text("Saved")
    page.locator("#labels").fill("tools, power ,tools")
    expect(page.locator("#labels-state")).to_have_text("Saved")
    page.locator("#quantity").fill("2")
    expect(page.locator("#quantity-state")).to_have_text("Saved")
    page.locator("#purchaseDate").fill("2024-03-15")
    expect(page.locator("#purchaseDate-state")).to_have_text("Saved")
    page.locator("#pricePaid").fill("$1,200")
    expect(page.locator("#pricePaid-state")).to_have_text("Saved")
    page.locator("#warrantyEnds").fill("2027-03-15")
    expect(page.locator("#warrantyEnds-state")).to_have_text("Saved")
    page.locator("#notes").fill("Spare bits\nin the case")
    expect(page.locator("#notes-state")).to_have_text("Saved")
    page.locator("#manufacturer").fill("Bosch")
    expect(page.locator("#manufacturer-state")).to_have_text("Saved")
    stored = item(page, key)
    assert (stored["location"], stored["labels"], stored["quantity"]) == (place, ["tools", "power"], 2)
    assert (stored["purchaseDate"], stored["pricePaid"], stored["warrantyEnds"]) == ("2024-03-15", 1200, "2027-03-15")
    assert (stored["notes"], stored["manufacturer"]) == ("Spare bits\nin the case", "Bosch")

    page.locator("#quantity").fill("zero")
    expect(page.locator("#quantity-state")).to_have_text("Not saved: a quantity must be a whole number from 1 to 1,000,000.")
    page.locator("#quantity").fill("")
    expect(page.locator("#quantity-state")).to_have_text("Saved")
    page.locator("#pricePaid").fill("")
    expect(page.locator("#pricePaid-state")).to_have_text("Saved")
    stored = item(page, key)
    assert "pricePaid" not in stored and "quantity" not in stored
    # After a reload every field shows what was saved.
    page.reload()
    expect(page.locator("#labels")).to_have_value("tools, power")
    expect(page.locator("#purchaseDate")).to_have_value("2024-03-15")
    expect(page.locator("#pricePaid")).to_have_value("")
    expect(page.locator("#notes")).to_have_value("Spare bits\nin the case")
    size = sideways(page)
    assert size["scrollWidth"] <= page.viewport_size["width"] and size["innerWidth"] <= page.viewport_size["width"], size


def test_the_add_form_takes_details(device_page: Page):
    page = device_page
    page.goto("/")
    page.get_by_label("Name").fill("Lawn mower")
    page.locator("summary", has_text="More details").click()
    page.locator("#new-location").fill("Shed")
    page.locator("#new-purchaseDate").fill("2023-05-01")
    page.locator("#new-modelName").fill("LM-20")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page).to_have_url(re.compile(r"/items/[0-9A-F-]{36}$"))
    key = page.url.rsplit("/", 1)[1]
    expect(page.locator("#location")).to_have_value("Shed")
    stored = item(page, key)
    assert (stored["location"], stored["purchaseDate"], stored["modelName"]) == ("Shed", "2023-05-01", "LM-20")


def test_the_locations_page_adds_renames_with_the_items_and_removes(device_page: Page, app):
    page = device_page
    boathouse, garage = f"Boathouse {page.device}", f"Garage {page.device}"
    key = create(page, "Kayak", value=700)
    page.request.patch(f"/api/items/{key}", data={"location": f"{boathouse} › Rack"})
    page.goto("/")
    page.get_by_role("link", name="Manage locations").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Locations")
    page.get_by_label("Location", exact=True).fill(boathouse)
    page.get_by_role("button", name="Add", exact=True).click()
    row = page.locator(".location-row", has_text=boathouse)
    expect(row.locator(".location-count")).to_have_text("1 item")
    audit(page, app, "locations-" + page.device)
    size = sideways(page)
    assert size["scrollWidth"] <= page.viewport_size["width"] and size["innerWidth"] <= page.viewport_size["width"], size
    row.get_by_label(f"New name for {boathouse}").fill(garage)
    row.get_by_role("button", name="Rename").click()
    expect(page.locator(".location-name", has_text=garage)).to_have_count(1)
    expect(page.locator(".location-name", has_text=boathouse)).to_have_count(0)
    assert item(page, key)["location"] == f"{garage} › Rack"
    page.get_by_role("button", name=f"Remove {garage}").click()
    expect(page.locator(".location-name", has_text=garage)).to_have_count(0)
    assert garage not in [entry["name"] for entry in read(page, "/api/locations")["locations"]]
    page.get_by_label("Location", exact=True).fill("A ›› B")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("A location cannot have an empty level")


def test_an_item_page_with_details_passes_axe(device_page: Page, app):
    page = device_page
    key = create(page, "Audited drill", value=10)
    page.request.patch(f"/api/items/{key}", data={"location": "Garage", "labels": ["tools"], "notes": "Two\nlines", "purchaseDate": "2024-03-15"})
    page.goto(f"/items/{key}")
    expect(page.locator("#notes")).to_have_value("Two\nlines")
    audit(page, app, "item-with-details-" + page.device)


def test_an_attachment_is_uploaded_downloaded_as_a_file_and_removed(device_page: Page):
    page = device_page
    key = create(page, f"Dishwasher {page.device}", value=500)
    pdf = b"%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"
    page.goto(f"/items/{key}")
    expect(page.locator("#no-attachments")).to_be_visible()
    page.set_input_files("#attachment-file", files=[{"name": "Receipt 2024.pdf", "mimeType": "application/pdf", "buffer": pdf}])
    page.get_by_role("button", name="Attach", exact=True).click()
    link = page.locator(".attachment-link")
    expect(link).to_have_text("Receipt_2024.pdf")
    response = page.request.get(link.get_attribute("href"))
    assert response.status == 200
    assert response.body() == pdf
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"] == 'attachment; filename="Receipt_2024.pdf"'
    assert response.headers["x-content-type-options"] == "nosniff"
    size = sideways(page)
    assert size["scrollWidth"] <= page.viewport_size["width"] and size["innerWidth"] <= page.viewport_size["width"], size
    # A file that is not a PDF, JPEG or PNG is refused in words, whatever its name says.
    page.set_input_files("#attachment-file", files=[{"name": "fake.pdf", "mimeType": "application/pdf", "buffer": b"<html></html>"}])
    page.get_by_role("button", name="Attach", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("An attachment must be a PDF, JPEG or PNG file")
    page.get_by_role("button", name="Remove Receipt_2024.pdf").click()
    expect(page.locator("#no-attachments")).to_be_visible()
    assert read(page, f"/api/items/{key}/attachments")["attachments"] == []


def test_attachments_added_and_removed_elsewhere_appear_on_an_open_item_page(device_page: Page):
    page = device_page
    key = create(page, f"Boiler {page.device}", value=900)
    page.goto(f"/items/{key}")
    expect(page.locator("#no-attachments")).to_be_visible()
    # A file chosen in the upload form, not yet sent, stays chosen while the list changes.
    page.set_input_files("#attachment-file", files=[{"name": "mine.pdf", "mimeType": "application/pdf", "buffer": b"%PDF-1.4\n%%EOF\n"}])
    added_elsewhere = page.request.post(
        f"/api/items/{key}/attachments?name=Service%20log.pdf", headers={"Content-Type": "application/pdf"},
        data=b"%PDF-1.4\n% service\n%%EOF\n")
    assert added_elsewhere.status == 201, added_elsewhere.text()
    stored = added_elsewhere.json()["name"]
    expect(page.locator(".attachment-link")).to_have_text(["Service_log.pdf"])
    expect(page.locator("#no-attachments")).to_have_count(0)
    assert page.eval_on_selector("#attachment-file", "input => input.files.length") == 1
    removed = page.request.delete(f"/api/items/{key}/attachments/{stored}")
    assert removed.status == 204, removed.text()
    expect(page.locator(".attachment-link")).to_have_count(0)
    expect(page.locator("#no-attachments")).to_be_visible()
    assert page.eval_on_selector("#attachment-file", "input => input.files[0].name") == "mine.pdf"
