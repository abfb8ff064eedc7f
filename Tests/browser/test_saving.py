"""Edits on the detail page are never lost or refused unseen, on a desktop and on a phone: an edit
followed at once by a reload or a link is kept and shown (a delete on the list too), a save
refused with 412 asks the person (Keep mine / Load theirs), an empty title is refused in the page
before anything is sent, and the rating reaches zero stars by click or tap."""
import pytest
from playwright.sync_api import Page, expect

from devices import press
from helpers import create, creature


def test_three_quick_edits_each_followed_by_a_reload_or_a_link_are_all_kept(device_page: Page):
    page = device_page
    creature_id = create(page, "Quick Ghost")
    page.goto(f"/creatures/{creature_id}")
    title = page.locator("#title")

    def type_on(word):
        press(title)
        title.press("End")
        title.press_sequentially(f" {word}")

    # Each edit is sent as the page is left, after the next page was fetched: that page shows it
    # a moment later, before the person types on.
    expect(title).to_have_value("Quick Ghost")
    type_on("one")
    page.reload()
    expect(title).to_have_value("Quick Ghost one")
    type_on("two")
    press(page.get_by_role("link", name="← All creatures"))
    expect(page.locator(f"#creature-{creature_id} .row-title")).to_have_text("Quick Ghost one two")
    press(page.locator(f"#creature-{creature_id} .row-link"))
    expect(title).to_have_value("Quick Ghost one two")
    type_on("three")
    page.reload()
    expect(title).to_have_value("Quick Ghost one two three")
    expect(page).to_have_title("Quick Ghost one two three — Scary Creatures")
    assert creature(page, creature_id)["title"] == "Quick Ghost one two three"


def test_a_delete_followed_at_once_by_a_reload_stays_deleted(device_page: Page):
    page = device_page
    creature_id = create(page, "Fleeting Ghost")
    page.goto("/")
    row = page.locator(f"#creature-{creature_id}")
    press(row.get_by_role("button", name="Delete"))
    expect(row).to_be_hidden()
    # The delete is sent as the page is left, after the next page was fetched: that page catches up.
    page.reload()
    expect(row).to_have_count(0)
    assert page.request.get(f"/api/creatures/{creature_id}").status == 404


@pytest.mark.parametrize("choice", ["Keep mine", "Load theirs"])
def test_a_save_refused_with_412_offers_keep_mine_and_load_theirs(device_page: Page, choice):
    page = device_page
    creature_id = create(page, "Contested Ghost", 2)
    # No change stream: the page cannot know of the change below before it saves.
    page.route("**/api/events", lambda route: route.abort())
    refusals = []
    page.on("response", lambda response: refusals.append(response.url) if response.request.method == "PATCH" and response.status == 412 else None)
    page.goto(f"/creatures/{creature_id}")
    version = creature(page, creature_id)["version"]
    theirs = page.request.patch(f"/api/creatures/{creature_id}", headers={"If-Match": f'"{version}"'}, data={"title": "Their Title", "rating": 4})
    assert theirs.ok, theirs.text()

    page.locator("#title").fill("My Title")
    notice = page.locator("#conflict")
    expect(notice).to_be_visible()
    assert refusals, "the save was not refused with 412"
    expect(notice).to_contain_text("Their title: “Their Title”.")
    expect(page.locator("#save-state")).to_have_text("Not saved: this creature was changed elsewhere.")
    expect(page.locator("#title")).to_have_value("My Title")

    press(notice.get_by_role("button", name=choice))
    expect(notice).to_be_hidden()
    if choice == "Keep mine":
        # Mine on top of theirs: my title, their rating.
        expect(page.locator("#save-state")).to_have_text("Saved")
        expect(page.locator("#title")).to_have_value("My Title")
        stored = creature(page, creature_id)
        assert (stored["title"], stored["rating"]) == ("My Title", 4)
    else:
        expect(page.locator("#save-state")).to_have_text("Loaded the version saved elsewhere.")
        expect(page.locator("#title")).to_have_value("Their Title")
        stored = creature(page, creature_id)
        assert (stored["title"], stored["rating"]) == ("Their Title", 4)
    expect(page.get_by_role("slider", name="Rating")).to_have_attribute("aria-valuenow", "4")
    # Nothing of mine is sent later behind the person's back.
    page.reload()
    expect(page.locator("#title")).to_have_value(stored["title"])
    assert creature(page, creature_id)["title"] == stored["title"]


def test_an_empty_title_is_refused_in_the_page_and_nothing_is_sent(device_page: Page):
    page = device_page
    creature_id = create(page, "Named Ghost")
    sent = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}") if request.method in ("PATCH", "POST") else None)

    page.goto(f"/creatures/{creature_id}")
    title = page.locator("#title")
    title.fill("   ")
    expect(page.locator("#save-state")).to_have_text("Not saved: A title cannot be empty.")
    expect(title).to_have_attribute("aria-invalid", "true")
    page.reload()  # leaving the page sends nothing either
    expect(title).to_have_value("Named Ghost")
    assert sent == []
    assert creature(page, creature_id)["title"] == "Named Ghost"

    count = len(page.request.get("/api/creatures").json()["creatures"])
    page.goto("/")
    page.get_by_label("Title of the new creature").fill("  ")
    press(page.get_by_role("button", name="Add", exact=True))
    message = page.locator("#new-title-problem")
    expect(message).to_have_text("A title cannot be empty.")
    expect(message).to_be_visible()
    expect(page.get_by_label("Title of the new creature")).to_be_focused()
    expect(page.get_by_label("Title of the new creature")).to_have_attribute("aria-invalid", "true")
    assert page.url.endswith("/")
    assert sent == []
    assert len(page.request.get("/api/creatures").json()["creatures"]) == count


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
    # The keyboard works as before: End, then Home back to zero.
    slider.focus()
    page.keyboard.press("End")
    expect(slider).to_have_attribute("aria-valuenow", "5")
    page.keyboard.press("Home")
    expect(slider).to_have_attribute("aria-valuenow", "0")
