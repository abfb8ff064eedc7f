"""Labels that lead somewhere, in Chromium on a desktop and a 320 px touch phone: each label's QR
code, read by zbar from a screenshot of the labels page, is the absolute URL of its page on this
server, and opening it shows that item (or the inventory at that location); the code a label
prints opens the item from the search box and from the scan page; the scan page follows a QR
code seen by the camera to a page of this server and to nothing else. Each run's items carry a
word of their own."""
import urllib.parse
import uuid

import pytest
from playwright.sync_api import expect
from pyzbar import pyzbar

from devices import DESKTOP_AND_320, fits, press, screen_page
from helpers import added
from images import decode_png

# The labels' screens at the pixel density of today's phones and laptops (2 device pixels a CSS
# pixel): a 6rem code is then 192 pixels, about 4 a module, as a camera sees a screen or a print.
SHARP = {"device_scale_factor": 2}


def qr_text(locator) -> str:
    """What zbar reads from a screenshot of `locator` (one QR code), as 8-bit gray."""
    width, height, rows = decode_png(locator.screenshot())
    gray = bytes(int(0.299 * r + 0.587 * g + 0.114 * b) for row in rows for (r, g, b) in row)
    found = pyzbar.decode((gray, width, height), symbols=[pyzbar.ZBarSymbol.QRCODE])
    assert len(found) == 1, f"zbar found {len(found)} QR codes"
    return found[0].data.decode("utf-8")


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_each_label_is_a_qr_code_of_its_page(browser, server, screen):
    page = screen_page(browser, server.url, screen, **SHARP)
    word = "qr" + uuid.uuid4().hex[:8]
    place = f"House › {word} shed"
    page.goto("/")
    drill = added(page, "/api/items", {"name": f"{word} drill", "valueInDollars": 120, "location": place}, "itemKey")
    saw = added(page, "/api/items", {"name": f"{word} saw", "valueInDollars": 30, "location": place}, "itemKey")

    page.goto("/labels?location=" + urllib.parse.quote(place))
    cards = page.locator(".label-card")
    expect(cards).to_have_count(3)
    fits(page)
    location_card = page.locator(".label-location")
    expect(location_card.locator(".label-name")).to_have_text(place)
    assert qr_text(location_card.locator(".label-qr")) == f"{server.url}/location?name={urllib.parse.quote(place)}"
    for key, name in [(drill, f"{word} drill"), (saw, f"{word} saw")]:
        card = page.locator(".label-item", has_text=name)
        expect(card.locator(".label-code")).to_have_text(key[:8])
        assert qr_text(card.locator(".label-qr")) == f"{server.url}/items/{key}"

    # Printed (three cards across the paper, an inch a code), the codes read the same. Paper is
    # as wide as a desktop's window, not a phone's, so the print is checked on the desktop.
    if screen == "desktop":
        page.emulate_media(media="print")
        assert qr_text(page.locator(".label-item", has_text=f"{word} saw").locator(".label-qr")) == f"{server.url}/items/{saw}"
        page.emulate_media(media="screen")

    # The URL in the drill's code opens its page; the one in the location's, the location's page.
    page.goto(qr_text(page.locator(".label-item", has_text=f"{word} drill").locator(".label-qr")))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{word} drill")
    page.goto(f"{server.url}/location?name={urllib.parse.quote(place)}")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{word} shed")
    expect(page.locator(".location-items tbody tr")).to_have_count(2)

    # The printed code, typed in search in lower case, finds the saw alone.
    page.goto("/")
    page.locator("#q").fill(saw[:8].lower())
    expect(page.locator(".item-row")).to_have_count(1)
    expect(page.locator(f"#item-{saw}")).to_be_visible()
    page.context.close()


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_scan_page_opens_the_item_of_a_typed_code(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "qs" + uuid.uuid4().hex[:8]
    page.goto("/")
    lamp = added(page, "/api/items", {"name": f"{word} lamp", "valueInDollars": 15}, "itemKey")

    press(page.get_by_role("link", name="Scan a label"))
    expect(page).to_have_url(f"{server.url}/scan")
    # Chromium on Linux has no BarcodeDetector: no camera button, only the field.
    expect(page.locator("#camera")).to_be_hidden()
    fits(page)
    page.get_by_label("Code on the label").fill("ZZZZ" + uuid.uuid4().hex[:4])
    press(page.get_by_role("button", name="Open"))
    expect(page.get_by_role("alert")).to_contain_text("No item has the code")
    page.get_by_label("Code on the label").fill(lamp[:8].lower())
    press(page.get_by_role("button", name="Open"))
    expect(page).to_have_url(f"{server.url}/items/{lamp}")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{word} lamp")
    page.context.close()


# Where the browser offers BarcodeDetector (Chrome on Android, Safari), the camera is offered.
# Chromium on Linux has neither a detector nor a camera here, so both are stood in for: a detector
# that reports `value` once, and a camera that is a canvas's stream.
FAKE_CAMERA = """
window.BarcodeDetector = class {
  static async getSupportedFormats() { return ['qr_code']; }
  constructor(options) { this.formats = options.formats; }
  async detect(source) { return [{ rawValue: window.__scanned, format: 'qr_code' }]; }
};
navigator.mediaDevices.getUserMedia = async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 64;
  canvas.getContext('2d').fillRect(0, 0, 64, 64);
  return canvas.captureStream(5);
};
"""


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_camera_follows_a_label_of_this_server_and_nothing_else(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    page.add_init_script(FAKE_CAMERA)
    word = "qc" + uuid.uuid4().hex[:8]
    page.goto("/")
    vase = added(page, "/api/items", {"name": f"{word} vase", "valueInDollars": 60}, "itemKey")

    page.goto("/scan")
    page.evaluate("window.__scanned = 'https://elsewhere.example/wiki/Main'")
    press(page.get_by_role("button", name="Scan with the camera"))
    expect(page.locator("#camera-status")).to_have_text(
        "That QR code is not one of this inventory's labels: https://elsewhere.example/wiki/Main"
    )
    expect(page).to_have_url(f"{server.url}/scan")

    # A label printed for the public address (--public-url), scanned on this one, opens here.
    page.evaluate(f"window.__scanned = 'https://inventory.example/home/items/{vase}'")
    expect(page).to_have_url(f"{server.url}/items/{vase}")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{word} vase")
    page.context.close()
