"""Every Homepwner page fits a phone from 320 px up (nothing scrolls sideways, with 50 long names
and serial numbers), and the Undo after a delete can be reached: the toast is on the screen,
takes the focus, and waits while it holds the focus. Screenshots of the phone inventory and the
phone toast go to docs/screenshots/homepwner-*.png."""
import shutil
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import BINARY, ROOT, Server
from devices import DEVICES, in_viewport, phone, press, sideways
from helpers import create, wait_for_api
from server import AppServer

SCREENSHOTS = ROOT / "docs" / "screenshots"
LONG = "Grandfather-Clock-With-Westminster-Chimes-And-Moon-Phase-Dial-Walnut"
SCREENS = {"phone-320": phone(320, 640), "phone-390": phone(390), "desktop": DEVICES["desktop"]}


@pytest.fixture(scope="module")
def crowded(browser):
    """A server of its own holding 50 items with long unbroken names and serial numbers."""
    folder = Path(tempfile.mkdtemp(prefix="homepwner-crowded-"))
    running = Server(folder / "data")
    running.start()
    context = browser.new_context(base_url=running.url)
    page = context.new_page()
    keys = [create(page, f"{LONG}-{number:02}", f"SN-{number:02}-" + "X9" * 24, 1_000_000_000 - number) for number in range(1, 51)]
    context.close()
    yield {"server": running, "keys": keys}
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    """A server that asks for an access token, so it shows its sign-in page."""
    folder = tmp_path_factory.mktemp("homepwner-guarded")
    (folder / "token").write_text("a-long-access-token-for-the-browser-tests\n")
    running = AppServer(BINARY, folder / "data", ["--token-file", str(folder / "token")])
    running.start()
    yield running
    running.stop()


def assert_fits(page: Page, width: int, name: str):
    laid_out = sideways(page)
    assert laid_out["scrollWidth"] <= width and laid_out["innerWidth"] == width, f"{name} at {width} px: {laid_out}"


@pytest.mark.parametrize("screen", SCREENS)
def test_no_page_scrolls_sideways(browser, crowded, guarded, screen):
    options = SCREENS[screen]
    width = options["viewport"]["width"]
    context = browser.new_context(base_url=crowded["server"].url, **options, device_scale_factor=1)
    page = context.new_page()
    first = crowded["keys"][0]
    pages = {
        "list": "/",
        "list-by-value": "/?sort=value-desc",
        "item": f"/items/{first}",
        "confirm-delete (the plain form's question)": None,
        "not-found": "/items/00000000-0000-0000-0000-000000000000",
    }
    for name, path in pages.items():
        if path is None:
            page.goto(f"/items/{first}")
            # The plain form, as without scripts: the server asks before deleting.
            with page.expect_navigation():
                page.locator("#delete-form").evaluate("(form) => HTMLFormElement.prototype.submit.call(form)")
            expect(page.get_by_role("heading", level=1)).to_contain_text("Delete “")
        else:
            page.goto(path)
            page.wait_for_load_state("load")
        assert_fits(page, width, name)
        if name == "list":
            expect(page.locator(".item-row")).to_have_count(50)
            rights = page.locator(".item-row .delete").evaluate_all("(buttons) => buttons.map((b) => b.getBoundingClientRect().right)")
            assert max(rights) <= width, f"a Delete button is cut off: {max(rights)} > {width}"
            if screen == "phone-390":
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.locator("#count").evaluate("(count) => count.scrollIntoView()")
                page.screenshot(path=str(SCREENSHOTS / "homepwner-list-phone-long-names.png"))
    context.close()

    context = browser.new_context(base_url=guarded.url, **options)
    page = context.new_page()
    page.goto("/")
    expect(page).to_have_url(f"{guarded.url}/sign-in")
    assert_fits(page, width, "sign-in")
    context.close()


def test_undo_is_focused_on_screen_and_waits_while_it_has_the_focus(browser, crowded, device_kind):
    context = browser.new_context(base_url=crowded["server"].url, **DEVICES[device_kind], device_scale_factor=1)
    page = context.new_page()
    page.device = device_kind
    page.goto("/")
    rows = page.locator(".item-row")
    expect(rows.nth(40)).to_be_attached()  # a long page (each run here deletes two of its 50)
    key = rows.nth(30).get_attribute("data-key")
    other = rows.nth(31).get_attribute("data-key")
    row = page.locator(f"#item-{key}")
    after = page.locator(f"#item-{other}")
    press(row.get_by_role("button", name="Delete"))
    expect(row).to_be_hidden()
    toast = page.locator(".toast")
    undo = toast.get_by_role("button", name="Undo")
    expect(undo).to_be_focused()
    assert in_viewport(page, toast), f"the toast is off the screen: {toast.bounding_box()} in {page.viewport_size}"
    if device_kind == "phone":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "homepwner-list-phone-undo-toast.png"))

    # Its time stands still while it has the focus: well past 10 s it is still there.
    page.wait_for_timeout(11_000)
    expect(undo).to_be_focused()
    assert page.request.get(f"/api/items/{key}").ok
    page.keyboard.press("Enter")
    expect(toast).to_have_count(0)
    expect(row).to_be_visible()
    expect(row.get_by_role("button", name="Delete")).to_be_focused()
    assert page.request.get(f"/api/items/{key}").ok

    # Escape lets the window close now; the focus goes to the next row's Delete.
    press(row.get_by_role("button", name="Delete"))
    expect(undo).to_be_focused()
    page.keyboard.press("Escape")
    expect(toast).to_have_count(0)
    expect(after.get_by_role("button", name="Delete")).to_be_focused()
    wait_for_api(page, f"/api/items/{key}", lambda r: r.status == 404)

    # Once the focus has left it, the toast goes on its own after its time, and the delete is sent.
    press(after.get_by_role("button", name="Delete"))
    expect(undo).to_be_focused()
    page.get_by_role("heading", name="Inventory", level=1).focus()
    expect(toast).to_have_count(0, timeout=15_000)
    wait_for_api(page, f"/api/items/{other}", lambda r: r.status == 404)
    context.close()
