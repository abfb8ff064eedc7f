"""The insurance report printed to PDF by Chromium without a dialog, as an insurer gets it, read
back with poppler (pdftotext, pdftoppm): every page numbered "Page N of M" at its foot, a
location's name at the top of each page its table continues onto, make and model in their
column, the owner and policy block set once on the report heading the first page (on a desktop and
a 320 px phone), and margins on every side (the rendered pages' edges are blank). A printed
filtered inventory says which filter it shows. Each run's items carry a word of their own."""
import subprocess
import uuid

import pytest
from playwright.sync_api import expect

from devices import DESKTOP_AND_320, DEVICES, fits, screen_page
from helpers import added
from images import decode_png


def pdf_pages(pdf_path) -> list:
    """The text of each page of the PDF, laid out as printed."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf_path), "-"], check=True, capture_output=True, text=True).stdout
    return [page for page in text.split("\f") if page.strip()]


def test_the_printed_report_numbers_its_pages_and_repeats_the_location(browser, app, tmp_path):
    # A server of its own: seventy items would push other tests' rows off the list's first page.
    with app.served("report-pdf") as running:
        print_and_read_back(browser, running.url, tmp_path)


def set_owner(page):
    """Fills the report's owner and policy form and saves it; the block then heads the report."""
    page.get_by_text("Add the owner and policy").click()
    form = page.locator("#owner-form")
    form.get_by_label("Owner").fill("Ana Rivera")
    form.get_by_label("Insurer").fill("Acme Mutual")
    form.get_by_label("Policy number").fill("HO-3 4471")
    form.get_by_label("Address").fill("1 Elm St\nSpringfield")
    form.get_by_role("button", name="Save").click()
    block = page.locator("#report-owner")
    expect(block).to_contain_text("Ana Rivera")
    expect(block).to_contain_text("HO-3 4471")
    # The address keeps its two lines.
    address = block.locator("dd.detail-text")
    assert address.evaluate("cell => getComputedStyle(cell).whiteSpace") == "pre-line"
    expect(page.locator("#owner-form")).not_to_be_visible()


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_the_owner_and_policy_block_is_set_once_on_the_report(browser, app, screen):
    # A server of its own: the block would head every other test's report.
    with app.served("owner-" + screen.replace(" ", "-")) as running:
        page = screen_page(browser, running.url, screen)
        page.goto("/report")
        set_owner(page)
        fits(page)
        page.reload()
        expect(page.locator("#report-owner")).to_contain_text("Acme Mutual")
        expect(page.get_by_text("Change the owner and policy")).to_be_visible()
        page.emulate_media(media="print")
        expect(page.locator("#report-owner")).to_be_visible()
        expect(page.get_by_text("Change the owner and policy")).not_to_be_visible()
        page.context.close()


def print_and_read_back(browser, url, tmp_path):
    context = browser.new_context(base_url=url, **DEVICES["desktop"])
    page = context.new_page()
    word = "rp" + uuid.uuid4().hex[:8]
    place = f"{word} attic"
    page.goto("/")
    for index in range(70):
        added(page, "/api/items", {
            "name": f"{word} box {index:02d}", "valueInDollars": 10 + index, "location": place,
            "manufacturer": "Acme", "modelName": f"B-{index}",
        }, "itemKey")
    page.goto("/report")
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    set_owner(page)
    pdf = tmp_path / "report.pdf"
    page.pdf(path=str(pdf), format="A4")
    pages = pdf_pages(pdf)
    assert len(pages) >= 2
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in text, f"page {number} has no number"
    holding = [number for number, text in enumerate(pages) if "Acme B-" in text]
    assert len(holding) >= 2, "the location's items fit one page: the test needs more"
    for number in holding:
        # The first page has the title, the owner's block and the date above the location.
        first_lines = [line.strip() for line in pages[number].splitlines() if line.strip()][:3 if number > 0 else 8]
        assert any(line.startswith(place) for line in first_lines), (number, first_lines)
    assert any("Acme B-7" in text for text in pages)
    # The owner and policy block heads the first page; its form is not printed.
    for words in ("Ana Rivera", "Acme Mutual", "HO-3 4471", "Springfield"):
        assert words in pages[0], words
    assert not any("Change the owner and policy" in text for text in pages)

    # Rendered at 40 dpi, every page keeps a blank band of about 10 mm (16 pixels) on each side.
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(tmp_path / "page")], check=True)
    for image in sorted(tmp_path.glob("page-*.png")):
        width, height, rows = decode_png(image.read_bytes())
        band = 12
        edges = [rows[y][x] for y in range(height) for x in range(width) if x < band or y < band or x >= width - band or y >= height - band]
        assert all(min(pixel) >= 250 for pixel in edges), f"{image.name} prints to its edge"
    context.close()


def test_a_printed_filtered_list_says_which_filter(browser, server):
    context = browser.new_context(base_url=server.url, **DEVICES["desktop"])
    page = context.new_page()
    word = "pf" + uuid.uuid4().hex[:8]
    page.goto("/")
    added(page, "/api/items", {"name": f"{word} kettle", "valueInDollars": 20, "location": "House › Kitchen", "labels": ["daily"]}, "itemKey")
    page.goto(f"/?q={word}&location=House%20%E2%80%BA%20Kitchen&label=daily")
    page.emulate_media(media="print")
    expect(page.locator("#printed-filter")).to_have_text(f"Only the items matching “{word}”, at House › Kitchen or inside it, labelled “daily”.")
    page.goto("/")
    expect(page.locator("#printed-filter")).to_have_count(0)
    context.close()
