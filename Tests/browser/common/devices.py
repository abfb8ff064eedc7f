"""The screens the flows that must work everywhere run on, for both apps' browser suites: a
desktop, and a 390×844 phone with touch and the phone's viewport rules (`is_mobile`: a page wider
than the screen is laid out wider and zoomed out, as on a real phone). plugin.py imports the
fixtures; a test taking `device_page` (or `device_kind`) runs once per screen."""
import pytest
from playwright.sync_api import Locator

DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


def phone(width: int, height: int = 844) -> dict:
    """The context options of a phone `width` CSS pixels wide."""
    return {**DEVICES["phone"], "viewport": {"width": width, "height": height}}


@pytest.fixture(params=list(DEVICES))
def device_kind(request) -> str:
    """The name of the screen a test runs on (not `device`: pytest-playwright's `--device`)."""
    return request.param


@pytest.fixture
def device_page(browser, server, device_kind):
    """A page on `device_kind`'s screen, against the suite's server."""
    context = browser.new_context(base_url=server.url, **DEVICES[device_kind])
    page = context.new_page()
    page.device = device_kind
    yield page
    context.close()


def press(locator: Locator) -> None:
    """Taps `locator` on a phone, clicks it on a desktop (the page knows which it is on)."""
    if getattr(locator.page, "device", None) == "phone":
        locator.tap()
    else:
        locator.click()


def in_viewport(page, locator: Locator) -> bool:
    """Whether all of `locator` is on the screen (inside the viewport the context was given)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(box) and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]


def sideways(page) -> dict:
    """How wide the page is laid out against the screen: no sideways scroll means `scrollWidth`
    and `innerWidth` both within the viewport's width (a phone widens `innerWidth` to fit a page
    that is too wide, so `scrollWidth <= innerWidth` alone would always hold there)."""
    return page.evaluate("() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })")


def fits(page) -> None:
    """Nothing on the page scrolls sideways on its screen (see `sideways`)."""
    size = sideways(page)
    width = page.viewport_size["width"]
    assert size["scrollWidth"] <= width and size["innerWidth"] <= width, size


# The screens a part of an issue is checked on: a desktop and the narrowest phone people use.
DESKTOP_AND_320 = {"desktop": DEVICES["desktop"], "phone-320": phone(320, 640)}


def screen_page(browser, url: str, screen: str, screens: dict = DESKTOP_AND_320, **options):
    """A new page on the screen named `screen` (a key of `screens`), against `url`, that knows
    whether it is on a phone (for `press`); close it with `page.context.close()`."""
    context = browser.new_context(base_url=url, **screens[screen], **options)
    page = context.new_page()
    page.device = "desktop" if screen == "desktop" else "phone"
    return page
