"""Signing in by person, the same in both apps (written once; run by each suite against a server
of its own whose people its CLI adds): a person opens the one-time link `users add` printed,
chooses a password (a common one is refused on the page), lands in the app with their name in
the header, signs out, and signs in again with the name-and-password form (a wrong password is
refused); a viewer's changes are refused; on a desktop and a 390 px phone, and without
JavaScript (plain forms). The invitation and sign-in pages pass axe-core, light and dark; their
pictures go to docs/screenshots/{,homepwner-}{invitation,sign-in}-{desktop,phone}.png."""
import re

import pytest
from playwright.sync_api import Page, expect

from accessibility import audit
from app import SCREENSHOTS
from devices import DEVICES, in_viewport, press, sideways

PASSWORD = "purple lantern rides"


@pytest.fixture(scope="module")
def people_server(app):
    """A server of the app on a temporary folder of its own, with an owner added by the CLI."""
    with app.served("people") as server:
        server.cli("users", "add", "owner", "--role", "owner")
        yield server


def invitation(server, name: str, role: str) -> str:
    """The path of the one-time link `users add` prints for a new person."""
    printed = server.cli("users", "add", name, "--role", role, "--url", server.url)
    assert printed.startswith(f"added {name} ({role})\n"), printed
    return re.search(r"/welcome/[0-9a-f]{64}", printed).group(0)


def set_password(page: Page, app, name: str, link: str) -> None:
    """Opens the invitation, is refused a common password, then sets `PASSWORD` and lands home."""
    page.goto(link)
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Welcome to {app.name}, {name}")
    page.get_by_label("New password").fill("password1234")
    page.get_by_label("The same password again").fill("password1234")
    press(page.get_by_role("button", name="Set password and sign in"))
    expect(page.get_by_role("alert")).to_contain_text("one of the most common ones")
    page.get_by_label("New password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD)
    press(page.get_by_role("button", name="Set password and sign in"))
    expect(page.locator("header.top .brand")).to_have_text(app.name)
    expect(page.locator("header.top .person")).to_have_text(re.compile(rf"^{re.escape(name)}\s*\(editor\)$"))


def test_an_invited_person_sets_a_password_signs_out_and_signs_in_again(browser, app, people_server, device_kind):
    name = f"ed-{device_kind}"
    link = invitation(people_server, name, "editor")
    context = browser.new_context(base_url=people_server.url, **DEVICES[device_kind], device_scale_factor=1)
    page = context.new_page()
    page.device = device_kind
    page.goto(link)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        audit(page, app, f"invitation {device_kind} {scheme}")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.emulate_media(color_scheme="light")
    page.screenshot(path=str(SCREENSHOTS / f"{app.screenshot_prefix}invitation-{device_kind}.png"))
    set_password(page, app, name, link)
    laid_out = sideways(page)
    assert laid_out["scrollWidth"] <= laid_out["innerWidth"], f"signed in: {laid_out}"
    button = page.locator("header.top").get_by_role("button", name="Sign out")
    assert in_viewport(page, button), f"Sign out is off the screen: {button.bounding_box()}"
    press(button)
    expect(page).to_have_url(f"{people_server.url}/sign-in")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        audit(page, app, f"sign-in by name {device_kind} {scheme}")
    page.emulate_media(color_scheme="light")
    page.screenshot(path=str(SCREENSHOTS / f"{app.screenshot_prefix}sign-in-{device_kind}.png"))
    page.goto("/")
    expect(page).to_have_url(f"{people_server.url}/sign-in")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill("not my password")
    press(page.get_by_role("button", name="Sign in"))
    expect(page.get_by_role("alert")).to_have_text("That name and password do not match.")
    page.get_by_label("Password").fill(PASSWORD)
    press(page.get_by_role("button", name="Sign in"))
    expect(page).to_have_url(f"{people_server.url}/")
    expect(page.locator("header.top .person")).to_contain_text(name)
    # The link worked once.
    page.goto(link)
    expect(page.get_by_role("heading", level=1)).to_have_text("This link is not valid")
    context.close()


def test_without_javascript_the_invitation_and_sign_in_are_plain_forms(browser, app, people_server):
    link = invitation(people_server, "ed-plain", "editor")
    context = browser.new_context(base_url=people_server.url, java_script_enabled=False)
    page = context.new_page()
    set_password(page, app, "ed-plain", link)
    page.locator("header.top").get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(f"{people_server.url}/sign-in")
    page.get_by_label("Name").fill("ed-plain")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{people_server.url}/")
    context.close()


def test_a_viewer_reads_but_every_change_is_refused(browser, app, people_server, device_kind):
    name = f"viewer-{device_kind}"
    link = invitation(people_server, name, "viewer")
    context = browser.new_context(base_url=people_server.url, **DEVICES[device_kind], device_scale_factor=1)
    page = context.new_page()
    page.goto(link)
    page.get_by_label("New password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD)
    press(page.get_by_role("button", name="Set password and sign in"))
    expect(page.locator("header.top .person")).to_have_text(re.compile(rf"^{re.escape(name)}\s*\(viewer\)$"))
    collection = "/api/items" if app.short == "homepwner" else "/api/creatures"
    assert page.request.get(collection).status == 200
    refused = page.request.post(collection, data={"name": "Lamp", "title": "Ghost"})
    assert refused.status == 403, refused.text()
    assert refused.json()["error"]["code"] == "forbidden"
    context.close()
