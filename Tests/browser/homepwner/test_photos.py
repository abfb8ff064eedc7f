"""Several photos an item, in Chromium on a desktop and a 320 px touch phone, with and without
the script: photos chosen together are added in one go and shown each with its number; removing
the first makes the next the one the 2014 app shows; a file that is not a photo adds none and
says why beside the photos; photos added elsewhere show without a reload. Each run's items carry
a word of their own."""
import uuid

import pytest
from playwright.sync_api import expect

import images
from devices import DESKTOP_AND_320, DEVICES, fits, in_viewport, press, screen_page
from helpers import added


def photo(seed: int) -> bytes:
    """A small PNG of its own colours."""
    return images.png(48, 36, lambda x, y: ((seed * 70) % 256, x * 5, y * 7))


def choose(page, *files) -> None:
    """Chooses `files` ((name, bytes)) in the add form and sends it."""
    form = page.locator("#photos-form")
    form.get_by_label("Add photos").set_input_files([{"name": name, "mimeType": "image/png", "buffer": data} for name, data in files])
    press(form.get_by_role("button", name="Add photos", exact=True))


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_photos_chosen_together_are_added_and_removed_one_by_one(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "ph" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} piano"}, "itemKey")
    page.goto(f"/items/{key}")
    gallery = page.locator("#photos")
    expect(gallery.locator("#no-photos")).to_be_visible()

    choose(page, ("front.png", photo(1)), ("back.png", photo(2)), ("serial.png", photo(3)))
    expect(page).to_have_url(f"{server.url}/items/{key}#photos")
    tiles = gallery.locator(".photo-tile")
    expect(tiles).to_have_count(3)
    expect(gallery.get_by_role("heading", name="All photos (3)")).to_be_visible()
    expect(tiles.nth(0)).to_contain_text("1 · shown first")
    for index in range(3):
        expect(tiles.nth(index).get_by_role("img", name=f"Photo {index + 1} of {word} piano")).to_be_visible()
        page.wait_for_function("image => image.complete && image.naturalWidth > 0", arg=tiles.nth(index).locator("img").element_handle())
    # The first photo is the item's photo, shown large above them.
    expect(page.locator("#photo")).to_be_visible()
    assert page.request.get(f"/api/items/{key}/photo").body() == photo(1)
    assert in_viewport(page, gallery.get_by_role("heading", name="All photos (3)"))
    fits(page)

    # Removing the first makes the second the item's photo.
    press(tiles.nth(0).get_by_role("button", name="Remove photo 1"))
    expect(tiles).to_have_count(2)
    assert page.request.get(f"/api/items/{key}/photo").body() == photo(2)
    listed = page.request.get(f"/api/items/{key}/photos").json()["photos"]
    assert [entry["name"] for entry in listed] == [key, f"{key}.photo-3"]

    # A file that is not a photo adds none of those chosen with it, and says so beside them.
    form = page.locator("#photos-form")
    form.get_by_label("Add photos").set_input_files([
        {"name": "fine.png", "mimeType": "image/png", "buffer": photo(4)},
        {"name": "notes.png", "mimeType": "image/png", "buffer": b"not a photo at all"},
    ])
    press(form.get_by_role("button", name="Add photos", exact=True))
    error = page.locator("#photos-error")
    expect(error).to_contain_text("Photo 2 of 2:")
    expect(error).to_contain_text("no photo was added.")
    assert in_viewport(page, error)
    expect(tiles).to_have_count(2)
    fits(page)
    page.context.close()


@pytest.mark.parametrize("screen", list(DESKTOP_AND_320))
def test_photos_added_and_removed_elsewhere_show_without_a_reload(browser, server, screen):
    page = screen_page(browser, server.url, screen)
    word = "pe" + uuid.uuid4().hex[:8]
    page.goto("/")
    key = added(page, "/api/items", {"name": f"{word} bike"}, "itemKey")
    page.goto(f"/items/{key}")
    tiles = page.locator("#photos .photo-tile")
    expect(tiles).to_have_count(0)
    response = page.request.post(f"/api/items/{key}/photos", headers={"Content-Type": "image/png"}, data=photo(5))
    assert response.status == 201, response.text()
    expect(tiles).to_have_count(1)
    response = page.request.post(f"/api/items/{key}/photos", headers={"Content-Type": "image/png"}, data=photo(6))
    assert response.status == 201, response.text()
    expect(tiles).to_have_count(2)
    # The first photo's panel follows too.
    expect(page.locator("#photo")).to_be_visible()
    version = response.json()["photos"][1]["version"]
    removed = page.request.delete(f"/api/items/{key}/photos/2", headers={"If-Match": f'"{version}"'})
    assert removed.status == 200, removed.text()
    expect(tiles).to_have_count(1)
    page.context.close()


def test_photos_work_without_the_script(browser, server):
    context = browser.new_context(base_url=server.url, java_script_enabled=False, **DEVICES["desktop"])
    page = context.new_page()
    word = "pn" + uuid.uuid4().hex[:8]
    page.goto("/")
    response = page.request.post("/api/items", data={"name": f"{word} lamp"})
    assert response.status == 201, response.text()
    key = response.json()["itemKey"]
    page.goto(f"/items/{key}")
    form = page.locator("#photos-form")
    form.get_by_label("Add photos").set_input_files([
        {"name": "a.png", "mimeType": "image/png", "buffer": photo(7)},
        {"name": "b.png", "mimeType": "image/png", "buffer": photo(8)},
    ])
    form.get_by_role("button", name="Add photos", exact=True).click()
    tiles = page.locator("#photos .photo-tile")
    expect(tiles).to_have_count(2)
    tiles.nth(1).get_by_role("button", name="Remove photo 2").click()
    expect(tiles).to_have_count(1)
    assert page.request.get(f"/api/items/{key}/photo").body() == photo(7)
    context.close()
