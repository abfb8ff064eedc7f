"""Signing out from any page's header in token mode, the same in both apps (written once; run by
each suite against a server of its own that asks for an access token): sign in at /sign-in, see
the app, press Sign out in the header, land on /sign-in, and stay signed out; on a desktop and a
390 px phone, and without JavaScript (a plain form). The button fits the header from 320 px up
without making it taller, and the signed-in page passes axe-core, light and dark (its results go
into the audit's summary). Pictures of the signed-in header go to
docs/screenshots/{,homepwner-}signed-in-header-{desktop,phone}-{light,dark}.png."""
import pytest
from playwright.sync_api import Page, expect

from accessibility import audit
from app import SCREENSHOTS
from devices import DEVICES, in_viewport, press, sideways
from screens import SCREENS

TOKEN = "a-long-access-token-for-the-sign-out-tests"


@pytest.fixture(scope="module")
def token_server(app):
    """A server of the app that asks for `TOKEN`, on a temporary folder of its own."""
    with app.served("sign-out", token=TOKEN) as server:
        yield server


def signed_in(page: Page, url: str, app) -> None:
    """Goes to the app's start page, is sent to the sign-in form, signs in with `TOKEN` and sees
    the app's start page."""
    page.goto("/")
    expect(page).to_have_url(f"{url}/sign-in")
    page.get_by_label("Access token").fill(TOKEN)
    press(page.get_by_role("button", name="Sign in"))
    expect(page).to_have_url(f"{url}/")
    expect(page.locator("header.top .brand")).to_have_text(app.name)


def session_cookies(page: Page) -> list:
    """The names of the sign-in session cookies the browser holds."""
    return [cookie["name"] for cookie in page.context.cookies() if "_session_" in cookie["name"]]


def test_sign_out_in_the_header_ends_the_session_and_leads_to_the_sign_in_form(browser, app, token_server, device_kind):
    context = browser.new_context(base_url=token_server.url, **DEVICES[device_kind], device_scale_factor=1)
    page = context.new_page()
    page.device = device_kind
    signed_in(page, token_server.url, app)
    assert len(session_cookies(page)) == 1
    button = page.locator("header.top").get_by_role("button", name="Sign out")
    expect(button).to_be_visible()
    assert in_viewport(page, button), f"Sign out is off the screen: {button.bounding_box()} in {page.viewport_size}"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        audit(page, app, f"signed-in list {device_kind} {scheme}")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("header.top").screenshot(path=str(SCREENSHOTS / f"{app.screenshot_prefix}signed-in-header-{device_kind}-{scheme}.png"))

    press(button)
    expect(page).to_have_url(f"{token_server.url}/sign-in")
    expect(page.get_by_label("Access token")).to_be_visible()
    assert session_cookies(page) == []
    page.goto("/")
    expect(page).to_have_url(f"{token_server.url}/sign-in")
    context.close()


def test_without_javascript_sign_out_is_a_plain_form_that_ends_the_session(browser, app, token_server):
    context = browser.new_context(base_url=token_server.url, java_script_enabled=False)
    page = context.new_page()
    signed_in(page, token_server.url, app)
    page.locator("header.top").get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(f"{token_server.url}/sign-in")
    assert session_cookies(page) == []
    page.goto("/")
    expect(page).to_have_url(f"{token_server.url}/sign-in")
    context.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_sign_out_fits_the_header_without_making_it_taller(browser, app, token_server, screen):
    """At 320 px, 390 px and on a desktop: nothing scrolls sideways, the button is inside the
    header, and the header is as tall as the one a script sees (a bearer token, no session, no
    button)."""
    options = SCREENS[screen]
    width = options["viewport"]["width"]
    script = browser.new_context(base_url=token_server.url, **options, device_scale_factor=1, extra_http_headers={"Authorization": f"Bearer {TOKEN}"})
    page = script.new_page()
    page.goto("/")
    expect(page.locator("header.top form")).to_have_count(0)
    plain_height = page.locator("header.top").bounding_box()["height"]
    script.close()

    context = browser.new_context(base_url=token_server.url, **options, device_scale_factor=1)
    page = context.new_page()
    page.device = "phone" if options.get("has_touch") else "desktop"
    signed_in(page, token_server.url, app)
    laid_out = sideways(page)
    assert laid_out["scrollWidth"] <= width and laid_out["innerWidth"] == width, f"signed in at {width} px: {laid_out}"
    header = page.locator("header.top").bounding_box()
    button = page.locator("header.top").get_by_role("button", name="Sign out").bounding_box()
    assert header["height"] == plain_height, f"the header grew from {plain_height} to {header['height']} px"
    assert header["x"] <= button["x"] and button["x"] + button["width"] <= header["x"] + header["width"], f"{button} outside {header}"
    assert header["y"] <= button["y"] and button["y"] + button["height"] <= header["y"] + header["height"], f"{button} outside {header}"
    context.close()
