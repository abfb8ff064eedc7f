"""The small-screen checks both apps' browser suites run on their own pages: no page scrolls
sideways from 320 px up (with a list of 50 long names), and the Undo toast after a delete is on
the screen, takes the focus and waits while it has it. Each suite describes its pages in a
`ListPages` and makes its servers with `fixtures`."""
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from app import SCREENSHOTS
from devices import DEVICES, in_viewport, phone, press, sideways
from helpers import wait_for_api

SCREENS = {"phone-320": phone(320, 640), "phone-390": phone(390), "desktop": DEVICES["desktop"]}


@dataclass(frozen=True)
class ListPages:
    """What the checks need to know of an app's pages; `{}` stands for a row's key."""
    row: str  # the class of a list row: "creature-row"
    key: str  # the row's data attribute holding its key: "id"
    element: str  # a row's element id: "creature-{}"
    page: str  # the page of one row's resource: "/creatures/{}"
    api: str  # its API path: "/api/creatures/{}"
    heading: str  # the list's heading
    not_found: str  # a page of a resource that does not exist
    screenshot: str  # the screenshots' file name, with {} for what they show


def fixtures(seed):
    """The `crowded` and `guarded` fixtures of a suite's module: a server of the app's own whose
    list `seed(page, number)` fills with rows 1 to 50 through the API (the fixture gives its URL
    and the first row's key), and a server that asks for an access token (so it shows its sign-in
    page)."""
    @pytest.fixture(scope="module")
    def crowded(app, browser):
        with app.served("crowded") as server:
            context = browser.new_context(base_url=server.url)
            page = context.new_page()
            keys = [str(seed(page, number)) for number in range(1, 51)]
            context.close()
            yield {"url": server.url, "first": keys[0]}

    @pytest.fixture(scope="module")
    def guarded(app):
        with app.served("guarded", token="a-long-access-token-for-the-browser-tests") as server:
            yield server

    return crowded, guarded


def assert_fits(page: Page, width: int, name: str):
    laid_out = sideways(page)
    assert laid_out["scrollWidth"] <= width and laid_out["innerWidth"] == width, f"{name} at {width} px: {laid_out}"


def check_no_page_scrolls_sideways(browser, pages: ListPages, url: str, first: str, sign_in_url: str, screen: str, more: dict):
    """Every page at `screen`: the list (every Delete button on the screen), `more` (name: path),
    a resource's page, the plain form's delete question, not found, and the sign-in page."""
    options = SCREENS[screen]
    width = options["viewport"]["width"]
    context = browser.new_context(base_url=url, **options, device_scale_factor=1)
    page = context.new_page()
    page.goto("/")
    assert_fits(page, width, "list")
    expect(page.locator(f".{pages.row}")).to_have_count(50)
    rights = page.locator(f".{pages.row} .delete").evaluate_all("(buttons) => buttons.map((b) => b.getBoundingClientRect().right)")
    assert max(rights) <= width, f"a Delete button is cut off: {max(rights)} > {width}"
    if screen == "phone-390":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#count").evaluate("(count) => count.scrollIntoView()")
        page.screenshot(path=str(SCREENSHOTS / pages.screenshot.format("long-names")))
    for name, path in {**more, "resource": pages.page.format(first), "not-found": pages.not_found}.items():
        page.goto(path)
        page.wait_for_load_state("load")
        assert_fits(page, width, name)
    # The plain form, as without scripts: the server asks before deleting.
    page.goto(pages.page.format(first))
    with page.expect_navigation():
        page.locator("#delete-form").evaluate("(form) => HTMLFormElement.prototype.submit.call(form)")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Delete “")
    assert_fits(page, width, "confirm-delete")
    context.close()

    context = browser.new_context(base_url=sign_in_url, **options)
    page = context.new_page()
    page.goto("/")
    expect(page).to_have_url(f"{sign_in_url}/sign-in")
    assert_fits(page, width, "sign-in")
    context.close()


def check_undo_waits_while_focused(browser, pages: ListPages, url: str, device_kind: str):
    """After Delete on a long list: Undo focused and on the screen, still there well past 10 s
    while focused, Undo restores the row (focus on its Delete), Escape deletes at once (focus on
    the next row's Delete), and once the focus has left, the toast goes and the delete is sent."""
    context = browser.new_context(base_url=url, **DEVICES[device_kind], device_scale_factor=1)
    page = context.new_page()
    page.device = device_kind
    page.goto("/")
    rows = page.locator(f".{pages.row}")
    expect(rows.nth(40)).to_be_attached()  # a long page (each run here deletes two of its 50)
    key = rows.nth(30).get_attribute(f"data-{pages.key}")
    other = rows.nth(31).get_attribute(f"data-{pages.key}")
    row = page.locator(f"#{pages.element.format(key)}")
    after = page.locator(f"#{pages.element.format(other)}")
    press(row.get_by_role("button", name="Delete"))
    expect(row).to_be_hidden()
    toast = page.locator(".toast")
    undo = toast.get_by_role("button", name="Undo")
    expect(undo).to_be_focused()
    assert in_viewport(page, toast), f"the toast is off the screen: {toast.bounding_box()} in {page.viewport_size}"
    if device_kind == "phone":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / pages.screenshot.format("undo-toast")))

    # Its time stands still while it has the focus: well past 10 s it is still there.
    page.wait_for_timeout(11_000)
    expect(undo).to_be_focused()
    assert page.request.get(pages.api.format(key)).ok
    page.keyboard.press("Enter")
    expect(toast).to_have_count(0)
    expect(row).to_be_visible()
    expect(row.get_by_role("button", name="Delete")).to_be_focused()
    assert page.request.get(pages.api.format(key)).ok

    # Escape lets the window close now; the focus goes to the next row's Delete.
    press(row.get_by_role("button", name="Delete"))
    expect(undo).to_be_focused()
    page.keyboard.press("Escape")
    expect(toast).to_have_count(0)
    expect(after.get_by_role("button", name="Delete")).to_be_focused()
    wait_for_api(page, pages.api.format(key), lambda r: r.status == 404)

    # Once the focus has left it, the toast goes on its own after its time, and the delete is sent.
    press(after.get_by_role("button", name="Delete"))
    expect(undo).to_be_focused()
    page.get_by_role("heading", name=pages.heading, level=1).focus()
    expect(toast).to_have_count(0, timeout=15_000)
    wait_for_api(page, pages.api.format(other), lambda r: r.status == 404)
    context.close()
