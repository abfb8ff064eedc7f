"""axe-core on every page of the app, light and dark, desktop and phone, and the screenshots the
guides show, written to docs/screenshots/ from the showcase's fixed rows so they only change when
the pages do. Written once for both apps: the app's conftest.py lists in its App's `audit` the
pages to check, the states the page's scripts add, the impacts it tolerates (Scary Creatures
minor and moderate, Homepwner none) and the screenshots to take. The results go to
docs/screenshots/{,homepwner-}axe-results.txt."""
import os

import pytest

from accessibility import audit, write_summary
from app import SCREENSHOTS

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_the_app_forbids_on_any_page(browser, app, showcase, scheme, size):
    context = browser.new_context(base_url=showcase["url"], viewport=SIZES[size], color_scheme=scheme)
    page = context.new_page()
    for name, path in app.audit.pages.items():
        page.goto(path.format(*showcase["keys"]))
        page.wait_for_load_state("load")
        audit(page, app, f"{name} {size} {scheme}")
    for name, state in app.audit.states.items():
        state(page, showcase["keys"])
        audit(page, app, f"{name} {size} {scheme}")
    context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_screenshots(browser, app, showcase, scheme, size):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=showcase["url"], viewport=SIZES[size], color_scheme=scheme, device_scale_factor=1)
    page = context.new_page()
    for name, (path, ready) in app.audit.screenshots.items():
        page.goto(path.format(*showcase["keys"]))
        page.wait_for_function(ready)
        page.screenshot(path=str(SCREENSHOTS / f"{app.screenshot_prefix}{name}-{size}-{scheme}.png"))
    context.close()


def test_write_the_axe_summary(app):
    """Leaves the axe results of this run (this module's and the app's own) beside the screenshots
    (what the closing note lists). Collected after the app's folder, and pytest runs it after the
    tests that take a browser."""
    if os.environ.get("WRITE_AXE_SUMMARY", "1") == "1":
        write_summary(SCREENSHOTS / f"{app.screenshot_prefix}axe-results.txt")
