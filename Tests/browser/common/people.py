"""Signing people in, the same in both apps: a browser page for a device, the invitation's
password form, the owner signed in, an invitation from the People page."""
import re
from contextlib import contextmanager

from playwright.sync_api import Page, expect

from devices import DEVICES, press

PASSWORD = "purple lantern rides"


def new_page(browser, server, device_kind) -> Page:
    context = browser.new_context(base_url=server.url, **DEVICES[device_kind], device_scale_factor=1)
    page = context.new_page()
    page.device = device_kind
    return page


def choose_password(page: Page, link: str) -> None:
    page.goto(link)
    page.get_by_label("New password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD)
    press(page.get_by_role("button", name="Set password and sign in"))


def signed_in_owner(browser, owned_server, device_kind) -> Page:
    """A page signed in as the owner: through the invitation the first time, by name later."""
    server, link = owned_server
    page = new_page(browser, server, device_kind)
    page.goto(link)
    if page.get_by_role("heading", name="This link is not valid").count():
        page.goto("/sign-in")
        page.get_by_label("Name").fill("boss")
        page.get_by_label("Password").fill(PASSWORD)
        press(page.get_by_role("button", name="Sign in"))
    else:
        choose_password(page, link)
    expect(page.locator("header.top .person")).to_contain_text("boss")
    return page


def invite(page: Page, name: str, role: str) -> str:
    """Invites `name` as `role` from the People page; the link it shows once."""
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Role", exact=True).select_option(role)
    press(page.get_by_role("button", name="Invite"))
    expect(page.get_by_role("status").filter(has_text=f"{name} is added")).to_be_visible()
    link = page.get_by_role("textbox", name="Link").input_value()
    assert re.fullmatch(r"https?://[^/]+/welcome/[0-9a-f]{64}", link), link
    return link


@contextmanager
def owned(app, purpose: str):
    """A server of the app on a folder of its own whose first owner, boss, the CLI added; yields
    the server and the owner's invitation path."""
    with app.served(purpose) as server:
        printed = server.cli("users", "add", "boss", "--role", "owner")
        yield server, re.search(r"/welcome/[0-9a-f]{64}", printed).group(0)
