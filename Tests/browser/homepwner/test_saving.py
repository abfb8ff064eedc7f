"""Edits on an item's page are never lost or refused unseen, on a desktop and on a phone: an edit
followed at once by a reload or a link is kept and shown (a delete on the inventory too), a save
refused with 412 asks the person (Keep mine / Load theirs), and an empty name is refused in the
page before anything is sent. (The checks shared with Scary Creatures are edits.py's.)"""
import pytest
from playwright.sync_api import Page, expect

import edits
from devices import press
from items import create, item


def test_three_quick_edits_each_followed_by_a_reload_or_a_link_are_all_kept(device_page: Page):
    page = device_page
    key = create(page, "Quick lamp", "L-1", 20)
    page.goto(f"/items/{key}")
    name, serial, value = page.locator("#name"), page.locator("#serialNumber"), page.locator("#valueInDollars")
    # Each edit is sent as the page is left, after the next page was fetched: that page shows it
    # a moment later, before the person types on.
    expect(name).to_have_value("Quick lamp")
    edits.type_then_reload(page, name, " one")
    expect(name).to_have_value("Quick lamp one")
    edits.type_at_end(serial, "-two")
    edits.through_the_list(page, "← All items", f"item-{key}", ".serial", "L-1-two")
    expect(name).to_have_value("Quick lamp one")
    expect(serial).to_have_value("L-1-two")
    press(value)
    value.fill("$3,000")
    page.reload()
    for field, shown in ((name, "Quick lamp one"), (serial, "L-1-two"), (value, "3000")):
        expect(field).to_have_value(shown)
    expect(page.get_by_role("heading", level=1)).to_have_text("Quick lamp one")
    stored = item(page, key)
    assert (stored["name"], stored["serialNumber"], stored["valueInDollars"]) == ("Quick lamp one", "L-1-two", 3000)


def test_a_delete_followed_at_once_by_a_reload_stays_deleted(device_page: Page):
    key = create(device_page, "Fleeting vase", value=15)
    edits.check_delete_then_reload_stays_deleted(device_page, f"item-{key}", f"/api/items/{key}")


@pytest.mark.parametrize("choice", edits.CHOICES)
def test_a_save_refused_with_412_offers_keep_mine_and_load_theirs(device_page: Page, choice):
    page = device_page
    key = create(page, "Contested rug", "R-1", 300)
    refusals = edits.cut_off_change_stream(page)
    # The page reads the item once (its version) as it opens; the change comes after that.
    with page.expect_response(lambda response: response.url.endswith(f"/api/items/{key}") and response.request.method == "GET"):
        page.goto(f"/items/{key}")
    edits.change_elsewhere(page, f"/api/items/{key}", name="Rug, renamed elsewhere", valueInDollars=450)
    edits.type_refused_then_choose(page, refusals, "#name", "#name-state", "Rug, renamed here", "Their name: “Rug, renamed elsewhere”.",
                                   "Not saved: this item was changed elsewhere.", choice)
    # Keep mine: my name on top of their value. Load theirs: all theirs.
    expect(page.locator("#valueInDollars")).to_have_value("450")
    assert item(page, key)["valueInDollars"] == 450
    kept = "Rug, renamed here" if choice == "Keep mine" else "Rug, renamed elsewhere"
    edits.expect_kept(page, "#name", kept, lambda: item(page, key)["name"])


def test_a_refused_detail_far_down_the_page_is_settled_next_to_it(device_page: Page):
    """Notes sit far below the top of the item's page (1,170 px on a phone): the 412 notice comes
    under the notes, not at the top of the page."""
    page = device_page
    key = create(page, "Contested lamp", "L-9", 30)
    refusals = edits.cut_off_change_stream(page)
    with page.expect_response(lambda response: response.url.endswith(f"/api/items/{key}") and response.request.method == "GET"):
        page.goto(f"/items/{key}")
    edits.change_elsewhere(page, f"/api/items/{key}", notes="Theirs: bulb changed")
    edits.type_refused_then_choose(page, refusals, "#notes", "#notes-state", "Mine: shade cleaned", "Their notes: “Theirs: bulb changed”.",
                                   "Not saved: this item was changed elsewhere.", "Keep mine")
    assert item(page, key)["notes"] == "Mine: shade cleaned"


def test_a_save_answered_after_the_change_stream_brought_it_back_is_no_conflict(device_page: Page):
    """The server stores labels deduplicated. When its answer to the PATCH comes late — after the
    change stream's event made the page read the item, normalised labels and all — the page takes
    that read for its own save, not for a change made elsewhere: no notice, and the next field
    typed is saved too."""
    page = device_page
    key = create(page, "Slow drill", "D-1", 90)
    sent, held = [], []

    def hold(route):
        if route.request.method != "PATCH":
            route.continue_()
            return
        sent.append(route.request)
        held.append((route, route.fetch()))  # stored by the server; its answer held back

    def read_after_the_save(response) -> bool:
        return bool(sent) and response.url.endswith(f"/api/items/{key}") and response.request.method == "GET"

    # The page reads the item once as it opens; the read that matters is the one the event brings.
    with page.expect_response(lambda response: response.url.endswith(f"/api/items/{key}") and response.request.method == "GET"):
        page.goto(f"/items/{key}")
    page.route(f"**/api/items/{key}", hold)
    with page.expect_response(read_after_the_save):
        page.locator("#labels").fill("tools, power ,tools")
    page.wait_for_timeout(500)  # the page applies that read (nothing to see when it is right)
    route, answer = held.pop()
    route.fulfill(response=answer)
    page.unroute(f"**/api/items/{key}", hold)
    expect(page.locator("#labels-state")).to_have_text("Saved")
    expect(page.locator("#conflict")).to_be_hidden()
    page.locator("#quantity").fill("2")
    expect(page.locator("#quantity-state")).to_have_text("Saved")
    stored = item(page, key)
    assert (stored["labels"], stored["quantity"]) == (["tools", "power"], 2)


def test_an_empty_name_is_refused_in_the_page_and_nothing_is_sent(device_page: Page):
    key = create(device_page, "Named clock", value=60)
    sent = edits.sent_changes(device_page)
    edits.check_blank_field_not_sent(device_page, f"/items/{key}", "#name", "#name-state",
                                     "Not saved: A name cannot be empty.", "Named clock")
    assert item(device_page, key)["name"] == "Named clock"
    edits.check_blank_add_refused(device_page, "Name", "A name cannot be empty.")
    assert sent == []
