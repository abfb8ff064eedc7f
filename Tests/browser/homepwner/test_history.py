"""History names who changed an item, on a desktop and a 390 px phone: the owner adds an item
and invites an editor, who changes its value on the item's page; the item's page then says who
added it and who changed it last, and lists both changes newest first with who and what; the
API's history says the same. The section passes axe-core, light and dark, and fits the screen."""
import re

import pytest
from playwright.sync_api import expect

from accessibility import audit
from devices import fits, press
from people import choose_password, invite, new_page, signed_in_owner


@pytest.fixture(scope="module")
def owned_server(app):
    """A server on a folder of its own whose first owner, boss, the CLI added; the owner's
    invitation path."""
    with app.served("history") as server:
        printed = server.cli("users", "add", "boss", "--role", "owner")
        yield server, re.search(r"/welcome/[0-9a-f]{64}", printed).group(0)


def test_history_names_who_changed_an_item(browser, app, owned_server, device_kind):
    server, _ = owned_server
    owner = signed_in_owner(browser, owned_server, device_kind)
    made = owner.request.post("/api/items", data={"name": f"Mantel clock {device_kind}", "valueInDollars": 120})
    assert made.status == 201, made.text()
    key = made.json()["itemKey"]
    assert (made.json()["createdBy"], made.json()["updatedBy"]) == ("boss", "boss")
    owner.goto("/people")
    editor_name = f"hist-{device_kind}"
    editor_link = invite(owner, editor_name, "editor")

    # The editor changes the value on the item's page; the page saves it as they type.
    editor = new_page(browser, server, device_kind)
    choose_password(editor, editor_link)
    expect(editor.locator("header.top .person")).to_contain_text(editor_name)
    editor.goto(f"/items/{key}")
    value = editor.get_by_label("Value of one, in dollars")
    with editor.expect_response(lambda response: response.url.endswith(f"/api/items/{key}") and response.request.method == "PATCH") as saved:
        value.fill("150")
        press(editor.get_by_label("Name", exact=True))
    assert saved.value.status == 200 and saved.value.json()["updatedBy"] == editor_name

    # The owner's page of the item names both, the newest change first.
    owner.goto(f"/items/{key}")
    history = owner.get_by_role("region", name="History")
    expect(history).to_be_visible()
    expect(history.locator("#history-people")).to_have_text(f"Added by boss. Last changed by {editor_name}.")
    rows = history.get_by_role("listitem")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(f"{editor_name} changed the value")
    expect(rows.nth(1)).to_contain_text("boss added it")
    stamp = rows.nth(0).locator("time")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", stamp.get_attribute("datetime")), stamp.get_attribute("datetime")
    history.scroll_into_view_if_needed()
    fits(owner)
    for scheme in ("light", "dark"):
        owner.emulate_media(color_scheme=scheme)
        audit(owner, app, f"history {device_kind} {scheme}")
    owner.emulate_media(color_scheme="light")

    # The API's history says the same.
    answer = owner.request.get(f"/api/items/{key}/history").json()
    assert (answer["createdBy"], answer["updatedBy"]) == ("boss", editor_name)
    assert [(change.get("person"), change["action"], change["fields"]) for change in answer["changes"]] == [
        (editor_name, "changed", ["valueInDollars"]), ("boss", "created", []),
    ]
    for page in (owner, editor):
        page.context.close()
