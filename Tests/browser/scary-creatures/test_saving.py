"""Edits on the detail page are never lost or refused unseen, on a desktop and on a phone: an edit
followed at once by a reload or a link is kept and shown (a delete on the list too), a save
refused with 412 asks the person (Keep mine / Load theirs), an empty title is refused in the page
before anything is sent, and the rating reaches zero stars by click or tap. (The checks shared
with Homepwner are edits.py's.)"""
import pytest
from playwright.sync_api import Page, expect

import edits
from devices import press
from creatures import create, creature


def test_three_quick_edits_each_followed_by_a_reload_or_a_link_are_all_kept(device_page: Page):
    page = device_page
    creature_id = create(page, "Quick Ghost")
    page.goto(f"/creatures/{creature_id}")
    title = page.locator("#title")
    # Each edit is sent as the page is left, after the next page was fetched: that page shows it
    # a moment later, before the person types on.
    expect(title).to_have_value("Quick Ghost")
    edits.type_then_reload(page, title, " one")
    expect(title).to_have_value("Quick Ghost one")
    edits.type_at_end(title, " two")
    edits.through_the_list(page, "← All creatures", f"creature-{creature_id}", ".row-title", "Quick Ghost one two")
    expect(title).to_have_value("Quick Ghost one two")
    edits.type_then_reload(page, title, " three")
    expect(title).to_have_value("Quick Ghost one two three")
    expect(page).to_have_title("Quick Ghost one two three — Scary Creatures")
    assert creature(page, creature_id)["title"] == "Quick Ghost one two three"


def test_a_delete_followed_at_once_by_a_reload_stays_deleted(device_page: Page):
    creature_id = create(device_page, "Fleeting Ghost")
    edits.check_delete_then_reload_stays_deleted(device_page, f"creature-{creature_id}", f"/api/creatures/{creature_id}")


@pytest.mark.parametrize("choice", edits.CHOICES)
def test_a_save_refused_with_412_offers_keep_mine_and_load_theirs(device_page: Page, choice):
    page = device_page
    creature_id = create(page, "Contested Ghost", 2)
    refusals = edits.cut_off_change_stream(page)
    page.goto(f"/creatures/{creature_id}")
    edits.change_elsewhere(page, f"/api/creatures/{creature_id}", title="Their Title", rating=4)
    edits.type_refused_then_choose(page, refusals, "#title", "#save-state", "My Title", "Their title: “Their Title”.",
                                   "Not saved: this creature was changed elsewhere.", choice)
    # Keep mine: my title on top of their rating. Load theirs: all theirs.
    expect(page.get_by_role("slider", name="Rating")).to_have_attribute("aria-valuenow", "4")
    assert creature(page, creature_id)["rating"] == 4
    kept = "My Title" if choice == "Keep mine" else "Their Title"
    edits.expect_kept(page, "#title", kept, lambda: creature(page, creature_id)["title"])


def test_an_empty_title_is_refused_in_the_page_and_nothing_is_sent(device_page: Page):
    creature_id = create(device_page, "Named Ghost")
    sent = edits.sent_changes(device_page)
    edits.check_blank_field_not_sent(device_page, f"/creatures/{creature_id}", "#title", "#save-state",
                                     "Not saved: A title cannot be empty.", "Named Ghost")
    assert creature(device_page, creature_id)["title"] == "Named Ghost"
    edits.check_blank_add_refused(device_page, "Title of the new creature", "A title cannot be empty.")
    assert sent == []


def test_zero_stars_by_click_or_tap(device_page: Page):
    page = device_page
    creature_id = create(page, "Overrated Ghost", 3)
    page.goto(f"/creatures/{creature_id}")
    slider = page.get_by_role("slider", name="Rating")
    expect(slider).to_have_attribute("aria-valuenow", "3")
    press(page.get_by_role("button", name="No stars"))
    expect(slider).to_have_attribute("aria-valuenow", "0")
    expect(slider).to_have_attribute("aria-valuetext", "0 stars out of 5")
    expect(page.locator("#rating-state")).to_have_text("Saved")
    assert creature(page, creature_id)["rating"] == 0
    # (The keyboard works as before: test_add_then_rename_and_rate_by_mouse_and_keyboard.)
