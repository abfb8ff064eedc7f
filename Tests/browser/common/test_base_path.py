"""A server under a base path (`serve --base-path /inventory`, as a reverse proxy mounts it), the
same in both apps: every page, asset, script request, form, redirect and the live event stream
stay under /inventory/ — a person adds, edits and deletes through the pages (their scripts) and
sees a change made elsewhere arrive, and the browser never asks for anything outside the base
path. On a desktop and a 390 px phone."""
import re

import pytest
from playwright.sync_api import expect

from devices import DEVICES, fits, press
from helpers import change_arrives_on_the_list


@pytest.fixture(scope="module")
def mounted(app):
    with app.served("mounted", args=["--base-path", "/inventory"]) as server:
        yield server


def test_pages_scripts_forms_and_live_updates_stay_under_the_base_path(browser, app, mounted, device_kind):
    base = f"{mounted.url}/inventory"
    homepwner = app.short == "homepwner"
    collection, detail, field = ("/api/items", "/items/", "Name") if homepwner else ("/api/creatures", "/creatures/", "Title")
    context = browser.new_context(**DEVICES[device_kind])
    page = context.new_page()
    page.device = device_kind
    outside = []
    page.on("request", lambda request: None if request.url.startswith(base + "/") else outside.append(request.url))

    page.goto(f"{base}/")
    expect(page.locator("header.top .brand")).to_have_text(app.name)
    fits(page)
    name = f"Mounted {device_kind}"
    page.get_by_label("Name" if homepwner else "Title of the new creature", exact=True).first.fill(name)
    press(page.locator("#add-form").get_by_role("button", name="Add"))
    # A new one opens on its own page.
    expect(page).to_have_url(re.compile(re.escape(base + detail)))
    expect(page.get_by_role("heading", level=1)).to_have_text(name)

    # Saving as you type (the page's script, its API under the base path).
    title = page.get_by_label(field, exact=True)
    title.fill(name + " edited")
    expect(page.locator("#name-state" if homepwner else "#save-state")).to_have_text(re.compile("Saved"), timeout=10000)
    key = page.url.rsplit("/", 1)[-1]
    stored = page.request.get(f"{base}{collection}/{key}").json()
    assert stored.get("name", stored.get("title")) == name + " edited", stored

    # A change made elsewhere reaches the list through the event stream.
    change_arrives_on_the_list(page, base, collection, detail, f"Elsewhere {device_kind}")

    # Deleting from the document's page: Undo is offered, then the start page opens.
    page.goto(f"{base}{detail}{key}")
    press(page.locator("#delete-form").get_by_role("button"))
    # The undo toast holds the focus (its time stands still); Escape lets the delete go now.
    expect(page.locator(".toast").get_by_role("button", name="Undo")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page).to_have_url(f"{base}/", timeout=20000)
    assert page.request.get(f"{base}{collection}/{key}").status == 404
    assert outside == [], f"requests outside the base path: {outside}"
    context.close()


def test_without_javascript_forms_and_redirects_stay_under_the_base_path(browser, app, mounted):
    base = f"{mounted.url}/inventory"
    homepwner = app.short == "homepwner"
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    outside = []
    page.on("request", lambda request: None if request.url.startswith(base + "/") else outside.append(request.url))
    page.goto(f"{base}/")
    page.get_by_label("Name" if homepwner else "Title of the new creature", exact=True).first.fill("Plain mounted")
    page.locator("#add-form").get_by_role("button", name="Add").click()
    expect(page).to_have_url(re.compile(re.escape(base + "/")))
    expect(page.get_by_role("heading", level=1)).to_have_text("Plain mounted")
    assert outside == [], f"requests outside the base path: {outside}"
    # The root is not this server's: only /inventory/ is.
    assert page.request.get(f"{mounted.url}/").status == 404
    context.close()
