"""axe-core on every page, light and dark, wide and narrow (no serious or critical violations),
and the screenshots the README shows, written to docs/screenshots/ from a fixed set of
creatures so they only change when the pages do."""
import json
import os
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
RESULTS = []


@pytest.fixture(scope="module")
def showcase():
    """A server on its own folder holding the same creatures every run."""
    folder = Path(tempfile.mkdtemp(prefix="scary-showcase-"))
    running = Server(folder / "data")
    running.start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def seeded(showcase, browser):
    context = browser.new_context(base_url=showcase.url)
    page = context.new_page()
    creatures = [
        ("Lil Terror", 4.5, (120, 60, 170), (250, 200, 90)),
        ("Mister Fangs", 3, (40, 140, 90), (150, 200, 250)),
        ("The Thing Under the Bed", 5, (200, 60, 60), (240, 230, 200)),
        ("Shy Ghost", 2.5, (235, 235, 245), (60, 70, 120)),
        ("Grumbles", 1, (150, 100, 50), (200, 240, 200)),
    ]
    ids = []
    for title, rating, body, sky in creatures:
        creature_id = create(page, title, rating)
        response = page.request.put(f"/api/creatures/{creature_id}/photo", headers={"Content-Type": "image/png"}, data=images.creature(body=body, sky=sky))
        assert response.ok, response.text()
        ids.append(creature_id)
    context.close()
    return {"url": showcase.url, "ids": ids}


def audit(page: Page, name: str):
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    RESULTS.append({"page": name, "violations": [(v["id"], v["impact"]) for v in results.response["violations"]]})
    assert not bad, json.dumps([{"id": v["id"], "impact": v["impact"], "nodes": [n["html"] for n in v["nodes"][:3]]} for v in bad], indent=1)


def pages_to_check(seeded):
    first = seeded["ids"][0]
    return {
        "list": "/",
        "list-filtered": "/?q=ghost&sort=rating-desc",
        "list-no-match": "/?q=nothing-matches",
        "detail": f"/creatures/{first}",
        "not-found": "/creatures/999999",
    }


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_nothing_serious_on_any_page(browser, seeded, scheme, size):
    context = browser.new_context(base_url=seeded["url"], viewport=SIZES[size], color_scheme=scheme)
    page = context.new_page()
    for name, path in pages_to_check(seeded).items():
        page.goto(path)
        page.wait_for_load_state("load")
        audit(page, f"{name} {size} {scheme}")
    # The states scripts add: an upload error, the undo toast, the import summary.
    page.goto(f"/creatures/{seeded['ids'][0]}")
    page.set_input_files("#photo-file", files=[{"name": "x.heic", "mimeType": "image/heic", "buffer": b"\0\0\0\x18ftypheic"}])
    expect(page.locator("#photo-message")).to_have_text("That file is a HEIC photo; please use JPEG or PNG.")
    audit(page, f"detail-error {size} {scheme}")
    context.close()


def test_axe_on_the_plain_import_summary(browser, server):
    """The page the import form answers when scripts do not take it over (axe needs scripts, so
    the form is submitted past them)."""
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    page.goto("/")
    page.set_input_files("#import-files", files=[{"name": "notes.zip", "mimeType": "application/zip", "buffer": b"not a zip"}])
    expect(page.locator("#import-result")).to_contain_text("Imported 0, skipped 1.")
    # A copy of the file field without the script's listeners, as the page has without scripts.
    page.locator("#import-files").evaluate("(input) => input.replaceWith(input.cloneNode())")
    page.set_input_files("#import-files", files=[{"name": "notes.zip", "mimeType": "application/zip", "buffer": b"not a zip"}])
    with page.expect_navigation():
        page.locator("#import-form").evaluate("(form) => HTMLFormElement.prototype.submit.call(form)")
    expect(page.get_by_role("heading", name="Skipped")).to_be_visible()
    audit(page, "import summary")
    context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_screenshots(browser, seeded, scheme, size):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=seeded["url"], viewport=SIZES[size], color_scheme=scheme, device_scale_factor=1)
    page = context.new_page()
    page.goto("/")
    page.wait_for_function("() => [...document.querySelectorAll('img.thumb')].every((i) => i.complete && i.naturalWidth === 88)")
    page.screenshot(path=str(SCREENSHOTS / f"list-{size}-{scheme}.png"))
    page.goto(f"/creatures/{seeded['ids'][0]}")
    page.wait_for_function("() => document.querySelector('#photo').complete && document.querySelector('#photo').naturalWidth > 0")
    page.screenshot(path=str(SCREENSHOTS / f"detail-{size}-{scheme}.png"))
    context.close()


def test_write_the_axe_summary():
    """Leaves the axe results beside the screenshots (what the closing note lists)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    if os.environ.get("WRITE_AXE_SUMMARY", "1") == "1" and RESULTS:
        lines = [f"{r['page']}: {', '.join(f'{i} ({m})' for i, m in r['violations']) or 'no violations'}" for r in sorted(RESULTS, key=lambda r: r["page"])]
        (SCREENSHOTS / "axe-results.txt").write_text("\n".join(lines) + "\n")
