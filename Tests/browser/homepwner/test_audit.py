"""axe-core on every Homepwner page, light and dark, desktop and phone (no violations at all),
and the screenshots the README shows, written to docs/screenshots/homepwner-*.png from a fixed
set of items."""
import json
import shutil
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

import images
from conftest import ROOT, Server
from helpers import create

SCREENSHOTS = ROOT / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")


@pytest.fixture(scope="module")
def showcase():
    """A server on its own folder holding the same items every run."""
    folder = Path(tempfile.mkdtemp(prefix="homepwner-showcase-"))
    running = Server(folder / "data")
    running.start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def seeded(showcase, browser):
    context = browser.new_context(base_url=showcase.url)
    page = context.new_page()
    items = [
        ("Mirrorless camera", "CAM-4471-X", 1_350, (60, 60, 70), (200, 220, 240)),
        ("Upright piano", "YP-88-20931", 4_000, (90, 50, 30), (240, 230, 210)),
        ("Mountain bike", "MB-2024-0917", 890, (200, 60, 60), (150, 200, 250)),
        ("Wedding ring", "", 2_400, (230, 190, 60), (250, 245, 235)),
        ("Record collection", "", 650, (30, 30, 30), (240, 160, 90)),
    ]
    keys = []
    for name, serial, value, body, sky in items:
        key = create(page, name, serial, value)
        if name != "Record collection":
            response = page.request.put(f"/api/items/{key}/photo", headers={"Content-Type": "image/png"}, data=images.creature(body=body, sky=sky))
            assert response.ok, response.text()
        keys.append(key)
    context.close()
    return {"url": showcase.url, "keys": keys}


def audit(page: Page, name: str):
    results = Axe().run(page)
    violations = results.response["violations"]
    assert not violations, name + ": " + json.dumps([{"id": v["id"], "impact": v["impact"], "nodes": [n["html"] for n in v["nodes"][:3]]} for v in violations], indent=1)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_on_any_page(browser, seeded, scheme, size):
    context = browser.new_context(base_url=seeded["url"], viewport=SIZES[size], color_scheme=scheme)
    page = context.new_page()
    first = seeded["keys"][0]
    for name, path in {"list": "/", "list-by-value": "/?sort=value-desc", "item": f"/items/{first}",
                       "item-without-photo": f"/items/{seeded['keys'][4]}", "not-found": "/items/00000000-0000-0000-0000-000000000000"}.items():
        page.goto(path)
        page.wait_for_load_state("load")
        audit(page, f"{name} {size} {scheme}")
    # States the scripts add: a refused value, an upload error.
    page.goto(f"/items/{first}")
    page.locator("#valueInDollars").fill("lots")
    expect(page.locator("#valueInDollars-state")).to_contain_text("Not saved")
    page.set_input_files("#photo-file", files=[{"name": "x.heic", "mimeType": "image/heic", "buffer": b"\0\0\0\x18ftypheic"}])
    expect(page.locator("#photo-message")).to_have_text("That file is a HEIC photo; please use JPEG or PNG.")
    audit(page, f"item-errors {size} {scheme}")
    # The printed inventory.
    page.goto("/")
    page.emulate_media(media="print")
    audit(page, f"print {size} {scheme}")
    context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_screenshots(browser, seeded, scheme, size):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=seeded["url"], viewport=SIZES[size], color_scheme=scheme, device_scale_factor=1)
    page = context.new_page()
    page.goto("/")
    page.wait_for_function("() => [...document.querySelectorAll('img.thumb')].every((i) => i.complete && i.naturalWidth > 0)")
    page.screenshot(path=str(SCREENSHOTS / f"homepwner-list-{size}-{scheme}.png"))
    page.goto(f"/items/{seeded['keys'][0]}")
    page.wait_for_function("() => document.querySelector('#photo').complete && document.querySelector('#photo').naturalWidth > 0")
    page.screenshot(path=str(SCREENSHOTS / f"homepwner-item-{size}-{scheme}.png"))
    context.close()


def test_print_screenshot(browser, seeded):
    """The inventory as it prints, for the README."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=seeded["url"], viewport=SIZES["desktop"], color_scheme="light", device_scale_factor=1)
    page = context.new_page()
    page.goto("/")
    page.emulate_media(media="print")
    page.wait_for_function("() => [...document.querySelectorAll('img.thumb')].every((i) => i.complete && i.naturalWidth > 0)")
    page.screenshot(path=str(SCREENSHOTS / "homepwner-print.png"), full_page=True)
    context.close()
