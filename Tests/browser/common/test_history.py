"""History names who changed an item (a creature), the same in both apps, on a desktop and a
390 px phone: the owner adds one and invites an editor, who changes it on its page; its page
then says who added it and who changed it last, and lists both changes newest first with who and
what; the API's history says the same. The section passes axe-core, light and dark, and fits
the screen, and is pictured in docs/screenshots/{,homepwner-}history-{desktop,phone}.png."""
import re

import pytest
from playwright.sync_api import expect

from accessibility import audit
from app import SCREENSHOTS
from devices import fits, press
from people import choose_password, invite, new_page, owned, signed_in_owner

# Per app: where documents are made, their key field, their page, the field the editor changes
# (its label, the value typed, the field it leaves next), and how the change reads.
DOCUMENTS = {
    "homepwner": dict(api="/api/items", body={"valueInDollars": 120}, name="name", key="itemKey", page="/items/",
                      label="Value of one, in dollars", typed="150", leave="Name", fields=["valueInDollars"], words="changed the value"),
    "scary": dict(api="/api/creatures", body={"rating": 2}, name="title", key="id", page="/creatures/",
                            label="Title", typed="Grey ghost", leave=None, fields=["title"], words="changed the title"),
}


@pytest.fixture(scope="module")
def owned_server(app):
    """A server on a folder of its own whose first owner the CLI added; the owner's invitation path."""
    with owned(app, "history") as served:
        yield served


def test_history_names_who_changed_an_item(browser, app, owned_server, device_kind):
    server, _ = owned_server
    document = DOCUMENTS[app.short]
    owner = signed_in_owner(browser, owned_server, device_kind)
    made = owner.request.post(document["api"], data={document["name"]: f"Mantel {device_kind}", **document["body"]})
    assert made.status == 201, made.text()
    key = str(made.json()[document["key"]])
    assert (made.json()["createdBy"], made.json()["updatedBy"]) == ("boss", "boss")
    owner.goto("/people")
    editor_name = f"hist-{device_kind}"
    editor_link = invite(owner, editor_name, "editor")

    # The editor changes it on its page; the page saves it as they type.
    editor = new_page(browser, server, device_kind)
    choose_password(editor, editor_link)
    expect(editor.locator("header.top .person")).to_contain_text(editor_name)
    editor.goto(document["page"] + key)
    field = editor.get_by_label(document["label"], exact=True)
    with editor.expect_response(lambda response: response.url.endswith(f"{document['api']}/{key}") and response.request.method == "PATCH") as saved:
        field.fill(document["typed"])
        if document["leave"]:
            press(editor.get_by_label(document["leave"], exact=True))
    assert saved.value.status == 200 and saved.value.json()["updatedBy"] == editor_name

    # The owner's page names both, the newest change first.
    owner.goto(document["page"] + key)
    history = owner.get_by_role("region", name="History")
    expect(history).to_be_visible()
    expect(history.locator("#history-people")).to_have_text(f"Added by boss. Last changed by {editor_name}.")
    rows = history.get_by_role("listitem")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(f"{editor_name} {document['words']}")
    expect(rows.nth(1)).to_contain_text("boss added it")
    stamp = rows.nth(0).locator("time").get_attribute("datetime")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", stamp), stamp
    history.scroll_into_view_if_needed()
    fits(owner)
    for scheme in ("light", "dark"):
        owner.emulate_media(color_scheme=scheme)
        audit(owner, app, f"history {device_kind} {scheme}")
    owner.emulate_media(color_scheme="light")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    history.screenshot(path=str(SCREENSHOTS / f"{app.screenshot_prefix}history-{device_kind}.png"))

    # The API's history says the same.
    answer = owner.request.get(f"{document['api']}/{key}/history").json()
    assert (answer["createdBy"], answer["updatedBy"]) == ("boss", editor_name)
    assert [(change.get("person"), change["action"], change["fields"]) for change in answer["changes"]] == [
        (editor_name, "changed", document["fields"]), ("boss", "created", []),
    ]
    for page in (owner, editor):
        page.context.close()
