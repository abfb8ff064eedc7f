"""Every flow of the pages in real Chromium against the real server: add, rename, rate by mouse
and keyboard, photos by picker and by drop, reload and restart, the CLI followed live, delete
and undo, delete for good, import, and the messages of a failed upload."""
import base64
import re

from playwright.sync_api import Page, expect

import images
from creatures import create, creature
from helpers import drop_file, natural_width, wait_for_api


def test_add_then_rename_and_rate_by_mouse_and_keyboard(page: Page):
    page.goto("/")
    page.get_by_label("Title of the new creature").fill("Lil Terror")
    page.get_by_role("button", name="Add").click()
    expect(page).to_have_url(re.compile(r"/creatures/\d+$"))
    creature_id = int(page.url.rsplit("/", 1)[1])
    title = page.locator("#title")
    expect(title).to_have_value("Lil Terror")

    title.fill("Lil Terror the Second")
    expect(page.locator("#save-state")).to_have_text("Saved")
    assert creature(page, creature_id)["title"] == "Lil Terror the Second"

    slider = page.get_by_role("slider", name="Rating")
    box = slider.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.65, box["y"] + box["height"] / 2)
    expect(slider).to_have_attribute("aria-valuenow", "3.5")
    expect(slider).to_have_attribute("aria-valuetext", "3.5 stars out of 5")
    expect(page.locator("#rating-state")).to_have_text("Saved")
    assert creature(page, creature_id)["rating"] == 3.5

    slider.focus()
    page.keyboard.press("End")
    expect(slider).to_have_attribute("aria-valuenow", "5")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(slider).to_have_attribute("aria-valuenow", "3.5")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    expect(slider).to_have_attribute("aria-valuenow", "1.5")
    expect(page.locator("#rating-state")).to_have_text("Saved")
    wait_for_api(page, f"/api/creatures/{creature_id}", lambda r: r.json()["rating"] == 1.5)

    page.reload()
    expect(page.locator("#title")).to_have_value("Lil Terror the Second")
    expect(page.get_by_role("slider", name="Rating")).to_have_attribute("aria-valuenow", "1.5")


def test_photo_by_picker_and_by_drop_shows_in_the_list(page: Page):
    picked = create(page, "Picked Ghost")
    dropped = create(page, "Dropped Ghost")

    page.goto(f"/creatures/{picked}")
    page.set_input_files("#photo-file", files=[{"name": "ghost.png", "mimeType": "image/png", "buffer": images.creature()}])
    expect(page.locator("#photo-message")).to_have_text("Photo saved.")
    expect(page.locator("#remove-photo-form")).to_be_visible()

    page.goto(f"/creatures/{dropped}")
    drop_file(page, "#photo-drop", "drop.png", "image/png", images.creature(body=(40, 140, 90)))
    expect(page.locator("#photo-message")).to_have_text("Photo saved.")

    page.goto("/")
    for creature_id in (picked, dropped):
        thumb = page.locator(f"#creature-{creature_id} img.thumb")
        expect(thumb).to_be_visible()
        page.wait_for_function(f"() => document.querySelector('#creature-{creature_id} img.thumb').naturalWidth === 88")
        assert natural_width(page, f"#creature-{creature_id} img.thumb") == 88


def test_failed_uploads_say_why_in_words(page: Page):
    creature_id = create(page, "Picky Ghost")
    page.goto(f"/creatures/{creature_id}")
    message = page.locator("#photo-message")

    page.set_input_files("#photo-file", files=[{"name": "IMG_0001.HEIC", "mimeType": "image/heic", "buffer": b"\0\0\0\x18ftypheic" + b"\0" * 64}])
    expect(message).to_have_text("That file is a HEIC photo; please use JPEG or PNG.")

    page.set_input_files("#photo-file", files=[{"name": "huge.jpg", "mimeType": "image/jpeg", "buffer": b"\xff\xd8\xff" + b"\0" * 25_000_000}])
    expect(message).to_have_text("This photo is larger than 25 MB.")

    page.set_input_files("#photo-file", files=[{"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"these are my notes, not a photo"}])
    expect(message).to_have_text("This file is not a JPEG or PNG photo.")
    expect(page.locator("#photo")).to_be_hidden()
    assert not creature(page, creature_id)["hasPhoto"]


def test_reload_and_restart_keep_everything(page: Page, server):
    creature_id = create(page, "Durable Ghost", 4.5)
    page.goto(f"/creatures/{creature_id}")
    page.set_input_files("#photo-file", files=[{"name": "ghost.png", "mimeType": "image/png", "buffer": images.creature(body=(200, 60, 60))}])
    expect(page.locator("#photo-message")).to_have_text("Photo saved.")

    server.restart()
    page.reload()
    expect(page.locator("#title")).to_have_value("Durable Ghost")
    expect(page.get_by_role("slider", name="Rating")).to_have_attribute("aria-valuenow", "4.5")
    page.wait_for_function("() => document.querySelector('#photo').naturalWidth === 240")
    page.goto("/")
    expect(page.locator(f"#creature-{creature_id} .row-title")).to_have_text("Durable Ghost")
    expect(page.locator(f"#creature-{creature_id} img.thumb")).to_be_visible()


def test_the_open_pages_follow_the_cli_without_losing_typing(page: Page, server):
    creature_id = create(page, "Watched Ghost", 1)
    page.goto(f"/creatures/{creature_id}")
    expect(page.locator("#live-status")).to_have_text("")
    list_page = page.context.new_page()
    list_page.goto("/")
    expect(list_page.locator(f"#creature-{creature_id} .row-title")).to_have_text("Watched Ghost")

    server.cli("rename", str(creature_id), "Renamed by the CLI")
    server.cli("rate", str(creature_id), "2.5")
    expect(page.locator("#title")).to_have_value("Renamed by the CLI")
    expect(page.get_by_role("slider", name="Rating")).to_have_attribute("aria-valuenow", "2.5")
    expect(list_page.locator(f"#creature-{creature_id} .row-title")).to_have_text("Renamed by the CLI")
    expect(list_page.locator(f"#creature-{creature_id} .stars")).to_have_attribute("aria-label", "2.5 stars out of 5")

    # What the person is typing stays while a change made elsewhere arrives.
    title = page.locator("#title")
    title.click()
    title.press("End")
    title.press_sequentially(" and me", delay=10)
    server.cli("rate", str(creature_id), "4")
    expect(page.get_by_role("slider", name="Rating")).to_have_attribute("aria-valuenow", "4")
    expect(title).to_have_value("Renamed by the CLI and me")
    expect(page.locator("#save-state")).to_have_text("Saved")
    assert creature(page, creature_id)["title"] == "Renamed by the CLI and me"

    server.cli("set-image", str(creature_id), str(_photo_file(server)))
    page.wait_for_function("() => !document.querySelector('#photo').hidden && document.querySelector('#photo').naturalWidth === 240")
    expect(list_page.locator(f"#creature-{creature_id} img.thumb")).to_be_visible()
    list_page.close()


def _photo_file(server):
    path = server.data.parent / "cli-photo.png"
    path.write_bytes(images.creature(body=(30, 90, 200)))
    return path


def test_a_lost_connection_is_shown_and_recovered(page: Page, server):
    creature_id = create(page, "Patient Ghost")
    page.goto(f"/creatures/{creature_id}")
    status = page.locator("#live-status")
    expect(status).to_have_text("")
    server.stop()
    expect(status).to_have_text("Connection lost — reconnecting…")
    server.start()
    expect(status).to_have_text("", timeout=15_000)
    server.cli("rename", str(creature_id), "Reconnected Ghost")
    expect(page.locator("#title")).to_have_value("Reconnected Ghost")


def test_delete_then_undo_restores_it_and_delete_for_good(page: Page):
    creature_id = create(page, "Undoable Ghost", 3)
    page.request.put(f"/api/creatures/{creature_id}/photo", headers={"Content-Type": "image/png"}, data=images.creature())
    page.goto("/")
    row = page.locator(f"#creature-{creature_id}")
    row.get_by_role("button", name="Delete Undoable Ghost").click()
    expect(row).to_be_hidden()
    toast = page.locator(".toast")
    expect(toast).to_contain_text("Deleted “Undoable Ghost”")
    toast.get_by_role("button", name="Undo").click()
    expect(row).to_be_visible()
    page.wait_for_timeout(11_000)  # past the 10-second undo window: nothing may be deleted
    kept = creature(page, creature_id)
    assert (kept["title"], kept["rating"], kept["hasPhoto"]) == ("Undoable Ghost", 3, True)

    row.get_by_role("button", name="Delete Undoable Ghost").click()
    expect(row).to_be_hidden()
    # The toast holds the focus, so its time stands still; Escape closes the undo window now.
    expect(page.locator(".toast").get_by_role("button", name="Undo")).to_be_focused()
    # The list is reloaded once the delete is acknowledged (a GET may answer 404 a moment
    # before: the bundle is gone from the disk before the answer is sent).
    with page.expect_response(lambda r: r.request.method == "DELETE" and r.url.endswith(f"/api/creatures/{creature_id}")) as deleted:
        page.keyboard.press("Escape")
    assert deleted.value.status == 204
    expect(page.locator(".toast")).to_have_count(0)
    wait_for_api(page, f"/api/creatures/{creature_id}", lambda r: r.status == 404)
    page.reload()
    expect(page.locator(f"#creature-{creature_id}")).to_have_count(0)


def test_filter_as_you_type_and_sort(page: Page):
    create(page, "Zzyzx Bat", 1)
    create(page, "Zzyzx Wolf", 5)
    page.goto("/")
    page.get_by_label("Filter by title").fill("zzyzx")
    expect(page.locator(".creature-row")).to_have_count(2)
    expect(page).to_have_url(re.compile(r"\?q=zzyzx"))
    page.get_by_label("Sort by").select_option("rating-desc")
    expect(page.locator(".creature-row .row-title").first).to_have_text("Zzyzx Wolf")
    page.get_by_label("Sort by").select_option("title")
    expect(page.locator(".creature-row .row-title").first).to_have_text("Zzyzx Bat")
    page.get_by_label("Filter by title").fill("no such creature here")
    expect(page.locator(".empty")).to_contain_text("No creature’s title contains")


def test_import_by_picking_lists_what_came_in(page: Page):
    creature_id = create(page, "Exported Ghost", 2)
    zip_bytes = page.request.get(f"/api/creatures/{creature_id}/export").body()
    page.goto("/")
    page.set_input_files("#import-files", files=[
        {"name": "ghost.scarycreature.zip", "mimeType": "application/zip", "buffer": zip_bytes},
        {"name": "notes.zip", "mimeType": "application/zip", "buffer": b"not a zip"},
    ])
    result = page.locator("#import-result")
    expect(result).to_contain_text("Imported 1, skipped 1.")
    expect(result).to_contain_text("“Exported Ghost” from ghost.scarycreature.zip")
    expect(result).to_contain_text("notes.zip: This file is not a zip file; choose a .zip that Export made.")


def test_import_by_dropping_several_zips(page: Page):
    first = create(page, "Dropped Export One", 1.5)
    second = create(page, "Dropped Export Two", 5)
    zips = [page.request.get(f"/api/creatures/{creature_id}/export").body() for creature_id in (first, second)]
    page.goto("/")
    page.evaluate(
        """([one, two]) => {
            const file = (b64, name) => new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type: 'application/zip' });
            const transfer = new DataTransfer();
            transfer.items.add(file(one, 'one.scarycreature.zip'));
            transfer.items.add(file(two, 'two.scarycreature.zip'));
            const target = document.querySelector('#import-form');
            for (const type of ['dragenter', 'dragover', 'drop']) {
                target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
            }
        }""",
        [base64.b64encode(data).decode() for data in zips],
    )
    result = page.locator("#import-result")
    expect(result).to_contain_text("Imported 2, skipped 0.")
    expect(result).to_contain_text("“Dropped Export One” from one.scarycreature.zip")
    expect(result).to_contain_text("“Dropped Export Two” from two.scarycreature.zip")
    page.get_by_label("Filter by title").fill("Dropped Export Two")
    expect(page.locator(".creature-row")).to_have_count(2)


def test_rate_by_touch(browser, server):
    context = browser.new_context(base_url=server.url, has_touch=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    creature_id = create(page, "Touched Ghost")
    page.goto(f"/creatures/{creature_id}")
    slider = page.get_by_role("slider", name="Rating")
    box = slider.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] * 0.35, box["y"] + box["height"] / 2)
    expect(slider).to_have_attribute("aria-valuenow", "2")
    expect(page.locator("#rating-state")).to_have_text("Saved")
    assert creature(page, creature_id)["rating"] == 2
    context.close()


def test_saving_says_when_the_network_is_gone_and_retries(page: Page):
    creature_id = create(page, "Offline Ghost")
    page.goto(f"/creatures/{creature_id}")
    expect(page.locator("#live-status")).to_have_text("")
    page.context.set_offline(True)
    page.locator("#title").fill("Typed While Offline")
    expect(page.locator("#save-state")).to_have_text("Not saved yet: the server cannot be reached. Trying again…")
    page.context.set_offline(False)
    expect(page.locator("#save-state")).to_have_text("Saved", timeout=10_000)
    assert creature(page, creature_id)["title"] == "Typed While Offline"


def test_an_edit_made_elsewhere_while_typing_is_a_conflict_the_person_settles(page: Page):
    creature_id = create(page, "Contested Ghost")
    page.goto(f"/creatures/{creature_id}")
    expect(page.locator("#live-status")).to_have_text("")
    page.locator("#title").fill("My Title")
    response = page.request.patch(f"/api/creatures/{creature_id}", data={"title": "Their Title"})
    assert response.ok, response.text()
    conflict = page.locator("#conflict")
    expect(conflict).to_be_visible()
    expect(page.locator("#title")).to_have_value("My Title")
    assert creature(page, creature_id)["title"] == "Their Title"
    conflict.get_by_role("button", name="Load theirs").click()
    expect(page.locator("#title")).to_have_value("Their Title")
    expect(conflict).to_be_hidden()
