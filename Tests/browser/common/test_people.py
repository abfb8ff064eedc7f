"""People managing people, the same in both apps: an owner invites an editor and a viewer from
the People page (the link shown once), each sets a password and signs in; the editor sees the
controls, the viewer none (and the API refuses the viewer's change); "sign out everywhere" on the
Account page ends a session in another browser on its next request; a personal access token made
there works as a Bearer once and is revoked there. On a desktop and a 390 px phone; the Account
and People pages pass axe-core, light and dark, lay out within the screen, and are pictured in
docs/screenshots/{,homepwner-}{account,people}-{desktop,phone}.png."""
import re

import pytest
from playwright.sync_api import Page, expect

from accessibility import audit
from app import SCREENSHOTS
from devices import fits, in_viewport, press
from people import choose_password, invite, new_page, owned, signed_in_owner


@pytest.fixture(scope="module")
def owned_server(app):
    """A server on a folder of its own whose first owner the CLI added; the owner's invitation path."""
    with owned(app, "owned") as served:
        yield served


def test_an_owner_invites_an_editor_and_a_viewer_who_sees_no_controls(browser, app, owned_server, device_kind):
    server, _ = owned_server
    owner = signed_in_owner(browser, owned_server, device_kind)
    people = owner.locator("header.top").get_by_role("link", name="People")
    assert in_viewport(owner, people), f"People is off the screen: {people.bounding_box()}"
    press(people)
    expect(owner.get_by_role("heading", level=1)).to_have_text("People")
    editor_link = invite(owner, f"ed-{device_kind}", "editor")
    viewer_link = invite(owner, f"view-{device_kind}", "viewer")
    fits(owner)
    for scheme in ("light", "dark"):
        owner.emulate_media(color_scheme=scheme)
        audit(owner, app, f"people {device_kind} {scheme}")
    owner.emulate_media(color_scheme="light")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    owner.screenshot(path=str(SCREENSHOTS / f"{app.screenshot_prefix}people-{device_kind}.png"), full_page=True)
    # The link is shown once: a reload of the page no longer holds it.
    owner.reload()
    expect(owner.get_by_role("textbox", name="Link")).to_have_count(0)

    editor = new_page(browser, server, device_kind)
    choose_password(editor, editor_link)
    expect(editor.locator("header.top .person")).to_have_text(re.compile(rf"^ed-{device_kind}\s*\(editor\)$"))
    expect(editor.locator("#add-form")).to_be_visible()
    collection = "/api/items" if app.short == "homepwner" else "/api/creatures"
    made = editor.request.post(collection, data={"name": f"Lamp {device_kind}", "title": f"Ghost {device_kind}"})
    assert made.status == 201, made.text()

    viewer = new_page(browser, server, device_kind)
    choose_password(viewer, viewer_link)
    expect(viewer.locator("header.top .person")).to_have_text(re.compile(rf"^view-{device_kind}\s*\(viewer\)$"))
    expect(viewer.locator("header.top").get_by_role("link", name="People")).to_have_count(0)
    viewer.reload()
    expect(viewer.locator("#add-form")).to_have_count(0)
    expect(viewer.locator(".delete-form")).to_have_count(0)
    expect(viewer.locator('form[method="post"]')).to_have_count(1)  # Sign out
    detail = "/items/" if app.short == "homepwner" else "/creatures/"
    press(viewer.locator(f'a[href^="{detail}"]').first)
    expect(viewer).to_have_url(re.compile(re.escape(server.url + detail)))
    expect(viewer.locator('form[method="post"]')).to_have_count(1)
    expect(viewer.locator("input:not([type=hidden]), textarea, select")).to_have_count(0)
    fits(viewer)
    refused = viewer.request.post(collection, data={"name": "Lamp", "title": "Ghost"})
    assert refused.status == 403 and refused.json()["error"]["code"] == "forbidden", refused.text()
    # The People page is the owners'.
    viewer.goto("/people")
    expect(viewer.get_by_role("heading", level=1)).to_have_text("Only owners manage people")
    for page in (owner, editor, viewer):
        page.context.close()


def test_sign_out_everywhere_ends_another_browsers_session_and_a_token_works_until_revoked(browser, app, owned_server, device_kind):
    server, _ = owned_server
    here = signed_in_owner(browser, owned_server, device_kind)
    there = signed_in_owner(browser, owned_server, device_kind)
    press(here.locator("header.top .person"))
    expect(here.get_by_role("heading", level=1)).to_have_text("Your account")
    expect(here.get_by_text("This browser")).to_be_visible()
    expect(here.get_by_text("Another browser").first).to_be_visible()

    # A token: shown once, a Bearer for the API, revoked from the same page.
    here.get_by_label("What will use it").fill(f"backup {device_kind}")
    press(here.get_by_role("button", name="Make a token"))
    secret = here.get_by_label("Token", exact=True).input_value()
    assert re.fullmatch(r"pat_[0-9a-f]{64}", secret), secret
    collection = "/api/items" if app.short == "homepwner" else "/api/creatures"
    stranger = browser.new_context(base_url=server.url)
    assert stranger.request.get(collection, headers={"Authorization": f"Bearer {secret}"}).status == 200
    fits(here)
    for scheme in ("light", "dark"):
        here.emulate_media(color_scheme=scheme)
        audit(here, app, f"account {device_kind} {scheme}")
    here.emulate_media(color_scheme="light")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    here.screenshot(path=str(SCREENSHOTS / f"{app.screenshot_prefix}account-{device_kind}.png"), full_page=True)
    press(here.get_by_role("button", name=f"Revoke backup {device_kind}"))
    expect(here.get_by_role("status").filter(has_text="is revoked")).to_be_visible()
    assert stranger.request.get(collection, headers={"Authorization": f"Bearer {secret}"}).status == 401
    stranger.close()

    # Sign out everywhere: this browser lands on the sign-in form, the other on its next request.
    press(here.get_by_role("button", name="Sign out everywhere"))
    expect(here).to_have_url(f"{server.url}/sign-in")
    there.reload()
    expect(there).to_have_url(f"{server.url}/sign-in")
    expect(there.get_by_label("Password")).to_be_visible()
    here.context.close()
    there.context.close()
